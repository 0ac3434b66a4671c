//! Checking a finished game from its record: `snakes verify` reads a game's record
//! (`GET /api/tables/{id}/record`, format [`RECORD_FORMAT`], described in `docs/verify.md`)
//! and replays it through the one engine that plays every game, [`TableState::decide`] and
//! [`TableState::apply`], with the key the server revealed as the dice. No rule of the game is
//! written here.
//!
//! The server announced SHA-256 of the key from the table's creation (its view), and at the
//! start the game's commitment, the key with the table, board, rules, seats and players
//! ([`TableState::game_commitment`]); the key, revealed at the end, must hash to the first, and
//! with the record's set-up to the second. Then, for each event of the record, the replay
//! asks the table for what makes it, as the one who made it would have asked
//! (`Replay::command_for`: the person of the seat, the host, or the server itself with a
//! [`Due`]), and the event must be the first of what the table decides, and the events after it
//! the rest of that, in order (the moves of a roll, the end after the winning move). A refusal
//! of the table, or a difference, is the first problem, named in a sentence of the catalogue
//! with the game's own words for what the record says and what the replay gives. The events are
//! numbered 1, 2, 3, ... up to an end.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use snakes::{Event, GameState, Layout, Player, Rules, Square};
use snakes_text::{Catalogue, Detail, Listener, MessageArg, Narrator, Refusal, TableNews, errors};

use crate::protocol::{
    Cause, Lifecycle, RECORD_FORMAT, StartedPlayer, Status, TableEvent, TableId,
};
use crate::secret::{CHACHA20, DiceSource, Secret, commitment_of, unhex};
use crate::table::{Act, Action, Command, Due, Setup, TableState, Timing};

/// The most seats a table has: a record written before it said its seats is read as having
/// this many.
const MOST_SEATS: usize = 4;

/// A game's record as `snakes verify` reads it: [`crate::protocol::GameRecord`] with each event
/// kept as the record gives it, so that an event that is not one of the format's is named with
/// its number rather than making the whole file unreadable.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The format's version (absent in records written before it had one: read as 1).
    #[serde(default)]
    pub format: Option<u32>,
    /// The table.
    pub table: TableId,
    /// How many seats the table has (absent before format 1 had it: read as 4).
    #[serde(default)]
    pub seats: Option<usize>,
    /// The board.
    pub board: RecordBoard,
    /// The rules, canonical text.
    pub rules: String,
    /// Where the table is.
    pub status: Status,
    /// The dice.
    pub dice: RecordDice,
    /// Every event, in order.
    pub events: Vec<RecordEvent>,
}

/// The board of a record: a layout ([`Layout`]), read strictly.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordBoard {
    /// Rows of the grid.
    pub rows: u32,
    /// Columns of the grid.
    pub cols: u32,
    /// Ladders as `[foot, top]`.
    pub ladders: Vec<[Square; 2]>,
    /// Snakes as `[head, tail]`.
    pub snakes: Vec<[Square; 2]>,
}

/// The dice of a record.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordDice {
    /// `chacha20`, or `xoshiro256**` for games made before the dice could be verified.
    pub algorithm: String,
    /// SHA-256 of the key, in hex.
    pub commitment: Option<String>,
    /// The key, in hex, once the game is over.
    pub key: Option<String>,
}

/// One event of a record, as the record gives it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordEvent {
    /// Its number.
    pub seq: u64,
    /// The event, read by [`verify`].
    pub event: Value,
}

/// Why a text is not a record `snakes verify` can check.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unreadable {
    /// Not JSON, or not a record's JSON.
    #[error("{0}")]
    NotARecord(String),
    /// A record of a format this version does not read.
    #[error("format {0}")]
    Format(u64),
}

/// Reads a record: its format first (1 to [`RECORD_FORMAT`]; a version this code does not
/// know is refused before anything else is read), then its fields.
///
/// # Errors
/// [`Unreadable`], saying why.
pub fn read(text: &str) -> Result<Record, Unreadable> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| Unreadable::NotARecord(e.to_string()))?;
    if let Some(format) = value.get("format")
        && !format
            .as_u64()
            .is_some_and(|n| (1..=u64::from(RECORD_FORMAT)).contains(&n))
    {
        return match format.as_u64() {
            Some(n) => Err(Unreadable::Format(n)),
            None => Err(Unreadable::NotARecord(format!(
                "the format is {format}, not a number"
            ))),
        };
    }
    serde_json::from_value(value).map_err(|e| Unreadable::NotARecord(e.to_string()))
}

/// What a verified game showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Rolls replayed.
    pub rolls: usize,
    /// Events replayed.
    pub events: usize,
    /// The commitment the key was checked against.
    pub commitment: String,
    /// The game's commitment the start announced, which binds the key to the record's table,
    /// board, rules, seats and players; `None` for a game started before a game had one (its
    /// start announced [`Verified::commitment`]).
    pub game_commitment: Option<String>,
    /// The event that ended the game (`finished` or `drawn`, or `closed` for a table a
    /// moderator closed), as replayed.
    pub end: Lifecycle,
    /// How the game ended, in the game's words ("Ana won the game in round 14.").
    pub outcome: String,
}

/// When the server never writes an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// Before the game starts.
    Waiting,
    /// During the game.
    Playing,
    /// Once the game is over.
    Over,
    /// Once the table is closed.
    Closed,
}

impl When {
    fn name(self) -> &'static str {
        match self {
            When::Waiting => "waiting",
            When::Playing => "playing",
            When::Over => "over",
            When::Closed => "closed",
        }
    }
}

