//! A stored log changed by hand is refused when the server starts.

use super::*;

/// A log changed by hand does not replay to the seed's dice: the server refuses to start
/// and names the event, rather than serving a game nobody played.
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
    // Wait for the old store to let go of the file, then change the first roll.
    let conn = loop {
        let c = rusqlite::Connection::open(&db).unwrap();
        let locked = std::fs::OpenOptions::new()
            .write(true)
            .open(&db)
            .unwrap()
            .try_lock()
            .is_err();
        if !locked {
            break c;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
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
    let err = match rt.block_on(AppState::open(cfg)) {
        Ok(_) => panic!("a tampered log was accepted"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains(&format!("table {table}")), "{err}");
    assert!(err.contains(&format!("event {seq}")), "{err}");
    assert!(err.contains("the dice replay to"), "{err}");
    rt.shutdown_background();
}

fn restart_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}
