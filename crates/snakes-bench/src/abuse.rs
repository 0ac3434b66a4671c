//! The attacks of `snakes-bench --abuse`: one client (one loopback address, 127.0.0.2,
//! unless the attack needs many) does what it can to take the server down, while normal players
//! on 127.0.0.1 play games; the normal players' roll latency says whether it worked.
//!
//! Every attack is bounded in count and time and stops by itself. Each returns what the attacker
//! got, counted, for the report.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

use crate::crowd::{self, Tally, answer_to, connect_from, post_table};
use crate::{BenchError, Shared, fail, play, set_up};

/// The attacks, by name; `none` measures the normal players alone, for comparison.
pub const ATTACKS: &[&str] = &[
    "none",
    "slow-headers",
    "idle-websockets",
    "create-flood",
    "create-race",
    "huge-boards",
    "silent-spectators",
    "message-flood",
    "big-frames",
    "crowd-lobby",
    "crowd-slots",
    "crowd-tables",
    "crowd-reads",
    "crowd-analysis",
    "networks-tables",
    "networks-slots",
    "networks-reads",
    "networks-talk",
    "busy-log",
];

/// What an attack got, and how the normal players fared meanwhile.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct AbuseReport {
    /// The attack.
    pub attack: String,
    /// What the attacker did and what the server answered, counted.
    pub outcome: String,
    /// Rolls the normal players made meanwhile.
    pub rolls: u64,
    /// Refusals the normal players got (none expected).
    pub refusals: u64,
    /// Median roll-to-broadcast latency of the normal players, milliseconds.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Slowest roll.
    pub max_ms: f64,
    /// Newcomers (each from a network of its own, none the attacker's)
    /// who tried, during the attack, to create a table and play a roll.
    pub newcomers_tried: u64,
    /// Those who did.
    pub newcomers_played: u64,
    /// What each newcomer got ("played", "refused 503", "refused too_many_tables"), counted.
    pub newcomers: String,
}

/// The attacker's address: another client than the normal players (127.0.0.1).
const ATTACKER: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);

/// The `n`th of many attacker addresses (127.0.1.0 onwards), for attacks that need a quota
/// per address out of the way.
fn many(n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 1 + (n / 250) as u8, (n % 250) as u8 + 1)
}

/// Runs `attack` against the server at `addr` for about `secs` seconds while `tables` normal
/// tables of two players (rolling after `think`) play; returns the attack's outcome and the
/// normal players' latencies.
///
/// # Errors
/// An unknown attack, or normal players that cannot play at all.
pub fn run(
    addr: SocketAddr,
    attack: &str,
    secs: u64,
    tables: usize,
    think: Duration,
) -> Result<AbuseReport, BenchError> {
    if !ATTACKS.contains(&attack) {
        return Err(fail(format!(
            "no attack {attack:?}; the attacks are {}",
            ATTACKS.join(", ")
        )));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| fail(format!("cannot start the runtime: {e}")))?;
    let attack = attack.to_string();
    runtime.block_on(async move {
        let (stop, stopped) = watch::channel(false);
        let normal = tokio::spawn(normal_play(addr, tables, think, stopped));
        // Let the normal players sit down first: the attack meets a server in use.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let until = Instant::now() + Duration::from_secs(secs);
        // Newcomers, five of them, through the attack: can someone new still get in and play?
        let newcomers = tokio::spawn(async move {
            let started = Instant::now();
            let mut tally = crowd::Tally::default();
            for i in 0..5u32 {
                let at = started + Duration::from_secs(secs) * (2 * i + 1) / 10;
                tokio::time::sleep_until(at.into()).await;
                // Each from a network of its own (127.0.3.1 to 127.0.7.1): five newcomers.
                let source = crowd::address_in(3 + i as u8, 0);
                match crowd::newcomer(addr, source, crowd::PATIENCE).await {
                    Ok(_) => tally.add("played"),
                    Err(why) => tally.add(why),
                }
            }
            tally
        });
        let outcome = tokio::time::timeout(
            Duration::from_secs(secs + 60),
            attack_by_name(&attack, addr, until),
        )
        .await
        .unwrap_or_else(|_| "the attack did not end in time".into());
        // The normal players play the whole time, also after a short attack.
        tokio::time::sleep(until.saturating_duration_since(Instant::now())).await;
        let newcomers = newcomers.await.unwrap_or_default();
        stop.send_replace(true);
        let (samples, shared) = normal.await.map_err(|e| fail(e.to_string()))??;
        let mut samples = samples;
        samples.sort_unstable();
        let pct = |q: f64| -> f64 {
            if samples.is_empty() {
                return f64::NAN;
            }
            let i = ((samples.len() as f64 - 1.0) * q).round() as usize;
            f64::from(samples[i]) / 1000.0
        };
        Ok(AbuseReport {
            attack,
            outcome,
            rolls: samples.len() as u64,
            refusals: shared.refusals.load(Ordering::Relaxed),
            p50_ms: pct(0.5),
            p99_ms: pct(0.99),
            max_ms: pct(1.0),
            newcomers_tried: newcomers.0.values().sum(),
            newcomers_played: newcomers.count("played"),
            newcomers: newcomers.say(),
        })
    })
}

