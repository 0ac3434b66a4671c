//! Where the server gets its words: every sentence a person reads comes from `snakes-text`.

pub use snakes_text::{Listener, MessageArg, Narrator, Refusal};
