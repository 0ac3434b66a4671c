//! A table's actor: the one task that owns a [`TableState`], and the handles others reach it by.
//!
//! It only moves messages: a command comes in, the state decides, the events are appended to
//! the store, applied, and sent to every listener with the sentences for them; then the answer
//! goes back. Timers are the state's deadlines ([`TableState::next_deadline`], the idle limit),
//! slept on here and answered with [`Command::Tick`]. Nothing else touches a table's state.

use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use snakes_text::{Others, Refusal};
use tokio::sync::{Notify, mpsc, oneshot, watch};
use tungstenite::Utf8Bytes;

use crate::clock::Clock;
use crate::fair::Client;
use crate::locks::{Lock, Shared};
use crate::metrics::Metrics;
pub use crate::outbox::Outbox;
use crate::protocol::{
    GameRecord, Lifecycle, Logged, Query, ServerMessage, TableEvent, TableId, TableSummary,
    TableView,
};
use crate::secret::Secret;
use crate::store::{Append, Store, StoreError};
use crate::table::{Act, Action, Asker, Command, TableState};
use crate::talk::Talk;
use crate::view::{self, Refused, Tongues, to_json};
use rows as lobby;

pub(crate) mod rows;
mod talk;

/// The tables' writes to the store, failing or not: logged once when they start failing, then
/// every few seconds, not once a table and a try.
static WRITES: crate::logs::Trouble =
    crate::logs::Trouble::new("the tables' events cannot be written");

pub use crate::outbox::ConnId;

pub use crate::config::PAGE_EVENTS;

type Reply<T> = oneshot::Sender<Result<T, Refused>>;

/// What a table's actor can be asked: a command of the table's own ([`TableCmd::Act`]), or one
/// of the few that change nothing in its state (following it, the settings of a listener, a
/// question, the view, the record).
#[derive(Debug)]
pub enum TableCmd {
    /// A command of the table's own (join, leave, come back, start, seat or remove a bot, roll):
    /// decided, written to the store, applied and told to every listener; the answer is the
    /// events it caused, or why not.
    Act {
        /// What the table is asked.
        command: Command,
        /// The connection asking, if it follows the table: taking a seat, it hears of the seat
        /// in its own words ("you took seat 3"), not as the others do.
        conn: Option<ConnId>,
        /// The asker's language, by place in `LOCALES`: a refusal that names a player (whose
        /// turn it is, who won) carries the names in it.
        lang: usize,
        /// The answer.
        reply: Reply<Vec<TableEvent>>,
    },
    /// Follow the table from `since` on, speaking for the seat of `token` if it holds one.
    Watch {
        /// The connection.
        conn: ConnId,
        /// A seat's secret.
        token: Option<String>,
        /// What it has seen and heard of the table.
        seen: Seen,
        /// How it is told the table.
        hearing: Hearing,
        /// Where to send.
        out: Outbox,
        /// The answer (the messages themselves go to `out`): whether more of the log is to
        /// come ([`TableCmd::More`]).
        reply: Reply<bool>,
    },
    /// The next page of a catch-up, once the connection has room for it; the answer says
    /// whether more is to come.
    More {
        /// The connection.
        conn: ConnId,
        /// The answer.
        reply: oneshot::Sender<bool>,
    },
    /// Give the table's place to a newcomer: a waiting table nobody follows is abandoned and
    /// leaves the registry (the answer says whether it did; the actor then stops).
    Yield {
        /// Whether the table gave its place.
        reply: oneshot::Sender<bool>,
    },
    /// A moderator named `by` closes the table for `reason` ([`Command::Close`]): decided,
    /// written to the store and told to every listener as a table's own command is; then the
    /// table leaves the registry for good and the actor stops, as after an abandoned table.
    /// The answer comes once the closing is stored and told, or says why not.
    Close {
        /// The moderator's name (checked).
        by: String,
        /// Why (checked as talk is; may be empty).
        reason: String,
        /// The answer.
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
    /// The language the connection is told in from now on.
    SetLocale {
        /// The connection.
        conn: ConnId,
        /// By place in `LOCALES`.
        lang: usize,
    },
    /// How much is said of the other players' moves.
    SetOthers {
        /// The connection.
        conn: ConnId,
        /// The setting.
        others: Others,
    },
    /// A question behind a key.
    Query {
        /// The connection (its seat decides "you").
        conn: ConnId,
        /// Which question.
        query: Query,
        /// The language of the answer, by place in `LOCALES`.
        lang: usize,
        /// The square asked about, for [`Query::Square`].
        square: Option<u64>,
        /// The lines of the answer.
        reply: Reply<Vec<String>>,
    },
    /// The whole table as it is.
    View {
        /// Its language, by place in `LOCALES`.
        lang: usize,
        /// The answer.
        reply: oneshot::Sender<TableView>,
    },
    /// The game's record: board, rules, dice, every event.
    Record {
        /// The answer.
        reply: oneshot::Sender<GameRecord>,
    },
    /// Connection `conn` says `text` (checked) to everyone following the table: as its seat,
    /// or, watching, as `name`.
    Say {
        /// The connection.
        conn: ConnId,
        /// Its name, for someone watching.
        name: Option<String>,
        /// The message.
        text: String,
        /// The answer: nothing, or why not.
        reply: Reply<()>,
    },
    /// A moderator removes message `n` of the table's talk: every listener's history says
    /// so in its place. The answer is the message as it was.
    Unsay {
        /// The message's number.
        n: u64,
        /// The message removed, or `no_such_message`.
        reply: Reply<std::sync::Arc<crate::talk::Spoken>>,
    },
    /// What `name` said last at the table (for a report about them): none when nobody of
    /// that name is here nor said anything kept.
    LastSaid {
        /// The person's name.
        name: String,
        /// Their last messages, oldest first.
        reply: tokio::sync::oneshot::Sender<Option<Vec<String>>>,
    },
    /// Connection `conn`, watching, takes the name `name` at the table.
    SetName {
        /// The connection.
        conn: ConnId,
        /// The name (checked).
        name: String,
        /// The answer: nothing, or why not (someone at the table has it).
        reply: Reply<()>,
    },
}

/// A table in the registry: its actor, or (a finished table nobody looked at for the idle
/// limit, or one of the newest finished when the server started) only its lobby line, the
/// actor stopped; the table is rebuilt from its log when asked. With several servers, a table
/// another server serves is listed by its stored row.
#[derive(Debug, Clone)]
pub enum Entry {
    /// The actor runs.
    Live(TableHandle),
    /// The actor stopped; the lobby line of the finished table.
    Retired(TableSummary),
    /// Served by another server: its lobby line as stored.
    Remote(TableSummary),
}

impl Entry {
    /// The table's lobby line, in English.
    pub fn summary(&self) -> TableSummary {
        match self {
            Entry::Live(h) => h.summary(),
            Entry::Retired(summary) | Entry::Remote(summary) => summary.clone(),
        }
    }
}

/// Every table by id, shared by the server and the actors (which remove or retire themselves).
pub type Registry = Arc<RwLock<BTreeMap<TableId, Entry>>>;

/// Counts the changes of the lobby's list (a table's state or seats, a table gone), for the
/// pages showing it.
pub type Lobby = Arc<watch::Sender<u64>>;

/// Tells the lobby's pages that its list changed.
pub(crate) fn lobby_changed(lobby: &Lobby) {
    lobby.send_modify(|n| *n = n.wrapping_add(1));
}

/// This server's claim on a table: the epoch its appends carry, until when its lease runs by
/// this server's clock, and whether it is lost.
#[derive(Debug)]
pub(crate) struct Claim {
    /// The epoch (0: a finished table, read only, never claimed).
    pub epoch: u64,
    /// Until when the lease runs for sure: a lease after the claim was asked for, then after
    /// the last renewal that renewed it was sent (the database set each expiry later).
    until: std::sync::Mutex<tokio::time::Instant>,
    lost: std::sync::atomic::AtomicBool,
    bell: Notify,
}

impl Claim {
    /// A claim of `epoch` asked for at `asked`, on a lease of `lease`.
    pub fn new(epoch: u64, asked: tokio::time::Instant, lease: Duration) -> Claim {
        Claim {
            epoch,
            until: std::sync::Mutex::new(asked + lease),
            lost: std::sync::atomic::AtomicBool::new(false),
            bell: Notify::new(),
        }
    }

