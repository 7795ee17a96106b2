//! A board drawn from its rules: the lines between cells and between
//! regions, the extra houses, and the constraints.
//!
//! Everything is read from [`Rules`]: the thick lines follow the third block
//! of houses (boxes or jigsaw regions, [`sudokit::Layout::row_col_block`]), so a
//! jigsaw prints right with no special case; diagonals and windows come from
//! the layout's extra houses; cages, thermometers, dots and even/odd marks
//! from [`Rules::constraints`].
//!
//! Invariants: every cell edge is drawn once, thick exactly when the two
//! cells lie in different boxes or regions (the outer border is thick);
//! collinear edges of one kind are joined into one line, so a classic board
//! gets one line per grid line. A cage outline runs `inset` inside the
//! cage's cells, its straight stretches joined into one dashed line each.
//!
//! How each rule looks: diagonals thin grey lines corner to corner; window
//! cells light grey; thermometers a thick light-grey line through the cell
//! centres from a filled bulb; kropki dots small circles on the shared edge
//! (white ones outlined); even cells a light grey square, odd cells a light
//! grey circle; cage sums small, at the top left of the cage's first cell,
//! on a white ground that breaks the dashed outline (pencil marks in that
//! cell are laid out below it, [`sum_bottoms`]).

use std::collections::HashMap;

use sudokit::constraint::{Constraint, DotKind, ParityKind};
use sudokit::{HouseKind, Rules};

use crate::font::font;
use crate::scene::{Anchor, Cap, Circle, Element, Line, LineKind, Mark, Rect, Role, Text};

/// Where a board sits on the page.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Side of the board.
    pub side: f32,
    /// The board side `N`.
    pub n: usize,
}

impl Frame {
    /// The side of a cell.
    fn cell(&self) -> f32 {
        self.side / self.n as f32
    }

    /// The x of the line left of column `k` (`k = N` is the right border).
    fn x_at(&self, k: usize) -> f32 {
        if k == self.n { self.x + self.side } else { self.x + k as f32 * self.cell() }
    }

    /// The y of the line above row `k` (`k = N` is the bottom border).
    fn y_at(&self, k: usize) -> f32 {
        if k == self.n { self.y + self.side } else { self.y + k as f32 * self.cell() }
    }

    /// The centre of cell index `i`.
    fn centre(&self, i: usize) -> (f32, f32) {
        let (row, col) = (i / self.n, i % self.n);
        let cell = self.cell();
        (self.x + (col as f32 + 0.5) * cell, self.y + (row as f32 + 0.5) * cell)
    }
}

/// Line widths for a cell of `cell` points: (thin cell lines, thick region lines).
pub(crate) fn line_widths(cell: f32) -> (f32, f32) {
    ((cell * 0.025).clamp(0.3, 0.75), (cell * 0.07).clamp(0.9, 2.4))
}

/// The cell and region lines and the border: thin runs first (column line
/// `k` then row line `k`, for `k` from 1), then the thick runs (column lines,
/// then row lines, from the border at 0).
pub(crate) fn grid_lines(out: &mut Vec<Element>, at: Frame, rules: &Rules) {
    let n = at.n;
    let layout = rules.layout();
    let (thin, thick) = line_widths(at.cell());
    let block = |i: usize| layout.row_col_block(i)[2];
    // Whether the edge `along` steps down line `k` is thick: column lines
    // separate (along, k-1) from (along, k), row lines (k-1, along) from (k, along).
    let thick_at = |vertical: bool, k: usize, along: usize| {
        if k == 0 || k == n {
            return true;
        }
        let (a, b) = if vertical {
            (along * n + k - 1, along * n + k)
        } else {
            ((k - 1) * n + along, k * n + along)
        };
        block(a) != block(b)
    };
    // The runs of equal thickness along line `k`: (from, to, thick).
    let runs = |vertical: bool, k: usize| {
        let mut runs: Vec<(usize, usize, bool)> = Vec::new();
        for along in 0..n {
            let t = thick_at(vertical, k, along);
            match runs.last_mut() {
                Some(run) if run.2 == t => run.1 = along + 1,
                _ => runs.push((along, along + 1, t)),
            }
        }
        runs
    };
    let line = |vertical: bool, k: usize, from: usize, to: usize, thick_line: bool| {
        let (width, kind) =
            if thick_line { (thick, LineKind::Border) } else { (thin, LineKind::Cell) };
        let l = if vertical {
            Line::solid(at.x_at(k), at.y_at(from), at.x_at(k), at.y_at(to), width, kind)
        } else {
            Line::solid(at.x_at(from), at.y_at(k), at.x_at(to), at.y_at(k), width, kind)
        };
        Element::Line(l)
    };
    for k in 1..n {
        for vertical in [true, false] {
            for (from, to, t) in runs(vertical, k) {
                if !t {
                    out.push(line(vertical, k, from, to, false));
                }
            }
        }
    }
    for vertical in [true, false] {
        for k in 0..=n {
            for (from, to, t) in runs(vertical, k) {
                if t {
                    out.push(line(vertical, k, from, to, true));
                }
            }
        }
    }
}

