//! The server end to end: the router without a socket, the session logic, real WebSockets on
//! loopback, whole games, restarts from the SQLite file, every refusal code; and (`abuse.rs`)
//! the attacks the server must withstand, each replayed against a real server on loopback.
// The helpers below are test code too: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use futures_util::{SinkExt, StreamExt};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use snakes::{Board, Game, Rules};
use snakes_server::{
    AppState, Clock, Config, DiceKeys, DiceSource, Outbox, Session, TableDice, Timing, app,
};
use tokio::net::TcpStream;
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tower::ServiceExt;

const WAIT: Duration = Duration::from_secs(20);

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("snakes-server-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The seed of every test server's dice: each table's key comes from it and the table's id, so
/// a test on its fresh database plays the same game every time (`Config::dice`). Another seed,
/// to try the tests on other games: `SNAKES_TEST_DICE_SEED=N cargo nextest run`.
fn dice_seed() -> u64 {
    std::env::var("SNAKES_TEST_DICE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(27)
}

/// A test server's configuration: its own database, seeded dice, bots that roll at once, and
/// a grace period no test waits out by accident.
fn config(dir: &Path) -> Config {
    Config {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: dir.join("snakes.db"),
        timing: Timing {
            bot_delay: Duration::ZERO,
            grace: Duration::from_secs(3600),
            turn_timer: None,
        },
        // Clients that roll the moment their turn comes would meet the default rate of 20
        // messages a second; the tests of the limit set their own.
        rate_per_sec: 1000.0,
        rate_burst: 2000.0,
        dice: DiceKeys::Seeded(dice_seed()),
        ..Config::default()
    }
}

mod abuse;
mod languages;

/// A server on 127.0.0.1:0 in this runtime, accepting connections as `snakes serve` does.
async fn start(config: Config) -> (SocketAddr, AppState) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let state = AppState::open(config).await.unwrap();
    tokio::spawn(snakes_server::serve_on(
        listener,
        state.clone(),
        std::future::pending(),
    ));
    (addr, state)
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A WebSocket client speaking the protocol, remembering what a page remembers.
struct Client {
    ws: Ws,
    table: u64,
    token: Option<String>,
    seat: Option<usize>,
    seq: u64,
    turn: Option<usize>,
    over: bool,
    seen: Vec<Value>,
    text: Vec<String>,
    /// What a screen reader says: each `events`' `say` where given, else its `text`; the
    /// catch-up of `watching`.
    said: Vec<String>,
}

impl Client {
    async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        Client {
            ws,
            table: 0,
            token: None,
            seat: None,
            seq: 0,
            turn: None,
            over: false,
            seen: Vec::new(),
            text: Vec::new(),
            said: Vec::new(),
        }
    }

    async fn send(&mut self, v: Value) {
        self.ws.send(Message::text(v.to_string())).await.unwrap();
    }

    async fn send_raw(&mut self, text: String) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    /// The next message, noting what it says about the game.
    async fn recv(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message in time")
                .expect("the connection is open")
                .unwrap();
            let Message::Text(text) = msg else { continue };
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            self.note(&v);
            return v;
        }
    }

    fn note(&mut self, v: &Value) {
        match v["type"].as_str() {
            Some("seated") => {
                self.table = v["table"].as_u64().unwrap();
                self.seat = Some(v["seat"].as_u64().unwrap() as usize);
                self.token = Some(v["token"].as_str().unwrap().to_string());
            }
            Some("watching") => {
                for line in v["say"].as_array().into_iter().flatten() {
                    self.said.push(line.as_str().unwrap().to_string());
                }
                self.seq = v["view"]["seq"].as_u64().unwrap();
                self.turn = v["view"]["turn"].as_u64().map(|t| t as usize);
                self.over = v["view"]["status"] == "finished";
                if let Some(you) = v["you"].as_u64() {
                    self.seat = Some(you as usize);
                }
            }
            Some("events") => {
                for e in v["events"].as_array().unwrap() {
                    let seq = e["seq"].as_u64().unwrap();
                    if seq > self.seq {
                        self.seq = seq;
                        self.apply(&e["event"]);
                    }
                    self.seen.push(e.clone());
                }
                for line in v["text"].as_array().unwrap() {
                    self.text.push(line.as_str().unwrap().to_string());
                }
                let say = v.get("say").filter(|s| !s.is_null()).unwrap_or(&v["text"]);
                for line in say.as_array().unwrap() {
                    self.said.push(line.as_str().unwrap().to_string());
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, event: &Value) {
        match event["type"].as_str().unwrap() {
            "started" => {
                self.turn = Some(event["first"].as_u64().unwrap() as usize);
                if let Some(seat) = self.seat {
                    let players = event["players"].as_array().unwrap();
                    self.seat = players
                        .iter()
                        .position(|p| p["seat"].as_u64() == Some(seat as u64));
                }
            }
            "turn_passed" => self.turn = Some(event["player"].as_u64().unwrap() as usize),
            "finished" | "drawn" => self.over = true,
            _ => {}
        }
    }

    /// Messages until one of type `ty` (the others are noted too).
    async fn until(&mut self, ty: &str) -> Value {
        loop {
            let v = self.recv().await;
            if v["type"] == ty {
                return v;
            }
        }
    }

    /// Messages until the event of type `ty` has been seen.
    async fn until_event(&mut self, ty: &str) {
        while !self.seen.iter().any(|e| e["event"]["type"] == ty) {
            self.recv().await;
        }
    }

    /// A new client that takes a seat at `table` as `name`.
    async fn join(addr: SocketAddr, table: u64, name: &str) -> Client {
        let mut c = Client::connect(addr).await;
        c.send(json!({"type":"join","table":table,"name":name}))
            .await;
        c.until("seated").await;
        c
    }

    /// Ana creates a table (`body`: its options), Bo joins it, both watch it, and Ana starts
    /// the game: the two of them, each having heard the start.
    async fn ana_and_bo_playing(addr: SocketAddr, body: Value) -> (Client, Client) {
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana"}).merge(body)).await;
        ana.watch(None).await;
        let mut bo = Client::join(addr, ana.table, "Bo").await;
        bo.watch(None).await;
        while ana.seq < 2 {
            ana.recv().await;
        }
        ana.command("start").await;
        ana.until_event("started").await;
        bo.until_event("started").await;
        (ana, bo)
    }

    async fn create(&mut self, body: Value) -> Value {
        self.send(json!({"type": "create"}).merge(body)).await;
        self.recv().await
    }

    async fn watch(&mut self, since: Option<u64>) {
        let (table, token) = (self.table, self.token.clone());
        self.send(json!({"type": "watch", "table": table, "token": token, "since": since}))
            .await;
        self.until("watching").await;
    }

    async fn command(&mut self, ty: &str) {
        let (table, token, seq) = (self.table, self.token.clone(), self.seq);
        self.send(json!({"type": ty, "table": table, "token": token, "seq": seq}))
            .await;
    }

    /// Plays until the game is over: rolls whenever it is this client's turn.
    async fn play_to_the_end(&mut self) {
        while !self.over {
            if self.turn.is_some() && self.turn == self.seat {
                self.command("roll").await;
                // Wait for the roll's own events (news of the table may come first) or a
                // refusal before deciding again.
                let me = self.seat.map(|s| s as u64);
                loop {
                    let v = self.recv().await;
                    assert_ne!(v["type"], "refused", "{v}");
                    let mine = |e: &Value| {
                        e["event"]["type"] == "rolled" && e["event"]["player"].as_u64() == me
                    };
                    if v["type"] == "events" && v["events"].as_array().unwrap().iter().any(mine) {
                        break;
                    }
                }
            } else {
                self.recv().await;
            }
        }
    }
}

trait Merge {
    fn merge(self, other: Value) -> Value;
}

impl Merge for Value {
    fn merge(mut self, other: Value) -> Value {
        if let (Some(a), Value::Object(b)) = (self.as_object_mut(), other) {
            a.extend(b);
        }
        self
    }
}

/// The seed of `table`, read straight from the SQLite file.
/// The dice of a stored table: its key (every new table has one).
fn stored_dice(db: &Path, table: u64) -> TableDice {
    let conn = rusqlite::Connection::open(db).unwrap();
    let key: Vec<u8> = conn
        .query_row(
            "SELECT dice_key FROM tables WHERE id = ?1",
            [table as i64],
            |r| r.get(0),
        )
        .unwrap();
    DiceSource::Key(key.try_into().unwrap()).dice()
}

fn stored_events(db: &Path, table: u64) -> Vec<(u64, Value)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT seq, event FROM events WHERE table_id = ?1 ORDER BY seq")
        .unwrap();
    stmt.query_map([table as i64], |r| {
        Ok((
            r.get::<_, i64>(0)? as u64,
            serde_json::from_str(&r.get::<_, String>(1)?).unwrap(),
        ))
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

fn rolls_of(events: &[(u64, Value)]) -> Vec<u8> {
    events
        .iter()
        .filter(|(_, e)| e["type"] == "rolled")
        .map(|(_, e)| e["roll"].as_u64().unwrap() as u8)
        .collect()
}

mod router {
    use super::*;

    async fn call(router: axum::Router, req: Request<Body>) -> (StatusCode, String) {
        let resp = router.oneshot(req).await.unwrap();
        let status = resp.status();
        let body = resp.into_body().collect().await.unwrap().to_bytes();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    fn post(body: &str) -> Request<Body> {
        Request::post("/api/tables")
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .unwrap()
    }

    #[tokio::test]
    async fn pages_and_the_lobby_api_without_a_socket() {
        let dir = temp_dir("router");
        let state = AppState::open(config(&dir)).await.unwrap();
        let router = app(state);

        let (status, html) = call(
            router.clone(),
            Request::get("/").body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            html.contains("aria-live=\"polite\""),
            "the page has a live region"
        );
        let (status, js) = call(
            router.clone(),
            Request::get("/app.js").body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert!(js.contains("localStorage"));

        let (status, body) =
            call(router.clone(), post(r#"{"name":"Ana","seats":3,"bots":1}"#)).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let seated: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(seated["type"], "seated");
        assert_eq!(seated["seat"], 0);
        assert_eq!(seated["token"].as_str().unwrap().len(), 32);
        let id = seated["table"].as_u64().unwrap();

        let (status, body) = call(
            router.clone(),
            Request::get("/api/tables").body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let list: Value = serde_json::from_str(&body).unwrap();
        let t = &list["tables"][0];
        assert_eq!(t["id"], id);
        assert_eq!(t["status"], "waiting");
        assert_eq!(t["seat_count"], 3);
        assert_eq!(t["seats"][0]["name"], "Ana");
        assert_eq!(t["seats"][0]["host"], true);
        assert_eq!(t["seats"][1]["bot"], true);
        assert_eq!(t["seats"][2]["name"], Value::Null);
        assert!(!body.contains("seed"), "the seed never leaves the server");
        assert!(
            !body.contains(seated["token"].as_str().unwrap()),
            "nor the token"
        );

        let (status, body) = call(
            router.clone(),
            Request::get(format!("/api/tables/{id}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let view: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(view["board"]["rows"], 10);
        assert_eq!(view["board"]["ladders"][0], json!([1, 38]));
        assert_eq!(view["seq"], 2, "joined, bot added");
        assert_eq!(view["start_square"], 0, "tokens start off the board");
        let (_, body) = call(router.clone(), post(r#"{"name":"Bo","rules":"leetcode"}"#)).await;
        let leetcode: Value = serde_json::from_str(&body).unwrap();
        let (_, body) = call(
            router.clone(),
            Request::get(format!("/api/tables/{}", leetcode["table"]))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        let view: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(view["start_square"], 1, "{body}");

        let (status, body) = call(
            router.clone(),
            Request::get("/api/tables/999").body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(body.contains("\"code\":\"no_such_table\""));
    }

    #[tokio::test]
    async fn creation_errors_name_the_problem() {
        let dir = temp_dir("router-errors");
        let router = app(AppState::open(config(&dir)).await.unwrap());
        let cases = [
            (
                r#"{"name":"Ana","board":"[[-1,-1],[-1]]"}"#,
                "bad_board",
                "board[1] has 1 cell",
            ),
            (
                r#"{"name":"Ana","board":"[[-1,-1],[-1,9]]"}"#,
                "bad_board",
                "9",
            ),
            (
                r#"{"name":"Ana","rules":"standard,ending=maybe"}"#,
                "bad_rules",
                "maybe",
            ),
            (r#"{"name":"  "}"#, "bad_name", "at least one letter"),
            (r#"{"name":"Ana","seats":5}"#, "bad_seats", "2 to 4 seats"),
            (
                r#"{"name":"Ana","seats":2,"bots":2}"#,
                "bad_seats",
                "no seat for you",
            ),
            (
                &format!(r#"{{"name":"{}"}}"#, "A".repeat(100)),
                "bad_name",
                "at most 24 characters",
            ),
            (r#"{"name":"Ana","colour":"red"}"#, "bad_message", "colour"),
            ("not json", "bad_message", "expected"),
        ];
        for (body, code, words) in cases {
            let (status, reply) = call(router.clone(), post(body)).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            let v: Value = serde_json::from_str(&reply).unwrap();
            assert_eq!(v["code"], code, "{body} -> {reply}");
            assert!(reply.contains(words), "{body} -> {reply}");
            assert!(!v["message"].as_str().unwrap().is_empty());
        }
        // The details are typed: a page tells the problems apart without reading the words.
        let (_, reply) = call(router.clone(), post(r#"{"name":"Ana","seats":2,"bots":2}"#)).await;
        let v: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(
            v,
            json!({
                "type": "refused", "code": "bad_seats",
                "detail": {
                    "kind": "too_many_bots", "bots": 2, "seats": 2,
                    "text": "2 bots leave no seat for you at a table of 2 seats",
                },
                "message": "That table cannot be set up: 2 bots leave no seat for you at a table of 2 seats.",
            })
        );
        // A board where the last square cannot be reached would never end: refused.
        let (_, reply) = call(
            router.clone(),
            post(r#"{"name":"Ana","board":"{\"size\":3,\"snakes\":[[4,1],[5,1],[6,1],[7,1],[8,1],[3,1]]}","rules":"die=2"}"#),
        )
        .await;
        assert!(reply.contains("bad_board"), "{reply}");
        // Nor would one where a token can be trapped: from square 2 a two-sided die only
        // reaches the snakes on 3 and 4, which lead back to 2.
        let (_, reply) = call(
            router.clone(),
            post(r#"{"name":"Ana","board":"{\"rows\":1,\"cols\":6,\"snakes\":[[3,2],[4,2]],\"ladders\":[[1,5]]}","rules":"die=2,ending=exact"}"#),
        )
        .await;
        assert!(reply.contains("bad_board"), "{reply}");
        assert!(reply.contains("square 2"), "{reply}");
    }
}

mod session {
    use super::*;

    fn outbox() -> (Outbox, mpsc::Receiver<axum::extract::ws::Utf8Bytes>) {
        let (tx, rx) = mpsc::channel(64);
        (
            Outbox {
                tx,
                kick: Arc::new(Notify::new()),
            },
            rx,
        )
    }

    fn next(rx: &mut mpsc::Receiver<axum::extract::ws::Utf8Bytes>) -> Value {
        let text = rx.try_recv().expect("a reply");
        serde_json::from_str(text.as_str()).unwrap()
    }

    /// The next answer to a query, past the events a bot's roll may have sent meanwhile (with
    /// no bot delay, it rolls while the question is asked).
    fn next_answer(rx: &mut mpsc::Receiver<axum::extract::ws::Utf8Bytes>) -> Value {
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

        s.handle_text(r#"{"type":"hello","protocol":1}"#).await;
        let v = next(&mut rx);
        assert_eq!(
            (v["type"].as_str(), v["protocol"].as_u64()),
            (Some("hello"), Some(1))
        );

        s.handle_text(r#"{"type":"hello","protocol":2}"#).await;
        let v = next(&mut rx);
        assert_eq!(v["code"], "bad_message");
        assert!(
            v["detail"]["text"]
                .as_str()
                .unwrap()
                .contains("protocol 1, not 2")
        );
        assert_eq!(v["detail"]["kind"], "protocol");

        for bad in [
            "{",
            "[]",
            r#"{"type":"fly"}"#,
            r#"{"type":"roll","table":1}"#,
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

        s.handle_text(&json!({"type":"start","table":table,"token":token,"seq":2}).to_string())
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
}

mod socket {
    use super::*;

    #[tokio::test]
    async fn a_seated_player_hears_the_others_moves_in_one_line_at_their_turn() {
        let dir = temp_dir("heard");
        let (addr, _state) = start(config(&dir)).await;

        let mut ana = Client::connect(addr).await;
        let seated = ana.create(json!({"name":"Ana","seats":4,"bots":2})).await;
        let table = ana.table;
        assert_eq!(
            seated["text"],
            format!(
                "Table {table}: you are the host, seat 1; Tab to Start the game when others have joined."
            )
        );
        ana.watch(None).await;
        let mut cy = Client::connect(addr).await;
        cy.send(json!({"type":"join","table":table,"name":"Cy"}))
            .await;
        let seated = cy.until("seated").await;
        assert_eq!(
            seated["text"],
            format!("Table {table}: you took seat 4; the host starts the game.")
        );
        // Cy leaves before the start, so that Ana plays two bots; Sam only watches.
        let token = cy.token.clone();
        cy.send(json!({"type":"leave","table":table,"token":token}))
            .await;
        let mut sam = Client::connect(addr).await;
        sam.table = table;
        sam.watch(None).await;
        ana.until_event("left").await;
        ana.command("start").await;

        // Ana rolls three times; every message of events she gets is kept.
        let mut said: Vec<(Value, Vec<String>)> = Vec::new();
        let mut rolls = 0;
        while rolls < 3 && !ana.over {
            if ana.turn.is_some() && ana.turn == ana.seat {
                ana.command("roll").await;
                rolls += 1;
            }
            let v = ana.until("events").await;
            // Absent, `say` is `text`.
            let say = if v.get("say").is_some() {
                &v["say"]
            } else {
                &v["text"]
            };
            let say: Vec<String> = serde_json::from_value(say.clone()).unwrap();
            said.push((v, say));
        }
        let me = ana.seat.unwrap() as u64;
        let mut catch_ups = 0;
        for (v, say) in &said {
            let text: Vec<&str> = v["text"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap())
                .collect();
            let events = v["events"].as_array().unwrap();
            let rolled = |p: u64| {
                events
                    .iter()
                    .any(|e| e["event"]["type"] == "rolled" && e["event"]["player"] == p)
            };
            let my_turn = events
                .iter()
                .any(|e| e["event"]["type"] == "turn_passed" && e["event"]["player"] == me);
            assert!(
                say.iter()
                    .all(|l| !l.starts_with("Bot ") || !l.contains(" rolled a")),
                "a bot's roll is not spoken on its own: {say:?}"
            );
            if rolled(me) {
                assert!(say[0].starts_with("You rolled a"), "{say:?}");
                assert!(text[0].starts_with("You rolled a"), "{text:?}");
            } else if events.iter().any(|e| e["event"]["type"] == "rolled") {
                assert!(
                    text.iter()
                        .any(|l| l.starts_with("Bot ") && l.contains(" rolled a")),
                    "the history has every line: {text:?}"
                );
            }
            if my_turn && !rolled(me) {
                catch_ups += 1;
                let line = say.last().unwrap();
                assert!(line.ends_with(". Your turn."), "{line}");
                assert!(line.starts_with("Bot "), "{line}");
            }
        }
        assert!(catch_ups >= 2, "{said:?}");
        // Since Ana's first roll both bots rolled before her turn came back: both are named.
        let (_, last) = said
            .iter()
            .rev()
            .find(|(_, say)| say.last().is_some_and(|l| l.ends_with("Your turn.")))
            .unwrap();
        let line = last.last().unwrap();
        assert!(line.contains("Bot 1 ") && line.contains("Bot 2 "), "{line}");

        // A spectator hears every line: no separate `say`.
        let v = sam.until("events").await;
        assert!(v.get("say").is_none(), "{v}");

        // H says what to do when a screen reader keeps a key.
        ana.send(json!({"type":"query","table":table,"query":"help"}))
            .await;
        let answer = ana.until("answer").await;
        let lines = answer["lines"].as_array().unwrap();
        assert!(lines[0].as_str().unwrap().starts_with("R or Space"));
        assert!(
            lines
                .last()
                .unwrap()
                .as_str()
                .unwrap()
                .contains("Insert+A in Orca")
        );
    }

    /// The lines a client is to say of an events message: `say`, or `text` when absent.
    fn said_of(v: &Value) -> Vec<String> {
        let say = v.get("say").unwrap_or(&v["text"]);
        serde_json::from_value(say.clone()).unwrap()
    }

    #[tokio::test]
    async fn how_much_is_said_of_the_others_moves_is_each_listeners_choice() {
        let dir = temp_dir("others");
        let (addr, _state) = start(config(&dir)).await;
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana","seats":3,"bots":2})).await;
        let table = ana.table;
        let token = ana.token.clone();
        ana.send(json!({"type":"watch","table":table,"token":token,"others":"full"}))
            .await;
        ana.until("watching").await;
        // Sam watches and hears only the ladders, snakes, bumps and wins.
        let mut sam = Client::connect(addr).await;
        sam.table = table;
        sam.send(json!({"type":"watch","table":table,"others":"jumps"}))
            .await;
        sam.until("watching").await;
        ana.command("start").await;
        let mut heard: Vec<(&str, Value)> = Vec::new();
        let mut rolls = 0;
        let mut setting = "full";
        while rolls < 12 && !ana.over {
            if rolls == 4 && setting == "full" {
                // The switch, then a question: every event after its answer is told the new
                // way (the table answers in order); those before may be told either way.
                ana.send(json!({"type":"set_others","others":"jumps"}))
                    .await;
                ana.send(json!({"type":"query","table":table,"query":"turn"}))
                    .await;
                ana.until("answer").await;
                setting = "jumps";
            }
            if ana.turn.is_some() && ana.turn == ana.seat {
                ana.command("roll").await;
                rolls += 1;
            }
            let v = ana.until("events").await;
            heard.push((setting, v));
        }
        let me = ana.seat.unwrap() as u64;
        let mut plain_bot_rolls = 0;
        for (setting, v) in &heard {
            let say = said_of(v);
            let events = v["events"].as_array().unwrap();
            let bot_rolled = events
                .iter()
                .any(|e| e["event"]["type"] == "rolled" && e["event"]["player"] != me);
            let jump = events.iter().any(|e| {
                ["climbed", "slid", "bumped", "won"].contains(&e["event"]["type"].as_str().unwrap())
            });
            if *setting == "full" {
                // Every line, as it happens: `say` is `text`.
                assert!(v.get("say").is_none(), "{v}");
            } else if bot_rolled && !jump {
                plain_bot_rolls += 1;
                assert!(
                    say.iter()
                        .all(|l| !l.contains("Bot ") || l.ends_with("Your turn.")),
                    "{say:?}"
                );
            }
            for line in say.iter().filter(|l| l.ends_with(". Your turn.")) {
                if *setting == "jumps" {
                    assert!(
                        !line.contains(" went to ") && !line.contains(" bounced "),
                        "{line}"
                    );
                }
            }
        }
        assert!(plain_bot_rolls > 0, "{heard:?}");
        // Sam: no plain roll is said, whoever rolled; the turn still is. Everything up to Ana's
        // turn after her last roll (or the end) has been sent to him by then.
        while !ana.over && ana.turn != ana.seat {
            ana.recv().await;
        }
        let (mut plain, mut jumps) = (0, 0);
        while sam.seq < ana.seq {
            let v = sam.until("events").await;
            // A roll that climbs, slides, bumps or wins is said in full, however plain the rest
            // of its move ("Bot 2 rolled a 5, reached 100, bounced back to 98 and slid down the
            // snake to 78."; "Bot 2 rolled a 4 and moved from 96 to 100."), as `jumps` promises.
            let events = v["events"].as_array().unwrap();
            let rolled = events.iter().any(|e| e["event"]["type"] == "rolled");
            let jump = events.iter().any(|e| {
                ["climbed", "slid", "bumped", "won"].contains(&e["event"]["type"].as_str().unwrap())
            });
            let said = said_of(&v);
            if jump {
                jumps += 1;
                assert!(said.iter().any(|l| l.contains(" rolled a")), "{said:?}");
            } else if rolled {
                plain += 1;
                assert!(!said.is_empty(), "whose turn it is, at least: {v}");
                for line in &said {
                    assert!(
                        !line.contains(" rolled a")
                            && !line.contains(" moved from ")
                            && !line.contains(" entered the board on ")
                            && !line.contains(" bounced back to "),
                        "{line}"
                    );
                }
            }
        }
        assert!(plain > 0 && jumps > 0, "plain rolls {plain}, jumps {jumps}");
    }

    #[tokio::test]
    async fn humans_and_a_bot_play_a_whole_game() {
        let dir = temp_dir("whole-game");
        let cfg = config(&dir);
        let db = cfg.db.clone();
        let (addr, state) = start(cfg).await;

        let mut ana = Client::connect(addr).await;
        ana.send(json!({"type":"hello","protocol":1})).await;
        assert_eq!(ana.recv().await["type"], "hello");
        let seated = ana
            .create(json!({"name":"Ana","seats":3,"bots":1,"rules":"standard,six=roll-again"}))
            .await;
        assert_eq!(seated["type"], "seated", "{seated}");
        ana.watch(None).await;

        let mut bo = Client::connect(addr).await;
        bo.send(json!({"type":"join","table":ana.table,"name":"Bo"}))
            .await;
        let seated = bo.until("seated").await;
        assert_eq!(seated["seat"], 2, "the bot took seat 1");
        bo.watch(None).await;
        ana.until_event("joined").await;
        while ana.seq < 3 {
            ana.recv().await;
        }
        ana.command("start").await;

        tokio::join!(ana.play_to_the_end(), bo.play_to_the_end());

        // Both heard the same events, each once, in order.
        let seqs = |c: &Client| {
            c.seen
                .iter()
                .map(|e| e["seq"].as_u64().unwrap())
                .collect::<Vec<_>>()
        };
        let a = seqs(&ana);
        assert_eq!(a, (1..=a.len() as u64).collect::<Vec<_>>());
        let b: Vec<u64> = seqs(&bo);
        assert_eq!(b, a, "Bo watched from the start too");

        let view = state.view(ana.table).await.unwrap();
        let result = view.summary.result.clone().expect("a result");
        assert_eq!(view.squares[result.winner], 100);
        assert_eq!(result.squares, view.squares);
        assert_eq!(view.summary.seats.len(), 3);
        assert!(view.summary.seats[1].bot);
        let rolls: u32 = view.stats.iter().map(|s| s.rolls).sum();
        assert_eq!(result.rolls, rolls);

        // The log replays through the engine with the stored seed: the server's dice.
        let stored = stored_events(&db, ana.table);
        assert_eq!(stored.len() as u64, ana.seq);
        let dice = stored_dice(&db, ana.table);
        let rules: Rules = "standard,six=roll-again".parse().unwrap();
        let mut game = Game::with_dice(Arc::new(Board::classic()), rules, 3, dice).unwrap();
        let replayed = game.play_out(100_000);
        assert_eq!(game.rolls(), rolls_of(&stored).as_slice());
        assert_eq!(game.state().squares(), view.squares.as_slice());
        assert_eq!(
            replayed.len(),
            stored
                .iter()
                .filter(|(_, e)| e.get("player").is_some())
                .count()
        );

        // The result is stored too.
        let conn = rusqlite::Connection::open(&db).unwrap();
        let (winner, squares): (i64, String) = conn
            .query_row(
                "SELECT winner, squares FROM results WHERE table_id = ?1",
                [ana.table as i64],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!(winner as usize, result.winner);
        assert_eq!(
            serde_json::from_str::<Vec<u32>>(&squares).unwrap(),
            result.squares
        );

        // Each hears their own rolls in the first person and the others' by name.
        assert!(
            ana.text.iter().any(|l| l.starts_with("You rolled ")),
            "{:?}",
            ana.text
        );
        assert!(
            bo.text.iter().any(|l| l.starts_with("Ana rolled ")),
            "{:?}",
            bo.text
        );
        assert!(!bo.text.iter().any(|l| l.starts_with("Bo rolled ")));
        assert!(ana.text.iter().any(|l| l.starts_with("Bot 1 rolled ")));
        assert!(
            ana.text.iter().any(|l| l == "Bo took seat 3."),
            "{:?}",
            ana.text
        );
        assert!(
            ana.text
                .iter()
                .any(|l| l.contains("Bot 1, a bot, took seat 2."))
        );
        assert!(
            ana.text
                .iter()
                .any(|l| l == "The game has started with 3 players."),
            "{:?}",
            ana.text
        );
        // The win is said once, in one sentence with its round, in the first person to the
        // winner.
        for (client, name) in [(&ana, "Ana"), (&bo, "Bo")] {
            let finished = client.text.last().unwrap();
            let expected = if result.winner_name == name {
                "You won the game in round ".to_string()
            } else {
                format!("{} won the game in round ", result.winner_name)
            };
            assert!(finished.starts_with(&expected), "{name}: {finished}");
            let wins = client.text.iter().filter(|l| l.contains(" won ")).count();
            assert_eq!(wins, 1, "{name}: {:?}", client.text);
        }
        // The line under the page's heading says the same, in the same words (a spectator's
        // view here, as everyone but the winner hears it).
        let status = &view.panel.status;
        assert!(
            status.starts_with(&format!("{} won the game in round ", result.winner_name)),
            "{status}"
        );
        for (client, name) in [(&ana, "Ana"), (&bo, "Bo")] {
            if result.winner_name != name {
                assert_eq!(client.text.last(), Some(status));
            }
        }
        // No sentence names a square past the board's end.
        for line in ana.text.iter().chain(&bo.text) {
            for n in line
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|w| w.parse::<u32>().ok())
            {
                assert!(n <= 100, "{line}");
            }
        }

        // The keys' answers, for a player and for a spectator.
        let t = ana.table;
        ana.send(json!({"type":"query","table":t,"query":"positions"}))
            .await;
        let positions = ana.until("answer").await;
        assert!(
            positions["lines"][0]
                .as_str()
                .unwrap()
                .contains("square 100"),
            "{positions}"
        );
        let mut watcher = Client::connect(addr).await;
        watcher.table = t;
        watcher.watch(None).await;
        for (query, words) in [
            ("scores", result.winner_name.as_str()),
            ("detailed_scores", "square"),
            ("turn", ""),
            // The game is over: H offers the keys that still do something, R not among them.
            ("help", "H or ?"),
            ("rules", "100"),
        ] {
            watcher
                .send(json!({"type":"query","table":t,"query":query}))
                .await;
            let v = watcher.until("answer").await;
            let lines: Vec<&str> = v["lines"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap())
                .collect();
            assert!(
                lines.iter().any(|l| l.contains(words)),
                "{query}: {lines:?}"
            );
            assert!(
                !lines.iter().any(|l| l.starts_with("R or Space")),
                "{query}: no roll after the game: {lines:?}"
            );
        }
        let detailed = {
            watcher
                .send(json!({"type":"query","table":t,"query":"detailed_scores"}))
                .await;
            watcher.until("answer").await
        };
        assert_eq!(detailed["lines"].as_array().unwrap().len(), 3, "{detailed}");

        // Finished tables refuse rolls with the winner.
        ana.command("roll").await;
        let v = ana.until("refused").await;
        assert_eq!(v["code"], "game_over");
        assert_eq!(v["winner"].as_u64(), Some(result.winner as u64));
    }

    #[tokio::test]
    async fn two_clients_race_to_roll_for_the_same_seat() {
        let dir = temp_dir("race");
        let cfg = config(&dir);
        let db = cfg.db.clone();
        let (addr, _state) = start(cfg).await;
        let (ana, bo) = Client::ana_and_bo_playing(addr, json!({})).await;
        // Whoever goes first: a second connection for that seat, and both roll at once.
        let first = ana.turn.unwrap();
        let mut a = if first == 0 { ana } else { bo };
        let mut b = Client::connect(addr).await;
        b.table = a.table;
        b.token = a.token.clone();
        b.watch(Some(a.seq)).await;
        assert_eq!(b.seat, a.seat, "the token speaks for the same seat");
        let seq = a.seq;
        let roll = |c: &Client| {
            json!({"type":"roll","table":c.table,"token":c.token,"seq":seq}).to_string()
        };
        let (ra, rb) = (roll(&a), roll(&b));
        tokio::join!(a.send_raw(ra), b.send_raw(rb));
        let mut refusals = Vec::new();
        for c in [&mut a, &mut b] {
            c.until_event("rolled").await;
            let table = c.table;
            c.send(json!({"type":"query","table":table,"query":"help"}))
                .await;
            loop {
                let v = c.recv().await;
                if v["type"] == "refused" {
                    refusals.push(v["code"].as_str().unwrap().to_string());
                }
                if v["type"] == "answer" {
                    break;
                }
            }
        }
        assert_eq!(
            refusals.len(),
            1,
            "one roll wins, one is refused: {refusals:?}"
        );
        assert!(
            refusals[0] == "stale_seq" || refusals[0] == "not_your_turn",
            "{refusals:?}"
        );
        assert_eq!(
            rolls_of(&stored_events(&db, a.table)).len(),
            1,
            "exactly one roll"
        );
    }
}

mod restart {
    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap()
    }

    /// What must survive a restart: everything but who is connected (and the panel, which
    /// says so).
    fn essence(v: &snakes_server::protocol::TableView) -> Value {
        let mut j = serde_json::to_value(v).unwrap();
        for seat in j["seats"].as_array_mut().unwrap() {
            seat.as_object_mut().unwrap().remove("connected");
        }
        j.as_object_mut().unwrap().remove("panel");
        j
    }

    #[test]
    fn a_crash_mid_game_loses_nothing_and_the_dice_go_on() {
        let dir = temp_dir("restart");
        let cfg = config(&dir);
        let db = cfg.db.clone();
        let clients = runtime();

        let server = runtime();
        let (addr, state) = server.block_on(start(cfg.clone()));
        let (mut ana, mut spectator, table) = clients.block_on(async {
            let mut ana = Client::connect(addr).await;
            ana.create(json!({"name":"Ana","bots":1})).await;
            ana.watch(None).await;
            ana.command("start").await;
            ana.until_event("started").await;
            let mut spectator = Client::connect(addr).await;
            spectator.table = ana.table;
            spectator.watch(None).await;
            let table = ana.table;
            (ana, spectator, table)
        });
        // Ana rolls a few times (the bot answers at once); the spectator leaves after the
        // first of them and misses the rest.
        let left_at = clients.block_on(async {
            let mut left_at = None;
            for _ in 0..4 {
                while ana.turn != ana.seat && !ana.over {
                    ana.recv().await;
                }
                if ana.over {
                    break;
                }
                ana.command("roll").await;
                ana.until("events").await;
                if left_at.is_none() {
                    while spectator.seq < ana.seq {
                        spectator.recv().await;
                    }
                    left_at = Some(spectator.seq);
                    spectator.ws.close(None).await.unwrap();
                }
            }
            // Let the bot's answer to the last roll arrive.
            while ana.turn != ana.seat && !ana.over {
                ana.recv().await;
            }
            left_at.unwrap()
        });
        let before = server.block_on(state.view(table)).unwrap();
        assert_eq!(before.summary.seq, ana.seq);
        // The crash: every task of the server dropped where it stands, nothing shut down.
        server.shutdown_background();
        drop(state);

        let server = runtime();
        let (addr, state) = server.block_on(start(cfg));
        let after = server.block_on(state.view(table)).unwrap();
        assert_eq!(
            essence(&after),
            essence(&before),
            "the same table after the restart"
        );

        clients.block_on(async {
            // The spectator gets exactly what it missed, once.
            let mut back = Client::connect(addr).await;
            back.table = table;
            back.watch(Some(left_at)).await;
            if left_at < after.summary.seq {
                back.until("events").await;
            }
            let seqs: Vec<u64> = back
                .seen
                .iter()
                .map(|e| e["seq"].as_u64().unwrap())
                .collect();
            assert_eq!(
                seqs,
                ((left_at + 1)..=after.summary.seq).collect::<Vec<_>>()
            );
            assert!(
                left_at < after.summary.seq,
                "the spectator did miss something"
            );

            // Ana comes back with her token, misses nothing, and plays on to the end.
            let mut ana2 = Client::connect(addr).await;
            ana2.table = table;
            ana2.token = ana.token.clone();
            ana2.seq = ana.seq;
            ana2.watch(Some(ana.seq)).await;
            assert_eq!(ana2.seat, Some(0));
            assert_eq!(ana2.seq, ana.seq);
            if !ana2.over {
                ana2.play_to_the_end().await;
            }
        });
        // The whole log, before and after the crash, is one stream of the stored seed's dice.
        let stored = stored_events(&db, table);
        let seqs: Vec<u64> = stored.iter().map(|(s, _)| *s).collect();
        assert_eq!(seqs, (1..=stored.len() as u64).collect::<Vec<_>>());
        let mut game = Game::with_dice(
            Arc::new(Board::classic()),
            Rules::STANDARD,
            2,
            stored_dice(&db, table),
        )
        .unwrap();
        game.play_out(100_000);
        assert_eq!(game.rolls(), rolls_of(&stored).as_slice());
        server.shutdown_background();
    }

    #[test]
    fn a_crash_while_bots_play_restores_a_whole_log() {
        snakes_server::init_logging();
        let dir = temp_dir("restart-bots");
        let mut cfg = config(&dir);
        cfg.timing.bot_delay = Duration::from_millis(2);
        let db = cfg.db.clone();
        let clients = runtime();
        let server = runtime();
        let (addr, state) = server.block_on(start(cfg.clone()));
        let table = clients.block_on(async {
            let mut ana = Client::connect(addr).await;
            ana.create(json!({"name":"Ana","bots":1})).await;
            ana.watch(None).await;
            ana.command("start").await;
            ana.until_event("started").await;
            // Ana leaves: bots play both seats from now on.
            let (table, token) = (ana.table, ana.token.clone());
            ana.send(json!({"type":"leave","table":table,"token":token}))
                .await;
            ana.until_event("bot_took_over").await;
            ana.recv().await;
            table
        });
        server.shutdown_background();
        drop(state);

        let server = runtime();
        let (_, state) = server.block_on(start(cfg));
        let view = server.block_on(async {
            for _ in 0..1000 {
                let v = state.view(table).await.unwrap();
                if v.summary.result.is_some() {
                    return v;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            panic!("the bots never finished: {:?}", state.view(table).await);
        });
        let stored = stored_events(&db, table);
        assert_eq!(stored.len() as u64, view.summary.seq);
        let mut game = Game::with_dice(
            Arc::new(Board::classic()),
            Rules::STANDARD,
            2,
            stored_dice(&db, table),
        )
        .unwrap();
        game.play_out(100_000);
        assert_eq!(game.rolls(), rolls_of(&stored).as_slice());
        assert_eq!(game.state().squares(), view.squares.as_slice());
        server.shutdown_background();
    }
}

mod tampering {
    use super::*;

    /// A log changed by hand does not replay to the seed's dice: the server refuses to start
    /// and names the event, rather than serving a game nobody played.
    #[test]
    fn a_log_that_does_not_follow_from_its_seed_is_refused() {
        let dir = temp_dir("tamper");
        let cfg = config(&dir);
        let db = cfg.db.clone();
        let rt = restart_runtime();
        let (addr, state) = rt.block_on(start(cfg.clone()));
        let table = rt.block_on(async {
            let mut ana = Client::connect(addr).await;
            ana.create(json!({"name":"Ana","bots":1})).await;
            ana.watch(None).await;
            ana.command("start").await;
            ana.until_event("started").await;
            if ana.turn == ana.seat {
                ana.command("roll").await;
            }
            ana.until_event("rolled").await;
            ana.table
        });
        rt.shutdown_background();
        drop(state);
        // Wait for the old store to let go of the file, then change the first roll.
        let conn = loop {
            let c = rusqlite::Connection::open(&db).unwrap();
            let locked = std::fs::OpenOptions::new()
                .write(true)
                .open(&db)
                .unwrap()
                .try_lock()
                .is_err();
            if !locked {
                break c;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let (seq, event): (i64, String) = conn
            .query_row(
                "SELECT seq, event FROM events WHERE table_id = ?1 AND event LIKE '%rolled%' ORDER BY seq LIMIT 1",
                [table as i64],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        let mut v: Value = serde_json::from_str(&event).unwrap();
        let roll = v["roll"].as_u64().unwrap();
        v["roll"] = json!(if roll == 6 { 5 } else { roll + 1 });
        conn.execute(
            "UPDATE events SET event = ?1 WHERE table_id = ?2 AND seq = ?3",
            rusqlite::params![v.to_string(), table as i64, seq],
        )
        .unwrap();
        drop(conn);

        let rt = restart_runtime();
        let err = match rt.block_on(AppState::open(cfg)) {
            Ok(_) => panic!("a tampered log was accepted"),
            Err(e) => e.to_string(),
        };
        assert!(err.contains(&format!("table {table}")), "{err}");
        assert!(err.contains(&format!("event {seq}")), "{err}");
        assert!(err.contains("the dice replay to"), "{err}");
        rt.shutdown_background();
    }

    fn restart_runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap()
    }
}

mod refusals {
    use super::*;

    async fn refused(c: &mut Client, msg: Value) -> Value {
        c.send(msg).await;
        let v = c.until("refused").await;
        assert!(!v["message"].as_str().unwrap().is_empty(), "{v}");
        v
    }

    #[tokio::test]
    async fn every_refusal_code() {
        let dir = temp_dir("refusals");
        let mut cfg = config(&dir);
        cfg.max_tables = 2;
        cfg.max_message_bytes = 4096;
        cfg.rate_per_sec = 1000.0;
        cfg.rate_burst = 1000.0;
        let (addr, _state) = start(cfg).await;
        let codes = std::cell::RefCell::new(std::collections::BTreeSet::new());
        let note = |v: &Value| {
            codes
                .borrow_mut()
                .insert(v["code"].as_str().unwrap().to_string());
        };

        let mut ana = Client::connect(addr).await;
        // A tiny board and the loose ending: games of a few rolls.
        ana.create(json!({"name":"Ana","board":"[[-1,-1],[-1,-1]]","rules":"ending=loose"}))
            .await;
        ana.watch(None).await;
        let t = ana.table;
        let tok = ana.token.clone().unwrap();

        note(
            &refused(
                &mut ana,
                json!({"type":"start","table":t,"token":tok,"seq":1}),
            )
            .await,
        );
        assert!(codes.borrow().contains("not_enough_players"));
        note(&refused(&mut ana, json!({"type":"set_locale","locale":"tlh"})).await);
        assert!(codes.borrow().contains("unknown_locale"));
        note(
            &refused(
                &mut ana,
                json!({"type":"roll","table":t,"token":tok,"seq":1}),
            )
            .await,
        );
        assert!(codes.borrow().contains("not_started"));
        note(
            &refused(
                &mut ana,
                json!({"type":"roll","table":t,"token":"nope","seq":1}),
            )
            .await,
        );
        assert!(codes.borrow().contains("not_seated"));
        note(
            &refused(
                &mut ana,
                json!({"type":"join","table":t,"name":"Bo","seat":0}),
            )
            .await,
        );
        assert!(codes.borrow().contains("seat_taken"));
        note(&refused(&mut ana, json!({"type":"join","table":t,"name":"ana"})).await);
        assert!(codes.borrow().contains("bad_name"));
        note(&refused(&mut ana, json!({"type":"join","table":77,"name":"Bo"})).await);
        assert!(codes.borrow().contains("no_such_table"));

        let mut bo = Client::connect(addr).await;
        bo.send(json!({"type":"join","table":t,"name":"Bo"})).await;
        bo.until("seated").await;
        bo.watch(None).await;
        let bo_tok = bo.token.clone().unwrap();
        let mut cy = Client::connect(addr).await;
        note(&refused(&mut cy, json!({"type":"join","table":t,"name":"Cy"})).await);
        assert!(codes.borrow().contains("table_full"));
        note(
            &refused(
                &mut bo,
                json!({"type":"start","table":t,"token":bo_tok,"seq":2}),
            )
            .await,
        );
        assert!(codes.borrow().contains("not_host"));
        let v = refused(
            &mut ana,
            json!({"type":"start","table":t,"token":tok,"seq":1}),
        )
        .await;
        assert_eq!(
            (v["expected"].as_u64(), v["got"].as_u64()),
            (Some(2), Some(1))
        );
        note(&v);
        note(
            &refused(
                &mut ana,
                json!({"type":"add_bot","table":t,"token":tok,"seq":2}),
            )
            .await,
        );
        assert!(codes.borrow().contains("table_full"));

        while ana.seq < 2 {
            ana.recv().await;
        }
        ana.command("start").await;
        ana.until_event("started").await;
        bo.until_event("started").await;
        note(&refused(&mut cy, json!({"type":"join","table":t,"name":"Cy"})).await);
        assert!(codes.borrow().contains("already_started"));
        let turn = ana.turn.unwrap();
        let (mover, waiter) = if turn == 0 {
            (&mut ana, &mut bo)
        } else {
            (&mut bo, &mut ana)
        };
        let (wt, wtok, seq) = (waiter.table, waiter.token.clone(), waiter.seq);
        let v = refused(
            waiter,
            json!({"type":"roll","table":wt,"token":wtok,"seq":seq}),
        )
        .await;
        assert_eq!(v["turn"].as_u64(), Some(turn as u64));
        let mover_name = if turn == 0 { "Ana" } else { "Bo" };
        assert_eq!(v["message"], format!("It is {mover_name}'s turn."));
        note(&v);
        // Taking back a seat no bot plays; then leaving, rolling while the bot plays the
        // seat, and taking it back.
        let come_back = json!({"type":"come_back","table":wt,"token":wtok});
        note(&refused(waiter, come_back.clone()).await);
        assert!(codes.borrow().contains("not_away"));
        waiter
            .send(json!({"type":"leave","table":wt,"token":wtok}))
            .await;
        waiter.until_event("bot_took_over").await;
        let v = refused(
            waiter,
            json!({"type":"roll","table":wt,"token":wtok,"seq":waiter.seq}),
        )
        .await;
        assert_eq!(
            v["message"],
            "A bot plays your seat since you left: press J to take it back."
        );
        note(&v);
        waiter.send(come_back).await;
        waiter.until_event("reclaimed").await;
        tokio::join!(mover.play_to_the_end(), waiter.play_to_the_end());
        let v = refused(
            waiter,
            json!({"type":"roll","table":wt,"token":wtok,"seq":waiter.seq}),
        )
        .await;
        note(&v);
        assert!(codes.borrow().contains("game_over"));

        // Board, rules and table limits at creation.
        // (A cell holding its own number is no jump, as in LeetCode: [[1]] is a valid board.)
        note(&cy.create(json!({"name":"Cy","board":"[[2]]"})).await);
        note(&cy.create(json!({"name":"Cy","rules":"die=99"})).await);
        note(&cy.create(json!({"name":"Cy","seats":3,"bots":3})).await);
        assert_eq!(
            cy.create(json!({"name":"Cy"})).await["type"],
            "seated",
            "the second table"
        );
        // Finished tables do not count against the limit of two.
        assert_eq!(
            cy.create(json!({"name":"Di"})).await["type"],
            "seated",
            "the third table"
        );
        note(&cy.create(json!({"name":"Ed"})).await);
        for code in ["bad_board", "bad_rules", "bad_seats", "too_many_tables"] {
            assert!(codes.borrow().contains(code), "{code}: {codes:?}");
        }

        // Malformed and unknown messages: answered, and the connection stays. (A message over
        // the limit closes the WebSocket with 1009: abuse.rs; over HTTP it is answered.)
        cy.send_raw("{\"type\":".to_string()).await;
        note(&cy.until("refused").await);
        cy.send(json!({"type":"teleport","to":100})).await;
        let v = cy.until("refused").await;
        assert!(
            v["detail"]["text"].as_str().unwrap().contains("teleport"),
            "{v}"
        );
        let (status, _, v) = abuse::http(
            addr,
            &abuse::post(
                "/api/tables",
                "",
                // Over the limit of a creation: the most squares' board and the rest.
                &format!("{{\"name\":\"{}\"}}", "y".repeat(200_000)),
            ),
        )
        .await;
        assert_eq!((status, v["code"].as_str()), (413, Some("too_large")));
        note(&v);
        cy.ws.send(Message::binary(vec![1, 2, 3])).await.unwrap();
        assert_eq!(cy.until("refused").await["code"], "bad_message");
        cy.send(json!({"type":"list_tables"})).await;
        assert_eq!(
            cy.until("tables").await["tables"].as_array().unwrap().len(),
            3
        );

        // Every refusal code the protocol has, but those this connection cannot meet here:
        // the rate limit (its own test below), a failed database write, and the HTTP-only
        // ones (abuse.rs).
        let elsewhere = [
            "too_many_requests",
            "store_failed",
            "not_found",
            "method_not_allowed",
            "bad_origin",
            // Several servers on PostgreSQL (tests/cli/cluster.rs).
            "moved",
        ];
        for &code in snakes_server::protocol::Refusal::CODES
            .iter()
            .filter(|c| !elsewhere.contains(c))
        {
            assert!(
                codes.borrow().contains(code),
                "{code} never seen: {codes:?}"
            );
        }
    }

    #[tokio::test]
    async fn a_flooding_socket_is_told_once_then_dropped() {
        let dir = temp_dir("flood");
        let mut cfg = config(&dir);
        cfg.rate_per_sec = 1.0;
        cfg.rate_burst = 3.0;
        // The eight messages come at one instant of the server's clock, however slowly.
        cfg.clock = Clock::manual();
        let (addr, _state) = start(cfg).await;
        let mut c = Client::connect(addr).await;
        // Three within the burst, one answered over it, three dropped, the next closes.
        for _ in 0..8 {
            c.send(json!({"type":"list_tables"})).await;
        }
        let mut kinds = Vec::new();
        let close = loop {
            match tokio::time::timeout(WAIT, c.ws.next()).await.unwrap() {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(t.as_str()).unwrap();
                    kinds.push(
                        v["code"]
                            .as_str()
                            .unwrap_or(v["type"].as_str().unwrap())
                            .to_string(),
                    );
                }
                Some(Ok(Message::Close(frame))) => break frame,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(kinds, ["tables", "tables", "tables", "too_many_requests"]);
        assert_eq!(u16::from(close.unwrap().code), 1008);
    }

    #[tokio::test]
    async fn connections_beyond_the_limit_are_turned_away() {
        let dir = temp_dir("max-conn");
        let mut cfg = config(&dir);
        cfg.max_connections = 1;
        let (addr, _state) = start(cfg).await;
        let mut first = Client::connect(addr).await;
        let second = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await;
        let Err(tokio_tungstenite::tungstenite::Error::Http(refused)) = second else {
            panic!("the second connection is refused: {second:?}");
        };
        assert_eq!(refused.status(), 503);
        let body: Value = serde_json::from_slice(refused.body().as_deref().unwrap()).unwrap();
        assert_eq!(body["code"], "too_many_requests");
        first.send(json!({"type":"list_tables"})).await;
        assert_eq!(first.recv().await["type"], "tables");
    }
}

mod away {
    use super::*;

    /// Ana's page loses its connection after her roll; Bo rolls meanwhile; she is back before
    /// Cy's roll: the catch-up tells Bo's move, and the line with her turn tells only Cy's.
    #[tokio::test]
    async fn a_move_told_in_the_catch_up_is_not_told_again_with_your_turn() {
        let dir = temp_dir("told-once");
        let (addr, _state) = start(config(&dir)).await;
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana","seats":3})).await;
        ana.watch(None).await;
        let mut bo = Client::join(addr, ana.table, "Bo").await;
        bo.watch(None).await;
        let mut cy = Client::join(addr, ana.table, "Cy").await;
        cy.watch(None).await;
        while ana.seq < 3 {
            ana.recv().await;
        }
        ana.command("start").await;
        for c in [&mut ana, &mut bo, &mut cy] {
            c.until_event("started").await;
        }
        // Round by round, each rolling in turn, until Ana has rolled.
        let mut players = [ana, bo, cy];
        loop {
            let turn = players[0].turn.unwrap();
            let i = players.iter().position(|c| c.seat == Some(turn)).unwrap();
            players[i].command("roll").await;
            let seq = {
                players[i].until("events").await;
                players[i].seq
            };
            for c in players.iter_mut() {
                while c.seq < seq || c.turn.is_none() {
                    c.recv().await;
                }
            }
            if i == 0 {
                break;
            }
        }
        let [mut ana, mut bo, mut cy] = players;
        let (next, last) = if bo.turn == bo.seat {
            ((&mut bo, "Bo"), (&mut cy, "Cy"))
        } else {
            ((&mut cy, "Cy"), (&mut bo, "Bo"))
        };
        // Ana's connection goes; the next player rolls.
        let (t, token, seen) = (ana.table, ana.token.clone(), ana.seq);
        ana.ws.close(None).await.unwrap();
        next.0.command("roll").await;
        next.0.until("events").await;
        let rolled = next.0.seq;
        while last.0.turn != last.0.seat || last.0.seq < rolled {
            last.0.recv().await;
        }
        // Back: the catch-up tells that roll.
        let mut ana = Client::connect(addr).await;
        (ana.table, ana.token, ana.seq) = (t, token, seen);
        let before = ana.said.len();
        ana.watch(Some(seen)).await;
        let back = ana.said[before..].join(" ");
        assert!(
            back.starts_with(&format!("While you were away: {} ", next.1)),
            "{back}"
        );
        while ana.seq < rolled {
            ana.recv().await;
        }
        // The last one rolls: Ana hears that roll and her turn, not the first one again.
        let from = ana.said.len();
        last.0.command("roll").await;
        while ana.turn != ana.seat && !ana.over {
            ana.recv().await;
        }
        let said = ana.said[from..].join(" ");
        assert!(said.contains(last.1) || ana.over, "{said}");
        assert!(!said.contains(next.1), "told twice: {back} / {said}");
    }

    #[tokio::test]
    async fn one_who_left_hears_their_bot_as_their_bot_and_takes_the_seat_back_by_asking() {
        let dir = temp_dir("left");
        let (addr, _state) = start(config(&dir)).await;
        let (mut ana, mut bo) = Client::ana_and_bo_playing(addr, json!({})).await;
        let (t, bo_token) = (bo.table, bo.token.clone());
        bo.send(json!({"type":"leave","table":t,"token":bo_token}))
            .await;
        bo.until_event("bot_took_over").await;
        assert_eq!(
            bo.said.last().map(String::as_str),
            Some("You left; your bot plays for you until you take your seat back with J.")
        );
        let from = bo.said.len();
        // Ana plays on; a bot rolls for Bo, which Bo hears as his bot's.
        let ana = tokio::spawn(async move {
            ana.play_to_the_end().await;
            ana
        });
        while !bo.over
            && !bo.said[from..]
                .iter()
                .any(|l| l.starts_with("Your bot rolled"))
        {
            bo.recv().await;
        }
        let since = bo.said[from..].to_vec();
        assert!(
            !since
                .iter()
                .any(|l| l.contains("Your turn") || l.starts_with("You rolled")),
            "a bot holds the seat: never 'you': {since:?}"
        );
        if !bo.over {
            // A roll is refused with the way back; asking takes the seat back.
            bo.send(json!({"type":"roll","table":t,"token":bo_token,"seq":bo.seq}))
                .await;
            let v = bo.until("refused").await;
            assert_eq!(v["code"], "bot_plays_for_you");
            bo.send(json!({"type":"come_back","table":t,"token":bo_token}))
                .await;
            bo.until_event("reclaimed").await;
            assert!(
                bo.said[since.len() + from..].contains(&"You are back and play again.".to_string()),
                "{:?}",
                bo.said
            );
            bo.play_to_the_end().await;
        }
        let ana = ana.await.unwrap();
        assert!(ana.over);
    }

    #[tokio::test]
    async fn a_bot_plays_for_the_disconnected_until_they_reclaim_the_seat() {
        let dir = temp_dir("grace");
        let mut cfg = config(&dir);
        // The grace period runs out when the test moves the server's clock, not before.
        let clock = Clock::manual();
        cfg.clock = clock.clone();
        cfg.timing.grace = Duration::from_secs(30);
        let (addr, _state) = start(cfg).await;
        let (mut ana, mut bo) = Client::ana_and_bo_playing(addr, json!({})).await;
        let (bo_token, bo_seat) = (bo.token.clone(), bo.seat);
        bo.ws.close(None).await.unwrap();
        drop(bo);
        // The table has seen Bo go (Ana is told), and the grace period runs from then.
        loop {
            let v = ana.until("panel").await;
            if v["panel"]["seats"][bo_seat.unwrap()]["connected"] == false {
                break;
            }
        }

        // After the grace period a bot stands in for Bo and rolls his turns.
        clock.advance(Duration::from_secs(30));
        ana.until_event("bot_took_over").await;
        let took = ana
            .seen
            .iter()
            .find(|e| e["event"]["type"] == "bot_took_over")
            .unwrap();
        assert_eq!(took["event"]["reason"], "disconnected");
        assert_eq!(took["event"]["player"].as_u64(), bo_seat.map(|s| s as u64));
        let mut rolled_for_bo = false;
        while !rolled_for_bo && !ana.over {
            if ana.turn == ana.seat {
                ana.command("roll").await;
            }
            let v = ana.recv().await;
            if v["type"] == "events" {
                rolled_for_bo = v["events"].as_array().unwrap().iter().any(|e| {
                    e["event"]["type"] == "rolled"
                        && e["event"]["player"].as_u64() == bo_seat.map(|s| s as u64)
                });
            }
        }
        assert!(rolled_for_bo || ana.over);

        // Bo comes back with his token and takes his seat again.
        let mut bo = Client::connect(addr).await;
        bo.table = ana.table;
        bo.token = bo_token;
        bo.watch(Some(0)).await;
        assert_eq!(bo.seat, bo_seat);
        if !bo.over {
            bo.until_event("reclaimed").await;
            tokio::join!(ana.play_to_the_end(), bo.play_to_the_end());
            let reclaimed_at = bo
                .seen
                .iter()
                .find(|e| e["event"]["type"] == "reclaimed")
                .unwrap()["seq"]
                .as_u64()
                .unwrap();
            assert_eq!(
                bo.seen
                    .iter()
                    .filter(|e| e["event"]["type"] == "reclaimed")
                    .count(),
                1
            );
            assert!(reclaimed_at > 0);
        }
    }

    #[tokio::test]
    async fn the_turn_timer_rolls_for_an_idle_player() {
        let dir = temp_dir("timer");
        let mut cfg = config(&dir);
        // The turn timer runs out when the test moves the server's clock, not before.
        let clock = Clock::manual();
        cfg.clock = clock.clone();
        cfg.timing.turn_timer = Some(Duration::from_secs(30));
        let (addr, _state) = start(cfg).await;
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana","bots":1})).await;
        ana.watch(None).await;
        ana.command("start").await;
        ana.until_event("started").await;
        // The bot, if it goes first, rolls at once; then it is Ana's turn, and she waits.
        while ana.turn != ana.seat {
            ana.recv().await;
        }
        clock.advance(Duration::from_secs(30));
        ana.until_event("timer_rolled").await;
        let i = ana
            .seen
            .iter()
            .position(|e| e["event"]["type"] == "timer_rolled")
            .unwrap();
        assert_eq!(
            ana.seen[i]["event"]["player"], 0,
            "the timer is for the person, not the bot"
        );
        assert_eq!(ana.seen[i + 1]["event"]["type"], "rolled");
        assert_eq!(ana.seen[i + 1]["event"]["player"], 0);
    }

    #[tokio::test]
    async fn leaving_before_the_start_frees_the_seat_and_passes_the_host() {
        let dir = temp_dir("leave");
        let (addr, state) = start(config(&dir)).await;
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana","seats":3})).await;
        let mut bo = Client::join(addr, ana.table, "Bo").await;
        let (t, tok) = (ana.table, ana.token.clone());
        ana.send(json!({"type":"leave","table":t,"token":tok}))
            .await;
        let view = loop {
            let v = state.view(t).await.unwrap();
            if v.summary.seats[0].name.is_none() {
                break v;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        };
        assert!(view.summary.seats[1].host, "Bo is the host now");
        bo.watch(None).await;
        bo.command("add_bot").await;
        bo.until_event("bot_added").await;
        let seq = bo.seq;
        let bot_seat = bo
            .seen
            .iter()
            .find(|e| e["event"]["type"] == "bot_added")
            .unwrap()["event"]["seat"]
            .clone();
        bo.send(json!({"type":"remove_bot","table":t,"token":bo.token,"seat":bot_seat,"seq":seq}))
            .await;
        bo.until_event("bot_removed").await;
        let v = state.view(t).await.unwrap();
        assert_eq!(
            v.summary.seats.iter().filter(|s| s.name.is_some()).count(),
            1
        );
    }
}

mod idle {
    use super::*;
    use snakes_server::protocol::{Status, TableSummary};

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap()
    }

    /// Waits (a bounded number of short steps) until `done` holds.
    async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
        for _ in 0..1000 {
            if done() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("never happened: {what}");
    }

    /// Moves the server's `clock` on by the idle limit, again and again (what was asked of the
    /// table meanwhile counts as a sign of life), until `done` holds.
    async fn idle_until(clock: &Clock, idle: Duration, what: &str, mut done: impl FnMut() -> bool) {
        for _ in 0..1000 {
            if done() {
                return;
            }
            clock.advance(idle);
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("never happened: {what}");
    }

    fn listed(state: &AppState, table: u64) -> Option<TableSummary> {
        state.list().into_iter().find(|t| t.id == table)
    }

    #[test]
    fn an_abandoned_waiting_table_frees_its_place_and_stays_closed_after_a_restart() {
        let dir = temp_dir("idle-waiting");
        let mut cfg = config(&dir);
        // A table is idle for as long as the test says: the server's clock moves only when told.
        let clock = Clock::manual();
        cfg.clock = clock.clone();
        cfg.idle = Duration::from_secs(60);
        cfg.max_tables = 2;
        let db = cfg.db.clone();
        let clients = runtime();
        let server = runtime();
        let (addr, state) = server.block_on(start(cfg.clone()));
        let (kept, abandoned, mut ana) = clients.block_on(async {
            // Ana watches her table; Bo creates one and never looks at it.
            let mut ana = Client::connect(addr).await;
            ana.create(json!({"name":"Ana"})).await;
            ana.watch(None).await;
            let mut bo = Client::connect(addr).await;
            let seated = bo.create(json!({"name":"Bo"})).await;
            assert_eq!(seated["type"], "seated", "{seated}");
            (ana.table, bo.table, ana)
        });
        let handle = state.live(abandoned).unwrap();
        server.block_on(idle_until(
            &clock,
            cfg.idle,
            "the unwatched table leaves the lobby",
            || listed(&state, abandoned).is_none(),
        ));
        server.block_on(eventually("its actor stops", || handle.is_closed()));
        let last = stored_events(&db, abandoned).pop().unwrap();
        assert_eq!(last.1["type"], "abandoned", "{last:?}");
        assert_eq!(
            listed(&state, kept).unwrap().status,
            Status::Waiting,
            "a watched waiting table stays"
        );
        clients.block_on(async {
            // Its place counts no more: a second table fits beside Ana's (the limit is 2).
            let mut cy = Client::connect(addr).await;
            let seated = cy.create(json!({"name":"Cy"})).await;
            assert_eq!(seated["type"], "seated", "{seated}");
            assert_ne!(cy.table, abandoned);
            ana.send(json!({"type":"join","table":abandoned,"name":"Di"}))
                .await;
            assert_eq!(ana.until("refused").await["code"], "no_such_table");
        });
        server.shutdown_background();
        drop(state);

        // After a restart (no idle limit now), the abandoned table is still closed.
        cfg.idle = Duration::ZERO;
        let server = runtime();
        let (_, state) = server.block_on(start(cfg));
        assert!(listed(&state, abandoned).is_none());
        assert_eq!(listed(&state, kept).unwrap().status, Status::Waiting);
        let refused = server.block_on(state.view(abandoned)).unwrap_err();
        assert_eq!(
            refused.refusal,
            snakes_server::protocol::Refusal::NoSuchTable,
            "{refused:?}"
        );
        server.shutdown_background();
    }

    #[test]
    fn a_finished_table_is_listed_and_watched_after_its_actor_stopped() {
        let dir = temp_dir("idle-finished");
        let mut cfg = config(&dir);
        // A table is idle for as long as the test says: the server's clock moves only when told.
        let clock = Clock::manual();
        cfg.clock = clock.clone();
        cfg.idle = Duration::from_secs(60);
        let clients = runtime();
        let server = runtime();
        let (addr, state) = server.block_on(start(cfg.clone()));
        let table = clients.block_on(async {
            let mut ana = Client::connect(addr).await;
            ana.create(json!({"name":"Ana","bots":1})).await;
            ana.watch(None).await;
            ana.command("start").await;
            ana.play_to_the_end().await;
            ana.table
        });
        let done = server.block_on(state.view(table)).unwrap();
        assert_eq!(done.summary.status, Status::Finished);
        let result = done.summary.result.clone().unwrap();
        let handle = state.live(table).unwrap();
        // Ana's connection is still open and follows the table: the actor stays.
        assert!(!handle.is_closed());
        clients.shutdown_background();

        server.block_on(idle_until(
            &clock,
            cfg.idle,
            "the finished table's actor stops",
            || handle.is_closed() && state.live(table).is_none(),
        ));
        let line = listed(&state, table).unwrap();
        assert_eq!(line.status, Status::Finished);
        assert_eq!(line.result.as_ref(), Some(&result));

        // A spectator watches it from the start: the whole game comes back from the log.
        let clients = runtime();
        let watch_all = |addr: SocketAddr| async move {
            let mut cy = Client::connect(addr).await;
            cy.table = table;
            cy.watch(Some(0)).await;
            cy.until_event("finished").await;
            cy
        };
        let cy = clients.block_on(watch_all(addr));
        assert!(cy.over);
        assert_eq!(cy.seq, done.summary.seq);
        let won = cy
            .seen
            .iter()
            .find(|e| e["event"]["type"] == "won")
            .unwrap();
        assert_eq!(won["event"]["player"], result.winner);
        let again = server.block_on(state.view(table)).unwrap();
        assert_eq!(again.squares, done.squares);
        assert_eq!(again.summary.result, done.summary.result);
        // While Cy follows it, the reloaded table stays; once he goes, it stops again.
        assert!(state.live(table).is_some());
        drop(cy);
        clients.shutdown_background();
        server.block_on(idle_until(
            &clock,
            cfg.idle,
            "the reloaded table stops again",
            || state.live(table).is_none(),
        ));
        server.shutdown_background();
        drop(state);

        // After a restart the finished table is listed at once, without an actor, and watched.
        let server = runtime();
        let (addr, state) = server.block_on(start(cfg));
        assert!(state.live(table).is_none());
        assert_eq!(listed(&state, table).unwrap().result, Some(result));
        let clients = runtime();
        let cy = clients.block_on(watch_all(addr));
        assert_eq!(cy.seq, done.summary.seq);
        drop(cy);
        clients.shutdown_background();
        server.shutdown_background();
    }
}

/// What the board page gets beyond the game itself: its words, the rules explained, the lobby
/// kept current, what was missed while away, who lost the connection.
mod page {
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
}
