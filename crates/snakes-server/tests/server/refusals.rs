//! Every refusal code, each met on a real server; a flooding socket and connections over the caps.

use super::*;

async fn refused(c: &mut Client, msg: Value) -> Value {
    c.send(msg).await;
    let v = c.until("refused").await;
    assert!(!v["message"].as_str().unwrap().is_empty(), "{v}");
    v
}

#[tokio::test]
async fn every_refusal_code() {
    let dir = temp_dir("refusals");
    let mut cfg = config(&dir);
    cfg.max_tables = 2;
    cfg.max_message_bytes = 4096;
    cfg.rate_per_sec = 1000.0;
    cfg.rate_burst = 1000.0;
    let (addr, _state) = start(cfg).await;
    let codes = std::cell::RefCell::new(std::collections::BTreeSet::new());
    let note = |v: &Value| {
        codes
            .borrow_mut()
            .insert(v["code"].as_str().unwrap().to_string());
    };

    let mut ana = Client::connect(addr).await;
    // A tiny board and the loose ending: games of a few rolls.
    ana.create(json!({"name":"Ana","board":"[[-1,-1],[-1,-1]]","rules":"ending=loose"}))
        .await;
    ana.watch(None).await;
    let t = ana.table;
    let tok = ana.token.clone().unwrap();

    note(
        &refused(
            &mut ana,
            json!({"type":"act","table":t,"token":tok,"seq":1,"action":{"type":"start"}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("not_enough_players"));
    note(&refused(&mut ana, json!({"type":"set_locale","locale":"tlh"})).await);
    assert!(codes.borrow().contains("unknown_locale"));
    note(
        &refused(
            &mut ana,
            json!({"type":"act","table":t,"token":tok,"seq":1,"action":{"type":"roll"}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("not_started"));
    note(
        &refused(
            &mut ana,
            json!({"type":"act","table":t,"token":"nope","seq":1,"action":{"type":"roll"}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("not_seated"));
    // Ana's connection holds her seat: one seat a connection.
    note(
        &refused(
            &mut ana,
            json!({"type":"act","table":t,"action":{"type":"join","name":"Zed"}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("already_seated"));
    let mut joiner = Client::connect(addr).await;
    note(
        &refused(
            &mut joiner,
            json!({"type":"act","table":t,"action":{"type":"join","name":"Bo","seat":0}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("seat_taken"));
    note(
        &refused(
            &mut joiner,
            json!({"type":"act","table":t,"action":{"type":"join","name":"ana"}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("bad_name"));
    note(
        &refused(
            &mut joiner,
            json!({"type":"act","table":77,"action":{"type":"join","name":"Bo"}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("no_such_table"));

    let mut bo = Client::connect(addr).await;
    bo.send(json!({"type":"act","table":t,"action":{"type":"join","name":"Bo"}}))
        .await;
    bo.until("seated").await;
    bo.watch(None).await;
    let bo_tok = bo.token.clone().unwrap();
    let mut cy = Client::connect(addr).await;
    note(
        &refused(
            &mut cy,
            json!({"type":"act","table":t,"action":{"type":"join","name":"Cy"}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("table_full"));
    note(
        &refused(
            &mut bo,
            json!({"type":"act","table":t,"token":bo_tok,"seq":2,"action":{"type":"start"}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("not_host"));
    let v = refused(
        &mut ana,
        json!({"type":"act","table":t,"token":tok,"seq":1,"action":{"type":"start"}}),
    )
    .await;
    assert_eq!(
        (v["expected"].as_u64(), v["got"].as_u64()),
        (Some(2), Some(1))
    );
    note(&v);
    note(
        &refused(
            &mut ana,
            json!({"type":"act","table":t,"token":tok,"seq":2,"action":{"type":"add_bot"}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("table_full"));

    while ana.seq < 2 {
        ana.recv().await;
    }
    ana.command("start").await;
    ana.until_event("started").await;
    bo.until_event("started").await;
    note(
        &refused(
            &mut cy,
            json!({"type":"act","table":t,"action":{"type":"join","name":"Cy"}}),
        )
        .await,
    );
    assert!(codes.borrow().contains("already_started"));
    let turn = ana.turn.unwrap();
    let (mover, waiter) = if turn == 0 {
        (&mut ana, &mut bo)
    } else {
        (&mut bo, &mut ana)
    };
    let (wt, wtok, seq) = (waiter.table, waiter.token.clone(), waiter.seq);
    let v = refused(
        waiter,
        json!({"type":"act","table":wt,"token":wtok,"seq":seq,"action":{"type":"roll"}}),
    )
    .await;
    assert_eq!(v["turn"].as_u64(), Some(turn as u64));
    let mover_name = if turn == 0 { "Ana" } else { "Bo" };
    assert_eq!(v["message"], format!("It is {mover_name}'s turn."));
    note(&v);
    // Taking back a seat no bot plays; then leaving, rolling while the bot plays the
    // seat, and taking it back.
    let come_back = json!({"type":"act","table":wt,"token":wtok,"action":{"type":"come_back"}});
    note(&refused(waiter, come_back.clone()).await);
    assert!(codes.borrow().contains("not_away"));
    waiter
        .send(json!({"type":"act","table":wt,"token":wtok,"action":{"type":"leave"}}))
        .await;
    waiter.until_event("bot_took_over").await;
    let v = refused(
        waiter,
        json!({"type":"act","table":wt,"token":wtok,"seq":waiter.seq,"action":{"type":"roll"}}),
    )
    .await;
    assert_eq!(
        v["message"],
        "A bot plays your seat since you left: press J to take it back."
    );
    note(&v);
    waiter.send(come_back).await;
    waiter.until_event("reclaimed").await;
    tokio::join!(mover.play_to_the_end(), waiter.play_to_the_end());
    let v = refused(
        waiter,
        json!({"type":"act","table":wt,"token":wtok,"seq":waiter.seq,"action":{"type":"roll"}}),
    )
    .await;
    note(&v);
    assert!(codes.borrow().contains("game_over"));

    // Board, rules and table limits at creation.
    // (A cell holding its own number is no jump, as in LeetCode: [[1]] is a valid board.)
    note(&cy.create(json!({"name":"Cy","board":"[[2]]"})).await);
    note(&cy.create(json!({"name":"Cy","rules":"die=99"})).await);
    note(&cy.create(json!({"name":"Cy","seats":3,"bots":3})).await);
    assert_eq!(
        cy.create(json!({"name":"Cy"})).await["type"],
        "seated",
        "the second table"
    );
    // Finished tables do not count against the limit of two.
    assert_eq!(
        cy.create(json!({"name":"Di"})).await["type"],
        "seated",
        "the third table"
    );
    note(&cy.create(json!({"name":"Ed"})).await);
    for code in ["bad_board", "bad_rules", "bad_seats", "too_many_tables"] {
        assert!(codes.borrow().contains(code), "{code}: {codes:?}");
    }

    // Malformed and unknown messages: answered, and the connection stays. (A message over
    // the limit closes the WebSocket with 1009: abuse.rs; over HTTP it is answered.)
    cy.send_raw("{\"type\":".to_string()).await;
    note(&cy.until("refused").await);
    cy.send(json!({"type":"teleport","to":100})).await;
    let v = cy.until("refused").await;
    assert!(
        v["detail"]["text"].as_str().unwrap().contains("teleport"),
        "{v}"
    );
    let (status, _, v) = abuse::http(
        addr,
        &abuse::post(
            "/api/tables",
            "",
            // Over the limit of a creation: the most squares' board and the rest.
            &format!("{{\"name\":\"{}\"}}", "y".repeat(200_000)),
        ),
    )
    .await;
    assert_eq!((status, v["code"].as_str()), (413, Some("too_large")));
    note(&v);
    cy.ws.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(cy.until("refused").await["code"], "bad_message");
    cy.send(json!({"type":"list_tables"})).await;
    assert_eq!(
        cy.until("tables").await["tables"].as_array().unwrap().len(),
        3
    );
    // Talking in the lobby: a message with nothing in it, and talk without a name.
    cy.send(json!({"type":"say","text":" "})).await;
    note(&cy.until("refused").await);
    cy.send(json!({"type":"say","text":"hi"})).await;
    note(&cy.until("refused").await);

    // Every refusal code the protocol has, but those this connection cannot meet here:
    // the rate limit (its own test below), a failed database write, and the HTTP-only
    // ones (abuse.rs).
    let elsewhere = [
        "too_many_requests",
        "store_failed",
        "not_found",
        "method_not_allowed",
        "bad_origin",
        // A client's quota of open tables (abuse.rs).
        "too_many_open_tables",
        // Several servers on PostgreSQL (the fault suite, crates/snakes-faults).
        "moved",
        // A stored log that cannot be rebuilt (restart.rs).
        "quarantined",
        // The pace of talk, on a clock that stands still (talk.rs).
        "talk_too_fast",
        "network_talk_too_fast",
        // Moderation, with a moderator granted (moderation.rs).
        "not_moderator",
        "bad_key",
        "silenced",
        "banned",
        "no_such_person",
        "no_such_message",
        "no_such_entry",
        "bad_span",
        "no_reason",
        // Members, over HTTP with a real SQLite file (members.rs).
        "name_taken",
        "name_held",
        "bad_sign_in",
        "bad_password",
        "too_many_sign_ins",
        "not_signed_in",
        "not_a_member",
        "block_yourself",
        "not_open_to_you",
        "bad_passkey",
        "last_passkey",
    ];
    for &code in snakes_server::protocol::Refusal::CODES
        .iter()
        .filter(|c| !elsewhere.contains(c))
    {
        assert!(
            codes.borrow().contains(code),
            "{code} never seen: {codes:?}"
        );
    }
}

#[tokio::test]
async fn a_flooding_socket_is_told_once_then_dropped() {
    let dir = temp_dir("flood");
    let mut cfg = config(&dir);
    cfg.rate_per_sec = 1.0;
    cfg.rate_burst = 3.0;
    // The eight messages come at one instant of the server's clock, however slowly.
    cfg.clock = Clock::manual();
    let (addr, _state) = start(cfg).await;
    let mut c = Client::connect(addr).await;
    // Three within the burst, one answered over it, three dropped, the next closes.
    for _ in 0..8 {
        c.send(json!({"type":"list_tables"})).await;
    }
    let mut kinds = Vec::new();
    let close = loop {
        match tokio::time::timeout(WAIT, c.ws.next()).await.unwrap() {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                kinds.push(
                    v["code"]
                        .as_str()
                        .unwrap_or(v["type"].as_str().unwrap())
                        .to_string(),
                );
            }
            Some(Ok(Message::Close(frame))) => break frame,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(kinds, ["tables", "tables", "tables", "too_many_requests"]);
    assert_eq!(u16::from(close.unwrap().code), 1008);
}

#[tokio::test]
async fn connections_beyond_the_limit_are_turned_away() {
    let dir = temp_dir("max-conn");
    let mut cfg = config(&dir);
    cfg.max_connections = 1;
    let (addr, _state) = start(cfg).await;
    let mut first = Client::connect(addr).await;
    let second = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await;
    let Err(tokio_tungstenite::tungstenite::Error::Http(refused)) = second else {
        panic!("the second connection is refused: {second:?}");
    };
    assert_eq!(refused.status(), 503);
    let body: Value = serde_json::from_slice(refused.body().as_deref().unwrap()).unwrap();
    assert_eq!(body["code"], "too_many_requests");
    first.send(json!({"type":"list_tables"})).await;
    assert_eq!(first.recv().await["type"], "tables");
}
