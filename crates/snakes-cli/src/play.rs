//! `snakes play`: a game in the terminal, one plain line per announcement, keys without Enter.
//!
//! Hot-seat play for one to four people plus bots. Every sentence comes from `snakes-text`,
//! the same as the web game's; every roll goes through `snakes::Game`. When standard input is
//! not a terminal the same keys are read one per line, so a game can be scripted, and `--seed`
//! makes its rolls reproducible.

mod actions;
mod save;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use snakes::{Board, Event, Game, MAX_PLAYERS, Player};
use snakes_text::errors::{board_error, board_warning};
use snakes_text::keys::{Does, Query};
use snakes_text::{Detail, Listener, MessageArg, Narrator, Others, Refusal, TableNews, names};

use crate::input::{BoardOpt, Play, RulesOpt, others_parser};
use crate::terminal::keys::{Key, Keys, LineKeys, MAX_DIGITS, RawKeys};
use crate::terminal::screen::{Screen, Typed, Typing};
use crate::user_error;
use crate::words::{catalogue, say, shared};
use save::{Kind, SavedGame, Seat};
use snakes_text::board_text::{self, Style as BoardStyle};

/// The most people at one keyboard.
const MAX_HUMANS: usize = 4;
/// How long a bot waits before rolling when a person is watching a terminal, so that its
/// announcements arrive one at a time rather than in a burst.
const BOT_PAUSE: Duration = Duration::from_millis(600);

/// Arguments of `snakes play`.
#[derive(clap::Args)]
#[command(
    after_help = actions::after_help()
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
    /// Without it, a seed is drawn from the clock; the I key says it during the game.
    #[arg(long, value_name = "N", conflicts_with = "resume")]
    seed: Option<u64>,
    /// Short announcements for experienced players: one line per roll.
    #[arg(long)]
    brief: bool,
    /// How much is said of the bots' rolls: `full`, each as it happens; `brief`, when one
    /// person plays, all of them in one line when the turn comes back ("Bot 1 went to 25, Bot 2
    /// slid to 11. Your turn."; with people sharing the keyboard, each as it happens); `jumps`,
    /// only those that climb a ladder, slide down a snake, send a token back or win. The
    /// history keys still read every roll.
    #[arg(long, value_name = "HOW", default_value = "full", value_parser = others_parser())]
    others: Others,
    /// Redraw the board as text after every move (the drawing of the B key).
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
///
/// Names follow the rules of the web game ([`snakes_text::names`]): normalised (NFC, spaces
/// made one), nothing people cannot see or tell apart, no bot's name, and no two alike, letter
/// case and look-alike letters aside. "You" is refused too: the sentences say it to the player
/// at the keyboard.
fn seats(players: Option<&str>, bots: Option<usize>) -> anyhow::Result<Vec<Seat>> {
    let catalogue = catalogue();
    let given: Vec<&str> = match players {
        None => Vec::new(),
        Some(list) => list.split(',').collect(),
    };
    if given.len() > MAX_HUMANS {
        return Err(user_error(say!(
            "play-too-many-names",
            names = given.len(),
            max = MAX_HUMANS
        )));
    }
    let mut names = Vec::new();
    for (i, name) in given.iter().enumerate() {
        let refused = |detail: Detail| {
            user_error(say!(
                "play-bad-name",
                name = format!("{name:?}"),
                detail = detail.say(catalogue)
            ))
        };
        let name = match names::check_name(name) {
            Ok(name) => name,
            Err(Detail::NameEmpty) => {
                return Err(user_error(say!("play-empty-name", number = i + 1)));
            }
            Err(detail) => return Err(refused(detail)),
        };
        names::check_heard(catalogue, &name).map_err(refused)?;
        names.push(name);
    }
    if names.is_empty() {
        names.push(catalogue.format("play-default-name", &[]));
    }
    let bots = bots.unwrap_or(if names.len() == 1 { 1 } else { 0 });
    let total = names.len() + bots;
    if total < 2 {
        return Err(user_error(say!("play-too-few-players")));
    }
    if total > MAX_PLAYERS {
        return Err(user_error(say!(
            "play-too-many-players",
            players = total,
            max = MAX_PLAYERS
        )));
    }
    for (i, name) in names.iter().enumerate() {
        if let Some(first) = names[..i].iter().find(|n| names::same_name(n, name)) {
            return Err(user_error(say!(
                "play-same-name",
                name = format!("{name:?}"),
                first = format!("{first:?}")
            )));
        }
    }
    let mut seats: Vec<Seat> = names
        .into_iter()
        .map(|name| Seat {
            name,
            kind: Kind::Human,
        })
        .collect();
    seats.extend((1..=bots).map(|i| Seat {
        name: snakes_text::bot_name(catalogue, i),
        kind: Kind::Bot,
    }));
    Ok(seats)
}

