//! Reading boards and rules from the command line, with errors that name the problem.
//!
//! `--board <BOARD>` and `--rules <RULES>` are declared once ([`BoardOpt`], [`RulesOpt`]) and
//! flattened into each command; their value parsers give a checked [`BoardArg`] and [`Rules`],
//! so a bad board or rules is a usage error (status 2) before the command starts. What differs
//! between commands (the preset `--rules` options are layered on, the board when none is given)
//! is a [`Defaults`] type.

use std::ffi::OsStr;
use std::fs;
use std::io::{self, IsTerminal, Read};
use std::marker::PhantomData;
use std::path::Path;

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;
use snakes::{Board, BoardWarning, Format, Rules};

use crate::user_error;

/// The most text read for one board (or one line of `solve --jsonl`). The largest board,
/// 10,000,000 squares, takes about 90 MB as a compact grid; the cap keeps `/dev/zero` or a
/// wrong file from filling the memory.
pub const MAX_INPUT: u64 = 256 << 20;

/// Why a file cannot be read, in the same words for every command: `cannot read NAME: no such
/// file` (or [`io_reason`]'s other words).
pub fn cannot_read(name: &str, e: &io::Error) -> String {
    format!("cannot read {name}: {}", io_reason(e))
}

/// What went wrong with a file, in words: `no such file`, `permission denied`, `it is a
/// directory`, or the system's message without its error number.
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "it is a directory".to_string(),
        _ => {
            // "Invalid argument (os error 22)": the number means nothing to a person.
            let text = e.to_string();
            match text.find(" (os error") {
                Some(at) => text[..at].to_string(),
                None => text,
            }
        }
    }
}

/// Opens a file for reading, or standard input for `None` or `-`, with its name for messages.
///
/// # Errors
/// A [`crate::UserError`] from [`cannot_read`].
pub fn open_input(path: Option<&Path>) -> anyhow::Result<(String, Box<dyn Read>)> {
    match path {
        Some(p) if p != Path::new("-") => {
            let name = p.display().to_string();
            let file = fs::File::open(p).map_err(|e| user_error(cannot_read(&name, &e)))?;
            Ok((name, Box::new(file)))
        }
        _ => Ok(("standard input".to_string(), Box::new(io::stdin().lock()))),
    }
}

/// Reads a whole file, or standard input when `path` is `None` or `-`, up to [`MAX_INPUT`].
///
/// # Errors
/// A [`crate::UserError`] naming the file when it cannot be read, is not UTF-8 text or is
/// larger than [`MAX_INPUT`].
pub fn read_text(path: Option<&Path>) -> anyhow::Result<String> {
    let (name, input) = open_input(path)?;
    read_all(&name, input).map_err(user_error)
}

fn read_all(name: &str, input: Box<dyn Read>) -> Result<String, String> {
    let mut bytes = Vec::new();
    input
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(name, &e))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(format!(
            "{name} is larger than {} MiB: no board is that large",
            MAX_INPUT >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        format!(
            "{name} is not UTF-8 text (byte {} is not): give a grid or a layout",
            at + 1
        )
    })
}

/// A board given on the command line: its name as given, the board, and what reading it
/// noticed.
#[derive(Debug, Clone)]
pub struct BoardArg {
    /// As given: `classic`, a path, or `-`.
    pub name: String,
    /// The board.
    pub board: Board,
    /// What reading it noticed (LeetCode grid cells holding their own square number).
    pub warnings: Vec<BoardWarning>,
}

impl BoardArg {
    /// A board from `classic`, a file holding a grid or a layout (JSON or TOML), or `-` for
    /// standard input (saying on standard error what it waits for, at a terminal).
    ///
    /// # Errors
    /// What is wrong, naming the file: it cannot be read, is empty, or holds no valid board.
    pub fn load(spec: &str) -> Result<BoardArg, String> {
        if spec == "-" && io::stdin().is_terminal() {
            // `--board -` typed at a terminal waits for a board: say so rather than seem to hang.
            eprintln!("Reading a board from standard input; end with Ctrl-D.");
        }
        BoardArg::read(spec)
    }

    /// As [`BoardArg::load`], without a word at a terminal (for a command that says it).
    ///
    /// # Errors
    /// As [`BoardArg::load`].
    pub fn read(spec: &str) -> Result<BoardArg, String> {
        if let Some(board) = Board::named(spec) {
            return Ok(BoardArg {
                name: spec.to_string(),
                board,
                warnings: Vec::new(),
            });
        }
        let from_stdin = spec == "-";
        let path = Path::new(spec);
        let (name, input): (String, Box<dyn Read>) = if from_stdin {
            ("standard input".into(), Box::new(io::stdin().lock()))
        } else {
            let file = fs::File::open(path).map_err(|e| {
                let mut message = cannot_read(spec, &e);
                if e.kind() == io::ErrorKind::NotFound {
                    message
                        .push_str(" (a board is `classic` or the path of a grid or layout file)");
                }
                message
            })?;
            (spec.to_string(), Box::new(file))
        };
        let text = read_all(&name, input)?;
        let parsed = parse_board(&text, (!from_stdin).then_some(path))?;
        Ok(BoardArg {
            name: spec.to_string(),
            board: parsed.board,
            warnings: parsed.warnings,
        })
    }

    /// How the board is named in messages: the file, or "standard input".
    pub fn label(&self) -> &str {
        if self.name == "-" {
            "standard input"
        } else {
            &self.name
        }
    }

    /// Prints what reading the board noticed, one `warning:` line each, on standard error.
    pub fn warn(&self) {
        for w in &self.warnings {
            eprintln!("warning: {w}");
        }
    }
}

