//! `snakes simulate`: Monte Carlo games, seeded and reproducible, on every thread.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use snakes_analysis::AnalysisError;
use snakes_analysis::sim::{SimOptions, simulate};

use crate::input::{BoardOpt, RulesOpt, Standard};
use crate::progress::Progress;
use crate::user_error;
use crate::words::count;

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
    /// Number of games.
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
        return Err(user_error("give a board with --board"));
    };
    let board = &given.board;
    let rules = args.rules.get();
    if args.games == 0 {
        return Err(user_error("--games must be at least 1"));
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
    let progress = Mutex::new(Progress::new("simulating", "games"));
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
        AnalysisError::Threads { .. } => anyhow::Error::new(e),
        e => user_error(e.to_string()),
    })?;
    let secs = began.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&s)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "Rules: {}", s.rules)?;
    writeln!(
        out,
        "{} of {}, seed {}, {} ({secs:.2} s). ± is the half-width of a 95 % confidence interval.",
        count(s.games, "game"),
        count(s.players as u64, "player"),
        s.seed,
        count(threads as u64, "thread"),
    )?;
    let unit = if s.players == 1 { "turns" } else { "rounds" };
    let mut rows = vec![(format!("expected {unit}"), s.expected_rounds)];
    if s.players > 1 {
        rows.push(("expected turns, all players".into(), s.expected_total_turns));
        rows.push(("expected rolls, all players".into(), s.expected_total_rolls));
    } else {
        rows.push(("expected rolls".into(), s.expected_total_rolls));
    }
    for (label, e) in rows {
        writeln!(out, "{label:<28} {:>10.4} ± {:.4}", e.value, e.ci95)?;
    }
    let q: Vec<String> = s
        .quantiles
        .iter()
        .map(|(k, v)| {
            format!(
                "{}%: {v}",
                (k.parse::<f64>().unwrap_or(0.0) * 100.0).round()
            )
        })
        .collect();
    writeln!(out, "{unit} quantiles: {}", q.join(", "))?;
    if s.players > 1 {
        writeln!(out, "seat  chance to win")?;
        for seat in &s.seats {
            writeln!(
                out,
                "{:>4}  {:>7.3}% ± {:.3}",
                seat.seat,
                100.0 * seat.win_probability.value,
                100.0 * seat.win_probability.ci95
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads `--threads`: 1 to [`MAX_THREADS`].
fn threads(text: &str) -> Result<usize, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of threads"))?;
    match n {
        0 => Err("a simulation needs at least 1 thread".into()),
        n if n > MAX_THREADS => {
            let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
            Err(format!(
                "at most {MAX_THREADS} threads (this machine has {}: more threads than cores only wait their turn)",
                count(cores as u64, "core")
            ))
        }
        n => Ok(n),
    }
}
