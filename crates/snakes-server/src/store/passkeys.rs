//! What members' passkeys keep (`passkeys.rs` checks them): each passkey (its credential id,
//! unique; its COSE public key; its signature counter; a label; when made and last used), the
//! challenges given and not yet answered (so that a ceremony may begin on one server and finish
//! on another), and each member's user handle (16 random bytes, made with their first passkey,
//! never their id or name).
//!
//! A challenge is taken once: [`on_sqlite::take_challenge`] and [`on_postgres::take_challenge`]
//! delete it and return what it was, in one statement, so of two answers carrying one challenge
//! at most one finds it. A passkey goes with its member (`ON DELETE CASCADE`), a challenge for a
//! member too. The last way a member has to sign in is never deleted: a passkey of a member
//! without a password goes only while another remains (checked in the deleting statement, after
//! the member's row is locked on PostgreSQL).

use super::members::{Member, NewMember};

/// A passkey to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPasskey {
    /// The credential id the authenticator chose.
    pub credential_id: Vec<u8>,
    /// The COSE public key's bytes.
    pub public_key: Vec<u8>,
    /// The signature counter it starts at.
    pub sign_count: u32,
    /// What the member sees it as ("Passkey of 6 December 2026").
    pub label: String,
    /// When it was made.
    pub at: i64,
}

/// A passkey as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passkey {
    /// Its id (in the member's list and `DELETE /api/account/passkeys/{id}`).
    pub id: i64,
    /// Whose it is.
    pub member_id: i64,
    /// The credential id.
    pub credential_id: Vec<u8>,
    /// The COSE public key's bytes.
    pub public_key: Vec<u8>,
    /// The last signature counter.
    pub sign_count: u32,
    /// Its label.
    pub label: String,
    /// When it was made.
    pub created_at: i64,
    /// When it last signed in, if ever.
    pub last_used_at: Option<i64>,
    /// The member's user handle.
    pub user_handle: Vec<u8>,
}

/// A challenge given for a ceremony.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    /// Its random bytes (the key it is found by).
    pub challenge: Vec<u8>,
    /// The ceremony: `sign-up`, `sign-in`, `add`, `delete`.
    pub purpose: String,
    /// The member it was given to (adding a passkey, deleting the account).
    pub member_id: Option<i64>,
    /// The name asked for (signing up).
    pub name: Option<String>,
    /// The user handle given with it (signing up: the new member's).
    pub user_handle: Option<Vec<u8>>,
    /// When it expires.
    pub expires_at: i64,
}

/// What stopped a member made with a passkey.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    /// A member's name shares a key with the one asked for.
    Name,
    /// That credential is kept already.
    Credential,
}

/// A passkey's columns, of `passkeys` named `p` and `members` named `m`.
const PASSKEY_COLUMNS: &str = "p.id, p.member_id, p.credential_id, p.public_key, p.sign_count, \
                               p.label, p.created_at, p.last_used_at, m.user_handle";

/// A challenge's columns, as returned.
const CHALLENGE_COLUMNS: &str = "challenge, purpose, member_id, name, user_handle, expires_at";

