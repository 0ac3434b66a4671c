//! Tables nobody follows: a waiting one abandoned, a finished one put away and brought back when
//! asked.

use super::*;
use snakes_server::protocol::{Status, TableSummary};

/// Moves the server's `clock` on by the idle limit, again and again, until `done` holds. Looked
/// at, not waited for: a table's actor counts each command it answered as a sign of life just
/// after answering it (a connection's last look, its leaving), and says nothing when it has,
/// so a move of the clock made meanwhile may not be enough; the next one is.
async fn idle_until(clock: &Clock, idle: Duration, what: &str, mut done: impl FnMut() -> bool) {
    until(what, async || {
        if done() {
            return true;
        }
        clock.advance(idle);
        false
    })
    .await;
}

fn listed(state: &AppState, table: u64) -> Option<TableSummary> {
    state.list().into_iter().find(|t| t.id == table)
}

#[test]
fn an_abandoned_waiting_table_frees_its_place_and_stays_closed_after_a_restart() {
    let dir = temp_dir("idle-waiting");
    let mut cfg = config(&dir);
    // A table is idle for as long as the test says: the server's clock moves only when told.
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    cfg.idle = Duration::from_secs(60);
    cfg.max_tables = 2;
    let db = cfg.db.clone();
    let clients = snakes_testing::runtime(1);
    let server = snakes_testing::runtime(1);
    let (addr, state) = server.block_on(start(cfg.clone()));
    let (kept, abandoned, mut ana) = clients.block_on(async {
        // Ana watches her table; Bo creates one and never looks at it.
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana"})).await;
        ana.watch(None).await;
        let mut bo = Client::connect(addr).await;
        let seated = bo.create(json!({"name":"Bo"})).await;
        assert_eq!(seated["type"], "seated", "{seated}");
        (ana.table, bo.table, ana)
    });
    let handle = state.live(abandoned).unwrap();
    server.block_on(idle_until(
        &clock,
        cfg.idle,
        "the unwatched table leaves the lobby",
        || listed(&state, abandoned).is_none(),
    ));
    // Gone from the lobby, the actor stops a moment later, and says nothing when it does.
    server.block_on(until("its actor stops", async || handle.is_closed()));
    let last = stored_events(&db, abandoned).pop().unwrap();
    assert_eq!(last.1["type"], "abandoned", "{last:?}");
    assert_eq!(
        listed(&state, kept).unwrap().status,
        Status::Waiting,
        "a watched waiting table stays"
    );
    clients.block_on(async {
        // Its place counts no more: a second table fits beside Ana's (the limit is 2).
        let mut cy = Client::connect(addr).await;
        let seated = cy.create(json!({"name":"Cy"})).await;
        assert_eq!(seated["type"], "seated", "{seated}");
        assert_ne!(cy.table, abandoned);
        ana.send(json!({"type":"act","table":abandoned,"action":{"type":"join","name":"Di"}}))
            .await;
        assert_eq!(ana.until("refused").await["code"], "no_such_table");
    });
    server.shutdown_background();
    drop(state);

    // After a restart (no idle limit now), the abandoned table is still closed.
    cfg.idle = Duration::ZERO;
    let server = snakes_testing::runtime(1);
    let (_, state) = server.block_on(start(cfg));
    assert!(listed(&state, abandoned).is_none());
    assert_eq!(listed(&state, kept).unwrap().status, Status::Waiting);
    let refused = server.block_on(state.view(abandoned)).unwrap_err();
    assert_eq!(
        refused.refusal,
        snakes_server::protocol::Refusal::NoSuchTable,
        "{refused:?}"
    );
    server.shutdown_background();
}

#[test]
fn a_finished_table_is_listed_and_watched_after_its_actor_stopped() {
    let dir = temp_dir("idle-finished");
    let mut cfg = config(&dir);
    // A table is idle for as long as the test says: the server's clock moves only when told.
    let clock = Clock::manual();
    cfg.clock = clock.clone();
    cfg.idle = Duration::from_secs(60);
    let clients = snakes_testing::runtime(1);
    let server = snakes_testing::runtime(1);
    let (addr, state) = server.block_on(start(cfg.clone()));
    let table = clients.block_on(async {
        let mut ana = Client::connect(addr).await;
        ana.create(json!({"name":"Ana","bots":1})).await;
        ana.watch(None).await;
        ana.command("start").await;
        ana.play_to_the_end().await;
        ana.table
    });
    let done = server.block_on(state.view(table)).unwrap();
    assert_eq!(done.summary.status, Status::Finished);
    let result = done.summary.result.clone().unwrap();
    let handle = state.live(table).unwrap();
    // Ana's connection is still open and follows the table: the actor stays.
    assert!(!handle.is_closed());
    clients.shutdown_background();

    server.block_on(idle_until(
        &clock,
        cfg.idle,
        "the finished table's actor stops",
        || handle.is_closed() && state.live(table).is_none(),
    ));
    let line = listed(&state, table).unwrap();
    assert_eq!(line.status, Status::Finished);
    assert_eq!(line.result.as_ref(), Some(&result));

    // A spectator watches it from the start: the whole game comes back from the log.
    let clients = snakes_testing::runtime(1);
    let watch_all = |addr: SocketAddr| async move {
        let mut cy = Client::connect(addr).await;
        cy.table = table;
        cy.watch(Some(0)).await;
        cy.until_event("finished").await;
        cy
    };
    let cy = clients.block_on(watch_all(addr));
    assert!(cy.over);
    assert_eq!(cy.seq, done.summary.seq);
    let won = cy
        .seen
        .iter()
        .find(|e| e["event"]["type"] == "won")
        .unwrap();
    assert_eq!(won["event"]["player"], result.winner);
    let again = server.block_on(state.view(table)).unwrap();
    assert_eq!(again.squares, done.squares);
    assert_eq!(again.summary.result, done.summary.result);
    // While Cy follows it, the reloaded table stays; once he goes, it stops again.
    assert!(state.live(table).is_some());
    drop(cy);
    clients.shutdown_background();
    server.block_on(idle_until(
        &clock,
        cfg.idle,
        "the reloaded table stops again",
        || state.live(table).is_none(),
    ));
    server.shutdown_background();
    drop(state);

    // After a restart the finished table is listed at once, without an actor, and watched.
    let server = snakes_testing::runtime(1);
    let (addr, state) = server.block_on(start(cfg));
    assert!(state.live(table).is_none());
    assert_eq!(listed(&state, table).unwrap().result, Some(result));
    let clients = snakes_testing::runtime(1);
    let cy = clients.block_on(watch_all(addr));
    assert_eq!(cy.seq, done.summary.seq);
    drop(cy);
    clients.shutdown_background();
    server.shutdown_background();
}
