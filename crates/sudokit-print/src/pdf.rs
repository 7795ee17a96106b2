//! PDF output: one document, every page, the font embedded as a subset.
//!
//! Text is real text: the embedded DejaVu Sans is written as a Type 0 font
//! (`Identity-H`) over a CIDFontType2 descendant holding only the glyphs the
//! document uses (subset by `subsetter`; CIDs are the subset's glyph ids), with
//! a `ToUnicode` map so text extraction, search and copy give the symbols back.
//! Glyphs are placed in visual order ([`visual`]); where that is not the
//! reading order, or the font lacks a character, the text is also given as
//! the `ActualText` of a marked-content span, which extraction reads instead.
//! Grids are written row by row, so extracted text reads in puzzle order.
//! Lines are stroked paths (square caps, or round ones for thermometers),
//! dots and marks filled paths, drawn layer by layer as the scene says. Streams are
//! deflate-compressed. The output is deterministic: the same pages give the
//! same bytes.

use std::collections::BTreeMap;

use pdf_writer::types::{CidFontType, FontFlags, LineCapStyle, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use subsetter::GlyphRemapper;

use crate::font::{FONT_DATA, POSTSCRIPT_NAME, font, visual};
use crate::scene::{Anchor, Cap, Element, Page};

/// The resource name of the one font.
const FONT_NAME: Name<'static> = Name(b"F1");

/// The PDF bytes of `pages`, with `title` in the document information.
pub(crate) fn document(pages: &[Page], title: Option<&str>) -> Vec<u8> {
    let f = font();

    // The glyphs used, numbered in order of first use (.notdef is 0), and the
    // character each stands for.
    let mut remapper = GlyphRemapper::new();
    let mut unicode: BTreeMap<u16, char> = BTreeMap::new();
    for page in pages {
        for e in &page.elements {
            if let Element::Text(t) = e {
                for c in t.text.chars() {
                    let old = f.glyph(c).0;
                    let new = remapper.remap(old);
                    if old != 0 {
                        unicode.entry(new).or_insert(c);
                    }
                }
            }
        }
    }
    // The embedded font is part of the crate and known to subset cleanly; a
    // failure here is a defect of the build, not of the input.
    let subset =
        subsetter::subset(FONT_DATA, 0, &remapper).expect("the embedded DejaVu Sans can be subset");

    let mut pdf = Pdf::new();
    let mut next = 1;
    let mut alloc = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    let catalog_id = alloc();
    let tree_id = alloc();
    let type0_id = alloc();
    let cid_id = alloc();
    let descriptor_id = alloc();
    let file_id = alloc();
    let cmap_id = alloc();
    let info_id = alloc();
    let page_ids: Vec<(Ref, Ref)> = pages.iter().map(|_| (alloc(), alloc())).collect();

    pdf.catalog(catalog_id).pages(tree_id);
    pdf.pages(tree_id).kids(page_ids.iter().map(|&(p, _)| p)).count(pages.len() as i32);
    let mut info = pdf.document_info(info_id);
    info.producer(TextStr("sudokit"));
    if let Some(title) = title {
        info.title(TextStr(title));
    }
    info.finish();

    // The font: tag the subset's name with letters derived from its glyphs,
    // as the PDF specification asks of subsets.
    let base_font = format!("{}+{POSTSCRIPT_NAME}", subset_tag(remapper.remapped_gids()));
    let base_font = Name(base_font.as_bytes());
    let system_info =
        SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };
    pdf.type0_font(type0_id)
        .base_font(base_font)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_id)
        .to_unicode(cmap_id);
    let widths: Vec<f32> =
        remapper.remapped_gids().map(|old| f.advance(ttf_parser::GlyphId(old)) * 1000.0).collect();
    let mut cid = pdf.cid_font(cid_id);
    cid.subtype(CidFontType::Type2)
        .base_font(base_font)
        .system_info(system_info)
        .font_descriptor(descriptor_id)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    cid.widths().consecutive(0, widths);
    cid.finish();
    let em = |v: f32| v * 1000.0;
    let bbox = f.face.global_bounding_box();
    let units = |v: i16| f32::from(v) / f.units_per_em * 1000.0;
    pdf.font_descriptor(descriptor_id)
        .name(base_font)
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(units(bbox.x_min), units(bbox.y_min), units(bbox.x_max), units(bbox.y_max)))
        .italic_angle(0.0)
        .ascent(em(f.ascent))
        .descent(em(f.descent))
        .cap_height(em(f.cap_height))
        .stem_v(80.0)
        .font_file2(file_id);
    let packed = deflate(&subset);
    pdf.stream(file_id, &packed)
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), subset.len() as i32);
    let mut cmap = UnicodeCmap::new(Name(b"Custom"), system_info);
    for (&glyph, &c) in &unicode {
        cmap.pair(glyph, c);
    }
    let cmap = cmap.finish();
    pdf.cmap(cmap_id, cmap.as_slice());

    for (page, &(page_id, content_id)) in pages.iter().zip(&page_ids) {
        let mut p = pdf.page(page_id);
        p.media_box(Rect::new(0.0, 0.0, page.width, page.height))
            .parent(tree_id)
            .contents(content_id);
        p.resources().fonts().pair(FONT_NAME, type0_id);
        p.finish();
        let content = deflate(&content(page, &remapper));
        pdf.stream(content_id, &content).filter(Filter::FlateDecode);
    }
    pdf.finish()
}

