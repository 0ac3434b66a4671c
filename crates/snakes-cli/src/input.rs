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
use clap::error::{ContextKind, ContextValue, ErrorKind};
use snakes::{Board, BoardWarning, Format, Rules};

use snakes_text::Others;
use snakes_text::errors::{board_error, board_warning, rules_error};

use crate::user_error;
use crate::words::{catalogue, say};

/// The most text read for one board (or one line of `solve --jsonl`). The largest board,
/// 10,000,000 squares, takes about 90 MB as a compact grid; the cap keeps `/dev/zero` or a
/// wrong file from filling the memory.
pub const MAX_INPUT: u64 = 256 << 20;

/// Why a file cannot be read, in the same words for every command: `cannot read NAME: no such
/// file` (or [`io_reason`]'s other reasons).
pub fn cannot_read(name: &str, e: &io::Error) -> String {
    let (reason, detail) = io_reason(e, Path::new(name));
    say!(
        "file-cannot-read",
        name = name,
        reason = reason,
        detail = detail
    )
}

/// What went wrong with the file at `path`, as the selector of the messages that say it
/// (`not-found`, `no-folder` when the folder it would be in is missing, with that folder,
/// `denied`, `directory`, or `other`) and, for `other`, the system's message without its error
/// number.
pub fn io_reason(e: &io::Error, path: &Path) -> (&'static str, String) {
    match e.kind() {
        io::ErrorKind::NotFound => match missing_folder(path) {
            Some(folder) => ("no-folder", folder.display().to_string()),
            None => ("not-found", String::new()),
        },
        io::ErrorKind::PermissionDenied => ("denied", String::new()),
        io::ErrorKind::IsADirectory => ("directory", String::new()),
        _ => {
            // "Invalid argument (os error 22)": the number means nothing to a person.
            let text = e.to_string();
            let text = match text.find(" (os error") {
                Some(at) => text[..at].to_string(),
                None => text,
            };
            ("other", text)
        }
    }
}

/// The outermost missing folder on the way to `path`, if one is: "/data/boards/x.toml" when
/// there is no /data names /data.
fn missing_folder(path: &Path) -> Option<&Path> {
    let mut missing = None;
    for folder in path.ancestors().skip(1) {
        if folder.as_os_str().is_empty() || folder.exists() {
            break;
        }
        missing = Some(folder);
    }
    missing
}

/// Standard input, as a file is named in messages.
pub fn standard_input() -> String {
    say!("input-standard-input")
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
        _ => Ok((standard_input(), Box::new(io::stdin().lock()))),
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
        return Err(say!("input-too-large", name = name, mib = MAX_INPUT >> 20));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        say!("input-not-utf8", name = name, byte = at + 1)
    })
}

/// A board given on the command line: its name as given, the board, and what reading it
/// noticed.
#[derive(Debug, Clone)]
pub struct BoardArg {
    /// As given: `classic`, a path (written lossily when it is not UTF-8), or `-`.
    pub name: String,
    /// The board.
    pub board: Board,
    /// What reading it noticed (LeetCode grid cells holding their own square number).
    pub warnings: Vec<BoardWarning>,
    /// How it is named in messages.
    label: String,
}

impl BoardArg {
    /// A board from `classic`, a file holding a grid or a layout (JSON or TOML), or `-` for
    /// standard input (saying on standard error what it waits for, at a terminal). A file's
    /// name need not be UTF-8.
    ///
    /// # Errors
    /// What is wrong, naming the file: it cannot be read, is empty, or holds no valid board.
    pub fn load(spec: &OsStr) -> Result<BoardArg, String> {
        if spec == "-" && io::stdin().is_terminal() {
            // `--board -` typed at a terminal waits for a board: say so rather than seem to hang.
            eprintln!("{}", say!("input-reading-board"));
        }
        BoardArg::read(spec)
    }

    /// As [`BoardArg::load`], without a word at a terminal (for a command that says it).
    ///
    /// # Errors
    /// As [`BoardArg::load`].
    pub fn read(spec: &OsStr) -> Result<BoardArg, String> {
        let path = Path::new(spec);
        // As given, for messages and for the commands the program suggests.
        let given = path.display().to_string();
        if let Some(board) = spec.to_str().and_then(Board::named) {
            return Ok(BoardArg {
                name: given.clone(),
                board,
                warnings: Vec::new(),
                label: given,
            });
        }
        let from_stdin = spec == "-";
        let (name, input): (String, Box<dyn Read>) = if from_stdin {
            (standard_input(), Box::new(io::stdin().lock()))
        } else {
            let file = fs::File::open(path).map_err(|e| {
                if e.kind() == io::ErrorKind::NotFound && missing_folder(path).is_none() {
                    say!("input-no-board-file", name = given.as_str())
                } else {
                    cannot_read(&given, &e)
                }
            })?;
            (given.clone(), Box::new(file))
        };
        let text = read_all(&name, input)?;
        let parsed = parse_board(&text, (!from_stdin).then_some(path))?;
        Ok(BoardArg {
            name: given,
            board: parsed.board,
            warnings: parsed.warnings,
            label: name,
        })
    }