/// The first thing that is wrong with a record, as data: a stable code (`problem`, in
/// snake_case, in `snakes verify --json`) and its fields. Events are numbered by their `seq`
/// (`event`), players and seats from 0 as in the record; the sentence ([`Refuted::message`])
/// names players and counts seats from 1.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum Problem {
    /// The dice were not committed to (a game made before the dice could be verified).
    NotCommitted {
        /// The dice's algorithm.
        algorithm: String,
    },
    /// The key is not revealed: the game is not over.
    NotOver,
    /// The key is not 64 hex digits.
    BadKey {
        /// The key.
        key: String,
    },
    /// The key does not hash to the commitment.
    KeyMismatch {
        /// SHA-256 of the key.
        hashed: String,
        /// The commitment.
        commitment: String,
    },
    /// The board or the rules cannot be read, or make no game.
    BadSetup {
        /// `board` or `rules`.
        field: &'static str,
        /// Why (English).
        detail: String,
    },
    /// The table's number of seats is not 2 to 4.
    BadSeats {
        /// The record's.
        seats: usize,
    },
    /// The events are not numbered 1, 2, 3, ...
    Numbering {
        /// The number of the event before (0: none).
        after: u64,
        /// The number found.
        event: u64,
    },
    /// An event without a type.
    Untyped {
        /// The event.
        event: u64,
    },
    /// An event of a type the format does not have.
    UnknownEvent {
        /// The event.
        event: u64,
        /// Its type.
        kind: String,
    },
    /// An event of a known type that cannot be read (a field missing or of the wrong kind).
    UnreadableEvent {
        /// The event.
        event: u64,
        /// Its type.
        kind: String,
        /// What the reader said (English).
        detail: String,
    },
    /// An event with a field its type does not have.
    UnknownField {
        /// The event.
        event: u64,
        /// Its type.
        kind: String,
        /// The field.
        field: String,
    },
    /// A move (or the end of the game) that is not what the dice and the rules give.
    Differs {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// What the replay gives.
        expected: TableEvent,
    },
    /// A roll that is not the dice's.
    Roll {
        /// The event.
        event: u64,
        /// Which roll, from 1.
        number: usize,
        /// Who rolled.
        player: Player,
        /// The record's roll.
        logged: u8,
        /// The dice's.
        dice: u8,
    },
    /// An event of the seating that is not what the seats make of it.
    Seating {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// What the seats give.
        expected: TableEvent,
    },
    /// An event the server never writes at that point of a table's life.
    NotNow {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// Where the table is.
        when: When,
    },
    /// The first event is not the creator taking seat 1 (seat 0 in the record).
    Creator {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
    },
    /// A seat the table does not have.
    NoSeat {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// The seat.
        seat: usize,
        /// How many seats the table has.
        seats: usize,
    },
    /// A seat somebody holds.
    SeatTaken {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// The seat.
        seat: usize,
        /// Who holds it.
        holder: String,
    },
    /// A seat nobody holds.
    SeatEmpty {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// The seat.
        seat: usize,
    },
    /// A person's event of a bot.
    IsABot {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// The bot's name.
        name: String,
    },
    /// A bot's event of a person.
    NotABot {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// The person's name.
        name: String,
    },
    /// A host's event with no person seated to be the host.
    NoHost {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
    },
    /// A name someone at the table has already.
    BadName {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// Why.
        detail: Detail,
    },
    /// The start's players are not the seats.
    Players {
        /// The event.
        event: u64,
        /// The record's.
        logged: Vec<StartedPlayer>,
        /// The seats'.
        expected: Vec<StartedPlayer>,
    },
    /// A start with fewer than 2 players.
    TooFewPlayers {
        /// The event.
        event: u64,
        /// How many.
        players: usize,
    },
    /// A start that announces no commitment.
    NoCommitment {
        /// The event.
        event: u64,
    },
    /// A start that announces another commitment than the game's: SHA-256 of the key with the
    /// record's table, board, rules, seats and players (or, in games started before a game's
    /// commitment existed, the key's alone). Named only once the rest of the record replays,
    /// so that a change the replay sees is named where it shows.
    CommitmentChanged {
        /// The event.
        event: u64,
        /// In the `started` event.
        announced: String,
        /// The game's commitment, from the record.
        expected: String,
    },
    /// The first player is not the one the dice draw.
    FirstPlayer {
        /// The event.
        event: u64,
        /// The record's.
        logged: Player,
        /// The dice's.
        drawn: Player,
    },
    /// A player the game does not have.
    NoPlayer {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// How many play.
        players: usize,
    },
    /// A bot takes over a player it already plays for (or a timer runs for them).
    AlreadyAway {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// The player.
        player: Player,
    },
    /// A player comes back who was not away.
    NotAway {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// The player.
        player: Player,
    },
    /// The turn timer runs out for a player whose turn it is not.
    NotTheirTurn {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// Whose turn it is.
        turn: Player,
    },
    /// A game closed while a person plays it.
    PersonPlays {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// A player who plays.
        player: Player,
    },
    /// The end names another winner.
    Winner {
        /// The event.
        event: u64,
        /// The record's.
        logged: Player,
        /// The replay's.
        expected: Player,
    },
    /// The end gives the winner another name.
    WinnerName {
        /// The event.
        event: u64,
        /// The record's.
        logged: String,
        /// The winner's.
        expected: String,
    },
    /// The end counts other turns.
    Turns {
        /// The event.
        event: u64,
        /// The record's.
        logged: u32,
        /// The replay's.
        expected: u32,
    },
    /// The end counts other rolls.
    Rolls {
        /// The event.
        event: u64,
        /// The record's.
        logged: u32,
        /// The replay's.
        expected: u32,
    },
    /// The end gives other final squares.
    Squares {
        /// The event.
        event: u64,
        /// The record's.
        logged: Vec<Square>,
        /// The replay's.
        expected: Vec<Square>,
    },
    /// The end reveals no key.
    NoKey {
        /// The event.
        event: u64,
    },
    /// The end reveals another key than the record's.
    KeyChanged {
        /// The event.
        event: u64,
        /// In the event.
        revealed: String,
        /// In the record.
        record: String,
    },
    /// The record stops before the game is over.
    Cut {
        /// Its last event (0: none).
        last: u64,
        /// What the replay gives next.
        expected: TableEvent,
    },
    /// The record stops before its game started.
    NotStarted {
        /// Its last event (0: none).
        last: u64,
    },
    /// The record's status is not the one its events end in.
    Status {
        /// The record's.
        logged: Status,
        /// The events'.
        expected: Status,
    },
    /// An event the state machine refuses that none of the checks above named.
    DoesNotFollow {
        /// The event.
        event: u64,
        /// What the record says.
        logged: TableEvent,
        /// Why (English).
        detail: String,
    },
}

/// A record that does not verify: the first problem, and the sentence that names it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct Refuted {
    /// The problem, as data.
    pub problem: Box<Problem>,
    /// The sentence, in the catalogue's language.
    pub message: String,
}

/// Checks a game's record: the key hashes to the commitment, and every event is what the
/// table's state machine, replaying the record with the dice from that key, writes at that
/// point; the sentences (the verdict's and the problem's) are in `catalogue`'s language.
/// [`Verifier`] folded over the events.
///
/// # Errors
/// The first problem found, as a [`Refuted`] that names the event.
pub fn verify(record: &Record, catalogue: &Arc<Catalogue>) -> Result<Verified, Refuted> {
    let mut verifier = Verifier::new(record, catalogue)?;
    for event in &record.events {
        verifier.event(event)?;
    }
    verifier.finish(record.status)
}

/// A record being verified, one event at a time: [`Verifier::new`] checks the dice and the
/// set-up, [`Verifier::event`] each event in order, [`Verifier::finish`] that the game ended.
#[derive(Clone)]
pub struct Verifier<'a> {
    replay: Replay<'a>,
    /// The number of the last event.
    last: u64,
}

