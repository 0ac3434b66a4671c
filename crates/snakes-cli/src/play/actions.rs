//! What each key of the terminal game does, and the line of help that says so, in one table:
//! a new key is one row here and one arm where the game acts on it.

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Roll the die (the one thing a finished game no longer offers).
    Roll,
    /// Everyone's position.
    Positions,
    /// Whose turn it is.
    Turn,
    /// The scores in brief.
    Scores,
    /// The scores in detail.
    DetailedScores,
    /// What each face of the die would do for the player to roll.
    LookAhead,
    /// What is on a square (its number follows, then Enter).
    Square,
    /// The line said before the one last read again.
    Previous,
    /// The line said after the one last read again.
    Next,
    /// The first line said.
    First,
    /// The last line said.
    Last,
    /// The board as text.
    Board,
    /// This game: players, board, rules and seed.
    Game,
    /// The keys.
    Help,
    /// Quit (after a Y to confirm while the game is on).
    Quit,
}

/// The keys of one action and the catalogue message that describes them.
struct Binding {
    keys: &'static [char],
    action: Action,
    help: &'static str,
}

/// Every key of the game, in the order the help says them.
const BINDINGS: &[Binding] = &[
    Binding {
        keys: &['r', 'R', ' '],
        action: Action::Roll,
        help: "help-roll",
    },
    Binding {
        keys: &['c', 'C'],
        action: Action::Positions,
        help: "help-positions",
    },
    Binding {
        keys: &['t', 'T'],
        action: Action::Turn,
        help: "help-turn",
    },
    Binding {
        keys: &['s'],
        action: Action::Scores,
        help: "help-scores",
    },
    Binding {
        keys: &['S'],
        action: Action::DetailedScores,
        help: "help-detailed",
    },
    Binding {
        keys: &['l', 'L'],
        action: Action::LookAhead,
        help: "help-look",
    },
    Binding {
        keys: &['g', 'G'],
        action: Action::Square,
        help: "help-square",
    },
    // The four keys of the history share one line of help. Shift+comma and Shift+period are
    // < and > on a terminal with the US layout.
    Binding {
        keys: &[','],
        action: Action::Previous,
        help: "help-history",
    },
    Binding {
        keys: &['.'],
        action: Action::Next,
        help: "help-history",
    },
    Binding {
        keys: &['<'],
        action: Action::First,
        help: "help-history",
    },
    Binding {
        keys: &['>'],
        action: Action::Last,
        help: "help-history",
    },
    Binding {
        keys: &['b', 'B'],
        action: Action::Board,
        help: "help-board",
    },
    Binding {
        keys: &['i', 'I'],
        action: Action::Game,
        help: "help-game",
    },
    Binding {
        keys: &['h', 'H', '?'],
        action: Action::Help,
        help: "help-help",
    },
    Binding {
        keys: &['q', 'Q'],
        action: Action::Quit,
        help: "help-quit",
    },
];

/// The action of `key`, if it has one.
pub fn action(key: char) -> Option<Action> {
    BINDINGS
        .iter()
        .find(|b| b.keys.contains(&key))
        .map(|b| b.action)
}

/// Whether `action` reads the history again (and leaves its place where it is).
pub fn is_history(action: Action) -> bool {
    matches!(
        action,
        Action::Previous | Action::Next | Action::First | Action::Last
    )
}

/// The catalogue messages of the help, one line per action (actions that share a line, once);
/// once the game is `over`, without rolling.
pub fn help(over: bool) -> impl Iterator<Item = &'static str> {
    let mut said: Vec<&str> = Vec::new();
    BINDINGS
        .iter()
        .filter(move |b| !(over && b.action == Action::Roll))
        .map(|b| b.help)
        .filter(move |id| {
            let new = !said.contains(id);
            said.push(id);
            new
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_one_action_and_every_action_a_line_of_help() {
        let mut seen = Vec::new();
        for b in BINDINGS {
            for k in b.keys {
                assert!(!seen.contains(k), "{k:?} is bound twice");
                seen.push(*k);
                assert_eq!(action(*k), Some(b.action));
            }
            assert!(snakes_text::Catalogue::english().has(b.help), "{}", b.help);
        }
        assert_eq!(action('x'), None);
        // The history's four keys share a line.
        assert_eq!(help(false).count(), BINDINGS.len() - 3);
        assert!(!help(true).any(|id| id == "help-roll"));
    }
}
