//! The Snakes and Ladders game server: 2-4 people (and bots) play at tables in their browsers.
//!
//! This file is the crate's front: what it exports, and why. The modules, from the network in
//! to the store, each using only those after it (a test below holds them to it):
//!
//! - `listen.rs` accepts connections itself ([`serve_on`], [`serve`]), so that every
//!   connection, HTTP or WebSocket, counts against the caps per client address and in total,
//!   and a client that sends its request headers too slowly is dropped.
//! - `tables.rs` is the operator's `snakes tables`.
//! - `web.rs` is the HTTP router ([`app`]: the page and its scripts, the lobby's JSON API, the
//!   WebSocket at `/ws`), built without binding a socket so that tests drive it directly.
//! - `admin.rs` answers the metrics, health and readiness ([`serve_admin`]).
//! - `session.rs` is one WebSocket's conversation ([`Session`]), apart from the socket.
//! - `state/` is the shared state ([`AppState`]): the store, the registry of tables and the
//!   lobby; `state/create.rs` makes a table, `state/retention.rs` deletes the old finished
//!   ones, `state/lobby.rs` lists tables from their stored rows, `state/owners.rs` adopts and
//!   drops tables as this server's claims on them come and go, and quarantines a table whose
//!   log does not rebuild; `state/cluster.rs` renews the claims, claims the tables left behind
//!   and hears the other servers, on PostgreSQL, each a task of its own; `state/talk.rs` is
//!   what people say in the lobby.
//! - `analysis.rs` answers the page's "how long is a game here", from the table's view and
//!   its finished games, within each address's budget of CPU time.
//! - `cluster.rs`: what this server knows of its leases and of the other servers.
//! - `actor.rs` runs one task per table, the only one to touch its state: it decides, appends
//!   the events to the store, applies them and tells the listeners. There is no lock around
//!   games. A table nobody follows for [`Config::idle`] is put away: a waiting one is logged as
//!   abandoned and closed, a finished one keeps only its lobby line and is rebuilt from its log
//!   when someone asks for it.
//! - `talk.rs` keeps the last messages of each place in memory: what people say goes through a
//!   table's actor (or the lobby), never to the store.
//! - `outbox.rs` is a connection's outgoing queue ([`Outbox`]), bounded in messages and bytes.
//! - `reads.rs` keeps finished records built and compressed, and the bytes a crowd reads
//!   within a budget.
//! - `metered.rs` times each incoming message from its first byte to its last.
//! - `settings.rs` reads the configuration from a file, the environment and the flags.
//! - `moderators.rs`: a moderator's key (made, hashed, checked in constant time), and the
//!   operator's `snakes admin` (grant, revoke, list, the moderation log).
//! - `members.rs`: a member's password (Argon2id) and session cookie, and the tries to sign
//!   in counted; `state/members.rs` signs members up and in, and holds their names;
//!   `web/account.rs` answers their requests under `/api/account`; `state/games.rs` and
//!   `web/games.rs` list their finished games, count them, and replay any game step by step.
//! - `passkeys.rs`: a member's passkeys (WebAuthn) checked with `ring`, and the strict CBOR
//!   reader they need.
//! - `store/` keeps every event before anyone hears of it (its interface in `store/mod.rs`, one
//!   file per backend: `store/sqlite.rs`, `store/postgres.rs`); on start the server rebuilds
//!   the tables in play by folding their logs, and lists the finished ones from their rows.
//! - `conn.rs`: what the listener tells the router of each request's connection.
//! - `fair.rs` counts every cap per address (an IPv6 /64 is one) and per network.
//! - `logs.rs`: the logs.
//! - `config.rs`: the configuration ([`Config`]).
//! - `client_addr.rs`: each request's client address, behind trusted proxies ([`Cidr`]).
//! - `clock.rs`: the tables' timers, the rate limits and the allowance of new tables count in
//!   the server's [`Clock`], the real one or, in tests, one moved by hand.
//! - `metrics.rs`: the Prometheus metrics.
//! - `tls.rs`: HTTPS ([`Tls`]).
//! - `tls_client.rs`: a client's TLS, to PostgreSQL and for `snakes join` ([`tls_client`]).
//! - `view.rs`: a message as the socket sends it, over the table's views.
//! - `locks.rs`: locks taken whatever a panic elsewhere left ([`Mutex`](std::sync::Mutex) and
//!   [`RwLock`](std::sync::RwLock) alike).
//!
//! The table itself is the `snakes-table` crate: the pure state machine (`table`), what people
//! and pages see of it (`view`), the wire's types ([`protocol`]), the dice (`secret`: ChaCha20
//! from a key whose SHA-256 is announced before the first roll, [`DiceKeys`]) and [`verify`].
//!
//! What is public, and for whom: the command line (`snakes serve`, `snakes verify`) needs [`Config`], [`serve_blocking`], [`init_logging`], [`verify`] and
//! the [`protocol`]'s types (`snakes tables` and `snakes admin`: [`tables`] and [`moderators`]); the integration tests also drive [`AppState`], [`app`],
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
mod conn;
mod fair;
mod listen;
mod locks;
mod logs;
pub mod members;
mod metered;
mod metrics;
pub mod moderators;
mod outbox;
mod passkeys;
pub use snakes_table::protocol;
mod reads;
use snakes_table::secret;
mod session;
pub mod settings;
mod state;
mod store;
use snakes_table::table;
pub mod tables;
mod talk;
mod tls;
pub mod tls_client;
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
    LogEntry, Reached, Report, Restored, Sanction, SanctionKind, StoreError, TableStatus, backup,
    is_postgres, reach, restore, shown as shown_db,
};
pub use table::{ApplyError, BadSetup, MAX_TURNS, RestoreError, Timing};
pub use tls::{Tls, TlsError};
pub use view::Refused;
pub use web::app;

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    /// The modules in the order the crate's documentation gives them.
    fn order() -> Vec<String> {
        include_str!("lib.rs")
            .lines()
            .filter_map(|l| l.strip_prefix("//! - `"))
            .filter_map(|l| l.split(['.', '/', '`']).next())
            .map(str::to_string)
            .collect()
    }

    /// The files of `module`: `module.rs`, and those of the folder `module/`.
    fn files(src: &Path, module: &str) -> Vec<PathBuf> {
        let mut files = vec![src.join(format!("{module}.rs"))];
        let mut folders = vec![src.join(module)];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        files.into_iter().filter(|f| f.exists()).collect()
    }

    /// The crate's modules each names in its code (`crate::x`, `use crate::{x, ...}`; a name
    /// the crate re-exports counts as its module's), comments and tests aside.
    fn named(src: &Path, module: &str, modules: &[String]) -> Vec<String> {
        let lib = include_str!("lib.rs");
        let owner = |name: &str| -> String {
            lib.lines()
                .filter_map(|l| l.strip_prefix("pub use "))
                .find(|l| {
                    let items = l.split_once("::").map_or("", |(_, items)| items);
                    items
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .any(|item| item == name)
                })
                .and_then(|l| l.split("::").next())
                .map_or_else(|| name.to_string(), str::to_string)
        };
        let mut names = Vec::new();
        for file in files(src, module) {
            let text = std::fs::read_to_string(file).unwrap();
            let code = text
                .split("#[cfg(test)]\nmod tests")
                .next()
                .unwrap_or_default();
            for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
                for (i, _) in line.match_indices("crate::") {
                    let rest = &line[i + "crate::".len()..];
                    let rest = rest.strip_prefix('{').unwrap_or(rest);
                    for path in rest.split(',') {
                        let name: String = path
                            .trim_start()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        let name = owner(&name);
                        if modules.contains(&name) && name != module && !names.contains(&name) {
                            names.push(name);
                        }
                        if !path.trim_start().starts_with(|c: char| c.is_alphanumeric()) {
                            break;
                        }
                    }
                }
            }
        }
        names
    }

    /// No module names one before it in the documented order, so the modules make no circle;
    /// and every module is in the order.
    #[test]
    fn each_module_uses_only_those_after_it() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let order = order();
        let declared: Vec<String> = include_str!("lib.rs")
            .lines()
            .filter_map(|l| l.trim_start_matches("pub ").strip_prefix("mod "))
            .filter_map(|l| l.strip_suffix(';'))
            .map(str::to_string)
            .collect();
        let mut sorted = order.clone();
        sorted.sort();
        let mut listed = declared.clone();
        listed.sort();
        assert_eq!(
            sorted, listed,
            "the documented modules are the declared ones"
        );
        for (i, module) in order.iter().enumerate() {
            for name in named(&src, module, &order) {
                let at = order.iter().position(|m| *m == name);
                assert!(
                    at.is_some_and(|at| at > i),
                    "{module} names crate::{name}, which is not after it"
                );
            }
        }
    }
}
