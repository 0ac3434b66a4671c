//! What people and pages see of a table: the lobby's line, the page's view, the sentences for
//! each listener, the answers behind the keys, and a refusal's sentence where it is sent.
//! Projections of a [`TableState`]; every word comes from `snakes-text`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use snakes::{Event, GameState};
use snakes_text::{
    BoardWords, Catalogue, LOCALES, Listener, LobbyState, Narrator, Others, Refusal, SeatNote,
};

use crate::protocol::{
    DiceView, GameRecord, Lifecycle, Logged, Panel, PlayerWords, Query, RECORD_FORMAT, SeatView,
    ServerMessage, Status, SummaryWords, TableEvent, TableSummary, TableView,
};
use crate::table::{Act, Action, Command, TableState, news};

/// A refusal on its way to the one who asked: typed until the edge (the session, an HTTP
/// handler) words it once, in the asker's language ([`Refused::to_message`]). A table's refusal
/// that names a player ("It is Bo's turn.", "The game is over: you won.") carries the players'
/// names as the asker hears them, since only the table knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// Code and details.
    pub refusal: Refusal,
    /// The table's players in the asker's language, and who the asker is there, for a refusal
    /// that names a player.
    pub players: Option<(Vec<String>, Listener)>,
}

impl From<Refusal> for Refused {
    fn from(refusal: Refusal) -> Refused {
        Refused {
            refusal,
            players: None,
        }
    }
}

impl Refused {
    /// The message to send, worded by `narrator`: the edge's, in the asker's language.
    pub fn to_message(&self, narrator: &Narrator) -> ServerMessage {
        let message = match &self.players {
            Some((names, listener)) => {
                Narrator::with_catalogue(names.clone(), narrator.catalogue().clone())
                    .refusal(&self.refusal, *listener)
            }
            None => narrator.refusal(&self.refusal, Listener::Spectator),
        };
        ServerMessage::Refused {
            refusal: self.refusal.clone(),
            message,
        }
    }
}

/// The words of one table: a narrator that knows its players' names, its rules in words (made
/// once: they never change), and the panel's short lines as made so far (a player's row, the
/// line under the heading, why Roll cannot roll: a few dozen, made again at every move for
/// every listener otherwise).
#[derive(Debug, Clone)]
pub struct Words {
    narrator: Narrator,
    rules_line: String,
    board: BoardWords,
    made: RefCell<HashMap<Made, String>>,
    /// The seat whose person left and follows the table while a bot plays for them: they hear
    /// that seat named as their bot ("Your bot rolled a 4 ..."), never as "you".
    stand_in: Option<usize>,
}

/// A line of the panel, by what it depends on (the names are the narrator's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Made {
    /// A player's row: the seat and its notes, as bits.
    Row(usize, u8),
    /// The line under the heading while seats are filled, for the host or not.
    Waiting(bool),
    /// The line under the heading during the game: whose turn, whether the listener's, and
    /// whether that player's connection is lost.
    Playing(usize, bool, bool),
    /// Why Roll cannot roll: the refusal's code (its place in [`Refusal::CODES`]), the player
    /// it names, and whether that is the listener.
    Roll(usize, Option<usize>, bool),
}

impl Words {
    /// The line `key`, made by `make` the first time.
    fn made(&self, key: Made, make: impl FnOnce() -> String) -> String {
        let mut made = self.made.borrow_mut();
        if let Some(line) = made.get(&key) {
            return line.clone();
        }
        let line = make();
        // A table's lines are few; a bound keeps a long-lived table's small anyway.
        if made.len() >= 256 {
            made.clear();
        }
        made.insert(key, line.clone());
        line
    }
}

impl Words {
    /// The words for `state` as it is, in English.
    pub fn new(state: &TableState) -> Words {
        Words::in_language(state, 0)
    }

    /// The words for `state` as it is, in the language `LOCALES[lang]`.
    pub fn in_language(state: &TableState, lang: usize) -> Words {
        Words::heard_by(state, lang, None)
    }

