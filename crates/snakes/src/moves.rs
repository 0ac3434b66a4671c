//! The one move function: where one roll takes one token, and every step on the way.
//!
//! The game engine, the solver, the Markov analysis and the simulator all call [`play_roll`];
//! nothing else implements the rules of a move. Order within a move: entry check, advance,
//! ending rule at the last square, then the jump on the square reached (also after a bounce),
//! following further jumps only when jumps chain. Collisions, the finish and the six rule involve
//! the other tokens and the turn order, so they come after this function, in [`crate::after_move`]
//! (the one place for them, called by [`crate::GameState`] and the analyses alike): collision,
//! then the finish, then the six rule, then the turn passes.

use crate::board::{Board, Square};
use crate::rules::{Ending, Entry, Jumps, Rules};

/// Why a token did not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum StayReason {
    /// The token is off the board and the rules need a six (the top face) to enter.
    NeedSix,
    /// The roll would overshoot the last square and the ending rule is `exact`.
    Overshoot,
}

/// One step of a move. A move is one advance step (entered, moved, bounced or stayed put)
/// followed by zero or more jumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "step", rename_all = "snake_case"))]
pub enum Step {
    /// Came onto the board from square 0, to square `to`.
    Entered {
        /// The square reached.
        to: Square,
    },
    /// Moved forward from `from` to `to`.
    Moved {
        /// Where the move began.
        from: Square,
        /// Where it ended.
        to: Square,
    },
    /// Reached the last square and counted the surplus back down, ending on `to`.
    Bounced {
        /// Where the move began (0 when entering).
        from: Square,
        /// Where the count turned back: the last square.
        turned_at: Square,
        /// Where it ended.
        to: Square,
    },
    /// Did not move.
    StayedPut {
        /// The square the token stays on.
        at: Square,
        /// Why.
        reason: StayReason,
    },
    /// Climbed a ladder.
    Climbed {
        /// The ladder's foot.
        from: Square,
        /// Its top.
        to: Square,
    },
    /// Slid down a snake.
    Slid {
        /// The snake's head.
        from: Square,
        /// Its tail.
        to: Square,
    },
}

impl Step {
    /// The square the token is on after this step.
    pub fn square(self) -> Square {
        match self {
            Step::Entered { to }
            | Step::Moved { to, .. }
            | Step::Bounced { to, .. }
            | Step::Climbed { to, .. }
            | Step::Slid { to, .. } => to,
            Step::StayedPut { at, .. } => at,
        }
    }
}

/// Resolves one roll for one token standing on `from`: returns the square it ends on and calls
/// `step` with every step it took, in order.
///
/// `roll` must be a face of the die (`1..=rules.die()`); callers check it (the game engine
/// refuses other values). A token already on the last square stays there and takes no step.
/// With `jumps=chain` on a board with a jump cycle (see [`Board::jump_cycle`]), jumps are followed
/// at most once each, so the function always ends; games and analyses refuse such a board first.
///
/// Pass `|_| {}` as `step` when only the landing square matters: the closure is inlined away.
///
/// ```
/// use snakes::{play_roll, Board, Rules, Step};
/// let board = Board::classic();
/// let mut steps = Vec::new();
/// // From 98 a 5 counts up to 100 and back to 97 under the standard (bounce) ending.
/// let end = play_roll(&board, &Rules::STANDARD, 98, 5, |s| steps.push(s));
/// assert_eq!(end, 97);
/// assert_eq!(steps, [Step::Bounced { from: 98, turned_at: 100, to: 97 }]);
/// ```
#[inline]
pub fn play_roll(
    board: &Board,
    rules: &Rules,
    from: Square,
    roll: u8,
    mut step: impl FnMut(Step),
) -> Square {
    let last = board.last();
    if from >= last {
        return from;
    }
    if from == 0 && rules.entry == Entry::NeedSix && roll != rules.die() {
        step(Step::StayedPut {
            at: 0,
            reason: StayReason::NeedSix,
        });
        return 0;
    }
    let target = from + Square::from(roll);
    let mut at = if target <= last {
        step(if from == 0 {
            Step::Entered { to: target }
        } else {
            Step::Moved { from, to: target }
        });
        target
    } else {
        match rules.ending {
            Ending::Bounce => {
                let to = bounce(last, target);
                step(Step::Bounced {
                    from,
                    turned_at: last,
                    to,
                });
                to
            }
            Ending::Exact => {
                step(Step::StayedPut {
                    at: from,
                    reason: StayReason::Overshoot,
                });
                return from;
            }
            Ending::Loose => {
                step(if from == 0 {
                    Step::Entered { to: last }
                } else {
                    Step::Moved { from, to: last }
                });
                last
            }
        }
    };
    let mut jumps_left = match rules.jumps {
        Jumps::Single => 1,
        Jumps::Chain => board.jump_count(),
    };
    while jumps_left > 0 {
        let Some(to) = board.jump(at) else { break };
        step(if to > at {
            Step::Climbed { from: at, to }
        } else {
            Step::Slid { from: at, to }
        });
        at = to;
        jumps_left -= 1;
    }
    at
}

