//! Why something a player asked for was refused: a stable code for programs, a sentence for people.

use serde::Deserialize;
use snakes::{BoardError, BoardWarning, Player, RulesError, SetupError};

use crate::catalogue::{Catalogue, MessageArg};
use crate::errors;

/// Declares [`Refusal`] from one list: each kind's code is written once, and the enum's serde
/// tag, [`Refusal::code`] and [`Refusal::CODES`] all come from it.
macro_rules! refusals {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident = $code:literal $({
            $($(#[doc = $field_doc:literal])* $field:ident : $ty:ty),* $(,)?
        })?
    ),* $(,)?) => {
        /// Why something was refused. Each kind has a stable snake_case code
        /// ([`Refusal::code`]), which is also its `code` tag in JSON; the sentence comes from
        /// [`crate::Narrator::refusal`].
        ///
        /// ```
        /// use snakes_text::Refusal;
        /// let r = Refusal::NotYourTurn { turn: 1 };
        /// assert_eq!(r.code(), "not_your_turn");
        /// assert_eq!(
        ///     serde_json::to_string(&r).unwrap(),
        ///     r#"{"code":"not_your_turn","turn":1}"#
        /// );
        /// ```
        #[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(tag = "code")]
        pub enum Refusal {
            $(
                $(#[doc = $doc])*
                #[serde(rename = $code)]
                $variant $({ $($(#[doc = $field_doc])* $field: $ty),* })?,
            )*
        }

        impl Refusal {
            /// Every code, in declaration order (for documentation and tests).
            pub const CODES: &'static [&'static str] = &[$($code),*];

            /// The stable snake_case code of this kind of refusal, as sent in the protocol.
            pub fn code(&self) -> &'static str {
                match self {
                    $(Refusal::$variant { .. } => $code,)*
                }
            }
        }
    };
}

refusals! {
    /// Someone rolled out of turn.
    NotYourTurn = "not_your_turn" {
        /// Whose turn it is.
        turn: Player,
    },
    /// The game has ended.
    GameOver = "game_over" {
        /// Who won (`null` when the game ended in a draw).
        winner: Option<Player>,
    },
    /// The game has not begun.
    NotStarted = "not_started",
    /// The game has begun, so the table can no longer change.
    AlreadyStarted = "already_started",
    /// The seat asked for is someone else's.
    SeatTaken = "seat_taken" {
        /// The seat, from 0 (said from 1).
        seat: usize,
    },
    /// Only seated players may do this.
    NotSeated = "not_seated",
    /// A bot plays the seat since its person left: they take it back first (`come_back`).
    BotPlaysForYou = "bot_plays_for_you",
    /// Taking back a seat that no bot plays.
    NotAway = "not_away",
    /// Only the host may do this.
    NotHost = "not_host",
    /// Every seat is taken.
    TableFull = "table_full",
    /// No table has that id.
    NoSuchTable = "no_such_table",
    /// A game needs at least two players.
    NotEnoughPlayers = "not_enough_players",
    /// A message was sent for an earlier state of the game.
    StaleSeq = "stale_seq" {
        /// The sequence number expected.
        expected: u64,
        /// The one received.
        got: u64,
    },
    /// A message could not be read.
    BadMessage = "bad_message" {
        /// What was wrong with it.
        detail: Detail,
    },
    /// A message was larger than allowed.
    TooLarge = "too_large" {
        /// The limit, in bytes.
        limit: usize,
    },
    /// Too many requests in a short time.
    TooManyRequests = "too_many_requests",
    /// Too many tables are open.
    TooManyTables = "too_many_tables",
    /// A board that cannot be used.
    BadBoard = "bad_board" {
        /// What is wrong with it.
        detail: Detail,
    },
    /// Rules that cannot be used.
    BadRules = "bad_rules" {
        /// What is wrong with them.
        detail: Detail,
    },
    /// A display name that cannot be used.
    BadName = "bad_name" {
        /// What is wrong with it.
        detail: Detail,
    },
    /// A message to the others that cannot be sent.
    BadText = "bad_text" {
        /// What is wrong with it.
        detail: Detail,
    },
    /// Someone with no name (watching, or in the lobby) tried to talk.
    NoName = "no_name",
    /// Someone talks faster than the others can listen (more than a message a second for long).
    TalkTooFast = "talk_too_fast",
    /// So many people of one network talk in one place (the lobby, a table) that the others
    /// would hear nothing else: each of them waits a moment.
    NetworkTalkTooFast = "network_talk_too_fast",
    /// A number of seats or bots a table cannot have.
    BadSeats = "bad_seats" {
        /// What is wrong with it.
        detail: Detail,
    },
    /// The server could not record the change, so it did not happen.
    StoreFailed = "store_failed",
    /// Nothing is served at this address.
    NotFound = "not_found",
    /// The address does not take this method.
    MethodNotAllowed = "method_not_allowed",
    /// A browser sent this from a page of another site (its `Origin`).
    BadOrigin = "bad_origin" {
        /// The origin the request came from.
        origin: String,
    },
    /// The table is served by another server of this database now: watch it there (the page
    /// does by itself).
    Moved = "moved" {
        /// The address of the server that serves it (`http://host:port`, or a path on this
        /// site behind a proxy).
        address: String,
    },
    /// The table's stored log cannot be rebuilt: no server serves it until the server's
    /// operator mends or closes it (`snakes tables`).
    Quarantined = "quarantined",
    /// A language this server has no catalogue for.
    UnknownLocale = "unknown_locale" {
        /// The language asked for.
        locale: String,
        /// The tags of the languages it has.
        available: Vec<String>,
    },
    /// The connection already holds a seat at this table: one seat a connection (the host
    /// seats bots with `add_bot`).
    AlreadySeated = "already_seated",
    /// The client's address, or its network, has as many tables waiting or playing as it may.
    TooManyOpenTables = "too_many_open_tables",
    /// Only a moderator may do this (`moderator` signs a connection in).
    NotModerator = "not_moderator",
    /// The name and key are not a moderator's (which of the two is wrong is not said).
    BadKey = "bad_key",
    /// A moderator silenced this person: nobody hears them until then.
    Silenced = "silenced" {
        /// Until when, milliseconds since the Unix epoch.
        until: i64,
        /// Why, as the moderator gave it (may be empty).
        reason: String,
    },
    /// A moderator banned this person, their address or their network from the server.
    Banned = "banned" {
        /// Until when, milliseconds since the Unix epoch.
        until: i64,
        /// Why, as the moderator gave it.
        reason: String,
    },
    /// Nobody with this name is here to act on (or to report).
    NoSuchPerson = "no_such_person" {
        /// The name asked for.
        name: String,
    },
    /// No message with this number is kept here.
    NoSuchMessage = "no_such_message" {
        /// The number asked for.
        n: u64,
    },
    /// No silence or ban in force, nor report waiting, has this number.
    NoSuchEntry = "no_such_entry" {
        /// The number asked for.
        id: i64,
    },
    /// A silence or ban for a time out of its range.
    BadSpan = "bad_span" {
        /// `minutes` (a silence) or `hours` (a ban).
        unit: String,
        /// The most it may be.
        most: u32,
    },
    /// A ban, or a report, without a reason: the person is told it, the moderators read it.
    NoReason = "no_reason",
    /// A new account's name is a member's already, or reads, looks or sounds the same as one.
    NameTaken = "name_taken" {
        /// The name asked for.
        name: String,
    },
    /// A member's name (or one the same as it): only that member, signed in, goes by it.
    NameHeld = "name_held" {
        /// The name asked for.
        name: String,
    },
    /// The name and password are not an account's (which of the two is wrong is not said).
    BadSignIn = "bad_sign_in",
    /// A new password too short or too long, or the account's own name.
    BadPassword = "bad_password" {
        /// The fewest characters a password has.
        min: u32,
        /// The most.
        max: u32,
    },
    /// Too many tries to sign in, to this account or from this address, this minute.
    TooManySignIns = "too_many_sign_ins",
    /// Only a member signed in may do this.
    NotSignedIn = "not_signed_in",
    /// Only a member can be blocked, and nobody has an account by this name.
    NotAMember = "not_a_member" {
        /// The name given.
        name: String,
    },
    /// A member cannot block their own account.
    BlockYourself = "block_yourself",
    /// The table does not seat this person (a member there blocked them: which one, or that
    /// it is a block, is never said to them).
    NotOpenToYou = "not_open_to_you",
    /// A new passkey that did not pass the server's checks (or is an account's already).
    BadPasskey = "bad_passkey",
    /// The member's last way to sign in (no password, no other passkey) cannot be removed.
    LastPasskey = "last_passkey",
}

impl Refusal {
    /// The catalogue message id of the sentence: the code with dashes, after `refusal-`.
    pub(crate) fn message_id(&self) -> String {
        format!("refusal-{}", self.code().replace('_', "-"))
    }
}

/// What exactly was wrong, in the refusals that say so (`detail`): a problem this crate puts
/// in words (a name too long, a seat the table does not have), an error of the libraries (a
/// board, rules, a game's set-up, a board on which a game may never end) worded by
/// [`crate::errors`] as the command line words it, or the text of another component's error
/// (what the JSON reader says of a message it cannot read), kept as it is.
///
/// In JSON a detail is typed: its `kind` (the catalogue's message id in snake_case, without
/// `detail-`: `name_too_long`, `board_error_not_square`, `rules_error_unknown_value`;
/// `text` for another component's error), the values of its message, and its English `text`,
/// so that programs read one stable language and a page can tell problems apart without
/// reading words; the refusal's sentence ([`crate::Narrator::refusal`]) says it in the
/// listener's language.
///
/// Read back, a detail of this crate's own kinds is the same detail again (every variant
/// but the four below round-trips exactly). A library error ([`Detail::Board`],
/// [`Detail::Rules`], [`Detail::Setup`], [`Detail::Warning`]) reads back as [`Detail::Text`]
/// of its English `text`: its JSON carries the values of its message, not every field of the
/// library's error, so a program that reads the JSON and wants it in another language asks the
/// server in that language (`?lang=`, `hello`'s `locale`). A bare string reads back as
/// [`Detail::Text`] too.
///
/// ```
/// use snakes_text::{Detail, Refusal};
/// let r = Refusal::BadName { detail: Detail::NameTooLong { max: 24 } };
/// let json = serde_json::to_string(&r).unwrap();
/// assert_eq!(
///     json,
///     r#"{"code":"bad_name","detail":{"kind":"name_too_long","max":24,"text":"a name has at most 24 characters"}}"#
/// );
/// assert_eq!(serde_json::from_str::<Refusal>(&json).unwrap(), r);
/// ```
///
/// Reading one back is derived: the kind is the variant's name in snake case (a test holds it
/// to the catalogue's message id, which writes it), the values are its fields; a library
/// error's detail, or a kind this crate does not have, reads back as its English text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Detail {
    /// A board that cannot be read or played, worded by [`errors::board_error`].
    #[serde(skip_deserializing)]
    Board(BoardError),
    /// Rules that cannot be read, worded by [`errors::rules_error`].
    #[serde(skip_deserializing)]
    Rules(RulesError),
    /// A game that cannot be set up, worded by [`errors::setup_error`].
    #[serde(skip_deserializing)]
    Setup(SetupError),
    /// What checking the board under the rules found that makes it unplayable (a game on it
    /// may never end), worded by [`errors::board_warning`].
    #[serde(skip_deserializing)]
    Warning(BoardWarning),
    /// The board page's analysis could not be made: the server failed, not the board.
    AnalysisFailed,
    /// A display name with nothing in it.
    NameEmpty,
    /// A display name longer than `max` characters.
    NameTooLong {
        /// The most characters a name has.
        max: usize,
    },
    /// A display name holding control characters.
    NameControl,
    /// A character in a display name that people cannot see or tell apart (a format,
    /// private-use, unassigned or non-character), by its code point.
    NameCharacter {
        /// The code point.
        #[serde(deserialize_with = "code_point")]
        code: u32,
    },
    /// A name that reads as a bot's ("Bot 1"): kept for bots.
    NameReserved {
        /// The name.
        name: String,
    },
    /// A name that reads as the word the sentences say to the listener ("you", letter case and
    /// look-alike letters aside): "You rolled a 4" would be said of someone else.
    NameYou {
        /// The name.
        name: String,
    },
    /// A name made of digits alone ("3 rolled a 4 and went to 7"), or holding a number as a
    /// word of its own ("Bo went to 100"): it would read as a number.
    NameNumber {
        /// The name.
        name: String,
    },
    /// A name holding a word of the game's own sentences ("Your turn", "Bo went to 100"): it
    /// would be heard as part of a sentence.
    NameGameWord {
        /// The name.
        name: String,
        /// The word (in Chinese, two characters side by side, or one that stands alone).
        word: String,
    },
    /// A name holding a mark the game's sentences put between their parts (a comma, a colon,
    /// a full stop before a space): "Ana, Bo" would be heard as two players.
    NameMark {
        /// The name.
        name: String,
        /// The mark.
        mark: String,
    },
    /// A name holding a word or a mark that joins two names ("Ana and Bo", "Ana & Bo", "Ana와
    /// Bo", "Ana与Bo"): it would be heard as two players.
    NameJoins {
        /// The name.
        name: String,
        /// The word or the mark.
        word: String,
    },
    /// Someone of that name (letter case and look-alike letters aside) is at the table already;
    /// `name` is theirs.
    NameTaken {
        /// The name.
        name: String,
    },
    /// Someone of that name (letter case and look-alike letters aside) talks in the lobby
    /// already.
    NameTakenLobby {
        /// The name.
        name: String,
    },
    /// A message with nothing in it.
    TextEmpty,
    /// A message longer than `max` characters.
    TextTooLong {
        /// The most characters a message has.
        max: usize,
    },
    /// A message holding control characters (a line break).
    TextControl,
    /// A character in a message that people cannot see or tell apart, by its code point.
    TextCharacter {
        /// The code point.
        #[serde(deserialize_with = "code_point")]
        code: u32,
    },
    /// A message holding the words every message is said after ("says:"): part of it would
    /// sound like someone else speaking.
    TextFrame {
        /// Those words, as a language of the server writes them.
        frame: String,
    },
    /// A seat the table does not have.
    NoSuchSeat {
        /// The seat asked for, from 0.
        seat: usize,
        /// How many seats the table has.
        seats: usize,
    },
    /// A seat without a person (empty, a bot's, or one whose person was removed), where one
    /// was to be removed.
    NoPerson {
        /// The seat, from 0.
        seat: usize,
    },
    /// The host asked to remove themselves: they leave.
    RemoveYourself,
    /// A seat without a bot, where one was to be removed.
    NoBot {
        /// The seat, from 0.
        seat: usize,
    },
    /// A table of a number of seats the server does not set up.
    SeatCount {
        /// The seats asked for.
        seats: usize,
    },
    /// So many bots that no seat is left for the one creating the table.
    TooManyBots {
        /// The bots asked for.
        bots: usize,
        /// The table's seats.
        seats: usize,
    },
    /// A protocol version the server does not speak.
    Protocol {
        /// The server's version.
        server: u32,
        /// The client's.
        client: u32,
    },
    /// A binary WebSocket frame.
    BinaryFrame,
    /// A request whose body did not arrive in time.
    SlowBody,
    /// A request to `/ws` that is not a WebSocket handshake.
    #[serde(rename = "not_websocket")]
    NotWebSocket,
    /// A board with more squares than the server plays.
    BoardTooLarge {
        /// The board's squares.
        squares: u64,
        /// The most the server plays.
        max: u64,
    },
    /// The text of another component's error (the JSON reader's), kept as it is: read back
    /// from a bare string, or from the `text` of any other kind.
    #[serde(untagged, deserialize_with = "text_of")]
    Text(String),
}

/// A detail's English text: a bare string, or the `text` of a typed detail.
fn text_of<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Wire {
        Bare(String),
        Typed { text: String },
    }
    Ok(match Wire::deserialize(d)? {
        Wire::Bare(text) | Wire::Typed { text } => text,
    })
}

/// A code point as a detail writes it, `U+00AD`.
fn code_point<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let text = String::deserialize(d)?;
    text.strip_prefix("U+")
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
        .ok_or_else(|| serde::de::Error::custom(format!("{text} is not a code point")))
}

