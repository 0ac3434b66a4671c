//! `snakes solve`: the fewest rolls to finish a board when the player chooses every roll
//! (LeetCode 909 under the default `leetcode` rules), optionally with the path.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use snakes::{Board, Rules, Square, StayReason, Step};
use snakes_analysis::solve::{Solution, Solver, min_rolls, min_rolls_textbook};

mod jsonl;

use crate::input::{BoardArg, BoardOpt, Leetcode, RulesOpt};
use snakes_text::errors::board_error;

use crate::user_error;
use crate::words::{catalogue, list, say};

/// Arguments of `snakes solve`.
#[derive(clap::Args)]
#[command(
    after_long_help = "LeetCode boards: every board LeetCode 909 accepts is read as \
LeetCode reads it and answered as its judge answers. That is an n x n grid (2 <= n <= 20), \
row 0 at the top, squares numbered boustrophedon from the bottom left; each cell -1 or a \
square from 1 to n*n, where a cell holding its own square number is no jump; squares 1 and \
n*n without a jump. The default rules, leetcode, are LeetCode's: start on square 1, a roll \
past the last square is no move, one jump per move. snakes also reads grids beyond those \
limits: any size up to 3162 x 3162, and a jump on square 1 (never taken under leetcode \
rules, since no move lands there). A jump on the last square, or a value that is not a \
square, is an error naming the cell.

Examples:
  echo '[[-1,4,-1],[6,2,6],[-1,3,-1]]' | snakes solve
  snakes solve board.json --path
  snakes solve --jsonl boards.jsonl > answers.txt",
    after_help = "Examples:
  echo '[[-1,4,-1],[6,2,6],[-1,3,-1]]' | snakes solve
  snakes solve board.json --path
  snakes solve --jsonl boards.jsonl > answers.txt"
)]
pub struct Args {
    /// A file holding one LeetCode grid (`[[-1,-1],[-1,3]]`; a JSON or TOML layout works too).
    /// Without it, or with `-`, standard input is read. With --jsonl, a file of grids, one a
    /// line.
    #[arg(conflicts_with = "board", value_name = "FILE")]
    file: Option<PathBuf>,
    #[command(flatten)]
    board: BoardOpt<Leetcode>,
    #[command(flatten)]
    rules: RulesOpt<Leetcode>,
    /// Also print one optimal path: each roll and the squares it passed through.
    #[arg(long)]
    path: bool,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Read one grid per line and print one answer per line, in the same order, as they come.
    /// A bad line prints `error` on its output line and `error: line N: ...` on standard
    /// error; the other lines are still answered and the exit status is 2.
    #[arg(long, conflicts_with_all = ["board", "path", "json"])]
    jsonl: bool,
    /// Use the textbook search (a VecDeque and a HashSet) instead of the fast one: same
    /// answers, slower; for speed comparisons. It counts rolls only, so not with --path.
    // With --path the path search ran instead, silently: a timing would measure the wrong one.
    #[arg(long, conflicts_with = "path")]
    naive: bool,
}

