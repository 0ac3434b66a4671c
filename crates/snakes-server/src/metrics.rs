//! The server's metrics, in Prometheus' text format through `prometheus-client`: what `GET
//! /metrics` answers (`admin.rs`, beside `/healthz` and `/readyz`).
//!
//! [`Metrics`] is one server's counters: each server has its own, so that two servers in one
//! process (tests) count apart. The gauges (connections, sockets, tables by status) are
//! read when `/metrics` is asked for; the counters and histograms move as things happen.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Registry, Unit};

use crate::protocol::Status;

/// A label set of one label.
type Label = [(&'static str, &'static str); 1];

/// One server's metrics. Cheap to clone: every clone is the same.
#[derive(Clone)]
pub struct Metrics {
    inner: Arc<Inner>,
}

struct Inner {
    registry: Registry,
    connections: Gauge,
    websockets: Gauge,
    websockets_now: AtomicI64,
    tables: Family<Label, Gauge>,
    rolls: Counter,
    roll_broadcast: Histogram,
    store_commit: Histogram,
    refusals: Family<Label, Counter>,
    caps_hit: Family<Label, Counter>,
    takeovers: Counter,
    tables_lost: Counter,
    renewals: Histogram,
    renewal_failures: Counter,
    quarantines: Counter,
    quarantined: Gauge,
    made_room: Counter,
    connections_made_room: Counter,
    ready: Gauge,
    pool: Family<Label, Gauge>,
    memory: Gauge,
    files: Gauge,
}

/// Which cap a client met, for `snakes_caps_hit_total{kind=...}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// `--max-connections`.
    Connections,
    /// `--max-connections-per-address`.
    ConnectionsPerAddress,
    /// `--max-connections-per-network`.
    ConnectionsPerNetwork,
    /// `--max-open-tables-per-address`.
    OpenTablesPerAddress,
    /// `--max-open-tables-per-network`.
    OpenTablesPerNetwork,
    /// `--http-rate`.
    HttpRate,
    /// `--analysis-secs-per-minute`, or every thread for analyses busy.
    Analysis,
    /// `--creates-per-minute`.
    CreatesPerMinute,
    /// `--max-tables`.
    Tables,
    /// `--rate`.
    Rate,
    /// A reader too far behind (its queue full): closed with 1013.
    Outbox,
    /// `--read-mib-per-sec`: a record over the server's budget of reads, or its network's.
    Reads,
}

impl Cap {
    fn label(self) -> &'static str {
        match self {
            Cap::Connections => "max_connections",
            Cap::ConnectionsPerAddress => "max_connections_per_address",
            Cap::ConnectionsPerNetwork => "max_connections_per_network",
            Cap::OpenTablesPerAddress => "max_open_tables_per_address",
            Cap::OpenTablesPerNetwork => "max_open_tables_per_network",
            Cap::HttpRate => "http_rate",
            Cap::Analysis => "analysis",
            Cap::CreatesPerMinute => "creates_per_minute",
            Cap::Tables => "max_tables",
            Cap::Rate => "rate",
            Cap::Outbox => "outbox",
            Cap::Reads => "read_mib_per_sec",
        }
    }
}

