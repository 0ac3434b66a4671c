//! How long an analysis may take, what it is doing meanwhile, and what its parts are expected to
//! cost before they start.
//!
//! Every analysis runs under a [`Budget`]: a time limit (none, or say a minute) and a listener
//! that hears what is being computed and how far it has got. Before anything long starts, its
//! cost is estimated from the chain's structure ([`crate::solver::Structure`], [`rates`]);
//! what cannot fit in the budget is refused with the estimate
//! ([`crate::AnalysisError::OverBudget`]), and the long loops check the clock, so that a wrong
//! estimate still ends in an answer or a clear refusal, never in a silent wait.
//!
//! The estimates are in seconds of one core of the machine `BENCHMARKS.md` was measured on, from
//! the costs measured there: a machine twice as fast answers in half the time.
//!
//! A budget counts wall-clock time ([`Budget::new`]), or, for tests that must give the same
//! answer on a machine however busy, the estimated seconds of the work done so far
//! ([`Budget::counting_work`]): each part charges its estimate as it goes ([`Budget::charge`]),
//! so what fits and where a distribution is cut depend on the board alone.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

/// What an analysis is doing, for a progress line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Building the chain from the faces' outcomes and checking that a game surely ends.
    Chain,
    /// Solving for the expected turns: `done` iterations (of no known total) or rows.
    Solve,
    /// Solving for the expected rolls, when a face rolls again: as [`Stage::Solve`].
    Rolls,
    /// Solving for the second moment of the turns, which gives the variance: as
    /// [`Stage::Solve`].
    Variance,
    /// Summing the distribution of the number of turns: `done` turns of at most `total`.
    Distribution,
    /// The race of several players: `done` steps of the joint chain, or games simulated.
    Race,
    /// The exact fraction: `done` rows of the elimination of `total`.
    Exact,
}

/// The time an analysis may take and who hears about its progress.
pub struct Budget<'a> {
    limit: Option<Duration>,
    clock: Clock,
    listener: &'a (dyn Fn(Stage, u64, u64) + Sync),
}

/// What a budget's time is.
enum Clock {
    /// The wall-clock time since the start.
    Wall(Instant),
    /// The estimated seconds of the work charged so far, in nanoseconds.
    Work(AtomicU64),
}

impl std::fmt::Debug for Budget<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("limit", &self.limit)
            .field("elapsed", &self.elapsed())
            .finish()
    }
}

impl<'a> Budget<'a> {
    /// A budget of `limit` (`None`: no limit) from now, reporting to `listener(stage, done,
    /// total)` (`total` 0 when unknown).
    pub fn new(limit: Option<Duration>, listener: &'a (dyn Fn(Stage, u64, u64) + Sync)) -> Self {
        Budget {
            limit,
            clock: Clock::Wall(Instant::now()),
            listener,
        }
    }

    /// A budget of `limit` counted in the estimated seconds of the work done (as charged by
    /// [`Budget::charge`]), not in the clock's: the same answer on any machine, however busy.
    pub fn counting_work(
        limit: Option<Duration>,
        listener: &'a (dyn Fn(Stage, u64, u64) + Sync),
    ) -> Self {
        Budget {
            limit,
            clock: Clock::Work(AtomicU64::new(0)),
            listener,
        }
    }

    /// The time spent so far: wall-clock, or the work charged.
    pub fn elapsed(&self) -> Duration {
        match &self.clock {
            Clock::Wall(started) => started.elapsed(),
            Clock::Work(nanos) => Duration::from_nanos(nanos.load(Ordering::Relaxed)),
        }
    }

    /// Counts `secs` of estimated work as spent, when the budget counts work (nothing when it
    /// counts the clock, which moves by itself).
    pub fn charge(&self, secs: f64) {
        if let Clock::Work(nanos) = &self.clock
            && secs > 0.0
        {
            nanos.fetch_add(
                (secs * 1e9).min(u64::MAX as f64 / 4.0) as u64,
                Ordering::Relaxed,
            );
        }
    }

