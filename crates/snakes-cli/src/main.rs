//! The `snakes` command. One file per subcommand, each thin over the library crates.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

mod admin;
mod analyze;
mod backup;
mod board;
mod columns;
mod docs;
// Shared by the board, solve, analyze and play commands.
mod input;
mod join;
mod play;
mod plot_file;
mod progress;
mod restore;
mod rules;
mod serve;
mod simulate;
mod solve;
mod suggest;
mod tables;
mod terminal;
mod verify;
mod words;

use words::say;

/// Snakes and Ladders: solve boards, play games, measure how long they last.
#[derive(Parser)]
#[command(
    name = "snakes",
    version,
    max_term_width = 100,
    // Clap's own `help` takes no options (`snakes help --help` was a usage error): ours does.
    disable_help_subcommand = true,
    after_help = "Examples:
  snakes serve                     the game in the browser
  snakes play                      a game in the terminal
  snakes join http://host:8080     a server's tables, from the terminal
  echo '[[-1,4,-1],[6,2,6],[-1,3,-1]]' | snakes solve
  snakes analyze --compare ending  how long a game lasts, under each ending
  snakes help analyze              every option of a command"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    // Read by `words::choose` before the arguments are parsed, so that errors in them are
    // said in the language asked for too; declared here for the help and for clap.
    #[arg(
        long,
        global = true,
        value_name = "LOCALE",
        help = lang_help(),
        value_parser = input::Choice::offering(|| snakes_text::LOCALES.iter().map(|l| l.tag).collect()),
        hide_possible_values = true
    )]
    lang: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Host games in the browser: tables for 2-4 players and bots, saved in a SQLite file.
    Serve(serve::Args),
    /// Play a game in the terminal: one plain line per announcement, keys without Enter.
    Play(play::Args),
    /// Play at a server's tables from the terminal, with people: the lobby, a seat, talk, the
    /// game as `snakes play` says it.
    Join(join::Args),
    /// The fewest rolls to finish a board when you choose every roll (LeetCode 909), with the
    /// path if asked.
    Solve(solve::Args),
    /// How long a game lasts, exactly: expected turns, distribution, seat odds, rule comparisons.
    Analyze(analyze::Args),
    /// Simulate many games (seeded, reproducible, on every core) with confidence intervals.
    Simulate(simulate::Args),
    /// Draw, check, convert or generate boards.
    Board(board::Args),
    /// Explain the rule options, or check and print a set of rules in canonical form.
    Rules(rules::Args),
    /// Copy a server's database, consistent, while the server runs: an ordinary SQLite file.
    Backup(backup::Args),
    /// Put a copy of a server's database back in its place, the server stopped.
    Restore(restore::Args),
    /// Look at a server's stored tables; mend or close a table whose log cannot be rebuilt.
    Tables(tables::Args),
    /// Grant and revoke a server's moderators (a name and a key shown once); read the
    /// moderation log.
    Admin(admin::Args),
    /// Check a finished game from its record: the revealed key matches the commitment announced
    /// at the start, and replaying the record with it gives every event, the seats, the winner,
    /// the turns and the final squares it says.
    Verify(verify::Args),
    /// Print the help of a command (`snakes help board check`), or of `snakes` itself.
    Help(docs::HelpArgs),
    /// Print a shell completion script: `snakes completions bash > /etc/bash_completion.d/snakes`.
    Completions(docs::CompletionsArgs),
    /// Print the manual page of `snakes` or of one command (roff): `snakes man | man -l -`.
    Man(docs::ManArgs),
}

/// The help of `--lang`, with the languages there are.
fn lang_help() -> String {
    let tags: Vec<&str> = snakes_text::LOCALES.iter().map(|l| l.tag).collect();
    format!(
        "The language of sentences and errors: {} (or a locale such as ko_KR.UTF-8). Default: \
         LC_ALL, LC_MESSAGES or LANG, English when they name no language of these. JSON, grids \
         and rules stay as they are, and this help stays English",
        tags.join(", ")
    )
}

/// The whole command line, as it is parsed and for `snakes help`, completions and manual pages.
pub fn cli_command() -> clap::Command {
    negative_numbers(Cli::command())
}

/// `cmd` and every command below it taking a negative number as a value, so that `--players
/// -1` is said to be no number of players rather than an unknown argument `-1`.
fn negative_numbers(cmd: clap::Command) -> clap::Command {
    cmd.allow_negative_numbers(true)
        .mut_subcommands(negative_numbers)
}

/// An error that is the user's: bad input or usage. Printed as `error: ...`, exit status 2.
#[derive(Debug)]
pub struct UserError(pub String);

impl std::fmt::Display for UserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UserError {}

/// Shorthand for a [`UserError`] as an `anyhow::Error`.
pub fn user_error(message: impl Into<String>) -> anyhow::Error {
    UserError(message.into()).into()
}

