//! The store: every table's set-up and its event log, kept before anyone hears of an event.
//!
//! This file is the interface the rest of the server uses: [`Store`], whose methods are
//! asynchronous (a backend may be a thread of its own or a database across the network), and
//! the values that go in and out ([`TableRecord`], [`Append`], [`StoredTable`],
//! [`FinishedGame`], [`LobbyRow`]). Each backend is one file: `sqlite.rs`, a SQLite file
//! written by one thread with group commit (one server); `postgres.rs`, a PostgreSQL database
//! shared by several servers, each table owned by one of them at a time. A backend provides the
//! same methods; [`Store`] picks it from `--db` (a `postgres://` address, else a file).
//!
//! What a backend guarantees: [`Store::append`] returns once the events are committed and on the
//! database's disk (the actor tells no one before), so whatever crashes afterwards, the server
//! or the database, an event anyone heard is kept; each table's log is numbered 1, 2, 3 ...
//! with no gap and no repeat: an append must follow the last stored event exactly
//! ([`StoreError::Behind`] otherwise), and an append sent again after an answer that was lost
//! finds its own events there and succeeds without writing them twice (other events there:
//! [`StoreError::Conflict`]); an append carries its owner's epoch and is refused
//! ([`StoreError::Fenced`]) once another server has claimed the table; a seat's secret is kept
//! apart from the log, as its hash; each table's lobby row (status, finish time, the row in
//! words) is written in the same transaction as the events that change it, so a server lists
//! finished tables without reading their logs. A table whose log cannot be rebuilt is
//! quarantined ([`Store::quarantine`]): its status says so, with why, and no server serves it
//! until an operator mends or closes it (`snakes tables`).
//!
//! Moderation's part ([`Sanction`], [`LogEntry`], [`Report`], the moderators' keys) is
//! `moderation.rs`: a sanction or a report is written with its log entry in one transaction.
//! The optional member accounts' part ([`Member`], [`NameKeys`], [`NewMember`]: the members,
//! their sessions, their blocks, the tables each sat at) is `members.rs`: a name is taken by
//! the unique indexes of its keys, never by a look first.

mod members;
mod moderation;
pub mod operator;
mod passkeys;
mod pg_tls;
mod postgres;
mod sqlite;
#[cfg(test)]
pub(crate) mod test_db;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::protocol::{GameResult, Lifecycle, TableEvent, TableId};
use crate::secret::{DiceKeys, DiceSource};

pub use members::{GameFigures, Member, MemberGame, NameKeys, NewMember};
pub use moderation::{LogEntry, Report, Sanction, SanctionKind};
pub use passkeys::{Challenge, NewPasskey, Passkey, Taken as PasskeyTaken};
pub use postgres::Postgres;
pub use sqlite::{Restored, Sqlite, backup, restore};

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused (a full disk, a sequence number already used, a damaged file).
    #[error("store: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL refused.
    #[error("store: PostgreSQL: {0}")]
    Postgres(String),
    /// The database could not be reached or did not answer in time (a connection lost or
    /// refused, a statement or a wait past its limit, the database restarting): a write's
    /// outcome is not known. An append may be sent again: one already written is found there.
    #[error("store: PostgreSQL did not answer: {0}")]
    Unavailable(String),
    /// The log already holds other events at these sequence numbers: what this server holds
    /// of the table is not what is stored (nothing was written).
    #[error("store: table {table} already holds another event {seq}")]
    Conflict {
        /// The table.
        table: TableId,
        /// The first sequence number of the append.
        seq: u64,
    },
    /// The log ends before the events to append: events this server holds of the table are
    /// not stored (nothing was written: the log never gets a gap).
    #[error("store: table {table}'s log ends at event {last}, so event {first} cannot follow it")]
    Behind {
        /// The table.
        table: TableId,
        /// The last event stored.
        last: u64,
        /// The first event of the append.
        first: u64,
    },
    /// The PostgreSQL database holds a schema newer than this server's.
    #[error("store: the database has schema version {found}, newer than this server's {supported}")]
    PostgresTooNew {
        /// Its schema version.
        found: i32,
        /// The newest this server knows.
        supported: i32,
    },
    /// A row whose status is none the server knows (written by hand, or by a newer server).
    #[error("store: table {table} has the status {status:?}, which this server does not know")]
    UnknownStatus {
        /// The table.
        table: TableId,
        /// The status as stored.
        status: String,
    },
    /// Another server has claimed the table since this one did (its epoch moved on): the
    /// append was not written, and this server no longer serves the table.
    #[error("store: table {table} is served by another server now")]
    Fenced {
        /// The table.
        table: TableId,
    },
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
    /// A sanction of a kind the server does not know (written by hand, or by a newer server).
    #[error("store: a sanction of the kind {kind:?}, which this server does not know")]
    UnknownKind {
        /// The kind as stored.
        kind: String,
    },
    /// A file given as a copy of a database is not a whole one.
    #[error("store: {path} is not a whole copy of a server's database: {why}", path = path.display())]
    NotACopy {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
}

