//! `snakes analyze`: how long a game lasts on a board under some rules, exactly.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

use snakes::{Board, Rules};
use snakes_analysis::analysis::RaceNeeds;
use snakes_analysis::budget::Stage;
use snakes_analysis::error::{Part, duration};
use snakes_analysis::plot::{Series, cumulative_svg};
use snakes_analysis::{Analysis, AnalysisError, Options, analyze_with, compare_with};

use crate::input::{BoardOpt, RulesOpt, Standard};
use crate::plot_file::PlotFile;
use crate::progress::Progress;
use crate::user_error;
use crate::words::count;

/// Arguments of `snakes analyze`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    board: BoardOpt<Standard>,
    #[command(flatten)]
    rules: RulesOpt<Standard>,
    /// Players taking turns (1 to 8): adds expected rounds, total rolls and each seat's chance.
    #[arg(long, default_value_t = 1, value_name = "K", value_parser = clap::value_parser!(u8).range(1..=8))]
    players: u8,
    /// Also give the expected number of turns as an exact fraction.
    #[arg(long)]
    exact: bool,
    /// Compare the values of one rules option side by side (ending, start, entry, six,
    /// collision, jumps, die).
    #[arg(long, value_name = "OPTION")]
    compare: Option<String>,
    /// Turn counts t for "finished within t turns", comma-separated.
    #[arg(
        long,
        value_name = "T,...",
        value_delimiter = ',',
        default_value = "10,20,30,50,100"
    )]
    within: Vec<u64>,
    /// Print the expected turns left from every square, laid out like the board.
    #[arg(long)]
    per_square: bool,
    /// Write a chart of the chance to have finished by turn t: SVG when FILE ends in .svg, PNG
    /// when it ends in .png.
    #[arg(long, value_name = "FILE", value_parser = PlotFile::parse)]
    plot: Option<PlotFile>,
    /// Games to simulate where no exact method applies (bumping tokens, 3 or more players).
    #[arg(long, default_value_t = 1_000_000)]
    games: u64,
    /// Seed of that simulation.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// The most time the analysis may take, in seconds (0: no limit). What would take longer
    /// is refused at once, with an estimate of how long it would take.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = budget_arg)]
    budget: f64,
}

/// A budget in seconds: a number, 0 or more.
fn budget_arg(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!(
            "{text:?} is not a number of seconds (0 or more; 0 means no limit)"
        )),
    }
}

/// Runs `work` with a progress line on standard error (on a terminal, past a second), fed by
/// the analysis through `listener` and redrawn ten times a second even between reports.
fn with_progress<T>(work: impl FnOnce(&(dyn Fn(Stage, u64, u64) + Sync)) -> T + Send) -> T
where
    T: Send,
{
    let line = Mutex::new((Progress::new("analysing", ""), Stage::Chain, 0u64, 0u64));
    let listener = |stage: Stage, done: u64, total: u64| {
        if let Ok(mut l) = line.lock() {
            (l.1, l.2, l.3) = (stage, done, total);
        }
    };
    let finished = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(std::sync::atomic::Ordering::Acquire) {
                if let Ok(mut l) = line.lock() {
                    let (stage, done, total) = (l.1, l.2, l.3);
                    let (what, unit) = stage_words(stage, total);
                    l.0.relabel(what, unit);
                    l.0.update(done, total);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            if let Ok(mut l) = line.lock() {
                l.0.clear();
            }
        });
        let out = work(&listener);
        finished.store(true, std::sync::atomic::Ordering::Release);
        out
    })
}

/// What the progress line says for each stage.
fn stage_words(stage: Stage, total: u64) -> (&'static str, &'static str) {
    match stage {
        Stage::Chain => ("building the chain and checking that a game ends", ""),
        Stage::Solve if total == 0 => ("solving for the expected turns", "iterations"),
        Stage::Solve => ("solving for the expected turns", "squares"),
        Stage::Distribution => ("summing the distribution of turns", "turns"),
        Stage::Race => ("working out the race", "steps"),
        Stage::Exact => ("computing the exact fraction", "squares"),
    }
}

