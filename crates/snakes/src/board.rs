//! Boards: squares numbered boustrophedon on a grid, with at most one jump per square.

use std::fmt;

use crate::error::BoardError;

/// A square number. `0` is "off the board"; the track is `1..=board.last()`.
pub type Square = u32;

/// The largest number of squares a board may have (a 3162 x 3162 grid).
///
/// Large enough for every use the project knows of (the analysis benchmarks use 10^6 squares),
/// small enough that a board and its tables always fit in memory.
pub const MAX_SQUARES: u64 = 10_000_000;

/// Whether a jump goes up or down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum JumpKind {
    /// Goes up: the destination is higher than the foot.
    Ladder,
    /// Goes down: the destination is lower than the head.
    Snake,
}

/// A ladder or a snake: landing on `from` moves the token to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Jump {
    /// The square that triggers the jump (a ladder's foot or a snake's head).
    pub from: Square,
    /// Where the jump ends (a ladder's top or a snake's tail).
    pub to: Square,
}

impl Jump {
    /// A ladder goes up, a snake goes down.
    pub fn kind(self) -> JumpKind {
        if self.to > self.from {
            JumpKind::Ladder
        } else {
            JumpKind::Snake
        }
    }
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// A validated board: `rows x cols` squares numbered 1..=N boustrophedon from the bottom left,
/// each holding at most one jump.
///
/// Built only through constructors that check every rule of a board ([`Board::new`],
/// [`Board::from_grid`], [`Board::parse`], [`Board::classic`], ...), so a `Board` value is always
/// valid: no jump starts on the last square or points to itself or off the board.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    rows: u32,
    cols: u32,
    /// `dest[s]` is where landing on `s` leads: `s` itself when it holds no jump. `dest[0] == 0`.
    dest: Box<[Square]>,
    jumps: usize,
    /// Bit `s % 64` of word `s / 64` is set when square `s` holds a jump: lets searches that
    /// work on sets of squares (the solver's bitsets) pick out jump squares without a scan.
    jump_bits: Box<[u64]>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .field("jumps", &self.jumps().collect::<Vec<_>>())
            .finish()
    }
}

/// The ladders of the classic board (seeds/002, the Milton Bradley layout).
const CLASSIC_LADDERS: [(Square, Square); 9] = [
    (1, 38),
    (4, 14),
    (9, 31),
    (21, 42),
    (28, 84),
    (36, 44),
    (51, 67),
    (71, 91),
    (80, 100),
];

/// The snakes of the classic board.
const CLASSIC_SNAKES: [(Square, Square); 10] = [
    (16, 6),
    (47, 26),
    (49, 11),
    (56, 53),
    (62, 19),
    (64, 60),
    (87, 24),
    (93, 73),
    (95, 75),
    (98, 78),
];

impl Board {
    /// A board of `rows x cols` squares with the given jumps.
    ///
    /// # Errors
    /// [`BoardError::BadSize`] when a side is 0 or the board has more than [`MAX_SQUARES`]
    /// squares; [`BoardError::SquareOutOfRange`] for a jump end outside `1..=N`;
    /// [`BoardError::JumpOnLastSquare`], [`BoardError::JumpToItself`] and
    /// [`BoardError::TwoJumpsFromOneSquare`] for the jumps a board cannot hold.
    pub fn new(
        rows: u32,
        cols: u32,
        jumps: impl IntoIterator<Item = Jump>,
    ) -> Result<Board, BoardError> {
        let n = check_size(u64::from(rows), u64::from(cols))?;
        let mut dest: Box<[Square]> = (0..=n).collect();
        let mut jump_bits = vec![0u64; (n as usize + 1).div_ceil(64)].into_boxed_slice();
        let mut count = 0;
        for jump in jumps {
            for (end, square) in [("start", jump.from), ("end", jump.to)] {
                if square == 0 || square > n {
                    return Err(BoardError::SquareOutOfRange {
                        jump: (i64::from(jump.from), i64::from(jump.to)),
                        end,
                        square: i64::from(square),
                        last: n,
                    });
                }
            }
            if jump.from == n {
                return Err(BoardError::JumpOnLastSquare {
                    to: jump.to,
                    last: n,
                });
            }
            if jump.from == jump.to {
                return Err(BoardError::JumpToItself { square: jump.from });
            }
            let slot = &mut dest[jump.from as usize];
            if *slot != jump.from {
                return Err(BoardError::TwoJumpsFromOneSquare {
                    square: jump.from,
                    first: *slot,
                    second: jump.to,
                });
            }
            *slot = jump.to;
            jump_bits[jump.from as usize / 64] |= 1 << (jump.from % 64);
            count += 1;
        }
        Ok(Board {
            rows,
            cols,
            dest,
            jumps: count,
            jump_bits,
        })
    }

