//! Listening back and listening less (`listening.ftl`): a line of the speech history read again
//! with its number, and how much is said of the other players' moves ([`Others`]).

use std::fmt;
use std::str::FromStr;

use snakes::Event;

use super::{Listener, Narrator, Player};

/// How much a listener hears of the other players' moves (for someone watching, of everyone's).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Others {
    /// Every roll, as it happens.
    Full,
    /// For a player, the others' moves in one line when the turn comes back to them ("Bot 1
    /// went to 25, Bot 2 slid to 11. Your turn."); for someone watching, who has no turn to
    /// wait for, every roll as it happens, as [`Others::Full`].
    #[default]
    Brief,
    /// Only the rolls that climb a ladder, slide down a snake, send a token back or win (for a
    /// player, in the one line when the turn comes back); whose turn it is is still said.
    Jumps,
}

impl Others {
    /// Every setting, in the order a menu offers them.
    pub const ALL: [Others; 3] = [Others::Full, Others::Brief, Others::Jumps];

    /// The setting's name: `full`, `brief` or `jumps`.
    pub fn name(self) -> &'static str {
        match self {
            Others::Full => "full",
            Others::Brief => "brief",
            Others::Jumps => "jumps",
        }
    }
}

impl fmt::Display for Others {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`Others`] setting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownOthers(pub String);

impl fmt::Display for UnknownOthers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not full, brief or jumps", self.0)
    }
}

impl std::error::Error for UnknownOthers {}

impl FromStr for Others {
    type Err = UnknownOthers;

    fn from_str(s: &str) -> Result<Others, UnknownOthers> {
        Others::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| UnknownOthers(s.to_string()))
    }
}

/// Whether a roll's events (from its `Rolled` on) are worth telling under [`Others::Jumps`].
fn is_highlight(roll: &[Event]) -> bool {
    roll.iter().any(|e| {
        matches!(
            e,
            Event::Climbed { .. } | Event::Slid { .. } | Event::Bumped { .. } | Event::Won { .. }
        )
    })
}

/// `events` without the other players' plain rolls (those of `me` are kept): of those, only
/// whose turn it is next remains.
fn highlights(events: &[Event], me: Option<Player>) -> Vec<Event> {
    let mut kept = Vec::with_capacity(events.len());
    let mut rest = events;
    while let Some((first, tail)) = rest.split_first() {
        let end = tail
            .iter()
            .position(|e| matches!(e, Event::Rolled { .. }))
            .map_or(rest.len(), |i| i + 1);
        let (roll, after) = rest.split_at(end);
        let keep = match first {
            Event::Rolled { player, .. } => Some(*player) == me || is_highlight(roll),
            _ => true,
        };
        if keep {
            kept.extend_from_slice(roll);
        } else {
            kept.extend(
                roll.iter()
                    .filter(|e| matches!(e, Event::TurnPassed { .. })),
            );
        }
        rest = after;
    }
    kept
}

impl Narrator {
    /// A line of the history read again, with its place: "12 of 40: Bot 1 rolled a 5 and moved
    /// from 20 to 25." (`number` from 1); "Nothing has been said yet." for an empty history.
    pub fn history_entry(&self, number: usize, count: usize, text: &str) -> String {
        if count == 0 {
            return self.say("history-empty", vec![]);
        }
        self.say(
            "history-entry",
            vec![
                ("number", number.into()),
                ("count", count.into()),
                ("text", text.into()),
            ],
        )
    }

