//! `snakes serve`: the game server, for 2-4 people playing in their browsers.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use snakes_server::Config;
use snakes_server::Timing;

use crate::user_error;
use crate::words::say;

/// Arguments of `snakes serve`.
#[derive(clap::Args)]
pub struct Args {
    /// Address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// The SQLite file holding every table and its events (created on first start).
    #[arg(long, default_value = "snakes.db")]
    db: PathBuf,
    /// How long a bot waits before rolling, in milliseconds.
    #[arg(long, default_value_t = 1200)]
    bot_delay_ms: u64,
    /// How long a disconnected player keeps their seat before a bot plays it, in seconds.
    #[arg(long, default_value_t = 30)]
    grace_secs: u64,
    /// Roll for a player who has not rolled within this many seconds (0: no turn timer).
    #[arg(long, default_value_t = 0)]
    turn_timer_secs: u64,
    /// Most tables waiting or playing at once.
    #[arg(long, default_value_t = 1000)]
    max_tables: usize,
    /// Close a waiting table as abandoned, and take a finished one out of memory (it stays
    /// listed and can be watched), after this many minutes with nobody following it (0: never).
    #[arg(long, default_value_t = 30)]
    idle_mins: u64,
    /// Most WebSocket connections at once.
    #[arg(long, default_value_t = 5000)]
    max_connections: usize,
    /// Largest message a client may send, in bytes.
    #[arg(long, default_value_t = 65536)]
    max_message_bytes: usize,
    /// Messages per second one connection may send, on average (bursts of twice as many).
    #[arg(long, default_value_t = 20.0)]
    rate: f64,
    /// How SQLite commits: `normal` survives a killed server (kill -9, a crash); `full` also
    /// survives a power cut, at the cost of a disk sync per commit.
    #[arg(long, default_value = "normal", value_parser = ["normal", "full"])]
    sync: String,
}

impl Args {
    /// The server's configuration.
    pub fn config(&self) -> anyhow::Result<Config> {
        if !(self.rate > 0.0 && self.rate.is_finite()) {
            return Err(user_error(say!(
                "serve-bad-rate",
                rate = self.rate.to_string()
            )));
        }
        if self.max_message_bytes < 256 {
            return Err(user_error(say!(
                "serve-small-messages",
                bytes = self.max_message_bytes
            )));
        }
        Ok(Config {
            bind: self.bind,
            db: self.db.clone(),
            timing: Timing {
                bot_delay: Duration::from_millis(self.bot_delay_ms),
                grace: Duration::from_secs(self.grace_secs),
                turn_timer: (self.turn_timer_secs > 0)
                    .then(|| Duration::from_secs(self.turn_timer_secs)),
            },
            max_tables: self.max_tables,
            idle: Duration::from_secs(self.idle_mins.saturating_mul(60)),
            max_connections: self.max_connections,
            max_message_bytes: self.max_message_bytes,
            rate_per_sec: self.rate,
            rate_burst: self.rate * 2.0,
            full_sync: self.sync == "full",
        })
    }
}

/// Runs `snakes serve` until Ctrl+C or SIGTERM.
///
/// # Errors
/// Bad options (a user error), or a store or address that cannot be used.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = args.config()?;
    snakes_server::init_logging();
    let db = config.db.clone();
    snakes_server::serve_blocking(config, |addr| {
        let line = say!(
            "serve-listening",
            url = format!("http://{addr}/"),
            db = db.display().to_string()
        );
        println!("{line}");
    })
    .map_err(|e| match e {
        snakes_server::ServerError::Io(io) if io.kind() == std::io::ErrorKind::AddrInUse => {
            user_error(say!(
                "serve-address-in-use",
                address = args.bind.to_string(),
                detail = io.to_string()
            ))
        }
        other => anyhow::Error::new(other),
    })?;
    Ok(ExitCode::SUCCESS)
}
