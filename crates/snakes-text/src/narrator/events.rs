//! What happened in a game, one line per announcement (`events.ftl`): a roll with the move it
//! made and the ladder or snake at its end in one sentence, then bumps, extra rolls and the
//! turn, in full or in brief. The win is told by the news of the finish
//! ([`Narrator::table_news`]), once, with the game's length.

use snakes::{Event, StayReason};

use super::{Listener, Narrator, Player};

/// Whether `event` is the first step of a move (what a roll did before any jump).
fn is_advance(event: &Event) -> bool {
    matches!(
        event,
        Event::Entered { .. }
            | Event::Moved { .. }
            | Event::Bounced { .. }
            | Event::StayedPut { .. }
    )
}

/// A ladder or snake taken by `player`: its kind ("climbed" or "slid"), foot and end.
fn jump_of(event: Option<&Event>, player: Player) -> Option<(&'static str, u32, u32)> {
    match *event? {
        Event::Climbed {
            player: p,
            from,
            to,
        } if p == player => Some(("climbed", from, to)),
        Event::Slid {
            player: p,
            from,
            to,
        } if p == player => Some(("slid", from, to)),
        _ => None,
    }
}

/// `event` as it is told: a bounce that ends back on the last square (on a board of one or two
/// squares, where a big roll turns at both ends) is told as the move onto it that it is, not as
/// "reached 1 and bounced back to 1".
fn as_heard(event: Event) -> Event {
    match event {
        Event::Bounced {
            player,
            from,
            turned_at,
            to,
        } if to == turned_at => {
            if from == 0 {
                Event::Entered { player, square: to }
            } else {
                Event::Moved { player, from, to }
            }
        }
        e => e,
    }
}

impl Narrator {
    /// One line per announcement for `events` (typically those of one roll), as heard by
    /// `listener`: a roll, its move and the ladder or snake at the end of it in one sentence
    /// ("Ana rolled a 6 and climbed the ladder at 28 to 84."), then a bump, an extra roll and
    /// whose turn it is. `brief` gives one short line per roll ("Ana, 6: ladder 28 to 84.").
    /// A win gives no line here: the news of the finish tells it, with the game's length.
    pub fn events(&self, events: &[Event], listener: Listener, brief: bool) -> Vec<String> {
        let events: Vec<Event> = events.iter().map(|&e| as_heard(e)).collect();
        if brief {
            self.brief_events(&events, listener)
        } else {
            self.full_events(&events, listener)
        }
    }

    /// Every roll in one sentence: a walk over the events that gathers each roll with the moves
    /// that follow it, one arm per kind of move; long as the list of kinds is.
    fn full_events(&self, events: &[Event], listener: Listener) -> Vec<String> {
        let mut lines = Vec::new();
        let mut i = 0;
        while i < events.len() {
            let event = events[i];
            i += 1;
            let Event::Rolled { player, roll } = event else {
                lines.extend(self.event_line(event, listener));
                continue;
            };
            let mut args = self.who(player, listener);
            args.push(("roll", roll.into()));
            let next = events
                .get(i)
                .filter(|e| e.player() == player && is_advance(e))
                .copied();
            if next.is_some() {
                i += 1;
            }
            // The ladder or snake at the end of the move belongs to the same sentence.
            let jump = match next {
                Some(Event::StayedPut { .. }) | None => None,
                Some(_) => jump_of(events.get(i), player),
            };
            if let Some((kind, _, end)) = jump {
                i += 1;
                args.push(("jump", kind.into()));
                args.push(("to", end.into()));
            }
            let id = match (next, jump) {
                (Some(Event::Entered { .. } | Event::Moved { .. }), Some((_, foot, _))) => {
                    args.push(("from", foot.into()));
                    "rolled-jumped"
                }
                (Some(Event::Entered { square, .. }), None) => {
                    args.push(("to", square.into()));
                    "rolled-entered"
                }
                (Some(Event::Moved { from, to, .. }), None) => {
                    args.push(("from", from.into()));
                    args.push(("to", to.into()));
                    "rolled-moved"
                }
                (
                    Some(Event::Bounced {
                        from,
                        turned_at,
                        to,
                        ..
                    }),
                    jump,
                ) => {
                    args.push(("last", turned_at.into()));
                    match (from == 0, jump.is_some()) {
                        (false, false) => {
                            args.push(("to", to.into()));
                            "rolled-bounced"
                        }
                        (true, false) => {
                            args.push(("to", to.into()));
                            "rolled-entered-bounced"
                        }
                        (false, true) => {
                            args.push(("from", to.into()));
                            "rolled-bounced-jumped"
                        }
                        (true, true) => {
                            args.push(("from", to.into()));
                            "rolled-entered-bounced-jumped"
                        }
                    }
                }
                (Some(Event::StayedPut { square, reason, .. }), _) => {
                    args.push(("from", square.into()));
                    args.push(("top", self.die.into()));
                    match reason {
                        StayReason::Overshoot => "rolled-stayed-overshoot",
                        StayReason::NeedSix => "rolled-stayed-need-six",
                    }
                }
                _ => "rolled",
            };
            lines.push(self.say(id, args));
        }
        lines
    }

