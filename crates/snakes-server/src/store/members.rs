//! What the optional member accounts keep: the members (a name, its three keys, a password's
//! hash, the settings), their sessions (the hash of each secret a browser holds, until when),
//! whom each member blocks, and the tables each member sat at.
//!
//! The values here are the backends' common ground; the SQL of each backend is below, one module
//! each (`on_sqlite`, `on_postgres`), called by `sqlite.rs` and `postgres.rs` within their own
//! rules: SQLite's writes on its writer's thread, PostgreSQL's within their time limits. Times
//! are milliseconds since the Unix epoch. The store computes nothing of its own: a name's keys
//! ([`NameKeys`]), a password's argon2id string and a session secret's SHA-256 all come from
//! the caller, and the settings are a JSON object kept as text. Two names are one when any of
//! their keys is equal: each key has a unique index of its own, so of two people taking names
//! that are one at the same moment, exactly one gets it ([`on_sqlite::create_member`] and
//! [`on_postgres::create_member`] insert, never look first). Deleting a member deletes their
//! sessions, their blocks (both ways) and their list of tables with them (foreign keys `ON
//! DELETE CASCADE`, which SQLite enforces on the store's connections: `PRAGMA foreign_keys`);
//! the tables themselves are not theirs and stay.
//!
//! With several servers on one PostgreSQL, each write that changes a member's sessions,
//! password, settings or blocks, or deletes the member, notifies `a<id>` (the member's id) on
//! the channel `snakes` in its own transaction, once for each member it changes (a block and
//! an unblock change both members'), so that the other servers read that member again.

use crate::protocol::TableId;

pub use snakes_text::names::NameKeys;

/// A member to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMember {
    /// The name as chosen.
    pub name: String,
    /// Its keys.
    pub keys: NameKeys,
    /// The password's argon2id PHC string (none: the member signs in another way).
    pub password: Option<String>,
    /// When the member is created.
    pub at: i64,
}

/// A member as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// Its id.
    pub id: i64,
    /// The name as chosen.
    pub name: String,
    /// The password's argon2id PHC string, if any.
    pub password: Option<String>,
    /// The settings: a JSON object, as text (`{}` at first).
    pub settings: String,
    /// When the member was created.
    pub created_at: i64,
}

/// A member's columns, of the table `members` named `m`, in the order they are read.
const MEMBER_COLUMNS: &str = "m.id, m.name, m.password, m.settings, m.created_at";

/// The member's row that shares a key with the three given (`?1`/`$1` looks, then letters,
/// then plain): when several share one key each, the one sharing the first of them. Its
/// columns are [`MEMBER_COLUMNS`], spelled out (`concat!` takes literals only).
macro_rules! named {
    ($looks:literal, $letters:literal, $plain:literal) => {
        concat!(
            "SELECT m.id, m.name, m.password, m.settings, m.created_at FROM members m
             WHERE m.looks = ",
            $looks,
            " OR m.letters = ",
            $letters,
            " OR m.plain = ",
            $plain,
            "
             ORDER BY CASE WHEN m.looks = ",
            $looks,
            " THEN 0 WHEN m.letters = ",
            $letters,
            " THEN 1 ELSE 2 END, m.id LIMIT 1"
        )
    };
}

/// One finished game of a member's, as their list shows it: the member's table row joined with
/// what the store keeps of the table (its set-up, its lobby row, its result).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberGame {
    /// The table.
    pub table: TableId,
    /// The member's seat: their player's number once the game started.
    pub seat: u32,
    /// When the game ended, seconds since the Unix epoch.
    pub finished_at: Option<i64>,
    /// `classic` or `custom`.
    pub board_name: String,
    /// The rules (canonical text).
    pub rules: String,
    /// The table's lobby row in words, as JSON (`state::lobby::summary_of`).
    pub summary: Option<String>,
    /// The winner's player number; none for a draw.
    pub winner: Option<u32>,
    /// Turns played by everyone, when someone won.
    pub turns: Option<u32>,
}

