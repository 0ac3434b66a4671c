//! The keys of the game, declared once, in [`KEYS`]: each key with its modifier, what it does,
//! its line of help (`keys.ftl`), its button on the board page (`ui.ftl`), and whether the
//! terminal game (`snakes play`), the page, or both have it.
//!
//! Everything else is made from the table: the terminal's bindings and the key list of
//! `snakes play --help`, the page's keys and the buttons of its toolbar (the page receives the
//! table with its words, [`page_keys`], as it receives the rules explained), the questions of
//! the server's `query` message ([`Query`]), and the lines H says in each interface
//! ([`help_ids`]). A new key is a row here, its words in the catalogue, and what it does where
//! it acts: the terminal game's answer, or the page's.

use serde::{Deserialize, Serialize};

use crate::catalogue::Catalogue;

/// A question a key asks about the game, answered in words: what the server's `query` message
/// names (`"query": "detailed_scores"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Query {
    /// Every token's square, sorted (C).
    Positions,
    /// Whose turn it is (T).
    Turn,
    /// Who leads and by how much (S).
    Scores,
    /// Every player's figures (Shift+S).
    DetailedScores,
    /// What each face of the die would do for the player to roll (L).
    LookAhead,
    /// What is on a square, who is there, the next ladder and snake after it (G, the square's
    /// number and Enter).
    Square,
    /// The keys (H or ?).
    Help,
    /// The rules in force (no key: the page shows them under the board).
    Rules,
    /// Who is here: each seat (a person or a bot, connected or away, whose turn) and who is
    /// watching (W, on the page).
    Who,
}

impl Query {
    /// Its name in the protocol (`detailed_scores`).
    pub fn name(self) -> &'static str {
        match self {
            Query::Positions => "positions",
            Query::Turn => "turn",
            Query::Scores => "scores",
            Query::DetailedScores => "detailed_scores",
            Query::LookAhead => "look_ahead",
            Query::Square => "square",
            Query::Help => "help",
            Query::Rules => "rules",
            Query::Who => "who",
        }
    }
}

/// Which line of the history a key reads again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reading {
    /// The line before the one last read (the last line, when none was).
    Previous,
    /// The line after the one last read.
    Next,
    /// The first line.
    First,
    /// The last line.
    Last,
}

/// Which way a key moves through a list (the history's buffers, the lobby's tables).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// The one before.
    Previous,
    /// The one after.
    Next,
}

/// What a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Does {
    /// Roll the die (the one thing a finished game no longer offers).
    Roll,
    /// Ask a question about the game.
    Ask(Query),
    /// Read a line of the history again.
    Read(Reading),
    /// Say the last announcement again, as it was said.
    Repeat,
    /// Take the seat back from the bot that plays it since its person left.
    ComeBack,
    /// Show the board as text.
    Board,
    /// Say this game: its players, board, rules and seed.
    Game,
    /// Quit (after a Y to confirm while the game is on).
    Quit,
    /// Open the message field, to say something to everyone at the table or in the lobby.
    Talk,
    /// Choose another buffer of the history at a table (all, the game, talk, answers), said
    /// with its last line; the keys of the history then read through it.
    Buffer(Step),
    /// The last line of the buffer chosen (in the lobby, of its history), again.
    BufferLast,
    /// Start the game (the host, before the start).
    Start,
    /// Seat a bot (the host, before the start).
    AddBot,
    /// Remove the last bot seated (the host, before the start).
    RemoveBot,
    /// Leave the seat (after a question: during the game a bot plays it until J).
    Leave,
    /// Sounds on or off.
    Sounds,
    /// The sounds' volume down (`Previous`) or up (`Next`).
    Volume(Step),
    /// The people here, to mute what someone says or (the host) to remove someone.
    People,
    /// The lobby: the form that creates a table.
    NewTable,
    /// The lobby: the table before or after the one chosen, said as its row.
    Table(Step),
    /// The lobby: take a seat at the table chosen.
    Join,
    /// The lobby: watch the table chosen.
    Watch,
    /// A moderator's: the moderation dialog (the silences and bans, the reports, the log,
    /// closing the table).
    Moderation,
    /// A moderator's: remove the talk message last read (the last one, when none was).
    RemoveMessage,
    /// The page's account: the dialog to sign in or create one, or, signed in, the account's
    /// controls.
    Account,
}

