//! The state of a game, asked for with a key (`status.ftl`): who goes first, positions (C),
//! whose turn (T), the scores in brief (S) and in detail (Shift+S), the legend of a drawn board.

use snakes::{Collision, GameState, Square};

use super::{Args, Listener, Narrator, Player, capitalize};

impl Narrator {
    /// Who rolls first: "Bo goes first." / "You go first."
    pub fn first_player(&self, player: Player, listener: Listener) -> String {
        self.say("first-player", self.who(player, listener))
    }

    /// Every token's position, highest square first, players on the same square together,
    /// those off the board last: "Bo is on square 40, you are on square 12, Cy has not entered
    /// the board."
    pub fn positions(&self, state: &GameState, listener: Listener) -> String {
        let mut squares: Vec<Square> = state.squares().to_vec();
        squares.sort_unstable_by(|a, b| b.cmp(a));
        squares.dedup();
        let clauses: Vec<String> = squares
            .iter()
            .map(|&square| {
                let group: Vec<Player> = (0..state.players())
                    .filter(|&p| state.square(p) == square)
                    .collect();
                let mut args: Args = vec![
                    ("who", self.players_list(&group, listener).into()),
                    ("form", Self::form(&group, listener).into()),
                ];
                if square == 0 {
                    self.say("position-off", args)
                } else {
                    args.push(("square", square.into()));
                    self.say("position-on", args)
                }
            })
            .collect();
        let text = self.join("clause-join", clauses).unwrap_or_default();
        capitalize(self.say("sentence", vec![("text", text.into())]))
    }

    /// The legend of a board drawn with its tokens, `marks[p]` being the letter of player `p`:
    /// "Tokens: A Ana on 12, B you on 40, C Cy off the board."
    pub fn token_legend(&self, state: &GameState, marks: &[char], listener: Listener) -> String {
        let items: Vec<String> = (0..state.players())
            .map(|p| {
                let mark = marks.get(p).map_or_else(String::new, char::to_string);
                let mut args: Args = vec![
                    ("mark", mark.into()),
                    ("who", self.person(p, listener).into()),
                ];
                match state.square(p) {
                    0 => self.say("board-token-off", args),
                    square => {
                        args.push(("square", square.into()));
                        self.say("board-token-on", args)
                    }
                }
            })
            .collect();
        let list = self.join("list-comma", items).unwrap_or_default();
        self.say("board-tokens", vec![("list", list.into())])
    }

    /// Whose turn it is and where their token is (or who won, once the game is over).
    pub fn turn(&self, state: &GameState, listener: Listener) -> String {
        if let Some(winner) = state.winner() {
            return self.say("game-over", self.who(winner, listener));
        }
        let player = state.turn();
        let mut args = self.who(player, listener);
        let again = if state.on_extra_roll() { "yes" } else { "no" };
        args.push(("again", again.into()));
        let square = state.square(player);
        if square == 0 {
            self.say("turn-off", args)
        } else {
            args.push(("square", square.into()));
            self.say("turn-on", args)
        }
    }

    /// A brief race summary: who leads, where, and by how much.
    pub fn scores(&self, state: &GameState, listener: Listener) -> String {
        let squares = state.squares();
        let players: Vec<Player> = (0..state.players()).collect();
        let at = |square: Square| -> Vec<Player> {
            players
                .iter()
                .copied()
                .filter(|&p| squares[p] == square)
                .collect()
        };
        if let Some(winner) = state.winner() {
            let second = players
                .iter()
                .filter(|&&p| p != winner)
                .map(|&p| squares[p])
                .max();
            let (gap, behind) = match second {
                Some(s) => {
                    let behind: Vec<Player> = at(s).into_iter().filter(|&p| p != winner).collect();
                    (squares[winner] - s, self.players_list(&behind, listener))
                }
                None => (0, String::new()),
            };
            let args: Args = vec![
                ("who", self.person(winner, listener).into()),
                ("gap", gap.into()),
                ("behind", behind.into()),
            ];
            return capitalize(self.say("scores-won", args));
        }
        let top = squares.iter().copied().max().unwrap_or(0);
        let leaders = at(top);
        if leaders.len() == players.len() {
            return if top == 0 {
                self.say("scores-nobody-entered", vec![])
            } else {
                self.say("scores-all-level", vec![("square", top.into())])
            };
        }
        if top == 0 {
            return self.say("scores-nobody-entered", vec![]);
        }
        let second = squares
            .iter()
            .copied()
            .filter(|&s| s < top)
            .max()
            .unwrap_or(0);
        let args: Args = vec![
            ("who", self.players_list(&leaders, listener).into()),
            ("form", Self::form(&leaders, listener).into()),
            ("square", top.into()),
            ("gap", (top - second).into()),
            ("behind", self.players_list(&at(second), listener).into()),
        ];
        capitalize(self.say("scores-lead", args))
    }

