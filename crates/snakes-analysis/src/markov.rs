//! One token alone: the expected number of turns to finish (f64 and exact), its variance, the
//! whole distribution of the number of turns, and the expected turns left from every square.

use num_rational::BigRational;
use snakes::{Board, Rules};

use crate::budget::{Budget, Stage, rates};
use crate::chain::{self, Field, Frac, Kernel, Outcomes};
use crate::distribution::{Scratch, Stepper};
use crate::error::{AnalysisError, Part};
use crate::solver::{self, Solution, Structure};

/// Mass of the distribution left unaccounted for when iteration stops.
pub const TAIL: f64 = 1e-12;

/// The chains of one token, ready to answer questions.
#[derive(Debug, Clone)]
pub struct Token {
    /// Every face's outcome from every square.
    pub outcomes: Outcomes,
    /// The per-roll chain in `f64` (also the per-turn chain when no face rolls again).
    pub roll: Kernel<f64>,
    /// When a face rolls again, the roll-by-roll chain with the turn in the state
    /// ([`chain::roll_again_kernel`]): its rows stay sparse, so the linear solves use it.
    pub by_roll: Option<Kernel<f64>>,
    /// States that finish with probability 1.
    pub live: Vec<bool>,
    /// The start square.
    pub start: usize,
    /// One turn of the distribution, prepared when first needed.
    stepper: std::sync::OnceLock<Option<Stepper>>,
}

/// The distribution of the number of turns, as far as it was summed.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    /// `P(T = t)` for `t = 0, 1, ...`.
    pub dist: Vec<f64>,
    /// The probability beyond the last entry: games not finished by then.
    pub tail: f64,
    /// The expected rolls of turn `t + 1` (the probability of every roll made in it): what
    /// the race's total rolls need.
    pub rolls: Vec<f64>,
    /// Whether the time budget stopped it (rather than the tail tolerance or the turn limit).
    pub out_of_time: bool,
}

impl Token {
    /// Builds the chains of one token and checks that a game from the start surely ends.
    ///
    /// # Errors
    /// As [`live_states`].
    pub fn new(board: &Board, rules: &Rules) -> Result<Token, AnalysisError> {
        let live = live_states(board, rules)?;
        let start = rules.start_square() as usize;
        let outcomes = Outcomes::new(board, rules);
        let roll: Kernel<f64> = chain::roll_kernel(&outcomes);
        let by_roll = outcomes
            .any_rolls_again()
            .then(|| chain::roll_again_kernel::<f64>(&outcomes));
        Ok(Token {
            outcomes,
            roll,
            by_roll,
            live,
            start,
            stepper: std::sync::OnceLock::new(),
        })
    }

    /// The chain the expected turns are solved on: the per-roll chain, or the roll-by-roll
    /// chain with the turn in the state when a face rolls again.
    pub fn turn_chain(&self) -> &Kernel<f64> {
        self.by_roll.as_ref().unwrap_or(&self.roll)
    }

    /// The structure of the chain the expected turns are solved on.
    pub fn structure(&self) -> Structure {
        Structure::of(self.turn_chain())
    }

    /// The reward of the chain of [`Token::turn_chain`]: 1 where a turn begins.
    fn turn_reward(&self) -> Vec<f64> {
        match &self.by_roll {
            None => vec![1.0; self.roll.n],
            Some(k) => turn_starts(k.n),
        }
    }

    /// `live` for the states of [`Token::turn_chain`].
    pub(crate) fn turn_live(&self) -> Vec<bool> {
        match &self.by_roll {
            None => self.live[..self.roll.n].to_vec(),
            Some(k) => (0..k.n).map(|i| self.live[i / 2]).collect(),
        }
    }

