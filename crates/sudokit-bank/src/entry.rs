//! [`Entry`]: one puzzle as the bank stores it, and [`Stored`]: one read
//! back.
//!
//! An entry is made from a generated puzzle ([`Entry::make`]): its rating
//! and the techniques of its path come from one run of the logical solver,
//! and its canonical form from the engine's minlex search. Where the
//! engine has no canonical form (rules beyond rows, columns and boxes, or
//! boxes too large for the search) the puzzle line itself stands in, so
//! only exact repeats are caught there.

use sudokit::format::{self, ReadOptions, to_line};
use sudokit::generate::{Generated, Method, Symmetry};
use sudokit::logic::{Level, LogicSolver};
use sudokit::transform::canonical_form;
use sudokit::{Grid, Rules};

/// A puzzle ready to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The rules' compact name (`9`, `3x2`, `9+x`).
    pub rules: String,
    /// The board side.
    pub size: usize,
    /// Rows of a box.
    pub box_rows: usize,
    /// Columns of a box.
    pub box_cols: usize,
    /// The puzzle in line format.
    pub puzzle: String,
    /// Its one solution in line format.
    pub solution: String,
    /// The number of clues.
    pub clues: usize,
    /// ER, EP and ED in tenths.
    pub er: u16,
    /// EP in tenths.
    pub ep: u16,
    /// ED in tenths.
    pub ed: u16,
    /// The level of ER.
    pub level: Level,
    /// The technique of the hardest step.
    pub hardest: Option<String>,
    /// Each technique of the path with its number of steps, in order of
    /// first use.
    pub techniques: Vec<(String, usize)>,
    /// The clue symmetry asked for.
    pub symmetry: Symmetry,
    /// The full-grid method.
    pub method: Method,
    /// The canonical form in line format (or the puzzle line, see the
    /// module docs).
    pub canonical: String,
    /// The seed of the generator that made it.
    pub seed: u64,
    /// Its index under that seed.
    pub index: u64,
}

impl Entry {
    /// The entry of `made`, item `made.index` of the generator with `seed`,
    /// `method` and `symmetry`; `None` when the logical solver gives up on
    /// it within `solver`'s budget.
    pub fn make(
        made: &Generated,
        seed: u64,
        method: Method,
        symmetry: Symmetry,
        solver: &mut LogicSolver,
    ) -> Option<Entry> {
        let path = solver.solve(&made.puzzle).ok()?;
        let rating = path.rating();
        let rules = made.puzzle.rules();
        let shape = made.puzzle.shape();
        let puzzle = to_line(&made.puzzle);
        let canonical = match canonical_form(&made.puzzle) {
            Ok(form) => to_line(&form),
            Err(_) => puzzle.clone(),
        };
        Some(Entry {
            rules: rules.to_string(),
            size: shape.size(),
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            solution: to_line(&made.solution),
            clues: made.puzzle.clue_count(),
            er: rating.er.tenths(),
            ep: rating.ep.tenths(),
            ed: rating.ed.tenths(),
            level: rating.level,
            hardest: rating.hardest.map(|t| t.name().to_string()),
            techniques: path
                .technique_counts()
                .into_iter()
                .map(|(t, n)| (t.name().to_string(), n))
                .collect(),
            puzzle,
            symmetry,
            method,
            canonical,
            seed,
            index: made.index,
        })
    }
}

/// A puzzle read back from a bank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    /// Its row id (ids grow in the order puzzles were stored).
    pub id: i64,
    /// The rules' compact name.
    pub rules: String,
    /// The puzzle in line format.
    pub puzzle: String,
    /// Its one solution in line format.
    pub solution: String,
    /// ER in tenths.
    pub er: u16,
    /// The level's name.
    pub level: String,
    /// The technique of the hardest step (`Technique::name`).
    pub hardest: Option<String>,
    /// The techniques of its path (`Technique::name`), in name order.
    pub techniques: Vec<String>,
    /// The clue symmetry's name.
    pub symmetry: String,
    /// The full-grid method's name.
    pub method: String,
    /// The canonical form (or the puzzle line).
    pub canonical: String,
    /// The generator's seed.
    pub seed: u64,
    /// The index under that seed.
    pub index: u64,
}

/// The columns [`Stored::from_row`] reads, in its order. The techniques
/// come as one text, [`TECHNIQUE_SEPARATOR`] between names (no name holds
/// it).
pub(crate) const STORED_COLUMNS: &str = "id, rules, puzzle, solution, er, level, symmetry, \
     method, canonical, seed, idx, hardest, (SELECT group_concat(technique, '|' ORDER BY technique) \
     FROM techniques tq WHERE tq.puzzle = id)";

/// What separates the technique names of one row in [`STORED_COLUMNS`].
const TECHNIQUE_SEPARATOR: char = '|';

impl Stored {
    /// The puzzle and its solution as grids under the stored rules; an
    /// error naming the row when they do not read back.
    pub fn grids(&self) -> Result<(Grid, Grid), String> {
        let rules: Rules =
            self.rules.parse().map_err(|e| format!("rules {:?}: {e}", self.rules))?;
        let read = |what: &str, line: &str| -> Result<Grid, String> {
            let options = ReadOptions::new().with_shape(Some(rules.shape()));
            format::parse(line, options)
                .map_err(|e| format!("{what}: {e}"))?
                .grid
                .with_rules(rules.clone())
                .map_err(|e| format!("{what}: {e}"))
        };
        Ok((read("puzzle", &self.puzzle)?, read("solution", &self.solution)?))
    }

    /// The row of a `SELECT` of [`STORED_COLUMNS`].
    pub(crate) fn from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Stored> {
        Ok(Stored {
            id: row.get(0)?,
            rules: row.get(1)?,
            puzzle: row.get(2)?,
            solution: row.get(3)?,
            er: row.get(4)?,
            level: row.get(5)?,
            symmetry: row.get(6)?,
            method: row.get(7)?,
            canonical: row.get(8)?,
            seed: row.get::<_, i64>(9)? as u64,
            index: row.get::<_, i64>(10)? as u64,
            hardest: row.get(11)?,
            techniques: row
                .get::<_, Option<String>>(12)?
                .map(|names| names.split(TECHNIQUE_SEPARATOR).map(str::to_string).collect())
                .unwrap_or_default(),
        })
    }
}
