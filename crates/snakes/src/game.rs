//! The game engine: tokens, turns and typed events; and a seeded driver that rolls the dice.

use std::sync::Arc;

use crate::board::{Board, Square};
use crate::error::{BoardError, PlayError, SetupError};
use crate::moves::{StayReason, Step, play_roll};
use crate::rng::{Dice, Rng};
use crate::rules::{Jumps, Rules};
use crate::turn::{AfterMove, TurnEvent, after_move};

/// The most tokens one game holds.
pub const MAX_PLAYERS: usize = 8;

/// A player's index in seat order, from 0.
pub type Player = usize;

/// Something that happened in a game. Events carry squares, never sentences: the words are made
/// from them per listener elsewhere (`snakes-text`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
pub enum Event {
    /// `player` rolled `roll`.
    Rolled {
        /// Who rolled.
        player: Player,
        /// The face rolled.
        roll: u8,
    },
    /// `player` came onto the board at `square`.
    Entered {
        /// Who.
        player: Player,
        /// The square reached.
        square: Square,
    },
    /// `player` moved forward.
    Moved {
        /// Who.
        player: Player,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// `player` reached the last square and counted back down to `to`.
    Bounced {
        /// Who.
        player: Player,
        /// From (0 when entering).
        from: Square,
        /// Where the count turned back: the last square.
        turned_at: Square,
        /// Where the count ended.
        to: Square,
    },
    /// `player` did not move.
    StayedPut {
        /// Who.
        player: Player,
        /// Where they stay.
        square: Square,
        /// Why.
        reason: StayReason,
    },
    /// `player` climbed a ladder.
    Climbed {
        /// Who.
        player: Player,
        /// Foot.
        from: Square,
        /// Top.
        to: Square,
    },
    /// `player` slid down a snake.
    Slid {
        /// Who.
        player: Player,
        /// Head.
        from: Square,
        /// Tail.
        to: Square,
    },
    /// `player` was sent back to the start because `by` landed on their square.
    Bumped {
        /// The token sent back.
        player: Player,
        /// The token that landed.
        by: Player,
        /// The square they shared.
        from: Square,
        /// The start square.
        to: Square,
    },
    /// `player` rolled the top face and rolls again.
    ExtraRoll {
        /// Who.
        player: Player,
    },
    /// `player` reached the last square and won.
    Won {
        /// Who.
        player: Player,
        /// The last square.
        square: Square,
    },
    /// It is now `player`'s turn.
    TurnPassed {
        /// Whose turn it is.
        player: Player,
    },
}

impl Event {
    /// The event of one move step by `player`.
    pub fn from_step(player: Player, step: Step) -> Event {
        match step {
            Step::Entered { to } => Event::Entered { player, square: to },
            Step::Moved { from, to } => Event::Moved { player, from, to },
            Step::Bounced {
                from,
                turned_at,
                to,
            } => Event::Bounced {
                player,
                from,
                turned_at,
                to,
            },
            Step::StayedPut { at, reason } => Event::StayedPut {
                player,
                square: at,
                reason,
            },
            Step::Climbed { from, to } => Event::Climbed { player, from, to },
            Step::Slid { from, to } => Event::Slid { player, from, to },
        }
    }

    /// The player the event is about.
    pub fn player(&self) -> Player {
        match *self {
            Event::Rolled { player, .. }
            | Event::Entered { player, .. }
            | Event::Moved { player, .. }
            | Event::Bounced { player, .. }
            | Event::StayedPut { player, .. }
            | Event::Climbed { player, .. }
            | Event::Slid { player, .. }
            | Event::Bumped { player, .. }
            | Event::ExtraRoll { player }
            | Event::Won { player, .. }
            | Event::TurnPassed { player } => player,
        }
    }
}

/// What one player has done so far: the figures behind "detailed scores".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerStats {
    /// Turns begun (an extra roll is part of the same turn).
    pub turns: u32,
    /// Rolls made.
    pub rolls: u32,
    /// Ladders climbed.
    pub ladders: u32,
    /// Snakes slid down.
    pub snakes: u32,
    /// Top faces (sixes) rolled.
    pub sixes: u32,
    /// Other tokens this player sent back to the start.
    pub bumps_made: u32,
    /// Times this player was sent back to the start.
    pub bumped: u32,
}

