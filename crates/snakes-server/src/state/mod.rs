//! The server's shared state, [`AppState`]: the configuration, the store, the registry of
//! tables (each a running actor, or a finished table's lobby line), the lobby's changes and the
//! counters. The web handlers, the sessions, the page's analysis and the accept loop reach the
//! tables through it; it reaches each table through its actor (`actor.rs`).
//!
//! Creating a table (checks, the allowance per address, the place under `--max-tables`) is
//! `create.rs`.

mod cluster;
mod create;
pub(crate) mod games;
pub(crate) mod lobby;
pub(crate) mod members;
pub(crate) mod moderation;
mod owners;
pub(crate) mod passkeys;
mod retention;
mod talk;

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use snakes_text::{Catalogue, LOCALES, Narrator, Refusal};
use tokio::sync::{Semaphore, oneshot, watch};

pub use create::Created;
pub(crate) use retention::keep_tidy;
pub(crate) use talk::LobbyTalk;

use crate::Config;
use crate::actor::{
    Actor, Claim, ConnId, Entry, Lobby, Registry, TableCmd, TableHandle, lobby_changed,
};
use crate::fair::Allowances;
use crate::locks::{Lock, Shared};
use crate::metrics::Metrics;
use crate::protocol::{
    GameRecord, LOBBY_PAGE_BYTES, LOBBY_PAGE_ROWS, LOBBY_ROW_BYTES, ServerMessage, Status,
    TableEvent, TableId, TableSummary, TableView,
};
use crate::store::{Instance, Listed, Store, StoreError, StoredTable, TableStatus};
use crate::table::{Command, RestoreError, Setup, TableState};
use crate::view::{self, Refused, Tongues, Words};

/// The tables' reads from the store for the pages, failing or not: logged once when they start
/// failing (the database out of reach, every page asking), then every few seconds.
static READS: crate::logs::Trouble =
    crate::logs::Trouble::new("the tables cannot be read from the store");

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The store could not be opened or read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The TLS certificate or key cannot be served.
    #[error(transparent)]
    Tls(#[from] crate::tls::TlsError),
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
    quotas: Allowances<IpAddr>,
    /// What each network may still say in each place (the lobby, a table), by place and network.
    talk_shares: Allowances<(Option<TableId>, IpAddr)>,
    /// Each client address's allowance of HTTP requests.
    requests: Allowances<IpAddr>,
    /// The analyses: their cache, each address's budget of CPU time, the threads they run on.
    analyses: Arc<crate::analysis::Analyses>,
    /// Boards are read, and the words of new tables' boards built, on blocking threads, at
    /// most one fewer than the cores at once (at least one): a core is left to the games.
    parsing: Semaphore,
    /// Finished tables read from the store, kept up to a number of bytes.
    cache: std::sync::Mutex<lobby::Cache>,
    /// Finished records kept built, and the budget of bytes read.
    reads: crate::reads::Reads,
    /// The lobby's pages as last sent, by where they start and their language, with the
    /// lobby's version they show: thousands of followers woken by one change share one page.
    lobby_pages: tokio::sync::Mutex<LobbyPages>,
    /// The tables being brought into memory (claimed, read, their actor started), each one
    /// at a time.
    loading: owners::Loadings,
    /// With several servers on one PostgreSQL: the leases, the others.
    cluster: Option<Arc<crate::cluster::Cluster>>,
    /// The counters of `/metrics`.
    metrics: Metrics,
    /// What people say in the lobby.
    talk: LobbyTalk,
    /// The silences and bans in force, the addresses names were seen from, the reports.
    moderation: moderation::Moderation,
    /// The tries to sign in, the threads for passwords' hashes.
    members: crate::members::Members,
}

/// The lobby's pages last built: by where a page starts and its language, the lobby's version
/// and the page.
type LobbyPages =
    std::collections::HashMap<(Option<TableId>, usize), (u64, tungstenite::Utf8Bytes)>;

/// Pages of the lobby kept at most (the first page in each language, and the pages people
/// turned to).
const LOBBY_PAGES_KEPT: usize = 256;

