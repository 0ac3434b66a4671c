//! `snakes verify` on a real game's record, and `snakes serve` refusing a database it cannot
//! write.

use super::*;
use snakes_server::protocol::{CreateTable, Status};
use snakes_server::{AppState, Config, DiceKeys, Outbox, Session, Timing};
use std::time::Duration;

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("snakes-cli-server-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("snakes.db")
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A game played to its end by a server in this process (the host leaves after the start and
/// a bot plays for them): its record, as `GET /api/tables/{id}/record` gives it.
fn finished_record() -> serde_json::Value {
    runtime().block_on(async {
        let config = Config {
            db: temp_db("verify"),
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
        let (tx, _rx) = tokio::sync::mpsc::channel(4096);
        let out = Outbox {
            tx,
            kick: std::sync::Arc::default(),
        };
        let mut session = Session::new(state.clone(), out);
        let (table, token) = (created.table, created.token);
        session
            .handle_text(&format!(
                r#"{{"type":"start","table":{table},"token":"{token}","seq":2}}"#
            ))
            .await;
        session
            .handle_text(&format!(
                r#"{{"type":"leave","table":{table},"token":"{token}"}}"#
            ))
            .await;
        for _ in 0..2000 {
            if state.view(table).await.unwrap().summary.status == Status::Finished {
                let record = state.record(table).await.unwrap();
                return serde_json::to_value(record).unwrap();
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        panic!("the bots did not finish");
    })
}

#[test]
fn verify_accepts_a_real_game_and_names_what_was_changed() {
    let record = finished_record();
    let path = file("record.json", &record.to_string());
    let out = ok(&["verify", path.to_str().unwrap()], "");
    let rolls = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"]["type"] == "rolled")
        .count();
    let commitment = record["dice"]["commitment"].as_str().unwrap();
    assert_eq!(
        out.trim(),
        format!(
            "Table 1: verified. All {rolls} rolls, and who went first, come from the revealed key, whose SHA-256 is the commitment announced before the first roll ({commitment})."
        )
    );
    // The same from standard input, as JSON.
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["verify", "-", "--json"], &record.to_string())).unwrap();
    assert_eq!(json["verified"], true);
    assert_eq!(json["rolls"], rolls);

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
    let out = run(&["verify", "-"], &changed.to_string());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!(
            "snakes verify: table 1: roll 1 (event {seq}) differs: the record says player {player} rolled {}, the dice give {roll}",
            roll % 6 + 1
        )
    );
    // The same in Spanish: the sentence is the catalogue's, the JSON stays English.
    let out = run(&["verify", "-", "--lang", "es"], &changed.to_string());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!(
            "snakes verify: mesa 1: la tirada 1 (evento {seq}) no coincide: según el registro, el jugador {player} sacó un {}; los dados dan un {roll}",
            roll % 6 + 1
        )
    );
    let out = run(
        &["verify", "-", "--json", "--lang", "es"],
        &changed.to_string(),
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        json["problem"]
            .as_str()
            .unwrap()
            .starts_with("roll 1 (event "),
        "{json}"
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
    // Not a record at all.
    let out = run(&["verify", "-"], "{\"table\": 1}");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a game record"));
}

#[test]
fn serve_refuses_a_database_it_cannot_write() {
    let db = temp_db("read-only");
    runtime().block_on(async {
        let config = Config {
            db: db.clone(),
            ..Config::default()
        };
        drop(AppState::open(config).await.unwrap());
    });
    // Wait for the store to let go of the file: it holds a lock on it until its last write.
    let file = std::fs::File::open(&db).unwrap();
    let mut released = false;
    for _ in 0..2000 {
        if file.try_lock().is_ok() {
            released = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(released, "the store never let go of {}", db.display());
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
