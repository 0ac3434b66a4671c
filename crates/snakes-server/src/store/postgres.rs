//! The PostgreSQL backend of the store: one database shared by several servers.
//!
//! A pool of connections (deadpool-postgres) runs the statements; each append is one call of
//! the function `snakes_append` (one round trip, prepared once per connection), which checks the
//! appending server's epoch under a lock on the table's ownership row and writes the events,
//! the seat's secret, the result and the lobby row in one transaction. PostgreSQL commits the
//! appends of many tables together (its own group commit) when they arrive together on several
//! connections.
//!
//! Ownership: each table has one row in `owners` (the instance, its address, the epoch, the
//! expiry by the database's clock). A claim is one statement that takes a row whose lease ran
//! out and raises its epoch, so of two servers claiming at once exactly one gets it. The schema
//! is `migrations/postgres/*.sql`, applied at start in order under an advisory lock (several
//! servers may start at once), each recorded in `schema_migrations`.

use std::collections::HashMap;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio::sync::{mpsc, oneshot};
use tokio_postgres::NoTls;
use tokio_postgres::types::ToSql;

use super::{
    Append, FinishedGame, Instance, Listed, LobbyRow, Owner, StoreError, StoredTable, TableRecord,
};
use crate::protocol::TableId;
use crate::secret::{DiceKeys, DiceSource};

/// The schema, one file per version, applied in order.
const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/postgres/0001_tables.sql"),
    include_str!("../../migrations/postgres/0002_retention.sql"),
];

/// A key for `pg_advisory_xact_lock`: servers starting together migrate one at a time.
const MIGRATION_LOCK: i64 = 0x736e_616b_6573; // "snakes"

/// Connections in the pool: appends of several tables commit together.
const POOL_SIZE: usize = 8;

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        // The server's own message (a duplicate key, a failed check) says the most.
        match e.as_db_error() {
            Some(db) => StoreError::Postgres(format!("{}: {}", db.code().code(), db.message())),
            None => StoreError::Postgres(e.to_string()),
        }
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        match e {
            deadpool_postgres::PoolError::Backend(e) => e.into(),
            other => StoreError::Postgres(other.to_string()),
        }
    }
}

/// An append waiting for the writer, and where its answer goes.
type Pending = (Append, oneshot::Sender<Result<(), StoreError>>);

/// The statement of an append (see the module's documentation).
const APPEND: &str =
    "SELECT snakes_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)";

/// Most appends written in one transaction.
const BATCH: usize = 256;

/// A handle on the PostgreSQL store. Cheap to clone.
#[derive(Clone)]
pub struct Postgres {
    pool: Pool,
    /// The writer of appends (group commit).
    appends: mpsc::UnboundedSender<Pending>,
    me: std::sync::Arc<Instance>,
    /// The database's address, for the connection that listens (see `cluster.rs`).
    url: String,
}

/// The table's columns, in the order [`stored_table`] reads them.
const TABLE_COLUMNS: &str = "id, created_at, board_name, board, rules, seats, seed, dice_key";

/// The lease as milliseconds, for `now() + $n * interval '1 millisecond'`.
fn lease_ms(me: &Instance) -> f64 {
    me.lease.as_secs_f64() * 1000.0
}

impl Postgres {
    /// Connects to the database at `url` (a `postgres://` address) and migrates it.
    ///
    /// # Errors
    /// When the address is wrong, the database cannot be reached, or its schema is newer than
    /// this server's.
    pub async fn open(url: &str, me: Instance, full_sync: bool) -> Result<Postgres, StoreError> {
        let mut config: tokio_postgres::Config = url
            .parse()
            .map_err(|e: tokio_postgres::Error| StoreError::Postgres(format!("{url}: {e}")))?;
        // `--sync normal`, as with SQLite: a commit is acknowledged once PostgreSQL has it, before
        // its log reaches the disk, so a killed server loses nothing and a crash of the
        // database's machine may lose the last moment; `--sync full` waits for the disk.
        let mut options = Vec::new();
        if !full_sync {
            options.push("-c synchronous_commit=off".to_string());
        }
        // A server cut off from the database in the middle of a transaction (its connection
        // left open, its bytes no longer passing) would hold the rows it locked for ever, and
        // the other servers could never claim its tables: PostgreSQL ends such a session once
        // it has idled a lease in its transaction, by which time its claims have run out.
        let idle = me.lease.max(std::time::Duration::from_secs(1)).as_millis();
        options.push(format!("-c idle_in_transaction_session_timeout={idle}"));
        config.options(options.join(" "));
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .build()
            .map_err(|e| StoreError::Postgres(e.to_string()))?;
        let (appends, waiting) = mpsc::unbounded_channel();
        tokio::spawn(write(pool.clone(), waiting));
        let store = Postgres {
            pool,
            appends,
            me: std::sync::Arc::new(me),
            url: url.to_string(),
        };
        store.migrate().await?;
        Ok(store)
    }

