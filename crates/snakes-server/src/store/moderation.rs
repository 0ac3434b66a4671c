//! What moderation keeps: the moderators (a name and the hash of a key, granted by the operator's
//! `snakes admin`), the sanctions in force (a person silenced or banned, by name or by network,
//! until a time), the log of what moderators and the operator did, and the people's reports.
//!
//! The values here are the backends' common ground; the SQL of each backend is below, one module
//! each (`on_sqlite`, `on_postgres`), called by `sqlite.rs` and `postgres.rs` (and by the
//! operator's `operator.rs`) within their own rules: SQLite's writes on its writer's thread,
//! PostgreSQL's within their time limits. Times are milliseconds since the Unix epoch. A
//! sanction is never deleted: lifting it marks it lifted, so the log and the rows agree. The
//! store matches no names and no addresses: it keeps them as typed, and the server decides
//! whom a sanction covers.
//!
//! With several servers on one PostgreSQL, each write that changes the sanctions or the
//! moderators notifies `m` on the channel `snakes` in its own transaction, and a new report
//! `p<id>`, so that the other servers read them again.

use super::StoreError;

/// What a sanction stops: talking, or coming in at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SanctionKind {
    /// The person may watch and play, but says nothing anyone hears.
    Silence,
    /// The person is turned away.
    Ban,
}

impl SanctionKind {
    /// Every kind.
    pub const ALL: [SanctionKind; 2] = [SanctionKind::Silence, SanctionKind::Ban];

    /// As the column holds it: `silence` or `ban`.
    pub fn as_str(self) -> &'static str {
        match self {
            SanctionKind::Silence => "silence",
            SanctionKind::Ban => "ban",
        }
    }

    /// The kind the column's `text` names, if any.
    pub fn parse(text: &str) -> Option<SanctionKind> {
        SanctionKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// A silence or a ban: on a name, on a network, or on both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sanction {
    /// Its id (0 when not yet stored).
    pub id: i64,
    /// What it stops.
    pub kind: SanctionKind,
    /// A person's name as typed (the server matches it, not the SQL).
    pub name: Option<String>,
    /// An address or network in CIDR text: `203.0.113.7/32`, `203.0.113.0/24`,
    /// `2001:db8::/64`.
    pub network: Option<String>,
    /// Why, as the moderator wrote it.
    pub reason: String,
    /// The moderator's name.
    pub by: String,
    /// When it was given.
    pub at: i64,
    /// When it ends.
    pub until: i64,
}

/// One line of the moderation log: who did what to whom, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    /// Its id (0 when not yet stored).
    pub id: i64,
    /// When.
    pub at: i64,
    /// Who acted: a moderator's name, or `operator` for `snakes admin`.
    pub by: String,
    /// `silence`, `ban`, `lift`, `remove`, `close`, `grant`, `revoke` or `handle_report`.
    pub action: String,
    /// The person, network, table or message acted on, in words.
    pub whom: String,
    /// The reason given (may be empty).
    pub why: String,
    /// When a silence or a ban ends.
    pub until: Option<i64>,
}

/// A person's report of another's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Its id (0 when not yet stored).
    pub id: i64,
    /// When it was made.
    pub at: i64,
    /// The reporter's name.
    pub by: String,
    /// The person reported.
    pub whom: String,
    /// Why.
    pub reason: String,
    /// The table where it was said (none: the lobby).
    pub place: Option<u64>,
    /// The reported person's last messages there, oldest first.
    pub messages: Vec<String>,
    /// The moderator who dealt with it, and when.
    pub handled: Option<(String, i64)>,
}

/// A name as the lookups compare it: letter case aside (`Ana`, `ANA` and `ana` are one).
pub fn folded(name: &str) -> String {
    name.to_lowercase()
}

/// The log entry `snakes admin` writes for `action` on moderator `name`.
pub fn operator_entry(action: &str, name: &str, now: i64) -> LogEntry {
    LogEntry {
        id: 0,
        at: now,
        by: "operator".into(),
        action: action.into(),
        whom: name.into(),
        why: String::new(),
        until: None,
    }
}

/// A report's messages as the column keeps them: a JSON array of strings.
fn messages_text(messages: &[String]) -> Result<String, StoreError> {
    Ok(serde_json::to_string(messages)?)
}

