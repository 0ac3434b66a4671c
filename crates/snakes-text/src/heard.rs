//! What a player holding a seat hears as the game goes on: their own moves as they happen, and
//! the other players' moves in one line when the turn comes back to them.
//!
//! A screen reader speaks a sentence in two or three seconds, bots move faster than that, and
//! any key the player presses cuts the screen reader's queue short. Told one by one, the other
//! players' moves pile up behind each other and "Your turn" comes late or never. Told together
//! at the start of the player's turn ("Bot 1 went to 25, Bot 2 slid to 11. Your turn."), a
//! round takes one sentence of the player's own and one of everyone else's, and whatever a key
//! cut off before is said again.

use snakes::{Event, Square};

use crate::catalogue::MessageArg;
use crate::narrator::{Listener, Narrator, Player};

/// How one player's moves since the listener's last roll ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Went,
    Climbed,
    Slid,
    Bounced,
    Stayed,
}

impl Step {
    fn name(self) -> &'static str {
        match self {
            Step::Went => "went",
            Step::Climbed => "climbed",
            Step::Slid => "slid",
            Step::Bounced => "bounced",
            Step::Stayed => "stayed",
        }
    }
}

/// One other player's moves: the last step, where it ended, and the tokens it sent back
/// (their player and the square they went back to).
#[derive(Debug)]
struct Moves {
    player: Player,
    step: Option<(Step, Square)>,
    bumped: Vec<(Player, Square)>,
}

/// Who acts in an event: the one who moved (for a bump, the one who landed).
fn actor(event: &Event) -> Player {
    match *event {
        Event::Bumped { by, .. } => by,
        ref other => other.player(),
    }
}

/// Whose moves [`tally`] counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Whose {
    /// Those of this player alone.
    Mine(Player),
    /// Everyone's but this player's.
    Others(Player),
    /// Everyone's.
    All,
}

/// Each player's moves in `events`, in the order they first moved, of the players `whose`.
fn tally(events: &[Event], whose: Whose) -> Vec<Moves> {
    let mut players: Vec<Moves> = Vec::new();
    for event in events {
        let who = actor(event);
        let counted = match whose {
            Whose::Mine(me) => who == me,
            Whose::Others(me) => who != me,
            Whose::All => true,
        };
        if !counted {
            continue;
        }
        let at = match players.iter().position(|m| m.player == who) {
            Some(i) => i,
            None => {
                players.push(Moves {
                    player: who,
                    step: None,
                    bumped: Vec::new(),
                });
                players.len() - 1
            }
        };
        let moves = &mut players[at];
        match *event {
            Event::Entered { square, .. } => moves.step = Some((Step::Went, square)),
            Event::Moved { to, .. } => moves.step = Some((Step::Went, to)),
            Event::Climbed { to, .. } => moves.step = Some((Step::Climbed, to)),
            Event::Slid { to, .. } => moves.step = Some((Step::Slid, to)),
            // Back on the last square it turned at (a board of one or two squares): a move.
            Event::Bounced { turned_at, to, .. } if to == turned_at => {
                moves.step = Some((Step::Went, to));
            }
            Event::Bounced { to, .. } => moves.step = Some((Step::Bounced, to)),
            Event::StayedPut { square, .. } => moves.step = Some((Step::Stayed, square)),
            Event::Bumped { player, to, .. } => moves.bumped.push((player, to)),
            Event::Rolled { .. }
            | Event::ExtraRoll { .. }
            | Event::Won { .. }
            | Event::TurnPassed { .. } => {}
        }
    }
    players
}

