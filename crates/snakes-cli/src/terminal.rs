//! The terminal's side of a game, shared by `snakes play` (a game on this machine, with bots)
//! and `snakes join` (a game at a server's table, with people): one way to read keys, one way
//! to say lines and keep their history.

pub mod keys;
pub mod screen;