impl Does {
    /// Its name for the page (`roll`, `ask`, `read`, `come_back`, `board`, `game`, `quit`).
    pub fn name(self) -> &'static str {
        match self {
            Does::Roll => "roll",
            Does::Ask(_) => "ask",
            Does::Read(_) => "read",
            Does::Repeat => "repeat",
            Does::ComeBack => "come_back",
            Does::Board => "board",
            Does::Game => "game",
            Does::Quit => "quit",
            Does::Talk => "talk",
            Does::Buffer(_) => "buffer",
            Does::BufferLast => "buffer_last",
            Does::Start => "start",
            Does::AddBot => "add_bot",
            Does::RemoveBot => "remove_bot",
            Does::Leave => "leave",
            Does::Sounds => "sounds",
            Does::Volume(_) => "volume",
            Does::People => "people",
            Does::NewTable => "new_table",
            Does::Table(_) => "table",
            Does::Join => "join",
            Does::Watch => "watch",
            Does::Moderation => "moderation",
            Does::RemoveMessage => "remove_message",
            Does::Account => "account",
        }
    }
}

/// When H offers a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offered {
    /// Always.
    Always,
    /// Until the game is over (rolling, looking ahead).
    WhilePlaying,
    /// Only to one who left while a bot plays their seat (taking it back).
    WhenAway,
    /// Only to the host, before the start (starting, seating and removing bots).
    HostWaiting,
    /// Only to one who holds a seat and plays it (leaving), until the game is over.
    Seated,
    /// Only to a moderator signed in on the page: the page adds these keys' lines to what H
    /// says there (the key table it carries marks them, [`PageKey::moderator`]); a
    /// [`Situation`] never offers them.
    Moderator,
}

/// Where on the page a key acts: at a table, in the lobby (the list of tables), or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// At a table.
    Table,
    /// In the lobby.
    Lobby,
    /// Both.
    Both,
}

impl Place {
    /// Whether a key of this place acts in the lobby (`lobby`) or at a table.
    pub fn has(self, lobby: bool) -> bool {
        match self {
            Place::Both => true,
            Place::Table => !lobby,
            Place::Lobby => lobby,
        }
    }
}

/// Where a key is pressed and what holds there: which keys H offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Situation {
    /// In the lobby, not at a table.
    pub lobby: bool,
    /// The game is over.
    pub over: bool,
    /// A bot plays the listener's seat since they left.
    pub away: bool,
    /// The listener is the host, before the start.
    pub host: bool,
    /// The listener holds a seat.
    pub seated: bool,
}

/// An interface with keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interface {
    /// The terminal game, `snakes play`.
    Terminal,
    /// The board page of `snakes serve`.
    Page,
    /// The terminal at a server's tables, `snakes join`: the terminal game's keys and the
    /// page's, but the board as text and the seed (the local game's), and the page's own
    /// sounds, buffers and list of people.
    Online,
}

/// One key of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    /// The key: a capital letter, or the character it types (`,`, `<`, `?`; `' '` is Space).
    pub key: char,
    /// Shift is held: Shift+S. A letter without Shift is that letter in either case, unless
    /// the same letter with Shift is a key of its own.
    pub shift: bool,
    /// What it does.
    pub does: Does,
    /// Its line of help (`keys.ftl`); keys that do the same share one (R and Space).
    pub help: &'static str,
    /// The label of its button in the page's toolbar (`ui.ftl`), if it has one there.
    pub button: Option<&'static str>,
    /// The terminal game has it.
    pub terminal: bool,
    /// The page has it.
    pub page: bool,
    /// When H offers it.
    pub offered: Offered,
    /// Where it acts (the terminal game has no lobby: its keys are the table's).
    pub place: Place,
    /// It acts anywhere on the page, even where a screen reader reads the page in browse
    /// mode, which keeps [`BROWSE_MODE_KEYS`] for itself (the other keys act on the game's
    /// buttons, where screen readers let keys through): never one of those.
    pub anywhere: bool,
}

/// The keys a screen reader takes for itself in browse mode, as [`Key::name`] names them:
/// Orca's structural navigation (a letter moves to the next heading, link, button, ...; with
/// Shift, to the one before; 1 to 6 to a heading of that level; comma to the end of a
/// container, Shift+comma to its start). A key the page offers anywhere must be none of them.
pub const BROWSE_MODE_KEYS: &[&str] = &[
    "A", "B", "C", "D", "E", "G", "H", "I", "K", "L", "M", "O", "P", "Q", "R", "S", "T", "U", "V",
    "X", "Shift+A", "Shift+B", "Shift+C", "Shift+D", "Shift+E", "Shift+G", "Shift+H", "Shift+I",
    "Shift+K", "Shift+L", "Shift+M", "Shift+O", "Shift+P", "Shift+Q", "Shift+R", "Shift+S",
    "Shift+T", "Shift+U", "Shift+V", "Shift+X", "1", "2", "3", "4", "5", "6", "!", "@", "#", "$",
    "%", "^", ",", "<",
];

