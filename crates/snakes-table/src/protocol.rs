//! The messages of the WebSocket protocol (version [`PROTOCOL`]), as typed serde enums.
//!
//! Every message is one JSON object with a `type` field in snake_case. Clients send
//! [`ClientMessage`]s; the server answers with [`ServerMessage`]s. The full description, with an
//! example exchange, is `docs/protocol.md`.

use serde::{Deserialize, Serialize};
use snakes::{Event, Layout, Player, PlayerStats, Square};

use crate::secret::Secret;
pub use moderation::{BanScope, ListKind, ListLine, Moderate};
pub use snakes_text::keys::Query;

mod moderation;
pub use snakes_text::{BoardWords, Detail, Others, Refusal};

/// The protocol version this server speaks.
pub const PROTOCOL: u32 = 2;

/// A table's id.
pub type TableId = u64;

/// The most rows in a page of the lobby's list (`list_tables`, `GET /api/tables`).
pub const LOBBY_PAGE_ROWS: usize = 50;

/// A page of the lobby's list ends before this many bytes of rows, the row that would pass it
/// starting the next page (a page has at least one row). A row is at most
/// [`LOBBY_ROW_BYTES`], so a `tables` message is at most this much and one row more.
pub const LOBBY_PAGE_BYTES: usize = 64 * 1024;

/// The most a lobby row takes as JSON: four seats of 24-character names of four-byte
/// characters, each said twice (the seat and the row's words), the rules in words, the
/// result. Checked against the largest row there can be by a test of `view.rs`.
pub const LOBBY_ROW_BYTES: usize = 4 * 1024;

/// What a client can send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Opens the conversation: the protocol version the client speaks.
    Hello {
        /// Must be [`PROTOCOL`].
        protocol: u32,
        /// The language this connection is told everything in (a tag of `LOCALES`, such as
        /// `ko`; a region is ignored); English when absent.
        #[serde(default)]
        locale: Option<String>,
    },
    /// Asks for a page of the list of tables, newest first: at most [`LOBBY_PAGE_ROWS`] rows
    /// and about [`LOBBY_PAGE_BYTES`] bytes. The connection is sent that page again whenever the
    /// list changes, until it follows a table.
    ListTables {
        /// Where the page starts: the tables older than this one (the `next` of the page
        /// before); the newest tables when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<TableId>,
    },
    /// Creates a table and takes its first seat as the host.
    Create(CreateTable),
    /// A table's command: what a person asks a table to do ([`Act`]).
    Act(Act),
    /// Follows a table: a snapshot, then every event after `since`, then each new event.
    /// With a seat's `token`, the connection speaks for that seat (and reclaims it from a bot).
    Watch {
        /// The table.
        table: TableId,
        /// The seat's secret, if the client holds one.
        #[serde(default)]
        token: Option<String>,
        /// The last event sequence number the client has seen; events after it are sent.
        #[serde(default)]
        since: Option<u64>,
        /// The last event whose sentences the person heard, when it is not `since` (a page
        /// opened again asks for the whole history but heard it up to here): what happened
        /// after it is said in one line (`watching.say`).
        #[serde(default)]
        heard: Option<u64>,
        /// Short sentences.
        #[serde(default)]
        brief: bool,
        /// The language this connection is told everything in from now on, as in `hello`.
        #[serde(default)]
        locale: Option<String>,
        /// How much is said (`say`) of the other players' moves: `full`, `brief` (the
        /// default) or `jumps`.
        #[serde(default)]
        others: Others,
    },
    /// Asks a question about the game (the keys C, T, S, Shift+S, L, G, H).
    Query {
        /// The table.
        table: TableId,
        /// Which question.
        query: Query,
        /// The square asked about by [`Query::Square`] (absent: the asker's own square, or the
        /// square of the player to roll for a spectator).
        #[serde(default)]
        square: Option<u64>,
    },
    /// Switches brief sentences on or off for this connection.
    SetBrief {
        /// Short sentences.
        brief: bool,
    },
    /// The language this connection is told everything in from now on: the table's news,
    /// the answers, the refusals, the lobby's list (sent again at once when followed).
    SetLocale {
        /// A tag of `LOCALES`, as in `hello`.
        locale: String,
    },
    /// Says how much this connection hears (`say`) of the other players' moves from now on.
    SetOthers {
        /// `full`, `brief` or `jumps`.
        others: Others,
    },
    /// Says something to the others: at the table the connection follows (everyone following
    /// it hears it), else in the lobby (everyone in the lobby hears it). A seated player speaks
    /// as their seat; anyone else speaks with the name of `set_name`.
    Say {
        /// The message: plain text, one line, at most `MAX_TALK_CHARS` characters.
        text: String,
    },
    /// The name this connection talks with where it holds no seat: watching a table, or in
    /// the lobby. Checked as a seat's name is; no two alike at one table, nor in the lobby.
    SetName {
        /// The name.
        name: String,
    },
    /// Signs this connection in as the moderator `name`, with the key `snakes admin grant`
    /// printed for them: answered by `moderating`, or refused (`bad_key`) without saying
    /// whether the name is a moderator's.
    Moderator {
        /// The moderator's name.
        name: String,
        /// Their key.
        key: String,
    },
    /// A moderator's action (refused, `not_moderator`, to anyone else).
    Moderate {
        /// What is asked.
        action: Moderate,
    },
    /// Reports a person to the moderators: their last messages where the reporter is (the
    /// table followed, else the lobby) go with it. Answered by `reported`.
    Report {
        /// The person, by the name they talk with.
        name: String,
        /// Why.
        reason: String,
    },
    /// A member signed in blocks the member named `name` (letter case and look-alikes aside):
    /// they no longer hear that member anywhere, and that member cannot join a table they sit
    /// at while it waits. Answered by `blocks`; the one blocked is never told.
    Block {
        /// The member, by their account's name.
        name: String,
    },
    /// A member signed in no longer blocks the member named `name`. Answered by `blocks`.
    Unblock {
        /// The member, by their account's name.
        name: String,
    },
}

