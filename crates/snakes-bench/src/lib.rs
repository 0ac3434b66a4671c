//! The load generator of `snakes-bench`: many WebSocket players on loopback playing whole
//! games against a running `snakes serve`, speaking only its JSON protocol.
//!
//! Each table gets `players` connections; the first creates the table, the others join, the
//! first starts the game, and then each connection rolls whenever it is its turn, until someone
//! wins. The latency of a roll is the time from sending the `roll` command to receiving the
//! `events` message that carries that roll (so it includes the store's commit before the
//! broadcast). Bounded by a deadline: it stops by itself.
//!
//! [`BenchOptions::locales`] (language tags such as `en,ko,es`) has the players of each table
//! told the game in those languages, the `k`th player of a table in the `k`th (round and
//! round): the cost of several languages at one table. Empty, every player is told it in the
//! server's default, English.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};

use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub mod abuse;
pub mod crowd;
pub mod members;

/// What to run.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    /// The server.
    pub addr: SocketAddr,
    /// Other servers of the same database (several servers on one PostgreSQL): table `k` is set
    /// up and played on the `k`th of `addr` and these, round and round.
    pub others: Vec<SocketAddr>,
    /// Tables played at once.
    pub tables: usize,
    /// Connections (players) per table, 2 to 4.
    pub players: usize,
    /// Tables being set up at once (connection storms make setup, not play, slow).
    pub setup_concurrency: usize,
    /// How long a player waits, once it is their turn, before rolling.
    pub think: Duration,
    /// Give up after this long.
    pub deadline: Duration,
    /// The languages the players of a table are told the game in, the `k`th player in the
    /// `k`th, round and round (empty: the server's default).
    pub locales: Vec<String>,
}

/// What was measured.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct BenchReport {
    /// Tables that were set up and started.
    pub tables: usize,
    /// WebSocket connections open during play.
    pub sockets: usize,
    /// Games that reached their end.
    pub games_finished: usize,
    /// Rolls made.
    pub rolls: u64,
    /// Refusals received (a correct client gets none).
    pub refusals: u64,
    /// Seconds from the first roll to the last game's end.
    pub play_secs: f64,
    /// Rolls per second during play.
    pub rolls_per_sec: f64,
    /// Median roll-to-broadcast latency, milliseconds.
    pub p50_ms: f64,
    /// 99th percentile, milliseconds.
    pub p99_ms: f64,
    /// Slowest roll, milliseconds.
    pub max_ms: f64,
}

/// Why the benchmark failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct BenchError {
    /// What went wrong.
    pub message: String,
}