    /// The words for `state` in the language `LOCALES[lang]`, for the person of seat
    /// `stand_in` if given, who left while a bot plays for them.
    fn heard_by(state: &TableState, lang: usize, stand_in: Option<usize>) -> Words {
        let setup = state.setup();
        let catalogue = Catalogue::shipped(lang);
        let names = names_for(state, &catalogue, stand_in);
        let stand_in_name = stand_in.and_then(|seat| names.get(seat).cloned());
        let narrator = Narrator::with_catalogue(names, catalogue)
            .with_rules(&setup.rules)
            .with_stand_in(stand_in_name);
        let rules_line = narrator.rules_line(&setup.rules, setup.board.last());
        let board = narrator.board_words(&setup.board);
        Words {
            narrator,
            rules_line,
            board,
            made: RefCell::default(),
            stand_in,
        }
    }

    /// Follows `state` after a change: new names when people came, went or the seats were
    /// renumbered at the start.
    pub fn follow(&mut self, state: &TableState) {
        let names = names_for(state, self.narrator.catalogue(), self.stand_in);
        if self.narrator.names() != names.as_slice() {
            let catalogue = self.narrator.catalogue().clone();
            let stand_in_name = self.stand_in.and_then(|seat| names.get(seat).cloned());
            self.narrator = Narrator::with_catalogue(names, catalogue)
                .with_rules(&state.setup().rules)
                .with_stand_in(stand_in_name);
            self.made.get_mut().clear();
        }
    }

    /// The narrator of these words (the table's players' names, its language).
    pub fn narrator(&self) -> &Narrator {
        &self.narrator
    }

    /// `refusal` for `listener`, with the players' names in these words when it names one.
    pub fn refused(&self, refusal: Refusal, listener: Listener) -> Refused {
        let names = matches!(
            refusal,
            Refusal::NotYourTurn { .. } | Refusal::GameOver { winner: Some(_) }
        );
        Refused {
            refusal,
            players: names.then(|| (self.narrator.names().to_vec(), listener)),
        }
    }
}

/// The names of `state`'s seats in the language of `catalogue`, the seat `stand_in` (whose
/// person left and listens while a bot plays for them) named as their bot.
fn names_for(
    state: &TableState,
    catalogue: &Arc<Catalogue>,
    stand_in: Option<usize>,
) -> Vec<String> {
    let mut names = state.names_in(catalogue);
    if let Some(name) = stand_in.and_then(|seat| names.get_mut(seat)) {
        *name = catalogue.format("stand-in-name", &[]);
    }
    names
}

/// A table's words in each language its listeners speak, by place in [`LOCALES`]: English
/// always (the lobby's line, the answers of the HTTP API), another language from the moment a
/// listener speaking it comes. Each is made once and follows the table, so that a move is told
/// once per language in use, not once per listener.
#[derive(Debug)]
pub struct Tongues {
    english: Words,
    /// The other languages, `LOCALES[1..]`, those not spoken yet `None`.
    others: Vec<Option<Words>>,
    /// For each seat whose person left during the game, the words they hear in each language
    /// spoken (their seat named as their bot): `(lang, seat, words)`.
    stand_ins: Vec<(usize, usize, Words)>,
}

impl Tongues {
    /// English words for `state` as it is.
    pub fn new(state: &TableState) -> Tongues {
        let mut tongues = Tongues {
            english: Words::new(state),
            others: LOCALES[1..].iter().map(|_| None).collect(),
            stand_ins: Vec::new(),
        };
        tongues.stand_in(state);
        tongues
    }

    /// Makes the words of `LOCALES[lang]` ready, if they are not yet.
    pub fn speak(&mut self, state: &TableState, lang: usize) {
        let slot = lang.checked_sub(1).and_then(|i| self.others.get_mut(i));
        if let Some(slot @ None) = slot {
            *slot = Some(Words::in_language(state, lang));
            self.stand_in(state);
        }
    }

    /// The languages ready, by place in [`LOCALES`].
    fn spoken(&self) -> Vec<usize> {
        let others = self.others.iter().enumerate();
        let ready = others.filter_map(|(i, w)| w.as_ref().map(|_| i + 1));
        std::iter::once(0).chain(ready).collect()
    }

    /// Makes the words of the seats whose person left, in every language ready, and forgets
    /// those of seats taken back.
    fn stand_in(&mut self, state: &TableState) {
        let left: Vec<usize> = state
            .seats()
            .enumerate()
            .filter_map(|(i, s)| s.filter(|s| s.left).map(|_| i))
            .collect();
        self.stand_ins.retain(|(_, seat, _)| left.contains(seat));
        for lang in self.spoken() {
            for &seat in &left {
                if !self
                    .stand_ins
                    .iter()
                    .any(|(l, s, _)| (*l, *s) == (lang, seat))
                {
                    let words = Words::heard_by(state, lang, Some(seat));
                    self.stand_ins.push((lang, seat, words));
                }
            }
        }
    }

