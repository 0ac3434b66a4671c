//! Everything a person reads about a game: sentences made from events for each listener, boards
//! drawn as text, and the message catalogue they come from. Used by the terminal game, the web
//! server and the command line alike, so every interface says the same thing the same way.
//!
//! ```
//! use std::sync::Arc;
//! use snakes::{Board, GameState, Rules};
//! use snakes_text::{Listener, Narrator};
//!
//! let mut state = GameState::new(Arc::new(Board::classic()), Rules::STANDARD, 2, 0).unwrap();
//! let narrator = Narrator::for_state(vec!["Ana".into(), "Bo".into()], &state);
//! let events = state.apply(1).unwrap();
//! assert_eq!(
//!     narrator.events(&events, Listener::Spectator, false),
//!     [
//!         "Ana rolled a 1 and climbed the ladder at 1 to 38.",
//!         "Bo's turn.",
//!     ]
//! );
//! assert_eq!(
//!     narrator.positions(&state, Listener::Player(1)),
//!     "Ana is on square 38, you have not entered the board."
//! );
//! ```

/// The message `id` of `catalogue` with its variables, each turned into a [`MessageArg`]:
/// `say_in!(catalogue, "cli-error", message = text)`. A program's own `say!` names its
/// catalogue once and passes the rest here.
#[macro_export]
macro_rules! say_in {
    ($catalogue:expr, $id:expr) => {
        $catalogue.format($id, &[])
    };
    ($catalogue:expr, $id:expr, $($key:ident = $value:expr),+ $(,)?) => {
        $catalogue.format(
            $id,
            &[$((stringify!($key), $crate::MessageArg::from($value))),+],
        )
    };
}

mod catalogue;
pub mod errors;
mod heard;
pub mod keys;
pub mod moderation;
mod narrator;
mod options;
mod page;
mod refusal;

#[cfg(test)]
mod completeness;
#[cfg(test)]
mod message_ids;

pub use catalogue::{
    Catalogue, CatalogueError, ENGLISH_SOURCES, LOCALES, Locale, MessageArg, PSEUDO_CLOSE,
    PSEUDO_LOCALE, PSEUDO_OPEN,
};
pub use narrator::{
    Listener, Narrator, Others, Player, TableNews, UnknownOthers, bot_name, bot_name_in,
};
pub use options::{RuleOption, RuleValue, RulesGuide, rule_options};
pub use page::{BoardWords, LobbyState, SeatNote, page_words};
pub use refusal::{Detail, Refusal};

pub mod board_text;
pub mod names;
pub mod talk;
