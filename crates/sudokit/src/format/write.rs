/*!
Writers: a [`Grid`] or [`Candidates`] as text in each format.

Every writer is total (it never fails): boards larger than 35x35, which one
character per cell cannot write, fall back to token cells as documented on
[`write()`]. Multi-line output ends with a newline; one-line output (`line`,
[`to_tokens_line`]) has none, so callers choose their own line ending.
*/

use crate::candidates::Candidates;
use crate::digit::Digit;
use crate::grid::Grid;
use crate::shape::Shape;

use super::Format;
use super::symbol::{MAX_CHAR_SIZE, value_char};

/// Writes `grid` in `format`.
///
/// - [`Format::Line`]: [`to_line`], no trailing newline.
/// - [`Format::Tokens`]: `N` rows of `N` integers, right-aligned to the width
///   of `N`, `0` for blanks; ends with a newline.
/// - [`Format::Grid`]: a boxed layout (`5 3 . | . 7 .` rows, `------+------`
///   rules between bands); for `N > 35` the cells are integers padded to
///   width 2. Ends with a newline.
/// - [`Format::Sdk`]: `[Puzzle]` then `N` rows of symbols with `.` blanks
///   (token rows for `N > 35`).
/// - [`Format::Ss`]: rows like `53.|.7.|...` with dash rules between bands
///   (the grid layout for `N > 35`).
/// - [`Format::Pencilmarks`]: the candidates the grid implies,
///   [`Candidates::from_grid`], through [`write_candidates`].
pub fn write(grid: &Grid, format: Format) -> String {
    match format {
        Format::Line => to_line(grid),
        Format::Tokens => token_rows(grid),
        Format::Grid => grid_layout(grid),
        Format::Sdk => sdk(grid),
        Format::Ss => ss(grid),
        Format::Pencilmarks => write_candidates(&Candidates::from_grid(grid)),
    }
}

/// The grid in `line` format: `N*N` symbols with `.` for blanks, no newline.
/// Boards larger than 35x35 are written as [`to_tokens_line`] instead.
pub fn to_line(grid: &Grid) -> String {
    if grid.shape().size() > MAX_CHAR_SIZE {
        return to_tokens_line(grid);
    }
    grid.values().iter().map(|&v| value_char(v)).collect()
}

/// The grid as `N*N` space-separated integers on one line, `0` for blanks,
/// no newline.
pub fn to_tokens_line(grid: &Grid) -> String {
    let mut out = String::with_capacity(grid.values().len() * 3);
    for (i, v) in grid.values().iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_number(&mut out, *v);
    }
    out
}

/// Writes a candidate state as an aligned pencil-mark grid: each cell's
/// candidates in increasing order, padded to the widest cell of its column,
/// `|` between boxes and `-+-` rules between bands. Ends with a newline.
///
/// A cell without candidates is written as `0`, which the reader rejects
/// (a pencil-mark cell lists at least one candidate). For `N > 35`
/// candidates are written as comma-separated numbers (`1,12,36`), which no
/// reader of this module accepts.
pub fn write_candidates(candidates: &Candidates) -> String {
    let wide = candidates.shape().size() > MAX_CHAR_SIZE;
    let cells: Vec<String> = candidates
        .masks()
        .iter()
        .map(|&m| {
            if m == 0 {
                "0".to_string()
            } else if wide {
                Digit::in_mask(m).map(|d| d.get().to_string()).collect::<Vec<_>>().join(",")
            } else {
                Digit::in_mask(m).map(|d| value_char(d.get())).collect()
            }
        })
        .collect();
    boxed(candidates.shape(), &cells, false)
}

/// Appends `v` in decimal.
fn push_number(out: &mut String, v: u8) {
    if v >= 10 {
        out.push(char::from(b'0' + v / 10));
    }
    out.push(char::from(b'0' + v % 10));
}

/// The number of decimal digits of `n`.
fn digits(n: usize) -> usize {
    if n >= 10 { 2 } else { 1 }
}

/// `N` rows of aligned integers.
fn token_rows(grid: &Grid) -> String {
    let n = grid.shape().size();
    let width = digits(n);
    let mut out = String::new();
    for row in grid.values().chunks(n) {
        for (i, &v) in row.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            if width == 2 && v < 10 {
                out.push(' ');
            }
            push_number(&mut out, v);
        }
        out.push('\n');
    }
    out
}

/// The boxed grid layout.
fn grid_layout(grid: &Grid) -> String {
    let wide = grid.shape().size() > MAX_CHAR_SIZE;
    let cells: Vec<String> = grid
        .values()
        .iter()
        .map(|&v| match v {
            0 => ".".to_string(),
            _ if wide => v.to_string(),
            _ => value_char(v).to_string(),
        })
        .collect();
    boxed(grid.shape(), &cells, true)
}