/// Latencies from 0.1 ms to about 6.5 s.
fn latency_buckets() -> impl Iterator<Item = f64> {
    exponential_buckets(0.0001, 2.0, 17)
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Fresh metrics, every counter at zero.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("snakes");
        let inner = Inner {
            connections: Gauge::default(),
            websockets: Gauge::default(),
            websockets_now: AtomicI64::new(0),
            tables: Family::default(),
            rolls: Counter::default(),
            roll_broadcast: Histogram::new(latency_buckets()),
            store_commit: Histogram::new(latency_buckets()),
            refusals: Family::default(),
            caps_hit: Family::default(),
            takeovers: Counter::default(),
            tables_lost: Counter::default(),
            renewals: Histogram::new(latency_buckets()),
            renewal_failures: Counter::default(),
            quarantines: Counter::default(),
            quarantined: Gauge::default(),
            made_room: Counter::default(),
            connections_made_room: Counter::default(),
            ready: Gauge::default(),
            pool: Family::default(),
            memory: Gauge::default(),
            files: Gauge::default(),
            registry: Registry::default(),
        };
        register_play(&mut registry, &inner);
        register_shared(&mut registry, &inner);
        register_process(&mut registry, &inner);
        Metrics {
            inner: Arc::new(Inner { registry, ..inner }),
        }
    }

    /// A renewal of the leases came back (`ok`) or failed, after `took`.
    pub fn renewal(&self, took: Duration, ok: bool) {
        if ok {
            self.inner.renewals.observe(took.as_secs_f64());
        } else {
            self.inner.renewal_failures.inc();
        }
    }

    /// A waiting table gave its place to a newcomer's.
    pub fn made_room(&self) {
        self.inner.made_room.inc();
    }

    /// A WebSocket was closed to let a newcomer's connection in.
    pub fn connection_made_room(&self) {
        self.inner.connections_made_room.inc();
    }

    /// This server quarantined a table.
    pub fn quarantined(&self) {
        self.inner.quarantines.inc();
        self.inner.quarantined.inc();
    }

    /// The store holds `n` quarantined tables.
    pub fn set_quarantined(&self, n: u64) {
        self.inner.quarantined.set(n as i64);
    }

    /// A table in play was taken over from another server.
    pub fn took_over(&self) {
        self.inner.takeovers.inc();
    }

    /// A table was lost to another server.
    pub fn lost_table(&self) {
        self.inner.tables_lost.inc();
    }

    /// A roll was made.
    pub fn rolled(&self, rolls: u64) {
        self.inner.rolls.inc_by(rolls);
    }

    /// A roll's events were queued to every listener `took` after it was decided.
    pub fn roll_broadcast(&self, took: Duration) {
        self.inner.roll_broadcast.observe(took.as_secs_f64());
    }

    /// An append committed in `took`.
    pub fn store_commit(&self, took: Duration) {
        self.inner.store_commit.observe(took.as_secs_f64());
    }

    /// A refusal with `code` was sent.
    pub fn refused(&self, code: &'static str) {
        self.inner.refusals.get_or_create(&[("code", code)]).inc();
    }

    /// A cap was met.
    pub fn cap_hit(&self, cap: Cap) {
        self.inner
            .caps_hit
            .get_or_create(&[("kind", cap.label())])
            .inc();
    }

    /// A WebSocket opened; it counts until the guard is dropped.
    pub fn websocket(&self) -> SocketGuard {
        self.inner.websockets_now.fetch_add(1, Ordering::AcqRel);
        SocketGuard {
            metrics: self.clone(),
        }
    }

    /// The text of `/metrics`, with the gauges `now` reads from the server.
    pub fn encode(&self, now: &Readings) -> String {
        let inner = &self.inner;
        inner.connections.set(now.connections as i64);
        inner
            .websockets
            .set(inner.websockets_now.load(Ordering::Acquire));
        let mut counts = [0_i64; 3];
        for status in &now.statuses {
            match status {
                Status::Waiting => counts[0] += 1,
                Status::Playing => counts[1] += 1,
                Status::Finished => counts[2] += 1,
            }
        }
        for (status, n) in ["waiting", "playing", "finished"].into_iter().zip(counts) {
            inner.tables.get_or_create(&[("status", status)]).set(n);
        }
        inner.ready.set(i64::from(now.ready));
        if let Some((open, free)) = now.pool {
            inner
                .pool
                .get_or_create(&[("state", "open")])
                .set(open as i64);
            inner
                .pool
                .get_or_create(&[("state", "free")])
                .set(free as i64);
        }
        let (memory, files) = process();
        inner.memory.set(memory);
        inner.files.set(files);
        let mut text = String::new();
        if prometheus_client::encoding::text::encode(&mut text, &inner.registry).is_err() {
            tracing::error!("the metrics cannot be written");
        }
        text
    }
}

/// The process's resident memory in bytes and its open files, read from `/proc` (0 where there
/// is none).
fn process() -> (i64, i64) {
    let pages = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<i64>().ok())
        .unwrap_or(0);
    let files = std::fs::read_dir("/proc/self/fd").map_or(0, |d| d.count() as i64);
    #[cfg(unix)]
    let page = rustix::param::page_size() as i64;
    #[cfg(not(unix))]
    let page = 0;
    (pages * page, files)
}

/// An open WebSocket, counted until dropped.
pub struct SocketGuard {
    metrics: Metrics,
}

