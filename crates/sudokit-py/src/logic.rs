//! The logical solver from Python: `Rating` and `Step`, and the calls that
//! make them (`rate`, `hint`, `explain`), each run without the GIL.

use std::time::Duration;

use pyo3::prelude::*;
use sudokit::logic::{Budget, LogicSolver, Rating, State, Step};
use sudokit::{Cell, Digit, Grid, Shape};

use crate::errors;

/// The budget of one request: the engine's default, with a time limit in
/// seconds and guessing allowed or not.
pub fn budget(time_limit: Option<f64>, guess: bool) -> PyResult<Budget> {
    let time = match time_limit {
        None => None,
        Some(t) if t > 0.0 && t.is_finite() => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(errors::input(format!(
                "time_limit {t}: expected a positive number of seconds"
            )));
        }
    };
    Ok(Budget::default().with_time(time).with_guesses(guess))
}

/// A Sudoku Explainer style rating.
///
/// ``er`` is the hardest step of the path, ``ep`` the hardest up to the
/// first placement, ``ed`` the first step (all on the SE scale, 1.0 to
/// about 12); ``level`` names the band of ``er`` (easy, medium, hard,
/// expert, evil, extreme, diabolical); ``hardest`` is the hardest step's technique (``None`` for
/// a solved board); ``guessed`` says whether trial and error was needed.
/// ``str(rating)`` is the CLI's ``er/ep/ed level hardest``.
#[pyclass(name = "Rating", module = "sudokit", frozen, get_all)]
#[derive(Clone)]
pub struct PyRating {
    pub er: f64,
    pub ep: f64,
    pub ed: f64,
    pub level: &'static str,
    pub hardest: Option<&'static str>,
    pub guessed: bool,
    /// The CLI's rendering.
    text: String,
}

impl PyRating {
    pub fn new(r: &Rating) -> PyRating {
        PyRating {
            er: r.er.as_f64(),
            ep: r.ep.as_f64(),
            ed: r.ed.as_f64(),
            level: r.level.name(),
            hardest: r.hardest.map(|t| t.name()),
            guessed: r.guessed,
            text: rating_text(r),
        }
    }
}

/// `er/ep/ed level hardest`, as `sudokit rate` prints after the puzzle.
pub fn rating_text(r: &Rating) -> String {
    let hardest = r.hardest.map_or("-", |t| t.name());
    format!("{}/{}/{} {} {hardest}", r.er, r.ep, r.ed, r.level)
}

text_dunders!(PyRating, text, "Rating");

/// One logical step: the technique, its difficulty, what it places and
/// removes, and an explanation. Cells are ``(row, col)`` from 0.
#[pyclass(name = "Step", module = "sudokit", frozen, get_all)]
#[derive(Clone)]
pub struct PyStep {
    pub technique: &'static str,
    pub difficulty: f64,
    /// ``(row, col, digit)`` placed.
    pub placements: Vec<(usize, usize, u8)>,
    /// ``(row, col, digit)`` removed from the candidates.
    pub eliminations: Vec<(usize, usize, u8)>,
    /// The cells that show the pattern.
    pub cells: Vec<(usize, usize)>,
    pub explanation: String,
    /// The CLI's one-line summary.
    summary: String,
}

impl PyStep {
    pub fn new(s: &Step, shape: Shape) -> PyStep {
        let at = |c: Cell| (shape.row(c), shape.col(c));
        let moves = |list: &[(Cell, Digit)]| -> Vec<(usize, usize, u8)> {
            list.iter().map(|&(c, d)| (shape.row(c), shape.col(c), d.get())).collect()
        };
        PyStep {
            technique: s.technique.name(),
            difficulty: s.difficulty.as_f64(),
            placements: moves(&s.placements),
            eliminations: moves(&s.eliminations),
            cells: s.cells.iter().map(|&c| at(c)).collect(),
            explanation: s.explanation.clone(),
            summary: s.summary(),
        }
    }
}

text_dunders!(PyStep, summary, "Step");

pub fn rate(py: Python<'_>, grid: &Grid, budget: Budget) -> PyResult<PyRating> {
    py.allow_threads(|| LogicSolver::with_budget(budget).rate(grid))
        .map(|r| PyRating::new(&r))
        .map_err(|e| errors::logic(&e, grid.shape()))
}

pub fn hint(py: Python<'_>, grid: &Grid, budget: Budget) -> PyResult<Option<PyStep>> {
    let step =
        py.allow_threads(|| LogicSolver::with_budget(budget).next_step(&State::from_grid(grid)));
    step.map(|s| s.map(|s| PyStep::new(&s, grid.shape())))
        .map_err(|e| errors::logic(&e, grid.shape()))
}

pub fn explain(py: Python<'_>, grid: &Grid, budget: Budget) -> PyResult<Vec<PyStep>> {
    let path = py.allow_threads(|| LogicSolver::with_budget(budget).solve(grid));
    let shape = grid.shape();
    path.map(|p| p.steps.iter().map(|s| PyStep::new(s, shape)).collect())
        .map_err(|e| errors::logic(&e, shape))
}
