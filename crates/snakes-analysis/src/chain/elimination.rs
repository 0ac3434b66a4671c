//! Solving `x = c + K x` by elimination along the track: exact in fractions, and in `f64` the
//! direct method of boards whose jumps span few squares.

use super::field::Field;
use super::kernel::Kernel;

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
///
/// Where snakes span far, every snake spanning a square stays open while the elimination passes
/// it, and the cost grows with the square of their number: [`crate::solver`] chooses another
/// method then.
pub fn solve<T: Field>(k: &Kernel<T>, c: &[T], live: &[bool]) -> Vec<Option<T>> {
    match solve_until(k, c, live, |_| true) {
        Some(x) => x,
        None => unreachable!("the elimination stops only when asked to"),
    }
}

/// As [`solve`], calling `go_on(rows done)` every [`CHECK_EVERY`] rows: `false` stops the
/// elimination, which then returns `None`.
pub fn solve_until<T: Field>(
    k: &Kernel<T>,
    c: &[T],
    live: &[bool],
    mut go_on: impl FnMut(usize) -> bool,
) -> Option<Vec<Option<T>>> {
    let n = k.n;
    let lowest_user = lowest_users(k, live);
    let mut exprs: Vec<Option<Expr<T>>> = (0..n).map(|_| None).collect();
    // Walking i downwards indexes several arrays at once (the kernel row, live, exprs).
    // refs[t]: states whose (kept) expression may mention unknown t.
    let mut refs: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut work = Work {
        acc: vec![None; n],
        touched: Vec::new(),
        pos: vec![ABSENT; n],
    };
    for i in (0..n).rev() {
        if (n - i).is_multiple_of(CHECK_EVERY) && !go_on(n - i) {
            return None;
        }
        if !live[i] {
            continue;
        }
        let e = row_expression(k, c, i, &exprs, &mut work);
        // Substitute x_i into the kept expressions that mention it.
        let users = std::mem::take(&mut refs[i]);
        for &j in &users {
            let j = j as usize;
            if lowest_user[j] >= i && j != i {
                continue; // frozen: no lower state will read it before back substitution
            }
            if let Some(ej) = exprs[j].as_mut() {
                substitute(ej, j, i, &e, &mut refs, &mut work.pos);
            }
        }
        for (t, _) in &e.terms {
            refs[*t as usize].push(i as u32);
        }
        exprs[i] = Some(e);
    }
    Some(back_substitute(exprs))
}

/// An unknown as an affine expression in the unknowns below it that are still open: `c` plus
/// the `terms`, with `q` the probability of finishing along the way (kept in `f64`, where the
/// pivot is computed from it).
struct Expr<T> {
    c: T,
    q: T,
    terms: Vec<(u32, T)>,
}

/// Where an unknown is not among the terms of the expression being updated.
const ABSENT: u32 = u32::MAX;

/// The elimination's scratch space, one slot per state, reused row after row.
struct Work<T> {
    /// The coefficients of the row being made, by unknown.
    acc: Vec<Option<T>>,
    /// The unknowns `acc` holds.
    touched: Vec<usize>,
    /// Where each unknown sits among the terms of the expression being updated ([`ABSENT`]
    /// when it does not): a merge costs the two expressions' lengths, not their product.
    pos: Vec<u32>,
}

/// For each state `j`, the lowest live state whose row targets it from below: `j`'s expression
/// must be kept current until that state is processed.
fn lowest_users<T: Field>(k: &Kernel<T>, live: &[bool]) -> Vec<usize> {
    let mut lowest_user = vec![usize::MAX; k.n];
    for (i, _) in live.iter().enumerate().take(k.n).filter(|(_, l)| **l) {
        for (j, _) in k.row(i) {
            if j > i && lowest_user[j] > i {
                lowest_user[j] = i;
            }
        }
    }
    lowest_user
}

