//! A real game, played through the table's state machine with a fixed key (the way the actor
//! plays it: decide, apply, at chosen moments), verified; then every field of its record
//! changed in turn, every event dropped, made-up ones inserted, the record cut: each change is
//! caught, with the sentence that names it.

use std::collections::HashMap;

use super::*;
use crate::protocol::GameRecord;
use crate::protocol::{ask, join};
use crate::table::{Action, Command};
use serde_json::json;

/// The key of the games below: fixed, so that every run plays the same game.
const KEY: [u8; 32] = [7; 32];

/// A 5 x 5 board with two ladders and two snakes: short games with every kind of move.
const BOARD: &str = r#"{"rows":5,"cols":5,"ladders":[[3,11],[8,17]],"snakes":[[14,4],[22,12]]}"#;

/// Rules under which a game makes every kind of event: a six to enter (staying put), a bounce
/// at the end, a six rolls again, a token landed on goes back.
const RULES: &str = "entry=need-six,six=roll-again,collision=bump";

const TIMER: Duration = Duration::from_secs(100);
const GRACE: Duration = Duration::from_secs(1000);
const BOT_DELAY: Duration = Duration::from_secs(1);

/// A table with its own clock and the seats' tokens.
struct Play {
    state: TableState,
    now: Instant,
    tokens: HashMap<&'static str, String>,
}

impl Play {
    fn new(max_turns: u32) -> Play {
        let (board, rules) = Setup::read(BOARD, RULES).unwrap();
        let setup = Setup {
            board_name: "custom".into(),
            board: Arc::new(board),
            rules,
            seats: 3,
            dice: DiceSource::Key(KEY),
        };
        let timing = Timing {
            bot_delay: BOT_DELAY,
            grace: GRACE,
            turn_timer: Some(TIMER),
        };
        let now = Instant::now();
        Play {
            state: TableState::new(1, setup, timing, now).with_max_turns(max_turns),
            now,
            tokens: HashMap::new(),
        }
    }

    /// Decides `command` now, applies and stamps what it causes, as the actor does.
    fn run(&mut self, command: Command) -> Vec<TableEvent> {
        let events = self.state.decide(&command, self.now).unwrap();
        for e in &events {
            self.state.apply(e).unwrap();
        }
        if !events.is_empty() {
            self.state.stamp(self.now);
        }
        events
    }

    fn wait(&mut self, time: Duration) {
        self.now += time;
    }

    fn join(&mut self, name: &'static str) {
        let (secret, token) = Secret::random();
        self.run(join(name, None, secret));
        self.tokens.insert(name, token);
    }

    fn token(&self, name: &str) -> String {
        self.tokens[name].clone()
    }

    fn host(&mut self, command: impl Fn(String, u64) -> Command) {
        let command = command(self.token("Ana"), self.state.seq());
        self.run(command);
    }

    /// Ana creates the table and seats a bot; Cy comes and goes; a second bot is seated and
    /// removed; Bo sits down; Ana starts the game; both people follow it.
    fn seated() -> Play {
        let mut p = Play::new(0);
        p.seat();
        p
    }

    fn seat(&mut self) {
        self.join("Ana");
        self.host(|token, seq| ask(token, seq, Action::AddBot {}));
        self.join("Cy");
        self.run(ask(self.token("Cy"), 0, Action::Leave {}));
        self.host(|token, seq| ask(token, seq, Action::AddBot {}));
        self.host(|token, seq| ask(token, seq, Action::RemoveBot { seat: 2 }));
        self.join("Bo");
        self.host(|token, seq| ask(token, seq, Action::Start {}));
        for name in ["Ana", "Bo"] {
            self.state.connect(Some(&self.token(name)));
        }
    }

    /// The person who is `player` ("" for the bot).
    fn name_of(&self, player: Player) -> &'static str {
        match self.state.seats().nth(player).flatten().map(|s| s.name) {
            Some("Ana") => "Ana",
            Some("Bo") => "Bo",
            _ => "",
        }
    }

    fn rolls(&self) -> usize {
        self.state
            .log()
            .iter()
            .filter(|l| matches!(l.event, TableEvent::Game(Event::Rolled { .. })))
            .count()
    }

    /// Plays to the end: people roll when it is their turn, the bot after its delay; on the
    /// way, Bo leaves (a bot plays for Bo) and later takes the seat back to roll, Ana's
    /// connection is lost past the grace period and comes back, and Ana's turn timer runs out
    /// once.
    fn play_out(&mut self) {
        let (mut bo_left, mut bo_back, mut ana_lost, mut ana_back, mut timer) =
            (false, false, false, false, false);
        while self.state.status() == Status::Playing {
            self.wait(Duration::from_secs(1));
            let turn = self.state.game().unwrap().turn();
            let rolls = self.rolls();
            if rolls >= 3 && !bo_left {
                bo_left = true;
                self.run(ask(self.token("Bo"), 0, Action::Leave {}));
            } else if rolls >= 8 && !ana_lost {
                ana_lost = true;
                self.state.disconnect(Some(&self.token("Ana")), self.now);
                self.wait(GRACE);
                assert_eq!(
                    self.run(Command::Tick),
                    [TableEvent::Table(Lifecycle::BotTookOver {
                        player: 0,
                        reason: crate::protocol::AwayReason::Disconnected
                    })]
                );
            } else if rolls >= 12 && !ana_back {
                ana_back = true;
                self.run(Command::Watch {
                    token: Some(self.token("Ana")),
                });
            } else if bo_left && !bo_back && rolls >= 16 && self.name_of(turn) == "Bo" {
                bo_back = true;
                self.run(ask(self.token("Bo"), 0, Action::ComeBack {}));
            } else if let Some(_bot) = self.state.bot_to_roll() {
                self.wait(BOT_DELAY);
                self.run(Command::Tick);
            } else if ana_back && !timer && self.name_of(turn) == "Ana" {
                timer = true;
                self.wait(TIMER);
                self.run(Command::Tick);
            } else {
                let name = self.name_of(turn);
                self.run(ask(self.token(name), self.state.seq(), Action::Roll {}));
            }
        }
    }

    fn record(&self) -> GameRecord {
        crate::view::record(&self.state)
    }
}

