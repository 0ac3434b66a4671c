//! One table as a pure state machine: seats, the game, the dice and the timers.
//!
//! [`TableState::decide`] answers a [`Command`] at a given moment with the events it causes (or
//! the refusal), changing nothing; [`TableState::apply`] changes the state by one event. Nothing
//! here reads a clock, draws a random number or does any I/O: times come in as arguments, the
//! dice are the game's seeded stream, seat secrets come in with the command that gives a seat.
//!
//! The live path for every event, moves and seating alike, is decide, append to the store,
//! apply, tell the listeners (the actor in `actor.rs` does the appending and telling);
//! restoring a table is the same [`TableState::apply`] folded over its stored log
//! ([`TableState::restore`]). A roll is decided by looking at the next number of the dice
//! ([`Game::next_roll`]) and playing it on a copy of the game; applying the `rolled` event draws
//! that number and plays it for real, and the events that follow it in the log must be the ones
//! the game produced, which is how a log changed by hand is caught.
//!
//! Who is connected is not in the log: [`TableState::connect`] and [`TableState::disconnect`]
//! count connections, and [`TableState::stamp`] and [`TableState::touch`] record when things
//! happened, so that [`TableState::next_deadline`] and [`TableState::idle_deadline`] say when
//! a bot rolls, a grace period or the turn timer runs out, or the table closes.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use snakes::{Board, BoardError, BoardWarning, Event, Game, GameState, Player, Rules, RulesError};
use snakes_text::{Catalogue, Detail, Refusal};

use crate::protocol::{
    AwayReason, GameResult, Lifecycle, Logged, StartedPlayer, Status, TableEvent, TableId,
};
use crate::secret::{DiceSource, Secret, TableDice, TokenHash};
use crate::store::TableRecord;

#[cfg(test)]
pub use snakes_text::names::MAX_NAME_CHARS;

/// The most turns (every player's together) a game lasts by default before it ends in a draw.
pub const MAX_TURNS: u32 = 10_000;

/// How long things take at every table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// How long a bot waits before rolling.
    pub bot_delay: Duration,
    /// How long a disconnected player keeps their seat before a bot plays it.
    pub grace: Duration,
    /// How long a player may sit idle before the server rolls for them (`None`: no timer).
    pub turn_timer: Option<Duration>,
}

/// What a table is set up with, fixed when it is created.
#[derive(Debug, Clone)]
pub struct Setup {
    /// `classic` or `custom`.
    pub board_name: String,
    /// The board.
    pub board: Arc<Board>,
    /// The rules.
    pub rules: Rules,
    /// Number of seats, 2 to 4.
    pub seats: usize,
    /// Where the dice come from.
    pub dice: DiceSource,
}

/// Why a board and rules given as text cannot make a table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadSetup {
    /// The rules cannot be read.
    #[error("rules: {0}")]
    Rules(#[from] RulesError),
    /// The board cannot be read, or cannot be played under the rules.
    #[error("{0}")]
    Board(#[from] BoardError),
    /// A game on the board may never end (its last square cannot be reached, or a token can be
    /// trapped): refused as the command line refuses it.
    #[error("{0}")]
    NeverEnds(BoardWarning),
}

impl BadSetup {
    /// The refusal that says what is wrong, with the library's error as its typed detail
    /// (worded in each listener's language as the command line words it).
    pub fn refusal(&self) -> Refusal {
        match self {
            BadSetup::Rules(e) => Refusal::BadRules {
                detail: Detail::Rules(e.clone()),
            },
            BadSetup::Board(e) => Refusal::BadBoard {
                detail: Detail::Board(e.clone()),
            },
            BadSetup::NeverEnds(w) => Refusal::BadBoard {
                detail: Detail::Warning(w.clone()),
            },
        }
    }
}

impl Setup {
    /// A board (`classic` or another built-in name, or a board as text) and rules read and
    /// checked the way the command line checks them: the rules first, then the board, which is
    /// refused when no game on it could end.
    ///
    /// # Errors
    /// [`BadSetup`] naming the problem.
    pub fn read(board: &str, rules: &str) -> Result<(Board, Rules), BadSetup> {
        let rules: Rules = rules.trim().parse()?;
        let board = match Board::named(board.trim()) {
            Some(b) => b,
            None => Board::parse(board)?,
        };
        if let Some(warning) = snakes::check(&board, &rules)?
            .into_iter()
            .find(BoardWarning::may_never_end)
        {
            return Err(BadSetup::NeverEnds(warning));
        }
        Ok((board, rules))
    }

    /// The set-up of a stored table.
    ///
    /// # Errors
    /// As [`Setup::read`], for a record changed by hand.
    pub fn of_record(record: &TableRecord) -> Result<Setup, BadSetup> {
        let (board, rules) = Setup::read(&record.board, &record.rules)?;
        Ok(Setup {
            board_name: record.board_name.clone(),
            board: Arc::new(board),
            rules,
            seats: record.seats,
            dice: record.dice.clone(),
        })
    }
}

/// What a table can be asked to do. Each is answered by [`TableState::decide`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Take a seat (the one wanted, or the first free one), with the secret that will hold it.
    Join {
        /// Display name.
        name: String,
        /// The seat wanted.
        seat: Option<usize>,
        /// The seat's secret-to-be.
        secret: Secret,
    },
    /// Follow the table, speaking for the seat of `token` if given (which takes the seat back
    /// from a bot).
    Watch {
        /// A seat's secret.
        token: Option<String>,
    },
    /// Leave the seat.
    Leave {
        /// The seat's secret.
        token: String,
    },
    /// Take the seat back from the bot that plays it since its person left.
    ComeBack {
        /// The seat's secret.
        token: String,
    },
    /// Start the game (the host, at the table's last seq).
    Start {
        /// The host's secret.
        token: String,
        /// Last seq seen.
        seq: u64,
    },
    /// Seat a bot (the host, at the table's last seq).
    AddBot {
        /// The host's secret.
        token: String,
        /// Last seq seen.
        seq: u64,
    },
    /// Remove the bot in `seat` (the host, at the table's last seq).
    RemoveBot {
        /// The host's secret.
        token: String,
        /// The bot's seat.
        seat: usize,
        /// Last seq seen.
        seq: u64,
    },
    /// Roll for the seat (no move may have happened since `seq`).
    Roll {
        /// The seat's secret.
        token: String,
        /// Last seq seen.
        seq: u64,
    },
    /// Time passed: whatever is due now (a grace period that ran out, a bot's roll, the turn
    /// timer's roll). Never refused; often nothing.
    Tick,
}

