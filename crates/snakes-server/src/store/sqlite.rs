//! The SQLite backend of the store: one thread owns the connection; tables send it requests
//! over a channel and wait for the answer. Appends that arrive together are written in one
//! transaction (group commit), so many busy tables cost one disk sync, not one each. The schema
//! is versioned by `user_version`.
//!
//! The file holds the dice's keys and the hashes of seat tokens (never the tokens), so it is
//! created readable by its owner only (0600; SQLite gives its `-wal` and `-shm` files the same
//! mode). While a server uses it, that server holds a lock on the database file itself (not on
//! a name beside it), so a second server is kept off it through any symbolic or hard link.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;

use rusqlite::{Connection, params};
use tokio::sync::oneshot;

use super::members::on_sqlite as member_sql;
use super::moderation::on_sqlite;
use super::passkeys::on_sqlite as passkey_sql;
use super::passkeys::{Challenge, NewPasskey, Passkey, Taken};
use super::{
    Append, FinishedGame, GameFigures, Listed, LobbyRow, LogEntry, Member, MemberGame, NameKeys,
    NewMember, Report, Sanction, StoreError, StoredTable, TableRecord,
};
use crate::protocol::TableId;
use crate::secret::{DiceKeys, DiceSource, Secret};

enum Request {
    Create(
        TableRecord,
        DiceKeys,
        oneshot::Sender<Result<(TableId, DiceSource), StoreError>>,
    ),
    Append(Append, oneshot::Sender<Result<(), StoreError>>),
    /// Anything else, run on the connection in turn with the writes.
    Run(Box<dyn FnOnce(&mut Connection) + Send>),
}

/// A handle on the SQLite store's thread. Cheap to clone.
#[derive(Clone)]
pub struct Sqlite {
    tx: mpsc::Sender<Request>,
    /// The database, for the reads made on a connection of their own.
    path: PathBuf,
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
    // 2: a bounce names the square where the count turned back (the last square of the
    // table's board, whose stored layout gives its size or its rows and columns).
    "UPDATE events SET event = json_set(event, '$.turned_at', (
        SELECT coalesce(
            json_extract(t.board, '$.size') * json_extract(t.board, '$.size'),
            json_extract(t.board, '$.rows') * json_extract(t.board, '$.cols'))
        FROM tables t WHERE t.id = events.table_id))
    WHERE json_extract(event, '$.type') = 'bounced'
        AND json_extract(event, '$.turned_at') IS NULL;",
    // 3: the dice of new games are ChaCha20 from a 256-bit key (old games keep their seed); seat
    // tokens are kept as their SHA-256 (see `hash_tokens`, run with this step).
    "ALTER TABLE tables ADD COLUMN dice_key BLOB;",
    // 4: each table's status, once it is over when, and its lobby row in words (`summary`),
    // so that a start reads the tables in play and lists the finished ones without reading their
    // logs. Tables of before take their status from their logs, and those already over count as
    // over from the upgrade on (their logs hold no time); their lobby rows are written by the
    // server, which replays each log once (`Store::unlisted`).
    "ALTER TABLE tables ADD COLUMN status TEXT;
    ALTER TABLE tables ADD COLUMN finished_at INTEGER;
    ALTER TABLE tables ADD COLUMN summary TEXT;
    CREATE INDEX tables_status ON tables (status, id);
    UPDATE tables SET status = (
        SELECT CASE
            WHEN sum(json_extract(e.event, '$.type') = 'abandoned') > 0 THEN 'abandoned'
            WHEN sum(json_extract(e.event, '$.type') IN ('finished', 'drawn')) > 0 THEN 'finished'
            WHEN sum(json_extract(e.event, '$.type') = 'started') > 0 THEN 'playing'
            ELSE 'waiting' END
        FROM events e WHERE e.table_id = tables.id);
    UPDATE tables SET finished_at = CAST(strftime('%s', 'now') AS INTEGER)
    WHERE status IN ('finished', 'abandoned');",
    // 5: why a quarantined table's log cannot be rebuilt (its status is then 'quarantined').
    "ALTER TABLE tables ADD COLUMN damage TEXT;",
    // 6: moderation (`moderation.rs`): the moderators, each a name (looked up lower-cased, in
    // `folded`) and the SHA-256 of a key; the sanctions, lifted but never deleted; the log of
    // what moderators and the operator did; the people's reports, with the reported person's
    // last messages as a JSON array. Times in milliseconds since the Unix epoch.
    "CREATE TABLE moderators (
        folded TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        key_hash TEXT NOT NULL,
        granted_at INTEGER NOT NULL
    );
    CREATE TABLE sanctions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        name TEXT,
        network TEXT,
        reason TEXT NOT NULL,
        by_name TEXT NOT NULL,
        made_at INTEGER NOT NULL,
        ends_at INTEGER NOT NULL,
        lifted_at INTEGER
    );
    CREATE INDEX sanctions_in_force ON sanctions (ends_at) WHERE lifted_at IS NULL;
    CREATE TABLE moderation_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        logged_at INTEGER NOT NULL,
        by_name TEXT NOT NULL,
        action TEXT NOT NULL,
        whom TEXT NOT NULL,
        why TEXT NOT NULL,
        ends_at INTEGER
    );
    CREATE TABLE reports (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        made_at INTEGER NOT NULL,
        by_name TEXT NOT NULL,
        whom TEXT NOT NULL,
        reason TEXT NOT NULL,
        place INTEGER,
        messages TEXT NOT NULL,
        handled_by TEXT,
        handled_at INTEGER
    );
    CREATE INDEX reports_open ON reports (id) WHERE handled_at IS NULL;",
    // 7: members (`members.rs`): each a name as chosen and its three keys, each key unique (two
    // names are one when any key is equal), a password's argon2id string and the settings (a
    // JSON object); their sessions, by the SHA-256 of the secret; whom each blocks; the tables
    // each sat at (no foreign key to `tables`: retention deletes tables, the list stays). A
    // member deleted takes their rows with them (`ON DELETE CASCADE`: the store's connections
    // enforce foreign keys). Times in milliseconds since the Unix epoch.
    "CREATE TABLE members (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        looks TEXT NOT NULL,
        letters TEXT NOT NULL,
        plain TEXT NOT NULL,
        password TEXT,
        settings TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX members_looks ON members (looks);
    CREATE UNIQUE INDEX members_letters ON members (letters);
    CREATE UNIQUE INDEX members_plain ON members (plain);
    CREATE TABLE member_sessions (
        secret_hash TEXT PRIMARY KEY,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX member_sessions_member ON member_sessions (member_id);
    CREATE INDEX member_sessions_expiry ON member_sessions (expires_at);
    CREATE TABLE blocks (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        blocked_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (member_id, blocked_id)
    ) WITHOUT ROWID;
    CREATE INDEX blocks_blocked ON blocks (blocked_id);
    CREATE TABLE member_tables (
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        table_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        PRIMARY KEY (member_id, table_id)
    ) WITHOUT ROWID;
    CREATE INDEX member_tables_newest ON member_tables (member_id, table_id DESC);",
    // 8: passkeys (`passkeys.rs`): each member's user handle (16 random bytes, never their id or
    // name); each passkey by its unique credential id, with its COSE public key, its signature
    // counter, a label, when made and last used; the challenges not yet answered (taken once,
    // the expired ones swept hourly). A member deleted takes theirs with them.
    "ALTER TABLE members ADD COLUMN user_handle BLOB;
    CREATE UNIQUE INDEX members_user_handle ON members (user_handle);
    CREATE TABLE passkeys (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        credential_id BLOB NOT NULL UNIQUE,
        member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        public_key BLOB NOT NULL,
        sign_count INTEGER NOT NULL,
        label TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER
    );
    CREATE INDEX passkeys_member ON passkeys (member_id);
    CREATE TABLE passkey_challenges (
        challenge BLOB PRIMARY KEY,
        purpose TEXT NOT NULL,
        member_id INTEGER REFERENCES members(id) ON DELETE CASCADE,
        name TEXT,
        user_handle BLOB,
        expires_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
    CREATE INDEX passkey_challenges_member ON passkey_challenges (member_id);",
];

/// The migration whose step also hashes the stored seat tokens.
const HASH_TOKENS: usize = 2;

/// Replaces every stored seat token by its hash (tokens written before version 3).
fn hash_tokens(tx: &rusqlite::Transaction<'_>) -> Result<(), StoreError> {
    let rows: Vec<(i64, i64, String)> = tx
        .prepare("SELECT table_id, seq, token FROM tokens")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut update = tx.prepare("UPDATE tokens SET token = ?3 WHERE table_id = ?1 AND seq = ?2")?;
    for (table, seq, token) in rows {
        update.execute(params![table, seq, Secret::of_token(&token).stored()])?;
    }
    Ok(())
}

/// Opens (creating and migrating when needed) the database at `path`.
pub(super) fn open(path: &Path, full_sync: bool) -> Result<Connection, StoreError> {
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
    if conn.is_readonly(rusqlite::MAIN_DB)? {
        return Err(StoreError::ReadOnly {
            path: path.to_path_buf(),
        });
    }
    let version: usize = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > MIGRATIONS.len() {
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            found: version,
            supported: MIGRATIONS.len(),
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        if i == HASH_TOKENS {
            hash_tokens(&tx)?;
        }
        tx.pragma_update(None, "user_version", i + 1)?;
        tx.commit()?;
    }
    Ok(conn)
}

/// Opens the database file (creating it readable by its owner only) and locks it, so that two
/// servers never write one log: their sequence numbers would collide. The lock is on the file
/// itself, so a link to it under another name is the same file. Waits a little for a server
/// that is still closing.
///
/// The handle stays open as long as the store: closing a file SQLite has open would drop its
/// locks.
fn lock(path: &Path, attempts: u32) -> Result<std::fs::File, StoreError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(path).map_err(|source| match source.kind() {
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
            if path.exists() =>
        {
            StoreError::ReadOnly {
                path: path.to_path_buf(),
            }
        }
        _ => StoreError::LockFile {
            what: "open",
            path: path.to_path_buf(),
            source,
        },
    })?;
    for attempt in 1..=attempts {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(std::fs::TryLockError::WouldBlock) => {
                if attempt < attempts {
                    thread::sleep(std::time::Duration::from_millis(50));
                }
            }
            Err(std::fs::TryLockError::Error(source)) => {
                return Err(StoreError::LockFile {
                    what: "lock",
                    path: path.to_path_buf(),
                    source,
                });
            }
        }
    }
    Err(StoreError::Locked {
        db: path.to_path_buf(),
    })
}