/// The guard of a passkey's deletion (`?1`/`$1` the member): they keep a password or another
/// passkey.
macro_rules! not_last {
    ($member:literal) => {
        concat!(
            "(EXISTS (SELECT 1 FROM members WHERE id = ",
            $member,
            " AND password IS NOT NULL)
              OR (SELECT count(*) FROM passkeys WHERE member_id = ",
            $member,
            ") > 1)"
        )
    };
}

/// The SQL of the SQLite store (its tables are migration 8 of `sqlite.rs`).
pub(super) mod on_sqlite {
    use rusqlite::{Connection, OptionalExtension, Row, params};

    use super::{CHALLENGE_COLUMNS, Challenge, Member, NewMember, NewPasskey, PASSKEY_COLUMNS};
    use super::{Passkey, Taken};
    use crate::store::StoreError;

    fn passkey_row(r: &Row<'_>) -> rusqlite::Result<Passkey> {
        Ok(Passkey {
            id: r.get(0)?,
            member_id: r.get(1)?,
            credential_id: r.get(2)?,
            public_key: r.get(3)?,
            sign_count: r.get(4)?,
            label: r.get(5)?,
            created_at: r.get(6)?,
            last_used_at: r.get(7)?,
            user_handle: r.get::<_, Option<Vec<u8>>>(8)?.unwrap_or_default(),
        })
    }

    fn challenge(r: &Row<'_>) -> rusqlite::Result<Challenge> {
        Ok(Challenge {
            challenge: r.get(0)?,
            purpose: r.get(1)?,
            member_id: r.get(2)?,
            name: r.get(3)?,
            user_handle: r.get(4)?,
            expires_at: r.get(5)?,
        })
    }

    /// Keeps a challenge.
    pub fn put_challenge(conn: &Connection, c: &Challenge) -> Result<(), StoreError> {
        conn.prepare_cached(
            "INSERT INTO passkey_challenges
             (challenge, purpose, member_id, name, user_handle, expires_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            c.challenge,
            c.purpose,
            c.member_id,
            c.name,
            c.user_handle,
            c.expires_at
        ])?;
        Ok(())
    }

    /// Deletes the challenge under `bytes` and returns it.
    pub fn take_challenge(
        conn: &Connection,
        bytes: &[u8],
    ) -> Result<Option<Challenge>, StoreError> {
        Ok(conn
            .prepare_cached(&format!(
                "DELETE FROM passkey_challenges WHERE challenge = ?1 RETURNING {CHALLENGE_COLUMNS}"
            ))?
            .query_row([bytes], challenge)
            .optional()?)
    }

    /// Deletes the challenges expired at `now`; how many.
    pub fn delete_expired_challenges(conn: &Connection, now: i64) -> Result<u64, StoreError> {
        let gone = conn
            .prepare_cached("DELETE FROM passkey_challenges WHERE expires_at <= ?1")?
            .execute([now])?;
        Ok(gone as u64)
    }

    /// The member's user handle, `new` when they had none; none without the member.
    pub fn user_handle(
        conn: &Connection,
        member_id: i64,
        new: &[u8],
    ) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(conn
            .prepare_cached(
                "UPDATE members SET user_handle = coalesce(user_handle, ?2) WHERE id = ?1
                 RETURNING user_handle",
            )?
            .query_row(params![member_id, new], |r| r.get(0))
            .optional()?)
    }

    /// Inserts a passkey of `member_id`; false when its credential is kept already.
    fn insert(conn: &Connection, member_id: i64, p: &NewPasskey) -> Result<bool, StoreError> {
        let added = conn
            .prepare_cached(
                "INSERT INTO passkeys
                 (credential_id, member_id, public_key, sign_count, label, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (credential_id) DO NOTHING",
            )?
            .execute(params![
                p.credential_id,
                member_id,
                p.public_key,
                p.sign_count,
                p.label,
                p.at
            ])?;
        Ok(added > 0)
    }

    /// A new member with `handle` and one passkey, in one transaction.
    pub fn create_passkey_member(
        conn: &mut Connection,
        m: &NewMember,
        handle: &[u8],
        p: &NewPasskey,
    ) -> Result<Result<Member, Taken>, StoreError> {
        let tx = conn.transaction()?;
        let Some(member) = crate::store::members::on_sqlite::create_member(&tx, m)? else {
            return Ok(Err(Taken::Name));
        };
        tx.prepare_cached("UPDATE members SET user_handle = ?2 WHERE id = ?1")?
            .execute(params![member.id, handle])?;
        if !insert(&tx, member.id, p)? {
            return Ok(Err(Taken::Credential));
        }
        tx.commit()?;
        Ok(Ok(member))
    }

    /// Adds a passkey to `member_id`; false when its credential is kept already.
    pub fn add_passkey(
        conn: &Connection,
        member_id: i64,
        p: &NewPasskey,
    ) -> Result<bool, StoreError> {
        insert(conn, member_id, p)
    }

    /// The passkey of `credential_id`.
    pub fn passkey(conn: &Connection, credential_id: &[u8]) -> Result<Option<Passkey>, StoreError> {
        Ok(conn
            .prepare_cached(&format!(
                "SELECT {PASSKEY_COLUMNS} FROM passkeys p JOIN members m ON m.id = p.member_id
                 WHERE p.credential_id = ?1"
            ))?
            .query_row([credential_id], passkey_row)
            .optional()?)
    }

    /// The passkeys of `member_id`, oldest first.
    pub fn passkeys(conn: &Connection, member_id: i64) -> Result<Vec<Passkey>, StoreError> {
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {PASSKEY_COLUMNS} FROM passkeys p JOIN members m ON m.id = p.member_id
             WHERE p.member_id = ?1 ORDER BY p.id"
        ))?;
        let rows = stmt.query_map([member_id], passkey_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Notes a sign-in with passkey `id`, when its counter is still `old`; whether it was.
    pub fn use_passkey(
        conn: &Connection,
        id: i64,
        old: u32,
        new: u32,
        at: i64,
    ) -> Result<bool, StoreError> {
        let n = conn
            .prepare_cached(
                "UPDATE passkeys SET sign_count = ?3, last_used_at = ?4
                 WHERE id = ?1 AND sign_count = ?2",
            )?
            .execute(params![id, old, new, at])?;
        Ok(n > 0)
    }

    /// Deletes passkey `id` of `member_id` unless it is their last way to sign in; whether it
    /// went.
    pub fn delete_passkey(conn: &Connection, member_id: i64, id: i64) -> Result<bool, StoreError> {
        let n = conn
            .prepare_cached(concat!(
                "DELETE FROM passkeys WHERE member_id = ?1 AND id = ?2 AND ",
                not_last!("?1")
            ))?
            .execute(params![member_id, id])?;
        Ok(n > 0)
    }
}

/// The SQL of the PostgreSQL store (its tables are `migrations/postgres/0006_passkeys.sql`).
pub(super) mod on_postgres {
    use deadpool_postgres::{GenericClient, Object};
    use tokio_postgres::Row;

    use super::{CHALLENGE_COLUMNS, Challenge, Member, NewMember, NewPasskey, PASSKEY_COLUMNS};
    use super::{Passkey, Taken};
    use crate::store::StoreError;
    use crate::store::members::on_postgres::member;

    fn passkey_row(r: &Row) -> Result<Passkey, StoreError> {
        Ok(Passkey {
            id: r.try_get(0)?,
            member_id: r.try_get(1)?,
            credential_id: r.try_get(2)?,
            public_key: r.try_get(3)?,
            sign_count: r.try_get::<_, i64>(4)? as u32,
            label: r.try_get(5)?,
            created_at: r.try_get(6)?,
            last_used_at: r.try_get(7)?,
            user_handle: r.try_get::<_, Option<Vec<u8>>>(8)?.unwrap_or_default(),
        })
    }

    fn challenge(r: &Row) -> Result<Challenge, StoreError> {
        Ok(Challenge {
            challenge: r.try_get(0)?,
            purpose: r.try_get(1)?,
            member_id: r.try_get(2)?,
            name: r.try_get(3)?,
            user_handle: r.try_get(4)?,
            expires_at: r.try_get(5)?,
        })
    }

    /// Keeps a challenge.
    pub async fn put_challenge(client: &Object, c: &Challenge) -> Result<(), StoreError> {
        client
            .execute(
                "INSERT INTO passkey_challenges
                 (challenge, purpose, member_id, name, user_handle, expires_at)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &c.challenge,
                    &c.purpose,
                    &c.member_id,
                    &c.name,
                    &c.user_handle,
                    &c.expires_at,
                ],
            )
            .await?;
        Ok(())
    }

    /// Deletes the challenge under `bytes` and returns it.
    pub async fn take_challenge(
        client: &Object,
        bytes: &[u8],
    ) -> Result<Option<Challenge>, StoreError> {
        let row = client
            .query_opt(
                &format!(
                    "DELETE FROM passkey_challenges WHERE challenge = $1
                     RETURNING {CHALLENGE_COLUMNS}"
                ),
                &[&bytes],
            )
            .await?;
        row.as_ref().map(challenge).transpose()
    }

    /// Deletes the challenges expired at `now`; how many.
    pub async fn delete_expired_challenges(client: &Object, now: i64) -> Result<u64, StoreError> {
        Ok(client
            .execute(
                "DELETE FROM passkey_challenges WHERE expires_at <= $1",
                &[&now],
            )
            .await?)
    }

    /// The member's user handle, `new` when they had none; none without the member.
    pub async fn user_handle(
        client: &Object,
        member_id: i64,
        new: &[u8],
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let row = client
            .query_opt(
                "UPDATE members SET user_handle = coalesce(user_handle, $2) WHERE id = $1
                 RETURNING user_handle",
                &[&member_id, &new],
            )
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// Inserts a passkey of `member_id`, on a connection or in a transaction; false when its
    /// credential is kept already.
    async fn insert(
        client: &impl GenericClient,
        member_id: i64,
        p: &NewPasskey,
    ) -> Result<bool, StoreError> {
        let added = client
            .execute(
                "INSERT INTO passkeys
                 (credential_id, member_id, public_key, sign_count, label, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING",
                &[
                    &p.credential_id,
                    &member_id,
                    &p.public_key,
                    &i64::from(p.sign_count),
                    &p.label,
                    &p.at,
                ],
            )
            .await?;
        Ok(added > 0)
    }

    /// A new member with `handle` and one passkey, in one transaction.
    pub async fn create_passkey_member(
        client: &mut Object,
        m: &NewMember,
        handle: &[u8],
        p: &NewPasskey,
    ) -> Result<Result<Member, Taken>, StoreError> {
        let tx = client.transaction().await?;
        let row = tx
            .query_opt(
                "INSERT INTO members (name, looks, letters, plain, password, created_at,
                 user_handle) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING
                 RETURNING id, name, password, settings, created_at",
                &[
                    &m.name,
                    &m.keys.looks,
                    &m.keys.letters,
                    &m.keys.plain,
                    &m.password,
                    &m.at,
                    &handle,
                ],
            )
            .await?;
        let Some(row) = row else {
            return Ok(Err(Taken::Name));
        };
        let member = member(&row)?;
        if !insert(&tx, member.id, p).await? {
            return Ok(Err(Taken::Credential));
        }
        tx.commit().await?;
        Ok(Ok(member))
    }

    /// Adds a passkey to `member_id`; false when its credential is kept already.
    pub async fn add_passkey(
        client: &Object,
        member_id: i64,
        p: &NewPasskey,
    ) -> Result<bool, StoreError> {
        insert(client, member_id, p).await
    }

    /// The passkey of `credential_id`.
    pub async fn passkey(
        client: &Object,
        credential_id: &[u8],
    ) -> Result<Option<Passkey>, StoreError> {
        let row = client
            .query_opt(
                &format!(
                    "SELECT {PASSKEY_COLUMNS} FROM passkeys p JOIN members m ON m.id = p.member_id
                     WHERE p.credential_id = $1"
                ),
                &[&credential_id],
            )
            .await?;
        row.as_ref().map(passkey_row).transpose()
    }

    /// The passkeys of `member_id`, oldest first.
    pub async fn passkeys(client: &Object, member_id: i64) -> Result<Vec<Passkey>, StoreError> {
        let rows = client
            .query(
                &format!(
                    "SELECT {PASSKEY_COLUMNS} FROM passkeys p JOIN members m ON m.id = p.member_id
                     WHERE p.member_id = $1 ORDER BY p.id"
                ),
                &[&member_id],
            )
            .await?;
        rows.iter().map(passkey_row).collect()
    }

    /// Notes a sign-in with passkey `id`, when its counter is still `old`; whether it was.
    pub async fn use_passkey(
        client: &Object,
        id: i64,
        old: u32,
        new: u32,
        at: i64,
    ) -> Result<bool, StoreError> {
        let n = client
            .execute(
                "UPDATE passkeys SET sign_count = $3, last_used_at = $4
                 WHERE id = $1 AND sign_count = $2",
                &[&id, &i64::from(old), &i64::from(new), &at],
            )
            .await?;
        Ok(n > 0)
    }

    /// Deletes passkey `id` of `member_id` unless it is their last way to sign in, the
    /// member's row locked meanwhile (two deletions at once see each other); whether it went.
    pub async fn delete_passkey(
        client: &mut Object,
        member_id: i64,
        id: i64,
    ) -> Result<bool, StoreError> {
        let tx = client.transaction().await?;
        tx.execute(
            "SELECT id FROM members WHERE id = $1 FOR UPDATE",
            &[&member_id],
        )
        .await?;
        let n = tx
            .execute(
                concat!(
                    "DELETE FROM passkeys WHERE member_id = $1 AND id = $2 AND ",
                    not_last!("$1")
                ),
                &[&member_id, &id],
            )
            .await?;
        tx.commit().await?;
        Ok(n > 0)
    }
}
