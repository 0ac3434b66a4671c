//! The players: WebSocket clients through nginx, each playing one table as a page does. Each
//! rolls at a pace when it may, follows `moved` to the server named, leaves a server that is
//! gone or silent for three of its beats (hung) for the next one, and notes every event it
//! heard, and when.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What one player heard of its table.
#[derive(Default)]
pub struct Heard {
    /// `(seq, event)`, in order.
    pub events: Vec<(u64, Value)>,
    /// When each event was heard, by seq - 1.
    pub at: Vec<Instant>,
    /// How many times it was sent elsewhere (`moved`), found its server gone, or silent.
    pub moves: u32,
    /// Problems seen (an event told twice differently, a gap): none may be.
    pub problems: Vec<String>,
}

/// One player's table and what it heard.
pub struct Player {
    /// The table.
    pub table: u64,
    /// What it heard.
    pub heard: Arc<Mutex<Heard>>,
}

impl Player {
    /// How many events it has heard.
    pub fn count(&self) -> usize {
        self.heard.lock().unwrap().events.len()
    }

    /// When it first heard an event after `t`.
    pub fn first_after(&self, t: Instant) -> Option<Instant> {
        self.heard
            .lock()
            .unwrap()
            .at
            .iter()
            .copied()
            .find(|a| *a > t)
    }
}

async fn connect(server: &str) -> Option<Ws> {
    let url = format!("{}/ws", server.replacen("http", "ws", 1));
    let connecting = tokio_tungstenite::connect_async(url);
    let (mut ws, _) = tokio::time::timeout(Duration::from_secs(5), connecting)
        .await
        .ok()?
        .ok()?;
    ws.send(Message::text(
        json!({"type":"hello","protocol":2}).to_string(),
    ))
    .await
    .ok()?;
    Some(ws)
}

