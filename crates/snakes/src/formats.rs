//! Reading boards from text: LeetCode grids (a JSON array of arrays), layout files (JSON or
//! TOML: size, ladders and snakes as `[from, to]` pairs) and built-in names; and writing them.
//!
//! The grid reader is hand-written: it is the hot path of `snakes solve --jsonl`, and it can say
//! which row and column a bad value sits in. Layout files go through serde (feature `serde`).

use crate::board::{Board, Jump, Square};
use crate::error::BoardError;

/// A board described by its size and its jumps: the layout file format.
///
/// In JSON: `{"size": 10, "ladders": [[1, 38], ...], "snakes": [[16, 6], ...]}`; in TOML:
/// `size = 10`, `ladders = [[1, 38], ...]`, `snakes = [[16, 6], ...]`. A rectangular board gives
/// `rows` and `cols` instead of `size`.
///
/// With the `serde` feature the value itself serialises as `{"rows", "cols", "ladders",
/// "snakes"}` (the form a server sends a page); the file reader above accepts more (`size`, a
/// name) and names every problem.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Layout {
    /// Rows of the grid.
    pub rows: u32,
    /// Columns of the grid.
    pub cols: u32,
    /// Ladders as `[foot, top]`.
    pub ladders: Vec<[Square; 2]>,
    /// Snakes as `[head, tail]`.
    pub snakes: Vec<[Square; 2]>,
}

impl Layout {
    /// The board this layout describes.
    ///
    /// # Errors
    /// [`BoardError::LadderGoesDown`], [`BoardError::SnakeGoesUp`], and the errors of
    /// [`Board::new`].
    pub fn to_board(&self) -> Result<Board, BoardError> {
        for &[from, to] in &self.ladders {
            if to < from {
                return Err(BoardError::LadderGoesDown { from, to });
            }
        }
        for &[from, to] in &self.snakes {
            if to > from {
                return Err(BoardError::SnakeGoesUp { from, to });
            }
        }
        let jumps = self
            .ladders
            .iter()
            .chain(&self.snakes)
            .map(|&[from, to]| Jump { from, to });
        Board::new(self.rows, self.cols, jumps)
    }
}

/// Which text format a board is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A LeetCode grid: a JSON array of arrays.
    Grid,
    /// A layout as a JSON object.
    LayoutJson,
    /// A layout as TOML.
    LayoutToml,
}

impl Format {
    /// The format of `text` judged by its first non-blank character: `[` a grid, `{` a JSON
    /// layout, anything else TOML.
    pub fn detect(text: &str) -> Format {
        match text
            .trim_start_matches('\u{feff}')
            .trim_start()
            .as_bytes()
            .first()
        {
            Some(b'[') => Format::Grid,
            Some(b'{') => Format::LayoutJson,
            _ => Format::LayoutToml,
        }
    }
}

