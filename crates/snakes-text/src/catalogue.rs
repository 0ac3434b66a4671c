//! The message catalogue: every sentence a player reads, in Fluent files per language.
//!
//! Every language of [`LOCALES`] is embedded in the binary (`locales/<tag>/*.ftl`, the same
//! files and message ids as English) and found by [`Catalogue::for_locale`]; other files can be
//! loaded with [`Catalogue::from_sources`]. Numbers are written by the catalogue too ([`MessageArg::decimal`]), with the
//! language's decimal separator. [`Catalogue::pseudo`] is English with every message marked,
//! for tests that check that no text bypasses the catalogue.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use intl_memoizer::Memoizable;
use intl_memoizer::concurrent::IntlLangMemoizer;
use unic_langid::LanguageIdentifier;

/// The files of one language's catalogue, `locales/<dir>/*.ftl`, embedded in the binary, in
/// the order they are loaded. Every language has the same files.
macro_rules! catalogue_files {
    ($dir:literal) => {
        &[
            catalogue_files!(@ $dir, "events.ftl"),
            catalogue_files!(@ $dir, "status.ftl"),
            catalogue_files!(@ $dir, "rules.ftl"),
            catalogue_files!(@ $dir, "keys.ftl"),
            catalogue_files!(@ $dir, "refusals.ftl"),
            catalogue_files!(@ $dir, "lifecycle.ftl"),
            catalogue_files!(@ $dir, "play.ftl"),
            catalogue_files!(@ $dir, "analysis.ftl"),
            catalogue_files!(@ $dir, "page.ftl"),
            catalogue_files!(@ $dir, "options.ftl"),
            catalogue_files!(@ $dir, "ui.ftl"),
            catalogue_files!(@ $dir, "cli.ftl"),
            catalogue_files!(@ $dir, "errors.ftl"),
            catalogue_files!(@ $dir, "board.ftl"),
            catalogue_files!(@ $dir, "analyze.ftl"),
            catalogue_files!(@ $dir, "lookahead.ftl"),
            catalogue_files!(@ $dir, "listening.ftl"),
            catalogue_files!(@ $dir, "talk.ftl"),
            catalogue_files!(@ $dir, "moderation.ftl"),
            catalogue_files!(@ $dir, "members.ftl"),
        ]
    };
    (@ $dir:literal, $file:literal) => {
        ($file, include_str!(concat!("../locales/", $dir, "/", $file)))
    };
}

/// The English catalogue files, in the order they are loaded.
pub const ENGLISH_SOURCES: &[(&str, &str)] = catalogue_files!("en");

/// A language this crate speaks: its catalogue is embedded in the binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Locale {
    /// Its language tag (`zh-CN`), as `--lang` and the page's language menu take it.
    pub tag: &'static str,
    /// Its name in its own language ("한국어"), for a language menu.
    pub name: &'static str,
    /// Its files, `(file name, text)`, the same names as [`ENGLISH_SOURCES`].
    pub sources: &'static [(&'static str, &'static str)],
}

/// Every language with an embedded catalogue, English first. Adding one is a folder of
/// `.ftl` files under `locales/` and a line here (docs/translating.md).
pub const LOCALES: &[Locale] = &[
    Locale {
        tag: "en",
        name: "English",
        sources: ENGLISH_SOURCES,
    },
    Locale {
        tag: "es",
        name: "Español",
        sources: catalogue_files!("es"),
    },
    Locale {
        tag: "ko",
        name: "한국어",
        sources: catalogue_files!("ko"),
    },
    Locale {
        tag: "zh-CN",
        name: "简体中文",
        sources: catalogue_files!("zh-CN"),
    },
];

impl Locale {
    /// The place in [`LOCALES`] of the language named `name`, a language tag (`ko`, `es-MX`)
    /// or a POSIX locale (`ko_KR.UTF-8`): a region or script not shipped falls back to the
    /// language's catalogue (any Spanish is `es`). `None` for a language not shipped, `C`, or
    /// text that is not a tag.
    pub fn position(name: &str) -> Option<usize> {
        // `en_GB.UTF-8@euro`: the language and region, without the encoding and modifier.
        let name = name.split(['.', '@']).next().unwrap_or_default();
        let tag: LanguageIdentifier = name.replace('_', "-").parse().ok()?;
        LOCALES.iter().position(|locale| {
            locale
                .tag
                .parse::<LanguageIdentifier>()
                .is_ok_and(|shipped| shipped.language == tag.language)
        })
    }