/// A key of both interfaces, offered always, with no button: the table's common row.
const fn both(key: char, does: Does, help: &'static str) -> Key {
    Key {
        key,
        shift: false,
        does,
        help,
        button: None,
        terminal: true,
        page: true,
        offered: Offered::Always,
        place: Place::Table,
        anywhere: false,
    }
}

/// The same key, acting anywhere on the page, browse mode included.
const fn anywhere(mut k: Key) -> Key {
    k.anywhere = true;
    k
}

/// The same key with its button on the page.
const fn button(mut k: Key, label: &'static str) -> Key {
    k.button = Some(label);
    k
}

/// A key of one interface only.
const fn only(mut k: Key, interface: Interface) -> Key {
    k.terminal = matches!(interface, Interface::Terminal);
    k.page = matches!(interface, Interface::Page);
    k
}

/// The same key with Shift held.
const fn shifted(mut k: Key) -> Key {
    k.shift = true;
    k
}

/// The same key, acting in `place`.
const fn at(mut k: Key, place: Place) -> Key {
    k.place = place;
    k
}

/// The same key, offered by H only when `offered` says.
const fn offered(mut k: Key, offered: Offered) -> Key {
    k.offered = offered;
    k
}

/// Every key of the game, in the order H says them and the toolbar shows them.
pub const KEYS: &[Key] = &[
    only(
        offered(
            both('J', Does::ComeBack, "help-come-back"),
            Offered::WhenAway,
        ),
        Interface::Page,
    ),
    button(
        offered(both('R', Does::Roll, "help-roll"), Offered::WhilePlaying),
        "ui-key-roll",
    ),
    offered(both(' ', Does::Roll, "help-roll"), Offered::WhilePlaying),
    button(
        both('C', Does::Ask(Query::Positions), "help-positions"),
        "ui-key-positions",
    ),
    button(
        both('T', Does::Ask(Query::Turn), "help-turn"),
        "ui-key-turn",
    ),
    button(
        both('S', Does::Ask(Query::Scores), "help-scores"),
        "ui-key-scores",
    ),
    button(
        shifted(both('S', Does::Ask(Query::DetailedScores), "help-detailed")),
        "ui-key-detailed",
    ),
    button(
        offered(
            both('L', Does::Ask(Query::LookAhead), "help-look"),
            Offered::WhilePlaying,
        ),
        "ui-key-look",
    ),
    button(
        both('G', Does::Ask(Query::Square), "help-square"),
        "ui-key-square",
    ),
    // The four keys of the history share one line of help. Shift+comma and Shift+period are
    // < and > on the US layout.
    at(
        both(',', Does::Read(Reading::Previous), "help-history"),
        Place::Both,
    ),
    at(
        both('.', Does::Read(Reading::Next), "help-history"),
        Place::Both,
    ),
    at(
        both('<', Does::Read(Reading::First), "help-history"),
        Place::Both,
    ),
    at(
        both('>', Does::Read(Reading::Last), "help-history"),
        Place::Both,
    ),
    at(both('A', Does::Repeat, "help-repeat"), Place::Both),
    only(both('B', Does::Board, "help-board"), Interface::Terminal),
    only(both('I', Does::Game, "help-game"), Interface::Terminal),
    button(
        at(both('H', Does::Ask(Query::Help), "help-help"), Place::Both),
        "ui-key-help",
    ),
    at(both('?', Does::Ask(Query::Help), "help-help"), Place::Both),
    // The terminal's; at a server's (`snakes join`) it quits from the lobby too.
    at(
        only(both('Q', Does::Quit, "help-quit"), Interface::Terminal),
        Place::Both,
    ),
    // The keys of talking and of the people here, on the page alone, and anywhere on it.
    button(
        anywhere(only(
            both('W', Does::Ask(Query::Who), "help-who"),
            Interface::Page,
        )),
        "ui-key-who",
    ),
    button(
        anywhere(at(
            only(both('/', Does::Talk, "help-talk"), Interface::Page),
            Place::Both,
        )),
        "ui-key-talk",
    ),
    // [ and ] move through the history's buffers at a table, through the tables in the lobby.
    page_only(both('[', Does::Buffer(Step::Previous), "help-buffers")),
    page_only(both(']', Does::Buffer(Step::Next), "help-buffers")),
    // Apostrophe, for "quote": not backslash, which is Orca's (its live regions' politeness).
    at(
        page_only(both('\'', Does::BufferLast, "help-buffer-last")),
        Place::Both,
    ),
    // The table's actions: the host's before the start, leaving, the sounds, the people.
    page_only(offered(
        both('N', Does::Start, "help-start"),
        Offered::HostWaiting,
    )),
    page_only(offered(
        both('F', Does::AddBot, "help-bots"),
        Offered::HostWaiting,
    )),
    page_only(offered(
        shifted(both('F', Does::RemoveBot, "help-bots")),
        Offered::HostWaiting,
    )),
    page_only(offered(
        shifted(both('J', Does::Leave, "help-leave")),
        Offered::Seated,
    )),
    anywhere(page_only(shifted(both('W', Does::People, "help-people")))),
    at(
        page_only(both('0', Does::Sounds, "help-sounds")),
        Place::Both,
    ),
    at(
        page_only(both('-', Does::Volume(Step::Previous), "help-sounds")),
        Place::Both,
    ),
    at(
        page_only(both('=', Does::Volume(Step::Next), "help-sounds")),
        Place::Both,
    ),
    // The lobby's: the form, the list of tables, joining and watching.
    at(
        page_only(both('N', Does::NewTable, "help-new-table")),
        Place::Lobby,
    ),
    at(
        page_only(both('[', Does::Table(Step::Previous), "help-tables")),
        Place::Lobby,
    ),
    at(
        page_only(both(']', Does::Table(Step::Next), "help-tables")),
        Place::Lobby,
    ),
    at(page_only(both('J', Does::Join, "help-join")), Place::Lobby),
    at(
        page_only(both('W', Does::Watch, "help-watch")),
        Place::Lobby,
    ),
    // Signing in, or to the account once signed in: U for "user" (the page's A says the last
    // announcement again). One of Orca's browse-mode keys, as M is: at a table it reaches the
    // page from the game's buttons; the foot of every page has its button.
    at(
        page_only(both('U', Does::Account, "help-account")),
        Place::Both,
    ),
    // A moderator's, at a table and in the lobby.
    at(
        page_only(offered(
            both('M', Does::Moderation, "help-moderation"),
            Offered::Moderator,
        )),
        Place::Both,
    ),
    at(
        page_only(offered(
            both('X', Does::RemoveMessage, "help-remove-message"),
            Offered::Moderator,
        )),
        Place::Both,
    ),
];

