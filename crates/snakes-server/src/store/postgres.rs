//! The PostgreSQL backend of the store: one database shared by several servers.
//!
//! A pool of connections (deadpool-postgres) runs the statements; each append is one call of
//! the function `snakes_append` (one round trip, prepared once per connection), which checks the
//! appending server's epoch under a lock on the table's ownership row, checks that the events
//! follow the last stored one, and writes the events, the seat's secret, the result and the lobby
//! row in one transaction. PostgreSQL commits the appends of many tables together (its own group
//! commit) when they arrive together on several connections.
//!
//! **Durable before anyone hears.** Every commit waits for the database's log to reach its disk
//! (`synchronous_commit` is `on`, or `remote_apply` with `--sync full`, whatever the database's
//! own default), so a crash of PostgreSQL's process or machine loses no event a player was told.
//!
//! **Every call has a time limit** ([`Limits`], from the lease): the wait for a pooled
//! connection, the connection itself, each statement (on the client, and `statement_timeout`
//! and `lock_timeout` on the server). A connection that did not answer in time is closed, never
//! handed out again. The writer sends a batch again when the database did not answer (the
//! append is idempotent: sent again after a commit whose answer was lost, it finds its events
//! there), for up to half a lease, before an actor is told anything.
//!
//! Ownership: each table has one row in `owners` (the instance, its address, the epoch, the
//! expiry by the database's clock). A claim is one statement that takes a row whose lease ran
//! out (or this server's own) and raises its epoch, so of two servers claiming at once exactly
//! one gets it. The schema is `migrations/postgres/*.sql`, applied at start in order under an
//! advisory lock (several servers may start at once), each recorded in `schema_migrations`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod};
use tokio::sync::{mpsc, oneshot};
use tokio_postgres::types::ToSql;

use super::members::on_postgres as member_sql;
use super::moderation::on_postgres;
use super::passkeys::on_postgres as passkey_sql;
use super::passkeys::{Challenge, NewPasskey, Passkey, Taken};
use super::pg_tls::{self, Connect};
use super::{
    Append, FinishedGame, GameFigures, Instance, Listed, LobbyRow, LogEntry, Member, MemberGame,
    NameKeys, NewMember, Owner, Report, Sanction, StoreError, StoredTable, TableRecord, status_of,
};
use crate::locks::Lock;
use crate::protocol::TableId;
use crate::secret::{DiceKeys, DiceSource};

/// The schema, one file per version, applied in order.
pub(super) const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/postgres/0001_tables.sql"),
    include_str!("../../migrations/postgres/0002_retention.sql"),
    include_str!("../../migrations/postgres/0003_appends_sent_again.sql"),
    include_str!("../../migrations/postgres/0004_moderation.sql"),
    include_str!("../../migrations/postgres/0005_members.sql"),
    include_str!("../../migrations/postgres/0006_passkeys.sql"),
];

/// A key for `pg_advisory_xact_lock`: servers starting together migrate one at a time.
const MIGRATION_LOCK: i64 = 0x736e_616b_6573; // "snakes"

/// Connections in the pool: appends of several tables commit together.
const POOL_SIZE: usize = 8;

/// Whether an error code of PostgreSQL's says the database could not do it now (a connection
/// failure, too little of something, a shutdown or restart, a statement or lock wait cancelled
/// at its limit, a serialization failure or deadlock): tried again, it may succeed.
fn transient(code: &str) -> bool {
    code.starts_with("08")
        || code.starts_with("53")
        || code.starts_with("57P")
        || matches!(
            code,
            // A statement or lock wait cut at its limit, a serialization failure or deadlock,
            // a session ended for idling in its transaction, a standby not promoted yet.
            "57014" | "55P03" | "40001" | "40P01" | "25P03" | "25006"
        )
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        // The server's own message (a duplicate key, a failed check) says the most; an error
        // without one is the connection's.
        match e.as_db_error() {
            Some(db) => {
                let code = db.code().code();
                let text = format!("{code}: {}", db.message());
                if transient(code) {
                    StoreError::Unavailable(text)
                } else {
                    StoreError::Postgres(text)
                }
            }
            // A certificate the database's is not: asking again will not change it.
            None if e.to_string().starts_with("error performing TLS handshake") => {
                let why = std::error::Error::source(&e)
                    .map(|s| format!(": {s}"))
                    .unwrap_or_default();
                StoreError::Postgres(format!("TLS to the database{why}"))
            }
            // The connection's own failures (lost, refused, timed out), or a value that does
            // not fit its column (a fault of this code, not of the database).
            None if e.is_closed()
                || std::error::Error::source(&e).is_some_and(|s| s.is::<std::io::Error>())
                || e.to_string().starts_with("timeout") =>
            {
                StoreError::Unavailable(e.to_string())
            }
            None => StoreError::Postgres(e.to_string()),
        }
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        match e {
            deadpool_postgres::PoolError::Backend(e) => e.into(),
            deadpool_postgres::PoolError::Timeout(kind) => StoreError::Unavailable(format!(
                "no connection within the time allowed ({})",
                match kind {
                    deadpool_postgres::TimeoutType::Wait => "all of them busy",
                    deadpool_postgres::TimeoutType::Create => "connecting",
                    deadpool_postgres::TimeoutType::Recycle => "checking one",
                }
            )),
            other => StoreError::Unavailable(other.to_string()),
        }
    }
}

/// The time limits of the calls to the database, from the lease: no call may hold a table, a
/// renewal or a person longer than the lease lets another server take over.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// A write, a claim, a renewal (on the client): half a lease, at least a second.
    pub write: Duration,
    /// A read (on the client, and `statement_timeout` on the server): a lease, at least 2 s.
    pub read: Duration,
    /// The wait for a connection of the pool, and for a row lock on the server
    /// (`lock_timeout`): a quarter of a lease, at least half a second.
    pub wait: Duration,
    /// How long the writer sends a batch again while the database does not answer: half a
    /// lease.
    pub retry: Duration,
    /// Opening a connection: half a lease, at least a second.
    pub connect: Duration,
}

impl Limits {
    /// The limits for a lease of `lease`.
    pub fn of(lease: Duration) -> Limits {
        let at_least = |d: Duration, min: u64| d.max(Duration::from_millis(min));
        Limits {
            write: at_least(lease / 2, 1000),
            read: at_least(lease, 2000),
            wait: at_least(lease / 4, 500),
            retry: lease / 2,
            connect: at_least(lease / 2, 1000),
        }
    }
}

/// An append waiting for the writer, and where its answer goes.
type Pending = (Append, oneshot::Sender<Result<(), StoreError>>);

/// The statement of an append (see the module's documentation).
const APPEND: &str = "SELECT outcome, last_seq FROM \
     snakes_append_v2($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)";

/// Most appends written in one transaction.
const BATCH: usize = 256;

