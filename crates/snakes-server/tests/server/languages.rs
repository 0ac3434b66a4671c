//! Each connection is told the game in its own language, on real WebSockets on loopback: the
//! same moves reach a Korean and a Spanish player, each in their own words; the HTTP answers
//! that hold sentences take `?lang=` or `Accept-Language`.

use super::*;
use snakes_text::{Catalogue, LOCALES, Listener, Locale, Narrator};

/// The events of an `events` message that are moves of the game.
fn moves(v: &Value) -> Vec<snakes::Event> {
    v["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| serde_json::from_value(e["event"].clone()).ok())
        .collect()
}

fn lines(v: &Value, field: &str) -> Vec<String> {
    serde_json::from_value(v[field].clone()).unwrap()
}

/// Whether `text` holds a Hangul syllable.
fn korean(text: &str) -> bool {
    text.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c))
}

/// A client that said hello in the language `locale`.
async fn speaking(addr: SocketAddr, locale: &str) -> Client {
    let mut c = Client::connect(addr).await;
    c.send(json!({"type":"hello","protocol":2,"locale":locale}))
        .await;
    assert_eq!(c.recv().await["type"], "hello");
    c
}

#[tokio::test]
async fn two_players_at_one_table_hear_the_same_moves_each_in_their_own_language() {
    let dir = temp_dir("languages");
    let (addr, _state) = start(config(&dir)).await;
    let ko = Catalogue::for_locale("ko").unwrap();
    let es = Catalogue::for_locale("es").unwrap();

    let mut ana = speaking(addr, "ko").await;
    let seated = ana.create(json!({"name":"Ana","seats":2})).await;
    assert!(korean(seated["text"].as_str().unwrap()), "{seated}");
    ana.watch(None).await;
    let table = ana.table;
    let mut bo = speaking(addr, "es-MX").await;
    bo.send(json!({"type":"act","table":table,"action":{"type":"join","name":"Bo"}}))
        .await;
    let seated = bo.until("seated").await;
    assert_eq!(
        seated["text"],
        Narrator::with_catalogue(Vec::new(), es.clone()).seated_joined(table, 1)
    );
    bo.watch(None).await;
    // Ana has seen Bo sit down (her own seat is the first "joined").
    while ana
        .seen
        .iter()
        .filter(|e| e["event"]["type"] == "joined")
        .count()
        < 2
    {
        ana.recv().await;
    }
    ana.command("start").await;
    ana.until_event("started").await;
    bo.until_event("started").await;
    // A spectator who speaks Spanish too, once caught up.
    let mut sam = speaking(addr, "es").await;
    sam.table = table;
    sam.watch(None).await;
    sam.until("events").await;

    // Whoever's turn it is rolls; both hear the same events, each in their own words.
    let (roller, other) = if ana.turn.is_some() && ana.turn == ana.seat {
        (&mut ana, &mut bo)
    } else {
        (&mut bo, &mut ana)
    };
    // Out of turn: refused in the other's language, naming the roller.
    other.command("roll").await;
    let refused = other.until("refused").await;
    assert_eq!(refused["code"], "not_your_turn");
    roller.command("roll").await;
    let mine = roller.until("events").await;
    let theirs = other.until("events").await;
    let watched = sam.until("events").await;
    assert_eq!(mine["events"], theirs["events"], "the same moves");
    let names = vec!["Ana".to_string(), "Bo".to_string()];
    let (ana_msg, bo_msg) = if roller_is_ana(&mine, &ana) {
        (&mine, &theirs)
    } else {
        (&theirs, &mine)
    };
    let told = |catalogue: &std::sync::Arc<Catalogue>, seat: Option<usize>, v: &Value| {
        Narrator::with_catalogue(names.clone(), catalogue.clone()).events(
            &moves(v),
            Listener::Player(seat.unwrap()),
            false,
        )
    };
    let ana_text = lines(ana_msg, "text");
    let bo_text = lines(bo_msg, "text");
    assert_eq!(ana_text, told(&ko, ana.seat, ana_msg));
    assert_eq!(bo_text, told(&es, bo.seat, bo_msg));
    assert_eq!(
        lines(&watched, "text"),
        Narrator::with_catalogue(names.clone(), es.clone()).events(
            &moves(&watched),
            Listener::Spectator,
            false
        ),
        "a spectator hears the same moves in Spanish, by name"
    );
    assert_ne!(lines(&watched, "text"), bo_text, "Bo hears \"you\"");
    assert!(ana_text.iter().all(|l| korean(l)), "{ana_text:?}");
    assert!(bo_text.iter().all(|l| !korean(l)), "{bo_text:?}");
    assert_ne!(
        bo_text,
        told(&Catalogue::english(), bo.seat, bo_msg),
        "Spanish, not English"
    );
    // The panel comes in the same language as the sentences.
    assert!(korean(ana_msg["panel"]["status"].as_str().unwrap()));
    assert!(!korean(bo_msg["panel"]["status"].as_str().unwrap()));
    // The refusal names the roller, in the other's language.
    let (other_seat, other_catalogue) = if refused_by_ana(&mine, &ana) {
        (ana.seat.unwrap(), &ko)
    } else {
        (bo.seat.unwrap(), &es)
    };
    let roller_seat = 1 - other_seat;
    assert_eq!(
        refused["message"],
        Narrator::with_catalogue(names.clone(), other_catalogue.clone()).refusal(
            &snakes_text::Refusal::NotYourTurn { turn: roller_seat },
            Listener::Player(other_seat)
        )
    );

    // The keys' answers, in each one's language.
    for c in [&mut ana, &mut bo] {
        c.send(json!({"type":"query","table":table,"query":"positions"}))
            .await;
    }
    let ana_answer = ana.until("answer").await;
    let bo_answer = bo.until("answer").await;
    assert!(korean(&lines(&ana_answer, "lines")[0]), "{ana_answer}");
    assert!(!korean(&lines(&bo_answer, "lines")[0]), "{bo_answer}");
    assert!(
        lines(&bo_answer, "lines")[0].contains("casilla"),
        "{bo_answer}"
    );

    // An unknown language is refused, naming those there are, and the connection keeps its
    // own; a known one is taken from the next message on.
    bo.send(json!({"type":"set_locale","locale":"xx"})).await;
    let refused = bo.until("refused").await;
    assert_eq!(refused["code"], "unknown_locale");
    assert_eq!(refused["locale"], "xx");
    let tags: Vec<&str> = LOCALES.iter().map(|l| l.tag).collect();
    assert_eq!(refused["available"], json!(tags));
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .starts_with("Aquí no hay"),
        "in Spanish still: {refused}"
    );
    // What a client sends is quoted and escaped in the sentence (a newline, a right-to-left
    // override, nothing at all), and cut after 40 characters with a sign.
    for (sent, quoted) in [("ko\n\u{202e}es", "\"ko\\n\\u{202e}es\""), ("", "\"\"")] {
        bo.send(json!({"type":"set_locale","locale":sent})).await;
        let refused = bo.until("refused").await;
        let message = refused["message"].as_str().unwrap();
        assert!(message.contains(quoted), "{message}");
        assert!(
            !message.contains('\n') && !message.contains('\u{202e}'),
            "{message}"
        );
    }
    bo.send(json!({"type":"set_locale","locale":"x".repeat(30_000)}))
        .await;
    let refused = bo.until("refused").await;
    assert_eq!(refused["locale"], format!("{}…", "x".repeat(40)));
    bo.send(json!({"type":"set_locale","locale":"en"})).await;
    bo.send(json!({"type":"query","table":table,"query":"turn"}))
        .await;
    let answer = bo.until("answer").await;
    let line = &lines(&answer, "lines")[0];
    assert!(line.contains("turn"), "in English now: {answer}");
}

