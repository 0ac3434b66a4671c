//! `snakes join`: a server's tables at the terminal, played with people, by ear.
//!
//! A client of the protocol (`docs/protocol.md`) and nothing more: the server words every
//! sentence for this connection, in its language, and this program says them one line each,
//! keeps them for the history keys, and turns keys into messages. The keys, the screen and the
//! history are `snakes play`'s ([`crate::terminal`]); the keys of the page that act at a server
//! (talking, who is here, the host's, the lobby's) come from the same table of keys
//! ([`Interface::Online`]). The connection runs on a thread of its own ([`link`]); keys on
//! another; this one hears both, one [`Input`] at a time, and decides what to say and send.

mod account;
mod address;
mod link;
mod seats;
mod tls;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::mpsc;

use snakes_table::protocol::{
    Act, Action, ClientMessage, CreateTable, Lifecycle, Logged, ServerMessage, Status, TableEvent,
    TableId, TableSummary, TableView,
};
use snakes_text::keys::{Does, Interface, Query, Situation, Step, help_ids, key_of};
use snakes_text::talk::MAX_TALK_CHARS;
use snakes_text::{Listener, MessageArg, Narrator, Others, Refusal, names};

use crate::input::others_parser;
use crate::terminal::keys::{Key, Keys, LineKeys, MAX_DIGITS, RawMode, TerminalKeys};
use crate::terminal::screen::{Screen, Typed, Typing};
use crate::user_error;
use crate::words::{say, shared};
use address::Address;
use link::{Input, Link};
use seats::Seats;

/// Arguments of `snakes join`.
#[derive(clap::Args)]
#[command(after_help = after_help())]
pub struct Args {
    /// The server's address (`http://host:port`, `https://host`), or a table's page address
    /// as the browser shows it (`http://host:port/#/table/3`): that table is opened at once.
    #[arg(value_name = "ADDRESS")]
    address: String,
    /// The name you sit and talk under (asked when it is needed, without it).
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// Sign in as this member first (an account made on the page): the password comes from
    /// the variable SNAKES_PASSWORD, or is asked on the terminal without being shown. Every
    /// connection is then the member's (their name, their blocks, a moderator's role held by
    /// the account); the session ends when `snakes join` does.
    #[arg(long, value_name = "NAME")]
    member: Option<String>,
    /// Only watch the table of the address, without asking for a seat.
    #[arg(long)]
    watch: bool,
    /// Short announcements for experienced players: one line per roll.
    #[arg(long)]
    brief: bool,
    /// How much is said of the other players' moves: `full`, each as it happens; `brief`,
    /// all of them in one line when your turn comes (a spectator hears each); `jumps`, only
    /// those that climb a ladder, slide down a snake, send a token back or win. The history
    /// keys still read every line.
    #[arg(long, value_name = "HOW", default_value = "brief", value_parser = others_parser())]
    others: Others,
    /// Accept any certificate from an `https://` server (a test server's own, self-signed):
    /// the connection is encrypted, but nothing says the server is the one named.
    #[arg(long)]
    insecure: bool,
}

/// What `snakes join --help` says after the options: the keys, from the one table of keys.
fn after_help() -> String {
    let english = snakes_text::Catalogue::english();
    let mut text = String::from(
        "Keys (without Enter on a terminal; one per line when piped), in the lobby:\n",
    );
    let line = |id: &str| format!("  {}\n", english.format(id, &[]));
    for id in help_ids(Interface::Online, lobby_situation()) {
        text.push_str(&line(id));
    }
    text.push_str("At a table:\n");
    let at_table = Situation {
        host: true,
        seated: true,
        ..Situation::default()
    };
    for id in help_ids(Interface::Online, at_table) {
        text.push_str(&line(id));
    }
    text.push_str(
        "
Examples:
  snakes join http://localhost:8080              the lobby: choose a table, or create one
  snakes join 'http://localhost:8080/#/table/3'  that table: a seat if one is free
  snakes join https://games.example.org --name Ana --others jumps
  snakes join http://localhost:8080 --member Ana  signed in as the member Ana (asks her password)",
    );
    text
}

fn lobby_situation() -> Situation {
    Situation {
        lobby: true,
        ..Situation::default()
    }
}