/// A key of the page alone.
const fn page_only(k: Key) -> Key {
    only(k, Interface::Page)
}

impl Key {
    /// Whether `interface` has the key.
    pub fn on(&self, interface: Interface) -> bool {
        match interface {
            Interface::Terminal => self.terminal,
            Interface::Page => self.page,
            // The board drawn as text and the game's seed are the local game's (a server's
            // game has its page); sounds, buffers, the list of people, moderation and
            // accounts are the page's.
            Interface::Online => {
                (self.terminal || self.page)
                    && !matches!(
                        self.does,
                        Does::Board
                            | Does::Game
                            | Does::Sounds
                            | Does::Volume(_)
                            | Does::Buffer(_)
                            | Does::BufferLast
                            | Does::People
                            | Does::Moderation
                            | Does::RemoveMessage
                            | Does::Account
                    )
            }
        }
    }

    /// Its name, as `aria-keyshortcuts` and the page name it: `R`, `Space`, `Shift+S`, `,`.
    pub fn name(&self) -> String {
        let key = match self.key {
            ' ' => "Space".to_string(),
            c => c.to_string(),
        };
        if self.shift {
            format!("Shift+{key}")
        } else {
            key
        }
    }

    /// The characters a terminal reads as this key: `r` and `R` for R (`s` alone for S, whose
    /// capital is Shift+S), `S` for Shift+S, the character itself for the others.
    pub fn chars(&self) -> Vec<char> {
        if !self.key.is_ascii_alphabetic() {
            return vec![self.key];
        }
        if self.shift {
            return vec![self.key];
        }
        let lower = self.key.to_ascii_lowercase();
        let capital_is_its_own = KEYS.iter().any(|k| k.key == self.key && k.shift);
        if capital_is_its_own {
            vec![lower]
        } else {
            vec![lower, self.key]
        }
    }
}

impl Key {
    /// The name the catalogue's sentences give this key's letter, a Fluent term (`-key-roll`,
    /// `-key-detailed-scores`): for a letter key, by what it does, so that a sentence names the
    /// action's key and never its letter. None for the other keys (Space, comma, slash), which
    /// the sentences name in words of their language.
    pub fn term(&self) -> Option<String> {
        if !self.key.is_ascii_alphabetic() {
            return None;
        }
        let does = match self.does {
            Does::Ask(query) => query.name(),
            does => does.name(),
        };
        Some(format!("-key-{}", does.replace('_', "-")))
    }
}

/// The letters of the keys as Fluent terms, `-key-roll = R` a line, from [`KEYS`]: added to
/// every language's catalogue, so that a key is rebound in the table alone and every sentence
/// that names it follows.
pub fn key_terms() -> String {
    KEYS.iter()
        .filter_map(|k| Some(format!("{} = {}\n", k.term()?, k.name())))
        .collect()
}

