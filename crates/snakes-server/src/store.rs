//! The SQLite store: every table's set-up and its event log.
//!
//! One thread owns the connection; tables send it requests over a channel and wait for the
//! answer. Appends that arrive together are written in one transaction (group commit), so many
//! busy tables cost one disk sync, not one each. The schema is versioned by `user_version`.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

use crate::protocol::{GameResult, TableId};

/// Why the store failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError {
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "store: {}", self.message)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError {
            message: e.to_string(),
        }
    }
}

fn closed() -> StoreError {
    StoreError {
        message: "the store is closed".to_string(),
    }
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
    /// The dice seed. Never leaves the server.
    pub seed: u64,
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
    /// A seat's secret: `(seq of the join event, token)`.
    pub token: Option<(u64, String)>,
    /// The outcome, when the game ended.
    pub result: Option<GameResult>,
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
    /// Seat secrets by the seq of their join event.
    pub tokens: HashMap<u64, String>,
}

enum Request {
    Create(TableRecord, oneshot::Sender<Result<TableId, StoreError>>),
    Append(Append, oneshot::Sender<Result<(), StoreError>>),
    LoadAll(oneshot::Sender<Result<Vec<StoredTable>, StoreError>>),
    LoadOne(
        TableId,
        oneshot::Sender<Result<Vec<StoredTable>, StoreError>>,
    ),
}

/// A handle on the store thread. Cheap to clone.
#[derive(Clone)]
pub struct Store {
    tx: mpsc::Sender<Request>,
}

/// The schema, one entry per version; `user_version` says how many have been applied.
const MIGRATIONS: &[&str] = &[
    // 1: tables, their event logs, seat secrets and results.
    "CREATE TABLE tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at INTEGER NOT NULL,
        board_name TEXT NOT NULL,
        board TEXT NOT NULL,
        rules TEXT NOT NULL,
        seats INTEGER NOT NULL,
        seed INTEGER NOT NULL
    );
    CREATE TABLE events (
        table_id INTEGER NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        event TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE tokens (
        table_id INTEGER NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        token TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE results (
        table_id INTEGER PRIMARY KEY REFERENCES tables(id),
        winner INTEGER NOT NULL,
        winner_name TEXT NOT NULL,
        turns INTEGER NOT NULL,
        rolls INTEGER NOT NULL,
        squares TEXT NOT NULL
    );",
];

/// Opens (creating and migrating when needed) the database at `path`.
fn open(path: &Path, full_sync: bool) -> Result<Connection, StoreError> {
    let mut conn = Connection::open(path)?;
    // WAL: a commit is in the log file when `append` returns, so a killed process loses
    // nothing. NORMAL leaves the disk sync to checkpoints (a power cut can lose the last
    // commits, never corrupt the file); FULL syncs every commit (group commit amortises it).
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(
        None,
        "synchronous",
        if full_sync { "FULL" } else { "NORMAL" },
    )?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    let version: usize = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > MIGRATIONS.len() {
        return Err(StoreError {
            message: format!(
                "{} has schema version {version}, newer than this server's {}",
                path.display(),
                MIGRATIONS.len()
            ),
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", i + 1)?;
        tx.commit()?;
    }
    Ok(conn)
}

/// Takes the lock file beside the database, so that two servers never write one log: their
/// sequence numbers would collide. Waits a little for a server that is still closing.
fn lock(path: &Path, attempts: u32) -> Result<std::fs::File, StoreError> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = PathBuf::from(name);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| StoreError {
            message: format!("cannot open {}: {e}", lock_path.display()),
        })?;
    for attempt in 1..=attempts {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(std::fs::TryLockError::WouldBlock) => {
                if attempt < attempts {
                    thread::sleep(std::time::Duration::from_millis(50));
                }
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(StoreError {
                    message: format!("cannot lock {}: {e}", lock_path.display()),
                });
            }
        }
    }
    Err(StoreError {
        message: format!(
            "another snakes server is using {} (its lock {} is held)",
            path.display(),
            lock_path.display()
        ),
    })
}

impl Store {
    /// Opens the database at `path` (created and migrated on first use) on its own thread.
    /// The thread holds `PATH.lock` while it runs.
    ///
    /// # Errors
    /// When the file cannot be opened or migrated, or another server holds it.
    pub fn open(path: &Path, full_sync: bool) -> Result<Store, StoreError> {
        Store::open_waiting(path, full_sync, 100)
    }

