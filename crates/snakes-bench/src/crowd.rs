//! The pieces of the attacks from many addresses at once (a small botnet on loopback: the
//! addresses 127.0.0.2 to 127.0.0.250, one /24), shared by `bench-server --abuse` and the
//! tests that replay them: many tables made from many addresses, a lobby asked for and never
//! read, a newcomer who tries to create a table and play.
//!
//! Each piece is bounded in count and time and stops by itself; each says what it got,
//! counted ([`Tally`]).

use std::collections::BTreeMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Counts of what came back, by what it was ("HTTP 201", "closed with 1013").
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally(pub BTreeMap<String, u64>);

impl Tally {
    /// Counts one `what`.
    pub fn add(&mut self, what: impl Into<String>) {
        *self.0.entry(what.into()).or_default() += 1;
    }

    /// How many `what`.
    pub fn count(&self, what: &str) -> u64 {
        self.0.get(what).copied().unwrap_or(0)
    }

    /// "3 HTTP 201, 7 HTTP 429 too_many_requests".
    pub fn say(&self) -> String {
        self.0
            .iter()
            .map(|(k, n)| format!("{n} {k}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The `n`th address of the crowd, 127.0.0.2 to 127.0.0.250 and round again: 249 addresses of
/// one /24 network.
pub fn crowd_address(n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 2 + (n % 249) as u8)
}

/// The `n`th address of `network` (127.0.`network`.1 onwards, 250 to a network).
pub fn address_in(network: u8, n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, network, 1 + (n % 250) as u8)
}

/// A TCP connection to `addr` from `source`.
///
/// # Errors
/// When the address cannot be bound or the server cannot be reached.
pub async fn connect_from(source: Ipv4Addr, addr: SocketAddr) -> std::io::Result<TcpStream> {
    connect_with(source, addr, None).await
}

/// A TCP connection to `addr` from `source`, with a receive buffer of `receive` bytes when
/// given (a client that reads nothing then holds little in its own kernel).
async fn connect_with(
    source: Ipv4Addr,
    addr: SocketAddr,
    receive: Option<u32>,
) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    if let Some(bytes) = receive {
        socket.set_recv_buffer_size(bytes)?;
    }
    socket.bind(SocketAddr::from((source, 0)))?;
    let tcp = socket.connect(addr).await?;
    tcp.set_nodelay(true)?;
    Ok(tcp)
}

/// A WebSocket.
pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A WebSocket to `addr` from `source`; the refusal ("refused 503") when the server turns it
/// away.
///
/// # Errors
/// What went wrong, in a few words (also the key of a [`Tally`]).
pub async fn websocket_from(source: Ipv4Addr, addr: SocketAddr) -> Result<Ws, String> {
    websocket_with(source, addr, None).await
}

async fn websocket_with(
    source: Ipv4Addr,
    addr: SocketAddr,
    receive: Option<u32>,
) -> Result<Ws, String> {
    let tcp = connect_with(source, addr, receive)
        .await
        .map_err(|_| "not connected".to_string())?;
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(4096);
    match tokio_tungstenite::client_async_with_config(
        format!("ws://{addr}/ws"),
        MaybeTlsStream::Plain(tcp),
        Some(config),
    )
    .await
    {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            Err(format!("refused {}", r.status().as_u16()))
        }
        Err(_) => Err("failed".into()),
    }
}

/// How the server answers `request` sent from `source`: "HTTP 201", "HTTP 429
/// too_many_tables" (the status and the refusal's code), or "no answer".
pub async fn answer_to(source: Ipv4Addr, addr: SocketAddr, request: &str) -> String {
    let Ok(mut tcp) = connect_from(source, addr).await else {
        return "not connected".into();
    };
    if tcp.write_all(request.as_bytes()).await.is_err() {
        return "no answer".into();
    }
    let mut raw = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), tcp.read_to_end(&mut raw)).await;
    let text = String::from_utf8_lossy(&raw);
    match (read, text.get(9..12)) {
        (Ok(_), Some(status)) => {
            let code = text
                .split("\"code\":\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next());
            match code {
                Some(code) => format!("HTTP {status} {code}"),
                None => format!("HTTP {status}"),
            }
        }
        _ => "no answer".into(),
    }
}

