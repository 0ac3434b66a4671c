//! Retention (`--keep-finished-days N`): finished and abandoned tables that ended more than N
//! days ago are deleted with their logs, secrets and results, 500 at a time (each batch one
//! transaction, so the games in play wait for one batch at most), at start and once an hour.
//! Their records can be kept first: `GET /api/tables/{id}/record`. A finished table someone is
//! looking at now (its actor in memory) is kept until the next time.

use std::time::Duration;

use super::AppState;
use crate::actor::{Entry, lobby_changed};
use crate::locks::Shared;
use crate::protocol::TableId;
use crate::store::StoreError;

/// Tables deleted in one transaction.
pub const BATCH: usize = 500;

/// How often retention runs.
const EVERY: Duration = Duration::from_secs(60 * 60);

impl AppState {
    /// Deletes every finished or abandoned table that ended before `before` (seconds since the
    /// Unix epoch), 500 to a transaction, but those in memory; returns how many.
    ///
    /// # Errors
    /// When the store cannot be written (the batches before stay deleted).
    pub async fn delete_finished_before(&self, before: i64) -> Result<usize, StoreError> {
        let mut deleted = 0;
        loop {
            let keep: Vec<TableId> = self
                .inner
                .tables
                .reading()
                .iter()
                .filter(|(_, e)| matches!(e, Entry::Live(_)))
                .map(|(id, _)| *id)
                .collect();
            let ids = self
                .store()
                .delete_finished_before(before, BATCH, keep)
                .await?;
            if ids.is_empty() {
                break;
            }
            {
                let mut tables = self.inner.tables.writing();
                for id in &ids {
                    if matches!(tables.get(id), Some(Entry::Retired(_))) {
                        tables.remove(id);
                    }
                }
            }
            lobby_changed(&self.inner.lobby);
            deleted += ids.len();
            if ids.len() < BATCH {
                break;
            }
            // The next batch after the games' own writes.
            tokio::task::yield_now().await;
        }
        if deleted > 0 {
            tracing::info!(
                tables = deleted,
                "finished tables deleted (--keep-finished-days)"
            );
        }
        Ok(deleted)
    }
}

/// Runs retention at start and every hour until the server stops: members' sessions past
/// their end and passkeys' challenges past theirs are deleted, and finished tables when
/// `--keep-finished-days` is set.
pub async fn keep_tidy(state: AppState) {
    let days = state.config().keep_finished_days;
    let mut stop = state.shutdown_signal();
    loop {
        match state
            .store()
            .delete_expired_sessions(super::moderation::now_ms())
            .await
        {
            Ok(0) => {}
            Ok(n) => tracing::info!(sessions = n, "members' ended sessions deleted"),
            Err(e) => tracing::warn!(error = %e, "ended sessions could not be deleted"),
        }
        match state
            .store()
            .delete_expired_challenges(super::moderation::now_ms())
            .await
        {
            Ok(0) => {}
            Ok(n) => tracing::debug!(challenges = n, "passkeys' unanswered challenges deleted"),
            Err(e) => tracing::warn!(error = %e, "expired challenges could not be deleted"),
        }
        let before = super::unix_now().saturating_sub((days as i64).saturating_mul(86_400));
        if days > 0
            && let Err(e) = state.delete_finished_before(before).await
        {
            tracing::warn!(error = %e, "finished tables could not be deleted");
        }
        tokio::select! {
            () = tokio::time::sleep(EVERY) => {}
            _ = stop.wait_for(|s| *s) => return,
        }
    }
}
