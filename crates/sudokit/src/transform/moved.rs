//! Rules moved by a [`Transform`]: the rules under which the transformed
//! grid is the same puzzle, or why there are none of the same kinds.
//!
//! The data of the rules moves with the cells: jigsaw regions, added
//! houses and distinct groups, killer cages (with their sums),
//! thermometers (bulb first), kropki dots and even/odd marks. The named
//! rules (X diagonals, windoku windows, anti-king, anti-knight,
//! non-consecutive, every dot given) stay where they are, so a transform
//! keeps them only when it maps their cells onto their cells: the
//! diagonals onto the diagonals, knight's moves onto knight's moves,
//! neighbours onto neighbours.
//!
//! A transform is refused ([`TransformError`]) when the moved data breaks
//! the model (a jigsaw region split in two, a thermometer or a dot whose
//! cells no longer touch), when it moves a named rule off itself, and when
//! it relabels digits under rules that read digit values (cage sums,
//! thermometers, dots, parity, non-consecutive): the result would be
//! another puzzle, never the same one written differently.
//!
//! Invariant: when [`moved_rules`] returns rules, a grid obeys the old
//! rules if and only if its image obeys the new ones.

use super::{Transform, TransformError};
use crate::constraint::{Cage, Constraint, ConstraintError, Dot, Parity, Thermo};
use crate::rules::{Rules, RulesError};

/// The rules `rules` moved by `t`: those under which `t`'s image of a
/// grid is the same puzzle.
pub(super) fn moved_rules(t: &Transform, rules: &Rules) -> Result<Rules, TransformError> {
    let shape = t.shape;
    let name = rules.to_string();
    let relabels = t.digits.iter().enumerate().any(|(i, &d)| usize::from(d) != i + 1);
    if relabels {
        let mut parts: Vec<&str> = Vec::new();
        for (kind, found) in [
            ("killer cages", rules.constraints().iter().any(|c| matches!(c, Constraint::Cage(_)))),
            (
                "thermometers",
                rules.constraints().iter().any(|c| matches!(c, Constraint::Thermo(_))),
            ),
            ("kropki dots", rules.constraints().iter().any(|c| matches!(c, Constraint::Dot(_)))),
            (
                "even/odd cells",
                rules.constraints().iter().any(|c| matches!(c, Constraint::Parity(_))),
            ),
            ("non-consecutive", rules.has_non_consecutive()),
            ("every dot given", rules.has_all_dots()),
        ] {
            if found {
                parts.push(kind);
            }
        }
        if !parts.is_empty() {
            return Err(TransformError::RelabelsConstraints {
                rules: name,
                parts: parts.join(", "),
            });
        }
    }
    let to = t.cell_map();
    let image = |cells: &[u16]| -> Vec<u16> { cells.iter().map(|&c| to[c as usize]).collect() };
    let sorted_family = |sets: &[Vec<u16>]| {
        let mut out: Vec<Vec<u16>> = sets
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.sort_unstable();
                s
            })
            .collect();
        out.sort_unstable();
        out
    };
    let breaks = |reason: String| TransformError::BreaksRules { rules: name.clone(), reason };
    for (rule, sets) in rules.named_cell_sets() {
        let moved: Vec<Vec<u16>> = sets.iter().map(|s| image(s)).collect();
        if sorted_family(&moved) != sorted_family(&sets) {
            return Err(breaks(format!(
                "it moves the cells of the rule {rule} onto cells the rule does not bind \
                 (rotations, mirrors and transposition keep the diagonals, for one)"
            )));
        }
    }
    let mut out = Rules::classic(shape).with_named_of(rules);
    if let Some(map) = rules.regions() {
        let mut moved = vec![0u8; map.len()];
        for (c, &region) in map.iter().enumerate() {
            moved[to[c] as usize] = region;
        }
        out = out.with_regions(&moved).map_err(|e| {
            breaks(format!("the jigsaw regions moved with their cells are no longer regions: {e}"))
        })?;
    }
    let fits = |e: RulesError| breaks(format!("moved with its cells, {e}"));
    for house in rules.extra_houses() {
        out = out.with_house(&image(house)).map_err(fits)?;
    }
    for group in rules.distinct_groups() {
        out = out.with_distinct(&image(group)).map_err(fits)?;
    }
    let fits = |e: ConstraintError| breaks(format!("moved with its cells, {e}"));
    let mut moved = Vec::with_capacity(rules.constraints().len());
    for (number, c) in crate::constraint::numbered(rules.constraints()) {
        let cells = image(c.cells());
        let part = c.describe(number, shape);
        moved.push(match c {
            Constraint::Cage(cage) => {
                Constraint::Cage(Cage::new(shape, &cells, cage.sum(), &part).map_err(fits)?)
            }
            Constraint::Thermo(_) => {
                Constraint::Thermo(Thermo::new(shape, &cells, &part).map_err(fits)?)
            }
            Constraint::Dot(d) => {
                Constraint::Dot(Dot::new(shape, cells[0], cells[1], d.kind()).map_err(fits)?)
            }
            Constraint::Parity(p) => {
                Constraint::Parity(Parity::new(shape, &cells, p.kind(), &part).map_err(fits)?)
            }
        });
    }
    // The cages, dots and marks map one to one, so they overlap no more
    // than they did: the checks of `with_cage` and friends hold.
    Ok(out.with_constraints(moved, false))
}
