//! A chart of the chance to have finished by turn `t`, one line per variant, as a standalone SVG
//! (no plotting dependency: axes, ticks, grid, legend and title are drawn here).

use std::fmt::Write;

/// One line of the chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Legend text (for a line cut short, saying so: the chart marks where it stops).
    pub label: String,
    /// `P(T <= t)` for `t = 0, 1, ...`.
    pub cumulative: Vec<f64>,
    /// Whether `cumulative` runs to the end of the distribution. A complete line stays at its
    /// last value to the right edge; a line cut short stops where it is known, marked there
    /// with a dot and a dotted drop to the axis, rather than run flat to the edge as if the
    /// games it does not follow never finished.
    pub complete: bool,
}

/// The words of a chart, in the reader's language: the caller words them (the `snakes` command
/// from its message catalogue).
pub struct ChartWords<'a> {
    /// The title, above the chart.
    pub title: String,
    /// The line under the title (the board and the rules).
    pub subtitle: String,
    /// Under the horizontal axis (turns).
    pub x_axis: String,
    /// Beside the vertical axis (the chance to have finished).
    pub y_axis: String,
    /// The chart described for a screen reader, given the last turn on the horizontal axis and
    /// the lines' legends.
    pub describe: &'a dyn Fn(u64, &[&str]) -> String,
    /// A tick of the vertical axis: a whole percentage (0 to 100) as a label.
    pub percent: &'a dyn Fn(u32) -> String,
}

/// Colours that stay distinct for colour-blind readers (Okabe and Ito), each line also dashed
/// differently so that the chart reads in grey scale.
const COLOURS: [&str; 8] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
];
/// As many dash patterns as colours: solid, dashed, dotted, dash-dot, long dash, short dash,
/// dash-dot-dot, sparse dots.
const DASHES: [&str; 8] = [
    "",
    "8 4",
    "2 3",
    "10 3 2 3",
    "16 4",
    "4 4",
    "10 3 2 3 2 3",
    "1 6",
];

/// The colour and dash pattern of line `i`: every line of a chart of up to 8 has its own colour
/// and its own pattern; past that, no two lines share both.
fn style(i: usize) -> (&'static str, &'static str) {
    (
        COLOURS[i % COLOURS.len()],
        DASHES[(i + i / COLOURS.len()) % DASHES.len()],
    )
}