/// The key of the terminal that reads as `c`, if any.
pub fn terminal_key(c: char) -> Option<&'static Key> {
    key_of(Interface::Terminal, false, c)
}

/// The key of `interface` read as `c`, in the lobby (`lobby`) or at a table.
pub fn key_of(interface: Interface, lobby: bool, c: char) -> Option<&'static Key> {
    KEYS.iter()
        .find(|k| k.on(interface) && k.place.has(lobby) && k.chars().contains(&c))
}

/// The help lines (their message ids) of `interface` in `situation`, each once: in the lobby
/// its own keys, at a table the table's; once the game is over, without the keys that act on a
/// game in play; the way back to a seat only to one who is away (a bot plays the seat since
/// they left). The keys offered only in some situations (rolling, coming back, the host's)
/// come first, in the table's order: what can be done now is heard before what always can.
pub fn help_ids(interface: Interface, situation: Situation) -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = Vec::new();
    let here = KEYS
        .iter()
        .filter(|k| k.on(interface) && k.place.has(situation.lobby));
    let (now, always): (Vec<&Key>, Vec<&Key>) =
        here.partition(|k| !matches!(k.offered, Offered::Always));
    for k in now.into_iter().chain(always) {
        let offered = match k.offered {
            Offered::Always => true,
            Offered::WhilePlaying => !situation.over,
            Offered::WhenAway => situation.away,
            Offered::HostWaiting => situation.host,
            Offered::Seated => situation.seated && !situation.away && !situation.over,
            Offered::Moderator => false,
        };
        if offered && !ids.contains(&k.help) {
            ids.push(k.help);
        }
    }
    ids
}

/// One key of the page with its words, as the page receives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PageKey {
    /// Its name as the page reads a key press: `R`, `Space`, `Shift+S`, `,`.
    pub name: String,
    /// What it does: `roll`, `ask`, `read`, `repeat`, `come_back`, `talk`, ...
    pub does: &'static str,
    /// Where it acts: `table`, `lobby` or `both`.
    pub place: Place,
    /// The question it asks, for `ask`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub query: Option<Query>,
    /// The line it reads, for `read`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<Reading>,
    /// Which way it moves, for `buffer`, `volume` and `table`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
    /// Its line of help.
    pub help: String,
    /// The label of its button in the toolbar, if it has one there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub button: Option<String>,
    /// Every key that does the same, as `aria-keyshortcuts` names them on its button:
    /// `R Space`.
    pub shortcuts: String,
    /// A moderator's key: it acts, and H says it, only once the page is signed in as a
    /// moderator.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub moderator: bool,
}

