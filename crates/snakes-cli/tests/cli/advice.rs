//! Every command the program suggests works as printed: each test meets a suggestion, runs it
//! word for word, and checks that it answers.

use super::*;

/// The commands between backticks in `text`, without the leading `snakes`.
fn suggested(text: &str) -> Vec<Vec<String>> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(|command| {
            let words: Vec<String> = command.split_whitespace().map(String::from).collect();
            assert_eq!(words[0], "snakes", "{command}");
            words[1..].to_vec()
        })
        .collect()
}

/// The N of the first "give --OPTION N" in `text`.
fn given(text: &str, option: &str) -> String {
    let after = text
        .split(&format!("give {option} "))
        .nth(1)
        .unwrap_or_else(|| panic!("no `give {option}` in {text}"));
    after
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .to_string()
}

/// Runs a suggestion; it must succeed.
fn runs(words: &[String]) -> String {
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let (code, out, err) = status(&args, "");
    assert_eq!(code, Some(0), "`snakes {}` failed: {err}", args.join(" "));
    out
}

#[test]
fn over_budget_the_simulation_and_the_larger_budget_both_answer() {
    let board = random_board("advice200", &["--size", "200", "--seed", "3"]);
    let args = [
        "analyze",
        "--board",
        path(&board),
        "--budget",
        "0.2",
        "--games",
        "20000",
    ];
    let err = fails(&args, "");
    let commands = suggested(&err);
    assert_eq!(commands.len(), 1, "{err}");
    // The same board, and no more games than given.
    assert_eq!(
        commands[0],
        ["simulate", "--board", path(&board), "--games", "20000"],
        "{err}"
    );
    assert!(runs(&commands[0]).contains("average turns"));
    let more = given(&err, "--budget");
    let out = runs(&[&args[..4], &[more.as_str()]].concat().map_strings());
    assert!(
        out.contains("On average a game takes 1593.4 turns"),
        "{out}"
    );
    // Without --exact, what an exact fraction cannot fit is answered.
    let err = fails(&["analyze", "--board", path(&board), "--exact"], "");
    assert!(err.contains("leave out --exact"), "{err}");
    runs(&["analyze", "--board", path(&board)].map_strings());
}

#[test]
fn a_race_left_out_names_the_simulation_of_the_same_game() {
    // 10^5 squares whose jumps span at most 100: a game lasts 33,662 turns on average, so
    // following games to their end does not fit in 2 s, and the race of two players is left
    // out. The suggestion simulates the same board, rules and players.
    let board = narrow_board("advice316");
    let out = ok(
        &[
            "analyze",
            "--board",
            path(&board),
            "--rules",
            "ending=exact",
            "--players",
            "2",
            "--budget",
            "2",
            "--games",
            "2000",
        ],
        "",
    );
    let commands = suggested(&out);
    assert_eq!(commands.len(), 1, "{out}");
    assert_eq!(
        commands[0],
        [
            "simulate",
            "--board",
            path(&board),
            "--rules",
            "ending=exact,start=off-board,entry=any-roll,six=normal,collision=share,jumps=single,die=6",
            "--players",
            "2",
            "--games",
            "2000"
        ],
        "{out}"
    );
    let sim = runs(&commands[0]);
    assert!(sim.contains("2000 games of 2 players"), "{sim}");
}

#[test]
fn a_bumping_race_left_out_names_its_simulation() {
    // Three bumping players are simulated: a million games on the classic board do not fit
    // in a hundredth of a second.
    let out = ok(
        &[
            "analyze",
            "--rules",
            "collision=bump",
            "--players",
            "3",
            "--budget",
            "0.01",
        ],
        "",
    );
    let commands = suggested(&out);
    assert_eq!(
        commands,
        [[
            "simulate",
            "--rules",
            "ending=bounce,start=off-board,entry=any-roll,six=normal,collision=bump,jumps=single,die=6",
            "--players",
            "3"
        ]
        .map_strings()],
        "{out}"
    );
    let sim = runs(&commands[0]);
    assert!(sim.contains("1,000,000 games of 3 players"), "{sim}");
}

