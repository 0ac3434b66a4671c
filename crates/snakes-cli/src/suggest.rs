//! Commands the program suggests, written so that they work as printed: every argument that
//! decides the answer is in them (the board, the rules, the players), each quoted for a shell
//! where it needs to be.

use snakes::Rules;

use crate::input::GameArgs;

/// `word` as a POSIX shell reads it back: as it is when it holds only letters, digits and
/// `_ . / : = , + - @ %`, otherwise in single quotes.
pub fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./:=,+-@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The options that give the same game: `--board` (unless classic), `--rules` (unless the
/// standard rules) and `--players` (unless 1).
pub fn game_options(game: &GameArgs) -> String {
    let mut words = Vec::new();
    if let Some(board) = game.board.get()
        && board.name != "classic"
    {
        words.push(format!("--board {}", shell_word(&board.name)));
    }
    let rules: Rules = game.rules.get();
    if rules != Rules::STANDARD {
        words.push(format!("--rules {}", shell_word(&rules.to_string())));
    }
    if game.players > 1 {
        words.push(format!("--players {}", game.players));
    }
    words.join(" ")
}

/// `snakes COMMAND` for the same game, with `extra` options after it.
pub fn command(name: &str, game: &GameArgs, extra: &str) -> String {
    [
        format!("snakes {name}"),
        game_options(game),
        extra.to_string(),
    ]
    .into_iter()
    .filter(|w| !w.is_empty())
    .collect::<Vec<_>>()
    .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_quoted_only_when_a_shell_needs_it() {
        assert_eq!(shell_word("big.toml"), "big.toml");
        assert_eq!(shell_word("/tmp/b-1/x_2.json"), "/tmp/b-1/x_2.json");
        assert_eq!(shell_word("ending=exact,die=8"), "ending=exact,die=8");
        assert_eq!(shell_word("my board.toml"), "'my board.toml'");
        assert_eq!(shell_word("it's.json"), r"'it'\''s.json'");
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("$HOME"), "'$HOME'");
    }
}