    /// Expected turns to finish from every square, solved within `budget`, with the method
    /// and the residuals of the solve (on the roll-by-roll chain when a face rolls again).
    ///
    /// # Errors
    /// As [`solver::solve`].
    pub fn expected_turns_within(
        &self,
        structure: &Structure,
        budget: &Budget<'_>,
    ) -> Result<(Vec<Option<f64>>, Solution), AnalysisError> {
        let k = self.turn_chain();
        let s = solver::solve(
            k,
            &self.turn_reward(),
            &self.turn_live(),
            structure,
            budget,
            Stage::Solve,
        )?;
        let per_square = match &self.by_roll {
            None => s.x.clone(),
            Some(_) => (0..self.roll.n).map(|q| s.x[2 * q]).collect(),
        };
        Ok((per_square, s))
    }

    /// Expected turns to finish from every square (`None` where it is infinite), without a
    /// time limit.
    pub fn expected_turns(&self) -> Vec<Option<f64>> {
        let budget = Budget::new(None, &|_, _, _| {});
        self.expected_turns_within(&self.structure(), &budget)
            .map(|(x, _)| x)
            .unwrap_or_else(|_| vec![None; self.roll.n])
    }

    /// Expected rolls to finish from every square: the squares a token visits roll by roll do
    /// not depend on the six rule, only the grouping of rolls into turns does. Without a face
    /// that rolls again this is `turns` itself.
    ///
    /// # Errors
    /// As [`solver::solve`].
    pub fn expected_rolls_within(
        &self,
        turns: &[Option<f64>],
        budget: &Budget<'_>,
    ) -> Result<Vec<Option<f64>>, AnalysisError> {
        if self.by_roll.is_none() {
            return Ok(turns.to_vec());
        }
        let k = &self.roll;
        let s = solver::solve(
            k,
            &vec![1.0; k.n],
            &self.live[..k.n],
            &Structure::of(k),
            budget,
            Stage::Rolls,
        )?;
        Ok(s.x)
    }

    /// Expected rolls to finish from every square, without a time limit.
    pub fn expected_rolls(&self) -> Vec<Option<f64>> {
        let budget = Budget::new(None, &|_, _, _| {});
        let turns = self.expected_turns();
        self.expected_rolls_within(&turns, &budget)
            .unwrap_or_else(|_| vec![None; self.roll.n])
    }

    /// Variance of the number of turns from the start, from the second moment
    /// `S = c + 2 c K m + K S` (`m` the expected turns on [`Token::turn_chain`], `c` its reward),
    /// solved like the expected turns.
    ///
    /// # Errors
    /// As [`solver::solve`].
    pub fn variance_within(
        &self,
        mean: &Solution,
        structure: &Structure,
        budget: &Budget<'_>,
    ) -> Result<f64, AnalysisError> {
        let k = self.turn_chain();
        let c = self.turn_reward();
        let m = &mean.x;
        let c2: Vec<f64> = (0..k.n)
            .map(|i| {
                let km: f64 = k.row(i).map(|(j, p)| p * m[j].unwrap_or(0.0)).sum();
                c[i] * (1.0 + 2.0 * km)
            })
            .collect();
        let s = solver::solve(
            k,
            &c2,
            &self.turn_live(),
            structure,
            budget,
            Stage::Variance,
        )?;
        let at = if self.by_roll.is_some() {
            2 * self.start
        } else {
            self.start
        };
        let mean = m[at].unwrap_or(0.0);
        Ok((s.x[at].unwrap_or(0.0) - mean * mean).max(0.0))
    }

    /// Variance of the number of turns from the start, without a time limit.
    pub fn variance(&self) -> f64 {
        let budget = Budget::new(None, &|_, _, _| {});
        let structure = self.structure();
        self.expected_turns_within(&structure, &budget)
            .and_then(|(_, m)| self.variance_within(&m, &structure, &budget))
            .unwrap_or(f64::NAN)
    }

    /// The estimated seconds of one turn of the distribution: a pass over every square, for
    /// each roll a turn may hold (a face that rolls again makes a turn several rolls, whose
    /// probability is followed until below 1e-17 of the turn's, about ln(1e17) / ln(f) rolls).
    pub fn turn_secs(&self) -> f64 {
        let rolls_in_turn = if self.by_roll.is_some() {
            (17.0 * 10f64.ln() / (self.outcomes.faces().max(2) as f64).ln()).ceil()
        } else {
            1.0
        };
        rates::DISTRIBUTION_PER_SQUARE * self.roll.n.max(1) as f64 * rolls_in_turn
    }