impl<'a> Verifier<'a> {
    /// Checks the record's dice (the key hashes to the commitment) and its board, rules and
    /// seats, and sets its table up, before any event.
    ///
    /// # Errors
    /// The first problem, as for [`verify`].
    pub fn new(record: &Record, catalogue: &'a Arc<Catalogue>) -> Result<Verifier<'a>, Refuted> {
        let plain = |problem: Problem| Refuted {
            message: words(&problem, None, catalogue),
            problem: Box::new(problem),
        };
        let dice = &record.dice;
        let commitment = match (&dice.commitment, dice.algorithm.as_str()) {
            (Some(c), CHACHA20) => c.clone(),
            _ => {
                return Err(plain(Problem::NotCommitted {
                    algorithm: dice.algorithm.clone(),
                }));
            }
        };
        let Some(key_hex) = &dice.key else {
            return Err(plain(Problem::NotOver));
        };
        let key = unhex::<32>(key_hex).ok_or_else(|| {
            plain(Problem::BadKey {
                key: key_hex.clone(),
            })
        })?;
        let hashed = commitment_of(&key);
        if hashed != commitment.to_ascii_lowercase() {
            return Err(plain(Problem::KeyMismatch { hashed, commitment }));
        }
        let bad_setup = |field, detail: String| plain(Problem::BadSetup { field, detail });
        // The detail is data, in English whatever the language (its frame is worded).
        let english = Catalogue::english();
        let b = &record.board;
        let layout = Layout {
            rows: b.rows,
            cols: b.cols,
            ladders: b.ladders.clone(),
            snakes: b.snakes.clone(),
        };
        let board = layout
            .to_board()
            .map_err(|e| bad_setup("board", errors::board_error(&english, &e)))?;
        let rules: Rules = record.rules.parse().map_err(|e: snakes::RulesError| {
            bad_setup("rules", errors::rules_error(&english, &e))
        })?;
        let seats = record.seats.unwrap_or(MOST_SEATS);
        if !(2..=MOST_SEATS).contains(&seats) {
            return Err(plain(Problem::BadSeats { seats }));
        }
        let setup = Setup {
            board_name: "record".into(),
            board: Arc::new(board),
            rules,
            seats,
            dice: DiceSource::Key(key),
        };
        let timing = Timing {
            bot_delay: Duration::ZERO,
            grace: Duration::ZERO,
            turn_timer: None,
        };
        Ok(Verifier {
            replay: Replay {
                // The server's most turns is not in the record: its draw is replayed as
                // `Due::Draw` where the record shows one.
                table: TableState::new(record.table, setup, timing, Instant::now())
                    .with_max_turns(0),
                catalogue,
                commitment,
                key: key_hex.clone(),
                pending: VecDeque::new(),
                rolls: 0,
                game_commitment: None,
                commitment_changed: None,
            },
            last: 0,
        })
    }

    /// Checks the next event of the record against the game replayed so far, and replays it.
    ///
    /// # Errors
    /// What is wrong with it, as for [`verify`].
    pub fn event(&mut self, raw: &RecordEvent) -> Result<(), Refuted> {
        if raw.seq != self.last + 1 {
            return Err(self.replay.refute(Problem::Numbering {
                after: self.last,
                event: raw.seq,
            }));
        }
        self.last = raw.seq;
        let event = read_event(raw.seq, &raw.event).map_err(|p| self.replay.refute(p))?;
        self.replay.next(raw.seq, event)
    }

    /// After the last event: the game ended, and the record's `status` is the one its events
    /// end in.
    ///
    /// # Errors
    /// A record cut short, or a wrong status, as for [`verify`].
    pub fn finish(self, status: Status) -> Result<Verified, Refuted> {
        let end = self.replay.end(self.last, status)?;
        if let Some(problem) = self.replay.commitment_changed.clone() {
            return Err(self.replay.refute(problem));
        }
        let outcome = self.replay.tell(&TableEvent::Table(end.clone()));
        Ok(Verified {
            rolls: self.replay.rolls,
            events: self.replay.table.log().len(),
            commitment: self.replay.commitment,
            game_commitment: self.replay.game_commitment,
            end,
            outcome,
        })
    }
}

/// Reads one event: its type first, so that an unknown one is named as such, then its
/// fields; a field the type does not have is refused (the format has no field that `snakes
/// verify` does not check or knowingly ignore). A field given as `null` is one left out.
// A problem ends the verification: it is made once, so its size costs nothing (here and in
// the checks below).
#[allow(clippy::result_large_err)]
fn read_event(seq: u64, raw: &Value) -> Result<TableEvent, Problem> {
    let Some(kind) = raw.get("type").and_then(Value::as_str) else {
        return Err(Problem::Untyped { event: seq });
    };
    let unreadable = |e: serde_json::Error| Problem::UnreadableEvent {
        event: seq,
        kind: kind.to_string(),
        detail: e.to_string(),
    };
    let event = if TableEvent::GAME_TYPES.contains(&kind) {
        TableEvent::Game(Event::deserialize(raw).map_err(unreadable)?)
    } else if Lifecycle::TYPES.contains(&kind) {
        TableEvent::Table(Lifecycle::deserialize(raw).map_err(unreadable)?)
    } else {
        return Err(Problem::UnknownEvent {
            event: seq,
            kind: kind.to_string(),
        });
    };
    let written = serde_json::to_value(&event).unwrap_or(Value::Null);
    if let (Some(raw), Some(written)) = (raw.as_object(), written.as_object())
        && let Some(field) = raw
            .iter()
            .find(|(k, v)| !v.is_null() && !written.contains_key(*k))
            .map(|(k, _)| k)
    {
        return Err(Problem::UnknownField {
            event: seq,
            kind: kind.to_string(),
            field: field.clone(),
        });
    }
    Ok(event)
}

/// The token the replay gives the person called `name`: a record holds no seat's secret, and
/// no two people at a table have one name.
fn token_of(name: &str) -> String {
    format!("record: {name}")
}

/// A record being replayed.
#[derive(Clone)]
struct Replay<'a> {
    table: TableState,
    catalogue: &'a Arc<Catalogue>,
    commitment: String,
    key: String,
    /// The rest of what the table decided at the last event the record shows (the moves of a
    /// roll, the end after the winning move): the record must show them next, in order.
    pending: VecDeque<TableEvent>,
    rolls: usize,
    /// The game's commitment, when the start announced it (not in games started before a
    /// game had one, whose start announced the key's).
    game_commitment: Option<String>,
    /// The start announced neither the game's commitment nor the key's: said once the rest
    /// of the record replays.
    commitment_changed: Option<Problem>,
}

