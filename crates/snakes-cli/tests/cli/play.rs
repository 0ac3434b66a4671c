//! `snakes play` driven as a player would: scripted keys on standard input (one per line), and
//! raw key presses in a real terminal under tmux.

// Helpers outside `#[test]` functions unwrap too: a failure here is a failed test.
#![allow(clippy::unwrap_used)]

use crate::tmux::Tmux;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

use snakes::{Board, Event, Game, Rules};

const BIN: &str = env!("CARGO_BIN_EXE_snakes");

/// Runs `snakes play ARGS` with `keys` on standard input.
fn play(args: &[&str], keys: &str) -> Output {
    let mut child = Command::new(BIN)
        .arg("play")
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let keys = keys.to_string();
    // Written from a thread: a long script must not block on a full pipe while the game waits
    // to have its output read.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(keys.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn lines(o: &Output) -> Vec<String> {
    stdout(o).lines().map(String::from).collect()
}

/// `n` roll keys, one per line.
fn rolls(n: usize) -> String {
    "r\n".repeat(n)
}

/// The whole game of `seed` for `players` seats, as the engine plays it.
fn engine_game(rules: Rules, players: usize, seed: u64) -> (Game, Vec<Event>) {
    let mut game = Game::new(Arc::new(Board::classic()), rules, players, seed).unwrap();
    let events = game.play_out(100_000);
    (game, events)
}

/// The first seed whose two-player game under `rules` has an event matching every predicate.
fn seed_with(rules: Rules, wanted: &[fn(&Event) -> bool]) -> u64 {
    (0..10_000)
        .find(|&seed| {
            let (_, events) = engine_game(rules, 2, seed);
            wanted.iter().all(|w| events.iter().any(w))
        })
        .expect("a seed with every kind of event")
}

/// The game's lines after the opening: its two lines (who plays on what board, ending "H for
/// help.", then the rules), and for a resumed game the two that say so and where everyone is.
fn after_opening(all: &[String]) -> Vec<String> {
    let at = all
        .iter()
        .position(|l| l.ends_with(" H for help."))
        .expect("the opening lines");
    let mut rest = &all[at + 2..];
    if rest
        .first()
        .is_some_and(|l| l.starts_with("Game resumed after "))
    {
        rest = &rest[2..];
    }
    rest.to_vec()
}