    /// The place in [`LOCALES`] of the language a browser asks for first in its
    /// `Accept-Language` header (`ko-KR,ko;q=0.9,en;q=0.8`): the shipped language with the
    /// highest weight (the earliest among equals); `None` when none of them is shipped.
    pub fn from_accept_language(header: &str) -> Option<usize> {
        let mut best: Option<(f32, usize)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or_default().trim();
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
                .filter(|w| w.is_finite() && *w > 0.0);
            let (Some(weight), Some(index)) = (weight, Locale::position(tag)) else {
                continue;
            };
            if best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, index));
            }
        }
        best.map(|(_, index)| index)
    }
}

/// The language tag of the pseudo-locale: English with every message between [`PSEUDO_OPEN`]
/// and [`PSEUDO_CLOSE`] and a comma as decimal separator ([`Catalogue::pseudo`]).
pub const PSEUDO_LOCALE: &str = "en-XA";
/// Where a message of the pseudo-locale starts.
pub const PSEUDO_OPEN: char = '\u{27e6}';
/// Where a message of the pseudo-locale ends.
pub const PSEUDO_CLOSE: char = '\u{27e7}';

/// A value passed into a message: text (a name, a detail) or a number (a square, a count, a
/// figure with decimals).
///
/// Numbers choose plural forms ("1 square", "2 squares") and are written by the catalogue in
/// its language's way (the decimal separator); text chooses variants by name.
#[derive(Debug, Clone, PartialEq)]
pub enum MessageArg {
    /// Text, inserted as it is.
    Str(String),
    /// A whole number that names something (a square, a table, an event): never grouped.
    Num(i64),
    /// A number written with exactly `digits` decimals, rounded as Rust's `{:.N}` rounds
    /// (`39.2251` for `39.225122` with 4): the code decides the precision, the language the
    /// separators (its thousands grouped from five digits on).
    Decimal {
        /// The value.
        value: f64,
        /// How many decimals to write.
        digits: u8,
    },
    /// Names written out as a list (option names, values, presets), joined as the language
    /// joins them (`list-names-separator`: ", " in English, "、" in Chinese).
    Names(Vec<String>),
}

impl MessageArg {
    /// `value` written with `digits` decimals: see [`MessageArg::Decimal`].
    pub fn decimal(value: f64, digits: u8) -> MessageArg {
        MessageArg::Decimal { value, digits }
    }

    /// A count of things (games, events, days), written as the language groups its thousands;
    /// a number that names something stays a [`MessageArg::Num`].
    pub fn count(n: u64) -> MessageArg {
        MessageArg::Decimal {
            value: n as f64,
            digits: 0,
        }
    }
}

impl From<&str> for MessageArg {
    fn from(s: &str) -> Self {
        MessageArg::Str(s.to_string())
    }
}

impl From<String> for MessageArg {
    fn from(s: String) -> Self {
        MessageArg::Str(s)
    }
}

impl From<i64> for MessageArg {
    fn from(n: i64) -> Self {
        MessageArg::Num(n)
    }
}

impl From<u64> for MessageArg {
    fn from(n: u64) -> Self {
        i64::try_from(n).map_or_else(|_| MessageArg::Str(n.to_string()), MessageArg::Num)
    }
}

impl From<&String> for MessageArg {
    fn from(s: &String) -> Self {
        MessageArg::Str(s.clone())
    }
}

impl From<u32> for MessageArg {
    fn from(n: u32) -> Self {
        MessageArg::Num(i64::from(n))
    }
}

impl From<u8> for MessageArg {
    fn from(n: u8) -> Self {
        MessageArg::Num(i64::from(n))
    }
}

impl From<usize> for MessageArg {
    fn from(n: usize) -> Self {
        MessageArg::from(n as u64)
    }
}

/// Why a catalogue could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CatalogueError {
    /// The language tag is not valid.
    Language(String),
    /// A file does not parse, or defines a message twice.
    Source {
        /// The file's name.
        file: String,
        /// What is wrong, as Fluent reports it.
        detail: String,
    },
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogueError::Language(tag) => write!(f, "not a language tag: {tag:?}"),
            CatalogueError::Source { file, detail } => write!(f, "{file}: {detail}"),
        }
    }
}

