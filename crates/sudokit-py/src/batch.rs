//! Module-level calls: one board (`solve`, `count`, ...) and batches
//! (`solve_many`, `rate_many`, ...).
//!
//! A batch takes a sequence of `Board`s or puzzle texts, copies them out of
//! Python, then releases the GIL and answers them in parallel on rayon's
//! pool (all cores, as the CLI), each thread reusing one exact solver. The
//! answers come back in input order. Text is parsed on the pool too; a bad
//! item raises for the first such item in input order, its index in the
//! message, unless ``errors="none"`` asks for ``None`` in its place.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::prelude::*;
use rayon::prelude::*;
use sudokit::format::{ReadOptions, Reader};
use sudokit::solve::{Count, Solver};
use sudokit::transform;
use sudokit::{Deadline, Grid, logic::LogicSolver};

use crate::board::{self, BoardLike, PyBoard, PySolution};
use crate::errors;
use crate::logic::{self, PyRating};

thread_local! {
    /// Each thread's exact solver: its scratch space is reused.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new().with_house_crossings());
}

/// Runs `f` with this thread's exact solver.
pub fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|s| f(&mut s.borrow_mut()))
}

/// How long a count runs on the calling thread, unwatched, before it is
/// started again where Ctrl-C is watched ([`interruptible`]): most counts
/// end well within it, and a longer one loses at most this much.
const INLINE: Duration = Duration::from_millis(20);

/// How often a call waiting for its work looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(20);

/// `work` run on rayon's pool with a deadline that only Ctrl-C passes,
/// while this thread, without the GIL, looks for Ctrl-C every [`POLL`]
/// (`py.check_signals()`). On one the deadline's flag is set, which ends
/// the engine's searches within about a millisecond, and the
/// `KeyboardInterrupt` (or whatever the signal handler raised) is returned
/// once the work has stopped.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Deadline) -> T + Send,
) -> PyResult<T> {
    let flag = Arc::new(AtomicBool::new(false));
    let deadline = Deadline::never().with_interrupt(flag.clone());
    let (sender, mut receiver) = mpsc::channel();
    rayon::in_place_scope(|scope| {
        let deadline = &deadline;
        scope.spawn(move |_| {
            // The receiver is gone only when this call has returned.
            let _ = sender.send(work(deadline));
        });
        loop {
            let (got, back) = py.allow_threads(move || (receiver.recv_timeout(POLL), receiver));
            receiver = back;
            match got {
                Ok(answer) => return Ok(answer),
                // The work panicked; the scope passes the panic on in
                // place of this error.
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err("the work panicked"));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        flag.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                }
            }
        }
    })
}

/// The count of `grid`'s solutions up to `limit`, or `None` when
/// `deadline` passed first.
fn count_within(grid: &Grid, limit: usize, deadline: &Deadline) -> Option<usize> {
    with_solver(|s| {
        s.set_deadline(deadline.clone());
        let count = s.count(grid, limit);
        s.set_deadline(Deadline::never());
        match count {
            Count::Found(n) => Some(n),
            _ => None,
        }
    })
}

/// The number of solutions of `grid`, counted up to `limit`, as the CLI's
/// `count` gives it; Ctrl-C interrupts it (a `KeyboardInterrupt`). A count
/// runs on this thread first, for [`INLINE`]; one that takes longer is
/// started again, [`interruptible`].
pub fn count_solutions(py: Python<'_>, grid: &Grid, limit: usize) -> PyResult<usize> {
    let quick = Deadline::after(INLINE);
    if let Some(n) = py.allow_threads(|| count_within(grid, limit, &quick)) {
        return Ok(n);
    }
    interruptible(py, |deadline| count_within(grid, limit, deadline).unwrap_or(0))
}

/// An item of a batch as it left Python.
enum Input {
    Grid(Grid),
    Text(String),
}

impl Input {
    fn grid(self) -> Result<Grid, Failure> {
        match self {
            Input::Grid(g) => Ok(g),
            Input::Text(t) => board::parse(&t, None).map_err(Failure::Parse),
        }
    }
}

fn inputs(items: Vec<BoardLike>) -> Vec<Input> {
    items
        .into_iter()
        .map(|b| match b {
            BoardLike::Board(b) => Input::Grid(b.grid),
            BoardLike::Text(t) => Input::Text(t),
        })
        .collect()
}

/// Why one item of a batch has no answer.
enum Failure {
    Parse(sudokit::format::ReadError),
    Logic(sudokit::logic::LogicError, sudokit::Shape),
    Other(String),
}

/// What a batch does with an item that has no answer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OnError {
    Raise,
    None,
}

fn on_error(errors: &str) -> PyResult<OnError> {
    match errors {
        "raise" => Ok(OnError::Raise),
        "none" => Ok(OnError::None),
        other => Err(errors::input(format!("errors={other:?}: expected \"raise\" or \"none\""))),
    }
}

