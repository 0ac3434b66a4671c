//! How the server runs: [`Config`], every option of `snakes serve` in one value, with the
//! documented defaults.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::client_addr::Cidr;
use crate::{Clock, DiceKeys, MAX_TURNS, Timing};

/// How the server runs. [`Config::default`] gives the documented defaults.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen.
    pub bind: SocketAddr,
    /// The store: a SQLite file, or a PostgreSQL database shared by several servers (an
    /// address `postgres://user@host:port/name`).
    pub db: PathBuf,
    /// With PostgreSQL: how long this server's claim on a table lasts without renewal (it
    /// renews every third of it, and stops serving a table it could not renew in time).
    pub lease: Duration,
    /// With PostgreSQL: the address players reach this server at, given to the pages of
    /// other servers to send players here (`http://<bind>` when unset).
    pub public_url: Option<String>,
    /// Delays of bots, the grace period and the turn timer.
    pub timing: Timing,
    /// Most tables waiting or playing at once.
    pub max_tables: usize,
    /// A waiting table nobody is connected to for this long is abandoned; a finished one's
    /// actor stops (it is rebuilt from its log when asked). Zero: never.
    pub idle: Duration,
    /// Most connections at once, HTTP and WebSocket alike.
    pub max_connections: usize,
    /// Most connections at once from one client address.
    pub max_connections_per_address: usize,
    /// How long a client may take to send a request's headers (and how long an idle HTTP
    /// connection stays open), and a request's body.
    pub header_timeout: Duration,
    /// A WebSocket silent this long is sent a ping; one that does not answer within as long
    /// again is closed. Zero: never.
    pub ws_idle: Duration,
    /// Tables one client address may create in a burst, and a minute on average.
    pub creates_per_minute: f64,
    /// The most squares of a board a table may be created with.
    pub max_squares: u32,
    /// The most turns (every player's together) a game lasts before it ends in a draw (0: no
    /// limit).
    pub max_turns: u32,
    /// Origins besides the server's own whose pages may use it (`http://host:port`), for a
    /// deployment behind a proxy.
    pub allow_origins: Vec<String>,
    /// Largest message a client may send, in bytes, but for a table's creation, whose board
    /// may take more ([`Config::max_create_bytes`], the WebSocket's own frame limit).
    pub max_message_bytes: usize,
    /// Messages per second a connection may send, on average.
    pub rate_per_sec: f64,
    /// Messages a connection may send in a burst.
    pub rate_burst: f64,
    /// Sync every commit to the disk (survives a power cut), not only to the operating system
    /// (survives a killed process).
    pub full_sync: bool,
    /// Where new tables get their dice's keys: from the operating system, or, for tests only,
    /// from a seed and the table's id, so that a test knows what will be rolled.
    pub dice: DiceKeys,
    /// The time the tables' timers, the rate limits and the allowance of new tables count in:
    /// the real clock, or, in tests, one moved by hand.
    pub clock: Clock,
    /// The reverse proxies whose `Forwarded` and `X-Forwarded-For` headers say who the client
    /// is (see `client_addr.rs`); from anyone else those headers are ignored.
    pub trusted_proxies: Vec<Cidr>,
    /// The certificate chain (PEM) to serve HTTPS with; with [`Config::tls_key`].
    pub tls_cert: Option<PathBuf>,
    /// The private key (PEM) of [`Config::tls_cert`].
    pub tls_key: Option<PathBuf>,
    /// A second address serving only `/healthz`, `/readyz` and `/metrics` (then not served on
    /// the main one).
    pub admin_bind: Option<SocketAddr>,
    /// How log lines are written.
    pub log_format: LogFormat,
    /// Finished and abandoned tables older than this many days are deleted (0: kept for ever).
    pub keep_finished_days: u64,
}

/// How log lines are written: `text` for people, `json` (one object a line) for programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogFormat {
    /// `2026-11-30T01:05:37.240042Z  INFO snakes_server: listening addr=127.0.0.1:8080`.
    #[default]
    Text,
    /// `{"timestamp":"...","level":"INFO","fields":{"message":"listening","addr":"..."},...}`.
    Json,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("snakes.db"),
            lease: Duration::from_secs(10),
            public_url: None,
            timing: Timing {
                // Long enough that, in a game of three, the others' moves and "Your turn" come
                // after the player has heard their own roll: a key pressed meanwhile then cuts
                // nothing that was queued (see docs/serve.md, "With a screen reader").
                bot_delay: Duration::from_millis(1200),
                grace: Duration::from_secs(30),
                turn_timer: None,
            },
            max_tables: 1000,
            idle: Duration::from_secs(30 * 60),
            max_connections: 5000,
            max_connections_per_address: 100,
            header_timeout: Duration::from_secs(10),
            ws_idle: Duration::from_secs(60),
            creates_per_minute: 10.0,
            max_squares: 10_000,
            max_turns: MAX_TURNS,
            allow_origins: Vec::new(),
            max_message_bytes: 64 * 1024,
            rate_per_sec: 20.0,
            rate_burst: 40.0,
            full_sync: false,
            dice: DiceKeys::Random,
            clock: Clock::system(),
            trusted_proxies: Vec::new(),
            tls_cert: None,
            tls_key: None,
            admin_bind: None,
            log_format: LogFormat::Text,
            keep_finished_days: 0,
        }
    }
}

/// Bytes a board may take in a message, per square of [`Config::max_squares`]: a grid of the
/// most squares the server takes, pretty-printed (a cell such as `  10000,` and its line), fits.
pub const BOARD_BYTES_PER_SQUARE: usize = 16;

impl Config {
    /// Largest `create` message (or `POST /api/tables` body) a client may send, in bytes: a
    /// board of the most squares the server takes must fit, whatever the limit of other
    /// messages, [`Config::max_message_bytes`] (which it adds to, for the rest of the message).
    pub fn max_create_bytes(&self) -> usize {
        let squares = usize::try_from(self.max_squares).unwrap_or(usize::MAX);
        squares
            .saturating_mul(BOARD_BYTES_PER_SQUARE)
            .saturating_add(self.max_message_bytes)
    }
}
