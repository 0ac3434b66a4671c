//! LeetCode 909 exactly: every board LeetCode accepts is answered as its judge answers, checked
//! against a port of a published accepted solution; the rules given on the command line layer on
//! each command's own preset; `board random --format grid` prints boards LeetCode accepts.

use super::*;

/// The reference for LeetCode 909 (a port of the accepted Java solution of seeds/001), shared
/// with the solver's tests.
#[path = "../../../snakes-analysis/tests/support/leetcode_oracle.rs"]
mod oracle;
use oracle::published_bfs;

/// SplitMix64: the generator's own randomness, independent of the project's.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The cell `(row, col)` of square `s` on an `n x n` grid, by LeetCode's own description.
fn cell(n: usize, s: usize) -> (usize, usize) {
    let (quot, rem) = ((s - 1) / n, (s - 1) % n);
    let col = if quot % 2 == 0 { rem } else { n - 1 - rem };
    (n - 1 - quot, col)
}

/// A grid within LeetCode 909's constraints: `n x n`, every cell -1 or a square 1 to n^2, squares
/// 1 and n^2 holding -1. Densities from none to every square; jumps anywhere, mostly down (so
/// that some boards cannot be finished), mostly up, or short; and cells holding their own
/// number from never to always.
fn leetcode_grid(rng: &mut Mix, n: usize) -> Vec<Vec<i64>> {
    let m = n * n;
    let mut grid = vec![vec![-1i64; n]; n];
    let density = [0, 3, 10, 25, 50, 80, 100][rng.below(7) as usize];
    let own = [0, 0, 5, 30, 100][rng.below(5) as usize];
    let style = rng.below(4);
    for s in 2..m {
        if rng.below(100) >= density {
            continue;
        }
        let to = if rng.below(100) < own {
            s
        } else {
            match style {
                // Anywhere.
                0 => 1 + rng.below(m as u64) as usize,
                // Mostly down: snakes everywhere leave some boards unfinishable.
                1 if rng.below(10) < 8 => 1 + rng.below(s as u64) as usize,
                // Mostly up.
                2 if rng.below(10) < 8 => s + rng.below((m - s + 1) as u64) as usize,
                // Short, either way.
                _ => (s as i64 + rng.below(13) as i64 - 6).clamp(1, m as i64) as usize,
            }
        };
        let (r, c) = cell(n, s);
        grid[r][c] = to as i64;
    }
    grid
}

#[test]
fn every_leetcode_grid_is_answered_as_a_published_accepted_solution_answers() {
    let mut rng = Mix(909);
    let mut grids: Vec<Vec<Vec<i64>>> = vec![
        // The examples of seeds/000, and the judge's boards with cells holding their own number.
        serde_json::from_str(SIX).unwrap(),
        vec![vec![-1, -1], vec![-1, 3]],
        vec![vec![-1, -1, -1], vec![-1, 9, 8], vec![-1, 8, 9]],
        vec![vec![-1, -1], vec![-1, 2]],
        vec![vec![-1, 4, -1], vec![6, 2, 6], vec![-1, 3, -1]],
    ];
    for n in 2..=20 {
        for _ in 0..150 {
            grids.push(leetcode_grid(&mut rng, n));
        }
    }
    let input: String = grids
        .iter()
        .map(|g| serde_json::to_string(g).unwrap() + "\n")
        .collect();
    let answers = ok(&["solve", "--jsonl"], &input);
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), grids.len());
    let mut disagreements = Vec::new();
    for (grid, answer) in grids.iter().zip(&answers) {
        let want = published_bfs(grid).to_string();
        if *answer != want {
            disagreements.push(format!("{grid:?}: snakes {answer}, published {want}"));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements, the first: {}",
        disagreements.len(),
        disagreements[0]
    );
    assert_eq!(&answers[..5], ["4", "1", "1", "1", "2"]);
    // The generator reaches what matters: boards that cannot be finished, cells holding their
    // own number, long games.
    let own = |g: &Vec<Vec<i64>>| {
        let n = g.len();
        (2..n * n).any(|s| {
            let (r, c) = cell(n, s);
            g[r][c] == s as i64
        })
    };
    assert!(answers.iter().filter(|a| **a == "-1").count() > 100);
    assert!(grids.iter().filter(|g| own(g)).count() > 500);
    assert!(answers.iter().filter_map(|a| a.parse::<i64>().ok()).max() > Some(40));
}

#[test]
fn a_cell_holding_its_own_number_is_no_jump_for_solve() {
    assert_eq!(ok(&["solve"], "[[-1,-1],[-1,2]]"), "1\n");
    assert_eq!(ok(&["solve"], "[[-1,4,-1],[6,2,6],[-1,3,-1]]"), "2\n");
    assert_eq!(
        ok(&["solve", "--path"], "[[-1,4,-1],[6,2,6],[-1,3,-1]]"),
        "2\n1. roll 1: 1 -> 2, ladder up to 3\n2. roll 6: 3 -> 9\n"
    );
    // In a file, in --jsonl, and under other rules too.
    let f = file("judge.json", "[[-1,4,-1],[6,2,6],[-1,3,-1]]");
    assert_eq!(ok(&["solve", path(&f)], ""), "2\n");
    assert_eq!(
        ok(
            &["solve", "--jsonl"],
            "[[-1,-1],[-1,2]]\n[[4,-1],[-1,-1]]\n"
        ),
        "1\n1\n"
    );
    assert_eq!(
        ok(&["solve", "--rules", "standard"], "[[-1,-1],[-1,2]]"),
        "1\n"
    );
    // A layout listing a jump to itself is still an error, in every way in.
    let layout = file("self.toml", "size = 2\nladders = [[2, 2]]\n");
    assert_eq!(
        fails(&["solve", "--board", path(&layout)], ""),
        format!(
            "error: {}: square 2 holds a jump to itself\n",
            layout.display()
        )
    );
}