/// A person's command to a table, as the wire carries it (`{"type": "act", ...}`) and the
/// table decides it ([`Command::Act`]): declared once, for both. Who asks is the holder of
/// `token`; what they saw last is `seq`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Act {
    /// The table.
    pub table: TableId,
    /// The secret of the asker's seat (the host's for the host's commands). None for a
    /// `join`, whose answer (`seated`) gives the new seat's token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// The last event sequence number the client has seen: the commands that change the
    /// game (`start`, the bots, `remove_player`, `roll`) are refused when the table moved
    /// since ([`Refusal::StaleSeq`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// What is asked.
    pub action: Action,
}

/// What a person can ask a table to do: the `action` of an [`Act`]. Each is answered by
/// `TableState::decide` (`table.rs`). The actions without fields are written `Roll {}`: serde
/// refuses an unknown field only in a variant with braces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Take a seat at a table that has not started: the one wanted, or the first free one.
    Join {
        /// The display name.
        name: String,
        /// The seat wanted (the first free one when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<usize>,
        /// The secret the seat will be held by: made by the server, which gives its token to
        /// the one who joins; never read from the wire.
        #[serde(skip)]
        secret: Secret,
    },
    /// Leave the seat (before the start: frees it; during the game: a bot plays it until the
    /// holder of the token comes back).
    Leave {},
    /// Take the seat back from the bot that plays it since its holder left during the game.
    ComeBack {},
    /// Start the game (host only).
    Start {},
    /// Seat a bot in the first free seat (host only, before the start).
    AddBot {},
    /// Seat a bot in every free seat, each named as [`Action::AddBot`] would name it (host
    /// only, before the start).
    FillBots {},
    /// Remove the bot in `seat` (host only, before the start).
    RemoveBot {
        /// The bot's seat.
        seat: usize,
    },
    /// Remove the person in `seat` from the table (host only): before the start the seat is
    /// free again, during the game a bot plays it for good; the person's token no longer
    /// holds it.
    RemovePlayer {
        /// The person's seat (during the game, their player index).
        seat: usize,
    },
    /// Roll the die for the seat whose token this is.
    Roll {},
}

impl Action {
    /// Whether the action changes the game as the table stands, so that it needs the `seq`
    /// the asker saw last.
    pub fn needs_seq(&self) -> bool {
        matches!(
            self,
            Action::Start {}
                | Action::AddBot {}
                | Action::FillBots {}
                | Action::RemoveBot { .. }
                | Action::RemovePlayer { .. }
                | Action::Roll {}
        )
    }
}

impl Act {
    /// `action` at `table`, asked by the holder of `token` who saw the table up to `seq`.
    pub fn by(table: TableId, token: &str, seq: u64, action: Action) -> Act {
        Act {
            table,
            token: Some(token.to_string()),
            seq: Some(seq),
            action,
        }
    }

    /// The asker's token: an empty one (which holds no seat) when there is none.
    pub fn token(&self) -> &str {
        self.token.as_deref().unwrap_or_default()
    }
}

/// A person's command for the tests: `action` by the holder of `token`, who saw up to `seq`
/// (the table decides without looking at an act's table, which the server routes by).
#[cfg(test)]
pub(crate) fn ask(token: impl AsRef<str>, seq: u64, action: Action) -> Command {
    Command::Act(Act::by(0, token.as_ref(), seq, action))
}

/// A join for the tests: `name` takes `seat` (or the first free one), to be held by `secret`.
#[cfg(test)]
pub(crate) fn join(name: impl Into<String>, seat: Option<usize>, secret: Secret) -> Command {
    let name = name.into();
    Command::Act(Act {
        table: 0,
        token: None,
        seq: None,
        action: Action::Join { name, seat, secret },
    })
}

