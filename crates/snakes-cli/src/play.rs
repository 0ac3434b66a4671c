//! `snakes play`: a game in the terminal, one plain line per announcement, keys without Enter.
//!
//! Hot-seat play for one to four people plus bots. Every sentence comes from `snakes-text`,
//! the same as the web game's; every roll goes through `snakes::Game`. When standard input is
//! not a terminal the same keys are read one per line, so a game can be scripted, and `--seed`
//! makes its rolls reproducible.

mod keys;
mod save;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use snakes::{Board, Game, MAX_PLAYERS};
use snakes_text::{Listener, MessageArg, Narrator, Refusal};

use crate::input::{BoardOpt, Play, RulesOpt};
use crate::user_error;
use keys::{Key, Keys, LineKeys, RawKeys};
use save::{Kind, SavedGame, Seat};
use snakes_text::board_text::{self, Style as BoardStyle};

/// The most people at one keyboard.
const MAX_HUMANS: usize = 4;
/// The longest display name, in characters.
const MAX_NAME: usize = 20;
/// How long a bot waits before rolling when a person is watching a terminal, so that its
/// announcements arrive one at a time rather than in a burst.
const BOT_PAUSE: Duration = Duration::from_millis(600);

/// Arguments of `snakes play`.
#[derive(clap::Args)]
#[command(
    after_help = "Keys (without Enter on a terminal; one per line when piped):
  R or Space  roll
  C           positions
  T           whose turn
  S           scores
  Shift+S     detailed scores
  H or ?      help
  B           board
  Q           quit (asks to confirm)"
)]
pub struct Args {
    /// The people playing, in seat order, separated by commas (1 to 4 names). Without it, one
    /// person plays.
    #[arg(long, value_name = "NAMES", conflicts_with = "resume")]
    players: Option<String>,
    /// How many bots play too (they roll by themselves). Defaults to 1 when one person plays
    /// alone, else 0. At least two players in all, at most 8.
    #[arg(long, value_name = "N", conflicts_with = "resume")]
    bots: Option<usize>,
    #[command(flatten)]
    board: BoardOpt<Play>,
    #[command(flatten)]
    rules: RulesOpt<Play>,
    /// Seed of the dice: the same seed gives the same first player and the same rolls.
    /// Without it, a seed is drawn from the clock and printed.
    #[arg(long, value_name = "N", conflicts_with = "resume")]
    seed: Option<u64>,
    /// Short announcements for experienced players: one line per roll.
    #[arg(long)]
    brief: bool,
    /// Redraw the board as text after every move.
    #[arg(long)]
    board_view: bool,
    /// Save the game to FILE after every roll (JSON), to continue it with --resume.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Continue the game saved in FILE, exactly where it stopped (and keep saving there unless
    /// --save names another file). Its board and rules are those saved.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["board", "rules"])]
    resume: Option<PathBuf>,
}

/// The seats from `--players` and `--bots`: people first, in the order given, then bots.
fn seats(players: Option<&str>, bots: Option<usize>) -> anyhow::Result<Vec<Seat>> {
    let names: Vec<String> = match players {
        None => vec!["Player".to_string()],
        Some(list) => list.split(',').map(|n| n.trim().to_string()).collect(),
    };
    for (i, name) in names.iter().enumerate() {
        if name.is_empty() {
            return Err(user_error(format!(
                "--players: name {} is empty (give names separated by commas, like \"Ana,Bo\")",
                i + 1
            )));
        }
        if name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
            return Err(user_error(format!(
                "--players: {name:?} is not a name: 1 to {MAX_NAME} printable characters"
            )));
        }
    }
    if names.len() > MAX_HUMANS {
        return Err(user_error(format!(
            "--players: {} names; 1 to {MAX_HUMANS} people can share a keyboard (add --bots for more players)",
            names.len()
        )));
    }
    let bots = bots.unwrap_or(if names.len() == 1 { 1 } else { 0 });
    let total = names.len() + bots;
    if total < 2 {
        return Err(user_error(
            "a game needs at least two players: give another name with --players or add --bots 1",
        ));
    }
    if total > MAX_PLAYERS {
        return Err(user_error(format!(
            "{total} players; a game has at most {MAX_PLAYERS}"
        )));
    }
    let mut seats: Vec<Seat> = names
        .into_iter()
        .map(|name| Seat {
            name,
            kind: Kind::Human,
        })
        .collect();
    let narrator = Narrator::new(Vec::new());
    seats.extend((1..=bots).map(|i| Seat {
        name: narrator.message("bot-name", &[("number", i.into())]),
        kind: Kind::Bot,
    }));
    for (i, seat) in seats.iter().enumerate() {
        if seats[..i]
            .iter()
            .any(|s| s.name.to_lowercase() == seat.name.to_lowercase())
        {
            return Err(user_error(format!(
                "--players: {:?} is there twice; every player needs a name of their own",
                seat.name
            )));
        }
    }
    Ok(seats)
}

