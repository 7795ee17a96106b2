//! Replays the `server` fuzz target's findings under stable `cargo test`.
//!
//! Every file under `fuzz/regressions/server/` is a request (decoded from
//! bytes as the fuzz target does) that once made the service answer 500 or
//! a body that is not the documented JSON; it goes through the very check
//! of `fuzz/src/server.rs`, included here.

use std::path::PathBuf;

#[path = "../../../fuzz/src/server.rs"]
mod server;

#[test]
fn server_regressions() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions/server");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no regression inputs in {}", dir.display());
    for path in files {
        eprintln!("replaying {}", path.display());
        server::request(&std::fs::read(&path).expect("readable input"));
    }
}