/// What a table can be asked to do. Each is answered by `TableState::decide` (`table.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// What a person asks, as the wire carries it.
    Act(Act),
    /// Follow the table, speaking for the seat of `token` if given (which takes the seat back
    /// from a bot).
    Watch {
        /// A seat's secret.
        token: Option<String>,
    },
    /// Time passed: whatever is due now (a grace period that ran out, a bot's roll, the turn
    /// timer's roll), each decided as its [`Due`] is. Never refused; often nothing.
    Tick,
    /// One thing the server decides by itself once its time comes ([`Command::Tick`] asks for
    /// each that is due), refused when the table is not where it could happen. A game's
    /// record is replayed with these (`verify.rs`), as it cannot know the times.
    Due(Due),
    /// A moderator named `by` closes the table for `reason` (which may be empty): given by the
    /// server for them, never by a person at the table nor its host. Never refused while the
    /// table waits or plays; refused once its game is over.
    Close {
        /// The moderator's name.
        by: String,
        /// Why, as the moderator wrote it (checked as talk is): may be empty.
        reason: String,
    },
}

/// What the server decides by itself at a table: [`Command::Due`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Due {
    /// The player to roll is a bot, or a person a bot plays for: the bot rolls.
    BotRoll,
    /// The turn timer ran out for the person to roll, who plays: the server rolls for them.
    TurnTimer,
    /// The person who is `player` has been gone for the grace period: a bot plays the seat.
    GraceOver {
        /// The player.
        player: Player,
    },
    /// The game has lasted the server's most turns, at the end of a roll: a draw.
    Draw,
    /// The table closes unfinished: before the start, or during the game once no person plays
    /// it. Nothing during a game a person plays.
    Abandon,
}

impl Command {
    /// The seat's secret the command comes with, if any: whose refusal it is.
    pub fn token(&self) -> Option<&str> {
        match self {
            Command::Act(act) => act.token.as_deref(),
            Command::Watch { token } => token.as_deref(),
            Command::Tick | Command::Due(_) | Command::Close { .. } => None,
        }
    }
}

/// How to build a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// `classic`, or a board as text: a LeetCode grid or a layout in JSON or TOML.
    #[serde(default = "classic")]
    pub board: String,
    /// A preset, `key=value,...`, or both (`standard` by default).
    #[serde(default = "standard")]
    pub rules: String,
    /// 2 to 4 seats.
    #[serde(default = "two")]
    pub seats: usize,
    /// How many seats bots take at once.
    #[serde(default)]
    pub bots: usize,
    /// The creator's display name (the creator takes seat 0 and is the host).
    pub name: String,
}

fn classic() -> String {
    "classic".to_string()
}
fn standard() -> String {
    "standard".to_string()
}
fn two() -> usize {
    2
}

