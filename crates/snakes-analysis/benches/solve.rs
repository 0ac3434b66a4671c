//! Fewest-rolls solving speed on n = 20 boards, one core: the bitset solver, the queue search
//! that also finds the path, and the textbook `VecDeque` + `HashSet` search
//! ([`snakes_analysis::solve::min_rolls_textbook`], every move through `snakes::landing`), all on
//! the same boards in the same run.
//!
//! `cargo bench -p snakes-analysis --bench solve [-- BOARDS]`

use std::hint::black_box;
use std::time::{Duration, Instant};

use snakes::{Board, Rules, random_board};
use snakes_analysis::solve::{Solver, min_rolls, min_rolls_textbook};

/// The boards: n = 20, 40 jumps (a tenth of the squares), each spanning at most 100 squares;
/// board `i` is `snakes board random --size 20 --jumps 40 --max-span 100 --seed i`.
fn boards(count: usize) -> Vec<Board> {
    (0..count)
        .map(|i| random_board(20, 20, 40, 100, i as u64).expect("40 jumps fit on 400 squares"))
        .collect()
}

/// Runs `f` over all boards until at least `min` has passed; returns boards per second and a
/// checksum of the answers.
fn measure(
    boards: &[Board],
    min: Duration,
    mut f: impl FnMut(&Board) -> Option<u32>,
) -> (f64, u64) {
    let mut solved = 0u64;
    let mut sum = 0u64;
    let start = Instant::now();
    while start.elapsed() < min {
        sum = 0;
        for b in boards {
            sum += u64::from(black_box(f(black_box(b))).unwrap_or(u32::MAX));
        }
        solved += boards.len() as u64;
    }
    (solved as f64 / start.elapsed().as_secs_f64(), sum)
}

fn main() {
    let count = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
        .unwrap_or(1000);
    let boards = boards(count);
    let rules = Rules::LEETCODE;
    let naive = |b: &Board| min_rolls_textbook(b, &rules).ok().flatten();
    let reachable = boards.iter().filter(|b| naive(b).is_some()).count();
    let jumps: usize = boards.iter().map(Board::jump_count).sum();
    println!(
        "{count} boards of 20 x 20, {:.1} jumps on average, {reachable} reachable; rules: leetcode",
        jumps as f64 / count as f64
    );
    let min = Duration::from_millis(
        std::env::var("BENCH_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2000),
    );
    let mut solver = Solver::new();
    let (fast, fast_sum) = measure(&boards, min, |b| solver.count(b, &rules).ok().flatten());
    let (queue, queue_sum) = measure(&boards, min, |b| {
        min_rolls(b, &rules).ok().and_then(|s| s.rolls)
    });
    let (textbook, textbook_sum) = measure(&boards, min, naive);
    assert_eq!(fast_sum, textbook_sum, "the solvers disagree");
    assert_eq!(queue_sum, textbook_sum, "the solvers disagree");
    println!("average answer {:.1} rolls", fast_sum as f64 / count as f64);
    println!("bitset solver (Solver::count)           {fast:>12.0} boards/s");
    println!("queue search with path (min_rolls)      {queue:>12.0} boards/s");
    println!("VecDeque + HashSet search (textbook)    {textbook:>12.0} boards/s");
    println!("bitset / textbook: {:.1}x", fast / textbook);
}
