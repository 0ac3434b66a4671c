//! What a newcomer tripped over, each kept fixed: reports in plain words, the distribution
//! followed as far as it settles something, and the edges of the command line.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use super::*;

fn json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args, "")).unwrap()
}

#[test]
fn the_report_speaks_plainly_and_says_the_method_only_when_asked() {
    let plain = ok(&["analyze"], "");
    assert!(
        plain.contains(
            "On average a game takes 43.3 turns; half of games are over by turn 35, and 9 in 10 \
             by turn 83.\nThe quickest game takes 7 turns; the commonest length is 21 turns.\n"
        ),
        "{plain}"
    );
    for word in ["Markov", "e-1", "variance", "half-width", "confidence", "?"] {
        assert!(
            !plain.contains(word),
            "{word} in the plain report:\n{plain}"
        );
    }
    let verbose = ok(&["analyze", "--verbose"], "");
    assert!(
        verbose.contains("Method: exact: absorbing Markov chain"),
        "{verbose}"
    );
    assert!(verbose.contains("Checked: every square's equation holds to "));
    assert!(verbose.contains("standard deviation  30.2542 turns (variance 915.3193)"));
    // Simulated figures: the margins under --verbose, with what ± means.
    let args = [
        "analyze",
        "--rules",
        "collision=bump",
        "--players",
        "3",
        "--games",
        "20000",
    ];
    let plain = ok(&args, "");
    assert!(
        plain.contains("; estimated from 20000 simulated games)"),
        "{plain}"
    );
    assert!(!plain.contains('±'), "{plain}");
    let verbose = ok(&[&args[..], &["--verbose"]].concat(), "");
    assert!(
        verbose.contains("± is a margin: the true figure lies within it"),
        "{verbose}"
    );
    // Everything stays in the JSON.
    let v = json_of(&["analyze", "--json"]);
    for key in ["method", "max_relative_residual", "variance", "std_dev"] {
        assert!(v.get(key).is_some(), "{key}");
    }
}

#[test]
fn tiny_boards_name_no_square_0_and_no_bounce_onto_the_last_square() {
    let one = ok(&["analyze", "--board", "-"], "[[-1]]");
    assert!(one.contains("On average a game takes 1.0 turns"), "{one}");
    assert!(!one.contains("Best square"), "{one}");
    // Four squares, all as far from the end under the strict ending: no best one.
    let four = ok(&["analyze", "--board", "-"], "[[-1,-1],[-1,-1]]");
    assert!(!four.contains("Best square"), "{four}");
    // A roll past the only square ends on it: the game says the token entered and won.
    let board = file("one.json", "[[-1]]");
    let out = ok(
        &[
            "play",
            "--board",
            path(&board),
            "--players",
            "Ana",
            "--bots",
            "1",
            "--seed",
            "3",
        ],
        "q\n",
    );
    assert!(!out.contains("bounced back to 1"), "{out}");
    assert!(
        out.contains("Bot 1 rolled a 4 and entered the board on square 1."),
        "{out}"
    );
}

#[test]
fn a_distribution_that_fits_the_budget_is_followed_to_its_end() {
    // The default 300 x 300 board: following every game to its end is estimated at about 7 s,
    // well within the default 60 s; the median and the commonest length are settled.
    let board = random_board("whole300", &["--size", "300", "--seed", "3"]);
    let v = json_of(&["analyze", "--board", path(&board), "--json"]);
    assert_eq!(v["distribution_complete"], true);
    assert!(v.get("distribution_cut").is_none());
    assert_eq!(v["median"], 781);
    assert_eq!(v["mode"], 92);
}

#[test]
fn a_distribution_nothing_could_settle_is_not_followed_at_all() {
    // 10^5 squares whose jumps span at most 100: games last 33,662 turns on average and spread
    // little, so even the turn by which a tenth of games are over (about 34,000 turns, 8 s by
    // the estimate) does not fit in 2 s: no turn is followed, and the report says so at once.
    let board = narrow_board("nothing316");
    let v = json_of(&[
        "analyze",
        "--board",
        path(&board),
        "--budget",
        "2",
        "--json",
    ]);
    assert_eq!(v["distribution_cut"]["turns"], 0);
    assert_eq!(v["distribution_cut"]["reason"], "budget");
    assert_eq!(v["distribution"].as_array().unwrap().len(), 1);
    assert!(v["median"].is_null() && v["mode"].is_null());
    assert_eq!(v["quantiles"], serde_json::json!({}));
    // Within the fewest turns a game can take, no game is over: exactly 0, known without it.
    assert!(v["min_turns"].as_u64().unwrap() > 100);
    assert_eq!(v["finish_within"]["100"], 0.0);
    let text = ok(&["analyze", "--board", path(&board), "--budget", "2"], "");
    assert!(
        text.contains("How the lengths of games spread is not worked out on this board"),
        "{text}"
    );
    assert!(
        text.contains("The average above is exact all the same."),
        "{text}"
    );
    assert!(
        text.contains("On average a game takes 33,662.2 turns.\n"),
        "{text}"
    );
}