impl std::error::Error for CatalogueError {}

/// How a language writes numbers: which character separates the decimals, and which groups the
/// thousands of a measure or a count ([`MessageArg::Decimal`], [`MessageArg::count`]) of five
/// digits or more: "21,166,918 days", "332.655,0 turnos", "10,000 squares", but "1000" (four
/// digits stay as they are, as Spanish always writes them). A number that names something (a
/// square, a table, an event, a seed: [`MessageArg::Num`]) is never grouped, so that it reads
/// back, and can be typed back, the same in every language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct NumberStyle {
    decimal: char,
}

impl NumberStyle {
    /// The style of `lang`: a comma where the language writes one (its CLDR decimal separator),
    /// a full stop otherwise. A language added to the catalogue that writes a comma is added
    /// here.
    fn of(lang: &LanguageIdentifier) -> NumberStyle {
        let comma = match lang.language.as_str() {
            "es" | "fr" | "de" | "it" | "pt" | "nl" | "ru" | "pl" | "tr" => true,
            // The pseudo-locale writes a comma, so that a figure written by code (with a full
            // stop) stands out next to those the catalogue writes.
            "en" => lang.region.is_some_and(|r| r.as_str() == "XA"),
            _ => false,
        };
        NumberStyle {
            decimal: if comma { ',' } else { '.' },
        }
    }

    /// The character between groups of thousands: a full stop where the decimals take a comma,
    /// a comma otherwise.
    fn group(self) -> char {
        if self.decimal == ',' { '.' } else { ',' }
    }

    /// `number` as this language writes it: with its fraction digits as its options ask
    /// (rounded as Rust's `{:.N}` does), otherwise as Fluent writes it, then this language's
    /// decimal separator.
    fn write(self, number: &FluentNumber) -> String {
        let options = &number.options;
        let text = match options.maximum_fraction_digits {
            Some(max) => {
                let mut text = format!("{:.*}", max, number.value);
                let min = options.minimum_fraction_digits.unwrap_or(0).min(max);
                if max > min && text.contains('.') {
                    let keep = text.len() - (max - min);
                    while text.len() > keep && text.ends_with('0') {
                        text.pop();
                    }
                    if text.ends_with('.') {
                        text.pop();
                    }
                }
                text
            }
            None => number.as_string().into_owned(),
        };
        let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
        let (sign, digits) = whole.strip_prefix('-').map_or(("", whole), |d| ("-", d));
        let mut out = String::from(sign);
        // A measure or a count comes with its number of decimals; a number that names
        // something does not (and must keep Fluent's plain options, or `[0]` stops matching it).
        let measure = options.maximum_fraction_digits.is_some();
        if measure && digits.len() >= 5 && digits.bytes().all(|b| b.is_ascii_digit()) {
            for (i, c) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i).is_multiple_of(3) {
                    out.push(self.group());
                }
                out.push(c);
            }
        } else {
            out.push_str(digits);
        }
        if !fraction.is_empty() {
            out.push(self.decimal);
            out.push_str(fraction);
        }
        out
    }
}

impl Memoizable for NumberStyle {
    type Args = ();
    type Error = std::convert::Infallible;
    fn construct(lang: LanguageIdentifier, _args: ()) -> Result<Self, Self::Error> {
        Ok(NumberStyle::of(&lang))
    }
}

/// Writes every number of every message: Fluent's own writing ignores the language and the
/// maximum number of decimals.
fn write_number(value: &FluentValue<'_>, intls: &IntlLangMemoizer) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    intls
        .with_try_get::<NumberStyle, _, _>((), |style| style.write(number))
        .ok()
}

/// A set of messages in one language. Cheap to share: [`Catalogue::english`] is built once.
pub struct Catalogue {
    bundle: FluentBundle<FluentResource>,
    /// Whether every message is marked (the pseudo-locale).
    marked: bool,
}

impl fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalogue")
            .field("locales", &self.bundle.locales)
            .finish_non_exhaustive()
    }
}

impl Catalogue {
    /// The English catalogue embedded in the crate, built on first use and shared.
    pub fn english() -> Arc<Catalogue> {
        Catalogue::shipped(0)
    }

