//! Typed errors. Each names the offending row, square or value, so a person can fix the input.

use std::fmt;

use crate::board::{MAX_SQUARES, Square};

/// Why a board was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The text is not well-formed JSON or TOML, as its parser (serde_json, toml) says.
    Syntax {
        /// Which format was being read: `"JSON layout"` or `"TOML layout"`.
        format: &'static str,
        /// 1-based line of the problem.
        line: usize,
        /// 1-based column of the problem.
        column: usize,
        /// What the parser says is wrong there, in its own (English) words.
        message: String,
    },
    /// The text of a JSON layout is well-formed as far as it goes but is not a layout: typed,
    /// so that every language can say it (the rest of what a parser finds is [`BoardError::Syntax`]).
    LayoutText {
        /// Which format was being read: `"JSON layout"`.
        format: &'static str,
        /// 1-based line of the problem.
        line: usize,
        /// 1-based column of the problem.
        column: usize,
        /// What is wrong there.
        problem: TextProblem,
    },
    /// The text of a LeetCode grid is not an array of arrays of whole numbers: what the grid
    /// reader found, typed, so that every language can say it.
    Grid {
        /// 1-based line of the problem.
        line: usize,
        /// 1-based column of the problem (in characters).
        column: usize,
        /// What is wrong there.
        problem: GridProblem,
    },
    /// A layout file is well-formed but says something a layout cannot (a missing size, a
    /// negative side).
    Layout {
        /// What is wrong.
        problem: LayoutProblem,
    },
    /// A grid with no rows.
    EmptyGrid,
    /// A grid whose row `row` has `cells` cells while the grid has `rows` rows: grids are square.
    NotSquare {
        /// 0-based row index (`board[row]`).
        row: usize,
        /// How many cells that row has.
        cells: usize,
        /// How many rows the grid has (so how many cells every row needs).
        rows: usize,
    },
    /// A grid cell holds something other than -1 or a square of the board.
    ValueOutOfRange {
        /// 0-based row index.
        row: usize,
        /// 0-based column index.
        col: usize,
        /// The square that cell is.
        square: Square,
        /// The value found.
        value: i64,
        /// The last square of the board.
        last: Square,
    },
    /// A side of 0, or more than [`MAX_SQUARES`] squares.
    BadSize {
        /// Rows asked for.
        rows: u64,
        /// Columns asked for.
        cols: u64,
    },
    /// A jump end that is not a square of the board.
    SquareOutOfRange {
        /// The jump as written.
        jump: (i64, i64),
        /// `"start"` or `"end"`.
        end: &'static str,
        /// The offending square number.
        square: i64,
        /// The last square of the board.
        last: Square,
    },
    /// A jump starting on the last square (the game is over there).
    JumpOnLastSquare {
        /// Where it would lead.
        to: Square,
        /// The last square.
        last: Square,
    },
    /// A jump from a square to itself.
    JumpToItself {
        /// The square.
        square: Square,
    },
    /// Two jumps start on one square.
    TwoJumpsFromOneSquare {
        /// The square.
        square: Square,
        /// Where the first jump goes.
        first: Square,
        /// Where the second jump goes.
        second: Square,
    },
    /// A layout lists a ladder whose top is not above its foot.
    LadderGoesDown {
        /// Foot.
        from: Square,
        /// Top.
        to: Square,
    },
    /// A layout lists a snake whose tail is not below its head.
    SnakeGoesUp {
        /// Head.
        from: Square,
        /// Tail.
        to: Square,
    },
    /// A random board was asked for more jumps than fit: at most one per square, none on the
    /// last square, and no cycle of jumps.
    TooManyJumps {
        /// How many were asked for.
        jumps: usize,
        /// How many fit.
        placed: usize,
        /// The lowest square that may hold a jump (1, or 2 for a LeetCode grid).
        first: Square,
        /// The last square of the board.
        last: Square,
    },
    /// A random board was asked for jumps that may span no square at all.
    ZeroSpan {
        /// How many jumps were asked for.
        jumps: usize,
    },
    /// Jumps that lead into each other forever, under rules where jumps chain.
    JumpCycle {
        /// The squares of the cycle, in the order the jumps visit them.
        squares: Vec<Square>,
    },
}

