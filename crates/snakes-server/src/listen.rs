//! Accepting connections: the caps on connections per client address, per network and in total, and
//! hyper's limits on each connection (how long its request headers may take, how large they may
//! be), before the router sees a request.
//!
//! `axum::serve` has no place for either, so this is the same loop with them: each accepted
//! socket is counted (and answered 503 with a `too_many_requests` refusal when a cap is reached),
//! then served by hyper's HTTP/1 connection with a header-read timeout, which also closes a
//! connection left idle between requests. The count of a connection that becomes a WebSocket
//! moves into the socket's task and ends with it ([`ConnSlot`]).
//!
//! [`serve`] runs a whole server from its [`Config`] until Ctrl+C or SIGTERM.

use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

use crate::client_addr::{canonical, client_addr, is_trusted};
use crate::conn::{LocalAddr, Place, Secure};
use crate::fair::{Client, Shares, Standing};
use crate::locks::Lock;
use crate::metrics::Cap;
use crate::protocol::Refusal;
use crate::tls::Tls;
use crate::view::{Refused, to_json};
use crate::{AppState, Config, ServerError};

/// Open connections per client address and per network, and who may make room.
type PerAddress = Arc<Mutex<Room>>;

/// A network holding fewer connections than this is a newcomer when the server is full: a
/// household's tabs and the page's own HTTP connection beside its WebSocket.
pub const NEWCOMER: usize = 8;

/// The connections open, counted per address and per network, and each network's WebSockets
/// oldest first: when the server is full, the network holding the most lets its oldest one
/// that holds no seat go, to admit a newcomer ([`Room::make_way`]).
#[derive(Default)]
pub struct Room {
    shares: Shares,
    sockets: HashMap<IpAddr, BTreeMap<u64, Arc<Standing>>>,
    next: u64,
    /// Connections told to go and not gone yet: the newcomers they let in are over the total
    /// meanwhile, at most [`REFUSING`] of them.
    yielding: usize,
}

impl Room {
    /// Counts one more connection for `client`, registered among its network's, oldest last.
    fn enter(&mut self, client: Client) -> (u64, Arc<Standing>) {
        self.shares.take(client, usize::MAX, usize::MAX);
        self.next += 1;
        let standing = Arc::new(Standing::default());
        self.sockets
            .entry(client.network)
            .or_default()
            .insert(self.next, standing.clone());
        (self.next, standing)
    }

    /// Gives back the connection `id` of `client`.
    fn leave(&mut self, client: Client, id: u64, standing: &Standing) {
        self.shares.give_back(client);
        if let Some(ours) = self.sockets.get_mut(&client.network) {
            ours.remove(&id);
            if ours.is_empty() {
                self.sockets.remove(&client.network);
            }
        }
        if standing.yielded.load(Ordering::Acquire) {
            self.yielding = self.yielding.saturating_sub(1);
        }
    }

    /// Whether a connection of `client` may come in over the total because another makes room:
    /// its network holds fewer than [`NEWCOMER`] connections, the network holding the most
    /// holds at least twice as many as the newcomer's would, and one of that network's
    /// WebSockets holds no seat; the oldest such is told to go (closed with [`YIELDED`](crate::conn::YIELDED)).
    fn make_way(&mut self, client: Client) -> bool {
        let (_, ours) = self.shares.held(client);
        if ours >= NEWCOMER || self.yielding >= REFUSING {
            return false;
        }
        let Some((network, most)) = self.shares.largest_network() else {
            return false;
        };
        if network == client.network || most < 2 * (ours + 1) {
            return false;
        }
        let Some(going) = self.sockets.get(&network).and_then(|theirs| {
            theirs.values().find(|s| {
                s.websocket.load(Ordering::Acquire)
                    && !s.seated.load(Ordering::Acquire)
                    && !s.yielded.load(Ordering::Acquire)
            })
        }) else {
            return false;
        };
        going.yielded.store(true, Ordering::Release);
        going.go.notify_one();
        self.yielding += 1;
        true
    }
}

