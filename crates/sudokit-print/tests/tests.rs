//! Integration tests of `sudokit-print`: one binary, a module per topic.
//!
//! The PDF tests run poppler's `pdfinfo`, `pdftoppm` and `pdftotext` (Debian
//! package `poppler-utils`, installed by `.ci/run`); they fail, naming the
//! package, when the tools are missing. Rendered files are kept under
//! `target/test-artifacts/` for people to look at.

mod layout;
mod pdf;
mod png;
mod svg;
mod util;