/// The extra houses and the constraints' shading, lines and dots.
pub(crate) fn decorations(out: &mut Vec<Element>, at: Frame, rules: &Rules) {
    let layout = rules.layout();
    let cell = at.cell();
    let (thin, _) = line_widths(cell);
    for h in 0..layout.house_count() {
        if layout.name(h).kind == HouseKind::Window {
            for &i in layout.house(h) {
                let (row, col) = (usize::from(i) / at.n, usize::from(i) % at.n);
                out.push(Element::Rect(Rect {
                    x: at.x_at(col),
                    y: at.y_at(row),
                    w: at.x_at(col + 1) - at.x_at(col),
                    h: at.y_at(row + 1) - at.y_at(row),
                    fill: 0.88,
                    mark: Mark::Window,
                }));
            }
        }
    }
    for c in rules.constraints() {
        match c {
            Constraint::Parity(p) => {
                for &i in p.cells() {
                    let (cx, cy) = at.centre(usize::from(i));
                    let e = match p.kind() {
                        ParityKind::Even => {
                            let s = cell * 0.72;
                            Element::Rect(Rect {
                                x: cx - s / 2.0,
                                y: cy - s / 2.0,
                                w: s,
                                h: s,
                                fill: 0.85,
                                mark: Mark::Even,
                            })
                        }
                        _ => Element::Circle(Circle {
                            cx,
                            cy,
                            r: cell * 0.38,
                            fill: 0.85,
                            stroke: None,
                            mark: Mark::Odd,
                        }),
                    };
                    out.push(e);
                }
            }
            Constraint::Thermo(t) => {
                let cells = t.cells();
                let (bx, by) = at.centre(usize::from(cells[0]));
                out.push(Element::Circle(Circle {
                    cx: bx,
                    cy: by,
                    r: cell * 0.34,
                    fill: THERMO_GRAY,
                    stroke: None,
                    mark: Mark::Bulb,
                }));
                for w in cells.windows(2) {
                    let (x1, y1) = at.centre(usize::from(w[0]));
                    let (x2, y2) = at.centre(usize::from(w[1]));
                    out.push(Element::Line(Line {
                        x1,
                        y1,
                        x2,
                        y2,
                        width: cell * 0.26,
                        gray: THERMO_GRAY,
                        dash: None,
                        cap: Cap::Round,
                        kind: LineKind::Thermo,
                    }));
                }
            }
            _ => {}
        }
    }
    for h in 0..layout.house_count() {
        if layout.name(h).kind == HouseKind::Diagonal {
            diagonal(out, at, layout.house(h), thin);
        }
    }
    for c in rules.constraints() {
        match c {
            Constraint::Cage(cage) => cage_outline(out, at, cage.cells(), thin),
            Constraint::Dot(d) => {
                let [a, b] = d.pair();
                let ((ax, ay), (bx, by)) = (at.centre(usize::from(a)), at.centre(usize::from(b)));
                let r = (cell * 0.12).max(1.2);
                let (fill, stroke, mark) = match d.kind() {
                    DotKind::White => (1.0, Some((thin * 1.5).max(0.5)), Mark::WhiteDot),
                    _ => (0.0, None, Mark::BlackDot),
                };
                out.push(Element::Circle(Circle {
                    cx: (ax + bx) / 2.0,
                    cy: (ay + by) / 2.0,
                    r,
                    fill,
                    stroke,
                    mark,
                }));
            }
            _ => {}
        }
    }
}

/// The grey of thermometers.
const THERMO_GRAY: f32 = 0.78;

/// A cage outline's distance inside the cells, as a share of the cell.
const CAGE_INSET: f32 = 0.09;

/// The cage sums, after the grid's symbols (so the PDF text layer reads the
/// givens first): small text at the top left of each cage's first cell, on
/// a white ground.
pub(crate) fn cage_sums(out: &mut Vec<Element>, at: Frame, rules: &Rules) {
    for (_, ground, text) in sum_labels(at, rules) {
        out.push(Element::Rect(ground));
        out.push(Element::Text(text));
    }
}

/// The lowest point of each cage sum's ground, by the cell it sits in (the
/// cage's first): pencil marks in that cell go below it.
pub(crate) fn sum_bottoms(at: Frame, rules: &Rules) -> HashMap<usize, f32> {
    sum_labels(at, rules).map(|(cell, ground, _)| (cell, ground.y + ground.h)).collect()
}

