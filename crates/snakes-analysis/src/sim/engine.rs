//! Playing games: the landing table, the dice, the game loop for several tokens and the
//! interleaved loop for one.

use snakes::{AfterMove, Board, MAX_PLAYERS, Rng, Rules, after_move};

use super::statistics::Totals;

/// The landing table and the rules a simulation needs.
#[derive(Debug, Clone)]
pub struct Tables {
    /// Where each (square, face) lands, each square's faces padded to a power-of-two stride
    /// (`1 << shift`) and the whole to a power of two (`mask + 1`): indexed through the mask,
    /// the index is always in bounds, so the compiler drops the bounds check from the hot
    /// loop. Made once a run and shared by its threads.
    next: Vec<u32>,
    shift: u32,
    mask: usize,
    rules: Rules,
    faces: u64,
    last: u32,
    start: u32,
    /// Bit `r` set when face `r + 1` gives another roll ([`Rules::rolls_again`]): the one-token
    /// loop's form of the six rule.
    again: u64,
    per_word: u32,
}

impl Tables {
    /// Builds the landing table of `board` under `rules`.
    pub fn new(board: &Board, rules: &Rules) -> Tables {
        let f = u64::from(rules.die());
        let mut per_word = 0;
        let mut span = 1u64;
        while span * f <= 1 << 21 {
            span *= f;
            per_word += 1;
        }
        let landings = crate::chain::Outcomes::new(board, rules);
        let landings = landings.landings();
        let stride = (f as usize).next_power_of_two();
        let shift = stride.trailing_zeros();
        let size = (board.last() as usize + 1) * stride;
        let mask = size.next_power_of_two() - 1;
        let mut next = vec![board.last(); mask + 1];
        for (s, faces) in landings.chunks(f as usize).enumerate() {
            next[s << shift..][..faces.len()].copy_from_slice(faces);
        }
        Tables {
            next,
            shift,
            mask,
            faces: f,
            last: board.last(),
            rules: *rules,
            start: rules.start_square(),
            again: (1..=rules.die())
                .filter(|&r| rules.rolls_again(r))
                .fold(0, |m, r| m | 1 << (r - 1)),
            per_word,
        }
    }

    /// Where a roll of face `roll` (`1..=f`) takes a token on `from`.
    pub fn next_of(&self, from: u32, roll: u64) -> u32 {
        self.land(from, roll)
    }

    /// The rules the table was built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The last square.
    pub fn last(&self) -> u32 {
        self.last
    }

    /// The square tokens start on.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// One roll for a token on `from` (face `roll` in `1..=f`).
    #[inline]
    fn land(&self, from: u32, roll: u64) -> u32 {
        self.next[((from as usize) << self.shift) + roll as usize - 1]
    }
}

/// Rolls drawn several to a word (see the module docs for the method and its bias).
pub(super) struct Dice {
    rng: Rng,
    word: u64,
    left: u32,
    per_word: u32,
    faces: u64,
}

impl Dice {
    pub(super) fn new(rng: Rng, t: &Tables) -> Dice {
        Dice {
            rng,
            word: 0,
            left: 0,
            per_word: t.per_word,
            faces: t.faces,
        }
    }
    /// A roll in `1..=f`.
    #[inline]
    pub(super) fn roll(&mut self) -> u64 {
        if self.left == 0 {
            self.word = self.rng.next_u64();
            self.left = self.per_word;
        }
        self.left -= 1;
        let m = u128::from(self.word) * u128::from(self.faces);
        self.word = m as u64;
        (m >> 64) as u64 + 1
    }
}

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The winning seat (0-based).
    pub winner: usize,
    /// Rounds played: turns begun by the first seat.
    pub rounds: u64,
    /// Turns played by all players.
    pub turns: u64,
    /// Rolls made by all players.
    pub rolls: u64,
}

/// Plays one game of `players` tokens (1..=8), seat 0 first, with rolls from `roll` (each in
/// `1..=f`): each move from the landing table, the rest of the turn by [`snakes::after_move`], as
/// in [`snakes::GameState::apply`].
pub fn play_game(t: &Tables, players: usize, roll: impl FnMut() -> u64) -> Outcome {
    // One copy of the loop per player count: with the count a constant, the collision scan over
    // the other tokens unrolls and the turn's wrap-around is a compare with a constant.
    match players {
        1 => play_game_of::<1>(t, roll),
        2 => play_game_of::<2>(t, roll),
        3 => play_game_of::<3>(t, roll),
        4 => play_game_of::<4>(t, roll),
        5 => play_game_of::<5>(t, roll),
        6 => play_game_of::<6>(t, roll),
        7 => play_game_of::<7>(t, roll),
        _ => play_game_of::<MAX_PLAYERS>(t, roll),
    }
}

