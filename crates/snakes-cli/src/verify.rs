//! `snakes verify`: checks a finished game's dice from its record.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use snakes_server::protocol::GameRecord;
use snakes_server::verify::VerifyError;

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

/// Runs `snakes verify`: exit 0 when every roll is the dice's, 1 naming the first problem, 2
/// for a file that is not a record.
///
/// # Errors
/// A file that cannot be read or is not a game record (a user error).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = crate::input::read_text(Some(&args.record))?;
    let record: GameRecord = serde_json::from_str(&text).map_err(|e| {
        user_error(say!(
            "verify-not-a-record",
            file = args.record.display().to_string(),
            detail = e.to_string()
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
                let line = say!(
                    "verify-ok",
                    table = record.table,
                    rolls = v.rolls,
                    commitment = v.commitment
                );
                writeln!(out, "{line}")?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            if !args.json {
                let line = say!("verify-failed", table = record.table, problem = problem(&e));
                let _ = writeln!(std::io::stderr(), "{line}");
            }
            Ok(ExitCode::from(1))
        }
    }
}

/// What is wrong with a record, in words (the JSON's `problem` keeps the English of
/// [`VerifyError`]'s `Display`, for programs).
fn problem(e: &VerifyError) -> String {
    match e {
        VerifyError::NotCommitted { table, algorithm } => say!(
            "verify-not-committed",
            table = *table,
            algorithm = algorithm.as_str()
        ),
        VerifyError::NotOver { table } => say!("verify-not-over", table = *table),
        VerifyError::BadKey { key } => say!("verify-bad-key", key = format!("{key:?}")),
        VerifyError::KeyMismatch { hashed, commitment } => say!(
            "verify-key-mismatch",
            hashed = hashed.as_str(),
            commitment = commitment.as_str()
        ),
        VerifyError::CommitmentChanged { announced, record } => say!(
            "verify-commitment-changed",
            announced = announced.as_str(),
            record = record.as_str()
        ),
        VerifyError::Setup { what, message } => {
            say!("verify-setup", what = *what, detail = message.as_str())
        }
        VerifyError::NotStarted => say!("verify-not-started"),
        VerifyError::FirstPlayer { drawn, logged } => {
            say!("verify-first-player", drawn = *drawn, logged = *logged)
        }
        VerifyError::Roll {
            number,
            seq,
            player,
            logged,
            dice,
        } => say!(
            "verify-roll",
            number = *number,
            seq = *seq,
            player = *player,
            logged = *logged,
            dice = *dice
        ),
        VerifyError::Move {
            seq,
            number,
            logged,
            expected,
        } => say!(
            "verify-move",
            seq = *seq,
            number = *number,
            logged = format!("{logged:?}"),
            expected = format!("{expected:?}")
        ),
    }
}
