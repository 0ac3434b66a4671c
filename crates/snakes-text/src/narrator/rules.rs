//! The rules in force, said in one line (`rules.ftl`): under the board and at the start of a
//! game.

use snakes::{Collision, Ending, Entry, Jumps, Rules, Six, Square, Start};

use super::Narrator;
use crate::catalogue::MessageArg;

impl Narrator {
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
        self.join("rules-join", parts).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;

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
}
