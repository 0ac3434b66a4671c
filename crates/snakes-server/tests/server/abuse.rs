//! Each attack the server was found open to, replayed on loopback against a real server
//! ([`super::start`], which accepts connections as `snakes serve` does), with the server's
//! answer asserted: a refusal in the protocol's JSON with its HTTP status, a WebSocket closed
//! with the right code, a connection dropped in time, and a normal client still served.
//! The heavy versions (thousands of connections, a normal client's p99 measured meanwhile)
//! are `snakes-bench --abuse`.

use super::*;
use snakes_server::PAGE_EVENTS;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A TCP connection from `source` (another loopback address: 127.0.0.2 is another client).
async fn tcp_from(source: [u8; 4], addr: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((source, 0))).unwrap();
    socket.connect(addr).await.unwrap()
}

/// Sends a raw HTTP request and reads the whole answer: (status, headers, body as JSON when it
/// is JSON).
pub(crate) async fn http(addr: SocketAddr, request: &str) -> (u16, String, Value) {
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    tcp.write_all(request.as_bytes()).await.unwrap();
    read_answer(&mut tcp).await
}

async fn read_answer(tcp: &mut TcpStream) -> (u16, String, Value) {
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, tcp.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let json = serde_json::from_str(body).unwrap_or(Value::Null);
    (status, head.to_ascii_lowercase(), json)
}

fn get(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
}

pub(crate) fn post(path: &str, extra: &str, body: &str) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n{extra}\r\n{body}",
        body.len()
    )
}

/// Whether the server closed `tcp` (end of stream or reset) within `within`.
async fn closed_within(tcp: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 256];
    loop {
        match tokio::time::timeout(within, tcp.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

/// 1. Slow headers: a connection that never finishes its request headers is dropped after the
/// header timeout, and while such connections hold every slot of the total, newcomers get a
/// 503 refusal instead of a hang; once they are dropped, a normal request is served again.
#[tokio::test]
async fn slow_headers_are_cut_off_and_never_lock_everyone_out() {
    let dir = temp_dir("slow-headers");
    let mut cfg = config(&dir);
    // The network's own timer, on the real clock: long beside any pause of a loaded machine
    // between the slow connections and the next one, which must find every slot taken.
    cfg.header_timeout = Duration::from_secs(1);
    cfg.max_connections = 3;
    let (addr, state) = start(cfg).await;
    let mut slow = Vec::new();
    for _ in 0..3 {
        let mut tcp = TcpStream::connect(addr).await.unwrap();
        tcp.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .await
            .unwrap();
        slow.push(tcp);
    }
    // Every slot is taken: the next connection hears why, at once.
    let (status, _, body) = http(addr, &get("/api/tables")).await;
    assert_eq!(status, 503);
    assert_eq!(body["code"], "too_many_requests");
    for tcp in &mut slow {
        assert!(closed_within(tcp, WAIT).await, "a slow client is dropped");
    }
    let (status, _, body) = http(addr, &get("/api/tables")).await;
    assert_eq!((status, body["type"].as_str()), (200, Some("tables")));
    // Nothing of theirs is left counted.
    assert_eq!(state.connections(), 0);
}

/// 2. One client takes every slot: connections are capped per client address, WebSocket or
/// not, so another address still gets in; table creation has a quota per address.
#[tokio::test]
async fn one_address_cannot_take_every_slot_or_every_table() {
    let dir = temp_dir("per-address");
    let mut cfg = config(&dir);
    cfg.max_connections_per_address = 2;
    cfg.creates_per_minute = 2.0;
    // The allowance comes back with the server's clock, which stands still here: a slow run
    // of the test does not give it back meanwhile.
    cfg.clock = Clock::manual();
    let (addr, _state) = start(cfg).await;
    let _a = tcp_from([127, 0, 0, 2], addr).await;
    let _b = tcp_from([127, 0, 0, 2], addr).await;
    let mut third = tcp_from([127, 0, 0, 2], addr).await;
    let (status, head, body) = read_answer(&mut third).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (503, Some("too_many_requests"))
    );
    // Written by the listener, not the router, and with the same security headers.
    for line in [
        "x-content-type-options: nosniff",
        "x-frame-options: deny",
        "content-security-policy: default-src 'none';",
    ] {
        assert!(head.contains(line), "{line} in\n{head}");
    }
    // Another client is served.
    let mut other = Client::connect(addr).await;
    other.send(json!({"type":"list_tables"})).await;
    assert_eq!(other.recv().await["type"], "tables");
    // Two tables a minute from one address, then 429 until the allowance comes back.
    let create = post("/api/tables", "", r#"{"name":"Ana"}"#);
    for _ in 0..2 {
        assert_eq!(http(addr, &create).await.0, 201);
    }
    let (status, _, body) = http(addr, &create).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("too_many_requests"))
    );
    // Over a WebSocket, the same allowance.
    let body = other.create(json!({"name":"Bo"})).await;
    assert_eq!(body["code"], "too_many_requests");
}

/// 2. Idle WebSockets: a socket that answers nothing, not even a ping, is closed (1001) and its
/// slot given back; one that answers stays.
#[tokio::test]
async fn a_silent_websocket_is_pinged_then_closed() {
    let dir = temp_dir("idle-ws");
    let mut cfg = config(&dir);
    // The network's own timer, on the real clock: long beside any pause of a loaded machine
    // between a ping's arrival and the reading that answers it.
    cfg.ws_idle = Duration::from_millis(600);
    let (addr, state) = start(cfg).await;
    // Not reading means not answering the ping. (It follows the lobby: a socket that follows
    // nothing is closed for that, pongs or not; see below.)
    let mut silent = Client::connect(addr).await;
    silent.send(json!({"type":"list_tables"})).await;
    // Reading answers pings (tungstenite queues the pong and sends it with the next read or
    // flush): two pings heard, each answered, and the connection, which follows the lobby,
    // stays.
    let mut live = Client::connect(addr).await;
    live.send(json!({"type":"list_tables"})).await;
    live.until("tables").await;
    let mut pings = 0;
    while pings < 2 {
        let frame = tokio::time::timeout(WAIT, live.ws.next()).await.unwrap();
        assert!(matches!(frame, Some(Ok(Message::Ping(_)))), "{frame:?}");
        live.ws.flush().await.unwrap();
        pings += 1;
    }
    // Meanwhile the silent one was pinged, then closed: only the live one is counted. (A
    // socket is counted until its task ends, just after the close; nothing says when.)
    until("the silent socket's slot is given back", async || {
        state.connections() == 1
    })
    .await;
    let mut frames = Vec::new();
    loop {
        let r = tokio::time::timeout(WAIT, silent.ws.next()).await;
        let Ok(Some(Ok(m))) = r else { break };
        let close = matches!(m, Message::Close(_));
        frames.push(m);
        if close {
            break;
        }
    }
    // The lobby's page it asked for, then the ping, then the close.
    frames.retain(|m| !matches!(m, Message::Text(_)));
    assert!(
        matches!(frames.first(), Some(Message::Ping(_))),
        "{frames:?}"
    );
    let Some(Message::Close(Some(frame))) = frames.last() else {
        panic!("closed: {frames:?}");
    };
    assert_eq!(u16::from(frame.code), 1001);
    live.send(json!({"type":"list_tables"})).await;
    assert_eq!(live.recv().await["type"], "tables");
}

