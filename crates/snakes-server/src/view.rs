//! What people and pages see of a table: the lobby's line, the page's view, the sentences for
//! each listener, the answers behind the keys, refusals with their sentence. Projections of a
//! [`TableState`]; every word comes from `snakes-text`.

use axum::extract::ws::Utf8Bytes;
use snakes::{Event, GameState};
use snakes_text::{Listener, Narrator, Refusal, TableNews};

use crate::protocol::{
    AwayReason, DiceView, GameRecord, Lifecycle, Logged, Query, SeatView, ServerMessage, Status,
    TableEvent, TableSummary, TableView,
};
use crate::table::TableState;

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

/// A message as JSON text, ready for the socket.
pub fn to_json(message: &ServerMessage) -> Utf8Bytes {
    // Serializing our own types cannot fail: no maps with non-string keys, no custom code
    // that errs.
    Utf8Bytes::from(serde_json::to_string(message).unwrap_or_default())
}

/// The words of one table: a narrator that knows its players' names, and its rules in words
/// (made once: they never change).
#[derive(Debug, Clone)]
pub struct Words {
    narrator: Narrator,
    rules_line: String,
}

impl Words {
    /// The words for `state` as it is.
    pub fn new(state: &TableState) -> Words {
        let setup = state.setup();
        let narrator = Narrator::new(state.names()).with_rules(&setup.rules);
        let rules_line = narrator.rules_line(&setup.rules, setup.board.last());
        Words {
            narrator,
            rules_line,
        }
    }

    /// Follows `state` after a change: new names when people came, went or the seats were
    /// renumbered at the start.
    pub fn follow(&mut self, state: &TableState) {
        let names = state.names();
        if self.narrator.names() != names.as_slice() {
            self.narrator = Narrator::new(names).with_rules(&state.setup().rules);
        }
    }

    /// `refusal` with the sentence `listener` hears.
    pub fn refused(&self, refusal: Refusal, listener: Listener) -> Refused {
        let message = self.narrator.refusal(&refusal, listener);
        Refused { refusal, message }
    }
}

/// Who a connection speaking for `seat` is: that player once the game is on, a spectator
/// before (seats are renumbered at the start) or without a seat.
pub fn listener(state: &TableState, seat: Option<usize>) -> Listener {
    match seat {
        Some(s) if state.status() != Status::Waiting => Listener::Player(s),
        _ => Listener::Spectator,
    }
}

/// The lobby's line.
pub fn summary(state: &TableState, words: &Words) -> TableSummary {
    let host = state.host();
    let seats = state
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
                name: Some(s.name.to_string()),
                bot: s.bot,
                away: s.away,
                connected: s.connected,
                host: host == Some(i),
            },
        })
        .collect::<Vec<_>>();
    let setup = state.setup();
    TableSummary {
        id: state.id(),
        status: state.status(),
        board_name: setup.board_name.clone(),
        rules: setup.rules.to_string(),
        rules_line: words.rules_line.clone(),
        seat_count: seats.len(),
        seats,
        seq: state.seq(),
        result: state.result().cloned(),
        draw: state.is_drawn(),
    }
}

/// The whole table as it is now: the page's view.
pub fn table_view(state: &TableState, words: &Words) -> TableView {
    let game = state.game();
    let board = &state.setup().board;
    TableView {
        summary: summary(state, words),
        board: board.layout(),
        squares: game.map(|g| g.squares().to_vec()).unwrap_or_default(),
        start_square: state.setup().rules.start_square(),
        turn: game.filter(|g| !g.is_over()).map(GameState::turn),
        first: game.map(GameState::first),
        stats: game.map(|g| g.stats().to_vec()).unwrap_or_default(),
        turn_timer_secs: state.timing().turn_timer.map(|d| d.as_secs()),
        dice: dice_view(state),
    }
}

/// The game's record: the board as a layout, the rules, the dice and every event.
pub fn record(state: &TableState) -> GameRecord {
    let setup = state.setup();
    GameRecord {
        table: state.id(),
        board: setup.board.layout(),
        rules: setup.rules.to_string(),
        status: state.status(),
        dice: dice_view(state),
        events: state.log().to_vec(),
    }
}

/// The table's dice as everyone sees them: the commitment, the key once the game is over.
pub fn dice_view(state: &TableState) -> DiceView {
    DiceView {
        algorithm: state.setup().dice.algorithm().to_string(),
        commitment: state.commitment(),
        key: state.revealed_key(),
    }
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
/// line of [`lines`]): a player hears the others' moves in one line when the turn comes back to
/// them ([`Narrator::heard`]), told from the log since their last roll.
pub fn said(
    state: &TableState,
    words: &Words,
    logged: &[Logged],
    listener: Listener,
    brief: bool,
    text: &[String],
) -> Option<Vec<String>> {
    let Listener::Player(_) = listener else {
        return None;
    };
    let log = state.log();
    let said = tell(state, words, logged, listener, |moves, first| {
        let before = log.partition_point(|l| l.seq < first);
        let earlier = log[..before].iter().filter_map(|l| match l.event {
            TableEvent::Game(e) => Some(e),
            TableEvent::Table(_) => None,
        });
        words.narrator.heard(earlier, moves, listener, brief)
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

/// The news an event of the table's life tells, if any (an abandoned table has nobody to tell).
fn news<'a>(state: &TableState, life: &'a Lifecycle) -> Option<TableNews<'a>> {
    Some(match life {
        Lifecycle::Joined { seat, name, .. } => TableNews::Joined { name, seat: *seat },
        Lifecycle::Left { name, .. } => TableNews::Left { name },
        Lifecycle::BotAdded { seat, name } => TableNews::BotAdded { name, seat: *seat },
        Lifecycle::BotRemoved { name, .. } => TableNews::BotRemoved { name },
        Lifecycle::Started { players, first, .. } => TableNews::Started {
            players: players.len(),
            first: *first,
        },
        Lifecycle::BotTookOver { player, reason } => match reason {
            AwayReason::Left => TableNews::BotPlaysForLeaver { player: *player },
            AwayReason::Disconnected => TableNews::BotPlaysForAway { player: *player },
        },
        Lifecycle::Reclaimed { player } => TableNews::Reclaimed { player: *player },
        Lifecycle::TimerRolled { player } => TableNews::TimerRolled { player: *player },
        // A waiting table that closes has nobody to tell; a game's spectators hear it.
        Lifecycle::Abandoned if state.status() == Status::Waiting => return None,
        Lifecycle::Abandoned => TableNews::Closed,
        Lifecycle::Drawn { turns, .. } => TableNews::Drawn { turns: *turns },
        Lifecycle::Finished { result, .. } => {
            // The sentence counts the winner's own turns and rolls (the result keeps the
            // table's totals); a finished game's figures no longer change.
            let mine = state
                .game()
                .and_then(|g| g.stats().get(result.winner).copied())
                .unwrap_or_default();
            TableNews::Finished {
                winner: result.winner,
                turns: mine.turns,
                rolls: mine.rolls,
            }
        }
    })
}

/// The answer to a question behind a key, for `listener`; `square` is the square asked about
/// by [`Query::Square`].
///
/// # Errors
/// [`Refusal::NotStarted`] for a question about a game that has not begun (a square's board
/// can be asked about before).
pub fn answer(
    state: &TableState,
    words: &Words,
    query: Query,
    square: Option<u64>,
    listener: Listener,
) -> Result<Vec<String>, Refusal> {
    let n = &words.narrator;
    match query {
        Query::Help => return Ok(n.page_help()),
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
        Query::Help | Query::Rules | Query::Square => Vec::new(),
    })
}