/// A game in progress: the board, the rules, every token's square, whose turn it is, the winner.
///
/// [`GameState::apply`] takes a roll (chance is an input: the state never rolls) and returns the
/// events it caused; a refused roll leaves the state untouched.
///
/// ```
/// use std::sync::Arc;
/// use snakes::{Board, Event, GameState, Rules};
/// let mut game = GameState::new(Arc::new(Board::classic()), Rules::STANDARD, 2, 0).unwrap();
/// let events = game.apply(1).unwrap();
/// assert_eq!(events[0], Event::Rolled { player: 0, roll: 1 });
/// assert_eq!(game.square(0), 38); // entered on 1 and climbed its ladder
/// assert_eq!(game.turn(), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    board: Arc<Board>,
    rules: Rules,
    squares: Vec<Square>,
    stats: Vec<PlayerStats>,
    turn: Player,
    first: Player,
    extra_roll: bool,
    winner: Option<Player>,
}

impl GameState {
    /// A new game of `players` tokens (1 to 8), all on the start square, `first` to roll.
    ///
    /// # Errors
    /// [`SetupError::Players`], [`SetupError::FirstPlayer`], and [`SetupError::Board`] with
    /// [`BoardError::JumpCycle`] when jumps chain and the board has a cycle.
    pub fn new(
        board: Arc<Board>,
        rules: Rules,
        players: usize,
        first: Player,
    ) -> Result<GameState, SetupError> {
        if players == 0 || players > MAX_PLAYERS {
            return Err(SetupError::Players { count: players });
        }
        if first >= players {
            return Err(SetupError::FirstPlayer {
                first,
                count: players,
            });
        }
        check_playable(&board, &rules)?;
        Ok(GameState {
            squares: vec![rules.start_square(); players],
            stats: vec![PlayerStats::default(); players],
            board,
            rules,
            turn: first,
            first,
            extra_roll: false,
            winner: None,
        })
    }

