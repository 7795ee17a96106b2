//! Shared puzzles, artifact paths and tool runners.

use std::path::PathBuf;
use std::process::{Command, Output};

use sudokit::format::{parse_grid, symbol_char};
use sudokit::{Grid, Shape};
use sudokit_print::{Book, PerPage, PrintItem, PrintOptions};

/// The puzzles of `examples/puzzles.txt` (4x4, 6x6, three 9x9, 16x16); each
/// has exactly one solution.
pub fn example_grids() -> Vec<Grid> {
    let text = include_str!("../../../examples/puzzles.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| parse_grid(l.split_whitespace().next().unwrap()).unwrap())
        .collect()
}

/// A full grid of any shape by the shifted-rows pattern (row `i` of band `b`
/// starts `i * c + b` along), checked by the rules.
pub fn full_grid(shape: Shape) -> Grid {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let values: Vec<u8> = (0..n * n)
        .map(|k| {
            let (row, col) = (k / n, k % n);
            ((row % r * c + row / r + col) % n + 1) as u8
        })
        .collect();
    let grid = Grid::from_values(shape, values).unwrap();
    assert!(grid.is_solved(), "pattern grid for {shape} breaks a rule");
    grid
}

/// `full` with a deterministic ~45% of its cells kept as givens.
pub fn carve(full: &Grid) -> Grid {
    let values: Vec<u8> = full
        .values()
        .iter()
        .enumerate()
        .map(|(k, &v)| if (k as u64).wrapping_mul(2_654_435_761) % 100 < 45 { v } else { 0 })
        .collect();
    Grid::from_values(full.shape(), values).unwrap()
}

/// A 25x25 item with its solution given (the engine need not solve it).
pub fn big_item(number: u64) -> PrintItem {
    let full = full_grid(Shape::new(5, 5).unwrap());
    PrintItem { solution: Some(full.clone()), ..PrintItem::new(carve(&full), number) }
}

/// A 12x12 (3x4 boxes) item with its solution given.
pub fn twelve_item(number: u64) -> PrintItem {
    let full = full_grid(Shape::new(3, 4).unwrap());
    PrintItem {
        solution: Some(full.clone()),
        level: Some("medium".into()),
        ..PrintItem::new(carve(&full), number)
    }
}

/// Every example puzzle as `item(index, grid)` makes it (numbered from
/// 1), then a 12x12 item numbered 7 and a 25x25 item numbered 8.
pub fn every_size(item: impl Fn(usize, Grid) -> PrintItem) -> Vec<PrintItem> {
    let mut items: Vec<PrintItem> =
        example_grids().into_iter().enumerate().map(|(i, g)| item(i, g)).collect();
    items.push(twelve_item(7));
    items.push(big_item(8));
    items
}

/// The book of `items` with their solutions, `per_page` to a page, under
/// `title`.
pub fn book_with_solutions(items: &[PrintItem], per_page: PerPage, title: &str) -> Book {
    let options = PrintOptions {
        per_page,
        solutions: true,
        title: Some(title.into()),
        ..PrintOptions::default()
    };
    Book::new(items, &options).unwrap()
}

/// The symbols of a grid's filled cells, row by row.
pub fn symbols(grid: &Grid) -> String {
    grid.values().iter().filter_map(|&v| symbol_char(v)).collect()
}

/// `target/test-artifacts/<name>`, its directory created.
pub fn artifact(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().join("test-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Runs a poppler tool, failing with a clear message when it is not installed
/// or reports an error.
pub fn poppler(tool: &str, args: &[&str]) -> Output {
    let out = Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!(
            "cannot run `{tool}` ({e}): these tests need poppler-utils \
             (Debian/Ubuntu: apt-get install poppler-utils; .ci/run installs it)"
        )
    });
    assert!(
        out.status.success(),
        "`{tool} {}` failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}
