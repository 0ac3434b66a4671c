//! Questions about boards and rules, answered from the one move function of the `snakes` crate:
//! the fewest rolls to finish (a breadth-first search), how long a game lasts (absorbing Markov
//! chains, exact and in floating point) and what simulation says where no exact method applies.
//!
//! ```
//! use snakes::{Board, Rules};
//! use snakes_analysis::{Options, analyze, compare};
//!
//! let board = Board::classic();
//! let rules: Rules = "ending=exact".parse().unwrap();
//! let opts = Options { exact: true, players: 2, ..Options::default() };
//! let a = analyze(&board, &rules, &opts).unwrap();
//! // Althoen, King and Schilling (1993): 39.2251223082... turns.
//! assert!(a.expected_turns_decimal.unwrap().starts_with("39.2251223082"));
//! assert_eq!(a.race.unwrap().seats.len(), 2);
//!
//! // How much longer the strict ending makes a game than the loose one.
//! let c = compare(&board, &Rules::STANDARD, "ending", &Options::default()).unwrap();
//! let bounce = &c.variants[0];
//! assert_eq!(bounce.value, "bounce");
//! assert!(bounce.longer_than_shortest_percent.unwrap() > 20.0);
//! ```
//!
//! The parts:
//! - [`analysis`]: [`analyze`] and [`compare`], the serialisable results the CLI and the board
//!   page show.
//! - [`chain`]: one token's chain per roll and per turn (six rolling again is summed exactly),
//!   generic over `f64` and exact fractions, and the elimination that solves it.
//! - [`markov`]: expected turns, variance, the distribution of the number of turns.
//! - [`multi`]: several players: rounds, total rolls, seat odds.
//! - [`large`]: expected turns on boards of millions of squares, with a residual check.
//! - [`sim`]: seeded, multi-threaded Monte Carlo of whole games.
//! - [`solve`]: the fewest rolls to finish when the player chooses every roll, with a path.
//! - [`plot`]: an SVG chart of the chance to have finished by turn `t`.

pub mod analysis;
pub mod budget;
pub mod chain;
pub mod distribution;
pub mod error;
pub mod krylov;
pub mod large;
pub mod markov;
pub mod multi;
pub mod plot;
pub mod sim;
pub mod solve;
pub mod solver;

pub use analysis::{
    Analysis, Comparison, Options, Variant, analyze, analyze_with, analyze_within, compare,
    compare_with,
};
pub use error::AnalysisError;
