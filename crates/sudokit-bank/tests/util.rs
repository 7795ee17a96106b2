//! Shared helpers: temporary banks and the independent check of stored
//! puzzles.

use std::collections::HashSet;
use std::path::PathBuf;

use sudokit::format::to_line;
use sudokit::logic::Level;
use sudokit::solve::Solver;
use sudokit::transform::canonical_form;
use sudokit::{Rules, Shape};
use sudokit_bank::{Bank, Fill, Progress, Stored, fill};
use tempfile::TempDir;

/// The classic 4x4 rules (fast to generate and check).
pub fn four() -> Rules {
    Rules::classic(Shape::new(2, 2).unwrap())
}

/// The classic 6x6 rules.
pub fn six() -> Rules {
    Rules::classic(Shape::new(2, 3).unwrap())
}

/// Fills `bank` with `plan`, never stopping early.
pub fn run(bank: &mut Bank, plan: &Fill) -> Progress {
    fill(bank, plan, &mut |_| {}, &|| false).unwrap()
}

/// A fill of 6x6 `level` puzzles from `seed` up to `target`, on `jobs`
/// threads.
pub fn six_fill(level: Level, seed: u64, target: usize, jobs: usize) -> Fill {
    Fill::new(six(), level, seed, target).jobs(jobs)
}

/// A new bank file `name` in a temporary folder (removed when the
/// `TempDir` drops), filled by `plan`.
pub fn filled_bank(name: &str, plan: &Fill) -> (TempDir, PathBuf, Bank) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    let mut bank = Bank::open(&path).unwrap();
    run(&mut bank, plan);
    (dir, path, bank)
}

/// Checks every stored puzzle by itself: exactly one solution by the
/// exact solver, equal to the stored one, which obeys the rules and keeps
/// the givens; the stored canonical form is the engine's; the level
/// matches ER; canonical forms are distinct per rules. Returns the puzzles.
#[track_caller]
pub fn verify(bank: &Bank) -> Vec<Stored> {
    let puzzles = bank.puzzles().unwrap();
    let mut forms = HashSet::new();
    let mut solver = Solver::new();
    for p in &puzzles {
        let (puzzle, solution) = p.grids().unwrap_or_else(|e| panic!("row {}: {e}", p.id));
        let found = solver.solutions(&puzzle, 2);
        assert_eq!(found.len(), 1, "row {}: {} solutions", p.id, found.len());
        assert_eq!(to_line(&found[0]), p.solution, "row {}", p.id);
        assert!(solution.is_solved(), "row {}: the stored solution breaks the rules", p.id);
        assert!(solution.is_solution_of(&puzzle), "row {}: it does not keep the givens", p.id);
        let form = canonical_form(&puzzle).map(|f| to_line(&f)).unwrap_or(p.puzzle.clone());
        assert_eq!(form, p.canonical, "row {}", p.id);
        assert!(forms.insert((p.rules.clone(), form)), "row {}: a repeated canonical form", p.id);
        let er = sudokit::logic::Er(p.er);
        assert_eq!(er.level().name(), p.level, "row {}", p.id);
        assert!(!bank.techniques(p.id).unwrap().is_empty(), "row {}: no techniques", p.id);
    }
    puzzles
}
