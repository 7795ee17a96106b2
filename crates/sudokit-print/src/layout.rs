//! Page layout: puzzles into slots, solutions on later pages, captions,
//! headings and footers.
//!
//! A page is a margin of half an inch around a content area; a heading (the
//! title, or "Solutions") takes a band at the top when there is one, and the
//! footer (page k of n) sits in the bottom margin. The content area is cut into
//! equal slots (columns x rows); each slot holds one square grid, centred, with
//! its caption under it. Solution pages use denser slot arrangements, made
//! sparser again while the largest board's cells would be smaller than
//! [`MIN_SOLUTION_CELL`] points, so a 25x25 solution stays readable.
//!
//! Invariants: no text is wider than its slot (captions and headings shrink to
//! fit, then are cut with an ellipsis); a grid's symbols are centred in their
//! cells by the font's cap height, so digits and letters sit on one line.

use std::collections::HashMap;

use sudokit::format::symbol_char;
use sudokit::{Candidates, Cell, Grid};

use crate::board::{self, Frame};
use crate::font::font;
use crate::item::PrintItem;
use crate::options::{PerPage, PrintOptions};
use crate::scene::{Anchor, Element, GridBox, GridKind, Page, Role, Text};

/// Page margin in points (half an inch).
const MARGIN: f32 = 36.0;
/// Title and solution heading size.
const TITLE_SIZE: f32 = 16.0;
/// Footer size.
const FOOTER_SIZE: f32 = 8.0;
/// Space between neighbouring slots' grids.
const GAP: f32 = 20.0;
/// Smallest cell of a puzzle grid, in points, before fewer puzzles share a
/// page (its symbols are 0.6 of the cell: 6.6 pt).
const MIN_PUZZLE_CELL: f32 = 11.0;
/// Smallest cell of a solution grid, in points, before the layout gets sparser.
const MIN_SOLUTION_CELL: f32 = 7.5;
/// Largest symbol size, so a 4x4 board on a page of its own stays sober.
const MAX_SYMBOL: f32 = 36.0;
/// Smallest font size a caption may shrink to.
const MIN_CAPTION: f32 = 5.0;
/// Solution slot arrangements (columns, rows), densest first.
const SOLUTION_SLOTS: [(usize, usize); 6] = [(4, 5), (3, 4), (2, 3), (2, 2), (1, 2), (1, 1)];

/// An item checked and completed for printing.
#[derive(Debug)]
pub(crate) struct Prepared<'a> {
    pub item: &'a PrintItem,
    /// The solution to print, when solution pages are wanted.
    pub solution: Option<Grid>,
}

/// Lays out every page of the book.
pub(crate) fn layout(items: &[Prepared<'_>], options: &PrintOptions) -> Vec<Page> {
    let (width, height) = options.paper.size_pt();
    let title = options.title.as_deref().map(clean).filter(|t| !t.is_empty());
    let mut pages = Vec::new();

    let largest = items.iter().map(|p| p.item.puzzle.shape().size()).max().unwrap_or(9);
    let (cols, rows) = puzzle_per_page(options, width, height, title.is_some(), largest).slots();
    for chunk in items.chunks(cols * rows) {
        let mut page = Page { width, height, elements: Vec::new(), grids: Vec::new() };
        let area = content_area(&mut page, title.as_deref());
        let slots = Slots::new(area, cols, rows, GridKind::Puzzle);
        for (k, p) in chunk.iter().enumerate() {
            let item = p.item;
            let cell = slots.grid(k);
            draw_grid(&mut page, cell, &item.puzzle, None, item.candidates.as_ref());
            page.grids.push(GridBox {
                x: cell.x,
                y: cell.y,
                side: cell.side,
                size: item.puzzle.shape().size(),
                number: item.number,
                kind: GridKind::Puzzle,
            });
            slots.caption(&mut page, k, &item.caption());
        }
        pages.push(page);
    }

    let solved: Vec<(&PrintItem, &Grid)> =
        items.iter().filter_map(|p| p.solution.as_ref().map(|s| (p.item, s))).collect();
    if !solved.is_empty() {
        let heading = match &title {
            Some(t) => format!("{t} \u{2014} solutions"),
            None => "Solutions".to_string(),
        };
        let largest = solved.iter().map(|(_, s)| s.shape().size()).max().unwrap_or(9);
        let (cols, rows) = solution_slots(options, width, height, largest);
        for chunk in solved.chunks(cols * rows) {
            let mut page = Page { width, height, elements: Vec::new(), grids: Vec::new() };
            let area = content_area(&mut page, Some(&heading));
            let slots = Slots::new(area, cols, rows, GridKind::Solution);
            for (k, (item, solution)) in chunk.iter().enumerate() {
                let cell = slots.grid(k);
                draw_grid(&mut page, cell, &item.puzzle, Some(solution), None);
                page.grids.push(GridBox {
                    x: cell.x,
                    y: cell.y,
                    side: cell.side,
                    size: solution.shape().size(),
                    number: item.number,
                    kind: GridKind::Solution,
                });
                slots.caption(&mut page, k, &format!("No. {}", item.number));
            }
            pages.push(page);
        }
    }

    let total = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        let footer = match &title {
            Some(t) => format!("{t}  \u{b7}  page {} of {total}", i + 1),
            None => format!("page {} of {total}", i + 1),
        };
        let y = page.height - MARGIN / 2.0;
        let text = fit(&footer, FOOTER_SIZE, page.width - 2.0 * MARGIN, FOOTER_SIZE);
        page.elements.push(Element::Text(Text {
            x: page.width / 2.0,
            y,
            size: text.1,
            anchor: Anchor::Middle,
            gray: 0.35,
            role: Role::Footer,
            text: text.0,
        }));
    }
    pages
}

