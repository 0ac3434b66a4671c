//! Display names: what a person may be called at a table, and when two names are the same.
//!
//! A name is what other players hear ("Ana rolled a 4"), so it must be visible, unambiguous and
//! the same for everyone. [`check_name`] normalises a name (Unicode NFC, white space trimmed
//! and runs of it made one space) and refuses characters nobody can see or tell apart: controls,
//! format characters (zero-width spaces, direction overrides, the byte-order mark, tags),
//! private-use, unassigned and non-characters, and line or paragraph separators. The one format
//! character kept is the zero-width joiner inside an emoji sequence (👩‍🚀 is 👩, a joiner and
//! 🚀), where it joins two emoji into the one picture people see. [`name_key`]
//! is the name's confusable skeleton (Unicode Technical Standard #39) with letter case aside,
//! so that "Ana", "ana" and "Аna" (with a Cyrillic А) are one name at a table; [`is_bot_name`]
//! says whether a name reads as a bot's ("Bot 1"), which only bots may take.
//!
//! The web server and the terminal game both call these, so a name means the same everywhere.
//!
//! ```
//! use snakes_text::names::{check_name, name_key};
//! use snakes_text::Detail;
//! assert_eq!(check_name("  Ana   Bo ").unwrap(), "Ana Bo");
//! assert_eq!(check_name("Bob\u{200b}"), Err(Detail::NameCharacter { code: 0x200b }));
//! assert_eq!(name_key("Ana"), name_key("\u{410}na")); // Cyrillic capital A
//! assert_ne!(name_key("Ana"), name_key("Anna"));
//! ```

use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};

use crate::catalogue::{Catalogue, LOCALES};
use crate::refusal::Detail;

/// The longest display name, in characters (after normalisation).
pub const MAX_NAME_CHARS: usize = 24;

/// The highest bot number whose name ("Bot 99") is kept for bots.
const BOT_NUMBERS: usize = 99;

/// Whether `c` may appear in a name: a character people can see and tell apart, or a plain
/// space between words.
fn allowed(c: char) -> bool {
    if is_noncharacter(c) {
        return false;
    }
    !matches!(
        c.general_category(),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::PrivateUse
            | GeneralCategory::Unassigned
            | GeneralCategory::Surrogate
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
    )
}

/// Whether `chars[i]` is a zero-width joiner between two emoji (👩‍🚀: a woman, the joiner, a
/// rocket), the one place a format character is part of what people see. The emoji before it
/// may carry a skin tone or the emoji-style selector; digits, `#` and `*`, which Unicode also
/// counts as emoji for their keycaps, do not count here (a joiner between digits would be
/// invisible).
fn joins_emoji(chars: &[char], i: usize) -> bool {
    let emoji = |c: char| !c.is_ascii() && c.is_emoji_char();
    let modifier = |c: char| c == '\u{FE0F}' || ('\u{1F3FB}'..='\u{1F3FF}').contains(&c);
    if chars[i] != '\u{200D}' {
        return false;
    }
    let before = chars[..i].iter().rev().find(|&&c| !modifier(c));
    let after = chars.get(i + 1);
    matches!((before, after), (Some(&b), Some(&a)) if emoji(b) && emoji(a))
}

/// The 66 non-characters of Unicode: U+FDD0 to U+FDEF, and the last two code points of every
/// plane.
fn is_noncharacter(c: char) -> bool {
    let c = u32::from(c);
    (0xFDD0..=0xFDEF).contains(&c) || c & 0xFFFE == 0xFFFE
}

