//! One table: an actor task that owns its seats, its game and its log.
//!
//! Nothing else touches a table's state: connections send [`TableCmd`]s and wait for the answer.
//! Every change is an event appended to the store first and only then applied to the listeners,
//! so what anyone was told is always in the log. A table restored from its log replays the same
//! code path ([`Table::restore`]) and continues the same dice stream (the seed is stored; the
//! number of rolls drawn says where the stream is).

use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use snakes::{Board, Event, Game, Player, Rules};
use tokio::sync::{Notify, mpsc, oneshot, watch};
use tokio::time::Instant;

use crate::protocol::{
    AwayReason, GameResult, Lifecycle, Logged, Query, SeatView, ServerMessage, StartedPlayer,
    Status, TableEvent, TableId, TableSummary, TableView,
};
use crate::store::{Append, Store, StoreError, TableRecord};
use crate::text::{Listener, MessageArg, Narrator, Refusal};

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A connection's id, unique in this process.
pub type ConnId = u64;

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

/// Where a connection's messages go: a bounded queue and a bell that says "you fell behind".
#[derive(Debug, Clone)]
pub struct Outbox {
    /// Messages, already JSON.
    pub tx: mpsc::Sender<Utf8Bytes>,
    /// Rung when a table had to drop this connection because its queue was full.
    pub kick: Arc<Notify>,
}

impl Outbox {
    /// Queues a message without waiting; false when the queue is full or closed.
    pub fn offer(&self, text: Utf8Bytes) -> bool {
        self.tx.try_send(text).is_ok()
    }
}

/// A refusal with its sentence, ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// Code and details.
    pub refusal: Refusal,
    /// Why, in words, for the one who asked.
    pub message: String,
}

impl Refused {
    /// The message to send.
    pub fn to_message(&self) -> ServerMessage {
        ServerMessage::Refused {
            refusal: self.refusal.clone(),
            message: self.message.clone(),
        }
    }
}

type Reply<T> = oneshot::Sender<Result<T, Refused>>;

/// What a table can be asked.
#[derive(Debug)]
pub enum TableCmd {
    /// Take a free seat; the answer is the seat and its secret.
    Join {
        /// Display name.
        name: String,
        /// The seat wanted, or the first free one.
        seat: Option<usize>,
        /// The answer.
        reply: Reply<(usize, String)>,
    },
    /// Follow the table from `since` on, speaking for the seat of `token` if it holds one.
    Watch {
        /// The connection.
        conn: ConnId,
        /// A seat's secret.
        token: Option<String>,
        /// Last seq seen.
        since: Option<u64>,
        /// Short sentences.
        brief: bool,
        /// Where to send.
        out: Outbox,
        /// The answer (the messages themselves go to `out`).
        reply: Reply<()>,
    },
    /// Stop following.
    Unwatch {
        /// The connection.
        conn: ConnId,
    },
    /// Brief sentences on or off.
    SetBrief {
        /// The connection.
        conn: ConnId,
        /// On or off.
        brief: bool,
    },
    /// Leave the seat.
    Leave {
        /// The seat's secret.
        token: String,
        /// The answer.
        reply: Reply<()>,
    },
    /// Start the game.
    Start {
        /// The host's secret.
        token: String,
        /// Last seq seen.
        seq: u64,
        /// The answer.
        reply: Reply<()>,
    },
    /// Seat a bot.
    AddBot {
        /// The host's secret.
        token: String,
        /// Last seq seen.
        seq: u64,
        /// The answer.
        reply: Reply<()>,
    },
    /// Remove a bot.
    RemoveBot {
        /// The host's secret.
        token: String,
        /// The bot's seat.
        seat: usize,
        /// Last seq seen.
        seq: u64,
        /// The answer.
        reply: Reply<()>,
    },
    /// Roll for the seat.
    Roll {
        /// The seat's secret.
        token: String,
        /// Last seq seen.
        seq: u64,
        /// The answer.
        reply: Reply<()>,
    },
    /// A question behind a key.
    Query {
        /// The connection (its seat decides "you").
        conn: ConnId,
        /// Which question.
        query: Query,
        /// The lines of the answer.
        reply: Reply<Vec<String>>,
    },
    /// The whole table as it is.
    View {
        /// The answer.
        reply: oneshot::Sender<TableView>,
    },
}

/// A table in the registry: its actor, or (a finished table nobody looked at for the idle
/// limit) only its lobby line, the actor stopped; the table is rebuilt from its log when asked.
#[derive(Debug, Clone)]
pub enum Entry {
    /// The actor runs.
    Live(TableHandle),
    /// The actor stopped; the lobby line of the finished table.
    Retired(TableSummary),
}

/// Every table by id, shared by the server and the actors (which remove or retire themselves).
pub type Registry = Arc<RwLock<BTreeMap<TableId, Entry>>>;

/// When and where an idle table closes.
#[derive(Debug, Clone)]
pub struct IdleClose {
    /// How long a waiting or finished table stays with nobody connected and nothing asked.
    pub after: Duration,
    /// The registry the table leaves.
    pub registry: Registry,
}

/// A handle on a table's actor.
#[derive(Debug, Clone)]
pub struct TableHandle {
    /// Commands.
    pub tx: mpsc::Sender<TableCmd>,
    /// The lobby's line, kept current by the actor.
    pub summary: watch::Receiver<TableSummary>,
}

