//! `snakes analyze` and `snakes simulate` run as a user would: real boards, real files, the
//! binary's output and exit status.

// Helpers outside `#[test]` functions unwrap too: a failure here is a failed test.
#![allow(clippy::unwrap_used)]

use std::process::{Command, Output};

use serde_json::Value;

use super::random_board;

const BIN: &str = env!("CARGO_BIN_EXE_snakes");

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn json(args: &[&str]) -> Value {
    let o = run(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap()
}

fn fails_with(args: &[&str], needle: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn the_published_anchor_from_the_command_line() {
    // Althoen, King and Schilling (1993): 39.2251223082... turns with the exact ending.
    let v = json(&["analyze", "--rules", "ending=exact", "--exact", "--json"]);
    assert_eq!(
        v["rules"],
        "ending=exact,start=off-board,entry=any-roll,six=normal,collision=share,jumps=single,die=6"
    );
    assert!(
        v["expected_turns_decimal"]
            .as_str()
            .unwrap()
            .starts_with("39.2251223082")
    );
    let frac = v["expected_turns_exact"].as_str().unwrap();
    let (n, d) = frac.split_once('/').unwrap();
    assert!(n.chars().all(|c| c.is_ascii_digit()) && d.chars().all(|c| c.is_ascii_digit()));
    let x = v["expected_turns"].as_f64().unwrap();
    assert!((x - 39.225_122_308_2).abs() < 1e-9);
}

#[test]
fn json_holds_every_documented_field() {
    let v = json(&["analyze", "--players", "3", "--within", "5,25", "--json"]);
    let fields = snakes_analysis::analysis::JSON_FIELDS;
    for key in fields
        .iter()
        .chain(snakes_analysis::analysis::RACE_JSON_FIELDS)
    {
        assert!(v.get(key).is_some(), "{key}");
    }
    // Every field the library lists is in docs/analyze.md's list of the JSON.
    let docs = include_str!("../../../../docs/analyze.md");
    for key in fields {
        assert!(
            docs.contains(&format!("`{key}`")),
            "{key} is not in docs/analyze.md"
        );
    }
    // The classic board's snakes span few squares: the elimination, checked to rounding.
    assert_eq!(v["solver"], "elimination");
    assert!(v["max_relative_residual"].as_f64().unwrap() < 1e-14);
    assert!(
        v["method"]
            .as_str()
            .unwrap()
            .contains("elimination along the track")
    );
    assert!(v.get("expected_turns_exact").is_none());
    let q = v["quantiles"].as_object().unwrap();
    let keys: Vec<&str> = q.keys().map(String::as_str).collect();
    assert_eq!(keys, ["0.1", "0.25", "0.5", "0.75", "0.9", "0.95", "0.99"]);
    assert_eq!(q["0.5"], v["median"]);
    let within = v["finish_within"].as_object().unwrap();
    assert!(within["5"].as_f64().unwrap() < within["25"].as_f64().unwrap());
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    assert_eq!(seats[2]["seat"], 3);
    let total: f64 = seats
        .iter()
        .map(|s| s["win_probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9);
}

#[test]
fn compare_ending_prints_the_three_side_by_side() {
    let o = run(&["analyze", "--compare", "ending"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    for word in [
        "bounce",
        "exact",
        "loose",
        "average turns",
        "half over by",
        "9 in 10 over by",
    ] {
        assert!(text.contains(word), "{word} missing:\n{text}");
    }
    assert!(text.contains("39.2251"));
    let v = json(&["analyze", "--compare", "ending", "--json"]);
    let variants = v["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 3);
    let loose = &variants[2];
    assert_eq!(loose["value"], "loose");
    assert_eq!(loose["longer_than_shortest_percent"], 0.0);
    assert!(variants[0]["expected_turns"].as_f64().unwrap() > 40.0);
}

#[test]
fn roll_again_counts_turns_and_says_so() {
    let o = run(&["analyze", "--rules", "six=roll-again"]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains("a turn is every roll until one that is not a six"),
        "{text}"
    );
    assert!(
        text.contains("That is 43.3 rolls on average, since a six rolls again."),
        "{text}"
    );
    let v = json(&["analyze", "--rules", "six=roll-again", "--json"]);
    assert_eq!(v["unit"], "turns");
    assert!(v["expected_turns"].as_f64().unwrap() < v["expected_rolls"].as_f64().unwrap());
}

#[test]
fn a_board_file_and_the_plot() {
    let dir = super::scratch();
    let grid = dir.join("board.json");
    std::fs::write(&grid, "[[-1,-1,-1],[-1,9,8],[-1,8,9]]").unwrap();
    let v = json(&["analyze", "--board", grid.to_str().unwrap(), "--json"]);
    assert_eq!(v["min_turns"], 1);
    let plot = dir.join("plot.svg");
    let o = run(&[
        "analyze",
        "--compare",
        "ending",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert_eq!(svg.matches("<path").count(), 3);
    assert!(svg.contains("ending=exact: average 39.23, half over by turn 32"));
}

#[test]
fn bump_with_two_players_is_exact_and_with_three_simulated() {
    let v = json(&[
        "analyze",
        "--rules",
        "collision=bump",
        "--players",
        "2",
        "--json",
    ]);
    assert!(v["race_method"].as_str().unwrap().starts_with("exact"));
    let v = json(&[
        "analyze",
        "--rules",
        "collision=bump",
        "--players",
        "3",
        "--games",
        "20000",
        "--json",
    ]);
    assert!(
        v["race_method"]
            .as_str()
            .unwrap()
            .starts_with("monte carlo")
    );
    assert!(v["seats"][0]["ci95"].as_f64().unwrap() > 0.0);
}

#[test]
fn bad_input_is_refused_with_status_2() {
    fails_with(&["analyze", "--players", "0"], "0");
    fails_with(&["analyze", "--players", "9"], "9");
    fails_with(&["analyze", "--rules", "die=1"], "die");
    fails_with(&["analyze", "--rules", "colour=red"], "colour");
    fails_with(
        &["analyze", "--compare", "colour"],
        "cannot compare \"colour\"",
    );
    fails_with(&["analyze", "--board", "/no/such/board.txt"], "board");
    fails_with(&["simulate", "--games", "0"], "games");
    // One game has no spread: refused rather than answered "34.0000 ± 0.0000".
    fails_with(
        &["simulate", "--games", "1"],
        "--games must be at least 2: one game gives no confidence interval",
    );
    fails_with(&["analyze", "--games", "1"], "at least 2");
    fails_with(&["simulate", "--players", "0"], "0");
    // A board whose last square cannot be reached: a 1x5 track where 2 and 3 both slide to 1,
    // so with a 2-sided die every roll from 0 or 1 comes back to 1.
    let dir = super::scratch();
    let layout = dir.join("trap.json");
    std::fs::write(
        &layout,
        r#"{"rows":1,"cols":5,"snakes":[[2,1],[3,1]],"ladders":[]}"#,
    )
    .unwrap();
    let o = run(&[
        "analyze",
        "--board",
        layout.to_str().unwrap(),
        "--rules",
        "die=2",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot be reached"), "{err}");
}

#[test]
fn simulate_agrees_with_the_exact_figure_and_is_reproducible() {
    let exact = json(&["analyze", "--json"])["expected_turns"]
        .as_f64()
        .unwrap();
    let args = [
        "simulate",
        "--games",
        "300000",
        "--seed",
        "7",
        "--json",
        "--threads",
    ];
    let one = json(&[&args[..], &["1"]].concat());
    let two = json(&[&args[..], &["2"]].concat());
    assert_eq!(one, two);
    let est = one["expected_rounds"]["value"].as_f64().unwrap();
    let ci = one["expected_rounds"]["ci95"].as_f64().unwrap();
    // Within 3 half-widths of the 95 % interval (about 6 standard errors).
    assert!((est - exact).abs() < 3.0 * ci, "{est} ± {ci} vs {exact}");
    let o = run(&["simulate", "--players", "4", "--games", "50000"]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("seat") && text.contains("±"), "{text}");
}

#[test]
fn long_jumps_are_solved_by_gmres_and_checked() {
    // A 100 x 100 board with jumps spanning the board: the elimination's front would hold
    // thousands of snakes; GMRES answers, and the answer satisfies every equation.
    let board = random_board("long", &["--size", "100", "--seed", "3"]);
    let v = json(&["analyze", "--board", board.to_str().unwrap(), "--json"]);
    assert_eq!(v["solver"], "gmres");
    assert!(v["iterations"].as_u64().unwrap() < 100);
    assert!(v["max_residual"].as_f64().unwrap() < 1e-9);
    assert!((v["expected_turns"].as_f64().unwrap() - 569.342_494_441_4).abs() < 1e-6);
    assert_eq!(v["distribution_complete"], true);
    // The method and the check are said under --verbose; the plain report leaves them out.
    let plain =
        String::from_utf8(run(&["analyze", "--board", board.to_str().unwrap()]).stdout).unwrap();
    assert!(
        !plain.contains("GMRES") && !plain.contains("Checked"),
        "{plain}"
    );
    let text = String::from_utf8(
        run(&["analyze", "--board", board.to_str().unwrap(), "--verbose"]).stdout,
    )
    .unwrap();
    assert!(
        text.contains("solved by GMRES preconditioned by the forward moves"),
        "{text}"
    );
    assert!(
        text.contains("Checked: every square's equation holds"),
        "{text}"
    );
}

#[test]
fn what_the_budget_cannot_fit_is_refused_at_once_with_the_estimate() {
    let board = random_board("budget", &["--size", "200", "--seed", "3"]);
    let path = board.to_str().unwrap();
    let o = run(&["analyze", "--board", path, "--budget", "0.2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("error: computing the average turns would take about ")
            && err.contains("on this board, over the budget of 0.2 s: `snakes simulate --board ")
            && err.contains("` estimates them sooner, or give --budget ")
            && err.trim_end().ends_with("(--budget 0 for no limit)")
            && err.lines().count() == 1,
        "{err}"
    );
    // An exact fraction the budget cannot fit says how to do without it.
    fails_with(
        &["analyze", "--board", path, "--exact"],
        "computing the average turns as an exact fraction would take about",
    );
    fails_with(
        &["analyze", "--board", path, "--exact"],
        "leave out --exact",
    );
    fails_with(
        &["analyze", "--budget", "soon"],
        "\"soon\" is not a number of seconds (0 or more; 0 means no limit)",
    );
}

#[test]
fn a_long_analysis_shows_its_progress_on_a_terminal_and_not_in_a_pipe() {
    // The exact fraction on a 30 x 30 board with long jumps takes several seconds.
    let board = random_board("progress", &["--size", "30", "--seed", "3"]);
    let path = board.to_str().unwrap();
    // The same work twice at once: standard error to a pipe, started first, and a terminal.
    let mut child = Command::new(BIN)
        .args(["analyze", "--board", path, "--exact", "--budget", "0"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let tmux = super::tmux::Tmux::start(
        "analyze-progress",
        &format!("{BIN} analyze --board {path} --exact --budget 0 > /dev/null; sleep 600"),
    );
    let screen = tmux.wait_for("computing the exact fraction: ");
    assert!(screen.contains(" squares)"), "{screen}");
    drop(tmux);
    // The terminal shows the line: the run into the pipe, older, is past the same point, and
    // has written nothing there (whether it is still running or has just ended).
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