/// Crowd 1. A client that asks for the lobby again and again and reads nothing: each answer is
/// a page, and once what waits for it passes `--max-queue-bytes` the connection is closed at
/// once (1013 when the close frame can still be written), its queue let go; another client is
/// served meanwhile.
#[tokio::test]
async fn a_reader_that_falls_behind_is_closed() {
    let dir = temp_dir("behind");
    let mut cfg = config(&dir);
    cfg.max_queue_bytes = 4096;
    // The message rate out of the way: what closes the connection is its queue.
    cfg.rate_per_sec = 1e9;
    cfg.rate_burst = 1e9;
    let (addr, state) = start(cfg).await;
    for i in 0..30 {
        let create = json!({"name": format!("P{i}")});
        state
            .create(serde_json::from_value(create).unwrap())
            .await
            .unwrap();
    }
    // A small receive buffer: what it does not read stays in the server's queue, not in this
    // machine's kernel.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let tcp = socket.connect(addr).await.unwrap();
    let (mut hoarder, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), tcp)
        .await
        .unwrap();
    assert_eq!(state.connections(), 1);
    // Each page is the 30 tables' rows, some 30 KB: the socket's buffers fill, then the queue.
    let ask = Message::text(json!({"type":"list_tables"}).to_string());
    let mut sent = 0;
    while state.connections() == 1 && sent < 100_000 {
        // A server that stops reading (as one that waited for room in the queue would) stops
        // this too.
        match tokio::time::timeout(Duration::from_secs(2), hoarder.send(ask.clone())).await {
            Ok(Ok(())) => sent += 1,
            _ => break,
        }
    }
    // Reading the hoarder to see its end would empty its queue; the server's count of
    // sockets, which says nothing when it falls, is looked at instead.
    until(
        &format!("the hoarder closed after {sent} requests"),
        async || state.connections() == 0,
    )
    .await;
    // Another client is served.
    let mut other = Client::connect(addr).await;
    other.send(json!({"type":"list_tables"})).await;
    let page = other.until("tables").await;
    assert_eq!(page["tables"].as_array().unwrap().len(), 30);
}

/// Crowd 1. The lobby comes in pages of at most 50 rows, newest first, each naming where the
/// next starts (`next`, asked for as `after`), over the WebSocket and over HTTP.
#[tokio::test]
async fn the_lobby_comes_in_pages() {
    let dir = temp_dir("lobby-pages");
    let (addr, state) = start(config(&dir)).await;
    for i in 0..120 {
        let create = json!({"name": format!("P{i}")});
        state
            .create(serde_json::from_value(create).unwrap())
            .await
            .unwrap();
    }
    let mut c = Client::connect(addr).await;
    let mut after = Value::Null;
    let mut ids = Vec::new();
    let mut pages = Vec::new();
    loop {
        c.send(json!({"type":"list_tables","after":after})).await;
        let page = c.until("tables").await;
        assert_eq!(page["after"], after);
        let rows = page["tables"].as_array().unwrap();
        pages.push(rows.len());
        ids.extend(rows.iter().map(|t| t["id"].as_u64().unwrap()));
        after = page["next"].clone();
        if after.is_null() {
            break;
        }
        assert_eq!(after.as_u64(), ids.last().copied());
    }
    assert_eq!(pages, [50, 50, 20]);
    assert_eq!(ids, (1..=120).rev().collect::<Vec<u64>>());
    // Over HTTP, the same pages.
    let (status, _, page) = http(addr, &get("/api/tables?after=71")).await;
    assert_eq!(status, 200);
    assert_eq!(page["tables"][0]["id"], 70);
    assert_eq!(page["tables"].as_array().unwrap().len(), 50);
    assert_eq!(page["next"], 21);
    let (status, _, refused) = http(addr, &get("/api/tables?after=x")).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("bad_message"))
    );
    // The page followed is sent again when the list changes: here, the second one, as it is.
    c.send(json!({"type":"list_tables","after":71})).await;
    c.until("tables").await;
    state
        .create(serde_json::from_value(json!({"name":"New"})).unwrap())
        .await
        .unwrap();
    let again = c.until("tables").await;
    assert_eq!(
        (&again["after"], &again["tables"][0]["id"]),
        (&json!(71), &json!(70))
    );
}

/// Crowd 2. A WebSocket that answers every ping but follows nothing and asks for nothing is
/// closed after the idle time (1001); one that follows a table is not idle, however quiet. The
/// idle time counts on the server's clock, moved by the test (the pings, on the real clock,
/// come after a minute, far beyond the test).
#[tokio::test]
async fn a_websocket_that_asks_for_nothing_is_closed_pongs_or_not() {
    let dir = temp_dir("asks-nothing");
    let mut cfg = config(&dir);
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    cfg.ws_idle = Duration::from_secs(60);
    let (addr, state) = start(cfg).await;
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","bots":1})).await;
    ana.watch(None).await;
    // Connected, says hello, then asks for nothing.
    let mut idle = Client::connect(addr).await;
    idle.send(json!({"type":"hello","protocol":2})).await;
    idle.until("hello").await;
    // A second short of the idle time it is still open, and asks again.
    clock.advance(Duration::from_secs(59));
    idle.send(json!({"type":"hello","protocol":2})).await;
    idle.until("hello").await;
    // The idle time starts again from that hello: 59 s more are not enough, 60 are.
    clock.advance(Duration::from_secs(59));
    clock.advance(Duration::from_secs(1));
    let close = loop {
        match tokio::time::timeout(WAIT, idle.ws.next()).await.unwrap() {
            Some(Ok(Message::Close(frame))) => break frame.unwrap(),
            Some(Ok(Message::Ping(_) | Message::Text(_))) => {}
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        (u16::from(close.code), close.reason.as_str()),
        (1001, "asked for nothing")
    );
    // The player following the table, silent as long, stays.
    ana.send(json!({"type":"query","table":ana.table,"query":"positions"}))
        .await;
    assert_eq!(ana.until("refused").await["code"], "not_started");
    // The idle one's slot is given back when its task ends, just after the close, which
    // nothing announces.
    until("only Ana's socket is counted", async || {
        state.connections() == 1
    })
    .await;
}

/// WebSocket pings count against the message rate as any other message: the socket layer
/// answers each ping by itself, so a flood of them once cost a pong each, unchecked; now the
/// flood is told once (`too_many_requests`) and closed (1008).
#[tokio::test]
async fn pings_count_against_the_message_rate() {
    let dir = temp_dir("ping-flood");
    let mut cfg = config(&dir);
    cfg.rate_per_sec = 1.0;
    cfg.rate_burst = 3.0;
    // Every frame comes at one instant of the server's clock, however slowly.
    cfg.clock = Clock::manual();
    let (addr, _state) = start(cfg).await;
    let mut c = Client::connect(addr).await;
    // Three pings within the burst are answered; the fourth is told once, the next three are
    // dropped, and the one after closes the socket, as for any other message.
    for _ in 0..8 {
        c.ws.send(Message::Ping(vec![1, 2].into())).await.unwrap();
    }
    let (mut pongs, mut refusals) = (0, Vec::new());
    let close = loop {
        match tokio::time::timeout(WAIT, c.ws.next()).await.unwrap() {
            Some(Ok(Message::Pong(_))) => pongs += 1,
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                refusals.push(v["code"].as_str().unwrap().to_string());
            }
            Some(Ok(Message::Close(frame))) => break frame,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(refusals, ["too_many_requests"]);
    assert_eq!(u16::from(close.unwrap().code), 1008);
    // The WebSocket layer answers each ping it reads before the close.
    assert!((3..=8).contains(&pongs), "{pongs} pongs");
}

/// 3. `--max-tables` cannot be raced: simultaneous creations reserve their place before the
/// store is asked.
#[tokio::test]
async fn simultaneous_creations_never_pass_max_tables() {
    let dir = temp_dir("race");
    let mut cfg = config(&dir);
    cfg.max_tables = 5;
    let (_addr, state) = start(cfg).await;
    let tries = (0..60).map(|i| {
        let state = state.clone();
        tokio::spawn(async move {
            state
                .create(serde_json::from_value(json!({"name": format!("P{i}")})).unwrap())
                .await
        })
    });
    let mut made = 0;
    for t in tries {
        match t.await.unwrap() {
            Ok(_) => made += 1,
            Err(r) => assert_eq!(r.refusal.code(), "too_many_tables"),
        }
    }
    assert_eq!(made, 5);
    assert_eq!(state.list().len(), 5);
}

/// 4. Huge boards are refused by their size before they are built; the refusal names both.
#[tokio::test]
async fn a_huge_board_is_refused_before_it_is_built() {
    let dir = temp_dir("huge");
    let (addr, _state) = start(config(&dir)).await;
    for board in [
        r#"{\"size\": 3162}"#,
        r#"{\"rows\": 101, \"cols\": 100, \"ladders\": [], \"snakes\": []}"#,
    ] {
        let body = format!(r#"{{"name":"Ana","board":"{board}"}}"#);
        let (status, _, answer) = http(addr, &post("/api/tables", "", &body)).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("bad_board")),
            "{answer}"
        );
        assert!(
            answer["detail"]["text"]
                .as_str()
                .unwrap()
                .starts_with("this server plays boards of at most 10000 squares, not "),
            "{answer}"
        );
    }
    // A 100 x 100 board is still a board.
    let body = json!({"name":"Ana","board":"{\"size\": 100, \"ladders\": [], \"snakes\": []}"});
    assert_eq!(
        http(addr, &post("/api/tables", "", &body.to_string()))
            .await
            .0,
        201
    );
}

/// 4. A game cannot last for ever: at the most turns it ends in a draw, announced.
#[tokio::test]
async fn a_game_at_the_most_turns_is_a_draw() {
    let dir = temp_dir("draw");
    let mut cfg = config(&dir);
    cfg.max_turns = 6;
    let (addr, state) = start(cfg).await;
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","bots":1})).await;
    ana.watch(None).await;
    ana.command("start").await;
    ana.play_to_the_end().await;
    let drawn = ana
        .seen
        .iter()
        .find(|e| e["event"]["type"] == "drawn")
        .expect("a draw");
    assert_eq!(drawn["event"]["turns"], 6);
    assert!(
        ana.text
            .iter()
            .any(|l| l == "The game is over: a draw, after 6 turns, the most this server plays."),
        "{:?}",
        ana.text
    );
    let view = state.view(ana.table).await.unwrap();
    assert!(view.summary.draw && view.summary.result.is_none());
    // A roll after it is refused as after any end, with no winner.
    ana.command("roll").await;
    let refused = ana.until("refused").await;
    assert_eq!(refused["code"], "game_over");
    assert_eq!(refused["winner"], Value::Null);
}

/// A board of 10,000 squares without jumps: with a two-sided die, some 6,700 turns a player.
const LONG_BOARD: &str = r#"{"size": 100, "ladders": [], "snakes": []}"#;

/// 4. A game nobody plays any more (bots only) is closed after the idle limit, its spectators
/// told, and it leaves the lobby.
#[tokio::test]
async fn a_game_of_bots_alone_is_put_away() {
    let dir = temp_dir("unmanned");
    let mut cfg = config(&dir);
    // The server's clock moves only when the test says: the game is idle for exactly as long
    // as the test wants, and the bots roll only as time passes.
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    let idle = Duration::from_secs(60);
    cfg.idle = idle;
    cfg.timing.bot_delay = Duration::from_secs(1);
    cfg.max_turns = 0;
    let (addr, state) = start(cfg).await;
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","bots":1,"rules":"die=2","board":LONG_BOARD}))
        .await;
    let table = ana.table;
    let mut spectator = Client::connect(addr).await;
    spectator.table = table;
    spectator.send(json!({"type":"watch","table":table})).await;
    spectator.until("watching").await;
    ana.watch(None).await;
    ana.command("start").await;
    ana.until_event("started").await;
    let token = ana.token.clone();
    ana.send(json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}}))
        .await;
    // Bots alone from now on, for the idle limit.
    spectator.until_event("bot_took_over").await;
    clock.advance(idle);
    spectator.until_event("abandoned").await;
    assert!(
        spectator
            .text
            .iter()
            .any(|l| l == "The table is closed: no person was left playing."),
        "{:?}",
        &spectator.text[spectator.text.len().saturating_sub(3)..]
    );
    // The table leaves the lobby just after its last event: a change of the lobby's list.
    until_lobby(&state, "the table leaves the lobby", async || {
        state.exists(table).is_err()
    })
    .await;
    let (status, _, body) = http(addr, &get(&format!("/api/tables/{table}"))).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("no_such_table"))
    );
}