/// Why an event cannot be applied: the log does not follow from what came before it. The
/// table's own decisions always apply; a stored log changed by hand may not.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// A seat the table does not have.
    #[error("no seat {seat}")]
    NoSeat {
        /// The seat.
        seat: usize,
    },
    /// A seat given twice.
    #[error("seat {seat} is taken")]
    SeatTaken {
        /// The seat.
        seat: usize,
    },
    /// A person seated without the secret that holds the seat.
    #[error("no secret for seat {seat}")]
    NoSecret {
        /// The seat.
        seat: usize,
    },
    /// A player who sat in an empty seat.
    #[error("seat {seat} is empty")]
    EmptySeat {
        /// The seat.
        seat: usize,
    },
    /// A bot said to go away or come back.
    #[error("player {player} is not a person")]
    NotAPerson {
        /// The player.
        player: Player,
    },
    /// Seating, starting or abandoning a table once its game has started.
    #[error("{event} after the start")]
    AfterStart {
        /// The event's type.
        event: &'static str,
    },
    /// A commitment or key in the log that is not the table's.
    #[error("the log's dice {what} is not the table's")]
    DiceKey {
        /// `commitment` or `key`.
        what: &'static str,
    },
    /// A table closed while a person still plays at it.
    #[error("abandoned while a person plays")]
    PersonPlaying,
    /// A game that cannot be set up.
    #[error("{0}")]
    Game(#[from] snakes::SetupError),
    /// The seed draws another first player than the log.
    #[error("the seed draws player {drawn} first, the log says {logged}")]
    FirstPlayer {
        /// The seed's.
        drawn: Player,
        /// The log's.
        logged: Player,
    },
    /// A roll before the start or after the end, or the end of a game that is not over.
    #[error("a roll when no game is on")]
    NoGame,
    /// An event that is not what the dice and the rules make of the game.
    #[error("the dice replay to {expected:?}, the log says {logged:?}")]
    Dice {
        /// What the game produces.
        expected: Event,
        /// What the log says.
        logged: Event,
    },
    /// A move without the roll that makes it.
    #[error("{0:?} without its roll")]
    WithoutRoll(Event),
    /// Another event where the rest of a roll should be.
    #[error("the roll is not finished: {0:?} comes next")]
    RollUnfinished(Event),
}

/// Why a stored table could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The stored board or rules are not usable.
    #[error("table {table}: {source}")]
    Setup {
        /// The table.
        table: TableId,
        /// What is wrong.
        source: BadSetup,
    },
    /// An event is not JSON of a known event.
    #[error("table {table}: event {seq} cannot be read: {source}")]
    Unreadable {
        /// The table.
        table: TableId,
        /// The event.
        seq: u64,
        /// What the reader said.
        source: serde_json::Error,
    },
    /// The log skips or repeats a sequence number.
    #[error("table {table}: event {seq} follows event {after}: the log has a gap")]
    Gap {
        /// The table.
        table: TableId,
        /// The event.
        seq: u64,
        /// The event before it.
        after: u64,
    },
    /// An event does not follow from the ones before it.
    #[error("table {table}: event {seq}: {source}")]
    Event {
        /// The table.
        table: TableId,
        /// The event.
        seq: u64,
        /// Why.
        source: ApplyError,
    },
    /// The log stops in the middle of a roll.
    #[error("table {table}: the log ends before the rest of its last roll ({missing:?})")]
    Truncated {
        /// The table.
        table: TableId,
        /// The events that should follow.
        missing: Vec<Event>,
    },
}

#[derive(Debug, Clone)]
enum Occupant {
    Human {
        name: String,
        secret: Secret,
        /// Connections speaking for this seat.
        conns: u32,
        /// A bot plays for them, and why (`None`: they play).
        away: Option<AwayReason>,
        /// Since when nobody has spoken for the seat during the game (the grace period).
        gone_since: Option<Instant>,
    },
    Bot {
        name: String,
    },
}

impl Occupant {
    fn name(&self) -> &str {
        match self {
            Occupant::Human { name, .. } | Occupant::Bot { name } => name,
        }
    }
}

