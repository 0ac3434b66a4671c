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
    /// The number of players is outside 1..=8.
    Players(usize),
    /// An option that cannot be compared (not a rules option).
    UnknownOption(String),
    /// A simulation of no games.
    NoGames,
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
            AnalysisError::Players(k) => write!(
                f,
                "{k} players: a game has 1 to {} players",
                snakes::MAX_PLAYERS
            ),
            AnalysisError::UnknownOption(key) => write!(
                f,
                "cannot compare {key:?}: give one of {}",
                snakes::KEYS.join(", ")
            ),
            AnalysisError::NoGames => write!(f, "a simulation needs at least one game"),
        }
    }
}

impl std::error::Error for AnalysisError {}
