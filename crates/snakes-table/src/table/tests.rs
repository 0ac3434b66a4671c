//! The table without a socket, a store or a sleep: commands decided and applied at chosen
//! moments, the way the actor does it.

use std::collections::HashMap;

use super::*;
use crate::protocol::{StartedPlayer, ask, join};

const GRACE: Duration = Duration::from_secs(30);
const BOT_DELAY: Duration = Duration::from_millis(800);

fn timing() -> Timing {
    Timing {
        bot_delay: BOT_DELAY,
        grace: GRACE,
        turn_timer: None,
    }
}

/// A table on `board` under `rules`, with its own clock.
struct Table {
    state: TableState,
    t0: Instant,
    now: Instant,
}

impl Table {
    fn new(board: &str, rules: &str, seats: usize) -> Table {
        Table::with(board, rules, seats, timing())
    }

    fn with(board: &str, rules: &str, seats: usize, timing: Timing) -> Table {
        let (board, rules) = Setup::read(board, rules).unwrap();
        let setup = Setup {
            board_name: "custom".into(),
            board: Arc::new(board),
            rules,
            seats,
            dice: DiceSource::Seed(2024),
        };
        let t0 = Instant::now();
        Table {
            state: TableState::new(1, setup, timing, t0),
            t0,
            now: t0,
        }
    }

    /// A two-square-by-two board where any roll reaching the end wins: games of a few rolls.
    fn tiny(seats: usize) -> Table {
        Table::new("[[-1,-1],[-1,-1]]", "ending=loose", seats)
    }

    fn at(&mut self, after_start: Duration) -> &mut Table {
        self.now = self.t0 + after_start;
        self
    }

    /// Decides at the table's time; applies what was decided and stamps it, as the actor does
    /// once the store has the events.
    fn run(&mut self, command: Command) -> Result<Vec<TableEvent>, Refusal> {
        let events = self.state.decide(&command, self.now)?;
        for e in &events {
            self.state.apply(e).unwrap();
        }
        if !events.is_empty() {
            self.state.stamp(self.now);
        }
        Ok(events)
    }

    /// `name` takes a seat; returns the seat's token.
    fn join(&mut self, name: &str) -> String {
        let (secret, token) = Secret::random();
        self.run(join(name, None, secret)).unwrap();
        token
    }

    fn add_bot(&mut self, host: &str) -> Vec<TableEvent> {
        let seq = self.state.seq();
        self.run(ask(host, seq, Action::AddBot {})).unwrap()
    }

    fn start(&mut self, host: &str) -> Vec<TableEvent> {
        let seq = self.state.seq();
        self.run(ask(host, seq, Action::Start {})).unwrap()
    }

    fn roll(&mut self, token: &str) -> Result<Vec<TableEvent>, Refusal> {
        let seq = self.state.seq();
        self.run(ask(token, seq, Action::Roll {}))
    }

    fn tick(&mut self) -> Vec<TableEvent> {
        self.run(Command::Tick).unwrap()
    }

    fn turn(&self) -> Player {
        self.state.game().unwrap().turn()
    }

    /// The log as the store keeps it: JSON rows and the secrets apart.
    fn stored(&self) -> (Vec<(u64, String)>, HashMap<u64, String>) {
        let mut rows = Vec::new();
        let mut secrets = HashMap::new();
        for l in self.state.log() {
            rows.push((l.seq, serde_json::to_string(&l.event).unwrap()));
            if let TableEvent::Table(Lifecycle::Joined { secret, .. }) = &l.event {
                secrets.insert(l.seq, secret.stored());
            }
        }
        (rows, secrets)
    }

    fn restore(
        &self,
        rows: &[(u64, String)],
        secrets: &HashMap<u64, String>,
    ) -> Result<TableState, RestoreError> {
        TableState::restore(
            1,
            self.state.setup().clone(),
            self.state.timing(),
            rows,
            secrets,
            self.now,
        )
    }
}

fn types(events: &[TableEvent]) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            let json = serde_json::to_value(e).unwrap();
            json["type"].as_str().unwrap().to_string()
        })
        .collect()
}

fn life(events: &[TableEvent]) -> Vec<&Lifecycle> {
    events
        .iter()
        .filter_map(|e| match e {
            TableEvent::Table(l) => Some(l),
            TableEvent::Game(_) => None,
        })
        .collect()
}

/// The refusal of the table (or of its set-up) that has `code`, met by playing up to it;
/// `None` for the codes met elsewhere (see [`MET_ELSEWHERE`]).
fn meet(code: &str) -> Option<Refusal> {
    let mut t = Table::tiny(2);
    let ana = t.join("Ana");
    let refused = |t: &mut Table, c: Command| t.run(c).unwrap_err();
    Some(match code {
        "not_your_turn" => {
            let bo = t.join("Bo");
            t.start(&ana);
            let waiting = if t.turn() == 0 { bo } else { ana };
            t.roll(&waiting).unwrap_err()
        }
        "game_over" => {
            let bo = t.join("Bo");
            t.start(&ana);
            while t.state.status() == Status::Playing {
                let token = if t.turn() == 0 { &ana } else { &bo };
                t.roll(token).unwrap();
            }
            t.roll(&ana).unwrap_err()
        }
        "not_started" => t.roll(&ana).unwrap_err(),
        "already_started" => {
            t.join("Bo");
            t.start(&ana);
            let (secret, _) = Secret::random();
            refused(&mut t, join("Cy", None, secret))
        }
        "seat_taken" => refused(&mut t, join("Bo", Some(0), Secret::random().0)),
        "not_seated" => t.roll("not a token").unwrap_err(),
        "bot_plays_for_you" | "not_away" => {
            let bo = t.join("Bo");
            t.start(&ana);
            if code == "not_away" {
                return Some(refused(&mut t, ask(bo, 0, Action::ComeBack {})));
            }
            t.run(ask(bo.clone(), 0, Action::Leave {})).unwrap();
            t.roll(&bo).unwrap_err()
        }
        "not_host" => {
            let bo = t.join("Bo");
            refused(&mut t, ask(bo, 2, Action::Start {}))
        }
        "table_full" => {
            t.join("Bo");
            refused(&mut t, join("Cy", None, Secret::random().0))
        }
        "not_enough_players" => refused(&mut t, ask(ana, 1, Action::Start {})),
        "stale_seq" => refused(&mut t, ask(ana, 0, Action::AddBot {})),
        "bad_message" => refused(&mut t, ask(ana, 1, Action::RemoveBot { seat: 1 })),
        "bad_name" => refused(&mut t, join("ANA", None, Secret::random().0)),
        // Ana's connection asks for a second seat while it holds hers.
        "already_seated" => {
            let hers = [Secret::of_token(&ana)];
            let asker = Asker {
                seats_taken: &hers,
                watcher_names: &[],
            };
            let again = join("Zed", None, Secret::random().0);
            t.state.decide_for(&asker, &again, t.now).unwrap_err()
        }
        // A table is made only of a set-up that reads and can end.
        "bad_board" => Setup::read("[[-1,-1],[-1]]", "standard")
            .unwrap_err()
            .refusal(),
        "bad_rules" => Setup::read("classic", "ending=maybe")
            .unwrap_err()
            .refusal(),
        _ => return None,
    })
}