#[derive(Debug, Clone)]
enum Occupant {
    Human {
        name: String,
        token: String,
        /// Connections speaking for this seat.
        conns: u32,
        /// A bot plays for them.
        away: bool,
        /// When the last connection went (during the game).
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

#[derive(Debug)]
struct Sub {
    conn: ConnId,
    out: Outbox,
    seat: Option<usize>,
    brief: bool,
}

/// A table's state: owned by its actor task.
pub struct Table {
    id: TableId,
    record: TableRecord,
    board: Arc<Board>,
    rules: Rules,
    timing: Timing,
    store: Store,
    seq: u64,
    log: Vec<Logged>,
    seats: Vec<Option<Occupant>>,
    status: Status,
    game: Option<Game>,
    result: Option<GameResult>,
    narrator: Narrator,
    subs: Vec<Sub>,
    summary: watch::Sender<TableSummary>,
    /// When the player to roll got the turn (bots and the turn timer count from here).
    turn_since: Instant,
    /// The rules in words (made once: they never change).
    rules_line: String,
    /// The seq of the last event that moved the game on (the start, a roll): a roll based on
    /// an earlier seq is stale; seating news after it is not.
    moved_at: u64,
    /// The log says nobody came before the start: the table is closed.
    abandoned: bool,
    /// Closing when idle (`None`: never).
    idle: Option<IdleClose>,
    /// The last command, or when the last listener went.
    idle_since: Instant,
}

/// Why a stored table could not be rebuilt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestoreError {
    /// The table.
    pub table: TableId,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "table {}: {}", self.table, self.message)
    }
}

impl std::error::Error for RestoreError {}

fn refused(narrator: &Narrator, refusal: Refusal, listener: Listener) -> Refused {
    let message = narrator.refusal(&refusal, listener);
    Refused { refusal, message }
}

/// Checks a display name: trimmed, 1 to [`MAX_NAME_CHARS`] characters, no control characters.
///
/// # Errors
/// [`Refusal::BadName`] saying what is wrong.
pub fn check_name(name: &str) -> Result<String, Refusal> {
    let name = name.trim();
    let bad = |detail: &str| Refusal::BadName {
        detail: detail.to_string(),
    };
    if name.is_empty() {
        return Err(bad("a name needs at least one letter"));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(Refusal::BadName {
            detail: format!("a name has at most {MAX_NAME_CHARS} characters"),
        });
    }
    if name.chars().any(char::is_control) {
        return Err(bad("a name cannot hold control characters"));
    }
    Ok(name.to_string())
}

impl Table {
    /// A new, empty table.
    pub fn new(
        id: TableId,
        record: TableRecord,
        board: Arc<Board>,
        rules: Rules,
        timing: Timing,
        store: Store,
    ) -> Table {
        let seats = vec![None; record.seats];
        let board_for_text = board.clone();
        let placeholder = TableSummary {
            id,
            status: Status::Waiting,
            board_name: record.board_name.clone(),
            rules: rules.to_string(),
            rules_line: String::new(),
            seat_count: record.seats,
            seats: Vec::new(),
            seq: 0,
            result: None,
        };
        let (summary, _) = watch::channel(placeholder);
        let mut table = Table {
            id,
            record,
            board,
            rules,
            timing,
            store,
            seq: 0,
            log: Vec::new(),
            seats,
            status: Status::Waiting,
            game: None,
            result: None,
            narrator: Narrator::new(Vec::new()).with_game(&board_for_text, &rules),
            subs: Vec::new(),
            summary,
            turn_since: Instant::now(),
            moved_at: 0,
            rules_line: String::new(),
            abandoned: false,
            idle: None,
            idle_since: Instant::now(),
        };
        table.rules_line = table.narrator.rules_line(&table.rules, table.board.last());
        table.refresh();
        table
    }

    /// Rebuilds a table from its stored log, through the same code that applied each event
    /// the first time; the dice continue where they were.
    ///
    /// # Errors
    /// When an event cannot be read or does not follow from the ones before it.
    pub fn restore(
        mut table: Table,
        events: &[(u64, String)],
        tokens: &std::collections::HashMap<u64, String>,
    ) -> Result<Table, RestoreError> {
        let id = table.id;
        let fail = |message: String| RestoreError { table: id, message };
        let mut parsed = Vec::with_capacity(events.len());
        for (seq, json) in events {
            let event: TableEvent = serde_json::from_str(json)
                .map_err(|e| fail(format!("event {seq} cannot be read: {e}")))?;
            parsed.push(Logged { seq: *seq, event });
        }
        let mut i = 0;
        while i < parsed.len() {
            let Logged { seq, event } = &parsed[i];
            if *seq != table.seq + 1 {
                return Err(fail(format!(
                    "event {seq} follows event {}: the log has a gap",
                    table.seq
                )));
            }
            match event {
                TableEvent::Table(life) => {
                    let token = tokens.get(seq).cloned();
                    table
                        .apply(life, token)
                        .map_err(|m| fail(format!("event {seq}: {m}")))?;
                    table.seq = *seq;
                    if moves_the_game(event) {
                        table.moved_at = *seq;
                    }
                    table.log.push(parsed[i].clone());
                    i += 1;
                }
                TableEvent::Game(Event::Rolled { .. }) => {
                    let game = table
                        .game
                        .as_mut()
                        .ok_or_else(|| fail(format!("event {seq}: a roll before the start")))?;
                    let rolled = game.roll().map_err(|e| fail(format!("event {seq}: {e}")))?;
                    for (k, e) in rolled.iter().enumerate() {
                        let stored = parsed.get(i + k).map(|l| &l.event);
                        if stored != Some(&TableEvent::Game(*e)) {
                            return Err(fail(format!(
                                "event {}: the dice replay to {e:?}, the log says {stored:?}",
                                seq + k as u64
                            )));
                        }
                    }
                    for _ in 0..rolled.len() {
                        table.seq += 1;
                        table.log.push(parsed[i].clone());
                        i += 1;
                    }
                    table.moved_at = table.seq;
                }
                TableEvent::Game(e) => {
                    return Err(fail(format!("event {seq}: {e:?} without its roll")));
                }
            }
        }
        // Nobody is connected after a restart: the grace period starts now.
        let now = Instant::now();
        if table.status == Status::Playing {
            for occupant in table.seats.iter_mut().flatten() {
                if let Occupant::Human {
                    away: false,
                    gone_since,
                    ..
                } = occupant
                {
                    *gone_since = Some(now);
                }
            }
        }
        table.turn_since = now;
        table.refresh();
        Ok(table)
    }

