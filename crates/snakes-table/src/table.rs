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
//!
//! The state's methods are in four files: this one (the commands, [`TableState::decide`], and
//! the roll), `table/seats.rs` (names, seats, the host, connections), `table/timers.rs` (what is
//! due when) and `table/apply.rs` (applying events, restoring a log). Its tests are
//! `table/tests.rs`.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use snakes::{Board, BoardError, BoardWarning, Event, Game, GameState, Player, Rules, RulesError};
use snakes_text::{Catalogue, Detail, Refusal};

pub use crate::protocol::{Act, Action, Command, Due};
use crate::protocol::{
    AwayReason, GameResult, Lifecycle, Logged, StartedPlayer, Status, TableEvent, TableId,
};
use crate::secret::{DiceSource, Secret, TableDice, commitment_of};

mod apply;
mod seats;
mod timers;

pub use apply::{ApplyError, RestoreError, news};
pub use seats::check_name;
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

/// A table's set-up, fixed at creation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRecord {
    /// `classic` or `custom`.
    pub board_name: String,
    /// The board as a JSON layout.
    pub board: String,
    /// The rules in canonical form.
    pub rules: String,
    /// Number of seats.
    pub seats: usize,
    /// The dice: a key (its commitment is public, the key revealed once the game is over), or
    /// the seed of a game made before the dice could be verified.
    pub dice: DiceSource,
    /// Creation time, seconds since the Unix epoch.
    pub created_at: i64,
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
        /// The host removed them during the game: a bot plays the seat for good, and their
        /// secret no longer holds it.
        removed: bool,
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
    /// ([`Action::ComeBack`]), even while they follow the table.
    pub left: bool,
    /// The host removed the person during the game: a bot plays the seat for good.
    pub removed: bool,
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
    /// Close a waiting table after this long with nobody following, whatever asks for it
    /// (`None`: only `idle_after`).
    abandon_after: Option<Duration>,
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
    /// The log says the table is closed for good: nobody came before the start, nobody played
    /// its game any more, or a moderator closed it.
    abandoned: bool,
    /// The events the last `rolled` made that the log has yet to show.
    following: VecDeque<Event>,
    /// Connections following the table.
    watchers: usize,
    /// When the player to roll got the turn (bots and the turn timer count from here).
    turn_since: Instant,
    /// When the table was last asked anything.
    idle_since: Instant,
    /// Since when no connection follows the table (its creation, or the last one leaving).
    unwatched_since: Instant,
}

/// What the game's commitment binds, in the order its JSON is written
/// ([`TableState::game_commitment`]).
#[derive(serde::Serialize)]
struct GameBinding<'a> {
    /// The key, in hex.
    key: &'a str,
    table: TableId,
    seats: usize,
    board: snakes::Layout,
    /// The rules in canonical form.
    rules: String,
    players: &'a [StartedPlayer],
}

/// Turns played in the game `state` shows, every player's together.
fn turns_played(state: &GameState) -> u32 {
    state.stats().iter().map(|s| s.turns).sum()
}

/// One event of the table's life: what most commands cause.
fn life(l: Lifecycle) -> Result<Vec<TableEvent>, Refusal> {
    Ok(vec![TableEvent::Table(l)])
}

