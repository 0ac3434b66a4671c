//! `snakes help`, `snakes completions` and `snakes man`: the command line described, from the
//! same definitions clap parses with.

use std::io::{self, Write};
use std::process::ExitCode;

use clap_complete::Shell;

use crate::user_error;
use crate::words::say;

/// Arguments of `snakes help` (and `snakes board help`).
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  snakes help analyze\n  snakes help board check")]
pub struct HelpArgs {
    /// The command to describe, with its subcommand if it has one (`board check`).
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// Arguments of `snakes completions`.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  snakes completions bash > ~/.local/share/bash-completion/completions/snakes\n  snakes completions fish > ~/.config/fish/completions/snakes.fish"
)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `snakes man`.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  snakes man | man -l -\n  snakes man board check | man -l -")]
pub struct ManArgs {
    /// A command whose page to print (`solve`, `board check`); without it, the page of `snakes`,
    /// which lists every command.
    #[arg(value_name = "COMMAND")]
    command: Vec<String>,
}

/// The (sub)command at `path` below `root`, with its full name (`snakes board check`).
fn find(root: &clap::Command, path: &[String]) -> anyhow::Result<(clap::Command, String)> {
    let mut cmd = root.clone();
    // Built, so that the global options (`--lang`) reach every subcommand, as when parsing.
    cmd.build();
    let mut name = cmd.get_name().to_string();
    for part in path {
        let next = cmd.find_subcommand(part).cloned().ok_or_else(|| {
            let known: Vec<&str> = cmd
                .get_subcommands()
                .filter(|c| !c.is_hide_set())
                .map(clap::Command::get_name)
                .collect();
            user_error(say!(
                "help-no-command",
                name = &name,
                command = format!("{part:?}"),
                commands = known.join(", ")
            ))
        })?;
        name = format!("{name} {}", next.get_name());
        cmd = next;
    }
    Ok((cmd, name))
}

/// Prints the long help of the command at `args.command` below `root`.
///
/// # Errors
/// An unknown command (a user error) or a failed write.
pub fn help(root: &clap::Command, args: &HelpArgs) -> anyhow::Result<ExitCode> {
    let (cmd, name) = find(root, &args.command)?;
    // Usage lines name the whole command (`snakes board check`), as `--help` does.
    let mut cmd = cmd.bin_name(name);
    let text = cmd.render_long_help().to_string();
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// Prints a completion script for `args.shell`.
///
/// # Errors
/// A failed write.
pub fn completions(mut root: clap::Command, args: &CompletionsArgs) -> anyhow::Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut root, "snakes", &mut script);
    io::stdout().lock().write_all(&script)?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the manual page of `snakes`, or of one of its commands (`snakes-board-check(1)`).
///
/// # Errors
/// An unknown command (a user error) or a failed write.
pub fn man(root: clap::Command, args: &ManArgs) -> anyhow::Result<ExitCode> {
    let (cmd, name) = find(&root, &args.command)?;
    // A command's page carries the version of `snakes`, as the page of `snakes` does.
    let version = root.get_version().unwrap_or_default().to_string();
    let page = cmd.name(name.replace(' ', "-")).version(version);
    let mut text = Vec::new();
    clap_mangen::Man::new(page).render(&mut text)?;
    io::stdout().lock().write_all(&text)?;
    Ok(ExitCode::SUCCESS)
}
