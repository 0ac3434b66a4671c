//! `snakes analyze --compare OPTION`: the same board under each value of one rules option, side
//! by side. A variant that cannot be measured (a board it cannot play, or what the budget
//! refuses) gets dashes in the table and its reason under it; the others are still given.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

use snakes::{Rules, Six};
use snakes_analysis::error::AnalysisError;
use snakes_analysis::multi::RaceKind;
use snakes_analysis::{Comparison, compare_with};

use super::report::{race_method, turn_kind};
use super::{Setup, chart, with_progress};
use crate::columns::render;
use crate::user_error;
use crate::words::{dec, estimate, fig, list, percent, say, truncated};

/// Runs the comparison of `key`: the table (or the JSON), then the chart.
pub fn run(mut setup: Setup<'_>, key: &str) -> anyhow::Result<ExitCode> {
    let (board, rules, opts) = (&setup.given.board, &setup.rules, &setup.opts);
    let c = with_progress(|listener| compare_with(board, rules, key, opts, listener))
        .map_err(|e| super::analysis_error(&e, &setup))?;
    let mut out = io::stdout().lock();
    if setup.args.json {
        writeln!(out, "{}", serde_json::to_string(&c)?)?;
    } else {
        write!(out, "{}", text(&c, key, &setup))?;
    }
    out.flush()?;
    if let Some(plot) = setup.plot.take() {
        chart::write_compare(plot, &c, key, &setup)?;
    }
    // The variants the budget or the memory refused: what was measured is above, and the run
    // still ends in their error, with the budget that would measure them all.
    let refused: Vec<&AnalysisError> = c
        .variants
        .iter()
        .filter_map(|v| v.failure.as_ref().filter(|e| refused_by_limits(e)))
        .collect();
    if refused.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    let mut more = setup.args.budget;
    let mut raise = "some";
    for e in &refused {
        match e {
            AnalysisError::OverBudget { estimate_secs, .. } => more += 1.5 * estimate_secs,
            _ => raise = "none",
        }
    }
    Err(user_error(say!(
        "analyze-compare-incomplete",
        refused = refused.len(),
        variants = c.variants.len(),
        raise = raise,
        more = dec(more.ceil(), 0)
    )))
}

/// Whether the analysis refused `e` for its limits (time, memory, accuracy) rather than for the
/// board: a run that meets one ends in an error.
fn refused_by_limits(e: &AnalysisError) -> bool {
    matches!(
        e,
        AnalysisError::OverBudget { .. }
            | AnalysisError::TooLarge { .. }
            | AnalysisError::NoConvergence { .. }
    )
}

/// The comparison as `snakes analyze --compare` prints it.
fn text(c: &Comparison, key: &str, setup: &Setup<'_>) -> String {
    let rules = &setup.rules;
    let mut s = String::new();
    let heading = say!(
        "analyze-comparing",
        option = key,
        board = &setup.board_name,
        rules = other_rules(rules, key)
    );
    let turn = if key == "six" {
        "compare-six"
    } else {
        turn_kind(setup)
    };
    let _ = writeln!(s, "{heading}\n{}\n", say!("analyze-counted", turn = turn));
    s.push_str(&table(c, key, rules));
    reasons(&mut s, c, key, setup);
    if setup.args.exact {
        fractions(&mut s, c, key);
    }
    if key == "collision" {
        let note = say!("analyze-collision-note", players = setup.args.game.players);
        let _ = writeln!(s, "\n{note}");
    }
    if setup.args.game.players > 1 {
        seat_odds(&mut s, c, key, setup);
    }
    s
}

