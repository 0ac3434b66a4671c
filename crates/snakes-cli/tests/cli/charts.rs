//! `analyze --plot`: charts that say what they know. The file and its fonts are checked before
//! any work, the report comes before the chart, and a distribution cut short is drawn only as
//! far as it is known, marked there and said in the legend.

use super::*;

/// `analyze` of the trap board `trap` (whose analysis fails) with `--plot FILE`: an error about
/// the chart said by it was found before any work.
fn trap_plot(trap: &Path, plot: &str) -> Vec<String> {
    [
        "analyze",
        "--board",
        path(trap),
        "--rules",
        TRAP_RULES,
        "--plot",
        plot,
    ]
    .map(String::from)
    .into()
}

/// The chart's file is refused before the analysis starts: the trap board's analysis would
/// fail with its own error, so the error said is the chart's.
#[test]
fn a_chart_that_cannot_be_written_is_refused_before_any_work() {
    let trap = trap_board();
    let err = fails(&words(&trap_plot(&trap, "no/such/dir/x.svg")), "");
    assert_eq!(
        err,
        "error: cannot write no/such/dir/x.svg: no such folder no\n"
    );
    let jpg = trap.with_file_name("ending.jpg");
    let err = fails(&["analyze", "--plot", path(&jpg)], "");
    assert!(
        err.contains("a chart is written as SVG or PNG: name the file .svg or .png"),
        "{err}"
    );
    assert!(!jpg.exists());
    // A file the chart would have gone to is not left behind, empty, by a failed analysis.
    let svg = trap.with_file_name("never.svg");
    let err = fails(&words(&trap_plot(&trap, path(&svg))), "");
    assert!(err.contains("can never be reached"), "{err}");
    assert!(!svg.exists());
}

#[test]
fn the_report_comes_first_then_the_chart() {
    let svg = file("chart.svg", "");
    let (code, out, err) = status(&["analyze", "--plot", path(&svg)], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("Board: the classic board"), "{out}");
    assert_eq!(
        err,
        format!("Wrote the chart to {} (SVG).\n", svg.display())
    );
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert!(chart.starts_with("<svg"));
    // One word for the average: the chart's legend says it as the report does.
    assert!(
        chart.contains("average 43.32, half over by turn 35"),
        "{chart}"
    );
    assert!(out.contains("On average a game takes 43.3 turns"), "{out}");
    assert!(!chart.contains("mean"));
}

