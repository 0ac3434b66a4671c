//! Expected turns on every kind of layout, next to SciPy on the same system in the same run:
//! `scipy.sparse.linalg.spsolve` (SuperLU) and GMRES preconditioned by an incomplete LU
//! (`benches/scipy_solve.py`), and faer's sparse LU when `FAER_LU` names the binary of
//! `benches/faer-lu` (build it with `cargo build --release --manifest-path
//! crates/snakes-analysis/benches/faer-lu/Cargo.toml`).
//!
//! 1. The default random boards `snakes board random --size N --seed S` (a fifth of the squares
//!    hold a jump, spans unlimited) for N in 10, 30, 100, 200 and S in 1..=5.
//! 2. Span limits 10, 100, 1000 and none, at 10^4 and 10^5 squares (`--size 100` and
//!    `--size 316`, `--max-span M --seed 3`).
//! 3. The 1000 x 1000 default board, seed 3.
//!
//! Our time covers `snakes_analysis::large::expected_turns`: the faces' outcomes, the check that
//! a game surely ends, the chain, the choice of method, the solve and the residual check of
//! every equation (best of 3, or of 1 above 10^5 squares). SciPy's covers building `I - Q` from
//! the same landing table and solving, each method run once, under a memory limit of 8 GiB and
//! a time limit (`SCIPY_LIMIT` seconds, default 600).
//!
//! Run: `cargo bench -p snakes-analysis --bench layouts [-- SECTION...]` with sections `default`,
//! `spans`, `million` (all three when none is named).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use snakes::{Board, Rules, random_board};
use snakes_analysis::chain::Outcomes;
use snakes_analysis::large::{Solution, expected_turns};

/// Ours, best of `rounds`.
fn ours(board: &Board, rounds: usize) -> (Solution, f64) {
    let mut best = f64::INFINITY;
    let mut sol = None;
    for _ in 0..rounds {
        let t = Instant::now();
        let s = expected_turns(board, &Rules::STANDARD).expect("a game surely ends");
        best = best.min(t.elapsed().as_secs_f64());
        sol = Some(s);
    }
    (sol.expect("at least one round"), best)
}

/// What a peer reported for one method: seconds and answer, or why there is none.
#[derive(Debug, Clone)]
enum Peer {
    Answer { secs: f64, x: f64, note: String },
    None(String),
}

impl Peer {
    fn secs(&self) -> Option<f64> {
        match self {
            Peer::Answer { secs, .. } => Some(*secs),
            Peer::None(_) => None,
        }
    }
    fn cell(&self, ours: f64) -> String {
        match self {
            Peer::Answer { secs, x, note } => {
                let agree = ((x - ours) / ours).abs();
                format!("{} ({note}diff {agree:.0e})", time(*secs))
            }
            Peer::None(why) => why.clone(),
        }
    }
}

fn time(secs: f64) -> String {
    if secs < 1e-3 {
        format!("{:.0} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.1} ms", secs * 1e3)
    } else {
        format!("{secs:.2} s")
    }
}

/// Runs `cmd` under a memory limit and a time limit; its standard output, or why not.
fn run_limited(cmd: &str, limit: Duration) -> Result<String, String> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {}; exec {cmd}", 8 * 1024 * 1024))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            let mut out = String::new();
            let mut err = String::new();
            if let Some(mut o) = child.stdout.take() {
                let _ = o.read_to_string(&mut out);
            }
            if let Some(mut e) = child.stderr.take() {
                let _ = e.read_to_string(&mut err);
            }
            if !status.success() {
                let last = err
                    .lines()
                    .rfind(|l| !l.trim().is_empty())
                    .map_or_else(|| status.to_string(), str::to_string);
                return Err(format!("{out}failed: {last}"));
            }
            return Ok(out);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("no answer in {:.0} s", limit.as_secs_f64()));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// SciPy's methods (and faer's LU when built) on the landing table of `board`.
fn peers(board: &Board, methods: &[&str]) -> Vec<(String, Peer)> {
    let rules = Rules::STANDARD;
    let path = std::env::temp_dir().join(format!("snakes-layouts-{}.u32", std::process::id()));
    let outcomes = Outcomes::new(board, &rules);
    let bytes: Vec<u8> = outcomes
        .landings()
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    std::fs::write(&path, bytes).expect("write the landing table");
    let args = format!(
        "{} {} {} {}",
        path.display(),
        board.last(),
        rules.die(),
        rules.start_square()
    );
    let limit = Duration::from_secs(
        std::env::var("SCIPY_LIMIT")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(600),
    );
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/scipy_solve.py");
    let mut out = Vec::new();
    for &method in methods {
        let cmd = format!("python3 {script} {args} {method}");
        out.push((method.to_string(), parse(method, run_limited(&cmd, limit))));
    }
    if let Ok(faer) = std::env::var("FAER_LU") {
        let cmd = format!("{faer} {args}");
        out.push(("faer".to_string(), parse("faer", run_limited(&cmd, limit))));
    }
    let _ = std::fs::remove_file(&path);
    out
}