    /// Closes the table once nobody has followed it or sent it anything for `idle.after`: a
    /// waiting table is logged as abandoned and leaves the registry, a finished one leaves its
    /// lobby line there ([`Entry::Retired`]) and is rebuilt from its log when asked. Playing
    /// tables never close this way.
    #[must_use]
    pub fn close_when_idle(mut self, idle: IdleClose) -> Table {
        if !idle.after.is_zero() {
            self.idle = Some(idle);
        }
        self
    }

    /// Whether the log says the table was abandoned before its start.
    pub fn is_abandoned(&self) -> bool {
        self.abandoned
    }

    /// The lobby's line.
    pub fn lobby_line(&self) -> TableSummary {
        self.summary()
    }

    /// Starts the actor; returns its handle.
    pub fn spawn(self) -> TableHandle {
        let (tx, rx) = mpsc::channel(256);
        let summary = self.summary.subscribe();
        tokio::spawn(self.run(rx));
        TableHandle { tx, summary }
    }

    /// The actor's loop: commands, and the timers of bots, the grace period and the turn timer.
    ///
    /// A waiting or finished table with no listener that was asked nothing for the idle limit
    /// stops: a waiting one is logged as abandoned and leaves the registry; a finished one
    /// leaves only its lobby line there. Commands already queued are then answered (finished)
    /// or dropped, which their senders hear as "no such table" (abandoned); a sender who finds
    /// the queue closed looks the table up again.
    async fn run(mut self, mut rx: mpsc::Receiver<TableCmd>) {
        loop {
            let deadline = self.next_deadline();
            let idle_at = self.idle_deadline();
            tokio::select! {
                biased;
                cmd = rx.recv() => match cmd {
                    Some(cmd) => {
                        self.handle(cmd).await;
                        self.idle_since = Instant::now();
                    }
                    None => break,
                },
                () = sleep_until(deadline) => {
                    self.on_timer().await;
                    self.idle_since = Instant::now();
                }
                () = sleep_until(idle_at) => {
                    if rx.is_empty() && self.close_idle().await {
                        rx.close();
                        while let Ok(cmd) = rx.try_recv() {
                            if !self.abandoned {
                                self.handle(cmd).await;
                            }
                        }
                        break;
                    }
                }
            }
        }
        tracing::debug!(table = self.id, "table closed");
    }

    fn idle_deadline(&self) -> Option<Instant> {
        let idle = self.idle.as_ref()?;
        let quiet = matches!(self.status, Status::Waiting | Status::Finished);
        (quiet && self.subs.is_empty()).then(|| self.idle_since + idle.after)
    }

    /// Leaves the registry (logging a waiting table as abandoned first); false when the log
    /// could not be written (the table stays and tries again after the next idle period).
    async fn close_idle(&mut self) -> bool {
        let Some(idle) = self.idle.clone() else {
            return false;
        };
        if self.status == Status::Waiting {
            let event = TableEvent::Table(Lifecycle::Abandoned);
            if let Err(e) = self.commit(vec![event], None, None).await {
                self.store_failed(&e);
                self.idle_since = Instant::now();
                return false;
            }
        }
        let mut registry = idle
            .registry
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if self.abandoned {
            registry.remove(&self.id);
            tracing::info!(table = self.id, "waiting table abandoned");
        } else {
            registry.insert(self.id, Entry::Retired(self.summary()));
            tracing::debug!(table = self.id, "finished table retired");
        }
        true
    }

    fn listener_of(&self, seat: Option<usize>) -> Listener {
        match seat {
            Some(s) if self.status != Status::Waiting => Listener::Player(s),
            _ => Listener::Spectator,
        }
    }

    fn refuse(&self, refusal: Refusal) -> Refused {
        refused(&self.narrator, refusal, Listener::Spectator)
    }

    fn seat_of(&self, token: &str) -> Option<usize> {
        self.seats.iter().position(
            |s| matches!(s, Some(Occupant::Human { token: t, .. }) if t.as_str() == token),
        )
    }

