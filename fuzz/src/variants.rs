//! Fuzz checks of variant rules: boards whose rules are data (extra houses,
//! jigsaw regions, cells that must differ, killer cages, thermometers,
//! kropki dots, even/odd marks, the negative rules), read from text and
//! built from bytes, then solved, counted, explained and written out.
//!
//! Two kinds of input, chosen by the first byte:
//! - *text*: the rest is a rules name, a killer line, an f-puzzles or a
//!   SudokuPad board; whatever is read must write back to itself, and
//!   whatever is refused must be refused with a message, never a panic.
//! - *board*: rules built from the bytes on a small shape. Constraints are
//!   either read off a full grid of the house rules (so that grid keeps them
//!   and the puzzle has a solution) or drawn at random (so sums, kinds and
//!   cells may be impossible, and the builders must refuse them cleanly).
//!   The puzzle is that grid with cells blanked, or random values.
//!
//! Answers are checked against the rules by the checker below
//! ([`violation`]), written from the definitions of the variants; it reads
//! the rules' houses and constraints as data and shares no code with the
//! engine's checks or propagators. Work is bounded as in `engine`: node
//! budgets, a step and time budget for the logical solver, a time limit for
//! the generator.

use std::time::Duration;

use sudokit::constraint::{Constraint, DotKind, ParityKind};
use sudokit::format;
use sudokit::generate::{Generator, Options};
use sudokit::logic::{Budget, LogicError, LogicSolver, State};
use sudokit::solve::{Count, Limits, Solution, Solver};
use sudokit::{Grid, Rules, Shape};

use super::engine::Bytes;

/// Node budget of one exact search here (constraint propagation makes a
/// node dearer than a classic one).
const NODES: u64 = 20_000;

/// The check of one input.
pub fn variants(data: &[u8]) {
    let mut b = Bytes(data);
    if b.byte() % 4 == 0 {
        text(b.rest());
    } else {
        board(&mut b);
    }
}

/// Text read as each board format; accepted boards write back to
/// themselves.
fn text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(rules) = text.parse::<Rules>() {
        names_round_trip(&rules);
    }
    if let Ok(grid) = format::parse_killer(text) {
        let line = format::to_killer(&grid).expect("a killer line's board writes as one");
        let again = format::parse_killer(&line).expect("a written killer line reads back");
        assert_eq!(again, grid, "the killer line {line} reads back otherwise");
        writes_back(&grid);
    }
    #[cfg(feature = "serde")]
    for grid in [format::parse_fpuzzles(text), format::parse_sudokupad(text)].into_iter().flatten()
    {
        writes_back(&grid);
    }
}

/// The compact name of `rules` reads back to the same rules.
fn names_round_trip(rules: &Rules) {
    let name = rules.to_string();
    match name.parse::<Rules>() {
        Ok(again) => assert_eq!(&again, rules, "the rules name {name} reads back otherwise"),
        Err(e) => panic!("the rules name {name} does not read back: {e}"),
    }
}

/// `grid` written in each board format that can hold it reads back the
/// same (f-puzzles may refuse, with a reason; SudokuPad takes every board
/// up to 16x16).
fn writes_back(grid: &Grid) {
    names_round_trip(grid.rules());
    #[cfg(feature = "serde")]
    json_round_trips(grid);
    if let Some(line) = format::to_killer(grid) {
        let again = format::parse_killer(&line).expect("a written killer line reads back");
        assert_eq!(&again, grid, "the killer line {line} reads back otherwise");
    }
}

/// The f-puzzles board and the SudokuPad link of `grid` read back the same.
#[cfg(feature = "serde")]
fn json_round_trips(grid: &Grid) {
    if let Ok(json) = format::to_fpuzzles(grid) {
        match format::parse_fpuzzles(&json) {
            Ok(again) => {
                assert_eq!(&again, grid, "the f-puzzles board {json} reads back otherwise")
            }
            Err(e) => panic!("the f-puzzles board {json} does not read back: {e}"),
        }
    }
    if grid.shape().size() <= 16 {
        let link = format::to_sudokupad(grid);
        match format::parse_sudokupad(&link) {
            Ok(again) => assert_eq!(&again, grid, "the SudokuPad link {link} reads back otherwise"),
            Err(e) => panic!("the SudokuPad link {link} does not read back: {e}"),
        }
    }
}