impl StoreError {
    /// Whether this server's memory of the table is not what the store holds (another server
    /// claimed it, or its log is not the one the memory grew from): the table must be read
    /// again from the store before anything more is decided at it.
    pub fn is_split(&self) -> bool {
        matches!(
            self,
            StoreError::Fenced { .. } | StoreError::Conflict { .. } | StoreError::Behind { .. }
        )
    }
}

/// A table's status as the store keeps it (the column `status`): where it is in its life. Typed
/// here, at the store's edge: a status the code does not know is an error where a row is read,
/// never a table silently left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableStatus {
    /// Seats are being taken.
    Waiting,
    /// The game is under way.
    Playing,
    /// The game ended (won or drawn).
    Finished,
    /// Closed before anyone played (or closed by an operator).
    Abandoned,
    /// Its log cannot be rebuilt: no server serves it until an operator mends or closes it
    /// (`snakes tables`); why is in the column `damage`.
    Quarantined,
}

impl TableStatus {
    /// Every status, as `snakes tables list --status` takes them.
    pub const ALL: [TableStatus; 5] = [
        TableStatus::Waiting,
        TableStatus::Playing,
        TableStatus::Finished,
        TableStatus::Abandoned,
        TableStatus::Quarantined,
    ];

    /// As the column holds it.
    pub fn as_str(self) -> &'static str {
        match self {
            TableStatus::Waiting => "waiting",
            TableStatus::Playing => "playing",
            TableStatus::Finished => "finished",
            TableStatus::Abandoned => "abandoned",
            TableStatus::Quarantined => "quarantined",
        }
    }

    /// The status the column's `text` names, if any.
    pub fn parse(text: &str) -> Option<TableStatus> {
        TableStatus::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// In play: a server serves it (`in_play!()` in SQL).
    pub fn in_play(self) -> bool {
        matches!(self, TableStatus::Waiting | TableStatus::Playing)
    }

    /// Over: it has a `finished_at`, and retention deletes it in time (`over!()` in SQL).
    pub fn over(self) -> bool {
        matches!(self, TableStatus::Finished | TableStatus::Abandoned)
    }
}

/// The status of table `table` as its column holds it: `""` (a row from before statuses, read
/// through `coalesce`) is none.
///
/// # Errors
/// [`StoreError::UnknownStatus`] for a status this server does not know.
pub fn status_of(table: TableId, text: &str) -> Result<Option<TableStatus>, StoreError> {
    if text.is_empty() {
        return Ok(None);
    }
    TableStatus::parse(text)
        .map(Some)
        .ok_or_else(|| StoreError::UnknownStatus {
            table,
            status: text.to_string(),
        })
}

impl rusqlite::ToSql for TableStatus {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(self.as_str().into())
    }
}

impl rusqlite::types::FromSql for TableStatus {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        let text = value.as_str()?;
        TableStatus::parse(text).ok_or_else(|| {
            rusqlite::types::FromSqlError::Other(
                format!("the status {text:?} is none this server knows").into(),
            )
        })
    }
}

impl std::fmt::Display for TableStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The statuses of a table in play ([`TableStatus::in_play`]) as an SQL list, for every query
/// that looks for them (`concat!`): one place, held to the type by a test.
macro_rules! in_play {
    () => {
        "('waiting', 'playing')"
    };
}
pub(crate) use in_play;

/// The statuses of a table that is over ([`TableStatus::over`]) as an SQL list.
macro_rules! over {
    () => {
        "('finished', 'abandoned')"
    };
}
pub(crate) use over;

