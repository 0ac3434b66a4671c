//! `snakes-bench`: the game server under load, and under attack (`--abuse`). Its own binary, so
//! that the installed `snakes` carries no load or attack generator; it runs the `snakes` beside
//! it (or `--server PATH`) as the server it measures.

mod front;

use std::io::Write;
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};

use clap::Parser;
use snakes_text::{Catalogue, MessageArg};

/// The language of the report: `--lang`, else the environment's.
static CHOSEN: OnceLock<Arc<Catalogue>> = OnceLock::new();

fn catalogue() -> &'static Catalogue {
    CHOSEN.get_or_init(|| Catalogue::from_environment(|name| std::env::var(name).ok()))
}

/// The message `id` of the report's catalogue, with its variables.
macro_rules! say {
    ($($message:tt)*) => {
        snakes_text::say_in!($crate::catalogue(), $($message)*)
    };
}
use say;

/// A figure written with `digits` decimals, in the catalogue's way.
fn fig(value: f64, digits: u8) -> String {
    say!("figure", value = MessageArg::decimal(value, digits))
}

/// An error that is the user's: bad options. Exit status 2 (1 for anything else).
#[derive(Debug)]
struct UserError(String);

impl std::fmt::Display for UserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UserError {}

fn user_error(message: impl Into<String>) -> anyhow::Error {
    UserError(message.into()).into()
}

fn main() -> ExitCode {
    let args = front::Args::parse();
    let chosen = match args.lang.as_deref() {
        None => Ok(()),
        Some(lang) => match Catalogue::for_locale(lang) {
            Some(chosen) => {
                // Nothing was said before this, so nothing has chosen yet.
                let _ = CHOSEN.set(chosen);
                Ok(())
            }
            // Says that the language has no messages, and which do.
            None => (catalogue().language_tag("--lang", lang).map(|_| ())).map_err(user_error),
        },
    };
    let outcome = chosen.and_then(|()| front::run(args));
    match outcome {
        Ok(status) => status,
        Err(e) => {
            let message = say!("cli-error", message = format!("{e:#}"));
            let _ = writeln!(std::io::stderr(), "{message}");
            ExitCode::from(if e.downcast_ref::<UserError>().is_some() {
                2
            } else {
                1
            })
        }
    }
}
