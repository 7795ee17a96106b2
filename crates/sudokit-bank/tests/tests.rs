//! Tests of the bank against real database files in a temporary folder.
//!
//! Every puzzle read back is checked independently of the generator that
//! made it ([`util::verify`]): the exact solver counts its solutions, the
//! stored solution must obey the rules and the givens, and the canonical
//! form is computed again.

mod claim;
mod daily;
mod fill;
mod open;
mod util;
