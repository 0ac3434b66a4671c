//! Whole runs of the `snakes` binary: real files in a temporary directory, real pipes.

// Tests may unwrap: a panic is the failure report (clippy only exempts `#[test]` bodies).
#![allow(clippy::unwrap_used)]

// The commands with many tests of their own, LeetCode parity, the command line's edges and
// the words coming from the catalogue and their languages; `solve` and `board` are below.
mod admin;
mod advice;
mod analyze;
mod backup;
mod charts;
mod config;
mod crowd;
mod deploy;
mod edges;
mod join;
mod lang;
mod leetcode;
mod newcomer;
mod play;
mod server;
mod stop;
mod tables;
mod tmux;
mod words;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SIX: &str = "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
                   [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]";

use snakes_testing::Scratch;

/// A fresh directory, removed with everything in it when the test ends, passed or failed.
fn scratch() -> Scratch {
    Scratch::new("cli")
}

/// A file with `contents` under a fresh name in the system's temporary directory, removed
/// with its directory when the value is dropped.
struct TempFile {
    path: PathBuf,
    _dir: Scratch,
}

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for TempFile {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

fn file(name: &str, contents: &str) -> TempFile {
    let dir = scratch();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    TempFile { path, _dir: dir }
}

fn run(args: &[&str], stdin: &str) -> Output {
    run_in(args, &[], stdin)
}

/// Runs `snakes args` with `stdin` on its standard input and, of the locale variables
/// (`LC_ALL`, `LC_MESSAGES`, `LANG`), only those of `locale` set: without any, the command
/// speaks English whatever the machine's locale.
fn run_in<S: AsRef<std::ffi::OsStr>>(args: &[S], locale: &[(&str, &str)], stdin: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_snakes"));
    command
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        // An analysis's budget counts its estimated work, not the clock: the same answers on a
        // busy machine.
        .env("SNAKES_TEST_WORK_CLOCK", "1")
        .envs(locale.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || {
        // The command may not read its input at all; a closed pipe is fine.
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn ok(args: &[&str], stdin: &str) -> String {
    let out = run(args, stdin);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must fail with status 2 and nothing on standard output; returns its
/// standard error.
fn fails(args: &[&str], stdin: &str) -> String {
    let out = run(args, stdin);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8(out.stderr).unwrap()
}

/// Runs a command; returns its status, standard output and standard error.
fn status(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = run(args, stdin);
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn path(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

/// Borrowed words of owned ones, for a command line.
fn words(owned: &[String]) -> Vec<&str> {
    owned.iter().map(String::as_str).collect()
}

/// A board from `snakes board random` with `args`, in a file of its own.
fn random_board(name: &str, args: &[&str]) -> TempFile {
    let out = ok(&[&["board", "random"], args].concat(), "");
    file(&format!("{name}.toml"), &out)
}

/// A board on which no game can end (square 6 cannot be reached with a two-sided die and the
/// exact ending): its analysis fails, so an error about anything else came first.
fn trap_board() -> TempFile {
    file(
        "trap.json",
        r#"{"rows":1,"cols":6,"snakes":[[3,2],[4,2]],"ladders":[[1,5]]}"#,
    )
}
const TRAP_RULES: &str = "die=2,ending=exact";

/// 10^5 squares whose jumps span at most 100: games last 33,662 turns on average and spread
/// little, so that even the turn by which a tenth of them are over is far off.
fn narrow_board(name: &str) -> TempFile {
    random_board(
        name,
        &[
            "--size",
            "316",
            "--jumps",
            "4992",
            "--max-span",
            "100",
            "--seed",
            "1",
        ],
    )
}

mod solve {
    use super::*;

    #[test]
    fn the_leetcode_examples_print_the_answer_alone() {
        assert_eq!(ok(&["solve"], "[[-1,-1],[-1,3]]"), "1\n");
        assert_eq!(ok(&["solve", "-"], SIX), "4\n");
        let f = file("three.json", "[[-1,-1,-1],\n [-1,9,8],\n [-1,8,9]]\n");
        assert_eq!(ok(&["solve", path(&f)], ""), "1\n");
        assert_eq!(ok(&["solve"], "[[-1]]"), "0\n");
        // Every square from 2 to 7 snakes back to 1.
        let stuck = "[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,1,1,1],[-1,1,1,1]]";
        assert_eq!(ok(&["solve"], stuck), "-1\n");
    }

    #[test]
    fn path_lists_every_roll_and_square() {
        let f = file("six.json", SIX);
        assert_eq!(
            ok(&["solve", path(&f), "--path"], ""),
            "4\n\
             1. roll 1: 1 -> 2, ladder up to 15\n\
             2. roll 2: 15 -> 17, snake down to 13\n\
             3. roll 1: 13 -> 14, ladder up to 35\n\
             4. roll 1: 35 -> 36\n"
        );
        let stuck = "[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,1,1,1],[-1,1,1,1]]";
        assert_eq!(
            ok(&["solve", "--path"], stuck),
            "-1\nNo sequence of rolls reaches square 16 from the start.\n"
        );
    }

    #[test]
    fn json_output() {
        let out = ok(&["solve", "--json", "--path"], SIX);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["rolls"], 4);
        assert_eq!(v["reachable"], true);
        assert_eq!(v["last"], 36);
        assert_eq!(v["path"].as_array().unwrap().len(), 4);
        assert_eq!(v["path"][1]["steps"][1]["step"], "slid");
        assert_eq!(v["path"][1]["steps"][1]["to"], 13);
        let v: serde_json::Value =
            serde_json::from_str(&ok(&["solve", "--json", "--naive"], SIX)).unwrap();
        assert_eq!(v["rolls"], 4);
        assert!(v.get("path").is_none());
    }

    #[test]
    fn boards_and_rules() {
        assert_eq!(ok(&["solve", "--board", "classic"], ""), "7\n");
        let standard = ok(
            &[
                "solve", "--board", "classic", "--rules", "standard", "--path",
            ],
            "",
        );
        assert!(standard.starts_with("7\n1. roll 1: enters on 1, ladder up to 38\n"));
        // A bigger die, from a layout file.
        let f = file(
            "layout.toml",
            "size = 10\nladders = [[2, 99]]\nsnakes = []\n",
        );
        assert_eq!(
            ok(
                &["solve", "--board", path(&f), "--rules", "leetcode,die=8"],
                ""
            ),
            "2\n"
        );
        assert_eq!(ok(&["solve", "--naive", "--board", "classic"], ""), "7\n");
    }

    #[test]
    fn chained_jumps_follow_the_rules_or_refuse_a_cycle() {
        // Square 2 climbs to 9, square 9 climbs to 15 (4 x 4).
        let g = "[[-1,-1,-1,-1],[15,-1,-1,-1],[-1,-1,-1,-1],[-1,9,-1,-1]]";
        assert_eq!(ok(&["solve"], g), "3\n");
        assert_eq!(ok(&["solve", "--rules", "leetcode,jumps=chain"], g), "2\n");
        // Squares 5 and 12 lead to each other.
        let cycle = "[[-1,-1,-1,-1],[-1,-1,-1,5],[-1,-1,-1,12],[-1,-1,-1,-1]]";
        assert_eq!(ok(&["solve"], cycle), "2\n");
        let err = fails(&["solve", "--rules", "leetcode,jumps=chain"], cycle);
        assert_eq!(
            err,
            "error: standard input: the jumps 5 -> 12 -> 5 form a cycle, so a token would never stop when jumps chain\n"
        );
    }

    #[test]
    fn bad_boards_are_named_with_status_2() {
        let cases = [
            (
                "[[-1,-1],[-1]]",
                "board[1] has 1 cell, but a grid of 2 rows must have 2 in every row",
            ),
            (
                "[[-1,-1,-1],[-1,-1,-1]]",
                "board[0] has 3 cells, but a grid of 2 rows must have 2 in every row",
            ),
            (
                "[[-1,-1],[-1,7]]",
                "board[1][1] (square 2) holds 7; a cell holds -1 or a square from 1 to 4",
            ),
            (
                "[[-1,-1],[0,-1]]",
                "board[1][0] (square 1) holds 0; a cell holds -1 or a square from 1 to 4",
            ),
            (
                "[[3,-1],[-1,-1]]",
                "square 4 is the last square and cannot hold a jump (found one to 3)",
            ),
            (
                "[[-1,-1],\n [-1, x]]",
                "grid: line 2, column 7: expected a number for board[1][1], found 'x'",
            ),
            (
                "[[-1,-1],[-1,-1]",
                "grid: line 1, column 17: expected ',' or ']' after board[1], found the end of the input",
            ),
            (
                " \n",
                "the input is empty: expected a LeetCode grid or a layout",
            ),
        ];
        for (input, message) in cases {
            let f = file("bad.json", input);
            assert_eq!(
                fails(&["solve", path(&f)], ""),
                format!("error: {}: {message}\n", f.display()),
                "{input}"
            );
        }
        // Standard input is named as such... or not at all, for a grid.
        assert_eq!(
            fails(&["solve"], "[[-1,-1],[-1,7]]"),
            "error: board[1][1] (square 2) holds 7; a cell holds -1 or a square from 1 to 4\n"
        );
    }

    #[test]
    fn bad_layouts_are_named_with_status_2() {
        let cases = [
            (
                "l.toml",
                "size = 10\nsnakes = [[50, 4], [50, 3]]\n",
                "square 50 holds two jumps (50-4 and 50-3); a square holds at most one",
            ),
            (
                "l.toml",
                "size = 10\nladders = [[40, 20]]\n",
                "the ladder 40-20 goes down; list it with the snakes or swap its ends",
            ),
            (
                "l.json",
                "{\"size\": 10, \"snakes\": [[20, 40]]}",
                "the snake 20-40 goes up; list it with the ladders or swap its ends",
            ),
            (
                "l.json",
                "{\"size\": 10,\n \"ladders\": [[1, 4]}",
                "JSON layout: line 2, column 20: expected `,` or `]`",
            ),
            (
                "l.toml",
                "size = 10\nladders = [[1, 4]\n",
                "TOML layout: line 2, column 18:",
            ),
            (
                "l.toml",
                "size = 10\nladder = [[1, 4]]\n",
                "TOML layout: line 2, column 1: unknown field `ladder`",
            ),
            (
                "l.toml",
                "size = 10\nsnakes = [[100, 4]]\n",
                "square 100 is the last square and cannot hold a jump (found one to 4)",
            ),
        ];
        for (name, input, message) in cases {
            let f = file(name, input);
            let err = fails(&["solve", "--board", path(&f)], "");
            let expected = format!("error: {}: {message}", f.display());
            assert!(
                err.starts_with(&expected),
                "{err} does not start with {expected}"
            );
        }
        let err = fails(&["solve", "--board", "nowhere.toml"], "");
        assert!(
            err.starts_with("error: cannot read nowhere.toml: no such file"),
            "{err}"
        );
        // An endless or binary file is refused, not read into memory without end.
        assert_eq!(
            fails(&["solve", "/dev/zero"], ""),
            "error: /dev/zero is larger than 256 MiB: no board is that large\n"
        );
        assert_eq!(
            fails(&["board", "show", "/dev/zero"], ""),
            "error: /dev/zero is larger than 256 MiB: no board is that large\n"
        );
        let binary = file("board.bin", "[[-1");
        std::fs::write(&binary, b"[[-1,\xff]]").unwrap();
        assert_eq!(
            fails(&["solve", path(&binary)], ""),
            format!(
                "error: {} is not UTF-8 text (byte 6 is not): give a grid or a layout\n",
                path(&binary)
            )
        );
        let err = fails(&["solve", "--rules", "leetcode,die=1"], "[[-1]]");
        assert!(err.starts_with("error: rules: "), "{err}");
    }

    #[test]
    fn jsonl_answers_every_line_in_order() {
        let input = format!(
            "[[-1,-1],[-1,3]]\n{SIX}\n[[-1,-1],[-1]]\n\n[[-1]]\n[[-1,-1],[-1,5]]\n[[-1,-1,-1],[-1,9,8],[-1,8,9]]\n[[-1, x]]\n[[1,2]"
        );
        let out = run(&["solve", "--jsonl"], &input);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "1\n4\nerror\nerror\n0\nerror\n1\nerror\nerror\n"
        );
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            "error: line 3: board[1] has 1 cell, but a grid of 2 rows must have 2 in every row\n\
             error: line 4: the line is empty; each line holds one grid\n\
             error: line 6: board[1][1] (square 2) holds 5; a cell holds -1 or a square from 1 to 4\n\
             error: line 8, column 7: expected a number for board[0][1], found 'x'\n\
             error: line 9, column 7: expected ',' or ']' after board[0], found the end of the input\n"
        );
        let f = file("all.jsonl", &format!("{SIX}\r\n[[-1,-1],[-1,-1]]\r\n"));
        assert_eq!(ok(&["solve", "--jsonl", path(&f)], ""), "4\n1\n");
        assert_eq!(ok(&["solve", "--jsonl", "--naive", path(&f)], ""), "4\n1\n");
        assert_eq!(ok(&["solve", "--jsonl"], ""), "");
        // A file saved with a byte order mark (and Windows line ends) reads like any other,
        // through every way in: one grid, a layout, a board file, lines.
        let bom = file(
            "bom.jsonl",
            &format!("\u{feff}{SIX}\r\n[[-1,-1],[-1,-1]]\r\n"),
        );
        assert_eq!(ok(&["solve", "--jsonl", path(&bom)], ""), "4\n1\n");
        let grid = file("bom.json", &format!("\u{feff}{SIX}\r\n"));
        assert_eq!(ok(&["solve", path(&grid)], ""), "4\n");
        let toml = file(
            "bom.toml",
            "\u{feff}size = 6\r\nladders = [[2, 15], [14, 35]]\r\n",
        );
        assert_eq!(ok(&["solve", "--board", path(&toml)], ""), "4\n");
    }

    #[test]
    fn jsonl_answers_each_line_as_it_comes() {
        // A program feeding one grid at a time gets each answer before it sends the next: the
        // reads below would wait for ever otherwise.
        let mut child = Command::new(env!("CARGO_BIN_EXE_snakes"))
            .args(["solve", "--jsonl"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        for (grid, answer) in [
            ("[[-1,-1],[-1,3]]", "1\n"),
            (SIX, "4\n"),
            ("[[-1, x]]", "error\n"),
            ("[[-1]]", "0\n"),
        ] {
            writeln!(stdin, "{grid}").unwrap();
            stdin.flush().unwrap();
            let mut line = String::new();
            std::io::BufRead::read_line(&mut stdout, &mut line).unwrap();
            assert_eq!(line, answer, "{grid}");
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2));
    }

    #[test]
    fn jsonl_matches_single_solves_on_random_boards() {
        let grids = ok(
            &[
                "board",
                "random",
                "--size",
                "9",
                "--jumps",
                "20",
                "--max-span",
                "40",
                "--count",
                "300",
                "--format",
                "grid",
            ],
            "",
        );
        assert_eq!(grids.lines().count(), 300);
        let answers = ok(&["solve", "--jsonl"], &grids);
        let naive = ok(
            &["solve", "--jsonl", "--naive", "--rules", "leetcode"],
            &grids,
        );
        assert_eq!(answers, naive);
        for (grid, answer) in grids.lines().zip(answers.lines()).take(20) {
            assert_eq!(ok(&["solve"], grid).trim_end(), answer);
        }
    }

    #[test]
    fn usage_errors_exit_2() {
        let err = fails(&["solve", "--naive", "--path"], SIX);
        assert!(
            err.contains("the argument '--naive' cannot be used with '--path'"),
            "{err}"
        );
        let err = fails(&["solve", "--jsonl", "--path"], "");
        assert!(err.contains("cannot be used with"), "{err}");
        let err = fails(&["solve", "--nonsense"], "");
        assert!(err.contains("--nonsense"), "{err}");
        let err = fails(&["solve", "x.json", "--board", "classic"], "");
        assert!(err.contains("cannot be used with"), "{err}");
    }
}

mod board {
    use super::*;

    #[test]
    fn show_draws_the_grid_and_lists() {
        let out = ok(&["board", "show", "-"], SIX);
        assert_eq!(
            out,
            "6 x 6 board, squares 1 to 36: 2 ladders, 1 snake.\n\
             \x20  36    35    34    33    32    31\n\
             \x20  25    26    27    28    29    30\n\
             \x20  24    23    22    21    20    19\n\
             \x20  13 14^35    15    16 17v13    18\n\
             \x20  12    11    10     9     8     7\n\
             \x20   1  2^15     3     4     5     6\n\
             Ladders: 2 to 15, 14 to 35.\n\
             Snakes: 17 to 13.\n"
        );
        let classic = ok(&["board", "show", "classic"], "");
        assert!(classic.contains("80^100"));
        assert!(classic.contains("Snakes: 16 to 6, 47 to 26, 49 to 11,"));
    }

    #[test]
    fn check_warns_on_stderr_and_exits_0_fine_1_unplayable_2_unreadable() {
        assert_eq!(ok(&["board", "check", "classic"], ""), "ok\n");
        // A warning that does not stop a game: status 0, the verdict on standard output and
        // the warning on standard error.
        assert_eq!(
            status(&["board", "check", "classic", "--rules", "leetcode"], ""),
            (
                Some(0),
                "ok, 1 warning\n".into(),
                "warning: the ladder 1-38 is never used: tokens start on square 1 and no move lands there\n".into()
            )
        );
        // No game on this board can end: status 1, so that scripts can tell.
        let stuck = file(
            "stuck.json",
            "[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,1,1,1],[-1,1,1,1]]",
        );
        assert_eq!(
            status(&["board", "check", path(&stuck), "--rules", "leetcode"], ""),
            (
                Some(1),
                "unplayable\n".into(),
                "warning: square 16 cannot be reached from the start: no game on this board can end\n".into()
            )
        );
        let (code, out, err) = status(
            &[
                "board",
                "check",
                path(&stuck),
                "--rules",
                "leetcode",
                "--json",
            ],
            "",
        );
        assert_eq!((code, err.as_str()), (Some(1), ""));
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["ok"], false);
        assert_eq!(v["playable"], false);
        assert_eq!(v["warnings"][0]["warning"], "last_unreachable");
        assert_eq!(v["warnings"][0]["last"], 16);
        // The message is for programs: the English sentence, in any language.
        let english = "square 16 cannot be reached from the start: no game on this board can end";
        assert_eq!(v["warnings"][0]["message"], english);
        let (_, out, _) = status(
            &[
                "--lang",
                "ko",
                "board",
                "check",
                path(&stuck),
                "--rules",
                "leetcode",
                "--json",
            ],
            "",
        );
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["warnings"][0]["message"], english);
        // A square a token can be trapped on is unplayable too.
        let trap = file(
            "trap.json",
            r#"{"rows":1,"cols":6,"snakes":[[3,2],[4,2]],"ladders":[[1,5]]}"#,
        );
        let (code, out, err) = status(
            &[
                "board",
                "check",
                path(&trap),
                "--rules",
                "die=2,ending=exact",
            ],
            "",
        );
        assert_eq!((code, out.as_str()), (Some(1), "unplayable\n"));
        assert!(err.contains("a token can reach square 2"), "{err}");
        // A cycle of jumps plays under single jumps, and is unplayable when they chain.
        let cycle = file(
            "cycle.toml",
            "size = 4\nladders = [[5, 12]]\nsnakes = [[12, 5]]\n",
        );
        assert_eq!(ok(&["board", "check", path(&cycle)], ""), "ok\n");
        assert_eq!(
            status(
                &["board", "check", path(&cycle), "--rules", "jumps=chain"],
                ""
            ),
            (
                Some(1),
                "unplayable\n".into(),
                format!(
                    "error: {}: the jumps 5 -> 12 -> 5 form a cycle, so a token would never stop when jumps chain\n",
                    cycle.display()
                )
            )
        );
        let (_, out, _) = status(
            &[
                "board",
                "check",
                path(&cycle),
                "--rules",
                "jumps=chain",
                "--json",
            ],
            "",
        );
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            v["error"],
            "the jumps 5 -> 12 -> 5 form a cycle, so a token would never stop when jumps chain"
        );
        // A board that cannot be read: status 2.
        let bad = file("bad.toml", "size = 10\nsnakes = [[20, 40]]\n");
        assert!(fails(&["board", "check", path(&bad)], "").contains("goes up"));
        assert!(fails(&["board", "check", "nowhere.json"], "").contains("no such file"));
    }

    #[test]
    fn check_names_a_grid_cell_holding_its_own_number() {
        // LeetCode's judge gives such grids: the cell is no jump, and check says so.
        let (code, out, err) = status(
            &["board", "check", "-", "--rules", "leetcode"],
            "[[-1,-1],[-1,2]]",
        );
        assert_eq!((code, out.as_str()), (Some(0), "ok, 1 warning\n"));
        assert_eq!(
            err,
            "warning: board[1][1] holds 2, its own square number: square 2 has no jump (as LeetCode reads it)\n"
        );
        let (code, out, _) = status(
            &["board", "check", "-", "--rules", "leetcode", "--json"],
            "[[-1,4,-1],[6,2,6],[-1,3,-1]]",
        );
        assert_eq!(code, Some(0));
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["playable"], true);
        assert_eq!(v["warnings"][0]["warning"], "own_number");
        assert_eq!(v["warnings"][0]["square"], 6);
        assert_eq!(
            (
                v["warnings"][0]["row"].as_u64(),
                v["warnings"][0]["col"].as_u64()
            ),
            (Some(1), Some(0))
        );
    }

    #[test]
    fn convert_round_trips() {
        let toml = ok(&["board", "convert", "-", "--to", "toml"], SIX);
        assert_eq!(
            toml,
            "size = 6\nladders = [[2, 15], [14, 35]]\nsnakes = [[17, 13]]\n"
        );
        let f = file("six.toml", &toml);
        let json = ok(&["board", "convert", path(&f), "--to", "json"], "");
        assert_eq!(
            json,
            "{\n  \"size\": 6,\n  \"ladders\": [[2, 15], [14, 35]],\n  \"snakes\": [[17, 13]]\n}\n"
        );
        let g = file("six.json", &json);
        let grid = ok(&["board", "convert", path(&g), "--to", "grid"], "");
        assert_eq!(grid.trim_end(), SIX.replace(' ', ""));
        // The classic board's ladder on square 1 makes a grid LeetCode would refuse: said.
        let (code, classic, err) = status(&["board", "convert", "classic", "--to", "grid"], "");
        assert_eq!(code, Some(0));
        assert_eq!(
            err,
            "warning: square 1 holds the jump 1-38: snakes reads this grid, LeetCode 909 does not (its squares 1 and n*n hold no jump)\n"
        );
        assert_eq!(
            status(&["board", "convert", "-", "--to", "grid"], &classic).1,
            classic
        );
    }

    #[test]
    fn convert_drops_a_cell_holding_its_own_number_and_refuses_a_rectangle_as_a_grid() {
        let (code, out, err) = status(
            &["board", "convert", "-", "--to", "toml"],
            "[[-1,-1,-1],[-1,5,-1],[-1,8,-1]]",
        );
        assert_eq!(code, Some(0));
        assert_eq!(out, "size = 3\nladders = [[2, 8]]\nsnakes = []\n");
        assert_eq!(
            err,
            "warning: board[1][1] holds 5, its own square number: square 5 has no jump (as LeetCode reads it)\n"
        );
        // A layout listing a jump to itself stays an error.
        assert_eq!(
            fails(
                &["board", "convert", "-", "--to", "grid"],
                "size = 3\nladders = [[5, 5]]"
            ),
            "error: square 5 holds a jump to itself\n"
        );
        let rect = file("rect.toml", "rows = 3\ncols = 5\nladders = [[2, 14]]\n");
        assert_eq!(
            fails(&["board", "convert", path(&rect), "--to", "grid"], ""),
            "error: a LeetCode grid is square, and this board is 3 x 5: write it as a layout (--to json or --to toml)\n"
        );
    }

    #[test]
    fn random_is_reproducible_and_valid() {
        let args = [
            "board",
            "random",
            "--size",
            "10",
            "--jumps",
            "10",
            "--max-span",
            "20",
            "--seed",
            "1",
        ];
        let a = ok(&args, "");
        assert_eq!(a, ok(&args, ""));
        assert_eq!(
            a,
            "size = 10\nladders = [[1, 4], [6, 20], [16, 26], [70, 81], [87, 95]]\nsnakes = [[10, 6], [14, 13], [58, 50], [63, 45], [93, 73]]\n"
        );
        assert_eq!(
            ok(&["board", "check", "-", "--rules", "jumps=chain"], &a)
                .lines()
                .count(),
            1
        );
        let other = ok(
            &[
                "board", "random", "--size", "10", "--jumps", "10", "--seed", "2",
            ],
            "",
        );
        assert_ne!(a, other);
        let rect = ok(
            &[
                "board", "random", "--rows", "3", "--cols", "5", "--jumps", "4", "--format", "json",
            ],
            "",
        );
        let v: serde_json::Value = serde_json::from_str(&rect).unwrap();
        assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(3), Some(5)));
        assert_eq!(
            fails(&["board", "random", "--size", "3", "--jumps", "9"], ""),
            "error: cannot place 9 jumps on a board of 9 squares: only 8 fit (squares 1 to 8, one jump each, without a cycle of jumps)\n"
        );
        assert!(
            fails(
                &[
                    "board",
                    "random",
                    "--size",
                    "3",
                    "--jumps",
                    "2",
                    "--max-span",
                    "0"
                ],
                ""
            )
            .contains("longest span of 0")
        );
        assert!(
            fails(&["board", "random", "--size", "3", "--count", "2"], "")
                .contains("--format grid")
        );
        assert_eq!(
            fails(&["board", "random", "--jumps", "2"], ""),
            "error: give the size of the board: --size N, or --rows R and --cols C\n"
        );
        // --rows alone asks for --cols only (it used to ask for --size as well, which
        // cannot be given with --rows).
        let err = fails(&["board", "random", "--rows", "3"], "");
        assert!(err.contains("--cols <COLS>"), "{err}");
        assert!(!err.contains("--size"), "{err}");
    }

    #[test]
    fn a_closed_pipe_is_not_an_error() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_snakes"))
            .args([
                "board", "random", "--size", "20", "--count", "100000", "--format", "grid",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 100];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        assert!(out.stderr.is_empty());
    }
}

