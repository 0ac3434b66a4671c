//! `snakes simulate`: Monte Carlo games, seeded and reproducible, on every thread.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use snakes_analysis::AnalysisError;
use snakes_analysis::sim::{SimOptions, simulate};

use crate::input::{BoardOpt, RulesOpt, Standard};
use crate::progress::Progress;
use snakes_text::board_text;
use snakes_text::errors::analysis_error;

use crate::words::{catalogue, dec, estimate, fig, list, percent, say};
use crate::{UserError, user_error};

/// The most worker threads: far more than any machine's cores, few enough to start anywhere.
const MAX_THREADS: usize = 256;

/// Arguments of `snakes simulate`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    board: BoardOpt<Standard>,
    #[command(flatten)]
    rules: RulesOpt<Standard>,
    /// Players per game (1 to 8), seat 1 rolling first.
    #[arg(long, default_value_t = 1, value_name = "K", value_parser = clap::value_parser!(u8).range(1..=8))]
    players: u8,
    /// Number of games (at least 2: the figures come with a 95 % confidence interval).
    #[arg(long, default_value_t = 1_000_000)]
    games: u64,
    /// Seed: the same seed gives the same results, whatever the number of threads.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = threads)]
    threads: Option<usize>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `snakes simulate`.
///
/// # Errors
/// Bad board, rules or options (user errors, exit 2) or a failed write.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Some(given) = args.board.get() else {
        return Err(user_error(say!("cli-no-board")));
    };
    let board = &given.board;
    let rules = args.rules.get();
    // One game gives a figure but no spread: its ± would be a confident 0.
    if args.games < 2 {
        return Err(user_error(say!("cli-no-games")));
    }
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
    });
    let opts = SimOptions {
        games: args.games,
        players: usize::from(args.players),
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
    writeln!(
        out,
        "{}",
        say!(
            "simulate-summary",
            games = s.games,
            players = s.players,
            seed = s.seed,
            threads = threads,
            secs = dec(secs, 2)
        )
    )?;
    let unit = if s.players == 1 { "turns" } else { "rounds" };
    let mut rows = vec![(say!("simulate-expected", unit = unit), s.expected_rounds)];
    if s.players > 1 {
        rows.push((say!("simulate-total-turns"), s.expected_total_turns));
        rows.push((say!("simulate-total-rolls"), s.expected_total_rolls));
    } else {
        rows.push((say!("simulate-rolls"), s.expected_total_rolls));
    }
    let width = rows
        .iter()
        .map(|(label, _)| board_text::width(label))
        .max()
        .unwrap_or(0)
        .max(28);
    for (label, e) in rows {
        // The figures line up on their last digit.
        let value = board_text::pad(&fig(e.value, 4), 10, true);
        let label = board_text::pad(&label, width, false);
        writeln!(out, "{label} {}", estimate(value, fig(e.ci95, 4)))?;
    }
    let q: Vec<String> = s
        .quantiles
        .iter()
        .map(|(k, v)| {
            let level = (k.parse::<f64>().unwrap_or(0.0) * 100.0).round();
            say!("simulate-quantile", level = dec(level, 0), turns = *v)
        })
        .collect();
    writeln!(
        out,
        "{}",
        say!("simulate-quantiles", unit = unit, list = list(&q))
    )?;
    if s.players > 1 {
        let (seat, chance) = (say!("table-seat"), say!("table-chance-to-win"));
        let w = board_text::width(&seat).max(4);
        writeln!(out, "{}  {chance}", board_text::pad(&seat, w, true))?;
        for seat in &s.seats {
            let chance = board_text::pad(&percent(100.0 * seat.win_probability.value, 3), 8, true);
            let margin = fig(100.0 * seat.win_probability.ci95, 3);
            let number = board_text::pad(&seat.seat.to_string(), w, true);
            writeln!(out, "{number}  {}", estimate(chance, margin))?;
        }
    }
    Ok(ExitCode::SUCCESS)
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