/// One counted connection, or one request a trusted proxy forwarded: it counts until the last
/// clone is dropped (the HTTP connection, and the WebSocket task it became, each hold one).
pub struct ConnSlot {
    state: AppState,
    per_address: PerAddress,
    /// Counted against `--max-connections` (a connection, not a forwarded request).
    total: bool,
    /// Counted against `--max-connections-per-address` and `--max-connections-per-network` for
    /// this client (not a proxy's own connection, whose requests are counted each for its
    /// client).
    client: Option<Client>,
    /// Its place among its network's connections, and its standing there.
    id: u64,
    standing: Arc<Standing>,
    /// The proxy's connection a forwarded request came on: it stays counted while the request
    /// (or the WebSocket it became) lives.
    _connection: Option<Arc<ConnSlot>>,
    /// Held while the connection (or the WebSocket it became) lives: a stopping server waits
    /// for every one to be dropped.
    _open: Option<watch::Receiver<()>>,
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        if self.total {
            self.state.connection_count().fetch_sub(1, Ordering::AcqRel);
        }
        let Some(client) = self.client else { return };
        self.per_address
            .locked()
            .leave(client, self.id, &self.standing);
    }
}

impl ConnSlot {
    /// What the server knows of the connection when it is full (a WebSocket sets it).
    pub fn standing(&self) -> &Arc<Standing> {
        &self.standing
    }
}

/// Whether `client` may open one more connection under the caps per address and per network
/// (counting the cap it hit).
fn within_caps(state: &AppState, room: &Room, client: Client) -> bool {
    let config = state.config();
    let (mine, ours) = room.shares.held(client);
    if mine >= config.max_connections_per_address {
        state.metrics().cap_hit(Cap::ConnectionsPerAddress);
        return false;
    }
    if ours >= config.max_connections_per_network {
        state.metrics().cap_hit(Cap::ConnectionsPerNetwork);
        return false;
    }
    true
}

/// Counts a connection (from `ip`, unless it is a trusted proxy's, whose requests are counted
/// each for its client), or `None` when the address's or the network's cap is reached, or the
/// total is and nobody makes room ([`Room::make_way`]).
fn admit(
    state: &AppState,
    per_address: &PerAddress,
    ip: Option<IpAddr>,
    open: &watch::Receiver<()>,
) -> Option<Arc<ConnSlot>> {
    let config = state.config();
    let client = ip.map(|ip| Client::of(ip, config));
    let mut room = per_address.locked();
    if let Some(client) = client
        && !within_caps(state, &room, client)
    {
        return None;
    }
    let total = state.connection_count();
    let counted = total.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
        (n < config.max_connections).then_some(n + 1)
    });
    if counted.is_err() {
        if !client.is_some_and(|client| room.make_way(client)) {
            state.metrics().cap_hit(Cap::Connections);
            return None;
        }
        state.metrics().connection_made_room();
        total.fetch_add(1, Ordering::AcqRel);
    }
    let (id, standing) = match client {
        Some(client) => room.enter(client),
        None => (0, Arc::default()),
    };
    Some(Arc::new(ConnSlot {
        state: state.clone(),
        per_address: per_address.clone(),
        total: true,
        client,
        id,
        standing,
        _connection: None,
        _open: Some(open.clone()),
    }))
}

/// Counts a request a trusted proxy forwarded for the client at `ip`, on the proxy's
/// `connection`, or `None` when that client's cap (or its network's) is reached.
fn admit_forwarded(
    state: &AppState,
    per_address: &PerAddress,
    ip: IpAddr,
    connection: &Arc<ConnSlot>,
) -> Option<Arc<ConnSlot>> {
    let client = Client::of(ip, state.config());
    let mut room = per_address.locked();
    if !within_caps(state, &room, client) {
        return None;
    }
    let (id, standing) = room.enter(client);
    Some(Arc::new(ConnSlot {
        state: state.clone(),
        per_address: per_address.clone(),
        total: false,
        client: Some(client),
        id,
        standing,
        _connection: Some(connection.clone()),
        _open: None,
    }))
}

/// Files the server keeps open besides its connections: the listeners (and the one of health and
/// metrics), the store's database, its write-ahead log and lock (or the connections to
/// PostgreSQL), the runtime's own, standard input and output, and the answers 503 being written
/// to connections over the caps (at most 32 at once).
pub const RESERVED_FILES: u64 = 128;

/// Connections over the caps answered 503 at once; more are closed without an answer.
const REFUSING: usize = 32;

