//! Passkeys over real HTTP on loopback, with a real SQLite file and a software authenticator
//! (`snakes_testing::passkey`, a P-256 key of ring's): signing up with a passkey and no password, signing in
//! with it (no name), each refusal as the page meets it (a challenge used twice, another
//! origin, an unknown passkey: all `bad_sign_in` on signing in), a passkey added to an account
//! with a password, listed, exported without its key and removed, the last one kept, and an
//! account deleted with a passkey.

use snakes_testing::passkey::{Soft, b64, unb64};

use super::members::{Answer, request, sign_up};
use super::*;

/// `POST /api/account/passkey/{step}` (`sign-in/begin`, say) with `body` from a page at
/// `origin`, with the session `cookie` if any.
async fn passkey(
    addr: SocketAddr,
    step: &str,
    cookie: Option<&str>,
    body: Value,
    origin: &str,
) -> Answer {
    let path = format!("/api/account/passkey/{step}");
    let extra = format!("Origin: {origin}\r\n");
    request(addr, "POST", &path, cookie, Some(body), &extra).await
}

/// Begins signing up as `name` from a page at `origin`: the options to make a passkey.
async fn sign_up_begin(addr: SocketAddr, name: &str, origin: &str) -> Answer {
    passkey(addr, "sign-up/begin", None, json!({"name": name}), origin).await
}

/// Signs up as `name` with a passkey `soft` makes, from a page at `origin`.
async fn sign_up_with_passkey(
    addr: SocketAddr,
    name: &str,
    soft: &mut Soft,
    origin: &str,
) -> Answer {
    let begun = sign_up_begin(addr, name, origin).await;
    let made = soft.create(&begun.json, origin);
    passkey(addr, "sign-up/finish", None, made, origin).await
}

/// `soft`'s assertion to sign in, its client data saying `origin`, on options a page of this
/// server asked for.
async fn sign_in_answer(addr: SocketAddr, soft: &mut Soft, origin: &str) -> Value {
    let own = format!("http://{addr}");
    let begun = passkey(addr, "sign-in/begin", None, json!({}), &own).await;
    assert_eq!(begun.status, 200, "{}", begun.json);
    assert_eq!(begun.json["allowCredentials"], json!([]));
    soft.get(&begun.json, origin)
}

/// Signs in with `answer` from a page of this server.
async fn sign_in_with(addr: SocketAddr, answer: Value) -> Answer {
    let own = format!("http://{addr}");
    passkey(addr, "sign-in/finish", None, answer, &own).await
}

/// Signs in with `soft`'s passkey, its client data saying `origin`.
async fn sign_in(addr: SocketAddr, soft: &mut Soft, origin: &str) -> Answer {
    let answer = sign_in_answer(addr, soft, origin).await;
    sign_in_with(addr, answer).await
}

/// Begins adding a passkey, signed in with `cookie` if any, from a page at `origin`.
async fn add_begin(addr: SocketAddr, cookie: Option<&str>, origin: &str) -> Answer {
    passkey(addr, "add/begin", cookie, json!({}), origin).await
}