    /// The pseudo-locale [`PSEUDO_LOCALE`]: the English messages, each between [`PSEUDO_OPEN`]
    /// and [`PSEUDO_CLOSE`] (nested where a message is part of another), numbers with a
    /// decimal comma. Text in a program's output outside the marks did not come from the
    /// catalogue; a test runs the commands with it to find such text.
    pub fn pseudo() -> Arc<Catalogue> {
        static PSEUDO: OnceLock<Arc<Catalogue>> = OnceLock::new();
        PSEUDO
            .get_or_init(|| {
                let mut catalogue = Catalogue::from_sources(PSEUDO_LOCALE, ENGLISH_SOURCES)
                    .expect("the embedded English catalogue parses");
                catalogue.marked = true;
                Arc::new(catalogue)
            })
            .clone()
    }

    /// The catalogue for a locale named as a language tag (`ko`, `es-MX`, `zh-Hans-CN`) or as a
    /// POSIX locale (`ko_KR.UTF-8`, the form of `LANG`), if [`LOCALES`] has its language: a
    /// region or script this crate does not ship falls back to the language's catalogue (any
    /// Spanish is `es`, any Chinese `zh-CN`), and `en_XA` is the pseudo-locale. `C`, `POSIX` and
    /// any language not shipped are `None`.
    pub fn for_locale(name: &str) -> Option<Arc<Catalogue>> {
        let base = name.split(['.', '@']).next().unwrap_or_default();
        let tag: LanguageIdentifier = base.replace('_', "-").parse().ok()?;
        if tag.language.as_str() == "en" && tag.region.is_some_and(|r| r.as_str() == "XA") {
            return Some(Catalogue::pseudo());
        }
        Some(Catalogue::shipped(Locale::position(name)?))
    }

