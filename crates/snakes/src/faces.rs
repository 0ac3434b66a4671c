//! What each face of the die does for a token on a square: where the token rests, whether the
//! same player rolls again, whether the roll finishes the game.
//!
//! A face's outcome is [`crate::play_roll`] (the move) followed by [`crate::after_move`] (the
//! finish and the six rule) for the mover: the two functions the engine runs for every roll, so
//! an outcome is exactly what [`crate::GameState::apply`] would do with that roll. The analyses
//! build their chains from these outcomes, the reachability search ([`crate::reach`]) walks
//! them, and a game can show them to a player before the roll ("a 3 climbs to 27").
//!
//! Other tokens do not change the mover's outcome: a collision (`collision=bump`) sends the
//! *other* token back, so it is left to [`crate::after_move`] in a game with several tokens.
//! [`GameState::face_outcome`] gives a game's next roll with those tokens too: the outcome and
//! every token it would send back, for a player who asks before rolling.

use crate::board::{Board, Square};
use crate::game::GameState;
use crate::moves::{Step, play_roll};
use crate::rules::Rules;
use crate::turn::{AfterMove, TurnEvent, after_move};

/// What one face of the die does for a token on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FaceOutcome {
    /// The face rolled, `1..=rules.die()`.
    pub face: u8,
    /// The square the token rests on after the move (jumps followed).
    pub to: Square,
    /// The move reaches the last square: the game is over (this comes before the six rule).
    pub finishes: bool,
    /// The same player rolls again within the same turn (`six=roll-again` and the top face, when
    /// the roll does not finish).
    pub rolls_again: bool,
}

/// The outcome of rolling `face` (`1..=rules.die()`) for a token on `from`, calling `step` with
/// every step of the move as [`play_roll`] does.
///
/// A token already on the last square has finished: it stays there, and the outcome says
/// `finishes`.
///
/// ```
/// use snakes::{Board, FaceOutcome, Rules, Step, face_outcome};
///
/// let board = Board::classic();
/// let rules: Rules = "six=roll-again".parse().unwrap();
/// let mut steps = Vec::new();
/// // From 90, a 3 reaches 93 and slides down the snake to 73.
/// let three = face_outcome(&board, &rules, 90, 3, |s| steps.push(s));
/// assert_eq!(three, FaceOutcome { face: 3, to: 73, finishes: false, rolls_again: false });
/// assert_eq!(steps, [Step::Moved { from: 90, to: 93 }, Step::Slid { from: 93, to: 73 }]);
/// // A six that does not finish gives another roll.
/// assert!(face_outcome(&board, &rules, 90, 6, |_| {}).rolls_again);
/// // From 94 a six lands on 100: finishing comes first, so there is no other roll.
/// let six = face_outcome(&board, &rules, 94, 6, |_| {});
/// assert!(six.finishes && !six.rolls_again);
/// ```
#[inline]
pub fn face_outcome(
    board: &Board,
    rules: &Rules,
    from: Square,
    face: u8,
    step: impl FnMut(Step),
) -> FaceOutcome {
    let to = play_roll(board, rules, from, face, step);
    // The mover alone: collisions only move the other tokens.
    let mut squares = [from];
    let next = after_move(rules, board.last(), 0, to, face, &mut squares, |_| {});
    outcome(face, to, next)
}

/// The outcome of a move to `to` with `face`, from what [`after_move`] said comes next.
#[inline]
fn outcome(face: u8, to: Square, next: AfterMove) -> FaceOutcome {
    let (finishes, rolls_again) = match next {
        AfterMove::Won => (true, false),
        AfterMove::ExtraRoll => (false, true),
        AfterMove::Next(_) => (false, false),
    };
    FaceOutcome {
        face,
        to,
        finishes,
        rolls_again,
    }
}

impl GameState {
    /// What rolling `face` (`1..=rules.die()`) would do now for the player whose turn it is,
    /// without rolling: the outcome, every step of the move given to `step` (as [`play_roll`]
    /// gives them) and every token the move would send back given to `bumped` (as
    /// [`after_move`] gives them, from the squares every token is on now). The state does not
    /// change: this is what [`GameState::apply`] would do with `face`.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use snakes::{Board, GameState, Rules, TurnEvent};
    ///
    /// let rules: Rules = "collision=bump".parse().unwrap();
    /// let mut game = GameState::new(Arc::new(Board::classic()), rules, 2, 0).unwrap();
    /// game.apply(3).unwrap(); // the first player to 3
    /// // The second player's 3 would land there too and send that token back off the board.
    /// let mut bumped = Vec::new();
    /// let three = game.face_outcome(3, |_| {}, |e| bumped.push(e));
    /// assert_eq!(three.to, 3);
    /// assert_eq!(bumped, [TurnEvent::Bumped { player: 0, by: 1, from: 3, to: 0 }]);
    /// assert_eq!(game.square(0), 3);
    /// ```
    pub fn face_outcome(
        &self,
        face: u8,
        step: impl FnMut(Step),
        bumped: impl FnMut(TurnEvent),
    ) -> FaceOutcome {
        let board = self.board();
        let rules = self.rules();
        let mover = self.turn();
        let to = play_roll(board, rules, self.square(mover), face, step);
        let mut squares = self.squares().to_vec();
        let next = after_move(rules, board.last(), mover, to, face, &mut squares, bumped);
        outcome(face, to, next)
    }
}