impl AppState {
    /// Opens the store (creating and migrating it), rebuilds every stored table and starts its
    /// actor. Must run inside a Tokio runtime.
    ///
    /// # Errors
    /// When the store cannot be opened or a table cannot be rebuilt from its log.
    pub async fn open(config: Config) -> Result<AppState, ServerError> {
        let address = config
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", config.bind));
        let me = Instance::new(address, config.lease);
        let store = Store::open(&config.db, config.full_sync, me, true).await?;
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        let parsers = cores.saturating_sub(1).max(1);
        let metrics = Metrics::new();
        list_unlisted(&config, &store, &metrics).await?;
        let registry: Registry = Arc::default();
        let lobby: Lobby = Arc::new(watch::channel(0).0);
        let tables = first_tables(&config, &store, &metrics, (&registry, &lobby)).await?;
        *registry.writing() = tables;
        let (shutdown, _) = watch::channel(false);
        let analyses = Arc::new(crate::analysis::Analyses::new(&config));
        let cluster = match &store {
            Store::Postgres(pg) => {
                // The heartbeat first: the server is ready (a page's socket is not refused)
                // from the moment it listens.
                let sent = tokio::time::Instant::now();
                let beat = pg.renew(&[]).await.is_ok().then_some(sent);
                Some(Arc::new(crate::cluster::Cluster::new(pg.clone(), beat)))
            }
            Store::Sqlite(_) => None,
        };
        let quotas = Allowances::new(
            config.creates_per_minute / 60.0,
            config.creates_per_minute.max(1.0),
        );
        let requests = Allowances::new(config.http_rate, config.http_rate * 2.0);
        let reads = crate::reads::Reads::new(config.read_bytes_per_sec, config.clock.now());
        let state = AppState {
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
                quotas,
                talk_shares: Allowances::new(talk::NETWORK_TALK_RATE, talk::NETWORK_TALK_BURST),
                requests,
                analyses,
                parsing: Semaphore::new(parsers),
                cache: std::sync::Mutex::default(),
                reads,
                lobby_pages: tokio::sync::Mutex::default(),
                loading: owners::Loadings::default(),
                cluster,
                metrics,
                talk: LobbyTalk::default(),
                moderation: moderation::Moderation::default(),
                members: crate::members::Members::default(),
            }),
        };
        // The silences and bans in force from the start: a ban holds across a restart.
        state.reread_sanctions().await;
        // The hash a name nobody has is checked against, made before anyone signs in.
        let members = state.clone();
        tokio::spawn(async move { members.members().prepare().await });
        cluster::start(&state);
        Ok(state)
    }

    /// With several servers on one PostgreSQL, this server's part in the cluster.
    pub(crate) fn cluster(&self) -> Option<&Arc<crate::cluster::Cluster>> {
        self.inner.cluster.as_ref()
    }

    /// Whether this server may serve players: always with one server; with several, while
    /// the last renewal of its leases that came back was sent less than a lease ago and its
    /// writes make progress (`/readyz`; a socket is refused with 503 otherwise).
    pub fn ready(&self) -> bool {
        self.inner
            .cluster
            .as_ref()
            .is_none_or(|c| c.ready(self.inner.config.lease))
    }

    /// The addresses of the servers running (with several), for the pages.
    pub fn peers(&self) -> Vec<String> {
        self.inner
            .cluster
            .as_ref()
            .map(|c| c.peers())
            .unwrap_or_default()
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The server's metrics.
    pub(crate) fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// The status of every table this server holds now (a finished table put away counts as
    /// finished; those another server serves are not counted).
    pub(crate) fn statuses(&self) -> Vec<Status> {
        self.inner
            .tables
            .reading()
            .values()
            .filter_map(|e| match e {
                Entry::Live(h) => Some(h.status()),
                Entry::Retired(_) => Some(Status::Finished),
                Entry::Remote(_) => None,
            })
            .collect()
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

    /// What people say in the lobby.
    pub(crate) fn lobby_talk(&self) -> &LobbyTalk {
        &self.inner.talk
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
    /// [`Refusal::UnknownLocale`] naming the languages there are.
    pub fn language(&self, tag: &str) -> Result<usize, Refused> {
        snakes_text::Locale::position(tag).ok_or_else(|| {
            Refused::from(Refusal::UnknownLocale {
                // At most 40 characters of what was sent, and a sign when it was cut.
                locale: if tag.chars().count() > 40 {
                    tag.chars().take(40).chain(['…']).collect()
                } else {
                    tag.to_string()
                },
                available: LOCALES.iter().map(|l| l.tag.to_string()).collect(),
            })
        })
    }

    /// Takes one request from the allowance of the client at `ip` (its address: an IPv6 /64 is
    /// one): `--http-rate` a second, in bursts of twice as many. False when it is spent.
    pub(crate) fn may_request(&self, ip: IpAddr) -> bool {
        let config = &self.inner.config;
        let address = crate::fair::Client::of(ip, config).address;
        self.inner.requests.take(address, config.clock.now())
    }

    /// How long a game lasts on the board of table `id`, for a client at `peer` (whose budget
    /// of CPU time pays for what is not cached yet), in the language `LOCALES[lang]`: the
    /// table's view and the finished games on its board, handed to
    /// [`crate::analysis::table_analysis`].
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`]; [`Refusal::StoreFailed`] when the store cannot give the
    /// finished games (the server's trouble, not the asker's); the analysis's own refusals.
    pub(crate) async fn table_analysis(
        &self,
        id: TableId,
        lang: usize,
        peer: Option<IpAddr>,
    ) -> Result<crate::analysis::TableAnalysis, Refused> {
        let view = self.view(id).await?;
        let (board, _) = crate::analysis::setup_of(&view)?;
        let layout = board.to_layout_json();
        let games = (self.store().finished_games(layout, view.summary.seat_count))
            .await
            .map_err(|e| {
                tracing::error!(error = %e, "reading finished games failed");
                Refused::from(Refusal::StoreFailed)
            })?;
        let server = crate::analysis::Server {
            analyses: &self.inner.analyses,
            config: self.config(),
            metrics: self.metrics(),
        };
        crate::analysis::table_analysis(&server, &view, &games, lang, peer).await
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
        self.inner.tables.reading().get(&id).cloned()
    }

    /// Whether a table exists (waiting, playing, or finished).
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`].
    pub fn exists(&self, id: TableId) -> Result<(), Refused> {
        self.entry(id)
            .map(|_| ())
            .ok_or_else(|| Refused::from(Refusal::NoSuchTable))
    }

    /// The handle of a table whose actor runs now (a finished table's may have stopped).
    pub fn live(&self, id: TableId) -> Option<TableHandle> {
        match self.entry(id)? {
            Entry::Live(h) => Some(h),
            Entry::Retired(_) | Entry::Remote(_) => None,
        }
    }

    /// The handle of a table: its actor, started when the table is not in memory (a finished
    /// one rebuilt from its log; with several servers, one in play whose owner's lease ran out,
    /// claimed first).
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`]; [`Refusal::Moved`] when another server serves it;
    /// [`Refusal::StoreFailed`] when the store cannot be read.
    pub async fn table(&self, id: TableId) -> Result<TableHandle, Refused> {
        match self.entry(id) {
            Some(Entry::Live(h)) => Ok(h),
            _ => self.reload(id).await,
        }
    }

    /// Whether a table exists, waiting, playing or finished, here or on another server.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`], or [`Refusal::StoreFailed`] when the store cannot be read.
    pub async fn find(&self, id: TableId) -> Result<(), Refused> {
        if self.entry(id).is_some() {
            return Ok(());
        }
        match self.row_within(id).await? {
            Some(row) if row.status != Some(TableStatus::Abandoned) => Ok(()),
            _ => Err(Refused::from(Refusal::NoSuchTable)),
        }
    }

    /// Table `id`'s lobby row, read within a lease: a server cut off from its database answers
    /// at once rather than when the connection gives up (a minute or more).
    ///
    /// # Errors
    /// When the store fails or does not answer in time: with several servers
    /// [`Refusal::Moved`] to no address (the page tries the other servers, which can reach the
    /// table), else [`Refusal::StoreFailed`].
    async fn row_within(&self, id: TableId) -> Result<Option<Listed>, Refused> {
        let asked = tokio::time::timeout(self.inner.config.lease, self.inner.store.row(id)).await;
        let problem = match asked {
            Ok(Ok(row)) => {
                READS.recovered();
                return Ok(row);
            }
            Ok(Err(e)) => e.to_string(),
            Err(_) => "no answer within a lease".to_string(),
        };
        READS.failed(&format_args!("table {id}: {problem}"));
        Err(Refused::from(if self.inner.store.is_shared() {
            Refusal::Moved {
                address: String::new(),
            }
        } else {
            Refusal::StoreFailed
        }))
    }

    /// A table as stored, rebuilt from its log without starting its actor (a finished one's
    /// log kept in the cache). A finished table whose log cannot be rebuilt is quarantined.
    async fn load_stored(&self, id: TableId) -> Result<TableState, Refused> {
        let cached = self.inner.cache.locked().get(id);
        let stored = match cached {
            Some(t) => t,
            None => Arc::new(
                self.inner
                    .store
                    .load_one(id)
                    .await
                    .map_err(|e| {
                        tracing::error!(table = id, error = %e, "cannot read a table from the store");
                        Refused::from(Refusal::StoreFailed)
                    })?
                    .ok_or_else(|| Refused::from(Refusal::NoSuchTable))?,
            ),
        };
        if stored.status == Some(TableStatus::Quarantined) {
            return Err(Refused::from(Refusal::Quarantined));
        }
        let table = match rebuild(&self.inner.config, StoredTable::clone(&stored)) {
            Ok(table) => table,
            Err(e) => {
                // Another server may serve a table in play, from its own memory: only a
                // table over is marked from a read.
                if stored.status == Some(TableStatus::Finished) {
                    self.quarantine(id, 0, &e).await;
                } else {
                    tracing::error!(table = id, error = %e, "cannot rebuild a table");
                }
                return Err(Refused::from(Refusal::Quarantined));
            }
        };
        // A table closed before anyone played is gone, as it is from the lobby.
        if table.is_abandoned() {
            return Err(Refused::from(Refusal::NoSuchTable));
        }
        if table.status() == Status::Finished {
            self.inner.cache.locked().put(stored);
        }
        Ok(table)
    }

    /// Starts the actor of a table not in memory: a finished one as it is; one in play once
    /// claimed (with one server, always granted; with several, when nobody else's lease on it
    /// runs). A table in play whose log cannot be rebuilt is quarantined.
    async fn reload(&self, id: TableId) -> Result<TableHandle, Refused> {
        let _turn = self.loading(id).await;
        if let Some(Entry::Live(h)) = self.entry(id) {
            return Ok(h);
        }
        // Not ready (cut from the database, stopping): another server takes the table.
        if !self.ready() {
            return Err(Refused::from(Refusal::Moved {
                address: String::new(),
            }));
        }
        let failed = |e: &StoreError| {
            READS.failed(&format_args!("table {id}: {e}"));
            Refused::from(if self.inner.store.is_shared() {
                // Another server may reach the database: the page tries them.
                Refusal::Moved {
                    address: String::new(),
                }
            } else {
                Refusal::StoreFailed
            })
        };
        let store = &self.inner.store;
        let row = self.row_within(id).await?;
        let asked = tokio::time::Instant::now();
        let epoch = match row.as_ref().map(|r| r.status) {
            None | Some(Some(TableStatus::Abandoned)) => {
                return Err(Refused::from(Refusal::NoSuchTable));
            }
            Some(Some(TableStatus::Quarantined)) => {
                return Err(Refused::from(Refusal::Quarantined));
            }
            // Nothing is written to a finished table: no claim.
            Some(Some(TableStatus::Finished)) => 0,
            // In play, or a row from before statuses (listed again at start).
            Some(Some(TableStatus::Waiting | TableStatus::Playing) | None) => {
                match store.claim(id).await.map_err(|e| failed(&e))? {
                    Some(epoch) => epoch,
                    None => {
                        let owner = store.owner(id).await.map_err(|e| failed(&e))?;
                        let address = owner.map(|o| o.address).unwrap_or_default();
                        return Err(Refused::from(Refusal::Moved { address }));
                    }
                }
            }
        };
        let table = if epoch == 0 {
            self.load_stored(id).await?
        } else {
            // A claimed table's log as it is now, after the claim: the old owner can append
            // nothing more.
            let stored = store
                .load_one(id)
                .await
                .map_err(|e| failed(&e))?
                .ok_or_else(|| Refused::from(Refusal::NoSuchTable))?;
            // Quarantined by another server between the look at its row and the claim.
            if stored.status == Some(TableStatus::Quarantined) {
                return Err(Refused::from(Refusal::Quarantined));
            }
            match rebuild(&self.inner.config, stored) {
                Ok(table) => table,
                Err(e) => {
                    self.quarantine(id, epoch, &e).await;
                    return Err(Refused::from(Refusal::Quarantined));
                }
            }
        };
        let claim = Arc::new(Claim::new(epoch, asked, self.inner.config.lease));
        self.start_actor(table, claim)
            .await
            .ok_or_else(|| Refused::from(Refusal::StoreFailed))
    }

    /// `table` with its words, built on a blocking thread when one of the `parsing` permits is
    /// free ([`crate::view::tongues_ready`]); `None` when the server is stopping.
    pub(crate) async fn words(&self, table: TableState) -> Option<(TableState, Tongues)> {
        let _permit = self.inner.parsing.acquire().await.ok()?;
        crate::view::tongues_ready(table).await
    }

    /// Starts the actor of `table`, served under `claim`, in the registry; `None` when the
    /// server is stopping.
    async fn start_actor(&self, table: TableState, claim: Arc<Claim>) -> Option<TableHandle> {
        let epoch = claim.epoch;
        let id = table.id();
        let ready = self.words(table).await?;
        let handle = Actor::spawn(
            ready,
            self.inner.store.clone(),
            self.inner.tables.clone(),
            self.inner.lobby.clone(),
            self.inner.config.clock.clone(),
            self.inner.metrics.clone(),
            claim,
        );
        self.inner
            .tables
            .writing()
            .insert(id, Entry::Live(handle.clone()));
        lobby_changed(&self.inner.lobby);
        tracing::debug!(table = id, epoch, "table brought into memory");
        Some(handle)
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
        Err(Refused::from(Refusal::NoSuchTable))
    }

    /// Every table's lobby line this server holds, newest first, in English (for tests and
    /// tools: the lobby's answers are pages, [`AppState::lobby_page`]).
    pub fn list(&self) -> Vec<TableSummary> {
        let tables = self.inner.tables.reading();
        tables.values().rev().map(Entry::summary).collect()
    }

    /// A page of the lobby in the language `LOCALES[lang]`: the lines of the tables older than
    /// `after` (from the newest when `None`), newest first, at most [`LOBBY_PAGE_ROWS`] of them
    /// and [`LOBBY_PAGE_BYTES`] of JSON (the row that would pass it starts the next page); and
    /// the `after` of the next page, if there are older tables. The tables in memory (those in
    /// play and the newest finished ones) come from the registry; the finished tables older
    /// than those, from the store's rows, once a page reaches them.
    ///
    /// # Errors
    /// [`Refusal::StoreFailed`] when the store cannot be read.
    pub async fn lobby_page(
        &self,
        after: Option<TableId>,
        lang: usize,
    ) -> Result<(Vec<TableSummary>, Option<TableId>), Refused> {
        let below = after.unwrap_or(TableId::MAX);
        // One more than a page: whether there is a next page.
        let (mut lines, oldest_finished): (Vec<TableSummary>, Option<TableId>) = {
            let tables = self.inner.tables.reading();
            let lines = tables
                .range(..below)
                .rev()
                .take(LOBBY_PAGE_ROWS + 1)
                .map(|(_, e)| e.summary())
                .collect();
            let oldest = tables
                .iter()
                .find(|(_, e)| matches!(e, Entry::Retired(_)))
                .map(|(id, _)| *id);
            (lines, oldest)
        };
        // The finished tables the registry does not hold are all older than its oldest
        // finished one: they are read only when this page goes below it.
        if let Some(oldest) = oldest_finished {
            let reaches = lines.len() <= LOBBY_PAGE_ROWS || lines.iter().any(|l| l.id < oldest);
            if reaches {
                let rows = self
                    .inner
                    .store
                    .finished_rows(Some(below.min(oldest)), LOBBY_PAGE_ROWS + 1)
                    .await
                    .map_err(|e| {
                        tracing::error!(error = %e, "cannot read the finished tables");
                        Refused::from(Refusal::StoreFailed)
                    })?;
                lines.extend(
                    rows.iter()
                        .filter_map(|r| r.summary.as_deref().and_then(lobby::summary_of)),
                );
                lines.sort_by_key(|l| std::cmp::Reverse(l.id));
                lines.dedup_by_key(|l| l.id);
            }
        }
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
        Ok((page, next))
    }

    /// The lobby's page after `after` in the language `LOCALES[lang]`, as its message.
    ///
    /// # Errors
    /// As [`AppState::lobby_page`].
    pub(crate) async fn lobby_message(
        &self,
        after: Option<TableId>,
        lang: usize,
    ) -> Result<ServerMessage, Refused> {
        let (tables, next) = self.lobby_page(after, lang).await?;
        Ok(ServerMessage::Tables {
            tables,
            after,
            next,
        })
    }

    /// [`AppState::lobby_message`] as the socket sends it, built once per change of the lobby
    /// for every follower of the same page in the same language.
    ///
    /// # Errors
    /// As [`AppState::lobby_message`].
    pub(crate) async fn lobby_json(
        &self,
        after: Option<TableId>,
        lang: usize,
    ) -> Result<tungstenite::Utf8Bytes, Refused> {
        let mut pages = self.inner.lobby_pages.lock().await;
        // Read under the lock: a page built for an older version is built again.
        let version = *self.inner.lobby.borrow();
        if let Some((built, page)) = pages.get(&(after, lang))
            && *built == version
        {
            return Ok(page.clone());
        }
        let page = crate::view::to_json(&self.lobby_message(after, lang).await?);
        if pages.len() >= LOBBY_PAGES_KEPT {
            pages.clear();
        }
        pages.insert((after, lang), (version, page.clone()));
        Ok(page)
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
            .unwrap_or_else(|_| Err(Refused::from(Refusal::NoSuchTable)))
    }

    /// Has table `id` do `command` for the connection `conn` (if any), whose language is
    /// `LOCALES[lang]`; returns the events it caused.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`], or the table's refusal.
    pub(crate) async fn act(
        &self,
        id: TableId,
        command: Command,
        conn: Option<ConnId>,
        lang: usize,
    ) -> Result<Vec<TableEvent>, Refused> {
        self.ask(id, |reply| TableCmd::Act {
            command,
            conn,
            lang,
            reply,
        })
        .await
    }

    /// A moderator named `by` closes table `id` for `reason` (empty: none given), whether it
    /// waits or plays: everyone following it hears who closed it and why ("The moderator Mo
    /// closed the table: spam in the talk."), and it is closed for good, as an abandoned table
    /// is (gone from the lobby, not brought back by a restart). Returns once the closing is
    /// stored and told. Who may close a table is the caller's to decide.
    ///
    /// # Errors
    /// [`Refusal::BadName`] for a name and [`Refusal::BadText`] for a reason that could not be
    /// said (the rules of names and of talk); [`Refusal::NoSuchTable`]; [`Refusal::Moved`] when
    /// another server serves it; [`Refusal::GameOver`] for a game over;
    /// [`Refusal::StoreFailed`].
    pub async fn close_table(&self, id: TableId, by: &str, reason: &str) -> Result<(), Refused> {
        let by = snakes_text::names::check_name(by)
            .map_err(|detail| Refused::from(Refusal::BadName { detail }))?;
        let reason = match reason.trim() {
            "" => String::new(),
            text => snakes_text::talk::check_text(text)
                .map_err(|detail| Refused::from(Refusal::BadText { detail }))?,
        };
        self.ask(id, |reply| TableCmd::Close { by, reason, reply })
            .await
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
        // A table whose actor is not here is read, not brought back: looking at thousands of
        // finished ones (the analysis's observed games) must not start thousands of actors,
        // and one served by another server is seen as it is stored.
        if !matches!(self.entry(id), Some(Entry::Live(_))) {
            let table = self.load_stored(id).await?;
            let words = Words::in_language(&table, lang);
            let now = self.inner.config.clock.now();
            return Ok(view::table_view(&table, &words, None, now));
        }
        let (tx, rx) = oneshot::channel();
        self.send(id, TableCmd::View { lang, reply: tx }).await?;
        rx.await.map_err(|_| Refused::from(Refusal::NoSuchTable))
    }

    /// The game's record, for anyone to check its dice.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`].
    pub async fn record(&self, id: TableId) -> Result<GameRecord, Refused> {
        if !matches!(self.entry(id), Some(Entry::Live(_))) {
            return Ok(view::record(&self.load_stored(id).await?));
        }
        let (tx, rx) = oneshot::channel();
        self.send(id, TableCmd::Record { reply: tx }).await?;
        rx.await.map_err(|_| Refused::from(Refusal::NoSuchTable))
    }
}