/// The refusal codes no table gives, and where they are met and tested.
const MET_ELSEWHERE: &[(&str, &str)] = &[
    (
        "no_such_table",
        "the registry (AppState), tests/server/refusals.rs",
    ),
    ("too_large", "the session, tests/server/refusals.rs"),
    (
        "too_many_requests",
        "the session's rate limit, tests/server/refusals.rs",
    ),
    (
        "too_many_tables",
        "AppState::create, tests/server/refusals.rs",
    ),
    ("bad_seats", "AppState::create, tests/server/refusals.rs"),
    (
        "bad_text",
        "the session (what people say), tests/server/talk.rs",
    ),
    (
        "no_name",
        "the actor and the lobby's talk, tests/server/talk.rs",
    ),
    (
        "store_failed",
        "the actor, when the store refuses a write (tests/server/refusals.rs)",
    ),
    ("not_found", "the router's fallback, tests/server/abuse.rs"),
    (
        "method_not_allowed",
        "the router's fallback, tests/server/abuse.rs",
    ),
    (
        "bad_origin",
        "the router's Origin check, tests/server/abuse.rs",
    ),
    (
        "moved",
        "AppState::table with several servers on PostgreSQL, the fault suite (crates/snakes-faults)",
    ),
    (
        "quarantined",
        "AppState::table, a stored log that cannot be rebuilt (tests/server/restart.rs)",
    ),
    (
        "unknown_locale",
        "a connection's language, tests/server/main.rs (refusals) and languages.rs",
    ),
    (
        "too_many_open_tables",
        "a client's quota of open tables, at creation (tests/server/abuse.rs)",
    ),
    (
        "talk_too_fast",
        "a connection's pace of talk, Session::say (tests/server/talk.rs)",
    ),
    (
        "network_talk_too_fast",
        "a network's pace of talk in one place, AppState::may_talk (tests/server/talk.rs)",
    ),
    (
        "not_moderator",
        "moderation, the server's state/moderation.rs (tests/server/moderation.rs)",
    ),
    (
        "bad_key",
        "moderation, the server's state/moderation.rs (tests/server/moderation.rs)",
    ),
    (
        "silenced",
        "moderation, the server's state/moderation.rs (tests/server/moderation.rs)",
    ),
    (
        "banned",
        "moderation, the server's state/moderation.rs (tests/server/moderation.rs)",
    ),
    (
        "no_such_person",
        "moderation, the server's state/moderation.rs (tests/server/moderation.rs)",
    ),
    (
        "no_such_message",
        "moderation, the server's state/moderation.rs (tests/server/moderation.rs)",
    ),
    (
        "no_such_entry",
        "moderation, the server's state/moderation.rs (tests/server/moderation.rs)",
    ),
    (
        "bad_span",
        "moderation, the server's state/moderation.rs (tests/server/moderation.rs)",
    ),
    (
        "no_reason",
        "moderation, the server's state/moderation.rs (tests/server/moderation.rs)",
    ),
    (
        "name_taken",
        "signing up, the server's state/members.rs (tests/server/members.rs)",
    ),
    (
        "name_held",
        "a member's name, the server's state/members.rs (tests/server/members.rs)",
    ),
    (
        "bad_sign_in",
        "signing in, the server's state/members.rs (tests/server/members.rs)",
    ),
    (
        "bad_passkey",
        "a new passkey, the server's state/passkeys.rs (tests/server/members.rs)",
    ),
    (
        "last_passkey",
        "removing a passkey, the server's state/passkeys.rs (tests/server/members.rs)",
    ),
    (
        "bad_password",
        "signing up, the server's state/members.rs (tests/server/members.rs)",
    ),
    (
        "too_many_sign_ins",
        "signing in, the server's state/members.rs (tests/server/members.rs)",
    ),
    (
        "not_signed_in",
        "a member's request, the server's web/account.rs (tests/server/members.rs)",
    ),
    (
        "not_a_member",
        "blocking, the server's state/members.rs (tests/server/members.rs)",
    ),
    (
        "block_yourself",
        "blocking, the server's state/members.rs (tests/server/members.rs)",
    ),
    (
        "not_open_to_you",
        "a blocked member's join, the server's session.rs (tests/server/members.rs)",
    ),
];

#[test]
fn a_connection_holds_one_seat_and_takes_no_name_someone_watching_talks_with() {
    let mut t = Table::tiny(3);
    let ana = t.join("Ana");
    let hers = Secret::of_token(&ana);
    let (left, _) = Secret::random();
    let watchers = ["Cy", "Dee"];
    let asker = |seats_taken| Asker {
        seats_taken,
        watcher_names: &watchers,
    };
    let decide = |t: &Table, asker: &Asker, name: &str| {
        let command = join(name, None, Secret::random().0);
        t.state.decide_for(asker, &command, t.now)
    };
    // A second seat for the connection that holds Ana's.
    assert_eq!(
        decide(&t, &asker(std::slice::from_ref(&hers)), "Bo"),
        Err(Refusal::AlreadySeated)
    );
    // A seat the connection took and no longer holds does not count.
    let joined = decide(&t, &asker(std::slice::from_ref(&left)), "Bo").unwrap();
    assert!(matches!(
        life(&joined)[..],
        [Lifecycle::Joined { seat: 1, .. }]
    ));
    // The name of someone watching, letter case and look-alike letters aside.
    for name in ["Cy", "cY", "DEE"] {
        let refusal = decide(&t, &asker(&[]), name).unwrap_err();
        let Refusal::BadName {
            detail: Detail::NameTaken { name: taken },
        } = refusal
        else {
            panic!("{name}: {refusal:?}")
        };
        assert!(watchers.contains(&taken.as_str()), "{name}: {taken}");
    }
    // Nobody in particular (a replay) is held to the seats alone.
    assert!(
        t.state
            .decide(&join("Cy", None, Secret::random().0), t.now)
            .is_ok()
    );
}

#[test]
fn every_refusal_code_is_met_here_or_named_elsewhere() {
    for &code in Refusal::CODES {
        let elsewhere = MET_ELSEWHERE.iter().any(|(c, _)| *c == code);
        match meet(code) {
            Some(refusal) => {
                assert!(
                    !elsewhere,
                    "{code} is met here and said to be met elsewhere"
                );
                assert_eq!(refusal.code(), code, "{refusal:?}");
            }
            None => assert!(
                elsewhere,
                "{code}: neither met at a table nor named elsewhere"
            ),
        }
    }
    for (code, _) in MET_ELSEWHERE {
        assert!(Refusal::CODES.contains(code), "{code} is no code");
    }
}

#[test]
fn a_name_in_other_letter_case_is_taken_capital_i_too() {
    let mut t = Table::tiny(3);
    t.join("Ian");
    // A capital I, which looks like a lower-case l, is still an I.
    for name in ["ian", "IAN", "lan", "\u{130}an"] {
        let join = join(name, None, Secret::random().0);
        assert_eq!(
            t.run(join),
            Err(Refusal::BadName {
                detail: Detail::NameTaken { name: "Ian".into() }
            }),
            "{name}"
        );
    }
    // Another name starting with a capital I is another name (`join` unwraps).
    t.join("Iris");
}