/// Normal players: `tables` tables of two, each playing game after game until `stop`.
async fn normal_play(
    addr: SocketAddr,
    tables: usize,
    think: Duration,
    stop: watch::Receiver<bool>,
) -> Result<(Vec<u32>, Arc<Shared>), BenchError> {
    let shared = Arc::new(Shared {
        rolls: AtomicU64::new(0),
        refusals: AtomicU64::new(0),
        finished: AtomicU64::new(0),
    });
    let mut runs = Vec::new();
    for t in 0..tables {
        let shared = shared.clone();
        let stop = stop.clone();
        // Each table its own client address, as people at home are.
        let source = Ipv4Addr::new(127, 0, 2, t as u8 + 1);
        runs.push(tokio::spawn(async move {
            let mut samples = Vec::new();
            let mut first = true;
            while !*stop.borrow() {
                let players = match set_up(addr, 2, Some(source), &[]).await {
                    Ok(players) => players,
                    // The next game's table refused (an attack that took every table, as the
                    // build of before lets one): a refusal the report counts, not the end of
                    // the run. The first is the server not serving at all.
                    Err(_) if !first => {
                        shared.refusals.fetch_add(1, Ordering::Relaxed);
                        break;
                    }
                    Err(e) => return Err(e),
                };
                first = false;
                let mut games = Vec::new();
                for (i, p) in players.into_iter().enumerate() {
                    games.push(tokio::spawn(play(p, i == 0, think, shared.clone())));
                }
                for g in games {
                    samples.extend(g.await.map_err(|e| fail(e.to_string()))??);
                }
            }
            Ok::<_, BenchError>(samples)
        }));
    }
    let mut samples = Vec::new();
    for r in runs {
        samples.extend(r.await.map_err(|e| fail(e.to_string()))??);
    }
    Ok((samples, shared))
}

async fn attack_by_name(attack: &str, addr: SocketAddr, until: Instant) -> String {
    match attack {
        "none" => {
            tokio::time::sleep(until.saturating_duration_since(Instant::now())).await;
            "no attack: the normal players alone, for comparison".into()
        }
        "slow-headers" => slow_headers(addr, until).await,
        "idle-websockets" => idle_websockets(addr, until).await,
        "create-flood" => create_flood(addr, until).await,
        "create-race" => create_race(addr).await,
        "huge-boards" => huge_boards(addr).await,
        "silent-spectators" => silent_spectators(addr, until).await,
        "message-flood" => message_flood(addr, until).await,
        "big-frames" => big_frames(addr).await,
        "crowd-lobby" => crowd::lobby_attack(addr, until).await,
        "crowd-slots" => crowd::slots_attack(addr, until).await,
        "crowd-tables" => crowd::tables_attack(addr).await,
        "crowd-reads" => crowd::reads_attack(addr, until).await,
        "crowd-analysis" => crowd::analysis_attack(addr, until).await,
        "networks-tables" => crowd::networks_tables_attack(addr).await,
        "networks-slots" => crowd::networks_slots_attack(addr, until).await,
        "networks-reads" => crowd::networks_reads_attack(addr, until).await,
        "networks-talk" => crowd::networks_talk_attack(addr, until).await,
        "busy-log" => busy_log(addr, until).await,
        _ => String::new(),
    }
}

