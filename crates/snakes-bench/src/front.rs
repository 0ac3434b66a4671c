//! `snakes-bench`: a load benchmark of `snakes serve` over loopback WebSockets.
//!
//! Starts a fresh server process (`snakes serve` on a free port with a temporary database and
//! no bot delay, from the `snakes` binary `--server` names, by default the one beside this one), plays whole games on it from many WebSocket clients, and reports
//! rolls per second, the latency from a roll to its broadcast, and the server's peak memory.
//! A light pass and a full pass run in the same invocation, each on its own server, so the
//! figures compare load against load on the same machine and build.
//!
//! With `--abuse`, it runs the attacks of `snakes_bench::abuse` instead, each against a fresh
//! server with the default limits, while normal players play; it fails (exit 1) when the normal
//! players' p99 reaches 50 ms during an attack.
//!
//! With `--members`, it measures what member accounts cost instead (`members.rs`): a password's
//! hash, sign-ins, and a server holding many members.

use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::Duration;

use anyhow::Context;
use snakes_bench::{BenchOptions, BenchReport};
use snakes_text::MessageArg;
use snakes_text::board_text;

use crate::{catalogue, fig, say, user_error};

mod members;

/// A load benchmark of `snakes serve`: many WebSocket players on loopback playing whole games
/// (or, with --abuse, attacks on its limits while they play; with --members, what member
/// accounts cost it).
#[derive(clap::Parser)]
#[command(
    name = "snakes-bench",
    version,
    after_help = "Examples:\n  snakes-bench --tables 100\n  snakes-bench --abuse\n  snakes-bench --members\n  cargo run --release -p snakes-bench -- --tables 100"
)]
pub struct Args {
    /// The `snakes` binary whose `serve` is measured. Default: the `snakes` beside this
    /// binary (`target/release/snakes` beside `target/release/snakes-bench`).
    #[arg(long, value_name = "PATH")]
    server: Option<PathBuf>,
    /// The language of the report (a tag such as `ko`, or a locale such as `es_ES.UTF-8`).
    /// Default: the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// Tables played at once in the full pass.
    #[arg(long, default_value_t = 500)]
    tables: usize,
    /// WebSocket players per table (2 to 4).
    #[arg(long, default_value_t = 4)]
    players: usize,
    /// Tables in the light pass run first for comparison (0: no light pass).
    #[arg(long, default_value_t = 50)]
    light_tables: usize,
    /// Give up on a pass after this many seconds.
    #[arg(long, default_value_t = 300)]
    deadline_secs: u64,
    /// How long each player waits before rolling once it is their turn, in milliseconds
    /// (0: roll at once, a stress test; people take a second or more).
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// The server's `--sync` setting (normal or full).
    #[arg(long, default_value = "normal")]
    sync: String,
    /// The languages the players of each table hear the game in, the first player in the
    /// first, round and round (`en,ko,es,en`: three languages at a table of four). By default
    /// every player hears the server's default, English.
    #[arg(long, value_name = "TAGS", value_delimiter = ',')]
    locales: Vec<String>,
    /// The servers' store: a PostgreSQL database, as postgres://user@host:port/name (an empty
    /// one, or one used only by earlier passes), instead of a fresh SQLite file per pass. With
    /// --members, the servers with many members are measured on it too, after SQLite (it must
    /// hold no members; those written are deleted at the end).
    #[arg(long, value_name = "URL")]
    db: Option<String>,
    /// Servers on that database (with --db), each serving a share of the tables.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=8), requires = "db")]
    servers: u64,
    /// Print the reports as JSON.
    #[arg(long)]
    json: bool,
    /// Attack the server instead (one attacker against the default limits) while normal players
    /// play, and check their p99 stays under 50 ms.
    #[arg(long)]
    abuse: bool,
    /// With --abuse: only this attack (repeat for several; all by default).
    #[arg(long = "attack", value_name = "NAME", requires = "abuse")]
    attacks: Vec<String>,
    /// With --abuse: how long each attack lasts, in seconds.
    #[arg(long, default_value_t = 10, requires = "abuse")]
    abuse_secs: u64,
    /// With --abuse: a `snakes` binary of before, attacked first in the same run (each attack
    /// against it, then against this one), for a comparison measured on the same machine.
    #[arg(long, value_name = "PATH", requires = "abuse")]
    before: Option<PathBuf>,
    /// Measure what member accounts cost instead: an Argon2id hash at the server's parameters
    /// and at others, sign-ins per second to a server hashing on every core, a wrong name
    /// against a wrong password, and a server whose store holds --members-count members
    /// against one holding none (set_name, sign-in, the store's size, the server's memory).
    #[arg(long, conflicts_with = "abuse")]
    members: bool,
    /// With --members: how many members the large store holds.
    #[arg(long, default_value_t = 100_000, requires = "members")]
    members_count: usize,
    /// With --members: how long the sign-ins at each set of parameters go on, in seconds.
    #[arg(long, default_value_t = 5, requires = "members")]
    members_secs: u64,
}