    /// Until when the lease runs for sure.
    pub fn until(&self) -> tokio::time::Instant {
        *self.until.locked()
    }

    /// A renewal made the lease run until `to` at least.
    pub fn extend(&self, to: tokio::time::Instant) {
        let mut until = self.until.locked();
        *until = (*until).max(to);
    }

    /// Says the claim is lost: the actor stops serving the table.
    pub fn lose(&self) {
        if !self.lost.swap(true, std::sync::atomic::Ordering::AcqRel) {
            self.bell.notify_one();
        }
    }

    /// Whether [`Claim::lose`] was called.
    pub fn is_lost(&self) -> bool {
        self.lost.load(std::sync::atomic::Ordering::Acquire)
    }
}

/// A handle on a table's actor.
#[derive(Debug, Clone)]
pub struct TableHandle {
    /// Commands.
    pub(crate) tx: mpsc::Sender<TableCmd>,
    /// This server's claim on the table: lost (a lease not renewed in time), the actor stops
    /// serving it at once, even in the middle of a write.
    pub(crate) claim: Arc<Claim>,
    /// The lobby's line, kept current by the actor.
    summary: watch::Receiver<TableSummary>,
    /// The client that created the table, while this server runs (its quota of open tables).
    pub(crate) origin: Option<Client>,
}

impl TableHandle {
    /// The lobby's line as it is now.
    pub fn summary(&self) -> TableSummary {
        self.summary.borrow().clone()
    }

    /// Whether the table waits, plays or is finished.
    pub fn status(&self) -> crate::protocol::Status {
        self.summary.borrow().status
    }

