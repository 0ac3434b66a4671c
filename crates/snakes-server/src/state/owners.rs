//! What the leases, the sweeps and the listening of `cluster.rs` do to the registry: the tables
//! served here and their claims, tables adopted and dropped, tables that cannot be rebuilt
//! quarantined, the other servers' rows kept current, the leases handed back at a stop.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::time::Instant;

use super::{AppState, lobby, rebuild};
use crate::actor::{Claim, Entry, lobby_changed};
use crate::locks::{Lock, Shared};
use crate::protocol::{Status, TableId};
use crate::store::{Store, TableStatus};
use crate::table::RestoreError;

/// The right to bring one table into memory: one at a time per table (never one for all), held
/// while it is claimed, read and its actor started.
pub(crate) struct Loading {
    state: AppState,
    id: TableId,
    _turn: tokio::sync::OwnedMutexGuard<()>,
}

impl Drop for Loading {
    fn drop(&mut self) {
        let mut loading = self.state.inner.loading.locked();
        // The map's and this turn's are the only holders left: nobody waits.
        if loading
            .get(&self.id)
            .is_some_and(|m| Arc::strong_count(m) <= 2)
        {
            loading.remove(&self.id);
        }
    }
}

/// The tables being brought into memory, each with the lock its loaders take in turn.
pub(crate) type Loadings = std::sync::Mutex<HashMap<TableId, Arc<tokio::sync::Mutex<()>>>>;

impl AppState {
    /// Waits for the turn to bring table `id` into memory.
    pub(crate) async fn loading(&self, id: TableId) -> Loading {
        let lock = self.inner.loading.locked().entry(id).or_default().clone();
        Loading {
            state: self.clone(),
            id,
            _turn: lock.lock_owned().await,
        }
    }

    /// Starts the actor of a table this server claimed (asked for at `asked`, with `epoch`),
    /// unless it serves the table under that claim or a later one already (a page asked for it
    /// meanwhile, and claimed it again). A table whose log cannot be rebuilt is quarantined.
    pub(crate) async fn adopt(&self, id: TableId, epoch: u64, asked: Instant) {
        let _turn = self.loading(id).await;
        if !self.ready() {
            return;
        }
        if let Some(Entry::Live(h)) = self.entry(id) {
            if h.claim.epoch >= epoch {
                return;
            }
            // An older claim of this server's: its actor steps down.
            h.claim.lose();
        }
        let stored = match self.inner.store.load_one(id).await {
            Ok(Some(t)) => t,
            Ok(None) => return,
            Err(e) => {
                // Its lease runs out unrenewed: another sweep takes it.
                tracing::warn!(table = id, error = %e, "cannot read a claimed table");
                return;
            }
        };
        match rebuild(&self.inner.config, stored) {
            Ok(table) => {
                let claim = Arc::new(Claim::new(epoch, asked, self.inner.config.lease));
                // Read too slowly to serve before its lease runs out: left to run out, and
                // claimed again by the next sweep.
                if claim.until() <= Instant::now() {
                    tracing::debug!(table = id, "a claim ran out while its table was read");
                    return;
                }
                tracing::info!(table = id, epoch, "took over a table");
                self.start_actor(table, claim).await;
            }
            Err(e) => self.quarantine(id, epoch, &e).await,
        }
    }

    /// Table `id`, claimed with `epoch`, could not be brought into memory: its rebuilding
    /// panicked (a fault of this server's, which another server would meet too): quarantined
    /// with that reason, so that no server tries it again.
    pub(crate) async fn panicked(&self, id: TableId, epoch: u64) {
        tracing::error!(
            table = id,
            "bringing a table into memory panicked: quarantined"
        );
        self.inner.metrics.quarantined();
        let why = "bringing the table into memory panicked (a fault of the server's)".to_string();
        if let Err(e) = self.inner.store.quarantine(id, epoch, why).await {
            tracing::error!(table = id, error = %e, "cannot mark the table quarantined");
        }
    }

    /// Quarantines table `id`, whose log cannot be rebuilt (`why`), under the claim of
    /// `epoch` (0: at a start): said once in the log, counted, marked in the store so that no
    /// server tries it again, and gone from the lobby. `snakes tables` mends or closes it.
    pub(crate) async fn quarantine(&self, id: TableId, epoch: u64, why: &RestoreError) {
        quarantine(&self.inner.store, &self.inner.metrics, id, epoch, why).await;
        let removed = self.inner.tables.writing().remove(&id);
        if removed.is_some() {
            lobby_changed(&self.inner.lobby);
        }
    }

    /// The tables this server serves under a lease (waiting or playing; a finished game's lease
    /// ended with it), each with its epoch: what a renewal renews.
    pub(crate) fn served(&self) -> Vec<(TableId, u64)> {
        self.claims()
            .into_iter()
            .map(|(id, claim)| (id, claim.epoch))
            .collect()
    }