pub use snakes_table::table::TableRecord;

/// Events to append to one table's log, in one transaction.
#[derive(Debug, Clone, Default)]
pub struct Append {
    /// The table.
    pub table: TableId,
    /// The epoch of the appending server's claim on the table: the append is refused when it is
    /// not the table's epoch any more (the SQLite store, one server, has no other claim).
    pub epoch: u64,
    /// The table's lobby row when these events change it (a seat, the start, the end).
    pub lobby: Option<LobbyRow>,
    /// `(seq, event as JSON)`, in order.
    pub events: Vec<(u64, String)>,
    /// A seat's secret: `(seq of the join event, the token's hash)`.
    pub token: Option<(u64, String)>,
    /// The outcome, when the game ended.
    pub result: Option<GameResult>,
    /// At the start, the seats that became another player's number: `(seat, player)`, those
    /// alone whose number changed (a seat freed before the start moves the later ones down).
    pub seating: Vec<(u32, u32)>,
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
            epoch: 1,
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
                TableEvent::Table(Lifecycle::Started { players, .. }) => {
                    append.seating = (0u32..)
                        .zip(players)
                        .filter(|(player, p)| p.seat != *player as usize)
                        .map(|(player, p)| (p.seat as u32, player))
                        .collect();
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
    /// Its status as stored (none in a row written before statuses were).
    pub status: Option<TableStatus>,
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

/// A table's row in the lobby as stored: where it is, when it finished, and the row in words
/// (every language, as JSON: see `state::lobby`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LobbyRow {
    /// Where it is.
    pub status: TableStatus,
    /// When it finished or was abandoned, seconds since the Unix epoch.
    pub finished_at: Option<i64>,
    /// The row in words, as JSON.
    pub summary: String,
}

/// A lobby row read back: the table, its status and the row in words (none before the first
/// seat was taken).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The table.
    pub id: TableId,
    /// Where it is (none in a row written before statuses were).
    pub status: Option<TableStatus>,
    /// The row in words, as JSON.
    pub summary: Option<String>,
}

/// Which server serves a table (PostgreSQL): the address players reach it at, and whether its
/// lease still runs by the database's clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    /// The server's instance id.
    pub instance: String,
    /// Where players reach it.
    pub address: String,
    /// The lease has not expired.
    pub live: bool,
}

/// This server as the shared store knows it: a random instance id, the address players reach
/// it at, and how long a lease lasts.
#[derive(Debug, Clone)]
pub struct Instance {
    /// Random, new at every start.
    pub id: String,
    /// Where players reach this server (`--public-url`).
    pub address: String,
    /// How long a claim on a table lasts without renewal.
    pub lease: Duration,
}

impl Instance {
    /// A new instance id for a server reached at `address`.
    pub fn new(address: String, lease: Duration) -> Instance {
        let mut bytes = [0u8; 8];
        // Without the system's randomness, the time and the process still tell two apart.
        if getrandom::fill(&mut bytes).is_err() {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            bytes = (now ^ u64::from(std::process::id()).rotate_left(32)).to_le_bytes();
        }
        let id = bytes.iter().map(|b| format!("{b:02x}")).collect();
        Instance { id, address, lease }
    }
}

/// Whether `db` names a PostgreSQL database (`postgres://` or `postgresql://`) rather than a
/// SQLite file.
pub fn is_postgres(db: &Path) -> bool {
    db.to_str()
        .is_some_and(|s| s.starts_with("postgres://") || s.starts_with("postgresql://"))
}

/// `db` as it may be shown and logged: a PostgreSQL address with its password replaced by
/// `***` (`postgres://snakes:***@db.example.org/snakes`), a file as it is.
pub fn shown(db: &Path) -> String {
    let text = db.display().to_string();
    if !is_postgres(db) {
        return text;
    }
    let Some((scheme, rest)) = text.split_once("://") else {
        return text;
    };
    // The user's part ends at the last @ before the first / (a password may hold @).
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => match rest[..at].split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***{}", &rest[at..]),
            None => text,
        },
        None => text,
    }
}