    /// The board.
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.squares.len()
    }

    /// Whose turn it is (after the game ends: the winner).
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// Who rolled first.
    pub fn first(&self) -> Player {
        self.first
    }

    /// Whether the player to roll is on an extra roll (after a six under `six=roll-again`).
    pub fn on_extra_roll(&self) -> bool {
        self.extra_roll
    }

    /// The square of `player`'s token (0 is off the board). Panics if there is no such player.
    pub fn square(&self, player: Player) -> Square {
        self.squares[player]
    }

    /// Every token's square, in seat order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// What each player has done so far, in seat order.
    pub fn stats(&self) -> &[PlayerStats] {
        &self.stats
    }

    /// The winner, once someone has reached the last square.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// The outcomes of the next roll, each with its probability: every face, equally likely.
    pub fn roll_outcomes(&self) -> impl Iterator<Item = (u8, f64)> {
        let faces = self.rules.die();
        (1..=faces).map(move |r| (r, 1.0 / f64::from(faces)))
    }

    /// Plays `roll` for the player whose turn it is.
    ///
    /// Order: the move (entry, advance, ending rule, jumps: see [`play_roll`]), then collision,
    /// then the finish, then the six rule, then the turn passes (see [`crate::after_move`]).
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once someone has won, [`PlayError::RollOutOfRange`] for a value
    /// that is not a face of the die. The state is unchanged on error.
    pub fn apply(&mut self, roll: u8) -> Result<Vec<Event>, PlayError> {
        let mut events = Vec::with_capacity(6);
        self.apply_into(roll, &mut events)?;
        Ok(events)
    }

    /// As [`GameState::apply`], appending the events to `events` (nothing is appended on error).
    ///
    /// # Errors
    /// As [`GameState::apply`].
    pub fn apply_into(&mut self, roll: u8, events: &mut Vec<Event>) -> Result<(), PlayError> {
        if self.winner.is_some() {
            return Err(PlayError::GameOver);
        }
        let faces = self.rules.die();
        if roll == 0 || roll > faces {
            return Err(PlayError::RollOutOfRange { roll, faces });
        }
        let player = self.turn;
        let from = self.squares[player];
        let stats = &mut self.stats[player];
        if !self.extra_roll {
            stats.turns += 1;
        }
        stats.rolls += 1;
        if roll == faces {
            stats.sixes += 1;
        }
        events.push(Event::Rolled { player, roll });
        let to = play_roll(&self.board, &self.rules, from, roll, |step| {
            match step {
                Step::Climbed { .. } => stats.ladders += 1,
                Step::Slid { .. } => stats.snakes += 1,
                _ => {}
            }
            events.push(Event::from_step(player, step));
        });

        let stats = &mut self.stats;
        let next = after_move(
            &self.rules,
            self.board.last(),
            player,
            to,
            roll,
            &mut self.squares,
            |e| match e {
                TurnEvent::Bumped {
                    player: other,
                    by,
                    from,
                    to,
                } => {
                    stats[other].bumped += 1;
                    stats[by].bumps_made += 1;
                    events.push(Event::Bumped {
                        player: other,
                        by,
                        from,
                        to,
                    });
                }
            },
        );
        self.extra_roll = next == AfterMove::ExtraRoll;
        match next {
            AfterMove::Won => {
                self.winner = Some(player);
                events.push(Event::Won {
                    player,
                    square: self.board.last(),
                });
            }
            AfterMove::ExtraRoll => events.push(Event::ExtraRoll { player }),
            AfterMove::Next(p) => {
                self.turn = p;
                events.push(Event::TurnPassed { player: p });
            }
        }
        Ok(())
    }
}

/// Checks that `board` can be played under `rules`: when jumps chain, it must have no cycle.
///
/// # Errors
/// [`BoardError::JumpCycle`] naming the squares of the cycle.
pub fn check_playable(board: &Board, rules: &Rules) -> Result<(), BoardError> {
    if rules.jumps == Jumps::Chain
        && let Some(squares) = board.jump_cycle()
    {
        return Err(BoardError::JumpCycle { squares });
    }
    Ok(())
}

/// A game with its own dice: a [`GameState`] driven by [`Dice`] (by default a seeded [`Rng`]),
/// with the log of rolls.
///
/// Board + rules + players + seed replay to identical events; so do board + rules + players +
/// first player + rolls ([`Game::replay`]).
#[derive(Debug, Clone)]
pub struct Game<D = Rng> {
    state: GameState,
    rng: D,
    rolls: Vec<u8>,
}

impl Game<Rng> {
    /// A new game with the dice of `seed` ([`Rng::new`]); the first player is drawn from the
    /// seed (the first number the generator gives), then every roll.
    ///
    /// # Errors
    /// As [`GameState::new`].
    pub fn new(
        board: Arc<Board>,
        rules: Rules,
        players: usize,
        seed: u64,
    ) -> Result<Game, SetupError> {
        Game::with_dice(board, rules, players, Rng::new(seed))
    }
}

impl<D: Dice> Game<D> {
    /// A new game rolling `dice`: the first player is drawn from them (`below(players)`), then
    /// every roll.
    ///
    /// # Errors
    /// As [`GameState::new`].
    pub fn with_dice(
        board: Arc<Board>,
        rules: Rules,
        players: usize,
        dice: D,
    ) -> Result<Game<D>, SetupError> {
        let mut rng = dice;
        if players == 0 || players > MAX_PLAYERS {
            return Err(SetupError::Players { count: players });
        }
        let first = rng.below(players as u64) as Player;
        let state = GameState::new(board, rules, players, first)?;
        Ok(Game {
            state,
            rng,
            rolls: Vec::new(),
        })
    }

    /// The state of the game.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Every roll so far, in order.
    pub fn rolls(&self) -> &[u8] {
        &self.rolls
    }

