//! Puzzle generation from Python: the options (`Spec`, the one place that
//! maps keyword arguments to the engine's `generate::Options`), `Puzzle`,
//! and the run that makes "the first `n` new items in index order" exactly
//! as `sudokit generate -n N --seed S` does.
//!
//! Invariant: item `i` of a run is `Generator::puzzle(i)` (or
//! `Generator::grid(i)` for full grids), a function of the options, the
//! seed and `i` alone; items are made in parallel and kept in index order,
//! an item equal to an earlier one (or, with `distinct`, equivalent to one)
//! is skipped, so the output is the CLI's for every thread count.

use std::collections::{HashSet, VecDeque};
use std::time::Duration;

use pyo3::prelude::*;
use rayon::prelude::*;
use sudokit::format;
use sudokit::generate::{
    ClueRange, Extras, GenerateError, Generated, Generator, MakeRules, Options,
};
use sudokit::logic::{Level, RatingRange, Technique};
use sudokit::transform::canonical_form;
use sudokit::variant::Variants;
use sudokit::{Grid, Rules, Shape};

use crate::board::{PyBoard, shape_of};
use crate::errors;
use crate::logic::PyRating;

/// What to generate: the options of `sudokit generate`, as Python keyword
/// arguments give them.
#[derive(Clone, Debug)]
pub struct Spec {
    pub options: Options,
    /// Full grids instead of puzzles (`--filled`).
    pub filled: bool,
    /// Skip items equivalent to an earlier one, not only equal ones.
    pub distinct: bool,
    /// Keep repeated items.
    pub allow_duplicates: bool,
}

/// The keyword arguments of `generate` (and of the Dask shards, which get
/// them as a dict).
#[derive(Clone, Debug, Default, FromPyObject)]
#[pyo3(from_item_all)]
pub struct SpecArgs {
    pub size: Option<usize>,
    pub r#box: Option<String>,
    pub difficulty: Option<String>,
    pub rating: Option<String>,
    pub clues: Option<String>,
    pub symmetry: Option<String>,
    pub method: Option<String>,
    pub carving: Option<String>,
    pub needs: Option<Names>,
    pub hardest: Option<String>,
    pub minimal: Option<bool>,
    pub time_limit: Option<f64>,
    pub filled: Option<bool>,
    pub distinct: Option<bool>,
    pub allow_duplicates: Option<bool>,
}

/// Technique names: one string, comma-separated as `--needs` takes them
/// (`"x-wing,swordfish"`), or a list of names.
#[derive(Clone, Debug, FromPyObject)]
pub enum Names {
    /// `"x-wing,swordfish"`.
    Text(String),
    /// `["x-wing", "swordfish"]`.
    List(Vec<String>),
}

impl Names {
    /// The techniques named, each checked.
    fn techniques(&self) -> PyResult<Vec<Technique>> {
        let names: Vec<&str> = match self {
            Names::Text(text) => text.split(',').collect(),
            Names::List(list) => list.iter().map(String::as_str).collect(),
        };
        names.into_iter().map(|n| n.parse().map_err(|e| bad("needs", n, e))).collect()
    }
}

/// The CLI's default `--time-limit`, in seconds per puzzle.
const DEFAULT_TIME_LIMIT: f64 = 60.0;

fn bad(what: &str, value: &str, e: impl std::fmt::Display) -> PyErr {
    errors::input(format!("{what}={value:?}: {e}"))
}

/// The variant arguments of `generate`: `rules` (a name, as `generate
/// --rules` takes it: a bare `jigsaw` part draws random regions) and
/// `variant` (a list, as `--variant` takes it), with `killer_givens`
/// (the Dask shards get them as a dict, with the keys of [`SpecArgs`]).
#[derive(Clone, Debug, Default, FromPyObject)]
#[pyo3(from_item_all)]
pub struct VariantArgs {
    pub rules: Option<String>,
    pub variant: Option<String>,
    pub killer_givens: bool,
}

