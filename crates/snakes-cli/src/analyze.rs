//! `snakes analyze`: how long a game lasts on a board under some rules, exactly.
//!
//! Everything that can fail on the command line is checked before the analysis starts (the
//! board, the rules, the counts, the budget, the chart's file and fonts); the report is printed
//! before the chart is written, so that an error at the very end loses nothing computed.

mod chart;
mod compare;
mod report;

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use snakes::Rules;
use snakes_analysis::budget::Stage;
use snakes_analysis::error::Part;
use snakes_analysis::{AnalysisError, Options, analyze_with};
use snakes_text::errors::{duration, part_key};

use crate::input::{BoardArg, GameArgs, budget_arg, games_arg, seed_arg};
use crate::plot_file::{PlotFile, PlotFileParser, PlotTarget};
use crate::progress::Progress;
use crate::suggest;
use crate::user_error;
use crate::words::{catalogue, dec, say};

/// Arguments of `snakes analyze`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  snakes analyze                              the classic board under the standard rules
  snakes analyze --compare ending             the three endings side by side
  snakes analyze --board big.toml --players 2 --plot big.svg")]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Also give the average number of turns as an exact fraction.
    #[arg(long)]
    exact: bool,
    /// Compare the values of one rules option side by side.
    #[arg(long, value_name = "OPTION", value_parser = compare_option())]
    compare: Option<String>,
    /// Turn counts t for "finished within t turns", comma-separated.
    #[arg(
        long,
        value_name = "T,...",
        value_delimiter = ',',
        default_value = "10,20,30,50,100",
        value_parser = |t: &str| crate::input::whole_number(t, 0, u64::MAX)
    )]
    within: Vec<u64>,
    /// Print the average turns left from every square, laid out like the board.
    #[arg(long)]
    per_square: bool,
    /// Write a chart of the chance to have finished by turn t: SVG when FILE ends in .svg, PNG
    /// when it ends in .png (with the `png` feature).
    #[arg(long, value_name = "FILE", value_parser = PlotFileParser)]
    plot: Option<PlotFile>,
    /// Games to simulate where no exact method applies (bumping tokens, 3 or more players).
    #[arg(long, default_value_t = 1_000_000, value_parser = games_arg)]
    games: u64,
    /// Seed of that simulation.
    #[arg(long, default_value_t = 1, value_parser = seed_arg)]
    seed: u64,
    /// Also say how the figures were computed and how accurate they are: the method, how well
    /// every equation holds, the standard deviation and variance, and the margins of simulated
    /// figures.
    #[arg(long, short)]
    verbose: bool,
    /// Print the result as JSON (every figure, the method and the accuracy included).
    #[arg(long)]
    json: bool,
    /// The most time the analysis may take, in seconds (0: no limit). What would take longer
    /// is refused at once, with an estimate of how long it would take; the distribution of
    /// turns is followed as far as the rest of it allows.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = budget_arg)]
    budget: f64,
}

/// `--compare`: one of the rules options, which shell completion offers; another word is
/// refused with the options there are.
fn compare_option() -> impl clap::builder::TypedValueParser<Value = String> {
    crate::input::Choice::new(
        || snakes::KEYS.to_vec(),
        |key| {
            snakes_text::errors::analysis_error(
                catalogue(),
                &AnalysisError::UnknownOption(key.to_string()),
            )
        },
    )
}

/// What every path of the command starts from, checked before any work.
struct Setup<'a> {
    args: &'a Args,
    given: &'a BoardArg,
    rules: Rules,
    opts: Options,
    /// How the board is named in headings: "the classic board", "big.toml (10000 squares)".
    board_name: String,
    /// The chart's file, opened (and for a PNG, its fonts checked).
    plot: Option<PlotTarget>,
}

