//! Reads a PDF back into what a person sees: its pages (size), the text on
//! each page with its position, and the fonts it embeds. sudokit's tests use
//! it to prove a printed book shows the puzzles and solutions it should, with
//! nothing but Rust (no poppler on the machine).
//!
//! The reader is independent of the writer in `sudokit-print`: it parses the
//! file with `lopdf`, runs the text operators of each page's content stream
//! (`BT`, `Tf`, `Tm`, `Td`, `TD`, `T*`, `Tj`, `TJ`, `'`, `"`, `ET`, and
//! `cm`/`q`/`Q` for the current transformation), and turns shown strings into
//! characters through each font's `ToUnicode` map (`bfchar` and `bfrange`
//! entries, one- or two-byte codes), or, inside a marked-content span with
//! an `ActualText` (`BDC` ... `EMC`), takes that text for the span's first
//! run and none for the others (the glyphs may be out of reading order or
//! have no character; each run keeps its glyphs' characters apart). A run's position is where its first
//! glyph starts, in points from the page's top-left corner, so tests can ask
//! for the text inside a rectangle in the layout's own coordinates.
//!
//! Limits, by design: horizontal text only (no rotation or skew in the text
//! matrix), no Type 3 fonts, and no width-based advance inside a run: each
//! `Tj` is one run at its start point.

use std::collections::BTreeMap;

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object, ObjectId};

/// What went wrong reading a PDF.
#[derive(Debug)]
pub struct Error(String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

fn err(what: impl Into<String>) -> Error {
    Error(what.into())
}

impl From<lopdf::Error> for Error {
    fn from(e: lopdf::Error) -> Error {
        Error(format!("lopdf: {e}"))
    }
}

/// A run of text shown by one operator.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Left edge of the first glyph, points from the page's left edge.
    pub x: f32,
    /// Baseline, points from the page's top edge.
    pub y: f32,
    /// Font size in points (after the text and transformation matrices).
    pub size: f32,
    /// The characters: through the font's `ToUnicode` map, or, for the
    /// first run of a marked-content span with an `ActualText`, that text.
    pub text: String,
    /// The characters of the glyphs in the order they are placed, through
    /// the `ToUnicode` map (U+FFFD for a glyph without one).
    pub glyphs: String,
}

/// One page: its size and its text.
#[derive(Clone, Debug)]
pub struct Page {
    /// Width and height of the media box, in points.
    pub width: f32,
    pub height: f32,
    /// Every text run in content-stream order.
    pub runs: Vec<Run>,
}

impl Page {
    /// The runs whose start point lies in the rectangle (top-left corner
    /// `x, y`, size `w x h`, in points from the page's top-left), read as a
    /// person would: top to bottom, then left to right.
    pub fn text_in(&self, x: f32, y: f32, w: f32, h: f32) -> String {
        let mut runs: Vec<&Run> = self
            .runs
            .iter()
            .filter(|r| r.x >= x && r.x <= x + w && r.y >= y && r.y <= y + h)
            .collect();
        sort_reading_order(&mut runs);
        runs.iter().map(|r| r.text.as_str()).collect()
    }

    /// The page's text as lines: runs on one baseline (within a quarter of
    /// the smaller font size) joined by one space (none where a run already
    /// ends or starts with whitespace), lines from top to bottom.
    pub fn lines(&self) -> Vec<String> {
        let mut runs: Vec<&Run> = self.runs.iter().collect();
        sort_reading_order(&mut runs);
        let mut lines: Vec<(f32, f32, Vec<&str>)> = Vec::new();
        for r in runs {
            match lines.last_mut() {
                Some((y, size, words)) if (r.y - *y).abs() <= size.min(r.size) / 4.0 => {
                    words.push(&r.text);
                    *size = size.min(r.size);
                }
                _ => lines.push((r.y, r.size, vec![&r.text])),
            }
        }
        let join = |words: Vec<&str>| {
            let mut line = String::new();
            for w in words {
                let spaced = line.is_empty()
                    || line.ends_with(char::is_whitespace)
                    || w.starts_with(char::is_whitespace);
                if !spaced {
                    line.push(' ');
                }
                line.push_str(w);
            }
            line
        };
        lines.into_iter().map(|(_, _, words)| join(words)).collect()
    }