/// The most a normal player's 99th-percentile roll may take during an attack.
const ABUSE_P99_MS: f64 = 50.0;

/// One pass: the clients' figures and the server's memory.
#[derive(serde::Serialize)]
struct Pass {
    #[serde(flatten)]
    report: BenchReport,
    /// Peak resident memory of the server process, MiB.
    server_peak_rss_mib: f64,
    /// Resident memory of the server process at the end, MiB.
    server_rss_mib: f64,
    /// CPU seconds the server processes used (user + system), set-up included.
    server_cpu_secs: f64,
    /// CPU seconds PostgreSQL's processes used meanwhile (with --db), on this machine.
    #[serde(skip_serializing_if = "Option::is_none")]
    database_cpu_secs: Option<f64>,
}

/// A `snakes serve` child process with its temporary database; stopped and cleaned on drop.
struct Server {
    child: Child,
    addr: SocketAddr,
    db: PathBuf,
    /// Variables of its environment beyond this process's (kept when it starts again).
    env: Vec<(String, String)>,
}

/// CPU seconds used so far by every process named `postgres` on this machine (the database's
/// backends, for the cost of a roll on PostgreSQL), from /proc.
fn postgres_cpu_secs() -> f64 {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return f64::NAN;
    };
    dir.flatten()
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter(|stat| stat.contains("(postgres)"))
        .map(|stat| {
            let f: Vec<f64> = stat
                .rsplit(')')
                .next()
                .unwrap_or_default()
                .split_whitespace()
                .map(|x| x.parse().unwrap_or(0.0))
                .collect();
            (f.get(11).unwrap_or(&0.0) + f.get(12).unwrap_or(&0.0)) / 100.0
        })
        .sum()
}

impl Server {
    fn start(
        exe: &std::path::Path,
        tables: usize,
        players: usize,
        sync: &str,
        db: Option<&str>,
    ) -> anyhow::Result<Server> {
        let sockets = (tables * players + 100).to_string();
        Server::spawn(
            exe,
            &format!("{tables}"),
            db,
            &[
                "--max-tables",
                &(tables + 10).to_string(),
                "--max-connections",
                &sockets,
                // Every player connects from 127.0.0.1 and creates a table: the benchmark
                // measures the server, not its limits per client.
                "--max-connections-per-address",
                &sockets,
                "--max-connections-per-network",
                &sockets,
                "--max-open-tables-per-address",
                &(tables + 10).to_string(),
                "--max-open-tables-per-network",
                &(tables + 10).to_string(),
                "--creates-per-minute",
                "1000000",
                "--http-rate",
                "1000000",
                "--sync",
                sync,
                // Players who never pause roll more than the default 20 messages a second
                // allow.
                "--rate",
                "1000",
            ],
        )
    }

