//! Sentences for one table, per listener: the narrator and what every sentence shares (names,
//! "you", lists). The sentences themselves are in one module per catalogue file: `events`
//! (`events.ftl`), `status` (`status.ftl`), `rules` (`rules.ftl`), `keys` (`keys.ftl`),
//! `refusals` (`refusals.ftl`), `lifecycle` (`lifecycle.ftl`), `lookahead` (`lookahead.ftl`)
//! and `listening` (`listening.ftl`).

use std::sync::Arc;

use snakes::{GameState, Rules};

use crate::catalogue::{Catalogue, MessageArg};

mod events;
pub(crate) mod keys;
mod lifecycle;
mod listening;
mod lookahead;
mod refusals;
mod rules;
mod status;

pub use lifecycle::{TableNews, bot_name, bot_name_in};
pub use listening::{Others, UnknownOthers};
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
    /// The name of a seat heard as the listener's own bot ("your bot"), written as it stands
    /// in mid-sentence: a sentence that begins with it begins with a capital.
    stand_in: Option<String>,
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
            stand_in: None,
        }
    }

    /// The same narrator, one of whose names is `stand_in`, a phrase of the language rather
    /// than a person's name ("your bot", "tu bot"): written in lower case in mid-sentence, and
    /// with a capital where a sentence begins with it. A person's own name is never changed.
    pub fn with_stand_in(mut self, stand_in: Option<String>) -> Narrator {
        self.stand_in = stand_in;
        self
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
        self.begin(self.catalogue.format(id, args))
    }

    fn say(&self, id: &str, args: Args) -> String {
        self.begin(self.catalogue.format(id, &args))
    }

    /// `text` with a capital when it begins with the stand-in's name.
    fn begin(&self, text: String) -> String {
        match &self.stand_in {
            Some(name) if text.starts_with(name.as_str()) => capitalize(text),
            _ => text,
        }
    }

    /// The display name of `player` (seats without a name are "Player 3").
    pub fn name(&self, player: Player) -> String {
        self.names
            .get(player)
            .cloned()
            .unwrap_or_else(|| self.say("player-name", vec![("number", (player + 1).into())]))
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
    pub(crate) fn person(&self, player: Player, listener: Listener) -> String {
        if listener == Listener::Player(player) {
            self.say("you", vec![])
        } else {
            self.name(player)
        }
    }

    /// `items` joined pairwise, left to right, by the message `id` (which takes `$first` and
    /// `$second`): "a, b, c" with `clause-join`; `None` for no items.
    pub(crate) fn join(&self, id: &str, items: impl IntoIterator<Item = String>) -> Option<String> {
        items.into_iter().reduce(|first, second| {
            self.say(id, vec![("first", first.into()), ("second", second.into())])
        })
    }

    /// Whole sentences said as one announcement, joined as the language joins sentences (a
    /// space in English, none in Chinese).
    pub fn sentences(&self, lines: Vec<String>) -> String {
        self.join("sentence-join", lines).unwrap_or_default()
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
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::refusal::{Detail, Refusal};
    use snakes::{Board, Event, Game};

    pub(crate) fn every_refusal() -> Vec<Refusal> {
        vec![
            Refusal::NotYourTurn { turn: 1 },
            Refusal::GameOver { winner: Some(0) },
            Refusal::NotStarted,
            Refusal::AlreadyStarted,
            Refusal::SeatTaken { seat: 2 },
            Refusal::NotSeated,
            Refusal::BotPlaysForYou,
            Refusal::NotAway,
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
                detail: Detail::Board(snakes::BoardError::NotSquare {
                    row: 1,
                    cells: 1,
                    rows: 2,
                }),
            },
            Refusal::BadRules {
                detail: Detail::Rules(
                    "ending=fast"
                        .parse::<snakes::Rules>()
                        .expect_err("no such ending"),
                ),
            },
            Refusal::BadName {
                detail: Detail::NameTooLong { max: 24 },
            },
            Refusal::BadText {
                detail: Detail::TextFrame {
                    frame: "says:".into(),
                },
            },
            Refusal::NoName,
            Refusal::TalkTooFast,
            Refusal::NetworkTalkTooFast,
            Refusal::BadSeats {
                detail: Detail::TooManyBots { bots: 3, seats: 2 },
            },
            Refusal::StoreFailed,
            Refusal::NotFound,
            Refusal::MethodNotAllowed,
            Refusal::BadOrigin {
                origin: "http://evil.example".into(),
            },
            Refusal::Moved {
                address: "http://127.0.0.1:8081".into(),
            },
            Refusal::Quarantined,
            Refusal::UnknownLocale {
                locale: "fr".into(),
                available: vec!["en".into(), "es".into(), "ko".into()],
            },
            Refusal::AlreadySeated,
            Refusal::TooManyOpenTables,
            Refusal::NotModerator,
            Refusal::BadKey,
            Refusal::Silenced {
                until: 1_764_754_680_000,
                reason: String::new(),
            },
            Refusal::Banned {
                until: 1_764_754_680_000,
                reason: "spam in the lobby".into(),
            },
            Refusal::NoSuchPerson { name: "Zed".into() },
            Refusal::NoSuchMessage { n: 12 },
            Refusal::NoSuchEntry { id: 7 },
            Refusal::BadSpan {
                unit: "minutes".into(),
                most: 43_200,
            },
            Refusal::NoReason,
            Refusal::NameTaken { name: "Ana".into() },
            Refusal::NameHeld { name: "Ana".into() },
            Refusal::BadSignIn,
            Refusal::BadPassword { min: 8, max: 128 },
            Refusal::TooManySignIns,
            Refusal::NotSignedIn,
            Refusal::NotAMember { name: "Zed".into() },
            Refusal::BlockYourself,
            Refusal::NotOpenToYou,
            Refusal::BadPasskey,
            Refusal::LastPasskey,
        ]
    }

    pub(crate) fn narrator() -> Narrator {
        Narrator::new(vec!["Ana".into(), "Bo".into(), "Cy".into()])
    }

    pub(crate) fn classic_narrator() -> Narrator {
        narrator().with_rules(&Rules::STANDARD)
    }

    pub(crate) const ANA: Listener = Listener::Player(0);
    pub(crate) const BO: Listener = Listener::Player(1);
    pub(crate) const SPECTATOR: Listener = Listener::Spectator;

    #[test]
    fn a_seat_without_a_name() {
        assert_eq!(narrator().name(5), "Player 6");
    }

    #[test]
    fn a_narrator_can_move_between_threads() {
        fn shared<T: Send + Sync + Clone>() {}
        shared::<Narrator>();
        shared::<Refusal>();
    }

    pub(crate) fn state(rules: Rules, rolls: &[u8]) -> GameState {
        let mut s = GameState::new(Arc::new(Board::classic()), rules, 3, 0).unwrap();
        for &r in rolls {
            s.apply(r).unwrap();
        }
        s
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

    /// Every message id of the English catalogue that holds a hyphen: printed in place of a
    /// sentence, one would show a gap in a catalogue.
    fn hyphenated_ids() -> std::collections::HashSet<&'static str> {
        crate::catalogue::ENGLISH_SOURCES
            .iter()
            .flat_map(|(_, source)| source.lines())
            .filter_map(|line| line.split_once(" =").map(|(id, _)| id))
            .filter(|id| id.contains('-') && !id.contains(' ') && !id.starts_with('#'))
            .collect()
    }

    /// Whether every number of `line` is one of `allowed` (each used once).
    fn numbers_within(line: &str, allowed: &[u64]) -> bool {
        let mut allowed = allowed.to_vec();
        numbers(line).into_iter().all(|n| {
            let at = allowed.iter().position(|&a| a == n);
            at.map(|at| allowed.swap_remove(at)).is_some()
        })
    }

    /// Every rules combination's game, narrated in every language of [`LOCALES`]: no sentence
    /// fails to format (a `{$x}` left in, a message id instead of text), and none names a square
    /// off the board. English is checked square by square; another language may name no
    /// number the English sentence does not (it says the same squares, rolls and counts).
    #[test]
    fn no_sentence_names_a_square_past_the_last_or_square_0_under_any_rules() {
        use crate::catalogue::LOCALES;
        let boards = [
            Arc::new(Board::classic()),
            Arc::new(Board::parse("[[-1,-1,-1],[-1,9,8],[-1,8,9]]").unwrap()),
            Arc::new(Board::parse("[[-1,-1],[-1,3]]").unwrap()),
        ];
        let names: Vec<String> = ["Ana", "Bo", "Cy"].map(String::from).to_vec();
        let ids = hyphenated_ids();
        assert!(ids.len() > 100, "{}", ids.len());
        let catalogues: Vec<Arc<Catalogue>> = LOCALES
            .iter()
            .map(|l| Catalogue::for_locale(l.tag).unwrap())
            .collect();
        assert_eq!(catalogues[0].language(), "en");
        let mut checked = vec![0; LOCALES.len()];
        for board in &boards {
            for die in [6, 8] {
                for rules in Rules::all_combinations(die) {
                    if snakes::check_playable(board, &rules).is_err() {
                        continue;
                    }
                    let last = u64::from(board.last());
                    let mut game = Game::new(board.clone(), rules, 3, 11).unwrap();
                    // English without the rules too: its sentences must not need them.
                    let plain = Narrator::new(names.clone());
                    let speakers: Vec<Narrator> = catalogues
                        .iter()
                        .map(|c| {
                            Narrator::with_catalogue(names.clone(), c.clone()).with_rules(&rules)
                        })
                        .collect();
                    let said =
                        |n: &Narrator, events: &[Event], state: &GameState, listener: Listener| {
                            let mut lines = n.events(events, listener, false);
                            lines.extend(n.events(events, listener, true));
                            lines.push(n.positions(state, listener));
                            lines.push(n.turn(state, listener));
                            lines.push(n.scores(state, listener));
                            lines
                        };
                    while !game.state().is_over() && game.rolls().len() < 400 {
                        let events = game.roll().unwrap();
                        let state = game.state();
                        for (k, listener) in [SPECTATOR, ANA].into_iter().enumerate() {
                            let english = said(&speakers[0], &events, state, listener);
                            for line in english
                                .iter()
                                .chain(&said(&plain, &events, state, listener))
                            {
                                assert!(!line.contains('{'), "{line}");
                                for number in numbers(&strip_non_squares(line)) {
                                    assert!(
                                        number <= last,
                                        "{line:?} names {number} > {last} under {rules}"
                                    );
                                    // A token off the board is "off the board", never on
                                    // "square 0".
                                    assert!(number > 0, "{line:?} names 0 under {rules}");
                                }
                                checked[0] += 1;
                            }
                            // The other languages hear each roll as one listener in turn:
                            // both forms over a game, in half the time.
                            if (game.rolls().len() + k) % 2 == 1 {
                                continue;
                            }
                            for (l, speaker) in speakers.iter().enumerate().skip(1) {
                                let lines = said(speaker, &events, state, listener);
                                assert_eq!(lines.len(), english.len(), "{lines:?} {english:?}");
                                let tag = LOCALES[l].tag;
                                for (line, en) in lines.iter().zip(&english) {
                                    assert!(!line.contains('{'), "{tag}: {line}");
                                    assert!(
                                        !line
                                            .split(|c: char| !(c.is_alphanumeric() || c == '-'))
                                            .any(|word| ids.contains(word)),
                                        "{tag}: a message id in {line:?}"
                                    );
                                    assert!(
                                        numbers_within(line, &numbers(en)),
                                        "{tag}: {line:?} names a number that {en:?} does not, under {rules}"
                                    );
                                    checked[l] += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        for (locale, checked) in LOCALES.iter().zip(checked) {
            assert!(checked > 10_000, "{}: {checked}", locale.tag);
        }
    }
}