    fn host(&self) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| matches!(s, Some(Occupant::Human { .. })))
    }

    fn check_seq(&self, seq: u64) -> Result<(), Refused> {
        if seq == self.seq {
            Ok(())
        } else {
            Err(self.refuse(Refusal::StaleSeq {
                expected: self.seq,
                got: seq,
            }))
        }
    }

    fn check_host(&self, token: &str) -> Result<(), Refused> {
        let seat = self
            .seat_of(token)
            .ok_or_else(|| self.refuse(Refusal::NotSeated))?;
        if self.host() != Some(seat) {
            return Err(self.refuse(Refusal::NotHost));
        }
        Ok(())
    }

    fn check_waiting(&self) -> Result<(), Refused> {
        match self.status {
            Status::Waiting => Ok(()),
            _ => Err(self.refuse(Refusal::AlreadyStarted)),
        }
    }

    async fn handle(&mut self, cmd: TableCmd) {
        match cmd {
            TableCmd::Join { name, seat, reply } => {
                let _ = reply.send(self.join(name, seat).await);
            }
            TableCmd::Watch {
                conn,
                token,
                since,
                brief,
                out,
                reply,
            } => {
                let _ = reply.send(self.watch(conn, token, since, brief, out).await);
            }
            TableCmd::Unwatch { conn } => self.unwatch(conn),
            TableCmd::SetBrief { conn, brief } => {
                for s in self.subs.iter_mut().filter(|s| s.conn == conn) {
                    s.brief = brief;
                }
            }
            TableCmd::Leave { token, reply } => {
                let _ = reply.send(self.leave(&token).await);
            }
            TableCmd::Start { token, seq, reply } => {
                let _ = reply.send(self.start(&token, seq).await);
            }
            TableCmd::AddBot { token, seq, reply } => {
                let _ = reply.send(self.add_bot(&token, seq).await);
            }
            TableCmd::RemoveBot {
                token,
                seat,
                seq,
                reply,
            } => {
                let _ = reply.send(self.remove_bot(&token, seat, seq).await);
            }
            TableCmd::Roll { token, seq, reply } => {
                let _ = reply.send(self.roll(&token, seq).await);
            }
            TableCmd::Query { conn, query, reply } => {
                let _ = reply.send(self.query(conn, query));
            }
            TableCmd::View { reply } => {
                let _ = reply.send(self.view());
            }
        }
    }

    async fn join(
        &mut self,
        name: String,
        want: Option<usize>,
    ) -> Result<(usize, String), Refused> {
        let name = check_name(&name).map_err(|r| self.refuse(r))?;
        self.check_waiting()?;
        if self
            .seats
            .iter()
            .flatten()
            .any(|o| o.name().to_lowercase() == name.to_lowercase())
        {
            return Err(self.refuse(Refusal::BadName {
                detail: format!("{name} is already at this table"),
            }));
        }
        let seat = match want {
            Some(seat) if seat >= self.seats.len() => {
                return Err(self.refuse(Refusal::BadMessage {
                    detail: format!(
                        "this table has seats 0 to {}, not {seat}",
                        self.seats.len() - 1
                    ),
                }));
            }
            Some(seat) if self.seats[seat].is_some() => {
                return Err(self.refuse(Refusal::SeatTaken { seat }));
            }
            Some(seat) => seat,
            None => self
                .seats
                .iter()
                .position(Option::is_none)
                .ok_or_else(|| self.refuse(Refusal::TableFull))?,
        };
        let token = new_token();
        let event = Lifecycle::Joined { seat, name };
        self.commit(vec![TableEvent::Table(event)], Some(token.clone()), None)
            .await
            .map_err(|e| self.store_failed(&e))?;
        Ok((seat, token))
    }

    async fn watch(
        &mut self,
        conn: ConnId,
        token: Option<String>,
        since: Option<u64>,
        brief: bool,
        out: Outbox,
    ) -> Result<(), Refused> {
        let seat = match &token {
            Some(t) => Some(
                self.seat_of(t)
                    .ok_or_else(|| self.refuse(Refusal::NotSeated))?,
            ),
            None => None,
        };
        self.subs.retain(|s| s.conn != conn);
        // Count the connection first, so that the snapshot shows the seat connected.
        let playing = self.status == Status::Playing;
        let mut reclaim = false;
        if let Some(Some(Occupant::Human {
            conns,
            away,
            gone_since,
            ..
        })) = seat.and_then(|s| self.seats.get_mut(s))
        {
            *conns += 1;
            *gone_since = None;
            reclaim = *away && playing;
        }
        // The snapshot is the state now; the missed events that follow it are already part of
        // it (their seqs are at most `view.seq`): they are sent for the history and the words.
        let since = since.unwrap_or(0).min(self.seq);
        let view = self.view();
        let missed: Vec<Logged> = self.log[since as usize..].to_vec();
        let listener = self.listener_of(seat);
        let watching = ServerMessage::Watching {
            view: Box::new(view),
            you: seat,
        };
        out.offer(to_json(&watching));
        if !missed.is_empty() {
            let text = self.lines(&missed, listener, brief);
            let events = ServerMessage::Events {
                table: self.id,
                events: missed,
                text,
            };
            out.offer(to_json(&events));
        }
        self.subs.push(Sub {
            conn,
            out,
            seat,
            brief,
        });
        if reclaim {
            let event = Lifecycle::Reclaimed {
                player: seat.unwrap_or_default(),
            };
            if let Err(e) = self
                .commit(vec![TableEvent::Table(event)], None, None)
                .await
            {
                return Err(self.store_failed(&e));
            }
        }
        self.refresh();
        Ok(())
    }

    fn unwatch(&mut self, conn: ConnId) {
        let Some(i) = self.subs.iter().position(|s| s.conn == conn) else {
            return;
        };
        let sub = self.subs.swap_remove(i);
        self.release(sub.seat);
    }

    /// A connection speaking for `seat` went away.
    fn release(&mut self, seat: Option<usize>) {
        let playing = self.status == Status::Playing;
        if let Some(Some(Occupant::Human {
            conns, gone_since, ..
        })) = seat.and_then(|s| self.seats.get_mut(s))
        {
            *conns = conns.saturating_sub(1);
            if *conns == 0 && playing {
                *gone_since = Some(Instant::now());
            }
        }
        self.refresh();
    }

    async fn leave(&mut self, token: &str) -> Result<(), Refused> {
        let seat = self
            .seat_of(token)
            .ok_or_else(|| self.refuse(Refusal::NotSeated))?;
        let event = match self.status {
            Status::Waiting => {
                let name = self.seats[seat]
                    .as_ref()
                    .map(|o| o.name().to_string())
                    .unwrap_or_default();
                Lifecycle::Left { seat, name }
            }
            Status::Playing => {
                if matches!(self.seats[seat], Some(Occupant::Human { away: true, .. })) {
                    return Ok(());
                }
                Lifecycle::BotTookOver {
                    player: seat,
                    reason: AwayReason::Left,
                }
            }
            Status::Finished => {
                let winner = self.result.as_ref().map_or(0, |r| r.winner);
                return Err(self.refuse(Refusal::GameOver { winner }));
            }
        };
        self.commit(vec![TableEvent::Table(event)], None, None)
            .await
            .map_err(|e| self.store_failed(&e))
    }

    async fn start(&mut self, token: &str, seq: u64) -> Result<(), Refused> {
        self.check_host(token)?;
        self.check_waiting()?;
        self.check_seq(seq)?;
        let players: Vec<StartedPlayer> = self
            .seats
            .iter()
            .enumerate()
            .filter_map(|(seat, o)| {
                o.as_ref().map(|o| StartedPlayer {
                    seat,
                    name: o.name().to_string(),
                    bot: matches!(o, Occupant::Bot { .. }),
                })
            })
            .collect();
        if players.len() < 2 {
            return Err(self.refuse(Refusal::NotEnoughPlayers));
        }
        // The first player is the first number of the game's own dice stream.
        let game = Game::new(
            self.board.clone(),
            self.rules,
            players.len(),
            self.record.seed,
        )
        .map_err(|e| {
            self.refuse(Refusal::BadBoard {
                detail: e.to_string(),
            })
        })?;
        let first = game.state().first();
        let event = Lifecycle::Started { players, first };
        self.commit(vec![TableEvent::Table(event)], None, None)
            .await
            .map_err(|e| self.store_failed(&e))
    }

    async fn add_bot(&mut self, token: &str, seq: u64) -> Result<(), Refused> {
        self.check_host(token)?;
        self.check_waiting()?;
        self.check_seq(seq)?;
        let seat = self
            .seats
            .iter()
            .position(Option::is_none)
            .ok_or_else(|| self.refuse(Refusal::TableFull))?;
        let name = (1..)
            .map(|k| {
                self.narrator
                    .message("bot-name", &[("number", MessageArg::Num(k))])
            })
            .find(|n| {
                !self
                    .seats
                    .iter()
                    .flatten()
                    .any(|o| o.name().eq_ignore_ascii_case(n))
            })
            .unwrap_or_default();
        let event = Lifecycle::BotAdded { seat, name };
        self.commit(vec![TableEvent::Table(event)], None, None)
            .await
            .map_err(|e| self.store_failed(&e))
    }

    async fn remove_bot(&mut self, token: &str, seat: usize, seq: u64) -> Result<(), Refused> {
        self.check_host(token)?;
        self.check_waiting()?;
        self.check_seq(seq)?;
        let Some(Some(Occupant::Bot { name })) = self.seats.get(seat) else {
            return Err(self.refuse(Refusal::BadMessage {
                detail: format!("seat {seat} holds no bot"),
            }));
        };
        let event = Lifecycle::BotRemoved {
            seat,
            name: name.clone(),
        };
        self.commit(vec![TableEvent::Table(event)], None, None)
            .await
            .map_err(|e| self.store_failed(&e))
    }

    async fn roll(&mut self, token: &str, seq: u64) -> Result<(), Refused> {
        let seat = self
            .seat_of(token)
            .ok_or_else(|| self.refuse(Refusal::NotSeated))?;
        let listener = self.listener_of(Some(seat));
        let refuse = |t: &Table, r: Refusal| refused(&t.narrator, r, listener);
        match self.status {
            Status::Waiting => return Err(refuse(self, Refusal::NotStarted)),
            Status::Finished => {
                let winner = self.result.as_ref().map_or(0, |r| r.winner);
                return Err(refuse(self, Refusal::GameOver { winner }));
            }
            Status::Playing => {}
        }
        if seq < self.moved_at || seq > self.seq {
            return Err(refuse(
                self,
                Refusal::StaleSeq {
                    expected: self.seq,
                    got: seq,
                },
            ));
        }
        let turn = self.game.as_ref().map_or(0, |g| g.state().turn());
        if turn != seat {
            return Err(refuse(self, Refusal::NotYourTurn { turn }));
        }
        let mut before = Vec::new();
        if matches!(self.seats[seat], Some(Occupant::Human { away: true, .. })) {
            before.push(TableEvent::Table(Lifecycle::Reclaimed { player: seat }));
        }
        self.play(before).await.map_err(|e| self.store_failed(&e))
    }

    /// Rolls the game's dice for the player to move, with `before` logged ahead of the roll.
    async fn play(&mut self, before: Vec<TableEvent>) -> Result<(), StoreError> {
        let Some(game) = self.game.as_mut() else {
            return Ok(());
        };
        let saved = game.clone();
        let Ok(events) = game.roll() else {
            return Ok(());
        };
        let mut batch = before;
        batch.extend(events.into_iter().map(TableEvent::Game));
        let mut result = None;
        if let Some(state) = self.game.as_ref().map(Game::state)
            && let Some(winner) = state.winner()
        {
            let stats = state.stats();
            let r = GameResult {
                winner,
                winner_name: self
                    .narrator
                    .names()
                    .get(winner)
                    .cloned()
                    .unwrap_or_default(),
                turns: stats.iter().map(|s| s.turns).sum(),
                rolls: stats.iter().map(|s| s.rolls).sum(),
                squares: state.squares().to_vec(),
            };
            batch.push(TableEvent::Table(Lifecycle::Finished { result: r.clone() }));
            result = Some(r);
        }
        let outcome = self.commit(batch, None, result).await;
        if outcome.is_err() {
            self.game = Some(saved);
        }
        outcome
    }

    fn store_failed(&self, e: &StoreError) -> Refused {
        tracing::error!(table = self.id, error = %e, "cannot write the table's log");
        self.refuse(Refusal::StoreFailed)
    }

    /// Appends `events` to the store, then applies the table's own events (the game's were
    /// applied by the engine already) and tells every listener.
    async fn commit(
        &mut self,
        events: Vec<TableEvent>,
        token: Option<String>,
        result: Option<GameResult>,
    ) -> Result<(), StoreError> {
        let first = self.seq + 1;
        let mut rows = Vec::with_capacity(events.len());
        for (k, e) in events.iter().enumerate() {
            let json = serde_json::to_string(e).map_err(|e| StoreError {
                message: e.to_string(),
            })?;
            rows.push((first + k as u64, json));
        }
        let append = Append {
            table: self.id,
            events: rows,
            token: token.clone().map(|t| (first, t)),
            result,
        };
        self.store.append(append).await?;
        let mut logged = Vec::with_capacity(events.len());
        for (k, event) in events.into_iter().enumerate() {
            if let TableEvent::Table(life) = &event {
                // Applying an event the table itself produced cannot fail.
                if let Err(m) = self.apply(life, if k == 0 { token.clone() } else { None }) {
                    tracing::error!(table = self.id, "{m}");
                }
            }
            logged.push(Logged {
                seq: first + k as u64,
                event,
            });
        }
        self.seq = first + logged.len() as u64 - 1;
        if logged.iter().any(|l| moves_the_game(&l.event)) {
            self.moved_at = self.seq;
        }
        self.log.extend(logged.iter().cloned());
        self.turn_since = Instant::now();
        self.broadcast(&logged);
        self.refresh();
        Ok(())
    }

    /// Applies one of the table's own events to its state (live and when restoring).
    fn apply(&mut self, event: &Lifecycle, token: Option<String>) -> Result<(), String> {
        match event {
            Lifecycle::Joined { seat, name } => {
                let slot = self
                    .seats
                    .get_mut(*seat)
                    .ok_or_else(|| format!("no seat {seat}"))?;
                *slot = Some(Occupant::Human {
                    name: name.clone(),
                    token: token.ok_or_else(|| format!("no secret for seat {seat}"))?,
                    conns: 0,
                    away: false,
                    gone_since: None,
                });
            }
            Lifecycle::Left { seat, .. } | Lifecycle::BotRemoved { seat, .. } => {
                let slot = self
                    .seats
                    .get_mut(*seat)
                    .ok_or_else(|| format!("no seat {seat}"))?;
                *slot = None;
            }
            Lifecycle::BotAdded { seat, name } => {
                let slot = self
                    .seats
                    .get_mut(*seat)
                    .ok_or_else(|| format!("no seat {seat}"))?;
                *slot = Some(Occupant::Bot { name: name.clone() });
            }
            Lifecycle::Started { players, first } => {
                let mut seats = Vec::with_capacity(players.len());
                for p in players {
                    let mut o = self
                        .seats
                        .get_mut(p.seat)
                        .and_then(Option::take)
                        .ok_or_else(|| format!("seat {} is empty", p.seat))?;
                    if let Occupant::Human {
                        gone_since, conns, ..
                    } = &mut o
                        && *conns == 0
                    {
                        *gone_since = Some(Instant::now());
                    }
                    seats.push(Some(o));
                }
                for sub in &mut self.subs {
                    sub.seat = sub
                        .seat
                        .and_then(|old| players.iter().position(|p| p.seat == old));
                }
                let game = Game::new(
                    self.board.clone(),
                    self.rules,
                    players.len(),
                    self.record.seed,
                )
                .map_err(|e| e.to_string())?;
                if game.state().first() != *first {
                    return Err(format!(
                        "the seed draws player {} first, the log says {first}",
                        game.state().first()
                    ));
                }
                self.seats = seats;
                self.game = Some(game);
                self.status = Status::Playing;
            }
            Lifecycle::BotTookOver { player, .. } | Lifecycle::Reclaimed { player } => {
                let back = matches!(event, Lifecycle::Reclaimed { .. });
                if let Some(Some(Occupant::Human {
                    away, gone_since, ..
                })) = self.seats.get_mut(*player)
                {
                    *away = !back;
                    *gone_since = None;
                } else {
                    return Err(format!("player {player} is not a person"));
                }
            }
            Lifecycle::TimerRolled { .. } => {}
            Lifecycle::Abandoned => {
                if self.status != Status::Waiting {
                    return Err("a table abandoned after its start".to_string());
                }
                self.abandoned = true;
            }
            Lifecycle::Finished { result } => {
                self.status = Status::Finished;
                self.result = Some(result.clone());
            }
        }
        let names: Vec<String> = self
            .seats
            .iter()
            .map(|o| o.as_ref().map(|o| o.name().to_string()).unwrap_or_default())
            .collect();
        if self.narrator.names() != names.as_slice() {
            self.narrator = Narrator::new(names).with_game(&self.board, &self.rules);
        }
        Ok(())
    }

    /// Sends each listener the events with the sentences for them; a listener whose queue is
    /// full is dropped and told to reconnect (it will catch up from its last seq).
    fn broadcast(&mut self, logged: &[Logged]) {
        let mut cache: Vec<((Listener, bool), Utf8Bytes)> = Vec::new();
        let mut dropped = Vec::new();
        for i in 0..self.subs.len() {
            let key = (self.listener_of(self.subs[i].seat), self.subs[i].brief);
            let text = match cache.iter().find(|(k, _)| *k == key) {
                Some((_, t)) => t.clone(),
                None => {
                    let msg = ServerMessage::Events {
                        table: self.id,
                        events: logged.to_vec(),
                        text: self.lines(logged, key.0, key.1),
                    };
                    let t = to_json(&msg);
                    cache.push((key, t.clone()));
                    t
                }
            };
            if !self.subs[i].out.offer(text) {
                dropped.push(self.subs[i].conn);
            }
        }
        for conn in dropped {
            if let Some(i) = self.subs.iter().position(|s| s.conn == conn) {
                let sub = self.subs.swap_remove(i);
                sub.out.kick.notify_one();
                tracing::debug!(table = self.id, conn, "listener fell behind; dropped");
                self.release(sub.seat);
            }
        }
    }

    /// The sentences for `logged`, for one listener.
    fn lines(&self, logged: &[Logged], listener: Listener, brief: bool) -> Vec<String> {
        let mut lines = Vec::new();
        let mut moves: Vec<Event> = Vec::new();
        for l in logged {
            match &l.event {
                TableEvent::Game(e) => moves.push(*e),
                TableEvent::Table(life) => {
                    if !moves.is_empty() {
                        lines.extend(self.narrator.events(&moves, listener, brief));
                        moves.clear();
                    }
                    lines.extend(self.life_lines(life, listener));
                }
            }
        }
        if !moves.is_empty() {
            lines.extend(self.narrator.events(&moves, listener, brief));
        }
        lines
    }

    fn life_lines(&self, life: &Lifecycle, listener: Listener) -> Vec<String> {
        let n = &self.narrator;
        let name_of = |p: usize| n.names().get(p).cloned().unwrap_or_default();
        let s = |v: &str| MessageArg::Str(v.to_string());
        let num = |v: usize| MessageArg::Num(v as i64);
        match life {
            Lifecycle::Joined { seat, name } => vec![n.message(
                "table-joined",
                &[("name", s(name)), ("seat", num(seat + 1))],
            )],
            Lifecycle::Left { name, .. } => vec![n.message("table-left", &[("name", s(name))])],
            Lifecycle::BotAdded { seat, name } => vec![n.message(
                "table-bot-added",
                &[("name", s(name)), ("seat", num(seat + 1))],
            )],
            Lifecycle::BotRemoved { name, .. } => {
                vec![n.message("table-bot-removed", &[("name", s(name))])]
            }
            Lifecycle::Started { players, first } => vec![
                n.message("table-started", &[("players", num(players.len()))]),
                n.first_player(*first, listener),
            ],
            Lifecycle::BotTookOver { player, reason } => {
                let id = match reason {
                    AwayReason::Left => "table-left-bot-plays",
                    AwayReason::Disconnected => "table-away-bot-plays",
                };
                vec![n.message(id, &[("name", s(&name_of(*player)))])]
            }
            Lifecycle::Reclaimed { player } => {
                vec![n.message("table-reclaimed", &[("name", s(&name_of(*player)))])]
            }
            Lifecycle::TimerRolled { player } => {
                vec![n.message("table-timer-rolled", &[("name", s(&name_of(*player)))])]
            }
            // Only logged when nobody listens.
            Lifecycle::Abandoned => Vec::new(),
            Lifecycle::Finished { result } => {
                // The sentence counts the winner's own turns and rolls (the result keeps the
                // table's totals); a finished game's figures no longer change.
                let mine = self
                    .game
                    .as_ref()
                    .and_then(|g| g.state().stats().get(result.winner).copied())
                    .unwrap_or_default();
                vec![n.message(
                    "table-finished",
                    &[
                        ("name", s(&result.winner_name)),
                        ("turns", num(mine.turns as usize)),
                        ("rolls", num(mine.rolls as usize)),
                    ],
                )]
            }
        }
    }

    fn query(&self, conn: ConnId, query: Query) -> Result<Vec<String>, Refused> {
        let seat = self
            .subs
            .iter()
            .find(|s| s.conn == conn)
            .and_then(|s| s.seat);
        let listener = self.listener_of(seat);
        let n = &self.narrator;
        match query {
            Query::Help => return Ok(n.help()),
            Query::Rules => return Ok(vec![n.rules_line(&self.rules, self.board.last())]),
            _ => {}
        }
        let Some(state) = self.game.as_ref().map(Game::state) else {
            return Err(refused(n, Refusal::NotStarted, listener));
        };
        Ok(match query {
            Query::Positions => vec![n.positions(state, listener)],
            Query::Turn => vec![n.turn(state, listener)],
            Query::Scores => vec![n.scores(state, listener)],
            Query::DetailedScores => n.detailed_scores(state, listener),
            Query::Help | Query::Rules => Vec::new(),
        })
    }

    fn summary(&self) -> TableSummary {
        let host = self.host();
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, o)| match o {
                None => SeatView {
                    name: None,
                    bot: false,
                    away: false,
                    connected: false,
                    host: false,
                },
                Some(Occupant::Bot { name }) => SeatView {
                    name: Some(name.clone()),
                    bot: true,
                    away: false,
                    connected: true,
                    host: false,
                },
                Some(Occupant::Human {
                    name, conns, away, ..
                }) => SeatView {
                    name: Some(name.clone()),
                    bot: false,
                    away: *away,
                    connected: *conns > 0,
                    host: host == Some(i),
                },
            })
            .collect();
        TableSummary {
            id: self.id,
            status: self.status,
            board_name: self.record.board_name.clone(),
            rules: self.rules.to_string(),
            rules_line: self.rules_line.clone(),
            seat_count: self.seats.len(),
            seats,
            seq: self.seq,
            result: self.result.clone(),
        }
    }

    fn refresh(&mut self) {
        let summary = self.summary();
        self.summary.send_if_modified(|old| {
            if *old == summary {
                false
            } else {
                *old = summary;
                true
            }
        });
    }

    /// The whole table as it is now.
    pub fn view(&self) -> TableView {
        let state = self.game.as_ref().map(Game::state);
        TableView {
            summary: self.summary(),
            board: self.board.layout(),
            squares: state.map(|s| s.squares().to_vec()).unwrap_or_default(),
            turn: state.filter(|s| !s.is_over()).map(|s| s.turn()),
            first: state.map(|s| s.first()),
            stats: state.map(|s| s.stats().to_vec()).unwrap_or_default(),
            turn_timer_secs: self.timing.turn_timer.map(|d| d.as_secs()),
        }
    }

    /// The player to roll, if the server rolls for them (a bot, or a person a bot stands in
    /// for), or `None`.
    fn bot_to_roll(&self) -> Option<Player> {
        let state = self.game.as_ref()?.state();
        if self.status != Status::Playing || state.is_over() {
            return None;
        }
        let turn = state.turn();
        match self.seats.get(turn)? {
            Some(Occupant::Bot { .. }) | Some(Occupant::Human { away: true, .. }) => Some(turn),
            _ => None,
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        if self.status != Status::Playing {
            return None;
        }
        let mut next: Option<Instant> = None;
        let mut consider = |t: Instant| next = Some(next.map_or(t, |n: Instant| n.min(t)));
        for o in self.seats.iter().flatten() {
            if let Occupant::Human {
                away: false,
                gone_since: Some(t),
                ..
            } = o
            {
                consider(*t + self.timing.grace);
            }
        }
        if self.bot_to_roll().is_some() {
            consider(self.turn_since + self.timing.bot_delay);
        } else if let Some(timer) = self.timing.turn_timer {
            consider(self.turn_since + timer);
        }
        next
    }

    async fn on_timer(&mut self) {
        let now = Instant::now();
        // Grace periods that ran out: a bot takes the seat.
        let expired: Vec<Player> = self
            .seats
            .iter()
            .enumerate()
            .filter_map(|(p, o)| match o {
                Some(Occupant::Human {
                    away: false,
                    gone_since: Some(t),
                    ..
                }) if *t + self.timing.grace <= now => Some(p),
                _ => None,
            })
            .collect();
        for player in expired {
            let event = Lifecycle::BotTookOver {
                player,
                reason: AwayReason::Disconnected,
            };
            if let Err(e) = self
                .commit(vec![TableEvent::Table(event)], None, None)
                .await
            {
                self.store_failed(&e);
                return;
            }
        }
        let result = if self.bot_to_roll().is_some() {
            if self.turn_since + self.timing.bot_delay > now {
                return;
            }
            self.play(Vec::new()).await
        } else if let Some(timer) = self.timing.turn_timer
            && self.turn_since + timer <= now
            && self.status == Status::Playing
        {
            let player = self.game.as_ref().map_or(0, |g| g.state().turn());
            self.play(vec![TableEvent::Table(Lifecycle::TimerRolled { player })])
                .await
        } else {
            Ok(())
        };
        if let Err(e) = result {
            self.store_failed(&e);
            // Try again later rather than spinning on a failing disk.
            self.turn_since = Instant::now() + Duration::from_secs(1);
        }
    }
}

