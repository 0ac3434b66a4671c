//! Moderation on a cluster: three servers behind nginx on one PostgreSQL. A moderator signed in
//! on server 1 acts on a person connected to server 2: the silence, its lifting and the ban are
//! in force there at once (PostgreSQL's notification, not a poll), and a report made on server
//! 2 reaches the moderator on server 1.

use serde_json::json;
use snakes_faults::players::{Client, client};
use snakes_faults::{Options, Run};

/// A client of `server` in its lobby, named `name`.
async fn in_lobby(server: &str, name: &str) -> Client {
    let mut c = client(server).await;
    c.send(json!({"type":"list_tables"})).await;
    c.until("tables").await.unwrap();
    c.send(json!({"type":"set_name","name":name})).await;
    c.until("named").await.unwrap();
    c
}

/// The operator grants `name` on the database of `run` with the real command: the key.
fn grant(run: &Run, name: &str) -> String {
    let out = std::process::Command::new(snakes_faults::servers::binary())
        .args(["admin", "grant", name, "moderator", "--db", &run.database()])
        .env("LANG", "C")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    text.split_whitespace()
        .find(|w| w.starts_with("snk-mod-"))
        .unwrap_or_else(|| panic!("no key in {text}"))
        .to_string()
}

/// Asks for a moderator's action: its answer.
async fn moderate(mo: &mut Client, action: serde_json::Value) -> String {
    mo.send(json!({"type":"moderate","action":action})).await;
    let answer = mo.until("moderated").await.unwrap();
    answer["line"].as_str().unwrap().to_string()
}

#[test]
fn a_moderator_on_one_server_acts_on_every_server() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let options = Options {
        tables: 0,
        ..Options::default()
    };
    let run = runtime.block_on(Run::start("moderation", options));
    let key = grant(&run, "Mo");
    runtime.block_on(async {
        let mut mo = in_lobby(&run.address(1), "Mo").await;
        mo.send(json!({"type":"moderator","name":"Mo","key":key}))
            .await;
        mo.until("moderating").await.unwrap();
        let mut troll = in_lobby(&run.address(2), "Troll").await;
        troll.send(json!({"type":"say","text":"spam"})).await;
        troll.until("said").await.unwrap();

        // Silenced from server 1: told on server 2, and refused there.
        let line = moderate(
            &mut mo,
            json!({"type":"silence","name":"Troll","minutes":10,"reason":"spam"}),
        )
        .await;
        assert!(line.starts_with("Troll is silenced everywhere"), "{line}");
        let notice = troll.until("notice").await.unwrap();
        assert!(notice["line"].as_str().unwrap().ends_with("UTC: spam"));
        troll.send(json!({"type":"say","text":"more spam"})).await;
        assert_eq!(troll.until("refused").await.unwrap()["code"], "silenced");

        // Lifted from server 1: Troll talks again on server 2.
        mo.send(json!({"type":"moderate","action":{"type":"sanctions"}}))
            .await;
        let list = mo.until("moderation_list").await.unwrap();
        let id = list["lines"][0]["id"].clone();
        assert_eq!(
            moderate(&mut mo, json!({"type":"lift","id":id})).await,
            format!("Number {id} is lifted.")
        );
        // The lifting reaches server 2 by the database's notification, and Troll is told.
        assert_eq!(
            troll.until("notice").await.unwrap()["line"],
            "Your silence is over: you can talk again."
        );
        troll.send(json!({"type":"say","text":"sorry"})).await;
        assert_eq!(troll.until("said").await.unwrap()["text"], "sorry");

        // A report on server 2 reaches the moderator on server 1.
        let mut ana = in_lobby(&run.address(2), "Ana").await;
        ana.send(json!({"type":"report","name":"Troll","reason":"insults"}))
            .await;
        ana.until("reported").await.unwrap();
        assert_eq!(
            mo.until("moderated").await.unwrap()["line"],
            "New report: Ana reported Troll: insults"
        );

        // Banned from server 1: closed on server 2.
        let line = moderate(
            &mut mo,
            json!({"type":"ban","name":"Troll","scope":"name","hours":1,"reason":"spam"}),
        )
        .await;
        assert!(line.starts_with("The name Troll is banned until"), "{line}");
        let notice = troll.until("notice").await.unwrap();
        assert!(notice["line"].as_str().unwrap().ends_with("UTC: spam"));
        assert!(troll.until("said").await.is_none(), "the connection ends");
    });
}