    fn open_waiting(path: &Path, full_sync: bool, attempts: u32) -> Result<Store, StoreError> {
        let lock = lock(path, attempts)?;
        let conn = open(path, full_sync)?;
        let (tx, rx) = mpsc::channel();
        let path: PathBuf = path.to_path_buf();
        // Checkpoints (copying the log into the database file, with a disk sync) run on a
        // thread of their own: in the writer's commit they would stall every table at once.
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        let checkpoints = Connection::open(&path)?;
        checkpoints.busy_timeout(std::time::Duration::from_secs(5))?;
        let (stop, stopped) = mpsc::channel::<()>();
        let checkpointer = thread::Builder::new()
            .name("snakes-checkpoint".into())
            .spawn(move || checkpoint_loop(&checkpoints, &stopped))
            .map_err(|e| StoreError {
                message: format!("cannot start the checkpoint thread: {e}"),
            })?;
        thread::Builder::new()
            .name("snakes-store".into())
            .spawn(move || {
                run(conn, rx, &path);
                drop(stop);
                let _ = checkpointer.join();
                // The lock goes only once the last write is done.
                drop(lock);
            })
            .map_err(|e| StoreError {
                message: format!("cannot start the store thread: {e}"),
            })?;
        Ok(Store { tx })
    }

    /// Creates a table; returns its id.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn create(&self, record: TableRecord) -> Result<TableId, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(Request::Create(record, tx))
            .map_err(|_| closed())?;
        rx.await.map_err(|_| closed())?
    }

    /// Appends events to a table's log; returns once they are committed.
    ///
    /// # Errors
    /// When the database refuses the write (for example a sequence number already used).
    pub async fn append(&self, append: Append) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(Request::Append(append, tx))
            .map_err(|_| closed())?;
        rx.await.map_err(|_| closed())?
    }

    /// Every table with its log.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn load_all(&self) -> Result<Vec<StoredTable>, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.tx.send(Request::LoadAll(tx)).map_err(|_| closed())?;
        rx.await.map_err(|_| closed())?
    }

    /// One table with its log (none when no table has that id).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn load_one(&self, id: TableId) -> Result<Option<StoredTable>, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(Request::LoadOne(id, tx))
            .map_err(|_| closed())?;
        Ok(rx.await.map_err(|_| closed())??.pop())
    }
}

/// The store thread: serves requests until every handle is dropped.
fn run(mut conn: Connection, rx: mpsc::Receiver<Request>, path: &Path) {
    tracing::debug!(path = %path.display(), "store open");
    let mut batch: Vec<(Append, oneshot::Sender<Result<(), StoreError>>)> = Vec::new();
    while let Ok(first) = rx.recv() {
        let mut next = Some(first);
        while let Some(request) = next.take() {
            match request {
                Request::Append(a, reply) => batch.push((a, reply)),
                other => {
                    flush(&mut conn, &mut batch);
                    serve_one(&mut conn, other);
                }
            }
            if batch.len() < 512 {
                next = rx.try_recv().ok();
            }
        }
        flush(&mut conn, &mut batch);
    }
    tracing::debug!("store closed");
}

/// Copies the write-ahead log into the database about once a second without blocking the
/// writer (PASSIVE), and completely (TRUNCATE) when the store closes.
fn checkpoint_loop(conn: &Connection, stop: &mpsc::Receiver<()>) {
    let checkpoint = |mode: &str| {
        if let Err(e) = conn.query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |_| Ok(())) {
            tracing::warn!(error = %e, "checkpoint failed");
        }
    };
    while let Err(mpsc::RecvTimeoutError::Timeout) =
        stop.recv_timeout(std::time::Duration::from_secs(1))
    {
        checkpoint("PASSIVE");
    }
    checkpoint("TRUNCATE");
}

fn serve_one(conn: &mut Connection, request: Request) {
    match request {
        Request::Create(record, reply) => {
            let _ = reply.send(create(conn, &record));
        }
        Request::LoadAll(reply) => {
            let _ = reply.send(load(conn, None));
        }
        Request::LoadOne(id, reply) => {
            let _ = reply.send(load(conn, Some(id)));
        }
        Request::Append(a, reply) => {
            let _ = reply.send(append_all(conn, std::slice::from_ref(&a)));
        }
    }
}