#[test]
fn a_comparison_prints_what_it_measured_then_ends_in_the_error_of_the_rest() {
    // Exact fractions on a 24 x 24 board: about 0.9 s with a 4-sided die, 2.8 s with a
    // 20-sided one, which no budget of 2 s fits.
    let board = random_board("compare24", &["--size", "24", "--seed", "3"]);
    let (code, out, err) = status(
        &[
            "analyze",
            "--board",
            path(&board),
            "--compare",
            "die",
            "--exact",
            "--budget",
            "2",
        ],
        "",
    );
    assert_eq!(code, Some(2), "{err}");
    let row = |die: &str| {
        out.lines()
            .find(|l| l.split_whitespace().next() == Some(die))
            .unwrap_or_else(|| panic!("no row {die}:\n{out}"))
            .to_string()
    };
    assert!(row("20").ends_with(" -"), "{out}");
    // Over the budget it would exceed alone, or over what the variants before it left.
    let reason = out
        .lines()
        .find(|l| l.starts_with("die=20 cannot be measured: computing the average turns"))
        .unwrap_or_else(|| panic!("no reason for die=20:\n{out}"));
    assert!(reason.contains("the budget of 2.0 s"), "{reason}");
    // A 4-sided die fits the budget on a machine like the benchmarks' and its fraction is
    // printed; a machine more than twice as slow (a loaded one) runs out of the budget there
    // too, and says so in the same words. What was measured, if anything, comes before the error.
    if row("4").contains(" - ") {
        assert!(
            out.lines()
                .any(|l| l.starts_with("die=4 cannot be measured: ")
                    && l.contains("budget of 2.0 s")),
            "{out}"
        );
    } else {
        assert!(
            out.contains("  die=4: "),
            "the fraction measured is printed:\n{out}"
        );
    }
    assert!(
        err.starts_with("error: ")
            && err.contains(" of 6 variants could not be measured within the limits (the reasons are above): give --budget "),
        "{err}"
    );
}

#[test]
fn board_check_json_says_ok_when_the_text_does() {
    // board[1][1] is square 2 holding 2: no jump, and a warning.
    let grid = file("own.json", "[[-1,-1],[-1,2]]");
    let (code, out, err) = status(&["board", "check", path(&grid)], "");
    assert_eq!((code, out.as_str()), (Some(0), "ok, 1 warning\n"), "{err}");
    let (code, out, _) = status(&["board", "check", path(&grid), "--json"], "");
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["ok"].clone(), v["playable"].clone()),
        (true.into(), true.into())
    );
    assert_eq!(v["warnings"].as_array().unwrap().len(), 1);
    // A board that cannot be played is not ok, in both forms.
    let trap = trap_board();
    let args = ["board", "check", path(&trap), "--rules", TRAP_RULES];
    let (code, out, _) = status(&args, "");
    assert_eq!((code, out.as_str()), (Some(1), "unplayable\n"));
    let (code, out, _) = status(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(code, Some(1));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], false);
}

#[test]
fn the_largest_turn_count_is_finished_for_certain_not_minus_zero() {
    let out = ok(&["analyze", "--within", "18446744073709551615"], "");
    assert!(out.contains("t=18446744073709551615"), "{out}");
    assert!(out.contains("100.00%"), "{out}");
    assert!(!out.contains("-0.00%"), "{out}");
}