impl Detail {
    /// The detail in the words of `catalogue`.
    pub fn say(&self, catalogue: &Catalogue) -> String {
        errors::say(catalogue, self.message(catalogue))
    }

    /// The kind of detail, as in JSON: `name_too_long`, `too_many_bots`,
    /// `board_error_not_square`, `text`.
    pub fn kind(&self) -> String {
        match self.message(&Catalogue::english()) {
            Ok((id, _)) => id.trim_start_matches("detail-").replace('-', "_"),
            Err(_) => "text".to_string(),
        }
    }

    /// The catalogue message and its arguments (a library error's nested words, a grid's
    /// problem, in `catalogue`); the text itself for [`Detail::Text`].
    fn message(&self, catalogue: &Catalogue) -> errors::Message {
        let num = |n: usize| MessageArg::from(n);
        let (id, args): (&'static str, Vec<(&'static str, MessageArg)>) = match self {
            Detail::Text(text) => return Err(text.clone()),
            Detail::Board(e) => return errors::board_error_message(catalogue, e),
            Detail::Rules(e) => return errors::rules_error_message(e),
            Detail::Setup(e) => return errors::setup_error_message(catalogue, e),
            Detail::Warning(w) => return Ok(errors::board_warning_message(w)),
            Detail::AnalysisFailed => ("detail-analysis-failed", vec![]),
            Detail::NameEmpty => ("detail-name-empty", vec![]),
            Detail::NameTooLong { max } => ("detail-name-too-long", vec![("max", num(*max))]),
            Detail::NameControl => ("detail-name-control", vec![]),
            Detail::NameCharacter { code } => (
                "detail-name-character",
                vec![("code", format!("U+{code:04X}").into())],
            ),
            Detail::NameReserved { name } => {
                ("detail-name-reserved", vec![("name", name.as_str().into())])
            }
            Detail::NameYou { name } => ("detail-name-you", vec![("name", name.as_str().into())]),
            Detail::NameNumber { name } => {
                ("detail-name-number", vec![("name", name.as_str().into())])
            }
            Detail::NameTaken { name } => {
                ("detail-name-taken", vec![("name", name.as_str().into())])
            }
            Detail::NameGameWord { name, word } => (
                "detail-name-game-word",
                vec![
                    ("name", name.as_str().into()),
                    ("word", word.as_str().into()),
                ],
            ),
            Detail::NameMark { name, mark } => (
                "detail-name-mark",
                vec![
                    ("name", name.as_str().into()),
                    ("mark", mark.as_str().into()),
                ],
            ),
            Detail::NameJoins { name, word } => (
                "detail-name-joins",
                vec![
                    ("name", name.as_str().into()),
                    ("word", word.as_str().into()),
                ],
            ),
            Detail::NameTakenLobby { name } => (
                "detail-name-taken-lobby",
                vec![("name", name.as_str().into())],
            ),
            Detail::TextEmpty => ("detail-text-empty", vec![]),
            Detail::TextTooLong { max } => ("detail-text-too-long", vec![("max", num(*max))]),
            Detail::TextControl => ("detail-text-control", vec![]),
            Detail::TextCharacter { code } => (
                "detail-text-character",
                vec![("code", format!("U+{code:04X}").into())],
            ),
            Detail::TextFrame { frame } => {
                ("detail-text-frame", vec![("frame", frame.as_str().into())])
            }
            Detail::NoSuchSeat { seat, seats } => (
                "detail-no-such-seat",
                vec![
                    ("seat", num(*seat)),
                    ("highest", num(seats.saturating_sub(1))),
                    // Not in the sentence; in the JSON, so that the detail reads back.
                    ("seats", num(*seats)),
                ],
            ),
            Detail::NoBot { seat } => ("detail-no-bot", vec![("seat", num(*seat))]),
            Detail::NoPerson { seat } => ("detail-no-person", vec![("seat", num(*seat))]),
            Detail::RemoveYourself => ("detail-remove-yourself", vec![]),
            Detail::SeatCount { seats } => ("detail-seat-count", vec![("seats", num(*seats))]),
            Detail::TooManyBots { bots, seats } => (
                "detail-too-many-bots",
                vec![("bots", num(*bots)), ("seats", num(*seats))],
            ),
            Detail::Protocol { server, client } => (
                "detail-protocol",
                vec![
                    ("server", MessageArg::from(*server)),
                    ("client", MessageArg::from(*client)),
                ],
            ),
            Detail::BinaryFrame => ("detail-binary-frame", vec![]),
            Detail::SlowBody => ("detail-slow-body", vec![]),
            Detail::NotWebSocket => ("detail-not-websocket", vec![]),
            Detail::BoardTooLarge { squares, max } => (
                "detail-board-too-large",
                vec![
                    ("squares", MessageArg::from(*squares)),
                    ("max", MessageArg::from(*max)),
                ],
            ),
        };
        Ok((id, args))
    }
}

