//! PDF: the page count and size are right, the font is embedded, and the
//! text layer holds every grid's symbols in reading order. Each check runs
//! twice: read back by `sudokit-pdf-text` (pure Rust, in the default test
//! run), and through poppler, which also renders every page (ignored by
//! default: it needs poppler-utils, which `.ci/run` installs).

use std::collections::HashMap;

use sudokit_pdf_text::Pdf;
use sudokit_print::{Book, GridKind, PerPage, PrintItem, PrintOptions};

use crate::util::{artifact, book_with_solutions, every_size, example_grids, poppler, symbols};

/// Every example puzzle (4x4 to 16x16), a 12x12 and a 25x25, with captions.
fn mixed_items() -> Vec<PrintItem> {
    every_size(|i, g| PrintItem {
        level: Some("hard".into()),
        rating: Some("4.4".into()),
        seed: Some(42 + i as u64),
        ..PrintItem::new(g, i as u64 + 1)
    })
}

fn pdfinfo_pages(path: &str) -> usize {
    let out = poppler("pdfinfo", &[path]);
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("Pages:")).expect("pdfinfo prints Pages:");
    line["Pages:".len()..].trim().parse().unwrap()
}

/// The mixed book at four to a page with solutions, written to `name`.
fn mixed_book(name: &str) -> (Vec<PrintItem>, Book, std::path::PathBuf) {
    let items = mixed_items();
    let book = book_with_solutions(&items, PerPage::Four, "Mixed shapes & sizes");
    // A 25x25 board at four to a page would have cells under 11 pt: two per page.
    assert_eq!(book.puzzles_per_page(), PerPage::Two);
    // 8 puzzles at two a page, then 8 solutions at six a page.
    assert_eq!(book.pages().len(), 6);
    let path = artifact(name);
    std::fs::write(&path, book.to_pdf()).unwrap();
    (items, book, path)
}

/// Checks that the text inside each grid's square is its symbols, row by
/// row; `text_in(page, x, y, side)` reads the text of a square of the page
/// (numbered from 1) in layout coordinates.
fn check_grid_texts(
    items: &[PrintItem],
    book: &Book,
    text_in: impl Fn(usize, f32, f32, f32) -> String,
) {
    let by_number: HashMap<u64, &PrintItem> = items.iter().map(|i| (i.number, i)).collect();
    let mut checked = 0;
    for (p, page) in book.pages().iter().enumerate() {
        for g in &page.grids {
            let text: String =
                text_in(p + 1, g.x, g.y, g.side).chars().filter(|c| !c.is_whitespace()).collect();
            let item = by_number[&g.number];
            let expected = match g.kind {
                GridKind::Puzzle => symbols(&item.puzzle),
                GridKind::Solution => {
                    let solution = match &item.solution {
                        Some(s) => s.clone(),
                        None => match item.puzzle.solution() {
                            sudokit::solve::Solution::Unique(s) => s,
                            other => panic!("example {} has {other:?}", item.number),
                        },
                    };
                    symbols(&solution)
                }
            };
            assert_eq!(text, expected, "page {}, {:?} grid of puzzle {}", p + 1, g.kind, g.number);
            checked += 1;
        }
    }
    assert_eq!(checked, 16);
}

/// The captions and the title, in the text of the whole book.
fn check_captions(all: &str) {
    assert!(all.contains("Mixed shapes & sizes"), "{all}");
    assert!(all.contains("No. 3") && all.contains("rating 4.4") && all.contains("seed 44"));
    assert!(all.contains("page 6 of 6"));
}

