//! The fewest rolls to finish a board when the player may choose every roll (LeetCode 909 and
//! its variants under every rule), and one path that achieves it.
//!
//! The token's square is the whole state for one token: collisions need a second token, and a
//! six that gives another roll still costs a roll, so neither changes the answer. Every move is
//! resolved by [`snakes::landing`] / [`snakes::play_roll`]; the search only decides which
//! square to expand next.
//!
//! Two searches give the same answer:
//! - [`min_rolls`]: a breadth-first search over squares that keeps each square's parent, used
//!   when the path is wanted, and valid under every rule.
//! - [`Solver::count`]: the same search run on bitsets, 64 squares per machine word, for the
//!   count alone (the hot path of `snakes solve --jsonl`). See [`Solver`] for why it is the same
//!   search; a property test compares the two on thousands of random boards under every rule.
//!
//! ```
//! use snakes::{Board, Rules};
//! use snakes_analysis::solve::{min_rolls, Solver};
//!
//! // The 6 x 6 example of LeetCode 909: 1 -> 2 (ladder to 15) -> 17 (snake to 13)
//! // -> 14 (ladder to 35) -> 36.
//! let board = Board::parse(
//!     "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
//!       [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]",
//! ).unwrap();
//! let solution = min_rolls(&board, &Rules::LEETCODE).unwrap();
//! assert_eq!(solution.rolls, Some(4));
//! let rolls: Vec<u8> = solution.path.iter().map(|r| r.roll).collect();
//! assert_eq!(rolls.len(), 4);
//! assert_eq!(Solver::new().count(&board, &Rules::LEETCODE).unwrap(), Some(4));
//! ```

use std::collections::{HashSet, VecDeque};

use snakes::{
    Board, BoardError, Entry, Jumps, Rules, Square, Start, Step, check_playable, landing,
};

/// One roll of an optimal path: the face chosen and every step it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathRoll {
    /// The face rolled.
    pub roll: u8,
    /// The square the token stood on before the roll (0 is off the board).
    pub from: Square,
    /// The square it rests on after the roll, its jumps included.
    pub to: Square,
    /// Every step of the move, in order, as [`snakes::play_roll`] reports them.
    pub steps: Vec<Step>,
}

/// The fewest rolls to finish, and one path that achieves them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The fewest rolls from the start square to the last square, `None` when no sequence of
    /// rolls reaches it.
    pub rolls: Option<u32>,
    /// One optimal sequence of rolls (empty when unreachable, or when the start is the last
    /// square).
    pub path: Vec<PathRoll>,
}

/// The fewest rolls to reach the last square from the start when the player chooses every
/// roll, with one optimal path.
///
/// Under [`Rules::LEETCODE`] this is LeetCode 909 exactly: start on square 1, one jump per
/// move, rolls past the last square are not moves, a 1 x 1 board needs 0 rolls.
///
/// # Errors
/// [`BoardError::JumpCycle`] when jumps chain and the board has a cycle of jumps (a token would
/// never come to rest).
pub fn min_rolls(board: &Board, rules: &Rules) -> Result<Solution, BoardError> {
    check_playable(board, rules)?;
    let last = board.last();
    let start = rules.start_square();
    if start == last {
        return Ok(Solution {
            rolls: Some(0),
            path: Vec::new(),
        });
    }
    let size = last as usize + 1;
    // parent[s] = (square the roll came from, face), for every square reached but the start.
    let mut parent: Vec<(Square, u8)> = vec![(Square::MAX, 0); size];
    parent[start as usize] = (start, 0);
    let mut queue: Vec<Square> = Vec::with_capacity(size);
    queue.push(start);
    let mut head = 0;
    let mut found = false;
    'search: while head < queue.len() {
        let from = queue[head];
        head += 1;
        for roll in 1..=rules.die() {
            let to = landing(board, rules, from, roll);
            if parent[to as usize].0 == Square::MAX {
                parent[to as usize] = (from, roll);
                queue.push(to);
                if to == last {
                    found = true;
                    break 'search;
                }
            }
        }
    }
    if !found {
        return Ok(Solution {
            rolls: None,
            path: Vec::new(),
        });
    }
    let mut faces = Vec::new();
    let mut at = last;
    while at != start {
        let (from, roll) = parent[at as usize];
        faces.push((from, roll));
        at = from;
    }
    faces.reverse();
    let path: Vec<PathRoll> = faces
        .into_iter()
        .map(|(from, roll)| {
            let mut steps = Vec::new();
            let to = snakes::play_roll(board, rules, from, roll, |s| steps.push(s));
            PathRoll {
                roll,
                from,
                to,
                steps,
            }
        })
        .collect();
    Ok(Solution {
        rolls: Some(path.len() as u32),
        path,
    })
}

