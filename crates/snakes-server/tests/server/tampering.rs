//! A stored log changed by hand is quarantined when the server starts.

use super::*;

/// A log changed by hand does not replay to the seed's dice: the server starts, and
/// quarantines the table, naming the event, rather than serving a game nobody played.
#[test]
fn a_log_that_does_not_follow_from_its_seed_is_refused() {
    let dir = temp_dir("tamper");
    let cfg = config(&dir);
    let db = cfg.db.clone();
    let rt = restart_runtime();
    let (addr, state) = rt.block_on(start(cfg.clone()));
    let table = rt.block_on(async {
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana","bots":1})).await;
        ana.watch(None).await;
        ana.command("start").await;
        ana.until_event("started").await;
        if ana.turn == ana.seat {
            ana.command("roll").await;
        }
        ana.until_event("rolled").await;
        ana.table
    });
    rt.shutdown_background();
    drop(state);
    // Wait for the old store to let go of the file (a lock taken blocks until then), then
    // change the first roll.
    let file = std::fs::OpenOptions::new().write(true).open(&db).unwrap();
    file.lock().unwrap();
    drop(file);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (seq, event): (i64, String) = conn
        .query_row(
            "SELECT seq, event FROM events WHERE table_id = ?1 AND event LIKE '%rolled%' ORDER BY seq LIMIT 1",
            [table as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let mut v: Value = serde_json::from_str(&event).unwrap();
    let roll = v["roll"].as_u64().unwrap();
    v["roll"] = json!(if roll == 6 { 5 } else { roll + 1 });
    conn.execute(
        "UPDATE events SET event = ?1 WHERE table_id = ?2 AND seq = ?3",
        rusqlite::params![v.to_string(), table as i64, seq],
    )
    .unwrap();
    drop(conn);

    let rt = restart_runtime();
    let state = rt.block_on(AppState::open(cfg)).unwrap();
    assert!(state.live(table).is_none(), "a tampered log is not served");
    let (status, damage): (String, String) = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT status, damage FROM tables WHERE id = ?1",
            [table as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(status, "quarantined");
    assert!(damage.contains(&format!("table {table}")), "{damage}");
    assert!(damage.contains(&format!("event {seq}")), "{damage}");
    assert!(damage.contains("the dice replay to"), "{damage}");
    rt.shutdown_background();
}

fn restart_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}
