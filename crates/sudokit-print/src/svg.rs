//! SVG output: one standalone document per page, written by hand.
//!
//! The page is `width x height` points (`pt` units, with a viewBox in points,
//! so it prints at the right size). Each [`Layer`](crate::Layer) below the
//! text is one group (black strokes, square caps, no fill unless an element
//! says otherwise; the shading and marks groups only when used); variant
//! drawings carry a `class` (`diagonal`, `cage`, `thermo`, `window`, `even`,
//! `odd`, `bulb`, `white-dot`, `black-dot`, `sum-ground`). Each text is a
//! `<text>` element whose `class` is its [`Role`] (`given`, `filled`,
//! `candidate`, `cage-sum`, `caption`, `title`, `footer`), so a style sheet
//! or a test can pick them out. Text keeps the font-independent anchor (`middle`)
//! so it stays centred even when a viewer substitutes another font for
//! DejaVu Sans.

use std::fmt::Write;

use crate::font::SVG_FAMILY;
use crate::scene::{Anchor, Cap, Element, Layer, Page};

/// The SVG document of one page.
pub(crate) fn page(page: &Page) -> String {
    let mut out = String::with_capacity(64 * page.elements.len() + 512);
    let (w, h) = (num(page.width), num(page.height));
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" \
         width=\"{w}pt\" height=\"{h}pt\" viewBox=\"0 0 {w} {h}\">\n\
         <style>text {{ font-family: {SVG_FAMILY}; }}</style>\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\n"
    );
    let layered: Vec<&Element> = page.layered().collect();
    let layer = |l: Layer| layered.iter().copied().filter(move |e| e.layer() == l);
    for l in [Layer::Shade, Layer::Lines, Layer::Marks] {
        // The grid lines' group is always written, the others when used.
        if l != Layer::Lines && layer(l).next().is_none() {
            continue;
        }
        out.push_str(GROUP);
        for e in layer(l) {
            shape(&mut out, e);
        }
        out.push_str("</g>\n");
    }
    out.push_str("<g>\n");
    for e in layer(Layer::Text) {
        if let Element::Text(t) = e {
            let anchor = match t.anchor {
                Anchor::Start => "",
                Anchor::Middle => " text-anchor=\"middle\"",
            };
            let (class, x, y, size) = (t.role.class(), num(t.x), num(t.y), num(t.size));
            let _ = write!(
                out,
                "<text class=\"{class}\" x=\"{x}\" y=\"{y}\" font-size=\"{size}\"{anchor}"
            );
            if t.gray > 0.0 {
                let _ = write!(out, " fill=\"{}\"", gray(t.gray));
            }
            out.push('>');
            escape_into(&mut out, &t.text);
            out.push_str("</text>\n");
        }
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// The group around the drawings of one layer: black strokes with square
/// caps and no fill unless an element says otherwise.
const GROUP: &str = "<g stroke=\"#000\" stroke-linecap=\"square\" fill=\"none\">\n";

/// Appends one line, rectangle or circle (text is written apart).
fn shape(out: &mut String, e: &Element) {
    match e {
        Element::Line(l) => {
            out.push_str("<line");
            if let Some(class) = l.kind.class() {
                let _ = write!(out, " class=\"{class}\"");
            }
            let _ = write!(
                out,
                " x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke-width=\"{}\"",
                num(l.x1),
                num(l.y1),
                num(l.x2),
                num(l.y2),
                num(l.width)
            );
            if l.gray > 0.0 {
                let _ = write!(out, " stroke=\"{}\"", gray(l.gray));
            }
            if let Some(d) = l.dash {
                let _ = write!(out, " stroke-dasharray=\"{0} {0}\"", num(d));
            }
            if l.cap == Cap::Round {
                out.push_str(" stroke-linecap=\"round\"");
            }
            out.push_str("/>\n");
        }
        Element::Rect(r) => {
            let _ = writeln!(
                out,
                "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
                 fill=\"{}\" stroke=\"none\"/>",
                r.mark.class(),
                num(r.x),
                num(r.y),
                num(r.w),
                num(r.h),
                gray(r.fill)
            );
        }
        Element::Circle(c) => {
            let _ = write!(
                out,
                "<circle class=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"",
                c.mark.class(),
                num(c.cx),
                num(c.cy),
                num(c.r),
                gray(c.fill)
            );
            match c.stroke {
                Some(w) => {
                    let _ = write!(out, " stroke-width=\"{}\"", num(w));
                }
                None => out.push_str(" stroke=\"none\""),
            }
            out.push_str("/>\n");
        }
        Element::Text(_) => {}
    }
}

/// A grey level (0 black, 1 white) as an SVG colour.
fn gray(level: f32) -> String {
    let g = (level.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{g:02x}{g:02x}{g:02x}")
}

/// A coordinate with at most two decimals and no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_string() } else { s.to_string() }
}

/// Appends `text` with XML's special characters escaped.
fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Role, Text};

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.345), "12.35");
        assert_eq!(num(-0.001), "0");
        let p = Page {
            width: 100.0,
            height: 50.0,
            elements: vec![Element::Text(Text {
                x: 1.0,
                y: 2.0,
                size: 3.0,
                anchor: Anchor::Start,
                gray: 0.0,
                role: Role::Title,
                text: "<a & b>".into(),
            })],
            grids: vec![],
        };
        let svg = page(&p);
        assert!(svg.contains(">&lt;a &amp; b&gt;</text>"), "{svg}");
    }
}
