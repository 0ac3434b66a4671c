//! Solving `x = c + K x` in `f64` when the elimination's front would grow: restarted GMRES on
//! `(I - K) x = c`, preconditioned by the part of the chain that moves forward.
//!
//! **The preconditioner.** Moves go forward and so do ladders; only snakes (and a bounce off the
//! last square) go back. The forward part `U` of the chain (every transition to the same or a
//! higher square) gives `M = I - U`, upper triangular: `M⁻¹ v` is one sweep from the last square
//! down (backward Gauss–Seidel), linear in the transitions, with the pivot `1 - U(i,i)` taken as
//! the probability of leaving `i` (a sum of non-negative terms, no cancellation). What is left,
//! `M⁻¹ K_back`, carries a token from one snake to the next: a snake on a board with long jumps
//! lands anywhere, so few directions of the Krylov space capture it, and GMRES converges in tens
//! of iterations where the elimination's front (every snake spanning a square) grows with the
//! board.
//!
//! **The check.** The answer is checked afterwards against every equation: the residual
//! `r = c + K x - x`. Since `(I - K)⁻¹` has no negative entry, the error of `x` is at most
//! `(I - K)⁻¹ |r|`, which for `c = 1` is `‖r‖∞ · x*`: the largest residual bounds the relative
//! error of every square at once.

use crate::chain::Kernel;

/// How a solve ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Solved {
    /// The solution, `None` for states that are not live.
    pub x: Vec<Option<f64>>,
    /// GMRES iterations (each one sweep of the preconditioner and one product with the chain).
    pub iterations: usize,
    /// The largest `|r_i|` over the live states, `r = c + K x - x`.
    pub max_residual: f64,
    /// Whether the residual came down to the tolerance (otherwise the iterations ran out, were
    /// stopped, or rounding set a floor above the tolerance).
    pub converged: bool,
}

/// The live states of a kernel as dense vectors: non-live states hold 0 and are never read by a
/// live row (a state that surely finishes only leads to states that surely finish).
struct System<'a> {
    k: &'a Kernel<f64>,
    live: &'a [bool],
    /// `1 - K(i,i)`, as the probability of leaving `i`.
    pivot: Vec<f64>,
}

impl<'a> System<'a> {
    fn new(k: &'a Kernel<f64>, live: &'a [bool]) -> System<'a> {
        let (offsets, targets, probs) = k.parts();
        let pivot = (0..k.n)
            .map(|i| {
                let mut leave = k.finish[i];
                for e in offsets[i]..offsets[i + 1] {
                    if targets[e] as usize != i {
                        leave += probs[e];
                    }
                }
                leave
            })
            .collect();
        System { k, live, pivot }
    }

    /// `y = (I - K) x` on the live states.
    fn apply(&self, x: &[f64], y: &mut [f64]) {
        let (offsets, targets, probs) = self.k.parts();
        for i in 0..self.k.n {
            if !self.live[i] {
                y[i] = 0.0;
                continue;
            }
            let mut s = x[i];
            for e in offsets[i]..offsets[i + 1] {
                s -= probs[e] * x[targets[e] as usize];
            }
            y[i] = s;
        }
    }

    /// `r = c - (I - K) x`, computed as `c + K x - x` row by row.
    fn residual(&self, c: &[f64], x: &[f64], r: &mut [f64]) {
        let (offsets, targets, probs) = self.k.parts();
        for i in 0..self.k.n {
            if !self.live[i] {
                r[i] = 0.0;
                continue;
            }
            let mut s = c[i];
            for e in offsets[i]..offsets[i + 1] {
                s += probs[e] * x[targets[e] as usize];
            }
            r[i] = s - x[i];
        }
    }

    /// `y = M⁻¹ v` with `M = I - U`, `U` the transitions to the same or a higher state: one
    /// sweep from the top.
    fn precondition(&self, v: &[f64], y: &mut [f64]) {
        let (offsets, targets, probs) = self.k.parts();
        for i in (0..self.k.n).rev() {
            if !self.live[i] {
                y[i] = 0.0;
                continue;
            }
            let mut s = v[i];
            for e in offsets[i]..offsets[i + 1] {
                let t = targets[e] as usize;
                if t > i {
                    s += probs[e] * y[t];
                }
            }
            y[i] = s / self.pivot[i];
        }
    }
}

/// `a · b` in eight lanes: a single running sum waits on each addition (the order of a
/// floating-point sum is fixed), eight independent ones vectorise.
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut lanes = [0.0f64; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let rest: f64 = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in ca.zip(cb) {
        for k in 0..8 {
            lanes[k] += x[k] * y[k];
        }
    }
    lanes.iter().sum::<f64>() + rest
}

fn norm(a: &[f64]) -> f64 {
    dot(a, a).sqrt()
}

fn max_abs(a: &[f64]) -> f64 {
    a.iter().fold(0.0, |m, v| m.max(v.abs()))
}

