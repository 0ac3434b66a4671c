//! `snakes verify` on a real game's record, and `snakes serve` refusing a database it cannot
//! write.

use super::*;
use snakes_server::protocol::{CreateTable, Status};
use snakes_server::{AppState, Config, DiceKeys, Outbox, Session, Timing};
use std::time::Duration;

/// A game played to its end by a server in this process (the host leaves after the start and
/// a bot plays for them): its record, as `GET /api/tables/{id}/record` gives it.
fn finished_record() -> serde_json::Value {
    let dir = scratch();
    snakes_testing::runtime(1).block_on(async {
        let config = Config {
            db: dir.join("snakes.db"),
            timing: Timing {
                bot_delay: Duration::ZERO,
                grace: Duration::from_secs(60),
                turn_timer: None,
            },
            // The same game every time.
            dice: DiceKeys::Seeded(27),
            ..Config::default()
        };
        let state = AppState::open(config).await.unwrap();
        let create: CreateTable = serde_json::from_str(r#"{"name":"Ana","bots":1}"#).unwrap();
        let created = state.create(create).await.unwrap();
        let (out, _inbox) = Outbox::channel(4096, usize::MAX);
        let mut session = Session::new(state.clone(), out);
        let (table, token) = (created.table, created.token);
        session
            .handle_text(&format!(
                r#"{{"type":"act","table":{table},"token":"{token}","seq":2,"action":{{"type":"start"}}}}"#
            ))
            .await;
        session
            .handle_text(&format!(
                r#"{{"type":"act","table":{table},"token":"{token}","action":{{"type":"leave"}}}}"#
            ))
            .await;
        // The game's end changes the table's lobby line: looked at each change of the lobby.
        let mut changes = state.lobby_changes();
        let finished = async {
            loop {
                changes.borrow_and_update();
                if state.view(table).await.unwrap().summary.status == Status::Finished {
                    return;
                }
                changes.changed().await.unwrap();
            }
        };
        tokio::time::timeout(Duration::from_secs(60), finished)
            .await
            .expect("the bots finish the game");
        let record = state.record(table).await.unwrap();
        serde_json::to_value(record).unwrap()
    })
}

#[test]
fn verify_accepts_a_real_game_and_names_what_was_changed() {
    let record = finished_record();
    let path = file("record.json", &record.to_string());
    let out = ok(&["verify", path.to_str().unwrap()], "");
    let events = record["events"].as_array().unwrap();
    let count = |kind: &str, player: &str, who: &serde_json::Value| {
        events
            .iter()
            .filter(|e| {
                e["event"]["type"] == kind && (player.is_empty() || e["event"][player] == *who)
            })
            .count()
    };
    let rolls = count("rolled", "", &serde_json::Value::Null);
    let commitment = record["dice"]["commitment"].as_str().unwrap();
    let end = &events.last().unwrap()["event"];
    let names = ["Ana", "Bot 1"];
    let who = &end["result"]["winner"];
    let winner = names[who.as_u64().unwrap() as usize];
    // The round the game ended in: the winner's turns, each given by the start or a turn passed.
    let round = count("turn_passed", "player", who) + count("started", "first", who);
    let start = events
        .iter()
        .find(|e| e["event"]["type"] == "started")
        .unwrap();
    let game = start["event"]["commitment"].as_str().unwrap();
    assert_ne!(game, commitment);
    assert_eq!(
        out.trim(),
        format!(
            "Table 1: verified. {winner} won the game in round {round}. All {} events of the record are what the rules make of its seats and its dice, and all {rolls} rolls, and who went first, come from the revealed key, whose SHA-256 is the commitment announced before the first roll ({commitment}). The game's commitment announced at the start ({game}) binds that key to this record's table, board, rules, seats and players.",
            events.len()
        )
    );
    // The same from standard input, as JSON.
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["verify", "-", "--json"], &record.to_string())).unwrap();
    assert_eq!(json["verified"], true);
    assert_eq!(json["rolls"], rolls);
    assert_eq!(json["events"], events.len());
    assert_eq!(
        (&json["commitment"], &json["game_commitment"]),
        (&commitment.into(), &game.into())
    );
    assert_eq!(&json["end"], end);

    // The first roll changed.
    let mut changed = record.clone();
    let i = changed["events"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e["event"]["type"] == "rolled")
        .unwrap();
    let roll = changed["events"][i]["event"]["roll"].as_u64().unwrap();
    changed["events"][i]["event"]["roll"] = (roll % 6 + 1).into();
    let (player, seq) = (
        changed["events"][i]["event"]["player"].clone(),
        changed["events"][i]["seq"].clone(),
    );
    let name = names[player.as_u64().unwrap() as usize];
    let out = run(&["verify", "-"], &changed.to_string());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!(
            "snakes verify: table 1: roll 1 (event {seq}): the record says “{name} rolled a {}.”, the dice give “{name} rolled a {roll}.”",
            roll % 6 + 1
        )
    );
    // The same in Spanish: the sentence is the catalogue's; the JSON's code and fields are the
    // same in every language, with the sentence.
    let out = run(&["verify", "-", "--lang", "es"], &changed.to_string());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!(
            "snakes verify: mesa 1: tirada 1 (evento {seq}): el registro dice “{name} sacó un {}.”; los dados dan “{name} sacó un {roll}.”",
            roll % 6 + 1
        )
    );
    let out = run(
        &["verify", "-", "--json", "--lang", "es"],
        &changed.to_string(),
    );
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "table": 1, "verified": false, "problem": "roll", "event": seq, "number": 1,
            "player": player, "logged": roll % 6 + 1, "dice": roll,
            "message": format!(
                "tirada 1 (evento {seq}): el registro dice “{name} sacó un {}.”; los dados dan “{name} sacó un {roll}.”",
                roll % 6 + 1
            ),
        })
    );
    // The winner changed.
    let mut changed = record.clone();
    let last = events.len() - 1;
    let other = 1 - end["result"]["winner"].as_u64().unwrap();
    changed["events"][last]["event"]["result"]["winner"] = other.into();
    let out = run(&["verify", "-"], &changed.to_string());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!(
            "snakes verify: table 1: event {}, the end: the record says {} won, the dice and the rules give {winner}",
            last + 1,
            names[other as usize]
        )
    );
    // A changed key, a changed commitment.
    for (field, value) in [("key", "00".repeat(32)), ("commitment", "ab".repeat(32))] {
        let mut changed = record.clone();
        changed["dice"][field] = value.into();
        let out = run(&["verify", "-"], &changed.to_string());
        assert_eq!(out.status.code(), Some(1), "{field}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.starts_with("snakes verify: table 1: the key does not match the commitment: SHA-256 of the key is "),
            "{field}: {said}"
        );
    }
    // Not a record at all; a record of a format to come.
    let out = run(&["verify", "-"], "{\"table\": 1}");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a game record"));
    let mut newer = record.clone();
    newer["format"] = 3.into();
    let out = run(&["verify", "-"], &newer.to_string());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: - is a game record of format 3, and this snakes verify reads formats up to 2: a newer one reads it"
    );
    // A game started before a game had its own commitment (its start announced the key's):
    // verified, saying that nothing binds its set-up.
    let mut older = record.clone();
    let at = events
        .iter()
        .position(|e| e["event"]["type"] == "started")
        .unwrap();
    older["format"] = 1.into();
    older["events"][at]["event"]["commitment"] = commitment.into();
    let out = ok(&["verify", "-"], &older.to_string());
    assert!(
        out.trim().ends_with(&format!("before the first roll ({commitment}). The start announced that same commitment, as games did before a game had its own: this record's table, board, rules, seats and players are not bound by it.")),
        "{out}"
    );
}

