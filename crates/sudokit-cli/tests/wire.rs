//! Every `--format json` line is one of the engine's wire records
//! (`sudokit::wire`): read into the record, it writes back unchanged, so no
//! command prints a field of its own or misses one.

use serde::Serialize;
use serde::de::DeserializeOwned;
use sudokit::wire::{
    CanonAnswer, CellRef, CountAnswer, ErrorAnswer, ExplainAnswer, GeneratedItem, HintAnswer,
    RateAnswer, SolveAnswer, Status, TransformAnswer, ValidateAnswer,
};

use crate::util::{corpus, sudokit};

/// The lines of `sudokit args` on `input`, each read as a `T` that writes
/// it back unchanged.
fn records<T: DeserializeOwned + Serialize>(args: &[&str], input: &str, code: i32) -> Vec<T> {
    let run = sudokit(args, input.as_bytes());
    run.expect_code(code);
    run.lines()
        .into_iter()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let typed: T = serde_json::from_value(value.clone())
                .unwrap_or_else(|e| panic!("{args:?}: not a wire record: {e}: {line}"));
            assert_eq!(serde_json::to_value(&typed).unwrap(), value, "{args:?}");
            typed
        })
        .collect()
}

fn two_puzzles() -> String {
    corpus("top1465.txt", 2).join("\n") + "\n"
}

#[test]
fn solve_count_and_validate_print_wire_records() {
    let input = two_puzzles();
    let solved: Vec<SolveAnswer> = records(&["solve", "--format", "json"], &input, 0);
    assert_eq!(solved.len(), 2);
    assert!(solved.iter().all(|a| a.status == Status::Unique && a.subject.board.size == 9));
    assert_eq!(solved[1].subject.line, Some(2));
    let counted: Vec<CountAnswer> = records(&["count", "--format", "json"], &input, 0);
    assert!(counted.iter().all(|a| a.count == 1 && a.limit == 2));
    let clash = format!("5..5{}\n", ".".repeat(77));
    let checked: Vec<ValidateAnswer> = records(&["validate", "--format", "json"], &clash, 1);
    let cells = &checked[0].clashes[0].cells;
    assert_eq!(cells, &[CellRef { row: 1, col: 1 }, CellRef { row: 1, col: 4 }]);
    let refused: Vec<SolveAnswer> = records(&["solve", "--format", "json"], &clash, 1);
    assert_eq!(refused[0].status, Status::Clashing);
}

#[test]
fn transform_and_canon_print_wire_records() {
    let input = two_puzzles();
    let moved: Vec<TransformAnswer> =
        records(&["transform", "--op", "rot90", "--format", "json"], &input, 0);
    let canon: Vec<CanonAnswer> = records(&["canon", "--format", "json"], &input, 0);
    let again: Vec<CanonAnswer> = records(
        &["canon", "--format", "json"],
        &(moved.iter().map(|m| m.transformed.clone()).collect::<Vec<_>>().join("\n") + "\n"),
        0,
    );
    for (a, b) in canon.iter().zip(&again) {
        assert_eq!(a.canon, b.canon, "a rotation keeps the canonical form");
    }
}

#[test]
fn rate_hint_and_explain_print_wire_records() {
    let input = corpus("top1465.txt", 1).join("\n") + "\n";
    let rated: Vec<RateAnswer> = records(&["rate", "--format", "json"], &input, 0);
    let explained: Vec<ExplainAnswer> = records(&["explain", "--format", "json"], &input, 0);
    assert_eq!(rated[0].rating, explained[0].rating);
    let hint: Vec<HintAnswer> = records(&["hint", "--format", "json"], &input, 0);
    assert_eq!(hint[0].step.as_ref(), explained[0].steps.first(), "the hint is the first step");
    let several = format!("{}\n", ".".repeat(81));
    let refused: Vec<ErrorAnswer> = records(&["rate", "--format", "json"], &several, 1);
    assert_eq!(refused[0].line, Some(1));
}

#[test]
fn generate_and_input_errors_print_wire_records() {
    let items: Vec<GeneratedItem> = records(
        &["generate", "-n", "2", "--seed", "5", "--with-solution", "--format", "json"],
        "",
        0,
    );
    assert_eq!(items.iter().map(|i| i.index).collect::<Vec<_>>(), [0, 1]);
    assert!(items.iter().all(|i| i.puzzle.is_some() && i.solution.is_some()));
    let full: Vec<GeneratedItem> =
        records(&["generate", "--filled", "--seed", "5", "--format", "json"], "", 0);
    assert!(full[0].puzzle.is_none() && full[0].clues == 81);
    let bad = format!("{}x{}\n", "1".repeat(40), ".".repeat(40));
    let errors: Vec<ErrorAnswer> = records(&["solve", "--format", "json"], &bad, 2);
    assert_eq!(errors[0].error.code, "input");
    assert_eq!(errors[0].error.cell, Some(CellRef { row: 5, col: 5 }));
}
