//! The lobby's rows of the tables this server runs, as the store keeps them: a table's line
//! with its words in every language, written with the events that change it, and how many
//! finished ones a server lists.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Entry;
use crate::config::LISTED_FINISHED;
use crate::protocol::{Status, SummaryWords, TableId, TableSummary};
use crate::store::{LobbyRow, TableStatus};
use crate::table::TableState;
use crate::view::{self, Words};

/// A row as stored: the line with its words in every language.
#[derive(Serialize, Deserialize)]
struct Stored {
    row: TableSummary,
    languages: Vec<(SummaryWords, String)>,
}

/// The row to store for `summary`, the lobby's line of `state`.
pub fn row_of(state: &TableState, summary: &TableSummary) -> LobbyRow {
    let status = if state.is_abandoned() {
        TableStatus::Abandoned
    } else {
        match state.status() {
            Status::Waiting => TableStatus::Waiting,
            Status::Playing => TableStatus::Playing,
            Status::Finished => TableStatus::Finished,
        }
    };
    let stored = Stored {
        row: summary.clone(),
        languages: summary.languages.to_vec(),
    };
    LobbyRow {
        status,
        finished_at: status.over().then(crate::clock::unix_now),
        summary: serde_json::to_string(&stored).unwrap_or_default(),
    }
}

/// The row of `state` as it is now.
pub fn row_now(state: &TableState) -> LobbyRow {
    row_of(state, &view::summary(state, &Words::new(state)))
}

/// The line a stored row holds (none when it cannot be read: the table is left out of the list
/// rather than shown wrong).
pub fn summary_of(json: &str) -> Option<TableSummary> {
    let stored: Stored = serde_json::from_str(json).ok()?;
    let mut row = stored.row;
    row.languages = stored.languages.into();
    Some(row)
}

/// Keeps the newest [`LISTED_FINISHED`] finished rows of `tables` that no actor holds.
pub fn trim_finished(tables: &mut BTreeMap<TableId, Entry>) {
    let retired: Vec<TableId> = tables
        .iter()
        .filter(|(_, e)| matches!(e, Entry::Retired(_)))
        .map(|(id, _)| *id)
        .collect();
    for id in retired
        .iter()
        .take(retired.len().saturating_sub(LISTED_FINISHED))
    {
        tables.remove(id);
    }
}