/// A "nice" tick step (1, 2 or 5 times a power of ten) giving about `target` ticks over `span`:
/// the chart's, and the board page's table of its data.
pub fn nice_step(span: f64, target: f64) -> f64 {
    let raw = span / target;
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let nice = if norm <= 1.0 {
        1.0
    } else if norm <= 2.0 {
        2.0
    } else if norm <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The chart as SVG text. The horizontal axis runs to the turn by which every line has reached
/// 99.5 %, or its end when it is cut short before, rounded up to a tick.
pub fn cumulative_svg(words: &ChartWords<'_>, series: &[Series]) -> String {
    let frame = Frame::for_lines(series);
    let mut s = String::new();
    head(&mut s, words, &frame, series);
    axes(&mut s, words, &frame);
    lines(&mut s, &frame, series);
    legend(&mut s, &frame, series);
    s.push_str("</svg>\n");
    s
}

/// Where things go: the picture's size, the plot's box inside it, and the scale of its axes.
struct Frame {
    w: f64,
    h: f64,
    left: f64,
    top: f64,
    /// The plot's width and height.
    pw: f64,
    ph: f64,
    /// The last turn on the horizontal axis, and the turns between its ticks.
    xmax: f64,
    step: f64,
}

impl Frame {
    fn for_lines(series: &[Series]) -> Frame {
        let (w, h) = (960.0, 600.0);
        let (left, right, top, bottom) = (80.0, 40.0, 80.0, 70.0);
        let reach = series
            .iter()
            .map(|s| {
                s.cumulative
                    .iter()
                    .position(|&p| p >= 0.995)
                    .unwrap_or(s.cumulative.len())
            })
            .max()
            .unwrap_or(10)
            .max(5) as f64;
        let step = nice_step(reach, 10.0);
        Frame {
            w,
            h,
            left,
            top,
            pw: w - left - right,
            ph: h - top - bottom,
            xmax: (reach / step).ceil() * step,
            step,
        }
    }

    /// The horizontal position of turn `t`.
    fn x(&self, t: f64) -> f64 {
        self.left + self.pw * t / self.xmax
    }

    /// The vertical position of the chance `p`.
    fn y(&self, p: f64) -> f64 {
        self.top + self.ph * (1.0 - p)
    }
}

/// The opening of the SVG: what a screen reader reads (title, description), the background,
/// the title and the line under it.
fn head(s: &mut String, words: &ChartWords<'_>, f: &Frame, series: &[Series]) {
    let (w, h) = (f.w, f.h);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="Helvetica, Arial, sans-serif" role="img" aria-labelledby="title desc">"#
    );
    let _ = writeln!(s, r#"<title id="title">{}</title>"#, escape(&words.title));
    let legends: Vec<&str> = series.iter().map(|s| s.label.as_str()).collect();
    let _ = writeln!(
        s,
        r#"<desc id="desc">{}</desc>"#,
        escape(&(words.describe)(f.xmax as u64, &legends))
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="32" font-size="20" font-weight="bold" text-anchor="middle">{}</text>"#,
        w / 2.0,
        escape(&words.title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="56" font-size="13" fill="#444" text-anchor="middle">{}</text>"##,
        w / 2.0,
        escape(&words.subtitle)
    );
}

/// The grid, the ticks and their numbers, the plot's box and the axes' names.
fn axes(s: &mut String, words: &ChartWords<'_>, f: &Frame) {
    let (left, top, pw, ph) = (f.left, f.top, f.pw, f.ph);
    let mut t = 0.0;
    while t <= f.xmax + 1e-9 {
        let xx = f.x(t);
        let _ = writeln!(
            s,
            r##"<line x1="{xx:.1}" y1="{top}" x2="{xx:.1}" y2="{:.1}" stroke="#e3e3e3"/><text x="{xx:.1}" y="{:.1}" font-size="13" text-anchor="middle">{t}</text>"##,
            top + ph,
            top + ph + 20.0
        );
        t += f.step;
    }
    for i in 0..=10 {
        let yy = f.y(f64::from(i) / 10.0);
        let _ = writeln!(
            s,
            r##"<line x1="{left}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#e3e3e3"/><text x="{:.1}" y="{:.1}" font-size="13" text-anchor="end">{}</text>"##,
            left + pw,
            left - 8.0,
            yy + 4.0,
            escape(&(words.percent)(i * 10))
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#333"/>"##
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" font-size="15" text-anchor="middle">{}</text>"#,
        left + pw / 2.0,
        f.h - 20.0,
        escape(&words.x_axis)
    );
    let _ = writeln!(
        s,
        r#"<text transform="translate(22 {:.1}) rotate(-90)" font-size="15" text-anchor="middle">{}</text>"#,
        top + ph / 2.0,
        escape(&words.y_axis)
    );
}

/// One path per line, joining the values at whole turns (steps would be exact but, dashed,
/// read as noise); a line cut short ends where it is known, with a dot and a dotted drop.
fn lines(s: &mut String, f: &Frame, series: &[Series]) {
    for (i, se) in series.iter().enumerate() {
        let mut d = String::new();
        let mut end = (0.0, 0.0);
        for (t, &p) in se.cumulative.iter().enumerate() {
            let t = t as f64;
            if t > f.xmax {
                break;
            }
            let op = if d.is_empty() { "M" } else { " L" };
            let _ = write!(d, "{op}{:.2},{:.2}", f.x(t), f.y(p));
            end = (t, p);
        }
        if se.complete {
            let _ = write!(d, " H{:.2}", f.x(f.xmax));
        }
        let (colour, dash) = style(i);
        let _ = writeln!(
            s,
            r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="2.5" stroke-dasharray="{dash}"/>"#
        );
        if !se.complete {
            let (ex, ey) = (f.x(end.0), f.y(end.1));
            let _ = writeln!(
                s,
                r#"<line class="cut" x1="{ex:.2}" y1="{ey:.2}" x2="{ex:.2}" y2="{:.2}" stroke="{colour}" stroke-width="1.5" stroke-dasharray="2 4"/><circle class="cut" cx="{ex:.2}" cy="{ey:.2}" r="5" fill="{colour}"/>"#,
                f.top + f.ph
            );
        }
    }
}

/// About how many columns of the chart's small text `label` takes: a Korean or Chinese letter
/// is about twice as wide as a Latin one.
fn label_columns(label: &str) -> usize {
    label
        .chars()
        .map(|c| if u32::from(c) >= 0x1100 { 2 } else { 1 })
        .sum()
}

/// The legend, bottom right inside the plot, where the lines have all risen.
fn legend(s: &mut String, f: &Frame, series: &[Series]) {
    let lh = 24.0;
    let widest = series
        .iter()
        .map(|s| label_columns(&s.label))
        .max()
        .unwrap_or(10) as f64;
    let lw = 20.0 + 8.0 * widest + 50.0;
    let lx = f.left + f.pw - lw - 12.0;
    let ly = f.top + f.ph - 12.0 - lh * series.len() as f64 - 10.0;
    let _ = writeln!(
        s,
        r##"<rect x="{lx:.1}" y="{ly:.1}" width="{lw:.1}" height="{:.1}" fill="white" stroke="#999"/>"##,
        lh * series.len() as f64 + 10.0
    );
    for (i, se) in series.iter().enumerate() {
        let yy = ly + 5.0 + lh * (i as f64 + 0.5);
        let (colour, dash) = style(i);
        let _ = writeln!(
            s,
            r#"<line x1="{:.1}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="{colour}" stroke-width="2.5" stroke-dasharray="{dash}"/><text x="{:.1}" y="{:.1}" font-size="14">{}</text>"#,
            lx + 10.0,
            lx + 50.0,
            lx + 58.0,
            yy + 5.0,
            escape(&se.label)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words for the tests: what they check is the drawing.
    fn words<'a>(title: &str, subtitle: &str) -> ChartWords<'a> {
        ChartWords {
            title: title.into(),
            subtitle: subtitle.into(),
            x_axis: "t".into(),
            y_axis: "P".into(),
            describe: &|last, lines| format!("0 to {last}: {}", lines.join("; ")),
            percent: &|p| format!("{p}%"),
        }
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(100.0, 10.0), 10.0);
        assert_eq!(nice_step(130.0, 10.0), 20.0);
        assert_eq!(nice_step(40.0, 10.0), 5.0);
    }

    #[test]
    fn every_line_of_a_chart_has_its_own_colour_and_dash() {
        // Comparing the die draws six lines: die=4 and die=12 were both solid.
        let series: Vec<Series> = (0..8)
            .map(|i| Series {
                label: format!("line {i}"),
                cumulative: vec![0.0, 0.5, 1.0],
                complete: true,
            })
            .collect();
        let svg = cumulative_svg(&words("T", "s"), &series);
        let paths: Vec<(&str, &str)> = svg
            .lines()
            .filter(|l| l.starts_with("<path"))
            .map(|l| {
                let attr = |name: &str| {
                    let from = l.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                    &l[from..from + l[from..].find('"').unwrap()]
                };
                (attr("stroke"), attr("stroke-dasharray"))
            })
            .collect();
        assert_eq!(paths.len(), 8);
        for (i, a) in paths.iter().enumerate() {
            for b in &paths[i + 1..] {
                assert_ne!(a.0, b.0, "colours of {paths:?}");
                assert_ne!(a.1, b.1, "dashes of {paths:?}");
            }
        }
        // Past eight lines, no two share both.
        let styles: Vec<_> = (0..64).map(style).collect();
        for (i, a) in styles.iter().enumerate() {
            assert!(!styles[i + 1..].contains(a), "line {i}");
        }
    }

    #[test]
    fn the_chart_has_a_line_and_a_legend_entry_per_series() {
        let series = vec![
            Series {
                label: "ending=bounce".into(),
                cumulative: vec![0.0, 0.2, 0.7, 1.0],
                complete: true,
            },
            Series {
                label: "ending=<loose>".into(),
                cumulative: vec![0.0, 0.5, 1.0],
                complete: true,
            },
        ];
        let svg = cumulative_svg(&words("Title", "rules"), &series);
        assert_eq!(svg.matches("<path").count(), 2);
        assert!(svg.contains("ending=&lt;loose&gt;"));
        assert!(svg.contains(">100%<") && svg.contains(">0%<"));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    }

    #[test]
    fn a_line_cut_short_stops_where_it_is_known_and_is_marked_there() {
        let cut = Series {
            label: "known to turn 4".into(),
            cumulative: vec![0.0, 0.1, 0.3, 0.5, 0.6],
            complete: false,
        };
        let whole = Series {
            label: "whole".into(),
            cumulative: vec![0.0, 0.5, 0.9, 1.0],
            complete: true,
        };
        let svg = cumulative_svg(&words("T", "s"), &[cut, whole]);
        let paths: Vec<&str> = svg.lines().filter(|l| l.starts_with("<path")).collect();
        assert_eq!(paths.len(), 2);
        // The cut line ends at its last known point (t = 4, 60 %); the whole one runs on to
        // the right edge.
        assert!(!paths[0].contains(" H"), "{}", paths[0]);
        assert!(paths[1].contains(" H"), "{}", paths[1]);
        let last_point = paths[0]
            .split(" L")
            .last()
            .and_then(|p| p.split('"').next())
            .unwrap();
        let marks: Vec<&str> = svg
            .lines()
            .filter(|l| l.contains(r#"class="cut""#))
            .collect();
        assert_eq!(marks.len(), 1, "{svg}");
        let (mx, my) = last_point.split_once(',').unwrap();
        assert!(
            marks[0].contains(&format!(r#"cx="{mx}" cy="{my}""#)),
            "{} at {last_point}",
            marks[0]
        );
        assert!(svg.contains(">known to turn 4<"));
    }
}