#[tokio::test]
async fn a_member_signs_up_and_in_with_a_passkey_and_every_failure_reads_as_a_wrong_password() {
    let dir = temp_dir("passkeys");
    let (addr, _state) = start(config(&dir)).await;
    let origin = format!("http://{addr}");

    // The options to make a passkey: this server's rp id (its host, no port), a random handle
    // (not the name), a challenge of 32 bytes, no attestation, ES256 first.
    let begun = sign_up_begin(addr, " Ana ", &origin).await;
    assert_eq!(begun.status, 200, "{}", begun.json);
    let options = &begun.json;
    assert_eq!(options["rp"]["id"], "127.0.0.1");
    assert_eq!(
        (&options["user"]["name"], &options["user"]["displayName"]),
        (&json!("Ana"), &json!("Ana"))
    );
    assert_eq!(unb64(&options["user"]["id"]).len(), 16);
    assert_eq!(unb64(&options["challenge"]).len(), 32);
    assert_eq!(options["attestation"], "none");
    assert_eq!(
        options["pubKeyCredParams"],
        json!([{"type": "public-key", "alg": -7}, {"type": "public-key", "alg": -8},
               {"type": "public-key", "alg": -257}])
    );
    assert_eq!(options["timeout"], 300_000);

    let mut soft = Soft::new();
    let made = soft.create(options, &origin);
    let up = passkey(addr, "sign-up/finish", None, made.clone(), &origin).await;
    assert_eq!(up.status, 201, "{}", up.json);
    assert_eq!(
        (&up.json["name"], &up.json["password"]),
        (&json!("Ana"), &json!(false))
    );
    let ana = up.cookie().unwrap();
    assert_eq!(ana.len(), 64);
    // The same answer again: its challenge is used.
    let again = passkey(addr, "sign-up/finish", None, made, &origin).await;
    assert_eq!(
        (again.status, &again.json["code"]),
        (400, &json!("bad_passkey"))
    );
    // The name is Ana's now, however spelled.
    let taken = sign_up_begin(addr, "ana", &origin).await;
    assert_eq!(
        (taken.status, &taken.json["code"]),
        (409, &json!("name_taken"))
    );
    // Her passkeys: one, as labelled, never used.
    let list = request(addr, "GET", "/api/account/passkeys", Some(&ana), None, "").await;
    assert_eq!(list.status, 200);
    assert_eq!(list.json.as_array().unwrap().len(), 1);
    assert_eq!(list.json[0]["label"], "Test key");
    assert_eq!(list.json[0]["last_used_at"], Value::Null);

    // Signing in: no name, a new session of Ana's.
    let signed = sign_in(addr, &mut soft, &origin).await;
    assert_eq!(signed.status, 200, "{}", signed.json);
    assert_eq!(signed.json["name"], "Ana");
    let second = signed.cookie().unwrap();
    assert_ne!(second, ana);
    let me = request(addr, "GET", "/api/account", Some(&second), None, "").await;
    assert_eq!(me.json["name"], "Ana");

    // Every failure is the wrong password's refusal, word for word.
    let wrong = request(
        addr,
        "POST",
        "/api/account/sign-in",
        None,
        Some(json!({"name": "Nobody", "password": "correct horse"})),
        "",
    )
    .await;
    assert_eq!(
        (wrong.status, &wrong.json["code"]),
        (401, &json!("bad_sign_in"))
    );
    // Another origin in the client data (a look-alike site relaying the page).
    let elsewhere = sign_in(addr, &mut soft, "http://127.0.0.1.evil.test").await;
    // A passkey this server does not know.
    let mut stranger = Soft::new();
    stranger.rp = "127.0.0.1".into();
    stranger.handle = vec![1; 16];
    let unknown = sign_in(addr, &mut stranger, &origin).await;
    // A counter that went back (a cloned authenticator).
    soft.count = 0;
    let cloned = sign_in(addr, &mut soft, &origin).await;
    // Signing in without the user handle, or with another member's.
    let mut answer = sign_in_answer(addr, &mut soft, &origin).await;
    answer["response"]["userHandle"] = Value::Null;
    let no_handle = sign_in_with(addr, answer).await;
    let mut answer = sign_in_answer(addr, &mut soft, &origin).await;
    answer["response"]["userHandle"] = json!(b64(&[7; 16]));
    let other_handle = sign_in_with(addr, answer).await;
    // An answer sent twice: its challenge is used.
    soft.count = 10;
    let answer = sign_in_answer(addr, &mut soft, &origin).await;
    let first = sign_in_with(addr, answer.clone()).await;
    assert_eq!(first.status, 200, "{}", first.json);
    let replayed = sign_in_with(addr, answer).await;
    for refused in [
        &elsewhere,
        &unknown,
        &cloned,
        &no_handle,
        &other_handle,
        &replayed,
    ] {
        assert_eq!((refused.status, &refused.json), (401, &wrong.json));
        assert!(refused.cookie().is_none());
    }

    // A page of another site is refused before anything is kept.
    let evil = passkey(
        addr,
        "sign-in/begin",
        None,
        json!({}),
        "http://evil.example",
    )
    .await;
    assert_eq!(
        (evil.status, &evil.json["code"]),
        (403, &json!("bad_origin"))
    );

    // Her only passkey stays: it is her only way in.
    let id = list.json[0]["id"].as_i64().unwrap();
    let path = format!("/api/account/passkeys/{id}");
    let extra = format!("Origin: {origin}\r\n");
    let last = request(addr, "DELETE", &path, Some(&ana), None, &extra).await;
    assert_eq!(
        (last.status, &last.json["code"]),
        (409, &json!("last_passkey"))
    );
}