/// A seed from the clock and the process id, for games without `--seed`. Kept below a million
/// so that the I key says a number a person can repeat (a screen reader reads a 20-digit seed
/// digit by digit); a million games are plenty to choose from at the table.
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
    /// How much is said of the bots' rolls.
    others: Others,
    /// The game's events so far in this run (what a line at the start of a turn tells from).
    log: Vec<Event>,
    /// How boards are drawn, by B and by `--board-view` alike.
    style: BoardStyle,
    /// Whether the board is drawn after every move.
    board_view: bool,
    board_name: Option<String>,
    seed: u64,
    save: Option<PathBuf>,
    /// Where lines go, and the history.
    screen: Screen<W>,
}

impl<W: Write> Session<W> {
    /// Whether the bots' rolls are said one by one as they happen (rather than in one line
    /// when the person's turn comes).
    fn each_bot_roll_said(&self) -> bool {
        self.others == Others::Full || self.listener == Listener::Spectator
    }

    fn message(&self, id: &str, args: &[(&str, MessageArg)]) -> String {
        self.narrator.message(id, args)
    }

    fn save(&self) -> anyhow::Result<()> {
        if let Some(path) = &self.save {
            SavedGame::of(
                &self.game,
                &self.seats,
                self.seed,
                self.board_name.as_deref(),
            )?
            .write(path)?;
        }
        Ok(())
    }

    fn is_bot(&self, player: Player) -> bool {
        self.seats.get(player).is_some_and(|s| s.kind == Kind::Bot)
    }

    /// The grid with the tokens on it and their legend; `whole` adds the heading and the lists
    /// of ladders and snakes (the `B` key), without them it is the view redrawn after a move.
    fn show_board(&mut self, whole: bool) -> io::Result<()> {
        let state = self.game.state();
        let board = state.board();
        let tokens = board_text::tokens(state.squares());
        let marks: Vec<char> = tokens.iter().map(|t| t.mark).collect();
        let mut text = String::new();
        let catalogue = self.narrator.catalogue();
        if whole {
            text.push_str(&board_text::heading_in(catalogue, board));
            text.push('\n');
        }
        text.push_str(&board_text::grid_with_tokens(board, &tokens, self.style));
        if whole {
            text.push_str(&board_text::jump_lists_in(catalogue, board));
        }
        text.push_str(&self.narrator.token_legend(state, &marks, self.listener));
        self.screen.say(&text)
    }