    /// The words the holder of `seat` hears in `LOCALES[lang]`: their seat named as their bot
    /// while a bot plays it since they left, else [`Tongues::of`].
    pub fn heard_by(&self, lang: usize, seat: Option<usize>) -> &Words {
        let stand_in = self
            .stand_ins
            .iter()
            .find(|(l, s, _)| (*l, Some(*s)) == (lang, seat));
        match stand_in {
            Some((_, _, words)) => words,
            None => self.of(lang),
        }
    }

    /// The words in `LOCALES[lang]`, or in English when that language is not ready
    /// ([`Tongues::speak`]).
    pub fn of(&self, lang: usize) -> &Words {
        match lang.checked_sub(1).and_then(|i| self.others.get(i)) {
            Some(Some(words)) => words,
            _ => &self.english,
        }
    }

    /// The English words.
    pub fn english(&self) -> &Words {
        &self.english
    }

    /// Follows `state` after a change, in every language ready.
    pub fn follow(&mut self, state: &TableState) {
        self.english.follow(state);
        for words in self.others.iter_mut().flatten() {
            words.follow(state);
        }
        self.stand_in(state);
        for (_, _, words) in &mut self.stand_ins {
            words.follow(state);
        }
    }
}

/// Who a connection speaking for `seat` is: that player once the game is on; a spectator
/// before (seats are renumbered at the start), without a seat, or while a bot plays the seat
/// since its person left (they hear its moves as their bot's, never "Your turn": see
/// [`Tongues::heard_by`]).
pub fn listener(state: &TableState, seat: Option<usize>) -> Listener {
    let left = |s: usize| state.seats().nth(s).flatten().is_some_and(|s| s.left);
    match seat {
        Some(s) if state.status() != Status::Waiting && !left(s) => Listener::Player(s),
        _ => Listener::Spectator,
    }
}

/// The seats as everyone speaking the language of `words` sees them: a bot by its name in that
/// language ("봇 1"), as the sentences name it, so that the players' table and the tokens'
/// letters say what is heard.
fn seat_views(state: &TableState, words: &Words) -> Vec<SeatView> {
    let host = state.host();
    let names = words.narrator.names();
    state
        .seats()
        .enumerate()
        .map(|(i, seat)| match seat {
            None => SeatView {
                name: None,
                bot: false,
                away: false,
                connected: false,
                host: false,
            },
            Some(s) => SeatView {
                name: Some(names.get(i).map_or(s.name, String::as_str).to_string()),
                bot: s.bot,
                away: s.away,
                connected: s.connected,
                host: host == Some(i),
            },
        })
        .collect()
}

/// The lobby's line.
pub fn summary(state: &TableState, words: &Words) -> TableSummary {
    summary_after(state, words, None)
}

/// The lobby's line, with the words of `before` (the line as it was) when they would say the
/// same: a move changes only the seq, and the line is made again after every one.
pub fn summary_after(
    state: &TableState,
    words: &Words,
    before: Option<&TableSummary>,
) -> TableSummary {
    let seats = seat_views(state, words);
    let same = |b: &&TableSummary| {
        b.status == state.status()
            && b.result.as_ref() == state.result()
            && b.seats.len() == seats.len()
            && b.seats
                .iter()
                .zip(&seats)
                .all(|(x, y)| (&x.name, x.bot, x.host) == (&y.name, y.bot, y.host))
    };
    let (lobby, languages) = match before.filter(same) {
        Some(b) => (b.words.clone(), b.languages.clone()),
        None => {
            let english = lobby_words(state, &words.narrator, &seats);
            // Every other language's words too: the lobby's pages speak them all.
            let setup = state.setup();
            let languages = (1..LOCALES.len())
                .map(|lang| {
                    let catalogue = Catalogue::shipped(lang);
                    let n = Narrator::with_catalogue(state.names_in(&catalogue), catalogue)
                        .with_rules(&setup.rules);
                    let rules_line = n.rules_line(&setup.rules, setup.board.last());
                    (lobby_words(state, &n, &seats), rules_line)
                })
                .collect();
            (Box::new(english), languages)
        }
    };
    let setup = state.setup();
    TableSummary {
        id: state.id(),
        status: state.status(),
        board_name: setup.board_name.clone(),
        rules: setup.rules.to_string(),
        rules_line: words.rules_line.clone(),
        seat_count: seats.len(),
        words: lobby,
        seats,
        seq: state.seq(),
        result: state.result().cloned(),
        draw: state.is_drawn(),
        languages,
    }
}