/// What `snakes serve --check-config` found of the store, trying it once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reached {
    /// No file yet; its directory can be written (the server creates it at its first start).
    NewFile,
    /// A SQLite file of this schema version; whether a server holds it now.
    File {
        /// Its schema version (`user_version`).
        version: usize,
        /// The newest this server knows.
        supported: usize,
        /// A server holds it now.
        in_use: bool,
    },
    /// A PostgreSQL database that answered.
    Postgres {
        /// Its host and port.
        at: String,
        /// Its schema version (0: not made yet).
        version: i32,
        /// The newest this server knows.
        supported: i32,
        /// Whether the connection is encrypted.
        tls: bool,
    },
}

/// Tries the store `db` names once, changing nothing: a SQLite file is read (or its directory
/// tried, for a file not made yet), a PostgreSQL database connected to (with its TLS).
///
/// # Errors
/// What stops the server from using it: a directory that cannot be written, a file that is not
/// a database or is newer than this server, a database that does not answer or refuses.
pub async fn reach(db: &Path) -> Result<Reached, StoreError> {
    if is_postgres(db) {
        return postgres::reach(db.to_str().unwrap_or_default()).await;
    }
    sqlite::reach(db)
}

/// The store of the tables, by backend. Cheap to clone: every clone is the same store.
#[derive(Clone)]
pub enum Store {
    /// A SQLite file.
    Sqlite(Sqlite),
    /// A PostgreSQL database, shared by several servers.
    Postgres(Postgres),
}

/// Calls the same method on whichever backend.
macro_rules! each {
    ($self:ident, $s:ident => $call:expr) => {
        match $self {
            Store::Sqlite($s) => $call,
            Store::Postgres($s) => $call,
        }
    };
}

impl Store {
    /// Opens the store `db` names: a PostgreSQL database (migrated on start) for a
    /// `postgres://` address, else the SQLite file at that path (created and migrated on first
    /// use; see [`Sqlite::open`]). `me` is this server, for the claims on tables. With
    /// `patient`, a PostgreSQL database that cannot be reached is asked again until it answers
    /// ([`Postgres::open`]).
    ///
    /// # Errors
    /// When the database cannot be reached (and not `patient`), opened, written or migrated,
    /// or another server holds the SQLite file.
    pub async fn open(
        db: &Path,
        full_sync: bool,
        me: Instance,
        patient: bool,
    ) -> Result<Store, StoreError> {
        if is_postgres(db) {
            let url = db.to_str().unwrap_or_default();
            Ok(Store::Postgres(
                Postgres::open(url, me, full_sync, patient).await?,
            ))
        } else {
            Ok(Store::Sqlite(Sqlite::open(db, full_sync)?))
        }
    }

    /// This server as the shared store knows it (none with SQLite).
    pub fn me(&self) -> Option<&Instance> {
        match self {
            Store::Sqlite(_) => None,
            Store::Postgres(p) => Some(p.me()),
        }
    }

    /// Whether several servers share this store (PostgreSQL): tables are then claimed, and
    /// their leases renewed.
    pub fn is_shared(&self) -> bool {
        matches!(self, Store::Postgres(_))
    }