/// A member's finished games on one board under one set of rules: how many, and how many won.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFigures {
    /// `classic` or `custom`.
    pub board_name: String,
    /// The board's layout as JSON, as tables store it.
    pub board: String,
    /// The rules (canonical text).
    pub rules: String,
    /// Games played to their end (won by someone, or drawn).
    pub played: u64,
    /// Of those, the games the member won.
    pub won: u64,
    /// The lobby row of one of those games, as JSON: the board and the rules in words.
    pub summary: Option<String>,
}

/// The columns of a [`MemberGame`], of `member_tables mt` joined with `tables t` and `results
/// r`, in the order they are read.
const GAME_COLUMNS: &str = "mt.table_id, mt.seat, t.finished_at, t.board_name, t.rules, t.summary, \
                            r.winner, r.turns";

/// The joins of a member's games: their tables, each with its result (none for a draw).
const GAME_JOINS: &str = "FROM member_tables mt JOIN tables t ON t.id = mt.table_id
     LEFT JOIN results r ON r.table_id = mt.table_id";

/// The columns of [`GameFigures`], grouped by board and rules, in the order they are read.
const FIGURE_COLUMNS: &str = "t.board_name, t.board, t.rules, count(*), \
     sum(CASE WHEN r.winner = mt.seat THEN 1 ELSE 0 END), max(t.summary)";

/// A table id as the columns keep it.
fn table_column(id: TableId) -> i64 {
    id as i64
}

/// The SQL of the SQLite store (its tables are migration 7 of `sqlite.rs`). Each function runs
/// on the writer's connection, which enforces the foreign keys (the deletes' cascades).
pub(super) mod on_sqlite {
    use rusqlite::{Connection, OptionalExtension, Row, params};

    use super::{
        FIGURE_COLUMNS, GAME_COLUMNS, GAME_JOINS, GameFigures, MEMBER_COLUMNS, Member, MemberGame,
        NameKeys, NewMember, table_column,
    };
    use crate::protocol::TableId;
    use crate::store::StoreError;

    /// A member read from the columns [`MEMBER_COLUMNS`].
    fn member(r: &Row<'_>) -> rusqlite::Result<Member> {
        Ok(Member {
            id: r.get(0)?,
            name: r.get(1)?,
            password: r.get(2)?,
            settings: r.get(3)?,
            created_at: r.get(4)?,
        })
    }

    /// Creates a member; none when a member's name shares any of its keys (the unique indexes
    /// refuse it: nothing is read first).
    pub fn create_member(conn: &Connection, m: &NewMember) -> Result<Option<Member>, StoreError> {
        Ok(conn
            .prepare_cached(
                "INSERT INTO members (name, looks, letters, plain, password, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING
                 RETURNING id, name, password, settings, created_at",
            )?
            .query_row(
                params![
                    m.name,
                    m.keys.looks,
                    m.keys.letters,
                    m.keys.plain,
                    m.password,
                    m.at
                ],
                member,
            )
            .optional()?)
    }

    /// The member whose name shares any of `keys`.
    pub fn member_named(conn: &Connection, keys: &NameKeys) -> Result<Option<Member>, StoreError> {
        Ok(conn
            .prepare_cached(named!("?1", "?2", "?3"))?
            .query_row(params![keys.looks, keys.letters, keys.plain], member)
            .optional()?)
    }

    /// Member `id`.
    pub fn member_by_id(conn: &Connection, id: i64) -> Result<Option<Member>, StoreError> {
        Ok(conn
            .prepare_cached(&format!(
                "SELECT {MEMBER_COLUMNS} FROM members m WHERE m.id = ?1"
            ))?
            .query_row([id], member)
            .optional()?)
    }

    /// How many members there are.
    pub fn members_count(conn: &Connection) -> Result<u64, StoreError> {
        let n: i64 = conn.query_row("SELECT count(*) FROM members", [], |r| r.get(0))?;
        Ok(n as u64)
    }