/// The fewest rolls by the textbook search of LeetCode 909 write-ups: a `VecDeque` of
/// `(square, rolls)` and a `HashSet` of squares seen, every move through [`snakes::landing`].
///
/// Kept as the baseline that benchmarks measure the other searches against (`snakes solve
/// --naive`), and as one more independent answer in tests.
///
/// # Errors
/// As [`min_rolls`].
pub fn min_rolls_textbook(board: &Board, rules: &Rules) -> Result<Option<u32>, BoardError> {
    check_playable(board, rules)?;
    let last = board.last();
    let start = rules.start_square();
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(start);
    queue.push_back((start, 0));
    while let Some((square, rolls)) = queue.pop_front() {
        if square == last {
            return Ok(Some(rolls));
        }
        for roll in 1..=rules.die() {
            let next = landing(board, rules, square, roll);
            if seen.insert(next) {
                queue.push_back((next, rolls + 1));
            }
        }
    }
    Ok(None)
}

/// The fewest rolls alone, by the fastest search that applies. See [`Solver::count`].
///
/// # Errors
/// As [`min_rolls`].
pub fn min_rolls_count(board: &Board, rules: &Rules) -> Result<Option<u32>, BoardError> {
    Solver::new().count(board, rules)
}

/// A reusable fewest-rolls counter: keeps its buffers between boards, so solving many boards
/// allocates nothing after the first.
///
/// The search is breadth-first, level by level, on bitsets of squares (bit `s` of word `s / 64`):
/// - `frontier`: squares first reached with the current number of rolls;
/// - `closed`: squares a roll cannot newly rest on: plain squares reached so far, jump squares
///   and squares past the end (`rested_jumps` tracks the jump squares a token rests on);
/// - `pending`: jump squares not yet landed on.
///
/// One level: shifting the frontier left by 1 to `die` and or-ing gives every square a roll
/// lands on. Plain squares among them, not yet seen, are the next frontier. Each jump square
/// among them sends the token to where [`snakes::landing`] says (computed once per jump, since a
/// jump leads to the same square whoever lands on it), which joins the frontier if not yet seen.
/// Only the words the frontier occupies are visited, so a level costs a few word operations.
///
/// Why this is the same search as [`min_rolls`]: from a square `s` below the last, every face
/// `r` with `s + r <= N` moves the token to `s + r` and then along its jumps, which is what the
/// shift and the jump table do. Faces with `s + r > N` are where the ending rules differ, and
/// there the face `N - s` (at most the die, since `s + die > N`) reaches the last square in the
/// same single roll, so an overshoot never shortens a path and every ending gives the same count.
/// From square 0, a `need-six` entry forces one face, so that case takes the queue search.
#[derive(Debug, Default, Clone)]
pub struct Solver {
    frontier: Vec<u64>,
    next: Vec<u64>,
    closed: Vec<u64>,
    rested_jumps: Vec<u64>,
    pending: Vec<u64>,
}