/// What the server sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`.
    Hello {
        /// The protocol version the server speaks.
        protocol: u32,
        /// The server's version.
        server: String,
        /// The largest message the server takes, in bytes, but for `create`.
        max_message_bytes: usize,
        /// The largest `create` message, in bytes (its board may be large); the connection is
        /// closed (1009) on a larger one, so a client checks before sending.
        max_create_bytes: usize,
        /// With several servers on one database, the addresses of those running now (this one
        /// among them): where to connect when this one is gone. Absent with one server.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        servers: Vec<String>,
        /// The server sends something at least this often, in milliseconds (a `beat` when it
        /// has nothing else to say): a connection silent for three of them is to a server that
        /// hangs.
        #[serde(default)]
        beat_ms: u64,
    },
    /// Nothing to say: the server is alive (sent when a connection was sent nothing for a
    /// beat).
    Beat,
    /// A page of the tables, newest first.
    Tables {
        /// One line per table.
        tables: Vec<TableSummary>,
        /// Where this page starts (the `after` asked for; `null` for the first page).
        #[serde(default)]
        after: Option<TableId>,
        /// The `after` of the next page, of older tables; `null` on the last page.
        #[serde(default)]
        next: Option<TableId>,
    },
    /// A seat is yours: keep the token, it is the only way to act for the seat.
    Seated {
        /// The table.
        table: TableId,
        /// Your seat.
        seat: usize,
        /// The seat's secret.
        token: String,
        /// What the seat means, in words ("Table 3: you are the host, seat 1; Tab to Start the
        /// game when others have joined."), for the page to say once the table shows.
        text: String,
    },
    /// You follow this table now; events after `view.seq` follow.
    Watching {
        /// The table as it is.
        view: Box<TableView>,
        /// Your seat, when the token given holds one.
        you: Option<usize>,
        /// What to say now, during a game: what happened since the last event heard, in one
        /// line ("While you were away: Bot 1 went to 25."), and whose turn it is.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        say: Option<Vec<String>>,
    },
    /// Events, in order, with the sentences for this listener.
    Events {
        /// The table.
        table: TableId,
        /// The events.
        events: Vec<Logged>,
        /// What they mean, in words, for this listener: every line, for the history.
        text: Vec<String>,
        /// What a screen reader says now, when it is not every line of `text`: a player
        /// hears the other players' moves in one line when the turn comes back to them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        say: Option<Vec<String>>,
        /// The page's panel after these events, for this listener (absent for events already
        /// part of the view just sent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        panel: Option<Box<Panel>>,
    },
    /// The panel changed without an event: someone's page lost its connection or came back.
    Panel {
        /// The table.
        table: TableId,
        /// The panel now, for this listener.
        panel: Box<Panel>,
        /// What to say about it (the player to roll lost the connection, or is back), maybe
        /// nothing.
        say: Vec<String>,
    },
    /// The answer to a query.
    Answer {
        /// The table.
        table: TableId,
        /// The question.
        query: Query,
        /// The answer, one line each.
        lines: Vec<String>,
    },
    /// Someone said something, at the table the connection follows or in the lobby (what
    /// people say is never part of a table's log).
    Said {
        /// The table, or `None` for the lobby.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<TableId>,
        /// Who said it, and what, in the words of this listener.
        #[serde(flatten)]
        said: Said,
        /// Said before this connection came: for its history, not to be spoken now.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        earlier: bool,
    },
    /// Messages this listener was not sent, over what one listener is sent a second (the
    /// people it talks with are always sent): counted in one line.
    Unheard {
        /// The table, or `None` for the lobby.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<TableId>,
        /// How many.
        count: u64,
        /// "Bob and 40 others said 312 more messages.", in the listener's language.
        line: String,
    },
    /// The name this connection talks with, as `set_name` set it (normalised).
    Named {
        /// The name.
        name: String,
    },
    /// A message said earlier was removed by a moderator: the listener's history says so in
    /// its place.
    Unsaid {
        /// The table, or `None` for the lobby.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<TableId>,
        /// The message's number, as `said` gave it.
        n: u64,
        /// What its place in the history says now.
        line: String,
    },
    /// This connection acts as the moderator `name` from now on.
    Moderating {
        /// The moderator's name.
        name: String,
        /// What to say: who they are, and how many reports wait.
        line: String,
    },
    /// What a moderator's action did, or something a moderator is told (a report came).
    Moderated {
        /// In the moderator's language.
        line: String,
    },
    /// A list a moderator asked for, a line each.
    ModerationList {
        /// Which list.
        list: ListKind,
        /// Its lines (an empty list has none: `line` says so).
        lines: Vec<ListLine>,
        /// The `before` of the next page of the log; absent on its last page and for the
        /// other lists.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<i64>,
        /// What to say first: how many there are.
        line: String,
    },
    /// Something a moderator did to this connection's person, said in their language: a
    /// silence (they stay), or a ban (the connection closes after it).
    Notice {
        /// What happened, why and until when.
        line: String,
    },
    /// The member this connection was signed in as has no session here any more (signed out
    /// everywhere, or the account deleted): it goes on as a guest's.
    SignedOut {
        /// "You are signed out: ..."
        line: String,
    },
    /// The answer to `block` and `unblock`: whom the member blocks now.
    Blocks {
        /// Their names, in the order of their characters.
        names: Vec<String>,
        /// "You blocked Bo: you will not hear their messages, ..."
        line: String,
    },
    /// The report arrived.
    Reported {
        /// "Your report about Bob reached the moderators."
        line: String,
    },
    /// A command was refused: a stable code, its details, and a sentence saying why.
    Refused {
        /// Code and details.
        #[serde(flatten)]
        refusal: Refusal,
        /// Why, in words.
        message: String,
    },
}

/// Something someone said, as one listener hears it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Said {
    /// Its number among what was said in its place (the table, or the lobby), from 1: a
    /// client that has it already (coming back after a lost connection) keeps it once.
    pub n: u64,
    /// Who said it (a seat's name, or a watcher's or the lobby's name).
    pub name: String,
    /// Their seat (a player's index once the game started), or `None` for someone watching or
    /// in the lobby.
    pub seat: Option<usize>,
    /// The listener said it (from their seat, or from this connection).
    pub you: bool,
    /// The message as it was typed (normalised), never translated.
    pub text: String,
    /// The message in its frame, in the listener's language: "Ana says: good luck".
    pub line: String,
}

/// An event with its place in the table's log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    /// Sequence number, from 1, unique per table.
    pub seq: u64,
    /// What happened.
    pub event: TableEvent,
}

/// Everything that happens at a table: the seating and life of the table, or a move of the
/// game (the engine's own [`Event`]s, unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TableEvent {
    /// A move of the game.
    Game(Event),
    /// The table's own life.
    Table(Lifecycle),
}

impl TableEvent {
    /// The `type` of each kind of move of the game ([`Event`]), as the wire and the record name
    /// them; [`Lifecycle::TYPES`] the table's. A test (`every_kind_of_event_is_named_once`)
    /// holds both to the enums.
    pub const GAME_TYPES: [&'static str; 11] = [
        "rolled",
        "entered",
        "moved",
        "bounced",
        "stayed_put",
        "climbed",
        "slid",
        "bumped",
        "extra_roll",
        "won",
        "turn_passed",
    ];

    /// The seat a `joined` event among `events` gives (the seat a `join` took).
    pub fn joined_seat(events: &[TableEvent]) -> Option<usize> {
        events.iter().find_map(|e| match e {
            TableEvent::Table(Lifecycle::Joined { seat, .. }) => Some(*seat),
            _ => None,
        })
    }
}

