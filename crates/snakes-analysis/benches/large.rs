//! Expected turns on large random boards (standard rules), with the cost per square from 10^3 to
//! 10^6 squares, the peak memory, the largest relative residual, and SciPy's general sparse direct
//! solver (`scipy.sparse.linalg.spsolve`) on the same 10^6-square system in the same run.
//!
//! Boards: `snakes::random_board(side, side, N / 20, 100, 1)`, the layout that
//! `snakes board random --size SIDE --jumps J --max-span 100 --seed 1` prints.
//!
//! Then, in the same run, the whole analysis of that board as `snakes analyze --board FILE --json`
//! makes it (the layout read from its TOML text, every figure the analysis gives within the
//! default budget, the JSON written), next to SciPy's solve alone.
//!
//! Run: `cargo bench -p snakes-analysis --bench large` (SciPy is skipped when `python3` cannot
//! import it: `pip install scipy`).

use std::process::Command;
use std::time::Instant;

use snakes::{Rules, random_board};
use snakes_analysis::Options;
use snakes_analysis::chain::Outcomes;
use snakes_analysis::large::expected_turns;

fn peak_rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// Seconds (best of 3) of the whole analysis of `board` as `snakes analyze --board FILE --json`
/// makes it: the layout read from its TOML text, the analysis under the default options (the
/// 60 s budget), the JSON written to memory.
fn whole_analysis(board: &snakes::Board) -> f64 {
    let toml = board.to_layout_toml();
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let t = Instant::now();
        let parsed = snakes::Board::parse_as(&toml, snakes::Format::LayoutToml).expect("layout");
        let a = snakes_analysis::analyze(&parsed, &Rules::STANDARD, &Options::default())
            .expect("analysis");
        let json = serde_json::to_string(&a).expect("json");
        best = best.min(t.elapsed().as_secs_f64());
        assert!(json.len() > 1_000_000);
    }
    best
}

fn main() {
    let rules = Rules::STANDARD;
    let mut big = None;
    println!(
        "squares     jumps  expected turns      solve (best of 3)  ns/square  max rel. residual"
    );
    for side in [32u32, 100, 316, 1000] {
        let n = side * side;
        let jumps = (n / 20) as usize;
        let board = random_board(side, side, jumps, 100, 1).expect("random board");
        let mut best = f64::INFINITY;
        let mut sol = None;
        for _ in 0..3 {
            let t = Instant::now();
            let s = expected_turns(&board, &rules).expect("finite");
            best = best.min(t.elapsed().as_secs_f64());
            sol = Some(s);
        }
        let s = sol.expect("ran");
        println!(
            "{n:>9} {jumps:>8}  {:>16.9}  {:>14.1} ms  {:>9.0}  {:.1e}",
            s.expected_turns,
            best * 1e3,
            best * 1e9 / f64::from(n),
            s.max_relative_residual
        );
        if side == 1000 {
            big = Some((board, s, best));
        }
    }
    println!("peak RSS of this process: {:.0} MiB", peak_rss_mib());
    let Some((board, s, secs)) = big else { return };

    // SciPy on the same system: the landing table from the move function, written as raw u32.
    let path = std::env::temp_dir().join("snakes-landings-1000x1000.u32");
    let outcomes = Outcomes::new(&board, &rules);
    let table = outcomes.landings();
    let bytes: Vec<u8> = table.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write(&path, bytes).expect("write landing table");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/scipy_solve.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(&path)
        .arg(board.last().to_string())
        .arg(rules.die().to_string())
        .arg(rules.start_square().to_string())
        .output();
    match out {
        Ok(o) if o.status.success() => {
            let text = String::from_utf8_lossy(&o.stdout);
            print!("{text}");
            let field = |name: &str| -> Option<f64> {
                text.lines()
                    .find_map(|l| l.strip_prefix(name))
                    .and_then(|v| v.trim().parse().ok())
            };
            if let (Some(sp_secs), Some(sp_x)) =
                (field("spsolve seconds:"), field("spsolve expected turns:"))
            {
                println!(
                    "elimination here: {:.3} s; spsolve: {sp_secs:.3} s; {:.1}x faster; relative difference of the answers {:.1e}",
                    secs,
                    sp_secs / secs,
                    ((s.expected_turns - sp_x) / sp_x).abs()
                );
                let whole = whole_analysis(&board);
                println!(
                    "whole analysis as `snakes analyze --json` makes it (best of 3): {whole:.3} s; \
                     spsolve alone: {sp_secs:.3} s; {:.1}x faster",
                    sp_secs / whole
                );
            }
        }
        Ok(o) => println!(
            "spsolve skipped: {}",
            String::from_utf8_lossy(&o.stderr).trim()
        ),
        Err(e) => println!("spsolve skipped: {e}"),
    }
    let _ = std::fs::remove_file(&path);
}
