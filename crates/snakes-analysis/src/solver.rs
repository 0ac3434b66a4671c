//! Solving `x = c + K x` in `f64` on any board: the method is chosen from the chain's structure,
//! and every answer is checked against its equations afterwards.
//!
//! - **Elimination along the track** ([`crate::chain::solve`]) keeps open, while it passes a
//!   square, every snake that spans it: its cost is about the number of transitions plus the sum
//!   over squares of the square of that number (the *front*). On boards whose jumps span a
//!   bounded number of squares it is linear and unbeatable; where snakes span the whole board it
//!   turns cubic.
//! - **GMRES preconditioned by the forward moves** ([`crate::krylov`]) costs a few tens of
//!   products with the chain on boards with long jumps, whatever their span; on boards with short
//!   jumps only, a game crawls along the track and it would need thousands.
//!
//! [`Structure`] measures the front in one pass over the chain and estimates both; the cheaper
//! runs. If GMRES stalls, the elimination takes over when it fits the budget.

use serde::Serialize;

use crate::budget::{Budget, MEMORY_LIMIT, Stage, rates};
use crate::chain::{self, Kernel};
use crate::error::{AnalysisError, Part};
use crate::krylov;

/// Directions GMRES keeps before it restarts: enough that boards with long jumps converge
/// within one cycle.
pub const RESTART: usize = 60;

/// The largest residual GMRES aims for, relative to the largest entry of `c`. With `c = 1` it
/// bounds the relative error of every value (see [`crate::krylov`]).
pub const TOLERANCE: f64 = 1e-11;

/// The largest residual accepted when rounding keeps GMRES above [`TOLERANCE`] (relative to
/// the largest entry of `c`): with `c = 1`, a relative error below `1e-9` everywhere.
pub const ACCEPTABLE: f64 = 1e-9;

/// How a linear system was solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Elimination along the track, from the last square down.
    Elimination,
    /// Restarted GMRES, preconditioned by the forward part of the chain.
    Gmres,
}

impl Method {
    /// The method in words.
    pub fn describe(self) -> &'static str {
        match self {
            Method::Elimination => "elimination along the track",
            Method::Gmres => "GMRES preconditioned by the forward moves",
        }
    }
}

/// The shape of a chain that decides how to solve it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Structure {
    /// States (squares below the last, or twice that roll by roll).
    pub states: usize,
    /// Stored transitions.
    pub transitions: usize,
    /// The most backward transitions spanning one state: the widest front of the elimination.
    pub front_max: usize,
    /// The sum over states of the backward transitions spanning them (also the sum of the
    /// spans of the backward transitions).
    pub front_sum: f64,
    /// The backward transitions.
    pub backward: usize,
    /// The sum over states of the square of that number: the elimination's extra work.
    pub front_work: f64,
}

impl Structure {
    /// Measures the front of `k` in one pass over its transitions.
    pub fn of(k: &Kernel<f64>) -> Structure {
        let n = k.n;
        let mut diff = vec![0i64; n + 1];
        let mut backward = 0;
        for i in 0..n {
            for (j, _) in k.row(i) {
                if j < i {
                    diff[j + 1] += 1;
                    diff[i + 1] -= 1;
                    backward += 1;
                }
            }
        }
        let (mut w, mut front_max, mut front_sum, mut front_work) = (0i64, 0i64, 0.0, 0.0);
        for d in &diff {
            w += d;
            front_max = front_max.max(w);
            front_sum += w as f64;
            front_work += (w * w) as f64;
        }
        Structure {
            states: n,
            transitions: k.nnz(),
            front_max: front_max.max(0) as usize,
            front_sum,
            backward,
            front_work,
        }
    }

    /// The GMRES iterations to expect. A snake on a board with long jumps lands anywhere, and
    /// about 30 iterations do; where snakes span a fraction of the board, a game needs about
    /// `states / mean span` of them to cross it, and so does GMRES (measured: 28 iterations
    /// where snakes span the board, 39 at 10^4 squares with spans up to 1000, over a thousand at
    /// 10^5 squares with the same spans).
    pub fn gmres_iterations(&self) -> f64 {
        let mean_span = self.front_sum / self.backward.max(1) as f64;
        rates::GMRES_ITERATIONS + self.states as f64 / mean_span.max(1.0)
    }

    /// Estimated seconds of one solve by `method`.
    pub fn secs(&self, method: Method) -> f64 {
        let t = self.transitions as f64;
        match method {
            Method::Elimination => {
                rates::ELIMINATION_PER_TRANSITION * t
                    + rates::ELIMINATION_PER_FRONT * self.front_work
            }
            Method::Gmres => self.gmres_iterations() * rates::GMRES_PER_TRANSITION * t,
        }
    }