/// How `snakes join` ends.
enum Ending {
    /// Quit, or input ended: exit 0.
    Normal,
    /// Ctrl+C: exit 130.
    Interrupted,
    /// A moderator banned this person (the server said why): exit 1.
    Banned,
}

/// Where the person is.
enum At {
    /// The list of tables.
    Lobby(Lobby),
    /// A table.
    Table(Box<Table>),
}

#[derive(Default)]
struct Lobby {
    /// The page of the list on show, newest first, as last sent.
    tables: Vec<TableSummary>,
    /// Where that page starts (`None`: the newest tables), and the starts of the pages of
    /// newer tables before it, to go back through.
    after: Option<TableId>,
    newer: Vec<Option<TableId>>,
    /// Where the page of older tables starts, when there is one.
    older: Option<TableId>,
    /// A page was asked for by `[` or `]`: its first (or last) row is said when it comes.
    turning: Option<Step>,
    /// The table chosen with `[` and `]`.
    chosen: Option<TableId>,
    /// The list was said once.
    said: bool,
}

struct Table {
    id: TableId,
    /// The last event seen.
    seq: u64,
    /// The table as last seen (from `watching`, its status and seats kept by the events).
    view: Option<Box<TableView>>,
    /// Your seat.
    you: Option<usize>,
    /// The seat's token.
    token: Option<String>,
    /// A seat is to be asked for once the table is open (J, or an address with a table).
    join: bool,
}

impl Table {
    fn new(id: TableId, join: bool) -> Table {
        Table {
            id,
            seq: 0,
            view: None,
            you: None,
            token: None,
            join,
        }
    }

    fn status(&self) -> Option<Status> {
        self.view.as_ref().map(|v| v.summary.status)
    }

    fn situation(&self) -> Situation {
        let seat = self
            .you
            .and_then(|y| self.view.as_ref()?.summary.seats.get(y));
        Situation {
            lobby: false,
            over: self.status() == Some(Status::Finished),
            away: seat.is_some_and(|s| s.away),
            host: seat.is_some_and(|s| s.host) && self.status() == Some(Status::Waiting),
            seated: self.you.is_some(),
        }
    }
}

/// What a line being typed is for.
#[derive(Debug, Clone)]
enum Asking {
    /// A name, then what it is for.
    Name(Then),
    /// The seats of a new table.
    Seats { name: String },
    /// Its bots.
    Bots { name: String, seats: usize },
    /// Its rules.
    Rules {
        name: String,
        seats: usize,
        bots: usize,
    },
    /// A message to everyone here.
    Talk,
    /// A square's number, for G.
    Square,
}

/// What a name is asked for.
#[derive(Debug, Clone, Copy)]
enum Then {
    /// A seat at the table.
    Join,
    /// A new table.
    Create,
    /// Talking without a seat.
    Talk,
}

/// The game at the terminal, connected to a server.
struct Client<W: Write> {
    screen: Screen<W>,
    narrator: Narrator,
    link: Link,
    address: Address,
    locale: String,
    brief: bool,
    others: Others,
    name: Option<String>,
    /// The name `set_name` gave this connection, for talking without a seat.
    named: Option<String>,
    seats: Seats,
    at: At,
    asking: Option<(Asking, Typing)>,
    /// Y is awaited: to quit, or to leave the seat.
    confirming: Option<Confirm>,
    /// Q was pressed where nothing is to be kept: quit now.
    quitting: bool,
    /// A seat was asked for and not answered yet (a refused name is asked again).
    joining: bool,
    /// "Connection lost" was said since the last connection.
    lost_said: bool,
    /// Connected once at least.
    was_connected: bool,
}

#[derive(Clone, Copy)]
enum Confirm {
    Quit,
    Leave,
}

impl<W: Write> Client<W> {
    fn message(&self, id: &str, args: &[(&str, MessageArg)]) -> String {
        self.narrator.message(id, args)
    }

    /// Says one line of this program's own, kept in the history.
    fn tell(&mut self, id: &str, args: &[(&str, MessageArg)]) -> io::Result<()> {
        let line = self.message(id, args);
        self.screen.tell(vec![line])
    }

    fn send(&mut self, message: ClientMessage) -> io::Result<bool> {
        if self.link.send(message) {
            return Ok(true);
        }
        self.tell("ui-not-connected", &[])?;
        Ok(false)
    }