/// The answers in input order: the first failure raised (named by its
/// index), or `None` in its place.
fn collect<T>(results: Vec<Result<T, Failure>>, mode: OnError) -> PyResult<Vec<Option<T>>> {
    let mut out = Vec::with_capacity(results.len());
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Ok(v) => out.push(Some(v)),
            Err(_) if mode == OnError::None => out.push(None),
            Err(Failure::Parse(e)) => return Err(errors::parse_in(&format!("item {i}: "), &e)),
            Err(Failure::Logic(e, shape)) => {
                let err = errors::logic(&e, shape);
                return Err(Python::with_gil(|py| {
                    let msg = format!("item {i}: {}", err.value(py));
                    let new = PyErr::from_type(err.get_type(py), msg);
                    new.set_cause(py, Some(err));
                    new
                }));
            }
            Err(Failure::Other(m)) => return Err(errors::input(format!("item {i}: {m}"))),
        }
    }
    Ok(out)
}

fn all<T>(v: Vec<Option<T>>) -> Vec<T> {
    v.into_iter().flatten().collect()
}

/// Solves every puzzle exactly: a list of ``Solution``, in input order.
#[pyfunction]
pub fn solve_many(py: Python<'_>, puzzles: Vec<BoardLike>) -> PyResult<Vec<PySolution>> {
    let inputs = inputs(puzzles);
    let results: Vec<Result<PySolution, Failure>> = py.allow_threads(|| {
        inputs
            .into_par_iter()
            .map(|input| {
                let grid = input.grid()?;
                let solution = with_solver(|s| s.solve(&grid));
                Ok(PySolution::new(solution, grid.shape()))
            })
            .collect()
    });
    Ok(all(collect(results, OnError::Raise)?))
}

/// The number of solutions of every puzzle, each counted up to ``limit``;
/// Ctrl-C interrupts the batch (a ``KeyboardInterrupt``).
#[pyfunction]
#[pyo3(signature = (puzzles, limit=2))]
pub fn count_many(py: Python<'_>, puzzles: Vec<BoardLike>, limit: i128) -> PyResult<Vec<usize>> {
    let limit = errors::limit(limit)?;
    let inputs = inputs(puzzles);
    let results: Vec<Result<usize, Failure>> = interruptible(py, |deadline| {
        inputs
            .into_par_iter()
            .map(|input| {
                let grid = input.grid()?;
                Ok(count_within(&grid, limit, deadline).unwrap_or(0))
            })
            .collect()
    })?;
    Ok(all(collect(results, OnError::Raise)?))
}

/// The rating of every puzzle (see ``Board.rate``); with ``errors="none"``
/// a puzzle that cannot be rated gets ``None``.
#[pyfunction]
#[pyo3(signature = (puzzles, *, time_limit=None, guess=true, errors="raise"))]
pub fn rate_many(
    py: Python<'_>,
    puzzles: Vec<BoardLike>,
    time_limit: Option<f64>,
    guess: bool,
    errors: &str,
) -> PyResult<Vec<Option<PyRating>>> {
    let mode = on_error(errors)?;
    let budget = logic::budget(time_limit, guess)?;
    let inputs = inputs(puzzles);
    let results: Vec<Result<PyRating, Failure>> = py.allow_threads(|| {
        // A task a puzzle: ratings take from microseconds to seconds, so
        // no thread waits at the end behind a long run of hard ones.
        inputs
            .into_par_iter()
            .with_max_len(1)
            .map_init(
                || LogicSolver::with_budget(budget.clone()),
                |solver, input| {
                    let grid = input.grid()?;
                    let r = solver.rate(&grid).map_err(|e| Failure::Logic(e, grid.shape()))?;
                    Ok(PyRating::new(&r))
                },
            )
            .collect()
    });
    collect(results, mode)
}

/// The canonical form of every puzzle (see ``Board.canonical``).
#[pyfunction]
#[pyo3(signature = (puzzles, *, errors="raise"))]
pub fn canonical_many(
    py: Python<'_>,
    puzzles: Vec<BoardLike>,
    errors: &str,
) -> PyResult<Vec<Option<PyBoard>>> {
    let mode = on_error(errors)?;
    let inputs = inputs(puzzles);
    let results: Vec<Result<PyBoard, Failure>> = py.allow_threads(|| {
        inputs
            .into_par_iter()
            .map(|input| {
                let grid = input.grid()?;
                transform::canonical_form(&grid)
                    .map(PyBoard::new)
                    .map_err(|e| Failure::Other(e.to_string()))
            })
            .collect()
    });
    collect(results, mode)
}