fn parse(method: &str, result: Result<String, String>) -> Peer {
    let text = match result {
        Ok(t) => t,
        Err(e) => {
            return Peer::None(
                e.lines()
                    .find(|l| l.contains("failed") || l.contains("no answer"))
                    .unwrap_or(&e)
                    .to_string(),
            );
        }
    };
    let field = |name: &str| -> Option<String> {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{method} {name}: ")))
            .map(str::to_string)
    };
    if let Some(failed) = field("failed") {
        return Peer::None(format!("failed: {failed}"));
    }
    match (field("seconds"), field("expected turns")) {
        (Some(s), Some(x)) => Peer::Answer {
            secs: s.parse().unwrap_or(f64::NAN),
            x: x.parse().unwrap_or(f64::NAN),
            note: field("iterations").map_or(String::new(), |i| format!("{i} it., ")),
        },
        _ => Peer::None(format!("no answer: {}", text.trim())),
    }
}

fn row(label: &str, board: &Board, rounds: usize, methods: &[&str]) {
    let (s, secs) = ours(board, rounds);
    let p = peers(board, methods);
    let best = p
        .iter()
        .filter(|(m, _)| m != "faer")
        .filter_map(|(_, p)| p.secs())
        .fold(f64::INFINITY, f64::min);
    let method = match s.method {
        snakes_analysis::solver::Method::Gmres => format!("GMRES {} it.", s.iterations),
        snakes_analysis::solver::Method::Elimination => "elimination".to_string(),
    };
    let mut line = format!(
        "| {label} | {} | {:.9} | {} | {method} | {:.0e} |",
        board.last(),
        s.expected_turns,
        time(secs),
        s.max_residual
    );
    for (_, peer) in &p {
        line.push_str(&format!(" {} |", peer.cell(s.expected_turns)));
    }
    if best.is_finite() {
        line.push_str(&format!(" **{:.1}x** |", best / secs));
    } else {
        line.push_str(" (no SciPy answer) |");
    }
    println!("{line}");
}

fn header(first: &str, methods: &[&str]) {
    let mut h = format!("| {first} | squares | expected turns | ours | method | max residual |");
    for m in methods {
        h.push_str(&format!(" SciPy {m} |"));
    }
    if std::env::var("FAER_LU").is_ok() {
        h.push_str(" faer sparse LU |");
    }
    h.push_str(" better SciPy / ours |");
    println!("{h}");
    let cols = h.matches('|').count() - 1;
    println!("{}", "| --- ".repeat(cols) + "|");
}

fn main() {
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let section = |name: &str| wanted.is_empty() || wanted.iter().any(|w| w == name);
    let both = ["spsolve", "gmres-ilu"];
    if section("default") {
        println!("\n## Default random boards, standard rules\n");
        header("board", &both);
        for size in [10u32, 30, 100, 200] {
            for seed in 1..=5u64 {
                let n = size * size;
                let board = random_board(size, size, (n / 5) as usize, u32::MAX, seed)
                    .expect("random board");
                row(&format!("--size {size} --seed {seed}"), &board, 3, &both);
            }
        }
    }
    if section("spans") {
        println!("\n## Span limits, seed 3, a fifth of the squares hold a jump\n");
        header("board", &both);
        for size in [100u32, 316] {
            for span in [10, 100, 1000, u32::MAX] {
                let n = size * size;
                let board =
                    random_board(size, size, (n / 5) as usize, span, 3).expect("random board");
                let label = if span == u32::MAX {
                    format!("--size {size}, no limit")
                } else {
                    format!("--size {size} --max-span {span}")
                };
                row(&label, &board, 3, &both);
            }
        }
    }
    if section("million") {
        println!("\n## The 1000 x 1000 default board, seed 3\n");
        header("board", &both);
        let board = random_board(1000, 1000, 200_000, u32::MAX, 3).expect("random board");
        row("--size 1000 --seed 3", &board, 1, &both);
    }
}
