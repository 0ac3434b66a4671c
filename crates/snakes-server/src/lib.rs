//! The Snakes and Ladders game server: 2-4 people (and bots) play at tables in their browsers.
//!
//! - [`app`] builds the HTTP router (the page, the lobby's JSON API and the WebSocket at `/ws`)
//!   without binding a socket, so tests drive it directly.
//! - A table is a pure state machine (`table.rs`: its state decides what a command causes and
//!   applies events, with no clock, dice or I/O of its own), owned by one actor task
//!   (`actor.rs`) that decides, appends the events to the store, applies them and tells the
//!   listeners. A registry maps table ids to their actors; there is no lock around games. A table
//!   nobody follows for [`Config::idle`] is put away: a waiting one is logged as abandoned and
//!   closed, a finished one keeps only its lobby line and is rebuilt from its log when someone
//!   asks for it.
//! - Every event goes to the SQLite store (`store.rs`) before anyone hears of it; on start the
//!   server rebuilds every table by folding its log.
//! - The WebSocket protocol is typed ([`protocol`]); what people and pages see of a table is
//!   projected in `view.rs`, with every word from `snakes-text`.
//! - [`serve_on`] accepts connections itself (`listen.rs`), so that every connection, HTTP or
//!   WebSocket, counts against the caps per client address and in total, and a client that
//!   sends its request headers too slowly is dropped (hyper's header-read timeout).
//! - A game's dice are ChaCha20 from a 256-bit key whose SHA-256 is announced before the first
//!   roll and which is revealed at the end (`secret.rs`), so [`verify`] can recompute them.
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
mod analysis;
mod listen;
pub mod protocol;
mod secret;
mod session;
mod store;
mod table;
pub mod verify;
mod view;
mod web;

use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use snakes::{Board, Rules};
use snakes_text::{Catalogue, Detail, LOCALES, Listener, Narrator, Refusal};
use tokio::sync::{Semaphore, oneshot, watch};

pub use actor::{Outbox, PAGE_EVENTS, TableHandle};
pub use listen::serve_on;
pub use secret::{CHACHA20, DiceSource, TableDice, XOSHIRO, commitment_of};
pub use session::{Session, TokenBucket};
pub use store::StoreError;
pub use table::{ApplyError, BadSetup, MAX_TURNS, RestoreError, Timing};
pub use view::Refused;
pub use web::app;

