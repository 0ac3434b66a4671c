//! What the board page gets beyond the game itself: its words, the rules explained, the lobby
//! kept current, what was missed while away, who lost the connection.

use super::*;

async fn get(router: &axum::Router, path: &str) -> (StatusCode, String) {
    let resp = router
        .clone()
        .oneshot(Request::get(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = resp.status();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

#[tokio::test]
async fn the_page_has_the_catalogue_words_and_the_rules_explained() {
    let dir = temp_dir("page-words");
    let router = app(AppState::open(config(&dir)).await.unwrap());
    let (_, html) = get(&router, "/").await;
    assert!(html.contains("<html lang=\"en\">"));
    assert!(!html.contains("{{"), "every word filled in");
    assert!(html.contains(">Create the table</button>"));
    let (status, js) = get(&router, "/sounds.js").await;
    assert_eq!(status, StatusCode::OK);
    assert!(js.contains("AudioContext"));
    let (status, js) = get(&router, "/voice.js").await;
    assert_eq!(status, StatusCode::OK);
    assert!(js.contains("SpeechSynthesisUtterance"));

    let (status, body) = get(&router, "/api/rules").await;
    assert_eq!(status, StatusCode::OK);
    let guide: Value = serde_json::from_str(&body).unwrap();
    let entry = &guide["options"][2];
    assert_eq!(entry["key"], "entry");
    assert_eq!(entry["label"], "Entry");
    assert_eq!(
        entry["values"][0],
        json!({"value": "any-roll", "name": "Any roll", "meaning": "Any roll enters, landing on the square it counts"})
    );
    assert_eq!(
        guide["options"][3]["values"][0]["meaning"],
        "Nothing more: the turn passes as after any roll"
    );
    assert_eq!(guide["options"][6]["range"], json!([2, 20]));
    // The same as `snakes rules --json`: one source for both.
    assert_eq!(
        guide,
        serde_json::to_value(snakes_text::RulesGuide::new(
            &snakes_text::Catalogue::english()
        ))
        .unwrap()
    );
}

#[tokio::test]
async fn the_lobby_list_comes_again_whenever_it_changes() {
    let dir = temp_dir("lobby-push");
    let (addr, _state) = start(config(&dir)).await;
    let mut lobby = Client::connect(addr).await;
    lobby.send(json!({"type":"list_tables"})).await;
    let first = lobby.until("tables").await;
    assert_eq!(first["tables"], json!([]));

    // A table created elsewhere shows up without asking, in words.
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","seats":3,"bots":1})).await;
    let listed = loop {
        let v = lobby.until("tables").await;
        if v["tables"][0]["seats"][1]["bot"] == true {
            break v;
        }
    };
    let t = &listed["tables"][0];
    assert_eq!(
        t["words"],
        json!({
            "name": format!("Table {}", ana.table),
            "state": "Waiting: one seat free",
            "board": "Classic board of 100 squares.",
            "seats": "Ana (host), Bot 1 (bot), free seat",
            "action": format!("Open table {}", ana.table),
        })
    );
    // So does its start; rolls, which the lobby does not show, send nothing.
    ana.watch(None).await;
    ana.command("start").await;
    // (A list of the waiting table may come first: one sent as the bot sat down.)
    let started = loop {
        let v = lobby.until("tables").await;
        if v["tables"][0]["status"] == "playing" {
            break v;
        }
    };
    assert_eq!(started["tables"][0]["words"]["state"], "Playing");
    assert_eq!(
        started["tables"][0]["words"]["action"],
        format!("Watch table {}", ana.table)
    );
    // Following a table ends the lobby's list for this connection.
    lobby.table = ana.table;
    lobby.watch(None).await;
    let mut bo = Client::connect(addr).await;
    bo.create(json!({"name":"Bo"})).await;
    let quiet = tokio::time::timeout(Duration::from_millis(600), async {
        loop {
            if lobby.recv().await["type"] == "tables" {
                break;
            }
        }
    })
    .await;
    assert!(quiet.is_err(), "no list sent to a page showing a table");
}

#[tokio::test]
async fn coming_back_says_what_was_missed_and_whose_turn_it_is() {
    let dir = temp_dir("catch-up");
    let (addr, _state) = start(config(&dir)).await;
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","seats":3,"bots":2})).await;
    ana.watch(None).await;
    ana.command("start").await;
    // Ana rolls once, her turn comes back: she has heard everything up to here.
    while ana.turn != ana.seat || ana.seq < 5 {
        if ana.turn == ana.seat {
            ana.command("roll").await;
        }
        ana.until("events").await;
    }
    let heard = ana.seq;
    ana.command("roll").await;
    while ana.turn != ana.seat || ana.seq <= heard + 3 {
        ana.until("events").await;
    }

    // The page comes back having heard up to `heard`: one line of the moves since, then
    // whose turn; the history since `since` comes as events, not said again.
    let mut back = Client::connect(addr).await;
    back.table = ana.table;
    back.token = ana.token.clone();
    let (table, token) = (back.table, back.token.clone());
    back.send(json!({"type":"watch","table":table,"token":token,"since":0,"heard":heard}))
        .await;
    let watching = back.until("watching").await;
    let say: Vec<String> = serde_json::from_value(watching["say"].clone()).unwrap();
    assert_eq!(say.len(), 2, "{say:?}");
    assert!(say[0].starts_with("While you were away: you "), "{say:?}");
    assert!(
        say[0].contains("Bot 1 ") && say[0].contains("Bot 2 "),
        "{say:?}"
    );
    assert!(say[1].starts_with("It is your turn; you "), "{say:?}");
    let events = back.until("events").await;
    assert_eq!(events["events"][0]["seq"], 1, "the whole history");
    // Its last page brings the panel as it is now.
    assert_eq!(events["panel"]["status"], "Playing. Your turn.");
    // Watching the view shows it in words, for this seat.
    let panel = &watching["view"]["panel"];
    assert_eq!(panel["status"], "Playing. Your turn.");
    assert_eq!(panel["roll_reason"], "");
    assert!(
        panel["players"][ana.seat.unwrap()]["label"]
            .as_str()
            .unwrap()
            .contains("you")
    );

    // A spectator coming in hears whose turn it is.
    let mut sam = Client::connect(addr).await;
    sam.table = table;
    sam.send(json!({"type":"watch","table":table})).await;
    let v = sam.until("watching").await;
    assert_eq!(
        v["say"],
        json!(["It is Ana's turn; Ana is on square ".to_string()
            + &v["view"]["squares"][0].to_string()
            + "."])
    );
    assert_eq!(
        v["view"]["panel"]["roll_reason"],
        "You have no seat at this table."
    );
}

#[tokio::test]
async fn the_others_see_a_lost_connection_during_the_grace_period() {
    let dir = temp_dir("presence");
    let (addr, _state) = start(config(&dir)).await;
    let (mut ana, bo) = Client::ana_and_bo_playing(addr, json!({"seats":2})).await;
    // Bo's page goes. Ana sees it at once, and hears it when it is Bo who must roll.
    let bo_turn = ana.turn == bo.seat;
    drop(bo);
    let v = ana.until("panel").await;
    let bo_seat = 1 - ana.seat.unwrap();
    let label = if bo_turn {
        "Bo (connection lost, to roll)"
    } else {
        "Bo (connection lost)"
    };
    assert_eq!(v["panel"]["players"][bo_seat]["label"], label);
    assert_eq!(v["panel"]["seats"][bo_seat]["connected"], false);
    if bo_turn {
        assert_eq!(
            v["say"],
            json!([
                "The connection to Bo is lost; a bot plays for Bo after 3600 seconds without one."
            ])
        );
        assert!(
            v["panel"]["status"]
                .as_str()
                .unwrap()
                .contains("the connection to Bo is lost")
        );
    } else {
        assert_eq!(v["say"], json!([]));
        assert_eq!(v["panel"]["status"], "Playing. Your turn.");
    }
}