    /// Follows `table` (again), with the seat's token when one is held, catching up from what
    /// was heard.
    fn watch(&mut self) -> io::Result<()> {
        let At::Table(table) = &mut self.at else {
            return Ok(());
        };
        let held = self.seats.get(&self.address.page, table.id).cloned();
        if table.token.is_none() {
            table.token = held.as_ref().map(|h| h.token.clone());
        }
        let since = (table.seq > 0).then_some(table.seq);
        let heard = since.or(held.map(|h| h.heard));
        let message = ClientMessage::Watch {
            table: table.id,
            token: table.token.clone(),
            since,
            heard,
            brief: self.brief,
            locale: Some(self.locale.clone()),
            others: self.others,
        };
        self.send(message).map(drop)
    }

    fn on_input(&mut self, input: Input) -> io::Result<Option<Ending>> {
        match input {
            Input::Key(key) => return self.on_key(key),
            Input::Server(message) => self.on_message(*message)?,
            Input::Connected => {
                if self.lost_said || !self.was_connected {
                    let id = if self.was_connected {
                        "ui-connected"
                    } else {
                        "join-connected"
                    };
                    let server = self.address.page.clone();
                    self.tell(id, &[("server", server.into())])?;
                }
                self.lost_said = false;
                self.was_connected = true;
                match &self.at {
                    At::Lobby(_) => {
                        self.send(ClientMessage::ListTables { after: None })?;
                    }
                    At::Table(_) => self.watch()?,
                }
            }
            // The server said why and until when (a `notice`); nothing more to try.
            Input::Banned => return Ok(Some(Ending::Banned)),
            Input::Lost { restarting, reason } => {
                if !self.lost_said {
                    self.lost_said = true;
                    let line = match (restarting, reason) {
                        (true, _) => self.message("ui-server-restarting", &[]),
                        (false, Some(reason)) if !self.was_connected => self.message(
                            "join-cannot-connect",
                            &[
                                ("server", self.address.page.clone().into()),
                                ("reason", reason.into()),
                            ],
                        ),
                        _ => self.message("ui-connection-lost", &[]),
                    };
                    self.screen.tell(vec![line])?;
                }
            }
        }
        Ok(None)
    }

