//! `snakes backup`: a consistent copy of a server's SQLite database, while the server runs.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::user_error;
use crate::words::say;

/// Arguments of `snakes backup`.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  snakes backup --db snakes.db backup.db          a copy, while the server runs\n  snakes backup --db /var/lib/snakes/snakes.db /var/backups/snakes-2026-12-01.db\n\nThe copy is an ordinary database: to restore it, stop the server and put it in place of the\nold one (docs/deploy.md)."
)]
pub struct Args {
    /// The server's SQLite file.
    #[arg(long, default_value = "snakes.db")]
    db: PathBuf,
    /// The copy to write; it must not exist yet (it is created readable by its owner only).
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

/// Copies the database into the new file.
///
/// # Errors
/// A database that cannot be read or a file that exists or cannot be written (user errors).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if snakes_server::is_postgres(&args.db) {
        return Err(user_error(say!("backup-postgres")));
    }
    snakes_server::backup(&args.db, &args.file).map_err(|e| user_error(e.to_string()))?;
    let size = std::fs::metadata(&args.file).map_or(0, |m| m.len());
    println!(
        "{}",
        say!(
            "backup-done",
            db = args.db.display().to_string(),
            file = args.file.display().to_string(),
            bytes = size
        )
    );
    Ok(ExitCode::SUCCESS)
}
