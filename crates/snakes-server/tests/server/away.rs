//! Players who go: the grace period, a bot standing in, taking the seat back, the turn timer,
//! leaving before the start.

use super::*;

/// Ana's page loses its connection after her roll; Bo rolls meanwhile; she is back before
/// Cy's roll: the catch-up tells Bo's move, and the line with her turn tells only Cy's.
#[tokio::test]
async fn a_move_told_in_the_catch_up_is_not_told_again_with_your_turn() {
    let dir = temp_dir("told-once");
    let (addr, _state) = start(config(&dir)).await;
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","seats":3})).await;
    ana.watch(None).await;
    let mut bo = Client::join(addr, ana.table, "Bo").await;
    bo.watch(None).await;
    let mut cy = Client::join(addr, ana.table, "Cy").await;
    cy.watch(None).await;
    while ana.seq < 3 {
        ana.recv().await;
    }
    ana.command("start").await;
    for c in [&mut ana, &mut bo, &mut cy] {
        c.until_event("started").await;
    }
    // Round by round, each rolling in turn, until Ana has rolled.
    let mut players = [ana, bo, cy];
    loop {
        let turn = players[0].turn.unwrap();
        let i = players.iter().position(|c| c.seat == Some(turn)).unwrap();
        players[i].command("roll").await;
        let seq = {
            players[i].until("events").await;
            players[i].seq
        };
        for c in players.iter_mut() {
            while c.seq < seq || c.turn.is_none() {
                c.recv().await;
            }
        }
        if i == 0 {
            break;
        }
    }
    let [mut ana, mut bo, mut cy] = players;
    let (next, last) = if bo.turn == bo.seat {
        ((&mut bo, "Bo"), (&mut cy, "Cy"))
    } else {
        ((&mut cy, "Cy"), (&mut bo, "Bo"))
    };
    // Ana's connection goes; the next player rolls.
    let (t, token, seen) = (ana.table, ana.token.clone(), ana.seq);
    ana.ws.close(None).await.unwrap();
    next.0.command("roll").await;
    next.0.until("events").await;
    let rolled = next.0.seq;
    while last.0.turn != last.0.seat || last.0.seq < rolled {
        last.0.recv().await;
    }
    // Back: the catch-up tells that roll.
    let mut ana = Client::connect(addr).await;
    (ana.table, ana.token, ana.seq) = (t, token, seen);
    let before = ana.said.len();
    ana.watch(Some(seen)).await;
    let back = ana.said[before..].join(" ");
    assert!(
        back.starts_with(&format!("While you were away: {} ", next.1)),
        "{back}"
    );
    while ana.seq < rolled {
        ana.recv().await;
    }
    // The last one rolls: Ana hears that roll and her turn, not the first one again.
    let from = ana.said.len();
    last.0.command("roll").await;
    while ana.turn != ana.seat && !ana.over {
        ana.recv().await;
    }
    let said = ana.said[from..].join(" ");
    assert!(said.contains(last.1) || ana.over, "{said}");
    assert!(!said.contains(next.1), "told twice: {back} / {said}");
}

#[tokio::test]
async fn one_who_left_hears_their_bot_as_their_bot_and_takes_the_seat_back_by_asking() {
    let dir = temp_dir("left");
    let (addr, _state) = start(config(&dir)).await;
    let (mut ana, mut bo) = Client::ana_and_bo_playing(addr, json!({})).await;
    let (t, bo_token) = (bo.table, bo.token.clone());
    bo.send(json!({"type":"act","table":t,"token":bo_token,"action":{"type":"leave"}}))
        .await;
    bo.until_event("bot_took_over").await;
    assert_eq!(
        bo.said.last().map(String::as_str),
        Some("You left; your bot plays for you until you take your seat back with J.")
    );
    let from = bo.said.len();
    // Ana plays on; a bot rolls for Bo, which Bo hears as his bot's.
    let ana = tokio::spawn(async move {
        ana.play_to_the_end().await;
        ana
    });
    while !bo.over
        && !bo.said[from..]
            .iter()
            .any(|l| l.starts_with("Your bot rolled"))
    {
        bo.recv().await;
    }
    let since = bo.said[from..].to_vec();
    assert!(
        !since
            .iter()
            .any(|l| l.contains("Your turn") || l.starts_with("You rolled")),
        "a bot holds the seat: never 'you': {since:?}"
    );
    if !bo.over {
        // A roll is refused with the way back; asking takes the seat back.
        bo.send(
            json!({"type":"act","table":t,"token":bo_token,"seq":bo.seq,"action":{"type":"roll"}}),
        )
        .await;
        let v = bo.until("refused").await;
        assert_eq!(v["code"], "bot_plays_for_you");
        bo.send(json!({"type":"act","table":t,"token":bo_token,"action":{"type":"come_back"}}))
            .await;
        bo.until_event("reclaimed").await;
        assert!(
            bo.said[since.len() + from..].contains(&"You are back and play again.".to_string()),
            "{:?}",
            bo.said
        );
        bo.play_to_the_end().await;
    }
    let ana = ana.await.unwrap();
    assert!(ana.over);
}