/// Raises the limit on open files to its hard limit and checks that `max_connections` and the
/// [`RESERVED_FILES`] fit under it; the limit it found.
///
/// # Errors
/// [`ServerError::Descriptors`], naming both numbers.
pub fn fit_open_files(max_connections: usize) -> Result<Option<u64>, ServerError> {
    let needed = (max_connections as u64).saturating_add(RESERVED_FILES);
    #[cfg(unix)]
    {
        use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
        let limit = getrlimit(Resource::Nofile);
        if limit.current.is_some() && limit.current != limit.maximum {
            let raised = Rlimit {
                current: limit.maximum,
                maximum: limit.maximum,
            };
            if let Err(e) = setrlimit(Resource::Nofile, raised) {
                tracing::warn!(error = %e, "cannot raise the limit on open files");
            }
        }
        let now = getrlimit(Resource::Nofile).current;
        if let Some(limit) = now
            && limit < needed
        {
            return Err(ServerError::Descriptors {
                max_connections: max_connections as u64,
                reserved: RESERVED_FILES,
                needed,
                limit,
                fits: limit.saturating_sub(RESERVED_FILES),
            });
        }
        Ok(now)
    }
    #[cfg(not(unix))]
    {
        let _ = needed;
        Ok(None)
    }
}

/// Serves `state` on `listener` until `shutdown` resolves, then lets the open connections
/// finish (WebSockets are told to close by [`AppState::shut_down`]) and returns.
///
/// # Errors
/// When the listener's address cannot be read.
pub async fn serve_on(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_tls_on(listener, state, None, shutdown).await
}

/// [`serve_on`], speaking HTTPS with `tls` when given (its certificate may be reloaded while
/// the server runs: [`Tls::reload`]).
///
/// # Errors
/// When the listener's address cannot be read.
pub async fn serve_tls_on(
    listener: TcpListener,
    state: AppState,
    tls: Option<Tls>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let local = listener.local_addr()?;
    let router = crate::app(state.clone());
    let acceptor = tls.as_ref().map(Tls::acceptor);
    let per_address: PerAddress = Arc::default();
    let refusing = Arc::new(tokio::sync::Semaphore::new(REFUSING));
    // When accepting fails (out of files, which the limit checked at start should prevent),
    // the log says so once a minute, not ten times a second.
    let mut warned: Option<std::time::Instant> = None;
    let mut unsaid = 0u64;
    let (stop_tx, stop_rx) = watch::channel(false);
    // Each connection holds a receiver: `closed` resolves once they are all gone.
    let (open_tx, open_rx) = watch::channel(());
    tokio::pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    // Out of file descriptors, most likely: the connections that hold them
                    // time out by themselves; try again shortly rather than spin.
                    if warned.is_none_or(|t| t.elapsed() >= Duration::from_secs(60)) {
                        tracing::warn!(error = %e, since = unsaid, "cannot accept a connection");
                        warned = Some(std::time::Instant::now());
                        unsaid = 0;
                    } else {
                        unsaid += 1;
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Small messages that must go at once: without TCP_NODELAY, Nagle's algorithm holds a
        // message back until the previous one is acknowledged, and delayed acknowledgements
        // make that tens of milliseconds.
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        // A trusted proxy's connection carries many clients: each request is counted for its
        // own client once its headers say who that is.
        let proxied = is_trusted(peer.ip(), &state.config().trusted_proxies);
        let Some(slot) = admit(
            &state,
            &per_address,
            (!proxied).then(|| canonical(peer.ip())),
            &open_rx,
        ) else {
            tracing::debug!(%peer, "connection refused: too many");
            // A flood of them is closed without an answer: each answer holds a file a moment.
            if let Ok(permit) = refusing.clone().try_acquire_owned() {
                let state = state.clone();
                let tls = acceptor.clone();
                tokio::spawn(async move {
                    refuse(tcp, tls, state).await;
                    drop(permit);
                });
            }
            continue;
        };
        let conn = Conn {
            router: router.clone(),
            state: state.clone(),
            per_address: per_address.clone(),
            slot,
            peer,
            local,
            proxied,
            secure: acceptor.is_some(),
            stop: stop_rx.clone(),
        };
        tokio::spawn(conn.start(tcp, acceptor.clone(), open_rx.clone()));
    }
    drop(listener);
    stop_tx.send_replace(true);
    drop(open_rx);
    // Every connection, and every WebSocket (which closes with 1012 and waits a moment for
    // the client's answer), is gone within a few seconds.
    let _ = tokio::time::timeout(Duration::from_secs(5), open_tx.closed()).await;
    Ok(())
}