impl Sqlite {
    /// Opens the database at `path` (created and migrated on first use) on its own thread.
    /// The thread holds a lock on the file while it runs.
    ///
    /// # Errors
    /// When the file cannot be opened, written or migrated, or another server holds it.
    pub fn open(path: &Path, full_sync: bool) -> Result<Sqlite, StoreError> {
        Sqlite::open_waiting(path, full_sync, 100)
    }

    fn open_waiting(path: &Path, full_sync: bool, attempts: u32) -> Result<Sqlite, StoreError> {
        let lock = lock(path, attempts)?;
        let conn = open(path, full_sync)?;
        let (tx, rx) = mpsc::channel();
        let path: PathBuf = path.to_path_buf();
        // Checkpoints (copying the log into the database file, with a disk sync) run on a
        // thread of their own: in the writer's commit they would stall every table at once.
        // The writer only starts the log again when it has grown past its bound (see
        // `bound_log`), after the checkpoints have copied nearly all of it.
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        conn.pragma_update(None, "journal_size_limit", WAL_BOUND_BYTES / 2)?;
        let checkpoints = Connection::open(&path)?;
        checkpoints.busy_timeout(std::time::Duration::from_secs(5))?;
        let (stop, stopped) = mpsc::channel::<()>();
        let checkpointer = thread::Builder::new()
            .name("snakes-checkpoint".into())
            .spawn(move || checkpoint_loop(&checkpoints, &stopped))
            .map_err(|source| StoreError::Thread {
                name: "checkpoint",
                source,
            })?;
        let store = Sqlite {
            tx,
            path: path.clone(),
        };
        thread::Builder::new()
            .name("snakes-store".into())
            .spawn(move || {
                run(conn, rx, &path);
                drop(stop);
                let _ = checkpointer.join();
                // The lock goes only once the last write is done.
                drop(lock);
            })
            .map_err(|source| StoreError::Thread {
                name: "store",
                source,
            })?;
        Ok(store)
    }

    /// Creates a table; returns its id and its dice: `record.dice`, or with seeded `keys`
    /// (tests) the key the seed gives the new id, written in the same transaction.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn create(
        &self,
        record: TableRecord,
        keys: DiceKeys,
    ) -> Result<(TableId, DiceSource), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(Request::Create(record, keys, tx))
            .map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// Appends events to a table's log; returns once they are committed.
    ///
    /// # Errors
    /// When the database refuses the write (for example a sequence number already used).
    pub async fn append(&self, append: Append) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(Request::Append(append, tx))
            .map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// Runs `f` on the store's connection, in turn with the writes.
    async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = oneshot::channel();
        let job = move |conn: &mut Connection| {
            let _ = tx.send(f(conn));
        };
        self.tx
            .send(Request::Run(Box::new(job)))
            .map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// The events of table `id` after `after`, in order.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn tail(&self, id: TableId, after: u64) -> Result<Vec<(u64, String)>, StoreError> {
        self.run(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT seq, event FROM events WHERE table_id = ?1 AND seq > ?2 ORDER BY seq",
            )?;
            let rows = stmt.query_map(params![id as i64, after as i64], |r| {
                Ok((r.get::<_, i64>(0)? as u64, r.get(1)?))
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    /// Marks table `id` quarantined, with why (one server: no epoch to check).
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn quarantine(
        &self,
        id: TableId,
        _epoch: u64,
        damage: String,
    ) -> Result<(), StoreError> {
        self.run(move |conn| {
            conn.execute(
                "UPDATE tables SET status = 'quarantined', damage = ?2 WHERE id = ?1",
                params![id as i64, damage],
            )?;
            Ok(())
        })
        .await
    }

    /// How many tables are quarantined.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn quarantined(&self) -> Result<u64, StoreError> {
        self.run(|conn| {
            let n: i64 = conn.query_row(
                "SELECT count(*) FROM tables WHERE status = 'quarantined'",
                [],
                |r| r.get(0),
            )?;
            Ok(n as u64)
        })
        .await
    }

    /// The tables waiting or playing, with their logs.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn open_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        self.run(open_tables).await
    }

    /// One table with its log (none when no table has that id).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn load_one(&self, id: TableId) -> Result<Option<StoredTable>, StoreError> {
        self.run(move |conn| load_one(conn, id)).await
    }

    /// The finished tables' lobby rows older than `before`, newest first, at most `limit`.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn finished_rows(
        &self,
        before: Option<TableId>,
        limit: usize,
    ) -> Result<Vec<Listed>, StoreError> {
        let before = before.map_or(i64::MAX, |b| b as i64);
        self.run(move |conn| {
            rows(
                conn,
                "SELECT id, status, summary FROM tables WHERE status = 'finished' AND id < ?1
                 ORDER BY id DESC LIMIT ?2",
                params![before, limit as i64],
            )
        })
        .await
    }

    /// The lobby rows of the tables waiting or playing.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn open_rows(&self) -> Result<Vec<Listed>, StoreError> {
        self.run(|conn| {
            rows(
                conn,
                concat!(
                    "SELECT id, status, summary FROM tables WHERE status IN ",
                    super::in_play!(),
                    "
                 ORDER BY id"
                ),
                params![],
            )
        })
        .await
    }

    /// One table's lobby row.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn row(&self, id: TableId) -> Result<Option<Listed>, StoreError> {
        self.run(move |conn| {
            let mut found = rows(
                conn,
                "SELECT id, status, summary FROM tables WHERE id = ?1",
                params![id as i64],
            )?;
            Ok(found.pop())
        })
        .await
    }

    /// The tables without a lobby row.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn unlisted(&self) -> Result<Vec<TableId>, StoreError> {
        self.run(|conn| {
            let mut stmt = conn.prepare(
                "SELECT id FROM tables WHERE status IS NULL
                 OR (summary IS NULL AND status <> 'abandoned') ORDER BY id",
            )?;
            let ids = stmt.query_map([], |r| Ok(r.get::<_, i64>(0)? as TableId))?;
            Ok(ids.collect::<Result<_, _>>()?)
        })
        .await
    }

    /// Writes a table's lobby row.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn set_row(&self, id: TableId, row: LobbyRow) -> Result<(), StoreError> {
        self.run(move |conn| {
            conn.execute(
                // A table already over keeps the time it ended (or the upgrade's, for tables
                // of before), so that --keep-finished-days counts from then.
                "UPDATE tables SET status = ?2, finished_at = coalesce(finished_at, ?3),
                    summary = ?4 WHERE id = ?1",
                params![id as i64, row.status, row.finished_at, row.summary],
            )?;
            Ok(())
        })
        .await
    }

    /// Copies the write-ahead log into the database and empties it, once every write asked
    /// for before is committed (requests are served in order).
    ///
    /// # Errors
    /// When the database cannot be written.
    pub async fn checkpoint(&self) -> Result<(), StoreError> {
        self.run(|conn| {
            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
            Ok(())
        })
        .await
    }

    /// Deletes at most `batch` tables finished or abandoned before `before` (unix seconds), but
    /// those of `keep`; returns their ids.
    ///
    /// # Errors
    /// When the database cannot be written.
    pub async fn delete_finished_before(
        &self,
        before: i64,
        batch: usize,
        keep: Vec<TableId>,
    ) -> Result<Vec<TableId>, StoreError> {
        self.run(move |conn| delete_finished(conn, before, batch, &keep))
            .await
    }

    /// The stored key hash of moderator `name`, letter case aside.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn moderator_key(&self, name: &str) -> Result<Option<String>, StoreError> {
        let name = name.to_string();
        self.run(move |conn| on_sqlite::moderator_key(conn, &name))
            .await
    }

    /// Stores a sanction and its log entry in one transaction; the sanction's id.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn sanction(&self, sanction: &Sanction, entry: &LogEntry) -> Result<i64, StoreError> {
        let (sanction, entry) = (sanction.clone(), entry.clone());
        self.run(move |conn| on_sqlite::sanction(conn, &sanction, &entry))
            .await
    }

    /// Ends sanction `id`, logging it, in one transaction; false when none such is in force.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn lift(&self, id: i64, entry: &LogEntry) -> Result<bool, StoreError> {
        let entry = entry.clone();
        self.run(move |conn| on_sqlite::lift(conn, id, &entry))
            .await
    }

    /// The sanctions in force at `now`, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn sanctions(&self, now: i64) -> Result<Vec<Sanction>, StoreError> {
        self.run(move |conn| on_sqlite::sanctions(conn, now)).await
    }

    /// Writes one log entry; its id.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn log(&self, entry: &LogEntry) -> Result<i64, StoreError> {
        let entry = entry.clone();
        self.run(move |conn| on_sqlite::log(conn, &entry)).await
    }

    /// The log, newest first, at most `limit` entries, those before id `before` when given.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn read_log(
        &self,
        limit: usize,
        before: Option<i64>,
    ) -> Result<Vec<LogEntry>, StoreError> {
        self.run(move |conn| on_sqlite::read_log(conn, limit, before))
            .await
    }

    /// Stores a report; its id.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn report(&self, report: &Report) -> Result<i64, StoreError> {
        let report = report.clone();
        self.run(move |conn| on_sqlite::report(conn, &report)).await
    }

    /// The reports (the open ones only with `open_only`), oldest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn reports(&self, open_only: bool) -> Result<Vec<Report>, StoreError> {
        self.run(move |conn| on_sqlite::reports(conn, open_only))
            .await
    }

    /// Marks open report `id` handled, logging it, in one transaction; false when there is no
    /// such open report.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn handle_report(
        &self,
        id: i64,
        by: &str,
        now: i64,
        entry: &LogEntry,
    ) -> Result<bool, StoreError> {
        let (by, entry) = (by.to_string(), entry.clone());
        self.run(move |conn| on_sqlite::handle_report(conn, id, &by, now, &entry))
            .await
    }

    /// Every finished game on `board` with `seats` seats ([`finished_games`]), read on a
    /// blocking thread.
    ///
    /// # Errors
    /// When the file cannot be read.
    pub async fn finished_games(
        &self,
        board: String,
        seats: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let path = self.path.clone();
        tokio::task::spawn_blocking(move || finished_games(&path, &board, seats))
            .await
            .map_err(|_| StoreError::Closed)?
    }
}

