//! PDF: poppler opens and renders it, the page count is right, the font is
//! embedded, and the text layer holds every grid's symbols in reading order.

use std::collections::HashMap;

use sudokit_print::{Book, GridKind, PerPage, PrintItem, PrintOptions};

use crate::util::{artifact, big_item, example_grids, poppler, symbols, twelve_item};

/// Every example puzzle (4x4 to 16x16), a 12x12 and a 25x25, with captions.
fn mixed_items() -> Vec<PrintItem> {
    let mut items: Vec<PrintItem> = example_grids()
        .into_iter()
        .enumerate()
        .map(|(i, g)| PrintItem {
            level: Some("hard".into()),
            rating: Some("4.4".into()),
            seed: Some(42 + i as u64),
            ..PrintItem::new(g, i as u64 + 1)
        })
        .collect();
    items.push(twelve_item(7));
    items.push(big_item(8));
    items
}

fn pdfinfo_pages(path: &str) -> usize {
    let out = poppler("pdfinfo", &[path]);
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("Pages:")).expect("pdfinfo prints Pages:");
    line["Pages:".len()..].trim().parse().unwrap()
}

#[test]
fn mixed_book_opens_renders_and_reads_in_order() {
    let items = mixed_items();
    let options = PrintOptions {
        per_page: PerPage::Four,
        solutions: true,
        title: Some("Mixed shapes & sizes".into()),
        ..PrintOptions::default()
    };
    let book = Book::new(&items, &options).unwrap();
    // A 25x25 board at four to a page would have cells under 11 pt: two per page.
    assert_eq!(book.puzzles_per_page(), PerPage::Two);
    let path = artifact("mixed-book.pdf");
    std::fs::write(&path, book.to_pdf()).unwrap();
    let file = path.to_str().unwrap();

    // 8 puzzles at two a page, then 8 solutions at six a page.
    assert_eq!(pdfinfo_pages(file), 4 + 2);
    assert_eq!(book.pages().len(), 6);

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

    // The text inside each grid's square is its symbols, row by row.
    let by_number: HashMap<u64, &PrintItem> = items.iter().map(|i| (i.number, i)).collect();
    let mut checked = 0;
    for (p, page) in book.pages().iter().enumerate() {
        for g in &page.grids {
            let (x, y) = (g.x.floor() as i64, g.y.floor() as i64);
            let side = (g.side.ceil() + 1.0) as i64;
            let page_no = (p + 1).to_string();
            let args = [
                "-f",
                &page_no,
                "-l",
                &page_no,
                "-layout",
                "-x",
                &x.to_string(),
                "-y",
                &y.to_string(),
                "-W",
                &side.to_string(),
                "-H",
                &side.to_string(),
                file,
                "-",
            ];
            let out = poppler("pdftotext", &args);
            let text: String = String::from_utf8_lossy(&out.stdout)
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
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
            assert_eq!(text, expected, "page {page_no}, {:?} grid of puzzle {}", g.kind, g.number);
            checked += 1;
        }
    }
    assert_eq!(checked, 16);

    // The captions and the title are text too.
    let all = poppler("pdftotext", &["-layout", file, "-"]);
    let all = String::from_utf8_lossy(&all.stdout);
    assert!(all.contains("Mixed shapes & sizes"), "{all}");
    assert!(all.contains("No. 3") && all.contains("rating 4.4") && all.contains("seed 44"));
    assert!(all.contains("page 6 of 6"));
}

#[test]
fn page_counts_follow_the_layout_and_paper() {
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
            let file = path.to_str().unwrap();
            assert_eq!(pdfinfo_pages(file), puzzle_pages + solution_pages, "{name}");
            let info = String::from_utf8_lossy(&poppler("pdfinfo", &[file]).stdout).into_owned();
            let expected = match paper {
                sudokit_print::Paper::A4 => "595.276 x 841.89 pts (A4)",
                sudokit_print::Paper::Letter => "612 x 792 pts (letter)",
            };
            assert!(info.contains(expected), "{name}: {info}");
        }
    }
}

#[test]
fn the_same_book_gives_the_same_bytes() {
    let items = mixed_items();
    let options = PrintOptions { solutions: true, ..PrintOptions::default() };
    let a = Book::new(&items, &options).unwrap().to_pdf();
    let b = Book::new(&items, &options).unwrap().to_pdf();
    assert!(a == b, "PDF output differs between two runs");
}
