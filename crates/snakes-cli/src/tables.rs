//! `snakes tables`: the operator's look at a server's stored tables, and the two ways out of a
//! quarantine (a table whose log cannot be rebuilt: no server serves it until then).

use std::path::PathBuf;
use std::process::ExitCode;

use snakes_server::TableStatus;
use snakes_server::tables::{self, Rebuilds, TablesError};

use crate::columns;
use crate::user_error;
use crate::words::say;

/// Arguments of `snakes tables`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  snakes tables list                       the tables waiting, playing or quarantined
  snakes tables list --status quarantined  the tables no server serves until they are mended
  snakes tables show 12                    why table 12 is quarantined, and what rebuilds
  snakes tables repair 12 --dry-run        what repairing it would keep and drop
  snakes tables repair 12                  its log cut back to what rebuilds: played again
  snakes tables close 12                   ended instead, gone from the lobby

Each works beside running servers (SQLite or PostgreSQL, the same --db as `snakes serve`), and
changes a table only while it is quarantined (docs/serve.md, \"A table that cannot be
rebuilt\").")]
pub struct Args {
    #[command(subcommand)]
    command: Tables,
}

#[derive(clap::Subcommand)]
enum Tables {
    /// The stored tables of some statuses, oldest first: id, status, seats, events, when made,
    /// why quarantined.
    List {
        /// The server's store: a SQLite file, or a `postgres://` address.
        #[arg(long, default_value = "snakes.db")]
        db: PathBuf,
        /// Only tables of this status (waiting, playing, finished, abandoned, quarantined);
        /// again for more. Default: waiting, playing and quarantined.
        #[arg(long, value_name = "STATUS")]
        status: Vec<String>,
    },
    /// One table: its status, why it is quarantined, how much of its log rebuilds, its last
    /// events.
    Show {
        /// The table's id.
        id: u64,
        /// The server's store: a SQLite file, or a `postgres://` address.
        #[arg(long, default_value = "snakes.db")]
        db: PathBuf,
    },
    /// Cuts a quarantined table's log back to the longest beginning that rebuilds, so that it
    /// is played again from there.
    Repair {
        /// The table's id.
        id: u64,
        /// The server's store: a SQLite file, or a `postgres://` address.
        #[arg(long, default_value = "snakes.db")]
        db: PathBuf,
        /// Say what would be kept and dropped, and change nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Closes a quarantined table: abandoned, gone from the lobby.
    Close {
        /// The table's id.
        id: u64,
        /// The server's store: a SQLite file, or a `postgres://` address.
        #[arg(long, default_value = "snakes.db")]
        db: PathBuf,
    },
}

/// Runs `snakes tables`.
///
/// # Errors
/// A store that cannot be opened, no such table, a table not quarantined (user errors).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        match args.command {
            Tables::List { db, status } => list(&db, &status).await,
            Tables::Show { id, db } => show(&db, id).await,
            Tables::Repair { id, db, dry_run } => repair(&db, id, dry_run).await,
            Tables::Close { id, db } => {
                tables::close(&db, id).await.map_err(problem)?;
                println!("{}", say!("tables-closed", id = id));
                Ok(ExitCode::SUCCESS)
            }
        }
    })
}

/// A status in the reader's language.
fn status_word(status: &str) -> String {
    say!("tables-status", status = status.to_string())
}

async fn list(db: &std::path::Path, asked: &[String]) -> anyhow::Result<ExitCode> {
    for s in asked {
        if !tables::is_status(s) {
            return Err(user_error(say!(
                "tables-bad-status",
                status = s.clone(),
                statuses = TableStatus::ALL.map(TableStatus::as_str).join(", ")
            )));
        }
    }
    let statuses: Vec<&str> = if asked.is_empty() {
        [
            TableStatus::Waiting,
            TableStatus::Playing,
            TableStatus::Quarantined,
        ]
        .map(TableStatus::as_str)
        .to_vec()
    } else {
        asked.iter().map(String::as_str).collect()
    };
    let found = tables::list(db, &statuses).await.map_err(problem)?;
    if found.is_empty() {
        let words: Vec<String> = statuses.iter().map(|s| status_word(s)).collect();
        println!("{}", say!("tables-none", statuses = words.join(", ")));
        return Ok(ExitCode::SUCCESS);
    }
    let mut rows = vec![
        [
            "tables-col-id",
            "tables-col-status",
            "tables-col-seats",
            "tables-col-events",
            "tables-col-made",
            "tables-col-why",
        ]
        .iter()
        .map(|id| say!(id))
        .collect::<Vec<_>>(),
    ];
    for t in &found {
        rows.push(vec![
            t.id.to_string(),
            status_word(&t.status),
            t.seats.to_string(),
            t.events.to_string(),
            utc(t.created_at),
            t.damage.clone().unwrap_or_default(),
        ]);
    }
    print!("{}", columns::render(&rows, &[true, false, true, true]));
    Ok(ExitCode::SUCCESS)
}