/// Who asks a table for something, beyond the token of their [`Act`]: one connection, as the
/// table's rules look at it. Nobody in particular by default (a replay, the server's own
/// [`Command::Due`]s).
#[derive(Debug, Default, Clone, Copy)]
pub struct Asker<'a> {
    /// The secrets of the seats the connection took at this table: it takes no second one
    /// while it holds one ([`Refusal::AlreadySeated`]).
    pub seats_taken: &'a [Secret],
    /// The names the others who follow the table without a seat talk with: a person joining
    /// takes none of them ([`Detail::NameTaken`]).
    pub watcher_names: &'a [&'a str],
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
            abandon_after: None,
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
            unwatched_since: now,
        }
    }

    /// The same table, closing once nobody has followed it or asked it anything for `after`
    /// (zero: never). Only waiting and finished tables close; see [`TableState::idle_deadline`].
    #[must_use]
    pub fn close_when_idle(mut self, after: Duration) -> TableState {
        self.idle_after = (!after.is_zero()).then_some(after);
        self
    }

    /// The same table, closed as abandoned while it waits once no connection has followed it
    /// for `after`, whatever else asks for it (zero: only [`TableState::close_when_idle`]).
    #[must_use]
    pub fn abandon_when_unwatched(mut self, after: Duration) -> TableState {
        self.abandon_after = (!after.is_zero()).then_some(after);
        self
    }

    /// The same table, ending its game in a draw once `turns` turns (every player's together)
    /// have been played without a winner (0: never).
    #[must_use]
    pub fn with_max_turns(mut self, turns: u32) -> TableState {
        self.max_turns = turns;
        self
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

    /// The game's commitment, which the `started` event announces: SHA-256 of the key together
    /// with this table's number, board, rules and seats and the start's `players` (their seats,
    /// names and whether each is a bot), so that a record whose key hashes to the table's
    /// commitment still cannot be given another table, board, rules, seat count or players
    /// without changing it. The text hashed is the JSON of `GameBinding`, written without
    /// spaces (`docs/verify.md`). None for games with the older seeded dice.
    pub fn game_commitment(&self, players: &[StartedPlayer]) -> Option<String> {
        let key = self.setup.dice.reveal()?;
        let binding = GameBinding {
            key: &key,
            table: self.id,
            seats: self.setup.seats,
            board: self.setup.board.layout(),
            rules: self.setup.rules.to_string(),
            players,
        };
        // A struct of strings, numbers and lists: writing it as JSON cannot fail.
        let text = serde_json::to_string(&binding).unwrap_or_default();
        Some(commitment_of(text.as_bytes()))
    }

    /// What the `started` event announced as its commitment, once the game has started: the
    /// game's ([`TableState::game_commitment`]), or in games started before it existed the
    /// key's ([`TableState::commitment`]).
    pub fn announced_commitment(&self) -> Option<&str> {
        self.log.iter().find_map(|l| match &l.event {
            TableEvent::Table(Lifecycle::Started { commitment, .. }) => commitment.as_deref(),
            _ => None,
        })
    }

    /// The dice's key, once the game is over (none before, and for seeded dice).
    pub fn revealed_key(&self) -> Option<String> {
        (self.status == Status::Finished)
            .then(|| self.setup.dice.reveal())
            .flatten()
    }

    /// Whether the log says the table is closed for good: abandoned ([`Lifecycle::Abandoned`])
    /// or closed by a moderator ([`Lifecycle::Closed`]).
    pub fn is_abandoned(&self) -> bool {
        self.abandoned
    }

    /// What `command` causes at `now`: the events to log, in order, or why it is refused. The
    /// state does not change (see [`TableState::apply`]).
    ///
    /// # Errors
    /// The [`Refusal`] for the one who asked.
    pub fn decide(&self, command: &Command, now: Instant) -> Result<Vec<TableEvent>, Refusal> {
        self.decide_for(&Asker::default(), command, now)
    }

    /// [`TableState::decide`] for an [`Asker`] the table knows more of than a token: the rules
    /// that hold a connection (one seat each; no name a watcher talks with) are decided here
    /// with the others.
    ///
    /// # Errors
    /// The [`Refusal`] for the one who asked.
    pub fn decide_for(
        &self,
        asker: &Asker,
        command: &Command,
        now: Instant,
    ) -> Result<Vec<TableEvent>, Refusal> {
        // A table closed for good takes nothing more: no roll, no seat, nothing due.
        if self.abandoned {
            return match command {
                Command::Watch { .. } | Command::Tick => Ok(Vec::new()),
                _ => Err(Refusal::NoSuchTable),
            };
        }
        match command {
            Command::Act(act) => self.decide_act(asker, act),
            Command::Watch { token } => self.decide_watch(token.as_ref()),
            Command::Tick => Ok(self.due(now)),
            Command::Due(due) => self.decide_due(*due),
            Command::Close { by, reason } => self.decide_close(by, reason),
        }
    }

    /// What a person's [`Act`] causes: its `seq` checked where the action needs one, then the
    /// action decided for the holder of its `token`.
    fn decide_act(&self, asker: &Asker, act: &Act) -> Result<Vec<TableEvent>, Refusal> {
        let missing = |field: &str| Refusal::BadMessage {
            detail: Detail::Text(format!("missing field `{field}`")),
        };
        let seq = match act.seq {
            Some(seq) => seq,
            None if act.action.needs_seq() => return Err(missing("seq")),
            None => self.seq,
        };
        let token = act.token();
        match &act.action {
            Action::Join { .. } if act.token.is_some() => Err(Refusal::BadMessage {
                detail: Detail::Text("a join is sent without a token: it is given one".into()),
            }),
            // One seat a connection: another would let one client take every free seat of
            // someone else's table (the host seats bots with `add_bot`).
            Action::Join { .. } if asker.seats_taken.iter().any(|s| self.holds(s)) => {
                Err(Refusal::AlreadySeated)
            }
            Action::Join { name, seat, secret } => {
                self.decide_join(name, *seat, secret, asker.watcher_names)
            }
            Action::Leave {} => self.decide_leave(token),
            Action::ComeBack {} => self.decide_come_back(token),
            Action::Start {} => self.decide_start(token, seq),
            Action::AddBot {} => {
                self.check_host(token, seq)?;
                let (seat, name) = self.next_bot().ok_or(Refusal::TableFull)?;
                life(Lifecycle::BotAdded { seat, name })
            }
            Action::FillBots {} => self.decide_fill_bots(token, seq),
            Action::RemoveBot { seat } => self.decide_remove_bot(token, *seat, seq),
            Action::RemovePlayer { seat } => self.decide_remove_player(token, *seat, seq),
            Action::Roll {} => self.decide_roll(token, seq),
        }
    }

    /// [`Action::Start`]: the seats made players, the first drawn by the dice.
    pub(super) fn decide_start(&self, token: &str, seq: u64) -> Result<Vec<TableEvent>, Refusal> {
        self.check_host(token, seq)?;
        let players = self.seating();
        if players.len() < 2 {
            return Err(Refusal::NotEnoughPlayers);
        }
        let first = self
            .draw_first(players.len())
            .map_err(|e| Refusal::BadBoard {
                detail: Detail::Setup(e),
            })?;
        let commitment = self.game_commitment(&players);
        life(Lifecycle::Started {
            players,
            first,
            commitment,
        })
    }

    /// [`Action::Roll`]: the seat's roll, if it is its turn and nothing moved since `seq`.
    pub(super) fn decide_roll(&self, token: &str, seq: u64) -> Result<Vec<TableEvent>, Refusal> {
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
        if seq < self.moved_at || seq > self.seq {
            return Err(Refusal::StaleSeq {
                expected: self.seq,
                got: seq,
            });
        }
        let turn = self.game().map_or(0, GameState::turn);
        if turn != seat {
            return Err(Refusal::NotYourTurn { turn });
        }
        Ok(self.roll(Vec::new()))
    }

    /// [`Command::Close`]: a moderator closes the table for good, whether it waits or plays;
    /// a finished game has nothing left to close, and a table closed already is no more.
    fn decide_close(&self, by: &str, reason: &str) -> Result<Vec<TableEvent>, Refusal> {
        if self.status == Status::Finished {
            return Err(self.game_over());
        }
        if self.abandoned {
            return Err(Refusal::NoSuchTable);
        }
        life(Lifecycle::Closed {
            by: by.to_string(),
            reason: reason.to_string(),
        })
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

    /// Who the dice draw to go first in a game of `players`: the first number of the game's
    /// own dice stream.
    ///
    /// # Errors
    /// When the board and rules cannot make a game of that many.
    pub fn draw_first(&self, players: usize) -> Result<Player, snakes::SetupError> {
        Ok(self.new_game(players)?.state().first())
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
}

#[cfg(test)]
mod tests;