    /// Whether the actor has stopped (the table closed for being idle).
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// The table's line as it changes: at every event (its seq), a seat, the start, the end.
    #[cfg(test)]
    pub(crate) fn changes(&self) -> watch::Receiver<TableSummary> {
        self.summary.clone()
    }
}

#[derive(Debug)]
struct Sub {
    conn: ConnId,
    out: Outbox,
    /// The seat's secret the connection speaks for (its seat is looked up each time: seats
    /// are renumbered at the start, and a seat left may be taken by someone else).
    token: Option<String>,
    brief: bool,
    /// The language it is told in, by place in `LOCALES`.
    lang: usize,
    others: Others,
    /// Catching up: the last seq sent. Live events wait until the catch-up reaches them (they
    /// are in the log, and come in its pages).
    catching_up: Option<u64>,
    /// The last seq the connection was told of on coming to the table (in one line: "While you
    /// were away ..."): what it says is not told again with the next "Your turn". 0 once the
    /// listener has rolled since.
    told: u64,
    /// The name it talks with when it holds no seat (no one else at the table has it).
    name: Option<String>,
    /// What it is sent of what others say ([`crate::talk::Ear`]).
    ear: crate::talk::Ear,
    /// The member signed in on the connection (what they say carries it, for those who
    /// blocked them).
    member: Option<i64>,
}

/// How a connection coming to a table is told it: briefly or not, how much of the others'
/// moves, in which language; and the name it talks with, if it has one.
#[derive(Debug, Clone)]
pub struct Hearing {
    /// Short sentences.
    pub brief: bool,
    /// By place in `LOCALES`.
    pub lang: usize,
    /// How much is said of the other players' moves.
    pub others: Others,
    /// The connection's name, for talking while it holds no seat.
    pub name: Option<String>,
    /// The member signed in on the connection.
    pub member: Option<i64>,
    /// The members they blocked, whom they do not hear.
    pub blocked: crate::talk::Blocked,
}

/// What a connection coming to a table had seen and heard of it.
#[derive(Debug, Clone, Copy)]
pub struct Seen {
    /// The last event it has (the events after it are sent).
    pub since: Option<u64>,
    /// The last event heard, when it is not `since` (what follows is said in one line).
    pub heard: Option<u64>,
}

/// A table's actor: its state, its words (in each language spoken), its listeners.
pub struct Actor {
    state: TableState,
    tongues: Tongues,
    store: Store,
    registry: Registry,
    lobby: Lobby,
    subs: Vec<Sub>,
    summary: watch::Sender<TableSummary>,
    /// After a failed write, the timers wait until then rather than spin on a failing disk.
    retry_at: Option<std::time::Instant>,
    /// The time the table's timers count in.
    clock: Clock,
    /// The connection taking a seat now: the seat's news is not told to it (its answer says
    /// "you took seat 3").
    joiner: Option<ConnId>,
    /// The seats taken by each connection (their secrets): one a connection.
    seated_by: Vec<(ConnId, Secret)>,
    /// This server's claim on the table, whose epoch every append carries.
    claim: Arc<Claim>,
    /// Another server claimed the table, or the store's log is not what this actor holds: an
    /// append was refused, and the actor stops (the table is read again from the store).
    fenced: bool,
    /// Events decided and sent to the store whose write's outcome is not known (the database
    /// did not answer), numbered from the state's next seq: read back from the store before
    /// anything else is decided ([`Actor::settle`]).
    unsure: Option<Vec<TableEvent>>,
    /// The server's counters: rolls, commits.
    metrics: Metrics,
    /// What people said at the table, the last few messages (never in the store).
    talk: Talk,
    /// The seat whose person the host is removing now, and the connections that spoke for
    /// it: they hear it in the first person ("The host removed you from the table."), though
    /// their token no longer holds the seat.
    removing: Option<(usize, Vec<ConnId>)>,
}

impl Actor {
    /// Starts the actor of `state` with its words ([`crate::view::tongues_ready`]), which writes to `store`
    /// under `claim`, tells `lobby` when its lobby line changes, leaves `registry` when it
    /// closes for being idle (or when another server claimed it) and keeps its time by
    /// `clock`; returns its handle.
    pub fn spawn(
        (state, tongues): (TableState, Tongues),
        store: Store,
        registry: Registry,
        lobby: Lobby,
        clock: Clock,
        metrics: Metrics,
        claim: Arc<Claim>,
    ) -> TableHandle {
        let (summary, rx_summary) = watch::channel(view::summary(&state, tongues.english()));
        let (tx, rx) = mpsc::channel(256);
        // Every claim raises the epoch: one past the first is a table another server served.
        if claim.epoch > 1 && state.status() != crate::protocol::Status::Finished {
            metrics.took_over();
        }
        let actor = Actor {
            state,
            tongues,
            store,
            registry,
            lobby,
            subs: Vec::new(),
            summary,
            retry_at: None,
            clock,
            joiner: None,
            seated_by: Vec::new(),
            claim: claim.clone(),
            fenced: false,
            unsure: None,
            metrics,
            talk: Talk::default(),
            removing: None,
        };
        tokio::spawn(actor.run(rx));
        TableHandle {
            tx,
            claim,
            summary: rx_summary,
            origin: None,
        }
    }

    /// The actor's loop: commands, the state's timers, and closing when idle.
    ///
    /// A waiting or finished table with no listener that was asked nothing for the idle limit
    /// stops: a waiting one is logged as abandoned and leaves the registry; a finished one
    /// leaves only its lobby line there. Commands already queued are then answered (finished)
    /// or dropped, which their senders hear as "no such table" (abandoned); a sender who finds
    /// the queue closed looks the table up again.
    async fn run(mut self, mut rx: mpsc::Receiver<TableCmd>) {
        loop {
            if self.fenced {
                rx.close();
                self.step_down().await;
                break;
            }
            let deadline = match (self.state.next_deadline(), self.retry_at) {
                (Some(due), Some(retry)) => Some(due.max(retry)),
                (due, _) => due,
            };
            let idle_at = self.state.idle_deadline();
            let talk_due = self.subs.iter().filter_map(|s| s.ear.due()).min();
            tokio::select! {
                biased;
                cmd = rx.recv() => match cmd {
                    Some(TableCmd::Yield { reply }) => {
                        let yielded = self.give_way().await;
                        let _ = reply.send(yielded);
                        if yielded {
                            // What was queued meanwhile is dropped: its senders hear "no such
                            // table", as for a table closed when idle.
                            rx.close();
                            break;
                        }
                    }
                    Some(TableCmd::Close { by, reason, reply }) => {
                        let closed = self.close(by, reason).await;
                        let done = closed.is_ok();
                        let _ = reply.send(closed);
                        if done {
                            // What was queued meanwhile is dropped: its senders hear "no such
                            // table", as for a table abandoned.
                            rx.close();
                            break;
                        }
                    }
                    Some(cmd) => {
                        self.handle(cmd).await;
                        self.state.touch(self.clock.now());
                    }
                    None => break,
                },
                // Told by the server that its lease on the table is lost.
                () = self.claim.bell.notified() => {
                    self.fenced = true;
                }
                // Before the timers: bots that roll without a pause must not keep a game nobody
                // plays open for ever.
                () = self.clock.sleep_until(idle_at) => {
                    if rx.is_empty() && self.close_idle().await {
                        rx.close();
                        while let Ok(cmd) = rx.try_recv() {
                            if !self.state.is_abandoned() {
                                self.handle(cmd).await;
                            }
                        }
                        break;
                    }
                }
                () = self.clock.sleep_until(deadline) => {
                    self.tick().await;
                    self.state.touch(self.clock.now());
                }
                // Talk not sent to a listener (over what one is sent a second), counted in
                // one line.
                () = self.clock.sleep_until(talk_due) => self.tell_unheard(),
            }
        }
        tracing::debug!(table = self.state.id(), "table closed");
    }

