//! What happened in a game, one line per announcement (`events.ftl`): a roll with the move it
//! made, the jumps, bumps, extra rolls, the win and the turn, in full or in brief.

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

impl Narrator {
    /// One line per announcement for `events` (typically those of one roll), as heard by
    /// `listener`. `brief` gives one short line per roll ("Ana, 4: 10 to 14, ladder to 35.").
    pub fn events(&self, events: &[Event], listener: Listener, brief: bool) -> Vec<String> {
        if brief {
            self.brief_events(events, listener)
        } else {
            self.full_events(events, listener)
        }
    }

    fn full_events(&self, events: &[Event], listener: Listener) -> Vec<String> {
        let mut lines = Vec::new();
        let mut i = 0;
        while i < events.len() {
            let event = events[i];
            i += 1;
            if let Event::Rolled { player, roll } = event {
                let mut args = self.who(player, listener);
                args.push(("roll", roll.into()));
                let next = events
                    .get(i)
                    .filter(|e| e.player() == player && is_advance(e))
                    .copied();
                if next.is_some() {
                    i += 1;
                }
                let id = match next {
                    Some(Event::Entered { square, .. }) => {
                        args.push(("to", square.into()));
                        "rolled-entered"
                    }
                    Some(Event::Moved { from, to, .. }) => {
                        args.push(("from", from.into()));
                        args.push(("to", to.into()));
                        "rolled-moved"
                    }
                    Some(Event::Bounced {
                        from,
                        turned_at,
                        to,
                        ..
                    }) => {
                        args.push(("last", turned_at.into()));
                        args.push(("to", to.into()));
                        if from == 0 {
                            "rolled-entered-bounced"
                        } else {
                            "rolled-bounced"
                        }
                    }
                    Some(Event::StayedPut { square, reason, .. }) => {
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
            } else {
                lines.push(self.event_line(event, listener));
            }
        }
        lines
    }

    /// The sentence of one event told on its own.
    fn event_line(&self, event: Event, listener: Listener) -> String {
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
            Event::Won { square, .. } => {
                args.push(("square", square.into()));
                "won"
            }
            Event::TurnPassed { .. } => "turn-passed",
        };
        self.say(id, args)
    }

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
                let parts = g.parts.into_iter().reduce(|first, second| {
                    self.say(
                        "brief-list-join",
                        vec![("first", first.into()), ("second", second.into())],
                    )
                });
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
        for &event in events {
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
            let Some(g) = group.as_mut() else { continue };
            let part = self.brief_part(event, listener);
            g.parts.push(part);
        }
        flush(&mut group, &mut lines);
        lines
    }

    fn brief_part(&self, event: Event, listener: Listener) -> String {
        let mut args = self.who(event.player(), listener);
        let id = match event {
            Event::Entered { square, .. } => {
                args.push(("to", square.into()));
                "brief-entered"
            }
            Event::Moved { from, to, .. }
            | Event::Climbed { from, to, .. }
            | Event::Slid { from, to, .. } => {
                args.push(("from", from.into()));
                args.push(("to", to.into()));
                match event {
                    Event::Moved { .. } => "brief-moved",
                    Event::Climbed { .. } => "brief-climbed",
                    _ => "brief-slid",
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
            Event::Won { .. } => "brief-won",
            // Rolls and turns are lines of their own (see `brief_events`).
            Event::Rolled { roll, .. } => {
                args.push(("roll", roll.into()));
                "a-roll"
            }
            Event::TurnPassed { .. } => "brief-turn-passed",
        };
        self.say(id, args)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;
    use snakes::Rules;

    pub(crate) fn full(events: &[Event], listener: Listener) -> Vec<String> {
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
    fn entering_and_ladder() {
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
                "You rolled a 1 and entered the board on square 1.",
                "You climbed a ladder from 1 to 38.",
                "Cy's turn.",
            ]
        );
        assert_eq!(
            full(&e, ANA),
            [
                "Bo rolled a 1 and entered the board on square 1.",
                "Bo climbed a ladder from 1 to 38.",
                "Cy's turn.",
            ]
        );
        assert_eq!(brief(&e, BO), ["1: in on 1, ladder to 38.", "Cy's turn."]);
        assert_eq!(brief(&e, SPECTATOR)[0], "Bo, 1: in on 1, ladder to 38.");
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
            [
                "You rolled an 8 and moved from 39 to 47.",
                "You slid down a snake from 47 to 26."
            ]
        );
        assert_eq!(
            full(&e, ANA),
            [
                "Cy rolled an 8 and moved from 39 to 47.",
                "Cy slid down a snake from 47 to 26."
            ]
        );
        assert_eq!(brief(&e, ANA), ["Cy, 8: 39 to 47, snake to 26."]);
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
    fn staying_put() {
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
            [
                "You rolled a 5 and stay on 98: that is past the last square, which must be reached exactly."
            ]
        );
        assert_eq!(
            full(&over, BO),
            [
                "Ana rolled a 5 and stays on 98: that is past the last square, which must be reached exactly."
            ]
        );
        assert_eq!(brief(&over, BO), ["Ana, 5: stays on 98, too far."]);
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
            ["You rolled a 3 and stay off the board: it takes a 6 to enter."]
        );
        assert_eq!(
            full(&six, ANA),
            ["Bo rolled a 3 and stays off the board: it takes a 6 to enter."]
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
                "You rolled a 6 and moved from 10 to 16.",
                "You slid down a snake from 16 to 6.",
                "You roll again."
            ]
        );
        assert_eq!(full(&again, ANA)[2], "Bo rolls again.");
        assert_eq!(
            brief(&again, SPECTATOR),
            ["Bo, 6: 10 to 16, snake to 6, again."]
        );

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
            [
                "You rolled a 4 and moved from 96 to 100.",
                "You won the game!"
            ]
        );
        assert_eq!(full(&win, ANA)[1], "Cy won the game!");
        assert_eq!(brief(&win, Listener::Player(2)), ["4: 96 to 100, you win."]);
        assert_eq!(brief(&win, ANA), ["Cy, 4: 96 to 100, wins."]);
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
                Event::StayedPut {
                    player: 0,
                    square: 97,
                    reason: StayReason::Overshoot,
                },
                "Ana stays on 97: the roll is past the last square, which must be reached exactly.",
                "You stay on 97: the roll is past the last square, which must be reached exactly.",
            ),
            (
                Event::StayedPut {
                    player: 0,
                    square: 0,
                    reason: StayReason::NeedSix,
                },
                "Ana stays off the board: it takes a 6 to enter.",
                "You stay off the board: it takes a 6 to enter.",
            ),
            (Event::TurnPassed { player: 0 }, "Ana's turn.", "Your turn."),
        ];
        for (event, other, you) in cases {
            assert_eq!(n.events(&[event], BO, false), [other]);
            assert_eq!(n.events(&[event], ANA, false), [you]);
        }
    }
}
