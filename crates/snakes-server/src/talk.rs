//! What people say to each other, at a table (its actor keeps a [`Talk`]) and in the lobby
//! (`state/talk.rs`). It is never part of a table's log nor of the game's record: it is kept in
//! memory, the last [`KEPT`] messages of each place, for whoever comes (a page opened again
//! finds what was said in its history), and forgotten when the server stops.
//!
//! The message's rules and its frame ("Ana says: ...") are `snakes_text::talk`.

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use snakes_text::Catalogue;
use snakes_text::talk::{Speaker, said};

use crate::fair::TokenBucket;
use crate::locks::Shared;
use crate::outbox::ConnId;
use crate::protocol::{Said, ServerMessage, TableId};

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
    /// The member who said it, when they were signed in (a member who blocked them does not
    /// hear it: [`Blocked`]).
    pub member: Option<i64>,
    /// The message (checked and normalised).
    pub text: String,
    /// Its number in its place, from 1 (set by [`Talk::push`]).
    pub n: u64,
    /// A moderator removed it: its place says so, and its text is gone.
    pub removed: bool,
}

impl Spoken {
    /// The message as a listener hears it, in the words of `catalogue`: `you` when the
    /// listener said it.
    pub fn heard(&self, catalogue: &Catalogue, you: bool) -> Said {
        if self.removed {
            return Said {
                n: self.n,
                name: self.name.clone(),
                seat: self.seat,
                you,
                text: String::new(),
                line: catalogue.format("mod-message-removed", &[]),
            };
        }
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

/// The members one listener blocked, by id: shared by its session, which sets it when the
/// listener signs in and again whenever their blocks change (on any server: the store tells
/// each), and by every place that sends the listener what is said (the lobby's talk, the table
/// it follows), which send nothing a blocked member said, and do not count it as unheard either.
#[derive(Debug, Clone, Default)]
pub struct Blocked(Arc<RwLock<Arc<[i64]>>>);

impl Blocked {
    /// The listener blocks `ids` from now on (and no one else).
    pub fn set(&self, ids: &[i64]) {
        *self.0.writing() = ids.into();
    }

    /// Whether the listener blocked whoever said `spoken`.
    pub fn hides(&self, spoken: &Spoken) -> bool {
        spoken
            .member
            .is_some_and(|member| self.0.reading().contains(&member))
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

    /// Removes message `n` (a moderator's `remove`): kept in its place without its text, so
    /// that every history, and what newcomers are sent, says a moderator removed it. Returns
    /// the message as it was; none when no message `n` is kept, or it was removed already.
    pub fn remove(&mut self, n: u64) -> Option<(Arc<Spoken>, Arc<Spoken>)> {
        let line = self.lines.iter_mut().find(|s| s.n == n && !s.removed)?;
        let was = line.clone();
        *line = Arc::new(Spoken {
            text: String::new(),
            removed: true,
            ..(*was).clone()
        });
        Some((was, line.clone()))
    }

    /// What `name` (letter case and look-alikes aside) said last here, oldest first: at most
    /// [`REPORTED`] messages, none of those removed.
    pub fn last_of(&self, name: &str) -> Vec<String> {
        let mut theirs: Vec<String> = self
            .lines
            .iter()
            .rev()
            .filter(|s| !s.removed && snakes_text::names::same_name(&s.name, name))
            .take(REPORTED)
            .map(|s| s.text.clone())
            .collect();
        theirs.reverse();
        theirs
    }
}

/// How many of a person's last messages go with a report about them.
pub const REPORTED: usize = 5;

/// Messages a second one listener is sent from people it does not talk with, sustained...
pub const LISTEN_RATE: f64 = 2.0;
/// ...and at once.
pub const LISTEN_BURST: f64 = 6.0;
/// Messages a second one listener is sent from the people it talks with (each of whom may say
/// one a second): a crowd that names the listener to pass as one of them stops here.
pub const FRIENDS_RATE: f64 = 5.0;
/// ...and at once.
pub const FRIENDS_BURST: f64 = 20.0;
/// How long messages not sent wait before the line that counts them.
pub const UNHEARD_AFTER: Duration = Duration::from_secs(1);
/// Own messages remembered to find the names a listener says, and people remembered for having
/// named the listener.
const REMEMBERED: usize = 8;

/// What one listener is sent of what others say, so that a crowd's talk never floods it: its
/// own messages, the players of its table, and the people it talks with (those it named in its
/// last messages, and those who named it) always; anyone else within [`LISTEN_RATE`]. What is
/// not sent is counted, and said in one line ([`Ear::unheard`]): "Bob and 40 others said 312
/// more messages". What a member it blocked says is never sent, nor counted.
#[derive(Debug)]
pub struct Ear {
    blocked: Blocked,
    others: TokenBucket,
    friends: TokenBucket,
    /// The listener's name, as its own messages give it.
    me: Option<String>,
    /// Its last messages, in lower case.
    mine: VecDeque<String>,
    /// People who named it, lower case, the latest last.
    named_me: VecDeque<String>,
    /// Messages not sent since the last line that counted them: who said the first, who said
    /// any (lower case), how many, and since when.
    unheard: Option<(String, HashSet<String>, u64, Instant)>,
}

/// Whether `text` names `name`: the name, letter case aside, not inside a longer word.
fn names(text: &str, name: &str) -> bool {
    let name = name.to_lowercase();
    if name.chars().count() < 2 {
        return false;
    }
    let text = text.to_lowercase();
    text.match_indices(&name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

impl Ear {
    /// A new listener's, at `now`, who blocked the members of `blocked`.
    pub fn new(now: Instant, blocked: Blocked) -> Ear {
        Ear {
            blocked,
            others: TokenBucket::new(LISTEN_RATE, LISTEN_BURST, now),
            friends: TokenBucket::new(FRIENDS_RATE, FRIENDS_BURST, now),
            me: None,
            mine: VecDeque::new(),
            named_me: VecDeque::new(),
            unheard: None,
        }
    }

    /// Whether the listener is sent `spoken` at `now` (`you`: it said it; `player`: a player of
    /// its table said it); one not sent is counted for [`Ear::unheard`].
    pub fn hear(&mut self, spoken: &Spoken, you: bool, player: bool, now: Instant) -> bool {
        if !you && self.blocked.hides(spoken) {
            return false;
        }
        if you {
            self.me = Some(spoken.name.clone());
            if self.mine.len() == REMEMBERED {
                self.mine.pop_front();
            }
            self.mine.push_back(spoken.text.to_lowercase());
            return true;
        }
        let who = spoken.name.to_lowercase();
        if self.me.as_deref().is_some_and(|me| names(&spoken.text, me))
            && !self.named_me.contains(&who)
        {
            if self.named_me.len() == REMEMBERED {
                self.named_me.pop_front();
            }
            self.named_me.push_back(who.clone());
        }
        let friend = player
            || self.named_me.contains(&who)
            || self.mine.iter().any(|m| names(m, &spoken.name));
        let sent = if friend {
            self.friends.take(now)
        } else {
            self.others.take(now)
        };
        if !sent {
            let (_, speakers, count, _) = self
                .unheard
                .get_or_insert_with(|| (spoken.name.clone(), HashSet::new(), 0, now));
            if speakers.len() < 100_000 {
                speakers.insert(who);
            }
            *count += 1;
        }
        sent
    }

    /// Whether the listener blocked whoever said `spoken` (what was said before it came, which
    /// [`Ear::hear`] does not see, is sent only if not).
    pub fn blocks(&self, spoken: &Spoken) -> bool {
        self.blocked.hides(spoken)
    }

    /// Counts `n` messages the listener missed without knowing who said them (it fell behind).
    pub fn missed(&mut self, n: u64, now: Instant) {
        let (_, _, count, _) = self
            .unheard
            .get_or_insert_with(|| (String::new(), HashSet::new(), 0, now));
        *count += n;
    }

    /// When the line counting what was not sent is due, if anything was not.
    pub fn due(&self) -> Option<Instant> {
        self.unheard
            .as_ref()
            .map(|(.., since)| *since + UNHEARD_AFTER)
    }

    /// The line counting the messages not sent, in the words of `catalogue`, once it is due at
    /// `now` (and forgets them).
    pub fn unheard(
        &mut self,
        table: Option<TableId>,
        catalogue: &Catalogue,
        now: Instant,
    ) -> Option<ServerMessage> {
        if self.due()? > now {
            return None;
        }
        let (first, speakers, count, _) = self.unheard.take()?;
        let others = speakers.len().saturating_sub(1);
        let line = if first.is_empty() {
            catalogue.format("talk-missed", &[("count", count.into())])
        } else {
            catalogue.format(
                "talk-unheard",
                &[
                    ("name", first.as_str().into()),
                    ("others", others.into()),
                    ("count", count.into()),
                ],
            )
        };
        Some(ServerMessage::Unheard { table, count, line })
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
                member: None,
                text: format!("message {k}"),
                n: 0,
                removed: false,
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

    fn spoken(name: &str, text: &str) -> Spoken {
        Spoken {
            name: name.into(),
            seat: None,
            watcher: false,
            from: 1,
            member: None,
            text: text.into(),
            n: 0,
            removed: false,
        }
    }

    #[test]
    fn a_crowd_is_counted_in_one_line_and_friends_are_always_heard() {
        let t0 = Instant::now();
        let mut ear = Ear::new(t0, Blocked::default());
        // Ana speaks to Bo: Bo is someone she talks with from now on.
        assert!(ear.hear(&spoken("Ana", "hi bo, a game?"), true, false, t0));
        let mut sent = 0;
        for k in 0..40 {
            let crowd = spoken(&format!("Troll{}", k % 10), "spam spam");
            sent += usize::from(ear.hear(&crowd, false, false, t0));
            assert!(ear.hear(&spoken("Bo", "yes!"), false, false, t0) || k >= 19);
        }
        assert_eq!(sent, LISTEN_BURST as usize, "the others within the burst");
        // Someone who names her is one she talks with; a word that holds her name is not.
        assert!(ear.hear(
            &spoken("Cy", "ANA, me too"),
            false,
            false,
            t0 + UNHEARD_AFTER
        ));
        assert!(!ear.hear(&spoken("Di", "banana"), false, false, t0));
        // Not yet due; then one line, and nothing more until more is not sent.
        let english = Catalogue::english();
        let before = t0 + UNHEARD_AFTER / 2;
        assert!(ear.unheard(None, &english, before).is_none());
        let Some(ServerMessage::Unheard { count, line, .. }) =
            ear.unheard(None, &english, t0 + UNHEARD_AFTER)
        else {
            panic!("a line");
        };
        // 34 of the crowd, Bo's 20 over the friends' burst, and Di's.
        assert_eq!(count, 34 + 20 + 1);
        assert_eq!(line, "Troll6 and 11 others said 55 more messages.");
        assert!(
            ear.unheard(None, &english, t0 + UNHEARD_AFTER * 9)
                .is_none()
        );
        ear.missed(3, t0);
        let Some(ServerMessage::Unheard { line, .. }) =
            ear.unheard(None, &english, t0 + UNHEARD_AFTER)
        else {
            panic!("a line");
        };
        assert_eq!(line, "3 messages were not sent to you: too many at once.");
    }

    #[test]
    fn a_blocked_member_is_never_sent_nor_counted() {
        let t0 = Instant::now();
        let blocked = Blocked::default();
        let mut ear = Ear::new(t0, blocked.clone());
        let troll = Spoken {
            member: Some(7),
            ..spoken("Troll", "hello")
        };
        let guest = spoken("Guest", "hello");
        assert!(ear.hear(&troll, false, true, t0), "heard before the block");
        // The session blocks member 7: the ear hears of it at once.
        blocked.set(&[3, 7]);
        assert!(ear.blocks(&troll) && !ear.blocks(&guest));
        for _ in 0..50 {
            assert!(!ear.hear(&troll, false, true, t0));
        }
        assert!(ear.hear(&guest, false, true, t0), "a guest is still heard");
        assert!(
            ear.unheard(None, &Catalogue::english(), t0 + UNHEARD_AFTER)
                .is_none(),
            "what the blocked said is not counted as unheard"
        );
        // Their own message is theirs whatever they block.
        assert!(ear.hear(&troll, true, true, t0));
        blocked.set(&[]);
        assert!(
            ear.hear(&troll, false, true, t0),
            "heard again once unblocked"
        );
    }
}
