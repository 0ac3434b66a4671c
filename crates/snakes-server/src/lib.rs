//! The Snakes and Ladders game server: 2-4 people (and bots) play at tables in their browsers.
//!
//! - [`app`] builds the HTTP router (the page, the lobby's JSON API and the WebSocket at `/ws`)
//!   without binding a socket, so tests drive it directly.
//! - Each table is an actor task that owns its game ([`table`]); a registry maps table ids to
//!   their handles. There is no lock around games. A table nobody follows for
//!   [`Config::idle`] is put away: a waiting one is logged as abandoned and closed, a finished
//!   one keeps only its lobby line and is rebuilt from its log when someone asks for it.
//! - Every event goes to the SQLite store ([`store`]) before anyone hears of it; on start the
//!   server rebuilds every table from its log.
//! - The WebSocket protocol is typed ([`protocol`]); the words come from `snakes-text`.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use snakes_server::{AppState, Config, app};
//! let config = Config { db: "snakes.db".into(), ..Config::default() };
//! let state = AppState::open(config).await?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, app(state)).await?;
//! # Ok(()) }
//! ```

pub mod analysis;
pub mod bench;
pub mod protocol;
pub mod session;
pub mod store;
pub mod table;
pub mod text;
mod web;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use snakes::{Board, BoardWarning, Rules};
use tokio::sync::{oneshot, watch};

pub use web::app;

use crate::protocol::{CreateTable, Status, TableId, TableSummary, TableView};
use crate::store::{Store, StoreError, StoredTable, TableRecord};
use crate::table::{Entry, IdleClose, Refused, Registry, Table, TableCmd, TableHandle, Timing};
use crate::text::{Listener, Narrator, Refusal};

/// How the server runs. [`Config::default`] gives the documented defaults.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen.
    pub bind: SocketAddr,
    /// The SQLite file.
    pub db: PathBuf,
    /// Delays of bots, the grace period and the turn timer.
    pub timing: Timing,
    /// Most tables waiting or playing at once.
    pub max_tables: usize,
    /// A waiting table nobody is connected to for this long is abandoned; a finished one's
    /// actor stops (it is rebuilt from its log when asked). Zero: never.
    pub idle: Duration,
    /// Most WebSocket connections at once.
    pub max_connections: usize,
    /// Largest message a client may send, in bytes.
    pub max_message_bytes: usize,
    /// Messages per second a connection may send, on average.
    pub rate_per_sec: f64,
    /// Messages a connection may send in a burst.
    pub rate_burst: f64,
    /// Sync every commit to the disk (survives a power cut), not only to the operating system
    /// (survives a killed process).
    pub full_sync: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("snakes.db"),
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
            max_message_bytes: 64 * 1024,
            rate_per_sec: 20.0,
            rate_burst: 40.0,
            full_sync: false,
        }
    }
}

/// Why the server could not start.
#[derive(Debug)]
pub enum ServerError {
    /// The store could not be opened or read.
    Store(StoreError),
    /// A stored table could not be rebuilt.
    Restore(table::RestoreError),
    /// The address could not be bound, or serving failed.
    Io(std::io::Error),
}

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServerError::Store(e) => e.fmt(f),
            ServerError::Restore(e) => e.fmt(f),
            ServerError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ServerError {}

impl From<StoreError> for ServerError {
    fn from(e: StoreError) -> Self {
        ServerError::Store(e)
    }
}

impl From<std::io::Error> for ServerError {
    fn from(e: std::io::Error) -> Self {
        ServerError::Io(e)
    }
}

/// The server's shared state: configuration, store, the registry of tables, counters.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    config: Config,
    store: Store,
    tables: Registry,
    connections: AtomicUsize,
    next_conn: AtomicU64,
    shutdown: watch::Sender<bool>,
    narrator: Narrator,
}

/// A created table: its id, and the creator's seat and secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Created {
    /// The table.
    pub table: TableId,
    /// The creator's seat (0).
    pub seat: usize,
    /// The creator's secret.
    pub token: String,
    /// What the seat means, in words, for the page to say.
    pub text: String,
}