/// Attack 1: 10,000 connections that send part of a request's headers and stop there.
async fn slow_headers(addr: SocketAddr, until: Instant) -> String {
    let mut held = Vec::new();
    let mut tally = Tally::default();
    for _ in 0..10_000 {
        let Ok(mut tcp) = connect_from(ATTACKER, addr).await else {
            tally.add("not connected");
            continue;
        };
        if tcp
            .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .await
            .is_err()
        {
            tally.add("reset at once");
            continue;
        }
        held.push(tcp);
    }
    // Which were answered 503 at once, and how long the others were kept.
    let mut open = Vec::new();
    for mut tcp in held {
        let mut head = [0u8; 12];
        match tokio::time::timeout(Duration::from_millis(20), tcp.read(&mut head)).await {
            Ok(Ok(n)) if n >= 12 && &head[9..12] == b"503" => tally.add("answered 503"),
            Ok(_) => tally.add("closed at once"),
            Err(_) => open.push(tcp),
        }
    }
    let held_at = Instant::now();
    let kept = open.len();
    let mut longest = Duration::ZERO;
    for mut tcp in open {
        let mut buf = [0u8; 64];
        let left = until.saturating_duration_since(Instant::now()) + Duration::from_secs(15);
        if tokio::time::timeout(left, tcp.read(&mut buf)).await.is_ok() {
            longest = longest.max(held_at.elapsed());
        }
    }
    format!(
        "10000 connections sending half a header: {kept} held, all closed by the server within {:.1} s; {}",
        longest.as_secs_f64(),
        tally.say()
    )
}

/// Attack 2: 5,000 WebSockets from one address, then silent.
async fn idle_websockets(addr: SocketAddr, until: Instant) -> String {
    let mut tally = Tally::default();
    let mut open = Vec::new();
    for _ in 0..5_000 {
        let Ok(tcp) = connect_from(ATTACKER, addr).await else {
            tally.add("not connected");
            continue;
        };
        match tokio_tungstenite::client_async(format!("ws://{addr}/ws"), tcp).await {
            Ok((ws, _)) => open.push(ws),
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                tally.add(format!("refused {}", r.status().as_u16()));
            }
            Err(_) => tally.add("failed"),
        }
    }
    let accepted = open.len();
    tokio::time::sleep(until.saturating_duration_since(Instant::now())).await;
    drop(open);
    format!(
        "5000 WebSockets from one address: {accepted} accepted; {}",
        tally.say()
    )
}

/// Attack 2: 1,500 tables asked for from one address as fast as it can.
async fn create_flood(addr: SocketAddr, until: Instant) -> String {
    let mut tally = Tally::default();
    let started = Instant::now();
    for i in 0..1_500 {
        if Instant::now() > until {
            break;
        }
        let body = json!({"name": format!("F{i}")});
        tally.add(answer_to(ATTACKER, addr, &post_table(&body)).await);
    }
    format!(
        "1500 POST /api/tables from one address in {:.1} s: {}",
        started.elapsed().as_secs_f64(),
        tally.say()
    )
}

/// Attack 3: 400 tables asked for at once, from 400 addresses (the quota per address out of
/// the way), against `--max-tables 50`.
async fn create_race(addr: SocketAddr) -> String {
    let tries = (0..400).map(|i| {
        tokio::spawn(async move {
            let body = json!({"name": format!("R{i}")});
            answer_to(many(i), addr, &post_table(&body)).await
        })
    });
    let mut tally = Tally::default();
    for t in tries {
        tally.add(t.await.unwrap_or_default());
    }
    format!(
        "400 simultaneous POST /api/tables from 400 addresses: {}",
        tally.say()
    )
}

/// Attack 4: 60 requests for a 3162 x 3162 board, from 60 addresses.
async fn huge_boards(addr: SocketAddr) -> String {
    let started = Instant::now();
    let tries = (0..60).map(|i| {
        tokio::spawn(async move {
            let body = json!({"name":"Huge","board":"{\"size\": 3162}"});
            answer_to(many(i), addr, &post_table(&body)).await
        })
    });
    let mut tally = Tally::default();
    for t in tries {
        tally.add(t.await.unwrap_or_default());
    }
    format!(
        "60 requests for a 3162 x 3162 board: {} in {:.2} s",
        tally.say(),
        started.elapsed().as_secs_f64()
    )
}

