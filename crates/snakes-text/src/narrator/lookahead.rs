//! Looking ahead (`lookahead.ftl`): what each face of the die would do for the player whose
//! turn it is (key L), and what is on a square (key G).
//!
//! The outcomes come from the engine ([`GameState::face_outcome`]: the move function and the
//! rest of the turn, with the other tokens where they are), so the words follow every rule in
//! force without knowing any of them.

use snakes::{Board, GameState, Square, StayReason, Step, TurnEvent};

use super::{Args, Listener, Narrator, Player, capitalize};

/// What one face does, apart from the square a plain move or a bounce ends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Base {
    /// A plain move (or entering the board).
    Move,
    /// A plain move onto the last square.
    Win,
    /// Counting back down from the last square.
    Bounce,
    /// A move that ends on a ladder or snake: its kind, foot or head, and end.
    Jump(&'static str, Square, Square),
    /// A bounce that ends on a ladder or snake.
    BounceJump(&'static str, Square, Square),
    /// Past the last square under the exact ending: no move.
    Overshoot,
    /// Off the board when only the top face enters.
    NeedTop,
}

/// One face's outcome, in the terms of the sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Face {
    face: u8,
    base: Base,
    /// Where a plain move or a bounce ends (the part that may run across faces: 25 to 27).
    square: Option<Square>,
    /// Where further jumps end, when jumps chain.
    chain: Option<Square>,
    /// The tokens sent back, and the square they go back to.
    bumped: Vec<Player>,
    bump_to: Square,
    /// The move wins otherwise than by a plain move onto the last square.
    wins: bool,
    /// The same player rolls again.
    again: bool,
}

impl Face {
    /// Whether `next` can be told in the same clause as `group`, the faces before it: all
    /// alike but for the square, the faces in a row, and the squares too (up, down or the
    /// same square each time).
    fn joins(group: &[Face], next: &Face) -> bool {
        let Some(last) = group.last() else {
            return true;
        };
        let alike = Face {
            face: last.face,
            square: last.square,
            ..next.clone()
        } == *last;
        if !alike || next.face != last.face + 1 {
            return false;
        }
        let step = |a: Option<Square>, b: Option<Square>| match (a, b) {
            (Some(a), Some(b)) => Some(i64::from(b) - i64::from(a)),
            _ => None,
        };
        match (step(last.square, next.square), group) {
            (None, _) => last.square.is_none() && next.square.is_none(),
            (Some(s), [_]) => s.abs() <= 1,
            (Some(s), [.., before, _]) => step(before.square, last.square) == Some(s),
            (Some(_), []) => false,
        }
    }
}

