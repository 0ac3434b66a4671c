//! What the leases and the listening of `cluster.rs` do to the registry: tables adopted, tables
//! dropped, the other servers' rows kept current, the leases handed back at a stop.

use std::time::Duration;

use tokio::time::Instant;

use super::{AppState, lobby, rebuild};
use crate::actor::{Claim, Entry, lobby_changed};
use crate::protocol::TableId;

/// A table claimed by this server and not served yet: while this lives, a renewal that finds
/// its lease does not hand it back as a stray ([`AppState::release_strays`]).
pub(crate) struct Expected {
    state: AppState,
    id: TableId,
}

impl Drop for Expected {
    fn drop(&mut self) {
        let mut expected = self
            .state
            .inner
            .expected
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = expected.get_mut(&self.id) {
            *n -= 1;
            if *n == 0 {
                expected.remove(&self.id);
            }
        }
    }
}

impl AppState {
    /// Notes that table `id` is about to be claimed, or was, and is to be served here: until
    /// the answer is dropped (once its actor is in the registry, or the load failed), its lease
    /// is not a stray.
    pub(crate) fn expect(&self, id: TableId) -> Expected {
        *self
            .inner
            .expected
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry(id)
            .or_default() += 1;
        Expected {
            state: self.clone(),
            id,
        }
    }

    /// Starts the actor of a table this server claimed (at `claimed_at`, with `epoch`), unless
    /// it serves the table under that claim or a later one already (a page asked for it while
    /// this waited for its turn, and claimed it again).
    pub(crate) async fn adopt(&self, id: TableId, epoch: u64, claimed_at: Instant) {
        let _one_at_a_time = self.inner.loading.lock().await;
        if let Some(Entry::Live(h)) = self.entry(id) {
            if h.claim.epoch >= epoch {
                return;
            }
            // An older claim of this server's, run out since: its actor steps down.
            h.claim.lose();
        }
        let stored = match self.inner.store.load_one(id).await {
            Ok(Some(t)) => t,
            Ok(None) => return,
            Err(e) => {
                tracing::error!(table = id, error = %e, "cannot read a claimed table");
                return;
            }
        };
        match rebuild(&self.inner.config, stored) {
            Ok(table) => {
                tracing::info!(table = id, epoch, "took over a table");
                self.start_actor(table, epoch, claimed_at).await;
            }
            Err(e) => tracing::error!(table = id, error = %e, "cannot rebuild a claimed table"),
        }
    }

    /// Stops serving every claimed table for which `lost(id, claim)` holds.
    pub(crate) fn drop_lost(&self, lost: impl Fn(TableId, &Claim) -> bool) {
        let tables = self
            .inner
            .tables
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for (&id, entry) in tables.iter() {
            if let Entry::Live(h) = entry
                && h.claim.epoch > 0
                && !h.claim.is_lost()
                && lost(id, &h.claim)
            {
                h.claim.lose();
            }
        }
    }

    /// The leases this server holds, of `held`, on tables it does not serve: a table dropped
    /// while a late renewal was on its way is still this server's in the database, and its
    /// renewals would keep it from every other server for ever. Never a table claimed to be
    /// served here and not served yet ([`AppState::expect`]), nor one being created.
    pub(crate) fn strays(&self, held: &std::collections::HashSet<TableId>) -> Vec<TableId> {
        // Under this lock, a table leaves the expected ones only once it is in the registry.
        let expected = self
            .inner
            .expected
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Dropped here: listed as another server's, or still stepping down. A table not in the
        // registry at all is being created (claimed before it is listed), never a stray.
        held.iter()
            .filter(|id| !expected.contains_key(id))
            .filter(|id| match self.entry(**id) {
                Some(Entry::Remote(_)) => true,
                Some(Entry::Live(h)) => h.claim.is_lost(),
                Some(Entry::Retired(_)) | None => false,
            })
            .copied()
            .collect()
    }

    /// Hands back the leases on `strays` ([`AppState::strays`]), so that any server claims
    /// them at once.
    pub(crate) async fn release_strays(&self, strays: &[TableId]) {
        if strays.is_empty() {
            return;
        }
        tracing::warn!(tables = ?strays, "handing back the leases on tables not served here");
        if let Err(e) = self.inner.store.release(Some(strays)).await {
            tracing::warn!(error = %e, "cannot hand back the leases");
        }
    }

    /// When the first of this server's claims runs out, counted from the later of its making
    /// and `renewed` (when the last renewal that came back was sent).
    pub(crate) fn earliest_deadline(&self, renewed: Instant, lease: Duration) -> Option<Instant> {
        let tables = self
            .inner
            .tables
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        tables
            .values()
            .filter_map(|e| match e {
                Entry::Live(h) if h.claim.epoch > 0 && !h.claim.is_lost() => {
                    Some(h.claim.at.max(renewed) + lease)
                }
                _ => None,
            })
            .min()
    }

    /// Notes that a renewal of the leases sent at `sent` came back.
    pub(crate) fn renewed(&self, sent: Instant) {
        *self
            .inner
            .renewed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = sent;
    }

    /// Whether this server holds its leases: always with one server; with several, while the
    /// last renewal that came back was sent less than a lease ago (`/readyz`).
    pub(crate) fn holds_leases(&self) -> bool {
        if !self.inner.store.is_shared() {
            return true;
        }
        let renewed = *self
            .inner
            .renewed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        renewed + self.inner.config.lease > Instant::now()
    }

