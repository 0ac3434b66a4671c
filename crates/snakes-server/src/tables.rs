//! `snakes tables`: the operator's look at the stored tables, and the two ways out of a
//! quarantine.
//!
//! A table is quarantined when its stored log cannot be rebuilt (a gap, an event the game
//! refuses: a database restored from an older copy, a disk fault, a hand-made change): no
//! server serves it, and it waits for its operator. [`show`] says why and how much of its log
//! still rebuilds; [`repair`] cuts the log back to that much (the longest beginning that
//! rebuilds, ending between two rolls) and lifts the quarantine, so the game goes on from
//! there (the dice, drawn from the table's key, draw the same numbers again); [`close`] ends
//! it instead. Only a quarantined table is changed, whatever the servers using the store do.

use std::path::Path;

use crate::Config;
use crate::protocol::TableId;
use crate::state::{lobby, rebuild};
use crate::store::operator::Operated;
pub use crate::store::operator::{Listing, is_status};
use crate::store::{StoreError, StoredTable, TableStatus};
use crate::table::RestoreError;

/// Why `snakes tables` could not do it.
#[derive(Debug, thiserror::Error)]
pub enum TablesError {
    /// The store could not be opened, read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// No table has that id.
    #[error("no table has the id {0}")]
    NoSuchTable(TableId),
    /// The table is not quarantined: it is left as it is.
    #[error("table {id} is {status}, not quarantined")]
    NotQuarantined {
        /// The table.
        id: TableId,
        /// Its status.
        status: String,
    },
    /// Nothing of the table's log rebuilds (its board or rules cannot be read): it can only
    /// be closed.
    #[error("table {id}: nothing of its log rebuilds ({problem})")]
    Unrepairable {
        /// The table.
        id: TableId,
        /// Why.
        problem: String,
    },
}

/// One table as stored, and how much of its log rebuilds.
#[derive(Debug, Clone)]
pub struct Inspection {
    /// Its row.
    pub listing: Listing,
    /// `classic` or `custom`.
    pub board_name: String,
    /// Its rules, as text.
    pub rules: String,
    /// The events at the end of its log (the last few), as stored.
    pub last: Vec<(u64, String)>,
    /// How much of the log rebuilds.
    pub rebuilds: Rebuilds,
}

/// How much of a table's log rebuilds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rebuilds {
    /// All of it.
    Whole,
    /// Its first `keep` events; the first problem after them.
    Upto {
        /// The events that rebuild.
        keep: u64,
        /// The first problem.
        problem: String,
    },
    /// Nothing (its set-up cannot be read).
    Nothing {
        /// Why.
        problem: String,
    },
}

/// The tables whose status is one of `statuses`, oldest first.
///
/// # Errors
/// When the store cannot be opened or read.
pub async fn list(db: &Path, statuses: &[&str]) -> Result<Vec<Listing>, TablesError> {
    Ok(Operated::open(db).await?.list(statuses).await?)
}

/// Table `id` as stored, and how much of its log rebuilds.
///
/// # Errors
/// When the store cannot be read, or there is no such table.
pub async fn show(db: &Path, id: TableId) -> Result<Inspection, TablesError> {
    let store = Operated::open(db).await?;
    let (table, damage) = store.load(id).await?.ok_or(TablesError::NoSuchTable(id))?;
    let listing = Listing {
        id,
        status: table.status.map_or_else(String::new, |s| s.to_string()),
        seats: table.record.seats,
        events: table.events.len() as u64,
        created_at: table.record.created_at,
        damage,
    };
    let rebuilds = rebuilds(&table);
    let last = table.events[table.events.len().saturating_sub(5)..].to_vec();
    Ok(Inspection {
        listing,
        board_name: table.record.board_name,
        rules: table.record.rules,
        last,
        rebuilds,
    })
}

/// What [`repair`] did, or would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repaired {
    /// The events kept (the log's first ones).
    pub kept: u64,
    /// The seqs of the events dropped, as stored.
    pub dropped: Vec<u64>,
    /// The table's status from now on.
    pub status: String,
}