impl From<String> for Detail {
    fn from(text: String) -> Detail {
        Detail::Text(text)
    }
}

impl serde::Serialize for Detail {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let english = Catalogue::english();
        let args = self
            .message(&english)
            .map(|(_, args)| args)
            .unwrap_or_default();
        let mut map = serializer.serialize_map(Some(args.len() + 2))?;
        map.serialize_entry("kind", &self.kind())?;
        for (key, value) in &args {
            match value {
                MessageArg::Str(s) => map.serialize_entry(key, s)?,
                MessageArg::Num(n) => map.serialize_entry(key, n)?,
                MessageArg::Decimal { value, .. } => map.serialize_entry(key, value)?,
                MessageArg::Names(names) => map.serialize_entry(key, &names.join(", "))?,
            }
        }
        map.serialize_entry("text", &self.say(&english))?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_match_the_serde_tags() {
        for r in crate::narrator::tests::every_refusal() {
            let json = serde_json::to_value(&r).unwrap();
            assert_eq!(json["code"], r.code());
            let back: Refusal = serde_json::from_value(json.clone()).unwrap();
            let again = serde_json::to_value(&back).unwrap();
            assert_eq!(again["detail"]["text"], json["detail"]["text"]);
            assert_eq!(back.code(), r.code());
            // Every refusal reads back as itself, but for a library error's detail, which
            // reads back as its English text.
            let library = ["board_error", "rules_error", "setup_error", "board_warning"]
                .iter()
                .any(|k| json["detail"]["kind"].as_str().unwrap_or("").starts_with(k));
            if library {
                assert_eq!(again["detail"]["kind"], "text");
            } else {
                assert_eq!(back, r);
                assert_eq!(again, json);
            }
        }
        assert_eq!(
            crate::narrator::tests::every_refusal()
                .iter()
                .map(Refusal::code)
                .collect::<Vec<_>>(),
            Refusal::CODES
        );
    }