/// The analysis's error for a person: what the budget refuses says which flag changes it.
fn analysis_error(e: AnalysisError, args: &Args, board: &str) -> anyhow::Error {
    match e {
        AnalysisError::OverBudget {
            part,
            estimate_secs,
            ..
        } => {
            let instead = match part {
                Part::Exact => {
                    "leave out --exact (the figures without it carry a bound on their error)"
                        .to_string()
                }
                _ if args.players > 1 => format!(
                    "run `snakes simulate --board {board} --players {}` for an estimate",
                    args.players
                ),
                _ => format!("run `snakes simulate --board {board}` for an estimate"),
            };
            // A budget to suggest, unless the wait would be beyond reason.
            let more = (estimate_secs * 1.5).ceil().max(args.budget + 1.0);
            let budget = if more <= 7.0 * 86400.0 {
                format!("give --budget {more:.0} (--budget 0 for no limit)")
            } else {
                "give --budget 0 for no limit".to_string()
            };
            user_error(format!(
                "{} would take about {} on this board, over the budget of {}: {instead}, or \
                 {budget}",
                part.describe(),
                duration(estimate_secs),
                duration(args.budget),
            ))
        }
        other => user_error(other.to_string()),
    }
}

/// Runs `snakes analyze`.
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
    let opts = Options {
        players: usize::from(args.players),
        exact: args.exact,
        within: args.within.clone(),
        sim_games: args.games,
        seed: args.seed,
        budget: (args.budget > 0.0).then(|| Duration::from_secs_f64(args.budget)),
        ..Options::default()
    };
    let mut out = io::stdout().lock();
    let board_name = if given.name == "classic" {
        "the classic board".to_string()
    } else {
        format!(
            "{} ({})",
            given.label(),
            count(u64::from(board.last()), "square")
        )
    };
    if let Some(key) = &args.compare {
        let c = with_progress(|listener| compare_with(board, &rules, key, &opts, listener))
            .map_err(|e| analysis_error(e, &args, &given.name))?;
        if let Some(plot) = &args.plot {
            let series: Vec<Series> = c
                .variants
                .iter()
                .filter_map(|v| {
                    v.analysis.as_ref().map(|a| Series {
                        label: format!(
                            "{}={}: mean {:.2}, median {}",
                            v.option,
                            v.value,
                            a.expected_turns,
                            turns(a.median)
                        ),
                        cumulative: a.cumulative(),
                    })
                })
                .collect();
            let subtitle = format!("{board_name}; other rules: {}", other_rules(&rules, key));
            plot.write(&cumulative_svg(
                &format!("Finishing by turn t, by {key}"),
                &subtitle,
                &series,
            ))?;
        }
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&c)?)?;
            return Ok(ExitCode::SUCCESS);
        }
        writeln!(
            out,
            "Comparing {key} on {board_name}; other rules: {}",
            other_rules(&rules, key)
        )?;
        let note = if key == "six" {
            " (with roll-again a turn is every roll until one that is not a six)"
        } else {
            turn_note(&rules)
        };
        writeln!(out, "One token alone, counted in turns{note}.\n")?;
        let show_rolls = key == "six" || rules.six == snakes::Six::RollAgain;
        let mut table = vec![vec![
            key.to_string(),
            "expected turns".into(),
            "median".into(),
            "90th percentile".into(),
            "longer than shortest".into(),
        ]];
        if show_rolls {
            table[0].push("expected rolls".into());
        }
        for v in &c.variants {
            match (&v.analysis, &v.error) {
                (Some(a), _) => {
                    let mut row = vec![
                        v.value.clone(),
                        format!("{:.4}", a.expected_turns),
                        opt(a.median),
                        opt(a.quantiles.get("0.9").copied()),
                        format!("+{:.1}%", v.longer_than_shortest_percent.unwrap_or(0.0)),
                    ];
                    if show_rolls {
                        row.push(format!("{:.4}", a.expected_rolls));
                    }
                    table.push(row);
                }
                // The reason goes under the table, so that it does not widen a column.
                (None, _) => {
                    let mut row = vec![v.value.clone()];
                    row.resize(table[0].len(), "-".into());
                    table.push(row);
                }
            }
        }
        write!(
            out,
            "{}",
            render(&table, &[false, true, true, true, true, true])
        )?;
        let unmeasured = c.variants.iter().filter(|v| v.analysis.is_none());
        for (i, v) in unmeasured.enumerate() {
            let gap = if i == 0 { "\n" } else { "" };
            let why = v.error.as_deref().unwrap_or("no reason given");
            writeln!(out, "{gap}{key}={} cannot be measured: {why}", v.value)?;
        }
        if args.exact {
            writeln!(out, "\nExpected turns as exact fractions:")?;
            for v in &c.variants {
                if let Some(a) = &v.analysis
                    && let (Some(x), Some(d)) = (&a.expected_turns_exact, &a.expected_turns_decimal)
                {
                    writeln!(out, "  {key}={}: {x}\n    = {d}... (truncated)", v.value)?;
                }
            }
        }
        if key == "collision" {
            writeln!(
                out,
                "\nCollisions need two tokens: one token alone takes as long under either rule.{}",
                if args.players == 1 {
                    " Add --players 2 (or more) to see what bumping does to a race."
                } else {
                    ""
                }
            )?;
        }
        if args.players > 1 {
            writeln!(out, "\nSeat odds with {} players:", args.players)?;
            for v in &c.variants {
                if let Some(race) = v.analysis.as_ref().and_then(|a| a.race.as_ref()) {
                    let seats: Vec<String> = race
                        .seats
                        .iter()
                        .map(|s| format!("{}: {:.2}%", s.seat, 100.0 * s.win_probability))
                        .collect();
                    let pm = race
                        .ci95
                        .map(|c| format!(" ± {:.2}", c[0]))
                        .unwrap_or_default();
                    writeln!(
                        out,
                        "  {}={}: {:.2}{pm} rounds expected; seats {} ({})",
                        key,
                        v.value,
                        race.expected_rounds,
                        seats.join(", "),
                        race.method
                    )?;
                }
            }
        }
        return Ok(ExitCode::SUCCESS);
    }

    let a = with_progress(|listener| analyze_with(board, &rules, &opts, listener))
        .map_err(|e| analysis_error(e, &args, &given.name))?;
    if let Some(plot) = &args.plot {
        let series = [Series {
            label: format!("mean {:.2}, median {}", a.expected_turns, turns(a.median)),
            cumulative: a.cumulative(),
        }];
        plot.write(&cumulative_svg(
            "Finishing by turn t",
            &format!("{board_name}; {rules}"),
            &series,
        ))?;
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&a)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    write!(
        out,
        "{}",
        report(&a, board, &rules, &board_name, args.per_square)
    )?;
    Ok(ExitCode::SUCCESS)
}

