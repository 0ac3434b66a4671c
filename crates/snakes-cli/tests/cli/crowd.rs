//! `snakes serve` as its own process under the attacks of a crowd of addresses (127.0.0.2 and
//! on, as the server's own abuse tests bind), its memory read from `/proc` and held to the
//! bound docs/serve.md states ([`Config::memory_bound`]).

use super::*;
use snakes_bench::crowd::{self, Tally};
use snakes_server::Config;
use std::io::BufRead;
use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

/// A `snakes serve` child on a free port with a fresh database; killed on drop.
struct Server {
    child: std::process::Child,
    addr: SocketAddr,
}

impl Server {
    fn start(name: &str, args: &[&str]) -> Server {
        let db = file(&format!("{name}.db"), "");
        std::fs::remove_file(&db).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_snakes"))
            .args(["serve", "--bind", "127.0.0.1:0", "--bot-delay-ms", "0"])
            .arg("--db")
            .arg(&db)
            .args(args)
            .env("RUST_LOG", "error")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server { child, addr }
    }

    /// A field of `/proc/PID/status` in bytes (`VmRSS`, `VmHWM`).
    fn memory(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<u64>()
                    .ok()
            })
            .map(|kb| kb * 1024)
            .unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Attack 1 of the crowd: many tables made from many addresses, then one address's 40
/// WebSockets asking for the lobby 19 times a second each (under the message rate) and never
/// reading. Before, each answer was the whole lobby and a queue held 512 of them whatever their
/// size: gigabytes. Now the lobby comes in pages, each connection's queue is capped in bytes and
/// a reader that falls behind is closed (1013): the server stays under its stated bound, and a
/// newcomer from another address creates a table and plays meanwhile.
#[test]
fn a_lobby_asked_for_and_never_read_stays_under_the_memory_bound() {
    // Settings whose bound is small enough to mean something: a few hundred connections, short
    // games, small boards.
    let args = [
        "--max-connections",
        "60",
        "--max-tables",
        "700",
        "--max-turns",
        "20",
        "--max-squares",
        "100",
    ];
    let config = Config {
        max_connections: 60,
        max_tables: 700,
        max_turns: 20,
        max_squares: 100,
        ..Config::default()
    };
    let tables = 600;
    let bound = config.memory_bound(0);
    let server = Server::start("hoard", &args);
    let addr = server.addr;
    let (made, hoarded, newcomer, peak) = runtime().block_on(async {
        // Ten tables from each of 60 addresses, ten addresses to a network (the quotas of open
        // tables).
        let made = crowd::make_tables(addr, tables, 10, |n| {
            crowd::address_in(10 + (n / 10) as u8, n % 10)
        })
        .await;
        let until = Instant::now() + Duration::from_secs(5);
        let hoard = tokio::spawn(crowd::hoard_lobby(
            addr,
            Ipv4Addr::new(127, 0, 0, 2),
            40,
            19,
            until,
        ));
        // A newcomer, from another address, once the hoarders have been at it a while.
        tokio::time::sleep(Duration::from_secs(2)).await;
        // Whether it gets in, on however busy a machine: it waits a minute for each answer.
        let patience = Duration::from_secs(60);
        let newcomer = crowd::newcomer(addr, Ipv4Addr::new(127, 0, 9, 1), patience).await;
        // The server's memory, watched until the attack ends: over the bound, the test stops.
        let mut peak = 0;
        while Instant::now() < until && peak <= bound {
            peak = peak.max(server.memory("VmRSS:"));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let hoarded = if peak <= bound {
            hoard.await.unwrap()
        } else {
            hoard.abort();
            Tally::default()
        };
        (made, hoarded, newcomer, peak.max(server.memory("VmHWM:")))
    });
    assert_eq!(made.count("HTTP 201"), tables as u64, "{}", made.say());
    eprintln!(
        "peak {} MiB of a bound of {} MiB; hoarders: {}",
        peak >> 20,
        bound >> 20,
        hoarded.say()
    );
    assert!(
        peak <= bound,
        "the server's memory reached {} MiB, over its bound of {} MiB",
        peak >> 20,
        bound >> 20
    );
    // Every hoarder got in (the caps are per address: 40 is under them); those whose queue
    // passed its cap were closed, with 1013 when the close frame could still be written, else
    // the connection alone, since they read nothing; the others' pages wait in the kernel's
    // buffers, not in the server. A server held up a moment by a busy machine reads a
    // hoarder's backlog at once, over the message rate: that one is closed with 1008. (The
    // closing itself is tested on its own by the server's tests.)
    assert_eq!(
        hoarded.count("closed with 1013")
            + hoarded.count("closed with 1008")
            + hoarded.count("dropped")
            + hoarded.count("held"),
        40,
        "{}",
        hoarded.say()
    );
    assert!(hoarded.count("held") < 40, "{}", hoarded.say());
    if let Err(why) = newcomer {
        panic!("the newcomer could not play: {why}");
    }
}

/// The limit on open files of process `pid`: (soft, hard), from `/proc`.
fn open_files(pid: &str) -> (String, String) {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .unwrap();
    let mut fields = line["Max open files".len()..].split_whitespace();
    (
        fields.next().unwrap().to_string(),
        fields.next().unwrap().to_string(),
    )
}

/// Crowd 3. The server raises its soft limit on open files to the hard one, and refuses to start,
/// in one sentence naming both numbers, when `--max-connections` and its own files cannot fit:
/// before, under `ulimit -n 1024`, new clients hung instead of getting 503.
#[test]
fn the_open_files_limit_is_raised_and_a_cap_that_cannot_fit_is_refused() {
    let snakes = env!("CARGO_BIN_EXE_snakes");
    let db = file("limits.db", "");
    std::fs::remove_file(&db).unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -n 256 && exec '{snakes}' serve --bind 127.0.0.1:0 --db '{}'",
            db.display()
        ))
        .env("LC_ALL", "C")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: --max-connections 5000 and 128 files for the server itself need 5128 open files, \
         but this process may open 256 (the hard limit on open files, RLIMIT_NOFILE); lower \
         --max-connections to 128 or raise the limit (ulimit -Hn, or LimitNOFILE= in a systemd unit)"
    );
    assert!(out.stdout.is_empty(), "it never said it was serving");

    // A soft limit under the hard one is raised to it.
    let (_, hard) = open_files("self");
    let soft = hard.parse::<u64>().map_or(1024, |h| (h / 2).max(300));
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -Sn {soft} && exec '{snakes}' serve --bind 127.0.0.1:0 --db '{}' --max-connections 100",
            db.display()
        ))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let limits = open_files(&child.id().to_string());
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.contains("serving http://127.0.0.1:"), "{line}");
    assert_eq!(limits, (hard.clone(), hard), "raised from {soft}");
}