/// Each cage's sum: the cell it sits in, its white ground and its text.
fn sum_labels(at: Frame, rules: &Rules) -> impl Iterator<Item = (usize, Rect, Text)> + '_ {
    let cell = at.cell();
    let f = font();
    let size = cell * 0.24;
    let inset = cell * CAGE_INSET;
    rules.constraints().iter().filter_map(move |c| {
        let Constraint::Cage(cage) = c else { return None };
        let first = usize::from(*cage.cells().iter().min()?);
        let (row, col) = (first / at.n, first % at.n);
        let text = cage.sum().to_string();
        let (x, top) = (at.x_at(col) + inset * 0.6, at.y_at(row) + inset * 0.6);
        let pad = size * 0.12;
        let ground = Rect {
            x,
            y: top,
            w: f.width(&text, size) + 2.0 * pad,
            h: size * f.cap_height + 2.0 * pad,
            fill: 1.0,
            mark: Mark::SumGround,
        };
        let text = Text {
            x: x + pad,
            y: top + pad + size * f.cap_height,
            size,
            anchor: Anchor::Start,
            gray: 0.0,
            role: Role::CageSum,
            text,
        };
        Some((first, ground, text))
    })
}

/// A diagonal house as a line from the outer corner of its first cell to
/// the outer corner of its last (its cells run corner to corner).
fn diagonal(out: &mut Vec<Element>, at: Frame, cells: &[u16], thin: f32) {
    let (Some(&a), Some(&b)) = (cells.first(), cells.last()) else { return };
    let ((ax, ay), (bx, by)) = (at.centre(usize::from(a)), at.centre(usize::from(b)));
    let half = at.cell() / 2.0;
    let (sx, sy) = ((bx - ax).signum() * half, (by - ay).signum() * half);
    out.push(Element::Line(Line {
        x1: ax - sx,
        y1: ay - sy,
        x2: bx + sx,
        y2: by + sy,
        width: thin * 1.4,
        gray: 0.6,
        dash: None,
        cap: Cap::Square,
        kind: LineKind::Diagonal,
    }));
}

/// The dashed outline of the cage on `cells`, inset inside them; where the
/// cage turns inwards (a concave corner) the two stretches meet at the
/// inset point of the corner, so the outline is closed.
fn cage_outline(out: &mut Vec<Element>, at: Frame, cells: &[u16], thin: f32) {
    let n = at.n as isize;
    let d = at.cell() * CAGE_INSET;
    let inside = |r: isize, c: isize| {
        (0..n).contains(&r) && (0..n).contains(&c) && cells.contains(&((r * n + c) as u16))
    };
    // Straight stretches as (fixed coordinate, from, to, vertical).
    let mut stretches: Vec<(f32, f32, f32, bool)> = Vec::new();
    let mut add = |fixed: f32, from: f32, to: f32, vertical: bool| match stretches
        .iter_mut()
        .find(|s| s.3 == vertical && s.0 == fixed && s.2 == from)
    {
        Some(s) => s.2 = to,
        None => stretches.push((fixed, from, to, vertical)),
    };
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    for &i in &sorted {
        let (r, c) = (i as isize / n, i as isize % n);
        let (left, right) = (at.x_at(c as usize), at.x_at(c as usize + 1));
        let (top, bottom) = (at.y_at(r as usize), at.y_at(r as usize + 1));
        // An end of a stretch: pulled in at a convex corner, through to the
        // cell edge along a straight side, out by `d` at a concave corner.
        let end = |edge: f32, outward: f32, next: bool, diagonal: bool| {
            if !next {
                edge - outward * d
            } else if diagonal {
                edge + outward * d
            } else {
                edge
            }
        };
        for (dr, y) in [(-1, top + d), (1, bottom - d)] {
            if !inside(r + dr, c) {
                let from = end(left, -1.0, inside(r, c - 1), inside(r + dr, c - 1));
                let to = end(right, 1.0, inside(r, c + 1), inside(r + dr, c + 1));
                add(y, from, to, false);
            }
        }
        for (dc, x) in [(-1, left + d), (1, right - d)] {
            if !inside(r, c + dc) {
                let from = end(top, -1.0, inside(r - 1, c), inside(r - 1, c + dc));
                let to = end(bottom, 1.0, inside(r + 1, c), inside(r + 1, c + dc));
                add(x, from, to, true);
            }
        }
    }
    let width = (thin * 1.2).max(0.4);
    let dash = Some((at.cell() * 0.06).max(0.8));
    for (fixed, from, to, vertical) in stretches {
        let (x1, y1, x2, y2) =
            if vertical { (fixed, from, fixed, to) } else { (from, fixed, to, fixed) };
        out.push(Element::Line(Line {
            x1,
            y1,
            x2,
            y2,
            width,
            gray: 0.0,
            dash,
            cap: Cap::Square,
            kind: LineKind::Cage,
        }));
    }
}