/// One accepted connection, to be served.
struct Conn {
    router: axum::Router,
    state: AppState,
    per_address: PerAddress,
    slot: Arc<ConnSlot>,
    peer: SocketAddr,
    local: SocketAddr,
    proxied: bool,
    secure: bool,
    stop: watch::Receiver<bool>,
}

impl Conn {
    /// Serves the connection, over TLS when there is an `acceptor` (its handshake counts as
    /// the request's headers: as long, at most); `open` is held until it ends.
    async fn start(
        self,
        tcp: TcpStream,
        acceptor: Option<tokio_rustls::TlsAcceptor>,
        open: watch::Receiver<()>,
    ) {
        let peer = self.peer;
        match acceptor {
            None => self.serve(tcp).await,
            Some(acceptor) => {
                let timeout = self.state.config().header_timeout;
                match tokio::time::timeout(timeout, acceptor.accept(tcp)).await {
                    Ok(Ok(stream)) => self.serve(stream).await,
                    Ok(Err(e)) => tracing::debug!(%peer, error = %e, "TLS handshake failed"),
                    Err(_) => tracing::debug!(%peer, "TLS handshake too slow"),
                }
            }
        }
        drop(open);
    }

    /// Serves HTTP/1.1 (and the WebSockets it upgrades to) on `io` until the client is done
    /// or the server stops.
    async fn serve<I>(self, io: I)
    where
        I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
    {
        let Conn {
            router,
            state,
            per_address,
            slot,
            peer,
            local,
            proxied,
            secure,
            mut stop,
        } = self;
        let timeout = state.config().header_timeout;
        let service = tower::service_fn({
            let (slot, state) = (slot.clone(), state.clone());
            move |req: Request<Incoming>| {
                let mut req = req.map(Body::new);
                let router = router.clone();
                let mut client = peer;
                let mut request_slot = Some(slot.clone());
                if proxied {
                    let config = state.config();
                    let ip = client_addr(peer.ip(), req.headers(), &config.trusted_proxies);
                    client = SocketAddr::new(ip, 0);
                    request_slot = admit_forwarded(&state, &per_address, ip, &slot);
                }
                let refused = request_slot.is_none().then(|| over_cap(&state));
                let ext = req.extensions_mut();
                ext.insert(ConnectInfo(client));
                ext.insert(LocalAddr(local));
                if secure {
                    ext.insert(Secure);
                }
                if let Some(slot) = request_slot {
                    let standing = slot.standing().clone();
                    ext.insert(Place {
                        standing,
                        _held: slot,
                    });
                }
                async move {
                    match refused {
                        Some(answer) => Ok(answer),
                        None => router.oneshot(req).await,
                    }
                }
            }
        });
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(timeout)
            // Request headers beyond 16 KiB are refused (431) rather than buffered.
            .max_buf_size(16 * 1024);
        let conn = builder
            .serve_connection(TokioIo::new(io), TowerToHyperService::new(service))
            .with_upgrades();
        tokio::pin!(conn);
        let stopping = async move {
            let _ = stop.wait_for(|s| *s).await;
        };
        tokio::select! {
            result = conn.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!(%peer, error = %e, "connection ended");
                }
            }
            () = stopping => {
                conn.as_mut().graceful_shutdown();
                let _ = tokio::time::timeout(Duration::from_secs(5), conn).await;
            }
        }
        drop(slot);
    }
}

/// The answer to a forwarded request over its client's cap: 503 and a `too_many_requests`
/// refusal, as [`refuse`] answers a connection.
fn over_cap(state: &AppState) -> axum::response::Response {
    use axum::response::IntoResponse;
    state.metrics().refused(Refusal::TooManyRequests.code());
    let body = to_json(&Refused::from(Refusal::TooManyRequests).to_message(state.narrator(0)));
    (
        axum::http::StatusCode::SERVICE_UNAVAILABLE,
        [
            (axum::http::header::CONTENT_TYPE, "application/json"),
            (axum::http::header::RETRY_AFTER, "5"),
        ],
        body.to_string(),
    )
        .into_response()
}