    /// The database's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// This server.
    pub fn me(&self) -> &Instance {
        &self.me
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.pool.get().await?;
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
    }

    /// Creates a table claimed by this server (epoch 1), and tells the other servers' lobbies.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn create(
        &self,
        r: TableRecord,
        keys: DiceKeys,
    ) -> Result<(TableId, DiceSource), StoreError> {
        let mut client = self.pool.get().await?;
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
            &[&id, &self.me.id, &self.me.address, &lease_ms(&self.me)],
        )
        .await?;
        tx.execute("SELECT pg_notify('snakes', 't' || $1::bigint)", &[&id])
            .await?;
        tx.commit().await?;
        Ok((id as TableId, dice))
    }

    /// Appends events under the caller's epoch: one call of `snakes_append`, written by the
    /// store's writer with the appends that arrived meanwhile, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Fenced`] when the epoch is not the table's any more; the database's
    /// refusal otherwise.
    pub async fn append(&self, a: Append) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.appends.send((a, tx)).map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// The tables waiting or playing, with their logs.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn open_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        let client = self.pool.get().await?;
        let ids: Vec<i64> = client
            .query(
                "SELECT id FROM tables WHERE status IN ('waiting', 'playing') ORDER BY id",
                &[],
            )
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect();
        drop(client);
        let mut tables = Vec::with_capacity(ids.len());
        for id in ids {
            tables.extend(self.load_one(id as TableId).await?);
        }
        Ok(tables)
    }

    /// One table with its log and secrets, each read through its key.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn load_one(&self, id: TableId) -> Result<Option<StoredTable>, StoreError> {
        let client = self.pool.get().await?;
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
    }

    async fn rows(
        &self,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<Vec<Listed>, StoreError> {
        let client = self.pool.get().await?;
        let stmt = client.prepare_cached(sql).await?;
        client
            .query(&stmt, params)
            .await?
            .iter()
            .map(|r| {
                Ok(Listed {
                    id: r.try_get::<_, i64>(0)? as TableId,
                    status: r.try_get(1)?,
                    summary: r.try_get(2)?,
                })
            })
            .collect()
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
            "SELECT id, status, summary FROM tables WHERE status IN ('waiting', 'playing')
             ORDER BY id",
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
        let client = self.pool.get().await?;
        let rows = client
            .query(
                "SELECT id FROM tables WHERE summary IS NULL AND status <> 'abandoned'
                 ORDER BY id",
                &[],
            )
            .await?;
        Ok(rows.iter().map(|r| r.get::<_, i64>(0) as TableId).collect())
    }

    /// Writes a table's lobby row.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub async fn set_row(&self, id: TableId, row: LobbyRow) -> Result<(), StoreError> {
        let client = self.pool.get().await?;
        client
            .execute(
                "UPDATE tables SET status = $2, finished_at = $3, summary = $4 WHERE id = $1",
                &[&(id as i64), &row.status, &row.finished_at, &row.summary],
            )
            .await?;
        Ok(())
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
        let client = self.pool.get().await?;
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
    }

    /// Claims table `id` when nobody's lease on it runs; its new epoch.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn claim(&self, id: TableId) -> Result<Option<u64>, StoreError> {
        let client = self.pool.get().await?;
        // A row that is not there yet is inserted; one whose lease runs is left alone (the
        // WHERE of DO UPDATE is checked again once a concurrent claim has committed, so of two
        // claims at once one gets the row and the other nothing).
        let stmt = client
            .prepare_cached(
                "INSERT INTO owners (table_id, instance, address, epoch, expires_at)
                 SELECT id, $2, $3, 1, now() + $4 * interval '1 millisecond'
                 FROM tables WHERE id = $1
                 ON CONFLICT (table_id) DO UPDATE SET instance = EXCLUDED.instance,
                     address = EXCLUDED.address, epoch = owners.epoch + 1,
                     expires_at = EXCLUDED.expires_at
                 WHERE owners.expires_at <= now()
                 RETURNING epoch",
            )
            .await?;
        let row = client
            .query_opt(
                &stmt,
                &[
                    &(id as i64),
                    &self.me.id,
                    &self.me.address,
                    &lease_ms(&self.me),
                ],
            )
            .await?;
        Ok(row.map(|r| r.get::<_, i64>(0) as u64))
    }

    /// Claims at most `limit` open tables whose lease ran out; each with its new epoch.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn claim_orphans(&self, limit: usize) -> Result<Vec<(TableId, u64)>, StoreError> {
        let client = self.pool.get().await?;
        let stmt = client
            .prepare_cached(
                "WITH lost AS (
                     SELECT o.table_id FROM owners o JOIN tables t ON t.id = o.table_id
                     WHERE o.expires_at <= now() AND t.status IN ('waiting', 'playing')
                     ORDER BY o.table_id LIMIT $4
                     FOR UPDATE OF o SKIP LOCKED)
                 UPDATE owners SET instance = $1, address = $2, epoch = owners.epoch + 1,
                     expires_at = now() + $3 * interval '1 millisecond'
                 FROM lost WHERE owners.table_id = lost.table_id AND owners.expires_at <= now()
                 RETURNING owners.table_id, owners.epoch",
            )
            .await?;
        let rows = client
            .query(
                &stmt,
                &[
                    &self.me.id,
                    &self.me.address,
                    &lease_ms(&self.me),
                    &(limit as i64),
                ],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get::<_, i64>(0) as TableId, r.get::<_, i64>(1) as u64))
            .collect())
    }

    /// Renews this server's heartbeat and the leases it still holds; the tables it holds.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn renew(&self) -> Result<Vec<TableId>, StoreError> {
        let client = self.pool.get().await?;
        let stmt = client
            .prepare_cached(
                "WITH beat AS (
                     INSERT INTO instances (id, address, expires_at)
                     VALUES ($1, $2, now() + $3 * interval '1 millisecond')
                     ON CONFLICT (id) DO UPDATE SET address = EXCLUDED.address,
                         expires_at = EXCLUDED.expires_at)
                 UPDATE owners SET expires_at = now() + $3 * interval '1 millisecond'
                 WHERE instance = $1 AND expires_at > now()
                 RETURNING table_id",
            )
            .await?;
        let rows = client
            .query(&stmt, &[&self.me.id, &self.me.address, &lease_ms(&self.me)])
            .await?;
        Ok(rows.iter().map(|r| r.get::<_, i64>(0) as TableId).collect())
    }

    /// Hands back the leases on `ids` (every one, and the heartbeat, when `None`), and tells
    /// the other servers to claim them now.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn release(&self, ids: Option<&[TableId]>) -> Result<(), StoreError> {
        let mut client = self.pool.get().await?;
        let tx = client.transaction().await?;
        match ids {
            Some(ids) => {
                let ids: Vec<i64> = ids.iter().map(|&i| i as i64).collect();
                tx.execute(
                    "UPDATE owners SET expires_at = now() - interval '1 millisecond'
                     WHERE instance = $1 AND table_id = ANY($2)",
                    &[&self.me.id, &ids],
                )
                .await?;
            }
            None => {
                tx.execute(
                    "UPDATE owners SET expires_at = now() - interval '1 millisecond'
                     WHERE instance = $1 AND expires_at > now()",
                    &[&self.me.id],
                )
                .await?;
                tx.execute("DELETE FROM instances WHERE id = $1", &[&self.me.id])
                    .await?;
            }
        }
        tx.execute("SELECT pg_notify('snakes', 'r')", &[]).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Deletes, in one transaction, at most `batch` tables finished or abandoned before
    /// `before` (unix seconds), but those of `keep`, with their logs, secrets, results and
    /// ownership rows; returns their ids. Servers deleting at once skip each other's rows.
    ///
    /// # Errors
    /// When the database cannot be written.
    pub async fn delete_finished_before(
        &self,
        before: i64,
        batch: usize,
        keep: Vec<TableId>,
    ) -> Result<Vec<TableId>, StoreError> {
        let keep: Vec<i64> = keep.iter().map(|&i| i as i64).collect();
        let mut client = self.pool.get().await?;
        let tx = client.transaction().await?;
        let rows = tx
            .query(
                "SELECT id FROM tables
                 WHERE status IN ('finished', 'abandoned') AND finished_at < $1
                   AND NOT (id = ANY($2))
                 ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED",
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
    }

    /// Who serves table `id`.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn owner(&self, id: TableId) -> Result<Option<Owner>, StoreError> {
        let client = self.pool.get().await?;
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
    }

    /// The addresses of the servers whose heartbeat runs.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn peers(&self) -> Result<Vec<String>, StoreError> {
        let client = self.pool.get().await?;
        let rows = client
            .query(
                "SELECT DISTINCT address FROM instances WHERE expires_at > now() ORDER BY address",
                &[],
            )
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}

