//! `snakes-faults`: the fault-injection suite's long form. Each fault many times, with the
//! figures of BENCHMARKS.md: runs, events heard and stored, events lost (none may be), tables
//! quarantined (none may be), and how long each table took to be served again after the fault.
//!
//! ```text
//! cargo run --release -p snakes-faults -- [--runs N] [--outage-secs S] [--lease-ms MS] [FAULT...]
//! ```
//!
//! FAULT is one of db-crash, db-restart, db-outage, kill, freeze, cut, wedge, unanswered,
//! rolling-restart, full-restart, restore (all of them by default). It builds nothing: `cargo build --release`
//! first (it runs target/release/snakes, or $SNAKES_BIN).

use std::process::ExitCode;
use std::time::Duration;

use snakes_faults::{Fault, Options, Outcome};

fn usage() -> ExitCode {
    eprintln!(
        "usage: snakes-faults [--runs N] [--outage-secs S] [--lease-ms MS] [FAULT...]\nFAULT: {}",
        Fault::ALL.map(Fault::name).join(", ")
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut runs = 5;
    let mut options = Options {
        outage: Duration::from_secs(30),
        ..Options::default()
    };
    let mut faults = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || args.next().and_then(|v| v.parse::<u64>().ok());
        match arg.as_str() {
            "--runs" => match number() {
                Some(n) if n > 0 => runs = n,
                _ => return usage(),
            },
            "--outage-secs" => match number() {
                Some(n) => options.outage = Duration::from_secs(n),
                None => return usage(),
            },
            "--lease-ms" => match number() {
                Some(n) if n >= 300 => options.lease = Duration::from_millis(n),
                _ => return usage(),
            },
            name => match Fault::named(name) {
                Some(f) => faults.push(f),
                None => return usage(),
            },
        }
    }
    if faults.is_empty() {
        faults = Fault::ALL.to_vec();
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    println!(
        "{:<16} {:>4} {:>8} {:>8} {:>5} {:>11} {:>9} {:>9} {:>9}",
        "fault",
        "runs",
        "heard",
        "stored",
        "lost",
        "quarantined",
        "back p50",
        "back p90",
        "back max"
    );
    let mut failed = false;
    for fault in faults {
        let outcomes: Vec<Outcome> = (0..runs)
            .map(|_| runtime.block_on(snakes_faults::run(fault, options.clone())))
            .collect();
        let mut back: Vec<Duration> = outcomes.iter().flat_map(|o| o.back.clone()).collect();
        back.sort();
        let at = |q: f64| back[((back.len() - 1) as f64 * q).round() as usize];
        let sum = |f: fn(&Outcome) -> u64| outcomes.iter().map(f).sum::<u64>();
        let lost = sum(|o| o.lost as u64);
        let quarantined = sum(|o| o.quarantined);
        failed |= lost > 0 || quarantined > 0;
        println!(
            "{:<16} {:>4} {:>8} {:>8} {:>5} {:>11} {:>8.2}s {:>8.2}s {:>8.2}s",
            fault.name(),
            runs,
            sum(|o| o.heard as u64),
            sum(|o| o.stored as u64),
            lost,
            quarantined,
            at(0.5).as_secs_f64(),
            at(0.9).as_secs_f64(),
            at(1.0).as_secs_f64(),
        );
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