    /// Who plays and on what board, in one line.
    fn game_line(&self) -> String {
        // The one person at the keyboard is "you"; bots are named "Bot 1", "Bot 2", ...
        let players: Vec<String> = (0..self.seats.len())
            .map(|p| match self.listener {
                Listener::Player(you) if you == p => self.message("you", &[]),
                _ => self.seats[p].name.clone(),
            })
            .collect();
        let players = self.narrator.list(players);
        let board = self.game.state().board();
        let mut args: Vec<(&str, MessageArg)> = vec![
            ("players", players.into()),
            ("last", board.last().into()),
            ("ladders", board.ladders().count().into()),
            ("snakes", board.snakes().count().into()),
        ];
        match &self.board_name {
            Some(name) => {
                // The built-in board is named in the language's words; a file as it was typed.
                let name = match name.as_str() {
                    "classic" => self.message("play-board-classic", &[]),
                    _ => name.clone(),
                };
                args.push(("board", name.into()));
                self.message("play-game", &args)
            }
            None => self.message("play-game-unnamed", &args),
        }
    }

    fn rules_line(&self) -> String {
        let state = self.game.state();
        self.narrator
            .rules_line(state.rules(), state.board().last())
    }

    /// "Your turn." (or "Ana's turn." when people share the keyboard) when a person must act
    /// now; nothing when a bot is about to roll, which its roll says.
    fn turn_line(&self) -> Option<String> {
        let state = self.game.state();
        if state.is_over() || self.is_bot(state.turn()) {
            return None;
        }
        let turn = [Event::TurnPassed {
            player: state.turn(),
        }];
        self.narrator
            .events(&turn, self.listener, self.brief)
            .into_iter()
            .next()
    }

    /// The opening, two lines: who plays on what board, and the rules in force; then, resumed,
    /// where everyone is; then whose turn it is when a person must act. The seed is the I key's.
    fn introduce(&mut self, resumed: bool) -> io::Result<()> {
        let game = self.game_line();
        let mut lines = vec![
            self.message("play-opening", &[("game", game.into())]),
            self.rules_line(),
        ];
        if resumed {
            lines.push(self.message("play-resumed", &[("rolls", self.game.rolls().len().into())]));
            lines.push(self.narrator.positions(self.game.state(), self.listener));
        }
        self.screen.tell(lines)?;
        if self.board_view {
            self.show_board(true)?;
        }
        if let Some(turn) = self.turn_line() {
            self.screen.tell(vec![turn])?;
        }
        Ok(())
    }

    /// Rolls for the player whose turn it is and announces what happened: whose turn it is
    /// next only when a person must act, and the end of the game once, with its length. The
    /// bots' rolls are said as `--others` asks; the history keeps every line of every roll.
    fn roll(&mut self) -> anyhow::Result<()> {
        let events = match self.game.roll() {
            Ok(events) => events,
            Err(_) => return Ok(self.refuse_game_over()?),
        };
        self.save()?;
        // A bot's turn is told by its roll, which follows at once.
        let told: Vec<Event> = events
            .iter()
            .filter(|e| !matches!(e, Event::TurnPassed { player } if self.is_bot(*player)))
            .copied()
            .collect();
        let mut every = self.narrator.events(&told, self.listener, self.brief);
        let mover = events.first().map_or(0, Event::player);
        let mut lines = match self.listener {
            Listener::Player(_) => self.narrator.heard_as(
                self.log.iter().copied(),
                &told,
                self.listener,
                self.brief,
                self.others,
            ),
            Listener::Spectator if self.is_bot(mover) => {
                self.narrator
                    .heard_as([], &told, self.listener, self.brief, self.others)
            }
            Listener::Spectator => every.clone(),
        };
        self.log.extend(&events);
        let state = self.game.state();
        let mut after = Vec::new();
        if let Some(winner) = state.winner() {
            let mine = state.stats()[winner];
            let finished = TableNews::Finished {
                winner,
                turns: mine.turns,
                rolls: mine.rolls,
            };
            let news = self.narrator.table_news(&finished, self.listener);
            every.extend(news.iter().cloned());
            lines.extend(news);
            after.push(self.message("play-game-over-keys", &[]));
        }
        if self.board_view && !lines.is_empty() {
            // The board goes before the line that says whose turn it is (alone, or at the end
            // of the bots' moves), so that the turn stays the last line.
            let turn = match told.last() {
                Some(Event::TurnPassed { .. }) => lines.pop(),
                _ => None,
            };
            self.screen.say_all(&lines)?;
            self.show_board(false)?;
            lines = turn.into_iter().collect();
        }
        lines.extend(after);
        self.screen.tell_apart(lines, every)?;
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
        self.screen.tell(vec![line])
    }

