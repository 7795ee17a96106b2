//! The checks behind sudokit's fuzz targets, as plain functions of bytes.
//!
//! Each check decodes its input from raw bytes (no `arbitrary`), drives the
//! code under test and panics only when a promise is broken: a panic inside
//! sudokit, an answer that the rules contradict, a 500 from the service.
//!
//! The same files are compiled into the stable test suites with `#[path]`:
//! `crates/sudokit/tests/fuzz_regressions.rs` includes [`engine`] and
//! `crates/sudokit-server/tests/fuzz_regressions.rs` includes [`server`];
//! both replay every file under `fuzz/regressions/<target>/`. So each
//! finding, once minimised and saved there, is a regression test under plain
//! `cargo test`.

pub mod engine;
pub mod server;
pub mod variants;