/// A table's row in the lobby, in words.
fn lobby_words(state: &TableState, n: &Narrator, seats: &[SeatView]) -> SummaryWords {
    let id = state.id();
    let lobby = match (state.status(), state.result()) {
        (Status::Waiting, _) => LobbyState::Waiting {
            free: seats.iter().filter(|s| s.name.is_none()).count(),
        },
        (Status::Finished, Some(result)) => LobbyState::Finished {
            winner: n
                .names()
                .get(result.winner)
                .filter(|name| !name.is_empty())
                .unwrap_or(&result.winner_name),
        },
        (Status::Finished, None) => LobbyState::Drawn,
        _ => LobbyState::Playing,
    };
    // The names as this language says them (a bot's name in its words).
    let named: Vec<Option<(&str, bool, bool)>> = seats
        .iter()
        .zip(n.names())
        .map(|(s, name)| s.name.as_ref().map(|_| (name.as_str(), s.bot, s.host)))
        .collect();
    SummaryWords {
        name: n.lobby_table(id),
        state: n.lobby_state(lobby),
        board: n.lobby_board(&state.setup().board_name, state.setup().board.last()),
        seats: n.lobby_seats(&named),
        action: n.lobby_action(id, state.status() == Status::Waiting),
    }
}

/// The panel of the page, for the connection holding `token` (none: a spectator), at `now`.
pub fn panel(state: &TableState, words: &Words, token: Option<&str>, now: Instant) -> Panel {
    Panels::new(state, words, now).for_token(token, true)
}

/// The panels of one moment of a table: what every listener sees alike (the seats, the
/// players' rows as a spectator reads them) is made once, and [`Panels::for_token`] adds what
/// differs for one listener: their own row ("you"), the line under the heading, why Roll
/// cannot roll.
pub struct Panels<'a> {
    state: &'a TableState,
    words: &'a Words,
    now: Instant,
    seats: Vec<SeatView>,
    players: Vec<PlayerWords>,
}