    /// The catalogue of the locale the environment names (`LC_ALL`, else `LC_MESSAGES`, else
    /// `LANG`, each read through `var`; an empty one counts as unset): English when it names
    /// none this crate ships, as gettext's tools do.
    pub fn from_environment(var: impl Fn(&str) -> Option<String>) -> Arc<Catalogue> {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| var(name))
            .find(|value| !value.is_empty())
            .and_then(|locale| Catalogue::for_locale(&locale))
            .unwrap_or_else(Catalogue::english)
    }

    /// The items written out as a list ("1 to 38, 4 to 14"), with this language's separator.
    pub fn list(&self, items: &[String]) -> String {
        items.join(&self.format("list-separator", &[]))
    }

    /// The tag of the shipped language `name` names (`ko` for `ko_KR.UTF-8`), for an `option`
    /// that takes languages (`--lang`, `--locales`).
    ///
    /// # Errors
    /// The sentence, in this catalogue's language, saying `name` has no catalogue and listing
    /// the languages there are: "--lang: no messages in the language "xx"; the languages are
    /// en (English), ...".
    pub fn language_tag(&self, option: &str, name: &str) -> Result<String, String> {
        let Some(chosen) = Catalogue::for_locale(name) else {
            let languages: Vec<String> = LOCALES
                .iter()
                .map(|l| {
                    self.format(
                        "language-item",
                        &[("tag", l.tag.into()), ("name", l.name.into())],
                    )
                })
                .collect();
            return Err(self.format(
                "cli-unknown-language",
                &[
                    ("option", option.into()),
                    ("lang", format!("{name:?}").into()),
                    ("languages", self.list(&languages).into()),
                ],
            ));
        };
        Ok(chosen.language())
    }

    /// The catalogue of `LOCALES[index]` (see [`Locale::position`]), built on first use and
    /// shared; English for an index past the end.
    pub fn shipped(index: usize) -> Arc<Catalogue> {
        let index = if index < LOCALES.len() { index } else { 0 };
        static BUILT: [OnceLock<Arc<Catalogue>>; LOCALES.len()] =
            [const { OnceLock::new() }; LOCALES.len()];
        BUILT[index]
            .get_or_init(|| {
                let locale = LOCALES[index];
                // The embedded files are checked by the tests of this crate, so failing here
                // means the crate itself was built broken.
                let catalogue = Catalogue::from_sources(locale.tag, locale.sources)
                    .unwrap_or_else(|e| panic!("the embedded {} catalogue: {e}", locale.tag));
                Arc::new(catalogue)
            })
            .clone()
    }

    /// A catalogue for the language `tag` (such as `"fr"`) from `(file name, text)` pairs.
    ///
    /// # Errors
    /// [`CatalogueError::Language`] for a bad tag, [`CatalogueError::Source`] naming the file that
    /// does not parse or that defines a message already defined.
    pub fn from_sources(tag: &str, sources: &[(&str, &str)]) -> Result<Catalogue, CatalogueError> {
        let lang: LanguageIdentifier = tag
            .parse()
            .map_err(|_| CatalogueError::Language(tag.to_string()))?;
        let mut bundle = FluentBundle::new_concurrent(vec![lang]);
        // Unicode isolation marks protect right-to-left names in rich text, but a terminal or
        // a screen reader reads them as stray characters; names here are plain text.
        bundle.set_use_isolating(false);
        bundle.set_formatter(Some(write_number));
        // The keys' letters first (`-key-roll = R`), from the table of keys: the sentences
        // name a key by what it does.
        let terms = [("the table of keys", crate::keys::key_terms())];
        let sources = terms
            .iter()
            .map(|(file, text)| (*file, text.as_str()))
            .chain(sources.iter().copied());
        for (file, text) in sources {
            let source_error = |errors: Vec<String>| CatalogueError::Source {
                file: file.to_string(),
                detail: errors.join("; "),
            };
            let resource = FluentResource::try_new(text.to_string()).map_err(|(_, errors)| {
                source_error(errors.iter().map(ToString::to_string).collect())
            })?;
            bundle
                .add_resource(resource)
                .map_err(|errors| source_error(errors.iter().map(ToString::to_string).collect()))?;
        }
        Ok(Catalogue {
            bundle,
            marked: false,
        })
    }

    /// The catalogue's language, as a tag ("en").
    pub fn language(&self) -> String {
        self.bundle
            .locales
            .first()
            .map_or_else(|| "en".to_string(), ToString::to_string)
    }

    /// Whether the catalogue has a message `id`.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// The message `id` with `args`. An unknown id gives the id itself, so a gap in a
    /// translation shows up as text rather than as silence.
    pub fn format(&self, id: &str, args: &[(&str, MessageArg)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (key, value) in args {
            let value: FluentValue<'_> = match value {
                MessageArg::Str(s) => FluentValue::String(Cow::Borrowed(s.as_str())),
                // Fluent holds numbers as f64, exact up to 2^53: a larger whole number (a
                // value typed into a grid, say) is written as its digits.
                MessageArg::Num(n) if n.unsigned_abs() > 1 << 53 => {
                    FluentValue::String(Cow::Owned(n.to_string()))
                }
                MessageArg::Num(n) => FluentValue::from(*n),
                MessageArg::Names(names) => FluentValue::String(Cow::Owned(
                    names.join(&self.format("list-names-separator", &[])),
                )),
                MessageArg::Decimal { value, digits } => {
                    let digits = Some(usize::from(*digits));
                    FluentValue::Number(FluentNumber::new(
                        *value,
                        FluentNumberOptions {
                            minimum_fraction_digits: digits,
                            maximum_fraction_digits: digits,
                            ..FluentNumberOptions::default()
                        },
                    ))
                }
            };
            fluent_args.set(*key, value);
        }
        // A missing argument is written as `{$name}` in the text rather than stopping the
        // program: a gap in a translation must not bring a table down. The tests of this crate
        // assert exact sentences, so the English catalogue has no such gap.
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors);
        if self.marked {
            format!("{PSEUDO_OPEN}{text}{PSEUDO_CLOSE}")
        } else {
            text.into_owned()
        }
    }
}

#[cfg(test)]
mod tests {
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
        let language = |pairs| Catalogue::from_environment(env(pairs)).language();
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

    use super::*;

    #[test]
    fn english_parses_and_formats_plurals() {
        let c = Catalogue::english();
        assert!(c.has("rolled"));
        assert_eq!(
            c.format("refusal-too-large", &[("limit", 1u32.into())]),
            "The message is too large: the limit is 1 byte."
        );
        assert_eq!(
            c.format("refusal-too-large", &[("limit", 4096u32.into())]),
            "The message is too large: the limit is 4096 bytes."
        );
    }

