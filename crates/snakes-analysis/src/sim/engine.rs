//! Monte Carlo simulation of whole games: seeded, reproducible, multi-threaded.
//!
//! Every move comes from a table of [`snakes::landing`] for each (square, face), built once.
//! The rest of a turn (collisions, the finish, the six rule, passing the turn) is
//! [`snakes::after_move`], the function [`snakes::GameState::apply`] calls; a test replays random
//! roll sequences through both and checks they agree for every rules combination. The one-token
//! loop specialises it where a rule cannot apply to one token (see [`Tables`]).
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

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use serde::Serialize;
use snakes::{AfterMove, Board, MAX_PLAYERS, Rng, Rules, after_move, splitmix64};

use crate::error::AnalysisError;

/// Games per chunk: the unit of work and of seeding.
pub const CHUNK: u64 = 1 << 14;

/// What a simulation should do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimOptions {
    /// Number of games.
    pub games: u64,
    /// Players per game, 1..=8.
    pub players: usize,
    /// Seed of the whole run.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
}

/// The landing table and the rules a simulation needs.
#[derive(Debug, Clone)]
pub struct Tables {
    next: Vec<u32>,
    rules: Rules,
    faces: u64,
    last: u32,
    start: u32,
    /// Bit `r` set when face `r + 1` gives another roll ([`Rules::rolls_again`]): the one-token
    /// loop's form of the six rule.
    again: u64,
    per_word: u32,
}

impl Tables {
    /// Builds the landing table of `board` under `rules`.
    pub fn new(board: &Board, rules: &Rules) -> Tables {
        let f = u64::from(rules.die());
        let mut per_word = 0;
        let mut span = 1u64;
        while span * f <= 1 << 21 {
            span *= f;
            per_word += 1;
        }
        Tables {
            next: crate::chain::landing_table(board, rules),
            faces: f,
            last: board.last(),
            rules: *rules,
            start: rules.start_square(),
            again: (1..=rules.die())
                .filter(|&r| rules.rolls_again(r))
                .fold(0, |m, r| m | 1 << (r - 1)),
            per_word,
        }
    }

    /// Where a roll of face `roll` (`1..=f`) takes a token on `from`.
    pub fn next_of(&self, from: u32, roll: u64) -> u32 {
        self.land(from, roll)
    }

    /// The rules the table was built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The last square.
    pub fn last(&self) -> u32 {
        self.last
    }

    /// The square tokens start on.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// One roll for a token on `from` (face `roll` in `1..=f`).
    #[inline]
    fn land(&self, from: u32, roll: u64) -> u32 {
        self.next[(from as usize) * self.faces as usize + roll as usize - 1]
    }
}

/// Rolls drawn several to a word (see the module docs for the method and its bias).
struct Dice {
    rng: Rng,
    word: u64,
    left: u32,
    per_word: u32,
    faces: u64,
}

impl Dice {
    fn new(rng: Rng, t: &Tables) -> Dice {
        Dice {
            rng,
            word: 0,
            left: 0,
            per_word: t.per_word,
            faces: t.faces,
        }
    }
    /// A roll in `1..=f`.
    #[inline]
    fn roll(&mut self) -> u64 {
        if self.left == 0 {
            self.word = self.rng.next_u64();
            self.left = self.per_word;
        }
        self.left -= 1;
        let m = u128::from(self.word) * u128::from(self.faces);
        self.word = m as u64;
        (m >> 64) as u64 + 1
    }
}

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The winning seat (0-based).
    pub winner: usize,
    /// Rounds played: turns begun by the first seat.
    pub rounds: u64,
    /// Turns played by all players.
    pub turns: u64,
    /// Rolls made by all players.
    pub rolls: u64,
}