    /// Whatever the timers say is due now.
    async fn tick(&mut self) {
        let now = self.clock.now();
        if let Err(e) = self.settle().await {
            self.store_failed(&e);
            self.retry_at = Some(now + Duration::from_secs(1));
            return;
        }
        let events = self.state.decide(&Command::Tick, now).unwrap_or_default();
        if events.is_empty() {
            // A deadline passed with nothing due: cannot happen, but must not spin.
            tracing::warn!(table = self.state.id(), "a timer found nothing to do");
            self.retry_at = Some(now + Duration::from_secs(1));
            return;
        }
        match self.commit(events).await {
            Ok(()) => self.retry_at = None,
            Err(e) => {
                self.store_failed(&e);
                self.retry_at = Some(now + Duration::from_secs(1));
            }
        }
    }

    /// Leaves the registry (logging a waiting table as abandoned first); false when it is not
    /// time yet or the log could not be written (the table then tries again after the next idle
    /// period).
    async fn close_idle(&mut self) -> bool {
        let now = self.clock.now();
        if let Err(e) = self.settle().await {
            self.store_failed(&e);
            self.state.touch(now);
            return false;
        }
        let Some(events) = self.state.closing(now) else {
            return false;
        };
        if let Err(e) = self.commit(events).await {
            self.store_failed(&e);
            self.state.touch(now);
            return false;
        }
        self.leave_registry();
        true
    }

    /// Abandons a waiting table nobody follows now, for a newcomer's table
    /// ([`TableState::yielding`]); false when it is not such a table or its log could not be
    /// written.
    async fn give_way(&mut self) -> bool {
        if let Err(e) = self.settle().await {
            self.store_failed(&e);
            return false;
        }
        let Some(events) = self.state.yielding() else {
            return false;
        };
        if let Err(e) = self.commit(events).await {
            self.store_failed(&e);
            return false;
        }
        tracing::info!(
            table = self.state.id(),
            "a waiting table nobody followed gave its place to a newcomer's"
        );
        self.leave_registry();
        true
    }

    /// A moderator closes the table ([`Command::Close`]), decided and committed as any command
    /// of the table's; once it is stored and told, the table leaves the registry for good.
    async fn close(&mut self, by: String, reason: String) -> Result<(), Refused> {
        let moderator = by.clone();
        self.act(Command::Close { by, reason }, None, 0).await?;
        tracing::info!(
            table = self.state.id(),
            moderator,
            "a moderator closed the table"
        );
        self.leave_registry();
        Ok(())
    }

    /// Leaves the registry once the table is closed: an abandoned one for good, a finished one
    /// leaving its lobby line.
    fn leave_registry(&mut self) {
        let id = self.state.id();
        let mut registry = self.registry.writing();
        if self.state.is_abandoned() {
            registry.remove(&id);
            tracing::info!(table = id, status = ?self.state.status(), "table abandoned");
        } else {
            let summary = view::summary(&self.state, self.tongues.english());
            registry.insert(id, Entry::Retired(summary));
            lobby::trim_finished(&mut registry);
            tracing::debug!(table = id, "finished table retired");
        }
        lobby_changed(&self.lobby);
    }

    /// Stops serving a table another server claimed (or may claim: this one's lease ran out):
    /// leaves the registry and tells every listener where the table is served now (the
    /// address is empty when that is not known yet: the page tries the servers it knows).
    async fn step_down(&mut self) {
        let id = self.state.id();
        // Said once for all the tables a server drops at once (`cluster.rs`), here for each.
        tracing::debug!(table = id, epoch = self.claim.epoch, "lost the table");
        if self.state.status() != crate::protocol::Status::Finished {
            self.metrics.lost_table();
        }
        {
            let mut registry = self.registry.writing();
            if let Some(Entry::Live(h)) = registry.get(&id)
                && Arc::ptr_eq(&h.claim, &self.claim)
            {
                let summary = view::summary(&self.state, self.tongues.english());
                registry.insert(id, Entry::Remote(summary));
            }
        }
        lobby_changed(&self.lobby);
        let address = where_now(self.store.clone(), id).await;
        let moved = Refusal::Moved { address };
        for sub in self.subs.drain(..) {
            let words = self.tongues.of(sub.lang);
            let refused = Refused::from(moved.clone());
            sub.out
                .offer(to_json(&refused.to_message(words.narrator())));
        }
    }