/// A report's messages read back from their column.
fn messages_of(text: &str) -> Result<Vec<String>, StoreError> {
    Ok(serde_json::from_str(text)?)
}

/// A sanction's kind read back from its column.
fn kind_of(text: &str) -> Result<SanctionKind, StoreError> {
    SanctionKind::parse(text).ok_or_else(|| StoreError::UnknownKind {
        kind: text.to_string(),
    })
}

/// The columns of a sanction, in the order [`on_sqlite`] and [`on_postgres`] read them.
const SANCTION_COLUMNS: &str = "id, kind, name, network, reason, by_name, made_at, ends_at";

/// The columns of a log entry, in the order they are read.
const LOG_COLUMNS: &str = "id, logged_at, by_name, action, whom, why, ends_at";

/// The columns of a report, in the order they are read.
const REPORT_COLUMNS: &str =
    "id, made_at, by_name, whom, reason, place, messages, handled_by, handled_at";

/// The SQL of the SQLite store (its tables are migration 6 of `sqlite.rs`). Each function runs
/// on one connection: the writer's for the server, one of its own for the operator.
pub(super) mod on_sqlite {
    use rusqlite::{Connection, OptionalExtension, params};

    use super::{
        LOG_COLUMNS, LogEntry, REPORT_COLUMNS, Report, SANCTION_COLUMNS, Sanction, folded, kind_of,
        messages_of, messages_text,
    };
    use crate::store::StoreError;

    /// The stored key hash of moderator `name`, letter case aside.
    pub fn moderator_key(conn: &Connection, name: &str) -> Result<Option<String>, StoreError> {
        Ok(conn
            .prepare_cached("SELECT key_hash FROM moderators WHERE folded = ?1")?
            .query_row([folded(name)], |r| r.get(0))
            .optional()?)
    }

    /// Writes one log entry; its id.
    pub fn log(conn: &Connection, e: &LogEntry) -> Result<i64, StoreError> {
        conn.prepare_cached(
            "INSERT INTO moderation_log (logged_at, by_name, action, whom, why, ends_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![e.at, e.by, e.action, e.whom, e.why, e.until])?;
        Ok(conn.last_insert_rowid())
    }

    /// Stores a sanction and its log entry in one transaction; the sanction's id.
    pub fn sanction(conn: &mut Connection, s: &Sanction, e: &LogEntry) -> Result<i64, StoreError> {
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO sanctions (kind, name, network, reason, by_name, made_at, ends_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                s.kind.as_str(),
                s.name,
                s.network,
                s.reason,
                s.by,
                s.at,
                s.until
            ],
        )?;
        let id = tx.last_insert_rowid();
        log(&tx, e)?;
        tx.commit()?;
        Ok(id)
    }

    /// Ends sanction `id` at the entry's time, logging it, in one transaction; false when no
    /// such sanction is in force.
    pub fn lift(conn: &mut Connection, id: i64, e: &LogEntry) -> Result<bool, StoreError> {
        let tx = conn.transaction()?;
        let changed = tx.execute(
            "UPDATE sanctions SET lifted_at = ?2
             WHERE id = ?1 AND lifted_at IS NULL AND ends_at > ?2",
            params![id, e.at],
        )?;
        if changed == 0 {
            return Ok(false);
        }
        log(&tx, e)?;
        tx.commit()?;
        Ok(true)
    }

