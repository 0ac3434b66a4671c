//! Everything a person reads about a game: sentences made from events for each listener, boards
//! drawn as text, and the message catalogue they come from. Used by the terminal game, the web
//! server and the command line alike, so every interface says the same thing the same way.

pub mod board_text;
