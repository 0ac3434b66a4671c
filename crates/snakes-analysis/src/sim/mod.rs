//! Monte Carlo simulation of whole games: seeded, reproducible, multi-threaded.
//!
//! Every move comes from the table of the faces' outcomes ([`crate::chain::Outcomes`], from
//! [`snakes::face_outcome`]) for each (square, face), built once. The rest of a turn (collisions,
//! the finish, the six rule, passing the turn) is [`snakes::after_move`], the function
//! [`snakes::GameState::apply`] calls; a test replays random roll sequences through both and
//! checks they agree for every rules combination. The one-token loop specialises it where a rule
//! cannot apply to one token (see [`Tables`]).
//!
//! **Dice.** Rolls come from the core crate's generator ([`snakes::Rng`], xoshiro256**). One 64-bit
//! word `x` gives `k` rolls as the first `k` base-`f` digits of `x / 2^64` (multiply by `f`, the
//! high word is the roll, the low word continues): a tuple of `k` rolls is a fixed interval of
//! `x` holding `⌊2^64/f^k⌋` or `⌈2^64/f^k⌉` words, so the `k` rolls of one word differ from
//! independent fair rolls by a total variation distance below `f^k / 2^65`. `k` is the largest
//! count with `f^k ≤ 2^21` (8 rolls for a six-sided die), so the distance is below `2^-44`
//! (`5.7e-14`) per word: far below anything a simulation can resolve.
//!
//! **Reproducibility.** Games are cut into chunks of [`CHUNK`] games; chunk `c` has its own
//! generator seeded from `(seed, c)`. Threads take chunks in any order, and every result is an
//! integer count or sum, so the totals are identical for any number of threads.
//!
//! The parts: [`engine`] plays games, [`threads`] shares them out among threads, [`statistics`]
//! turns the totals into estimates with confidence intervals.

pub mod engine;
pub mod statistics;
pub mod threads;

pub use engine::{Outcome, Tables, naive_single_rolls, play_game};
pub use statistics::{Estimate, QUANTILES, SeatEstimate, Simulation, Totals, summarise};
pub use threads::{CHUNK, Sample, SimOptions, sample, simulate, simulate_totals};
