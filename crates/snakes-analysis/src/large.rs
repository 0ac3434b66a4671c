//! Expected turns on large boards (millions of squares) in floating point, with a check of the
//! answer: the elimination of [`crate::chain::solve`] costs about linear time in the number of
//! squares when jumps span a bounded number of squares, and the residual of every equation is
//! measured afterwards.

use snakes::{Board, Rules};

use crate::chain::{self, Kernel};
use crate::error::AnalysisError;

/// The expected turns from every square, with how well they satisfy their equations.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// Expected turns from the start.
    pub expected_turns: f64,
    /// Expected turns from each square `0..N` (`None` where it is infinite).
    pub per_square: Vec<Option<f64>>,
    /// The largest `|x_i - 1 - Σ_j K_ij x_j| / x_i` over the squares: how far the answer is
    /// from satisfying its own equations, relative to its size.
    pub max_relative_residual: f64,
}

/// Expected turns for one token on `board` under `rules`, in `f64`.
///
/// # Errors
/// As [`crate::markov::Token::new`].
pub fn expected_turns(board: &Board, rules: &Rules) -> Result<Solution, AnalysisError> {
    snakes::check_playable(board, rules).map_err(AnalysisError::Board)?;
    let live = chain::sure_to_finish(board, rules);
    let start = rules.start_square() as usize;
    if start >= board.last() as usize || !live[start] {
        // The full check names the square; it costs no more than what follows.
        crate::markov::Token::new(board, rules)?;
    }
    let k: Kernel<f64> = chain::turn_kernel(board, rules);
    let x = chain::solve(&k, &vec![1.0; k.n], &live);
    let residual = max_relative_residual(&k, &x);
    let expected = x[start].ok_or(AnalysisError::LastUnreachable { last: board.last() })?;
    Ok(Solution {
        expected_turns: expected,
        per_square: x,
        max_relative_residual: residual,
    })
}

/// The largest relative residual of `x = 1 + K x` over the squares with a value.
pub fn max_relative_residual(k: &Kernel<f64>, x: &[Option<f64>]) -> f64 {
    let mut worst: f64 = 0.0;
    for i in 0..k.n {
        let Some(xi) = x[i] else { continue };
        let mut rhs = 1.0;
        for (j, p) in k.row(i) {
            rhs += p * x[j].unwrap_or(f64::NAN);
        }
        worst = worst.max(((xi - rhs) / xi).abs());
    }
    worst
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn roll_again_on_a_large_board_is_solved_quickly_and_agrees_roll_by_roll() {
        // Runs of sixes are cut in f64 after their chance falls below 1e-20; the answer agrees
        // with the roll-by-roll chain (no cut) to 1e-12.
        let board = snakes::random_board(100, 100, 500, 100, 4).expect("board");
        let rules: Rules = "six=roll-again".parse().expect("rules");
        let s = expected_turns(&board, &rules).expect("finite");
        let k: Kernel<f64> = chain::roll_again_kernel(&board, &rules);
        let c: Vec<f64> = (0..k.n).map(|i| f64::from(u8::from(i % 2 == 0))).collect();
        let live = vec![true; k.n];
        let by_roll = chain::solve(&k, &c, &live)[0].expect("finite");
        assert!(((s.expected_turns - by_roll) / by_roll).abs() < 1e-12);
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
