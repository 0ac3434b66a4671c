//! Several players taking turns in seat order: how many rounds until someone finishes, how many
//! rolls that takes in all, and each seat's chance to win.
//!
//! Tokens that do not interact (collision `share`) are independent, so everything follows from
//! one token's distribution: with `F(t)` the chance to have finished within `t` turns, seat `i`
//! (0-based, of `K`) wins in round `r` when it finishes in its turn `r`, the seats before it have
//! not finished within `r` turns and the seats after it not within `r - 1`:
//! `P(T = r) (1 - F(r))^i (1 - F(r - 1))^(K - 1 - i)`. Under `bump` two tokens are one chain over
//! the joint state (both squares and whose roll it is), iterated roll by roll; beyond two players
//! the joint state is too large and the simulator answers, with confidence intervals.

use serde::Serialize;
use snakes::{AfterMove, Board, Collision, Rules, after_move};

use crate::budget::{Budget, Stage, rates};
use crate::error::{AnalysisError, Part};
use crate::markov::Distribution;
use crate::sim::{Estimate, SimOptions, Tables};

/// One seat's chance to win.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Seat {
    /// The seat, from 1 (the first to roll).
    pub seat: usize,
    /// The chance that this seat finishes first.
    pub win_probability: f64,
    /// Half-width of the 95 % confidence interval, for simulated figures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ci95: Option<f64>,
}

/// How long a race of several players lasts, and who wins it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Race {
    /// Number of players.
    pub players: usize,
    /// How these figures were produced, in English words ([`Race::kind`] says it as data).
    #[serde(rename = "race_method")]
    pub method: String,
    /// How these figures were produced.
    #[serde(skip)]
    pub kind: RaceKind,
    /// Expected rounds until the first player finishes (the last round may be partial).
    pub expected_rounds: f64,
    /// Expected turns by all players until the first finishes.
    pub expected_total_turns: f64,
    /// Expected rolls by all players until the first finishes (more than the turns when a six
    /// rolls again).
    pub expected_total_rolls: f64,
    /// Median number of rounds, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub median_rounds: Option<u64>,
    /// 95 % half-widths of the three expectations above, for simulated figures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ci95: Option<[f64; 3]>,
    /// Each seat's chance to win, in seat order.
    pub seats: Vec<Seat>,
}

/// How the figures of a race were produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RaceKind {
    /// Exactly, from one token's chain: the tokens do not interact.
    Independent,
    /// Exactly, from the chain over both tokens' squares and whose roll it is.
    JointChain,
    /// By simulation, with 95 % confidence intervals.
    Simulated {
        /// Games simulated.
        games: u64,
        /// The simulation's seed.
        seed: u64,
    },
}

impl RaceKind {
    /// The method in English words, as [`Race::method`] gives it.
    pub fn describe(self) -> String {
        match self {
            RaceKind::Independent => {
                "exact: one token's Markov chain, the tokens do not interact".into()
            }
            RaceKind::JointChain => {
                "exact: Markov chain over both tokens' squares and whose roll it is".into()
            }
            RaceKind::Simulated { games, seed } => {
                format!("monte carlo: {games} games, seed {seed}, 95 % confidence intervals")
            }
        }
    }
}

