//! Accepting connections: the caps on connections per client address and in total, and
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

use crate::fair::{Client, Shares};
use crate::protocol::Refusal;
use crate::view::to_json;
use crate::{AppState, Config, ServerError};

/// The server's own address, as the connection reached it (for the `Origin` check).
#[derive(Debug, Clone, Copy)]
pub struct LocalAddr(pub SocketAddr);

/// Open connections per client address and per network.
type Open = Arc<Mutex<Shares>>;

/// One counted connection: it counts until the last clone is dropped (the HTTP connection, and
/// the WebSocket task it became, each hold one).
pub struct ConnSlot {
    state: AppState,
    open: Open,
    client: Client,
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        self.state.connection_count().fetch_sub(1, Ordering::AcqRel);
        self.open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .give_back(self.client);
    }
}

/// Counts a connection from `ip`, or `None` when the total, the address's or the network's cap
/// is reached.
fn admit(state: &AppState, open: &Open, ip: IpAddr) -> Option<Arc<ConnSlot>> {
    let config = state.config();
    let client = Client::of(ip, config);
    let mut shares = open
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let (mine, ours) = shares.held(client);
    if mine >= config.max_connections_per_address || ours >= config.max_connections_per_network {
        return None;
    }
    let total = state.connection_count();
    total
        .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
            (n < config.max_connections).then_some(n + 1)
        })
        .ok()?;
    shares.take(client, usize::MAX, usize::MAX);
    Some(Arc::new(ConnSlot {
        state: state.clone(),
        open: open.clone(),
        client,
    }))
}

/// Files the server keeps open besides its connections: the listener, the store's database, its
/// write-ahead log and lock, the runtime's own, standard input and output, and the answers 503
/// being written to connections over the caps (at most [`REFUSING`] at once).
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
    let local = listener.local_addr()?;
    let router = crate::app(state.clone());
    let open: Open = Arc::default();
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
        let Some(slot) = admit(&state, &open, peer.ip()) else {
            tracing::debug!(%peer, "connection refused: too many");
            // A flood of them is closed without an answer: each answer holds a file a moment.
            if let Ok(permit) = refusing.clone().try_acquire_owned() {
                let state = state.clone();
                tokio::spawn(async move {
                    refuse(tcp, state).await;
                    drop(permit);
                });
            }
            continue;
        };
        let router = router.clone();
        let mut stop = stop_rx.clone();
        let open = open_rx.clone();
        let timeout = state.config().header_timeout;
        tokio::spawn(async move {
            let service = tower::ServiceExt::map_request(router, {
                let slot = slot.clone();
                move |mut req: Request<Incoming>| {
                    let ext = req.extensions_mut();
                    ext.insert(ConnectInfo(peer));
                    ext.insert(LocalAddr(local));
                    ext.insert(slot.clone());
                    req.map(Body::new)
                }
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(timeout)
                // Request headers beyond 16 KiB are refused (431) rather than buffered.
                .max_buf_size(16 * 1024);
            let conn = builder
                .serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service))
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
            drop(open);
        });
    }
    drop(listener);
    stop_tx.send_replace(true);
    drop(open_rx);
    let _ = tokio::time::timeout(Duration::from_secs(10), open_tx.closed()).await;
    Ok(())
}

/// Answers a connection over the caps with 503 and a `too_many_requests` refusal, then closes
/// it; a client that does not take the answer within a second is just closed.
async fn refuse(mut tcp: TcpStream, state: AppState) {
    let body = to_json(&state.refused(Refusal::TooManyRequests).to_message());
    let mut head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 5\r\nconnection: close\r\n",
        body.len()
    );
    for (name, value) in crate::web::SECURITY_HEADERS {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let answer = async {
        tcp.write_all(head.as_bytes()).await?;
        tcp.write_all(body.as_bytes()).await?;
        tcp.shutdown().await
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), answer).await;
}

/// Runs the server until Ctrl+C or SIGTERM: binds `config.bind`, calls `ready` with the bound
/// address (the port is chosen by the system when it is 0), then serves.
///
/// # Errors
/// When the connections allowed do not fit the limit on open files ([`fit_open_files`]), the
/// store cannot be opened, a table cannot be restored, or the address cannot be bound.
pub async fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ServerError> {
    let files = fit_open_files(config.max_connections)?;
    tracing::debug!(?files, "the limit on open files");
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