/// The life of a table, apart from the moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Lifecycle {
    /// A person took a seat.
    Joined {
        /// The seat.
        seat: usize,
        /// Their name.
        name: String,
        /// The seat's secret: inside the server only (never serialized; the store keeps it
        /// apart from the log).
        #[serde(skip)]
        secret: Secret,
    },
    /// A person left their seat before the start.
    Left {
        /// The seat.
        seat: usize,
        /// Their name.
        name: String,
    },
    /// The host seated a bot.
    BotAdded {
        /// The seat.
        seat: usize,
        /// The bot's name.
        name: String,
    },
    /// The host removed a bot.
    BotRemoved {
        /// The seat.
        seat: usize,
        /// The bot's name.
        name: String,
    },
    /// The host removed a person from the table: before the start their seat is free again;
    /// during the game a bot plays it for good (their token no longer holds it).
    Removed {
        /// The seat (during the game, the player).
        seat: usize,
        /// Their name.
        name: String,
    },
    /// The game started. From here on, seats are the players' indices: player `i` is
    /// `players[i]`, who sat in seat `players[i].seat` before the start.
    Started {
        /// The players in turn order from seat 0.
        players: Vec<StartedPlayer>,
        /// Who rolls first (drawn from the game's dice).
        first: Player,
        /// The dice's commitment: SHA-256 of the key the rolls come from, in hex (absent for
        /// games with the older seeded dice).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commitment: Option<String>,
    },
    /// A bot plays for `player` until they come back.
    BotTookOver {
        /// The player.
        player: Player,
        /// Why.
        reason: AwayReason,
    },
    /// `player` came back and plays again.
    Reclaimed {
        /// The player.
        player: Player,
    },
    /// The turn timer ran out: the server rolls for `player`.
    TimerRolled {
        /// The player.
        player: Player,
    },
    /// The game ended with a winner.
    Finished {
        /// The outcome.
        result: GameResult,
        /// The dice's key, revealed (hex; absent for the older seeded dice).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
    },
    /// The game reached the server's most turns without a winner: a draw.
    Drawn {
        /// Turns played, every player's together.
        turns: u32,
        /// Every player's final square, in seat order.
        squares: Vec<Square>,
        /// The dice's key, revealed (hex; absent for the older seeded dice).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
    },
    /// Nobody came to the table before the game started, or nobody played its game any more
    /// (bots only), for the server's idle limit: the table is closed for good (it leaves the
    /// lobby and is not restored after a restart).
    Abandoned,
    /// A moderator named `by` closed the table for `reason` (empty when none was given): closed
    /// for good, as [`Lifecycle::Abandoned`] closes it.
    Closed {
        /// The moderator's name.
        by: String,
        /// Why, as the moderator wrote it (may be empty).
        reason: String,
    },
}

impl Lifecycle {
    /// The `type` of each kind of table event, as the wire and the record name them.
    pub const TYPES: [&'static str; 13] = [
        "joined",
        "left",
        "bot_added",
        "bot_removed",
        "removed",
        "started",
        "bot_took_over",
        "reclaimed",
        "timer_rolled",
        "finished",
        "drawn",
        "abandoned",
        "closed",
    ];

    /// What asks for this event during a game, as the table's people and the server ask it:
    /// the verifier replays a record by asking the same (`verify.rs`), so a new event is
    /// replayed once it has its arm here.
    pub fn cause(&self) -> Cause {
        match self {
            Lifecycle::BotTookOver {
                player,
                reason: AwayReason::Left,
            } => Cause::Player(*player, Action::Leave {}),
            Lifecycle::BotTookOver { player, .. } => {
                Cause::Server(Due::GraceOver { player: *player })
            }
            Lifecycle::Reclaimed { player } => Cause::Player(*player, Action::ComeBack {}),
            Lifecycle::TimerRolled { .. } => Cause::Server(Due::TurnTimer),
            Lifecycle::Removed { seat, .. } => Cause::Host(Action::RemovePlayer { seat: *seat }),
            Lifecycle::Drawn { .. } => Cause::Server(Due::Draw),
            Lifecycle::Abandoned => Cause::Server(Due::Abandon),
            Lifecycle::Closed { by, reason } => Cause::Moderator {
                by: by.clone(),
                reason: reason.clone(),
            },
            Lifecycle::Finished { .. } => Cause::Roll,
            Lifecycle::Joined { .. }
            | Lifecycle::Left { .. }
            | Lifecycle::BotAdded { .. }
            | Lifecycle::BotRemoved { .. }
            | Lifecycle::Started { .. } => Cause::Seating,
        }
    }
}

/// What asks for an event of a table's life during a game ([`Lifecycle::cause`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cause {
    /// The person who plays `Player` (by their seat's secret), with this action.
    Player(Player, Action),
    /// The table's host, with this action.
    Host(Action),
    /// The server by itself, once this is due.
    Server(Due),
    /// A moderator, through the server: [`Command::Close`] with these.
    Moderator {
        /// The moderator's name.
        by: String,
        /// Why (may be empty).
        reason: String,
    },
    /// A roll: the event follows the move that makes it.
    Roll,
    /// The seating before the start, never a game.
    Seating,
}