use crate::actor::{Actor, Entry, Lobby, Registry, TableCmd, lobby_changed, now};
use crate::protocol::{CreateTable, GameRecord, Status, TableId, TableSummary, TableView};
use crate::store::{Store, StoredTable, TableRecord};
use crate::table::{Setup, TableState, check_name};
use crate::view::Words;

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

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The store could not be opened or read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored table could not be rebuilt.
    #[error(transparent)]
    Restore(#[from] RestoreError),
    /// The address could not be bound, or serving failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
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
    /// The words said outside any table, one narrator per language of `LOCALES`.
    narrators: Vec<Narrator>,
    lobby: Lobby,
    /// Tables being created: counted against `--max-tables` from before the store is asked
    /// until the table is in the registry (changed only under the registry's write lock, or
    /// lowered when a creation fails).
    creating: AtomicUsize,
    /// Each client address's allowance of new tables.
    quotas: std::sync::Mutex<HashMap<IpAddr, TokenBucket>>,
    /// Boards are read on blocking threads, at most this many at once.
    parsing: Semaphore,
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
        let parsers = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        let stored = store.load_all().await?;
        let registry: Registry = Arc::default();
        let lobby: Lobby = Arc::new(watch::channel(0).0);
        let mut tables = BTreeMap::new();
        for t in stored {
            let id = t.id;
            let table = rebuild(&config, t)?;
            if table.is_abandoned() {
                continue;
            }
            // A finished game no longer changes: keep its lobby line, rebuild it when asked.
            let entry = if table.status() == Status::Finished {
                Entry::Retired(view::summary(&table, &Words::new(&table)))
            } else {
                Entry::Live(Actor::spawn(
                    table,
                    store.clone(),
                    registry.clone(),
                    lobby.clone(),
                ))
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
                narrators: (0..LOCALES.len())
                    .map(|lang| Narrator::with_catalogue(Vec::new(), Catalogue::shipped(lang)))
                    .collect(),
                lobby,
                creating: AtomicUsize::new(0),
                quotas: std::sync::Mutex::default(),
                parsing: Semaphore::new(parsers),
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

    /// A receiver that changes whenever the lobby's list does (a table created, started,
    /// finished or closed, a seat taken or left).
    pub fn lobby_changes(&self) -> watch::Receiver<u64> {
        self.inner.lobby.subscribe()
    }

    /// A refusal with the sentence for it, from outside any table, in English.
    pub fn refused(&self, refusal: Refusal) -> Refused {
        self.refused_in(refusal, 0)
    }

    /// A refusal with the sentence for it, from outside any table, in the language
    /// `LOCALES[lang]`.
    pub fn refused_in(&self, refusal: Refusal, lang: usize) -> Refused {
        let message = self.narrator(lang).refusal(&refusal, Listener::Spectator);
        Refused { refusal, message }
    }

    /// The words said outside any table, in the language `LOCALES[lang]` (English when there
    /// is no such language).
    pub(crate) fn narrator(&self, lang: usize) -> &Narrator {
        let narrators = &self.inner.narrators;
        narrators.get(lang).unwrap_or(&narrators[0])
    }

    /// The place in `LOCALES` of the language `tag` names (see `Locale::position`).
    ///
    /// # Errors
    /// [`Refusal::UnknownLocale`] naming the languages there are, in the language `LOCALES[lang]`.
    pub fn language(&self, tag: &str, lang: usize) -> Result<usize, Refused> {
        snakes_text::Locale::position(tag).ok_or_else(|| {
            self.refused_in(
                Refusal::UnknownLocale {
                    // At most 40 characters of what was sent, and a sign when it was cut.
                    locale: if tag.chars().count() > 40 {
                        tag.chars().take(40).chain(['…']).collect()
                    } else {
                        tag.to_string()
                    },
                    available: LOCALES.iter().map(|l| l.tag.to_string()).collect(),
                },
                lang,
            )
        })
    }

    pub(crate) fn next_conn(&self) -> u64 {
        self.inner.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Open connections (counted by [`serve_on`]).
    pub fn connections(&self) -> usize {
        self.inner.connections.load(Ordering::Acquire)
    }

    pub(crate) fn connection_count(&self) -> &AtomicUsize {
        &self.inner.connections
    }

    /// Takes one table from `peer`'s allowance; false when it is spent (a client without an
    /// address, as in tests of the router alone, has no allowance to spend).
    fn may_create(&self, peer: Option<IpAddr>) -> bool {
        let Some(ip) = peer else {
            return true;
        };
        let per_minute = self.inner.config.creates_per_minute;
        let now = std::time::Instant::now();
        let mut quotas = self
            .inner
            .quotas
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if quotas.len() > 10_000 {
            // Forget the addresses whose allowance is whole again.
            quotas.retain(|_, b| !b.is_full(now));
        }
        quotas
            .entry(ip)
            .or_insert_with(|| TokenBucket::new(per_minute / 60.0, per_minute.max(1.0)))
            .take(now)
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

    /// A finished table rebuilt from its log, without starting its actor.
    async fn load_finished(&self, id: TableId) -> Result<TableState, Refused> {
        let failed = |e: &dyn std::error::Error| {
            tracing::error!(table = id, error = %e, "cannot reload a finished table");
            self.refused(Refusal::StoreFailed)
        };
        let stored = self
            .inner
            .store
            .load_one(id)
            .await
            .map_err(|e| failed(&e))?
            .ok_or_else(|| self.refused(Refusal::NoSuchTable))?;
        rebuild(&self.inner.config, stored).map_err(|e| failed(&e))
    }

    async fn reload(&self, id: TableId) -> Result<TableHandle, Refused> {
        let table = self.load_finished(id).await?;
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
                let handle = Actor::spawn(
                    table,
                    self.inner.store.clone(),
                    self.inner.tables.clone(),
                    self.inner.lobby.clone(),
                );
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

    /// Every table's lobby line, newest first, in English.
    pub fn list(&self) -> Vec<TableSummary> {
        self.list_in(0)
    }

    /// Every table's lobby line, newest first, in the language `LOCALES[lang]`.
    pub fn list_in(&self, lang: usize) -> Vec<TableSummary> {
        let tables = self
            .inner
            .tables
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        tables
            .values()
            .rev()
            .map(|e| match e {
                Entry::Live(h) => h.summary().in_language(lang),
                Entry::Retired(summary) => summary.in_language(lang),
            })
            .collect()
    }

    /// Sends a command to a table and waits for the answer.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`], or the table's refusal.
    pub(crate) async fn ask<T>(
        &self,
        id: TableId,
        make: impl FnOnce(oneshot::Sender<Result<T, Refused>>) -> TableCmd,
    ) -> Result<T, Refused> {
        let (tx, rx) = oneshot::channel();
        self.send(id, make(tx)).await?;
        rx.await
            .unwrap_or_else(|_| Err(self.refused(Refusal::NoSuchTable)))
    }

    /// The whole table as it is, in English.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`].
    pub async fn view(&self, id: TableId) -> Result<TableView, Refused> {
        self.view_in(id, 0).await
    }

    /// The whole table as it is, in the language `LOCALES[lang]`.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`].
    pub async fn view_in(&self, id: TableId, lang: usize) -> Result<TableView, Refused> {
        // A finished table put away is read, not brought back: looking at thousands of them
        // (the analysis's observed games) must not start thousands of actors.
        if let Some(Entry::Retired(_)) = self.entry(id) {
            let table = self.load_finished(id).await?;
            let words = Words::in_language(&table, lang);
            return Ok(view::table_view(&table, &words, None, now()));
        }
        let (tx, rx) = oneshot::channel();
        self.send(id, TableCmd::View { lang, reply: tx }).await?;
        rx.await.map_err(|_| self.refused(Refusal::NoSuchTable))
    }

    /// The game's record, for anyone to check its dice.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`].
    pub async fn record(&self, id: TableId) -> Result<GameRecord, Refused> {
        if let Some(Entry::Retired(_)) = self.entry(id) {
            return Ok(view::record(&self.load_finished(id).await?));
        }
        let (tx, rx) = oneshot::channel();
        self.send(id, TableCmd::Record { reply: tx }).await?;
        rx.await.map_err(|_| self.refused(Refusal::NoSuchTable))
    }

    /// Creates a table for a client whose address is not known (see [`AppState::create_from`]).
    ///
    /// # Errors
    /// As [`AppState::create_from`].
    pub async fn create(&self, c: CreateTable) -> Result<Created, Refused> {
        self.create_from(c, None, 0).await
    }

    /// Creates a table for a client at `peer`: checks the name, seats and the client's
    /// allowance of new tables, reserves a place under `--max-tables` (before anything is
    /// awaited), checks the board's size, reads the board and rules (on a blocking thread),
    /// stores the table, seats the creator (the host) and the bots asked for. What the seat
    /// means is said in the language `LOCALES[lang]`.
    ///
    /// # Errors
    /// [`Refusal::BadBoard`], [`Refusal::BadRules`], [`Refusal::BadName`],
    /// [`Refusal::BadSeats`] (seats or bots out of range), [`Refusal::TooManyRequests`] (the
    /// address's allowance is spent), [`Refusal::TooManyTables`].
    pub async fn create_from(
        &self,
        c: CreateTable,
        peer: Option<IpAddr>,
        lang: usize,
    ) -> Result<Created, Refused> {
        let name = check_name(&c.name).map_err(|r| self.refused(r))?;
        if !(2..=4).contains(&c.seats) {
            return Err(self.refused(Refusal::BadSeats {
                detail: Detail::SeatCount { seats: c.seats },
            }));
        }
        if c.bots >= c.seats {
            return Err(self.refused(Refusal::BadSeats {
                detail: Detail::TooManyBots {
                    bots: c.bots,
                    seats: c.seats,
                },
            }));
        }
        if !self.may_create(peer) {
            return Err(self.refused(Refusal::TooManyRequests));
        }
        // The place first: nothing is read for a table that could not be made.
        let place = self.reserve()?;
        let (board, rules) = self.read_setup(c.board, c.rules).await?;
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
            dice: DiceSource::new_key(),
            created_at: unix_now(),
        };
        let id = self.inner.store.create(record.clone()).await.map_err(|e| {
            tracing::error!(error = %e, "cannot create a table");
            self.refused(Refusal::StoreFailed)
        })?;
        let setup = Setup {
            board_name: record.board_name,
            board: Arc::new(board),
            rules,
            seats: record.seats,
            dice: record.dice,
        };
        let table = TableState::new(id, setup, self.inner.config.timing, now())
            .close_when_idle(self.inner.config.idle)
            .with_max_turns(self.inner.config.max_turns);
        let handle = Actor::spawn(
            table,
            self.inner.store.clone(),
            self.inner.tables.clone(),
            self.inner.lobby.clone(),
        );
        {
            let mut tables = self
                .inner
                .tables
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            tables.insert(id, Entry::Live(handle));
            place.taken();
        }
        lobby_changed(&self.inner.lobby);
        tracing::info!(table = id, "table created");
        let (seat, token) = self
            .ask(id, |reply| TableCmd::Join {
                name,
                seat: Some(0),
                conn: None,
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
            text: self.narrator(lang).seated_host(id, seat, free),
        })
    }

    /// Reads a board and rules for a new table: the board's size is checked against
    /// `--max-squares` before it is built, and the reading runs on a blocking thread, a few at
    /// a time.
    async fn read_setup(&self, board: String, rules: String) -> Result<(Board, Rules), Refused> {
        let max = self.inner.config.max_squares;
        let squares = match Board::named(board.trim()) {
            Some(b) => u64::from(b.last()),
            None => {
                Board::squares_in(&board).map_err(|e| self.refused(BadSetup::from(e).refusal()))?
            }
        };
        if squares > u64::from(max) {
            return Err(self.refused(Refusal::BadBoard {
                detail: Detail::BoardTooLarge {
                    squares,
                    max: u64::from(max),
                },
            }));
        }
        let permit = self
            .inner
            .parsing
            .acquire()
            .await
            .map_err(|_| self.refused(Refusal::TooManyRequests))?;
        let read = tokio::task::spawn_blocking(move || Setup::read(&board, &rules)).await;
        drop(permit);
        match read {
            Ok(Ok(setup)) => Ok(setup),
            Ok(Err(e)) => Err(self.refused(e.refusal())),
            Err(e) => {
                tracing::error!(error = %e, "reading a board failed");
                Err(self.refused(Refusal::StoreFailed))
            }
        }
    }

    /// Reserves a place for a new table under `--max-tables`, counting the tables waiting or
    /// playing and those being created, under the registry's lock: simultaneous creations
    /// cannot all see the last free place.
    ///
    /// # Errors
    /// [`Refusal::TooManyTables`].
    fn reserve(&self) -> Result<Place<'_>, Refused> {
        let tables = self
            .inner
            .tables
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let active = tables
            .values()
            .filter(|e| match e {
                Entry::Live(h) => h.status() != Status::Finished,
                Entry::Retired(_) => false,
            })
            .count();
        let creating = self.inner.creating.load(Ordering::Acquire);
        if active + creating >= self.inner.config.max_tables {
            return Err(self.refused(Refusal::TooManyTables));
        }
        self.inner.creating.fetch_add(1, Ordering::AcqRel);
        drop(tables);
        Ok(Place {
            creating: &self.inner.creating,
            taken: false,
        })
    }
}

/// A place reserved under `--max-tables` for a table being created; given back when the
/// creation fails.
struct Place<'a> {
    creating: &'a AtomicUsize,
    taken: bool,
}

impl Place<'_> {
    /// The table is in the registry (call under its write lock): it counts there now.
    fn taken(mut self) {
        self.taken = true;
        self.creating.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        if !self.taken {
            self.creating.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

/// A stored table rebuilt from its log (its actor not started), closing when idle.
fn rebuild(config: &Config, t: StoredTable) -> Result<TableState, RestoreError> {
    let setup = Setup::of_record(&t.record).map_err(|source| RestoreError::Setup {
        table: t.id,
        source,
    })?;
    let state = TableState::restore(t.id, setup, config.timing, &t.events, &t.tokens, now())?;
    Ok(state
        .close_when_idle(config.idle)
        .with_max_turns(config.max_turns))
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
    let state = AppState::open(config).await?;
    ready(addr);
    tracing::info!(%addr, "listening");
    let stopping = state.clone();
    serve_on(listener, state, async move {
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
