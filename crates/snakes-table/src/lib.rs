//! One table of Snakes and Ladders, as a pure state machine, and everything said about it: no
//! clock, no network, no database. The server (`snakes-server`) runs each table in a task of its
//! own and keeps the I/O; `snakes verify` and any client need this crate alone.
//!
//! The modules, each using only those after it:
//!
//! - [`verify`] replays a finished game's record and words the first thing that disagrees.
//! - [`view`] projects what people and pages see of a table, and what each listener hears,
//!   with every word from `snakes-text`.
//! - [`protocol`] is the wire's types (JSON over a WebSocket and HTTP) and the record's format.
//! - [`table`] is a table as a state machine: [`table::TableState::decide`] answers a command
//!   with the events it causes, [`table::TableState::apply`] applies one.
//! - [`secret`]: a game's dice are ChaCha20 from a 256-bit key whose SHA-256 is announced before
//!   the first roll and revealed at the end.

pub mod protocol;
pub mod secret;
pub mod table;
pub mod verify;
pub mod view;