/// Rules built from the input on a small shape, a puzzle under them, and
/// every answer about it checked by the rules.
fn board(b: &mut Bytes) {
    let shapes = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 3), (3, 3)];
    let (r, c) = shapes[usize::from(b.byte()) % shapes.len()];
    let shape = Shape::new(r, c).expect("a valid box shape");
    let Some(houses) = house_rules(shape, b) else { return };
    // A full grid of the house rules, when the generator finds one soon.
    let seed = b.u64();
    let options = Options::new(houses.clone()).time_limit(Some(Duration::from_millis(200)));
    let full = Generator::new(options, seed).and_then(|g| g.grid(0)).ok();
    if let Some(full) = &full {
        assert_eq!(violation(full), None, "a generated full grid breaks its rules: {full:?}");
    }
    let Some(rules) = constraints(houses, full.as_ref(), b) else { return };
    names_round_trip(&rules);
    let grid = puzzle(&rules, full.as_ref(), b);
    writes_back(&grid);
    consistency(&grid);
    exact(&grid);
    logic(&grid, b.byte());
    if b.byte().is_multiple_of(8) {
        generated(&rules, b.u64());
    }
}

/// House rules on `shape` from the input's flags: diagonals, windows,
/// regions (a random jigsaw or a map from the bytes), cells a knight's or
/// king's move apart, the negative neighbour rules. `None` when a builder
/// refuses them (each refusal must say why).
fn house_rules(shape: Shape, b: &mut Bytes) -> Option<Rules> {
    let flags = b.byte();
    let mut rules = Rules::classic(shape);
    if flags & 1 != 0 {
        rules = rules.with_diagonals();
    }
    if flags & 2 != 0 {
        rules = refused(rules.with_windows())?;
    }
    if flags & 4 != 0 {
        rules = rules.with_anti_knight();
    }
    if flags & 8 != 0 {
        rules = rules.with_anti_king();
    }
    if flags & 16 != 0 {
        rules = rules.with_non_consecutive();
    }
    if flags & 32 != 0 {
        rules = rules.with_all_dots();
    }
    if flags & 64 != 0 {
        let regions = if b.byte().is_multiple_of(2) {
            refused(Rules::random_jigsaw(shape, b.u64()))?.regions()?.to_vec()
        } else {
            let n = shape.size() as u8;
            (0..shape.cell_count()).map(|_| b.byte() % n).collect()
        };
        rules = refused(rules.with_regions(&regions))?;
    }
    if flags & 128 != 0 {
        let cells = cell_list(shape, b);
        rules = if b.byte().is_multiple_of(2) {
            refused(rules.with_house(&cells))?
        } else {
            refused(rules.with_distinct(&cells))?
        };
    }
    Some(rules)
}

/// `Ok` as `Some`; an error must write a message.
fn refused<T, E: std::fmt::Display>(result: Result<T, E>) -> Option<T> {
    match result {
        Ok(v) => Some(v),
        Err(e) => {
            assert!(!e.to_string().is_empty(), "an error without a message");
            None
        }
    }
}

/// Up to 12 cells of `shape` from the input, perhaps repeated.
fn cell_list(shape: Shape, b: &mut Bytes) -> Vec<u16> {
    let len = 1 + usize::from(b.byte()) % 12;
    (0..len).map(|_| (usize::from(b.byte()) % shape.cell_count()) as u16).collect()
}

