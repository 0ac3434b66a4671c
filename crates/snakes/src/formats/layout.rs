//! Layout files: a board described by its size and its jumps, in JSON or TOML, read and written
//! through serde (feature `serde`). Errors keep the line and column of the file and name the jump.

use crate::board::{Board, Jump, Square};
use crate::error::BoardError;

/// A board described by its size and its jumps: the layout file format.
///
/// In JSON: `{"size": 10, "ladders": [[1, 38], ...], "snakes": [[16, 6], ...]}`; in TOML:
/// `size = 10`, `ladders = [[1, 38], ...]`, `snakes = [[16, 6], ...]`. A rectangular board gives
/// `rows` and `cols` instead of `size`.
///
/// With the `serde` feature the value itself serialises as `{"rows", "cols", "ladders",
/// "snakes"}` (the form a server sends a page); the file reader accepts more (`size`, a name)
/// and names every problem.
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
    /// The board this layout describes. Unlike a LeetCode grid, a layout that lists a jump from
    /// a square to itself is refused: a list of jumps has no cells to leave empty.
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

impl Board {
    /// The board as a layout: size, ladders and snakes.
    pub fn layout(&self) -> Layout {
        Layout {
            rows: self.rows(),
            cols: self.cols(),
            ladders: self.ladders().map(|j| [j.from, j.to]).collect(),
            snakes: self.snakes().map(|j| [j.from, j.to]).collect(),
        }
    }

    /// The layout as JSON: size (or rows and cols), ladders, snakes, one key a line.
    #[cfg(feature = "serde")]
    pub fn to_layout_json(&self) -> String {
        write::json(&self.layout())
    }

    /// The layout as TOML: size (or rows and cols), ladders, snakes.
    #[cfg(feature = "serde")]
    pub fn to_layout_toml(&self) -> String {
        write::toml(&self.layout())
    }
}

#[cfg(feature = "serde")]
pub(super) use read::{from_json, from_toml};

/// Writing layouts: one serde view of a [`Layout`] for both formats.
#[cfg(feature = "serde")]
mod write {
    use std::io;

    use super::Layout;
    use crate::board::Square;

    /// The file form: `size` for a square board, else `rows` and `cols`.
    #[derive(serde::Serialize)]
    struct LayoutFile<'a> {
        #[serde(skip_serializing_if = "Option::is_none")]
        size: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        rows: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        cols: Option<u32>,
        ladders: &'a [[Square; 2]],
        snakes: &'a [[Square; 2]],
    }

    impl<'a> From<&'a Layout> for LayoutFile<'a> {
        fn from(layout: &'a Layout) -> Self {
            let square = layout.rows == layout.cols;
            LayoutFile {
                size: square.then_some(layout.rows),
                rows: (!square).then_some(layout.rows),
                cols: (!square).then_some(layout.cols),
                ladders: &layout.ladders,
                snakes: &layout.snakes,
            }
        }
    }

    pub(super) fn json(layout: &Layout) -> String {
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut out, KeyPerLine);
        // Writing plain numbers into a Vec cannot fail.
        let _ = serde::Serialize::serialize(&LayoutFile::from(layout), &mut ser);
        out.push(b'\n');
        String::from_utf8(out).unwrap_or_default()
    }

    pub(super) fn toml(layout: &Layout) -> String {
        // A layout is three keys of numbers and arrays of pairs: TOML can hold every one.
        toml::to_string(&LayoutFile::from(layout)).unwrap_or_default()
    }

    /// JSON with each key of the top object on its own line and every array on one line:
    /// `{\n  "size": 6,\n  "ladders": [[2, 15], [14, 35]],\n  ...\n}`, which reads like the
    /// TOML form and keeps a jump a line-free pair.
    struct KeyPerLine;

    impl serde_json::ser::Formatter for KeyPerLine {
        fn begin_object_key<W: ?Sized + io::Write>(
            &mut self,
            writer: &mut W,
            first: bool,
        ) -> io::Result<()> {
            writer.write_all(if first { b"\n  " } else { b",\n  " })
        }

        fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
            writer.write_all(b": ")
        }

        fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
            writer.write_all(b"\n}")
        }

        fn begin_array_value<W: ?Sized + io::Write>(
            &mut self,
            writer: &mut W,
            first: bool,
        ) -> io::Result<()> {
            if first {
                Ok(())
            } else {
                writer.write_all(b", ")
            }
        }
    }
}