/// A handle on the PostgreSQL store. Cheap to clone.
#[derive(Clone)]
pub struct Postgres {
    /// Reads: tables, rows, lobby pages, finished games.
    pool: Pool,
    /// The leases, the claims, the owners, the heartbeat: never queued behind a read or a
    /// write.
    control: Pool,
    /// The writer of appends (group commit).
    appends: mpsc::UnboundedSender<Pending>,
    me: Arc<Instance>,
    /// How to connect (the address, TLS), for the connection that listens (`cluster.rs`).
    connect: Arc<Connect>,
    limits: Limits,
    /// Since when the writer has been working on its current batch (none when idle).
    writing: Arc<std::sync::Mutex<Option<std::time::Instant>>>,
}

/// The table's columns, in the order [`stored_table`] reads them.
const TABLE_COLUMNS: &str =
    "id, created_at, board_name, board, rules, seats, seed, dice_key, status";

/// The lease as milliseconds, for `now() + $n * interval '1 millisecond'`.
fn lease_ms(me: &Instance) -> f64 {
    me.lease.as_secs_f64() * 1000.0
}

/// Runs `call` on a connection of `pool` within `limit`. A connection that did not answer in
/// time, or failed, is closed rather than handed back to the pool.
async fn within<T>(
    pool: &Pool,
    limit: Duration,
    call: impl AsyncFnOnce(&mut Object) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    let mut object = pool.get().await?;
    match tokio::time::timeout(limit, call(&mut object)).await {
        Ok(Ok(v)) => Ok(v),
        // A statement's own refusal leaves the connection as good as it was.
        Ok(Err(e)) if !matches!(e, StoreError::Unavailable(_)) => Err(e),
        Ok(Err(e)) => {
            drop(Object::take(object));
            Err(e)
        }
        Err(_) => {
            drop(Object::take(object));
            Err(StoreError::Unavailable(format!(
                "no answer within {} ms",
                limit.as_millis()
            )))
        }
    }
}

