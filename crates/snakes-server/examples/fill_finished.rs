//! Test data for the start-up benchmark (BENCHMARKS.md, "Start with 100,000 finished tables"):
//! plays one real game to its end on the store `DB` (a SQLite file or a `postgres://`
//! address), then copies that table, its log, its secrets, its result and its lobby row until
//! the store holds `N` finished tables.
//!
//! ```sh
//! cargo run --release -p snakes-server --example fill_finished -- DB N
//! ```

use std::path::PathBuf;
use std::time::Duration;

use snakes_server::protocol::{CreateTable, Status};
use snakes_server::{AppState, Config, DiceKeys, Outbox, Session, Timing};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(db), Some(n)) = (args.next(), args.next()) else {
        return Err("usage: fill_finished DB N".into());
    };
    let n: i64 = n.parse()?;
    snakes_server::init_logging();
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let config = Config {
            db: PathBuf::from(&db),
            timing: Timing {
                bot_delay: Duration::ZERO,
                grace: Duration::ZERO,
                turn_timer: None,
            },
            dice: DiceKeys::Seeded(27),
            ..Config::default()
        };
        let state = AppState::open(config).await?;
        let create: CreateTable = serde_json::from_str(r#"{"name":"Ana","bots":1}"#)?;
        let created = state.create(create).await.map_err(|r| r.refusal.code())?;
        let table = created.table;
        let seq = state
            .view(table)
            .await
            .map_err(|r| r.refusal.code())?
            .summary
            .seq;
        let (out, _inbox) = Outbox::channel(1024, 1 << 20);
        let mut session = Session::new(state.clone(), out);
        let token = &created.token;
        // Started, then the host leaves: a bot plays the seat, and the game runs to its end.
        for msg in [
            format!(r#"{{"type":"act","table":{table},"token":"{token}","seq":{seq},"action":{{"type":"start"}}}}"#),
            format!(r#"{{"type":"act","table":{table},"token":"{token}","action":{{"type":"leave"}}}}"#),
        ] {
            session.handle_text(&msg).await;
        }
        while state
            .view(table)
            .await
            .map_err(|r| r.refusal.code())?
            .summary
            .status
            != Status::Finished
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        drop(state);
        tokio::time::sleep(Duration::from_millis(500)).await;
        copy(&db, table as i64, n - 1).await
    })
}

/// Copies table `id` `copies` times, in one statement per kind of row.
async fn copy(db: &str, id: i64, copies: i64) -> Result<(), Box<dyn std::error::Error>> {
    let columns =
        "created_at, board_name, board, rules, seats, seed, dice_key, status, finished_at, summary";
    if db.starts_with("postgres") {
        let (client, conn) = tokio_postgres::connect(db, tokio_postgres::NoTls).await?;
        tokio::spawn(conn);
        client
            .batch_execute(&format!(
                "INSERT INTO tables ({columns}) SELECT {columns} FROM tables, generate_series(1, {copies}) WHERE id = {id};
                 INSERT INTO events SELECT t.id, e.seq, e.event FROM tables t, events e WHERE e.table_id = {id} AND t.id <> {id};
                 INSERT INTO tokens SELECT t.id, e.seq, e.token FROM tables t, tokens e WHERE e.table_id = {id} AND t.id <> {id};
                 INSERT INTO results SELECT t.id, r.winner, r.winner_name, r.turns, r.rolls, r.squares FROM tables t, results r WHERE r.table_id = {id} AND t.id <> {id};
                 INSERT INTO owners SELECT t.id, o.instance, o.address, o.epoch, o.expires_at FROM tables t, owners o WHERE o.table_id = {id} AND t.id <> {id};"
            ))
            .await?;
        client.batch_execute("VACUUM ANALYZE").await?;
    } else {
        let conn = rusqlite::Connection::open(db)?;
        conn.execute_batch(&format!(
            "BEGIN;
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {copies})
             INSERT INTO tables ({columns}) SELECT {columns} FROM tables, n WHERE id = {id};
             INSERT INTO events SELECT t.id, e.seq, e.event FROM tables t, events e WHERE e.table_id = {id} AND t.id <> {id};
             INSERT INTO tokens SELECT t.id, e.seq, e.token FROM tables t, tokens e WHERE e.table_id = {id} AND t.id <> {id};
             INSERT INTO results SELECT t.id, r.winner, r.winner_name, r.turns, r.rolls, r.squares FROM tables t, results r WHERE r.table_id = {id} AND t.id <> {id};
             COMMIT;
             PRAGMA wal_checkpoint(TRUNCATE);"
        ))?;
    }
    Ok(())
}
