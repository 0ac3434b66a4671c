//! `--keep-finished-days`: finished tables older than the limit are deleted with their logs,
//! secrets and results while other games go on; waiting and playing tables, and a finished
//! one someone is looking at, stay.

use std::path::Path;
use std::time::Duration;

use serde_json::json;
use snakes_server::{AppState, Clock};

use super::{Client, config, start, temp_dir, until_lobby};

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// How many rows of `table` each of the four tables of the database holds.
fn rows(db: &Path, table: u64) -> [i64; 4] {
    let conn = rusqlite::Connection::open(db).unwrap();
    let count = |sql: &str| conn.query_row(sql, [table as i64], |r| r.get(0)).unwrap();
    [
        count("SELECT count(*) FROM tables WHERE id = ?1"),
        count("SELECT count(*) FROM events WHERE table_id = ?1"),
        count("SELECT count(*) FROM tokens WHERE table_id = ?1"),
        count("SELECT count(*) FROM results WHERE table_id = ?1"),
    ]
}

/// Ana and a bot play a whole game at a new table; returns Ana, still following it.
async fn finished_game(addr: std::net::SocketAddr) -> Client {
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name": "Ana", "bots": 1})).await;
    ana.watch(None).await;
    ana.command("start").await;
    ana.until_event("started").await;
    ana.play_to_the_end().await;
    ana
}

/// Waits until nobody's actor holds `table` in memory any more (it was put away): a finished
/// table put away leaves only its lobby line, which is a change of the lobby's list.
async fn put_away(state: &AppState, table: u64) {
    until_lobby(state, &format!("table {table} is put away"), async || {
        state.live(table).is_none()
    })
    .await;
}

#[tokio::test]
async fn old_finished_tables_go_and_the_rest_stays() {
    let dir = temp_dir("retention");
    let mut config = config(&dir);
    config.idle = Duration::from_secs(60);
    config.keep_finished_days = 1;
    let clock = Clock::manual();
    config.clock = clock.clone();
    let db = config.db.clone();
    let (addr, state) = start(config).await;

    // Three finished games nobody follows any more, one finished game still watched, a table
    // waiting and a game in play.
    let mut gone = Vec::new();
    for _ in 0..3 {
        let ana = finished_game(addr).await;
        gone.push(ana.table);
    }
    let watched = finished_game(addr).await;
    let mut waiting = Client::connect(addr).await;
    waiting.create(json!({"name": "Cy", "seats": 3})).await;
    waiting.watch(None).await;
    let mut playing = Client::connect(addr).await;
    playing.create(json!({"name": "Di", "bots": 1})).await;
    playing.watch(None).await;
    playing.command("start").await;
    playing.until_event("started").await;
    // The idle limit passes: the finished games nobody follows leave memory.
    clock.advance(Duration::from_secs(61));
    for table in &gone {
        put_away(&state, *table).await;
        assert_eq!(rows(&db, *table)[0], 1);
    }
    assert!(state.live(watched.table).is_some());

    // Not a day old: nothing goes.
    assert_eq!(
        state
            .delete_finished_before(unix_now() - 86_400)
            .await
            .unwrap(),
        0
    );
    // Older than the limit (as a day later), while Di plays on.
    let game = tokio::spawn(async move {
        playing.play_to_the_end().await;
        playing
    });
    let deleted = state.delete_finished_before(unix_now() + 1).await.unwrap();
    assert_eq!(deleted, 3);
    for table in &gone {
        assert_eq!(rows(&db, *table), [0, 0, 0, 0], "table {table}");
        assert!(state.view(*table).await.is_err());
    }
    let listed: Vec<u64> = state.list().iter().map(|t| t.id).collect();
    assert!(gone.iter().all(|t| !listed.contains(t)), "{listed:?}");
    // The watched finished game, the waiting table and Di's game stay, whole.
    let playing = game.await.unwrap();
    for table in [watched.table, waiting.table, playing.table] {
        assert!(listed.contains(&table), "{table}: {listed:?}");
        assert_eq!(rows(&db, table)[0], 1);
    }
    let record = state.record(playing.table).await.unwrap();
    assert_eq!(record.events.len() as u64, playing.seq);
    assert!(rows(&db, playing.table)[3] == 1, "Di's result");
}
