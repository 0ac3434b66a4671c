//! The fault-injection suite: three `snakes serve` on one PostgreSQL of the suite's own,
//! behind a real nginx configured as `docs/scale.md` says, each server reaching the database
//! through a TCP proxy of the suite's. Players (WebSocket clients, as pages) play long games
//! at every server's tables while one fault is injected ([`Fault`]); then what every player
//! heard is held against what is stored ([`Run::check`]): nothing heard is missing or
//! different in the log, nothing told twice differently, no log with a gap, no table
//! quarantined, every table served again (a new event heard) after the fault, and how long
//! that took.
//!
//! `cargo nextest run -p snakes-faults` runs each fault once (the short form, in
//! `./scripts/test`); `cargo run --release -p snakes-faults -- --runs 10` runs each many
//! times and prints the figures of BENCHMARKS.md.

// A harness of tests: whatever it cannot do (start nginx, reach its own database) ends the run
// with a panic naming it, as a test's assertion does.
#![allow(clippy::unwrap_used)]

pub mod nginx;
pub mod pg;
pub mod players;
pub mod proxy;
pub mod servers;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use players::Player;
use serde_json::Value;

/// Each fault the suite injects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// PostgreSQL's processes crash (`pg_ctl stop -m immediate`) and start again.
    DatabaseCrash,
    /// PostgreSQL restarts cleanly (`pg_ctl restart -m fast`).
    DatabaseRestart,
    /// PostgreSQL is down for a while (`--outage-secs`), then starts again.
    DatabaseOutage,
    /// A server is killed (`kill -9`), then started again.
    Kill,
    /// A server is frozen (`kill -STOP`) until the others serve its tables, then woken.
    Freeze,
    /// A server's link to the database stops passing bytes (the connections stay open) until
    /// the others serve its tables, then passes them again.
    Cut,
    /// One connection of a server's to the database stops passing bytes (the busiest: its
    /// writer's), for good.
    Wedge,
    /// A server's database commits what it is sent, but its answers are held for most of a
    /// lease: the server cannot know whether its last appends were written.
    Unanswered,
    /// Each server in turn is stopped (SIGTERM) and started again.
    RollingRestart,
    /// Every server is stopped (SIGTERM), then every one started again.
    FullRestart,
    /// Every server is killed; the database is restored from a `pg_dump` taken during play
    /// into a new database; the servers start on it.
    Restore,
}

impl Fault {
    /// Every fault, in the order the suite injects them.
    pub const ALL: [Fault; 11] = [
        Fault::DatabaseCrash,
        Fault::DatabaseRestart,
        Fault::DatabaseOutage,
        Fault::Kill,
        Fault::Freeze,
        Fault::Cut,
        Fault::Wedge,
        Fault::Unanswered,
        Fault::RollingRestart,
        Fault::FullRestart,
        Fault::Restore,
    ];

    /// Its name on the command line and in the figures.
    pub fn name(self) -> &'static str {
        match self {
            Fault::DatabaseCrash => "db-crash",
            Fault::DatabaseRestart => "db-restart",
            Fault::DatabaseOutage => "db-outage",
            Fault::Kill => "kill",
            Fault::Freeze => "freeze",
            Fault::Cut => "cut",
            Fault::Wedge => "wedge",
            Fault::Unanswered => "unanswered",
            Fault::RollingRestart => "rolling-restart",
            Fault::FullRestart => "full-restart",
            Fault::Restore => "restore",
        }
    }

    /// The fault named `name`.
    pub fn named(name: &str) -> Option<Fault> {
        Fault::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// How a run is played.
#[derive(Debug, Clone)]
pub struct Options {
    /// The servers' lease.
    pub lease: Duration,
    /// How long the database is down in [`Fault::DatabaseOutage`].
    pub outage: Duration,
    /// Tables (each played by one player, with a bot), spread over the servers.
    pub tables: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            lease: Duration::from_millis(2000),
            outage: Duration::from_secs(4),
            tables: 6,
        }
    }
}

/// What one run of one fault measured.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The fault.
    pub fault: Fault,
    /// Events the players heard, all tables together.
    pub heard: usize,
    /// Events stored, all tables together.
    pub stored: usize,
    /// Events heard but missing from the store, or different there.
    pub lost: usize,
    /// For each table: from the end of the fault to the first event heard after it.
    pub back: Vec<Duration>,
    /// Tables quarantined.
    pub quarantined: u64,
}

/// A scratch directory, removed when dropped (kept, and named, when a test failed).
pub struct Scratch(PathBuf);

