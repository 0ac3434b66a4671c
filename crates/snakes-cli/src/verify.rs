//! `snakes verify`: checks a finished game from its record, replaying every event.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use snakes_table::protocol::RECORD_FORMAT;
use snakes_table::verify::{Unreadable, read, verify};
use snakes_text::MessageArg;

use crate::user_error;
use crate::words::say;

/// Arguments of `snakes verify`.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  curl -s http://127.0.0.1:8080/api/tables/1/record > table1.json\n  snakes verify table1.json\n  curl -s http://127.0.0.1:8080/api/tables/1/record | snakes verify -"
)]
pub struct Args {
    /// The game's record, as `GET /api/tables/{id}/record` gives it (the board page's "Verify
    /// the dice" link); `-` reads standard input.
    record: PathBuf,
    /// Print the outcome as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `snakes verify`: exit 0 when the record is the game the rules and the dice from its
/// key make, 1 naming the first difference, 2 for a file that is not a record (of a format
/// this version reads).
///
/// # Errors
/// A file that cannot be read or is not a game record (a user error).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = crate::input::read_text(Some(&args.record))?;
    let file = args.record.display().to_string();
    let record = read(&text).map_err(|e| {
        user_error(match e {
            Unreadable::NotARecord(detail) => {
                say!("verify-not-a-record", file = file.as_str(), detail = detail)
            }
            Unreadable::Format(format) => say!(
                "verify-unknown-format",
                file = file.as_str(),
                format = format,
                known = RECORD_FORMAT
            ),
        })
    })?;
    let outcome = verify(&record, crate::words::shared());
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = match &outcome {
            Ok(v) => serde_json::json!({
                "table": record.table, "verified": true, "events": v.events, "rolls": v.rolls,
                "commitment": v.commitment, "game_commitment": v.game_commitment, "end": v.end,
            }),
            Err(e) => {
                let mut json = serde_json::json!({"table": record.table, "verified": false});
                if let (Some(json), Ok(serde_json::Value::Object(problem))) =
                    (json.as_object_mut(), serde_json::to_value(&e.problem))
                {
                    json.extend(problem);
                    json.insert("message".into(), e.message.clone().into());
                }
                json
            }
        };
        writeln!(out, "{json}")?;
    }
    match outcome {
        Ok(v) => {
            if !args.json {
                let line = say!(
                    "verify-ok",
                    table = record.table,
                    outcome = v.outcome,
                    events = MessageArg::count(v.events as u64),
                    rolls = MessageArg::count(v.rolls as u64),
                    commitment = v.commitment,
                    game = v.game_commitment.as_deref().unwrap_or("none")
                );
                writeln!(out, "{line}")?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            if !args.json {
                let line = say!("verify-failed", table = record.table, problem = e.message);
                let _ = writeln!(std::io::stderr(), "{line}");
            }
            Ok(ExitCode::from(1))
        }
    }
}