impl Postgres {
    /// Connects to the database at `url` (a `postgres://` address, with `sslmode` and
    /// `sslrootcert` as libpq reads them) and migrates it. With `patient`, a database that
    /// cannot be reached is asked again, with a pause that doubles up to 10 s, for as long as it
    /// takes (each attempt logged with the host and port, never the password); else the first
    /// failure is the answer.
    ///
    /// # Errors
    /// When the address is wrong, the database cannot be reached (and not `patient`), or its
    /// schema is newer than this server's.
    pub async fn open(
        url: &str,
        me: Instance,
        full_sync: bool,
        patient: bool,
    ) -> Result<Postgres, StoreError> {
        let store = Postgres::connect_to(url, me, full_sync)?;
        let mut pause = Duration::from_millis(500);
        loop {
            match store.migrate().await {
                Ok(()) => return Ok(store),
                Err(StoreError::Unavailable(why)) if patient => {
                    tracing::warn!(
                        database = %store.connect.shown,
                        error = %why,
                        retry_in_ms = pause.as_millis() as u64,
                        "cannot reach PostgreSQL; trying again"
                    );
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(Duration::from_secs(10));
                }
                Err(StoreError::Unavailable(why)) => {
                    return Err(StoreError::Unavailable(format!(
                        "{}: {why}",
                        store.connect.shown
                    )));
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Connects to the database at `url` for its operator (`snakes tables`): its schema must be
    /// this server's own (nothing is migrated: a database is upgraded by a server starting).
    ///
    /// # Errors
    /// When the database cannot be reached, or its schema is not this server's.
    pub async fn open_for_operator(url: &str, me: Instance) -> Result<Postgres, StoreError> {
        let store = Postgres::connect_to(url, me, false)?;
        let found: i32 = within(&store.pool, store.limits.read, async |client| match client
            .query_one(
                "SELECT coalesce(max(version), 0) FROM schema_migrations",
                &[],
            )
            .await
        {
            Ok(row) => Ok(row.get(0)),
            Err(e) if e.code() == Some(&tokio_postgres::error::SqlState::UNDEFINED_TABLE) => Ok(0),
            Err(e) => Err(e.into()),
        })
        .await?;
        let supported = MIGRATIONS.len() as i32;
        if found != supported {
            return Err(StoreError::Postgres(format!(
                "the database's schema is version {found}, this command's {supported}: start a \
                 server of this version on it first"
            )));
        }
        Ok(store)
    }

    /// The pools and the writer of a store on `url`, connecting to nothing yet.
    fn connect_to(url: &str, me: Instance, full_sync: bool) -> Result<Postgres, StoreError> {
        let limits = Limits::of(me.lease);
        let mut connect = pg_tls::parse(url)?;
        let config = &mut connect.config;
        // Every commit waits for the database's log on its disk (and, with `--sync full`, for
        // the synchronous standbys to apply it, when the database has any): an event anyone
        // hears is kept through a crash of PostgreSQL's process or machine.
        let commit = if full_sync { "remote_apply" } else { "on" };
        // A server cut off from the database in the middle of a transaction (its connection
        // left open, its bytes no longer passing) would hold the rows it locked for ever, and
        // the other servers could never claim its tables: PostgreSQL ends such a session once
        // it has idled a lease in its transaction, by which time its claims have run out. A
        // statement whose client went away is ended within a tenth of a lease.
        let idle = me.lease.max(Duration::from_secs(1)).as_millis();
        let check = (me.lease / 10).max(Duration::from_millis(100)).as_millis();
        let mut options: Vec<String> = config.get_options().map(String::from).into_iter().collect();
        options.extend([
            format!("-c synchronous_commit={commit}"),
            format!("-c idle_in_transaction_session_timeout={idle}"),
            format!("-c statement_timeout={}", limits.read.as_millis()),
            format!("-c lock_timeout={}", limits.wait.as_millis()),
            format!("-c client_connection_check_interval={check}"),
        ]);
        config.options(options.join(" "));
        config.application_name("snakes");
        config.connect_timeout(limits.connect);
        // A connection whose bytes stop passing (a cut link, a frozen database machine) fails
        // within about a lease rather than when the kernel gives up (minutes).
        config.keepalives(true);
        config.keepalives_idle(limits.read);
        config.keepalives_interval(Duration::from_secs(1));
        config.keepalives_retries(3);
        config.tcp_user_timeout(limits.read);
        let make = |size: usize| {
            let manager = Manager::from_config(
                connect.config.clone(),
                connect.tls.clone(),
                ManagerConfig {
                    recycling_method: RecyclingMethod::Fast,
                },
            );
            Pool::builder(manager)
                .max_size(size)
                .wait_timeout(Some(limits.wait))
                .create_timeout(Some(limits.connect))
                .recycle_timeout(Some(limits.wait))
                .runtime(deadpool_postgres::Runtime::Tokio1)
                .build()
                .map_err(|e| StoreError::Postgres(e.to_string()))
        };
        let (pool, control, writes) = (make(POOL_SIZE)?, make(2)?, make(POOL_SIZE)?);
        let (appends, waiting) = mpsc::unbounded_channel();
        let writing = Arc::default();
        tokio::spawn(write(writes, limits, waiting, Arc::clone(&writing)));
        Ok(Postgres {
            pool,
            control,
            appends,
            me: Arc::new(me),
            connect: Arc::new(connect),
            limits,
            writing,
        })
    }

    /// How to connect to the database (its address and TLS), for a connection of one's own.
    pub fn connect(&self) -> &Connect {
        &self.connect
    }

    /// This server.
    pub fn me(&self) -> &Instance {
        &self.me
    }

    /// The time limits of the calls.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// How long the writer has been working on the batch it holds (none when it holds none):
    /// a server whose writes make no progress stops renewing its leases (`cluster.rs`).
    pub fn writing_for(&self) -> Option<Duration> {
        self.writing.locked().map(|since| since.elapsed())
    }

    /// The pool's connections now: open, and free.
    pub fn pool_status(&self) -> (usize, usize) {
        let status = self.pool.status();
        (status.size, status.available)
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        within(&self.pool, self.limits.read * 4, async |client| {
            let tx = client.transaction().await?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
                .await?;
            tx.batch_execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
            )
            .await?;
            let found: i32 = tx
                .query_one(
                    "SELECT coalesce(max(version), 0) FROM schema_migrations",
                    &[],
                )
                .await?
                .get(0);
            let supported = MIGRATIONS.len() as i32;
            if found > supported {
                return Err(StoreError::PostgresTooNew { found, supported });
            }
            for (version, sql) in (1..).zip(MIGRATIONS).skip(found as usize) {
                tx.batch_execute(sql).await?;
                tx.execute(
                    "INSERT INTO schema_migrations (version) VALUES ($1)",
                    &[&version],
                )
                .await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// Creates a table claimed by this server (epoch 1), and tells the other servers' lobbies.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn create(
        &self,
        r: TableRecord,
        keys: DiceKeys,
    ) -> Result<(TableId, DiceSource), StoreError> {
        let me = Arc::clone(&self.me);
        within(&self.pool, self.limits.write, async |client| {
            let tx = client.transaction().await?;
            let key = r.dice.key().map(Vec::from);
            let id: i64 = tx
                .query_one(
                    "INSERT INTO tables (created_at, board_name, board, rules, seats, seed, dice_key)
                     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                    &[
                        &r.created_at,
                        &r.board_name,
                        &r.board,
                        &r.rules,
                        &(r.seats as i32),
                        // Integers are signed: keep the seed's 64 bits as they are.
                        &(r.dice.seed() as i64),
                        &key,
                    ],
                )
                .await?
                .get(0);
            let dice = match keys {
                DiceKeys::Random => r.dice.clone(),
                DiceKeys::Seeded(_) => {
                    let dice = keys.key_for(id as TableId);
                    let key = dice.key().map(Vec::from);
                    tx.execute(
                        "UPDATE tables SET dice_key = $1 WHERE id = $2",
                        &[&key, &id],
                    )
                    .await?;
                    dice
                }
            };
            tx.execute(
                "INSERT INTO owners (table_id, instance, address, epoch, expires_at)
                 VALUES ($1, $2, $3, 1, now() + $4 * interval '1 millisecond')",
                &[&id, &me.id, &me.address, &lease_ms(&me)],
            )
            .await?;
            tx.execute("SELECT pg_notify('snakes', 't' || $1::bigint)", &[&id])
                .await?;
            tx.commit().await?;
            Ok((id as TableId, dice))
        })
        .await
    }

    /// Appends events under the caller's epoch: one call of `snakes_append`, written by the
    /// store's writer with the appends that arrived meanwhile, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Fenced`] when the epoch is not the table's any more;
    /// [`StoreError::Behind`] or [`StoreError::Conflict`] when the events do not follow the
    /// stored log; [`StoreError::Unavailable`] when the database did not answer (the append
    /// may have been written: read the log's tail before deciding anything else); the
    /// database's refusal otherwise.
    pub async fn append(&self, a: Append) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.appends.send((a, tx)).map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// The events of table `id` after `after`, in order.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn tail(&self, id: TableId, after: u64) -> Result<Vec<(u64, String)>, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            let stmt = client
                .prepare_cached(
                    "SELECT seq, event FROM events WHERE table_id = $1 AND seq > $2 ORDER BY seq",
                )
                .await?;
            client
                .query(&stmt, &[&(id as i64), &(after as i64)])
                .await?
                .iter()
                .map(|r| Ok((r.try_get::<_, i64>(0)? as u64, r.try_get(1)?)))
                .collect::<Result<_, tokio_postgres::Error>>()
                .map_err(StoreError::from)
        })
        .await
    }

    /// Marks table `id` quarantined, with why, while `epoch` is its epoch (0: whatever it is),
    /// ends its lease, and tells the other servers' lobbies.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn quarantine(
        &self,
        id: TableId,
        epoch: u64,
        damage: String,
    ) -> Result<(), StoreError> {
        within(&self.control, self.limits.write, async |client| {
            let tx = client.transaction().await?;
            let (id, epoch) = (id as i64, epoch as i64);
            // The ownership row first, locked: no claim slips in between the check and the mark.
            let held = tx
                .query(
                    "SELECT 1 FROM owners WHERE table_id = $1 AND ($2::bigint = 0 OR epoch = $2::bigint)
                     FOR UPDATE",
                    &[&id, &epoch],
                )
                .await?;
            if held.is_empty() && epoch != 0 {
                return Ok(());
            }
            tx.execute(
                "UPDATE tables SET status = 'quarantined', damage = $2 WHERE id = $1",
                &[&id, &damage],
            )
            .await?;
            tx.execute(
                "UPDATE owners SET expires_at = now()
                 WHERE table_id = $1 AND ($2::bigint = 0 OR epoch = $2::bigint)",
                &[&id, &epoch],
            )
            .await?;
            tx.execute("SELECT pg_notify('snakes', 't' || $1::bigint)", &[&id])
                .await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// Why table `id` is quarantined (none when it is not, or there is no such table).
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn damage(&self, id: TableId) -> Result<Option<String>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            let row = client
                .query_opt("SELECT damage FROM tables WHERE id = $1", &[&(id as i64)])
                .await?;
            Ok(row.and_then(|r| r.get(0)))
        })
        .await
    }

    /// The rows of the tables whose status is one of `statuses`, oldest first (the operator's
    /// list).
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn listing(
        &self,
        statuses: &[String],
    ) -> Result<Vec<super::operator::Listing>, StoreError> {
        within(&self.pool, self.limits.read * 4, async |client| {
            let rows = client
                .query(
                    "SELECT t.id, t.status, t.seats,
                        (SELECT count(*) FROM events e WHERE e.table_id = t.id), t.created_at,
                        t.damage
                     FROM tables t WHERE t.status = ANY($1) ORDER BY t.id",
                    &[&statuses],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    Ok(super::operator::Listing {
                        id: r.try_get::<_, i64>(0)? as TableId,
                        status: r.try_get(1)?,
                        seats: r.try_get::<_, i32>(2)? as usize,
                        events: r.try_get::<_, i64>(3)? as u64,
                        created_at: r.try_get(4)?,
                        damage: r.try_get(5)?,
                    })
                })
                .collect()
        })
        .await
    }

    /// Cuts a quarantined table's log back to `keep` events, lifts the quarantine and ends
    /// any lease on it, so that a server claims it at once (see `Operated::cut`).
    ///
    /// # Errors
    /// When the database refuses the writes.
    pub async fn cut(
        &self,
        id: TableId,
        keep: u64,
        row: LobbyRow,
        finished: bool,
    ) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            let tx = client.transaction().await?;
            let (id, keep) = (id as i64, keep as i64);
            let changed = tx
                .execute(
                    "UPDATE tables SET status = $2, finished_at = $3, summary = $4, damage = NULL
                     WHERE id = $1 AND status = 'quarantined'",
                    &[&id, &row.status.as_str(), &row.finished_at, &row.summary],
                )
                .await?;
            if changed == 0 {
                return Ok(false);
            }
            for sql in [
                "DELETE FROM events WHERE table_id = $1 AND seq > $2",
                "DELETE FROM tokens WHERE table_id = $1 AND seq > $2",
            ] {
                tx.execute(sql, &[&id, &keep]).await?;
            }
            if !finished {
                tx.execute("DELETE FROM results WHERE table_id = $1", &[&id])
                    .await?;
            }
            // A new epoch: anything a server still holds of it can write nothing more.
            tx.execute(
                "UPDATE owners SET epoch = epoch + 1, expires_at = now() - interval '1 millisecond'
                 WHERE table_id = $1",
                &[&id],
            )
            .await?;
            tx.execute("SELECT pg_notify('snakes', 't' || $1::bigint)", &[&id])
                .await?;
            tx.execute("SELECT pg_notify('snakes', 'r')", &[]).await?;
            tx.commit().await?;
            Ok(true)
        })
        .await
    }

    /// Closes a quarantined table (see `Operated::close`).
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn close_quarantined(&self, id: TableId, now: i64) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            let tx = client.transaction().await?;
            let id = id as i64;
            let changed = tx
                .execute(
                    "UPDATE tables SET status = 'abandoned', finished_at = $2
                     WHERE id = $1 AND status = 'quarantined'",
                    &[&id, &now],
                )
                .await?;
            tx.execute("SELECT pg_notify('snakes', 't' || $1::bigint)", &[&id])
                .await?;
            tx.commit().await?;
            Ok(changed > 0)
        })
        .await
    }

    /// How many tables are quarantined.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn quarantined(&self) -> Result<u64, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            let n: i64 = client
                .query_one(
                    "SELECT count(*) FROM tables WHERE status = 'quarantined'",
                    &[],
                )
                .await?
                .get(0);
            Ok(n as u64)
        })
        .await
    }

    /// The tables waiting or playing, with their logs.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn open_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        let ids: Vec<i64> = within(&self.pool, self.limits.read, async |client| {
            Ok(client
                .query(
                    concat!(
                        "SELECT id FROM tables WHERE status IN ",
                        super::in_play!(),
                        " ORDER BY id"
                    ),
                    &[],
                )
                .await?
                .iter()
                .map(|r| r.get(0))
                .collect())
        })
        .await?;
        let mut tables = Vec::with_capacity(ids.len());
        for id in ids {
            tables.extend(self.load_one(id as TableId).await?);
        }
        Ok(tables)
    }

    /// One table with its log and secrets, each read through its key.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn load_one(&self, id: TableId) -> Result<Option<StoredTable>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            let id = id as i64;
            let select = client
                .prepare_cached(&format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1"))
                .await?;
            let Some(row) = client.query_opt(&select, &[&id]).await? else {
                return Ok(None);
            };
            let mut table = stored_table(&row)?;
            let events = client
                .prepare_cached("SELECT seq, event FROM events WHERE table_id = $1 ORDER BY seq")
                .await?;
            table.events = client
                .query(&events, &[&id])
                .await?
                .iter()
                .map(|r| Ok((r.try_get::<_, i64>(0)? as u64, r.try_get(1)?)))
                .collect::<Result<_, tokio_postgres::Error>>()?;
            let tokens = client
                .prepare_cached("SELECT seq, token FROM tokens WHERE table_id = $1")
                .await?;
            table.tokens = client
                .query(&tokens, &[&id])
                .await?
                .iter()
                .map(|r| Ok((r.try_get::<_, i64>(0)? as u64, r.try_get(1)?)))
                .collect::<Result<HashMap<_, _>, tokio_postgres::Error>>()?;
            Ok(Some(table))
        })
        .await
    }

    async fn rows(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<Listed>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            let stmt = client.prepare_cached(sql).await?;
            client
                .query(&stmt, params)
                .await?
                .iter()
                .map(|r| {
                    let id = r.try_get::<_, i64>(0)? as TableId;
                    Ok(Listed {
                        id,
                        status: status_of(
                            id,
                            r.try_get::<_, Option<&str>>(1)?.unwrap_or_default(),
                        )?,
                        summary: r.try_get(2)?,
                    })
                })
                .collect()
        })
        .await
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
        self.rows(
            "SELECT id, status, summary FROM tables WHERE status = 'finished' AND id < $1
             ORDER BY id DESC LIMIT $2",
            &[&before, &(limit as i64)],
        )
        .await
    }

    /// The lobby rows of the tables waiting or playing.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn open_rows(&self) -> Result<Vec<Listed>, StoreError> {
        self.rows(
            concat!(
                "SELECT id, status, summary FROM tables WHERE status IN ",
                super::in_play!(),
                "
             ORDER BY id"
            ),
            &[],
        )
        .await
    }

    /// One table's lobby row.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn row(&self, id: TableId) -> Result<Option<Listed>, StoreError> {
        let mut found = self
            .rows(
                "SELECT id, status, summary FROM tables WHERE id = $1",
                &[&(id as i64)],
            )
            .await?;
        Ok(found.pop())
    }

    /// The tables without a lobby row (made, but never sat at).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn unlisted(&self) -> Result<Vec<TableId>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            let rows = client
                .query(
                    "SELECT id FROM tables WHERE summary IS NULL
                     AND status NOT IN ('abandoned', 'quarantined') ORDER BY id",
                    &[],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get::<_, i64>(0) as TableId).collect())
        })
        .await
    }

    /// Writes a table's lobby row.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn set_row(&self, id: TableId, row: LobbyRow) -> Result<(), StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            client
                .execute(
                    // Only a row not written yet: the owner of a table may have written its
                    // first row meanwhile.
                    "UPDATE tables SET status = $2, finished_at = $3, summary = $4
                     WHERE id = $1 AND summary IS NULL",
                    &[
                        &(id as i64),
                        &row.status.as_str(),
                        &row.finished_at,
                        &row.summary,
                    ],
                )
                .await?;
            Ok(())
        })
        .await
    }

    /// Every finished game on `board` with `seats` seats.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn finished_games(
        &self,
        board: String,
        seats: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            let rows = client
                .query(
                    "SELECT t.rules, (r.turns - 1) / t.seats + 1 FROM results r
                     JOIN tables t ON t.id = r.table_id
                     WHERE t.board = $1 AND t.seats = $2 AND r.turns > 0",
                    &[&board, &(seats as i32)],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    Ok(FinishedGame {
                        rules: r.try_get(0)?,
                        rounds: r.try_get::<_, i64>(1)? as u64,
                    })
                })
                .collect()
        })
        .await
    }

    /// Claims table `id` when nobody's lease on it runs, or this server's own does (a table it
    /// dropped while its lease still ran: the new epoch fences any old actor of its own); its
    /// new epoch.
    ///
    /// # Errors
    /// When the database cannot be reached in time.
    pub async fn claim(&self, id: TableId) -> Result<Option<u64>, StoreError> {
        let me = Arc::clone(&self.me);
        within(&self.control, self.limits.write, async |client| {
            // A row that is not there yet is inserted; one whose lease runs is left alone (the
            // WHERE of DO UPDATE is checked again once a concurrent claim has committed, so of
            // two claims at once one gets the row and the other nothing).
            let stmt = client
                .prepare_cached(concat!(
                    "INSERT INTO owners (table_id, instance, address, epoch, expires_at)
                     SELECT id, $2, $3, 1, now() + $4 * interval '1 millisecond'
                     FROM tables WHERE id = $1 AND status IN ",
                    super::in_play!(),
                    "
                     ON CONFLICT (table_id) DO UPDATE SET instance = EXCLUDED.instance,
                         address = EXCLUDED.address, epoch = owners.epoch + 1,
                         expires_at = EXCLUDED.expires_at
                     WHERE owners.expires_at <= now() OR owners.instance = EXCLUDED.instance
                     RETURNING epoch"
                ))
                .await?;
            let row = client
                .query_opt(&stmt, &[&(id as i64), &me.id, &me.address, &lease_ms(&me)])
                .await?;
            Ok(row.map(|r| r.get::<_, i64>(0) as u64))
        })
        .await
    }

    /// Claims at most `limit` open tables whose lease ran out, those that ran out first first;
    /// each with its new epoch.
    ///
    /// # Errors
    /// When the database cannot be reached in time.
    pub async fn claim_orphans(&self, limit: usize) -> Result<Vec<(TableId, u64)>, StoreError> {
        let me = Arc::clone(&self.me);
        within(&self.control, self.limits.write, async |client| {
            let stmt = client
                .prepare_cached(concat!(
                    "WITH lost AS (
                         SELECT o.table_id FROM tables t JOIN owners o ON o.table_id = t.id
                         WHERE t.status IN ",
                    super::in_play!(),
                    " AND o.expires_at <= now()
                         ORDER BY o.expires_at, o.table_id LIMIT $4
                         FOR UPDATE OF o SKIP LOCKED)
                     UPDATE owners SET instance = $1, address = $2, epoch = owners.epoch + 1,
                         expires_at = now() + $3 * interval '1 millisecond'
                     FROM lost WHERE owners.table_id = lost.table_id AND owners.expires_at <= now()
                     RETURNING owners.table_id, owners.epoch"
                ))
                .await?;
            let rows = client
                .query(
                    &stmt,
                    &[&me.id, &me.address, &lease_ms(&me), &(limit as i64)],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| (r.get::<_, i64>(0) as TableId, r.get::<_, i64>(1) as u64))
                .collect())
        })
        .await
    }

    /// Renews this server's heartbeat and its leases on `served` (each table with the epoch it
    /// serves it under), those still its own; the tables whose lease it renewed. A lease on a
    /// table not served here is not renewed: it runs out within a lease.
    ///
    /// # Errors
    /// When the database cannot be reached in time.
    pub async fn renew(&self, served: &[(TableId, u64)]) -> Result<Vec<TableId>, StoreError> {
        let me = Arc::clone(&self.me);
        let ids: Vec<i64> = served.iter().map(|(id, _)| *id as i64).collect();
        let epochs: Vec<i64> = served.iter().map(|(_, e)| *e as i64).collect();
        within(&self.control, self.limits.write, async |client| {
            let stmt = client
                .prepare_cached(
                    "WITH beat AS (
                         INSERT INTO instances (id, address, expires_at)
                         VALUES ($1, $2, now() + $3 * interval '1 millisecond')
                         ON CONFLICT (id) DO UPDATE SET address = EXCLUDED.address,
                             expires_at = EXCLUDED.expires_at)
                     UPDATE owners o SET expires_at = now() + $3 * interval '1 millisecond'
                     FROM unnest($4::bigint[], $5::bigint[]) AS s (table_id, epoch)
                     WHERE o.table_id = s.table_id AND o.epoch = s.epoch AND o.instance = $1
                         AND o.expires_at > now()
                     RETURNING o.table_id",
                )
                .await?;
            let rows = client
                .query(&stmt, &[&me.id, &me.address, &lease_ms(&me), &ids, &epochs])
                .await?;
            Ok(rows.iter().map(|r| r.get::<_, i64>(0) as TableId).collect())
        })
        .await
    }

    /// Hands back the leases on `ids` (every one, and the heartbeat, when `None`), and tells
    /// the other servers to claim them now.
    ///
    /// # Errors
    /// When the database cannot be reached in time.
    pub async fn release(&self, ids: Option<&[TableId]>) -> Result<(), StoreError> {
        let me = Arc::clone(&self.me);
        within(&self.control, self.limits.write, async |client| {
            let tx = client.transaction().await?;
            match ids {
                Some(ids) => {
                    let ids: Vec<i64> = ids.iter().map(|&i| i as i64).collect();
                    tx.execute(
                        "UPDATE owners SET expires_at = now() - interval '1 millisecond'
                         WHERE instance = $1 AND table_id = ANY($2)",
                        &[&me.id, &ids],
                    )
                    .await?;
                }
                None => {
                    tx.execute(
                        "UPDATE owners SET expires_at = now() - interval '1 millisecond'
                         WHERE instance = $1 AND expires_at > now()",
                        &[&me.id],
                    )
                    .await?;
                    tx.execute("DELETE FROM instances WHERE id = $1", &[&me.id])
                        .await?;
                }
            }
            tx.execute("SELECT pg_notify('snakes', 'r')", &[]).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// Deletes, in one transaction, at most `batch` tables finished or abandoned before
    /// `before` (unix seconds), but those of `keep`, with their logs, secrets, results and
    /// ownership rows; returns their ids. Servers deleting at once skip each other's rows.
    ///
    /// # Errors
    /// When the database cannot be written in time.
    pub async fn delete_finished_before(
        &self,
        before: i64,
        batch: usize,
        keep: Vec<TableId>,
    ) -> Result<Vec<TableId>, StoreError> {
        let keep: Vec<i64> = keep.iter().map(|&i| i as i64).collect();
        within(&self.pool, self.limits.read, async |client| {
            let tx = client.transaction().await?;
            let rows = tx
                .query(
                    concat!(
                        "SELECT id FROM tables
                     WHERE status IN ",
                        super::over!(),
                        " AND finished_at < $1
                       AND NOT (id = ANY($2))
                     ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED"
                    ),
                    &[&before, &keep, &(batch as i64)],
                )
                .await?;
            let ids: Vec<i64> = rows.iter().map(|r| r.get(0)).collect();
            for sql in [
                "DELETE FROM events WHERE table_id = ANY($1)",
                "DELETE FROM tokens WHERE table_id = ANY($1)",
                "DELETE FROM results WHERE table_id = ANY($1)",
                "DELETE FROM owners WHERE table_id = ANY($1)",
                "DELETE FROM tables WHERE id = ANY($1)",
            ] {
                tx.execute(sql, &[&ids]).await?;
            }
            tx.commit().await?;
            Ok(ids.into_iter().map(|i| i as TableId).collect())
        })
        .await
    }

    /// Who serves table `id`.
    ///
    /// # Errors
    /// When the database cannot be reached in time.
    pub async fn owner(&self, id: TableId) -> Result<Option<Owner>, StoreError> {
        within(&self.control, self.limits.write, async |client| {
            let row = client
                .query_opt(
                    "SELECT instance, address, expires_at > now() FROM owners WHERE table_id = $1",
                    &[&(id as i64)],
                )
                .await?;
            Ok(row.map(|r| Owner {
                instance: r.get(0),
                address: r.get(1),
                live: r.get(2),
            }))
        })
        .await
    }

    /// The addresses of the servers whose heartbeat runs.
    ///
    /// # Errors
    /// When the database cannot be reached in time.
    pub async fn peers(&self) -> Result<Vec<String>, StoreError> {
        within(&self.control, self.limits.write, async |client| {
            let rows = client
                .query(
                    "SELECT DISTINCT address FROM instances WHERE expires_at > now() ORDER BY address",
                    &[],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
        .await
    }
}

/// Moderation (`moderation.rs`): each call one connection of the pool, within the limit of a
/// read or a write.
impl Postgres {
    /// The stored key hash of moderator `name`, letter case aside.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn moderator_key(&self, name: &str) -> Result<Option<String>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            on_postgres::moderator_key(client, name).await
        })
        .await
    }

    /// Stores a sanction and its log entry in one transaction, telling the other servers; the
    /// sanction's id.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn sanction(&self, sanction: &Sanction, entry: &LogEntry) -> Result<i64, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            on_postgres::sanction(client, sanction, entry).await
        })
        .await
    }

    /// Ends sanction `id`, logging it, in one transaction, telling the other servers; false when
    /// none such is in force.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn lift(&self, id: i64, entry: &LogEntry) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            on_postgres::lift(client, id, entry).await
        })
        .await
    }

    /// The sanctions in force at `now`, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn sanctions(&self, now: i64) -> Result<Vec<Sanction>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            on_postgres::sanctions(client, now).await
        })
        .await
    }

    /// Writes one log entry; its id.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn log(&self, entry: &LogEntry) -> Result<i64, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            on_postgres::log_one(client, entry).await
        })
        .await
    }

    /// The log, newest first, at most `limit` entries, those before id `before` when given.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn read_log(
        &self,
        limit: usize,
        before: Option<i64>,
    ) -> Result<Vec<LogEntry>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            on_postgres::read_log(client, limit, before).await
        })
        .await
    }

    /// Stores a report, telling the other servers; its id.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn report(&self, report: &Report) -> Result<i64, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            on_postgres::report(client, report).await
        })
        .await
    }

    /// The reports (the open ones only with `open_only`), oldest first.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn reports(&self, open_only: bool) -> Result<Vec<Report>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            on_postgres::reports(client, open_only).await
        })
        .await
    }

    /// Marks open report `id` handled, logging it, in one transaction; false when there is no
    /// such open report.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn handle_report(
        &self,
        id: i64,
        by: &str,
        now: i64,
        entry: &LogEntry,
    ) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            on_postgres::handle_report(client, id, by, now, entry).await
        })
        .await
    }

    /// Makes `name` a moderator with the key of `key_hash`, logged, telling the other servers
    /// (the operator's `snakes admin grant`).
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn grant(
        &self,
        name: &str,
        key_hash: &str,
        entry: &LogEntry,
    ) -> Result<(), StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            on_postgres::grant(client, name, key_hash, entry).await
        })
        .await
    }

    /// Takes moderator `name`'s key away, logged, telling the other servers; false when `name`
    /// was no moderator.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn revoke(&self, name: &str, entry: &LogEntry) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            on_postgres::revoke(client, name, entry).await
        })
        .await
    }

    /// The moderators, each as granted and when, by name.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn moderators(&self) -> Result<Vec<(String, i64)>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            on_postgres::moderators(client).await
        })
        .await
    }
}