#[test]
fn a_board_too_large_to_measure_names_a_simulation_that_runs() {
    // 1,345,600 squares under a 20-sided die whose top face rolls again: the chains would need
    // more than the 2 GiB an analysis allows itself.
    let board = random_board("advice1160", &["--size", "1160", "--seed", "3"]);
    let err = fails(
        &[
            "analyze",
            "--board",
            path(&board),
            "--rules",
            "die=20,six=roll-again",
            "--games",
            "200",
        ],
        "",
    );
    assert!(err.contains("GiB of memory"), "{err}");
    let commands = suggested(&err);
    assert_eq!(commands.len(), 1, "{err}");
    assert_eq!(
        commands[0][..3],
        ["simulate", "--board", path(&board)],
        "{err}"
    );
    assert!(commands[0].contains(&"--games".to_string()), "{err}");
    assert!(runs(&commands[0]).contains("average turns"));
}

#[test]
fn a_simulation_too_long_for_its_budget_names_a_count_that_fits() {
    let err = fails(
        &[
            "simulate",
            "--games",
            "18446744073709551615",
            "--budget",
            "1",
        ],
        "",
    );
    assert!(
        err.starts_with("error: simulating 18446744073709551615 games would take about "),
        "{err}"
    );
    let games = given(&err, "--games");
    let out = runs(&["simulate", "--games", &games, "--budget", "1"].map_strings());
    // The summary counts them with their thousands grouped (from five digits on).
    let grouped: String = games
        .chars()
        .enumerate()
        .flat_map(|(i, c)| {
            let comma = games.len() >= 5 && i > 0 && (games.len() - i).is_multiple_of(3);
            comma.then_some(',').into_iter().chain([c])
        })
        .collect();
    assert!(
        out.contains(&format!("{grouped} games of 1 player")),
        "{out}"
    );
}

#[test]
fn the_hints_of_the_comparison_and_of_board_commands_work_as_given() {
    let out = ok(&["analyze", "--compare", "collision"], "");
    assert!(out.contains("Add --players 2 (or more)"), "{out}");
    let out = runs(&["analyze", "--compare", "collision", "--players", "2"].map_strings());
    assert!(out.contains("Seat odds with 2 players"), "{out}");
    // With three, bumping is simulated: its figures are marked as estimates, as plain
    // `analyze` marks them; sharing squares is exact and unmarked.
    let out = runs(
        &[
            "analyze",
            "--compare",
            "collision",
            "--players",
            "3",
            "--games",
            "20000",
        ]
        .map_strings(),
    );
    let bump = out
        .lines()
        .find(|l| l.trim_start().starts_with("collision=bump"))
        .unwrap_or_default();
    assert!(
        bump.contains(" rounds on average; seat 1: ") && bump.contains("% ± "),
        "{out}"
    );
    assert!(out.contains("monte carlo: 20,000 games, seed 1"), "{out}");
    assert!(out.contains("(± is a margin"), "{out}");
    let share = out
        .lines()
        .find(|l| l.trim_start().starts_with("collision=share"))
        .unwrap_or_default();
    assert!(!share.contains('±'), "{out}");
    let err = fails(
        &[
            "board", "random", "--rows", "3", "--cols", "4", "--format", "grid",
        ],
        "",
    );
    assert!(err.contains("give --size N with --format grid"), "{err}");
    runs(&["board", "random", "--size", "3", "--format", "grid"].map_strings());
    let err = fails(&["board", "random", "--size", "5", "--count", "3"], "");
    assert!(err.contains("add --format grid"), "{err}");
    let out = runs(
        &[
            "board", "random", "--size", "5", "--count", "3", "--format", "grid",
        ]
        .map_strings(),
    );
    assert_eq!(out.lines().count(), 3);
    let rect = file(
        "rect.json",
        r#"{"rows":2,"cols":3,"ladders":[[2,5]],"snakes":[]}"#,
    );
    let err = fails(&["board", "convert", path(&rect), "--to", "grid"], "");
    assert!(err.contains("(--to json or --to toml)"), "{err}");
    runs(&["board", "convert", path(&rect), "--to", "json"].map_strings());
}

/// Owned words from borrowed ones.
trait MapStrings {
    fn map_strings(&self) -> Vec<String>;
}

impl MapStrings for [&str] {
    fn map_strings(&self) -> Vec<String> {
        self.iter().map(|s| (*s).to_string()).collect()
    }
}

impl<const N: usize> MapStrings for [&str; N] {
    fn map_strings(&self) -> Vec<String> {
        self.iter().map(|s| (*s).to_string()).collect()
    }
}

impl MapStrings for Vec<&str> {
    fn map_strings(&self) -> Vec<String> {
        self.iter().map(|s| (*s).to_string()).collect()
    }
}