impl Narrator {
    /// The lines `listener` hears now of `events` (one roll's events, or several in order).
    ///
    /// A spectator hears every line of [`Narrator::events`]. A player hears each of their own
    /// rolls in one sentence ("You rolled a 4 and went to 26.", brief "4: went to 26."), without
    /// the line naming who rolls next nor the one saying they won (the table's news of the
    /// finish says it, with the count of turns); the other players' moves wait for the turn to come back
    /// to them and are then told in one line ending "Your turn." (or, when someone else wins
    /// first, in one line before the news of the finish). That line covers every move since
    /// the player's last roll: `earlier` is the game's events before `events`, of which only
    /// those after the player's last roll are read (from the end).
    ///
    /// ```
    /// use snakes::Event;
    /// use snakes_text::{Listener, Narrator};
    /// let narrator = Narrator::new(vec!["Ana".into(), "Bot 1".into(), "Bot 2".into()]);
    /// let ana = [
    ///     Event::Rolled { player: 0, roll: 4 },
    ///     Event::Moved { player: 0, from: 10, to: 14 },
    ///     Event::TurnPassed { player: 1 },
    /// ];
    /// let bot_1 = [
    ///     Event::Rolled { player: 1, roll: 5 },
    ///     Event::Moved { player: 1, from: 20, to: 25 },
    ///     Event::TurnPassed { player: 2 },
    /// ];
    /// let bot_2 = [
    ///     Event::Rolled { player: 2, roll: 2 },
    ///     Event::Moved { player: 2, from: 14, to: 16 },
    ///     Event::Slid { player: 2, from: 16, to: 6 },
    ///     Event::TurnPassed { player: 0 },
    /// ];
    /// let you = Listener::Player(0);
    /// assert_eq!(narrator.heard([], &ana, you, false), ["You rolled a 4 and went to 14."]);
    /// assert!(narrator.heard(ana, &bot_1, you, false).is_empty());
    /// let earlier = ana.into_iter().chain(bot_1);
    /// assert_eq!(
    ///     narrator.heard(earlier, &bot_2, you, false),
    ///     ["Bot 1 went to 25, Bot 2 slid to 6. Your turn."]
    /// );
    /// ```
    pub fn heard<I>(
        &self,
        earlier: I,
        events: &[Event],
        listener: Listener,
        brief: bool,
    ) -> Vec<String>
    where
        I: IntoIterator<Item = Event>,
        I::IntoIter: DoubleEndedIterator,
    {
        let Listener::Player(me) = listener else {
            return self.events(events, listener, brief);
        };
        let is_my_roll = |e: &Event| matches!(e, Event::Rolled { player, .. } if *player == me);
        // The others' events since my last roll (mine among them are skipped when told).
        let mut others: Vec<Event> = earlier
            .into_iter()
            .rev()
            .take_while(|e| !is_my_roll(e))
            .collect();
        others.reverse();
        let mut lines = Vec::new();
        let mut own: Vec<Event> = Vec::new();
        let mut mine = false;
        for &event in events {
            if let Event::Rolled { player, .. } = event {
                if mine {
                    lines.extend(self.own_roll(&own, me, brief));
                    own.clear();
                }
                mine = player == me;
                if mine {
                    others.clear();
                }
            }
            if mine {
                own.push(event);
                continue;
            }
            match event {
                Event::TurnPassed { player } if player == me => {
                    lines.push(self.catch_up(&others, me, "catch-up-your-turn"));
                    others.clear();
                }
                Event::Won { player, .. } if player != me => {
                    others.push(event);
                    lines.push(self.catch_up(&others, me, "catch-up-game-over"));
                    others.clear();
                }
                _ => others.push(event),
            }
        }
        lines.extend(self.own_roll(&own, me, brief));
        lines
    }

    /// One roll of player `me` (its events from the roll on), as they hear it: one sentence
    /// for the move, then the six rule (the win is the news of the finish); who rolls next is told by that player's
    /// move, or by "Your turn". A roll that stays put keeps its full sentence, which says why.
    fn own_roll(&self, events: &[Event], me: Player, brief: bool) -> Vec<String> {
        let told: Vec<Event> = events
            .iter()
            .filter(|e| !matches!(e, Event::TurnPassed { .. }))
            .copied()
            .collect();
        let roll = told.iter().find_map(|e| match e {
            Event::Rolled { roll, .. } => Some(*roll),
            _ => None,
        });
        let stayed = told.iter().any(|e| matches!(e, Event::StayedPut { .. }));
        let moves = tally(&told, Whose::Mine(me));
        let (Some(roll), false, [only]) = (roll, stayed, moves.as_slice()) else {
            return self.events(&told, Listener::Player(me), brief);
        };
        let Some(clause) = self.move_clause(only, Some(me)) else {
            return self.events(&told, Listener::Player(me), brief);
        };
        let id = if brief {
            "heard-own-roll-brief"
        } else {
            "heard-own-roll"
        };
        let mut lines = vec![self.message(id, &[("roll", roll.into()), ("move", clause.into())])];
        // A win is told by the news of the finish that follows (who won, after how many
        // turns): one sentence for the winner, not two.
        let after: Vec<Event> = told
            .iter()
            .filter(|e| matches!(e, Event::ExtraRoll { .. }))
            .copied()
            .collect();
        lines.extend(self.events(&after, Listener::Player(me), brief));
        lines
    }

