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
pub fn completions(root: clap::Command, args: &CompletionsArgs) -> anyhow::Result<ExitCode> {
    let mut root = not_files(root);
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut root, "snakes", &mut script);
    let mut script = String::from_utf8_lossy(&script).into_owned();
    if args.shell == Shell::Bash {
        script = bash_values(&script);
    }
    io::stdout().lock().write_all(script.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `cmd` with every value that is not a file marked so (a number, a name, a seed): shells then
/// offer no file names for `--players` or `--budget`.
fn not_files(cmd: clap::Command) -> clap::Command {
    let file_like = ["FILE", "BOARD", "PATH", "COPY", "PEM", "RECORD", "DIR"];
    let ids: Vec<clap::Id> = cmd
        .get_arguments()
        .filter(|a| a.get_action().takes_values())
        .filter(|a| a.get_value_hint() == clap::ValueHint::Unknown)
        .filter(|a| a.get_possible_values().is_empty())
        .filter(|a| {
            let names = a.get_value_names().unwrap_or_default();
            let name = names
                .first()
                .map_or_else(|| a.get_id().as_str().to_uppercase(), ToString::to_string);
            !file_like.iter().any(|f| name.contains(f))
        })
        .map(|a| a.get_id().clone())
        .collect();
    let mut cmd = ids.into_iter().fold(cmd, |c, id| {
        c.mut_arg(id, |a| a.value_hint(clap::ValueHint::Other))
    });
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in subs {
        cmd = cmd.mut_subcommand(name, not_files);
    }
    cmd
}

/// The bash script with what its generator cannot say: `--board` offers `classic` beside file
/// names, and `--rules` completes each item of a list (`leetcode,die=` offers the die's values).
fn bash_values(script: &str) -> String {
    let mut out = String::with_capacity(script.len());
    let mut option = "";
    for line in script.lines() {
        let trimmed = line.trim();
        let indent = &line[..line.len() - line.trim_start().len()];
        let replaced: Option<Vec<String>> = match option {
            "--board)" if trimmed.starts_with("COMPREPLY=") => Some(vec![
                r#"COMPREPLY=($(compgen -W "classic" -- "${cur}") $(compgen -f "${cur}"))"#
                    .to_string(),
            ]),
            "--rules)" if trimmed.starts_with("COMPREPLY=") => {
                let words = trimmed
                    .split_once("-W \"")
                    .and_then(|(_, rest)| rest.split_once('"'))
                    .map_or("", |(words, _)| words);
                Some(vec![
                    r#"local item="${cur##*,}" head="""#.to_string(),
                    r#"[[ "${cur}" == *,* ]] && head="${cur%,*},""#.to_string(),
                    format!(r#"COMPREPLY=($(compgen -P "${{head}}" -W "{words}" -- "${{item}}"))"#),
                    "compopt -o nospace 2>/dev/null".to_string(),
                ])
            }
            _ => None,
        };
        let lines = replaced.unwrap_or_else(|| vec![trimmed.to_string()]);
        if lines.len() > 1 || lines[0] != trimmed {
            option = "";
        } else if matches!(trimmed, "--board)" | "--rules)") {
            option = if trimmed == "--board)" {
                "--board)"
            } else {
                "--rules)"
            };
        }
        for l in lines {
            out.push_str(indent);
            out.push_str(&l);
            out.push('\n');
        }
    }
    out
}

/// Prints the manual page of `snakes`, or of one of its commands (`snakes-board-check(1)`),
/// with the sections a manual page has: what the help says after the options goes to NOTES,
/// its examples to EXAMPLES and its exit status to EXIT STATUS (the common one when it says
/// none), and the variables the command reads to ENVIRONMENT.
///
/// # Errors
/// An unknown command (a user error) or a failed write.
pub fn man(root: clap::Command, args: &ManArgs) -> anyhow::Result<ExitCode> {
    let (cmd, name) = find(&root, &args.command)?;
    // A command's page carries the version of `snakes`, as the page of `snakes` does.
    let version = root.get_version().unwrap_or_default().to_string();
    let after = cmd
        .get_after_long_help()
        .or_else(|| cmd.get_after_help())
        .map(ToString::to_string)
        .unwrap_or_default();
    let page = cmd
        .name(name.replace(' ', "-"))
        .version(version)
        .after_help(None::<&str>)
        .after_long_help(None::<&str>);
    let mut text = Vec::new();
    clap_mangen::Man::new(page).render(&mut text)?;
    let text = String::from_utf8_lossy(&text);
    // Our sections go before VERSION, the last.
    let at = text.find(".SH VERSION").unwrap_or(text.len());
    let mut out = io::stdout().lock();
    out.write_all(text[..at].as_bytes())?;
    out.write_all(sections(&name, &after).to_roff().as_bytes())?;
    out.write_all(text[at..].as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The sections of the page of `name` made from its help's text after the options (`after`).
fn sections(name: &str, after: &str) -> clap_mangen::roff::Roff {
    use clap_mangen::roff::{Roff, roman};
    let (notes, examples) = match after.split_once("Examples:") {
        Some((notes, examples)) => (notes, examples),
        None => (after, ""),
    };
    let paragraphs: Vec<&str> = notes
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let (exit, notes): (Vec<&str>, Vec<&str>) = paragraphs
        .into_iter()
        .partition(|p| p.starts_with("Exit status"));
    let mut roff = Roff::new();
    let section = |roff: &mut Roff, title: &str, paragraphs: &[&str]| {
        roff.control("SH", [title]);
        for (i, p) in paragraphs.iter().enumerate() {
            if i > 0 {
                roff.control("PP", []);
            }
            if p.lines().count() == 1 {
                roff.text([roman(*p)]);
                continue;
            }
            // Lines laid out by hand (a table of keys, a list, examples) stay as they are.
            roff.control("nf", []);
            for line in p.lines() {
                roff.text([roman(line)]);
            }
            roff.control("fi", []);
        }
    };
    if !notes.is_empty() {
        section(&mut roff, "NOTES", &notes);
    }
    let common = "0 when the command did what it was asked; 1 when a check fails or something \
                  unexpected breaks; 2 for bad input or usage: a message on standard error names \
                  the problem (with --json, a JSON object on standard output too).";
    let exit: Vec<&str> = if exit.is_empty() {
        vec![common]
    } else {
        exit.iter()
            .map(|p| p.trim_start_matches("Exit status:").trim_start())
            .collect()
    };
    section(&mut roff, "EXIT STATUS", &exit);
    let mut environment = vec![
        "LC_ALL, LC_MESSAGES, LANG: the language of sentences and errors (en, es, ko, zh-CN), \
         unless --lang says another.",
        "NO_COLOR: no colours, whatever the terminal.",
    ];
    if name == "snakes serve" || name == "snakes" {
        environment.push(
            "SNAKES_*: every option of snakes serve, by its name in capitals \
             (SNAKES_MAX_TABLES=50 for --max-tables 50).",
        );
        environment.push("RUST_LOG: how much snakes serve logs (info by default).");
    }
    section(&mut roff, "ENVIRONMENT", &environment);
    let examples: Vec<&str> = examples
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if !examples.is_empty() {
        section(&mut roff, "EXAMPLES", &[&examples.join("\n")]);
    }
    roff
}