/// The page's keys in the words of `catalogue`, in the table's order.
pub fn page_keys(catalogue: &Catalogue) -> Vec<PageKey> {
    let page = || KEYS.iter().filter(|k| k.page);
    page()
        .map(|k| PageKey {
            name: k.name(),
            does: k.does.name(),
            place: k.place,
            query: match k.does {
                Does::Ask(q) => Some(q),
                _ => None,
            },
            reading: match k.does {
                Does::Read(r) => Some(r),
                _ => None,
            },
            step: match k.does {
                Does::Buffer(s) | Does::Volume(s) | Does::Table(s) => Some(s),
                _ => None,
            },
            help: catalogue.format(k.help, &[]),
            button: k.button.map(|id| catalogue.format(id, &[])),
            shortcuts: page()
                .filter(|other| other.does == k.does && other.place == k.place)
                .map(Key::name)
                .collect::<Vec<_>>()
                .join(" "),
            moderator: k.offered == Offered::Moderator,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terminal_at_a_server_has_the_terminals_keys_and_the_pages_that_act_there() {
        let does = |lobby, c| key_of(Interface::Online, lobby, c).map(|k| k.does);
        assert_eq!(does(false, 'r'), Some(Does::Roll));
        assert_eq!(does(false, 'q'), Some(Does::Quit));
        assert_eq!(does(false, '/'), Some(Does::Talk));
        assert_eq!(does(false, 'w'), Some(Does::Ask(Query::Who)));
        assert_eq!(does(false, 'n'), Some(Does::Start));
        assert_eq!(does(false, 'j'), Some(Does::ComeBack));
        assert_eq!(does(false, 'J'), Some(Does::Leave));
        assert_eq!(does(true, 'j'), Some(Does::Join));
        assert_eq!(does(true, 'w'), Some(Does::Watch));
        assert_eq!(does(true, 'n'), Some(Does::NewTable));
        assert_eq!(does(true, ']'), Some(Does::Table(Step::Next)));
        assert_eq!(does(true, 'q'), Some(Does::Quit));
        // The local game's board and seed, and the page's sounds, buffers and people, are not.
        for c in ['b', 'i', '0', '=', '\'', 'W'] {
            assert_eq!(does(false, c), None, "{c:?}");
        }
        assert_eq!(does(false, ']'), None);
        // In each place, a character is one key: none is shadowed by another.
        for lobby in [false, true] {
            for k in KEYS
                .iter()
                .filter(|k| k.on(Interface::Online) && k.place.has(lobby))
            {
                for c in k.chars() {
                    assert_eq!(does(lobby, c), Some(k.does), "{c:?} (lobby: {lobby})");
                }
            }
        }
    }

    /// The letters a sentence may still write as they are: not this game's keys (the command
    /// line's `--size N`; Orca's own R in the hint on browse mode).
    const NOT_OUR_KEYS: &[&str] = &[
        "board-random-no-size",
        "board-random-grid-not-square",
        "ui-sr-hint",
    ];

    /// The letters of the keys that a message of `source` writes as they are, each with the
    /// message's id: a key's letter goes in a sentence as its term (`{ -key-roll }`), so that
    /// the table of keys alone binds it.
    fn letters_written_out(source: &str) -> Vec<String> {
        use fluent_syntax::ast::{Entry, PatternElement};
        let letters: Vec<char> = KEYS
            .iter()
            .filter_map(|k| k.term().map(|_| k.key))
            .collect();
        let mut found = Vec::new();
        let resource = fluent_syntax::parser::parse(source).expect("the catalogue parses");
        for entry in resource.body {
            let Entry::Message(m) = entry else { continue };
            if NOT_OUR_KEYS.contains(&m.id.name) {
                continue;
            }
            // The text of the message and of its variants, one level deep, as written.
            let mut texts = Vec::new();
            for element in m.value.iter().flat_map(|v| &v.elements) {
                match element {
                    PatternElement::TextElement { value } => texts.push(value.to_string()),
                    PatternElement::Placeable { expression } => {
                        if let fluent_syntax::ast::Expression::Select { variants, .. } = expression
                        {
                            for v in variants {
                                for e in &v.value.elements {
                                    if let PatternElement::TextElement { value } = e {
                                        texts.push(value.to_string());
                                    }
                                }
                            }
                        }
                    }
                }
            }
            for text in texts {
                let chars: Vec<char> = text.chars().collect();
                for (i, c) in chars.iter().enumerate() {
                    // A letter of a word in a Latin (or Greek, Cyrillic) script: a key's
                    // letter beside Hangul or Han still stands alone ("R을", "按R").
                    let ascii_word = |c: Option<&char>| {
                        c.is_some_and(|c| c.is_alphanumeric() && u32::from(*c) < 0x1100)
                    };
                    let alone = !ascii_word(i.checked_sub(1).and_then(|j| chars.get(j)))
                        && !ascii_word(chars.get(i + 1));
                    // "A bot", "I think": the English article and pronoun.
                    let word = matches!(c, 'A' | 'I')
                        && chars.get(i + 1) == Some(&' ')
                        && chars.get(i + 2).is_some_and(char::is_ascii_lowercase);
                    // A screen reader's key (Insert+A): the game's modifier is Shift alone.
                    let before: String = chars[..i].iter().collect();
                    let theirs = before.ends_with('+') && !before.ends_with("Shift+");
                    if letters.contains(c) && alone && !word && !theirs {
                        found.push(format!("{}: {c} in {text:?}", m.id.name));
                    }
                }
            }
        }
        found
    }

    #[test]
    fn no_sentence_writes_a_keys_letter_the_table_of_keys_binds() {
        for locale in crate::catalogue::LOCALES {
            for (file, source) in locale.sources {
                let found = letters_written_out(source);
                assert!(found.is_empty(), "{}/{file}: {found:#?}", locale.tag);
            }
        }
        // And the check sees one.
        let written = "help-roll = R or Space: roll the die.\nok = A bot { -key-roll }.\n";
        assert_eq!(
            letters_written_out(written),
            ["help-roll: R in \"R or Space: roll the die.\""]
        );
    }

    #[test]
    fn a_key_offered_anywhere_is_none_a_screen_reader_takes_in_browse_mode() {
        let anywhere: Vec<String> = KEYS.iter().filter(|k| k.anywhere).map(Key::name).collect();
        assert_eq!(anywhere, ["W", "/", "Shift+W"]);
        for k in KEYS.iter().filter(|k| k.anywhere) {
            assert!(k.page, "{} acts anywhere on a page it is not on", k.name());
            assert!(
                !BROWSE_MODE_KEYS.contains(&k.name().as_str()),
                "{} is offered anywhere on the page, but a screen reader in browse mode takes it",
                k.name()
            );
        }
        // The keys of the game's buttons are the screen reader's elsewhere: R, C, T, S, comma.
        for name in ["R", "C", "T", "S", "Shift+S", ",", "<"] {
            assert!(BROWSE_MODE_KEYS.contains(&name), "{name}");
        }
    }

    #[test]
    fn each_letter_key_has_a_term_of_its_own_named_by_what_it_does() {
        let terms = key_terms();
        let names: Vec<&str> = terms
            .lines()
            .filter_map(|l| l.split(" = ").next())
            .collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{terms}");
        assert!(terms.contains("-key-roll = R\n"), "{terms}");
        assert!(
            terms.contains("-key-detailed-scores = Shift+S\n"),
            "{terms}"
        );
        assert!(!terms.contains("Space"), "only letters: {terms}");
        for query in [
            Query::Positions,
            Query::DetailedScores,
            Query::LookAhead,
            Query::Who,
        ] {
            assert_eq!(serde_json::to_value(query).unwrap(), query.name());
        }
    }

    #[test]
    fn every_key_is_one_keys_once_with_its_words() {
        let english = Catalogue::english();
        for interface in [Interface::Terminal, Interface::Page] {
            let keys: Vec<&Key> = KEYS.iter().filter(|k| k.on(interface)).collect();
            for (i, k) in keys.iter().enumerate() {
                // A name is one key's wherever it acts: N starts the game at a table and opens
                // the form in the lobby, never both in one place.
                for other in &keys[i + 1..] {
                    let overlap = [true, false]
                        .iter()
                        .any(|&lobby| k.place.has(lobby) && other.place.has(lobby));
                    assert!(other.name() != k.name() || !overlap, "{} twice", k.name());
                }
                assert!(english.has(k.help), "{}", k.help);
                if let Some(label) = k.button {
                    assert!(english.has(label), "{label}");
                    assert!(k.page, "a button on the page for a key it does not have");
                }
            }
        }
        // Every terminal character is one key's.
        let mut chars = Vec::new();
        for k in KEYS.iter().filter(|k| k.terminal) {
            for c in k.chars() {
                assert!(!chars.contains(&c), "{c:?} read as two keys");
                chars.push(c);
                assert_eq!(terminal_key(c), Some(k));
            }
        }
        assert_eq!(terminal_key('x'), None);
        assert_eq!(terminal_key('J'), None, "J is the page's alone");
        // A letter in either case, but S: its capital is Shift+S.
        assert_eq!(terminal_key('R').map(|k| k.does), Some(Does::Roll));
        assert_eq!(
            terminal_key('s').map(|k| k.does),
            Some(Does::Ask(Query::Scores))
        );
        assert_eq!(
            terminal_key('S').map(|k| k.does),
            Some(Does::Ask(Query::DetailedScores))
        );
        // Every question but the rules has a key.
        for q in [
            Query::Positions,
            Query::Turn,
            Query::Scores,
            Query::DetailedScores,
            Query::LookAhead,
            Query::Square,
            Query::Help,
            Query::Who,
        ] {
            assert!(KEYS.iter().any(|k| k.does == Does::Ask(q)), "{q:?}");
        }
    }

    #[test]
    fn each_interface_says_its_own_keys() {
        let at_table = |over, away| Situation {
            over,
            away,
            ..Situation::default()
        };
        let page = help_ids(Interface::Page, at_table(false, false));
        let terminal = help_ids(Interface::Terminal, at_table(false, false));
        // The keys both have, in the same order; then each its own.
        let both = &terminal[..terminal.len() - 4];
        assert_eq!(both.first(), Some(&"help-roll"));
        assert_eq!(both.last(), Some(&"help-repeat"));
        assert_eq!(page[..both.len()], *both);
        // Someone watching: the page's own keys, not the host's nor leaving.
        assert_eq!(
            page[both.len()..],
            [
                "help-help",
                "help-who",
                "help-talk",
                "help-buffers",
                "help-buffer-last",
                "help-people",
                "help-sounds",
                "help-account"
            ]
        );
        assert_eq!(
            terminal[both.len()..],
            ["help-board", "help-game", "help-help", "help-quit"]
        );
        // The host before the start: starting and the bots, and leaving.
        let host = help_ids(
            Interface::Page,
            Situation {
                host: true,
                seated: true,
                ..Situation::default()
            },
        );
        for id in ["help-start", "help-bots", "help-leave"] {
            assert!(host.contains(&id), "{id}");
            assert!(!page.contains(&id), "{id}");
        }
        // Once the game is over, neither R nor L; the way back only to one who left.
        let over = help_ids(Interface::Page, at_table(true, false));
        assert_eq!(
            over,
            page[..]
                .iter()
                .copied()
                .filter(|id| !["help-roll", "help-look"].contains(id))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            help_ids(Interface::Page, at_table(false, true))[0],
            "help-come-back"
        );
        // In the lobby, the lobby's keys and those of both places.
        let lobby = help_ids(
            Interface::Page,
            Situation {
                lobby: true,
                ..Situation::default()
            },
        );
        assert_eq!(
            lobby,
            [
                "help-history",
                "help-repeat",
                "help-help",
                "help-talk",
                "help-buffer-last",
                "help-sounds",
                "help-new-table",
                "help-tables",
                "help-join",
                "help-watch",
                "help-account"
            ]
        );
    }

    #[test]
    fn the_moderators_keys_are_the_pages_and_said_by_the_page_alone() {
        let keys = page_keys(&Catalogue::english());
        let moderators: Vec<(&str, &str)> = keys
            .iter()
            .filter(|k| k.moderator)
            .map(|k| (k.name.as_str(), k.does))
            .collect();
        assert_eq!(moderators, [("M", "moderation"), ("X", "remove_message")]);
        let m = serde_json::to_value(keys.iter().find(|k| k.name == "M")).unwrap_or_default();
        assert_eq!(m["moderator"], true);
        assert_eq!(m["place"], "both");
        let r = serde_json::to_value(keys.iter().find(|k| k.name == "R")).unwrap_or_default();
        assert!(r.get("moderator").is_none(), "{r}");
        // No situation the server knows offers them: the page says them to a moderator.
        for lobby in [false, true] {
            for host in [false, true] {
                let ids = help_ids(
                    Interface::Page,
                    Situation {
                        lobby,
                        host,
                        seated: host,
                        ..Situation::default()
                    },
                );
                assert!(!ids.contains(&"help-moderation"), "{ids:?}");
                assert!(!ids.contains(&"help-remove-message"), "{ids:?}");
            }
        }
        // Nor has the terminal, at a server or alone.
        for c in ['m', 'M', 'x', 'X'] {
            for lobby in [false, true] {
                assert_eq!(key_of(Interface::Online, lobby, c), None, "{c}");
            }
            assert_eq!(terminal_key(c), None, "{c}");
        }
    }

    #[test]
    fn the_account_key_is_the_pages_in_both_places_and_said_to_everyone() {
        let keys = page_keys(&Catalogue::english());
        let account: Vec<(&str, Place)> = keys
            .iter()
            .filter(|k| k.does == "account")
            .map(|k| (k.name.as_str(), k.place))
            .collect();
        assert_eq!(account, [("U", Place::Both)]);
        assert!(key_terms().contains("-key-account = U\n"));
        // H says it to a guest and a member alike, at a table and in the lobby.
        for lobby in [false, true] {
            let ids = help_ids(
                Interface::Page,
                Situation {
                    lobby,
                    ..Situation::default()
                },
            );
            assert!(ids.contains(&"help-account"), "{ids:?}");
        }
        // The terminal has no account, at a server or alone.
        for c in ['u', 'U'] {
            for lobby in [false, true] {
                assert_eq!(key_of(Interface::Online, lobby, c), None, "{c}");
            }
            assert_eq!(terminal_key(c), None, "{c}");
        }
    }

    #[test]
    fn the_page_gets_its_keys_with_their_words() {
        let keys = page_keys(&Catalogue::english());
        assert_eq!(keys[0].name, "J", "the way back first, when H offers it");
        let roll = &keys[1];
        assert_eq!(
            (roll.name.as_str(), roll.does, roll.button.as_deref()),
            ("R", "roll", Some("Roll (R)"))
        );
        assert_eq!(roll.shortcuts, "R Space");
        let json = serde_json::to_value(&keys).unwrap_or_default();
        let detailed = json
            .as_array()
            .and_then(|a| a.iter().find(|k| k["name"] == "Shift+S"))
            .cloned()
            .unwrap_or_default();
        assert_eq!(
            detailed,
            serde_json::json!({"name":"Shift+S","does":"ask","place":"table","query":"detailed_scores",
                "help":"Shift+S: detailed scores.","button":"Detailed scores (Shift+S)",
                "shortcuts":"Shift+S"})
        );
        assert!(keys.iter().any(|k| k.name == "J" && k.does == "come_back"));
        assert!(!keys.iter().any(|k| k.name == "Q"), "Q is the terminal's");
        let help: Vec<_> = keys
            .iter()
            .filter(|k| k.name == "?" || k.name == "H")
            .collect();
        assert!(help.iter().all(|k| k.shortcuts == "H ?"));
    }
}