#[test]
fn files_whose_names_are_not_utf8_open_in_every_command() {
    let dir = scratch();
    let name = dir.join(OsStr::from_bytes(b"b\xffard.json"));
    std::fs::write(&name, SIX).unwrap();
    let board = name.as_os_str();
    let chart = dir.join(OsStr::from_bytes(b"ch\xffrt.svg"));
    fn os(words: &[&'static str]) -> Vec<&'static OsStr> {
        words.iter().map(|w| OsStr::new(*w)).collect()
    }
    let commands: Vec<Vec<&OsStr>> = vec![
        [os(&["solve"]), vec![board]].concat(),
        [os(&["solve", "--board"]), vec![board]].concat(),
        [os(&["board", "show"]), vec![board]].concat(),
        [os(&["board", "check"]), vec![board]].concat(),
        [
            os(&["analyze", "--board"]),
            vec![board],
            os(&["--plot"]),
            vec![chart.as_os_str()],
        ]
        .concat(),
        [os(&["simulate", "--games", "100", "--board"]), vec![board]].concat(),
        [
            os(&["play", "--players", "Ana", "--seed", "1", "--board"]),
            vec![board],
        ]
        .concat(),
    ];
    for args in commands {
        let out = run_in(&args, &[], "q\ny\n");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(std::fs::read_to_string(&chart).unwrap().starts_with("<svg"));
}

#[test]
fn negative_numbers_are_said_to_be_wrong_values_not_unknown_arguments() {
    for (args, said) in [
        (&["analyze", "--players", "-1"][..], "-1 is not in 1..=8"),
        (
            &["analyze", "--games", "-5"],
            "\"-5\" is not a whole number from 2 to",
        ),
        (
            &["analyze", "--within", "-3"],
            "\"-3\" is not a whole number from 0 to",
        ),
        (
            &["simulate", "--seed", "-1"],
            "\"-1\" is not a whole number from 0 to",
        ),
        (
            &["simulate", "--budget", "-1"],
            "\"-1\" is not a number of seconds",
        ),
        (
            &["board", "random", "--size", "-3"],
            "invalid value '-3' for '--size",
        ),
        (&["play", "--bots", "-1"], "invalid value '-1' for '--bots"),
    ] {
        let err = fails(args, "");
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
    }
}

#[test]
fn a_small_budget_is_said_with_its_decimals() {
    let board = random_board("small-budget", &["--size", "200", "--seed", "3"]);
    let err = fails(
        &["analyze", "--board", path(&board), "--budget", "0.04"],
        "",
    );
    assert!(err.contains("over the budget of 0.04 s"), "{err}");
    assert!(!err.contains("0.0 s"), "{err}");
}

#[test]
fn simulate_puts_each_heading_over_its_values() {
    let out = ok(
        &[
            "simulate",
            "--players",
            "3",
            "--games",
            "20000",
            "--threads",
            "1",
        ],
        "",
    );
    let lines: Vec<&str> = out.lines().skip(2).collect();
    assert_eq!(
        lines,
        [
            "average rounds              22.6585 ± 0.1501",
            "average turns, all players  66.9539 ± 0.4502",
            "average rolls, all players  66.9539 ± 0.4502",
            "rounds quantiles: 10%: 12, 25%: 15, 50%: 20, 75%: 28, 90%: 37, 95%: 44, 99%: 59",
            "seat    chance to win",
            "   1  34.570% ± 0.659",
            "   2  33.020% ± 0.652",
            "   3  32.410% ± 0.649",
        ],
        "{out}"
    );
}

#[test]
fn every_help_shows_examples_and_completions_offer_the_values() {
    let root = ok(&["--help"], "");
    assert!(root.contains("Examples:"), "{root}");
    let commands = [
        &["serve"][..],
        &["play"],
        &["solve"],
        &["analyze"],
        &["simulate"],
        &["board"],
        &["board", "show"],
        &["board", "check"],
        &["board", "convert"],
        &["board", "random"],
        &["rules"],
        &["verify"],
        &["help"],
        &["completions"],
        &["man"],
    ];
    for command in commands {
        let help = ok(&[command, &["--help"]].concat(), "");
        let examples = help.split("Examples:\n").nth(1).unwrap_or_default();
        assert!(examples.contains("snakes "), "{command:?}:\n{help}");
    }
    let bash = ok(&["completions", "bash"], "");
    for values in [
        "ending start entry six collision jumps die",
        "standard leetcode ending=bounce",
        "en es ko zh-CN",
    ] {
        assert!(bash.contains(values), "{values} not offered");
    }
}

#[test]
fn the_readme_installs_with_the_lock_file() {
    let readme = include_str!("../../../../README.md");
    assert!(
        readme.contains("cargo install --locked --path crates/snakes-cli"),
        "the README's install line"
    );
}