#[test]
fn serve_refuses_a_database_it_cannot_write() {
    let dir = scratch();
    let db = dir.join("snakes.db");
    snakes_testing::runtime(1).block_on(async {
        let config = Config {
            db: db.clone(),
            ..Config::default()
        };
        drop(AppState::open(config).await.unwrap());
    });
    // Wait for the store to let go of the file: it holds a lock on it until its last write.
    // The lock is taken as soon as it is let go (a thread blocks on it; a minute is only the
    // ceiling for a broken build).
    let file = std::fs::File::open(&db).unwrap();
    let (locked, taken) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = locked.send(file.lock().map(|()| file));
    });
    let file = taken
        .recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("the store never let go of {}", db.display()))
        .unwrap();
    drop(file);
    for ext in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", db.display()));
    }
    // Root may write any file whatever its mode; an immutable one, no one.
    let root = running_as_root();
    let lock = |on: bool| {
        if root {
            let flag = if on { "+i" } else { "-i" };
            let status = Command::new("chattr").arg(flag).arg(&db).status().unwrap();
            assert!(status.success(), "chattr {flag}");
        } else {
            let mut perms = std::fs::metadata(&db).unwrap().permissions();
            perms.set_readonly(on);
            std::fs::set_permissions(&db, perms).unwrap();
        }
    };
    lock(true);
    let out = run(
        &[
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--db",
            db.to_str().unwrap(),
        ],
        "",
    );
    lock(false);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!(
            "error: store: {} cannot be written (a read-only file or file system); the server needs a database it can write",
            db.display()
        )
    );
    assert!(out.stdout.is_empty(), "it never said it was serving");
}

/// Whether the tests run as root: the owner of a file they create.
fn running_as_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(file("owner", "")).unwrap().uid() == 0
}