/// Members (`members.rs`): each call one connection of the pool, within the limit of a read or
/// a write; each write that changes a member tells the other servers (`a<id>`).
impl Postgres {
    /// Creates a member; none when a member's name shares any of its keys.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn create_member(&self, member: &NewMember) -> Result<Option<Member>, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::create_member(client, member).await
        })
        .await
    }

    /// The member whose name shares any of `keys`.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn member_named(&self, keys: &NameKeys) -> Result<Option<Member>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            member_sql::member_named(client, keys).await
        })
        .await
    }

    /// Member `id`.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn member(&self, id: i64) -> Result<Option<Member>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            member_sql::member_by_id(client, id).await
        })
        .await
    }

    /// How many members there are.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn members_count(&self) -> Result<u64, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            member_sql::members_count(client).await
        })
        .await
    }

    /// Opens a session of `member_id` under the hash of its secret, until `expires_at`, telling
    /// the other servers.
    ///
    /// # Errors
    /// When the database refuses the write (no such member, a hash already used) or does not
    /// answer in time.
    pub async fn open_session(
        &self,
        member_id: i64,
        secret_hash: &str,
        at: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::open_session(client, member_id, secret_hash, at, expires_at).await
        })
        .await
    }

    /// The member of an unexpired session.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn session_member(
        &self,
        secret_hash: &str,
        now: i64,
    ) -> Result<Option<Member>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            member_sql::session_member(client, secret_hash, now).await
        })
        .await
    }

    /// Closes one session, telling the other servers; false when there was none.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn close_session(&self, secret_hash: &str) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::close_session(client, secret_hash).await
        })
        .await
    }

    /// Closes every session of `member_id`, telling the other servers; how many.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn close_sessions(&self, member_id: i64) -> Result<u64, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::close_sessions(client, member_id).await
        })
        .await
    }

    /// Sets (or removes) a member's password, telling the other servers.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn set_password(
        &self,
        member_id: i64,
        password: Option<String>,
    ) -> Result<(), StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::set_password(client, member_id, password.as_deref()).await
        })
        .await
    }

    /// Sets a member's settings, telling the other servers.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn set_settings(&self, member_id: i64, settings: &str) -> Result<(), StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::set_settings(client, member_id, settings).await
        })
        .await
    }

    /// Deletes member `id` with their sessions, blocks and tables' list, telling the other
    /// servers; false when there was none.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn delete_member(&self, id: i64) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::delete_member(client, id).await
        })
        .await
    }

    /// `member_id` blocks `blocked_id`, telling the other servers; false when they did already.
    ///
    /// # Errors
    /// When the database refuses the write (no such member) or does not answer in time.
    pub async fn block(
        &self,
        member_id: i64,
        blocked_id: i64,
        at: i64,
    ) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::block(client, member_id, blocked_id, at).await
        })
        .await
    }

    /// `member_id` no longer blocks `blocked_id`, telling the other servers; false when they did
    /// not.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn unblock(&self, member_id: i64, blocked_id: i64) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::unblock(client, member_id, blocked_id).await
        })
        .await
    }

    /// Whom `member_id` blocks, id and name, by name.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn blocked(&self, member_id: i64) -> Result<Vec<(i64, String)>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            member_sql::blocked(client, member_id).await
        })
        .await
    }

    /// Who blocks `member_id`.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn blockers(
        &self,
        member_id: i64,
        at: Option<TableId>,
    ) -> Result<Vec<i64>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            member_sql::blockers(client, member_id, at).await
        })
        .await
    }

    /// Notes that `member_id` sat at `table_id` in `seat` (once).
    ///
    /// # Errors
    /// When the database refuses the write (no such member) or does not answer in time.
    pub async fn add_member_table(
        &self,
        member_id: i64,
        table_id: TableId,
        seat: u32,
    ) -> Result<(), StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::add_member_table(client, member_id, table_id, seat).await
        })
        .await
    }

    /// The tables `member_id` sat at, newest first, at most `limit`, below `before` when given.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn member_tables(
        &self,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
    ) -> Result<Vec<(TableId, u32)>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            member_sql::member_tables(client, member_id, before, limit).await
        })
        .await
    }

    /// The finished games of `member_id`, newest first, at most `limit`, below `before` when
    /// given.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn member_games(
        &self,
        member_id: i64,
        before: Option<TableId>,
        limit: u32,
    ) -> Result<Vec<MemberGame>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            member_sql::member_games(client, member_id, before, limit).await
        })
        .await
    }

    /// The finished games of `member_id` by board and rules.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn game_figures(&self, member_id: i64) -> Result<Vec<GameFigures>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            member_sql::game_figures(client, member_id).await
        })
        .await
    }

    /// The members of `table_id` in seats the start renumbered take their player's number.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn renumber_seats(
        &self,
        table_id: TableId,
        seats: Vec<(u32, u32)>,
    ) -> Result<(), StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            member_sql::renumber_seats(client, table_id, &seats).await
        })
        .await
    }

    /// Deletes the sessions expired at `now`, telling the other servers; how many.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn delete_expired_sessions(&self, now: i64) -> Result<u64, StoreError> {
        // A sweep, which may delete many: the limit of a read, as the retention's.
        within(&self.pool, self.limits.read, async |client| {
            member_sql::delete_expired_sessions(client, now).await
        })
        .await
    }
}

