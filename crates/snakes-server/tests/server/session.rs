//! A session without a socket, fed text: every bad message answered, the rate limit, and a table
//! created, watched and asked about.

use super::*;

fn outbox() -> (Outbox, Inbox) {
    Outbox::channel(64, usize::MAX)
}

fn next(rx: &mut Inbox) -> Value {
    let text = rx.try_recv().expect("a reply");
    serde_json::from_str(text.as_str()).unwrap()
}

/// The next answer to a query, past the events a bot's roll may have sent meanwhile (with
/// no bot delay, it rolls while the question is asked).
fn next_answer(rx: &mut Inbox) -> Value {
    loop {
        let v = next(rx);
        if v["type"] != "events" {
            return v;
        }
    }
}

#[tokio::test]
async fn every_bad_message_gets_an_answer_and_the_session_goes_on() {
    let dir = temp_dir("session");
    let mut cfg = config(&dir);
    cfg.max_message_bytes = 1000;
    let state = AppState::open(cfg).await.unwrap();
    let (out, mut rx) = outbox();
    let mut s = Session::new(state, out);

    s.handle_text(r#"{"type":"hello","protocol":2}"#).await;
    let v = next(&mut rx);
    assert_eq!(
        (v["type"].as_str(), v["protocol"].as_u64()),
        (Some("hello"), Some(2))
    );

    s.handle_text(r#"{"type":"hello","protocol":3}"#).await;
    let v = next(&mut rx);
    assert_eq!(v["code"], "bad_message");
    assert!(
        v["detail"]["text"]
            .as_str()
            .unwrap()
            .contains("protocol 2, not 3")
    );
    assert_eq!(v["detail"]["kind"], "protocol");

    for bad in [
        "{",
        "[]",
        r#"{"type":"fly"}"#,
        r#"{"type":"roll","table":1}"#,
        r#"{"type":"act","table":1,"action":{"type":"roll","seat":1}}"#,
        "🐍",
    ] {
        s.handle_text(bad).await;
        let v = next(&mut rx);
        assert_eq!(v["type"], "refused", "{bad}");
        assert_eq!(v["code"], "bad_message", "{bad}");
    }
    s.handle_binary().await;
    assert_eq!(next(&mut rx)["code"], "bad_message");

    s.handle_text(&format!(
        r#"{{"type":"list_tables","pad":"{}"}}"#,
        "x".repeat(1000)
    ))
    .await;
    let v = next(&mut rx);
    assert_eq!(
        (v["code"].as_str(), v["limit"].as_u64()),
        (Some("too_large"), Some(1000))
    );

    // Still usable.
    s.handle_text(r#"{"type":"list_tables"}"#).await;
    assert_eq!(next(&mut rx)["type"], "tables");
    s.handle_text(r#"{"type":"query","table":42,"query":"turn"}"#)
        .await;
    assert_eq!(next(&mut rx)["code"], "no_such_table");
}

#[tokio::test]
async fn a_flood_is_refused_then_the_bucket_refills() {
    let dir = temp_dir("session-flood");
    let mut cfg = config(&dir);
    cfg.rate_per_sec = 1000.0;
    cfg.rate_burst = 5.0;
    // The bucket counts in the server's clock, which moves only when told: the eight
    // messages come at one instant however slow the machine.
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    let state = AppState::open(cfg).await.unwrap();
    let (out, mut rx) = outbox();
    let mut s = Session::new(state, out);
    let mut codes = Vec::new();
    for _ in 0..8 {
        assert_eq!(s.handle_text(r#"{"type":"list_tables"}"#).await, None);
        while let Ok(text) = rx.try_recv() {
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            codes.push(
                v["code"]
                    .as_str()
                    .unwrap_or(v["type"].as_str().unwrap())
                    .to_string(),
            );
        }
    }
    // The first message over the rate is answered, the next ones are not.
    assert_eq!(codes[..5], ["tables"; 5]);
    assert_eq!(codes[5..], ["too_many_requests"]);
    clock.advance(Duration::from_millis(1));
    s.handle_text(r#"{"type":"list_tables"}"#).await;
    assert_eq!(next(&mut rx)["type"], "tables");
}

#[tokio::test]
async fn create_watch_and_query_through_a_session() {
    let dir = temp_dir("session-flow");
    let state = AppState::open(config(&dir)).await.unwrap();
    let (out, mut rx) = outbox();
    let mut s = Session::new(state.clone(), out);
    s.handle_text(r#"{"type":"create","name":"Ana","bots":1}"#)
        .await;
    let seated = next(&mut rx);
    let (table, token) = (seated["table"].as_u64().unwrap(), seated["token"].clone());
    s.handle_text(&json!({"type":"watch","table":table,"token":token}).to_string())
        .await;
    let watching = next(&mut rx);
    assert_eq!(watching["you"], 0);
    assert_eq!(watching["view"]["seq"], 2);
    let events = next(&mut rx);
    let types: Vec<&str> = events["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["joined", "bot_added"]);
    assert_eq!(s.watching(), Some(table));

    s.handle_text(&json!({"type":"query","table":table,"query":"positions"}).to_string())
        .await;
    assert_eq!(next(&mut rx)["code"], "not_started");
    s.handle_text(&json!({"type":"query","table":table,"query":"help"}).to_string())
        .await;
    let help = next(&mut rx);
    assert_eq!(help["type"], "answer");
    assert!(!help["lines"].as_array().unwrap().is_empty());
    // G: the board can be asked about before the start; L needs a game.
    let square = |n: Value| json!({"type":"query","table":table,"query":"square","square":n});
    s.handle_text(&square(json!(47)).to_string()).await;
    let answer = next(&mut rx);
    assert_eq!(answer["query"], "square");
    assert_eq!(
        answer["lines"],
        json!([
            "Square 47: a snake down to 26. The next ladder is at 51, 4 squares ahead; the \
             next snake at 49, 2 squares ahead."
        ])
    );
    s.handle_text(&square(json!(101)).to_string()).await;
    assert_eq!(
        next(&mut rx)["lines"][0],
        "There is no square 101: the board has squares 1 to 100."
    );
    s.handle_text(&json!({"type":"query","table":table,"query":"look_ahead"}).to_string())
        .await;
    assert_eq!(next(&mut rx)["code"], "not_started");

    s.handle_text(
        &json!({"type":"act","table":table,"token":token,"seq":2,"action":{"type":"start"}})
            .to_string(),
    )
    .await;
    // The start and then, with no bot delay, the bot's roll if it goes first.
    let started = next(&mut rx);
    assert_eq!(started["events"][0]["event"]["type"], "started");
    while rx.try_recv().is_ok() {}
    // L for the player to roll: Ana ("From ...") or the bot; G alone: Ana's own square.
    s.handle_text(&json!({"type":"query","table":table,"query":"look_ahead"}).to_string())
        .await;
    let look = next_answer(&mut rx);
    let look = look["lines"][0].as_str().unwrap();
    assert!(
        look.starts_with("From off the board: 1 climbs the ladder at 1 to 38, ")
            || look.starts_with("Bot 1 is "),
        "{look}"
    );
    s.handle_text(&square(Value::Null).to_string()).await;
    let mine = next_answer(&mut rx);
    let mine = mine["lines"][0].as_str().unwrap();
    assert!(
        mine.starts_with("Off the board. You ") && mine.contains(" here."),
        "{mine}"
    );
    s.close().await;
    let view = state.view(table).await.unwrap();
    assert!(
        !view.summary.seats[0].connected,
        "closing the session disconnects the seat"
    );
}