impl Solver {
    /// A solver with empty buffers.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The fewest rolls from the start to the last square, `None` when unreachable: the same
    /// answer as [`min_rolls`]`(board, rules).rolls`.
    ///
    /// # Errors
    /// As [`min_rolls`].
    pub fn count(&mut self, board: &Board, rules: &Rules) -> Result<Option<u32>, BoardError> {
        check_playable(board, rules)?;
        if rules.start == Start::OffBoard && rules.entry == Entry::NeedSix {
            return Ok(min_rolls(board, rules)?.rolls);
        }
        Ok(self.count_bits(board, rules))
    }

    fn count_bits(&mut self, board: &Board, rules: &Rules) -> Option<u32> {
        let words = board.jump_bits().len() + 1;
        if words <= SMALL {
            // Boards up to 447 squares (every LeetCode board) work on arrays on the stack:
            // nothing to allocate or clear beyond them.
            let mut sets = [[0u64; SMALL]; 5];
            let [frontier, next, closed, pending, rested] = &mut sets;
            let sets = Sets {
                frontier: &mut frontier[..words],
                next: &mut next[..words],
                closed: &mut closed[..words],
                pending: &mut pending[..words],
                rested: &mut rested[..words],
            };
            return match rules.die() {
                6 => search::<6>(board, rules, sets),
                _ => search::<0>(board, rules, sets),
            };
        }
        for v in [
            &mut self.frontier,
            &mut self.next,
            &mut self.closed,
            &mut self.pending,
            &mut self.rested_jumps,
        ] {
            v.clear();
            v.resize(words, 0);
        }
        let sets = Sets {
            frontier: &mut self.frontier,
            next: &mut self.next,
            closed: &mut self.closed,
            pending: &mut self.pending,
            rested: &mut self.rested_jumps,
        };
        match rules.die() {
            6 => search::<6>(board, rules, sets),
            _ => search::<0>(board, rules, sets),
        }
    }
}

/// Words of the bitsets kept on the stack: 7 words of squares and the spare.
const SMALL: usize = 8;

/// The bitsets of one search, each of `jump_bits.len() + 1` words, all zero on entry.
struct Sets<'a> {
    frontier: &'a mut [u64],
    next: &'a mut [u64],
    /// Squares a roll cannot newly rest on as plain squares: jump squares, squares past N, and
    /// plain squares already reached.
    closed: &'a mut [u64],
    /// Jump squares not yet landed on.
    pending: &'a mut [u64],
    /// Jump squares a token has rested on (at the start, or after a jump that does not chain).
    rested: &'a mut [u64],
}