impl<'a> Panels<'a> {
    /// The panels of `state` at `now`.
    pub fn new(state: &'a TableState, words: &'a Words, now: Instant) -> Panels<'a> {
        let seats = seat_views(state, words);
        let mut panels = Panels {
            state,
            words,
            now,
            seats,
            players: Vec::new(),
        };
        panels.players = (0..panels.seats.len())
            .map(|i| panels.player(i, None))
            .collect();
        panels
    }

    /// Whether `seat` is a person without a connection during the game: the grace period runs.
    fn gone(&self, seat: &SeatView) -> bool {
        seat.name.is_some()
            && !seat.bot
            && !seat.away
            && !seat.connected
            && self.state.status() == Status::Playing
    }

    fn turn(&self) -> Option<usize> {
        self.state
            .game()
            .filter(|g| !g.is_over())
            .map(GameState::turn)
    }

    /// Seat `i`'s row, for the listener in seat `you`.
    fn player(&self, i: usize, you: Option<usize>) -> PlayerWords {
        let n = &self.words.narrator;
        let s = &self.seats[i];
        let status = self.state.status();
        let mut notes = Vec::new();
        if s.bot {
            notes.push(SeatNote::Bot);
        }
        if s.away {
            notes.push(SeatNote::Away);
        }
        if self.gone(s) {
            notes.push(SeatNote::Gone);
        }
        if s.host && status == Status::Waiting {
            notes.push(SeatNote::Host);
        }
        if you == Some(i) {
            notes.push(SeatNote::You);
        }
        if self.turn() == Some(i) && status == Status::Playing {
            notes.push(SeatNote::ToRoll);
        }
        let square = self.state.game().map(|g| g.square(i));
        let bits = notes.iter().fold(0u8, |b, &note| b | 1 << note as u8);
        PlayerWords {
            label: self.words.made(Made::Row(i, bits), || {
                n.player_label(s.name.as_deref(), &notes)
            }),
            square: square.map(|q| n.square_text(q)).unwrap_or_default(),
        }
    }

    /// The panel for the connection holding `token` (none: a spectator), with the seats when
    /// `seats`.
    pub fn for_token(&self, token: Option<&str>, seats: bool) -> Panel {
        let (state, n) = (self.state, &self.words.narrator);
        let you = token.and_then(|t| state.seat_of(t));
        let listener = listener(state, you);
        let words = self.words;
        let line = match state.status() {
            // Closed for good: the same sentence as the history's, who closed it and why.
            _ if state.is_abandoned() => state
                .log()
                .iter()
                .rev()
                .find_map(|l| match &l.event {
                    TableEvent::Table(life @ (Lifecycle::Abandoned | Lifecycle::Closed { .. })) => {
                        news(state, life)
                    }
                    _ => None,
                })
                .map(|news| n.sentences(n.table_news(&news, listener)))
                .unwrap_or_default(),
            Status::Waiting => {
                let host = you.is_some() && you == state.host();
                words.made(Made::Waiting(host), || n.status_waiting(host))
            }
            Status::Playing => match self.turn() {
                Some(t) => {
                    let grace = state.timing().grace.as_secs();
                    let gone = self.seats.get(t).filter(|s| self.gone(s)).map(|_| grace);
                    let mine = listener == Listener::Player(t);
                    words.made(Made::Playing(t, mine, gone.is_some()), || {
                        n.status_playing(t, listener, gone)
                    })
                }
                None => String::new(),
            },
            // Once over, the same sentence as the history's: who won, or the draw.
            Status::Finished => state
                .log()
                .iter()
                .rev()
                .find_map(|l| match &l.event {
                    TableEvent::Table(
                        life @ (Lifecycle::Finished { .. } | Lifecycle::Drawn { .. }),
                    ) => news(state, life),
                    _ => None,
                })
                .map(|news| n.sentences(n.table_news(&news, listener)))
                .unwrap_or_default(),
        };
        // Why Roll cannot roll: the refusal a roll now would get, in the same words.
        let roll = Command::Act(Act::by(
            state.id(),
            token.unwrap_or_default(),
            state.seq(),
            Action::Roll {},
        ));
        let roll_reason = match state.decide(&roll, self.now) {
            Ok(_) => String::new(),
            Err(refusal) => {
                let code = Refusal::CODES.iter().position(|&c| c == refusal.code());
                let named = match refusal {
                    Refusal::NotYourTurn { turn } => Some(turn),
                    Refusal::GameOver { winner } => winner,
                    _ => None,
                };
                let mine = named.is_some() && named.map(Listener::Player) == Some(listener);
                let simple = matches!(
                    refusal,
                    Refusal::NotYourTurn { .. }
                        | Refusal::GameOver { .. }
                        | Refusal::NotSeated
                        | Refusal::NotStarted
                );
                match code.filter(|_| simple) {
                    Some(code) => words.made(Made::Roll(code, named, mine), || {
                        n.refusal(&refusal, listener)
                    }),
                    None => n.refusal(&refusal, listener),
                }
            }
        };
        let mut players = self.players.clone();
        if let Some(me) = you.filter(|&i| i < players.len()) {
            players[me] = self.player(me, you);
        }
        Panel {
            you,
            seats: seats.then(|| self.seats.clone()),
            status: line,
            roll_reason,
            players,
        }
    }
}

/// The whole table as it is now: the page's view, for the connection holding `token` (none: a
/// spectator), at `now`.
pub fn table_view(
    state: &TableState,
    words: &Words,
    token: Option<&str>,
    now: Instant,
) -> TableView {
    let game = state.game();
    let board = &state.setup().board;
    let n = &words.narrator;
    TableView {
        summary: summary(state, words),
        board: board.layout(),
        board_words: words.board.clone(),
        squares: game.map(|g| g.squares().to_vec()).unwrap_or_default(),
        start_square: state.setup().rules.start_square(),
        turn: game.filter(|g| !g.is_over()).map(GameState::turn),
        first: game.map(GameState::first),
        stats: game.map(|g| g.stats().to_vec()).unwrap_or_default(),
        turn_timer_secs: state.timing().turn_timer.map(|d| d.as_secs()),
        title: n.page_title(state.id()),
        heading: n.page_heading(state.id(), &state.setup().board_name),
        panel: panel(state, words, token, now),
        dice: dice_view(state),
    }
}