impl Narrator {
    /// What each face of the die would do for the player whose turn it is, in one sentence,
    /// faces with the same kind of outcome on squares in a row told together: "From 24: 1 to 3
    /// move you to 25 to 27, 4 climbs the ladder at 28 to 84, 5 and 6 move you to 29 and 30."
    /// Once the game is over, it says so (as [`Narrator::turn`] does).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use snakes::{Board, GameState, Rules};
    /// use snakes_text::{Listener, Narrator};
    ///
    /// let mut state = GameState::new(Arc::new(Board::classic()), Rules::STANDARD, 2, 0).unwrap();
    /// let narrator = Narrator::for_state(vec!["Ana".into(), "Bo".into()], &state);
    /// assert_eq!(
    ///     narrator.look_ahead(&state, Listener::Player(0)),
    ///     "From off the board: 1 climbs the ladder at 1 to 38, 2 and 3 move you to 2 and 3, \
    ///      4 climbs the ladder at 4 to 14, 5 and 6 move you to 5 and 6."
    /// );
    /// state.apply(4).unwrap();
    /// state.apply(5).unwrap();
    /// assert_eq!(
    ///     narrator.look_ahead(&state, Listener::Player(1)),
    ///     "Ana is on 14: 1 moves to 15, 2 slides down the snake at 16 to 6, 3 to 6 move to 17 \
    ///      to 20."
    /// );
    /// ```
    pub fn look_ahead(&self, state: &GameState, listener: Listener) -> String {
        if state.is_over() {
            return self.turn(state, listener);
        }
        let player = state.turn();
        let last = state.board().last();
        let faces: Vec<Face> = (1..=state.rules().die())
            .map(|face| {
                let mut steps = Vec::new();
                let mut bumped = Vec::new();
                let mut bump_to = 0;
                let outcome = state.face_outcome(
                    face,
                    |s| steps.push(s),
                    |TurnEvent::Bumped { player, to, .. }| {
                        bumped.push(player);
                        bump_to = to;
                    },
                );
                let jumps: Vec<(&'static str, Square, Square)> = steps
                    .iter()
                    .filter_map(|s| match *s {
                        Step::Climbed { from, to } => Some(("climbed", from, to)),
                        Step::Slid { from, to } => Some(("slid", from, to)),
                        _ => None,
                    })
                    .collect();
                let (base, square) = match (steps.first(), jumps.first()) {
                    (Some(Step::StayedPut { reason, .. }), _) => match reason {
                        StayReason::NeedSix => (Base::NeedTop, None),
                        StayReason::Overshoot => (Base::Overshoot, None),
                    },
                    (Some(Step::Bounced { .. }), Some(&(kind, from, to))) => {
                        (Base::BounceJump(kind, from, to), None)
                    }
                    // Back on the last square it turned at (a board of one or two squares):
                    // a win, not a bounce.
                    (Some(Step::Bounced { to, .. }), None) if *to == last => {
                        (Base::Win, Some(last))
                    }
                    (Some(Step::Bounced { to, .. }), None) => (Base::Bounce, Some(*to)),
                    (_, Some(&(kind, from, to))) => (Base::Jump(kind, from, to), None),
                    _ if outcome.to == last => (Base::Win, Some(last)),
                    _ => (Base::Move, Some(outcome.to)),
                };
                Face {
                    face,
                    base,
                    square,
                    chain: (jumps.len() > 1).then_some(outcome.to),
                    bumped,
                    bump_to,
                    wins: outcome.finishes && base != Base::Win,
                    again: outcome.rolls_again,
                }
            })
            .collect();
        let mut groups: Vec<Vec<Face>> = Vec::new();
        for face in faces {
            match groups.last_mut() {
                Some(group) if Face::joins(group, &face) => group.push(face),
                _ => groups.push(vec![face]),
            }
        }
        let clauses: Vec<String> = groups
            .iter()
            .map(|g| self.look_clause(g, player, listener, last))
            .collect();
        let mut args = self.who(player, listener);
        args.push(("from", state.square(player).into()));
        args.push((
            "clauses",
            self.join("clause-join", clauses).unwrap_or_default().into(),
        ));
        self.say("look-ahead", args)
    }

    /// One, two or several squares in a row: "4", "5 and 6", "1 to 3".
    fn run(&self, numbers: &[u32]) -> String {
        self.numbers(numbers, None, ["look-pair", "look-range"])
    }

    /// The faces of a group, as its clause begins with them: "4", "5 and 6", "1 to 3" (with
    /// their own messages, since a language may say faces otherwise than squares: a particle
    /// after the last in Korean, "con un 4" or "del 1 al 3" in Spanish).
    fn faces(&self, faces: &[u32]) -> String {
        self.numbers(
            faces,
            Some("look-face"),
            ["look-face-pair", "look-face-range"],
        )
    }

    /// One, two or several numbers in a row: one said alone or by the message `one`, two or
    /// several by the messages of `[pair, range]`.
    fn numbers(&self, numbers: &[u32], one: Option<&str>, [pair, range]: [&str; 2]) -> String {
        match (numbers, one) {
            ([], _) => String::new(),
            ([single], None) => single.to_string(),
            ([single], Some(id)) => self.say(id, vec![("face", (*single).into())]),
            ([first, .., last], _) => {
                let id = if numbers.len() == 2 { pair } else { range };
                self.say(
                    id,
                    vec![("first", (*first).into()), ("second", (*last).into())],
                )
            }
        }
    }

    /// The clause of one group of faces.
    fn look_clause(
        &self,
        group: &[Face],
        player: Player,
        listener: Listener,
        last: Square,
    ) -> String {
        let first = &group[0];
        let faces: Vec<u32> = group.iter().map(|f| u32::from(f.face)).collect();
        let squares: Vec<u32> = group.iter().filter_map(|f| f.square).collect();
        // A run of faces that all end on one square (any roll past the last square wins, under
        // the loose ending) names it once.
        let squares_text = match squares.as_slice() {
            [first, rest @ ..] if rest.iter().all(|s| s == first) => first.to_string(),
            _ => self.run(&squares),
        };
        let mut args = self.who(player, listener);
        args.push(("faces", self.faces(&faces).into()));
        args.push(("count", group.len().into()));
        let jump = |kind: &'static str, from: Square, to: Square| -> Args {
            vec![
                ("jump", kind.into()),
                ("from", from.into()),
                ("to", to.into()),
            ]
        };
        let (id, extra): (&str, Args) = match first.base {
            Base::Move => ("look-move", vec![("landing", squares_text.into())]),
            Base::Win => ("look-win", vec![]),
            Base::Bounce => ("look-bounce", vec![("landing", squares_text.into())]),
            Base::Jump(kind, from, to) => ("look-jump", jump(kind, from, to)),
            Base::BounceJump(kind, from, to) => ("look-bounce-jump", jump(kind, from, to)),
            Base::Overshoot => ("look-overshoot", vec![("last", last.into())]),
            Base::NeedTop => ("look-need-top", vec![]),
        };
        let mut clause = {
            let mut a = args.clone();
            a.extend(extra);
            self.say(id, a)
        };
        let mut then = |id: &str, extra: Args| {
            let mut a = args.clone();
            a.push(("move", std::mem::take(&mut clause).into()));
            a.extend(extra);
            clause = self.say(id, a);
        };
        if let Some(end) = first.chain {
            then("look-chain", vec![("to", end.into())]);
        }
        if !first.bumped.is_empty() {
            let victims = self.players_list(&first.bumped, listener);
            then(
                "look-bump",
                vec![("victims", victims.into()), ("to", first.bump_to.into())],
            );
        }
        if first.wins {
            then("look-and-win", vec![]);
        }
        if first.again {
            then("look-again", vec![]);
        }
        clause
    }

