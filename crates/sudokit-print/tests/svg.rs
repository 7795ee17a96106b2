//! SVG: every page parses as XML, and its `given` texts are exactly the
//! puzzles' givens, in order; pencil marks are `candidate` texts.

use sudokit::format::{ReadOptions, parse};
use sudokit::{Candidates, Cell};
use sudokit_print::{Book, GridKind, PerPage, PrintItem, PrintOptions};

use crate::util::{artifact, book_with_solutions, every_size, example_grids, symbols};

/// The texts of class `class` in an SVG document, in document order.
fn texts(svg: &str, class: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("SVG does not parse: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some(class))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn givens_are_the_puzzles_symbols() {
    let items = every_size(|i, g| PrintItem::new(g, i as u64 + 1));
    let book = book_with_solutions(&items, PerPage::Six, "<b>Tags & \"quotes\"</b>");
    let pages = book.to_svg();
    assert_eq!(pages.len(), book.pages().len());
    std::fs::write(artifact("mixed-page-1.svg"), &pages[0]).unwrap();
    for (svg, page) in pages.iter().zip(book.pages()) {
        let mut expected = String::new();
        let mut filled = String::new();
        for g in &page.grids {
            let item = &items[g.number as usize - 1];
            expected.push_str(&symbols(&item.puzzle));
            if g.kind == GridKind::Solution {
                // A solution grid shows every cell: givens black, the rest grey.
                let solution =
                    item.solution.clone().unwrap_or_else(|| item.puzzle.some_solution().unwrap());
                let vals = item.puzzle.values();
                filled.extend(
                    solution
                        .values()
                        .iter()
                        .zip(vals)
                        .filter(|&(_, &p)| p == 0)
                        .map(|(&v, _)| sudokit::format::symbol_char(v).unwrap()),
                );
            }
        }
        assert_eq!(texts(svg, "given").concat(), expected);
        assert_eq!(texts(svg, "filled").concat(), filled);
        let titles = texts(svg, "title");
        assert_eq!(titles.len(), 1);
        assert!(titles[0].starts_with("<b>Tags & \"quotes\"</b>"), "{titles:?}");
    }
    // The first page holds two puzzles (a 25x25 keeps pages at two), the
    // 4x4 and the 6x6: 6 + 15 givens... counted from the grids themselves.
    let first: usize = book.pages()[0]
        .grids
        .iter()
        .map(|g| items[g.number as usize - 1].puzzle.clue_count())
        .sum();
    assert_eq!(texts(&pages[0], "given").len(), first);
    assert_eq!(first, items[0].puzzle.clue_count() + items[1].puzzle.clue_count());
}

#[test]
fn pencil_marks_print_as_candidates() {
    // A 9x9 pencil-mark state read through the engine's own reader.
    let grid = &example_grids()[2];
    let mut state = Candidates::from_grid(grid);
    // Take a few marks out so the state is not just the grid's own.
    let first_empty = grid.values().iter().position(|&v| v == 0).unwrap();
    let cell = Cell::from_index(first_empty);
    let digits: Vec<_> = state.get(cell).collect();
    state.remove(cell, digits[0]);
    let text = sudokit::format::write_candidates(&state);
    let rec = parse(&text, ReadOptions::default()).unwrap();
    let marks = rec.candidates.clone().expect("read as pencil marks");
    let item = PrintItem { candidates: Some(marks.clone()), ..PrintItem::new(rec.grid.clone(), 1) };
    let book =
        Book::new(&[item], &PrintOptions { per_page: PerPage::One, ..PrintOptions::default() })
            .unwrap();
    let svg = &book.to_svg()[0];
    std::fs::write(artifact("pencilmarks.svg"), svg).unwrap();
    std::fs::write(artifact("pencilmarks.png"), &book.to_png(100).unwrap()[0]).unwrap();
    let expected: String = (0..81)
        .filter(|&k| rec.grid.values()[k] == 0)
        .flat_map(|k| marks.get(Cell::from_index(k)).map(|d| d.to_string()).collect::<Vec<_>>())
        .collect();
    assert_eq!(texts(svg, "candidate").concat(), expected);
    assert_eq!(texts(svg, "given").concat(), symbols(&rec.grid));
    assert!(!expected.is_empty());
}
