//! What people say at a table, through its actor: who speaks (a seat, or a named watcher), the
//! names watchers talk with, and each message told to every listener in their own words. Never
//! written to the store: the table keeps the last few messages in memory (`crate::talk`).

use snakes_text::names::same_name;
use snakes_text::{Catalogue, Detail, Refusal};
use tungstenite::Utf8Bytes;

use super::{Actor, ConnId};
use crate::protocol::{Others, ServerMessage};
use crate::talk::Spoken;
use crate::view::{self, Refused, to_json};

impl Actor {
    /// Connection `conn` says `text`: as its seat's person when it holds one, else as the
    /// watcher it named itself (`name`, taken now if it had none at the table).
    pub(super) fn say(
        &mut self,
        conn: ConnId,
        name: Option<String>,
        text: String,
    ) -> Result<(), Refused> {
        let sub = self
            .subs
            .iter()
            .find(|s| s.conn == conn)
            .ok_or(Refusal::NotSeated)?;
        let seat = sub.token.as_deref().and_then(|t| self.state.seat_of(t));
        let member = sub.member;
        let (speaker, watcher) = match seat {
            Some(seat) => {
                let name = self
                    .state
                    .seats()
                    .nth(seat)
                    .flatten()
                    .map(|s| s.name.to_string())
                    .unwrap_or_default();
                (name, false)
            }
            None => {
                let held = sub.name.clone();
                let name = match (held, name) {
                    (Some(held), None) => held,
                    (held, Some(wanted)) => {
                        if held.as_deref() != Some(wanted.as_str()) {
                            self.set_name(conn, &wanted)?;
                        }
                        wanted
                    }
                    (None, None) => return Err(Refusal::NoName.into()),
                };
                (name, true)
            }
        };
        let spoken = self.talk.push(Spoken {
            name: speaker,
            seat,
            watcher,
            from: conn,
            member,
            text,
            n: 0,
            removed: false,
        });
        // Once per language and "you": the one who said it (their seat, or their connection)
        // hears "You say: ...".
        let mut cache: Vec<((usize, bool), Utf8Bytes)> = Vec::new();
        let mut dropped = Vec::new();
        let now = self.clock.now();
        for sub in &mut self.subs {
            let their_seat = sub.token.as_deref().and_then(|t| self.state.seat_of(t));
            let you = sub.conn == conn || (seat.is_some() && their_seat == seat);
            // A player of the table is always sent; a crowd of watchers within a rate.
            if !sub.ear.hear(&spoken, you, seat.is_some(), now) {
                continue;
            }
            let key = (sub.lang, you);
            let message = match cache.iter().find(|(k, _)| *k == key) {
                Some((_, m)) => m.clone(),
                None => {
                    let said = spoken.heard(&Catalogue::shipped(sub.lang), you);
                    let m = to_json(&ServerMessage::Said {
                        table: Some(self.state.id()),
                        said,
                        earlier: false,
                    });
                    cache.push((key, m.clone()));
                    m
                }
            };
            if !sub.out.offer(message) {
                dropped.push(sub.conn);
            }
        }
        self.drop_behind(dropped);
        Ok(())
    }

    /// A moderator removes message `n`: kept in its place without its text, and every
    /// listener told, in their words, that a moderator removed it. Returns it as it was.
    ///
    /// # Errors
    /// [`Refusal::NoSuchMessage`] when no message `n` is kept here.
    pub(super) fn unsay(&mut self, n: u64) -> Result<std::sync::Arc<Spoken>, Refusal> {
        let (was, _) = self.talk.remove(n).ok_or(Refusal::NoSuchMessage { n })?;
        let table = Some(self.state.id());
        let mut cache: Vec<(usize, Utf8Bytes)> = Vec::new();
        let mut dropped = Vec::new();
        for sub in &self.subs {
            let message = match cache.iter().find(|(lang, _)| *lang == sub.lang) {
                Some((_, m)) => m.clone(),
                None => {
                    let line = Catalogue::shipped(sub.lang).format("mod-message-removed", &[]);
                    let m = to_json(&ServerMessage::Unsaid { table, n, line });
                    cache.push((sub.lang, m.clone()));
                    m
                }
            };
            if !sub.out.offer(message) {
                dropped.push(sub.conn);
            }
        }
        self.drop_behind(dropped);
        Ok(was)
    }