impl<'a> Setup<'a> {
    /// Reads and checks the arguments, and opens the chart's file.
    fn new(args: &'a Args) -> anyhow::Result<Setup<'a>> {
        let given = args.game.board()?;
        let rules = args.game.rules.get();
        let board_name = if given.name == "classic" {
            say!("analyze-board-classic")
        } else {
            say!(
                "analyze-board-file",
                file = given.label(),
                squares = given.board.last()
            )
        };
        let opts = Options {
            players: usize::from(args.game.players),
            exact: args.exact,
            within: args.within.clone(),
            sim_games: args.games,
            seed: args.seed,
            budget: (args.budget > 0.0)
                .then(|| Duration::try_from_secs_f64(args.budget).ok())
                .flatten(),
            // For tests only: the budget counts the estimated work, so that what fits does not
            // depend on how busy the machine is (docs/analyze.md, "For tests").
            count_work: std::env::var_os("SNAKES_TEST_WORK_CLOCK").is_some(),
            ..Options::default()
        };
        let mut setup = Setup {
            args,
            given,
            rules,
            opts,
            board_name,
            plot: None,
        };
        if let Some(plot) = &args.plot {
            let words = chart::words_to_draw(&setup);
            setup.plot = Some(plot.prepare(&words)?);
        }
        Ok(setup)
    }
}

/// Runs `snakes analyze`.
///
/// # Errors
/// Bad board, rules or options (user errors, exit 2) or a failed write.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let setup = Setup::new(&args)?;
    match &args.compare {
        Some(key) => compare::run(setup, key),
        None => single(setup),
    }
}

/// One analysis: the report (or the JSON), then the chart.
fn single(mut setup: Setup<'_>) -> anyhow::Result<ExitCode> {
    let (board, rules, opts) = (&setup.given.board, &setup.rules, &setup.opts);
    let a = with_progress(|listener| analyze_with(board, rules, opts, listener))
        .map_err(|e| analysis_error(&e, &setup))?;
    let mut out = io::stdout().lock();
    if setup.args.json {
        writeln!(out, "{}", serde_json::to_string(&a)?)?;
    } else {
        write!(out, "{}", report::text(&a, &setup))?;
    }
    out.flush()?;
    if let Some(plot) = setup.plot.take() {
        chart::write_single(plot, &a, &setup)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `work` with a progress line on standard error (on a terminal, past a second), fed by
/// the analysis through `listener` and redrawn ten times a second even between reports.
fn with_progress<T>(work: impl FnOnce(&(dyn Fn(Stage, u64, u64) + Sync)) -> T + Send) -> T
where
    T: Send,
{
    let line = Mutex::new((
        Progress::new(stage_message(Stage::Chain)),
        Stage::Chain,
        0u64,
        0u64,
    ));
    let listener = |stage: Stage, done: u64, total: u64| {
        if let Ok(mut l) = line.lock() {
            (l.1, l.2, l.3) = (stage, done, total);
        }
    };
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(Ordering::Acquire) {
                if let Ok(mut l) = line.lock() {
                    let (stage, done, total) = (l.1, l.2, l.3);
                    l.0.relabel(stage_message(stage));
                    l.0.update(done, total);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            if let Ok(mut l) = line.lock() {
                l.0.clear();
            }
        });
        let out = work(&listener);
        finished.store(true, Ordering::Release);
        out
    })
}

/// The message of the progress line for each stage.
fn stage_message(stage: Stage) -> &'static str {
    match stage {
        Stage::Chain => "progress-chain",
        Stage::Solve => "progress-expected-turns",
        Stage::Rolls => "progress-expected-rolls",
        Stage::Variance => "progress-variance",
        Stage::Distribution => "progress-distribution",
        Stage::Race => "progress-race",
        Stage::Exact => "progress-exact",
    }
}