/// The layout asked for, or a sparser one when the largest board's cells
/// would be smaller than [`MIN_PUZZLE_CELL`].
pub(crate) fn puzzle_per_page(
    options: &PrintOptions,
    width: f32,
    height: f32,
    heading: bool,
    largest: usize,
) -> PerPage {
    let area = Area::below_heading(width, height, heading);
    [PerPage::Six, PerPage::Four, PerPage::Two, PerPage::One]
        .into_iter()
        .filter(|p| p.count() <= options.per_page.count())
        .find(|p| {
            let (cols, rows) = p.slots();
            Slots::new(area, cols, rows, GridKind::Puzzle).side / largest as f32 >= MIN_PUZZLE_CELL
        })
        .unwrap_or(PerPage::One)
}

/// The densest solution arrangement, starting from the one matching the
/// puzzle layout, whose cells stay at least [`MIN_SOLUTION_CELL`] wide.
fn solution_slots(
    options: &PrintOptions,
    width: f32,
    height: f32,
    largest: usize,
) -> (usize, usize) {
    let start = match options.per_page.count() {
        6 => 0,
        4 => 1,
        2 => 2,
        _ => 3,
    };
    let area = Area::below_heading(width, height, true);
    SOLUTION_SLOTS[start..]
        .iter()
        .copied()
        .find(|&(cols, rows)| {
            let side = Slots::new(area, cols, rows, GridKind::Solution).side;
            side / largest as f32 >= MIN_SOLUTION_CELL
        })
        .unwrap_or((1, 1))
}

/// Adds the heading (when there is one) and returns the area left for grids.
fn content_area(page: &mut Page, heading: Option<&str>) -> Area {
    if let Some(heading) = heading {
        let (text, size) = fit(heading, TITLE_SIZE, page.width - 2.0 * MARGIN, 8.0);
        page.elements.push(Element::Text(Text {
            x: page.width / 2.0,
            y: MARGIN + TITLE_SIZE * font().cap_height,
            size,
            anchor: Anchor::Middle,
            gray: 0.0,
            role: Role::Title,
            text,
        }));
    }
    Area::below_heading(page.width, page.height, heading.is_some())
}

/// A rectangle of the page.
#[derive(Clone, Copy, Debug)]
struct Area {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

impl Area {
    /// The content area of a page, below the heading band when there is one.
    fn below_heading(width: f32, height: f32, heading: bool) -> Area {
        let top = if heading { MARGIN + 2.0 * TITLE_SIZE } else { MARGIN };
        Area { x: MARGIN, y: top, w: width - 2.0 * MARGIN, h: height - MARGIN - top }
    }
}

/// Where a grid goes: its top-left corner and side.
#[derive(Clone, Copy, Debug)]
struct Square {
    x: f32,
    y: f32,
    side: f32,
}

/// An area cut into equal slots, each with a square grid and a caption band.
#[derive(Debug)]
struct Slots {
    area: Area,
    cols: usize,
    slot_w: f32,
    slot_h: f32,
    side: f32,
    caption_size: f32,
}

impl Slots {
    fn new(area: Area, cols: usize, rows: usize, kind: GridKind) -> Slots {
        let slot_w = area.w / cols as f32;
        let slot_h = area.h / rows as f32;
        let caption_size = match kind {
            GridKind::Puzzle => (slot_w.min(slot_h) * 0.04).clamp(7.0, 11.0),
            GridKind::Solution => (slot_w.min(slot_h) * 0.05).clamp(6.0, 9.0),
        };
        let gap = match kind {
            GridKind::Puzzle => GAP,
            GridKind::Solution => GAP * 0.6,
        };
        let side = (slot_w - gap).min(slot_h - gap - 2.0 * caption_size).max(1.0);
        Slots { area, cols, slot_w, slot_h, side, caption_size }
    }

    /// The square of slot `k` (row-major).
    fn grid(&self, k: usize) -> Square {
        let (row, col) = (k / self.cols, k % self.cols);
        let used_h = self.side + 2.0 * self.caption_size;
        Square {
            x: self.area.x + col as f32 * self.slot_w + (self.slot_w - self.side) / 2.0,
            y: self.area.y + row as f32 * self.slot_h + (self.slot_h - used_h) / 2.0,
            side: self.side,
        }
    }

