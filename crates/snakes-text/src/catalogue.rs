//! The message catalogue: every sentence a player reads, in Fluent files per language.
//!
//! English is embedded in the binary (`locales/en/*.ftl`); another language is one more set of
//! `.ftl` files with the same message ids, loaded with [`Catalogue::from_sources`], and no code
//! changes.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// The English catalogue files, in the order they are loaded.
pub const ENGLISH_SOURCES: &[(&str, &str)] = &[
    ("events.ftl", include_str!("../locales/en/events.ftl")),
    ("status.ftl", include_str!("../locales/en/status.ftl")),
    ("rules.ftl", include_str!("../locales/en/rules.ftl")),
    ("keys.ftl", include_str!("../locales/en/keys.ftl")),
    ("refusals.ftl", include_str!("../locales/en/refusals.ftl")),
    ("lifecycle.ftl", include_str!("../locales/en/lifecycle.ftl")),
    ("play.ftl", include_str!("../locales/en/play.ftl")),
    ("analysis.ftl", include_str!("../locales/en/analysis.ftl")),
    ("page.ftl", include_str!("../locales/en/page.ftl")),
    ("lookahead.ftl", include_str!("../locales/en/lookahead.ftl")),
    ("listening.ftl", include_str!("../locales/en/listening.ftl")),
];

/// A value passed into a message: text (a name, a detail) or a number (a square, a count).
///
/// Numbers choose plural forms ("1 square", "2 squares"); text chooses variants by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MessageArg {
    /// Text, inserted as it is.
    Str(String),
    /// A whole number.
    Num(i64),
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

impl From<u64> for MessageArg {
    fn from(n: u64) -> Self {
        MessageArg::Num(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<usize> for MessageArg {
    fn from(n: usize) -> Self {
        MessageArg::Num(i64::try_from(n).unwrap_or(i64::MAX))
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

/// A set of messages in one language. Cheap to share: [`Catalogue::english`] is built once.
pub struct Catalogue {
    bundle: FluentBundle<FluentResource>,
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
        static ENGLISH: OnceLock<Arc<Catalogue>> = OnceLock::new();
        ENGLISH
            .get_or_init(|| {
                // The embedded files are checked by the tests of this crate, so failing here
                // means the crate itself was built broken.
                let catalogue = Catalogue::from_sources("en", ENGLISH_SOURCES)
                    .expect("the embedded English catalogue parses");
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
        for (file, text) in sources {
            let resource = FluentResource::try_new(text.to_string()).map_err(|(_, errors)| {
                CatalogueError::Source {
                    file: file.to_string(),
                    detail: errors
                        .iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join("; "),
                }
            })?;
            bundle
                .add_resource(resource)
                .map_err(|errors| CatalogueError::Source {
                    file: file.to_string(),
                    detail: errors
                        .iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join("; "),
                })?;
        }
        Ok(Catalogue { bundle })
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
                MessageArg::Num(n) => FluentValue::from(*n),
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
        text.into_owned()
    }
}

#[cfg(test)]
mod tests {
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
            "jump",
            "game",
            "code",
            "origin",
            "clauses",
            "faces",
            "squares",
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
            "count",
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
