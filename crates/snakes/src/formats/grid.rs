//! LeetCode grids: `board[r][c]` is -1 for a plain square or the square its jump leads to, row 0
//! at the top, written as a JSON array of arrays.
//!
//! The reader is hand-written: it is the hot path of `snakes solve --jsonl`, and it can say which
//! row and column a bad value sits in.
//!
//! A cell holding its own square number is "no jump", as LeetCode's judge reads it (its
//! constraints allow any value 1 to n² in a cell): the board gets no jump there, and the reading
//! notes it as a [`BoardWarning::OwnNumber`] for whoever shows warnings.

use std::fmt::Write as _;

use crate::board::{Board, Jump, Square, check_size};
use crate::check::BoardWarning;
use crate::error::{BoardError, GridProblem};
use crate::formats::ParsedBoard;

impl Board {
    /// A board from a LeetCode grid: `grid[r][c]` is -1 for a plain square or the destination of
    /// the jump on that cell; row 0 is the top row. The grid must be square. A cell holding its
    /// own square number holds no jump.
    ///
    /// # Errors
    /// [`BoardError::EmptyGrid`], [`BoardError::NotSquare`] (which row, how many cells),
    /// [`BoardError::ValueOutOfRange`] (which cell and square, which value), and the errors of
    /// [`Board::new`] with the square named.
    pub fn from_grid<R: AsRef<[i64]>>(grid: &[R]) -> Result<Board, BoardError> {
        Board::from_grid_noting(grid).map(|parsed| parsed.board)
    }

    /// As [`Board::from_grid`], with a [`BoardWarning::OwnNumber`] for every cell that holds its
    /// own square number (lowest square first).
    ///
    /// # Errors
    /// As [`Board::from_grid`].
    pub fn from_grid_noting<R: AsRef<[i64]>>(grid: &[R]) -> Result<ParsedBoard, BoardError> {
        let n = grid.len();
        if n == 0 {
            return Err(BoardError::EmptyGrid);
        }
        for (row, cells) in grid.iter().enumerate() {
            let cells = cells.as_ref().len();
            if cells != n {
                return Err(BoardError::NotSquare {
                    row,
                    cells,
                    rows: n,
                });
            }
        }
        let last = check_size(n as u64, n as u64)?;
        let side = n as u32;
        let square_of = |row: usize, col: usize| {
            let from_bottom = side - 1 - row as u32;
            let along = if from_bottom.is_multiple_of(2) {
                col as u32
            } else {
                side - 1 - col as u32
            };
            from_bottom * side + along + 1
        };
        // First every value, top row first, so the first bad cell in reading order is named.
        let mut warnings = Vec::new();
        for (row, cells) in grid.iter().enumerate() {
            for (col, &value) in cells.as_ref().iter().enumerate() {
                if value == -1 {
                    continue;
                }
                let square = square_of(row, col);
                if value < 1 || value > i64::from(last) {
                    return Err(BoardError::ValueOutOfRange {
                        row,
                        col,
                        square,
                        value,
                        last,
                    });
                }
                if value == i64::from(square) {
                    warnings.push(BoardWarning::OwnNumber { square, row, col });
                }
            }
        }
        warnings.sort_by_key(|w| match w {
            BoardWarning::OwnNumber { square, .. } => *square,
            _ => 0,
        });
        // Then the jumps in square order (so the board's own checks name the lowest square
        // first), walking the rows from the bottom, alternating direction.
        let jumps = (0..side).flat_map(move |from_bottom| {
            let cells = grid[(side - 1 - from_bottom) as usize].as_ref();
            (0..side).filter_map(move |along| {
                let col = if from_bottom.is_multiple_of(2) {
                    along
                } else {
                    side - 1 - along
                };
                let value = cells[col as usize];
                let from = from_bottom * side + along + 1;
                (value != -1 && value != i64::from(from)).then_some(Jump {
                    from,
                    to: value as Square,
                })
            })
        });
        Ok(ParsedBoard {
            board: Board::new(side, side, jumps)?,
            warnings,
        })
    }

    /// A board from a LeetCode grid written as JSON (`[[-1,-1],[-1,3]]`).
    ///
    /// # Errors
    /// [`BoardError::Syntax`] with line and column for text that is not an array of arrays of
    /// whole numbers, then the errors of [`Board::from_grid`].
    pub fn from_grid_text(text: &str) -> Result<Board, BoardError> {
        // Grids written the common way take the quick path; the others, and every mistake,
        // the reader below, which names what is wrong where.
        if let Some(board) = Board::from_common_grid(text.as_bytes()) {
            return Ok(board);
        }
        Board::from_grid_text_noting(text).map(|parsed| parsed.board)
    }