    /// One line of the other players' moves in `events`, seen by player `me`, with the message
    /// `id` around them; "Your turn." alone when nobody else moved.
    fn catch_up(&self, events: &[Event], me: Player, id: &str) -> String {
        let Some(moves) = self.moves_line(events, Whose::Others(me), Listener::Player(me)) else {
            let turn = [Event::TurnPassed { player: me }];
            return self.sentences(self.events(&turn, Listener::Player(me), false));
        };
        self.message(id, &[("moves", moves.into())])
    }

    /// The moves of the players `whose` in `events`, one clause each, joined: "Bot 1 went to
    /// 25, you slid to 6"; `None` when none of them moved.
    fn moves_line(&self, events: &[Event], whose: Whose, listener: Listener) -> Option<String> {
        let me = match listener {
            Listener::Player(p) => Some(p),
            Listener::Spectator => None,
        };
        let clauses = tally(events, whose).into_iter().filter_map(|m| {
            let clause = self.move_clause(&m, me)?;
            let name = self.person(m.player, listener);
            Some(self.message(
                "catch-up-move",
                &[("name", MessageArg::from(name)), ("move", clause.into())],
            ))
        });
        self.join("clause-join", clauses.collect::<Vec<_>>())
    }

    /// What happened in `events` while `listener` was away (their page closed or without a
    /// connection), in one line: "While you were away: Bot 1 went to 25, Bot 2 slid to 11.";
    /// `None` when nobody moved. Their own moves (a bot played for them, the turn timer rolled)
    /// are in it too.
    ///
    /// ```
    /// use snakes::Event;
    /// use snakes_text::{Listener, Narrator};
    /// let narrator = Narrator::new(vec!["Ana".into(), "Bot 1".into(), "Bot 2".into()]);
    /// let missed = [
    ///     Event::Rolled { player: 1, roll: 5 },
    ///     Event::Moved { player: 1, from: 20, to: 25 },
    ///     Event::TurnPassed { player: 2 },
    ///     Event::Rolled { player: 2, roll: 2 },
    ///     Event::Moved { player: 2, from: 29, to: 31 },
    ///     Event::TurnPassed { player: 0 },
    /// ];
    /// assert_eq!(
    ///     narrator.while_away(&missed, Listener::Player(0)).unwrap(),
    ///     "While you were away: Bot 1 went to 25, Bot 2 went to 31."
    /// );
    /// ```
    pub fn while_away(&self, events: &[Event], listener: Listener) -> Option<String> {
        let moves = self.moves_line(events, Whose::All, listener)?;
        Some(self.message("catch-up-away", &[("moves", moves.into())]))
    }

    /// Where one player's moves took them, and whom they sent back: "went to 14 and sent you
    /// back off the board"; `None` for a player who did not move.
    fn move_clause(&self, m: &Moves, me: Option<Player>) -> Option<String> {
        let (step, to) = m.step?;
        let mut clause = self.message(
            "move-clause",
            &[("step", step.name().into()), ("to", to.into())],
        );
        for &(victim, to) in &m.bumped {
            let you = if Some(victim) == me { "you" } else { "other" };
            clause = self.message(
                "move-bump",
                &[
                    ("move", clause.into()),
                    ("you", you.into()),
                    ("victim", self.name(victim).into()),
                    ("to", to.into()),
                ],
            );
        }
        Some(clause)
    }

    /// What taking a seat at table `table` as its host means: the seat (from 0) and how many
    /// seats are still free for people ("Table 3: you are the host, seat 1; Tab to Start the
    /// game when others have joined.").
    pub fn seated_host(&self, table: u64, seat: usize, free: usize) -> String {
        self.message(
            "seated-host",
            &[
                ("table", i64::try_from(table).unwrap_or(i64::MAX).into()),
                ("seat", (seat + 1).into()),
                ("free", free.into()),
            ],
        )
    }

    /// What taking seat `seat` (from 0) at someone else's table `table` means.
    pub fn seated_joined(&self, table: u64, seat: usize) -> String {
        self.message(
            "seated-joined",
            &[
                ("table", i64::try_from(table).unwrap_or(i64::MAX).into()),
                ("seat", (seat + 1).into()),
            ],
        )
    }