/// Checks a display name and returns it normalised: NFC, white space trimmed and each run of
/// it made one space, 1 to [`MAX_NAME_CHARS`] characters, every character one people can see.
///
/// # Errors
/// The [`Detail`] of a `bad_name` refusal: [`Detail::NameEmpty`], [`Detail::NameTooLong`],
/// [`Detail::NameControl`] for a control character, [`Detail::NameCharacter`] for another
/// character that cannot be seen or told apart (named by its code point).
pub fn check_name(name: &str) -> Result<String, Detail> {
    // Refuse before normalising: NFC of a huge string costs, and a name is short.
    if name.len() > MAX_NAME_CHARS * 4 * 4 {
        return Err(Detail::NameTooLong {
            max: MAX_NAME_CHARS,
        });
    }
    if name.chars().any(char::is_control) {
        return Err(Detail::NameControl);
    }
    let chars: Vec<char> = name.chars().collect();
    if let Some(&c) = chars.iter().enumerate().find_map(|(i, c)| {
        let ok = c.is_whitespace() || allowed(*c) || joins_emoji(&chars, i);
        (!ok).then_some(c)
    }) {
        return Err(Detail::NameCharacter { code: c.into() });
    }
    let normal: String = name.nfc().collect();
    let name = normal.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err(Detail::NameEmpty);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(Detail::NameTooLong {
            max: MAX_NAME_CHARS,
        });
    }
    Ok(name)
}

/// The key two names are compared by: the confusable skeleton of UTS #39, letter case aside.
/// Names with equal keys are the same name at a table.
pub fn name_key(name: &str) -> String {
    let skeleton: String = unicode_security::skeleton(name).collect();
    unicode_security::skeleton(&skeleton.to_lowercase()).collect()
}

/// Whether `name` reads as the name of a bot in `catalogue`'s language ("Bot 1" to "Bot 99",
/// look-alikes included): such names are kept for bots.
pub fn is_bot_name(catalogue: &Catalogue, name: &str) -> bool {
    // The bots' names of each shipped language, made once: every name taken is checked
    // against every language's.
    static SHIPPED: [OnceLock<Vec<String>>; LOCALES.len()] =
        [const { OnceLock::new() }; LOCALES.len()];
    let keys = |c: &Catalogue| -> Vec<String> {
        (1..=BOT_NUMBERS)
            .map(|k| name_key(&crate::narrator::bot_name(c, k)))
            .collect()
    };
    let key = name_key(name);
    match (0..LOCALES.len()).find(|&i| std::ptr::eq(catalogue, &*Catalogue::shipped(i))) {
        Some(i) => SHIPPED[i].get_or_init(|| keys(catalogue)).contains(&key),
        None => keys(catalogue).contains(&key),
    }
}