    #[test]
    fn every_code_has_a_sentence_and_a_line_in_the_protocol_page() {
        let catalogue = Catalogue::english();
        let protocol = include_str!("../../../docs/protocol.md");
        for r in crate::narrator::tests::every_refusal() {
            assert!(catalogue.has(&r.message_id()), "{}", r.message_id());
            assert!(
                protocol.contains(&format!("| `{}` |", r.code())),
                "docs/protocol.md does not list {}",
                r.code()
            );
        }
    }

    #[test]
    fn details_are_typed_in_json() {
        let r = Refusal::BadSeats {
            detail: Detail::TooManyBots { bots: 3, seats: 2 },
        };
        assert_eq!(
            serde_json::to_value(&r).unwrap(),
            serde_json::json!({
                "code": "bad_seats",
                "detail": {
                    "kind": "too_many_bots", "bots": 3, "seats": 2,
                    "text": "3 bots leave no seat for you at a table of 2 seats",
                },
            })
        );
        let text = Refusal::BadBoard {
            detail: Detail::Text("row 2: 3 cells".into()),
        };
        assert_eq!(
            serde_json::to_value(&text).unwrap()["detail"],
            serde_json::json!({"kind": "text", "text": "row 2: 3 cells"})
        );
        // The seats of a seat the table does not have are sent, so that it reads back.
        let seat = Refusal::BadMessage {
            detail: Detail::NoSuchSeat { seat: 5, seats: 3 },
        };
        let json = serde_json::to_value(&seat).unwrap();
        assert_eq!(json["detail"]["seats"], 3);
        assert_eq!(serde_json::from_value::<Refusal>(json).unwrap(), seat);
        // A bare string reads back too.
        let bare: Refusal =
            serde_json::from_str(r#"{"code":"bad_board","detail":"row 2: 3 cells"}"#).unwrap();
        assert_eq!(bare, text);
    }

    #[test]
    fn details_are_worded_by_the_catalogue_and_sent_as_english_text() {
        let english = Catalogue::english();
        let cases = [
            (Detail::NameEmpty, "a name needs at least one letter"),
            (
                Detail::NameTooLong { max: 24 },
                "a name has at most 24 characters",
            ),
            (Detail::NameControl, "a name cannot hold control characters"),
            (
                Detail::NameTaken { name: "Bo".into() },
                "“Bo” is already at this table",
            ),
            (
                Detail::NoSuchSeat { seat: 5, seats: 3 },
                "this table has seats 0 to 2, not 5",
            ),
            (Detail::NoBot { seat: 1 }, "seat 1 holds no bot"),
            (
                Detail::SeatCount { seats: 5 },
                "a table has 2 to 4 seats, not 5",
            ),
            (
                Detail::TooManyBots { bots: 2, seats: 2 },
                "2 bots leave no seat for you at a table of 2 seats",
            ),
            (
                Detail::Protocol {
                    server: 1,
                    client: 2,
                },
                "this server speaks protocol 1, not 2; reload the page",
            ),
            (
                Detail::BinaryFrame,
                "binary frames are not part of the protocol; send JSON text",
            ),
            (
                Detail::BoardTooLarge {
                    squares: 9_998_244,
                    max: 10_000,
                },
                "this server plays boards of at most 10000 squares, not 9998244",
            ),
            (
                Detail::NameCharacter { code: 0x200b },
                "a name cannot hold U+200B, a character that cannot be seen or told apart",
            ),
            (
                Detail::NameReserved {
                    name: "Bot 1".into(),
                },
                "“Bot 1” is a name kept for bots",
            ),
            (
                Detail::NameYou { name: "YOU".into() },
                "“YOU” would read as “you” in the game's sentences",
            ),
            (
                Detail::NameGameWord {
                    name: "Your turn".into(),
                    word: "turn".into(),
                },
                "“Your turn” holds “turn”, a word of the game's own sentences, and would be heard as part of one",
            ),
            (
                Detail::NameMark {
                    name: "Ana, Bo".into(),
                    mark: ",".into(),
                },
                "“Ana, Bo” holds “,”, which the game's sentences put between their parts",
            ),
            (
                Detail::NameJoins {
                    name: "Ana & Bo".into(),
                    word: "&".into(),
                },
                "“Ana & Bo” holds “&”, which joins two names: it would be heard as two players",
            ),
            (
                Detail::NameNumber { name: "007".into() },
                "“007” would read as a number in the game's sentences",
            ),
            (
                Detail::SlowBody,
                "the request's body did not arrive in time",
            ),
            (
                Detail::NotWebSocket,
                "this address takes WebSocket connections only",
            ),
            (Detail::Text("row 2: 3 cells".into()), "row 2: 3 cells"),
            (Detail::AnalysisFailed, "the analysis failed; try again"),
        ];
        for (detail, words) in cases {
            assert_eq!(detail.say(&english), words);
            // Said in every other language in its own words (another component's text aside).
            if !matches!(detail, Detail::Text(_)) {
                for lang in 1..crate::LOCALES.len() {
                    let said = detail.say(&Catalogue::shipped(lang));
                    assert_ne!(said, words, "{}", crate::LOCALES[lang].tag);
                }
            }
            let kind = detail.kind();
            let r = Refusal::BadMessage { detail };
            let json = serde_json::to_value(&r).unwrap();
            assert_eq!(json["detail"]["text"], words);
            assert_eq!(json["detail"]["kind"], kind);
            // Read back, the same detail.
            assert_eq!(serde_json::from_value::<Refusal>(json).unwrap(), r);
        }
    }

    #[test]
    fn library_errors_are_typed_details_worded_as_the_command_line_words_them() {
        use snakes::{BoardError, BoardWarning, GridProblem, SetupError};
        let ko = Catalogue::for_locale("ko").unwrap();
        let es = Catalogue::for_locale("es").unwrap();
        let not_square = Detail::Board(BoardError::NotSquare {
            row: 1,
            cells: 1,
            rows: 2,
        });
        // The words of `snakes --lang ko solve` on that board, not the parser's English.
        assert_eq!(
            not_square.say(&ko),
            crate::errors::board_error(
                &ko,
                &BoardError::NotSquare {
                    row: 1,
                    cells: 1,
                    rows: 2
                }
            )
        );
        assert_eq!(
            not_square.say(&ko),
            "board[1]에는 1칸이 있지만, 2행짜리 격자는 행마다 2칸이 있어야 해요"
        );
        let sideways = Detail::Rules("ending=sideways".parse::<snakes::Rules>().unwrap_err());
        let said = sideways.say(&es);
        assert!(
            said.starts_with("valor desconocido \"sideways\" para ending"),
            "{said}"
        );
        // The grid reader's own problem, in the language too, its place kept.
        let grid = Detail::Board(BoardError::Grid {
            line: 2,
            column: 7,
            problem: GridProblem::NotANumber {
                row: 1,
                col: 1,
                found: Some('x'),
            },
        });
        assert_eq!(
            grid.say(&es),
            "cuadrícula: línea 2, columna 7: se esperaba un número en board[1][1], pero se encontró 'x'"
        );
        let setup = Detail::Setup(SetupError::Players { count: 9 });
        assert!(!setup.say(&ko).contains("players"), "{}", setup.say(&ko));
        let trap = Detail::Warning(BoardWarning::Trap { square: 2, last: 6 });
        assert!(trap.say(&ko).contains("2번 칸"), "{}", trap.say(&ko));
        // In JSON: the message's kind and values, and the English text.
        let json = serde_json::to_value(Refusal::BadBoard {
            detail: not_square.clone(),
        })
        .unwrap();
        assert_eq!(
            json["detail"],
            serde_json::json!({
                "kind": "board_error_not_square", "row": 1, "cells": 1, "rows": 2,
                "text": "board[1] has 1 cell, but a grid of 2 rows must have 2 in every row",
            })
        );
        assert_eq!(
            serde_json::to_value(Refusal::BadBoard { detail: grid }).unwrap()["detail"]["kind"],
            "board_error_syntax"
        );
        assert_eq!(trap.kind(), "board_warning_trap");
        assert_eq!(setup.kind(), "setup_error_players");
        assert_eq!(sideways.kind(), "rules_error_unknown_value");
        // Read back: its English text (documented on `Detail`).
        assert_eq!(
            serde_json::from_value::<Refusal>(json).unwrap(),
            Refusal::BadBoard {
                detail: Detail::Text(
                    "board[1] has 1 cell, but a grid of 2 rows must have 2 in every row".into()
                )
            }
        );
    }
}