    /// Creates a table, claimed by this server (epoch 1); returns its id and its dice:
    /// `record.dice`, or with seeded `keys` (tests) the key the seed gives the new id, written
    /// in the same transaction.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn create(
        &self,
        record: TableRecord,
        keys: DiceKeys,
    ) -> Result<(TableId, DiceSource), StoreError> {
        each!(self, s => s.create(record, keys).await)
    }

    /// Appends events to a table's log (and its lobby row); returns once they are committed.
    ///
    /// # Errors
    /// [`StoreError::Fenced`] when another server claimed the table since `append.epoch`; the
    /// store's refusal otherwise (for example a sequence number already used).
    pub async fn append(&self, append: Append) -> Result<(), StoreError> {
        let (table, seating) = (append.table, append.seating.clone());
        each!(self, s => s.append(append).await)?;
        if !seating.is_empty() {
            // Members' lists name their player's number once the game is on (a store that
            // cannot write it leaves the seat taken, which counts a win as another's).
            if let Err(e) = self.renumber_seats(table, seating).await {
                tracing::warn!(table, error = %e, "members' seats could not follow the start");
            }
        }
        Ok(())
    }

    /// The events of table `id`'s log after `after`, in order: what an owner that does not know
    /// whether its last append was written reads before it decides anything else.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn tail(&self, id: TableId, after: u64) -> Result<Vec<(u64, String)>, StoreError> {
        each!(self, s => s.tail(id, after).await)
    }

    /// Marks table `id` quarantined, with why (`damage`): its log cannot be rebuilt, so no
    /// server serves it until an operator mends or closes it. With several servers, only while
    /// `epoch` is the table's (0: whatever it is, at a start that claimed it).
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn quarantine(
        &self,
        id: TableId,
        epoch: u64,
        damage: String,
    ) -> Result<(), StoreError> {
        each!(self, s => s.quarantine(id, epoch, damage).await)
    }

    /// How many tables are quarantined.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn quarantined(&self) -> Result<u64, StoreError> {
        each!(self, s => s.quarantined().await)
    }

    /// The tables waiting or playing, with their logs: what a server serves from its start.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn open_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        each!(self, s => s.open_tables().await)
    }

    /// One table with its log (none when no table has that id).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn load_one(&self, id: TableId) -> Result<Option<StoredTable>, StoreError> {
        each!(self, s => s.load_one(id).await)
    }

    /// The lobby rows of the finished tables older than `before` (every one when `None`),
    /// newest first, at most `limit`.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn finished_rows(
        &self,
        before: Option<TableId>,
        limit: usize,
    ) -> Result<Vec<Listed>, StoreError> {
        each!(self, s => s.finished_rows(before, limit).await)
    }

    /// The lobby rows of the tables waiting or playing (whichever server serves them).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn open_rows(&self) -> Result<Vec<Listed>, StoreError> {
        each!(self, s => s.open_rows().await)
    }

    /// One table's lobby row (none when no table has that id).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn row(&self, id: TableId) -> Result<Option<Listed>, StoreError> {
        each!(self, s => s.row(id).await)
    }

    /// The tables whose lobby row is not written yet (a file of a server before lobby rows,
    /// a table made but never sat at): the server replays their logs once and writes it.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn unlisted(&self) -> Result<Vec<TableId>, StoreError> {
        each!(self, s => s.unlisted().await)
    }

    /// Writes a table's lobby row (see [`Store::unlisted`]).
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn set_row(&self, id: TableId, row: LobbyRow) -> Result<(), StoreError> {
        each!(self, s => s.set_row(id, row).await)
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
        each!(self, s => s.delete_finished_before(before, batch, keep).await)
    }

    /// Finishes every write asked for before, then empties SQLite's write-ahead log into the
    /// database (at a clean stop, and on a schedule); nothing to do with PostgreSQL, which
    /// checkpoints by itself.
    ///
    /// # Errors
    /// When the store cannot be written.
    pub async fn checkpoint(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.checkpoint().await,
            Store::Postgres(_) => Ok(()),
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
        each!(self, s => s.finished_games(board, seats).await)
    }

    /// Claims table `id` for this server when nobody's lease on it runs (none, expired or
    /// handed back), in one statement that raises its epoch; the new epoch, or none when
    /// another server holds it. The SQLite store has one server: always granted, epoch 1.
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub async fn claim(&self, id: TableId) -> Result<Option<u64>, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(Some(1)),
            Store::Postgres(p) => p.claim(id).await,
        }
    }

    /// Hands back this server's leases on `ids` (all of them when `None`, and then its
    /// heartbeat too: it is stopping), so that another server claims them at once.
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub async fn release(&self, ids: Option<&[TableId]>) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(_) => Ok(()),
            Store::Postgres(p) => p.release(ids).await,
        }
    }

    /// Who serves table `id` (none when nobody ever claimed it, and always with SQLite).
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub async fn owner(&self, id: TableId) -> Result<Option<Owner>, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(None),
            Store::Postgres(p) => p.owner(id).await,
        }
    }

    /// The addresses of the servers running now (their heartbeat not expired), this one's
    /// included; empty with SQLite.
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub async fn peers(&self) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(Vec::new()),
            Store::Postgres(p) => p.peers().await,
        }
    }
}