/// Every puzzle of ``text`` (any of the engine's formats, detected once),
/// in order, under its rules as the CLI reads a file: a ``# rules:`` line
/// names the rules of the puzzles below it, and killer lines below one
/// add their cages (as ``sudokit generate --variant`` writes them). Rules
/// lines are read when the text begins with one (after blank and ``#``
/// lines); one below puzzles read without rules is an ``InputError``
/// naming its line, as the CLI refuses it. A ``ParseError`` names the
/// first puzzle that cannot be read.
#[pyfunction]
#[pyo3(signature = (text, *, size=None, r#box=None), text_signature = "(text, *, size=None, box=None)")]
pub fn read_puzzles(
    py: Python<'_>,
    text: &str,
    size: Option<i128>,
    r#box: Option<&str>,
) -> PyResult<Vec<PyBoard>> {
    let shape = board::shape_of(errors::size(size)?, r#box)?;
    let read = crate::rules::sections(text)?;
    // Puzzles whose rules all name one box shape are read with it, as the
    // CLI does (a 12x12 line is read as 3x4 unless the rules say 4x3).
    let shape = shape.or_else(|| read.shape());
    let (text, own) = (read.text, read.rules);
    let records = py.allow_threads(|| {
        Reader::new(text.as_bytes(), ReadOptions::new().with_shape(shape))
            .collect::<Result<Vec<_>, _>>()
    });
    let records = records.map_err(|e| errors::parse(&e))?;
    records
        .into_iter()
        .map(|rec| match own.get(&rec.line) {
            None => Ok(PyBoard::new(rec.grid)),
            Some(rules) => {
                rec.grid.with_rules(rules.clone()).map(PyBoard::new).map_err(|e| {
                    errors::input(format!("line {}: the rules {rules}: {e}", rec.line))
                })
            }
        })
        .collect()
}

/// The unique solution (``Solution``) of ``puzzle`` (a ``Board`` or text).
#[pyfunction]
pub fn solve(py: Python<'_>, puzzle: BoardLike) -> PyResult<PySolution> {
    let grid = puzzle.into_grid()?;
    let solution = py.allow_threads(|| with_solver(|s| s.solve(&grid)));
    Ok(PySolution::new(solution, grid.shape()))
}

/// The number of solutions of ``puzzle``, counted up to ``limit``;
/// Ctrl-C interrupts it (a ``KeyboardInterrupt``).
#[pyfunction]
#[pyo3(signature = (puzzle, limit=2))]
pub fn count(py: Python<'_>, puzzle: BoardLike, limit: i128) -> PyResult<usize> {
    let limit = errors::limit(limit)?;
    let grid = puzzle.into_grid()?;
    count_solutions(py, &grid, limit)
}

/// Every broken rule of ``puzzle``: ``Clash`` objects, then ``Broken``
/// constraints; see ``Board.validate``.
#[pyfunction]
pub fn validate(py: Python<'_>, puzzle: BoardLike) -> PyResult<Vec<PyObject>> {
    board::broken_rules(py, &puzzle.into_grid()?)
}

/// The rating of ``puzzle``; see ``Board.rate``.
#[pyfunction]
#[pyo3(signature = (puzzle, *, time_limit=None, guess=true))]
pub fn rate(
    py: Python<'_>,
    puzzle: BoardLike,
    time_limit: Option<f64>,
    guess: bool,
) -> PyResult<PyRating> {
    logic::rate(py, &puzzle.into_grid()?, logic::budget(time_limit, guess)?)
}

/// The easiest next step of ``puzzle``, or ``None`` when it is solved.
#[pyfunction]
#[pyo3(signature = (puzzle, *, time_limit=None, guess=true))]
pub fn hint(
    py: Python<'_>,
    puzzle: BoardLike,
    time_limit: Option<f64>,
    guess: bool,
) -> PyResult<Option<logic::PyStep>> {
    logic::hint(py, &puzzle.into_grid()?, logic::budget(time_limit, guess)?)
}

/// The whole logical solving path of ``puzzle``.
#[pyfunction]
#[pyo3(signature = (puzzle, *, time_limit=None, guess=true))]
pub fn explain(
    py: Python<'_>,
    puzzle: BoardLike,
    time_limit: Option<f64>,
    guess: bool,
) -> PyResult<Vec<logic::PyStep>> {
    logic::explain(py, &puzzle.into_grid()?, logic::budget(time_limit, guess)?)
}

/// The canonical (minlex) form of ``puzzle``.
#[pyfunction]
pub fn canonical(py: Python<'_>, puzzle: BoardLike) -> PyResult<PyBoard> {
    let grid = puzzle.into_grid()?;
    py.allow_threads(|| transform::canonical_form(&grid))
        .map(PyBoard::new)
        .map_err(|e| errors::input(e.to_string()))
}

/// ``puzzle`` under the operations ``ops`` (see ``Board.transform``).
#[pyfunction(name = "transform")]
pub fn transform_board(puzzle: BoardLike, ops: &str) -> PyResult<PyBoard> {
    PyBoard::new(puzzle.into_grid()?).transform_ops(ops)
}