#[tokio::test]
async fn a_bot_plays_for_the_disconnected_until_they_reclaim_the_seat() {
    let dir = temp_dir("grace");
    let mut cfg = config(&dir);
    // The grace period runs out when the test moves the server's clock, not before.
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    cfg.timing.grace = Duration::from_secs(30);
    let (addr, _state) = start(cfg).await;
    let (mut ana, mut bo) = Client::ana_and_bo_playing(addr, json!({})).await;
    let (bo_token, bo_seat) = (bo.token.clone(), bo.seat);
    bo.ws.close(None).await.unwrap();
    drop(bo);
    // The table has seen Bo go (Ana is told), and the grace period runs from then.
    loop {
        let v = ana.until("panel").await;
        if v["panel"]["seats"][bo_seat.unwrap()]["connected"] == false {
            break;
        }
    }

    // After the grace period a bot stands in for Bo and rolls his turns.
    clock.advance(Duration::from_secs(30));
    ana.until_event("bot_took_over").await;
    let took = ana
        .seen
        .iter()
        .find(|e| e["event"]["type"] == "bot_took_over")
        .unwrap();
    assert_eq!(took["event"]["reason"], "disconnected");
    assert_eq!(took["event"]["player"].as_u64(), bo_seat.map(|s| s as u64));
    let mut rolled_for_bo = false;
    while !rolled_for_bo && !ana.over {
        if ana.turn == ana.seat {
            ana.command("roll").await;
        }
        let v = ana.recv().await;
        if v["type"] == "events" {
            rolled_for_bo = v["events"].as_array().unwrap().iter().any(|e| {
                e["event"]["type"] == "rolled"
                    && e["event"]["player"].as_u64() == bo_seat.map(|s| s as u64)
            });
        }
    }
    assert!(rolled_for_bo || ana.over);

    // Bo comes back with his token and takes his seat again.
    let mut bo = Client::connect(addr).await;
    bo.table = ana.table;
    bo.token = bo_token;
    bo.watch(Some(0)).await;
    assert_eq!(bo.seat, bo_seat);
    if !bo.over {
        bo.until_event("reclaimed").await;
        tokio::join!(ana.play_to_the_end(), bo.play_to_the_end());
        let reclaimed_at = bo
            .seen
            .iter()
            .find(|e| e["event"]["type"] == "reclaimed")
            .unwrap()["seq"]
            .as_u64()
            .unwrap();
        assert_eq!(
            bo.seen
                .iter()
                .filter(|e| e["event"]["type"] == "reclaimed")
                .count(),
            1
        );
        assert!(reclaimed_at > 0);
    }
}

#[tokio::test]
async fn the_turn_timer_rolls_for_an_idle_player() {
    let dir = temp_dir("timer");
    let mut cfg = config(&dir);
    // The turn timer runs out when the test moves the server's clock, not before.
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    cfg.timing.turn_timer = Some(Duration::from_secs(30));
    let (addr, _state) = start(cfg).await;
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","bots":1})).await;
    ana.watch(None).await;
    ana.command("start").await;
    ana.until_event("started").await;
    // The bot, if it goes first, rolls at once; then it is Ana's turn, and she waits.
    while ana.turn != ana.seat {
        ana.recv().await;
    }
    clock.advance(Duration::from_secs(30));
    ana.until_event("timer_rolled").await;
    let i = ana
        .seen
        .iter()
        .position(|e| e["event"]["type"] == "timer_rolled")
        .unwrap();
    assert_eq!(
        ana.seen[i]["event"]["player"], 0,
        "the timer is for the person, not the bot"
    );
    assert_eq!(ana.seen[i + 1]["event"]["type"], "rolled");
    assert_eq!(ana.seen[i + 1]["event"]["player"], 0);
}

#[tokio::test]
async fn leaving_before_the_start_frees_the_seat_and_passes_the_host() {
    let dir = temp_dir("leave");
    let (addr, state) = start(config(&dir)).await;
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","seats":3})).await;
    let mut bo = Client::join(addr, ana.table, "Bo").await;
    let (t, tok) = (ana.table, ana.token.clone());
    ana.send(json!({"type":"act","table":t,"token":tok,"action":{"type":"leave"}}))
        .await;
    // A seat left changes the table's lobby line: looked at each change.
    until_lobby(&state, "Ana's seat is free", async || {
        state.view(t).await.unwrap().summary.seats[0].name.is_none()
    })
    .await;
    let view = state.view(t).await.unwrap();
    assert!(view.summary.seats[1].host, "Bo is the host now");
    bo.watch(None).await;
    bo.command("add_bot").await;
    bo.until_event("bot_added").await;
    let seq = bo.seq;
    let bot_seat = bo
        .seen
        .iter()
        .find(|e| e["event"]["type"] == "bot_added")
        .unwrap()["event"]["seat"]
        .clone();
    bo.send(json!({"type":"act","table":t,"token":bo.token,"seq":seq,"action":{"type":"remove_bot","seat":bot_seat}}))
        .await;
    bo.until_event("bot_removed").await;
    let v = state.view(t).await.unwrap();
    assert_eq!(
        v.summary.seats.iter().filter(|s| s.name.is_some()).count(),
        1
    );
}