    /// `exe serve` on a free port with a fresh SQLite file (or on the PostgreSQL database
    /// `shared`), no bot delay, and `args`.
    fn spawn(
        exe: &std::path::Path,
        name: &str,
        shared: Option<&str>,
        args: &[&str],
    ) -> anyhow::Result<Server> {
        let db = match shared {
            Some(url) => PathBuf::from(url),
            None => {
                std::env::temp_dir().join(format!("snakes-bench-{}-{name}.db", std::process::id()))
            }
        };
        if shared.is_none() {
            remove_db(&db);
        }
        let (child, addr) = Server::launch(exe, &db, args, &[])?;
        Ok(Server {
            child,
            addr,
            db,
            env: Vec::new(),
        })
    }

    /// Loads the server as the `busy-log` attack does for `secs` seconds, kills it (SIGKILL,
    /// as a crash) while its tables are still playing, and starts `exe` with `args` again on
    /// its database; returns how long the new one took to open it, rebuild its tables and
    /// listen, in seconds.
    fn restart_after_kill(
        &mut self,
        exe: &std::path::Path,
        args: &[&str],
        secs: u64,
    ) -> anyhow::Result<f64> {
        let pid = self.child.id().to_string();
        snakes_bench::abuse::load_then_crash(self.addr, secs, move || {
            let _ = Command::new("kill").args(["-KILL", &pid]).status();
        })
        .map_err(|e| anyhow::anyhow!(e.to_string()))?;
        let _ = self.child.wait();
        let started = std::time::Instant::now();
        let (child, addr) = Server::launch(exe, &self.db, args, &self.env)?;
        let secs = started.elapsed().as_secs_f64();
        self.child = child;
        self.addr = addr;
        Ok(secs)
    }

    /// Stops the server (SIGKILL), runs `between` on its database (the SQLite file, or the
    /// PostgreSQL address), and starts `exe` with `args` on it again, with `env` in its
    /// environment from now on.
    fn restart_with<T>(
        &mut self,
        exe: &std::path::Path,
        args: &[&str],
        env: &[(&str, &str)],
        between: impl FnOnce(&Path) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let value = between(&self.db)?;
        self.env = env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let (child, addr) = Server::launch(exe, &self.db, args, &self.env)?;
        self.child = child;
        self.addr = addr;
        Ok(value)
    }

    /// Starts `exe serve` on `db` with `args` and `env`; returns it once it says where it
    /// listens.
    fn launch(
        exe: &std::path::Path,
        db: &std::path::Path,
        args: &[&str],
        env: &[(String, String)],
    ) -> anyhow::Result<(Child, SocketAddr)> {
        let mut child = Command::new(exe)
            .args(["serve", "--bind", "127.0.0.1:0", "--bot-delay-ms", "0"])
            .arg("--db")
            .arg(db)
            .args(args)
            .env("RUST_LOG", "error")
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context(say!("bench-cannot-start"))?;
        let stdout = child.stdout.take().context(say!("bench-no-output"))?;
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .context(say!("bench-no-address"))?;
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|a| a.parse().ok())
            .with_context(|| say!("bench-not-an-address", line = format!("{line:?}")))?;
        Ok((child, addr))
    }

    /// (peak, current) resident memory in MiB, from /proc.
    /// CPU seconds used so far (user + system), from /proc (clock ticks of 1/100 s).
    fn cpu_secs(&self) -> f64 {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        // Fields after the command name (which is in parentheses): utime is the 12th, stime 13th.
        let rest = stat.rsplit(')').next().unwrap_or_default();
        let f: Vec<f64> = rest
            .split_whitespace()
            .map(|x| x.parse().unwrap_or(f64::NAN))
            .collect();
        match (f.get(11), f.get(12)) {
            (Some(u), Some(s)) => (u + s) / 100.0,
            _ => f64::NAN,
        }
    }

    fn memory(&self) -> (f64, f64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        let field = |name: &str| {
            status
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
                .map_or(f64::NAN, |kb| kb / 1024.0)
        };
        (field("VmHWM:"), field("VmRSS:"))
    }
}

