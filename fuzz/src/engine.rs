//! Fuzz checks of the engine: the parsers, the exact solver, the logical
//! solver and rater, and transformations with the canonical form.
//!
//! Inputs are decoded from bytes by [`Bytes`] (missing bytes read as zero,
//! so every input is valid). Answers are checked against the rules with the
//! small checker below ([`obeys_rules`], [`consistent`]), written from the
//! definition of Sudoku and sharing no code with the engine's own checks.
//! Work is bounded: node budgets for the exact search, a step and time budget
//! for the logical solver, so a slow input shows up as a libFuzzer timeout
//! only if a budget is not honoured.

use std::time::{Duration, Instant};

use sudokit::format::{self, Format, ReadError, ReadOptions, Reader};
use sudokit::generate::{Generator, Options};
use sudokit::logic::{Budget, LogicError, LogicSolver, State};
use sudokit::solve::{Count, Limits, Solution, Solver};
use sudokit::transform::{self, Op, Transform};
use sudokit::{Candidates, Grid, Shape};

/// Node budget of one exact search in these checks: a few milliseconds
/// uninstrumented (16x16 nodes cost about ten times 9x9 ones).
fn nodes(shape: Shape) -> u64 {
    if shape.size() <= 9 { 50_000 } else { 5_000 }
}

/// Reads an input as a stream of small decisions.
pub struct Bytes<'a>(pub &'a [u8]);

impl<'a> Bytes<'a> {
    /// The next byte, 0 once the input is used up.
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// The next eight bytes, little-endian.
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0u64, |acc, k| acc | (u64::from(self.byte()) << (8 * k)))
    }

    /// Whether any input is left.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The rest of the input.
    pub fn rest(self) -> &'a [u8] {
        self.0
    }
}

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).expect("a valid box shape")
}

/// Shapes for the searches: every small one, the classic board, and the
/// larger ones a request may name.
fn search_shapes() -> [Shape; 11] {
    [
        shape(1, 1),
        shape(1, 2),
        shape(2, 2),
        shape(2, 3),
        shape(3, 2),
        shape(2, 4),
        shape(3, 3),
        shape(3, 3),
        shape(2, 5),
        shape(3, 4),
        shape(4, 4),
    ]
}

/// The cells of every row, column and box, from the definition.
fn units(shape: Shape) -> Vec<Vec<usize>> {
    let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_cols());
    let mut out = Vec::with_capacity(3 * n);
    for i in 0..n {
        out.push((0..n).map(|j| i * n + j).collect());
        out.push((0..n).map(|j| j * n + i).collect());
        // Box i: boxes are r rows by c columns; there are n / c boxes across.
        let (top, left) = ((i / (n / c)) * r, (i % (n / c)) * c);
        out.push((0..n).map(|k| (top + k / c) * n + left + k % c).collect());
    }
    out
}

/// No digit twice in a row, column or box (blanks allowed).
pub fn consistent(grid: &Grid) -> bool {
    let n = grid.shape().size();
    let v = grid.values();
    units(grid.shape()).iter().all(|unit| {
        let mut seen = vec![false; n + 1];
        unit.iter().all(|&i| {
            let d = v[i] as usize;
            d == 0 || !std::mem::replace(&mut seen[d], true)
        })
    })
}

/// Complete, every digit once in each unit.
pub fn obeys_rules(grid: &Grid) -> bool {
    let n = grid.shape().size();
    grid.values().iter().all(|&d| (1..=n).contains(&(d as usize))) && consistent(grid)
}

/// `solution` obeys the rules and keeps every given of `puzzle`.
pub fn solves(solution: &Grid, puzzle: &Grid) -> bool {
    solution.shape() == puzzle.shape()
        && obeys_rules(solution)
        && puzzle.values().iter().zip(solution.values()).all(|(&p, &s)| p == 0 || p == s)
}

