//! One token alone: the expected number of turns to finish (f64 and exact), its variance, the
//! whole distribution of the number of turns, and the expected turns left from every square.

use num_rational::BigRational;
use snakes::{Board, Rules, Six};

use crate::chain::{self, Field, Frac, Kernel};
use crate::error::AnalysisError;

/// Mass of the distribution left unaccounted for when iteration stops.
pub const TAIL: f64 = 1e-12;

/// The chain of one token, ready to answer questions.
#[derive(Debug, Clone)]
pub struct Token {
    /// Per-turn kernel in f64.
    pub turn: Kernel<f64>,
    /// Per-roll kernel in f64.
    pub roll: Kernel<f64>,
    /// States that finish with probability 1.
    pub live: Vec<bool>,
    /// The start square.
    pub start: usize,
    /// Expected rolls within one turn started on each square (1 without roll-again).
    pub rolls_per_turn: Vec<f64>,
    /// With roll-again, the roll-by-roll chain with the turn in the state
    /// ([`chain::roll_again_kernel`]): its rows stay sparse, so the linear solves use it.
    pub by_roll: Option<Kernel<f64>>,
}

impl Token {
    /// Builds the chains of one token and checks that a game from the start surely ends.
    ///
    /// # Errors
    /// A jump cycle under chained jumps, a last square that cannot be reached, or a square
    /// reachable from the start from which the last square can never be reached.
    pub fn new(board: &Board, rules: &Rules) -> Result<Token, AnalysisError> {
        snakes::check_playable(board, rules).map_err(AnalysisError::Board)?;
        let start = rules.start_square() as usize;
        if start >= board.last() as usize {
            return Err(AnalysisError::StartsOnLast { last: board.last() });
        }
        let live = chain::sure_to_finish(board, rules);
        let roll: Kernel<f64> = chain::roll_kernel(board, rules);
        if !live[start] {
            return Err(trap_error(board, &roll, &live, start));
        }
        let turn = if rules.six == Six::Normal {
            roll.clone()
        } else {
            chain::turn_kernel(board, rules)
        };
        let rolls_per_turn = rolls_per_turn(board, rules);
        let by_roll =
            (rules.six == Six::RollAgain).then(|| chain::roll_again_kernel::<f64>(board, rules));
        Ok(Token {
            turn,
            roll,
            live,
            start,
            rolls_per_turn,
            by_roll,
        })
    }

    /// Expected turns to finish from every square (`None` where it is infinite).
    pub fn expected_turns(&self) -> Vec<Option<f64>> {
        match &self.by_roll {
            None => chain::solve(&self.turn, &vec![1.0; self.turn.n], &self.live),
            Some(k) => {
                let x = chain::solve(k, &turn_starts(k.n), &self.live_by_roll());
                (0..self.turn.n).map(|s| x[2 * s]).collect()
            }
        }
    }

    /// `live` for the states of the roll-by-roll chain (two per square).
    fn live_by_roll(&self) -> Vec<bool> {
        (0..2 * self.turn.n).map(|i| self.live[i / 2]).collect()
    }

    /// Expected rolls to finish from every square: the squares a token visits roll by roll do
    /// not depend on the six rule, only the grouping of rolls into turns does.
    pub fn expected_rolls(&self) -> Vec<Option<f64>> {
        chain::solve(&self.roll, &vec![1.0; self.roll.n], &self.live)
    }

    /// Variance of the number of turns from the start, from the second moment
    /// `S = 1 + 2 K m + K S` solved with the same elimination.
    pub fn variance(&self, mean: &[Option<f64>]) -> f64 {
        if let Some(k) = &self.by_roll {
            // T from a state = c + T from the next, with c = 1 when a turn begins (c^2 = c):
            // S = c + 2 c (K m) + K S over the roll-by-roll chain.
            let live = self.live_by_roll();
            let c = turn_starts(k.n);
            let m = chain::solve(k, &c, &live);
            let c2: Vec<f64> = (0..k.n)
                .map(|i| {
                    let km: f64 = k.row(i).map(|(j, p)| p * m[j].unwrap_or(0.0)).sum();
                    c[i] * (1.0 + 2.0 * km)
                })
                .collect();
            let s = chain::solve(k, &c2, &live);
            let mean = m[2 * self.start].unwrap_or(0.0);
            return (s[2 * self.start].unwrap_or(0.0) - mean * mean).max(0.0);
        }
        let k = &self.turn;
        let c: Vec<f64> = (0..k.n)
            .map(|i| {
                let km: f64 = k.row(i).map(|(j, p)| p * mean[j].unwrap_or(0.0)).sum();
                1.0 + 2.0 * km
            })
            .collect();
        let s = chain::solve(k, &c, &self.live);
        let m = mean[self.start].unwrap_or(0.0);
        (s[self.start].unwrap_or(0.0) - m * m).max(0.0)
    }

