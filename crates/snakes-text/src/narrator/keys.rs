//! The keys, said by H or ? (`keys.ftl`): each interface's own, from the one table of keys
//! ([`crate::keys::KEYS`]).

use super::Narrator;
use crate::keys::{Interface, help_ids};

impl Narrator {
    /// The keys of `interface`, one line each, in the table's order: once the game is `over`,
    /// without the keys that act on a game in play; the way back to a seat only to one who is
    /// `away`.
    pub fn key_help(&self, interface: Interface, over: bool, away: bool) -> Vec<String> {
        help_ids(interface, over, away)
            .into_iter()
            .map(|id| self.say(id, vec![]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use crate::keys::Interface;

    #[test]
    fn first_player_help_and_messages() {
        let n = narrator();
        assert_eq!(n.first_player(1, SPECTATOR), "Bo goes first.");
        assert_eq!(n.first_player(1, BO), "You go first.");
        assert_eq!(
            n.key_help(Interface::Page, false, false),
            [
                "R or Space: roll the die.",
                "C: everyone's position.",
                "T: whose turn it is.",
                "S: the scores in brief.",
                "Shift+S: detailed scores.",
                "L: what each face of the die would do for the player to roll.",
                "G, a square's number and Enter: what is on that square and the next ladder \
                 and snake after it; G and Enter alone: your square.",
                "Comma and period: the line said before and after the one last read again; \
                 Shift+comma (<) and Shift+period (>): the first and the last.",
                "A: the last announcement again.",
                "H or ?: these keys.",
            ]
        );
        assert_eq!(n.bot_name(2), "Bot 2");
        assert_eq!(n.names(), ["Ana", "Bo", "Cy"]);
        assert_eq!(n.name(5), "Player 6");
    }
}