/// Writes the waiting appends in one transaction; if that fails, each on its own so that one
/// bad append does not sink the others.
fn flush(
    conn: &mut Connection,
    batch: &mut Vec<(Append, oneshot::Sender<Result<(), StoreError>>)>,
) {
    if batch.is_empty() {
        return;
    }
    let appends: Vec<Append> = batch.iter().map(|(a, _)| a.clone()).collect();
    match append_all(conn, &appends) {
        Ok(()) => {
            for (_, reply) in batch.drain(..) {
                let _ = reply.send(Ok(()));
            }
        }
        Err(_) => {
            for (a, reply) in batch.drain(..) {
                let result = append_all(conn, std::slice::from_ref(&a));
                if let Err(e) = &result {
                    tracing::error!(table = a.table, error = %e, "append failed");
                }
                let _ = reply.send(result);
            }
        }
    }
}

fn append_all(conn: &mut Connection, appends: &[Append]) -> Result<(), StoreError> {
    let tx = conn.transaction()?;
    {
        let mut event =
            tx.prepare_cached("INSERT INTO events (table_id, seq, event) VALUES (?1, ?2, ?3)")?;
        let mut token =
            tx.prepare_cached("INSERT INTO tokens (table_id, seq, token) VALUES (?1, ?2, ?3)")?;
        let mut result = tx.prepare_cached(
            "INSERT INTO results (table_id, winner, winner_name, turns, rolls, squares)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for a in appends {
            let table = a.table as i64;
            for (seq, json) in &a.events {
                event.execute(params![table, *seq as i64, json])?;
            }
            if let Some((seq, secret)) = &a.token {
                token.execute(params![table, *seq as i64, secret])?;
            }
            if let Some(r) = &a.result {
                let squares = serde_json::to_string(&r.squares).unwrap_or_default();
                result.execute(params![
                    table,
                    r.winner as i64,
                    r.winner_name,
                    r.turns,
                    r.rolls,
                    squares
                ])?;
            }
        }
    }
    tx.commit()?;
    Ok(())
}

fn create(conn: &mut Connection, r: &TableRecord) -> Result<TableId, StoreError> {
    conn.execute(
        "INSERT INTO tables (created_at, board_name, board, rules, seats, seed)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            r.created_at,
            r.board_name,
            r.board,
            r.rules,
            r.seats as i64,
            // SQLite integers are signed: keep the seed's 64 bits as they are.
            r.seed as i64
        ],
    )?;
    Ok(conn.last_insert_rowid() as TableId)
}

