//! The logs of a whole game, as `--log-format json` writes them at the level of `RUST_LOG`
//! (`info` when unset): one JSON object a line, and not one seat secret, dice key or player's
//! name among them.

use std::io::Write;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use snakes_server::LogFormat;

use super::{Client, config, start, temp_dir};

/// Log lines kept in memory.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Buffer {
    type Writer = Buffer;

    fn make_writer(&'a self) -> Buffer {
        self.clone()
    }
}

#[tokio::test]
async fn a_whole_games_logs_hold_no_secret_key_or_name() {
    let logs = Buffer::default();
    snakes_server::init_logging_with(LogFormat::Json, false, logs.clone());
    let dir = temp_dir("logs");
    let (addr, state) = start(config(&dir)).await;
    let mut ana = Client::connect(addr).await;
    ana.create(json!({"name": "Anaxandra", "seats": 3, "bots": 1}))
        .await;
    ana.watch(None).await;
    let mut bo = Client::join(addr, ana.table, "Borislava").await;
    bo.watch(None).await;
    while ana.seq < 3 {
        ana.recv().await;
    }
    ana.command("start").await;
    ana.until_event("started").await;
    bo.until_event("started").await;
    tokio::join!(ana.play_to_the_end(), bo.play_to_the_end());
    let record = state.record(ana.table).await.unwrap();
    let key = record.dice.key.clone().expect("the key, revealed");
    let secrets = [
        ana.token.clone().unwrap(),
        bo.token.clone().unwrap(),
        key.clone(),
        key.to_uppercase(),
        "Anaxandra".to_string(),
        "Borislava".to_string(),
    ];
    let text = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("not JSON: {l}")))
        .collect();
    assert!(
        lines
            .iter()
            .any(|l| l["message"] == "table created" && l["table"] == ana.table),
        "{text}"
    );
    for line in &lines {
        assert!(
            line["timestamp"].is_string() && line["level"].is_string(),
            "{line}"
        );
    }
    for secret in &secrets {
        assert!(
            !text.contains(secret.as_str()),
            "{secret} is in the logs:\n{text}"
        );
    }
}
