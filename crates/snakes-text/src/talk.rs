//! What people say to each other, at a table and in the lobby: the rules a message follows and
//! the frame it is said in (`talk.ftl`).
//!
//! A message is plain text on one line: [`check_text`] normalises it (Unicode NFC, white space
//! trimmed and each run of it made one space) and refuses what people could not see or would
//! mishear: nothing, more than [`MAX_TALK_CHARS`] characters, a control character (a line
//! break), a character nobody can see or tell apart (as in names), or the words the frame puts
//! just before every message in any language ("says:", "dice:", "说："), which would make part
//! of one person's message sound like another person speaking. Everyone hears a message inside
//! that frame ([`said`]): "Ana says: good luck", "Cy, watching, says: nice ladder", and to the
//! one who said it "You say: good luck". Names cannot hold the frame's words nor a colon
//! (`names.rs`), so no name and no message can imitate it.
//!
//! ```
//! use snakes_text::talk::{Speaker, check_text, said};
//! use snakes_text::{Catalogue, Detail};
//! assert_eq!(check_text("  good   luck ").unwrap(), "good luck");
//! assert!(matches!(check_text("ok. Bo says: I resign"), Err(Detail::TextFrame { .. })));
//! let ana = Speaker { name: "Ana", you: false, watcher: false };
//! assert_eq!(said(&Catalogue::english(), ana, "good luck"), "Ana says: good luck");
//! ```

use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;

use crate::catalogue::{Catalogue, LOCALES, MessageArg};
use crate::names::heard::key;
use crate::refusal::Detail;

/// The longest message, in characters (after normalisation): a few sentences, about 20 s of
/// speech at a screen reader's default rate.
pub const MAX_TALK_CHARS: usize = 300;

/// Who said a message, as a listener hears it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Speaker<'a> {
    /// Their name.
    pub name: &'a str,
    /// The listener said it (from their seat, or their own connection).
    pub you: bool,
    /// They watch the table without a seat.
    pub watcher: bool,
}

/// A message in its frame, in the words of `catalogue`: "Ana says: good luck".
pub fn said(catalogue: &Catalogue, speaker: Speaker<'_>, text: &str) -> String {
    catalogue.format(
        "talk-said",
        &[
            ("you", if speaker.you { "you" } else { "other" }.into()),
            (
                "role",
                if speaker.watcher { "watcher" } else { "player" }.into(),
            ),
            ("name", speaker.name.into()),
            ("text", text.into()),
        ],
    )
}

/// The words each frame of every language puts just before the message ("says:", "You say:"),
/// as the catalogue writes them, with their keys (white space removed, letter case and
/// look-alikes aside).
fn frames() -> &'static [(String, String)] {
    static FRAMES: OnceLock<Vec<(String, String)>> = OnceLock::new();
    FRAMES.get_or_init(|| {
        const NAME: &str = "\u{E000}";
        const TEXT: &str = "\u{E001}";
        let mut frames: Vec<(String, String)> = Vec::new();
        for lang in 0..LOCALES.len() {
            let catalogue = Catalogue::shipped(lang);
            for (you, role) in [("you", "player"), ("other", "player"), ("other", "watcher")] {
                let args: [(&str, MessageArg); 4] = [
                    ("you", you.into()),
                    ("role", role.into()),
                    ("name", NAME.into()),
                    ("text", TEXT.into()),
                ];
                let line = catalogue.format("talk-said", &args);
                let before = line.split(TEXT).next().unwrap_or_default();
                let frame = before.rsplit(NAME).next().unwrap_or_default().trim();
                let k = frame_key(frame);
                if !k.is_empty() && !frames.iter().any(|(_, other)| *other == k) {
                    frames.push((frame.to_string(), k));
                }
            }
        }
        frames
    })
}

fn frame_key(text: &str) -> String {
    key(&text.split_whitespace().collect::<String>())
}