    /// The limit, if there is one.
    pub fn limit(&self) -> Option<Duration> {
        self.limit
    }

    /// Seconds left (infinite without a limit, 0 once past it).
    pub fn left_secs(&self) -> f64 {
        match self.limit {
            None => f64::INFINITY,
            Some(l) => l.saturating_sub(self.elapsed()).as_secs_f64(),
        }
    }

    /// Whether the time is up.
    pub fn expired(&self) -> bool {
        self.limit.is_some_and(|l| self.elapsed() >= l)
    }

    /// Tells the listener how far `stage` has got.
    pub fn report(&self, stage: Stage, done: u64, total: u64) {
        (self.listener)(stage, done, total);
    }
}

/// Seconds per unit of work, measured on the benchmark machine (see `BENCHMARKS.md`), rounded
/// up: an estimate should rather refuse what would just fit than start what will not.
pub mod rates {
    /// Building the outcome table, the reachability search and the chains, per square and face.
    pub const BUILD_PER_MOVE: f64 = 9e-8;
    /// One GMRES iteration, per stored transition (product, sweep and orthogonalisation).
    pub const GMRES_PER_TRANSITION: f64 = 1.6e-8;
    /// The iterations GMRES needs on boards with jumps spanning the board (see
    /// [`crate::solver::Structure::gmres_iterations`] for the others).
    pub const GMRES_ITERATIONS: f64 = 30.0;
    /// The elimination in `f64`, per stored transition.
    pub const ELIMINATION_PER_TRANSITION: f64 = 8e-8;
    /// The elimination in `f64`, per unit of front work (the sum over squares of the square of
    /// the number of snakes spanning the square).
    pub const ELIMINATION_PER_FRONT: f64 = 5e-11;
    /// One turn of the distribution, per square.
    pub const DISTRIBUTION_PER_SQUARE: f64 = 2.5e-9;
    /// The exact elimination, per operation on fractions of `d` decimal digits, per `d²`.
    pub const EXACT_PER_OP_DIGIT2: f64 = 1.2e-10;
    /// How the fractions grow: decimal digits per row the elimination has done.
    pub const DIGITS_PER_ROW: f64 = 0.6;
    /// One roll of the joint chain of two bumping tokens, per state and face.
    pub const BUMP_PER_STATE_FACE: f64 = 2.5e-9;
    /// One simulated roll with several players.
    pub const SIMULATED_ROLL: f64 = 5e-9;
    /// Bytes per square the analysis keeps whatever the method (outcomes, chains, vectors).
    pub const BYTES_PER_SQUARE: f64 = 160.0;
    /// Bytes per stored transition of a chain.
    pub const BYTES_PER_TRANSITION: f64 = 24.0;
}

/// The memory an analysis may use: it refuses a board on which it would need more.
pub const MEMORY_LIMIT: f64 = 2.0 * 1024.0 * 1024.0 * 1024.0;

#[cfg(test)]
mod tests {
    use super::*;

    /// A budget counting work moves only by what is charged: the same on any machine.
    #[test]
    fn a_work_budget_spends_what_is_charged_and_nothing_else() {
        let budget = Budget::counting_work(Some(Duration::from_secs(2)), &|_, _, _| {});
        assert_eq!(budget.elapsed(), Duration::ZERO);
        assert_eq!(budget.left_secs(), 2.0);
        budget.charge(1.5);
        assert!(!budget.expired());
        assert_eq!(budget.left_secs(), 0.5);
        budget.charge(0.5);
        assert!(budget.expired());
        assert_eq!(budget.left_secs(), 0.0);
        // A clock's budget ignores charges: its time moves by itself.
        let wall = Budget::new(Some(Duration::from_secs(3600)), &|_, _, _| {});
        wall.charge(7200.0);
        assert!(!wall.expired());
    }
}