/// A `POST /api/tables` request creating a table with `body`.
pub fn post_table(body: &Value) -> String {
    let body = body.to_string();
    format!(
        "POST /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// Creates up to `count` tables, `per_address` from each of `addresses` in turn, 32 requests at
/// a time; what the server answered, counted.
pub async fn make_tables(
    addr: SocketAddr,
    count: usize,
    per_address: usize,
    addresses: impl Fn(usize) -> Ipv4Addr,
) -> Tally {
    let mut tally = Tally::default();
    let mut made = 0;
    while made < count {
        let batch = (made..count.min(made + 32)).map(|i| {
            let source = addresses(i / per_address.max(1));
            let request = post_table(&json!({"name": format!("T{i}")}));
            tokio::spawn(async move { answer_to(source, addr, &request).await })
        });
        let batch: Vec<_> = batch.collect();
        made += batch.len();
        for answer in batch {
            tally.add(answer.await.unwrap_or_else(|_| "failed".into()));
        }
    }
    tally
}

/// Attack 1 of the crowd: `sockets` WebSockets from `source`, each asking for the lobby
/// `per_sec` times a second (under the message rate) and never reading what it is sent, until
/// `until`, with a small receive buffer (what it does not read stays in the server's queue, not
/// in this machine's kernel). How each ended: "closed with 1013" (the close frame read),
/// "dropped" (the server closed the connection without one: it could not be written to a
/// client that reads nothing), "held" (still open at the end), or how it was refused.
pub async fn hoard_lobby(
    addr: SocketAddr,
    source: Ipv4Addr,
    sockets: usize,
    per_sec: u32,
    until: Instant,
) -> Tally {
    let hoarders = (0..sockets).map(|_| {
        tokio::spawn(async move {
            let ws = match websocket_with(source, addr, Some(4096)).await {
                Ok(ws) => ws,
                Err(why) => return why,
            };
            let (mut tx, rx) = ws.split();
            let ask = json!({"type":"list_tables"}).to_string();
            let every = Duration::from_secs_f64(1.0 / f64::from(per_sec.max(1)));
            while Instant::now() < until {
                if tx.send(Message::text(ask.clone())).await.is_err() {
                    break;
                }
                tokio::time::sleep(every).await;
            }
            // Never read while asking; now see how it ended.
            let mut rx = rx;
            let end = async {
                while let Some(frame) = rx.next().await {
                    match frame {
                        Ok(Message::Close(Some(f))) => {
                            return format!("closed with {}", u16::from(f.code));
                        }
                        Ok(_) => {}
                        Err(_) => return "dropped".to_string(),
                    }
                }
                "dropped".to_string()
            };
            tokio::time::timeout(Duration::from_secs(2), end)
                .await
                .unwrap_or_else(|_| "held".to_string())
        })
    });
    let hoarders: Vec<_> = hoarders.collect();
    let mut tally = Tally::default();
    for h in hoarders {
        tally.add(h.await.unwrap_or_else(|_| "failed".into()));
    }
    tally
}

/// Reads messages until one of type `ty` (or a refusal, which is the answer).
async fn until_type(ws: &mut Ws, ty: &str) -> Result<Value, String> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .map_err(|_| format!("no {ty} in time"))?;
        match frame {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(t.as_str()).map_err(|e| e.to_string())?;
                if v["type"] == ty {
                    return Ok(v);
                }
                if v["type"] == "refused" {
                    return Err(format!("refused {}", v["code"].as_str().unwrap_or("?")));
                }
            }
            Some(Ok(Message::Close(f))) => {
                return Err(format!(
                    "closed with {}",
                    f.map_or(0, |f| u16::from(f.code))
                ));
            }
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return Err("dropped".into()),
        }
    }
}

/// A newcomer from `source`: opens a WebSocket, creates a table with a bot, starts it and
/// rolls once. The time from the roll to its broadcast; or why it could not (the key of a
/// [`Tally`]: "refused 503", "refused too_many_tables", ...).
///
/// # Errors
/// Why the newcomer could not play, in a few words.
pub async fn newcomer(addr: SocketAddr, source: Ipv4Addr) -> Result<Duration, String> {
    let mut ws = websocket_from(source, addr).await?;
    let send = async |ws: &mut Ws, v: Value| {
        ws.send(Message::text(v.to_string()))
            .await
            .map_err(|_| "dropped".to_string())
    };
    send(&mut ws, json!({"type":"create","name":"New","bots":1})).await?;
    let seated = until_type(&mut ws, "seated").await?;
    let (table, token) = (seated["table"].clone(), seated["token"].clone());
    send(&mut ws, json!({"type":"watch","table":table,"token":token})).await?;
    let watching = until_type(&mut ws, "watching").await?;
    let mut seq = watching["view"]["seq"].as_u64().unwrap_or(0);
    let mut turn = None;
    send(
        &mut ws,
        json!({"type":"start","table":table,"token":token,"seq":seq}),
    )
    .await?;
    // Until it is our turn (seat 0): the bot may go first.
    while turn != Some(0) {
        let events = until_type(&mut ws, "events").await?;
        for e in events["events"].as_array().into_iter().flatten() {
            seq = seq.max(e["seq"].as_u64().unwrap_or(0));
            match e["event"]["type"].as_str() {
                Some("started") => turn = e["event"]["first"].as_u64(),
                Some("turn_passed") => turn = e["event"]["player"].as_u64(),
                _ => {}
            }
        }
    }
    let rolled = Instant::now();
    send(
        &mut ws,
        json!({"type":"roll","table":table,"token":token,"seq":seq}),
    )
    .await?;
    loop {
        let events = until_type(&mut ws, "events").await?;
        let mine =
            events["events"].as_array().into_iter().flatten().any(|e| {
                e["event"]["type"] == "rolled" && e["event"]["player"].as_u64() == Some(0)
            });
        if mine {
            return Ok(rolled.elapsed());
        }
    }
}
