//! The engine's integration tests: one binary, one module per topic.
//!
//! Every answer is checked by the rules and against the givens with the
//! independent checker in `util`, never by trusting the solver.

mod budgets;
mod chain_proofs;
mod construct;
mod crossings;
mod data;
mod differential;
mod fuzz_regressions;
mod generate;
mod generate_rules;
mod generate_variants;
mod limits;
mod logic;
mod properties;
mod rules;
mod shapes;
mod targets;
mod techniques;
mod trace;
mod transform;
mod util;
mod variant_logic;
mod variants;
