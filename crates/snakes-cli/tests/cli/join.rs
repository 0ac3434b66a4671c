//! `snakes join` played as a person would, in real terminals (tmux) against a real
//! `snakes serve` on loopback: a table created from the lobby, a second terminal taking the
//! other seat, talk both ways, a game played to the end, the server killed (-9) and started
//! again with the client catching up, and the seat taken back by `snakes join` run again.

use std::process::{Child, Command, Stdio};

use crate::stop::{listening, serve};
use crate::tmux::Tmux;
use crate::{run, scratch};

const BIN: &str = env!("CARGO_BIN_EXE_snakes");

/// The shell command that runs `snakes join args` with its seats kept under `state`, then
/// shows its exit status.
fn joining(state: &std::path::Path, args: &str) -> String {
    format!(
        "XDG_STATE_HOME='{}' LANG=C {BIN} join {args}; echo \"exit=$?\"; sleep 600",
        state.display()
    )
}

/// A child process killed when the test ends, passed or failed (a failed wait must not leave
/// a server running).
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `snakes serve` on `db`, killed when the test ends; and its address.
fn served(db: &std::path::Path, extra: &[&str]) -> (Killed, std::net::SocketAddr) {
    let (child, addr) = serve(db, extra);
    (Killed(child), addr)
}

/// From the lobby, N and the form's questions one line at a time: 2 seats, no bots, the
/// standard rules; table 1, hosted.
fn create_table_of_two(t: &Tmux) {
    t.press("n");
    t.wait_for("Seats at the table, 2 to 4");
    t.press("Enter");
    t.wait_for("Bots among them, 0 to 1");
    t.press("Enter");
    t.wait_for("Rules, then Enter");
    t.press("Enter");
    t.wait_for("Table 1: you are the host, seat 1.");
}

/// How many times `text` is on the screen.
fn count(screen: &str, text: &str) -> usize {
    screen.matches(text).count()
}

#[test]
fn two_terminals_sit_at_one_table_talk_and_start() {
    let dir = scratch();
    let (server, addr) = served(&dir.join("s.db"), &[]);
    let ana = Tmux::start(
        "join-ana",
        &joining(&dir.join("ana"), &format!("http://{addr} --name Ana")),
    );
    ana.wait_for("No tables yet. N creates one");
    create_table_of_two(&ana);
    ana.wait_for("Waiting for players");

    let bo = Tmux::start(
        "join-bo",
        &joining(&dir.join("bo"), &format!("'http://{addr}/#/table/1'")),
    );
    // No --name: asked for, as the address asks for a seat.
    bo.wait_for("Your name, then Enter");
    bo.run(&["send-keys", "-t", "game", "-l", "Bo"]);
    bo.press("Enter");
    bo.wait_for("Table 1: you took seat 2; the host starts the game.");
    ana.wait_for("Bo took seat 2.");

    // Talk both ways: / opens the line, Enter sends it.
    ana.press("/");
    ana.wait_for("Say to everyone here");
    ana.run(&["send-keys", "-t", "game", "-l", "hello Bo"]);
    ana.press("Enter");
    ana.wait_for("You say: hello Bo");
    bo.wait_for("Ana says: hello Bo");
    bo.press("/");
    bo.wait_for("Say to everyone here");
    bo.run(&["send-keys", "-t", "game", "-l", "hi Ana"]);
    bo.press("Enter");
    ana.wait_for("Bo says: hi Ana");

    // W: who is here, as the server words it for each.
    bo.press("w");
    bo.wait_for("Seat 2: Bo (you");

    // Only the host starts; then the one to roll rolls, and the other hears it.
    bo.press("n");
    bo.wait_for("Only the host can do that.");
    ana.press("n");
    ana.wait_for("The game has started with 2 players.");
    // Who goes first is its own line, which may show a moment after the start's.
    let screen = ana.wait_until("who goes first", |s| {
        s.contains("You go first.") || s.contains("Bo goes first.")
    });
    bo.wait_for("The game has started with 2 players.");
    let (first, second) = if screen.contains("You go first.") {
        (&ana, &bo)
    } else {
        (&bo, &ana)
    };
    first.press("r");
    first.wait_for("You rolled");
    second.wait_for("Your turn");
    // A roll out of turn is refused with whose turn it is.
    first.press("r");
    first.wait_for("'s turn.");

    // The history keys read back what was said, with its number.
    second.press(",");
    second.wait_until("a line of the history with its number", |s| {
        s.lines().any(|l| {
            let (n, rest) = l.split_once(" of ").unwrap_or_default();
            n.parse::<u32>().is_ok() && rest.contains(": ")
        })
    });

    // Q asks first; Y quits with status 0.
    ana.press("q");
    ana.wait_for("Quit? Your seat stays yours");
    ana.press("y");
    ana.wait_for("exit=0");
    drop(server);
}

