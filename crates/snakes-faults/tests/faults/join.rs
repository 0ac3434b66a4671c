//! `snakes join` on a cluster: three servers behind nginx, each under a path of its own. A
//! table asked of a server that does not serve it is refused with `moved`, which the client
//! follows; when the table's server is killed, the client connects to another of those
//! `hello` named, and the game goes on where it stood.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use snakes_faults::{Options, Run, Scratch};

/// `snakes join` with its keys written one per line, and what it says read line by line.
struct Join {
    child: Child,
    keys: ChildStdin,
    lines: Receiver<String>,
    said: Vec<String>,
}

impl Join {
    fn start(state: &Scratch, args: &[&str]) -> Join {
        let mut child = Command::new(snakes_faults::servers::binary())
            .arg("join")
            .args(args)
            .env("LANG", "C")
            .env("XDG_STATE_HOME", state.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let keys = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in out.lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Join {
            child,
            keys,
            lines,
            said: Vec::new(),
        }
    }

    fn press(&mut self, key: &str) {
        writeln!(self.keys, "{key}").unwrap();
    }

    /// Waits for a line holding `text`, said after the last one waited for. The ceiling (a
    /// minute and a half, past a lease and its takeover) only keeps a broken build from hanging.
    fn wait_for(&mut self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.said.push(line.clone());
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                    panic!("never said {text:?}; said:\n{}", self.said.join("\n"))
                }
            }
        }
    }
}

impl Drop for Join {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn snakes_join_follows_its_table_from_server_to_server() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let options = Options {
        tables: 0,
        ..Options::default()
    };
    let mut run = runtime.block_on(Run::start("join", options));
    // Each server names the three in its `hello`, where the client learns where else to go.
    for i in 1..=3 {
        runtime.block_on(snakes_faults::players::knows_servers(&run.address(i), 3));
    }
    let (ana_state, bo_state) = (Scratch::new("join-ana"), Scratch::new("join-bo"));

    // Ana creates a table with a bot on server 1 and starts it.
    let mut ana = Join::start(&ana_state, &[&run.address(1), "--name", "Ana"]);
    ana.wait_for("No tables yet.");
    for key in ["n", "", "1", ""] {
        ana.press(key);
    }
    ana.wait_for("Table 1: you are the host, seat 1.");
    ana.wait_for("Ana (host), Bot 1 (bot)");
    ana.press("n");
    ana.wait_for("The game has started with 2 players.");
    let owner = runtime.block_on(run.owner_of(1));
    assert_eq!(owner, 1);

    // Bo asks another server for it: refused with `moved`, which takes Bo to server 1.
    let elsewhere = format!("{}/#/table/1", run.address(2));
    let mut bo = Join::start(&bo_state, &[&elsewhere, "--watch"]);
    bo.wait_for("Table 1 (classic board)");
    bo.wait_for("Playing.");

    // The table's server dies: both connect to another server, which takes the table over.
    run.kill(owner);
    ana.wait_for("Connection lost: reconnecting");
    ana.wait_for("Connected.");
    ana.wait_for("It is your turn");
    bo.wait_for("Connected.");
    let now = runtime.block_on(run.owner_of(1));
    assert_ne!(now, owner);
    // And the game goes on there: Ana's roll, heard by Bo.
    ana.press("r");
    ana.wait_for("You rolled");
    bo.wait_for("Ana rolled");
}
