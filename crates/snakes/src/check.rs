//! Warnings about a board under a set of rules: things that are legal but probably not meant.

use std::fmt;

use crate::board::{Board, Jump, Square};
use crate::error::BoardError;
use crate::rules::{Rules, Start};

/// Something legal but probably unintended about a board: under some rules ([`check`]), or in
/// the text it was read from ([`Board::parse_noting`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "warning", rename_all = "snake_case"))]
pub enum BoardWarning {
    /// No move under these rules ever triggers this jump.
    UnusedJump {
        /// The jump's first square.
        from: Square,
        /// Where it leads.
        to: Square,
        /// True when the reason is that tokens start on square 1, the jump's own square.
        on_start_square: bool,
    },
    /// No sequence of rolls reaches the last square from the start.
    LastUnreachable {
        /// The last square.
        last: Square,
    },
    /// The last square can be reached, but a token can also come to a square from which no
    /// sequence of rolls reaches it: a game may never end.
    Trap {
        /// The lowest such square a token can reach.
        square: Square,
        /// The last square.
        last: Square,
    },
    /// A LeetCode grid cell holds its own square number. LeetCode's constraints allow it and its
    /// judge reads it as no jump; so does this crate (a layout file listing such a jump is an
    /// error instead).
    OwnNumber {
        /// The square, which holds no jump.
        square: Square,
        /// 0-based row of the cell (`board[row]`, row 0 at the top).
        row: usize,
        /// 0-based column of the cell.
        col: usize,
    },
}

impl BoardWarning {
    /// True when a game on the board may never end (the last square is unreachable, or a
    /// token can be trapped): `play` refuses such a board.
    pub fn may_never_end(&self) -> bool {
        matches!(
            self,
            BoardWarning::LastUnreachable { .. } | BoardWarning::Trap { .. }
        )
    }
}

crate::error::technical_display!(BoardWarning, "board warning");

/// Checks `board` under `rules`: an error when it cannot be played at all (a jump cycle when
/// jumps chain), otherwise the list of warnings (possibly empty). The search is [`crate::reach`].
///
/// # Errors
/// [`BoardError::JumpCycle`].
pub fn check(board: &Board, rules: &Rules) -> Result<Vec<BoardWarning>, BoardError> {
    let reach = crate::reach::reach(board, rules)?;
    let mut warnings: Vec<BoardWarning> = board
        .jumps()
        .filter(|j| !reach.jump_used(j.from))
        .map(|Jump { from, to }| BoardWarning::UnusedJump {
            from,
            to,
            on_start_square: rules.start == Start::Square1 && from == 1,
        })
        .collect();
    warnings.extend(reach.never_ends());
    Ok(warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_ladder_on_square_one_is_unused_when_starting_there() {
        let b = Board::classic();
        assert_eq!(check(&b, &Rules::STANDARD).unwrap(), vec![]);
        let w = check(&b, &Rules::LEETCODE).unwrap();
        assert_eq!(w.len(), 1);
        assert_eq!(
            w[0],
            BoardWarning::UnusedJump {
                from: 1,
                to: 38,
                on_start_square: true
            }
        );
    }

    #[test]
    fn unreachable_last_square() {
        // Squares 2..=7 all snake back to 1: nothing gets past them.
        let jumps = (2..=7).map(|from| Jump { from, to: 1 });
        let b = Board::square(4, jumps).unwrap();
        let w = check(&b, &Rules::LEETCODE).unwrap();
        assert_eq!(w.last(), Some(&BoardWarning::LastUnreachable { last: 16 }));
        assert!(w.iter().all(|w| !matches!(w, BoardWarning::Trap { .. })));
        assert!(w.last().unwrap().may_never_end());
    }

    #[test]
    fn a_square_that_traps_a_token() {
        // 1 x 6, a two-sided die, exact ending: 1 climbs to 5 (then 1 finishes), but a token
        // entering on 2 can only reach 3 and 4, which both lead back to 2.
        let b = Board::new(
            1,
            6,
            [
                Jump { from: 1, to: 5 },
                Jump { from: 3, to: 2 },
                Jump { from: 4, to: 2 },
            ],
        )
        .unwrap();
        let rules: Rules = "ending=exact,die=2".parse().unwrap();
        let w = check(&b, &rules).unwrap();
        assert_eq!(w, vec![BoardWarning::Trap { square: 2, last: 6 }]);
        // Technical, for a program's log; people read `snakes_text::errors::board_warning`.
        assert_eq!(
            w[0].to_string(),
            "board warning: Trap { square: 2, last: 6 }"
        );
        assert!(w[0].may_never_end());
        // With a six-sided die every square reaches 6 (a 4 from 2 lands there exactly).
        assert_eq!(check(&b, &rules.with_die(6).unwrap()).unwrap(), vec![]);
        // The classic board traps nobody under any rules.
        for rules in Rules::all_combinations(6) {
            assert!(
                check(&Board::classic(), &rules)
                    .unwrap()
                    .iter()
                    .all(|w| !w.may_never_end())
            );
        }
    }
}