/// Why a bot plays for someone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AwayReason {
    /// They left.
    Left,
    /// They stayed disconnected longer than the grace period.
    Disconnected,
}

/// A player as the game starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartedPlayer {
    /// The seat they held before the start.
    pub seat: usize,
    /// Their name.
    pub name: String,
    /// Whether a bot plays this seat.
    pub bot: bool,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner's index.
    pub winner: Player,
    /// The winner's name.
    pub winner_name: String,
    /// Turns played by everyone.
    pub turns: u32,
    /// Rolls made by everyone.
    pub rolls: u32,
    /// Every player's final square, in seat order.
    pub squares: Vec<Square>,
}

/// Whether a table waits for players, plays, or is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Seats are being filled.
    Waiting,
    /// The game is on.
    Playing,
    /// Someone won.
    Finished,
}

/// A table in the lobby's list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSummary {
    /// The table.
    pub id: TableId,
    /// Where it is.
    pub status: Status,
    /// `classic` or `custom`.
    pub board_name: String,
    /// The rules in canonical form.
    pub rules: String,
    /// The rules in words.
    pub rules_line: String,
    /// Number of seats (2 to 4; after the start, the number of players).
    pub seat_count: usize,
    /// The seats, in order.
    pub seats: Vec<SeatView>,
    /// The last event's sequence number.
    pub seq: u64,
    /// The outcome, once finished with a winner.
    pub result: Option<GameResult>,
    /// The game ended in a draw (the server's most turns).
    #[serde(default)]
    pub draw: bool,
    /// The table's row in the lobby, in words.
    pub words: Box<SummaryWords>,
    /// The row's words and the rules in words in every other language of `LOCALES` (the
    /// second first): not sent, a connection is sent its own language's
    /// ([`TableSummary::in_language`]).
    #[serde(skip)]
    pub languages: std::sync::Arc<[(SummaryWords, String)]>,
}

impl TableSummary {
    /// The same line in the words of `LOCALES[lang]` (English when that is 0 or unknown).
    #[must_use]
    pub fn in_language(&self, lang: usize) -> TableSummary {
        let mut line = self.clone();
        if let Some((words, rules_line)) = lang.checked_sub(1).and_then(|i| self.languages.get(i)) {
            *line.words = words.clone();
            line.rules_line = rules_line.clone();
        }
        line.languages = std::sync::Arc::default();
        line
    }
}

/// A table's row in the lobby, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryWords {
    /// "Table 3".
    pub name: String,
    /// "Waiting: 2 seats free", "Playing", "Finished: Ana won".
    pub state: String,
    /// "Classic board of 100 squares."
    pub board: String,
    /// "Ana (host), Bot 1 (bot), free seat".
    pub seats: String,
    /// The link's text: "Open table 3" before the start, "Watch table 3" after.
    pub action: String,
}

/// The panel of a table's page, for one listener: the line under the heading, why Roll cannot
/// roll, the players. Sent with the view, after every batch of events and when a connection
/// comes or goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Panel {
    /// The listener's seat.
    pub you: Option<usize>,
    /// The seats, in order, when they may have changed (always with the view, with a
    /// connection coming or going, and with events of the table's life; not with moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<SeatView>>,
    /// The line under the heading: "Playing. Your turn."
    pub status: String,
    /// Why Roll cannot roll now, for this listener (the refusal a roll would get), or empty.
    pub roll_reason: String,
    /// One row per seat of the players' table.
    pub players: Vec<PlayerWords>,
}

/// One row of the players' table, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerWords {
    /// "Ana (host, you, to roll)", "free seat".
    pub label: String,
    /// "12", "off the board", or empty before the start.
    pub square: String,
}

/// One seat as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The occupant's name as the listener's language says it (a bot's in that language's
    /// words, "봇 1"; a person's as they typed it); `None` for a free seat.
    pub name: Option<String>,
    /// A bot sits here.
    pub bot: bool,
    /// The person is away and a bot plays for them.
    pub away: bool,
    /// At least one connection speaks for this seat.
    pub connected: bool,
    /// The host (the first person seated).
    pub host: bool,
}

/// Everything about a table at one sequence number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    /// Status, seats and the result.
    #[serde(flatten)]
    pub summary: TableSummary,
    /// The board: rows, columns, ladders and snakes as `[from, to]` pairs.
    pub board: Layout,
    /// The board in words: the drawing's title, the lists of ladders and snakes.
    pub board_words: BoardWords,
    /// Every token's square (empty before the start).
    pub squares: Vec<Square>,
    /// The square tokens start on: 0 (off the board), or 1 under `start=square-1`.
    pub start_square: Square,
    /// Whose turn it is (during the game).
    pub turn: Option<Player>,
    /// Who rolled first.
    pub first: Option<Player>,
    /// Each player's figures.
    pub stats: Vec<PlayerStats>,
    /// The turn timer in seconds, when one is set.
    pub turn_timer_secs: Option<u64>,
    /// The page's title: "Table 3 – Snakes and Ladders".
    pub title: String,
    /// The page's heading: "Table 3 (classic board)".
    pub heading: String,
    /// The panel, for the one who asked.
    pub panel: Panel,
    /// Where the dice come from: the commitment during the game, the key after it.
    pub dice: DiceView,
}

