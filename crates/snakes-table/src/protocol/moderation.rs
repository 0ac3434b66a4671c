//! The protocol's messages of moderation: a moderator signs in with the key the operator's
//! `snakes admin grant` printed, then silences, bans, removes what was said, closes tables
//! and goes through the reports and the log; anyone reports a person. The server's side is
//! `crates/snakes-server/src/state/moderation.rs`; `docs/serve.md` ("Moderation") says what
//! each does for the people concerned.

use serde::{Deserialize, Serialize};

use super::TableId;

/// What a moderator asks: the `action` of a `moderate` message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Moderate {
    /// Nobody hears `name` (nor anyone from their address) in any talk of the server for
    /// `minutes`.
    Silence {
        /// The person, by the name they talk with.
        name: String,
        /// How long: 10, 60 and 1440 are the page's choices; 1 to 43 200 (30 days).
        minutes: u32,
        /// Why, told to them.
        #[serde(default)]
        reason: String,
    },
    /// Keeps `name`, or their address or network, off the server for `hours`: told why and
    /// until when, then disconnected; refused at once while it lasts.
    Ban {
        /// The person, by the name they talk with or play under.
        name: String,
        /// What is banned: the name, or the address or network it was last seen from.
        scope: BanScope,
        /// How long: 1 to 8 760 (a year).
        hours: u32,
        /// Why, told to them: required.
        reason: String,
    },
    /// Ends a silence or a ban now.
    Lift {
        /// Its number, as `sanctions` lists it.
        id: i64,
    },
    /// Removes message `n` of the place the moderator is in (the table followed, else the
    /// lobby): gone from every listener's history and from what newcomers are sent.
    Remove {
        /// The message's number, as `said` gave it.
        n: u64,
    },
    /// Closes a table for good, its players told why.
    Close {
        /// The table.
        table: TableId,
        /// Why, told to them.
        #[serde(default)]
        reason: String,
    },
    /// The silences and bans in force.
    Sanctions {},
    /// The reports not yet dealt with.
    Reports {},
    /// Marks a report dealt with.
    Handle {
        /// Its number, as `reports` lists it.
        id: i64,
    },
    /// The moderation log, newest first, a page of 50.
    Log {
        /// The entries older than this number (the `next` of the page before).
        #[serde(default)]
        before: Option<i64>,
    },
}

/// What a ban keeps off the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BanScope {
    /// The name (and any name that reads the same): at every table and in every talk.
    Name,
    /// The address the name was last seen from: an IPv4 address, or an IPv6 /64 (a
    /// subscriber's).
    Address,
    /// The network around it: an IPv4 /24, or an IPv6 /48.
    Network,
}

/// Which list a `moderation_list` message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ListKind {
    /// The silences and bans in force.
    Sanctions,
    /// The reports not dealt with.
    Reports,
    /// The log, newest first.
    Log,
}

/// One line of a list a moderator asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListLine {
    /// The number to act on it with (`lift`, `handle`), or the log entry's.
    pub id: i64,
    /// The line in the moderator's language.
    pub line: String,
}