#[test]
fn refusals_carry_their_details() {
    let mut t = Table::tiny(3);
    let ana = t.join("Ana");
    let join = |name: &str, seat| join(name, seat, Secret::random().0);
    assert_eq!(
        t.run(join("ana", None)),
        Err(Refusal::BadName {
            detail: Detail::NameTaken { name: "Ana".into() }
        })
    );
    assert_eq!(
        t.run(join("  ", None)),
        Err(Refusal::BadName {
            detail: Detail::NameEmpty
        })
    );
    assert_eq!(
        t.run(join("Bo", Some(3))),
        Err(Refusal::BadMessage {
            detail: Detail::NoSuchSeat { seat: 3, seats: 3 }
        })
    );
    assert_eq!(
        t.run(join("Bo", Some(0))),
        Err(Refusal::SeatTaken { seat: 0 })
    );
    assert_eq!(
        t.run(ask(ana.clone(), 0, Action::Start {})),
        Err(Refusal::StaleSeq {
            expected: 1,
            got: 0
        })
    );
    assert_eq!(
        t.run(ask(ana, 1, Action::RemoveBot { seat: 0 })),
        Err(Refusal::BadMessage {
            detail: Detail::NoBot { seat: 0 }
        })
    );
    // Nothing refused changed anything.
    assert_eq!(t.state.seq(), 1);
}

#[test]
fn names_are_checked() {
    assert_eq!(check_name("  Ana ").unwrap(), "Ana");
    let bad = |name: &str| match check_name(name) {
        Err(Refusal::BadName { detail }) => detail,
        other => panic!("{other:?}"),
    };
    assert_eq!(bad("   "), Detail::NameEmpty);
    assert_eq!(
        bad(&"x".repeat(MAX_NAME_CHARS + 1)),
        Detail::NameTooLong {
            max: MAX_NAME_CHARS
        }
    );
    assert_eq!(bad("a\u{7}b"), Detail::NameControl);
    // "You rolled a 4" would mislead the whole table, in any case and as a look-alike.
    // And in every language a listener may hear the table in (Spanish "tú", Korean "나").
    for name in [
        "You",
        "yOU",
        "Y\u{43e}u",
        "Tú",
        "나",
        "Your turn",
        "Te toca",
        "轮到你",
    ] {
        assert!(matches!(bad(name), Detail::NameYou { .. }), "{name}");
    }
    // A name heard as part of a sentence, in any language: a bot's, a word of the sentences,
    // a number of its own, a mark between parts.
    for name in ["Bot1", "Bot 100", "봇 1"] {
        assert!(matches!(bad(name), Detail::NameReserved { .. }), "{name}");
    }
    assert!(matches!(bad("Bo went to 100"), Detail::NameNumber { .. }));
    assert!(matches!(bad("Bo rolled"), Detail::NameGameWord { word, .. } if word == "rolled"));
    assert!(matches!(bad("Ana y Bo"), Detail::NameJoins { word, .. } if word == "y"));
    assert!(matches!(bad("Ana, Bo"), Detail::NameMark { mark, .. } if mark == ","));
    assert_eq!(check_name("María de la Cruz").unwrap(), "María de la Cruz");
    assert_eq!(
        check_name(&"é".repeat(MAX_NAME_CHARS))
            .unwrap()
            .chars()
            .count(),
        MAX_NAME_CHARS
    );
}

#[test]
fn seating_hosting_and_bots_before_the_start() {
    let mut t = Table::tiny(4);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    assert_eq!(
        (t.state.seat_of(&ana), t.state.seat_of(&bo)),
        (Some(0), Some(1))
    );
    assert_eq!(t.state.host(), Some(0));
    // Bots' names are theirs, in every language: a person cannot be called like one, look-alikes
    // included.
    for name in ["bot 1", "B\u{43e}t 7", "봇 2", "机器人3"] {
        assert!(matches!(
            t.run(join(name, None, Secret::random().0)),
            Err(Refusal::BadName {
                detail: Detail::NameReserved { .. }
            })
        ));
    }
    t.join("Cy");
    let added = t.add_bot(&ana);
    assert_eq!(
        life(&added),
        [&Lifecycle::BotAdded {
            seat: 3,
            name: "Bot 1".into()
        }]
    );
    assert_eq!(
        t.run(ask(ana.clone(), t.state.seq(), Action::AddBot {})),
        Err(Refusal::TableFull)
    );
    let removed = t
        .run(ask(
            ana.clone(),
            t.state.seq(),
            Action::RemoveBot { seat: 3 },
        ))
        .unwrap();
    assert_eq!(types(&removed), ["bot_removed"]);
    // The host leaves: the seat is free and the next person seated is the host.
    let left = t.run(ask(ana.clone(), 0, Action::Leave {})).unwrap();
    assert_eq!(
        life(&left),
        [&Lifecycle::Left {
            seat: 0,
            name: "Ana".into()
        }]
    );
    assert_eq!(t.state.seat_of(&ana), None);
    assert_eq!(t.state.host(), Some(1));
    assert_eq!(
        t.run(ask(ana, t.state.seq(), Action::AddBot {})),
        Err(Refusal::NotSeated)
    );
    // A free seat is taken by the next to join.
    let dee = t.join("Dee");
    assert_eq!(t.state.seat_of(&dee), Some(0));
    let names: Vec<Option<&str>> = t.state.seats().map(|s| s.map(|s| s.name)).collect();
    assert_eq!(names, [Some("Dee"), Some("Bo"), Some("Cy"), None]);
}

#[test]
fn the_host_fills_every_free_seat_with_bots_at_once() {
    let mut t = Table::new("classic", "standard", 4);
    let ana = t.join("Ana");
    t.add_bot(&ana);
    let bo = t.join("Bo");
    let fill = |t: &Table, token: &str| ask(token, t.state.seq(), Action::FillBots {});
    assert_eq!(t.run(fill(&t, &bo)), Err(Refusal::NotHost));
    let stale = ask(ana.clone(), t.state.seq() - 1, Action::FillBots {});
    assert!(matches!(t.run(stale), Err(Refusal::StaleSeq { .. })));
    // The one free seat gets the next bot's name, as AddBot would give it.
    let filled = t.run(fill(&t, &ana)).unwrap();
    assert_eq!(
        life(&filled),
        [&Lifecycle::BotAdded {
            seat: 3,
            name: "Bot 2".into()
        }]
    );
    assert_eq!(t.run(fill(&t, &ana)), Err(Refusal::TableFull));
    // Two free seats: two bots, named one after the other, in one command.
    t.run(ask(bo, 0, Action::Leave {})).unwrap();
    let removed = ask(ana.clone(), t.state.seq(), Action::RemoveBot { seat: 1 });
    t.run(removed).unwrap();
    let filled = t.run(fill(&t, &ana)).unwrap();
    assert_eq!(
        life(&filled),
        [
            &Lifecycle::BotAdded {
                seat: 1,
                name: "Bot 1".into()
            },
            &Lifecycle::BotAdded {
                seat: 2,
                name: "Bot 3".into()
            }
        ]
    );
    t.start(&ana);
    assert_eq!(t.run(fill(&t, &ana)), Err(Refusal::AlreadyStarted));
}