    fn on_message(&mut self, message: ServerMessage) -> io::Result<()> {
        match message {
            ServerMessage::Tables {
                tables,
                after,
                next,
            } => {
                if let At::Lobby(lobby) = &mut self.at
                    && after == lobby.after
                {
                    lobby.tables = tables;
                    lobby.older = next;
                    if !lobby.said {
                        lobby.said = true;
                        let count = lobby.tables.len();
                        let more = if lobby.older.is_some() { "yes" } else { "no" };
                        self.tell(
                            "join-lobby",
                            &[("count", count.into()), ("more", more.into())],
                        )?;
                    } else if let Some(step) = lobby.turning.take() {
                        lobby.chosen = None;
                        self.choose(step)?;
                    }
                }
            }
            ServerMessage::Seated {
                table, seat, token, ..
            } => self.seated(table, seat, &token)?,
            ServerMessage::Watching { view, you, say } => self.watching(view, you, say)?,
            ServerMessage::Events {
                table,
                events,
                text,
                say,
                panel,
            } => {
                let At::Table(t) = &mut self.at else {
                    return Ok(());
                };
                if t.id != table {
                    return Ok(());
                }
                let seen = t.seq;
                let new = events.iter().any(|l| l.seq > seen);
                for logged in events.iter().filter(|l| l.seq > seen) {
                    follow(t, logged);
                }
                if let (Some(view), Some(panel)) = (&mut t.view, panel) {
                    if let Some(seats) = &panel.seats {
                        view.summary.seats.clone_from(seats);
                    }
                    t.you = panel.you.or(t.you);
                    view.panel = *panel;
                }
                let seq = t.seq;
                if new {
                    let said = say.unwrap_or_else(|| text.clone());
                    self.screen.tell_apart(said, text)?;
                    self.seats.heard(&self.address.page, table, seq);
                } else {
                    // Events the view already holds: the table's earlier lines, for the
                    // history only.
                    self.screen.keep(text);
                }
            }
            ServerMessage::Panel { table, panel, say } => {
                if let At::Table(t) = &mut self.at
                    && t.id == table
                {
                    if let Some(view) = &mut t.view {
                        if let Some(seats) = &panel.seats {
                            view.summary.seats.clone_from(seats);
                        }
                        view.panel = *panel;
                    }
                    if !say.is_empty() {
                        self.screen.tell(say)?;
                    }
                }
            }
            ServerMessage::Answer { lines, .. } => self.screen.tell(lines)?,
            // What is said where the person is: at the table on show, or in the lobby.
            ServerMessage::Said {
                table,
                said,
                earlier,
            } if self.here(table) => {
                if earlier {
                    self.screen.keep([said.line]);
                } else {
                    self.screen.tell(vec![said.line])?;
                }
            }
            ServerMessage::Unheard { table, line, .. } if self.here(table) => {
                self.screen.tell(vec![line])?;
            }
            // A message a moderator removed: its place in the history says so, unspoken.
            ServerMessage::Unsaid { table, line, .. } if self.here(table) => {
                self.screen.keep([line]);
            }
            ServerMessage::Said { .. }
            | ServerMessage::Unheard { .. }
            | ServerMessage::Unsaid { .. } => {}
            // What a moderator did to this person, or the answer to a report.
            ServerMessage::Notice { line }
            | ServerMessage::SignedOut { line }
            | ServerMessage::Reported { line }
            | ServerMessage::Blocks { line, .. }
            | ServerMessage::Moderated { line }
            | ServerMessage::Moderating { line, .. } => self.screen.tell(vec![line])?,
            ServerMessage::ModerationList { line, lines, .. } => {
                let mut said = vec![line];
                said.extend(lines.into_iter().map(|l| l.line));
                self.screen.tell(said)?;
            }
            ServerMessage::Named { name } => self.named = Some(name),
            // The table is served by another server of the cluster: watched there, as the
            // page does, without a word.
            ServerMessage::Refused {
                refusal: Refusal::Moved { address },
                ..
            } => self.link.move_to(&address),
            // A name the table does not take: asked again, as the page's form asks.
            ServerMessage::Refused {
                refusal: Refusal::BadName { .. },
                message,
            } if std::mem::take(&mut self.joining) => {
                self.screen.tell(vec![message])?;
                self.name = None;
                self.ask(Asking::Name(Then::Join))?;
            }
            ServerMessage::Refused { message, .. } => {
                self.joining = false;
                self.screen.tell(vec![message])?;
            }
            ServerMessage::Hello { .. } | ServerMessage::Beat => {}
        }
        Ok(())
    }

    /// Whether `table` (`None`: the lobby) is where the person is.
    fn here(&self, table: Option<TableId>) -> bool {
        match (&self.at, table) {
            (At::Lobby(_), None) => true,
            (At::Table(t), Some(id)) => t.id == id,
            _ => false,
        }
    }

    /// A seat is ours: its token kept (on disk too), the table followed with it.
    fn seated(&mut self, table: TableId, seat: usize, token: &str) -> io::Result<()> {
        self.seats.hold(&self.address.page, table, token, 0);
        self.joining = false;
        let host = match &mut self.at {
            At::Table(t) if t.id == table => {
                t.token = Some(token.to_string());
                t.join = false;
                false
            }
            _ => {
                // A table of our own, just created.
                let mut t = Table::new(table, false);
                t.token = Some(token.to_string());
                self.at = At::Table(Box::new(t));
                true
            }
        };
        let id = if host {
            "join-seated-host"
        } else {
            "join-seated"
        };
        self.tell(id, &[("table", table.into()), ("seat", (seat + 1).into())])?;
        self.watch()
    }

    fn watching(
        &mut self,
        view: Box<TableView>,
        you: Option<usize>,
        say: Option<Vec<String>>,
    ) -> io::Result<()> {
        let At::Table(t) = &mut self.at else {
            return Ok(());
        };
        if t.id != view.summary.id {
            return Ok(());
        }
        let fresh = t.view.is_none();
        t.seq = view.summary.seq;
        t.you = you;
        let opening = [
            view.heading.clone(),
            view.panel.status.clone(),
            view.summary.words.seats.clone(),
        ];
        let waiting = view.summary.status == Status::Waiting;
        t.view = Some(view);
        let asked = std::mem::take(&mut t.join) && you.is_none();
        let ask_seat = asked && waiting;
        let started = asked && !waiting;
        let (id, seq) = (t.id, t.seq);
        if fresh {
            self.screen.tell(opening.to_vec())?;
        }
        if let Some(say) = say.filter(|s| !s.is_empty()) {
            self.screen.tell(say)?;
        }
        self.seats.heard(&self.address.page, id, seq);
        if ask_seat {
            self.with_name(Then::Join)?;
        }
        if started {
            let line = self
                .narrator
                .refusal(&Refusal::AlreadyStarted, Listener::Spectator);
            self.screen.tell(vec![line])?;
        }
        Ok(())
    }

