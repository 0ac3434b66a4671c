//! Several `snakes serve` on one PostgreSQL, as real processes on 127.0.0.1: killed (`kill -9`),
//! frozen (`kill -STOP` past the lease, then `-CONT`), stopped (SIGTERM) and started again, their
//! database connection cut by a proxy, their listening connection terminated, while players
//! (WebSocket clients, rolling at a pace) and bots play. Afterwards every player's stream of
//! events must be a prefix of the table's stored log, and each log numbered 1, 2, 3 ... with no
//! gap: no move a player heard is lost or contradicted.
//!
//! Leases are short (`--lease-ms`), so a takeover takes about two seconds. The tests wait on
//! events (a line on a server's output, a message to a player, a process's exit); where nothing
//! announces the awaited state (a row in the database), they poll it with a deadline.

use std::collections::HashMap;
use std::io::BufRead;
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use super::*;

#[path = "../../../snakes-server/src/store/test_db.rs"]
#[allow(dead_code)]
mod test_db;

/// Lease of the test servers, in milliseconds.
const LEASE_MS: u64 = 1500;

/// The ceiling of any wait: only a broken build gets near it.
const CEILING: Duration = Duration::from_secs(90);

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// A port for a test server, free now on 127.0.0.1 and kept for this process until it ends.
/// It is taken below the ports the system hands out for outgoing connections and `bind(0)`
/// (32768 and up on Linux), so that no client's connection takes it before the server binds it
/// (or binds it again, started anew); and a lock on a file named after it keeps every other test
/// process from picking it too.
fn free_port() -> u16 {
    const FIRST: u32 = 20_000;
    const PORTS: u32 = 12_000;
    let dir = std::env::temp_dir().join("snakes-test-ports");
    std::fs::create_dir_all(&dir).unwrap();
    // Test processes start at different places, and take the next port free.
    let start = std::process::id().wrapping_mul(37) % PORTS;
    for i in 0..PORTS {
        let port = (FIRST + (start + i) % PORTS) as u16;
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(port.to_string()))
            .unwrap();
        if lock.try_lock().is_err() || std::net::TcpListener::bind(("127.0.0.1", port)).is_err() {
            continue;
        }
        // Held until the process ends.
        std::mem::forget(lock);
        return port;
    }
    panic!("no port free between {FIRST} and {}", FIRST + PORTS);
}

/// Servers on one database, each on a port fixed for the test (so that each can name the
/// others as origins its pages may come from).
struct Cluster {
    db: String,
    /// A server's own address of the database, when it is not `db` (through a proxy).
    db_of: HashMap<usize, String>,
    ports: Vec<u16>,
    servers: Vec<Option<Child>>,
    dir: PathBuf,
}