/// Up to six constraints beside the house rules: read off `full` (so it
/// keeps them) when the input says so and there is one, else drawn at
/// random.
fn constraints(mut rules: Rules, full: Option<&Grid>, b: &mut Bytes) -> Option<Rules> {
    let shape = rules.shape();
    let n = shape.size();
    let count = b.byte() % 7;
    for _ in 0..count {
        let kind = b.byte() % 4;
        let truthful = full.filter(|_| !b.byte().is_multiple_of(4)).map(|g| g.values().to_vec());
        let start = usize::from(b.byte()) % shape.cell_count();
        let len = 1 + usize::from(b.byte()) % 5;
        // A walk of orthogonal steps from `start` (a cage, a thermometer):
        // each step is chosen by a byte and skipped when it would leave the
        // board or come back.
        let mut walk = vec![start];
        for _ in 1..len {
            let here = *walk.last().expect("the walk has its start");
            let (row, col) = (here / n, here % n);
            let next = match b.byte() % 4 {
                0 if col + 1 < n => here + 1,
                1 if col > 0 => here - 1,
                2 if row + 1 < n => here + n,
                3 if row > 0 => here - n,
                _ => continue,
            };
            if !walk.contains(&next) {
                walk.push(next);
            }
        }
        let cells: Vec<u16> = walk.iter().map(|&i| i as u16).collect();
        rules = match kind {
            0 => {
                let sum = match &truthful {
                    Some(v) => walk.iter().map(|&i| u32::from(v[i])).sum(),
                    None => u32::from(b.byte()),
                };
                refused(rules.with_cage(&cells, sum))?
            }
            1 => {
                let mut cells = cells;
                if let Some(v) = &truthful {
                    // The walk read from its smaller end, up to where it stops rising.
                    let at = |i: u16| v[usize::from(i)];
                    if at(cells[0]) > at(cells[cells.len() - 1]) {
                        cells.reverse();
                    }
                    let rising = 1 + cells.windows(2).take_while(|w| at(w[0]) < at(w[1])).count();
                    cells.truncate(rising);
                }
                refused(rules.with_thermo(&cells))?
            }
            2 => {
                let other = if start % n + 1 < n { start + 1 } else { start.saturating_sub(n) };
                let kind = match &truthful {
                    Some(v) => match DotKind::between(v[start], v[other]) {
                        Some(kind) => kind,
                        None => continue,
                    },
                    None if b.byte().is_multiple_of(2) => DotKind::White,
                    None => DotKind::Black,
                };
                refused(rules.with_dot(start as u16, other as u16, kind))?
            }
            _ => {
                let even = match &truthful {
                    Some(v) => v[start] % 2 == 0,
                    None => b.byte().is_multiple_of(2),
                };
                let kind = if even { ParityKind::Even } else { ParityKind::Odd };
                refused(rules.with_parity(&[start as u16], kind))?
            }
        };
    }
    Some(rules)
}

/// A puzzle under `rules`: `full` with cells blanked by the input's bits,
/// perhaps with one cell changed; or random values.
fn puzzle(rules: &Rules, full: Option<&Grid>, b: &mut Bytes) -> Grid {
    let shape = rules.shape();
    let (n, cells) = (shape.size() as u8, shape.cell_count());
    let mut values = vec![0u8; cells];
    match full {
        Some(full) if !b.byte().is_multiple_of(4) => {
            let mut bits = 0u8;
            for (i, v) in values.iter_mut().enumerate() {
                if i % 8 == 0 {
                    bits = b.byte();
                }
                if bits >> (i % 8) & 1 == 1 {
                    *v = full.values()[i];
                }
            }
            if b.byte().is_multiple_of(4) {
                values[usize::from(b.byte()) % cells] = b.byte() % (n + 1);
            }
        }
        _ => {
            let filled = usize::from(b.byte()) % 8;
            for _ in 0..filled {
                values[usize::from(b.byte()) % cells] = 1 + b.byte() % n;
            }
        }
    }
    Grid::from_values_with(rules.clone(), values).expect("values within the shape")
}