    /// All the page's text, one line per baseline.
    pub fn text(&self) -> String {
        self.lines().join("\n")
    }
}

/// Sorts by baseline (rows within a tenth of a point are one row), then x.
fn sort_reading_order(runs: &mut [&Run]) {
    runs.sort_by(|a, b| {
        let row = |r: &Run| (r.y * 10.0).round() as i64;
        row(a).cmp(&row(b)).then(a.x.total_cmp(&b.x))
    });
}

/// A font a page uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Font {
    /// `BaseFont`, e.g. `ABCDEF+DejaVuSans` for a subset.
    pub base_font: String,
    /// `Subtype` of the font (`Type0`, `TrueType`, ...).
    pub subtype: String,
    /// `Subtype` of the descendant font of a Type 0 font (`CIDFontType2`).
    pub descendant_subtype: Option<String>,
    /// Glyph count of the embedded TrueType program (`FontFile2`) when one
    /// is embedded and parses; `None` when none is embedded.
    pub embedded_glyphs: Option<u16>,
    /// Whether the font has a `ToUnicode` map.
    pub to_unicode: bool,
}

impl Font {
    /// Whether the name carries a subset tag: six capitals and `+`.
    pub fn is_subset(&self) -> bool {
        let b = self.base_font.as_bytes();
        b.len() > 7 && b[6] == b'+' && b[..6].iter().all(u8::is_ascii_uppercase)
    }
}

/// A whole document.
#[derive(Clone, Debug)]
pub struct Pdf {
    pub pages: Vec<Page>,
    /// Every distinct font the pages use, by `BaseFont`.
    pub fonts: Vec<Font>,
    /// The `Title` of the document information, if any.
    pub title: Option<String>,
}

impl Pdf {
    /// Reads a PDF from its bytes.
    pub fn read(bytes: &[u8]) -> Result<Pdf, Error> {
        if !bytes.starts_with(b"%PDF-") {
            return Err(err("not a PDF: no %PDF- header"));
        }
        let doc = Document::load_mem(bytes)?;
        let mut pages = Vec::new();
        let mut fonts: BTreeMap<String, Font> = BTreeMap::new();
        for (number, id) in doc.get_pages() {
            let page =
                read_page(&doc, id, &mut fonts).map_err(|e| err(format!("page {number}: {e}")))?;
            pages.push(page);
        }
        let title = title(&doc);
        Ok(Pdf { pages, fonts: fonts.into_values().collect(), title })
    }

    /// All the text, pages separated by form feeds (as `pdftotext` does).
    pub fn text(&self) -> String {
        self.pages.iter().map(Page::text).collect::<Vec<_>>().join("\n\x0c")
    }
}

fn title(doc: &Document) -> Option<String> {
    let info = doc.trailer.get(b"Info").ok()?;
    let info = doc.dereference(info).ok()?.1.as_dict().ok()?;
    let title = info.get(b"Title").ok()?.as_str().ok()?;
    Some(decode_text_string(title))
}

/// A PDF text string: UTF-16BE with a byte-order mark, else PDFDocEncoding
/// (read as Latin-1, which agrees with it on printable ASCII).
fn decode_text_string(bytes: &[u8]) -> String {
    if let Some(rest) = bytes.strip_prefix(&[0xfe, 0xff]) {
        let units: Vec<u16> =
            rest.chunks_exact(2).map(|c| u16::from_be_bytes([c[0], c[1]])).collect();
        String::from_utf16_lossy(&units)
    } else {
        bytes.iter().map(|&b| char::from(b)).collect()
    }
}

/// A dictionary entry, following a reference.
fn get<'a>(doc: &'a Document, dict: &'a Dictionary, key: &[u8]) -> Result<&'a Object, Error> {
    let o = dict.get(key).map_err(|_| err(format!("missing /{}", String::from_utf8_lossy(key))))?;
    Ok(doc.dereference(o)?.1)
}

fn name(o: &Object) -> Result<String, Error> {
    Ok(String::from_utf8_lossy(o.as_name()?).into_owned())
}

