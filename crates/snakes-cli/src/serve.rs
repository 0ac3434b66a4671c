//! `snakes serve`: the game server, for 2-4 people playing in their browsers.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use snakes_server::{Clock, Config, DiceKeys, Timing};

use crate::user_error;
use crate::words::say;

/// Arguments of `snakes serve`.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  snakes serve                        http://127.0.0.1:8080/, games saved in snakes.db\n  snakes serve --bind 0.0.0.0:9000 --db games.db"
)]
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
    /// Most connections at once, HTTP and WebSocket alike; more are answered 503.
    #[arg(long, default_value_t = 5000)]
    max_connections: usize,
    /// Most connections at once from one client address (an IPv4 address, or a whole IPv6
    /// /64).
    #[arg(long, default_value_t = 100)]
    max_connections_per_address: usize,
    /// Most connections at once from one network (see --ipv4-prefix, --ipv6-prefix).
    #[arg(long, default_value_t = 1000)]
    max_connections_per_network: usize,
    /// The prefix length of an IPv4 client's network, for the caps per network.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u8).range(0..=32))]
    ipv4_prefix: u8,
    /// The prefix length of an IPv6 client's network, for the caps per network.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u8).range(0..=128))]
    ipv6_prefix: u8,
    /// Most tables waiting or playing at once created from one client address.
    #[arg(long, default_value_t = 10)]
    max_open_tables_per_address: usize,
    /// Most tables waiting or playing at once created from one network.
    #[arg(long, default_value_t = 100)]
    max_open_tables_per_network: usize,
    /// Close a waiting table as abandoned once no page has followed it for this many seconds,
    /// whatever else asks for it (0: only --idle-mins closes it).
    #[arg(long, default_value_t = 120)]
    abandon_secs: u64,
    /// Seconds a client may take to send a request's headers (or its body), and that an idle
    /// HTTP connection stays open.
    #[arg(long, default_value_t = 10)]
    header_timeout_secs: u64,
    /// A WebSocket silent for this many seconds is pinged, and closed if it stays silent as
    /// long again (0: never).
    #[arg(long, default_value_t = 60)]
    ws_idle_secs: u64,
    /// Tables one client address may create a minute (and in a burst).
    #[arg(long, default_value_t = 10.0)]
    creates_per_minute: f64,
    /// Most squares of a board a table may use.
    #[arg(long, default_value_t = 10_000)]
    max_squares: u32,
    /// A game that reaches this many turns (every player's together) without a winner ends in
    /// a draw (0: no limit).
    #[arg(long, default_value_t = snakes_server::MAX_TURNS)]
    max_turns: u32,
    /// Another origin whose pages may use the server, as `https://games.example.org` (for a
    /// server behind a proxy); repeat for several.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origins: Vec<String>,
    /// Largest message a client may send, in bytes; a larger one closes the WebSocket (1009).
    #[arg(long, default_value_t = 65536)]
    max_message_bytes: usize,
    /// Messages per second one connection may send, on average (bursts of twice as many).
    #[arg(long, default_value_t = 20.0)]
    rate: f64,
    /// HTTP requests a second one client address may make, on average (bursts of twice as
    /// many); more are answered 429.
    #[arg(long, default_value_t = 20.0)]
    http_rate: f64,
    /// CPU seconds of board analyses one client address may use a minute (and at most at
    /// once); an analysis estimated over what is left is refused at once (429).
    #[arg(long, default_value_t = 20.0)]
    analysis_secs_per_minute: f64,
    /// Bytes of board analyses kept for every visitor (the least recently used go first).
    #[arg(long, default_value_t = 64 << 20)]
    analysis_cache_bytes: usize,
    /// Bytes that may wait to be sent to one WebSocket; a client that lets more pile up (it
    /// does not read) is closed (1013).
    #[arg(long, default_value_t = 256 * 1024)]
    max_queue_bytes: usize,
    /// How SQLite commits: `normal` survives a killed server (kill -9, a crash); `full` also
    /// survives a power cut, at the cost of a disk sync per commit.
    #[arg(long, default_value = "normal", value_parser = ["normal", "full"])]
    sync: String,
    /// For tests only, never for real games: each table's dice key is derived from this seed
    /// and the table's id, so that a test on a fresh database knows every roll in advance (as
    /// does anyone who knows the seed). The key is still committed to and revealed, so `snakes
    /// verify` checks such a game as any other. Not shown by --help (docs/serve.md, "For
    /// tests").
    #[arg(long, value_name = "SEED", hide = true)]
    test_dice_seed: Option<u64>,
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
        if !(self.creates_per_minute > 0.0 && self.creates_per_minute.is_finite()) {
            return Err(user_error(say!(
                "serve-bad-creates",
                creates = self.creates_per_minute.to_string()
            )));
        }
        if !(self.http_rate > 0.0 && self.http_rate.is_finite()) {
            return Err(user_error(say!(
                "serve-bad-http-rate",
                rate = self.http_rate.to_string()
            )));
        }
        if !(self.analysis_secs_per_minute >= 0.0 && self.analysis_secs_per_minute.is_finite()) {
            return Err(user_error(say!(
                "serve-bad-analysis-secs",
                secs = self.analysis_secs_per_minute.to_string()
            )));
        }
        if self.header_timeout_secs == 0 {
            return Err(user_error(say!("serve-no-header-time")));
        }
        if self.max_connections_per_address == 0 {
            return Err(user_error(say!("serve-no-connections-per-address")));
        }
        if self.max_connections_per_network == 0 {
            return Err(user_error(say!("serve-no-connections-per-network")));
        }
        if let Some(bad) = self
            .allow_origins
            .iter()
            .find(|o| !(o.starts_with("http://") || o.starts_with("https://")) || o.ends_with('/'))
        {
            return Err(user_error(say!(
                "serve-bad-origin",
                origin = format!("{bad:?}")
            )));
        }
        if self.max_message_bytes < 256 {
            return Err(user_error(say!(
                "serve-small-messages",
                bytes = self.max_message_bytes
            )));
        }
        if self.max_queue_bytes < 4096 {
            return Err(user_error(say!(
                "serve-small-queue",
                bytes = self.max_queue_bytes
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
            max_connections_per_address: self.max_connections_per_address,
            max_connections_per_network: self.max_connections_per_network,
            ipv4_prefix: self.ipv4_prefix,
            ipv6_prefix: self.ipv6_prefix,
            max_open_tables_per_address: self.max_open_tables_per_address,
            max_open_tables_per_network: self.max_open_tables_per_network,
            abandon: Duration::from_secs(self.abandon_secs),
            header_timeout: Duration::from_secs(self.header_timeout_secs),
            ws_idle: Duration::from_secs(self.ws_idle_secs),
            creates_per_minute: self.creates_per_minute,
            max_squares: self.max_squares,
            max_turns: self.max_turns,
            allow_origins: self.allow_origins.clone(),
            max_message_bytes: self.max_message_bytes,
            rate_per_sec: self.rate,
            rate_burst: self.rate * 2.0,
            max_queue_bytes: self.max_queue_bytes,
            http_rate: self.http_rate,
            analysis_secs_per_minute: self.analysis_secs_per_minute,
            analysis_cache_bytes: self.analysis_cache_bytes,
            full_sync: self.sync == "full",
            dice: self
                .test_dice_seed
                .map_or(DiceKeys::Random, DiceKeys::Seeded),
            clock: Clock::system(),
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
    if let DiceKeys::Seeded(seed) = config.dice {
        crate::input::warn(&say!("serve-test-dice", seed = seed.to_string()));
    }
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
        snakes_server::ServerError::Descriptors {
            max_connections,
            reserved,
            needed,
            limit,
            fits,
        } => user_error(say!(
            "serve-open-files",
            connections = max_connections,
            reserved = reserved,
            needed = needed,
            limit = limit,
            fits = fits
        )),
        other => anyhow::Error::new(other),
    })?;
    Ok(ExitCode::SUCCESS)
}