/// Members (`members.rs`): each call run on the writer's connection, in turn with the writes.
impl Sqlite {
    /// Creates a member; none when a member's name shares any of its keys.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn create_member(&self, member: &NewMember) -> Result<Option<Member>, StoreError> {
        let member = member.clone();
        self.run(move |conn| member_sql::create_member(conn, &member))
            .await
    }

    /// The member whose name shares any of `keys`.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn member_named(&self, keys: &NameKeys) -> Result<Option<Member>, StoreError> {
        let keys = keys.clone();
        self.run(move |conn| member_sql::member_named(conn, &keys))
            .await
    }

    /// Member `id`.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn member(&self, id: i64) -> Result<Option<Member>, StoreError> {
        self.run(move |conn| member_sql::member_by_id(conn, id))
            .await
    }

    /// How many members there are.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn members_count(&self) -> Result<u64, StoreError> {
        self.run(|conn| member_sql::members_count(conn)).await
    }

    /// Opens a session of `member_id` under the hash of its secret, until `expires_at`.
    ///
    /// # Errors
    /// When the database refuses the write (no such member, a hash already used).
    pub async fn open_session(
        &self,
        member_id: i64,
        secret_hash: &str,
        at: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let secret_hash = secret_hash.to_string();
        self.run(move |conn| {
            member_sql::open_session(conn, member_id, &secret_hash, at, expires_at)
        })
        .await
    }

    /// The member of an unexpired session.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn session_member(
        &self,
        secret_hash: &str,
        now: i64,
    ) -> Result<Option<Member>, StoreError> {
        let secret_hash = secret_hash.to_string();
        self.run(move |conn| member_sql::session_member(conn, &secret_hash, now))
            .await
    }

    /// Closes one session; false when there was none.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn close_session(&self, secret_hash: &str) -> Result<bool, StoreError> {
        let secret_hash = secret_hash.to_string();
        self.run(move |conn| member_sql::close_session(conn, &secret_hash))
            .await
    }

    /// Closes every session of `member_id`; how many.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn close_sessions(&self, member_id: i64) -> Result<u64, StoreError> {
        self.run(move |conn| member_sql::close_sessions(conn, member_id))
            .await
    }

    /// Sets (or removes) a member's password.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn set_password(
        &self,
        member_id: i64,
        password: Option<String>,
    ) -> Result<(), StoreError> {
        self.run(move |conn| member_sql::set_password(conn, member_id, password.as_deref()))
            .await
    }

    /// Sets a member's settings.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn set_settings(&self, member_id: i64, settings: &str) -> Result<(), StoreError> {
        let settings = settings.to_string();
        self.run(move |conn| member_sql::set_settings(conn, member_id, &settings))
            .await
    }

    /// Deletes member `id` with their sessions, blocks and tables' list; false when there was
    /// none.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn delete_member(&self, id: i64) -> Result<bool, StoreError> {
        self.run(move |conn| member_sql::delete_member(conn, id))
            .await
    }

    /// `member_id` blocks `blocked_id`; false when they did already.
    ///
    /// # Errors
    /// When the database refuses the write (no such member).
    pub async fn block(
        &self,
        member_id: i64,
        blocked_id: i64,
        at: i64,
    ) -> Result<bool, StoreError> {
        self.run(move |conn| member_sql::block(conn, member_id, blocked_id, at))
            .await
    }

    /// `member_id` no longer blocks `blocked_id`; false when they did not.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn unblock(&self, member_id: i64, blocked_id: i64) -> Result<bool, StoreError> {
        self.run(move |conn| member_sql::unblock(conn, member_id, blocked_id))
            .await
    }

    /// Whom `member_id` blocks, id and name, by name.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn blocked(&self, member_id: i64) -> Result<Vec<(i64, String)>, StoreError> {
        self.run(move |conn| member_sql::blocked(conn, member_id))
            .await
    }

    /// Who blocks `member_id`.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn blockers(
        &self,
        member_id: i64,
        at: Option<TableId>,
    ) -> Result<Vec<i64>, StoreError> {
        self.run(move |conn| member_sql::blockers(conn, member_id, at))
            .await
    }

    /// Notes that `member_id` sat at `table_id` in `seat` (once).
    ///
    /// # Errors
    /// When the database refuses the write (no such member).
    pub async fn add_member_table(
        &self,
        member_id: i64,
        table_id: TableId,
        seat: u32,
    ) -> Result<(), StoreError> {
        self.run(move |conn| member_sql::add_member_table(conn, member_id, table_id, seat))
            .await
    }

    /// The tables `member_id` sat at, newest first, at most `limit`, below `before` when given.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn member_tables(
        &self,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
    ) -> Result<Vec<(TableId, u32)>, StoreError> {
        self.run(move |conn| member_sql::member_tables(conn, member_id, before, limit))
            .await
    }

    /// The finished games of `member_id`, newest first, at most `limit`, below `before` when
    /// given.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn member_games(
        &self,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
    ) -> Result<Vec<MemberGame>, StoreError> {
        self.run(move |conn| member_sql::member_games(conn, member_id, before, limit))
            .await
    }

    /// The finished games of `member_id` by board and rules.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn game_figures(&self, member_id: i64) -> Result<Vec<GameFigures>, StoreError> {
        self.run(move |conn| member_sql::game_figures(conn, member_id))
            .await
    }

    /// The members of `table_id` in seats the start renumbered take their player's number.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn renumber_seats(
        &self,
        table_id: TableId,
        seats: Vec<(u32, u32)>,
    ) -> Result<(), StoreError> {
        self.run(move |conn| member_sql::renumber_seats(conn, table_id, &seats))
            .await
    }

    /// Deletes the sessions expired at `now`; how many.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn delete_expired_sessions(&self, now: i64) -> Result<u64, StoreError> {
        self.run(move |conn| member_sql::delete_expired_sessions(conn, now))
            .await
    }
}

