//! A board drawn as plain text: the grid of square numbers as it lies on the table (top row
//! first, numbers running boustrophedon), each ladder foot and snake head marked with where it
//! leads, then the ladders and snakes listed in words.
//!
//! Only ASCII and spaces, no colour and no box drawing, so it reads the same in any terminal,
//! in a file and through a screen reader (which reads it line by line: the lists at the end say
//! everything the grid shows).

use std::fmt::Write;

use snakes::{Board, Jump, JumpKind, Square};
use unicode_width::UnicodeWidthStr;

use crate::catalogue::Catalogue;

/// The mark between a ladder's foot and its top in the grid (`28^84`).
pub const LADDER_MARK: char = '^';
/// The mark between a snake's head and its tail in the grid (`87v24`).
pub const SNAKE_MARK: char = 'v';

/// The whole drawing: a heading, the grid, and the lists of ladders and snakes, each line
/// ending in a newline, in English ([`board_text_in`] in any language).
///
/// ```
/// use snakes::Board;
/// let text = snakes_text::board_text::board_text(&Board::classic());
/// assert!(text.starts_with("10 x 10 board, squares 1 to 100: 9 ladders, 10 snakes."));
/// assert!(text.contains(" 28^84 "));
/// assert!(text.contains("Ladders: 1 to 38, 4 to 14,"));
/// assert!(text.contains("Snakes: 16 to 6, 47 to 26,"));
/// ```
pub fn board_text(board: &Board) -> String {
    board_text_in(&Catalogue::english(), board)
}

/// [`board_text`] in the words of `catalogue`.
pub fn board_text_in(catalogue: &Catalogue, board: &Board) -> String {
    let mut out = heading_in(catalogue, board);
    out.push('\n');
    out.push_str(&grid_text(board));
    out.push_str(&jump_lists_in(catalogue, board));
    out
}

/// The first line: size, squares, how many ladders and snakes (without a newline), in English.
pub fn heading(board: &Board) -> String {
    heading_in(&Catalogue::english(), board)
}

/// [`heading`] in the words of `catalogue`.
pub fn heading_in(catalogue: &Catalogue, board: &Board) -> String {
    catalogue.format(
        "board-heading",
        &[
            ("rows", board.rows().into()),
            ("cols", board.cols().into()),
            ("last", board.last().into()),
            ("ladders", board.ladders().count().into()),
            ("snakes", board.snakes().count().into()),
        ],
    )
}

/// The grid alone: one line per row, top row first; a cell is its square number, followed by
/// `^` and the top for a ladder foot or `v` and the tail for a snake head. Cells are padded to
/// one width so columns line up.
pub fn grid_text(board: &Board) -> String {
    grid_with_tokens(board, &[], Style::PLAIN)
}

/// "Ladders: 1 to 38, 4 to 14." and "Snakes: 16 to 6, ..." on two lines ("none" when there
/// are none), in English.
pub fn jump_lists(board: &Board) -> String {
    jump_lists_in(&Catalogue::english(), board)
}

/// [`jump_lists`] in the words of `catalogue`.
pub fn jump_lists_in(catalogue: &Catalogue, board: &Board) -> String {
    let list = |id: &str, kind: JumpKind| {
        let jumps: Vec<Jump> = board.jumps().filter(|j| j.kind() == kind).collect();
        let items: Vec<String> = jumps
            .iter()
            .map(|j| {
                catalogue.format(
                    "board-jump",
                    &[("from", j.from.into()), ("to", j.to.into())],
                )
            })
            .collect();
        let list = catalogue.list(&items);
        catalogue.format(id, &[("count", jumps.len().into()), ("list", list.into())])
    };
    format!(
        "{}\n{}\n",
        list("board-list-ladders", JumpKind::Ladder),
        list("board-list-snakes", JumpKind::Snake)
    )
}

