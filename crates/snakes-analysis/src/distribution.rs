//! The distribution of the number of turns, turn by turn: where the probability is after each
//! turn, how much of it finished, and how many rolls the turn took.
//!
//! A step of the distribution moves the probability on every square by every face. Stored as a
//! sparse matrix that is `f` products per square with scattered writes. Most of those moves share
//! one shape, though: face `r` from square `i` arrives at `i + r`, and whoever arrives at a square
//! rests on the same square (the square itself, or where its jump leads), whichever square it came
//! from. So a step is a sliding sum over the last `f` squares (sequential, vectorised), then the
//! arrivals at jump squares are sent on (one move per jump), then the few moves of another shape
//! (entering with a six, a bounce or an overshoot near the end) are corrected one by one. The
//! shapes are read from the faces' outcomes ([`crate::chain::Outcomes`]), never assumed: a move
//! that does not fit is a correction. A face that rolls again (the six under `six=roll-again`)
//! carries its probability to another roll within the same turn, repeated until what is carried
//! is below `1e-17` of the turn's probability (then it ends the turn where it is, as the
//! per-turn kernel does in `f64`).

use crate::chain::Outcomes;

/// One turn of one token's distribution, prepared from the faces' outcomes.
#[derive(Debug, Clone)]
pub struct Stepper {
    /// Squares below the last: the states `0..n`; state `n` is the finish.
    n: usize,
    /// `1 / faces`.
    share: f64,
    /// The faces `1..=width` move in the common shape (none of them ever rolls again).
    width: usize,
    /// `(a, c)`: whoever arrives at square `a` (`1..n`) rests on `c != a` (`n`: finishes).
    redirects: Vec<(u32, u32)>,
    /// Moves of another shape, `(from, arrival, to)`: the sliding sum counted `from` at
    /// `arrival` (then sent on by the redirects) but the move goes to `to`; `arrival` is
    /// [`NONE`] when the sliding sum did not count it.
    corrections: Vec<(u32, u32, u32)>,
    /// `(from, to)`: a face beyond `width` that rolls again from `from`, landing on `to`.
    carry: Vec<(u32, u32)>,
}

const NONE: u32 = u32::MAX;

/// What one turn did with the probability.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Turn {
    /// The probability that finished during the turn.
    pub finished: f64,
    /// The probability still on the board after it.
    pub alive: f64,
    /// The expected number of rolls made during the turn (the probability of each roll within
    /// the turn, summed).
    pub rolls: f64,
}

impl Stepper {
    /// The steps of the chain of `outcomes`, or `None` when the first face rolls again (then no
    /// face moves in a common shape; the per-turn kernel serves).
    pub fn new(o: &Outcomes) -> Option<Stepper> {
        let n = o.squares();
        let f = o.faces();
        // The widest run of faces 1..=w of which none ever rolls again.
        let mut width = f;
        for i in 0..n {
            for (r, (_, again)) in o.from(i).enumerate() {
                if again {
                    width = width.min(r);
                }
            }
        }
        if width == 0 {
            return None;
        }
        let state = |i: usize, r: usize| o.from(i).nth(r - 1).map_or(n, |(s, _)| s);
        // Whoever arrives at `a` by face 1 from `a - 1` sets the square's shape.
        let rest: Vec<usize> = (0..=n)
            .map(|a| if a == 0 { 0 } else { state(a - 1, 1) })
            .collect();
        let redirects = (1..n)
            .filter(|&a| rest[a] != a)
            .map(|a| (a as u32, rest[a] as u32))
            .collect();
        let mut corrections = Vec::new();
        let mut carry = Vec::new();
        for i in 0..n {
            for (k, (to, again)) in o.from(i).enumerate() {
                let (r, a) = (k + 1, i + k + 1);
                if r <= width {
                    if a > n {
                        corrections.push((i as u32, NONE, to as u32));
                    } else if rest[a] != to {
                        corrections.push((i as u32, a as u32, to as u32));
                    }
                } else if again {
                    carry.push((i as u32, to as u32));
                } else {
                    corrections.push((i as u32, NONE, to as u32));
                }
            }
        }
        Some(Stepper {
            n,
            share: 1.0 / f as f64,
            width,
            redirects,
            corrections,
            carry,
        })
    }

    /// The number of states below the finish.
    pub fn states(&self) -> usize {
        self.n
    }

