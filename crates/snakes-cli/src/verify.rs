//! `snakes verify`: checks a finished game's dice from its record.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use snakes_server::protocol::GameRecord;

use crate::user_error;

/// Arguments of `snakes verify`.
#[derive(clap::Args)]
pub struct Args {
    /// The game's record, as `GET /api/tables/{id}/record` gives it (the board page's "Verify
    /// the dice" link); `-` reads standard input.
    record: PathBuf,
    /// Print the outcome as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `snakes verify`: exit 0 when every roll is the dice's, 1 naming the first problem, 2
/// for a file that is not a record.
///
/// # Errors
/// A file that cannot be read or is not a game record (a user error).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = crate::input::read_text(Some(&args.record))?;
    let record: GameRecord = serde_json::from_str(&text).map_err(|e| {
        user_error(format!(
            "{} is not a game record (GET /api/tables/ID/record): {e}",
            args.record.display()
        ))
    })?;
    let outcome = snakes_server::verify::verify(&record);
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = match &outcome {
            Ok(v) => serde_json::json!({
                "table": record.table, "verified": true, "rolls": v.rolls,
                "commitment": v.commitment,
            }),
            Err(e) => serde_json::json!({
                "table": record.table, "verified": false, "problem": e.to_string(),
            }),
        };
        writeln!(out, "{json}")?;
    }
    match outcome {
        Ok(v) => {
            if !args.json {
                writeln!(
                    out,
                    "Table {}: verified. All {} rolls, and who went first, come from the revealed key, whose SHA-256 is the commitment announced before the first roll ({}).",
                    record.table, v.rolls, v.commitment
                )?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            if !args.json {
                let _ = writeln!(
                    std::io::stderr(),
                    "snakes verify: table {}: {e}",
                    record.table
                );
            }
            Ok(ExitCode::from(1))
        }
    }
}
