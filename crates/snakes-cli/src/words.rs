//! The words of the command: every sentence, table heading and unit it prints for a person comes
//! from the message catalogue of `snakes-text` (`locales/*/cli.ftl`, `analyze.ftl`, ...) through
//! [`say!`]; what programs read (JSON, grids, layouts, the answer of `solve`) does not.
//!
//! The language is `--lang` when given, else the environment's (`LC_ALL`, `LC_MESSAGES`,
//! `LANG`); an environment naming a language without a catalogue means English, as gettext's
//! tools do, but a `--lang` without one is an error that lists those there are.

use std::ffi::OsString;
use std::sync::{Arc, OnceLock};

use snakes_text::{Catalogue, MessageArg};

/// The message `id` of the command's catalogue, with its variables:
/// `say!("cli-error", message = text)`.
macro_rules! say {
    ($($message:tt)*) => {
        snakes_text::say_in!($crate::words::catalogue(), $($message)*)
    };
}
pub(crate) use say;

/// The catalogue of the command, once chosen.
static CHOSEN: OnceLock<Arc<Catalogue>> = OnceLock::new();

/// The catalogue chosen by [`choose`], or else the one of the locale the environment names
/// (`LC_ALL`, else `LC_MESSAGES`, else `LANG`), English when it names none the command has.
pub fn catalogue() -> &'static Catalogue {
    shared()
}

/// [`catalogue`], to share with a narrator.
pub fn shared() -> &'static Arc<Catalogue> {
    CHOSEN.get_or_init(|| Catalogue::from_environment(|name| std::env::var(name).ok()))
}

/// Chooses the catalogue of the `--lang` among `args` (the command line, without the
/// program's name), before anything is said. Without `--lang` the environment chooses.
///
/// # Errors
/// The sentence to print when `--lang` names a language that has no catalogue: it lists the
/// languages there are.
pub fn choose(args: impl IntoIterator<Item = OsString>) -> Result<(), String> {
    let Some(lang) = lang_arg(args) else {
        return Ok(());
    };
    match Catalogue::for_locale(&lang) {
        Some(chosen) => {
            // Nothing was said before this, so nothing has chosen yet.
            let _ = CHOSEN.set(chosen);
            Ok(())
        }
        // Says that the language has no messages, and which do.
        None => catalogue().language_tag("--lang", &lang).map(|_| ()),
    }
}

/// The value of the last `--lang VALUE` or `--lang=VALUE` before a `--` (after which
/// arguments are values, never options), as clap reads it too.
fn lang_arg(args: impl IntoIterator<Item = OsString>) -> Option<String> {
    let mut args = args.into_iter();
    let mut found = None;
    while let Some(arg) = args.next() {
        let arg = arg.to_string_lossy().into_owned();
        if arg == "--" {
            break;
        }
        if arg == "--lang" {
            found = args.next().map(|v| v.to_string_lossy().into_owned());
        } else if let Some(value) = arg.strip_prefix("--lang=") {
            found = Some(value.to_string());
        }
    }
    found
}

/// A value for a message (see [`say!`]).
pub fn arg(value: impl Into<MessageArg>) -> MessageArg {
    value.into()
}

/// A figure written with `digits` decimals, in the catalogue's way ("39.2251" in English).
pub fn dec(value: f64, digits: u8) -> MessageArg {
    MessageArg::decimal(value, digits)
}

/// A figure as the catalogue writes it, with `digits` decimals: "39.2251" in English.
pub fn fig(value: f64, digits: u8) -> String {
    say!("figure", value = dec(value, digits))
}

/// A percentage with `digits` decimals, as the catalogue writes it: "25.919%" in English.
pub fn percent(value: f64, digits: u8) -> String {
    say!("percent", value = dec(value, digits))
}

/// A figure and the half-width of its 95 % confidence interval: "25.5723 ± 0.0603".
pub fn estimate(value: String, margin: String) -> String {
    say!("estimate", value = value, margin = margin)
}

/// The first decimals of an exact value, cut rather than rounded: "39.2251223082... (truncated)"
/// from `digits`, the value written with a full stop.
pub fn truncated(digits: &str) -> String {
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    say!("truncated", whole = whole, fraction = fraction)
}

/// The items written out as a list ("1 to 38, 4 to 14"), with the catalogue's separator.
pub fn list(items: &[String]) -> String {
    catalogue().list(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lang_is_read_before_the_arguments_are_parsed() {
        let lang = |args: &[&str]| lang_arg(args.iter().map(OsString::from));
        assert_eq!(lang(&["play", "--lang", "ko"]), Some("ko".into()));
        assert_eq!(lang(&["--lang=es", "rules"]), Some("es".into()));
        // The last one wins, as clap takes it.
        assert_eq!(
            lang(&["--lang", "ko", "rules", "--lang", "es"]),
            Some("es".into())
        );
        assert_eq!(lang(&["play", "--players", "Ana"]), None);
        assert_eq!(lang(&["play", "--", "--lang", "ko"]), None);
        assert_eq!(lang(&["play", "--lang"]), None);
    }
}
