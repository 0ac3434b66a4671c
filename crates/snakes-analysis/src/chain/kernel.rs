//! Absorbing Markov chains of one token, built only from [`snakes::landing`], and the solver for
//! their expected values.
//!
//! The states are the squares `0..N` (square 0 is off the board); the last square `N` absorbs.
//! Two kernels: per roll (each row is one roll of the die) and per turn (a turn is every roll a
//! player makes before the turn passes; it differs from the per-roll kernel only when a six gives
//! another roll). Both are generic over the number type ([`Field`]): `f64` for speed,
//! [`BigRational`] for exact answers.

use std::fmt::Debug;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use snakes::{AfterMove, Board, Rules, Six, Square, after_move, landing};

/// The numbers a chain is computed in: `f64` or exact rationals.
pub trait Field: Clone + Debug + PartialEq {
    /// Whether arithmetic is exact: then `1 - x` has no rounding error and the elimination
    /// skips the bookkeeping that protects floating point from cancellation.
    const EXACT: bool;
    /// 0.
    fn zero() -> Self;
    /// `n / d`.
    fn ratio(n: u64, d: u64) -> Self;
    /// `self + o`.
    fn add(&self, o: &Self) -> Self;
    /// `self - o`.
    fn sub(&self, o: &Self) -> Self;
    /// `self * o`.
    fn mul(&self, o: &Self) -> Self;
    /// `self / o`.
    fn div(&self, o: &Self) -> Self;
    /// Whether this is exactly zero.
    fn is_zero(&self) -> bool;
    /// The nearest `f64`.
    fn to_f64(&self) -> f64;
    /// `self += o`.
    fn add_assign(&mut self, o: &Self) {
        *self = self.add(o);
    }
    /// Brings the number to its cheapest form (reduces a fraction); the elimination calls it
    /// once per stored coefficient.
    fn normalize(&mut self) {}
}

/// An exact fraction that is reduced only when asked ([`Field::normalize`]): reducing after
/// every operation, as `BigRational` does, spends most of the time in greatest common divisors.
#[derive(Clone, Debug)]
pub struct Frac {
    n: BigInt,
    d: BigInt,
}

impl Frac {
    /// The reduced fraction.
    pub fn to_rational(&self) -> BigRational {
        BigRational::new(self.n.clone(), self.d.clone())
    }
}

impl PartialEq for Frac {
    fn eq(&self, o: &Self) -> bool {
        &self.n * &o.d == &o.n * &self.d
    }
}

impl Field for Frac {
    const EXACT: bool = true;
    fn zero() -> Self {
        Frac {
            n: BigInt::zero(),
            d: BigInt::from(1u8),
        }
    }
    fn ratio(n: u64, d: u64) -> Self {
        Frac {
            n: BigInt::from(n),
            d: BigInt::from(d),
        }
    }
    fn add(&self, o: &Self) -> Self {
        if self.d == o.d {
            Frac {
                n: &self.n + &o.n,
                d: self.d.clone(),
            }
        } else {
            Frac {
                n: &self.n * &o.d + &o.n * &self.d,
                d: &self.d * &o.d,
            }
        }
    }
    fn sub(&self, o: &Self) -> Self {
        if self.d == o.d {
            Frac {
                n: &self.n - &o.n,
                d: self.d.clone(),
            }
        } else {
            Frac {
                n: &self.n * &o.d - &o.n * &self.d,
                d: &self.d * &o.d,
            }
        }
    }
    fn mul(&self, o: &Self) -> Self {
        Frac {
            n: &self.n * &o.n,
            d: &self.d * &o.d,
        }
    }
    fn div(&self, o: &Self) -> Self {
        let (n, d) = (&self.n * &o.d, &self.d * &o.n);
        if d < BigInt::zero() {
            Frac { n: -n, d: -d }
        } else {
            Frac { n, d }
        }
    }
    fn is_zero(&self) -> bool {
        self.n.is_zero()
    }
    fn to_f64(&self) -> f64 {
        Field::to_f64(&self.to_rational())
    }
    fn normalize(&mut self) {
        let g = num_integer::Integer::gcd(&self.n, &self.d);
        if g != BigInt::from(1u8) && !g.is_zero() {
            self.n /= &g;
            self.d /= &g;
        }
    }
}