#[test]
fn a_game_against_a_bot_plays_to_the_end_through_a_killed_server() {
    let dir = scratch();
    let db = dir.join("s.db");
    let (server, addr) = served(&db, &[]);
    let state = dir.join("state");
    let ana = Tmux::start(
        "join-end",
        &joining(&state, &format!("http://{addr} --name Ana")),
    );
    ana.wait_for("No tables yet.");
    ana.press("n");
    ana.wait_for("Seats at the table");
    ana.press("Enter");
    ana.wait_for("Bots among them");
    ana.run(&["send-keys", "-t", "game", "1"]);
    ana.press("Enter");
    ana.wait_for("Rules, then Enter");
    ana.press("Enter");
    ana.wait_for("Ana (host), Bot 1 (bot)");
    ana.press("n");
    ana.wait_for("The game has started with 2 players.");
    let turn = |s: &str| count(s, "Your turn") + count(s, "You go first");
    ana.wait_until("the first turn", |s| turn(s) >= 1);
    ana.press("r");
    ana.wait_for("You rolled");

    // The server dies with no warning; the same database behind the same port, started
    // again, has every event the client heard: it catches up, saying where things are.
    ana.wait_until("the bot's roll", |s| turn(s) >= 2);
    drop(server);
    ana.wait_for("Connection lost: reconnecting");
    let mut again = Command::new(BIN)
        .args(["serve", "--bind", &addr.to_string(), "--db"])
        .arg(&db)
        .args(["--bot-delay-ms", "0", "--test-dice-seed", "27"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    listening(&mut again);
    let again = Killed(again);
    let screen = ana.wait_for("It is your turn; you are on square");
    assert!(screen.contains("Connected."), "{screen}");

    // Quit, and join again from the table's address: the seat comes back with its token,
    // kept on disk, and only where things stand is said.
    ana.press("q");
    ana.press("y");
    ana.wait_for("exit=0");
    let seats = std::fs::read_to_string(state.join("snakes/seats.json")).unwrap();
    assert!(seats.contains("#/table/1"), "{seats}");
    drop(ana);
    let back = Tmux::start(
        "join-back",
        &joining(&state, &format!("'http://{addr}/#/table/1'")),
    );
    back.wait_for("It is your turn; you are on square");
    let mut turns = turn(&back.screen());
    // Then to the end: R each time the turn comes back.
    loop {
        back.press("r");
        let screen = back.wait_until("the next turn or the end", |s| {
            turn(s) > turns || s.contains(" won")
        });
        if screen.contains(" won") {
            break;
        }
        turns = turn(&screen);
    }
    back.press("r");
    back.wait_until("the refusal of a roll after the end", |s| {
        s.contains("The game is over")
    });
    drop(again);
}

#[test]
fn what_is_no_server_address_is_a_user_error() {
    for bad in [
        "ftp://example.org",
        "http://host:port",
        "http://example.org/#/lobby",
    ] {
        let out = run(&["join", bad], "");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is not a server's address"), "{bad}: {err}");
    }
    let long = "Ana".repeat(9);
    let out = run(&["join", "http://127.0.0.1:9", "--name", &long], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("--name: \"{long}\" cannot be a name")),
        "{err}"
    );
}

/// `snakes join ADDRESS --insecure?` with its standard input held open, until it says it is
/// connected or cannot connect: the line said.
fn first_word_of_the_connection(address: &str, insecure: bool) -> String {
    use std::io::{BufRead, BufReader};
    let state = scratch();
    let mut child = Command::new(BIN)
        .args(["join", address])
        .args(insecure.then_some("--insecure"))
        .env("LANG", "C")
        .env("XDG_STATE_HOME", state.as_ref())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let _child = Killed(child);
    let mut said = String::new();
    for line in out.lines() {
        let line = line.unwrap();
        if line.starts_with("Connected to") || line.starts_with("Cannot connect") {
            said = line;
            break;
        }
    }
    said
}

#[test]
fn over_https_the_certificate_is_checked_unless_insecure_is_given() {
    let dir = scratch();
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    let (cert, key) = (cert.display().to_string(), key.display().to_string());
    let (server, addr) = served(&dir.join("s.db"), &["--tls-cert", &cert, "--tls-key", &key]);
    let address = format!("https://localhost:{}/", addr.port());
    // A certificate no authority of the system signed: no connection, and why.
    let said = first_word_of_the_connection(&address, false);
    assert!(
        said.starts_with(&format!("Cannot connect to {address} (")),
        "{said}"
    );
    assert!(said.contains("certificate"), "{said}");
    // --insecure: encrypted, not authenticated, and connected.
    let said = first_word_of_the_connection(&address, true);
    assert_eq!(said, format!("Connected to {address}."));
    drop(server);
}

/// Posts the JSON `body` to `path` at `addr`: the whole answer.
fn post(addr: std::net::SocketAddr, path: &str, body: &serde_json::Value) -> String {
    use std::io::{Read, Write};
    let body = body.to_string();
    let mut tcp = std::net::TcpStream::connect(addr).unwrap();
    write!(
        tcp,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).unwrap();
    answer
}

/// Creates a table of two at `addr` through the lobby's HTTP API, hosted by `name`.
fn create_over_http(addr: std::net::SocketAddr, name: &str) {
    let body = serde_json::json!({"name": name, "seats": 2, "bots": 0});
    let answer = post(addr, "/api/tables", &body);
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
}

#[test]
fn the_lobby_pages_through_many_tables_a_refused_name_is_asked_again_and_escape_goes_back() {
    let dir = scratch();
    let limits = [
        "--max-open-tables-per-address",
        "200",
        "--max-open-tables-per-network",
        "200",
        "--http-rate",
        "1000",
    ];
    let (_server, addr) = served(&dir.join("s.db"), &limits);
    for i in 1..=51 {
        create_over_http(addr, &format!("P{i}"));
    }
    let cy = Tmux::start(
        "join-pages",
        &joining(&dir.join("cy"), &format!("http://{addr}")),
    );
    // The first page holds the 50 newest; [ from nothing chosen says its last (oldest) row.
    cy.wait_for("The 50 newest tables, older ones after them.");
    cy.press("[");
    cy.wait_for("Table 2: Waiting");
    // ] past the end of the page: the page of older tables, its first row.
    cy.press("]");
    cy.wait_for("Table 1: Waiting");
    // [ past its start: back to the newer page, its last row again.
    cy.press("[");
    cy.wait_until("table 2 said again", |s| count(s, "Table 2: Waiting") == 2);

    // J: a name the table refuses is said why and asked again.
    cy.press("j");
    cy.wait_for("Your name, then Enter");
    cy.run(&["send-keys", "-t", "game", "-l", "Your turn"]);
    cy.press("Enter");
    cy.wait_for("That name cannot be used");
    cy.wait_until("the name asked again", |s| {
        count(s, "Your name, then Enter") == 2
    });
    cy.run(&["send-keys", "-t", "game", "-l", "Cy"]);
    cy.press("Enter");
    cy.wait_for("Table 2: you took seat 2");
    // Escape: back to the lobby, its first line said anew.
    cy.press("Escape");
    cy.wait_until("the lobby again", |s| {
        count(s, "The 50 newest tables, older ones after them.") == 2
    });
}

/// A moderator's connection to the server at `addr`, signed in with `key`, that bans `name`'s
/// address: what the server answered.
fn ban_address(addr: std::net::SocketAddr, key: &str, name: &str) -> serde_json::Value {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let runtime = snakes_testing::runtime(1);
    runtime.block_on(async {
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        let ban = serde_json::json!({"type":"moderate","action":
            {"type":"ban","name":name,"scope":"address","hours":1,"reason":"spam"}});
        for m in [
            serde_json::json!({"type":"hello","protocol":2}),
            serde_json::json!({"type":"moderator","name":"Mo","key":key}),
            ban,
        ] {
            ws.send(Message::text(m.to_string())).await.unwrap();
        }
        loop {
            let Some(Ok(Message::Text(text))) = ws.next().await else {
                panic!("the moderator's connection ended before the answer");
            };
            let v: serde_json::Value = serde_json::from_str(text.as_str()).unwrap();
            if v["type"] == "moderated" || v["type"] == "refused" {
                return v;
            }
        }
    })
}

#[test]
fn a_banned_person_is_told_why_and_join_stops_trying() {
    let dir = scratch();
    let db = dir.join("s.db");
    let granted = run(
        &[
            "admin",
            "grant",
            "Mo",
            "moderator",
            "--db",
            db.to_str().unwrap(),
        ],
        "",
    );
    let granted = String::from_utf8(granted.stdout).unwrap();
    let key = granted
        .split_whitespace()
        .find(|w| w.starts_with("snk-mod-"))
        .unwrap()
        .to_string();
    let (_server, addr) = served(&db, &[]);
    let troll = Tmux::start(
        "join-banned",
        &joining(&dir.join("troll"), &format!("http://{addr} --name Troll")),
    );
    troll.wait_for("No tables yet.");
    troll.press("/");
    troll.wait_for("Say to everyone here");
    troll.run(&["send-keys", "-t", "game", "-l", "buy gold"]);
    troll.press("Enter");
    troll.wait_for("You say: buy gold");
    let answer = ban_address(addr, &key, "Troll");
    assert_eq!(answer["type"], "moderated", "{answer}");
    troll.wait_for("A moderator banned you from this server until");
    // No reconnecting: every try would be closed again.
    let screen = troll.wait_for("exit=1");
    assert!(!screen.contains("reconnecting"), "{screen}");
}

/// Signs up the member `name` with `password` at `addr`, as the page does.
fn sign_up_over_http(addr: std::net::SocketAddr, name: &str, password: &str) {
    let body = serde_json::json!({"name": name, "password": password});
    let answer = post(addr, "/api/account", &body);
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
}

/// How many sessions of members the store at `db` holds.
fn sessions(db: &std::path::Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("SELECT count(*) FROM member_sessions", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn a_member_signs_in_with_a_password_never_shown_and_is_signed_out_at_the_end() {
    let dir = scratch();
    let db = dir.join("s.db");
    let (server, addr) = served(&db, &[]);
    sign_up_over_http(addr, "Ana", "correct horse");
    assert_eq!(sessions(&db), 1, "signing up signs in");
    let ana = Tmux::start(
        "join-member",
        &joining(&dir.join("ana"), &format!("http://{addr} --member ana")),
    );
    // Asked on the terminal, typed without being shown.
    ana.wait_for("Password for ana:");
    ana.run(&["send-keys", "-t", "game", "-l", "correct horse"]);
    ana.press("Enter");
    ana.wait_for("Signed in as Ana.");
    let screen = ana.wait_for("No tables yet. N creates one");
    assert!(!screen.contains("correct horse"), "{screen}");
    assert_eq!(sessions(&db), 2);

    // The member's name is the name she sits under, without being asked.
    create_table_of_two(&ana);
    ana.press("w");
    ana.wait_for("Seat 1: Ana (host, you");

    // Quitting ends the session it opened (the one of signing up stays).
    ana.press("q");
    ana.wait_for("Quit? Your seat stays yours");
    ana.press("y");
    ana.wait_for("exit=0");
    assert_eq!(sessions(&db), 1);

    // A wrong password: the server's sentence, status 2, nothing opened.
    let out = std::process::Command::new(BIN)
        .args(["join", &format!("http://{addr}"), "--member", "Ana"])
        .env("LANG", "C")
        .env("SNAKES_PASSWORD", "not the password")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: --member: cannot sign in as Ana: That name and password are not an account's."
    );
    assert_eq!(sessions(&db), 1);
    drop(server);
}