#[test]
fn a_distribution_cut_short_is_drawn_as_far_as_it_is_known_and_marked() {
    // The default 300 x 300 board: following every game to its end is estimated at about 7 s,
    // more than the 6 s allowed, while the turn by which 99 % are over is estimated at about
    // 3 s (and the rest of the work at a few tenths): the games are followed to a share, and
    // the report and the chart say where they stop. The budget counts the estimated work
    // (SNAKES_TEST_WORK_CLOCK), so the cut is the plan's on any machine.
    let board = random_board("cut300", &["--size", "300", "--seed", "3"]);
    let svg = board.with_file_name("cut.svg");
    let args = [
        "analyze",
        "--board",
        path(&board),
        "--budget",
        "6",
        "--plot",
        path(&svg),
    ];
    let (code, out, err) = status(&args, "");
    assert_eq!(code, Some(0), "{err}");
    let followed = out
        .split("Games were followed turn by turn up to turn ")
        .nth(1)
        .unwrap_or_else(|| panic!("no cut said:\n{out}"));
    let (turns, rest) = followed.split_once(", by which ").unwrap();
    let (share, _) = rest.split_once(" of them are over").unwrap();
    // Why the games stop there: the estimate made before the work.
    assert!(
        rest.contains("following every game to its end would take about "),
        "{out}"
    );
    assert_eq!((turns, share), ("4959", "99.00%"), "{out}");
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert!(
        chart.contains(&format!(
            "; followed to turn {turns} only ({share} of games over)"
        )),
        "{turns} {share}\n{chart}"
    );
    // The line stops at the cut, with a dot and a dotted drop there; it does not run flat to
    // the right edge as if the games not followed never finished.
    let path_line = chart.lines().find(|l| l.starts_with("<path")).unwrap();
    assert!(!path_line.contains(" H"), "{path_line}");
    assert_eq!(chart.matches(r#"class="cut""#).count(), 2, "{chart}");
}

/// Without the `png` feature a PNG chart is refused at once, naming the feature and the SVG.
#[cfg(not(feature = "png"))]
#[test]
fn a_png_chart_without_the_png_feature_is_refused_at_once() {
    let trap = trap_board();
    let png = trap.with_file_name("chart.png");
    let err = fails(&words(&trap_plot(&trap, path(&png))), "");
    assert_eq!(
        err,
        "error: this snakes draws no PNG charts (it was built without the png feature): write \
         the chart as .svg, or install snakes with them: cargo install --locked --path \
         crates/snakes-cli --features png\n"
    );
    assert!(!png.exists());
}

#[cfg(feature = "png")]
mod png {
    use super::*;

    /// The directory of DejaVu Sans under /usr/share/fonts (`scripts/install-test-deps`
    /// installs it when missing).
    fn dejavu_dir() -> PathBuf {
        fn find(dir: &std::path::Path) -> Option<PathBuf> {
            for entry in std::fs::read_dir(dir).ok()?.flatten() {
                let p = entry.path();
                if p.is_dir() {
                    if let Some(found) = find(&p) {
                        return Some(found);
                    }
                } else if p.file_name().is_some_and(|n| n == "DejaVuSans.ttf") {
                    return p.parent().map(std::path::Path::to_path_buf);
                }
            }
            None
        }
        find(std::path::Path::new("/usr/share/fonts"))
            .expect("the tests need DejaVu Sans (fonts-dejavu-core)")
    }

    /// A fontconfig file that gives the system the fonts of `dir` alone.
    fn fonts_conf(dir: &std::path::Path) -> crate::TempFile {
        file(
            "fonts.conf",
            &format!(
                "<?xml version=\"1.0\"?>\n<fontconfig><dir>{}</dir></fontconfig>\n",
                dir.display()
            ),
        )
    }

    fn run_fonts(args: &[&str], conf: &std::path::Path) -> Output {
        run_in(args, &[("FONTCONFIG_FILE", path(conf))], "")
    }

    #[test]
    fn plot_writes_png_for_png_and_its_title_is_drawn() {
        let dir = scratch();
        let png = dir.join("ending.PNG");
        let (code, out, err) = status(
            &["analyze", "--compare", "ending", "--plot", path(&png)],
            "",
        );
        assert_eq!(code, Some(0), "{err}");
        assert!(out.starts_with("Comparing ending"));
        assert_eq!(
            err,
            format!(
                "Wrote the chart to {} (PNG, 960 x 600 pixels).\n",
                png.display()
            )
        );
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (960, 600));
        // The title is drawn: dark pixels in the band above the plot, where only text goes.
        let dark = (0..60)
            .flat_map(|y| (0..960).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let p = pixmap.pixel(x, y).unwrap();
                p.red() < 100 && p.green() < 100 && p.blue() < 100
            })
            .count();
        assert!(dark > 500, "{dark} dark pixels in the title band");
    }

    #[test]
    fn korean_and_chinese_charts_need_a_font_with_their_letters_and_say_so_at_once() {
        // A system with DejaVu Sans alone: Latin letters, no Hangul, no Han.
        let conf = fonts_conf(&dejavu_dir());
        let trap = trap_board();
        for (lang, letter) in [("ko", "완"), ("zh-CN", "走")] {
            let png = trap.with_file_name(format!("{lang}.png"));
            let out = run_fonts(
                &[vec!["--lang", lang], words(&trap_plot(&trap, path(&png)))].concat(),
                &conf,
            );
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(2), "{err}");
            // Before the analysis: the trap board's own error is not reached.
            assert!(err.contains("fonts-noto-cjk"), "{lang}: {err}");
            assert!(err.contains(letter), "{lang}: {err}");
            assert!(!png.exists());
        }
        // English and Spanish draw with the Latin font.
        let png = trap.with_file_name("es.png");
        let out = run_fonts(&["--lang", "es", "analyze", "--plot", path(&png)], &conf);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(png.exists());
    }

    #[test]
    fn a_system_without_fonts_is_told_before_any_work() {
        let fonts = scratch();
        let empty = fonts.join("no-fonts");
        std::fs::create_dir_all(&empty).unwrap();
        let conf = fonts_conf(&empty);
        let png = empty.join("x.png");
        let trap = trap_board();
        let out = run_fonts(&words(&trap_plot(&trap, path(&png))), &conf);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("this system has no fonts"), "{err}");
        assert!(!png.exists());
    }
}
