/*!
The native part of the `sudokit` Python package (`sudokit._sudokit`): the
engine's boards, solving, generation, logic and transformations as Python
classes and functions, built with PyO3 into one abi3 module.

# Overview
- `board`: `Board`, `Clash`, `Broken`, `Solution`.
- `rules`: variant rules read as the CLI reads `--rules` and `--variant`.
- `logic`: `Rating`, `Step`, and rating, hints and explanations.
- `generate`: `Puzzle` and the `generate` runs (the CLI's items).
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

/// Generates puzzles; see the package documentation of ``generate``.
/// ``size`` is the side (9 when neither it, ``box`` nor ``rules`` gives
/// one); a ``size`` that disagrees with ``box`` or ``rules`` is refused.
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
    let size = errors::size(size)?;
    let seed = seed.map(|s| errors::index("seed", s)).transpose()?;
    let count = errors::index("n", n.unwrap_or(1))?;
    let start = errors::index("start", start)?;
    if start.checked_add(count).is_none() {
        return Err(errors::input(format!(
            "start={start} and n={count}: the indices start to start + n must stay below 2**64"
        )));
    }
    let args = SpecArgs {
        // Only a size given: `shape_of` refuses one that disagrees with
        // `box`, and the variant arguments one given with `rules`.
        size,
        r#box,
        difficulty,
        rating,
        needs,
        hardest,
        clues,
        symmetry,
        method,
        carving,
        minimal: Some(minimal),
        time_limit: Some(time_limit),
        filled: Some(filled),
        distinct: Some(distinct),
        allow_duplicates: Some(allow_duplicates),
    };
    let spec = args.to_spec_with(&generate::VariantArgs { rules, variant, killer_givens })?;
    let seed = seed.unwrap_or_else(generate::fresh_seed);
    let made = generate::run(py, &spec, seed, start, count)?;
    match n {
        Some(_) => made.into_pyobject(py).map(|o| o.into_any().unbind()),
        None => {
            let one = made.into_iter().next().expect("a run of one item made one");
            one.into_pyobject(py).map(|o| o.into_any().unbind())
        }
    }
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