/// Runs `snakes solve`.
///
/// # Errors
/// A bad board, bad rules or bad options (user errors), or a failed read or write.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = args.rules.get();
    let from_stdin =
        args.board.get().is_none() && args.file.as_deref().is_none_or(|p| p == Path::new("-"));
    if from_stdin && io::stdin().is_terminal() {
        // Someone typed `snakes solve` alone: say what it is waiting for.
        let what = if args.jsonl { "lines" } else { "grid" };
        eprintln!("{}", say!("solve-reading", what = what));
    }
    if args.jsonl {
        return jsonl::run(args.file.as_deref(), &rules, args.naive);
    }
    let given = match args.board.get() {
        Some(board) => board.clone(),
        None => {
            let spec = args.file.as_deref().map_or("-".as_ref(), Path::as_os_str);
            // The same reading, and the same messages, as --board.
            BoardArg::read(spec).map_err(user_error)?
        }
    };
    let board = &given.board;
    let unplayable = |e: snakes::BoardError| {
        user_error(say!(
            "input-in-file",
            file = given.label(),
            message = board_error(catalogue(), &e)
        ))
    };
    let mut out = BufWriter::new(io::stdout().lock());
    if args.path || args.json && !args.naive {
        let solution = min_rolls(board, &rules).map_err(unplayable)?;
        if args.json {
            let value = json(board, &rules, &solution, args.path);
            writeln!(out, "{value}")?;
        } else {
            write_text(&mut out, board, &solution)?;
        }
    } else {
        let rolls = if args.naive {
            min_rolls_textbook(board, &rules)
        } else {
            Solver::new().count(board, &rules)
        }
        .map_err(unplayable)?;
        if args.json {
            let value = serde_json::json!({
                "rolls": rolls.map_or(-1, i64::from),
                "reachable": rolls.is_some(),
                "last": board.last(),
                "rules": rules.to_string(),
            });
            writeln!(out, "{value}")?;
        } else {
            writeln!(out, "{}", rolls.map_or(-1, i64::from))?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The answer, then one line per roll.
fn write_text(out: &mut impl Write, board: &Board, solution: &Solution) -> io::Result<()> {
    let Some(rolls) = solution.rolls else {
        writeln!(out, "-1")?;
        return writeln!(out, "{}", say!("solve-unreachable", last = board.last()));
    };
    writeln!(out, "{rolls}")?;
    let last = board.last();
    for (i, roll) in solution.path.iter().enumerate() {
        let steps: Vec<String> = roll.steps.iter().map(|s| describe(*s, last)).collect();
        let line = say!(
            "solve-path-roll",
            number = i + 1,
            roll = roll.roll,
            steps = list(&steps)
        );
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// One step in words, naming only squares the token passed through or rested on.
fn describe(step: Step, last: Square) -> String {
    match step {
        Step::Entered { to } => say!("solve-step-entered", to = to),
        Step::Moved { from, to } => say!("solve-step-moved", from = from, to = to),
        Step::Bounced {
            from,
            turned_at,
            to,
        } => say!(
            "solve-step-bounced",
            from = from,
            turned = turned_at,
            to = to
        ),
        Step::StayedPut { at, reason } => {
            let why = match reason {
                StayReason::NeedSix => "need-six",
                StayReason::Overshoot => "overshoot",
            };
            say!("solve-step-stayed", at = at, why = why, last = last)
        }
        Step::Climbed { to, .. } => say!("solve-step-climbed", to = to),
        Step::Slid { to, .. } => say!("solve-step-slid", to = to),
    }
}

fn json(board: &Board, rules: &Rules, solution: &Solution, path: bool) -> serde_json::Value {
    let mut value = serde_json::json!({
        "rolls": solution.rolls.map_or(-1, i64::from),
        "reachable": solution.rolls.is_some(),
        "last": board.last(),
        "rules": rules.to_string(),
    });
    if path && let Some(map) = value.as_object_mut() {
        let rolls: Vec<serde_json::Value> = solution
            .path
            .iter()
            .map(|r| {
                serde_json::json!({
                    "roll": r.roll,
                    "from": r.from,
                    "to": r.to,
                    "steps": r.steps,
                })
            })
            .collect();
        map.insert("path".into(), rolls.into());
    }
    value
}

/// A buffer for [`format_answer`].
fn itoa_buf() -> [u8; 16] {
    [0; 16]
}

/// The answer as a line of text (`-1` when unreachable), without allocating.
fn format_answer(rolls: Option<u32>, buf: &mut [u8; 16]) -> &[u8] {
    let Some(mut n) = rolls else {
        return b"-1\n";
    };
    let mut at = buf.len() - 1;
    buf[at] = b'\n';
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[at..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_format_as_lines() {
        let mut buf = itoa_buf();
        assert_eq!(format_answer(Some(0), &mut buf), b"0\n");
        assert_eq!(format_answer(Some(4), &mut buf), b"4\n");
        assert_eq!(
            format_answer(Some(4_294_967_295), &mut buf),
            b"4294967295\n"
        );
        assert_eq!(format_answer(None, &mut buf), b"-1\n");
    }

    #[test]
    fn steps_in_words() {
        assert_eq!(describe(Step::Moved { from: 1, to: 2 }, 36), "1 -> 2");
        assert_eq!(
            describe(
                Step::Bounced {
                    from: 98,
                    turned_at: 100,
                    to: 97
                },
                100
            ),
            "98 -> 100, bounces back to 97"
        );
        assert_eq!(
            describe(Step::Climbed { from: 2, to: 15 }, 36),
            "ladder up to 15"
        );
        assert_eq!(
            describe(Step::Slid { from: 17, to: 13 }, 36),
            "snake down to 13"
        );
        assert_eq!(describe(Step::Entered { to: 3 }, 36), "enters on 3");
    }
}
