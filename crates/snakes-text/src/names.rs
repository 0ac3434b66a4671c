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
//! says whether a name reads as a bot's ("Bot 1", "Bot1", "Bot X"), which only bots may take.
//!
//! A name is also heard inside the game's sentences, so [`check_heard`] refuses a name that
//! could be heard as part of one, in a language of [`LOCALES`]: a name holding a word of the
//! game's own sentences ("Your turn", "Bo went to 100"; the few short words that glue names
//! together, "de la", "of the", aside), a form of "you", the beginning of a bot's name followed
//! by anything but a letter ("Bot1", "Bot 100"), a number standing as a word ("Agent 007"), or
//! a mark the sentences put between their parts (a comma, a colon, a full stop before a space).
//! The words are read from the catalogue itself (`names/heard.rs`), every variant of every
//! sentence a name is heard in, so a sentence added changes what names may hold. The test
//! `no_announcement_reads_two_ways` (its doc comment says exactly what it checks) runs every
//! such sentence of every language with hostile names.
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

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};

use crate::catalogue::{Catalogue, LOCALES, Locale};
use crate::refusal::Detail;

pub(crate) mod heard;
#[cfg(test)]
mod tests;

use heard::GameWords;

/// The longest display name, in characters (after normalisation).
pub const MAX_NAME_CHARS: usize = 24;

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

