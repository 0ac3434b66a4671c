//! The keys, said by H or ? (`keys.ftl`): each interface's own, from the one table of keys
//! ([`crate::keys::KEYS`]).

use super::Narrator;
use crate::keys::{Interface, Situation, help_ids};

impl Narrator {
    /// The keys of `interface` in `situation`, one line each, in the table's order (see
    /// [`help_ids`]).
    pub fn key_help(&self, interface: Interface, situation: Situation) -> Vec<String> {
        help_ids(interface, situation)
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
            n.key_help(Interface::Page, crate::keys::Situation::default()),
            [
                // What can be done while the game is on, first.
                "R or Space: roll the die.",
                "L: what each face of the die would do for the player to roll.",
                "C: everyone's position.",
                "T: whose turn it is.",
                "S: the scores in brief.",
                "Shift+S: detailed scores.",
                "G, a square's number and Enter: what is on that square and the next ladder \
                 and snake after it; G and Enter alone: your square.",
                "Comma and period: the line said before and after the one last read again; \
                 Shift+comma (<) and Shift+period (>): the first and the last.",
                "A: the last announcement again.",
                "H or ?: these keys.",
                "W: who is here: each seat (a person or a bot, connected or not, whose turn) \
                 and who is watching.",
                "Slash (/): say something to everyone here; Enter sends it and goes back to \
                 where you were, Escape goes back without sending.",
                "[ and ]: the previous and the next buffer of the history (all of it, the game, \
                 talk, answers), said with its last line; comma, period, Shift+comma and \
                 Shift+period then read through that buffer.",
                "Apostrophe ('): the last line of the buffer chosen, again (in the lobby, of \
                 its history).",
                "Shift+W: the people here, to mute what someone says, to block a member \
                 (signed in), and for the host to remove someone from the table; Escape goes \
                 back.",
                "0: sounds on or off; minus (-) and equals (=): the sounds quieter and louder.",
                "U: sign in, or create an account that keeps your name and your settings; \
                 once signed in, your account's buttons.",
            ]
        );
        assert_eq!(n.bot_name(2), "Bot 2");
        assert_eq!(n.names(), ["Ana", "Bo", "Cy"]);
        assert_eq!(n.name(5), "Player 6");
    }
}
