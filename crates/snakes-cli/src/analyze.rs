//! `snakes analyze`: how long a game lasts on a board under some rules, exactly.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

use snakes::{Board, Rules};
use snakes_analysis::plot::{Series, cumulative_svg};
use snakes_analysis::{Analysis, Options, analyze, compare};

use crate::input::{BoardOpt, RulesOpt, Standard};
use crate::plot_file::PlotFile;
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
        let c = compare(board, &rules, key, &opts).map_err(|e| user_error(e.to_string()))?;
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

    let a = analyze(board, &rules, &opts).map_err(|e| user_error(e.to_string()))?;
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
    let _ = writeln!(s, "Method: {}.\n", a.method);
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

    if !a.distribution_complete {
        let _ = writeln!(
            s,
            "\nThe distribution was cut after {} ({:.2}% of games finished by then): \
             the figures it cannot settle are shown as '?'.",
            count(a.distribution.len() as u64 - 1, "turn"),
            100.0 * (1.0 - a.tail_mass)
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
        let vals: Vec<String> = a
            .finish_within
            .values()
            .map(|p| format!("{:.2}%", 100.0 * p))
            .collect();
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
