//! From integer totals to estimates: means, quantiles and each seat's chance, with 95 %
//! confidence intervals.

use serde::Serialize;
use snakes::{MAX_PLAYERS, Rules};

use super::threads::SimOptions;

/// Integer totals of a batch of games; adding batches in any order gives the same totals.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games played.
    pub games: u64,
    /// `rounds[r]`: games that ended in round `r` (for one player, in turn `r`).
    pub rounds: Vec<u64>,
    /// Sum and sum of squares of the rolls per game (all players).
    pub rolls: (u128, u128),
    /// Sum and sum of squares of the turns per game (all players).
    pub turns: (u128, u128),
    /// Wins per seat.
    pub wins: [u64; MAX_PLAYERS],
}

impl Totals {
    pub(super) fn add_game(&mut self, rounds: u64, turns: u64, rolls: u64, winner: usize) {
        self.games += 1;
        let r = rounds as usize;
        if self.rounds.len() <= r {
            self.rounds.resize(r + 1, 0);
        }
        self.rounds[r] += 1;
        self.rolls.0 += u128::from(rolls);
        self.rolls.1 += u128::from(rolls) * u128::from(rolls);
        self.turns.0 += u128::from(turns);
        self.turns.1 += u128::from(turns) * u128::from(turns);
        self.wins[winner] += 1;
    }

    /// Adds another batch.
    pub fn merge(&mut self, o: &Totals) {
        self.games += o.games;
        if self.rounds.len() < o.rounds.len() {
            self.rounds.resize(o.rounds.len(), 0);
        }
        for (a, b) in self.rounds.iter_mut().zip(&o.rounds) {
            *a += b;
        }
        self.rolls.0 += o.rolls.0;
        self.rolls.1 += o.rolls.1;
        self.turns.0 += o.turns.0;
        self.turns.1 += o.turns.1;
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            *a += b;
        }
    }
}

/// An estimate with the half-width of its 95 % confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    /// The sample mean (or proportion).
    pub value: f64,
    /// Half-width of the 95 % confidence interval (normal approximation, 1.96 standard errors).
    pub ci95: f64,
}

impl Estimate {
    /// Whether `x` lies in the interval widened by `slack` half-widths.
    pub fn covers(&self, x: f64, slack: f64) -> bool {
        (self.value - x).abs() <= self.ci95 * slack
    }

    fn from_sums(n: u64, sum: f64, sumsq: f64) -> Estimate {
        let nf = n as f64;
        let mean = sum / nf;
        let var = if n > 1 {
            ((sumsq - sum * mean) / (nf - 1.0)).max(0.0)
        } else {
            0.0
        };
        Estimate {
            value: mean,
            ci95: 1.96 * (var / nf).sqrt(),
        }
    }

    fn proportion(k: u64, n: u64) -> Estimate {
        let p = k as f64 / n as f64;
        Estimate {
            value: p,
            ci95: 1.96 * (p * (1.0 - p) / n as f64).sqrt(),
        }
    }
}

/// One seat's chance to win, estimated.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SeatEstimate {
    /// The seat, from 1 (the first to roll).
    pub seat: usize,
    /// Chance to win.
    pub win_probability: Estimate,
}

/// The results of a simulation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Simulation {
    /// The rules, canonical text.
    pub rules: String,
    /// Players per game.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// How the figures were produced.
    pub method: &'static str,
    /// Rounds until someone finishes (with one player: turns).
    pub expected_rounds: Estimate,
    /// Turns by all players until someone finishes.
    pub expected_total_turns: Estimate,
    /// Rolls by all players until someone finishes.
    pub expected_total_rolls: Estimate,
    /// Median number of rounds.
    pub median_rounds: u64,
    /// Quantiles of the number of rounds, keyed "0.1" ... "0.99".
    pub quantiles: std::collections::BTreeMap<String, u64>,
    /// Each seat's chance to win.
    pub seats: Vec<SeatEstimate>,
}

/// The quantile levels reported everywhere.
pub const QUANTILES: [f64; 7] = [0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99];

/// The summary of integer totals.
pub fn summarise(rules: &Rules, opts: &SimOptions, t: &Totals) -> Simulation {
    let n = t.games;
    let (mut s, mut s2) = (0.0, 0.0);
    for (r, &c) in t.rounds.iter().enumerate() {
        s += r as f64 * c as f64;
        s2 += (r * r) as f64 * c as f64;
    }
    let quantile = |q: f64| -> u64 {
        let need = (q * n as f64).ceil() as u64;
        let mut cum = 0;
        for (r, &c) in t.rounds.iter().enumerate() {
            cum += c;
            if cum >= need.max(1) {
                return r as u64;
            }
        }
        t.rounds.len() as u64
    };
    let rounds = Estimate::from_sums(n, s, s2);
    Simulation {
        rules: rules.to_string(),
        players: opts.players,
        games: n,
        seed: opts.seed,
        method: "monte carlo",
        expected_rounds: rounds,
        expected_total_turns: Estimate::from_sums(n, t.turns.0 as f64, t.turns.1 as f64),
        expected_total_rolls: Estimate::from_sums(n, t.rolls.0 as f64, t.rolls.1 as f64),
        median_rounds: quantile(0.5),
        quantiles: QUANTILES
            .iter()
            .map(|&q| (q.to_string(), quantile(q)))
            .collect(),
        seats: (0..opts.players)
            .map(|i| SeatEstimate {
                seat: i + 1,
                win_probability: Estimate::proportion(t.wins[i], n),
            })
            .collect(),
    }
}