/// The game's record: the board as a layout, the rules, the dice and every event.
pub fn record(state: &TableState) -> GameRecord {
    let setup = state.setup();
    GameRecord {
        format: RECORD_FORMAT,
        table: state.id(),
        seats: setup.seats,
        board: setup.board.layout(),
        rules: setup.rules.to_string(),
        status: state.status(),
        dice: DiceView {
            game: None,
            ..dice_view(state)
        },
        events: state.log().to_vec(),
    }
}

/// The table's dice as everyone sees them: the commitment, the game's once it started, the key
/// once the game is over.
pub fn dice_view(state: &TableState) -> DiceView {
    DiceView {
        algorithm: state.setup().dice.algorithm().to_string(),
        commitment: state.commitment(),
        game: state
            .announced_commitment()
            .filter(|c| Some(*c) != state.commitment().as_deref())
            .map(str::to_string),
        key: state.revealed_key(),
    }
}

/// What `listener` hears on coming (back) to the table, having heard everything up to
/// `missed` (the log after it): during the game, the moves they missed in one line ("While you
/// were away: Bot 1 went to 25, Bot 2 slid to 11."), any news of the table, then whose turn
/// it is; once the game is over, who won. Nothing while seats are filled.
pub fn catch_up(
    state: &TableState,
    words: &Words,
    missed: &[Logged],
    listener: Listener,
) -> Option<Vec<String>> {
    let game = state.game()?;
    let n = &words.narrator;
    let moves: Vec<Event> = missed
        .iter()
        .filter_map(|l| match l.event {
            TableEvent::Game(e) => Some(e),
            TableEvent::Table(_) => None,
        })
        .collect();
    let mut started = Vec::new();
    let mut later = Vec::new();
    for l in missed {
        if let TableEvent::Table(life) = &l.event
            && let Some(news) = news(state, life)
        {
            let lines = n.table_news(&news, news_listener(words, life, listener));
            match life {
                Lifecycle::Started { .. } => started.extend(lines),
                // Seats taken and left before the start are the past of a game now on.
                Lifecycle::Joined { .. }
                | Lifecycle::Left { .. }
                | Lifecycle::BotAdded { .. }
                | Lifecycle::BotRemoved { .. } => {}
                _ => later.extend(lines),
            }
        }
    }
    let finished_now = missed
        .iter()
        .any(|l| matches!(l.event, TableEvent::Table(Lifecycle::Finished { .. })));
    let mut lines = started;
    lines.extend(n.while_away(&moves, listener));
    lines.extend(later);
    if !finished_now {
        lines.push(n.turn(game, listener));
    }
    Some(lines)
}

/// What is said when connections came or went (`before`: whether each seat had one): only of
/// the player to roll, during the game, whose page lost its connection or came back.
pub fn presence(state: &TableState, words: &Words, before: &[bool]) -> Vec<String> {
    let Some(turn) = state.game().filter(|g| !g.is_over()).map(GameState::turn) else {
        return Vec::new();
    };
    let Some(Some(seat)) = state.seats().nth(turn) else {
        return Vec::new();
    };
    let was = before.get(turn).copied().unwrap_or(seat.connected);
    if seat.bot || seat.away || was == seat.connected {
        return Vec::new();
    }
    let grace = state.timing().grace.as_secs();
    vec![words.narrator.presence(turn, seat.connected, grace)]
}

/// Whether each seat has a connection (a bot always has), for [`presence`].
pub fn connections(state: &TableState) -> Vec<bool> {
    state
        .seats()
        .map(|s| s.is_none_or(|s| s.connected))
        .collect()
}

/// The sentences for `logged`, for one listener: every line, for the history. The moves of
/// each roll together, and a line or two for each piece of news of the table.
pub fn lines(
    state: &TableState,
    words: &Words,
    logged: &[Logged],
    listener: Listener,
    brief: bool,
) -> Vec<String> {
    tell(state, words, logged, listener, |moves, _| {
        words.narrator.events(moves, listener, brief)
    })
}