/// The finished game's record, as JSON.
fn finished() -> Value {
    let mut p = Play::seated();
    p.play_out();
    serde_json::to_value(p.record()).unwrap()
}

/// A game that ends in a draw after 12 turns, as JSON.
fn drawn() -> Value {
    let mut p = Play::new(12);
    p.seat();
    while p.state.status() == Status::Playing {
        p.wait(Duration::from_secs(1));
        if p.state.bot_to_roll().is_some() {
            p.wait(BOT_DELAY);
            p.run(Command::Tick);
        } else {
            let turn = p.state.game().unwrap().turn();
            let name = p.name_of(turn);
            p.run(ask(p.token(name), p.state.seq(), Action::Roll {}));
        }
    }
    serde_json::to_value(p.record()).unwrap()
}

/// A game a moderator closed after its eighth roll, as JSON, with the key, which the server
/// never reveals for a table that did not finish, given as someone who holds it would.
fn closed() -> Value {
    let mut p = Play::seated();
    while p.rolls() < 8 {
        p.wait(Duration::from_secs(1));
        if p.state.bot_to_roll().is_some() {
            p.wait(BOT_DELAY);
            p.run(Command::Tick);
        } else {
            let turn = p.state.game().unwrap().turn();
            let name = p.name_of(turn);
            p.run(ask(p.token(name), p.state.seq(), Action::Roll {}));
        }
    }
    p.run(Command::Close {
        by: "Mo".into(),
        reason: "spam in the talk".into(),
    });
    let mut record = serde_json::to_value(p.record()).unwrap();
    assert_eq!(record["dice"]["key"], Value::Null);
    record["dice"]["key"] = json!(crate::secret::hex(&KEY));
    record
}

fn english() -> Arc<Catalogue> {
    Catalogue::english()
}

/// Verifies a record given as JSON: the verdict, or the sentence naming the first problem.
fn check(record: &Value) -> Result<Verified, Refuted> {
    verify(&Record::deserialize(record).unwrap(), &english())
}

fn refuted(record: &Value) -> String {
    match check(record) {
        Ok(v) => panic!("verified: {v:?}"),
        Err(e) => e.message,
    }
}

