//! Real WebSockets on loopback: whole games, what each listener hears of the others' moves, two
//! clients racing to roll.

use super::*;

#[tokio::test]
async fn a_seated_player_hears_the_others_moves_in_one_line_at_their_turn() {
    let dir = temp_dir("heard");
    let (addr, _state) = start(config(&dir)).await;

    let mut ana = Client::connect(addr).await;
    let seated = ana.create(json!({"name":"Ana","seats":4,"bots":2})).await;
    let table = ana.table;
    assert_eq!(
        seated["text"],
        format!(
            "Table {table}: you are the host, seat 1; Tab to Start the game when others have joined."
        )
    );
    ana.watch(None).await;
    let mut cy = Client::connect(addr).await;
    cy.send(json!({"type":"act","table":table,"action":{"type":"join","name":"Cy"}}))
        .await;
    let seated = cy.until("seated").await;
    assert_eq!(
        seated["text"],
        format!("Table {table}: you took seat 4; the host starts the game.")
    );
    // Cy leaves before the start, so that Ana plays two bots; Sam only watches.
    let token = cy.token.clone();
    cy.send(json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}}))
        .await;
    let mut sam = Client::connect(addr).await;
    sam.table = table;
    sam.watch(None).await;
    ana.until_event("left").await;
    ana.command("start").await;

    // Ana rolls three times; every message of events she gets is kept.
    let mut said: Vec<(Value, Vec<String>)> = Vec::new();
    let mut rolls = 0;
    while rolls < 3 && !ana.over {
        if ana.turn.is_some() && ana.turn == ana.seat {
            ana.command("roll").await;
            rolls += 1;
        }
        let v = ana.until("events").await;
        // Absent, `say` is `text`.
        let say = if v.get("say").is_some() {
            &v["say"]
        } else {
            &v["text"]
        };
        let say: Vec<String> = serde_json::from_value(say.clone()).unwrap();
        said.push((v, say));
    }
    let me = ana.seat.unwrap() as u64;
    let mut catch_ups = 0;
    for (v, say) in &said {
        let text: Vec<&str> = v["text"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        let events = v["events"].as_array().unwrap();
        let rolled = |p: u64| {
            events
                .iter()
                .any(|e| e["event"]["type"] == "rolled" && e["event"]["player"] == p)
        };
        let my_turn = events
            .iter()
            .any(|e| e["event"]["type"] == "turn_passed" && e["event"]["player"] == me);
        assert!(
            say.iter()
                .all(|l| !l.starts_with("Bot ") || !l.contains(" rolled a")),
            "a bot's roll is not spoken on its own: {say:?}"
        );
        if rolled(me) {
            assert!(say[0].starts_with("You rolled a"), "{say:?}");
            assert!(text[0].starts_with("You rolled a"), "{text:?}");
        } else if events.iter().any(|e| e["event"]["type"] == "rolled") {
            assert!(
                text.iter()
                    .any(|l| l.starts_with("Bot ") && l.contains(" rolled a")),
                "the history has every line: {text:?}"
            );
        }
        if my_turn && !rolled(me) {
            catch_ups += 1;
            let line = say.last().unwrap();
            assert!(line.ends_with(". Your turn."), "{line}");
            assert!(line.starts_with("Bot "), "{line}");
        }
    }
    assert!(catch_ups >= 2, "{said:?}");
    // Since Ana's first roll both bots rolled before her turn came back: both are named.
    let (_, last) = said
        .iter()
        .rev()
        .find(|(_, say)| say.last().is_some_and(|l| l.ends_with("Your turn.")))
        .unwrap();
    let line = last.last().unwrap();
    assert!(line.contains("Bot 1 ") && line.contains("Bot 2 "), "{line}");

    // A spectator hears every line: no separate `say`.
    let v = sam.until("events").await;
    assert!(v.get("say").is_none(), "{v}");

    // H says what to do when a screen reader keeps a key.
    ana.send(json!({"type":"query","table":table,"query":"help"}))
        .await;
    let answer = ana.until("answer").await;
    let lines = answer["lines"].as_array().unwrap();
    assert!(lines[0].as_str().unwrap().starts_with("R or Space"));
    assert!(
        lines
            .last()
            .unwrap()
            .as_str()
            .unwrap()
            .contains("Insert+A in Orca")
    );
}

/// The lines a client is to say of an events message: `say`, or `text` when absent.
fn said_of(v: &Value) -> Vec<String> {
    let say = v.get("say").unwrap_or(&v["text"]);
    serde_json::from_value(say.clone()).unwrap()
}