/// Answers a connection over the caps with 503 and a `too_many_requests` refusal, then closes
/// it; a client that does not take the answer within a second is just closed.
/// Answers a connection over the caps 503, in HTTPS on an HTTPS port (after the handshake: a
/// plain answer there reads as a broken TLS record, `WRONG_VERSION_NUMBER`), all within a
/// couple of seconds, then closes it.
async fn refuse(tcp: TcpStream, tls: Option<tokio_rustls::TlsAcceptor>, state: AppState) {
    state.metrics().refused(Refusal::TooManyRequests.code());
    let refused = Refused::from(Refusal::TooManyRequests);
    let body = to_json(&refused.to_message(state.narrator(0)));
    let mut head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 5\r\nconnection: close\r\n",
        body.len()
    );
    for (name, value) in crate::web::SECURITY_HEADERS {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let answer = async {
        match tls {
            Some(acceptor) => write_refusal(acceptor.accept(tcp).await?, &head, &body).await,
            None => write_refusal(tcp, &head, &body).await,
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(2), answer).await;
}

async fn write_refusal(
    mut to: impl tokio::io::AsyncWrite + Unpin,
    head: &str,
    body: &str,
) -> std::io::Result<()> {
    to.write_all(head.as_bytes()).await?;
    to.write_all(body.as_bytes()).await?;
    to.shutdown().await
}

/// Runs the server until Ctrl+C or SIGTERM: reads the TLS certificate when there is one (and
/// keeps it fresh: [`Tls::keep_fresh`]), binds `config.bind`, calls `ready` with the bound
/// address (the port is chosen by the system when it is 0), then serves.
///
/// # Errors
/// When the connections allowed do not fit the limit on open files ([`fit_open_files`]), the
/// certificate or key cannot be read, the store cannot be opened, a table cannot be restored,
/// or the address cannot be bound.
pub async fn serve(mut config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ServerError> {
    let files = fit_open_files(config.max_connections)?;
    for (key, cap, total_key, total, half) in config.lopsided_caps() {
        tracing::warn!(
            "--{key} {cap} lets one client hold more than half of --{total_key} ({total}): two \
             could keep everyone else out; at most {half} avoids it, or leave it unset to follow \
             --{total_key}"
        );
    }
    tracing::debug!(?files, "the limit on open files");
    let tls = match (&config.tls_cert, &config.tls_key) {
        (Some(cert), Some(key)) => Some(Tls::load(cert, key)?),
        _ => None,
    };
    let listener = tokio::net::TcpListener::bind(config.bind).await?;
    let addr = listener.local_addr()?;
    let admin = match config.admin_bind {
        Some(at) => Some(tokio::net::TcpListener::bind(at).await?),
        None => None,
    };
    // Other servers of a shared database send players to the address bound (its port chosen).
    let scheme = if tls.is_some() { "https" } else { "http" };
    config
        .public_url
        .get_or_insert_with(|| format!("{scheme}://{addr}"));
    let state = AppState::open(config).await?;
    if let Some(admin) = admin {
        let at = admin.local_addr()?;
        tracing::info!(addr = %at, "health and metrics");
        let state = state.clone();
        tokio::spawn(async move {
            if let Err(e) = crate::admin::serve_admin(admin, state).await {
                tracing::error!(error = %e, "the health and metrics address failed");
            }
        });
    }
    tokio::spawn(crate::state::keep_tidy(state.clone()));
    if let Some(tls) = &tls {
        tokio::spawn(
            tls.clone()
                .keep_fresh(crate::tls::POLL, state.shutdown_signal()),
        );
    }
    ready(addr);
    tracing::info!(%addr, https = tls.is_some(), "listening");
    let stopping = state.clone();
    let store = state.store().clone();
    serve_tls_on(listener, state, tls, async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        // With several servers, the tables go to the others first, their pages told where.
        stopping.hand_back().await;
        stopping.shut_down();
    })
    .await?;
    // The commits asked for before are finished first, then the log is emptied into the
    // database.
    match tokio::time::timeout(Duration::from_secs(5), store.checkpoint()).await {
        Ok(Ok(())) if store.is_shared() => {
            tracing::info!("stopped; every table handed back to the other servers");
        }
        Ok(Ok(())) => tracing::info!("stopped; the store is checkpointed"),
        Ok(Err(e)) => tracing::warn!(error = %e, "the last checkpoint failed"),
        Err(_) => tracing::warn!("the last checkpoint took too long"),
    }
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
    crate::logs::init_logging_as(crate::LogFormat::Text);
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
