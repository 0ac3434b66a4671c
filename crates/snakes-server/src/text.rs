//! Where the server gets its words. Every sentence a person reads comes from `snakes-text`; this
//! module is the one place the server calls it.
//!
//! Interim stand-in until `snakes-text` provides `Narrator` and `Refusal`: the same API, with
//! lines that are the events' data rather than sentences.

use serde::{Deserialize, Serialize};
use snakes::{Event, GameState, Player, Rules, Square};

/// Who is being spoken to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Listener {
    /// The player in this seat.
    Player(Player),
    /// Someone watching.
    Spectator,
}

/// A value for a catalogue message.
#[derive(Debug, Clone)]
pub enum MessageArg {
    /// Text.
    Str(String),
    /// A number.
    Num(i64),
}

/// Why a command was refused, with a stable `code`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Refusal {
    /// Someone else is to roll.
    NotYourTurn {
        /// Whose turn it is.
        turn: Player,
    },
    /// The game has ended.
    GameOver {
        /// Who won.
        winner: Player,
    },
    /// The game has not started.
    NotStarted,
    /// The game has started.
    AlreadyStarted,
    /// The seat is taken.
    SeatTaken {
        /// Which seat.
        seat: usize,
    },
    /// The token holds no seat.
    NotSeated,
    /// Only the host may do that.
    NotHost,
    /// No free seat.
    TableFull,
    /// No such table.
    NoSuchTable,
    /// Fewer than two players.
    NotEnoughPlayers,
    /// The command was based on an old state.
    StaleSeq {
        /// The table's latest sequence number.
        expected: u64,
        /// The one given.
        got: u64,
    },
    /// Not a message of the protocol.
    BadMessage {
        /// What is wrong.
        detail: String,
    },
    /// The message is too large.
    TooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// Too many messages.
    TooManyRequests,
    /// Too many tables.
    TooManyTables,
    /// The board was refused.
    BadBoard {
        /// Why.
        detail: String,
    },
    /// The rules were refused.
    BadRules {
        /// Why.
        detail: String,
    },
    /// The name was refused.
    BadName {
        /// Why.
        detail: String,
    },
}

impl Refusal {
    /// The stable code.
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
        }
    }
}

/// Makes the lines people read.
#[derive(Debug, Clone)]
pub struct Narrator {
    names: Vec<String>,
}

impl Narrator {
    /// A narrator for players with these names, in seat order.
    pub fn new(names: Vec<String>) -> Narrator {
        Narrator { names }
    }

    /// The players' names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Lines for events.
    pub fn events(&self, events: &[Event], _listener: Listener, _brief: bool) -> Vec<String> {
        events
            .iter()
            .map(|e| serde_json::to_string(e).unwrap_or_default())
            .collect()
    }

    /// Who goes first.
    pub fn first_player(&self, player: Player, _listener: Listener) -> String {
        format!("first {player}")
    }

    /// Positions.
    pub fn positions(&self, state: &GameState, _listener: Listener) -> String {
        format!("{:?}", state.squares())
    }

    /// Whose turn.
    pub fn turn(&self, state: &GameState, _listener: Listener) -> String {
        format!("turn {}", state.turn())
    }

    /// Scores.
    pub fn scores(&self, state: &GameState, _listener: Listener) -> String {
        format!("{:?}", state.squares())
    }

    /// Detailed scores.
    pub fn detailed_scores(&self, state: &GameState, _listener: Listener) -> Vec<String> {
        state.stats().iter().map(|s| format!("{s:?}")).collect()
    }

    /// The rules line.
    pub fn rules_line(&self, rules: &Rules, last: Square) -> String {
        format!("{rules} {last}")
    }

    /// A refusal.
    pub fn refusal(&self, refusal: &Refusal, _listener: Listener) -> String {
        refusal.code().to_string()
    }

    /// Help.
    pub fn help(&self) -> Vec<String> {
        vec!["help".to_string()]
    }

    /// A lifecycle message.
    pub fn message(&self, id: &str, args: &[(&str, MessageArg)]) -> String {
        format!("{id} {args:?}")
    }
}
