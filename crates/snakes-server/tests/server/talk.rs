//! People talking, on real WebSockets on loopback: two players and a spectator at a table, each
//! in a language of their own, hear every message in its frame in their own words; what the
//! server refuses and why; what a newcomer finds in their history; the lobby's talk apart from
//! the table's; and nothing said reaches the table's log.

use super::*;

/// A client that says hello in `locale`.
async fn speaking(addr: SocketAddr, locale: &str) -> Client {
    let mut c = Client::connect(addr).await;
    c.send(json!({"type":"hello","protocol":2,"locale":locale}))
        .await;
    c.until("hello").await;
    c
}

/// The next `said` message (what else comes is noted and passed over).
async fn said(c: &mut Client) -> Value {
    c.until("said").await
}

/// The next refusal.
async fn refused(c: &mut Client) -> Value {
    c.until("refused").await
}

#[tokio::test]
async fn two_players_and_a_spectator_talk_each_in_their_own_words() {
    let dir = temp_dir("talk");
    let (addr, state) = start(config(&dir)).await;
    let mut ana = speaking(addr, "en").await;
    ana.create(json!({"name":"Ana","seats":3})).await;
    ana.watch(None).await;
    let table = ana.table;
    let mut bo = speaking(addr, "es").await;
    bo.send(json!({"type":"act","table":table,"action":{"type":"join","name":"Bo"}}))
        .await;
    bo.until("seated").await;
    bo.watch(None).await;
    let mut cy = speaking(addr, "ko").await;
    cy.send(json!({"type":"set_name","name":"Cy"})).await;
    assert_eq!(cy.until("named").await["name"], "Cy");
    cy.table = table;
    cy.watch(None).await;

    // A player speaks as their seat; each listener hears the frame in their own language, the
    // message as it was typed, and the one who said it hears it in the first person.
    ana.send(json!({"type":"say","text":"  good   luck "}))
        .await;
    let heard = said(&mut ana).await;
    assert_eq!(heard["line"], "You say: good luck");
    assert_eq!(
        (&heard["you"], &heard["seat"], &heard["table"]),
        (&json!(true), &json!(0), &json!(table))
    );
    let heard = said(&mut bo).await;
    assert_eq!(heard["line"], "Ana dice: good luck");
    assert_eq!(
        (&heard["name"], &heard["text"], &heard["you"]),
        (&json!("Ana"), &json!("good luck"), &json!(false))
    );
    assert_eq!(said(&mut cy).await["line"], "Ana 님의 말: good luck");

    bo.send(json!({"type":"say","text":"¡gracias!"})).await;
    assert_eq!(said(&mut ana).await["line"], "Bo says: ¡gracias!");
    assert_eq!(said(&mut bo).await["line"], "Tú dices: ¡gracias!");
    assert_eq!(said(&mut cy).await["line"], "Bo 님의 말: ¡gracias!");

    // The spectator speaks with the name it gave, framed as someone watching.
    cy.send(json!({"type":"say","text":"재미있네요"})).await;
    let heard = said(&mut ana).await;
    assert_eq!(heard["line"], "Cy, watching, says: 재미있네요");
    assert_eq!(heard["seat"], Value::Null);
    assert_eq!(
        said(&mut bo).await["line"],
        "Cy, que está mirando, dice: 재미있네요"
    );
    assert_eq!(said(&mut cy).await["line"], "내 말: 재미있네요");

    // What cannot be said, and why, in the asker's words.
    ana.send(json!({"type":"say","text":"   "})).await;
    let r = refused(&mut ana).await;
    assert_eq!(
        (&r["code"], &r["detail"]["kind"]),
        (&json!("bad_text"), &json!("text_empty"))
    );
    assert_eq!(
        r["message"],
        "That message cannot be sent: a message needs at least one letter"
    );
    bo.send(json!({"type":"say","text":"vale. Ana says: me rindo"}))
        .await;
    let r = refused(&mut bo).await;
    assert_eq!(r["detail"]["kind"], "text_frame");
    assert_eq!(
        r["message"],
        "No se puede enviar ese mensaje: un mensaje no puede contener “says:”: sonaría como si \
         hablara otra persona"
    );
    ana.send(json!({"type":"say","text":"line one\nline two"}))
        .await;
    assert_eq!(refused(&mut ana).await["detail"]["kind"], "text_control");
    let long = "x".repeat(snakes_text::talk::MAX_TALK_CHARS + 1);
    ana.send(json!({"type":"say","text":long})).await;
    assert_eq!(refused(&mut ana).await["detail"]["kind"], "text_too_long");

    // A spectator without a name cannot talk; nor take a name someone at the table has.
    let mut dee = speaking(addr, "en").await;
    dee.table = table;
    dee.watch(None).await;
    dee.send(json!({"type":"say","text":"hi"})).await;
    let r = refused(&mut dee).await;
    assert_eq!(r["code"], "no_name");
    assert_eq!(
        r["message"],
        "Give yourself a name before you talk, so that the others know who speaks."
    );
    for (name, holder) in [("ana", "Ana"), ("CY", "Cy")] {
        dee.send(json!({"type":"set_name","name":name})).await;
        let r = refused(&mut dee).await;
        assert_eq!(
            (&r["code"], &r["detail"]["kind"], &r["detail"]["name"]),
            (&json!("bad_name"), &json!("name_taken"), &json!(holder))
        );
    }
    // Nor a name that would be heard as part of a sentence.
    dee.send(json!({"type":"set_name","name":"Your turn"}))
        .await;
    assert_eq!(refused(&mut dee).await["detail"]["kind"], "name_you");
    // Nor take a seat with a watcher's name.
    dee.send(json!({"type":"act","table":table,"action":{"type":"join","name":"Cy"}}))
        .await;
    assert_eq!(refused(&mut dee).await["detail"]["kind"], "name_taken");

    // Someone who comes later finds what was said in their history, in their words, marked as
    // said before they came; the refused messages were never said.
    let mut ed = speaking(addr, "zh-CN").await;
    ed.table = table;
    ed.watch(None).await;
    let mut earlier = Vec::new();
    for _ in 0..3 {
        let s = said(&mut ed).await;
        assert_eq!(s["earlier"], true);
        earlier.push(s["line"].as_str().unwrap().to_string());
    }
    assert_eq!(
        earlier,
        [
            "Ana说：good luck",
            "Bo说：¡gracias!",
            "观战的Cy说：재미있네요"
        ]
    );

    // Nothing said is part of the table's log, nor of the game's record.
    let db = dir.join("snakes.db");
    let logged = serde_json::to_string(&stored_events(&db, table)).unwrap();
    for text in ["good luck", "gracias", "재미있네요"] {
        assert!(!logged.contains(text), "{text} in the log");
    }
    let record = app(state.clone())
        .oneshot(
            Request::get(format!("/api/tables/{table}/record"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(record.status(), StatusCode::OK);
    let body = record.into_body().collect().await.unwrap().to_bytes();
    let record = String::from_utf8(body.to_vec()).unwrap();
    assert!(record.contains("\"events\""), "{record}");
    for text in ["good luck", "gracias", "재미있네요"] {
        assert!(!record.contains(text), "{text} in the record");
    }
}

#[tokio::test]
async fn the_lobby_talks_apart_from_the_tables() {
    let dir = temp_dir("talk-lobby");
    let (addr, _state) = start(config(&dir)).await;
    // A table whose player talks there.
    let mut ana = speaking(addr, "en").await;
    ana.create(json!({"name":"Ana"})).await;
    ana.watch(None).await;

    let mut fay = speaking(addr, "en").await;
    fay.send(json!({"type":"list_tables"})).await;
    fay.until("tables").await;
    fay.send(json!({"type":"set_name","name":"Fay"})).await;
    fay.until("named").await;
    let mut gus = speaking(addr, "es").await;
    gus.send(json!({"type":"set_name","name":"Gus"})).await;
    gus.until("named").await;
    gus.send(json!({"type":"list_tables"})).await;
    gus.until("tables").await;

    fay.send(json!({"type":"say","text":"anyone for a game?"}))
        .await;
    let heard = said(&mut gus).await;
    assert_eq!(heard["line"], "Fay dice: anyone for a game?");
    assert_eq!(heard.get("table"), None, "the lobby's talk names no table");
    assert_eq!(said(&mut fay).await["line"], "You say: anyone for a game?");

    // The table hears its own talk, never the lobby's.
    ana.send(json!({"type":"say","text":"waiting for Bo"}))
        .await;
    assert_eq!(said(&mut ana).await["line"], "You say: waiting for Bo");
    gus.send(json!({"type":"say","text":"yo"})).await;
    assert_eq!(said(&mut fay).await["line"], "Gus says: yo");
    assert_eq!(said(&mut gus).await["line"], "Tú dices: yo");

    // One name a person in the lobby: another "fay" is refused while Fay is there, and free
    // once she has gone to a table.
    let mut hal = speaking(addr, "en").await;
    hal.send(json!({"type":"list_tables"})).await;
    hal.until("tables").await;
    // Someone new in the lobby finds what was said there.
    let lines: Vec<Value> = vec![said(&mut hal).await, said(&mut hal).await];
    assert!(lines.iter().all(|l| l["earlier"] == true));
    assert_eq!(lines[1]["line"], "Gus says: yo");
    hal.send(json!({"type":"set_name","name":"fay"})).await;
    let r = refused(&mut hal).await;
    assert_eq!(
        (&r["detail"]["kind"], &r["message"]),
        (
            &json!("name_taken_lobby"),
            &json!("That name cannot be used: “Fay” is already talking in the lobby")
        )
    );
    fay.table = ana.table;
    fay.watch(None).await;
    hal.send(json!({"type":"set_name","name":"fay"})).await;
    assert_eq!(hal.until("named").await["name"], "fay");
    // And Fay, at the table now, finds what was said there and hears the table's talk.
    let before = said(&mut fay).await;
    assert_eq!(
        (&before["line"], &before["earlier"]),
        (&json!("Ana says: waiting for Bo"), &json!(true))
    );
    ana.send(json!({"type":"say","text":"welcome"})).await;
    let heard = said(&mut fay).await;
    assert_eq!(heard["line"], "Ana says: welcome");
    assert_eq!(heard.get("earlier"), None);
}

#[tokio::test]
async fn who_is_here_and_watchers_coming_and_going() {
    let dir = temp_dir("talk-who");
    let (addr, _state) = start(config(&dir)).await;
    let mut ana = speaking(addr, "en").await;
    ana.create(json!({"name":"Ana","seats":3,"bots":1})).await;
    ana.watch(None).await;
    let table = ana.table;
    // Bo hears the ladders and snakes alone: nobody's coming and going either.
    let mut bo = speaking(addr, "es").await;
    bo.send(json!({"type":"act","table":table,"action":{"type":"join","name":"Bo"}}))
        .await;
    let token = bo.until("seated").await["token"].clone();
    bo.send(json!({"type":"watch","table":table,"token":token,"others":"jumps"}))
        .await;
    bo.until("watching").await;

    // Someone with a name comes to watch: said to Ana, with the panel.
    let mut cy = speaking(addr, "en").await;
    cy.send(json!({"type":"set_name","name":"Cy"})).await;
    cy.until("named").await;
    cy.table = table;
    cy.watch(None).await;
    let came = loop {
        let p = ana.until("panel").await;
        if !p["say"].as_array().unwrap().is_empty() {
            break p;
        }
    };
    assert_eq!(came["say"], json!(["Cy is watching."]));
    // Someone without a name comes and goes unsaid.
    let mut dee = speaking(addr, "en").await;
    dee.table = table;
    dee.watch(None).await;

    ana.send(json!({"type":"query","table":table,"query":"who"}))
        .await;
    assert_eq!(
        ana.until("answer").await["lines"],
        json!([
            "Seat 1: Ana (host, you).",
            "Seat 2: Bot 1 (bot).",
            "Seat 3: Bo.",
            "Watching: Cy, and one person without a name."
        ])
    );
    cy.send(json!({"type":"query","table":table,"query":"who"}))
        .await;
    assert_eq!(
        cy.until("answer").await["lines"],
        json!([
            "Seat 1: Ana (host).",
            "Seat 2: Bot 1 (bot).",
            "Seat 3: Bo.",
            "Watching: you, and one person without a name."
        ])
    );
    // Bo, in Spanish, heard nobody come: his next message is the answer to his own question.
    bo.send(json!({"type":"query","table":table,"query":"who"}))
        .await;
    let answer = loop {
        let m = bo.recv().await;
        let says = m["say"].as_array().is_some_and(|s| !s.is_empty());
        assert!(!(m["type"] == "panel" && says), "{m}");
        if m["type"] == "answer" {
            break m;
        }
    };
    assert_eq!(
        answer["lines"],
        json!([
            "Asiento 1: Ana (creó la mesa).",
            "Asiento 2: Bot 1 (bot).",
            "Asiento 3: Bo (tú).",
            "Mirando: Cy, y una persona sin nombre."
        ])
    );

    // Cy goes: Ana hears it.
    drop(cy);
    let went = loop {
        let p = ana.until("panel").await;
        if !p["say"].as_array().unwrap().is_empty() {
            break p;
        }
    };
    assert_eq!(went["say"], json!(["Cy stopped watching."]));
    dee.send(json!({"type":"query","table":table,"query":"who"}))
        .await;
    assert_eq!(dee.until("answer").await["lines"][3], "Watching: you.");
}

#[tokio::test]
async fn the_host_removes_a_person_and_both_hear_it() {
    let dir = temp_dir("talk-remove");
    let (addr, _state) = start(config(&dir)).await;
    let (mut ana, mut bo) = Client::ana_and_bo_playing(addr, json!({})).await;
    let (table, seat) = (ana.table, bo.seat.unwrap());
    // Only the host.
    let (bo_token, bo_seq) = (bo.token.clone(), bo.seq);
    bo.send(json!({"type":"act","table":table,"token":bo_token,"seq":bo_seq,"action":{"type":"remove_player","seat":0}}))
        .await;
    assert_eq!(bo.until("refused").await["code"], "not_host");
    let (token, seq) = (ana.token.clone(), ana.seq);
    ana.send(json!({"type":"act","table":table,"token":token,"seq":seq,"action":{"type":"remove_player","seat":seat}}))
        .await;
    let told = |c: &Client| c.text.iter().any(|l| l.starts_with("The host removed"));
    while !told(&ana) {
        ana.recv().await;
    }
    while !told(&bo) {
        bo.recv().await;
    }
    assert!(ana.text.contains(
        &"The host removed Bo from the table; a bot plays for Bo from now on.".to_string()
    ));
    assert!(bo.text.contains(
        &"The host removed you from the table; a bot plays your seat from now on.".to_string()
    ));
    // The token holds the seat no more: no roll, no way back.
    let (bo_token, bo_seq) = (bo.token.clone(), bo.seq);
    bo.send(json!({"type":"act","table":table,"token":bo_token,"action":{"type":"come_back"}}))
        .await;
    assert_eq!(bo.until("refused").await["code"], "not_seated");
    bo.send(
        json!({"type":"act","table":table,"token":bo.token,"seq":bo_seq,"action":{"type":"roll"}}),
    )
    .await;
    assert_eq!(bo.until("refused").await["code"], "not_seated");
}

/// Talk a crowd cannot turn into a flood: one person says five messages at once and then one a
/// second; one network, however many addresses it speaks from, ten at once and then five a
/// second in each place. Over either, the speaker is told why in words, and the others hear
/// nothing of it; another place is not touched. (The server's clock stands still here: nothing
/// comes back unless the test moves it.)
#[tokio::test]
async fn one_person_and_one_network_talk_at_a_pace_the_others_can_follow() {
    let dir = temp_dir("talk-pace");
    let mut cfg = config(&dir);
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    let (addr, _state) = start(cfg).await;
    let lobby = async |name: &str| {
        let mut c = speaking(addr, "en").await;
        c.send(json!({"type":"set_name","name":name})).await;
        c.until("named").await;
        c.send(json!({"type":"list_tables"})).await;
        c.until("tables").await;
        c
    };
    let answer = async |c: &mut Client, text: &str| -> Value {
        c.send(json!({"type":"say","text":text})).await;
        loop {
            let m = c.recv().await;
            if m["type"] == "refused" || (m["type"] == "said" && m["you"] == true) {
                return m;
            }
        }
    };
    let mut fay = lobby("Fay").await;
    for i in 0..5 {
        assert_eq!(answer(&mut fay, &format!("m{i}")).await["type"], "said");
    }
    let refused = answer(&mut fay, "one more").await;
    assert_eq!(refused["code"], "talk_too_fast", "{refused}");
    assert_eq!(
        refused["message"],
        "You are talking faster than the others can listen: wait a moment, then say it again."
    );
    // A second later, one more.
    clock.advance(Duration::from_secs(1));
    assert_eq!(answer(&mut fay, "now").await["type"], "said");
    // Her network (every client here is on 127.0.0.1): its 10 less her 5, 5 back with the
    // second, less "now": 9 left, which Gus, Hal and Ida share whoever they are.
    let mut gus = lobby("Gus").await;
    let mut hal = lobby("Hal").await;
    let mut ida = lobby("Ida").await;
    for text in ["g1", "g2", "g3", "g4"] {
        assert_eq!(answer(&mut gus, text).await["type"], "said");
    }
    for text in ["h1", "h2", "h3", "h4"] {
        assert_eq!(answer(&mut hal, text).await["type"], "said");
    }
    assert_eq!(answer(&mut ida, "i1").await["type"], "said");
    let refused = answer(&mut ida, "i2").await;
    assert_eq!(refused["code"], "network_talk_too_fast", "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .starts_with("So many people from your network are talking here just now"),
        "{refused}"
    );
    // At a table, the network has a voice of its own.
    let mut ana = speaking(addr, "en").await;
    ana.create(json!({"name":"Ana"})).await;
    ana.watch(None).await;
    assert_eq!(answer(&mut ana, "hello table").await["type"], "said");
    // The lobby's allowance comes back with time: five a second.
    clock.advance(Duration::from_secs(1));
    assert_eq!(answer(&mut ida, "i2").await["type"], "said");
}

/// A listener in a crowd: a crowd of eight people from four networks, each within every rate,
/// says 24 messages in the lobby while Ana talks with Bo. Ana is sent all of Bo's, 6 of the
/// crowd's, and then one line that counts the rest; she is never closed for it.
#[tokio::test]
async fn a_listener_hears_every_friend_and_a_crowd_counted_in_one_line() {
    let dir = temp_dir("talk-ear");
    let mut cfg = config(&dir);
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    let (addr, _state) = start(cfg).await;
    let lobby = async |source: [u8; 4], name: &str| {
        let mut c = Client::connect_from(source, addr).await;
        c.send(json!({"type":"set_name","name":name})).await;
        c.until("named").await;
        c.send(json!({"type":"list_tables"})).await;
        c.until("tables").await;
        c
    };
    let say = async |c: &mut Client, text: &str| {
        c.send(json!({"type":"say","text":text})).await;
        loop {
            let m = c.until("said").await;
            if m["you"] == true {
                assert_eq!(m["text"], text);
                return;
            }
        }
    };
    let mut ana = lobby([127, 0, 0, 2], "Ana").await;
    let mut bo = lobby([127, 0, 5, 2], "Bo").await;
    let mut crowd = Vec::new();
    for k in 0..8u8 {
        crowd.push(lobby([127, 0, 1 + k / 2, 2 + k % 2], &format!("T{}", k + 1)).await);
    }
    say(&mut ana, "hi Bo, a game?").await;
    for round in 0..3 {
        for c in &mut crowd {
            say(c, &format!("spam {round}")).await;
        }
        say(&mut bo, &format!("bo {round}")).await;
    }
    // Everything Ana was sent, up to Bo's last (her friend's messages are sent in order).
    let mut heard = Vec::new();
    loop {
        let m = said(&mut ana).await;
        heard.push(m["line"].as_str().unwrap().to_string());
        if m["text"] == "bo 2" {
            break;
        }
    }
    let from_bo = heard.iter().filter(|l| l.starts_with("Bo says")).count();
    let from_crowd = heard.iter().filter(|l| l.starts_with('T')).count();
    assert_eq!((from_bo, from_crowd), (3, 6), "{heard:?}");
    // A second later, the rest in one line.
    clock.advance(Duration::from_secs(1));
    let unheard = ana.until("unheard").await;
    assert_eq!(unheard["count"], 18);
    assert_eq!(unheard["line"], "T7 and 7 others said 18 more messages.");
    // She is still there, and hears the next message said.
    say(&mut bo, "still here?").await;
    assert_eq!(said(&mut ana).await["text"], "still here?");
}
