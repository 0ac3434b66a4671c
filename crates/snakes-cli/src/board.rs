//! `snakes board`: draw, check, convert and generate boards.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Subcommand, ValueEnum};
use snakes::{Board, BoardWarning, random_board, random_grid_board};

use crate::input::{BoardPos, RulesOpt, Standard};
use crate::progress::Progress;
use snakes_text::errors::{board_error, board_warning};

use crate::input::warn;
use crate::user_error;
use crate::words::{catalogue, say};

/// Arguments of `snakes board`.
#[derive(clap::Args)]
#[command(
    disable_help_subcommand = true,
    after_help = "Examples:\n  snakes board show classic\n  snakes board check board.json --rules leetcode\n  snakes board random --size 20 --seed 7 > board.toml"
)]
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
    /// Check a board: print "ok", or the warnings (on standard error) under the rules: unused
    /// jumps, an unreachable last square, a square that traps a token, grid cells holding their
    /// own square number.
    #[command(
        after_long_help = "Exit status: 0 when a game on the board can end (with or \
without warnings: standard output says `ok` or `ok, N warnings`); 1 when the board cannot \
be played under these rules (its last square cannot be reached, a token can be trapped, or \
its jumps form a cycle under jumps=chain: standard output says `unplayable`); 2 when the \
board cannot be read (a missing file, a syntax error, a jump the board cannot hold).

Examples:
  snakes board check board.json
  snakes board check board.json --rules leetcode --json"
    )]
    Check(CheckArgs),
    /// Convert a board between the LeetCode grid and the JSON and TOML layout forms.
    Convert(ConvertArgs),
    /// Print a reproducible random board: the same options always give the same layout.
    ///
    /// The squares holding a jump are drawn uniformly; jumps alternate between ladders and
    /// snakes; each spans a uniform 1 to --max-span squares; no jump sits on the last square,
    /// no square holds two and no set of jumps forms a cycle. With --format grid the board is
    /// within LeetCode 909's constraints: square (--size), no jump on square 1 or the last
    /// square (LeetCode also limits the size to 2 to 20); the layout forms may put a ladder on
    /// square 1, so the same seed gives another board there.
    Random(RandomArgs),
    /// Print the help of a `snakes board` command.
    Help(crate::docs::HelpArgs),
}

/// The text forms of a board.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OutFormat {
    /// A LeetCode grid on one line: rows top first, -1 for a plain square.
    Grid,
    /// A JSON layout: size, ladders, snakes.
    Json,
    /// A TOML layout: size, ladders, snakes.
    Toml,
}

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  snakes board show classic\n  echo '[[-1,4,-1],[6,2,6],[-1,3,-1]]' | snakes board show -"
)]
struct ShowArgs {
    #[command(flatten)]
    board: BoardPos,
}

#[derive(clap::Args)]
struct CheckArgs {
    #[command(flatten)]
    board: BoardPos,
    #[command(flatten)]
    rules: RulesOpt<Standard>,
    /// Print the result as JSON (on standard output, warnings included; the same exit status):
    /// `ok` is true when a game on the board can end, as the text's `ok` says.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  snakes board convert board.json --to toml\n  snakes board convert classic --to grid"
)]
struct ConvertArgs {
    #[command(flatten)]
    board: BoardPos,
    /// The form to write.
    #[arg(long, value_enum)]
    to: OutFormat,
}

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  snakes board random --size 20 --seed 7\n  snakes board random --size 20 --jumps 40 --max-span 100 --count 1000 --format grid > boards.jsonl"
)]
struct RandomArgs {
    /// Squares per side of a square board.
    // Not `required_unless_present_all`: with `--rows` alone, clap would then ask for both
    // `--cols` and `--size`; `requires` on --rows asks for --cols alone, and `random` for
    // --size when nothing is given.
    #[arg(long, conflicts_with_all = ["rows", "cols"])]
    size: Option<u32>,
    /// Rows of a rectangular board (with --cols; not with --format grid).
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
            let given = &a.board.board;
            given.warn();
            let mut out = BufWriter::new(io::stdout().lock());
            let text = snakes_text::board_text::board_text_in(catalogue(), &given.board);
            out.write_all(text.as_bytes())?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        BoardCommand::Check(a) => check(&a),
        BoardCommand::Convert(a) => {
            let given = &a.board.board;
            given.warn();
            if a.to == OutFormat::Grid {
                grid_only(&given.board)?;
                for note in beyond_leetcode(&given.board) {
                    warn(&note);
                }
            }
            write_board(&given.board, a.to)
        }
        BoardCommand::Random(a) => random(a),
        BoardCommand::Help(a) => {
            let mut path = vec!["board".to_string()];
            path.extend(a.command);
            crate::docs::help(
                &crate::cli_command(),
                &crate::docs::HelpArgs { command: path },
            )
        }
    }
}

