//! PNG output: each page rasterised at a chosen resolution with `tiny-skia`.
//!
//! Elements are drawn layer by layer as the scene orders them: lines
//! stroked (consecutive lines of one look as one path), shapes filled, text is filled from the embedded font's
//! glyph outlines (parsed once per glyph by `ttf-parser`), all anti-aliased on
//! an opaque white page, written as 8-bit greyscale PNG. A page of `w x h` points at `dpi` dots per inch is
//! `round(w * dpi / 72) x round(h * dpi / 72)` pixels.

use std::collections::HashMap;

use tiny_skia::{
    Color, FillRule, LineCap, Paint, Path, PathBuilder, Pixmap, Stroke, StrokeDash, Transform,
};
use ttf_parser::OutlineBuilder;

use crate::error::PrintError;
use crate::font::{font, visual};
use crate::scene::{Anchor, Cap, Element, Line, Page};

/// Lowest and highest resolution accepted, in dots per inch.
pub(crate) const DPI_RANGE: std::ops::RangeInclusive<u32> = 36..=600;

/// Glyph outlines in font units (y up), built on first use.
#[derive(Debug, Default)]
pub(crate) struct Glyphs(HashMap<u16, Option<Path>>);

impl Glyphs {
    fn outline(&mut self, glyph: ttf_parser::GlyphId) -> Option<&Path> {
        self.0
            .entry(glyph.0)
            .or_insert_with(|| {
                let mut b = Outline(PathBuilder::new());
                font().face.outline_glyph(glyph, &mut b)?;
                b.0.finish()
            })
            .as_ref()
    }
}

/// Adapts `ttf-parser`'s outline callbacks to a `tiny-skia` path.
struct Outline(PathBuilder);

impl OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

/// The pixel size of a page at `dpi`.
pub(crate) fn pixel_size(page: &Page, dpi: u32) -> (u32, u32) {
    let scale = dpi as f32 / 72.0;
    ((page.width * scale).round() as u32, (page.height * scale).round() as u32)
}

/// The PNG bytes of one page.
pub(crate) fn page(page: &Page, dpi: u32, glyphs: &mut Glyphs) -> Result<Vec<u8>, PrintError> {
    if !DPI_RANGE.contains(&dpi) {
        return Err(PrintError::Dpi(dpi));
    }
    let f = font();
    let scale = dpi as f32 / 72.0;
    let (w, h) = pixel_size(page, dpi);
    let mut pixmap = Pixmap::new(w, h).ok_or(PrintError::Dpi(dpi))?;
    pixmap.fill(Color::WHITE);
    let to_px = Transform::from_scale(scale, scale);

    // Consecutive lines of one look are stroked as one path.
    let mut batch: Option<(LineLook, PathBuilder)> = None;
    for e in page.layered() {
        if let Element::Line(l) = e {
            let look = LineLook::of(l);
            match &mut batch {
                Some((current, builder)) if *current == look => {
                    builder.move_to(l.x1, l.y1);
                    builder.line_to(l.x2, l.y2);
                    continue;
                }
                _ => {}
            }
            if let Some((look, builder)) = batch.take() {
                look.stroke(&mut pixmap, builder, to_px);
            }
            let mut builder = PathBuilder::new();
            builder.move_to(l.x1, l.y1);
            builder.line_to(l.x2, l.y2);
            batch = Some((look, builder));
            continue;
        }
        if let Some((look, builder)) = batch.take() {
            look.stroke(&mut pixmap, builder, to_px);
        }
        match e {
            Element::Rect(r) => {
                if let Some(rect) = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h) {
                    pixmap.fill_rect(rect, &paint(r.fill), to_px, None);
                }
            }
            Element::Circle(c) => {
                if let Some(path) = PathBuilder::from_circle(c.cx, c.cy, c.r) {
                    pixmap.fill_path(&path, &paint(c.fill), FillRule::Winding, to_px, None);
                    if let Some(width) = c.stroke {
                        let stroke = Stroke { width, ..Stroke::default() };
                        pixmap.stroke_path(&path, &paint(0.0), &stroke, to_px, None);
                    }
                }
            }
            Element::Text(t) => {
                let paint = paint(t.gray);
                let mut x = match t.anchor {
                    Anchor::Start => t.x,
                    Anchor::Middle => t.x - f.width(&t.text, t.size) / 2.0,
                };
                let s = t.size / f.units_per_em;
                for c in visual(&t.text).chars() {
                    let glyph = f.glyph(c);
                    if let Some(path) = glyphs.outline(glyph) {
                        let at =
                            Transform::from_row(s, 0.0, 0.0, -s, x, t.y).post_scale(scale, scale);
                        pixmap.fill_path(path, &paint, FillRule::Winding, at, None);
                    }
                    x += f.advance(glyph) * t.size;
                }
            }
            Element::Line(_) => {}
        }
    }
    if let Some((look, builder)) = batch.take() {
        look.stroke(&mut pixmap, builder, to_px);
    }
    encode_gray(&pixmap)
}

/// An anti-aliased paint of grey `level` (0 black, 1 white).
fn paint(level: f32) -> Paint<'static> {
    let mut paint = Paint::default();
    let g = level.clamp(0.0, 1.0);
    paint.set_color(Color::from_rgba(g, g, g, 1.0).unwrap_or(Color::BLACK));
    paint.anti_alias = true;
    paint
}

/// How a line is stroked: lines that look alike share one path.
#[derive(Clone, Copy, Debug, PartialEq)]
struct LineLook {
    width: f32,
    gray: f32,
    dash: Option<f32>,
    cap: Cap,
}

impl LineLook {
    fn of(l: &Line) -> LineLook {
        LineLook { width: l.width, gray: l.gray, dash: l.dash, cap: l.cap }
    }

    fn stroke(self, pixmap: &mut Pixmap, builder: PathBuilder, to_px: Transform) {
        let Some(path) = builder.finish() else { return };
        let line_cap = match self.cap {
            Cap::Square => LineCap::Square,
            Cap::Round => LineCap::Round,
        };
        let dash = self.dash.and_then(|d| StrokeDash::new(vec![d, d], 0.0));
        let stroke = Stroke { width: self.width, line_cap, dash, ..Stroke::default() };
        pixmap.stroke_path(&path, &paint(self.gray), &stroke, to_px, None);
    }
}

/// The page as an 8-bit greyscale PNG (the page is opaque and grey only, so
/// the red channel is the grey level).
fn encode_gray(pixmap: &Pixmap) -> Result<Vec<u8>, PrintError> {
    let gray: Vec<u8> = pixmap.data().chunks_exact(4).map(|p| p[0]).collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(|e| PrintError::Png(e.to_string()))?;
    writer.write_image_data(&gray).map_err(|e| PrintError::Png(e.to_string()))?;
    writer.finish().map_err(|e| PrintError::Png(e.to_string()))?;
    Ok(out)
}
