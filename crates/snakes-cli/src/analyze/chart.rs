//! `analyze --plot FILE`: the chart of the chance to have finished by turn t, its words from the
//! catalogue. A distribution cut short is drawn only as far as it is known, marked there, and
//! its legend says where it stops.

use snakes_analysis::plot::{ChartWords, Series, cumulative_svg};
use snakes_analysis::{Analysis, Comparison};

use super::Setup;
use super::compare::other_rules;
use super::report::chance;
use crate::plot_file::PlotTarget;
use crate::user_error;
use crate::words::{dec, say};

/// Every word the chart will show, as far as they are known before the analysis (the figures
/// are digits): what the fonts must be able to draw.
pub fn words_to_draw(setup: &Setup<'_>) -> String {
    let key = setup.args.compare.as_deref();
    let (title, subtitle) = titles(setup, key);
    let mut words = vec![
        title,
        subtitle,
        say!("plot-x-axis"),
        say!("plot-y-axis"),
        say!("percent", value = 100u32),
        legend(None, 1234.5, Some(1234), None),
        legend(None, 1234.5, None, Some((1234, 0.5))),
    ];
    if let Some(key) = key
        && let Ok(values) = snakes_analysis::analysis::compare_values(key)
    {
        words.extend(
            values
                .iter()
                .map(|v| legend(Some(&format!("{key}={v}")), 1.5, None, None)),
        );
    }
    words.join("\n")
}

/// The title and the line under it.
fn titles(setup: &Setup<'_>, key: Option<&str>) -> (String, String) {
    let board = &setup.board_name;
    match key {
        Some(key) => (
            say!("plot-title-compare", option = key),
            say!(
                "plot-subtitle-compare",
                board = board,
                rules = other_rules(&setup.rules, key)
            ),
        ),
        None => (
            say!("plot-title"),
            say!(
                "plot-subtitle",
                board = board,
                rules = setup.rules.to_string()
            ),
        ),
    }
}

/// A line's legend: the average and by when half of games are over, or for a line cut short,
/// where it stops; after the variant, when comparing.
fn legend(
    variant: Option<&str>,
    average: f64,
    median: Option<u64>,
    cut: Option<(u64, f64)>,
) -> String {
    let line = match (cut, median) {
        (Some((turns, finished)), _) => say!(
            "plot-line-cut",
            mean = dec(average, 2),
            turns = turns,
            finished = chance(finished)
        ),
        (None, Some(median)) => say!("plot-line", mean = dec(average, 2), median = median),
        (None, None) => say!("plot-line-mean", mean = dec(average, 2)),
    };
    match variant {
        Some(variant) => say!("plot-variant", variant = variant, line = line),
        None => line,
    }
}

/// The line of one analysis, `None` when no turn of its distribution was followed.
fn series(a: &Analysis, variant: Option<&str>) -> Option<Series> {
    let cut = a.distribution_cut.as_ref().map(|c| (c.turns, c.finished));
    if cut.is_some_and(|(turns, _)| turns == 0) {
        return None;
    }
    Some(Series {
        label: legend(variant, a.expected_turns, a.median, cut),
        cumulative: a.cumulative(),
        complete: a.distribution_complete,
    })
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

/// Writes the chart of one analysis.
///
/// # Errors
/// No turn of the distribution was followed (nothing to draw), or the file cannot be written.
pub fn write_single(plot: PlotTarget, a: &Analysis, setup: &Setup<'_>) -> anyhow::Result<()> {
    let Some(line) = series(a, None) else {
        return Err(user_error(say!("plot-nothing-to-draw")));
    };
    let (title, subtitle) = titles(setup, None);
    plot.write(&cumulative_svg(&chart_words(title, subtitle), &[line]))
}

/// Writes the chart of a comparison: a line per variant measured.
///
/// # Errors
/// No variant has a turn of its distribution followed, or the file cannot be written.
pub fn write_compare(
    plot: PlotTarget,
    c: &Comparison,
    key: &str,
    setup: &Setup<'_>,
) -> anyhow::Result<()> {
    let lines: Vec<Series> = c
        .variants
        .iter()
        .filter_map(|v| {
            let variant = format!("{}={}", v.option, v.value);
            series(v.analysis.as_ref()?, Some(&variant))
        })
        .collect();
    if lines.is_empty() {
        return Err(user_error(say!("plot-nothing-to-draw")));
    }
    let (title, subtitle) = titles(setup, Some(key));
    plot.write(&cumulative_svg(&chart_words(title, subtitle), &lines))
}
