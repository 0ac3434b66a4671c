//! `snakes board`: draw, check, convert and generate boards.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Subcommand, ValueEnum};
use snakes::{Board, random_board};

use crate::input::{board_arg, rules_arg};
use crate::progress::Progress;
use crate::user_error;

/// Arguments of `snakes board`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: BoardCommand,
}

#[derive(Subcommand)]
enum BoardCommand {
    /// Draw a board as text: the grid of squares (top row first) with each ladder foot marked
    /// `^` and each snake head `v`, followed by where it leads, then the lists of ladders and
    /// snakes.
    Show(ShowArgs),
    /// Check a board: print "ok", or the warnings under the rules (unused jumps, an
    /// unreachable last square, a square that traps a token). An invalid board is an error
    /// (exit status 2).
    Check(CheckArgs),
    /// Convert a board between the LeetCode grid and the JSON and TOML layout forms.
    Convert(ConvertArgs),
    /// Print a reproducible random board: the same options always give the same layout.
    ///
    /// The squares holding a jump are drawn uniformly; jumps alternate between ladders and
    /// snakes; each spans a uniform 1 to --max-span squares; no jump sits on the last square,
    /// no square holds two and no set of jumps forms a cycle.
    Random(RandomArgs),
}

/// The text forms of a board.
#[derive(Clone, Copy, ValueEnum)]
enum OutFormat {
    /// A LeetCode grid on one line: rows top first, -1 for a plain square.
    Grid,
    /// A JSON layout: size, ladders, snakes.
    Json,
    /// A TOML layout: size, ladders, snakes.
    Toml,
}

#[derive(clap::Args)]
struct ShowArgs {
    /// The board: `classic`, or a file holding a grid or a layout (JSON or TOML); `-` reads
    /// standard input.
    board: String,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The board: `classic`, or a file holding a grid or a layout (JSON or TOML); `-` reads
    /// standard input.
    board: String,
    /// The rules to check it under: a preset (standard, leetcode), `key=value,...`, or a
    /// preset followed by options.
    #[arg(long, default_value = "standard")]
    rules: String,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct ConvertArgs {
    /// The board: `classic`, or a file holding a grid or a layout (JSON or TOML); `-` reads
    /// standard input.
    board: String,
    /// The form to write.
    #[arg(long, value_enum)]
    to: OutFormat,
}

#[derive(clap::Args)]
struct RandomArgs {
    /// Squares per side of a square board.
    // Not `required_unless_present_all`: with `--rows` alone, clap would then ask for both
    // `--cols` and `--size`; `requires` on --rows asks for --cols alone, and `random` for
    // --size when nothing is given.
    #[arg(long, conflicts_with_all = ["rows", "cols"])]
    size: Option<u32>,
    /// Rows of a rectangular board (with --cols).
    #[arg(long, requires = "cols")]
    rows: Option<u32>,
    /// Columns of a rectangular board (with --rows).
    #[arg(long, requires = "rows")]
    cols: Option<u32>,
    /// How many jumps (ladders and snakes together). Default: a fifth of the squares, as on
    /// the classic board.
    #[arg(long)]
    jumps: Option<usize>,
    /// The longest a jump may span, in squares. Default: no limit.
    #[arg(long)]
    max_span: Option<u32>,
    /// The seed: the same seed and options always give the same board.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print this many boards, from seeds SEED, SEED+1, ..., one LeetCode grid per line (the
    /// input of `snakes solve --jsonl`). Needs `--format grid`.
    #[arg(long)]
    count: Option<u64>,
    /// The form to write.
    #[arg(long, value_enum, default_value = "toml")]
    format: OutFormat,
}

/// Runs `snakes board`.
///
/// # Errors
/// A bad board, bad rules or bad options (user errors), or a failed write.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        BoardCommand::Show(a) => {
            let board = board_arg(&a.board)?;
            let mut out = BufWriter::new(io::stdout().lock());
            out.write_all(snakes_text::board_text::board_text(&board).as_bytes())?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        BoardCommand::Check(a) => check(a),
        BoardCommand::Convert(a) => {
            let board = board_arg(&a.board)?;
            write_board(&board, a.to)
        }
        BoardCommand::Random(a) => random(a),
    }
}

fn check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let board = board_arg(&args.board)?;
    let rules = rules_arg(&args.rules)?;
    let warnings =
        snakes::check(&board, &rules).map_err(|e| user_error(format!("{}: {e}", args.board)))?;
    let mut out = io::stdout().lock();
    if args.json {
        let value = serde_json::json!({
            "ok": warnings.is_empty(),
            "rules": rules.to_string(),
            "warnings": warnings
                .iter()
                .map(|w| {
                    let mut v = serde_json::to_value(w).unwrap_or_default();
                    if let Some(map) = v.as_object_mut() {
                        map.insert("message".into(), w.to_string().into());
                    }
                    v
                })
                .collect::<Vec<_>>(),
        });
        writeln!(out, "{value}")?;
    } else if warnings.is_empty() {
        writeln!(out, "ok")?;
    } else {
        for w in &warnings {
            writeln!(out, "warning: {w}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn random(args: RandomArgs) -> anyhow::Result<ExitCode> {
    let (rows, cols) = match (args.size, args.rows, args.cols) {
        (Some(n), _, _) => (n, n),
        (None, Some(r), Some(c)) => (r, c),
        // clap makes --rows and --cols come together and never with --size.
        _ => {
            return Err(user_error(
                "give the size of the board: --size N, or --rows R and --cols C",
            ));
        }
    };
    let squares = u64::from(rows) * u64::from(cols);
    let jumps = args
        .jumps
        .unwrap_or_else(|| usize::try_from(squares / 5).unwrap_or(usize::MAX));
    let max_span = args.max_span.unwrap_or(u32::MAX);
    let Some(count) = args.count else {
        let board = random_board(rows, cols, jumps, max_span, args.seed)
            .map_err(|e| user_error(e.to_string()))?;
        return write_board(&board, args.format);
    };
    if !matches!(args.format, OutFormat::Grid) {
        return Err(user_error(
            "--count writes one grid per line: add --format grid",
        ));
    }
    let mut out = BufWriter::new(io::stdout().lock());
    let mut progress = Progress::new("random boards", "boards");
    for i in 0..count {
        if i % 256 == 0 {
            progress.update(i, count);
        }
        let seed = args.seed.wrapping_add(i);
        let board = random_board(rows, cols, jumps, max_span, seed)
            .map_err(|e| user_error(format!("seed {seed}: {e}")))?;
        writeln!(out, "{}", board.to_grid_json())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn write_board(board: &Board, format: OutFormat) -> anyhow::Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    match format {
        OutFormat::Grid => writeln!(out, "{}", board.to_grid_json())?,
        OutFormat::Json => write!(out, "{}", board.to_layout_json())?,
        OutFormat::Toml => write!(out, "{}", board.to_layout_toml())?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
