//! The store: every table's set-up and its event log, kept before anyone hears of an event.
//!
//! This file is the interface the rest of the server uses: [`Store`], whose methods are
//! asynchronous (a backend may be a thread of its own or a database across the network), and
//! the values that go in and out ([`TableRecord`], [`Append`], [`StoredTable`],
//! [`FinishedGame`]). Each backend is one file: `sqlite.rs`, a SQLite file written by one
//! thread with group commit. A backend provides the same methods; [`Store`] picks it.
//!
//! What a backend guarantees: [`Store::append`] returns once the events are committed (the
//! actor tells no one before); sequence numbers are unique per table (a second append of a seq
//! fails); a seat's secret is kept apart from the log, as its hash.

mod sqlite;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::protocol::{GameResult, Lifecycle, TableEvent, TableId};
use crate::secret::{DiceKeys, DiceSource};

pub use sqlite::{Sqlite, backup};

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused (a full disk, a sequence number already used, a damaged file).
    #[error("store: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The file was written by a newer server.
    #[error(
        "store: {path} has schema version {found}, newer than this server's {supported}",
        path = path.display()
    )]
    TooNew {
        /// The database.
        path: PathBuf,
        /// Its schema version.
        found: usize,
        /// The newest this server knows.
        supported: usize,
    },
    /// The database file cannot be opened or locked.
    #[error("store: cannot {what} {path}: {source}", path = path.display())]
    LockFile {
        /// `open` or `lock`.
        what: &'static str,
        /// The database.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Another server holds the database.
    #[error("store: another snakes server is using {db}", db = db.display())]
    Locked {
        /// The database.
        db: PathBuf,
    },
    /// The database cannot be written.
    #[error(
        "store: {path} cannot be written (a read-only file or file system); the server needs a database it can write",
        path = path.display()
    )]
    ReadOnly {
        /// The database.
        path: PathBuf,
    },
    /// A thread of the store could not start.
    #[error("store: cannot start the {name} thread: {source}")]
    Thread {
        /// Which thread.
        name: &'static str,
        /// Why.
        source: std::io::Error,
    },
    /// An event could not be written as JSON.
    #[error("store: an event cannot be written: {0}")]
    Json(#[from] serde_json::Error),
    /// The store's thread has stopped.
    #[error("store: the store is closed")]
    Closed,
}

/// A table's set-up, fixed at creation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRecord {
    /// `classic` or `custom`.
    pub board_name: String,
    /// The board as a JSON layout.
    pub board: String,
    /// The rules in canonical form.
    pub rules: String,
    /// Number of seats.
    pub seats: usize,
    /// The dice: a key (its commitment is public, the key revealed once the game is over), or
    /// the seed of a game made before the dice could be verified.
    pub dice: DiceSource,
    /// Creation time, seconds since the Unix epoch.
    pub created_at: i64,
}

/// Events to append to one table's log, in one transaction.
#[derive(Debug, Clone, Default)]
pub struct Append {
    /// The table.
    pub table: TableId,
    /// `(seq, event as JSON)`, in order.
    pub events: Vec<(u64, String)>,
    /// A seat's secret: `(seq of the join event, the token's hash)`.
    pub token: Option<(u64, String)>,
    /// The outcome, when the game ended.
    pub result: Option<GameResult>,
}

impl Append {
    /// The append of `events`, numbered from `first`: each as JSON, the secret of a seat given
    /// (kept apart from the log) and the result of a game that ended.
    ///
    /// # Errors
    /// When an event cannot be written as JSON.
    pub fn of(table: TableId, first: u64, events: &[TableEvent]) -> Result<Append, StoreError> {
        let mut append = Append {
            table,
            ..Append::default()
        };
        for (seq, event) in (first..).zip(events) {
            append.events.push((seq, serde_json::to_string(event)?));
            match event {
                TableEvent::Table(Lifecycle::Joined { secret, .. }) => {
                    append.token = Some((seq, secret.stored()));
                }
                TableEvent::Table(Lifecycle::Finished { result, .. }) => {
                    append.result = Some(result.clone());
                }
                _ => {}
            }
        }
        Ok(append)
    }
}

/// A table as stored: its set-up, its log and the secrets of its seats.
#[derive(Debug, Clone)]
pub struct StoredTable {
    /// The table's id.
    pub id: TableId,
    /// Its set-up.
    pub record: TableRecord,
    /// `(seq, event as JSON)`, in order.
    pub events: Vec<(u64, String)>,
    /// Seat secrets (the tokens' hashes) by the seq of their join event.
    pub tokens: HashMap<u64, String>,
}

/// One finished game, as the results hold it: the table's rules (canonical text) and the rounds
/// it lasted, the turns its winner took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishedGame {
    /// The rules.
    pub rules: String,
    /// The winner's turns: turns pass in seat order and the last one is the winner's, so of
    /// `T` turns by `K` seats the winner took `(T - 1) / K + 1`.
    pub rounds: u64,
}

/// The store of the tables, by backend. Cheap to clone: every clone is the same store.
#[derive(Clone)]
pub enum Store {
    /// A SQLite file.
    Sqlite(Sqlite),
}

impl Store {
    /// Opens the SQLite database at `path` (created and migrated on first use); see
    /// [`Sqlite::open`].
    ///
    /// # Errors
    /// When the file cannot be opened, written or migrated, or another server holds it.
    pub fn open(path: &Path, full_sync: bool) -> Result<Store, StoreError> {
        Ok(Store::Sqlite(Sqlite::open(path, full_sync)?))
    }

    /// Creates a table; returns its id and its dice: `record.dice`, or with seeded `keys`
    /// (tests) the key the seed gives the new id, written in the same transaction.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn create(
        &self,
        record: TableRecord,
        keys: DiceKeys,
    ) -> Result<(TableId, DiceSource), StoreError> {
        match self {
            Store::Sqlite(s) => s.create(record, keys).await,
        }
    }

    /// Appends events to a table's log; returns once they are committed.
    ///
    /// # Errors
    /// When the store refuses the write (for example a sequence number already used).
    pub async fn append(&self, append: Append) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.append(append).await,
        }
    }

    /// Every table with its log.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn load_all(&self) -> Result<Vec<StoredTable>, StoreError> {
        match self {
            Store::Sqlite(s) => s.load_all().await,
        }
    }

    /// One table with its log (none when no table has that id).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn load_one(&self, id: TableId) -> Result<Option<StoredTable>, StoreError> {
        match self {
            Store::Sqlite(s) => s.load_one(id).await,
        }
    }

    /// Deletes at most `batch` finished or abandoned tables that ended before `before` (unix
    /// seconds), with their logs, secrets and results, but those of `keep` (tables in memory);
    /// returns their ids.
    ///
    /// # Errors
    /// When the store cannot be written.
    pub async fn delete_finished_before(
        &self,
        before: i64,
        batch: usize,
        keep: Vec<TableId>,
    ) -> Result<Vec<TableId>, StoreError> {
        match self {
            Store::Sqlite(s) => s.delete_finished_before(before, batch, keep).await,
        }
    }

    /// Finishes every write asked for before, then empties SQLite's write-ahead log into the
    /// database (at a clean stop, and on a schedule).
    ///
    /// # Errors
    /// When the store cannot be written.
    pub async fn checkpoint(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.checkpoint().await,
        }
    }

    /// Every finished game on `board` (a layout as JSON, as tables store it) with `seats`
    /// seats; reads do not wait for the writes.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn finished_games(
        &self,
        board: String,
        seats: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        match self {
            Store::Sqlite(s) => s.finished_games(board, seats).await,
        }
    }
}
