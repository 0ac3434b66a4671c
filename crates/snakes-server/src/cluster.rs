//! Several servers on one PostgreSQL: what this server knows of the others and of its own
//! leases ([`Cluster`]: the database, when the last renewal came back, whether the writes make
//! progress, the other servers' addresses). The shared state holds it; the tasks that renew the
//! leases, claim the tables left behind and listen to the others are `state/cluster.rs`, as they
//! act on the shared state.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

use crate::locks::{Lock, Shared};
use crate::logs::Trouble;
use crate::store::Postgres;

/// This server's part in a cluster: the shared database, its leases' state, the others.
pub(crate) struct Cluster {
    pub(crate) pg: Postgres,
    /// When the last renewal that came back was sent (none before the first).
    pub(crate) renewed: std::sync::Mutex<Option<Instant>>,
    /// The writes make no progress: the leases are not renewed.
    pub(crate) stalled: AtomicBool,
    /// The server is stopping: its tables are handed back, and none is claimed any more.
    pub(crate) stopping: AtomicBool,
    /// The addresses of the servers running, for the pages.
    pub(crate) peers: std::sync::RwLock<Vec<String>>,
    /// Claim the tables left behind now (a server handed its tables back).
    pub(crate) wake: Notify,
    pub(crate) renewals: Trouble,
    pub(crate) sweeps: Trouble,
    pub(crate) listening: Trouble,
}

impl Cluster {
    /// The cluster of `pg`, whose heartbeat was last renewed by a statement sent at `renewed`.
    pub(crate) fn new(pg: Postgres, renewed: Option<Instant>) -> Cluster {
        Cluster {
            pg,
            renewed: std::sync::Mutex::new(renewed),
            stalled: AtomicBool::new(false),
            stopping: AtomicBool::new(false),
            peers: std::sync::RwLock::default(),
            wake: Notify::new(),
            renewals: Trouble::new("the leases cannot be renewed"),
            sweeps: Trouble::new("the tables left behind cannot be claimed"),
            listening: Trouble::new("the other servers cannot be heard"),
        }
    }

    /// Whether this server may serve: its last renewal that came back was sent less than
    /// `lease` ago, and its writes make progress.
    pub(crate) fn ready(&self, lease: Duration) -> bool {
        let renewed = *self.renewed.locked();
        !self.stalled.load(Ordering::Acquire)
            && !self.stopping.load(Ordering::Acquire)
            && renewed.is_some_and(|at| at + lease > Instant::now())
    }

    /// The server is stopping: it claims nothing more (its sweeps, and the pages' questions,
    /// would take back the tables it is handing over) and is not ready.
    pub(crate) fn stop(&self) {
        self.stopping.store(true, Ordering::Release);
    }

    /// The addresses of the servers running (their heartbeat not expired).
    pub(crate) fn peers(&self) -> Vec<String> {
        self.peers.reading().clone()
    }

    /// When the last renewal that came back was sent.
    #[cfg(test)]
    pub(crate) fn renewed_at(&self) -> Option<Instant> {
        *self.renewed.locked()
    }
}