/// Moderation (`moderation.rs`): the sanctions in force, the moderation log, the reports and
/// the moderators' keys.
impl Store {
    /// The stored key hash of the moderator whose name is `name`, letter case aside (none when
    /// nobody of that name is a moderator).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn moderator_key(&self, name: &str) -> Result<Option<String>, StoreError> {
        each!(self, s => s.moderator_key(name).await)
    }

    /// Stores `sanction` and its log `entry` in one transaction; the sanction's id. With several
    /// servers, the others hear of it.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn sanction(&self, sanction: &Sanction, entry: &LogEntry) -> Result<i64, StoreError> {
        each!(self, s => s.sanction(sanction, entry).await)
    }

    /// Ends sanction `id` at `entry.at` (it is marked lifted, never deleted), logging `entry`,
    /// in one transaction; false when there is no such sanction in force (nothing is written).
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn lift(&self, id: i64, entry: &LogEntry) -> Result<bool, StoreError> {
        each!(self, s => s.lift(id, entry).await)
    }

    /// The sanctions in force at `now` (ending after it, not lifted), oldest first.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn sanctions(&self, now: i64) -> Result<Vec<Sanction>, StoreError> {
        each!(self, s => s.sanctions(now).await)
    }

    /// Writes one more entry of the moderation log; its id.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn log(&self, entry: &LogEntry) -> Result<i64, StoreError> {
        each!(self, s => s.log(entry).await)
    }

    /// The moderation log, newest first, at most `limit` entries, only those whose id is below
    /// `before` when given (the next page).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn read_log(
        &self,
        limit: usize,
        before: Option<i64>,
    ) -> Result<Vec<LogEntry>, StoreError> {
        each!(self, s => s.read_log(limit, before).await)
    }

    /// Stores a person's report, with the reported person's last messages; its id. With
    /// several servers, the others hear of it.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn report(&self, report: &Report) -> Result<i64, StoreError> {
        each!(self, s => s.report(report).await)
    }

    /// The reports, oldest first: only those nobody handled yet with `open_only`.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn reports(&self, open_only: bool) -> Result<Vec<Report>, StoreError> {
        each!(self, s => s.reports(open_only).await)
    }

    /// Marks open report `id` handled by moderator `by` at `now`, logging `entry`, in one
    /// transaction; false when there is no such open report (handled already, or none).
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn handle_report(
        &self,
        id: i64,
        by: &str,
        now: i64,
        entry: &LogEntry,
    ) -> Result<bool, StoreError> {
        each!(self, s => s.handle_report(id, by, now, entry).await)
    }
}

/// Members (`members.rs`): the optional accounts, their sessions, their blocks and the tables
/// each sat at.
#[allow(
    dead_code,
    reason = "a password changed and the count of members are the store's part of what comes next (passkeys, the benchmark's figures): only its tests and the benchmark call them yet"
)]
impl Store {
    /// Creates a member (settings `{}`); none when a member's name already shares any of
    /// `member.keys` (the unique index of each key refuses it, so of two people taking names
    /// that are one at the same moment, on any server, exactly one gets it).
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn create_member(&self, member: &NewMember) -> Result<Option<Member>, StoreError> {
        each!(self, s => s.create_member(member).await)
    }