impl Scratch {
    /// A new directory named after `name`.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "snakes-faults-{name}-{}-{}",
            std::process::id(),
            Instant::now().elapsed().as_nanos()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // Kept, and named, when a test failed, or when SNAKES_FAULTS_KEEP asks.
        if std::thread::panicking() || std::env::var_os("SNAKES_FAULTS_KEEP").is_some() {
            eprintln!("the servers' logs: {}", self.0.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// `GET path` on nginx at `port`: the body of a 200 answer.
pub async fn http_get(port: u16, path: &str) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: snakes.test\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.ok()?;
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(10), tcp.read_to_string(&mut answer))
        .await
        .ok()?
        .ok()?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    head.starts_with("HTTP/1.1 200").then(|| body.to_string())
}

/// The ceiling of any wait: only a broken build gets near it.
pub(crate) const CEILING: Duration = Duration::from_secs(180);

/// Waits until `check` holds, looking every 20 ms (for a state nothing announces: a row in the
/// database, a count of events heard).
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

/// Three servers, their proxies, nginx and the database, with players at their tables.
pub struct Run {
    pg: pg::Pg,
    db: String,
    proxies: Vec<proxy::Proxy>,
    servers: Vec<servers::Server>,
    nginx: nginx::Nginx,
    players: Vec<Player>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    stop: tokio::sync::watch::Sender<bool>,
    options: Options,
    // Last: removed once everything in it has stopped.
    dir: Scratch,
}

impl Run {
    /// Starts everything and the games, and waits until every table is under way.
    pub async fn start(name: &str, options: Options) -> Run {
        let dir = Scratch::new(name);
        let pg = pg::Pg::start(&dir.path().join("pg"));
        let db = "snakes".to_string();
        pg.create_db(&db).await;
        let mut proxies = Vec::new();
        for _ in 0..3 {
            proxies.push(proxy::Proxy::start(pg.socket()).await);
        }
        // nginx's port first: the servers' public addresses are under it.
        let listener = nginx::Nginx::bind();
        let at = listener.local_addr().unwrap().port();
        let settings = servers::Settings {
            lease_ms: options.lease.as_millis() as u64,
            beat_ms: 250,
            bot_delay_ms: 40,
        };
        let mut servers: Vec<servers::Server> = proxies
            .iter()
            .enumerate()
            .map(|(i, p)| {
                servers::Server::new(
                    format!("postgres://postgres@127.0.0.1:{}/{db}", p.port),
                    format!("http://127.0.0.1:{at}/s{}", i + 1),
                    dir.path().join(format!("server-{}.log", i + 1)),
                    settings.clone(),
                )
            })
            .collect();
        let ports: Vec<u16> = servers.iter_mut().map(servers::Server::start).collect();
        let nginx = nginx::Nginx::start(&dir.path().join("nginx"), listener, &ports).await;
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let mut run = Run {
            pg,
            db,
            proxies,
            servers,
            nginx,
            players: Vec::new(),
            tasks: Vec::new(),
            stop,
            options,
            dir,
        };
        for i in 0..run.options.tables {
            let at = format!("http://127.0.0.1:{}/s{}", run.nginx.port, i % 3 + 1);
            let (table, token) = players::create(&at, &format!("P{i}")).await;
            let (player, task) = players::play(
                run.entry(),
                table,
                token,
                Duration::from_millis(30),
                stopped.clone(),
            );
            run.players.push(player);
            run.tasks.push(task);
        }
        run.progress(10).await;
        run
    }

    /// nginx's address: any server.
    fn entry(&self) -> String {
        format!("http://127.0.0.1:{}", self.nginx.port)
    }

    /// Waits until every player has heard `n` more events.
    async fn progress(&self, n: usize) -> Instant {
        let before: Vec<usize> = self.players.iter().map(Player::count).collect();
        until("every game goes on, heard by its player", async || {
            self.players
                .iter()
                .zip(&before)
                .all(|(p, b)| p.count() >= b + n)
        })
        .await;
        Instant::now()
    }

    /// The public address of server `i` (1-based), under nginx: `http://127.0.0.1:PORT/s2`.
    pub fn address(&self, i: usize) -> String {
        format!("http://127.0.0.1:{}/s{i}", self.nginx.port)
    }

    /// The database's address, as the servers reach it (through the first server's proxy):
    /// what `--db` is given to the operator's commands.
    pub fn database(&self) -> String {
        format!(
            "postgres://postgres@127.0.0.1:{}/{}",
            self.proxies[0].port, self.db
        )
    }