/// Attack 4: a game of bots alone on a long board, and 200 spectators (from two addresses)
/// asking for its whole log and never reading.
async fn silent_spectators(addr: SocketAddr, until: Instant) -> String {
    let Ok(tcp) = connect_from(ATTACKER, addr).await else {
        return "cannot connect".into();
    };
    let Ok((mut host, _)) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), tcp).await
    else {
        return "cannot open a WebSocket".into();
    };
    let board = r#"{"size": 100, "ladders": [], "snakes": []}"#;
    let create = json!({"type":"create","name":"Hana","bots":1,"rules":"die=2","board":board});
    let _ = host.send(Message::text(create.to_string())).await;
    let mut table = 0;
    let mut token = String::new();
    while let Some(Ok(Message::Text(t))) = host.next().await {
        let v: serde_json::Value = serde_json::from_str(t.as_str()).unwrap_or_default();
        if v["type"] == "seated" {
            table = v["table"].as_u64().unwrap_or(0);
            token = v["token"].as_str().unwrap_or_default().to_string();
            break;
        }
    }
    let start = json!({"type":"act","table":table,"token":token,"seq":2,"action":{"type":"start"}});
    let leave = json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}});
    let _ = host.send(Message::text(start.to_string())).await;
    let _ = host.send(Message::text(leave.to_string())).await;
    drop(host);
    // Let the bots write a long log.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut spectators = Vec::new();
    let mut tally = Tally::default();
    for i in 0..200 {
        let source = Ipv4Addr::new(127, 0, 0, 3 + (i % 2) as u8);
        let Ok(tcp) = connect_from(source, addr).await else {
            tally.add("not connected");
            continue;
        };
        match tokio_tungstenite::client_async(format!("ws://{addr}/ws"), tcp).await {
            Ok((mut ws, _)) => {
                let watch = json!({"type":"watch","table":table,"since":0});
                let _ = ws.send(Message::text(watch.to_string())).await;
                spectators.push(ws);
            }
            Err(_) => tally.add("refused"),
        }
    }
    let watching = spectators.len();
    tokio::time::sleep(until.saturating_duration_since(Instant::now())).await;
    let get = format!("GET /api/tables/{table} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let events = {
        let answer = async {
            let mut tcp = connect_from(ATTACKER, addr).await.ok()?;
            tcp.write_all(get.as_bytes()).await.ok()?;
            let mut raw = Vec::new();
            tcp.read_to_end(&mut raw).await.ok()?;
            let text = String::from_utf8_lossy(&raw).to_string();
            let body = text.split_once("\r\n\r\n")?.1.to_string();
            serde_json::from_str::<serde_json::Value>(&body).ok()?["seq"].as_u64()
        };
        answer.await.unwrap_or(0)
    };
    drop(spectators);
    format!(
        "a game of bots alone with {events} events in its log, {watching} spectators (two addresses) asking for all of it and never reading{}{}",
        if tally.0.is_empty() { "" } else { "; " },
        tally.say()
    )
}

/// Attack 8: 100 WebSockets, each sending messages as fast as it can.
async fn message_flood(addr: SocketAddr, until: Instant) -> String {
    let sent = Arc::new(AtomicU64::new(0));
    let floods = (0..100).map(|_| {
        let sent = sent.clone();
        tokio::spawn(async move {
            let tcp = connect_from(ATTACKER, addr).await.ok()?;
            let (ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), tcp)
                .await
                .ok()?;
            let (mut tx, mut rx) = ws.split();
            let writer = async {
                let m = json!({"type":"list_tables"}).to_string();
                while Instant::now() < until {
                    if tx.send(Message::text(m.clone())).await.is_err() {
                        break;
                    }
                    sent.fetch_add(1, Ordering::Relaxed);
                }
            };
            let reader = async {
                while let Some(Ok(m)) = rx.next().await {
                    if let Message::Close(Some(f)) = m {
                        return Some(u16::from(f.code));
                    }
                }
                None
            };
            tokio::select! {
                () = writer => None,
                code = reader => code,
            }
        })
    });
    let mut tally = Tally::default();
    for f in floods {
        match f.await.ok().flatten() {
            Some(code) => tally.add(format!("closed with {code}")),
            None => tally.add("not closed"),
        }
    }
    format!(
        "100 WebSockets sending as fast as they can ({} messages): {}",
        sent.load(Ordering::Relaxed),
        tally.say()
    )
}