async fn show(db: &std::path::Path, id: u64) -> anyhow::Result<ExitCode> {
    let t = tables::show(db, id).await.map_err(problem)?;
    println!(
        "{}",
        say!(
            "tables-show-table",
            id = id,
            status = status_word(&t.listing.status),
            seats = t.listing.seats,
            events = t.listing.events,
            made = utc(t.listing.created_at),
            board = t.board_name.clone(),
            rules = t.rules.clone()
        )
    );
    if let Some(damage) = &t.listing.damage {
        println!("{}", say!("tables-show-damage", damage = damage.clone()));
    }
    let quarantined = t.listing.status == TableStatus::Quarantined.as_str();
    match &t.rebuilds {
        Rebuilds::Whole => println!("{}", say!("tables-show-whole")),
        Rebuilds::Upto { keep, problem } => {
            println!(
                "{}",
                say!("tables-show-upto", keep = *keep, problem = problem.clone())
            );
        }
        Rebuilds::Nothing { problem } => {
            println!("{}", say!("tables-show-nothing", problem = problem.clone()));
        }
    }
    if !t.last.is_empty() {
        println!("{}", say!("tables-show-last"));
        for (seq, event) in &t.last {
            println!("  {seq}  {event}");
        }
    }
    if quarantined {
        let keep = match &t.rebuilds {
            Rebuilds::Whole => Some(t.listing.events),
            Rebuilds::Upto { keep, .. } => Some(*keep),
            Rebuilds::Nothing { .. } => None,
        };
        match keep {
            Some(keep) => println!("{}", say!("tables-show-repair", id = id, keep = keep)),
            None => println!("{}", say!("tables-show-close", id = id)),
        }
    }
    Ok(ExitCode::SUCCESS)
}

async fn repair(db: &std::path::Path, id: u64, dry_run: bool) -> anyhow::Result<ExitCode> {
    let done = tables::repair(db, id, dry_run).await.map_err(problem)?;
    let seqs = match (done.dropped.first(), done.dropped.last()) {
        (Some(first), Some(last)) if first == last => first.to_string(),
        (Some(first), Some(last)) => format!("{first}-{last}"),
        _ => String::new(),
    };
    let message = if dry_run {
        "tables-would-repair"
    } else {
        "tables-repaired"
    };
    println!(
        "{}",
        say!(
            message,
            id = id,
            kept = done.kept,
            dropped = done.dropped.len(),
            seqs = seqs,
            status = status_word(&done.status)
        )
    );
    Ok(ExitCode::SUCCESS)
}

/// `e` in the reader's words: a user error (exit 2) but for a store that fails.
fn problem(e: TablesError) -> anyhow::Error {
    match e {
        TablesError::Store(e) => user_error(e.to_string()),
        TablesError::NoSuchTable(id) => user_error(say!("tables-no-such", id = id)),
        TablesError::NotQuarantined { id, status } => user_error(say!(
            "tables-not-quarantined",
            id = id,
            status = status_word(&status)
        )),
        TablesError::Unrepairable { id, problem } => {
            user_error(say!("tables-unrepairable", id = id, problem = problem))
        }
    }
}

/// `secs` since the Unix epoch as a date and time in UTC: `2026-12-03 09:38`.
pub(crate) fn utc(secs: i64) -> String {
    snakes_text::moderation::utc(secs.saturating_mul(1_000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_in_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00");
        assert_eq!(utc(1_764_754_680), "2025-12-03 09:38");
        assert_eq!(utc(951_825_600), "2000-02-29 12:00");
    }
}