    /// The claims that need a lease: the tables served here, waiting or playing.
    fn claims(&self) -> Vec<(TableId, Arc<Claim>)> {
        let tables = self.inner.tables.reading();
        tables
            .iter()
            .filter_map(|(&id, entry)| match entry {
                Entry::Live(h)
                    if h.claim.epoch > 0
                        && !h.claim.is_lost()
                        && !h.is_closed()
                        && h.status() != Status::Finished =>
                {
                    Some((id, h.claim.clone()))
                }
                _ => None,
            })
            .collect()
    }

    /// A renewal of the leases on `served` came back holding `held`: each claim held runs
    /// until `until` by this server's clock; each not held is lost (another server holds it).
    pub(crate) fn renewed(&self, served: &[(TableId, u64)], held: &[TableId], until: Instant) {
        let served: std::collections::HashSet<(TableId, u64)> = served.iter().copied().collect();
        let held: std::collections::HashSet<TableId> = held.iter().copied().collect();
        let mut lost = Vec::new();
        for (id, claim) in self.claims() {
            if !served.contains(&(id, claim.epoch)) {
                // Claimed after the renewal was sent: not in it.
                continue;
            }
            if held.contains(&id) {
                claim.extend(until);
            } else {
                claim.lose();
                lost.push(id);
            }
        }
        if !lost.is_empty() {
            tracing::warn!(tables = ?lost, "another server holds these tables now: not served here any more");
        }
    }

    /// Stops serving every table whose claim ran out by this server's clock.
    pub(crate) fn drop_expired(&self) {
        let now = Instant::now();
        let mut lost = Vec::new();
        for (id, claim) in self.claims() {
            if claim.until() <= now {
                claim.lose();
                lost.push(id);
            }
        }
        if !lost.is_empty() {
            tracing::warn!(
                tables = lost.len(),
                "leases not renewed in time: these tables are not served here any more, so that another server may take them"
            );
        }
    }

    /// When the first of this server's claims runs out.
    pub(crate) fn earliest_deadline(&self) -> Option<Instant> {
        self.claims().iter().map(|(_, c)| c.until()).min()
    }

    /// Reads table `id`'s row again (another server changed it) unless this server serves it.
    pub(crate) async fn reread_row(&self, id: TableId) {
        if self.live(id).is_some() {
            return;
        }
        let row = match self.inner.store.row(id).await {
            Ok(row) => row,
            Err(e) => {
                tracing::debug!(table = id, error = %e, "cannot read a table's row");
                return;
            }
        };
        let summary = row
            .as_ref()
            .and_then(|r| r.summary.as_deref())
            .and_then(lobby::summary_of);
        {
            let mut tables = self.inner.tables.writing();
            if matches!(tables.get(&id), Some(Entry::Live(_))) {
                return;
            }
            match (row.as_ref().and_then(|r| r.status), summary) {
                (Some(TableStatus::Waiting | TableStatus::Playing), Some(s)) => {
                    tables.insert(id, Entry::Remote(s));
                }
                (Some(TableStatus::Finished), Some(s)) => {
                    tables.insert(id, Entry::Retired(s));
                    lobby::trim_finished(&mut tables);
                }
                _ => {
                    tables.remove(&id);
                }
            }
        }
        lobby_changed(&self.inner.lobby);
    }

    /// Reads every row of the tables in play again, and the newest finished ones (the
    /// notifications may have been missed).
    pub(crate) async fn reread_rows(&self) {
        let store = &self.inner.store;
        let (open, finished) = match (
            store.open_rows().await,
            store.finished_rows(None, lobby::LISTED_FINISHED).await,
        ) {
            (Ok(o), Ok(f)) => (o, f),
            (Err(e), _) | (_, Err(e)) => {
                tracing::debug!(error = %e, "cannot read the lobby's rows");
                return;
            }
        };
        {
            let mut tables = self.inner.tables.writing();
            tables.retain(|_, e| matches!(e, Entry::Live(_)));
            for (rows, open) in [(open, true), (finished, false)] {
                for row in rows {
                    if tables.contains_key(&row.id) {
                        continue;
                    }
                    if let Some(s) = row.summary.as_deref().and_then(lobby::summary_of) {
                        let entry = if open {
                            Entry::Remote(s)
                        } else {
                            Entry::Retired(s)
                        };
                        tables.insert(row.id, entry);
                    }
                }
            }
        }
        lobby_changed(&self.inner.lobby);
    }

    /// Hands this server's tables back before it stops (with several servers): the leases are
    /// released, so that the others claim them at once, then every table's listeners are told
    /// where to go (each actor, as it stops, closes its queue: waited for, two seconds at
    /// most).
    pub async fn hand_back(&self) {
        let Some(cluster) = self.inner.cluster.as_ref() else {
            return;
        };
        // First: nothing is claimed from now on, by the sweeps or the pages' questions.
        cluster.stop();
        if let Err(e) = self.inner.store.release(None).await {
            tracing::warn!(error = %e, "cannot hand the tables back");
        }
        let handles: Vec<_> = {
            let tables = self.inner.tables.reading();
            tables
                .values()
                .filter_map(|e| match e {
                    Entry::Live(h) if h.claim.epoch > 0 => Some(h.clone()),
                    _ => None,
                })
                .collect()
        };
        for h in &handles {
            h.claim.lose();
        }
        let told = futures_util::future::join_all(handles.iter().map(|h| h.tx.closed()));
        let _ = tokio::time::timeout(std::time::Duration::from_secs(2), told).await;
    }
}

