//! Sharing the games out among threads, chunk by chunk, each chunk with its own generator.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use snakes::{Board, MAX_PLAYERS, Rng, Rules, splitmix64};

use super::engine::{Dice, Tables, play_game, single_games};
use super::statistics::{Simulation, Totals, summarise};
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

/// The generator of chunk `c` of a run seeded with `seed`.
fn chunk_rng(seed: u64, c: u64) -> Rng {
    let mut s = seed ^ c.wrapping_mul(0xD1B5_4A32_D192_ED03);
    Rng::new(splitmix64(&mut s))
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

/// A pilot's sample of a simulation: a few seeded games played on the calling thread, twice.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// The rolls a game took, all players together, on average.
    pub rolls_per_game: f64,
    /// What `cpu` counted while the checks and the tables were made: once a run.
    pub setup: f64,
    /// What a chunk of games (at most [`CHUNK`]) costs before its first game: once a chunk
    /// (one player's games copy the table to a padded one first).
    pub per_chunk: f64,
    /// What one game costs.
    pub per_game: f64,
}

/// Plays seeded games on the calling thread (`opts.threads` aside), after the checks and the
/// tables a run makes: `opts.games / 4` of them, then `opts.games`, each as one chunk, and
/// measures each part with `cpu` (a clock the caller chooses: its CPU time, so that a busy
/// machine does not count). The two runs part what a chunk costs from what a game does: what
/// a run on this board will cost, its setup apart. The library reads no clock itself.
///
/// # Errors
/// As [`simulate`].
pub fn sample(
    board: &Board,
    rules: &Rules,
    opts: &SimOptions,
    cpu: &dyn Fn() -> f64,
) -> Result<Sample, AnalysisError> {
    if opts.players == 0 || opts.players > MAX_PLAYERS {
        return Err(AnalysisError::Players(opts.players));
    }
    if opts.games == 0 {
        return Err(AnalysisError::NoGames);
    }
    let started = cpu();
    crate::markov::live_states(board, rules)?;
    let t = Tables::new(board, rules);
    let built = cpu();
    let few = (opts.games / 4).max(1);
    let mut first = Totals::default();
    run_chunk(&t, opts.players, opts.seed, 1, few, &mut first);
    let between = cpu();
    let mut totals = Totals::default();
    run_chunk(&t, opts.players, opts.seed, 0, opts.games, &mut totals);
    let played = cpu();
    let (small, large) = (between - built, played - between);
    let per_game = if opts.games > few {
        ((large - small) / (opts.games - few) as f64).max(0.0)
    } else {
        large / opts.games as f64
    };
    Ok(Sample {
        rolls_per_game: totals.rolls.0 as f64 / totals.games.max(1) as f64,
        setup: built - started,
        per_chunk: (large - per_game * opts.games as f64).max(0.0),
        per_game,
    })
}

/// Runs a simulation and returns its integer totals. `progress(done, total)` is called about
/// ten times a second from the calling thread while the workers run.
///
/// Long for one reason: the scope of the worker threads holds the checks, the workers' loop
/// over chunks, the progress line and the gathering of their totals, which share its atomics.
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
    crate::markov::live_states(board, rules)?;
    let t = Tables::new(board, rules);
    let chunks = opts.games.div_ceil(CHUNK);
    let next_chunk = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let wanted = opts.threads.max(1);
    let running = AtomicUsize::new(wanted);
    let mut total = Totals::default();
    let mut refused = None;
    std::thread::scope(|scope| {
        let mut workers = Vec::with_capacity(wanted);
        for started in 0..wanted {
            // `Builder::spawn_scoped` reports a thread the system will not start (too many
            // threads, too little memory) where `scope.spawn` would panic.
            let worker = std::thread::Builder::new().spawn_scoped(scope, || {
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
            });
            match worker {
                Ok(w) => workers.push(w),
                Err(e) => {
                    // Stop the workers already running at their next chunk, and count out
                    // the ones that never started.
                    next_chunk.store(chunks, Ordering::Relaxed);
                    running.fetch_sub(wanted - started, Ordering::Release);
                    // "Resource temporarily unavailable (os error 11)": the number means nothing
                    // to a person.
                    let reason = e.to_string();
                    let reason = match reason.find(" (os error") {
                        Some(at) => reason[..at].to_string(),
                        None => reason,
                    };
                    refused = Some(AnalysisError::Threads {
                        wanted,
                        started,
                        reason,
                    });
                    break;
                }
            }
        }
        // Report about ten times a second, but notice the end within a few milliseconds.
        let mut last_report = std::time::Instant::now();
        while running.load(Ordering::Acquire) > 0 {
            if refused.is_none() && last_report.elapsed() >= Duration::from_millis(100) {
                progress(done.load(Ordering::Relaxed), opts.games);
                last_report = std::time::Instant::now();
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        if refused.is_none() {
            progress(opts.games, opts.games);
        }
        for w in workers {
            // A worker's panic is a bug: pass it on rather than return partial totals.
            match w.join() {
                Ok(acc) => total.merge(&acc),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    if let Some(e) = refused {
        return Err(e);
    }
    Ok(total)
}

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

/// A simulation of 100,000 games on one thread, for tests.
#[cfg(test)]
pub(super) fn opts(players: usize) -> SimOptions {
    SimOptions {
        games: 100_000,
        players,
        seed: 42,
        threads: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_plays_the_games_a_run_would_and_times_its_setup_apart() {
        let board = Board::classic();
        for (rules, players) in [("standard", 1), ("collision=bump", 3)] {
            let rules: Rules = rules.parse().expect("rules");
            let mut o = opts(players);
            o.games = 32;
            let run = simulate(&board, &rules, &o, &|_, _| {}).expect("ok");
            // A clock that moves by 1, then 2, 4 and 8 at its readings: the setup costs 2,
            // the first 8 games 4, the 32 games 8.
            let (at, step) = (std::cell::Cell::new(0.0), std::cell::Cell::new(0.5));
            let clock = || {
                step.set(step.get() * 2.0);
                at.set(at.get() + step.get());
                at.get()
            };
            let s = sample(&board, &rules, &o, &clock).expect("ok");
            assert_eq!(s.rolls_per_game, run.expected_total_rolls.value);
            // A game costs (8 - 4) / 24, a chunk what is left of 8 after its 32 games.
            assert_eq!(s.setup, 2.0);
            assert!((s.per_game - 4.0 / 24.0).abs() < 1e-12, "{s:?}");
            assert!(
                (s.per_chunk - (8.0 - 32.0 * 4.0 / 24.0)).abs() < 1e-12,
                "{s:?}"
            );
        }
        let none = SimOptions {
            games: 0,
            ..opts(1)
        };
        assert!(matches!(
            sample(&board, &"standard".parse().unwrap(), &none, &|| 0.0),
            Err(AnalysisError::NoGames)
        ));
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