impl AppState {
    /// Opens the store (creating and migrating it), rebuilds every stored table and starts its
    /// actor. Must run inside a Tokio runtime.
    ///
    /// # Errors
    /// When the store cannot be opened or a table cannot be rebuilt from its log.
    pub async fn open(config: Config) -> Result<AppState, ServerError> {
        let store = Store::open(&config.db, config.full_sync)?;
        let stored = store.load_all().await?;
        let registry: Registry = Arc::default();
        let mut tables = BTreeMap::new();
        for t in stored {
            let id = t.id;
            let table = rebuild(&config, &store, t).map_err(ServerError::Restore)?;
            if table.is_abandoned() {
                continue;
            }
            // A finished game no longer changes: keep its lobby line, rebuild it when asked.
            let entry = if table.lobby_line().status == Status::Finished {
                Entry::Retired(table.lobby_line())
            } else {
                Entry::Live(
                    table
                        .close_when_idle(idle_close(&config, &registry))
                        .spawn(),
                )
            };
            tables.insert(id, entry);
        }
        if !tables.is_empty() {
            tracing::info!(tables = tables.len(), "tables restored from the store");
        }
        *registry
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = tables;
        let (shutdown, _) = watch::channel(false);
        Ok(AppState {
            inner: Arc::new(Inner {
                config,
                store,
                tables: registry,
                connections: AtomicUsize::new(0),
                next_conn: AtomicU64::new(1),
                shutdown,
                narrator: Narrator::new(Vec::new()),
            }),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// Tells every connection to close (the server is stopping).
    pub fn shut_down(&self) {
        self.inner.shutdown.send_replace(true);
    }

    /// A receiver that turns `true` when the server stops.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.inner.shutdown.subscribe()
    }

    /// A refusal with the sentence for it, from outside any table.
    pub fn refused(&self, refusal: Refusal) -> Refused {
        let message = self.inner.narrator.refusal(&refusal, Listener::Spectator);
        Refused { refusal, message }
    }

    /// The words said outside any table.
    pub(crate) fn narrator(&self) -> &Narrator {
        &self.inner.narrator
    }

    pub(crate) fn next_conn(&self) -> u64 {
        self.inner.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Counts a new connection; false when the limit is reached.
    pub(crate) fn try_connect(&self) -> bool {
        let max = self.inner.config.max_connections;
        self.inner
            .connections
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            })
            .is_ok()
    }

    pub(crate) fn disconnect(&self) {
        self.inner.connections.fetch_sub(1, Ordering::AcqRel);
    }

    /// Open WebSocket connections.
    pub fn connections(&self) -> usize {
        self.inner.connections.load(Ordering::Acquire)
    }

    fn entry(&self, id: TableId) -> Option<Entry> {
        self.inner
            .tables
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&id)
            .cloned()
    }