impl AppState {
    /// The game's record as it is sent ([`crate::reads::Built`]): a finished one built once and
    /// kept; records are built one at a time, off the async threads.
    ///
    /// # Errors
    /// [`Refusal::NoSuchTable`], [`Refusal::StoreFailed`].
    pub(crate) async fn record_answer(
        &self,
        id: TableId,
    ) -> Result<Arc<crate::reads::Built>, Refused> {
        let reads = &self.inner.reads;
        if let Some(built) = reads.record(id) {
            return Ok(built);
        }
        let _one = reads.building.lock().await;
        if let Some(built) = reads.record(id) {
            return Ok(built);
        }
        let record = self.record(id).await?;
        let finished = record.status == crate::protocol::Status::Finished;
        let seq = record.events.last().map_or(0, |e| e.seq);
        let built = tokio::task::spawn_blocking(move || {
            crate::reads::Built::new(id, seq, finished, &record)
        })
        .await
        .map_err(|_| Refused::from(Refusal::StoreFailed))?;
        let built = Arc::new(built);
        if finished {
            reads.keep(id, built.clone());
        }
        Ok(built)
    }

    /// Whether `bytes` of a read may be sent now to a client at `peer`
    /// ([`crate::reads::Reads::may_send`]).
    pub(crate) fn may_read(&self, peer: Option<IpAddr>, bytes: usize) -> bool {
        let config = &self.inner.config;
        let network = peer.map(|ip| crate::fair::Client::of(ip, config).network);
        self.inner
            .reads
            .may_send(network, bytes, config.clock.now())
    }
}

