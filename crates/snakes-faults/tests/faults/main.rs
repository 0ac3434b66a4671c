//! The fault-injection suite's short form: each fault once, with a real nginx, three servers,
//! their PostgreSQL of the suite's own and players at six tables. Every test asserts the same:
//! nothing a player heard is missing or different in the store, no log has a gap, no table is
//! quarantined, every server runs, and every table is served again (its player hears new events:
//! the run waits for them). How long that takes is measured by the long form (BENCHMARKS.md).
//! And TLS to PostgreSQL (`tls.rs`), `snakes join` following its table from server to
//! server (`join.rs`), and a moderator on one server acting on every server (`moderation.rs`).

// Tests may unwrap: a panic is the failure report (clippy only exempts `#[test]` bodies).
#![allow(clippy::unwrap_used)]

mod join;
mod members;
mod moderation;
mod tls;

use snakes_faults::{Fault, Options};

fn check(fault: Fault) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let outcome = runtime.block_on(snakes_faults::run(fault, Options::default()));
    eprintln!("{outcome:?}");
    assert_eq!(outcome.lost, 0, "events heard and lost: {outcome:?}");
    assert_eq!(outcome.quarantined, 0, "{outcome:?}");
    assert!(
        outcome.heard > 0 && outcome.stored >= outcome.heard,
        "{outcome:?}"
    );
}

#[test]
fn a_crash_of_postgresql_loses_nothing_anyone_heard() {
    check(Fault::DatabaseCrash);
}

#[test]
fn a_restart_of_postgresql_loses_nothing() {
    check(Fault::DatabaseRestart);
}

#[test]
fn an_outage_of_postgresql_loses_nothing_and_every_table_comes_back() {
    check(Fault::DatabaseOutage);
}

#[test]
fn a_killed_server_loses_nothing() {
    check(Fault::Kill);
}

#[test]
fn a_frozen_server_loses_nothing() {
    check(Fault::Freeze);
}

#[test]
fn a_server_cut_from_the_database_loses_nothing() {
    check(Fault::Cut);
}

#[test]
fn a_wedged_database_connection_stops_nothing() {
    check(Fault::Wedge);
}

#[test]
fn unanswered_writes_are_settled_before_anything_else_is_decided() {
    check(Fault::Unanswered);
}

#[test]
fn a_rolling_restart_loses_nothing() {
    check(Fault::RollingRestart);
}

#[test]
fn a_full_restart_loses_nothing() {
    check(Fault::FullRestart);
}

#[test]
fn a_restored_copy_is_served_by_every_server() {
    check(Fault::Restore);
}