/// SadMan Software Sudoku: a `[Puzzle]` header then plain rows.
fn sdk(grid: &Grid) -> String {
    let n = grid.shape().size();
    let mut out = String::from("[Puzzle]\n");
    if n > MAX_CHAR_SIZE {
        out.push_str(&token_rows(grid));
        return out;
    }
    for row in grid.values().chunks(n) {
        out.extend(row.iter().map(|&v| value_char(v)));
        out.push('\n');
    }
    out
}

/// Simple Sudoku: rows with `|` between boxes, dash rules between bands.
fn ss(grid: &Grid) -> String {
    let shape = grid.shape();
    let n = shape.size();
    if n > MAX_CHAR_SIZE {
        return grid_layout(grid);
    }
    let (r, c) = (shape.box_rows(), shape.box_cols());
    let rule = "-".repeat(n + n / c - 1);
    let mut out = String::new();
    for (i, row) in grid.values().chunks(n).enumerate() {
        if i > 0 && i % r == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        for (j, &v) in row.iter().enumerate() {
            if j > 0 && j % c == 0 {
                out.push('|');
            }
            out.push(value_char(v));
        }
        out.push('\n');
    }
    out
}

/// Lays out `N*N` cell texts in aligned columns: one space between cells,
/// ` | ` between boxes, a `-+-` rule between bands. Cells are padded to the
/// widest cell of their column, on the left when `right` is set; trailing
/// spaces are trimmed.
fn boxed(shape: Shape, cells: &[String], right: bool) -> String {
    let n = shape.size();
    let (r, c) = (shape.box_rows(), shape.box_cols());
    let width = |s: &String| s.chars().count();
    let widths: Vec<usize> =
        (0..n).map(|col| cells.iter().skip(col).step_by(n).map(width).max().unwrap_or(1)).collect();
    let rule: Vec<String> = widths
        .chunks(c)
        .map(|w| "-".repeat(w.iter().sum::<usize>() + w.len().saturating_sub(1)))
        .collect();
    let rule = rule.join("-+-");
    let mut out = String::new();
    let mut line = String::new();
    for (i, row) in cells.chunks(n).enumerate() {
        if i > 0 && i % r == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        line.clear();
        for (j, cell) in row.iter().enumerate() {
            if j > 0 {
                line.push_str(if j % c == 0 { " | " } else { " " });
            }
            let pad = widths[j].saturating_sub(width(cell));
            if right {
                line.extend(std::iter::repeat_n(' ', pad));
            }
            line.push_str(cell);
            if !right {
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn classic() -> Grid {
        let values: Vec<u8> = P.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        Grid::from_values(Shape::CLASSIC, values).unwrap()
    }

    #[test]
    fn writes_the_tidy_grid_layout() {
        let text = write(&classic(), Format::Grid);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "5 3 . | . 7 . | . . .");
        assert_eq!(lines[1], "6 . . | 1 9 5 | . . .");
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines[10], ". . . | . 8 . | . 7 9");
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn writes_line_ss_sdk_and_tokens() {
        let g = classic();
        assert_eq!(to_line(&g), P);
        let ss = write(&g, Format::Ss);
        assert!(ss.starts_with("53.|.7.|...\n6..|195|...\n.98|...|.6.\n-----------\n8.."), "{ss}");
        let sdk = write(&g, Format::Sdk);
        assert!(sdk.starts_with("[Puzzle]\n53..7....\n"), "{sdk}");
        let tokens = write(&g, Format::Tokens);
        assert!(tokens.starts_with("5 3 0 0 7 0 0 0 0\n"), "{tokens}");
        assert!(to_tokens_line(&g).starts_with("5 3 0 0 7 0 0 0 0 6 0"));
    }

    #[test]
    fn tokens_align_to_the_width_of_n() {
        let shape = Shape::new(4, 4).unwrap();
        let mut values = vec![0u8; 256];
        values[0] = 16;
        values[1] = 3;
        let g = Grid::from_values(shape, values).unwrap();
        let text = write(&g, Format::Tokens);
        assert!(text.starts_with("16  3  0"), "{text}");
        let text = write(&g, Format::Grid);
        assert!(text.starts_with("G 3 . . | . ."), "{text}");
    }

    #[test]
    fn pencil_marks_pad_each_column() {
        let masks = [&[0b0001, 0b0110], &[0b1111u64; 14][..]].concat();
        let c = Candidates::from_masks(Shape::new(2, 2).unwrap(), masks).unwrap();
        let text = write_candidates(&c);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "1    23   | 1234 1234");
        assert_eq!(lines[1], "1234 1234 | 1234 1234");
        assert_eq!(lines[2], "----------+----------");
    }
}