    async fn handle(&mut self, cmd: TableCmd) {
        match cmd {
            TableCmd::Act {
                command,
                conn,
                lang,
                reply,
            } => {
                let _ = reply.send(self.act(command, conn, lang).await);
            }
            TableCmd::Watch {
                conn,
                token,
                seen,
                hearing,
                out,
                reply,
            } => {
                let _ = reply.send(self.watch(conn, token, seen, hearing, out).await);
            }
            TableCmd::More { conn, reply } => {
                let more = self.page(conn);
                let _ = reply.send(more);
            }
            TableCmd::Unwatch { conn } => self.unwatch(conn),
            // Answered by the loop, which stops when the table gave its place.
            TableCmd::Yield { reply } => {
                let _ = reply.send(false);
            }
            // Answered by the loop, which stops once the table is closed; here only after the
            // loop, for a finished table put away, which refuses it.
            TableCmd::Close { by, reason, reply } => {
                let _ = reply.send(self.close(by, reason).await);
            }
            TableCmd::SetBrief { conn, brief } => {
                for s in self.subs.iter_mut().filter(|s| s.conn == conn) {
                    s.brief = brief;
                }
            }
            TableCmd::SetLocale { conn, lang } => {
                self.tongues.speak(&self.state, lang);
                for s in self.subs.iter_mut().filter(|s| s.conn == conn) {
                    s.lang = lang;
                }
            }
            TableCmd::SetOthers { conn, others } => {
                for s in self.subs.iter_mut().filter(|s| s.conn == conn) {
                    s.others = others;
                }
            }
            TableCmd::Query {
                conn,
                query,
                lang,
                square,
                reply,
            } => {
                self.tongues.speak(&self.state, lang);
                if query == Query::Who {
                    let _ = reply.send(Ok(self.who_is_here(conn, lang)));
                    return;
                }
                let sub = self.subs.iter().find(|s| s.conn == conn);
                let seat = sub
                    .and_then(|s| s.token.as_deref())
                    .and_then(|t| self.state.seat_of(t));
                let words = self.tongues.heard_by(lang, seat);
                let listener = view::listener(&self.state, seat);
                let answer = view::answer(&self.state, words, query, square, (seat, listener))
                    .map_err(|r| words.refused(r, listener));
                let _ = reply.send(answer);
            }
            TableCmd::View { lang, reply } => {
                self.tongues.speak(&self.state, lang);
                let words = self.tongues.of(lang);
                let _ = reply.send(view::table_view(&self.state, words, None, self.clock.now()));
            }
            TableCmd::Record { reply } => {
                let _ = reply.send(view::record(&self.state));
            }
            TableCmd::Say {
                conn,
                name,
                text,
                reply,
            } => {
                let _ = reply.send(self.say(conn, name, text));
            }
            TableCmd::SetName { conn, name, reply } => {
                let _ = reply.send(self.set_name(conn, &name).map_err(Refused::from));
            }
            TableCmd::Unsay { n, reply } => {
                let _ = reply.send(self.unsay(n).map_err(Refused::from));
            }
            TableCmd::LastSaid { name, reply } => {
                let _ = reply.send(self.last_said(&name));
            }
        }
    }

    /// Decides `command` now and commits what it causes. A refusal is the asker's: the players'
    /// names go with it in the asker's language `LOCALES[lang]`, when it names one.
    async fn act(
        &mut self,
        command: Command,
        conn: Option<ConnId>,
        lang: usize,
    ) -> Result<Vec<TableEvent>, Refused> {
        self.settle().await.map_err(|e| self.store_failed(&e))?;
        // Who asks, as far as the table's rules look at the connection: only a join looks.
        let (mut seats_taken, mut watcher_names) = (Vec::new(), Vec::new());
        if let Command::Act(Act {
            action: Action::Join { .. },
            ..
        }) = &command
        {
            let state = &self.state;
            self.seated_by.retain(|(_, s)| state.holds(s));
            seats_taken = (self.seated_by.iter())
                .filter(|(c, _)| Some(*c) == conn)
                .map(|(_, s): &(ConnId, Secret)| s.clone())
                .collect();
            watcher_names = self.watcher_names(conn).collect();
        }
        let asker = Asker {
            seats_taken: &seats_taken,
            watcher_names: &watcher_names,
        };
        let decided = self.state.decide_for(&asker, &command, self.clock.now());
        let events = match decided {
            Ok(events) => events,
            Err(refusal) => {
                let seat = command.token().and_then(|t| self.state.seat_of(t));
                let listener = view::listener(&self.state, seat);
                self.tongues.speak(&self.state, lang);
                return Err(self.tongues.of(lang).refused(refusal, listener));
            }
        };
        let action = match &command {
            Command::Act(act) => Some(&act.action),
            _ => None,
        };
        // The one taking a seat hears of it in the answer, in the first person; the
        // connection holds the seat's secret, one seat at a time.
        let joining = match (action, conn) {
            (Some(Action::Join { secret, .. }), Some(c)) => Some((c, secret.clone())),
            _ => None,
        };
        self.joiner = joining.as_ref().map(|(c, _)| *c);
        if let Some(&Action::RemovePlayer { seat }) = action {
            let conns = self
                .subs
                .iter()
                .filter(|s| s.token.as_deref().and_then(|t| self.state.seat_of(t)) == Some(seat))
                .map(|s| s.conn)
                .collect();
            self.removing = Some((seat, conns));
        }
        let mut written = self.commit(events.clone()).await;
        // Not known whether it was written: found out at once, so that the one who asked is
        // answered for what happened (a seat taken is theirs: its secret goes only in this
        // answer).
        if written.is_err() && self.unsure.is_some() {
            let first = self.state.seq() + 1;
            written = match self.settle().await {
                Ok(()) if self.state.seq() >= first => Ok(()),
                Ok(()) => written,
                Err(e) => Err(e),
            };
        }
        self.joiner = None;
        self.removing = None;
        written.map_err(|e| self.store_failed(&e))?;
        self.seated_by.extend(joining);
        Ok(events)
    }

