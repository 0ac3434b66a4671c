//! The words of the game's own sentences in each language, which a name may not hold: a name is
//! heard inside those sentences ("Ana rolled a 4"), and a word of theirs inside a name would be
//! heard as the game speaking ("Your turn rolled a 4").
//!
//! The sentences a name can be heard in are every message of [`HEARD_FILES`] and the messages of
//! [`NAMING_FILES`] that name a player (`$name`). Their words are read from the catalogue's
//! own files, every variant of every message, so a sentence added or reworded changes what
//! names may hold with nothing else to change. A word is a run of letters, marks and digits
//! (apostrophes and every other mark split words: "Bo's" is "Bo" and "s"); Chinese has no
//! spaces between words, so in a run of Han characters each two characters side by side count as
//! a word, and so does a character that stands alone between two parts of a sentence (和 in
//! "Ana和Bo"). Words are compared as names are: letter case and look-alike letters aside.

use std::collections::HashSet;
use std::sync::OnceLock;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Message, Pattern, PatternElement};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

use crate::catalogue::{Catalogue, LOCALES};
use crate::refusal::Detail;

/// The files whose every message may be said at a table with a name in it: the moves, the
/// table's life, the answers to the keys, the history read back, what people say.
pub(crate) const HEARD_FILES: &[&str] = &[
    "events.ftl",
    "lifecycle.ftl",
    "status.ftl",
    "lookahead.ftl",
    "listening.ftl",
    "talk.ftl",
];

/// The files of which only the messages that name a player count (the panel's lines, the
/// catch-up, the lobby's rows, a refusal naming whose turn it is), the refusals' details
/// apart: those are said only to the one choosing a name.
pub(crate) const NAMING_FILES: &[&str] = &["page.ftl", "refusals.ftl"];

/// The marks the game's sentences put between their parts and between names in a list, which
/// a name may not hold: a name "Ana, Bo" would be heard as two players.
pub(crate) const SEPARATORS: &[char] = &[',', ';', ':', '、', '，', '；', '：'];

/// The marks that join two names ("Ana & Bo", "Ana/Bo"), heard as "and": a name holding one
/// between two of its parts would be heard as two players.
pub(crate) const JOINS: &[char] = &['&', '+', '/', '＆', '＋', '／'];

/// The marks that end a sentence: in a name, one followed by a space ("Bo. Ana") would be heard
/// as a sentence ending, and a full-width one (Chinese writes no spaces) anywhere.
const ENDS: &[char] = &['.', '!', '?'];
const WIDE_ENDS: &[char] = &['。', '！', '？'];

/// Whether `c` is a Han character (Chinese, and the Hanja of Korean, the Kanji of Japanese).
pub(crate) fn is_han(c: char) -> bool {
    matches!(c,
        '\u{3007}'
        | '\u{3400}'..='\u{4DBF}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{20000}'..='\u{3134F}')
}

/// Whether `c` belongs to a word: a letter, a mark or a digit.
fn in_word(c: char) -> bool {
    c.is_alphanumeric() || c.general_category_group() == GeneralCategoryGroup::Mark
}

/// A piece of text as it is heard: a word, or a run of Han characters (whose words are its
/// pairs of characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece<'a> {
    /// A run of letters, marks and digits but Han characters.
    Word(&'a str),
    /// A run of Han characters.
    Han(&'a str),
}

/// The pieces of `text`, in order.
pub(crate) fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, bool)> = None;
    for (i, c) in text.char_indices() {
        let kind = in_word(c).then(|| is_han(c));
        match (start, kind) {
            (Some((_, han)), Some(k)) if han == k => {}
            (Some((s, han)), _) => {
                out.push(if han {
                    Piece::Han(&text[s..i])
                } else {
                    Piece::Word(&text[s..i])
                });
                start = kind.map(|k| (i, k));
            }
            (None, Some(k)) => start = Some((i, k)),
            (None, None) => {}
        }
    }
    if let Some((s, han)) = start {
        out.push(if han {
            Piece::Han(&text[s..])
        } else {
            Piece::Word(&text[s..])
        });
    }
    out
}

