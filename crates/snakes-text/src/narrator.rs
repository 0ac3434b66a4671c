//! Sentences for one table: events, positions, turns, scores, rules and refusals, per listener.

use std::sync::Arc;

use snakes::{
    Collision, Ending, Entry, Event, GameState, Jumps, Rules, Six, Square, Start, StayReason,
};

use crate::catalogue::{Catalogue, MessageArg};
use crate::refusal::Refusal;

pub use snakes::Player;

/// Who is listening: a seated player hears their own actions in the first person ("You rolled a
/// 4"), everyone else hears names ("Ana rolled a 4").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listener {
    /// The player in this seat.
    Player(Player),
    /// Someone watching (or a hot-seat table where several people share one screen).
    Spectator,
}

/// Makes the sentences for one table: the players' display names in seat order, a catalogue,
/// and the die (for sentences that name its top face).
///
/// ```
/// use snakes::Event;
/// use snakes_text::{Listener, Narrator};
/// let narrator = Narrator::new(vec!["Ana".into(), "Bo".into()]);
/// let events = [
///     Event::Rolled { player: 0, roll: 4 },
///     Event::Moved { player: 0, from: 10, to: 14 },
///     Event::TurnPassed { player: 1 },
/// ];
/// assert_eq!(
///     narrator.events(&events, Listener::Player(0), false),
///     ["You rolled a 4 and moved from 10 to 14.", "Bo's turn."]
/// );
/// assert_eq!(
///     narrator.events(&events, Listener::Spectator, true),
///     ["Ana, 4: 10 to 14.", "Bo's turn."]
/// );
/// ```
#[derive(Debug, Clone)]
pub struct Narrator {
    names: Vec<String>,
    catalogue: Arc<Catalogue>,
    die: u8,
}

/// Whether `event` is the first step of a move (what a roll did before any jump).
fn is_advance(event: &Event) -> bool {
    matches!(
        event,
        Event::Entered { .. }
            | Event::Moved { .. }
            | Event::Bounced { .. }
            | Event::StayedPut { .. }
    )
}

/// Upper-cases the first letter, for sentences that may begin with "you".
fn capitalize(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if c.is_lowercase() => c.to_uppercase().chain(chars).collect(),
        _ => text,
    }
}