    /// What `name` said last here, oldest first (for a report about them): none when nobody
    /// of that name sits or watches here, nor said anything still kept.
    pub(super) fn last_said(&self, name: &str) -> Option<Vec<String>> {
        let said = self.talk.last_of(name);
        let seated = self
            .state
            .seats()
            .flatten()
            .any(|seat| same_name(seat.name, name));
        let watching = self.watcher_names(None).any(|w| same_name(w, name));
        (seated || watching || !said.is_empty()).then_some(said)
    }

    /// Tells each listener that was not sent some of what was said, once that is due, how
    /// much in one line.
    pub(super) fn tell_unheard(&mut self) {
        let (now, table) = (self.clock.now(), self.state.id());
        let mut dropped = Vec::new();
        for sub in &mut self.subs {
            let catalogue = Catalogue::shipped(sub.lang);
            if let Some(line) = sub.ear.unheard(Some(table), &catalogue, now)
                && !sub.out.offer(to_json(&line))
            {
                dropped.push(sub.conn);
            }
        }
        self.drop_behind(dropped);
    }

    /// Connection `conn`, watching without a seat, takes the name `name` (checked) at the
    /// table.
    ///
    /// # Errors
    /// [`Refusal::BadName`] with [`Detail::NameTaken`] when a seat's person, or another
    /// watcher, has it (letter case and look-alikes aside).
    pub(super) fn set_name(&mut self, conn: ConnId, name: &str) -> Result<(), Refusal> {
        let taken = |other: &str| Refusal::BadName {
            detail: Detail::NameTaken {
                name: other.to_string(),
            },
        };
        // Someone seated speaks as their seat: the name they would watch with does not matter
        // here, and is not held against anyone.
        if self.seat_of_conn(conn).is_none() {
            if let Some(other) = self.state.name_taken(name) {
                return Err(taken(other));
            }
            if let Some(other) = self.watcher_names(Some(conn)).find(|o| same_name(o, name)) {
                return Err(taken(other));
            }
        }
        let watcher = self.seat_of_conn(conn).is_none();
        let mut came = false;
        if let Some(sub) = self.subs.iter_mut().find(|s| s.conn == conn) {
            came = watcher && sub.name.is_none();
            sub.name = Some(name.to_string());
        }
        if came {
            self.tell_watcher(conn, name, true);
        }
        Ok(())
    }

    /// The name connection `conn` watches by, when it holds no seat and has one.
    pub(super) fn watcher_name(&self, conn: ConnId) -> Option<String> {
        if self.seat_of_conn(conn).is_some() {
            return None;
        }
        self.subs.iter().find(|s| s.conn == conn)?.name.clone()
    }

    /// Tells the others (but connection `conn`) that `name` came to watch the table, or went:
    /// a line said with the panel, to those who hear the other players' moves at all (`others`
    /// full or brief; not those who asked for the ladders and snakes alone).
    pub(super) fn tell_watcher(&mut self, conn: ConnId, name: &str, came: bool) {
        let id = if came { "watcher-came" } else { "watcher-went" };
        let panels = self.panels(self.clock.now());
        let mut dropped = Vec::new();
        for sub in self.subs.iter().filter(|s| s.conn != conn) {
            if sub.others == Others::Jumps || sub.catching_up.is_some() {
                continue;
            }
            let at = panels.iter().position(|(l, _)| *l == sub.lang).unwrap_or(0);
            let Some((_, panels)) = panels.get(at) else {
                continue;
            };
            let line = Catalogue::shipped(sub.lang).format(id, &[("name", name.into())]);
            let message = ServerMessage::Panel {
                table: self.state.id(),
                panel: Box::new(panels.for_token(sub.token.as_deref(), false)),
                say: vec![line],
            };
            if !sub.out.offer(to_json(&message)) {
                dropped.push(sub.conn);
            }
        }
        drop(panels);
        self.drop_behind(dropped);
    }