/// The pairs of Han characters side by side in a run: its words.
pub(crate) fn han_pairs(run: &str) -> Vec<String> {
    let chars: Vec<char> = run.chars().collect();
    chars.windows(2).map(|w| w.iter().collect()).collect()
}

/// A word as names are compared: compatibility forms made plain (full-width letters), then
/// letter case and look-alike letters set aside (the skeleton of Unicode Technical Standard
/// #39, as [`crate::names::same_name`] compares names).
pub(crate) fn key(word: &str) -> String {
    let skeleton = |s: &str| unicode_security::skeleton(s).collect::<String>();
    let plain: String = word.nfkc().collect();
    skeleton(&skeleton(&plain).to_lowercase())
}

/// What names may not hold in one language.
#[derive(Debug, Default)]
pub(crate) struct GameWords {
    /// The keys of the words of the game's sentences, the glue aside.
    words: HashSet<String>,
    /// The keys of the words that say "you" (`name-you-words`).
    you: HashSet<String>,
    /// The keys of the words that join two names (`name-and-words`).
    and: HashSet<String>,
    /// Those of them written in Hangul, which Korean attaches to the word before ("Ana와 Bo").
    particles: Vec<String>,
    /// The keys of how the names of bots and seats begin ("bot", "player", "your bot"): a name
    /// beginning so, followed by anything but a letter, is theirs.
    reserved: Vec<String>,
}

