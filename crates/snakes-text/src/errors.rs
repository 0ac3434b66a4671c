//! The typed errors of the libraries in words from the catalogue (`errors.ftl`): what is wrong
//! with a board ([`BoardError`], with the grid reader's [`GridProblem`] and a layout's
//! [`LayoutProblem`]), a set of rules ([`RulesError`]), a game's set-up ([`SetupError`]), what
//! checking a board notices ([`BoardWarning`]) and why an analysis cannot be made
//! ([`AnalysisError`]).
//!
//! These are the only sentences of those errors: the libraries' own `Display` is terse and
//! technical (`board: NotSquare { row: 1, cells: 3, rows: 4 }`), for logs. Everything shown to a
//! person goes through these functions, on the command line and in the server's refusals alike
//! ([`crate::Detail`]); the JSON the commands print carries the English of these functions.
//! Tests pin the English sentence of every kind.

use snakes::{
    BoardError, BoardWarning, GridProblem, LayoutProblem, RulesError, SetupError, TextProblem,
};
use snakes_analysis::AnalysisError;
use snakes_analysis::error::{Part, Unit, span};

use crate::catalogue::{Catalogue, MessageArg};

type Args<'a> = Vec<(&'a str, MessageArg)>;

/// A catalogue message and its arguments; the error's own technical `Display` for a kind added
/// to a library after its message was written.
pub(crate) type Message = Result<(&'static str, Args<'static>), String>;

/// The words of `message` in `c`.
pub(crate) fn say(c: &Catalogue, message: Message) -> String {
    match message {
        Ok((id, args)) => c.format(id, &args),
        Err(text) => text,
    }
}

/// What someone typed, quoted, with any invisible character escaped (`"\t"`).
fn quoted(text: &str) -> MessageArg {
    MessageArg::from(format!("{text:?}"))
}

/// A list of option names, as they are written, joined as the language joins names.
fn list(items: &[&str]) -> MessageArg {
    MessageArg::Names(items.iter().map(|s| (*s).to_string()).collect())
}

/// What is wrong with a board, in words.
pub fn board_error(c: &Catalogue, e: &BoardError) -> String {
    say(c, board_error_message(c, e))
}

/// What the grid reader found wrong in a grid's text, in words (without the line and column,
/// which [`board_error`] adds).
pub fn grid_problem(c: &Catalogue, p: &GridProblem) -> String {
    let n = MessageArg::from;
    let found = |f: &Option<char>| -> MessageArg {
        match f {
            Some(ch) => format!("{ch:?}").into(),
            None => c.format("grid-found-end", &[]).into(),
        }
    };
    let (id, args): (&str, Args<'_>) = match p {
        GridProblem::OpenGrid { found: f } => ("grid-open-grid", vec![("found", found(f))]),
        GridProblem::OpenRow { row, found: f } => {
            ("grid-open-row", vec![("row", n(*row)), ("found", found(f))])
        }
        GridProblem::AfterRow { row, found: f } => (
            "grid-after-row",
            vec![("row", n(*row)), ("found", found(f))],
        ),
        GridProblem::AfterCell { row, col, found: f } => (
            "grid-after-cell",
            vec![("row", n(*row)), ("col", n(*col)), ("found", found(f))],
        ),
        GridProblem::NotANumber { row, col, found: f } => (
            "grid-not-a-number",
            vec![("row", n(*row)), ("col", n(*col)), ("found", found(f))],
        ),
        GridProblem::NotWhole { row, col } => {
            ("grid-not-whole", vec![("row", n(*row)), ("col", n(*col))])
        }
        GridProblem::TooLarge { row, col } => {
            ("grid-too-large", vec![("row", n(*row)), ("col", n(*col))])
        }
        GridProblem::AfterEnd { found: f } => ("grid-after-end", vec![("found", found(&Some(*f)))]),
        // A kind added to the library later: its own words until the catalogue has them.
        other => return other.to_string(),
    };
    c.format(id, &args)
}