    /// A LeetCode grid written the common way, as programs write it: no blanks, every cell
    /// `-1` or a square number of up to 9 digits, square, with jumps a board can hold (a cell
    /// holding its own square number is no jump). `None` for any other text, which
    /// [`Board::from_grid_text`] reads, or says what is wrong with. Works on bytes, so that a
    /// reader of many grids need not check each for UTF-8 first; the board is the one
    /// [`Board::from_grid_text`] gives.
    ///
    /// ```
    /// use snakes::Board;
    /// let board = Board::from_common_grid(b"[[-1,4,-1],[6,2,6],[-1,3,-1]]").unwrap();
    /// assert_eq!(board.jump(2), Some(3));
    /// assert_eq!(Board::from_common_grid(b"[[-1, -1], [-1, 3]]"), None); // blanks
    /// ```
    pub fn from_common_grid(bytes: &[u8]) -> Option<Board> {
        super::quick_grid::board(bytes)
    }

    /// As [`Board::from_common_grid`] for a grid that begins `bytes` and ends its line (a
    /// `\n` or `\r\n` right after it): the board and the bytes of the line, its end included.
    /// `None` when `bytes` does not begin so: a reader of lines then takes the line its own way.
    /// A reader of many lines finds each line's end this way without searching for it first.
    ///
    /// ```
    /// use snakes::Board;
    /// let (board, read) = Board::common_grid_line(b"[[-1,-1],[-1,3]]\n[[-1]]\n").unwrap();
    /// assert_eq!((board.last(), read), (4, 17));
    /// assert!(Board::common_grid_line(b"[[-1,-1],[-1,3]]").is_none()); // no line end
    /// ```
    pub fn common_grid_line(bytes: &[u8]) -> Option<(Board, usize)> {
        let (board, read) = super::quick_grid::board_prefix(bytes)?;
        match &bytes[read..] {
            [b'\n', ..] => Some((board, read + 1)),
            [b'\r', b'\n', ..] => Some((board, read + 2)),
            _ => None,
        }
    }

    /// As [`Board::from_grid_text`], with the warnings of [`Board::from_grid_noting`].
    ///
    /// # Errors
    /// As [`Board::from_grid_text`].
    pub fn from_grid_text_noting(text: &str) -> Result<ParsedBoard, BoardError> {
        // Every cell takes at least two bytes (a digit and a separator): one allocation.
        let mut cells = Vec::with_capacity(text.len() / 2 + 1);
        let mut row_lens = Vec::new();
        GridReader::new(text).read(&mut cells, &mut row_lens)?;
        let mut rows: Vec<&[i64]> = Vec::with_capacity(row_lens.len());
        let mut at = 0;
        for &len in &row_lens {
            rows.push(&cells[at..at + len]);
            at += len;
        }
        Board::from_grid_noting(&rows)
    }

    /// The LeetCode grid of this board: row 0 at the top, -1 for plain squares. A grid is read
    /// back only when it is square ([`Board::from_grid`]); a rectangular board's cells come out in
    /// the same layout all the same.
    pub fn to_grid(&self) -> Vec<Vec<i64>> {
        (0..self.rows())
            .map(|row| {
                (0..self.cols())
                    .map(|col| {
                        let square = self.square_at(row, col).unwrap_or(0);
                        self.jump(square).map_or(-1, i64::from)
                    })
                    .collect()
            })
            .collect()
    }

    /// The LeetCode grid as compact JSON, one line. See [`Board::to_grid`] for rectangular
    /// boards.
    pub fn to_grid_json(&self) -> String {
        let grid = self.to_grid();
        let mut text = String::with_capacity(self.last() as usize * 3 + 2);
        text.push('[');
        for (r, row) in grid.iter().enumerate() {
            text.push_str(if r == 0 { "[" } else { ",[" });
            for (c, cell) in row.iter().enumerate() {
                if c > 0 {
                    text.push(',');
                }
                let _ = write!(text, "{cell}");
            }
            text.push(']');
        }
        text.push(']');
        text
    }
}

/// A reader of `[[int, ...], ...]` with 1-based line and column in its errors.
struct GridReader<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    line_start: usize,
}

