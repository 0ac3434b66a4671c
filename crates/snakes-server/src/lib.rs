//! The Snakes and Ladders game server: 2-4 people (and bots) play at tables in their browsers.
//!
//! This file is the crate's front: what it exports, and why. The modules, from the network in
//! to the store (each uses only those after it):
//!
//! - `listen.rs` accepts connections itself ([`serve_on`], [`serve`]), so that every
//!   connection, HTTP or WebSocket, counts against the caps per client address and in total,
//!   and a client that sends its request headers too slowly is dropped; over HTTPS with
//!   `tls.rs` ([`Tls`]); each request's client address, behind trusted proxies, is
//!   `client_addr.rs`'s ([`Cidr`]), and `fair.rs` counts every cap per address (an IPv6 /64
//!   is one) and per network.
//! - `web.rs` is the HTTP router ([`app`]: the page and its scripts, the lobby's JSON API, the
//!   WebSocket at `/ws`), built without binding a socket so that tests drive it directly;
//!   `metered.rs` times each incoming message from its first byte to its last;
//!   `session.rs` is one WebSocket's conversation ([`Session`]), apart from the socket, and
//!   `outbox.rs` its outgoing queue ([`Outbox`]), bounded in messages and in bytes;
//!   `analysis.rs` answers the page's "how long is a game here"; `reads.rs` keeps finished
//!   records built and compressed, and the bytes a crowd reads within a budget.
//! - `state/` is the shared state ([`AppState`]): the configuration ([`Config`], `config.rs`,
//!   read from a file, the environment and the flags by [`settings`]), the store, the registry
//!   of tables and the lobby; `state/create.rs` makes a table, `state/retention.rs` deletes the
//!   old finished ones, `state/lobby.rs` lists tables from their stored rows, `state/owners.rs`
//!   adopts and drops tables as this server's claims on them come and go, and quarantines a
//!   table whose log does not rebuild (`cluster.rs` renews the claims, claims the tables left
//!   behind and hears the other servers, on PostgreSQL, each a task of its own),
//!   `state/talk.rs` is what people say in the lobby. `tables.rs` is the operator's
//!   `snakes tables`.
//! - `actor.rs` runs one task per table, the only one to touch its state: it decides, appends
//!   the events to the store, applies them and tells the listeners. There is no lock around
//!   games. A table nobody follows for [`Config::idle`] is put away: a waiting one is logged as
//!   abandoned and closed, a finished one keeps only its lobby line and is rebuilt from its log
//!   when someone asks for it. What people say at a table goes through its actor too, but
//!   never to the store: `talk.rs` keeps the last messages of each place in memory.
//! - The table itself is the `snakes-table` crate: the pure state machine (`table`), what people
//!   and pages see of it (`view`, extended here by `view.rs` with a message as the socket sends
//!   it), the wire's types ([`protocol`]), the dice (`secret`: ChaCha20 from a key whose SHA-256
//!   is announced before the first roll, [`DiceKeys`]) and [`verify`].
//! - `store/` keeps every event before anyone hears of it (its interface in `store/mod.rs`, one
//!   file per backend: `store/sqlite.rs`, `store/postgres.rs`); on start the server rebuilds
//!   the tables in play by folding their logs, and lists the finished ones from their rows.
//! - `clock.rs`: the tables' timers, the rate limits and the allowance of new tables count in
//!   the server's [`Clock`], the real one or, in tests, one moved by hand. `metrics.rs`: the
//!   Prometheus metrics, answered with health and readiness by `admin.rs` ([`serve_admin`]);
//!   `logs.rs`: the logs.
//!
//! What is public, and for whom: the command line (`snakes serve`, `snakes verify`,
//! `snakes bench-server`) needs [`Config`], [`serve_blocking`], [`init_logging`], [`verify`] and
//! the [`protocol`]'s types; the integration tests also drive [`AppState`], [`app`],
//! [`Session`] (with an [`Outbox`]) and the [`Clock`]. Everything else is the crate's own.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use snakes_server::{AppState, Config, app};
//! let config = Config { db: "snakes.db".into(), ..Config::default() };
//! let state = AppState::open(config).await?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! snakes_server::serve_on(listener, state, std::future::pending()).await?;
//! # Ok(()) }
//! ```

mod actor;
mod admin;
mod analysis;
mod client_addr;
mod clock;
mod cluster;
mod config;
mod fair;
mod listen;
mod logs;
mod metered;
mod metrics;
mod outbox;
pub use snakes_table::protocol;
mod reads;
/// Scratch directories for tests.
#[doc(hidden)]
pub mod scratch;
use snakes_table::secret;
mod session;
pub mod settings;
mod state;
mod store;
use snakes_table::table;
pub mod tables;
mod talk;
mod tls;
pub use snakes_table::verify;
mod view;
mod web;

pub use actor::{PAGE_EVENTS, TableHandle};
pub use admin::serve_admin;
pub use client_addr::Cidr;
pub use clock::Clock;
pub use config::{BOARD_BYTES_PER_SQUARE, Config, LogFormat, cost};
pub use fair::TokenBucket;
pub use listen::{
    RESERVED_FILES, fit_open_files, init_logging, serve, serve_blocking, serve_on, serve_tls_on,
};
pub use logs::{init_logging_as, init_logging_with};
pub use outbox::{Inbox, Outbox};
pub use secret::{CHACHA20, DiceKeys, DiceSource, TableDice, XOSHIRO, commitment_of};
pub use session::Session;
pub use state::{AppState, Created, ServerError};
pub use store::{
    Reached, Restored, StoreError, TableStatus, backup, is_postgres, reach, restore,
    shown as shown_db,
};
pub use table::{ApplyError, BadSetup, MAX_TURNS, RestoreError, Timing};
pub use tls::{Tls, TlsError};
pub use view::Refused;
pub use web::app;
