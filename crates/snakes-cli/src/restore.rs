//! `snakes restore`: a copy of a server's SQLite database put back in its place, the server
//! stopped.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::user_error;
use crate::words::say;

/// Arguments of `snakes restore`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  sudo systemctl stop snakes
  snakes restore --db /var/lib/snakes/snakes.db /var/lib/snakes/backups/snakes-2026-12-01.db
  sudo systemctl start snakes

The copy is checked first (whole, and a server's); the database of before is moved aside with its
-wal and -shm files (snakes.db.before-restore-SECS), never replayed onto the copy.")]
pub struct Args {
    /// The server's SQLite file, replaced by the copy.
    #[arg(long, default_value = "snakes.db")]
    db: PathBuf,
    /// The copy to put back (made by `snakes backup`).
    #[arg(value_name = "COPY")]
    copy: PathBuf,
}

/// Puts the copy in place of the database.
///
/// # Errors
/// A server using the database, a copy that is missing, damaged or not a server's, a file that
/// cannot be written (user errors).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if snakes_server::is_postgres(&args.db) {
        return Err(user_error(say!("restore-postgres")));
    }
    let restored =
        snakes_server::restore(&args.copy, &args.db).map_err(|e| user_error(e.to_string()))?;
    let (copy, db) = (
        args.copy.display().to_string(),
        args.db.display().to_string(),
    );
    let line = match restored.kept {
        Some(kept) => say!(
            "restore-done",
            copy = copy,
            db = db,
            tables = restored.tables,
            kept = kept.display().to_string()
        ),
        None => say!(
            "restore-new",
            copy = copy,
            db = db,
            tables = restored.tables
        ),
    };
    println!("{line}");
    Ok(ExitCode::SUCCESS)
}