    #[test]
    fn the_board_page_figures_read_as_sentences() {
        let c = Catalogue::english();
        let args = |direction: &str| {
            [
                ("direction", direction.into()),
                ("percent", "20.9".into()),
                ("strict", "43.3".into()),
                ("loose", "35.8".into()),
                ("last", 100u32.into()),
            ]
        };
        assert_eq!(
            c.format("analysis-strict-vs-loose", &args("longer")),
            "On this board the strict ending makes a game 20.9% longer: one player needs 43.3 \
             turns on average to land on 100 exactly, against 35.8 when any roll reaching 100 wins."
        );
        assert!(
            c.format("analysis-strict-vs-loose", &args("shorter"))
                .contains("20.9% shorter")
        );
        assert_eq!(
            c.format(
                "analysis-observed",
                &[
                    ("games", 1u32.into()),
                    ("players", 2u32.into()),
                    ("mean", "31.0".into())
                ]
            ),
            "One finished game with this board, these rules and 2 players lasted 31.0 rounds."
        );
        assert_eq!(
            c.format("analysis-observed-none", &[("players", 3u32.into())]),
            "No finished games with this board, these rules and 3 players yet."
        );
    }

    #[test]
    fn a_missing_argument_shows_instead_of_failing() {
        assert_eq!(
            Catalogue::english().format("table-left", &[]),
            "{$name} left the table."
        );
    }

    /// Every message of the English catalogue formats fully when given the arguments the code
    /// passes: a misspelt variable would show as `{$...}`.
    #[test]
    fn every_english_message_formats() {
        let c = Catalogue::english();
        let text = [
            "you",
            "name",
            "by_you",
            "by",
            "parts",
            "first",
            "second",
            "text",
            "form",
            "who",
            "again",
            "behind",
            "where",
            "stats",
            "detail",
            "board",
            "key",
            "keys",
            "path",
            "seed",
            "mark",
            "list",
            "direction",
            "percent",
            "strict",
            "loose",
            "mean",
            "estimate",
            "budget",
            "gib",
            "step",
            "move",
            "moves",
            "victim",
            "host",
            "notes",
            "jump",
            "game",
            "code",
            "origin",
            "clauses",
            "faces",
            "landing",
            "victims",
            "what",
        ];
        let numbers = [
            "roll",
            "from",
            "to",
            "last",
            "top",
            "square",
            "gap",
            "to_go",
            "turns",
            "rolls",
            "ladders",
            "snakes",
            "sixes",
            "made",
            "suffered",
            "players",
            "seat",
            "expected",
            "got",
            "limit",
            "number",
            "games",
            "squares",
            "max",
            "highest",
            "seats",
            "bots",
            "server",
            "client",
            "table",
            "free",
            "grace",
            "count",
            "min",
            "ladder",
            "snake",
            "ladder_gap",
            "snake_gap",
        ];
        let mut ids = 0;
        // Each variant of every selector: "you" or another player, one or many, numbers that
        // pick the singular, the plural and the special cases.
        for word in ["x", "you", "one", "many", "yes"] {
            for number in [0, 1, 2, 3, 8, 11] {
                let mut args: Vec<(&str, MessageArg)> =
                    text.iter().map(|k| (*k, MessageArg::from(word))).collect();
                args.extend(numbers.iter().map(|k| (*k, MessageArg::Num(number))));
                // Variables not named above (those of the commands' reports): a number, or
                // text when the number would be zero, so that both kinds reach every selector.
                for name in variables() {
                    if !args.iter().any(|(k, _)| *k == name) {
                        let value = match number {
                            0 => MessageArg::from(word),
                            2 => MessageArg::decimal(2.5, 2),
                            _ => MessageArg::Num(number),
                        };
                        args.push((name, value));
                    }
                }
                for (_, source) in ENGLISH_SOURCES {
                    for line in source.lines() {
                        let Some((id, _)) = line.split_once(" =") else {
                            continue;
                        };
                        if id.starts_with(|c: char| c.is_ascii_lowercase()) && !id.contains(' ') {
                            let said = c.format(id, &args);
                            assert!(!said.contains('{'), "{id}: {said}");
                            assert!(c.has(id), "{id} is not in the catalogue");
                            ids += 1;
                        }
                    }
                }
            }
        }
        assert!(ids > 100, "{ids}");
    }