fn play_game_of<const PLAYERS: usize>(t: &Tables, mut roll: impl FnMut() -> u64) -> Outcome {
    let mut squares = [t.start; PLAYERS];
    let mut player = 0;
    let (mut rounds, mut turns, mut rolls) = (1, 1, 0);
    loop {
        let r = roll();
        rolls += 1;
        let to = t.land(squares[player], r);
        // `r` is a face of the die, at most `MAX_FACES`: it fits a `u8`.
        match after_move(&t.rules, t.last, player, to, r as u8, &mut squares, |_| {}) {
            AfterMove::Won => {
                return Outcome {
                    winner: player,
                    rounds,
                    turns,
                    rolls,
                };
            }
            AfterMove::ExtraRoll => {}
            AfterMove::Next(next) => {
                player = next;
                turns += 1;
                if next == 0 {
                    rounds += 1;
                }
            }
        }
    }
}

/// Plays `games` single-token games, several interleaved so that one game's table look-up waits
/// while the others compute: the hot loop of the simulator.
pub(super) fn single_games(t: &Tables, games: u64, rng: &mut Rng, out: &mut Totals) {
    if t.again != 0 {
        single_games_lanes::<true>(t, games, rng, out);
    } else {
        single_games_lanes::<false>(t, games, rng, out);
    }
}

/// [`snakes::after_move`] specialised to one token, rule by rule: collision needs another token,
/// so it never happens; the finish is reaching the last square, the test below; the six rule
/// gives another roll within the same turn, which only changes the count of turns (`fresh`, from
/// the same [`Rules::rolls_again`] through `again`); and the turn passes back to the same token.
/// A test checks that it plays exactly the games [`play_game`] plays from the same rolls, for
/// every rules combination.
fn single_games_lanes<const ROLL_AGAIN: bool>(
    t: &Tables,
    games: u64,
    rng: &mut Rng,
    out: &mut Totals,
) {
    const LANES: usize = 16;
    let f = t.faces;
    let (next, shift, mask) = (&t.next[..], t.shift, t.mask);
    let mut sq = [t.start; LANES];
    // Every lane rolls once per sweep, so a game's rolls are the sweeps since it began: one
    // counter for all lanes instead of one increment per lane and roll.
    let mut sweep = 0u64;
    let mut began = [0u64; LANES];
    let mut turns = [0u64; LANES];
    // A turn begins with this roll unless the previous roll earned another.
    let mut fresh = [1u64; LANES];
    let mut active = [false; LANES];
    let mut to_start = games;
    for a in &mut active {
        if to_start > 0 {
            *a = true;
            to_start -= 1;
        }
    }
    let mut running = active.iter().filter(|&&a| a).count();
    while running > 0 {
        let mut words = [0u64; LANES];
        for w in &mut words {
            *w = rng.next_u64();
        }
        for _ in 0..t.per_word {
            sweep += 1;
            for l in 0..LANES {
                let m = u128::from(words[l]) * u128::from(f);
                words[l] = m as u64;
                let r = (m >> 64) as usize; // 0-based face
                let s = next[((sq[l] as usize) << shift | r) & mask];
                sq[l] = s;
                if ROLL_AGAIN {
                    turns[l] += fresh[l];
                    fresh[l] = !(t.again >> r) & 1;
                }
                if s == t.last && active[l] {
                    let rolls = sweep - began[l];
                    let turns_played = if ROLL_AGAIN { turns[l] } else { rolls };
                    out.add_game(turns_played, turns_played, rolls, 0);
                    began[l] = sweep;
                    turns[l] = 0;
                    fresh[l] = 1;
                    if to_start > 0 {
                        to_start -= 1;
                        sq[l] = t.start;
                    } else {
                        // The lane stays on the last square (a finished token stays) until
                        // the other lanes are done.
                        active[l] = false;
                        running -= 1;
                    }
                }
            }
        }
    }
}