#[tokio::test]
async fn a_member_with_a_password_adds_lists_exports_and_removes_a_passkey() {
    let dir = temp_dir("passkeys-add");
    let (addr, _state) = start(config(&dir)).await;
    let origin = format!("http://{addr}");
    let bo = sign_up(addr, "Bo", "correct horse").await.cookie().unwrap();
    // Signed out, nothing to add to.
    let guest = add_begin(addr, None, &origin).await;
    assert_eq!(
        (guest.status, &guest.json["code"]),
        (401, &json!("not_signed_in"))
    );
    let begun = add_begin(addr, Some(&bo), &origin).await;
    assert_eq!(begun.status, 200, "{}", begun.json);
    assert_eq!(begun.json["user"]["name"], "Bo");
    assert_eq!(begun.json["excludeCredentials"], json!([]));
    let handle = unb64(&begun.json["user"]["id"]);
    let mut soft = Soft::new();
    let made = soft.create(&begun.json, &origin);
    let added = passkey(addr, "add/finish", Some(&bo), made, &origin).await;
    assert_eq!(added.status, 201, "{}", added.json);
    assert_eq!(added.json.as_array().unwrap().len(), 1);
    let id = added.json[0]["id"].as_i64().unwrap();
    // A second begin names the passkey to exclude and keeps the handle.
    let again = add_begin(addr, Some(&bo), &origin).await;
    assert_eq!(
        again.json["excludeCredentials"],
        json!([{"type": "public-key", "id": b64(&soft.id)}])
    );
    assert_eq!(unb64(&again.json["user"]["id"]), handle);
    // The same passkey again, on that challenge: kept already.
    let twice = soft.create(&again.json, &origin);
    let twice = passkey(addr, "add/finish", Some(&bo), twice, &origin).await;
    assert_eq!(
        (twice.status, &twice.json["code"]),
        (400, &json!("bad_passkey"))
    );

    // Bo signs in with it; the list says when.
    let signed = sign_in(addr, &mut soft, &origin).await;
    assert_eq!(signed.json["name"], "Bo");
    let list = request(addr, "GET", "/api/account/passkeys", Some(&bo), None, "").await;
    assert!(list.json[0]["last_used_at"].as_i64().unwrap() > 0);
    // The export lists it, never its key.
    let export = request(addr, "GET", "/api/account/export", Some(&bo), None, "").await;
    assert_eq!(export.status, 200);
    assert_eq!(export.json["passkeys"], list.json);
    assert!(!export.json.to_string().contains(&b64(&soft.cose())));

    // Removed: Bo keeps his password. Another member's passkey is not found.
    let extra = format!("Origin: {origin}\r\n");
    let path = format!("/api/account/passkeys/{id}");
    let cy = sign_up(addr, "Cy", "correct horse").await.cookie().unwrap();
    let not_hers = request(addr, "DELETE", &path, Some(&cy), None, &extra).await;
    assert_eq!(
        (not_hers.status, &not_hers.json["code"]),
        (404, &json!("not_found"))
    );
    let gone = request(addr, "DELETE", &path, Some(&bo), None, &extra).await;
    assert_eq!(gone.status, 204, "{}", gone.json);
    let list = request(addr, "GET", "/api/account/passkeys", Some(&bo), None, "").await;
    assert_eq!(list.json, json!([]));
    let after = sign_in(addr, &mut soft, &origin).await;
    assert_eq!(
        (after.status, &after.json["code"]),
        (401, &json!("bad_sign_in"))
    );
}