#[tokio::test]
async fn how_much_is_said_of_the_others_moves_is_each_listeners_choice() {
    let dir = temp_dir("others");
    let (addr, _state) = start(config(&dir)).await;
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","seats":3,"bots":2})).await;
    let table = ana.table;
    let token = ana.token.clone();
    ana.send(json!({"type":"watch","table":table,"token":token,"others":"full"}))
        .await;
    ana.until("watching").await;
    // Sam watches and hears only the ladders, snakes, bumps and wins.
    let mut sam = Client::connect(addr).await;
    sam.table = table;
    sam.send(json!({"type":"watch","table":table,"others":"jumps"}))
        .await;
    sam.until("watching").await;
    ana.command("start").await;
    let mut heard: Vec<(&str, Value)> = Vec::new();
    let mut rolls = 0;
    let mut setting = "full";
    while rolls < 12 && !ana.over {
        if rolls == 4 && setting == "full" {
            // The switch, then a question: every event after its answer is told the new
            // way (the table answers in order); those before may be told either way.
            ana.send(json!({"type":"set_others","others":"jumps"}))
                .await;
            ana.send(json!({"type":"query","table":table,"query":"turn"}))
                .await;
            ana.until("answer").await;
            setting = "jumps";
        }
        if ana.turn.is_some() && ana.turn == ana.seat {
            ana.command("roll").await;
            rolls += 1;
        }
        let v = ana.until("events").await;
        heard.push((setting, v));
    }
    let me = ana.seat.unwrap() as u64;
    let mut plain_bot_rolls = 0;
    for (setting, v) in &heard {
        let say = said_of(v);
        let events = v["events"].as_array().unwrap();
        let bot_rolled = events
            .iter()
            .any(|e| e["event"]["type"] == "rolled" && e["event"]["player"] != me);
        let jump = events.iter().any(|e| {
            ["climbed", "slid", "bumped", "won"].contains(&e["event"]["type"].as_str().unwrap())
        });
        if *setting == "full" {
            // Every line, as it happens: `say` is `text`.
            assert!(v.get("say").is_none(), "{v}");
        } else if bot_rolled && !jump {
            plain_bot_rolls += 1;
            assert!(
                say.iter()
                    .all(|l| !l.contains("Bot ") || l.ends_with("Your turn.")),
                "{say:?}"
            );
        }
        for line in say.iter().filter(|l| l.ends_with(". Your turn.")) {
            if *setting == "jumps" {
                assert!(
                    !line.contains(" went to ") && !line.contains(" bounced "),
                    "{line}"
                );
            }
        }
    }
    assert!(plain_bot_rolls > 0, "{heard:?}");
    // Sam: no plain roll is said, whoever rolled; the turn still is. Everything up to Ana's
    // turn after her last roll (or the end) has been sent to him by then.
    while !ana.over && ana.turn != ana.seat {
        ana.recv().await;
    }
    let (mut plain, mut jumps) = (0, 0);
    while sam.seq < ana.seq {
        let v = sam.until("events").await;
        // A roll that climbs, slides, bumps or wins is said in full, however plain the rest
        // of its move ("Bot 2 rolled a 5, reached 100, bounced back to 98 and slid down the
        // snake to 78."; "Bot 2 rolled a 4 and moved from 96 to 100."), as `jumps` promises.
        let events = v["events"].as_array().unwrap();
        let rolled = events.iter().any(|e| e["event"]["type"] == "rolled");
        let jump = events.iter().any(|e| {
            ["climbed", "slid", "bumped", "won"].contains(&e["event"]["type"].as_str().unwrap())
        });
        let said = said_of(&v);
        if jump {
            jumps += 1;
            assert!(said.iter().any(|l| l.contains(" rolled a")), "{said:?}");
        } else if rolled {
            plain += 1;
            assert!(!said.is_empty(), "whose turn it is, at least: {v}");
            for line in &said {
                assert!(
                    !line.contains(" rolled a")
                        && !line.contains(" moved from ")
                        && !line.contains(" entered the board on ")
                        && !line.contains(" bounced back to "),
                    "{line}"
                );
            }
        }
    }
    assert!(plain > 0 && jumps > 0, "plain rolls {plain}, jumps {jumps}");
}