    async fn watch(
        &mut self,
        conn: ConnId,
        token: Option<String>,
        seen: Seen,
        Hearing {
            brief,
            lang,
            others,
            name,
            member,
            blocked,
        }: Hearing,
        out: Outbox,
    ) -> Result<bool, Refused> {
        self.settle().await.map_err(|e| self.store_failed(&e))?;
        let command = Command::Watch {
            token: token.clone(),
        };
        self.tongues.speak(&self.state, lang);
        let events = self
            .state
            .decide(&command, self.clock.now())
            .map_err(Refused::from)?;
        self.stop_following(conn, false);
        // Count the connection first, so that the snapshot shows the seat connected.
        let before = view::connections(&self.state);
        let seat = self.state.connect(token.as_deref());
        self.presence(&before);
        // The snapshot is the state now; the missed events that follow it are already part of
        // it (their seqs are at most `view.seq`): they are sent for the history and the words.
        // What happened since the last event heard is said in one line.
        let last = self.state.seq();
        let since = seen.since.unwrap_or(0).min(last);
        // Someone who never heard this table hears only whose turn it is.
        let heard = seen.heard.or(seen.since).unwrap_or(last).min(last);
        let listener = view::listener(&self.state, seat);
        let log = self.state.log();
        let heard_by = self.tongues.heard_by(lang, seat);
        let say = view::catch_up(&self.state, heard_by, &log[heard as usize..], listener);
        let watching = ServerMessage::Watching {
            view: Box::new(view::table_view(
                &self.state,
                self.tongues.of(lang),
                token.as_deref(),
                self.clock.now(),
            )),
            you: seat,
            say,
        };
        out.offer(to_json(&watching));
        self.subs.push(Sub {
            conn,
            out,
            token,
            brief,
            lang,
            others,
            catching_up: Some(since),
            told: last,
            name: None,
            ear: crate::talk::Ear::new(self.clock.now(), blocked),
            member,
        });
        if let Some(name) = name {
            // Someone at the table already has it: the connection watches unnamed until it
            // names itself otherwise.
            let _ = self.set_name(conn, &name);
        }
        // The log it missed comes in pages, the first once the connection has taken the view
        // (which may be large: a big board's lists), so that a queue holds one large message
        // at a time ([`Outbox`]).
        let more = if since < last { true } else { self.page(conn) };
        self.tell_earlier(conn);
        // Taking the seat back from a bot: the new listener hears it too.
        let written = self.commit(events).await;
        self.refresh();
        written.map_err(|e| self.store_failed(&e))?;
        Ok(more)
    }

    /// Sends connection `conn` the next page of its catch-up; true when more is to come. Once
    /// the catch-up reaches the last event, the connection hears each new event as it happens.
    fn page(&mut self, conn: ConnId) -> bool {
        let Some(sub) = self.subs.iter_mut().find(|s| s.conn == conn) else {
            return false;
        };
        let Some(sent) = sub.catching_up else {
            return false;
        };
        let log = self.state.log();
        let from = (sent as usize).min(log.len());
        let to = (from + PAGE_EVENTS).min(log.len());
        let page = &log[from..to];
        if !page.is_empty() {
            let token = sub.token.as_deref();
            let seat = token.and_then(|t| self.state.seat_of(t));
            let listener = view::listener(&self.state, seat);
            let words = self.tongues.heard_by(sub.lang, seat);
            let text = view::lines(&self.state, words, page, listener, sub.brief);
            let hearing = (sub.brief, sub.others, sub.told);
            let say = view::said(&self.state, words, page, listener, hearing, &text);
            // The last page brings the panel as it is now (events may have come meanwhile).
            let panel = (to == log.len())
                .then(|| Box::new(view::panel(&self.state, words, token, self.clock.now())));
            let events = ServerMessage::Events {
                table: self.state.id(),
                events: page.to_vec(),
                text,
                say,
                panel,
            };
            sub.out.offer(to_json(&events));
        }
        if to == log.len() {
            sub.catching_up = None;
            false
        } else {
            sub.catching_up = Some(to as u64);
            true
        }
    }

    /// Connection `conn` stops following the table; someone watching by name is said to have
    /// gone.
    fn unwatch(&mut self, conn: ConnId) {
        self.stop_following(conn, true);
    }

    /// Connection `conn` stops following the table; `tell`: the others hear that a named
    /// watcher went (not when the same connection follows again at once).
    fn stop_following(&mut self, conn: ConnId, tell: bool) {
        if let Some(i) = self.subs.iter().position(|s| s.conn == conn) {
            let went = self.watcher_name(conn).filter(|_| tell);
            let sub = self.subs.swap_remove(i);
            if let Some(name) = went {
                self.tell_watcher(conn, &name, false);
            }
            let before = view::connections(&self.state);
            self.state
                .disconnect(sub.token.as_deref(), self.clock.now());
            self.presence(&before);
            self.refresh();
        }
    }