#[tokio::test]
async fn a_passkey_only_member_deletes_the_account_with_a_fresh_passkey_assertion() {
    let dir = temp_dir("passkeys-delete");
    let (addr, _state) = start(config(&dir)).await;
    let origin = format!("http://{addr}");
    let mut soft = Soft::new();
    let dee = sign_up_with_passkey(addr, "Dee", &mut soft, &origin)
        .await
        .cookie()
        .unwrap();
    let extra = format!("Origin: {origin}\r\n");

    // A sign-in's assertion does not delete: the challenge was given for another ceremony.
    let answer = sign_in_answer(addr, &mut soft, &origin).await;
    let body = Some(json!({"passkey": answer}));
    let refused = request(addr, "DELETE", "/api/account", Some(&dee), body, &extra).await;
    assert_eq!(
        (refused.status, &refused.json["code"]),
        (401, &json!("bad_sign_in"))
    );
    // Nor does an empty password.
    let body = Some(json!({}));
    let refused = request(addr, "DELETE", "/api/account", Some(&dee), body, &extra).await;
    assert_eq!(refused.status, 401);

    let begun = passkey(addr, "delete/begin", Some(&dee), json!({}), &origin).await;
    assert_eq!(begun.status, 200, "{}", begun.json);
    assert_eq!(
        begun.json["allowCredentials"],
        json!([{"type": "public-key", "id": b64(&soft.id)}])
    );
    let mut answer = soft.get(&begun.json, &origin);
    // The passkeys were listed: an authenticator may leave the user handle out.
    answer["response"]["userHandle"] = Value::Null;
    let body = Some(json!({"passkey": answer}));
    let deleted = request(addr, "DELETE", "/api/account", Some(&dee), body, &extra).await;
    assert_eq!(deleted.status, 204, "{}", deleted.json);
    assert_eq!(deleted.cookie().as_deref(), Some(""));
    let me = request(addr, "GET", "/api/account", Some(&dee), None, "").await;
    assert_eq!(me.status, 401);
    // The passkey went with the account; the name is free.
    let after = sign_in(addr, &mut soft, &origin).await;
    assert_eq!(after.status, 401);
    let name = sign_up_begin(addr, "Dee", &origin).await;
    assert_eq!(name.status, 200);
}

#[tokio::test]
async fn passkey_tries_count_against_the_address() {
    let dir = temp_dir("passkeys-tries");
    let config = Config {
        clock: snakes_server::Clock::manual(),
        ..config(&dir)
    };
    let (addr, _state) = start(config).await;
    let origin = format!("http://{addr}");
    let mut answered = Vec::new();
    for _ in 0..21 {
        let begun = passkey(addr, "sign-in/begin", None, json!({}), &origin).await;
        answered.push(begun.status);
        if begun.status == 429 {
            assert_eq!(begun.json["code"], "too_many_sign_ins");
            assert!(begun.head.contains("retry-after: 60\r\n"), "{}", begun.head);
            break;
        }
    }
    // 20 a minute from one address, and the clock does not move.
    assert_eq!(answered.len(), 21, "{answered:?}");
    assert!(answered[..20].iter().all(|s| *s == 200), "{answered:?}");
}

#[tokio::test]
async fn a_page_of_an_allowed_site_makes_no_passkey_here() {
    let dir = temp_dir("passkeys-allowed");
    let config = Config {
        allow_origins: vec!["http://friend.example".into()],
        ..config(&dir)
    };
    let (addr, _state) = start(config).await;
    // The Origin check lets the other site's page ask (a password's sign-in would pass)...
    let password = request(
        addr,
        "POST",
        "/api/account/sign-in",
        None,
        Some(json!({"name": "Nobody", "password": "correct horse"})),
        "Origin: http://friend.example\r\n",
    )
    .await;
    assert_eq!(password.json["code"], "bad_sign_in");
    // ...but a passkey belongs to this server's own origin alone.
    for step in ["sign-in/begin", "sign-in/finish"] {
        let refused = passkey(addr, step, None, json!({}), "http://friend.example").await;
        assert_eq!(
            (refused.status, &refused.json["code"]),
            (403, &json!("bad_origin")),
            "{step}"
        );
    }
    let own = passkey(
        addr,
        "sign-in/begin",
        None,
        json!({}),
        &format!("http://{addr}"),
    )
    .await;
    assert_eq!(own.status, 200);
}
