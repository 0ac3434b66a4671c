//! Display names: what a person may be called at a table, and when two names are the same.
//!
//! A name is what other players hear ("Ana rolled a 4"), so it must be visible, unambiguous and
//! the same for everyone. [`check_name`] normalises a name (Unicode NFC, white space trimmed
//! and runs of it made one space) and refuses characters nobody can see or tell apart: controls,
//! format characters (zero-width spaces, direction overrides, the byte-order mark, tags),
//! private-use, unassigned and non-characters, and line or paragraph separators. The one format
//! character kept is the zero-width joiner inside an emoji sequence (👩‍🚀 is 👩, a joiner and
//! 🚀), where it joins two emoji into the one picture people see. [`same_name`] compares
//! names by their confusable skeleton (Unicode Technical Standard #39) with letter case aside,
//! so that "Ana", "ana" and "Аna" (with a Cyrillic А) are one name at a table; [`is_bot_name`]
//! says whether a name reads as a bot's ("Bot 1"), which only bots may take.
//!
//! The web server and the terminal game both call these, so a name means the same everywhere.
//!
//! ```
//! use snakes_text::names::{check_name, same_name};
//! use snakes_text::Detail;
//! assert_eq!(check_name("  Ana   Bo ").unwrap(), "Ana Bo");
//! assert_eq!(check_name("Bob\u{200b}"), Err(Detail::NameCharacter { code: 0x200b }));
//! assert!(same_name("Ana", "\u{410}na")); // Cyrillic capital A
//! assert!(same_name("Ian", "ian"));
//! assert!(!same_name("Ana", "Anna"));
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
    if is_noncharacter(c) || is_blank_letter(c) {
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

/// Characters that Unicode counts as letters, marks or symbols but that draw nothing: the
/// Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the blank Braille pattern (U+2800), the
/// combining grapheme joiner (U+034F), the Khmer inherent vowels (U+17B4, U+17B5), the Mongolian
/// variation selectors (U+180B to U+180D, U+180F) and the supplementary variation selectors
/// (U+E0100 to U+E01EF). A name made of them would be heard as nothing and seen as nothing.
/// The variation selectors U+FE00 to U+FE0F are kept after an emoji only ([`follows_emoji`]).
fn is_blank_letter(c: char) -> bool {
    matches!(
        c,
        '\u{115F}'
            | '\u{1160}'
            | '\u{3164}'
            | '\u{FFA0}'
            | '\u{2800}'
            | '\u{034F}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180D}'
            | '\u{180F}'
            | '\u{E0100}'..='\u{E01EF}'
    )
}

/// Whether `c` is one of the variation selectors U+FE00 to U+FE0F.
fn is_style_selector(c: char) -> bool {
    ('\u{FE00}'..='\u{FE0F}').contains(&c)
}

/// Whether the variation selector `chars[i]` follows an emoji, where it picks the emoji's
/// picture or text style (❤️ is ❤ and U+FE0F), or a keycap's digit, `#` or `*` (1️⃣ is 1,
/// U+FE0F and the enclosing keycap U+20E3). After a letter it changes nothing anyone sees.
fn follows_emoji(chars: &[char], i: usize) -> bool {
    let Some(&before) = i.checked_sub(1).and_then(|b| chars.get(b)) else {
        return false;
    };
    let keycap = matches!(before, '0'..='9' | '#' | '*') && chars.get(i + 1) == Some(&'\u{20E3}');
    (!before.is_ascii() && before.is_emoji_char()) || keycap
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
        let ok = if is_style_selector(*c) {
            follows_emoji(&chars, i)
        } else {
            c.is_whitespace() || allowed(*c) || joins_emoji(&chars, i)
        };
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
    // "3 rolled a 4 and went to 7": a player named by a number is heard as one.
    if name.chars().all(|c| c.is_numeric() || c == ' ') {
        return Err(Detail::NameNumber { name });
    }
    Ok(name)
}

/// Whether two names are the same name at a table: equal once look-alike letters from any
/// script are made one (the confusable skeleton of Unicode Technical Standard #39) and letter
/// case is set aside. Case is set aside both before and after the skeleton, because the
/// skeleton reads a capital I as a lower-case l: "Ian" is the same name as "ian" and "IAN"
/// (letters), and as "lan" (looks).
pub fn same_name(a: &str, b: &str) -> bool {
    NameKey::of(a).same(&NameKey::of(b))
}

/// Whether two names look alike with letter case set aside after the skeleton (the looks half
/// of [`same_name`]): the one rule of names every version of the server has kept, so a record
/// of an older game is checked against it alone.
pub fn looks_alike(a: &str, b: &str) -> bool {
    NameKey::of(a).looks == NameKey::of(b).looks
}

/// What [`same_name`] compares.
#[derive(Debug)]
struct NameKey {
    /// The skeleton of the lower-cased skeleton: "PayPaI" and "Paypal" share it.
    looks: String,
    /// The skeleton of the lower-cased name: "Ian" and "ian" share it.
    letters: String,
}

impl NameKey {
    fn of(name: &str) -> NameKey {
        let skeleton = |s: &str| unicode_security::skeleton(s).collect::<String>();
        NameKey {
            looks: skeleton(&skeleton(name).to_lowercase()),
            // Lower case turns the Turkish İ into i and a combining dot above: the i of
            // "inci", which "İnci" is in capitals.
            letters: skeleton(&name.to_lowercase().replace("i\u{307}", "i")),
        }
    }

    fn same(&self, other: &NameKey) -> bool {
        self.looks == other.looks || self.letters == other.letters
    }
}

/// Whether `name` reads as the name of a bot in `catalogue`'s language ("Bot 1" to "Bot 99",
/// look-alikes included): such names are kept for bots.
pub fn is_bot_name(catalogue: &Catalogue, name: &str) -> bool {
    // The bots' names of each shipped language, made once: every name taken is checked
    // against every language's.
    static SHIPPED: [OnceLock<Vec<NameKey>>; LOCALES.len()] =
        [const { OnceLock::new() }; LOCALES.len()];
    let keys = |c: &Catalogue| -> Vec<NameKey> {
        (1..=BOT_NUMBERS)
            .map(|k| NameKey::of(&crate::narrator::bot_name(c, k)))
            .collect()
    };
    let key = NameKey::of(name);
    let is_one_of = |keys: &[NameKey]| keys.iter().any(|k| k.same(&key));
    match (0..LOCALES.len()).find(|&i| std::ptr::eq(catalogue, &*Catalogue::shipped(i))) {
        Some(i) => is_one_of(SHIPPED[i].get_or_init(|| keys(catalogue))),
        None => is_one_of(&keys(catalogue)),
    }
}

/// Whether `name` reads as the word `catalogue`'s sentences say to the listener ("you", in any
/// case, look-alikes included): "You rolled a 4" or "You's turn" said of another player would
/// mislead everyone, so such a name is refused ([`Detail::NameYou`]).
pub fn reads_as_you(catalogue: &Catalogue, name: &str) -> bool {
    same_name(name.trim(), &catalogue.format("you", &[]))
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
            ("\u{3164}", 0x3164),        // Hangul filler (Lo)
            ("Bo\u{ffa0}", 0xffa0),      // halfwidth Hangul filler (Lo)
            ("\u{115f}Bo", 0x115f),      // Hangul choseong filler (Lo)
            ("\u{1160}", 0x1160),        // Hangul jungseong filler (Lo)
            ("\u{2800}", 0x2800),        // blank Braille pattern (So)
            ("Bo\u{34f}b", 0x34f),       // combining grapheme joiner (Mn)
            ("Bo\u{fe0f}", 0xfe0f),      // emoji style after a letter (Mn)
            ("Bo\u{e0100}", 0xe0100),    // supplementary variation selector (Mn)
        ] {
            assert_eq!(
                check_name(name),
                Err(Detail::NameCharacter { code }),
                "{name:?}"
            );
        }
        // Digits alone, of any script, would be heard as a number; with a letter, a name.
        for name in ["7", "007", "3 14", "٣٤", "１２"] {
            assert_eq!(
                check_name(name),
                Err(Detail::NameNumber { name: name.into() }),
                "{name:?}"
            );
        }
        for name in ["Agent 007", "R2D2", "7a"] {
            assert_eq!(check_name(name).unwrap(), name);
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
            "Ana \u{2764}\u{fe0f}",      // a red heart in emoji style
            "\u{31}\u{fe0f}\u{20e3} Bo", // the keycap 1
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
    fn look_alikes_and_letter_case_make_the_same_name() {
        let same = [
            ("Ana", "ana"),
            ("Ian", "ian"), // capital I, which the skeleton reads as l
            ("Iris", "IRIS"),
            ("Ian", "lan"),       // a capital I looks like a lower-case l
            ("İnci", "inci"),     // Turkish dotted capital I
            ("Ana", "\u{410}na"), // Cyrillic А
            ("Bob", "B\u{43e}b"), // Cyrillic о
            ("Paypal", "PayPaI"), // capital i for l
            ("Cy", "\u{421}y"),   // Cyrillic С
            ("Ana", "\u{391}na"), // Greek Alpha
        ];
        for (a, b) in same {
            assert!(same_name(a, b), "{a} and {b}");
            assert!(same_name(b, a), "{b} and {a}");
        }
        for (a, b) in [
            ("Ana", "Anna"),
            ("Bo", "Bob"),
            ("Cy", "Cyd"),
            ("Ali", "All"),
        ] {
            assert!(!same_name(a, b), "{a} and {b}");
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
