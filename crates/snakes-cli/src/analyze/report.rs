//! The text report of one analysis, section by section: plain words first ("on average 43.3
//! turns; half of games are over by turn 35"), the method, the accuracy and the margins of
//! simulated figures under `--verbose` (and always in `--json`).

use std::fmt::Write as _;

use snakes::{Board, Six};
use snakes_analysis::Analysis;
use snakes_analysis::analysis::{CutReason, RaceNeeds};
use snakes_analysis::multi::{Race, RaceKind};
use snakes_analysis::solver::Method;
use snakes_text::MessageArg;
use snakes_text::errors::duration;

use super::Setup;
use crate::columns::render;
use crate::words::{catalogue, dec, estimate, fig, percent, say, truncated};

/// The report of `a`, as `snakes analyze` prints it.
pub fn text(a: &Analysis, setup: &Setup<'_>) -> String {
    let mut s = String::new();
    heading(&mut s, a, setup);
    summary(&mut s, a, setup);
    distribution(&mut s, a, setup);
    squares(&mut s, a, &setup.given.board, setup.args.per_square);
    race(&mut s, a, setup);
    s
}

/// Appends `text` and a line end.
fn line(s: &mut String, text: &str) {
    s.push_str(text);
    s.push('\n');
}

/// The board, the rules, what a turn is; with `--verbose`, how the figures were solved and
/// how well they satisfy their equations.
fn heading(s: &mut String, a: &Analysis, setup: &Setup<'_>) {
    let board = &setup.board_name;
    line(
        s,
        &say!("analyze-board", board = board, last = a.last_square),
    );
    line(s, &say!("analyze-rules", rules = setup.rules.to_string()));
    line(s, &say!("analyze-counted", turn = turn_kind(setup)));
    if setup.args.verbose {
        let solver = match a.solver {
            Method::Gmres => "gmres",
            Method::Elimination => "elimination",
        };
        let method = say!("analyze-method", solver = solver, iterations = a.iterations);
        line(s, &method);
        let checked = say!(
            "analyze-checked",
            relative = sci(a.max_relative_residual),
            absolute = sci(a.max_residual)
        );
        line(s, &checked);
    }
}

