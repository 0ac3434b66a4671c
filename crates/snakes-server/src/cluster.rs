//! Several servers on one PostgreSQL: this server's leases and its ear on the others.
//!
//! Three tasks run beside the tables when the store is shared ([`start`]):
//!
//! - **Leases.** Every third of `--lease-ms` the server renews its claims on its tables in one
//!   statement (and its heartbeat, which lists it to the pages as a server to turn to); a table
//!   whose claim did not come back is lost: its actor stops serving it and tells its listeners
//!   where it went. When no renewal has come back by the time the last one sent would expire
//!   (counted from when it was sent: the database's clock set the expiry later than that), every
//!   table is dropped at once, before any other server can claim one. The renewals wait for
//!   nothing else: a table being read, a claim, a hand-back never hold the next one back.
//! - **Sweeps.** After each renewal that came back, the leases it renewed on tables not served
//!   here (dropped while a late renewal was on its way) are handed back; then the server claims
//!   the tables in play whose owner's lease ran out (a server killed, frozen, cut off, or
//!   stopping), and brings them into memory one at a time, beside the sweeps, each in its turn
//!   with the tables the pages ask for. A table claimed and not served yet is no stray.
//! - **Listening.** A connection of its own LISTENs on the channel `snakes`: `t<id>` when a
//!   table's lobby row changed (sent by the transaction that changed it), `r` when a server
//!   handed its tables back. The lobby's rows of the others' tables follow; a hand-back makes the
//!   sweeps claim at once. After the connection drops (a restart of the database,
//!   `pg_terminate_backend`), it connects again and reads every row, missing nothing.
//!
//! Nothing here carries the game: rolls go from a table's actor to its store and its players,
//! and reach other servers' players only when they watch the table there.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::{Notify, watch};
use tokio::time::Instant;

use crate::AppState;
use crate::protocol::TableId;
use crate::store::{Postgres, Store};

/// Most tables claimed in one sweep (the next sweep takes more).
const SWEEP: usize = 100;

/// Starts the leases and the listening of a server on a shared store; nothing with SQLite.
pub(crate) fn start(state: &AppState) {
    let Store::Postgres(pg) = state.store().clone() else {
        return;
    };
    let wake = Arc::new(Notify::new());
    let stop = state.shutdown_signal();
    let (renewals, renewed) = watch::channel(Arc::new(HashSet::new()));
    let leases = leases(state.clone(), renewals);
    let sweeps = sweeps(state.clone(), renewed, wake.clone());
    let listening = listen(state.clone(), pg, wake);
    tokio::spawn(async move {
        let mut stop = stop;
        tokio::select! {
            () = leases => {}
            () = sweeps => {}
            () = listening => {}
            _ = stop.wait_for(|s| *s) => {}
        }
    });
}

/// Renews the leases every third of their length and drops the tables whose lease is lost or
/// runs out; tells `renewals` the tables each renewal that came back holds. Nothing else is
/// awaited here: a renewal waits for no table being read, no other statement.
async fn leases(state: AppState, renewals: watch::Sender<Arc<HashSet<TableId>>>) {
    let lease = state.config().lease;
    let every = lease / 3;
    let store = state.store().clone();
    // When the last renewal that came back was sent: each claim runs until the later of this
    // and its making, plus the lease (the database's clock set the expiry after both).
    let mut renewed = Instant::now();
    let drop_expired = |renewed: Instant| {
        let now = Instant::now();
        state.drop_lost(|_, claim| claim.at.max(renewed) + lease <= now);
    };
    loop {
        let sent = Instant::now();
        let deadline = state.earliest_deadline(renewed, lease);
        let answer = tokio::select! {
            r = store.renew() => Some(r),
            () = sleep_until(deadline) => None,
        };
        match answer {
            Some(Ok(held)) => {
                renewed = sent;
                state.renewed(sent);
                let held: HashSet<TableId> = held.into_iter().collect();
                // A claim the store confirmed before the renewal was sent is in its answer,
                // unless another server holds the table now.
                state.drop_lost(|id, claim| claim.confirmed < sent && !held.contains(&id));
                renewals.send_replace(Arc::new(held));
            }
            Some(Err(e)) => tracing::warn!(error = %e, "cannot renew the leases"),
            None => tracing::warn!("the leases could not be renewed in time"),
        }
        drop_expired(renewed);
        let next = (sent + every).max(Instant::now());
        loop {
            tokio::select! {
                () = tokio::time::sleep_until(next) => break,
                () = sleep_until(state.earliest_deadline(renewed, lease)) => {
                    tracing::warn!("a lease ran out before it was renewed");
                    drop_expired(renewed);
                }
            }
        }
    }
}