#[test]
fn the_start_renumbers_the_seats_and_draws_the_first_player_from_the_seed() {
    let mut t = Table::new("classic", "standard", 4);
    let ana = t.join("Ana");
    let (secret, cy) = Secret::random();
    t.run(join("Cy", Some(3), secret)).unwrap();
    t.add_bot(&ana);
    let started = t.start(&ana);
    let game = Game::new(Arc::new(Board::classic()), Rules::STANDARD, 3, 2024).unwrap();
    assert_eq!(
        life(&started),
        [&Lifecycle::Started {
            players: vec![
                StartedPlayer {
                    seat: 0,
                    name: "Ana".into(),
                    bot: false
                },
                StartedPlayer {
                    seat: 1,
                    name: "Bot 1".into(),
                    bot: true
                },
                StartedPlayer {
                    seat: 3,
                    name: "Cy".into(),
                    bot: false
                },
            ],
            first: game.state().first(),
            commitment: None,
        }]
    );
    assert_eq!(t.state.status(), Status::Playing);
    assert_eq!(t.state.seat_of(&cy), Some(2), "the empty seat is dropped");
    let english = Catalogue::english();
    assert_eq!(t.state.names_in(&english), ["Ana", "Bot 1", "Cy"]);
    let korean = Catalogue::for_locale("ko").unwrap();
    assert_eq!(t.state.names_in(&korean), ["Ana", "봇 1", "Cy"]);
    assert_eq!(
        t.run(ask(ana, t.state.seq(), Action::Start {})),
        Err(Refusal::AlreadyStarted)
    );
}

#[test]
fn rolls_are_the_seeds_dice_and_a_move_makes_older_rolls_stale() {
    let mut t = Table::new("classic", "standard", 2);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    t.start(&ana);
    let mut game = Game::new(Arc::new(Board::classic()), Rules::STANDARD, 2, 2024).unwrap();
    let tokens = [ana.clone(), bo.clone()];
    for _ in 0..6 {
        let expected: Vec<TableEvent> = game
            .roll()
            .unwrap()
            .into_iter()
            .map(TableEvent::Game)
            .collect();
        let before = t.state.seq();
        let rolled = t.roll(&tokens[t.turn()]).unwrap();
        assert_eq!(rolled, expected);
        assert_eq!(t.state.seq(), before + rolled.len() as u64);
        assert_eq!(t.state.game().unwrap(), game.state());
    }
    // A roll sent before the last move is stale; news of seats after a move is not.
    let mover = tokens[t.turn()].clone();
    let seq = t.state.seq();
    assert_eq!(
        t.run(ask(mover.clone(), seq - 1, Action::Roll {})),
        Err(Refusal::StaleSeq {
            expected: seq,
            got: seq - 1
        })
    );
    let waiter = tokens[1 - t.turn()].clone();
    t.run(ask(waiter, 0, Action::Leave {})).unwrap();
    assert_eq!(t.state.seq(), seq + 1);
    assert!(
        t.run(ask(mover, seq, Action::Roll {})).is_ok(),
        "the leave did not move the game"
    );
}

#[test]
fn a_winning_roll_finishes_the_game_with_its_result() {
    let mut t = Table::tiny(2);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    t.start(&ana);
    let mut last = Vec::new();
    while t.state.status() == Status::Playing {
        let token = if t.turn() == 0 { &ana } else { &bo };
        last = t.roll(token).unwrap();
    }
    let game = t.state.game().unwrap();
    let winner = game.winner().unwrap();
    let Some(TableEvent::Table(Lifecycle::Finished { result, .. })) = last.last() else {
        panic!("{last:?}")
    };
    assert_eq!(result.winner, winner);
    assert_eq!(result.winner_name, ["Ana", "Bo"][winner]);
    assert_eq!(result.squares, game.squares());
    assert_eq!(
        result.rolls,
        game.stats().iter().map(|s| s.rolls).sum::<u32>()
    );
    assert_eq!(t.state.result(), Some(result));
    assert_eq!(t.state.status(), Status::Finished);
    assert_eq!(
        t.run(ask(bo, 0, Action::Leave {})),
        Err(Refusal::GameOver {
            winner: Some(winner)
        })
    );
}

#[test]
fn a_bot_rolls_after_its_delay() {
    let mut t = Table::new("classic", "standard", 2);
    let ana = t.join("Ana");
    t.add_bot(&ana);
    t.state.connect(Some(&ana));
    t.start(&ana);
    // Play until it is the bot's turn.
    while t.turn() != 1 {
        t.roll(&ana).unwrap();
    }
    let since = t.now;
    assert_eq!(t.state.bot_to_roll(), Some(1));
    assert_eq!(t.state.next_deadline(), Some(since + BOT_DELAY));
    t.at(BOT_DELAY / 2);
    assert_eq!(t.tick(), [], "not yet");
    t.now = since + BOT_DELAY;
    let rolled = t.tick();
    assert_eq!(
        rolled
            .first()
            .map(|e| matches!(e, TableEvent::Game(Event::Rolled { player: 1, .. }))),
        Some(true),
        "{rolled:?}"
    );
    // Then it is Ana's turn: nobody is rolled for, and nothing else is due.
    assert_eq!(t.turn(), 0);
    assert_eq!(t.state.bot_to_roll(), None);
    assert_eq!(t.state.next_deadline(), None);
}

#[test]
fn a_disconnected_player_gets_a_bot_after_the_grace_period_and_takes_the_seat_back() {
    let mut t = Table::new("classic", "standard", 2);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    assert_eq!(t.state.connect(Some(&ana)), Some(0));
    assert_eq!(t.state.connect(Some(&bo)), Some(1));
    t.start(&ana);
    assert_eq!(t.state.next_deadline(), None, "everyone is here, no timer");

    t.at(Duration::from_secs(5));
    t.state.disconnect(Some(&bo), t.now);
    let gone = t.now;
    assert_eq!(t.state.next_deadline(), Some(gone + GRACE));
    t.now = gone + GRACE - Duration::from_millis(1);
    assert_eq!(t.tick(), []);
    t.now = gone + GRACE;
    let took = t.tick();
    assert_eq!(
        life(&took),
        [&Lifecycle::BotTookOver {
            player: 1,
            reason: AwayReason::Disconnected
        }]
    );
    let seats: Vec<SeatState<'_>> = t.state.seats().flatten().collect();
    assert!(seats[1].away && !seats[1].connected);

    // The bot plays Bo's turns; Ana plays hers.
    let mut bo_rolled = false;
    while !bo_rolled {
        if t.turn() == 0 {
            t.roll(&ana).unwrap();
        } else {
            let turn_at = t.now;
            t.now = turn_at + BOT_DELAY;
            let rolled = t.tick();
            bo_rolled = matches!(rolled[0], TableEvent::Game(Event::Rolled { player: 1, .. }));
        }
    }

    // Bo watches again with his token: he takes the seat back.
    assert_eq!(
        t.run(Command::Watch {
            token: Some(bo.clone())
        })
        .map(|e| types(&e)),
        Ok(vec!["reclaimed".to_string()])
    );
    t.state.connect(Some(&bo));
    assert!(t.state.seats().flatten().all(|s| !s.away && s.connected));
    assert_eq!(
        t.run(Command::Watch { token: Some(bo) }),
        Ok(vec![]),
        "nothing to take back twice"
    );
}