/// Every leaf of `value` (a field, or an item of a list, at any depth), by its path.
fn leaves(value: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                path.push(k.clone());
                leaves(v, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(i.to_string());
                leaves(v, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

fn at<'v>(value: &'v mut Value, path: &[String]) -> &'v mut Value {
    path.iter().fold(value, |v, k| match v {
        Value::Array(items) => &mut items[k.parse::<usize>().unwrap()],
        _ => &mut v[k.as_str()],
    })
}

/// Other values of the same kind for a leaf: a number one more and one less, a flipped flag,
/// the other value of a two-valued field, a hex digit changed, a name with a letter more.
fn others(value: &Value) -> Vec<Value> {
    match value {
        Value::Number(n) => {
            let n = n.as_u64().unwrap();
            let mut v = vec![json!(n + 1)];
            if n > 0 {
                v.push(json!(n - 1));
            }
            v
        }
        Value::Bool(b) => vec![json!(!b)],
        Value::String(s) => vec![json!(match s.as_str() {
            "need_six" => "overshoot".to_string(),
            "overshoot" => "need_six".to_string(),
            "left" => "disconnected".to_string(),
            "disconnected" => "left".to_string(),
            hex if hex.len() == 64 => {
                let first = if hex.starts_with('0') { "1" } else { "0" };
                format!("{first}{}", &hex[1..])
            }
            name => format!("{name}x"),
        })],
        _ => unreachable!("{value}"),
    }
}

/// The events of a record, for changing it.
fn events(record: &mut Value) -> &mut Vec<Value> {
    record["events"].as_array_mut().unwrap()
}

/// Numbers the events 1, 2, 3, ... again (after one was dropped or inserted).
fn renumber(record: &mut Value) {
    for (k, e) in events(record).iter_mut().enumerate() {
        e["seq"] = json!(k + 1);
    }
}

/// The type of the event numbered `seq` (from 1).
fn kind(record: &Value, seq: usize) -> String {
    record["events"][seq - 1]["event"]["type"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The event number a problem names, if it names one.
fn event_of(problem: &Problem) -> Option<u64> {
    serde_json::to_value(problem).unwrap()["event"].as_u64()
}

/// A record read, with the verifier after each of its first events: `prefix[i]` has
/// checked events 1 to i. A change at event i + 1 is verified from `prefix[i]` on, as
/// [`verify`] would, without replaying again what comes before it.
struct Prefixes<'a> {
    record: Record,
    prefix: Vec<Verifier<'a>>,
}

impl<'a> Prefixes<'a> {
    fn of(record: &Value, catalogue: &'a Arc<Catalogue>) -> Prefixes<'a> {
        let record = Record::deserialize(record).unwrap();
        let mut v = Verifier::new(&record, catalogue).unwrap();
        let mut prefix = vec![v.clone()];
        for e in &record.events {
            v.event(e).unwrap();
            prefix.push(v.clone());
        }
        Prefixes { record, prefix }
    }

    fn len(&self) -> usize {
        self.record.events.len()
    }

    /// The record's event `i` (from 0), numbered `seq`.
    fn event(&self, i: usize, seq: u64) -> RecordEvent {
        RecordEvent {
            seq,
            event: self.record.events[i].event.clone(),
        }
    }

    /// Verifies the record whose first `kept` events are the record's and whose other ones are
    /// `rest`.
    fn then(
        &self,
        kept: usize,
        rest: impl IntoIterator<Item = RecordEvent>,
    ) -> Result<Verified, Refuted> {
        let mut v = self.prefix[kept].clone();
        for e in rest {
            v.event(&e)?;
        }
        v.finish(self.record.status)
    }

    /// The record with event `i` (from 0) replaced by `event`.
    fn changed(&self, i: usize, event: Value) -> Result<Verified, Refuted> {
        let seq = i as u64 + 1;
        let rest = (i + 1..self.len()).map(|k| self.event(k, k as u64 + 1));
        self.then(i, std::iter::once(RecordEvent { seq, event }).chain(rest))
    }

    /// The record without event `i` (from 0), numbered again or not.
    fn dropped(&self, i: usize, renumber: bool) -> Result<Verified, Refuted> {
        let shift = u64::from(renumber);
        self.then(
            i,
            (i + 1..self.len()).map(|k| self.event(k, k as u64 + 1 - shift)),
        )
    }

    /// The record with `event` inserted before event `i` (from 0), the rest numbered again.
    fn inserted(&self, i: usize, event: &Value) -> Result<Verified, Refuted> {
        let new = RecordEvent {
            seq: i as u64 + 1,
            event: event.clone(),
        };
        let rest = (i..self.len()).map(|k| self.event(k, k as u64 + 2));
        self.then(i, std::iter::once(new).chain(rest))
    }
}

#[test]
fn a_real_game_verifies_and_holds_every_kind_of_event() {
    let record = finished();
    let v = check(&record).unwrap();
    assert_eq!((v.events, v.rolls), (118, 33));
    assert_eq!(v.outcome, "Ana won the game in round 10.");
    assert_eq!(v.commitment, commitment_of(&KEY));
    let Lifecycle::Finished { result, .. } = &v.end else {
        panic!("{:?}", v.end)
    };
    assert_eq!(
        (result.winner, result.turns, result.squares.as_slice()),
        (0, 28, &[25, 15, 4][..])
    );
    // The game below changes every field of every kind of event the server writes, but for
    // the three that end a game otherwise (a draw, the next test; a table abandoned, whose key
    // is never revealed; a table a moderator closed, its own test) and a person the host
    // removed (its own test).
    let seen: Vec<String> = (1..=118).map(|seq| kind(&record, seq)).collect();
    for kind in TableEvent::GAME_TYPES.iter().chain(&Lifecycle::TYPES) {
        assert_eq!(
            seen.iter().any(|k| k == kind),
            !matches!(*kind, "drawn" | "abandoned" | "closed" | "removed"),
            "{kind}"
        );
    }
    let both = |reason: &str| {
        seen.iter()
            .enumerate()
            .any(|(i, k)| k == "bot_took_over" && record["events"][i]["event"]["reason"] == reason)
    };
    assert!(both("left") && both("disconnected"));

    let record = drawn();
    let v = check(&record).unwrap();
    assert_eq!(
        v.outcome,
        "The game is over: a draw, after 12 turns, the most this server plays."
    );
    assert!(matches!(v.end, Lifecycle::Drawn { turns: 12, .. }));
}

/// Every field of every event, changed to another value of its kind (a number one more and
/// one less, a flag flipped, the other reason, a name with a letter more, a hex digit
/// changed), is caught at that event, but for three: a name given on joining shows wrong
/// only where the name is used next (the start, or the leaving), and why a bot took a seat
/// (left or lost the connection) is what the server knew of a connection, which no record
/// holds.
#[test]
fn every_field_of_every_event_changed_is_caught() {
    let catalogue = english();
    for record in [finished(), drawn()] {
        let p = Prefixes::of(&record, &catalogue);
        let mut changes = 0;
        for i in 0..p.len() {
            let seq = i as u64 + 1;
            let event = record["events"][i]["event"].clone();
            let mut paths = Vec::new();
            leaves(&event, &mut Vec::new(), &mut paths);
            for path in paths.iter().filter(|p| p[0] != "type") {
                let old = at(&mut event.clone(), path).clone();
                for new in others(&old) {
                    changes += 1;
                    let mut changed = event.clone();
                    *at(&mut changed, path) = new.clone();
                    let what =
                        format!("event {seq} ({}) {} = {new}", event["type"], path.join("."));
                    let outcome = p.changed(i, changed);
                    if event["type"] == "bot_took_over" && path[0] == "reason" {
                        assert!(outcome.is_ok(), "{what}");
                        continue;
                    }
                    let e = outcome.expect_err(&what);
                    let caught = match (event["type"].as_str(), path[0].as_str(), seq) {
                        // Cy's name is used again by Cy's leaving; Ana's and Bo's by the start.
                        (Some("joined"), "name", 3) => 4,
                        (Some("joined"), "name", _) => 8,
                        _ => seq,
                    };
                    assert_eq!(event_of(&e.problem), Some(caught), "{what}: {}", e.message);
                    let named = format!("event {caught}");
                    assert!(
                        e.message.starts_with(&named)
                            || e.message.starts_with("roll ")
                                && e.message.contains(&format!("({named})")),
                        "{what}: {}",
                        e.message
                    );
                }
            }
        }
        assert!(changes > p.len(), "{changes} changes of {} events", p.len());
    }
    // The same as the whole record verified again, for one change of each kind of event.
    let record = finished();
    let p = Prefixes::of(&record, &catalogue);
    for i in [
        0, 1, 3, 5, 7, 8, 9, 15, 16, 17, 19, 46, 47, 59, 60, 67, 105, 116, 117,
    ] {
        let mut event = record["events"][i]["event"].clone();
        let path: Vec<String> = [&["player"][..], &["seat"], &["first"], &["result", "turns"]]
            .into_iter()
            .map(|p| p.iter().map(|f| f.to_string()).collect::<Vec<_>>())
            .find(|p| !at(&mut event.clone(), p).is_null())
            .unwrap();
        let field = at(&mut event, &path);
        *field = others(field)[0].clone();
        let mut changed = record.clone();
        changed["events"][i]["event"] = event.clone();
        assert_eq!(
            check(&changed).unwrap_err(),
            p.changed(i, event.clone()).unwrap_err(),
            "{event}"
        );
    }
}

/// What each kind of change is called, exactly: the event's number, what the record says and
/// what the dice, the rules or the seats give, players by name, seats from 1.
#[test]
fn each_change_is_named_in_a_sentence() {
    let record = finished();
    type Change = fn(&mut Value);
    let cases: [(Change, &str); 22] = [
        // The forgeries a sceptic tries first: another winner, turns, final squares.
        (
            |r| r["events"][117]["event"]["result"]["winner"] = json!(2),
            "event 118, the end: the record says Bo won, the dice and the rules give Ana",
        ),
        (
            |r| r["events"][117]["event"]["result"]["turns"] = json!(20),
            "event 118, the end: the record says 20 turns were played, the dice and the rules give 28",
        ),
        (
            |r| r["events"][117]["event"]["result"]["squares"] = json!([25, 15, 14]),
            "event 118, the end: the record says the tokens ended Ana on 25, Bot 1 on 15 and Bo on 14, the dice and the rules give Ana on 25, Bot 1 on 15 and Bo on 4",
        ),
        (
            |r| r["events"][117]["event"]["result"]["rolls"] = json!(1),
            "event 118, the end: the record says one roll was made, the dice and the rules give 33",
        ),
        (
            |r| r["events"][117]["event"]["result"]["winner_name"] = json!("Bo"),
            "event 118, the end: the record names the winner “Bo”, but the winner is Ana",
        ),
        (
            |r| {
                r["events"][117]["event"]["key"].take();
            },
            "event 118, the end: it reveals no key",
        ),
        // A player renamed at the start.
        (
            |r| r["events"][7]["event"]["players"][2]["name"] = json!("Eve"),
            "event 8, the start: the record says the players are Ana (seat 1), Bot 1 (a bot, seat 2) and Eve (seat 3), the seats hold Ana (seat 1), Bot 1 (a bot, seat 2) and Bo (seat 3)",
        ),
        (
            |r| r["events"][7]["event"]["first"] = json!(2),
            "event 8, the start: the record says Bo goes first, the dice draw Ana",
        ),
        (
            |r| {
                r["events"][7]["event"]["commitment"].take();
            },
            "event 8, the start: it announces no commitment to the dice",
        ),
        // The seating.
        (
            |r| r["events"][6]["event"]["seat"] = json!(1),
            "event 7: the record says “Bo took seat 2.”, but Bot 1 sits in seat 2",
        ),
        (
            |r| r["events"][6]["event"]["name"] = json!("ana"),
            "event 7: the record says “ana took seat 3.”, but the server refuses that name: “Ana” is already at this table",
        ),
        (
            |r| r["events"][3]["event"]["seat"] = json!(1),
            "event 4: the record says “Cy left the table.”, but Bot 1 is a bot",
        ),
        (
            |r| r["events"][5]["event"]["seat"] = json!(0),
            "event 6: the record says “Bot 2, a bot, left the table.”, but Ana is not a bot",
        ),
        (
            |r| r["events"][4]["event"]["name"] = json!("Bot 1"),
            "event 5: the record says “Bot 1, a bot, took seat 3.”, the seats give “Bot 2, a bot, took seat 3.”",
        ),
        // Moves.
        (
            |r| r["events"][19]["event"]["to"] = json!(8),
            "event 20: the record says “Bo moved from 6 to 8.”, the dice and the rules give “Bo moved from 6 to 7.”",
        ),
        (
            |r| r["events"][57]["event"]["roll"] = json!(6),
            "roll 16 (event 58): the record says “Ana rolled a 6.”, the dice give “Ana rolled a 2.”",
        ),
        (
            |r| r["events"][105]["event"]["from"] = json!(22),
            "event 106: the record says “Ana went on from 22, reached 25 and bounced back to 23.”, the dice and the rules give “Ana went on from 24, reached 25 and bounced back to 23.”",
        ),
        (
            |r| r["events"][9]["event"]["square"] = json!(3),
            "event 10 (“Ana stayed off the board: it takes a 6 to enter.”): its square is 3 in the record, 0 by the dice and the rules",
        ),
        // People leaving, coming back, the turn timer.
        (
            |r| r["events"][46]["event"]["player"] = json!(2),
            // Bo was away too, so Bo may come back here; but then Ana, who was not back, cannot
            // be timed out.
            "event 48: the record says “Ana took too long; the die was rolled for Ana.”, but a bot already plays for Ana",
        ),
        (
            |r| r["events"][47]["event"]["player"] = json!(2),
            "event 48: the record says “Bo took too long; the die was rolled for Bo.”, but it is Ana's turn",
        ),
        (
            |r| r["events"][33]["event"]["player"] = json!(2),
            "event 34: the record says “Bo lost the connection; a bot plays for Bo until Bo is back.”, but a bot already plays for Bo",
        ),
        (
            |r| r["events"][69]["event"]["player"] = json!(0),
            "event 70: the record says “Ana is back and plays again.”, but Ana was not away",
        ),
    ];
    for (change, said) in cases {
        let mut changed = record.clone();
        change(&mut changed);
        assert_eq!(refuted(&changed), said);
    }
}

/// Events are numbered 1, 2, 3, ...: scrambled, repeated, skipped or missing numbers are
/// named.
#[test]
fn the_events_are_numbered_without_a_gap() {
    let record = finished();
    let mut swapped = record.clone();
    swapped["events"][20]["seq"] = json!(22);
    swapped["events"][21]["seq"] = json!(21);
    assert_eq!(
        refuted(&swapped),
        "event 20 is followed by one numbered 22, not 21: events are numbered 1, 2, 3, … with none missing or repeated"
    );
    let mut repeated = record.clone();
    repeated["events"][30]["seq"] = json!(30);
    assert_eq!(
        refuted(&repeated),
        "event 30 is followed by one numbered 30, not 31: events are numbered 1, 2, 3, … with none missing or repeated"
    );
    let mut from_zero = record.clone();
    renumber(&mut from_zero);
    for e in events(&mut from_zero) {
        e["seq"] = json!(e["seq"].as_u64().unwrap() - 1);
    }
    assert_eq!(
        refuted(&from_zero),
        "the record's first event is numbered 0, not 1: events are numbered 1, 2, 3, … with none missing or repeated"
    );
    // An event dropped, its number with it: the gap is named wherever it is.
    let catalogue = english();
    let p = Prefixes::of(&record, &catalogue);
    for i in 0..117 {
        let e = p.dropped(i, false).unwrap_err();
        assert_eq!(
            *e.problem,
            Problem::Numbering {
                after: i as u64,
                event: i as u64 + 2
            }
        );
    }
}

/// A record cut anywhere before its end, or with any event taken out and the rest numbered
/// again, does not verify; nor does one with a made-up event anywhere. What cannot be told
/// from a record is what people chose to do when the rules let them: whether a person's
/// turn timer ran out before a roll, and when a person left or came back. Such an event
/// dropped or added verifies only where the rules allow it.
#[test]
fn a_record_cut_short_or_with_an_event_dropped_or_made_up_does_not_verify() {
    let record = finished();
    let catalogue = english();
    let p = Prefixes::of(&record, &catalogue);
    for len in 0..118 {
        let said = p.then(len, []).unwrap_err().message;
        match len {
            0 => assert_eq!(said, "the record has no events"),
            1..=7 => assert_eq!(
                said,
                format!("the record ends at event {len}, before its game has started")
            ),
            _ => assert!(
                said.starts_with(&format!(
                    "the record ends at event {len}, before the game is over: the dice and the rules give “"
                )),
                "{said}"
            ),
        }
    }
    let mut cut = record.clone();
    events(&mut cut).truncate(60);
    assert_eq!(
        refuted(&cut),
        "the record ends at event 60, before the game is over: the dice and the rules give “Ana landed on Bo on square 12 and sent Bo back off the board.” next"
    );
    let mut cut = record.clone();
    events(&mut cut).truncate(117);
    assert_eq!(
        refuted(&cut),
        "the record ends at event 117, before the game is over: the dice and the rules give “Ana won the game in round 10.” next"
    );

    for i in 0..118 {
        let what = kind(&record, i + 1);
        match p.dropped(i, true) {
            // The turn timer's roll (Ana could have rolled herself), Bo's coming back (the
            // bot could have rolled for Bo).
            Ok(_) => assert!(i + 1 == 48 || i + 1 == 70, "event {} ({what})", i + 1),
            Err(e) => assert!(
                event_of(&e.problem).is_some_and(|seq| seq as usize > i)
                    || matches!(*e.problem, Problem::Cut { .. }),
                "{what}: {}",
                e.message
            ),
        }
    }
    let mut no_won = record.clone();
    events(&mut no_won).remove(116);
    renumber(&mut no_won);
    assert_eq!(
        refuted(&no_won),
        "event 117: the record says “Ana won the game in round 10.”, the dice and the rules give “Ana reached 25 and won.”"
    );

    let finish = record["events"][117]["event"].clone();
    let made_up = [
        json!({"type": "teleported", "player": 0, "to": 25}),
        json!({"type": "reclaimed", "player": 1}),
        json!({"type": "abandoned"}),
        json!({"type": "joined", "seat": 2, "name": "Dee"}),
        json!({"type": "rolled", "player": 0, "roll": 6}),
        json!({"type": "won", "player": 0, "square": 25}),
        json!({"type": "drawn", "turns": 12, "squares": [20, 0, 12], "key": finish["key"]}),
        finish,
        // What a person does, where the rules let them, is not told apart from what they did
        // not: these verify where the rules allow them (see below).
        json!({"type": "timer_rolled", "player": 2}),
        json!({"type": "bot_took_over", "player": 0, "reason": "left"}),
    ];
    for event in &made_up {
        let mut allowed = Vec::new();
        for i in 0..=118 {
            if p.inserted(i, event).is_ok() {
                allowed.push(i + 1);
            }
        }
        let expected: &[usize] = match event["type"].as_str().unwrap() {
            // Bo's timer, on Bo's turns while Bo plays (before leaving, and after taking the
            // seat back), before the roll.
            "timer_rolled" => &[15, 71, 80, 89, 92, 102, 111],
            // Ana leaving, once she has come back and rolled on her own.
            "bot_took_over" => &[
                52, 55, 58, 63, 66, 70, 71, 74, 77, 80, 83, 86, 89, 92, 95, 98, 102, 105, 108, 111,
                115,
            ],
            _ => &[],
        };
        assert_eq!(allowed, expected, "{event}");
    }
    let mut unknown = record.clone();
    events(&mut unknown).insert(40, json!({"seq": 0, "event": made_up[0]}));
    renumber(&mut unknown);
    assert_eq!(
        refuted(&unknown),
        "event 41 is of the type “teleported”, which no event of a game record has"
    );
    let mut closed = record.clone();
    events(&mut closed).insert(97, json!({"seq": 0, "event": made_up[2]}));
    renumber(&mut closed);
    assert_eq!(
        refuted(&closed),
        "event 98: the record says “The table is closed: no person was left playing.”, but Ana still plays"
    );
    let mut late = record.clone();
    events(&mut late).insert(40, json!({"seq": 0, "event": made_up[3]}));
    renumber(&mut late);
    assert_eq!(
        refuted(&late),
        "event 41: the record says “Dee took seat 3.”, which the server never writes during the game"
    );
    let mut after = record.clone();
    events(&mut after).push(json!({"seq": 119, "event": made_up[4]}));
    assert_eq!(
        refuted(&after),
        "event 119: the record says “Ana rolled a 6.”, which the server never writes once the game is over"
    );
    let mut early = record.clone();
    events(&mut early).insert(2, json!({"seq": 0, "event": made_up[4]}));
    renumber(&mut early);
    assert_eq!(
        refuted(&early),
        "event 3: the record says “Ana rolled a 6.”, which the server never writes before the game starts"
    );
    let mut extra = record.clone();
    events(&mut extra)[9]["event"]["note"] = json!("fine");
    assert_eq!(
        refuted(&extra),
        "event 10 (stayed_put) has a field “note” that no such event has"
    );
    let mut untyped = record.clone();
    events(&mut untyped)[9]["event"] = json!({"player": 0});
    assert_eq!(refuted(&untyped), "event 10 has no type");
    let mut short = record.clone();
    events(&mut short)[9]["event"] = json!({"type": "moved", "player": 0});
    assert_eq!(
        refuted(&short),
        "event 10 (moved) cannot be read: missing field `from`"
    );
}

/// The record's own fields: the dice, the seats, the status, the format.
#[test]
fn the_records_own_fields_are_checked() {
    let record = finished();
    let commitment = commitment_of(&KEY);
    let change = |field: &str, value: Value| {
        let mut changed = record.clone();
        changed[field] = value;
        changed
    };
    assert_eq!(
        refuted(&change("status", json!("playing"))),
        "the record's status is “playing”, but its events end with the game over (“finished”)"
    );
    assert_eq!(
        refuted(&change("seats", json!(2))),
        "event 3: the record says “Cy took seat 3.”, but the table has no seat 3: it has 2"
    );
    assert_eq!(
        refuted(&change("seats", json!(5))),
        "the record's table has 5 seats; a table has 2 to 4"
    );
    let mut other_key = record.clone();
    other_key["dice"]["key"] = json!("11".repeat(32));
    assert_eq!(
        refuted(&other_key),
        format!(
            "the key does not match the commitment: SHA-256 of the key is {}, the commitment announced was {commitment}",
            commitment_of(&[0x11; 32])
        )
    );
    let mut short_key = record.clone();
    short_key["dice"]["key"] = json!("0707");
    assert_eq!(refuted(&short_key), "the key “0707” is not 64 hex digits");
    // Another key with its own commitment: its dice draw another first player.
    let mut both = record.clone();
    both["dice"]["key"] = json!("11".repeat(32));
    both["dice"]["commitment"] = json!(commitment_of(&[0x11; 32]));
    assert_eq!(
        refuted(&both),
        "event 8, the start: the record says Ana goes first, the dice draw Bo"
    );
    let mut no_key = record.clone();
    no_key["dice"]["key"] = Value::Null;
    assert_eq!(
        refuted(&no_key),
        "its game is not over: the key is revealed when it ends"
    );
    let mut seeded = record.clone();
    seeded["dice"] = json!({"algorithm": "xoshiro256**", "commitment": null, "key": null});
    assert_eq!(
        refuted(&seeded),
        "its dice (xoshiro256**) were not committed to before the game: they cannot be verified"
    );
    // Another board: the first move it changes is named.
    let mut board = record.clone();
    board["board"]["snakes"] = json!([[14, 4], [22, 2]]);
    assert_eq!(
        refuted(&board),
        "event 60: the record says “Ana slid down the snake at 22 to 12.”, the dice and the rules give “Ana slid down the snake at 22 to 2.”"
    );
    let mut rules = record.clone();
    rules["rules"] = json!("six=roll-again,collision=bump");
    assert_eq!(
        refuted(&rules),
        "event 10: the record says “Ana stayed off the board: it takes a 6 to enter.”, the dice and the rules give “Ana entered the board on square 3.”"
    );
    // The format: 2, 1, or none (a record written before it was numbered); another is not
    // read.
    let mut unnumbered = record.clone();
    unnumbered.as_object_mut().unwrap().remove("format");
    assert!(check(&unnumbered).is_ok());
    assert_eq!(record["format"], 2);
    assert!(read(&change("format", json!(1)).to_string()).is_ok());
    assert_eq!(
        read(&change("format", json!(3)).to_string()).unwrap_err(),
        Unreadable::Format(3)
    );
    assert!(matches!(
        read(&change("extra", json!(1)).to_string()),
        Err(Unreadable::NotARecord(e)) if e.starts_with("unknown field `extra`")
    ));
    let mut board = record.clone();
    board["board"]["start"] = json!(1);
    assert!(matches!(
        read(&board.to_string()),
        Err(Unreadable::NotARecord(e)) if e.starts_with("unknown field `start`")
    ));
}

/// The problem as data, for `--json`: a stable code and its fields, players from 0 as in the
/// record.
#[test]
fn a_problem_is_a_code_with_its_fields() {
    let mut changed = finished();
    changed["events"][57]["event"]["roll"] = json!(6);
    let e = check(&changed).unwrap_err();
    assert_eq!(
        serde_json::to_value(&e.problem).unwrap(),
        json!({"problem": "roll", "event": 58, "number": 16, "player": 0, "logged": 6, "dice": 2})
    );
    let mut changed = finished();
    changed["events"][19]["event"]["to"] = json!(8);
    let e = check(&changed).unwrap_err();
    assert_eq!(
        serde_json::to_value(&e.problem).unwrap(),
        json!({
            "problem": "differs", "event": 20,
            "logged": {"type": "moved", "player": 2, "from": 6, "to": 8},
            "expected": {"type": "moved", "player": 2, "from": 6, "to": 7},
        })
    );
}

/// The sentences in every language: the game's own words, names as they are (bots named in
/// the listener's language), seats from 1.
#[test]
fn the_sentences_speak_the_listeners_language() {
    let record = finished();
    let mut moved = record.clone();
    moved["events"][19]["event"]["to"] = json!(8);
    let mut squares = record.clone();
    squares["events"][117]["event"]["result"]["squares"] = json!([25, 15, 14]);
    let mut late = record.clone();
    let dee = json!({"seq": 0, "event": {"type": "joined", "seat": 2, "name": "Dee"}});
    events(&mut late).insert(40, dee);
    renumber(&mut late);
    let expected = [
        [
            "Ana ganó la partida en la ronda 10.",
            "evento 20: el registro dice “Bo avanzó de la 6 a la 8.”; los dados y las reglas dan “Bo avanzó de la 6 a la 7.”",
            "evento 118, el final: según el registro, las fichas acabaron así: Ana en la 25, Bot 1 en la 15 y Bo en la 14; según los dados y las reglas: Ana en la 25, Bot 1 en la 15 y Bo en la 4",
            "evento 41: el registro dice “Dee ocupó el asiento 3.”, algo que el servidor nunca escribe durante la partida",
        ],
        [
            "Ana 님이 10라운드 만에 우승했어요.",
            "20번 이벤트가 달라요. 기록: “Bo 님은 6번 칸에서 8번 칸으로 갔어요.”, 주사위와 규칙: “Bo 님은 6번 칸에서 7번 칸으로 갔어요.”",
            "118번 이벤트(게임 끝)의 마지막 칸이 달라요. 기록: Ana: 25번 칸, 봇 1: 15번 칸하고 Bo: 14번 칸, 주사위와 규칙: Ana: 25번 칸, 봇 1: 15번 칸하고 Bo: 4번 칸",
            "41번 이벤트: 기록에는 “Dee 님이 3번 자리에 앉았어요.”라고 되어 있지만, 서버는 게임 중에 이런 이벤트를 쓰지 않아요",
        ],
        [
            "Ana在第10轮获胜。",
            "第20个事件不符：记录是“Bo从第6格走到第8格。”，骰子和规则给出的是“Bo从第6格走到第7格。”",
            "第118个事件（终局）：记录里棋子最后的位置是Ana在第25格、机器人1在第15格和Bo在第14格，骰子和规则给出的是Ana在第25格、机器人1在第15格和Bo在第4格",
            "第41个事件：记录是“Dee坐上了3号座位。”，但服务器在游戏中从不写这种事件",
        ],
    ];
    for (lang, said) in (1..).zip(expected) {
        let catalogue = Catalogue::shipped(lang);
        let words = |r: &Value| {
            verify(&Record::deserialize(r).unwrap(), &catalogue)
                .map(|v| v.outcome)
                .unwrap_or_else(|e| e.message)
        };
        assert_eq!([&record, &moved, &squares, &late].map(words), said);
    }
}

/// The host removes Di before the start and Bo during the game (a bot plays Bo's seat to the
/// end): the record verifies. Made-up removals are caught: of a bot, of someone removed
/// already, with another name, and a removed person coming back.
#[test]
fn a_person_the_host_removed_verifies_and_a_made_up_removal_does_not() {
    let mut p = Play::new(0);
    p.join("Ana");
    p.host(|token, seq| ask(token, seq, Action::AddBot {}));
    p.join("Di");
    p.host(|token, seq| ask(token, seq, Action::RemovePlayer { seat: 2 }));
    p.join("Bo");
    p.host(|token, seq| ask(token, seq, Action::Start {}));
    let mut removed = false;
    while p.state.status() == Status::Playing {
        p.wait(Duration::from_secs(1));
        let turn = p.state.game().unwrap().turn();
        if !removed && p.rolls() >= 4 {
            removed = true;
            p.host(|token, seq| ask(token, seq, Action::RemovePlayer { seat: 2 }));
        } else if p.state.bot_to_roll().is_some() {
            p.wait(BOT_DELAY);
            p.run(Command::Tick);
        } else {
            let name = p.name_of(turn);
            p.run(ask(p.token(name), p.state.seq(), Action::Roll {}));
        }
    }
    let record = serde_json::to_value(p.record()).unwrap();
    check(&record).unwrap();
    let removals: Vec<usize> = (0..events(&mut record.clone()).len())
        .filter(|i| record["events"][*i]["event"]["type"] == "removed")
        .collect();
    assert_eq!(removals.len(), 2);
    let during = removals[1];

    // Of the bot (seat 2 during the game is Bo; seat 1, the bot).
    let mut r = record.clone();
    r["events"][during]["event"]["seat"] = json!(1);
    assert!(refuted(&r).contains("is a bot"), "{}", refuted(&r));
    // With another name.
    let mut r = record.clone();
    r["events"][during]["event"]["name"] = json!("Eve");
    assert!(refuted(&r).contains("Eve"), "{}", refuted(&r));
    // Twice, or followed by the removed person coming back.
    for again in [
        json!({"type":"removed","seat":2,"name":"Bo"}),
        json!({"type":"reclaimed","player":2}),
    ] {
        let mut r = record.clone();
        let seq = record["events"][during]["seq"].as_u64().unwrap() + 1;
        events(&mut r).insert(during + 1, json!({"seq": seq, "event": again}));
        renumber(&mut r);
        assert!(refuted(&r).contains("already"), "{}", refuted(&r));
    }
    // Before the start, the host removing themselves (nobody left to be host).
    let mut r = record.clone();
    r["events"][removals[0]]["event"] = json!({"type":"removed","seat":0,"name":"Ana"});
    assert!(check(&r).is_err());
}

/// The commitment the start announces binds the key to the table, its board, rules and seats,
/// and the players: a record edited in any of them, where the replay of its moves cannot see
/// it (a name changed everywhere, even to words of the page or with an invisible letter, the
/// table's number, a snake where no token landed, the count of seats), no longer verifies, and
/// naming the event; so two games made with one key differ. A record whose start announced
/// the key's commitment alone (a game started before) verifies, and says that nothing binds
/// its set-up.
#[test]
fn the_start_commits_to_the_key_and_the_games_set_up() {
    let record = finished();
    let v = check(&record).unwrap();
    let game = v.game_commitment.clone().unwrap();
    assert_ne!(game, v.commitment);
    let started = |r: &Value| r["events"][7]["event"].clone();
    assert_eq!(started(&record)["type"], "started");
    assert_eq!(started(&record)["commitment"], game.as_str());

    /// Every name `from` in the record made `to`.
    fn renamed(record: &Value, from: &str, to: &str) -> Value {
        let text = record.to_string();
        let quoted = |s: &str| serde_json::to_string(s).unwrap();
        serde_json::from_str(&text.replace(&quoted(from), &quoted(to))).unwrap()
    }
    let mut edits = vec![
        ("Bo renamed", renamed(&record, "Bo", "Bob")),
        (
            "Bo named as the page speaks",
            renamed(&record, "Bo", "Your turn"),
        ),
        ("a zero-width space", renamed(&record, "Bo", "B\u{200b}o")),
    ];
    let mut table = record.clone();
    table["table"] = json!(2);
    edits.push(("the table's number", table));
    // Squares no token landed on in this game: a snake from 19 to 2.
    let landed: Vec<u64> = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| {
            let e = &e["event"];
            e.get("to")
                .or_else(|| e.get("square"))
                .and_then(Value::as_u64)
        })
        .collect();
    assert!(!landed.contains(&19), "{landed:?}");
    let mut snake = record.clone();
    snake["board"]["snakes"]
        .as_array_mut()
        .unwrap()
        .push(json!([19, 2]));
    edits.push(("a snake where no token landed", snake));
    let mut seats = record.clone();
    seats["seats"] = json!(4);
    edits.push(("a seat more", seats));
    for (what, edited) in edits {
        let e = check(&edited).expect_err(what);
        let Problem::CommitmentChanged {
            event,
            announced,
            expected,
        } = *e.problem
        else {
            panic!("{what}: {}", e.message)
        };
        assert_eq!((event, announced.as_str()), (8, game.as_str()), "{what}");
        assert_ne!(expected, game, "{what}");
        assert_eq!(
            e.message,
            format!(
                "event 8, the start: the commitment announced there ({game}) is not SHA-256 of the revealed key with this record's table, board, rules, seats and players ({expected}): one of them is not the game's"
            ),
            "{what}"
        );
        // With the start's commitment made again from the key, the edited record verifies,
        // but with another game's commitment than the one announced to the players.
        let mut forged = edited.clone();
        forged["events"][7]["event"]["commitment"] = json!(expected);
        let v = check(&forged).unwrap_or_else(|e| panic!("{what}: {}", e.message));
        assert_eq!(
            v.game_commitment.as_deref(),
            Some(expected.as_str()),
            "{what}"
        );
    }

    // A start that announced the key's commitment: the record verifies, and says that nothing
    // binds its table, board, rules, seats and players.
    let mut older = record.clone();
    older["events"][7]["event"]["commitment"] = json!(commitment_of(&KEY));
    let v = check(&older).unwrap();
    assert_eq!(v.game_commitment, None);
    let e = check(&{
        let mut r = older.clone();
        r["events"][7]["event"]["commitment"] = json!("ab".repeat(32));
        r
    })
    .unwrap_err();
    assert!(
        matches!(*e.problem, Problem::CommitmentChanged { event: 8, .. }),
        "{}",
        e.message
    );
}

/// The game's commitment is SHA-256 of the text `docs/verify.md` gives: anyone can make it
/// from a record and the revealed key without this code.
#[test]
fn the_games_commitment_is_the_documented_text_hashed() {
    let record = finished();
    let v = check(&record).unwrap();
    let started = &record["events"][7]["event"];
    let b = &record["board"];
    let board = format!(
        r#"{{"rows":{},"cols":{},"ladders":{},"snakes":{}}}"#,
        b["rows"], b["cols"], b["ladders"], b["snakes"]
    );
    let players: Vec<String> = started["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            format!(
                r#"{{"seat":{},"name":{},"bot":{}}}"#,
                p["seat"], p["name"], p["bot"]
            )
        })
        .collect();
    let text = format!(
        r#"{{"key":"{}","table":{},"seats":{},"board":{board},"rules":{},"players":[{}]}}"#,
        record["dice"]["key"].as_str().unwrap(),
        record["table"],
        record["seats"],
        record["rules"],
        players.join(","),
    );
    assert_eq!(
        v.game_commitment,
        Some(commitment_of(text.as_bytes())),
        "{text}"
    );
}