    /// Opens a session of `member_id` under the hash of its secret, until `expires_at`.
    pub fn open_session(
        conn: &Connection,
        member_id: i64,
        secret_hash: &str,
        at: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        conn.prepare_cached(
            "INSERT INTO member_sessions (secret_hash, member_id, created_at, expires_at)
             VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![secret_hash, member_id, at, expires_at])?;
        Ok(())
    }

    /// The member of the session whose secret hashes to `secret_hash`, when it has not expired
    /// at `now`.
    pub fn session_member(
        conn: &Connection,
        secret_hash: &str,
        now: i64,
    ) -> Result<Option<Member>, StoreError> {
        Ok(conn
            .prepare_cached(&format!(
                "SELECT {MEMBER_COLUMNS} FROM member_sessions s
                 JOIN members m ON m.id = s.member_id
                 WHERE s.secret_hash = ?1 AND s.expires_at > ?2"
            ))?
            .query_row(params![secret_hash, now], member)
            .optional()?)
    }

    /// Closes one session; false when there was none.
    pub fn close_session(conn: &Connection, secret_hash: &str) -> Result<bool, StoreError> {
        let gone = conn
            .prepare_cached("DELETE FROM member_sessions WHERE secret_hash = ?1")?
            .execute([secret_hash])?;
        Ok(gone > 0)
    }

    /// Closes every session of `member_id`; how many.
    pub fn close_sessions(conn: &Connection, member_id: i64) -> Result<u64, StoreError> {
        let gone = conn
            .prepare_cached("DELETE FROM member_sessions WHERE member_id = ?1")?
            .execute([member_id])?;
        Ok(gone as u64)
    }

    /// Deletes the sessions expired at `now`; how many.
    pub fn delete_expired_sessions(conn: &Connection, now: i64) -> Result<u64, StoreError> {
        let gone = conn
            .prepare_cached("DELETE FROM member_sessions WHERE expires_at <= ?1")?
            .execute([now])?;
        Ok(gone as u64)
    }

    /// Sets (or, with none, removes) the member's password.
    pub fn set_password(
        conn: &Connection,
        member_id: i64,
        password: Option<&str>,
    ) -> Result<(), StoreError> {
        conn.prepare_cached("UPDATE members SET password = ?2 WHERE id = ?1")?
            .execute(params![member_id, password])?;
        Ok(())
    }

    /// Sets the member's settings.
    pub fn set_settings(
        conn: &Connection,
        member_id: i64,
        settings: &str,
    ) -> Result<(), StoreError> {
        conn.prepare_cached("UPDATE members SET settings = ?2 WHERE id = ?1")?
            .execute(params![member_id, settings])?;
        Ok(())
    }

    /// Deletes member `id`, with their sessions, their blocks both ways and their tables' list
    /// (the foreign keys' cascades, in the same statement); false when there was none.
    pub fn delete_member(conn: &Connection, id: i64) -> Result<bool, StoreError> {
        let gone = conn
            .prepare_cached("DELETE FROM members WHERE id = ?1")?
            .execute([id])?;
        Ok(gone > 0)
    }

    /// `member_id` blocks `blocked_id`; false when they did already.
    pub fn block(
        conn: &Connection,
        member_id: i64,
        blocked_id: i64,
        at: i64,
    ) -> Result<bool, StoreError> {
        let added = conn
            .prepare_cached(
                "INSERT INTO blocks (member_id, blocked_id, created_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (member_id, blocked_id) DO NOTHING",
            )?
            .execute(params![member_id, blocked_id, at])?;
        Ok(added > 0)
    }

    /// `member_id` no longer blocks `blocked_id`; false when they did not.
    pub fn unblock(conn: &Connection, member_id: i64, blocked_id: i64) -> Result<bool, StoreError> {
        let gone = conn
            .prepare_cached("DELETE FROM blocks WHERE member_id = ?1 AND blocked_id = ?2")?
            .execute(params![member_id, blocked_id])?;
        Ok(gone > 0)
    }