/// Attack 8: frames of 1 MiB on 100 WebSockets.
async fn big_frames(addr: SocketAddr) -> String {
    let tries = (0..100).map(|_| {
        tokio::spawn(async move {
            let tcp = connect_from(ATTACKER, addr).await.ok()?;
            let (mut ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), tcp)
                .await
                .ok()?;
            let _ = ws.send(Message::text("x".repeat(1 << 20))).await;
            while let Some(Ok(m)) = ws.next().await {
                if let Message::Close(Some(f)) = m {
                    return Some(u16::from(f.code));
                }
            }
            None
        })
    });
    let mut tally = Tally::default();
    for t in tries {
        match t.await.ok().flatten() {
            Some(code) => tally.add(format!("closed with {code}")),
            None => tally.add("not closed"),
        }
    }
    format!(
        "100 WebSockets each sending a 1 MiB message: {}",
        tally.say()
    )
}

/// Tables played at once by [`busy_log`].
const BUSY_TABLES: usize = 600;

/// Plays the `busy-log` attack's tables against the server at `addr` for `secs` seconds, then calls
/// `crash` while they are still playing (`snakes-bench` kills the server there, to time its
/// restart on a log as long as the load made it); returns once every table has stopped.
///
/// # Errors
/// When the runtime cannot start.
pub fn load_then_crash(
    addr: SocketAddr,
    secs: u64,
    crash: impl FnOnce() + Send + 'static,
) -> Result<(), BenchError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| fail(format!("cannot start the runtime: {e}")))?;
    runtime.block_on(async move {
        let until = Instant::now() + Duration::from_secs(secs);
        // The tables never stop by themselves: the crash stops them.
        let load = tokio::spawn(busy_log(addr, until + Duration::from_secs(3600)));
        tokio::time::sleep_until(until.into()).await;
        tokio::task::spawn_blocking(crash)
            .await
            .map_err(|e| fail(e.to_string()))?;
        let _ = load.await;
        Ok(())
    })
}

/// Attack 15, a load more than an attack: 600 tables (one at a time from each of 100 addresses
/// in each of 6 networks) played without a pause, game after game, the most writes a store
/// meets. The server runs with its creation rate out of the way; what is measured is the
/// store's write-ahead log (and, by `snakes-bench`, a restart after kill -9 on it).
async fn busy_log(addr: SocketAddr, until: Instant) -> String {
    let shared = Arc::new(Shared {
        rolls: AtomicU64::new(0),
        refusals: AtomicU64::new(0),
        finished: AtomicU64::new(0),
    });
    let tables = (0..BUSY_TABLES).map(|i| {
        let shared = shared.clone();
        tokio::spawn(async move {
            let source = crowd::address_in(20 + (i / 100) as u8, i % 100);
            while Instant::now() < until {
                let Ok(players) = set_up(addr, 2, Some(source), &[]).await else {
                    shared.refusals.fetch_add(1, Ordering::Relaxed);
                    return;
                };
                let games: Vec<_> = players
                    .into_iter()
                    .enumerate()
                    .map(|(k, p)| tokio::spawn(play(p, k == 0, Duration::ZERO, shared.clone())))
                    .collect();
                for g in games {
                    let _ = g.await;
                }
            }
        })
    });
    for t in tables.collect::<Vec<_>>() {
        let _ = t.await;
    }
    format!(
        "{BUSY_TABLES} tables from 6 networks played without a pause: {} games, {} rolls, {} \
         refusals",
        shared.finished.load(Ordering::Relaxed),
        shared.rolls.load(Ordering::Relaxed),
        shared.refusals.load(Ordering::Relaxed)
    )
}