    /// The server (1-based) that owns table `id`, once one does.
    pub async fn owner_of(&self, id: u64) -> usize {
        let sql = self.pg.client(&self.db).await;
        let mut owner = 0;
        until("a server owns the table", async || {
            owner = self.owner(&sql, id).await.map_or(0, |(o, _)| o);
            owner > 0
        })
        .await;
        owner
    }

    /// Kills server `i` (1-based) with SIGKILL.
    pub fn kill(&mut self, i: usize) {
        self.servers[i - 1].kill();
    }

    /// Which server owns table `id` now (1-based, by its public address), and its epoch.
    async fn owner(&self, sql: &tokio_postgres::Client, id: u64) -> Option<(usize, i64)> {
        let row = sql
            .query_opt(
                "SELECT address, epoch FROM owners WHERE table_id = $1 AND expires_at > now()",
                &[&(id as i64)],
            )
            .await
            .ok()??;
        let address: String = row.get(0);
        let server = address.rsplit("/s").next()?.parse().ok()?;
        Some((server, row.get(1)))
    }

    /// Waits until no table is owned by server `i` (1-based): the others serve them.
    async fn taken_from(&self, i: usize) {
        let sql = self.pg.client(&self.db).await;
        until("the other servers own the tables", async || {
            for p in &self.players {
                if self.owner(&sql, p.table).await.is_none_or(|(o, _)| o == i) {
                    return false;
                }
            }
            true
        })
        .await;
    }

    /// A server with tables, 1-based.
    async fn busy_server(&self) -> usize {
        let sql = self.pg.client(&self.db).await;
        for p in &self.players {
            if let Some((o, _)) = self.owner(&sql, p.table).await {
                return o;
            }
        }
        1
    }

    /// Starts server `i` (1-based) again and points nginx at its new port.
    async fn restart(&mut self, i: usize) {
        self.servers[i - 1].start();
        let ports: Vec<u16> = self.servers.iter().map(|s| s.port).collect();
        self.nginx.point(&ports).await;
    }

    /// Injects `fault`; when it is over (the moment the system may heal).
    pub async fn inject(&mut self, fault: Fault) -> Instant {
        match fault {
            Fault::DatabaseCrash => {
                self.pg.crash();
                self.pg.up();
            }
            Fault::DatabaseRestart => {
                self.pg.down();
                self.pg.up();
            }
            Fault::DatabaseOutage => {
                self.pg.down();
                tokio::time::sleep(self.options.outage).await;
                self.pg.up();
            }
            // A server's faults: the others must heal them by themselves, from the moment
            // they begin.
            Fault::Kill => {
                let i = self.busy_server().await;
                self.servers[i - 1].kill();
                let over = Instant::now();
                self.taken_from(i).await;
                self.restart(i).await;
                return over;
            }
            Fault::Freeze => {
                let i = self.busy_server().await;
                self.servers[i - 1].freeze();
                let over = Instant::now();
                self.taken_from(i).await;
                self.servers[i - 1].wake();
                return over;
            }
            Fault::Cut => {
                let i = self.busy_server().await;
                self.proxies[i - 1].cut(true);
                let over = Instant::now();
                self.taken_from(i).await;
                self.proxies[i - 1].cut(false);
                return over;
            }
            Fault::Wedge => {
                let i = self.busy_server().await;
                assert!(self.proxies[i - 1].wedge_busiest(), "a connection to wedge");
            }
            Fault::Unanswered => {
                // Longer than the writer sends a batch again (half a lease), shorter than a
                // lease: the server keeps its tables, not knowing its last writes.
                let i = self.busy_server().await;
                self.proxies[i - 1].mute(true);
                let over = Instant::now();
                tokio::time::sleep(self.options.lease * 3 / 4).await;
                self.proxies[i - 1].mute(false);
                return over;
            }
            Fault::RollingRestart => {
                for i in 1..=3 {
                    assert!(self.servers[i - 1].stop(), "server {i} stopped cleanly");
                    self.restart(i).await;
                    self.progress(3).await;
                }
            }
            Fault::FullRestart => {
                for i in 1..=3 {
                    assert!(self.servers[i - 1].stop(), "server {i} stopped cleanly");
                }
                for i in 1..=3 {
                    self.servers[i - 1].start();
                }
                let ports: Vec<u16> = self.servers.iter().map(|s| s.port).collect();
                self.nginx.point(&ports).await;
            }
            Fault::Restore => self.restore().await,
        }
        Instant::now()
    }

