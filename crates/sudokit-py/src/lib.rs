/*!
The native part of the `sudokit` Python package (`sudokit._sudokit`): the
engine's boards, solving, generation, logic and transformations as Python
classes and functions, built with PyO3 into one abi3 module.

# Overview
- `board`: `Board`, `Clash`, `Broken`, `Solution`.
- `rules`: variant rules read as the CLI reads `--rules` and `--variant`.
- `logic`: `Rating`, `Step`, and rating, hints and explanations.
- `generate`: `Puzzle`, the `generate` runs (the CLI's items) and their
  iterator (`generate_iter`).
- `batch`: the module functions, one board or a batch on all cores
  without the GIL.
- `cli`: shards of the CLI's batch commands for `sudokit.dask`.
- `errors`: the engine's errors as the package's exceptions.

The Python package (`python/sudokit/`) re-exports these and adds the Dask
layer; `sudokit/_sudokit.pyi` holds the type hints.
*/

/// `__str__` (the text in `$field`) and `__repr__` (`<$name text>`): the
/// whole Python protocol of a class that shows as one line of text.
macro_rules! text_dunders {
    ($class:ident, $field:ident, $name:literal) => {
        #[pyo3::pymethods]
        impl $class {
            fn __str__(&self) -> String {
                self.$field.clone()
            }

            fn __repr__(&self) -> String {
                format!(concat!("<", $name, " {}>"), self.$field)
            }
        }
    };
}

mod batch;
mod board;
mod cli;
mod errors;
mod generate;
mod logic;
mod rules;

use pyo3::prelude::*;

use crate::generate::{PyPuzzle, SpecArgs};

/// The arguments `generate` and `generate_iter` share, as Python gave
/// them.
struct Asked {
    size: Option<i128>,
    r#box: Option<String>,
    rules: Option<String>,
    variant: Option<String>,
    killer_givens: bool,
    difficulty: Option<String>,
    rating: Option<String>,
    needs: Option<generate::Names>,
    hardest: Option<String>,
    clues: Option<String>,
    symmetry: Option<String>,
    method: Option<String>,
    carving: Option<String>,
    minimal: bool,
    time_limit: f64,
    filled: bool,
    distinct: bool,
    allow_duplicates: bool,
    seed: Option<i128>,
    start: i128,
}

impl Asked {
    /// The run they ask for: `n` items (`None`: no end) from `start`.
    fn run(self, n: Option<u64>) -> PyResult<generate::Run> {
        let size = errors::size(self.size)?;
        let seed = self.seed.map(|s| errors::index("seed", s)).transpose()?;
        let start = errors::index("start", self.start)?;
        if let Some(count) = n
            && start.checked_add(count).is_none()
        {
            return Err(errors::input(format!(
                "start={start} and n={count}: the indices start to start + n must stay below 2**64"
            )));
        }
        let args = SpecArgs {
            // Only a size given: `shape_of` refuses one that disagrees with
            // `box`, and the variant arguments one given with `rules`.
            size,
            r#box: self.r#box,
            difficulty: self.difficulty,
            rating: self.rating,
            needs: self.needs,
            hardest: self.hardest,
            clues: self.clues,
            symmetry: self.symmetry,
            method: self.method,
            carving: self.carving,
            minimal: Some(self.minimal),
            time_limit: Some(self.time_limit),
            filled: Some(self.filled),
            distinct: Some(self.distinct),
            allow_duplicates: Some(self.allow_duplicates),
        };
        let variant = generate::VariantArgs {
            rules: self.rules,
            variant: self.variant,
            killer_givens: self.killer_givens,
        };
        let spec = args.to_spec_with(&variant)?;
        let seed = seed.unwrap_or_else(generate::fresh_seed);
        generate::Run::new(spec, seed, start, n)
    }
}

/// Generates puzzles; see the package documentation of ``generate``.
/// ``size`` is the side (9 when neither it, ``box`` nor ``rules`` gives
/// one); a ``size`` that disagrees with ``box`` or ``rules`` is refused.
/// A list holds at most a million puzzles; ``generate_iter`` makes any
/// number, one at a time.
#[pyfunction(name = "generate")]
#[pyo3(signature = (
    size=None, *, r#box=None, rules=None, variant=None, killer_givens=false, difficulty=None, rating=None, needs=None, hardest=None, clues=None,
    symmetry=None, method=None, carving=None, minimal=false, time_limit=60.0, filled=false,
    distinct=false, allow_duplicates=false, seed=None, n=None, start=0
), text_signature = "(size=None, *, box=None, rules=None, variant=None, killer_givens=False, \
    difficulty=None, rating=None, needs=None, hardest=None, clues=None, symmetry=None, \
    method=None, carving=None, minimal=False, time_limit=60.0, filled=False, distinct=False, \
    allow_duplicates=False, seed=None, n=None, start=0)")]