fn main() -> ExitCode {
    if let Err(message) = words::choose(std::env::args_os().skip(1)) {
        let _ = writeln!(io::stderr(), "{}", say!("cli-error", message = message));
        return ExitCode::from(2);
    }
    // Asked for JSON, an error is JSON too (on standard output, beside its words on standard
    // error): a program reading the output always gets an object.
    let json = std::env::args_os().skip(1).any(|a| a == "--json");
    let parsed = cli_command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e, json),
    };
    let result = match cli.command {
        Command::Rules(args) => rules::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Board(args) => board::run(args),
        Command::Play(args) => play::run(args),
        Command::Join(args) => join::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Backup(args) => backup::run(args),
        Command::Restore(args) => restore::run(args),
        Command::Tables(args) => tables::run(args),
        Command::Admin(args) => admin::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Help(args) => docs::help(&cli_command(), &args),
        Command::Completions(args) => docs::completions(cli_command(), &args),
        Command::Man(args) => docs::man(cli_command(), &args),
    };
    match result {
        Ok(code) => code,
        Err(e) => report(&e, json),
    }
}

/// With `--json`, the error `message` and the exit `status` as one JSON object on standard
/// output: `{"error":{"message":"...","status":2}}`.
fn json_error(json: bool, message: &str, status: u8) {
    if json {
        let object = serde_json::json!({"error": {"message": message, "status": status}});
        let _ = writeln!(io::stdout(), "{object}");
    }
}

/// Prints what is wrong with the command line: the words of the command's own value parsers
/// like every other error, clap's own errors (and `--help`, `--version`) as clap prints them.
fn usage_error(e: &clap::Error, json: bool) -> ExitCode {
    let Some(message) = input::value_problem(e) else {
        if json && e.use_stderr() {
            // Clap's words without its advice (a usage, a tip): the first paragraph.
            let text = e.to_string();
            let first = text.split("\n\n").next().unwrap_or_default();
            json_error(true, first.trim_start_matches("error: ").trim(), 2);
        }
        e.exit();
    };
    json_error(json, &message, 2);
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{}", say!("cli-error", message = message));
    // Clap follows its "invalid value" errors with a hint, and so does the command.
    if e.get(clap::error::ContextKind::InvalidArg).is_some() {
        let _ = writeln!(err, "\n{}", say!("cli-more-information"));
    }
    ExitCode::from(2)
}

/// Prints an error and picks the exit status: 0 for a closed pipe (`snakes ... | head`),
/// 2 for bad input or usage, 1 for anything else.
fn report(e: &anyhow::Error, json: bool) -> ExitCode {
    if let Some(io) = e.downcast_ref::<io::Error>()
        && io.kind() == io::ErrorKind::BrokenPipe
    {
        return ExitCode::SUCCESS;
    }
    let status = if e.downcast_ref::<UserError>().is_some() {
        2
    } else {
        1
    };
    json_error(json, &format!("{e:#}"), status);
    let message = say!("cli-error", message = format!("{e:#}"));
    let _ = writeln!(io::stderr(), "{message}");
    ExitCode::from(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `cmd`'s examples that run `snakes`, without what a shell does around them
    /// (`echo ... |` before, `|` or `>` after), as words.
    fn examples(cmd: &clap::Command) -> Vec<Vec<String>> {
        let help = [cmd.get_after_help(), cmd.get_after_long_help()];
        help.into_iter()
            .flatten()
            .flat_map(|text| {
                let text = text.to_string();
                let lines: Vec<Vec<String>> = text
                    .split("Examples:")
                    .nth(1)
                    .unwrap_or_default()
                    .lines()
                    .filter_map(|line| {
                        let line = line.trim();
                        let line = line.rsplit_once("| snakes ").map_or(line, |(_, l)| l);
                        let line = line.strip_prefix("snakes ").or_else(|| {
                            line.contains(" snakes ")
                                .then(|| line.split_once("snakes ").map_or("", |(_, l)| l))
                        })?;
                        // What the example says it does, after two spaces or more.
                        let line = line.split("  ").next().unwrap_or(line);
                        let line = line.split(['|', '>']).next().unwrap_or(line);
                        Some(line.split_whitespace().map(String::from).collect())
                    })
                    .collect();
                lines
            })
            .collect()
    }

    fn all(cmd: &clap::Command) -> Vec<clap::Command> {
        let mut found = vec![cmd.clone()];
        for sub in cmd.get_subcommands() {
            found.extend(all(sub));
        }
        found
    }

    #[test]
    fn every_example_of_every_help_is_a_command_line_that_parses() {
        let root = cli_command();
        let mut seen = 0;
        for cmd in all(&root) {
            for words in examples(&cmd) {
                let line = std::iter::once("snakes".to_string()).chain(words.iter().cloned());
                if let Err(e) = cli_command().try_get_matches_from(line) {
                    // A board file named in an example need not exist here: only a value the
                    // command itself refused reading a file is forgiven.
                    let file = e.to_string().contains("cannot read")
                        || e.to_string().contains("no such file");
                    assert!(
                        file,
                        "{}: `snakes {}`: {e}",
                        cmd.get_name(),
                        words.join(" ")
                    );
                }
                seen += 1;
            }
        }
        assert!(seen > 30, "{seen} examples");
    }
}