/// Writes the lobby row of every table that has none (a file of a server from before the rows,
/// a table made but never sat at), replaying each log once; a log that cannot be replayed is
/// quarantined.
async fn list_unlisted(
    config: &Config,
    store: &Store,
    metrics: &Metrics,
) -> Result<(), ServerError> {
    let ids = store.unlisted().await?;
    if ids.is_empty() {
        return Ok(());
    }
    tracing::info!(tables = ids.len(), "writing the lobby rows of older tables");
    for id in ids {
        if let Some(t) = store.load_one(id).await? {
            match rebuild(config, t) {
                Ok(table) => store.set_row(id, lobby::row_now(&table)).await?,
                Err(e) => owners::quarantine(store, metrics, id, 0, &e).await,
            }
        }
    }
    Ok(())
}

/// A stored table rebuilt from its log (its actor not started), closing when idle.
pub(crate) fn rebuild(config: &Config, t: StoredTable) -> Result<TableState, RestoreError> {
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

/// The tables a server starts with: with one server, every table in play rebuilt from its log
/// and running (a log that does not rebuild is quarantined); with several, none yet (the sweeps
/// claim them, `cluster.rs`), the others' listed from their rows; and the newest finished rows.
async fn first_tables(
    config: &Config,
    store: &Store,
    metrics: &Metrics,
    (registry, news): (&Registry, &Lobby),
) -> Result<BTreeMap<TableId, Entry>, ServerError> {
    let mut tables = BTreeMap::new();
    // The tables in play: with one server all of them; with several, none yet: the sweeps
    // claim those nobody serves, one at a time, once this server's heartbeat is renewed
    // (`cluster.rs`); the others' stay theirs, listed from their rows.
    if !store.is_shared() {
        let started = tokio::time::Instant::now();
        for t in store.open_tables().await? {
            let id = t.id;
            let table = match rebuild(config, t) {
                Ok(table) => table,
                Err(e) => {
                    owners::quarantine(store, metrics, id, 0, &e).await;
                    continue;
                }
            };
            if table.is_abandoned() {
                continue;
            }
            let Some(ready) = crate::view::tongues_ready(table).await else {
                break;
            };
            let handle = Actor::spawn(
                ready,
                store.clone(),
                registry.clone(),
                news.clone(),
                config.clock.clone(),
                metrics.clone(),
                Arc::new(Claim::new(1, started, config.lease)),
            );
            tables.insert(id, Entry::Live(handle));
        }
        if !tables.is_empty() {
            tracing::info!(tables = tables.len(), "tables restored from the store");
        }
    }
    metrics.set_quarantined(store.quarantined().await?);
    for row in store.open_rows().await? {
        if !tables.contains_key(&row.id)
            && let Some(summary) = row.summary.as_deref().and_then(lobby::summary_of)
        {
            tables.insert(row.id, Entry::Remote(summary));
        }
    }
    // The finished tables' newest rows; their logs are read when someone asks.
    for row in store.finished_rows(None, lobby::LISTED_FINISHED).await? {
        if let Some(summary) = row.summary.as_deref().and_then(lobby::summary_of) {
            tables.entry(row.id).or_insert(Entry::Retired(summary));
        }
    }
    Ok(tables)
}

use crate::clock::unix_now;