    /// The number the dice give next, without drawing it (`None` once someone has won): what
    /// [`Game::roll`] will roll. A server decides a roll's events with it before it writes them,
    /// and only then rolls.
    pub fn next_roll(&self) -> Option<u8> {
        if self.state.is_over() {
            return None;
        }
        Some(self.rng.clone().roll(self.state.rules().die()))
    }

    /// Rolls the die for the player whose turn it is.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once someone has won (no number is drawn then).
    pub fn roll(&mut self) -> Result<Vec<Event>, PlayError> {
        if self.state.is_over() {
            return Err(PlayError::GameOver);
        }
        let roll = self.rng.roll(self.state.rules().die());
        let events = self.state.apply(roll)?;
        self.rolls.push(roll);
        Ok(events)
    }

    /// Plays the whole game to the end, or until `max_rolls` rolls; returns every event.
    pub fn play_out(&mut self, max_rolls: usize) -> Vec<Event> {
        let mut events = Vec::new();
        for _ in 0..max_rolls {
            match self.roll() {
                Ok(e) => events.extend(e),
                Err(_) => break,
            }
        }
        events
    }
}

impl Game {
    /// Replays `rolls` from the start of a game whose first player was `first`: the state after
    /// them and every event, in order.
    ///
    /// # Errors
    /// The setup errors of [`GameState::new`] (as [`ReplayError::Setup`]), or the index and
    /// error of the first refused roll.
    pub fn replay(
        board: Arc<Board>,
        rules: Rules,
        players: usize,
        first: Player,
        rolls: &[u8],
    ) -> Result<(GameState, Vec<Event>), ReplayError> {
        let mut state = GameState::new(board, rules, players, first).map_err(ReplayError::Setup)?;
        let mut events = Vec::new();
        for (index, &roll) in rolls.iter().enumerate() {
            state
                .apply_into(roll, &mut events)
                .map_err(|error| ReplayError::Roll { index, error })?;
        }
        Ok((state, events))
    }
}

/// Why a replay failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The game could not be set up.
    Setup(SetupError),
    /// Roll number `index` (from 0) was refused.
    Roll {
        /// Which roll.
        index: usize,
        /// Why.
        error: PlayError,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(e) => e.fmt(f),
            ReplayError::Roll { index, error } => write!(f, "roll {}: {error}", index + 1),
        }
    }
}

