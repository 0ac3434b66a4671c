//! Why an analysis or a simulation cannot be made.

use std::fmt;

use snakes::{BoardError, Square};

/// Why a board and rules cannot be measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// The board cannot be played under these rules (a jump cycle when jumps chain).
    Board(BoardError),
    /// No sequence of rolls reaches the last square from the start.
    LastUnreachable {
        /// The last square.
        last: Square,
    },
    /// The last square can be reached, but a token can also reach `square`, from which it never
    /// can: the game may never end and its expected length is infinite.
    NeverFinishes {
        /// A square a token can reach and never leave for the last square.
        square: Square,
        /// The last square.
        last: Square,
    },
    /// Tokens start on the last square (a one-square board with `start=square-1`): the first
    /// roll of the game wins whatever it is, so there is nothing to measure.
    StartsOnLast {
        /// The last square.
        last: Square,
    },
    /// The number of players is outside 1..=8.
    Players(usize),
    /// The race needs the whole distribution of one token's turns, and on this board it runs
    /// past the work budget.
    RaceTooLong {
        /// Turns computed before the budget ran out.
        turns: usize,
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

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::Board(e) => write!(f, "{e}"),
            AnalysisError::LastUnreachable { last } => write!(
                f,
                "square {last} cannot be reached from the start under these rules: no game can end"
            ),
            AnalysisError::NeverFinishes { square, last } => write!(
                f,
                "a token can reach square {square}, from which square {last} can never be reached: \
                 the game may never end, so its expected length is infinite"
            ),
            AnalysisError::StartsOnLast { last } => write!(
                f,
                "tokens start on square {last}, the last square: the first roll always wins, \
                 so there is nothing to measure"
            ),
            AnalysisError::Players(k) => write!(
                f,
                "{k} players: a game has 1 to {} players",
                snakes::MAX_PLAYERS
            ),
            AnalysisError::RaceTooLong { turns } => write!(
                f,
                "a game on this board lasts too long to measure a race exactly: the race needs \
                 the whole distribution of turns, and after {turns} turns games are still going; \
                 measure one player instead"
            ),
            AnalysisError::UnknownOption(key) => write!(
                f,
                "cannot compare {key:?}: give one of {}",
                snakes::KEYS.join(", ")
            ),
            AnalysisError::NoGames => write!(f, "a simulation needs at least one game"),
            AnalysisError::Threads {
                wanted,
                started,
                reason,
            } => write!(
                f,
                "cannot start {wanted} threads (the system refused after {started}: {reason}); \
                 ask for fewer"
            ),
        }
    }
}

impl std::error::Error for AnalysisError {}
