//! Stopping a real `snakes serve` under load with SIGTERM: every socket is closed with 1012
//! ("restarting"), the process exits by itself with status 0, and every event a player was
//! sent is in the database the next server reads.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::file;

const WAIT: Duration = Duration::from_secs(20);

/// `snakes serve` on a free port with `db`; returns it and its address once it listens.
pub fn serve(db: &Path, extra: &[&str]) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_snakes"))
        .args(["serve", "--bind", "127.0.0.1:0", "--db"])
        .arg(db)
        .args([
            "--bot-delay-ms",
            "0",
            "--test-dice-seed",
            "27",
            "--rate",
            "1000",
        ])
        .args(["--creates-per-minute", "1000"])
        .args(extra)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let addr = listening(&mut child);
    (child, addr)
}

/// Where a `snakes serve` child listens, from the first line it prints (its standard output
/// piped): `serving http://127.0.0.1:PORT/` (or `https://`).
pub fn listening(child: &mut Child) -> SocketAddr {
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    line.split("://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
}

/// `GET path` on a new connection: the body.
pub async fn get(addr: SocketAddr, path: &str) -> String {
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(WAIT, tcp.read_to_string(&mut answer))
        .await
        .unwrap()
        .unwrap();
    answer.split_once("\r\n\r\n").unwrap().1.to_string()
}

/// Waits for `child` to exit by itself: a thread waits on it, and a minute is the ceiling
/// that only stops a broken build from hanging (the process is then killed).
fn exits(child: Child) -> std::process::ExitStatus {
    let pid = child.id().to_string();
    let (exited, status) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut child = child;
        let _ = exited.send(child.wait());
    });
    match status.recv_timeout(Duration::from_secs(60)) {
        Ok(status) => status.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-KILL", &pid]).status();
            panic!("the server did not exit after SIGTERM");
        }
    }
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next message; `None` once the connection is closed or broken (a server killed).
async fn recv(ws: &mut Ws) -> Option<Message> {
    tokio::time::timeout(WAIT, ws.next())
        .await
        .expect("a message in time")
        .and_then(Result::ok)
}

/// Every event a player was sent, by seq, as it goes.
pub type Seen = Arc<Mutex<BTreeMap<u64, Value>>>;

/// One player at a table of their own with a bot, rolling whenever it is their turn, until the
/// server closes the socket; says on `started` once 20 events came. Notes every event it is
/// sent in `seen`; returns its table and the close code.
pub async fn play(
    addr: SocketAddr,
    started: tokio::sync::mpsc::Sender<()>,
    seen: Seen,
) -> (u64, u16) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let send = |v: Value| Message::text(v.to_string());
    ws.send(send(json!({"type": "create", "name": "Ana", "bots": 1})))
        .await
        .unwrap();
    let (table, token) = loop {
        let Some(Message::Text(text)) = recv(&mut ws).await else {
            continue;
        };
        let v: Value = serde_json::from_str(text.as_str()).unwrap();
        if v["type"] == "seated" {
            break (v["table"].as_u64().unwrap(), v["token"].clone());
        }
    };
    ws.send(send(
        json!({"type": "watch", "table": table, "token": token}),
    ))
    .await
    .unwrap();
    ws.send(send(
        json!({"type": "act", "table": table, "token": token, "seq": 2, "action": {"type": "start"}}),
    ))
    .await
    .unwrap();
    let mut told = false;
    loop {
        match recv(&mut ws).await {
            Some(Message::Text(text)) => {
                let v: Value = serde_json::from_str(text.as_str()).unwrap();
                let (ours, count, seq) = {
                    let mut ours = false;
                    let mut seen = seen.lock().unwrap();
                    for e in v["events"].as_array().into_iter().flatten() {
                        let seq = e["seq"].as_u64().unwrap();
                        seen.insert(seq, e["event"].clone());
                        let event = &e["event"];
                        ours |= (event["type"] == "started" && event["first"] == 0)
                            || (event["type"] == "turn_passed" && event["player"] == 0)
                            || (event["type"] == "extra_roll" && event["player"] == 0);
                    }
                    (ours, seen.len(), *seen.keys().last().unwrap_or(&0))
                };
                if count > 20 && !told {
                    told = true;
                    let _ = started.send(()).await;
                }
                if ours {
                    let roll = json!({"type": "act", "table": table, "token": token, "seq": seq, "action": {"type": "roll"}});
                    let _ = ws.send(send(roll)).await;
                }
            }
            Some(Message::Close(frame)) => {
                let code = frame.map_or(0, |f| u16::from(f.code));
                return (table, code);
            }
            Some(_) => {}
            None => return (table, 0),
        }
    }
}

#[test]
fn sigterm_under_load_loses_no_event_a_player_was_sent() {
    let db = file("stop.db", "");
    std::fs::remove_file(&db).unwrap();
    let (server, addr) = serve(&db, &[]);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let players = 8;
    let outcomes = runtime.block_on(async {
        let (started_tx, mut started) = tokio::sync::mpsc::channel(players);
        let games: Vec<_> = (0..players)
            .map(|_| {
                let seen = Seen::default();
                let game = tokio::spawn(play(addr, started_tx.clone(), seen.clone()));
                (game, seen)
            })
            .collect();
        // Every player is rolling away: stop the server.
        for _ in 0..players {
            started.recv().await.unwrap();
        }
        let pid = server.id().to_string();
        assert!(
            Command::new("kill")
                .args(["-TERM", &pid])
                .status()
                .unwrap()
                .success()
        );
        let mut outcomes = Vec::new();
        for (game, seen) in games {
            let (table, code) = game.await.unwrap();
            let seen = seen.lock().unwrap().clone();
            outcomes.push((table, seen, code));
        }
        outcomes
    });
    assert!(exits(server).success(), "a clean exit after SIGTERM");

    // A new server on the same database has every event each player was sent.
    let (mut again, addr) = serve(&db, &[]);
    runtime.block_on(async {
        for (table, seen, code) in &outcomes {
            assert_eq!(*code, u16::from(CloseCode::Restart), "closed with 1012");
            assert!(seen.len() > 20, "{}", seen.len());
            let record: Value =
                serde_json::from_str(&get(addr, &format!("/api/tables/{table}/record")).await)
                    .unwrap();
            let stored: BTreeMap<u64, Value> = record["events"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| (e["seq"].as_u64().unwrap(), e["event"].clone()))
                .collect();
            for (seq, event) in seen {
                assert_eq!(stored.get(seq), Some(event), "table {table}, event {seq}");
            }
        }
    });
    let _ = again.kill();
    let _ = again.wait();
}