impl Board {
    /// A board from text in any format ([`Format::detect`]).
    ///
    /// # Errors
    /// Syntax errors with line and column, and every validation error of the format's reader.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        Board::parse_as(text, Format::detect(text))
    }

    /// A board from text in the given format.
    ///
    /// # Errors
    /// As [`Board::parse`]. Without the `serde` feature, layouts are refused.
    pub fn parse_as(text: &str, format: Format) -> Result<Board, BoardError> {
        // Editors on Windows may start a UTF-8 file with a byte order mark; it is not content.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        match format {
            Format::Grid => Board::from_grid_text(text),
            #[cfg(feature = "serde")]
            Format::LayoutJson => serde_layout::from_json(text)?.to_board(),
            #[cfg(feature = "serde")]
            Format::LayoutToml => serde_layout::from_toml(text)?.to_board(),
            #[cfg(not(feature = "serde"))]
            Format::LayoutJson | Format::LayoutToml => Err(BoardError::Layout {
                message: "layout files need the `serde` feature of the snakes crate".into(),
            }),
        }
    }

    /// A board from a LeetCode grid written as JSON (`[[-1,-1],[-1,3]]`).
    ///
    /// # Errors
    /// [`BoardError::Syntax`] with line and column for text that is not an array of arrays of
    /// whole numbers, then the errors of [`Board::from_grid`].
    pub fn from_grid_text(text: &str) -> Result<Board, BoardError> {
        // Every cell takes at least two bytes (a digit and a separator): one allocation.
        let mut cells = Vec::with_capacity(text.len() / 2 + 1);
        let mut row_lens = Vec::new();
        GridReader::new(text).read(&mut cells, &mut row_lens)?;
        let rows: Vec<&[i64]> = {
            let mut rows = Vec::with_capacity(row_lens.len());
            let mut at = 0;
            for &len in &row_lens {
                rows.push(&cells[at..at + len]);
                at += len;
            }
            rows
        };
        Board::from_grid(&rows)
    }

    /// The LeetCode grid as compact JSON, one line.
    pub fn to_grid_json(&self) -> String {
        let rows: Vec<String> = self
            .to_grid()
            .iter()
            .map(|row| {
                let cells: Vec<String> = row.iter().map(i64::to_string).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    }

    /// The layout as JSON: size (or rows and cols), ladders, snakes.
    pub fn to_layout_json(&self) -> String {
        let layout = self.layout();
        let pairs = |v: &[[Square; 2]]| {
            let items: Vec<String> = v.iter().map(|[a, b]| format!("[{a}, {b}]")).collect();
            format!("[{}]", items.join(", "))
        };
        format!(
            "{{\n  {},\n  \"ladders\": {},\n  \"snakes\": {}\n}}\n",
            size_fields(&layout, "\"", ": ", ",\n  "),
            pairs(&layout.ladders),
            pairs(&layout.snakes)
        )
    }

    /// The layout as TOML: size (or rows and cols), ladders, snakes.
    pub fn to_layout_toml(&self) -> String {
        let layout = self.layout();
        let pairs = |v: &[[Square; 2]]| {
            let items: Vec<String> = v.iter().map(|[a, b]| format!("[{a}, {b}]")).collect();
            format!("[{}]", items.join(", "))
        };
        format!(
            "{}\nladders = {}\nsnakes = {}\n",
            size_fields(&layout, "", " = ", "\n"),
            pairs(&layout.ladders),
            pairs(&layout.snakes)
        )
    }
}

fn size_fields(layout: &Layout, quote: &str, eq: &str, sep: &str) -> String {
    if layout.rows == layout.cols {
        format!("{quote}size{quote}{eq}{}", layout.rows)
    } else {
        format!(
            "{quote}rows{quote}{eq}{}{sep}{quote}cols{quote}{eq}{}",
            layout.rows, layout.cols
        )
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

    fn error(&self, message: impl Into<String>) -> BoardError {
        // Columns count characters, not bytes.
        let column = String::from_utf8_lossy(&self.bytes[self.line_start..self.pos])
            .chars()
            .count()
            + 1;
        BoardError::Syntax {
            format: "grid",
            line: self.line,
            column,
            message: message.into(),
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

    fn found(&self) -> String {
        match self.bytes.get(self.pos) {
            None => "the end of the input".to_string(),
            Some(_) => {
                let rest = String::from_utf8_lossy(&self.bytes[self.pos..]);
                let c = rest.chars().next().unwrap_or('?');
                format!("{c:?}")
            }
        }
    }

    fn expect(&mut self, want: u8, what: &str) -> Result<(), BoardError> {
        if self.peek() == Some(want) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected {what}, found {}", self.found())))
        }
    }

    fn read(&mut self, cells: &mut Vec<i64>, row_lens: &mut Vec<usize>) -> Result<(), BoardError> {
        self.expect(b'[', "'[' to open the grid")?;
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
                        return Err(self.error(format!(
                            "expected ',' or ']' after board[{row}], found {}",
                            self.found()
                        )));
                    }
                }
            }
        }
        if self.peek().is_some() {
            return Err(self.error(format!(
                "unexpected {} after the end of the grid",
                self.found()
            )));
        }
        Ok(())
    }

    fn read_row(
        &mut self,
        row: usize,
        cells: &mut Vec<i64>,
        row_lens: &mut Vec<usize>,
    ) -> Result<(), BoardError> {
        // Checked inline: the message is only formatted on error (this runs once per row on
        // the hot path of `snakes solve --jsonl`).
        if self.peek() == Some(b'[') {
            self.pos += 1;
        } else {
            return Err(self.error(format!(
                "expected '[' to open board[{row}], found {}",
                self.found()
            )));
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
                        return Err(self.error(format!(
                            "expected ',' or ']' after board[{row}][{col}], found {}",
                            self.found()
                        )));
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
            return Err(self.error(format!(
                "expected a number for board[{row}][{col}], found {}",
                self.found()
            )));
        }
        if matches!(self.bytes.get(self.pos), Some(b'.' | b'e' | b'E')) {
            self.pos = start;
            return Err(self.error(format!(
                "board[{row}][{col}] is not a whole number; a cell holds -1 or a square number"
            )));
        }
        if overflow {
            self.pos = start;
            return Err(self.error(format!("board[{row}][{col}] is far too large")));
        }
        Ok(if negative { -value } else { value })
    }
}

