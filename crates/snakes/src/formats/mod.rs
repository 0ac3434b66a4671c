//! Reading boards from text and writing them: LeetCode grids ([`grid`]: a JSON array of
//! arrays), layout files ([`layout`]: JSON or TOML, the size with ladders and snakes as
//! `[from, to]` pairs), and which of them a text is.

mod grid;
mod layout;
mod quick_grid;
#[cfg(feature = "serde")]
mod quick_toml;

pub use layout::Layout;

use crate::board::Board;
use crate::check::BoardWarning;
use crate::error::BoardError;

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

/// A board read from text, with what the reading noticed: legal input that may not mean what
/// its writer meant (so far, LeetCode grid cells holding their own square number, read as "no
/// jump": [`BoardWarning::OwnNumber`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedBoard {
    /// The board.
    pub board: Board,
    /// What the reading noticed, lowest square first.
    pub warnings: Vec<BoardWarning>,
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
        Board::parse_noting(text, format).map(|parsed| parsed.board)
    }

    /// How many squares the board written in `text` has, found without building it: a
    /// layout's `rows` x `cols` (or `size` squared), a grid's cells (its commas and one). A
    /// server checks this against its own limit before it spends time and memory on the board;
    /// the number says nothing of whether the rest of the text is valid.
    ///
    /// # Errors
    /// A layout that cannot be read (as [`Board::parse`] says).
    pub fn squares_in(text: &str) -> Result<u64, BoardError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let of = |layout: Layout| u64::from(layout.rows) * u64::from(layout.cols);
        match Format::detect(text) {
            Format::Grid => Ok(text.bytes().filter(|&b| b == b',').count() as u64 + 1),
            #[cfg(feature = "serde")]
            Format::LayoutJson => layout::from_json(text).map(of),
            #[cfg(feature = "serde")]
            Format::LayoutToml => layout::from_toml(text).map(of),
            #[cfg(not(feature = "serde"))]
            Format::LayoutJson | Format::LayoutToml => {
                let _ = of;
                Ok(0)
            }
        }
    }

    /// A board from text in the given format, with the warnings of its reading.
    ///
    /// # Errors
    /// As [`Board::parse_as`].
    pub fn parse_noting(text: &str, format: Format) -> Result<ParsedBoard, BoardError> {
        // Editors on Windows may start a UTF-8 file with a byte order mark; it is not content.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let plain = |board| ParsedBoard {
            board,
            warnings: Vec::new(),
        };
        match format {
            Format::Grid => Board::from_grid_text_noting(text),
            #[cfg(feature = "serde")]
            Format::LayoutJson => layout::from_json(text)?.to_board().map(plain),
            #[cfg(feature = "serde")]
            Format::LayoutToml => layout::from_toml(text)?.to_board().map(plain),
            #[cfg(not(feature = "serde"))]
            Format::LayoutJson | Format::LayoutToml => {
                let _ = plain;
                Err(BoardError::Layout {
                    problem: crate::error::LayoutProblem::NeedsSerde,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Jump;

    #[test]
    fn squares_are_counted_without_building_the_board() {
        assert_eq!(Board::squares_in(r#"{"size": 3162}"#).unwrap(), 3162 * 3162);
        assert_eq!(
            Board::squares_in("rows = 30\ncols = 40\nladders = []\nsnakes = []").unwrap(),
            1200
        );
        assert_eq!(
            Board::squares_in(&Board::classic().to_grid_json()).unwrap(),
            100
        );
        assert_eq!(
            Board::squares_in(&Board::classic().to_layout_json()).unwrap(),
            100
        );
        assert!(Board::squares_in(r#"{"size": "big"}"#).is_err());
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
