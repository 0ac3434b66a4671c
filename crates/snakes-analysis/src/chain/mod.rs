//! Absorbing Markov chains of one token, built only from the faces' outcomes
//! ([`snakes::face_outcome`]), and their direct solver.
//!
//! The states are the squares `0..N` (square 0 is off the board); the last square `N` absorbs.
//! Two kernels: per roll (each row is one roll of the die) and per turn (a turn is every roll a
//! player makes before the turn passes; it differs from the per-roll kernel only when a face
//! gives another roll). Both are generic over the number type ([`Field`]): `f64` for speed,
//! exact fractions for exact answers.
//!
//! - [`field`]: the number types.
//! - [`kernel`]: the outcome table and the kernels built from it.
//! - [`elimination`]: the elimination that solves `x = c + K x` along the track.

pub mod elimination;
pub mod field;
pub mod kernel;

pub use elimination::solve;
pub use field::{Field, Frac};
pub use kernel::{Kernel, Outcomes, TurnKernel, roll_again_kernel, roll_kernel, turn_kernel};
