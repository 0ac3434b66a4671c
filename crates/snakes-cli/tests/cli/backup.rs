//! `snakes backup` on a running server under load: each copy is taken while players roll, is
//! an ordinary database another server starts on (every table's log replays), holds every
//! event the players were sent before the copy began, and is readable by its owner only.

use std::os::unix::fs::PermissionsExt;
use std::process::Command;

use serde_json::Value;

use super::file;
use super::stop::{Seen, get, play, serve};

#[test]
fn a_backup_of_a_busy_server_is_whole_and_consistent() {
    let db = file("busy.db", "");
    std::fs::remove_file(&db).unwrap();
    let (mut server, addr) = serve(&db, &[]);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let players = 6;
    let (snapshots, copies) = runtime.block_on(async {
        let (started_tx, mut started) = tokio::sync::mpsc::channel(players);
        let mut seens = Vec::new();
        for _ in 0..players {
            let seen = Seen::default();
            tokio::spawn(play(addr, started_tx.clone(), seen.clone()));
            seens.push(seen);
        }
        for _ in 0..players {
            started.recv().await.unwrap();
        }
        // Three copies while the games go on; before each, what every player was sent.
        let mut snapshots = Vec::new();
        let mut copies = Vec::new();
        for n in 0..3 {
            let before: Vec<_> = seens.iter().map(|s| s.lock().unwrap().clone()).collect();
            let copy = db.with_file_name(format!("copy-{n}.db"));
            let out = tokio::task::spawn_blocking({
                let (db, copy) = (db.to_path_buf(), copy.clone());
                move || {
                    Command::new(env!("CARGO_BIN_EXE_snakes"))
                        .arg("backup")
                        .arg("--db")
                        .arg(&db)
                        .arg(&copy)
                        .env_remove("LC_ALL")
                        .env_remove("LANG")
                        .output()
                        .unwrap()
                }
            })
            .await
            .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let said = String::from_utf8(out.stdout).unwrap();
            assert!(
                said.starts_with(&format!(
                    "snakes: {} copied to {} (",
                    db.display(),
                    copy.display()
                )),
                "{said}"
            );
            snapshots.push(before);
            copies.push(copy);
        }
        (snapshots, copies)
    });
    let _ = server.kill();
    let _ = server.wait();
    for (copy, before) in copies.iter().zip(&snapshots) {
        let mode = std::fs::metadata(copy).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
        // A server starts on the copy: every log in it replays.
        let (mut again, addr) = serve(copy, &[]);
        runtime.block_on(async {
            let tables: Value = serde_json::from_str(&get(addr, "/api/tables").await).unwrap();
            let tables = tables["tables"].as_array().unwrap();
            assert!(tables.len() >= players, "{}", tables.len());
            let mut checked = 0;
            for table in tables {
                let id = table["id"].as_u64().unwrap();
                let record: Value =
                    serde_json::from_str(&get(addr, &format!("/api/tables/{id}/record")).await)
                        .unwrap();
                let stored = record["events"].as_array().unwrap();
                // The player of this table (its start, with the table's own commitment): what
                // they were sent before the copy is in it.
                let start = stored.iter().find(|x| x["event"]["type"] == "started");
                let start = start.map(|x| &x["event"]);
                for seen in before
                    .iter()
                    .filter(|s| start.is_some() && s.values().any(|e| Some(e) == start))
                {
                    checked += 1;
                    for (seq, event) in seen {
                        let found = stored.iter().find(|x| x["seq"] == *seq);
                        assert_eq!(found.map(|x| &x["event"]), Some(event), "table {id}");
                    }
                }
            }
            assert_eq!(checked, players, "every player's table is in the copy");
        });
        let _ = again.kill();
        let _ = again.wait();
    }
    // A copy is never written over.
    let out = Command::new(env!("CARGO_BIN_EXE_snakes"))
        .args(["backup", "--db"])
        .arg(&db)
        .arg(&copies[0])
        .env_remove("LC_ALL")
        .env_remove("LANG")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with(&format!(
            "error: store: cannot create {}: ",
            copies[0].display()
        )),
        "{err}"
    );
}

/// A PostgreSQL database is not a file to copy: the command says which tools copy it.
#[test]
fn a_postgres_database_is_sent_to_its_own_tools() {
    let out = Command::new(env!("CARGO_BIN_EXE_snakes"))
        .args([
            "backup",
            "--db",
            "postgres://snakes@127.0.0.1:1/snakes",
            "copy.db",
        ])
        .env_remove("LC_ALL")
        .env_remove("LANG")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "error: snakes backup copies a SQLite file; a PostgreSQL database is copied with its own \
         tools, pg_dump or a base backup (docs/scale.md)\n"
    );
    assert!(!std::path::Path::new("copy.db").exists());
}
