//! Every line a person reads from the commands (apart from clap's help and its own errors)
//! comes from the message catalogue, whole: the commands run in the pseudo-locale `en_XA`, where every message is printed between ⟦ and ⟧ and figures have a
//! decimal comma, and no line may hold anything outside a message but whole numbers, the marks
//! `-` and `?` of a table, the names of rules options, their values and presets (which are not
//! translated), and boards drawn as grids. A word written by `format!` or `println!`, a figure formatted by the code, two
//! messages glued into one sentence by punctuation, or a message id without a message, would
//! stand outside the marks.

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use super::{SIX, file, path, run_in, trap_board};

const OPEN: char = '⟦';
const CLOSE: char = '⟧';

/// Runs `snakes args` in the pseudo-locale; returns its standard output and error.
fn pseudo(args: &[&str]) -> (String, String) {
    pseudo_keys(args, "")
}

/// Runs `snakes args` in the pseudo-locale with `keys` on standard input.
fn pseudo_keys(args: &[&str], keys: &str) -> (String, String) {
    let out = run_in(args, &[("LC_ALL", "en_XA.UTF-8")], keys);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A board whose ladder and snake form a cycle when jumps chain.
fn cycle_board() -> super::TempFile {
    file(
        "cycle.toml",
        "rows = 2\ncols = 6\nladders = [[5, 11]]\nsnakes = [[11, 5]]\n",
    )
}

/// The words that are data, not language: rules options, their values and presets.
fn data_words() -> HashSet<String> {
    let mut words: HashSet<String> = snakes::KEYS.iter().map(|k| (*k).to_string()).collect();
    words.extend(snakes::PRESETS.iter().map(|p| (*p).to_string()));
    for key in snakes::KEYS {
        words.extend(snakes::Rules::values(key).unwrap_or_default());
    }
    words
}

/// What of `line` is outside the catalogue's messages, or `None` when the line is all
/// messages, numbers and data.
fn escapes(line: &str, data: &HashSet<String>) -> Option<String> {
    assert!(!line.contains("{$"), "a message lacks a variable: {line}");
    // A board drawn as a grid (`13 14^35 15 16 17v13`), with the tokens of a game on it
    // (`2A`), is a drawing.
    if line
        .chars()
        .all(|c| c.is_ascii_digit() || " ^v".contains(c) || ('A'..='H').contains(&c))
    {
        return None;
    }
    let mut outside = String::new();
    let mut depth = 0usize;
    for c in line.chars() {
        match c {
            OPEN => {
                depth += 1;
                outside.push(' ');
            }
            CLOSE => {
                let Some(d) = depth.checked_sub(1) else {
                    return Some(format!("an unopened mark in {line:?}"));
                };
                depth = d;
            }
            c if depth == 0 => outside.push(c),
            _ => {}
        }
    }
    if depth != 0 {
        return Some(format!("an unclosed mark in {line:?}"));
    }
    let stray: Vec<&str> = outside
        .split_whitespace()
        .filter(|token| {
            // Whole numbers, and exact fractions (`225837.../5757...`).
            let number = token.strip_prefix('-').unwrap_or(token);
            let whole = number
                .split('/')
                .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            // Rules written out: `ending=bounce,start=off-board,...,die=6`.
            let rules = token.split([',', '=']).all(|part| {
                data.contains(part)
                    || (!part.is_empty() && part.chars().all(|c| c.is_ascii_digit()))
            });
            !(whole || *token == "-" || *token == "?" || data.contains(*token) || rules)
        })
        .collect();
    (!stray.is_empty()).then(|| format!("{stray:?} in {line:?}"))
}

/// Checks every line of `text` (the output of `args`).
fn check(args: &[&str], text: &str, data: &HashSet<String>, problems: &mut Vec<String>) {
    for line in text.lines() {
        if let Some(problem) = escapes(line, data) {
            problems.push(format!("{}: {problem}", args.join(" ")));
        }
    }
}

#[test]
fn the_checker_finds_words_outside_the_catalogue() {
    let data = data_words();
    let ok = |line: &str| escapes(line, &data).is_none();
    assert!(ok("⟦Board: ⟦the classic board⟧, last square 100⟧"));
    assert!(ok("bounce         ⟦43,3246⟧        35                 83"));
    assert!(ok("⟦10%⟧  ⟦25%⟧\n"));
    assert!(ok("   13 14^35    15    16 17v13    18"));
    assert!(ok("    1 2^8AB   3^9"));
    assert!(ok("  leetcode    ending=exact,start=square-1,die=6"));
    assert!(!ok("  leetcode    ending=exact,start=square-one"));
    assert!(!ok("Bo rolled a 4"));
    assert!(!ok("Board: ⟦the classic board⟧"));
    assert!(!ok("⟦expected turns⟧  39.2251"));
    assert!(!ok("⟦Board:⟧: ⟦the classic board⟧"));
    assert!(!ok("analyze-no-such-message"));
    assert!(!ok("⟦unclosed"));
}

#[test]
fn no_line_a_person_reads_escapes_the_catalogue() {
    let data = data_words();
    let six = file("six.json", SIX);
    let stuck = file(
        "stuck.json",
        "[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,1,1,1],[-1,1,1,1]]",
    );
    let own = file("own.json", "[[-1,4],[-1,3]]");
    let bad = file("bad.json", "[[-1,-1],[-1,x]]");
    let cycle = cycle_board();
    let rect = file(
        "rect.toml",
        "rows = 2\ncols = 3\nladders = [[2, 5]]\nsnakes = []\n",
    );
    let trap = trap_board();
    let lines = file(
        "lines.jsonl",
        "[[-1,-1],[-1,3]]\nnope\n\n[[-1,-1],[-1,5]]\n",
    );
    let binary = file("binary.txt", "\u{0}");
    std::fs::write(&binary, [0xff, 0xfe]).unwrap();
    let chart = six.with_file_name("chart.svg");
    let (six, stuck, own, bad, cycle, rect, trap, lines, binary) = (
        path(&six),
        path(&stuck),
        path(&own),
        path(&bad),
        path(&cycle),
        path(&rect),
        path(&trap),
        path(&lines),
        path(&binary),
    );
    let big = file(
        "big.toml",
        &String::from_utf8(
            Command::new(env!("CARGO_BIN_EXE_snakes"))
                .args(["board", "random", "--size", "40", "--seed", "3"])
                .output()
                .unwrap()
                .stdout,
        )
        .unwrap(),
    );
    let big = path(&big);
    // Every command and the paths through it, errors included. Standard output is data (not
    // checked) where programs read it: JSON, grids and layouts, the answers of `solve --jsonl`.
    let human: &[&[&str]] = &[
        &["analyze", "--rules", "ending=exact", "--exact"],
        &["analyze", "--players", "2"],
        &[
            "analyze",
            "--players",
            "3",
            "--rules",
            "collision=bump",
            "--games",
            "2000",
        ],
        &["analyze", "--players", "2", "--rules", "collision=bump"],
        &[
            "analyze",
            "--rules",
            "six=roll-again",
            "--per-square",
            "--within",
            "1,5,500",
        ],
        &[
            "analyze",
            "--compare",
            "ending",
            "--players",
            "2",
            "--exact",
        ],
        &["analyze", "--compare", "six"],
        &["analyze", "--compare", "collision"],
        &[
            "analyze",
            "--compare",
            "collision",
            "--players",
            "3",
            "--games",
            "500",
        ],
        &["analyze", "--board", cycle, "--compare", "jumps"],
        &["analyze", "--board", big],
        &["analyze", "--board", big, "--exact"],
        &["analyze", "--board", big, "--budget", "0.0001"],
        &[
            "analyze",
            "--board",
            big,
            "--budget",
            "0.0001",
            "--players",
            "2",
        ],
        &["analyze", "--compare", "colour"],
        &["analyze", "--board", trap, "--rules", "die=2,ending=exact"],
        &["analyze", "--board", cycle, "--rules", "jumps=chain"],
        &["analyze", "--budget", "x"],
        &["analyze", "--games", "0"],
        &["analyze", "--rules", "die=1"],
        &["analyze", "--rules", "colour=red"],
        &["analyze", "--rules", "ending=sideways"],
        &["analyze", "--rules", "ending=exact,ending=loose"],
        &["analyze", "--rules", "ending=exact,leetcode"],
        &["analyze", "--rules", "nonsense"],
        &["analyze", "--board", "missing.json"],
        &["analyze", "--board", binary],
        &["analyze", "--board", bad],
        &["analyze", "--plot", "chart.txt"],
        &["analyze", "--plot", chart.to_str().unwrap()],
        &[
            "analyze",
            "--board",
            rect,
            "--rules",
            "start=square-1",
            "--within",
            "1",
        ],
        &["simulate", "--games", "2000"],
        &[
            "simulate",
            "--games",
            "2000",
            "--players",
            "3",
            "--threads",
            "2",
        ],
        &["simulate", "--games", "0"],
        &["simulate", "--threads", "0"],
        &["simulate", "--threads", "300"],
        &["simulate", "--threads", "x"],
        &["simulate", "--board", trap, "--rules", "die=2,ending=exact"],
        &["solve", six, "--path"],
        &["solve", stuck, "--path"],
        &["solve", bad],
        &["solve", "missing.json"],
        &[
            "solve",
            "--board",
            cycle,
            "--rules",
            "jumps=chain",
            "--path",
        ],
        &[
            "solve",
            "--board",
            rect,
            "--path",
            "--rules",
            "ending=bounce,start=off-board,entry=need-six",
        ],
        &[
            "solve", "--board", "classic", "--rules", "standard", "--path",
        ],
        &["board", "show", six],
        &["board", "show", rect],
        &["board", "show", own],
        &["board", "check", "classic"],
        &["board", "check", "classic", "--rules", "leetcode"],
        &["board", "check", stuck],
        &["board", "check", cycle, "--rules", "jumps=chain"],
        &["board", "check", own],
        &["board", "check", trap, "--rules", "die=2,ending=exact"],
        &["board", "convert", rect, "--to", "grid"],
        &[
            "board", "random", "--rows", "2", "--cols", "3", "--format", "grid",
        ],
        &["board", "random", "--size", "3", "--count", "2"],
        &["board", "random", "--size", "3", "--jumps", "100"],
        &[
            "board",
            "random",
            "--size",
            "3",
            "--jumps",
            "3",
            "--max-span",
            "0",
        ],
        &["board", "random"],
        &["help", "nothing"],
        &["help", "board", "nothing"],
        &["serve", "--rate", "0"],
        &["serve", "--max-message-bytes", "3"],
        &["serve", "--creates-per-minute", "0"],
        &["serve", "--header-timeout-secs", "0"],
        &["serve", "--max-connections-per-address", "0"],
        &["serve", "--allow-origin", "example.org"],
        &["rules"],
        &["rules", "leetcode,die=8"],
        &["rules", "nonsense"],
        &["verify", bad],
        &["verify", "missing.json"],
        &["--lang", "xx", "rules"],
    ];
    let data_out: &[&[&str]] = &[
        &["solve", "--jsonl", lines],
        &["board", "convert", own, "--to", "grid"],
        &["board", "random", "--size", "25", "--format", "grid"],
        &[
            "board",
            "check",
            trap,
            "--rules",
            "die=2,ending=exact",
            "--json",
        ],
    ];
    let mut problems = Vec::new();
    let mut lines_read = 0;
    for args in human {
        let (out, err) = pseudo(args);
        lines_read += out.lines().count() + err.lines().count();
        check(args, &out, &data, &mut problems);
        check(args, &err, &data, &mut problems);
    }
    for args in data_out {
        let (_, err) = pseudo(args);
        lines_read += err.lines().count();
        check(args, &err, &data, &mut problems);
    }
    // The words of the chart: its title, description, axes, ticks and legend.
    let svg = std::fs::read_to_string(&chart).unwrap();
    let texts: Vec<&str> = svg
        .split_inclusive("</text>")
        .chain(svg.split_inclusive("</title>"))
        .chain(svg.split_inclusive("</desc>"))
        .filter_map(|part| {
            let part = part
                .strip_suffix("</text>")
                .or_else(|| part.strip_suffix("</title>"))
                .or_else(|| part.strip_suffix("</desc>"))?;
            part.rsplit_once('>').map(|(_, text)| text)
        })
        .collect();
    assert!(texts.len() > 20, "{texts:?}");
    for text in texts {
        // The ticks of the turns axis are whole numbers.
        if let Some(problem) = escapes(text, &data) {
            problems.push(format!("the chart: {problem}"));
        }
    }
    // The server's first line.
    let dir = super::scratch();
    let db = dir.join("served.db");
    let mut server = Command::new(env!("CARGO_BIN_EXE_snakes"))
        .args(["serve", "--bind", "127.0.0.1:0", "--db", path(&db)])
        .env("LC_ALL", "en_XA")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    server.kill().unwrap();
    server.wait().unwrap();
    assert!(first.contains("http://127.0.0.1:"), "{first}");
    check(&["serve"], &first, &data, &mut problems);

    assert!(lines_read > 300, "{lines_read}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_terminal_game_and_its_errors_speak_only_from_the_catalogue() {
    let data = data_words();
    let dir = super::scratch();
    let save = dir.join("game.json");
    let _ = std::fs::remove_file(&save);
    let trap = trap_board();
    let cycle = cycle_board();
    let grid = file("grid.json", "[[-1,-1],[-1,3]]");
    // A saved game, then the same file changed by hand: a roll, the version.
    let (_, err) = pseudo_keys(
        &[
            "play",
            "--players",
            "Ana,Bo",
            "--seed",
            "3",
            "--save",
            path(&save),
        ],
        "r\nr\nr\nr\n",
    );
    assert!(err.is_empty(), "{err}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let mut roll = saved.clone();
    roll["rolls"][1] = (roll["rolls"][1].as_u64().unwrap() % 6 + 1).into();
    let roll = file("roll.json", &roll.to_string());
    let mut version = saved.clone();
    version["version"] = 9.into();
    let version = file("version.json", &version.to_string());
    let mut first = saved;
    first["first"] = (1 - first["first"].as_u64().unwrap()).into();
    let first = file("first.json", &first.to_string());
    // Every key: look ahead, a square (typed, cleared, out of range, Enter alone), the
    // history back and forth, and quitting refused.
    let every_key = "r\nr\nc\nt\ns\nS\nb\ni\nh\nx\n\nl\ng\n4\n7\n\ng\n\ng\n1\n0\n1\n\n\
                     g\nx\ng\n4\n8\n\u{7f}\n7\n\n,\n,\n.\n<\n>\nq\nn\nr\n";
    let games: &[(&[&str], String)] = &[
        (
            &["play", "--players", "Ana,Bo", "--seed", "3", "--board-view"],
            every_key.to_string(),
        ),
        // One person and a bot, to the end of the game and past it.
        (
            &["play", "--seed", "5"],
            "r\n".repeat(300) + "s\nS\nh\nr\nq\n",
        ),
        (
            &["play", "--seed", "5", "--brief"],
            "r\n".repeat(20) + "q\ny\n",
        ),
        (
            &["play", "--seed", "5", "--bots", "2", "--others", "brief"],
            "r\n".repeat(20) + "l\n,\nq\ny\n",
        ),
        (
            &["play", "--seed", "5", "--bots", "2", "--others", "jumps"],
            "r\n".repeat(20) + "q\ny\n",
        ),
        (&["play", "--resume", path(&save)], every_key.to_string()),
        (&["play", "--players", "Ana", "--bots", "0"], String::new()),
        (&["play", "--players", "A,B,C,D,E"], String::new()),
        (&["play", "--players", ",Bo"], String::new()),
        (&["play", "--players", "Ana,ANA"], String::new()),
        (&["play", "--players", "Bot 1"], String::new()),
        (&["play", "--players", "You,Bo"], String::new()),
        (
            &["play", "--players", "Ana,Bo", "--bots", "7"],
            String::new(),
        ),
        (
            &[
                "play",
                "--board",
                path(&trap),
                "--rules",
                "die=2,ending=exact",
            ],
            String::new(),
        ),
        (
            &["play", "--board", path(&cycle), "--rules", "jumps=chain"],
            String::new(),
        ),
        (&["play", "--resume", "missing.json"], String::new()),
        (&["play", "--resume", path(&grid)], String::new()),
        (&["play", "--resume", path(&roll)], String::new()),
        (&["play", "--resume", path(&version)], String::new()),
        (&["play", "--resume", path(&first)], String::new()),
        (&["play", "--save", path(&dir)], "r\n".to_string()),
        (&["play", "--save", "/dev/null"], "r\n".to_string()),
    ];
    let mut problems = Vec::new();
    let mut lines_read = 0;
    for (args, keys) in games {
        let (out, err) = pseudo_keys(args, keys);
        assert!(!out.is_empty() || !err.is_empty(), "{args:?} said nothing");
        lines_read += out.lines().count() + err.lines().count();
        check(args, &out, &data, &mut problems);
        check(args, &err, &data, &mut problems);
    }
    assert!(lines_read > 150, "{lines_read}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