type Args = Vec<(&'static str, MessageArg)>;

impl Narrator {
    /// A narrator with the English catalogue, for a game with a six-sided die until told
    /// otherwise ([`Narrator::with_rules`]).
    pub fn new(names: Vec<String>) -> Narrator {
        Narrator::with_catalogue(names, Catalogue::english())
    }

    /// A narrator speaking from `catalogue` (another language).
    pub fn with_catalogue(names: Vec<String>, catalogue: Arc<Catalogue>) -> Narrator {
        Narrator {
            names,
            catalogue,
            die: 6,
        }
    }

    /// The same narrator for a game under `rules`: "it takes a 6 to enter" names the die's top
    /// face.
    pub fn with_rules(mut self, rules: &Rules) -> Narrator {
        self.die = rules.die();
        self
    }

    /// A narrator for the game `state` (its board and rules), with the English catalogue.
    pub fn for_state(names: Vec<String>, state: &GameState) -> Narrator {
        Narrator::new(names).with_rules(state.rules())
    }

    /// The players' display names, in seat order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The catalogue the sentences come from.
    pub fn catalogue(&self) -> &Arc<Catalogue> {
        &self.catalogue
    }

    /// Any catalogue message by id, for the sentences of tables and games coming and going
    /// (`player-joined`, `bot-added`, ...). An unknown id is returned as it is.
    pub fn message(&self, id: &str, args: &[(&str, MessageArg)]) -> String {
        self.catalogue.format(id, args)
    }

    fn say(&self, id: &str, args: Args) -> String {
        self.catalogue.format(id, &args)
    }

    /// The display name of `player` (seats without a name are "Player 3").
    pub fn name(&self, player: Player) -> String {
        self.names
            .get(player)
            .cloned()
            .unwrap_or_else(|| format!("Player {}", player + 1))
    }

    /// `$you` and `$name` for a sentence about `player`.
    fn who(&self, player: Player, listener: Listener) -> Args {
        let you = if listener == Listener::Player(player) {
            "you"
        } else {
            "other"
        };
        vec![("you", you.into()), ("name", self.name(player).into())]
    }

    /// How `player` is named inside a list: "you" or the name.
    fn person(&self, player: Player, listener: Listener) -> String {
        if listener == Listener::Player(player) {
            self.say("you", vec![])
        } else {
            self.name(player)
        }
    }

    /// Items joined as a list: "Ana", "Ana and Bo", "Ana, Bo and Cy".
    pub fn list(&self, items: Vec<String>) -> String {
        let mut items = items.into_iter();
        let Some(mut text) = items.next() else {
            return String::new();
        };
        let rest: Vec<String> = items.collect();
        for (i, item) in rest.iter().enumerate() {
            let id = if i + 1 == rest.len() {
                "list-pair"
            } else {
                "list-comma"
            };
            text = self.say(
                id,
                vec![("first", text.into()), ("second", item.clone().into())],
            );
        }
        text
    }

    fn players_list(&self, players: &[Player], listener: Listener) -> String {
        self.list(players.iter().map(|&p| self.person(p, listener)).collect())
    }

    /// "you" when the group is just the listener, "one" for one other player, "many" otherwise.
    fn form(players: &[Player], listener: Listener) -> &'static str {
        match players {
            [p] if listener == Listener::Player(*p) => "you",
            [_] => "one",
            _ => "many",
        }
    }

    /// One line per announcement for `events` (typically those of one roll), as heard by
    /// `listener`. `brief` gives one short line per roll ("Ana, 4: 10 to 14, ladder to 35.").
    pub fn events(&self, events: &[Event], listener: Listener, brief: bool) -> Vec<String> {
        if brief {
            self.brief_events(events, listener)
        } else {
            self.full_events(events, listener)
        }
    }

    fn full_events(&self, events: &[Event], listener: Listener) -> Vec<String> {
        let mut lines = Vec::new();
        let mut i = 0;
        while i < events.len() {
            let event = events[i];
            i += 1;
            if let Event::Rolled { player, roll } = event {
                let mut args = self.who(player, listener);
                args.push(("roll", roll.into()));
                let next = events
                    .get(i)
                    .filter(|e| e.player() == player && is_advance(e))
                    .copied();
                if next.is_some() {
                    i += 1;
                }
                let id = match next {
                    Some(Event::Entered { square, .. }) => {
                        args.push(("to", square.into()));
                        "rolled-entered"
                    }
                    Some(Event::Moved { from, to, .. }) => {
                        args.push(("from", from.into()));
                        args.push(("to", to.into()));
                        "rolled-moved"
                    }
                    Some(Event::Bounced {
                        from,
                        turned_at,
                        to,
                        ..
                    }) => {
                        args.push(("last", turned_at.into()));
                        args.push(("to", to.into()));
                        if from == 0 {
                            "rolled-entered-bounced"
                        } else {
                            "rolled-bounced"
                        }
                    }
                    Some(Event::StayedPut { square, reason, .. }) => {
                        args.push(("from", square.into()));
                        args.push(("top", self.die.into()));
                        match reason {
                            StayReason::Overshoot => "rolled-stayed-overshoot",
                            StayReason::NeedSix => "rolled-stayed-need-six",
                        }
                    }
                    _ => "rolled",
                };
                lines.push(self.say(id, args));
            } else {
                lines.push(self.event_line(event, listener));
            }
        }
        lines
    }

    /// The sentence of one event told on its own.
    fn event_line(&self, event: Event, listener: Listener) -> String {
        let mut args = self.who(event.player(), listener);
        let id = match event {
            Event::Rolled { roll, .. } => {
                args.push(("roll", roll.into()));
                "rolled"
            }
            Event::Entered { square, .. } => {
                args.push(("to", square.into()));
                "entered"
            }
            Event::Moved { from, to, .. } => {
                args.push(("from", from.into()));
                args.push(("to", to.into()));
                "moved"
            }
            Event::Bounced { turned_at, to, .. } => {
                args.push(("last", turned_at.into()));
                args.push(("to", to.into()));
                "bounced"
            }
            Event::StayedPut { square, reason, .. } => {
                args.push(("from", square.into()));
                args.push(("top", self.die.into()));
                match reason {
                    StayReason::Overshoot => "stayed-overshoot",
                    StayReason::NeedSix => "stayed-need-six",
                }
            }
            Event::Climbed { from, to, .. } => {
                args.push(("from", from.into()));
                args.push(("to", to.into()));
                "climbed"
            }
            Event::Slid { from, to, .. } => {
                args.push(("from", from.into()));
                args.push(("to", to.into()));
                "slid"
            }
            Event::Bumped { by, from, to, .. } => {
                let by_you = if listener == Listener::Player(by) {
                    "you"
                } else {
                    "other"
                };
                args.push(("by_you", by_you.into()));
                args.push(("by", self.name(by).into()));
                args.push(("square", from.into()));
                args.push(("to", to.into()));
                "bumped"
            }
            Event::ExtraRoll { .. } => "extra-roll",
            Event::Won { square, .. } => {
                args.push(("square", square.into()));
                "won"
            }
            Event::TurnPassed { .. } => "turn-passed",
        };
        self.say(id, args)
    }

    fn brief_events(&self, events: &[Event], listener: Listener) -> Vec<String> {
        struct Group {
            player: Player,
            roll: Option<u8>,
            parts: Vec<String>,
        }
        let mut lines = Vec::new();
        let mut group: Option<Group> = None;
        let flush = |group: &mut Option<Group>, lines: &mut Vec<String>| {
            if let Some(g) = group.take() {
                let mut args = self.who(g.player, listener);
                let parts = g.parts.into_iter().reduce(|first, second| {
                    self.say(
                        "brief-list-join",
                        vec![("first", first.into()), ("second", second.into())],
                    )
                });
                args.push(("parts", parts.unwrap_or_default().into()));
                let id = match g.roll {
                    Some(roll) => {
                        args.push(("roll", roll.into()));
                        "brief-roll"
                    }
                    None => "brief-no-roll",
                };
                lines.push(self.say(id, args));
            }
        };
        for &event in events {
            let actor = match event {
                Event::Bumped { by, .. } => by,
                other => other.player(),
            };
            match event {
                Event::Rolled { player, roll } => {
                    flush(&mut group, &mut lines);
                    group = Some(Group {
                        player,
                        roll: Some(roll),
                        parts: Vec::new(),
                    });
                    continue;
                }
                Event::TurnPassed { player } => {
                    flush(&mut group, &mut lines);
                    lines.push(self.say("brief-turn-passed", self.who(player, listener)));
                    continue;
                }
                _ => {}
            }
            if group.as_ref().is_none_or(|g| g.player != actor) {
                flush(&mut group, &mut lines);
                group = Some(Group {
                    player: actor,
                    roll: None,
                    parts: Vec::new(),
                });
            }
            let Some(g) = group.as_mut() else { continue };
            let part = self.brief_part(event, listener);
            g.parts.push(part);
        }
        flush(&mut group, &mut lines);
        lines
    }

    fn brief_part(&self, event: Event, listener: Listener) -> String {
        let mut args = self.who(event.player(), listener);
        let id = match event {
            Event::Entered { square, .. } => {
                args.push(("to", square.into()));
                "brief-entered"
            }
            Event::Moved { from, to, .. }
            | Event::Climbed { from, to, .. }
            | Event::Slid { from, to, .. } => {
                args.push(("from", from.into()));
                args.push(("to", to.into()));
                match event {
                    Event::Moved { .. } => "brief-moved",
                    Event::Climbed { .. } => "brief-climbed",
                    _ => "brief-slid",
                }
            }
            Event::Bounced {
                from,
                turned_at,
                to,
                ..
            } => {
                args.push(("from", from.into()));
                args.push(("last", turned_at.into()));
                args.push(("to", to.into()));
                if from == 0 {
                    "brief-entered-bounced"
                } else {
                    "brief-bounced"
                }
            }
            Event::StayedPut { square, reason, .. } => {
                args.push(("from", square.into()));
                args.push(("top", self.die.into()));
                match reason {
                    StayReason::Overshoot => "brief-stayed-overshoot",
                    StayReason::NeedSix => "brief-stayed-need-six",
                }
            }
            Event::Bumped { by, to, .. } => {
                args.push(("by", self.name(by).into()));
                args.push(("to", to.into()));
                "brief-bumped"
            }
            Event::ExtraRoll { .. } => "brief-extra-roll",
            Event::Won { .. } => "brief-won",
            // Rolls and turns are lines of their own (see `brief_events`).
            Event::Rolled { roll, .. } => {
                args.push(("roll", roll.into()));
                "a-roll"
            }
            Event::TurnPassed { .. } => "brief-turn-passed",
        };
        self.say(id, args)
    }

    /// Who rolls first: "Bo goes first." / "You go first."
    pub fn first_player(&self, player: Player, listener: Listener) -> String {
        self.say("first-player", self.who(player, listener))
    }

    /// The lines for news of a table (people and bots coming and going, the start, the end),
    /// as `listener` hears them: "Bo took seat 3.", "The game has started with 2 players." and
    /// "You go first.".
    pub fn table_news(&self, news: &TableNews<'_>, listener: Listener) -> Vec<String> {
        let name = |n: &str| -> MessageArg { n.into() };
        let of = |player: Player| -> Args { vec![("name", self.name(player).into())] };
        match *news {
            TableNews::Joined { name: n, seat } => vec![self.say(
                "table-joined",
                vec![("name", name(n)), ("seat", (seat + 1).into())],
            )],
            TableNews::Left { name: n } => vec![self.say("table-left", vec![("name", name(n))])],
            TableNews::BotAdded { name: n, seat } => vec![self.say(
                "table-bot-added",
                vec![("name", name(n)), ("seat", (seat + 1).into())],
            )],
            TableNews::BotRemoved { name: n } => {
                vec![self.say("table-bot-removed", vec![("name", name(n))])]
            }
            TableNews::Started { players, first } => vec![
                self.say("table-started", vec![("players", players.into())]),
                self.first_player(first, listener),
            ],
            TableNews::BotPlaysForLeaver { player } => {
                vec![self.say("table-left-bot-plays", of(player))]
            }
            TableNews::BotPlaysForAway { player } => {
                vec![self.say("table-away-bot-plays", of(player))]
            }
            TableNews::Reclaimed { player } => vec![self.say("table-reclaimed", of(player))],
            TableNews::TimerRolled { player } => vec![self.say("table-timer-rolled", of(player))],
            TableNews::Finished {
                winner,
                turns,
                rolls,
            } => {
                let mut args = of(winner);
                args.push(("turns", turns.into()));
                args.push(("rolls", rolls.into()));
                vec![self.say("table-finished", args)]
            }
            TableNews::Drawn { turns } => {
                vec![self.say("table-drawn", vec![("turns", turns.into())])]
            }
            TableNews::Closed => vec![self.say("table-closed", vec![])],
        }
    }

    /// The name of the `number`th bot at a table (from 1): "Bot 2".
    pub fn bot_name(&self, number: usize) -> String {
        bot_name(&self.catalogue, number)
    }

    /// Every token's position, highest square first, players on the same square together,
    /// those off the board last: "Bo is on square 40, you are on square 12, Cy has not entered
    /// the board."
    pub fn positions(&self, state: &GameState, listener: Listener) -> String {
        let mut squares: Vec<Square> = state.squares().to_vec();
        squares.sort_unstable_by(|a, b| b.cmp(a));
        squares.dedup();
        let clauses: Vec<String> = squares
            .iter()
            .map(|&square| {
                let group: Vec<Player> = (0..state.players())
                    .filter(|&p| state.square(p) == square)
                    .collect();
                let mut args: Args = vec![
                    ("who", self.players_list(&group, listener).into()),
                    ("form", Self::form(&group, listener).into()),
                ];
                if square == 0 {
                    self.say("position-off", args)
                } else {
                    args.push(("square", square.into()));
                    self.say("position-on", args)
                }
            })
            .collect();
        let text = clauses
            .into_iter()
            .reduce(|first, second| {
                self.say(
                    "clause-join",
                    vec![("first", first.into()), ("second", second.into())],
                )
            })
            .unwrap_or_default();
        capitalize(self.say("sentence", vec![("text", text.into())]))
    }

    /// The legend of a board drawn with its tokens, `marks[p]` being the letter of player `p`:
    /// "Tokens: A Ana on 12, B you on 40, C Cy off the board."
    pub fn token_legend(&self, state: &GameState, marks: &[char], listener: Listener) -> String {
        let items: Vec<String> = (0..state.players())
            .map(|p| {
                let mark = marks.get(p).map_or_else(String::new, char::to_string);
                let mut args: Args = vec![
                    ("mark", mark.into()),
                    ("who", self.person(p, listener).into()),
                ];
                match state.square(p) {
                    0 => self.say("board-token-off", args),
                    square => {
                        args.push(("square", square.into()));
                        self.say("board-token-on", args)
                    }
                }
            })
            .collect();
        let list = items
            .into_iter()
            .reduce(|first, second| {
                self.say(
                    "list-comma",
                    vec![("first", first.into()), ("second", second.into())],
                )
            })
            .unwrap_or_default();
        self.say("board-tokens", vec![("list", list.into())])
    }

    /// Whose turn it is and where their token is (or who won, once the game is over).
    pub fn turn(&self, state: &GameState, listener: Listener) -> String {
        if let Some(winner) = state.winner() {
            return self.say("game-over", self.who(winner, listener));
        }
        let player = state.turn();
        let mut args = self.who(player, listener);
        let again = if state.on_extra_roll() { "yes" } else { "no" };
        args.push(("again", again.into()));
        let square = state.square(player);
        if square == 0 {
            self.say("turn-off", args)
        } else {
            args.push(("square", square.into()));
            self.say("turn-on", args)
        }
    }

    /// A brief race summary: who leads, where, and by how much.
    pub fn scores(&self, state: &GameState, listener: Listener) -> String {
        let squares = state.squares();
        let players: Vec<Player> = (0..state.players()).collect();
        let at = |square: Square| -> Vec<Player> {
            players
                .iter()
                .copied()
                .filter(|&p| squares[p] == square)
                .collect()
        };
        if let Some(winner) = state.winner() {
            let second = players
                .iter()
                .filter(|&&p| p != winner)
                .map(|&p| squares[p])
                .max();
            let (gap, behind) = match second {
                Some(s) => {
                    let behind: Vec<Player> = at(s).into_iter().filter(|&p| p != winner).collect();
                    (squares[winner] - s, self.players_list(&behind, listener))
                }
                None => (0, String::new()),
            };
            let args: Args = vec![
                ("who", self.person(winner, listener).into()),
                ("gap", gap.into()),
                ("behind", behind.into()),
            ];
            return capitalize(self.say("scores-won", args));
        }
        let top = squares.iter().copied().max().unwrap_or(0);
        let leaders = at(top);
        if leaders.len() == players.len() {
            return if top == 0 {
                self.say("scores-nobody-entered", vec![])
            } else {
                self.say("scores-all-level", vec![("square", top.into())])
            };
        }
        if top == 0 {
            return self.say("scores-nobody-entered", vec![]);
        }
        let second = squares
            .iter()
            .copied()
            .filter(|&s| s < top)
            .max()
            .unwrap_or(0);
        let args: Args = vec![
            ("who", self.players_list(&leaders, listener).into()),
            ("form", Self::form(&leaders, listener).into()),
            ("square", top.into()),
            ("gap", (top - second).into()),
            ("behind", self.players_list(&at(second), listener).into()),
        ];
        capitalize(self.say("scores-lead", args))
    }

    /// One line per player, in seat order: square, distance to the finish, turns, rolls,
    /// ladders, snakes, sixes, and bumps when landing on a token sends it back.
    pub fn detailed_scores(&self, state: &GameState, listener: Listener) -> Vec<String> {
        let last = state.board().last();
        (0..state.players())
            .map(|p| {
                let s = state.stats()[p];
                let mut stats = self.say(
                    "detail-stats",
                    vec![
                        ("turns", s.turns.into()),
                        ("rolls", s.rolls.into()),
                        ("ladders", s.ladders.into()),
                        ("snakes", s.snakes.into()),
                        ("sixes", s.sixes.into()),
                        ("top", state.rules().die().into()),
                    ],
                );
                if state.rules().collision == Collision::Bump {
                    stats = self.say(
                        "detail-bumps",
                        vec![
                            ("stats", stats.into()),
                            ("made", s.bumps_made.into()),
                            ("suffered", s.bumped.into()),
                        ],
                    );
                }
                let who = capitalize(self.person(p, listener));
                let square = state.square(p);
                if state.winner() == Some(p) {
                    self.say(
                        "detail-won",
                        vec![
                            ("who", who.into()),
                            ("square", square.into()),
                            ("stats", stats.into()),
                        ],
                    )
                } else {
                    let place = if square == 0 {
                        self.say("detail-off", vec![])
                    } else {
                        self.say("detail-on", vec![("square", square.into())])
                    };
                    self.say(
                        "detail-line",
                        vec![
                            ("who", who.into()),
                            ("where", place.into()),
                            ("to_go", (last - square).into()),
                            ("stats", stats.into()),
                        ],
                    )
                }
            })
            .collect()
    }

    /// The rules in force in one line: the ending first (the one rule a board cannot show),
    /// then every house rule in force.
    pub fn rules_line(&self, rules: &Rules, last: Square) -> String {
        let top: MessageArg = rules.die().into();
        let mut parts = vec![self.say(
            match rules.ending {
                Ending::Bounce => "rules-ending-bounce",
                Ending::Exact => "rules-ending-exact",
                Ending::Loose => "rules-ending-loose",
            },
            vec![("last", last.into())],
        )];
        if rules.start == Start::Square1 {
            parts.push(self.say("rules-start-square-1", vec![]));
        }
        if rules.entry == Entry::NeedSix {
            parts.push(self.say("rules-entry-need-six", vec![("top", top.clone())]));
        }
        if rules.six == Six::RollAgain {
            parts.push(self.say("rules-six-roll-again", vec![("top", top.clone())]));
        }
        if rules.collision == Collision::Bump {
            parts.push(self.say("rules-collision-bump", vec![]));
        }
        if rules.jumps == Jumps::Chain {
            parts.push(self.say("rules-jumps-chain", vec![]));
        }
        if rules.die() != 6 {
            parts.push(self.say("rules-die", vec![("top", top)]));
        }
        if parts.len() == 1 {
            parts.push(self.say("rules-no-house-rules", vec![]));
        }
        parts
            .into_iter()
            .reduce(|first, second| {
                self.say(
                    "rules-join",
                    vec![("first", first.into()), ("second", second.into())],
                )
            })
            .unwrap_or_default()
    }

    /// Why `refusal` happened, as `listener` hears it ("It is Bo's turn.").
    pub fn refusal(&self, refusal: &Refusal, listener: Listener) -> String {
        let args: Args = match refusal {
            Refusal::NotYourTurn { turn } => self.who(*turn, listener),
            Refusal::GameOver { winner: Some(w) } => self.who(*w, listener),
            Refusal::GameOver { winner: None } => return self.say("refusal-game-drawn", vec![]),
            Refusal::BadOrigin { origin } => vec![("origin", origin.as_str().into())],
            Refusal::SeatTaken { seat } => vec![("seat", (seat + 1).into())],
            Refusal::StaleSeq { expected, got } => vec![
                (
                    "expected",
                    i64::try_from(*expected).unwrap_or(i64::MAX).into(),
                ),
                ("got", i64::try_from(*got).unwrap_or(i64::MAX).into()),
            ],
            Refusal::TooLarge { limit } => vec![("limit", (*limit).into())],
            Refusal::BadMessage { detail }
            | Refusal::BadBoard { detail }
            | Refusal::BadRules { detail }
            | Refusal::BadName { detail }
            | Refusal::BadSeats { detail } => vec![("detail", detail.say(&self.catalogue).into())],
            Refusal::NotStarted
            | Refusal::AlreadyStarted
            | Refusal::NotSeated
            | Refusal::NotHost
            | Refusal::TableFull
            | Refusal::NoSuchTable
            | Refusal::NotEnoughPlayers
            | Refusal::TooManyRequests
            | Refusal::TooManyTables
            | Refusal::StoreFailed
            | Refusal::NotFound
            | Refusal::MethodNotAllowed => vec![],
        };
        self.say(&refusal.message_id(), args)
    }

    /// The keys of every interface, one line each: R or Space, C, T, S, Shift+S, H or ?.
    pub fn help(&self) -> Vec<String> {
        [
            "help-roll",
            "help-positions",
            "help-turn",
            "help-scores",
            "help-detailed",
            "help-help",
        ]
        .iter()
        .map(|id| self.say(id, vec![]))
        .collect()
    }

    /// The keys of the terminal game: those of [`Narrator::help`], then B (board) and Q (quit).
    pub fn terminal_help(&self) -> Vec<String> {
        let mut lines = self.help();
        lines.push(self.say("help-board", vec![]));
        lines.push(self.say("help-quit", vec![]));
        lines
    }
}

