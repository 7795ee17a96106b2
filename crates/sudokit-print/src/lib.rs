/*!
Printable Sudoku: puzzles laid out on pages and written as PDF, SVG or PNG.

# Overview
- [`PrintItem`]: one puzzle with its optional solution, pencil marks, number,
  level, rating and seed; plain data any producer can fill.
- [`PrintOptions`]: [`Paper`] (A4, Letter), [`PerPage`] (1, 2, 4 or 6 puzzles),
  a title, and whether solution pages follow.
- [`Book`]: the laid-out [`Page`]s, built once by [`Book::new`] and rendered by
  [`Book::to_pdf`] (one document), [`Book::to_svg`] and [`Book::to_png`] (one
  file per page).

# What a page looks like
Puzzle pages hold 1, 2, 4 or 6 square grids, thick box (or jigsaw region)
lines over thin cell lines, the variant rules drawn from the grid's
[`Rules`](sudokit::Rules) (grey diagonals, shaded windows, dashed killer
cages with their sums, thermometers, kropki dots, even squares and odd
circles), givens centred in their cells, with a caption under each grid
(`No. 12 · hard · rating 4.4 · seed 42`), the title at the top and
`page k of n` at the bottom. Empty cells of a pencil-mark item show their
candidates in a small box-shaped grid. Solution pages follow, with more,
smaller grids (givens black, the rest grey). Symbols beyond 9 follow the
engine's alphabet (`A` is 10, ... `P` is 25), so every board up to 35x35
prints; 4x4 to 25x25 are the shapes the layout is tuned and tested for.

The font is DejaVu Sans (Bitstream Vera licence, see `fonts/`), compiled in:
PDF embeds a subset of it as real, extractable text; PNG draws its outlines;
SVG names it with fallbacks. It covers the Latin, Greek, Cyrillic, Hebrew and
Arabic alphabets and more, not Chinese, Japanese or Korean: PDF and PNG show
an empty box for a character it lacks ([`missing_glyphs`] names them), while
a PDF's text layer still holds the text. Right-to-left text is placed in
visual order; Arabic letters are not joined.

# Example
```
use sudokit::format::parse_grid;
use sudokit_print::{Book, PerPage, PrintItem, PrintOptions};

let puzzle = parse_grid(
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
)
.unwrap();
let options = PrintOptions { per_page: PerPage::One, solutions: true, ..PrintOptions::default() };
let book = Book::new(&[PrintItem::new(puzzle, 1)], &options).unwrap();
assert_eq!(book.pages().len(), 2); // the puzzle, then its solution
let pdf = book.to_pdf();
assert!(pdf.starts_with(b"%PDF-"));
assert_eq!(book.to_svg().len(), 2);
```
*/

// Every public item is documented: the CLI, the service and the web page build on it.
#![deny(missing_docs)]
// Every public type can be printed in a test failure or a log line.
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

mod board;
mod error;
mod font;
mod item;
mod layout;
mod options;
mod pdf;
mod png;
mod scene;
mod svg;

pub use error::PrintError;
pub use font::missing_glyphs;
pub use item::PrintItem;
pub use options::{Paper, PerPage, PrintOptions};
pub use scene::{
    Anchor, Cap, Circle, Element, GridBox, GridKind, Layer, Line, LineKind, Mark, Page, Rect, Role,
    Text,
};

use sudokit::solve::{Limits, Solution, Solver};

use layout::Prepared;

/// Search nodes allowed per puzzle when a solution has to be found for the
/// solution pages; beyond this the puzzle is reported instead of printed.
pub const SOLVE_NODE_LIMIT: u64 = 5_000_000;

/// A laid-out book: every page, ready to render.
#[derive(Clone, Debug)]
pub struct Book {
    pages: Vec<Page>,
    title: Option<String>,
    per_page: PerPage,
}

