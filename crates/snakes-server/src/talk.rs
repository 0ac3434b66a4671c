//! What people say to each other, at a table (its actor keeps a [`Talk`]) and in the lobby
//! (`state/talk.rs`). It is never part of a table's log nor of the game's record: it is kept in
//! memory, the last [`KEPT`] messages of each place, for whoever comes (a page opened again
//! finds what was said in its history), and forgotten when the server stops.
//!
//! The message's rules and its frame ("Ana says: ...") are `snakes_text::talk`.

use std::collections::VecDeque;
use std::sync::Arc;

use snakes_text::Catalogue;
use snakes_text::talk::{Speaker, said};

use crate::actor::ConnId;
use crate::protocol::Said;

/// How many messages a table, and the lobby, keep: with [`snakes_text::talk::MAX_TALK_CHARS`]
/// characters each, at most 48 KiB of text a place.
pub const KEPT: usize = 40;

/// A message, as it was said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spoken {
    /// Who said it.
    pub name: String,
    /// Their seat, for a seated player.
    pub seat: Option<usize>,
    /// They watch the table without a seat.
    pub watcher: bool,
    /// The connection it came from.
    pub from: ConnId,
    /// The message (checked and normalised).
    pub text: String,
    /// Its number in its place, from 1 (set by [`Talk::push`]).
    pub n: u64,
}

impl Spoken {
    /// The message as a listener hears it, in the words of `catalogue`: `you` when the
    /// listener said it.
    pub fn heard(&self, catalogue: &Catalogue, you: bool) -> Said {
        let speaker = Speaker {
            name: &self.name,
            you,
            watcher: self.watcher,
        };
        Said {
            n: self.n,
            name: self.name.clone(),
            seat: self.seat,
            you,
            text: self.text.clone(),
            line: said(catalogue, speaker, &self.text),
        }
    }
}

/// The last [`KEPT`] messages of one place.
#[derive(Debug, Default)]
pub struct Talk {
    lines: VecDeque<Arc<Spoken>>,
    /// The number of the last message said.
    said: u64,
}

impl Talk {
    /// Keeps `spoken` (forgetting the oldest beyond [`KEPT`]), numbered after the last, and
    /// returns it.
    pub fn push(&mut self, mut spoken: Spoken) -> Arc<Spoken> {
        self.said += 1;
        spoken.n = self.said;
        let spoken = Arc::new(spoken);
        if self.lines.len() == KEPT {
            self.lines.pop_front();
        }
        self.lines.push_back(spoken.clone());
        spoken
    }

    /// The messages kept, oldest first.
    pub fn lines(&self) -> impl Iterator<Item = &Arc<Spoken>> {
        self.lines.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_keeps_its_last_messages() {
        let mut talk = Talk::default();
        for k in 0..KEPT + 5 {
            talk.push(Spoken {
                name: "Ana".into(),
                seat: Some(0),
                watcher: false,
                from: 1,
                text: format!("message {k}"),
                n: 0,
            });
        }
        let kept: Vec<_> = talk.lines().map(|s| s.text.clone()).collect();
        assert_eq!(kept.len(), KEPT);
        assert_eq!(kept[0], "message 5");
        assert_eq!(kept[KEPT - 1], format!("message {}", KEPT + 4));
        let numbers: Vec<u64> = talk.lines().map(|s| s.n).collect();
        assert_eq!(numbers[0], 6);
        assert_eq!(numbers[KEPT - 1], KEPT as u64 + 5);
    }
}
