//! Where the server gets its words: every sentence a person reads comes from `snakes-text`
//! (its message catalogue), never from the server's own code.

pub use snakes_text::{Listener, MessageArg, Narrator, Refusal};