    /// The member whose name shares any of `keys` (none when nobody's does). When several
    /// members share one key each, the one sharing `looks`, else `letters`, else `heard`.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn member_named(&self, keys: &NameKeys) -> Result<Option<Member>, StoreError> {
        each!(self, s => s.member_named(keys).await)
    }

    /// Member `id` (none when there is no such member).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn member(&self, id: i64) -> Result<Option<Member>, StoreError> {
        each!(self, s => s.member(id).await)
    }

    /// How many members there are.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn members_count(&self) -> Result<u64, StoreError> {
        each!(self, s => s.members_count().await)
    }

    /// Opens a session of member `member_id` at `at`, kept under `secret_hash` (the hex SHA-256
    /// of the secret the browser holds), until `expires_at`. With several servers, the others
    /// hear of it.
    ///
    /// # Errors
    /// When the store refuses the write: no such member, or a session under that hash already.
    pub async fn open_session(
        &self,
        member_id: i64,
        secret_hash: &str,
        at: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        each!(self, s => s.open_session(member_id, secret_hash, at, expires_at).await)
    }

    /// The member of the session kept under `secret_hash`, when it has not expired at `now`
    /// (it expires at its `expires_at`); none otherwise.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn session_member(
        &self,
        secret_hash: &str,
        now: i64,
    ) -> Result<Option<Member>, StoreError> {
        each!(self, s => s.session_member(secret_hash, now).await)
    }

    /// Closes the session kept under `secret_hash` (signing out); false when there was none.
    /// With several servers, the others hear of it.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn close_session(&self, secret_hash: &str) -> Result<bool, StoreError> {
        each!(self, s => s.close_session(secret_hash).await)
    }

    /// Closes every session of member `member_id` (signing out everywhere); how many there
    /// were. With several servers, the others hear of it.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn close_sessions(&self, member_id: i64) -> Result<u64, StoreError> {
        each!(self, s => s.close_sessions(member_id).await)
    }

    /// Sets member `member_id`'s password (an argon2id PHC string), or removes it with none.
    /// With several servers, the others hear of it.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn set_password(
        &self,
        member_id: i64,
        password: Option<String>,
    ) -> Result<(), StoreError> {
        each!(self, s => s.set_password(member_id, password).await)
    }

    /// Sets member `member_id`'s settings (a JSON object as text, kept as given). With several
    /// servers, the others hear of it.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn set_settings(&self, member_id: i64, settings: &str) -> Result<(), StoreError> {
        each!(self, s => s.set_settings(member_id, settings).await)
    }

    /// Deletes member `id`, with their sessions, their blocks both ways and their list of
    /// tables, in one transaction: the name's keys are free again. False when there was no such
    /// member. With several servers, the others hear of it (and of each member whose blocks
    /// went with it).
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn delete_member(&self, id: i64) -> Result<bool, StoreError> {
        each!(self, s => s.delete_member(id).await)
    }

    /// Member `member_id` blocks member `blocked_id` from `at`; false when they did already
    /// (nothing changes). With several servers, the others hear of it, for both members.
    ///
    /// # Errors
    /// When the store refuses the write: either member does not exist.
    pub async fn block(
        &self,
        member_id: i64,
        blocked_id: i64,
        at: i64,
    ) -> Result<bool, StoreError> {
        each!(self, s => s.block(member_id, blocked_id, at).await)
    }

    /// Member `member_id` no longer blocks member `blocked_id`; false when they did not. With
    /// several servers, the others hear of it, for both members.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn unblock(&self, member_id: i64, blocked_id: i64) -> Result<bool, StoreError> {
        each!(self, s => s.unblock(member_id, blocked_id).await)
    }

    /// The members member `member_id` blocks: each id and name, by name (in the order of its
    /// characters' code points, on both backends).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn blocked(&self, member_id: i64) -> Result<Vec<(i64, String)>, StoreError> {
        each!(self, s => s.blocked(member_id).await)
    }

    /// The members who block member `member_id`, by id: all of them, or (`at`) those who
    /// sat at that table (a blocked member does not join their waiting tables).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn blockers(
        &self,
        member_id: i64,
        at: Option<TableId>,
    ) -> Result<Vec<i64>, StoreError> {
        each!(self, s => s.blockers(member_id, at).await)
    }

    /// Notes that member `member_id` sat at table `table_id` in seat `seat`; once noted, a
    /// second call for the same table changes nothing (the first seat stays). The list outlives
    /// the table (retention may delete it).
    ///
    /// # Errors
    /// When the store refuses the write: no such member.
    pub async fn add_member_table(
        &self,
        member_id: i64,
        table_id: TableId,
        seat: u32,
    ) -> Result<(), StoreError> {
        each!(self, s => s.add_member_table(member_id, table_id, seat).await)
    }

    /// The tables member `member_id` sat at, each with the seat, newest (largest id) first, at
    /// most `limit`, only those whose id is below `before` when given (the next page).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn member_tables(
        &self,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
    ) -> Result<Vec<(TableId, u32)>, StoreError> {
        each!(self, s => s.member_tables(member_id, before, limit).await)
    }

    /// The finished games (won or drawn) of the tables member `member_id` sat at, newest
    /// (largest id) first, at most `limit`, only those whose id is below `before` when given
    /// (the next page): each with its board, rules, lobby row, result and the member's seat.
    /// Read through the index of the member's tables (member, table id).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn member_games(
        &self,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
    ) -> Result<Vec<MemberGame>, StoreError> {
        each!(self, s => s.member_games(member_id, before, limit).await)
    }

    /// Member `member_id`'s finished games by board and rules: how many played, how many won
    /// (the winner's number is their seat's), the most played first.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn game_figures(&self, member_id: i64) -> Result<Vec<GameFigures>, StoreError> {
        each!(self, s => s.game_figures(member_id).await)
    }

    /// At the start of table `table_id`, the members whose seat became another player's
    /// number (`(seat, player)` pairs) take that number in their list of tables, in one
    /// statement ([`Store::append`] calls it for a start that renumbered seats).
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn renumber_seats(
        &self,
        table_id: TableId,
        seats: Vec<(u32, u32)>,
    ) -> Result<(), StoreError> {
        each!(self, s => s.renumber_seats(table_id, seats).await)
    }

    /// Deletes every session expired at `now` (whose `expires_at` is not after it); how many.
    /// With several servers, the others hear of each member whose sessions went.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn delete_expired_sessions(&self, now: i64) -> Result<u64, StoreError> {
        each!(self, s => s.delete_expired_sessions(now).await)
    }
}