/// A seed from the clock and the process id, for games without `--seed`. Kept below a million
/// so that the opening line says a number a person can repeat (a screen reader reads a 20-digit
/// seed digit by digit); a million games are plenty to choose from at the table.
fn fresh_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut state = nanos ^ (u64::from(std::process::id()) << 32);
    snakes::splitmix64(&mut state) % 1_000_000
}

/// How a game ended, for the exit status.
enum Ending {
    /// Finished, quit, or input ended: exit 0.
    Normal,
    /// Ctrl+C: exit 130, as a shell reports an interrupt.
    Interrupted,
}

/// A game at the terminal: the game, the people and bots around it, and where lines go.
struct Session<W: Write> {
    game: Game,
    seats: Vec<Seat>,
    narrator: Narrator,
    listener: Listener,
    brief: bool,
    board_view: Option<BoardStyle>,
    seed: u64,
    save: Option<PathBuf>,
    tty: bool,
    out: W,
}

impl<W: Write> Session<W> {
    /// Prints one line (one announcement) and flushes it, so a screen reader speaks it now.
    fn say(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    fn say_all(&mut self, lines: &[String]) -> io::Result<()> {
        for line in lines {
            writeln!(self.out, "{line}")?;
        }
        self.out.flush()
    }

    fn message(&self, id: &str, args: &[(&str, MessageArg)]) -> String {
        self.narrator.message(id, args)
    }

    fn save(&self) -> anyhow::Result<()> {
        if let Some(path) = &self.save {
            SavedGame::of(&self.game, &self.seats, self.seed)?.write(path)?;
        }
        Ok(())
    }

    /// The grid with the tokens on it and their legend; `whole` adds the heading and the lists
    /// of ladders and snakes (the `B` key), without them it is the view redrawn after a move.
    fn show_board(&mut self, style: BoardStyle, whole: bool) -> io::Result<()> {
        let state = self.game.state();
        let board = state.board();
        let tokens = board_text::tokens(state.squares());
        let marks: Vec<char> = tokens.iter().map(|t| t.mark).collect();
        let mut text = String::new();
        if whole {
            text.push_str(&board_text::heading(board));
            text.push('\n');
        }
        text.push_str(&board_text::grid_with_tokens(board, &tokens, style));
        if whole {
            text.push_str(&board_text::jump_lists(board));
        }
        text.push_str(&self.narrator.token_legend(state, &marks, self.listener));
        self.say(&text)
    }

    /// The opening lines: who plays, the board, the rules in force, the seed, who goes first.
    fn introduce(&mut self, board_name: Option<&str>, resumed: bool) -> io::Result<()> {
        // The one person at the keyboard is "you"; bots are named "Bot 1", "Bot 2", ...
        let players: Vec<String> = (0..self.seats.len())
            .map(|p| match self.listener {
                Listener::Player(you) if you == p => self.message("you", &[]),
                _ => self.seats[p].name.clone(),
            })
            .collect();
        let players = self.narrator.list(players);
        let state = self.game.state();
        let board = state.board();
        let mut board_args: Vec<(&str, MessageArg)> = vec![
            ("last", board.last().into()),
            ("ladders", board.ladders().count().into()),
            ("snakes", board.snakes().count().into()),
        ];
        let board_line = match board_name {
            Some(name) => {
                board_args.push(("board", name.into()));
                self.message("play-board", &board_args)
            }
            None => self.message("play-board-unnamed", &board_args),
        };
        let mut lines = vec![
            self.message("play-welcome", &[("players", players.into())]),
            board_line,
            self.narrator.rules_line(state.rules(), board.last()),
            self.message("play-seed", &[("seed", self.seed.to_string().into())]),
        ];
        if resumed {
            lines.push(self.message("play-resumed", &[("rolls", self.game.rolls().len().into())]));
            lines.push(self.narrator.positions(state, self.listener));
            lines.push(self.narrator.turn(state, self.listener));
        } else {
            lines.push(self.narrator.first_player(state.first(), self.listener));
        }
        lines.push(self.message("play-press-help", &[]));
        self.say_all(&lines)?;
        if let Some(style) = self.board_view {
            self.show_board(style, true)?;
        }
        Ok(())
    }

    /// Rolls for the player whose turn it is and announces what happened.
    fn roll(&mut self) -> anyhow::Result<()> {
        let events = match self.game.roll() {
            Ok(events) => events,
            Err(_) => return Ok(self.refuse_game_over()?),
        };
        let mut lines = self.narrator.events(&events, self.listener, self.brief);
        self.save()?;
        if let Some(style) = self.board_view {
            // The board goes before "Bo's turn.", so that the turn stays the last line.
            let turn = match events.last() {
                Some(snakes::Event::TurnPassed { .. }) => lines.pop(),
                _ => None,
            };
            self.say_all(&lines)?;
            self.show_board(style, false)?;
            lines = turn.into_iter().collect();
        }
        self.say_all(&lines)?;
        if self.game.state().is_over() {
            let state = self.game.state();
            let mut lines = vec![self.narrator.scores(state, self.listener)];
            lines.extend(self.narrator.detailed_scores(state, self.listener));
            lines.push(self.message("play-game-over-keys", &[]));
            self.say_all(&lines)?;
        }
        Ok(())
    }

    fn refuse_game_over(&mut self) -> io::Result<()> {
        let winner = self.game.state().winner().unwrap_or_default();
        let line = self.narrator.refusal(
            &Refusal::GameOver {
                winner: Some(winner),
            },
            self.listener,
        );
        self.say(&line)
    }

    /// Where the game can be picked up again, when it is being saved.
    fn resume_hint(&mut self) -> io::Result<()> {
        if let Some(path) = &self.save {
            let line = self.message("play-saved", &[("path", path.display().to_string().into())]);
            self.say(&line)?;
        }
        Ok(())
    }

    /// Plays until the game is over and left, the player quits, or input ends.
    fn play(&mut self, keys: &mut dyn Keys) -> anyhow::Result<Ending> {
        loop {
            let state = self.game.state();
            if !state.is_over() && self.seats[state.turn()].kind == Kind::Bot {
                if self.tty {
                    std::thread::sleep(BOT_PAUSE);
                }
                self.roll()?;
                continue;
            }
            let over = state.is_over();
            match keys.next_key()? {
                Key::End => {
                    if !over {
                        let line = self.message("play-not-over", &[]);
                        self.say(&line)?;
                        self.resume_hint()?;
                    }
                    return Ok(Ending::Normal);
                }
                Key::Interrupt => {
                    let line = self.message("play-quit", &[]);
                    self.say(&line)?;
                    if !over {
                        self.resume_hint()?;
                    }
                    return Ok(Ending::Interrupted);
                }
                Key::Char('r' | 'R' | ' ') => self.roll()?,
                Key::Char('c' | 'C') => {
                    let line = self.narrator.positions(self.game.state(), self.listener);
                    self.say(&line)?;
                }
                Key::Char('t' | 'T') => {
                    let line = self.narrator.turn(self.game.state(), self.listener);
                    self.say(&line)?;
                }
                Key::Char('s') => {
                    let line = self.narrator.scores(self.game.state(), self.listener);
                    self.say(&line)?;
                }
                Key::Char('S') => {
                    let lines = self
                        .narrator
                        .detailed_scores(self.game.state(), self.listener);
                    self.say_all(&lines)?;
                }
                Key::Char('h' | 'H' | '?') => {
                    let lines = self.narrator.terminal_help();
                    self.say_all(&lines)?;
                }
                Key::Char('b' | 'B') => {
                    let style = self.board_view.unwrap_or(BoardStyle::PLAIN);
                    self.show_board(style, true)?;
                }
                Key::Char('q' | 'Q') => {
                    if over {
                        return Ok(Ending::Normal);
                    }
                    let line = self.message("play-quit-confirm", &[]);
                    self.say(&line)?;
                    match keys.next_key()? {
                        Key::Char('y' | 'Y') | Key::End => {
                            let line = self.message("play-quit", &[]);
                            self.say(&line)?;
                            self.resume_hint()?;
                            return Ok(Ending::Normal);
                        }
                        Key::Interrupt => {
                            let line = self.message("play-quit", &[]);
                            self.say(&line)?;
                            self.resume_hint()?;
                            return Ok(Ending::Interrupted);
                        }
                        _ => {
                            let line = self.message("play-go-on", &[]);
                            self.say(&line)?;
                        }
                    }
                }
                Key::Char(c) => self.unknown_key(&c.to_string())?,
                Key::Other(what) => self.unknown_key(&what)?,
            }
        }
    }

    fn unknown_key(&mut self, key: &str) -> io::Result<()> {
        let keys = self.message("play-keys-short", &[]);
        let line = self.message(
            "play-unknown-key",
            &[("key", key.into()), ("keys", keys.into())],
        );
        self.say(&line)
    }
}

/// The board style for `--board-view`: Unicode arrows on a terminal, and colour there too
/// unless `NO_COLOR` is set; plain ASCII when the output is a file or a pipe, so that it holds no
/// escape codes.
fn view_style(tty: bool) -> BoardStyle {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    BoardStyle {
        unicode: tty,
        color: tty && !no_color,
    }
}

/// Refuses a board on which a game may never end, with the reason `snakes board check` gives
/// (the web game refuses them too): such a game would go on for ever.
fn refuse_endless(board: &Board, rules: &snakes::Rules, name: &str) -> anyhow::Result<()> {
    let warnings = snakes::check(board, rules).map_err(|e| user_error(format!("{name}: {e}")))?;
    match warnings.iter().find(|w| w.may_never_end()) {
        Some(w) => Err(user_error(format!(
            "{name}: {w}; choose another board or other rules"
        ))),
        None => Ok(()),
    }
}

/// Runs `snakes play`.
///
/// # Errors
/// Bad options, boards, rules or save files (user errors), or a failed read or write.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (game, seats, seed, board_name, save, resumed) = match &args.resume {
        Some(path) => {
            let saved = SavedGame::read(path)?;
            let game = saved.restore(path)?;
            let state = game.state();
            refuse_endless(state.board(), state.rules(), &path.display().to_string())?;
            let save = args.save.clone().or_else(|| Some(path.clone()));
            (game, saved.players, saved.seed, None, save, true)
        }
        None => {
            let seats = seats(args.players.as_deref(), args.bots)?;
            // `--board -` is refused while the arguments are read: standard input holds the
            // keys, and a board read from it would leave none.
            let Some(given) = args.board.get() else {
                return Err(user_error("give a board with --board"));
            };
            let board: Board = given.board.clone();
            let rules = args.rules.get();
            refuse_endless(&board, &rules, given.label())?;
            let seed = args.seed.unwrap_or_else(fresh_seed);
            let game = Game::new(Arc::new(board), rules, seats.len(), seed)
                .map_err(|e| user_error(e.to_string()))?;
            (
                game,
                seats,
                seed,
                Some(given.name.clone()),
                args.save.clone(),
                false,
            )
        }
    };
    let humans: Vec<usize> = (0..seats.len())
        .filter(|&p| seats[p].kind == Kind::Human)
        .collect();
    // One person alone hears "you"; people sharing a keyboard hear every name.
    let listener = match humans.as_slice() {
        [only] => Listener::Player(*only),
        _ => Listener::Spectator,
    };
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let narrator = Narrator::for_state(names, game.state());
    let stdin_tty = io::stdin().is_terminal();
    let stdout_tty = io::stdout().is_terminal();
    let mut session = Session {
        game,
        seats,
        narrator,
        listener,
        brief: args.brief,
        board_view: args.board_view.then(|| view_style(stdout_tty)),
        seed,
        save,
        tty: stdin_tty,
        out: io::stdout().lock(),
    };
    session.save()?;
    session.introduce(board_name.as_deref(), resumed)?;
    let ending = if stdin_tty {
        let mut keys = RawKeys::new()
            .map_err(|e| anyhow::anyhow!("cannot read keys from the terminal: {e}"))?;
        session.play(&mut keys)?
    } else {
        let mut keys = LineKeys::new(io::stdin().lock());
        session.play(&mut keys)?
    };
    Ok(match ending {
        Ending::Normal => ExitCode::SUCCESS,
        Ending::Interrupted => ExitCode::from(130),
    })
}