/// After each renewal that came back, hands back the leases on the tables it holds that are
/// not served here; then, after it or when a server handed its tables back (`wake`), claims
/// the tables in play whose owner's lease ran out (a server killed, frozen, cut off, or
/// stopping) and brings them into memory beside this loop: a claimed table waits its turn
/// behind those the pages ask for, and the next sweep does not wait for it.
async fn sweeps(
    state: AppState,
    mut renewed: watch::Receiver<Arc<HashSet<TableId>>>,
    wake: Arc<Notify>,
) {
    let every = state.config().lease / 3;
    let store = state.store().clone();
    // The tables held by a renewal not looked at yet.
    let mut held: Option<Arc<HashSet<TableId>>> = None;
    loop {
        if let Some(held) = held.take() {
            // The tables this loop claimed are expected until served: none is a stray.
            let strays = state.strays(&held);
            if tokio::time::timeout(every, state.release_strays(&strays))
                .await
                .is_err()
            {
                tracing::warn!("handing back the leases took too long");
            }
        }
        let asked = Instant::now();
        match tokio::time::timeout(every, store.claim_orphans(SWEEP)).await {
            Ok(Ok(claimed)) if !claimed.is_empty() => {
                let expected: Vec<_> = claimed
                    .into_iter()
                    .map(|(id, epoch)| (id, epoch, state.expect(id)))
                    .collect();
                let state = state.clone();
                tokio::spawn(async move {
                    for (id, epoch, expected) in expected {
                        state.adopt(id, epoch, asked).await;
                        drop(expected);
                    }
                });
            }
            Ok(Ok(_)) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "cannot claim the tables left behind"),
            Err(_) => tracing::warn!("claiming the tables left behind took too long"),
        }
        if let Ok(Ok(peers)) = tokio::time::timeout(every, store.peers()).await {
            state.set_peers(peers);
        }
        tokio::select! {
            changed = renewed.changed() => {
                if changed.is_err() {
                    return;
                }
                held = Some(renewed.borrow_and_update().clone());
            }
            () = wake.notified() => {}
        }
    }
}

/// Sleeps until `deadline`, or for ever when there is none.
async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}

/// Listens on the channel `snakes`, connecting again whenever the connection drops, and
/// re-reads every row after each connection (what was said meanwhile is not lost).
async fn listen(state: AppState, pg: Postgres, wake: Arc<Notify>) {
    let mut pause = Duration::from_millis(100);
    loop {
        match listen_once(&state, &pg, &wake).await {
            Ok(()) => pause = Duration::from_millis(100),
            Err(e) => tracing::warn!(error = %e, "the database's notifications stopped"),
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(2));
    }
}

/// One listening connection, until it drops.
async fn listen_once(
    state: &AppState,
    pg: &Postgres,
    wake: &Notify,
) -> Result<(), tokio_postgres::Error> {
    let (client, mut conn) = tokio_postgres::connect(pg.url(), tokio_postgres::NoTls).await?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| conn.poll_message(cx));
        while let Some(message) = messages.next().await {
            match message {
                Ok(tokio_postgres::AsyncMessage::Notification(n)) => {
                    if tx.send(n.payload().to_string()).is_err() {
                        break;
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "the listening connection failed");
                    break;
                }
            }
        }
    });
    client.batch_execute("LISTEN snakes").await?;
    tracing::debug!("listening to the other servers");
    // Whatever changed while nobody listened.
    state.reread_rows().await;
    wake.notify_one();
    while let Some(payload) = rx.recv().await {
        if payload == "r" {
            wake.notify_one();
        } else if let Some(id) = payload.strip_prefix('t').and_then(|i| i.parse().ok()) {
            state.reread_row(id).await;
        }
    }
    drop(client);
    let _ = driver.await;
    Ok(())
}
