//! The chains of one token, built from the faces' outcomes ([`snakes::face_outcome`]): per roll,
//! per turn, and roll by roll with the turn in the state.

use snakes::{Board, Rules, Square, face_outcome};

use super::field::Field;

/// A sparse sub-stochastic matrix over the transient states `0..n` (compressed rows) plus, per
/// row, the probability of reaching the absorbing last square.
#[derive(Debug, Clone)]
pub struct Kernel<T> {
    /// Number of transient states (`N`, the last square, is state `n` and absorbs).
    pub n: usize,
    offsets: Vec<usize>,
    targets: Vec<u32>,
    probs: Vec<T>,
    /// Probability of finishing from each state in one step.
    pub finish: Vec<T>,
}

impl<T: Field> Kernel<T> {
    /// Row `i`: the transient targets with their probabilities (each target once).
    pub fn row(&self, i: usize) -> impl Iterator<Item = (usize, &T)> {
        let (a, b) = (self.offsets[i], self.offsets[i + 1]);
        self.targets[a..b]
            .iter()
            .map(|&t| t as usize)
            .zip(&self.probs[a..b])
    }

    /// Builds a kernel row by row: `fill(i, push)` pushes `(target, probability)` pairs for row
    /// `i`, duplicates allowed (they are merged); a target equal to `n` is the finish.
    fn build(n: usize, mut fill: impl FnMut(usize, &mut dyn FnMut(usize, T))) -> Kernel<T> {
        let mut k = Kernel {
            n,
            offsets: Vec::with_capacity(n + 1),
            targets: Vec::with_capacity(n * 6),
            probs: Vec::with_capacity(n * 6),
            finish: Vec::with_capacity(n),
        };
        k.offsets.push(0);
        // Dense scratch row, cleared through the list of touched entries: O(row) per row.
        let mut scratch: Vec<Option<T>> = vec![None; n + 1];
        let mut touched: Vec<usize> = Vec::new();
        for i in 0..n {
            fill(i, &mut |t, p| match &mut scratch[t] {
                Some(v) => v.add_assign(&p),
                slot @ None => {
                    *slot = Some(p);
                    touched.push(t);
                }
            });
            touched.sort_unstable();
            let mut fin = T::zero();
            for &t in &touched {
                if let Some(p) = scratch[t].take() {
                    if t == n {
                        fin = p;
                    } else if !p.is_zero() {
                        k.targets.push(t as u32);
                        k.probs.push(p);
                    }
                }
            }
            touched.clear();
            k.finish.push(fin);
            k.offsets.push(k.targets.len());
        }
        k
    }

    /// The same chain with every probability mapped by `f`.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Kernel<U> {
        let mut f = f;
        Kernel {
            n: self.n,
            offsets: self.offsets.clone(),
            targets: self.targets.clone(),
            probs: self.probs.iter().map(&mut f).collect(),
            finish: self.finish.iter().map(&mut f).collect(),
        }
    }

    /// The same chain in `f64`.
    pub fn to_f64(&self) -> Kernel<f64> {
        Kernel {
            n: self.n,
            offsets: self.offsets.clone(),
            targets: self.targets.clone(),
            probs: self.probs.iter().map(Field::to_f64).collect(),
            finish: self.finish.iter().map(Field::to_f64).collect(),
        }
    }

    /// The compressed rows: row `i` is `targets[offsets[i]..offsets[i + 1]]` with the same
    /// range of `probs`.
    pub(crate) fn parts(&self) -> (&[usize], &[u32], &[T]) {
        (&self.offsets, &self.targets, &self.probs)
    }

    /// Number of stored transitions: the work of one step of a distribution.
    pub fn nnz(&self) -> usize {
        self.targets.len() + self.n
    }

    /// The sum of row `i` including the finish: 1 for a stochastic row.
    pub fn row_sum(&self, i: usize) -> T {
        let mut s = self.finish[i].clone();
        for (_, p) in self.row(i) {
            s.add_assign(p);
        }
        s
    }
}

/// Every face's outcome from every square below the last, from [`snakes::face_outcome`]: the
/// one table every chain and the simulator are built from.
#[derive(Debug, Clone)]
pub struct Outcomes {
    n: usize,
    faces: usize,
    /// `to[s * faces + face - 1]`: where the token rests.
    to: Vec<Square>,
    /// The same place, with bit 0 set when the roll finishes and bit 1 when it rolls again.
    kind: Vec<u8>,
}

const FINISHES: u8 = 1;
const ROLLS_AGAIN: u8 = 2;

impl Outcomes {
    /// The outcome of every face from every square `0..N` of `board` under `rules`.
    pub fn new(board: &Board, rules: &Rules) -> Outcomes {
        let n = board.last() as usize;
        let faces = usize::from(rules.die());
        let mut to = Vec::with_capacity(n * faces);
        let mut kind = Vec::with_capacity(n * faces);
        for s in 0..n as Square {
            for face in 1..=rules.die() {
                let o = face_outcome(board, rules, s, face, |_| {});
                to.push(o.to);
                kind.push(
                    if o.finishes { FINISHES } else { 0 }
                        | if o.rolls_again { ROLLS_AGAIN } else { 0 },
                );
            }
        }
        Outcomes { n, faces, to, kind }
    }