    /// The addresses of the servers running (with several), for the pages.
    pub fn peers(&self) -> Vec<String> {
        self.inner
            .peers
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    pub(crate) fn set_peers(&self, peers: Vec<String>) {
        *self
            .inner
            .peers
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = peers;
    }

    /// Reads table `id`'s row again (another server changed it) unless this server serves it.
    pub(crate) async fn reread_row(&self, id: TableId) {
        if self.live(id).is_some() {
            return;
        }
        let row = match self.inner.store.row(id).await {
            Ok(row) => row,
            Err(e) => {
                tracing::warn!(table = id, error = %e, "cannot read a table's row");
                return;
            }
        };
        let summary = row
            .as_ref()
            .and_then(|r| r.summary.as_deref())
            .and_then(lobby::summary_of);
        {
            let mut tables = self
                .inner
                .tables
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if matches!(tables.get(&id), Some(Entry::Live(_))) {
                return;
            }
            match (row.as_ref().map(|r| r.status.as_str()), summary) {
                (Some("waiting" | "playing"), Some(s)) => {
                    tables.insert(id, Entry::Remote(s));
                }
                (Some("finished"), Some(s)) => {
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
                tracing::warn!(error = %e, "cannot read the lobby's rows");
                return;
            }
        };
        {
            let mut tables = self
                .inner
                .tables
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
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
    /// where to go.
    pub async fn hand_back(&self) {
        if !self.inner.store.is_shared() {
            return;
        }
        if let Err(e) = self.inner.store.release(None).await {
            tracing::warn!(error = %e, "cannot hand the tables back");
        }
        self.drop_lost(|_, _| true);
        // Until each actor has told its listeners (they leave the registry as they do).
        for _ in 0..200 {
            let left = {
                let tables = self
                    .inner
                    .tables
                    .read()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                tables.values().any(|e| match e {
                    Entry::Live(h) => h.claim.epoch > 0 && !h.tx.is_closed(),
                    _ => false,
                })
            };
            if !left {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::time::Duration;

    use crate::protocol::CreateTable;
    use crate::{AppState, Config};

    /// A table this server stopped serving while the database still gives it the lease (a
    /// renewal that came back after the server had given up on it) is handed back by the next
    /// renewal, rather than renewed for ever with nobody serving it; then it is claimed again
    /// (here by the same server, the only one: its sweep takes the tables left behind).
    #[tokio::test]
    async fn a_lease_on_a_table_not_served_here_is_handed_back() {
        let db = crate::store::test_db::fresh("strays").await;
        let config = Config {
            db: db.into(),
            lease: Duration::from_millis(600),
            ..Config::default()
        };
        let state = AppState::open(config).await.unwrap();
        let create: CreateTable = serde_json::from_str(r#"{"name":"Ana","bots":1}"#).unwrap();
        let id = state.create(create).await.unwrap().table;
        let mut lobby = state.lobby_changes();
        // What a late renewal leaves behind: the server drops the table, its lease runs on.
        state.live(id).unwrap().claim.lose();
        while state.live(id).is_some() {
            lobby.changed().await.unwrap();
        }
        let owner = state.store().owner(id).await.unwrap().unwrap();
        assert!(owner.live);
        assert_eq!(owner.instance, state.store().me().unwrap().id);
        // Handed back by a renewal (every 200 ms), then claimed by the sweep with a new epoch.
        while state.live(id).is_none_or(|h| h.claim.epoch <= 1) {
            tokio::time::timeout(Duration::from_secs(10), lobby.changed())
                .await
                .expect("the table was never served again")
                .unwrap();
        }
        state.shut_down();
    }

    /// Waits until `check` holds, looking every 10 ms (nothing announces these states).
    async fn until(what: &str, check: impl Fn() -> bool) {
        let started = std::time::Instant::now();
        while !check() {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "never happened: {what}"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// While a page's table is being brought into memory (as long as a loaded database makes
    /// it), the leases go on: a stray lease is handed back, the sweep claims that table again
    /// and leaves it waiting its turn, and the renewals keep coming back meanwhile. (The
    /// renewals once waited for the tables the sweep claimed, and so for every table the pages
    /// asked for before them: under load a server's leases ran out in the database, the others
    /// took its tables, and the tables went from server to server.)
    #[tokio::test]
    async fn the_leases_go_on_while_a_table_is_brought_into_memory() {
        let db = crate::store::test_db::fresh("loading").await;
        let lease = Duration::from_millis(600);
        let config = Config {
            db: db.into(),
            lease,
            ..Config::default()
        };
        let state = AppState::open(config).await.unwrap();
        let create: CreateTable = serde_json::from_str(r#"{"name":"Ana","bots":1}"#).unwrap();
        let id = state.create(create).await.unwrap().table;
        let loading = state.inner.loading.lock().await;
        // Dropped here, its lease running on: a stray, handed back by a renewal, then claimed
        // by the sweep, which waits for `loading` to serve it.
        state.live(id).unwrap().claim.lose();
        let expected = || state.inner.expected.lock().unwrap().contains_key(&id);
        until("the sweep claimed the stray again", expected).await;
        let claimed = tokio::time::Instant::now();
        until("a renewal came back while the table waited", || {
            *state.inner.renewed.lock().unwrap() > claimed + lease
        })
        .await;
        assert!(state.live(id).is_none_or(|h| h.claim.is_lost()));
        // Its lease, claimed to be served here, is no stray while it waits.
        assert_eq!(state.strays(&HashSet::from([id])), Vec::<u64>::new());
        drop(loading);
        until("the table is served again", || {
            state.live(id).is_some_and(|h| h.claim.epoch >= 2)
        })
        .await;
        assert!(!expected());
        state.shut_down();
    }

    /// A table claimed by the sweep whose turn comes after a page had it claimed again and
    /// served is left as it is served (the later claim), not started a second time.
    #[tokio::test]
    async fn a_table_served_under_a_later_claim_is_not_adopted() {
        let db = crate::store::test_db::fresh("adopt").await;
        let config = Config {
            db: db.into(),
            lease: Duration::from_millis(600),
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