/// One row per variant: the average, by when half and nine in ten of games are over, how much
/// longer than the shortest (and the average rolls when a six may roll again).
fn table(c: &Comparison, key: &str, rules: &Rules) -> String {
    let show_rolls = key == "six" || rules.six == Six::RollAgain;
    let mut rows = vec![vec![
        key.to_string(),
        say!("label-average-turns"),
        say!("label-half-over-by"),
        say!("label-nine-in-ten-by"),
        say!("label-longer-than-shortest"),
    ]];
    if show_rolls {
        rows[0].push(say!("label-average-rolls"));
    }
    let mut unknown = false;
    for v in &c.variants {
        let Some(a) = &v.analysis else {
            // The reason goes under the table, so that it does not widen a column.
            let mut row = vec![v.value.clone()];
            row.resize(rows[0].len(), "-".into());
            rows.push(row);
            continue;
        };
        let mut settled = |x: Option<u64>| {
            x.map_or_else(
                || {
                    unknown = true;
                    "?".to_string()
                },
                |t| t.to_string(),
            )
        };
        let longer = v.longer_than_shortest_percent.unwrap_or(0.0);
        let mut row = vec![
            v.value.clone(),
            fig(a.expected_turns, 4),
            settled(a.median),
            settled(a.quantiles.get("0.9").copied()),
            say!("analyze-longer", percent = dec(longer, 1)),
        ];
        if show_rolls {
            row.push(fig(a.expected_rolls, 4));
        }
        rows.push(row);
    }
    let mut s = render(&rows, &[false, true, true, true, true, true]);
    if unknown {
        let _ = writeln!(s, "{}", say!("analyze-unknown-cells"));
    }
    s
}

/// Why each variant without figures has none.
fn reasons(s: &mut String, c: &Comparison, key: &str, setup: &Setup<'_>) {
    let unmeasured = c.variants.iter().filter(|v| v.analysis.is_none());
    for (i, v) in unmeasured.enumerate() {
        let gap = if i == 0 { "\n" } else { "" };
        let why = match (&v.failure, &v.error) {
            (Some(e), _) => super::variant_error(e, setup),
            (None, Some(text)) => text.clone(),
            (None, None) => say!("analyze-no-reason"),
        };
        let line = say!(
            "analyze-cannot-measure",
            variant = format!("{key}={}", v.value),
            reason = why
        );
        let _ = writeln!(s, "{gap}{line}");
    }
}

/// The averages as exact fractions (`--exact`).
fn fractions(s: &mut String, c: &Comparison, key: &str) {
    let _ = writeln!(s, "\n{}", say!("analyze-fractions"));
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
            let _ = writeln!(s, "  {fraction}\n    {decimals}");
        }
    }
}

/// Each variant's race: rounds on average and each seat's chance. A simulated race is marked as
/// plain `analyze` marks it: its method named under it, and every figure with its margin.
fn seat_odds(s: &mut String, c: &Comparison, key: &str, setup: &Setup<'_>) {
    let players = setup.args.game.players;
    let _ = writeln!(s, "\n{}", say!("analyze-seat-odds", players = players));
    let mut estimated = false;
    for v in &c.variants {
        let Some(race) = v.analysis.as_ref().and_then(|a| a.race.as_ref()) else {
            continue;
        };
        let margin = |value: String, margin: Option<f64>| match margin {
            Some(m) => estimate(value, fig(m, 2)),
            None => value,
        };
        let seats: Vec<String> = race
            .seats
            .iter()
            .map(|s| {
                let chance = percent(100.0 * s.win_probability, 2);
                say!(
                    "analyze-seat-chance",
                    seat = s.seat,
                    chance = margin(chance, s.ci95.map(|c| 100.0 * c))
                )
            })
            .collect();
        let rounds = match race.ci95 {
            Some(c) => crate::words::arg(estimate(fig(race.expected_rounds, 3), fig(c[0], 2))),
            None => dec(race.expected_rounds, 1),
        };
        let line = say!(
            "analyze-seat-odds-line",
            variant = format!("{key}={}", v.value),
            rounds = rounds,
            seats = list(&seats)
        );
        let _ = writeln!(s, "  {line}");
        let simulated = matches!(race.kind, RaceKind::Simulated { .. });
        estimated |= simulated;
        if setup.args.verbose || simulated {
            let _ = writeln!(s, "    {}", race_method(race.kind));
        }
    }
    if estimated {
        let _ = writeln!(s, "{}", say!("analyze-ci-note"));
    }
}

/// The rules without the compared option, for headings.
pub fn other_rules(rules: &Rules, key: &str) -> String {
    rules
        .to_string()
        .split(',')
        .filter(|kv| !kv.starts_with(&format!("{key}=")))
        .collect::<Vec<_>>()
        .join(",")
}