/// Read back with a PDF parser: six A4 pages, the font embedded as a
/// TrueType subset with a Unicode map, each grid's symbols inside its
/// square, captions and title as text.
#[test]
fn mixed_book_reads_back_in_order() {
    let (items, book, path) = mixed_book("mixed-book.pdf");
    let pdf = Pdf::read(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(pdf.pages.len(), 6);
    for page in &pdf.pages {
        assert!((page.width - 595.276).abs() < 0.01 && (page.height - 841.89).abs() < 0.01);
    }
    assert_eq!(pdf.title.as_deref(), Some("Mixed shapes & sizes"));

    assert_eq!(pdf.fonts.len(), 1, "{:?}", pdf.fonts);
    let font = &pdf.fonts[0];
    assert!(font.is_subset() && font.base_font.ends_with("+DejaVuSans"), "{font:?}");
    assert_eq!(font.subtype, "Type0");
    assert_eq!(font.descendant_subtype.as_deref(), Some("CIDFontType2"));
    assert!(font.to_unicode, "{font:?}");
    // A subset: more than the digits and letters shown, far fewer than
    // DejaVu Sans's 6,000 glyphs.
    let glyphs = font.embedded_glyphs.expect("the font program is embedded");
    assert!((20..500).contains(&glyphs), "{glyphs} glyphs embedded");

    check_grid_texts(&items, &book, |page, x, y, side| {
        // Symbols are centred in their cells: a run starts a little left of
        // its cell's centre, never outside the square.
        pdf.pages[page - 1].text_in(x, y, side, side)
    });
    check_captions(&pdf.text());
}

/// A Hebrew title is drawn in visual order (its letters placed right to
/// left) while the text layer reads it in reading order; a title in a script
/// the font lacks shows boxes but keeps its text.
#[test]
fn titles_beyond_latin_keep_their_text_and_read_right_to_left() {
    let items = mixed_items()[..1].to_vec();
    // "Sudoku book 2" in Hebrew: a right-to-left paragraph ending in a number.
    let hebrew = "\u{5E1}\u{5E4}\u{5E8} \u{5E1}\u{5D5}\u{5D3}\u{5D5}\u{5E7}\u{5D5} 2";
    for (title, glyphs) in [
        (hebrew, "2 \u{5D5}\u{5E7}\u{5D5}\u{5D3}\u{5D5}\u{5E1} \u{5E8}\u{5E4}\u{5E1}".to_string()),
        ("\u{6570}\u{72EC} 9", "\u{FFFD}\u{FFFD} 9".to_string()),
        ("Book \u{5D0}\u{5D1} 3", "Book 3 \u{5D1}\u{5D0}".to_string()),
    ] {
        let book = book_with_solutions(&items, PerPage::One, title);
        let pdf = Pdf::read(&book.to_pdf()).unwrap();
        assert_eq!(pdf.title.as_deref(), Some(title));
        let run = pdf.pages[0].runs.iter().find(|r| r.text == title);
        let run = run.unwrap_or_else(|| panic!("{title:?} not in {:?}", pdf.pages[0].runs));
        assert_eq!(run.glyphs, glyphs, "{title:?}");
    }
    // Latin text needs no second copy.
    let book = book_with_solutions(&items, PerPage::One, "Sunday puzzles");
    let pdf = Pdf::read(&book.to_pdf()).unwrap();
    assert!(pdf.pages[0].runs.iter().all(|r| r.text == r.glyphs), "{:?}", pdf.pages[0].runs);
}

/// The same book through poppler: it opens, every page renders, the font
/// is an embedded subset, and `pdftotext` reads the grids in order.
#[test]
#[ignore = "needs poppler-utils (pdfinfo, pdftoppm, pdftotext, pdffonts); .ci/run installs them"]
fn mixed_book_opens_renders_and_reads_in_poppler() {
    let (items, book, path) = mixed_book("mixed-book-poppler.pdf");
    let file = path.to_str().unwrap();
    assert_eq!(pdfinfo_pages(file), 6);

    // Every page renders; the first is kept to look at.
    let prefix = artifact("mixed-book-poppler");
    poppler("pdftoppm", &["-r", "30", "-png", file, prefix.to_str().unwrap()]);
    poppler(
        "pdftoppm",
        &["-r", "100", "-png", "-f", "1", "-l", "1", "-singlefile", file, prefix.to_str().unwrap()],
    );
    assert!(std::fs::metadata(artifact("mixed-book-poppler.png")).unwrap().len() > 10_000);
    for p in 1..=6 {
        let page = artifact(&format!("mixed-book-poppler-{p}.png"));
        assert!(std::fs::metadata(&page).is_ok(), "pdftoppm did not render page {p}");
    }

    // The font is embedded, as a subset.
    let fonts = String::from_utf8_lossy(&poppler("pdffonts", &[file]).stdout).into_owned();
    let row = fonts.lines().find(|l| l.contains("+DejaVuSans")).expect(&fonts);
    assert!(row.contains("CID TrueType") && row.contains("yes yes"), "{fonts}");

    check_grid_texts(&items, &book, |page, x, y, side| {
        let (x, y) = (x.floor() as i64, y.floor() as i64);
        let side = (side.ceil() + 1.0) as i64;
        let page = page.to_string();
        let (x, y, side) = (x.to_string(), y.to_string(), side.to_string());
        let args = [
            "-f", &page, "-l", &page, "-layout", "-x", &x, "-y", &y, "-W", &side, "-H", &side,
            file, "-",
        ];
        String::from_utf8_lossy(&poppler("pdftotext", &args).stdout).into_owned()
    });
    let all = poppler("pdftotext", &["-layout", file, "-"]);
    check_captions(&String::from_utf8_lossy(&all.stdout));
}

/// Each layout and paper gives the expected number of pages of the
/// paper's size; `pages(file)` reads a written book's page count and the
/// first page's size in points.
fn check_page_counts(pages: impl Fn(&str) -> (usize, f32, f32)) {
    let grids = example_grids();
    let nine: Vec<PrintItem> =
        (0..13).map(|i| PrintItem::new(grids[2 + i % 3].clone(), i as u64 + 1)).collect();
    for (per_page, puzzle_pages, solution_pages) in
        [(PerPage::One, 13, 4), (PerPage::Two, 7, 3), (PerPage::Four, 4, 2), (PerPage::Six, 3, 1)]
    {
        for paper in [sudokit_print::Paper::A4, sudokit_print::Paper::Letter] {
            let options =
                PrintOptions { per_page, paper, solutions: true, ..PrintOptions::default() };
            let book = Book::new(&nine, &options).unwrap();
            assert_eq!(book.puzzles_per_page(), per_page);
            let name = format!("count-{}-{paper}.pdf", per_page.count());
            let path = artifact(&name);
            std::fs::write(&path, book.to_pdf()).unwrap();
            let (count, width, height) = pages(path.to_str().unwrap());
            assert_eq!(count, puzzle_pages + solution_pages, "{name}");
            let expected = match paper {
                sudokit_print::Paper::A4 => (595.276, 841.89),
                sudokit_print::Paper::Letter => (612.0, 792.0),
            };
            assert!(
                (width - expected.0).abs() < 0.01 && (height - expected.1).abs() < 0.01,
                "{name}: {width} x {height}"
            );
        }
    }
}

#[test]
fn page_counts_follow_the_layout_and_paper() {
    check_page_counts(|file| {
        let pdf = Pdf::read(&std::fs::read(file).unwrap()).unwrap();
        let first = &pdf.pages[0];
        assert!(pdf.pages.iter().all(|p| (p.width, p.height) == (first.width, first.height)));
        (pdf.pages.len(), first.width, first.height)
    });
}

#[test]
#[ignore = "needs poppler-utils (pdfinfo); .ci/run installs it"]
fn page_counts_follow_the_layout_and_paper_in_poppler() {
    check_page_counts(|file| {
        let info = String::from_utf8_lossy(&poppler("pdfinfo", &[file]).stdout).into_owned();
        let size = info.lines().find(|l| l.starts_with("Page size:")).expect(&info);
        let words: Vec<&str> = size["Page size:".len()..].split_whitespace().collect();
        // "595.276 x 841.89 pts (A4)"
        (pdfinfo_pages(file), words[0].parse().unwrap(), words[2].parse().unwrap())
    });
}

#[test]
fn the_same_book_gives_the_same_bytes() {
    let items = mixed_items();
    let options = PrintOptions { solutions: true, ..PrintOptions::default() };
    let a = Book::new(&items, &options).unwrap().to_pdf();
    let b = Book::new(&items, &options).unwrap().to_pdf();
    assert!(a == b, "PDF output differs between two runs");
}