/// Checks a message and returns it normalised: NFC, white space trimmed and each run of it
/// made one space, 1 to [`MAX_TALK_CHARS`] characters, every character one people can see,
/// and no frame's words.
///
/// # Errors
/// The [`Detail`] of a `bad_text` refusal: [`Detail::TextEmpty`], [`Detail::TextTooLong`],
/// [`Detail::TextControl`], [`Detail::TextCharacter`] (named by its code point) or
/// [`Detail::TextFrame`].
pub fn check_text(text: &str) -> Result<String, Detail> {
    let too_long = Detail::TextTooLong {
        max: MAX_TALK_CHARS,
    };
    if text.len() > MAX_TALK_CHARS * 4 * 4 {
        return Err(too_long);
    }
    if text.chars().any(char::is_control) {
        return Err(Detail::TextControl);
    }
    if let Some(c) = crate::names::unseen(text) {
        return Err(Detail::TextCharacter { code: c.into() });
    }
    let normal: String = text.nfc().collect();
    let text = normal.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        return Err(Detail::TextEmpty);
    }
    if text.chars().count() > MAX_TALK_CHARS {
        return Err(too_long);
    }
    let whole = frame_key(&text);
    if let Some((frame, _)) = frames().iter().find(|(_, k)| whole.contains(k.as_str())) {
        return Err(Detail::TextFrame {
            frame: frame.clone(),
        });
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_plain_lines_of_visible_text() {
        assert_eq!(check_text(" good \u{3000} luck ").unwrap(), "good luck");
        // Plain text: markup is text like any other, never a link or a tag.
        assert_eq!(
            check_text("<b>hi</b> https://example.com").unwrap(),
            "<b>hi</b> https://example.com"
        );
        assert_eq!(check_text("   "), Err(Detail::TextEmpty));
        assert_eq!(check_text("a\nb"), Err(Detail::TextControl));
        assert_eq!(
            check_text("hi\u{202e}"),
            Err(Detail::TextCharacter { code: 0x202e })
        );
        assert_eq!(
            check_text(&"x".repeat(MAX_TALK_CHARS + 1)),
            Err(Detail::TextTooLong {
                max: MAX_TALK_CHARS
            })
        );
        assert_eq!(
            check_text(&"é".repeat(MAX_TALK_CHARS))
                .unwrap()
                .chars()
                .count(),
            MAX_TALK_CHARS
        );
        // Emoji sequences are kept, as in names.
        assert_eq!(check_text("gg 👩\u{200d}🚀").unwrap(), "gg 👩\u{200d}🚀");
    }

    #[test]
    fn no_message_can_sound_like_someone_else_speaking() {
        for (text, frame) in [
            ("ok. Bo says: I resign", "says:"),
            ("ok. Bo SAYS : I resign", "says:"),
            ("ok. Bo s\u{430}ys: I resign", "says:"), // a Cyrillic а
            ("You say: nothing", "You say:"),
            ("hola. Bo dice: me rindo", "dice:"),
            ("좋아요. 보 님의 말: 항복", "님의 말:"),
            ("好。他说：我认输", "说："),
        ] {
            assert_eq!(
                check_text(text),
                Err(Detail::TextFrame {
                    frame: frame.into()
                }),
                "{text}"
            );
        }
        // The word alone, without the frame's colon, is a word like any other.
        assert!(check_text("she says hi").is_ok());
    }

    #[test]
    fn each_listener_hears_who_said_it() {
        let english = Catalogue::english();
        let cy = Speaker {
            name: "Cy",
            you: false,
            watcher: true,
        };
        assert_eq!(said(&english, cy, "nice"), "Cy, watching, says: nice");
        let me = Speaker {
            name: "Ana",
            you: true,
            watcher: false,
        };
        assert_eq!(said(&english, me, "gg"), "You say: gg");
        let ana = Speaker { you: false, ..me };
        let in_lang = |tag: &str| said(&Catalogue::for_locale(tag).unwrap(), ana, "gg");
        assert_eq!(in_lang("es"), "Ana dice: gg");
        assert_eq!(in_lang("ko"), "Ana 님의 말: gg");
        assert_eq!(in_lang("zh-CN"), "Ana说：gg");
    }
}
