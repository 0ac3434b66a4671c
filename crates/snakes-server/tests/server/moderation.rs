//! Moderation on real WebSockets on loopback, with a real SQLite file: a moderator granted by
//! the operator's command signs in with the key it printed, then silences, removes a message,
//! goes through a report, bans a network and closes a table, each told to the people it
//! concerns in their words and written to the log; and a ban holds across a restart.

use super::*;

/// A client that says hello, from `source` (a loopback address: 127.0.1.x is another network
/// than 127.0.0.x).
async fn from(source: [u8; 4], addr: SocketAddr) -> Client {
    let mut c = Client::connect_from(source, addr).await;
    c.send(json!({"type":"hello","protocol":2,"locale":"en"}))
        .await;
    c.until("hello").await;
    c
}

/// A client in the lobby, named `name`.
async fn in_lobby(source: [u8; 4], addr: SocketAddr, name: &str) -> Client {
    let mut c = from(source, addr).await;
    c.send(json!({"type":"list_tables"})).await;
    c.until("tables").await;
    c.send(json!({"type":"set_name","name":name})).await;
    assert_eq!(c.until("named").await["name"], name);
    c
}

/// Asks for a moderator's action and returns the answer: `moderated`, a list, or a refusal.
async fn moderate(c: &mut Client, action: Value) -> Value {
    moderate_seeing(c, action).await.0
}

/// The same, with the messages that came before the answer.
async fn moderate_seeing(c: &mut Client, action: Value) -> (Value, Vec<Value>) {
    c.send(json!({"type":"moderate","action":action})).await;
    let mut before = Vec::new();
    loop {
        let v = c.recv().await;
        if ["moderated", "moderation_list", "refused"].contains(&v["type"].as_str().unwrap()) {
            return (v, before);
        }
        before.push(v);
    }
}

/// The close frame the server ends the connection with: its code and reason, after the
/// messages before it (returned too).
async fn closed(c: &mut Client) -> (u16, String, Vec<Value>) {
    let mut before = Vec::new();
    loop {
        let msg = tokio::time::timeout(WAIT, c.ws.next())
            .await
            .expect("the close in time");
        match msg {
            Some(Ok(Message::Close(Some(frame)))) => {
                return (u16::from(frame.code), frame.reason.to_string(), before);
            }
            Some(Ok(Message::Text(text))) => {
                before.push(serde_json::from_str(text.as_str()).unwrap())
            }
            Some(Ok(_)) => {}
            other => panic!("the connection ended without a close frame: {other:?}"),
        }
    }
}