    /// `P(T = t)` for `t = 0, 1, ...`, iterating the distribution over squares turn by turn
    /// until less than `tail` of the probability is left (or `max_turns` turns), with the mass
    /// left over.
    pub fn distribution(&self, tail: f64, max_turns: usize) -> (Vec<f64>, f64) {
        let k = &self.turn;
        let mut p = vec![0.0; k.n];
        let mut next = vec![0.0; k.n];
        p[self.start] = 1.0;
        let mut alive = 1.0;
        let mut dist = vec![0.0];
        // Squares holding no probability are skipped: early turns touch few squares.
        while alive >= tail && dist.len() <= max_turns {
            let mut fin = 0.0;
            for (i, &pi) in p.iter().enumerate() {
                if pi == 0.0 {
                    continue;
                }
                fin += pi * k.finish[i];
                for (j, q) in k.row(i) {
                    next[j] += pi * q;
                }
            }
            std::mem::swap(&mut p, &mut next);
            next.iter_mut().for_each(|x| *x = 0.0);
            dist.push(fin);
            // Summing what is left (rather than subtracting) keeps the tail accurate to 1e-12.
            alive = p.iter().sum();
        }
        (dist, alive)
    }

    /// `m(t) = Σ_s P(on s after t turns, not finished) · rolls_per_turn(s)` for `t` below
    /// `turns`: the expected rolls of a player's turn `t + 1`, which the race's total rolls need.
    pub fn turn_rolls(&self, turns: usize) -> Vec<f64> {
        let k = &self.turn;
        let mut p = vec![0.0; k.n];
        let mut next = vec![0.0; k.n];
        p[self.start] = 1.0;
        let mut out = Vec::with_capacity(turns);
        for _ in 0..turns {
            out.push(
                p.iter()
                    .zip(&self.rolls_per_turn)
                    .map(|(a, b)| a * b)
                    .sum::<f64>(),
            );
            for (i, &pi) in p.iter().enumerate() {
                if pi == 0.0 {
                    continue;
                }
                for (j, q) in k.row(i) {
                    next[j] += pi * q;
                }
            }
            std::mem::swap(&mut p, &mut next);
            next.iter_mut().for_each(|x| *x = 0.0);
        }
        out
    }
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
/// As [`Token::new`].
pub fn expected_turns_exact(board: &Board, rules: &Rules) -> Result<BigRational, AnalysisError> {
    snakes::check_playable(board, rules).map_err(AnalysisError::Board)?;
    let start = rules.start_square() as usize;
    if start >= board.last() as usize {
        return Err(AnalysisError::StartsOnLast { last: board.last() });
    }
    let live = chain::sure_to_finish(board, rules);
    if !live[start] {
        // Token::new names the square; the exact kernel is not needed for that.
        return Err(Token::new(board, rules)
            .err()
            .unwrap_or(AnalysisError::LastUnreachable { last: board.last() }));
    }
    let x = if rules.six == Six::RollAgain {
        // Roll by roll with the turn in the state: sparse rows, exactly the same answer.
        let k: Kernel<Frac> = chain::roll_again_kernel(board, rules);
        let c: Vec<Frac> = (0..k.n)
            .map(|i| Frac::ratio(u64::from(i % 2 == 0), 1))
            .collect();
        let live2: Vec<bool> = (0..k.n).map(|i| live[i / 2]).collect();
        chain::solve(&k, &c, &live2)[2 * start].clone()
    } else {
        let k: Kernel<Frac> = chain::turn_kernel(board, rules);
        let ones = vec![Frac::ratio(1, 1); k.n];
        chain::solve(&k, &ones, &live)[start].clone()
    };
    x.as_ref()
        .map(Frac::to_rational)
        .ok_or(AnalysisError::LastUnreachable { last: board.last() })
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

/// Expected rolls in one turn started on each square. A turn rolls again after each six that
/// does not finish; the sixes from a square follow one path (`s`, where a six from `s` lands,
/// ...), so the count is `Σ_j f^-j` over the depths the path can reach: `(1 - f^-L)/(1 - 1/f)`
/// when the `L`-th six finishes, `f/(f - 1)` when the path never finishes by sixes alone.
pub fn rolls_per_turn(board: &Board, rules: &Rules) -> Vec<f64> {
    let n = board.last() as usize;
    if rules.six == Six::Normal {
        return vec![1.0; n];
    }
    let f = usize::from(rules.die());
    let ff = f as f64;
    let table = chain::landing_table(board, rules);
    let six = |s: usize| table[s * f + f - 1] as usize;
    let mut seen = vec![usize::MAX; n + 1];
    // Beyond this depth a run of sixes has a chance below 1e-20: its rolls no longer change f64.
    let max_depth = (20.0 / ff.log10()).ceil() as usize + 1;
    (0..n)
        .map(|s| {
            let mut at = s;
            let mut len = 0usize;
            loop {
                len += 1;
                let next = six(at);
                if next == n {
                    break (1.0 - ff.powi(-(len as i32))) / (1.0 - 1.0 / ff);
                }
                if seen[next] == s || len >= max_depth {
                    break ff / (ff - 1.0);
                }
                seen[next] = s;
                at = next;
            }
        })
        .collect()
}

/// The error for a start from which the game may never end: the last square cannot be reached
/// at all, or some reachable square cannot reach it.
fn trap_error(board: &Board, k: &Kernel<f64>, live: &[bool], start: usize) -> AnalysisError {
    let last = board.last();
    // Squares reachable from the start; the first one from which the end cannot be reached.
    let mut seen = vec![false; k.n + 1];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reaches_end = false;
    let mut trap = None;
    while let Some(s) = stack.pop() {
        if s == k.n {
            continue;
        }
        if !k.finish[s].is_zero() {
            reaches_end = true;
        }
        for (t, _) in k.row(s) {
            if !seen[t] {
                seen[t] = true;
                stack.push(t);
            }
        }
    }
    for s in 0..k.n {
        if seen[s] && !live[s] && board.jump(s as u32).is_none() {
            // The lowest resting square from which no sequence of rolls finishes.
            let mut reach = vec![false; k.n];
            let mut st = vec![s];
            reach[s] = true;
            let mut can = false;
            while let Some(x) = st.pop() {
                if !k.finish[x].is_zero() {
                    can = true;
                    break;
                }
                for (t, _) in k.row(x) {
                    if !reach[t] {
                        reach[t] = true;
                        st.push(t);
                    }
                }
            }
            if !can {
                trap = Some(s as u32);
                break;
            }
        }
    }
    if !reaches_end {
        AnalysisError::LastUnreachable { last }
    } else {
        AnalysisError::NeverFinishes {
            square: trap.unwrap_or(start as u32),
            last,
        }
    }
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
            if rules.six != Six::RollAgain || rules.collision == snakes::Collision::Bump {
                continue;
            }
            let live = chain::sure_to_finish(&board, &rules);
            let k: Kernel<BigRational> = chain::turn_kernel(&board, &rules);
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
            let var = token.variance(&e);
            assert!(((m2 - mean * mean) - var).abs() / var < 1e-8, "{rules}");
        }
    }

    #[test]
    fn rolls_per_turn_without_sixes_finishing_is_geometric() {
        let board = Board::classic();
        let rules: Rules = "six=roll-again".parse().expect("rules");
        let r = rolls_per_turn(&board, &rules);
        // From 0 a six lands on 6, from 6 on 12, ... no six chain from 0 finishes quickly; the
        // count is between 1 and 6/5.
        assert!(r.iter().all(|&x| (1.0..=1.2 + 1e-12).contains(&x)));
        // From 94 a six lands on 100 (a win): one roll, or a second with chance... none.
        assert_eq!(r[94], 1.0);
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