    /// Does `then` with the name given, or asks for one first.
    fn with_name(&mut self, then: Then) -> io::Result<()> {
        match self.name.clone() {
            Some(name) => self.named_for(then, name),
            None => self.ask(Asking::Name(then)),
        }
    }

    fn named_for(&mut self, then: Then, name: String) -> io::Result<()> {
        match then {
            Then::Join => {
                let At::Table(t) = &self.at else {
                    return Ok(());
                };
                let message = ClientMessage::Act(Act {
                    table: t.id,
                    token: None,
                    seq: None,
                    action: Action::Join {
                        name,
                        seat: None,
                        secret: Default::default(),
                    },
                });
                self.joining = self.send(message)?;
                Ok(())
            }
            Then::Create => self.ask(Asking::Seats { name }),
            Then::Talk => {
                self.send(ClientMessage::SetName { name })?;
                self.ask(Asking::Talk)
            }
        }
    }

    /// Asks for a line: says what is asked, then reads keys into it.
    fn ask(&mut self, asking: Asking) -> io::Result<()> {
        let (id, max, digits) = match &asking {
            Asking::Name(_) => ("join-ask-name", names::MAX_NAME_CHARS, false),
            Asking::Seats { .. } => ("join-ask-seats", 1, true),
            Asking::Bots { .. } => ("join-ask-bots", 1, true),
            Asking::Rules { .. } => ("join-ask-rules", 200, false),
            Asking::Talk => ("join-ask-talk", MAX_TALK_CHARS, false),
            Asking::Square => ("look-square-prompt", MAX_DIGITS, true),
        };
        let line = match &asking {
            Asking::Bots { seats, .. } => self.message(id, &[("most", (seats - 1).into())]),
            _ => self.message(id, &[]),
        };
        self.screen.say(&line)?;
        self.asking = Some((asking, Typing::new(max, digits)));
        Ok(())
    }

    /// A key while a line is typed.
    fn on_typing(&mut self, key: &Key) -> io::Result<()> {
        let Some((asking, mut typing)) = self.asking.take() else {
            return Ok(());
        };
        // Read from a script, a line of one character is a whole answer too ("1").
        let typed = match key {
            Key::Char(c) if !self.screen.tty && typing.text.is_empty() => {
                typing.key(&Key::Text(c.to_string()))
            }
            _ => typing.key(key),
        };
        self.screen.show(&typed)?;
        match typed {
            Typed::Done(text) => self.answered(asking, text.trim().to_string()),
            Typed::Cancelled => {
                self.screen.end_typed_line(&typing.text)?;
                let id = match asking {
                    Asking::Square => "look-square-cancelled",
                    _ => "join-cancelled",
                };
                self.tell(id, &[])
            }
            Typed::Added(_) | Typed::Erased | Typed::Nothing => {
                self.asking = Some((asking, typing));
                Ok(())
            }
        }
    }