    /// How the board is named in messages: the file, or "standard input".
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Prints what reading the board noticed, one `warning:` line each, on standard error.
    pub fn warn(&self) {
        for w in &self.warnings {
            warn(&board_warning(catalogue(), w));
        }
    }
}

/// Prints `message` as a `warning:` line on standard error.
pub fn warn(message: &str) {
    eprintln!("{}", say!("cli-warning", message = message));
}

/// A board from text, naming `path` in the error.
///
/// # Errors
/// The board error, after the file's name when there is one.
pub fn parse_board(text: &str, path: Option<&Path>) -> Result<snakes::ParsedBoard, String> {
    let named = |message: String| match path {
        Some(p) if p != Path::new("-") => {
            say!(
                "input-in-file",
                file = p.display().to_string(),
                message = message
            )
        }
        _ => message,
    };
    if text.trim().is_empty() {
        return Err(named(say!("input-empty")));
    }
    let format = match path.and_then(|p| p.extension()).and_then(|e| e.to_str()) {
        Some("toml") => Format::LayoutToml,
        _ => Format::detect(text),
    };
    Board::parse_noting(text, format).map_err(|e| named(board_error(catalogue(), &e)))
}

/// What a command starts from: the preset its `--rules` options are layered on, and its board
/// when `--board` is not given.
pub trait Defaults: Clone + Send + Sync + 'static {
    /// The preset `--rules` starts from.
    const RULES: &'static str;
    /// The board without `--board` (`None`: the command reads a board another way).
    const BOARD: Option<&'static str> = Some("classic");
    /// Why `--board -` cannot read standard input in this command, if it cannot: the id of
    /// the message that says so (with the flag as `$flag`).
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
    const NO_STDIN: Option<&'static str> = Some("input-stdin-is-keys");
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

/// What `analyze` and `simulate` play: the board, the rules and the players.
#[derive(Debug, Clone, clap::Args)]
pub struct GameArgs {
    #[command(flatten)]
    pub board: BoardOpt<Standard>,
    #[command(flatten)]
    pub rules: RulesOpt<Standard>,
    /// Players taking turns (1 to 8), seat 1 rolling first: with 2 or more, also the rounds a
    /// game lasts and each seat's chance to win.
    #[arg(long, default_value_t = 1, value_name = "K", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub players: u8,
}

impl GameArgs {
    /// The board given, or the classic board.
    ///
    /// # Errors
    /// A user error when there is none (`--board` always has one; kept for safety).
    pub fn board(&self) -> anyhow::Result<&BoardArg> {
        self.board
            .get()
            .ok_or_else(|| user_error(say!("cli-no-board")))
    }
}

/// A whole number from `min` to `max` typed for an option, read with a sentence that says what
/// is wanted when it is not one ("-1", "many", a number too large).
///
/// # Errors
/// That sentence.
pub fn whole_number(text: &str, min: u64, max: u64) -> Result<u64, crate::UserError> {
    match text.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(crate::UserError(say!(
            "cli-not-a-whole-number",
            value = format!("{text:?}"),
            min = min,
            max = max.to_string()
        ))),
    }
}

/// `--games`: at least 2 (one game gives no spread: its ± would be a confident 0).
///
/// # Errors
/// A sentence saying so.
pub fn games_arg(text: &str) -> Result<u64, crate::UserError> {
    match text.trim().parse::<u64>() {
        Ok(0 | 1) => Err(crate::UserError(say!("cli-no-games"))),
        _ => whole_number(text, 2, u64::MAX),
    }
}

/// `--seed`: any whole number a 64-bit seed holds.
///
/// # Errors
/// A sentence saying what is wanted.
pub fn seed_arg(text: &str) -> Result<u64, crate::UserError> {
    whole_number(text, 0, u64::MAX)
}