/// 4. A long log is sent to a late spectator in pages, in order, each event once.
#[tokio::test]
async fn a_long_log_comes_in_pages() {
    let dir = temp_dir("pages");
    let mut cfg = config(&dir);
    cfg.max_turns = 400;
    let (addr, _state) = start(cfg).await;
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","bots":1,"rules":"die=2","board":LONG_BOARD}))
        .await;
    ana.watch(None).await;
    ana.command("start").await;
    ana.until_event("started").await;
    let (table, token) = (ana.table, ana.token.clone());
    ana.send(json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}}))
        .await;
    ana.until_event("drawn").await;
    let mut late = Client::connect(addr).await;
    late.table = table;
    late.send(json!({"type":"watch","table":table,"since":0}))
        .await;
    late.until("watching").await;
    let mut pages = 0;
    while (late.seen.len() as u64) < ana.seq {
        let v = late.recv().await;
        if v["type"] == "events" {
            pages += 1;
            assert!(v["events"].as_array().unwrap().len() <= PAGE_EVENTS);
        }
    }
    assert!(ana.seq as usize > 2 * PAGE_EVENTS, "{} events", ana.seq);
    assert_eq!(pages, (ana.seq as usize).div_ceil(PAGE_EVENTS));
    let seqs: Vec<u64> = late
        .seen
        .iter()
        .map(|e| e["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(
        seqs,
        (1..=ana.seq).collect::<Vec<_>>(),
        "each event once, in order"
    );
}

/// 7. Look-alike and invisible names.
#[tokio::test]
async fn names_that_look_alike_are_one_name() {
    let dir = temp_dir("names");
    let (addr, _state) = start(config(&dir)).await;
    let mut ana = Client::connect(addr).await;
    let refused = ana.create(json!({"name":"Bob\u{200b}"})).await;
    assert_eq!(refused["code"], "bad_name");
    assert_eq!(
        refused["detail"]["text"],
        "a name cannot hold U+200B, a character that cannot be seen or told apart"
    );
    // The detail is typed, with the character's code point.
    assert_eq!(refused["detail"]["kind"], "name_character");
    assert_eq!(refused["detail"]["code"], "U+200B");
    let refused = ana.create(json!({"name":"Bot 1"})).await;
    assert_eq!(refused["detail"]["text"], "“Bot 1” is a name kept for bots");
    ana.create(json!({"name":"Bob","seats":3})).await;
    let mut other = Client::connect(addr).await;
    for name in ["B\u{43e}b", "bob", "\u{202e}Bob"] {
        other
            .send(json!({"type":"act","table":ana.table,"action":{"type":"join","name":name}}))
            .await;
        let v = other.recv().await;
        assert_eq!(v["code"], "bad_name", "{name}");
    }
    other
        .send(json!({"type":"act","table":ana.table,"action":{"type":"join","name":"Cy"}}))
        .await;
    assert_eq!(other.recv().await["type"], "seated");
}

