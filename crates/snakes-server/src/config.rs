//! How the server runs: [`Config`], every option of `snakes serve` in one value, with the
//! documented defaults.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::client_addr::Cidr;
use crate::{Clock, DiceKeys, MAX_TURNS, Timing};

/// The finished tables a server lists (the newest): older ones are read from the store a page
/// at a time (`GET /api/tables?before=ID`).
pub const LISTED_FINISHED: usize = 100;

/// Bytes of finished tables' logs kept in memory for the views and records asked of them.
pub const FINISHED_CACHE_BYTES: usize = 32 << 20;

/// Bytes of finished records kept, compressed and not (`reads.rs`): the oldest kept goes first.
pub const RECORDS_KEPT_BYTES: usize = 32 << 20;

/// The most events in one message of a catch-up (`watch` with an old `since`): a long log is
/// sent in pages, the next one only once the connection has taken the last (`actor.rs`).
pub const PAGE_EVENTS: usize = 500;
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
    /// Most connections at once from one client address (an IPv4 address, or an IPv6 /64).
    pub max_connections_per_address: usize,
    /// Most connections at once from one network ([`Config::ipv4_prefix`],
    /// [`Config::ipv6_prefix`]).
    pub max_connections_per_network: usize,
    /// The length of an IPv4 network's prefix, for the caps per network.
    pub ipv4_prefix: u8,
    /// The length of an IPv6 network's prefix, for the caps per network (an IPv6 client's
    /// address is always its /64).
    pub ipv6_prefix: u8,
    /// Most tables waiting or playing at once that one client address created.
    pub max_open_tables_per_address: usize,
    /// Most tables waiting or playing at once that one network created.
    pub max_open_tables_per_network: usize,
    /// A waiting table no connection follows is closed as abandoned after this long, whatever
    /// else asks for it. Zero: only [`Config::idle`] closes it.
    pub abandon: Duration,
    /// How long a client may take to send a request's headers (and how long an idle HTTP
    /// connection stays open), and a request's body.
    pub header_timeout: Duration,
    /// A WebSocket silent this long is sent a ping; one that does not answer within as long
    /// again is closed. Zero: never.
    pub ws_idle: Duration,
    /// A WebSocket that was sent nothing for this long is sent a `beat`: a client that hears
    /// nothing for three of them takes the server for hung, and goes to another.
    pub beat: Duration,
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
    /// HTTP requests a second one client address may make, on average (bursts of twice as
    /// many); more are answered 429.
    pub http_rate: f64,
    /// Bytes of game records a second the whole server sends (`--read-mib-per-sec`), a network
    /// at most an eighth of it: a crowd's share of reads.
    pub read_bytes_per_sec: f64,
    /// CPU seconds of analyses (`GET /api/tables/{id}/analysis` of a board not measured yet)
    /// one client address may use a minute, and at most at once.
    pub analysis_secs_per_minute: f64,
    /// Bytes of analyses kept for every visitor of a board (the least recently used go first).
    pub analysis_cache_bytes: usize,
    /// Bytes that may wait to be sent to one WebSocket: a client that lets more pile up (it
    /// does not read what it is sent) is closed (1013). A queue holds at most this and one
    /// message more.
    pub max_queue_bytes: usize,
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