fn remove_db(db: &std::path::Path) {
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !self.db.starts_with("postgres") {
            remove_db(&self.db);
        }
    }
}

/// The `snakes` binary to serve with: `--server`, or the `snakes` beside this binary.
fn snakes_binary(args: &Args) -> anyhow::Result<PathBuf> {
    let path = match &args.server {
        Some(path) => path.clone(),
        None => std::env::current_exe()?
            .with_file_name(format!("snakes{}", std::env::consts::EXE_SUFFIX)),
    };
    if !path.is_file() {
        return Err(user_error(say!(
            "bench-no-binary",
            path = path.display().to_string()
        )));
    }
    Ok(path)
}

fn pass(args: &Args, tables: usize) -> anyhow::Result<Pass> {
    let db = args.db.as_deref();
    let exe = snakes_binary(args)?;
    let servers = (0..args.servers)
        .map(|_| Server::start(&exe, tables, args.players, &args.sync, db))
        .collect::<anyhow::Result<Vec<Server>>>()?;
    let server = &servers[0];
    let database_before = db.map(|_| postgres_cpu_secs());
    let options = BenchOptions {
        addr: server.addr,
        others: servers[1..].iter().map(|s| s.addr).collect(),
        tables,
        players: args.players,
        setup_concurrency: 32,
        think: Duration::from_millis(args.think_ms),
        deadline: Duration::from_secs(args.deadline_secs),
        locales: args.locales.clone(),
    };
    let show = std::io::stderr().is_terminal();
    let report = snakes_bench::run(&options, move |done, total| {
        if show {
            let line = say!(
                "bench-progress",
                tables = tables,
                done = done,
                total = total
            );
            let _ = write!(std::io::stderr(), "\r{line}");
        }
    })
    .map_err(|e| {
        anyhow::anyhow!(say!(
            "bench-failed",
            tables = tables,
            message = e.to_string()
        ))
    })?;
    if show {
        let _ = writeln!(std::io::stderr());
    }
    let (peak, now) = servers
        .iter()
        .map(Server::memory)
        .fold((0.0, 0.0), |(p, n), (a, b)| (p + a, n + b));
    Ok(Pass {
        report,
        server_peak_rss_mib: peak,
        server_rss_mib: now,
        server_cpu_secs: servers.iter().map(Server::cpu_secs).sum(),
        database_cpu_secs: database_before.map(|b| postgres_cpu_secs() - b),
    })
}

/// One attack against its own server: the report and the server's memory.
#[derive(serde::Serialize)]
struct Attacked {
    /// The binary attacked: `now` (this one) or the path given to `--before`.
    binary: String,
    #[serde(flatten)]
    report: snakes_bench::abuse::AbuseReport,
    /// Peak resident memory of the server process, MiB.
    server_peak_rss_mib: f64,
    /// Resident memory at the end, MiB.
    server_rss_mib: f64,
    /// CPU seconds the server process used.
    server_cpu_secs: f64,
    /// The largest the SQLite write-ahead log grew during the attack, MiB.
    wal_peak_mib: f64,
    /// After the attack that loads the store (`busy-log`): how long the server took, killed
    /// with SIGKILL at the end of it, to start again on its database, seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    restart_after_kill_secs: Option<f64>,
}

/// The size of a SQLite write-ahead log, sampled every 10 ms on a thread of its own until
/// stopped; keeps the largest.
struct WalWatch {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: std::thread::JoinHandle<u64>,
}

impl WalWatch {
    fn start(db: &std::path::Path) -> WalWatch {
        let mut wal = db.as_os_str().to_owned();
        wal.push("-wal");
        let wal = PathBuf::from(wal);
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut peak = 0;
            while !stopped.load(std::sync::atomic::Ordering::Relaxed) {
                peak = peak.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
                std::thread::sleep(Duration::from_millis(10));
            }
            peak
        });
        WalWatch { stop, thread }
    }

    /// The largest size seen, MiB.
    fn peak_mib(self) -> f64 {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        self.thread.join().unwrap_or(0) as f64 / f64::from(1 << 20)
    }
}

