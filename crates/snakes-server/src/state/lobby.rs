//! The lobby's rows as the store keeps them, and what of the finished tables a server holds in
//! memory: the newest rows (the lobby's first page) and a cache of logs bounded in bytes.
//!
//! A table's row is written with the events that change it (a seat, the start, the end): a
//! server starts without reading a finished table's log, lists it from its row, and reads the
//! log only when someone asks for the table.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::actor::Entry;
use crate::protocol::{Status, SummaryWords, TableId, TableSummary};
use crate::store::{LobbyRow, StoredTable, TableStatus};
use crate::table::TableState;
use crate::view::{self, Words};

/// The finished tables a server lists (the newest): older ones are read from the store a page
/// at a time (`GET /api/tables?before=ID`).
pub const LISTED_FINISHED: usize = 100;

/// Bytes of finished tables' logs kept in memory for the views and records asked of them.
pub const FINISHED_CACHE_BYTES: usize = 32 << 20;

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
        finished_at: status.over().then(super::unix_now),
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

/// Finished tables read from the store, the most recently used kept up to a number of bytes.
#[derive(Default)]
pub struct Cache {
    tables: HashMap<TableId, (u64, Arc<StoredTable>)>,
    /// By last use.
    order: BTreeMap<u64, TableId>,
    clock: u64,
    bytes: usize,
}

/// Bytes a stored table takes, near enough.
fn size_of(t: &StoredTable) -> usize {
    let events: usize = t.events.iter().map(|(_, e)| e.len() + 32).sum();
    let tokens: usize = t.tokens.values().map(|v| v.len() + 32).sum();
    t.record.board.len() + t.record.rules.len() + events + tokens + 256
}

impl Cache {
    /// The table, if kept (and it is now the most recently used).
    pub fn get(&mut self, id: TableId) -> Option<Arc<StoredTable>> {
        let (used, table) = self.tables.get_mut(&id)?;
        self.order.remove(used);
        self.clock += 1;
        *used = self.clock;
        self.order.insert(self.clock, id);
        Some(table.clone())
    }

    /// Keeps `table`, forgetting the least recently used beyond [`FINISHED_CACHE_BYTES`].
    pub fn put(&mut self, table: Arc<StoredTable>) {
        let size = size_of(&table);
        if size > FINISHED_CACHE_BYTES {
            return;
        }
        if let Some((used, old)) = self.tables.remove(&table.id) {
            self.order.remove(&used);
            self.bytes -= size_of(&old);
        }
        self.clock += 1;
        self.order.insert(self.clock, table.id);
        self.tables.insert(table.id, (self.clock, table));
        self.bytes += size;
        while self.bytes > FINISHED_CACHE_BYTES {
            let Some((_, id)) = self.order.pop_first() else {
                break;
            };
            if let Some((_, old)) = self.tables.remove(&id) {
                self.bytes -= size_of(&old);
            }
        }
    }

    /// Bytes kept.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secret::DiceSource;
    use crate::store::TableRecord;

    fn table(id: TableId, bytes: usize) -> Arc<StoredTable> {
        Arc::new(StoredTable {
            id,
            record: TableRecord {
                board_name: "classic".into(),
                board: String::new(),
                rules: String::new(),
                seats: 2,
                dice: DiceSource::Seed(1),
                created_at: 0,
            },
            events: vec![(1, "x".repeat(bytes))],
            tokens: HashMap::new(),
            status: Some(TableStatus::Finished),
        })
    }

    #[test]
    fn the_cache_forgets_the_least_recently_used_beyond_its_bytes() {
        let mut cache = Cache::default();
        let big = FINISHED_CACHE_BYTES / 3 - 1024;
        for id in 1..=3 {
            cache.put(table(id, big));
        }
        assert!(cache.get(1).is_some(), "three fit");
        cache.put(table(4, big));
        // 2 was used least recently (1 was read after it).
        assert!(cache.get(2).is_none());
        for id in [1, 3, 4] {
            assert!(cache.get(id).is_some(), "{id}");
        }
        assert!(cache.bytes() <= FINISHED_CACHE_BYTES);
        cache.put(table(5, FINISHED_CACHE_BYTES));
        assert!(
            cache.get(5).is_none(),
            "larger than the whole cache: not kept"
        );
    }
}