#[tokio::test]
async fn a_bot_is_named_in_each_listeners_language() {
    let dir = temp_dir("bot-names");
    let (addr, _state) = start(config(&dir)).await;
    let mut ana = speaking(addr, "ko").await;
    ana.create(json!({"name":"Ana","seats":2,"bots":1})).await;
    ana.watch(None).await;
    let table = ana.table;
    ana.command("start").await;
    ana.until_event("started").await;
    let mut sam = speaking(addr, "zh-CN").await;
    sam.table = table;
    sam.watch(None).await;
    sam.until("events").await;
    let mut bo = speaking(addr, "en").await;
    bo.table = table;
    bo.watch(None).await;
    bo.until("events").await;
    let mut heard = Vec::new();
    for c in [&mut ana, &mut sam, &mut bo] {
        c.send(json!({"type":"query","table":table,"query":"positions"}))
            .await;
        let answer = c.until("answer").await;
        heard.push(lines(&answer, "lines")[0].clone());
    }
    // The log keeps "Bot 1"; each language says it in its own words.
    let said = |tag: &str| snakes_text::bot_name(&Catalogue::for_locale(tag).unwrap(), 1);
    assert!(
        heard[0].contains(&said("ko")) && !heard[0].contains("Bot 1"),
        "{}",
        heard[0]
    );
    assert!(
        heard[1].contains(&said("zh-CN")) && !heard[1].contains("Bot 1"),
        "{}",
        heard[1]
    );
    assert!(heard[2].contains("Bot 1"), "{}", heard[2]);
    // The page's players' table and the tokens' letters are made of the seats of the view and
    // of the panel: they name the bot as the sentences do, in each language.
    for (c, tag) in [(&mut ana, "ko"), (&mut sam, "zh-CN"), (&mut bo, "en")] {
        let (table, token) = (c.table, c.token.clone());
        c.send(json!({"type":"watch","table":table,"token":token}))
            .await;
        let watching = c.until("watching").await;
        let bot_of = |seats: &Value| {
            seats
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["bot"] == true)
                .map(|s| s["name"].clone())
                .unwrap()
        };
        let view = &watching["view"];
        assert_eq!(bot_of(&view["seats"]), said(tag).as_str(), "{view}");
        assert_eq!(
            bot_of(&view["panel"]["seats"]),
            said(tag).as_str(),
            "{view}"
        );
        let rows: Vec<String> = view["panel"]["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["label"].as_str().unwrap().to_string())
            .collect();
        assert!(
            rows.iter().any(|r| r.starts_with(&said(tag))),
            "{tag}: {rows:?}"
        );
        if tag != "en" {
            assert!(rows.iter().all(|r| !r.contains("Bot")), "{tag}: {rows:?}");
        }
    }
}