    /// One line per player, in seat order: square, distance to the finish, turns, rolls,
    /// ladders, snakes, sixes, and bumps when landing on a token sends it back.
    pub fn detailed_scores(&self, state: &GameState, listener: Listener) -> Vec<String> {
        let last = state.board().last();
        (0..state.players())
            .map(|p| {
                let s = state.stats()[p];
                let mut stats = self.say(
                    "detail-stats",
                    vec![
                        ("turns", s.turns.into()),
                        ("rolls", s.rolls.into()),
                        ("ladders", s.ladders.into()),
                        ("snakes", s.snakes.into()),
                        ("sixes", s.sixes.into()),
                        ("top", state.rules().die().into()),
                    ],
                );
                if state.rules().collision == Collision::Bump {
                    stats = self.say(
                        "detail-bumps",
                        vec![
                            ("stats", stats.into()),
                            ("made", s.bumps_made.into()),
                            ("suffered", s.bumped.into()),
                        ],
                    );
                }
                let who = capitalize(self.person(p, listener));
                let square = state.square(p);
                if state.winner() == Some(p) {
                    self.say(
                        "detail-won",
                        vec![
                            ("who", who.into()),
                            ("square", square.into()),
                            ("stats", stats.into()),
                        ],
                    )
                } else {
                    let place = if square == 0 {
                        self.say("detail-off", vec![])
                    } else {
                        self.say("detail-on", vec![("square", square.into())])
                    };
                    self.say(
                        "detail-line",
                        vec![
                            ("who", who.into()),
                            ("where", place.into()),
                            ("to_go", (last - square).into()),
                            ("stats", stats.into()),
                        ],
                    )
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;
    use snakes::{Board, Ending, Rules, Six};
    use std::sync::Arc;

    #[test]
    fn positions_sorted_by_square() {
        let n = classic_narrator();
        let s = state(Rules::STANDARD, &[]);
        assert_eq!(
            n.positions(&s, SPECTATOR),
            "Ana, Bo and Cy have not entered the board."
        );
        // Ana 0 -> 3, Bo 0 -> 1 -> 38, Cy 0 -> 3.
        let s = state(Rules::STANDARD, &[3, 1, 3]);
        assert_eq!(
            n.positions(&s, SPECTATOR),
            "Bo is on square 38, Ana and Cy are on square 3."
        );
        assert_eq!(
            n.positions(&s, BO),
            "You are on square 38, Ana and Cy are on square 3."
        );
        assert_eq!(
            n.positions(&s, ANA),
            "Bo is on square 38, you and Cy are on square 3."
        );
        let s = state(Rules::STANDARD, &[2, 5]);
        assert_eq!(
            n.positions(&s, Listener::Player(2)),
            "Bo is on square 5, Ana is on square 2, you have not entered the board."
        );
    }

    #[test]
    fn token_legend() {
        let n = classic_narrator();
        let s = state(Rules::STANDARD, &[2, 5]);
        assert_eq!(
            n.token_legend(&s, &['A', 'B', 'C'], BO),
            "Tokens: A Ana on 2, B you on 5, C Cy off the board."
        );
    }

    #[test]
    fn whose_turn() {
        let n = classic_narrator();
        let s = state(Rules::STANDARD, &[2]);
        assert_eq!(
            n.turn(&s, SPECTATOR),
            "It is Bo's turn; Bo has not entered the board."
        );
        assert_eq!(
            n.turn(&s, BO),
            "It is your turn; you have not entered the board."
        );
        let s = state(Rules::STANDARD, &[2, 3, 4]);
        assert_eq!(n.turn(&s, ANA), "It is your turn; you are on square 2.");
        assert_eq!(n.turn(&s, BO), "It is Ana's turn; Ana is on square 2.");
        let mut rules = Rules::STANDARD;
        rules.six = Six::RollAgain;
        let s = state(rules, &[6]);
        assert_eq!(
            n.turn(&s, ANA),
            "It is your turn again; you are on square 6."
        );
        assert_eq!(
            n.turn(&s, BO),
            "It is Ana's turn again; Ana is on square 6."
        );
    }

    /// A 3-player game on the classic board, loose ending, where Ana wins:
    /// Ana 0 -> 6 -> 12 -> 18 -> 23 -> 28 (ladder 84) -> 90 -> 96 -> 100.
    fn won_state() -> GameState {
        let mut rules = Rules::STANDARD;
        rules.ending = Ending::Loose;
        let mut s = GameState::new(Arc::new(Board::classic()), rules, 2, 0).unwrap();
        for (ana, bo) in [(6, 2), (6, 3), (6, 2), (5, 1), (5, 1), (6, 2), (6, 3)] {
            s.apply(ana).unwrap();
            s.apply(bo).unwrap();
        }
        s.apply(6).unwrap();
        s
    }

    #[test]
    fn scores_in_brief() {
        let n = classic_narrator();
        assert_eq!(
            n.scores(&state(Rules::STANDARD, &[]), SPECTATOR),
            "Nobody has entered the board yet."
        );
        assert_eq!(
            n.scores(&state(Rules::LEETCODE, &[]), SPECTATOR),
            "Everyone is level on square 1."
        );
        let s = state(Rules::STANDARD, &[3, 1, 3]);
        assert_eq!(
            n.scores(&s, SPECTATOR),
            "Bo leads on square 38, 35 squares ahead of Ana and Cy."
        );
        assert_eq!(
            n.scores(&s, BO),
            "You lead on square 38, 35 squares ahead of Ana and Cy."
        );
        assert_eq!(
            n.scores(&s, ANA),
            "Bo leads on square 38, 35 squares ahead of you and Cy."
        );
        let s = state(Rules::STANDARD, &[3, 3, 2]);
        assert_eq!(
            n.scores(&s, SPECTATOR),
            "Ana and Bo share the lead on square 3, 1 square ahead of Cy."
        );
        let s = state(Rules::STANDARD, &[3, 2]);
        assert_eq!(
            n.scores(&s, ANA),
            "You lead on square 3, 1 square ahead of Bo."
        );
        let s = won_state();
        assert_eq!(s.winner(), Some(0));
        let bo = s.square(1);
        assert_eq!(
            n.scores(&s, SPECTATOR),
            format!("Ana won, {} squares ahead of Bo.", 100 - bo)
        );
        assert_eq!(
            n.scores(&s, ANA),
            format!("You won, {} squares ahead of Bo.", 100 - bo)
        );
        assert_eq!(n.turn(&s, BO), "The game is over: Ana won.");
    }

    #[test]
    fn detailed_scores_per_player() {
        let n = classic_narrator();
        let s = won_state();
        let lines = n.detailed_scores(&s, BO);
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[0],
            "Ana: won on square 100; 8 turns, 8 rolls, 1 ladder, 0 snakes, 6 sixes."
        );
        let bo = s.square(1);
        assert!(
            lines[1].starts_with(&format!(
                "You: square {bo}, {} squares to go; 7 turns, 7 rolls,",
                100 - bo
            )),
            "{}",
            lines[1]
        );
        let mut rules = Rules::STANDARD;
        rules.collision = Collision::Bump;
        let s = state(rules, &[3, 3]);
        assert_eq!(
            n.detailed_scores(&s, SPECTATOR),
            [
                "Ana: off the board, 100 squares to go; 1 turn, 1 roll, 0 ladders, 0 snakes, 0 sixes, 0 bumps made, bumped once.",
                "Bo: square 3, 97 squares to go; 1 turn, 1 roll, 0 ladders, 0 snakes, 0 sixes, 1 bump made, never bumped.",
                "Cy: off the board, 100 squares to go; 0 turns, 0 rolls, 0 ladders, 0 snakes, 0 sixes, 0 bumps made, never bumped.",
            ]
        );
        let rules = Rules::STANDARD.with_die(8).unwrap();
        let s = state(rules, &[8]);
        assert!(
            n.detailed_scores(&s, SPECTATOR)[0].ends_with("1 roll of 8."),
            "{:?}",
            n.detailed_scores(&s, SPECTATOR)
        );
    }
}