/// Passkeys (`passkeys.rs`): each call run on the writer's connection, in turn with the writes.
impl Sqlite {
    /// Keeps a challenge.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn put_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        let challenge = challenge.clone();
        self.run(move |conn| passkey_sql::put_challenge(conn, &challenge))
            .await
    }

    /// Deletes the challenge under `bytes` and returns it.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn take_challenge(&self, bytes: &[u8]) -> Result<Option<Challenge>, StoreError> {
        let bytes = bytes.to_vec();
        self.run(move |conn| passkey_sql::take_challenge(conn, &bytes))
            .await
    }

    /// Deletes the challenges expired at `now`; how many.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn delete_expired_challenges(&self, now: i64) -> Result<u64, StoreError> {
        self.run(move |conn| passkey_sql::delete_expired_challenges(conn, now))
            .await
    }

    /// The member's user handle, `new` when they had none.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn user_handle(
        &self,
        member_id: i64,
        new: &[u8],
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let new = new.to_vec();
        self.run(move |conn| passkey_sql::user_handle(conn, member_id, &new))
            .await
    }

    /// A new member with a user handle and one passkey, in one transaction.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn create_passkey_member(
        &self,
        member: &NewMember,
        handle: &[u8],
        passkey: &NewPasskey,
    ) -> Result<Result<Member, Taken>, StoreError> {
        let (member, handle, passkey) = (member.clone(), handle.to_vec(), passkey.clone());
        self.run(move |conn| passkey_sql::create_passkey_member(conn, &member, &handle, &passkey))
            .await
    }

    /// Adds a passkey to a member; false when its credential is kept already.
    ///
    /// # Errors
    /// When the database refuses the write (no such member).
    pub async fn add_passkey(
        &self,
        member_id: i64,
        passkey: &NewPasskey,
    ) -> Result<bool, StoreError> {
        let passkey = passkey.clone();
        self.run(move |conn| passkey_sql::add_passkey(conn, member_id, &passkey))
            .await
    }

    /// The passkey of a credential id.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn passkey(&self, credential_id: &[u8]) -> Result<Option<Passkey>, StoreError> {
        let id = credential_id.to_vec();
        self.run(move |conn| passkey_sql::passkey(conn, &id)).await
    }

    /// A member's passkeys, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn passkeys(&self, member_id: i64) -> Result<Vec<Passkey>, StoreError> {
        self.run(move |conn| passkey_sql::passkeys(conn, member_id))
            .await
    }

    /// Notes a sign-in with a passkey whose counter is still `old`; whether it was.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn use_passkey(
        &self,
        id: i64,
        old: u32,
        new: u32,
        at: i64,
    ) -> Result<bool, StoreError> {
        self.run(move |conn| passkey_sql::use_passkey(conn, id, old, new, at))
            .await
    }

    /// Deletes a member's passkey unless it is their last way to sign in; whether it went.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn delete_passkey(&self, member_id: i64, id: i64) -> Result<bool, StoreError> {
        self.run(move |conn| passkey_sql::delete_passkey(conn, member_id, id))
            .await
    }
}

/// The write-ahead log's bound. Checkpoints copy the log into the database without stopping
/// the writer (PASSIVE), but the log file only starts again from its beginning when a write
/// finds it wholly copied and no reader in it, which continuous writes never allow: it grew to
/// 5.2 GB in 40 s under 600 tables played without pause. Past this size the writer, between two
/// transactions, copies what is left (a RESTART checkpoint): its next transaction then starts
/// the log again from the file's beginning and cuts the file to half the bound
/// (`journal_size_limit`), keeping the file's blocks for the writes that follow.
pub const WAL_BOUND_BYTES: i64 = 32 << 20;

/// How long the writer waits for readers still in the log before it gives the RESTART up until
/// its next transaction: a pause of every table at most this long.
const RESTART_PATIENCE: std::time::Duration = std::time::Duration::from_millis(100);

/// The path of the write-ahead log of the database at `db`.
fn wal_path(db: &Path) -> PathBuf {
    let mut p = db.as_os_str().to_owned();
    p.push("-wal");
    PathBuf::from(p)
}

/// Starts the write-ahead log at `wal` again when it has grown past [`WAL_BOUND_BYTES`], on the
/// writer's connection between two transactions (so no write of its own is in the way): copies
/// what is left of it, and the next transaction writes from the file's beginning. Gives up
/// after [`RESTART_PATIENCE`] when a reader holds an older snapshot, to try again after the
/// next transaction. Returns whether the log starts again.
fn bound_log(conn: &Connection, wal: &Path) -> bool {
    let size = std::fs::metadata(wal).map_or(0, |m| m.len());
    if i64::try_from(size).unwrap_or(i64::MAX) <= WAL_BOUND_BYTES {
        return false;
    }
    let restarted = conn
        .busy_timeout(RESTART_PATIENCE)
        .and_then(|()| conn.query_row("PRAGMA wal_checkpoint(RESTART)", [], |r| r.get::<_, i64>(0)))
        .map(|busy| busy == 0);
    let _ = conn.busy_timeout(std::time::Duration::from_secs(5));
    match restarted {
        Ok(done) => done,
        Err(e) => {
            tracing::debug!(error = %e, "the log could not start again yet");
            false
        }
    }
}

/// The store thread: serves requests until every handle is dropped.
fn run(mut conn: Connection, rx: mpsc::Receiver<Request>, path: &Path) {
    tracing::debug!(path = %path.display(), "store open");
    let wal = wal_path(path);
    let mut batch: Vec<(Append, oneshot::Sender<Result<(), StoreError>>)> = Vec::new();
    while let Ok(first) = rx.recv() {
        let mut next = Some(first);
        while let Some(request) = next.take() {
            match request {
                Request::Append(a, reply) => batch.push((a, reply)),
                other => {
                    flush(&mut conn, &mut batch);
                    serve_one(&mut conn, other);
                    bound_log(&conn, &wal);
                }
            }
            if batch.len() < 512 {
                next = rx.try_recv().ok();
            }
        }
        flush(&mut conn, &mut batch);
        bound_log(&conn, &wal);
    }
    tracing::debug!("store closed");
}

/// Copies the write-ahead log into the database without blocking the writer (PASSIVE): about
/// once a second, and again at once while the log is longer than half its bound, so that the
/// writer's RESTART finds little left to copy; completely (TRUNCATE) when the store closes.
fn checkpoint_loop(conn: &Connection, stop: &mpsc::Receiver<()>) {
    let checkpoint = |mode: &str| -> i64 {
        match conn.query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |r| {
            r.get::<_, i64>(1)
        }) {
            Ok(frames) => frames,
            Err(e) => {
                tracing::warn!(error = %e, "checkpoint failed");
                0
            }
        }
    };
    let page: i64 = conn
        .pragma_query_value(None, "page_size", |r| r.get(0))
        .unwrap_or(4096);
    let mut wait = std::time::Duration::from_secs(1);
    while let Err(mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(wait) {
        let frames = checkpoint("PASSIVE");
        wait = if frames * page > WAL_BOUND_BYTES / 2 {
            std::time::Duration::from_millis(10)
        } else {
            std::time::Duration::from_secs(1)
        };
    }
    checkpoint("TRUNCATE");
}

