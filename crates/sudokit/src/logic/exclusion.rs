//! Aligned pair exclusion (6.2).
use super::state::State;
use super::step::Step;

/// The first aligned pair exclusion.
pub(crate) fn aligned_pair(_st: &State) -> Option<Step> {
    None
}
