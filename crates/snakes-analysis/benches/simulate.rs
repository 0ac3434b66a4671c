//! Simulation speed on the classic board under the standard rules: rolls per second of the
//! interleaved table-driven simulator on one thread and on every thread, next to a
//! straightforward per-roll loop (`snakes::landing` and `Rng::roll` per roll), in the same run;
//! then the general game loop (several interacting tokens, one game at a time) on one thread.
//!
//! Run: `cargo bench -p snakes-analysis --bench simulate`

use std::time::Instant;

use snakes::{Board, Rules};
use snakes_analysis::sim::{SimOptions, naive_single_rolls, simulate_totals};

fn main() {
    let board = Board::classic();
    let rules = Rules::STANDARD;
    let threads_max = std::thread::available_parallelism().map_or(1, |n| n.get());

    let games = 2_000_000;
    let t = Instant::now();
    let rolls = naive_single_rolls(&board, &rules, games, 1);
    let secs = t.elapsed().as_secs_f64();
    let naive = rolls as f64 / secs;
    println!(
        "straightforward loop, 1 thread: {games} games, {rolls} rolls in {secs:.3} s = {:.1} M rolls/s",
        naive / 1e6
    );

    for threads in 1..=threads_max {
        let games = 20_000_000 * threads as u64;
        let opts = SimOptions {
            games,
            players: 1,
            seed: 1,
            threads,
        };
        let t = Instant::now();
        let totals = simulate_totals(&board, &rules, &opts, &|_, _| {}).expect("classic board");
        let secs = t.elapsed().as_secs_f64();
        let rate = totals.rolls.0 as f64 / secs;
        println!(
            "table simulator, {threads} thread(s): {games} games, {} rolls in {secs:.3} s = {:.1} M rolls/s ({:.1}x the straightforward loop)",
            totals.rolls.0,
            rate / 1e6,
            rate / naive
        );
    }

    // The general loop: every roll goes through collision, finish, six rule and turn passing.
    for (text, players) in [
        ("standard", 2),
        ("standard", 4),
        ("six=roll-again", 4),
        ("collision=bump", 4),
        ("collision=bump,six=roll-again", 2),
        ("collision=bump,six=roll-again", 4),
    ] {
        let rules: Rules = text.parse().expect("rules");
        let games = 2_000_000;
        let opts = SimOptions {
            games,
            players,
            seed: 1,
            threads: 1,
        };
        let t = Instant::now();
        let totals = simulate_totals(&board, &rules, &opts, &|_, _| {}).expect("classic board");
        let secs = t.elapsed().as_secs_f64();
        println!(
            "general loop, {players} players, {text}, 1 thread: {games} games, {} rolls in {secs:.3} s = {:.1} M rolls/s",
            totals.rolls.0,
            totals.rolls.0 as f64 / secs / 1e6
        );
    }
}