/// The content stream of one page: the elements layer by layer, text in
/// reading order last. Stroke state (width, grey, dashes, caps) is set only
/// when it changes.
fn content(page: &Page, remapper: &GlyphRemapper) -> Vec<u8> {
    let f = font();
    let h = page.height;
    let mut c = Content::new();
    c.set_line_cap(LineCapStyle::ProjectingSquareCap);
    c.set_stroke_gray(0.0);
    let mut pen = Pen { width: f32::NAN, gray: 0.0, dash: None, cap: Cap::Square };
    let mut bytes = Vec::new();
    for e in page.layered() {
        match e {
            Element::Line(l) => {
                pen.set(&mut c, l.width, l.gray, l.dash, l.cap);
                c.move_to(l.x1, h - l.y1).line_to(l.x2, h - l.y2).stroke();
            }
            Element::Rect(r) => {
                c.set_fill_gray(r.fill);
                c.rect(r.x, h - r.y - r.h, r.w, r.h).fill_nonzero();
            }
            Element::Circle(o) => {
                c.set_fill_gray(o.fill);
                circle(&mut c, o.cx, h - o.cy, o.r);
                match o.stroke {
                    Some(w) => {
                        pen.set(&mut c, w, 0.0, None, pen.cap);
                        c.fill_nonzero_and_stroke();
                    }
                    None => {
                        c.fill_nonzero();
                    }
                }
            }
            Element::Text(t) => {
                bytes.clear();
                let shown = visual(&t.text);
                let mut missing = false;
                for ch in shown.chars() {
                    let gid = f.glyph(ch).0;
                    missing |= gid == 0;
                    bytes.extend_from_slice(&remapper.get(gid).unwrap_or(0).to_be_bytes());
                }
                let x = match t.anchor {
                    Anchor::Start => t.x,
                    Anchor::Middle => t.x - f.width(&t.text, t.size) / 2.0,
                };
                // Glyphs out of reading order, or none for a character: the
                // text layer gets the text itself.
                let actual = missing || shown != t.text;
                if actual {
                    c.begin_marked_content_with_properties(Name(b"Span"))
                        .properties()
                        .actual_text(TextStr(&t.text));
                }
                c.begin_text()
                    .set_font(FONT_NAME, t.size)
                    .set_fill_gray(t.gray)
                    .set_text_matrix([1.0, 0.0, 0.0, 1.0, x, h - t.y])
                    .show(Str(&bytes))
                    .end_text();
                if actual {
                    c.end_marked_content();
                }
            }
        }
    }
    c.finish().into_vec()
}

/// The stroke state of a content stream, so each change is written once.
struct Pen {
    width: f32,
    gray: f32,
    dash: Option<f32>,
    cap: Cap,
}

impl Pen {
    fn set(&mut self, c: &mut Content, width: f32, gray: f32, dash: Option<f32>, cap: Cap) {
        if width != self.width {
            self.width = width;
            c.set_line_width(width);
        }
        if gray != self.gray {
            self.gray = gray;
            c.set_stroke_gray(gray);
        }
        if dash != self.dash {
            self.dash = dash;
            match dash {
                Some(d) => c.set_dash_pattern([d, d], 0.0),
                None => c.set_dash_pattern(std::iter::empty(), 0.0),
            };
        }
        if cap != self.cap {
            self.cap = cap;
            c.set_line_cap(match cap {
                Cap::Square => LineCapStyle::ProjectingSquareCap,
                Cap::Round => LineCapStyle::RoundCap,
            });
        }
    }
}

/// A circle path (four cubic Béziers) around (`x`, `y`) in PDF coordinates.
fn circle(c: &mut Content, x: f32, y: f32, r: f32) {
    // The control-point distance that makes a quarter circle (error < 0.03%).
    let k = r * 0.552_284_8;
    c.move_to(x + r, y);
    c.cubic_to(x + r, y + k, x + k, y + r, x, y + r);
    c.cubic_to(x - k, y + r, x - r, y + k, x - r, y);
    c.cubic_to(x - r, y - k, x - k, y - r, x, y - r);
    c.cubic_to(x + k, y - r, x + r, y - k, x + r, y);
    c.close_path();
}

/// Six capital letters derived from the glyph set (FNV-1a), deterministic.
fn subset_tag(glyphs: impl Iterator<Item = u16>) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for g in glyphs {
        for b in g.to_le_bytes() {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    (0..6).map(|i| char::from(b'A' + ((hash >> (i * 8)) % 26) as u8)).collect()
}

/// Zlib-compressed bytes for a `FlateDecode` stream.
fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subset_tags_are_six_capitals_and_depend_on_the_glyphs() {
        let a = subset_tag([0u16, 20, 21].into_iter());
        let b = subset_tag([0u16, 20, 22].into_iter());
        assert_eq!(a.len(), 6);
        assert!(a.chars().all(|c| c.is_ascii_uppercase()));
        assert_ne!(a, b);
        assert_eq!(a, subset_tag([0u16, 20, 21].into_iter()));
    }
}