/// 8. Every refusal is the protocol's JSON with its status, over HTTP and on the WebSocket.
#[tokio::test]
async fn every_refusal_is_protocol_json() {
    let dir = temp_dir("json");
    let mut cfg = config(&dir);
    cfg.max_message_bytes = 1024;
    // A creation may be larger by the most squares' board: 50 x 16 bytes.
    cfg.max_squares = 50;
    let (addr, _state) = start(cfg).await;
    let cases = [
        (get("/nothing/here"), 404, "not_found"),
        (get("/api/tables/abc"), 404, "no_such_table"),
        (get("/api/tables/99"), 404, "no_such_table"),
        (get("/api/tables/99/record"), 404, "no_such_table"),
        (
            "DELETE /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_string(),
            405,
            "method_not_allowed",
        ),
        (post("/api/tables", "", &"x".repeat(2000)), 413, "too_large"),
        (
            post("/api/tables", "", "{\"name\":\"\u{0}\""),
            400,
            "bad_message",
        ),
        (get("/ws"), 400, "bad_message"),
    ];
    for (request, status, code) in cases {
        let (got, head, body) = http(addr, &request).await;
        assert_eq!(
            (got, body["code"].as_str()),
            (status, Some(code)),
            "{request}"
        );
        assert!(head.contains("content-type: application/json"), "{head}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // Invalid UTF-8 in a text frame: 1007. A message over the limit: 1009.
    let mut c = Client::connect(addr).await;
    c.ws.send(Message::Frame(
        tokio_tungstenite::tungstenite::protocol::frame::Frame::message(
            vec![b'"', 0xff, 0xfe, b'"'],
            tokio_tungstenite::tungstenite::protocol::frame::coding::OpCode::Data(
                tokio_tungstenite::tungstenite::protocol::frame::coding::Data::Text,
            ),
            true,
        ),
    ))
    .await
    .unwrap();
    assert_eq!(close_code(&mut c).await, Some(1007));
    let mut c = Client::connect(addr).await;
    c.send_raw("x".repeat(2000)).await;
    assert_eq!(close_code(&mut c).await, Some(1009));
    // Unknown fields are refused in every message, list_tables included.
    let mut c = Client::connect(addr).await;
    c.send(json!({"type":"list_tables","page":2})).await;
    let v = c.recv().await;
    assert_eq!(v["code"], "bad_message");
    assert!(
        v["detail"]["text"]
            .as_str()
            .unwrap()
            .contains("unknown field `page`"),
        "{v}"
    );
}

async fn close_code(c: &mut Client) -> Option<u16> {
    loop {
        match tokio::time::timeout(WAIT, c.ws.next()).await.unwrap() {
            Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return None,
        }
    }
}

/// 11. Cross-site requests: a page of another site can neither open the WebSocket nor create
/// a table; the server's own pages and `--allow-origin` can; every answer carries the security
/// headers.
#[tokio::test]
async fn other_sites_cannot_play_and_pages_carry_the_security_headers() {
    let dir = temp_dir("origin");
    let mut cfg = config(&dir);
    cfg.allow_origins = vec!["https://games.example".into()];
    // A refused handshake leaves the connection open for the next request until the timeout.
    cfg.header_timeout = Duration::from_millis(300);
    let (addr, _state) = start(cfg).await;
    let host = format!("Host: {addr}\r\n");
    let ws_request = |origin: &str| {
        format!(
            "GET /ws HTTP/1.1\r\n{host}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: {origin}\r\n\r\n"
        )
    };
    let (status, _, body) = http(addr, &ws_request("http://evil.example")).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("bad_origin")));
    assert_eq!(body["origin"], "http://evil.example");
    // A cross-site form or fetch posting text/plain.
    let create = format!(
        "POST /api/tables HTTP/1.1\r\n{host}Connection: close\r\nOrigin: http://evil.example\r\nContent-Type: text/plain\r\nContent-Length: 14\r\n\r\n{{\"name\":\"Ev\"}}"
    );
    let (status, _, body) = http(addr, &create).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("bad_origin")));
    // The server's own page, by its address or by localhost, and an allowed origin.
    for origin in [
        format!("http://{addr}"),
        format!("http://localhost:{}", addr.port()),
        "https://games.example".to_string(),
    ] {
        let request = ws_request(&origin).replace(
            &host,
            &format!(
                "Host: {}\r\n",
                origin
                    .trim_start_matches("http://")
                    .trim_start_matches("https://")
            ),
        );
        let mut tcp = TcpStream::connect(addr).await.unwrap();
        tcp.write_all(request.as_bytes()).await.unwrap();
        let mut buf = [0u8; 12];
        tcp.read_exact(&mut buf).await.unwrap();
        assert_eq!(&buf, b"HTTP/1.1 101", "{origin}");
    }
    // A name that is not the server's (DNS rebinding) is refused even with a matching Origin.
    let rebound = ws_request("http://evil.example").replace(&host, "Host: evil.example\r\n");
    assert_eq!(http(addr, &rebound).await.0, 403);
    for path in ["/", "/app.js", "/api/tables", "/nothing"] {
        let (_, head, _) = http(addr, &get(path)).await;
        assert!(
            head.contains("content-security-policy: default-src 'none'"),
            "{path}: {head}"
        );
        assert!(head.contains("frame-ancestors 'none'"), "{path}");
        assert!(head.contains("x-content-type-options: nosniff"), "{path}");
    }
}

/// A finished game's record from the server, played by a bot for the host who left.
async fn finished_record(addr: SocketAddr) -> Value {
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name":"Ana","bots":1})).await;
    ana.watch(None).await;
    // Before the first roll the commitment is public and the key is not.
    let (_, _, view) = http(addr, &get(&format!("/api/tables/{}", ana.table))).await;
    let commitment = view["dice"]["commitment"].as_str().unwrap().to_string();
    assert_eq!(commitment.len(), 64);
    assert_eq!(view["dice"]["key"], Value::Null);
    ana.command("start").await;
    ana.until_event("started").await;
    let started = ana
        .seen
        .iter()
        .find(|e| e["event"]["type"] == "started")
        .unwrap();
    // The start announces the game's commitment, which the table's view shows from then on.
    let game = started["event"]["commitment"].as_str().unwrap().to_string();
    assert_eq!(game.len(), 64);
    assert_ne!(game, commitment);
    let (_, _, view) = http(addr, &get(&format!("/api/tables/{}", ana.table))).await;
    assert_eq!(
        (&view["dice"]["commitment"], &view["dice"]["game"]),
        (&json!(commitment), &json!(game))
    );
    let (table, token) = (ana.table, ana.token.clone());
    ana.send(json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}}))
        .await;
    ana.until_event("finished").await;
    let finished = ana
        .seen
        .iter()
        .find(|e| e["event"]["type"] == "finished")
        .unwrap();
    let key = finished["event"]["key"].as_str().unwrap().to_string();
    let (status, _, record) = http(addr, &get(&format!("/api/tables/{table}/record"))).await;
    assert_eq!(status, 200);
    // The record says its format and the table's seats.
    assert_eq!(
        (&record["format"], &record["seats"]),
        (&json!(2), &json!(2))
    );
    assert_eq!(record["dice"]["key"], key.as_str());
    assert_eq!(record["dice"]["commitment"], commitment.as_str());
    assert_eq!(snakes_server::commitment_of(&hex_bytes(&key)), commitment);
    record
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

fn check(record: &Value) -> Result<usize, String> {
    let record = snakes_server::verify::read(&record.to_string()).unwrap();
    snakes_server::verify::verify(&record, &snakes_text::Catalogue::english())
        .map(|v| v.rolls)
        .map_err(|e| e.to_string())
}