    /// The sentence of one event told on its own; none for a win (see [`Narrator::events`]).
    fn event_line(&self, event: Event, listener: Listener) -> Option<String> {
        let mut args = self.who(event.player(), listener);
        let id = match event {
            Event::Rolled { roll, .. } => {
                args.push(("roll", roll.into()));
                "rolled"
            }
            Event::Entered { square, .. } => {
                args.push(("to", square.into()));
                "entered"
            }
            Event::Moved { from, to, .. } => {
                args.push(("from", from.into()));
                args.push(("to", to.into()));
                "moved"
            }
            Event::Bounced { turned_at, to, .. } => {
                args.push(("last", turned_at.into()));
                args.push(("to", to.into()));
                "bounced"
            }
            Event::StayedPut { square, reason, .. } => {
                args.push(("from", square.into()));
                args.push(("top", self.die.into()));
                match reason {
                    StayReason::Overshoot => "stayed-overshoot",
                    StayReason::NeedSix => "stayed-need-six",
                }
            }
            Event::Climbed { from, to, .. } => {
                args.push(("from", from.into()));
                args.push(("to", to.into()));
                "climbed"
            }
            Event::Slid { from, to, .. } => {
                args.push(("from", from.into()));
                args.push(("to", to.into()));
                "slid"
            }
            Event::Bumped { by, from, to, .. } => {
                let by_you = if listener == Listener::Player(by) {
                    "you"
                } else {
                    "other"
                };
                args.push(("by_you", by_you.into()));
                args.push(("by", self.name(by).into()));
                args.push(("square", from.into()));
                args.push(("to", to.into()));
                "bumped"
            }
            Event::ExtraRoll { .. } => "extra-roll",
            Event::Won { .. } => return None,
            Event::TurnPassed { .. } => "turn-passed",
        };
        Some(self.say(id, args))
    }

    /// One short line per roll: the same walk as [`Narrator::full_events`], with its own words,
    /// one arm per kind of move.
    fn brief_events(&self, events: &[Event], listener: Listener) -> Vec<String> {
        struct Group {
            player: Player,
            roll: Option<u8>,
            parts: Vec<String>,
        }
        let mut lines = Vec::new();
        let mut group: Option<Group> = None;
        let flush = |group: &mut Option<Group>, lines: &mut Vec<String>| {
            if let Some(g) = group.take() {
                let mut args = self.who(g.player, listener);
                let parts = self.join("brief-list-join", g.parts);
                args.push(("parts", parts.unwrap_or_default().into()));
                let id = match g.roll {
                    Some(roll) => {
                        args.push(("roll", roll.into()));
                        "brief-roll"
                    }
                    None => "brief-no-roll",
                };
                lines.push(self.say(id, args));
            }
        };
        for (i, &event) in events.iter().enumerate() {
            let actor = match event {
                Event::Bumped { by, .. } => by,
                other => other.player(),
            };
            match event {
                Event::Rolled { player, roll } => {
                    flush(&mut group, &mut lines);
                    group = Some(Group {
                        player,
                        roll: Some(roll),
                        parts: Vec::new(),
                    });
                    continue;
                }
                Event::TurnPassed { player } => {
                    flush(&mut group, &mut lines);
                    lines.push(self.say("brief-turn-passed", self.who(player, listener)));
                    continue;
                }
                Event::Won { .. } => continue,
                // A plain move that ends on a ladder or snake is told by the jump alone
                // ("ladder 28 to 84"), which names where the move ended.
                Event::Entered { player, .. } | Event::Moved { player, .. }
                    if jump_of(events.get(i + 1), player).is_some() =>
                {
                    if group.as_ref().is_none_or(|g| g.player != player) {
                        flush(&mut group, &mut lines);
                        group = Some(Group {
                            player,
                            roll: None,
                            parts: Vec::new(),
                        });
                    }
                    continue;
                }
                _ => {}
            }
            if group.as_ref().is_none_or(|g| g.player != actor) {
                flush(&mut group, &mut lines);
                group = Some(Group {
                    player: actor,
                    roll: None,
                    parts: Vec::new(),
                });
            }
            let after_plain_move = i
                .checked_sub(1)
                .and_then(|p| events.get(p))
                .is_some_and(|e| matches!(e, Event::Entered { .. } | Event::Moved { .. }));
            let part = self.brief_part(event, listener, after_plain_move);
            if let Some(g) = group.as_mut() {
                g.parts.push(part);
            }
        }
        flush(&mut group, &mut lines);
        lines
    }