/// Plays one game of `players` tokens (1..=8), seat 0 first, with rolls from `roll` (each in
/// `1..=f`): each move from the landing table, the rest of the turn by [`snakes::after_move`], as
/// in [`snakes::GameState::apply`].
pub fn play_game(t: &Tables, players: usize, roll: impl FnMut() -> u64) -> Outcome {
    // One copy of the loop per player count: with the count a constant, the collision scan over
    // the other tokens unrolls and the turn's wrap-around is a compare with a constant.
    match players {
        1 => play_game_of::<1>(t, roll),
        2 => play_game_of::<2>(t, roll),
        3 => play_game_of::<3>(t, roll),
        4 => play_game_of::<4>(t, roll),
        5 => play_game_of::<5>(t, roll),
        6 => play_game_of::<6>(t, roll),
        7 => play_game_of::<7>(t, roll),
        _ => play_game_of::<MAX_PLAYERS>(t, roll),
    }
}

fn play_game_of<const PLAYERS: usize>(t: &Tables, mut roll: impl FnMut() -> u64) -> Outcome {
    let mut squares = [t.start; PLAYERS];
    let mut player = 0;
    let (mut rounds, mut turns, mut rolls) = (1, 1, 0);
    loop {
        let r = roll();
        rolls += 1;
        let to = t.land(squares[player], r);
        // `r` is a face of the die, at most `MAX_FACES`: it fits a `u8`.
        match after_move(&t.rules, t.last, player, to, r as u8, &mut squares, |_| {}) {
            AfterMove::Won => {
                return Outcome {
                    winner: player,
                    rounds,
                    turns,
                    rolls,
                };
            }
            AfterMove::ExtraRoll => {}
            AfterMove::Next(next) => {
                player = next;
                turns += 1;
                if next == 0 {
                    rounds += 1;
                }
            }
        }
    }
}

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
    fn add_game(&mut self, rounds: u64, turns: u64, rolls: u64, winner: usize) {
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

/// The generator of chunk `c` of a run seeded with `seed`.
fn chunk_rng(seed: u64, c: u64) -> Rng {
    let mut s = seed ^ c.wrapping_mul(0xD1B5_4A32_D192_ED03);
    Rng::new(splitmix64(&mut s))
}

/// Plays `games` single-token games, several interleaved so that one game's table look-up waits
/// while the others compute: the hot loop of the simulator.
fn single_games(t: &Tables, games: u64, rng: &mut Rng, out: &mut Totals) {
    if t.again != 0 {
        single_games_lanes::<true>(t, games, rng, out);
    } else {
        single_games_lanes::<false>(t, games, rng, out);
    }
}

/// [`snakes::after_move`] specialised to one token, rule by rule: collision needs another token,
/// so it never happens; the finish is reaching the last square, the test below; the six rule
/// gives another roll within the same turn, which only changes the count of turns (`fresh`, from
/// the same [`Rules::rolls_again`] through `again`); and the turn passes back to the same token.
/// A test checks that it plays exactly the games [`play_game`] plays from the same rolls, for
/// every rules combination.
fn single_games_lanes<const ROLL_AGAIN: bool>(
    t: &Tables,
    games: u64,
    rng: &mut Rng,
    out: &mut Totals,
) {
    const LANES: usize = 16;
    let f = t.faces;
    // The table padded to a power-of-two stride, indexed through a mask: the index is always in
    // bounds, so the compiler drops the bounds check from the hot loop.
    let stride = (f as usize).next_power_of_two();
    let shift = stride.trailing_zeros();
    let size = (t.last as usize + 1) * stride;
    let mask = size.next_power_of_two() - 1;
    let mut next = vec![t.last; mask + 1];
    for s in 0..t.last as usize {
        for r in 0..f as usize {
            next[(s << shift) + r] = t.next[s * f as usize + r];
        }
    }
    let next = &next[..];
    let mut sq = [t.start; LANES];
    // Every lane rolls once per sweep, so a game's rolls are the sweeps since it began: one
    // counter for all lanes instead of one increment per lane and roll.
    let mut sweep = 0u64;
    let mut began = [0u64; LANES];
    let mut turns = [0u64; LANES];
    // A turn begins with this roll unless the previous roll earned another.
    let mut fresh = [1u64; LANES];
    let mut active = [false; LANES];
    let mut to_start = games;
    for a in &mut active {
        if to_start > 0 {
            *a = true;
            to_start -= 1;
        }
    }
    let mut running = active.iter().filter(|&&a| a).count();
    while running > 0 {
        let mut words = [0u64; LANES];
        for w in &mut words {
            *w = rng.next_u64();
        }
        for _ in 0..t.per_word {
            sweep += 1;
            for l in 0..LANES {
                let m = u128::from(words[l]) * u128::from(f);
                words[l] = m as u64;
                let r = (m >> 64) as usize; // 0-based face
                let s = next[((sq[l] as usize) << shift | r) & mask];
                sq[l] = s;
                if ROLL_AGAIN {
                    turns[l] += fresh[l];
                    fresh[l] = !(t.again >> r) & 1;
                }
                if s == t.last && active[l] {
                    let rolls = sweep - began[l];
                    let turns_played = if ROLL_AGAIN { turns[l] } else { rolls };
                    out.add_game(turns_played, turns_played, rolls, 0);
                    began[l] = sweep;
                    turns[l] = 0;
                    fresh[l] = 1;
                    if to_start > 0 {
                        to_start -= 1;
                        sq[l] = t.start;
                    } else {
                        // The lane stays on the last square (a finished token stays) until
                        // the other lanes are done.
                        active[l] = false;
                        running -= 1;
                    }
                }
            }
        }
    }
}

/// Plays the games of chunk `c`.
fn run_chunk(t: &Tables, players: usize, seed: u64, c: u64, games: u64, out: &mut Totals) {
    let mut rng = chunk_rng(seed, c);
    if players == 1 {
        single_games(t, games, &mut rng, out);
        return;
    }
    let mut dice = Dice::new(rng, t);
    for _ in 0..games {
        let o = play_game(t, players, || dice.roll());
        out.add_game(o.rounds, o.turns, o.rolls, o.winner);
    }
}

/// Runs a simulation and returns its integer totals. `progress(done, total)` is called about
/// ten times a second from the calling thread while the workers run.
///
/// # Errors
/// Bad player count, no games, or a board and rules under which a game may never end.
pub fn simulate_totals(
    board: &Board,
    rules: &Rules,
    opts: &SimOptions,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Totals, AnalysisError> {
    if opts.players == 0 || opts.players > MAX_PLAYERS {
        return Err(AnalysisError::Players(opts.players));
    }
    if opts.games == 0 {
        return Err(AnalysisError::NoGames);
    }
    // The same checks as the exact analysis: a game from the start must surely end.
    crate::markov::Token::new(board, rules)?;
    let t = Tables::new(board, rules);
    let chunks = opts.games.div_ceil(CHUNK);
    let next_chunk = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let running = AtomicUsize::new(opts.threads.max(1));
    let mut total = Totals::default();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..opts.threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    // Counts this worker out even if it panics, so that the progress loop below
                    // cannot wait forever.
                    struct Done<'a>(&'a AtomicUsize);
                    impl Drop for Done<'_> {
                        fn drop(&mut self) {
                            self.0.fetch_sub(1, Ordering::Release);
                        }
                    }
                    let _done = Done(&running);
                    let mut acc = Totals::default();
                    loop {
                        let c = next_chunk.fetch_add(1, Ordering::Relaxed);
                        if c >= chunks {
                            break;
                        }
                        let games = CHUNK.min(opts.games - c * CHUNK);
                        run_chunk(&t, opts.players, opts.seed, c, games, &mut acc);
                        done.fetch_add(games, Ordering::Relaxed);
                    }
                    acc
                })
            })
            .collect();
        // Report about ten times a second, but notice the end within a few milliseconds.
        let mut last_report = std::time::Instant::now();
        while running.load(Ordering::Acquire) > 0 {
            if last_report.elapsed() >= Duration::from_millis(100) {
                progress(done.load(Ordering::Relaxed), opts.games);
                last_report = std::time::Instant::now();
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        progress(opts.games, opts.games);
        for w in workers {
            // A worker's panic is a bug: pass it on rather than return partial totals.
            match w.join() {
                Ok(acc) => total.merge(&acc),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    Ok(total)
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

/// Runs a simulation and summarises it.
///
/// # Errors
/// As [`simulate_totals`].
pub fn simulate(
    board: &Board,
    rules: &Rules,
    opts: &SimOptions,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Simulation, AnalysisError> {
    let t = simulate_totals(board, rules, opts, progress)?;
    Ok(summarise(rules, opts, &t))
}

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

/// The straightforward simulator, for comparison in benchmarks: one game at a time, one roll at
/// a time through [`snakes::landing`] and [`Rng::roll`]. Returns the total rolls.
pub fn naive_single_rolls(board: &Board, rules: &Rules, games: u64, seed: u64) -> u64 {
    let mut rng = Rng::new(seed);
    let mut total = 0;
    let start = rules.start_square();
    let last = board.last();
    for _ in 0..games {
        let mut s = start;
        while s != last {
            s = snakes::landing(board, rules, s, rng.roll(rules.die()));
            total += 1;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use snakes::{Event, GameState};
    use std::sync::Arc;

    #[test]
    fn play_game_agrees_with_the_engine_for_every_rules_combination() {
        let board = Arc::new(Board::classic());
        let mut rng = Rng::new(5);
        for rules in Rules::all_combinations(6) {
            let t = Tables::new(&board, &rules);
            for players in 1..=4 {
                for _ in 0..10 {
                    // Rolls drawn as the game asks for them, kept for the replay.
                    let mut rolls: Vec<u8> = Vec::new();
                    let o = play_game(&t, players, || {
                        rolls.push(rng.roll(6));
                        u64::from(rolls[rolls.len() - 1])
                    });
                    let mut g =
                        GameState::new(Arc::clone(&board), rules, players, 0).expect("valid");
                    let mut turns_passed = 0;
                    let mut rounds = 1;
                    assert_eq!(rolls.len() as u64, o.rolls);
                    for &r in &rolls {
                        for e in g.apply(r).expect("game not over") {
                            if let Event::TurnPassed { player } = e {
                                turns_passed += 1;
                                rounds += u64::from(player == 0);
                            }
                        }
                    }
                    assert_eq!(g.winner(), Some(o.winner), "{rules}");
                    assert_eq!(1 + turns_passed, o.turns, "{rules}");
                    assert_eq!(rounds, o.rounds, "{rules}");
                    let turns: u64 = g.stats().iter().map(|s| u64::from(s.turns)).sum();
                    assert_eq!(turns, o.turns);
                }
            }
        }
    }

    #[test]
    fn the_interleaved_single_token_loop_agrees_with_play_game() {
        // Same generator words, consumed the same way, give the same turn counts as the plain
        // game loop when one lane's rolls are fed to it.
        let board = Board::classic();
        for rules in ["standard", "six=roll-again,ending=exact", "entry=need-six"] {
            let rules: Rules = rules.parse().expect("rules");
            let t = Tables::new(&board, &rules);
            let mut fast = Totals::default();
            single_games(&t, 20_000, &mut Rng::new(1), &mut fast);
            let mut slow = Totals::default();
            let mut dice = Dice::new(Rng::new(2), &t);
            for _ in 0..20_000 {
                let o = play_game(&t, 1, || dice.roll());
                slow.add_game(o.rounds, o.turns, o.rolls, 0);
            }
            // Different streams: agreement in distribution (means within a few standard errors).
            let f = summarise(&rules, &opts(1), &fast);
            let s = summarise(&rules, &opts(1), &slow);
            let diff = (f.expected_rounds.value - s.expected_rounds.value).abs();
            let se = (f.expected_rounds.ci95.powi(2) + s.expected_rounds.ci95.powi(2)).sqrt();
            assert!(diff < 2.0 * se, "{rules}: {diff} vs {se}");
        }
    }

    #[test]
    fn the_interleaved_single_token_loop_plays_exactly_the_games_of_play_game_for_every_rules_combination()
     {
        // The same generator words split into the same per-lane roll streams, each lane's games
        // played back to back by `play_game` (so by `snakes::after_move`), and the games counted
        // in the order the lanes finish them: the totals must be identical.
        const LANES: usize = 16;
        let board = Board::classic();
        for rules in Rules::all_combinations(6) {
            let t = Tables::new(&board, &rules);
            let games = 200;
            let mut fast = Totals::default();
            single_games(&t, games, &mut Rng::new(3), &mut fast);

            let mut rng = Rng::new(3);
            let mut streams: Vec<std::collections::VecDeque<u64>> = vec![Default::default(); LANES];
            let mut roll = |lane: usize, streams: &mut Vec<std::collections::VecDeque<u64>>| {
                if streams[lane].is_empty() {
                    // One batch: a word per lane, then `per_word` rolls from each.
                    for stream in streams.iter_mut() {
                        let mut w = rng.next_u64();
                        for _ in 0..t.per_word {
                            let m = u128::from(w) * u128::from(t.faces);
                            w = m as u64;
                            stream.push_back((m >> 64) as u64 + 1);
                        }
                    }
                }
                streams[lane].pop_front().expect("a batch was drawn")
            };
            // (sweep at which the lane's game ends, lane, the game)
            let mut running = std::collections::BTreeSet::new();
            let mut ends = [0u64; LANES];
            for (lane, end) in ends.iter_mut().enumerate() {
                let o = play_game(&t, 1, || roll(lane, &mut streams));
                *end = o.rolls;
                running.insert((*end, lane, o.turns, o.rolls));
            }
            let mut slow = Totals::default();
            let mut to_start = games - LANES as u64;
            while let Some((_, lane, turns, rolls)) = running.pop_first() {
                slow.add_game(turns, turns, rolls, 0);
                if to_start > 0 {
                    to_start -= 1;
                    let o = play_game(&t, 1, || roll(lane, &mut streams));
                    ends[lane] += o.rolls;
                    running.insert((ends[lane], lane, o.turns, o.rolls));
                }
            }
            assert_eq!(fast, slow, "{rules}");
        }
    }

    fn opts(players: usize) -> SimOptions {
        SimOptions {
            games: 100_000,
            players,
            seed: 42,
            threads: 1,
        }
    }

    #[test]
    fn results_do_not_depend_on_the_number_of_threads() {
        let board = Board::classic();
        for (rules, players) in [("standard", 1), ("collision=bump,six=roll-again", 3)] {
            let rules: Rules = rules.parse().expect("rules");
            let one = simulate_totals(&board, &rules, &opts(players), &|_, _| {}).expect("ok");
            let mut o = opts(players);
            o.threads = 3;
            let three = simulate_totals(&board, &rules, &o, &|_, _| {}).expect("ok");
            assert_eq!(one, three);
            assert_eq!(one.games, 100_000);
        }
    }

    #[test]
    fn dice_are_uniform() {
        let t = Tables::new(&Board::classic(), &Rules::STANDARD);
        let mut d = Dice::new(Rng::new(9), &t);
        let mut counts = [0u64; 6];
        for _ in 0..600_000 {
            counts[d.roll() as usize - 1] += 1;
        }
        // Chi-square with 5 degrees of freedom: 20.5 is the 0.999 quantile.
        let chi: f64 = counts
            .iter()
            .map(|&c| (c as f64 - 100_000.0).powi(2) / 100_000.0)
            .sum();
        assert!(chi < 20.5, "{counts:?}");
    }

    #[test]
    fn bad_options_are_refused() {
        let board = Board::classic();
        let mut o = opts(0);
        assert_eq!(
            simulate_totals(&board, &Rules::STANDARD, &o, &|_, _| {}),
            Err(AnalysisError::Players(0))
        );
        o.players = 2;
        o.games = 0;
        assert_eq!(
            simulate_totals(&board, &Rules::STANDARD, &o, &|_, _| {}),
            Err(AnalysisError::NoGames)
        );
    }
}
