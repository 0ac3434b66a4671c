//! Restarts from the SQLite file: a crash mid-game or while bots play loses nothing, and the dice
//! go on.

use super::*;

/// What must survive a restart: everything but who is connected (and the panel, which
/// says so).
fn essence(v: &snakes_server::protocol::TableView) -> Value {
    let mut j = serde_json::to_value(v).unwrap();
    for seat in j["seats"].as_array_mut().unwrap() {
        seat.as_object_mut().unwrap().remove("connected");
    }
    j.as_object_mut().unwrap().remove("panel");
    j
}

#[test]
fn a_crash_mid_game_loses_nothing_and_the_dice_go_on() {
    let dir = temp_dir("restart");
    let cfg = config(&dir);
    let db = cfg.db.clone();
    let clients = snakes_testing::runtime(1);

    let server = snakes_testing::runtime(1);
    let (addr, state) = server.block_on(start(cfg.clone()));
    let (mut ana, mut spectator, table) = clients.block_on(async {
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana","bots":1})).await;
        ana.watch(None).await;
        ana.command("start").await;
        ana.until_event("started").await;
        let mut spectator = Client::connect(addr).await;
        spectator.table = ana.table;
        spectator.watch(None).await;
        let table = ana.table;
        (ana, spectator, table)
    });
    // Ana rolls a few times (the bot answers at once); the spectator leaves after the
    // first of them and misses the rest.
    let left_at = clients.block_on(async {
        let mut left_at = None;
        for _ in 0..4 {
            while ana.turn != ana.seat && !ana.over {
                ana.recv().await;
            }
            if ana.over {
                break;
            }
            ana.command("roll").await;
            ana.until("events").await;
            if left_at.is_none() {
                while spectator.seq < ana.seq {
                    spectator.recv().await;
                }
                left_at = Some(spectator.seq);
                spectator.ws.close(None).await.unwrap();
            }
        }
        // Let the bot's answer to the last roll arrive.
        while ana.turn != ana.seat && !ana.over {
            ana.recv().await;
        }
        left_at.unwrap()
    });
    let before = server.block_on(state.view(table)).unwrap();
    assert_eq!(before.summary.seq, ana.seq);
    // The crash: every task of the server dropped where it stands, nothing shut down.
    server.shutdown_background();
    drop(state);

    let server = snakes_testing::runtime(1);
    let (addr, state) = server.block_on(start(cfg));
    let after = server.block_on(state.view(table)).unwrap();
    assert_eq!(
        essence(&after),
        essence(&before),
        "the same table after the restart"
    );

    clients.block_on(async {
        // The spectator gets exactly what it missed, once.
        let mut back = Client::connect(addr).await;
        back.table = table;
        back.watch(Some(left_at)).await;
        if left_at < after.summary.seq {
            back.until("events").await;
        }
        let seqs: Vec<u64> = back
            .seen
            .iter()
            .map(|e| e["seq"].as_u64().unwrap())
            .collect();
        assert_eq!(
            seqs,
            ((left_at + 1)..=after.summary.seq).collect::<Vec<_>>()
        );
        assert!(
            left_at < after.summary.seq,
            "the spectator did miss something"
        );

        // Ana comes back with her token, misses nothing, and plays on to the end.
        let mut ana2 = Client::connect(addr).await;
        ana2.table = table;
        ana2.token = ana.token.clone();
        ana2.seq = ana.seq;
        ana2.watch(Some(ana.seq)).await;
        assert_eq!(ana2.seat, Some(0));
        assert_eq!(ana2.seq, ana.seq);
        if !ana2.over {
            ana2.play_to_the_end().await;
        }
    });
    // The whole log, before and after the crash, is one stream of the stored seed's dice.
    let stored = stored_events(&db, table);
    let seqs: Vec<u64> = stored.iter().map(|(s, _)| *s).collect();
    assert_eq!(seqs, (1..=stored.len() as u64).collect::<Vec<_>>());
    let mut game = Game::with_dice(
        Arc::new(Board::classic()),
        Rules::STANDARD,
        2,
        stored_dice(&db, table),
    )
    .unwrap();
    game.play_out(100_000);
    assert_eq!(game.rolls(), rolls_of(&stored).as_slice());
    server.shutdown_background();
}