    /// The keys of the board page as they work now ([`Narrator::key_help`]: once the game is
    /// `over`, without rolling and looking ahead, which no longer do anything; J first while a
    /// bot plays the listener's seat since they `left`), then what to do when a screen reader
    /// keeps a key for itself.
    pub fn page_help(&self, over: bool, left: bool) -> Vec<String> {
        let mut lines = self.key_help(crate::keys::Interface::Page, over, left);
        lines.push(self.message("help-screen-reader", &[]));
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn narrator() -> Narrator {
        Narrator::new(vec!["Ana".into(), "Bot 1".into(), "Bot 2".into()])
    }

    const ANA: Listener = Listener::Player(0);

    #[test]
    fn a_spectator_hears_every_line() {
        let events = [
            Event::Rolled { player: 1, roll: 3 },
            Event::Moved {
                player: 1,
                from: 4,
                to: 7,
            },
            Event::TurnPassed { player: 2 },
        ];
        let n = narrator();
        assert_eq!(
            n.heard([], &events, Listener::Spectator, false),
            n.events(&events, Listener::Spectator, false)
        );
    }

    #[test]
    fn your_own_roll_is_told_without_who_rolls_next() {
        let events = [
            Event::Rolled { player: 0, roll: 1 },
            Event::Entered {
                player: 0,
                square: 1,
            },
            Event::Climbed {
                player: 0,
                from: 1,
                to: 38,
            },
            Event::TurnPassed { player: 1 },
        ];
        assert_eq!(
            narrator().heard([], &events, ANA, false),
            ["You rolled a 1 and climbed to 38."]
        );
        assert_eq!(
            narrator().heard([], &events, ANA, true),
            ["1: climbed to 38."]
        );
    }

    #[test]
    fn your_own_bump_six_win_and_stay() {
        let n = narrator();
        let bump_and_again = [
            Event::Rolled { player: 0, roll: 6 },
            Event::Moved {
                player: 0,
                from: 8,
                to: 14,
            },
            Event::Bumped {
                player: 1,
                by: 0,
                from: 14,
                to: 0,
            },
            Event::ExtraRoll { player: 0 },
            Event::Rolled { player: 0, roll: 2 },
            Event::Moved {
                player: 0,
                from: 14,
                to: 16,
            },
            Event::Slid {
                player: 0,
                from: 16,
                to: 6,
            },
            Event::TurnPassed { player: 1 },
        ];
        assert_eq!(
            n.heard([], &bump_and_again, ANA, false),
            [
                "You rolled a 6 and went to 14 and sent Bot 1 back off the board.",
                "You roll again.",
                "You rolled a 2 and slid to 6."
            ]
        );
        let win = [
            Event::Rolled { player: 0, roll: 3 },
            Event::Moved {
                player: 0,
                from: 97,
                to: 100,
            },
            Event::Won {
                player: 0,
                square: 100,
            },
        ];
        // The win itself is the news of the finish that follows (`table_news`).
        assert_eq!(
            n.heard([], &win, ANA, false),
            ["You rolled a 3 and went to 100."]
        );
        // Staying put keeps the sentence that says why.
        let stay = [
            Event::Rolled { player: 0, roll: 5 },
            Event::StayedPut {
                player: 0,
                square: 97,
                reason: snakes::StayReason::Overshoot,
            },
            Event::TurnPassed { player: 1 },
        ];
        assert_eq!(
            n.heard([], &stay, ANA, false),
            ["You rolled a 5 and stayed on 97: the roll would go past the last square."]
        );
    }

    #[test]
    fn the_others_moves_come_in_one_line_with_your_turn() {
        // Bot 1 rolls a six, enters, rolls again and climbs; Bot 2 lands on Ana and sends her
        // back; the turn comes back to Ana.
        let earlier = [
            Event::Rolled { player: 0, roll: 2 },
            Event::Moved {
                player: 0,
                from: 12,
                to: 14,
            },
            Event::TurnPassed { player: 1 },
            Event::Rolled { player: 1, roll: 6 },
            Event::Entered {
                player: 1,
                square: 6,
            },
            Event::ExtraRoll { player: 1 },
            Event::Rolled { player: 1, roll: 3 },
            Event::Moved {
                player: 1,
                from: 6,
                to: 9,
            },
            Event::Climbed {
                player: 1,
                from: 9,
                to: 31,
            },
            Event::TurnPassed { player: 2 },
        ];
        let now = [
            Event::Rolled { player: 2, roll: 4 },
            Event::Moved {
                player: 2,
                from: 10,
                to: 14,
            },
            Event::Bumped {
                player: 0,
                by: 2,
                from: 14,
                to: 0,
            },
            Event::TurnPassed { player: 0 },
        ];
        let n = narrator();
        assert!(
            n.heard([], &earlier[3..], ANA, false).is_empty(),
            "nothing until your turn"
        );
        assert_eq!(
            n.heard(earlier, &now, ANA, false),
            ["Bot 1 climbed to 31, Bot 2 went to 14 and sent you back off the board. Your turn."]
        );
        // Only what came after your last roll: an older roll of Bot 2 is not told again.
        let older = [
            Event::Rolled { player: 2, roll: 5 },
            Event::Moved {
                player: 2,
                from: 0,
                to: 5,
            },
            Event::TurnPassed { player: 0 },
        ];
        let all: Vec<Event> = older.into_iter().chain(earlier).collect();
        assert_eq!(
            n.heard(all, &now, ANA, true),
            n.heard(earlier, &now, ANA, true)
        );
    }

    #[test]
    fn staying_put_bouncing_and_sliding() {
        let events = [
            Event::Rolled { player: 1, roll: 4 },
            Event::StayedPut {
                player: 1,
                square: 0,
                reason: snakes::StayReason::NeedSix,
            },
            Event::TurnPassed { player: 2 },
            Event::Rolled { player: 2, roll: 5 },
            Event::Bounced {
                player: 2,
                from: 97,
                turned_at: 100,
                to: 98,
            },
            Event::Slid {
                player: 2,
                from: 98,
                to: 79,
            },
            Event::TurnPassed { player: 0 },
        ];
        assert_eq!(
            narrator().heard([], &events, ANA, false),
            ["Bot 1 stayed off the board, Bot 2 slid to 79. Your turn."]
        );
        let bounce = [
            Event::Rolled { player: 1, roll: 5 },
            Event::Bounced {
                player: 1,
                from: 97,
                turned_at: 100,
                to: 98,
            },
            Event::TurnPassed { player: 0 },
        ];
        assert_eq!(
            narrator().heard([], &bounce, ANA, false),
            ["Bot 1 bounced back to 98. Your turn."]
        );
    }

    #[test]
    fn another_players_win_is_told_with_the_moves_before_it() {
        let events = [
            Event::Rolled { player: 1, roll: 2 },
            Event::Moved {
                player: 1,
                from: 40,
                to: 42,
            },
            Event::TurnPassed { player: 2 },
            Event::Rolled { player: 2, roll: 3 },
            Event::Moved {
                player: 2,
                from: 97,
                to: 100,
            },
            Event::Won {
                player: 2,
                square: 100,
            },
        ];
        assert_eq!(
            narrator().heard([], &events, ANA, false),
            ["Bot 1 went to 42, Bot 2 went to 100."]
        );
    }

    #[test]
    fn your_turn_alone_when_nobody_else_moved() {
        let events = [Event::TurnPassed { player: 0 }];
        assert_eq!(narrator().heard([], &events, ANA, false), ["Your turn."]);
    }

    #[test]
    fn seats_and_help() {
        let n = narrator();
        assert_eq!(
            n.seated_host(3, 0, 2),
            "Table 3: you are the host, seat 1; Tab to Start the game when others have joined."
        );
        assert_eq!(
            n.seated_host(3, 0, 0),
            "Table 3: you are the host, seat 1; Tab to Start the game."
        );
        assert_eq!(
            n.seated_joined(12, 1),
            "Table 12: you took seat 2; the host starts the game."
        );
        let help = n.page_help(false, false);
        assert_eq!(
            help[..help.len() - 1],
            n.key_help(crate::keys::Interface::Page, false, false)
        );
        // After the game, R and L do nothing: H does not offer them.
        let over = n.page_help(true, false);
        assert_eq!(over.len(), help.len() - 2);
        assert!(
            !over
                .iter()
                .any(|l| l.starts_with("R or Space") || l.starts_with("L:"))
        );
        // A bot plays the seat since its person left: the way back comes first.
        let left = n.page_help(false, true);
        assert_eq!(
            left[0],
            "J: take your seat back from the bot that plays it since you left."
        );
        assert_eq!(left[1..], help[..]);
        assert!(help[help.len() - 1].contains("Insert+A in Orca"));
    }
}
