//! `snakes tables` and `snakes restore` against real servers: a damaged log quarantines its
//! table at the next start while the others are served, the operator sees why, repairs one
//! table (it is played again, beside the running server) and closes another; a copy is put
//! back after a kill -9 without the old write-ahead log being replayed onto it.

use std::process::{Command, Output};

use serde_json::{Value, json};

use super::stop::{Seen, play, serve};
use super::{file, path};

fn snakes(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_snakes"))
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .unwrap()
}

/// `snakes ARGS`, which must succeed: what it printed.
fn ok(args: &[&str]) -> String {
    let out = snakes(args);
    assert!(
        out.status.success(),
        "snakes {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `snakes ARGS`, which must fail with status 2: its error.
fn refused(args: &[&str]) -> String {
    let out = snakes(args);
    assert_eq!(out.status.code(), Some(2), "snakes {args:?}");
    String::from_utf8(out.stderr).unwrap()
}

/// Two players play a table each on a server of `db` until each has heard 20 events; then the
/// server is killed (`kill -9`). Their tables.
fn two_games_then_a_crash(db: &std::path::Path) -> Vec<u64> {
    let (mut server, addr) = serve(db, &[]);
    let rt = snakes_testing::runtime(2);
    let mut tables = rt.block_on(async {
        let (started_tx, mut started) = tokio::sync::mpsc::channel(2);
        let games: Vec<_> = (0..2)
            .map(|_| tokio::spawn(play(addr, started_tx.clone(), Seen::default())))
            .collect();
        for _ in 0..2 {
            started.recv().await.unwrap();
        }
        server.kill().unwrap();
        server.wait().unwrap();
        let mut tables = Vec::new();
        for g in games {
            tables.push(g.await.unwrap().0);
        }
        tables
    });
    tables.sort_unstable();
    tables
}

#[test]
fn a_damaged_table_is_quarantined_then_repaired_or_closed_beside_its_server() {
    let db = file("tables.db", "");
    std::fs::remove_file(&db).unwrap();
    let tables = two_games_then_a_crash(&db);
    let (mended, closed) = (tables[0], tables[1]);
    let listed = ok(&["tables", "list", "--db", path(&db)]);
    assert!(listed.contains("playing"), "{listed}");
    // A gap in one log; in the other, rules no server reads.
    let conn = rusqlite::Connection::open(&*db).unwrap();
    conn.execute(
        "DELETE FROM events WHERE table_id = ?1 AND seq = 12",
        [mended as i64],
    )
    .unwrap();
    conn.execute(
        "UPDATE tables SET rules = 'no such rule' WHERE id = ?1",
        [closed as i64],
    )
    .unwrap();
    drop(conn);

    // The server starts and quarantines both; the operator sees why.
    let (mut server, addr) = serve(&db, &[]);
    let quarantined = ok(&[
        "tables",
        "list",
        "--db",
        path(&db),
        "--status",
        "quarantined",
    ]);
    let lines: Vec<&str> = quarantined.lines().collect();
    assert_eq!(lines.len(), 3, "a heading and two tables: {quarantined}");
    assert!(lines[0].starts_with("table  status"), "{quarantined}");
    assert!(
        lines[1].contains(&format!("{mended}  quarantined")) && lines[1].contains("gap"),
        "{quarantined}"
    );
    assert!(lines[2].contains("no such rule"), "{quarantined}");
    let shown = ok(&["tables", "show", &mended.to_string(), "--db", path(&db)]);
    assert!(
        shown.contains("event 13 follows event 11: the log has a gap"),
        "{shown}"
    );
    let keep: u64 = shown
        .split("Its first ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{shown}"));
    assert!((1..=11).contains(&keep), "{shown}");
    assert!(
        shown.contains(&format!("snakes tables repair {mended}")),
        "{shown}"
    );

    // A dry run changes nothing; the repair cuts the log back and lifts the quarantine.
    let dry = ok(&[
        "tables",
        "repair",
        &mended.to_string(),
        "--db",
        path(&db),
        "--dry-run",
    ]);
    assert!(
        dry.contains(&format!("would keep its first {keep} events")),
        "{dry}"
    );
    assert!(ok(&["tables", "list", "--db", path(&db)]).contains("quarantined"));
    let repaired = ok(&["tables", "repair", &mended.to_string(), "--db", path(&db)]);
    assert!(
        repaired.contains(&format!(
            "table {mended} repaired: its first {keep} events kept"
        )),
        "{repaired}"
    );
    assert!(repaired.contains("it is playing again"), "{repaired}");
    let err = refused(&["tables", "close", &mended.to_string(), "--db", path(&db)]);
    assert!(
        err.contains(&format!("table {mended} is playing, not quarantined")),
        "{err}"
    );
    // The other cannot be repaired: it is closed.
    let err = refused(&["tables", "repair", &closed.to_string(), "--db", path(&db)]);
    assert!(err.contains("cannot be repaired"), "{err}");
    let done = ok(&["tables", "close", &closed.to_string(), "--db", path(&db)]);
    assert!(done.contains(&format!("table {closed} closed")), "{done}");
    let abandoned = ok(&["tables", "list", "--db", path(&db), "--status", "abandoned"]);
    assert!(
        abandoned.contains(&format!("{closed}  abandoned")),
        "{abandoned}"
    );

    // The running server serves the mended table from the event kept; the closed one is gone.
    snakes_testing::runtime(2).block_on(async {
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        use futures_util::{SinkExt, StreamExt};
        let mut ask = async |table: u64| -> Value {
            let watch = json!({"type": "watch", "table": table}).to_string();
            ws.send(tokio_tungstenite::tungstenite::Message::text(watch))
                .await
                .unwrap();
            loop {
                let msg = tokio::time::timeout(std::time::Duration::from_secs(20), ws.next())
                    .await
                    .unwrap()
                    .unwrap()
                    .unwrap();
                let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
                if v["type"] == "watching" || v["type"] == "refused" {
                    return v;
                }
            }
        };
        let watching = ask(mended).await;
        assert_eq!(watching["type"], "watching", "{watching}");
        assert!(
            watching["view"]["seq"].as_u64().unwrap() >= keep,
            "{watching}"
        );
        let gone = ask(closed).await;
        assert_eq!(gone["code"], "no_such_table", "{gone}");
    });
    server.kill().unwrap();
    server.wait().unwrap();
    let err = refused(&["tables", "list", "--db", path(&db), "--status", "lost"]);
    assert!(err.contains("--status lost"), "{err}");
}

/// The restore that `docs/deploy.md` describes, after a kill -9 that leaves a write-ahead log
/// beside the database: the copy is put back whole, a server starts on it and serves its games,
/// and the database of before is kept aside with its own log, opening as it was.
#[test]
fn a_copy_is_restored_after_a_crash_without_the_old_log() {
    let db = file("restore.db", "");
    std::fs::remove_file(&db).unwrap();
    let (mut server, addr) = serve(&db, &[]);
    let copy = db.with_file_name("copy.db");
    let rt = snakes_testing::runtime(2);
    // A game, the copy, then a second game: the second is in the write-ahead log alone when
    // the server is killed.
    let (kept_in_copy, after_copy) = rt.block_on(async {
        let (started_tx, mut started) = tokio::sync::mpsc::channel(1);
        let first = tokio::spawn(play(addr, started_tx.clone(), Seen::default()));
        started.recv().await.unwrap();
        ok(&["backup", "--db", path(&db), path(&copy)]);
        let second = tokio::spawn(play(addr, started_tx, Seen::default()));
        started.recv().await.unwrap();
        server.kill().unwrap();
        server.wait().unwrap();
        (first.await.unwrap().0, second.await.unwrap().0)
    });
    let wal = db.with_file_name("restore.db-wal");
    assert!(
        std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0),
        "a kill -9 leaves the write-ahead log"
    );
    let said = ok(&["restore", "--db", path(&db), path(&copy)]);
    assert!(
        said.starts_with(&format!(
            "snakes: {} restored as {} (1 tables); the database of before is kept as {}.before-restore-",
            copy.display(),
            db.display(),
            db.display()
        )),
        "{said}"
    );
    assert!(!wal.exists(), "the old log moved aside with its database");
    let (mut server, _) = serve(&db, &[]);
    let count = |db: &std::path::Path, table: u64| -> i64 {
        rusqlite::Connection::open(db)
            .unwrap()
            .query_row(
                "SELECT count(*) FROM events WHERE table_id = ?1",
                [table as i64],
                |r| r.get(0),
            )
            .unwrap()
    };
    assert!(count(&db, kept_in_copy) >= 20, "the copy's game is whole");
    assert_eq!(
        count(&db, after_copy),
        0,
        "the game after the copy is not in it"
    );
    // A second restore while a server runs is refused, and changes nothing.
    let err = refused(&["restore", "--db", path(&db), path(&copy)]);
    assert!(err.contains("another snakes server is using"), "{err}");
    server.kill().unwrap();
    server.wait().unwrap();
    // The database of before opens as it was, its own log with it: more events than the copy.
    let kept = said
        .split("kept as ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .unwrap();
    assert!(
        count(std::path::Path::new(kept), after_copy) >= 20,
        "the database of before keeps its last game"
    );
    // A file that is not a database is refused before anything moves.
    let junk = db.with_file_name("junk.db");
    std::fs::write(&junk, "not a database").unwrap();
    let err = refused(&["restore", "--db", path(&db), path(&junk)]);
    assert!(err.contains("junk.db"), "{err}");
    assert!(db.exists());
}
