//! Several servers on one PostgreSQL: this server's leases and its ear on the others, the
//! tasks that act on the shared state from [`Cluster`]'s news.
//!
//! [`Cluster`] (`cluster.rs`) is what the shared state holds of it; [`start`] runs three tasks beside the tables, each on its
//! own, each with its own failures (logged once, then every ten seconds while they last):
//!
//! - **Leases.** Every third of `--lease-ms` the server renews, in one statement, its heartbeat
//!   and the leases on the tables it serves now (waiting or playing: a game that ends gives its
//!   lease back). A table whose lease did not come back is lost: its actor stops serving it and
//!   tells its listeners where it went. Each claim also runs out by the server's own clock, a
//!   lease after the renewal that last renewed it was *sent* (the database's clock set the
//!   expiry after that): the actor stops then, before any other server can claim the table. A
//!   lease on a table not served here is never renewed, so it runs out. When the writes to the
//!   database make no progress (the writer has held its batch for half a lease), the renewals
//!   stop: this server's tables go to the others, who can write.
//! - **Sweeps.** Every third of a lease, and when a server hands its tables back, the server
//!   claims the tables in play whose owner's lease ran out (a server killed, frozen, cut off,
//!   or stopping), one at a time, each right before it is read and served: no claim waits in a
//!   batch while others are read.
//! - **Listening.** A connection of its own LISTENs on the channel `snakes`: `t<id>` when a
//!   table's lobby row changed (sent by the transaction that changed it), `r` when a server
//!   handed its tables back, `m` when the sanctions or the moderators changed, `p<id>` for a new
//!   report, `a<id>` when a member's account changed (sessions, password, settings, blocks, or
//!   the member deleted). The lobby's rows of the others' tables follow (the ids heard while
//!   rows are read are gathered, each read once); a hand-back makes the sweeps claim at once;
//!   the sanctions are read again, and the moderators told of the reports. The members heard
//!   of are gathered the same way, and each connection signed in as one reads its session
//!   again.
//!   After the connection drops (a restart of the database, `pg_terminate_backend`, a silent
//!   link noticed by TCP keepalives), it connects again and reads every row, missing nothing.
//!
//! Nothing here carries the game: rolls go from a table's actor to its store and its players,
//! and reach other servers' players only when they watch the table there.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::{Notify, watch};
use tokio::time::Instant;

use crate::AppState;
use crate::cluster::Cluster;
use crate::locks::{Lock, Shared};
use crate::protocol::TableId;
use crate::store::StoreError;

/// Starts the leases, the sweeps and the listening of a server on a shared store, each a task
/// of its own that ends when the server stops; nothing with SQLite.
pub(crate) fn start(state: &AppState) {
    let Some(cluster) = state.cluster().cloned() else {
        return;
    };
    // The tables left behind are claimed as soon as the sweeps start.
    cluster.wake.notify_one();
    tokio::spawn(until_stopped(
        state.shutdown_signal(),
        leases(state.clone(), cluster.clone()),
    ));
    tokio::spawn(until_stopped(
        state.shutdown_signal(),
        sweeps(state.clone(), cluster.clone()),
    ));
    tokio::spawn(until_stopped(
        state.shutdown_signal(),
        listen(state.clone(), cluster),
    ));
}

/// `task`, until the server stops.
async fn until_stopped(
    mut stop: watch::Receiver<bool>,
    task: impl std::future::Future<Output = ()>,
) {
    tokio::select! {
        () = task => {}
        _ = stop.wait_for(|s| *s) => {}
    }
}