    /// A board from its tables, built by a reader that checked every jump as it wrote it:
    /// `dest[s]` is where landing on `s` leads (`s` itself for no jump), every end on the board,
    /// none from the last square; bit `s` of `jump_bits` is set where `dest[s] != s`. The quick
    /// path of the LeetCode grid reader.
    pub(crate) fn from_checked_parts(
        rows: u32,
        cols: u32,
        dest: Box<[Square]>,
        jump_bits: Box<[u64]>,
    ) -> Board {
        let jumps = jump_bits.iter().map(|w| w.count_ones() as usize).sum();
        debug_assert!(dest.iter().enumerate().all(|(s, &d)| {
            let bit = jump_bits[s / 64] >> (s % 64) & 1 == 1;
            (d as usize) < dest.len() && bit == (d as usize != s)
        }));
        Board {
            rows,
            cols,
            dest,
            jumps,
            jump_bits,
        }
    }

    /// An `n x n` board with the given jumps. See [`Board::new`].
    ///
    /// # Errors
    /// As [`Board::new`].
    pub fn square(n: u32, jumps: impl IntoIterator<Item = Jump>) -> Result<Board, BoardError> {
        Board::new(n, n, jumps)
    }

    /// The classic 10 x 10 board: 9 ladders and 10 snakes (seeds/002).
    pub fn classic() -> Board {
        let jumps = CLASSIC_LADDERS
            .iter()
            .chain(CLASSIC_SNAKES.iter())
            .map(|&(from, to)| Jump { from, to });
        match Board::new(10, 10, jumps) {
            Ok(board) => board,
            // The layout is a constant checked by a test; this arm cannot run.
            Err(e) => unreachable!("the classic layout is valid: {e}"),
        }
    }

    /// A built-in board by name (`classic`), or `None`.
    pub fn named(name: &str) -> Option<Board> {
        match name {
            "classic" => Some(Board::classic()),
            _ => None,
        }
    }

    /// Number of rows of the grid.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of columns of the grid.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The last square, `N = rows x cols`: reaching it wins.
    pub fn last(&self) -> Square {
        // dest has N + 1 entries and N <= MAX_SQUARES fits in u32.
        (self.dest.len() - 1) as Square
    }

    /// Number of jumps (ladders and snakes) on the board.
    pub fn jump_count(&self) -> usize {
        self.jumps
    }

    /// The destination of the jump on `square`, if it holds one.
    pub fn jump(&self, square: Square) -> Option<Square> {
        match self.dest.get(square as usize) {
            Some(&to) if to != square => Some(to),
            _ => None,
        }
    }

    /// Where landing on `square` leads after one jump: `square` itself when it holds none.
    /// Squares off the track map to themselves.
    #[inline]
    pub fn dest(&self, square: Square) -> Square {
        self.dest.get(square as usize).copied().unwrap_or(square)
    }

    /// The whole jump table: entry `s` is [`Board::dest`]`(s)`, for `s` in `0..=N`.
    pub fn dest_table(&self) -> &[Square] {
        &self.dest
    }

    /// The squares holding a jump as a bitset: bit `s % 64` of word `s / 64` is set when square
    /// `s` holds one. Words cover squares `0..=N`; bits past `N` are clear.
    pub fn jump_bits(&self) -> &[u64] {
        &self.jump_bits
    }

    /// Every jump, in order of the square it starts on.
    pub fn jumps(&self) -> impl Iterator<Item = Jump> + '_ {
        self.dest
            .iter()
            .enumerate()
            .filter(|&(from, &to)| from as Square != to)
            .map(|(from, &to)| Jump {
                from: from as Square,
                to,
            })
    }

    /// The ladders, lowest foot first.
    pub fn ladders(&self) -> impl Iterator<Item = Jump> + '_ {
        self.jumps().filter(|j| j.kind() == JumpKind::Ladder)
    }

    /// The snakes, lowest head first.
    pub fn snakes(&self) -> impl Iterator<Item = Jump> + '_ {
        self.jumps().filter(|j| j.kind() == JumpKind::Snake)
    }

    /// The grid cell `(row, col)` of `square`, LeetCode's way: row 0 is the top row, column 0
    /// the left column. `None` for squares off the track.
    pub fn cell(&self, square: Square) -> Option<(u32, u32)> {
        if square == 0 || square > self.last() {
            return None;
        }
        let index = square - 1;
        let from_bottom = index / self.cols;
        let along = index % self.cols;
        let col = if from_bottom.is_multiple_of(2) {
            along
        } else {
            self.cols - 1 - along
        };
        Some((self.rows - 1 - from_bottom, col))
    }

    /// The square in grid cell `(row, col)` (row 0 at the top), the inverse of [`Board::cell`].
    pub fn square_at(&self, row: u32, col: u32) -> Option<Square> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        let from_bottom = self.rows - 1 - row;
        let along = if from_bottom.is_multiple_of(2) {
            col
        } else {
            self.cols - 1 - col
        };
        Some(from_bottom * self.cols + along + 1)
    }

    /// A cycle of jumps, if following jumps from square to square can loop forever
    /// (for example a ladder 5-20 and a snake 20-5). Only matters when jumps chain.
    pub fn jump_cycle(&self) -> Option<Vec<Square>> {
        // 0 = unvisited, 1 = on the current path, 2 = done.
        let mut mark = vec![0u8; self.dest.len()];
        for start in 1..self.dest.len() {
            if mark[start] != 0 {
                continue;
            }
            let mut path = Vec::new();
            let mut at = start;
            while mark[at] == 0 {
                mark[at] = 1;
                path.push(at as Square);
                let next = self.dest[at] as usize;
                if next == at {
                    break;
                }
                at = next;
            }
            if mark[at] == 1 && self.dest[at] as usize != at {
                let begin = path.iter().position(|&s| s as usize == at).unwrap_or(0);
                return Some(path[begin..].to_vec());
            }
            for &s in &path {
                mark[s as usize] = 2;
            }
        }
        None
    }
}