impl Drop for SocketGuard {
    fn drop(&mut self) {
        self.metrics
            .inner
            .websockets_now
            .fetch_sub(1, Ordering::AcqRel);
    }
}

/// What `/metrics` reads from the server at the moment it is asked (`admin.rs`).
pub struct Readings {
    /// Connections open.
    pub connections: usize,
    /// Where each table in memory is.
    pub statuses: Vec<Status>,
    /// Whether the server may serve players.
    pub ready: bool,
    /// The connections to PostgreSQL, open and free, with several servers.
    pub pool: Option<(usize, usize)>,
}

/// The metrics of play: connections, tables, rolls, the store's commits, refusals and caps.
fn register_play(registry: &mut Registry, inner: &Inner) {
    registry.register(
        "connections_open",
        "Connections open, HTTP and WebSocket alike",
        inner.connections.clone(),
    );
    registry.register(
        "websockets_open",
        "WebSockets open",
        inner.websockets.clone(),
    );
    registry.register(
        "tables",
        "Tables known to the server, by status (waiting, playing, finished)",
        inner.tables.clone(),
    );
    registry.register(
        "rolls",
        "Rolls made, by players and bots",
        inner.rolls.clone(),
    );
    registry.register_with_unit(
        "roll_broadcast",
        "From a roll decided to its events queued to every listener, the store's commit included",
        Unit::Seconds,
        inner.roll_broadcast.clone(),
    );
    registry.register_with_unit(
        "store_commit",
        "How long an append to the store took to commit",
        Unit::Seconds,
        inner.store_commit.clone(),
    );
    registry.register("refusals", "Refusals sent, by code", inner.refusals.clone());
    registry.register(
        "caps_hit",
        "Requests, connections and messages refused or closed by a cap, by kind",
        inner.caps_hit.clone(),
    );
}

/// The metrics of a server among several on one PostgreSQL, and of the room made for newcomers.
fn register_shared(registry: &mut Registry, inner: &Inner) {
    registry.register(
        "takeovers",
        "Tables in play this server took over from another whose lease ran out or was handed \
         back (several servers on one PostgreSQL)",
        inner.takeovers.clone(),
    );
    registry.register(
        "tables_lost",
        "Tables in play this server stopped serving because its lease was lost or another server \
         claimed them (several servers on one PostgreSQL)",
        inner.tables_lost.clone(),
    );
    registry.register_with_unit(
        "lease_renewal",
        "How long a renewal of this server's leases took to come back (several servers on \
         one PostgreSQL)",
        Unit::Seconds,
        inner.renewals.clone(),
    );
    registry.register(
        "lease_renewal_failures",
        "Renewals of this server's leases that failed or did not come back in time",
        inner.renewal_failures.clone(),
    );
    registry.register(
        "quarantines",
        "Tables this server quarantined because their log cannot be rebuilt",
        inner.quarantines.clone(),
    );
    registry.register(
        "tables_made_room",
        "Waiting tables nobody followed that gave their place to a table from a network holding none",
        inner.made_room.clone(),
    );
    registry.register(
        "connections_made_room",
        "WebSockets holding no seat closed (4001) to let in a connection from a network \
         holding almost none while the server was full",
        inner.connections_made_room.clone(),
    );
    registry.register(
        "tables_quarantined",
        "Tables quarantined in the store, waiting for an operator (snakes tables)",
        inner.quarantined.clone(),
    );
}

/// The metrics of the process: readiness, the store's pool, memory, files and the version.
fn register_process(registry: &mut Registry, inner: &Inner) {
    registry.register(
        "ready",
        "1 while the server may serve players (/readyz answers 200), else 0",
        inner.ready.clone(),
    );
    registry.register(
        "store_pool_connections",
        "The connections to PostgreSQL: open, and free to use",
        inner.pool.clone(),
    );
    registry.register_with_unit(
        "process_resident_memory",
        "The server process's resident memory",
        Unit::Bytes,
        inner.memory.clone(),
    );
    registry.register(
        "process_open_fds",
        "The files and sockets the server process has open",
        inner.files.clone(),
    );
    let build: Family<[(&'static str, &'static str); 1], Gauge> = Family::default();
    build
        .get_or_create(&[("version", env!("CARGO_PKG_VERSION"))])
        .set(1);
    registry.register("build", "The server's version (the value is 1)", build);
}