/// Passkeys (`passkeys.rs`): each call one connection of the pool, within the limit of a read or
/// a write.
impl Postgres {
    /// Keeps a challenge.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn put_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            passkey_sql::put_challenge(client, challenge).await
        })
        .await
    }

    /// Deletes the challenge under `bytes` and returns it.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn take_challenge(&self, bytes: &[u8]) -> Result<Option<Challenge>, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            passkey_sql::take_challenge(client, bytes).await
        })
        .await
    }

    /// Deletes the challenges expired at `now`; how many (a sweep: the limit of a read).
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn delete_expired_challenges(&self, now: i64) -> Result<u64, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            passkey_sql::delete_expired_challenges(client, now).await
        })
        .await
    }

    /// The member's user handle, `new` when they had none.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn user_handle(
        &self,
        member_id: i64,
        new: &[u8],
    ) -> Result<Option<Vec<u8>>, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            passkey_sql::user_handle(client, member_id, new).await
        })
        .await
    }

    /// A new member with a user handle and one passkey, in one transaction.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn create_passkey_member(
        &self,
        member: &NewMember,
        handle: &[u8],
        passkey: &NewPasskey,
    ) -> Result<Result<Member, Taken>, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            passkey_sql::create_passkey_member(client, member, handle, passkey).await
        })
        .await
    }

    /// Adds a passkey to a member; false when its credential is kept already.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn add_passkey(
        &self,
        member_id: i64,
        passkey: &NewPasskey,
    ) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            passkey_sql::add_passkey(client, member_id, passkey).await
        })
        .await
    }

    /// The passkey of a credential id.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn passkey(&self, credential_id: &[u8]) -> Result<Option<Passkey>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            passkey_sql::passkey(client, credential_id).await
        })
        .await
    }

    /// A member's passkeys, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read in time.
    pub async fn passkeys(&self, member_id: i64) -> Result<Vec<Passkey>, StoreError> {
        within(&self.pool, self.limits.read, async |client| {
            passkey_sql::passkeys(client, member_id).await
        })
        .await
    }

    /// Notes a sign-in with a passkey whose counter is still `old`; whether it was.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn use_passkey(
        &self,
        id: i64,
        old: u32,
        new: u32,
        at: i64,
    ) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            passkey_sql::use_passkey(client, id, old, new, at).await
        })
        .await
    }

    /// Deletes a member's passkey unless it is their last way to sign in; whether it went.
    ///
    /// # Errors
    /// When the database refuses the write or does not answer in time.
    pub async fn delete_passkey(&self, member_id: i64, id: i64) -> Result<bool, StoreError> {
        within(&self.pool, self.limits.write, async |client| {
            passkey_sql::delete_passkey(client, member_id, id).await
        })
        .await
    }
}