    /// The sanctions in force at `now`, oldest first.
    pub fn sanctions(conn: &Connection, now: i64) -> Result<Vec<Sanction>, StoreError> {
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {SANCTION_COLUMNS} FROM sanctions
             WHERE lifted_at IS NULL AND ends_at > ?1 ORDER BY id"
        ))?;
        let rows = stmt.query_map([now], |r| {
            Ok((
                r.get::<_, String>(1)?,
                Sanction {
                    id: r.get(0)?,
                    kind: super::SanctionKind::Silence,
                    name: r.get(2)?,
                    network: r.get(3)?,
                    reason: r.get(4)?,
                    by: r.get(5)?,
                    at: r.get(6)?,
                    until: r.get(7)?,
                },
            ))
        })?;
        let mut found = Vec::new();
        for row in rows {
            let (kind, mut sanction) = row?;
            sanction.kind = kind_of(&kind)?;
            found.push(sanction);
        }
        Ok(found)
    }

    /// The log, newest first, at most `limit` entries, those before id `before` when given.
    pub fn read_log(
        conn: &Connection,
        limit: usize,
        before: Option<i64>,
    ) -> Result<Vec<LogEntry>, StoreError> {
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {LOG_COLUMNS} FROM moderation_log WHERE id < ?1 ORDER BY id DESC LIMIT ?2"
        ))?;
        let rows = stmt.query_map(params![before.unwrap_or(i64::MAX), limit as i64], |r| {
            Ok(LogEntry {
                id: r.get(0)?,
                at: r.get(1)?,
                by: r.get(2)?,
                action: r.get(3)?,
                whom: r.get(4)?,
                why: r.get(5)?,
                until: r.get(6)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Stores a report; its id.
    pub fn report(conn: &Connection, p: &Report) -> Result<i64, StoreError> {
        conn.execute(
            "INSERT INTO reports (made_at, by_name, whom, reason, place, messages)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                p.at,
                p.by,
                p.whom,
                p.reason,
                p.place.map(|t| t as i64),
                messages_text(&p.messages)?
            ],
        )?;
        Ok(conn.last_insert_rowid())
    }

    /// The reports (only those nobody handled yet with `open_only`), oldest first.
    pub fn reports(conn: &Connection, open_only: bool) -> Result<Vec<Report>, StoreError> {
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {REPORT_COLUMNS} FROM reports
             WHERE NOT ?1 OR handled_at IS NULL ORDER BY id"
        ))?;
        let rows = stmt.query_map([open_only], |r| {
            let handled_by: Option<String> = r.get(7)?;
            let handled_at: Option<i64> = r.get(8)?;
            Ok((
                r.get::<_, String>(6)?,
                Report {
                    id: r.get(0)?,
                    at: r.get(1)?,
                    by: r.get(2)?,
                    whom: r.get(3)?,
                    reason: r.get(4)?,
                    place: r.get::<_, Option<i64>>(5)?.map(|t| t as u64),
                    messages: Vec::new(),
                    handled: handled_by.zip(handled_at),
                },
            ))
        })?;
        let mut found = Vec::new();
        for row in rows {
            let (messages, mut report) = row?;
            report.messages = messages_of(&messages)?;
            found.push(report);
        }
        Ok(found)
    }

    /// Marks open report `id` handled by `by` at `now`, with its log entry, in one transaction;
    /// false when there is no such open report.
    pub fn handle_report(
        conn: &mut Connection,
        id: i64,
        by: &str,
        now: i64,
        e: &LogEntry,
    ) -> Result<bool, StoreError> {
        let tx = conn.transaction()?;
        let changed = tx.execute(
            "UPDATE reports SET handled_by = ?2, handled_at = ?3
             WHERE id = ?1 AND handled_at IS NULL",
            params![id, by, now],
        )?;
        if changed == 0 {
            return Ok(false);
        }
        log(&tx, e)?;
        tx.commit()?;
        Ok(true)
    }

    /// Makes `name` a moderator with the key of `key_hash` (replacing any key it had, whatever
    /// the letter case it was granted under), logged, in one transaction.
    pub fn grant(
        conn: &mut Connection,
        name: &str,
        key_hash: &str,
        e: &LogEntry,
    ) -> Result<(), StoreError> {
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO moderators (folded, name, key_hash, granted_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (folded) DO UPDATE SET name = excluded.name,
                 key_hash = excluded.key_hash, granted_at = excluded.granted_at",
            params![folded(name), name, key_hash, e.at],
        )?;
        log(&tx, e)?;
        tx.commit()?;
        Ok(())
    }

    /// Takes moderator `name`'s key away, logged, in one transaction; false when `name` was no
    /// moderator (nothing is logged).
    pub fn revoke(conn: &mut Connection, name: &str, e: &LogEntry) -> Result<bool, StoreError> {
        let tx = conn.transaction()?;
        let changed = tx.execute("DELETE FROM moderators WHERE folded = ?1", [folded(name)])?;
        if changed == 0 {
            return Ok(false);
        }
        log(&tx, e)?;
        tx.commit()?;
        Ok(true)
    }

    /// The moderators, each as granted and when, by name.
    pub fn moderators(conn: &Connection) -> Result<Vec<(String, i64)>, StoreError> {
        let mut stmt =
            conn.prepare_cached("SELECT name, granted_at FROM moderators ORDER BY folded")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// The SQL of the PostgreSQL store (its tables are `migrations/postgres/0004_moderation.sql`).
/// Each function runs on one pooled connection, within the limit `postgres.rs` gives it.
pub(super) mod on_postgres {
    use deadpool_postgres::{Object, Transaction};

    use super::{
        LOG_COLUMNS, LogEntry, REPORT_COLUMNS, Report, SANCTION_COLUMNS, Sanction, folded, kind_of,
        messages_of, messages_text,
    };
    use crate::store::StoreError;

    /// Tells the other servers that the sanctions or the moderators changed.
    const CHANGED: &str = "SELECT pg_notify('snakes', 'm')";

    /// The stored key hash of moderator `name`, letter case aside.
    pub async fn moderator_key(client: &Object, name: &str) -> Result<Option<String>, StoreError> {
        let row = client
            .query_opt(
                "SELECT key_hash FROM moderators WHERE folded = $1",
                &[&folded(name)],
            )
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Writes one log entry in transaction `tx`; its id.
    pub async fn log(tx: &Transaction<'_>, e: &LogEntry) -> Result<i64, StoreError> {
        Ok(tx
            .query_one(
                "INSERT INTO moderation_log (logged_at, by_name, action, whom, why, ends_at)
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[&e.at, &e.by, &e.action, &e.whom, &e.why, &e.until],
            )
            .await?
            .get(0))
    }

    /// Writes one log entry on its own; its id.
    pub async fn log_one(client: &mut Object, e: &LogEntry) -> Result<i64, StoreError> {
        let tx = client.transaction().await?;
        let id = log(&tx, e).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Stores a sanction and its log entry in one transaction, and tells the other servers.
    pub async fn sanction(
        client: &mut Object,
        s: &Sanction,
        e: &LogEntry,
    ) -> Result<i64, StoreError> {
        let tx = client.transaction().await?;
        let id: i64 = tx
            .query_one(
                "INSERT INTO sanctions (kind, name, network, reason, by_name, made_at, ends_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                &[
                    &s.kind.as_str(),
                    &s.name,
                    &s.network,
                    &s.reason,
                    &s.by,
                    &s.at,
                    &s.until,
                ],
            )
            .await?
            .get(0);
        log(&tx, e).await?;
        tx.execute(CHANGED, &[]).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Ends sanction `id` at the entry's time, logging it, in one transaction, and tells the
    /// other servers; false when no such sanction is in force.
    pub async fn lift(client: &mut Object, id: i64, e: &LogEntry) -> Result<bool, StoreError> {
        let tx = client.transaction().await?;
        let changed = tx
            .execute(
                "UPDATE sanctions SET lifted_at = $2
                 WHERE id = $1 AND lifted_at IS NULL AND ends_at > $2",
                &[&id, &e.at],
            )
            .await?;
        if changed == 0 {
            return Ok(false);
        }
        log(&tx, e).await?;
        tx.execute(CHANGED, &[]).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The sanctions in force at `now`, oldest first.
    pub async fn sanctions(client: &Object, now: i64) -> Result<Vec<Sanction>, StoreError> {
        let rows = client
            .query(
                &format!(
                    "SELECT {SANCTION_COLUMNS} FROM sanctions
                     WHERE lifted_at IS NULL AND ends_at > $1 ORDER BY id"
                ),
                &[&now],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(Sanction {
                    id: r.try_get(0)?,
                    kind: kind_of(r.try_get(1)?)?,
                    name: r.try_get(2)?,
                    network: r.try_get(3)?,
                    reason: r.try_get(4)?,
                    by: r.try_get(5)?,
                    at: r.try_get(6)?,
                    until: r.try_get(7)?,
                })
            })
            .collect()
    }

    /// The log, newest first, at most `limit` entries, those before id `before` when given.
    pub async fn read_log(
        client: &Object,
        limit: usize,
        before: Option<i64>,
    ) -> Result<Vec<LogEntry>, StoreError> {
        let rows = client
            .query(
                &format!(
                    "SELECT {LOG_COLUMNS} FROM moderation_log WHERE id < $1
                     ORDER BY id DESC LIMIT $2"
                ),
                &[&before.unwrap_or(i64::MAX), &(limit as i64)],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(LogEntry {
                    id: r.try_get(0)?,
                    at: r.try_get(1)?,
                    by: r.try_get(2)?,
                    action: r.try_get(3)?,
                    whom: r.try_get(4)?,
                    why: r.try_get(5)?,
                    until: r.try_get(6)?,
                })
            })
            .collect()
    }

    /// Stores a report, and tells the other servers (`p<id>`); its id.
    pub async fn report(client: &mut Object, p: &Report) -> Result<i64, StoreError> {
        let tx = client.transaction().await?;
        let id: i64 = tx
            .query_one(
                "INSERT INTO reports (made_at, by_name, whom, reason, place, messages)
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[
                    &p.at,
                    &p.by,
                    &p.whom,
                    &p.reason,
                    &p.place.map(|t| t as i64),
                    &messages_text(&p.messages)?,
                ],
            )
            .await?
            .get(0);
        tx.execute("SELECT pg_notify('snakes', 'p' || $1::bigint)", &[&id])
            .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The reports (only those nobody handled yet with `open_only`), oldest first.
    pub async fn reports(client: &Object, open_only: bool) -> Result<Vec<Report>, StoreError> {
        let rows = client
            .query(
                &format!(
                    "SELECT {REPORT_COLUMNS} FROM reports
                     WHERE NOT $1 OR handled_at IS NULL ORDER BY id"
                ),
                &[&open_only],
            )
            .await?;
        rows.iter()
            .map(|r| {
                let handled_by: Option<String> = r.try_get(7)?;
                let handled_at: Option<i64> = r.try_get(8)?;
                Ok(Report {
                    id: r.try_get(0)?,
                    at: r.try_get(1)?,
                    by: r.try_get(2)?,
                    whom: r.try_get(3)?,
                    reason: r.try_get(4)?,
                    place: r.try_get::<_, Option<i64>>(5)?.map(|t| t as u64),
                    messages: messages_of(r.try_get(6)?)?,
                    handled: handled_by.zip(handled_at),
                })
            })
            .collect()
    }

    /// Marks open report `id` handled, with its log entry, in one transaction; false when
    /// there is no such open report.
    pub async fn handle_report(
        client: &mut Object,
        id: i64,
        by: &str,
        now: i64,
        e: &LogEntry,
    ) -> Result<bool, StoreError> {
        let tx = client.transaction().await?;
        let changed = tx
            .execute(
                "UPDATE reports SET handled_by = $2, handled_at = $3
                 WHERE id = $1 AND handled_at IS NULL",
                &[&id, &by, &now],
            )
            .await?;
        if changed == 0 {
            return Ok(false);
        }
        log(&tx, e).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Makes `name` a moderator with the key of `key_hash` (replacing any it had), logged, in
    /// one transaction, and tells the other servers.
    pub async fn grant(
        client: &mut Object,
        name: &str,
        key_hash: &str,
        e: &LogEntry,
    ) -> Result<(), StoreError> {
        let tx = client.transaction().await?;
        tx.execute(
            "INSERT INTO moderators (folded, name, key_hash, granted_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (folded) DO UPDATE SET name = EXCLUDED.name,
                 key_hash = EXCLUDED.key_hash, granted_at = EXCLUDED.granted_at",
            &[&folded(name), &name, &key_hash, &e.at],
        )
        .await?;
        log(&tx, e).await?;
        tx.execute(CHANGED, &[]).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Takes moderator `name`'s key away, logged, in one transaction, and tells the other
    /// servers; false when `name` was no moderator (nothing is logged).
    pub async fn revoke(client: &mut Object, name: &str, e: &LogEntry) -> Result<bool, StoreError> {
        let tx = client.transaction().await?;
        let changed = tx
            .execute("DELETE FROM moderators WHERE folded = $1", &[&folded(name)])
            .await?;
        if changed == 0 {
            return Ok(false);
        }
        log(&tx, e).await?;
        tx.execute(CHANGED, &[]).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The moderators, each as granted and when, by name.
    pub async fn moderators(client: &Object) -> Result<Vec<(String, i64)>, StoreError> {
        let rows = client
            .query(
                "SELECT name, granted_at FROM moderators ORDER BY folded",
                &[],
            )
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
    }
}
