//! Reading boards and rules from the command line, with errors that name the problem.

use std::fs;
use std::io::{self, IsTerminal, Read};
use std::path::Path;

use snakes::{Board, Rules};

use crate::user_error;

/// The most text read for one board (or one line of `solve --jsonl`). The largest board,
/// 10,000,000 squares, takes about 90 MB as a compact grid; the cap keeps `/dev/zero` or a
/// wrong file from filling the memory.
pub const MAX_INPUT: u64 = 256 << 20;

/// Reads a whole file, or standard input when `path` is `None` or `-`, up to [`MAX_INPUT`].
///
/// # Errors
/// A [`crate::UserError`] naming the file when it cannot be read, is not UTF-8 text or is
/// larger than [`MAX_INPUT`].
pub fn read_text(path: Option<&Path>) -> anyhow::Result<String> {
    let (name, input): (String, Box<dyn Read>) = match path {
        Some(p) if p != Path::new("-") => (
            p.display().to_string(),
            Box::new(
                fs::File::open(p)
                    .map_err(|e| user_error(format!("cannot read {}: {e}", p.display())))?,
            ),
        ),
        _ => ("standard input".to_string(), Box::new(io::stdin().lock())),
    };
    let mut bytes = Vec::new();
    input
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| user_error(format!("cannot read {name}: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(user_error(format!(
            "{name} is larger than {} MiB: no board is that large",
            MAX_INPUT >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        user_error(format!(
            "{name} is not UTF-8 text (byte {} is not): give a grid or a layout",
            at + 1
        ))
    })
}

/// A board from a `--board` value: a built-in name (`classic`), or a file holding a grid or a
/// layout (JSON or TOML), or `-` for standard input.
///
/// # Errors
/// A [`crate::UserError`] naming the file and the problem.
pub fn board_arg(spec: &str) -> anyhow::Result<Board> {
    if let Some(board) = Board::named(spec) {
        return Ok(board);
    }
    let path = Path::new(spec);
    if spec == "-" && io::stdin().is_terminal() {
        // `--board -` typed at a terminal waits for a board: say so rather than seem to hang.
        eprintln!("Reading a board from standard input; end with Ctrl-D.");
    }
    if spec != "-" && !path.exists() {
        return Err(user_error(format!(
            "no board named {spec:?}: give `classic` or the path of a grid or layout file"
        )));
    }
    let text = read_text(Some(path))?;
    parse_board(&text, Some(path))
}

/// A board from text, naming `path` in the error.
///
/// # Errors
/// A [`crate::UserError`] with the board error.
pub fn parse_board(text: &str, path: Option<&Path>) -> anyhow::Result<Board> {
    if text.trim().is_empty() {
        let message = "the input is empty: expected a LeetCode grid or a layout";
        return Err(match path {
            Some(p) if p != Path::new("-") => user_error(format!("{}: {message}", p.display())),
            _ => user_error(message),
        });
    }
    let format = match path.and_then(|p| p.extension()).and_then(|e| e.to_str()) {
        Some("toml") => snakes::Format::LayoutToml,
        _ => snakes::Format::detect(text),
    };
    Board::parse_as(text, format).map_err(|e| match path {
        Some(p) if p != Path::new("-") => user_error(format!("{}: {e}", p.display())),
        _ => user_error(e.to_string()),
    })
}

/// Rules from a `--rules` value: a preset, `key=value,...`, or a preset followed by options.
///
/// # Errors
/// A [`crate::UserError`] naming the option or value.
pub fn rules_arg(spec: &str) -> anyhow::Result<Rules> {
    spec.parse::<Rules>()
        .map_err(|e| user_error(format!("rules: {e}")))
}