    /// Tells every listener of connections that came or went since `before` (whether each seat
    /// had one): a new panel, and a line when it was the player to roll's.
    fn presence(&mut self, before: &[bool]) {
        if view::connections(&self.state) == before {
            return;
        }
        let panels = self.panels(self.clock.now());
        let says: Vec<Vec<String>> = panels
            .iter()
            .map(|(lang, _)| view::presence(&self.state, self.tongues.of(*lang), before))
            .collect();
        let mut cache: Vec<((Option<usize>, usize), Utf8Bytes)> = Vec::new();
        let mut dropped = Vec::new();
        for sub in &self.subs {
            let token = sub.token.as_deref();
            let seat = token.and_then(|t| self.state.seat_of(t));
            let key = (seat, sub.lang);
            let text = match cache.iter().find(|(k, _)| *k == key) {
                Some((_, t)) => t.clone(),
                None => {
                    // Every language spoken has its panels.
                    let at = panels.iter().position(|(l, _)| *l == sub.lang).unwrap_or(0);
                    let msg = ServerMessage::Panel {
                        table: self.state.id(),
                        panel: Box::new(panels[at].1.for_token(token, true)),
                        say: says[at].clone(),
                    };
                    let t = to_json(&msg);
                    cache.push((key, t.clone()));
                    t
                }
            };
            if !sub.out.offer(text) {
                dropped.push(sub.conn);
            }
        }
        self.drop_behind(dropped);
    }

    fn store_failed(&self, e: &StoreError) -> Refused {
        WRITES.failed(&format_args!("table {}: {e}", self.state.id()));
        Refusal::StoreFailed.into()
    }

    /// The languages the listeners speak now (each once), by place in `LOCALES`.
    fn languages(&self) -> Vec<usize> {
        let mut langs: Vec<usize> = self.subs.iter().map(|s| s.lang).collect();
        langs.sort_unstable();
        langs.dedup();
        langs
    }

    /// The panels of the table at `now` in each language spoken.
    fn panels(&self, now: std::time::Instant) -> Vec<(usize, view::Panels<'_>)> {
        self.languages()
            .into_iter()
            .map(|lang| {
                let words = self.tongues.of(lang);
                (lang, view::Panels::new(&self.state, words, now))
            })
            .collect()
    }

    /// Appends `events` to the store; once they are written, applies them and tells every
    /// listener. Nothing changes when the write fails: when its outcome is not known (the
    /// database did not answer), the events are kept, and read back before anything else is
    /// decided ([`Actor::settle`]); when the store's log is not this actor's, the actor stops.
    async fn commit(&mut self, events: Vec<TableEvent>) -> Result<(), StoreError> {
        if events.is_empty() {
            return Ok(());
        }
        let first = self.state.seq() + 1;
        let decided = std::time::Instant::now();
        let mut append = Append::of(self.state.id(), first, &events)?;
        append.epoch = self.claim.epoch;
        // The lobby's row changes with the table's own news (a seat, the start, the end),
        // never with a move: it is written with them.
        if events.iter().any(|e| matches!(e, TableEvent::Table(_))) {
            let mut after = self.state.clone();
            for event in &events {
                let _ = after.apply(event);
            }
            append.lobby = Some(lobby::row_now(&after));
        }
        let written = tokio::select! {
            biased;
            written = self.store.append(append) => written,
            // The claim is lost: whatever the write does, this server says nothing of it.
            () = self.claim.bell.notified() => Err(StoreError::Fenced { table: self.state.id() }),
        };
        if let Err(e) = written {
            if e.is_split() {
                self.fenced = true;
            } else {
                self.unsure = Some(events);
            }
            return Err(e);
        }
        self.metrics.store_commit(decided.elapsed());
        WRITES.recovered();
        self.tell(&events, first, decided);
        Ok(())
    }

    /// Before anything more is decided: when the outcome of the last write is not known, reads
    /// the log's tail from the store. Not there: nothing happened, and the table goes on from
    /// where it was. There, as it was sent: it happened, and is applied and told now. Anything
    /// else: the store's log is not this actor's, which stops (the table is read again).
    ///
    /// # Errors
    /// When the store cannot be read (the events are still unsure), or holds other events.
    async fn settle(&mut self) -> Result<(), StoreError> {
        let Some(events) = self.unsure.take() else {
            return Ok(());
        };
        let id = self.state.id();
        let first = self.state.seq() + 1;
        let stored = match self.store.tail(id, self.state.seq()).await {
            Ok(stored) => stored,
            Err(e) => {
                self.unsure = Some(events);
                return Err(e);
            }
        };
        if stored.is_empty() {
            tracing::info!(
                table = id,
                seq = first,
                "an unanswered write was not made: the table goes on"
            );
            return Ok(());
        }
        if stored == Append::of(id, first, &events)?.events {
            tracing::info!(
                table = id,
                seq = first,
                "an unanswered write was made: told now"
            );
            self.tell(&events, first, std::time::Instant::now());
            return Ok(());
        }
        tracing::error!(
            table = id,
            seq = first,
            "the store holds other events than this server wrote: the table is read again"
        );
        self.fenced = true;
        Err(StoreError::Conflict {
            table: id,
            seq: first,
        })
    }

    /// Applies `events`, written to the store from `first` on, and tells every listener.
    fn tell(&mut self, events: &[TableEvent], first: u64, decided: std::time::Instant) {
        for event in events {
            if let Err(e) = self.state.apply(event) {
                // The table's own decisions always apply: this is a bug, not bad input.
                tracing::error!(table = self.state.id(), error = %e, "a decided event does not apply");
            }
        }
        self.state.stamp(self.clock.now());
        self.tongues.follow(&self.state);
        let logged = self.state.log()[first as usize - 1..].to_vec();
        self.broadcast(&logged);
        let rolls = events
            .iter()
            .filter(|e| matches!(e, TableEvent::Game(snakes::Event::Rolled { .. })))
            .count() as u64;
        if rolls > 0 {
            self.metrics.rolled(rolls);
            self.metrics.roll_broadcast(decided.elapsed());
        }
        self.refresh();
    }