/// What the grid breaks, from the definitions: `Some` names it. A blank
/// cell breaks nothing unless the rule cannot hold whatever fills it (a
/// cage whose filled digits already pass its sum).
pub fn violation(grid: &Grid) -> Option<String> {
    let rules = grid.rules();
    let shape = grid.shape();
    let n = shape.size();
    let v = grid.values();
    let layout = rules.layout();
    let repeat = |cells: &[u16]| {
        let mut seen = vec![false; n + 1];
        cells.iter().any(|&i| {
            let d = usize::from(v[usize::from(i)]);
            d != 0 && std::mem::replace(&mut seen[d], true)
        })
    };
    for h in 0..layout.house_count() {
        if repeat(layout.house(h)) {
            return Some(format!("house {h} repeats a digit"));
        }
    }
    for group in rules.distinct_groups() {
        if repeat(group) {
            return Some(format!("cells {group:?} repeat a digit"));
        }
    }
    let filled = |i: usize| v[i] != 0;
    for a in 0..n * n {
        let (ra, ca) = ((a / n) as isize, (a % n) as isize);
        for bi in a + 1..n * n {
            let (rb, cb) = ((bi / n) as isize, (bi % n) as isize);
            let (dr, dc) = ((ra - rb).abs(), (ca - cb).abs());
            if !filled(a) || !filled(bi) {
                continue;
            }
            let (x, y) = (v[a], v[bi]);
            if rules.has_anti_knight() && (dr, dc) != (0, 0) && dr * dr + dc * dc == 5 && x == y {
                return Some(format!("cells {a} and {bi} a knight's move apart hold {x}"));
            }
            if rules.has_anti_king() && dr <= 1 && dc <= 1 && x == y {
                return Some(format!("cells {a} and {bi} a king's move apart hold {x}"));
            }
            if dr + dc != 1 {
                continue;
            }
            let consecutive = x.abs_diff(y) == 1;
            let double = x == 2 * y || y == 2 * x;
            if rules.has_non_consecutive() && consecutive {
                return Some(format!("neighbours {a} and {bi} hold {x} and {y}"));
            }
            let dotted = rules
                .constraints()
                .iter()
                .any(|c| matches!(c, Constraint::Dot(d) if d.pair() == [a as u16, bi as u16]));
            if rules.has_all_dots() && !dotted && (consecutive || double) {
                return Some(format!("neighbours {a} and {bi} without a dot hold {x} and {y}"));
            }
        }
    }
    for (k, c) in rules.constraints().iter().enumerate() {
        let cells: Vec<usize> = c.cells().iter().map(|&i| usize::from(i)).collect();
        let digits: Vec<u8> = cells.iter().map(|&i| v[i]).collect();
        let broken = match c {
            Constraint::Cage(cage) => {
                let sum: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                repeat(cage.cells())
                    || sum > cage.sum()
                    || (digits.iter().all(|&d| d != 0) && sum != cage.sum())
            }
            Constraint::Thermo(_) => digits
                .iter()
                .enumerate()
                .any(|(i, &x)| digits[i + 1..].iter().any(|&y| x != 0 && y != 0 && y <= x)),
            Constraint::Dot(d) => {
                let (x, y) = (digits[0], digits[1]);
                x != 0
                    && y != 0
                    && match d.kind() {
                        DotKind::White => x.abs_diff(y) != 1,
                        DotKind::Black => x != 2 * y && y != 2 * x,
                    }
            }
            Constraint::Parity(p) => digits.iter().any(|&d| {
                d != 0
                    && match p.kind() {
                        ParityKind::Even => d % 2 != 0,
                        ParityKind::Odd => d % 2 == 0,
                    }
            }),
            _ => false,
        };
        if broken {
            return Some(format!("constraint {k} ({c:?}) is broken"));
        }
    }
    None
}

/// Complete, every digit in range, nothing broken.
fn obeys(grid: &Grid) -> bool {
    let n = grid.shape().size() as u8;
    grid.values().iter().all(|&d| (1..=n).contains(&d)) && violation(grid).is_none()
}

/// `solution` obeys the rules and keeps every given of `puzzle`.
fn solves(solution: &Grid, puzzle: &Grid) -> bool {
    solution.rules() == puzzle.rules()
        && obeys(solution)
        && puzzle.values().iter().zip(solution.values()).all(|(&p, &s)| p == 0 || p == s)
}

/// The engine's own verdict agrees with the checker: whatever the checker
/// finds broken is inconsistent to the engine, and a full grid is solved
/// exactly when the checker finds nothing.
fn consistency(grid: &Grid) {
    if let Some(why) = violation(grid) {
        assert!(!grid.is_consistent(), "{why}, yet the engine calls {grid:?} consistent");
    }
    if grid.is_complete() {
        assert_eq!(grid.is_solved(), obeys(grid), "the engine and the rules disagree on {grid:?}");
    }
}

