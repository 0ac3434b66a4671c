//! `snakes simulate`: Monte Carlo games, seeded and reproducible, on every thread.
//!
//! Before the run starts its time is estimated (a few games played first give the rolls of a
//! game and, on a board too large for the processor's caches, what a roll costs there; else
//! each roll costs what `BENCHMARKS.md` measured): a count of games that would not fit the
//! budget is refused at once with the estimate and a count that fits, rather than left running
//! for ever.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use snakes::{Board, Rules};
use snakes_analysis::AnalysisError;
use snakes_analysis::budget::rates;
use snakes_analysis::sim::{CHUNK, SimOptions, sample, simulate};
use snakes_text::errors::{analysis_error, duration};
use snakes_text::{MessageArg, board_text};

use crate::columns::render;
use crate::input::{GameArgs, budget_arg, games_arg, seed_arg};
use crate::progress::Progress;
use crate::words::{catalogue, dec, estimate, fig, list, percent, say};
use crate::{UserError, user_error};

/// The most worker threads: far more than any machine's cores, few enough to start anywhere.
const MAX_THREADS: usize = 256;

/// The games simulated when `--games` is not given.
pub const DEFAULT_GAMES: u64 = 1_000_000;

/// The time a simulation may take when `--budget` is not given, in seconds.
pub const DEFAULT_BUDGET: f64 = 60.0;

/// The estimated seconds of one simulated roll on one core (rounded up: several players).
pub const SECONDS_PER_ROLL: f64 = rates::SIMULATED_ROLL;

/// The games of a chunk of a run: each chunk pays [`Pilot::chunk_secs`] once.
pub const CHUNK_GAMES: u64 = CHUNK;

/// The games played to measure how many rolls a game takes, before the run.
const PILOT_GAMES: u64 = 32;

/// Arguments of `snakes simulate`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  snakes simulate --players 2 --games 2000000 --seed 7
  snakes simulate --board big.toml --rules collision=bump --players 3")]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games (at least 2: the figures come with a 95 % confidence interval).
    #[arg(long, default_value_t = DEFAULT_GAMES, value_parser = games_arg)]
    games: u64,
    /// Seed: the same seed gives the same results, whatever the number of threads.
    #[arg(long, default_value_t = 1, value_parser = seed_arg)]
    seed: u64,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = threads)]
    threads: Option<usize>,
    /// The most time the simulation may take, in seconds (0: no limit). A run estimated to
    /// take longer is refused at once, with the estimate and a number of games that fits.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_BUDGET, value_parser = budget_arg)]
    budget: f64,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// The pilot's measure of a roll's cost counts once its games took this much CPU time: on a
/// small board they take microseconds, which say nothing.
const MEASURED_AFTER: f64 = 0.005;

/// The squares from which a board's landing table (32 bytes a square, padded) outgrows the
/// processor's caches (8 MiB): below, a roll costs what `BENCHMARKS.md` measured, whatever a
/// pilot's clock says (a debug build's, a busy machine's), and the estimate is the same from
/// one run to the next.
const MEASURED_FROM_SQUARES: u32 = 1 << 18;

/// What a few seeded games on this thread (never the run's own) say of a simulation on a
/// board: what the estimate of a run's time starts from.
#[derive(Debug, Clone, Copy)]
pub struct Pilot {
    /// The rolls a game takes, all players together.
    pub rolls_per_game: f64,
    /// What a roll costs on one core here: [`SECONDS_PER_ROLL`] (what `BENCHMARKS.md`
    /// measured on boards that fit the processor's caches), or more, as the pilot's games
    /// measured it on a board that does not (a roll there waits for memory).
    pub seconds_per_roll: f64,
    /// What the run's checks and tables cost before its first roll, once (measured).
    pub setup_secs: f64,
    /// What each chunk of [`CHUNK`] games costs before its first game (measured).
    pub chunk_secs: f64,
    /// Whether the costs were measured here (a board too large for the caches), not taken
    /// from `BENCHMARKS.md`: a measure varies from one run to the next.
    pub measured: bool,
}

impl Pilot {
    /// The seconds `games` games take on `threads` cores, by this pilot.
    pub fn estimate(&self, games: u64, threads: usize) -> f64 {
        let rolls = self.rolls_per_game * games as f64 * self.seconds_per_roll;
        let chunks = games.div_ceil(CHUNK) as f64 * self.chunk_secs;
        self.setup_secs + (chunks + rolls) / threads.max(1) as f64
    }
}

/// The pilot of a simulation of `players` on `board` under `rules`.
pub fn pilot(board: &Board, rules: &Rules, players: usize) -> Pilot {
    let opts = SimOptions {
        games: PILOT_GAMES,
        players,
        // Its own games, apart from any run's.
        seed: 0x5EED_F00D,
        threads: 1,
    };
    let Ok(s) = sample(board, rules, &opts, &thread_cpu) else {
        // The run itself will say what is wrong.
        return Pilot {
            rolls_per_game: 1.0,
            seconds_per_roll: SECONDS_PER_ROLL,
            setup_secs: 0.0,
            chunk_secs: 0.0,
            measured: false,
        };
    };
    let rolls_per_game = s.rolls_per_game.max(1.0);
    if board.last() < MEASURED_FROM_SQUARES || s.per_game * (PILOT_GAMES as f64) < MEASURED_AFTER {
        // Too short to say anything but the rolls: the benchmarked rate, as on every board
        // that fits the caches (and the same estimate from one run to the next).
        return Pilot {
            rolls_per_game,
            seconds_per_roll: SECONDS_PER_ROLL,
            setup_secs: 0.0,
            chunk_secs: 0.0,
            measured: false,
        };
    }
    Pilot {
        rolls_per_game,
        seconds_per_roll: (s.per_game / rolls_per_game).max(SECONDS_PER_ROLL),
        setup_secs: s.setup,
        chunk_secs: s.per_chunk,
        measured: true,
    }
}