/// Renews the leases on the tables served here every third of a lease, and drops those whose
/// lease is lost or runs out (see the module's documentation).
async fn leases(state: AppState, cluster: Arc<Cluster>) {
    let lease = state.config().lease;
    let every = lease / 3;
    loop {
        let sent = Instant::now();
        // Every call of the writer has its limit (a batch holds it for at most a lease and a
        // quarter: the wait for a connection, the write, and sending it again for half a
        // lease); past that, the writer is stuck, and this server's tables go to the others.
        let stalled = cluster.pg.writing_for().is_some_and(|w| w > lease * 3 / 2);
        if stalled != cluster.stalled.swap(stalled, Ordering::AcqRel) {
            if stalled {
                tracing::error!(
                    "the writes to the database make no progress: the leases are not renewed, so that the other servers take this one's tables"
                );
            } else {
                tracing::info!("the writes to the database make progress again");
            }
        }
        if !stalled {
            // A claim already run out is dropped, not renewed (a renewal would never catch up).
            state.drop_expired();
            let served = state.served();
            let renewed = tokio::select! {
                r = cluster.pg.renew(&served) => Some(r),
                () = sleep_until(state.earliest_deadline()) => None,
            };
            match renewed {
                Some(Ok(held)) => {
                    let first = cluster.renewed.locked().replace(sent).is_none();
                    if first {
                        // Ready now: the tables left behind are claimed at once.
                        cluster.wake.notify_one();
                    }
                    state.metrics().renewal(sent.elapsed(), true);
                    cluster.renewals.recovered();
                    state.renewed(&served, &held, sent + lease);
                }
                Some(Err(e)) => {
                    state.metrics().renewal(sent.elapsed(), false);
                    cluster.renewals.failed(&e);
                }
                None => {
                    state.metrics().renewal(sent.elapsed(), false);
                    cluster.renewals.failed(&"no answer before a lease ran out");
                }
            }
        }
        state.drop_expired();
        let next = sent + every;
        loop {
            tokio::select! {
                () = tokio::time::sleep_until(next) => break,
                () = sleep_until(state.earliest_deadline()) => state.drop_expired(),
            }
        }
    }
}

/// Claims the tables in play whose owner's lease ran out, one at a time, each brought into
/// memory right after its claim; then reads which servers run. Every third of a lease, and at
/// once when a server hands its tables back.
async fn sweeps(state: AppState, cluster: Arc<Cluster>) {
    let every = state.config().lease / 3;
    loop {
        if cluster.ready(state.config().lease) {
            let swept = sweep(&state, &cluster).await;
            match swept.and(cluster.pg.peers().await) {
                Ok(peers) => {
                    cluster.sweeps.recovered();
                    *cluster.peers.writing() = peers;
                }
                Err(e) => cluster.sweeps.failed(&e),
            }
            match cluster.pg.quarantined().await {
                Ok(n) => state.metrics().set_quarantined(n),
                Err(e) => cluster.sweeps.failed(&e),
            }
        }
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            () = cluster.wake.notified() => {}
        }
    }
}

/// Claims and serves the tables left behind, one at a time, until none is left.
async fn sweep(state: &AppState, cluster: &Cluster) -> Result<(), StoreError> {
    while !*state.shutdown_signal().borrow() && state.ready() {
        let asked = Instant::now();
        let Some((id, epoch)) = cluster.pg.claim_orphans(1).await?.pop() else {
            break;
        };
        // On a task of its own: a table whose rebuilding panics quarantines that table, and
        // the sweeps go on.
        let adopting = tokio::spawn({
            let state = state.clone();
            async move { state.adopt(id, epoch, asked).await }
        });
        if let Err(e) = adopting.await
            && e.is_panic()
        {
            state.panicked(id, epoch).await;
        }
    }
    Ok(())
}

/// Sleeps until `deadline`, or for ever when there is none.
async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}

/// Listens on the channel `snakes`, connecting again whenever the connection drops (after a
/// pause that doubles up to 5 s, from 100 ms again once a connection lasted a minute), and
/// re-reads every row after each connection (what was said meanwhile is not lost).
async fn listen(state: AppState, cluster: Arc<Cluster>) {
    let mut pause = Duration::from_millis(100);
    loop {
        let began = Instant::now();
        if let Err(e) = listen_once(&state, &cluster).await {
            cluster.listening.failed(&e);
        }
        if began.elapsed() > Duration::from_secs(60) {
            pause = Duration::from_millis(100);
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(5));
    }
}