#[cfg(feature = "serde")]
mod read {
    use super::Layout;
    use crate::board::Square;
    use crate::error::{BoardError, LayoutProblem, TextProblem};
    use crate::formats::quick_toml::Keys;

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
        /// A name for people, which the rules ignore: accepted (so that it is no unknown
        /// key), never read.
        #[serde(default, rename = "name")]
        _name: Option<serde::de::IgnoredAny>,
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

    fn layout_error(problem: LayoutProblem) -> BoardError {
        BoardError::Layout { problem }
    }

    impl RawLayout {
        fn into_layout(self) -> Result<Layout, BoardError> {
            let (rows, cols) = match (self.size, self.rows, self.cols) {
                (Some(n), None, None) => (n.0, n.0),
                (None, Some(r), Some(c)) => (r.0, c.0),
                (None, None, None) => {
                    return Err(layout_error(LayoutProblem::NoSize));
                }
                (None, Some(_), None) => {
                    return Err(layout_error(LayoutProblem::RowsWithoutCols));
                }
                (None, None, Some(_)) => {
                    return Err(layout_error(LayoutProblem::ColsWithoutRows));
                }
                _ => {
                    return Err(layout_error(LayoutProblem::SizeAndSides));
                }
            };
            // A negative side would show as 0 in `BadSize`: name the value as written.
            for (key, value) in [
                ("size", self.size),
                ("rows", self.rows),
                ("cols", self.cols),
            ] {
                if let Some(value) = value.map(|w| w.0).filter(|&v| v < 0) {
                    return Err(layout_error(LayoutProblem::NegativeSide { key, value }));
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

    pub(crate) fn from_json(text: &str) -> Result<Layout, BoardError> {
        let raw: RawLayout = serde_json::from_str(text).map_err(|e| json_error(text, &e))?;
        raw.into_layout()
    }

    impl From<Keys> for RawLayout {
        fn from(k: Keys) -> RawLayout {
            let pairs = |p: Option<Vec<(i64, i64)>>| {
                p.unwrap_or_default()
                    .into_iter()
                    .map(|(from, to)| Pair(from, to))
                    .collect()
            };
            RawLayout {
                size: k.size.map(Whole),
                rows: k.rows.map(Whole),
                cols: k.cols.map(Whole),
                ladders: pairs(k.ladders),
                snakes: pairs(k.snakes),
                _name: None,
            }
        }
    }

    /// Reads a TOML layout: the common form on the quick path, in about the memory of its
    /// numbers; anything else through the `toml` crate, which names each mistake's place.
    pub(crate) fn from_toml(text: &str) -> Result<Layout, BoardError> {
        if let Some(keys) = crate::formats::quick_toml::keys(text) {
            return RawLayout::from(keys).into_layout();
        }
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

    /// What serde_json found wrong in `text`, typed where a person needs other words than the
    /// parser's: the text ending early, a number that is not a whole number (as it was
    /// written, not as the parser read it: `18446744073709551616`, not `1.8446744073709552e+19`).
    fn json_error(text: &str, e: &serde_json::Error) -> BoardError {
        let (line, column) = (e.line(), e.column());
        let message = strip_position(&e.to_string());
        let typed = |problem| BoardError::LayoutText {
            format: "JSON layout",
            line,
            column,
            problem,
        };
        if e.classify() == serde_json::error::Category::Eof {
            return typed(TextProblem::Ends);
        }
        let number = message.starts_with("invalid type: floating point")
            || message.starts_with("invalid value: integer");
        if number && message.ends_with("expected a whole number") {
            // The number ends at the column serde_json names.
            let row = text.lines().nth(line.saturating_sub(1)).unwrap_or_default();
            let upto: String = row.chars().take(column).collect();
            let value: String = upto
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E'))
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if !value.is_empty() {
                return typed(TextProblem::NotWhole {
                    value: value.into(),
                });
            }
        }
        BoardError::Syntax {
            format: "JSON layout",
            line,
            column,
            message,
        }
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
    use crate::board::Jump;
    use crate::error::{LayoutProblem, TextProblem};

    fn err(text: &str) -> BoardError {
        Board::parse(text).unwrap_err()
    }

    /// What the parser said, where: `(format, line, column, message)`.
    fn syntax(text: &str) -> (&'static str, usize, usize, String) {
        match err(text) {
            BoardError::Syntax {
                format,
                line,
                column,
                message,
            } => (format, line, column, message),
            other => panic!("{text}: {other:?}"),
        }
    }

    /// What is wrong in a JSON layout's text, where: `(line, column, problem)`.
    fn text_problem(text: &str) -> (usize, usize, TextProblem) {
        match err(text) {
            BoardError::LayoutText {
                line,
                column,
                problem,
                ..
            } => (line, column, problem),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn layout_errors_name_the_jump() {
        assert_eq!(
            err("size = 10\nladders = [[40, 20]]"),
            BoardError::LadderGoesDown { from: 40, to: 20 }
        );
        assert_eq!(
            err("{\"size\": 10, \"snakes\": [[20, 40]]}"),
            BoardError::SnakeGoesUp { from: 20, to: 40 }
        );
        assert_eq!(
            err("size = 10\nsnakes = [[120, 4]]"),
            BoardError::SquareOutOfRange {
                jump: (120, 4),
                end: "start",
                square: 120,
                last: 100
            }
        );
        assert_eq!(
            err("size = 10\nsnakes = [[50, 4], [50, 3]]"),
            BoardError::TwoJumpsFromOneSquare {
                square: 50,
                first: 4,
                second: 3
            }
        );
        let (format, line, column, _) = syntax("size = 10\nladder = [[1, 4]]");
        assert_eq!((format, line, column), ("TOML layout", 2, 1));
        let (format, line, _, _) = syntax("{\"size\": 10,\n \"ladders\": [[1, 4]}");
        assert_eq!((format, line), ("JSON layout", 2));
        // Typed, not the parser's words: the text ending early, and a number as it was written
        // (serde_json reads one past 64 bits as a float: 1.8446744073709552e+19).
        assert_eq!(text_problem("{\"rows\": 2,\n"), (2, 0, TextProblem::Ends));
        let not_whole = |value: &str| TextProblem::NotWhole {
            value: value.into(),
        };
        assert_eq!(
            text_problem("{\"rows\":18446744073709551616,\"cols\":3}"),
            (1, 28, not_whole("18446744073709551616"))
        );
        assert_eq!(
            text_problem("{\"rows\": 1.5, \"cols\": 3}"),
            (1, 12, not_whole("1.5"))
        );
        assert_eq!(err("size = 0"), BoardError::BadSize { rows: 0, cols: 0 });
        // Typed, so that every language can say them.
        let problem = |text: &str| match Board::parse(text).unwrap_err() {
            BoardError::Layout { problem } => problem,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(problem("ladders = [[1, 4]]"), LayoutProblem::NoSize);
        assert_eq!(problem("rows = 3"), LayoutProblem::RowsWithoutCols);
        assert_eq!(problem("{\"cols\": 3}"), LayoutProblem::ColsWithoutRows);
        assert_eq!(problem("size = 3\nrows = 3"), LayoutProblem::SizeAndSides);
        assert_eq!(
            problem("size = 3\nrows = 3\ncols = 3"),
            LayoutProblem::SizeAndSides
        );
        assert_eq!(
            problem("size = -3"),
            LayoutProblem::NegativeSide {
                key: "size",
                value: -3
            }
        );
        assert_eq!(
            problem("{\"rows\": 4, \"cols\": -2}"),
            LayoutProblem::NegativeSide {
                key: "cols",
                value: -2
            }
        );
    }

    #[test]
    fn a_layout_listing_a_jump_to_itself_is_an_error() {
        // Unlike a grid cell, a listed jump is meant as a jump: refuse it rather than drop it.
        assert_eq!(
            err("size = 3\nladders = [[4, 4]]"),
            BoardError::JumpToItself { square: 4 }
        );
        assert_eq!(
            err("{\"size\": 3, \"snakes\": [[5, 5]]}"),
            BoardError::JumpToItself { square: 5 }
        );
    }

    #[test]
    fn layouts_are_written_one_key_a_line_with_pairs_inline() {
        let board =
            Board::new(6, 6, [Jump { from: 2, to: 15 }, Jump { from: 17, to: 13 }]).unwrap();
        assert_eq!(
            board.to_layout_json(),
            "{\n  \"size\": 6,\n  \"ladders\": [[2, 15]],\n  \"snakes\": [[17, 13]]\n}\n"
        );
        assert_eq!(
            board.to_layout_toml(),
            "size = 6\nladders = [[2, 15]]\nsnakes = [[17, 13]]\n"
        );
        let rect = Board::new(3, 5, []).unwrap();
        assert_eq!(
            rect.to_layout_json(),
            "{\n  \"rows\": 3,\n  \"cols\": 5,\n  \"ladders\": [],\n  \"snakes\": []\n}\n"
        );
        assert_eq!(
            rect.to_layout_toml(),
            "rows = 3\ncols = 5\nladders = []\nsnakes = []\n"
        );
    }

    #[test]
    fn layout_numbers_and_sizes_in_words() {
        assert_eq!(
            syntax("size = 10.5"),
            (
                "TOML layout",
                1,
                8,
                "invalid type: floating point `10.5`, expected a whole number".into()
            )
        );
        assert_eq!(
            syntax("{\"size\": 3, \"ladders\": [[\"1\", 5]]}"),
            (
                "JSON layout",
                1,
                28,
                "invalid type: string \"1\", expected a whole number".into()
            )
        );
        assert_eq!(
            syntax("size = 3\nladders = [[1, 99999999999999999999]]"),
            (
                "TOML layout",
                2,
                16,
                "99999999999999999999 is far too large".into()
            )
        );
        assert_eq!(
            syntax("{\"size\": 18446744073709551615}").3,
            "18446744073709551615 is far too large"
        );
        // Every square number a layout may hold still reads.
        let board = Board::parse("rows = 1\ncols = 9\nladders = [[1, 9]]").unwrap();
        assert_eq!(board.jump(1), Some(9));
    }

    #[test]
    fn a_jump_is_exactly_two_numbers() {
        for (text, line) in [
            ("size = 3\nladders = [[1, 2, 3]]", 2),
            ("{\"size\": 3, \"ladders\": [[1, 2, 3]]}", 1),
        ] {
            let (_, at, _, message) = syntax(text);
            assert_eq!(at, line, "{text}");
            assert_eq!(message, "invalid length 3, expected a pair [from, to]");
        }
        assert_eq!(
            syntax("size = 3\nsnakes = [[5]]").3,
            "invalid length 1, expected a pair [from, to]"
        );
    }

    #[test]
    fn a_slash_comment_is_named() {
        let comment = "comments start with `#` in a TOML layout, and JSON allows none";
        assert_eq!(
            syntax("// my board\n[[-1,-1],[-1,3]]"),
            ("TOML layout", 1, 1, comment.into())
        );
        assert_eq!(
            syntax("size = 2\n  /* ladders */\nladders = [[1, 3]]"),
            ("TOML layout", 2, 3, comment.into())
        );
        assert_eq!(syntax("size = 2\nladders = [[1, 3]] // up").1, 2);
    }
}