impl fmt::Display for BoardError {
    /// The English sentence of each kind of error, one arm each: a reference match, long as the
    /// list of kinds is (the other languages' sentences are `snakes_text::errors`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Syntax {
                format,
                line,
                column,
                message,
            } => write!(f, "{format}: line {line}, column {column}: {message}"),
            BoardError::LayoutText {
                format,
                line,
                column,
                problem,
            } => write!(f, "{format}: line {line}, column {column}: {problem}"),
            BoardError::Grid {
                line,
                column,
                problem,
            } => write!(f, "grid: line {line}, column {column}: {problem}"),
            BoardError::Layout { problem } => write!(f, "layout: {problem}"),
            BoardError::EmptyGrid => write!(f, "the grid has no rows"),
            BoardError::NotSquare { row, cells, rows } => write!(
                f,
                "board[{row}] has {cells} cell{}, but a grid of {rows} row{} must have {rows} in every row",
                plural(*cells),
                plural(*rows)
            ),
            BoardError::ValueOutOfRange {
                row,
                col,
                square,
                value,
                last,
            } => write!(
                f,
                "board[{row}][{col}] (square {square}) holds {value}; a cell holds -1 or a square from 1 to {last}"
            ),
            BoardError::BadSize { .. }
            | BoardError::SquareOutOfRange { .. }
            | BoardError::JumpOnLastSquare { .. }
            | BoardError::JumpToItself { .. }
            | BoardError::TwoJumpsFromOneSquare { .. }
            | BoardError::LadderGoesDown { .. }
            | BoardError::SnakeGoesUp { .. }
            | BoardError::TooManyJumps { .. }
            | BoardError::ZeroSpan { .. }
            | BoardError::JumpCycle { .. } => self.fmt_jumps(f),
        }
    }
}

impl BoardError {
    /// The English sentence of an error in the board's size or its jumps (the rest of
    /// [`BoardError`]'s `Display`).
    fn fmt_jumps(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize { rows, cols } => write!(
                f,
                "a board of {rows} x {cols} squares is not allowed: each side needs at least 1 square and the board at most {MAX_SQUARES}"
            ),
            BoardError::SquareOutOfRange {
                jump: (from, to),
                end,
                square,
                last,
            } => write!(
                f,
                "the jump {from}-{to} has its {end} on square {square}, which is not on the board (squares 1 to {last})"
            ),
            BoardError::JumpOnLastSquare { to, last } => write!(
                f,
                "square {last} is the last square and cannot hold a jump (found one to {to})"
            ),
            BoardError::JumpToItself { square } => {
                write!(f, "square {square} holds a jump to itself")
            }
            BoardError::TwoJumpsFromOneSquare {
                square,
                first,
                second,
            } => write!(
                f,
                "square {square} holds two jumps ({square}-{first} and {square}-{second}); a square holds at most one"
            ),
            BoardError::LadderGoesDown { from, to } => write!(
                f,
                "the ladder {from}-{to} goes down; list it with the snakes or swap its ends"
            ),
            BoardError::SnakeGoesUp { from, to } => write!(
                f,
                "the snake {from}-{to} goes up; list it with the ladders or swap its ends"
            ),
            BoardError::TooManyJumps {
                jumps,
                placed,
                first,
                last,
            } => {
                write!(
                    f,
                    "cannot place {jumps} jump{} on a board of {last} square{}: only {placed} fit ",
                    plural(*jumps),
                    plural(*last as usize)
                )?;
                if *first < *last {
                    write!(
                        f,
                        "(squares {first} to {}, one jump each, without a cycle of jumps)",
                        last - 1
                    )
                } else {
                    write!(f, "(no square can hold one)")
                }
            }
            BoardError::ZeroSpan { jumps } => write!(
                f,
                "cannot place {jumps} jump{} with a longest span of 0: a jump spans at least 1 square",
                plural(*jumps)
            ),
            BoardError::JumpCycle { squares } => {
                let path: Vec<String> = squares
                    .iter()
                    .chain(squares.first())
                    .map(|s| s.to_string())
                    .collect();
                write!(
                    f,
                    "the jumps {} form a cycle, so a token would never stop when jumps chain",
                    path.join(" -> ")
                )
            }
            // The errors of reading the text are written by `Display` itself.
            other => write!(f, "{other:?}"),
        }
    }
}