/// One seat as the views see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatState<'a> {
    /// The occupant's name.
    pub name: &'a str,
    /// A bot sits here.
    pub bot: bool,
    /// The person is away; a bot plays for them.
    pub away: bool,
    /// The person left during the game: a bot plays for them until they take the seat back
    /// ([`Command::ComeBack`]), even while they follow the table.
    pub left: bool,
    /// At least one connection speaks for the seat.
    pub connected: bool,
}

/// A table's whole state.
#[derive(Debug, Clone)]
pub struct TableState {
    id: TableId,
    setup: Setup,
    timing: Timing,
    /// Close after this long with nobody following (`None`: never).
    idle_after: Option<Duration>,
    /// The language bots are named in.
    catalogue: Arc<Catalogue>,
    seq: u64,
    log: Vec<Logged>,
    seats: Vec<Option<Occupant>>,
    status: Status,
    game: Option<Game<TableDice>>,
    /// The game ended in a draw at the most turns.
    drawn: bool,
    /// The most turns a game lasts before a draw (0: no limit).
    max_turns: u32,
    /// Since when no person plays during the game (every seat a bot's, or a bot plays for
    /// them): the table closes after the idle limit.
    unmanned_since: Option<Instant>,
    result: Option<GameResult>,
    /// The seq of the last event that moved the game on (the start, a roll): a roll based on
    /// an earlier seq is stale; seating news after it is not.
    moved_at: u64,
    /// The log says nobody came before the start: the table is closed.
    abandoned: bool,
    /// The events the last `rolled` made that the log has yet to show.
    following: VecDeque<Event>,
    /// Connections following the table.
    watchers: usize,
    /// When the player to roll got the turn (bots and the turn timer count from here).
    turn_since: Instant,
    /// When the table was last asked anything.
    idle_since: Instant,
}

/// Checks a display name with the rules of [`snakes_text::names::check_name`] and refuses the
/// names kept for bots ("Bot 1", "봇 1") and any that reads as "you", in any language of
/// `LOCALES`;
/// returns it normalised.
///
/// # Errors
/// [`Refusal::BadName`] saying what is wrong.
pub fn check_name(name: &str) -> Result<String, Refusal> {
    let bad = |detail| Refusal::BadName { detail };
    let name = snakes_text::names::check_name(name).map_err(bad)?;
    // A bot's name in any language: each listener hears the bots named in their own.
    if (0..snakes_text::LOCALES.len())
        .any(|lang| snakes_text::names::is_bot_name(&Catalogue::shipped(lang), &name))
    {
        return Err(bad(Detail::NameReserved { name }));
    }
    // Everyone else would hear "You rolled a 4" for this player's rolls: in any language, since
    // each listener hears the table in their own.
    if (0..snakes_text::LOCALES.len())
        .any(|lang| snakes_text::names::reads_as_you(&Catalogue::shipped(lang), &name))
    {
        return Err(bad(Detail::NameYou { name }));
    }
    Ok(name)
}

/// Turns played in the game `state` shows, every player's together.
fn turns_played(state: &GameState) -> u32 {
    state.stats().iter().map(|s| s.turns).sum()
}

/// Whether an event moves the game on (so a roll based on an earlier seq is stale).
fn moves_the_game(event: &TableEvent) -> bool {
    matches!(
        event,
        TableEvent::Game(_) | TableEvent::Table(Lifecycle::Started { .. })
    )
}

impl TableState {
    /// A new, empty table at time `now`.
    pub fn new(id: TableId, setup: Setup, timing: Timing, now: Instant) -> TableState {
        let seats = vec![None; setup.seats];
        TableState {
            id,
            setup,
            timing,
            idle_after: None,
            catalogue: Catalogue::english(),
            seq: 0,
            log: Vec::new(),
            seats,
            status: Status::Waiting,
            game: None,
            drawn: false,
            max_turns: MAX_TURNS,
            unmanned_since: None,
            result: None,
            moved_at: 0,
            abandoned: false,
            following: VecDeque::new(),
            watchers: 0,
            turn_since: now,
            idle_since: now,
        }
    }

    /// The same table, closing once nobody has followed it or asked it anything for `after`
    /// (zero: never). Only waiting and finished tables close; see [`TableState::idle_deadline`].
    #[must_use]
    pub fn close_when_idle(mut self, after: Duration) -> TableState {
        self.idle_after = (!after.is_zero()).then_some(after);
        self
    }

    /// The same table, ending its game in a draw once `turns` turns (every player's together)
    /// have been played without a winner (0: never).
    #[must_use]
    pub fn with_max_turns(mut self, turns: u32) -> TableState {
        self.max_turns = turns;
        self
    }