/// What a turn is under these rules, as the selector of `analyze-counted`.
pub fn turn_kind(setup: &Setup<'_>) -> &'static str {
    if setup.rules.six == Six::RollAgain {
        "roll-again"
    } else {
        "one-roll"
    }
}

/// A residual in scientific notation with no decimals: "4e-16".
fn sci(x: f64) -> String {
    format!("{:.0e}", x.max(f64::EPSILON))
}

/// The length of a game in sentences: the average, by when half and nine in ten of games are
/// over, the quickest and the commonest length; then, with `--exact` or `--verbose`, the
/// figures in full.
fn summary(s: &mut String, a: &Analysis, setup: &Setup<'_>) {
    let p90 = a.quantiles.get("0.9").copied();
    let known = match (a.median, p90) {
        (Some(_), Some(_)) => "both",
        (Some(_), None) => "median",
        _ => "none",
    };
    s.push('\n');
    let average = say!(
        "analyze-average",
        known = known,
        average = dec(a.expected_turns, 1),
        median = a.median.unwrap_or(0),
        p90 = p90.unwrap_or(0)
    );
    line(s, &average);
    if setup.rules.six == Six::RollAgain {
        line(
            s,
            &say!("analyze-average-rolls", rolls = dec(a.expected_rolls, 1)),
        );
    }
    let lengths = say!(
        "analyze-lengths",
        fewest = MessageArg::count(a.min_turns),
        mode = match a.mode {
            Some(m) => MessageArg::count(m),
            None => crate::words::arg("unknown"),
        }
    );
    line(s, &lengths);
    if setup.args.exact || setup.args.verbose {
        s.push('\n');
        s.push_str(&render(&figures(a, setup.args.verbose), &[false, false]));
    }
}

/// The figures in full: the average to six decimals (and as a fraction with `--exact`), the
/// average rolls when a six rolls again, and with `--verbose` the spread.
fn figures(a: &Analysis, verbose: bool) -> Vec<Vec<String>> {
    let mut rows = vec![vec![say!("label-average-turns"), fig(a.expected_turns, 6)]];
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
    if a.expected_rolls != a.expected_turns {
        rows.push(vec![say!("label-average-rolls"), fig(a.expected_rolls, 6)]);
    }
    if verbose {
        let deviation = say!(
            "analyze-deviation",
            deviation = dec(a.std_dev, 4),
            variance = dec(a.variance, 4)
        );
        rows.push(vec![say!("label-standard-deviation"), deviation]);
    }
    rows
}

/// How far the distribution of turns was followed, by which turn each share of games is
/// over, and the chance to have finished within the turns asked.
fn distribution(s: &mut String, a: &Analysis, setup: &Setup<'_>) {
    if let Some(cut) = &a.distribution_cut {
        let why = match cut.reason {
            CutReason::Budget => "budget",
            CutReason::OutOfTime => "time",
            CutReason::MaxWork => "work",
        };
        let note = say!(
            "analyze-cut",
            turns = cut.turns,
            finished = chance(cut.finished),
            why = why,
            rest = duration(catalogue(), cut.full_secs),
            budget = duration(catalogue(), setup.args.budget)
        );
        let _ = writeln!(s, "\n{note}");
    }
    if !a.quantiles.is_empty() {
        let _ = writeln!(s, "\n{}", say!("analyze-quantiles"));
        let mut shares = vec![say!("label-games-over")];
        let mut turns = vec![say!("label-by-turn")];
        // BTreeMap keys sort as text: "0.1" < "0.25" < ... < "0.99", numeric order here.
        for (level, t) in &a.quantiles {
            let level = (level.parse::<f64>().unwrap_or(0.0) * 100.0).round();
            shares.push(say!("percent", value = dec(level, 0)));
            turns.push(t.to_string());
        }
        let mut right = vec![true; shares.len()];
        right[0] = false;
        s.push_str(&render(&[shares, turns], &right));
    }
    if !a.finish_within.is_empty() {
        let _ = writeln!(s, "\n{}", say!("analyze-within"));
        let head: Vec<String> = a
            .finish_within
            .keys()
            .map(|t| say!("analyze-within-turns", turns = *t))
            .collect();
        let vals: Vec<String> = a.finish_within.values().map(|&p| chance(p)).collect();
        let right = vec![true; head.len()];
        s.push_str(&render(&[head, vals], &right));
    }
}

/// A probability in percent; one too small to show in two decimals is "<0.01%", not "0.00%".
pub fn chance(p: f64) -> String {
    if p > 0.0 && p < 5e-5 {
        say!("percent-below", value = dec(0.01, 2))
    } else {
        percent(100.0 * p, 2)
    }
}

/// The best and the worst square to stand on, and with `--per-square` the turns left from
/// every square. Square 0 (off the board) is no square to stand on, and a board whose squares
/// all leave as long to go has no best one.
fn squares(s: &mut String, a: &Analysis, board: &Board, per_square: bool) {
    let mut on: Vec<(usize, f64)> = a
        .per_square
        .iter()
        .enumerate()
        .filter(|(sq, _)| *sq != 0 && *sq != a.last_square as usize)
        .filter_map(|(sq, e)| e.map(|e| (sq, e)))
        .collect();
    on.sort_by(|x, y| x.1.total_cmp(&y.1));
    if let (Some(best), Some(worst)) = (on.first(), on.last())
        && fig(best.1, 2) != fig(worst.1, 2)
    {
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
}

/// Average turns left from every square, in the board's own layout.
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

/// The race of several players: how long it lasts and each seat's chance, or why it is left
/// out and the command that estimates it.
fn race(s: &mut String, a: &Analysis, setup: &Setup<'_>) {
    if let Some(o) = &a.race_omitted {
        let needs = match o.needs {
            RaceNeeds::Distribution => "distribution",
            RaceNeeds::JointChainOrSimulation => "joint",
        };
        let text = say!(
            "analyze-race-omitted",
            players = o.players,
            needs = needs,
            time = duration(catalogue(), o.needs_secs),
            command = super::simulate_command(setup, Some(a.expected_rolls))
        );
        let _ = writeln!(s, "\n{text}");
    }
    let Some(r) = &a.race else {
        return;
    };
    let simulated = match r.kind {
        RaceKind::Simulated { games, .. } => Some(games),
        _ => None,
    };
    let text = say!(
        "analyze-race",
        players = r.players,
        rounds = dec(r.expected_rounds, 1),
        turns = dec(r.expected_total_turns, 1),
        median = r
            .median_rounds
            .map_or(crate::words::arg("unknown"), crate::words::arg),
        simulated = simulated.map_or(crate::words::arg("no"), crate::words::arg)
    );
    let _ = writeln!(s, "\n{text}");
    if setup.args.verbose {
        race_figures(s, r);
    }
    let mut rows = vec![vec![say!("table-seat"), say!("table-chance-to-win")]];
    for seat in &r.seats {
        let chance = percent(100.0 * seat.win_probability, 2);
        let chance = match (seat.ci95, setup.args.verbose) {
            (Some(c), true) => estimate(chance, fig(100.0 * c, 2)),
            _ => chance,
        };
        rows.push(vec![seat.seat.to_string(), chance]);
    }
    s.push_str(&render(&rows, &[true, true]));
    if r.ci95.is_some() && setup.args.verbose {
        let _ = writeln!(s, "{}", say!("analyze-ci-note"));
    }
}

/// The race's figures in full, with their margins when simulated (`--verbose`).
fn race_figures(s: &mut String, r: &Race) {
    line(s, &say!("analyze-race-how", method = race_method(r.kind)));
    let with_margin = |value: f64, i: usize| match r.ci95 {
        Some(c) => estimate(fig(value, 4), fig(c[i], 4)),
        None => fig(value, 4),
    };
    let rows = vec![
        vec![
            say!("label-average-rounds"),
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
}

/// How the figures of a race were produced, in words.
pub fn race_method(kind: RaceKind) -> String {
    match kind {
        RaceKind::Independent => say!("analyze-race-method", kind = "independent"),
        RaceKind::JointChain => say!("analyze-race-method", kind = "joint"),
        RaceKind::Simulated { games, seed } => say!(
            "analyze-race-method",
            kind = "simulated",
            games = MessageArg::count(games),
            seed = seed
        ),
    }
}