fn fail(message: impl Into<String>) -> BenchError {
    BenchError {
        message: message.into(),
    }
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The parts of a server message a player needs; the rest (the sentences) is skipped
/// without being built, so that the clients leave the machine's CPU to the server.
#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct Msg {
    #[serde(rename = "type")]
    ty: String,
    table: u64,
    seat: usize,
    token: String,
    view: Option<ViewLite>,
    events: Vec<LoggedLite>,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct ViewLite {
    seq: u64,
    turn: Option<usize>,
    seats: Vec<SeatLite>,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct SeatLite {
    name: Option<String>,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct LoggedLite {
    seq: u64,
    event: EventLite,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct EventLite {
    #[serde(rename = "type")]
    ty: String,
    player: Option<usize>,
    first: Option<usize>,
    players: Vec<StartedLite>,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct StartedLite {
    seat: usize,
}

struct Player {
    ws: Ws,
    table: u64,
    token: String,
    seat: usize,
    seq: u64,
    turn: Option<usize>,
    over: bool,
    seats_filled: usize,
    /// The language it is told the game in (`watch`'s `locale`); the server's default when
    /// `None`.
    locale: Option<String>,
}

/// A WebSocket to the server, from `source` (another loopback address) when given.
async fn connect(addr: SocketAddr, source: Option<Ipv4Addr>) -> Result<Ws, BenchError> {
    let mut last = None;
    // A burst of connections can overflow the listen queue; try again briefly.
    for _ in 0..20 {
        // Small buffers, as on the server: thousands of sockets share this machine.
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(4096)
            .write_buffer_size(4096);
        let url = format!("ws://{addr}/ws");
        let attempt = match source {
            None => tokio_tungstenite::connect_async_with_config(url, Some(config), true).await,
            Some(ip) => {
                let tcp = async {
                    let socket = tokio::net::TcpSocket::new_v4()?;
                    socket.bind(SocketAddr::from((ip, 0)))?;
                    let tcp = socket.connect(addr).await?;
                    tcp.set_nodelay(true)?;
                    Ok::<_, std::io::Error>(tcp)
                };
                match tcp.await {
                    Ok(tcp) => {
                        tokio_tungstenite::client_async_with_config(
                            url,
                            MaybeTlsStream::Plain(tcp),
                            Some(config),
                        )
                        .await
                    }
                    Err(e) => Err(e.into()),
                }
            }
        };
        match attempt {
            Ok((ws, _)) => return Ok(ws),
            Err(e) => last = Some(e),
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Err(fail(format!(
        "cannot connect to {addr}: {}",
        last.map(|e| e.to_string()).unwrap_or_default()
    )))
}

async fn send(ws: &mut Ws, v: Value) -> Result<(), BenchError> {
    ws.send(Message::text(v.to_string()))
        .await
        .map_err(|e| fail(format!("send: {e}")))
}

async fn recv(ws: &mut Ws) -> Result<Msg, BenchError> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(t))) => {
                let msg: Msg = serde_json::from_str(t.as_str())
                    .map_err(|e| fail(format!("reply: {e}: {}", t.as_str())))?;
                if msg.ty == "refused" && !msg.token.is_empty() {
                    return Err(fail("a refusal with a token"));
                }
                // The server beats on a connection it said nothing to for a while.
                if msg.ty == "beat" {
                    continue;
                }
                return Ok(msg);
            }
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(fail(format!("receive: {e}"))),
            None => return Err(fail("the server closed the connection")),
        }
    }
}

impl Player {
    /// Notes what a message says; returns who rolled in it.
    fn note(&mut self, m: &Msg) -> Vec<usize> {
        let mut rollers = Vec::new();
        match m.ty.as_str() {
            "watching" => {
                if let Some(v) = &m.view {
                    self.seq = v.seq;
                    self.turn = v.turn;
                    self.seats_filled = v.seats.iter().filter(|s| s.name.is_some()).count();
                }
            }
            "events" => {
                for e in &m.events {
                    if e.seq <= self.seq {
                        continue;
                    }
                    self.seq = e.seq;
                    let ev = &e.event;
                    match ev.ty.as_str() {
                        "joined" => self.seats_filled += 1,
                        "started" => {
                            self.turn = ev.first;
                            self.seat = ev
                                .players
                                .iter()
                                .position(|p| p.seat == self.seat)
                                .unwrap_or(self.seat);
                        }
                        "turn_passed" => self.turn = ev.player,
                        "rolled" => rollers.extend(ev.player),
                        "finished" | "drawn" | "abandoned" | "closed" => self.over = true,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        rollers
    }

    async fn watch(&mut self) -> Result<(), BenchError> {
        let mut watch = json!({"type":"watch","table":self.table,"token":self.token});
        if let Some(locale) = &self.locale {
            watch["locale"] = json!(locale);
        }
        send(&mut self.ws, watch).await?;
        loop {
            let m = recv(&mut self.ws).await?;
            self.note(&m);
            if m.ty == "watching" {
                return Ok(());
            }
            if m.ty == "refused" {
                return Err(fail(format!("table {}: watch refused", self.table)));
            }
        }
    }
}

struct Shared {
    rolls: AtomicU64,
    refusals: AtomicU64,
    finished: AtomicU64,
}

/// Sets up one table: returns its connected, seated, watching players (not started yet),
/// connected from `source` when given, the `k`th watching in the `k`th of `locales` (round and
/// round; none: the server's default).
async fn set_up(
    addr: SocketAddr,
    players: usize,
    source: Option<Ipv4Addr>,
    locales: &[String],
) -> Result<Vec<Player>, BenchError> {
    let mut host = connect(addr, source).await?;
    send(
        &mut host,
        json!({"type":"create","name":"P1","seats":players,"bots":0}),
    )
    .await?;
    let seated = recv(&mut host).await?;
    if seated.ty != "seated" {
        return Err(fail(
            "the server refused to create a table (is --max-tables too low?)",
        ));
    }
    let table = seated.table;
    let mut all = vec![Player {
        ws: host,
        table,
        token: seated.token,
        seat: 0,
        seq: 0,
        turn: None,
        over: false,
        seats_filled: 0,
        locale: None,
    }];
    for k in 1..players {
        let mut ws = connect(addr, source).await?;
        send(
            &mut ws,
            json!({"type":"act", "table":table, "action":{"type":"join", "name":format!("P{}", k + 1)}}),
        )
        .await?;
        let seated = recv(&mut ws).await?;
        if seated.ty != "seated" {
            return Err(fail(format!("table {table}: the server refused a join")));
        }
        all.push(Player {
            ws,
            table,
            token: seated.token,
            seat: seated.seat,
            seq: 0,
            turn: None,
            over: false,
            seats_filled: 0,
            locale: None,
        });
    }
    for (k, p) in all.iter_mut().enumerate() {
        if !locales.is_empty() {
            p.locale = Some(locales[k % locales.len()].clone());
        }
    }
    for p in &mut all {
        p.watch().await?;
    }
    Ok(all)
}

/// Plays one player's side of a game; returns the latencies of its rolls, in microseconds.
async fn play(
    mut p: Player,
    host: bool,
    think: Duration,
    shared: Arc<Shared>,
) -> Result<Vec<u32>, BenchError> {
    let mut samples = Vec::new();
    if host {
        // Every seat was taken before anyone watched: the host's snapshot is complete.
        if p.seats_filled < 2 {
            return Err(fail(format!("table {} has one player", p.table)));
        }
        send(
            &mut p.ws,
            json!({"type":"act","table":p.table,"token":p.token,"seq":p.seq,"action":{"type":"start"}}),
        )
        .await?;
    }
    let mut pending: Option<Instant> = None;
    while !p.over {
        if pending.is_none() && p.turn == Some(p.seat) && p.seq > 0 && !p.over {
            if !think.is_zero() {
                tokio::time::sleep(think).await;
            }
            pending = Some(Instant::now());
            send(
                &mut p.ws,
                json!({"type":"act","table":p.table,"token":p.token,"seq":p.seq,"action":{"type":"roll"}}),
            )
            .await?;
        }
        let m = recv(&mut p.ws).await?;
        if m.ty == "refused" {
            shared.refusals.fetch_add(1, Ordering::Relaxed);
            pending = None;
            continue;
        }
        let rollers = p.note(&m);
        if let Some(t0) = pending
            && rollers.contains(&p.seat)
        {
            samples.push(t0.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
            shared.rolls.fetch_add(1, Ordering::Relaxed);
            pending = None;
        }
    }
    if host {
        shared.finished.fetch_add(1, Ordering::Relaxed);
    }
    let _ = p.ws.close(None).await;
    Ok(samples)
}

/// Runs the benchmark on its own runtime; `progress` is called about once a second with
/// (games finished, tables).
///
/// # Errors
/// When the server cannot be reached, refuses the set-up, or the deadline passes.
pub fn run(
    options: &BenchOptions,
    progress: impl Fn(u64, usize) + Send + Sync + 'static,
) -> Result<BenchReport, BenchError> {
    if !(2..=4).contains(&options.players) {
        return Err(fail(format!(
            "a table has 2 to 4 players, not {}",
            options.players
        )));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| fail(format!("cannot start the runtime: {e}")))?;
    let options = options.clone();
    runtime.block_on(async move {
        tokio::time::timeout(options.deadline, run_async(&options, progress))
            .await
            .map_err(|_| {
                fail(format!(
                    "the games did not finish within {} s",
                    options.deadline.as_secs()
                ))
            })?
    })
}

async fn run_async(
    options: &BenchOptions,
    progress: impl Fn(u64, usize) + Send + Sync + 'static,
) -> Result<BenchReport, BenchError> {
    // Set up every table first (in waves), so that play is measured with every socket open.
    let semaphore = Arc::new(tokio::sync::Semaphore::new(
        options.setup_concurrency.max(1),
    ));
    let mut setups = Vec::with_capacity(options.tables);
    let servers: Vec<SocketAddr> = std::iter::once(options.addr)
        .chain(options.others.iter().copied())
        .collect();
    for k in 0..options.tables {
        let semaphore = semaphore.clone();
        let addr = servers[k % servers.len()];
        let players = options.players;
        let locales = options.locales.clone();
        setups.push(tokio::spawn(async move {
            let _permit = semaphore.acquire().await;
            set_up(addr, players, None, &locales).await
        }));
    }
    let mut tables = Vec::with_capacity(options.tables);
    for s in setups {
        tables.push(s.await.map_err(|e| fail(e.to_string()))??);
    }
    let sockets = tables.iter().map(Vec::len).sum();
    let shared = Arc::new(Shared {
        rolls: AtomicU64::new(0),
        refusals: AtomicU64::new(0),
        finished: AtomicU64::new(0),
    });
    let n_tables = tables.len();
    let ticker = {
        let shared = shared.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            loop {
                tick.tick().await;
                progress(shared.finished.load(Ordering::Relaxed), n_tables);
            }
        })
    };
    let started = Instant::now();
    let mut games = Vec::with_capacity(sockets);
    for players in tables {
        for (i, p) in players.into_iter().enumerate() {
            games.push(tokio::spawn(play(p, i == 0, options.think, shared.clone())));
        }
    }
    let mut samples: Vec<u32> = Vec::new();
    for g in games {
        samples.extend(g.await.map_err(|e| fail(e.to_string()))??);
    }
    let play_secs = started.elapsed().as_secs_f64();
    ticker.abort();
    samples.sort_unstable();
    let pct = |q: f64| -> f64 {
        if samples.is_empty() {
            return 0.0;
        }
        let i = ((samples.len() as f64 - 1.0) * q).round() as usize;
        f64::from(samples[i]) / 1000.0
    };
    let rolls = shared.rolls.load(Ordering::Relaxed);
    Ok(BenchReport {
        tables: n_tables,
        sockets,
        games_finished: shared.finished.load(Ordering::Relaxed) as usize,
        rolls,
        refusals: shared.refusals.load(Ordering::Relaxed),
        play_secs,
        rolls_per_sec: rolls as f64 / play_secs.max(1e-9),
        p50_ms: pct(0.50),
        p99_ms: pct(0.99),
        max_ms: pct(1.0),
    })
}
