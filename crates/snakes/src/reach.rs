//! Where a token can go: the squares it can rest on from the start, the squares from which the
//! last square can still be reached, and those from which it is reached with certainty. The one
//! search behind `board check`'s warnings, the refusal of boards on which a game may never end,
//! and the analyses' choice of the squares whose expected time is finite.

use crate::board::{Board, Square};
use crate::check::BoardWarning;
use crate::error::BoardError;
use crate::faces::face_outcome;
use crate::game::check_playable;
use crate::moves::Step;
use crate::rules::Rules;

/// A token can rest here in some game from the start.
const REACHED: u8 = 1;
/// Some sequence of rolls from here reaches the last square.
const FINISHES: u8 = 2;
/// From here the last square is reached with probability 1: no sequence of rolls leads to a
/// square from which it cannot be reached.
const SURE: u8 = 4;
/// The jump on this square fires in some move of a game from the start.
const JUMP_USED: u8 = 8;
/// Search state: the square is on the stack of the component search.
const ON_STACK: u8 = 16;
/// Search state: a move from the square's component leads to a component that finishes.
const SEES_FINISH: u8 = 32;
/// Search state: a move from the square's component leads to a component that is not sure.
const SEES_DOOM: u8 = 64;

/// The reachability of every square `0..=N` of a board under some rules: see [`reach`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    flags: Vec<u8>,
    last: Square,
}

impl Reach {
    fn has(&self, square: Square, flag: u8) -> bool {
        self.flags
            .get(square as usize)
            .is_some_and(|&f| f & flag != 0)
    }

    /// The last square.
    pub fn last(&self) -> Square {
        self.last
    }

    /// Whether a token can rest on `square` in some game: the start square, and every square a
    /// roll can leave a token on from a square it can rest on.
    pub fn reached(&self, square: Square) -> bool {
        self.has(square, REACHED)
    }

    /// Whether some sequence of rolls takes a token on `square` to the last square.
    pub fn can_finish(&self, square: Square) -> bool {
        self.has(square, FINISHES)
    }

    /// Whether a token on `square` reaches the last square with probability 1: no sequence of
    /// rolls takes it to a square from which the last square cannot be reached. These are the
    /// squares from which the expected length of a game is finite.
    pub fn sure_to_finish(&self, square: Square) -> bool {
        self.has(square, SURE)
    }

    /// Whether the jump starting on `from` fires in some move of some game.
    pub fn jump_used(&self, from: Square) -> bool {
        self.has(from, JUMP_USED)
    }

    /// The lowest square a token can rest on from which the last square can never be reached,
    /// if the last square itself can be reached (otherwise see [`Reach::never_ends`]).
    pub fn trap(&self) -> Option<Square> {
        if !self.reached(self.last) {
            return None;
        }
        (0..=self.last).find(|&s| self.reached(s) && !self.can_finish(s))
    }

    /// Why a game from the start may never end, if it may: the last square cannot be reached
    /// ([`BoardWarning::LastUnreachable`]) or a token can be trapped ([`BoardWarning::Trap`]).
    pub fn never_ends(&self) -> Option<BoardWarning> {
        if !self.reached(self.last) {
            return Some(BoardWarning::LastUnreachable { last: self.last });
        }
        self.trap().map(|square| BoardWarning::Trap {
            square,
            last: self.last,
        })
    }
}

