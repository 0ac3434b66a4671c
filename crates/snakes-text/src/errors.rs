//! The typed errors of the libraries in words from the catalogue (`errors.ftl`): what is wrong
//! with a board ([`BoardError`], with the grid reader's [`GridProblem`] and a layout's
//! [`LayoutProblem`]), a set of rules ([`RulesError`]), a game's set-up ([`SetupError`]), what
//! checking a board notices ([`BoardWarning`]) and why an analysis cannot be made
//! ([`AnalysisError`]).
//!
//! The libraries' own `Display` stays English, for Rust callers and for the JSON the commands
//! print; everything shown to a person goes through these functions, on the command line and in
//! the server's refusals alike ([`crate::Detail`]). The English catalogue says exactly what
//! `Display` says (a test compares every kind).

use snakes::{
    BoardError, BoardWarning, GridProblem, LayoutProblem, RulesError, SetupError, TextProblem,
};
use snakes_analysis::AnalysisError;
use snakes_analysis::error::{Part, Unit, span};

use crate::catalogue::{Catalogue, MessageArg};

type Args<'a> = Vec<(&'a str, MessageArg)>;

/// A catalogue message and its arguments; the error's own (English) `Display` for a kind added
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
    fn english_board_errors_say_what_display_says() {
        let c = Catalogue::english();
        for e in board_errors() {
            assert_eq!(board_error(&c, &e), e.to_string());
        }
        assert!(
            board_error(&c, &BoardError::BadSize { rows: 0, cols: 1 })
                .ends_with(&format!("at most {MAX_SQUARES}"))
        );
    }

    #[test]
    fn english_setup_errors_say_what_display_says() {
        let c = Catalogue::english();
        for e in [
            SetupError::Players { count: 9 },
            SetupError::Players { count: 0 },
            SetupError::FirstPlayer { first: 3, count: 2 },
            SetupError::Board(BoardError::JumpCycle {
                squares: vec![3, 9],
            }),
        ] {
            assert_eq!(setup_error(&c, &e), e.to_string());
        }
    }

    #[test]
    fn grid_and_layout_problems_are_said_in_every_language() {
        // In another language, nothing of the English reader's words is left; the place in
        // the grid (board[1][2]) and the character found stay as they are.
        for lang in 1..crate::LOCALES.len() {
            let c = Catalogue::shipped(lang);
            for problem in grid_problems() {
                let english = problem.to_string();
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
    fn english_rules_errors_say_what_display_says() {
        let c = Catalogue::english();
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
            assert_eq!(rules_error(&c, &e), e.to_string());
        }
    }

    #[test]
    fn english_board_warnings_say_what_display_says() {
        let c = Catalogue::english();
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
            assert_eq!(board_warning(&c, &w), w.to_string());
        }
    }

    #[test]
    fn english_analysis_errors_and_durations_say_what_display_says() {
        let c = Catalogue::english();
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
            assert_eq!(analysis_error(&c, &e), e.to_string());
        }
        for secs in [
            0.0, 0.04, 9.96, 45.0, 119.6, 780.0, 7199.0, 12_600.0, 2e5, 1.25e8,
        ] {
            assert_eq!(
                duration(&c, secs),
                snakes_analysis::error::duration(secs),
                "{secs}"
            );
        }
    }
}