impl Cluster {
    async fn new(name: &str, n: usize) -> Cluster {
        let db = test_db::fresh(name).await;
        let dir =
            std::env::temp_dir().join(format!("snakes-cluster-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Cluster::with_db(name, n, db, HashMap::new())
    }

    /// Servers of which those in `db_of` reach the database at an address of their own.
    fn with_db(name: &str, n: usize, db: String, db_of: HashMap<usize, String>) -> Cluster {
        let dir =
            std::env::temp_dir().join(format!("snakes-cluster-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut cluster = Cluster {
            db,
            db_of,
            ports: (0..n).map(|_| free_port()).collect(),
            servers: (0..n).map(|_| None).collect(),
            dir,
        };
        for i in 0..n {
            cluster.start(i);
        }
        cluster
    }

    fn url(&self, i: usize) -> String {
        format!("http://127.0.0.1:{}", self.ports[i])
    }

    fn urls(&self) -> Vec<String> {
        (0..self.ports.len()).map(|i| self.url(i)).collect()
    }

    /// Starts server `i` and waits for its "serving" line.
    fn start(&mut self, i: usize) {
        let log = std::fs::File::create(self.dir.join(format!("server-{i}.log"))).unwrap();
        let mut args: Vec<String> = [
            "serve",
            "--bind",
            &format!("127.0.0.1:{}", self.ports[i]),
            "--db",
            self.db_of.get(&i).unwrap_or(&self.db),
            "--lease-ms",
            &LEASE_MS.to_string(),
            "--bot-delay-ms",
            "40",
            "--test-dice-seed",
            "27",
            "--rate",
            "1000",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for (j, _) in self.ports.iter().enumerate().filter(|(j, _)| *j != i) {
            args.push("--allow-origin".into());
            args.push(self.url(j));
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_snakes"))
            .args(&args)
            .env("RUST_LOG", "snakes_server=debug")
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap();
        let mut line = String::new();
        let stdout = child.stdout.take().unwrap();
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .unwrap();
        assert!(
            line.contains("serving"),
            "server {i} did not start: {line:?}; see {}",
            self.dir.display()
        );
        self.servers[i] = Some(child);
    }

    /// `kill -9`.
    fn kill(&mut self, i: usize) {
        if let Some(mut child) = self.servers[i].take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }

    fn signal(&self, i: usize, signal: &str) {
        let child = self.servers[i].as_ref().unwrap();
        let status = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success(), "kill {signal}");
    }

    /// SIGTERM, and the exit it brings.
    fn stop(&mut self, i: usize) -> std::process::ExitStatus {
        self.signal(i, "-TERM");
        self.servers[i].take().unwrap().wait().unwrap()
    }

    /// A connection to the database, for what the servers stored.
    async fn sql(&self) -> tokio_postgres::Client {
        let (client, conn) = tokio_postgres::connect(&self.db, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(conn);
        client
    }

    /// Table `id`'s stored log.
    async fn log(&self, id: u64) -> Vec<(u64, Value)> {
        let sql = self.sql().await;
        sql.query(
            "SELECT seq, event FROM events WHERE table_id = $1 ORDER BY seq",
            &[&(id as i64)],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| {
            let event: String = r.get(1);
            (
                r.get::<_, i64>(0) as u64,
                serde_json::from_str(&event).unwrap(),
            )
        })
        .collect()
    }

    /// Every player's events are a prefix of its table's log, and each log is numbered from 1
    /// with no gap.
    async fn check(&self, players: &[Arc<Played>]) {
        for p in players {
            let log = self.log(p.table).await;
            let seqs: Vec<u64> = log.iter().map(|(s, _)| *s).collect();
            assert_eq!(
                seqs,
                (1..=log.len() as u64).collect::<Vec<_>>(),
                "table {}: the log's numbers",
                p.table
            );
            let heard = p.events.lock().unwrap().clone();
            assert!(
                heard.len() <= log.len(),
                "table {}: heard {} events, the log has {}",
                p.table,
                heard.len(),
                log.len()
            );
            for (i, (seq, event)) in heard.iter().enumerate() {
                assert_eq!(*seq, i as u64 + 1, "table {}: heard out of order", p.table);
                assert_eq!(
                    event, &log[i].1,
                    "table {}: event {seq} heard differs from the log",
                    p.table
                );
            }
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for i in 0..self.servers.len() {
            if let Some(child) = &self.servers[i] {
                // A frozen server must be woken to die of SIGKILL's delivery in every kernel.
                let _ = Command::new("kill")
                    .args(["-CONT", &child.id().to_string()])
                    .status();
            }
            self.kill(i);
        }
        // The servers' logs say what happened: kept, and named, when the test failed.
        if std::thread::panicking() {
            eprintln!("the servers' logs: {}", self.dir.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(server: &str) -> Option<Ws> {
    let url = format!("{}/ws", server.replacen("http", "ws", 1));
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.ok()?;
    ws.send(Message::text(
        json!({"type":"hello","protocol":1}).to_string(),
    ))
    .await
    .ok()?;
    Some(ws)
}

async fn next(ws: &mut Ws) -> Option<Value> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(t)) => return serde_json::from_str(&t).ok(),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// Creates a table on `server` with a bot; its id and the creator's token.
async fn create(server: &str, name: &str) -> (u64, String) {
    create_with(server, json!({"name":name,"bots":1})).await
}

/// Creates a table on `server` as `create` asks (its name, board, rules, bots); the host's seat.
async fn create_with(server: &str, mut create: Value) -> (u64, String) {
    let mut ws = connect(server).await.unwrap();
    create["type"] = json!("create");
    let msg = create;
    ws.send(Message::text(msg.to_string())).await.unwrap();
    loop {
        let m = next(&mut ws).await.unwrap();
        if m["type"] == "seated" {
            return (
                m["table"].as_u64().unwrap(),
                m["token"].as_str().unwrap().to_string(),
            );
        }
        assert_ne!(m["type"], "refused", "{m}");
    }
}

impl Played {
    fn new(table: u64) -> Arc<Played> {
        Arc::new(Played {
            table,
            events: Mutex::new(Vec::new()),
            heard_at: Mutex::new(HashMap::new()),
            moved: Mutex::new(Vec::new()),
            trail: Mutex::new(Vec::new()),
        })
    }

    /// How many events this player has heard.
    fn heard(&self) -> usize {
        self.events.lock().unwrap().len()
    }
}

/// What one player heard of a table, and when.
struct Played {
    table: u64,
    /// `(seq, event)` in the order heard.
    events: Mutex<Vec<(u64, Value)>>,
    /// When each event was heard, by seq.
    heard_at: Mutex<HashMap<u64, Instant>>,
    /// `moved` refusals received.
    moved: Mutex<Vec<String>>,
    /// Each `moved`: when, the server asked, where it sent the player (said when a game
    /// does not end).
    trail: Mutex<Vec<(std::time::SystemTime, String, String)>>,
}

/// Plays table `table` (the host's seat, with `token`) from `servers[first]`: starts it, rolls
/// every `pace` when it may, follows `moved` and, when its server is gone, the next server;
/// until the game ends or `until` is told. Returns what it heard.
async fn play(
    played: Arc<Played>,
    table: u64,
    token: String,
    servers: Vec<String>,
    first: usize,
    pace: Duration,
    until: tokio::sync::watch::Receiver<bool>,
) -> Arc<Played> {
    let started = Instant::now();
    let mut at = first;
    let mut server = servers[at].clone();
    let mut over = false;
    while !over && started.elapsed() < CEILING && !*until.borrow() {
        let Some(mut ws) = connect(&server).await else {
            at = (at + 1) % servers.len();
            server = servers[at].clone();
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let since = played.events.lock().unwrap().len() as u64;
        let watch = json!({"type":"watch","table":table,"token":token,"since":since});
        if ws.send(Message::text(watch.to_string())).await.is_err() {
            continue;
        }
        let mut tick = tokio::time::interval(pace);
        let mut until = until.clone();
        loop {
            tokio::select! {
                m = next(&mut ws) => {
                    let Some(m) = m else {
                        // The server is gone: the next one.
                        at = (at + 1) % servers.len();
                        server = servers[at].clone();
                        break;
                    };
                    match m["type"].as_str() {
                        Some("watching") if m["view"]["status"] == "waiting" => {
                            let seq = m["view"]["seq"].as_u64().unwrap();
                            let start = json!({"type":"start","table":table,"token":token,"seq":seq});
                            let _ = ws.send(Message::text(start.to_string())).await;
                        }
                        Some("events") => {
                            let mut events = played.events.lock().unwrap();
                            let mut heard_at = played.heard_at.lock().unwrap();
                            for e in m["events"].as_array().unwrap() {
                                let seq = e["seq"].as_u64().unwrap();
                                let known = events.len() as u64;
                                if seq <= known {
                                    assert_eq!(events[seq as usize - 1].1, e["event"], "table {table}: event {seq} told twice, differently");
                                    continue;
                                }
                                assert_eq!(seq, known + 1, "table {table}: a gap before {seq}");
                                events.push((seq, e["event"].clone()));
                                heard_at.insert(seq, Instant::now());
                                if matches!(e["event"]["type"].as_str(), Some("finished" | "drawn")) {
                                    over = true;
                                }
                            }
                        }
                        Some("refused") if m["code"] == "moved" => {
                            let address = m["address"].as_str().unwrap_or_default().to_string();
                            played.moved.lock().unwrap().push(address.clone());
                            played.trail.lock().unwrap().push((std::time::SystemTime::now(), server.clone(), address.clone()));
                            if let Some(i) = servers.iter().position(|s| *s == address) {
                                at = i;
                            } else {
                                at = (at + 1) % servers.len();
                            }
                            server = servers[at].clone();
                            break;
                        }
                        _ => {}
                    }
                    if over {
                        break;
                    }
                }
                _ = tick.tick() => {
                    let seq = played.events.lock().unwrap().len();
                    let roll = json!({"type":"roll","table":table,"token":token,"seq":seq});
                    let _ = ws.send(Message::text(roll.to_string())).await;
                }
                _ = until.changed() => break,
            }
        }
    }
    played
}

/// Waits until `check` holds, polling every 20 ms (for a state no process announces).
async fn until(what: &str, mut check: impl AsyncFnMut() -> bool) {
    let started = Instant::now();
    while started.elapsed() < CEILING {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("never happened: {what}");
}

/// Which server owns table `id` now, by port, and its epoch.
async fn owner(sql: &tokio_postgres::Client, id: u64) -> (String, i64) {
    let row = sql
        .query_one(
            "SELECT address, epoch FROM owners WHERE table_id = $1",
            &[&(id as i64)],
        )
        .await
        .unwrap();
    (row.get(0), row.get(1))
}

/// Three servers, tables made on each and played from the others (each player sent to the
/// owner), a server killed under load: every table goes on elsewhere, and no event a player
/// heard is missing from the log or different there.
#[test]
fn three_servers_one_killed_under_load_lose_nothing() {
    runtime().block_on(async {
        let mut cluster = Cluster::new("kill", 3).await;
        let urls = cluster.urls();
        let (stop_tx, stop) = tokio::sync::watch::channel(false);
        let mut tables = Vec::new();
        for i in 0..9 {
            let (id, token) = create(&urls[i % 3], &format!("P{i}")).await;
            tables.push((id, token));
        }
        // Each player starts on a server that does not own its table: sent to the owner.
        let players: Vec<_> = tables
            .iter()
            .enumerate()
            .map(|(i, (id, token))| {
                let first = (i + 1) % 3;
                tokio::spawn(play(
                    Played::new(*id),
                    *id,
                    token.clone(),
                    urls.clone(),
                    first,
                    Duration::from_millis(30),
                    stop.clone(),
                ))
            })
            .collect();
        // Under way: server 0's tables have moved on a few events.
        let sql = cluster.sql().await;
        until("the games are under way", async || {
            let row = sql
                .query_one("SELECT count(*) FROM events", &[])
                .await
                .unwrap();
            row.get::<_, i64>(0) > 60
        })
        .await;
        let killed = Instant::now();
        cluster.kill(0);
        let mut played = Vec::new();
        for p in players {
            played.push(p.await.unwrap());
        }
        drop(stop_tx);
        cluster.check(&played).await;
        // Every game ended, server 0's on another server.
        for p in &played {
            let last = p.events.lock().unwrap().last().unwrap().1.clone();
            assert!(
                matches!(last["type"].as_str(), Some("finished" | "drawn")),
                "table {}: {last}",
                p.table
            );
            let (address, _) = owner(&sql, p.table).await;
            assert_ne!(
                address, urls[0],
                "table {} still on the dead server",
                p.table
            );
        }
        // The takeover, for the record: the first event heard after the kill, per table that
        // was on the dead server.
        let on_dead: Vec<u64> = tables.iter().step_by(3).map(|t| t.0).collect();
        let mut takeovers: Vec<Duration> = played
            .iter()
            .filter(|p| on_dead.contains(&p.table))
            .filter_map(|p| {
                let heard = p.heard_at.lock().unwrap();
                heard
                    .values()
                    .filter(|t| **t > killed)
                    .min()
                    .map(|t| t.duration_since(killed))
            })
            .collect();
        takeovers.sort();
        eprintln!("takeovers after kill -9: {takeovers:?}");
        // The survivors' metrics count the dead server's three tables taken over; a table one
        // survivor took from the other (a renewal late under load) counts as lost by that one.
        let (mut taken, mut lost) = (0, 0);
        for url in &urls[1..] {
            let text = super::stop::get(address(url), "/metrics").await;
            taken += counter(&text, "snakes_takeovers_total");
            lost += counter(&text, "snakes_tables_lost_total");
        }
        assert_eq!(taken, 3 + lost, "taken over {taken}, lost {lost}");
    });
}

/// The socket address of a server's `http://` address.
fn address(url: &str) -> std::net::SocketAddr {
    url.trim_start_matches("http://").parse().unwrap()
}

/// The value of a counter in the text of `/metrics`.
fn counter(metrics: &str, name: &str) -> u64 {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no {name} in:\n{metrics}"))
        .parse()
        .unwrap()
}

/// Starts a player per table of `tables`, each from `servers[first(i)]`.
fn players(
    tables: &[(u64, String)],
    urls: &[String],
    first: impl Fn(usize) -> usize,
    stop: &tokio::sync::watch::Receiver<bool>,
) -> Vec<tokio::task::JoinHandle<Arc<Played>>> {
    tables
        .iter()
        .enumerate()
        .map(|(i, (id, token))| {
            tokio::spawn(play(
                Played::new(*id),
                *id,
                token.clone(),
                urls.to_vec(),
                first(i),
                Duration::from_millis(30),
                stop.clone(),
            ))
        })
        .collect()
}

async fn finish(players: Vec<tokio::task::JoinHandle<Arc<Played>>>) -> Vec<Arc<Played>> {
    let mut played = Vec::new();
    for p in players {
        played.push(p.await.unwrap());
    }
    for p in &played {
        let events = p.events.lock().unwrap();
        let last = &events.last().unwrap().1;
        if !matches!(last["type"].as_str(), Some("finished" | "drawn")) {
            let trail = p.trail.lock().unwrap();
            eprintln!("table {}: {} moved; the last:", p.table, trail.len());
            for (t, asked, to) in trail.iter().rev().take(15) {
                let t = t.duration_since(std::time::UNIX_EPOCH).unwrap();
                eprintln!(
                    "  {}.{:03} asked {asked} sent to {to:?}",
                    t.as_secs(),
                    t.subsec_millis()
                );
            }
        }
        assert!(
            matches!(last["type"].as_str(), Some("finished" | "drawn")),
            "table {}: the game did not end: {last}",
            p.table
        );
    }
    played
}

/// A server frozen past its lease (`kill -STOP`): another claims its tables and their bots play
/// on there; woken (`kill -CONT`), the old owner's appends are refused, it steps down and sends
/// its players to the new owner, and nothing it sent after the takeover reaches them.
#[test]
fn a_frozen_owner_steps_down_when_it_wakes() {
    runtime().block_on(async {
        let cluster = Cluster::new("freeze", 2).await;
        let urls = cluster.urls();
        let (stop_tx, stop) = tokio::sync::watch::channel(false);
        let mut tables = Vec::new();
        for i in 0..4 {
            tables.push(create(&urls[0], &format!("P{i}")).await);
        }
        let running = players(&tables, &urls, |_| 0, &stop);
        let sql = cluster.sql().await;
        until("the games are under way", async || {
            let row = sql
                .query_one("SELECT count(*) FROM events", &[])
                .await
                .unwrap();
            row.get::<_, i64>(0) > 30
        })
        .await;
        cluster.signal(0, "-STOP");
        // Server 1 claims every table (its sweep, once the lease ran out by the database's
        // clock), and the bots go on there.
        until("server 1 owns every table", async || {
            let mut all = true;
            for (id, _) in &tables {
                all &= owner(&sql, *id).await.0 == urls[1];
            }
            all
        })
        .await;
        let frozen_at: Vec<usize> = {
            let mut counts = Vec::new();
            for (id, _) in &tables {
                counts.push(cluster.log(*id).await.len());
            }
            counts
        };
        cluster.signal(0, "-CONT");
        let played = finish(running).await;
        drop(stop_tx);
        cluster.check(&played).await;
        for (p, at) in played.iter().zip(frozen_at) {
            assert!(
                !p.moved.lock().unwrap().is_empty(),
                "table {}: its player was never sent on",
                p.table
            );
            assert!(p.events.lock().unwrap().len() >= at);
        }
        let log = std::fs::read_to_string(cluster.dir.join("server-0.log")).unwrap();
        assert!(
            log.contains("lost the table"),
            "server 0 never stepped down"
        );
    });
}

/// Server 0's listening connection terminated by the database: its lobby still hears of a
/// table made on server 1 afterwards.
#[test]
fn the_lobby_catches_up_after_its_listener_is_terminated() {
    runtime().block_on(async {
        let cluster = Cluster::new("listener", 2).await;
        let urls = cluster.urls();
        let sql = cluster.sql().await;
        let mut lobby = connect(&urls[0]).await.unwrap();
        lobby
            .send(Message::text(json!({"type":"list_tables"}).to_string()))
            .await
            .unwrap();
        let first = next(&mut lobby).await.unwrap();
        assert_eq!(first["type"], "hello", "{first}");
        // Both servers listen; terminate their listening connections (those of this test's
        // database: other tests run beside it).
        let listening = async || {
            sql.query(
                "SELECT pid FROM pg_stat_activity
                 WHERE query = 'LISTEN snakes' AND datname = current_database()",
                &[],
            )
            .await
            .unwrap()
            .len()
        };
        until("both servers listen", async || listening().await == 2).await;
        sql.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE query = 'LISTEN snakes' AND datname = current_database()",
            &[],
        )
        .await
        .unwrap();
        let (id, _) = create(&urls[1], "Bo").await;
        loop {
            let m = tokio::time::timeout(CEILING, next(&mut lobby))
                .await
                .expect("the lobby never listed the new table")
                .unwrap();
            if m["type"] == "tables"
                && m["tables"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|t| t["id"] == id && t["seats"][0]["name"] == "Bo")
            {
                break;
            }
        }
    });
}

/// Each of three servers stopped (SIGTERM) and started again in turn while the games go on:
/// the stopping server hands its tables back and sends its players on at once, and every page
/// is back in play with nothing lost. The games are long (a track of 2,500 squares and a die of
/// two faces: over a thousand turns each), so that they are still going after the three
/// restarts however slow the machine; the players are stopped then.
#[test]
fn a_rolling_restart_loses_nothing() {
    runtime().block_on(async {
        let mut cluster = Cluster::new("rolling", 3).await;
        let urls = cluster.urls();
        let (stop_tx, stop) = tokio::sync::watch::channel(false);
        let board = r#"{"size": 50, "ladders": [], "snakes": []}"#;
        let mut tables = Vec::new();
        for i in 0..6 {
            let create = json!({"name":format!("P{i}"),"bots":1,"rules":"die=2","board":board});
            tables.push(create_with(&urls[i % 3], create).await);
        }
        let played: Vec<Arc<Played>> = tables.iter().map(|(id, _)| Played::new(*id)).collect();
        let running: Vec<_> = tables
            .iter()
            .zip(&played)
            .enumerate()
            .map(|(i, ((id, token), p))| {
                tokio::spawn(play(
                    p.clone(),
                    *id,
                    token.clone(),
                    urls.clone(),
                    i % 3,
                    Duration::from_millis(30),
                    stop.clone(),
                ))
            })
            .collect();
        for i in 0..3 {
            // Every page has heard its game move on since the last restart.
            let before: Vec<usize> = played.iter().map(|p| p.heard()).collect();
            until("every game goes on, heard by its page", async || {
                played.iter().zip(&before).all(|(p, b)| p.heard() >= b + 5)
            })
            .await;
            let status = cluster.stop(i);
            assert!(status.success(), "server {i} stopped with {status}");
            cluster.start(i);
        }
        let before: Vec<usize> = played.iter().map(|p| p.heard()).collect();
        until(
            "every page is back in play after the restarts",
            async || played.iter().zip(&before).all(|(p, b)| p.heard() >= b + 5),
        )
        .await;
        stop_tx.send_replace(true);
        for r in running {
            r.await.unwrap();
        }
        for p in &played {
            let last = p.events.lock().unwrap().last().unwrap().1.clone();
            assert_ne!(
                last["type"], "finished",
                "table {}: too short a game",
                p.table
            );
        }
        cluster.check(&played).await;
    });
}

/// What the proxy does with the bytes between a server and the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pipe {
    Forward,
    /// Holds every byte: the connections stay open and nothing gets through.
    Stall,
}

/// A TCP proxy on 127.0.0.1 to `to`, told by `mode` what to do; its port.
async fn proxy(to: std::net::SocketAddr, mode: tokio::sync::watch::Receiver<Pipe>) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let Ok(server) = tokio::net::TcpStream::connect(to).await else {
                continue;
            };
            let (cr, cw) = client.into_split();
            let (sr, sw) = server.into_split();
            for (mut from, mut to) in [
                (
                    Box::new(cr) as Box<dyn tokio::io::AsyncRead + Send + Unpin>,
                    Box::new(sw) as Box<dyn tokio::io::AsyncWrite + Send + Unpin>,
                ),
                (Box::new(sr), Box::new(cw)),
            ] {
                let mut mode = mode.clone();
                tokio::spawn(async move {
                    let mut buf = vec![0u8; 16 * 1024];
                    loop {
                        let Ok(n) = from.read(&mut buf).await else {
                            return;
                        };
                        if n == 0 {
                            return;
                        }
                        // Stalled: the bytes wait for ever (the test ends first).
                        if mode.wait_for(|m| *m == Pipe::Forward).await.is_err() {
                            return;
                        }
                        if to.write_all(&buf[..n]).await.is_err() {
                            return;
                        }
                    }
                });
            }
        }
    });
    port
}

/// Server 0 cut off from the database (a proxy that stops passing bytes, the connections left
/// open): it stops serving its tables by itself, at its lease's end by its own count, and sends
/// its players on; server 1 claims the tables and every game ends with nothing lost.
#[test]
fn an_owner_cut_from_the_database_stops_serving() {
    runtime().block_on(async {
        let db = test_db::fresh("cut").await;
        let config: tokio_postgres::Config = db.parse().unwrap();
        let port = match config.get_ports() {
            [p] => *p,
            _ => 5432,
        };
        let (pipe, mode) = tokio::sync::watch::channel(Pipe::Forward);
        let through = proxy(std::net::SocketAddr::from(([127, 0, 0, 1], port)), mode).await;
        let via = db.replacen(&format!(":{port}/"), &format!(":{through}/"), 1);
        assert_ne!(via, db);
        let mut cluster = Cluster::with_db("cut", 2, db, HashMap::from([(0, via)]));
        let urls = cluster.urls();
        let (stop_tx, stop) = tokio::sync::watch::channel(false);
        let mut tables = Vec::new();
        for i in 0..4 {
            tables.push(create(&urls[0], &format!("P{i}")).await);
        }
        let running = players(&tables, &urls, |_| 0, &stop);
        let sql = cluster.sql().await;
        until("the games are under way", async || {
            let row = sql
                .query_one("SELECT count(*) FROM events", &[])
                .await
                .unwrap();
            row.get::<_, i64>(0) > 30
        })
        .await;
        pipe.send_replace(Pipe::Stall);
        // Its leases not renewed, server 0 says it is not ready (a load balancer stops sending
        // it players), while server 1 is.
        until("server 0 says it is not ready", async || {
            super::stop::get(address(&urls[0]), "/readyz").await
                == "the leases on this server's tables are not renewed\n"
        })
        .await;
        assert_eq!(
            super::stop::get(address(&urls[1]), "/readyz").await,
            "ready\n"
        );
        let played = finish(running).await;
        drop(stop_tx);
        cluster.check(&played).await;
        for p in &played {
            assert!(
                !p.moved.lock().unwrap().is_empty(),
                "table {}: server 0 never sent its player on",
                p.table
            );
            assert_eq!(owner(&sql, p.table).await.0, urls[1]);
        }
        let log = std::fs::read_to_string(cluster.dir.join("server-0.log")).unwrap();
        assert!(
            log.contains("lost the table"),
            "server 0 never stepped down"
        );
        cluster.kill(0);
    });
}