/// The most games a suggested simulation runs: as many as the analysis was given, but no
/// more than about half of `snakes simulate`'s default budget takes, by the same estimate
/// `simulate` makes (on one core, whatever the machine has), so that the suggestion runs as
/// printed.
fn suggested_games(setup: &Setup<'_>, rolls_per_game: f64, pilot: &crate::simulate::Pilot) -> u64 {
    let chunk = crate::simulate::CHUNK_GAMES as f64;
    let per_game = pilot.seconds_per_roll * rolls_per_game.max(1.0) + pilot.chunk_secs / chunk;
    let left = crate::simulate::DEFAULT_BUDGET / 2.0 - pilot.setup_secs;
    let fits = (left / per_game).floor();
    let games = (setup.args.games as f64).min(fits).max(2.0);
    // A round figure: 1, 2 or 5 times a power of ten.
    let power = 10f64.powf(games.log10().floor());
    let lead = [5.0, 2.0, 1.0]
        .into_iter()
        .find(|m| m * power <= games)
        .unwrap_or(1.0);
    ((lead * power) as u64).max(2)
}

/// `snakes simulate` for the same game, with as many games as fit half its default budget
/// when one player's game takes about `rolls` rolls (unknown: measured on a few games, as
/// `simulate` measures them, which also measure a roll's cost on a board too large for the
/// processor's caches).
fn simulate_command(setup: &Setup<'_>, rolls: Option<f64>) -> String {
    let game = &setup.args.game;
    let players = usize::from(game.players);
    let pilot = crate::simulate::pilot(&setup.given.board, &setup.rules, players);
    let per_game = rolls.map_or(pilot.rolls_per_game, |r| r * f64::from(game.players));
    let games = suggested_games(setup, per_game, &pilot);
    let extra = if games == crate::simulate::DEFAULT_GAMES {
        String::new()
    } else {
        format!("--games {games}")
    };
    suggest::command("simulate", &setup.args.game, &extra)
}

/// The analysis's error for a person: what the budget or the memory refuses says which
/// command or flag gives an answer instead.
fn analysis_error(e: &AnalysisError, setup: &Setup<'_>) -> anyhow::Error {
    let budget = setup.args.budget;
    match e {
        AnalysisError::OverBudget {
            part,
            estimate_secs,
            ..
        } => {
            let instead = match part {
                Part::Exact => "exact",
                _ => "simulate",
            };
            // A budget to suggest, unless the wait would be beyond reason: the parts before
            // this one (at most the whole budget) and this one, with half as much again, since
            // the estimates are the benchmark machine's and a busy machine is slower.
            let more = (1.5 * (budget + estimate_secs)).max(budget + 1.0).ceil();
            let raise = if more <= 7.0 * 86400.0 {
                "some"
            } else {
                "none"
            };
            user_error(say!(
                "analyze-over-budget",
                part = part_key(*part),
                estimate = duration(catalogue(), estimate_secs.max(0.001)),
                budget = duration(catalogue(), budget),
                left = left_of_budget(*estimate_secs, budget),
                instead = instead,
                command = simulate_command(setup, None),
                raise = raise,
                more = dec(more, 0),
            ))
        }
        AnalysisError::TooLarge { .. } | AnalysisError::NoConvergence { .. } => user_error(say!(
            "analyze-simulate-instead",
            reason = words_of(e),
            command = simulate_command(setup, None)
        )),
        other => user_error(words_of(other)),
    }
}

/// `yes` when a part estimated at `estimate` seconds was refused by a budget of `budget`
/// seconds it would fit: the parts before it had used the rest.
fn left_of_budget(estimate: f64, budget: f64) -> &'static str {
    if estimate <= budget { "yes" } else { "no" }
}

/// Why an analysis cannot be made, in the command's words.
fn words_of(e: &AnalysisError) -> String {
    snakes_text::errors::analysis_error(catalogue(), e)
}

/// Why a variant of a comparison could not be measured: what the budget refuses without the
/// ways out, which the end of the comparison gives once for all.
fn variant_error(e: &AnalysisError, setup: &Setup<'_>) -> String {
    match e {
        AnalysisError::OverBudget {
            part,
            estimate_secs,
            ..
        } => say!(
            "analyze-variant-over-budget",
            part = part_key(*part),
            estimate = duration(catalogue(), estimate_secs.max(0.001)),
            budget = duration(catalogue(), setup.args.budget),
            left = left_of_budget(*estimate_secs, setup.args.budget)
        ),
        other => words_of(other),
    }
}