impl<'a> GridReader<'a> {
    fn new(text: &'a str) -> Self {
        GridReader {
            bytes: text.as_bytes(),
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }

    fn error(&self, problem: GridProblem) -> BoardError {
        // Columns count characters, not bytes.
        let column = String::from_utf8_lossy(&self.bytes[self.line_start..self.pos])
            .chars()
            .count()
            + 1;
        BoardError::Grid {
            line: self.line,
            column,
            problem,
        }
    }

    fn skip_blank(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            match b {
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                    self.line_start = self.pos;
                }
                b' ' | b'\t' | b'\r' => self.pos += 1,
                _ => break,
            }
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_blank();
        self.bytes.get(self.pos).copied()
    }

    /// The character at the reader's place; `None` at the end of the input.
    fn found(&self) -> Option<char> {
        self.bytes.get(self.pos)?;
        let rest = String::from_utf8_lossy(&self.bytes[self.pos..]);
        Some(rest.chars().next().unwrap_or('?'))
    }

    fn read(&mut self, cells: &mut Vec<i64>, row_lens: &mut Vec<usize>) -> Result<(), BoardError> {
        if self.peek() == Some(b'[') {
            self.pos += 1;
        } else {
            return Err(self.error(GridProblem::OpenGrid {
                found: self.found(),
            }));
        }
        if self.peek() == Some(b']') {
            self.pos += 1;
        } else {
            loop {
                let row = row_lens.len();
                self.read_row(row, cells, row_lens)?;
                match self.peek() {
                    Some(b',') => self.pos += 1,
                    Some(b']') => {
                        self.pos += 1;
                        break;
                    }
                    _ => {
                        return Err(self.error(GridProblem::AfterRow {
                            row,
                            found: self.found(),
                        }));
                    }
                }
            }
        }
        if self.peek().is_some()
            && let Some(found) = self.found()
        {
            return Err(self.error(GridProblem::AfterEnd { found }));
        }
        Ok(())
    }

    fn read_row(
        &mut self,
        row: usize,
        cells: &mut Vec<i64>,
        row_lens: &mut Vec<usize>,
    ) -> Result<(), BoardError> {
        // Checked inline (this runs once per row on the hot path of `snakes solve --jsonl`).
        if self.peek() == Some(b'[') {
            self.pos += 1;
        } else {
            return Err(self.error(GridProblem::OpenRow {
                row,
                found: self.found(),
            }));
        }
        let before = cells.len();
        if self.peek() == Some(b']') {
            self.pos += 1;
        } else {
            loop {
                // Most cells are read by the fast loop; it stops before anything it does not
                // know (spaces, signs, errors) and the general reader takes that cell.
                if self.quick_cells(cells) {
                    break;
                }
                let col = cells.len() - before;
                cells.push(self.read_int(row, col)?);
                match self.peek() {
                    Some(b',') => self.pos += 1,
                    Some(b']') => {
                        self.pos += 1;
                        break;
                    }
                    _ => {
                        return Err(self.error(GridProblem::AfterCell {
                            row,
                            col,
                            found: self.found(),
                        }));
                    }
                }
            }
        }
        row_lens.push(cells.len() - before);
        Ok(())
    }

    /// Reads the cells of the current row for as long as they are written the common way: `-1`
    /// or up to 9 digits, each directly followed by `,` or `]`. Stops at the start of any other
    /// cell (spaces, signs, long numbers, mistakes), leaving it to [`GridReader::read_int`],
    /// which says what is wrong. Returns true when it consumed the row's closing `]`.
    #[inline]
    fn quick_cells(&mut self, cells: &mut Vec<i64>) -> bool {
        let bytes = self.bytes;
        let mut pos = self.pos;
        let closed = loop {
            let rest = bytes.get(pos..).unwrap_or_default();
            let (value, len) = if let [b'-', b'1', ..] = rest {
                (-1, 2)
            } else {
                let digits = rest.iter().take(9).take_while(|b| b.is_ascii_digit());
                let (mut value, mut len) = (0i64, 0);
                for &b in digits {
                    value = value * 10 + i64::from(b - b'0');
                    len += 1;
                }
                if len == 0 {
                    break false;
                }
                (value, len)
            };
            match rest.get(len) {
                Some(b',') => {
                    cells.push(value);
                    pos += len + 1;
                }
                Some(b']') => {
                    cells.push(value);
                    pos += len + 1;
                    break true;
                }
                _ => break false,
            }
        };
        self.pos = pos;
        closed
    }

