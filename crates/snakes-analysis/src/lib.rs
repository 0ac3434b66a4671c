//! Questions about boards and rules, answered from the one move function of the `snakes` crate:
//! the fewest rolls to finish (a breadth-first search), how long a game lasts (absorbing Markov
//! chains, exact and in floating point) and what simulation says where no exact method applies.

pub mod analysis;
pub mod chain;
pub mod error;
pub mod markov;
pub mod multi;
pub mod plot;
pub mod sim;

pub use analysis::{Analysis, Comparison, Options, Variant, analyze, compare};
pub use error::AnalysisError;
