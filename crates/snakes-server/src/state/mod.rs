//! The server's shared state, [`AppState`]: the configuration, the store, the registry of
//! tables (each a running actor, or a finished table's lobby line), the lobby's changes and the
//! counters. The web handlers, the sessions, the page's analysis and the accept loop reach the
//! tables through it; it reaches each table through its actor (`actor.rs`).
//!
//! Creating a table (checks, the allowance per address, the place under `--max-tables`) is
//! `create.rs`.

mod create;

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use snakes_text::{Catalogue, LOCALES, Listener, Narrator, Refusal};
use tokio::sync::{Semaphore, oneshot, watch};

pub use create::Created;

use crate::Config;
use crate::actor::{Actor, Entry, Lobby, Registry, TableCmd, TableHandle};
use crate::protocol::{
    GameRecord, LOBBY_PAGE_BYTES, LOBBY_PAGE_ROWS, LOBBY_ROW_BYTES, ServerMessage, Status, TableId,
    TableSummary, TableView,
};
use crate::session::TokenBucket;
use crate::store::{Store, StoreError, StoredTable};
use crate::table::{RestoreError, Setup, TableState};
use crate::view::{self, Refused, Words};

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
    /// The connections allowed and the server's own files do not fit the limit on open files.
    #[error(
        "--max-connections {max_connections} and {reserved} files for the server itself need {needed} open files, but this process may open {limit} (RLIMIT_NOFILE, raised to its hard limit); lower --max-connections to {fits} or raise the limit"
    )]
    Descriptors {
        /// `--max-connections`.
        max_connections: u64,
        /// What the server keeps for itself.
        reserved: u64,
        /// Both.
        needed: u64,
        /// The limit, raised as far as it goes.
        limit: u64,
        /// The most connections that fit.
        fits: u64,
    },
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
    /// The same, per client address and network (their quotas of open tables).
    creating_by: std::sync::Mutex<crate::fair::Shares>,
    /// Each client address's allowance of new tables.
    quotas: std::sync::Mutex<HashMap<IpAddr, TokenBucket>>,
    /// Each client address's allowance of HTTP requests.
    requests: std::sync::Mutex<HashMap<IpAddr, TokenBucket>>,
    /// The analyses: their cache, each address's budget of CPU time, the threads they run on.
    analyses: crate::analysis::Analyses,
    /// Boards are read on blocking threads, at most this many at once.
    parsing: Semaphore,
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
                    config.clock.clone(),
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
        let analyses = crate::analysis::Analyses::new(&config);
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
                creating_by: std::sync::Mutex::default(),
                quotas: std::sync::Mutex::default(),
                requests: std::sync::Mutex::default(),
                analyses,
                parsing: Semaphore::new(parsers),
            }),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The store.
    pub(crate) fn store(&self) -> &Store {
        &self.inner.store
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

    /// Takes one request from the allowance of the client at `ip` (its address: an IPv6 /64 is
    /// one): `--http-rate` a second, in bursts of twice as many. False when it is spent.
    pub(crate) fn may_request(&self, ip: IpAddr) -> bool {
        let config = &self.inner.config;
        let now = config.clock.now();
        let mut buckets = self
            .inner
            .requests
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() > 10_000 {
            // Forget the addresses whose allowance is whole again.
            buckets.retain(|_, b| !b.is_full(now));
        }
        buckets
            .entry(crate::fair::Client::of(ip, config).address)
            .or_insert_with(|| TokenBucket::new(config.http_rate, config.http_rate * 2.0, now))
            .take(now)
    }

    /// The analyses: their cache, budgets and threads.
    pub(crate) fn analyses(&self) -> &crate::analysis::Analyses {
        &self.inner.analyses
    }

    pub(crate) fn next_conn(&self) -> u64 {
        self.inner.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Open connections (counted by [`serve_on`](crate::serve_on)).
    pub fn connections(&self) -> usize {
        self.inner.connections.load(Ordering::Acquire)
    }

    pub(crate) fn connection_count(&self) -> &AtomicUsize {
        &self.inner.connections
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
                    self.inner.config.clock.clone(),
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

    /// Every table's lobby line, newest first, in English (for tests and tools: the lobby's
    /// answers are pages, [`AppState::lobby_page`]).
    pub fn list(&self) -> Vec<TableSummary> {
        let tables = self
            .inner
            .tables
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        tables.values().rev().map(Entry::summary).collect()
    }

    /// A page of the lobby in the language `LOCALES[lang]`: the lines of the tables older than
    /// `after` (all when `None`), newest first, at most [`LOBBY_PAGE_ROWS`] of them and
    /// [`LOBBY_PAGE_BYTES`] of JSON (the row that would pass it starts the next page); and
    /// the `after` of the next page, if there are older tables.
    pub fn lobby_page(
        &self,
        after: Option<TableId>,
        lang: usize,
    ) -> (Vec<TableSummary>, Option<TableId>) {
        let lines: Vec<TableSummary> = {
            let tables = self
                .inner
                .tables
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let older = tables.range(..after.unwrap_or(TableId::MAX)).rev();
            // One more than a page: whether there is a next page.
            older
                .take(LOBBY_PAGE_ROWS + 1)
                .map(|(_, e)| e.summary())
                .collect()
        };
        let mut page = Vec::with_capacity(LOBBY_PAGE_ROWS);
        let mut bytes = 0;
        let mut next = None;
        for line in lines {
            let line = line.in_language(lang);
            let size = serde_json::to_vec(&line).map_or(LOBBY_ROW_BYTES, |v| v.len());
            if page.len() == LOBBY_PAGE_ROWS
                || (!page.is_empty() && bytes + size > LOBBY_PAGE_BYTES)
            {
                next = page.last().map(|l: &TableSummary| l.id);
                break;
            }
            bytes += size;
            page.push(line);
        }
        (page, next)
    }

    /// The lobby's page after `after` in the language `LOCALES[lang]`, as its message.
    pub(crate) fn lobby_message(&self, after: Option<TableId>, lang: usize) -> ServerMessage {
        let (tables, next) = self.lobby_page(after, lang);
        ServerMessage::Tables {
            tables,
            after,
            next,
        }
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
            let now = self.inner.config.clock.now();
            return Ok(view::table_view(&table, &words, None, now));
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
}

/// A stored table rebuilt from its log (its actor not started), closing when idle.
fn rebuild(config: &Config, t: StoredTable) -> Result<TableState, RestoreError> {
    let setup = Setup::of_record(&t.record).map_err(|source| RestoreError::Setup {
        table: t.id,
        source,
    })?;
    let now = config.clock.now();
    let state = TableState::restore(t.id, setup, config.timing, &t.events, &t.tokens, now)?;
    Ok(state
        .close_when_idle(config.idle)
        .abandon_when_unwatched(config.abandon)
        .with_max_turns(config.max_turns))
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}
