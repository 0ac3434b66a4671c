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
    let mut guest = Client::connect(addr).await;
    guest
        .send(json!({"type":"hello","protocol":2,"locale":"en"}))
        .await;
    guest.until("hello").await;
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
    let mut guest = Client::connect(addr).await;
    guest
        .send(json!({"type":"hello","protocol":2,"locale":"en"}))
        .await;
    guest.until("hello").await;
    assert_eq!(
        set_name(&mut guest, "Li").await,
        ("named".into(), "Li".into())
    );
    let again = sign_up(addr, "Li", "another passphrase").await;
    assert_eq!(again.status, 201, "{}", again.json);
}