    /// The number of squares below the last (the transient states `0..N`).
    pub fn squares(&self) -> usize {
        self.n
    }

    /// The number of faces of the die.
    pub fn faces(&self) -> usize {
        self.faces
    }

    /// Whether some face rolls again from some square: then a turn can hold several rolls.
    pub fn any_rolls_again(&self) -> bool {
        self.kind.iter().any(|k| k & ROLLS_AGAIN != 0)
    }

    /// Where each face takes a token: `landings()[s * faces + face - 1]`.
    pub fn landings(&self) -> &[Square] {
        &self.to
    }

    /// The faces from `s` in order: the state each leads to (`N` when it finishes) and whether
    /// the same player rolls again.
    pub fn from(&self, s: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
        let at = s * self.faces..(s + 1) * self.faces;
        self.to[at.clone()]
            .iter()
            .zip(&self.kind[at])
            .map(|(&to, &kind)| {
                let state = if kind & FINISHES != 0 {
                    self.n
                } else {
                    to as usize
                };
                (state, kind & ROLLS_AGAIN != 0)
            })
    }
}

/// The per-roll kernel: from each square, each face with probability `1/f`.
pub fn roll_kernel<T: Field>(o: &Outcomes) -> Kernel<T> {
    let f = o.faces;
    let mut row: Vec<usize> = Vec::with_capacity(f);
    Kernel::build(o.n, |i, push| {
        // Count the faces landing on each square and divide once: k/f rather than a sum of k
        // rounded 1/f, so that a row sums to 1 as exactly as f64 allows.
        row.clear();
        row.extend(o.from(i).map(|(to, _)| to));
        row.sort_unstable();
        for group in row.chunk_by(|a, b| a == b) {
            push(group[0], T::ratio(group.len() as u64, f as u64));
        }
    })
}

/// The per-turn chain and the expected rolls within a turn started on each square.
#[derive(Debug, Clone)]
pub struct TurnKernel<T> {
    /// Where a turn started on each square ends.
    pub kernel: Kernel<T>,
    /// The expected number of rolls in a turn started on each square.
    pub rolls: Vec<T>,
}

/// The per-turn kernel: a turn is every roll a player makes before the turn passes. A face that
/// rolls again ([`snakes::FaceOutcome::rolls_again`], the top face under `six=roll-again`: at most
/// one face of a roll) gives another roll from where it landed, so the turn from `s` ends with
/// the distribution `K(s) = A(s) + (1/f) K(g(s))`, where `A(s)` spreads `1/f` over the outcomes
/// of the other faces and `g(s)` is where the face that rolls again lands. Following `g` from `s`
/// either finishes or enters a cycle (for example a six that overshoots under the exact ending
/// lands where it started); the cycle's geometric series is summed in closed form, exactly.
/// In `f64` a run of rolls again is followed at most until its chance falls below 1e-20.
/// Without a face that rolls again it is the per-roll kernel.
pub fn turn_kernel<T: Field>(o: &Outcomes) -> TurnKernel<T> {
    let n = o.n;
    let f = o.faces;
    let pf = T::ratio(1, f as u64);
    let one = T::ratio(1, 1);
    // Where the face that rolls again from `s` leads, if one does.
    let again = |s: usize| o.from(s).find(|&(_, again)| again).map(|(to, _)| to);
    let mut pos_in_path: Vec<usize> = vec![usize::MAX; n + 1];
    // Exact kernels follow every run to its end. In f64 a run longer than `max_depth` (chance
    // f^-max_depth < 1e-20) is cut: on a board of a million squares a run can otherwise be
    // followed for a hundred thousand steps from every square.
    let max_depth = if T::EXACT {
        usize::MAX
    } else {
        (20.0 / (f as f64).log10()).ceil() as usize + 1
    };
    let mut rolls = Vec::with_capacity(n);
    let kernel = Kernel::build(n, |i, push| {
        // The path of squares the turn visits while rolls again keep coming: i, g(i), ...
        let mut path = vec![i];
        pos_in_path[i] = 0;
        let mut cycle_start = None;
        let mut cut = None;
        // A face that finishes never rolls again (the finish comes first), so the path ends
        // where no face rolls again, in a cycle, or cut.
        while let Some(&last) = path.last() {
            let Some(next) = again(last) else { break };
            if path.len() >= max_depth {
                cut = Some(next);
                break;
            }
            if pos_in_path[next] != usize::MAX {
                cycle_start = Some(pos_in_path[next]);
                break;
            }
            pos_in_path[next] = path.len();
            path.push(next);
        }
        for &s in &path {
            pos_in_path[s] = usize::MAX;
        }
        // The chance of visiting path[j] is f^-j, and on a cycle of length L from position m
        // every visit repeats with factor f^-L: divide the cycle's chances by 1 - f^-L.
        let (m, cycle_factor) = match cycle_start {
            Some(m) => {
                let mut back = one.clone(); // f^-L, the chance of L rolls again in a row
                for _ in m..path.len() {
                    back = back.mul(&pf);
                }
                (m, one.div(&one.sub(&back)))
            }
            None => (path.len(), one.clone()),
        };
        let mut visit = one.clone(); // f^-j: the chance that the turn makes its roll j + 1
        let mut expected_rolls = T::zero();
        for (j, &s) in path.iter().enumerate() {
            let v = if j >= m {
                visit.mul(&cycle_factor)
            } else {
                visit.clone()
            };
            expected_rolls.add_assign(&v);
            let w = v.mul(&pf);
            for (to, again) in o.from(s) {
                if !again {
                    push(to, w.clone());
                }
            }
            visit = visit.mul(&pf);
        }
        rolls.push(expected_rolls);
        if let (None, Some(next)) = (cycle_start, cut) {
            // In f64, after so many rolls again in a row (a chance below 1e-20) the turn is
            // taken to end where the last one landed: the rest is below what f64 can hold.
            push(next, visit);
        }
    });
    TurnKernel { kernel, rolls }
}