impl VariantArgs {
    /// The board's rules, whether each puzzle draws random jigsaw regions,
    /// and the constraints drawn from each solution, as the CLI's
    /// `generate` makes them; `None` when no variant argument is given.
    fn resolve(&self, shape: Option<Shape>) -> PyResult<Option<(Rules, bool, Extras)>> {
        if self.rules.is_none() && self.variant.is_none() {
            // No cages: the engine refuses `killer_givens` here too.
            self.with_givens(Extras::none())?;
            return Ok(None);
        }
        let mut made = match &self.rules {
            Some(name) => {
                if shape.is_some() {
                    return Err(errors::input("give rules or size/box, not both"));
                }
                name.parse::<MakeRules>().map_err(|e| bad("rules", name, e))?
            }
            None => MakeRules::from(Rules::classic(shape.unwrap_or(Shape::CLASSIC))),
        };
        let mut extras = Extras::none();
        if let Some(list) = &self.variant {
            let variants: Variants = list.parse().map_err(|e| bad("variant", list, e))?;
            made = made.with_variants(&variants).map_err(|e| bad("variant", list, e))?;
            extras = variants.extras();
        }
        Ok(Some((made.rules, made.random_regions, self.with_givens(extras)?)))
    }

    /// `extras` with killer givens when `killer_givens` asks for them,
    /// refused (as the engine says) when they draw no cages.
    fn with_givens(&self, extras: Extras) -> PyResult<Extras> {
        if !self.killer_givens {
            return Ok(extras);
        }
        extras.with_cage_givens().map_err(|e| errors::input(format!("killer_givens: {e}")))
    }
}

impl SpecArgs {
    /// The engine's options with the variant arguments `variant`, checked
    /// as the CLI checks its flags.
    pub fn to_spec_with(&self, variant: &VariantArgs) -> PyResult<Spec> {
        let asked = shape_of(self.size, self.r#box.as_deref())?;
        if variant.variant.is_some() && self.filled.unwrap_or(false) {
            return Err(errors::input("give variant or filled=True, not both (as the CLI)"));
        }
        let mut options = match variant.resolve(asked)? {
            Some((rules, random_regions, extras)) => {
                Options::new(rules).random_regions(random_regions).extras(extras)
            }
            None => Options::new(asked.unwrap_or(Shape::CLASSIC)),
        };
        let shape = options.get_rules().shape();
        if let Some(s) = &self.symmetry {
            options = options.symmetry(s.parse().map_err(|e| bad("symmetry", s, e))?);
        }
        if let Some(m) = &self.method {
            options = options.method(m.parse().map_err(|e| bad("method", m, e))?);
        }
        if let Some(c) = &self.carving {
            options = options.carving(c.parse().map_err(|e| bad("carving", c, e))?);
        }
        if let Some(c) = &self.clues {
            options = options
                .clues(Some(ClueRange::parse_for(c, shape).map_err(|e| bad("clues", c, e))?));
        }
        options = options.minimal(self.minimal.unwrap_or(false));
        let t = self.time_limit.unwrap_or(DEFAULT_TIME_LIMIT);
        options = options.time_limit(match t {
            t if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
            0.0 => None,
            t => {
                return Err(bad("time_limit", &t.to_string(), "expected seconds (0 for no limit)"));
            }
        });
        let filled = self.filled.unwrap_or(false);
        let rating = match (&self.difficulty, &self.rating) {
            (Some(_), Some(_)) => {
                return Err(errors::input("give difficulty or rating, not both"));
            }
            (Some(d), None) => {
                Some(RatingRange::from(d.parse::<Level>().map_err(|e| bad("difficulty", d, e))?))
            }
            (None, Some(r)) => Some(r.parse::<RatingRange>().map_err(|e| bad("rating", r, e))?),
            (None, None) => None,
        };
        options = options.rating(rating);
        if filled && rating.is_some() {
            return Err(errors::input("full grids (filled=True) have no difficulty or rating"));
        }
        let needs = self.needs.as_ref().map(Names::techniques).transpose()?.unwrap_or_default();
        let hardest = match &self.hardest {
            Some(h) => Some(h.parse::<Technique>().map_err(|e| bad("hardest", h, e))?),
            None => None,
        };
        if filled && (!needs.is_empty() || hardest.is_some()) {
            return Err(errors::input("full grids (filled=True) need no techniques"));
        }
        // The engine refuses targets no puzzle can meet (a technique the
        // board cannot hold, with a clue target or minimal), with the reason.
        options = options.needs(&needs).hardest(hardest);
        let distinct = self.distinct.unwrap_or(false);
        let allow_duplicates = self.allow_duplicates.unwrap_or(false);
        if distinct && allow_duplicates {
            return Err(errors::input("give distinct or allow_duplicates, not both"));
        }
        Ok(Spec { options, filled, distinct, allow_duplicates })
    }
}

/// A generated puzzle: the ``puzzle`` board, its ``solution``, the
/// ``index`` and ``seed`` that make it again, and its ``rating`` when a
/// difficulty, rating or technique target was asked for. ``str(puzzle)`` is the puzzle line.
#[pyclass(name = "Puzzle", module = "sudokit", frozen, get_all)]
#[derive(Clone)]
pub struct PyPuzzle {
    pub puzzle: PyBoard,
    pub solution: PyBoard,
    pub index: u64,
    pub seed: u64,
    pub rating: Option<PyRating>,
}

#[pymethods]
impl PyPuzzle {
    /// The number of clues.
    #[getter]
    fn clues(&self) -> usize {
        self.puzzle.grid.clue_count()
    }