    /// `P(T = t)` for `t = 0, 1, ...`, moving the probability over squares turn by turn until
    /// less than `tail` of it is left, `max_turns` turns are summed, at least `stop_at` of it has
    /// finished, or `budget` runs out.
    pub fn distribution_within(
        &self,
        tail: f64,
        max_turns: usize,
        stop_at: f64,
        budget: &Budget<'_>,
    ) -> Distribution {
        let n = self.roll.n;
        let mut p = vec![0.0; n];
        let mut next = vec![0.0; n];
        p[self.start] = 1.0;
        let mut alive = 1.0;
        let mut dist = vec![0.0];
        let mut rolls = Vec::new();
        let mut scratch = Scratch::default();
        let mut out_of_time = false;
        let turn_secs = self.turn_secs();
        let stepper = self.stepper.get_or_init(|| Stepper::new(&self.outcomes));
        let kernel = match stepper {
            Some(_) => None,
            None => Some(chain::turn_kernel::<f64>(&self.outcomes)),
        };
        while alive >= tail && dist.len() <= max_turns && 1.0 - alive < stop_at {
            // A turn costs a pass over every square: the clock is read once a turn.
            let t = dist.len() as u64;
            budget.report(Stage::Distribution, t, max_turns as u64);
            if budget.expired() {
                out_of_time = true;
                break;
            }
            let (finished, made) = match (stepper, &kernel) {
                (Some(stepper), _) => {
                    let turn = stepper.turn(&p, &mut next, &mut scratch);
                    (turn.finished, turn.rolls)
                }
                (None, Some(k)) => by_kernel(k, &p, &mut next),
                (None, None) => unreachable!("a kernel is built when there is no stepper"),
            };
            budget.charge(turn_secs);
            std::mem::swap(&mut p, &mut next);
            dist.push(finished);
            rolls.push(made);
            // Summing what is left (rather than subtracting) keeps the tail accurate to 1e-12.
            alive = crate::distribution::sum(&p);
        }
        Distribution {
            dist,
            tail: alive,
            rolls,
            out_of_time,
        }
    }

    /// `P(T = t)` for `t = 0, 1, ...` until less than `tail` of the probability is left (or
    /// `max_turns` turns), with the mass left over, without a time limit.
    pub fn distribution(&self, tail: f64, max_turns: usize) -> (Vec<f64>, f64) {
        let budget = Budget::new(None, &|_, _, _| {});
        let d = self.distribution_within(tail, max_turns, 1.0, &budget);
        (d.dist, d.tail)
    }

    /// The fewest turns in which a token can finish from the start: a breadth-first search in
    /// which a face that rolls again costs no new turn.
    pub fn fewest_turns(&self) -> Option<u64> {
        let n = self.outcomes.squares();
        let mut dist = vec![u64::MAX; n + 1];
        let mut queue = std::collections::VecDeque::from([self.start]);
        dist[self.start] = 0;
        while let Some(s) = queue.pop_front() {
            if s == n {
                return Some(dist[s]);
            }
            for (to, again) in self.outcomes.from(s) {
                // A face that finishes ends the turn it is rolled in: one turn counted.
                let (cost, to) = if to == n {
                    (1, n)
                } else {
                    (u64::from(!again), to)
                };
                let d = dist[s] + cost;
                if d < dist[to] {
                    dist[to] = d;
                    if cost == 0 {
                        queue.push_front(to);
                    } else {
                        queue.push_back(to);
                    }
                }
            }
        }
        None
    }
}