#[allow(clippy::result_large_err)]
impl Replay<'_> {
    /// Checks the event numbered `seq` against the table as replayed so far, then applies it.
    fn next(&mut self, seq: u64, event: TableEvent) -> Result<(), Refuted> {
        let rest = self.check(seq, &event).map_err(|p| self.refute(p))?;
        match rest {
            Some(rest) => self.pending = rest.into(),
            None => {
                self.pending.pop_front();
            }
        }
        let mut applied = event.clone();
        match &mut applied {
            TableEvent::Table(Lifecycle::Joined { secret, name, .. }) => {
                // The record never holds a seat's secret; the state machine wants one.
                *secret = Secret::of_token(&token_of(name));
            }
            TableEvent::Table(Lifecycle::Started {
                players,
                commitment: Some(announced),
                ..
            }) => {
                let game = self.table.game_commitment(players).unwrap_or_default();
                if *announced == game {
                    self.game_commitment = Some(game);
                } else if *announced != self.commitment {
                    self.commitment_changed = Some(Problem::CommitmentChanged {
                        event: seq,
                        announced: announced.clone(),
                        expected: game.clone(),
                    });
                    *announced = game;
                }
            }
            _ => {}
        }
        self.table.apply(&applied).map_err(|e| {
            self.refute(Problem::DoesNotFollow {
                event: seq,
                logged: event.clone(),
                detail: e.to_string(),
            })
        })?;
        if let TableEvent::Game(Event::Rolled { .. }) = event {
            self.rolls += 1;
        }
        Ok(())
    }

    fn refute(&self, problem: Problem) -> Refuted {
        Refuted {
            message: words(&problem, Some(self), self.catalogue),
            problem: Box::new(problem),
        }
    }

    fn game(&self) -> Option<&GameState> {
        self.table.game()
    }

    /// The next move by the dice and the rules, or the end of a game that is over.
    fn expected_next(&self) -> Option<TableEvent> {
        match self.table.next_move() {
            Some(e) => Some(TableEvent::Game(e)),
            None => self
                .game()
                .and_then(|g| self.table.finished(g))
                .map(TableEvent::Table),
        }
    }

    /// Checks the event numbered `seq`: the next of what the table decided last, if it has
    /// more to show (`Ok(None)`), or else the first of what the table decides when asked what
    /// makes the event (`Ok(Some(the rest))`: [`Replay::command_for`]).
    fn check(&self, seq: u64, event: &TableEvent) -> Result<Option<Vec<TableEvent>>, Problem> {
        let logged = || event.clone();
        if self.table.log().is_empty()
            && !matches!(event, TableEvent::Table(Lifecycle::Joined { seat: 0, .. }))
        {
            return Err(Problem::Creator {
                event: seq,
                logged: logged(),
            });
        }
        let not_now = |when| Problem::NotNow {
            event: seq,
            logged: logged(),
            when,
        };
        if self.table.is_abandoned() {
            return Err(not_now(When::Closed));
        }
        if self.table.status() == Status::Finished {
            return Err(not_now(When::Over));
        }
        if let Some(expected) = self.pending.front() {
            self.compare(seq, event, expected)?;
            return Ok(None);
        }
        let Some(command) = self.command_for(seq, event)? else {
            return Ok(Some(Vec::new()));
        };
        let events = match self.table.decide(&command, Instant::now()) {
            Ok(events) => events,
            // A name is the person's choice, and the rules of names changed over time: a
            // record is held only to the one every version kept.
            Err(Refusal::BadName { .. })
                if matches!(event, TableEvent::Table(Lifecycle::Joined { name, .. })
                    if self.table.name_like(name).is_none()) =>
            {
                return Ok(Some(Vec::new()));
            }
            Err(refusal) => return Err(self.refused(seq, event, &refusal)),
        };
        let Some((first, rest)) = events.split_first() else {
            return Err(self.refused(seq, event, &Refusal::AlreadyStarted));
        };
        self.compare(seq, event, first)?;
        Ok(Some(rest.to_vec()))
    }

    /// What makes the event, asked as the table's people or the server ask it (before the
    /// start [`Replay::seating_command`]); `None` for nothing to ask (a table closed before
    /// its start, which is the server's to decide).
    fn command_for(&self, seq: u64, event: &TableEvent) -> Result<Option<Command>, Problem> {
        let table = &self.table;
        let not_now = |when| Problem::NotNow {
            event: seq,
            logged: event.clone(),
            when,
        };
        // A moderator closes a table whether it waits or plays: asked as the server asked it,
        // with the moderator's name and reason, which only the record holds.
        if let TableEvent::Table(life) = event
            && let Cause::Moderator { by, reason } = life.cause()
        {
            return Ok(Some(Command::Close { by, reason }));
        }
        if table.status() == Status::Waiting {
            return match event {
                TableEvent::Table(
                    life @ (Lifecycle::Joined { .. }
                    | Lifecycle::Left { .. }
                    | Lifecycle::Removed { .. }
                    | Lifecycle::BotAdded { .. }
                    | Lifecycle::BotRemoved { .. }
                    | Lifecycle::Started { .. }),
                ) => Ok(self.seating_command(life)),
                TableEvent::Table(Lifecycle::Abandoned) => Ok(None),
                _ => Err(not_now(When::Waiting)),
            };
        }
        let person = |player: Player| self.token(player);
        let last = table.seq();
        let ask = |token: String, action| Command::Act(Act::by(table.id(), &token, last, action));
        let turn = self.game().map_or(0, GameState::turn);
        Ok(Some(match event {
            TableEvent::Game(Event::Rolled { .. }) if table.bot_to_roll().is_some() => {
                Command::Due(Due::BotRoll)
            }
            TableEvent::Game(Event::Rolled { .. }) => ask(person(turn), Action::Roll {}),
            // A move, or the end, comes only from a roll: what comes next is the next roll.
            TableEvent::Game(_) | TableEvent::Table(Lifecycle::Finished { .. }) => {
                return Err(match self.expected_next() {
                    Some(expected) => Problem::Differs {
                        event: seq,
                        logged: event.clone(),
                        expected,
                    },
                    None => not_now(When::Playing),
                });
            }
            TableEvent::Table(life) => match life.cause() {
                Cause::Player(player, action) => ask(person(player), action),
                Cause::Host(action) => ask(table.host().map(person).unwrap_or_default(), action),
                Cause::Server(due) => Command::Due(due),
                Cause::Moderator { by, reason } => Command::Close { by, reason },
                Cause::Roll | Cause::Seating => return Err(not_now(When::Playing)),
            },
        }))
    }

    /// The token of the person in `seat` (during the game, the player), as the replay gave it
    /// ([`token_of`]); none for a bot's seat or an empty one.
    fn token(&self, seat: usize) -> String {
        self.table
            .seats()
            .nth(seat)
            .flatten()
            .filter(|s| !s.bot)
            .map(|s| token_of(s.name))
            .unwrap_or_default()
    }

    /// The event the record shows against the one the table decided: the first difference,
    /// named as precisely as the two allow (a roll, the start's players or first player, a
    /// field of the end, whose turn the timer ran out in).
    fn compare(&self, seq: u64, logged: &TableEvent, expected: &TableEvent) -> Result<(), Problem> {
        if logged == expected {
            return Ok(());
        }
        let differs = || Problem::Differs {
            event: seq,
            logged: logged.clone(),
            expected: expected.clone(),
        };
        match (logged, expected) {
            (
                TableEvent::Game(Event::Rolled {
                    player: who,
                    roll: logged,
                }),
                TableEvent::Game(Event::Rolled { player, roll: dice }),
            ) if player == who => Err(Problem::Roll {
                event: seq,
                number: self.rolls + 1,
                player: *player,
                logged: *logged,
                dice: *dice,
            }),
            (
                TableEvent::Table(Lifecycle::Started {
                    players,
                    first,
                    commitment,
                }),
                TableEvent::Table(Lifecycle::Started {
                    players: seated,
                    first: drawn,
                    ..
                }),
            ) => {
                if players != seated {
                    return Err(Problem::Players {
                        event: seq,
                        logged: players.clone(),
                        expected: seated.clone(),
                    });
                }
                if commitment.is_none() {
                    return Err(Problem::NoCommitment { event: seq });
                }
                if first != drawn {
                    return Err(Problem::FirstPlayer {
                        event: seq,
                        logged: *first,
                        drawn: *drawn,
                    });
                }
                // Which commitment it is, the game's or the key's, is looked at once the rest
                // of the record replays (`Replay::next`, `Verifier::finish`).
                Ok(())
            }
            (
                TableEvent::Table(life),
                TableEvent::Table(end @ (Lifecycle::Finished { .. } | Lifecycle::Drawn { .. })),
            ) => self.check_end(seq, life, end),
            (
                TableEvent::Table(Lifecycle::TimerRolled { .. }),
                TableEvent::Table(Lifecycle::TimerRolled { player: turn }),
            ) => Err(Problem::NotTheirTurn {
                event: seq,
                logged: logged.clone(),
                turn: *turn,
            }),
            (TableEvent::Table(_), TableEvent::Table(_))
                if self.table.status() == Status::Waiting =>
            {
                Err(Problem::Seating {
                    event: seq,
                    logged: logged.clone(),
                    expected: expected.clone(),
                })
            }
            _ => Err(differs()),
        }
    }

    /// What makes `life` before the start, asked as its own people ask it: the person of the
    /// seat, or the host (the first person seated), at the table's last event. The record
    /// holds no seat's secret: the replay gives each person the token [`token_of`] their name.
    fn seating_command(&self, life: &Lifecycle) -> Option<Command> {
        let table = &self.table;
        let seq = table.seq();
        let person = |seat: usize| {
            table
                .seats()
                .nth(seat)
                .flatten()
                .filter(|s| !s.bot)
                .map(|s| token_of(s.name))
                .unwrap_or_default()
        };
        let host = table.host().map(person).unwrap_or_default();
        let (token, action) = match life {
            Lifecycle::Joined { seat, name, secret } => {
                return Some(Command::Act(Act {
                    table: table.id(),
                    token: None,
                    seq: Some(seq),
                    action: Action::Join {
                        name: name.clone(),
                        seat: Some(*seat),
                        secret: secret.clone(),
                    },
                }));
            }
            Lifecycle::Left { seat, .. } => (person(*seat), Action::Leave {}),
            Lifecycle::Removed { seat, .. } => (host, Action::RemovePlayer { seat: *seat }),
            Lifecycle::BotAdded { .. } => (host, Action::AddBot {}),
            Lifecycle::BotRemoved { seat, .. } => (host, Action::RemoveBot { seat: *seat }),
            Lifecycle::Started { .. } => (host, Action::Start {}),
            _ => return None,
        };
        Some(Command::Act(Act::by(table.id(), &token, seq, action)))
    }

    /// The problem a refusal of the table names, for the event `logged` (numbered `seq`): where
    /// the table is (no host, not started, over, a person who plays), or else the seat or
    /// player the event names ([`Replay::refused_seat`]).
    fn refused(&self, seq: u64, logged: &TableEvent, refusal: &Refusal) -> Problem {
        let table = &self.table;
        let TableEvent::Table(life) = logged else {
            return self.does_not_follow(seq, logged, refusal);
        };
        let event = seq;
        let logged = || TableEvent::Table(life.clone());
        let not_now = |when| Problem::NotNow {
            event,
            logged: logged(),
            when,
        };
        match refusal {
            Refusal::NotSeated | Refusal::NotHost if table.host().is_none() => Problem::NoHost {
                event,
                logged: logged(),
            },
            Refusal::BadMessage {
                detail: Detail::RemoveYourself,
            } => Problem::NoHost {
                event,
                logged: logged(),
            },
            Refusal::AlreadyStarted => match (life, table.playing_person()) {
                (Lifecycle::Abandoned, Some(player)) => Problem::PersonPlays {
                    event,
                    logged: logged(),
                    player,
                },
                _ => not_now(When::Playing),
            },
            Refusal::NotStarted => not_now(When::Waiting),
            Refusal::GameOver { .. } => not_now(When::Over),
            Refusal::BadName { detail } => Problem::BadName {
                event,
                logged: logged(),
                detail: detail.clone(),
            },
            Refusal::NotEnoughPlayers => Problem::TooFewPlayers {
                event,
                players: table.seating().len(),
            },
            Refusal::NotYourTurn { .. } => match self.expected_next() {
                Some(expected) => Problem::Differs {
                    event,
                    logged: logged(),
                    expected,
                },
                None => self.does_not_follow(seq, &logged(), refusal),
            },
            _ => self.refused_seat(seq, life, refusal),
        }
    }

    /// The problem a refusal names about the seat or player of `life` (numbered `seq`), as the
    /// replay has it: none, empty, a bot's, a person's, one a bot plays for.
    fn refused_seat(&self, seq: u64, life: &Lifecycle, refusal: &Refusal) -> Problem {
        let table = &self.table;
        let seat = match life {
            Lifecycle::Joined { seat, .. }
            | Lifecycle::Left { seat, .. }
            | Lifecycle::Removed { seat, .. }
            | Lifecycle::BotAdded { seat, .. }
            | Lifecycle::BotRemoved { seat, .. } => *seat,
            Lifecycle::BotTookOver { player, .. } | Lifecycle::Reclaimed { player } => *player,
            // The turn timer runs out for the player whose turn it is.
            Lifecycle::TimerRolled { .. } => self.game().map_or(0, GameState::turn),
            _ => return self.does_not_follow(seq, &TableEvent::Table(life.clone()), refusal),
        };
        let event = seq;
        let logged = || TableEvent::Table(life.clone());
        let seats = table.seats().count();
        let Some(holder) = table.seats().nth(seat).flatten() else {
            return if table.status() == Status::Playing {
                Problem::NoPlayer {
                    event,
                    logged: logged(),
                    players: seats,
                }
            } else if seat >= seats {
                Problem::NoSeat {
                    event,
                    logged: logged(),
                    seat,
                    seats,
                }
            } else {
                Problem::SeatEmpty {
                    event,
                    logged: logged(),
                    seat,
                }
            };
        };
        let name = holder.name.to_string();
        match refusal {
            Refusal::SeatTaken { .. } | Refusal::TableFull => Problem::SeatTaken {
                event,
                logged: logged(),
                seat,
                holder: name,
            },
            _ if holder.bot => Problem::IsABot {
                event,
                logged: logged(),
                name,
            },
            Refusal::BadMessage {
                detail: Detail::NoBot { .. },
            } => Problem::NotABot {
                event,
                logged: logged(),
                name,
            },
            Refusal::NotAway => Problem::NotAway {
                event,
                logged: logged(),
                player: seat,
            },
            _ if holder.away => Problem::AlreadyAway {
                event,
                logged: logged(),
                player: seat,
            },
            _ => self.does_not_follow(seq, &logged(), refusal),
        }
    }

    /// An event the table refuses for a reason no problem above names: the refusal's code.
    fn does_not_follow(&self, seq: u64, logged: &TableEvent, refusal: &Refusal) -> Problem {
        Problem::DoesNotFollow {
            event: seq,
            logged: logged.clone(),
            detail: refusal.code().to_string(),
        }
    }

    /// The end of the game, field by field against the one the replay gives.
    fn check_end(&self, seq: u64, life: &Lifecycle, end: &Lifecycle) -> Result<(), Problem> {
        let (logged_key, expected_key) = match (life, end) {
            (
                Lifecycle::Finished { result, key },
                Lifecycle::Finished {
                    result: expected, ..
                },
            ) => {
                if result.winner != expected.winner {
                    return Err(Problem::Winner {
                        event: seq,
                        logged: result.winner,
                        expected: expected.winner,
                    });
                }
                if result.winner_name != expected.winner_name {
                    return Err(Problem::WinnerName {
                        event: seq,
                        logged: result.winner_name.clone(),
                        expected: expected.winner_name.clone(),
                    });
                }
                if result.turns != expected.turns {
                    return Err(Problem::Turns {
                        event: seq,
                        logged: result.turns,
                        expected: expected.turns,
                    });
                }
                if result.rolls != expected.rolls {
                    return Err(Problem::Rolls {
                        event: seq,
                        logged: result.rolls,
                        expected: expected.rolls,
                    });
                }
                same_squares(seq, &result.squares, &expected.squares)?;
                (key, &self.key)
            }
            (
                Lifecycle::Drawn {
                    turns,
                    squares,
                    key,
                },
                Lifecycle::Drawn {
                    turns: expected_turns,
                    squares: expected_squares,
                    ..
                },
            ) => {
                if turns != expected_turns {
                    return Err(Problem::Turns {
                        event: seq,
                        logged: *turns,
                        expected: *expected_turns,
                    });
                }
                same_squares(seq, squares, expected_squares)?;
                (key, &self.key)
            }
            _ => {
                return Err(Problem::Differs {
                    event: seq,
                    logged: TableEvent::Table(life.clone()),
                    expected: TableEvent::Table(end.clone()),
                });
            }
        };
        match logged_key {
            None => Err(Problem::NoKey { event: seq }),
            Some(k) if k != expected_key => Err(Problem::KeyChanged {
                event: seq,
                revealed: k.clone(),
                record: expected_key.clone(),
            }),
            Some(_) => Ok(()),
        }
    }

    /// After the last event: the game must be over, its end written (returned), and the
    /// record's status the one its events end in; or the table closed by a moderator, the
    /// record's status the one it was closed in.
    fn end(&self, last: u64, status: Status) -> Result<Lifecycle, Refuted> {
        let end = match self.table.log().last().map(|l| &l.event) {
            Some(TableEvent::Table(
                end @ (Lifecycle::Finished { .. } | Lifecycle::Drawn { .. }),
            )) => Some(end.clone()),
            // A table a moderator closed ends there, waiting or playing as it was.
            Some(TableEvent::Table(end @ Lifecycle::Closed { .. })) => {
                let expected = self.table.status();
                if status == expected {
                    return Ok(end.clone());
                }
                return Err(self.refute(Problem::Status {
                    logged: status,
                    expected,
                }));
            }
            _ => None,
        };
        let next = self
            .pending
            .front()
            .cloned()
            .or_else(|| self.expected_next());
        let problem = match (end, next) {
            (Some(end), _) if status == Status::Finished => return Ok(end),
            (Some(_), _) => Problem::Status {
                logged: status,
                expected: Status::Finished,
            },
            (None, Some(expected)) if self.table.status() == Status::Playing => {
                Problem::Cut { last, expected }
            }
            (None, _) => Problem::NotStarted { last },
        };
        Err(self.refute(problem))
    }

    /// The narrator of the table as replayed so far, bots named in the catalogue's language:
    /// the players' names, or before the start the names of the players the seats would make
    /// (the `started` event's).
    fn narrator(&self) -> Narrator {
        let mut names = self.table.names_in(self.catalogue);
        if self.table.status() == Status::Waiting {
            names.retain(|n| !n.is_empty());
        }
        Narrator::with_catalogue(names, self.catalogue.clone())
            .with_rules(&self.table.setup().rules)
    }

    /// An event in the game's own words, as a spectator hears it, told alone.
    fn tell(&self, event: &TableEvent) -> String {
        let n = self.narrator();
        match event {
            TableEvent::Game(Event::Won { player, square }) => n.message(
                "verify-won",
                &[
                    ("name", n.name(*player).into()),
                    ("square", (*square).into()),
                ],
            ),
            TableEvent::Game(Event::Bounced {
                player,
                from,
                turned_at,
                to,
            }) => n.message(
                "verify-bounced",
                &[
                    ("name", n.name(*player).into()),
                    ("from", (*from).into()),
                    ("last", (*turned_at).into()),
                    ("to", (*to).into()),
                ],
            ),
            TableEvent::Game(e) => n.sentences(n.events(&[*e], Listener::Spectator, false)),
            TableEvent::Table(life) => {
                let news = crate::table::news(&self.table, life).unwrap_or(TableNews::Closed);
                n.sentences(n.table_news(&news, Listener::Spectator))
            }
        }
    }
}