/// The per-roll chain of one token with the turn structure in the state, for rules under which a
/// face rolls again: state `2 s` is "on `s`, a turn begins with the next roll", state `2 s + 1`
/// is "on `s`, rolling again". Every row has at most `f` entries, so the elimination stays as
/// sparse as with one roll per turn (the per-turn kernel sums whole runs into each row and fills
/// in). Expected turns solve `x = c + K x` with `c = 1` on the even states and `0` on the odd.
pub fn roll_again_kernel<T: Field>(o: &Outcomes) -> Kernel<T> {
    let n = o.n;
    let f = o.faces;
    let mut row: Vec<usize> = Vec::with_capacity(f);
    Kernel::build(2 * n, |i, push| {
        row.clear();
        row.extend(o.from(i / 2).map(|(to, again)| match (to == n, again) {
            (true, _) => 2 * n, // the finish
            (false, true) => 2 * to + 1,
            (false, false) => 2 * to,
        }));
        row.sort_unstable();
        for group in row.chunk_by(|a, b| a == b) {
            push(group[0], T::ratio(group.len() as u64, f as u64));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_rational::BigRational;
    use num_traits::One;
    use snakes::{Ending, Jump, Six};

    #[test]
    fn every_row_of_every_kernel_sums_to_exactly_one() {
        let boards = [
            Board::classic(),
            Board::square(4, [Jump { from: 5, to: 2 }, Jump { from: 3, to: 12 }])
                .expect("valid board"),
            Board::new(1, 3, []).expect("valid board"),
        ];
        for board in &boards {
            for rules in Rules::all_combinations(6)
                .into_iter()
                .chain(Rules::all_combinations(2))
            {
                if snakes::check_playable(board, &rules).is_err() {
                    continue;
                }
                let o = Outcomes::new(board, &rules);
                for k in [
                    roll_kernel::<BigRational>(&o),
                    turn_kernel::<BigRational>(&o).kernel,
                    roll_again_kernel::<BigRational>(&o),
                ] {
                    for i in 0..k.n {
                        assert!(k.row_sum(i).is_one(), "{rules} row {i}: {}", k.row_sum(i));
                    }
                }
            }
        }
    }

    #[test]
    fn roll_again_turn_from_a_square_whose_six_overshoots_is_geometric() {
        // 1x4 board, exact ending: from 3, a six overshoots and rolls again; a 1 finishes.
        let board = Board::new(1, 4, []).expect("valid board");
        let mut rules = Rules::STANDARD;
        rules.ending = Ending::Exact;
        rules.six = Six::RollAgain;
        let t = turn_kernel::<BigRational>(&Outcomes::new(&board, &rules));
        // Each non-six face has 1/6 per attempt; the attempts repeat with 1/6: total 1/5 each.
        assert_eq!(t.kernel.finish[3], BigRational::ratio(1, 5));
        let stay: Vec<_> = t.kernel.row(3).collect();
        assert_eq!(stay, vec![(3, &BigRational::ratio(4, 5))]);
        // Rolls in that turn: 1 + 1/6 + 1/36 + ... = 6/5.
        assert_eq!(t.rolls[3], BigRational::ratio(6, 5));
    }

    #[test]
    fn rolls_per_turn_without_a_six_finishing_is_geometric() {
        let board = Board::classic();
        let rules: Rules = "six=roll-again".parse().expect("rules");
        let r = turn_kernel::<f64>(&Outcomes::new(&board, &rules)).rolls;
        // A run of sixes from anywhere is short of finishing almost always: between 1 and 6/5.
        assert!(r.iter().all(|&x| (1.0..=1.2 + 1e-12).contains(&x)));
        // From 94 a six lands on 100, a win: the turn has exactly one roll.
        assert_eq!(r[94], 1.0);
        // Without roll-again every turn is one roll.
        let plain = turn_kernel::<f64>(&Outcomes::new(&board, &Rules::STANDARD)).rolls;
        assert!(plain.iter().all(|&x| x == 1.0));
    }
}