/// One turn by the per-turn kernel: every stored transition.
fn by_kernel(k: &chain::TurnKernel<f64>, p: &[f64], next: &mut [f64]) -> (f64, f64) {
    next.iter_mut().for_each(|v| *v = 0.0);
    let (mut fin, mut rolls) = (0.0, 0.0);
    for (i, &pi) in p.iter().enumerate() {
        if pi == 0.0 {
            continue;
        }
        fin += pi * k.kernel.finish[i];
        rolls += pi * k.rolls[i];
        for (j, q) in k.kernel.row(i) {
            next[j] += pi * q;
        }
    }
    (fin, rolls)
}

/// The reward of the roll-by-roll chain with the turn in the state: 1 where a turn begins.
fn turn_starts(states: usize) -> Vec<f64> {
    (0..states)
        .map(|i| f64::from(u8::from(i % 2 == 0)))
        .collect()
}

/// The exact expected number of turns from the start, as a fraction.
///
/// # Errors
/// As [`live_states`].
pub fn expected_turns_exact(board: &Board, rules: &Rules) -> Result<BigRational, AnalysisError> {
    expected_turns_exact_within(board, rules, &Budget::new(None, &|_, _, _| {}))
}

/// As [`expected_turns_exact`], within `budget`.
///
/// # Errors
/// As [`live_states`], and [`AnalysisError::OverBudget`] when the time runs out.
pub fn expected_turns_exact_within(
    board: &Board,
    rules: &Rules,
    budget: &Budget<'_>,
) -> Result<BigRational, AnalysisError> {
    let live = live_states(board, rules)?;
    let start = rules.start_square() as usize;
    let outcomes = Outcomes::new(board, rules);
    let started = budget.elapsed();
    let (k, c, live, at): (Kernel<Frac>, Vec<Frac>, Vec<bool>, usize) =
        if outcomes.any_rolls_again() {
            // Roll by roll with the turn in the state: sparse rows, exactly the same answer.
            let k = chain::roll_again_kernel(&outcomes);
            let c = (0..k.n)
                .map(|i| Frac::ratio(u64::from(i % 2 == 0), 1))
                .collect();
            let live = (0..k.n).map(|i| live[i / 2]).collect();
            (k, c, live, 2 * start)
        } else {
            let k = chain::roll_kernel(&outcomes);
            let c = vec![Frac::ratio(1, 1); k.n];
            (k, c, live, start)
        };
    let n = k.n;
    let mut done = 0;
    let x = chain::elimination::solve_until(&k, &c, &live, |rows| {
        done = rows;
        budget.report(Stage::Exact, rows as u64, n as u64);
        !budget.expired()
    })
    .ok_or_else(|| AnalysisError::OverBudget {
        part: Part::Exact,
        // The rows nearest the start cost the most (the fractions have grown): a lower bound.
        estimate_secs: budget.elapsed().saturating_sub(started).as_secs_f64() * n as f64
            / done.max(1) as f64,
        budget_secs: budget.limit().map_or(0.0, |l| l.as_secs_f64()),
    })?;
    // `live_states` checked that the start surely finishes, so it has a value.
    Ok(x[at]
        .as_ref()
        .map_or_else(BigRational::default, Frac::to_rational))
}

/// For every state `0..=N`, whether a token there finishes with probability 1 (the states with a
/// finite expected time, from [`snakes::reach`]), once it is checked that a game from the start
/// surely ends.
///
/// # Errors
/// A jump cycle under chained jumps ([`AnalysisError::Board`]), tokens that start on the last
/// square ([`AnalysisError::StartsOnLast`]), a game from the start that may never end
/// ([`AnalysisError::NeverEnds`]).
pub fn live_states(board: &Board, rules: &Rules) -> Result<Vec<bool>, AnalysisError> {
    let reach = snakes::reach(board, rules).map_err(AnalysisError::Board)?;
    if rules.start_square() >= board.last() {
        return Err(AnalysisError::StartsOnLast { last: board.last() });
    }
    if let Some(w) = reach.never_ends() {
        return Err(AnalysisError::NeverEnds(w));
    }
    Ok((0..=board.last())
        .map(|s| reach.sure_to_finish(s))
        .collect())
}