#[test]
fn rules_options_layer_on_each_commands_own_preset() {
    // Square 7 climbs to 9: from square 1 (LeetCode's start) a six gets there in one roll;
    // from off the board (the standard start) it takes two.
    let grid = "[[9,-1,-1],[-1,-1,-1],[-1,-1,-1]]";
    let solve = |rules: &str| -> serde_json::Value {
        serde_json::from_str(&ok(&["solve", "--json", "--rules", rules], grid)).unwrap()
    };
    let v = solve("ending=exact");
    assert_eq!(v["rolls"], 1);
    assert_eq!(
        v["rules"],
        "ending=exact,start=square-1,entry=any-roll,six=normal,collision=share,jumps=single,die=6"
    );
    let v = solve("ending=bounce");
    assert_eq!(
        (
            v["rolls"].as_i64(),
            v["rules"].as_str().map(|r| r.contains("start=square-1"))
        ),
        (Some(1), Some(true))
    );
    let v = solve("standard,ending=exact");
    assert_eq!(v["rolls"], 2);
    assert_eq!(
        v["rules"],
        "ending=exact,start=off-board,entry=any-roll,six=normal,collision=share,jumps=single,die=6"
    );
    // The other commands start from the standard rules, and say which rules they used.
    let standard_die_8 = "ending=bounce,start=off-board,entry=any-roll,six=normal,collision=share,jumps=single,die=8";
    let check: serde_json::Value = serde_json::from_str(&ok(
        &["board", "check", "classic", "--rules", "die=8", "--json"],
        "",
    ))
    .unwrap();
    assert_eq!(check["rules"], standard_die_8);
    let simulate: serde_json::Value = serde_json::from_str(&ok(
        &["simulate", "--rules", "die=8", "--games", "200", "--json"],
        "",
    ))
    .unwrap();
    assert_eq!(simulate["rules"], standard_die_8);
    let analyze: serde_json::Value =
        serde_json::from_str(&ok(&["analyze", "--rules", "die=8", "--json"], "")).unwrap();
    assert_eq!(analyze["rules"], standard_die_8);
    assert_eq!(ok(&["rules", "die=8"], ""), format!("{standard_die_8}\n"));
    // A bad option names itself, as a usage error.
    let err = fails(&["solve", "--rules", "ending=strict"], grid);
    assert!(
        err.contains("rules: unknown value \"strict\" for ending"),
        "{err}"
    );
}

#[test]
fn random_grids_meet_leetcodes_constraints() {
    let mut all = String::new();
    for n in 2..=20u32 {
        let squares = n * n;
        for jumps in [1, squares / 5, squares / 2] {
            let out = ok(
                &[
                    "board",
                    "random",
                    "--size",
                    &n.to_string(),
                    "--jumps",
                    &jumps.to_string(),
                    "--format",
                    "grid",
                    "--count",
                    "12",
                    "--seed",
                    &(n * 1000 + jumps).to_string(),
                ],
                "",
            );
            for line in out.lines() {
                let grid: Vec<Vec<i64>> = serde_json::from_str(line).unwrap();
                let n = n as usize;
                assert_eq!(grid.len(), n, "{line}");
                assert!(grid.iter().all(|row| row.len() == n), "{line}");
                let m = (n * n) as i64;
                assert!(
                    grid.iter()
                        .flatten()
                        .all(|&v| v == -1 || (1..=m).contains(&v)),
                    "{line}"
                );
                let (r1, c1) = cell(n, 1);
                let (rm, cm) = cell(n, n * n);
                assert_eq!((grid[r1][c1], grid[rm][cm]), (-1, -1), "{line}");
                assert_eq!(
                    grid.iter().flatten().filter(|&&v| v != -1).count(),
                    jumps as usize,
                    "{line}"
                );
            }
            all.push_str(&out);
        }
    }
    // They are the input of `solve --jsonl`, answered as the published solution answers.
    let answers = ok(&["solve", "--jsonl"], &all);
    for (line, answer) in all.lines().zip(answers.lines()) {
        let grid: Vec<Vec<i64>> = serde_json::from_str(line).unwrap();
        assert_eq!(answer, published_bfs(&grid).to_string(), "{line}");
    }
    // Past LeetCode's size limit the grid is printed, with a word on standard error.
    let (code, out, err) = status(&["board", "random", "--size", "21", "--format", "grid"], "");
    assert_eq!(code, Some(0));
    assert_eq!(
        serde_json::from_str::<Vec<Vec<i64>>>(&out).unwrap().len(),
        21
    );
    assert_eq!(
        err,
        "warning: a 21 x 21 grid: snakes reads it, LeetCode 909 takes 2 x 2 to 20 x 20\n"
    );
    // A grid is square: a rectangle is refused, in words.
    assert_eq!(
        fails(
            &[
                "board", "random", "--rows", "3", "--cols", "4", "--format", "grid"
            ],
            ""
        ),
        "error: a LeetCode grid is square: give --size N with --format grid (or write a layout)\n"
    );
}