    /// Estimated bytes a solve by `method` holds beyond the chain.
    pub fn bytes(&self, method: Method) -> f64 {
        let n = self.states as f64;
        match method {
            // An expression per state, each with the open snakes as terms.
            Method::Elimination => 64.0 * n + 24.0 * self.front_sum,
            Method::Gmres => 8.0 * n * (RESTART as f64 + 6.0),
        }
    }

    /// The method that answers soonest within the memory limit.
    pub fn method(&self) -> Method {
        let fits = |m| self.bytes(m) <= MEMORY_LIMIT / 2.0;
        match (fits(Method::Elimination), fits(Method::Gmres)) {
            (true, true) if self.secs(Method::Elimination) <= self.secs(Method::Gmres) => {
                Method::Elimination
            }
            (true, false) => Method::Elimination,
            _ => Method::Gmres,
        }
    }
}

/// A solution with how it was found and how well it satisfies its equations.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The value of every state, `None` where it is infinite.
    pub x: Vec<Option<f64>>,
    /// The method that found it.
    pub method: Method,
    /// GMRES iterations (0 for the elimination).
    pub iterations: usize,
    /// The largest `|x_i - c_i - Σ_j K_ij x_j|`: with `c = 1` it bounds the relative error of
    /// every `x_i` (see [`crate::krylov`]).
    pub max_residual: f64,
    /// The largest `|x_i - c_i - Σ_j K_ij x_j| / x_i`.
    pub max_relative_residual: f64,
}

/// Solves `x = c + K x` on the live states by the method `structure` chooses, within `budget`,
/// reporting its progress as `stage`.
///
/// # Errors
/// [`AnalysisError::OverBudget`] when the time runs out (with what the whole solve was then
/// expected to take), [`AnalysisError::NoConvergence`] when no method reaches an answer.
pub fn solve(
    k: &Kernel<f64>,
    c: &[f64],
    live: &[bool],
    structure: &Structure,
    budget: &Budget<'_>,
    stage: Stage,
) -> Result<Solution, AnalysisError> {
    let method = structure.method();
    let started = budget.elapsed();
    if method == Method::Gmres {
        // Residuals scale with the right-hand side (the second moment's is about twice the
        // expected turns): so do the tolerances.
        let scale = c
            .iter()
            .zip(live)
            .filter(|(_, l)| **l)
            .fold(0.0f64, |m, (v, _)| m.max(v.abs()))
            .max(f64::MIN_POSITIVE);
        // When the elimination is there to fall back on (it fits the budget and is not far
        // slower than GMRES should be), GMRES gets three times the expected iterations: a board
        // where it crawls is handed over rather than waited for.
        let elimination = structure.secs(Method::Elimination);
        let fallback = elimination <= budget.left_secs()
            && elimination <= (10.0 * structure.secs(Method::Gmres)).max(1.0)
            && structure.bytes(Method::Elimination) <= MEMORY_LIMIT / 2.0;
        let most = if fallback {
            (3.0 * structure.gmres_iterations()).max(100.0) as usize
        } else {
            2_000
        };
        let mut last = 0;
        let s = krylov::solve(k, c, live, TOLERANCE * scale, most, RESTART, |it| {
            last = it;
            budget.report(stage, it as u64, 0);
            !budget.expired()
        });
        // Rounding may stop it a little above the tolerance: the answer stands when its
        // residual still bounds the error well below what anyone reads.
        if s.converged || s.max_residual <= ACCEPTABLE * scale {
            budget.charge(structure.secs(Method::Gmres));
            return Ok(checked(k, c, s.x, Method::Gmres, s.iterations));
        }
        if budget.expired() {
            return Err(AnalysisError::OverBudget {
                part: Part::Solve,
                estimate_secs: budget.elapsed().saturating_sub(started).as_secs_f64()
                    * (structure.gmres_iterations() / last.max(1) as f64).max(2.0),
                budget_secs: budget.limit().map_or(0.0, |l| l.as_secs_f64()),
            });
        }
        if !fallback || structure.secs(Method::Elimination) > budget.left_secs() {
            return Err(AnalysisError::NoConvergence {
                iterations: s.iterations,
                residual: s.max_residual,
            });
        }
    }
    let n = k.n;
    let x = chain::elimination::solve_until(k, c, live, |rows| {
        budget.report(stage, rows as u64, n as u64);
        !budget.expired()
    });
    match x {
        Some(x) => {
            budget.charge(structure.secs(Method::Elimination));
            Ok(checked(k, c, x, Method::Elimination, 0))
        }
        None => Err(AnalysisError::OverBudget {
            part: Part::Solve,
            estimate_secs: structure.secs(Method::Elimination),
            budget_secs: budget.limit().map_or(0.0, |l| l.as_secs_f64()),
        }),
    }
}

/// The solution with its residuals.
fn checked(
    k: &Kernel<f64>,
    c: &[f64],
    x: Vec<Option<f64>>,
    method: Method,
    iterations: usize,
) -> Solution {
    let (max_residual, max_relative_residual) = residuals(k, c, &x);
    Solution {
        x,
        method,
        iterations,
        max_residual,
        max_relative_residual,
    }
}