/// The race of `k` independent tokens, from one token's whole distribution (`P(T = t)` and the
/// rolls of each turn).
pub fn independent(d: &Distribution, k: usize) -> Race {
    let dist = &d.dist;
    let turns = dist.len();
    let mut cdf = Vec::with_capacity(turns);
    let mut acc = 0.0;
    for p in dist {
        acc += p;
        cdf.push(acc);
    }
    // Survival 1 - F(t), summed from the tail so that it stays accurate where F is near 1.
    let mut surv = vec![0.0; turns];
    let mut tail = 0.0;
    for t in (0..turns).rev() {
        surv[t] = tail;
        tail += dist[t];
    }
    let surv_at = |t: usize| if t < turns { surv[t] } else { 0.0 };
    let ki = k as i32;
    let m = &d.rolls;
    let mut seats = vec![0.0; k];
    let (mut rounds, mut total_turns, mut total_rolls) = (0.0, 0.0, 0.0);
    let mut median = None;
    for t in 0..turns {
        rounds += surv_at(t).powi(ki);
        if median.is_none() && 1.0 - surv_at(t).powi(ki) >= 0.5 {
            median = Some(t as u64);
        }
        if t == 0 {
            continue;
        }
        for (i, w) in seats.iter_mut().enumerate() {
            let before = surv_at(t).powi(i as i32);
            let after = surv_at(t - 1).powi(ki - 1 - i as i32);
            *w += dist[t] * before * after;
            total_turns += before * after * surv_at(t - 1);
            total_rolls += before * after * m[t - 1];
        }
    }
    Race {
        players: k,
        method: RaceKind::Independent.describe(),
        kind: RaceKind::Independent,
        expected_rounds: rounds,
        expected_total_turns: total_turns,
        expected_total_rolls: total_rolls,
        median_rounds: median,
        ci95: None,
        seats: seats
            .into_iter()
            .enumerate()
            .map(|(i, p)| Seat {
                seat: i + 1,
                win_probability: p,
                ci95: None,
            })
            .collect(),
    }
}

/// Two tokens that bump each other: the joint chain over (square of seat 1, square of seat 2,
/// whose roll), iterated roll by roll until less than `tail` of the probability is left. Each roll
/// is a landing from the table, then [`snakes::after_move`], as in [`snakes::GameState::apply`].
pub fn bump_two(board: &Board, rules: &Rules, tail: f64) -> Race {
    match bump_two_within(board, rules, tail, &Budget::new(None, &|_, _, _| {})) {
        Ok(race) => race,
        Err(e) => unreachable!("without a time limit the joint chain always ends: {e}"),
    }
}

/// As [`bump_two`], within `budget`.
///
/// One loop, rolled forward turn by turn over the joint squares of two tokens, with what it
/// counts (wins, rounds, turns, rolls) beside it: long because the step, the bump and the
/// budget's estimate of the time left all read the same two arrays, which are the hot part.
///
/// # Errors
/// [`AnalysisError::OverBudget`] when the time runs out.
pub fn bump_two_within(
    board: &Board,
    rules: &Rules,
    tail: f64,
    budget: &Budget<'_>,
) -> Result<Race, AnalysisError> {
    let started = budget.elapsed();
    let t = Tables::new(board, rules);
    let n = board.last() as usize;
    let f = u64::from(rules.die());
    let pf = 1.0 / f as f64;
    let idx = |a: usize, b: usize| a * n + b;
    let mut p = vec![[0.0f64; 2]; n * n];
    let mut next = vec![[0.0f64; 2]; n * n];
    let start = rules.start_square() as usize;
    p[idx(start, start)][0] = 1.0;
    let mut alive = 1.0;
    let (mut wins, mut rounds, mut turns, mut rolls) = ([0.0; 2], 1.0, 1.0, 0.0);
    let mut steps = 0u64;
    // One step moves the probability over every pair of squares, for each face and mover.
    let step_secs = rates::BUMP_PER_STATE_FACE * 2.0 * (n * n) as f64 * f as f64;
    while alive >= tail && steps < 10_000_000 {
        steps += 1;
        budget.charge(step_secs);
        if steps.is_multiple_of(16) {
            budget.report(Stage::Race, steps, 0);
            if budget.expired() {
                let spent = budget.elapsed().saturating_sub(started).as_secs_f64();
                return Err(AnalysisError::OverBudget {
                    part: Part::Race,
                    estimate_secs: spent * steps_to(tail, alive, steps) / steps as f64,
                    budget_secs: budget.limit().map_or(0.0, |l| l.as_secs_f64()),
                });
            }
        }
        rolls += alive;
        for a in 0..n {
            for b in 0..n {
                for mover in 0..2 {
                    let mass = p[idx(a, b)][mover];
                    if mass == 0.0 {
                        continue;
                    }
                    let w = mass * pf;
                    for r in 1..=f {
                        // One roll, as in the simulator's game loop.
                        let mut sq = [a as u32, b as u32];
                        let to = t.next_of(sq[mover], r);
                        // `r` is a face of the die, at most `MAX_FACES`: it fits a `u8`.
                        let next_mover = match after_move(
                            rules,
                            t.last(),
                            mover,
                            to,
                            r as u8,
                            &mut sq,
                            |_| {},
                        ) {
                            AfterMove::Won => {
                                wins[mover] += w;
                                continue;
                            }
                            AfterMove::ExtraRoll => mover,
                            AfterMove::Next(other) => {
                                turns += w;
                                if other == 0 {
                                    rounds += w;
                                }
                                other
                            }
                        };
                        next[idx(sq[0] as usize, sq[1] as usize)][next_mover] += w;
                    }
                }
            }
        }
        std::mem::swap(&mut p, &mut next);
        next.iter_mut().for_each(|x| *x = [0.0; 2]);
        alive = p.iter().map(|x| x[0] + x[1]).sum();
    }
    Ok(joint_race(wins, rounds, turns, rolls))
}