#[tokio::test]
async fn a_bad_board_or_bad_rules_are_refused_in_the_askers_language_as_the_command_line_says_them()
{
    let dir = temp_dir("languages-bad-setup");
    let (_addr, state) = start(config(&dir)).await;
    let router = app(state.clone());
    let create = |lang: &str, body: Value| {
        let router = router.clone();
        let req = Request::post(format!("/api/tables?lang={lang}"))
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        async move {
            let resp = router.oneshot(req).await.unwrap();
            let body = resp.into_body().collect().await.unwrap().to_bytes();
            serde_json::from_slice::<Value>(&body).unwrap()
        }
    };
    // What `snakes --lang ko solve` says of that grid, after the refusal's own words.
    let v = create("ko", json!({"name":"Ana","board":"[[-1,-1],[-1]]"})).await;
    assert_eq!(v["code"], "bad_board");
    assert_eq!(
        v["message"],
        "이 게임판은 쓸 수 없어요: board[1]에는 1칸이 있지만, 2행짜리 격자는 행마다 2칸이 있어야 해요"
    );
    // The detail stays typed, with its English text, for programs.
    assert_eq!(v["detail"]["kind"], "board_error_not_square");
    assert_eq!(v["detail"]["row"], 1);
    let v = create("es", json!({"name":"Ana","rules":"ending=sideways"})).await;
    assert_eq!(v["code"], "bad_rules");
    assert_eq!(
        v["message"],
        "No se pueden usar las reglas: valor desconocido \"sideways\" para ending: se esperaba uno de estos: bounce, exact, loose"
    );
    // The grid reader's own words about a syntax error, in the language too.
    let v = create("zh-CN", json!({"name":"Ana","board":"[[-1,-1],\n[-1, x]]"})).await;
    assert_eq!(
        v["message"],
        "这个棋盘不能用：网格：第2行第6列：board[1][1] 应为数字，却遇到了'x'"
    );
    // A layout's own problem, and a board on which a game may never end.
    let v = create("es", json!({"name":"Ana","board":"rows = 3"})).await;
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .ends_with("`rows` sin `cols`: indica los dos, o `size`"),
        "{v}"
    );
    let trapped = r#"{"rows":1,"cols":6,"snakes":[[3,2],[4,2]],"ladders":[[1,5]]}"#;
    let v = create(
        "ko",
        json!({"name":"Ana","board":trapped,"rules":"die=2,ending=exact"}),
    )
    .await;
    assert_eq!(v["detail"]["kind"], "board_warning_trap");
    let said = v["message"].as_str().unwrap();
    assert!(korean(said) && said.contains("2번 칸"), "{v}");
    // Words from elsewhere stay theirs: what serde_json says of a layout, quoted in the
    // language's sentence.
    let v = create("ko", json!({"name":"Ana","board":"{\"size\": 3,"})).await;
    assert_eq!(v["detail"]["kind"], "board_error_syntax");
    assert!(korean(v["message"].as_str().unwrap()), "{v}");
}

/// Whether Ana was the one refused: the roller of `mine` is not her.
fn refused_by_ana(mine: &Value, ana: &Client) -> bool {
    !roller_is_ana(mine, ana)
}

/// Whether `mine` (the roller's message) went to Ana.
fn roller_is_ana(mine: &Value, ana: &Client) -> bool {
    let roller = moves(mine).iter().find_map(|e| match e {
        snakes::Event::Rolled { player, .. } => Some(*player),
        _ => None,
    });
    roller == ana.seat
}

