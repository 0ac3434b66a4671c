//! Why something a player asked for was refused: a stable code for programs, a sentence for people.

use snakes::Player;

use crate::catalogue::{Catalogue, MessageArg};

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
    /// A language this server has no catalogue for.
    UnknownLocale = "unknown_locale" {
        /// The language asked for.
        locale: String,
        /// The tags of the languages it has.
        available: Vec<String>,
    },
}

impl Refusal {
    /// The catalogue message id of the sentence: the code with dashes, after `refusal-`.
    pub(crate) fn message_id(&self) -> String {
        format!("refusal-{}", self.code().replace('_', "-"))
    }
}

/// What exactly was wrong, in the refusals that say so (`detail`): either a problem this crate
/// puts in words (a name too long, a seat the table does not have), or the text of an error from
/// elsewhere (the JSON reader, the board and rules readers of `snakes`), kept as it is.
///
/// In JSON a detail is typed: its `kind` (the catalogue's message id without `detail-`, in
/// snake_case; `text` for another component's error), its values, and its English `text`, so
/// that programs read one stable language and a page can tell problems apart without reading
/// words; the refusal's sentence ([`crate::Narrator::refusal`]) says it in the listener's
/// language. Read back, a detail is [`Detail::Text`] (its `text`, or a bare string).
///
/// ```
/// use snakes_text::{Detail, Refusal};
/// let r = Refusal::BadName { detail: Detail::NameTooLong { max: 24 } };
/// assert_eq!(
///     serde_json::to_string(&r).unwrap(),
///     r#"{"code":"bad_name","detail":{"kind":"name_too_long","max":24,"text":"a name has at most 24 characters"}}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detail {
    /// The text of another component's error.
    Text(String),
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
    /// Someone of that name (letter case and look-alike letters aside) is at the table already;
    /// `name` is theirs.
    NameTaken {
        /// The name.
        name: String,
    },
    /// A seat the table does not have.
    NoSuchSeat {
        /// The seat asked for, from 0.
        seat: usize,
        /// How many seats the table has.
        seats: usize,
    },
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
    NotWebSocket,
    /// A board with more squares than the server plays.
    BoardTooLarge {
        /// The board's squares.
        squares: u64,
        /// The most the server plays.
        max: u64,
    },
}

type DetailArgs = Vec<(&'static str, MessageArg)>;

impl Detail {
    /// The detail in the words of `catalogue`.
    pub fn say(&self, catalogue: &Catalogue) -> String {
        match (self, self.message()) {
            (Detail::Text(text), _) | (_, Err(text)) => text.clone(),
            (_, Ok((id, args))) => catalogue.format(id, &args),
        }
    }

    /// The kind of detail, as in JSON: `name_too_long`, `too_many_bots`, `text`.
    pub fn kind(&self) -> String {
        match self.message() {
            Ok((id, _)) => id.trim_start_matches("detail-").replace('-', "_"),
            Err(_) => "text".to_string(),
        }
    }

    /// The catalogue message and its arguments; the text itself for [`Detail::Text`].
    fn message(&self) -> Result<(&'static str, DetailArgs), &String> {
        let num = |n: usize| MessageArg::from(n);
        let (id, args): (&'static str, DetailArgs) = match self {
            Detail::Text(text) => return Err(text),
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
            Detail::NameTaken { name } => {
                ("detail-name-taken", vec![("name", name.as_str().into())])
            }
            Detail::NoSuchSeat { seat, seats } => (
                "detail-no-such-seat",
                vec![
                    ("seat", num(*seat)),
                    ("highest", num(seats.saturating_sub(1))),
                ],
            ),
            Detail::NoBot { seat } => ("detail-no-bot", vec![("seat", num(*seat))]),
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
        let args = self.message().map(|(_, args)| args).unwrap_or_default();
        let mut map = serializer.serialize_map(Some(args.len() + 2))?;
        map.serialize_entry("kind", &self.kind())?;
        for (key, value) in &args {
            match value {
                MessageArg::Str(s) => map.serialize_entry(key, s)?,
                MessageArg::Num(n) => map.serialize_entry(key, n)?,
                MessageArg::Decimal { value, .. } => map.serialize_entry(key, value)?,
            }
        }
        map.serialize_entry("text", &self.say(&Catalogue::english()))?;
        map.end()
    }
}

impl<'de> serde::Deserialize<'de> for Detail {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Detail, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Wire {
            Typed { text: String },
            Bare(String),
        }
        Ok(Detail::Text(match Wire::deserialize(deserializer)? {
            Wire::Typed { text } | Wire::Bare(text) => text,
        }))
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
            // A detail reads back as its text: the same JSON again, but for its kind.
            let back: Refusal = serde_json::from_value(json.clone()).unwrap();
            let again = serde_json::to_value(&back).unwrap();
            assert_eq!(again["detail"]["text"], json["detail"]["text"]);
            assert_eq!(back.code(), r.code());
            if json.get("detail").is_none() {
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
                "Bo is already at this table",
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
                "Bot 1 is a name kept for bots",
            ),
            (
                Detail::NameYou { name: "YOU".into() },
                "YOU would read as \"you\" in the game's sentences",
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
        ];
        for (detail, words) in cases {
            assert_eq!(detail.say(&english), words);
            let kind = detail.kind();
            let r = Refusal::BadMessage { detail };
            let json = serde_json::to_value(&r).unwrap();
            assert_eq!(json["detail"]["text"], words);
            assert_eq!(json["detail"]["kind"], kind);
            assert_eq!(
                serde_json::from_value::<Refusal>(json).unwrap(),
                Refusal::BadMessage {
                    detail: Detail::Text(words.into())
                }
            );
        }
    }
}