fn stored_table(r: &tokio_postgres::Row) -> Result<StoredTable, StoreError> {
    let dice = DiceSource::stored(r.try_get(7)?, r.try_get(6)?);
    let id = r.try_get::<_, i64>(0)? as TableId;
    Ok(StoredTable {
        id,
        record: TableRecord {
            created_at: r.try_get(1)?,
            board_name: r.try_get(2)?,
            board: r.try_get(3)?,
            rules: r.try_get(4)?,
            seats: r.try_get::<_, i32>(5)? as usize,
            dice,
        },
        events: Vec::new(),
        tokens: HashMap::new(),
        status: status_of(id, r.try_get::<_, Option<&str>>(8)?.unwrap_or_default())?,
    })
}

/// The values of one append, owned, in the order of [`APPEND`]'s parameters.
struct Params {
    table: i64,
    epoch: i64,
    seqs: Vec<i64>,
    events: Vec<String>,
    token_seq: Option<i64>,
    token: Option<String>,
    winner: Option<i32>,
    winner_name: Option<String>,
    turns: Option<i64>,
    rolls: Option<i64>,
    squares: Option<String>,
    status: Option<&'static str>,
    finished_at: Option<i64>,
    summary: Option<String>,
}

impl Params {
    fn of(a: &Append) -> Params {
        let result = a.result.as_ref();
        let row = a.lobby.as_ref();
        Params {
            table: a.table as i64,
            epoch: a.epoch as i64,
            seqs: a.events.iter().map(|(s, _)| *s as i64).collect(),
            events: a.events.iter().map(|(_, e)| e.clone()).collect(),
            token_seq: a.token.as_ref().map(|(s, _)| *s as i64),
            token: a.token.as_ref().map(|(_, t)| t.clone()),
            winner: result.map(|r| r.winner as i32),
            winner_name: result.map(|r| r.winner_name.clone()),
            turns: result.map(|r| i64::from(r.turns)),
            rolls: result.map(|r| i64::from(r.rolls)),
            squares: result.map(|r| serde_json::to_string(&r.squares).unwrap_or_default()),
            status: row.map(|r| r.status.as_str()),
            finished_at: row.and_then(|r| r.finished_at),
            summary: row.map(|r| r.summary.clone()),
        }
    }