    /// One part of a brief line; a jump names its foot only after a plain move, whose part it
    /// replaces (`after_plain_move`).
    fn brief_part(&self, event: Event, listener: Listener, after_plain_move: bool) -> String {
        let mut args = self.who(event.player(), listener);
        let id = match event {
            Event::Entered { square, .. } => {
                args.push(("to", square.into()));
                "brief-entered"
            }
            Event::Moved { from, to, .. } => {
                args.push(("from", from.into()));
                args.push(("to", to.into()));
                "brief-moved"
            }
            Event::Climbed { from, to, .. } | Event::Slid { from, to, .. } => {
                args.push(("from", from.into()));
                args.push(("to", to.into()));
                match (matches!(event, Event::Climbed { .. }), after_plain_move) {
                    (true, true) => "brief-climbed",
                    (true, false) => "brief-climbed-on",
                    (false, true) => "brief-slid",
                    (false, false) => "brief-slid-on",
                }
            }
            Event::Bounced {
                from,
                turned_at,
                to,
                ..
            } => {
                args.push(("from", from.into()));
                args.push(("last", turned_at.into()));
                args.push(("to", to.into()));
                if from == 0 {
                    "brief-entered-bounced"
                } else {
                    "brief-bounced"
                }
            }
            Event::StayedPut { square, reason, .. } => {
                args.push(("from", square.into()));
                args.push(("top", self.die.into()));
                match reason {
                    StayReason::Overshoot => "brief-stayed-overshoot",
                    StayReason::NeedSix => "brief-stayed-need-six",
                }
            }
            Event::Bumped { by, to, .. } => {
                args.push(("by", self.name(by).into()));
                args.push(("to", to.into()));
                "brief-bumped"
            }
            Event::ExtraRoll { .. } => "brief-extra-roll",
            // Rolls, turns and the win are not parts (see `brief_events`).
            Event::Rolled { roll, .. } => {
                args.push(("roll", roll.into()));
                "a-roll"
            }
            Event::Won { .. } | Event::TurnPassed { .. } => "brief-turn-passed",
        };
        self.say(id, args)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;
    use snakes::Rules;

    fn full(events: &[Event], listener: Listener) -> Vec<String> {
        classic_narrator().events(events, listener, false)
    }

    fn brief(events: &[Event], listener: Listener) -> Vec<String> {
        classic_narrator().events(events, listener, true)
    }

    #[test]
    fn roll_and_move() {
        let e = [
            Event::Rolled { player: 0, roll: 4 },
            Event::Moved {
                player: 0,
                from: 10,
                to: 14,
            },
            Event::TurnPassed { player: 1 },
        ];
        assert_eq!(
            full(&e, ANA),
            ["You rolled a 4 and moved from 10 to 14.", "Bo's turn."]
        );
        assert_eq!(
            full(&e, BO),
            ["Ana rolled a 4 and moved from 10 to 14.", "Your turn."]
        );
        assert_eq!(
            full(&e, SPECTATOR)[0],
            "Ana rolled a 4 and moved from 10 to 14."
        );
        assert_eq!(brief(&e, ANA), ["4: 10 to 14.", "Bo's turn."]);
        assert_eq!(brief(&e, SPECTATOR), ["Ana, 4: 10 to 14.", "Bo's turn."]);
    }

    #[test]
    fn a_ladder_at_the_end_of_a_move_is_in_the_same_sentence() {
        let e = [
            Event::Rolled { player: 1, roll: 1 },
            Event::Entered {
                player: 1,
                square: 1,
            },
            Event::Climbed {
                player: 1,
                from: 1,
                to: 38,
            },
            Event::TurnPassed { player: 2 },
        ];
        assert_eq!(
            full(&e, BO),
            [
                "You rolled a 1 and climbed the ladder at 1 to 38.",
                "Cy's turn."
            ]
        );
        assert_eq!(
            full(&e, ANA),
            [
                "Bo rolled a 1 and climbed the ladder at 1 to 38.",
                "Cy's turn."
            ]
        );
        assert_eq!(brief(&e, BO), ["1: ladder 1 to 38.", "Cy's turn."]);
        assert_eq!(brief(&e, SPECTATOR)[0], "Bo, 1: ladder 1 to 38.");
        let e = [
            Event::Rolled { player: 0, roll: 6 },
            Event::Moved {
                player: 0,
                from: 22,
                to: 28,
            },
            Event::Climbed {
                player: 0,
                from: 28,
                to: 84,
            },
        ];
        assert_eq!(
            full(&e, ANA),
            ["You rolled a 6 and climbed the ladder at 28 to 84."]
        );
        assert_eq!(brief(&e, ANA), ["6: ladder 28 to 84."]);
    }

    #[test]
    fn snake_and_articles() {
        let e = [
            Event::Rolled { player: 2, roll: 8 },
            Event::Moved {
                player: 2,
                from: 39,
                to: 47,
            },
            Event::Slid {
                player: 2,
                from: 47,
                to: 26,
            },
        ];
        assert_eq!(
            full(&e, Listener::Player(2)),
            ["You rolled an 8 and slid down the snake at 47 to 26."]
        );
        assert_eq!(
            full(&e, ANA),
            ["Cy rolled an 8 and slid down the snake at 47 to 26."]
        );
        assert_eq!(brief(&e, ANA), ["Cy, 8: snake 47 to 26."]);
        let n = narrator();
        for (roll, said) in [(11, "an 11"), (18, "an 18"), (1, "a 1"), (20, "a 20")] {
            let line = &n.events(&[Event::Rolled { player: 0, roll }], SPECTATOR, false)[0];
            assert_eq!(line, &format!("Ana rolled {said}."));
        }
    }

    #[test]
    fn bounce_names_the_last_square_and_where_it_ended_never_the_overshoot() {
        let e = [
            Event::Rolled { player: 0, roll: 5 },
            Event::Bounced {
                player: 0,
                from: 98,
                turned_at: 100,
                to: 97,
            },
            Event::TurnPassed { player: 1 },
        ];
        let expected_you = "You rolled a 5, reached 100 and bounced back to 97.";
        let expected_ana = "Ana rolled a 5, reached 100 and bounced back to 97.";
        assert_eq!(full(&e, ANA)[0], expected_you);
        assert_eq!(full(&e, BO)[0], expected_ana);
        assert_eq!(brief(&e, ANA)[0], "5: 98 to 100, back to 97.");
        for line in full(&e, SPECTATOR).iter().chain(&brief(&e, SPECTATOR)) {
            assert!(!line.contains("103"), "{line}");
        }
        // The square named is the one the event says the count turned on, with or without its
        // roll: on a 36-square board, 34 + 5 turns on 36.
        let alone = [Event::Bounced {
            player: 1,
            from: 34,
            turned_at: 36,
            to: 33,
        }];
        assert_eq!(
            narrator().events(&alone, SPECTATOR, false),
            ["Bo reached 36 and bounced back to 33."]
        );
        assert_eq!(full(&alone, BO), ["You reached 36 and bounced back to 33."]);
        assert_eq!(brief(&alone, SPECTATOR), ["Bo: 34 to 36, back to 33."]);
    }

    #[test]
    fn a_bounce_onto_a_snake_and_jumps_that_chain() {
        let e = [
            Event::Rolled { player: 0, roll: 5 },
            Event::Bounced {
                player: 0,
                from: 97,
                turned_at: 100,
                to: 98,
            },
            Event::Slid {
                player: 0,
                from: 98,
                to: 78,
            },
        ];
        assert_eq!(
            full(&e, BO),
            ["Ana rolled a 5, reached 100, bounced back to 98 and slid down the snake to 78."]
        );
        assert_eq!(
            brief(&e, BO),
            ["Ana, 5: 97 to 100, back to 98, snake to 78."]
        );
        // Entering and bouncing on a tiny board, then a ladder.
        let e = [
            Event::Rolled { player: 1, roll: 6 },
            Event::Bounced {
                player: 1,
                from: 0,
                turned_at: 4,
                to: 2,
            },
            Event::Climbed {
                player: 1,
                from: 2,
                to: 3,
            },
        ];
        assert_eq!(
            full(&e, BO),
            [
                "You rolled a 6, entered the board, reached 4, bounced back to 2 and climbed the ladder to 3."
            ]
        );
        assert_eq!(brief(&e, BO), ["6: in to 4, back to 2, ladder to 3."]);
        // Under chained jumps, a second jump is a sentence of its own.
        let e = [
            Event::Rolled { player: 2, roll: 3 },
            Event::Moved {
                player: 2,
                from: 1,
                to: 4,
            },
            Event::Climbed {
                player: 2,
                from: 4,
                to: 14,
            },
            Event::Slid {
                player: 2,
                from: 14,
                to: 7,
            },
        ];
        assert_eq!(
            full(&e, ANA),
            [
                "Cy rolled a 3 and climbed the ladder at 4 to 14.",
                "Cy slid down the snake at 14 to 7."
            ]
        );
        assert_eq!(brief(&e, ANA), ["Cy, 3: ladder 4 to 14, snake to 7."]);
    }

    #[test]
    fn staying_put_is_told_in_the_past_and_says_why() {
        let over = [
            Event::Rolled { player: 0, roll: 5 },
            Event::StayedPut {
                player: 0,
                square: 98,
                reason: StayReason::Overshoot,
            },
        ];
        assert_eq!(
            full(&over, ANA),
            ["You rolled a 5 and stayed on 98: the roll would go past the last square."]
        );
        assert_eq!(
            full(&over, BO),
            ["Ana rolled a 5 and stayed on 98: the roll would go past the last square."]
        );
        assert_eq!(brief(&over, BO), ["Ana, 5: stays on 98, too far."]);
        // On a board shorter than the six that enters, a token can stay off the board too.
        let off = [
            Event::Rolled { player: 0, roll: 6 },
            Event::StayedPut {
                player: 0,
                square: 0,
                reason: StayReason::Overshoot,
            },
        ];
        assert_eq!(
            full(&off, BO),
            ["Ana rolled a 6 and stayed off the board: the roll would go past the last square."]
        );
        assert_eq!(brief(&off, BO), ["Ana, 6: stays off, too far."]);
        let six = [
            Event::Rolled { player: 1, roll: 3 },
            Event::StayedPut {
                player: 1,
                square: 0,
                reason: StayReason::NeedSix,
            },
        ];
        assert_eq!(
            full(&six, BO),
            ["You rolled a 3 and stayed off the board: it takes a 6 to enter."]
        );
        assert_eq!(
            full(&six, ANA),
            ["Bo rolled a 3 and stayed off the board: it takes a 6 to enter."]
        );
        let eight = narrator().with_rules(&Rules::STANDARD.with_die(8).unwrap());
        assert_eq!(
            eight.events(&six, SPECTATOR, true),
            ["Bo, 3: stays off, needs an 8."]
        );
    }

    #[test]
    fn bump_extra_roll_and_win() {
        let bump = [
            Event::Rolled { player: 0, roll: 3 },
            Event::Moved {
                player: 0,
                from: 27,
                to: 30,
            },
            Event::Bumped {
                player: 1,
                by: 0,
                from: 30,
                to: 0,
            },
            Event::TurnPassed { player: 1 },
        ];
        assert_eq!(
            full(&bump, ANA)[1],
            "You landed on Bo on square 30 and sent Bo back off the board."
        );
        assert_eq!(
            full(&bump, BO)[1],
            "Ana landed on you on square 30 and sent you back off the board."
        );
        assert_eq!(
            full(&bump, SPECTATOR)[1],
            "Ana landed on Bo on square 30 and sent Bo back off the board."
        );
        assert_eq!(brief(&bump, ANA)[0], "3: 27 to 30, bumps Bo off the board.");
        assert_eq!(
            brief(&bump, BO)[0],
            "Ana, 3: 27 to 30, bumps you off the board."
        );
        let to_one = [Event::Bumped {
            player: 2,
            by: 1,
            from: 30,
            to: 1,
        }];
        assert_eq!(
            full(&to_one, SPECTATOR),
            ["Bo landed on Cy on square 30 and sent Cy back to square 1."]
        );
        assert_eq!(brief(&to_one, SPECTATOR), ["Bo: bumps Cy to 1."]);

        let again = [
            Event::Rolled { player: 1, roll: 6 },
            Event::Moved {
                player: 1,
                from: 10,
                to: 16,
            },
            Event::Slid {
                player: 1,
                from: 16,
                to: 6,
            },
            Event::ExtraRoll { player: 1 },
        ];
        assert_eq!(
            full(&again, BO),
            [
                "You rolled a 6 and slid down the snake at 16 to 6.",
                "You roll again."
            ]
        );
        assert_eq!(full(&again, ANA)[1], "Bo rolls again.");
        assert_eq!(brief(&again, SPECTATOR), ["Bo, 6: snake 16 to 6, again."]);

        // The win is told by the news of the finish, once, with the game's length.
        let win = [
            Event::Rolled { player: 2, roll: 4 },
            Event::Moved {
                player: 2,
                from: 96,
                to: 100,
            },
            Event::Won {
                player: 2,
                square: 100,
            },
        ];
        assert_eq!(
            full(&win, Listener::Player(2)),
            ["You rolled a 4 and moved from 96 to 100."]
        );
        assert_eq!(full(&win, ANA), ["Cy rolled a 4 and moved from 96 to 100."]);
        assert_eq!(brief(&win, Listener::Player(2)), ["4: 96 to 100."]);
        assert_eq!(brief(&win, ANA), ["Cy, 4: 96 to 100."]);
    }

    #[test]
    fn events_told_alone() {
        let n = classic_narrator();
        let cases = [
            (
                Event::Entered {
                    player: 0,
                    square: 3,
                },
                "Ana entered the board on square 3.",
                "You entered the board on square 3.",
            ),
            (
                Event::Moved {
                    player: 0,
                    from: 3,
                    to: 7,
                },
                "Ana moved from 3 to 7.",
                "You moved from 3 to 7.",
            ),
            (
                Event::Climbed {
                    player: 0,
                    from: 4,
                    to: 14,
                },
                "Ana climbed the ladder at 4 to 14.",
                "You climbed the ladder at 4 to 14.",
            ),
            (
                Event::StayedPut {
                    player: 0,
                    square: 97,
                    reason: StayReason::Overshoot,
                },
                "Ana stayed on 97: the roll would go past the last square.",
                "You stayed on 97: the roll would go past the last square.",
            ),
            (
                Event::StayedPut {
                    player: 0,
                    square: 0,
                    reason: StayReason::NeedSix,
                },
                "Ana stayed off the board: it takes a 6 to enter.",
                "You stayed off the board: it takes a 6 to enter.",
            ),
            (Event::TurnPassed { player: 0 }, "Ana's turn.", "Your turn."),
        ];
        for (event, other, you) in cases {
            assert_eq!(n.events(&[event], BO, false), [other]);
            assert_eq!(n.events(&[event], ANA, false), [you]);
        }
        let won = [Event::Won {
            player: 0,
            square: 100,
        }];
        assert!(n.events(&won, ANA, false).is_empty());
        assert!(n.events(&won, ANA, true).is_empty());
    }

    #[test]
    fn a_bounce_back_onto_the_last_square_is_told_as_the_move_onto_it() {
        // A one-square board: a 4 from off the board turns at square 1 and ends on it.
        let entered = [
            Event::Rolled { player: 0, roll: 4 },
            Event::Bounced {
                player: 0,
                from: 0,
                turned_at: 1,
                to: 1,
            },
        ];
        assert_eq!(
            full(&entered, ANA),
            ["You rolled a 4 and entered the board on square 1."]
        );
        // Two squares: from 1, a 3 turns at 2, comes down to 1 and goes up to 2 again.
        let moved = [
            Event::Rolled { player: 1, roll: 3 },
            Event::Bounced {
                player: 1,
                from: 1,
                turned_at: 2,
                to: 2,
            },
        ];
        let said = full(&moved, ANA).join(" ");
        assert!(!said.contains("bounced"), "{said}");
        assert!(said.contains("from 1 to 2"), "{said}");
    }
}
