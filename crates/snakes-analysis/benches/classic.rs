//! The classic board under the three endings (other rules standard): expected turns in `f64`
//! and as exact fractions, all six solves timed together, next to a dense Gaussian elimination in
//! `f64` of the same systems measured in the same run.
//!
//! Run: `cargo bench -p snakes-analysis --bench classic`

use std::time::Instant;

use snakes::{Board, Ending, Rules};
use snakes_analysis::chain::{self, Field, Kernel};
use snakes_analysis::markov::{Token, decimal, expected_turns_exact};

/// Dense Gaussian elimination with partial pivoting on (I - Q) x = 1: the textbook method.
fn dense(k: &Kernel<f64>, start: usize) -> f64 {
    let n = k.n;
    let mut a = vec![vec![0.0; n + 1]; n];
    for (i, row) in a.iter_mut().enumerate() {
        row[i] = 1.0;
        for (j, p) in k.row(i) {
            row[j] -= p;
        }
        row[n] = 1.0;
    }
    for c in 0..n {
        let p = (c..n)
            .max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        let pivot = a[c].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != c && row[c] != 0.0 {
                let f = row[c] / pivot[c];
                for (x, y) in row[c..].iter_mut().zip(&pivot[c..]) {
                    *x -= f * y;
                }
            }
        }
    }
    a[start][n] / a[start][start]
}

fn main() {
    let board = Board::classic();
    let variants: Vec<Rules> = Ending::ALL
        .iter()
        .map(|&e| {
            let mut r = Rules::STANDARD;
            r.ending = e;
            r
        })
        .collect();
    let rounds = 20;
    let mut best = f64::INFINITY;
    let mut results = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        results.clear();
        for rules in &variants {
            let token = Token::new(&board, rules).expect("finite");
            let f = token.expected_turns()[token.start].expect("finite");
            let x = expected_turns_exact(&board, rules).expect("finite");
            results.push((f, x));
        }
        best = best.min(t.elapsed().as_secs_f64());
    }
    for (rules, (f, x)) in variants.iter().zip(&results) {
        println!(
            "ending={:<7} f64 {f:.12}  exact {} = {}...",
            rules.ending.name(),
            x,
            decimal(x, 15)
        );
        assert!(((Field::to_f64(x) - f) / f).abs() < 1e-12);
    }
    println!(
        "three endings, f64 and exact, all six solves: {:.2} ms (best of {rounds})",
        best * 1e3
    );
    let mut best_dense = f64::INFINITY;
    for _ in 0..rounds {
        let t = Instant::now();
        for rules in &variants {
            let k: Kernel<f64> = chain::roll_kernel(&chain::Outcomes::new(&board, rules));
            std::hint::black_box(dense(&k, rules.start_square() as usize));
        }
        best_dense = best_dense.min(t.elapsed().as_secs_f64());
    }
    let mut best_f64 = f64::INFINITY;
    for _ in 0..rounds {
        let t = Instant::now();
        for rules in &variants {
            let token = Token::new(&board, rules).expect("finite");
            std::hint::black_box(token.expected_turns()[token.start]);
        }
        best_f64 = best_f64.min(t.elapsed().as_secs_f64());
    }
    println!(
        "f64 only, three endings: sparse elimination {:.3} ms, dense Gaussian elimination {:.3} ms",
        best_f64 * 1e3,
        best_dense * 1e3
    );
}