/// The sentence that names `problem`, in `catalogue`'s language; `replay` gives the names and
/// the game's words for events (`None` before the replay began). The problems are worded by kind,
/// each kind by its own function of [`Wording`].
fn words(problem: &Problem, replay: Option<&Replay<'_>>, catalogue: &Arc<Catalogue>) -> String {
    let w = Wording {
        narrator: replay.map(Replay::narrator),
        replay,
        catalogue,
    };
    let said = match problem {
        Problem::NotCommitted { .. }
        | Problem::NotOver
        | Problem::BadKey { .. }
        | Problem::KeyMismatch { .. }
        | Problem::BadSetup { .. }
        | Problem::BadSeats { .. } => w.record(problem),
        Problem::Numbering { .. }
        | Problem::Untyped { .. }
        | Problem::UnknownEvent { .. }
        | Problem::UnreadableEvent { .. }
        | Problem::UnknownField { .. }
        | Problem::Differs { .. }
        | Problem::Roll { .. } => w.log(problem),
        Problem::Seating { .. }
        | Problem::NotNow { .. }
        | Problem::Creator { .. }
        | Problem::NoSeat { .. } => w.seats(problem),
        Problem::SeatTaken { .. }
        | Problem::SeatEmpty { .. }
        | Problem::IsABot { .. }
        | Problem::NotABot { .. }
        | Problem::NoHost { .. } => w.occupants(problem),
        Problem::BadName { .. }
        | Problem::Players { .. }
        | Problem::TooFewPlayers { .. }
        | Problem::NoCommitment { .. }
        | Problem::CommitmentChanged { .. }
        | Problem::FirstPlayer { .. } => w.start(problem),
        Problem::NoPlayer { .. }
        | Problem::AlreadyAway { .. }
        | Problem::NotAway { .. }
        | Problem::NotTheirTurn { .. }
        | Problem::PersonPlays { .. } => w.play(problem),
        Problem::Winner { .. }
        | Problem::WinnerName { .. }
        | Problem::Turns { .. }
        | Problem::Rolls { .. }
        | Problem::Squares { .. } => w.result(problem),
        Problem::NoKey { .. }
        | Problem::KeyChanged { .. }
        | Problem::Cut { .. }
        | Problem::NotStarted { .. }
        | Problem::Status { .. }
        | Problem::DoesNotFollow { .. } => w.end(problem),
    };
    // Each kind's function words every problem of its kind.
    said.unwrap_or_else(|| format!("{problem:?}"))
}