    /// What a line typed answers.
    fn answered(&mut self, asking: Asking, text: String) -> io::Result<()> {
        let number = |text: &str, default: usize, min: usize, max: usize| {
            if text.is_empty() {
                return Some(default);
            }
            text.parse::<usize>()
                .ok()
                .filter(|n| (min..=max).contains(n))
        };
        match asking {
            Asking::Name(then) => {
                if text.is_empty() {
                    return self.tell("join-cancelled", &[]);
                }
                self.name = Some(text.clone());
                self.named_for(then, text)
            }
            Asking::Seats { name } => match number(&text, 2, 2, 4) {
                Some(seats) => self.ask(Asking::Bots { name, seats }),
                None => {
                    let args = [
                        ("value", text.into()),
                        ("min", 2_i64.into()),
                        ("max", 4_i64.into()),
                    ];
                    self.tell("join-bad-number", &args)?;
                    self.ask(Asking::Seats { name })
                }
            },
            Asking::Bots { name, seats } => match number(&text, 0, 0, seats - 1) {
                Some(bots) => self.ask(Asking::Rules { name, seats, bots }),
                None => {
                    let args = [
                        ("value", text.into()),
                        ("min", 0_i64.into()),
                        ("max", (seats - 1).into()),
                    ];
                    self.tell("join-bad-number", &args)?;
                    self.ask(Asking::Bots { name, seats })
                }
            },
            Asking::Rules { name, seats, bots } => {
                let rules = if text.is_empty() {
                    "standard".to_string()
                } else {
                    text
                };
                let create = CreateTable {
                    board: "classic".to_string(),
                    rules,
                    seats,
                    bots,
                    name,
                };
                self.send(ClientMessage::Create(create)).map(drop)
            }
            Asking::Talk => {
                if text.is_empty() {
                    return self.tell("join-cancelled", &[]);
                }
                self.send(ClientMessage::Say { text }).map(drop)
            }
            Asking::Square => {
                let At::Table(t) = &self.at else {
                    return Ok(());
                };
                let square = (!text.is_empty()).then(|| text.parse::<u64>().unwrap_or(u64::MAX));
                let message = ClientMessage::Query {
                    table: t.id,
                    query: Query::Square,
                    square,
                };
                self.send(message).map(drop)
            }
        }
    }

    fn on_key(&mut self, key: Key) -> io::Result<Option<Ending>> {
        match key {
            Key::Interrupt => return Ok(Some(Ending::Interrupted)),
            Key::End => return Ok(Some(Ending::Normal)),
            _ => {}
        }
        if self.asking.is_some() {
            self.on_typing(&key)?;
            return Ok(None);
        }
        if let Some(confirm) = self.confirming.take() {
            let yes = matches!(key, Key::Char('y' | 'Y'));
            return match (confirm, yes) {
                (Confirm::Quit, true) => Ok(Some(Ending::Normal)),
                (Confirm::Leave, true) => {
                    self.act(Action::Leave {})?;
                    Ok(None)
                }
                (_, false) => {
                    self.tell("join-go-on", &[])?;
                    Ok(None)
                }
            };
        }
        let lobby = matches!(self.at, At::Lobby(_));
        // Escape at a table: back to the lobby (a seat held stays held), its list said anew.
        if key == Key::Escape && !lobby {
            self.at = At::Lobby(Lobby::default());
            self.screen.back_to_end();
            self.send(ClientMessage::ListTables { after: None })?;
            return Ok(None);
        }
        let does = match &key {
            Key::Char(c) => key_of(Interface::Online, lobby, *c).map(|k| k.does),
            // Enter opens the table chosen in the lobby, as on the page.
            Key::Enter if lobby => Some(Does::Watch),
            _ => None,
        };
        let Some(does) = does else {
            self.tell("play-unknown-key", &[])?;
            return Ok(None);
        };
        if let Does::Read(reading) = does {
            self.screen.read_back(reading)?;
            return Ok(None);
        }
        self.screen.back_to_end();
        self.act_on(does)?;
        Ok(self.quitting.then_some(Ending::Normal))
    }