#[test]
fn every_command_has_help() {
    for args in [
        &["--help"][..],
        &["solve", "--help"],
        &["board", "--help"],
        &["board", "show", "--help"],
        &["board", "check", "--help"],
        &["board", "convert", "--help"],
        &["board", "random", "--help"],
        &["rules", "--help"],
    ] {
        let out = ok(args, "");
        assert!(out.contains("Usage: snakes"), "{args:?}");
    }
    let help = ok(&["solve", "--help"], "");
    for flag in [
        "--path", "--rules", "--board", "--json", "--jsonl", "--naive",
    ] {
        assert!(help.contains(flag), "{flag}");
    }
}

/// Asked for JSON, a command that fails still answers JSON on standard output: an object naming
/// the error and the exit status, its words on standard error as always.
#[test]
fn an_error_is_json_when_json_is_asked_for() {
    for (args, stdin, status, words) in [
        (&["solve", "--json"][..], "[[1,2]", 2, "grid: line 1"),
        (
            &["analyze", "--json", "--players", "9"][..],
            "",
            2,
            "9 is not in 1..=8",
        ),
        (
            &["verify", "--json", "/nonexistent/record.json"][..],
            "",
            2,
            "/nonexistent/record.json",
        ),
        (
            &["solve", "--json", "--bogus"][..],
            "",
            2,
            "unexpected argument '--bogus'",
        ),
    ] {
        let out = run(args, stdin);
        assert_eq!(out.status.code(), Some(status), "{args:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)));
        assert_eq!(v["error"]["status"], status, "{args:?}");
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains(words), "{args:?}: {message}");
        assert!(!message.contains("For more information"), "{message}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(words),
            "{args:?}"
        );
    }
}