impl std::error::Error for ReplayError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Collision, Ending, Six};

    fn classic() -> Arc<Board> {
        Arc::new(Board::classic())
    }

    #[test]
    fn a_refused_roll_changes_nothing() {
        let mut g = GameState::new(classic(), Rules::STANDARD, 2, 0).unwrap();
        let before = g.clone();
        assert_eq!(
            g.apply(7),
            Err(PlayError::RollOutOfRange { roll: 7, faces: 6 })
        );
        assert_eq!(
            g.apply(0).unwrap_err(),
            PlayError::RollOutOfRange { roll: 0, faces: 6 }
        );
        assert_eq!(g, before);
    }

    #[test]
    fn bump_sends_the_occupant_back() {
        let mut rules = Rules::STANDARD;
        rules.collision = Collision::Bump;
        let mut g = GameState::new(classic(), rules, 2, 0).unwrap();
        g.apply(3).unwrap(); // player 0 on 3
        let events = g.apply(3).unwrap(); // player 1 lands on 3
        assert!(events.contains(&Event::Bumped {
            player: 0,
            by: 1,
            from: 3,
            to: 0
        }));
        assert_eq!(g.squares(), &[0, 3]);
        assert_eq!(g.stats()[0].bumped, 1);
        assert_eq!(g.stats()[1].bumps_made, 1);
    }

    #[test]
    fn shared_squares_by_default() {
        let mut g = GameState::new(classic(), Rules::STANDARD, 2, 0).unwrap();
        g.apply(3).unwrap();
        g.apply(3).unwrap();
        assert_eq!(g.squares(), &[3, 3]);
    }

    #[test]
    fn roll_again_on_six_keeps_the_turn() {
        let mut rules = Rules::STANDARD;
        rules.six = Six::RollAgain;
        let mut g = GameState::new(classic(), rules, 2, 1).unwrap();
        let events = g.apply(6).unwrap();
        assert_eq!(events.last(), Some(&Event::ExtraRoll { player: 1 }));
        assert_eq!(g.turn(), 1);
        g.apply(2).unwrap();
        assert_eq!(g.turn(), 0);
        assert_eq!(g.stats()[1].turns, 1);
        assert_eq!(g.stats()[1].rolls, 2);
    }

    #[test]
    fn winning_ends_the_game() {
        let mut rules = Rules::STANDARD;
        rules.ending = Ending::Loose;
        // Ladder 80 -> 100 wins directly.
        let mut g = GameState::new(classic(), rules, 1, 0).unwrap();
        for roll in [6, 6, 6, 5] {
            // 0 -> 6, 6 -> 12, 12 -> 18, 18 -> 23
            g.apply(roll).unwrap();
        }
        assert_eq!(g.square(0), 23);
        g.apply(5).unwrap(); // 28 -> 84
        assert_eq!(g.square(0), 84);
        let events = g.apply(6).unwrap(); // 90
        assert!(!events.iter().any(|e| matches!(e, Event::Won { .. })));
        let events = g.apply(6).unwrap(); // 96 (95 is the snake; 96 plain)
        assert_eq!(g.square(0), 96, "{events:?}");
        let events = g.apply(6).unwrap(); // loose: past 100 finishes
        assert_eq!(
            events.last(),
            Some(&Event::Won {
                player: 0,
                square: 100
            })
        );
        assert_eq!(g.apply(1), Err(PlayError::GameOver));
    }

    #[test]
    fn seeded_games_replay_exactly() {
        let mut a = Game::new(classic(), Rules::STANDARD, 3, 99).unwrap();
        let ea = a.play_out(100_000);
        let mut b = Game::new(classic(), Rules::STANDARD, 3, 99).unwrap();
        let eb = b.play_out(100_000);
        assert_eq!(ea, eb);
        assert!(a.state().is_over());
        let (state, er) =
            Game::replay(classic(), Rules::STANDARD, 3, a.state().first(), a.rolls()).unwrap();
        assert_eq!(er, ea);
        assert_eq!(&state, a.state());
    }

    #[test]
    fn the_next_roll_is_the_one_rolled() {
        let mut g = Game::new(classic(), Rules::STANDARD, 2, 7).unwrap();
        while let Some(next) = g.next_roll() {
            assert_eq!(g.next_roll(), Some(next), "looking does not draw");
            let events = g.roll().unwrap();
            assert_eq!(
                events[0],
                Event::Rolled {
                    player: events[0].player(),
                    roll: next
                }
            );
        }
        assert!(g.state().is_over());
        assert_eq!(g.roll(), Err(PlayError::GameOver));
    }

    #[test]
    fn setup_errors() {
        assert_eq!(
            GameState::new(classic(), Rules::STANDARD, 0, 0).unwrap_err(),
            SetupError::Players { count: 0 }
        );
        assert_eq!(
            GameState::new(classic(), Rules::STANDARD, 9, 0).unwrap_err(),
            SetupError::Players { count: 9 }
        );
        assert!(matches!(
            GameState::new(classic(), Rules::STANDARD, 2, 2).unwrap_err(),
            SetupError::FirstPlayer { .. }
        ));
        let cyc = Board::square(
            5,
            [
                crate::Jump { from: 5, to: 20 },
                crate::Jump { from: 20, to: 5 },
            ],
        )
        .unwrap();
        let mut rules = Rules::STANDARD;
        rules.jumps = Jumps::Chain;
        assert!(matches!(
            GameState::new(Arc::new(cyc), rules, 2, 0).unwrap_err(),
            SetupError::Board(BoardError::JumpCycle { .. })
        ));
    }
}
