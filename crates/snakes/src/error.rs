//! Typed errors. Each names the offending row, square or value in its fields, so that a person
//! can be told how to fix the input: the sentences, in every language, are `snakes_text::errors`
//! (this crate's `Display` is terse and technical, for logs).

use std::fmt;

use crate::board::Square;

/// A terse, technical `Display` for an error of this crate: what was being read or checked,
/// then the error's kind and values as `Debug` writes them (`board: NotSquare { row: 1, cells:
/// 3, rows: 4 }`). The sentences for people, in every language, are `snakes_text::errors`: the
/// English of an error is written there alone.
macro_rules! technical_display {
    ($type:ty, $what:literal) => {
        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($what, ": {:?}"), self)
            }
        }
    };
}
pub(crate) use technical_display;

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
    /// A side of 0, or more than [`MAX_SQUARES`](crate::MAX_SQUARES) squares.
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

technical_display!(BoardError, "board");

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

technical_display!(TextProblem, "layout text");

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

technical_display!(GridProblem, "grid");

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

technical_display!(LayoutProblem, "layout");

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

technical_display!(RulesError, "rules");

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

technical_display!(SetupError, "game setup");

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