#[cfg(feature = "serde")]
mod serde_layout {
    use super::Layout;
    use crate::board::Square;
    use crate::error::BoardError;

    /// The file form: either `size` or `rows` and `cols`; jump ends as wide integers so that a
    /// negative or huge square is reported as out of range rather than as a type error.
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawLayout {
        size: Option<Whole>,
        rows: Option<Whole>,
        cols: Option<Whole>,
        #[serde(default)]
        ladders: Vec<Pair>,
        #[serde(default)]
        snakes: Vec<Pair>,
        /// A name for people; ignored by the rules.
        #[serde(default)]
        #[allow(dead_code)]
        name: Option<String>,
    }

    /// A whole number, so that `size = 10.5` is "expected a whole number" rather than
    /// "expected i64"; one beyond 64 bits is named too large.
    #[derive(Clone, Copy)]
    struct Whole(i64);

    impl<'de> serde::Deserialize<'de> for Whole {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Whole, D::Error> {
            struct Visitor;
            impl serde::de::Visitor<'_> for Visitor {
                type Value = Whole;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("a whole number")
                }
                fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Whole, E> {
                    Ok(Whole(v))
                }
                fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Whole, E> {
                    i64::try_from(v).map(Whole).map_err(|_| too_large(v))
                }
                fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<Whole, E> {
                    i64::try_from(v).map(Whole).map_err(|_| too_large(v))
                }
                fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<Whole, E> {
                    i64::try_from(v).map(Whole).map_err(|_| too_large(v))
                }
            }
            fn too_large<E: serde::de::Error>(v: impl std::fmt::Display) -> E {
                E::custom(format!("{v} is far too large"))
            }
            d.deserialize_i64(Visitor)
        }
    }

    /// A jump as `[from, to]`: exactly two numbers. (A tuple would let TOML drop a third
    /// number silently, turning `[1, 2, 3]` into the ladder 1-2.)
    struct Pair(i64, i64);

    impl<'de> serde::Deserialize<'de> for Pair {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Pair, D::Error> {
            struct Visitor;
            impl<'de> serde::de::Visitor<'de> for Visitor {
                type Value = Pair;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("a pair [from, to]")
                }
                fn visit_seq<A: serde::de::SeqAccess<'de>>(
                    self,
                    mut seq: A,
                ) -> Result<Pair, A::Error> {
                    use serde::de::Error;
                    let from: Whole = seq
                        .next_element()?
                        .ok_or_else(|| A::Error::invalid_length(0, &self))?;
                    let to: Whole = seq
                        .next_element()?
                        .ok_or_else(|| A::Error::invalid_length(1, &self))?;
                    let mut len = 2;
                    while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                        len += 1;
                    }
                    if len != 2 {
                        return Err(A::Error::invalid_length(len, &self));
                    }
                    Ok(Pair(from.0, to.0))
                }
            }
            d.deserialize_seq(Visitor)
        }
    }

    fn layout_error(message: impl Into<String>) -> BoardError {
        BoardError::Layout {
            message: message.into(),
        }
    }

    impl RawLayout {
        fn into_layout(self) -> Result<Layout, BoardError> {
            let (rows, cols) = match (self.size, self.rows, self.cols) {
                (Some(n), None, None) => (n.0, n.0),
                (None, Some(r), Some(c)) => (r.0, c.0),
                (None, None, None) => {
                    return Err(layout_error(
                        "no size: give `size` (an n x n board) or `rows` and `cols`",
                    ));
                }
                (None, Some(_), None) => {
                    return Err(layout_error("`rows` without `cols`: give both, or `size`"));
                }
                (None, None, Some(_)) => {
                    return Err(layout_error("`cols` without `rows`: give both, or `size`"));
                }
                _ => {
                    return Err(layout_error(
                        "give either `size` or `rows` and `cols`, not both",
                    ));
                }
            };
            // A negative side would show as 0 in `BadSize`: name the value as written.
            for (key, value) in [
                ("size", self.size),
                ("rows", self.rows),
                ("cols", self.cols),
            ] {
                if let Some(v) = value.map(|w| w.0).filter(|&v| v < 0) {
                    return Err(layout_error(format!(
                        "`{key}` is {v}: a board needs at least 1 square each way"
                    )));
                }
            }
            let side = |v: i64| u32::try_from(v).unwrap_or(0);
            let (r, c) = (side(rows), side(cols));
            if r == 0 || c == 0 || u64::from(r) * u64::from(c) > crate::board::MAX_SQUARES {
                return Err(BoardError::BadSize {
                    rows: rows.max(0) as u64,
                    cols: cols.max(0) as u64,
                });
            }
            let last = r * c;
            let convert = |pairs: Vec<Pair>| -> Result<Vec<[Square; 2]>, BoardError> {
                pairs
                    .into_iter()
                    .map(|Pair(from, to)| {
                        for (end, square) in [("start", from), ("end", to)] {
                            if square < 1 || square > i64::from(last) {
                                return Err(BoardError::SquareOutOfRange {
                                    jump: (from, to),
                                    end,
                                    square,
                                    last,
                                });
                            }
                        }
                        Ok([from as Square, to as Square])
                    })
                    .collect()
            };
            Ok(Layout {
                rows: r,
                cols: c,
                ladders: convert(self.ladders)?,
                snakes: convert(self.snakes)?,
            })
        }
    }

    pub(super) fn from_json(text: &str) -> Result<Layout, BoardError> {
        let raw: RawLayout = serde_json::from_str(text).map_err(|e| BoardError::Syntax {
            format: "JSON layout",
            line: e.line(),
            column: e.column(),
            message: strip_position(&e.to_string()),
        })?;
        raw.into_layout()
    }

    pub(super) fn from_toml(text: &str) -> Result<Layout, BoardError> {
        let raw: RawLayout = toml::from_str(text).map_err(|e| {
            let (line, column) = e
                .span()
                .map(|span| line_column(text, span.start))
                .unwrap_or((1, 1));
            // A `//` comment (as in JSON with comments) makes the text fall through to TOML,
            // whose own complaint ("key with no value") would not say what is wrong.
            let comment = text.lines().nth(line - 1).and_then(|l| {
                let rest = l.trim_start();
                (rest.starts_with("//") || rest.starts_with("/*"))
                    .then(|| l[..l.len() - rest.len()].chars().count() + 1)
            });
            let (column, message) = match comment {
                Some(at) => (
                    at,
                    "comments start with `#` in a TOML layout, and JSON allows none".to_string(),
                ),
                None => (column, e.message().trim().to_string()),
            };
            BoardError::Syntax {
                format: "TOML layout",
                line,
                column,
                message,
            }
        })?;
        raw.into_layout()
    }

    /// serde_json appends " at line L column C"; the error carries those as fields.
    fn strip_position(message: &str) -> String {
        match message.rfind(" at line ") {
            Some(i) => message[..i].to_string(),
            None => message.to_string(),
        }
    }

    fn line_column(text: &str, offset: usize) -> (usize, usize) {
        let before = text.get(..offset).unwrap_or(text);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn grid_round_trips() {
        let b = Board::classic();
        let again = Board::from_grid_text(&b.to_grid_json()).unwrap();
        assert_eq!(again, b);
        assert_eq!(Board::parse(&b.to_layout_json()).unwrap(), b);
        assert_eq!(Board::parse(&b.to_layout_toml()).unwrap(), b);
        let rect = Board::new(3, 5, [Jump { from: 2, to: 14 }]).unwrap();
        assert_eq!(Board::parse(&rect.to_layout_toml()).unwrap(), rect);
        assert_eq!(Board::parse(&rect.to_layout_json()).unwrap(), rect);
    }

    fn err(text: &str) -> String {
        Board::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn grid_errors_name_the_place() {
        assert_eq!(
            err("[[-1,-1],[-1]]"),
            "board[1] has 1 cell, but a grid of 2 rows must have 2 in every row"
        );
        assert_eq!(
            err("[[-1,-1],[-1,7]]"),
            "board[1][1] (square 2) holds 7; a cell holds -1 or a square from 1 to 4"
        );
        assert_eq!(
            err("[[-1,-1],\n [-1, x]]"),
            "grid: line 2, column 7: expected a number for board[1][1], found 'x'"
        );
        assert_eq!(
            err("[[-1,2.5],[-1,-1]]"),
            "grid: line 1, column 6: board[0][1] is not a whole number; a cell holds -1 or a square number"
        );
        assert_eq!(err("[]"), "the grid has no rows");
        assert_eq!(
            err("[[-1,-1],[-1,-1]"),
            "grid: line 1, column 17: expected ',' or ']' after board[1], found the end of the input"
        );
        assert_eq!(
            err("[[4,-1],[-1,-1]]"),
            "square 4 is the last square and cannot hold a jump (found one to 4)"
        );
        assert_eq!(err("[[-1,-1],[-1,2]]"), "square 2 holds a jump to itself");
        assert!(err("[[1]] x").contains("unexpected 'x' after the end of the grid"));
        assert!(err("[[99999999999999999999999]]").contains("far too large"));
    }

    #[test]
    fn layout_errors_name_the_jump() {
        assert_eq!(
            err("size = 10\nladders = [[40, 20]]"),
            "the ladder 40-20 goes down; list it with the snakes or swap its ends"
        );
        assert_eq!(
            err("{\"size\": 10, \"snakes\": [[20, 40]]}"),
            "the snake 20-40 goes up; list it with the ladders or swap its ends"
        );
        assert_eq!(
            err("size = 10\nsnakes = [[120, 4]]"),
            "the jump 120-4 has its start on square 120, which is not on the board (squares 1 to 100)"
        );
        assert_eq!(
            err("size = 10\nsnakes = [[50, 4], [50, 3]]"),
            "square 50 holds two jumps (50-4 and 50-3); a square holds at most one"
        );
        assert!(err("size = 10\nladder = [[1, 4]]").starts_with("TOML layout: line 2, column 1"));
        assert!(err("{\"size\": 10,\n \"ladders\": [[1, 4]}").starts_with("JSON layout: line 2"));
        assert!(err("ladders = [[1, 4]]").contains("no size"));
        assert!(err("size = 0").contains("0 x 0"));
        assert_eq!(
            err("size = -3"),
            "layout: `size` is -3: a board needs at least 1 square each way"
        );
        assert!(err("{\"rows\": 4, \"cols\": -2}").contains("`cols` is -2"));
    }

    #[test]
    fn layout_numbers_and_sizes_in_words() {
        assert_eq!(
            err("size = 10.5"),
            "TOML layout: line 1, column 8: invalid type: floating point `10.5`, expected a whole number"
        );
        assert_eq!(
            err("{\"size\": 3, \"ladders\": [[\"1\", 5]]}"),
            "JSON layout: line 1, column 28: invalid type: string \"1\", expected a whole number"
        );
        assert_eq!(
            err("size = 3\nladders = [[1, 99999999999999999999]]"),
            "TOML layout: line 2, column 16: 99999999999999999999 is far too large"
        );
        assert!(
            err("{\"size\": 18446744073709551615}")
                .ends_with("18446744073709551615 is far too large")
        );
        assert_eq!(
            err("rows = 3"),
            "layout: `rows` without `cols`: give both, or `size`"
        );
        assert_eq!(
            err("{\"cols\": 3}"),
            "layout: `cols` without `rows`: give both, or `size`"
        );
        assert_eq!(
            err("size = 3\nrows = 3\ncols = 3"),
            "layout: give either `size` or `rows` and `cols`, not both"
        );
        // Every square number a layout may hold still reads.
        let board = Board::parse("rows = 1\ncols = 9\nladders = [[1, 9]]").unwrap();
        assert_eq!(board.jump(1), Some(9));
    }

    #[test]
    fn a_jump_is_exactly_two_numbers() {
        for text in [
            "size = 3\nladders = [[1, 2, 3]]",
            "{\"size\": 3, \"ladders\": [[1, 2, 3]]}",
        ] {
            let e = err(text);
            assert!(
                e.contains("invalid length 3, expected a pair [from, to]"),
                "{e}"
            );
            assert!(e.contains("line 1") || e.contains("line 2"), "{e}");
        }
        assert!(err("size = 3\nsnakes = [[5]]").contains("invalid length 1, expected a pair"));
    }

    #[test]
    fn a_slash_comment_is_named() {
        assert_eq!(
            err("// my board\n[[-1,-1],[-1,3]]"),
            "TOML layout: line 1, column 1: comments start with `#` in a TOML layout, and JSON allows none"
        );
        assert!(
            err("size = 2\n  /* ladders */\nladders = [[1, 3]]")
                .starts_with("TOML layout: line 2, column 3: comments start with `#`")
        );
        assert!(err("size = 2\nladders = [[1, 3]] // up").contains("line 2"));
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        for text in [
            "[[-1,-1],[-1,3]]",
            "{\"size\": 2, \"ladders\": [[1, 3]]}",
            "size = 2\nladders = [[1, 3]]",
        ] {
            let plain = Board::parse(text).unwrap();
            assert_eq!(Board::parse(&format!("\u{feff}{text}")).unwrap(), plain);
        }
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
        assert!(
            err("[[-1,-1],[-1,1234567890]]").contains("holds 1234567890"),
            "{}",
            err("[[-1,-1],[-1,1234567890]]")
        );
        assert!(err("[[-1,-1],[-1,-12]]").contains("holds -12"));
        assert!(err("[[-1,-1],[-1,]]").contains("expected a number for board[1][1], found ']'"));
    }

    #[test]
    fn never_panics_on_any_bytes() {
        // A cheap deterministic fuzz over prefixes and byte flips of valid inputs.
        let seeds = [
            Board::classic().to_grid_json(),
            Board::classic().to_layout_json(),
            Board::classic().to_layout_toml(),
        ];
        let mut rng = crate::Rng::new(5);
        for seed in &seeds {
            let bytes = seed.as_bytes();
            for cut in 0..bytes.len().min(200) {
                let _ = Board::parse(&String::from_utf8_lossy(&bytes[..cut]));
            }
            for _ in 0..2000 {
                let mut b = bytes.to_vec();
                for _ in 0..3 {
                    let i = rng.below(b.len() as u64) as usize;
                    b[i] = rng.below(256) as u8;
                }
                let _ = Board::parse(&String::from_utf8_lossy(&b));
            }
        }
    }
}
