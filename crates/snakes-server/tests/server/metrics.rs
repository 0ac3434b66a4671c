//! `/healthz`, `/readyz` and `/metrics` (Prometheus' text format, parsed here): after a whole
//! game, each counter has moved by what happened, no more, no less; with `--admin-bind` they
//! leave the main address for their own.

use std::collections::HashMap;
use std::net::SocketAddr;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;
use snakes_server::{AppState, Clock, app};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

use super::{Client, WAIT, config, rolls_of, start, stored_events, temp_dir};

/// `GET path` on a new connection: the status line's code and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(WAIT, tcp.read_to_string(&mut answer))
        .await
        .unwrap()
        .unwrap();
    let code = answer[9..12].parse().unwrap();
    let body = answer.split_once("\r\n\r\n").unwrap().1.to_string();
    (code, body)
}

/// The samples of a Prometheus (OpenMetrics) text: `name{labels}` to value. Checks the text's
/// shape as it goes: every sample's metric has a `# TYPE`, and the text ends with `# EOF`.
fn parse(text: &str) -> HashMap<String, f64> {
    let mut typed = Vec::new();
    let mut samples = HashMap::new();
    assert_eq!(text.lines().last(), Some("# EOF"), "{text}");
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            typed.push(rest.split(' ').next().unwrap().to_string());
            continue;
        }
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let (name, value) = line.rsplit_once(' ').unwrap();
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("{line}"));
        let family = name.split('{').next().unwrap();
        assert!(
            typed.iter().any(|t| family.starts_with(t.as_str())),
            "{family} has no # TYPE"
        );
        samples.insert(name.to_string(), value);
    }
    samples
}

#[tokio::test]
async fn after_a_game_each_counter_moved_by_what_happened() {
    let dir = temp_dir("metrics");
    let mut config = config(&dir);
    // One table a client address, and no allowance coming back while the test runs.
    config.creates_per_minute = 1.0;
    config.clock = Clock::manual();
    let db = config.db.clone();
    let (addr, _state) = start(config).await;
    assert_eq!(get(addr, "/healthz").await, (200, "ok\n".to_string()));
    assert_eq!(get(addr, "/readyz").await, (200, "ready\n".to_string()));
    let before = parse(&get(addr, "/metrics").await.1);
    assert_eq!(before["snakes_rolls_total"], 0.0);
    assert_eq!(before["snakes_tables{status=\"finished\"}"], 0.0);

    // A whole game of Ana and a bot.
    let mut ana = Client::connect(addr).await;
    let seated = ana.create(json!({"name": "Ana", "bots": 1})).await;
    assert_eq!(seated["type"], "seated", "{seated}");
    ana.watch(None).await;
    ana.command("start").await;
    ana.until_event("started").await;
    ana.play_to_the_end().await;
    let rolls = rolls_of(&stored_events(&db, ana.table)).len() as f64;
    assert!(rolls > 10.0, "{rolls}");

    // Refusals: a second table from the same address (its allowance is spent), a table
    // nobody has, a message that is not JSON, and over HTTP an address nobody serves.
    let mut other = Client::connect(addr).await;
    let refused = other.create(json!({"name": "Bo"})).await;
    assert_eq!(refused["code"], "too_many_requests", "{refused}");
    other.send(json!({"type": "watch", "table": 999})).await;
    assert_eq!(other.until("refused").await["code"], "no_such_table");
    other.send_raw("not json".into()).await;
    assert_eq!(other.until("refused").await["code"], "bad_message");
    assert_eq!(get(addr, "/nowhere").await.0, 404);

    let after = parse(&get(addr, "/metrics").await.1);
    assert_eq!(after["snakes_rolls_total"], rolls);
    assert_eq!(after["snakes_roll_broadcast_seconds_count"], rolls);
    assert!(after["snakes_roll_broadcast_seconds_sum"] > 0.0);
    // Every roll was committed, and so were the table's set-up and seats.
    assert!(after["snakes_store_commit_seconds_count"] > rolls);
    assert_eq!(after["snakes_tables{status=\"finished\"}"], 1.0);
    assert_eq!(after["snakes_tables{status=\"waiting\"}"], 0.0);
    assert_eq!(after["snakes_tables{status=\"playing\"}"], 0.0);
    for (code, n) in [
        ("too_many_requests", 1.0),
        ("no_such_table", 1.0),
        ("bad_message", 1.0),
        ("not_found", 1.0),
    ] {
        let key = format!("snakes_refusals_total{{code=\"{code}\"}}");
        assert_eq!(after.get(&key), Some(&n), "{key}");
    }
    let refusals: f64 = after
        .iter()
        .filter(|(k, _)| k.starts_with("snakes_refusals_total"))
        .map(|(_, v)| v)
        .sum();
    assert_eq!(refusals, 4.0, "no other refusal: {after:?}");
    assert_eq!(
        after["snakes_caps_hit_total{kind=\"creates_per_minute\"}"],
        1.0
    );
    assert_eq!(after["snakes_websockets_open"], 2.0, "Ana and Bo");
    // Both sockets, and the connection asking for /metrics.
    assert_eq!(after["snakes_connections_open"], 3.0);
}

#[tokio::test]
async fn admin_bind_moves_health_and_metrics_to_an_address_of_their_own() {
    let dir = temp_dir("admin");
    let mut config = config(&dir);
    config.admin_bind = Some(SocketAddr::from(([127, 0, 0, 1], 0)));
    let state = AppState::open(config).await.unwrap();
    for path in ["/metrics", "/healthz", "/readyz"] {
        let answer = app(state.clone())
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let admin = listener.local_addr().unwrap();
    tokio::spawn(snakes_server::serve_admin(listener, state.clone()));
    assert_eq!(get(admin, "/healthz").await, (200, "ok\n".to_string()));
    assert_eq!(get(admin, "/readyz").await, (200, "ready\n".to_string()));
    let metrics = parse(&get(admin, "/metrics").await.1);
    assert_eq!(metrics["snakes_rolls_total"], 0.0);
    // Nothing else is there: not the page, not the API.
    assert_eq!(get(admin, "/").await.0, 404);
    assert_eq!(get(admin, "/api/tables").await.0, 404);
}
