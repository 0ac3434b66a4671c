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
}

/// An interface with keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interface {
    /// The terminal game, `snakes play`.
    Terminal,
    /// The board page of `snakes serve`.
    Page,
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
}

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
    }
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
    both(',', Does::Read(Reading::Previous), "help-history"),
    both('.', Does::Read(Reading::Next), "help-history"),
    both('<', Does::Read(Reading::First), "help-history"),
    both('>', Does::Read(Reading::Last), "help-history"),
    both('A', Does::Repeat, "help-repeat"),
    only(both('B', Does::Board, "help-board"), Interface::Terminal),
    only(both('I', Does::Game, "help-game"), Interface::Terminal),
    button(
        both('H', Does::Ask(Query::Help), "help-help"),
        "ui-key-help",
    ),
    both('?', Does::Ask(Query::Help), "help-help"),
    only(both('Q', Does::Quit, "help-quit"), Interface::Terminal),
];

impl Key {
    /// Whether `interface` has the key.
    pub fn on(&self, interface: Interface) -> bool {
        match interface {
            Interface::Terminal => self.terminal,
            Interface::Page => self.page,
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

/// The key of the terminal that reads as `c`, if any.
pub fn terminal_key(c: char) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.terminal && k.chars().contains(&c))
}

/// The help lines (their message ids) of `interface`, each once, in order: once the game is
/// `over`, without the keys that act on a game in play; the way back to a seat only to one who
/// is `away` (a bot plays the seat since they left).
pub fn help_ids(interface: Interface, over: bool, away: bool) -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = Vec::new();
    for k in KEYS.iter().filter(|k| k.on(interface)) {
        let offered = match k.offered {
            Offered::Always => true,
            Offered::WhilePlaying => !over,
            Offered::WhenAway => away,
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
    /// What it does: `roll`, `ask`, `read`, `repeat` or `come_back`.
    pub does: &'static str,
    /// The question it asks, for `ask`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub query: Option<Query>,
    /// The line it reads, for `read`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<Reading>,
    /// Its line of help.
    pub help: String,
    /// The label of its button in the toolbar, if it has one there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub button: Option<String>,
    /// Every key that does the same, as `aria-keyshortcuts` names them on its button:
    /// `R Space`.
    pub shortcuts: String,
}

/// The page's keys in the words of `catalogue`, in the table's order.
pub fn page_keys(catalogue: &Catalogue) -> Vec<PageKey> {
    let page = || KEYS.iter().filter(|k| k.page);
    page()
        .map(|k| PageKey {
            name: k.name(),
            does: k.does.name(),
            query: match k.does {
                Does::Ask(q) => Some(q),
                _ => None,
            },
            reading: match k.does {
                Does::Read(r) => Some(r),
                _ => None,
            },
            help: catalogue.format(k.help, &[]),
            button: k.button.map(|id| catalogue.format(id, &[])),
            shortcuts: page()
                .filter(|other| other.does == k.does)
                .map(Key::name)
                .collect::<Vec<_>>()
                .join(" "),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_one_keys_once_with_its_words() {
        let english = Catalogue::english();
        for interface in [Interface::Terminal, Interface::Page] {
            let mut names = Vec::new();
            for k in KEYS.iter().filter(|k| k.on(interface)) {
                assert!(!names.contains(&k.name()), "{} twice", k.name());
                names.push(k.name());
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
        ] {
            assert!(KEYS.iter().any(|k| k.does == Does::Ask(q)), "{q:?}");
        }
    }

    #[test]
    fn each_interface_says_its_own_keys() {
        let page = help_ids(Interface::Page, false, false);
        let terminal = help_ids(Interface::Terminal, false, false);
        // The keys both have, in the same order; then each its own.
        let both = &terminal[..terminal.len() - 4];
        assert_eq!(both.first(), Some(&"help-roll"));
        assert_eq!(both.last(), Some(&"help-repeat"));
        assert_eq!(page[..page.len() - 1], *both);
        assert_eq!(page.last(), Some(&"help-help"));
        assert_eq!(
            terminal[both.len()..],
            ["help-board", "help-game", "help-help", "help-quit"]
        );
        // Once the game is over, neither R nor L; the way back only to one who left.
        let over = help_ids(Interface::Page, true, false);
        assert_eq!(
            over,
            page[..]
                .iter()
                .copied()
                .filter(|id| !["help-roll", "help-look"].contains(id))
                .collect::<Vec<_>>()
        );
        assert_eq!(help_ids(Interface::Page, false, true)[0], "help-come-back");
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
            serde_json::json!({"name":"Shift+S","does":"ask","query":"detailed_scores",
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