/// What a well-formed layout file says that a layout cannot, in words.
pub fn layout_problem(c: &Catalogue, p: &LayoutProblem) -> String {
    let (id, args): (&str, Args<'_>) = match p {
        LayoutProblem::NoSize => ("layout-no-size", vec![]),
        LayoutProblem::RowsWithoutCols => ("layout-rows-without-cols", vec![]),
        LayoutProblem::ColsWithoutRows => ("layout-cols-without-rows", vec![]),
        LayoutProblem::SizeAndSides => ("layout-size-and-sides", vec![]),
        LayoutProblem::NegativeSide { key, value } => (
            "layout-negative-side",
            vec![("key", (*key).into()), ("value", (*value).into())],
        ),
        LayoutProblem::NeedsSerde => ("layout-needs-serde", vec![]),
        other => return other.to_string(),
    };
    c.format(id, &args)
}

/// The message saying what is wrong with a board (a grid's or layout's problem worded in `c`):
/// a board that cannot be read ([`reading_error`]) or whose jumps cannot be ([`jump_error`]).
pub(crate) fn board_error_message(c: &Catalogue, e: &BoardError) -> Message {
    match reading_error(c, e).or_else(|| jump_error(e)) {
        Some(message) => Ok(message),
        // A kind added to the library later: its own words until the catalogue has them.
        None => Err(e.to_string()),
    }
}

/// A board that cannot be read: its text, or its grid's size and values.
fn reading_error(c: &Catalogue, e: &BoardError) -> Option<(&'static str, Args<'static>)> {
    let n = MessageArg::from;
    let syntax = |format: &str, line: usize, column: usize, detail: String| {
        vec![
            ("format", MessageArg::from(format)),
            ("line", n(line)),
            ("column", n(column)),
            ("detail", detail.into()),
        ]
    };
    Some(match e {
        BoardError::Syntax {
            format,
            line,
            column,
            message,
        } => {
            let format = match *format {
                "JSON layout" => "json",
                "TOML layout" => "toml",
                _ => "grid",
            };
            (
                "board-error-syntax",
                syntax(format, *line, *column, message.clone()),
            )
        }
        BoardError::LayoutText {
            line,
            column,
            problem,
            ..
        } => {
            let detail = match problem {
                TextProblem::Ends => c.format("layout-text-ends", &[]),
                TextProblem::NotWhole { value } => {
                    c.format("layout-text-not-whole", &[("value", (&**value).into())])
                }
                _ => problem.to_string(),
            };
            ("board-error-syntax", syntax("json", *line, *column, detail))
        }
        BoardError::Grid {
            line,
            column,
            problem,
        } => (
            "board-error-syntax",
            syntax("grid", *line, *column, grid_problem(c, problem)),
        ),
        BoardError::Layout { problem } => (
            "board-error-layout",
            vec![("detail", layout_problem(c, problem).into())],
        ),
        BoardError::EmptyGrid => ("board-error-empty-grid", vec![]),
        BoardError::NotSquare { row, cells, rows } => (
            "board-error-not-square",
            vec![("row", n(*row)), ("cells", n(*cells)), ("rows", n(*rows))],
        ),
        BoardError::ValueOutOfRange {
            row,
            col,
            square,
            value,
            last,
        } => (
            "board-error-value-out-of-range",
            vec![
                ("row", n(*row)),
                ("col", n(*col)),
                ("square", (*square).into()),
                ("value", (*value).into()),
                ("last", (*last).into()),
            ],
        ),
        BoardError::BadSize { rows, cols } => (
            "board-error-bad-size",
            vec![
                ("rows", (*rows).into()),
                ("cols", (*cols).into()),
                ("max", snakes::MAX_SQUARES.into()),
            ],
        ),
        _ => return None,
    })
}