/// A puzzle of `shape` from the input: dense values, sparse placements, or a
/// full grid from the generator with cells blanked by the input's bits (and
/// perhaps one cell changed, to reach grids without a solution).
pub fn puzzle(shape: Shape, b: &mut Bytes) -> Grid {
    let n = shape.size();
    let cells = shape.cell_count();
    let mut values = vec![0u8; cells];
    match b.byte() % 3 {
        0 => {
            for v in values.iter_mut() {
                if b.is_empty() {
                    break;
                }
                *v = b.byte() % (n as u8 + 1);
            }
        }
        1 => {
            while !b.is_empty() {
                let cell = (usize::from(b.byte()) << 8 | usize::from(b.byte())) % cells;
                values[cell] = b.byte() % (n as u8 + 1);
            }
        }
        _ => {
            let seed = b.u64();
            let full = Generator::new(Options::new(shape), seed)
                .and_then(|g| g.grid(0))
                .expect("the generator fills every small shape");
            assert!(obeys_rules(&full), "generated full grid breaks the rules: {full:?}");
            let change = b.byte();
            for (i, v) in values.iter_mut().enumerate() {
                let bits = b.0.get(i / 8).copied().unwrap_or(0);
                if bits >> (i % 8) & 1 == 1 {
                    *v = full.values()[i];
                }
            }
            b.0 = &b.0[b.0.len().min(cells.div_ceil(8))..];
            if change > 0 {
                let cell = usize::from(b.byte()) * 256 % cells + usize::from(change) % cells;
                values[cell % cells] = b.byte() % (n as u8 + 1);
            }
        }
    }
    Grid::from_values(shape, values).expect("values within the shape")
}

/// The parsers: format detection and each format, the streaming reader, and
/// the shape inference; then every record read is written back in each
/// format and must read back the same.
pub fn parse(data: &[u8]) {
    let mut b = Bytes(data);
    let fmt = match b.byte() % 7 {
        0 => None,
        k => Some(Format::ALL[usize::from(k) - 1]),
    };
    let shapes: Vec<Shape> = Shape::all().collect();
    let fixed = match usize::from(b.byte()) % (shapes.len() + 1) {
        0 => None,
        k => Some(shapes[k - 1]),
    };
    let text = b.rest();
    let options = ReadOptions::new().with_format(fmt).with_shape(fixed);
    let mut reader = Reader::new(text, options);
    let mut records = 0usize;
    let mut last_line = 0usize;
    for result in &mut reader {
        records += 1;
        assert!(records <= text.len() + 1, "more records than bytes");
        match result {
            Ok(record) => {
                assert!(record.line >= last_line.max(1), "record lines go backwards");
                last_line = record.line;
                if let Some(s) = fixed {
                    assert_eq!(record.grid.shape(), s, "the fixed shape was not used");
                }
                if let Some(f) = fmt {
                    assert_eq!(record.format, f, "the fixed format was not used");
                }
                round_trip(&record.grid, record.candidates.as_ref());
            }
            Err(ReadError::Parse(e)) => {
                // The message must name a place; formatting must not panic.
                let _ = e.to_string();
            }
            Err(ReadError::Io(e)) => panic!("reading from memory failed: {e}"),
            Err(e) => panic!("unexpected error kind: {e}"),
        }
    }
    // The single-puzzle entry points agree with the reader's first record.
    if let Ok(text) = std::str::from_utf8(text) {
        let first = format::parse(text, options);
        let again = Reader::new(text.as_bytes(), options).next();
        match (first, again) {
            (Ok(a), Some(Ok(b))) => assert_eq!(a, b),
            (Err(_), None | Some(Err(_))) => {}
            (a, b) => panic!("parse and Reader disagree: {a:?} vs {b:?}"),
        }
        let _ = format::parse_grid(text);
    }
}

/// Every format writes `grid` so that it reads back the same, with the
/// format and shape given.
pub fn round_trip(grid: &Grid, candidates: Option<&Candidates>) {
    let shape = grid.shape();
    for f in Format::ALL {
        if f == Format::Pencilmarks {
            continue;
        }
        let text = format::write(grid, f);
        let read = format::parse(&text, ReadOptions::new().with_format(f).with_shape(shape));
        match read {
            Ok(r) => assert_eq!(&r.grid, grid, "{f} round trip changed the grid:\n{text}"),
            Err(e) => panic!("{f} output does not read back: {e}\n{text}"),
        }
    }
    let cands = candidates.cloned().unwrap_or_else(|| Candidates::from_grid(grid));
    // Documented in `write_candidates`: a cell without candidates is written
    // as `0`, and boards over 35x35 as comma lists; neither reads back.
    if cands.masks().contains(&0) || shape.size() > format::MAX_CHAR_SIZE {
        return;
    }
    let text = format::write_candidates(&cands);
    let opts = ReadOptions::new().with_format(Format::Pencilmarks).with_shape(shape);
    match format::parse(&text, opts) {
        Ok(r) => assert_eq!(
            r.candidates.as_ref(),
            Some(&cands),
            "pencilmarks round trip changed the candidates:\n{text}"
        ),
        Err(e) => panic!("pencilmarks output does not read back: {e}\n{text}"),
    }
}

