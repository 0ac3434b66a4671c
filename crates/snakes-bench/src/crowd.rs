//! The pieces of the attacks from many addresses at once (a small botnet on loopback: the
//! addresses 127.0.0.2 to 127.0.0.250, one /24), shared by `snakes-bench --abuse` and the
//! tests that replay them: many tables made from many addresses, a lobby asked for and never
//! read, a newcomer who tries to create a table and play.
//!
//! Each piece is bounded in count and time and stops by itself; each says what it got,
//! counted ([`Tally`]).

use std::collections::BTreeMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
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
            // From T1: "T0" is refused, a look-alike of the sentences' word "to".
            let request = post_table(&json!({"name": format!("T{}", i + 1)}));
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

/// How long a client waits for each answer before giving up: a newcomer who waits longer has
/// not got in, for a player's purposes.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// Reads messages until one of type `ty` (or a refusal, which is the answer), waiting at most
/// `patience` for each.
async fn until_type(ws: &mut Ws, ty: &str, patience: Duration) -> Result<Value, String> {
    loop {
        let frame = tokio::time::timeout(patience, ws.next())
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
/// rolls once, waiting at most `patience` for each answer ([`PATIENCE`] in the benchmark; a
/// test, which asks whether the newcomer gets in at all on however busy a machine, waits
/// longer). The time from the roll to its broadcast; or why it could not (the key of a
/// [`Tally`]: "refused 503", "refused too_many_tables", "no seated in time", ...).
///
/// # Errors
/// Why the newcomer could not play, in a few words.
pub async fn newcomer(
    addr: SocketAddr,
    source: Ipv4Addr,
    patience: Duration,
) -> Result<Duration, String> {
    let mut ws = websocket_from(source, addr).await?;
    let send = async |ws: &mut Ws, v: Value| {
        ws.send(Message::text(v.to_string()))
            .await
            .map_err(|_| "dropped".to_string())
    };
    send(&mut ws, json!({"type":"create","name":"New","bots":1})).await?;
    let seated = until_type(&mut ws, "seated", patience).await?;
    let (table, token) = (seated["table"].clone(), seated["token"].clone());
    send(&mut ws, json!({"type":"watch","table":table,"token":token})).await?;
    let watching = until_type(&mut ws, "watching", patience).await?;
    let mut seq = watching["view"]["seq"].as_u64().unwrap_or(0);
    let mut turn = None;
    send(
        &mut ws,
        json!({"type":"act","table":table,"token":token,"seq":seq,"action":{"type":"start"}}),
    )
    .await?;
    // Until it is our turn (seat 0): the bot may go first.
    while turn != Some(0) {
        let events = until_type(&mut ws, "events", patience).await?;
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
        json!({"type":"act","table":table,"token":token,"seq":seq,"action":{"type":"roll"}}),
    )
    .await?;
    loop {
        let events = until_type(&mut ws, "events", patience).await?;
        let mine =
            events["events"].as_array().into_iter().flatten().any(|e| {
                e["event"]["type"] == "rolled" && e["event"]["player"].as_u64() == Some(0)
            });
        if mine {
            return Ok(rolled.elapsed());
        }
    }
}

/// Reads the answer to a request on a kept-alive connection: its status and body length, or
/// `None` when the connection ended.
async fn read_response(tcp: &mut TcpStream, buf: &mut Vec<u8>) -> Option<(u16, usize)> {
    buf.clear();
    let mut chunk = [0u8; 16 * 1024];
    let head_end = loop {
        if let Some(at) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let n = tcp.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    let status = head.get(9..12)?.parse().ok()?;
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + length {
        let n = tcp.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    Some((status, length))
}

/// Crowd 1: 100 addresses of one /24 (127.0.0.2 to 127.0.0.101) ask for 1,000 tables (ten
/// each, their quota a minute), then one of them opens 40 WebSockets that ask for the lobby 19
/// times a second each, under the message rate, and never read.
pub async fn lobby_attack(addr: SocketAddr, until: Instant) -> String {
    let made = make_tables(addr, 1000, 10, crowd_address).await;
    let hoarded = hoard_lobby(addr, crowd_address(0), 40, 19, until).await;
    format!(
        "1000 tables asked for from 100 addresses of one /24 ({}); 40 WebSockets from one of them asking for the lobby 19 times a second, never reading: {}",
        made.say(),
        hoarded.say()
    )
}

/// Crowd 2: 60 addresses of one /24 (127.0.0.2 to 127.0.0.61) open 100 WebSockets each and
/// hold them until `until`, asking for nothing but answering every ping, as a browser does.
pub async fn slots_attack(addr: SocketAddr, until: Instant) -> String {
    let mut tally = Tally::default();
    let mut held = Vec::new();
    for round in 0..100 {
        let opening: Vec<_> = (0..60)
            .map(|a| {
                let source = crowd_address(a);
                tokio::spawn(async move { websocket_from(source, addr).await })
            })
            .collect();
        for o in opening {
            match o.await {
                Ok(Ok(ws)) => held.push(tokio::spawn(hold(ws, until))),
                Ok(Err(why)) => tally.add(why),
                Err(_) => tally.add("failed"),
            }
        }
        if Instant::now() >= until || round == 99 {
            break;
        }
    }
    let opened = held.len();
    // How many the server closed meanwhile (it closes those that ask for nothing).
    let mut closed = 0;
    for h in held {
        closed += usize::from(h.await.unwrap_or(false));
    }
    format!(
        "6000 WebSockets asked for from 60 addresses of one /24, held asking for nothing and answering pings: {opened} opened ({closed} of them closed by the server by the end); {}",
        tally.say()
    )
}

/// Crowd 2 from six networks: ten addresses in each of six /24s (127.0.10.1 to 127.0.15.10)
/// open 100 WebSockets each, at 16 a second each (under `--http-rate`), every one following the
/// lobby (never idle), and hold them until `until`, answering every ping.
pub async fn networks_slots_attack(addr: SocketAddr, until: Instant) -> String {
    let mut tally = Tally::default();
    let mut held = Vec::new();
    for round in 0..100 {
        let opening: Vec<_> = (0..60)
            .map(|a| {
                let source = address_in(10 + (a / 10) as u8, a % 10);
                tokio::spawn(async move {
                    let mut ws = websocket_from(source, addr).await?;
                    let follow = Message::text(r#"{"type":"list_tables"}"#);
                    ws.send(follow).await.map_err(|_| "not sent".to_string())?;
                    Ok::<_, String>(ws)
                })
            })
            .collect();
        for o in opening {
            match o.await {
                Ok(Ok(ws)) => held.push(tokio::spawn(hold(ws, until))),
                Ok(Err(why)) => tally.add(why),
                Err(_) => tally.add("failed"),
            }
        }
        if Instant::now() >= until || round == 99 {
            break;
        }
        // Each address within `--http-rate` (20 a second): a handshake is a request.
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    let opened = held.len();
    let mut closed = 0;
    for h in held {
        closed += usize::from(h.await.unwrap_or(false));
    }
    format!(
        "6000 WebSockets asked for from ten addresses in each of six /24s, each following the lobby: {opened} opened ({closed} of them closed by the server by the end); {}",
        tally.say()
    )
}

/// Crowd 1 from many networks, the lobby's talk: one address in each of 100 /24s (127.0.10.1
/// to 127.0.109.1) says a message every 200 ms in the lobby until `until`, while Ana (from
/// 127.0.8.1) talks with Bo (127.0.9.1), who says one a second: how many of Bo's she was sent,
/// how many lines counted what she was not, and whether she was closed.
pub async fn networks_talk_attack(addr: SocketAddr, until: Instant) -> String {
    let named = async |source: Ipv4Addr, name: &str| -> Option<Ws> {
        let mut ws = websocket_from(source, addr).await.ok()?;
        for m in [
            json!({"type":"set_name","name":name}),
            json!({"type":"list_tables"}),
        ] {
            ws.send(Message::text(m.to_string())).await.ok()?;
        }
        Some(ws)
    };
    let mut crowd = Vec::new();
    for n in 0..100u8 {
        let Some(mut ws) = named(address_in(10 + n, 0), &format!("Troll{n}")).await else {
            continue;
        };
        crowd.push(tokio::spawn(async move {
            let mut said = 0u64;
            let mut tick = tokio::time::interval(Duration::from_millis(200));
            while Instant::now() < until {
                tick.tick().await;
                let m = json!({"type":"say","text":format!("spam {said}")});
                if ws.send(Message::text(m.to_string())).await.is_err() {
                    break;
                }
                said += 1;
                // What the server sends back is read and let go.
                while let Ok(Some(Ok(_))) = tokio::time::timeout(Duration::ZERO, ws.next()).await {}
            }
            said
        }));
    }
    let (Some(mut ana), Some(mut bo)) = (
        named(Ipv4Addr::new(127, 0, 8, 1), "Ana").await,
        named(Ipv4Addr::new(127, 0, 9, 1), "Bo").await,
    ) else {
        return "Ana or Bo could not connect".into();
    };
    let hello = json!({"type":"say","text":"hi Bo, a game?"});
    let _ = ana.send(Message::text(hello.to_string())).await;
    let bo_says = tokio::spawn(async move {
        let mut said = 0u64;
        while Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(1100)).await;
            let m = json!({"type":"say","text":format!("bo {said}")});
            if bo.send(Message::text(m.to_string())).await.is_err() {
                break;
            }
            said += 1;
            while let Ok(Some(Ok(_))) = tokio::time::timeout(Duration::ZERO, bo.next()).await {}
        }
        said
    });
    // Ana reads everything, a little after the end too (the last lines that count).
    let heard = listen(&mut ana, until + Duration::from_secs(2)).await;
    let Heard {
        from_bo,
        from_crowd,
        lines,
        counted,
        closed,
    } = heard;
    let bo_said = bo_says.await.unwrap_or(0);
    let mut crowd_said = 0;
    for c in crowd {
        crowd_said += c.await.unwrap_or(0);
    }
    format!(
        "one address in each of 100 /24s saying a message every 200 ms in the lobby ({crowd_said} sent): Ana was sent {from_bo} of her friend Bo's {bo_said} messages and {from_crowd} of the crowd's, {lines} lines counting {counted} more; {}",
        match closed {
            None => "her connection stayed open".to_string(),
            Some(0) => "her connection was cut".to_string(),
            Some(code) => format!("her connection was closed ({code})"),
        }
    )
}

/// What a listener in the lobby was sent, from Bo and from the crowd.
struct Heard {
    from_bo: u64,
    from_crowd: u64,
    /// `unheard` lines, and the messages they count.
    lines: u64,
    counted: u64,
    /// How the connection ended before `until`: a close code, 0 when cut, none when open.
    closed: Option<u16>,
}

/// Reads everything `ws` is sent until `until`, counting who said it.
async fn listen(ws: &mut Ws, until: Instant) -> Heard {
    let (mut from_bo, mut from_crowd, mut lines, mut counted) = (0u64, 0u64, 0u64, 0u64);
    let mut closed = None;
    while let Ok(frame) =
        tokio::time::timeout(until.saturating_duration_since(Instant::now()), ws.next()).await
    {
        match frame {
            Some(Ok(Message::Text(text))) => {
                let Ok(v) = serde_json::from_str::<Value>(text.as_str()) else {
                    continue;
                };
                match v["type"].as_str() {
                    Some("said") if v["name"] == "Bo" && v["earlier"] != true => from_bo += 1,
                    Some("said") if v["you"] != true && v["earlier"] != true => from_crowd += 1,
                    Some("unheard") => {
                        lines += 1;
                        counted += v["count"].as_u64().unwrap_or(0);
                    }
                    _ => {}
                }
            }
            Some(Ok(Message::Close(frame))) => {
                closed = Some(frame.map_or(0, |f| u16::from(f.code)));
                break;
            }
            Some(Ok(_)) => {}
            Some(Err(_)) | None => {
                closed = Some(0);
                break;
            }
        }
    }
    Heard {
        from_bo,
        from_crowd,
        lines,
        counted,
        closed,
    }
}

/// Holds `ws` until `until`, reading (and so answering pings) but sending nothing; whether the
/// server closed it first.
async fn hold(mut ws: Ws, until: Instant) -> bool {
    let end = async {
        while let Some(frame) = ws.next().await {
            match frame {
                Ok(Message::Ping(_)) => {
                    // The pong queued by the read goes out now.
                    if ws.flush().await.is_err() {
                        return;
                    }
                }
                Ok(Message::Close(_)) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::time::timeout(until.saturating_duration_since(Instant::now()), end)
        .await
        .is_ok()
}

/// Crowd 4: 249 addresses of one /24 ask for four tables each, at once (32 requests at a
/// time): the server's `--max-tables` (1,000) and no more.
pub async fn tables_attack(addr: SocketAddr) -> String {
    let started = Instant::now();
    let made = make_tables(addr, 996, 4, crowd_address).await;
    format!(
        "996 tables asked for from 249 addresses of one /24 in {:.1} s: {}",
        started.elapsed().as_secs_f64(),
        made.say()
    )
}

/// From many networks: one address in each of 100 /24s (127.0.100.1 to 127.0.199.1) asks for
/// ten tables, its address's quota: 1,000 waiting tables nobody follows, every place under the
/// default `--max-tables`.
pub async fn networks_tables_attack(addr: SocketAddr) -> String {
    let started = Instant::now();
    let made = make_tables(addr, 1000, 10, |n| address_in(100 + n as u8, 0)).await;
    format!(
        "1000 tables asked for from one address in each of 100 /24s in {:.1} s: {}",
        started.elapsed().as_secs_f64(),
        made.say()
    )
}

/// Crowd 6, reads: a game of bots alone played to the most turns (10,000 turns, some 30,000
/// events; the attack waits for it, at most a minute), then one address's 10 connections
/// asking, as fast as they can on kept-alive connections, for its view (five of them) and its
/// record (the other five, some 2 MB each), for as long as the attack was to last.
pub async fn reads_attack(addr: SocketAddr, until: Instant) -> String {
    let readers = vec![crowd_address(1); 10];
    reads_from(addr, until, readers, "10 connections from one address").await
}

/// Crowd 6 from many networks: the same long game, then one address in each of 60 /24s
/// (127.0.10.1 to 127.0.69.1) asking for its view and its record as fast as it can.
pub async fn networks_reads_attack(addr: SocketAddr, until: Instant) -> String {
    let readers = (0..60).map(|n| address_in(10 + n, 0)).collect();
    reads_from(addr, until, readers, "one address in each of 60 /24s").await
}

/// The long game, then a kept-alive connection from each of `sources` asking for its view
/// (the even ones) or its record (the odd ones) as fast as it can until `until`.
async fn reads_from(addr: SocketAddr, until: Instant, sources: Vec<Ipv4Addr>, who: &str) -> String {
    let span = until.saturating_duration_since(Instant::now());
    let game_until = Instant::now() + Duration::from_secs(60);
    let Some(table) = long_game(addr, crowd_address(0), game_until).await else {
        return "the long game could not be made".into();
    };
    let until = Instant::now() + span;
    let bytes = Arc::new(AtomicU64::new(0));
    let readers: Vec<_> = sources
        .into_iter()
        .enumerate()
        .map(|(n, source)| {
            let bytes = bytes.clone();
            tokio::spawn(async move {
                let mut tally = Tally::default();
                let what = if n % 2 == 0 { "" } else { "/record" };
                let request = format!("GET /api/tables/{table}{what} HTTP/1.1\r\nHost: x\r\n\r\n");
                let mut buf = Vec::new();
                let mut tcp = None;
                while Instant::now() < until {
                    if tcp.is_none() {
                        tcp = connect_from(source, addr).await.ok();
                    }
                    let Some(conn) = tcp.as_mut() else {
                        tally.add("not connected");
                        tokio::time::sleep(Duration::from_millis(10)).await;
                        continue;
                    };
                    if conn.write_all(request.as_bytes()).await.is_err() {
                        tcp = None;
                        continue;
                    }
                    match read_response(conn, &mut buf).await {
                        Some((status, length)) => {
                            let what = if what.is_empty() { "view" } else { "record" };
                            tally.add(format!("{what} HTTP {status}"));
                            bytes.fetch_add(length as u64, Ordering::Relaxed);
                        }
                        None => tcp = None,
                    }
                }
                tally
            })
        })
        .collect();
    let mut tally = Tally::default();
    for r in readers {
        if let Ok(t) = r.await {
            for (k, n) in t.0 {
                *tally.0.entry(k).or_default() += n;
            }
        }
    }
    format!(
        "a finished game of bots alone at the most turns; {who} asking for its view and its record as fast as they can for {} s: {} ({} MB sent)",
        span.as_secs(),
        tally.say(),
        bytes.load(Ordering::Relaxed) / 1_000_000
    )
}

/// A game of two bots' seats (the host leaves after the start) on a board of 10,000 squares
/// without jumps, with a die of two: it runs to the server's most turns, a draw. Its table,
/// once finished (waiting at most until `until`).
async fn long_game(addr: SocketAddr, source: Ipv4Addr, until: Instant) -> Option<u64> {
    let mut host = websocket_from(source, addr).await.ok()?;
    let board = r#"{"size": 100, "ladders": [], "snakes": []}"#;
    let create = json!({"type":"create","name":"Cleo","bots":1,"rules":"die=2","board":board});
    host.send(Message::text(create.to_string())).await.ok()?;
    let seated = until_type(&mut host, "seated", PATIENCE).await.ok()?;
    let (table, token) = (seated["table"].as_u64()?, seated["token"].clone());
    for msg in [
        json!({"type":"watch","table":table,"token":token}),
        json!({"type":"act","table":table,"token":token,"seq":2,"action":{"type":"start"}}),
        json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}}),
    ] {
        host.send(Message::text(msg.to_string())).await.ok()?;
    }
    // The game's end, as its host hears it.
    let end = async {
        loop {
            let v = until_type(&mut host, "events", PATIENCE).await.ok()?;
            let over = v["events"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|e| matches!(e["event"]["type"].as_str(), Some("drawn" | "finished")));
            if over {
                return Some(table);
            }
        }
    };
    tokio::time::timeout(until.saturating_duration_since(Instant::now()), end)
        .await
        .ok()
        .flatten()
}

/// Crowd 6, analyses: 20 addresses of one /24 each create three tables on boards of their own
/// (random boards of 10,000 squares, 3,000 jumps spanning up to 1,000 squares, a die of two:
/// not measured before, so not cached, and seconds of work each on the machine of
/// BENCHMARKS.md), and ask for each one's analysis in turn, all twenty at once.
pub async fn analysis_attack(addr: SocketAddr, until: Instant) -> String {
    let asks: Vec<_> = (0..20)
        .map(|i| {
            tokio::spawn(async move {
                let source = crowd_address(100 + i);
                let mut tally = Tally::default();
                for k in 0..3 {
                    tally.add(
                        analysis_of_a_new_board(addr, source, (3 * i + k) as u64, until).await,
                    );
                }
                tally
            })
        })
        .collect();
    let mut tally = Tally::default();
    for a in asks {
        for (k, n) in a.await.unwrap_or_default().0 {
            *tally.0.entry(k).or_default() += n;
        }
    }
    format!(
        "20 addresses asking for the analyses of three boards of their own each, 10,000 squares and 3,000 jumps of up to 1,000 squares with a die of two: {}",
        tally.say()
    )
}

/// A board of `side` x `side` squares with `jumps` jumps drawn from `seed`, as a layout (JSON):
/// ladders and snakes in turn, each spanning 1 to `span` squares, no two on one square (a jump
/// never ends where another starts, so no chain of jumps closes a cycle) and none starting in
/// the last 20 squares (so the last can be reached with any die).
fn random_layout(side: u32, jumps: usize, span: u32, seed: u64) -> String {
    let last = side * side;
    // xorshift64*, seeded away from 0.
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |below: u32| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32 % below.max(1)
    };
    let mut used = std::collections::HashSet::new();
    let (mut ladders, mut snakes) = (Vec::new(), Vec::new());
    for tries in 0..jumps * 20 {
        if ladders.len() + snakes.len() == jumps {
            break;
        }
        let from = 2 + next(last - 22);
        let by = 1 + next(span);
        let to = if tries % 2 == 0 {
            (from + by).min(last)
        } else {
            from.saturating_sub(by).max(1)
        };
        if to == from || !used.insert(from) {
            continue;
        }
        if !used.insert(to) {
            used.remove(&from);
            continue;
        }
        if to > from {
            ladders.push([from, to]);
        } else {
            snakes.push([from, to]);
        }
    }
    json!({"size": side, "ladders": ladders, "snakes": snakes}).to_string()
}

/// Creates a table from `source` on a random board of its own (of the seeds from `seed * 10`,
/// the first the server takes) and asks for its analysis: how it was answered
/// ("HTTP 200 after seconds", "HTTP 429 too_many_requests at once").
async fn analysis_of_a_new_board(
    addr: SocketAddr,
    source: Ipv4Addr,
    seed: u64,
    until: Instant,
) -> String {
    let mut created = None;
    let mut last = String::new();
    for seed in seed * 10..seed * 10 + 10 {
        let board = random_layout(100, 3000, 1000, seed);
        let body = json!({"name":"Ana","rules":"die=2","board":board});
        let Ok(mut tcp) = connect_from(source, addr).await else {
            return "not connected".into();
        };
        if tcp.write_all(post_table(&body).as_bytes()).await.is_err() {
            return "no answer".into();
        }
        let mut raw = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(10), tcp.read_to_end(&mut raw)).await;
        let text = String::from_utf8_lossy(&raw);
        created = text
            .split("\"table\":")
            .nth(1)
            .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|t| t.parse::<u64>().ok());
        // A board whose last square cannot be reached is refused (400): the next seed.
        if created.is_some() || !text.contains("\"bad_board\"") {
            last = text.get(9..12).unwrap_or("?").to_string();
            break;
        }
    }
    let Some(table) = created else {
        return format!("not created ({last})");
    };
    let get = format!(
        "GET /api/tables/{table}/analysis HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    );
    let left = until.saturating_duration_since(Instant::now()) + Duration::from_secs(30);
    let started = Instant::now();
    match tokio::time::timeout(left, answer_to(source, addr, &get)).await {
        Ok(a) if started.elapsed() < Duration::from_secs(1) => format!("{a} at once"),
        Ok(a) => format!("{a} after seconds"),
        Err(_) => "no answer in time".into(),
    }
}