impl Config {
    /// The caps per network and per address set above half of their totals (the cap's key, its
    /// value, the total's key and value, and half of it): one network, or address, could hold
    /// more than half of every place, and two could keep everyone else out. The server warns at
    /// its start; the settings leave such a cap as it was set (a classroom behind one address
    /// needs a high one).
    pub fn lopsided_caps(&self) -> Vec<(&'static str, usize, &'static str, usize, usize)> {
        [
            (
                "max-connections-per-network",
                self.max_connections_per_network,
                "max-connections",
                self.max_connections,
            ),
            (
                "max-connections-per-address",
                self.max_connections_per_address,
                "max-connections",
                self.max_connections,
            ),
            (
                "max-open-tables-per-network",
                self.max_open_tables_per_network,
                "max-tables",
                self.max_tables,
            ),
            (
                "max-open-tables-per-address",
                self.max_open_tables_per_address,
                "max-tables",
                self.max_tables,
            ),
        ]
        .into_iter()
        .map(|(key, cap, total_key, total)| (key, cap, total_key, total, total / 2))
        .filter(|&(_, cap, _, _, half)| cap > half)
        .collect()
    }
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
            max_connections_per_network: 1000,
            ipv4_prefix: 24,
            ipv6_prefix: 64,
            max_open_tables_per_address: 10,
            max_open_tables_per_network: 100,
            abandon: Duration::from_secs(120),
            header_timeout: Duration::from_secs(10),
            ws_idle: Duration::from_secs(60),
            beat: Duration::from_secs(2),
            creates_per_minute: 10.0,
            max_squares: 10_000,
            max_turns: MAX_TURNS,
            allow_origins: Vec::new(),
            max_message_bytes: 64 * 1024,
            rate_per_sec: 20.0,
            rate_burst: 40.0,
            max_queue_bytes: 256 * 1024,
            http_rate: 20.0,
            read_bytes_per_sec: 32.0 * 1024.0 * 1024.0,
            analysis_secs_per_minute: 20.0,
            analysis_cache_bytes: 64 << 20,
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

/// What each thing the server holds costs at most, in bytes: the parts of its memory bound
/// ([`Config::memory_bound`], docs/serve.md, "How much memory"). Measured, with room to spare,
/// by the tests that check them and in BENCHMARKS.md.
pub mod cost {
    /// The process with nothing open: the runtime and its threads, the catalogues of every
    /// language, the page, the store's caches.
    pub const BASE: u64 = 48 << 20;
    /// One connection besides what waits in its queue: its socket's buffers (4 KiB each way on
    /// a WebSocket), request headers up to 16 KiB, the session, its tasks.
    pub const CONNECTION: u64 = 64 << 10;
    /// A table besides its board and its log: its actor, its listeners' entries, its words.
    pub const TABLE: u64 = 64 << 10;
    /// A table's board in memory, per square: the board, its moves, its lists in words in
    /// every language spoken.
    pub const TABLE_PER_SQUARE: u64 = 512;
    /// One event of a table's log in memory (96 bytes, and as much again of the log's room to
    /// grow).
    pub const EVENT: u64 = 192;
    /// The most events one turn writes: the roll, the move, a jump, a bump, the win or the
    /// turn passing, with room for a roll again. (Each link of a chain of jumps, under
    /// `jumps=chain`, and each roll again is an event more.)
    pub const EVENTS_PER_TURN: u64 = 8;
    /// One event as JSON in a record (`GET /api/tables/{id}/record`).
    pub const EVENT_JSON: u64 = 128;
    /// One event as JSON in a page of a catch-up, with its sentences for the listener.
    pub const EVENT_TOLD: u64 = 384;
    /// A table's view (`watching`, `GET /api/tables/{id}`) per square of its board: its
    /// ladders and snakes as numbers and in words.
    pub const VIEW_PER_SQUARE: u64 = 128;
    /// A view, a record or a page besides what the formulas above count.
    pub const MESSAGE: u64 = 16 << 10;
    /// A finished table's line in the lobby, which the server keeps in memory.
    pub const FINISHED_TABLE: u64 = 4 << 10;
    /// One analysis while it runs, besides its board: the race of two bumping tokens (two
    /// vectors of 16 bytes for each of at most 4,000,000 pairs of squares, 128 MiB) and the
    /// distributions of the three endings.
    pub const ANALYSIS: u64 = 160 << 20;
    /// One analysis while it runs, per square of its board: its chains (at most 20 faces, three
    /// chains when a face rolls again).
    pub const ANALYSIS_PER_SQUARE: u64 = 2 << 10;
}

/// How many analyses run at once: one fewer than the cores, at least one (the games keep a
/// core); more are refused at once.
pub fn analysis_threads() -> u64 {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1)) as u64
}