impl std::error::Error for BoardError {}

/// What is wrong in the text of a layout, where [`BoardError::LayoutText`] says.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TextProblem {
    /// The text ends before the layout does (a bracket or a brace left open).
    Ends,
    /// A number where a whole number of squares goes that is not one, or too large to be one:
    /// as it was written.
    NotWhole {
        /// The number, as written.
        value: Box<str>,
    },
}

impl fmt::Display for TextProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextProblem::Ends => write!(
                f,
                "the text ends before the layout does (a bracket or a brace is left open)"
            ),
            TextProblem::NotWhole { value } => {
                write!(f, "{value} is not a whole number of squares")
            }
        }
    }
}

/// What the reader of a LeetCode grid's text found wrong. `found` is the character found
/// there, `None` at the end of the input; rows and columns count from 0, as in `board[row][col]`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridProblem {
    /// The text does not open with `[`.
    OpenGrid {
        /// What was found instead.
        found: Option<char>,
    },
    /// Row `row` does not open with `[`.
    OpenRow {
        /// The row.
        row: usize,
        /// What was found instead.
        found: Option<char>,
    },
    /// After row `row`, neither `,` nor `]`.
    AfterRow {
        /// The row.
        row: usize,
        /// What was found instead.
        found: Option<char>,
    },
    /// After the cell `board[row][col]`, neither `,` nor `]`.
    AfterCell {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// What was found instead.
        found: Option<char>,
    },
    /// Where the cell `board[row][col]` should be, no number.
    NotANumber {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// What was found instead.
        found: Option<char>,
    },
    /// The cell `board[row][col]` holds a fraction or an exponent.
    NotWhole {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// The cell `board[row][col]` holds a number beyond 64 bits.
    TooLarge {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// Something after the grid's closing `]`.
    AfterEnd {
        /// What was found.
        found: char,
    },
}

/// What was found, as the grid reader's messages say it: the character quoted (`'x'`, with
/// anything invisible escaped), or "the end of the input".
fn found_text(found: Option<char>) -> String {
    match found {
        Some(c) => format!("{c:?}"),
        None => "the end of the input".to_string(),
    }
}

impl fmt::Display for GridProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let found = |c: &Option<char>| found_text(*c);
        match self {
            GridProblem::OpenGrid { found: c } => {
                write!(f, "expected '[' to open the grid, found {}", found(c))
            }
            GridProblem::OpenRow { row, found: c } => {
                write!(f, "expected '[' to open board[{row}], found {}", found(c))
            }
            GridProblem::AfterRow { row, found: c } => write!(
                f,
                "expected ',' or ']' after board[{row}], found {}",
                found(c)
            ),
            GridProblem::AfterCell { row, col, found: c } => write!(
                f,
                "expected ',' or ']' after board[{row}][{col}], found {}",
                found(c)
            ),
            GridProblem::NotANumber { row, col, found: c } => write!(
                f,
                "expected a number for board[{row}][{col}], found {}",
                found(c)
            ),
            GridProblem::NotWhole { row, col } => write!(
                f,
                "board[{row}][{col}] is not a whole number; a cell holds -1 or a square number"
            ),
            GridProblem::TooLarge { row, col } => {
                write!(f, "board[{row}][{col}] is far too large")
            }
            GridProblem::AfterEnd { found: c } => {
                write!(f, "unexpected {c:?} after the end of the grid")
            }
        }
    }
}

/// What a well-formed layout file says that a layout cannot.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LayoutProblem {
    /// Neither `size` nor `rows` and `cols`.
    NoSize,
    /// `rows` without `cols`.
    RowsWithoutCols,
    /// `cols` without `rows`.
    ColsWithoutRows,
    /// `size` together with `rows` or `cols`.
    SizeAndSides,
    /// A side given as a negative number.
    NegativeSide {
        /// `size`, `rows` or `cols`.
        key: &'static str,
        /// The number given.
        value: i64,
    },
    /// A layout read by a build of this crate without its `serde` feature.
    NeedsSerde,
}