/// A board whose ladders and snakes cannot be: off the board, on the last square, two from one
/// square, going the wrong way, too many, in a cycle.
fn jump_error(e: &BoardError) -> Option<(&'static str, Args<'static>)> {
    let n = MessageArg::from;
    Some(match e {
        BoardError::SquareOutOfRange {
            jump: (from, to),
            end,
            square,
            last,
        } => (
            "board-error-square-out-of-range",
            vec![
                ("from", (*from).into()),
                ("to", (*to).into()),
                ("end", (*end).into()),
                ("square", (*square).into()),
                ("last", (*last).into()),
            ],
        ),
        BoardError::JumpOnLastSquare { to, last } => (
            "board-error-jump-on-last",
            vec![("to", (*to).into()), ("last", (*last).into())],
        ),
        BoardError::JumpToItself { square } => (
            "board-error-jump-to-itself",
            vec![("square", (*square).into())],
        ),
        BoardError::TwoJumpsFromOneSquare {
            square,
            first,
            second,
        } => (
            "board-error-two-jumps",
            vec![
                ("square", (*square).into()),
                ("first", (*first).into()),
                ("second", (*second).into()),
            ],
        ),
        BoardError::LadderGoesDown { from, to } => (
            "board-error-ladder-goes-down",
            vec![("from", (*from).into()), ("to", (*to).into())],
        ),
        BoardError::SnakeGoesUp { from, to } => (
            "board-error-snake-goes-up",
            vec![("from", (*from).into()), ("to", (*to).into())],
        ),
        BoardError::TooManyJumps {
            jumps,
            placed,
            first,
            last,
        } => (
            "board-error-too-many-jumps",
            vec![
                ("jumps", n(*jumps)),
                ("placed", n(*placed)),
                ("first", (*first).into()),
                ("highest", last.saturating_sub(1).into()),
                ("last", (*last).into()),
                ("room", if first < last { "some" } else { "none" }.into()),
            ],
        ),
        BoardError::ZeroSpan { jumps } => ("board-error-zero-span", vec![("jumps", n(*jumps))]),
        BoardError::JumpCycle { squares } => {
            let path: Vec<String> = squares
                .iter()
                .chain(squares.first())
                .map(ToString::to_string)
                .collect();
            (
                "board-error-jump-cycle",
                vec![("path", path.join(" -> ").into())],
            )
        }
        _ => return None,
    })
}

/// What is wrong with a set of rules, in words.
pub fn rules_error(c: &Catalogue, e: &RulesError) -> String {
    say(c, rules_error_message(e))
}

/// The message saying what is wrong with a set of rules.
pub(crate) fn rules_error_message(e: &RulesError) -> Message {
    let faces = || -> Args<'static> {
        vec![
            ("min", snakes::MIN_FACES.into()),
            ("max", snakes::MAX_FACES.into()),
        ]
    };
    let (id, args): (&'static str, Args<'static>) = match e {
        RulesError::UnknownValue {
            key,
            value,
            expected,
        } => (
            "rules-error-unknown-value",
            vec![
                ("value", quoted(value)),
                ("key", (*key).into()),
                ("values", list(expected)),
            ],
        ),
        RulesError::DieFaces { faces: given } => {
            let mut args = faces();
            args.push(("faces", (*given).into()));
            ("rules-error-die-faces", args)
        }
        RulesError::DieNotANumber { value } => {
            let mut args = faces();
            args.push(("value", quoted(value)));
            ("rules-error-die-not-a-number", args)
        }
        RulesError::UnknownRule { key } => (
            "rules-error-unknown-rule",
            vec![("key", quoted(key)), ("keys", list(snakes::KEYS))],
        ),
        RulesError::Empty => (
            "rules-error-empty",
            vec![("presets", list(snakes::PRESETS))],
        ),
        RulesError::Twice { key } => ("rules-error-twice", vec![("key", key.into())]),
        RulesError::PresetNotFirst { preset } => (
            "rules-error-preset-not-first",
            vec![("preset", quoted(preset))],
        ),
        RulesError::UnknownPreset { preset } => (
            "rules-error-unknown-preset",
            vec![
                ("preset", quoted(preset)),
                ("presets", list(snakes::PRESETS)),
            ],
        ),
        other => return Err(other.to_string()),
    };
    Ok((id, args))
}

/// Why a game cannot be set up, in words.
pub fn setup_error(c: &Catalogue, e: &SetupError) -> String {
    say(c, setup_error_message(c, e))
}

/// The message saying why a game cannot be set up.
pub(crate) fn setup_error_message(c: &Catalogue, e: &SetupError) -> Message {
    let (id, args): (&'static str, Args<'static>) = match e {
        SetupError::Players { count } => (
            "setup-error-players",
            vec![
                ("players", MessageArg::from(*count)),
                ("max", snakes::MAX_PLAYERS.into()),
            ],
        ),
        SetupError::FirstPlayer { first, count } => (
            "setup-error-first-player",
            vec![
                ("first", MessageArg::from(*first)),
                ("highest", MessageArg::from(count.saturating_sub(1))),
            ],
        ),
        SetupError::Board(e) => return board_error_message(c, e),
        other => return Err(other.to_string()),
    };
    Ok((id, args))
}