    /// What a key of the game does here.
    fn act_on(&mut self, does: Does) -> io::Result<()> {
        match does {
            Does::Repeat => self.screen.repeat(),
            Does::Ask(Query::Help) => {
                let situation = match &self.at {
                    At::Lobby(_) => lobby_situation(),
                    At::Table(t) => t.situation(),
                };
                let lines: Vec<String> = help_ids(Interface::Online, situation)
                    .into_iter()
                    .map(|id| self.message(id, &[]))
                    .collect();
                self.screen.say_all(&lines)
            }
            // Asked first only of one who holds a seat (which stays theirs).
            Does::Quit if matches!(&self.at, At::Table(t) if t.you.is_some()) => {
                self.confirming = Some(Confirm::Quit);
                let line = self.message("join-quit-confirm", &[]);
                self.screen.say(&line)
            }
            Does::Quit => {
                self.quitting = true;
                Ok(())
            }
            Does::Table(step) => self.choose(step),
            Does::Join | Does::Watch => self.open(does == Does::Join),
            Does::NewTable => self.with_name(Then::Create),
            Does::Talk => {
                let seated = matches!(&self.at, At::Table(t) if t.you.is_some());
                if seated || self.named.is_some() {
                    self.ask(Asking::Talk)
                } else {
                    self.with_name(Then::Talk)
                }
            }
            Does::Ask(Query::Square) => self.ask(Asking::Square),
            Does::Ask(query) => {
                let At::Table(t) = &self.at else {
                    return Ok(());
                };
                let message = ClientMessage::Query {
                    table: t.id,
                    query,
                    square: None,
                };
                self.send(message).map(drop)
            }
            Does::Roll => self.act(Action::Roll {}),
            Does::ComeBack => self.act(Action::ComeBack {}),
            Does::Start => self.act(Action::Start {}),
            Does::AddBot => self.act(Action::AddBot {}),
            Does::RemoveBot => {
                let At::Table(t) = &self.at else {
                    return Ok(());
                };
                let last_bot = t
                    .view
                    .as_ref()
                    .and_then(|v| v.summary.seats.iter().rposition(|s| s.bot));
                match last_bot {
                    Some(seat) => self.act(Action::RemoveBot { seat }),
                    None => self.act(Action::RemoveBot { seat: usize::MAX }),
                }
            }
            Does::Leave => {
                self.confirming = Some(Confirm::Leave);
                let line = self.message("join-leave-confirm", &[]);
                self.screen.say(&line)
            }
            // Not keys of this interface (Interface::Online leaves them out).
            Does::Read(_)
            | Does::Board
            | Does::Game
            | Does::Buffer(_)
            | Does::BufferLast
            | Does::Sounds
            | Does::Volume(_)
            | Does::People
            | Does::Moderation
            | Does::RemoveMessage
            | Does::Account => self.tell("play-unknown-key", &[]),
        }
    }

    /// Sends `action` to the table, with the seat's token and the last event seen.
    fn act(&mut self, action: Action) -> io::Result<()> {
        let At::Table(t) = &self.at else {
            return Ok(());
        };
        let message = ClientMessage::Act(Act {
            table: t.id,
            token: t.token.clone(),
            seq: Some(t.seq),
            action,
        });
        self.send(message).map(drop)
    }

    /// `[` and `]` in the lobby: the table before or after the one chosen, said as its row.
    fn choose(&mut self, step: Step) -> io::Result<()> {
        let At::Lobby(lobby) = &mut self.at else {
            return Ok(());
        };
        if lobby.tables.is_empty() {
            return self.tell("join-no-tables", &[]);
        }
        let at = lobby
            .chosen
            .and_then(|id| lobby.tables.iter().position(|t| t.id == id));
        let last = lobby.tables.len() - 1;
        // Past the end of the page: the page of older (or newer) tables, said when it comes.
        let turn = match (step, at) {
            (Step::Next, Some(i)) if i == last => lobby.older.map(Some),
            (Step::Previous, Some(0)) => lobby.newer.last().copied(),
            _ => None,
        };
        if let Some(after) = turn {
            if step == Step::Next {
                lobby.newer.push(lobby.after);
            } else {
                lobby.newer.pop();
            }
            lobby.after = after;
            lobby.turning = Some(step);
            return self.send(ClientMessage::ListTables { after }).map(drop);
        }
        let next = match (step, at) {
            (Step::Next, None) => 0,
            (Step::Next, Some(i)) => (i + 1).min(last),
            (Step::Previous, None) => last,
            (Step::Previous, Some(i)) => i.saturating_sub(1),
        };
        lobby.chosen = Some(lobby.tables[next].id);
        let w = lobby.tables[next].words.clone();
        let line = self.message(
            // The page's own words for a row of the list, said.
            "lobby-row-said",
            &[
                ("name", w.name.into()),
                ("state", w.state.into()),
                ("board", w.board.into()),
                ("seats", w.seats.into()),
            ],
        );
        self.screen.tell(vec![line])
    }

    /// J or W (or Enter) in the lobby: the table chosen, for a seat or to watch.
    fn open(&mut self, join: bool) -> io::Result<()> {
        let At::Lobby(lobby) = &self.at else {
            return Ok(());
        };
        let Some(id) = lobby.chosen else {
            return self.tell("ui-choose-table", &[]);
        };
        self.at = At::Table(Box::new(Table::new(id, join)));
        self.watch()
    }
}