/// The estimated seconds of [`expected_turns_exact_within`] on the chains of `token`: the
/// elimination is run once in `f64` counting its operations, each weighted by the square of the
/// size its fractions have reached by then (they grow about [`rates::DIGITS_PER_ROW`] decimal
/// digits a row). Boards whose `f64` elimination alone would take long get the structure's
/// rough bound instead: far beyond any budget.
pub fn exact_secs(token: &Token) -> f64 {
    let k = token.turn_chain();
    let structure = Structure::of(k);
    let elimination = structure.secs(solver::Method::Elimination);
    let digits = |rows: usize| rates::DIGITS_PER_ROW * rows as f64 + 10.0;
    if elimination > 0.5 {
        let d = digits(k.n);
        return rates::EXACT_PER_OP_DIGIT2
            * (structure.transitions as f64 + structure.front_work)
            * d
            * d;
    }
    let tallied = k.map(|&p| Tally(p));
    let c = vec![Tally(1.0); k.n];
    let live = self_live(token);
    TALLY.with(|t| t.set(0));
    let (mut weighted, mut before) = (0.0, 0u64);
    let _ = chain::elimination::solve_until(&tallied, &c, &live, |rows| {
        let ops = TALLY.with(std::cell::Cell::get);
        weighted += (ops - before) as f64 * digits(rows).powi(2);
        before = ops;
        true
    });
    // The back substitution, on full-size fractions.
    let ops = TALLY.with(std::cell::Cell::get);
    weighted += (ops - before) as f64 * digits(k.n).powi(2);
    rates::EXACT_PER_OP_DIGIT2 * weighted
}

/// `live` for the states of [`Token::turn_chain`].
fn self_live(token: &Token) -> Vec<bool> {
    token.turn_live()
}