/// Passkeys (`passkeys.rs`): each member's, the challenges of the ceremonies, the user handles.
impl Store {
    /// Keeps a challenge given for a passkey ceremony, until its `expires_at`.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn put_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        each!(self, s => s.put_challenge(challenge).await)
    }

    /// Deletes the challenge under `bytes` and returns it (none: never given, taken already or
    /// swept): of two answers carrying one challenge, on any server, at most one finds it.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn take_challenge(&self, bytes: &[u8]) -> Result<Option<Challenge>, StoreError> {
        each!(self, s => s.take_challenge(bytes).await)
    }

    /// Deletes every challenge expired at `now`; how many.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn delete_expired_challenges(&self, now: i64) -> Result<u64, StoreError> {
        each!(self, s => s.delete_expired_challenges(now).await)
    }

    /// Member `member_id`'s user handle for passkeys: `new` when they had none (kept from then
    /// on). None when there is no such member.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn user_handle(
        &self,
        member_id: i64,
        new: &[u8],
    ) -> Result<Option<Vec<u8>>, StoreError> {
        each!(self, s => s.user_handle(member_id, new).await)
    }

    /// Creates a member without a password, with user handle `handle` and one passkey, in one
    /// transaction; [`PasskeyTaken`] (nothing written) when the name shares a key with a
    /// member's, or the credential is kept already.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn create_passkey_member(
        &self,
        member: &NewMember,
        handle: &[u8],
        passkey: &NewPasskey,
    ) -> Result<Result<Member, PasskeyTaken>, StoreError> {
        each!(self, s => s.create_passkey_member(member, handle, passkey).await)
    }

    /// Adds a passkey to member `member_id`; false (nothing written) when its credential id is
    /// kept already, whoever's.
    ///
    /// # Errors
    /// When the store refuses the write: no such member.
    pub async fn add_passkey(
        &self,
        member_id: i64,
        passkey: &NewPasskey,
    ) -> Result<bool, StoreError> {
        each!(self, s => s.add_passkey(member_id, passkey).await)
    }

    /// The passkey of `credential_id`, with its member's user handle.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn passkey(&self, credential_id: &[u8]) -> Result<Option<Passkey>, StoreError> {
        each!(self, s => s.passkey(credential_id).await)
    }

    /// Member `member_id`'s passkeys, oldest first.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn passkeys(&self, member_id: i64) -> Result<Vec<Passkey>, StoreError> {
        each!(self, s => s.passkeys(member_id).await)
    }

    /// Notes that passkey `id` signed in at `at` with counter `new`, when its counter is still
    /// `old` (two sign-ins with one counter value: one of them only); whether it was.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn use_passkey(
        &self,
        id: i64,
        old: u32,
        new: u32,
        at: i64,
    ) -> Result<bool, StoreError> {
        each!(self, s => s.use_passkey(id, old, new, at).await)
    }

    /// Deletes member `member_id`'s passkey `id`, unless it is their last way to sign in (no
    /// password, no other passkey); whether it went.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn delete_passkey(&self, member_id: i64, id: i64) -> Result<bool, StoreError> {
        each!(self, s => s.delete_passkey(member_id, id).await)
    }
}