impl Field for f64 {
    const EXACT: bool = false;
    fn zero() -> Self {
        0.0
    }
    fn ratio(n: u64, d: u64) -> Self {
        n as f64 / d as f64
    }
    fn add(&self, o: &Self) -> Self {
        self + o
    }
    fn sub(&self, o: &Self) -> Self {
        self - o
    }
    fn mul(&self, o: &Self) -> Self {
        self * o
    }
    fn div(&self, o: &Self) -> Self {
        self / o
    }
    fn is_zero(&self) -> bool {
        *self == 0.0
    }
    fn to_f64(&self) -> f64 {
        *self
    }
    fn add_assign(&mut self, o: &Self) {
        *self += o;
    }
}

impl Field for BigRational {
    const EXACT: bool = true;
    fn zero() -> Self {
        Zero::zero()
    }
    fn ratio(n: u64, d: u64) -> Self {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }
    fn add(&self, o: &Self) -> Self {
        self + o
    }
    fn sub(&self, o: &Self) -> Self {
        self - o
    }
    fn mul(&self, o: &Self) -> Self {
        self * o
    }
    fn div(&self, o: &Self) -> Self {
        self / o
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn to_f64(&self) -> f64 {
        // `ToPrimitive` on big rationals rounds correctly; the fallback only guards an overflow
        // that expected game lengths never reach.
        ToPrimitive::to_f64(self).unwrap_or(f64::INFINITY)
    }
    fn add_assign(&mut self, o: &Self) {
        *self += o;
    }
}

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

/// The landing square of every (square, roll), from the one move function: `table[s * f + r - 1]`.
pub fn landing_table(board: &Board, rules: &Rules) -> Vec<Square> {
    let n = board.last() as usize;
    let f = rules.die();
    let mut table = Vec::with_capacity(n * usize::from(f));
    for s in 0..n as Square {
        for r in 1..=f {
            table.push(landing(board, rules, s, r));
        }
    }
    table
}

/// The per-roll kernel: from each square, each face with probability `1/f`.
pub fn roll_kernel<T: Field>(board: &Board, rules: &Rules) -> Kernel<T> {
    let n = board.last() as usize;
    let f = usize::from(rules.die());
    let table = landing_table(board, rules);
    let mut row: Vec<Square> = Vec::with_capacity(f);
    Kernel::build(n, |i, push| {
        // Count the faces landing on each square and divide once: k/f rather than a sum of k
        // rounded 1/f, so that a row sums to 1 as exactly as f64 allows.
        row.clear();
        row.extend_from_slice(&table[i * f..(i + 1) * f]);
        row.sort_unstable();
        for group in row.chunk_by(|a, b| a == b) {
            push(group[0] as usize, T::ratio(group.len() as u64, f as u64));
        }
    })
}

/// The per-turn kernel. Without roll-again it is the per-roll kernel. With roll-again, a six
/// (the top face) that does not finish gives another roll from where it landed, so the turn from
/// `s` ends with the distribution `K(s) = A(s) + (1/f) K(g(s))`, where `A(s)` spreads `1/f` over
/// the landings of the other faces and `g(s)` is the landing of a six. Following `g` from `s`
/// either finishes or enters a cycle (for example a six that overshoots under the exact ending
/// lands where it started); the cycle's geometric series is summed in closed form, exactly.
/// In `f64` a run of sixes is followed at most until its chance falls below 1e-20.
pub fn turn_kernel<T: Field>(board: &Board, rules: &Rules) -> Kernel<T> {
    if rules.six == Six::Normal {
        return roll_kernel(board, rules);
    }
    let n = board.last() as usize;
    let f = usize::from(rules.die());
    let table = landing_table(board, rules);
    let pf = T::ratio(1, f as u64);
    let six = |s: usize| table[s * f + f - 1] as usize;
    let mut pos_in_path: Vec<usize> = vec![usize::MAX; n + 1];
    // Exact kernels follow every run of sixes to its end. In f64 a run longer than `max_depth`
    // (chance f^-max_depth < 1e-20) is cut: on a board of a million squares a run can otherwise
    // be followed for a hundred thousand steps from every square.
    let max_depth = if T::EXACT {
        usize::MAX
    } else {
        (20.0 / (f as f64).log10()).ceil() as usize + 1
    };
    Kernel::build(n, |i, push| {
        // The path of squares the turn visits while sixes keep coming: i, g(i), g(g(i)), ...
        let mut path = vec![i];
        pos_in_path[i] = 0;
        let mut cycle_start = None;
        let mut cut = None;
        while let Some(&last) = path.last() {
            let next = six(last);
            if next == n {
                break;
            }
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
        // Weight of visiting path[j] is f^-j, and on a cycle of length L from position m every
        // visit repeats with factor f^-L: divide the cycle's weights by 1 - f^-L.
        let (m, cycle_factor) = match cycle_start {
            Some(m) => {
                let one = T::ratio(1, 1);
                let mut back = one.clone(); // f^-L, the chance of L sixes in a row
                for _ in m..path.len() {
                    back = back.mul(&pf);
                }
                (m, one.div(&one.sub(&back)))
            }
            None => (path.len(), T::ratio(1, 1)),
        };
        let mut weight = pf.clone(); // f^-j / f: the probability of one face at depth j
        for (j, &s) in path.iter().enumerate() {
            let w = if j >= m {
                weight.mul(&cycle_factor)
            } else {
                weight.clone()
            };
            for &t in &table[s * f..s * f + f - 1] {
                push(t as usize, w.clone());
            }
            weight = weight.mul(&pf);
        }
        match (cycle_start, cut) {
            (Some(_), _) => {}
            // In f64, after so many sixes in a row (a chance below 1e-20) the turn is taken to
            // end where the last one landed: the rest is below what f64 can hold in the row.
            (None, Some(next)) => push(next, weight.div(&pf)),
            // The last six of the path finished the game.
            (None, None) => push(n, weight.div(&pf)),
        }
    })
}

/// The per-roll chain of one token with the turn structure in the state, for roll-again: state
/// `2 s` is "on `s`, a turn begins with the next roll", state `2 s + 1` is "on `s`, rolling again
/// after a six". Every row has at most `f` entries, so the elimination stays as sparse as without
/// roll-again (the per-turn kernel sums whole runs of sixes into each row and fills in).
/// Expected turns solve `x = c + K x` with `c = 1` on the even states and `0` on the odd ones.
pub fn roll_again_kernel<T: Field>(board: &Board, rules: &Rules) -> Kernel<T> {
    let n = board.last() as usize;
    let f = usize::from(rules.die());
    let table = landing_table(board, rules);
    let mut row: Vec<usize> = Vec::with_capacity(f);
    Kernel::build(2 * n, |i, push| {
        let s = i / 2;
        row.clear();
        for (face, &t) in table[s * f..(s + 1) * f].iter().enumerate() {
            // The rest of the roll for one token, by the engine's own function; `face + 1` is
            // at most `MAX_FACES`, so it fits a `u8`.
            let roll = face as u8 + 1;
            row.push(
                match after_move(rules, n as u32, 0, t, roll, &mut [s as u32], |_| {}) {
                    AfterMove::Won => 2 * n, // the finish
                    AfterMove::ExtraRoll => 2 * t as usize + 1,
                    AfterMove::Next(_) => 2 * t as usize,
                },
            );
        }
        row.sort_unstable();
        for group in row.chunk_by(|a, b| a == b) {
            push(group[0], T::ratio(group.len() as u64, f as u64));
        }
    })
}

/// For every state `0..=N`, whether a token there reaches the last square with probability 1
/// (the only states with a finite expected time): it must not be able to reach any state from
/// which the last square cannot be reached at all.
pub fn sure_to_finish(board: &Board, rules: &Rules) -> Vec<bool> {
    let n = board.last() as usize;
    let f = usize::from(rules.die());
    let table = landing_table(board, rules);
    // Reverse edges, then: can reach N (backwards search from N).
    let mut rev: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
    for s in 0..n {
        for &t in &table[s * f..(s + 1) * f] {
            rev[t as usize].push(s as u32);
        }
    }
    let mut reach = vec![false; n + 1];
    reach[n] = true;
    let mut stack = vec![n];
    while let Some(t) = stack.pop() {
        for &s in &rev[t] {
            if !reach[s as usize] {
                reach[s as usize] = true;
                stack.push(s as usize);
            }
        }
    }
    // A state that can reach a state that cannot reach N may never finish.
    let mut doomed = vec![false; n + 1];
    let mut stack: Vec<usize> = (0..n).filter(|&s| !reach[s]).collect();
    for &s in &stack {
        doomed[s] = true;
    }
    while let Some(t) = stack.pop() {
        for &s in &rev[t] {
            if !doomed[s as usize] {
                doomed[s as usize] = true;
                stack.push(s as usize);
            }
        }
    }
    doomed.iter().map(|d| !d).collect()
}

/// Solves `x = c + K x` for the states marked `live` (their rows must stay among live states or
/// finish), returning `x` (`None` for states not live).
///
/// Method: Gaussian elimination from the last square down, with each unknown kept as an affine
/// expression in the unknowns below it that are still open. Moves go forward a few squares,
/// ladders forward and snakes back a bounded span, so only the expressions of squares that some
/// lower square can still land on are kept up to date; the others are frozen and finished by a
/// back substitution from square 0 up. On boards whose jumps span at most `S` squares the cost is
/// about linear in the number of squares. The pivot `1 - K(i,i)` is computed as the probability
/// of leaving `i` (finish plus the other coefficients, all non-negative), never by a subtraction,
/// so no cancellation occurs in floating point (the GTH idea).
pub fn solve<T: Field>(k: &Kernel<T>, c: &[T], live: &[bool]) -> Vec<Option<T>> {
    let n = k.n;
    // The lowest live state whose row targets j (below j): j's expression must be kept current
    // until that state is processed.
    let mut lowest_user = vec![usize::MAX; n];
    for (i, _) in live.iter().enumerate().take(n).filter(|(_, l)| **l) {
        for (j, _) in k.row(i) {
            if j > i && lowest_user[j] > i {
                lowest_user[j] = i;
            }
        }
    }
    struct Expr<T> {
        c: T,
        q: T,
        terms: Vec<(u32, T)>,
    }
    let mut exprs: Vec<Option<Expr<T>>> = (0..n).map(|_| None).collect();
    // Walking i downwards indexes several arrays at once (the kernel row, live, exprs).
    // refs[t]: states whose (kept) expression may mention unknown t.
    let mut refs: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut acc: Vec<Option<T>> = vec![None; n];
    let mut touched: Vec<usize> = Vec::new();
    for i in (0..n).rev() {
        if !live[i] {
            continue;
        }
        let mut cc = c[i].clone();
        let mut q = k.finish[i].clone();
        let add = |t: usize, v: T, acc: &mut Vec<Option<T>>, touched: &mut Vec<usize>| {
            match &mut acc[t] {
                Some(a) => a.add_assign(&v),
                slot @ None => {
                    *slot = Some(v);
                    touched.push(t);
                }
            }
        };
        for (j, p) in k.row(i) {
            if j > i {
                if let Some(e) = &exprs[j] {
                    cc.add_assign(&p.mul(&e.c));
                    if !T::EXACT {
                        q.add_assign(&p.mul(&e.q));
                    }
                    for (t, a) in &e.terms {
                        add(*t as usize, p.mul(a), &mut acc, &mut touched);
                    }
                }
            } else {
                add(j, p.clone(), &mut acc, &mut touched);
            }
        }
        let mut terms = Vec::with_capacity(touched.len());
        let mut denom = q.clone();
        let mut own = T::zero();
        for &t in &touched {
            if let Some(a) = acc[t].take() {
                if t == i {
                    own = a;
                } else if !a.is_zero() {
                    if !T::EXACT {
                        denom.add_assign(&a);
                    }
                    terms.push((t as u32, a));
                }
            }
        }
        touched.clear();
        if T::EXACT {
            denom = T::ratio(1, 1).sub(&own);
        }
        denom.normalize();
        let norm = |mut v: T| {
            v.normalize();
            v
        };
        let e = Expr {
            c: norm(cc.div(&denom)),
            q: norm(q.div(&denom)),
            terms: terms
                .into_iter()
                .map(|(t, a)| (t, norm(a.div(&denom))))
                .collect(),
        };
        // Substitute x_i into the kept expressions that mention it.
        let users = std::mem::take(&mut refs[i]);
        for &j in &users {
            let j = j as usize;
            if lowest_user[j] >= i && j != i {
                continue; // frozen: no lower state will read it before back substitution
            }
            let Some(ej) = exprs[j].as_mut() else {
                continue;
            };
            let Some(pos) = ej.terms.iter().position(|(t, _)| *t as usize == i) else {
                continue;
            };
            let (_, b) = ej.terms.swap_remove(pos);
            ej.c.add_assign(&b.mul(&e.c));
            ej.c.normalize();
            if !T::EXACT {
                ej.q.add_assign(&b.mul(&e.q));
            }
            for (t, a) in &e.terms {
                let v = b.mul(a);
                match ej.terms.iter_mut().find(|(u, _)| u == t) {
                    Some((_, x)) => {
                        x.add_assign(&v);
                        x.normalize();
                    }
                    None => {
                        let mut v = v;
                        v.normalize();
                        ej.terms.push((*t, v));
                        refs[*t as usize].push(j as u32);
                    }
                }
            }
        }
        for (t, _) in &e.terms {
            refs[*t as usize].push(i as u32);
        }
        exprs[i] = Some(e);
    }
    // Back substitution, from the bottom up: every remaining term names a lower square.
    let mut x: Vec<Option<T>> = vec![None; n];
    for i in 0..n {
        if let Some(e) = exprs[i].take() {
            let mut v = e.c;
            for (t, a) in &e.terms {
                if let Some(xt) = &x[*t as usize] {
                    v.add_assign(&a.mul(xt));
                }
            }
            v.normalize();
            x[i] = Some(v);
        }
    }
    x
}

/// The fewest steps of kernel `k` from `start` to the finish (breadth-first), if any.
pub fn fewest_steps<T: Field>(k: &Kernel<T>, start: usize) -> Option<u32> {
    let n = k.n;
    if start >= n {
        return Some(0);
    }
    let mut dist = vec![u32::MAX; n];
    dist[start] = 0;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        if !k.finish[s].is_zero() {
            return Some(dist[s] + 1);
        }
        for (t, _) in k.row(s) {
            if dist[t] == u32::MAX {
                dist[t] = dist[s] + 1;
                queue.push_back(t);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;
    use snakes::{Ending, Jump};

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
                for k in [
                    roll_kernel::<BigRational>(board, &rules),
                    turn_kernel::<BigRational>(board, &rules),
                    roll_again_kernel::<BigRational>(board, &rules),
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
        let k = turn_kernel::<BigRational>(&board, &rules);
        // Each non-six face has 1/6 per attempt; the attempts repeat with 1/6: total 1/5 each.
        assert_eq!(k.finish[3], BigRational::ratio(1, 5));
        let stay: Vec<_> = k.row(3).collect();
        assert_eq!(stay, vec![(3, &BigRational::ratio(4, 5))]);
    }

    #[test]
    fn solve_matches_a_two_state_hand_computation() {
        // 1x3 board, loose ending, die 2: from 2 anything finishes; from 1: a 2 finishes, a 1
        // goes to 2. E2 = 1, E1 = 1 + 1/2 = 3/2, E0 = 1 + (E1 + E2)/2 = 9/4.
        let board = Board::new(1, 3, []).expect("valid board");
        let rules: Rules = "ending=loose,die=2".parse().expect("rules");
        let k = turn_kernel::<BigRational>(&board, &rules);
        let ones = vec![BigRational::one(); k.n];
        let x = solve(&k, &ones, &[true; 3]);
        assert_eq!(x[0], Some(BigRational::ratio(9, 4)));
        assert_eq!(x[1], Some(BigRational::ratio(3, 2)));
    }

    #[test]
    fn a_trap_is_not_sure_to_finish() {
        // Exact ending with die 2 on a 1x5 board: every square can still finish.
        let board = Board::new(1, 5, []).expect("valid board");
        let rules: Rules = "ending=exact,die=2".parse().expect("rules");
        assert!(sure_to_finish(&board, &rules).iter().all(|&b| b));
        // 1x6, die 2, exact: a 1 from the start climbs 1 -> 5 and can finish; a 2 reaches
        // square 2, from which both faces hit a snake back to 2 (3 -> 2, 4 -> 2): a trap.
        let jumps = [(1, 5), (3, 2), (4, 2)].map(|(from, to)| Jump { from, to });
        let trap = Board::new(1, 6, jumps).expect("valid board");
        let sure = sure_to_finish(&trap, &rules);
        // Squares 1 and 3 are jump heads: a token resting there (it never does) could fall in.
        assert_eq!(sure, [false, false, false, false, true, true, true]);
    }
}