/// The steps a chain needs to leave at most `tail` of its probability in play, at the rate it
/// went from 1 to `alive` in `steps`: the probability left shrinks by `alive^(1/steps)` a step.
fn steps_to(tail: f64, alive: f64, steps: u64) -> f64 {
    let rate = alive.ln() / steps as f64;
    if rate < 0.0 {
        tail.ln() / rate
    } else {
        f64::INFINITY
    }
}

/// The race of two players the joint chain gave: each seat's chance to win, and the expected
/// rounds, turns and rolls.
fn joint_race(wins: [f64; 2], rounds: f64, turns: f64, rolls: f64) -> Race {
    Race {
        players: 2,
        method: RaceKind::JointChain.describe(),
        kind: RaceKind::JointChain,
        expected_rounds: rounds,
        expected_total_turns: turns,
        expected_total_rolls: rolls,
        median_rounds: None,
        ci95: None,
        seats: wins
            .iter()
            .enumerate()
            .map(|(i, &w)| Seat {
                seat: i + 1,
                win_probability: w,
                ci95: None,
            })
            .collect(),
    }
}

/// The race estimated by simulation, for tokens that interact beyond two players, telling
/// `progress(done, total)` the games played.
///
/// # Errors
/// As [`crate::sim::simulate`].
pub fn simulated(
    board: &Board,
    rules: &Rules,
    opts: &SimOptions,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Race, AnalysisError> {
    let s = crate::sim::simulate(board, rules, opts, progress)?;
    let ci = |e: &Estimate| e.ci95;
    let kind = RaceKind::Simulated {
        games: s.games,
        seed: s.seed,
    };
    Ok(Race {
        players: opts.players,
        method: kind.describe(),
        kind,
        expected_rounds: s.expected_rounds.value,
        expected_total_turns: s.expected_total_turns.value,
        expected_total_rolls: s.expected_total_rolls.value,
        median_rounds: Some(s.median_rounds),
        ci95: Some([
            ci(&s.expected_rounds),
            ci(&s.expected_total_turns),
            ci(&s.expected_total_rolls),
        ]),
        seats: s
            .seats
            .iter()
            .map(|x| Seat {
                seat: x.seat,
                win_probability: x.win_probability.value,
                ci95: Some(x.win_probability.ci95),
            })
            .collect(),
    })
}

/// Whether the tokens of `players` players interact under `rules`.
pub fn interacting(rules: &Rules, players: usize) -> bool {
    rules.collision == Collision::Bump && players > 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markov::{TAIL, Token};

    fn whole(token: &Token) -> Distribution {
        let budget = Budget::new(None, &|_, _, _| {});
        token.distribution_within(TAIL, 100_000, 1.0, &budget)
    }

    fn sim(players: usize, games: u64) -> SimOptions {
        SimOptions {
            games,
            players,
            seed: 11,
            threads: 2,
        }
    }

    #[test]
    fn one_player_race_is_the_token_itself() {
        let board = Board::classic();
        let token = Token::new(&board, &Rules::STANDARD).expect("finite");
        let race = independent(&whole(&token), 1);
        let e = token.expected_turns()[token.start].expect("finite");
        assert!((race.expected_rounds - e).abs() < 1e-9);
        assert!((race.seats[0].win_probability - 1.0).abs() < 1e-11);
        let rolls = token.expected_rolls()[token.start].expect("finite");
        assert!((race.expected_total_rolls - rolls).abs() < 1e-9);
    }

    #[test]
    fn seat_odds_sum_to_one_and_favour_the_first_seat() {
        let board = Board::classic();
        for rules in ["standard", "six=roll-again,entry=need-six"] {
            let rules: Rules = rules.parse().expect("rules");
            let token = Token::new(&board, &rules).expect("finite");
            let d = whole(&token);
            for k in 2..=8 {
                let race = independent(&d, k);
                let total: f64 = race.seats.iter().map(|s| s.win_probability).sum();
                assert!((total - 1.0).abs() < 1e-10, "{k}: {total}");
                for w in race.seats.windows(2) {
                    assert!(w[0].win_probability > w[1].win_probability);
                }
            }
        }
    }

    #[test]
    fn exact_races_agree_with_simulation_within_the_intervals() {
        let board = Board::classic();
        for (rules, k) in [
            ("standard", 3),
            ("six=roll-again", 2),
            ("entry=need-six,ending=exact", 4),
        ] {
            let rules: Rules = rules.parse().expect("rules");
            let token = Token::new(&board, &rules).expect("finite");
            let exact = independent(&whole(&token), k);
            let mc = simulated(&board, &rules, &sim(k, 400_000), &|_, _| {}).expect("ok");
            check_agree(&exact, &mc, &rules);
        }
    }

    #[test]
    fn two_bumping_players_exact_agrees_with_simulation() {
        let board = Board::classic();
        for rules in [
            "collision=bump",
            "collision=bump,six=roll-again,ending=loose",
        ] {
            let rules: Rules = rules.parse().expect("rules");
            let exact = bump_two(&board, &rules, TAIL);
            let total: f64 = exact.seats.iter().map(|s| s.win_probability).sum();
            assert!((total - 1.0).abs() < 1e-10);
            let mc = simulated(&board, &rules, &sim(2, 400_000), &|_, _| {}).expect("ok");
            check_agree(&exact, &mc, &rules);
            // Bumping makes the game longer than sharing.
            let mut share = rules;
            share.collision = Collision::Share;
            let token = Token::new(&board, &share).expect("finite");
            assert!(exact.expected_rounds > independent(&whole(&token), 2).expected_rounds);
        }
    }

    /// Exact figures inside the simulation's 95 % intervals widened to 4 half-widths (about 8
    /// standard errors over all the figures checked, so a correct program fails with negligible
    /// probability while any real disagreement of a few percent is caught).
    fn check_agree(exact: &Race, mc: &Race, rules: &Rules) {
        let ci = mc.ci95.expect("simulated");
        for (x, (m, c)) in [
            exact.expected_rounds,
            exact.expected_total_turns,
            exact.expected_total_rolls,
        ]
        .iter()
        .zip(
            [
                mc.expected_rounds,
                mc.expected_total_turns,
                mc.expected_total_rolls,
            ]
            .iter()
            .zip(ci),
        ) {
            assert!((x - m).abs() <= 4.0 * c, "{rules}: exact {x} vs {m} ± {c}");
        }
        for (e, s) in exact.seats.iter().zip(&mc.seats) {
            let c = s.ci95.expect("simulated");
            assert!(
                (e.win_probability - s.win_probability).abs() <= 4.0 * c,
                "{rules} seat {}: {} vs {} ± {c}",
                e.seat,
                e.win_probability,
                s.win_probability
            );
        }
    }
}
