//! The rules of Snakes and Ladders: boards, rules, the one move function, game state and events.
//!
//! This crate is pure: no I/O, no clock, no operating-system randomness. Rolls are inputs
//! ([`GameState::apply`]); the seeded [`Game`] driver draws them from a pinned generator
//! ([`Rng`]) so that a board, rules and a seed always replay to the same events.
//!
//! ```
//! use std::sync::Arc;
//! use snakes::{Board, Event, Game, Rules};
//!
//! let board = Board::parse("[[-1,-1,-1],[-1,9,8],[-1,8,9]]").unwrap();
//! assert_eq!(board.last(), 9);
//! let rules: Rules = "standard".parse().unwrap();
//! let mut game = Game::new(Arc::new(board), rules, 2, 7).unwrap();
//! let events = game.play_out(10_000);
//! assert!(matches!(events.last(), Some(Event::Won { .. })));
//! ```
//!
//! The crate's parts:
//! - [`Board`]: a validated board, built from a size and jumps, a LeetCode grid, a layout file or
//!   the built-in `classic` board; [`check`] lists warnings under some rules.
//! - [`Rules`]: the options of the game (ending, start, entry, six, collision, jumps, die).
//! - [`play_roll`]: the one function that resolves a roll for one token; [`after_move`]: the one
//!   function for the rest of the turn (collision, the finish, the six rule, the turn passing).
//! - [`face_outcomes`]: what each face of the die does from a square (where the token rests,
//!   whether it finishes, whether the same player rolls again), from those two functions;
//!   [`GameState::face_outcome`]: the same for a game's next roll, with the tokens it would
//!   send back.
//! - [`reach`]: which squares a token can reach, and from which the game surely ends.
//! - [`GameState`], [`Event`], [`Game`]: the engine.
//! - [`random_board`], [`random_grid_board`]: reproducible random layouts, for tests and
//!   benchmarks (the second within LeetCode 909's constraints).

mod board;
mod check;
mod error;
mod faces;
mod formats;
mod game;
mod moves;
mod random;
mod reach;
mod rng;
mod rules;
mod turn;

pub use board::{Board, Jump, JumpKind, MAX_SQUARES, Square};
pub use check::{BoardWarning, check};
pub use error::{
    BoardError, GridProblem, LayoutProblem, PlayError, RulesError, SetupError, TextProblem,
};
pub use faces::{FaceOutcome, face_outcome, face_outcomes};
pub use formats::{Format, Layout, ParsedBoard};
pub use game::{
    Event, Game, GameState, MAX_PLAYERS, Player, PlayerStats, ReplayError, check_playable,
};
pub use moves::{StayReason, Step, landing, play_roll};
pub use random::{random_board, random_grid_board};
pub use reach::{Reach, reach};
pub use rng::{Dice, Rng, splitmix64};
pub use rules::{
    Collision, Ending, Entry, Jumps, KEYS, MAX_FACES, MIN_FACES, PRESETS, Rules, Six, Start,
};
pub use turn::{AfterMove, TurnEvent, after_move};