/// What a screen reader says now of `logged`, for one listener, when it is not `text` (every
/// line of [`lines`]): the other players' moves as `others` asks (by default a player hears
/// them in one line when the turn comes back to them), told from the log since their last roll
/// ([`Narrator::heard_as`]) and after `told`, the last event they were already told of (in the
/// catch-up of their coming back: each missed move is said once); `brief` picks the short
/// sentences.
pub fn said(
    state: &TableState,
    words: &Words,
    logged: &[Logged],
    listener: Listener,
    (brief, others, told): (bool, Others, u64),
    text: &[String],
) -> Option<Vec<String>> {
    // Someone watching hears every line unless only the ladders and snakes are asked for.
    if listener == Listener::Spectator && others != Others::Jumps {
        return None;
    }
    let log = state.log();
    let said = tell(state, words, logged, listener, |moves, first| {
        let before = log.partition_point(|l| l.seq < first);
        let after = log.partition_point(|l| l.seq <= told).min(before);
        let earlier = log[after..before].iter().filter_map(|l| match l.event {
            TableEvent::Game(e) => Some(e),
            TableEvent::Table(_) => None,
        });
        words
            .narrator
            .heard_as(earlier, moves, listener, brief, others)
    });
    (said != text).then_some(said)
}

/// The lines of `logged`: each run of moves told by `moves_lines` (given the run and the seq of
/// its first event), a line or two for each piece of news of the table.
fn tell(
    state: &TableState,
    words: &Words,
    logged: &[Logged],
    listener: Listener,
    moves_lines: impl Fn(&[Event], u64) -> Vec<String>,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut moves: Vec<Event> = Vec::new();
    let mut first = 0;
    for l in logged {
        match &l.event {
            TableEvent::Game(e) => {
                if moves.is_empty() {
                    first = l.seq;
                }
                moves.push(*e);
            }
            TableEvent::Table(life) => {
                if !moves.is_empty() {
                    lines.extend(moves_lines(&moves, first));
                    moves.clear();
                }
                if let Some(news) = news(state, life) {
                    let listener = news_listener(words, life, listener);
                    lines.extend(words.narrator.table_news(&news, listener));
                }
            }
        }
    }
    if !moves.is_empty() {
        lines.extend(moves_lines(&moves, first));
    }
    lines
}

/// Who hears the news of `life`: `listener`, but for the person who left, who hears their
/// leaving in the first person ("You left; your bot plays for you ...") although from then
/// on they hear the seat as their bot's.
fn news_listener(words: &Words, life: &Lifecycle, listener: Listener) -> Listener {
    match life {
        Lifecycle::BotTookOver { player, .. } if words.stand_in == Some(*player) => {
            Listener::Player(*player)
        }
        _ => listener,
    }
}

/// The answer to a question behind a key, for the one in `seat` (if any), who hears the game
/// as `listener`; `square` is the square asked about by [`Query::Square`].
///
/// # Errors
/// [`Refusal::NotStarted`] for a question about a game that has not begun (a square's board
/// can be asked about before).
pub fn answer(
    state: &TableState,
    words: &Words,
    query: Query,
    square: Option<u64>,
    (seat, listener): (Option<usize>, Listener),
) -> Result<Vec<String>, Refusal> {
    let n = &words.narrator;
    match query {
        Query::Help => {
            let situation = snakes_text::keys::Situation {
                lobby: false,
                over: state.status() == Status::Finished,
                away: words.stand_in.is_some(),
                host: seat.is_some() && state.host() == seat && state.status() == Status::Waiting,
                seated: seat.is_some(),
            };
            return Ok(n.page_help(situation));
        }
        Query::Rules => return Ok(vec![words.rules_line.clone()]),
        Query::Square => {
            let board = &state.setup().board;
            return Ok(vec![n.square_line(board, state.game(), square, listener)]);
        }
        _ => {}
    }
    let game = state.game().ok_or(Refusal::NotStarted)?;
    Ok(match query {
        Query::Positions => vec![n.positions(game, listener)],
        Query::Turn => vec![n.turn(game, listener)],
        Query::Scores => vec![n.scores(game, listener)],
        Query::DetailedScores => n.detailed_scores(game, listener),
        Query::LookAhead => vec![n.look_ahead(game, listener)],
        // Who is here is the actor's to answer: it knows who watches (`actor/talk.rs`).
        Query::Help | Query::Rules | Query::Square | Query::Who => Vec::new(),
    })
}