/// Whether `name` reads as the word `catalogue`'s sentences say to the listener ("you", in any
/// case, look-alikes included): "You rolled a 4" or "You's turn" said of another player would
/// mislead everyone, so such a name is refused ([`Detail::NameYou`]).
pub fn reads_as_you(catalogue: &Catalogue, name: &str) -> bool {
    name_key(name.trim()) == name_key(&catalogue.format("you", &[]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalised() {
        assert_eq!(check_name("  Ana ").unwrap(), "Ana");
        assert_eq!(check_name("Ana \u{3000} Bo").unwrap(), "Ana Bo");
        // "e" + combining acute becomes one character, so the limit counts what people see.
        let decomposed = "e\u{301}".repeat(MAX_NAME_CHARS);
        assert_eq!(
            check_name(&decomposed).unwrap(),
            "\u{e9}".repeat(MAX_NAME_CHARS)
        );
        assert_eq!(check_name(" \u{3000} "), Err(Detail::NameEmpty));
        assert_eq!(
            check_name(&"x".repeat(MAX_NAME_CHARS + 1)),
            Err(Detail::NameTooLong {
                max: MAX_NAME_CHARS
            })
        );
        assert_eq!(
            check_name(&"x".repeat(100_000)),
            Err(Detail::NameTooLong {
                max: MAX_NAME_CHARS
            })
        );
    }

    #[test]
    fn invisible_and_private_characters_are_refused_by_code_point() {
        assert_eq!(check_name("a\u{7}b"), Err(Detail::NameControl));
        assert_eq!(check_name("Bo\nb"), Err(Detail::NameControl));
        for (name, code) in [
            ("Bob\u{200b}", 0x200b),     // zero-width space (Cf)
            ("\u{202e}boB", 0x202e),     // right-to-left override (Cf)
            ("\u{feff}Bob", 0xfeff),     // byte-order mark (Cf)
            ("Bob\u{e0041}", 0xe0041),   // tag letter A (Cf)
            ("Bob\u{e000}", 0xe000),     // private use (Co)
            ("Bob\u{f0000}", 0xf0000),   // supplementary private use (Co)
            ("Bob\u{fdd0}", 0xfdd0),     // non-character
            ("Bob\u{ffff}", 0xffff),     // non-character
            ("Bob\u{10ffff}", 0x10ffff), // non-character
            ("Bob\u{0378}", 0x0378),     // unassigned
            ("Bob\u{2060}", 0x2060),     // word joiner (Cf)
            ("Bob\u{00ad}", 0x00ad),     // soft hyphen (Cf)
        ] {
            assert_eq!(
                check_name(name),
                Err(Detail::NameCharacter { code }),
                "{name:?}"
            );
        }
        // Letters of every script, emoji and punctuation are names.
        for name in ["Zoë", "Анна", "李小龍", "Bo 🐍", "O'Neil-Smith", "ناديا"] {
            assert_eq!(check_name(name).unwrap(), name);
        }
    }

    #[test]
    fn a_joiner_inside_an_emoji_sequence_is_part_of_the_name() {
        // An astronaut, a woman with a skin tone and red hair, a woman running, a family.
        for name in [
            "\u{1f469}\u{200d}\u{1f680} Ana",
            "Bo \u{1f469}\u{1f3fd}\u{200d}\u{1f9b0}",
            "\u{1f3c3}\u{200d}\u{2640}\u{fe0f}",
            "\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}",
        ] {
            assert_eq!(check_name(name).unwrap(), name, "{name:?}");
        }
        // Anywhere else a joiner is invisible: between letters, between digits, at either end.
        for name in [
            "Bo\u{200d}b",
            "Bob1\u{200d}2",
            "\u{1f680}\u{200d}",
            "\u{200d}\u{1f680}",
            "a\u{200d}\u{1f680}",
        ] {
            assert_eq!(
                check_name(name),
                Err(Detail::NameCharacter { code: 0x200d }),
                "{name:?}"
            );
        }
    }

    #[test]
    fn look_alikes_share_a_key() {
        let same = [
            ("Ana", "ana"),
            ("Ana", "\u{410}na"), // Cyrillic А
            ("Bob", "B\u{43e}b"), // Cyrillic о
            ("Paypal", "PayPaI"), // capital i for l
            ("Cy", "\u{421}y"),   // Cyrillic С
            ("Ana", "\u{391}na"), // Greek Alpha
        ];
        for (a, b) in same {
            assert_eq!(name_key(a), name_key(b), "{a} and {b}");
        }
        for (a, b) in [("Ana", "Anna"), ("Bo", "Bob"), ("Cy", "Cyd")] {
            assert_ne!(name_key(a), name_key(b), "{a} and {b}");
        }
    }

    #[test]
    fn names_that_read_as_you() {
        let c = Catalogue::english();
        for name in ["You", "you", "YOU", " yOu ", "Y\u{43e}u"] {
            assert!(reads_as_you(&c, name), "{name}");
        }
        for name in ["Your", "Yo", "Youssef", "Me"] {
            assert!(!reads_as_you(&c, name), "{name}");
        }
    }

    #[test]
    fn bot_names_are_kept_for_bots() {
        let c = Catalogue::english();
        for name in ["Bot 1", "bot 2", "BOT 99", "B\u{43e}t 3", "Bot l"] {
            assert!(is_bot_name(&c, name), "{name}");
        }
        for name in ["Bot", "Botany", "Bot 100", "Robot 1", "Bo"] {
            assert!(!is_bot_name(&c, name), "{name}");
        }
    }
}