/// The straightforward simulator, for comparison in benchmarks: one game at a time, one roll at
/// a time through [`snakes::landing`] and [`Rng::roll`]. Returns the total rolls.
pub fn naive_single_rolls(board: &Board, rules: &Rules, games: u64, seed: u64) -> u64 {
    let mut rng = Rng::new(seed);
    let mut total = 0;
    let start = rules.start_square();
    let last = board.last();
    for _ in 0..games {
        let mut s = start;
        while s != last {
            s = snakes::landing(board, rules, s, rng.roll(rules.die()));
            total += 1;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::statistics::summarise;
    use crate::sim::threads::opts;
    use snakes::{Event, GameState};
    use std::sync::Arc;

    #[test]
    fn play_game_agrees_with_the_engine_for_every_rules_combination() {
        let board = Arc::new(Board::classic());
        let mut rng = Rng::new(5);
        for rules in Rules::all_combinations(6) {
            let t = Tables::new(&board, &rules);
            for players in 1..=4 {
                for _ in 0..10 {
                    // Rolls drawn as the game asks for them, kept for the replay.
                    let mut rolls: Vec<u8> = Vec::new();
                    let o = play_game(&t, players, || {
                        rolls.push(rng.roll(6));
                        u64::from(rolls[rolls.len() - 1])
                    });
                    let mut g =
                        GameState::new(Arc::clone(&board), rules, players, 0).expect("valid");
                    let mut turns_passed = 0;
                    let mut rounds = 1;
                    assert_eq!(rolls.len() as u64, o.rolls);
                    for &r in &rolls {
                        for e in g.apply(r).expect("game not over") {
                            if let Event::TurnPassed { player } = e {
                                turns_passed += 1;
                                rounds += u64::from(player == 0);
                            }
                        }
                    }
                    assert_eq!(g.winner(), Some(o.winner), "{rules}");
                    assert_eq!(1 + turns_passed, o.turns, "{rules}");
                    assert_eq!(rounds, o.rounds, "{rules}");
                    let turns: u64 = g.stats().iter().map(|s| u64::from(s.turns)).sum();
                    assert_eq!(turns, o.turns);
                }
            }
        }
    }

    #[test]
    fn the_interleaved_single_token_loop_agrees_with_play_game() {
        // Same generator words, consumed the same way, give the same turn counts as the plain
        // game loop when one lane's rolls are fed to it.
        let board = Board::classic();
        for rules in ["standard", "six=roll-again,ending=exact", "entry=need-six"] {
            let rules: Rules = rules.parse().expect("rules");
            let t = Tables::new(&board, &rules);
            let mut fast = Totals::default();
            single_games(&t, 20_000, &mut Rng::new(1), &mut fast);
            let mut slow = Totals::default();
            let mut dice = Dice::new(Rng::new(2), &t);
            for _ in 0..20_000 {
                let o = play_game(&t, 1, || dice.roll());
                slow.add_game(o.rounds, o.turns, o.rolls, 0);
            }
            // Different streams: agreement in distribution (means within a few standard errors).
            let f = summarise(&rules, &opts(1), &fast);
            let s = summarise(&rules, &opts(1), &slow);
            let diff = (f.expected_rounds.value - s.expected_rounds.value).abs();
            let se = (f.expected_rounds.ci95.powi(2) + s.expected_rounds.ci95.powi(2)).sqrt();
            assert!(diff < 2.0 * se, "{rules}: {diff} vs {se}");
        }
    }

    #[test]
    fn the_interleaved_single_token_loop_plays_exactly_the_games_of_play_game_for_every_rules_combination()
     {
        // The same generator words split into the same per-lane roll streams, each lane's games
        // played back to back by `play_game` (so by `snakes::after_move`), and the games counted
        // in the order the lanes finish them: the totals must be identical.
        const LANES: usize = 16;
        let board = Board::classic();
        for rules in Rules::all_combinations(6) {
            let t = Tables::new(&board, &rules);
            let games = 200;
            let mut fast = Totals::default();
            single_games(&t, games, &mut Rng::new(3), &mut fast);

            let mut rng = Rng::new(3);
            let mut streams: Vec<std::collections::VecDeque<u64>> = vec![Default::default(); LANES];
            let mut roll = |lane: usize, streams: &mut Vec<std::collections::VecDeque<u64>>| {
                if streams[lane].is_empty() {
                    // One batch: a word per lane, then `per_word` rolls from each.
                    for stream in streams.iter_mut() {
                        let mut w = rng.next_u64();
                        for _ in 0..t.per_word {
                            let m = u128::from(w) * u128::from(t.faces);
                            w = m as u64;
                            stream.push_back((m >> 64) as u64 + 1);
                        }
                    }
                }
                streams[lane].pop_front().expect("a batch was drawn")
            };
            // (sweep at which the lane's game ends, lane, the game)
            let mut running = std::collections::BTreeSet::new();
            let mut ends = [0u64; LANES];
            for (lane, end) in ends.iter_mut().enumerate() {
                let o = play_game(&t, 1, || roll(lane, &mut streams));
                *end = o.rolls;
                running.insert((*end, lane, o.turns, o.rolls));
            }
            let mut slow = Totals::default();
            let mut to_start = games - LANES as u64;
            while let Some((_, lane, turns, rolls)) = running.pop_first() {
                slow.add_game(turns, turns, rolls, 0);
                if to_start > 0 {
                    to_start -= 1;
                    let o = play_game(&t, 1, || roll(lane, &mut streams));
                    ends[lane] += o.rolls;
                    running.insert((ends[lane], lane, o.turns, o.rolls));
                }
            }
            assert_eq!(fast, slow, "{rules}");
        }
    }

    #[test]
    fn dice_are_uniform() {
        let t = Tables::new(&Board::classic(), &Rules::STANDARD);
        let mut d = Dice::new(Rng::new(9), &t);
        let mut counts = [0u64; 6];
        for _ in 0..600_000 {
            counts[d.roll() as usize - 1] += 1;
        }
        // Chi-square with 5 degrees of freedom: 20.5 is the 0.999 quantile.
        let chi: f64 = counts
            .iter()
            .map(|&c| (c as f64 - 100_000.0).powi(2) / 100_000.0)
            .sum();
        assert!(chi < 20.5, "{counts:?}");
    }
}