    /// After G: the square's number, read key by key until Enter, and what is on that square.
    /// Enter alone asks about the listener's square; any other key but a digit or Backspace
    /// asks nothing. A terminal shows the digits as they are typed.
    fn ask_square(&mut self, keys: &mut dyn Keys) -> anyhow::Result<Option<Ending>> {
        let prompt = self.message("look-square-prompt", &[]);
        self.screen.say(&prompt)?;
        // Digits past the most a number holds are not taken, so the number said back is the
        // one on the screen.
        let mut typing = Typing::new(MAX_DIGITS, true);
        let digits = loop {
            let key = keys.next_key()?;
            if key == Key::Interrupt {
                return Ok(Some(self.stop(Ending::Interrupted)?));
            }
            let typed = typing.key(&key);
            self.screen.show(&typed)?;
            match typed {
                Typed::Done(digits) => break digits,
                Typed::Cancelled => {
                    self.screen.end_typed_line(&typing.text)?;
                    let line = self.message("look-square-cancelled", &[]);
                    self.screen.tell(vec![line])?;
                    return Ok(None);
                }
                Typed::Added(_) | Typed::Erased | Typed::Nothing => {}
            }
        };
        let asked = (!digits.is_empty()).then(|| digits.parse::<u64>().unwrap_or(u64::MAX));
        let state = self.game.state();
        let line = self
            .narrator
            .square_line(state.board(), Some(state), asked, self.listener);
        self.screen.tell(vec![line])?;
        Ok(None)
    }

    /// Where the game can be picked up again, when it is being saved.
    fn resume_hint(&mut self) -> io::Result<()> {
        if let Some(path) = &self.save {
            let line = self.message("play-saved", &[("path", path.display().to_string().into())]);
            self.screen.say(&line)?;
        }
        Ok(())
    }

    /// Says the game stopped, where it is saved, and how it ends.
    fn stop(&mut self, ending: Ending) -> io::Result<Ending> {
        let line = self.message("play-quit", &[]);
        self.screen.say(&line)?;
        if !self.game.state().is_over() {
            self.resume_hint()?;
        }
        Ok(ending)
    }