    fn refs(&self) -> [&(dyn ToSql + Sync); 14] {
        [
            &self.table,
            &self.epoch,
            &self.seqs,
            &self.events,
            &self.token_seq,
            &self.token,
            &self.winner,
            &self.winner_name,
            &self.turns,
            &self.rolls,
            &self.squares,
            &self.status,
            &self.finished_at,
            &self.summary,
        ]
    }
}

/// The answer to one append, from what `snakes_append` said of it.
fn answer(p: &Params, row: &tokio_postgres::Row) -> Result<(), StoreError> {
    let table = p.table as TableId;
    let first = p.seqs.first().copied().unwrap_or(0) as u64;
    let outcome: String = row.try_get(0)?;
    match outcome.as_str() {
        // Written now, or by a sending of this same append whose answer was lost.
        "written" | "already" => Ok(()),
        "fenced" => Err(StoreError::Fenced { table }),
        "behind" => Err(StoreError::Behind {
            table,
            last: row.try_get::<_, i64>(1)? as u64,
            first,
        }),
        _ => Err(StoreError::Conflict { table, seq: first }),
    }
}

/// The writer: takes the appends waiting and writes each in a statement of its own, at once, on
/// the writer's connections (an autocommit statement holds no lock beyond its own commit, and
/// PostgreSQL flushes its log once for the commits that arrive together: its group commit). An
/// append the database did not answer is sent again (it is idempotent) for up to
/// [`Limits::retry`]. `writing` says since when it has held its current batch.
async fn write(
    pool: Pool,
    limits: Limits,
    mut waiting: mpsc::UnboundedReceiver<Pending>,
    writing: Arc<std::sync::Mutex<Option<std::time::Instant>>>,
) {
    let set = |at: Option<std::time::Instant>| {
        *writing.locked() = at;
    };
    while let Some(first) = waiting.recv().await {
        set(Some(std::time::Instant::now()));
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match waiting.try_recv() {
                Ok(next) => batch.push(next),
                Err(_) => break,
            }
        }
        let answers = futures_util::future::join_all(
            batch
                .iter()
                .map(|(a, _)| write_one(&pool, limits, Params::of(a))),
        )
        .await;
        for ((_, reply), answer) in batch.into_iter().zip(answers) {
            let _ = reply.send(answer);
        }
        set(None);
    }
}