/// What a hot-seat game (every seat a person, so every name is said) sounds like, from the
/// engine's events: the sentences the game must say, in order, after its opening.
fn expected_hot_seat(game: &Game, events: &[Event], names: &[&str]) -> Vec<String> {
    let first = names[game.state().first()];
    let mut lines = vec![format!("{first}'s turn.")];
    let mut i = 0;
    while i < events.len() {
        let e = events[i];
        i += 1;
        let jump = |at: usize| match events.get(at) {
            Some(Event::Climbed { from, to, .. }) => Some(("climbed the ladder", *from, *to)),
            Some(Event::Slid { from, to, .. }) => Some(("slid down the snake", *from, *to)),
            _ => None,
        };
        match e {
            Event::Rolled { player, roll } => {
                let who = format!("{} rolled a {roll}", names[player]);
                let next = events[i];
                i += 1;
                let line = match (next, jump(i)) {
                    (Event::Entered { .. } | Event::Moved { .. }, Some((what, at, to))) => {
                        i += 1;
                        format!("{who} and {what} at {at} to {to}.")
                    }
                    (Event::Entered { square, .. }, None) => {
                        format!("{who} and entered the board on square {square}.")
                    }
                    (Event::Moved { from, to, .. }, None) => {
                        format!("{who} and moved from {from} to {to}.")
                    }
                    (Event::Bounced { from, to, .. }, jumped) => {
                        let entered = if from == 0 { " entered the board," } else { "" };
                        match jumped {
                            Some((what, _, end)) => {
                                i += 1;
                                format!(
                                    "{who},{entered} reached 100, bounced back to {to} and {what} to {end}."
                                )
                            }
                            None => {
                                format!("{who},{entered} reached 100 and bounced back to {to}.")
                            }
                        }
                    }
                    other => panic!("a roll followed by {other:?}"),
                };
                lines.push(line);
            }
            Event::Bumped {
                player, by, from, ..
            } => lines.push(format!(
                "{} landed on {} on square {from} and sent {} back off the board.",
                names[by], names[player], names[player]
            )),
            Event::ExtraRoll { player } => lines.push(format!("{} rolls again.", names[player])),
            Event::TurnPassed { player } => lines.push(format!("{}'s turn.", names[player])),
            Event::Won { player, .. } => {
                let turns = game.state().stats()[player].turns;
                lines.push(format!("{} won the game in round {turns}.", names[player]));
                lines.push("Press S or Shift+S for the scores, Q to leave.".to_string());
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    lines
}

#[test]
fn a_scripted_game_announces_every_kind_of_move() {
    let rules: Rules = "collision=bump,six=roll-again".parse().unwrap();
    let seed = seed_with(
        rules,
        &[
            |e| matches!(e, Event::Bounced { .. }),
            |e| matches!(e, Event::Climbed { .. }),
            |e| matches!(e, Event::Slid { .. }),
            |e| matches!(e, Event::Bumped { .. }),
            |e| matches!(e, Event::ExtraRoll { .. }),
        ],
    );
    let (game, events) = engine_game(rules, 2, seed);
    let names = ["Ana", "Bo"];
    let out = play(
        &[
            "--players",
            "Ana,Bo",
            "--rules",
            "collision=bump,six=roll-again",
            "--seed",
            &seed.to_string(),
        ],
        &rolls(game.rolls().len()),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all = lines(&out);
    // Two lines before the first turn: who plays on what board, and the rules.
    assert_eq!(
        all[0],
        "Snakes and Ladders: Ana and Bo. Board: classic, 100 squares, 9 ladders and 10 snakes. \
         H for help."
    );
    assert_eq!(
        all[1],
        "Strict ending: you must land on 100 exactly; an overshoot counts back down. \
         Rolling a 6 gives another roll. Landing on an occupied square sends its occupant back \
         to the start."
    );
    // Every line after, in order: one sentence per roll with its ladder or snake, the bumps,
    // the extra rolls, whose turn it is (every seat is a person's), and the win once.
    let game_lines = after_opening(&all);
    let expected = expected_hot_seat(&game, &events, &names);
    assert!(expected.len() > 20, "{expected:?}");
    assert_eq!(game_lines, expected);
    let rolled = all.iter().filter(|l| l.contains(" rolled a")).count();
    assert_eq!(rolled, game.rolls().len(), "one roll sentence per roll");
    assert_eq!(
        all.iter().filter(|l| l.contains(" won")).count(),
        1,
        "the winner is said once"
    );
    // No sentence names a square past the last, or square 0.
    for line in &all[2..] {
        for n in line
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
        {
            let n: u32 = n.parse().unwrap();
            assert!((1..=100).contains(&n), "{line}");
        }
    }
}

#[test]
fn a_bots_turn_is_not_said_and_a_persons_always_is() {
    let rules: Rules = "six=roll-again".parse().unwrap();
    let (game, events) = engine_game(rules, 3, 3);
    let people_turns = events
        .iter()
        .filter(|e| matches!(e, Event::TurnPassed { player: 0 }))
        .count()
        + usize::from(game.state().first() == 0);
    let human_rolls = events
        .iter()
        .filter(|e| matches!(e, Event::Rolled { player: 0, .. }))
        .count();
    let out = play(
        &[
            "--players",
            "Ana",
            "--bots",
            "2",
            "--seed",
            "3",
            "--rules",
            "six=roll-again",
        ],
        &rolls(human_rolls),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all = lines(&out);
    let said: Vec<&String> = all.iter().filter(|l| l.ends_with("'s turn.")).collect();
    assert!(said.is_empty(), "{said:?}");
    let yours = all.iter().filter(|l| *l == "Your turn.").count();
    assert_eq!(yours, people_turns);
    // Every roll of yours comes right after "Your turn." or "You roll again.".
    for (i, line) in all.iter().enumerate() {
        if line.starts_with("You rolled a ") {
            assert!(
                ["Your turn.", "You roll again."].contains(&all[i - 1].as_str()),
                "{}: {line}",
                all[i - 1]
            );
        }
    }
    // T still says whose turn it is.
    let out = play(&["--players", "Ana", "--bots", "2", "--seed", "3"], "t\n");
    assert!(
        lines(&out)
            .iter()
            .any(|l| l.starts_with("It is your turn; ")),
        "{:?}",
        lines(&out)
    );
}

#[test]
fn the_words_of_a_whole_game_are_fewer_and_keep_every_square() {
    // The game of docs/play.md's measurement: one person and two bots, seed 3; the person
    // rolls 20 times, and the game ends on Bot 2's 21st turn.
    let out = play(
        &["--players", "Ana", "--bots", "2", "--seed", "3"],
        &rolls(20),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let all = lines(&out);
    assert_eq!(all.len(), 85, "{text}");
    assert_eq!(text.split_whitespace().count(), 787, "{text}");
    assert_eq!(all[all.len() - 2], "Bot 2 won the game in round 21.");
    // Nothing a player needs is lost: every square each token ended a roll on is said.
    let (game, events) = engine_game(Rules::STANDARD, 3, 3);
    assert!(game.state().is_over());
    let mut squares = [0; 3];
    for e in &events {
        match *e {
            Event::Entered { player, square } => squares[player] = square,
            Event::Moved { player, to, .. }
            | Event::Climbed { player, to, .. }
            | Event::Slid { player, to, .. }
            | Event::Bounced { player, to, .. } => squares[player] = to,
            Event::TurnPassed { .. } => {
                for (p, square) in squares.iter().enumerate().filter(|(_, s)| **s > 0) {
                    let name = ["You", "Bot 1", "Bot 2"][p];
                    assert!(
                        all.iter()
                            .any(|l| l.starts_with(name) && l.ends_with(&format!(" {square}."))),
                        "{name} on {square}"
                    );
                }
            }
            _ => {}
        }
    }
}

#[test]
fn an_endless_line_is_one_unknown_key() {
    // A megabyte without a line end (as from `< /dev/zero`) is not held whole: it is answered
    // once, and the keys after it still work.
    let keys = format!("r\n{}\nc\n", "x".repeat(1 << 20));
    let out = play(&["--seed", "1"], &keys);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all = lines(&out);
    let unknown: Vec<&String> = all
        .iter()
        .filter(|l| l.starts_with("Unknown key"))
        .collect();
    assert_eq!(unknown, ["Unknown key; H for help."]);
    assert!(
        all.iter().any(|l| l.starts_with("Bot 1 is on square")),
        "{all:?}"
    );
}

#[test]
fn tiny_boards_play_to_the_end() {
    let dir = super::scratch();
    for (layout, intro) in [
        (r#"{"size": 1}"#, "1 square, 0 ladders and 0 snakes."),
        (
            r#"{"rows": 1, "cols": 2}"#,
            "2 squares, 0 ladders and 0 snakes.",
        ),
        (
            r#"{"size": 2, "ladders": [[1, 3]]}"#,
            "4 squares, 1 ladder and 0 snakes.",
        ),
    ] {
        let board = dir.join("tiny.json");
        std::fs::write(&board, layout).unwrap();
        // A six to enter lands on square 6, past these boards: with the exact ending no game
        // can end, and the game is refused, saying so.
        let exact = "six=roll-again,collision=bump,entry=need-six,ending=exact,jumps=chain";
        let out = play(
            &["--board", board.to_str().unwrap(), "--rules", exact],
            &rolls(5),
        );
        assert_eq!(out.status.code(), Some(2), "{layout}");
        assert!(
            stderr(&out)
                .contains("cannot be reached from the start: no game on this board can end"),
            "{layout}: {}",
            stderr(&out)
        );
        for rules in [
            "standard",
            "six=roll-again,collision=bump,entry=need-six,jumps=chain",
            "ending=loose,die=20",
        ] {
            let out = play(
                &[
                    "--players",
                    "Ana,Bo",
                    "--board",
                    board.to_str().unwrap(),
                    "--rules",
                    rules,
                    "--seed",
                    "3",
                ],
                &rolls(400),
            );
            assert_eq!(
                out.status.code(),
                Some(0),
                "{layout} {rules}: {}",
                stderr(&out)
            );
            let all = lines(&out);
            assert_eq!(
                all[0],
                format!(
                    "Snakes and Ladders: Ana and Bo. Board: {}, {intro} H for help.",
                    board.display()
                ),
                "{layout}"
            );
            assert_eq!(
                all.iter()
                    .filter(|l| l.contains(" won the game in round "))
                    .count(),
                1,
                "{layout} {rules}: {all:?}"
            );
        }
    }
}

#[test]
fn one_person_alone_hears_you_and_bots_roll_by_themselves() {
    let out = play(
        &["--players", "Ana", "--bots", "2", "--seed", "4"],
        &rolls(3),
    );
    assert_eq!(out.status.code(), Some(0));
    let all = lines(&out);
    assert_eq!(
        all[0],
        "Snakes and Ladders: you, Bot 1 and Bot 2. Board: classic, 100 squares, 9 ladders and \
         10 snakes. H for help."
    );
    let game = after_opening(&all);
    assert!(
        game.iter().any(|l| l.starts_with("You rolled a ")),
        "{game:?}"
    );
    assert!(
        game.iter().any(|l| l.starts_with("Bot 1 rolled a ")),
        "{game:?}"
    );
    assert!(
        game.iter().any(|l| l.starts_with("Bot 2 rolled a ")),
        "{game:?}"
    );
    assert!(!game.iter().any(|l| l.contains("Ana")), "{game:?}");
    assert!(game.contains(&"Your turn.".to_string()));
    // Three human rolls, and the bots between them: the person rolled exactly three times.
    assert_eq!(
        game.iter().filter(|l| l.starts_with("You rolled")).count(),
        3
    );
    assert_eq!(game.last().unwrap(), "The game stops here, unfinished.");
}

#[test]
fn names_are_said_as_the_web_game_keeps_them() {
    // NFC ("e" and a combining accent are one letter) and one space between words.
    let out = play(&["--players", "  Zoe\u{301}   Lee ,Cy", "--seed", "1"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        lines(&out)[0].starts_with("Snakes and Ladders: Zo\u{e9} Lee and Cy. "),
        "{}",
        stdout(&out)
    );
}

#[test]
fn brief_mode_gives_one_line_per_roll() {
    let full = play(&["--players", "Ana,Bo", "--seed", "9"], &rolls(6));
    let brief = play(
        &["--players", "Ana,Bo", "--seed", "9", "--brief"],
        &rolls(6),
    );
    let brief = after_opening(&lines(&brief));
    let full = after_opening(&lines(&full));
    let roll_lines: Vec<&String> = brief.iter().filter(|l| !l.ends_with("'s turn.")).collect();
    assert_eq!(roll_lines.len(), 7, "{brief:?}"); // six rolls and the closing line
    let first = full.iter().find(|l| l.contains(" rolled a ")).unwrap();
    // "Ana rolled a 4 and entered the board on square 4." is "Ana, 4: in on 4." in brief.
    let (name, rest) = first.split_once(" rolled a ").unwrap();
    let roll = rest.split(' ').next().unwrap();
    assert_eq!(brief[0], format!("{name}'s turn."));
    assert!(
        brief[1].starts_with(&format!("{name}, {roll}: in on ")),
        "{}",
        brief[1]
    );
}

#[test]
fn every_key_answers() {
    // Enter is an empty line: answered as at a terminal, never skipped in silence.
    let keys = "c\nt\ns\nS\nh\n?\ni\nx\nroll\n\n \nq\nn\nQ\ny\n";
    let out = play(&["--players", "Ana,Bo", "--seed", "1"], keys);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all = lines(&out);
    let game = after_opening(&all);
    let first = game[0]
        .strip_suffix("'s turn.")
        .expect("whose turn it is first");
    let help = [
        // What can be done while the game is on, first.
        "R or Space: roll the die.",
        "L: what each face of the die would do for the player to roll.",
        "C: everyone's position.",
        "T: whose turn it is.",
        "S: the scores in brief.",
        "Shift+S: detailed scores.",
        "G, a square's number and Enter: what is on that square and the next ladder and snake \
         after it; G and Enter alone: your square.",
        "Comma and period: the line said before and after the one last read again; \
         Shift+comma (<) and Shift+period (>): the first and the last.",
        "A: the last announcement again.",
        "B: show the board as text.",
        "I: this game's players, board, rules and seed.",
        "H or ?: these keys.",
        "Q: quit.",
    ]
    .map(String::from);
    let mut expected = vec![
        format!("{first}'s turn."),
        "Ana and Bo have not entered the board.".to_string(),
        format!("It is {first}'s turn; {first} has not entered the board."),
        "Nobody has entered the board yet.".to_string(),
        "Ana: off the board, 100 squares to go; 0 turns, 0 rolls, 0 ladders, 0 snakes, 0 sixes."
            .to_string(),
        "Bo: off the board, 100 squares to go; 0 turns, 0 rolls, 0 ladders, 0 snakes, 0 sixes."
            .to_string(),
    ];
    expected.extend(help.clone());
    expected.extend(help);
    // I: the game, its rules and the seed, which the opening leaves out.
    expected.extend([
        all[0].strip_suffix(" H for help.").unwrap().to_string(),
        all[1].clone(),
        "Seed 1: play this game again with --seed 1.".to_string(),
    ]);
    // x, "roll" and Enter: one short answer each.
    expected.extend(vec!["Unknown key; H for help.".to_string(); 3]);
    assert_eq!(game[..expected.len()], expected);
    // Space rolled.
    assert_eq!(
        game.iter()
            .filter(|l| l.starts_with(&format!("{first} rolled a ")))
            .count(),
        1
    );
    let quit = "Quit the game? Press Y to quit, any other key to go on.".to_string();
    assert_eq!(game.iter().filter(|l| **l == quit).count(), 2);
    assert!(game.contains(&"Playing on.".to_string()));
    assert_eq!(game.last().unwrap(), "Game stopped.");
}

#[test]
fn a_says_the_last_announcement_again_as_it_was_said() {
    let args = ["--players", "Ana,Bo", "--seed", "1"];
    // The first thing said is whose turn it is: A says it again.
    let all = lines(&play(&args, "a\n"));
    let game = after_opening(&all);
    assert_eq!(game[1], game[0]);
    assert!(game[0].ends_with("'s turn."), "{game:?}");
    // After a roll, its lines again; after C, the answer again; neither kept again in the
    // history, whose last line > reads as it would without them.
    let with = lines(&play(&args, "r\na\nc\na\n>\n"));
    let with = &after_opening(&with)[1..];
    let without = lines(&play(&args, "r\nc\n>\n"));
    let without = &after_opening(&without)[1..];
    let (roll, positions) = (&without[..2], &without[2]);
    assert!(roll[0].contains(" rolled a "), "{without:?}");
    assert_eq!(with[..2], roll[..]);
    assert_eq!(with[2..4], roll[..], "the roll again: {with:?}");
    assert_eq!(with[4..6], [positions.clone(), positions.clone()]);
    assert_eq!(with[6], without[3], "the last line of the history");
}

/// Every key the one table of keys gives the terminal does something there: typed after a roll
/// (so that the history has lines to read), each is answered, never as an unknown key.
#[test]
fn every_key_of_the_table_works_at_the_terminal() {
    use snakes_text::keys::{Does, KEYS, Query};
    let args = ["--players", "Ana,Bo", "--seed", "1"];
    let unknown = "Unknown key; H for help.";
    let before = lines(&play(&args, "r\n"));
    assert!(!before.iter().any(|l| l == unknown));
    for k in KEYS.iter().filter(|k| k.terminal) {
        for c in k.chars() {
            let mut keys = format!("r\n{c}\n");
            match k.does {
                // A square's number, then Enter: Enter alone asks about your own.
                Does::Ask(Query::Square) => keys.push('\n'),
                // Q asks first; N goes on.
                Does::Quit => keys.push_str("n\n"),
                _ => {}
            }
            let out = play(&args, &keys);
            assert_eq!(out.status.code(), Some(0), "{c:?}: {}", stderr(&out));
            let all = lines(&out);
            assert!(!all.iter().any(|l| l == unknown), "{c:?}: {all:?}");
            assert!(all.len() > before.len(), "{c:?} said nothing: {all:?}");
        }
    }
}

#[test]
fn the_opening_is_two_lines_and_the_seed_is_on_the_i_key_and_in_help() {
    let out = play(&["--players", "Ana", "--bots", "1"], "i\n");
    let all = lines(&out);
    assert!(all[0].ends_with(" H for help."), "{all:?}");
    assert!(all[1].starts_with("Strict ending: "), "{all:?}");
    // Then the first turn: yours, or the bot's roll.
    assert!(
        all[2] == "Your turn." || all[2].starts_with("Bot 1 rolled a "),
        "{all:?}"
    );
    assert!(!all[..3].iter().any(|l| l.contains("Seed")), "{all:?}");
    // Without --seed, the seed drawn is said by I, and it replays the same game.
    let seed_line = all.iter().find(|l| l.starts_with("Seed ")).unwrap();
    let seed = seed_line
        .strip_prefix("Seed ")
        .and_then(|l| l.split(':').next())
        .unwrap();
    let n: u64 = seed.parse().unwrap();
    assert!(n < 1_000_000, "{seed_line}");
    let again = play(&["--players", "Ana", "--bots", "1", "--seed", seed], "i\n");
    assert_eq!(lines(&again), all);
    let help = Command::new(BIN).args(["play", "--help"]).output().unwrap();
    let help = stdout(&help);
    assert!(help.contains("the I key says it"), "{help}");
    // The keys of --help are the lines H says, from the same table.
    assert!(
        help.contains("\n  I: this game's players, board, rules and seed.\n"),
        "{help}"
    );
}

#[test]
fn the_house_rules_that_keep_a_token_still_say_why() {
    let rules: Rules = "entry=need-six,ending=exact".parse().unwrap();
    let seed = seed_with(
        rules,
        &[|e| {
            matches!(
                e,
                Event::StayedPut {
                    reason: snakes::StayReason::Overshoot,
                    ..
                }
            )
        }],
    );
    let (game, events) = engine_game(rules, 2, seed);
    let out = play(
        &[
            "--players",
            "Ana,Bo",
            "--rules",
            "entry=need-six,ending=exact",
            "--seed",
            &seed.to_string(),
        ],
        &rolls(game.rolls().len()),
    );
    let all = lines(&out);
    assert_eq!(
        all[1],
        "Exact ending: you must land on 100 exactly; a roll that would overshoot does not move. \
         Only a 6 enters the board."
    );
    let need_six = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::StayedPut {
                    reason: snakes::StayReason::NeedSix,
                    ..
                }
            )
        })
        .count();
    let said = all
        .iter()
        .filter(|l| l.ends_with("stayed off the board: it takes a 6 to enter."))
        .count();
    assert_eq!(said, need_six);
    let (player, square) = events
        .iter()
        .find_map(|e| match *e {
            Event::StayedPut {
                player,
                square,
                reason: snakes::StayReason::Overshoot,
            } => Some((player, square)),
            _ => None,
        })
        .unwrap();
    let name = ["Ana", "Bo"][player];
    let line = format!("stayed on {square}: the roll would go past the last square.");
    assert!(
        all.iter()
            .any(|l| l.starts_with(&format!("{name} rolled a ")) && l.ends_with(&line)),
        "{line}"
    );
}

#[test]
fn keys_after_the_end_say_the_game_is_over() {
    let (game, _) = engine_game(Rules::STANDARD, 2, 21);
    let n = game.rolls().len();
    let out = play(
        &["--players", "Ana,Bo", "--seed", "21"],
        &(rolls(n + 1) + "h\nq\nr\n"),
    );
    assert_eq!(out.status.code(), Some(0));
    let all = lines(&out);
    let winner = game.state().winner().unwrap();
    let name = ["Ana", "Bo"][winner];
    let turns = game.state().stats()[winner].turns;
    let end = all
        .iter()
        .position(|l| l.contains(" won the game"))
        .unwrap();
    // The win once, with the round; the keys left; R refused, saying why; H without rolling or
    // looking ahead (the keys the table of keys offers once a game is over, in the words of
    // every_key_answers); Q leaves without asking.
    let english = snakes_text::Catalogue::english();
    let keys_left = snakes_text::keys::help_ids(
        snakes_text::keys::Interface::Terminal,
        snakes_text::keys::Situation {
            over: true,
            ..Default::default()
        },
    );
    let mut expected = vec![
        format!("{name} won the game in round {turns}."),
        "Press S or Shift+S for the scores, Q to leave.".to_string(),
        format!("The game is over: {name} won."),
    ];
    expected.extend(keys_left.iter().map(|id| english.format(id, &[])));
    assert_eq!(all[end..], expected);
    assert!(
        !expected
            .iter()
            .any(|l| l.starts_with("R or Space") || l.starts_with("L:"))
    );
}

#[test]
fn the_board_as_text_with_its_tokens() {
    let out = play(
        &["--players", "Ana,Bo", "--seed", "2", "--board-view"],
        "b\nr\nr\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    // Piped, the board is plain ASCII without colour codes.
    assert!(!text.contains('\x1b'), "{text}");
    assert!(text.is_ascii(), "{text}");
    let all = lines(&out);
    let game = after_opening(&all);
    let (game_engine, _) = {
        let mut g = Game::new(Arc::new(Board::classic()), Rules::STANDARD, 2, 2).unwrap();
        let a = g.roll().unwrap();
        let b = g.roll().unwrap();
        (g, [a, b])
    };
    let squares = game_engine.state().squares();
    let first = ["Ana", "Bo"][game_engine.state().first()];
    let second = ["Ana", "Bo"][1 - game_engine.state().first()];
    // The opening board (with --board-view) and the B key both draw the whole board.
    let headings = game
        .iter()
        .filter(|l| *l == "10 x 10 board, squares 1 to 100: 9 ladders, 10 snakes.")
        .count();
    assert_eq!(headings, 2, "{text}");
    assert_eq!(
        game.iter()
            .filter(|l| l.starts_with("Ladders: 1 to 38, 4 to 14"))
            .count(),
        2
    );
    // After each roll: the roll, the board with its tokens and their legend, then the turn.
    let roll_at = game
        .iter()
        .position(|l| l.starts_with(&format!("{second} rolled a ")))
        .unwrap();
    let grid = &game[roll_at + 1..roll_at + 11];
    assert!(grid[0].trim_start().starts_with("100 "), "{grid:?}");
    assert!(grid[9].trim_start().starts_with("1^38"), "{grid:?}");
    let legend = format!("Tokens: A Ana on {}, B Bo on {}.", squares[0], squares[1]);
    assert_eq!(game[roll_at + 11], legend);
    assert_eq!(game[roll_at + 12], format!("{first}'s turn."));
    // Each token's letter is in the cell of its square.
    for (mark, square) in [('A', squares[0]), ('B', squares[1])] {
        let cell = grid
            .iter()
            .flat_map(|row| row.split_whitespace())
            .find(|cell| cell.contains(mark))
            .unwrap();
        assert!(cell.starts_with(&square.to_string()), "{cell} for {square}");
    }
}

/// Save after some rolls, stop, resume: the two halves together are the uninterrupted game.
#[test]
fn a_resumed_game_is_the_uninterrupted_game() {
    let dir = super::scratch();
    let whole_file = dir.join("whole.json");
    let part_file = dir.join("part.json");
    let args = [
        "--players",
        "Ana,Bo",
        "--bots",
        "1",
        "--rules",
        "six=roll-again,collision=bump",
    ];
    let with = |file: &Path, seed: &str| -> Vec<String> {
        let mut v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        v.extend([
            "--seed".into(),
            seed.into(),
            "--save".into(),
            file.display().to_string(),
        ]);
        v
    };
    let whole_args = with(&whole_file, "31");
    let whole = play(
        &whole_args.iter().map(String::as_str).collect::<Vec<_>>(),
        &rolls(400),
    );
    let whole_lines = after_opening(&lines(&whole));
    let end = whole_lines
        .iter()
        .position(|l| l.contains(" won the game in round "))
        .expect("the game ends");
    let whole_game = &whole_lines[..=end];

    let part_args = with(&part_file, "31");
    let first = play(
        &part_args.iter().map(String::as_str).collect::<Vec<_>>(),
        &rolls(7),
    );
    let first_lines = after_opening(&lines(&first));
    let stop = first_lines
        .iter()
        .position(|l| l == "The game stops here, unfinished.")
        .unwrap();
    assert_eq!(
        first_lines[stop + 1],
        format!(
            "Saved in {0}: continue with snakes play --resume {0}",
            part_file.display()
        )
    );
    let resumed = play(&["--resume", part_file.to_str().unwrap()], &rolls(400));
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    let resumed_all = lines(&resumed);
    // The same opening, the board's name included, then where the game stands.
    assert_eq!(resumed_all[..2], lines(&whole)[..2]);
    assert!(
        resumed_all[0].contains(" Board: classic, 100 squares, "),
        "{}",
        resumed_all[0]
    );
    assert_eq!(resumed_all[2], "Game resumed after 14 rolls.");
    assert_eq!(
        resumed_all[3],
        "Bot 1 is on square 78, Bo is on square 12, Ana is on square 10."
    );
    let second = after_opening(&resumed_all);
    // The turn the first part ended on is said again: a person must act.
    assert_eq!(second[0], first_lines[stop - 1]);
    let mut joined: Vec<String> = first_lines[..stop].to_vec();
    joined.extend_from_slice(
        &second[1..=second
            .iter()
            .position(|l| l.contains(" won the game in round "))
            .unwrap()],
    );
    assert_eq!(joined, whole_game);
    // A save from before boards kept their name resumes with the board unnamed.
    let mut saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&part_file).unwrap()).unwrap();
    assert_eq!(saved["board_name"], "classic");
    saved.as_object_mut().unwrap().remove("board_name");
    let old = dir.join("old.json");
    std::fs::write(&old, saved.to_string()).unwrap();
    let resumed = play(&["--resume", old.to_str().unwrap()], "");
    assert!(
        lines(&resumed)[0].contains(" Board: 100 squares, 9 ladders and 10 snakes."),
        "{}",
        stdout(&resumed)
    );
    // Both save files end with the same game, roll for roll.
    let read = |p: &Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    };
    assert_eq!(read(&whole_file)["rolls"], read(&part_file)["rolls"]);
    assert_eq!(read(&part_file)["seed"], 31);
}

#[test]
fn bad_options_are_user_errors() {
    let dir = super::scratch();
    let fifo = dir.join("pipe");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["--players".into(), "Ana,,Bo".into()],
            "--players: name 2 is empty",
        ),
        (
            vec!["--players".into(), "A,B,C,D,E".into()],
            "--players: 5 names; 1 to 4 people can share a keyboard",
        ),
        // The names of the web game: no two alike, letter case and look-alike letters aside.
        (
            vec!["--players".into(), "Ana,ana".into()],
            "--players: \"ana\" is \"Ana\" again; every player needs a name of their own",
        ),
        (
            vec!["--players".into(), "Ana,\u{410}na".into()],
            "--players: \"\u{410}na\" is \"Ana\" again",
        ),
        (
            vec!["--players".into(), "Bob\u{200b},Cy".into()],
            "--players: \"Bob\\u{200b}\" cannot be a name: a name cannot hold U+200B, a character \
             that cannot be seen or told apart",
        ),
        (
            vec!["--players".into(), "x".repeat(25)],
            "cannot be a name: a name has at most 24 characters",
        ),
        (
            vec!["--players".into(), "Ana,bot 1".into()],
            "--players: \"bot 1\" cannot be a name: “bot 1” is a name kept for bots",
        ),
        // Names that would break the sentences ("You's turn.", "You is on square 5").
        (
            vec!["--players".into(), "Ana,You".into()],
            "--players: \"You\" cannot be a name: “You” would read as “you” in the game's sentences",
        ),
        (
            vec!["--players".into(), "Y\u{43e}U".into()],
            "would read as “you” in the game's sentences",
        ),
        (
            vec!["--players".into(), "Ana,007".into()],
            "--players: \"007\" cannot be a name: “007” would read as a number in the game's sentences",
        ),
        // Names heard as part of a sentence: "Your turn climbed to 38", "Bo went to 100 went to 6".
        (
            vec!["--players".into(), "Ana,Your turn".into()],
            "--players: \"Your turn\" cannot be a name: “Your turn” would read as “you” in the \
             game's sentences",
        ),
        (
            vec!["--players".into(), "Ana,Bo went to".into()],
            "--players: \"Bo went to\" cannot be a name: “Bo went to” holds “to”, a word of the \
             game's own sentences, and would be heard as part of one",
        ),
        (
            vec!["--players".into(), "Ana,Bot1".into()],
            "--players: \"Bot1\" cannot be a name: “Bot1” is a name kept for bots",
        ),
        (
            vec![
                "--players".into(),
                "Ana".into(),
                "--bots".into(),
                "0".into(),
            ],
            "a game needs at least two players",
        ),
        (
            vec!["--bots".into(), "8".into()],
            "9 players; a game has at most 8",
        ),
        (
            vec!["--board".into(), "nowhere".into()],
            "cannot read nowhere: no such file (a board is `classic`",
        ),
        (
            // A named pipe stands for /dev/null and other special files (which a failing
            // test run as root must not replace).
            vec!["--save".into(), fifo.display().to_string()],
            "pipe: it is not a regular file",
        ),
        (
            vec!["--save".into(), dir.display().to_string()],
            "it is not a regular file",
        ),
        (
            vec!["--resume".into(), "/dev/zero".into()],
            "/dev/zero is larger than 256 MiB",
        ),
        (
            vec!["--board".into(), "-".into()],
            "--board -: standard input gives the keys of the game; give the board in a file",
        ),
        (
            vec!["--rules".into(), "ending=fast".into()],
            "rules: unknown value \"fast\" for ending",
        ),
        (
            vec![
                "--resume".into(),
                dir.join("none.json").display().to_string(),
            ],
            "cannot read",
        ),
        (
            vec![
                "--resume".into(),
                "x.json".into(),
                "--players".into(),
                "Ana,Bo".into(),
            ],
            "cannot be used with",
        ),
    ];
    for (args, message) in cases {
        let out = play(&args.iter().map(String::as_str).collect::<Vec<_>>(), "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
    // A bad board file names the file and the problem.
    let board = dir.join("board.json");
    std::fs::write(&board, "[[-1,-1],[-1]]").unwrap();
    let out = play(&["--board", board.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("board.json"), "{}", stderr(&out));
    // A board on which a game may never end is refused at the start, with the reason
    // `snakes board check` gives, rather than played for ever.
    let trap = dir.join("trap.json");
    std::fs::write(
        &trap,
        r#"{"rows":1,"cols":6,"snakes":[[3,2],[4,2]],"ladders":[[1,5]]}"#,
    )
    .unwrap();
    let unreachable = dir.join("unreachable.json");
    std::fs::write(
        &unreachable,
        r#"{"rows":1,"cols":6,"snakes":[[4,1],[5,1]]}"#,
    )
    .unwrap();
    for (board, rules, message) in [
        (
            &trap,
            "ending=exact,die=2",
            "a token can reach square 2, from which square 6 can never be reached: a game may never end",
        ),
        (
            &unreachable,
            "die=2",
            "square 6 cannot be reached from the start: no game on this board can end",
        ),
    ] {
        let out = play(
            &[
                "--board",
                board.to_str().unwrap(),
                "--rules",
                rules,
                "--seed",
                "1",
            ],
            &rolls(50),
        );
        assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
        assert!(stdout(&out).is_empty(), "{}", stdout(&out));
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
        assert!(stderr(&out).contains(board.file_name().unwrap().to_str().unwrap()));
        // A saved game edited to hold such a board is refused too.
        let save = dir.join("edited.json");
        play(
            &["--seed", "1", "--save", save.to_str().unwrap()],
            &rolls(1),
        );
        let mut saved: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
        saved["board"] = serde_json::from_str(&std::fs::read_to_string(board).unwrap()).unwrap();
        saved["rules"] = format!("{}", rules.parse::<Rules>().unwrap()).into();
        saved["rolls"] = serde_json::json!([]);
        std::fs::write(&save, saved.to_string()).unwrap();
        let out = play(&["--resume", save.to_str().unwrap()], &rolls(50));
        assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
        assert!(stderr(&out).contains("edited.json"), "{}", stderr(&out));
        // The same board is fine with a die that gets past the snakes.
        let out = play(
            &["--board", board.to_str().unwrap(), "--seed", "1"],
            &rolls(3),
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    // A save file changed by hand is refused, naming the roll.
    let save = dir.join("game.json");
    play(
        &["--seed", "5", "--save", save.to_str().unwrap()],
        &rolls(3),
    );
    let mut saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let first = saved["rolls"][0].as_u64().unwrap();
    saved["rolls"][0] = (first % 6 + 1).into();
    std::fs::write(&save, saved.to_string()).unwrap();
    let out = play(&["--resume", save.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!(
            "roll 1 is {}, but seed 5 gives {first}",
            first % 6 + 1
        )),
        "{}",
        stderr(&out)
    );
    std::fs::write(&save, "{\"kind\": \"something else\"}").unwrap();
    let out = play(&["--resume", save.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not a saved game"),
        "{}",
        stderr(&out)
    );
}

/// The lines answering G: the question, then the answer (or that none was asked).
const SQUARE_PROMPT: &str = "Which square? Type its number, then Enter.";

#[test]
fn l_and_g_say_what_each_face_would_do_and_what_is_on_a_square() {
    // Seed 1: Bo rolls first. L before the roll, G for 47, for the square of the player to
    // roll (Enter alone, said to the people sharing the keyboard), for 101, G cancelled by
    // another key, G with a digit taken back; then a roll and L for Ana.
    let keys = "l\ng\n4\n7\n\ng\n\ng\n1\n0\n1\n\ng\nx\ng\n4\n8\n\u{7f}\n7\n\nr\nl\n";
    let out = play(&["--players", "Ana,Bo", "--seed", "1"], keys);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all = lines(&out);
    let said = after_opening(&all);
    let square_47 = "Square 47: a snake down to 26. The next ladder is at 51, 4 squares ahead; \
                     the next snake at 49, 2 squares ahead.";
    assert_eq!(
        said[..11],
        [
            "Bo's turn.",
            "Bo is off the board: 1 climbs the ladder at 1 to 38, 2 and 3 move to 2 and 3, 4 \
             climbs the ladder at 4 to 14, 5 and 6 move to 5 and 6.",
            SQUARE_PROMPT,
            square_47,
            SQUARE_PROMPT,
            "Off the board. Ana and Bo are here. The next ladder is at 1, 1 square ahead; the \
             next snake at 16, 16 squares ahead.",
            SQUARE_PROMPT,
            "There is no square 101: the board has squares 1 to 100.",
            SQUARE_PROMPT,
            "No square asked.",
            SQUARE_PROMPT,
        ]
    );
    assert_eq!(said[11], square_47);
    assert_eq!(said.last().unwrap(), "The game stops here, unfinished.");
    // The roll, then L from where the engine put Bo, for Ana.
    let mut game = Game::new(Arc::new(Board::classic()), Rules::STANDARD, 2, 1).unwrap();
    game.roll().unwrap();
    let narrator = snakes_text::Narrator::new(vec!["Ana".into(), "Bo".into()]);
    let expected = narrator.look_ahead(game.state(), snakes_text::Listener::Spectator);
    assert!(expected.starts_with("Ana is off the board: "), "{expected}");
    assert_eq!(said[said.len() - 2], expected);
}

#[test]
fn l_follows_the_house_rules_and_speaks_to_the_one_player() {
    // One person and a bot, need-six; seed 2: the person rolls first, and is "you".
    let out = play(
        &[
            "--players",
            "Ana",
            "--bots",
            "1",
            "--seed",
            "2",
            "--rules",
            "entry=need-six",
        ],
        "l\n",
    );
    let all = lines(&out);
    assert_eq!(
        all[all.len() - 2..],
        [
            "From off the board: 1 to 5 leave you off the board, 6 moves you to 6.",
            "The game stops here, unfinished."
        ]
    );
    // Bump: a seed whose first roll rests on a plain square within a roll of the start, where
    // the other player's roll of the same number would send that token back.
    let bump: Rules = "collision=bump".parse().unwrap();
    let (seed, square, first) = (0..100)
        .find_map(|seed| {
            let mut game = Game::new(Arc::new(Board::classic()), bump, 2, seed).unwrap();
            let first = game.state().first();
            game.roll().unwrap();
            let square = game.state().square(first);
            [2, 3, 5, 6]
                .contains(&square)
                .then_some((seed, square, first))
        })
        .unwrap();
    let seed = seed.to_string();
    let out = play(
        &[
            "--players",
            "Ana,Bo",
            "--seed",
            &seed,
            "--rules",
            "collision=bump",
        ],
        "r\nl\n",
    );
    let all = lines(&out);
    let said = &all[all.len() - 2];
    let (name, other) = if first == 0 {
        ("Ana", "Bo")
    } else {
        ("Bo", "Ana")
    };
    assert!(
        said.starts_with(&format!("{other} is off the board: ")),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "{square} moves to {square} and sends {name} back off the board"
        )),
        "{said}"
    );
}

#[test]
fn the_history_keys_read_back_every_line_with_its_number() {
    // Seed 1: Bo first. C and T, then the history: back three, forward one, the first, the
    // last; a roll; back from the end again.
    let keys = "c\nt\n,\n,\n,\n.\n<\n,\n>\n.\nh\n,\nr\n,\n";
    let out = play(&["--players", "Ana,Bo", "--seed", "1"], keys);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all = lines(&out);
    let opening = all[0].clone();
    let said = after_opening(&all);
    let c = "Ana and Bo have not entered the board.";
    let t = "It is Bo's turn; Bo has not entered the board.";
    assert_eq!(
        said[..10],
        [
            "Bo's turn.".to_string(),
            c.to_string(),
            t.to_string(),
            format!("5 of 5: {t}"),
            format!("4 of 5: {c}"),
            "3 of 5: Bo's turn.".to_string(),
            format!("4 of 5: {c}"),
            format!("1 of 5: {opening}"),
            format!("1 of 5: {opening}"),
            format!("5 of 5: {t}"),
        ]
    );
    // "." at the last line says it again; the help is not kept, and does not move the place.
    assert_eq!(said[10], format!("5 of 5: {t}"));
    let help_end = said.iter().position(|l| l == "Q: quit.").unwrap();
    assert_eq!(said[help_end + 1], format!("5 of 5: {t}"));
    // The roll's lines join the history, and "," after it reads its last line.
    let said = &said[..said.len() - 1];
    assert!(all.last().unwrap().ends_with("unfinished."));
    let roll_lines = &said[help_end + 2..said.len() - 1];
    assert!(roll_lines[0].starts_with("Bo rolled a "), "{said:?}");
    assert_eq!(roll_lines.last().unwrap(), "Ana's turn.");
    let count = 5 + roll_lines.len();
    assert_eq!(
        said.last().unwrap(),
        &format!("{count} of {count}: Ana's turn.")
    );
}

#[test]
fn the_bots_rolls_said_in_full_in_one_line_or_only_ladders_and_snakes() {
    let run = |others: &str| {
        let out = play(
            &[
                "--players",
                "Ana",
                "--bots",
                "2",
                "--seed",
                "5",
                "--others",
                others,
            ],
            &rolls(8),
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        after_opening(&lines(&out))
    };
    let full = run("full");
    let bot_lines: Vec<&String> = full.iter().filter(|l| l.starts_with("Bot ")).collect();
    assert!(bot_lines.len() >= 10, "{full:?}");
    // Jumps: the bots' lines with a ladder or a snake, and nothing else of theirs.
    let jumps = run("jumps");
    let highlights: Vec<&String> = bot_lines
        .iter()
        .copied()
        .filter(|l| l.contains("ladder") || l.contains("snake"))
        .collect();
    assert!(!highlights.is_empty() && highlights.len() < bot_lines.len());
    let heard: Vec<String> = jumps
        .iter()
        .filter(|l| l.ends_with("Your turn.") && *l != "Your turn.")
        .cloned()
        .collect();
    let told = heard.join(" ");
    for line in &highlights {
        // "Bot 1 rolled a 4 and climbed the ladder at 4 to 14." is told "Bot 1 climbed to 14".
        let name = &line[..5];
        let to = line.trim_end_matches('.').rsplit(' ').next().unwrap();
        assert!(
            told.contains(&format!("{name} ")) && told.contains(to),
            "{line} in {jumps:?}"
        );
    }
    assert!(
        !jumps
            .iter()
            .any(|l| l.starts_with("Bot ") && l.contains(" rolled "))
    );
    // Brief: one line of the bots' moves before each of the person's turns.
    let brief = run("brief");
    assert!(
        !brief
            .iter()
            .any(|l| l.contains(" rolled a ") && l.starts_with("Bot "))
    );
    let catch_up = brief
        .iter()
        .filter(|l| l.starts_with("Bot ") && l.ends_with(". Your turn."))
        .count();
    assert!(catch_up >= 7, "{brief:?}");
    // Every roll of the bots is still in the history: "," from the end walks back to them.
    let out = play(
        &[
            "--players",
            "Ana",
            "--bots",
            "2",
            "--seed",
            "5",
            "--others",
            "brief",
        ],
        &(rolls(2) + ",\n,\n,\n"),
    );
    let back = lines(&out);
    assert!(
        back.iter()
            .any(|l| l.contains(" of ") && l.contains(": Bot ") && l.contains(" rolled a ")),
        "{back:?}"
    );
    let out = play(&["--players", "Ana", "--others", "loud"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid value 'loud' for '--others <HOW>'"),
        "{}",
        stderr(&out)
    );
}

/// The shell command that plays, then shows the exit status and the terminal's settings.
fn in_terminal(args: &str) -> String {
    format!("{BIN} play {args}; echo \"exit=$?\"; stty -a; echo settings-shown; sleep 600")
}

/// Whether `stty -a` output shows a sane, line-editing terminal again.
fn terminal_is_sane(screen: &str) -> bool {
    let words: Vec<&str> = screen.split_whitespace().collect();
    ["icanon", "echo", "isig"].iter().all(|w| words.contains(w))
        && !words.contains(&"-icanon")
        && !words.contains(&"-echo")
}

#[test]
fn a_board_from_a_terminal_says_what_it_waits_for() {
    // `snakes board show -` typed at a terminal seemed to hang; it now says what it reads.
    let tmux = Tmux::start(
        "stdin",
        &format!("{BIN} board show -; echo \"exit=$?\"; sleep 600"),
    );
    tmux.wait_for("Reading a board from standard input; end with Ctrl-D.");
    tmux.run(&["send-keys", "-t", "game", "-l", "[[-1,-1],[-1,3]]"]);
    tmux.press("Enter");
    tmux.press("C-d");
    let screen = tmux.wait_for("exit=0");
    assert!(
        screen.contains("2 x 2 board, squares 1 to 4: 1 ladder, no snakes."),
        "{screen}"
    );
}

#[test]
fn keys_pressed_while_the_bots_roll_are_answered_then_and_never_roll_later() {
    // Bot 2 rolls first, then Ana. R, R and C pressed at once: the first R rolls for Ana; the
    // second and C arrive during Bot 1's turn, where the roll is refused with whose turn it is
    // (as the page refuses it) and C is answered, and neither is kept for Ana's next turn.
    let tmux = Tmux::start("queued", &in_terminal("--players Ana --bots 2 --seed 7"));
    tmux.wait_for("Your turn.");
    tmux.run(&["send-keys", "-t", "game", "-l", "rrc"]);
    let screen = tmux.wait_for("Bot 2 rolled a 6 and moved from 2 to 8.\nYour turn.");
    let after = screen
        .split("You rolled a 6 and entered the board on square 6.\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no roll for Ana:\n{screen}"));
    let lines: Vec<&str> = after.lines().take(5).collect();
    assert_eq!(lines[0], "It is Bot 1's turn.", "{screen}");
    assert_eq!(
        lines[1], "You are on square 6, Bot 2 is on square 2, Bot 1 has not entered the board.",
        "{screen}"
    );
    assert!(lines[2].starts_with("Bot 1 rolled a 6"), "{screen}");
    assert_eq!(
        &lines[3..],
        ["Bot 2 rolled a 6 and moved from 2 to 8.", "Your turn."]
    );
    // Ana's turn waits for a key of this turn: T says so, and Ana has rolled once.
    tmux.press("t");
    let screen = tmux.wait_for("Your turn.\nIt is your turn");
    assert_eq!(screen.matches("You rolled").count(), 1, "{screen}");
}

#[test]
fn raw_keys_work_in_a_real_terminal_and_quitting_restores_it() {
    let tmux = Tmux::start("keys", &in_terminal("--players Ana,Bo --seed 4"));
    let screen = tmux.wait_for("'s turn.");
    let first = if screen.contains("Ana's turn.") {
        "Ana"
    } else {
        "Bo"
    };
    let second = if first == "Ana" { "Bo" } else { "Ana" };
    // No Enter: the key alone rolls.
    tmux.press("r");
    tmux.wait_for(&format!("{first} rolled a "));
    tmux.press("Space");
    tmux.wait_for(&format!("{second} rolled a "));
    tmux.press("c");
    tmux.wait_for(" on square ");
    tmux.press("S");
    tmux.wait_for("Bo: square ");
    // A key that is not one, Enter, Escape and an arrow: one short answer each.
    for (n, key) in ["x", "Enter", "Escape", "Up"].iter().enumerate() {
        tmux.press(key);
        let unknown = "Unknown key; H for help.";
        let screen = tmux.wait_until(&format!("answer {} to {key}", n + 1), |screen| {
            screen.matches(unknown).count() > n
        });
        assert_eq!(screen.matches(unknown).count(), n + 1, "{key}");
    }
    tmux.press("q");
    tmux.wait_for("Quit the game? Press Y to quit");
    tmux.press("y");
    let screen = tmux.wait_for("settings-shown");
    assert!(screen.contains("exit=0"), "{screen}");
    assert!(screen.contains("Game stopped."), "{screen}");
    // Keys are not echoed: no line holds a bare "r", "c" or "x".
    for line in screen.lines() {
        assert!(
            !["r", "c", "x", "S", "q", "y"].contains(&line.trim()),
            "{screen}"
        );
    }
    assert!(terminal_is_sane(&screen), "{screen}");
}

#[test]
fn look_ahead_a_square_and_the_history_in_a_real_terminal() {
    let tmux = Tmux::start("look", &in_terminal("--players Ana,Bo --seed 1"));
    tmux.wait_for("Bo's turn.");
    tmux.press("l");
    tmux.wait_for("Bo is off the board: 1 climbs the ladder at 1 to 38,");
    // G, then the digits, shown as they are typed; Backspace takes one back.
    tmux.press("g");
    tmux.wait_for(SQUARE_PROMPT);
    for key in ["4", "8", "BSpace", "7"] {
        tmux.press(key);
    }
    let screen = tmux.wait_for(&format!("{SQUARE_PROMPT}\n47"));
    assert!(!screen.contains("Square 47:"), "{screen}");
    tmux.press("Enter");
    tmux.wait_for("Square 47: a snake down to 26.");
    // Shift+comma and comma: the first line, then the line before the last.
    tmux.run(&["send-keys", "-t", "game", "-l", "<"]);
    tmux.wait_for("1 of 5: Snakes and Ladders: Ana and Bo.");
    tmux.run(&["send-keys", "-t", "game", "-l", ">"]);
    tmux.wait_for("5 of 5: Square 47: a snake down to 26.");
    tmux.run(&["send-keys", "-t", "game", "-l", ","]);
    tmux.wait_for("4 of 5: Bo is off the board:");
    tmux.press("q");
    tmux.press("y");
    let screen = tmux.wait_for("settings-shown");
    assert!(screen.contains("exit=0"), "{screen}");
    assert!(terminal_is_sane(&screen), "{screen}");
}

#[test]
fn the_board_view_in_a_terminal_has_arrows_and_colour_unless_no_color() {
    for (env, colour) in [("env -u NO_COLOR ", true), ("NO_COLOR=1 ", false)] {
        let command = in_terminal("--players Ana,Bo --seed 2 --board-view");
        let tmux = Tmux::start(
            if colour { "colour" } else { "no-colour" },
            &format!("{env}{command}"),
        );
        tmux.wait_for(" H for help.");
        let screen = tmux.wait_for("Tokens: A Ana off the board, B Bo off the board.");
        assert!(screen.contains("28\u{2191}84"), "{screen}");
        assert!(screen.contains("98\u{2193}78"), "{screen}");
        let coloured = tmux.run(&["capture-pane", "-p", "-e", "-t", "game", "-S", "-200"]);
        assert_eq!(
            coloured.contains("\x1b[32m28\u{2191}84"),
            colour,
            "{coloured:?}"
        );
        tmux.press("q");
        tmux.press("y");
        tmux.wait_for("settings-shown");
    }
}

#[test]
fn the_b_key_in_a_terminal_draws_the_board_views_arrows_and_colour() {
    // Without --board-view, B draws the same board: arrows, and colour on a terminal.
    let tmux = Tmux::start(
        "b-key",
        &format!(
            "env -u NO_COLOR {}",
            in_terminal("--players Ana,Bo --seed 2")
        ),
    );
    tmux.wait_for("'s turn.");
    tmux.press("b");
    let screen = tmux.wait_for("Tokens: A Ana off the board, B Bo off the board.");
    assert!(screen.contains("28\u{2191}84"), "{screen}");
    let coloured = tmux.run(&["capture-pane", "-p", "-e", "-t", "game", "-S", "-200"]);
    assert!(coloured.contains("\x1b[32m28\u{2191}84"), "{coloured:?}");
    tmux.press("q");
    tmux.press("y");
    tmux.wait_for("settings-shown");
}

#[test]
fn ctrl_c_stops_at_once_and_leaves_the_terminal_sane() {
    let tmux = Tmux::start("ctrl-c", &in_terminal("--players Ana --bots 1 --seed 4"));
    tmux.wait_for(" H for help.");
    tmux.wait_for("Your turn.");
    tmux.press("C-c");
    let screen = tmux.wait_for("settings-shown");
    assert!(screen.contains("exit=130"), "{screen}");
    assert!(screen.contains("Game stopped."), "{screen}");
    assert!(terminal_is_sane(&screen), "{screen}");
}

#[test]
fn sigterm_and_sighup_restore_the_terminal_and_exit_as_killed() {
    for (signal, status) in [("TERM", 143), ("HUP", 129)] {
        // The inner shell prints its process id, then becomes the game (exec keeps the id), so
        // the signal goes to the game itself, as `kill PID` or a closed window would send it.
        let command = format!(
            "sh -c 'echo \"pid=$$\"; exec {BIN} play --players Ana,Bo --seed 4'; \
             echo \"exit=$?\"; stty -a; echo settings-shown; sleep 600"
        );
        let tmux = Tmux::start(&format!("sig{signal}"), &command);
        let screen = tmux.wait_for(" H for help.");
        let pid = screen
            .lines()
            .find_map(|l| l.trim().strip_prefix("pid="))
            .unwrap()
            .to_string();
        // Raw mode is on: a key needs no Enter and is not echoed.
        tmux.press("c");
        tmux.wait_for("have not entered the board.");
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .unwrap();
        assert!(killed.success(), "kill -{signal} {pid}");
        let screen = tmux.wait_for("settings-shown");
        assert!(screen.contains(&format!("exit={status}")), "{screen}");
        // The shell says 128 + the signal for a process the signal killed too: the settings
        // are what shows the game restored the terminal before going.
        assert!(terminal_is_sane(&screen), "SIG{signal}: {screen}");
    }
}

#[test]
fn refusals_are_kept_in_the_history_and_a_script_may_give_g_a_whole_number() {
    // Seed 3: Bot 1 rolls first, then it is the person's turn (the history holds the two
    // opening lines too). G and 47 on one line; an unknown
    // key, read back; G cancelled, read back; Q then another key, read back; G and 25 nines
    // typed one by one (19 taken, the number said back is the one shown).
    let mut keys = String::from("g\n47\nx\n,\ng\nz\n,\nq\nn\n,\ng\n");
    keys.push_str(&"9\n".repeat(25));
    keys.push('\n');
    let out = play(&["--seed", "3"], &keys);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all = lines(&out);
    let said = after_opening(&all);
    assert_eq!(
        said,
        [
            "Bot 1 rolled a 4 and climbed the ladder at 4 to 14.",
            "Your turn.",
            "Which square? Type its number, then Enter.",
            "Square 47: a snake down to 26. The next ladder is at 51, 4 squares ahead; the next \
             snake at 49, 2 squares ahead.",
            "Unknown key; H for help.",
            "6 of 6: Unknown key; H for help.",
            "Which square? Type its number, then Enter.",
            "No square asked.",
            "7 of 7: No square asked.",
            "Quit the game? Press Y to quit, any other key to go on.",
            "Playing on.",
            "8 of 8: Playing on.",
            "Which square? Type its number, then Enter.",
            "There is no square 9999999999999999999: the board has squares 1 to 100.",
            "The game stops here, unfinished.",
        ]
    );
}