/// Searches every move of `board` under `rules` once: which squares a token can rest on from the
/// start, which jumps fire, and for every square whether the last square can be reached from it
/// and whether it is reached with certainty.
///
/// The moves are the faces' outcomes ([`crate::face_outcome`]); the last square ends the game,
/// so no move leaves it. One depth-first search finds the strongly connected groups of squares
/// (Tarjan's algorithm, without recursion) and settles each group when it closes, after every
/// group its moves lead to: linear time, about a dozen bytes per square.
///
/// ```
/// use snakes::{Board, Jump, Rules, reach};
///
/// // A two-sided die and the exact ending on 1 x 6: entering on 2, a token can only reach 3 and
/// // 4, whose snakes lead back to 2; the ladder 1-5 would have led to the end.
/// let jumps = [(1, 5), (3, 2), (4, 2)].map(|(from, to)| Jump { from, to });
/// let board = Board::new(1, 6, jumps).unwrap();
/// let r = reach(&board, &"ending=exact,die=2".parse().unwrap()).unwrap();
/// assert!(r.reached(6) && r.can_finish(5) && !r.can_finish(2));
/// assert_eq!(r.trap(), Some(2));
/// assert!(!r.sure_to_finish(0) && r.sure_to_finish(5));
/// ```
///
/// # Errors
/// [`BoardError::JumpCycle`] when jumps chain and the board has a cycle of jumps.
pub fn reach(board: &Board, rules: &Rules) -> Result<Reach, BoardError> {
    check_playable(board, rules)?;
    let last = board.last();
    let n = last as usize;
    let mut search = Search {
        board,
        rules,
        last,
        flags: vec![0u8; n + 1],
        order: vec![0u32; n + 1],
        low: vec![0u32; n + 1],
        seen: 0,
        group: Vec::new(),
        path: Vec::new(),
    };
    // The first search starts from the start square: what it visits is what a game can reach.
    let start = rules.start_square().min(last);
    search.from(start, true);
    for root in 0..=last {
        if search.order[root as usize] == 0 {
            search.from(root, false);
        }
    }
    Ok(Reach {
        flags: search.flags,
        last,
    })
}

/// The state of the search for strongly connected groups of squares.
struct Search<'a> {
    board: &'a Board,
    rules: &'a Rules,
    last: Square,
    flags: Vec<u8>,
    /// Order of discovery, from 1 (0: not yet seen).
    order: Vec<u32>,
    /// The lowest order reachable through the search tree and one more move (Tarjan's
    /// low-link), while the square is on the group stack.
    low: Vec<u32>,
    seen: u32,
    /// Squares discovered and not yet in a settled group.
    group: Vec<Square>,
    /// The search path: a square and the next face to try from it.
    path: Vec<(Square, u8)>,
}

impl Search<'_> {
    /// Discovers square `s`: numbers it and puts it on both stacks.
    fn enter(&mut self, s: Square, from_start: bool) {
        self.seen += 1;
        self.order[s as usize] = self.seen;
        self.low[s as usize] = self.seen;
        self.flags[s as usize] |= ON_STACK | if from_start { REACHED } else { 0 };
        self.group.push(s);
        self.path.push((s, 1));
    }

    /// Searches every square not yet seen that `root` leads to. With `from_start`, marks them
    /// reached and records the jumps their moves fire.
    fn from(&mut self, root: Square, from_start: bool) {
        self.enter(root, from_start);
        let (last, die) = (self.last, self.rules.die());
        while let Some(&(s, face)) = self.path.last() {
            let su = s as usize;
            if s != last && face <= die {
                if let Some(top) = self.path.last_mut() {
                    top.1 += 1;
                }
                let flags = &mut self.flags;
                let to = if from_start {
                    face_outcome(self.board, self.rules, s, face, |step| {
                        if let Step::Climbed { from, .. } | Step::Slid { from, .. } = step {
                            flags[from as usize] |= JUMP_USED;
                        }
                    })
                    .to
                } else {
                    face_outcome(self.board, self.rules, s, face, |_| {}).to
                };
                let tu = to as usize;
                if self.order[tu] == 0 {
                    self.enter(to, from_start);
                } else if self.flags[tu] & ON_STACK != 0 {
                    self.low[su] = self.low[su].min(self.order[tu]);
                } else {
                    self.flags[su] |= settled_view(self.flags[tu]);
                }
                continue;
            }
            // Every move from `s` is explored.
            self.path.pop();
            if self.low[su] == self.order[su] {
                self.settle(s);
            }
            if let Some(&(parent, _)) = self.path.last() {
                let pu = parent as usize;
                if self.flags[su] & ON_STACK != 0 {
                    self.low[pu] = self.low[pu].min(self.low[su]);
                } else {
                    self.flags[pu] |= settled_view(self.flags[su]);
                }
            }
        }
    }

    /// Settles the group that `root` closes: every group its moves lead to is settled already.
    fn settle(&mut self, root: Square) {
        let at = self.group.iter().rposition(|&g| g == root).unwrap_or(0);
        let seen = self.group[at..]
            .iter()
            .fold(0, |acc, &m| acc | self.flags[m as usize]);
        let finishes = self.group[at..].contains(&self.last) || seen & SEES_FINISH != 0;
        let sure = finishes && seen & SEES_DOOM == 0;
        let settled = if finishes { FINISHES } else { 0 } | if sure { SURE } else { 0 };
        for &m in &self.group[at..] {
            let f = &mut self.flags[m as usize];
            *f = (*f & (REACHED | JUMP_USED)) | settled;
        }
        self.group.truncate(at);
    }
}