/// A connection to `server` once it lets one in: a server just woken, started or back from
/// its database's crash answers 503 until its first renewal comes back, so it is asked again
/// (up to the ceiling of any wait).
async fn connect_when_open(server: &str) -> Ws {
    let started = Instant::now();
    loop {
        if let Some(ws) = connect(server).await {
            return ws;
        }
        assert!(
            started.elapsed() < crate::CEILING,
            "{server} never let a connection in"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A client of `server` for a test to drive by hand: connected once it lets one in, its
/// `hello` sent (in English).
pub async fn client(server: &str) -> Client {
    Client(connect_when_open(server).await)
}

/// A client of `server` whose handshake carries the session cookie `session` (a member
/// signed in), its `hello` sent (in English).
pub async fn signed_in_client(server: &str, session: &str) -> Client {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let url = format!("{}/ws", server.replacen("http", "ws", 1));
    let mut request = url.into_client_request().expect("a WebSocket address");
    request.headers_mut().insert(
        "cookie",
        format!("snakes_session={session}")
            .parse()
            .expect("a cookie header"),
    );
    let (mut ws, _) =
        tokio::time::timeout(crate::CEILING, tokio_tungstenite::connect_async(request))
            .await
            .expect("a connection in time")
            .expect("a WebSocket");
    ws.send(Message::text(
        json!({"type":"hello","protocol":2}).to_string(),
    ))
    .await
    .expect("hello sent");
    Client(ws)
}

/// A connection a test drives message by message.
pub struct Client(Ws);

impl Client {
    /// Sends `message`.
    pub async fn send(&mut self, message: Value) {
        self.0
            .send(Message::text(message.to_string()))
            .await
            .unwrap();
    }

    /// The next message of one of the types `tys`, what comes before passed over; none when
    /// the connection ends first.
    pub async fn until_any(&mut self, tys: &[&str]) -> Option<Value> {
        loop {
            let m = next(&mut self.0, crate::CEILING).await?;
            if tys.iter().any(|ty| m["type"] == *ty) {
                return Some(m);
            }
        }
    }

    /// The next message of type `ty`, what comes before passed over; none when the
    /// connection ends first (its close frame read). The ceiling only keeps a broken build
    /// from hanging.
    pub async fn until(&mut self, ty: &str) -> Option<Value> {
        loop {
            let m = next(&mut self.0, crate::CEILING).await?;
            if m["type"] == ty {
                return Some(m);
            }
        }
    }
}

/// The next message within `patience`; none when the connection ended or stayed silent.
async fn next(ws: &mut Ws, patience: Duration) -> Option<Value> {
    loop {
        match tokio::time::timeout(patience, ws.next()).await.ok()?? {
            Ok(Message::Text(t)) => return serde_json::from_str(&t).ok(),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// Waits until `server` names `count` servers running in its `hello` (a cluster just started
/// hears its servers one by one): a client that connects then can reach every one of them.
pub async fn knows_servers(server: &str, count: usize) {
    let started = Instant::now();
    loop {
        let mut ws = connect_when_open(server).await;
        if let Some(hello) = next(&mut ws, Duration::from_secs(5)).await
            && hello["servers"]
                .as_array()
                .is_some_and(|s| s.len() >= count)
        {
            return;
        }
        assert!(
            started.elapsed() < crate::CEILING,
            "{server} never named {count} servers"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Creates a table at `server` (a board so long and a die so small that no game ends during a
/// run), with a bot; its id and the host's token.
pub async fn create(server: &str, name: &str) -> (u64, String) {
    let board = r#"{"size": 50, "ladders": [], "snakes": []}"#;
    let mut ws = connect_when_open(server).await;
    let create = json!({"type":"create","name":name,"bots":1,"rules":"die=2","board":board});
    ws.send(Message::text(create.to_string())).await.unwrap();
    loop {
        let m = next(&mut ws, Duration::from_secs(30))
            .await
            .expect("the table made");
        if m["type"] == "seated" {
            return (
                m["table"].as_u64().unwrap(),
                m["token"].as_str().unwrap().to_string(),
            );
        }
        assert_ne!(m["type"], "refused", "{m}");
    }
}

/// Starts a player of `table` (the host's seat, `token`), first through `entry` (nginx, any
/// server), rolling every `pace`, until `stop` says so.
pub fn play(
    entry: String,
    table: u64,
    token: String,
    pace: Duration,
    stop: tokio::sync::watch::Receiver<bool>,
) -> (Player, tokio::task::JoinHandle<()>) {
    let heard = Arc::new(Mutex::new(Heard::default()));
    let player = Player {
        table,
        heard: heard.clone(),
    };
    let task = tokio::spawn(run(entry, table, token, pace, stop, heard));
    (player, task)
}

async fn run(
    entry: String,
    table: u64,
    token: String,
    pace: Duration,
    mut stop: tokio::sync::watch::Receiver<bool>,
    heard: Arc<Mutex<Heard>>,
) {
    // Where to go next: the server a `moved` named, else nginx (any server up).
    let mut server = entry.clone();
    let mut beat = Duration::from_secs(2);
    while !*stop.borrow() {
        let Some(mut ws) = connect(&server).await else {
            server = entry.clone();
            heard.lock().unwrap().moves += 1;
            tokio::select! {
                () = tokio::time::sleep(Duration::from_millis(100)) => {}
                _ = stop.changed() => {}
            }
            continue;
        };
        let since = heard.lock().unwrap().events.len() as u64;
        let watch = json!({"type":"watch","table":table,"token":token,"since":since});
        if ws.send(Message::text(watch.to_string())).await.is_err() {
            continue;
        }
        let mut tick = tokio::time::interval(pace);
        loop {
            tokio::select! {
                m = next(&mut ws, beat * 3) => {
                    let Some(m) = m else {
                        // Gone, or silent for three beats (hung): nginx finds another.
                        server = entry.clone();
                        heard.lock().unwrap().moves += 1;
                        break;
                    };
                    match m["type"].as_str() {
                        Some("hello") => {
                            if let Some(ms) = m["beat_ms"].as_u64().filter(|ms| *ms > 0) {
                                beat = Duration::from_millis(ms);
                            }
                        }
                        Some("watching") if m["view"]["status"] == "waiting" => {
                            let seq = m["view"]["seq"].as_u64().unwrap_or(0);
                            let start = json!({"type":"act","table":table,"token":token,"seq":seq,"action":{"type":"start"}});
                            let _ = ws.send(Message::text(start.to_string())).await;
                        }
                        Some("events") => note(&heard, table, &m),
                        Some("refused") if m["code"] == "moved" => {
                            let address = m["address"].as_str().unwrap_or_default();
                            server = if address.is_empty() { entry.clone() } else { address.to_string() };
                            heard.lock().unwrap().moves += 1;
                            break;
                        }
                        _ => {}
                    }
                }
                _ = tick.tick() => {
                    let seq = heard.lock().unwrap().events.len();
                    let roll = json!({"type":"act","table":table,"token":token,"seq":seq,"action":{"type":"roll"}});
                    let _ = ws.send(Message::text(roll.to_string())).await;
                }
                _ = stop.changed() => break,
            }
        }
    }
}

/// Notes the events of an `events` message; an event told twice differently, or out of order,
/// is a problem.
fn note(heard: &Mutex<Heard>, table: u64, m: &Value) {
    let mut heard = heard.lock().unwrap();
    for e in m["events"].as_array().into_iter().flatten() {
        let Some(seq) = e["seq"].as_u64() else {
            continue;
        };
        let known = heard.events.len() as u64;
        if seq <= known {
            if heard.events[seq as usize - 1].1 != e["event"] {
                heard.problems.push(format!(
                    "table {table}: event {seq} told twice, differently"
                ));
            }
            continue;
        }
        if seq != known + 1 {
            heard
                .problems
                .push(format!("table {table}: a gap before event {seq}"));
            continue;
        }
        heard.events.push((seq, e["event"].clone()));
        heard.at.push(Instant::now());
    }
}

/// Waits until the lobby of the server at `server` lists `table` (the lobby is sent again
/// whenever its list changes: its pages are awaited, not asked for again).
pub async fn listed(server: &str, table: u64) {
    let mut ws = connect_when_open(server).await;
    ws.send(Message::text(json!({"type":"list_tables"}).to_string()))
        .await
        .unwrap();
    loop {
        let m = next(&mut ws, Duration::from_secs(60))
            .await
            .unwrap_or_else(|| panic!("{server} never listed table {table}"));
        if m["type"] == "tables"
            && m["tables"]
                .as_array()
                .is_some_and(|t| t.iter().any(|row| row["id"] == table))
        {
            return;
        }
    }
}