/// Writes one append, sending it again while the database does not answer, for up to
/// [`Limits::retry`].
async fn write_one(pool: &Pool, limits: Limits, p: Params) -> Result<(), StoreError> {
    let started = tokio::time::Instant::now();
    let mut pause = Duration::from_millis(50);
    loop {
        let written = within(pool, limits.write, async |client| {
            let stmt = client.prepare_cached(APPEND).await?;
            let row = client.query_one(&stmt, &p.refs()).await?;
            Ok(answer(&p, &row))
        })
        .await;
        match written {
            Ok(answer) => return answer,
            Err(StoreError::Unavailable(why)) if started.elapsed() + pause < limits.retry => {
                tracing::debug!(table = p.table, error = %why, "an append sent again");
                tokio::time::sleep(pause).await;
                pause *= 2;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Connects once to the database at `url` and reads its schema version and whether the
/// connection is encrypted, changing nothing (`--check-config`).
pub(super) async fn reach(url: &str) -> Result<super::Reached, StoreError> {
    let mut connect = pg_tls::parse(url)?;
    connect
        .config
        .connect_timeout(std::time::Duration::from_secs(10));
    let at = connect.shown.clone();
    let unavailable = |e: StoreError| match e {
        StoreError::Unavailable(why) => StoreError::Unavailable(format!("{at}: {why}")),
        other => other,
    };
    let (client, conn) = connect
        .config
        .connect(connect.tls.clone())
        .await
        .map_err(|e| unavailable(e.into()))?;
    let driver = tokio::spawn(conn);
    let version: i32 = match client
        .query_one(
            "SELECT coalesce(max(version), 0) FROM schema_migrations",
            &[],
        )
        .await
    {
        Ok(row) => row.get(0),
        // No table yet: the first server makes the schema.
        Err(e) if e.code() == Some(&tokio_postgres::error::SqlState::UNDEFINED_TABLE) => 0,
        Err(e) => return Err(e.into()),
    };
    let tls: bool = client
        .query_one(
            "SELECT coalesce((SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()), false)",
            &[],
        )
        .await?
        .get(0);
    drop(client);
    let _ = driver.await;
    let supported = MIGRATIONS.len() as i32;
    if version > supported {
        return Err(StoreError::PostgresTooNew {
            found: version,
            supported,
        });
    }
    Ok(super::Reached::Postgres {
        at: connect.shown,
        version,
        supported,
        tls,
    })
}