    /// Does what `action` asks; `Some` when the game stops.
    fn act(&mut self, does: Does, keys: &mut dyn Keys) -> anyhow::Result<Option<Ending>> {
        if let Does::Read(reading) = does {
            self.screen.read_back(reading)?;
            return Ok(None);
        }
        // Anything else brings the history's place back to its end.
        self.screen.back_to_end();
        let state = self.game.state();
        let lines = match does {
            Does::Roll => {
                self.roll()?;
                return Ok(None);
            }
            Does::Ask(Query::Positions) => vec![self.narrator.positions(state, self.listener)],
            Does::Ask(Query::Turn) => vec![self.narrator.turn(state, self.listener)],
            Does::Ask(Query::Scores) => vec![self.narrator.scores(state, self.listener)],
            Does::Ask(Query::DetailedScores) => self.narrator.detailed_scores(state, self.listener),
            Does::Ask(Query::LookAhead) => vec![self.narrator.look_ahead(state, self.listener)],
            Does::Ask(Query::Square) => return self.ask_square(keys),
            Does::Ask(Query::Rules) => vec![self.rules_line()],
            // The page's: everyone at one keyboard is here.
            Does::Ask(Query::Who) => vec![self.message("play-unknown-key", &[])],
            Does::Read(_) => Vec::new(),
            Does::Repeat => {
                self.screen.repeat()?;
                return Ok(None);
            }
            // The page's alone: nobody leaves a seat at one keyboard, nor talks to the others
            // through it; its history is one list.
            Does::ComeBack
            | Does::Talk
            | Does::Buffer(_)
            | Does::BufferLast
            | Does::Start
            | Does::AddBot
            | Does::RemoveBot
            | Does::Leave
            | Does::Sounds
            | Does::Volume(_)
            | Does::People
            | Does::NewTable
            | Does::Table(_)
            | Does::Join
            | Does::Watch
            | Does::Moderation
            | Does::RemoveMessage
            | Does::Account => vec![self.message("play-unknown-key", &[])],
            Does::Board => {
                self.show_board(true)?;
                return Ok(None);
            }
            Does::Game => vec![
                self.game_line(),
                self.rules_line(),
                self.message("play-seed", &[("seed", self.seed.to_string().into())]),
            ],
            Does::Ask(Query::Help) => {
                let lines: Vec<String> = actions::help(state.is_over())
                    .into_iter()
                    .map(|id| self.message(id, &[]))
                    .collect();
                self.screen.say_all(&lines)?;
                return Ok(None);
            }
            Does::Quit => {
                if state.is_over() {
                    return Ok(Some(Ending::Normal));
                }
                let line = self.message("play-quit-confirm", &[]);
                self.screen.say(&line)?;
                return Ok(match keys.next_key()? {
                    Key::Char('y' | 'Y') | Key::End => Some(self.stop(Ending::Normal)?),
                    Key::Interrupt => Some(self.stop(Ending::Interrupted)?),
                    _ => {
                        let line = self.message("play-go-on", &[]);
                        self.screen.tell(vec![line])?;
                        None
                    }
                });
            }
        };
        self.screen.tell(lines)?;
        Ok(None)
    }

    /// Plays until the game is over and left, the player quits, or input ends.
    fn play(&mut self, keys: &mut dyn Keys) -> anyhow::Result<Ending> {
        loop {
            let state = self.game.state();
            let ending = if !state.is_over() && self.is_bot(state.turn()) {
                self.bot_turn(keys)?
            } else {
                let key = keys.next_key()?;
                self.on_key(key, keys, false)?
            };
            if let Some(ending) = ending {
                return Ok(ending);
            }
        }
    }

    /// A bot's turn: on a terminal, the pause before its roll (so that its announcements
    /// arrive one at a time, when each is said), during which a key pressed is answered at
    /// once, as the page answers it: a question about the game gets its answer, and a roll is
    /// refused with whose turn it is, so that no key pressed now rolls for the person when
    /// their turn comes. Then the bot rolls.
    fn bot_turn(&mut self, keys: &mut dyn Keys) -> anyhow::Result<Option<Ending>> {
        let pause = if self.screen.tty && self.each_bot_roll_said() {
            BOT_PAUSE
        } else {
            Duration::ZERO
        };
        let until = Instant::now() + pause;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let Some(key) = keys.key_within(left)? else {
                break;
            };
            if let Some(ending) = self.on_key(key, keys, true)? {
                return Ok(Some(ending));
            }
        }
        self.roll()?;
        Ok(None)
    }

    /// Answers `key`; `Some` when the game stops. During a bot's turn (`bots_turn`) a roll is
    /// refused, with the sentence the page says.
    fn on_key(
        &mut self,
        key: Key,
        keys: &mut dyn Keys,
        bots_turn: bool,
    ) -> anyhow::Result<Option<Ending>> {
        let action = match key {
            Key::End => {
                if !self.game.state().is_over() {
                    let line = self.message("play-not-over", &[]);
                    self.screen.say(&line)?;
                    self.resume_hint()?;
                }
                return Ok(Some(Ending::Normal));
            }
            Key::Interrupt => return Ok(Some(self.stop(Ending::Interrupted)?)),
            Key::Char(c) => actions::action(c),
            Key::Enter | Key::Erase | Key::Number(_) | Key::Text(_) | Key::Escape | Key::Other => {
                None
            }
        };
        match action {
            Some(Does::Roll) if bots_turn => {
                let turn = self.game.state().turn();
                let line = self
                    .narrator
                    .refusal(&Refusal::NotYourTurn { turn }, self.listener);
                self.screen.tell(vec![line])?;
                Ok(None)
            }
            Some(action) => self.act(action, keys),
            None => {
                let line = self.message("play-unknown-key", &[]);
                self.screen.tell(vec![line])?;
                Ok(None)
            }
        }
    }
}