/// Bytes a board may take in a message, per square of [`Config::max_squares`]: a grid of the
/// most squares the server takes, pretty-printed (a cell such as `  10000,` and its line), fits.
pub const BOARD_BYTES_PER_SQUARE: usize = 16;

impl Config {
    /// The largest message or answer the server builds, in bytes: the greatest of a page of
    /// the lobby, a page of a catch-up ([`PAGE_EVENTS`] events with their sentences),
    /// the view of a board of `--max-squares` squares, and the record of a game of
    /// `--max-turns` turns.
    pub fn largest_message_bytes(&self) -> u64 {
        use crate::protocol::{LOBBY_PAGE_BYTES, LOBBY_ROW_BYTES};
        let squares = u64::from(self.max_squares);
        let turns = u64::from(if self.max_turns == 0 {
            MAX_TURNS
        } else {
            self.max_turns
        });
        let lobby = (LOBBY_PAGE_BYTES + LOBBY_ROW_BYTES) as u64 + cost::MESSAGE;
        let catch_up = PAGE_EVENTS as u64 * cost::EVENT_TOLD + cost::MESSAGE;
        let view = squares * cost::VIEW_PER_SQUARE + cost::MESSAGE;
        let record = turns * cost::EVENTS_PER_TURN * cost::EVENT_JSON + cost::MESSAGE;
        lobby.max(catch_up).max(view).max(record)
    }

    /// The most a table in memory costs, in bytes: its board of at most `--max-squares`
    /// squares and a log of at most `--max-turns` turns.
    pub fn table_bytes(&self) -> u64 {
        let turns = u64::from(if self.max_turns == 0 {
            MAX_TURNS
        } else {
            self.max_turns
        });
        cost::TABLE
            + u64::from(self.max_squares) * cost::TABLE_PER_SQUARE
            + turns * cost::EVENTS_PER_TURN * cost::EVENT
    }

    /// The most memory the server uses with these settings, in bytes (docs/serve.md, "How much
    /// memory"), whatever its database holds:
    ///
    /// `BASE + C × (Q + L + CONNECTION) + (T + R) × table + N × FINISHED_TABLE + G + A + K ×
    /// analysis`, where C is `--max-connections`, Q `--max-queue-bytes`, L
    /// [`Config::largest_message_bytes`] (a queue holds at most Q and one message more, and an
    /// HTTP answer is one message), T `--max-tables` and R the finished tables brought back
    /// into memory (`reloaded`: followed, or sent a command, within the last `--idle-mins`),
    /// [`Config::table_bytes`] each; N the finished tables the lobby keeps in memory
    /// (`LISTED_FINISHED`, 100), each [`cost::FINISHED_TABLE`], and G the finished tables'
    /// logs read for their views and records (`FINISHED_CACHE_BYTES`, 32 MiB); A is
    /// `--analysis-cache-bytes` and K the analyses that run at once (one fewer than the cores,
    /// at least one), each analysis [`cost::ANALYSIS`]
    /// and [`cost::ANALYSIS_PER_SQUARE`] a square of `--max-squares`. `--max-turns 0` (no
    /// limit) is counted as the default.
    pub fn memory_bound(&self, reloaded: u64) -> u64 {
        let connections = self.max_connections as u64;
        let queue = self.max_queue_bytes as u64;
        let analysis = cost::ANALYSIS + u64::from(self.max_squares) * cost::ANALYSIS_PER_SQUARE;
        cost::BASE
            + connections * (queue + self.largest_message_bytes() + cost::CONNECTION)
            + (self.max_tables as u64 + reloaded) * self.table_bytes()
            + LISTED_FINISHED as u64 * cost::FINISHED_TABLE
            + FINISHED_CACHE_BYTES as u64
            + RECORDS_KEPT_BYTES as u64
            + self.analysis_cache_bytes as u64
            + analysis_threads() * analysis
    }

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