thread_local! {
    /// Operations counted by [`Tally`].
    static TALLY: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A number that counts the operations made on it: the elimination run on it costs what the
/// exact one costs in operations (it takes the exact path), in `f64` time.
#[derive(Debug, Clone, PartialEq)]
struct Tally(f64);

fn tick() {
    TALLY.with(|t| t.set(t.get() + 1));
}

impl Field for Tally {
    const EXACT: bool = true;
    fn zero() -> Self {
        Tally(0.0)
    }
    fn ratio(n: u64, d: u64) -> Self {
        Tally(n as f64 / d as f64)
    }
    fn add(&self, o: &Self) -> Self {
        tick();
        Tally(self.0 + o.0)
    }
    fn sub(&self, o: &Self) -> Self {
        tick();
        Tally(self.0 - o.0)
    }
    fn mul(&self, o: &Self) -> Self {
        tick();
        Tally(self.0 * o.0)
    }
    fn div(&self, o: &Self) -> Self {
        tick();
        Tally(self.0 / o.0)
    }
    fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
    fn to_f64(&self) -> f64 {
        self.0
    }
    fn normalize(&mut self) {
        tick();
    }
}

/// `value` with `digits` decimals, computed exactly (truncated).
pub fn decimal(value: &BigRational, digits: usize) -> String {
    let scale = num_bigint::BigInt::from(10u32).pow(digits as u32);
    let scaled = (value * BigRational::from_integer(scale)).to_integer();
    let s = scaled.to_string();
    let (neg, s) = s
        .strip_prefix('-')
        .map_or((false, s.as_str()), |r| (true, r));
    let s = format!("{s:0>width$}", width = digits + 1);
    let (int, frac) = s.split_at(s.len() - digits);
    format!("{}{int}.{frac}", if neg { "-" } else { "" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use snakes::Ending;

    fn althoen_rules() -> Rules {
        let mut r = Rules::STANDARD;
        r.ending = Ending::Exact;
        r
    }

    #[test]
    fn althoen_king_schilling_1993_classic_board_exact_ending() {
        // Mathematical Gazette 77 (1993): 39.2251223082... turns, tokens starting off the board,
        // an overshooting roll does not move, one jump per move.
        let x = expected_turns_exact(&Board::classic(), &althoen_rules()).expect("finite");
        assert_eq!(decimal(&x, 10), "39.2251223082");
    }

    #[test]
    fn exact_and_f64_agree_to_1e_12_for_every_single_token_rules_combination() {
        // Every combination on the classic board and on a random board with long snakes.
        let random = snakes::random_board(7, 7, 12, 30, 4).expect("board");
        let classic = Board::classic();
        let cases = Rules::all_combinations(6)
            .into_iter()
            .map(|r| (&random, r))
            .chain(
                Rules::all_combinations(6)
                    .into_iter()
                    .map(|r| (&classic, r)),
            );
        for (board, rules) in cases {
            if rules.collision == snakes::Collision::Bump {
                continue; // irrelevant for one token
            }
            let exact = expected_turns_exact(board, &rules)
                .expect("finite")
                .to_f64();
            let token = Token::new(board, &rules).expect("finite");
            let float = token.expected_turns()[token.start].expect("finite");
            assert!(
                ((exact - float) / exact).abs() < 1e-12,
                "{rules}: {exact} vs {float}"
            );
        }
    }

    #[test]
    fn roll_again_exact_two_ways_agree_exactly() {
        // The per-turn kernel (runs of sixes summed into each row) and the roll-by-roll chain
        // with the turn in the state give the same fraction.
        let board = snakes::random_board(6, 6, 9, 20, 5).expect("board");
        for rules in Rules::all_combinations(6) {
            if rules.six != snakes::Six::RollAgain || rules.collision == snakes::Collision::Bump {
                continue;
            }
            let live = live_states(&board, &rules).expect("finite");
            let k: Kernel<BigRational> = chain::turn_kernel(&Outcomes::new(&board, &rules)).kernel;
            let ones = vec![BigRational::ratio(1, 1); k.n];
            let start = rules.start_square() as usize;
            let by_turn = chain::solve(&k, &ones, &live)[start].clone();
            let by_roll = expected_turns_exact(&board, &rules).expect("finite");
            assert_eq!(by_turn, Some(by_roll), "{rules}");
        }
    }

    #[test]
    fn distribution_mean_and_variance_match_the_linear_solves() {
        let board = Board::classic();
        for rules in ["standard", "six=roll-again", "entry=need-six,ending=loose"] {
            let rules: Rules = rules.parse().expect("rules");
            let token = Token::new(&board, &rules).expect("finite");
            let (dist, tail) = token.distribution(TAIL, 1_000_000);
            assert!(tail < TAIL);
            let total: f64 = dist.iter().sum();
            assert!((total + tail - 1.0).abs() < 1e-12);
            let mean: f64 = dist.iter().enumerate().map(|(t, p)| t as f64 * p).sum();
            let e = token.expected_turns();
            let exp = e[token.start].expect("finite");
            assert!((mean - exp).abs() / exp < 1e-9, "{rules}: {mean} vs {exp}");
            let m2: f64 = dist
                .iter()
                .enumerate()
                .map(|(t, p)| (t * t) as f64 * p)
                .sum();
            let var = token.variance();
            assert!(((m2 - mean * mean) - var).abs() / var < 1e-8, "{rules}");
        }
    }

    #[test]
    fn a_one_square_board_starting_on_it_has_nothing_to_measure() {
        let board = Board::new(1, 1, []).expect("valid");
        assert_eq!(
            Token::new(&board, &Rules::LEETCODE).err(),
            Some(AnalysisError::StartsOnLast { last: 1 })
        );
        // Off the board, the first roll always enters and finishes: one turn.
        let token = Token::new(&board, &Rules::STANDARD).expect("finite");
        assert_eq!(token.expected_turns()[0], Some(1.0));
        let exact = expected_turns_exact(&board, &Rules::STANDARD).expect("finite");
        assert_eq!(decimal(&exact, 3), "1.000");
    }

    #[test]
    fn decimal_is_exact_and_truncates() {
        assert_eq!(decimal(&BigRational::ratio(2, 3), 4), "0.6666");
        let minus = BigRational::new((-7).into(), 2.into());
        assert_eq!(decimal(&minus, 2), "-3.50");
    }
}
