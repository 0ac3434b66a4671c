//! Expected turns on large boards (millions of squares) in floating point, with a check of the
//! answer: the method is chosen from the board's structure ([`crate::solver`]), linear in the
//! number of squares when jumps span a bounded number of squares and a few tens of products
//! with the chain when they span the board, and the residual of every equation is measured
//! afterwards.

use snakes::{Board, Rules};

use crate::budget::Budget;
use crate::error::AnalysisError;
use crate::markov::Token;
use crate::solver::Method;

/// The expected turns from every square, with how they were found and how well they satisfy
/// their equations.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// Expected turns from the start.
    pub expected_turns: f64,
    /// Expected turns from each square `0..N` (`None` where it is infinite).
    pub per_square: Vec<Option<f64>>,
    /// The method that solved the equations.
    pub method: Method,
    /// Its iterations (GMRES; 0 for the elimination).
    pub iterations: usize,
    /// The largest `|x_i - 1 - Σ_j K_ij x_j| / x_i` over the squares: how far the answer is
    /// from satisfying its own equations, relative to its size.
    pub max_relative_residual: f64,
    /// The largest `|x_i - 1 - Σ_j K_ij x_j|`: a bound on the relative error of every `x_i`.
    pub max_residual: f64,
}

/// Expected turns for one token on `board` under `rules`, in `f64`, without a time limit.
///
/// # Errors
/// As [`crate::markov::Token::new`] and [`crate::solver::solve`].
pub fn expected_turns(board: &Board, rules: &Rules) -> Result<Solution, AnalysisError> {
    expected_turns_within(board, rules, &Budget::new(None, &|_, _, _| {}))
}

/// As [`expected_turns`], within `budget`.
///
/// # Errors
/// As [`expected_turns`].
pub fn expected_turns_within(
    board: &Board,
    rules: &Rules,
    budget: &Budget<'_>,
) -> Result<Solution, AnalysisError> {
    let token = Token::new(board, rules)?;
    let (per_square, s) = token.expected_turns_within(&token.structure(), budget)?;
    Ok(Solution {
        expected_turns: per_square[token.start].unwrap_or(f64::NAN),
        per_square,
        method: s.method,
        iterations: s.iterations,
        max_relative_residual: s.max_relative_residual,
        max_residual: s.max_residual,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::{self, Kernel, Outcomes};
    use crate::markov::expected_turns_exact;

    #[test]
    fn large_solver_matches_exact_fractions_on_random_boards() {
        // Random layouts with long snakes (many open unknowns at once) and every ending.
        for (side, jumps, span, seed) in [(12, 30, 60, 1), (15, 45, 100, 2), (20, 80, 150, 3)] {
            let board = snakes::random_board(side, side, jumps, span, seed).expect("board");
            for ending in ["bounce", "exact", "loose"] {
                let rules: Rules = format!("ending={ending}").parse().expect("rules");
                let exact = expected_turns_exact(&board, &rules)
                    .expect("finite")
                    .to_f64_lossy();
                let s = expected_turns(&board, &rules).expect("finite");
                assert!(
                    ((s.expected_turns - exact) / exact).abs() < 1e-12,
                    "{side} {ending}: {} vs {exact}",
                    s.expected_turns
                );
                assert!(s.max_relative_residual < 1e-13);
            }
        }
    }

    #[test]
    fn roll_again_on_a_large_board_agrees_with_the_per_turn_chain() {
        // The per-turn kernel cuts runs of sixes in f64 after their chance falls below 1e-20;
        // the roll-by-roll chain the solve uses has no cut. They agree to 1e-12.
        let board = snakes::random_board(100, 100, 500, 100, 4).expect("board");
        let rules: Rules = "six=roll-again".parse().expect("rules");
        let s = expected_turns(&board, &rules).expect("finite");
        let k: Kernel<f64> = chain::turn_kernel(&Outcomes::new(&board, &rules)).kernel;
        let live = vec![true; k.n];
        let by_turn = chain::solve(&k, &vec![1.0; k.n], &live)[0].expect("finite");
        assert!(((s.expected_turns - by_turn) / by_turn).abs() < 1e-12);
    }

    #[test]
    fn a_hundred_thousand_squares_satisfy_their_equations() {
        let board = snakes::random_board(316, 316, 5_000, 100, 9).expect("board");
        let s = expected_turns(&board, &Rules::STANDARD).expect("finite");
        assert!(
            s.max_relative_residual < 1e-12,
            "{}",
            s.max_relative_residual
        );
        assert!(s.expected_turns > 316.0 * 316.0 / 6.0 / 2.0);
    }

    trait Lossy {
        fn to_f64_lossy(&self) -> f64;
    }
    impl Lossy for num_rational::BigRational {
        fn to_f64_lossy(&self) -> f64 {
            chain::Field::to_f64(self)
        }
    }
}
