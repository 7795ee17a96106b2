//! PNG: the expected pixel size, and ink where the givens are.

use sudokit_print::{Book, Paper, PerPage, PrintError, PrintItem, PrintOptions};

/// A decoded greyscale page.
struct Gray {
    width: u32,
    height: u32,
    data: Vec<u8>,
}

impl Gray {
    fn decode(png_bytes: &[u8]) -> Gray {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut data = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut data).expect("PNG data");
        assert_eq!(info.color_type, png::ColorType::Grayscale);
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        data.truncate(info.buffer_size());
        Gray { width: info.width, height: info.height, data }
    }

    fn pixel(&self, x: u32, y: u32) -> Option<u8> {
        (x < self.width && y < self.height).then(|| self.data[(y * self.width + x) as usize])
    }
}

use crate::util::{artifact, big_item, example_grids};

/// The darkest red value in a square of `r` pixels around (x, y).
fn darkest(img: &Gray, x: f32, y: f32, r: i32) -> u8 {
    let mut min = 255;
    for dy in -r..=r {
        for dx in -r..=r {
            if let Some(p) = img.pixel((x as i32 + dx) as u32, (y as i32 + dy) as u32) {
                min = min.min(p);
            }
        }
    }
    min
}

/// Checks that a page image has ink at each given's cell centre and none at
/// empty cells' centres.
fn check_ink(book: &Book, items: &[PrintItem], page: usize, png: &[u8], dpi: u32) {
    let img = Gray::decode(png);
    let scale = dpi as f32 / 72.0;
    for g in &book.pages()[page].grids {
        let puzzle = &items[g.number as usize - 1].puzzle;
        let n = g.size;
        let cell = g.side / n as f32;
        for (k, &v) in puzzle.values().iter().enumerate() {
            let cx = (g.x + (k % n) as f32 * cell + cell / 2.0) * scale;
            let cy = (g.y + (k / n) as f32 * cell + cell / 2.0) * scale;
            let ink = darkest(&img, cx, cy, (cell * scale * 0.15) as i32);
            if v == 0 {
                assert!(ink > 200, "empty cell {k} of puzzle {} has ink {ink}", g.number);
            } else {
                assert!(
                    ink < 100,
                    "given {v} in cell {k} of puzzle {} has no ink ({ink})",
                    g.number
                );
            }
        }
    }
}

#[test]
fn pages_have_the_expected_size_and_ink() {
    let grids = example_grids();
    let items: Vec<PrintItem> =
        grids.iter().enumerate().map(|(i, g)| PrintItem::new(g.clone(), i as u64 + 1)).collect();
    let options =
        PrintOptions { per_page: PerPage::Six, solutions: true, ..PrintOptions::default() };
    let book = Book::new(&items, &options).unwrap();
    let pages = book.to_png(150).unwrap();
    assert_eq!(pages.len(), 2);
    // A4 at 150 dpi: 595.276 x 841.89 pt * 150 / 72.
    assert_eq!(book.png_size(150), (1240, 1754));
    for png in &pages {
        let img = Gray::decode(png);
        assert_eq!((img.width, img.height), (1240, 1754));
    }
    std::fs::write(artifact("six-per-page.png"), &pages[0]).unwrap();
    std::fs::write(artifact("six-per-page-solutions.png"), &pages[1]).unwrap();
    check_ink(&book, &items, 0, &pages[0], 150);

    let letter =
        Book::new(&items[..1], &PrintOptions { paper: Paper::Letter, ..PrintOptions::default() })
            .unwrap();
    let png = &letter.to_png(100).unwrap()[0];
    let img = Gray::decode(png);
    assert_eq!((img.width, img.height), (850, 1100));
}

#[test]
fn a_25x25_page_is_legible() {
    let items = vec![big_item(1)];
    let options = PrintOptions {
        per_page: PerPage::One,
        title: Some("25x25".into()),
        ..PrintOptions::default()
    };
    let book = Book::new(&items, &options).unwrap();
    let png = &book.to_png(150).unwrap()[0];
    std::fs::write(artifact("25x25.png"), png).unwrap();
    check_ink(&book, &items, 0, png, 150);
    // Symbols are at least 12 pt on a page of their own.
    let smallest = book.pages()[0]
        .elements
        .iter()
        .filter_map(|e| match e {
            sudokit_print::Element::Text(t) if t.role == sudokit_print::Role::Given => Some(t.size),
            _ => None,
        })
        .fold(f32::MAX, f32::min);
    assert!(smallest >= 12.0, "25x25 symbols are {smallest} pt");
}

#[test]
fn resolution_is_bounded() {
    let book =
        Book::new(&[PrintItem::new(example_grids()[0].clone(), 1)], &PrintOptions::default())
            .unwrap();
    assert_eq!(book.to_png(10).unwrap_err(), PrintError::Dpi(10));
    assert_eq!(book.to_png(601).unwrap_err(), PrintError::Dpi(601));
}