#[tokio::test]
async fn the_lobby_and_the_http_answers_speak_the_language_asked_for() {
    let dir = temp_dir("languages-http");
    let (addr, state) = start(config(&dir)).await;
    let mut ana = speaking(addr, "en").await;
    ana.create(json!({"name":"Ana","seats":3})).await;

    // The lobby's list, in each follower's language.
    let mut ko = speaking(addr, "ko").await;
    ko.send(json!({"type":"list_tables"})).await;
    let listed = ko.until("tables").await;
    let row = &listed["tables"][0];
    assert!(korean(row["words"]["state"].as_str().unwrap()), "{row}");
    assert!(korean(row["rules_line"].as_str().unwrap()), "{row}");
    assert!(
        row.get("languages").is_none(),
        "other languages are not sent"
    );
    // Switching while following: the list again, in the new language.
    ko.send(json!({"type":"set_locale","locale":"es"})).await;
    let listed = ko.until("tables").await;
    let row = &listed["tables"][0];
    assert!(!korean(row["words"]["state"].as_str().unwrap()), "{row}");
    let english = &state.list()[0];
    assert_ne!(row["words"]["state"], english.words.state.as_str());

    // HTTP: `lang` first, then Accept-Language, then English.
    let router = app(state.clone());
    let ask = |path: &str, accept: Option<&str>| {
        let mut req = Request::get(path);
        if let Some(a) = accept {
            req = req.header("accept-language", a);
        }
        let router = router.clone();
        let req = req.body(Body::empty()).unwrap();
        async move {
            let resp = router.oneshot(req).await.unwrap();
            let status = resp.status();
            let body = resp.into_body().collect().await.unwrap().to_bytes();
            (status, String::from_utf8(body.to_vec()).unwrap())
        }
    };
    let es = Locale::position("es").unwrap();
    let ko_at = Locale::position("ko").unwrap();
    let (status, body) = ask("/api/rules?lang=es", Some("ko")).await;
    assert_eq!(status, StatusCode::OK);
    let expected = snakes_text::RulesGuide::new(&Catalogue::shipped(es));
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap(),
        serde_json::to_value(expected).unwrap()
    );
    let (_, body) = ask("/api/rules", Some("fr-FR,ko;q=0.8,en;q=0.5")).await;
    let guide: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(guide["options"][2]["key"], "entry", "keys stay English");
    assert!(korean(guide["options"][2]["label"].as_str().unwrap()));
    let (status, body) = ask("/api/rules?lang=xx", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let refused: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(refused["code"], "unknown_locale");

    let table = ana.table;
    let (_, body) = ask(&format!("/api/tables/{table}?lang=ko"), None).await;
    let view: Value = serde_json::from_str(&body).unwrap();
    assert!(korean(view["title"].as_str().unwrap()), "{view}");
    assert_eq!(view["status"], "waiting", "values stay English");
    let (_, body) = ask("/api/tables", Some("ko")).await;
    let list: Value = serde_json::from_str(&body).unwrap();
    assert!(korean(
        list["tables"][0]["words"]["action"].as_str().unwrap()
    ));
    let (_, body) = ask("/api/tables/999?lang=es", None).await;
    let refused: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        refused["message"],
        Narrator::with_catalogue(Vec::new(), Catalogue::shipped(es))
            .refusal(&snakes_text::Refusal::NoSuchTable, Listener::Spectator)
    );

    // The page: in the language asked for, with the menu and the live region's `lang`.
    let (_, html) = ask("/?lang=ko", Some("es")).await;
    assert!(html.contains("<html lang=\"ko\">"));
    assert!(html.contains("aria-live=\"polite\" aria-relevant=\"additions\" lang=\"ko\""));
    assert!(html.contains(&format!(
        "<option value=\"ko\" lang=\"ko\" selected>{}</option>",
        LOCALES[ko_at].name
    )));
    let (_, html) = ask("/", Some("es-ES,es;q=0.9")).await;
    assert!(html.contains("<html lang=\"es\">"));
    let (_, html) = ask("/", None).await;
    assert!(html.contains("<html lang=\"en\">"));
    assert!(html.contains("<p class=\"hint\" id=\"lang-note\"></p>"));
    // A language the server lacks: English, and a note saying so.
    let (status, html) = ask("/?lang=xx", Some("ko")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<html lang=\"en\">"));
    assert!(
        html.contains(
            "The language &quot;xx&quot; is not available here, so the page is in English."
        ),
        "{html}"
    );
    // The parameter is read decoded, and what it held is written back escaped.
    let (_, html) = ask("/?lang=zh%2DCN", None).await;
    assert!(html.contains("<html lang=\"zh-CN\">"));
    let (_, html) = ask("/?lang=%3Cb%3Ex", None).await;
    assert!(
        html.contains("The language &quot;&lt;b&gt;x&quot; is not available here"),
        "{html}"
    );
}