/// The largest `|r_i|` and `|r_i| / |x_i|` of `x = c + K x` over the states with a value.
pub fn residuals(k: &Kernel<f64>, c: &[f64], x: &[Option<f64>]) -> (f64, f64) {
    let (mut abs, mut rel): (f64, f64) = (0.0, 0.0);
    for i in 0..k.n {
        let Some(xi) = x[i] else { continue };
        let mut rhs = c[i];
        for (j, p) in k.row(i) {
            rhs += p * x[j].unwrap_or(f64::NAN);
        }
        let r = (xi - rhs).abs();
        abs = abs.max(r);
        if xi != 0.0 {
            rel = rel.max(r / xi.abs());
        }
    }
    (abs, rel)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::Field;
    use crate::markov::{Token, expected_turns_exact};
    use snakes::{Collision, Rng, Rules};

    /// Random boards of every shape: one to twelve squares a side, jumps on a tenth to a half of
    /// the squares spanning at most 2, 10 or any number of squares, dice of 2, 3 and 6 faces,
    /// and every rules combination one token can tell apart. GMRES, the elimination and the
    /// exact fractions agree to 1e-9 on the expected turns from every square, and the method
    /// chosen gives the same answer.
    #[test]
    fn gmres_the_elimination_and_exact_fractions_agree_on_random_boards_of_every_shape() {
        let mut rng = Rng::new(2024);
        let budget = Budget::new(None, &|_, _, _| {});
        let (mut checked, mut long) = (0, 0);
        for case in 0..36u64 {
            let rows = 1 + rng.below(12) as u32;
            let cols = 1 + rng.below(12) as u32;
            let n = rows * cols;
            let jumps = (u64::from(n) * (1 + rng.below(5)) / 10) as usize;
            let span = [2, 10, u32::MAX][case as usize % 3];
            let Ok(board) = snakes::random_board(rows, cols, jumps, span, rng.next_u64()) else {
                continue;
            };
            let die = [2, 3, 6][rng.below(3) as usize];
            for rules in Rules::all_combinations(die) {
                if rules.collision == Collision::Bump {
                    continue; // the same single token as `share`
                }
                let Ok(token) = Token::new(&board, &rules) else {
                    continue; // a board on which a game may never end
                };
                let k = token.turn_chain();
                let live = token.turn_live();
                let c: Vec<f64> = match &token.by_roll {
                    None => vec![1.0; k.n],
                    Some(_) => (0..k.n).map(|i| f64::from(u8::from(i % 2 == 0))).collect(),
                };
                let gmres = krylov::solve(k, &c, &live, TOLERANCE, 2_000, RESTART, |_| true);
                let elimination = chain::solve(k, &c, &live);
                let chosen =
                    solve(k, &c, &live, &Structure::of(k), &budget, Stage::Solve).expect("solved");
                let at = if token.by_roll.is_some() {
                    2 * token.start
                } else {
                    token.start
                };
                let exact = Field::to_f64(&expected_turns_exact(&board, &rules).expect("finite"));
                for (i, e) in elimination.iter().enumerate() {
                    let Some(e) = e else { continue };
                    let g = gmres.x[i].expect("live");
                    let x = chosen.x[i].expect("live");
                    // Relative, or absolute for the values that are 0 (rolling again from a
                    // square where every roll finishes: no turn left to begin).
                    let close = |a: f64| (a - e).abs() <= 1e-9 * e.abs().max(1.0);
                    assert!(close(g), "{rules} {board:?} state {i}: {g} vs {e}");
                    assert!(close(x), "{rules} state {i}: {x} vs {e}");
                }
                let g = gmres.x[at].expect("the start is live");
                assert!(
                    ((g - exact) / exact).abs() < 1e-9,
                    "{rules}: {g} vs {exact}"
                );
                assert!(
                    gmres.converged && gmres.max_residual <= TOLERANCE,
                    "{rules}"
                );
                checked += 1;
                long += usize::from(span == u32::MAX && n >= 100);
            }
        }
        assert!(checked > 300 && long > 10, "{checked} checked, {long} long");
    }

    #[test]
    fn the_front_decides_the_method() {
        // Short snakes: a narrow front, the elimination. Snakes spanning the board: GMRES.
        let rules = Rules::STANDARD;
        let short = snakes::random_board(100, 100, 2_000, 10, 1).expect("board");
        let long = snakes::random_board(100, 100, 2_000, u32::MAX, 1).expect("board");
        let s = Structure::of(Token::new(&short, &rules).expect("finite").turn_chain());
        let l = Structure::of(Token::new(&long, &rules).expect("finite").turn_chain());
        assert!(s.front_max < 40, "{}", s.front_max);
        assert!(l.front_max > 1_000, "{}", l.front_max);
        assert_eq!(
            (s.method(), l.method()),
            (Method::Elimination, Method::Gmres)
        );
    }
}