/// What words the problems: the catalogue, and the names and the game's words of the replay so
/// far, when it began.
struct Wording<'a> {
    narrator: Option<Narrator>,
    replay: Option<&'a Replay<'a>>,
    catalogue: &'a Arc<Catalogue>,
}

/// The `seq` argument naming `event`.
fn seq(event: &u64) -> (&'static str, MessageArg) {
    ("seq", (*event).into())
}

impl Wording<'_> {
    fn say(&self, id: &str, args: Vec<(&str, MessageArg)>) -> String {
        self.catalogue.format(id, &args)
    }

    /// A player by name, or by seat before the replay began.
    fn name(&self, player: Player) -> MessageArg {
        self.narrator
            .as_ref()
            .map_or_else(|| (player + 1).to_string(), |n| n.name(player))
            .into()
    }

    /// An event in the game's words, or as JSON before the replay began.
    fn tell(&self, event: &TableEvent) -> MessageArg {
        self.replay
            .map(|r| r.tell(event))
            .unwrap_or_else(|| serde_json::to_string(event).unwrap_or_default())
            .into()
    }

    fn list(&self, items: Vec<String>) -> MessageArg {
        match &self.narrator {
            Some(n) => n.list(items),
            None => items.join(", "),
        }
        .into()
    }

    /// The players of a start, each with their seat and whether a bot plays.
    fn players(&self, players: &[StartedPlayer]) -> MessageArg {
        let each = players.iter().map(|p| {
            self.say(
                "verify-player",
                vec![
                    ("name", p.name.as_str().into()),
                    ("seat", (p.seat + 1).into()),
                    ("bot", if p.bot { "yes" } else { "no" }.into()),
                ],
            )
        });
        self.list(each.collect())
    }

    /// Every player's square.
    fn squares(&self, squares: &[Square]) -> MessageArg {
        let each = squares.iter().enumerate().map(|(i, &s)| {
            self.say(
                "verify-square",
                vec![("name", self.name(i)), ("square", s.into())],
            )
        });
        self.list(each.collect())
    }

    /// The record's own problems: its dice and its set-up.
    fn record(&self, problem: &Problem) -> Option<String> {
        Some(match problem {
            Problem::NotCommitted { algorithm } => self.say(
                "verify-not-committed",
                vec![("algorithm", algorithm.into())],
            ),
            Problem::NotOver => self.say("verify-not-over", vec![]),
            Problem::BadKey { key } => self.say("verify-bad-key", vec![("key", key.into())]),
            Problem::KeyMismatch { hashed, commitment } => self.say(
                "verify-key-mismatch",
                vec![("hashed", hashed.into()), ("commitment", commitment.into())],
            ),
            Problem::BadSetup { field, detail } => self.say(
                "verify-setup",
                vec![("what", (*field).into()), ("detail", detail.into())],
            ),
            Problem::BadSeats { seats } => {
                self.say("verify-seats", vec![("seats", (*seats).into())])
            }
            _ => return None,
        })
    }

    /// A log that cannot be read as it is, or does not follow from the dice.
    fn log(&self, problem: &Problem) -> Option<String> {
        Some(match problem {
            Problem::Numbering { after, event } => self.say(
                "verify-numbering",
                vec![
                    ("after", (*after).into()),
                    seq(event),
                    ("expected", (after + 1).into()),
                ],
            ),
            Problem::Untyped { event } => self.say("verify-untyped-event", vec![seq(event)]),
            Problem::UnknownEvent { event, kind } => self.say(
                "verify-unknown-event",
                vec![seq(event), ("type", kind.into())],
            ),
            Problem::UnreadableEvent {
                event,
                kind,
                detail,
            } => self.say(
                "verify-unreadable-event",
                vec![seq(event), ("type", kind.into()), ("detail", detail.into())],
            ),
            Problem::UnknownField { event, kind, field } => self.say(
                "verify-unknown-field",
                vec![seq(event), ("type", kind.into()), ("field", field.into())],
            ),
            Problem::Differs {
                event,
                logged,
                expected,
            } => {
                let (said, given) = (self.tell(logged), self.tell(expected));
                match first_difference(logged, expected) {
                    // The game's words leave that field out ("stayed off the board" says no square):
                    // the field itself is named.
                    Some((field, was, is)) if said == given => self.say(
                        "verify-differs-field",
                        vec![
                            seq(event),
                            ("said", said),
                            ("field", field.into()),
                            ("logged", was.into()),
                            ("expected", is.into()),
                        ],
                    ),
                    _ => self.say(
                        "verify-differs",
                        vec![seq(event), ("logged", said), ("expected", given)],
                    ),
                }
            }
            Problem::Roll {
                event,
                number,
                player,
                logged,
                dice,
            } => {
                let rolled = |roll: u8| {
                    self.tell(&TableEvent::Game(Event::Rolled {
                        player: *player,
                        roll,
                    }))
                };
                self.say(
                    "verify-roll",
                    vec![
                        seq(event),
                        ("number", (*number).into()),
                        ("logged", rolled(*logged)),
                        ("expected", rolled(*dice)),
                    ],
                )
            }
            _ => return None,
        })
    }

    /// Seats given or taken when the server never gives them.
    fn seats(&self, problem: &Problem) -> Option<String> {
        Some(match problem {
            Problem::Seating {
                event,
                logged,
                expected,
            } => self.say(
                "verify-seating",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("expected", self.tell(expected)),
                ],
            ),
            Problem::NotNow {
                event,
                logged,
                when,
            } => self.say(
                "verify-not-now",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("when", when.name().into()),
                ],
            ),
            Problem::Creator { event, logged } => self.say(
                "verify-creator",
                vec![seq(event), ("logged", self.tell(logged))],
            ),
            Problem::NoSeat {
                event,
                logged,
                seat,
                seats,
            } => self.say(
                "verify-no-seat",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("seat", (seat + 1).into()),
                    ("seats", (*seats).into()),
                ],
            ),
            _ => return None,
        })
    }

    /// Who sits in a seat, as the server never seats them.
    fn occupants(&self, problem: &Problem) -> Option<String> {
        Some(match problem {
            Problem::SeatTaken {
                event,
                logged,
                seat,
                holder,
            } => self.say(
                "verify-seat-taken",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("seat", (seat + 1).into()),
                    ("name", holder.into()),
                ],
            ),
            Problem::SeatEmpty {
                event,
                logged,
                seat,
            } => self.say(
                "verify-seat-empty",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("seat", (seat + 1).into()),
                ],
            ),
            Problem::IsABot {
                event,
                logged,
                name: who,
            } => self.say(
                "verify-a-bot",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("name", who.into()),
                ],
            ),
            Problem::NotABot {
                event,
                logged,
                name: who,
            } => self.say(
                "verify-not-a-bot",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("name", who.into()),
                ],
            ),
            Problem::NoHost { event, logged } => self.say(
                "verify-no-host",
                vec![seq(event), ("logged", self.tell(logged))],
            ),
            _ => return None,
        })
    }

    /// The names and players of the start, and its dice.
    fn start(&self, problem: &Problem) -> Option<String> {
        Some(match problem {
            Problem::BadName {
                event,
                logged,
                detail,
            } => self.say(
                "verify-bad-name",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("detail", detail.say(self.catalogue).into()),
                ],
            ),
            Problem::Players {
                event,
                logged,
                expected,
            } => self.say(
                "verify-players",
                vec![
                    seq(event),
                    ("logged", self.players(logged)),
                    ("expected", self.players(expected)),
                ],
            ),
            Problem::TooFewPlayers { event, players } => self.say(
                "verify-too-few-players",
                vec![seq(event), ("players", (*players).into())],
            ),
            Problem::NoCommitment { event } => self.say("verify-no-commitment", vec![seq(event)]),
            Problem::CommitmentChanged {
                event,
                announced,
                expected,
            } => self.say(
                "verify-commitment-changed",
                vec![
                    seq(event),
                    ("announced", announced.into()),
                    ("expected", expected.into()),
                ],
            ),
            Problem::FirstPlayer {
                event,
                logged,
                drawn,
            } => self.say(
                "verify-first-player",
                vec![
                    seq(event),
                    ("logged", self.name(*logged)),
                    ("drawn", self.name(*drawn)),
                ],
            ),
            _ => return None,
        })
    }

    /// Players going and coming back during the game.
    fn play(&self, problem: &Problem) -> Option<String> {
        Some(match problem {
            Problem::NoPlayer {
                event,
                logged,
                players,
            } => self.say(
                "verify-no-player",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("players", (*players).into()),
                ],
            ),
            Problem::AlreadyAway {
                event,
                logged,
                player,
            } => self.say(
                "verify-already-away",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("name", self.name(*player)),
                ],
            ),
            Problem::NotAway {
                event,
                logged,
                player,
            } => self.say(
                "verify-not-away",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("name", self.name(*player)),
                ],
            ),
            Problem::NotTheirTurn {
                event,
                logged,
                turn,
            } => self.say(
                "verify-not-their-turn",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("name", self.name(*turn)),
                ],
            ),
            Problem::PersonPlays {
                event,
                logged,
                player,
            } => self.say(
                "verify-person-plays",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("name", self.name(*player)),
                ],
            ),
            _ => return None,
        })
    }

    /// The end of the game as the record has it.
    fn result(&self, problem: &Problem) -> Option<String> {
        Some(match problem {
            Problem::Winner {
                event,
                logged,
                expected,
            } => self.say(
                "verify-winner",
                vec![
                    seq(event),
                    ("logged", self.name(*logged)),
                    ("expected", self.name(*expected)),
                ],
            ),
            Problem::WinnerName {
                event,
                logged,
                expected,
            } => self.say(
                "verify-winner-name",
                vec![
                    seq(event),
                    ("logged", logged.into()),
                    ("expected", expected.into()),
                ],
            ),
            Problem::Turns {
                event,
                logged,
                expected,
            } => self.say(
                "verify-turns",
                vec![
                    seq(event),
                    ("logged", (*logged).into()),
                    ("expected", (*expected).into()),
                ],
            ),
            Problem::Rolls {
                event,
                logged,
                expected,
            } => self.say(
                "verify-rolls",
                vec![
                    seq(event),
                    ("logged", (*logged).into()),
                    ("expected", (*expected).into()),
                ],
            ),
            Problem::Squares {
                event,
                logged,
                expected,
            } => self.say(
                "verify-squares",
                vec![
                    seq(event),
                    ("logged", self.squares(logged)),
                    ("expected", self.squares(expected)),
                ],
            ),
            _ => return None,
        })
    }

    /// How the record ends: the key, a log cut short, the status.
    fn end(&self, problem: &Problem) -> Option<String> {
        Some(match problem {
            Problem::NoKey { event } => self.say("verify-no-key", vec![seq(event)]),
            Problem::KeyChanged {
                event,
                revealed,
                record,
            } => self.say(
                "verify-key-changed",
                vec![
                    seq(event),
                    ("revealed", revealed.into()),
                    ("record", record.into()),
                ],
            ),
            Problem::Cut { last, expected } => self.say(
                "verify-cut",
                vec![seq(last), ("expected", self.tell(expected))],
            ),
            Problem::NotStarted { last } => self.say("verify-not-started", vec![seq(last)]),
            Problem::Status { logged, expected } => self.say(
                if *expected == Status::Finished {
                    "verify-status"
                } else {
                    "verify-status-closed"
                },
                vec![
                    ("logged", status_name(*logged).into()),
                    ("expected", status_name(*expected).into()),
                ],
            ),
            Problem::DoesNotFollow {
                event,
                logged,
                detail,
            } => self.say(
                "verify-does-not-follow",
                vec![
                    seq(event),
                    ("logged", self.tell(logged)),
                    ("detail", detail.into()),
                ],
            ),
            _ => return None,
        })
    }
}

/// The first field in which two events differ, with its value in each, as the record writes
/// them.
fn first_difference(a: &TableEvent, b: &TableEvent) -> Option<(String, String, String)> {
    let (Ok(Value::Object(a)), Ok(Value::Object(b))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return None;
    };
    a.iter().find_map(|(field, was)| {
        let is = b.get(field).unwrap_or(&Value::Null);
        (was != is).then(|| (field.clone(), was.to_string(), is.to_string()))
    })
}

/// The end's final squares against the replay's.
#[allow(clippy::result_large_err)]
fn same_squares(seq: u64, logged: &[Square], expected: &[Square]) -> Result<(), Problem> {
    if logged == expected {
        Ok(())
    } else {
        Err(Problem::Squares {
            event: seq,
            logged: logged.to_vec(),
            expected: expected.to_vec(),
        })
    }
}

/// A status as the record writes it.
fn status_name(status: Status) -> &'static str {
    match status {
        Status::Waiting => "waiting",
        Status::Playing => "playing",
        Status::Finished => "finished",
    }
}

#[cfg(test)]
mod tests;