/// Checks a board size and returns its number of squares.
pub(crate) fn check_size(rows: u64, cols: u64) -> Result<Square, BoardError> {
    let squares = rows.saturating_mul(cols);
    if rows == 0 || cols == 0 || squares > MAX_SQUARES {
        return Err(BoardError::BadSize { rows, cols });
    }
    Ok(squares as Square)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_has_nine_ladders_and_ten_snakes() {
        let b = Board::classic();
        assert_eq!(b.last(), 100);
        assert_eq!(b.ladders().count(), 9);
        assert_eq!(b.snakes().count(), 10);
        assert_eq!(b.jump(28), Some(84));
        assert_eq!(b.jump(87), Some(24));
        assert_eq!(b.jump(50), None);
        assert_eq!(b.dest(50), 50);
    }

    #[test]
    fn cells_follow_the_leetcode_example() {
        // The 6 x 6 example of seeds/001: square 2 is board[5][1], 17 is board[3][4],
        // 14 is board[3][1], 7 is board[4][5], 36 is board[0][0].
        let b = Board::square(6, []).unwrap();
        assert_eq!(b.cell(1), Some((5, 0)));
        assert_eq!(b.cell(2), Some((5, 1)));
        assert_eq!(b.cell(7), Some((4, 5)));
        assert_eq!(b.cell(14), Some((3, 1)));
        assert_eq!(b.cell(17), Some((3, 4)));
        assert_eq!(b.cell(36), Some((0, 0)));
        assert_eq!(b.cell(0), None);
        assert_eq!(b.cell(37), None);
    }

    #[test]
    fn square_and_cell_are_a_bijection_on_every_size_to_20() {
        for rows in 1..=20 {
            for cols in 1..=20 {
                let b = Board::new(rows, cols, []).unwrap();
                let mut hit = vec![vec![false; cols as usize]; rows as usize];
                for s in 1..=b.last() {
                    let (r, c) = b.cell(s).unwrap();
                    assert!(!hit[r as usize][c as usize], "{rows}x{cols} square {s}");
                    hit[r as usize][c as usize] = true;
                    assert_eq!(b.square_at(r, c), Some(s));
                    // seeds/001's formula: row-major from the top, mirror odd rows counted
                    // from the bottom, then flip the rows.
                    let (i, j) = ((s - 1) / cols, (s - 1) % cols);
                    let j = if i % 2 == 1 { cols - 1 - j } else { j };
                    assert_eq!((r, c), (rows - 1 - i, j));
                }
                assert!(hit.iter().flatten().all(|&h| h));
                assert_eq!(b.square_at(rows, 0), None);
                assert_eq!(b.square_at(0, cols), None);
            }
        }
    }

    #[test]
    fn square_and_cell_are_inverse_on_rectangles() {
        for (rows, cols) in [(1, 1), (1, 7), (7, 1), (3, 4), (4, 3), (10, 10), (5, 6)] {
            let b = Board::new(rows, cols, []).unwrap();
            let mut seen = vec![false; b.last() as usize + 1];
            for s in 1..=b.last() {
                let (r, c) = b.cell(s).unwrap();
                assert_eq!(b.square_at(r, c), Some(s));
                assert!(!seen[s as usize]);
                seen[s as usize] = true;
            }
        }
    }

    #[test]
    fn finds_jump_cycles() {
        let j = |from, to| Jump { from, to };
        let b = Board::square(5, [j(5, 20), j(20, 5)]).unwrap();
        let cycle = b.jump_cycle().unwrap();
        assert_eq!(cycle.len(), 2);
        assert!(cycle.contains(&5) && cycle.contains(&20));
        let chain = Board::square(5, [j(5, 20), j(20, 3), j(3, 10)]).unwrap();
        assert_eq!(chain.jump_cycle(), None);
        assert_eq!(Board::classic().jump_cycle(), None);
    }

    #[test]
    fn jump_bits_match_the_jump_table() {
        for b in [
            Board::classic(),
            Board::new(1, 1, []).unwrap(),
            Board::new(8, 8, [Jump { from: 63, to: 1 }, Jump { from: 1, to: 64 }]).unwrap(),
            Board::new(9, 8, [Jump { from: 64, to: 2 }, Jump { from: 71, to: 72 }]).unwrap(),
        ] {
            let bits = b.jump_bits();
            assert_eq!(bits.len(), (b.last() as usize + 1).div_ceil(64));
            for s in 0..bits.len() as u32 * 64 {
                let set = bits[s as usize / 64] >> (s % 64) & 1 == 1;
                assert_eq!(set, b.jump(s).is_some(), "square {s}");
            }
        }
    }
}