/// What a move into a settled square tells the square it comes from.
fn settled_view(target: u8) -> u8 {
    (if target & FINISHES != 0 {
        SEES_FINISH
    } else {
        0
    }) | (if target & SURE == 0 { SEES_DOOM } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::landing;

    /// The plain definitions, by searching forwards from every square, on random small boards
    /// under every rules combination; and the warning `check` gives from them.
    #[test]
    fn matches_forward_searches_from_every_square() {
        let mut traps = 0;
        for seed in 0..40 {
            let (rows, cols) = (1 + seed as u32 % 3, 2 + seed as u32 % 5);
            let jumps = (rows * cols / 2) as usize;
            let Ok(board) = crate::random_board(rows, cols, jumps, u32::MAX, seed) else {
                continue;
            };
            for die in [2, 3, 6] {
                for rules in Rules::all_combinations(die) {
                    let Ok(r) = reach(&board, &rules) else {
                        continue;
                    };
                    let n = board.last();
                    let from = |s: Square| -> Vec<bool> {
                        let mut seen = vec![false; n as usize + 1];
                        let mut stack = vec![s];
                        seen[s as usize] = true;
                        while let Some(s) = stack.pop() {
                            if s == n {
                                continue;
                            }
                            for roll in 1..=die {
                                let t = landing(&board, &rules, s, roll);
                                if !seen[t as usize] {
                                    seen[t as usize] = true;
                                    stack.push(t);
                                }
                            }
                        }
                        seen
                    };
                    let can = |s: Square| from(s)[n as usize];
                    let reached = from(rules.start_square());
                    // The warning `check` gives: the last square unreachable, or the lowest
                    // square a token can reach and never leave for the last.
                    let want = if !reached[n as usize] {
                        Some(BoardWarning::LastUnreachable { last: n })
                    } else {
                        (0..=n)
                            .find(|&s| reached[s as usize] && !can(s))
                            .map(|square| BoardWarning::Trap { square, last: n })
                    };
                    assert_eq!(r.never_ends(), want, "seed {seed}, {rules}");
                    for s in 0..=n {
                        assert_eq!(r.reached(s), reached[s as usize], "{rules} {s}");
                        assert_eq!(r.can_finish(s), can(s), "{rules} {s}");
                        let sure = from(s)
                            .iter()
                            .enumerate()
                            .all(|(t, &seen)| !seen || can(t as Square));
                        assert_eq!(r.sure_to_finish(s), sure, "{rules} {s}");
                    }
                    traps += usize::from(r.trap().is_some());
                }
            }
        }
        assert!(traps > 10, "only {traps} boards with a trap");
    }

    #[test]
    fn a_jump_cycle_is_an_error_when_jumps_chain() {
        use crate::board::Jump;
        let b = Board::square(5, [Jump { from: 5, to: 20 }, Jump { from: 20, to: 5 }]).unwrap();
        assert!(reach(&b, &"jumps=chain".parse().unwrap()).is_err());
        assert!(reach(&b, &Rules::STANDARD).is_ok());
    }

    #[test]
    fn a_long_board_does_not_overflow_the_stack() {
        let board = Board::new(1, 1_000_000, []).unwrap();
        let r = reach(&board, &Rules::STANDARD).unwrap();
        assert!(r.sure_to_finish(0) && r.reached(1_000_000) && r.never_ends().is_none());
    }
}