    /// Whether a table exists (waiting, playing, or finished).
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`].
    pub fn exists(&self, id: TableId) -> Result<(), Refused> {
        self.entry(id)
            .map(|_| ())
            .ok_or_else(|| self.refused(Refusal::NoSuchTable))
    }

    /// The handle of a table whose actor runs now (a finished table's may have stopped).
    pub fn live(&self, id: TableId) -> Option<TableHandle> {
        match self.entry(id)? {
            Entry::Live(h) => Some(h),
            Entry::Retired(_) => None,
        }
    }

    /// The handle of a table, rebuilding a finished one from its log when its actor stopped.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`], or [`Refusal::StoreFailed`] when the log cannot be read.
    pub async fn table(&self, id: TableId) -> Result<TableHandle, Refused> {
        match self.entry(id) {
            None => Err(self.refused(Refusal::NoSuchTable)),
            Some(Entry::Live(h)) => Ok(h),
            Some(Entry::Retired(_)) => self.reload(id).await,
        }
    }

    async fn reload(&self, id: TableId) -> Result<TableHandle, Refused> {
        let failed = |message: String| {
            tracing::error!(table = id, "cannot reload a finished table: {message}");
            self.refused(Refusal::StoreFailed)
        };
        let stored = self
            .inner
            .store
            .load_one(id)
            .await
            .map_err(|e| failed(e.to_string()))?
            .ok_or_else(|| self.refused(Refusal::NoSuchTable))?;
        let table = rebuild(&self.inner.config, &self.inner.store, stored)
            .map_err(|e| failed(e.to_string()))?;
        let mut tables = self
            .inner
            .tables
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Another request may have reloaded it meanwhile: keep that one.
        match tables.get(&id) {
            None => Err(self.refused(Refusal::NoSuchTable)),
            Some(Entry::Live(h)) => Ok(h.clone()),
            Some(Entry::Retired(_)) => {
                let idle = idle_close(&self.inner.config, &self.inner.tables);
                let handle = table.close_when_idle(idle).spawn();
                tables.insert(id, Entry::Live(handle.clone()));
                tracing::debug!(table = id, "finished table reloaded");
                Ok(handle)
            }
        }
    }

    /// Queues a command at a table; when its actor stopped meanwhile, looks the table up
    /// again (a finished table is rebuilt).
    async fn send(&self, id: TableId, mut cmd: TableCmd) -> Result<(), Refused> {
        for _ in 0..3 {
            let handle = self.table(id).await?;
            match handle.tx.send(cmd).await {
                Ok(()) => return Ok(()),
                Err(tokio::sync::mpsc::error::SendError(back)) => cmd = back,
            }
        }
        Err(self.refused(Refusal::NoSuchTable))
    }

    /// Every table's lobby line, newest first.
    pub fn list(&self) -> Vec<TableSummary> {
        let tables = self
            .inner
            .tables
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        tables
            .values()
            .rev()
            .map(|e| match e {
                Entry::Live(h) => h.summary.borrow().clone(),
                Entry::Retired(summary) => summary.clone(),
            })
            .collect()
    }

    /// Sends a command to a table and waits for the answer.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`], or the table's refusal.
    pub async fn ask<T>(
        &self,
        id: TableId,
        make: impl FnOnce(oneshot::Sender<Result<T, Refused>>) -> TableCmd,
    ) -> Result<T, Refused> {
        let (tx, rx) = oneshot::channel();
        self.send(id, make(tx)).await?;
        rx.await
            .unwrap_or_else(|_| Err(self.refused(Refusal::NoSuchTable)))
    }

    /// The whole table as it is.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`].
    pub async fn view(&self, id: TableId) -> Result<TableView, Refused> {
        let (tx, rx) = oneshot::channel();
        self.send(id, TableCmd::View { reply: tx }).await?;
        rx.await.map_err(|_| self.refused(Refusal::NoSuchTable))
    }

    /// Creates a table: checks the board, rules, seats and name, stores it, seats the creator
    /// (the host) and the bots asked for.
    ///
    /// # Errors
    /// [`Refusal::BadBoard`], [`Refusal::BadRules`], [`Refusal::BadName`],
    /// [`Refusal::BadMessage`] (seats or bots out of range), [`Refusal::TooManyTables`].
    pub async fn create(&self, c: CreateTable) -> Result<Created, Refused> {
        let name = table::check_name(&c.name).map_err(|r| self.refused(r))?;
        let (board, rules) = parse_setup(&c.board, &c.rules).map_err(|_| {
            // Say which part is wrong: parse the two apart.
            match c.rules.trim().parse::<Rules>() {
                Err(e) => self.refused(Refusal::BadRules {
                    detail: e.to_string(),
                }),
                Ok(rules) => self.refused(Refusal::BadBoard {
                    detail: board_problem(&c.board, &rules).unwrap_or_default(),
                }),
            }
        })?;
        if !(2..=4).contains(&c.seats) {
            return Err(self.refused(Refusal::BadMessage {
                detail: format!("a table has 2 to 4 seats, not {}", c.seats),
            }));
        }
        if c.bots >= c.seats {
            return Err(self.refused(Refusal::BadMessage {
                detail: format!(
                    "{} bots leave no seat for you at a table of {} seats",
                    c.bots, c.seats
                ),
            }));
        }
        let active = self
            .list()
            .iter()
            .filter(|t| t.status != Status::Finished)
            .count();
        if active >= self.inner.config.max_tables {
            return Err(self.refused(Refusal::TooManyTables));
        }
        let board_name = if board == Board::classic() {
            "classic"
        } else {
            "custom"
        };
        let record = TableRecord {
            board_name: board_name.to_string(),
            board: board.to_layout_json(),
            rules: rules.to_string(),
            seats: c.seats,
            seed: table::new_seed(),
            created_at: unix_now(),
        };
        let id = self.inner.store.create(record.clone()).await.map_err(|e| {
            tracing::error!(error = %e, "cannot create a table");
            self.refused(Refusal::StoreFailed)
        })?;
        let handle = Table::new(
            id,
            record,
            Arc::new(board),
            rules,
            self.inner.config.timing,
            self.inner.store.clone(),
        )
        .close_when_idle(idle_close(&self.inner.config, &self.inner.tables))
        .spawn();
        self.inner
            .tables
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(id, Entry::Live(handle));
        tracing::info!(table = id, "table created");
        let (seat, token) = self
            .ask(id, |reply| TableCmd::Join {
                name,
                seat: Some(0),
                reply,
            })
            .await?;
        for _ in 0..c.bots {
            let seq = self.view(id).await?.summary.seq;
            let token = token.clone();
            self.ask(id, |reply| TableCmd::AddBot { token, seq, reply })
                .await?;
        }
        let free = c.seats - 1 - c.bots;
        Ok(Created {
            table: id,
            seat,
            token,
            text: self.inner.narrator.seated_host(id, seat, free),
        })
    }
}