/// Cuts quarantined table `id`'s log back to the longest beginning that rebuilds and lifts the
/// quarantine (with `dry_run`, only says what it would do).
///
/// # Errors
/// When the store cannot be read or written, there is no such table, it is not quarantined,
/// or nothing of its log rebuilds.
pub async fn repair(db: &Path, id: TableId, dry_run: bool) -> Result<Repaired, TablesError> {
    let (store, table) = quarantined(db, id).await?;
    let keep = match rebuilds(&table) {
        Rebuilds::Whole => table.events.len() as u64,
        Rebuilds::Upto { keep, .. } => keep,
        Rebuilds::Nothing { problem } => return Err(TablesError::Unrepairable { id, problem }),
    };
    let dropped: Vec<u64> = table.events[keep as usize..]
        .iter()
        .map(|(s, _)| *s)
        .collect();
    let rebuilt = rebuild(&Config::default(), prefix(&table, keep)).map_err(|e| {
        TablesError::Unrepairable {
            id,
            problem: e.to_string(),
        }
    })?;
    let row = lobby::row_now(&rebuilt);
    let repaired = Repaired {
        kept: keep,
        dropped,
        status: row.status.to_string(),
    };
    if dry_run {
        return Ok(repaired);
    }
    let finished = row.status == TableStatus::Finished;
    if !store.cut(id, keep, row, finished).await? {
        return Err(TablesError::NotQuarantined {
            id,
            status: "no longer quarantined".into(),
        });
    }
    tracing::info!(table = id, kept = keep, "table repaired");
    Ok(repaired)
}

/// Closes quarantined table `id`: abandoned, gone from the lobby.
///
/// # Errors
/// When the store cannot be read or written, there is no such table, or it is not
/// quarantined.
pub async fn close(db: &Path, id: TableId) -> Result<(), TablesError> {
    let (store, _) = quarantined(db, id).await?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    if !store.close(id, now).await? {
        return Err(TablesError::NotQuarantined {
            id,
            status: "no longer quarantined".into(),
        });
    }
    Ok(())
}

/// The store `db` names, and its table `id`, which must be quarantined.
async fn quarantined(db: &Path, id: TableId) -> Result<(Operated, StoredTable), TablesError> {
    let store = Operated::open(db).await?;
    let (table, _) = store.load(id).await?.ok_or(TablesError::NoSuchTable(id))?;
    if table.status != Some(TableStatus::Quarantined) {
        return Err(TablesError::NotQuarantined {
            id,
            status: table.status.map_or_else(String::new, |s| s.to_string()),
        });
    }
    Ok((store, table))
}

/// `table` with its first `keep` events (and the secrets they gave).
fn prefix(table: &StoredTable, keep: u64) -> StoredTable {
    let mut cut = table.clone();
    cut.events.truncate(keep as usize);
    cut.tokens.retain(|seq, _| *seq <= keep);
    cut
}

/// How much of `table`'s log rebuilds: all of it, or the longest beginning before its first
/// problem that ends between two rolls.
fn rebuilds(table: &StoredTable) -> Rebuilds {
    let config = Config::default();
    let problem = match rebuild(&config, table.clone()) {
        Ok(_) => return Rebuilds::Whole,
        Err(e) => e,
    };
    // The events before the first problem are numbered 1, 2, 3 ...: the count is the seq.
    let before = match &problem {
        RestoreError::Setup { .. } => {
            return Rebuilds::Nothing {
                problem: problem.to_string(),
            };
        }
        RestoreError::Gap { after, .. } => *after,
        RestoreError::Unreadable { seq, .. } | RestoreError::Event { seq, .. } => {
            seq.saturating_sub(1)
        }
        RestoreError::Truncated { .. } => (table.events.len() as u64).saturating_sub(1),
    };
    // Back to the end of a whole roll: a roll is a few events.
    let mut keep = before.min(table.events.len() as u64);
    loop {
        if rebuild(&config, prefix(table, keep)).is_ok() {
            return Rebuilds::Upto {
                keep,
                problem: problem.to_string(),
            };
        }
        if keep == 0 {
            return Rebuilds::Nothing {
                problem: problem.to_string(),
            };
        }
        keep -= 1;
    }
}