fn number(o: &Object) -> Result<f32, Error> {
    match o {
        Object::Integer(i) => Ok(*i as f32),
        Object::Real(r) => Ok(*r),
        other => Err(err(format!("expected a number, found {other:?}"))),
    }
}

/// The page's media box, looked up through the page tree if inherited.
fn media_box(doc: &Document, mut id: ObjectId) -> Result<[f32; 4], Error> {
    loop {
        let dict = doc.get_dictionary(id)?;
        if let Ok(mb) = dict.get(b"MediaBox") {
            let arr = doc.dereference(mb)?.1.as_array()?;
            if arr.len() != 4 {
                return Err(err("MediaBox is not four numbers"));
            }
            return Ok([number(&arr[0])?, number(&arr[1])?, number(&arr[2])?, number(&arr[3])?]);
        }
        id = dict.get(b"Parent").and_then(Object::as_reference).map_err(|_| err("no MediaBox"))?;
    }
}

/// A font's map from codes to text, and the code width in bytes.
struct ToUnicode {
    code_bytes: usize,
    map: BTreeMap<u32, String>,
}

impl ToUnicode {
    /// Like [`ToUnicode::decode`], with U+FFFD for a code without a character.
    fn decode_lossy(&self, bytes: &[u8]) -> String {
        bytes
            .chunks(self.code_bytes)
            .map(|code| {
                let code = code.iter().fold(0u32, |acc, &b| acc << 8 | u32::from(b));
                self.map.get(&code).map_or("\u{FFFD}", String::as_str)
            })
            .collect()
    }

    fn decode(&self, bytes: &[u8]) -> Result<String, Error> {
        let mut out = String::new();
        for code in bytes.chunks(self.code_bytes) {
            let code = code.iter().fold(0u32, |acc, &b| acc << 8 | u32::from(b));
            let text =
                self.map.get(&code).ok_or_else(|| err(format!("no ToUnicode for {code:#x}")))?;
            out.push_str(text);
        }
        Ok(out)
    }
}

/// Parses the `bfchar` and `bfrange` sections of a `ToUnicode` CMap.
fn parse_cmap(text: &str) -> Result<ToUnicode, Error> {
    fn hex(token: &str) -> Result<(u32, usize), Error> {
        let h = token.trim_start_matches('<').trim_end_matches('>');
        let v = u32::from_str_radix(h, 16).map_err(|_| err(format!("bad hex {token}")))?;
        Ok((v, h.len() / 2))
    }
    fn utf16(token: &str) -> Result<String, Error> {
        let h = token.trim_start_matches('<').trim_end_matches('>');
        let units: Result<Vec<u16>, _> =
            (0..h.len() / 4).map(|i| u16::from_str_radix(&h[4 * i..4 * i + 4], 16)).collect();
        let units = units.map_err(|_| err(format!("bad UTF-16 {token}")))?;
        String::from_utf16(&units).map_err(|_| err(format!("bad UTF-16 {token}")))
    }
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '[' || c == ']')
        .filter(|t| !t.is_empty())
        .collect();
    let mut map = BTreeMap::new();
    let mut code_bytes = 0;
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i] {
            "beginbfchar" => {
                i += 1;
                while tokens.get(i) != Some(&"endbfchar") {
                    let (code, n) = hex(tokens.get(i).ok_or_else(|| err("cut bfchar"))?)?;
                    let dst = utf16(tokens.get(i + 1).ok_or_else(|| err("cut bfchar"))?)?;
                    code_bytes = n;
                    map.insert(code, dst);
                    i += 2;
                }
            }
            "beginbfrange" => {
                i += 1;
                while tokens.get(i) != Some(&"endbfrange") {
                    let (lo, n) = hex(tokens.get(i).ok_or_else(|| err("cut bfrange"))?)?;
                    let (hi, _) = hex(tokens.get(i + 1).ok_or_else(|| err("cut bfrange"))?)?;
                    let dst = utf16(tokens.get(i + 2).ok_or_else(|| err("cut bfrange"))?)?;
                    let first = dst.chars().next().ok_or_else(|| err("empty bfrange target"))?;
                    for (k, code) in (lo..=hi).enumerate() {
                        let c = char::from_u32(first as u32 + k as u32)
                            .ok_or_else(|| err("bfrange leaves Unicode"))?;
                        map.insert(code, c.to_string());
                    }
                    code_bytes = n;
                    i += 3;
                }
            }
            _ => {}
        }
        i += 1;
    }
    if code_bytes == 0 {
        return Err(err("ToUnicode map has no entries"));
    }
    Ok(ToUnicode { code_bytes, map })
}