/// Counting and solving under a node budget: every solution obeys the
/// rules, broken givens have none, and `solve` agrees with `count`.
fn exact(grid: &Grid) {
    let limit = 3;
    let mut solver = Solver::with_limits(Limits::nodes(NODES));
    let count = solver.count(grid, limit);
    assert!(count.solutions() <= limit, "count {count:?} over the limit");
    let broken = violation(grid);
    if broken.is_some() {
        assert!(
            matches!(count, Count::Found(0) | Count::OutOfBudget(0)),
            "{broken:?}, yet counted {count:?}"
        );
    }
    let found = solver.solutions(grid, limit);
    for (i, s) in found.iter().enumerate() {
        assert!(solves(s, grid), "a 'solution' breaks the rules or the givens: {s:?}");
        assert!(found[..i].iter().all(|t| t != s), "a solution listed twice");
    }
    if let Count::Found(k) = count {
        assert!(found.len() <= k, "more solutions listed than counted");
    }
    match solver.solve(grid) {
        Solution::Unique(s) => {
            assert!(solves(&s, grid), "the unique solution breaks the rules: {s:?}");
            assert!(matches!(count, Count::Found(1) | Count::OutOfBudget(_)), "{count:?}");
        }
        Solution::Several(x, y) => assert!(solves(&x, grid) && solves(&y, grid) && x != y),
        Solution::Clashing(c) => {
            assert!(!c.is_empty() && !grid.is_consistent(), "clashes on a consistent grid")
        }
        Solution::None => {
            assert!(matches!(count, Count::Found(0) | Count::OutOfBudget(0)), "{count:?}")
        }
        _ => {}
    }
}

/// The logical solver under a step and time budget: each step agrees with
/// the solution, the path reaches it, and errors agree with the count.
fn logic(grid: &Grid, flags: u8) {
    let time = Duration::from_millis(150);
    let budget =
        Budget::default().with_max_steps(2_000).with_time(time).with_guesses(flags & 1 == 0);
    let mut solver = LogicSolver::with_budget(budget);
    let result = solver.solve(grid);
    let exact = Solver::with_limits(Limits::nodes(NODES)).count(grid, 2);
    match &result {
        Ok(path) => {
            assert!(solves(&path.solution, grid), "the path's solution breaks the rules");
            assert!(matches!(exact, Count::Found(1) | Count::OutOfBudget(_)), "{exact:?}");
            let mut st = State::from_grid(grid);
            for step in &path.steps {
                if !step.technique.is_guess() {
                    for &(cell, digit) in &step.placements {
                        assert_eq!(path.solution.get(cell), Some(digit), "unsound {step:?}");
                    }
                    for &(cell, digit) in &step.eliminations {
                        assert_ne!(path.solution.get(cell), Some(digit), "unsound {step:?}");
                    }
                }
                st.apply(step);
            }
            assert_eq!(st.to_grid(), path.solution, "the steps reach another grid");
        }
        Err(LogicError::NoSolution) => {
            assert!(matches!(exact, Count::Found(0) | Count::OutOfBudget(0)), "{exact:?}")
        }
        Err(LogicError::Several) => {
            assert!(matches!(exact, Count::Found(2) | Count::OutOfBudget(_)), "{exact:?}")
        }
        Err(_) => {}
    }
}

/// A puzzle generated under `rules` within a short time limit has exactly
/// one solution, which obeys them.
fn generated(rules: &Rules, seed: u64) {
    let options = Options::new(rules.clone()).time_limit(Some(Duration::from_millis(300)));
    let Ok(made) = Generator::new(options, seed).and_then(|g| g.puzzle(0)) else { return };
    assert!(solves(&made.solution, &made.puzzle), "a generated solution breaks the rules");
    let count = Solver::with_limits(Limits::nodes(NODES * 10)).count(&made.puzzle, 2);
    assert!(matches!(count, Count::Found(1) | Count::OutOfBudget(_)), "generated: {count:?}");
}