/// The CPU time this thread has used, in seconds: it holds on a machine whose cores are all
/// busy, where the time on the clock would not.
fn thread_cpu() -> f64 {
    #[cfg(unix)]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
    }
    #[cfg(not(unix))]
    {
        0.0
    }
}

/// Refuses at once a run estimated to take longer than `--budget`.
fn check_time(args: &Args, board: &Board, rules: &Rules, threads: usize) -> anyhow::Result<()> {
    if args.budget <= 0.0 {
        return Ok(());
    }
    let players = usize::from(args.game.players);
    let pilot = pilot(board, rules, players);
    let estimate = pilot.estimate(args.games, threads);
    if estimate <= args.budget {
        return Ok(());
    }
    // Games cost about the same each, a chunk's cost spread over its games. A measured pilot
    // varies by about a fifth from one run to the next: a fifth of the budget is kept aside,
    // so that the count suggested passes the next run's pilot.
    let per_game = (pilot.estimate(CHUNK, threads) - pilot.setup_secs) / CHUNK as f64;
    let budget = if pilot.measured {
        args.budget * 0.8
    } else {
        args.budget
    };
    let fits = ((budget - pilot.setup_secs) / per_game).floor().max(2.0) as u64;
    Err(user_error(say!(
        "simulate-over-budget",
        games = args.games.to_string(),
        estimate = duration(catalogue(), estimate),
        budget = duration(catalogue(), args.budget),
        fits = fits.to_string()
    )))
}

/// Runs `snakes simulate`.
///
/// # Errors
/// Bad board, rules or options (user errors, exit 2), a run the budget refuses, or a failed
/// write.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let board = &args.game.board()?.board;
    let rules = args.game.rules.get();
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
    });
    check_time(&args, board, &rules, threads)?;
    let opts = SimOptions {
        games: args.games,
        players: usize::from(args.game.players),
        seed: args.seed,
        threads,
    };
    // The shared progress line: only on a terminal, only once the run has taken a second.
    let progress = Mutex::new(Progress::new("progress-simulate"));
    let began = Instant::now();
    let result = simulate(board, &rules, &opts, &|done, total| {
        if let Ok(mut p) = progress.lock() {
            p.update(done, total);
        }
    });
    if let Ok(mut p) = progress.lock() {
        p.clear();
    }
    let s = result.map_err(|e| match e {
        // The system's refusal, not the user's input: status 1.
        AnalysisError::Threads { .. } => anyhow::anyhow!(analysis_error(catalogue(), &e)),
        e => user_error(analysis_error(catalogue(), &e)),
    })?;
    let secs = began.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&s)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "{}", say!("simulate-rules", rules = &s.rules))?;
    let summary = say!(
        "simulate-summary",
        games = MessageArg::count(s.games),
        players = s.players,
        seed = s.seed,
        threads = threads,
        secs = dec(secs, 2)
    );
    writeln!(out, "{summary}")?;
    write!(out, "{}", report(&s))?;
    Ok(ExitCode::SUCCESS)
}

/// The figures of a simulation: the expectations with their margins, the quantiles, and each
/// seat's chance to win, each table with its values under its heading.
fn report(s: &snakes_analysis::sim::Simulation) -> String {
    let unit = if s.players == 1 { "turns" } else { "rounds" };
    let mut rows = vec![(say!("simulate-expected", unit = unit), s.expected_rounds)];
    if s.players > 1 {
        rows.push((say!("simulate-total-turns"), s.expected_total_turns));
        rows.push((say!("simulate-total-rolls"), s.expected_total_rolls));
    } else {
        rows.push((say!("simulate-rolls"), s.expected_total_rolls));
    }
    // The figures line up on their last digit, the margins after them.
    let width = rows
        .iter()
        .map(|(_, e)| board_text::width(&fig(e.value, 4)))
        .max()
        .unwrap_or(0);
    let rows: Vec<Vec<String>> = rows
        .into_iter()
        .map(|(label, e)| {
            let value = board_text::pad(&fig(e.value, 4), width, true);
            vec![label, estimate(value, fig(e.ci95, 4))]
        })
        .collect();
    let mut text = render(&rows, &[false, false]);
    let q: Vec<String> = s
        .quantiles
        .iter()
        .map(|(k, v)| {
            let level = (k.parse::<f64>().unwrap_or(0.0) * 100.0).round();
            say!("simulate-quantile", level = dec(level, 0), turns = *v)
        })
        .collect();
    text.push_str(&say!("simulate-quantiles", unit = unit, list = list(&q)));
    text.push('\n');
    if s.players > 1 {
        let mut seats = vec![vec![say!("table-seat"), say!("table-chance-to-win")]];
        for seat in &s.seats {
            let chance = percent(100.0 * seat.win_probability.value, 3);
            let margin = fig(100.0 * seat.win_probability.ci95, 3);
            seats.push(vec![seat.seat.to_string(), estimate(chance, margin)]);
        }
        text.push_str(&render(&seats, &[true, true]));
    }
    text
}

/// Reads `--threads`: 1 to [`MAX_THREADS`].
fn threads(text: &str) -> Result<usize, UserError> {
    let n: usize = text.parse().map_err(|_| {
        UserError(say!(
            "simulate-threads-not-a-number",
            value = format!("{text:?}")
        ))
    })?;
    match n {
        0 => Err(UserError(say!("simulate-no-threads"))),
        n if n > MAX_THREADS => {
            let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
            Err(UserError(say!(
                "simulate-too-many-threads",
                max = MAX_THREADS,
                cores = cores
            )))
        }
        n => Ok(n),
    }
}