/// Row `i` with the expressions of the squares above it put in, solved for `x_i`: its
/// expression in the open unknowns below it. The pivot is the probability of leaving `i`.
fn row_expression<T: Field>(
    k: &Kernel<T>,
    c: &[T],
    i: usize,
    exprs: &[Option<Expr<T>>],
    work: &mut Work<T>,
) -> Expr<T> {
    let mut cc = c[i].clone();
    let mut q = k.finish[i].clone();
    let add = |t: usize, v: T, acc: &mut Vec<Option<T>>, touched: &mut Vec<usize>| match &mut acc[t]
    {
        Some(a) => a.add_assign(&v),
        slot @ None => {
            *slot = Some(v);
            touched.push(t);
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
                    add(*t as usize, p.mul(a), &mut work.acc, &mut work.touched);
                }
            }
        } else {
            add(j, p.clone(), &mut work.acc, &mut work.touched);
        }
    }
    let mut terms = Vec::with_capacity(work.touched.len());
    let mut denom = q.clone();
    let mut own = T::zero();
    for &t in &work.touched {
        if let Some(a) = work.acc[t].take() {
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
    work.touched.clear();
    if T::EXACT {
        denom = T::ratio(1, 1).sub(&own);
    }
    denom.normalize();
    let norm = |mut v: T| {
        v.normalize();
        v
    };
    Expr {
        c: norm(cc.div(&denom)),
        q: norm(q.div(&denom)),
        terms: terms
            .into_iter()
            .map(|(t, a)| (t, norm(a.div(&denom))))
            .collect(),
    }
}

/// Puts `e`, the expression of `x_i`, into `ej` (the expression of state `j`) in place of its
/// term in `x_i`, if it has one; the unknowns `e` brings in are noted as used by `j` in `refs`.
fn substitute<T: Field>(
    ej: &mut Expr<T>,
    j: usize,
    i: usize,
    e: &Expr<T>,
    refs: &mut [Vec<u32>],
    pos: &mut [u32],
) {
    for (at, (t, _)) in ej.terms.iter().enumerate() {
        pos[*t as usize] = at as u32;
    }
    let at = pos[i];
    if at != ABSENT {
        let (_, b) = ej.terms.swap_remove(at as usize);
        pos[i] = ABSENT;
        if let Some((moved, _)) = ej.terms.get(at as usize) {
            pos[*moved as usize] = at;
        }
        ej.c.add_assign(&b.mul(&e.c));
        ej.c.normalize();
        if !T::EXACT {
            ej.q.add_assign(&b.mul(&e.q));
        }
        for (t, a) in &e.terms {
            let v = b.mul(a);
            match pos[*t as usize] {
                ABSENT => {
                    let mut v = v;
                    v.normalize();
                    pos[*t as usize] = ej.terms.len() as u32;
                    ej.terms.push((*t, v));
                    refs[*t as usize].push(j as u32);
                }
                p => {
                    let x = &mut ej.terms[p as usize].1;
                    x.add_assign(&v);
                    x.normalize();
                }
            }
        }
    }
    for (t, _) in &ej.terms {
        pos[*t as usize] = ABSENT;
    }
}

/// Back substitution, from the bottom up: every remaining term names a lower square.
fn back_substitute<T: Field>(mut exprs: Vec<Option<Expr<T>>>) -> Vec<Option<T>> {
    let mut x: Vec<Option<T>> = vec![None; exprs.len()];
    for i in 0..exprs.len() {
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

/// How many rows the elimination does between two calls of `go_on` ([`solve_until`]).
pub const CHECK_EVERY: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::{Outcomes, turn_kernel};
    use num_rational::BigRational;
    use num_traits::One;
    use snakes::{Board, Rules};

    #[test]
    fn solve_matches_a_two_state_hand_computation() {
        // 1x3 board, loose ending, die 2: from 2 anything finishes; from 1: a 2 finishes, a 1
        // goes to 2. E2 = 1, E1 = 1 + 1/2 = 3/2, E0 = 1 + (E1 + E2)/2 = 9/4.
        let board = Board::new(1, 3, []).expect("valid board");
        let rules: Rules = "ending=loose,die=2".parse().expect("rules");
        let k = turn_kernel::<BigRational>(&Outcomes::new(&board, &rules)).kernel;
        let ones = vec![BigRational::one(); k.n];
        let x = solve(&k, &ones, &[true; 3]);
        assert_eq!(x[0], Some(BigRational::ratio(9, 4)));
        assert_eq!(x[1], Some(BigRational::ratio(3, 2)));
    }
}