#[tokio::test]
async fn humans_and_a_bot_play_a_whole_game() {
    let dir = temp_dir("whole-game");
    let cfg = config(&dir);
    let db = cfg.db.clone();
    let (addr, state) = start(cfg).await;

    let mut ana = Client::connect(addr).await;
    ana.send(json!({"type":"hello","protocol":2})).await;
    assert_eq!(ana.recv().await["type"], "hello");
    let seated = ana
        .create(json!({"name":"Ana","seats":3,"bots":1,"rules":"standard,six=roll-again"}))
        .await;
    assert_eq!(seated["type"], "seated", "{seated}");
    ana.watch(None).await;

    let mut bo = Client::connect(addr).await;
    bo.send(json!({"type":"act","table":ana.table,"action":{"type":"join","name":"Bo"}}))
        .await;
    let seated = bo.until("seated").await;
    assert_eq!(seated["seat"], 2, "the bot took seat 1");
    bo.watch(None).await;
    ana.until_event("joined").await;
    while ana.seq < 3 {
        ana.recv().await;
    }
    ana.command("start").await;

    tokio::join!(ana.play_to_the_end(), bo.play_to_the_end());

    // Both heard the same events, each once, in order.
    let seqs = |c: &Client| {
        c.seen
            .iter()
            .map(|e| e["seq"].as_u64().unwrap())
            .collect::<Vec<_>>()
    };
    let a = seqs(&ana);
    assert_eq!(a, (1..=a.len() as u64).collect::<Vec<_>>());
    let b: Vec<u64> = seqs(&bo);
    assert_eq!(b, a, "Bo watched from the start too");

    let view = state.view(ana.table).await.unwrap();
    let result = view.summary.result.clone().expect("a result");
    assert_eq!(view.squares[result.winner], 100);
    assert_eq!(result.squares, view.squares);
    assert_eq!(view.summary.seats.len(), 3);
    assert!(view.summary.seats[1].bot);
    let rolls: u32 = view.stats.iter().map(|s| s.rolls).sum();
    assert_eq!(result.rolls, rolls);

    // The log replays through the engine with the stored seed: the server's dice.
    let stored = stored_events(&db, ana.table);
    assert_eq!(stored.len() as u64, ana.seq);
    let dice = stored_dice(&db, ana.table);
    let rules: Rules = "standard,six=roll-again".parse().unwrap();
    let mut game = Game::with_dice(Arc::new(Board::classic()), rules, 3, dice).unwrap();
    let replayed = game.play_out(100_000);
    assert_eq!(game.rolls(), rolls_of(&stored).as_slice());
    assert_eq!(game.state().squares(), view.squares.as_slice());
    assert_eq!(
        replayed.len(),
        stored
            .iter()
            .filter(|(_, e)| e.get("player").is_some())
            .count()
    );

    // The result is stored too.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (winner, squares): (i64, String) = conn
        .query_row(
            "SELECT winner, squares FROM results WHERE table_id = ?1",
            [ana.table as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(winner as usize, result.winner);
    assert_eq!(
        serde_json::from_str::<Vec<u32>>(&squares).unwrap(),
        result.squares
    );

    // Each hears their own rolls in the first person and the others' by name.
    assert!(
        ana.text.iter().any(|l| l.starts_with("You rolled ")),
        "{:?}",
        ana.text
    );
    assert!(
        bo.text.iter().any(|l| l.starts_with("Ana rolled ")),
        "{:?}",
        bo.text
    );
    assert!(!bo.text.iter().any(|l| l.starts_with("Bo rolled ")));
    assert!(ana.text.iter().any(|l| l.starts_with("Bot 1 rolled ")));
    assert!(
        ana.text.iter().any(|l| l == "Bo took seat 3."),
        "{:?}",
        ana.text
    );
    assert!(
        ana.text
            .iter()
            .any(|l| l.contains("Bot 1, a bot, took seat 2."))
    );
    assert!(
        ana.text
            .iter()
            .any(|l| l == "The game has started with 3 players."),
        "{:?}",
        ana.text
    );
    // The win is said once, in one sentence with its round, in the first person to the
    // winner.
    for (client, name) in [(&ana, "Ana"), (&bo, "Bo")] {
        let finished = client.text.last().unwrap();
        let expected = if result.winner_name == name {
            "You won the game in round ".to_string()
        } else {
            format!("{} won the game in round ", result.winner_name)
        };
        assert!(finished.starts_with(&expected), "{name}: {finished}");
        let wins = client.text.iter().filter(|l| l.contains(" won ")).count();
        assert_eq!(wins, 1, "{name}: {:?}", client.text);
    }
    // The line under the page's heading says the same, in the same words (a spectator's
    // view here, as everyone but the winner hears it).
    let status = &view.panel.status;
    assert!(
        status.starts_with(&format!("{} won the game in round ", result.winner_name)),
        "{status}"
    );
    for (client, name) in [(&ana, "Ana"), (&bo, "Bo")] {
        if result.winner_name != name {
            assert_eq!(client.text.last(), Some(status));
        }
    }
    // No sentence names a square past the board's end.
    for line in ana.text.iter().chain(&bo.text) {
        for n in line
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse::<u32>().ok())
        {
            assert!(n <= 100, "{line}");
        }
    }

    // The keys' answers, for a player and for a spectator.
    let t = ana.table;
    ana.send(json!({"type":"query","table":t,"query":"positions"}))
        .await;
    let positions = ana.until("answer").await;
    assert!(
        positions["lines"][0]
            .as_str()
            .unwrap()
            .contains("square 100"),
        "{positions}"
    );
    let mut watcher = Client::connect(addr).await;
    watcher.table = t;
    watcher.watch(None).await;
    for (query, words) in [
        ("scores", result.winner_name.as_str()),
        ("detailed_scores", "square"),
        ("turn", ""),
        // The game is over: H offers the keys that still do something, R not among them.
        ("help", "H or ?"),
        ("rules", "100"),
    ] {
        watcher
            .send(json!({"type":"query","table":t,"query":query}))
            .await;
        let v = watcher.until("answer").await;
        let lines: Vec<&str> = v["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        assert!(
            lines.iter().any(|l| l.contains(words)),
            "{query}: {lines:?}"
        );
        assert!(
            !lines.iter().any(|l| l.starts_with("R or Space")),
            "{query}: no roll after the game: {lines:?}"
        );
    }
    let detailed = {
        watcher
            .send(json!({"type":"query","table":t,"query":"detailed_scores"}))
            .await;
        watcher.until("answer").await
    };
    assert_eq!(detailed["lines"].as_array().unwrap().len(), 3, "{detailed}");

    // Finished tables refuse rolls with the winner.
    ana.command("roll").await;
    let v = ana.until("refused").await;
    assert_eq!(v["code"], "game_over");
    assert_eq!(v["winner"].as_u64(), Some(result.winner as u64));
}

#[tokio::test]
async fn two_clients_race_to_roll_for_the_same_seat() {
    let dir = temp_dir("race");
    let cfg = config(&dir);
    let db = cfg.db.clone();
    let (addr, _state) = start(cfg).await;
    let (ana, bo) = Client::ana_and_bo_playing(addr, json!({})).await;
    // Whoever goes first: a second connection for that seat, and both roll at once.
    let first = ana.turn.unwrap();
    let mut a = if first == 0 { ana } else { bo };
    let mut b = Client::connect(addr).await;
    b.table = a.table;
    b.token = a.token.clone();
    b.watch(Some(a.seq)).await;
    assert_eq!(b.seat, a.seat, "the token speaks for the same seat");
    let seq = a.seq;
    let roll = |c: &Client| {
        json!({"type":"act","table":c.table,"token":c.token,"seq":seq,"action":{"type":"roll"}})
            .to_string()
    };
    let (ra, rb) = (roll(&a), roll(&b));
    tokio::join!(a.send_raw(ra), b.send_raw(rb));
    let mut refusals = Vec::new();
    for c in [&mut a, &mut b] {
        c.until_event("rolled").await;
        let table = c.table;
        c.send(json!({"type":"query","table":table,"query":"help"}))
            .await;
        loop {
            let v = c.recv().await;
            if v["type"] == "refused" {
                refusals.push(v["code"].as_str().unwrap().to_string());
            }
            if v["type"] == "answer" {
                break;
            }
        }
    }
    assert_eq!(
        refusals.len(),
        1,
        "one roll wins, one is refused: {refusals:?}"
    );
    assert!(
        refusals[0] == "stale_seq" || refusals[0] == "not_your_turn",
        "{refusals:?}"
    );
    assert_eq!(
        rolls_of(&stored_events(&db, a.table)).len(),
        1,
        "exactly one roll"
    );
}

/// A connection the server has nothing to say to hears a beat every `--beat-ms`, and `hello`
/// says how often: a client that hears nothing for three beats knows its server hangs (a
/// frozen process keeps its sockets open and says nothing).
#[tokio::test]
async fn a_silent_connection_hears_the_server_beat() {
    async fn next(ws: &mut Ws) -> Value {
        let msg = tokio::time::timeout(WAIT, ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        serde_json::from_str(msg.to_text().unwrap()).unwrap()
    }
    let dir = temp_dir("beat");
    let mut cfg = config(&dir);
    cfg.beat = Duration::from_millis(100);
    let (addr, _state) = start(cfg).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    // Nothing asked, nothing said: beats.
    for _ in 0..3 {
        assert_eq!(next(&mut ws).await, json!({"type": "beat"}));
    }
    ws.send(Message::text(
        json!({"type":"hello","protocol":2}).to_string(),
    ))
    .await
    .unwrap();
    let mut answer = next(&mut ws).await;
    while answer["type"] == "beat" {
        answer = next(&mut ws).await;
    }
    assert_eq!(answer["type"], "hello");
    assert_eq!(answer["beat_ms"], 100);
}
