//! Integration tests of `sudokit-print`: one binary, a module per topic.
//!
//! The default run needs nothing but Rust: PDFs are read back with
//! `sudokit-pdf-text`. The same checks through poppler's `pdfinfo`,
//! `pdftoppm`, `pdftotext` and `pdffonts` (Debian package `poppler-utils`,
//! installed by `.ci/run`) are `#[ignore]`d; they fail, naming the package,
//! when the tools are missing. Rendered files are kept under
//! `target/test-artifacts/` for people to look at.

mod layout;
mod pdf;
mod png;
mod svg;
mod util;
mod variants;