    /// Sends each listener the events with the sentences for them; a listener whose queue is
    /// full is dropped and told to reconnect (it will catch up from its last seq).
    fn broadcast(&mut self, logged: &[Logged]) {
        // The seat decides the sentences and the panel (a seated player is a spectator of the
        // moves before the start, but not of the panel: "you", the host's line).
        // The seat, brief sentences, how much of the others' moves, the language (by place
        // in `LOCALES`): a move is told once per language in use, not per listener.
        type Hears = (Option<usize>, bool, Others, usize, u64, bool, bool);
        let mut cache: Vec<(Hears, Utf8Bytes)> = Vec::new();
        let mut dropped = Vec::new();
        let rolled: Vec<usize> = logged
            .iter()
            .filter_map(|l| match l.event {
                TableEvent::Game(snakes::Event::Rolled { player, .. }) => Some(player),
                _ => None,
            })
            .collect();
        let mut rolled_since = Vec::new();
        let panels = self.panels(self.clock.now());
        // Moves leave the seats as they were: they come with the table's own news.
        let seats = logged
            .iter()
            .any(|l| matches!(l.event, TableEvent::Table(_)));
        for sub in self.subs.iter().filter(|s| s.catching_up.is_none()) {
            let token = sub.token.as_deref();
            let seat = token.and_then(|t| self.state.seat_of(t));
            if sub.told > 0 && seat.is_some_and(|s| rolled.contains(&s)) {
                rolled_since.push(sub.conn);
            }
            let joiner = self.joiner == Some(sub.conn);
            // The person removed hears it as theirs.
            let removed = self
                .removing
                .as_ref()
                .filter(|(_, conns)| conns.contains(&sub.conn))
                .map(|(seat, _)| *seat);
            let key = (
                seat,
                sub.brief,
                sub.others,
                sub.lang,
                sub.told,
                joiner,
                removed.is_some(),
            );
            let text = match cache.iter().find(|(k, _)| *k == key) {
                Some((_, t)) => t.clone(),
                None => {
                    let listener = match removed {
                        Some(seat) => snakes_text::Listener::Player(seat),
                        None => view::listener(&self.state, seat),
                    };
                    let brief = sub.brief;
                    let words = self.tongues.heard_by(sub.lang, seat);
                    let at = panels.iter().position(|(l, _)| *l == sub.lang).unwrap_or(0);
                    let panels = &panels[at].1;
                    // The one taking a seat hears it in the answer, in the first person.
                    let told: Vec<Logged> = logged
                        .iter()
                        .filter(|l| {
                            !joiner
                                || !matches!(l.event, TableEvent::Table(Lifecycle::Joined { .. }))
                        })
                        .cloned()
                        .collect();
                    let text = view::lines(&self.state, words, &told, listener, brief);
                    let hearing = (brief, sub.others, sub.told);
                    let say = view::said(&self.state, words, &told, listener, hearing, &text);
                    let panel = panels.for_token(token, seats);
                    let msg = ServerMessage::Events {
                        table: self.state.id(),
                        events: logged.to_vec(),
                        text,
                        say,
                        panel: Some(Box::new(panel)),
                    };
                    let t = to_json(&msg);
                    cache.push((key, t.clone()));
                    t
                }
            };
            if !sub.out.offer(text) {
                dropped.push(sub.conn);
            }
        }
        // Their own roll: what they were told on coming back is before it now.
        for sub in self
            .subs
            .iter_mut()
            .filter(|s| rolled_since.contains(&s.conn))
        {
            sub.told = 0;
        }
        self.drop_behind(dropped);
    }

    /// Drops the listeners whose queue is full and tells them to reconnect (they will catch up
    /// from their last seq).
    fn drop_behind(&mut self, dropped: Vec<ConnId>) {
        for conn in dropped {
            if let Some(i) = self.subs.iter().position(|s| s.conn == conn) {
                let sub = self.subs.swap_remove(i);
                sub.out.fall_behind();
                tracing::debug!(
                    table = self.state.id(),
                    conn,
                    "listener fell behind; dropped"
                );
                self.state
                    .disconnect(sub.token.as_deref(), self.clock.now());
            }
        }
    }

    /// Keeps the lobby's line current, and tells the lobby's pages when what they show of it
    /// changed (not the seq nor the connections, which change at every move).
    fn refresh(&mut self) {
        let words = self.tongues.english();
        let summary = view::summary_after(&self.state, words, Some(&self.summary.borrow()));
        let mut shown = false;
        self.summary.send_if_modified(|old| {
            if *old == summary {
                false
            } else {
                shown = old.status != summary.status || old.words != summary.words;
                *old = summary;
                true
            }
        });
        if shown {
            lobby_changed(&self.lobby);
        }
    }
}

/// Where a table this server stopped serving is served now: its owner if another server
/// claimed it, else any other server running (which will claim it when asked), else
/// unknown (empty). Asked for a moment only: the database may be out of reach.
async fn where_now(store: Store, id: TableId) -> String {
    let me = store.me();
    let ask = async {
        if let Ok(Some(o)) = store.owner(id).await
            && o.live
            && Some(o.instance.as_str()) != me.map(|m| m.id.as_str())
        {
            return o.address;
        }
        let mine = me.map(|m| m.address.as_str());
        let peers = store.peers().await.unwrap_or_default();
        peers
            .into_iter()
            .find(|p| Some(p.as_str()) != mine)
            .unwrap_or_default()
    };
    tokio::time::timeout(Duration::from_secs(1), ask)
        .await
        .unwrap_or_default()
}
