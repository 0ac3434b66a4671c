//! Why an analysis or a simulation cannot be made.

use std::fmt;

use snakes::{BoardError, BoardWarning, Square};

/// Why a board and rules cannot be measured.
#[derive(Debug, Clone, PartialEq)]
pub enum AnalysisError {
    /// The board cannot be played under these rules (a jump cycle when jumps chain).
    Board(BoardError),
    /// A game from the start may never end, so its expected length is infinite: the last square
    /// cannot be reached, or a token can be trapped ([`BoardWarning::may_never_end`], found by
    /// [`snakes::reach`]).
    NeverEnds(BoardWarning),
    /// Tokens start on the last square (a one-square board with `start=square-1`): the first
    /// roll of the game wins whatever it is, so there is nothing to measure.
    StartsOnLast {
        /// The last square.
        last: Square,
    },
    /// The number of players is outside 1..=8.
    Players(usize),
    /// A part of the analysis would take longer than the budget allows.
    OverBudget {
        /// Which part.
        part: Part,
        /// The estimated seconds it needs.
        estimate_secs: f64,
        /// The budget, in seconds.
        budget_secs: f64,
    },
    /// The analysis would need more memory than it allows itself ([`crate::budget::MEMORY_LIMIT`]).
    TooLarge {
        /// The estimated bytes.
        bytes: f64,
    },
    /// The iterative solver did not converge and the direct one does not fit.
    NoConvergence {
        /// Iterations made.
        iterations: usize,
        /// The largest residual reached.
        residual: f64,
    },
    /// An option that cannot be compared (not a rules option).
    UnknownOption(String),
    /// A simulation of no games.
    NoGames,
    /// The system would not start the simulation's threads.
    Threads {
        /// How many were asked for.
        wanted: usize,
        /// How many had started.
        started: usize,
        /// The system's reason.
        reason: String,
    },
}

/// Terse and technical, as the rules crate's errors: the kind and its values as `Debug` writes
/// them. The sentences for people, in every language, are `snakes_text::errors`.
impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "analysis: {self:?}")
    }
}

impl std::error::Error for AnalysisError {}

/// The part of an analysis a budget refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The expected turns and the variance (the linear solves).
    Solve,
    /// The expected turns as an exact fraction.
    Exact,
    /// The race of several players.
    Race,
}

impl Part {
    /// What the part computes, as the subject of a sentence.
    pub fn describe(self) -> &'static str {
        match self {
            Part::Solve => "computing the average turns",
            Part::Exact => "computing the average turns as an exact fraction",
            Part::Race => "computing the race of several players",
        }
    }
}

/// A length of time in the unit a person reads it in: seconds below two minutes (with a decimal
/// below ten), minutes below two hours, hours (with a decimal) below two days, then days.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Span {
    /// The unit.
    pub unit: Unit,
    /// How many of it (not rounded).
    pub value: f64,
    /// How many decimals to write it with.
    pub decimals: u8,
}

/// The unit of a [`Span`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Seconds.
    Seconds,
    /// Minutes.
    Minutes,
    /// Hours.
    Hours,
    /// Days.
    Days,
}

/// `secs` in the unit it is best read in, with the decimals that keep it from reading as 0
/// ("0.04 s", not "0.0 s").
pub fn span(secs: f64) -> Span {
    let (unit, value, decimals) = if secs < 0.01 {
        (Unit::Seconds, secs, 3)
    } else if secs < 0.1 {
        (Unit::Seconds, secs, 2)
    } else if secs < 10.0 {
        (Unit::Seconds, secs, 1)
    } else if secs < 120.0 {
        (Unit::Seconds, secs, 0)
    } else if secs < 7200.0 {
        (Unit::Minutes, secs / 60.0, 0)
    } else if secs < 48.0 * 3600.0 {
        (Unit::Hours, secs / 3600.0, 1)
    } else {
        (Unit::Days, secs / 86400.0, 0)
    };
    Span {
        unit,
        value,
        decimals,
    }
}