/// How many columns of a terminal `text` takes: two for a Hangul syllable, a Chinese character
/// or a full-width sign, none for a combining mark, one for the rest. Tables line up by this,
/// not by the number of characters, which would push a Korean or Chinese column out of line.
pub fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// `text` padded with spaces to `columns` terminal columns ([`width`]): on the left when
/// `right` (a figure aligned on its last digit), on the right otherwise.
pub fn pad(text: &str, columns: usize, right: bool) -> String {
    let fill = " ".repeat(columns.saturating_sub(width(text)));
    if right {
        fill + text
    } else {
        format!("{text}{fill}")
    }
}

/// How a board is drawn. [`Style::PLAIN`] (the default) is the drawing above: ASCII only, for
/// screen readers, files and pipes. [`Style::RICH`] is for a sighted player at a terminal:
/// arrows for ladders and snakes, and ANSI colour (green ladders, red snakes, a colour per
/// token).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// `↑` and `↓` in place of `^` and `v`.
    pub unicode: bool,
    /// ANSI colours.
    pub color: bool,
}

impl Style {
    /// ASCII, no colour.
    pub const PLAIN: Style = Style {
        unicode: false,
        color: false,
    };
    /// Unicode arrows and colour.
    pub const RICH: Style = Style {
        unicode: true,
        color: true,
    };
}

/// A token to draw on the board: the letter marking it and its square (0 is off the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// The mark in the grid, such as `A`.
    pub mark: char,
    /// Where the token is.
    pub square: Square,
}

/// The mark of the token in `seat`: `A`, `B`, `C`, ...
pub fn token_mark(seat: usize) -> char {
    char::from(b'A' + (seat % 26) as u8)
}

/// The tokens of a game, marked by seat.
pub fn tokens(squares: &[Square]) -> Vec<Token> {
    squares
        .iter()
        .enumerate()
        .map(|(seat, &square)| Token {
            mark: token_mark(seat),
            square,
        })
        .collect()
}

const RESET: &str = "\x1b[0m";
const GREEN: &str = "\x1b[32m";
const RED: &str = "\x1b[31m";
/// Bold colours for the tokens, by seat.
const TOKEN_COLORS: [&str; 8] = [
    "\x1b[1;33m",
    "\x1b[1;36m",
    "\x1b[1;35m",
    "\x1b[1;34m",
    "\x1b[1;32m",
    "\x1b[1;31m",
    "\x1b[1;37m",
    "\x1b[1;93m",
];