/// A game's dice as everyone sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceView {
    /// `chacha20` (verifiable), or `xoshiro256**` for games made before the dice were.
    pub algorithm: String,
    /// SHA-256 of the key, in hex: fixed when the table was created, before any roll.
    pub commitment: Option<String>,
    /// The game's commitment, once the game has started: SHA-256 of the key with the table,
    /// board, rules, seats and players, as the `started` event announced it (none for games
    /// started before a game had one). Not in a record, which states it once, in its
    /// `started` event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The key, in hex, once the game is over.
    pub key: Option<String>,
}

/// The version of the record format that [`GameRecord`] is written in (`docs/verify.md`);
/// `snakes verify` reads it and every version before it. Version 2: the `started` event's
/// commitment is the game's, binding the key to the table, board, rules, seats and players
/// (version 1: the key's alone). Records written before the field existed have none and are
/// read as version 1.
pub const RECORD_FORMAT: u32 = 2;

/// A table's whole record, for anyone to check its game (`GET /api/tables/{id}/record`,
/// `snakes verify`; the format is `docs/verify.md`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The record format's version, [`RECORD_FORMAT`].
    pub format: u32,
    /// The table.
    pub table: TableId,
    /// How many seats the table has (2 to 4).
    pub seats: usize,
    /// The board as a layout (`rows`, `cols`, `ladders`, `snakes`), as `snakes board` reads it.
    pub board: Layout,
    /// The rules, canonical text.
    pub rules: String,
    /// Where the table is.
    pub status: Status,
    /// The dice: algorithm, commitment, and the key once the game is over.
    pub dice: DiceView,
    /// Every event, in order.
    pub events: Vec<Logged>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind of event is named once, in its list: one event of each kind (the `match`
    /// below stops compiling when a kind is added, until it has one here), and each list holds
    /// exactly the names serde writes.
    #[test]
    fn every_kind_of_event_is_named_once() {
        let table = [
            Lifecycle::Joined {
                seat: 0,
                name: "Ana".into(),
                secret: Secret::default(),
            },
            Lifecycle::Left {
                seat: 0,
                name: "Ana".into(),
            },
            Lifecycle::BotAdded {
                seat: 1,
                name: "Bot 1".into(),
            },
            Lifecycle::BotRemoved {
                seat: 1,
                name: "Bot 1".into(),
            },
            Lifecycle::Removed {
                seat: 1,
                name: "Bo".into(),
            },
            Lifecycle::Started {
                players: Vec::new(),
                first: 0,
                commitment: None,
            },
            Lifecycle::BotTookOver {
                player: 0,
                reason: AwayReason::Left,
            },
            Lifecycle::Reclaimed { player: 0 },
            Lifecycle::TimerRolled { player: 0 },
            Lifecycle::Finished {
                result: GameResult {
                    winner: 0,
                    winner_name: "Ana".into(),
                    turns: 1,
                    rolls: 1,
                    squares: Vec::new(),
                },
                key: None,
            },
            Lifecycle::Drawn {
                turns: 1,
                squares: Vec::new(),
                key: None,
            },
            Lifecycle::Abandoned,
            Lifecycle::Closed {
                by: "Mo".into(),
                reason: "spam".into(),
            },
        ];
        for event in &table {
            match event {
                Lifecycle::Joined { .. }
                | Lifecycle::Left { .. }
                | Lifecycle::BotAdded { .. }
                | Lifecycle::BotRemoved { .. }
                | Lifecycle::Removed { .. }
                | Lifecycle::Started { .. }
                | Lifecycle::BotTookOver { .. }
                | Lifecycle::Reclaimed { .. }
                | Lifecycle::TimerRolled { .. }
                | Lifecycle::Finished { .. }
                | Lifecycle::Drawn { .. }
                | Lifecycle::Abandoned
                | Lifecycle::Closed { .. } => {}
            }
        }
        let game = [
            Event::Rolled { player: 0, roll: 1 },
            Event::Entered {
                player: 0,
                square: 1,
            },
            Event::Moved {
                player: 0,
                from: 1,
                to: 2,
            },
            Event::Bounced {
                player: 0,
                from: 98,
                turned_at: 100,
                to: 99,
            },
            Event::StayedPut {
                player: 0,
                square: 0,
                reason: snakes::StayReason::NeedSix,
            },
            Event::Climbed {
                player: 0,
                from: 1,
                to: 38,
            },
            Event::Slid {
                player: 0,
                from: 16,
                to: 6,
            },
            Event::Bumped {
                player: 1,
                by: 0,
                from: 5,
                to: 0,
            },
            Event::ExtraRoll { player: 0 },
            Event::Won {
                player: 0,
                square: 100,
            },
            Event::TurnPassed { player: 1 },
        ];
        for event in &game {
            match event {
                Event::Rolled { .. }
                | Event::Entered { .. }
                | Event::Moved { .. }
                | Event::Bounced { .. }
                | Event::StayedPut { .. }
                | Event::Climbed { .. }
                | Event::Slid { .. }
                | Event::Bumped { .. }
                | Event::ExtraRoll { .. }
                | Event::Won { .. }
                | Event::TurnPassed { .. } => {}
            }
        }
        let names = |events: Vec<TableEvent>| -> Vec<String> {
            events
                .iter()
                .map(|e| {
                    serde_json::to_value(e).unwrap()["type"]
                        .as_str()
                        .unwrap()
                        .to_string()
                })
                .collect()
        };
        assert_eq!(
            names(table.into_iter().map(TableEvent::Table).collect()),
            Lifecycle::TYPES
        );
        assert_eq!(
            names(game.into_iter().map(TableEvent::Game).collect()),
            TableEvent::GAME_TYPES
        );
    }

    #[test]
    fn client_messages_round_trip_in_snake_case() {
        let text = r#"{"type":"act","table":3,"token":"abc","seq":9,"action":{"type":"roll"}}"#;
        let m: ClientMessage = serde_json::from_str(text).unwrap();
        let act = Act {
            table: 3,
            token: Some("abc".into()),
            seq: Some(9),
            action: Action::Roll {},
        };
        assert_eq!(m, ClientMessage::Act(act.clone()));
        assert_eq!(serde_json::to_string(&m).unwrap(), text);
        let m: ClientMessage = serde_json::from_str(
            r#"{"type":"create","name":"Ana","seats":3,"rules":"standard,six=roll-again"}"#,
        )
        .unwrap();
        let ClientMessage::Create(c) = m else {
            panic!("not a create")
        };
        assert_eq!((c.board.as_str(), c.seats, c.bots), ("classic", 3, 0));
        for (text, why) in [
            (r#"{"type":"act","table":1}"#, "missing field `action`"),
            (
                r#"{"type":"act","table":1,"action":{"type":"fly"}}"#,
                "unknown variant `fly`",
            ),
            (
                r#"{"type":"act","table":1,"action":{"type":"remove_bot"}}"#,
                "missing field `seat`",
            ),
            (
                r#"{"type":"act","table":1,"action":{"type":"roll","seat":1}}"#,
                "unknown field `seat`",
            ),
            (
                r#"{"type":"act","table":1,"action":{"type":"join","name":"A","secret":"x"}}"#,
                "unknown field `secret`",
            ),
            (r#"{"type":"roll","table":1}"#, "unknown variant `roll`"),
        ] {
            let error = serde_json::from_str::<ClientMessage>(text).unwrap_err();
            assert!(error.to_string().contains(why), "{text}: {error}");
        }
    }

    #[test]
    fn a_join_never_takes_its_secret_from_the_wire() {
        let join: ClientMessage = serde_json::from_str(
            r#"{"type":"act","table":5,"action":{"type":"join","name":"Bo","seat":1}}"#,
        )
        .unwrap();
        let ClientMessage::Act(Act {
            table: 5,
            token: None,
            seq: None,
            action: Action::Join { name, seat, secret },
        }) = join
        else {
            panic!("not a join: {join:?}")
        };
        assert_eq!((name.as_str(), seat), ("Bo", Some(1)));
        assert!(secret.is_empty(), "the server makes a join's secret");
        assert!(Action::Roll {}.needs_seq() && !Action::Leave {}.needs_seq());
    }

    #[test]
    fn refusals_are_flat_with_a_code() {
        let m = ServerMessage::Refused {
            refusal: Refusal::StaleSeq {
                expected: 5,
                got: 3,
            },
            message: "old".into(),
        };
        let json = serde_json::to_value(&m).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"type":"refused","code":"stale_seq","expected":5,"got":3,"message":"old"})
        );
        assert_eq!(serde_json::from_value::<ServerMessage>(json).unwrap(), m);
    }

    #[test]
    fn game_and_table_events_share_one_log_format() {
        let game = TableEvent::Game(Event::Rolled { player: 1, roll: 4 });
        let table = TableEvent::Table(Lifecycle::Joined {
            seat: 1,
            name: "Bo".into(),
            secret: Secret::default(),
        });
        for e in [game, table] {
            let text = serde_json::to_string(&e).unwrap();
            assert_eq!(serde_json::from_str::<TableEvent>(&text).unwrap(), e);
        }
        // The seat's secret never leaves with the event.
        let joined = TableEvent::Table(Lifecycle::Joined {
            seat: 0,
            name: "Ana".into(),
            secret: Secret::of_token("0123abcd"),
        });
        let text = serde_json::to_string(&joined).unwrap();
        assert_eq!(text, r#"{"type":"joined","seat":0,"name":"Ana"}"#);
        assert!(!format!("{joined:?}").contains("0123abcd"));
        assert_eq!(
            serde_json::to_string(&TableEvent::Game(Event::Rolled { player: 1, roll: 4 })).unwrap(),
            r#"{"type":"rolled","player":1,"roll":4}"#
        );
    }
}
