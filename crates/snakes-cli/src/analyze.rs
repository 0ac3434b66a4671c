//! `snakes analyze`: how long a game lasts on a board under some rules, exactly.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

use snakes::{Board, Rules};
use snakes_analysis::analysis::{CutReason, RaceNeeds};
use snakes_analysis::budget::Stage;
use snakes_analysis::error::Part;
use snakes_analysis::multi::RaceKind;
use snakes_analysis::plot::{ChartWords, Series, cumulative_svg};
use snakes_analysis::solver::Method;
use snakes_analysis::{Analysis, AnalysisError, Options, analyze_with, compare_with};
use snakes_text::board_text;
use snakes_text::errors::{duration, part_key};

use crate::input::{BoardOpt, RulesOpt, Standard};
use crate::plot_file::PlotFile;
use crate::progress::Progress;
use crate::words::{catalogue, dec, estimate, fig, list, percent, say, truncated};
use crate::{UserError, user_error};

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
fn budget_arg(text: &str) -> Result<f64, UserError> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(UserError(say!(
            "analyze-budget-not-seconds",
            value = format!("{text:?}")
        ))),
    }
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
    let finished = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(std::sync::atomic::Ordering::Acquire) {
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
        finished.store(true, std::sync::atomic::Ordering::Release);
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

/// The analysis's error for a person: what the budget refuses says which flag changes it.
fn analysis_error(e: &AnalysisError, args: &Args, board: &str) -> anyhow::Error {
    match e {
        AnalysisError::OverBudget {
            part,
            estimate_secs,
            ..
        } => {
            let instead = match part {
                Part::Exact => "exact",
                _ if args.players > 1 => "simulate-players",
                _ => "simulate",
            };
            // A budget to suggest, unless the wait would be beyond reason.
            let more = (estimate_secs * 1.5).ceil().max(args.budget + 1.0);
            let raise = if more <= 7.0 * 86400.0 {
                "some"
            } else {
                "none"
            };
            user_error(say!(
                "analyze-over-budget",
                part = part_key(*part),
                estimate = duration(catalogue(), *estimate_secs),
                budget = duration(catalogue(), args.budget),
                instead = instead,
                board = board,
                players = args.players,
                raise = raise,
                more = dec(more, 0),
            ))
        }
        other => user_error(words_of(other)),
    }
}

/// Why an analysis cannot be made, in the command's words.
fn words_of(e: &AnalysisError) -> String {
    snakes_text::errors::analysis_error(catalogue(), e)
}

/// Runs `snakes analyze`.
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
        say!("analyze-board-classic")
    } else {
        say!(
            "analyze-board-file",
            file = given.label(),
            squares = board.last()
        )
    };
    if let Some(key) = &args.compare {
        let c = with_progress(|listener| compare_with(board, &rules, key, &opts, listener))
            .map_err(|e| analysis_error(&e, &args, &given.name))?;
        if let Some(plot) = &args.plot {
            let series: Vec<Series> = c
                .variants
                .iter()
                .filter_map(|v| {
                    v.analysis.as_ref().map(|a| Series {
                        label: say!(
                            "plot-variant",
                            variant = format!("{}={}", v.option, v.value),
                            mean = dec(a.expected_turns, 2),
                            median = turns(a.median)
                        ),
                        cumulative: a.cumulative(),
                    })
                })
                .collect();
            let subtitle = say!(
                "plot-subtitle-compare",
                board = &board_name,
                rules = other_rules(&rules, key)
            );
            let title = say!("plot-title-compare", option = key);
            plot.write(&cumulative_svg(&chart_words(title, subtitle), &series))?;
        }
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&c)?)?;
            return Ok(ExitCode::SUCCESS);
        }
        let heading = say!(
            "analyze-comparing",
            option = key,
            board = &board_name,
            rules = other_rules(&rules, key)
        );
        writeln!(out, "{heading}")?;
        let turn = if key == "six" {
            "compare-six"
        } else {
            turn_kind(&rules)
        };
        writeln!(out, "{}\n", say!("analyze-counted", turn = turn))?;
        let show_rolls = key == "six" || rules.six == snakes::Six::RollAgain;
        let mut table = vec![vec![
            key.to_string(),
            say!("label-expected-turns"),
            say!("label-median"),
            say!("label-90th-percentile"),
            say!("label-longer-than-shortest"),
        ]];
        if show_rolls {
            table[0].push(say!("label-expected-rolls"));
        }
        for v in &c.variants {
            match &v.analysis {
                Some(a) => {
                    let longer = v.longer_than_shortest_percent.unwrap_or(0.0);
                    let mut row = vec![
                        v.value.clone(),
                        fig(a.expected_turns, 4),
                        opt(a.median),
                        opt(a.quantiles.get("0.9").copied()),
                        say!("analyze-longer", percent = dec(longer, 1)),
                    ];
                    if show_rolls {
                        row.push(fig(a.expected_rolls, 4));
                    }
                    table.push(row);
                }
                // The reason goes under the table, so that it does not widen a column.
                None => {
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
            let why = match (&v.failure, &v.error) {
                (Some(e), _) => words_of(e),
                (None, Some(text)) => text.clone(),
                (None, None) => say!("analyze-no-reason"),
            };
            let line = say!(
                "analyze-cannot-measure",
                variant = format!("{key}={}", v.value),
                reason = why
            );
            writeln!(out, "{gap}{line}")?;
        }
        if args.exact {
            writeln!(out, "\n{}", say!("analyze-fractions"))?;
            for v in &c.variants {
                if let Some(a) = &v.analysis
                    && let (Some(x), Some(d)) = (&a.expected_turns_exact, &a.expected_turns_decimal)
                {
                    let fraction = say!(
                        "analyze-fraction",
                        variant = format!("{key}={}", v.value),
                        fraction = x
                    );
                    let decimals = say!("analyze-fraction-decimals", digits = truncated(d));
                    writeln!(out, "  {fraction}\n    {decimals}")?;
                }
            }
        }
        if key == "collision" {
            let note = say!("analyze-collision-note", players = args.players);
            writeln!(out, "\n{note}")?;
        }
        if args.players > 1 {
            writeln!(
                out,
                "\n{}",
                say!("analyze-seat-odds", players = args.players)
            )?;
            for v in &c.variants {
                if let Some(race) = v.analysis.as_ref().and_then(|a| a.race.as_ref()) {
                    let seats: Vec<String> = race
                        .seats
                        .iter()
                        .map(|s| {
                            say!(
                                "analyze-seat-chance",
                                seat = s.seat,
                                chance = percent(100.0 * s.win_probability, 2)
                            )
                        })
                        .collect();
                    let rounds = match race.ci95 {
                        Some(c) => estimate(fig(race.expected_rounds, 2), fig(c[0], 2)),
                        None => fig(race.expected_rounds, 2),
                    };
                    let line = say!(
                        "analyze-seat-odds-line",
                        variant = format!("{key}={}", v.value),
                        rounds = rounds,
                        seats = list(&seats),
                        method = race_method(race.kind)
                    );
                    writeln!(out, "  {line}")?;
                }
            }
        }
        return Ok(ExitCode::SUCCESS);
    }

    let a = with_progress(|listener| analyze_with(board, &rules, &opts, listener))
        .map_err(|e| analysis_error(&e, &args, &given.name))?;
    if let Some(plot) = &args.plot {
        let series = [Series {
            label: say!(
                "plot-line",
                mean = dec(a.expected_turns, 2),
                median = turns(a.median)
            ),
            cumulative: a.cumulative(),
        }];
        let subtitle = say!(
            "plot-subtitle",
            board = &board_name,
            rules = rules.to_string()
        );
        plot.write(&cumulative_svg(
            &chart_words(say!("plot-title"), subtitle),
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

/// The words of a chart.
fn chart_words<'a>(title: String, subtitle: String) -> ChartWords<'a> {
    ChartWords {
        title,
        subtitle,
        x_axis: say!("plot-x-axis"),
        y_axis: say!("plot-y-axis"),
        describe: &|last, lines| {
            let lines: Vec<String> = lines.iter().map(ToString::to_string).collect();
            say!(
                "plot-description",
                last = last,
                lines = lines.join(&say!("plot-legend-separator"))
            )
        },
        percent: &|p| say!("percent", value = p),
    }
}

/// How the figures of a race were produced, in words.
fn race_method(kind: RaceKind) -> String {
    match kind {
        RaceKind::Independent => say!("analyze-race-method", kind = "independent"),
        RaceKind::JointChain => say!("analyze-race-method", kind = "joint"),
        RaceKind::Simulated { games, seed } => say!(
            "analyze-race-method",
            kind = "simulated",
            games = games,
            seed = seed
        ),
    }
}

/// A probability in percent; one too small to show in two decimals is "<0.01%", not "0.00%".
fn chance(p: f64) -> String {
    if p > 0.0 && p < 5e-5 {
        say!("percent-below", value = dec(0.01, 2))
    } else {
        percent(100.0 * p, 2)
    }
}

/// A figure that a cut-short distribution may leave unknown.
fn opt(x: Option<u64>) -> String {
    x.map_or_else(|| "?".to_string(), |v| v.to_string())
}

/// A number of turns that a cut-short distribution may leave unknown: "1 turn", "? turns".
fn turns(x: Option<u64>) -> String {
    match x {
        Some(t) => say!("analyze-turns", turns = t),
        None => say!("analyze-turns", turns = "unknown"),
    }
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

/// What a turn is under these rules, as the selector of `analyze-counted`.
fn turn_kind(rules: &Rules) -> &'static str {
    if rules.six == snakes::Six::RollAgain {
        "roll-again"
    } else {
        "one-roll"
    }
}

/// A residual in scientific notation with no decimals: "4e-16".
fn sci(x: f64) -> String {
    format!("{:.0e}", x.max(f64::EPSILON))
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
    let mut line = |text: String| {
        s.push_str(&text);
        s.push('\n');
    };
    line(say!(
        "analyze-board",
        board = board_name,
        last = a.last_square
    ));
    line(say!("analyze-rules", rules = rules.to_string()));
    line(say!("analyze-counted", turn = turn_kind(rules)));
    let solver = match a.solver {
        Method::Gmres => "gmres",
        Method::Elimination => "elimination",
    };
    line(say!(
        "analyze-method",
        solver = solver,
        iterations = a.iterations
    ));
    line(say!(
        "analyze-checked",
        relative = sci(a.max_relative_residual),
        absolute = sci(a.max_residual)
    ));
    line(String::new());
    let mut rows = vec![vec![say!("label-expected-turns"), fig(a.expected_turns, 6)]];
    if let (Some(x), Some(d)) = (&a.expected_turns_exact, &a.expected_turns_decimal) {
        rows.push(vec![
            format!("  {}", say!("label-as-a-fraction")),
            x.clone(),
        ]);
        rows.push(vec![
            format!("  {}", say!("label-its-decimals")),
            truncated(d),
        ]);
    }
    if rules.six == snakes::Six::RollAgain {
        rows.push(vec![say!("label-expected-rolls"), fig(a.expected_rolls, 6)]);
    }
    rows.push(vec![
        say!("label-standard-deviation"),
        say!(
            "analyze-deviation",
            deviation = dec(a.std_dev, 4),
            variance = dec(a.variance, 4)
        ),
    ]);
    rows.push(vec![say!("label-fewest-turns"), a.min_turns.to_string()]);
    rows.push(vec![say!("label-median"), turns(a.median)]);
    rows.push(vec![say!("label-most-likely"), turns(a.mode)]);
    s.push_str(&render(&rows, &[false, false]));

    if let Some(cut) = &a.distribution_cut {
        let why = match cut.reason {
            CutReason::Share => "share",
            CutReason::Budget => "budget",
        };
        let note = say!(
            "analyze-cut",
            turns = cut.turns,
            finished = chance(cut.finished),
            why = why,
            rest = duration(catalogue(), cut.full_secs)
        );
        let _ = writeln!(s, "\n{note}");
    }
    if a.quantiles.is_empty() {
        let _ = writeln!(s, "\n{}", say!("analyze-quantiles-none"));
    } else {
        let _ = writeln!(s, "\n{}", say!("analyze-quantiles"));
        let head: Vec<String> = a
            .quantiles
            .keys()
            .map(|k| {
                let level = (k.parse::<f64>().unwrap_or(0.0) * 100.0).round();
                say!("percent", value = dec(level, 0))
            })
            .collect();
        let vals: Vec<String> = a.quantiles.values().map(u64::to_string).collect();
        // BTreeMap keys sort as text: "0.1" < "0.25" < ... < "0.99", numeric order here.
        s.push_str(&render(&[head, vals], &[true; 7]));
    }

    if !a.finish_within.is_empty() {
        let _ = writeln!(s, "\n{}", say!("analyze-within"));
        let head: Vec<String> = a
            .finish_within
            .keys()
            .map(|t| say!("analyze-within-turns", turns = *t))
            .collect();
        let vals: Vec<String> = a.finish_within.values().map(|&p| chance(p)).collect();
        s.push_str(&render(&[head, vals], &[true; 16]));
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
        let text = say!(
            "analyze-best-worst",
            best = best.0,
            best_left = dec(best.1, 2),
            worst = worst.0,
            worst_left = dec(worst.1, 2)
        );
        let _ = writeln!(s, "\n{text}");
    }
    if per_square {
        let _ = writeln!(s, "\n{}", say!("analyze-per-square"));
        s.push_str(&per_square_grid(a, board));
    }

    if let Some(o) = &a.race_omitted {
        let needs = match o.needs {
            RaceNeeds::Distribution => "distribution",
            RaceNeeds::JointChainOrSimulation => "joint",
        };
        let text = say!(
            "analyze-race-omitted",
            players = o.players,
            needs = needs,
            time = duration(catalogue(), o.needs_secs)
        );
        let _ = writeln!(s, "\n{text}");
    }
    if let Some(r) = &a.race {
        let text = say!(
            "analyze-race",
            players = r.players,
            method = race_method(r.kind)
        );
        let _ = writeln!(s, "\n{text}");
        let with_margin = |value: f64, i: usize| match r.ci95 {
            Some(c) => estimate(fig(value, 4), fig(c[i], 4)),
            None => fig(value, 4),
        };
        let rows = vec![
            vec![
                say!("label-expected-rounds"),
                with_margin(r.expected_rounds, 0),
            ],
            vec![
                say!("label-total-turns"),
                with_margin(r.expected_total_turns, 1),
            ],
            vec![
                say!("label-total-rolls"),
                with_margin(r.expected_total_rolls, 2),
            ],
        ];
        s.push_str(&render(&rows, &[false, false]));
        if let Some(m) = r.median_rounds {
            let _ = writeln!(s, "{}", say!("analyze-median-rounds", rounds = m));
        }
        let mut rows = vec![vec![say!("table-seat"), say!("table-chance-to-win")]];
        for seat in &r.seats {
            rows.push(vec![
                seat.seat.to_string(),
                match seat.ci95 {
                    Some(c) => {
                        estimate(percent(100.0 * seat.win_probability, 3), fig(100.0 * c, 3))
                    }
                    None => percent(100.0 * seat.win_probability, 4),
                },
            ]);
        }
        s.push_str(&render(&rows, &[true, true]));
        if r.ci95.is_some() {
            let _ = writeln!(s, "{}", say!("analyze-ci-note"));
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
            let left = match a.per_square.get(sq as usize).copied().flatten() {
                Some(e) => fig(e, 1),
                None => "-".to_string(),
            };
            row.push(say!("analyze-square-left", square = sq, turns = left));
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
            width[i] = width[i].max(board_text::width(cell));
        }
    }
    let mut s = String::new();
    for row in rows {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            let right = right.get(i).copied().unwrap_or(false);
            line.push_str(&board_text::pad(cell, width[i], right));
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}