/// The grid with `tokens` on it, in `style`: each cell is the square (and its jump, as in
/// [`grid_text`]) followed by the marks of the tokens on it. With no tokens and
/// [`Style::PLAIN`] this is [`grid_text`].
pub fn grid_with_tokens(board: &Board, tokens: &[Token], style: Style) -> String {
    let (ladder, snake) = if style.unicode {
        ('↑', '↓')
    } else {
        (LADDER_MARK, SNAKE_MARK)
    };
    // A cell is drawn from parts, each with its colour, so that padding counts only the
    // characters a reader sees and never the colour codes.
    let cell = |square: Square| -> Vec<(String, &'static str)> {
        let mut parts = match board.jump(square) {
            Some(to) if to > square => vec![(format!("{square}{ladder}{to}"), GREEN)],
            Some(to) => vec![(format!("{square}{snake}{to}"), RED)],
            None => vec![(square.to_string(), "")],
        };
        for (seat, t) in tokens.iter().enumerate() {
            if t.square == square {
                parts.push((t.mark.to_string(), TOKEN_COLORS[seat % TOKEN_COLORS.len()]));
            }
        }
        parts
    };
    let visible = |parts: &[(String, &str)]| parts.iter().map(|(s, _)| width(s)).sum();
    let width: usize = (1..=board.last())
        .map(|s| visible(&cell(s)))
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for row in 0..board.rows() {
        let mut line = String::new();
        for col in 0..board.cols() {
            let square = board.square_at(row, col).unwrap_or(0);
            let parts = cell(square);
            if col > 0 {
                line.push(' ');
            }
            line.push_str(&" ".repeat(width - visible(&parts)));
            for (text, color) in &parts {
                if style.color && !color.is_empty() {
                    let _ = write!(line, "{color}{text}{RESET}");
                } else {
                    line.push_str(text);
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_letters_take_two_columns() {
        assert_eq!(width("seat"), 4);
        assert_eq!(width("자리"), 4);
        assert_eq!(width("座位"), 4);
        assert_eq!(width("Español"), 7);
        // A letter and its combining accent are one column.
        assert_eq!(width("e\u{301}"), 1);
        assert_eq!(pad("자리", 6, true), "  자리");
        assert_eq!(pad("seat", 6, false), "seat  ");
        assert_eq!(pad("toolong", 3, false), "toolong");
    }

    #[test]
    fn draws_the_leetcode_example() {
        let board = Board::parse(
            "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
              [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]",
        )
        .unwrap();
        let expected = "\
6 x 6 board, squares 1 to 36: 2 ladders, 1 snake.
   36    35    34    33    32    31
   25    26    27    28    29    30
   24    23    22    21    20    19
   13 14^35    15    16 17v13    18
   12    11    10     9     8     7
    1  2^15     3     4     5     6
Ladders: 2 to 15, 14 to 35.
Snakes: 17 to 13.
";
        assert_eq!(board_text(&board), expected);
    }

    #[test]
    fn plain_and_rectangular_boards() {
        let board = Board::new(2, 3, []).unwrap();
        assert_eq!(
            board_text(&board),
            "2 x 3 board, squares 1 to 6: no ladders, no snakes.\n6 5 4\n1 2 3\nLadders: none.\nSnakes: none.\n"
        );
        let one = Board::new(1, 1, []).unwrap();
        assert_eq!(grid_text(&one), "1\n");
    }

    #[test]
    fn every_square_appears_once() {
        let board = Board::classic();
        let grid = grid_text(&board);
        let mut numbers: Vec<u32> = grid
            .split_whitespace()
            .map(|cell| {
                cell.split(['^', 'v'])
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap()
            })
            .collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=100).collect::<Vec<_>>());
        assert_eq!(grid.lines().count(), 10);
        assert!(grid.lines().next().unwrap().contains("98v78"));
        assert!(grid.lines().last().unwrap().starts_with("  1^38"));
    }

    #[test]
    fn tokens_follow_their_square_and_keep_the_columns() {
        let board = Board::parse("[[-1,-1,-1],[-1,9,8],[-1,8,9]]").unwrap();
        // Ladders 2-8, 3-9, 4-8 and 5-9; tokens A and B on 2, C off the board.
        let grid = grid_with_tokens(&board, &tokens(&[2, 2, 0]), Style::PLAIN);
        assert_eq!(
            grid,
            "    7     8     9\n    6   5^9   4^8\n    1 2^8AB   3^9\n"
        );
        assert!(!grid.contains('C'));
        let rich = grid_with_tokens(&board, &tokens(&[2, 2, 0]), Style::RICH);
        assert!(rich.contains("\x1b[32m2\u{2191}8\x1b[0m"), "{rich:?}");
        assert!(
            rich.contains("\x1b[1;33mA\x1b[0m\x1b[1;36mB\x1b[0m"),
            "{rich:?}"
        );
        // Without the colour codes, the rich grid lines up exactly like the plain one.
        let uncoloured = Style {
            unicode: true,
            color: false,
        };
        let uncoloured = grid_with_tokens(&board, &tokens(&[2, 2, 0]), uncoloured);
        assert_eq!(uncoloured, grid.replace('^', "\u{2191}"));
        let classic = grid_with_tokens(&Board::classic(), &[], Style::RICH);
        assert!(
            classic.contains("\x1b[31m98\u{2193}78\x1b[0m"),
            "{classic:?}"
        );
        assert_eq!(token_mark(0), 'A');
        assert_eq!(token_mark(7), 'H');
    }
}