/// What checking a board noticed, in words.
pub fn board_warning(c: &Catalogue, w: &BoardWarning) -> String {
    say(c, Ok(board_warning_message(w)))
}

/// The message saying what checking a board noticed.
pub(crate) fn board_warning_message(w: &BoardWarning) -> (&'static str, Args<'static>) {
    let (id, args): (&'static str, Args<'static>) = match w {
        BoardWarning::UnusedJump {
            from,
            to,
            on_start_square,
        } => (
            "board-warning-unused-jump",
            vec![
                ("kind", if to > from { "ladder" } else { "snake" }.into()),
                ("from", (*from).into()),
                ("to", (*to).into()),
                (
                    "why",
                    if *on_start_square { "start" } else { "rules" }.into(),
                ),
            ],
        ),
        BoardWarning::LastUnreachable { last } => (
            "board-warning-last-unreachable",
            vec![("last", (*last).into())],
        ),
        BoardWarning::Trap { square, last } => (
            "board-warning-trap",
            vec![("square", (*square).into()), ("last", (*last).into())],
        ),
        BoardWarning::OwnNumber { square, row, col } => (
            "board-warning-own-number",
            vec![
                ("square", (*square).into()),
                ("row", MessageArg::from(*row)),
                ("col", MessageArg::from(*col)),
            ],
        ),
    };
    (id, args)
}

/// `secs` as a length of time in words: "8.2 s", "13 min", "3.5 h", "1450 days" in English.
pub fn duration(c: &Catalogue, secs: f64) -> String {
    let s = span(secs);
    let unit = match s.unit {
        Unit::Seconds => "seconds",
        Unit::Minutes => "minutes",
        Unit::Hours => "hours",
        Unit::Days => "days",
    };
    c.format(
        "duration",
        &[
            ("unit", unit.into()),
            ("value", MessageArg::decimal(s.value, s.decimals)),
        ],
    )
}

/// The part of an analysis a budget refuses, as the selector of the messages that name it.
pub fn part_key(part: Part) -> &'static str {
    match part {
        Part::Solve => "solve",
        Part::Exact => "exact",
        Part::Race => "race",
    }
}

