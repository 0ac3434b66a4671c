//! `snakes serve` as its own process under the attacks of a crowd of addresses (127.0.0.2 and
//! on, as the server's own abuse tests bind): what the crowd gets, and that a newcomer still
//! plays. What the server's memory does meanwhile is a benchmark's figure
//! (`snakes-bench --abuse`, in BENCHMARKS.md), not a test's.

use super::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use snakes_bench::crowd;
use std::io::BufRead;
use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// How long the test waits for each answer: far beyond any run, on however busy a machine;
/// only a broken build reaches it.
const PATIENCE: Duration = Duration::from_secs(60);

/// A `snakes serve` child on a free port with a fresh database; killed on drop.
struct Server {
    child: std::process::Child,
    addr: SocketAddr,
    /// The database's directory, kept as long as the server uses it.
    _db: TempFile,
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
        let addr = super::stop::listening(&mut child);
        Server {
            child,
            addr,
            _db: db,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One hoarder of attack 1 of the crowd, from `source`: a WebSocket with a small receive
/// buffer (what it does not read stays in the server's queue, not in this machine's kernel),
/// as `snakes-bench --abuse` opens them. It asks for the lobby and reads the first page, says
/// so on `in_place` (or why it could not), then asks `per_sec` times a second and reads nothing,
/// until `stop` (or until the server stops reading it or closes it).
async fn hoard(
    addr: SocketAddr,
    source: Ipv4Addr,
    per_sec: u32,
    in_place: tokio::sync::mpsc::Sender<Result<(), String>>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let connect = async {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.set_recv_buffer_size(4096)?;
        socket.bind(SocketAddr::from((source, 0)))?;
        let tcp = socket.connect(addr).await?;
        tcp.set_nodelay(true)?;
        std::io::Result::Ok(tcp)
    };
    let tcp = match connect.await {
        Ok(tcp) => tcp,
        Err(e) => {
            let _ = in_place.send(Err(format!("not connected: {e}"))).await;
            return;
        }
    };
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(4096);
    let url = format!("ws://{addr}/ws");
    let mut ws = match tokio_tungstenite::client_async_with_config(url, tcp, Some(config)).await {
        Ok((ws, _)) => ws,
        Err(e) => {
            let _ = in_place.send(Err(format!("refused: {e}"))).await;
            return;
        }
    };
    let ask = Message::text(json!({"type": "list_tables"}).to_string());
    let first_page = async {
        ws.send(ask.clone()).await.map_err(|e| e.to_string())?;
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(text))) => {
                    let v: Value = serde_json::from_str(text.as_str()).unwrap();
                    if v["type"] == "tables" {
                        return Ok(());
                    }
                }
                Some(Ok(Message::Close(frame))) => return Err(format!("closed: {frame:?}")),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.to_string()),
                None => return Err("dropped".to_string()),
            }
        }
    };
    let got = tokio::time::timeout(PATIENCE, first_page)
        .await
        .unwrap_or_else(|_| Err("no lobby page in time".to_string()));
    let failed = got.is_err();
    let _ = in_place.send(got).await;
    if failed {
        return;
    }
    // In place: from now on it asks and never reads.
    let mut every = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(per_sec)));
    loop {
        let next = async {
            every.tick().await;
            ws.send(ask.clone()).await
        };
        tokio::select! {
            _ = stop.wait_for(|s| *s) => return,
            sent = next => if sent.is_err() { return },
        }
    }
}

/// Attack 1 of the crowd: many tables made from many addresses, then one address's 40
/// WebSockets asking for the lobby 19 times a second each (under the message rate) and never
/// reading. Before, each answer was the whole lobby and a queue held 512 of them whatever their
/// size: the server's memory grew by gigabytes (BENCHMARKS.md measures it, with the crowd of
/// `snakes-bench --abuse`). Now every hoarder gets in and is answered, and meanwhile, once all
/// 40 have had their first page and ask on, a newcomer from another address creates a table
/// and plays.
#[test]
fn a_newcomer_plays_while_a_crowd_hoards_the_lobby() {
    // A few hundred connections, short games, small boards. The 40 hoarders are one address:
    // its caps and its network's are lifted to the total (left unset they would follow it, a
    // fifth of 60), since what is tested is the lobby's memory, not those caps.
    let args = [
        "--max-connections",
        "60",
        "--max-connections-per-address",
        "60",
        "--max-connections-per-network",
        "60",
        // Ten addresses of a network make ten tables each (unset, the cap would be a tenth of
        // --max-tables, 70).
        "--max-open-tables-per-network",
        "100",
        "--max-tables",
        "700",
        "--max-turns",
        "20",
        "--max-squares",
        "100",
    ];
    let tables = 600;
    let hoarders = 40;
    let server = Server::start("hoard", &args);
    let addr = server.addr;
    let (made, in_place, newcomer) = snakes_testing::runtime(1).block_on(async {
        // Ten tables from each of 60 addresses, ten addresses to a network (the quotas of open
        // tables).
        let made = crowd::make_tables(addr, tables, 10, |n| {
            crowd::address_in(10 + (n / 10) as u8, n % 10)
        })
        .await;
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let (told, mut told_in_place) = tokio::sync::mpsc::channel(hoarders);
        let hoard: Vec<_> = (0..hoarders)
            .map(|_| {
                let source = Ipv4Addr::new(127, 0, 0, 2);
                tokio::spawn(hoard(addr, source, 19, told.clone(), stopped.clone()))
            })
            .collect();
        drop(told);
        // The crowd is in place once every hoarder had its first page (or could not).
        let mut in_place = Vec::new();
        while in_place.len() < hoarders {
            let said = tokio::time::timeout(PATIENCE, told_in_place.recv()).await;
            in_place.push(said.ok().flatten().expect("every hoarder says"));
        }
        // A newcomer, from another address, while the hoarders ask on and read nothing.
        let newcomer = crowd::newcomer(addr, Ipv4Addr::new(127, 0, 9, 1), PATIENCE).await;
        stop.send_replace(true);
        for h in hoard {
            h.await.unwrap();
        }
        (made, in_place, newcomer)
    });
    assert_eq!(made.count("HTTP 201"), tables as u64, "{}", made.say());
    // Every hoarder got in and was answered (the caps are per address: 40 is under them).
    let refused: Vec<&String> = in_place.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(refused.is_empty(), "hoarders not in place: {refused:?}");
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