/// Where counting `target` squares along a track of `last` squares ends when every end of the
/// track turns the count around: past `last` it counts back down, and on the tiny boards where a
/// big die could carry it below square 1 it turns up again, so it never leaves the board.
fn bounce(last: Square, target: Square) -> Square {
    if last <= 1 {
        return last;
    }
    let period = 2 * (last - 1);
    let offset = (target - 1) % period;
    if offset < last {
        offset + 1
    } else {
        period - offset + 1
    }
}

/// Where a roll ends, without the steps. See [`play_roll`].
#[inline]
pub fn landing(board: &Board, rules: &Rules, from: Square, roll: u8) -> Square {
    play_roll(board, rules, from, roll, |_| {})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Jump;

    fn steps(board: &Board, rules: &Rules, from: Square, roll: u8) -> (Square, Vec<Step>) {
        let mut steps = Vec::new();
        let end = play_roll(board, rules, from, roll, |s| steps.push(s));
        (end, steps)
    }

    #[test]
    fn the_three_endings_from_98() {
        let b = Board::classic();
        let mut r = Rules::STANDARD;
        assert_eq!(steps(&b, &r, 98, 2).0, 100);
        // Bounce: 98 + 5 = 103 counts back to 97, 98 + 6 to 96; 98 + 4 counts back to 98,
        // which is a snake head on the classic board, so the jump fires after the bounce.
        assert_eq!(steps(&b, &r, 98, 5).0, 97);
        assert_eq!(steps(&b, &r, 98, 6).0, 96);
        assert_eq!(steps(&b, &r, 98, 4).0, 78);
        r.ending = Ending::Exact;
        assert_eq!(
            steps(&b, &r, 98, 5),
            (
                98,
                vec![Step::StayedPut {
                    at: 98,
                    reason: StayReason::Overshoot
                }]
            )
        );
        r.ending = Ending::Loose;
        assert_eq!(
            steps(&b, &r, 98, 5),
            (100, vec![Step::Moved { from: 98, to: 100 }])
        );
    }

    #[test]
    fn a_bounce_lands_on_a_snake_and_slides() {
        // 97 + 5 = 102 bounces to 98, the head of a snake to 78.
        let b = Board::classic();
        assert_eq!(
            steps(&b, &Rules::STANDARD, 97, 5),
            (
                78,
                vec![
                    Step::Bounced {
                        from: 97,
                        turned_at: 100,
                        to: 98
                    },
                    Step::Slid { from: 98, to: 78 }
                ]
            )
        );
    }

    #[test]
    fn entering_and_need_six() {
        let b = Board::classic();
        let mut r = Rules::STANDARD;
        assert_eq!(
            steps(&b, &r, 0, 1),
            (
                38,
                vec![Step::Entered { to: 1 }, Step::Climbed { from: 1, to: 38 }]
            )
        );
        r.entry = Entry::NeedSix;
        assert_eq!(
            steps(&b, &r, 0, 5),
            (
                0,
                vec![Step::StayedPut {
                    at: 0,
                    reason: StayReason::NeedSix
                }]
            )
        );
        assert_eq!(steps(&b, &r, 0, 6).0, 6);
        // Need-six only applies off the board.
        assert_eq!(steps(&b, &r, 6, 5).0, 11);
    }

    #[test]
    fn single_jumps_do_not_chain_but_chained_jumps_do() {
        let j = |from, to| Jump { from, to };
        // 2 -> 15 (ladder), 15 -> 3 (snake), 3 -> 20 (ladder).
        let b = Board::square(5, [j(2, 15), j(15, 3), j(3, 20)]).unwrap();
        let mut r = Rules::LEETCODE;
        assert_eq!(steps(&b, &r, 1, 1).0, 15);
        r.jumps = Jumps::Chain;
        let (end, s) = steps(&b, &r, 1, 1);
        assert_eq!(end, 20);
        assert_eq!(s.len(), 4);
        // A cycle is followed at most once per jump and the function ends.
        let cyc = Board::square(5, [j(5, 20), j(20, 5)]).unwrap();
        let end = landing(&cyc, &r, 1, 4);
        assert!(end == 5 || end == 20);
    }

    #[test]
    fn bounce_stays_on_tiny_boards() {
        let r = Rules::STANDARD.with_die(20).unwrap();
        for last in 1..=12u32 {
            let b = Board::new(1, last, []).unwrap();
            for from in 0..last {
                for roll in 1..=20 {
                    let end = landing(&b, &r, from, roll);
                    assert!((1..=last).contains(&end), "{last} {from} {roll} -> {end}");
                    if from + u32::from(roll) < 2 * last && from + u32::from(roll) > last {
                        assert_eq!(end, 2 * last - from - u32::from(roll));
                    }
                }
            }
        }
    }

    #[test]
    fn a_finished_token_stays() {
        let b = Board::classic();
        assert_eq!(steps(&b, &Rules::STANDARD, 100, 3), (100, vec![]));
    }
}