/// Games anyone can verify: a real finished game verifies; a changed roll, key, commitment or
/// winner is caught, and the sentence names it.
#[tokio::test]
async fn a_finished_game_verifies_and_a_changed_one_does_not() {
    let dir = temp_dir("verify");
    let (addr, _state) = start(config(&dir)).await;
    let record = finished_record(addr).await;
    let events = record["events"].as_array().unwrap();
    let rolls = events
        .iter()
        .filter(|e| e["event"]["type"] == "rolled")
        .count();
    assert_eq!(check(&record), Ok(rolls));

    // One roll changed (the fifth): the first roll that differs is named.
    let mut changed = record.clone();
    let fifth = events
        .iter()
        .enumerate()
        .filter(|(_, e)| e["event"]["type"] == "rolled")
        .nth(4)
        .unwrap()
        .0;
    let roll = changed["events"][fifth]["event"]["roll"].as_u64().unwrap();
    changed["events"][fifth]["event"]["roll"] = json!(roll % 6 + 1);
    let seq = changed["events"][fifth]["seq"].as_u64().unwrap();
    let player = changed["events"][fifth]["event"]["player"]
        .as_u64()
        .unwrap();
    let name = ["Ana", "Bot 1"][player as usize];
    assert_eq!(
        check(&changed),
        Err(format!(
            "roll 5 (event {seq}): the record says “{name} rolled a {}.”, the dice give “{name} rolled a {roll}.”",
            roll % 6 + 1
        ))
    );

    // Another key.
    let mut changed = record.clone();
    let key = "11".repeat(32);
    changed["dice"]["key"] = json!(key);
    let hashed = snakes_server::commitment_of(&[0x11; 32]);
    let commitment = record["dice"]["commitment"].as_str().unwrap();
    assert_eq!(
        check(&changed),
        Err(format!(
            "the key does not match the commitment: SHA-256 of the key is {hashed}, the commitment announced was {commitment}"
        ))
    );

    // Another commitment (say, of a key chosen after the game).
    let mut changed = record.clone();
    changed["dice"]["commitment"] = json!(hashed);
    assert_eq!(
        check(&changed),
        Err(format!(
            "the key does not match the commitment: SHA-256 of the key is {commitment}, the commitment announced was {hashed}"
        ))
    );
    // ... and a record whose key and commitment were both replaced: the dice of that key draw
    // another first player or make another roll, or else the start announced another game's
    // commitment.
    changed["dice"]["key"] = json!(key);
    let started = events
        .iter()
        .find(|e| e["event"]["type"] == "started")
        .unwrap()["seq"]
        .clone();
    let said = check(&changed).unwrap_err();
    assert!(
        said.starts_with(&format!("event {started}, the start: the record says"))
            || said.starts_with("roll ")
            || said.starts_with(&format!(
                "event {started}, the start: the commitment announced there"
            )),
        "{said}"
    );
    // The winner changed: the end is the game's, replayed.
    let mut changed = record.clone();
    let last = events.len() - 1;
    let winner = record["events"][last]["event"]["result"]["winner"]
        .as_u64()
        .unwrap() as usize;
    changed["events"][last]["event"]["result"]["winner"] = json!(1 - winner);
    assert_eq!(
        check(&changed),
        Err(format!(
            "event {}, the end: the record says {} won, the dice and the rules give {}",
            last + 1,
            ["Ana", "Bot 1"][1 - winner],
            ["Ana", "Bot 1"][winner]
        ))
    );
}

/// Crowd 1. No answer is built bigger than its stated limit (`Config::largest_message_bytes`,
/// docs/serve.md "How much memory"): the lobby's row of a table of four 24-character names of
/// four-byte letters, a page of a catch-up with those names in Korean (the longest sentences),
/// the view of a board of 10,000 squares with 9,000 jumps in every language, and a record.
#[tokio::test]
async fn no_answer_passes_its_stated_size() {
    use snakes_server::cost;
    use snakes_server::protocol::LOBBY_ROW_BYTES;
    let dir = temp_dir("sizes");
    let mut cfg = config(&dir);
    cfg.max_turns = 300;
    let (addr, _state) = start(cfg).await;
    let name = |i: u32| -> String {
        std::iter::repeat_n('\u{20000}', 23)
            .chain(char::from_u32(0x20100 + i))
            .collect()
    };
    // Four people, the host leaving after the start: their bots play to the most turns.
    let mut host = Client::connect(addr).await;
    host.create(
        json!({"name":name(0),"seats":4,"rules":"die=2,six=roll-again,collision=bump",
        "board":r#"{"size": 100, "ladders": [], "snakes": []}"#}),
    )
    .await;
    let table = host.table;
    let mut others = Vec::new();
    for i in 1..4 {
        others.push(Client::join(addr, table, &name(i)).await);
    }
    host.watch(None).await;
    while host.seq < 4 {
        host.recv().await;
    }
    host.command("start").await;
    host.until_event("started").await;
    for c in &mut others {
        let token = c.token.clone();
        c.send(json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}}))
            .await;
    }
    let token = host.token.clone();
    host.send(json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}}))
        .await;
    host.until_event("drawn").await;
    let lang = |tag: &str| json!(tag);
    for tag in ["en", "es", "ko", "zh-CN"] {
        let (_, _, page) = http(addr, &get(&format!("/api/tables?lang={tag}"))).await;
        let row = page["tables"][0].to_string();
        assert!(
            row.len() <= LOBBY_ROW_BYTES,
            "{tag}: a row of {} bytes",
            row.len()
        );
        let mut late = Client::connect(addr).await;
        late.send(json!({"type":"watch","table":table,"since":0,"locale":lang(tag)}))
            .await;
        late.until("watching").await;
        let page = late.until("events").await;
        let events = page["events"].as_array().unwrap().len() as u64;
        assert_eq!(events, snakes_server::PAGE_EVENTS as u64);
        let bytes = page.to_string().len() as u64;
        assert!(
            bytes <= events * cost::EVENT_TOLD,
            "{tag}: a page of {events} events in {bytes} bytes"
        );
    }
    let (_, _, record) = http(addr, &get(&format!("/api/tables/{table}/record"))).await;
    let events = record["events"].as_array().unwrap().len() as u64;
    assert!(events > 1000, "{events} events");
    let bytes = record.to_string().len() as u64;
    assert!(
        bytes <= events * cost::EVENT_JSON + cost::MESSAGE,
        "{events} events in {bytes} bytes"
    );
    // The turns of the game and the events they wrote.
    let turns = 300;
    assert!(
        events <= turns * cost::EVENTS_PER_TURN,
        "{events} events in {turns} turns"
    );

    let board = snakes::random_board(100, 100, 9000, 9999, 7).unwrap();
    let mut c = Client::connect(addr).await;
    let seated = c
        .create(json!({"name":"Ana","board":board.to_layout_json()}))
        .await;
    assert_eq!(seated["type"], "seated", "{seated}");
    for tag in ["en", "es", "ko", "zh-CN"] {
        let (_, _, view) = http(addr, &get(&format!("/api/tables/{}?lang={tag}", c.table))).await;
        let bytes = view.to_string().len() as u64;
        assert!(
            bytes <= 10_000 * cost::VIEW_PER_SQUARE + cost::MESSAGE,
            "{tag}: a view of {bytes} bytes"
        );
    }
}

/// Crowd 2. Connections are capped per network as well as per address: a crowd of addresses in
/// one /24 shares one network's share, and a newcomer from another network gets in.
#[tokio::test]
async fn connections_are_capped_per_network_too() {
    let dir = temp_dir("per-network");
    let mut cfg = config(&dir);
    cfg.max_connections_per_address = 2;
    cfg.max_connections_per_network = 3;
    let (addr, state) = start(cfg).await;
    let mut held = [
        tcp_from([127, 0, 0, 2], addr).await,
        tcp_from([127, 0, 0, 2], addr).await,
        tcp_from([127, 0, 0, 3], addr).await,
    ];
    // Counted once accepted: a request answered on each (kept alive, and held) says it was.
    for tcp in &mut held {
        let ask = "GET /api/tables HTTP/1.1\r\nHost: x\r\n\r\n";
        tcp.write_all(ask.as_bytes()).await.unwrap();
        let mut head = Vec::new();
        while !head.windows(4).any(|w| w == b"\r\n\r\n") {
            let mut chunk = [0u8; 1024];
            let n = tokio::time::timeout(WAIT, tcp.read(&mut chunk))
                .await
                .expect("an answer in time")
                .unwrap();
            assert!(n > 0, "closed: {}", String::from_utf8_lossy(&head));
            head.extend_from_slice(&chunk[..n]);
        }
        assert!(head.starts_with(b"HTTP/1.1 200"), "{head:?}");
    }
    assert_eq!(state.connections(), 3);
    // A fourth address of the same /24: the network's share is taken.
    let mut fourth = tcp_from([127, 0, 0, 4], addr).await;
    let (status, _, body) = read_answer(&mut fourth).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (503, Some("too_many_requests"))
    );
    // Another network is served.
    let mut other = tcp_from([127, 0, 1, 2], addr).await;
    other
        .write_all(get("/api/tables").as_bytes())
        .await
        .unwrap();
    let (status, _, body) = read_answer(&mut other).await;
    assert_eq!((status, body["type"].as_str()), (200, Some("tables")));
}