#[test]
fn leaving_during_the_game_hands_the_seat_to_a_bot_until_the_person_asks_for_it_back() {
    let mut t = Table::new("classic", "standard", 2);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    t.start(&ana);
    let left = t.run(ask(bo.clone(), 0, Action::Leave {})).unwrap();
    assert_eq!(
        life(&left),
        [&Lifecycle::BotTookOver {
            player: 1,
            reason: AwayReason::Left
        }]
    );
    // Leaving again says why nothing happens: the way back is J.
    assert_eq!(
        t.run(ask(bo.clone(), 0, Action::Leave {})),
        Err(Refusal::BotPlaysForYou)
    );
    while t.turn() != 1 {
        t.roll(&ana).unwrap();
    }
    // R pressed while the bot's moves are heard does not take the seat back behind Bo's back.
    assert_eq!(t.roll(&bo), Err(Refusal::BotPlaysForYou));
    // Following the table (a page opened again) does not either: that is for a lost connection.
    assert_eq!(
        t.run(Command::Watch {
            token: Some(bo.clone())
        }),
        Ok(vec![])
    );
    let back = t.run(ask(bo.clone(), 0, Action::ComeBack {})).unwrap();
    assert_eq!(life(&back), [&Lifecycle::Reclaimed { player: 1 }]);
    assert!(t.state.seats().flatten().all(|s| !s.away && !s.left));
    assert_eq!(
        t.run(ask(bo.clone(), 0, Action::ComeBack {})),
        Err(Refusal::NotAway)
    );
    assert_eq!(types(&t.roll(&bo).unwrap())[0], "rolled");
    assert_eq!(
        t.run(ask("nobody", 0, Action::ComeBack {})),
        Err(Refusal::NotSeated)
    );
}

/// What the server decides by itself, asked at any moment: each is refused where the table is
/// not where it could happen, whatever the time (Tick asks for each only once it is due).
#[test]
fn the_servers_own_decisions_are_refused_where_they_cannot_happen() {
    let due = |t: &Table, due: Due| t.state.decide(&Command::Due(due), t.now);
    let mut t = Table::new("classic", "standard", 3);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    // Before the start: only closing the table.
    assert_eq!(due(&t, Due::BotRoll), Err(Refusal::NotStarted));
    assert_eq!(
        due(&t, Due::Abandon),
        Ok(vec![TableEvent::Table(Lifecycle::Abandoned)])
    );
    t.add_bot(&ana);
    t.start(&ana);
    // No draw before the first roll: a draw ends a roll.
    assert!(matches!(
        due(&t, Due::Draw),
        Err(Refusal::NotYourTurn { .. })
    ));
    if t.turn() == 0 {
        t.roll(&ana).unwrap();
    }
    let mut secs = 0;
    while t.turn() != 0 {
        secs += 10;
        if t.turn() == 1 {
            t.roll(&bo).unwrap();
        } else {
            t.at(Duration::from_secs(secs)).tick();
        }
    }
    // Ana's turn: nothing for a bot to roll; her timer may run out; Bo's grace period may run
    // out, the bot's seat has none; a draw may end the roll before; people play, so the table
    // stays.
    assert_eq!(due(&t, Due::BotRoll), Err(Refusal::NotYourTurn { turn: 0 }));
    let timer = due(&t, Due::TurnTimer).unwrap();
    assert_eq!(
        timer[0],
        TableEvent::Table(Lifecycle::TimerRolled { player: 0 })
    );
    assert_eq!(types(&timer)[1], "rolled");
    assert_eq!(
        due(&t, Due::GraceOver { player: 1 }),
        Ok(vec![TableEvent::Table(Lifecycle::BotTookOver {
            player: 1,
            reason: AwayReason::Disconnected
        })])
    );
    assert_eq!(
        due(&t, Due::GraceOver { player: 2 }),
        Err(Refusal::BadMessage {
            detail: snakes_text::Detail::NoPerson { seat: 2 }
        })
    );
    assert!(matches!(
        due(&t, Due::GraceOver { player: 3 }),
        Err(Refusal::BadMessage {
            detail: snakes_text::Detail::NoSuchSeat { seat: 3, seats: 3 }
        })
    ));
    assert_eq!(types(&due(&t, Due::Draw).unwrap()), ["drawn"]);
    assert_eq!(due(&t, Due::Abandon), Err(Refusal::AlreadyStarted));
    // Both people gone: bots play every seat; no timer, no grace period; the table may close.
    t.run(ask(ana, 0, Action::Leave {})).unwrap();
    t.run(ask(bo, 0, Action::Leave {})).unwrap();
    assert_eq!(
        due(&t, Due::GraceOver { player: 0 }),
        Err(Refusal::BotPlaysForYou)
    );
    assert_eq!(due(&t, Due::TurnTimer), Err(Refusal::BotPlaysForYou));
    assert_eq!(types(&due(&t, Due::BotRoll).unwrap())[0], "rolled");
    assert_eq!(
        due(&t, Due::Abandon),
        Ok(vec![TableEvent::Table(Lifecycle::Abandoned)])
    );
}

#[test]
fn nobody_connected_at_the_start_starts_the_grace_period() {
    let mut t = Table::new("classic", "standard", 2);
    let ana = t.join("Ana");
    t.join("Bo");
    t.state.connect(Some(&ana));
    t.at(Duration::from_secs(10));
    t.start(&ana);
    assert_eq!(t.state.next_deadline(), Some(t.now + GRACE));
}

#[test]
fn the_turn_timer_rolls_for_the_player_who_waits_too_long() {
    let timer = Duration::from_secs(20);
    let mut t = Table::with(
        "classic",
        "standard",
        2,
        Timing {
            turn_timer: Some(timer),
            ..timing()
        },
    );
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    t.state.connect(Some(&ana));
    t.state.connect(Some(&bo));
    t.start(&ana);
    let turn = t.turn();
    assert_eq!(t.state.next_deadline(), Some(t.now + timer));
    t.at(timer - Duration::from_secs(1));
    assert_eq!(t.tick(), []);
    t.at(timer);
    let rolled = t.tick();
    assert_eq!(
        rolled[..2],
        [
            TableEvent::Table(Lifecycle::TimerRolled { player: turn }),
            TableEvent::Game(Event::Rolled {
                player: turn,
                roll: rolled
                    .iter()
                    .find_map(|e| match e {
                        TableEvent::Game(Event::Rolled { roll, .. }) => Some(*roll),
                        _ => None,
                    })
                    .unwrap()
            })
        ]
    );
    // The timer counts again from that roll.
    assert_eq!(t.state.next_deadline(), Some(t.now + timer));
}