#[test]
fn a_crash_while_bots_play_restores_a_whole_log() {
    snakes_server::init_logging();
    let dir = temp_dir("restart-bots");
    let mut cfg = config(&dir);
    cfg.timing.bot_delay = Duration::from_millis(2);
    let db = cfg.db.clone();
    let clients = snakes_testing::runtime(1);
    let server = snakes_testing::runtime(1);
    let (addr, state) = server.block_on(start(cfg.clone()));
    let table = clients.block_on(async {
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana","bots":1})).await;
        ana.watch(None).await;
        ana.command("start").await;
        ana.until_event("started").await;
        // Ana leaves: bots play both seats from now on.
        let (table, token) = (ana.table, ana.token.clone());
        ana.send(json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}}))
            .await;
        ana.until_event("bot_took_over").await;
        ana.recv().await;
        table
    });
    server.shutdown_background();
    drop(state);

    let server = snakes_testing::runtime(1);
    let (_, state) = server.block_on(start(cfg));
    // The game's end changes its lobby line (finished, and who won): looked at each change.
    let view = server.block_on(async {
        until_lobby(&state, "the bots finish the game", async || {
            state.view(table).await.unwrap().summary.result.is_some()
        })
        .await;
        state.view(table).await.unwrap()
    });
    let stored = stored_events(&db, table);
    assert_eq!(stored.len() as u64, view.summary.seq);
    let mut game = Game::with_dice(
        Arc::new(Board::classic()),
        Rules::STANDARD,
        2,
        stored_dice(&db, table),
    )
    .unwrap();
    game.play_out(100_000);
    assert_eq!(game.rolls(), rolls_of(&stored).as_slice());
    assert_eq!(game.state().squares(), view.squares.as_slice());
    server.shutdown_background();
}

/// A table whose stored log cannot be rebuilt (here a gap: an event taken out of the middle, as
/// a database restored from a copy or a damaged disk leaves it) does not stop the server: the
/// server starts, quarantines that table (its status and why, stored; a metric; one line in the
/// log), and serves the others; a player who comes back to it is told in words, and nothing is
/// written to it.
#[test]
fn a_table_that_cannot_be_rebuilt_is_quarantined_and_the_others_are_served() {
    let dir = temp_dir("quarantine");
    let cfg = config(&dir);
    let db = cfg.db.clone();
    let clients = snakes_testing::runtime(1);
    let server = snakes_testing::runtime(1);
    let (addr, state) = server.block_on(start(cfg.clone()));
    let (damaged, token, healthy) = clients.block_on(async {
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana","bots":1})).await;
        ana.watch(None).await;
        ana.command("start").await;
        ana.until_event("started").await;
        for _ in 0..2 {
            while ana.turn != ana.seat {
                ana.recv().await;
            }
            ana.command("roll").await;
            ana.until("events").await;
        }
        let mut bo = Client::connect(addr).await;
        bo.create(json!({"name":"Bo","bots":1})).await;
        (ana.table, ana.token.clone(), bo.table)
    });
    server.shutdown_background();
    drop(state);
    let stored = stored_events(&db, damaged);
    assert!(stored.len() > 4, "{stored:?}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "DELETE FROM events WHERE table_id = ?1 AND seq = 3",
        [damaged as i64],
    )
    .unwrap();
    drop(conn);

    let server = snakes_testing::runtime(1);
    let (addr, state) = server.block_on(start(cfg));
    clients.block_on(async {
        // The player of the damaged table is told so, in words.
        let mut ana = Client::connect(addr).await;
        ana.send(json!({"type": "watch", "table": damaged, "token": token}))
            .await;
        let refused = ana.until("refused").await;
        assert_eq!(refused["code"], "quarantined", "{refused}");
        assert!(
            refused["message"].as_str().unwrap().contains("damaged"),
            "{refused}"
        );
        // The other table is served as before.
        let mut bo = Client::connect(addr).await;
        bo.send(json!({"type": "watch", "table": healthy})).await;
        let watching = bo.until("watching").await;
        assert_eq!(watching["view"]["id"], healthy);
    });
    let (status, damage): (String, String) = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT status, damage FROM tables WHERE id = ?1",
            [damaged as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(status, "quarantined");
    assert!(damage.contains("gap"), "{damage}");
    assert_eq!(
        stored_events(&db, damaged).len(),
        stored.len() - 1,
        "nothing written"
    );
    let metrics = server.block_on(async {
        let response = snakes_server::app(state.clone())
            .oneshot(
                axum::http::Request::get("/metrics")
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        let body = http_body_util::BodyExt::collect(response.into_body())
            .await
            .unwrap()
            .to_bytes();
        String::from_utf8(body.to_vec()).unwrap()
    });
    assert!(metrics.contains("snakes_tables_quarantined 1"), "{metrics}");
    assert!(metrics.contains("snakes_quarantines_total 1"), "{metrics}");
    server.shutdown_background();
}