    /// The lines `listener` hears now of `events`, the other players' moves told as `others`
    /// says: [`Others::Full`] every line of [`Narrator::events`]; [`Others::Brief`] what
    /// [`Narrator::heard`] says (for someone watching, every line too);
    /// [`Others::Jumps`] the same without the others' plain rolls. `earlier` is the game's
    /// events before `events`, as for [`Narrator::heard`].
    ///
    /// ```
    /// use snakes::Event;
    /// use snakes_text::{Listener, Narrator, Others};
    /// let narrator = Narrator::new(vec!["Ana".into(), "Bot 1".into(), "Bot 2".into()]);
    /// let round = [
    ///     Event::Rolled { player: 1, roll: 5 },
    ///     Event::Moved { player: 1, from: 20, to: 25 },
    ///     Event::TurnPassed { player: 2 },
    ///     Event::Rolled { player: 2, roll: 2 },
    ///     Event::Moved { player: 2, from: 14, to: 16 },
    ///     Event::Slid { player: 2, from: 16, to: 6 },
    ///     Event::TurnPassed { player: 0 },
    /// ];
    /// let ana = Listener::Player(0);
    /// assert_eq!(
    ///     narrator.heard_as([], &round, ana, false, Others::Brief),
    ///     ["Bot 1 went to 25, Bot 2 slid to 6. Your turn."]
    /// );
    /// assert_eq!(
    ///     narrator.heard_as([], &round, ana, false, Others::Jumps),
    ///     ["Bot 2 slid to 6. Your turn."]
    /// );
    /// assert_eq!(narrator.heard_as([], &round, ana, false, Others::Full).len(), 4);
    /// ```
    pub fn heard_as<I>(
        &self,
        earlier: I,
        events: &[Event],
        listener: Listener,
        brief: bool,
        others: Others,
    ) -> Vec<String>
    where
        I: IntoIterator<Item = Event>,
        I::IntoIter: DoubleEndedIterator,
    {
        let me = match listener {
            Listener::Player(p) => Some(p),
            Listener::Spectator => None,
        };
        match (others, me) {
            (Others::Full | Others::Brief, None) | (Others::Full, Some(_)) => {
                self.events(events, listener, brief)
            }
            (Others::Brief, Some(_)) => self.heard(earlier, events, listener, brief),
            (Others::Jumps, None) => self.events(&highlights(events, None), listener, brief),
            (Others::Jumps, Some(p)) => {
                // Only what follows the player's last roll counts (as in `heard`).
                let mut since: Vec<Event> = earlier
                    .into_iter()
                    .rev()
                    .take_while(|e| !matches!(e, Event::Rolled { player, .. } if *player == p))
                    .collect();
                since.reverse();
                let events = highlights(events, me);
                let since = highlights(&since, me);
                self.heard(since, &events, listener, brief)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;

    fn roll(player: Player, roll: u8, from: u32, to: u32, next: Player) -> Vec<Event> {
        vec![
            Event::Rolled { player, roll },
            Event::Moved {
                player,
                from,
                to: from + u32::from(roll),
            },
        ]
        .into_iter()
        .chain(
            (to != from + u32::from(roll)).then_some(if to > from + u32::from(roll) {
                Event::Climbed {
                    player,
                    from: from + u32::from(roll),
                    to,
                }
            } else {
                Event::Slid {
                    player,
                    from: from + u32::from(roll),
                    to,
                }
            }),
        )
        .chain([Event::TurnPassed { player: next }])
        .collect()
    }

    #[test]
    fn others_settings_read_and_print() {
        for o in Others::ALL {
            assert_eq!(o.to_string().parse::<Others>(), Ok(o));
        }
        assert_eq!(
            "loud".parse::<Others>().unwrap_err().to_string(),
            "\"loud\" is not full, brief or jumps"
        );
        assert_eq!(Others::default(), Others::Brief);
        assert_eq!(serde_json::to_string(&Others::Jumps).unwrap(), "\"jumps\"");
    }

    #[test]
    fn a_history_line_says_its_place() {
        let n = narrator();
        assert_eq!(
            n.history_entry(12, 40, "Bo rolled a 5."),
            "12 of 40: Bo rolled a 5."
        );
        assert_eq!(n.history_entry(0, 0, ""), "Nothing has been said yet.");
    }

    #[test]
    fn how_much_a_player_and_a_spectator_hear_of_the_others() {
        let n = narrator();
        // Ana climbs, Bo goes on plainly, Cy slides; Ana's turn again.
        let ana = roll(0, 3, 1, 21, 1);
        let bo = roll(1, 4, 10, 14, 2);
        let cy = roll(2, 4, 12, 6, 0);
        let round: Vec<Event> = bo.iter().chain(&cy).copied().collect();
        let heard = |others, listener| n.heard_as(ana.clone(), &round, listener, false, others);
        assert_eq!(
            heard(Others::Full, ANA),
            [
                "Bo rolled a 4 and moved from 10 to 14.",
                "Cy's turn.",
                "Cy rolled a 4 and slid down the snake at 16 to 6.",
                "Your turn."
            ]
        );
        assert_eq!(
            heard(Others::Brief, ANA),
            ["Bo went to 14, Cy slid to 6. Your turn."]
        );
        assert_eq!(heard(Others::Jumps, ANA), ["Cy slid to 6. Your turn."]);
        // Nothing worth telling: the turn alone.
        let plain: Vec<Event> = bo.iter().chain(&roll(2, 1, 3, 4, 0)).copied().collect();
        assert_eq!(
            n.heard_as(ana.clone(), &plain, ANA, false, Others::Jumps),
            ["Your turn."]
        );
        // What happened before this batch, since Ana's roll, counts too: Cy's slide was told
        // to nobody yet when Bo's roll brings the turn back.
        let cy_first = roll(2, 4, 12, 6, 1);
        let bo_then = roll(1, 4, 10, 14, 0);
        let earlier: Vec<Event> = ana.iter().chain(&cy_first).copied().collect();
        assert_eq!(
            n.heard_as(earlier, &bo_then, ANA, false, Others::Jumps),
            ["Cy slid to 6. Your turn."]
        );
        // Someone watching: every roll (in the form asked for), or the ladders and snakes
        // only, with the turns.
        assert_eq!(
            heard(Others::Brief, SPECTATOR),
            n.events(&round, SPECTATOR, false)
        );
        assert_eq!(
            n.heard_as([], &round, SPECTATOR, true, Others::Brief),
            [
                "Bo, 4: 10 to 14.",
                "Cy's turn.",
                "Cy, 4: snake 16 to 6.",
                "Ana's turn."
            ]
        );
        assert_eq!(
            heard(Others::Jumps, SPECTATOR),
            [
                "Cy's turn.",
                "Cy rolled a 4 and slid down the snake at 16 to 6.",
                "Ana's turn."
            ]
        );
        assert_eq!(
            heard(Others::Full, SPECTATOR),
            n.events(&round, SPECTATOR, false)
        );
        // The player's own plain roll is always told.
        assert_eq!(
            n.heard_as([], &roll(0, 2, 4, 6, 1), ANA, false, Others::Jumps),
            ["You rolled a 2 and went to 6."]
        );
    }
}