    /// Writes the caption under slot `k`'s grid.
    fn caption(&self, page: &mut Page, k: usize, caption: &str) {
        let square = self.grid(k);
        let (text, size) = fit(caption, self.caption_size, self.slot_w - 6.0, MIN_CAPTION);
        page.elements.push(Element::Text(Text {
            x: square.x + square.side / 2.0,
            y: square.y + square.side + 1.5 * self.caption_size,
            size,
            anchor: Anchor::Middle,
            gray: 0.2,
            role: Role::Caption,
            text,
        }));
    }
}

/// Text that fits `max_width`: shrunk down to `min_size`, then cut with an
/// ellipsis. Returns the text and its size.
fn fit(text: &str, size: f32, max_width: f32, min_size: f32) -> (String, f32) {
    let f = font();
    let width = f.width(text, size);
    if width <= max_width {
        return (text.to_string(), size);
    }
    let shrunk = (size * max_width / width).max(min_size);
    if f.width(text, shrunk) <= max_width {
        return (text.to_string(), shrunk);
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && f.width(&format!("{cut}\u{2026}"), shrunk) > max_width {
        cut.pop();
    }
    (format!("{}\u{2026}", cut.trim_end()), shrunk)
}

/// A caller's text made safe to print: control characters become spaces and
/// runs of whitespace one space.
pub(crate) fn clean(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Draws one grid: the lines between cells and regions, the rules'
/// drawings, then the symbols row by row, then the cage sums. With a
/// `solution`, the cells that are not givens show the solution's symbols in
/// grey; with `candidates`, empty cells show their pencil marks in a small
/// box-shaped grid (digit `d` at the `d`-th position), below the cage sum
/// in a cage's first cell (whose white ground would hide the first marks).
fn draw_grid(
    page: &mut Page,
    at: Square,
    puzzle: &Grid,
    solution: Option<&Grid>,
    candidates: Option<&Candidates>,
) {
    let shape = puzzle.shape();
    let n = shape.size();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    let cell = at.side / n as f32;
    let (x0, y0) = (at.x, at.y);
    let frame = Frame { x: at.x, y: at.y, side: at.side, n };
    let rules = puzzle.rules();
    board::grid_lines(&mut page.elements, frame, rules);
    board::decorations(&mut page.elements, frame, rules);

    let cap = font().cap_height;
    let symbol_size = (cell * 0.6).min(MAX_SYMBOL);
    // Pencil marks sit in a box_rows x box_cols grid inside the cell, inset
    // from the cell lines so no mark touches them.
    let inset = cell * 0.08;
    let inner = cell - 2.0 * inset;
    let sub_w = inner / box_cols as f32;
    let sums = if candidates.is_some() { board::sum_bottoms(frame, rules) } else { HashMap::new() };
    let values = puzzle.values();
    for row in 0..n {
        for col in 0..n {
            let index = row * n + col;
            let (cx, cy) = (x0 + (col as f32 + 0.5) * cell, y0 + (row as f32 + 0.5) * cell);
            let (value, role) = match (values[index], solution) {
                (0, Some(s)) => (s.values()[index], Role::Filled),
                (v, _) => (v, Role::Given),
            };
            if let Some(c) = symbol_char(value) {
                page.elements.push(Element::Text(Text {
                    x: cx,
                    y: cy + symbol_size * cap / 2.0,
                    size: symbol_size,
                    anchor: Anchor::Middle,
                    gray: if role == Role::Filled { 0.45 } else { 0.0 },
                    role,
                    text: c.to_string(),
                }));
                continue;
            }
            let Some(marks) = candidates else { continue };
            let top = y0 + row as f32 * cell + inset;
            let top = sums.get(&index).map_or(top, |&bottom| bottom.max(top));
            let sub_h = (y0 + (row + 1) as f32 * cell - inset - top) / box_rows as f32;
            let mark_size = (sub_w * 0.8).min(sub_h * 0.75);
            for digit in marks.get(Cell::from_index(index)) {
                let Some(c) = symbol_char(digit.get()) else { continue };
                let k = usize::from(digit.get() - 1);
                let (mr, mc) = (k / box_cols, k % box_cols);
                let mx = x0 + col as f32 * cell + inset + (mc as f32 + 0.5) * sub_w;
                let my = top + (mr as f32 + 0.5) * sub_h;
                page.elements.push(Element::Text(Text {
                    x: mx,
                    y: my + mark_size * cap / 2.0,
                    size: mark_size,
                    anchor: Anchor::Middle,
                    gray: 0.3,
                    role: Role::Candidate,
                    text: c.to_string(),
                }));
            }
        }
    }
    board::cage_sums(&mut page.elements, frame, rules);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_shrinks_then_is_cut() {
        let (t, s) = fit("short", 10.0, 500.0, 5.0);
        assert_eq!((t.as_str(), s), ("short", 10.0));
        let long = "a very long title ".repeat(20);
        let (t, s) = fit(&long, 10.0, 200.0, 5.0);
        assert_eq!(s, 5.0);
        assert!(t.ends_with('\u{2026}'));
        assert!(font().width(&t, s) <= 200.0);
    }

    #[test]
    fn control_characters_do_not_reach_the_page() {
        assert_eq!(clean(" a\tb\u{0}c\n\n d "), "a b c d");
    }
}