    fn __str__(&self) -> String {
        format::to_line(&self.puzzle.grid)
    }

    fn __repr__(&self) -> String {
        let line = format::to_line(&self.puzzle.grid);
        format!("<Puzzle {line} index={} seed={}>", self.index, self.seed)
    }
}

/// One item made: its index, puzzle and solution (the same grid twice for
/// a full grid), and rating.
pub struct Made {
    pub generated: Generated,
}

/// Makes item `index`.
pub fn make(generator: &Generator, filled: bool, index: u64) -> Result<Made, GenerateError> {
    if filled {
        let grid = generator.grid(index)?;
        let generated = Generated { puzzle: grid.clone(), solution: grid, index, rating: None };
        return Ok(Made { generated });
    }
    generator.puzzle(index).map(|generated| Made { generated })
}

/// The key two items are compared by for duplicates, as the CLI's: the
/// puzzle line (its canonical form's with `distinct`) and its rules, since
/// drawn constraints make puzzles with the same givens differ.
pub fn dedup_key(spec: &Spec, puzzle: &Grid) -> Result<String, String> {
    let key = if spec.distinct {
        canonical_form(puzzle).map_err(|e| format!("distinct: {e}"))?
    } else {
        puzzle.clone()
    };
    Ok(format!("{} {}", format::to_line(&key), key.rules()))
}

/// How many indices a run of `count` items may try before it decides the
/// shape has too few distinct items (as the CLI does).
pub fn max_tries(count: u64) -> u64 {
    count.saturating_mul(20).saturating_add(10_000)
}

/// A seed from the clock, for calls without one.
pub fn fresh_seed() -> u64 {
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    (now.as_nanos() as u64) ^ u64::from(std::process::id()).rotate_left(32)
}

/// The generator of `spec` and `seed`.
pub fn generator(spec: &Spec, seed: u64) -> PyResult<Generator> {
    Generator::new(spec.options.clone(), seed).map_err(|e| errors::generate(e.to_string(), None))
}

/// Items per round: small first (one a thread, so an interrupt is seen
/// soon), growing to this.
const CHUNK: u64 = 1024;

/// The most items `generate` makes into one list; `generate_iter` makes any
/// number, one at a time.
pub const MAX_LIST: u64 = 1_000_000;

/// A run of the generator: the new items from index `start` on, in index
/// order, made a round at a time in parallel (for the list of `generate`
/// and the iterator of `generate_iter` alike).
pub struct Run {
    generator: Generator,
    spec: Spec,
    seed: u64,
    start: u64,
    /// The next index to try.
    next: u64,
    /// The items wanted; `None` for no end.
    count: Option<u64>,
    /// The items made so far.
    made: u64,
    /// The keys of the items made, to skip duplicates.
    seen: HashSet<String>,
    /// The indices the next round tries.
    round: u64,
}

impl Run {
    /// The run of `spec` and `seed` from index `start`, of `count` items
    /// (`None`: as many as asked for).
    pub fn new(spec: Spec, seed: u64, start: u64, count: Option<u64>) -> PyResult<Run> {
        let generator = generator(&spec, seed)?;
        let round = rayon::current_num_threads() as u64;
        let seen = HashSet::new();
        Ok(Run { generator, spec, seed, start, next: start, count, made: 0, seen, round })
    }

