//! The words of the command: every sentence, table heading and unit it prints for a person comes
//! from the message catalogue of `snakes-text` (`locales/*/cli.ftl`, `analyze.ftl`, ...) through
//! [`say!`]; what programs read (JSON, grids, layouts, the answer of `solve`) does not.
//!
//! The language is `--lang` when given, else the environment's (`LC_ALL`, `LC_MESSAGES`,
//! `LANG`); an environment naming a language without a catalogue means English, as gettext's
//! tools do, but a `--lang` without one is an error that lists those there are.

use std::ffi::OsString;
use std::sync::{Arc, OnceLock};

use snakes_text::{Catalogue, LOCALES, MessageArg};

/// The message `id` of the command's catalogue, with its variables:
/// `say!("cli-error", message = text)`.
macro_rules! say {
    ($id:expr) => {
        $crate::words::catalogue().format($id, &[])
    };
    ($id:expr, $($key:ident = $value:expr),+ $(,)?) => {
        $crate::words::catalogue().format(
            $id,
            &[$((stringify!($key), $crate::words::arg($value))),+],
        )
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
    CHOSEN.get_or_init(|| from_environment(|name| std::env::var(name).ok()))
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
        None => Err(unknown_language("--lang", &lang)),
    }
}

/// The tag of the shipped language `name` names (`ko` for `ko_KR.UTF-8`), for an `option`
/// that takes languages.
///
/// # Errors
/// The sentence saying `name` has no catalogue, listing the languages there are.
pub fn language_tag(option: &str, name: &str) -> Result<String, String> {
    Catalogue::for_locale(name)
        .map(|c| c.language())
        .ok_or_else(|| unknown_language(option, name))
}

/// "--lang: no messages in the language "xx"; the languages are en (English), ...".
fn unknown_language(option: &str, lang: &str) -> String {
    let languages: Vec<String> = LOCALES
        .iter()
        .map(|l| say!("language-item", tag = l.tag, name = l.name))
        .collect();
    say!(
        "cli-unknown-language",
        option = option,
        lang = format!("{lang:?}"),
        languages = list(&languages)
    )
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

/// The catalogue the locale variables `var` name, as [`catalogue`] chooses it.
fn from_environment(var: impl Fn(&str) -> Option<String>) -> Arc<Catalogue> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|name| var(name))
        .find(|value| !value.is_empty())
        .and_then(|locale| Catalogue::for_locale(&locale))
        .unwrap_or_else(Catalogue::english)
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
    items.join(&say!("list-separator"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locale_comes_from_the_first_variable_set() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| (*v).to_string())
            }
        };
        let language = |pairs| from_environment(env(pairs)).language();
        assert_eq!(language(&[]), "en");
        assert_eq!(language(&[("LANG", "en_XA.UTF-8")]), "en-XA");
        // LC_ALL wins over LANG, and an empty one counts as unset.
        assert_eq!(
            language(&[("LC_ALL", "en_GB.UTF-8"), ("LANG", "en_XA")]),
            "en"
        );
        assert_eq!(language(&[("LC_ALL", ""), ("LANG", "en_XA")]), "en-XA");
        // A locale without a catalogue, or no locale at all, is English.
        assert_eq!(language(&[("LANG", "de_DE.UTF-8")]), "en");
        assert_eq!(language(&[("LC_MESSAGES", "C")]), "en");
    }

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
