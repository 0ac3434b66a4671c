//! Why something a player asked for was refused: a stable code for programs, a sentence for people.

use snakes::Player;

/// Why something was refused. Each kind has a stable snake_case code ([`Refusal::code`]), which is
/// also its `code` tag in JSON; the sentence comes from [`crate::Narrator::refusal`].
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
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Refusal {
    /// Someone rolled out of turn.
    NotYourTurn {
        /// Whose turn it is.
        turn: Player,
    },
    /// The game has ended.
    GameOver {
        /// Who won.
        winner: Player,
    },
    /// The game has not begun.
    NotStarted,
    /// The game has begun, so the table can no longer change.
    AlreadyStarted,
    /// The seat asked for is someone else's.
    SeatTaken {
        /// The seat, from 0 (said from 1).
        seat: usize,
    },
    /// Only seated players may do this.
    NotSeated,
    /// Only the host may do this.
    NotHost,
    /// Every seat is taken.
    TableFull,
    /// No table has that id.
    NoSuchTable,
    /// A game needs at least two players.
    NotEnoughPlayers,
    /// A message was sent for an earlier state of the game.
    StaleSeq {
        /// The sequence number expected.
        expected: u64,
        /// The one received.
        got: u64,
    },
    /// A message could not be read.
    BadMessage {
        /// What was wrong with it.
        detail: String,
    },
    /// A message was larger than allowed.
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// Too many requests in a short time.
    TooManyRequests,
    /// Too many tables are open.
    TooManyTables,
    /// A board that cannot be used.
    BadBoard {
        /// What is wrong with it.
        detail: String,
    },
    /// Rules that cannot be used.
    BadRules {
        /// What is wrong with them.
        detail: String,
    },
    /// A display name that cannot be used.
    BadName {
        /// What is wrong with it.
        detail: String,
    },
    /// The server could not record the change, so it did not happen.
    StoreFailed,
}

impl Refusal {
    /// Every code, in declaration order (for documentation and tests).
    pub const CODES: &'static [&'static str] = &[
        "not_your_turn",
        "game_over",
        "not_started",
        "already_started",
        "seat_taken",
        "not_seated",
        "not_host",
        "table_full",
        "no_such_table",
        "not_enough_players",
        "stale_seq",
        "bad_message",
        "too_large",
        "too_many_requests",
        "too_many_tables",
        "bad_board",
        "bad_rules",
        "bad_name",
        "store_failed",
    ];

    /// The stable snake_case code of this kind of refusal, as sent in the protocol.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::NotYourTurn { .. } => "not_your_turn",
            Refusal::GameOver { .. } => "game_over",
            Refusal::NotStarted => "not_started",
            Refusal::AlreadyStarted => "already_started",
            Refusal::SeatTaken { .. } => "seat_taken",
            Refusal::NotSeated => "not_seated",
            Refusal::NotHost => "not_host",
            Refusal::TableFull => "table_full",
            Refusal::NoSuchTable => "no_such_table",
            Refusal::NotEnoughPlayers => "not_enough_players",
            Refusal::StaleSeq { .. } => "stale_seq",
            Refusal::BadMessage { .. } => "bad_message",
            Refusal::TooLarge { .. } => "too_large",
            Refusal::TooManyRequests => "too_many_requests",
            Refusal::TooManyTables => "too_many_tables",
            Refusal::BadBoard { .. } => "bad_board",
            Refusal::BadRules { .. } => "bad_rules",
            Refusal::BadName { .. } => "bad_name",
            Refusal::StoreFailed => "store_failed",
        }
    }

    /// The catalogue message id of the sentence: the code with dashes, after `refusal-`.
    pub(crate) fn message_id(&self) -> String {
        format!("refusal-{}", self.code().replace('_', "-"))
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
            let back: Refusal = serde_json::from_value(json).unwrap();
            assert_eq!(back, r);
        }
        assert_eq!(
            crate::narrator::tests::every_refusal()
                .iter()
                .map(Refusal::code)
                .collect::<Vec<_>>(),
            Refusal::CODES
        );
    }
}