/// The outcome of every face, `1..=rules.die()` in order, for a token on `from`.
///
/// ```
/// use snakes::{Board, Rules, face_outcomes};
///
/// let board = Board::classic();
/// let to: Vec<u32> = face_outcomes(&board, &Rules::STANDARD, 0).map(|o| o.to).collect();
/// // 1 climbs to 38, 4 to 14; 2, 3, 5 and 6 are plain squares.
/// assert_eq!(to, [38, 2, 3, 14, 5, 6]);
/// ```
pub fn face_outcomes<'a>(
    board: &'a Board,
    rules: &'a Rules,
    from: Square,
) -> impl Iterator<Item = FaceOutcome> + 'a {
    (1..=rules.die()).map(move |face| face_outcome(board, rules, from, face, |_| {}))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;
    use crate::{Event, Rng};
    use std::sync::Arc;

    /// Random games under every rules combination: before every roll, the outcome of the face
    /// about to be rolled must be what the engine then does with it.
    #[test]
    fn outcomes_are_what_the_engine_does() {
        let board = Arc::new(Board::classic());
        let mut rng = Rng::new(12);
        for die in [2, 6] {
            for rules in Rules::all_combinations(die) {
                for _ in 0..5 {
                    let mut game = GameState::new(Arc::clone(&board), rules, 1, 0).expect("valid");
                    for _ in 0..10_000 {
                        let from = game.square(0);
                        let face = rng.roll(die);
                        let o = face_outcome(&board, &rules, from, face, |_| {});
                        let events = game.apply(face).expect("a face of the die");
                        assert_eq!(o.face, face);
                        assert_eq!(game.square(0), o.to, "{rules}: {face} from {from}");
                        let won = events.iter().any(|e| matches!(e, Event::Won { .. }));
                        let again = events.iter().any(|e| matches!(e, Event::ExtraRoll { .. }));
                        assert_eq!((won, again), (o.finishes, o.rolls_again), "{rules}");
                        if won {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// The same with four tokens under every rules combination: the outcome of a game's next
    /// face, with the tokens it would send back, is what the engine then does.
    #[test]
    fn a_games_next_face_is_what_the_engine_does_tokens_sent_back_included() {
        let board = Arc::new(Board::classic());
        let mut rng = Rng::new(5);
        let mut bumps_seen = 0;
        for rules in Rules::all_combinations(6) {
            let mut game = GameState::new(Arc::clone(&board), rules, 4, 0).expect("valid");
            while !game.is_over() {
                let face = rng.roll(6);
                let mut steps = Vec::new();
                let mut sent_back = Vec::new();
                let o = game.face_outcome(face, |s| steps.push(s), |e| sent_back.push(e));
                let mover = game.turn();
                let events = game.apply(face).expect("a face of the die");
                let moved: Vec<Event> = steps.iter().map(|&s| Event::from_step(mover, s)).collect();
                assert_eq!(events[1..=moved.len()], moved[..], "{rules}");
                let bumps: Vec<Event> = sent_back
                    .iter()
                    .map(
                        |&TurnEvent::Bumped {
                             player,
                             by,
                             from,
                             to,
                         }| Event::Bumped {
                            player,
                            by,
                            from,
                            to,
                        },
                    )
                    .collect();
                let engine_bumps: Vec<Event> = events
                    .iter()
                    .filter(|e| matches!(e, Event::Bumped { .. }))
                    .copied()
                    .collect();
                assert_eq!(bumps, engine_bumps, "{rules}");
                bumps_seen += bumps.len();
                assert_eq!(game.square(mover), o.to);
                assert_eq!(o.finishes, game.is_over());
                assert_eq!(o.rolls_again, game.on_extra_roll());
            }
        }
        assert!(bumps_seen > 100, "{bumps_seen}");
    }

    #[test]
    fn a_finished_token_stays_finished() {
        let board = Board::classic();
        assert!(face_outcomes(&board, &Rules::STANDARD, 100).all(|o| o.finishes && o.to == 100));
    }
}
