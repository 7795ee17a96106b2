//! The one embedded font (DejaVu Sans, see `fonts/README.md`) and its metrics.
//!
//! Every backend measures and draws text with this font, so centring a digit
//! in a cell gives the same picture in PDF and PNG (SVG names the same family).
//! Lengths returned here are in the caller's unit: an `em` value times the
//! font size. PDF and PNG place glyphs one by one, in [`visual`] order; SVG
//! leaves the order to the viewer, which applies the same algorithm.

use std::borrow::Cow;
use std::sync::OnceLock;

use ttf_parser::{Face, GlyphId};
use unicode_bidi::{Level, ParagraphBidiInfo};

/// The bytes of `DejaVuSans.ttf`.
pub(crate) static FONT_DATA: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// The PostScript name of the font (used in PDF font dictionaries).
pub(crate) const POSTSCRIPT_NAME: &str = "DejaVuSans";

/// The family name that SVG output asks for, with fallbacks.
pub(crate) const SVG_FAMILY: &str = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif";

/// The parsed face and the metrics the layout needs.
#[derive(Debug)]
pub(crate) struct Font {
    pub face: Face<'static>,
    /// Font units per em.
    pub units_per_em: f32,
    /// Height of capitals and digits, in em.
    pub cap_height: f32,
    /// Ascender and descender (negative), in em.
    pub ascent: f32,
    pub descent: f32,
}

/// The embedded font, parsed once.
pub(crate) fn font() -> &'static Font {
    static FONT: OnceLock<Font> = OnceLock::new();
    FONT.get_or_init(|| {
        // The file is part of the crate; a parse failure is a build defect that
        // every test would show at once.
        let face = Face::parse(FONT_DATA, 0).expect("the embedded DejaVu Sans parses");
        let units_per_em = f32::from(face.units_per_em());
        let cap = face.capital_height().map_or(0.729, |h| f32::from(h) / units_per_em);
        Font {
            cap_height: cap,
            ascent: f32::from(face.ascender()) / units_per_em,
            descent: f32::from(face.descender()) / units_per_em,
            face,
            units_per_em,
        }
    })
}

impl Font {
    /// The glyph for `c`, or `.notdef` (glyph 0) when the font lacks it.
    pub fn glyph(&self, c: char) -> GlyphId {
        self.face.glyph_index(c).unwrap_or(GlyphId(0))
    }

    /// The advance width of a glyph, in em.
    pub fn advance(&self, glyph: GlyphId) -> f32 {
        f32::from(self.face.glyph_hor_advance(glyph).unwrap_or(0)) / self.units_per_em
    }

    /// The width of `text` set at `size` (advances only; no kerning).
    pub fn width(&self, text: &str, size: f32) -> f32 {
        text.chars().map(|c| self.advance(self.glyph(c))).sum::<f32>() * size
    }
}

/// One line of `text` in the order its glyphs are placed from left to
/// right: the Unicode Bidirectional Algorithm's visual order (UAX #9) in a
/// left-to-right paragraph, as an SVG viewer lays out the same text, so
/// that right-to-left runs (Hebrew, Arabic) read right to left. Text with
/// no right-to-left character is returned as it is. Letters are not shaped:
/// Arabic shows each letter in its isolated form.
pub(crate) fn visual(text: &str) -> Cow<'_, str> {
    // Every right-to-left character is at U+0590 or above.
    if text.chars().all(|c| c < '\u{590}') {
        return Cow::Borrowed(text);
    }
    let info = ParagraphBidiInfo::new(text, Some(Level::ltr()));
    if !info.has_rtl() {
        return Cow::Borrowed(text);
    }
    info.reorder_line(0..text.len())
}

/// The characters of `text` that the embedded font has no glyph for (they
/// print as an empty box in PDF and PNG), each once, in order of first
/// appearance; whitespace and control characters are left out.
pub fn missing_glyphs(text: &str) -> Vec<char> {
    let f = font();
    let mut missing: Vec<char> = Vec::new();
    for c in text.chars() {
        if !c.is_whitespace()
            && !c.is_control()
            && f.glyph(c) == GlyphId(0)
            && !missing.contains(&c)
        {
            missing.push(c);
        }
    }
    missing
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Right-to-left runs are reversed, left-to-right ones (and digits
    /// inside right-to-left text) keep their order; text without a
    /// right-to-left letter is not copied.
    #[test]
    fn visual_order_follows_the_bidirectional_algorithm() {
        assert!(matches!(visual("Sunday puzzles"), Cow::Borrowed(_)));
        assert!(matches!(visual("Судоку ελληνικά"), Cow::Borrowed(_)));
        assert_eq!(visual("\u{5D0}\u{5D1}\u{5D2}"), "\u{5D2}\u{5D1}\u{5D0}");
        // A Hebrew word, then a number: the number joins the right-to-left
        // run (UAX #9's rules W7 and N1), as a browser shows it.
        assert_eq!(
            visual("Book \u{5E9}\u{5DC}\u{5D5}\u{5DD} 2"),
            "Book 2 \u{5DD}\u{5D5}\u{5DC}\u{5E9}"
        );
        // A line of Hebrew ending in a number: the number goes to its left end.
        assert_eq!(visual("\u{5E1}\u{5E4}\u{5E8} 12"), "12 \u{5E8}\u{5E4}\u{5E1}");
    }

    #[test]
    fn missing_glyphs_names_what_the_font_lacks_once() {
        assert!(missing_glyphs("Sunday puzzles, Судоку, \u{5E9}\u{5DC}\u{5D5}\u{5DD}").is_empty());
        assert_eq!(missing_glyphs("数独 数独\tA"), ['数', '独']);
    }

    #[test]
    fn every_symbol_has_a_glyph_and_digits_share_one_width() {
        let f = font();
        for c in ('1'..='9').chain('A'..='Z') {
            assert_ne!(f.glyph(c), GlyphId(0), "no glyph for {c}");
        }
        let w1 = f.width("1", 10.0);
        for c in '2'..='9' {
            assert!((f.width(&c.to_string(), 10.0) - w1).abs() < 1e-4, "digit {c} width");
        }
        assert!(f.cap_height > 0.6 && f.cap_height < 0.8, "cap height {}", f.cap_height);
        assert!(f.ascent > f.cap_height && f.descent < 0.0);
    }
}