/// Grants the moderator `name` on the store of `config`, as `snakes admin grant` does: the key.
async fn grant(config: &Config, name: &str) -> String {
    snakes_server::moderators::grant(&config.db, name, snakes_server::moderators::Role::Moderator)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_moderator_keeps_the_lobby_and_the_tables_pleasant() {
    let dir = temp_dir("moderation");
    let config = config(&dir);
    let key = grant(&config, "Mo").await;
    let (addr, state) = start(config).await;

    // Signing in: a wrong key is refused without saying whether the name is a moderator's.
    let mut mo = in_lobby([127, 0, 0, 1], addr, "Mo").await;
    assert_eq!(
        moderate(&mut mo, json!({"type":"sanctions"})).await["code"],
        "not_moderator"
    );
    for (name, key) in [("Mo", "snk-mod-00"), ("Nobody", key.as_str())] {
        mo.send(json!({"type":"moderator","name":name,"key":key}))
            .await;
        let r = mo.until("refused").await;
        assert_eq!(
            (&r["code"], &r["message"]),
            (
                &json!("bad_key"),
                &json!("That name and key are not a moderator's.")
            )
        );
    }
    mo.send(json!({"type":"moderator","name":"mo","key":key}))
        .await;
    assert_eq!(
        mo.until("moderating").await["line"],
        "You are the moderator mo now. No report waits."
    );

    // A troll from another network talks; a moderator removes one message: gone from every
    // history, and from what a newcomer is sent.
    let mut troll = in_lobby([127, 0, 1, 2], addr, "Troll").await;
    troll.send(json!({"type":"say","text":"hello all"})).await;
    troll.until("said").await;
    troll.send(json!({"type":"say","text":"buy gold"})).await;
    let n = troll.until("said").await["n"].as_u64().unwrap();
    while mo.until("said").await["n"] != json!(n) {}
    let (removed, before) = moderate_seeing(&mut mo, json!({"type":"remove","n":n})).await;
    assert_eq!(removed["line"], format!("Message {n} is removed."));
    let told = before.into_iter().find(|v| v["type"] == "unsaid");
    for unsaid in [troll.until("unsaid").await, told.unwrap()] {
        assert_eq!(
            (&unsaid["n"], &unsaid["line"], &unsaid["table"]),
            (
                &json!(n),
                &json!("A moderator removed this message."),
                &Value::Null
            )
        );
    }
    assert_eq!(
        moderate(&mut mo, json!({"type":"remove","n":n})).await["code"],
        "no_such_message"
    );
    let mut ana = from([127, 0, 0, 3], addr).await;
    ana.send(json!({"type":"list_tables"})).await;
    ana.until("tables").await;
    for line in ["Troll says: hello all", "A moderator removed this message."] {
        assert_eq!(ana.until("said").await["line"], line);
    }
    ana.send(json!({"type":"set_name","name":"Ana"})).await;
    ana.until("named").await;

    // A silence reaches the name and the address: another name from there is silent too.
    let silenced = moderate(
        &mut mo,
        json!({"type":"silence","name":"troll","minutes":10,"reason":"spam"}),
    )
    .await;
    let line = silenced["line"].as_str().unwrap();
    assert!(
        line.starts_with("troll is silenced everywhere until ") && line.ends_with(" UTC."),
        "{line}"
    );
    let notice = troll.until("notice").await["line"].clone();
    assert!(
        notice
            .as_str()
            .unwrap()
            .starts_with("A moderator silenced you until ")
            && notice.as_str().unwrap().ends_with(" UTC: spam"),
        "{notice}"
    );
    troll.send(json!({"type":"say","text":"let me talk"})).await;
    let r = troll.until("refused").await;
    assert_eq!(
        (&r["code"], &r["reason"]),
        (&json!("silenced"), &json!("spam"))
    );
    assert_eq!(r["message"], notice);
    troll.send(json!({"type":"set_name","name":"Fresh"})).await;
    troll.until("named").await;
    troll.send(json!({"type":"say","text":"a new me"})).await;
    assert_eq!(troll.until("refused").await["code"], "silenced");
    for bad in [
        json!({"type":"silence","name":"troll","minutes":0}),
        json!({"type":"silence","name":"troll","minutes":43_201}),
    ] {
        let r = moderate(&mut mo, bad).await;
        assert_eq!(
            (&r["code"], &r["unit"], &r["most"]),
            (&json!("bad_span"), &json!("minutes"), &json!(43_200))
        );
    }

    let r = moderate(
        &mut mo,
        json!({"type":"silence","name":"Bo\u{7}","minutes":10}),
    )
    .await;
    assert_eq!(
        (&r["code"], &r["detail"]["kind"]),
        (&json!("bad_name"), &json!("name_control"))
    );

    // A report: the reported person's last messages go with it, the removed one not; every
    // moderator hears it came, the reporter that it arrived.
    ana.send(json!({"type":"report","name":"Troll","reason":"insults"}))
        .await;
    assert_eq!(
        ana.until("reported").await["line"],
        "Your report about Troll reached the moderators."
    );
    assert_eq!(
        mo.until("moderated").await["line"],
        "New report: Ana reported Troll: insults"
    );
    ana.send(json!({"type":"report","name":"Zed","reason":"insults"}))
        .await;
    assert_eq!(ana.until("refused").await["code"], "no_such_person");
    ana.send(json!({"type":"report","name":"Troll","reason":" "}))
        .await;
    assert_eq!(ana.until("refused").await["code"], "no_reason");
    let reports = moderate(&mut mo, json!({"type":"reports"})).await;
    assert_eq!(reports["line"], "One report waits:");
    let report = &reports["lines"][0];
    let line = report["line"].as_str().unwrap();
    assert!(
        line.starts_with("Report 1, ")
            && line.ends_with(
                "UTC, in the lobby: Ana reported Troll: insults. Their message: \u{201c}hello all\u{201d}"
            ),
        "{line}"
    );
    let id = report["id"].clone();
    assert_eq!(
        moderate(&mut mo, json!({"type":"handle","id":id})).await["line"],
        "Report 1 is dealt with."
    );
    assert_eq!(
        moderate(&mut mo, json!({"type":"handle","id":id})).await["code"],
        "no_such_entry"
    );

    // A ban of the troll's network: told why and until when, then closed; anyone from that
    // network is turned away at once; the rest of the server is not.
    let r = moderate(
        &mut mo,
        json!({"type":"ban","name":"Fresh","scope":"network","hours":24,"reason":""}),
    )
    .await;
    assert_eq!(r["code"], "no_reason");
    let banned = moderate(
        &mut mo,
        json!({"type":"ban","name":"Fresh","scope":"network","hours":24,"reason":"spam"}),
    )
    .await;
    let line = banned["line"].as_str().unwrap();
    assert!(
        line.starts_with("The network of Fresh, 127.0.1.0/24, is banned until "),
        "{line}"
    );
    let (code, reason, before) = closed(&mut troll).await;
    assert_eq!((code, reason.as_str()), (1008, "banned"));
    let notice = before.iter().find(|v| v["type"] == "notice").unwrap();
    let notice = notice["line"].as_str().unwrap();
    assert!(
        notice.starts_with("A moderator banned you from this server until ")
            && notice.ends_with(" UTC: spam"),
        "{notice}"
    );
    let mut again = Client::connect_from([127, 0, 1, 77], addr).await;
    let (code, _, before) = closed(&mut again).await;
    assert_eq!(code, 1008);
    assert_eq!(before[0]["type"], "notice");
    // The moderator's network still talks.
    ana.send(json!({"type":"say","text":"peace at last"})).await;
    assert_eq!(ana.until("said").await["line"], "You say: peace at last");

    // What is in force, lifted by its number.
    let sanctions = moderate(&mut mo, json!({"type":"sanctions"})).await;
    assert_eq!(sanctions["line"], "2 silences and bans are in force:");
    let lines: Vec<&str> = sanctions["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["line"].as_str().unwrap())
        .collect();
    assert!(
        lines[0].contains("troll (127.0.1.2/32) is silenced until"),
        "{lines:?}"
    );
    assert!(
        lines[1].contains("127.0.1.0/24 is banned until"),
        "{lines:?}"
    );
    assert!(lines[1].ends_with("by mo: spam"), "{lines:?}");
    let ban = sanctions["lines"][1]["id"].clone();
    assert_eq!(
        moderate(&mut mo, json!({"type":"lift","id":ban})).await["line"],
        format!("Number {ban} is lifted.")
    );
    assert_eq!(
        moderate(&mut mo, json!({"type":"lift","id":ban})).await["code"],
        "no_such_entry"
    );
    let mut back = from([127, 0, 1, 77], addr).await;
    back.send(json!({"type":"list_tables"})).await;
    back.until("tables").await;

    // A table closed by a moderator: its players hear why; it leaves the lobby.
    let (mut host, mut bo) = Client::ana_and_bo_playing(addr, json!({})).await;
    mo.table = host.table;
    mo.watch(None).await;
    let table = host.table;
    assert_eq!(
        moderate(
            &mut mo,
            json!({"type":"close","table":table,"reason":"rude names"})
        )
        .await["line"],
        format!("Table {table} is closed.")
    );
    for c in [&mut host, &mut bo] {
        // The panel says it too, and Roll says why it cannot roll.
        let events = loop {
            let events = c.until("events").await;
            if events["events"][0]["event"]["type"] == "closed" {
                break events;
            }
        };
        assert_eq!(
            (&events["panel"]["status"], &events["panel"]["roll_reason"]),
            (
                &json!("The moderator mo closed the table: rude names."),
                &json!("There is no such table.")
            )
        );
        assert!(
            c.text
                .contains(&"The moderator mo closed the table: rude names.".to_string()),
            "{:?}",
            c.text
        );
    }
    until_lobby(&state, "the closed table leaves the lobby", async || {
        state.live(table).is_none()
    })
    .await;

    // The log, newest first, every action in words.
    let log = moderate(&mut mo, json!({"type":"log"})).await;
    let lines: Vec<&str> = log["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["line"].as_str().unwrap())
        .collect();
    let actions: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split_once("UTC: mo "))
        .map(|(_, rest)| rest.split(' ').next().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["closed", "lifted", "banned", "dealt", "silenced", "removed"],
        "{lines:?}"
    );
    assert!(lines[5].ends_with("removed message 2 of Troll in the lobby: \"buy gold\"."));
    assert!(
        lines[6].ends_with("UTC: operator made Mo a moderator."),
        "{lines:?}"
    );
    assert_eq!(lines.len(), 7);
    assert!(log["next"].is_null());

    // A moderator whose role is revoked, while signed in, has no power from their next action.
    let db = state.config().db.clone();
    snakes_server::moderators::revoke(&db, "mo", snakes_server::moderators::Role::Moderator)
        .await
        .unwrap();
    for _ in 0..2 {
        assert_eq!(
            moderate(&mut mo, json!({"type":"sanctions"})).await["code"],
            "not_moderator"
        );
    }
}

#[test]
fn wrong_keys_close_the_connection_and_a_ban_holds_across_a_restart() {
    let dir = temp_dir("moderation-restart");
    let config = config(&dir);
    let server = snakes_testing::runtime(1);
    let key = server.block_on(grant(&config, "Mo"));
    let (addr, state) = server.block_on(start(config.clone()));
    server.block_on(async {
        let mut guesser = from([127, 0, 0, 1], addr).await;
        for _ in 0..4 {
            guesser
                .send(json!({"type":"moderator","name":"Mo","key":"snk-mod-guess"}))
                .await;
            assert_eq!(guesser.until("refused").await["code"], "bad_key");
        }
        guesser
            .send(json!({"type":"moderator","name":"Mo","key":"snk-mod-guess"}))
            .await;
        let (code, reason, _) = closed(&mut guesser).await;
        assert_eq!((code, reason.as_str()), (1008, "too many wrong keys"));

        let mut mo = in_lobby([127, 0, 0, 1], addr, "Mo").await;
        mo.send(json!({"type":"moderator","name":"Mo","key":key}))
            .await;
        mo.until("moderating").await;
        // A silence by address never reaches the moderator who shares the address.
        let mut twin = in_lobby([127, 0, 0, 1], addr, "Twin").await;
        let silenced = moderate(
            &mut mo,
            json!({"type":"silence","name":"Twin","minutes":10}),
        )
        .await;
        assert!(
            silenced["line"]
                .as_str()
                .unwrap()
                .starts_with("Twin is silenced")
        );
        twin.until("notice").await;
        twin.send(json!({"type":"say","text":"me too"})).await;
        assert_eq!(twin.until("refused").await["code"], "silenced");
        mo.send(json!({"type":"say","text":"still here"})).await;
        assert_eq!(mo.until("said").await["line"], "You say: still here");
        let banned = moderate(
            &mut mo,
            json!({"type":"ban","name":"Vandal","scope":"name","hours":1,"reason":"vandalism"}),
        )
        .await;
        let line = banned["line"].as_str().unwrap();
        assert!(
            line.starts_with("The name Vandal is banned until "),
            "{line}"
        );
        // A name that reads the same is the same name.
        let mut vandal = from([127, 0, 1, 5], addr).await;
        vandal.send(json!({"type":"create","name":"VANDAL"})).await;
        assert_eq!(vandal.until("refused").await["code"], "banned");
    });
    // The server stops where it stands; another starts on its file.
    server.shutdown_background();
    drop(state);
    let server = snakes_testing::runtime(1);
    let (addr, _state) = server.block_on(start(config));
    server.block_on(async {
        let mut vandal = from([127, 0, 1, 5], addr).await;
        vandal
            .send(json!({"type":"set_name","name":"Vandal"}))
            .await;
        let r = vandal.until("refused").await;
        assert_eq!(
            (&r["code"], &r["reason"]),
            (&json!("banned"), &json!("vandalism"))
        );
        let message = r["message"].as_str().unwrap();
        assert!(
            message.starts_with("A moderator banned you from this server until ")
                && message.ends_with(" UTC: vandalism"),
            "{message}"
        );
        // Another name is free to play.
        vandal
            .send(json!({"type":"set_name","name":"Visitor"}))
            .await;
        assert_eq!(vandal.until("named").await["name"], "Visitor");
    });
}
