//! PNG charts: the SVG drawn into pixels by resvg with the system's fonts, and the check, made
//! before any work, that those fonts have every letter the chart will show.

use std::collections::BTreeSet;

use resvg::{tiny_skia, usvg};

use crate::user_error;
use crate::words::say;

/// The chart drawn into pixels, encoded as PNG, with its size.
pub fn draw(svg: &str) -> anyhow::Result<(Vec<u8>, u32, u32)> {
    let options = options()?;
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| anyhow::anyhow!(say!("plot-too-big", width = width, height = height)))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok((pixmap.encode_png()?, width, height))
}

/// Refuses, with the letters missing and a package that has them, words that no font of the
/// system can draw: resvg would draw them as empty boxes, without a word.
///
/// # Errors
/// A user error: no fonts at all, or letters no font has.
pub fn check_fonts(words: &str) -> anyhow::Result<()> {
    let options = options()?;
    let missing = missing_letters(words, &options);
    if missing.is_empty() {
        return Ok(());
    }
    let cjk = missing.iter().any(|&c| is_cjk(c));
    let shown: Vec<String> = missing.iter().take(8).map(char::to_string).collect();
    Err(user_error(say!(
        "plot-missing-letters",
        letters = shown.join(" "),
        package = if cjk {
            "fonts-noto-cjk"
        } else {
            "fonts-noto-core"
        }
    )))
}

/// The options resvg draws with: the system's fonts, `sans-serif` being a common sans-serif
/// face when the system has one.
///
/// # Errors
/// The system has no fonts at all.
fn options() -> anyhow::Result<usvg::Options<'static>> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    // A chart without its words would be worse than no chart: say what is missing.
    let Some(family) = sans_family(fonts) else {
        return Err(user_error(say!("plot-no-fonts")));
    };
    fonts.set_sans_serif_family(family);
    Ok(options)
}

/// The letters of `words` (spaces aside) that the fonts of `options` cannot draw, each once, in
/// the order they come: laid out as the chart lays its text out (font fallback included), a
/// letter is missing when no glyph or only the "missing glyph" box stands for it.
fn missing_letters(words: &str, options: &usvg::Options<'_>) -> Vec<char> {
    let escaped = words
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" font-family="Helvetica, Arial, sans-serif"><text x="0" y="50" font-size="14">{escaped}</text></svg>"#
    );
    let mut drawn = BTreeSet::new();
    if let Ok(tree) = usvg::Tree::from_str(&svg, options) {
        collect_drawn(tree.root(), &mut drawn);
    }
    let mut missing = Vec::new();
    for c in words.chars() {
        if !c.is_whitespace() && !drawn.contains(&c) && !missing.contains(&c) {
            missing.push(c);
        }
    }
    missing
}

/// Every letter a glyph other than the missing-glyph box draws, in `group` and below.
fn collect_drawn(group: &usvg::Group, drawn: &mut BTreeSet<char>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => collect_drawn(g, drawn),
            usvg::Node::Text(text) => {
                for span in text.layouted() {
                    for glyph in &span.positioned_glyphs {
                        if glyph.id.0 != 0 {
                            drawn.extend(glyph.text.chars());
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// Whether `c` is written in Chinese, Japanese or Korean script (what Debian's fonts-noto-cjk
/// holds).
fn is_cjk(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x11FF | 0x2E80..=0x2FDF | 0x3000..=0x30FF | 0x3130..=0x318F | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA960..=0xA97F | 0xAC00..=0xD7FF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF
        | 0x20000..=0x3FFFF)
}

/// The family drawn for `sans-serif` (the chart asks for Helvetica, then Arial, then that): a
/// common sans-serif face when the system has one, else any face it has.
fn sans_family(fonts: &usvg::fontdb::Database) -> Option<String> {
    let families: Vec<&str> = fonts
        .faces()
        .flat_map(|face| face.families.iter().map(|(name, _)| name.as_str()))
        .collect();
    [
        "DejaVu Sans",
        "Liberation Sans",
        "Noto Sans",
        "FreeSans",
        "Arial",
        "Helvetica",
    ]
    .iter()
    .find(|want| families.contains(want))
    .map(|name| (*name).to_string())
    .or_else(|| families.first().map(|name| (*name).to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_no_font_has_are_found_and_those_it_has_are_not() {
        // One Latin face and nothing else: Hangul and Han are missing, Latin and digits not.
        let mut options = usvg::Options::default();
        let fonts = options.fontdb_mut();
        fonts.load_system_fonts();
        let latin: Vec<_> = fonts
            .faces()
            .filter(|f| f.families.iter().any(|(n, _)| n == "DejaVu Sans"))
            .map(|f| f.id)
            .collect();
        assert!(
            !latin.is_empty(),
            "the tests need DejaVu Sans (fonts-dejavu-core)"
        );
        let others: Vec<_> = fonts
            .faces()
            .map(|f| f.id)
            .filter(|id| !latin.contains(id))
            .collect();
        for id in others {
            fonts.remove_face(id);
        }
        fonts.set_sans_serif_family("DejaVu Sans");
        let missing = missing_letters("Turn 1, 차례 轮 ñ", &options);
        assert_eq!(missing, ['차', '례', '轮']);
        assert!(missing.iter().all(|&c| is_cjk(c)));
        assert!(!is_cjk('ñ'));
    }
}
