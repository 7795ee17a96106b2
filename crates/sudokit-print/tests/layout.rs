//! Layout: grids stay inside the margins and apart, captions sit under their
//! grid, line widths distinguish boxes from cells, and bad items are refused
//! with the puzzle's number.

use sudokit::{Grid, Shape};
use sudokit_print::{
    Book, Element, GridKind, Page, Paper, PerPage, PrintError, PrintItem, PrintOptions, Role,
};

use crate::util::{every_size, example_grids, full_grid};

fn all_items() -> Vec<PrintItem> {
    every_size(|i, g| PrintItem {
        level: Some("a level name long enough to need shrinking".into()),
        rating: Some("11.9".into()),
        seed: Some(u64::MAX),
        ..PrintItem::new(g, i as u64 + 1)
    })
}

/// Checks the geometry of one page.
fn check_page(page: &Page) {
    let margin = 35.9;
    for (i, a) in page.grids.iter().enumerate() {
        assert!(a.x >= margin && a.y >= margin, "grid {i} starts in the margin: {a:?}");
        assert!(a.x + a.side <= page.width - margin, "grid {i} runs off the right: {a:?}");
        assert!(a.y + a.side <= page.height - margin, "grid {i} runs off the bottom: {a:?}");
        for b in &page.grids[i + 1..] {
            let apart = a.x + a.side < b.x
                || b.x + b.side < a.x
                || a.y + a.side < b.y
                || b.y + b.side < a.y;
            assert!(apart, "grids overlap: {a:?} {b:?}");
        }
    }
    let texts: Vec<_> = page
        .elements
        .iter()
        .filter_map(|e| if let Element::Text(t) = e { Some(t) } else { None })
        .collect();
    let captions: Vec<_> = texts.iter().filter(|t| t.role == Role::Caption).collect();
    assert_eq!(captions.len(), page.grids.len());
    for (c, g) in captions.iter().zip(&page.grids) {
        // Under its own grid: the top of the capitals below the grid's
        // bottom, and above any grid lower on the page.
        let top = c.y - c.size * 0.8;
        assert!(top > g.y + g.side, "caption {:?} overlaps its grid {g:?}", c.text);
        assert!(c.text.starts_with(&format!("No. {}", g.number)), "{}", c.text);
        for other in page.grids.iter().filter(|o| o.y > g.y) {
            assert!(c.y + c.size * 0.3 < other.y, "caption {:?} runs into {other:?}", c.text);
        }
    }
    for t in &texts {
        assert!(t.y > 0.0 && t.y < page.height && t.size >= 2.0, "{t:?}");
        assert!(!t.text.chars().any(char::is_control), "{t:?}");
    }
    let titles = texts.iter().filter(|t| t.role == Role::Title).count();
    let footers = texts.iter().filter(|t| t.role == Role::Footer).count();
    assert!(titles <= 1 && footers == 1);
}

#[test]
fn every_layout_keeps_grids_apart_and_inside() {
    let items = all_items();
    for per_page in [PerPage::One, PerPage::Two, PerPage::Four, PerPage::Six] {
        for paper in [Paper::A4, Paper::Letter] {
            for title in [None, Some("A title that is very long ".repeat(10))] {
                let options = PrintOptions {
                    per_page,
                    paper,
                    title,
                    solutions: true,
                    ..PrintOptions::default()
                };
                let book = Book::new(&items, &options).unwrap();
                for page in book.pages() {
                    check_page(page);
                }
                let kinds: Vec<GridKind> =
                    book.pages().iter().flat_map(|p| p.grids.iter().map(|g| g.kind)).collect();
                assert_eq!(kinds.len(), 2 * items.len());
                assert!(kinds[..items.len()].iter().all(|&k| k == GridKind::Puzzle));
                assert!(kinds[items.len()..].iter().all(|&k| k == GridKind::Solution));
            }
        }
    }
}

#[test]
fn box_lines_are_thicker_than_cell_lines() {
    let book = Book::new(
        &[PrintItem::new(example_grids()[2].clone(), 1)],
        &PrintOptions { per_page: PerPage::One, ..PrintOptions::default() },
    )
    .unwrap();
    let page = &book.pages()[0];
    let g = page.grids[0];
    let cell = g.side / 9.0;
    let mut widths = std::collections::BTreeMap::new();
    for e in &page.elements {
        if let Element::Line(l) = e
            && l.x1 == l.x2
        {
            let col = ((l.x1 - g.x) / cell).round() as usize;
            widths.insert(col, l.width);
        }
    }
    assert_eq!(widths.len(), 10, "{widths:?}");
    for (col, w) in &widths {
        let thick = col % 3 == 0;
        assert_eq!(*w > 1.0, thick, "column line {col} has width {w}");
    }
}

#[test]
fn per_page_drops_only_for_boards_that_would_be_too_small() {
    let options = PrintOptions { per_page: PerPage::Six, ..PrintOptions::default() };
    for (n, expected) in
        [(4, PerPage::Six), (9, PerPage::Six), (16, PerPage::Six), (25, PerPage::Two)]
    {
        let full = full_grid(Shape::from_size(n).unwrap());
        let book = Book::new(&[PrintItem::new(full, 1)], &options).unwrap();
        assert_eq!(book.puzzles_per_page(), expected, "{n}x{n}");
    }
}

#[test]
fn bad_items_are_refused_with_their_number() {
    let options = PrintOptions { solutions: true, ..PrintOptions::default() };
    assert_eq!(Book::new(&[], &options).unwrap_err(), PrintError::NoItems);

    let grids = example_grids();
    let mut wrong = PrintItem::new(grids[2].clone(), 5);
    wrong.solution = Some(full_grid(Shape::CLASSIC));
    assert_eq!(Book::new(&[wrong], &options).unwrap_err(), PrintError::WrongSolution { number: 5 });

    let empty = PrintItem::new(Grid::empty(Shape::CLASSIC), 6);
    let err = Book::new(std::slice::from_ref(&empty), &options).unwrap_err();
    assert_eq!(err, PrintError::NoUniqueSolution { number: 6, reason: "several solutions" });
    assert!(err.to_string().contains("puzzle 6"), "{err}");
    // Without solutions an empty grid prints fine.
    assert!(Book::new(&[empty], &PrintOptions::default()).is_ok());

    let huge = PrintItem::new(Grid::empty(Shape::new(6, 6).unwrap()), 7);
    assert_eq!(
        Book::new(&[huge], &options).unwrap_err(),
        PrintError::TooLarge { number: 7, size: 36 }
    );

    let mut mismatched = PrintItem::new(grids[2].clone(), 8);
    mismatched.candidates = Some(sudokit::Candidates::from_grid(&grids[0]));
    assert_eq!(
        Book::new(&[mismatched], &options).unwrap_err(),
        PrintError::CandidatesShape { number: 8 }
    );
}