    /// Rebuilds a table from its stored log at time `now`: [`TableState::apply`] folded over
    /// the events, in order, each seat's secret put back into its `joined` event. Nobody is
    /// connected after a restart, so grace periods and the turn start now.
    ///
    /// # Errors
    /// When an event cannot be read or does not follow from the ones before it.
    pub fn restore(
        id: TableId,
        setup: Setup,
        timing: Timing,
        events: &[(u64, String)],
        secrets: &HashMap<u64, String>,
        now: Instant,
    ) -> Result<TableState, RestoreError> {
        let mut state = TableState::new(id, setup, timing, now);
        for (seq, json) in events {
            let seq = *seq;
            let mut event: TableEvent =
                serde_json::from_str(json).map_err(|source| RestoreError::Unreadable {
                    table: id,
                    seq,
                    source,
                })?;
            if seq != state.seq + 1 {
                return Err(RestoreError::Gap {
                    table: id,
                    seq,
                    after: state.seq,
                });
            }
            if let TableEvent::Table(Lifecycle::Joined { secret, .. }) = &mut event
                && let Some(text) = secrets.get(&seq)
            {
                *secret = Secret::from_stored(text);
            }
            state.apply(&event).map_err(|source| RestoreError::Event {
                table: id,
                seq,
                source,
            })?;
        }
        if !state.following.is_empty() {
            return Err(RestoreError::Truncated {
                table: id,
                missing: state.following.iter().copied().collect(),
            });
        }
        state.stamp(now);
        Ok(state)
    }

    /// The table's id.
    pub fn id(&self) -> TableId {
        self.id
    }

    /// The set-up.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The timing.
    pub fn timing(&self) -> Timing {
        self.timing
    }

    /// The last event's seq.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// Every event so far.
    pub fn log(&self) -> &[Logged] {
        &self.log
    }

    /// Where the table is.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The game, once started.
    pub fn game(&self) -> Option<&GameState> {
        self.game.as_ref().map(Game::state)
    }

    /// The outcome, once finished with a winner.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Whether the game ended in a draw at the most turns.
    pub fn is_drawn(&self) -> bool {
        self.drawn
    }

    /// The dice's commitment (SHA-256 of the key, in hex), announced from the table's creation;
    /// none for games with the older seeded dice.
    pub fn commitment(&self) -> Option<String> {
        self.setup.dice.commitment()
    }

    /// The dice's key, once the game is over (none before, and for seeded dice).
    pub fn revealed_key(&self) -> Option<String> {
        (self.status == Status::Finished)
            .then(|| self.setup.dice.reveal())
            .flatten()
    }

    /// Whether the log says the table was abandoned before its start.
    pub fn is_abandoned(&self) -> bool {
        self.abandoned
    }

