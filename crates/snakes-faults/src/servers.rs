//! The `snakes serve` processes: each binds a port of its own (0, read back from its first
//! line), reaches the database through its own proxy, and is killed, frozen, stopped and
//! started again as the faults ask.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The `snakes` binary: `$SNAKES_BIN`, else the newer of this checkout's release and debug
/// builds.
pub fn binary() -> PathBuf {
    if let Some(b) = std::env::var_os("SNAKES_BIN") {
        return PathBuf::from(b);
    }
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target");
    let mut found: Vec<PathBuf> = ["release", "debug"]
        .iter()
        .map(|p| target.join(p).join("snakes"))
        .filter(|p| p.is_file())
        .collect();
    found.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
    found
        .pop()
        .unwrap_or_else(|| panic!("no snakes binary: build it first (cargo build)"))
}

/// How a server is started.
#[derive(Debug, Clone)]
pub struct Settings {
    /// `--lease-ms`.
    pub lease_ms: u64,
    /// `--beat-ms`.
    pub beat_ms: u64,
    /// `--bot-delay-ms`.
    pub bot_delay_ms: u64,
}

/// One server: running or not.
pub struct Server {
    child: Option<Child>,
    /// Where it listens now.
    pub port: u16,
    /// Its database, through its proxy.
    db: String,
    /// Where players reach it through nginx (`--public-url`).
    public: String,
    log: PathBuf,
    settings: Settings,
    /// How many times it started.
    pub starts: u32,
}

impl Server {
    /// A server on `db`, reached at `public`, logging into `log`.
    pub fn new(db: String, public: String, log: PathBuf, settings: Settings) -> Server {
        Server {
            child: None,
            port: 0,
            db,
            public,
            log,
            settings,
            starts: 0,
        }
    }

    /// Starts it and waits for its "serving" line; its port. Panics, naming its log, when it
    /// does not start.
    pub fn start(&mut self) -> u16 {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        let s = &self.settings;
        let mut child = Command::new(binary())
            .args(["serve", "--bind", "127.0.0.1:0", "--db", &self.db])
            .args(["--public-url", &self.public])
            .args(["--lease-ms", &s.lease_ms.to_string()])
            .args(["--beat-ms", &s.beat_ms.to_string()])
            .args(["--bot-delay-ms", &s.bot_delay_ms.to_string()])
            .args(["--trusted-proxy", "127.0.0.1"])
            .args([
                "--test-dice-seed",
                "27",
                "--rate",
                "1000",
                "--http-rate",
                "1000",
            ])
            .args(["--creates-per-minute", "1000"])
            .args(["--max-open-tables-per-address", "1000"])
            .args(["--max-open-tables-per-network", "1000"])
            .env("RUST_LOG", "snakes_server=info")
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| {
                let _ = child.kill();
                panic!(
                    "a server did not start ({line:?}); see {}",
                    self.log.display()
                )
            });
        self.child = Some(child);
        self.port = port;
        self.starts += 1;
        port
    }

    fn signal(&self, signal: rustix::process::Signal) {
        if let Some(child) = &self.child {
            let _ = rustix::process::kill_process(rustix::process::Pid::from_child(child), signal);
        }
    }

    /// `kill -9`.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// `kill -STOP`: frozen, its sockets open.
    pub fn freeze(&self) {
        self.signal(rustix::process::Signal::STOP);
    }

    /// `kill -CONT`.
    pub fn wake(&self) {
        self.signal(rustix::process::Signal::CONT);
    }

    /// SIGTERM, and its exit: whether it exited cleanly.
    pub fn stop(&mut self) -> bool {
        self.signal(rustix::process::Signal::TERM);
        match self.child.take() {
            Some(mut child) => child.wait().is_ok_and(|s| s.success()),
            None => true,
        }
    }

    /// Whether it runs.
    pub fn running(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| c.try_wait().ok().flatten().is_none())
    }

    /// Its log, so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // A frozen process must be woken to die of SIGKILL's delivery in every kernel.
        self.wake();
        self.kill();
    }
}