impl Book {
    /// Checks the items and lays them out.
    ///
    /// With `options.solutions`, an item without a solution is solved by the
    /// engine (up to [`SOLVE_NODE_LIMIT`] search nodes, and until
    /// `options.deadline`); a given solution is
    /// checked against the puzzle. Errors name the puzzle by its number.
    pub fn new(items: &[PrintItem], options: &PrintOptions) -> Result<Book, PrintError> {
        if items.is_empty() {
            return Err(PrintError::NoItems);
        }
        let limits = Limits::nodes(SOLVE_NODE_LIMIT).with_deadline(options.deadline.clone());
        let mut solver = Solver::with_limits(limits).with_house_crossings();
        let mut prepared = Vec::with_capacity(items.len());
        for item in items {
            match prepare(item, options.solutions, &mut solver) {
                Err(PrintError::NoUniqueSolution { number, .. }) if options.deadline.passed() => {
                    let (ready, total) = (prepared.len(), items.len());
                    return Err(PrintError::OutOfTime { number, ready, total });
                }
                other => prepared.push(other?),
            }
        }
        let pages = layout::layout(&prepared, options);
        let title = options.title.as_deref().map(layout::clean).filter(|t| !t.is_empty());
        let (width, height) = options.paper.size_pt();
        let largest = items.iter().map(|i| i.puzzle.shape().size()).max().unwrap_or(9);
        let per_page = layout::puzzle_per_page(options, width, height, title.is_some(), largest);
        Ok(Book { pages, title, per_page })
    }

    /// The puzzles per page actually used: the one asked for, or fewer when
    /// the largest board would not stay legible (cells of at least 11 points,
    /// so 25x25 boards print at most two to a page).
    pub fn puzzles_per_page(&self) -> PerPage {
        self.per_page
    }

    /// The pages, puzzles first, then solutions.
    pub fn pages(&self) -> &[Page] {
        &self.pages
    }

    /// The whole book as one PDF document.
    pub fn to_pdf(&self) -> Vec<u8> {
        pdf::document(&self.pages, self.title.as_deref())
    }

    /// One SVG document per page.
    pub fn to_svg(&self) -> Vec<String> {
        self.pages.iter().map(svg::page).collect()
    }

    /// One PNG image per page at `dpi` dots per inch (36 to 600; 150 is a
    /// good screen and draft-print resolution). See [`Book::png_size`].
    pub fn to_png(&self, dpi: u32) -> Result<Vec<Vec<u8>>, PrintError> {
        let mut glyphs = png::Glyphs::default();
        self.pages.iter().map(|p| png::page(p, dpi, &mut glyphs)).collect()
    }

    /// The pixel size of the PNG pages at `dpi`: the page size in points
    /// times `dpi / 72`, rounded.
    pub fn png_size(&self, dpi: u32) -> (u32, u32) {
        self.pages.first().map_or((0, 0), |p| png::pixel_size(p, dpi))
    }
}

/// Checks one item and finds its solution when the solution pages need it.
fn prepare<'a>(
    item: &'a PrintItem,
    solutions: bool,
    solver: &mut Solver,
) -> Result<Prepared<'a>, PrintError> {
    let number = item.number;
    let shape = item.puzzle.shape();
    if shape.size() > sudokit::format::MAX_CHAR_SIZE {
        return Err(PrintError::TooLarge { number, size: shape.size() });
    }
    if item.candidates.as_ref().is_some_and(|c| c.shape() != shape) {
        return Err(PrintError::CandidatesShape { number });
    }
    if let Some(s) = &item.solution
        && !s.is_solution_of(&item.puzzle)
    {
        return Err(PrintError::WrongSolution { number });
    }
    if !solutions {
        return Ok(Prepared { item, solution: None });
    }
    let solution = match &item.solution {
        Some(s) => s.clone(),
        None => {
            let answer = match &item.candidates {
                Some(c) => solver.solve_candidates(c),
                None => solver.solve(&item.puzzle),
            };
            match answer {
                Solution::Unique(s) if s.is_solution_of(&item.puzzle) => s,
                Solution::Unique(_) => return Err(PrintError::WrongSolution { number }),
                Solution::None => {
                    return Err(PrintError::NoUniqueSolution { number, reason: "no solution" });
                }
                Solution::Several(..) => {
                    return Err(PrintError::NoUniqueSolution {
                        number,
                        reason: "several solutions",
                    });
                }
                Solution::Clashing(_) => {
                    return Err(PrintError::NoUniqueSolution {
                        number,
                        reason: "the givens break a rule",
                    });
                }
                _ => {
                    return Err(PrintError::NoUniqueSolution {
                        number,
                        reason: "the search gave up (too hard to solve quickly)",
                    });
                }
            }
        }
    };
    Ok(Prepared { item, solution: Some(solution) })
}