/// Keeps the table's status, seq and whose seats current as its events come.
fn follow(t: &mut Table, logged: &Logged) {
    t.seq = logged.seq;
    let Some(view) = &mut t.view else { return };
    view.summary.seq = logged.seq;
    match &logged.event {
        TableEvent::Table(Lifecycle::Started { .. }) => view.summary.status = Status::Playing,
        TableEvent::Table(
            Lifecycle::Finished { .. }
            | Lifecycle::Drawn { .. }
            | Lifecycle::Abandoned
            | Lifecycle::Closed { .. },
        ) => {
            view.summary.status = Status::Finished;
        }
        _ => {}
    }
}

/// Runs `snakes join`.
///
/// # Errors
/// A bad address (a user error), or a terminal that cannot be read.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Some(address) = Address::parse(&args.address) else {
        return Err(user_error(say!(
            "join-bad-address",
            address = format!("{:?}", args.address)
        )));
    };
    if let Some(name) = &args.name
        && let Err(detail) = names::check_name(name)
    {
        return Err(user_error(say!(
            "join-bad-name",
            name = format!("{name:?}"),
            detail = detail.say(crate::words::catalogue())
        )));
    }
    let narrator = Narrator::with_catalogue(Vec::new(), shared().clone());
    let locale = crate::words::catalogue().language();
    let tls = tls::Tls::new(args.insecure);
    let mut name = args.name;
    // Signed in before the keys are read and the first connection made, which carries it.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let signed = match &args.member {
        Some(member) => {
            let Some(password) = account::password(member)? else {
                return Err(user_error(say!(
                    "join-no-password",
                    variable = account::PASSWORD_VARIABLE
                )));
            };
            let signed = runtime
                .block_on(account::sign_in(&address, &tls, &locale, member, &password))
                .map_err(|why| {
                    user_error(say!(
                        "join-sign-in-failed",
                        name = member.clone(),
                        why = why
                    ))
                })?;
            println!("{}", say!("join-signed-in", name = signed.name.clone()));
            name.get_or_insert_with(|| signed.name.clone());
            Some(signed)
        }
        None => None,
    };
    let (inputs, heard) = mpsc::channel();
    let tty = io::stdin().is_terminal();
    // Keys first: a key pressed once the first line shows is read as a key (as `snakes play`).
    let raw = if tty {
        Some(
            RawMode::enter()
                .map_err(|e| anyhow::anyhow!(say!("play-no-keys", detail = e.to_string())))?,
        )
    } else {
        None
    };
    let keys_to = inputs.clone();
    std::thread::Builder::new()
        .name("keys".into())
        .spawn(move || {
            let mut keys: Box<dyn Keys> = if tty {
                Box::new(TerminalKeys::default())
            } else {
                Box::new(LineKeys::new(io::stdin().lock()))
            };
            loop {
                let key = keys.next_key().unwrap_or(Key::End);
                let end = key == Key::End;
                if keys_to.send(Input::Key(key)).is_err() || end {
                    return;
                }
            }
        })?;
    let screen = Screen::new(io::stdout().lock(), narrator.clone(), tty);
    let table = address.table;
    let mut client = Client {
        screen,
        narrator,
        link: link::start(
            address.clone(),
            locale.clone(),
            (tls.clone(), signed.as_ref().map(|s| s.secret.clone())),
            inputs,
        )?,
        address,
        locale,
        brief: args.brief,
        others: args.others,
        name,
        named: None,
        seats: Seats::open(),
        at: match table {
            Some(id) => At::Table(Box::new(Table::new(id, !args.watch))),
            None => At::Lobby(Lobby::default()),
        },
        asking: None,
        confirming: None,
        quitting: false,
        joining: false,
        lost_said: false,
        was_connected: false,
    };
    let connecting = client.message(
        "join-connecting",
        &[("server", client.address.page.clone().into())],
    );
    client.screen.say(&connecting)?;
    let ending = loop {
        let Ok(input) = heard.recv() else {
            break Ending::Normal;
        };
        if let Some(ending) = client.on_input(input)? {
            break ending;
        }
    };
    drop(raw);
    if let Some(signed) = &signed {
        let address = &client.address;
        runtime.block_on(account::sign_out(
            address,
            &tls,
            &client.locale,
            &signed.secret,
        ));
    }
    Ok(match ending {
        Ending::Normal => ExitCode::SUCCESS,
        Ending::Interrupted => ExitCode::from(130),
        Ending::Banned => ExitCode::FAILURE,
    })
}