#[test]
fn idle_tables_close_waiting_ones_for_good_finished_ones_only_from_memory() {
    let idle = Duration::from_secs(60);
    let mut t = Table::tiny(2);
    t.state = t.state.clone().close_when_idle(idle);
    let ana = t.join("Ana");
    t.state.touch(t.now);
    assert_eq!(t.state.idle_deadline(), Some(t.now + idle));
    // Someone following it keeps it open, however long.
    t.state.connect(None);
    assert_eq!(t.state.idle_deadline(), None);
    t.at(idle * 10);
    assert_eq!(t.state.closing(t.now), None);
    t.state.disconnect(None, t.now);
    t.state.touch(t.now);
    let quiet_from = t.now;
    t.now = quiet_from + idle - Duration::from_secs(1);
    assert_eq!(t.state.closing(t.now), None, "not yet");
    t.now = quiet_from + idle;
    assert_eq!(
        t.state.closing(t.now),
        Some(vec![TableEvent::Table(Lifecycle::Abandoned)])
    );

    // A playing table never closes this way; a finished one does, with nothing to log.
    let bo = t.join("Bo");
    t.start(&ana);
    t.state.touch(t.now);
    assert_eq!(t.state.idle_deadline(), None);
    while t.state.status() == Status::Playing {
        let token = if t.turn() == 0 { &ana } else { &bo };
        t.roll(token).unwrap();
    }
    t.state.touch(t.now);
    t.now += idle;
    assert_eq!(t.state.closing(t.now), Some(vec![]));

    // Without an idle limit nothing closes.
    let forever = t.state.clone().close_when_idle(Duration::ZERO);
    assert_eq!(forever.idle_deadline(), None);
}

#[test]
fn abandoning_is_logged_and_closes_the_table() {
    let mut t = Table::tiny(2);
    t.join("Ana");
    t.state
        .apply(&TableEvent::Table(Lifecycle::Abandoned))
        .unwrap();
    assert!(t.state.is_abandoned());
    let (rows, secrets) = t.stored();
    assert!(t.restore(&rows, &secrets).unwrap().is_abandoned());
}

/// A whole game with seating, a bot, someone leaving and coming back, the turn timer.
fn a_played_table() -> Table {
    let mut t = Table::with(
        "classic",
        "standard,six=roll-again",
        3,
        Timing {
            turn_timer: Some(Duration::from_secs(20)),
            ..timing()
        },
    );
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    t.add_bot(&ana);
    t.state.connect(Some(&ana));
    t.state.connect(Some(&bo));
    t.start(&ana);
    t.run(ask(bo.clone(), 0, Action::Leave {})).unwrap();
    let mut rolls = 0;
    while t.state.status() == Status::Playing {
        rolls += 1;
        t.now += Duration::from_secs(1);
        match t.turn() {
            0 if rolls % 7 == 0 => {
                t.now += Duration::from_secs(20);
                assert_eq!(types(&t.tick())[0], "timer_rolled");
            }
            0 => {
                t.roll(&ana).unwrap();
            }
            1 if rolls > 30 && t.state.seats().nth(1).flatten().is_some_and(|s| s.left) => {
                // Bo takes his seat back, then rolls for himself.
                t.run(ask(bo.clone(), 0, Action::ComeBack {})).unwrap();
                t.roll(&bo).unwrap();
            }
            1 if rolls > 30 => {
                t.roll(&bo).unwrap();
            }
            _ => {
                t.now += BOT_DELAY;
                assert_eq!(types(&t.tick())[0], "rolled");
            }
        }
    }
    t
}

#[test]
fn restoring_folds_the_log_into_the_same_table() {
    let t = a_played_table();
    let log = t.state.log();
    assert!(
        types(&log.iter().map(|l| l.event.clone()).collect::<Vec<_>>())
            .iter()
            .any(|ty| ty == "reclaimed")
    );
    let (rows, secrets) = t.stored();
    let back = t.restore(&rows, &secrets).unwrap();
    assert_eq!(back.log(), t.state.log());
    assert_eq!(back.seq(), t.state.seq());
    assert_eq!(back.status(), Status::Finished);
    assert_eq!(back.result(), t.state.result());
    assert_eq!(back.game(), t.state.game());
    let english = Catalogue::english();
    assert_eq!(back.names_in(&english), t.state.names_in(&english));
    let tokens: Vec<&String> = secrets.values().collect();
    for token in tokens {
        assert_eq!(back.seat_of(token), t.state.seat_of(token));
    }

    // Every prefix of a log restores too (a crash can stop it after any write), and goes on
    // the same way: the dice stream is where the log left it.
    let mut live = Table::new("classic", "standard", 2);
    let ana = live.join("Ana");
    live.add_bot(&ana);
    live.start(&ana);
    for _ in 0..5 {
        if live.turn() == 0 {
            live.roll(&ana).unwrap();
        } else {
            live.now += BOT_DELAY;
            live.tick();
        }
        let (rows, secrets) = live.stored();
        let mut back = live.restore(&rows, &secrets).unwrap();
        let next = if live.turn() == 0 {
            ask(ana.clone(), live.state.seq(), Action::Roll {})
        } else {
            Command::Tick
        };
        let later = live.now + BOT_DELAY;
        back.stamp(live.now);
        assert_eq!(
            back.decide(&next, later),
            live.state.decide(&next, later),
            "the same next roll"
        );
    }
}

#[test]
fn a_restored_game_starts_the_grace_period_of_everyone_at_once() {
    let mut t = Table::new("classic", "standard", 2);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    t.state.connect(Some(&ana));
    t.state.connect(Some(&bo));
    t.start(&ana);
    let (rows, secrets) = t.stored();
    t.at(Duration::from_secs(100));
    let back = t.restore(&rows, &secrets).unwrap();
    assert_eq!(back.next_deadline(), Some(t.now + GRACE));
    assert!(back.seats().flatten().all(|s| !s.connected));
}

