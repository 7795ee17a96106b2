//! Test helpers: the data directory, a minimal line reader, and an
//! independent rules checker (written from the rules, sharing no code with
//! the engine).

use std::path::PathBuf;

use sudokit::constraint::{Constraint, DotKind, ParityKind};
use sudokit::{Grid, Rules, Shape};

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

/// Whether the full grid `v` obeys the constraints of `rules` and its
/// neighbour rules, by plain arithmetic sharing no code with the engine:
/// each killer cage sums to its total without a repeat, each thermometer
/// climbs through touching cells, each dot joins orthogonal neighbours
/// that differ by 1 (white) or are in ratio 2 (black), each even/odd mark
/// holds, non-consecutive neighbours differ by more than 1, and with every
/// dot given no undotted pair of neighbours is so related. Houses are the
/// caller's to check.
pub fn constraints_hold(rules: &Rules, v: &[u8]) -> bool {
    let n = rules.shape().size();
    let near = |a: usize, b: usize| (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n) == 1;
    let mut dotted = Vec::new();
    let constraints_ok = rules.constraints().iter().all(|c| match c {
        Constraint::Cage(cage) => {
            let sum: u32 = cage.cells().iter().map(|&c| u32::from(v[c as usize])).sum();
            let mut digits: Vec<u8> = cage.cells().iter().map(|&c| v[c as usize]).collect();
            digits.sort_unstable();
            digits.dedup();
            sum == cage.sum() && digits.len() == cage.cells().len()
        }
        Constraint::Thermo(t) => t.cells().windows(2).all(|w| {
            let (a, b) = (w[0] as usize, w[1] as usize);
            (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1 && v[a] < v[b]
        }),
        Constraint::Dot(d) => {
            let [a, b] = d.pair().map(usize::from);
            dotted.push([a, b]);
            let (x, y) = (v[a], v[b]);
            near(a, b)
                && match d.kind() {
                    DotKind::White => x.abs_diff(y) == 1,
                    DotKind::Black => x == 2 * y || y == 2 * x,
                }
        }
        Constraint::Parity(p) => p.cells().iter().all(|&c| match p.kind() {
            ParityKind::Even => v[c as usize].is_multiple_of(2),
            ParityKind::Odd => v[c as usize] % 2 == 1,
        }),
        _ => panic!("a constraint this checker does not know: {c:?}"),
    });
    let neighbours_ok = (0..n * n).all(|a| {
        [a + 1, a + n].into_iter().filter(|&b| b < n * n && near(a, b)).all(|b| {
            let (x, y) = (v[a], v[b]);
            let related = x.abs_diff(y) == 1 || x == 2 * y || y == 2 * x;
            let consecutive = rules.has_non_consecutive() && x.abs_diff(y) == 1;
            let undotted = rules.has_all_dots() && related && !dotted.contains(&[a, b]);
            !consecutive && !undotted
        })
    });
    constraints_ok && neighbours_ok
}