/// A game a moderator closed midway verifies, with the key, ending at the `closed` event in
/// the status it was closed in. Who closed it and why only the record holds (as why a bot took
/// a seat): changing them changes the outcome, not the verdict. Anything after the closing, a
/// closing after the end, or a closed game said finished is caught.
#[test]
fn a_game_a_moderator_closed_midway_verifies() {
    let record = closed();
    let len = events(&mut record.clone()).len();
    assert_eq!(kind(&record, len), "closed");
    assert_eq!(record["status"], "playing");
    let v = check(&record).unwrap();
    assert_eq!(v.rolls, 8);
    assert_eq!(v.events, len);
    assert_eq!(
        v.end,
        Lifecycle::Closed {
            by: "Mo".into(),
            reason: "spam in the talk".into()
        }
    );
    assert_eq!(
        v.outcome,
        "The moderator Mo closed the table: spam in the talk."
    );

    let mut other = record.clone();
    events(&mut other)[len - 1]["event"]["by"] = json!("Moe");
    events(&mut other)[len - 1]["event"]["reason"] = json!("");
    assert_eq!(
        check(&other).unwrap().outcome,
        "The moderator Moe closed the table."
    );

    let mut said_finished = record.clone();
    said_finished["status"] = json!("finished");
    assert_eq!(
        refuted(&said_finished),
        "the record's status is “finished”, but its events end with a moderator closing the table while it was “playing”"
    );

    // Nothing follows the closing: a roll is refused.
    let roll = json!({"type": "rolled", "player": 0, "roll": 6});
    let mut after = record.clone();
    events(&mut after).push(json!({"seq": len + 1, "event": roll}));
    assert!(
        refuted(&after).starts_with(&format!("event {}: the record says “", len + 1))
            && refuted(&after)
                .ends_with("”, which the server never writes once the table is closed"),
        "{}",
        refuted(&after)
    );
    // The closing moved earlier, the events after it as they were: refused where it stands.
    let mut early = record.clone();
    let close = events(&mut early).pop().unwrap();
    events(&mut early).insert(len - 3, close);
    renumber(&mut early);
    assert!(
        refuted(&early).starts_with(&format!("event {}: ", len - 2)),
        "{}",
        refuted(&early)
    );
    // A game over is closed no more.
    let mut late = finished();
    let end = events(&mut late).len();
    let close = record["events"][len - 1]["event"].clone();
    events(&mut late).push(json!({"seq": end + 1, "event": close}));
    assert_eq!(
        refuted(&late),
        format!(
            "event {}: the record says “The moderator Mo closed the table: spam in the talk.”, which the server never writes once the game is over",
            end + 1
        )
    );
}