impl fmt::Display for LayoutProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutProblem::NoSize => {
                write!(
                    f,
                    "no size: give `size` (an n x n board) or `rows` and `cols`"
                )
            }
            LayoutProblem::RowsWithoutCols => {
                write!(f, "`rows` without `cols`: give both, or `size`")
            }
            LayoutProblem::ColsWithoutRows => {
                write!(f, "`cols` without `rows`: give both, or `size`")
            }
            LayoutProblem::SizeAndSides => {
                write!(f, "give either `size` or `rows` and `cols`, not both")
            }
            LayoutProblem::NegativeSide { key, value } => write!(
                f,
                "`{key}` is {value}: a board needs at least 1 square each way"
            ),
            LayoutProblem::NeedsSerde => {
                write!(
                    f,
                    "layout files need the `serde` feature of the snakes crate"
                )
            }
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Why a set of rules could not be read. Each kind names the option, value or preset at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// An option was given a value it does not have.
    UnknownValue {
        /// The option's key (`ending`, `start`, ...).
        key: &'static str,
        /// The value given.
        value: String,
        /// The values the option has.
        expected: &'static [&'static str],
    },
    /// A die of a number of faces outside [`crate::MIN_FACES`]`..=`[`crate::MAX_FACES`].
    DieFaces {
        /// The faces asked for.
        faces: u8,
    },
    /// `die=` with something that is not a number.
    DieNotANumber {
        /// The value given.
        value: String,
    },
    /// A key that is no option.
    UnknownRule {
        /// The key given.
        key: String,
    },
    /// Nothing at all.
    Empty,
    /// One option given twice (`ending=exact,ending=loose`: a slip, not an override).
    Twice {
        /// The option's key.
        key: String,
    },
    /// A preset after an option: presets come first, options change them.
    PresetNotFirst {
        /// The preset.
        preset: String,
    },
    /// A word that is no preset (and not `key=value`).
    UnknownPreset {
        /// The word given.
        preset: String,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::rules::{KEYS, MAX_FACES, MIN_FACES, PRESETS};
        match self {
            RulesError::UnknownValue {
                key,
                value,
                expected,
            } => write!(
                f,
                "unknown value {value:?} for {key}: expected one of {}",
                expected.join(", ")
            ),
            RulesError::DieFaces { faces } => {
                write!(f, "a die has {MIN_FACES} to {MAX_FACES} faces, not {faces}")
            }
            RulesError::DieNotANumber { value } => write!(
                f,
                "die: {value:?} is not a number of faces ({MIN_FACES} to {MAX_FACES})"
            ),
            RulesError::UnknownRule { key } => {
                write!(f, "unknown rule {key:?}: the rules are {}", KEYS.join(", "))
            }
            RulesError::Empty => write!(
                f,
                "no rules given: name a preset ({}) or options like ending=bounce",
                PRESETS.join(", ")
            ),
            RulesError::Twice { key } => write!(f, "{key} is given twice: give each option once"),
            RulesError::PresetNotFirst { preset } => write!(
                f,
                "the preset {preset:?} must come first, before any option"
            ),
            RulesError::UnknownPreset { preset } => write!(
                f,
                "unknown preset {preset:?}: the presets are {}; options are written key=value",
                PRESETS.join(", ")
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupError {
    /// The engine plays 1 to 8 tokens.
    Players {
        /// How many were asked for.
        count: usize,
    },
    /// The first player is not one of the players.
    FirstPlayer {
        /// The index asked for.
        first: usize,
        /// How many players there are.
        count: usize,
    },
    /// The board cannot be played under these rules (a jump cycle when jumps chain).
    Board(BoardError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players { count } => {
                write!(f, "a game has 1 to 8 players, not {count}")
            }
            SetupError::FirstPlayer { first, count } => write!(
                f,
                "player {first} cannot go first: players are numbered 0 to {}",
                count.saturating_sub(1)
            ),
            SetupError::Board(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<BoardError> for SetupError {
    fn from(e: BoardError) -> Self {
        SetupError::Board(e)
    }
}

/// Why a roll was refused. A refused roll leaves the game state unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayError {
    /// Someone has already won.
    GameOver,
    /// The die has no such face.
    RollOutOfRange {
        /// The value given.
        roll: u8,
        /// The die's number of faces.
        faces: u8,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => write!(f, "the game is over"),
            PlayError::RollOutOfRange { roll, faces } => {
                write!(f, "a {faces}-sided die cannot roll {roll}")
            }
        }
    }
}

impl std::error::Error for PlayError {}