/// The first character of `text` that people cannot see or tell apart (a control, a format
/// character but the joiner inside an emoji sequence, a private-use, unassigned or
/// non-character, a letter that draws nothing, a line or paragraph separator), if any: what
/// neither a name nor a message may hold.
pub(crate) fn unseen(text: &str) -> Option<char> {
    let chars: Vec<char> = text.chars().collect();
    chars.iter().enumerate().find_map(|(i, c)| {
        let ok = if is_style_selector(*c) {
            follows_emoji(&chars, i)
        } else {
            c.is_whitespace() || allowed(*c) || joins_emoji(&chars, i)
        };
        (!ok).then_some(*c)
    })
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
    if let Some(c) = unseen(name) {
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
/// (letters), and as "lan" (looks). What people read past is set aside too: compatibility forms
/// ("Ⓑⓞ", "ᴬna" and "Ｂo" are "Bo" and "Ana"), the marks on Latin, Greek and Cyrillic letters
/// ("Bö", "Aná", "B̸o" are "Bo", "Ana", "Bo"; a speech synthesiser may not say them), and the
/// digits and letters that stand for each other in a name ("8o", "5am", "L1" and "Ll" are "Bo",
/// "Sam" and "Li").
pub fn same_name(a: &str, b: &str) -> bool {
    NameKeys::of(a).same(&NameKeys::of(b))
}

/// Whether two names look alike with letter case set aside after the skeleton (the looks half
/// of [`same_name`]): the one rule of names every version of the server has kept, so a record
/// of an older game is checked against it alone.
pub fn looks_alike(a: &str, b: &str) -> bool {
    NameKeys::of(a).looks == NameKeys::of(b).looks
}

/// What [`same_name`] compares: two names are the same when any of their keys is equal. A
/// store of members keeps the three keys of each member's name, each unique, so that a name
/// is held against every name the same as it by three exact lookups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameKeys {
    /// The skeleton of the lower-cased skeleton: "PayPaI" and "Paypal" share it.
    pub looks: String,
    /// The skeleton of the lower-cased name: "Ian" and "ian" share it.
    pub letters: String,
    /// The looks of the name made plain (its compatibility forms, and the marks on Latin,
    /// Greek and Cyrillic letters dropped), with the digits and letters that stand for each
    /// other made one: "Bö", "Ⓑⓞ" and "8o" share it with "Bo".
    pub plain: String,
}

impl NameKeys {
    /// The keys of `name`.
    pub fn of(name: &str) -> NameKeys {
        let skeleton = |s: &str| unicode_security::skeleton(s).collect::<String>();
        let looks = |s: &str| skeleton(&skeleton(s).to_lowercase());
        NameKeys {
            looks: looks(name),
            // Lower case turns the Turkish İ into i and a combining dot above: the i of
            // "inci", which "İnci" is in capitals.
            letters: skeleton(&name.to_lowercase().replace("i\u{307}", "i")),
            plain: looks(&plain(name))
                .chars()
                .map(|c| match c {
                    '8' => 'b',
                    '5' => 's',
                    '1' | 'i' => 'l',
                    c => c,
                })
                .collect(),
        }
    }

    /// Whether the two names are one: any of their keys equal.
    pub fn same(&self, other: &NameKeys) -> bool {
        self.looks == other.looks || self.letters == other.letters || self.plain == other.plain
    }
}

/// `name` without what people read past: its compatibility forms made plain (NFKC: a circled
/// or a full-width letter, a modifier letter) and the marks on Latin, Greek and Cyrillic
/// letters dropped (ö, á, B̸). The marks of other scripts stay: a Hindi vowel sign or a Thai
/// tone mark makes another name.
fn plain(name: &str) -> String {
    let compatible: String = name.nfkc().collect();
    let mut marked = false;
    let mut out = String::with_capacity(compatible.len());
    for c in compatible.nfd() {
        let mark = matches!(
            c.general_category(),
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        );
        if mark && marked {
            continue;
        }
        if !mark {
            // Latin, Greek and Cyrillic, with their extended blocks.
            marked = matches!(u32::from(c), 0..=0x052F | 0x1D00..=0x1FFF | 0x2C60..=0x2C7F);
        }
        out.push(c);
    }
    out.nfc().collect()
}

/// The place in [`LOCALES`] of `catalogue`'s language (English for the pseudo-locale).
fn language_of(catalogue: &Catalogue) -> usize {
    Locale::position(&catalogue.language()).unwrap_or(0)
}

/// Whether `name` reads as the name of a bot in `catalogue`'s language: it begins as a bot's
/// name does ("Bot"), followed by nothing or anything but a letter ("Bot 1", "Bot1", "Bot 100",
/// "BOT X"; "Botany" is a name), look-alikes included. Such names are kept for bots.
pub fn is_bot_name(catalogue: &Catalogue, name: &str) -> bool {
    GameWords::of(language_of(catalogue)).is_reserved(name)
}

/// Whether `name` holds a word that `catalogue`'s sentences say to the listener ("you", "your",
/// in any case, look-alikes included; `name-you-words`): "You rolled a 4" or "Your turn" said
/// of another player would mislead everyone, so such a name is refused ([`Detail::NameYou`]).
pub fn reads_as_you(catalogue: &Catalogue, name: &str) -> bool {
    GameWords::of(language_of(catalogue)).says_you(name)
}

/// Checks that `name` (as [`check_name`] returns it) cannot be heard as part of a sentence of
/// the game in `catalogue`'s language (see the module's documentation).
///
/// # Errors
/// The [`Detail`] of a `bad_name` refusal: [`Detail::NameYou`], [`Detail::NameReserved`],
/// [`Detail::NameMark`], [`Detail::NameNumber`] or [`Detail::NameGameWord`].
pub fn check_heard(catalogue: &Catalogue, name: &str) -> Result<(), Detail> {
    GameWords::of(language_of(catalogue)).check(name)
}

/// [`check_heard`] in every language of [`LOCALES`]: at a table each listener hears the game
/// in their own.
///
/// # Errors
/// As [`check_heard`], for the first language that refuses the name.
pub fn check_heard_everywhere(name: &str) -> Result<(), Detail> {
    let every = || (0..LOCALES.len()).map(GameWords::of);
    // The most telling reason first, whichever language gives it: "봇 2" is a bot's name
    // before it is a name holding a number.
    if every().any(|words| words.is_reserved(name)) {
        return Err(Detail::NameReserved {
            name: name.to_string(),
        });
    }
    if every().any(|words| words.says_you(name)) {
        return Err(Detail::NameYou {
            name: name.to_string(),
        });
    }
    every().try_for_each(|words| words.check(name))
}
