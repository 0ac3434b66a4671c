//! Members over real HTTP and WebSockets on loopback, with a real SQLite file: signing up,
//! in and out (the session a cookie), the settings, the name a member holds against every
//! look-alike, the tries to sign in counted, the account downloaded and deleted.

use super::*;

/// An answer: its status, its head (lower-cased) and its body as JSON.
pub(super) struct Answer {
    pub(super) status: u16,
    pub(super) head: String,
    pub(super) json: Value,
}

impl Answer {
    /// The session's secret the answer sets, if any (empty: the cookie is cleared).
    pub(super) fn cookie(&self) -> Option<String> {
        let line = self
            .head
            .lines()
            .find(|l| l.starts_with("set-cookie: snakes_session="))?;
        let value = line["set-cookie: snakes_session=".len()..]
            .split(';')
            .next()?;
        Some(value.to_string())
    }
}

/// Sends `method path` with the JSON `body` (none: no body), the session `cookie` and the
/// `extra` header lines, and reads the answer.
pub(super) async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
    extra: &str,
) -> Answer {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let cookie = cookie
        .map(|c| format!("Cookie: lang=en; snakes_session={c}\r\n"))
        .unwrap_or_default();
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{cookie}{extra}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let (status, head, json) = super::abuse::http(addr, &text).await;
    Answer { status, head, json }
}

/// A name and a password, as the page sends them.
fn credentials(name: &str, password: &str) -> Option<Value> {
    Some(json!({"name": name, "password": password}))
}

/// Signs up as `name` with `password`, without a session.
pub(super) async fn sign_up(addr: SocketAddr, name: &str, password: &str) -> Answer {
    let body = credentials(name, password);
    request(addr, "POST", "/api/account", None, body, "").await
}

/// Signs in as `name` with `password`, without a session.
async fn sign_in(addr: SocketAddr, name: &str, password: &str) -> Answer {
    let body = credentials(name, password);
    request(addr, "POST", "/api/account/sign-in", None, body, "").await
}

/// A WebSocket sending the session `cookie`, said hello to.
async fn signed_in_socket(addr: SocketAddr, cookie: &str) -> Client {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    request.headers_mut().insert(
        "cookie",
        format!("snakes_session={cookie}").parse().unwrap(),
    );
    let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let mut c = Client::connect_with(ws);
    c.send(json!({"type":"hello","protocol":2,"locale":"en"}))
        .await;
    c.until("hello").await;
    c
}

/// A guest's WebSocket, said hello to.
async fn guest(addr: SocketAddr) -> Client {
    let mut c = Client::connect(addr).await;
    c.send(json!({"type":"hello","protocol":2,"locale":"en"}))
        .await;
    c.until("hello").await;
    c
}

