//! Questions about boards and rules, answered from the one move function of the `snakes` crate:
//! the fewest rolls to finish (a breadth-first search), how long a game lasts (absorbing Markov
//! chains, exact and in floating point) and what simulation says where no exact method applies.

pub mod chain;
pub mod error;
pub mod markov;
pub mod sim;
pub mod solve;
