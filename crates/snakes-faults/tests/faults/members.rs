//! Members on a cluster: three servers behind nginx on one PostgreSQL. A member signs up on
//! server 1; the name is theirs on server 3 at once (the store holds it, not a server), their
//! page on server 2 is signed in by the cookie, a block she makes on server 3 holds there at
//! once, and signing out everywhere on server 1 makes that page a guest's at once
//! (PostgreSQL's notification `a<id>`, not a poll). A passkey's ceremonies begin on one server
//! and finish on another (the challenge is the store's), each challenge taken once.

use serde_json::{Value, json};
use snakes_faults::players::{Client, client, signed_in_client};
use snakes_faults::{Options, Run};
use snakes_testing::passkey::Soft;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `method path` on `server` (`http://127.0.0.1:port/s1`) with the JSON `body` and the session
/// `cookie`: the status, the session's secret the answer sets (if any) and the JSON body.
async fn request(
    server: &str,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Value,
) -> (u16, Option<String>, Value) {
    let rest = server.strip_prefix("http://").unwrap();
    let (host, prefix) = rest.split_once('/').unwrap();
    let body = body.to_string();
    let cookie = cookie
        .map(|c| format!("Cookie: snakes_session={c}\r\n"))
        .unwrap_or_default();
    let text = format!(
        "{method} /{prefix}{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{cookie}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut tcp = tokio::net::TcpStream::connect(host).await.unwrap();
    tcp.write_all(text.as_bytes()).await.unwrap();
    let mut raw = String::new();
    tokio::time::timeout(Duration::from_secs(180), tcp.read_to_string(&mut raw))
        .await
        .unwrap()
        .unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let secret = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("set-cookie: snakes_session=")
                .map(str::to_string)
        })
        .map(|v| v.split(';').next().unwrap().to_string());
    (
        status,
        secret,
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}

/// What `set_name` of `name` is answered: `named`, or the refusal's code.
async fn set_name(c: &mut Client, name: &str) -> String {
    c.send(json!({"type":"set_name","name":name})).await;
    let answer = c.until_any(&["named", "refused"]).await.unwrap();
    match answer["type"].as_str() {
        Some("named") => "named".into(),
        _ => answer["code"].as_str().unwrap().into(),
    }
}

#[test]
fn a_member_is_known_and_signed_out_on_every_server() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let options = Options {
        tables: 0,
        ..Options::default()
    };
    let run = runtime.block_on(Run::start("members", options));
    runtime.block_on(async {
        let (status, session, account) = request(
            &run.address(1),
            "POST",
            "/api/account",
            None,
            json!({"name":"Ana","password":"correct horse"}),
        )
        .await;
        assert_eq!(
            (status, &account["name"]),
            (201, &json!("Ana")),
            "{account}"
        );
        let session = session.unwrap();

        // Server 3 holds the name against a guest; server 2 lets Ana's own page take it.
        let mut guest = client(&run.address(3)).await;
        guest.until("hello").await.unwrap();
        assert_eq!(set_name(&mut guest, "\u{410}na").await, "name_held");
        let mut ana = signed_in_client(&run.address(2), &session).await;
        ana.until("hello").await.unwrap();
        assert_eq!(set_name(&mut ana, "Ana").await, "named");

        // Ana blocks Bo from a page on server 3: her page on server 2 is told at once, and
        // hears nothing Bo says there.
        let (status, bo_session, _) = request(
            &run.address(1),
            "POST",
            "/api/account",
            None,
            json!({"name":"Bo","password":"battery staple"}),
        )
        .await;
        assert_eq!(status, 201);
        let mut bo = signed_in_client(&run.address(2), &bo_session.unwrap()).await;
        bo.until("hello").await.unwrap();
        let mut cy = client(&run.address(2)).await;
        cy.until("hello").await.unwrap();
        for (c, name) in [(&mut bo, "Bo"), (&mut cy, "Cy")] {
            assert_eq!(set_name(c, name).await, "named");
        }
        for c in [&mut ana, &mut bo, &mut cy] {
            c.send(json!({"type":"list_tables"})).await;
            c.until("tables").await.unwrap();
        }
        let mut elsewhere = signed_in_client(&run.address(3), &session).await;
        elsewhere.until("hello").await.unwrap();
        elsewhere.send(json!({"type":"block","name":"Bo"})).await;
        let told = json!({
            "type": "blocks",
            "names": ["Bo"],
            "line": "You blocked Bo: you will not hear their messages, and they cannot join your waiting tables. They are not told."
        });
        assert_eq!(elsewhere.until("blocks").await.unwrap(), told);
        assert_eq!(ana.until("blocks").await.unwrap(), told);
        bo.send(json!({"type":"say","text":"psst"})).await;
        bo.until("said").await.unwrap();
        cy.send(json!({"type":"say","text":"hello all"})).await;
        assert_eq!(
            ana.until("said").await.unwrap()["line"],
            "Cy says: hello all"
        );

        // Signed out everywhere on server 1: Ana's page on server 2 is told at once.
        let (status, _, _) = request(
            &run.address(1),
            "POST",
            "/api/account/sign-out-everywhere",
            Some(&session),
            Value::Null,
        )
        .await;
        assert_eq!(status, 204);
        let told = ana.until("signed_out").await.unwrap();
        assert_eq!(
            told["line"],
            "You are signed out: your account's sessions were ended. You go on as a guest."
        );
        assert_eq!(set_name(&mut ana, "Ana").await, "name_held");

        // Dee signs up with a passkey begun on server 1 and finished on server 2, and signs in
        // with it begun on server 3 and finished on server 1: the challenge is the store's. The
        // same answer again, on server 2, finds its challenge taken.
        let origin = run.address(1).rsplit_once('/').unwrap().0.to_string();
        let (status, _, options) = request(
            &run.address(1),
            "POST",
            "/api/account/passkey/sign-up/begin",
            None,
            json!({"name": "Dee"}),
        )
        .await;
        assert_eq!((status, &options["rp"]["id"]), (200, &json!("127.0.0.1")));
        let mut soft = Soft::new();
        let made = soft.create(&options, &origin);
        let (status, dee, account) = request(
            &run.address(2),
            "POST",
            "/api/account/passkey/sign-up/finish",
            None,
            made,
        )
        .await;
        assert_eq!((status, &account["name"]), (201, &json!("Dee")), "{account}");
        assert!(dee.is_some());
        let (status, _, options) = request(
            &run.address(3),
            "POST",
            "/api/account/passkey/sign-in/begin",
            None,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{options}");
        let answer = soft.get(&options, &origin);
        let (status, again, account) = request(
            &run.address(1),
            "POST",
            "/api/account/passkey/sign-in/finish",
            None,
            answer.clone(),
        )
        .await;
        assert_eq!((status, &account["name"]), (200, &json!("Dee")), "{account}");
        assert_ne!(again, dee);
        let (status, none, refused) = request(
            &run.address(2),
            "POST",
            "/api/account/passkey/sign-in/finish",
            None,
            answer,
        )
        .await;
        assert_eq!((status, &refused["code"]), (401, &json!("bad_sign_in")));
        assert_eq!(none, None);
    });
}
