//! The operator's hand on the store (`snakes tables`, `snakes admin`): every table's row, one
//! table as stored, and the two ways out of a quarantine (a log cut back to what rebuilds, or
//! the table closed); the moderators granted and revoked, and the moderation log; on a database
//! servers may be using at that moment.
//!
//! A SQLite file is opened beside its server (no lock of the server's is taken: SQLite keeps
//! the two writers apart, and no server writes to a quarantined table); a PostgreSQL database
//! is reached as a server reaches it. Only a quarantined table is changed, so no server's game
//! is ever touched: every write checks the status in the same statement.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::params;

use super::moderation::{on_sqlite, operator_entry};
use super::{
    Instance, LobbyRow, LogEntry, Postgres, StoreError, StoredTable, TableStatus, is_postgres,
    sqlite,
};
use crate::protocol::TableId;

/// A table's row, as `snakes tables list` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// The table.
    pub id: TableId,
    /// Its status as stored: a [`TableStatus`]'s name, or empty in a row from before statuses.
    pub status: String,
    /// Its seats.
    pub seats: usize,
    /// The events in its log.
    pub events: u64,
    /// When it was made, seconds since the Unix epoch.
    pub created_at: i64,
    /// Why it is quarantined.
    pub damage: Option<String>,
}

/// A store, opened for its operator.
pub enum Operated {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL database.
    Postgres(Postgres),
}

/// Every row of the tables whose status is one of `statuses`.
const LIST: &str = "SELECT t.id, coalesce(t.status, ''), t.seats,
        (SELECT count(*) FROM events e WHERE e.table_id = t.id), t.created_at, t.damage
     FROM tables t";

impl Operated {
    /// Opens the store `db` names, without creating it.
    ///
    /// # Errors
    /// When there is no such file, or the database cannot be reached.
    pub async fn open(db: &Path) -> Result<Operated, StoreError> {
        if is_postgres(db) {
            let me = Instance::new("operator".into(), Duration::from_secs(10));
            let url = db.to_str().unwrap_or_default();
            return Ok(Operated::Postgres(
                Postgres::open_for_operator(url, me).await?,
            ));
        }
        if !db.is_file() {
            return Err(StoreError::LockFile {
                what: "open",
                path: db.to_path_buf(),
                source: std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "no such database (a server creates it at its first start)",
                ),
            });
        }
        Ok(Operated::Sqlite(db.to_path_buf()))
    }

    /// Opens the store `db` names, creating a SQLite file that is not there yet (readable by
    /// its owner only, as a server creates it): a moderator may be granted before the
    /// server's first start.
    ///
    /// # Errors
    /// When the file cannot be created, or the database cannot be reached.
    pub async fn open_creating(db: &Path) -> Result<Operated, StoreError> {
        if !is_postgres(db) && !db.exists() {
            use std::os::unix::fs::OpenOptionsExt;
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(db)
                .map_err(|source| StoreError::LockFile {
                    what: "open",
                    path: db.to_path_buf(),
                    source,
                })?;
        }
        Operated::open(db).await
    }

    /// Runs `f` on a connection of its own to the SQLite file, on a blocking thread.
    async fn sqlite<T: Send + 'static>(
        path: &Path,
        f: impl FnOnce(&mut rusqlite::Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let path = path.to_path_buf();
        tokio::task::spawn_blocking(move || {
            let mut conn = sqlite::open(&path, true)?;
            f(&mut conn)
        })
        .await
        .map_err(|_| StoreError::Closed)?
    }

    /// The rows of the tables whose status is one of `statuses`, oldest first.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn list(&self, statuses: &[&str]) -> Result<Vec<Listing>, StoreError> {
        let statuses: Vec<String> = statuses.iter().map(|s| (*s).to_string()).collect();
        match self {
            Operated::Sqlite(path) => {
                Operated::sqlite(path, move |conn| {
                    let mut stmt = conn.prepare(&format!("{LIST} ORDER BY t.id"))?;
                    let rows = stmt.query_map([], |r| {
                        Ok(Listing {
                            id: r.get::<_, i64>(0)? as TableId,
                            status: r.get(1)?,
                            seats: r.get::<_, i64>(2)? as usize,
                            events: r.get::<_, i64>(3)? as u64,
                            created_at: r.get(4)?,
                            damage: r.get(5)?,
                        })
                    })?;
                    let all: Vec<Listing> = rows.collect::<Result<_, _>>()?;
                    Ok(all
                        .into_iter()
                        .filter(|l| statuses.contains(&l.status))
                        .collect())
                })
                .await
            }
            Operated::Postgres(pg) => pg.listing(&statuses).await,
        }
    }

    /// Table `id` as stored, with why it is quarantined (none when there is no such table).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn load(
        &self,
        id: TableId,
    ) -> Result<Option<(StoredTable, Option<String>)>, StoreError> {
        match self {
            Operated::Sqlite(path) => {
                Operated::sqlite(path, move |conn| {
                    let Some(table) = sqlite::load_one(conn, id)? else {
                        return Ok(None);
                    };
                    let damage: Option<String> = conn.query_row(
                        "SELECT damage FROM tables WHERE id = ?1",
                        [id as i64],
                        |r| r.get(0),
                    )?;
                    Ok(Some((table, damage)))
                })
                .await
            }
            Operated::Postgres(pg) => {
                let Some(table) = pg.load_one(id).await? else {
                    return Ok(None);
                };
                let damage = pg.damage(id).await?;
                Ok(Some((table, damage)))
            }
        }
    }

    /// Cuts quarantined table `id`'s log back to its first `keep` events (and the seats'
    /// secrets given by them; its result unless `finished`), writes its lobby `row` and lifts
    /// the quarantine: the servers serve it again. False when the table is not quarantined
    /// (nothing is changed).
    ///
    /// # Errors
    /// When the store refuses the writes.
    pub async fn cut(
        &self,
        id: TableId,
        keep: u64,
        row: LobbyRow,
        finished: bool,
    ) -> Result<bool, StoreError> {
        match self {
            Operated::Sqlite(path) => {
                Operated::sqlite(path, move |conn| {
                    let tx = conn.transaction()?;
                    let changed = tx.execute(
                        "UPDATE tables SET status = ?2, finished_at = ?3, summary = ?4,
                            damage = NULL
                         WHERE id = ?1 AND status = 'quarantined'",
                        params![id as i64, row.status, row.finished_at, row.summary],
                    )?;
                    if changed == 0 {
                        return Ok(false);
                    }
                    let (id, keep) = (id as i64, keep as i64);
                    tx.execute(
                        "DELETE FROM events WHERE table_id = ?1 AND seq > ?2",
                        params![id, keep],
                    )?;
                    tx.execute(
                        "DELETE FROM tokens WHERE table_id = ?1 AND seq > ?2",
                        params![id, keep],
                    )?;
                    if !finished {
                        tx.execute("DELETE FROM results WHERE table_id = ?1", [id])?;
                    }
                    tx.commit()?;
                    Ok(true)
                })
                .await
            }
            Operated::Postgres(pg) => pg.cut(id, keep, row, finished).await,
        }
    }

    /// Closes quarantined table `id`: abandoned, gone from the lobby, its record kept until
    /// `--keep-finished-days` deletes it. False when the table is not quarantined.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn close(&self, id: TableId, now: i64) -> Result<bool, StoreError> {
        match self {
            Operated::Sqlite(path) => {
                Operated::sqlite(path, move |conn| {
                    Ok(conn.execute(
                        "UPDATE tables SET status = 'abandoned', finished_at = ?2
                         WHERE id = ?1 AND status = 'quarantined'",
                        params![id as i64, now],
                    )? > 0)
                })
                .await
            }
            Operated::Postgres(pg) => pg.close_quarantined(id, now).await,
        }
    }
}