fn abuse(args: &Args) -> anyhow::Result<ExitCode> {
    let attacks: Vec<&str> = if args.attacks.is_empty() {
        snakes_bench::abuse::ATTACKS.to_vec()
    } else {
        args.attacks.iter().map(String::as_str).collect()
    };
    if let Some(bad) = attacks
        .iter()
        .find(|a| !snakes_bench::abuse::ATTACKS.contains(a))
    {
        return Err(user_error(say!(
            "bench-unknown-attack",
            attack = *bad,
            attacks = snakes_bench::abuse::ATTACKS.join(", ")
        )));
    }
    let now = snakes_binary(args)?;
    let mut binaries: Vec<(String, PathBuf)> = Vec::new();
    if let Some(before) = &args.before {
        binaries.push((before.display().to_string(), before.clone()));
    }
    binaries.push(("now".to_string(), now));
    let mut results = Vec::new();
    for attack in attacks {
        for (label, binary) in &binaries {
            results.push(attack_once(args, attack, label, binary)?);
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&results)?)?;
    } else {
        for a in &results {
            write_attacked(&mut out, a)?;
        }
    }
    // Only this binary is held to the limit: the one of before is there to compare.
    let slow: Vec<&str> = results
        .iter()
        .filter(|a| a.binary == "now")
        .filter(|a| a.report.p99_ms.is_nan() || a.report.p99_ms >= ABUSE_P99_MS)
        .map(|a| a.report.attack.as_str())
        .collect();
    if slow.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        let line = say!(
            "bench-attack-slow",
            ms = MessageArg::decimal(ABUSE_P99_MS, 0),
            attacks = slow.join(", ")
        );
        let _ = writeln!(std::io::stderr(), "{line}");
        Ok(ExitCode::from(1))
    }
}

/// One attack against a fresh server of `binary` (called `label` in the report), measured.
fn attack_once(args: &Args, attack: &str, label: &str, binary: &Path) -> anyhow::Result<Attacked> {
    // The defaults, but for the race, which needs a small --max-tables to race for.
    let extra: &[&str] = match attack {
        "create-race" => &["--max-tables", "50"],
        // The load of the store, not the limits on creation, is what is measured.
        "busy-log" => &["--creates-per-minute", "1000000", "--rate", "1000"],
        _ => &[],
    };
    let mut server = Server::spawn(binary, attack, None, extra)?;
    let wal = WalWatch::start(&server.db);
    if std::io::stderr().is_terminal() {
        let line = say!(
            "bench-attack-running",
            attack = attack,
            secs = args.abuse_secs
        );
        let _ = writeln!(std::io::stderr(), "{line}");
    }
    let report = snakes_bench::abuse::run(
        server.addr,
        attack,
        args.abuse_secs,
        4,
        Duration::from_millis(args.think_ms.max(50)),
    )
    .map_err(|e| {
        anyhow::anyhow!(say!(
            "bench-attack-failed",
            attack = attack,
            message = e.to_string()
        ))
    })?;
    let wal_peak_mib = wal.peak_mib();
    let (peak, now) = server.memory();
    let server_cpu_secs = server.cpu_secs();
    let restart_after_kill_secs = if attack == "busy-log" {
        Some(server.restart_after_kill(binary, extra, args.abuse_secs)?)
    } else {
        None
    };
    Ok(Attacked {
        binary: label.to_string(),
        report,
        server_peak_rss_mib: peak,
        server_rss_mib: now,
        server_cpu_secs,
        wal_peak_mib,
        restart_after_kill_secs,
    })
}

