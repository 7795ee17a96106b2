//! Variant rules from Python, read as the CLI reads `--rules` and
//! `--variant`: a rules name (`"9+x+cage:15=0.1.9"`), a variant list
//! (`"x,killer"`), a `# rules: NAME` line at the top of the text (as
//! `sudokit generate --variant` writes it), and killer lines.
//!
//! Invariants: a board's rules always have the board's shape; a variant
//! whose data no name can carry (jigsaw regions, cages, thermometers,
//! dots, even/odd marks) is accepted only when the rules read hold that
//! data (a killer line holds its cages), as the CLI's `--variant` does;
//! every refusal is an `InputError` naming the argument at fault.

use pyo3::prelude::*;
use sudokit::format::{self, RULES_LINE, SectionErrorKind, Sections, parse_killer};
use sudokit::variant::{Variant, Variants};
use sudokit::{Grid, Rules, Shape};

use crate::board::parse;
use crate::errors;

/// The rules named `name` (`InputError` when they cannot be read).
pub fn rules_named(name: &str) -> PyResult<Rules> {
    name.trim().parse::<Rules>().map_err(|e| errors::input(format!("rules {name:?}: {e}")))
}

/// The variant list `list` (`InputError` when a name is unknown or
/// repeated).
pub fn variants_named(list: &str) -> PyResult<Variants> {
    list.parse::<Variants>().map_err(|e| errors::input(format!("variant {list:?}: {e}")))
}

/// The names of the variants `rules` have, in the engine's order.
pub fn variant_names(rules: &Rules) -> Vec<&'static str> {
    Variant::ALL.iter().filter(|v| v.is_in(rules)).map(|v| v.name()).collect()
}

/// `text` without a leading `# rules: NAME` line, and the rules it names.
fn rules_line(text: &str) -> PyResult<(&str, Option<Rules>)> {
    let trimmed = text.trim_start();
    let Some(rest) = trimmed.strip_prefix(RULES_LINE) else { return Ok((text, None)) };
    let (name, below) = rest.split_once('\n').unwrap_or((rest, ""));
    Ok((below, Some(rules_named(name)?)))
}

/// The lines of a file's `text` and the rules of each puzzle line, as the
/// CLI's batch commands read them (the engine's
/// [`sections`](sudokit::format::sections)): a `# rules: NAME` line at the
/// top gives the puzzles below it the rules NAME, and below one a line
/// shaped like a killer line (as `generate --variant killer` writes it) is
/// one, whose cages join those rules and which becomes the line of its
/// givens. A rules line below puzzles read without one is refused, as the
/// CLI refuses it. One line out for each line in, so a record's line
/// number finds its rules.
pub fn sections(text: &str) -> PyResult<Sections> {
    format::sections(text, false, None).map_err(|e| match e.kind() {
        SectionErrorKind::Killer(k) => {
            errors::input(format!("line {}: killer line: {k}", e.line()))
        }
        _ => errors::input(e.to_string()),
    })
}

/// The board of `text` under its rules: `explicit` rules (a name), a
/// `# rules:` line, a killer line (with `killer` in `variant`), then the
/// rules `variant` names added. `shape` fixes the shape where the text
/// leaves it open.
pub fn read_board(
    text: &str,
    shape: Option<Shape>,
    explicit: Option<&str>,
    variant: Option<&str>,
) -> PyResult<Grid> {
    let explicit = explicit.map(rules_named).transpose()?;
    let variants = variant.map(variants_named).transpose()?;
    let (text, named) = rules_line(text)?;
    let base = match (explicit, named) {
        (Some(e), Some(n)) if e != n => {
            return Err(errors::input(format!(
                "the text names its rules {n}, but rules gives {e}; keep one"
            )));
        }
        (e, n) => e.or(n),
    };
    let shape = match (shape, &base) {
        (Some(s), Some(r)) if s != r.shape() => {
            return Err(errors::input(format!(
                "size/box {s} does not match the rules {r} (boxes {})",
                r.shape()
            )));
        }
        (s, r) => s.or(r.as_ref().map(Rules::shape)),
    };
    let killer = variants.as_ref().is_some_and(|v| v.contains(Variant::Killer));
    let (values, base) = if killer {
        let line = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
        let line =
            line.ok_or_else(|| errors::input("variant killer: no killer line in the text"))?;
        let grid = parse_killer(line).map_err(|e| errors::input(format!("killer line: {e}")))?;
        let own = base.unwrap_or_else(|| Rules::classic(grid.shape()));
        if own.shape() != grid.shape() || shape.is_some_and(|s| s != grid.shape()) {
            return Err(errors::input(format!(
                "a killer line of a {} board under the rules {own}",
                grid.shape()
            )));
        }
        let own = own
            .with_cages_of(grid.rules())
            .map_err(|e| errors::input(format!("killer line: {e}")))?;
        (grid, Some(own))
    } else {
        (parse(text, shape).map_err(|e| errors::parse(&e))?, base)
    };
    let rules = base.unwrap_or_else(|| values.rules().clone());
    let rules = match &variants {
        Some(list) => with_variants(list, rules)?,
        None => rules,
    };
    with_rules(values, rules)
}

/// `grid`'s values under `rules` (`InputError` when the shapes differ).
pub fn with_rules(grid: Grid, rules: Rules) -> PyResult<Grid> {
    grid.with_rules(rules).map_err(|e| errors::input(e.to_string()))
}

/// `base` with the rules `list` names, or why it cannot take them: a
/// variant whose data the rules do not hold.
pub fn with_variants(list: &Variants, base: Rules) -> PyResult<Rules> {
    if let Some((v, what)) = list.missing_data(&base) {
        return Err(errors::input(format!(
            "variant {v}: the rules {base} have no {what}; give them in rules=NAME, a \
             '{RULES_LINE} NAME' line above the puzzle (as generate writes it), or an \
             f-puzzles board (Board.from_fpuzzles)"
        )));
    }
    list.apply(base.clone()).map_err(|e| errors::input(format!("variant {list} on {base}: {e}")))
}

/// The rules `rules` (a name) and `variant` (a list) give a board whose
/// own rules are `own` (kept when neither is given).
pub fn rules_for(own: Rules, rules: Option<&str>, variant: Option<&str>) -> PyResult<Rules> {
    let base = match rules {
        Some(name) => rules_named(name)?,
        None => own,
    };
    match variant {
        Some(list) => with_variants(&variants_named(list)?, base),
        None => Ok(base),
    }
}
