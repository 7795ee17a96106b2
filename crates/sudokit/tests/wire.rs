//! The wire records (`sudokit::wire`, feature `serde`): round trips of
//! every record through JSON on values the engine made, and coordinates
//! checked against the engine's own cells and the rules.
//!
//! A test target of its own (`required-features = ["serde"]`): JSON in the
//! dev-dependencies of the other targets would change their type inference.

use serde::Serialize;
use serde::de::DeserializeOwned;
use sudokit::format::{self, ReadOptions};
use sudokit::logic::{LogicSolver, Technique};
use sudokit::solve::Solver;
use sudokit::transform::{Transform, canonical};
use sudokit::wire::*;
use sudokit::{Cell, Digit, Grid, Shape};

/// The first puzzle of `data/top1465.txt`.
fn puzzle() -> Grid {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/top1465.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let line = text.lines().find(|l| !l.trim().is_empty() && !l.starts_with('#')).unwrap();
    format::parse(&line[..81], ReadOptions::default()).unwrap().grid
}

/// `value` written as JSON and read back is `value` again, and the JSON
/// read back into a generic value holds no field the type dropped.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> String {
    let text = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value, "{text}");
    let again = serde_json::to_string(&back).unwrap();
    let (a, b): (serde_json::Value, serde_json::Value) =
        (serde_json::from_str(&text).unwrap(), serde_json::from_str(&again).unwrap());
    assert_eq!(a, b);
    text
}

