//! Replays the fuzzers' findings under stable `cargo test`.
//!
//! Every file under `fuzz/regressions/<target>/` is an input (minimised by
//! `cargo fuzz tmin`) that once broke a promise; it goes through the very
//! check the fuzz target runs, included here from `fuzz/src/engine.rs`, so a
//! fixed bug stays fixed without nightly or libFuzzer.

use std::path::PathBuf;

#[path = "../../../fuzz/src/engine.rs"]
#[allow(dead_code)]
pub(crate) mod engine;

/// The variant checks; their f-puzzles and SudokuPad round trips are
/// compiled when this crate's `serde` feature is on (`cargo test
/// --workspace` turns it on).
#[path = "../../../fuzz/src/variants.rs"]
pub(crate) mod variants;

/// The inputs saved for `target`, sorted by name.
pub(crate) fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files.into_iter().map(|p| (p.clone(), std::fs::read(&p).expect("readable input"))).collect()
}

/// The check a fuzz target runs on one input (it panics on a broken promise).
type Check = fn(&[u8]);

/// Every fuzz target with its check.
const TARGETS: [(&str, Check); 5] = [
    ("parse", engine::parse),
    ("solve", engine::solve),
    ("logic", engine::logic),
    ("canon", engine::canon),
    ("variants", variants::variants),
];

#[test]
fn every_saved_input_passes_its_targets_check() {
    for (target, check) in TARGETS {
        let inputs = inputs(target);
        assert!(!inputs.is_empty(), "no regression inputs for {target}");
        for (path, data) in inputs {
            eprintln!("replaying {}", path.display());
            check(&data);
        }
    }
}