    /// Whom `member_id` blocks: id and name, by name (code point order).
    pub fn blocked(conn: &Connection, member_id: i64) -> Result<Vec<(i64, String)>, StoreError> {
        let mut stmt = conn.prepare_cached(
            "SELECT m.id, m.name FROM blocks b JOIN members m ON m.id = b.blocked_id
             WHERE b.member_id = ?1 ORDER BY m.name, m.id",
        )?;
        let rows = stmt.query_map([member_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Who blocks `member_id`, by id: all, or those who sat at table `at`.
    pub fn blockers(
        conn: &Connection,
        member_id: i64,
        at: Option<TableId>,
    ) -> Result<Vec<i64>, StoreError> {
        let mut stmt = conn.prepare_cached(
            "SELECT b.member_id FROM blocks b WHERE b.blocked_id = ?1
             AND (?2 IS NULL OR EXISTS (SELECT 1 FROM member_tables t
                                        WHERE t.member_id = b.member_id AND t.table_id = ?2))
             ORDER BY b.member_id",
        )?;
        let rows = stmt.query_map(params![member_id, at.map(table_column)], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Notes that `member_id` sat at `table_id` in `seat` (a second time changes nothing).
    pub fn add_member_table(
        conn: &Connection,
        member_id: i64,
        table_id: TableId,
        seat: u32,
    ) -> Result<(), StoreError> {
        conn.prepare_cached(
            "INSERT INTO member_tables (member_id, table_id, seat) VALUES (?1, ?2, ?3)
             ON CONFLICT (member_id, table_id) DO NOTHING",
        )?
        .execute(params![member_id, table_column(table_id), seat])?;
        Ok(())
    }

    /// The tables `member_id` sat at and their seat, newest first, at most `limit`, those
    /// below `before` when given.
    pub fn member_tables(
        conn: &Connection,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
    ) -> Result<Vec<(TableId, u32)>, StoreError> {
        let mut stmt = conn.prepare_cached(
            "SELECT table_id, seat FROM member_tables WHERE member_id = ?1 AND table_id < ?2
             ORDER BY table_id DESC LIMIT ?3",
        )?;
        let rows = stmt.query_map(
            params![member_id, before.map_or(i64::MAX, table_column), limit],
            |r| Ok((r.get::<_, i64>(0)? as TableId, r.get(1)?)),
        )?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
    /// The finished games of `member_id` (won or drawn), newest first, at most `limit`, those
    /// below `before` when given: through the index of the member's tables, newest first.
    pub fn member_games(
        conn: &Connection,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
    ) -> Result<Vec<MemberGame>, StoreError> {
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} {GAME_JOINS}
             WHERE mt.member_id = ?1 AND mt.table_id < ?2 AND t.status = 'finished'
             ORDER BY mt.table_id DESC LIMIT ?3"
        ))?;
        let rows = stmt.query_map(
            params![member_id, before.map_or(i64::MAX, table_column), limit],
            |r| {
                Ok(MemberGame {
                    table: r.get::<_, i64>(0)? as TableId,
                    seat: r.get(1)?,
                    finished_at: r.get(2)?,
                    board_name: r.get(3)?,
                    rules: r.get(4)?,
                    summary: r.get(5)?,
                    winner: r.get(6)?,
                    turns: r.get(7)?,
                })
            },
        )?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The finished games of `member_id` by board and rules: played, won; the most played
    /// first.
    pub fn game_figures(conn: &Connection, member_id: i64) -> Result<Vec<GameFigures>, StoreError> {
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {FIGURE_COLUMNS} {GAME_JOINS}
             WHERE mt.member_id = ?1 AND t.status = 'finished'
             GROUP BY t.board_name, t.board, t.rules
             ORDER BY count(*) DESC, t.board_name, t.rules"
        ))?;
        let rows = stmt.query_map([member_id], |r| {
            Ok(GameFigures {
                board_name: r.get(0)?,
                board: r.get(1)?,
                rules: r.get(2)?,
                played: r.get::<_, i64>(3)? as u64,
                won: r.get::<_, i64>(4)? as u64,
                summary: r.get(5)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The members of table `table_id` in seats that the start renumbered (`(before, after)`)
    /// take their player's number.
    pub fn renumber_seats(
        conn: &Connection,
        table_id: TableId,
        seats: &[(u32, u32)],
    ) -> Result<(), StoreError> {
        // One statement: each row moves once, whatever the order of the pairs.
        let cases: String = seats
            .iter()
            .map(|(from, to)| format!(" WHEN {from} THEN {to}"))
            .collect();
        let froms: Vec<String> = seats.iter().map(|(from, _)| from.to_string()).collect();
        conn.execute(
            &format!(
                "UPDATE member_tables SET seat = CASE seat{cases} END
                 WHERE table_id = ?1 AND seat IN ({})",
                froms.join(", ")
            ),
            [table_column(table_id)],
        )?;
        Ok(())
    }
}

/// The SQL of the PostgreSQL store (its tables are `migrations/postgres/0005_members.sql`).
/// Each function runs on one pooled connection, within the limit `postgres.rs` gives it.
pub(super) mod on_postgres {
    use deadpool_postgres::{Object, Transaction};
    use tokio_postgres::Row;

    use super::{
        FIGURE_COLUMNS, GAME_COLUMNS, GAME_JOINS, GameFigures, MEMBER_COLUMNS, Member, MemberGame,
        NameKeys, NewMember, table_column,
    };
    use crate::protocol::TableId;
    use crate::store::StoreError;

    /// A member read from the columns [`MEMBER_COLUMNS`].
    pub(in crate::store) fn member(r: &Row) -> Result<Member, StoreError> {
        Ok(Member {
            id: r.try_get(0)?,
            name: r.try_get(1)?,
            password: r.try_get(2)?,
            settings: r.try_get(3)?,
            created_at: r.try_get(4)?,
        })
    }

    /// Tells the other servers, in transaction `tx`, that member `id` changed (`a<id>`).
    async fn changed(tx: &Transaction<'_>, id: i64) -> Result<(), StoreError> {
        tx.execute("SELECT pg_notify('snakes', 'a' || $1::bigint)", &[&id])
            .await?;
        Ok(())
    }

    /// Creates a member; none when a member's name shares any of its keys (the unique indexes
    /// refuse it, whoever inserts at the same moment: nothing is read first).
    pub async fn create_member(
        client: &Object,
        m: &NewMember,
    ) -> Result<Option<Member>, StoreError> {
        let row = client
            .query_opt(
                "INSERT INTO members (name, looks, letters, plain, password, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING
                 RETURNING id, name, password, settings, created_at",
                &[
                    &m.name,
                    &m.keys.looks,
                    &m.keys.letters,
                    &m.keys.plain,
                    &m.password,
                    &m.at,
                ],
            )
            .await?;
        row.as_ref().map(member).transpose()
    }

    /// The member whose name shares any of `keys`.
    pub async fn member_named(
        client: &Object,
        keys: &NameKeys,
    ) -> Result<Option<Member>, StoreError> {
        let row = client
            .query_opt(
                named!("$1", "$2", "$3"),
                &[&keys.looks, &keys.letters, &keys.plain],
            )
            .await?;
        row.as_ref().map(member).transpose()
    }

    /// Member `id`.
    pub async fn member_by_id(client: &Object, id: i64) -> Result<Option<Member>, StoreError> {
        let row = client
            .query_opt(
                &format!("SELECT {MEMBER_COLUMNS} FROM members m WHERE m.id = $1"),
                &[&id],
            )
            .await?;
        row.as_ref().map(member).transpose()
    }

    /// How many members there are.
    pub async fn members_count(client: &Object) -> Result<u64, StoreError> {
        let n: i64 = client
            .query_one("SELECT count(*) FROM members", &[])
            .await?
            .try_get(0)?;
        Ok(n as u64)
    }

    /// Opens a session of `member_id` under the hash of its secret, until `expires_at`, and
    /// tells the other servers.
    pub async fn open_session(
        client: &mut Object,
        member_id: i64,
        secret_hash: &str,
        at: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let tx = client.transaction().await?;
        tx.execute(
            "INSERT INTO member_sessions (secret_hash, member_id, created_at, expires_at)
             VALUES ($1, $2, $3, $4)",
            &[&secret_hash, &member_id, &at, &expires_at],
        )
        .await?;
        changed(&tx, member_id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The member of the session whose secret hashes to `secret_hash`, when it has not expired
    /// at `now`.
    pub async fn session_member(
        client: &Object,
        secret_hash: &str,
        now: i64,
    ) -> Result<Option<Member>, StoreError> {
        let row = client
            .query_opt(
                &format!(
                    "SELECT {MEMBER_COLUMNS} FROM member_sessions s
                     JOIN members m ON m.id = s.member_id
                     WHERE s.secret_hash = $1 AND s.expires_at > $2"
                ),
                &[&secret_hash, &now],
            )
            .await?;
        row.as_ref().map(member).transpose()
    }

    /// Deletes the sessions `sql` names (with its `params`) in one transaction, telling the
    /// other servers of each member whose sessions went; how many.
    async fn delete_sessions(
        client: &mut Object,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<u64, StoreError> {
        let tx = client.transaction().await?;
        let rows = tx.query(sql, params).await?;
        let mut members = rows
            .iter()
            .map(|r| r.try_get::<_, i64>(0))
            .collect::<Result<Vec<i64>, _>>()?;
        members.sort_unstable();
        members.dedup();
        for id in members {
            changed(&tx, id).await?;
        }
        tx.commit().await?;
        Ok(rows.len() as u64)
    }

    /// Closes one session, telling the other servers; false when there was none.
    pub async fn close_session(client: &mut Object, secret_hash: &str) -> Result<bool, StoreError> {
        let gone = delete_sessions(
            client,
            "DELETE FROM member_sessions WHERE secret_hash = $1 RETURNING member_id",
            &[&secret_hash],
        )
        .await?;
        Ok(gone > 0)
    }

    /// Closes every session of `member_id`, telling the other servers; how many.
    pub async fn close_sessions(client: &mut Object, member_id: i64) -> Result<u64, StoreError> {
        delete_sessions(
            client,
            "DELETE FROM member_sessions WHERE member_id = $1 RETURNING member_id",
            &[&member_id],
        )
        .await
    }

    /// Deletes the sessions expired at `now`, telling the other servers of each member whose
    /// sessions went; how many.
    pub async fn delete_expired_sessions(client: &mut Object, now: i64) -> Result<u64, StoreError> {
        delete_sessions(
            client,
            "DELETE FROM member_sessions WHERE expires_at <= $1 RETURNING member_id",
            &[&now],
        )
        .await
    }

    /// Runs `sql` (an update of member `$1`'s row, with `value` as `$2`) in one transaction,
    /// telling the other servers when the member is there.
    async fn update(
        client: &mut Object,
        sql: &str,
        member_id: i64,
        value: &(dyn tokio_postgres::types::ToSql + Sync),
    ) -> Result<(), StoreError> {
        let tx = client.transaction().await?;
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 2] = [&member_id, value];
        if tx.execute(sql, &params).await? > 0 {
            changed(&tx, member_id).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Sets (or, with none, removes) the member's password, telling the other servers.
    pub async fn set_password(
        client: &mut Object,
        member_id: i64,
        password: Option<&str>,
    ) -> Result<(), StoreError> {
        update(
            client,
            "UPDATE members SET password = $2 WHERE id = $1",
            member_id,
            &password,
        )
        .await
    }

    /// Sets the member's settings, telling the other servers.
    pub async fn set_settings(
        client: &mut Object,
        member_id: i64,
        settings: &str,
    ) -> Result<(), StoreError> {
        update(
            client,
            "UPDATE members SET settings = $2 WHERE id = $1",
            member_id,
            &settings,
        )
        .await
    }

    /// Deletes member `id`, with their sessions, their blocks both ways and their tables' list
    /// (the foreign keys' cascades), in one transaction, telling the other servers of them and
    /// of each member whose blocks went with them; false when there was none.
    pub async fn delete_member(client: &mut Object, id: i64) -> Result<bool, StoreError> {
        let tx = client.transaction().await?;
        // The row's lock keeps any block of or by the member from being added meanwhile (its
        // foreign key would wait for the lock), so the members told are all those changed.
        let there = tx
            .query_opt("SELECT id FROM members WHERE id = $1 FOR UPDATE", &[&id])
            .await?;
        if there.is_none() {
            return Ok(false);
        }
        let others = tx
            .query(
                "SELECT blocked_id FROM blocks WHERE member_id = $1
                 UNION SELECT member_id FROM blocks WHERE blocked_id = $1",
                &[&id],
            )
            .await?;
        tx.execute("DELETE FROM members WHERE id = $1", &[&id])
            .await?;
        changed(&tx, id).await?;
        for other in &others {
            changed(&tx, other.try_get(0)?).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Runs `sql` (a change of the block of `$2` by `$1`) in one transaction, telling the other
    /// servers of both members when it changed anything; whether it did.
    async fn change_block(
        client: &mut Object,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
        member_id: i64,
        blocked_id: i64,
    ) -> Result<bool, StoreError> {
        let tx = client.transaction().await?;
        if tx.execute(sql, params).await? == 0 {
            return Ok(false);
        }
        changed(&tx, member_id).await?;
        changed(&tx, blocked_id).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// `member_id` blocks `blocked_id`, telling the other servers of both; false when they did
    /// already.
    pub async fn block(
        client: &mut Object,
        member_id: i64,
        blocked_id: i64,
        at: i64,
    ) -> Result<bool, StoreError> {
        change_block(
            client,
            "INSERT INTO blocks (member_id, blocked_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (member_id, blocked_id) DO NOTHING",
            &[&member_id, &blocked_id, &at],
            member_id,
            blocked_id,
        )
        .await
    }

    /// `member_id` no longer blocks `blocked_id`, telling the other servers of both; false when
    /// they did not.
    pub async fn unblock(
        client: &mut Object,
        member_id: i64,
        blocked_id: i64,
    ) -> Result<bool, StoreError> {
        change_block(
            client,
            "DELETE FROM blocks WHERE member_id = $1 AND blocked_id = $2",
            &[&member_id, &blocked_id],
            member_id,
            blocked_id,
        )
        .await
    }

    /// Whom `member_id` blocks: id and name, by name (code point order, as SQLite's).
    pub async fn blocked(
        client: &Object,
        member_id: i64,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let rows = client
            .query(
                "SELECT m.id, m.name FROM blocks b JOIN members m ON m.id = b.blocked_id
                 WHERE b.member_id = $1 ORDER BY m.name COLLATE \"C\", m.id",
                &[&member_id],
            )
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
    }

    /// Who blocks `member_id`, by id: all, or those who sat at table `at`.
    pub async fn blockers(
        client: &Object,
        member_id: i64,
        at: Option<TableId>,
    ) -> Result<Vec<i64>, StoreError> {
        let rows = client
            .query(
                "SELECT b.member_id FROM blocks b WHERE b.blocked_id = $1
                 AND ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM member_tables t
                                      WHERE t.member_id = b.member_id AND t.table_id = $2))
                 ORDER BY b.member_id",
                &[&member_id, &at.map(table_column)],
            )
            .await?;
        rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
    }

    /// Notes that `member_id` sat at `table_id` in `seat` (a second time changes nothing).
    pub async fn add_member_table(
        client: &Object,
        member_id: i64,
        table_id: TableId,
        seat: u32,
    ) -> Result<(), StoreError> {
        client
            .execute(
                "INSERT INTO member_tables (member_id, table_id, seat) VALUES ($1, $2, $3::bigint)
                 ON CONFLICT (member_id, table_id) DO NOTHING",
                &[&member_id, &table_column(table_id), &i64::from(seat)],
            )
            .await?;
        Ok(())
    }

    /// The tables `member_id` sat at and their seat, newest first, at most `limit`, those
    /// below `before` when given.
    pub async fn member_tables(
        client: &Object,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
    ) -> Result<Vec<(TableId, u32)>, StoreError> {
        let rows = client
            .query(
                "SELECT table_id, seat::bigint FROM member_tables
                 WHERE member_id = $1 AND table_id < $2 ORDER BY table_id DESC LIMIT $3",
                &[
                    &member_id,
                    &before.map_or(i64::MAX, table_column),
                    &i64::from(limit),
                ],
            )
            .await?;
        rows.iter()
            .map(|r| {
                let table: i64 = r.try_get(0)?;
                let seat: i64 = r.try_get(1)?;
                Ok((table as TableId, seat as u32))
            })
            .collect()
    }

    /// The finished games of `member_id` (won or drawn), newest first, at most `limit`, those
    /// below `before` when given: through the index of the member's tables, newest first.
    pub async fn member_games(
        client: &Object,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
    ) -> Result<Vec<MemberGame>, StoreError> {
        let rows = client
            .query(
                &format!(
                    "SELECT {GAME_COLUMNS} {GAME_JOINS}
                     WHERE mt.member_id = $1 AND mt.table_id < $2 AND t.status = 'finished'
                     ORDER BY mt.table_id DESC LIMIT $3"
                ),
                &[
                    &member_id,
                    &before.map_or(i64::MAX, table_column),
                    &i64::from(limit),
                ],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(MemberGame {
                    table: r.try_get::<_, i64>(0)? as TableId,
                    seat: r.try_get::<_, i32>(1)? as u32,
                    finished_at: r.try_get(2)?,
                    board_name: r.try_get(3)?,
                    rules: r.try_get(4)?,
                    summary: r.try_get(5)?,
                    winner: r.try_get::<_, Option<i32>>(6)?.map(|w| w as u32),
                    turns: r.try_get::<_, Option<i64>>(7)?.map(|t| t as u32),
                })
            })
            .collect()
    }

    /// The finished games of `member_id` by board and rules: played, won; the most played
    /// first.
    pub async fn game_figures(
        client: &Object,
        member_id: i64,
    ) -> Result<Vec<GameFigures>, StoreError> {
        let rows = client
            .query(
                &format!(
                    "SELECT {FIGURE_COLUMNS} {GAME_JOINS}
                     WHERE mt.member_id = $1 AND t.status = 'finished'
                     GROUP BY t.board_name, t.board, t.rules
                     ORDER BY count(*) DESC, t.board_name COLLATE \"C\", t.rules COLLATE \"C\""
                ),
                &[&member_id],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(GameFigures {
                    board_name: r.try_get(0)?,
                    board: r.try_get(1)?,
                    rules: r.try_get(2)?,
                    played: r.try_get::<_, i64>(3)? as u64,
                    won: r.try_get::<_, i64>(4)? as u64,
                    summary: r.try_get(5)?,
                })
            })
            .collect()
    }

    /// The members of table `table_id` in seats that the start renumbered (`(before, after)`)
    /// take their player's number.
    pub async fn renumber_seats(
        client: &Object,
        table_id: TableId,
        seats: &[(u32, u32)],
    ) -> Result<(), StoreError> {
        let from: Vec<i32> = seats.iter().map(|(f, _)| *f as i32).collect();
        let to: Vec<i32> = seats.iter().map(|(_, t)| *t as i32).collect();
        // One statement: each row moves once, whatever the order of the pairs.
        client
            .execute(
                "UPDATE member_tables mt SET seat = m.after
                 FROM unnest($2::int[], $3::int[]) AS m(before, after)
                 WHERE mt.table_id = $1 AND mt.seat = m.before",
                &[&table_column(table_id), &from, &to],
            )
            .await?;
        Ok(())
    }
}