/// Takes from `w` its part along each direction of `basis` (modified Gram–Schmidt, twice when
/// `w` lost most of its length), adding the parts to `col`; returns what length `w` has left.
fn orthogonalize(basis: &[Vec<f64>], w: &mut [f64], col: &mut [f64]) -> f64 {
    let before = norm(w);
    let mut pass = |w: &mut [f64]| {
        for (i, v) in basis.iter().enumerate() {
            let d = dot(w, v);
            col[i] += d;
            w.iter_mut().zip(v).for_each(|(a, b)| *a -= d * b);
        }
        norm(w)
    };
    let after = pass(w);
    if after < 0.5 * before { pass(w) } else { after }
}

/// Turns the new Hessenberg column `col` (the `j`th) upper triangular: the rotations of the
/// columns before it, then a new one, kept in `rot` and applied to the residual's image `g`.
fn rotate(col: &mut Vec<f64>, rot: &mut Vec<(f64, f64)>, g: &mut Vec<f64>, j: usize) {
    for (i, &(cs, sn)) in rot.iter().enumerate() {
        let (a, b) = (col[i], col[i + 1]);
        col[i] = cs * a + sn * b;
        col[i + 1] = -sn * a + cs * b;
    }
    let (a, b) = (col[j], col[j + 1]);
    let rho = a.hypot(b);
    let (cs, sn) = if rho == 0.0 {
        (1.0, 0.0)
    } else {
        (a / rho, b / rho)
    };
    col[j] = rho;
    col.truncate(j + 1);
    rot.push((cs, sn));
    let gj = g[j];
    g[j] = cs * gj;
    g.push(-sn * gj);
}

/// `y = H⁻¹ g` for the upper triangular `h` (by columns); a zero pivot gives 0.
fn back_substitute(h: &[Vec<f64>], g: &[f64]) -> Vec<f64> {
    let m = h.len();
    let mut y = vec![0.0; m];
    for i in (0..m).rev() {
        let mut s = g[i];
        for (l, yl) in y.iter().enumerate().take(m).skip(i + 1) {
            s -= h[l][i] * yl;
        }
        y[i] = if h[i][i] == 0.0 { 0.0 } else { s / h[i][i] };
    }
    y
}

/// Solves `x = c + K x` on the live states by restarted GMRES (`restart` directions kept),
/// preconditioned on the right by the forward part of the chain, until the largest residual is
/// at most `tol`, `max_iterations` have been made, or two restarts in a row gain nothing
/// (rounding's floor). `each(iterations)` is called after every iteration and may stop the
/// solve by returning `false`. The answer is the last iterate, with its residual.
pub fn solve(
    k: &Kernel<f64>,
    c: &[f64],
    live: &[bool],
    tol: f64,
    max_iterations: usize,
    restart: usize,
    mut each: impl FnMut(usize) -> bool,
) -> Solved {
    let n = k.n;
    let sys = System::new(k, live);
    let restart = restart.max(1);
    let mut x = vec![0.0; n];
    let mut r = vec![0.0; n];
    let mut w = vec![0.0; n];
    let mut z = vec![0.0; n];
    // The Krylov basis, one vector per direction.
    let mut basis: Vec<Vec<f64>> = Vec::with_capacity(restart + 1);
    let mut iterations = 0;
    sys.residual(c, &x, &mut r);
    let mut worst = max_abs(&r);
    // Cycles in a row that did not bring the residual down: rounding has set its floor.
    let mut idle = 0;
    loop {
        if worst <= tol || iterations >= max_iterations {
            break;
        }
        let beta = norm(&r);
        basis.clear();
        basis.push(r.iter().map(|v| v / beta).collect());
        // Hessenberg columns, rotated into upper triangular form as they come.
        let mut h: Vec<Vec<f64>> = Vec::with_capacity(restart);
        let mut rot: Vec<(f64, f64)> = Vec::with_capacity(restart);
        let mut g = vec![beta];
        let mut stop = false;
        for j in 0..restart {
            sys.precondition(&basis[j], &mut z);
            sys.apply(&z, &mut w);
            let mut col = vec![0.0; j + 2];
            let after = orthogonalize(&basis, &mut w, &mut col);
            col[j + 1] = after;
            rotate(&mut col, &mut rot, &mut g, j);
            h.push(col);
            iterations += 1;
            if !each(iterations) {
                stop = true;
            }
            // The 2-norm of the residual bounds its largest entry.
            if g[j + 1].abs() <= tol || after == 0.0 || iterations >= max_iterations || stop {
                break;
            }
            basis.push(w.iter().map(|v| v / after).collect());
        }
        // y = H⁻¹ g, then x += M⁻¹ (V y).
        let y = back_substitute(&h, &g);
        w.iter_mut().for_each(|v| *v = 0.0);
        for (yi, v) in y.iter().zip(&basis) {
            w.iter_mut().zip(v).for_each(|(a, b)| *a += yi * b);
        }
        sys.precondition(&w, &mut z);
        x.iter_mut().zip(&z).for_each(|(a, b)| *a += b);
        sys.residual(c, &x, &mut r);
        let now = max_abs(&r);
        idle = if now < worst { 0 } else { idle + 1 };
        worst = now;
        if stop || idle >= 2 {
            break;
        }
    }
    Solved {
        x: x.iter().zip(live).map(|(&v, &l)| l.then_some(v)).collect(),
        iterations,
        max_residual: worst,
        converged: worst <= tol,
    }
}
