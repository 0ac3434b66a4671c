//! The lobby's talk: who is in the lobby with a name, what was said there (the last
//! [`crate::talk::KEPT`] messages), and the stream of what is said next, which each session in
//! the lobby forwards to its connection in its own words. Names are one a person in the lobby:
//! a second "Ana" (letter case and look-alikes aside) is refused while the first is there.
//!
//! It lives in this process: with several servers on one database, each has its own lobby talk.

use std::sync::{Arc, Mutex};

use snakes_text::names::same_name;
use snakes_text::{Detail, Refusal};
use tokio::sync::broadcast;

use crate::actor::ConnId;
use crate::locks::Lock;
use crate::talk::{Spoken, Talk};

/// How many messages a slow connection may be behind before it misses some.
const BEHIND: usize = 64;

/// The lobby's talk.
#[derive(Debug)]
pub struct LobbyTalk {
    inner: Mutex<Inner>,
    tx: broadcast::Sender<Arc<Spoken>>,
}

#[derive(Debug, Default)]
struct Inner {
    /// The connections in the lobby with a name, and their name.
    names: Vec<(ConnId, String)>,
    talk: Talk,
}

impl Default for LobbyTalk {
    fn default() -> LobbyTalk {
        LobbyTalk {
            inner: Mutex::default(),
            tx: broadcast::channel(BEHIND).0,
        }
    }
}

impl LobbyTalk {
    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.locked()
    }

    /// Connection `conn` comes to the lobby, named `name` if it has one (its name is taken if
    /// nobody in the lobby has it; otherwise it is there unnamed until it names itself):
    /// what was said before, and what will be said from now on.
    pub fn enter(
        &self,
        conn: ConnId,
        name: Option<&str>,
    ) -> (Vec<Arc<Spoken>>, broadcast::Receiver<Arc<Spoken>>) {
        let rx = self.tx.subscribe();
        let mut inner = self.inner();
        if let Some(name) = name {
            let _ = inner.claim(conn, name);
        }
        (inner.talk.lines().cloned().collect(), rx)
    }

    /// What will be said from now on (for a connection already in the lobby).
    pub fn listen(&self) -> broadcast::Receiver<Arc<Spoken>> {
        self.tx.subscribe()
    }

    /// Connection `conn` in the lobby takes the name `name`.
    ///
    /// # Errors
    /// [`Refusal::BadName`] with [`Detail::NameTakenLobby`] when someone else in the lobby has
    /// it.
    pub fn claim(&self, conn: ConnId, name: &str) -> Result<(), Refusal> {
        self.inner().claim(conn, name)
    }

    /// Connection `conn` leaves the lobby: its name is free again.
    pub fn leave(&self, conn: ConnId) {
        self.inner().names.retain(|(c, _)| *c != conn);
    }

    /// Connection `conn`, named `name` (and signed in as `member`, if it is), says `text`
    /// (checked) to the lobby.
    ///
    /// # Errors
    /// [`Refusal::NoName`] without a name; as [`LobbyTalk::claim`] when another has it.
    pub fn say(
        &self,
        conn: ConnId,
        name: Option<&str>,
        member: Option<i64>,
        text: String,
    ) -> Result<(), Refusal> {
        let name = name.ok_or(Refusal::NoName)?;
        let spoken = {
            let mut inner = self.inner();
            inner.claim(conn, name)?;
            inner.talk.push(Spoken {
                name: name.to_string(),
                seat: None,
                watcher: false,
                from: conn,
                member,
                text,
                n: 0,
                removed: false,
            })
        };
        // Nobody in the lobby to hear it is not a failure.
        let _ = self.tx.send(spoken);
        Ok(())
    }

    /// A moderator removes message `n` of the lobby: everyone in the lobby is told, and
    /// newcomers find its place saying so. Returns it as it was.
    ///
    /// # Errors
    /// [`Refusal::NoSuchMessage`] when the lobby keeps no message `n`.
    pub fn remove(&self, n: u64) -> Result<Arc<Spoken>, Refusal> {
        let (was, now) = self
            .inner()
            .talk
            .remove(n)
            .ok_or(Refusal::NoSuchMessage { n })?;
        // Its removal goes the way it came: each listener's forwarder tells its connection.
        let _ = self.tx.send(now);
        Ok(was)
    }

    /// What `name` said last in the lobby, oldest first (for a report about them): none when
    /// nobody of that name is in the lobby nor said anything still kept.
    pub fn last_said(&self, name: &str) -> Option<Vec<String>> {
        let inner = self.inner();
        let said = inner.talk.last_of(name);
        let here = inner.names.iter().any(|(_, n)| same_name(n, name));
        (here || !said.is_empty()).then_some(said)
    }
}

impl Inner {
    fn claim(&mut self, conn: ConnId, name: &str) -> Result<(), Refusal> {
        if let Some((_, other)) = self
            .names
            .iter()
            .find(|(c, other)| *c != conn && same_name(other, name))
        {
            return Err(Refusal::BadName {
                detail: Detail::NameTakenLobby {
                    name: other.clone(),
                },
            });
        }
        self.names.retain(|(c, _)| *c != conn);
        self.names.push((conn, name.to_string()));
        Ok(())
    }
}

/// Messages a second one network may say in one place (the lobby, a table), sustained...
pub const NETWORK_TALK_RATE: f64 = 5.0;
/// ...and at once.
pub const NETWORK_TALK_BURST: f64 = 10.0;

impl super::AppState {
    /// Takes one message from the allowance of `peer`'s network in `place` (a table, or the
    /// lobby: `None`); false when it is spent. A crowd of addresses in one network shares one
    /// network's voice, so that it cannot drown a place's talk (or its game) whatever each
    /// address's own rate. A client without an address (tests of the router alone) always may.
    pub fn may_talk(
        &self,
        place: Option<crate::protocol::TableId>,
        peer: Option<std::net::IpAddr>,
    ) -> bool {
        let Some(ip) = peer else {
            return true;
        };
        let config = self.config();
        let network = crate::fair::Client::of(ip, config).network;
        self.inner
            .talk_shares
            .take((place, network), config.clock.now())
    }
}
