//! The rest of a turn, after the move: collision, the finish, the six rule and the turn passing.
//!
//! [`after_move`] works on plain data (the squares of every token, in seat order) and reports
//! through a callback, so that the engine ([`crate::GameState::apply`]) and the analyses (the
//! simulator's game loop, the two-token chain) run the same code: with a `|_| {}` callback it
//! compiles down to the few comparisons it makes, as [`crate::play_roll`] does with its step sink.

use crate::board::Square;
use crate::game::Player;
use crate::rules::{Collision, Rules};

/// Something that happened to the other tokens after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnEvent {
    /// The mover landed on `player`'s square and sent that token back to the start
    /// (`collision=bump`).
    Bumped {
        /// The token sent back.
        player: Player,
        /// The token that landed.
        by: Player,
        /// The square it was on.
        from: Square,
        /// The start square it went back to.
        to: Square,
    },
}

/// Who rolls next, once a move is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AfterMove {
    /// The mover reached the last square: the game is over.
    Won,
    /// The mover rolled the top face under `six=roll-again`: the same player rolls again, within
    /// the same turn.
    ExtraRoll,
    /// The turn passes to this player (the next seat, wrapping around).
    Next(Player),
}

/// Finishes the move of `mover` to square `to` (where [`crate::play_roll`] took it with `roll`):
/// puts the token on `to` in `squares` (every token's square, in seat order), then applies, in
/// this order:
///
/// 1. **Collision.** Under `collision=bump`, a token that moved (`to` differs from its square
///    before the roll) sends every other token on `to` back to the start square, except on the
///    start square itself and on the last square (`last`); each is reported as
///    [`TurnEvent::Bumped`], in seat order. Under `share` tokens never interact.
/// 2. **The finish.** Reaching `last` wins: [`AfterMove::Won`].
/// 3. **The six rule.** Under `six=roll-again`, the top face gives the same player another roll:
///    [`AfterMove::ExtraRoll`] (see [`Rules::rolls_again`]).
/// 4. **The turn passes** to the next seat: [`AfterMove::Next`].
///
/// `mover` must be an index of `squares` (it panics otherwise).
///
/// ```
/// use snakes::{AfterMove, Rules, TurnEvent, after_move};
///
/// let rules: Rules = "collision=bump".parse().unwrap();
/// let mut squares = [4, 9];
/// let mut bumped = Vec::new();
/// let next = after_move(&rules, 100, 0, 9, 3, &mut squares, |e| bumped.push(e));
/// assert_eq!(next, AfterMove::Next(1));
/// assert_eq!(squares, [9, 0]);
/// assert_eq!(bumped, [TurnEvent::Bumped { player: 1, by: 0, from: 9, to: 0 }]);
/// ```
#[inline]
pub fn after_move(
    rules: &Rules,
    last: Square,
    mover: Player,
    to: Square,
    roll: u8,
    squares: &mut [Square],
    mut on_event: impl FnMut(TurnEvent),
) -> AfterMove {
    let from = squares[mover];
    squares[mover] = to;
    let start = rules.start_square();
    if rules.collision == Collision::Bump && to != from && to != start && to != last {
        for (other, sq) in squares.iter_mut().enumerate() {
            if other != mover && *sq == to {
                *sq = start;
                on_event(TurnEvent::Bumped {
                    player: other,
                    by: mover,
                    from: to,
                    to: start,
                });
            }
        }
    }
    if to == last {
        return AfterMove::Won;
    }
    if rules.rolls_again(roll) {
        return AfterMove::ExtraRoll;
    }
    // The next seat without a division: this runs once per roll in the simulator.
    let next = mover + 1;
    AfterMove::Next(if next == squares.len() { 0 } else { next })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Rules {
        text.parse().unwrap()
    }

    fn run(
        rules: &Rules,
        mover: Player,
        to: Square,
        roll: u8,
        squares: &mut [Square],
    ) -> (AfterMove, Vec<TurnEvent>) {
        let mut events = Vec::new();
        let next = after_move(rules, 100, mover, to, roll, squares, |e| events.push(e));
        (next, events)
    }

    #[test]
    fn bump_sends_every_occupant_back_in_seat_order() {
        let r = rules("collision=bump,start=square-1");
        let mut sq = [7, 3, 12, 12];
        let (next, events) = run(&r, 1, 12, 4, &mut sq);
        assert_eq!(sq, [7, 12, 1, 1]);
        assert_eq!(next, AfterMove::Next(2));
        assert_eq!(
            events,
            [
                TurnEvent::Bumped {
                    player: 2,
                    by: 1,
                    from: 12,
                    to: 1
                },
                TurnEvent::Bumped {
                    player: 3,
                    by: 1,
                    from: 12,
                    to: 1
                },
            ]
        );
    }

    #[test]
    fn no_bump_on_the_start_the_last_square_a_token_that_stayed_or_under_share() {
        let bump = rules("collision=bump,start=square-1");
        // Sent back to square 1 by a snake: the start square is shared.
        let mut sq = [30, 1];
        assert_eq!(run(&bump, 0, 1, 2, &mut sq).1, []);
        assert_eq!(sq, [1, 1]);
        // Stayed put (say an exact ending overshoot) where another token already is.
        let mut sq = [98, 98];
        assert_eq!(run(&bump, 0, 98, 5, &mut sq).1, []);
        assert_eq!(sq, [98, 98]);
        // The last square: a win, nobody is bumped (no one else can be there anyway).
        let mut sq = [97, 100];
        assert_eq!(run(&bump, 0, 100, 3, &mut sq), (AfterMove::Won, vec![]));
        // Share: tokens never interact.
        let mut sq = [10, 14];
        assert_eq!(
            run(&rules("standard"), 0, 14, 4, &mut sq),
            (AfterMove::Next(1), vec![])
        );
        assert_eq!(sq, [14, 14]);
    }

    #[test]
    fn finish_comes_before_the_six_rule_and_the_six_rule_before_the_turn() {
        let again = rules("six=roll-again");
        let mut sq = [94, 50];
        assert_eq!(run(&again, 0, 100, 6, &mut sq).0, AfterMove::Won);
        let mut sq = [44, 50];
        assert_eq!(run(&again, 0, 50, 6, &mut sq).0, AfterMove::ExtraRoll);
        assert_eq!(run(&again, 0, 55, 5, &mut sq).0, AfterMove::Next(1));
        // The turn wraps around to seat 0.
        assert_eq!(run(&again, 1, 55, 5, &mut sq).0, AfterMove::Next(0));
        // Only the top face of the die rolls again, and only under roll-again.
        let d8 = rules("six=roll-again,die=8");
        assert_eq!(run(&d8, 0, 20, 6, &mut [14, 0]).0, AfterMove::Next(1));
        assert_eq!(run(&d8, 0, 22, 8, &mut [14, 0]).0, AfterMove::ExtraRoll);
        assert_eq!(
            run(&rules("standard"), 0, 20, 6, &mut [14, 0]).0,
            AfterMove::Next(1)
        );
        // One token: the turn passes to itself.
        assert_eq!(
            run(&rules("standard"), 0, 20, 6, &mut [14]).0,
            AfterMove::Next(0)
        );
    }
}