/// Why an analysis or a simulation cannot be made, in words.
pub fn analysis_error(c: &Catalogue, e: &AnalysisError) -> String {
    const GIB: f64 = (1u64 << 30) as f64;
    let (id, args): (&str, Args<'_>) = match e {
        AnalysisError::Board(e) => return board_error(c, e),
        AnalysisError::NeverEnds(w) => return board_warning(c, w),
        AnalysisError::StartsOnLast { last } => (
            "analysis-error-starts-on-last",
            vec![("last", (*last).into())],
        ),
        AnalysisError::Players(k) => (
            "analysis-error-players",
            vec![
                ("players", MessageArg::from(*k)),
                ("max", snakes::MAX_PLAYERS.into()),
            ],
        ),
        AnalysisError::OverBudget {
            part,
            estimate_secs,
            budget_secs,
        } => (
            "analysis-error-over-budget",
            vec![
                ("part", part_key(*part).into()),
                ("estimate", duration(c, *estimate_secs).into()),
                ("budget", duration(c, *budget_secs).into()),
            ],
        ),
        AnalysisError::TooLarge { bytes } => (
            "analysis-error-too-large",
            vec![
                ("gib", MessageArg::decimal(bytes / GIB, 1)),
                (
                    "limit",
                    MessageArg::decimal(snakes_analysis::budget::MEMORY_LIMIT / GIB, 0),
                ),
            ],
        ),
        AnalysisError::NoConvergence {
            iterations,
            residual,
        } => (
            "analysis-error-no-convergence",
            vec![
                ("iterations", MessageArg::from(*iterations)),
                ("residual", format!("{residual:.1e}").into()),
            ],
        ),
        AnalysisError::UnknownOption(key) => (
            "analysis-error-unknown-option",
            vec![("key", quoted(key)), ("keys", list(snakes::KEYS))],
        ),
        AnalysisError::NoGames => ("analysis-error-no-games", vec![]),
        AnalysisError::Threads {
            wanted,
            started,
            reason,
        } => (
            "analysis-error-threads",
            vec![
                ("wanted", MessageArg::from(*wanted)),
                ("started", MessageArg::from(*started)),
                ("reason", reason.into()),
            ],
        ),
    };
    c.format(id, &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use snakes::{MAX_SQUARES, Square};

    /// The English of every error of `board_errors()`, in order: what a person reads (the
    /// library's `Display` is technical; these sentences are written in `errors.ftl` alone).
    const BOARD_ERRORS: &[&str] = &[
        "the grid has no rows",
        "layout: no size: give `size` (an n x n board) or `rows` and `cols`",
        "layout: `rows` without `cols`: give both, or `size`",
        "layout: `cols` without `rows`: give both, or `size`",
        "layout: give either `size` or `rows` and `cols`, not both",
        "layout: `rows` is -3: a board needs at least 1 square each way",
        "layout: layout files need the `serde` feature of the snakes crate",
        "board[0][3] (square 34) holds -7; a cell holds -1 or a square from 1 to 36",
        "board[1][0] (square 2) holds 9007199254740993; a cell holds -1 or a square from 1 to 4",
        "a board of 0 x 18446744073709551615 squares is not allowed: each side needs at least 1 square and the board at most 10000000",
        "square 100 is the last square and cannot hold a jump (found one to 3)",
        "square 5 holds a jump to itself",
        "square 4 holds two jumps (4-9 and 4-2); a square holds at most one",
        "the ladder 9-2 goes down; list it with the snakes or swap its ends",
        "the snake 2-9 goes up; list it with the ladders or swap its ends",
        "the jumps 5 -> 12 -> 5 form a cycle, so a token would never stop when jumps chain",
        "JSON layout: line 2, column 14: invalid type: string \"1\", expected a whole number",
        "TOML layout: line 2, column 14: invalid type: string \"1\", expected a whole number",
        "JSON layout: line 2, column 14: the text ends before the layout does (a bracket or a brace is left open)",
        "JSON layout: line 2, column 14: 18446744073709551616 is not a whole number of squares",
        "grid: line 2, column 14: board[0][1] is not a whole number; a cell holds -1 or a square number",
        "grid: line 2, column 14: board[3][0] is far too large",
        "grid: line 2, column 14: unexpected 'x' after the end of the grid",
        "grid: line 2, column 14: unexpected '\\u{200b}' after the end of the grid",
        "grid: line 2, column 14: expected '[' to open the grid, found the end of the input",
        "grid: line 2, column 14: expected '[' to open board[1], found the end of the input",
        "grid: line 2, column 14: expected ',' or ']' after board[1], found the end of the input",
        "grid: line 2, column 14: expected ',' or ']' after board[1][2], found the end of the input",
        "grid: line 2, column 14: expected a number for board[1][3], found the end of the input",
        "grid: line 2, column 14: expected '[' to open the grid, found 'x'",
        "grid: line 2, column 14: expected '[' to open board[1], found 'x'",
        "grid: line 2, column 14: expected ',' or ']' after board[1], found 'x'",
        "grid: line 2, column 14: expected ',' or ']' after board[1][2], found 'x'",
        "grid: line 2, column 14: expected a number for board[1][3], found 'x'",
        "grid: line 2, column 14: expected '[' to open the grid, found '\\t'",
        "grid: line 2, column 14: expected '[' to open board[1], found '\\t'",
        "grid: line 2, column 14: expected ',' or ']' after board[1], found '\\t'",
        "grid: line 2, column 14: expected ',' or ']' after board[1][2], found '\\t'",
        "grid: line 2, column 14: expected a number for board[1][3], found '\\t'",
        "the jump -1-200 has its start on square 200, which is not on the board (squares 1 to 100)",
        "the jump -1-200 has its end on square 200, which is not on the board (squares 1 to 100)",
        "board[1] has 1 cell, but a grid of 2 rows must have 2 in every row",
        "cannot place 1 jump on a board of 1 square: only 0 fit (no square can hold one)",
        "cannot place 1 jump with a longest span of 0: a jump spans at least 1 square",
        "board[2] has 2 cells, but a grid of 3 rows must have 3 in every row",
        "cannot place 2 jumps on a board of 9 squares: only 0 fit (squares 2 to 8, one jump each, without a cycle of jumps)",
        "cannot place 2 jumps with a longest span of 0: a jump spans at least 1 square",
        "board[0] has 0 cells, but a grid of 1 row must have 1 in every row",
        "cannot place 0 jumps on a board of 5 squares: only 0 fit (squares 1 to 4, one jump each, without a cycle of jumps)",
        "cannot place 0 jumps with a longest span of 0: a jump spans at least 1 square",
    ];
    const SETUP_ERRORS: &[&str] = &[
        "a game has 1 to 8 players, not 9",
        "a game has 1 to 8 players, not 0",
        "player 3 cannot go first: players are numbered 0 to 1",
        "the jumps 3 -> 9 -> 3 form a cycle, so a token would never stop when jumps chain",
    ];
    const RULES_ERRORS: &[&str] = &[
        "a die has 2 to 20 faces, not 1",
        "die: \"six\" is not a number of faces (2 to 20)",
        "no rules given: name a preset (standard, leetcode) or options like ending=bounce",
        "ending is given twice: give each option once",
        "the preset \"leetcode\" must come first, before any option",
        "unknown preset \"tab\\there\": the presets are standard, leetcode; options are written key=value",
        "unknown rule \"colour\": the rules are ending, start, entry, six, collision, jumps, die",
        "unknown value \"sideways\" for ending: expected one of bounce, exact, loose",
    ];
    const BOARD_WARNINGS: &[&str] = &[
        "the ladder 1-38 is never used: tokens start on square 1 and no move lands there",
        "the snake 17-7 is never used: no move under these rules lands on square 17",
        "square 16 cannot be reached from the start: no game on this board can end",
        "a token can reach square 2, from which square 6 can never be reached: a game may never end",
        "board[0][1] holds 8, its own square number: square 8 has no jump (as LeetCode reads it)",
    ];
    const ANALYSIS_ERRORS: &[&str] = &[
        "tokens start on square 1, the last square: the first roll always wins, so there is nothing to measure",
        "0 players: a game has 1 to 8 players",
        "measuring this board would need about 3.1 GiB of memory, more than the 2 GiB an analysis allows itself: a simulation needs far less",
        "the average turns cannot be computed accurately on this board in the time allowed: after 2000 iterations of GMRES an equation is still off by 2.5e-7, and the elimination would take longer; a simulation estimates them instead",
        "cannot compare \"colour\": give one of ending, start, entry, six, collision, jumps, die",
        "a simulation needs at least one game",
        "cannot start 300 threads (the system refused after 12: Resource temporarily unavailable); ask for fewer",
        "the jumps 3 -> 9 -> 3 form a cycle, so a token would never stop when jumps chain",
        "a token can reach square 2, from which square 6 can never be reached: a game may never end",
        "computing the average turns would take about 8.2 s on this board, over the budget of 60 s: a simulation gives an estimate sooner, or allow more time",
        "computing the average turns as an exact fraction would take about 1447 days on this board, over the budget of 60 s: a simulation gives an estimate sooner, or allow more time",
        "computing the race of several players would take about 2.5 h on this board, over the budget of 60 s: a simulation gives an estimate sooner, or allow more time",
    ];
    const DURATIONS: &[&str] = &[
        "0.000 s",
        "0.04 s",
        "10.0 s",
        "45 s",
        "120 s",
        "13 min",
        "120 min",
        "3.5 h",
        "2 days",
        "1447 days",
    ];

    /// Every kind of every error, with values that pick each plural and each variant.
    fn board_errors() -> Vec<BoardError> {
        let mut all = vec![
            BoardError::EmptyGrid,
            BoardError::Layout {
                problem: LayoutProblem::NoSize,
            },
            BoardError::Layout {
                problem: LayoutProblem::RowsWithoutCols,
            },
            BoardError::Layout {
                problem: LayoutProblem::ColsWithoutRows,
            },
            BoardError::Layout {
                problem: LayoutProblem::SizeAndSides,
            },
            BoardError::Layout {
                problem: LayoutProblem::NegativeSide {
                    key: "rows",
                    value: -3,
                },
            },
            BoardError::Layout {
                problem: LayoutProblem::NeedsSerde,
            },
            BoardError::ValueOutOfRange {
                row: 0,
                col: 3,
                square: 34,
                value: -7,
                last: 36,
            },
            BoardError::ValueOutOfRange {
                row: 1,
                col: 0,
                square: 2,
                value: 9_007_199_254_740_993,
                last: 4,
            },
            BoardError::BadSize {
                rows: 0,
                cols: u64::MAX,
            },
            BoardError::JumpOnLastSquare { to: 3, last: 100 },
            BoardError::JumpToItself { square: 5 },
            BoardError::TwoJumpsFromOneSquare {
                square: 4,
                first: 9,
                second: 2,
            },
            BoardError::LadderGoesDown { from: 9, to: 2 },
            BoardError::SnakeGoesUp { from: 2, to: 9 },
            BoardError::JumpCycle {
                squares: vec![5, 12],
            },
        ];
        for format in ["JSON layout", "TOML layout"] {
            all.push(BoardError::Syntax {
                format,
                line: 2,
                column: 14,
                message: "invalid type: string \"1\", expected a whole number".into(),
            });
        }
        for problem in [
            TextProblem::Ends,
            TextProblem::NotWhole {
                value: "18446744073709551616".into(),
            },
        ] {
            all.push(BoardError::LayoutText {
                format: "JSON layout",
                line: 2,
                column: 14,
                problem,
            });
        }
        for problem in grid_problems() {
            all.push(BoardError::Grid {
                line: 2,
                column: 14,
                problem,
            });
        }
        for end in ["start", "end"] {
            all.push(BoardError::SquareOutOfRange {
                jump: (-1, 200),
                end,
                square: 200,
                last: 100,
            });
        }
        for (count, first, last) in [(1, 1, 1 as Square), (2, 2, 9), (0, 1, 5)] {
            all.push(BoardError::NotSquare {
                row: count,
                cells: count,
                rows: count + 1,
            });
            all.push(BoardError::TooManyJumps {
                jumps: count,
                placed: 0,
                first,
                last,
            });
            all.push(BoardError::ZeroSpan { jumps: count });
        }
        all
    }

    /// Every problem the grid reader finds, at the end of the input and before a character
    /// (an invisible one escaped).
    fn grid_problems() -> Vec<GridProblem> {
        let mut all = vec![
            GridProblem::NotWhole { row: 0, col: 1 },
            GridProblem::TooLarge { row: 3, col: 0 },
            GridProblem::AfterEnd { found: 'x' },
            GridProblem::AfterEnd { found: '\u{200b}' },
        ];
        for found in [None, Some('x'), Some('\t')] {
            all.extend([
                GridProblem::OpenGrid { found },
                GridProblem::OpenRow { row: 1, found },
                GridProblem::AfterRow { row: 1, found },
                GridProblem::AfterCell {
                    row: 1,
                    col: 2,
                    found,
                },
                GridProblem::NotANumber {
                    row: 1,
                    col: 3,
                    found,
                },
            ]);
        }
        all
    }

    #[test]
    fn english_board_errors_are_the_sentences_people_read() {
        let c = Catalogue::english();
        let mut said = Vec::new();
        for e in board_errors() {
            said.push(board_error(&c, &e));
        }
        assert_eq!(said, BOARD_ERRORS);
        assert!(
            board_error(&c, &BoardError::BadSize { rows: 0, cols: 1 })
                .ends_with(&format!("at most {MAX_SQUARES}"))
        );
    }

    #[test]
    fn english_setup_errors_are_the_sentences_people_read() {
        let c = Catalogue::english();
        let mut said = Vec::new();
        for e in [
            SetupError::Players { count: 9 },
            SetupError::Players { count: 0 },
            SetupError::FirstPlayer { first: 3, count: 2 },
            SetupError::Board(BoardError::JumpCycle {
                squares: vec![3, 9],
            }),
        ] {
            said.push(setup_error(&c, &e));
        }
        assert_eq!(said, SETUP_ERRORS);
    }

    #[test]
    fn grid_and_layout_problems_are_said_in_every_language() {
        // In another language, nothing of the English reader's words is left; the place in
        // the grid (board[1][2]) and the character found stay as they are.
        for lang in 1..crate::LOCALES.len() {
            let c = Catalogue::shipped(lang);
            for problem in grid_problems() {
                let english = grid_problem(&Catalogue::english(), &problem);
                let said = grid_problem(&c, &problem);
                assert_ne!(said, english);
                for word in [
                    "expected",
                    "found",
                    "input",
                    "number",
                    "unexpected",
                    "after",
                ] {
                    assert!(!said.contains(word), "{}: {said}", c.language());
                }
                if english.contains("'x'") {
                    assert!(said.contains("'x'"), "{said}");
                }
                if english.contains("board[1][2]") {
                    assert!(said.contains("board[1][2]"), "{said}");
                }
            }
            let e = BoardError::Layout {
                problem: LayoutProblem::RowsWithoutCols,
            };
            let said = board_error(&c, &e);
            assert!(
                !said.contains("without") && said.contains("`rows`"),
                "{said}"
            );
            let e = SetupError::Players { count: 9 };
            assert!(!setup_error(&c, &e).contains("players"));
        }
    }

    #[test]
    fn english_rules_errors_are_the_sentences_people_read() {
        let c = Catalogue::english();
        let mut said = Vec::new();
        let mut errors = vec![
            RulesError::DieFaces { faces: 1 },
            RulesError::DieNotANumber {
                value: "six".into(),
            },
            RulesError::Empty,
            RulesError::Twice {
                key: "ending".into(),
            },
            RulesError::PresetNotFirst {
                preset: "leetcode".into(),
            },
            RulesError::UnknownPreset {
                preset: "tab\there".into(),
            },
            RulesError::UnknownRule {
                key: "colour".into(),
            },
        ];
        errors.push("ending=sideways".parse::<snakes::Rules>().unwrap_err());
        for e in errors {
            said.push(rules_error(&c, &e));
        }
        assert_eq!(said, RULES_ERRORS);
    }

    #[test]
    fn english_board_warnings_are_the_sentences_people_read() {
        let c = Catalogue::english();
        let mut said = Vec::new();
        for w in [
            BoardWarning::UnusedJump {
                from: 1,
                to: 38,
                on_start_square: true,
            },
            BoardWarning::UnusedJump {
                from: 17,
                to: 7,
                on_start_square: false,
            },
            BoardWarning::LastUnreachable { last: 16 },
            BoardWarning::Trap { square: 2, last: 6 },
            BoardWarning::OwnNumber {
                square: 8,
                row: 0,
                col: 1,
            },
        ] {
            said.push(board_warning(&c, &w));
        }
        assert_eq!(said, BOARD_WARNINGS);
    }

    #[test]
    fn english_analysis_errors_and_durations_are_the_sentences_people_read() {
        let c = Catalogue::english();
        let mut said = Vec::new();
        let mut errors = vec![
            AnalysisError::StartsOnLast { last: 1 },
            AnalysisError::Players(0),
            AnalysisError::TooLarge { bytes: 3.3e9 },
            AnalysisError::NoConvergence {
                iterations: 2000,
                residual: 2.5e-7,
            },
            AnalysisError::UnknownOption("colour".into()),
            AnalysisError::NoGames,
            AnalysisError::Threads {
                wanted: 300,
                started: 12,
                reason: "Resource temporarily unavailable".into(),
            },
            AnalysisError::Board(BoardError::JumpCycle {
                squares: vec![3, 9],
            }),
            AnalysisError::NeverEnds(BoardWarning::Trap { square: 2, last: 6 }),
        ];
        for (part, secs) in [
            (Part::Solve, 8.2),
            (Part::Exact, 1.25e8),
            (Part::Race, 9000.0),
        ] {
            errors.push(AnalysisError::OverBudget {
                part,
                estimate_secs: secs,
                budget_secs: 60.0,
            });
        }
        for e in errors {
            said.push(analysis_error(&c, &e));
        }
        assert_eq!(said, ANALYSIS_ERRORS);
        let mut durations = Vec::new();
        for secs in [
            0.0, 0.04, 9.96, 45.0, 119.6, 780.0, 7199.0, 12_600.0, 2e5, 1.25e8,
        ] {
            durations.push(duration(&c, secs));
        }
        assert_eq!(durations, DURATIONS);
    }
}