    /// Who is here, for connection `conn` in `LOCALES[lang]`: each seat as the players' table
    /// shows it ("Seat 1: Ana (host, you, to roll)."), then who watches: the named watchers
    /// (the listener as "you"), and how many watch without a name.
    pub(super) fn who_is_here(&self, conn: ConnId, lang: usize) -> Vec<String> {
        let sub = self.subs.iter().find(|s| s.conn == conn);
        let token = sub.and_then(|s| s.token.as_deref());
        let words = self.tongues.of(lang);
        let n = words.narrator();
        let panel = view::panel(&self.state, words, token, self.clock.now());
        let mut lines: Vec<String> = panel
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                n.message(
                    "who-seat",
                    &[("seat", (i + 1).into()), ("label", p.label.as_str().into())],
                )
            })
            .collect();
        let mut named = Vec::new();
        let mut unnamed = 0usize;
        for s in &self.subs {
            if s.token
                .as_deref()
                .and_then(|t| self.state.seat_of(t))
                .is_some()
            {
                continue;
            }
            match (&s.name, s.conn == conn) {
                (_, true) => named.insert(0, n.message("you", &[])),
                (Some(name), false) => named.push(name.clone()),
                (None, false) => unnamed += 1,
            }
        }
        let unnamed_arg = ("unnamed", unnamed.into());
        lines.push(match (named.is_empty(), unnamed) {
            (true, 0) => n.message("who-watching-nobody", &[]),
            (true, _) => n.message("who-watching-unnamed", &[unnamed_arg]),
            (false, 0) => n.message("who-watching", &[("names", n.list(named).into())]),
            (false, _) => n.message(
                "who-watching-and-unnamed",
                &[("names", n.list(named).into()), unnamed_arg],
            ),
        });
        lines
    }

    /// The seat connection `conn` speaks for, if any.
    fn seat_of_conn(&self, conn: ConnId) -> Option<usize> {
        let sub = self.subs.iter().find(|s| s.conn == conn)?;
        self.state.seat_of(sub.token.as_deref()?)
    }

    /// The names the watchers (connections without a seat) talk with, but `but`'s.
    pub(super) fn watcher_names(&self, but: Option<ConnId>) -> impl Iterator<Item = &str> {
        self.subs
            .iter()
            .filter(move |s| Some(s.conn) != but)
            .filter(|s| {
                s.token
                    .as_deref()
                    .and_then(|t| self.state.seat_of(t))
                    .is_none()
            })
            .filter_map(|s| s.name.as_deref())
    }

    /// Sends connection `conn`, just come to the table, what was said there before, for its
    /// history.
    pub(super) fn tell_earlier(&mut self, conn: ConnId) {
        let Some(sub) = self.subs.iter().find(|s| s.conn == conn) else {
            return;
        };
        let catalogue = Catalogue::shipped(sub.lang);
        let seat = sub.token.as_deref().and_then(|t| self.state.seat_of(t));
        let mut full = false;
        for spoken in self.talk.lines().filter(|s| !sub.ear.blocks(s)) {
            let you = spoken.from == conn || (seat.is_some() && spoken.seat == seat);
            let message = ServerMessage::Said {
                table: Some(self.state.id()),
                said: spoken.heard(&catalogue, you),
                earlier: true,
            };
            if !sub.out.offer(to_json(&message)) {
                full = true;
                break;
            }
        }
        if full {
            self.drop_behind(vec![conn]);
        }
    }
}