#[allow(clippy::too_many_arguments)]
fn generate_puzzles(
    py: Python<'_>,
    size: Option<i128>,
    r#box: Option<String>,
    rules: Option<String>,
    variant: Option<String>,
    killer_givens: bool,
    difficulty: Option<String>,
    rating: Option<String>,
    needs: Option<generate::Names>,
    hardest: Option<String>,
    clues: Option<String>,
    symmetry: Option<String>,
    method: Option<String>,
    carving: Option<String>,
    minimal: bool,
    time_limit: f64,
    filled: bool,
    distinct: bool,
    allow_duplicates: bool,
    seed: Option<i128>,
    n: Option<i128>,
    start: i128,
) -> PyResult<PyObject> {
    let count = errors::index("n", n.unwrap_or(1))?;
    if count > generate::MAX_LIST {
        return Err(errors::input(format!(
            "n={count}: generate makes a list of at most 1,000,000 puzzles; \
             generate_iter(n={count}, ...) makes them one at a time"
        )));
    }
    let asked = Asked {
        size,
        r#box,
        rules,
        variant,
        killer_givens,
        difficulty,
        rating,
        needs,
        hardest,
        clues,
        symmetry,
        method,
        carving,
        minimal,
        time_limit,
        filled,
        distinct,
        allow_duplicates,
        seed,
        start,
    };
    let mut run = asked.run(Some(count))?;
    let mut made = Vec::with_capacity(count.min(1 << 20) as usize);
    while !run.done() {
        run.round(py, &mut made)?;
    }
    match n {
        Some(_) => made.into_pyobject(py).map(|o| o.into_any().unbind()),
        None => {
            let one = made.into_iter().next().expect("a run of one item made one");
            one.into_pyobject(py).map(|o| o.into_any().unbind())
        }
    }
}

/// The puzzles of ``generate`` with the same arguments, one at a time: an
/// iterator that makes them on all cores a round at a time as they are
/// asked for, so any number can be made without a list holding them.
/// ``n=None`` (the default) sets no end.
#[pyfunction]
#[pyo3(signature = (
    size=None, *, r#box=None, rules=None, variant=None, killer_givens=false, difficulty=None, rating=None, needs=None, hardest=None, clues=None,
    symmetry=None, method=None, carving=None, minimal=false, time_limit=60.0, filled=false,
    distinct=false, allow_duplicates=false, seed=None, n=None, start=0
), text_signature = "(size=None, *, box=None, rules=None, variant=None, killer_givens=False, \
    difficulty=None, rating=None, needs=None, hardest=None, clues=None, symmetry=None, \
    method=None, carving=None, minimal=False, time_limit=60.0, filled=False, distinct=False, \
    allow_duplicates=False, seed=None, n=None, start=0)")]
#[allow(clippy::too_many_arguments)]
fn generate_iter(
    size: Option<i128>,
    r#box: Option<String>,
    rules: Option<String>,
    variant: Option<String>,
    killer_givens: bool,
    difficulty: Option<String>,
    rating: Option<String>,
    needs: Option<generate::Names>,
    hardest: Option<String>,
    clues: Option<String>,
    symmetry: Option<String>,
    method: Option<String>,
    carving: Option<String>,
    minimal: bool,
    time_limit: f64,
    filled: bool,
    distinct: bool,
    allow_duplicates: bool,
    seed: Option<i128>,
    n: Option<i128>,
    start: i128,
) -> PyResult<generate::PyPuzzleIterator> {
    let count = n.map(|n| errors::index("n", n)).transpose()?;
    let asked = Asked {
        size,
        r#box,
        rules,
        variant,
        killer_givens,
        difficulty,
        rating,
        needs,
        hardest,
        clues,
        symmetry,
        method,
        carving,
        minimal,
        time_limit,
        filled,
        distinct,
        allow_duplicates,
        seed,
        start,
    };
    asked.run(count).map(generate::PyPuzzleIterator::new)
}

#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<board::PyBoard>()?;
    m.add_class::<board::PyClash>()?;
    m.add_class::<board::PyBroken>()?;
    m.add_class::<board::PySolution>()?;
    m.add_class::<logic::PyRating>()?;
    m.add_class::<logic::PyStep>()?;
    m.add_class::<PyPuzzle>()?;
    m.add_function(wrap_pyfunction!(generate_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(generate_iter, m)?)?;
    m.add_class::<generate::PyPuzzleIterator>()?;
    m.add_function(wrap_pyfunction!(batch::solve, m)?)?;
    m.add_function(wrap_pyfunction!(batch::count, m)?)?;
    m.add_function(wrap_pyfunction!(batch::validate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::rate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::hint, m)?)?;
    m.add_function(wrap_pyfunction!(batch::explain, m)?)?;
    m.add_function(wrap_pyfunction!(batch::canonical, m)?)?;
    m.add_function(wrap_pyfunction!(batch::transform_board, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::count_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::canonical_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::read_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(cli::_generate_shard, m)?)?;
    m.add_function(wrap_pyfunction!(cli::_generate_header, m)?)?;
    m.add_function(wrap_pyfunction!(cli::_detect_format, m)?)?;
    m.add_function(wrap_pyfunction!(cli::_rate_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(cli::_canon_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(cli::_dedup_chunk, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