/// The name of the `number`th bot at a table (from 1) in the words of `catalogue`: "Bot 2".
/// Names are data once given (a table's log keeps them), so this needs no narrator.
pub fn bot_name(catalogue: &Catalogue, number: usize) -> String {
    catalogue.format("bot-name", &[("number", number.into())])
}

/// News of a table apart from the moves, for [`Narrator::table_news`]. Names of players are the
/// narrator's (by index); names of people coming and going before the start are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableNews<'a> {
    /// A person took a seat (from 0).
    Joined {
        /// Their name.
        name: &'a str,
        /// The seat.
        seat: usize,
    },
    /// A person left before the start.
    Left {
        /// Their name.
        name: &'a str,
    },
    /// The host seated a bot.
    BotAdded {
        /// The bot's name.
        name: &'a str,
        /// The seat.
        seat: usize,
    },
    /// The host removed a bot.
    BotRemoved {
        /// The bot's name.
        name: &'a str,
    },
    /// The game started.
    Started {
        /// How many play.
        players: usize,
        /// Who rolls first.
        first: Player,
    },
    /// `player` left the game; a bot plays for them.
    BotPlaysForLeaver {
        /// The player.
        player: Player,
    },
    /// `player` stayed disconnected past the grace period; a bot plays until they are back.
    BotPlaysForAway {
        /// The player.
        player: Player,
    },
    /// `player` is back and plays again.
    Reclaimed {
        /// The player.
        player: Player,
    },
    /// `player` took too long and the die was rolled for them.
    TimerRolled {
        /// The player.
        player: Player,
    },
    /// The game reached the server's most turns and ended in a draw after `turns` turns (every
    /// player's together).
    Drawn {
        /// The turns played.
        turns: u32,
    },
    /// Nobody was left to play (every seat a bot's) for the server's idle limit: the table is
    /// closed.
    Closed,
    /// `winner` won after `turns` turns and `rolls` rolls of their own.
    Finished {
        /// The winner.
        winner: Player,
        /// The winner's turns.
        turns: u32,
        /// The winner's rolls.
        rolls: u32,
    },
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::refusal::Detail;
    use snakes::Board;
    use snakes::Game;

    pub(crate) fn every_refusal() -> Vec<Refusal> {
        vec![
            Refusal::NotYourTurn { turn: 1 },
            Refusal::GameOver { winner: Some(0) },
            Refusal::NotStarted,
            Refusal::AlreadyStarted,
            Refusal::SeatTaken { seat: 2 },
            Refusal::NotSeated,
            Refusal::NotHost,
            Refusal::TableFull,
            Refusal::NoSuchTable,
            Refusal::NotEnoughPlayers,
            Refusal::StaleSeq {
                expected: 12,
                got: 9,
            },
            Refusal::BadMessage {
                detail: Detail::Text("unknown field `rol`".into()),
            },
            Refusal::TooLarge { limit: 4096 },
            Refusal::TooManyRequests,
            Refusal::TooManyTables,
            Refusal::BadBoard {
                detail: Detail::Text("row 2: 3 cells, expected 4".into()),
            },
            Refusal::BadRules {
                detail: Detail::Text("unknown value \"fast\" for ending".into()),
            },
            Refusal::BadName {
                detail: Detail::NameTooLong { max: 24 },
            },
            Refusal::BadSeats {
                detail: Detail::TooManyBots { bots: 3, seats: 2 },
            },
            Refusal::StoreFailed,
            Refusal::NotFound,
            Refusal::MethodNotAllowed,
            Refusal::BadOrigin {
                origin: "http://evil.example".into(),
            },
        ]
    }

    fn narrator() -> Narrator {
        Narrator::new(vec!["Ana".into(), "Bo".into(), "Cy".into()])
    }

    fn classic_narrator() -> Narrator {
        narrator().with_rules(&Rules::STANDARD)
    }

    fn full(events: &[Event], listener: Listener) -> Vec<String> {
        classic_narrator().events(events, listener, false)
    }

    fn brief(events: &[Event], listener: Listener) -> Vec<String> {
        classic_narrator().events(events, listener, true)
    }

    const ANA: Listener = Listener::Player(0);
    const BO: Listener = Listener::Player(1);
    const SPECTATOR: Listener = Listener::Spectator;

    #[test]
    fn a_narrator_can_move_between_threads() {
        fn shared<T: Send + Sync + Clone>() {}
        shared::<Narrator>();
        shared::<Refusal>();
    }

    #[test]
    fn roll_and_move() {
        let e = [
            Event::Rolled { player: 0, roll: 4 },
            Event::Moved {
                player: 0,
                from: 10,
                to: 14,
            },
            Event::TurnPassed { player: 1 },
        ];
        assert_eq!(
            full(&e, ANA),
            ["You rolled a 4 and moved from 10 to 14.", "Bo's turn."]
        );
        assert_eq!(
            full(&e, BO),
            ["Ana rolled a 4 and moved from 10 to 14.", "Your turn."]
        );
        assert_eq!(
            full(&e, SPECTATOR)[0],
            "Ana rolled a 4 and moved from 10 to 14."
        );
        assert_eq!(brief(&e, ANA), ["4: 10 to 14.", "Bo's turn."]);
        assert_eq!(brief(&e, SPECTATOR), ["Ana, 4: 10 to 14.", "Bo's turn."]);
    }

    #[test]
    fn entering_and_ladder() {
        let e = [
            Event::Rolled { player: 1, roll: 1 },
            Event::Entered {
                player: 1,
                square: 1,
            },
            Event::Climbed {
                player: 1,
                from: 1,
                to: 38,
            },
            Event::TurnPassed { player: 2 },
        ];
        assert_eq!(
            full(&e, BO),
            [
                "You rolled a 1 and entered the board on square 1.",
                "You climbed a ladder from 1 to 38.",
                "Cy's turn.",
            ]
        );
        assert_eq!(
            full(&e, ANA),
            [
                "Bo rolled a 1 and entered the board on square 1.",
                "Bo climbed a ladder from 1 to 38.",
                "Cy's turn.",
            ]
        );
        assert_eq!(brief(&e, BO), ["1: in on 1, ladder to 38.", "Cy's turn."]);
        assert_eq!(brief(&e, SPECTATOR)[0], "Bo, 1: in on 1, ladder to 38.");
    }

    #[test]
    fn snake_and_articles() {
        let e = [
            Event::Rolled { player: 2, roll: 8 },
            Event::Moved {
                player: 2,
                from: 39,
                to: 47,
            },
            Event::Slid {
                player: 2,
                from: 47,
                to: 26,
            },
        ];
        assert_eq!(
            full(&e, Listener::Player(2)),
            [
                "You rolled an 8 and moved from 39 to 47.",
                "You slid down a snake from 47 to 26."
            ]
        );
        assert_eq!(
            full(&e, ANA),
            [
                "Cy rolled an 8 and moved from 39 to 47.",
                "Cy slid down a snake from 47 to 26."
            ]
        );
        assert_eq!(brief(&e, ANA), ["Cy, 8: 39 to 47, snake to 26."]);
        let n = narrator();
        for (roll, said) in [(11, "an 11"), (18, "an 18"), (1, "a 1"), (20, "a 20")] {
            let line = &n.events(&[Event::Rolled { player: 0, roll }], SPECTATOR, false)[0];
            assert_eq!(line, &format!("Ana rolled {said}."));
        }
    }

    #[test]
    fn bounce_names_the_last_square_and_where_it_ended_never_the_overshoot() {
        let e = [
            Event::Rolled { player: 0, roll: 5 },
            Event::Bounced {
                player: 0,
                from: 98,
                turned_at: 100,
                to: 97,
            },
            Event::TurnPassed { player: 1 },
        ];
        let expected_you = "You rolled a 5, reached 100 and bounced back to 97.";
        let expected_ana = "Ana rolled a 5, reached 100 and bounced back to 97.";
        assert_eq!(full(&e, ANA)[0], expected_you);
        assert_eq!(full(&e, BO)[0], expected_ana);
        assert_eq!(brief(&e, ANA)[0], "5: 98 to 100, back to 97.");
        for line in full(&e, SPECTATOR).iter().chain(&brief(&e, SPECTATOR)) {
            assert!(!line.contains("103"), "{line}");
        }
        // The square named is the one the event says the count turned on, with or without its
        // roll: on a 36-square board, 34 + 5 turns on 36.
        let alone = [Event::Bounced {
            player: 1,
            from: 34,
            turned_at: 36,
            to: 33,
        }];
        assert_eq!(
            narrator().events(&alone, SPECTATOR, false),
            ["Bo reached 36 and bounced back to 33."]
        );
        assert_eq!(full(&alone, BO), ["You reached 36 and bounced back to 33."]);
        assert_eq!(brief(&alone, SPECTATOR), ["Bo: 34 to 36, back to 33."]);
    }

    #[test]
    fn staying_put() {
        let over = [
            Event::Rolled { player: 0, roll: 5 },
            Event::StayedPut {
                player: 0,
                square: 98,
                reason: StayReason::Overshoot,
            },
        ];
        assert_eq!(
            full(&over, ANA),
            [
                "You rolled a 5 and stay on 98: that is past the last square, which must be reached exactly."
            ]
        );
        assert_eq!(
            full(&over, BO),
            [
                "Ana rolled a 5 and stays on 98: that is past the last square, which must be reached exactly."
            ]
        );
        assert_eq!(brief(&over, BO), ["Ana, 5: stays on 98, too far."]);
        let six = [
            Event::Rolled { player: 1, roll: 3 },
            Event::StayedPut {
                player: 1,
                square: 0,
                reason: StayReason::NeedSix,
            },
        ];
        assert_eq!(
            full(&six, BO),
            ["You rolled a 3 and stay off the board: it takes a 6 to enter."]
        );
        assert_eq!(
            full(&six, ANA),
            ["Bo rolled a 3 and stays off the board: it takes a 6 to enter."]
        );
        let eight = narrator().with_rules(&Rules::STANDARD.with_die(8).unwrap());
        assert_eq!(
            eight.events(&six, SPECTATOR, true),
            ["Bo, 3: stays off, needs an 8."]
        );
    }

    #[test]
    fn bump_extra_roll_and_win() {
        let bump = [
            Event::Rolled { player: 0, roll: 3 },
            Event::Moved {
                player: 0,
                from: 27,
                to: 30,
            },
            Event::Bumped {
                player: 1,
                by: 0,
                from: 30,
                to: 0,
            },
            Event::TurnPassed { player: 1 },
        ];
        assert_eq!(
            full(&bump, ANA)[1],
            "You landed on Bo on square 30 and sent Bo back off the board."
        );
        assert_eq!(
            full(&bump, BO)[1],
            "Ana landed on you on square 30 and sent you back off the board."
        );
        assert_eq!(
            full(&bump, SPECTATOR)[1],
            "Ana landed on Bo on square 30 and sent Bo back off the board."
        );
        assert_eq!(brief(&bump, ANA)[0], "3: 27 to 30, bumps Bo off the board.");
        assert_eq!(
            brief(&bump, BO)[0],
            "Ana, 3: 27 to 30, bumps you off the board."
        );
        let to_one = [Event::Bumped {
            player: 2,
            by: 1,
            from: 30,
            to: 1,
        }];
        assert_eq!(
            full(&to_one, SPECTATOR),
            ["Bo landed on Cy on square 30 and sent Cy back to square 1."]
        );
        assert_eq!(brief(&to_one, SPECTATOR), ["Bo: bumps Cy to 1."]);

        let again = [
            Event::Rolled { player: 1, roll: 6 },
            Event::Moved {
                player: 1,
                from: 10,
                to: 16,
            },
            Event::Slid {
                player: 1,
                from: 16,
                to: 6,
            },
            Event::ExtraRoll { player: 1 },
        ];
        assert_eq!(
            full(&again, BO),
            [
                "You rolled a 6 and moved from 10 to 16.",
                "You slid down a snake from 16 to 6.",
                "You roll again."
            ]
        );
        assert_eq!(full(&again, ANA)[2], "Bo rolls again.");
        assert_eq!(
            brief(&again, SPECTATOR),
            ["Bo, 6: 10 to 16, snake to 6, again."]
        );

        let win = [
            Event::Rolled { player: 2, roll: 4 },
            Event::Moved {
                player: 2,
                from: 96,
                to: 100,
            },
            Event::Won {
                player: 2,
                square: 100,
            },
        ];
        assert_eq!(
            full(&win, Listener::Player(2)),
            [
                "You rolled a 4 and moved from 96 to 100.",
                "You won the game!"
            ]
        );
        assert_eq!(full(&win, ANA)[1], "Cy won the game!");
        assert_eq!(brief(&win, Listener::Player(2)), ["4: 96 to 100, you win."]);
        assert_eq!(brief(&win, ANA), ["Cy, 4: 96 to 100, wins."]);
    }

    #[test]
    fn events_told_alone() {
        let n = classic_narrator();
        let cases = [
            (
                Event::Entered {
                    player: 0,
                    square: 3,
                },
                "Ana entered the board on square 3.",
                "You entered the board on square 3.",
            ),
            (
                Event::Moved {
                    player: 0,
                    from: 3,
                    to: 7,
                },
                "Ana moved from 3 to 7.",
                "You moved from 3 to 7.",
            ),
            (
                Event::StayedPut {
                    player: 0,
                    square: 97,
                    reason: StayReason::Overshoot,
                },
                "Ana stays on 97: the roll is past the last square, which must be reached exactly.",
                "You stay on 97: the roll is past the last square, which must be reached exactly.",
            ),
            (
                Event::StayedPut {
                    player: 0,
                    square: 0,
                    reason: StayReason::NeedSix,
                },
                "Ana stays off the board: it takes a 6 to enter.",
                "You stay off the board: it takes a 6 to enter.",
            ),
            (Event::TurnPassed { player: 0 }, "Ana's turn.", "Your turn."),
        ];
        for (event, other, you) in cases {
            assert_eq!(n.events(&[event], BO, false), [other]);
            assert_eq!(n.events(&[event], ANA, false), [you]);
        }
    }

    fn state(rules: Rules, rolls: &[u8]) -> GameState {
        let mut s = GameState::new(Arc::new(Board::classic()), rules, 3, 0).unwrap();
        for &r in rolls {
            s.apply(r).unwrap();
        }
        s
    }

    #[test]
    fn positions_sorted_by_square() {
        let n = classic_narrator();
        let s = state(Rules::STANDARD, &[]);
        assert_eq!(
            n.positions(&s, SPECTATOR),
            "Ana, Bo and Cy have not entered the board."
        );
        // Ana 0 -> 3, Bo 0 -> 1 -> 38, Cy 0 -> 3.
        let s = state(Rules::STANDARD, &[3, 1, 3]);
        assert_eq!(
            n.positions(&s, SPECTATOR),
            "Bo is on square 38, Ana and Cy are on square 3."
        );
        assert_eq!(
            n.positions(&s, BO),
            "You are on square 38, Ana and Cy are on square 3."
        );
        assert_eq!(
            n.positions(&s, ANA),
            "Bo is on square 38, you and Cy are on square 3."
        );
        let s = state(Rules::STANDARD, &[2, 5]);
        assert_eq!(
            n.positions(&s, Listener::Player(2)),
            "Bo is on square 5, Ana is on square 2, you have not entered the board."
        );
    }

    #[test]
    fn token_legend() {
        let n = classic_narrator();
        let s = state(Rules::STANDARD, &[2, 5]);
        assert_eq!(
            n.token_legend(&s, &['A', 'B', 'C'], BO),
            "Tokens: A Ana on 2, B you on 5, C Cy off the board."
        );
    }

    #[test]
    fn whose_turn() {
        let n = classic_narrator();
        let s = state(Rules::STANDARD, &[2]);
        assert_eq!(
            n.turn(&s, SPECTATOR),
            "It is Bo's turn; Bo has not entered the board."
        );
        assert_eq!(
            n.turn(&s, BO),
            "It is your turn; you have not entered the board."
        );
        let s = state(Rules::STANDARD, &[2, 3, 4]);
        assert_eq!(n.turn(&s, ANA), "It is your turn; you are on square 2.");
        assert_eq!(n.turn(&s, BO), "It is Ana's turn; Ana is on square 2.");
        let mut rules = Rules::STANDARD;
        rules.six = Six::RollAgain;
        let s = state(rules, &[6]);
        assert_eq!(
            n.turn(&s, ANA),
            "It is your turn again; you are on square 6."
        );
        assert_eq!(
            n.turn(&s, BO),
            "It is Ana's turn again; Ana is on square 6."
        );
    }

    /// A 3-player game on the classic board, loose ending, where Ana wins:
    /// Ana 0 -> 6 -> 12 -> 18 -> 23 -> 28 (ladder 84) -> 90 -> 96 -> 100.
    fn won_state() -> GameState {
        let mut rules = Rules::STANDARD;
        rules.ending = Ending::Loose;
        let mut s = GameState::new(Arc::new(Board::classic()), rules, 2, 0).unwrap();
        for (ana, bo) in [(6, 2), (6, 3), (6, 2), (5, 1), (5, 1), (6, 2), (6, 3)] {
            s.apply(ana).unwrap();
            s.apply(bo).unwrap();
        }
        s.apply(6).unwrap();
        s
    }

    #[test]
    fn scores_in_brief() {
        let n = classic_narrator();
        assert_eq!(
            n.scores(&state(Rules::STANDARD, &[]), SPECTATOR),
            "Nobody has entered the board yet."
        );
        assert_eq!(
            n.scores(&state(Rules::LEETCODE, &[]), SPECTATOR),
            "Everyone is level on square 1."
        );
        let s = state(Rules::STANDARD, &[3, 1, 3]);
        assert_eq!(
            n.scores(&s, SPECTATOR),
            "Bo leads on square 38, 35 squares ahead of Ana and Cy."
        );
        assert_eq!(
            n.scores(&s, BO),
            "You lead on square 38, 35 squares ahead of Ana and Cy."
        );
        assert_eq!(
            n.scores(&s, ANA),
            "Bo leads on square 38, 35 squares ahead of you and Cy."
        );
        let s = state(Rules::STANDARD, &[3, 3, 2]);
        assert_eq!(
            n.scores(&s, SPECTATOR),
            "Ana and Bo share the lead on square 3, 1 square ahead of Cy."
        );
        let s = state(Rules::STANDARD, &[3, 2]);
        assert_eq!(
            n.scores(&s, ANA),
            "You lead on square 3, 1 square ahead of Bo."
        );
        let s = won_state();
        assert_eq!(s.winner(), Some(0));
        let bo = s.square(1);
        assert_eq!(
            n.scores(&s, SPECTATOR),
            format!("Ana won, {} squares ahead of Bo.", 100 - bo)
        );
        assert_eq!(
            n.scores(&s, ANA),
            format!("You won, {} squares ahead of Bo.", 100 - bo)
        );
        assert_eq!(n.turn(&s, BO), "The game is over: Ana won.");
    }

    #[test]
    fn detailed_scores_per_player() {
        let n = classic_narrator();
        let s = won_state();
        let lines = n.detailed_scores(&s, BO);
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[0],
            "Ana: won on square 100; 8 turns, 8 rolls, 1 ladder, 0 snakes, 6 sixes."
        );
        let bo = s.square(1);
        assert!(
            lines[1].starts_with(&format!(
                "You: square {bo}, {} squares to go; 7 turns, 7 rolls,",
                100 - bo
            )),
            "{}",
            lines[1]
        );
        let mut rules = Rules::STANDARD;
        rules.collision = Collision::Bump;
        let s = state(rules, &[3, 3]);
        assert_eq!(
            n.detailed_scores(&s, SPECTATOR),
            [
                "Ana: off the board, 100 squares to go; 1 turn, 1 roll, 0 ladders, 0 snakes, 0 sixes, 0 bumps made, bumped once.",
                "Bo: square 3, 97 squares to go; 1 turn, 1 roll, 0 ladders, 0 snakes, 0 sixes, 1 bump made, never bumped.",
                "Cy: off the board, 100 squares to go; 0 turns, 0 rolls, 0 ladders, 0 snakes, 0 sixes, 0 bumps made, never bumped.",
            ]
        );
        let rules = Rules::STANDARD.with_die(8).unwrap();
        let s = state(rules, &[8]);
        assert!(
            n.detailed_scores(&s, SPECTATOR)[0].ends_with("1 roll of 8."),
            "{:?}",
            n.detailed_scores(&s, SPECTATOR)
        );
    }

    #[test]
    fn rules_lines() {
        let n = narrator();
        assert_eq!(
            n.rules_line(&Rules::STANDARD, 100),
            "Strict ending: you must land on 100 exactly; an overshoot counts back down. No house rules."
        );
        assert_eq!(
            n.rules_line(&Rules::LEETCODE, 36),
            "Exact ending: you must land on 36 exactly; a roll that would overshoot does not move. Tokens start on square 1."
        );
        let all: Rules =
            "ending=loose,entry=need-six,six=roll-again,collision=bump,jumps=chain,die=8"
                .parse()
                .unwrap();
        assert_eq!(
            n.rules_line(&all, 100),
            "Loose ending: any roll that reaches or passes 100 wins. Only an 8 enters the board. \
             Rolling an 8 gives another roll. Landing on an occupied square sends its occupant back to the \
             start. Jumps chain: a ladder or snake ending on another one is followed too. The die \
             has 8 faces."
        );
    }

    #[test]
    fn every_refusal_says_why() {
        let n = narrator();
        let said: Vec<String> = every_refusal().iter().map(|r| n.refusal(r, ANA)).collect();
        assert_eq!(
            said,
            [
                "It is Bo's turn.",
                "The game is over: you won.",
                "The game has not started yet.",
                "The game has already started.",
                "Seat 3 is already taken.",
                "You have no seat at this table.",
                "Only the host can do that.",
                "This table is full.",
                "There is no such table.",
                "At least two players are needed to start.",
                "The game moved on before that arrived, so nothing was done; if it is your turn, press R again.",
                "The message was not understood: unknown field `rol`",
                "The message is too large: the limit is 4096 bytes.",
                "Too many requests: wait a moment and try again.",
                "Too many tables are open: join one or try again later.",
                "The board cannot be used: row 2: 3 cells, expected 4",
                "The rules cannot be used: unknown value \"fast\" for ending",
                "That name cannot be used: a name has at most 24 characters",
                "That table cannot be set up: 3 bots leave no seat for you at a table of 2 seats.",
                "The server could not record that, so it did not happen: try again.",
                "There is nothing at this address.",
                "This address does not take that kind of request.",
                "A page of http://evil.example cannot play here: open the game from this server's own address.",
            ]
        );
        assert_eq!(
            n.refusal(&Refusal::GameOver { winner: None }, BO),
            "The game is over: it ended in a draw."
        );
        assert_eq!(
            n.refusal(&Refusal::NotYourTurn { turn: 0 }, BO),
            "It is Ana's turn."
        );
        assert_eq!(
            n.refusal(&Refusal::GameOver { winner: Some(0) }, SPECTATOR),
            "The game is over: Ana won."
        );
    }

    #[test]
    fn first_player_help_and_messages() {
        let n = narrator();
        assert_eq!(n.first_player(1, SPECTATOR), "Bo goes first.");
        assert_eq!(n.first_player(1, BO), "You go first.");
        assert_eq!(
            n.help(),
            [
                "R or Space: roll the die.",
                "C: everyone's position.",
                "T: whose turn it is.",
                "S: the scores in brief.",
                "Shift+S: detailed scores.",
                "H or ?: these keys.",
            ]
        );
        let t = n.terminal_help();
        assert_eq!(t[6..], ["B: show the board as text.", "Q: quit."]);
        assert_eq!(n.bot_name(2), "Bot 2");
        assert_eq!(n.names(), ["Ana", "Bo", "Cy"]);
        assert_eq!(n.name(5), "Player 6");
    }

    #[test]
    fn news_of_the_table() {
        let n = narrator();
        let cases: [(TableNews<'_>, Listener, &[&str]); 13] = [
            (
                TableNews::Joined {
                    name: "Dee",
                    seat: 3,
                },
                ANA,
                &["Dee took seat 4."],
            ),
            (
                TableNews::Left { name: "Dee" },
                ANA,
                &["Dee left the table."],
            ),
            (
                TableNews::BotAdded {
                    name: "Bot 1",
                    seat: 1,
                },
                SPECTATOR,
                &["Bot 1, a bot, took seat 2."],
            ),
            (
                TableNews::BotRemoved { name: "Bot 1" },
                SPECTATOR,
                &["Bot 1, a bot, left the table."],
            ),
            (
                TableNews::Started {
                    players: 3,
                    first: 1,
                },
                BO,
                &["The game has started with 3 players.", "You go first."],
            ),
            (
                TableNews::Started {
                    players: 3,
                    first: 1,
                },
                ANA,
                &["The game has started with 3 players.", "Bo goes first."],
            ),
            (
                TableNews::BotPlaysForLeaver { player: 2 },
                ANA,
                &["Cy left; a bot plays for Cy from now on."],
            ),
            (
                TableNews::BotPlaysForAway { player: 2 },
                ANA,
                &["Cy lost the connection; a bot plays for Cy until Cy is back."],
            ),
            (
                TableNews::Reclaimed { player: 2 },
                ANA,
                &["Cy is back and plays again."],
            ),
            (
                TableNews::TimerRolled { player: 0 },
                BO,
                &["Ana took too long; the die was rolled for Ana."],
            ),
            (
                TableNews::Finished {
                    winner: 0,
                    turns: 1,
                    rolls: 12,
                },
                SPECTATOR,
                &["The game is over: Ana won after 1 turn and 12 rolls."],
            ),
            (
                TableNews::Drawn { turns: 10_000 },
                BO,
                &["The game is over: a draw, after 10000 turns, the most this server plays."],
            ),
            (
                TableNews::Closed,
                SPECTATOR,
                &["The table is closed: no person was left playing."],
            ),
        ];
        for (news, listener, lines) in cases {
            assert_eq!(n.table_news(&news, listener), lines, "{news:?}");
        }
    }

    /// Removes the numbers that are not squares (rolls, the die's faces) from a sentence.
    fn strip_non_squares(line: &str) -> String {
        let mut text = line.to_string();
        for marker in [
            "rolled a ",
            "rolled an ",
            "takes a ",
            "takes an ",
            "needs a ",
            "needs an ",
        ] {
            while let Some(at) = text.find(marker) {
                let end = at + marker.len();
                let digits = text[end..].chars().take_while(char::is_ascii_digit).count();
                text.replace_range(at..end + digits, "");
            }
        }
        // Brief lines begin with the roll: "Ana, 4: ..." or "4: ...".
        if let Some(colon) = text.find(": ") {
            let head = &text[..colon];
            let digits = head.rsplit(' ').next().unwrap_or("");
            if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
                text.replace_range(colon - digits.len()..colon, "");
            }
        }
        text
    }

    fn numbers(text: &str) -> Vec<u64> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect()
    }

    #[test]
    fn no_sentence_names_a_square_past_the_last_under_any_rules() {
        let boards = [
            Arc::new(Board::classic()),
            Arc::new(Board::parse("[[-1,-1,-1],[-1,9,8],[-1,8,9]]").unwrap()),
            Arc::new(Board::parse("[[-1,-1],[-1,3]]").unwrap()),
        ];
        let names: Vec<String> = ["Ana", "Bo", "Cy"].map(String::from).to_vec();
        let mut checked = 0;
        for board in &boards {
            for die in [6, 8] {
                for rules in Rules::all_combinations(die) {
                    if snakes::check_playable(board, &rules).is_err() {
                        continue;
                    }
                    let last = u64::from(board.last());
                    let mut game = Game::new(board.clone(), rules, 3, 11).unwrap();
                    let plain = Narrator::new(names.clone());
                    let knowing = plain.clone().with_rules(&rules);
                    while !game.state().is_over() && game.rolls().len() < 400 {
                        let events = game.roll().unwrap();
                        for n in [&plain, &knowing] {
                            for listener in [SPECTATOR, ANA] {
                                let mut lines = n.events(&events, listener, false);
                                lines.extend(n.events(&events, listener, true));
                                lines.push(n.positions(game.state(), listener));
                                lines.push(n.turn(game.state(), listener));
                                lines.push(n.scores(game.state(), listener));
                                for line in lines {
                                    assert!(!line.contains('{'), "{line}");
                                    for number in numbers(&strip_non_squares(&line)) {
                                        assert!(
                                            number <= last,
                                            "{line:?} names {number} > {last} under {rules}"
                                        );
                                    }
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