/// The exact solver: counts up to a limit under a node budget, its
/// solutions checked by the rules, `solve` consistent with `count`, and the
/// 9x9 fast path in agreement with the general search.
pub fn solve(data: &[u8]) {
    let mut b = Bytes(data);
    let shapes = search_shapes();
    let shape = shapes[usize::from(b.byte()) % shapes.len()];
    let limit = 1 + usize::from(b.byte() % 4);
    let grid = puzzle(shape, &mut b);
    let limits = Limits::nodes(nodes(shape));
    let mut solver = Solver::with_limits(limits.clone());
    let count = solver.count(&grid, limit);
    assert!(count.solutions() <= limit, "count {count:?} over the limit {limit}");
    let ok = consistent(&grid);
    if !ok {
        assert_eq!(count, Count::Found(0), "clashing givens counted as solvable");
    }
    let found = solver.solutions(&grid, limit);
    assert!(found.len() <= limit);
    for (i, s) in found.iter().enumerate() {
        assert!(solves(s, &grid), "a 'solution' breaks the rules or the givens: {s:?}");
        assert!(found[..i].iter().all(|t| t != s), "a solution listed twice");
    }
    if let Count::Found(k) = count {
        assert!(found.len() <= k, "more solutions listed than counted");
    }
    if shape == Shape::CLASSIC {
        let general = Solver::with_limits(limits).general_only().count(&grid, limit);
        if let (Count::Found(a), Count::Found(b)) = (count, general) {
            assert_eq!(a, b, "9x9 fast path and general search disagree");
        }
    }
    match solver.solve(&grid) {
        Solution::Unique(s) => {
            assert!(solves(&s, &grid));
            if limit >= 2 {
                assert!(matches!(count, Count::Found(1) | Count::OutOfBudget(_)));
            }
        }
        Solution::Several(x, y) => {
            assert!(solves(&x, &grid) && solves(&y, &grid) && x != y);
        }
        Solution::Clashing(c) => {
            assert!(!ok && !c.is_empty(), "clashes reported on a consistent grid");
        }
        Solution::None => {
            assert!(ok, "clashing givens reported as merely unsolvable");
            assert!(matches!(count, Count::Found(0) | Count::OutOfBudget(0)));
        }
        Solution::OutOfBudget => {}
        other => panic!("unexpected answer {other:?}"),
    }
}

/// The logical solver, rater and hints under a step and time budget: each
/// step is sound (its placements and eliminations agree with the solution),
/// the path replays to the solution, and the time budget is kept.
pub fn logic(data: &[u8]) {
    let mut b = Bytes(data);
    let shapes = [shape(2, 2), shape(2, 3), shape(3, 2), shape(2, 4), shape(3, 3), shape(3, 3)];
    let shape = shapes[usize::from(b.byte()) % shapes.len()];
    let flags = b.byte();
    let grid = puzzle(shape, &mut b);
    let time = Duration::from_millis(300);
    let budget =
        Budget::default().with_max_steps(5_000).with_time(time).with_guesses(flags & 1 == 0);
    let mut solver = LogicSolver::with_budget(budget);
    let start = Instant::now();
    let result = solver.solve(&grid);
    assert!(
        start.elapsed() < time + Duration::from_secs(3),
        "time budget of {time:?} overrun: {:?}",
        start.elapsed()
    );
    let exact = Solver::with_limits(Limits::nodes(nodes(shape))).count(&grid, 2);
    match &result {
        Ok(path) => {
            assert!(solves(&path.solution, &grid), "the path's solution breaks the rules");
            assert_eq!(exact, Count::Found(1), "a logical path on a puzzle without one solution");
            let mut st = State::from_grid(&grid);
            for step in &path.steps {
                sound(step, &path.solution);
                st.apply(step);
            }
            assert!(st.is_solved(), "the steps do not finish the puzzle");
            assert_eq!(st.to_grid(), path.solution, "the steps reach another grid");
            let rating = path.rating();
            assert!(path.steps.iter().all(|s| s.difficulty <= rating.er), "ER below a step");
            assert!(rating.ep <= rating.er && rating.ed <= rating.er);
        }
        Err(LogicError::Clashing(c)) => {
            assert!(!consistent(&grid) && !c.is_empty(), "clashes {c:?} reported for {grid:?}")
        }
        Err(LogicError::NoSolution) => {
            assert!(matches!(exact, Count::Found(0) | Count::OutOfBudget(0)))
        }
        Err(LogicError::Several) => {
            assert!(matches!(exact, Count::Found(2) | Count::OutOfBudget(_)))
        }
        Err(_) => {}
    }
    if let Ok(path) = &result {
        // A hint from a state partway along the path is sound too.
        let k = usize::from(flags >> 1) % (path.steps.len() + 1);
        let mut st = State::from_grid(&grid);
        for step in &path.steps[..k] {
            st.apply(step);
        }
        match solver.next_step(&st) {
            Ok(Some(step)) => sound(&step, &path.solution),
            Ok(None) => assert!(st.is_solved()),
            Err(LogicError::OutOfBudget { .. }) => {}
            Err(e) => panic!("no hint on a state of a solvable path: {e}"),
        }
    }
}