/// What the listening connection heard and not read yet: each table's id once, each member's
/// id once, and whether a server handed its tables back.
#[derive(Default)]
struct Heard {
    ids: std::sync::Mutex<BTreeSet<TableId>>,
    /// Members whose account changed (`a<id>`: sessions, password, settings, blocks, or the
    /// member deleted).
    members: std::sync::Mutex<BTreeSet<i64>>,
    handed_back: AtomicBool,
    /// A moderator changed the sanctions in force.
    sanctions: AtomicBool,
    /// Someone reported someone.
    reports: AtomicBool,
    ended: AtomicBool,
    bell: Notify,
}

/// One listening connection, until it drops.
async fn listen_once(state: &AppState, cluster: &Cluster) -> Result<(), StoreError> {
    let connect = cluster.pg.connect();
    let limit = cluster.pg.limits().connect;
    let (client, mut conn) =
        tokio::time::timeout(limit, connect.config.connect(connect.tls.clone()))
            .await
            .map_err(|_| {
                StoreError::Unavailable(format!("no connection within {} ms", limit.as_millis()))
            })??;
    let heard = Arc::new(Heard::default());
    let driver = {
        let heard = heard.clone();
        tokio::spawn(async move {
            let mut messages = futures_util::stream::poll_fn(move |cx| conn.poll_message(cx));
            while let Some(Ok(message)) = messages.next().await {
                let tokio_postgres::AsyncMessage::Notification(n) = message else {
                    continue;
                };
                let payload = n.payload();
                if payload == "r" {
                    heard.handed_back.store(true, Ordering::Release);
                } else if payload == "m" {
                    heard.sanctions.store(true, Ordering::Release);
                } else if payload.starts_with('p') {
                    heard.reports.store(true, Ordering::Release);
                } else if let Some(id) = payload.strip_prefix('t').and_then(|i| i.parse().ok()) {
                    heard.ids.locked().insert(id);
                } else if let Some(id) = payload.strip_prefix('a').and_then(|i| i.parse().ok()) {
                    heard.members.locked().insert(id);
                }
                heard.bell.notify_one();
            }
            heard.ended.store(true, Ordering::Release);
            heard.bell.notify_one();
        })
    };
    let listening = match tokio::time::timeout(limit, client.batch_execute("LISTEN snakes")).await {
        Ok(r) => r.map_err(StoreError::from),
        Err(_) => Err(StoreError::Unavailable("LISTEN did not answer".into())),
    };
    if let Err(e) = listening {
        driver.abort();
        return Err(e);
    }
    tracing::debug!("listening to the other servers");
    cluster.listening.recovered();
    // Whatever changed while nobody listened.
    state.reread_rows().await;
    state.reread_sanctions().await;
    state.hear_reports().await;
    cluster.wake.notify_one();
    while !heard.ended.load(Ordering::Acquire) {
        heard.bell.notified().await;
        let ids = std::mem::take(&mut *heard.ids.locked());
        for id in ids {
            state.reread_row(id).await;
        }
        // A member changed on another server (or on this one: each server hears its own):
        // every connection signed in as them reads its session again.
        let members = std::mem::take(&mut *heard.members.locked());
        for id in members {
            state.members().changed(id);
        }
        if heard.handed_back.swap(false, Ordering::AcqRel) {
            cluster.wake.notify_one();
        }
        if heard.sanctions.swap(false, Ordering::AcqRel) {
            state.reread_sanctions().await;
        }
        if heard.reports.swap(false, Ordering::AcqRel) {
            state.hear_reports().await;
        }
    }
    drop(client);
    let _ = driver.await;
    Err(StoreError::Unavailable(
        "the listening connection was closed".into(),
    ))
}
