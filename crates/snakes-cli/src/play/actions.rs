//! What each key of the terminal game does, from the one table of keys of the game
//! ([`snakes_text::keys::KEYS`]): the characters read as each key, what it does, the lines of
//! help H says, and the key list of `snakes play --help`.

use snakes_text::Catalogue;
use snakes_text::keys::{Does, Interface, help_ids, terminal_key};

/// What the key read as `key` does, if it is a key of the terminal game.
pub fn action(key: char) -> Option<Does> {
    terminal_key(key).map(|k| k.does)
}

/// The catalogue messages of the help, one line per action (actions that share a line, once);
/// once the game is `over`, without the keys that act on a game in play.
pub fn help(over: bool) -> Vec<&'static str> {
    help_ids(Interface::Terminal, over, false)
}

/// What `snakes play --help` says after the options: the keys, in English as all help is,
/// from the same table and lines as H, then examples.
pub fn after_help() -> String {
    let english = Catalogue::english();
    let mut text = String::from("Keys (without Enter on a terminal; one per line when piped):\n");
    for id in help(false) {
        text.push_str("  ");
        text.push_str(&english.format(id, &[]));
        text.push('\n');
    }
    text.push_str(
        "
Examples:
  snakes play                               you and a bot on the classic board
  snakes play --players Ana,Bo --bots 1 --rules collision=bump --seed 7
  snakes play --save game.json              then: snakes play --resume game.json",
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use snakes_text::keys::{KEYS, Query};

    #[test]
    fn every_key_of_the_terminal_has_its_action_and_a_line_of_help() {
        for k in KEYS.iter().filter(|k| k.terminal) {
            for c in k.chars() {
                assert_eq!(action(c), Some(k.does), "{c:?}");
            }
            assert!(help(false).contains(&k.help), "{}", k.help);
        }
        assert_eq!(action('x'), None);
        assert_eq!(action('j'), None, "J is the page's");
        assert_eq!(action('S'), Some(Does::Ask(Query::DetailedScores)));
        // The history's four keys share a line, said once.
        assert_eq!(
            help(false)
                .iter()
                .filter(|id| **id == "help-history")
                .count(),
            1
        );
        assert!(!help(true).contains(&"help-roll"));
        assert!(after_help().contains("\n  Shift+S: detailed scores.\n"));
    }
}