/// Reads one font dictionary: its description and its `ToUnicode` map.
fn read_font(doc: &Document, dict: &Dictionary) -> Result<(Font, Option<ToUnicode>), Error> {
    let base_font = name(get(doc, dict, b"BaseFont")?)?;
    let subtype = name(get(doc, dict, b"Subtype")?)?;
    let mut descendant_subtype = None;
    let mut descriptor = get(doc, dict, b"FontDescriptor").ok();
    if subtype == "Type0" {
        let kids = get(doc, dict, b"DescendantFonts")?.as_array()?;
        let kid = doc.dereference(kids.first().ok_or_else(|| err("no descendant font"))?)?.1;
        let kid = kid.as_dict()?;
        descendant_subtype = Some(name(get(doc, kid, b"Subtype")?)?);
        descriptor = get(doc, kid, b"FontDescriptor").ok();
    }
    let mut embedded_glyphs = None;
    if let Some(descriptor) = descriptor {
        let descriptor = descriptor.as_dict()?;
        if let Ok(file) = get(doc, descriptor, b"FontFile2") {
            let program = file.as_stream()?.decompressed_content()?;
            let face = ttf_parser::Face::parse(&program, 0)
                .map_err(|e| err(format!("embedded font of {base_font} does not parse: {e}")))?;
            embedded_glyphs = Some(face.number_of_glyphs());
        }
    }
    let to_unicode = match get(doc, dict, b"ToUnicode") {
        Ok(stream) => {
            let data = stream.as_stream()?.decompressed_content()?;
            Some(parse_cmap(&String::from_utf8_lossy(&data))?)
        }
        Err(_) => None,
    };
    let font = Font {
        base_font,
        subtype,
        descendant_subtype,
        embedded_glyphs,
        to_unicode: to_unicode.is_some(),
    };
    Ok((font, to_unicode))
}

type Matrix = [f32; 6];

fn multiply(a: Matrix, b: Matrix) -> Matrix {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]
}

const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