    fn read_int(&mut self, row: usize, col: usize) -> Result<i64, BoardError> {
        self.skip_blank();
        let start = self.pos;
        let negative = self.bytes.get(self.pos) == Some(&b'-');
        if negative {
            self.pos += 1;
        }
        let digits_start = self.pos;
        let mut value: i64 = 0;
        let mut overflow = false;
        while let Some(&b) = self.bytes.get(self.pos) {
            if !b.is_ascii_digit() {
                break;
            }
            match value
                .checked_mul(10)
                .and_then(|v| v.checked_add(i64::from(b - b'0')))
            {
                Some(v) => value = v,
                None => overflow = true,
            }
            self.pos += 1;
        }
        if self.pos == digits_start {
            self.pos = start;
            return Err(self.error(GridProblem::NotANumber {
                row,
                col,
                found: self.found(),
            }));
        }
        if matches!(self.bytes.get(self.pos), Some(b'.' | b'e' | b'E')) {
            self.pos = start;
            return Err(self.error(GridProblem::NotWhole { row, col }));
        }
        if overflow {
            self.pos = start;
            return Err(self.error(GridProblem::TooLarge { row, col }));
        }
        Ok(if negative { -value } else { value })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Jump;

    fn err(text: &str) -> BoardError {
        Board::parse(text).unwrap_err()
    }

    /// A problem of the grid's text, at `line` and `column`.
    fn at(line: usize, column: usize, problem: GridProblem) -> BoardError {
        BoardError::Grid {
            line,
            column,
            problem,
        }
    }

    #[test]
    fn reads_the_leetcode_examples() {
        let b = Board::from_grid_text("[[-1,-1],[-1,3]]").unwrap();
        assert_eq!(b.last(), 4);
        assert_eq!(b.jump(2), Some(3));
        let b = Board::from_grid_text(" [ [-1, -1, -1],\n [-1, 9, 8],\n [-1, 8, 9] ] \n").unwrap();
        // Bottom row [-1, 8, 9] is squares 1..=3; the middle row runs right to left, 4..=6.
        assert_eq!(b.jump(2), Some(8));
        assert_eq!(b.jump(3), Some(9));
        assert_eq!(b.jump(4), Some(8));
        assert_eq!(b.jump(5), Some(9));
        assert_eq!(b.jump(6), None);
    }

    #[test]
    fn grid_errors_name_the_place() {
        assert_eq!(
            err("[[-1,-1],[-1]]"),
            BoardError::NotSquare {
                row: 1,
                cells: 1,
                rows: 2
            }
        );
        assert_eq!(
            err("[[-1,-1],[-1,7]]"),
            BoardError::ValueOutOfRange {
                row: 1,
                col: 1,
                square: 2,
                value: 7,
                last: 4
            }
        );
        assert_eq!(
            err("[[-1,-1],\n [-1, x]]"),
            at(
                2,
                7,
                GridProblem::NotANumber {
                    row: 1,
                    col: 1,
                    found: Some('x')
                }
            )
        );
        assert_eq!(
            err("[[-1,2.5],[-1,-1]]"),
            at(1, 6, GridProblem::NotWhole { row: 0, col: 1 })
        );
        assert_eq!(err("[]"), BoardError::EmptyGrid);
        assert_eq!(
            err("[[-1,-1],[-1,-1]"),
            at(
                1,
                17,
                GridProblem::AfterRow {
                    row: 1,
                    found: None
                }
            )
        );
        assert_eq!(
            err("[[3,-1],[-1,-1]]"),
            BoardError::JumpOnLastSquare { to: 3, last: 4 }
        );
        assert_eq!(
            err("[[1]] x"),
            at(1, 7, GridProblem::AfterEnd { found: 'x' })
        );
        assert_eq!(
            err("[[99999999999999999999999]]"),
            at(1, 3, GridProblem::TooLarge { row: 0, col: 0 })
        );
    }

    #[test]
    fn grid_problems_are_typed_so_that_any_language_can_say_them() {
        let problem = |text: &str| match Board::parse(text).unwrap_err() {
            BoardError::Grid {
                line,
                column,
                problem,
            } => (line, column, problem),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            problem("[[-1,-1],\n [-1, x]]"),
            (
                2,
                7,
                GridProblem::NotANumber {
                    row: 1,
                    col: 1,
                    found: Some('x')
                }
            )
        );
        assert_eq!(
            problem("[[-1,-1],[-1,-1]").2,
            GridProblem::AfterRow {
                row: 1,
                found: None
            }
        );
        assert_eq!(
            problem("[[-1 -1]]").2,
            GridProblem::AfterCell {
                row: 0,
                col: 0,
                found: Some('-')
            }
        );
        assert_eq!(
            problem("[-1]").2,
            GridProblem::OpenRow {
                row: 0,
                found: Some('-')
            }
        );
        assert_eq!(problem("[[1]] é").2, GridProblem::AfterEnd { found: 'é' });
        assert_eq!(
            problem("[[-1,2.5],[-1,-1]]").2,
            GridProblem::NotWhole { row: 0, col: 1 }
        );
        assert_eq!(
            problem("[[1e99]]").2,
            GridProblem::NotWhole { row: 0, col: 0 }
        );
        assert_eq!(
            problem("[[99999999999999999999999]]").2,
            GridProblem::TooLarge { row: 0, col: 0 }
        );
        assert_eq!(
            Board::from_grid_text("x").unwrap_err(),
            BoardError::Grid {
                line: 1,
                column: 1,
                problem: GridProblem::OpenGrid { found: Some('x') }
            }
        );
    }

    #[test]
    fn a_cell_holding_its_own_number_is_no_jump() {
        // LeetCode's judge gives such boards: square 2 holds 2.
        let parsed = Board::from_grid_text_noting("[[-1,-1],[-1,2]]").unwrap();
        assert_eq!(parsed.board, Board::square(2, []).unwrap());
        assert_eq!(
            parsed.warnings,
            [BoardWarning::OwnNumber {
                square: 2,
                row: 1,
                col: 1
            }]
        );
        assert!(!parsed.warnings[0].may_never_end());
        // The judge's 3 x 3 board: square 6 (board[1][0]) holds its own number; the other
        // cells are jumps.
        let parsed = Board::from_grid_text_noting("[[-1,4,-1],[6,2,6],[-1,3,-1]]").unwrap();
        let own: Vec<Square> = parsed
            .warnings
            .iter()
            .map(|w| match w {
                BoardWarning::OwnNumber { square, .. } => *square,
                other => panic!("{other}"),
            })
            .collect();
        assert_eq!(own, [6]);
        assert_eq!(
            parsed.board.jumps().collect::<Vec<_>>(),
            [
                Jump { from: 2, to: 3 },
                Jump { from: 4, to: 6 },
                Jump { from: 5, to: 2 },
                Jump { from: 8, to: 4 },
            ]
        );
        // On the last square too: a cell with its own number is no jump wherever it is.
        assert_eq!(
            Board::from_grid_text("[[4,-1],[-1,-1]]")
                .unwrap()
                .jump_count(),
            0
        );
        // Without a self-number the reading notes nothing, and the grid round-trips without
        // the cell.
        assert!(
            Board::from_grid_text_noting("[[-1,-1],[-1,3]]")
                .unwrap()
                .warnings
                .is_empty()
        );
        assert_eq!(
            Board::from_grid_text("[[-1,-1],[-1,2]]")
                .unwrap()
                .to_grid_json(),
            "[[-1,-1],[-1,-1]]"
        );
    }

    #[test]
    fn compact_and_spaced_grids_read_the_same() {
        // The fast loop reads compact cells, the general reader the rest: same boards.
        for seed in 0..50 {
            let board = crate::random_board(9, 9, 30, 80, seed).unwrap();
            let compact = board.to_grid_json();
            let spaced = compact.replace(',', ", ").replace("],", "],\n ");
            let padded = compact.replace('[', "[ ").replace(']', " ]");
            for text in [&compact, &spaced, &padded] {
                assert_eq!(Board::from_grid_text(text).unwrap(), board, "{text}");
            }
        }
        // Leading zeros and long runs of digits take the general path and still read.
        assert_eq!(
            Board::from_grid_text("[[-1,-1],[-1,0003]]")
                .unwrap()
                .jump(2),
            Some(3)
        );
        let holds = |text: &str| match err(text) {
            BoardError::ValueOutOfRange { value, .. } => value,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(holds("[[-1,-1],[-1,1234567890]]"), 1_234_567_890);
        assert_eq!(holds("[[-1,-1],[-1,-12]]"), -12);
        assert_eq!(
            err("[[-1,-1],[-1,]]"),
            at(
                1,
                14,
                GridProblem::NotANumber {
                    row: 1,
                    col: 1,
                    found: Some(']')
                }
            )
        );
    }
}
