//! A board drawn as plain text: the grid of square numbers as it lies on the table (top row
//! first, numbers running boustrophedon), each ladder foot and snake head marked with where it
//! leads, then the ladders and snakes listed in words.
//!
//! Only ASCII and spaces, no colour and no box drawing, so it reads the same in any terminal,
//! in a file and through a screen reader (which reads it line by line: the lists at the end say
//! everything the grid shows).

use std::fmt::Write;

use snakes::{Board, Jump, JumpKind, Square};

/// The mark between a ladder's foot and its top in the grid (`28^84`).
pub const LADDER_MARK: char = '^';
/// The mark between a snake's head and its tail in the grid (`87v24`).
pub const SNAKE_MARK: char = 'v';

/// The whole drawing: a heading, the grid, and the lists of ladders and snakes, each line
/// ending in a newline.
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
    let mut out = heading(board);
    out.push('\n');
    out.push_str(&grid_text(board));
    out.push_str(&jump_lists(board));
    out
}

/// The first line: size, squares, how many ladders and snakes (without a newline).
pub fn heading(board: &Board) -> String {
    let ladders = board.ladders().count();
    let snakes = board.snakes().count();
    format!(
        "{} x {} board, squares 1 to {}: {}, {}.",
        board.rows(),
        board.cols(),
        board.last(),
        count(ladders, "ladder"),
        count(snakes, "snake")
    )
}

/// The grid alone: one line per row, top row first; a cell is its square number, followed by
/// `^` and the top for a ladder foot or `v` and the tail for a snake head. Cells are padded to
/// one width so columns line up.
pub fn grid_text(board: &Board) -> String {
    let label = |square: Square| match board.jump(square) {
        Some(to) if to > square => format!("{square}{LADDER_MARK}{to}"),
        Some(to) => format!("{square}{SNAKE_MARK}{to}"),
        None => square.to_string(),
    };
    let width = (1..=board.last())
        .filter_map(|s| board.jump(s).map(|_| label(s).len()))
        .chain([board.last().to_string().len()])
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for row in 0..board.rows() {
        let mut line = String::new();
        for col in 0..board.cols() {
            let square = board.square_at(row, col).unwrap_or(0);
            if col > 0 {
                line.push(' ');
            }
            let _ = write!(line, "{:>width$}", label(square));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// "Ladders: 1 to 38, 4 to 14." and "Snakes: 16 to 6, ..." on two lines ("none" when there
/// are none).
pub fn jump_lists(board: &Board) -> String {
    format!(
        "Ladders: {}\nSnakes: {}\n",
        list(board.jumps().filter(|j| j.kind() == JumpKind::Ladder)),
        list(board.jumps().filter(|j| j.kind() == JumpKind::Snake)),
    )
}

fn list(jumps: impl Iterator<Item = Jump>) -> String {
    let items: Vec<String> = jumps.map(|j| format!("{} to {}", j.from, j.to)).collect();
    if items.is_empty() {
        "none.".to_string()
    } else {
        format!("{}.", items.join(", "))
    }
}

fn count(n: usize, word: &str) -> String {
    match n {
        0 => format!("no {word}s"),
        1 => format!("1 {word}"),
        _ => format!("{n} {word}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
