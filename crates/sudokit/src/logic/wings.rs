//! Wings: XY-wing (4.2) and XYZ-wing (4.4).
use super::state::State;
use super::step::Step;

/// The first XY-wing.
pub(crate) fn xy_wing(_st: &State) -> Option<Step> {
    None
}
/// The first XYZ-wing.
pub(crate) fn xyz_wing(_st: &State) -> Option<Step> {
    None
}