#[test]
fn a_log_that_does_not_follow_is_refused_naming_the_event() {
    let t = a_played_table();
    let (rows, secrets) = t.stored();
    let first_roll = rows
        .iter()
        .position(|(_, json)| json.contains("\"rolled\""))
        .unwrap();
    let restore = |rows: &[(u64, String)], secrets: &HashMap<u64, String>| {
        t.restore(rows, secrets).expect_err("refused")
    };

    // Another number than the dice give.
    let mut tampered = rows.clone();
    let mut v: serde_json::Value = serde_json::from_str(&tampered[first_roll].1).unwrap();
    let roll = v["roll"].as_u64().unwrap();
    v["roll"] = serde_json::json!(if roll == 6 { 5 } else { roll + 1 });
    tampered[first_roll].1 = v.to_string();
    let err = restore(&tampered, &secrets);
    assert!(
        matches!(
            err,
            RestoreError::Event {
                table: 1,
                source: ApplyError::Dice { .. },
                ..
            }
        ),
        "{err}"
    );
    let seq = rows[first_roll].0;
    assert!(
        err.to_string()
            .starts_with(&format!("table 1: event {seq}: the dice replay to ")),
        "{err}"
    );

    // A move the roll did not make.
    let mut tampered = rows.clone();
    tampered[first_roll + 1].1 = r#"{"type":"turn_passed","player":2}"#.into();
    assert!(matches!(
        restore(&tampered, &secrets),
        RestoreError::Event {
            source: ApplyError::Dice { .. } | ApplyError::RollUnfinished(_),
            ..
        }
    ));

    // A gap, a log that stops in the middle of a roll, a move without its roll, unreadable
    // JSON, a seat without its secret.
    let mut gap = rows.clone();
    gap.remove(3);
    assert!(matches!(
        restore(&gap, &secrets),
        RestoreError::Gap {
            seq: 5,
            after: 3,
            ..
        }
    ));
    assert!(matches!(
        restore(&rows[..=first_roll], &secrets),
        RestoreError::Truncated { .. }
    ));
    let mut without = rows.clone();
    without.remove(first_roll);
    for (k, row) in without.iter_mut().enumerate() {
        row.0 = k as u64 + 1;
    }
    assert!(matches!(
        restore(&without, &secrets),
        RestoreError::Event {
            source: ApplyError::WithoutRoll(_) | ApplyError::Dice { .. },
            ..
        }
    ));
    let mut unreadable = rows.clone();
    unreadable[0].1 = "{".into();
    assert!(matches!(
        restore(&unreadable, &secrets),
        RestoreError::Unreadable { seq: 1, .. }
    ));
    assert!(matches!(
        restore(&rows, &HashMap::new()),
        RestoreError::Event {
            seq: 1,
            source: ApplyError::NoSecret { seat: 0 },
            ..
        }
    ));
}

#[test]
fn events_out_of_place_do_not_apply_and_change_nothing() {
    let mut t = Table::tiny(2);
    let ana = t.join("Ana");
    let roll = TableEvent::Game(Event::Rolled { player: 0, roll: 1 });
    assert_eq!(t.state.apply(&roll), Err(ApplyError::NoGame));
    assert_eq!(
        t.state.apply(&TableEvent::Table(Lifecycle::Joined {
            seat: 0,
            name: "Bo".into(),
            secret: Secret::random().0
        })),
        Err(ApplyError::SeatTaken { seat: 0 })
    );
    assert_eq!(
        t.state
            .apply(&TableEvent::Table(Lifecycle::Reclaimed { player: 1 })),
        Err(ApplyError::NotAPerson { player: 1 })
    );
    t.join("Bo");
    t.start(&ana);
    assert_eq!(
        t.state.apply(&TableEvent::Table(Lifecycle::Abandoned)),
        Err(ApplyError::PersonPlaying),
        "a game people play is not closed"
    );
    assert_eq!(t.state.seq(), 3);
    assert_eq!(t.state.log().len(), 3);
}

/// A table like [`Table::new`] whose dice are keyed (as every new table's are).
fn keyed(board: &str, rules: &str, seats: usize, key: [u8; 32]) -> Table {
    let mut t = Table::new(board, rules, seats);
    let mut setup = t.state.setup().clone();
    setup.dice = DiceSource::Key(key);
    t.state = TableState::new(1, setup, timing(), t.t0);
    t
}

#[test]
fn keyed_dice_are_committed_at_the_start_and_revealed_at_the_end() {
    let key = [7u8; 32];
    let mut t = keyed("[[-1,-1],[-1,-1]]", "ending=loose", 2, key);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    let commitment = crate::secret::commitment_of(&key);
    assert_eq!(t.state.commitment(), Some(commitment.clone()));
    let started = t.start(&ana);
    let Lifecycle::Started {
        commitment: announced,
        ..
    } = life(&started)[0]
    else {
        panic!("{started:?}")
    };
    // The start announces the game's commitment: the key with this table's set-up and players.
    let Lifecycle::Started { players, .. } = life(&started)[0] else {
        unreachable!()
    };
    let game = t.state.game_commitment(players).unwrap();
    assert_ne!(game, commitment);
    assert_eq!(announced.as_deref(), Some(game.as_str()));
    assert_eq!(t.state.announced_commitment(), Some(game.as_str()));
    assert_eq!(t.state.revealed_key(), None, "secret during the game");
    let mut last = Vec::new();
    while t.state.status() == Status::Playing {
        let token = if t.turn() == 0 { &ana } else { &bo };
        last = t.roll(token).unwrap();
    }
    let Some(TableEvent::Table(Lifecycle::Finished { key: revealed, .. })) = last.last() else {
        panic!("{last:?}")
    };
    assert_eq!(revealed.as_deref(), Some("07".repeat(32).as_str()));
    assert_eq!(t.state.revealed_key(), Some("07".repeat(32)));
    // The log restores, and so does one whose start announced the key's commitment (a game
    // started before a game had its own); a log whose commitment or key is not the table's
    // does not.
    let (rows, secrets) = t.stored();
    assert!(t.restore(&rows, &secrets).is_ok());
    let older: Vec<(u64, String)> = rows
        .iter()
        .map(|(s, j)| (*s, j.replacen(&game, &commitment, 1)))
        .collect();
    assert_ne!(older, rows);
    assert!(t.restore(&older, &secrets).is_ok());
    for (from, to) in [(game.as_str(), "00"), ("0707", "0808")] {
        let changed: Vec<(u64, String)> = rows
            .iter()
            .map(|(s, j)| (*s, j.replacen(from, to, 1)))
            .collect();
        let err = t.restore(&changed, &secrets).unwrap_err();
        assert!(
            matches!(
                err,
                RestoreError::Event {
                    source: ApplyError::DiceKey { .. },
                    ..
                }
            ),
            "{err}"
        );
    }
}

#[test]
fn a_game_at_the_most_turns_ends_in_a_draw() {
    let mut t = Table::new("classic", "die=2", 2);
    t.state = t.state.clone().with_max_turns(5);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    t.start(&ana);
    let mut batches = Vec::new();
    while t.state.status() == Status::Playing {
        let token = if t.turn() == 0 { &ana } else { &bo };
        batches.push(t.roll(token).unwrap());
    }
    assert_eq!(batches.len(), 5, "one roll a turn with a two-sided die");
    let last = batches.last().unwrap();
    let Some(TableEvent::Table(Lifecycle::Drawn {
        turns,
        squares,
        key,
    })) = last.last()
    else {
        panic!("{last:?}")
    };
    assert_eq!((*turns, key), (5, &None));
    assert_eq!(squares.as_slice(), t.state.game().unwrap().squares());
    assert!(t.state.is_drawn() && t.state.result().is_none());
    assert_eq!(
        t.roll(&ana),
        Err(Refusal::GameOver { winner: None }),
        "no roll after a draw"
    );
    // The draw replays, whatever the limit of the server that restores it.
    let (rows, secrets) = t.stored();
    let again = t.restore(&rows, &secrets).unwrap();
    assert!(again.is_drawn());
}