fn serve_one(conn: &mut Connection, request: Request) {
    match request {
        Request::Create(record, keys, reply) => {
            let _ = reply.send(create(conn, &record, keys));
        }
        Request::Run(job) => job(conn),
        Request::Append(a, reply) => {
            let _ = reply.send(append_all(conn, std::slice::from_ref(&a)));
        }
    }
}

/// The time now, in seconds since the Unix epoch.
#[cfg(test)]
fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Deletes, in one transaction, at most `batch` finished or abandoned tables that ended before
/// `before` (unix seconds), but those of `keep`, with their logs, secrets and results; returns
/// their ids.
fn delete_finished(
    conn: &mut Connection,
    before: i64,
    batch: usize,
    keep: &[TableId],
) -> Result<Vec<TableId>, StoreError> {
    let tx = conn.transaction()?;
    let ids: Vec<TableId> = {
        let mut select = tx.prepare_cached(concat!(
            "SELECT id FROM tables WHERE status IN ",
            super::over!(),
            " AND finished_at < ?1
             ORDER BY id"
        ))?;
        let rows = select.query_map([before], |r| Ok(r.get::<_, i64>(0)? as TableId))?;
        let mut ids = Vec::new();
        for id in rows {
            let id = id?;
            if !keep.contains(&id) {
                ids.push(id);
                if ids.len() == batch {
                    break;
                }
            }
        }
        ids
    };
    for sql in [
        "DELETE FROM events WHERE table_id = ?1",
        "DELETE FROM tokens WHERE table_id = ?1",
        "DELETE FROM results WHERE table_id = ?1",
        "DELETE FROM tables WHERE id = ?1",
    ] {
        let mut delete = tx.prepare_cached(sql)?;
        for id in &ids {
            delete.execute([*id as i64])?;
        }
    }
    tx.commit()?;
    Ok(ids)
}

/// Copies the database at `db` into the new file `to` (SQLite's `VACUUM INTO`), consistent as
/// of one moment, while a server may be writing to it: the copy reads one snapshot of the
/// write-ahead log and the file, and takes no lock the server waits for. The copy is created
/// readable by its owner only (it holds the dice's keys of the games in play).
///
/// # Errors
/// When `db` cannot be read, or `to` exists already or cannot be written.
pub fn backup(db: &Path, to: &Path) -> Result<(), StoreError> {
    if !db.is_file() {
        return Err(StoreError::LockFile {
            what: "open",
            path: db.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
        });
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    drop(options.open(to).map_err(|source| StoreError::LockFile {
        what: "create",
        path: to.to_path_buf(),
        source,
    })?);
    let copied = (|| {
        let conn = Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        let target = to.to_str().ok_or(StoreError::Closed)?;
        conn.execute("VACUUM INTO ?1", [target])?;
        Ok::<(), StoreError>(())
    })();
    if copied.is_err() {
        let _ = std::fs::remove_file(to);
    }
    copied
}

/// Tries the file `path` once, changing nothing (`--check-config`).
pub(super) fn reach(path: &Path) -> Result<super::Reached, StoreError> {
    let named = |what: &'static str, source: std::io::Error| StoreError::LockFile {
        what,
        path: path.to_path_buf(),
        source,
    };
    if !path.exists() {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let probe = dir.join(format!(".snakes-check-{}", std::process::id()));
        std::fs::write(&probe, b"").map_err(|source| StoreError::LockFile {
            what: "write in",
            path: dir.clone(),
            source,
        })?;
        let _ = std::fs::remove_file(&probe);
        return Ok(super::Reached::NewFile);
    }
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let version: usize = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > MIGRATIONS.len() {
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            found: version,
            supported: MIGRATIONS.len(),
        });
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .open(path)
        .map_err(|e| named("open", e))?;
    let in_use = matches!(file.try_lock(), Err(std::fs::TryLockError::WouldBlock));
    Ok(super::Reached::File {
        version,
        supported: MIGRATIONS.len(),
        in_use,
    })
}

/// What [`restore`] did: where the database it replaced went (none when there was none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    /// The database of before, with its `-wal` and `-shm` beside it under the same new name
    /// (so that it opens as it was), when there was one.
    pub kept: Option<PathBuf>,
    /// The tables the copy holds.
    pub tables: u64,
}

/// Puts the copy `from` (a file `snakes backup` made, or any copy of a server's database) in
/// place of the database `db`, with the server stopped: the copy is checked first (an
/// ordinary SQLite file, whole by `PRAGMA integrity_check`, of a schema this server reads);
/// the database of before moves aside with its `-wal` and `-shm` files, renamed together
/// (`snakes.db.before-restore-SECS`), so that the write-ahead log of the old file is never
/// replayed onto the copy (after a crash that log is there, and SQLite would apply it to
/// whatever file then has the name: "database disk image is malformed"); the copy is written
/// beside `db` under a temporary name, synced, and renamed into place.
///
/// # Errors
/// When a server holds `db`, the copy is missing, damaged or not a server's database, or a file
/// cannot be written.
pub fn restore(from: &Path, db: &Path) -> Result<Restored, StoreError> {
    let named = |what: &'static str, path: &Path, source: std::io::Error| StoreError::LockFile {
        what,
        path: path.to_path_buf(),
        source,
    };
    if !from.is_file() {
        return Err(named(
            "open",
            from,
            std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
        ));
    }
    let tables = check_copy(from)?;
    // While this holds the database's lock, no server starts on it.
    let held = if db.exists() {
        Some(lock(db, 1)?)
    } else {
        None
    };
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let aside = |path: &Path| -> PathBuf {
        let mut name = path.as_os_str().to_os_string();
        name.push(format!(".before-restore-{secs}"));
        PathBuf::from(name)
    };
    let companion = |path: &Path, suffix: &str| -> PathBuf {
        let mut name = path.as_os_str().to_os_string();
        name.push(suffix);
        PathBuf::from(name)
    };
    let temporary = companion(db, ".restoring");
    let _ = std::fs::remove_file(&temporary);
    {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut out = options
            .open(&temporary)
            .map_err(|e| named("create", &temporary, e))?;
        let mut copy = std::fs::File::open(from).map_err(|e| named("open", from, e))?;
        std::io::copy(&mut copy, &mut out).map_err(|e| named("write", &temporary, e))?;
        out.sync_all().map_err(|e| named("write", &temporary, e))?;
    }
    // The database of before gets its other name first (a second link to it), its log and
    // shared memory follow, and the copy then takes the name in one rename: at no moment is
    // there no file under the name, on which a server starting meanwhile would make a new one.
    let kept = if db.exists() {
        let old = aside(db);
        std::fs::hard_link(db, &old).map_err(|e| named("link", &old, e))?;
        for suffix in ["-wal", "-shm"] {
            let file = companion(db, suffix);
            if file.exists() {
                std::fs::rename(&file, companion(&old, suffix))
                    .map_err(|e| named("move", &file, e))?;
            }
        }
        Some(old)
    } else {
        None
    };
    std::fs::rename(&temporary, db).map_err(|e| named("move", &temporary, e))?;
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(dir) = std::fs::File::open(dir)
    {
        let _ = dir.sync_all();
    }
    drop(held);
    Ok(Restored { kept, tables })
}