#[test]
fn a_unique_solution_travels_as_a_line_the_rules_accept() {
    let p = puzzle();
    let answer = SolveAnswer::new(&p, &Solver::new().solve(&p));
    let text = round_trip(&answer);
    assert!(text.starts_with(r#"{"shape":"3x3","size":9,"puzzle":"#), "{text}");
    assert_eq!(answer.status, Status::Unique);
    assert!(answer.clashes.is_empty() && answer.error.is_none());
    let sol = format::parse(answer.solution.as_deref().unwrap(), ReadOptions::default()).unwrap();
    assert!(sol.grid.is_solution_of(&p));
    assert_eq!(answer.clues, p.values().iter().filter(|&&v| v != 0).count());
}

#[test]
fn clashes_name_their_cells_by_row_and_column() {
    let shape = Shape::CLASSIC;
    let mut g = Grid::empty(shape);
    g.set(shape.cell(0, 0), Some(Digit::new(5)));
    g.set(shape.cell(0, 7), Some(Digit::new(5)));
    let answer = SolveAnswer::new(&g, &Solver::new().solve(&g));
    let text = round_trip(&answer);
    assert_eq!(answer.status, Status::Clashing);
    assert!(text.contains(r#""status":"clashing""#), "{text}");
    let row = answer.clashes.iter().find(|c| c.unit == "row 1").expect("a row clash");
    assert_eq!(row.digit, 5);
    assert_eq!(row.cells, [CellRef { row: 1, col: 1 }, CellRef { row: 1, col: 8 }]);
    let validated = ValidateAnswer::new(&g);
    round_trip(&validated);
    assert!(!validated.valid && !validated.solved);
    assert_eq!(validated.clashes, answer.clashes);
}

#[test]
fn cell_refs_are_the_engines_cells_from_one() {
    let shape = Shape::new(3, 4).unwrap();
    for cell in (0..shape.cell_count()).map(Cell::from_index) {
        let r = CellRef::new(shape, cell);
        assert_eq!((r.row - 1, r.col - 1), (shape.row(cell), shape.col(cell)));
        assert_eq!(r.to_cell(shape), Some(cell));
    }
    assert_eq!(CellRef { row: 0, col: 1 }.to_cell(shape), None);
    assert_eq!(CellRef { row: 13, col: 1 }.to_cell(shape), None);
}

#[test]
fn a_hint_places_the_solutions_digit_at_its_cell() {
    let p = puzzle();
    let step = LogicSolver::new().next_step(&sudokit::logic::State::from_grid(&p)).unwrap();
    let answer = HintAnswer::new(&p, step.as_ref());
    let text = round_trip(&answer);
    assert!(text.contains(r#""cells":[{"row":"#), "{text}");
    let step = answer.step.expect("an unsolved puzzle has a next step");
    let solution = p.some_solution().unwrap();
    assert!(solution.is_solution_of(&p));
    for e in &step.eliminations {
        let cell = CellRef { row: e.row, col: e.col }.to_cell(p.shape()).unwrap();
        assert_ne!(solution.get(cell).map(Digit::get), Some(e.digit), "{text}");
    }
    for pl in &step.placements {
        let cell = CellRef { row: pl.row, col: pl.col }.to_cell(p.shape()).unwrap();
        assert_eq!(solution.get(cell).map(Digit::get), Some(pl.digit), "{text}");
    }
    assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
}

#[test]
fn an_explained_path_and_its_rating_round_trip() {
    let p = puzzle();
    let path = LogicSolver::new().solve(&p).unwrap();
    let answer = ExplainAnswer::new(&p, &path);
    let text = round_trip(&answer);
    // The rating travels flattened beside the puzzle, as `rate` prints it.
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["er"], answer.rating.er);
    assert_eq!(answer.steps.len(), path.steps.len());
    let counted: usize = answer.counts.iter().map(|c| c.count).sum();
    assert_eq!(counted, path.steps.len());
    let rated = RateAnswer::new(&p, &path.rating());
    round_trip(&rated);
    assert_eq!(rated.rating, answer.rating);
}

#[test]
fn transformed_and_canonical_puzzles_round_trip() {
    let p = puzzle();
    let t = Transform::random(p.shape(), 7).apply(&p);
    round_trip(&TransformAnswer::new(&p, &t));
    let a = CanonAnswer::new(&p, &canonical(&p).unwrap());
    let b = CanonAnswer::new(&t, &canonical(&t).unwrap());
    round_trip(&a);
    assert_eq!(a.canon, b.canon, "equivalent puzzles share their canonical form");
}

#[test]
fn counts_and_generated_items_round_trip() {
    use sudokit::generate::{Generator, Method, Options, Symmetry};
    let p = puzzle();
    round_trip(&CountAnswer::new(&p, 1, 2));
    let made = Generator::new(Options::new(Shape::CLASSIC), 3).unwrap().puzzle(0).unwrap();
    let item = GeneratedItem::new(0, 3, &made.puzzle, Method::Backtrack, Symmetry::None)
        .with_solution(&made.solution)
        .with_rating(made.rating.as_ref());
    let text = round_trip(&item);
    assert!(text.contains(r#""method":"backtrack""#), "{text}");
    assert_eq!(item.clues, made.clues());
    let full = GeneratedItem::filled(1, 3, &made.solution, Method::Backtrack, Symmetry::None);
    round_trip(&full);
    assert!(full.puzzle.is_none() && full.grid.is_some());
}

#[test]
fn read_errors_name_the_line_and_cell() {
    let text = "1".repeat(40) + "x" + &".".repeat(40);
    let err = format::parse(&text, ReadOptions::default()).unwrap_err();
    let answer = ErrorAnswer::from(Error::read("invalid_puzzle", &err));
    round_trip(&answer);
    assert_eq!(answer.error.line, Some(1));
    assert_eq!(answer.error.cell, Some(CellRef { row: 5, col: 5 }));
    let plain = serde_json::to_string(&ErrorAnswer::from(Error::new("busy", "later"))).unwrap();
    assert_eq!(plain, r#"{"error":{"code":"busy","message":"later"}}"#);
}

#[test]
fn boards_name_their_shape() {
    for shape in Shape::all() {
        let board = round_trip_board(shape);
        assert_eq!(board.to_shape(), Ok(shape));
        assert_eq!(board.size, shape.size());
        assert!(board.rules.is_none());
    }
}

fn round_trip_board(shape: Shape) -> Board {
    let board = Board::from(shape);
    round_trip(&board);
    board
}

#[test]
fn technique_ids_are_lower_case_words_and_tell_variants_apart() {
    use Technique::*;
    let cases = [
        (HiddenSingleBox, "hidden-single-box"),
        (XYWing, "xy-wing"),
        (Bug, "bug"),
        (DynamicForcingChain, "dynamic-forcing-chain"),
        (DynamicForcingChainPlus, "dynamic-forcing-chain-plus"),
        (NestedForcingChain, "nested-forcing-chain-plus-forcing-chains"),
        (
            NestedDynamicForcingChainPlus,
            "nested-forcing-chain-plus-dynamic-forcing-chains-plus-forcing-chains",
        ),
        (TrialAndError, "trial-and-error-guess"),
    ];
    for (t, id) in cases {
        assert_eq!(technique_id(t), id);
    }
}