/// A probability in percent; one too small to show in two decimals is "<0.01%", not "0.00%".
fn percent(p: f64) -> String {
    if p > 0.0 && p < 5e-5 {
        "<0.01%".to_string()
    } else {
        format!("{:.2}%", 100.0 * p)
    }
}

/// A figure that a cut-short distribution may leave unknown.
fn opt(x: Option<u64>) -> String {
    x.map_or_else(|| "?".to_string(), |v| v.to_string())
}

/// A number of turns that a cut-short distribution may leave unknown: "1 turn", "? turns".
fn turns(x: Option<u64>) -> String {
    x.map_or_else(|| "? turns".to_string(), |v| count(v, "turn"))
}

/// The rules without the compared option, for headings.
fn other_rules(rules: &Rules, key: &str) -> String {
    rules
        .to_string()
        .split(',')
        .filter(|kv| !kv.starts_with(&format!("{key}=")))
        .collect::<Vec<_>>()
        .join(",")
}

/// What a turn is under these rules.
fn turn_note(rules: &Rules) -> &'static str {
    if rules.six == snakes::Six::RollAgain {
        " (a turn is every roll until one that is not a six: it can hold several rolls)"
    } else {
        " (one roll per turn)"
    }
}

/// The human-readable report of one analysis.
fn report(
    a: &Analysis,
    board: &Board,
    rules: &Rules,
    board_name: &str,
    per_square: bool,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Board: {board_name}, last square {}", a.last_square);
    let _ = writeln!(s, "Rules: {rules}");
    let _ = writeln!(s, "One token alone, counted in turns{}.", turn_note(rules));
    let _ = writeln!(s, "Method: {}.", a.method);
    let _ = writeln!(
        s,
        "Checked: every square's equation holds to {:.0e} of its value, so no expected \
         turns below is off by more than {:.0e} of itself.\n",
        a.max_relative_residual.max(f64::EPSILON),
        a.max_residual.max(f64::EPSILON),
    );
    let mut rows = vec![vec![
        "expected turns".to_string(),
        format!("{:.6}", a.expected_turns),
    ]];
    if let (Some(x), Some(d)) = (&a.expected_turns_exact, &a.expected_turns_decimal) {
        rows.push(vec!["  as a fraction".into(), x.clone()]);
        rows.push(vec!["  its decimals".into(), format!("{d}... (truncated)")]);
    }
    if rules.six == snakes::Six::RollAgain {
        rows.push(vec![
            "expected rolls".into(),
            format!("{:.6}", a.expected_rolls),
        ]);
    }
    rows.push(vec![
        "standard deviation".into(),
        format!("{:.4} turns (variance {:.4})", a.std_dev, a.variance),
    ]);
    rows.push(vec!["fewest turns".into(), a.min_turns.to_string()]);
    rows.push(vec!["median".into(), turns(a.median)]);
    rows.push(vec!["most likely".into(), turns(a.mode)]);
    let _ = write!(s, "{}", render(&rows, &[false, false]));

    if let Some(cut) = &a.distribution_cut {
        let why = match cut.reason {
            snakes_analysis::analysis::CutReason::Share => {
                "summing it takes longer than a small multiple of the expected turns"
            }
            snakes_analysis::analysis::CutReason::Budget => "the time budget ran out",
        };
        let _ = writeln!(
            s,
            "\nThe distribution of turns was cut after {}, when {} of games had finished: \
             {why} (about {} to the end). The expected turns and the standard deviation above \
             are exact; the median, the most likely count and the quantiles it cannot settle \
             are shown as '?' or left out.",
            count(cut.turns, "turn"),
            percent(cut.finished),
            duration(cut.full_secs)
        );
    }
    if a.quantiles.is_empty() {
        let _ = writeln!(s, "\nQuantiles (turns): none settled.");
    } else {
        let _ = writeln!(s, "\nQuantiles (turns):");
        let head: Vec<String> = a
            .quantiles
            .keys()
            .map(|k| format!("{}%", (k.parse::<f64>().unwrap_or(0.0) * 100.0).round()))
            .collect();
        let vals: Vec<String> = a.quantiles.values().map(u64::to_string).collect();
        // BTreeMap keys sort as text: "0.1" < "0.25" < ... < "0.99", numeric order here.
        let _ = write!(s, "{}", render(&[head, vals], &[true; 7]));
    }

    if !a.finish_within.is_empty() {
        let _ = writeln!(s, "\nChance to have finished within t turns:");
        let head: Vec<String> = a.finish_within.keys().map(|t| format!("t={t}")).collect();
        let vals: Vec<String> = a.finish_within.values().map(|&p| percent(p)).collect();
        let _ = write!(s, "{}", render(&[head, vals], &[true; 16]));
    }

    // Best and worst squares to stand on.
    let mut on: Vec<(usize, f64)> = a
        .per_square
        .iter()
        .enumerate()
        .filter(|(sq, _)| *sq != a.last_square as usize)
        .filter_map(|(sq, e)| e.map(|e| (sq, e)))
        .collect();
    on.sort_by(|x, y| x.1.total_cmp(&y.1));
    if let (Some(best), Some(worst)) = (on.first(), on.last()) {
        let _ = writeln!(
            s,
            "\nBest square to stand on: {} ({:.2} turns left); worst: {} ({:.2} turns left).",
            best.0, best.1, worst.0, worst.1
        );
    }
    if per_square {
        let _ = writeln!(
            s,
            "\nExpected turns left from each square, laid out like the board (top row first; \
             '-' marks a jump's square, where no token rests):"
        );
        let _ = write!(s, "{}", per_square_grid(a, board));
    }

    if let Some(o) = &a.race_omitted {
        let needs = match o.needs {
            RaceNeeds::Distribution => "the whole distribution of turns",
            RaceNeeds::JointChainOrSimulation => {
                "a chain over every token's square or a simulation, since tokens bump each other"
            }
        };
        let _ = writeln!(
            s,
            "\nThe race of {} players is not given: it needs {needs}, about {} on this board, \
             more than the budget allows. `snakes simulate --players {}` estimates it, or give \
             a larger --budget.",
            o.players,
            duration(o.needs_secs),
            o.players
        );
    }
    if let Some(r) = &a.race {
        let _ = writeln!(
            s,
            "\n{} players, seat 1 rolls first ({}).",
            r.players, r.method
        );
        let pm = |i: usize| -> String {
            r.ci95
                .map(|c| format!(" ± {:.4}", c[i]))
                .unwrap_or_default()
        };
        let rows = vec![
            vec![
                "expected rounds".to_string(),
                format!("{:.4}{}", r.expected_rounds, pm(0)),
            ],
            vec![
                "expected turns, all players".to_string(),
                format!("{:.4}{}", r.expected_total_turns, pm(1)),
            ],
            vec![
                "expected rolls, all players".to_string(),
                format!("{:.4}{}", r.expected_total_rolls, pm(2)),
            ],
        ];
        let _ = write!(s, "{}", render(&rows, &[false, false]));
        if let Some(m) = r.median_rounds {
            let _ = writeln!(s, "median rounds: {m}");
        }
        let mut rows = vec![vec!["seat".to_string(), "chance to win".to_string()]];
        for seat in &r.seats {
            rows.push(vec![
                seat.seat.to_string(),
                match seat.ci95 {
                    Some(c) => format!("{:.3}% ± {:.3}", 100.0 * seat.win_probability, 100.0 * c),
                    None => format!("{:.4}%", 100.0 * seat.win_probability),
                },
            ]);
        }
        let _ = write!(s, "{}", render(&rows, &[true, true]));
        if r.ci95.is_some() {
            let _ = writeln!(s, "(± is the half-width of a 95 % confidence interval.)");
        }
    }
    s
}

/// Expected turns left from every square, in the board's own layout.
fn per_square_grid(a: &Analysis, board: &Board) -> String {
    let mut rows = Vec::new();
    for r in 0..board.rows() {
        let mut row = Vec::new();
        for c in 0..board.cols() {
            let Some(sq) = board.square_at(r, c) else {
                continue;
            };
            let cell = match a.per_square.get(sq as usize).copied().flatten() {
                Some(e) => format!("{sq}: {e:.1}"),
                None => format!("{sq}: -"),
            };
            row.push(cell);
        }
        rows.push(row);
    }
    render(&rows, &vec![true; board.cols() as usize])
}

/// Renders rows as aligned columns (right-aligned where `right[i]`).
fn render(rows: &[Vec<String>], right: &[bool]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut width = vec![0; cols];
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            width[i] = width[i].max(cell.chars().count());
        }
    }
    let mut s = String::new();
    for row in rows {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            if right.get(i).copied().unwrap_or(false) {
                let _ = write!(line, "{cell:>w$}", w = width[i]);
            } else {
                let _ = write!(line, "{cell:<w$}", w = width[i]);
            }
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}