/// A step's placements and eliminations agree with the solution.
fn sound(step: &sudokit::logic::Step, solution: &Grid) {
    if step.technique.is_guess() {
        return;
    }
    for &(cell, digit) in &step.placements {
        assert_eq!(solution.get(cell), Some(digit), "unsound placement in {step:?}");
    }
    for &(cell, digit) in &step.eliminations {
        assert_ne!(solution.get(cell), Some(digit), "unsound elimination in {step:?}");
    }
}

/// Transformations and the canonical form: the canonical form is invariant
/// under a random transformation and under named operations read from the
/// input, the inverse undoes the transformation, and validity and the
/// solution count are kept.
pub fn canon(data: &[u8]) {
    let mut b = Bytes(data);
    let shapes = [shape(1, 1), shape(2, 2), shape(2, 3), shape(3, 2), shape(3, 3), shape(3, 3)];
    let shape = shapes[usize::from(b.byte()) % shapes.len()];
    let seed = b.u64();
    let ops_len = usize::from(b.byte() % 32);
    let ops_text = String::from_utf8_lossy(&b.0[..ops_len.min(b.0.len())]).into_owned();
    b.0 = &b.0[ops_len.min(b.0.len())..];
    let grid = puzzle(shape, &mut b);

    let t = Transform::random(shape, seed);
    let moved = t.apply(&grid);
    assert_eq!(t.inverse().apply(&moved), grid, "the inverse does not undo");
    assert_eq!(moved.clue_count(), grid.clue_count());
    assert_eq!(consistent(&moved), consistent(&grid), "validity changed");
    let limits = Limits::nodes(nodes(shape));
    let (c1, c2) = (
        Solver::with_limits(limits.clone()).count(&grid, 3),
        Solver::with_limits(limits).count(&moved, 3),
    );
    if let (Count::Found(a), Count::Found(b)) = (c1, c2) {
        assert_eq!(a, b, "the solution count changed under {t:?}");
    }
    let canon = transform::canonical(&grid);
    match (&canon, transform::canonical(&moved)) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, &b, "canonical form differs after {t:?}");
            let again = transform::canonical(&a.form).expect("a form of a served shape");
            assert_eq!(again.form, a.form, "the canonical form of {grid:?} is not its own form");
            assert_eq!(a.form.clue_count(), grid.clue_count());
        }
        (Err(_), Err(_)) => {}
        (a, b) => panic!("canonical answers differ in kind: {a:?} vs {b:?}"),
    }
    if let Ok(ops) = Op::parse_list(&ops_text)
        && let Ok(t) = Transform::from_ops(shape, &ops)
    {
        let moved = t.apply(&grid);
        assert_eq!(t.inverse().apply(&moved), grid);
        if let Ok(a) = &canon {
            let b = transform::canonical(&moved).expect("same shape, same answer");
            assert_eq!(a, &b, "canonical form differs after {ops_text:?}");
        }
    }
}