/// The level-by-level search; `DIE` is the die's faces, or 0 to read them from `rules`. One
/// function, long as it is: it is the hot loop of `snakes solve`, and the compiler keeps the
/// level's bitsets and the shifts of each face together only when they are in one body.
#[inline(always)]
fn search<const DIE: u32>(board: &Board, rules: &Rules, sets: Sets<'_>) -> Option<u32> {
    let last = board.last();
    let start = rules.start_square();
    if start == last {
        return Some(0);
    }
    let die = if DIE == 0 {
        u32::from(rules.die())
    } else {
        DIE
    };
    // With one jump per move, a roll onto a jump square ends where the board's jump table says
    // (exactly what `landing` does then, and tested to agree); chained jumps ask `landing`.
    let single = rules.jumps == Jumps::Single;
    let dest = board.dest_table();
    let jump_bits = board.jump_bits();
    let Sets {
        mut frontier,
        mut next,
        closed,
        pending,
        rested,
    } = sets;
    let words = jump_bits.len() + 1;
    // Element by element rather than `copy_from_slice`: a handful of words, not worth a call.
    for ((c, p), &j) in closed.iter_mut().zip(pending.iter_mut()).zip(jump_bits) {
        *c = j;
        *p = j;
    }
    closed[words - 1] = !0;
    let top = last as usize + 1;
    if !top.is_multiple_of(64) {
        closed[top / 64] |= !0u64 << (top % 64);
    }
    let (lw, lb) = (last as usize / 64, last % 64);
    set(frontier, start);
    reach(start, jump_bits, closed, rested);
    let (mut lo, mut hi) = (start as usize / 64, start as usize / 64);
    let mut rolls = 0;
    loop {
        rolls += 1;
        let (mut nlo, mut nhi) = (usize::MAX, 0);
        let mut carry = 0u64;
        let end = (hi + 1).min(words - 1);
        for i in lo..=end {
            let f = frontier[i];
            frontier[i] = 0;
            let spread = spread(f, die);
            let rolled = (spread as u64) | carry;
            carry = (spread >> 64) as u64;
            if rolled == 0 {
                continue;
            }
            let plain = rolled & !closed[i];
            if plain != 0 {
                closed[i] |= plain;
                next[i] |= plain;
                nlo = nlo.min(i);
                nhi = nhi.max(i);
            }
            let mut hits = rolled & pending[i];
            if hits == 0 {
                continue;
            }
            pending[i] &= !hits;
            while hits != 0 {
                let square = (i * 64) as Square + hits.trailing_zeros();
                hits &= hits - 1;
                // The square a roll onto `square` ends on, jumps included.
                let to = if single {
                    dest[square as usize]
                } else {
                    landing(board, rules, square - 1, 1)
                };
                if reach(to, jump_bits, closed, rested) {
                    set(next, to);
                    let tw = to as usize / 64;
                    nlo = nlo.min(tw);
                    nhi = nhi.max(tw);
                }
            }
        }
        if closed[lw] >> lb & 1 == 1 {
            return Some(rolls);
        }
        if nlo == usize::MAX {
            return None;
        }
        std::mem::swap(&mut frontier, &mut next);
        lo = nlo;
        hi = nhi;
    }
}

/// Marks `square` as reached; says whether it was new. Jump squares (where a token rests only
/// at the start or after a jump that does not chain) are tracked apart from plain ones, since
/// `closed` holds every jump square from the outset.
#[inline]
fn reach(square: Square, jump_bits: &[u64], closed: &mut [u64], rested_jumps: &mut [u64]) -> bool {
    let (w, bit) = (square as usize / 64, 1u64 << (square % 64));
    let marks = if jump_bits[w] & bit != 0 {
        rested_jumps
    } else {
        closed
    };
    let new = marks[w] & bit == 0;
    marks[w] |= bit;
    new
}

/// Every square one roll of a `die`-faced die reaches from the squares in `f`: `f << 1 | ... |
/// f << die`, as 128 bits (the high word carries into the next word of the bitset).
#[inline]
fn spread(f: u64, die: u32) -> u128 {
    if f == 0 {
        return 0;
    }
    // Doubling: `x` covers shifts 1..=k, then 1..=2k, until k reaches the die; the last
    // doubling overlaps so as not to pass it.
    let mut x = u128::from(f) << 1;
    let mut k = 1;
    while k < die {
        let add = k.min(die - k);
        x |= x << add;
        k += add;
    }
    x
}

fn set(bits: &mut [u64], square: Square) {
    bits[square as usize / 64] |= 1 << (square % 64);
}

/// The reference for LeetCode 909 (the Java solution of seeds/001), shared with the command's
/// tests.
#[cfg(test)]
#[path = "../tests/support/leetcode_oracle.rs"]
mod leetcode_oracle;

#[cfg(test)]
mod tests {
    use super::*;
    use snakes::{Ending, GameState, Jump, Rng, random_board};
    use std::sync::Arc;

    fn grid(text: &str) -> Board {
        Board::parse(text).unwrap()
    }