fn read_page(
    doc: &Document,
    id: ObjectId,
    fonts: &mut BTreeMap<String, Font>,
) -> Result<Page, Error> {
    let [x0, y0, x1, y1] = media_box(doc, id)?;
    let (width, height) = (x1 - x0, y1 - y0);

    let mut maps: BTreeMap<Vec<u8>, Option<ToUnicode>> = BTreeMap::new();
    for (resource, dict) in doc.get_page_fonts(id)? {
        let (font, map) = read_font(doc, dict)?;
        fonts.insert(font.base_font.clone(), font);
        maps.insert(resource, map);
    }

    let content = Content::decode(&doc.get_page_content_with_limit(id, 64 << 20)?)?;
    let mut runs = Vec::new();
    let mut ctm = IDENTITY;
    let mut saved = Vec::new();
    let (mut tm, mut line) = (IDENTITY, IDENTITY);
    let mut font: Option<&Vec<u8>> = None;
    let mut size = 0.0f32;
    let mut leading = 0.0f32;
    // The `ActualText` of the marked-content span being read, and whether
    // a run has given it yet.
    let mut actual: Option<(String, bool)> = None;
    for op in &content.operations {
        let nums = || op.operands.iter().map(number).collect::<Result<Vec<f32>, Error>>();
        let mut shown: Vec<&[u8]> = Vec::new();
        match op.operator.as_str() {
            "q" => saved.push(ctm),
            "Q" => ctm = saved.pop().ok_or_else(|| err("Q without q"))?,
            "cm" => {
                let n = nums()?;
                ctm = multiply([n[0], n[1], n[2], n[3], n[4], n[5]], ctm);
            }
            "BT" => {
                tm = IDENTITY;
                line = IDENTITY;
            }
            "Tf" => {
                let resource = op.operands.first().ok_or_else(|| err("Tf without font"))?;
                let resource = resource.as_name()?.to_vec();
                font = Some(
                    maps.keys()
                        .find(|k| **k == resource)
                        .ok_or_else(|| err("Tf names a font the page lacks"))?,
                );
                size = number(op.operands.get(1).ok_or_else(|| err("Tf without size"))?)?;
            }
            "BDC" => actual = actual_text(doc, op.operands.get(1)).map(|t| (t, false)),
            "EMC" => actual = None,
            "TL" => leading = nums()?[0],
            "Tm" => {
                let n = nums()?;
                tm = [n[0], n[1], n[2], n[3], n[4], n[5]];
                line = tm;
            }
            "Td" | "TD" => {
                let n = nums()?;
                if op.operator == "TD" {
                    leading = -n[1];
                }
                line = multiply([1.0, 0.0, 0.0, 1.0, n[0], n[1]], line);
                tm = line;
            }
            "T*" => {
                line = multiply([1.0, 0.0, 0.0, 1.0, 0.0, -leading], line);
                tm = line;
            }
            "Tj" => shown.push(op.operands[0].as_str()?),
            "'" | "\"" => {
                line = multiply([1.0, 0.0, 0.0, 1.0, 0.0, -leading], line);
                tm = line;
                shown.push(op.operands.last().ok_or_else(|| err("' without text"))?.as_str()?);
            }
            "TJ" => {
                for part in op.operands[0].as_array()? {
                    if let Ok(s) = part.as_str() {
                        shown.push(s);
                    }
                }
            }
            _ => {}
        }
        if shown.is_empty() {
            continue;
        }
        let resource = font.ok_or_else(|| err("text shown before Tf"))?;
        let map = maps[resource].as_ref().ok_or_else(|| err("font without ToUnicode"))?;
        let glyphs: String = shown.iter().map(|s| map.decode_lossy(s)).collect();
        let text = match &mut actual {
            // A span's text is its actual text, given once, where it starts.
            Some((_, true)) => String::new(),
            Some((text, given)) => {
                *given = true;
                text.clone()
            }
            None => {
                let mut text = String::new();
                for s in shown {
                    text.push_str(&map.decode(s)?);
                }
                text
            }
        };
        let m = multiply(tm, ctm);
        runs.push(Run { x: m[4] - x0, y: y1 - m[5], size: size * m[3].abs(), text, glyphs });
    }
    Ok(Page { width, height, runs })
}

/// The `ActualText` of a marked-content property list given inline (or
/// by reference), decoded as a PDF text string.
fn actual_text(doc: &Document, properties: Option<&Object>) -> Option<String> {
    let dict = match properties? {
        Object::Dictionary(d) => d,
        Object::Reference(id) => doc.get_dictionary(*id).ok()?,
        _ => return None,
    };
    Some(decode_text_string(dict.get(b"ActualText").ok()?.as_str().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cmaps_with_chars_and_ranges() {
        let cmap = "1 begincodespacerange <0000> <FFFF> endcodespacerange\n\
                    2 beginbfchar <0001> <0031> <0002> <00E9> endbfchar\n\
                    1 beginbfrange <0010> <0012> <0041> endbfrange";
        let map = parse_cmap(cmap).unwrap();
        assert_eq!(map.code_bytes, 2);
        assert_eq!(map.decode(&[0, 1, 0, 2, 0, 0x11]).unwrap(), "1éB");
        assert!(map.decode(&[0, 3]).is_err());
    }

    #[test]
    fn subset_names() {
        let font = |n: &str| Font {
            base_font: n.into(),
            subtype: "Type0".into(),
            descendant_subtype: None,
            embedded_glyphs: None,
            to_unicode: false,
        };
        assert!(font("ABCDEF+DejaVuSans").is_subset());
        assert!(!font("DejaVuSans").is_subset());
        assert!(!font("ABCDEf+DejaVuSans").is_subset());
    }

    #[test]
    fn not_a_pdf() {
        assert!(Pdf::read(b"hello").is_err());
    }
}