/// One attack's report in words: its outcome, the players', the newcomers', the store's.
fn write_attacked(out: &mut impl Write, a: &Attacked) -> std::io::Result<()> {
    let r = &a.report;
    let outcome = if a.binary == "now" {
        say!(
            "bench-attack-outcome",
            attack = &r.attack,
            outcome = &r.outcome
        )
    } else {
        say!(
            "bench-attack-before",
            attack = &r.attack,
            binary = &a.binary,
            outcome = &r.outcome
        )
    };
    let players = say!(
        "bench-attack-players",
        rolls = r.rolls,
        p50 = MessageArg::decimal(r.p50_ms, 2),
        p99 = MessageArg::decimal(r.p99_ms, 2),
        max = MessageArg::decimal(r.max_ms, 2),
        refused = r.refusals,
        peak = MessageArg::decimal(a.server_peak_rss_mib, 1),
        cpu = MessageArg::decimal(a.server_cpu_secs, 1)
    );
    let newcomers = say!(
        "bench-attack-newcomers",
        played = r.newcomers_played,
        tried = r.newcomers_tried,
        what = &r.newcomers
    );
    writeln!(out, "{outcome}\n    {players}\n    {newcomers}")?;
    let store = match a.restart_after_kill_secs {
        Some(secs) => say!(
            "bench-attack-store-restart",
            wal = MessageArg::decimal(a.wal_peak_mib, 1),
            secs = MessageArg::decimal(secs, 2)
        ),
        None => say!(
            "bench-attack-store",
            wal = MessageArg::decimal(a.wal_peak_mib, 1)
        ),
    };
    writeln!(out, "    {store}")
}

/// Runs `snakes-bench`.
///
/// # Errors
/// Bad options (a user error), a server that does not start, or a failed pass.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut args = args;
    args.locales = (args.locales.iter())
        .map(|name| catalogue().language_tag("--locales", name))
        .collect::<Result<_, _>>()
        .map_err(user_error)?;
    if args.abuse {
        return abuse(&args);
    }
    if args.members {
        return members::run(&args);
    }
    if !(2..=4).contains(&args.players) {
        return Err(user_error(say!("bench-players", players = args.players)));
    }
    if args.tables == 0 {
        return Err(user_error(say!("bench-no-tables")));
    }
    let mut passes = Vec::new();
    for tables in [args.light_tables, args.tables] {
        if tables > 0 {
            passes.push(pass(&args, tables)?);
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&passes)?)?;
    } else {
        // Each column as wide as its figures were drawn (a space and these widths), or its
        // heading when that is wider.
        let head = [
            ("bench-tables", 6),
            ("bench-sockets", 8),
            ("bench-think", 9),
            ("bench-games", 6),
            ("bench-rolls", 7),
            ("bench-rolls-per-sec", 8),
            ("bench-p50", 7),
            ("bench-p99", 7),
            ("bench-max", 7),
            ("bench-peak", 9),
            ("bench-cpu", 6),
            ("bench-refused", 8),
        ]
        .map(|(id, width)| {
            let text = say!(id);
            let width = width.max(board_text::width(&text));
            (text, width)
        });
        let row = |cells: &[String]| {
            let line: Vec<String> = cells
                .iter()
                .zip(&head)
                .map(|(cell, (_, width))| board_text::pad(cell, *width, true))
                .collect();
            line.join(" ")
        };
        let headings: Vec<String> = head.iter().map(|(text, _)| text.clone()).collect();
        writeln!(out, "{}", row(&headings))?;
        for p in &passes {
            let r = &p.report;
            let cells = [
                r.tables.to_string(),
                r.sockets.to_string(),
                args.think_ms.to_string(),
                r.games_finished.to_string(),
                r.rolls.to_string(),
                fig(r.rolls_per_sec, 0),
                fig(r.p50_ms, 2),
                fig(r.p99_ms, 2),
                fig(r.max_ms, 2),
                fig(p.server_peak_rss_mib, 1),
                fig(p.server_cpu_secs, 1),
                r.refusals.to_string(),
            ];
            writeln!(out, "{}", row(&cells))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