/// `--budget`: a number of seconds, 0 or more (0: no limit).
///
/// # Errors
/// A sentence saying what is wanted.
pub fn budget_arg(text: &str) -> Result<f64, crate::UserError> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(crate::UserError(say!(
            "analyze-budget-not-seconds",
            value = format!("{text:?}")
        ))),
    }
}

/// A value among fixed words, which shell completion offers (and the help lists, unless the
/// argument hides them); another word is refused with the sentence `refuse` makes of it, or
/// taken as it is when there is no `refuse` (`--lang`, which takes any locale's name).
#[derive(Debug, Clone, Copy)]
pub struct Choice {
    values: fn() -> Vec<&'static str>,
    refuse: Option<fn(&str) -> String>,
}

impl Choice {
    /// Words among `values`, refused otherwise with `refuse(word)`.
    pub fn new(values: fn() -> Vec<&'static str>, refuse: fn(&str) -> String) -> Choice {
        Choice {
            values,
            refuse: Some(refuse),
        }
    }

    /// Any word, `values` offered.
    pub fn offering(values: fn() -> Vec<&'static str>) -> Choice {
        Choice {
            values,
            refuse: None,
        }
    }
}

impl TypedValueParser for Choice {
    type Value = String;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        match self.refuse {
            Some(refuse) if !(self.values)().contains(&text.as_ref()) => {
                Err(value_error(refuse(&text)))
            }
            _ => Ok(text.into_owned()),
        }
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            (self.values)()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
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
        value_parser = RulesParser { base: D::RULES },
        // The presets and every key=value are offered by shell completion, not listed here.
        hide_possible_values = true
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
    /// The message saying why standard input cannot be read, if it cannot.
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
        let message = match (value == "-", self.no_stdin) {
            (true, Some(why)) => Err(say!(why, flag = flag(arg))),
            _ => BoardArg::load(value),
        };
        message.map_err(value_error)
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

    /// The presets and every `key=value`, for shell completion.
    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let options = snakes::KEYS.iter().flat_map(|key| {
            Rules::values(key)
                .unwrap_or_default()
                .into_iter()
                .map(move |value| format!("{key}={value}"))
        });
        let words: Vec<String> = snakes::PRESETS
            .iter()
            .map(|p| (*p).to_string())
            .chain(options)
            .collect();
        Some(Box::new(
            words.into_iter().map(clap::builder::PossibleValue::new),
        ))
    }

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Rules, clap::Error> {
        let base = Rules::preset(self.base).unwrap_or(Rules::STANDARD);
        Rules::parse_over(&value.to_string_lossy(), base).map_err(|e| {
            value_error(say!(
                "input-bad-rules",
                message = rules_error(catalogue(), &e)
            ))
        })
    }
}

/// What is wrong with a value on the command line, for `main` to say ([`value_problem`]).
pub fn value_error(message: String) -> clap::Error {
    let mut e = clap::Error::raw(ErrorKind::ValueValidation, format!("{message}\n"));
    e.insert(ContextKind::Custom, ContextValue::String(message));
    e
}

/// What one of the command's own value parsers found wrong with a value, in the command's
/// words: the whole message of [`value_error`], or, for a parser that returns a
/// [`crate::UserError`], its message after clap's own "invalid value" frame, which is said in
/// the same words as clap's. `None` for clap's own errors (an unknown option, a number out of
/// its range), which clap says itself.
pub fn value_problem(e: &clap::Error) -> Option<String> {
    if e.kind() != ErrorKind::ValueValidation {
        return None;
    }
    if let Some(ContextValue::String(message)) = e.get(ContextKind::Custom) {
        return Some(message.clone());
    }
    let ours = std::error::Error::source(e)?.downcast_ref::<crate::UserError>()?;
    let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) = (
        e.get(ContextKind::InvalidArg),
        e.get(ContextKind::InvalidValue),
    ) else {
        return Some(ours.0.clone());
    };
    Some(say!(
        "cli-invalid-value",
        value = value,
        arg = arg,
        message = &ours.0
    ))
}

/// How an argument is written: `--board` or `<BOARD>`.
fn flag(arg: Option<&clap::Arg>) -> String {
    match arg {
        Some(a) => match a.get_long() {
            Some(long) => format!("--{long}"),
            None => format!("<{}>", a.get_id()),
        },
        None => say!("input-the-board"),
    }
}

/// `--others`: one of the names of [`Others`], which clap lists in the help and completions.
pub fn others_parser() -> impl TypedValueParser<Value = Others> {
    clap::builder::PossibleValuesParser::new(Others::ALL.map(Others::name))
        .map(|name| name.parse::<Others>().unwrap_or_default())
}