/// What `set_name` of `name` is answered: the name taken, or the refusal's code and sentence.
async fn set_name(c: &mut Client, name: &str) -> (String, String) {
    c.send(json!({"type":"set_name","name":name})).await;
    loop {
        let v = c.recv().await;
        match v["type"].as_str() {
            Some("named") => return ("named".into(), v["name"].as_str().unwrap().into()),
            Some("refused") => {
                return (
                    v["code"].as_str().unwrap().into(),
                    v["message"].as_str().unwrap().into(),
                );
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn a_member_signs_up_and_in_and_out_and_nobody_else_goes_by_their_name() {
    let dir = temp_dir("members");
    let config = Config {
        clock: snakes_server::Clock::manual(),
        ..config(&dir)
    };
    let (addr, state) = start(config).await;

    // Signing up: the account, and a session in an HttpOnly, SameSite=Lax cookie (no Secure
    // over plain HTTP).
    let up = sign_up(addr, " Ana ", "correct horse").await;
    assert_eq!(up.status, 201, "{}", up.json);
    assert_eq!(
        (&up.json["name"], &up.json["settings"]),
        (&json!("Ana"), &json!({}))
    );
    let ana = up.cookie().unwrap();
    assert_eq!(ana.len(), 64);
    assert!(
        up.head.contains(&format!(
            "set-cookie: snakes_session={ana}; max-age=2592000; path=/; httponly; samesite=lax\r\n"
        )),
        "{}",
        up.head
    );

    // Names the same as Ana's are taken; a password too short, or the name, is refused.
    for name in ["ana", "\u{410}na", "Aná", "\u{24b6}na"] {
        let taken = sign_up(addr, name, "another horse").await;
        assert_eq!(
            (taken.status, &taken.json["code"], &taken.json["message"]),
            (
                409,
                &json!("name_taken"),
                &json!(format!(
                    "The name “{name}” is taken: it is a member's, or reads the same as one. Choose another."
                ))
            ),
            "{name}"
        );
    }
    for password in ["seven77", "Bo Li", &"x".repeat(129)] {
        let bad = sign_up(addr, "Bo Li", password).await;
        assert_eq!(
            (bad.status, &bad.json["message"]),
            (
                400,
                &json!("A password has 8 to 128 characters, and is not the account's name.")
            )
        );
    }
    let bot = sign_up(addr, "Bot 1", "a good password").await;
    assert_eq!((bot.status, &bot.json["code"]), (400, &json!("bad_name")));

    // The account, with the cookie; without it, nobody is signed in.
    let me = request(addr, "GET", "/api/account", Some(&ana), None, "").await;
    assert_eq!((me.status, &me.json["name"]), (200, &json!("Ana")));
    let nobody = request(addr, "GET", "/api/account", None, None, "").await;
    assert_eq!(
        (nobody.status, &nobody.json["message"]),
        (401, &json!("Sign in first: only a member can do that."))
    );

    // Settings follow the member: stored as sent, read back on another request.
    let settings = json!({"locale":"ko","brief":true,"others":"rolls","voice":{"rate":1.4}});
    let put = request(
        addr,
        "PUT",
        "/api/account/settings",
        Some(&ana),
        Some(settings.clone()),
        "",
    )
    .await;
    assert_eq!((put.status, &put.json["settings"]), (200, &settings));
    let me = request(addr, "GET", "/api/account", Some(&ana), None, "").await;
    assert_eq!(me.json["settings"], settings);
    let not_object = request(
        addr,
        "PUT",
        "/api/account/settings",
        Some(&ana),
        Some(json!([1, 2])),
        "",
    )
    .await;
    assert_eq!(
        (not_object.status, &not_object.json["code"]),
        (400, &json!("bad_message"))
    );

    // A guest cannot go by Ana's name, nor by one the same as it, anywhere; Ana, signed in,
    // can.
    let mut guest = guest(addr).await;
    for name in [
        "Ana",
        "ANA",
        "\u{410}na",
        "An\u{e1}",
        "\u{24b6}na",
        "\u{1d2c}na",
    ] {
        assert_eq!(
            set_name(&mut guest, name).await,
            (
                "name_held".into(),
                format!(
                    "The name “{name}” is a member's: sign in as that member to use it, or choose another."
                )
            ),
            "{name}"
        );
    }
    assert_eq!(
        set_name(&mut guest, "Anabel").await,
        ("named".into(), "Anabel".into())
    );
    guest
        .send(json!({"type":"create","name":"ana","board":"classic","seats":2,"bots":1}))
        .await;
    assert_eq!(guest.until("refused").await["code"], "name_held");
    let by_http = request(
        addr,
        "POST",
        "/api/tables",
        None,
        Some(json!({"name":"Ana","board":"classic","seats":2,"bots":1})),
        "",
    )
    .await;
    assert_eq!(
        (by_http.status, &by_http.json["code"]),
        (409, &json!("name_held"))
    );
    let mut signed = signed_in_socket(addr, &ana).await;
    assert_eq!(
        set_name(&mut signed, "Ana").await,
        ("named".into(), "Ana".into())
    );
    let created = request(
        addr,
        "POST",
        "/api/tables",
        Some(&ana),
        Some(json!({"name":"Ana","board":"classic","seats":2,"bots":1})),
        "",
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.json);

    // Signing in: a wrong password and a name nobody has are answered alike.
    for (name, password) in [("Ana", "wrong horse"), ("Nobody", "correct horse")] {
        let wrong = sign_in(addr, name, password).await;
        assert_eq!(
            (wrong.status, &wrong.json["code"], &wrong.json["message"]),
            (
                401,
                &json!("bad_sign_in"),
                &json!("That name and password are not an account's.")
            )
        );
        assert_eq!(wrong.cookie(), None);
    }
    let other = sign_in(addr, "ana", "correct horse").await;
    assert_eq!((other.status, &other.json["name"]), (200, &json!("Ana")));
    let other = other.cookie().unwrap();
    assert_ne!(other, ana);

    // Five tries a minute to one account, whoever tries and however the name is spelled: the
    // sixth waits.
    for name in ["Ana", "Aná", "\u{24b6}na"] {
        let wrong = sign_in(addr, name, "wrong horse").await;
        assert_eq!(wrong.status, 401);
    }
    let wait = sign_in(addr, "Ana", "correct horse").await;
    assert_eq!(
        (wait.status, &wait.json["code"], &wait.json["message"]),
        (
            429,
            &json!("too_many_sign_ins"),
            &json!("Too many tries to sign in: wait a minute, then try again.")
        )
    );
    assert!(wait.head.contains("retry-after: 60\r\n"), "{}", wait.head);
    state.config().clock.advance(Duration::from_secs(12));
    let again = sign_in(addr, "Ana", "correct horse").await;
    assert_eq!(again.status, 200);

    // A page of another site cannot sign anyone in or out.
    let foreign = request(
        addr,
        "POST",
        "/api/account/sign-out-everywhere",
        Some(&ana),
        None,
        "Origin: http://evil.example\r\n",
    )
    .await;
    assert_eq!(
        (foreign.status, &foreign.json["code"]),
        (403, &json!("bad_origin"))
    );

    // Signing out ends this browser's session; signing out everywhere ends every one.
    let out = request(addr, "POST", "/api/account/sign-out", Some(&ana), None, "").await;
    assert_eq!((out.status, out.cookie()), (204, Some(String::new())));
    assert!(out.head.contains("max-age=0"), "{}", out.head);
    // The page open with that session goes on as a guest's, told so.
    assert_eq!(
        signed.until("signed_out").await["line"],
        "You are signed out: your account's sessions were ended. You go on as a guest."
    );
    assert_eq!(set_name(&mut signed, "Ana").await.0, "name_held");
    let mut elsewhere = signed_in_socket(addr, &other).await;
    let gone = request(addr, "GET", "/api/account", Some(&ana), None, "").await;
    assert_eq!(gone.status, 401);
    let still = request(addr, "GET", "/api/account", Some(&other), None, "").await;
    assert_eq!(still.status, 200);
    let everywhere = request(
        addr,
        "POST",
        "/api/account/sign-out-everywhere",
        Some(&other),
        None,
        "",
    )
    .await;
    assert_eq!(everywhere.status, 204);
    elsewhere.until("signed_out").await;
    for cookie in [&other, &again.cookie().unwrap()] {
        let gone = request(addr, "GET", "/api/account", Some(cookie), None, "").await;
        assert_eq!(gone.status, 401);
    }
}

#[tokio::test]
async fn a_member_downloads_what_the_server_holds_and_deletes_the_account_freeing_the_name() {
    let dir = temp_dir("members-delete");
    let (addr, _state) = start(config(&dir)).await;
    let up = sign_up(addr, "Li", "a long passphrase").await;
    let li = up.cookie().unwrap();
    let settings = json!({"brief":true});
    request(
        addr,
        "PUT",
        "/api/account/settings",
        Some(&li),
        Some(settings.clone()),
        "",
    )
    .await;

    // A table Li creates is one of Li's games.
    let created = request(
        addr,
        "POST",
        "/api/tables",
        Some(&li),
        Some(json!({"name":"Li","board":"classic","seats":2,"bots":1})),
        "",
    )
    .await;
    let table = created.json["table"].as_u64().unwrap();

    let export = request(addr, "GET", "/api/account/export", Some(&li), None, "").await;
    assert_eq!(export.status, 200);
    assert!(
        export
            .head
            .contains("content-disposition: attachment; filename=\"snakes-account.json\""),
        "{}",
        export.head
    );
    assert_eq!(
        (
            &export.json["name"],
            &export.json["settings"],
            &export.json["blocked"],
            &export.json["tables"]
        ),
        (
            &json!("Li"),
            &settings,
            &json!([]),
            &json!([{"table": table, "seat": 1}])
        )
    );
    assert!(
        export.json["created_at"].as_i64().unwrap() > 1_700_000_000_000,
        "{}",
        export.json
    );

    // Deleting asks for the password again.
    let wrong = request(
        addr,
        "DELETE",
        "/api/account",
        Some(&li),
        Some(json!({"password":"not it at all"})),
        "",
    )
    .await;
    assert_eq!(
        (wrong.status, &wrong.json["code"]),
        (401, &json!("bad_sign_in"))
    );
    let deleted = request(
        addr,
        "DELETE",
        "/api/account",
        Some(&li),
        Some(json!({"password":"a long passphrase"})),
        "",
    )
    .await;
    assert_eq!(
        (deleted.status, deleted.cookie()),
        (204, Some(String::new()))
    );
    let gone = request(addr, "GET", "/api/account", Some(&li), None, "").await;
    assert_eq!(gone.status, 401);

    // The name is free again: a guest goes by it, and a new member may take it.
    let mut guest = guest(addr).await;
    assert_eq!(
        set_name(&mut guest, "Li").await,
        ("named".into(), "Li".into())
    );
    let again = sign_up(addr, "Li", "another passphrase").await;
    assert_eq!(again.status, 201, "{}", again.json);
}

/// What `c` is sent until a message of type `ty`: their types, and that message.
async fn types_until(c: &mut Client, ty: &str) -> (Vec<String>, Value) {
    let mut types = Vec::new();
    loop {
        let v = c.recv().await;
        types.push(v["type"].as_str().unwrap_or_default().to_string());
        if v["type"] == ty {
            return (types, v);
        }
    }
}

#[tokio::test]
async fn a_member_blocks_another_who_is_never_heard_nor_seated_nor_told() {
    let dir = temp_dir("members-block");
    let (addr, _state) = start(config(&dir)).await;
    let ana = sign_up(addr, "Ana", "correct horse")
        .await
        .cookie()
        .unwrap();
    let bo = sign_up(addr, "Bo", "battery staple")
        .await
        .cookie()
        .unwrap();
    // Ana on two devices, Bo, and a guest.
    let mut ana1 = signed_in_socket(addr, &ana).await;
    let mut ana2 = signed_in_socket(addr, &ana).await;
    let mut bo1 = signed_in_socket(addr, &bo).await;
    let mut cy = guest(addr).await;
    for (c, name) in [
        (&mut ana1, "Ana"),
        (&mut ana2, "Ana"),
        (&mut bo1, "Bo"),
        (&mut cy, "Cy"),
    ] {
        // Ana's two devices are one person: the lobby takes her name once, the second
        // speaks unnamed there (it says nothing).
        c.send(json!({"type":"set_name","name":name})).await;
        c.until("named").await;
        c.send(json!({"type":"list_tables"})).await;
        c.until("tables").await;
    }

    // Before the block, Ana hears Bo.
    bo1.send(json!({"type":"say","text":"hello before"})).await;
    assert_eq!(ana1.until("said").await["line"], "Bo says: hello before");
    assert_eq!(ana2.until("said").await["line"], "Bo says: hello before");
    assert_eq!(bo1.until("said").await["line"], "You say: hello before");

    // Refused: nobody, a guest, herself, and anyone from a guest's connection.
    let refusals = [
        (
            false,
            "Zed",
            "not_a_member",
            "Only a member can be blocked: nobody has an account named “Zed”.",
        ),
        (
            false,
            "Cy",
            "not_a_member",
            "Only a member can be blocked: nobody has an account named “Cy”.",
        ),
        (
            false,
            "ana",
            "block_yourself",
            "You cannot block your own account.",
        ),
        (
            false,
            "  ",
            "bad_name",
            "That name cannot be used: a name needs at least one letter",
        ),
        (
            true,
            "Bo",
            "not_signed_in",
            "Sign in first: only a member can do that.",
        ),
    ];
    for (guest, name, code, message) in refusals {
        let c = if guest { &mut cy } else { &mut ana1 };
        c.send(json!({"type":"block","name":name})).await;
        let refused = c.until("refused").await;
        assert_eq!(
            (refused["code"].as_str(), refused["message"].as_str()),
            (Some(code), Some(message))
        );
    }

    // Ana blocks Bo, by a look-alike of his name: she is told, and so is her other device.
    ana1.send(json!({"type":"block","name":"bo"})).await;
    let told = json!({
        "type": "blocks",
        "names": ["Bo"],
        "line": "You blocked Bo: you will not hear their messages, and they cannot join your waiting tables. They are not told."
    });
    assert_eq!(ana1.until("blocks").await, told);
    assert_eq!(ana2.until("blocks").await, told);
    let account = request(addr, "GET", "/api/account", Some(&ana), None, "").await;
    assert_eq!(account.json["blocked"], json!(["Bo"]));

    // Bo speaks in the lobby, then Cy: Ana's devices are sent Cy's message alone, Bo his own.
    bo1.send(json!({"type":"say","text":"can you hear me"}))
        .await;
    cy.send(json!({"type":"say","text":"I can"})).await;
    for ana in [&mut ana1, &mut ana2] {
        assert_eq!(ana.until("said").await["line"], "Cy says: I can");
    }
    let (types, mine) = types_until(&mut bo1, "said").await;
    assert_eq!(mine["line"], "You say: can you hear me");
    assert_eq!(bo1.until("said").await["line"], "Cy says: I can");

    // Ana's waiting table: Bo cannot join, and is not told why; Cy can.
    ana1.create(json!({"name":"Ana","seats":3})).await;
    let table = ana1.table;
    ana1.watch(None).await;
    bo1.send(json!({"type":"act","table":table,"action":{"type":"join","name":"Bo"}}))
        .await;
    let (more, refused) = types_until(&mut bo1, "refused").await;
    assert_eq!(
        (&refused["code"], &refused["message"]),
        (
            &json!("not_open_to_you"),
            &json!("This table does not take you: choose another.")
        )
    );
    assert!(
        !types.iter().chain(&more).any(|t| t == "blocks"),
        "Bo is never told: {types:?} {more:?}"
    );
    cy.send(json!({"type":"act","table":table,"action":{"type":"join","name":"Cy"}}))
        .await;
    cy.until("seated").await;
    cy.watch(None).await;

    // Bo watches and talks at the table: Ana does not hear him, Cy does.
    bo1.table = table;
    bo1.watch(None).await;
    bo1.send(json!({"type":"say","text":"let me in"})).await;
    assert_eq!(
        cy.until("said").await["line"],
        "Bo, watching, says: let me in"
    );
    cy.send(json!({"type":"say","text":"hi Ana"})).await;
    assert_eq!(ana1.until("said").await["line"], "Cy says: hi Ana");

    // A page of Ana's coming to the table gets its history without Bo's message.
    ana2.table = table;
    ana2.watch(None).await;
    let (_, earlier) = types_until(&mut ana2, "said").await;
    assert_eq!(
        (&earlier["line"], &earlier["earlier"]),
        (&json!("Cy says: hi Ana"), &json!(true))
    );

    // Unblocked from her second device: the first is told, and hears Bo again.
    ana2.send(json!({"type":"unblock","name":"Bo"})).await;
    let told = json!({"type": "blocks", "names": [], "line": "You unblocked Bo."});
    assert_eq!(ana2.until("blocks").await, told);
    assert_eq!(ana1.until("blocks").await, told);
    bo1.send(json!({"type":"say","text":"thanks"})).await;
    assert_eq!(
        ana1.until("said").await["line"],
        "Bo, watching, says: thanks"
    );
}

/// What a moderator's `action` is answered: the answer's type, or the refusal's code.
async fn moderate(c: &mut Client, action: Value) -> String {
    c.send(json!({"type":"moderate","action":action})).await;
    loop {
        let v = c.recv().await;
        match v["type"].as_str() {
            Some("refused") => return v["code"].as_str().unwrap().into(),
            Some("moderation_list" | "moderated") => return v["type"].as_str().unwrap().into(),
            _ => {}
        }
    }
}

#[tokio::test]
async fn a_member_granted_the_role_moderates_signed_in_without_a_key() {
    let dir = temp_dir("members-moderator");
    let config = config(&dir);
    let db = config.db.clone();
    let (addr, _state) = start(config).await;
    let mia = sign_up(addr, "Mia", "correct horse")
        .await
        .cookie()
        .unwrap();
    let role = snakes_server::moderators::Role::Moderator;
    snakes_server::moderators::grant(&db, "mia", role)
        .await
        .unwrap();

    // Signed in, she is the moderator as soon as her page said hello.
    let mut page = signed_in_socket(addr, &mia).await;
    assert_eq!(
        page.until("moderating").await,
        json!({"type":"moderating","name":"Mia","line":"You are the moderator Mia now. No report waits."})
    );
    assert_eq!(
        moderate(&mut page, json!({"type":"sanctions"})).await,
        "moderation_list"
    );

    // A guest's connection is not, nor is the member's once the role is revoked.
    let mut guest = guest(addr).await;
    assert_eq!(
        moderate(&mut guest, json!({"type":"sanctions"})).await,
        "not_moderator"
    );
    assert!(
        snakes_server::moderators::revoke(&db, "Mia", role)
            .await
            .unwrap()
    );
    assert_eq!(
        moderate(&mut page, json!({"type":"sanctions"})).await,
        "not_moderator"
    );
    // Granted again: the next page she opens is the moderator's again.
    snakes_server::moderators::grant(&db, "Mia", role)
        .await
        .unwrap();
    let again = signed_in_socket(addr, &mia).await.until("moderating").await;
    assert_eq!(again["name"], "Mia");
}

/// The lines of a replay's steps, from the step that holds the start on.
fn replayed_from_start(replay: &Value) -> Vec<String> {
    let steps = replay["steps"].as_array().unwrap();
    let start = steps
        .iter()
        .position(|s| {
            s["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["event"]["type"] == "started")
        })
        .expect("the start is told");
    steps[start..]
        .iter()
        .flat_map(|s| s["lines"].as_array().unwrap())
        .map(|l| l.as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_members_finished_game_is_listed_counted_and_replayed_as_it_was_said() {
    let dir = temp_dir("members-games");
    let (addr, _state) = start(config(&dir)).await;
    let ana = sign_up(addr, "Ana", "correct horse")
        .await
        .cookie()
        .unwrap();

    // Ana plays a short game against a bot, to its end.
    let mut c = signed_in_socket(addr, &ana).await;
    let create = json!({"type":"create","name":"Ana","bots":1,"board":"{\"size\": 3}","rules":"ending=loose"});
    c.send(create).await;
    c.until("seated").await;
    let table = c.table;
    c.watch(None).await;
    c.command("start").await;
    c.play_to_the_end().await;
    let finished = c
        .seen
        .iter()
        .find(|e| e["event"]["type"] == "finished")
        .expect("someone won")["event"]["result"]
        .clone();
    let winner = finished["winner_name"].as_str().unwrap().to_string();
    let ana_won = finished["winner"] == json!(c.seat.unwrap());
    let lobby = request(addr, "GET", &format!("/api/tables/{table}"), None, None, "").await;

    // The list: the game, with the board and rules as the lobby states them, the seats, the
    // winner and the turns.
    let list = request(addr, "GET", "/api/account/games", Some(&ana), None, "").await;
    assert_eq!(list.status, 200, "{}", list.json);
    assert_eq!(list.json["next"], Value::Null);
    let games = list.json["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{}", list.json);
    let game = &games[0];
    assert_eq!(game["table"], json!(table));
    assert_eq!(game["winner"], json!(winner));
    assert_eq!(game["won"], json!(ana_won));
    assert_eq!(game["turns"], finished["turns"]);
    assert_eq!(game["board"], lobby.json["words"]["board"]);
    assert_eq!(game["rules"], lobby.json["rules_line"]);
    assert_eq!(game["outcome"], lobby.json["words"]["state"]);
    assert_eq!(
        game["seats"][0],
        json!({"name":"Ana","bot":false,"you":true})
    );
    assert_eq!(game["seats"][1]["bot"], json!(true));
    assert_eq!(game["record"], json!(format!("/api/tables/{table}/record")));
    assert!(game["finished_at"].as_i64().unwrap() > 1_700_000_000_000);

    // The figures count it.
    let figures = request(
        addr,
        "GET",
        "/api/account/games/figures",
        Some(&ana),
        None,
        "",
    )
    .await;
    assert_eq!(figures.status, 200, "{}", figures.json);
    let won = u64::from(ana_won);
    assert_eq!(
        (&figures.json["played"], &figures.json["won"]),
        (&json!(1), &json!(won))
    );
    let by_board = &figures.json["by_board"][0];
    assert_eq!(
        (&by_board["played"], &by_board["won"]),
        (&json!(1), &json!(won))
    );
    // The rules in their canonical text, every option said.
    let rules = by_board["rules_text"].as_str().unwrap();
    assert!(rules.starts_with("ending=loose,start="), "{rules}");
    assert_eq!(by_board["board"], lobby.json["words"]["board"]);

    // The replay says, from the start on, what Ana's page was told as it happened.
    let path = format!("/api/tables/{table}/replay?lang=en");
    let replay = request(addr, "GET", &path, Some(&ana), None, "").await;
    assert_eq!(replay.status, 200, "{}", replay.json);
    assert_eq!(replay.json["you"], json!(c.seat.unwrap()));
    let told = replayed_from_start(&replay.json);
    assert!(told.len() > 3, "{told:?}");
    assert!(
        c.text.ends_with(&told),
        "live: {:?}\nreplayed: {told:?}",
        c.text
    );
    // In another language, other words for the same steps.
    let korean = request(
        addr,
        "GET",
        &format!("/api/tables/{table}/replay?lang=ko"),
        Some(&ana),
        None,
        "",
    )
    .await;
    let steps = |v: &Value| v["steps"].as_array().unwrap().len();
    assert_eq!(steps(&korean.json), steps(&replay.json));
    assert_ne!(replayed_from_start(&korean.json), told);

    // A guest has no games; another member has none of Ana's, and hears her game told as
    // someone watching.
    for path in ["/api/account/games", "/api/account/games/figures"] {
        let guest = request(addr, "GET", path, None, None, "").await;
        assert_eq!(
            (guest.status, &guest.json["code"]),
            (401, &json!("not_signed_in")),
            "{path}"
        );
    }
    let bo = sign_up(addr, "Bo", "another horse").await.cookie().unwrap();
    let theirs = request(addr, "GET", "/api/account/games", Some(&bo), None, "").await;
    assert_eq!(theirs.json, json!({"games": [], "next": null}));
    let counted = request(
        addr,
        "GET",
        "/api/account/games/figures",
        Some(&bo),
        None,
        "",
    )
    .await;
    assert_eq!(counted.json, json!({"played": 0, "won": 0, "by_board": []}));
    let watched = request(addr, "GET", &path, Some(&bo), None, "").await;
    assert_eq!(watched.json["you"], Value::Null);
    assert_eq!(steps(&watched.json), steps(&replay.json));
    assert_ne!(replayed_from_start(&watched.json), told);
    let too_many = request(
        addr,
        "GET",
        "/api/account/games?limit=51",
        Some(&bo),
        None,
        "",
    )
    .await;
    assert_eq!(
        (too_many.status, &too_many.json["code"]),
        (400, &json!("bad_message"))
    );
    let nothing = request(addr, "GET", "/api/tables/999/replay", None, None, "").await;
    assert_eq!(nothing.json["code"], json!("no_such_table"));

    // The account's download holds the list.
    let export = request(addr, "GET", "/api/account/export", Some(&ana), None, "").await;
    assert_eq!(export.json["games"], list.json["games"]);
}

#[tokio::test]
async fn a_member_whose_seat_the_start_moved_down_finds_their_own_seat_in_the_list() {
    let dir = temp_dir("members-games-seats");
    let (addr, _state) = start(config(&dir)).await;
    let cy_cookie = sign_up(addr, "Cy", "correct horse").await.cookie().unwrap();
    // Ana (seat 0), Bo (seat 1), Cy, a member (seat 2); Bo leaves before the start, so Cy is
    // player 1 of the game.
    let mut ana = Client::connect(addr).await;
    let create = json!({"name":"Ana","seats":3,"board":"{\"size\": 3}","rules":"ending=loose"});
    ana.create(create).await;
    ana.watch(None).await;
    let mut bo = Client::join(addr, ana.table, "Bo").await;
    let mut cy = signed_in_socket(addr, &cy_cookie).await;
    cy.send(json!({"type":"act","table":ana.table,"action":{"type":"join","name":"Cy"}}))
        .await;
    cy.until("seated").await;
    assert_eq!(cy.seat, Some(2));
    cy.watch(None).await;
    bo.watch(None).await;
    bo.command("leave").await;
    ana.until_event("left").await;
    ana.command("start").await;
    ana.until_event("started").await;
    cy.until_event("started").await;
    assert_eq!(cy.seat, Some(1), "the start moved Cy down");
    tokio::join!(ana.play_to_the_end(), cy.play_to_the_end());
    let result = cy
        .seen
        .iter()
        .find(|e| e["event"]["type"] == "finished")
        .expect("someone won")["event"]["result"]
        .clone();

    let list = request(
        addr,
        "GET",
        "/api/account/games",
        Some(&cy_cookie),
        None,
        "",
    )
    .await;
    let game = &list.json["games"][0];
    assert_eq!(
        game["seats"],
        json!([
            {"name":"Ana","bot":false,"you":false},
            {"name":"Cy","bot":false,"you":true}
        ])
    );
    assert_eq!(game["won"], json!(result["winner"] == json!(1)));
    assert_eq!(game["winner"], result["winner_name"]);
    let figures = request(
        addr,
        "GET",
        "/api/account/games/figures",
        Some(&cy_cookie),
        None,
        "",
    )
    .await;
    assert_eq!(
        figures.json["won"],
        json!(u64::from(result["winner"] == json!(1)))
    );
    let path = format!("/api/tables/{}/replay", ana.table);
    let replay = request(addr, "GET", &path, Some(&cy_cookie), None, "").await;
    assert_eq!(replay.json["you"], json!(1));
    assert!(cy.text.ends_with(&replayed_from_start(&replay.json)));
}