fn stored_table(r: &tokio_postgres::Row) -> Result<StoredTable, tokio_postgres::Error> {
    let dice = DiceSource::stored(r.try_get(7)?, r.try_get(6)?);
    Ok(StoredTable {
        id: r.try_get::<_, i64>(0)? as TableId,
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
            status: row.map(|r| r.status),
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

/// The answer to one append: written, or fenced (the function said false).
fn answer(table: TableId, written: Result<bool, StoreError>) -> Result<(), StoreError> {
    match written {
        Ok(true) => Ok(()),
        Ok(false) => Err(StoreError::Fenced { table }),
        Err(e) => Err(e),
    }
}

/// The writer: takes the appends waiting and writes them in one transaction (group commit: one
/// flush of the database's log for all of them); when that fails, each on its own, so that one
/// bad append does not sink the others.
async fn write(pool: Pool, mut waiting: mpsc::UnboundedReceiver<Pending>) {
    while let Some(first) = waiting.recv().await {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match waiting.try_recv() {
                Ok(next) => batch.push(next),
                Err(_) => break,
            }
        }
        let params: Vec<Params> = batch.iter().map(|(a, _)| Params::of(a)).collect();
        match write_together(&pool, &params).await {
            Ok(written) => {
                for ((a, reply), w) in batch.into_iter().zip(written) {
                    let _ = reply.send(answer(a.table, Ok(w)));
                }
            }
            Err(e) => {
                if batch.len() > 1 {
                    tracing::debug!(error = %e, "a group of appends failed; each on its own");
                }
                for ((a, reply), p) in batch.into_iter().zip(&params) {
                    let written = write_together(&pool, std::slice::from_ref(p)).await;
                    let written = written.map(|w| w.first().copied().unwrap_or(false));
                    if let Err(e) = &written {
                        tracing::error!(table = a.table, error = %e, "append failed");
                    }
                    let _ = reply.send(answer(a.table, written));
                }
            }
        }
    }
}

/// Writes appends in one transaction (one alone: one statement, one round trip); whether each
/// was written (false: fenced).
async fn write_together(pool: &Pool, params: &[Params]) -> Result<Vec<bool>, StoreError> {
    let mut client = pool.get().await?;
    let stmt = client.prepare_cached(APPEND).await?;
    if let [one] = params {
        let row = client.query_one(&stmt, &one.refs()).await?;
        return Ok(vec![row.try_get(0)?]);
    }
    let tx = client.transaction().await?;
    // Sent together without waiting for each answer: the connection pipelines them.
    let rows = futures_util::future::join_all(params.iter().map(|p| {
        let refs = p.refs();
        let tx = &tx;
        let stmt = &stmt;
        async move { tx.query_one(stmt, &refs).await }
    }))
    .await;
    let mut written = Vec::with_capacity(rows.len());
    for row in rows {
        written.push(row?.try_get(0)?);
    }
    tx.commit().await?;
    Ok(written)
}