    /// Every `$variable` the English files use.
    fn variables() -> Vec<&'static str> {
        let mut names: Vec<&str> = ENGLISH_SOURCES
            .iter()
            .flat_map(|(_, source)| source.lines())
            .filter(|line| !line.trim_start().starts_with('#'))
            .flat_map(|line| line.split('$').skip(1))
            .map(|rest| {
                let end = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                    .unwrap_or(rest.len());
                &rest[..end]
            })
            .filter(|name| !name.is_empty())
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    #[test]
    fn figures_have_the_decimals_the_code_asks_and_the_separator_of_the_language() {
        let en = Catalogue::from_sources(
            "en",
            &[(
                "a.ftl",
                "x = { $n } { $n ->\n [one] turn\n*[other] turns\n}",
            )],
        )
        .unwrap();
        let es = Catalogue::from_sources("es", &[("a.ftl", "x = { $n } turnos")]).unwrap();
        let say = |c: &Catalogue, n: MessageArg| c.format("x", &[("n", n)]);
        // Rounded as Rust rounds `{:.N}`, so that English output is what `format!` wrote.
        for (value, digits) in [
            (39.225_122, 4),
            (0.125, 2),
            (2.5, 0),
            (3.5, 0),
            (-0.00001, 4),
        ] {
            assert_eq!(
                say(&en, MessageArg::decimal(value, digits)),
                format!("{value:.*} turns", usize::from(digits))
            );
        }
        assert_eq!(
            say(&es, MessageArg::decimal(39.225_122, 4)),
            "39,2251 turnos"
        );
        // "1.00 turns": a figure with decimals takes the plural, as in CLDR's rules.
        assert_eq!(say(&en, MessageArg::decimal(1.0, 2)), "1.00 turns");
        assert_eq!(say(&en, MessageArg::Num(1)), "1 turn");
        // Whole numbers are never grouped, and stay exact past 2^53.
        assert_eq!(say(&es, 1_000_000u64.into()), "1000000 turnos");
        assert_eq!(
            say(&es, MessageArg::Num(9_007_199_254_740_993)),
            "9007199254740993 turnos"
        );
        assert_eq!(say(&es, u64::MAX.into()), "18446744073709551615 turnos");
    }

    #[test]
    fn the_pseudo_locale_marks_every_message() {
        let c = Catalogue::pseudo();
        assert_eq!(c.language(), PSEUDO_LOCALE);
        assert_eq!(
            c.format("refusal-too-large", &[("limit", 4096u32.into())]),
            "\u{27e6}The message is too large: the limit is 4096 bytes.\u{27e7}"
        );
        let inner = c.format(
            "duration",
            &[
                ("unit", "seconds".into()),
                ("value", MessageArg::decimal(8.25, 1)),
            ],
        );
        assert_eq!(inner, "\u{27e6}8,2 s\u{27e7}");
        // An unknown id is left unmarked, so that a test finds it.
        assert_eq!(c.format("no-such-id", &[]), "no-such-id");
    }

    #[test]
    fn locales_are_named_as_tags_or_as_posix_locales() {
        let language = |name: &str| Catalogue::for_locale(name).map(|c| c.language());
        assert_eq!(language("en"), Some("en".into()));
        assert_eq!(language("en_GB.UTF-8"), Some("en".into()));
        assert_eq!(language("en_XA.UTF-8@x"), Some(PSEUDO_LOCALE.into()));
        assert_eq!(language("en-XA"), Some(PSEUDO_LOCALE.into()));
        assert_eq!(language("ko_KR.UTF-8"), Some("ko".into()));
        assert_eq!(language("es-MX"), Some("es".into()));
        assert_eq!(language("es_ES.UTF-8@euro"), Some("es".into()));
        assert_eq!(language("zh_CN.UTF-8"), Some("zh-CN".into()));
        assert_eq!(language("zh-Hans-CN"), Some("zh-CN".into()));
        assert_eq!(language("zh"), Some("zh-CN".into()));
        assert_eq!(language("fr_FR"), None);
        assert_eq!(language("C"), None);
        assert_eq!(language(""), None);
    }

