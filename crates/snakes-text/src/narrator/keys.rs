//! The keys, said by H or ? (`keys.ftl`). The terminal game adds its own (B, I, Q) from the
//! same file, each with its line of help.

use super::Narrator;

/// The game's keys, by their help message, in the order H says them.
pub(crate) const HELP: [&str; 9] = [
    "help-roll",
    "help-positions",
    "help-turn",
    "help-scores",
    "help-detailed",
    "help-look",
    "help-square",
    "help-history",
    "help-help",
];

impl Narrator {
    /// The keys of every interface, one line each: R or Space, C, T, S, Shift+S, L, G, the
    /// history's keys, H or ?.
    pub fn help(&self) -> Vec<String> {
        HELP.iter().map(|id| self.say(id, vec![])).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;

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
                "L: what each face of the die would do for the player to roll.",
                "G, a square's number and Enter: what is on that square and the next ladder \
                 and snake after it; G and Enter alone: your square.",
                "Comma and period: the line said before and after the one last read again; \
                 Shift+comma (<) and Shift+period (>): the first and the last.",
                "H or ?: these keys.",
            ]
        );
        assert_eq!(n.bot_name(2), "Bot 2");
        assert_eq!(n.names(), ["Ana", "Bo", "Cy"]);
        assert_eq!(n.name(5), "Player 6");
    }
}