    /// [`Fault::Restore`]: a `pg_dump` taken during play; every server killed; the copy put
    /// in a new database, which the servers start on.
    async fn restore(&mut self) {
        let dump = self.dir.path().join("snakes.dump");
        let out = std::process::Command::new(self.pg.program("pg_dump"))
            .args(["--format=custom", "--file"])
            .arg(&dump)
            .arg(self.pg.url(&self.db))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pg_dump: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Played on after the copy: the players heard more than it holds.
        self.progress(5).await;
        for s in &mut self.servers {
            s.kill();
        }
        let restored = "snakes_restored".to_string();
        self.pg.create_db(&restored).await;
        let out = std::process::Command::new(self.pg.program("pg_restore"))
            .args(["--no-owner", "--dbname"])
            .arg(self.pg.url(&restored))
            .arg(&dump)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pg_restore: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        self.db = restored;
        // The players heard events the copy does not hold: they start again from the copy
        // (their servers are gone: nothing reaches them meanwhile).
        for p in &self.players {
            let mut heard = p.heard.lock().unwrap();
            heard.events.clear();
            heard.at.clear();
        }
        let settings = servers::Settings {
            lease_ms: self.options.lease.as_millis() as u64,
            beat_ms: 250,
            bot_delay_ms: 40,
        };
        for (i, s) in self.servers.iter_mut().enumerate() {
            *s = servers::Server::new(
                format!(
                    "postgres://postgres@127.0.0.1:{}/{}",
                    self.proxies[i].port, self.db
                ),
                format!("http://127.0.0.1:{}/s{}", self.nginx.port, i + 1),
                self.dir
                    .path()
                    .join(format!("server-{}-restored.log", i + 1)),
                settings.clone(),
            );
            s.start();
        }
        let ports: Vec<u16> = self.servers.iter().map(|s| s.port).collect();
        self.nginx.point(&ports).await;
    }

    /// After the fault that ended at `over`: every game goes on; then the players stop and
    /// what they heard is held against the store.
    pub async fn check(mut self, fault: Fault, over: Instant) -> Outcome {
        self.progress(5).await;
        // The servers hear each other again (their listening connections came back): a table
        // made at one now is in every lobby.
        let (made, _) = players::create(&format!("{}/s2", self.entry()), "Lobby").await;
        for i in [1, 3] {
            players::listed(&format!("{}/s{i}", self.entry()), made).await;
        }
        self.stop.send_replace(true);
        for t in self.tasks.drain(..) {
            let _ = t.await;
        }
        let sql = self.pg.client(&self.db).await;
        let mut outcome = Outcome {
            fault,
            heard: 0,
            stored: 0,
            lost: 0,
            back: Vec::new(),
            quarantined: 0,
        };
        for p in &self.players {
            let problems = p.heard.lock().unwrap().problems.clone();
            assert!(problems.is_empty(), "{problems:?}");
            let rows = sql
                .query(
                    "SELECT seq, event FROM events WHERE table_id = $1 ORDER BY seq",
                    &[&(p.table as i64)],
                )
                .await
                .unwrap();
            let log: Vec<(u64, Value)> = rows
                .iter()
                .map(|r| {
                    let event: String = r.get(1);
                    (
                        r.get::<_, i64>(0) as u64,
                        serde_json::from_str(&event).unwrap(),
                    )
                })
                .collect();
            let seqs: Vec<u64> = log.iter().map(|(s, _)| *s).collect();
            assert_eq!(
                seqs,
                (1..=log.len() as u64).collect::<Vec<_>>(),
                "table {}: the log has a gap",
                p.table
            );
            let heard = p.heard.lock().unwrap();
            for (i, (seq, event)) in heard.events.iter().enumerate() {
                if log.get(i).is_none_or(|(s, e)| s != seq || e != event) {
                    outcome.lost += 1;
                }
            }
            outcome.heard += heard.events.len();
            outcome.stored += log.len();
            drop(heard);
            outcome.back.push(
                p.first_after(over)
                    .map_or(CEILING, |t| t.duration_since(over)),
            );
        }
        outcome.quarantined = sql
            .query_one(
                "SELECT count(*) FROM tables WHERE status = 'quarantined'",
                &[],
            )
            .await
            .unwrap()
            .get::<_, i64>(0) as u64;
        for (i, s) in self.servers.iter_mut().enumerate() {
            assert!(s.running(), "server {} runs; its log:\n{}", i + 1, s.log());
        }
        outcome
    }
}

/// Runs `fault` once: start, play, inject, check.
pub async fn run(fault: Fault, options: Options) -> Outcome {
    let mut run = Run::start(fault.name(), options).await;
    let over = run.inject(fault).await;
    run.check(fault, over).await
}