impl Operated {
    /// Makes `name` a moderator whose key hashes to `key_hash`, at `now` (milliseconds since the
    /// Unix epoch): a moderator of that name, letter case aside, gets the new key and the old one
    /// stops working. Logged as the operator's `grant`; with several servers, they hear of it.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn grant(&self, name: &str, key_hash: &str, now: i64) -> Result<(), StoreError> {
        let entry = operator_entry("grant", name, now);
        match self {
            Operated::Sqlite(path) => {
                let (name, key_hash) = (name.to_string(), key_hash.to_string());
                Operated::sqlite(path, move |conn| {
                    on_sqlite::grant(conn, &name, &key_hash, &entry)
                })
                .await
            }
            Operated::Postgres(pg) => pg.grant(name, key_hash, &entry).await,
        }
    }

    /// Takes moderator `name`'s key away at `now`, logged as the operator's `revoke`; false when
    /// nobody of that name, letter case aside, was a moderator.
    ///
    /// # Errors
    /// When the store refuses the write.
    pub async fn revoke(&self, name: &str, now: i64) -> Result<bool, StoreError> {
        let entry = operator_entry("revoke", name, now);
        match self {
            Operated::Sqlite(path) => {
                let name = name.to_string();
                Operated::sqlite(path, move |conn| on_sqlite::revoke(conn, &name, &entry)).await
            }
            Operated::Postgres(pg) => pg.revoke(name, &entry).await,
        }
    }

    /// The moderators: each name as granted, and when (milliseconds since the Unix epoch), by
    /// name.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn moderators(&self) -> Result<Vec<(String, i64)>, StoreError> {
        match self {
            Operated::Sqlite(path) => {
                Operated::sqlite(path, |conn| on_sqlite::moderators(conn)).await
            }
            Operated::Postgres(pg) => pg.moderators().await,
        }
    }

    /// The moderation log, newest first, at most `limit` entries, those whose id is below
    /// `before` when given.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn read_log(
        &self,
        limit: usize,
        before: Option<i64>,
    ) -> Result<Vec<LogEntry>, StoreError> {
        match self {
            Operated::Sqlite(path) => {
                Operated::sqlite(path, move |conn| on_sqlite::read_log(conn, limit, before)).await
            }
            Operated::Postgres(pg) => pg.read_log(limit, before).await,
        }
    }
}

/// Whether `s` is a status the store keeps.
pub fn is_status(s: &str) -> bool {
    TableStatus::parse(s).is_some()
}
