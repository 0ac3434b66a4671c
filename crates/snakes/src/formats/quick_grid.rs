//! The quick path of the LeetCode grid reader, the hot path of `snakes solve --jsonl`: a grid
//! written the common way (no blanks, every cell `-1` or a square number of up to 9 digits, a
//! square grid whose jumps a board can hold) becomes a board in one pass over its bytes, each
//! cell's destination written straight into the board's table. Anything else, mistakes
//! included, is left to the general reader, which names what is wrong where; a board the quick
//! path gives is the one the general reader gives (a test compares them on grids of every
//! kind, written well and badly).

use crate::board::{Board, Square, check_size};

/// The board of the grid `text`, or `None` when the general reader must read it.
pub(crate) fn board(text: &[u8]) -> Option<Board> {
    match board_prefix(text) {
        Some((board, read)) if read == text.len() => Some(board),
        _ => None,
    }
}

/// The board of the grid at the start of `text`, with the bytes it takes, or `None` when the
/// general reader must read it.
pub(crate) fn board_prefix(text: &[u8]) -> Option<(Board, usize)> {
    let rest = text.strip_prefix(b"[[")?;
    // The side: the cells of the first row.
    let mut side = 1;
    for &b in rest {
        match b {
            b',' => side += 1,
            b']' => break,
            _ => {}
        }
    }
    let last = check_size(side as u64, side as u64).ok()?;
    let mut table = Table {
        dest: (0..=last).collect(),
        bits: vec![0u64; (last as usize + 1).div_ceil(64)].into_boxed_slice(),
        last,
    };
    // After the grid's '['; each row is '[' cells ']' and a ',' or the grid's ']' after it.
    let mut at = 1;
    for row in 0..side {
        let cells = text.get(at..)?.strip_prefix(b"[")?;
        let from_bottom = (side - 1 - row) as Square;
        let read = table.row(cells, from_bottom, side as Square)?;
        at += 1 + read;
        let after = if row + 1 == side { b']' } else { b',' };
        if *text.get(at)? != after {
            return None;
        }
        at += 1;
    }
    let board = Board::from_checked_parts(side as u32, side as u32, table.dest, table.bits);
    Some((board, at))
}

/// The board's tables as the cells fill them.
struct Table {
    /// Where landing on each square leads.
    dest: Box<[Square]>,
    /// The squares holding a jump, as [`Board::jump_bits`].
    bits: Box<[u64]>,
    last: Square,
}

impl Table {
    /// Reads the cells of one row and its closing `]` from the start of `bytes`, the row
    /// `from_bottom` rows above the bottom one of a board `side` squares wide: the bytes read,
    /// or `None` for anything but `side` cells written the common way.
    #[inline]
    fn row(&mut self, bytes: &[u8], from_bottom: Square, side: Square) -> Option<usize> {
        let base = from_bottom * side;
        let forward = from_bottom.is_multiple_of(2);
        let mut rest = bytes;
        let mut col = 0;
        while col < side {
            // Most cells hold no jump: runs of "-1," are passed over four cells at a time (a
            // twelve-byte comparison), then one by one with the separator the cell needs.
            while col + 4 < side && rest.first_chunk::<12>() == Some(b"-1,-1,-1,-1,") {
                rest = &rest[12..];
                col += 4;
            }
            let sep = if col + 1 == side { b']' } else { b',' };
            if let [b'-', b'1', s, after @ ..] = rest
                && *s == sep
            {
                rest = after;
                col += 1;
                continue;
            }
            let (to, len) = number(rest)?;
            let along = if forward { col } else { side - 1 - col };
            self.jump(base + along + 1, to)?;
            match rest.get(len..) {
                Some([s, after @ ..]) if *s == sep => rest = after,
                _ => return None,
            }
            col += 1;
        }
        Some(bytes.len() - rest.len())
    }

    /// Records that landing on `square` leads to `to`: nothing when `to` is `square` itself (a
    /// cell holding its own number holds no jump); `None` for what a board cannot hold.
    #[inline]
    fn jump(&mut self, square: Square, to: Square) -> Option<()> {
        if to == square {
            return Some(());
        }
        if to == 0 || to > self.last || square == self.last {
            return None;
        }
        self.dest[square as usize] = to;
        self.bits[square as usize / 64] |= 1 << (square % 64);
        Some(())
    }
}

/// A whole number of 1 to 9 digits at the start of `bytes`, with the digits it takes.
#[inline]
fn number(bytes: &[u8]) -> Option<(Square, usize)> {
    let mut value: Square = 0;
    let mut len = 0;
    for &b in bytes.iter().take(9) {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value * 10 + Square::from(digit);
        len += 1;
    }
    (len > 0).then_some((value, len))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rng, random_grid_board};

    /// The general reader's board, for comparison.
    fn general(text: &str) -> Option<Board> {
        Board::from_grid_text_noting(text).ok().map(|p| p.board)
    }

    #[test]
    fn the_quick_path_gives_the_general_readers_board_or_leaves_it_the_grid() {
        let mut rng = Rng::new(909);
        let mut quick = 0;
        for i in 0..3000u64 {
            let side = 1 + rng.below(12) as u32;
            let drawn = random_grid_board(side, (side * side / 5) as usize, 50, i)
                .unwrap_or_else(|_| Board::square(side, []).unwrap());
            let mut text = drawn.to_grid_json();
            // Grids LeetCode writes, and grids with a change: a cell holding its own square
            // number, a value too large or 0, a jump on the last square, a missing cell or
            // bracket, a blank, a sign, a long number, text after the end.
            match rng.below(10) {
                0..=2 => {}
                3 => text = text.replacen("-1", &format!("{}", side * side), 1),
                4 => text = text.replacen("-1", &format!("{}", side * side + 1), 1),
                5 => text = text.replacen("-1", "0", 1),
                6 => text = text.replacen(",", "", 1),
                7 => text = text.replacen("]", "", 1),
                8 => text = text.replacen(",", ", ", 1),
                _ => text.push_str(["x", " ", "]", "[-1]"][rng.below(4) as usize]),
            }
            if rng.below(20) == 0 {
                text = text.replacen(
                    "-1",
                    ["+1", "0001", "1234567890", "-2"][rng.below(4) as usize],
                    1,
                );
            }
            match board(text.as_bytes()) {
                Some(b) => {
                    quick += 1;
                    assert_eq!(Some(b), general(&text), "{text}");
                }
                None => {
                    // Left to the general reader: nothing is lost, whatever it says.
                }
            }
        }
        // The quick path reads most well-written grids.
        assert!(quick > 1000, "{quick}");
    }

    #[test]
    fn a_cell_holding_its_own_number_is_no_jump_and_the_last_square_holds_none() {
        // Square 2 is board[1][1] on a 2 x 2 grid; square 4 (the last) is board[0][0].
        let b = board(b"[[-1,-1],[-1,2]]").unwrap();
        assert_eq!(b.jumps().count(), 0);
        assert_eq!(board(b"[[3,-1],[-1,-1]]"), None);
        assert_eq!(
            board(b"[[4,-1],[-1,-1]]").map(|b| b.jumps().count()),
            Some(0)
        );
        let b = board(b"[[-1,-1],[-1,4]]").unwrap();
        assert_eq!(b.jump(2), Some(4));
        assert_eq!(board(b"[[-1]]").map(|b| b.last()), Some(1));
    }
}