impl GameWords {
    /// The words of `LOCALES[lang]` (English past the end), made once.
    pub(crate) fn of(lang: usize) -> &'static GameWords {
        static BUILT: [OnceLock<GameWords>; LOCALES.len()] =
            [const { OnceLock::new() }; LOCALES.len()];
        let lang = if lang < LOCALES.len() { lang } else { 0 };
        BUILT[lang].get_or_init(|| GameWords::build(lang))
    }

    fn build(lang: usize) -> GameWords {
        let catalogue = Catalogue::shipped(lang);
        let listed = |id: &str| -> HashSet<String> {
            catalogue
                .format(id, &[])
                .split_whitespace()
                .map(key)
                .collect()
        };
        let glue = listed("name-glue-words");
        let you = listed("name-you-words");
        let and = listed("name-and-words");
        let particles = catalogue
            .format("name-and-words", &[])
            .split_whitespace()
            .filter(|w| w.chars().all(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)))
            .map(str::to_string)
            .collect();
        let mut words = HashSet::new();
        for text in sentence_texts(lang) {
            add_words(&text, &glue, &mut words);
        }
        for w in &you {
            words.insert(w.clone());
        }
        let opening = |id: &str, args: &[(&str, crate::MessageArg)]| {
            let name = catalogue.format(id, args);
            // What comes before the number: "Bot " of "Bot 1", "机器人" of "机器人1".
            let head: String = name.chars().take_while(|c| !c.is_numeric()).collect();
            key(head.trim())
        };
        let reserved = vec![
            opening("bot-name", &[("number", 1usize.into())]),
            opening("player-name", &[("number", 1usize.into())]),
            key(catalogue.format("stand-in-name", &[]).trim()),
        ];
        GameWords {
            words,
            you,
            and,
            particles,
            reserved,
        }
    }

    /// Whether `word` (a word, a Han pair or a lone Han character) is one of the game's, the
    /// glue aside.
    pub(crate) fn has(&self, word: &str) -> bool {
        self.words.contains(&key(word))
    }

    /// Whether `name` holds a word that says "you" (`name-you-words`), or in Korean, which
    /// attaches words together, begins a word with one followed by a word of the sentences:
    /// "내차례예요" and "당신차례" are "내 차례예요" (your turn) said without its space ("나연" is
    /// a name).
    pub(crate) fn says_you(&self, name: &str) -> bool {
        let you = |w: &str| self.you.contains(&key(w));
        pieces(name).into_iter().any(|piece| match piece {
            Piece::Word(w) => you(w) || self.you_attached(w),
            Piece::Han(run) => run.chars().any(|c| you(&c.to_string())),
        })
    }

    /// Whether the Hangul word `w` is a word of "you" with a word of the sentences attached, of
    /// two syllables or more (the whole word, or the start of one: "차례" of "차례예요").
    /// Compared as keys, whose Hangul is in letters (jamo): two syllables are four of them or
    /// more.
    fn you_attached(&self, w: &str) -> bool {
        let hangul = w.chars().all(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c));
        let w = key(w);
        hangul
            && self.you.iter().any(|u| {
                w.strip_prefix(u.as_str()).is_some_and(|rest| {
                    rest.chars().count() >= 4
                        && self.words.iter().any(|g| {
                            g.chars().count() >= 4
                                && (g.starts_with(rest) || rest.starts_with(g.as_str()))
                        })
                })
            })
    }

    /// Whether `name` begins as a bot's or a seat's name does, followed by nothing or by
    /// anything but a letter: "Bot 1", "Bot1", "Bot 100", "Bot X" (but "Botany").
    pub(crate) fn is_reserved(&self, name: &str) -> bool {
        let name = name.trim();
        // Compared a beginning at a time: the skeleton reads a 1 as an l, so "Bot1" must be
        // cut before its digit is looked at.
        name.char_indices()
            .map(|(i, _)| i)
            .chain([name.len()])
            .skip(1)
            .any(|end| {
                let next = name[end..].chars().next();
                !next.is_some_and(char::is_alphabetic)
                    && self
                        .reserved
                        .iter()
                        .any(|r| !r.is_empty() && key(&name[..end]) == *r)
            })
    }

    /// Checks that `name` (already through [`crate::names::check_name`]) cannot be heard as
    /// part of a sentence of this language.
    pub(crate) fn check(&self, name: &str) -> Result<(), Detail> {
        let named = || name.to_string();
        if self.is_reserved(name) {
            return Err(Detail::NameReserved { name: named() });
        }
        if self.says_you(name) {
            return Err(Detail::NameYou { name: named() });
        }
        if let Some(word) = self.joins(name) {
            return Err(Detail::NameJoins {
                name: named(),
                word,
            });
        }
        let chars: Vec<char> = name.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let ends_inside =
                ENDS.contains(&c) && chars.get(i + 1).is_some_and(|n| n.is_whitespace());
            if SEPARATORS.contains(&c) || WIDE_ENDS.contains(&c) || ends_inside {
                return Err(Detail::NameMark {
                    name: named(),
                    mark: c.to_string(),
                });
            }
        }
        // A number of its own ("Agent 007", "Bo went to 100") is heard as a square or a roll;
        // digits inside a word ("R2D2") are part of the word.
        if name
            .split(|c: char| !in_word(c))
            .any(|w| !w.is_empty() && w.chars().all(char::is_numeric))
        {
            return Err(Detail::NameNumber { name: named() });
        }
        let said = |word: &str| {
            Err(Detail::NameGameWord {
                name: named(),
                word: word.to_string(),
            })
        };
        for piece in pieces(name) {
            match piece {
                Piece::Word(w) if self.has(w) => return said(w),
                Piece::Word(_) => {}
                Piece::Han(run) => {
                    let lone = run.chars().map(String::from).find(|c| self.has(c));
                    let pair = han_pairs(run).into_iter().find(|p| self.has(p));
                    if let Some(word) = lone.or(pair) {
                        return said(&word);
                    }
                }
            }
        }
        Ok(())
    }
}

impl GameWords {
    /// The word or mark of `name` that joins two of its parts, if any: a mark of [`JOINS`] or a
    /// Han word of `name-and-words` with a letter or a digit on each side ("Ana&Bo", "李与王"),
    /// a word of them between two words ("Ana and Bo", "Ana 및 Bo"), or a Korean particle ending
    /// a word that another follows ("Ana와 Bo").
    fn joins(&self, name: &str) -> Option<String> {
        let chars: Vec<char> = name.chars().collect();
        let between = |i: usize| {
            chars[..i].iter().any(|&c| in_word(c)) && chars[i + 1..].iter().any(|&c| in_word(c))
        };
        for (i, &c) in chars.iter().enumerate() {
            let joining =
                JOINS.contains(&c) || (is_han(c) && self.and.contains(&key(&c.to_string())));
            if joining && between(i) {
                return Some(c.to_string());
            }
        }
        let words: Vec<&str> = pieces(name)
            .into_iter()
            .filter_map(|p| match p {
                Piece::Word(w) => Some(w),
                Piece::Han(_) => None,
            })
            .collect();
        let last = words.len().saturating_sub(1);
        for (i, w) in words.iter().enumerate() {
            if i > 0 && i < last && self.and.contains(&key(w)) {
                return Some((*w).to_string());
            }
            if i < last
                && let Some(p) = self
                    .particles
                    .iter()
                    .find(|p| w.len() > p.len() && w.ends_with(p.as_str()))
            {
                return Some(p.clone());
            }
        }
        None
    }
}