/// Crowd 4. Open tables are a quota per address and per network: a crowd in one /24 cannot
/// take every table, a newcomer from elsewhere creates one, and a table that closes gives its
/// place back.
#[tokio::test]
async fn open_tables_are_a_quota_per_address_and_network() {
    let dir = temp_dir("open-tables");
    let mut cfg = config(&dir);
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    cfg.creates_per_minute = 1000.0;
    cfg.max_open_tables_per_address = 2;
    cfg.max_open_tables_per_network = 3;
    let idle = cfg.idle;
    let (addr, state) = start(cfg).await;
    let create = |n: u32| {
        post(
            "/api/tables",
            "",
            &json!({"name": format!("P{n}")}).to_string(),
        )
    };
    let from = async |ip: [u8; 4], n: u32| {
        let mut tcp = tcp_from(ip, addr).await;
        tcp.write_all(create(n).as_bytes()).await.unwrap();
        let (status, _, body) = read_answer(&mut tcp).await;
        (status, body["code"].as_str().unwrap_or("").to_string())
    };
    assert_eq!(from([127, 0, 0, 2], 1).await.0, 201);
    assert_eq!(from([127, 0, 0, 2], 2).await.0, 201);
    let refused = (429, "too_many_open_tables".to_string());
    assert_eq!(from([127, 0, 0, 2], 3).await, refused);
    assert_eq!(from([127, 0, 0, 3], 4).await.0, 201);
    // The network's three are taken, by two addresses.
    assert_eq!(from([127, 0, 0, 4], 5).await, refused);
    // Another network creates.
    assert_eq!(from([127, 0, 1, 2], 6).await.0, 201);
    // Table 1 closes (nobody followed it for the idle time, nor the others but table 4,
    // which a page follows): the places come back.
    let mut ana = Client::connect(addr).await;
    ana.table = 4;
    ana.send(json!({"type":"watch","table":4})).await;
    ana.until("watching").await;
    clock.advance(idle);
    // Each table closed leaves the lobby: looked at each change of its list.
    until_lobby(&state, "the unfollowed tables close", async || {
        state.list().len() == 1
    })
    .await;
    let open: Vec<u64> = state.list().iter().map(|t| t.id).collect();
    assert_eq!(open, [4]);
    assert_eq!(from([127, 0, 0, 2], 7).await.0, 201);
    assert_eq!(from([127, 0, 0, 4], 8).await.0, 201);
}

/// Crowd 4. A waiting table no page follows is closed after `--abandon-secs`, however often
/// it is looked at: before, one `GET` a table every idle period kept any number of tables open,
/// and 249 addresses held every place of `--max-tables`. One a page follows stays.
#[tokio::test]
async fn a_waiting_table_no_page_follows_is_closed_however_often_it_is_looked_at() {
    let dir = temp_dir("abandoned");
    let mut cfg = config(&dir);
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    cfg.abandon = Duration::from_secs(120);
    let (addr, state) = start(cfg).await;
    for name in ["Ana", "Bo", "Cy"] {
        state
            .create(serde_json::from_value(json!({ "name": name })).unwrap())
            .await
            .unwrap();
    }
    let mut ana = Client::connect(addr).await;
    ana.table = 2;
    ana.send(json!({"type":"watch","table":2})).await;
    ana.until("watching").await;
    // Looked at over HTTP every minute: a minute and a half short of the idle time, but not
    // followed.
    for _ in 0..2 {
        for table in 1..=3 {
            let path = format!("/api/tables/{table}");
            assert_eq!(http(addr, &get(&path)).await.0, 200);
        }
        clock.advance(Duration::from_secs(60));
    }
    // Each table closed leaves the lobby: looked at each change of its list.
    until_lobby(&state, "the unfollowed tables close", async || {
        state.list().len() == 1
    })
    .await;
    let open: Vec<u64> = state.list().iter().map(|t| t.id).collect();
    assert_eq!(open, [2]);
    let (status, _, body) = http(addr, &get("/api/tables/1")).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("no_such_table"))
    );
    // The one followed, left for longer still (but under the idle time), stays.
    clock.advance(Duration::from_secs(600));
    ana.send(json!({"type":"query","table":2,"query":"positions"}))
        .await;
    assert_eq!(ana.until("refused").await["code"], "not_started");
    assert_eq!(state.list().len(), 1);
}

/// Crowd 4. One seat a connection: a client cannot take every free seat of someone else's
/// table from one connection; the host still seats bots, and a seat left frees the connection.
#[tokio::test]
async fn one_connection_takes_one_seat() {
    let dir = temp_dir("one-seat");
    let (addr, _state) = start(config(&dir)).await;
    let mut host = Client::connect(addr).await;
    host.create(json!({"name":"Ana","seats":4})).await;
    let table = host.table;
    // The host's own connection holds the host's seat.
    host.send(json!({"type":"act","table":table,"action":{"type":"join","name":"Ana2"}}))
        .await;
    assert_eq!(host.until("refused").await["code"], "already_seated");
    let mut grabber = Client::join(addr, table, "Bo").await;
    grabber
        .send(json!({"type":"act","table":table,"action":{"type":"join","name":"Cy"}}))
        .await;
    let refused = grabber.until("refused").await;
    assert_eq!(refused["code"], "already_seated");
    assert_eq!(refused["message"], "You already have a seat at this table.");
    // The host seats a bot; someone else takes the last seat.
    host.watch(None).await;
    while host.seq < 2 {
        host.recv().await;
    }
    host.command("add_bot").await;
    host.until_event("bot_added").await;
    let _cy = Client::join(addr, table, "Cy").await;
    // A seat left frees the connection for another table's seat, or this one's.
    let token = grabber.token.clone();
    grabber
        .send(json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}}))
        .await;
    host.until_event("left").await;
    grabber
        .send(json!({"type":"act","table":table,"action":{"type":"join","name":"Bo"}}))
        .await;
    assert_eq!(grabber.until("seated").await["type"], "seated");
}

/// Crowd 6. HTTP requests count against their address's allowance as a WebSocket's messages
/// do: over `--http-rate` (bursts of twice as many), 429 at once; another address is served,
/// and so are the page's own files.
#[tokio::test]
async fn requests_are_rated_per_address() {
    let dir = temp_dir("http-rate");
    let mut cfg = config(&dir);
    cfg.http_rate = 2.0;
    // Every request at one instant of the server's clock: nothing comes back meanwhile.
    cfg.clock = Clock::manual();
    let (addr, _state) = start(cfg).await;
    let from = async |ip: [u8; 4]| {
        let mut tcp = tcp_from(ip, addr).await;
        tcp.write_all(get("/api/tables").as_bytes()).await.unwrap();
        read_answer(&mut tcp).await
    };
    for _ in 0..4 {
        assert_eq!(from([127, 0, 0, 2]).await.0, 200);
    }
    let (status, head, body) = from([127, 0, 0, 2]).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("too_many_requests"))
    );
    assert!(head.contains("retry-after: 1"), "{head}");
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    assert_eq!(from([127, 0, 0, 3]).await.0, 200);
    // The page's own files are not counted: a page loaded again at once has all of them.
    let mut tcp = tcp_from([127, 0, 0, 2], addr).await;
    tcp.write_all(get("/app.js").as_bytes()).await.unwrap();
    assert_eq!(read_answer(&mut tcp).await.0, 200);
}

/// Crowd 6. An analysis is paid for from its client address's budget of CPU time: a board
/// estimated over what is left is refused at once (429), however long its analysis would take.
#[tokio::test]
async fn an_analysis_over_the_address_budget_is_refused_at_once() {
    let dir = temp_dir("analysis-budget");
    let mut cfg = config(&dir);
    cfg.analysis_secs_per_minute = 0.5;
    cfg.max_squares = 90_000;
    // The budget comes back with the server's clock, which stands still here.
    cfg.clock = Clock::manual();
    let (addr, state) = start(cfg).await;
    let create = async |body: Value| {
        state
            .create(serde_json::from_value(body).unwrap())
            .await
            .unwrap()
            .table
    };
    let classic = create(json!({"name":"Ana"})).await;
    // 300 x 300 with jumps spanning it: seconds of work for each ending.
    let board = snakes::random_board(300, 300, 20_000, u32::MAX, 3).unwrap();
    let big = create(json!({"name":"Bo","board":board.to_layout_json()})).await;
    let ask = async |table: u64| {
        let mut tcp = tcp_from([127, 0, 0, 2], addr).await;
        let path = format!("/api/tables/{table}/analysis");
        tcp.write_all(get(&path).as_bytes()).await.unwrap();
        let (status, _, body) = read_answer(&mut tcp).await;
        (status, body)
    };
    // The classic board: a few milliseconds of the half second.
    let (status, body) = ask(classic).await;
    assert_eq!(status, 200, "{body}");
    // The big board: refused by its estimate, before anything is built (with a whole budget
    // of 20 s, the page would have its figures or a sentence with the estimate, 200).
    let (status, body) = ask(big).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("too_many_requests")),
        "{body}"
    );
}