#[test]
fn a_game_nobody_plays_closes_after_the_idle_limit() {
    let idle = Duration::from_secs(60);
    let mut t = Table::tiny(2);
    t.state = t.state.clone().close_when_idle(idle);
    let ana = t.join("Ana");
    t.add_bot(&ana);
    t.start(&ana);
    t.state.connect(Some(&ana));
    assert_eq!(t.state.idle_deadline(), None, "a person plays");
    t.at(Duration::from_secs(5));
    t.run(ask(ana.clone(), 0, Action::Leave {})).unwrap();
    // Spectators do not keep a game of bots alone open.
    t.state.connect(None);
    assert_eq!(t.state.idle_deadline(), Some(t.now + idle));
    assert_eq!(t.state.closing(t.now), None);
    let later = t.now + idle;
    assert_eq!(
        t.state.closing(later),
        Some(vec![TableEvent::Table(Lifecycle::Abandoned)])
    );
    // Following it is not playing it: the game of bots alone still closes.
    t.run(Command::Watch {
        token: Some(ana.clone()),
    })
    .unwrap();
    t.state.connect(Some(&ana));
    assert_eq!(t.state.idle_deadline(), Some(later));
    // Taking the seat back keeps it open.
    t.run(ask(ana, 0, Action::ComeBack {})).unwrap();
    assert_eq!(t.state.idle_deadline(), None);
}

#[test]
fn the_host_removes_a_person_who_cannot_come_back() {
    let mut t = Table::tiny(4);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    let cy = t.join("Cy");
    let remove = |t: &mut Table, token: &str, seat: usize| {
        let seq = t.state.seq();
        t.run(ask(token, seq, Action::RemovePlayer { seat }))
    };
    // Only the host, never themselves, only a person.
    assert_eq!(remove(&mut t, &bo, 2), Err(Refusal::NotHost));
    assert_eq!(
        remove(&mut t, &ana, 0),
        Err(Refusal::BadMessage {
            detail: Detail::RemoveYourself
        })
    );
    assert_eq!(
        remove(&mut t, &ana, 3),
        Err(Refusal::BadMessage {
            detail: Detail::NoPerson { seat: 3 }
        })
    );
    // Before the start, the seat is free again and the token holds nothing.
    assert_eq!(
        remove(&mut t, &ana, 2).unwrap(),
        [TableEvent::Table(Lifecycle::Removed {
            seat: 2,
            name: "Cy".into()
        })]
    );
    assert_eq!(t.state.seat_of(&cy), None);
    assert!(t.state.seats().nth(2).unwrap().is_none());
    // During the game, a bot plays the seat for good: the token holds it no more.
    t.start(&ana);
    let bo_player = t.state.seat_of(&bo).unwrap();
    let events = remove(&mut t, &ana, bo_player).unwrap();
    assert_eq!(
        events,
        [TableEvent::Table(Lifecycle::Removed {
            seat: bo_player,
            name: "Bo".into()
        })]
    );
    let seat = t.state.seats().nth(bo_player).flatten().unwrap();
    assert!(seat.removed && seat.away && !seat.bot);
    assert_eq!(t.state.seat_of(&bo), None);
    let come_back = ask(bo.clone(), 0, Action::ComeBack {});
    assert_eq!(t.run(come_back), Err(Refusal::NotSeated));
    assert_eq!(t.roll(&bo), Err(Refusal::NotSeated));
    assert_eq!(
        remove(&mut t, &ana, bo_player),
        Err(Refusal::BadMessage {
            detail: Detail::NoPerson { seat: bo_player }
        })
    );
    // The bot plays that seat: the game goes on to its end.
    while t.state.status() == Status::Playing {
        if t.state.bot_to_roll().is_some() {
            let later = t.now - t.t0 + BOT_DELAY;
            t.at(later).tick();
        } else {
            t.roll(&ana).unwrap();
        }
    }
}

fn close(by: &str, reason: &str) -> Command {
    Command::Close {
        by: by.into(),
        reason: reason.into(),
    }
}

fn closed(by: &str, reason: &str) -> Lifecycle {
    Lifecycle::Closed {
        by: by.into(),
        reason: reason.into(),
    }
}

/// A moderator closes a waiting table, with people following it: it is never refused, and the
/// table is closed for good, as an abandoned one is (after a restart too).
#[test]
fn a_moderator_closes_a_waiting_table_for_good() {
    let mut t = Table::tiny(2);
    let ana = t.join("Ana");
    t.state.connect(Some(&ana));
    let spam = close("Mo", "spam in the talk");
    assert_eq!(
        t.run(spam.clone()),
        Ok(vec![TableEvent::Table(closed("Mo", "spam in the talk"))])
    );
    assert!(t.state.is_abandoned());
    assert_eq!(t.state.status(), Status::Waiting);
    assert_eq!((t.state.idle_deadline(), t.state.yielding()), (None, None));
    // Before the start as during the game, everyone at the table hears who closed it and why.
    assert_eq!(
        news(&t.state, &closed("Mo", "spam in the talk")),
        Some(snakes_text::TableNews::ClosedBy {
            by: "Mo",
            reason: "spam in the talk"
        })
    );
    // Closed once, the table is no more.
    assert_eq!(t.state.decide(&spam, t.now), Err(Refusal::NoSuchTable));
    assert_eq!(
        t.state.apply(&TableEvent::Table(closed("Mo", ""))),
        Err(ApplyError::TableOver { event: "closed" })
    );
    let (rows, secrets) = t.stored();
    let back = t.restore(&rows, &secrets).unwrap();
    assert!(back.is_abandoned());
    assert_eq!(
        back.log().last().unwrap().event,
        TableEvent::Table(closed("Mo", "spam in the talk"))
    );
}

/// During a game people play, which the server never abandons, a moderator closes it all the
/// same; a finished game is refused as over.
#[test]
fn a_moderator_closes_a_game_in_play_but_not_one_over() {
    let mut t = Table::tiny(2);
    let ana = t.join("Ana");
    let bo = t.join("Bo");
    t.state.connect(Some(&ana));
    t.state.connect(Some(&bo));
    t.start(&ana);
    let before = t.state.clone();
    assert_eq!(
        t.state.decide(&Command::Due(Due::Abandon), t.now),
        Err(Refusal::AlreadyStarted)
    );
    assert_eq!(
        t.run(close("Mo", "")),
        Ok(vec![TableEvent::Table(closed("Mo", ""))])
    );
    assert!(t.state.is_abandoned());
    assert_eq!(t.state.status(), Status::Playing);
    assert_eq!(t.state.idle_deadline(), None);
    // Nothing more is played (the panel that says so: tests/server/moderation.rs).
    assert_eq!(t.roll(&ana), Err(Refusal::NoSuchTable));
    assert_eq!(t.run(Command::Tick), Ok(Vec::new()));
    let (rows, secrets) = t.stored();
    assert!(t.restore(&rows, &secrets).unwrap().is_abandoned());

    // The same game played to its end.
    t.state = before;
    while t.state.status() == Status::Playing {
        let token = if t.turn() == 0 { &ana } else { &bo };
        t.roll(token).unwrap();
    }
    let winner = t.state.result().map(|r| r.winner);
    assert_eq!(
        t.state.decide(&close("Mo", "spam"), t.now),
        Err(Refusal::GameOver { winner })
    );
    assert_eq!(
        t.state.apply(&TableEvent::Table(closed("Mo", "spam"))),
        Err(ApplyError::TableOver { event: "closed" })
    );
    assert!(!t.state.is_abandoned());
}
