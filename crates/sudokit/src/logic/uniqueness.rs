//! Uniqueness: unique rectangles (4.5+) and BUG (5.6+).
use super::state::State;
use super::step::Step;

/// The first unique rectangle.
pub(crate) fn unique_rectangle(_st: &State) -> Option<Step> {
    None
}
/// A BUG step.
pub(crate) fn bug(_st: &State) -> Option<Step> {
    None
}