/// Crowd 6. A spent budget refuses every analysis not cached yet, and what is cached costs
/// nothing: with no CPU time at all for an address, the figures measured for another visitor
/// (here the router alone, which knows no address) are still its to read.
#[tokio::test]
async fn cached_analyses_cost_nothing() {
    let dir = temp_dir("analysis-cached");
    let mut cfg = config(&dir);
    cfg.analysis_secs_per_minute = 0.0;
    cfg.clock = Clock::manual();
    let (addr, state) = start(cfg).await;
    let create = async |body: Value| {
        state
            .create(serde_json::from_value(body).unwrap())
            .await
            .unwrap()
            .table
    };
    let classic = create(json!({"name":"Ana"})).await;
    let other = create(json!({"name":"Bo","rules":"die=8"})).await;
    let path = |table: u64| format!("/api/tables/{table}/analysis");
    let measured = app(state.clone())
        .oneshot(Request::get(path(classic)).body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(measured.status(), StatusCode::OK);
    let ask = async |table: u64| {
        let mut tcp = tcp_from([127, 0, 0, 2], addr).await;
        tcp.write_all(get(&path(table)).as_bytes()).await.unwrap();
        let (status, _, body) = read_answer(&mut tcp).await;
        (status, body["code"].as_str().unwrap_or("").to_string())
    };
    for _ in 0..3 {
        assert_eq!(ask(classic).await, (200, String::new()));
    }
    assert_eq!(ask(other).await, (429, "too_many_requests".to_string()));
}

/// The lobby's pages go on past what the server holds in memory (the tables in play and the
/// newest hundred finished) to every finished table the store keeps, newest first, each once.
#[test]
fn the_lobby_pages_reach_the_finished_tables_only_the_store_holds() {
    let dir = temp_dir("old-finished");
    let cfg = config(&dir);
    let runtime = || {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap()
    };
    let first = runtime();
    let (state, mut ids) = first.block_on(async {
        let state = AppState::open(cfg.clone()).await.unwrap();
        let mut ids = Vec::new();
        // Short games of two bots: started, then the host leaves.
        let create = json!({"name":"Ana","bots":1,"board":"{\"size\": 3}","rules":"ending=loose"});
        for _ in 0..105 {
            let created = state
                .create(serde_json::from_value(create.clone()).unwrap())
                .await
                .unwrap();
            let (table, token) = (created.table, created.token);
            let seq = state.view(table).await.unwrap().summary.seq;
            let (out, _inbox) = Outbox::channel(1024, 1 << 20);
            let mut session = Session::new(state.clone(), out);
            for msg in [
                json!({"type":"act","table":table,"token":token,"seq":seq,"action":{"type":"start"}}),
                json!({"type":"act","table":table,"token":token,"action":{"type":"leave"}}),
            ] {
                session.handle_text(&msg.to_string()).await;
            }
            ids.push(table);
        }
        // A game's end changes its lobby line: looked at each change of the lobby's list.
        let mut playing = ids.clone();
        until_lobby(&state, "every game ends", async || {
            let mut left = Vec::new();
            for &id in &playing {
                let status = state.view(id).await.unwrap().summary.status;
                if status != snakes_server::protocol::Status::Finished {
                    left.push(id);
                }
            }
            playing = left;
            playing.is_empty()
        })
        .await;
        (state, ids)
    });
    first.shutdown_background();
    drop(state);
    // Started again: the newest hundred finished tables are in memory, the rest in the store.
    let again = runtime();
    let (pages, seen) = again.block_on(async {
        let state = AppState::open(cfg).await.unwrap();
        assert_eq!(state.list().len(), 100);
        let (mut pages, mut seen, mut after) = (Vec::new(), Vec::new(), None);
        loop {
            let (page, next) = state.lobby_page(after, 0).await.unwrap();
            pages.push(page.len());
            seen.extend(page.iter().map(|t| t.id));
            if next.is_none() {
                break;
            }
            after = next;
        }
        (pages, seen)
    });
    ids.reverse();
    assert_eq!(pages, [50, 50, 5]);
    assert_eq!(seen, ids);
}

/// A crowd of networks holds every place under `--max-tables`: a newcomer from a network
/// holding none still makes a table, in the place of the oldest waiting table nobody follows of
/// the network holding the most; a table someone follows is never taken, nor a game in play, and
/// a network that holds tables waits its turn.
#[tokio::test]
async fn a_newcomer_from_another_network_gets_the_place_of_a_waiting_table_nobody_follows() {
    let dir = temp_dir("make-room");
    let mut cfg = config(&dir);
    cfg.max_tables = 4;
    let (addr, state) = start(cfg).await;
    let made = async |name: &str, ip: &str| {
        let create = serde_json::from_value(json!({ "name": name })).unwrap();
        let ip: std::net::IpAddr = ip.parse().unwrap();
        state.create_from(create, Some(ip), 0, None).await
    };
    // Network 10.0.1.0/24 holds three waiting tables, the first followed by someone;
    // 127.0.0.0/24 a game in play.
    let followed = made("Ana", "10.0.1.1").await.unwrap().table;
    let oldest = made("Abe", "10.0.1.2").await.unwrap().table;
    let next = made("Ada", "10.0.1.3").await.unwrap().table;
    let mut bo = Client::connect(addr).await;
    bo.create(json!({"name":"Bo","bots":1})).await;
    bo.watch(None).await;
    bo.command("start").await;
    bo.until_event("started").await;
    let playing = bo.table;
    let mut watcher = Client::connect(addr).await;
    watcher.table = followed;
    watcher.watch(None).await;
    let lobby = || -> Vec<u64> { state.list().iter().map(|t| t.id).collect() };
    // A network holding tables is refused, as before.
    let refused = made("Ava", "10.0.1.4").await.err().unwrap();
    assert_eq!(refused.refusal.code(), "too_many_tables");
    // A newcomer from another network gets in: the oldest waiting table nobody follows, of the
    // network holding the most, gave its place (abandoned).
    let first = made("Cy", "10.0.3.1").await.unwrap().table;
    assert!(!lobby().contains(&oldest), "{:?}", lobby());
    for kept in [followed, next, playing, first] {
        assert!(lobby().contains(&kept), "{kept}: {:?}", lobby());
    }
    let second = made("Di", "10.0.4.1").await.unwrap().table;
    assert!(!lobby().contains(&next), "{:?}", lobby());
    // Every network holds one now; the next newcomer takes the oldest waiting table nobody
    // follows (Cy's), never the followed one nor the game.
    let third = made("Ed", "10.0.5.1").await.unwrap().table;
    assert!(!lobby().contains(&first), "{:?}", lobby());
    for kept in [followed, playing, second, third] {
        assert!(lobby().contains(&kept), "{kept}: {:?}", lobby());
    }
    // Whoever asks for a table that gave its place hears that it is gone.
    let gone = state.view(oldest).await.err().unwrap();
    assert_eq!(gone.refusal.code(), "no_such_table");
    // Counted for the operator.
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    tcp.write_all(get("/metrics").as_bytes()).await.unwrap();
    let mut metrics = String::new();
    tcp.read_to_string(&mut metrics).await.unwrap();
    assert!(
        metrics.contains("snakes_tables_made_room_total 3\n"),
        "{metrics}"
    );
}

/// Crowd 2. A full server makes room for a newcomer: the network holding the most closes its
/// oldest WebSocket that holds no seat (4001, which the page explains), never a seated one; a
/// connection from that network is still refused, and one from a network holding none gets in.
#[tokio::test]
async fn a_full_server_lets_a_newcomer_in_by_closing_the_crowds_oldest_idle_follower() {
    let dir = temp_dir("make-way");
    let mut cfg = config(&dir);
    cfg.max_connections = 4;
    cfg.max_connections_per_address = 4;
    cfg.max_connections_per_network = 4;
    let (addr, state) = start(cfg).await;
    // The crowd's network, 127.0.0.0/24: a player holding a seat, then three lobby followers.
    let mut player = Client::connect_from([127, 0, 0, 2], addr).await;
    player.create(json!({"name":"Ana"})).await;
    let mut followers = Vec::new();
    for source in [3, 4, 5] {
        let mut c = Client::connect_from([127, 0, 0, source], addr).await;
        c.send(json!({"type":"list_tables"})).await;
        c.until("tables").await;
        followers.push(c);
    }
    assert_eq!(state.connections(), 4);
    // The crowd's own network gets no more.
    let mut more = tcp_from([127, 0, 0, 6], addr).await;
    let (status, _, body) = read_answer(&mut more).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (503, Some("too_many_requests"))
    );
    // A newcomer from 127.0.1.0/24 gets in, and plays.
    let mut newcomer = Client::connect_from([127, 0, 1, 2], addr).await;
    newcomer.create(json!({"name":"Bo","bots":1})).await;
    newcomer.watch(None).await;
    newcomer.command("start").await;
    newcomer.until_event("started").await;
    // The oldest follower made room, told why; the seated player and the others stay.
    assert_eq!(close_code(&mut followers[0]).await, Some(4001));
    player.send(json!({"type":"list_tables"})).await;
    player.until("tables").await;
    for c in &mut followers[1..] {
        c.send(json!({"type":"list_tables"})).await;
        c.until("tables").await;
    }
    // Counted for the operator (asked once the crowd is gone, so that nobody makes room).
    drop((player, followers));
    until("the crowd gone", async || state.connections() <= 1).await;
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    tcp.write_all(get("/metrics").as_bytes()).await.unwrap();
    let mut metrics = String::new();
    tcp.read_to_string(&mut metrics).await.unwrap();
    assert!(
        metrics.contains("snakes_connections_made_room_total 1\n"),
        "{metrics}"
    );
}

