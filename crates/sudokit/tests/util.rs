//! Test helpers: the data directory, a minimal line reader, and an
//! independent rules checker (written from the rules, sharing no code with
//! the engine).

use std::path::PathBuf;

use sudokit::{Grid, Shape};

/// `data/` from the repository root. Panics when it is missing: a
/// test that cannot find its corpus must fail, not skip.
pub fn data_dir() -> PathBuf {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data"));
    assert!(dir.is_dir(), "the puzzle corpus is missing: expected it at {}", dir.display());
    dir
}

/// The 9x9 puzzles of a corpus file: 81 symbols at the start of each line
/// that is not a comment or blank.
pub fn load(name: &str) -> Vec<Grid> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let values: Vec<u8> =
                l.bytes().take(81).map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
            Grid::from_values(Shape::CLASSIC, values).unwrap_or_else(|e| panic!("{name}: {l}: {e}"))
        })
        .collect();
    assert!(!puzzles.is_empty(), "{name} holds no puzzles");
    puzzles
}

/// A grid of `shape` from symbols `1-9A-Z` and `.` (whitespace ignored),
/// read by the library's line reader.
pub fn grid(shape: Shape, text: &str) -> Grid {
    let line: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let options = sudokit::format::ReadOptions::new().with_shape(shape);
    sudokit::format::parse(&line, options).unwrap_or_else(|e| panic!("{line}: {e}")).grid
}

/// Checks that `solution` is a complete grid obeying the rules for boxes of
/// `r x c` and keeping every given of `puzzle`. Written directly from the
/// rules: each row, column and box holds each digit `1..=N` exactly once.
pub fn assert_solves(puzzle: &Grid, solution: &Grid) {
    let (r, c) = (puzzle.shape().box_rows(), puzzle.shape().box_cols());
    let n = r * c;
    let s = solution.values();
    let p = puzzle.values();
    assert_eq!(s.len(), n * n, "solution has the wrong size");
    for i in 0..n * n {
        assert!((1..=n as u8).contains(&s[i]), "cell {i} holds {}", s[i]);
        assert!(p[i] == 0 || p[i] == s[i], "cell {i}: given {} changed to {}", p[i], s[i]);
    }
    let full: Vec<u8> = (1..=n as u8).collect();
    for k in 0..n {
        let mut row: Vec<u8> = (0..n).map(|j| s[k * n + j]).collect();
        let mut col: Vec<u8> = (0..n).map(|j| s[j * n + k]).collect();
        let (top, left) = ((k / r) * r, (k % r) * c);
        let mut bx: Vec<u8> = (0..n).map(|j| s[(top + j / c) * n + left + j % c]).collect();
        for (unit, name) in [(&mut row, "row"), (&mut col, "column"), (&mut bx, "box")] {
            unit.sort_unstable();
            assert_eq!(unit, &full, "{name} {} is not a permutation", k + 1);
        }
    }
}