    /// A measure or a count of five digits or more has its thousands grouped as the language
    /// groups them; four digits, and a number that names something, are written as they are.
    #[test]
    fn measures_and_counts_group_their_thousands() {
        let duration = |locale: &str, value: f64, digits: u8| {
            Catalogue::for_locale(locale).unwrap().format(
                "duration",
                &[
                    ("unit", "days".into()),
                    ("value", MessageArg::decimal(value, digits)),
                ],
            )
        };
        assert_eq!(duration("en", 21_166_918.0, 0), "21,166,918 days");
        assert_eq!(duration("es", 332_655.0, 1), "332.655,0 días");
        assert_eq!(duration("ko", 12_345.5, 1), "12,345.5일");
        assert_eq!(duration("zh-CN", 10_000.0, 0), "10,000天");
        assert_eq!(duration("en", 9_999.0, 0), "9999 days");
        assert_eq!(duration("es", -12_345.25, 2), "-12.345,25 días");
        let en = Catalogue::english();
        let square = |n: MessageArg| {
            en.format(
                "rolled-moved",
                &[
                    ("you", "other".into()),
                    ("name", "Ana".into()),
                    ("roll", 2u32.into()),
                    ("from", 99_998u32.into()),
                    ("to", n),
                ],
            )
        };
        assert_eq!(
            square(100_000u32.into()),
            "Ana rolled a 2 and moved from 99998 to 100000."
        );
        // A count is grouped, and its plural still chosen by its value.
        let days = |n: u64| {
            en.format(
                "duration",
                &[("unit", "days".into()), ("value", MessageArg::count(n))],
            )
        };
        assert_eq!(
            (days(1).as_str(), days(54_321).as_str()),
            ("1 day", "54,321 days")
        );
    }

    /// Chinese has no plural forms: one sentence for every count, and a selector only where
    /// the sentence itself changes (one game has no average).
    #[test]
    fn chinese_reads_without_plurals() {
        let zh = Catalogue::for_locale("zh_CN.UTF-8").unwrap();
        let jumped = |you: &str| {
            zh.format(
                "rolled-jumped",
                &[
                    ("you", you.into()),
                    ("name", "安娜".into()),
                    ("roll", 2u32.into()),
                    ("jump", "climbed".into()),
                    ("from", 36u32.into()),
                    ("to", 44u32.into()),
                ],
            )
        };
        assert_eq!(
            jumped("other"),
            "安娜掷出了2点，在第36格顺着梯子爬到第44格。"
        );
        assert_eq!(jumped("you"), "你掷出了2点，在第36格顺着梯子爬到第44格。");
        let observed = |games: u32| {
            zh.format(
                "analysis-observed",
                &[
                    ("games", games.into()),
                    ("players", 2u32.into()),
                    ("mean", MessageArg::decimal(31.0, 1)),
                ],
            )
        };
        assert_eq!(
            observed(1),
            "用这个棋盘、这些规则、2名玩家下完的1局，共进行了31.0轮。"
        );
        assert_eq!(
            observed(3),
            "用这个棋盘、这些规则、2名玩家下完的3局，平均每局进行了31.0轮。"
        );
        assert_eq!(
            zh.format(
                "scores-lead",
                &[
                    ("form", "one".into()),
                    ("who", "Bo".into()),
                    ("square", 40u32.into()),
                    ("gap", 1u32.into()),
                    ("behind", "你".into())
                ]
            ),
            "Bo领先，在第40格，比你多走1格。"
        );
    }

    #[test]
    fn a_browser_gets_the_shipped_language_it_weighs_most() {
        let tag = |header: &str| Locale::from_accept_language(header).map(|i| LOCALES[i].tag);
        assert_eq!(tag("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7"), Some("ko"));
        assert_eq!(tag("fr-FR,fr;q=0.9,es;q=0.8,en;q=0.5"), Some("es"));
        assert_eq!(tag("en;q=0.5, es-MX"), Some("es"));
        assert_eq!(tag("ko;q=0,es;q=0.1"), Some("es"));
        assert_eq!(tag("fr, de;q=0.9"), None);
        assert_eq!(tag("*"), None);
        assert_eq!(tag(""), None);
        assert_eq!(tag("es;q=abc,ko;q=0.2"), Some("ko"));
    }

    #[test]
    fn unknown_ids_are_said_not_dropped() {
        assert_eq!(Catalogue::english().format("no-such-id", &[]), "no-such-id");
    }

    #[test]
    fn another_language_is_just_files() {
        let c = Catalogue::from_sources("fr", &[("a.ftl", "game-started = La partie commence.")])
            .unwrap();
        assert_eq!(c.format("game-started", &[]), "La partie commence.");
        let err = Catalogue::from_sources("fr", &[("bad.ftl", "x = { ")]).unwrap_err();
        assert!(matches!(err, CatalogueError::Source { ref file, .. } if file == "bad.ftl"));
        assert!(matches!(
            Catalogue::from_sources("not a tag!", &[]),
            Err(CatalogueError::Language(_))
        ));
    }
}
