//! What of the finished tables a server holds in memory: the newest rows (the lobby's first
//! page, listed from their rows: `actor/rows.rs`) and a cache of logs bounded in bytes.
//!
//! A table's row is written with the events that change it (a seat, the start, the end): a
//! server starts without reading a finished table's log, lists it from its row, and reads the
//! log only when someone asks for the table.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

pub use crate::actor::rows::{row_now, summary_of, trim_finished};
pub use crate::config::{FINISHED_CACHE_BYTES, LISTED_FINISHED};
use crate::protocol::TableId;
use crate::store::StoredTable;

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
    use crate::store::{TableRecord, TableStatus};

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