/// Quarantines table `id` (see [`AppState::quarantine`]), with the store and the counters
/// alone (a server starting).
pub(crate) async fn quarantine(
    store: &Store,
    metrics: &crate::metrics::Metrics,
    id: TableId,
    epoch: u64,
    why: &RestoreError,
) {
    tracing::error!(
        table = id,
        error = %why,
        "a table's log cannot be rebuilt: quarantined (`snakes tables show {id}` says more; `snakes tables repair {id}` or `close {id}` ends it)"
    );
    metrics.quarantined();
    if let Err(e) = store.quarantine(id, epoch, why.to_string()).await {
        tracing::error!(table = id, error = %e, "cannot mark the table quarantined");
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::protocol::CreateTable;
    use crate::{AppState, Config};

    use snakes_testing::until;

    /// A table this server stopped serving while the database still gave it the lease (a
    /// renewal that came back after the server had given up on it) is not renewed any more:
    /// its lease runs out, and the sweep claims it again with a new epoch. A page asking for
    /// it meanwhile gets it at once: a server may claim its own lease again.
    #[tokio::test]
    async fn a_table_dropped_here_is_served_again() {
        let db = crate::store::test_db::fresh("dropped").await;
        let config = Config {
            db: db.into(),
            lease: Duration::from_millis(1000),
            ..Config::default()
        };
        let state = AppState::open(config).await.unwrap();
        let create: CreateTable = serde_json::from_str(r#"{"name":"Ana","bots":1}"#).unwrap();
        let id = state.create(create).await.unwrap().table;
        let mut lobby = state.lobby_changes();
        state.live(id).unwrap().claim.lose();
        while state.live(id).is_some() {
            lobby.changed().await.unwrap();
        }
        // Served again, by the sweep or by a page's question, under a new claim.
        let served = state.table(id).await.unwrap();
        assert!(served.claim.epoch >= 2, "epoch {}", served.claim.epoch);
        let owner = state.store().owner(id).await.unwrap().unwrap();
        assert!(owner.live);
        assert_eq!(owner.instance, state.store().me().unwrap().id);
        state.shut_down();
    }

    /// While a table is being brought into memory (for as long as a loaded database makes it),
    /// the renewals go on and the other tables are served: nothing waits for one table's turn
    /// but that table.
    #[tokio::test]
    async fn the_leases_go_on_while_a_table_is_brought_into_memory() {
        let db = crate::store::test_db::fresh("loading").await;
        let lease = Duration::from_millis(1000);
        let config = Config {
            db: db.into(),
            lease,
            ..Config::default()
        };
        let state = AppState::open(config).await.unwrap();
        let create = || serde_json::from_str::<CreateTable>(r#"{"name":"Ana","bots":1}"#).unwrap();
        let id = state.create(create()).await.unwrap().table;
        let other = state.create(create()).await.unwrap().table;
        let cluster = state.cluster().unwrap().clone();
        let turn = state.loading(id).await;
        let held = tokio::time::Instant::now();
        until(
            "a renewal came back while the table's turn was held",
            async || cluster.renewed_at().is_some_and(|at| at > held),
        )
        .await;
        // The other table is served, and renewed (its claim runs on past its first lease).
        let h = state.table(other).await.unwrap();
        until("the other table's claim was renewed", async || {
            h.claim.until() > held + lease
        })
        .await;
        drop(turn);
        assert!(state.table(id).await.is_ok());
        state.shut_down();
    }

    /// A table claimed by the sweep whose turn comes after a page had it claimed again and
    /// served is left as it is served (the later claim), not started a second time.
    #[tokio::test]
    async fn a_table_served_under_a_later_claim_is_not_adopted() {
        let db = crate::store::test_db::fresh("adopt").await;
        let config = Config {
            db: db.into(),
            lease: Duration::from_millis(1000),
            ..Config::default()
        };
        let state = AppState::open(config).await.unwrap();
        let create: CreateTable = serde_json::from_str(r#"{"name":"Ana","bots":1}"#).unwrap();
        let id = state.create(create).await.unwrap().table;
        let served = state.live(id).unwrap();
        state
            .adopt(id, served.claim.epoch, tokio::time::Instant::now())
            .await;
        let now = state.live(id).unwrap();
        assert!(std::sync::Arc::ptr_eq(&now.claim, &served.claim));
        assert!(!served.claim.is_lost());
        state.shut_down();
    }
}