/// Every table (`only` is `None`) or one, with logs and secrets.
fn load(conn: &mut Connection, only: Option<TableId>) -> Result<Vec<StoredTable>, StoreError> {
    // -1 matches no id: "every table" when `only` is unset.
    let only = only.map_or(-1, |id| id as i64);
    let mut tables = Vec::new();
    let mut stmt = conn.prepare(
        "SELECT id, created_at, board_name, board, rules, seats, seed FROM tables
         WHERE ?1 = -1 OR id = ?1 ORDER BY id",
    )?;
    let rows = stmt.query_map([only], |r| {
        Ok(StoredTable {
            id: r.get::<_, i64>(0)? as TableId,
            record: TableRecord {
                created_at: r.get(1)?,
                board_name: r.get(2)?,
                board: r.get(3)?,
                rules: r.get(4)?,
                seats: r.get::<_, i64>(5)? as usize,
                seed: r.get::<_, i64>(6)? as u64,
            },
            events: Vec::new(),
            tokens: HashMap::new(),
        })
    })?;
    for row in rows {
        tables.push(row?);
    }
    let mut index: HashMap<TableId, usize> = HashMap::new();
    for (i, t) in tables.iter().enumerate() {
        index.insert(t.id, i);
    }
    let mut events = conn.prepare(
        "SELECT table_id, seq, event FROM events WHERE ?1 = -1 OR table_id = ?1
         ORDER BY table_id, seq",
    )?;
    let mut rows = events.query([only])?;
    while let Some(r) = rows.next()? {
        let id = r.get::<_, i64>(0)? as TableId;
        if let Some(&i) = index.get(&id) {
            tables[i]
                .events
                .push((r.get::<_, i64>(1)? as u64, r.get(2)?));
        }
    }
    let mut tokens =
        conn.prepare("SELECT table_id, seq, token FROM tokens WHERE ?1 = -1 OR table_id = ?1")?;
    let mut rows = tokens.query([only])?;
    while let Some(r) = rows.next()? {
        let id = r.get::<_, i64>(0)? as TableId;
        if let Some(&i) = index.get(&id) {
            tables[i]
                .tokens
                .insert(r.get::<_, i64>(1)? as u64, r.get(2)?);
        }
    }
    Ok(tables)
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

/// Every finished game on `board` (a layout as JSON, as tables store it) with `seats` seats, in
/// one query over the results, on a connection of its own (reads do not wait for the writer).
///
/// # Errors
/// When the file cannot be read.
pub fn finished_games(
    path: &Path,
    board: &str,
    seats: usize,
) -> Result<Vec<FinishedGame>, StoreError> {
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    let mut stmt = conn.prepare(
        "SELECT t.rules, (r.turns - 1) / t.seats + 1 FROM results r
         JOIN tables t ON t.id = r.table_id
         WHERE t.board = ?1 AND t.seats = ?2 AND r.turns > 0",
    )?;
    let rows = stmt.query_map(params![board, seats as i64], |r| {
        Ok(FinishedGame {
            rules: r.get(0)?,
            rounds: r.get::<_, i64>(1)? as u64,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The number of events stored for `table` (for tests and checks).
///
/// # Errors
/// When the file cannot be read.
pub fn count_events(path: &Path, table: TableId) -> Result<u64, StoreError> {
    let conn = Connection::open(path)?;
    let n: Option<i64> = conn
        .query_row(
            "SELECT COUNT(*) FROM events WHERE table_id = ?1",
            [table as i64],
            |r| r.get(0),
        )
        .optional()?;
    Ok(n.unwrap_or(0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_db(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("snakes-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("snakes.db")
    }

    fn record() -> TableRecord {
        TableRecord {
            board_name: "classic".into(),
            board: "{}".into(),
            rules: "standard".into(),
            seats: 2,
            seed: u64::MAX - 3,
            created_at: 1,
        }
    }

    #[tokio::test]
    async fn appends_survive_reopening_and_seqs_are_unique() {
        let path = temp_db("reopen");
        let store = Store::open(&path, false).unwrap();
        let id = store.create(record()).await.unwrap();
        store
            .append(Append {
                table: id,
                events: vec![(1, "a".into()), (2, "b".into())],
                token: Some((1, "secret".into())),
                result: None,
            })
            .await
            .unwrap();
        let again = store
            .append(Append {
                table: id,
                events: vec![(2, "c".into())],
                ..Append::default()
            })
            .await;
        assert!(again.is_err(), "a seq is written once");
        drop(store);
        let store = Store::open(&path, false).unwrap();
        let tables = store.load_all().await.unwrap();
        assert_eq!(tables.len(), 1);
        assert_eq!(tables[0].record, record(), "the seed keeps its 64 bits");
        assert_eq!(
            tables[0].events,
            vec![(1, "a".to_string()), (2, "b".to_string())]
        );
        assert_eq!(tables[0].tokens.get(&1).map(String::as_str), Some("secret"));
        assert_eq!(count_events(&path, id).unwrap(), 2);
    }

    #[test]
    fn one_server_per_file() {
        let path = temp_db("lock");
        let first = Store::open(&path, false).unwrap();
        let err = Store::open_waiting(&path, false, 1).err().unwrap();
        assert!(err.message.contains("another snakes server"), "{err}");
        drop(first);
        // The lock is released when the store thread ends, shortly after the last handle.
        Store::open(&path, false).unwrap();
    }

    #[test]
    fn migrations_set_the_version_once() {
        let path = temp_db("migrate");
        drop(open(&path, true).unwrap());
        let conn = open(&path, false).unwrap();
        let v: usize = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, MIGRATIONS.len());
        conn.pragma_update(None, "user_version", 99).unwrap();
        drop(conn);
        let err = open(&path, false).unwrap_err();
        assert!(err.message.contains("schema version 99"), "{err}");
    }
}