/// A raw request from `source`, and the answer: its status, its head (lower case) and its
/// body's bytes.
async fn http_from(source: [u8; 4], addr: SocketAddr, request: &str) -> (u16, String, Vec<u8>) {
    let mut tcp = tcp_from(source, addr).await;
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, tcp.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let at = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a whole head");
    let head = String::from_utf8_lossy(&raw[..at]).to_ascii_lowercase();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head, raw[at + 4..].to_vec())
}

/// The value of header `name` in a lower-case `head`.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
        .map(str::trim)
}

/// Crowd 4. A finished game's record is built once and shared: tagged (a client that has it
/// is answered 304), gzipped for a client that takes it, and its bytes are a budget a network
/// spends: a crowd's second address is refused 429, another network is served at once, and the
/// crowd again once its share came back.
#[tokio::test]
async fn records_are_tagged_compressed_and_read_within_a_budget_per_network() {
    let dir = temp_dir("reads");
    let mut cfg = config(&dir);
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    // A network's share: an eighth, 2,000 bytes a second (a record is larger).
    cfg.read_bytes_per_sec = 16_000.0;
    let (addr, _state) = start(cfg).await;
    // Read once from 127.0.0.1 (a network that read nothing is always answered).
    let record = finished_record(addr).await;
    let table = record["table"].as_u64().unwrap();
    let path = format!("/api/tables/{table}/record");
    let ask =
        |extra: &str| format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{extra}\r\n");
    let (status, head, json) = http_from([127, 0, 0, 1], addr, &ask("")).await;
    assert_eq!(status, 429, "{head}");
    assert_eq!(
        serde_json::from_slice::<Value>(&json).unwrap()["code"],
        "too_many_requests"
    );
    // Another network is served, gzipped, with the same record; its tag answers 304.
    let (status, head, gz) =
        http_from([127, 0, 1, 2], addr, &ask("Accept-Encoding: br, gzip\r\n")).await;
    assert_eq!(status, 200, "{head}");
    assert_eq!(header(&head, "content-encoding"), Some("gzip"), "{head}");
    let mut plain = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut plain).unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&plain).unwrap(), record);
    assert!(
        gz.len() * 3 < plain.len(),
        "{} of {}",
        gz.len(),
        plain.len()
    );
    let etag = header(&head, "etag").unwrap().to_string();
    let (status, head, body) = http_from(
        [127, 0, 0, 1],
        addr,
        &ask(&format!("If-None-Match: {etag}\r\n")),
    )
    .await;
    assert_eq!((status, body.len()), (304, 0), "{head}");
    assert_eq!(header(&head, "etag"), Some(etag.as_str()));
    // Once the crowd's share came back, it is served again (plain JSON: it asked for no gzip).
    clock.advance(Duration::from_secs(60));
    let (status, head, json) = http_from([127, 0, 0, 2], addr, &ask("")).await;
    assert_eq!(status, 200, "{head}");
    assert_eq!(header(&head, "content-encoding"), None);
    assert_eq!(serde_json::from_slice::<Value>(&json).unwrap(), record);
}

/// 6. A message that never ends: the first fragment of a text message, then a ping now and
/// then, is closed (1008) once it has taken `--header-timeout-secs` since its first byte; a
/// whole message sent a fragment at a time within that is read as one.
#[tokio::test]
async fn a_message_that_never_ends_is_closed_in_time() {
    let dir = temp_dir("slow-message");
    let mut cfg = config(&dir);
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    let patience = cfg.header_timeout;
    let (addr, _state) = start(cfg).await;
    // The handshake by hand, then frames by hand (masked with a mask of zeros: as sent).
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    let ask = "GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
    tcp.write_all(ask.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        tcp.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 101"), "{head}");
    assert!(
        head.contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo="),
        "{head}"
    );
    let frame = |fin: bool, opcode: u8, payload: &[u8]| {
        let mut f = vec![
            u8::from(fin) << 7 | opcode,
            0x80 | payload.len() as u8,
            0,
            0,
            0,
            0,
        ];
        f.extend_from_slice(payload);
        f
    };
    // A whole message in three fragments, a ping among them: answered as one message.
    for f in [
        frame(false, 1, br#"{"type":"#),
        frame(true, 9, b""),
        frame(false, 0, br#""list_"#),
        frame(true, 0, br#"tables"}"#),
    ] {
        tcp.write_all(&f).await.unwrap();
    }
    let mut seen = Vec::new();
    while !String::from_utf8_lossy(&seen).contains(r#""type":"tables""#) {
        let mut chunk = [0u8; 4096];
        let n = tokio::time::timeout(WAIT, tcp.read(&mut chunk))
            .await
            .expect("the lobby in time")
            .unwrap();
        assert!(n > 0, "closed");
        seen.extend_from_slice(&chunk[..n]);
    }
    // A message begun and never ended, kept alive by pings: closed once its time is up.
    tcp.write_all(&frame(false, 1, b"{")).await.unwrap();
    tcp.write_all(&frame(true, 9, b"")).await.unwrap();
    // The ping's pong says the server read both.
    let mut got = Vec::new();
    while !got.windows(2).any(|w| w == [0x8a, 0x00]) {
        let mut chunk = [0u8; 4096];
        let n = tokio::time::timeout(WAIT, tcp.read(&mut chunk))
            .await
            .expect("a pong in time")
            .unwrap();
        assert!(n > 0, "closed");
        got.extend_from_slice(&chunk[..n]);
    }
    clock.advance(patience);
    let mut rest = Vec::new();
    tokio::time::timeout(WAIT, tcp.read_to_end(&mut rest))
        .await
        .expect("closed in time")
        .unwrap_or_default();
    let close = rest
        .windows(4)
        .find(|w| w[0] == 0x88)
        .map(|w| u16::from_be_bytes([w[2], w[3]]));
    assert_eq!(close, Some(1008), "{rest:?}");
}