/// Checks that `path` is a whole database of a server's, of a schema this server reads; the
/// tables it holds.
fn check_copy(path: &Path) -> Result<u64, StoreError> {
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let bad = |why: String| StoreError::NotACopy {
        path: path.to_path_buf(),
        why,
    };
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(|e| bad(e.to_string()))?;
    if integrity != "ok" {
        return Err(bad(integrity));
    }
    let version: usize = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > MIGRATIONS.len() {
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            found: version,
            supported: MIGRATIONS.len(),
        });
    }
    conn.query_row("SELECT count(*) FROM tables", [], |r| r.get::<_, i64>(0))
        .map(|n| n as u64)
        .map_err(|_| bad("it holds no tables of a snakes server".into()))
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
        let mut lobby = tx.prepare_cached(
            "UPDATE tables SET status = ?2, finished_at = ?3, summary = ?4 WHERE id = ?1",
        )?;
        let mut last =
            tx.prepare_cached("SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?1")?;
        let mut stored =
            tx.prepare_cached("SELECT event FROM events WHERE table_id = ?1 AND seq = ?2")?;
        for a in appends {
            let table = a.table as i64;
            let (Some((first, _)), Some((end, _))) = (a.events.first(), a.events.last()) else {
                continue;
            };
            let stored_last = last.query_row([table], |r| r.get::<_, i64>(0))? as u64;
            if stored_last >= *first {
                // Sent again after a commit whose answer was lost: its events are there.
                let mut same = stored_last == *end;
                for (seq, json) in &a.events {
                    let there: String =
                        stored.query_row(params![table, *seq as i64], |r| r.get(0))?;
                    same &= there == *json;
                }
                if same {
                    continue;
                }
                return Err(StoreError::Conflict {
                    table: a.table,
                    seq: *first,
                });
            }
            if stored_last + 1 != *first {
                return Err(StoreError::Behind {
                    table: a.table,
                    last: stored_last,
                    first: *first,
                });
            }
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
            if let Some(row) = &a.lobby {
                lobby.execute(params![table, row.status, row.finished_at, row.summary])?;
            }
        }
    }
    tx.commit()?;
    Ok(())
}

fn create(
    conn: &mut Connection,
    r: &TableRecord,
    keys: DiceKeys,
) -> Result<(TableId, DiceSource), StoreError> {
    let tx = conn.transaction()?;
    tx.execute(
        "INSERT INTO tables (created_at, board_name, board, rules, seats, seed, dice_key, status)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'waiting')",
        params![
            r.created_at,
            r.board_name,
            r.board,
            r.rules,
            r.seats as i64,
            // SQLite integers are signed: keep the seed's 64 bits as they are.
            r.dice.seed() as i64,
            r.dice.key().map(Vec::from)
        ],
    )?;
    let id = tx.last_insert_rowid() as TableId;
    // A seeded key is derived from the id, known only now.
    let dice = match keys {
        DiceKeys::Random => r.dice.clone(),
        DiceKeys::Seeded(_) => {
            let dice = keys.key_for(id);
            tx.execute(
                "UPDATE tables SET dice_key = ?1 WHERE id = ?2",
                params![dice.key().map(Vec::from), id as i64],
            )?;
            dice
        }
    };
    tx.commit()?;
    Ok((id, dice))
}

const TABLE_COLUMNS: &str =
    "id, created_at, board_name, board, rules, seats, seed, dice_key, status";