    /// Whether every item wanted is made.
    pub fn done(&self) -> bool {
        self.count.is_some_and(|c| self.made >= c)
    }

    /// "3 of 10 items", or "3 items" for a run without an end.
    fn progress(&self) -> String {
        match self.count {
            Some(count) => format!("{} of {count} items", self.made),
            None => format!("{} items", self.made),
        }
    }

    /// Makes one round of items on all cores and appends the new ones to
    /// `out`, in index order (none past the count); a `GenerateError`
    /// names the first item that failed.
    pub fn round(&mut self, py: Python<'_>, out: &mut Vec<PyPuzzle>) -> PyResult<()> {
        let tries = max_tries(self.count.unwrap_or(self.made.saturating_add(self.round)));
        if self.next - self.start >= tries && !self.spec.allow_duplicates {
            return Err(errors::generate(
                format!(
                    "only {} different items in {} tries: this shape has few distinct items; \
                     ask for fewer or pass allow_duplicates=True",
                    self.made,
                    self.next - self.start
                ),
                None,
            ));
        }
        let left = self.count.map_or(u64::MAX, |c| c - self.made);
        let want = left.min(self.round);
        self.round = (self.round * 2).min(CHUNK);
        // Duplicates skipped can take a run past `start + count`.
        let Some(end) = self.next.checked_add(want) else {
            return Err(errors::generate(
                format!("no item index after {}: only {} made", u64::MAX, self.progress()),
                None,
            ));
        };
        let indices = self.next..end;
        self.next = end;
        let (generator, filled) = (&self.generator, self.spec.filled);
        let made: Vec<Result<Made, GenerateError>> = py.allow_threads(|| {
            indices.into_par_iter().map(|i| make(generator, filled, i)).collect()
        });
        for (k, item) in made.into_iter().enumerate() {
            let index = end - want + k as u64;
            let item = item.map_err(|e| {
                errors::generate(
                    format!("item {index}: {e} ({} finished)", self.progress()),
                    Some(index),
                )
            })?;
            let g = item.generated;
            if !self.spec.allow_duplicates {
                let key = dedup_key(&self.spec, &g.puzzle).map_err(errors::input)?;
                if !self.seen.insert(key) {
                    continue;
                }
            }
            out.push(PyPuzzle {
                puzzle: PyBoard::new(g.puzzle),
                solution: PyBoard::new(g.solution),
                index: g.index,
                seed: self.seed,
                rating: g.rating.as_ref().map(PyRating::new),
            });
            self.made += 1;
            if self.done() {
                break;
            }
        }
        py.check_signals()
    }
}

/// The puzzles of ``generate_iter``, made a round at a time on all cores
/// as they are asked for, in the order ``generate`` lists them.
#[pyclass(name = "PuzzleIterator", module = "sudokit")]
pub struct PyPuzzleIterator {
    run: Run,
    /// Items made and not yet given out.
    ready: VecDeque<PyPuzzle>,
}

impl PyPuzzleIterator {
    pub fn new(run: Run) -> PyPuzzleIterator {
        PyPuzzleIterator { run, ready: VecDeque::new() }
    }
}

#[pymethods]
impl PyPuzzleIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyPuzzle>> {
        while self.ready.is_empty() && !self.run.done() {
            let mut out = Vec::new();
            self.run.round(py, &mut out)?;
            self.ready.extend(out);
        }
        Ok(self.ready.pop_front())
    }
}