/// Adds the words of a piece of a sentence's text to `words`, the glue aside: each word, and
/// in a run of Han characters each pair side by side, or the character itself when it stands
/// alone. Words with digits in them are numbers said with their unit ("4点"), which the rule
/// of numbers covers.
fn add_words(text: &str, glue: &HashSet<String>, words: &mut HashSet<String>) {
    for piece in pieces(text) {
        match piece {
            Piece::Word(w) => {
                let k = key(w);
                if !w.chars().any(char::is_numeric) && !glue.contains(&k) {
                    words.insert(k);
                }
            }
            Piece::Han(run) if run.chars().count() == 1 => {
                words.insert(key(run));
            }
            Piece::Han(run) => words.extend(han_pairs(run).iter().map(|p| key(p))),
        }
    }
}

/// The text of every sentence a name can be heard in, in `LOCALES[lang]`: each run of text
/// between two placeables of every variant of every such message, one string each.
pub(crate) fn sentence_texts(lang: usize) -> Vec<String> {
    let mut texts = Vec::new();
    for (file, source) in LOCALES[lang].sources {
        let whole = HEARD_FILES.contains(file);
        if !whole && !NAMING_FILES.contains(file) {
            continue;
        }
        let Ok(resource) = fluent_syntax::parser::parse(*source) else {
            continue;
        };
        for entry in &resource.body {
            let Entry::Message(message) = entry else {
                continue;
            };
            if let Some(value) = &message.value
                && (whole || names_a_player(message))
            {
                pattern_texts(value, &mut texts);
            }
        }
    }
    texts
}

/// Whether a message names a player (`$name`), a refusal's detail apart.
fn names_a_player(message: &Message<&str>) -> bool {
    if message.id.name.starts_with("detail-") {
        return false;
    }
    let mut found = false;
    if let Some(value) = &message.value {
        visit(value, &mut |inline| {
            if let InlineExpression::VariableReference { id } = inline {
                found |= id.name == "name";
            }
        });
    }
    found
}

fn visit<'a>(pattern: &Pattern<&'a str>, f: &mut impl FnMut(&InlineExpression<&'a str>)) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            visit_expression(expression, f);
        }
    }
}

fn visit_expression<'a>(
    expression: &Expression<&'a str>,
    f: &mut impl FnMut(&InlineExpression<&'a str>),
) {
    match expression {
        Expression::Select { selector, variants } => {
            f(selector);
            for v in variants {
                visit(&v.value, f);
            }
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            visit_expression(expression, f);
        }
        Expression::Inline(inline) => f(inline),
    }
}

/// The runs of text of `pattern` (and of its variants, and the string literals in it).
fn pattern_texts(pattern: &Pattern<&str>, into: &mut Vec<String>) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => into.push((*value).to_string()),
            PatternElement::Placeable { expression } => expression_texts(expression, into),
        }
    }
}

fn expression_texts(expression: &Expression<&str>, into: &mut Vec<String>) {
    match expression {
        Expression::Select { variants, .. } => {
            for v in variants {
                pattern_texts(&v.value, into);
            }
        }
        Expression::Inline(InlineExpression::StringLiteral { value }) => {
            into.push((*value).to_string());
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            expression_texts(expression, into);
        }
        // A key's letter (`{ -key-come-back }`), as the table of keys gives it.
        Expression::Inline(InlineExpression::TermReference { id, .. }) => {
            let term = format!("-{}", id.name);
            let keys = crate::keys::KEYS.iter();
            into.extend(
                keys.filter(|k| k.term() == Some(term.clone()))
                    .map(|k| k.name()),
            );
        }
        Expression::Inline(_) => {}
    }
}