fn idle_close(config: &Config, registry: &Registry) -> IdleClose {
    IdleClose {
        after: config.idle,
        registry: registry.clone(),
    }
}

/// A stored table rebuilt from its log (its actor not started).
fn rebuild(config: &Config, store: &Store, t: StoredTable) -> Result<Table, table::RestoreError> {
    let (board, rules) =
        parse_setup(&t.record.board, &t.record.rules).map_err(|m| table::RestoreError {
            table: t.id,
            message: m,
        })?;
    let fresh = Table::new(
        t.id,
        t.record,
        Arc::new(board),
        rules,
        config.timing,
        store.clone(),
    );
    Table::restore(fresh, &t.events, &t.tokens)
}

/// A board and rules from text, checked the way the command line checks them, and refused when
/// no game on them could end.
fn parse_setup(board: &str, rules: &str) -> Result<(Board, Rules), String> {
    let rules: Rules = rules.trim().parse().map_err(|e| format!("rules: {e}"))?;
    if let Some(problem) = board_problem(board, &rules) {
        return Err(problem);
    }
    let board = read_board(board).map_err(|e| e.to_string())?;
    Ok((board, rules))
}

fn read_board(text: &str) -> Result<Board, snakes::BoardError> {
    match Board::named(text.trim()) {
        Some(b) => Ok(b),
        None => Board::parse(text),
    }
}

/// What is wrong with a board under `rules`, if anything.
fn board_problem(text: &str, rules: &Rules) -> Option<String> {
    let board = match read_board(text) {
        Ok(b) => b,
        Err(e) => return Some(e.to_string()),
    };
    match snakes::check(&board, rules) {
        Err(e) => Some(e.to_string()),
        Ok(warnings) => warnings
            .into_iter()
            .find(BoardWarning::may_never_end)
            .map(|w| w.to_string()),
    }
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Runs the server until Ctrl+C or SIGTERM: binds `config.bind`, calls `ready` with the bound
/// address (the port is chosen by the system when it is 0), then serves.
///
/// # Errors
/// When the store cannot be opened, a table cannot be restored, or the address cannot be bound.
pub async fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ServerError> {
    let listener = tokio::net::TcpListener::bind(config.bind).await?;
    let addr = listener.local_addr()?;
    // Small messages that must go at once: without TCP_NODELAY, Nagle's algorithm holds a
    // message back until the previous one is acknowledged, and delayed acknowledgements make
    // that tens of milliseconds.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
    });
    let state = AppState::open(config).await?;
    ready(addr);
    tracing::info!(%addr, "listening");
    let stopping = state.clone();
    axum::serve(listener, app(state))
        .with_graceful_shutdown(async move {
            shutdown_signal().await;
            tracing::info!("shutting down");
            stopping.shut_down();
        })
        .await?;
    Ok(())
}

/// Builds a runtime and runs [`serve`] on it: for callers without one (the command line).
///
/// # Errors
/// As [`serve`], and when the runtime cannot be built.
pub fn serve_blocking(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(config, ready))
}

/// Sets up logging through `tracing`, with the level from `RUST_LOG` (`info` when unset), in
/// colour only when standard error is a terminal and `NO_COLOR` is unset.
pub fn init_logging() {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none())
        .try_init();
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