    /// Plays one turn: `p` is the probability on each state `0..n` at its start; `next`
    /// (length `n`) receives it at its end.
    pub fn turn(&self, p: &[f64], next: &mut [f64], scratch: &mut Scratch) -> Turn {
        let start = sum(p);
        if self.carry.is_empty() {
            let finished = self.roll(p, next, &mut scratch.moved);
            return Turn {
                finished,
                alive: sum(next),
                rolls: start,
            };
        }
        let n = self.n;
        let Scratch { u, q, moved } = scratch;
        u.clear();
        u.extend_from_slice(p);
        q.resize(n, 0.0);
        next.iter_mut().for_each(|v| *v = 0.0);
        let (mut finished, mut rolls) = (0.0, start);
        // Rolls again while enough probability is carried to matter in f64.
        loop {
            finished += self.roll(u, q, moved);
            next.iter_mut().zip(q.iter()).for_each(|(a, b)| *a += b);
            // What the faces that roll again carry to the next roll, in `q`.
            q.iter_mut().for_each(|v| *v = 0.0);
            let mut again = 0.0;
            for &(i, to) in &self.carry {
                let m = u[i as usize] * self.share;
                q[to as usize] += m;
                again += m;
            }
            std::mem::swap(u, q);
            if again <= 1e-17 * start {
                // The rest ends the turn where it landed.
                next.iter_mut().zip(u.iter()).for_each(|(a, b)| *a += b);
                break;
            }
            rolls += again;
        }
        Turn {
            finished,
            alive: sum(next),
            rolls,
        }
    }

    /// One roll of the faces `1..=width` and the corrections, from `u` into `out` (length `n`,
    /// overwritten): returns the probability that finished.
    fn roll(&self, u: &[f64], out: &mut [f64], moved: &mut Vec<f64>) -> f64 {
        let n = self.n;
        let mut finished = window(self.width, u, out, self.share);
        // Arrivals at a jump square move on: take them all off first, so that a jump that
        // ends on another jump square (single jumps) is not moved twice.
        moved.clear();
        moved.extend(
            self.redirects
                .iter()
                .map(|&(a, _)| std::mem::take(&mut out[a as usize])),
        );
        for (&(_, c), &m) in self.redirects.iter().zip(moved.iter()) {
            if c as usize == n {
                finished += m;
            } else {
                out[c as usize] += m;
            }
        }
        for &(i, a, to) in &self.corrections {
            let m = u[i as usize] * self.share;
            if m == 0.0 {
                continue;
            }
            if a != NONE {
                // Undo what the sliding sum sent where arrivals at `a` rest.
                let c = self
                    .redirects
                    .binary_search_by_key(&a, |&(h, _)| h)
                    .map_or(a, |k| self.redirects[k].1);
                if c as usize == n {
                    finished -= m;
                } else {
                    // Rounding must not leave a negative probability behind.
                    out[c as usize] = (out[c as usize] - m).max(0.0);
                }
            }
            if to as usize == n {
                finished += m;
            } else {
                out[to as usize] += m;
            }
        }
        finished
    }
}

/// Scratch vectors for [`Stepper::turn`], reused from turn to turn.
#[derive(Debug, Default)]
pub struct Scratch {
    u: Vec<f64>,
    q: Vec<f64>,
    moved: Vec<f64>,
}

/// The sum of `v`, in eight lanes (vectorised; no worse rounding than one running sum).
pub fn sum(v: &[f64]) -> f64 {
    let mut lanes = [0.0f64; 8];
    let mut chunks = v.chunks_exact(8);
    for c in &mut chunks {
        for (l, x) in lanes.iter_mut().zip(c) {
            *l += x;
        }
    }
    let rest: f64 = chunks.remainder().iter().sum();
    lanes.iter().sum::<f64>() + rest
}

/// `out[a] = share · (u[a-1] + ... + u[a-w])` for the squares `a` in `1..n` (`out[0] = 0`):
/// returns what arrives at `n`. Every window is summed term by term (no running sum, so no
/// cancellation); with the width a constant the sums of neighbouring squares vectorise.
fn window(w: usize, u: &[f64], out: &mut [f64], share: f64) -> f64 {
    macro_rules! widths {
        ($($k:literal)*) => {
            match w {
                $($k => window_of::<$k>(u, out, share),)*
                _ => window_of::<{ snakes::MAX_FACES as usize }>(u, out, share),
            }
        };
    }
    widths!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19)
}

fn window_of<const W: usize>(u: &[f64], out: &mut [f64], share: f64) -> f64 {
    let n = u.len();
    out[0] = 0.0;
    // The first squares, whose window reaches below square 0.
    let head = (W + 1).min(n);
    for a in 1..head {
        out[a] = u[..a].iter().sum::<f64>() * share;
    }
    if head < n {
        for (o, win) in out[head..n].iter_mut().zip(u[head - W..n - 1].windows(W)) {
            let mut v = 0.0;
            for x in win.iter().take(W) {
                v += x;
            }
            *o = v * share;
        }
    }
    u[n.saturating_sub(W)..].iter().sum::<f64>() * share
}
