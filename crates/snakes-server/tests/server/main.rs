//! The server end to end, one file per topic: the router without a socket (`router.rs`), the
//! session logic (`session.rs`), real WebSockets on loopback and whole games (`socket.rs`),
//! restarts from the SQLite file (`restart.rs`, `tampering.rs`), people talking (`talk.rs`), every refusal code
//! (`refusals.rs`), players who go (`away.rs`), tables nobody follows (`idle.rs`), a moderator
//! closing one (`close.rs`), the board page (`page.rs`), every language (`languages.rs`), and
//! the attacks the server must withstand, each replayed against a real server on loopback
//! (`abuse.rs`). This file holds what they share: the test server's configuration and a client
//! that speaks the protocol.
// The helpers below are test code too: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use futures_util::{SinkExt, StreamExt};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use snakes::{Board, Game, Rules};
use snakes_server::{
    AppState, Clock, Config, DiceKeys, DiceSource, Inbox, Outbox, Session, TableDice, Timing, app,
};
use tokio::net::TcpStream;

use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tower::ServiceExt;

const WAIT: Duration = Duration::from_secs(20);

// How long a test waits for a state before it fails: far beyond what any run takes, on however
// busy a machine; only a broken build reaches it.
use snakes_testing::CEILING;

/// Waits until `check` holds, looking again each time the lobby's list changes
/// ([`AppState::lobby_changes`]: a table created, started, finished or closed, a seat taken or
/// left), within [`CEILING`]; panics naming `what`.
async fn until_lobby(state: &AppState, what: &str, mut check: impl AsyncFnMut() -> bool) {
    let mut changes = state.lobby_changes();
    let waited = tokio::time::timeout(CEILING, async {
        loop {
            // Seen before looking: a change while `check` runs is a change still to come.
            changes.borrow_and_update();
            if check().await {
                return;
            }
            changes.changed().await.expect("the server runs");
        }
    });
    waited
        .await
        .unwrap_or_else(|_| panic!("never happened: {what}"));
}

use snakes_testing::until;

/// A fresh directory for one test, removed with everything in it when the test ends.
fn temp_dir(name: &str) -> snakes_testing::Scratch {
    snakes_testing::Scratch::new(name)
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
mod away;
mod close;
mod idle;
mod languages;
mod logs;
mod map;
mod members;
mod metrics;
mod moderation;
mod page;
mod passkeys;
mod proxy;
mod refusals;
mod restart;
mod retention;
mod router;
mod session;
mod socket;
mod talk;
mod tampering;
mod tls;

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
        Client::connect_with(ws)
    }

    fn connect_with(ws: Ws) -> Client {
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

    /// A client whose connection comes from `source` (another loopback address: 127.0.1.2 is
    /// another network).
    async fn connect_from(source: [u8; 4], addr: SocketAddr) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(SocketAddr::from((source, 0))).unwrap();
        let tcp = socket.connect(addr).await.unwrap();
        let (ws, _) =
            tokio_tungstenite::client_async(format!("ws://{addr}/ws"), MaybeTlsStream::Plain(tcp))
                .await
                .unwrap();
        Client::connect_with(ws)
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
            // The server beats on a connection it said nothing to for a while: not news.
            if v["type"] == "beat" {
                continue;
            }
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
        c.send(json!({"type":"act","table":table,"action":{"type":"join","name":name}}))
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
        let action = json!({ "type": ty });
        self.send(
            json!({"type": "act", "table": table, "token": token, "seq": seq, "action": action}),
        )
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
