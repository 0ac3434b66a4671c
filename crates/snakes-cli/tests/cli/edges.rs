//! The command line's edges, each found by trying the tool: help, completions and manual pages,
//! one wording for a missing file, one `--board <BOARD>` and `--rules <RULES>`, the thread cap,
//! chart files, the comparison table, and counts in words.

use super::*;

#[test]
fn help_takes_help_and_completions_and_man_pages_are_printed() {
    let out = ok(&["help", "--help"], "");
    assert!(
        out.contains("Usage: snakes help [OPTIONS] [COMMAND]..."),
        "{out}"
    );
    assert!(ok(&["help"], "").contains("Usage: snakes [OPTIONS] <COMMAND>"));
    let solve = ok(&["help", "solve"], "");
    assert!(solve.contains("Usage: snakes solve"), "{solve}");
    assert!(solve.contains("LeetCode boards:"), "{solve}");
    assert_eq!(solve, ok(&["solve", "--help"], ""));
    let check = ok(&["help", "board", "check"], "");
    assert!(check.contains("Usage: snakes board check"), "{check}");
    assert!(check.contains("Exit status: 0"), "{check}");
    assert_eq!(check, ok(&["board", "help", "check"], ""));
    assert!(ok(&["board", "help", "--help"], "").contains("Usage: snakes board help"));
    let err = fails(&["help", "sovle"], "");
    assert!(
        err.starts_with(
            "error: `snakes` has no command \"sovle\": the commands are serve, play, join, solve,"
        ),
        "{err}"
    );
    for shell in ["bash", "zsh", "fish"] {
        let script = ok(&["completions", shell], "");
        for word in ["snakes", "solve", "rules", "board", "completions", "jsonl"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
    }
    let bash = ok(&["completions", "bash"], "");
    assert!(bash.contains("complete -F _snakes"));
    // What bash offers: `classic` and files for --board, each item of a --rules list, and no
    // file names for a number.
    let script = file("snakes.bash", &bash);
    let offered = |words: &[&str]| -> String {
        let line = words.join(" ");
        let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
        let run = format!(
            "source '{}'; COMP_WORDS=({}); COMP_CWORD={}; COMP_LINE='{line}'; \
             COMP_POINT=${{#COMP_LINE}}; _snakes snakes '{}' '{}' 2>/dev/null; \
             echo \"${{COMPREPLY[@]}}\"",
            path(&script),
            quoted.join(" "),
            words.len() - 1,
            words[words.len() - 1],
            words[words.len() - 2],
        );
        let out = std::process::Command::new("bash")
            .args(["--norc", "-c", &run])
            .output()
            .expect("bash runs");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    assert_eq!(
        offered(&["snakes", "analyze", "--rules", "leetcode,end"]),
        "leetcode,ending=bounce leetcode,ending=exact leetcode,ending=loose"
    );
    assert!(offered(&["snakes", "solve", "--board", "cla"]).starts_with("classic"));
    assert_eq!(offered(&["snakes", "analyze", "--players", ""]), "");
    assert_eq!(offered(&["snakes", "play", "--bots", ""]), "");
    assert!(fails(&["completions", "tcsh"], "").contains("invalid value 'tcsh'"));
    let man = ok(&["man"], "");
    assert!(man.starts_with(".ie \\n(.g .ds Aq"), "{}", &man[..80]);
    assert!(man.contains(".TH snakes 1"), "{man}");
    assert!(man.contains("snakes\\-solve(1)"), "{man}");
    let page = ok(&["man", "board", "check"], "");
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        page.contains(&format!(
            ".TH snakes-board-check 1  \"snakes-board-check {version}\""
        )),
        "{page}"
    );
    assert!(page.contains("\\-\\-rules"), "{page}");
    // The sections of a manual page: the exit status from the help, the environment, the
    // examples; nothing left under EXTRA.
    for section in [
        ".SH \"EXIT STATUS\"",
        ".SH ENVIRONMENT",
        ".SH EXAMPLES",
        ".SH VERSION",
    ] {
        assert!(page.contains(section), "{section}: {page}");
    }
    assert!(!page.contains(".SH EXTRA"), "{page}");
    assert!(
        page.contains("0 when a game on the board can end"),
        "{page}"
    );
    let play = ok(&["man", "play"], "");
    assert!(
        play.contains(".SH NOTES") && play.contains("R or Space: roll the die."),
        "{play}"
    );
    assert!(
        play.contains("when the command did what it was asked"),
        "{play}"
    );
    assert!(ok(&["man", "serve"], "").contains("SNAKES_"));
}

#[test]
fn a_missing_file_reads_the_same_in_every_command() {
    let board = "error: cannot read nofile.json: no such file (a board is `classic` or the path of a grid or layout file)\n";
    for args in [
        &["solve", "nofile.json"][..],
        &["solve", "--board", "nofile.json"],
        &["board", "show", "nofile.json"],
        &["board", "check", "nofile.json"],
        &["board", "convert", "nofile.json", "--to", "grid"],
        &["analyze", "--board", "nofile.json"],
        &["simulate", "--board", "nofile.json"],
        &["play", "--board", "nofile.json"],
    ] {
        assert_eq!(fails(args, ""), board, "{args:?}");
    }
    // Files that are not boards say the same, without the board's hint.
    assert_eq!(
        fails(&["solve", "--jsonl", "nofile.json"], ""),
        "error: cannot read nofile.json: no such file\n"
    );
    assert_eq!(
        fails(&["play", "--resume", "nofile.json"], ""),
        "error: cannot read nofile.json: no such file\n"
    );
    // A file in a folder that is not there names the folder.
    for args in [
        &["board", "check", "nowhere/at/all.json"][..],
        &["verify", "nowhere/at/all.json"],
        &["play", "--resume", "nowhere/at/all.json"],
    ] {
        assert_eq!(
            fails(args, ""),
            "error: cannot read nowhere/at/all.json: no such folder nowhere\n",
            "{args:?}"
        );
    }
    let dir = std::env::temp_dir();
    let err = fails(&["solve", path(&dir)], "");
    assert!(err.ends_with(": it is a directory\n"), "{err}");
}

#[test]
fn board_and_rules_are_written_the_same_in_every_command() {
    for command in [
        &["solve"][..],
        &["analyze"],
        &["simulate"],
        &["play"],
        &["board", "check"],
    ] {
        let mut args = command.to_vec();
        args.push("--help");
        let help = ok(&args, "");
        assert!(help.contains("--rules <RULES>"), "{command:?}: {help}");
        if command.len() == 1 {
            assert!(help.contains("--board <BOARD>"), "{command:?}: {help}");
        } else {
            assert!(help.contains("<BOARD>"), "{command:?}: {help}");
        }
        assert!(!help.contains("PRESET|"), "{command:?}");
    }
    // Each command's own default preset, shown where it is.
    assert!(ok(&["solve", "--help"], "").contains("[default: leetcode]"));
    assert!(ok(&["analyze", "--help"], "").contains("[default: standard]"));
    assert!(ok(&["analyze", "--help"], "").contains("[default: classic]"));
}

#[test]
fn simulate_caps_its_threads_and_a_refused_thread_is_an_error_not_a_panic() {
    let err = fails(&["simulate", "--threads", "100000", "--games", "10"], "");
    assert!(
        err.starts_with("error: invalid value '100000' for '--threads <THREADS>': at most 256 threads (this machine has "),
        "{err}"
    );
    let err = fails(&["simulate", "--threads", "0"], "");
    assert!(err.contains("at least 1 thread"), "{err}");
    // Threads whose stacks (2^48 bytes each, asked for through std's RUST_MIN_STACK) cannot be
    // mapped: the system refuses the first one. Exit status 1 and a sentence, where
    // `scope.spawn` aborted with status 134. (A cap on the address space, `ulimit -v`, refuses
    // only some threads, and one that did start can then abort inside std while setting up its
    // signal stack: that made the test fail now and then.)
    let out = Command::new(env!("CARGO_BIN_EXE_snakes"))
        .args(["simulate", "--threads", "256", "--games", "100000"])
        .env("RUST_MIN_STACK", (1u64 << 48).to_string())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("error: cannot start 256 threads (the system refused after 0: "),
        "{err}"
    );
    assert!(err.ends_with("); ask for fewer\n"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn compare_puts_a_reason_under_the_table() {
    // Squares 5 and 12 lead to each other: jumps=chain cannot be played.
    let cycle = file(
        "cycle.toml",
        "size = 4\nladders = [[5, 12]]\nsnakes = [[12, 5]]\n",
    );
    let out = ok(
        &["analyze", "--board", path(&cycle), "--compare", "jumps"],
        "",
    );
    let lines: Vec<&str> = out.lines().collect();
    let head = lines.iter().position(|l| l.starts_with("jumps ")).unwrap();
    assert_eq!(
        &lines[head..],
        [
            "jumps   average turns  half over by  9 in 10 over by  longer than shortest",
            "single        10.6853             8               21                 +0.0%",
            "chain               -             -                -                     -",
            "",
            "jumps=chain cannot be measured: the jumps 5 -> 12 -> 5 form a cycle, so a token would never stop when jumps chain",
        ]
    );
}

#[test]
fn counts_are_said_in_words_one_player_one_thread_one_turn() {
    // (One game is refused: it has no confidence interval.)
    let out = ok(
        &[
            "simulate",
            "--games",
            "2",
            "--players",
            "1",
            "--threads",
            "1",
        ],
        "",
    );
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("2 games of 1 player, seed 1, 1 thread ("),
        "{out}"
    );
    let out = ok(
        &[
            "simulate",
            "--games",
            "3",
            "--players",
            "2",
            "--threads",
            "2",
        ],
        "",
    );
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("3 games of 2 players, seed 1, 2 threads ("),
        "{out}"
    );
    // Any roll of 4 or more finishes a 2 x 2 board under the loose ending: half the games take
    // one turn.
    let out = ok(
        &["analyze", "--board", "-", "--rules", "ending=loose"],
        "[[-1,-1],[-1,-1]]",
    );
    assert!(out.contains("Board: standard input (4 squares)"), "{out}");
    assert!(
        out.contains(
            "half of games are over by turn 1, and 9 in 10 by turn 2.\n\
             The quickest game takes 1 turn; the commonest length is 1 turn.\n"
        ),
        "{out}"
    );
    let one = ok(&["analyze", "--board", "-"], "[[-1]]");
    assert!(one.contains("(1 square)"), "{one}");
}

#[test]
fn rules_are_explained_in_the_catalogue_words_as_the_docs_show() {
    let listing = ok(&["rules"], "");
    assert!(listing.contains("    any-roll    Any roll enters, landing on the square it counts\n"));
    assert!(listing.contains("    normal      Nothing more: the turn passes as after any roll\n"));
    // docs/rules.md shows the listing as it is.
    let docs = include_str!("../../../../docs/rules.md");
    let shown = docs
        .split("$ snakes rules\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .unwrap();
    assert_eq!(shown, listing);
    let json: serde_json::Value = serde_json::from_str(&ok(&["rules", "--json"], "")).unwrap();
    assert_eq!(json["options"][0]["key"], "ending");
    assert_eq!(json["options"][0]["values"][1]["value"], "exact");
    assert_eq!(json["options"][0]["values"][0]["name"], "Strict");
    assert_eq!(json["options"][6]["range"], serde_json::json!([2, 20]));
    assert_eq!(
        json["presets"]["leetcode"],
        "ending=exact,start=square-1,entry=any-roll,six=normal,collision=share,jumps=single,die=6"
    );
}