/// The status of `board check`: the board cannot be played under the rules.
const UNPLAYABLE: u8 = 1;

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let given = &args.board.board;
    let rules = args.rules.get();
    let mut warnings = given.warnings.clone();
    // A cycle of jumps under jumps=chain: the board reads, but no game can be played on it.
    let cycle = match snakes::check(&given.board, &rules) {
        Ok(found) => {
            warnings.extend(found);
            None
        }
        Err(e) => Some(e),
    };
    let playable = cycle.is_none() && !warnings.iter().any(BoardWarning::may_never_end);
    let mut out = io::stdout().lock();
    if args.json {
        let english = snakes_text::Catalogue::english();
        let mut value = serde_json::json!({
            // As the text says it and the exit status: `ok, 1 warning` is ok.
            "ok": playable,
            "playable": playable,
            "rules": rules.to_string(),
            "warnings": warnings
                .iter()
                .map(|w| {
                    let mut v = serde_json::to_value(w).unwrap_or_default();
                    // Data for programs: the English sentence, whatever the language.
                    if let Some(map) = v.as_object_mut() {
                        map.insert("message".into(), board_warning(&english, w).into());
                    }
                    v
                })
                .collect::<Vec<_>>(),
        });
        if let (Some(e), Some(map)) = (&cycle, value.as_object_mut()) {
            map.insert("error".into(), board_error(&english, e).into());
        }
        writeln!(out, "{value}")?;
    } else {
        for w in &warnings {
            warn(&board_warning(catalogue(), w));
        }
        if let Some(e) = &cycle {
            let message = say!(
                "input-in-file",
                file = given.label(),
                message = board_error(catalogue(), e)
            );
            eprintln!("{}", say!("cli-error", message = message));
        }
        let verdict = if playable {
            say!("board-check-ok", warnings = warnings.len())
        } else {
            say!("board-check-unplayable")
        };
        writeln!(out, "{verdict}")?;
    }
    Ok(if playable {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(UNPLAYABLE)
    })
}

/// Refuses to write a rectangular board as a grid: a LeetCode grid is square, and a
/// rectangle's cells would not read back.
fn grid_only(board: &Board) -> anyhow::Result<()> {
    if board.rows() == board.cols() {
        return Ok(());
    }
    Err(user_error(say!(
        "board-convert-not-square",
        rows = board.rows(),
        cols = board.cols()
    )))
}

/// What keeps a grid snakes reads from being one LeetCode accepts.
fn beyond_leetcode(board: &Board) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(to) = board.jump(1) {
        notes.push(say!("board-grid-jump-on-one", to = to));
    }
    if !(2..=20).contains(&board.rows()) {
        notes.push(say!("board-grid-size", size = board.rows()));
    }
    notes
}

fn random(args: RandomArgs) -> anyhow::Result<ExitCode> {
    let (rows, cols) = match (args.size, args.rows, args.cols) {
        (Some(n), _, _) => (n, n),
        (None, Some(r), Some(c)) => (r, c),
        // clap makes --rows and --cols come together and never with --size.
        _ => {
            return Err(user_error(say!("board-random-no-size")));
        }
    };
    let grid = args.format == OutFormat::Grid;
    if grid && rows != cols {
        return Err(user_error(say!("board-random-grid-not-square")));
    }
    if grid {
        // Squares 1 and N are kept free; the size is the one limit left to the user.
        let plain =
            Board::new(rows, cols, []).map_err(|e| user_error(board_error(catalogue(), &e)))?;
        for note in beyond_leetcode(&plain) {
            warn(&note);
        }
    }
    let squares = u64::from(rows) * u64::from(cols);
    let jumps = args
        .jumps
        .unwrap_or_else(|| usize::try_from(squares / 5).unwrap_or(usize::MAX));
    let max_span = args.max_span.unwrap_or(u32::MAX);
    // A grid is LeetCode's form: squares 1 and N hold no jump, as LeetCode requires.
    let draw = |seed| {
        if grid {
            random_grid_board(rows, jumps, max_span, seed)
        } else {
            random_board(rows, cols, jumps, max_span, seed)
        }
    };
    let Some(count) = args.count else {
        let board = draw(args.seed).map_err(|e| user_error(board_error(catalogue(), &e)))?;
        return write_board(&board, args.format);
    };
    if !grid {
        return Err(user_error(say!("board-random-count-needs-grid")));
    }
    let mut out = BufWriter::new(io::stdout().lock());
    let mut progress = Progress::new("progress-random-boards");
    for i in 0..count {
        if i % 256 == 0 {
            progress.update(i, count);
        }
        let seed = args.seed.wrapping_add(i);
        let board = draw(seed).map_err(|e| {
            user_error(say!(
                "board-random-seed-error",
                seed = seed,
                message = board_error(catalogue(), &e)
            ))
        })?;
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