fn stored_table(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredTable> {
    let dice = DiceSource::stored(r.get(7)?, r.get(6)?);
    Ok(StoredTable {
        id: r.get::<_, i64>(0)? as TableId,
        record: TableRecord {
            created_at: r.get(1)?,
            board_name: r.get(2)?,
            board: r.get(3)?,
            rules: r.get(4)?,
            seats: r.get::<_, i64>(5)? as usize,
            dice,
        },
        events: Vec::new(),
        tokens: HashMap::new(),
        status: r.get(8)?,
    })
}

/// The tables waiting or playing, with logs and secrets: each read through its keys, so the
/// cost is that of the tables in play, however many finished ones the file holds.
fn open_tables(conn: &mut Connection) -> Result<Vec<StoredTable>, StoreError> {
    let ids: Vec<i64> = conn
        .prepare(concat!(
            "SELECT id FROM tables WHERE status IN ",
            super::in_play!(),
            " ORDER BY id"
        ))?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut tables = Vec::with_capacity(ids.len());
    for id in ids {
        tables.extend(load_one(conn, id as TableId)?);
    }
    Ok(tables)
}

/// Lobby rows: `(id, status, summary)` of each row `sql` selects.
fn rows(
    conn: &mut Connection,
    sql: &str,
    params: &[&dyn rusqlite::ToSql],
) -> Result<Vec<Listed>, StoreError> {
    let mut stmt = conn.prepare_cached(sql)?;
    let found = stmt.query_map(params, |r| {
        Ok(Listed {
            id: r.get::<_, i64>(0)? as TableId,
            status: r.get(1)?,
            summary: r.get(2)?,
        })
    })?;
    Ok(found.collect::<Result<_, _>>()?)
}

/// One table with its log and secrets, read through the keys (`tables.id`, and
/// `(table_id, seq)` of the log and the secrets): the cost of one table, however many the file
/// holds.
pub(super) fn load_one(
    conn: &mut Connection,
    id: TableId,
) -> Result<Option<StoredTable>, StoreError> {
    let id = id as i64;
    let mut table = match conn
        .prepare_cached(&format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?1"))?
        .query_row([id], stored_table)
    {
        Ok(t) => t,
        Err(rusqlite::Error::QueryReturnedNoRows) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    table.events = conn
        .prepare_cached("SELECT seq, event FROM events WHERE table_id = ?1 ORDER BY seq")?
        .query_map([id], |r| Ok((r.get::<_, i64>(0)? as u64, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    table.tokens = conn
        .prepare_cached("SELECT seq, token FROM tokens WHERE table_id = ?1")?
        .query_map([id], |r| Ok((r.get::<_, i64>(0)? as u64, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    Ok(Some(table))
}

/// Every finished game on `board` (a layout as JSON, as tables store it) with `seats` seats, in
/// one query over the results, on a connection of its own (reads do not wait for the writer).
///
/// # Errors
/// When the file cannot be read.
fn finished_games(path: &Path, board: &str, seats: usize) -> Result<Vec<FinishedGame>, StoreError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Lifecycle, TableEvent};

    /// A database file in a scratch directory, removed with the directory.
    fn temp_db(name: &str) -> (snakes_testing::Scratch, PathBuf) {
        let dir = snakes_testing::Scratch::new(name);
        let path = dir.join("snakes.db");
        (dir, path)
    }

    fn record() -> TableRecord {
        TableRecord {
            board_name: "classic".into(),
            board: "{}".into(),
            rules: "standard".into(),
            seats: 2,
            dice: DiceSource::Seed(u64::MAX - 3),
            created_at: 1,
        }
    }

    #[test]
    fn one_server_per_file_whatever_its_name() {
        let (_dir, path) = temp_db("lock");
        let first = Sqlite::open(&path, false).unwrap();
        let err = Sqlite::open_waiting(&path, false, 1).err().unwrap();
        assert!(matches!(err, StoreError::Locked { .. }), "{err}");
        assert!(err.to_string().contains("another snakes server"), "{err}");
        // The lock is the file's, not its name's: a symbolic or a hard link is the same file.
        let dir = path.parent().unwrap();
        let symbolic = dir.join("symbolic.db");
        std::os::unix::fs::symlink(&path, &symbolic).unwrap();
        let hard = dir.join("hard.db");
        std::fs::hard_link(&path, &hard).unwrap();
        for other in [&symbolic, &hard] {
            let err = Sqlite::open_waiting(other, false, 1).err().unwrap();
            assert!(
                matches!(err, StoreError::Locked { .. }),
                "{}: {err}",
                other.display()
            );
        }
        drop(first);
        // The lock is released when the store thread ends, shortly after the last handle.
        Sqlite::open(&hard, false).unwrap();
    }

    #[tokio::test]
    async fn the_file_is_private_and_keeps_no_token() {
        use std::os::unix::fs::PermissionsExt;
        let (_dir, path) = temp_db("private");
        let store = Sqlite::open(&path, false).unwrap();
        let mut record = record();
        record.dice = DiceSource::new_key();
        let id = store
            .create(record.clone(), DiceKeys::Random)
            .await
            .unwrap()
            .0;
        let (secret, token) = Secret::random();
        let joined = TableEvent::Table(Lifecycle::Joined {
            seat: 0,
            name: "Ana".into(),
            secret,
        });
        store
            .append(Append::of(id, 1, &[joined]).unwrap())
            .await
            .unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
        let loaded = store.load_one(id).await.unwrap().unwrap();
        assert_eq!(loaded.record.dice, record.dice, "the key is kept");
        let stored = &loaded.tokens[&1];
        assert!(Secret::from_stored(stored).matches(&crate::secret::TokenHash::of(&token)));
        drop(store);
        // Once the store thread has made its last write and let go of the file.
        wait_released(&path);
        for suffix in ["", "-wal"] {
            let bytes = std::fs::read(format!("{}{suffix}", path.display())).unwrap_or_default();
            let text = String::from_utf8_lossy(&bytes);
            assert!(!text.contains(&token), "the token is in the file{suffix}");
        }
    }

    /// Waits until no store holds the file at `path` (its lock goes once the last write and
    /// the last checkpoint are done): a lock taken blocks until then (a minute at most).
    fn wait_released(path: &Path) {
        let file = std::fs::File::open(path).unwrap();
        let (done, released) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = done.send(file.lock().is_ok());
        });
        let locked = released
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("the store never let go of {}", path.display()));
        assert!(locked, "{} cannot be locked", path.display());
    }

    /// The write-ahead log starts again once it passes its bound, but not while a reader holds a
    /// snapshot in it (the writer gives up at once and tries again after its next write).
    #[test]
    fn the_log_starts_again_past_its_bound_once_no_reader_is_in_it() {
        let (_dir, path) = temp_db("wal");
        let conn = open(&path, false).unwrap();
        conn.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
        let wal = wal_path(&path);
        let size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
        conn.execute_batch("CREATE TABLE filler (b BLOB)").unwrap();
        let fill = |mib: i64| {
            for _ in 0..mib {
                conn.execute("INSERT INTO filler VALUES (zeroblob(1048576))", [])
                    .unwrap();
            }
        };
        fill(8);
        assert!(!bound_log(&conn, &wal), "8 MiB is within the bound");
        assert!(size() > 8 << 20, "{}", size());
        // A reader in the middle of a read, on a snapshot the log holds.
        let reader = Connection::open(&path).unwrap();
        reader.execute_batch("BEGIN").unwrap();
        let rows: i64 = reader
            .query_row("SELECT count(*) FROM filler", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, 8);
        fill(WAL_BOUND_BYTES / (1 << 20));
        let long = size();
        assert!(long > WAL_BOUND_BYTES as u64, "{long}");
        assert!(!bound_log(&conn, &wal), "a reader is in the log");
        assert!(size() >= long, "{} < {long}", size());
        reader.execute_batch("COMMIT").unwrap();
        assert!(bound_log(&conn, &wal), "nobody is in the log any more");
        // The next write starts the log again, in a file cut to half the bound.
        conn.pragma_update(None, "journal_size_limit", WAL_BOUND_BYTES / 2)
            .unwrap();
        fill(1);
        assert!(size() <= (WAL_BOUND_BYTES / 2) as u64, "{}", size());
        let frames: i64 = conn
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get(1))
            .unwrap();
        assert!(frames < 300, "the log holds {frames} pages");
        // Nothing written was lost on the way.
        let rows: i64 = reader
            .query_row("SELECT count(*) FROM filler", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, 9 + WAL_BOUND_BYTES / (1 << 20));
    }

    #[test]
    fn one_table_is_read_through_its_keys() {
        let (_dir, path) = temp_db("plan");
        let conn = open(&path, false).unwrap();
        for sql in [
            format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?1"),
            "SELECT seq, event FROM events WHERE table_id = ?1 ORDER BY seq".to_string(),
            "SELECT seq, token FROM tokens WHERE table_id = ?1".to_string(),
        ] {
            let plan: Vec<String> = conn
                .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
                .unwrap()
                .query_map([1], |r| r.get::<_, String>(3))
                .unwrap()
                .map(Result::unwrap)
                .collect();
            assert!(
                plan.iter()
                    .all(|p| p.starts_with("SEARCH") && !p.contains("SCAN")),
                "{sql}: {plan:?}"
            );
        }
    }

    /// A database of the version before keyed dice: its tokens are hashed on opening, and its
    /// game, on the seeded dice, restores and is played to its end.
    #[tokio::test]
    async fn an_old_database_upgrades_and_its_game_finishes() {
        use crate::table::{Act, Action, Command, Setup, TableState};
        let (_dir, path) = temp_db("old");
        let conn = Connection::open(&path).unwrap();
        for sql in &MIGRATIONS[..2] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 2).unwrap();
        // An old game: Ana and a bot, started, one roll each at least; Ana has left.
        let (board, rules) = Setup::read("classic", "standard").unwrap();
        let setup = Setup {
            board_name: "classic".into(),
            board: std::sync::Arc::new(board.clone()),
            rules,
            seats: 2,
            dice: DiceSource::Seed(0xDEAD_BEEF),
        };
        let timing = crate::Timing {
            bot_delay: std::time::Duration::ZERO,
            grace: std::time::Duration::from_secs(60),
            turn_timer: None,
        };
        let now = std::time::Instant::now();
        let mut t = TableState::new(1, setup, timing, now);
        let token = "0123456789abcdef0123456789abcdef";
        let join = Act {
            table: 1,
            token: None,
            seq: None,
            action: Action::Join {
                name: "Ana".into(),
                seat: None,
                secret: Secret::of_token(token),
            },
        };
        let commands = [
            join,
            Act::by(1, token, 1, Action::AddBot {}),
            Act::by(1, token, 2, Action::Start {}),
            Act::by(1, token, 3, Action::Leave {}),
        ]
        .map(Command::Act);
        for c in &commands {
            for e in t.decide(c, now).unwrap() {
                t.apply(&e).unwrap();
            }
        }
        for e in t.decide(&Command::Tick, now).unwrap() {
            t.apply(&e).unwrap();
        }
        conn.execute(
            "INSERT INTO tables (id, created_at, board_name, board, rules, seats, seed)
             VALUES (1, 0, 'classic', ?1, 'standard', 2, ?2)",
            params![board.to_layout_json(), 0xDEAD_BEEF_i64],
        )
        .unwrap();
        for l in t.log() {
            conn.execute(
                "INSERT INTO events (table_id, seq, event) VALUES (1, ?1, ?2)",
                params![l.seq as i64, serde_json::to_string(&l.event).unwrap()],
            )
            .unwrap();
        }
        conn.execute(
            "INSERT INTO tokens (table_id, seq, token) VALUES (1, 1, ?1)",
            [token],
        )
        .unwrap();
        drop(conn);

        let config = crate::Config {
            db: path.clone(),
            timing,
            ..crate::Config::default()
        };
        let state = crate::AppState::open(config).await.unwrap();
        // The game ends by itself (bots): awaited on the lobby, which hears of its end.
        let mut lobby = state.lobby_changes();
        let view = loop {
            let v = state.view(1).await.unwrap();
            if v.summary.status == crate::protocol::Status::Finished {
                break v;
            }
            tokio::time::timeout(std::time::Duration::from_secs(60), lobby.changed())
                .await
                .expect("the game ends")
                .unwrap();
        };
        assert!(view.summary.result.is_some());
        assert_eq!(view.dice.algorithm, crate::secret::XOSHIRO);
        assert_eq!(view.dice.commitment, None);
        // The whole log is the seed's dice.
        let record = state.record(1).await.unwrap();
        let rolls: Vec<u8> = record
            .events
            .iter()
            .filter_map(|l| match l.event {
                TableEvent::Game(snakes::Event::Rolled { roll, .. }) => Some(roll),
                _ => None,
            })
            .collect();
        let mut game =
            snakes::Game::new(std::sync::Arc::new(board), rules, 2, 0xDEAD_BEEF).unwrap();
        game.play_out(1_000_000);
        assert_eq!(game.rolls(), rolls.as_slice());
        // Ana's token, stored in plain text before, is its hash now and still holds her seat.
        let conn = Connection::open(&path).unwrap();
        let stored: String = conn
            .query_row("SELECT token FROM tokens WHERE table_id = 1", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(stored, Secret::of_token(token).stored());
    }

    /// Tables of before the status column take their status from their logs; those already
    /// over count as over from the upgrade.
    #[test]
    fn old_tables_learn_their_status_from_their_logs() {
        let (_dir, path) = temp_db("status");
        let conn = Connection::open(&path).unwrap();
        for sql in &MIGRATIONS[..3] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 3).unwrap();
        let logs: [&[&str]; 5] = [
            &[],
            &[r#"{"type":"joined"}"#, r#"{"type":"started"}"#],
            &[r#"{"type":"started"}"#, r#"{"type":"finished"}"#],
            &[r#"{"type":"started"}"#, r#"{"type":"drawn"}"#],
            &[r#"{"type":"joined"}"#, r#"{"type":"abandoned"}"#],
        ];
        for (id, log) in (1..).zip(logs) {
            conn.execute(
                "INSERT INTO tables (id, created_at, board_name, board, rules, seats, seed)
                 VALUES (?1, 0, 'classic', '{}', 'standard', 2, 1)",
                [id],
            )
            .unwrap();
            for (seq, event) in (1..).zip(log) {
                conn.execute(
                    "INSERT INTO events (table_id, seq, event) VALUES (?1, ?2, ?3)",
                    params![id, seq, event],
                )
                .unwrap();
            }
        }
        drop(conn);
        let before = unix_now();
        let conn = open(&path, false).unwrap();
        let rows: Vec<(String, Option<i64>)> = conn
            .prepare("SELECT status, finished_at FROM tables ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let statuses: Vec<&str> = rows.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(
            statuses,
            ["waiting", "playing", "finished", "finished", "abandoned"]
        );
        for (status, at) in &rows {
            let over = status == "finished" || status == "abandoned";
            assert_eq!(at.is_some(), over, "{status}");
            assert!(at.is_none_or(|t| t >= before), "{status}");
        }
    }

    /// A file of the version before members gets their tables on opening, keeping what it
    /// held; the members' lookups are read through their indexes.
    #[test]
    fn a_file_of_the_version_before_members_gets_them() {
        let (_dir, path) = temp_db("before-members");
        let conn = Connection::open(&path).unwrap();
        let before = MIGRATIONS
            .iter()
            .position(|sql| sql.contains("CREATE TABLE members"))
            .unwrap();
        for sql in &MIGRATIONS[..before] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", before).unwrap();
        conn.execute(
            "INSERT INTO moderators (folded, name, key_hash, granted_at)
             VALUES ('ana', 'Ana', 'hash', 1)",
            [],
        )
        .unwrap();
        drop(conn);
        let conn = open(&path, false).unwrap();
        let v: usize = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, MIGRATIONS.len());
        assert_eq!(
            on_sqlite::moderator_key(&conn, "ANA").unwrap().as_deref(),
            Some("hash")
        );
        let keys = NameKeys {
            looks: "ana".into(),
            letters: "ana".into(),
            plain: "an".into(),
        };
        let ana = NewMember {
            name: "Ana".into(),
            keys: keys.clone(),
            password: None,
            at: 5,
        };
        let id = member_sql::create_member(&conn, &ana).unwrap().unwrap().id;
        assert_eq!(
            member_sql::member_named(&conn, &keys)
                .unwrap()
                .map(|m| m.id),
            Some(id)
        );
        for (sql, args) in [
            (
                "SELECT id FROM members m WHERE m.looks = ?1 OR m.letters = ?2 OR m.plain = ?3",
                3,
            ),
            (
                "SELECT member_id FROM member_sessions WHERE secret_hash = ?1",
                1,
            ),
            (
                "SELECT secret_hash FROM member_sessions WHERE member_id = ?1",
                1,
            ),
            (
                "SELECT secret_hash FROM member_sessions WHERE expires_at <= ?1",
                1,
            ),
            ("SELECT member_id FROM blocks WHERE blocked_id = ?1", 1),
            (
                "SELECT table_id FROM member_tables WHERE member_id = ?1 AND table_id < ?2
                 ORDER BY table_id DESC",
                2,
            ),
            // A member's games: their tables newest first, each table and result by its id.
            (
                "SELECT mt.table_id, t.summary, r.winner FROM member_tables mt
                 JOIN tables t ON t.id = mt.table_id
                 LEFT JOIN results r ON r.table_id = mt.table_id
                 WHERE mt.member_id = ?1 AND mt.table_id < ?2 AND t.status = 'finished'
                 ORDER BY mt.table_id DESC LIMIT ?3",
                3,
            ),
        ] {
            let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
            let plan: Vec<String> = stmt
                .query_map(rusqlite::params_from_iter(vec![1; args]), |r| {
                    r.get::<_, String>(3)
                })
                .unwrap()
                .map(Result::unwrap)
                .collect();
            assert!(plan.iter().all(|p| !p.contains("SCAN")), "{sql}: {plan:?}");
        }
    }

    /// A file of the version before passkeys gets them on opening, its members kept (without a
    /// user handle until their first passkey); the passkeys' lookups are read through indexes.
    #[test]
    fn a_file_of_the_version_before_passkeys_gets_them() {
        let (_dir, path) = temp_db("before-passkeys");
        let conn = Connection::open(&path).unwrap();
        let before = MIGRATIONS
            .iter()
            .position(|sql| sql.contains("CREATE TABLE passkeys"))
            .unwrap();
        for sql in &MIGRATIONS[..before] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", before).unwrap();
        conn.execute(
            "INSERT INTO members (name, looks, letters, plain, password, created_at)
             VALUES ('Ana', 'ana', 'ana', 'an', 'phc', 1)",
            [],
        )
        .unwrap();
        drop(conn);
        let conn = open(&path, false).unwrap();
        let v: usize = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, MIGRATIONS.len());
        let id: i64 = conn
            .query_row("SELECT id FROM members WHERE name = 'Ana'", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(
            passkey_sql::user_handle(&conn, id, &[3; 16]).unwrap(),
            Some(vec![3; 16])
        );
        for (sql, args) in [
            ("SELECT id FROM passkeys WHERE credential_id = ?1", 1),
            ("SELECT id FROM passkeys WHERE member_id = ?1", 1),
            ("SELECT id FROM members WHERE user_handle = ?1", 1),
            (
                "SELECT purpose FROM passkey_challenges WHERE challenge = ?1",
                1,
            ),
            (
                "SELECT challenge FROM passkey_challenges WHERE expires_at <= ?1",
                1,
            ),
            (
                "SELECT challenge FROM passkey_challenges WHERE member_id = ?1",
                1,
            ),
        ] {
            let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
            let plan: Vec<String> = stmt
                .query_map(rusqlite::params_from_iter(vec![1; args]), |r| {
                    r.get::<_, String>(3)
                })
                .unwrap()
                .map(Result::unwrap)
                .collect();
            assert!(plan.iter().all(|p| !p.contains("SCAN")), "{sql}: {plan:?}");
        }
    }

    #[test]
    fn migrations_set_the_version_once() {
        let (_dir, path) = temp_db("migrate");
        drop(open(&path, true).unwrap());
        let conn = open(&path, false).unwrap();
        let v: usize = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, MIGRATIONS.len());
        conn.pragma_update(None, "user_version", 99).unwrap();
        drop(conn);
        let err = open(&path, false).unwrap_err();
        assert!(matches!(err, StoreError::TooNew { found: 99, .. }), "{err}");
        assert!(err.to_string().contains("schema version 99"), "{err}");
    }

    /// A log written before bounces named their turning square gets it from the board.
    #[test]
    fn old_bounces_learn_where_they_turned() {
        let (_dir, path) = temp_db("bounce");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(MIGRATIONS[0]).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        let boards = [
            r#"{"size": 10, "ladders": [], "snakes": []}"#,
            r#"{"rows": 2, "cols": 3, "ladders": [], "snakes": []}"#,
        ];
        for (id, board) in (1..).zip(boards) {
            conn.execute(
                "INSERT INTO tables (id, created_at, board_name, board, rules, seats, seed)
                 VALUES (?1, 0, 'custom', ?2, 'standard', 2, 1)",
                params![id, board],
            )
            .unwrap();
            for (seq, event) in [
                r#"{"type":"rolled","player":0,"roll":5}"#,
                r#"{"type":"bounced","player":0,"from":4,"to":3}"#,
            ]
            .iter()
            .enumerate()
            {
                conn.execute(
                    "INSERT INTO events (table_id, seq, event) VALUES (?1, ?2, ?3)",
                    params![id, seq as i64 + 1, event],
                )
                .unwrap();
            }
        }
        drop(conn);
        let conn = open(&path, false).unwrap();
        let mut events = conn
            .prepare("SELECT table_id, event FROM events ORDER BY table_id, seq")
            .unwrap();
        let events: Vec<(i64, TableEvent)> = events
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    serde_json::from_str(&r.get::<_, String>(1)?).unwrap(),
                ))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let bounce = |turned_at| {
            TableEvent::Game(snakes::Event::Bounced {
                player: 0,
                from: 4,
                turned_at,
                to: 3,
            })
        };
        let rolled = TableEvent::Game(snakes::Event::Rolled { player: 0, roll: 5 });
        assert_eq!(
            events,
            [
                (1, rolled.clone()),
                (1, bounce(100)),
                (2, rolled),
                (2, bounce(6))
            ]
        );
    }
}