/// Whether an event changes the game (so a roll based on an earlier seq is stale).
fn moves_the_game(event: &TableEvent) -> bool {
    matches!(
        event,
        TableEvent::Game(_) | TableEvent::Table(Lifecycle::Started { .. })
    )
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

/// A message as JSON text, ready for the socket.
pub fn to_json(message: &ServerMessage) -> Utf8Bytes {
    // Serializing our own types cannot fail: no maps with non-string keys, no custom code.
    Utf8Bytes::from(serde_json::to_string(message).unwrap_or_default())
}

/// A new seat secret: 128 bits from the operating system, as hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    fill_random(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new dice seed from the operating system's secure source.
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    fill_random(&mut bytes);
    u64::from_le_bytes(bytes)
}

fn fill_random(bytes: &mut [u8]) {
    if let Err(e) = getrandom::fill(bytes) {
        // No secure source means no fair dice and no secret seats: stop rather than cheat.
        panic!("the operating system has no random numbers: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Ana ").unwrap(), "Ana");
        assert!(matches!(check_name("   "), Err(Refusal::BadName { .. })));
        assert!(matches!(
            check_name(&"x".repeat(MAX_NAME_CHARS + 1)),
            Err(Refusal::BadName { .. })
        ));
        assert!(matches!(
            check_name("a\u{7}b"),
            Err(Refusal::BadName { .. })
        ));
        assert_eq!(
            check_name(&"é".repeat(MAX_NAME_CHARS))
                .unwrap()
                .chars()
                .count(),
            24
        );
    }

    #[test]
    fn tokens_and_seeds_differ_each_time() {
        let a = new_token();
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, new_token());
        assert_ne!(new_seed(), new_seed());
    }
}