    /// What is on square `asked` of `board`, who is there (from `game`, once it has begun),
    /// and the nearest ladder and snake after it, in one line: "Square 47: a snake down to 26.
    /// Bo is here. The next ladder is at 51, 4 squares ahead; the next snake at 49, 2 squares
    /// ahead." Square 0 is off the board. Without a number (`None`), the square of the
    /// listener's token, or of the player to roll for someone watching. A number that is no
    /// square of the board is said so.
    ///
    /// ```
    /// use snakes::Board;
    /// use snakes_text::{Listener, Narrator};
    ///
    /// let narrator = Narrator::new(vec!["Ana".into(), "Bo".into()]);
    /// assert_eq!(
    ///     narrator.square_line(&Board::classic(), None, Some(47), Listener::Spectator),
    ///     "Square 47: a snake down to 26. The next ladder is at 51, 4 squares ahead; the next \
    ///      snake at 49, 2 squares ahead."
    /// );
    /// ```
    ///
    /// Long as the sentence is: the square asked about (or whose), what is on it, who is there,
    /// the next ladder and snake after it, each a part of one line in the listener's words.
    pub fn square_line(
        &self,
        board: &Board,
        game: Option<&GameState>,
        asked: Option<u64>,
        listener: Listener,
    ) -> String {
        let last = board.last();
        let square = match asked {
            Some(n) => match Square::try_from(n) {
                Ok(s) if s <= last => s,
                _ => {
                    return self.say(
                        "look-no-square",
                        vec![("square", n.to_string().into()), ("last", last.into())],
                    );
                }
            },
            None => match (game, listener) {
                (Some(g), Listener::Player(p)) if p < g.players() => g.square(p),
                (Some(g), _) => g.square(g.turn()),
                (None, _) => 0,
            },
        };
        let mut sentences = Vec::new();
        if square == 0 {
            sentences.push(self.say("look-square-off", vec![]));
        } else {
            let mut parts = Vec::new();
            if square == last {
                parts.push(self.say("look-square-last", vec![]));
            }
            if let Some(to) = board.jump(square) {
                let id = if to > square {
                    "look-square-ladder"
                } else {
                    "look-square-snake"
                };
                parts.push(self.say(id, vec![("to", to.into())]));
            }
            for j in board.jumps().filter(|j| j.to == square) {
                let kind = if j.to > j.from { "climbed" } else { "slid" };
                parts.push(self.say(
                    "look-square-end",
                    vec![("jump", kind.into()), ("from", j.from.into())],
                ));
            }
            if parts.is_empty() {
                parts.push(self.say("look-square-plain", vec![]));
            }
            sentences.push(self.say(
                "look-square",
                vec![("square", square.into()), ("what", self.list(parts).into())],
            ));
        }
        if let Some(g) = game {
            let here: Vec<Player> = (0..g.players())
                .filter(|&p| g.square(p) == square)
                .collect();
            if !here.is_empty() {
                sentences.push(capitalize(self.say(
                    "look-square-here",
                    vec![
                        ("who", self.players_list(&here, listener).into()),
                        ("form", Self::form(&here, listener).into()),
                    ],
                )));
            }
        }
        if square < last {
            let ahead = |squares: &mut dyn Iterator<Item = Square>| {
                squares.filter(|&s| s > square).min().unwrap_or(0)
            };
            let ladder = ahead(&mut board.ladders().map(|j| j.from));
            let snake = ahead(&mut board.snakes().map(|j| j.from));
            let gap = |s: Square| if s == 0 { 0 } else { s - square };
            sentences.push(self.say(
                "look-square-ahead",
                vec![
                    ("ladder", ladder.into()),
                    ("ladder_gap", gap(ladder).into()),
                    ("snake", snake.into()),
                    ("snake_gap", gap(snake).into()),
                ],
            ));
        }
        self.join("look-join", sentences).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;
    use snakes::{Jump, Rules};
    use std::sync::Arc;

    /// A 10 x 10 board whose jumps lie off the path of rolls of 6 from off the board (6, 12,
    /// ..., 96): a ladder at 28 to 84 and at 80 to 100, snakes at 47 to 26 and at 98 to 78.
    fn board() -> Arc<Board> {
        let j = |from, to| Jump { from, to };
        Arc::new(Board::square(10, [j(28, 84), j(80, 100), j(47, 26), j(98, 78)]).unwrap())
    }

    fn game(board: &Arc<Board>, rules: &str, players: usize, rolls: &[u8]) -> GameState {
        let rules: Rules = rules.parse().unwrap();
        let mut s = GameState::new(Arc::clone(board), rules, players, 0).unwrap();
        for &r in rolls {
            s.apply(r).unwrap();
        }
        s
    }

    /// One player's rolls of 6 to 24, then `more`.
    fn at_24_then(more: &[u8]) -> Vec<u8> {
        let mut rolls = vec![6; 4];
        rolls.extend(more);
        rolls
    }

    fn ana_alone(rules: &str, rolls: &[u8]) -> String {
        let s = game(&board(), rules, 1, rolls);
        Narrator::new(vec!["Ana".into()])
            .with_rules(s.rules())
            .look_ahead(&s, ANA)
    }

    #[test]
    fn plain_moves_and_a_ladder_in_one_short_sentence() {
        assert_eq!(
            ana_alone("standard", &at_24_then(&[])),
            "From 24: 1 to 3 move you to 25 to 27, 4 climbs the ladder at 28 to 84, 5 and 6 move \
             you to 29 and 30."
        );
        // Someone else's roll is said with their name.
        let s = game(&board(), "standard", 2, &[6, 3]);
        assert_eq!(
            classic_narrator().look_ahead(&s, BO),
            "Ana is on 6: 1 to 6 move to 7 to 12."
        );
        assert_eq!(
            classic_narrator().look_ahead(&s, SPECTATOR),
            "Ana is on 6: 1 to 6 move to 7 to 12."
        );
    }

    #[test]
    fn a_bounce_off_the_last_square_and_onto_a_snake() {
        // 6 x 16 = 96, then 1: on 97.
        let rolls = [6; 16].iter().chain(&[1]).copied().collect::<Vec<u8>>();
        assert_eq!(
            ana_alone("standard", &rolls),
            "From 97: 1 slides down the snake at 98 to 78, 2 moves you to 99, 3 wins, 4 bounces \
             you back to 99, 5 bounces you back to 98 and down the snake to 78, 6 bounces you \
             back to 97."
        );
        // From 96: 5 and 6 bounce back to 99 and 98, the second onto the snake.
        assert_eq!(
            ana_alone("standard", &[6; 16]),
            "From 96: 1 moves you to 97, 2 slides down the snake at 98 to 78, 3 moves you to 99, \
             4 wins, 5 bounces you back to 99, 6 bounces you back to 98 and down the snake to 78."
        );
    }

    #[test]
    fn the_exact_ending_stays_and_the_loose_ending_wins_past_the_end() {
        let rolls = [6; 16].iter().chain(&[1]).copied().collect::<Vec<u8>>();
        assert_eq!(
            ana_alone("ending=exact", &rolls),
            "From 97: 1 slides down the snake at 98 to 78, 2 moves you to 99, 3 wins, 4 to 6 go \
             past 100 and do not move you."
        );
        assert_eq!(
            ana_alone("ending=loose", &rolls),
            "From 97: 1 slides down the snake at 98 to 78, 2 moves you to 99, 3 to 6 win."
        );
        // Someone else stays put too.
        let s = game(&board(), "ending=exact", 1, &rolls);
        let n = Narrator::new(vec!["Ana".into()]);
        assert!(
            n.look_ahead(&s, SPECTATOR)
                .ends_with("4 to 6 go past 100 and do not move Ana."),
            "{}",
            n.look_ahead(&s, SPECTATOR)
        );
    }

    #[test]
    fn need_six_off_the_board_and_the_six_that_rolls_again() {
        assert_eq!(
            ana_alone("entry=need-six", &[]),
            "From off the board: 1 to 5 leave you off the board, 6 moves you to 6."
        );
        assert_eq!(
            ana_alone("entry=need-six,six=roll-again", &[]),
            "From off the board: 1 to 5 leave you off the board, 6 moves you to 6, then you roll \
             again."
        );
        let s = game(&board(), "entry=need-six", 2, &[]);
        assert_eq!(
            classic_narrator().look_ahead(&s, BO),
            "Ana is off the board: 1 to 5 leave Ana off the board, 6 moves to 6."
        );
        // An 8-sided die: its 8 enters.
        assert_eq!(
            ana_alone("entry=need-six,die=8", &[]),
            "From off the board: 1 to 7 leave you off the board, 8 moves you to 8."
        );
    }

    #[test]
    fn a_bump_names_the_tokens_sent_back() {
        // Ana on 3, Cy on 5; Bo to roll from off the board.
        let s = game(&board(), "collision=bump", 3, &[3]);
        let s = {
            let mut s = s;
            s.apply(6).unwrap(); // Bo to 6
            s.apply(5).unwrap(); // Cy to 5
            s.apply(1).unwrap(); // Ana to 4
            s
        };
        assert_eq!(
            classic_narrator().look_ahead(&s, BO),
            "From 6: 1 to 6 move you to 7 to 12."
        );
        let s = game(&board(), "collision=bump", 3, &[3, 4]);
        // Cy off the board: 3 and 4 land on Ana and Bo.
        assert_eq!(
            classic_narrator().look_ahead(&s, ANA),
            "Cy is off the board: 1 and 2 move to 1 and 2, 3 moves to 3 and sends you back off \
             the board, 4 moves to 4 and sends Bo back off the board, 5 and 6 move to 5 and 6."
        );
        // Under share, nobody is sent back.
        let s = game(&board(), "standard", 3, &[3, 4]);
        assert_eq!(
            classic_narrator().look_ahead(&s, ANA),
            "Cy is off the board: 1 to 6 move to 1 to 6."
        );
        // Sent back to square 1 under start=square-1 (Bo's 3 sent Ana back there already).
        let s = game(&board(), "collision=bump,start=square-1", 3, &[3, 3]);
        assert_eq!(
            classic_narrator().look_ahead(&s, Listener::Player(2)),
            "From 1: 1 and 2 move you to 2 and 3, 3 moves you to 4 and sends Bo back to 1, 4 to \
             6 move you to 5 to 7."
        );
    }

    #[test]
    fn chained_jumps_and_a_ladder_that_wins() {
        let j = |from, to| Jump { from, to };
        // 2 -> 15 (ladder), 15 -> 3 (snake), 3 -> 20 (ladder), 24 -> 25 (ladder to the end).
        let b = Arc::new(Board::square(5, [j(2, 15), j(15, 3), j(3, 20), j(24, 25)]).unwrap());
        let n = Narrator::new(vec!["Ana".into()]);
        let s = game(&b, "jumps=chain", 1, &[]);
        assert_eq!(
            n.look_ahead(&s, ANA),
            "From off the board: 1 moves you to 1, 2 climbs the ladder at 2 to 15, then on to 20, \
             3 climbs the ladder at 3 to 20, 4 to 6 move you to 4 to 6."
        );
        let s = game(&b, "standard", 1, &[]);
        assert_eq!(
            n.look_ahead(&s, ANA),
            "From off the board: 1 moves you to 1, 2 climbs the ladder at 2 to 15, 3 climbs the \
             ladder at 3 to 20, 4 to 6 move you to 4 to 6."
        );
        // From 20 (3 climbed to 20): 4 reaches 24 and its ladder to 25, the last square.
        let s = game(&b, "standard", 1, &[3]);
        assert_eq!(
            n.look_ahead(&s, ANA),
            "From 20: 1 to 3 move you to 21 to 23, 4 climbs the ladder at 24 to 25 and wins, 5 \
             wins, 6 bounces you back to 24 and up the ladder to 25 and wins."
        );
    }

    /// Under every rules combination, on boards with chains, bounces past both ends and dice
    /// bigger than the board, every sentence is whole and names each face once, in order.
    #[test]
    fn every_rules_combination_says_every_face_once() {
        let boards = [
            board(),
            Arc::new(Board::parse("[[-1,-1,-1],[-1,9,8],[-1,8,9]]").unwrap()),
            Arc::new(Board::parse("[[-1,-1],[-1,3]]").unwrap()),
        ];
        let mut said = 0;
        for b in &boards {
            for die in [6, 8] {
                for rules in Rules::all_combinations(die) {
                    if snakes::check_playable(b, &rules).is_err() {
                        continue;
                    }
                    let mut game = snakes::Game::new(Arc::clone(b), rules, 3, 3).unwrap();
                    let n = classic_narrator().with_rules(&rules);
                    while !game.state().is_over() && game.rolls().len() < 30 {
                        let line = n.look_ahead(game.state(), ANA);
                        assert!(!line.contains('{'), "{line}");
                        let (_, clauses) = line.split_once(": ").unwrap();
                        let mut next = 1;
                        for clause in clauses.split(", ") {
                            let Some(faces) = clause.split(" move").next() else {
                                continue;
                            };
                            // A clause begins with its faces: "4", "5 and 6", "1 to 3".
                            let words: Vec<&str> = faces.split(' ').collect();
                            let Ok(first) = words[0].parse::<u8>() else {
                                continue;
                            };
                            assert_eq!(first, next, "{line}");
                            next = match words.get(1..3) {
                                Some(["to", last] | ["and", last]) => {
                                    last.parse::<u8>().unwrap() + 1
                                }
                                _ => first + 1,
                            };
                        }
                        assert_eq!(next, die + 1, "{rules}: {line}");
                        let mut squares = game.state().squares().to_vec();
                        squares.extend([0, 1, b.last() - 1, b.last(), b.last() + 1]);
                        for square in squares {
                            let line =
                                n.square_line(b, Some(game.state()), Some(square.into()), BO);
                            assert!(!line.contains('{'), "{line}");
                        }
                        said += 1;
                        game.roll().unwrap();
                    }
                }
            }
        }
        assert!(said > 1000, "{said}");
    }

    #[test]
    fn a_finished_game_says_so() {
        let s = game(&board(), "ending=loose", 1, &[6; 17]);
        assert!(s.is_over());
        assert_eq!(
            Narrator::new(vec!["Ana".into()]).look_ahead(&s, ANA),
            "The game is over: you won."
        );
    }

    #[test]
    fn what_is_on_a_square_and_ahead_of_it() {
        let n = classic_narrator();
        let b = Board::classic();
        // Ana to 4 and its ladder to 14, Bo to 1 and its ladder to 38, Cy to 6.
        let s = state(Rules::STANDARD, &[4, 1, 6]);
        assert_eq!(
            n.square_line(&b, Some(&s), Some(47), ANA),
            "Square 47: a snake down to 26. The next ladder is at 51, 4 squares ahead; the next \
             snake at 49, 2 squares ahead."
        );
        assert_eq!(
            n.square_line(&b, Some(&s), Some(38), ANA),
            "Square 38: the top of the ladder from 1. Bo is here. The next ladder is at 51, 13 \
             squares ahead; the next snake at 47, 9 squares ahead."
        );
        assert_eq!(
            n.square_line(&b, Some(&s), Some(38), BO),
            "Square 38: the top of the ladder from 1. You are here. The next ladder is at 51, 13 \
             squares ahead; the next snake at 47, 9 squares ahead."
        );
        // Enter alone: the listener's square; for a spectator, the square of the player to roll.
        assert_eq!(
            n.square_line(&b, Some(&s), None, ANA),
            "Square 14: the top of the ladder from 4. You are here. The next ladder is at 21, 7 \
             squares ahead; the next snake at 16, 2 squares ahead."
        );
        assert_eq!(
            n.square_line(&b, Some(&s), None, SPECTATOR),
            n.square_line(&b, Some(&s), Some(14), SPECTATOR)
        );
        assert_eq!(
            n.square_line(&b, Some(&s), Some(100), SPECTATOR),
            "Square 100: the last square and the top of the ladder from 80."
        );
        assert_eq!(
            n.square_line(&b, Some(&s), Some(99), SPECTATOR),
            "Square 99: no ladder or snake. No ladder or snake ahead."
        );
        assert_eq!(
            n.square_line(&b, Some(&s), Some(96), SPECTATOR),
            "Square 96: no ladder or snake. No ladder ahead; the next snake is at 98, 2 squares \
             ahead."
        );
        assert_eq!(
            n.square_line(&b, Some(&s), Some(90), SPECTATOR),
            "Square 90: no ladder or snake. No ladder ahead; the next snake is at 93, 3 squares \
             ahead."
        );
        assert_eq!(
            n.square_line(&b, Some(&s), Some(75), SPECTATOR),
            "Square 75: the tail of the snake from 95. The next ladder is at 80, 5 squares ahead; \
             the next snake at 87, 12 squares ahead."
        );
        assert_eq!(
            n.square_line(&b, Some(&s), Some(101), SPECTATOR),
            "There is no square 101: the board has squares 1 to 100."
        );
        assert_eq!(
            n.square_line(&b, Some(&s), Some(u64::MAX), SPECTATOR),
            "There is no square 18446744073709551615: the board has squares 1 to 100."
        );
        // Off the board, before anyone entered and before the game.
        let s = state(Rules::STANDARD, &[]);
        assert_eq!(
            n.square_line(&b, Some(&s), Some(0), BO),
            "Off the board. Ana, you and Cy are here. The next ladder is at 1, 1 square ahead; \
             the next snake at 16, 16 squares ahead."
        );
        assert_eq!(
            n.square_line(&b, None, None, SPECTATOR),
            "Off the board. The next ladder is at 1, 1 square ahead; the next snake at 16, 16 \
             squares ahead."
        );
        // Several people on one square.
        let s = state(Rules::STANDARD, &[3, 3, 3]);
        assert_eq!(
            n.square_line(&b, Some(&s), Some(3), SPECTATOR),
            "Square 3: no ladder or snake. Ana, Bo and Cy are here. The next ladder is at 4, 1 \
             square ahead; the next snake at 16, 13 squares ahead."
        );
    }

    #[test]
    fn korean_spanish_and_chinese_say_it_too() {
        use crate::Catalogue;
        let b = Board::classic();
        let s = state(Rules::STANDARD, &[4, 1, 6]);
        let exact = game(&board(), "ending=exact", 1, &[6; 16]);
        let said = |tag: &str| {
            let names: Vec<String> = ["Ana", "Bo", "Cy"].map(String::from).into();
            let n = Narrator::with_catalogue(names, Catalogue::for_locale(tag).unwrap())
                .with_rules(s.rules());
            [
                n.look_ahead(&s, ANA),
                n.look_ahead(&exact, SPECTATOR),
                n.square_line(&b, Some(&s), None, ANA),
                n.square_line(&b, Some(&s), Some(38), SPECTATOR),
            ]
        };
        assert_eq!(
            said("ko"),
            [
                // Each face with the particle it is read with; runs of faces and squares "3~6".
                "14번 칸에서: 1이 나오면 15번 칸으로 가요. 2가 나오면 16번 칸 뱀에 걸려 6번 칸으로 \
                 내려가요. 3~6이 나오면 17~20번 칸으로 가요.",
                "Ana 님은 96번 칸에 있어요. 1이 나오면 말이 97번 칸으로 가요. 2가 나오면 98번 칸 \
                 뱀에 걸려 78번 칸으로 내려가요. 3이 나오면 말이 99번 칸으로 가요. 4가 나오면 \
                 우승이에요. 5하고 6이 나오면 100번 칸을 넘어서 Ana 님은 움직이지 않아요.",
                "14번 칸: 4번 칸에서 올라오는 사다리의 끝. 여기 있는 말: 나. 다음 사다리는 21번 \
                 칸, 7칸 앞이에요. 다음 뱀은 16번 칸, 2칸 앞이에요.",
                "38번 칸: 1번 칸에서 올라오는 사다리의 끝. Bo 님이 여기 있어요. 다음 사다리는 \
                 51번 칸, 13칸 앞이에요. 다음 뱀은 47번 칸, 9칸 앞이에요.",
            ]
        );
        assert_eq!(
            said("zh-CN"),
            [
                "你在第14格：掷1点走到第15格，掷2点在第16格顺着蛇滑到第6格，掷3到6点走到第17到20格。",
                "Ana在第96格：掷1点走到第97格，掷2点在第98格顺着蛇滑到第78格，掷3点走到第99格，\
                 掷4点获胜，掷5和6点会越过第100格，Ana原地不动。",
                "第14格：从第4格爬上来的梯子顶端。你在这里。下一架梯子在第21格，前方7格；下一条蛇\
                 在第16格，前方2格。",
                "第38格：从第1格爬上来的梯子顶端。Bo在这里。下一架梯子在第51格，前方13格；下一条蛇\
                 在第47格，前方9格。",
            ]
        );
        assert_eq!(
            said("es"),
            [
                "Desde la 14: con un 1, avanzas a la casilla 15; con un 2, serpiente de la 16 a la \
                 6; del 3 al 6, avanzas a las casillas 17 a 20.",
                "Ana está en la 96: con un 1, avanza a la casilla 97; con un 2, serpiente de la 98 \
                 a la 78; con un 3, avanza a la casilla 99; con un 4, victoria; con 5 y 6, Ana se \
                 pasa de la 100 y no se mueve.",
                "Casilla 14: el final de la escalera que sube desde la 4. Aquí estás tú. La próxima \
                 escalera está en la 21, a 7 casillas; la próxima serpiente, en la 16, a 2 casillas.",
                "Casilla 38: el final de la escalera que sube desde la 1. Aquí está Bo. La próxima \
                 escalera está en la 51, a 13 casillas; la próxima serpiente, en la 47, a 9 casillas.",
            ]
        );
    }
}