/// A board from text, naming `path` in the error.
///
/// # Errors
/// The board error, after the file's name when there is one.
pub fn parse_board(text: &str, path: Option<&Path>) -> Result<snakes::ParsedBoard, String> {
    let named = |message: String| match path {
        Some(p) if p != Path::new("-") => format!("{}: {message}", p.display()),
        _ => message,
    };
    if text.trim().is_empty() {
        return Err(named(
            "the input is empty: expected a LeetCode grid or a layout".into(),
        ));
    }
    let format = match path.and_then(|p| p.extension()).and_then(|e| e.to_str()) {
        Some("toml") => Format::LayoutToml,
        _ => Format::detect(text),
    };
    Board::parse_noting(text, format).map_err(|e| named(e.to_string()))
}

/// What a command starts from: the preset its `--rules` options are layered on, and its board
/// when `--board` is not given.
pub trait Defaults: Clone + Send + Sync + 'static {
    /// The preset `--rules` starts from.
    const RULES: &'static str;
    /// The board without `--board` (`None`: the command reads a board another way).
    const BOARD: Option<&'static str> = Some("classic");
    /// Why `--board -` cannot read standard input in this command, if it cannot.
    const NO_STDIN: Option<&'static str> = None;
}

/// `analyze`, `simulate` and `board check`: the standard rules on the classic board.
#[derive(Debug, Clone)]
pub struct Standard;
impl Defaults for Standard {
    const RULES: &'static str = "standard";
}

/// `solve`: LeetCode's rules; the board is a grid file or standard input unless `--board`.
#[derive(Debug, Clone)]
pub struct Leetcode;
impl Defaults for Leetcode {
    const RULES: &'static str = "leetcode";
    const BOARD: Option<&'static str> = None;
}

/// `play`: the standard rules on the classic board; standard input gives the keys.
#[derive(Debug, Clone)]
pub struct Play;
impl Defaults for Play {
    const RULES: &'static str = "standard";
    const NO_STDIN: Option<&'static str> =
        Some("standard input gives the keys of the game; give the board in a file");
}

/// `--board <BOARD>`.
#[derive(Debug, Clone, clap::Args)]
pub struct BoardOpt<D: Defaults> {
    /// The board: `classic`, or a file holding a LeetCode grid or a layout (JSON or TOML); `-`
    /// reads standard input.
    #[arg(
        long = "board",
        value_name = "BOARD",
        default_value = D::BOARD,
        value_parser = BoardParser { no_stdin: D::NO_STDIN }
    )]
    board: Option<BoardArg>,
    #[arg(skip)]
    defaults: PhantomData<D>,
}

impl<D: Defaults> BoardOpt<D> {
    /// The board given, or the command's default.
    pub fn get(&self) -> Option<&BoardArg> {
        self.board.as_ref()
    }
}

/// `<BOARD>`, the board a `snakes board` command works on.
#[derive(Debug, Clone, clap::Args)]
pub struct BoardPos {
    /// The board: `classic`, or a file holding a LeetCode grid or a layout (JSON or TOML); `-`
    /// reads standard input.
    #[arg(value_name = "BOARD", value_parser = BoardParser { no_stdin: None })]
    pub board: BoardArg,
}

/// `--rules <RULES>`.
#[derive(Debug, Clone, clap::Args)]
pub struct RulesOpt<D: Defaults> {
    /// The rules: a preset (standard, leetcode), options `key=value,...` that change the
    /// default preset, or a preset followed by options (`leetcode,die=8`). See `snakes rules`.
    #[arg(
        long = "rules",
        value_name = "RULES",
        default_value = D::RULES,
        value_parser = RulesParser { base: D::RULES }
    )]
    rules: Rules,
    #[arg(skip)]
    defaults: PhantomData<D>,
}

impl<D: Defaults> RulesOpt<D> {
    /// The rules given, layered on the command's preset.
    pub fn get(&self) -> Rules {
        self.rules
    }
}

/// Reads a board while the arguments are parsed.
#[derive(Debug, Clone, Copy)]
pub struct BoardParser {
    /// Why standard input cannot be read, if it cannot.
    no_stdin: Option<&'static str>,
}

impl TypedValueParser for BoardParser {
    type Value = BoardArg;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<BoardArg, clap::Error> {
        let spec = value.to_string_lossy();
        let message = match (spec.as_ref(), self.no_stdin) {
            ("-", Some(why)) => Err(format!("{} -: {why}", flag(arg))),
            _ => BoardArg::load(&spec),
        };
        message.map_err(|m| clap::Error::raw(ErrorKind::ValueValidation, format!("{m}\n")))
    }
}

/// Reads rules while the arguments are parsed, layered on a preset.
#[derive(Debug, Clone, Copy)]
pub struct RulesParser {
    /// The preset options are layered on.
    pub base: &'static str,
}

impl TypedValueParser for RulesParser {
    type Value = Rules;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Rules, clap::Error> {
        let base = Rules::preset(self.base).unwrap_or(Rules::STANDARD);
        Rules::parse_over(&value.to_string_lossy(), base)
            .map_err(|e| clap::Error::raw(ErrorKind::ValueValidation, format!("rules: {e}\n")))
    }
}

/// How an argument is written: `--board` or `<BOARD>`.
fn flag(arg: Option<&clap::Arg>) -> String {
    match arg {
        Some(a) => match a.get_long() {
            Some(long) => format!("--{long}"),
            None => format!("<{}>", a.get_id()),
        },
        None => "the board".into(),
    }
}