/// The board style of the B key and `--board-view`: Unicode arrows on a terminal, and colour
/// there too unless `NO_COLOR` is set; plain ASCII when the output is a file or a pipe, so that
/// it holds no escape codes.
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
    let warnings = snakes::check(board, rules).map_err(|e| {
        user_error(say!(
            "input-in-file",
            file = name,
            message = board_error(catalogue(), &e)
        ))
    })?;
    match warnings.iter().find(|w| w.may_never_end()) {
        Some(w) => Err(user_error(say!(
            "play-endless",
            file = name,
            warning = board_warning(catalogue(), w)
        ))),
        None => Ok(()),
    }
}

/// Why a game cannot be set up, in words: the engine's limits are checked before, so this is
/// the board (a cycle of chained jumps) or, in a changed save file, the number of players.
pub(crate) fn setup_error(e: &snakes::SetupError) -> String {
    match e {
        snakes::SetupError::Board(e) => board_error(catalogue(), e),
        snakes::SetupError::Players { count } | snakes::SetupError::FirstPlayer { count, .. } => {
            say!(
                "analysis-error-players",
                players = *count,
                max = MAX_PLAYERS
            )
        }
        // A kind added to the engine later, until it has words of its own.
        _ => e.to_string(),
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
            let name = saved.board_name.clone();
            (game, saved.players, saved.seed, name, save, true)
        }
        None => {
            let seats = seats(args.players.as_deref(), args.bots)?;
            // `--board -` is refused while the arguments are read: standard input holds the
            // keys, and a board read from it would leave none.
            let Some(given) = args.board.get() else {
                return Err(user_error(say!("cli-no-board")));
            };
            let board: Board = given.board.clone();
            let rules = args.rules.get();
            refuse_endless(&board, &rules, given.label())?;
            let seed = args.seed.unwrap_or_else(fresh_seed);
            let game = Game::new(Arc::new(board), rules, seats.len(), seed)
                .map_err(|e| user_error(setup_error(&e)))?;
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
    let narrator =
        Narrator::with_catalogue(names, shared().clone()).with_rules(game.state().rules());
    let stdin_tty = io::stdin().is_terminal();
    let screen = Screen::new(io::stdout().lock(), narrator.clone(), stdin_tty);
    let mut session = Session {
        game,
        seats,
        narrator,
        listener,
        brief: args.brief,
        others: args.others,
        log: Vec::new(),
        style: view_style(io::stdout().is_terminal()),
        board_view: args.board_view,
        board_name,
        seed,
        save,
        screen,
    };
    session.save()?;
    let ending = if stdin_tty {
        // Keys first, then the opening: a key pressed once "Your turn." shows is always read
        // as a key. With the opening first, Ctrl+C pressed at once could come while the
        // terminal still made it a signal, which ended the game and the shell that ran it.
        let mut keys = RawKeys::new()
            .map_err(|e| anyhow::anyhow!(say!("play-no-keys", detail = e.to_string())))?;
        session.introduce(resumed)?;
        session.play(&mut keys)?
    } else {
        session.introduce(resumed)?;
        let mut keys = LineKeys::new(io::stdin().lock());
        session.play(&mut keys)?
    };
    Ok(match ending {
        Ending::Normal => ExitCode::SUCCESS,
        Ending::Interrupted => ExitCode::from(130),
    })
}