    /// The searches of this module and the relaxation oracle must all agree.
    fn both(board: &Board, rules: &Rules) -> Option<u32> {
        let full = min_rolls(board, rules).unwrap();
        let fast = Solver::new().count(board, rules).unwrap();
        assert_eq!(full.rolls, fast, "{board:?} {rules}");
        assert_eq!(full.rolls, min_rolls_textbook(board, rules).unwrap());
        assert_eq!(full.rolls, relax(board, rules), "{board:?} {rules}");
        full.rolls
    }

    /// An independent answer: distances relaxed to a fixed point (Bellman-Ford sweeps) instead
    /// of a breadth-first search.
    fn relax(board: &Board, rules: &Rules) -> Option<u32> {
        let last = board.last();
        let mut dist = vec![u32::MAX; last as usize + 1];
        dist[rules.start_square() as usize] = 0;
        loop {
            let mut changed = false;
            for from in 0..last {
                let d = dist[from as usize];
                if d == u32::MAX {
                    continue;
                }
                for roll in 1..=rules.die() {
                    let to = landing(board, rules, from, roll) as usize;
                    if d + 1 < dist[to] {
                        dist[to] = d + 1;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let d = dist[last as usize];
        (d != u32::MAX).then_some(d)
    }

    use super::leetcode_oracle::published_bfs as leetcode_reference;

    fn leetcode(board: &Board) -> i64 {
        let answer = both(board, &Rules::LEETCODE).map_or(-1, i64::from);
        assert_eq!(answer, leetcode_reference(&board.to_grid()), "{board:?}");
        answer
    }

    /// A LeetCode-valid grid: jumps anywhere but squares 1 and n², to any square (cycles,
    /// chains and cells holding their own number, which mean no jump, included).
    fn random_grid(rng: &mut Rng, n: usize, density: u64) -> Vec<Vec<i64>> {
        let m = (n * n) as u64;
        let mut g = vec![vec![-1i64; n]; n];
        let layout = Board::square(n as u32, []).unwrap();
        for square in 2..m {
            if rng.below(100) < density {
                let to = rng.below(m) + 1;
                let (r, c) = layout.cell(square as Square).unwrap();
                g[r as usize][c as usize] = to as i64;
            }
        }
        g
    }

    #[test]
    fn spread_covers_exactly_one_to_die() {
        for die in 2..=20 {
            let x = spread(1, die);
            assert_eq!(x, ((1u128 << die) - 1) << 1, "die {die}");
        }
        assert_eq!(spread(1 << 63, 6), 0b11_1111u128 << 64);
    }

    #[test]
    fn leetcode_examples() {
        assert_eq!(leetcode(&grid("[[-1,-1],[-1,3]]")), 1);
        assert_eq!(
            leetcode(&grid(
                "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
                  [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]"
            )),
            4
        );
        assert_eq!(leetcode(&grid("[[-1,-1,-1],[-1,9,8],[-1,8,9]]")), 1);
    }

    // The traps of seeds/001, one test each.

    #[test]
    fn trap_row_parity_is_read_before_the_rows_are_flipped() {
        // n = 6: square 7 is board[4][5]; flipping the row first would read board[5][5].
        let mut g = vec![vec![-1i64; 6]; 6];
        g[4][5] = 36;
        let b = Board::from_grid(&g).unwrap();
        assert_eq!(b.jumps().collect::<Vec<_>>(), [Jump { from: 7, to: 36 }]);
        assert_eq!(b.cell(7), Some((4, 5)));
        // A roll of 6 from square 1 reaches the ladder.
        assert_eq!(leetcode(&b), 1);
    }

    #[test]
    fn trap_rows_alternate_direction() {
        // Square 12 is board[4][0], not board[4][5] (forgetting to mirror every other row).
        let mut g = vec![vec![-1i64; 6]; 6];
        g[4][0] = 36;
        let b = Board::from_grid(&g).unwrap();
        assert_eq!(b.jumps().collect::<Vec<_>>(), [Jump { from: 12, to: 36 }]);
        // 1 -> 7 -> 12 (ladder to 36): two rolls; a ladder on 7 would take one.
        assert_eq!(leetcode(&b), 2);
    }

    #[test]
    fn trap_row_zero_is_the_top() {
        // Square 2 is board[5][1]; board[0][1] is square 35.
        let mut g = vec![vec![-1i64; 6]; 6];
        g[5][1] = 30;
        g[0][1] = 3;
        let b = Board::from_grid(&g).unwrap();
        assert_eq!(b.jump(2), Some(30));
        assert_eq!(b.jump(35), Some(3));
        // 1 -> 2 (ladder to 30) -> 36.
        assert_eq!(leetcode(&b), 2);
    }

    #[test]
    fn trap_every_roll_is_tried_not_only_the_six() {
        // From square 1, a six lands on 7, a snake back to 1; a one climbs 2 -> 16.
        let b = Board::square(4, [Jump { from: 7, to: 1 }, Jump { from: 2, to: 16 }]).unwrap();
        assert_eq!(leetcode(&b), 1);
        let path = min_rolls(&b, &Rules::LEETCODE).unwrap().path;
        assert_eq!(path[0].roll, 1);
    }

    #[test]
    fn trap_a_roll_past_the_last_square_is_not_a_move() {
        // 1 -> 2 (ladder to 35); from 35 only a one is a move: 36. Rolls of 2..=6 would
        // index past the board (the Python code of seeds/004 has no guard for this).
        let b = Board::square(6, [Jump { from: 2, to: 35 }]).unwrap();
        assert_eq!(leetcode(&b), 2);
        let s = min_rolls(&b, &Rules::LEETCODE).unwrap();
        assert_eq!((s.path[1].from, s.path[1].roll, s.path[1].to), (35, 1, 36));
        for roll in 2..=6 {
            assert_eq!(landing(&b, &Rules::LEETCODE, 35, roll), 35);
        }
    }

    #[test]
    fn trap_jumps_do_not_chain() {
        // 2 -> 9 and 9 -> 15: one jump per move, so 1 -> 2 rests on 9.
        let b = Board::square(4, [Jump { from: 2, to: 9 }, Jump { from: 9, to: 15 }]).unwrap();
        assert_eq!(leetcode(&b), 3);
        let mut chain = Rules::LEETCODE;
        chain.jumps = Jumps::Chain;
        assert_eq!(both(&b, &chain), Some(2));
        // Two squares pointing at each other: following jumps in a loop would never end.
        let b = Board::square(4, [Jump { from: 5, to: 12 }, Jump { from: 12, to: 5 }]).unwrap();
        assert_eq!(leetcode(&b), 2);
        assert!(min_rolls(&b, &chain).is_err());
    }

    #[test]
    fn trap_the_square_marked_seen_is_where_the_token_rests() {
        // seeds/001: squares 2 and 3 both lead to 15; 15 must be expanded once, and from the
        // square the token rests on, not the ladder's foot.
        let b = Board::square(6, [Jump { from: 2, to: 15 }, Jump { from: 3, to: 15 }]).unwrap();
        assert_eq!(leetcode(&b), 5);
        // A ladder's top that is a snake's head: climbing 3 -> 10, the token rests on 10
        // without sliding and a six finishes: 2 rolls. Rolling onto 10 is another thing (it
        // slides to 2); a search marking squares rolled onto would conflate the two.
        let b = Board::square(4, [Jump { from: 3, to: 10 }, Jump { from: 10, to: 2 }]).unwrap();
        assert_eq!(leetcode(&b), 2);
    }

    #[test]
    fn trap_squares_are_marked_when_queued_and_paths_never_revisit() {
        // Many ladders to one square: marking on dequeue would queue it many times. The
        // answer stays right and the optimal path never visits a square twice.
        let jumps = (2..=20).map(|from| Jump { from, to: 300 });
        let b = Board::square(20, jumps).unwrap();
        let s = min_rolls(&b, &Rules::LEETCODE).unwrap();
        assert_eq!(leetcode(&b), 18);
        let mut rested: Vec<Square> = s.path.iter().map(|r| r.to).collect();
        rested.push(1);
        rested.sort_unstable();
        rested.dedup();
        assert_eq!(rested.len(), s.path.len() + 1);
    }

    #[test]
    fn trap_levels_do_not_mix() {
        // Without jumps, 20 x 20 needs ceil(399 / 6) = 67 rolls; mixing levels gives 0 or 1.
        let b = Board::square(20, []).unwrap();
        assert_eq!(leetcode(&b), 67);
        assert_eq!(leetcode(&Board::square(2, []).unwrap()), 1);
    }

    /// Also seeds/004's code, which only checks for the last square when queueing a move.
    #[test]
    fn trap_one_square_board_needs_no_roll() {
        let b = grid("[[-1]]");
        assert_eq!(leetcode(&b), 0);
        assert!(min_rolls(&b, &Rules::LEETCODE).unwrap().path.is_empty());
        // Starting off the board, one roll enters (a 1; larger faces bounce back to it).
        assert_eq!(both(&b, &Rules::STANDARD), Some(1));
    }

    #[test]
    fn trap_the_last_square_is_on_the_board() {
        // Seen-marks sized n² instead of n² + 1 fail on reaching the last square.
        assert_eq!(leetcode(&grid("[[-1,-1],[-1,-1]]")), 1);
        assert_eq!(leetcode(&grid("[[-1,-1,-1],[-1,-1,-1],[-1,-1,-1]]")), 2);
    }

    #[test]
    fn unreachable_is_none() {
        // Squares 2..=7 all snake back to 1.
        let b = Board::square(4, (2..=7).map(|from| Jump { from, to: 1 })).unwrap();
        assert_eq!(leetcode(&b), -1);
        let s = min_rolls(&b, &Rules::LEETCODE).unwrap();
        assert!(s.path.is_empty() && s.rolls.is_none());
    }

    #[test]
    fn path_replays_the_rolls() {
        let board = Board::classic();
        for rules in [Rules::LEETCODE, Rules::STANDARD] {
            let s = min_rolls(&board, &rules).unwrap();
            let mut at = rules.start_square();
            for step in &s.path {
                assert_eq!(step.from, at);
                at = landing(&board, &rules, at, step.roll);
                assert_eq!(step.to, at);
                assert_eq!(step.steps.last().map(|s| s.square()), Some(at));
            }
            assert_eq!(at, 100);
            assert_eq!(s.rolls, Some(s.path.len() as u32));
        }
        // Off the board, the first roll of 1 enters on square 1 and climbs to 38.
        let s = min_rolls(&board, &Rules::STANDARD).unwrap();
        assert_eq!(
            s.path[0].steps,
            [Step::Entered { to: 1 }, Step::Climbed { from: 1, to: 38 }]
        );
        assert_eq!(s.rolls, Some(7));
    }

    #[test]
    fn need_six_and_the_endings() {
        let b = Board::square(10, []).unwrap();
        let mut r = Rules::STANDARD;
        // 0 -> 6 -> 12 -> ... -> 96 -> 100.
        assert_eq!(both(&b, &r), Some(17));
        r.entry = Entry::NeedSix;
        assert_eq!(both(&b, &r), Some(17));
        // On a 2 x 2 board a six from off the board overshoots square 4.
        let tiny = Board::square(2, []).unwrap();
        r.ending = Ending::Exact;
        assert_eq!(both(&tiny, &r), None);
        r.ending = Ending::Loose;
        assert_eq!(both(&tiny, &r), Some(1));
        // 6 bounces 4 -> 2, then a 2.
        r.ending = Ending::Bounce;
        assert_eq!(both(&tiny, &r), Some(2));
    }

    #[test]
    fn solver_handles_big_boards_and_other_dice() {
        let b = random_board(300, 300, 5_000, 400, 9).unwrap();
        let r = Rules::LEETCODE;
        assert_eq!(
            min_rolls(&b, &r).unwrap().rolls,
            Solver::new().count(&b, &r).unwrap()
        );
        let plain = Board::square(30, []).unwrap();
        for die in [2, 7, 13, 20] {
            let r = Rules::LEETCODE.with_die(die).unwrap();
            let expected = 899_u32.div_ceil(u32::from(die));
            assert_eq!(both(&plain, &r), Some(expected), "die {die}");
        }
    }

    #[test]
    fn thousands_of_leetcode_grids_match_the_reference() {
        let mut rng = Rng::new(909);
        for n in 1..=20 {
            for i in 0..150 {
                let density = [0, 5, 15, 40, 90][i % 5];
                let g = random_grid(&mut rng, n, density);
                let b = Board::from_grid(&g).unwrap();
                let answer = both(&b, &Rules::LEETCODE).map_or(-1, i64::from);
                assert_eq!(answer, leetcode_reference(&g), "{g:?}");
            }
        }
    }

    #[test]
    fn random_rules_on_random_boards_of_every_size_agree() {
        let mut rng = Rng::new(77);
        let mut checked = 0;
        for n in 1..=20u32 {
            for _ in 0..60 {
                let die = 2 + rng.below(19) as u8;
                let all = Rules::all_combinations(die);
                let rules = all[rng.below(all.len() as u64) as usize];
                let cols = n + rng.below(3) as u32;
                let board = if rng.below(2) == 0 {
                    let jumps = rng.below(u64::from(n * cols) / 3 + 1) as usize;
                    let span = 1 + rng.below(u64::from(n * cols)) as u32;
                    match random_board(n, cols, jumps, span, rng.next_u64()) {
                        Ok(b) => b,
                        Err(_) => continue,
                    }
                } else {
                    Board::from_grid(&random_grid(&mut rng, n as usize, 20)).unwrap()
                };
                if snakes::check_playable(&board, &rules).is_err() {
                    continue;
                }
                // `both` compares the queue search, the bitset search, the textbook search and
                // the relaxation oracle.
                both(&board, &rules);
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn every_rules_combination_agrees_stays_on_the_board_and_replays() {
        let mut rng = Rng::new(3);
        let mut boards = vec![Board::classic()];
        for n in 1..=12u32 {
            let g = random_grid(&mut rng, n as usize, 25);
            boards.push(Board::from_grid(&g).unwrap());
            let jumps = (n * n / 4) as usize;
            if let Ok(b) = random_board(n, n + 1, jumps, n * 2, rng.next_u64()) {
                boards.push(b);
            }
        }
        let mut solved = 0;
        for board in &boards {
            let shared = Arc::new(board.clone());
            for die in [2, 6, 9] {
                for rules in Rules::all_combinations(die) {
                    if snakes::check_playable(board, &rules).is_err() {
                        assert!(min_rolls(board, &rules).is_err());
                        assert!(Solver::new().count(board, &rules).is_err());
                        continue;
                    }
                    let rolls = both(board, &rules);
                    let s = min_rolls(board, &rules).unwrap();
                    let Some(rolls) = rolls else { continue };
                    solved += 1;
                    // Replay the path through the game engine with one player.
                    let mut game = GameState::new(shared.clone(), rules, 1, 0).unwrap();
                    for (i, step) in s.path.iter().enumerate() {
                        assert!(step.steps.iter().all(|st| st.square() <= board.last()));
                        assert_eq!(game.square(0), step.from);
                        game.apply(step.roll).unwrap();
                        assert_eq!(game.square(0), step.to, "{rules} roll {i}");
                        assert_eq!(game.is_over(), i + 1 == rolls as usize);
                    }
                    assert_eq!(game.winner(), if rolls == 0 { None } else { Some(0) });
                }
            }
        }
        assert!(solved > 1000);
    }
}