    /// The seats in order (after the start, the players in order).
    pub fn seats(&self) -> impl Iterator<Item = Option<SeatState<'_>>> {
        self.seats.iter().map(|o| {
            o.as_ref().map(|o| match o {
                Occupant::Human {
                    name, conns, away, ..
                } => SeatState {
                    name,
                    bot: false,
                    away: away.is_some(),
                    left: *away == Some(AwayReason::Left),
                    connected: *conns > 0,
                },
                Occupant::Bot { name } => SeatState {
                    name,
                    bot: true,
                    away: false,
                    left: false,
                    connected: true,
                },
            })
        })
    }

    /// The names in seat order (empty for a free seat) as heard in the language of `catalogue`:
    /// a bot's name, kept in the log in English ("Bot 2"), in that language's words ("봇 2",
    /// "机器人2"). People's names are theirs in every language.
    pub fn names_in(&self, catalogue: &Catalogue) -> Vec<String> {
        self.seats
            .iter()
            .map(|o| match o {
                Some(Occupant::Bot { name }) => snakes_text::bot_name_in(catalogue, name),
                Some(o) => o.name().to_string(),
                None => String::new(),
            })
            .collect()
    }

    /// The seat `token` holds.
    pub fn seat_of(&self, token: &str) -> Option<usize> {
        let hash = TokenHash::of(token);
        self.seats.iter().position(
            |s| matches!(s, Some(Occupant::Human { secret, .. }) if secret.matches(&hash)),
        )
    }

    /// The host: the first person seated.
    pub fn host(&self) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| matches!(s, Some(Occupant::Human { .. })))
    }

    /// What `command` causes at `now`: the events to log, in order, or why it is refused. The
    /// state does not change (see [`TableState::apply`]).
    ///
    /// # Errors
    /// The [`Refusal`] for the one who asked.
    pub fn decide(&self, command: &Command, now: Instant) -> Result<Vec<TableEvent>, Refusal> {
        let life = |l: Lifecycle| Ok(vec![TableEvent::Table(l)]);
        match command {
            Command::Join { name, seat, secret } => {
                let name = check_name(name)?;
                let seat = self.free_seat(&name, *seat)?;
                life(Lifecycle::Joined {
                    seat,
                    name,
                    secret: secret.clone(),
                })
            }
            Command::Watch { token } => {
                let Some(token) = token else {
                    return Ok(Vec::new());
                };
                let seat = self.seated(token)?;
                match &self.seats[seat] {
                    // Back after a lost connection: the seat is theirs again. One who left takes
                    // it back only by asking (`ComeBack`), not by following the table.
                    Some(Occupant::Human {
                        away: Some(AwayReason::Disconnected),
                        ..
                    }) if self.status == Status::Playing => {
                        life(Lifecycle::Reclaimed { player: seat })
                    }
                    _ => Ok(Vec::new()),
                }
            }
            Command::Leave { token } => {
                let seat = self.seated(token)?;
                match (self.status, &self.seats[seat]) {
                    (Status::Waiting, Some(o)) => life(Lifecycle::Left {
                        seat,
                        name: o.name().to_string(),
                    }),
                    (Status::Playing, Some(Occupant::Human { away: Some(_), .. })) => {
                        Ok(Vec::new())
                    }
                    (Status::Playing, _) => life(Lifecycle::BotTookOver {
                        player: seat,
                        reason: AwayReason::Left,
                    }),
                    _ => Err(self.game_over()),
                }
            }
            Command::ComeBack { token } => {
                let seat = self.seated(token)?;
                match (self.status, &self.seats[seat]) {
                    (Status::Waiting, _) => Err(Refusal::NotStarted),
                    (Status::Playing, Some(Occupant::Human { away: Some(_), .. })) => {
                        life(Lifecycle::Reclaimed { player: seat })
                    }
                    (Status::Playing, _) => Err(Refusal::NotAway),
                    (Status::Finished, _) => Err(self.game_over()),
                }
            }
            Command::Start { token, seq } => {
                self.check_host(token, *seq)?;
                let players = self.seating();
                if players.len() < 2 {
                    return Err(Refusal::NotEnoughPlayers);
                }
                let first = self
                    .draw_first(players.len())
                    .map_err(|e| Refusal::BadBoard {
                        detail: Detail::Setup(e),
                    })?;
                life(Lifecycle::Started {
                    players,
                    first,
                    commitment: self.commitment(),
                })
            }
            Command::AddBot { token, seq } => {
                self.check_host(token, *seq)?;
                let (seat, name) = self.next_bot().ok_or(Refusal::TableFull)?;
                life(Lifecycle::BotAdded { seat, name })
            }
            Command::RemoveBot { token, seat, seq } => {
                self.check_host(token, *seq)?;
                let Some(Some(Occupant::Bot { name })) = self.seats.get(*seat) else {
                    return Err(Refusal::BadMessage {
                        detail: Detail::NoBot { seat: *seat },
                    });
                };
                life(Lifecycle::BotRemoved {
                    seat: *seat,
                    name: name.clone(),
                })
            }
            Command::Roll { token, seq } => {
                let seat = self.seated(token)?;
                match self.status {
                    Status::Waiting => return Err(Refusal::NotStarted),
                    Status::Finished => return Err(self.game_over()),
                    Status::Playing => {}
                }
                // A bot plays the seat: taking it back is its own action, never a side effect
                // of a key pressed while the bot's moves were being heard.
                if matches!(
                    self.seats[seat],
                    Some(Occupant::Human { away: Some(_), .. })
                ) {
                    return Err(Refusal::BotPlaysForYou);
                }
                if *seq < self.moved_at || *seq > self.seq {
                    return Err(Refusal::StaleSeq {
                        expected: self.seq,
                        got: *seq,
                    });
                }
                let turn = self.game().map_or(0, GameState::turn);
                if turn != seat {
                    return Err(Refusal::NotYourTurn { turn });
                }
                Ok(self.roll(Vec::new()))
            }
            Command::Tick => Ok(self.due(now)),
        }
    }

    /// What is due at `now` (see [`Command::Tick`]).
    fn due(&self, now: Instant) -> Vec<TableEvent> {
        if self.status != Status::Playing {
            return Vec::new();
        }
        // Grace periods that ran out: a bot takes the seat; it rolls after its own delay.
        let expired: Vec<TableEvent> = self
            .seats
            .iter()
            .enumerate()
            .filter_map(|(player, o)| match o {
                Some(Occupant::Human {
                    away: None,
                    gone_since: Some(t),
                    ..
                }) if *t + self.timing.grace <= now => {
                    Some(TableEvent::Table(Lifecycle::BotTookOver {
                        player,
                        reason: AwayReason::Disconnected,
                    }))
                }
                _ => None,
            })
            .collect();
        if !expired.is_empty() {
            return expired;
        }
        if self.bot_to_roll().is_some() {
            if self.turn_since + self.timing.bot_delay <= now {
                return self.roll(Vec::new());
            }
        } else if let Some(timer) = self.timing.turn_timer
            && self.turn_since + timer <= now
            && let Some(player) = self.game().filter(|g| !g.is_over()).map(GameState::turn)
        {
            return self.roll(vec![TableEvent::Table(Lifecycle::TimerRolled { player })]);
        }
        Vec::new()
    }

    /// The events of the next roll, with `before` logged ahead of it and the end of the game
    /// after it when the roll wins. Decided on a copy of the game: the state does not change.
    fn roll(&self, before: Vec<TableEvent>) -> Vec<TableEvent> {
        let Some(game) = self.game.as_ref() else {
            return Vec::new();
        };
        let Some(roll) = game.next_roll() else {
            return Vec::new();
        };
        let mut after = game.state().clone();
        // The number is a face of the die and the game is not over: the engine takes it.
        let Ok(moves) = after.apply(roll) else {
            return Vec::new();
        };
        let mut batch = before;
        batch.extend(moves.into_iter().map(TableEvent::Game));
        if let Some(finished) = self.finished(&after) {
            batch.push(TableEvent::Table(finished));
        } else if self.max_turns > 0
            && turns_played(&after) >= self.max_turns
            && !after.on_extra_roll()
        {
            batch.push(TableEvent::Table(self.drawn(&after)));
        }
        batch
    }

    /// The `started` event the seats make now: every occupied seat, in seat order.
    pub fn seating(&self) -> Vec<StartedPlayer> {
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(seat, o)| {
                o.as_ref().map(|o| StartedPlayer {
                    seat,
                    name: o.name().to_string(),
                    bot: matches!(o, Occupant::Bot { .. }),
                })
            })
            .collect()
    }

    /// Who the dice draw to go first in a game of `players`: the first number of the game's
    /// own dice stream.
    ///
    /// # Errors
    /// When the board and rules cannot make a game of that many.
    pub fn draw_first(&self, players: usize) -> Result<Player, snakes::SetupError> {
        Ok(self.new_game(players)?.state().first())
    }

    /// The seat and name of the bot the host would seat now: the first free seat, the first
    /// "Bot N" nobody at the table has; `None` when the table is full.
    pub fn next_bot(&self) -> Option<(usize, String)> {
        let seat = self.seats.iter().position(Option::is_none)?;
        let name = (1..)
            .map(|k| snakes_text::bot_name(&self.catalogue, k))
            .find(|n| self.name_taken(n).is_none())
            .unwrap_or_default();
        Some((seat, name))
    }

    /// The `finished` event of a game that shows `after`, when someone has won: the winner, the
    /// turns and rolls of everyone, the final squares and the dice's key.
    pub fn finished(&self, after: &GameState) -> Option<Lifecycle> {
        let winner = after.winner()?;
        let stats = after.stats();
        let result = GameResult {
            winner,
            winner_name: self
                .seats
                .get(winner)
                .and_then(Option::as_ref)
                .map(|o| o.name().to_string())
                .unwrap_or_default(),
            turns: turns_played(after),
            rolls: stats.iter().map(|s| s.rolls).sum(),
            squares: after.squares().to_vec(),
        };
        Some(Lifecycle::Finished {
            result,
            key: self.setup.dice.reveal(),
        })
    }

    /// The `drawn` event of a game that shows `after` and has lasted the most turns.
    pub fn drawn(&self, after: &GameState) -> Lifecycle {
        Lifecycle::Drawn {
            turns: turns_played(after),
            squares: after.squares().to_vec(),
            key: self.setup.dice.reveal(),
        }
    }

    /// The next move the log must show: the rest of the last roll, or else the next roll
    /// (who rolls and the number the dice give); `None` when no game is on or it is over.
    pub fn next_move(&self) -> Option<Event> {
        if let Some(&next) = self.following.front() {
            return Some(next);
        }
        let game = self.game.as_ref()?;
        Some(Event::Rolled {
            player: game.state().turn(),
            roll: game.next_roll()?,
        })
    }

    /// The rest of the last roll, when the log has not shown all of it yet: its next event.
    pub fn rest_of_roll(&self) -> Option<Event> {
        self.following.front().copied()
    }

    fn new_game(&self, players: usize) -> Result<Game<TableDice>, snakes::SetupError> {
        Game::with_dice(
            self.setup.board.clone(),
            self.setup.rules,
            players,
            self.setup.dice.dice(),
        )
    }

    fn game_over(&self) -> Refusal {
        Refusal::GameOver {
            winner: self.result.as_ref().map(|r| r.winner),
        }
    }

    /// Whether a person plays: someone seated, not away (a bot playing for them).
    fn person_plays(&self) -> bool {
        self.seats
            .iter()
            .flatten()
            .any(|o| matches!(o, Occupant::Human { away: None, .. }))
    }

    fn seated(&self, token: &str) -> Result<usize, Refusal> {
        self.seat_of(token).ok_or(Refusal::NotSeated)
    }

    /// The name of whoever at the table has `name`, look-alikes and letter case aside.
    fn name_taken(&self, name: &str) -> Option<&str> {
        self.seats
            .iter()
            .flatten()
            .map(Occupant::name)
            .find(|n| snakes_text::names::same_name(n, name))
    }

    /// The seat a person called `name` may take: `want`, or the first free one.
    fn free_seat(&self, name: &str, want: Option<usize>) -> Result<usize, Refusal> {
        if self.status != Status::Waiting {
            return Err(Refusal::AlreadyStarted);
        }
        if let Some(taken) = self.name_taken(name) {
            return Err(Refusal::BadName {
                detail: Detail::NameTaken {
                    name: taken.to_string(),
                },
            });
        }
        match want {
            Some(seat) if seat >= self.seats.len() => Err(Refusal::BadMessage {
                detail: Detail::NoSuchSeat {
                    seat,
                    seats: self.seats.len(),
                },
            }),
            Some(seat) if self.seats[seat].is_some() => Err(Refusal::SeatTaken { seat }),
            Some(seat) => Ok(seat),
            None => self
                .seats
                .iter()
                .position(Option::is_none)
                .ok_or(Refusal::TableFull),
        }
    }

    /// The checks of the host's commands: the token is the host's, the game has not started,
    /// and the host saw the table as it is.
    fn check_host(&self, token: &str, seq: u64) -> Result<(), Refusal> {
        let seat = self.seated(token)?;
        if self.host() != Some(seat) {
            return Err(Refusal::NotHost);
        }
        if self.status != Status::Waiting {
            return Err(Refusal::AlreadyStarted);
        }
        if seq != self.seq {
            return Err(Refusal::StaleSeq {
                expected: self.seq,
                got: seq,
            });
        }
        Ok(())
    }

    /// The player to roll, if the server rolls for them (a bot, or a person a bot stands in
    /// for), or `None`.
    pub fn bot_to_roll(&self) -> Option<Player> {
        let state = self.game()?;
        if self.status != Status::Playing || state.is_over() {
            return None;
        }
        let turn = state.turn();
        match self.seats.get(turn)? {
            Some(Occupant::Bot { .. } | Occupant::Human { away: Some(_), .. }) => Some(turn),
            _ => None,
        }
    }

    /// Changes the state by one event: the table's own decisions, live, or its stored log, when
    /// restoring. Every event is checked against what came before it.
    ///
    /// # Errors
    /// When the event does not follow (a log changed by hand); the state is then unchanged.
    pub fn apply(&mut self, event: &TableEvent) -> Result<(), ApplyError> {
        match event {
            TableEvent::Game(e) => self.apply_move(*e)?,
            TableEvent::Table(life) => {
                if let Some(next) = self.following.front() {
                    return Err(ApplyError::RollUnfinished(*next));
                }
                self.apply_life(life)?;
            }
        }
        self.seq += 1;
        if moves_the_game(event) {
            self.moved_at = self.seq;
        }
        self.log.push(Logged {
            seq: self.seq,
            event: event.clone(),
        });
        Ok(())
    }

    /// A `rolled` event draws the number from the game's dice and plays it; the events after
    /// it must be the ones that made.
    fn apply_move(&mut self, event: Event) -> Result<(), ApplyError> {
        if !matches!(event, Event::Rolled { .. }) {
            return match self.following.front() {
                Some(&expected) if expected == event => {
                    self.following.pop_front();
                    Ok(())
                }
                Some(&expected) => Err(ApplyError::Dice {
                    expected,
                    logged: event,
                }),
                None => Err(ApplyError::WithoutRoll(event)),
            };
        }
        if let Some(&next) = self.following.front() {
            return Err(ApplyError::RollUnfinished(next));
        }
        let game = self.game.as_mut().ok_or(ApplyError::NoGame)?;
        let roll = game.next_roll().ok_or(ApplyError::NoGame)?;
        let expected = Event::Rolled {
            player: game.state().turn(),
            roll,
        };
        if event != expected {
            return Err(ApplyError::Dice {
                expected,
                logged: event,
            });
        }
        let moves = game.roll().map_err(|_| ApplyError::NoGame)?;
        self.following.extend(moves.into_iter().skip(1));
        Ok(())
    }

    fn apply_life(&mut self, event: &Lifecycle) -> Result<(), ApplyError> {
        let waiting = |what: &'static str| {
            if self.status == Status::Waiting {
                Ok(())
            } else {
                Err(ApplyError::AfterStart { event: what })
            }
        };
        match event {
            Lifecycle::Joined { seat, name, secret } => {
                waiting("joined")?;
                if secret.is_empty() {
                    return Err(ApplyError::NoSecret { seat: *seat });
                }
                *self.free_slot(*seat)? = Some(Occupant::Human {
                    name: name.clone(),
                    secret: secret.clone(),
                    conns: 0,
                    away: None,
                    gone_since: None,
                });
            }
            Lifecycle::BotAdded { seat, name } => {
                waiting("bot_added")?;
                *self.free_slot(*seat)? = Some(Occupant::Bot { name: name.clone() });
            }
            Lifecycle::Left { seat, .. } | Lifecycle::BotRemoved { seat, .. } => {
                waiting(if matches!(event, Lifecycle::Left { .. }) {
                    "left"
                } else {
                    "bot_removed"
                })?;
                let slot = self
                    .seats
                    .get_mut(*seat)
                    .ok_or(ApplyError::NoSeat { seat: *seat })?;
                if slot.is_none() {
                    return Err(ApplyError::EmptySeat { seat: *seat });
                }
                *slot = None;
            }
            Lifecycle::Started {
                players,
                first,
                commitment,
            } => {
                waiting("started")?;
                if commitment.is_some() && *commitment != self.commitment() {
                    return Err(ApplyError::DiceKey { what: "commitment" });
                }
                let game = self.new_game(players.len())?;
                if game.state().first() != *first {
                    return Err(ApplyError::FirstPlayer {
                        drawn: game.state().first(),
                        logged: *first,
                    });
                }
                if let Some(p) = players
                    .iter()
                    .find(|p| self.seats.get(p.seat).is_none_or(Option::is_none))
                {
                    return Err(ApplyError::EmptySeat { seat: p.seat });
                }
                let mut seats = std::mem::take(&mut self.seats);
                self.seats = players.iter().map(|p| seats[p.seat].take()).collect();
                self.game = Some(game);
                self.status = Status::Playing;
            }
            Lifecycle::BotTookOver { player, .. } | Lifecycle::Reclaimed { player } => {
                let Some(Some(Occupant::Human {
                    away, gone_since, ..
                })) = self.seats.get_mut(*player)
                else {
                    return Err(ApplyError::NotAPerson { player: *player });
                };
                *away = match event {
                    Lifecycle::BotTookOver { reason, .. } => Some(*reason),
                    _ => None,
                };
                *gone_since = None;
            }
            Lifecycle::TimerRolled { .. } => {}
            Lifecycle::Abandoned => {
                if self.status == Status::Playing {
                    // Only a game nobody plays any more is closed.
                    if self.person_plays() {
                        return Err(ApplyError::PersonPlaying);
                    }
                } else {
                    waiting("abandoned")?;
                }
                self.abandoned = true;
            }
            Lifecycle::Finished { result, key } => {
                if !self.game().is_some_and(GameState::is_over) {
                    return Err(ApplyError::NoGame);
                }
                self.check_key(key.as_ref())?;
                self.status = Status::Finished;
                self.result = Some(result.clone());
            }
            Lifecycle::Drawn { key, .. } => {
                if self.status != Status::Playing || self.game().is_none_or(GameState::is_over) {
                    return Err(ApplyError::NoGame);
                }
                self.check_key(key.as_ref())?;
                self.status = Status::Finished;
                self.drawn = true;
            }
        }
        Ok(())
    }

    /// A key revealed in the log must be the table's.
    fn check_key(&self, key: Option<&String>) -> Result<(), ApplyError> {
        match key {
            Some(k) if Some(k) != self.setup.dice.reveal().as_ref() => {
                Err(ApplyError::DiceKey { what: "key" })
            }
            _ => Ok(()),
        }
    }

    fn free_slot(&mut self, seat: usize) -> Result<&mut Option<Occupant>, ApplyError> {
        let slot = self
            .seats
            .get_mut(seat)
            .ok_or(ApplyError::NoSeat { seat })?;
        if slot.is_some() {
            return Err(ApplyError::SeatTaken { seat });
        }
        Ok(slot)
    }

    /// Records that what was applied since the last stamp happened at `now`: the turn's clock
    /// starts again, and a person nobody speaks for during the game starts their grace period
    /// (unless it runs already, or a bot already plays for them).
    pub fn stamp(&mut self, now: Instant) {
        self.turn_since = now;
        self.unmanned_since = if self.status == Status::Playing && !self.person_plays() {
            self.unmanned_since.or(Some(now))
        } else {
            None
        };
        if self.status == Status::Playing {
            for o in self.seats.iter_mut().flatten() {
                if let Occupant::Human {
                    conns: 0,
                    away: None,
                    gone_since: gone @ None,
                    ..
                } = o
                {
                    *gone = Some(now);
                }
            }
        }
    }

    /// Records that the table was asked something at `now` (it is not idle).
    pub fn touch(&mut self, now: Instant) {
        self.idle_since = now;
    }

    /// A connection follows the table, speaking for the seat of `token` if it holds one;
    /// returns that seat.
    pub fn connect(&mut self, token: Option<&str>) -> Option<usize> {
        self.watchers += 1;
        let seat = token.and_then(|t| self.seat_of(t))?;
        if let Some(Some(Occupant::Human {
            conns, gone_since, ..
        })) = self.seats.get_mut(seat)
        {
            *conns += 1;
            *gone_since = None;
        }
        Some(seat)
    }

    /// A connection that followed the table (speaking for the seat of `token`, if any) went
    /// at `now`; the seat's grace period starts when it was the seat's last, during the game.
    pub fn disconnect(&mut self, token: Option<&str>, now: Instant) {
        self.watchers = self.watchers.saturating_sub(1);
        let playing = self.status == Status::Playing;
        let Some(seat) = token.and_then(|t| self.seat_of(t)) else {
            return;
        };
        if let Some(Some(Occupant::Human {
            conns, gone_since, ..
        })) = self.seats.get_mut(seat)
        {
            *conns = conns.saturating_sub(1);
            if *conns == 0 && playing {
                *gone_since = Some(now);
            }
        }
    }

    /// When something is next due ([`Command::Tick`]): a grace period running out, a bot's
    /// roll, the turn timer.
    pub fn next_deadline(&self) -> Option<Instant> {
        if self.status != Status::Playing {
            return None;
        }
        let graces = self.seats.iter().flatten().filter_map(|o| match o {
            Occupant::Human {
                away: None,
                gone_since: Some(t),
                ..
            } => Some(*t + self.timing.grace),
            _ => None,
        });
        let turn = if self.bot_to_roll().is_some() {
            Some(self.turn_since + self.timing.bot_delay)
        } else {
            self.timing.turn_timer.map(|timer| self.turn_since + timer)
        };
        graces.chain(turn).min()
    }

    /// When the table closes, with an idle limit: a waiting or finished table nobody follows or
    /// asks anything meanwhile, and a game in play once no person has played it (every seat a
    /// bot's, or a bot's for the person) for that long, spectators or not. Then
    /// [`TableState::closing`] says what to log.
    pub fn idle_deadline(&self) -> Option<Instant> {
        let after = self.idle_after?;
        if self.abandoned {
            return None;
        }
        if self.status == Status::Playing {
            // A game nobody plays any more (bots only) closes however many watch it.
            return self.unmanned_since.map(|t| t + after);
        }
        (self.watchers == 0).then(|| self.idle_since + after)
    }

    /// Whether the table closes at `now` for being idle, and if so what to log first: a
    /// waiting table, or a game nobody plays any more, is abandoned for good; a finished one is
    /// only put away (its log is whole).
    pub fn closing(&self, now: Instant) -> Option<Vec<TableEvent>> {
        if self.idle_deadline()? > now {
            return None;
        }
        Some(match self.status {
            Status::Waiting | Status::Playing => vec![TableEvent::Table(Lifecycle::Abandoned)],
            Status::Finished => Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests;
