//! `Board` (a grid of values under its rules), `Clash` (a broken rule) and
//! `Solution` (the answer of an exact solve).
//!
//! A `Board` is immutable: every operation returns a new one, so a board
//! can be a dict key, a set member, or shared between threads. Two boards
//! are equal when their values and their rules are, as the engine's
//! `Grid` compares them: the rules taken as a set of parts and each part
//! that is a set of cells as a set (the same cages listed in another order,
//! or a cage's cells in another order, are the same rules), and equal
//! boards hash alike. Blank cells are 0
//! everywhere (lists, numpy arrays, indexing). Boards pickle by value
//! (their shape and values), so they travel to Dask workers.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};
use sudokit::constraint::Broken;
use sudokit::format::{self, Format, ReadOptions};
use sudokit::solve::Solution;
use sudokit::transform::{self, Op, Transform};
use sudokit::wire::Subject;
use sudokit::{Clash, Grid, Shape};

use crate::errors;
use crate::logic::{PyRating, PyStep};

/// A Sudoku board: its shape and the value of every cell (0 for blank).
///
/// ``Board(text)`` reads the first puzzle of ``text`` in any of the
/// engine's formats (line, tokens, grid, sdk, ss, pencil marks), its format
/// and shape detected; ``size`` or ``box`` ("2x3") fix the shape where the
/// text leaves it open. ``str(board)`` is the one-line form.
///
/// A board holds its rules, which every operation honours: ``rules`` names
/// them as the CLI's ``--rules`` does (``"9+x"``, ``"6+thermo:0.1.2"``), a
/// ``# rules: NAME`` line at the top of ``text`` does the same (as
/// ``sudokit generate --variant`` writes it), and ``variant`` adds the
/// variants of a list as ``--variant`` does (``"x,anti-knight"``; with
/// ``killer`` the text is a killer line).
#[pyclass(name = "Board", module = "sudokit", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyBoard {
    pub grid: Grid,
}

impl PyBoard {
    pub fn new(grid: Grid) -> PyBoard {
        PyBoard { grid }
    }

    /// The board under the operations named in `ops`.
    pub fn transform_ops(&self, ops: &str) -> PyResult<PyBoard> {
        let shape = self.grid.shape();
        let ops = Op::parse_list(ops).map_err(|e| errors::input(e.to_string()))?;
        let t = Transform::from_ops(shape, &ops).map_err(|e| errors::input(e.to_string()))?;
        t.try_apply(&self.grid).map(PyBoard::new).map_err(|e| errors::input(e.to_string()))
    }
}

/// The shape named by `size` and `box` (`"RxC"`); `None` when neither is given.
pub fn shape_of(size: Option<usize>, box_shape: Option<&str>) -> PyResult<Option<Shape>> {
    let shape = match (size, box_shape) {
        (_, Some(b)) => {
            Shape::parse_box(b).map_err(|e| errors::input(format!("box {b:?}: {e}")))?
        }
        (Some(n), None) => {
            Shape::from_size(n).map_err(|e| errors::input(format!("size {n}: {e}")))?
        }
        (None, None) => return Ok(None),
    };
    if let (Some(n), Some(_)) = (size, box_shape)
        && n != shape.size()
    {
        return Err(errors::input(format!("size {n} does not match box {shape}")));
    }
    Ok(Some(shape))
}

/// Reads the first puzzle of `text`.
pub fn parse(text: &str, shape: Option<Shape>) -> Result<Grid, sudokit::format::ReadError> {
    format::parse(text, ReadOptions::new().with_shape(shape)).map(|r| r.grid)
}

/// What `Board.__reduce__` gives pickle: the constructor and its
/// arguments (the values, the box shape and the rules' name when they are
/// not classic).
type Reduced<'py> = (Bound<'py, PyAny>, (Bound<'py, PyBytes>, usize, usize, Option<String>));

/// A `Board` or puzzle text, as the module functions accept.
#[derive(FromPyObject)]
pub enum BoardLike {
    Board(PyBoard),
    Text(String),
}

impl BoardLike {
    /// The grid, parsing text (a `ParseError` when it cannot be read).
    pub fn into_grid(self) -> PyResult<Grid> {
        match self {
            BoardLike::Board(b) => Ok(b.grid),
            BoardLike::Text(t) => parse(&t, None).map_err(|e| errors::parse(&e)),
        }
    }
}

fn format_named(name: &str) -> PyResult<Format> {
    name.parse::<Format>().map_err(|e| errors::input(e.to_string()))
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(
        signature = (text, *, size=None, r#box=None, rules=None, variant=None),
        text_signature = "(text, *, size=None, box=None, rules=None, variant=None)"
    )]
    fn py_new(
        text: &str,
        size: Option<i128>,
        r#box: Option<&str>,
        rules: Option<&str>,
        variant: Option<&str>,
    ) -> PyResult<PyBoard> {
        let shape = shape_of(errors::size(size)?, r#box)?;
        crate::rules::read_board(text, shape, rules, variant).map(PyBoard::new)
    }

    /// A board from its values in reading order (0 for blank), of side
    /// ``size`` (or box ``box``); the side is the square root of the count
    /// when neither is given. ``rules`` and ``variant`` as for ``Board``.
    #[classmethod]
    #[pyo3(
        signature = (values, *, size=None, r#box=None, rules=None, variant=None),
        text_signature = "($cls, values, *, size=None, box=None, rules=None, variant=None)"
    )]
    fn from_values(
        _cls: &Bound<'_, PyType>,
        values: Vec<i128>,
        size: Option<i128>,
        r#box: Option<&str>,
        rules: Option<&str>,
        variant: Option<&str>,
    ) -> PyResult<PyBoard> {
        let named = rules.map(crate::rules::rules_named).transpose()?;
        let shape = match (shape_of(errors::size(size)?, r#box)?, &named) {
            (Some(s), _) => s,
            (None, Some(r)) => r.shape(),
            (None, None) => Shape::from_cell_count(values.len())
                .map_err(|e| errors::input(format!("{} values: {e}", values.len())))?,
        };
        let mut bytes = Vec::with_capacity(values.len());
        for (i, &v) in values.iter().enumerate() {
            let n = shape.size();
            let b = u8::try_from(v).ok().filter(|&b| usize::from(b) <= n).ok_or_else(|| {
                errors::input(format!(
                    "value {v} at r{}c{} (index {i}) is not a digit of a {n}x{n} board (0 for blank)",
                    i / n + 1,
                    i % n + 1
                ))
            })?;
            bytes.push(b);
        }
        let grid = Grid::from_values(shape, bytes).map_err(|e| errors::input(e.to_string()))?;
        if rules.is_none() && variant.is_none() {
            return Ok(PyBoard::new(grid));
        }
        let rules = crate::rules::rules_for(grid.rules().clone(), rules, variant)?;
        crate::rules::with_rules(grid, rules).map(PyBoard::new)
    }

    /// A board read from an f-puzzles board (its JSON, a link or the
    /// compressed text) or a SudokuPad board (an ``scl``/``ctc`` link or
    /// text), with the rules it holds: what ``to_fpuzzles`` and
    /// ``to_sudokupad`` write reads back as the same board.
    #[classmethod]
    fn from_fpuzzles(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyBoard> {
        format::parse_fpuzzles(text.trim()).map(PyBoard::new).map_err(|e| {
            let err = errors::input(e.to_string());
            if let Some(field) = e.field() {
                Python::with_gil(|py| {
                    let _ = err.value(py).setattr("field", field);
                });
            }
            err
        })
    }

    /// A board read from the engine's JSON board description, as the CLI's
    /// ``--format json`` and the HTTP service write it:
    /// ``{"shape": "3x3", "size": 9, "rules": "9+x", "puzzle": "..."}``
    /// (``rules`` left out for classic rules; other fields ignored).
    #[classmethod]
    fn from_json(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyBoard> {
        let subject: Subject = serde_json::from_str(text)
            .map_err(|e| errors::input(format!("JSON board description: {e}")))?;
        let rules = subject
            .board
            .to_rules()
            .map_err(|e| errors::input(format!("JSON board description: {e}")))?;
        let grid = parse(&subject.puzzle, Some(rules.shape())).map_err(|e| errors::parse(&e))?;
        crate::rules::with_rules(grid, rules).map(PyBoard::new)
    }

    /// The engine's JSON board description: ``shape``, ``size``, ``rules``
    /// (left out for classic rules) and ``puzzle`` (line format).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&Subject::new(&self.grid)).map_err(|e| errors::input(e.to_string()))
    }

    /// The same values under other rules: ``rules`` names them (the
    /// board's own when left out) and ``variant`` adds the variants of a
    /// list. The rules must be of the board's shape.
    #[pyo3(signature = (rules=None, *, variant=None))]
    fn with_rules(&self, rules: Option<&str>, variant: Option<&str>) -> PyResult<PyBoard> {
        let new = crate::rules::rules_for(self.grid.rules().clone(), rules, variant)?;
        crate::rules::with_rules(self.grid.clone(), new).map(PyBoard::new)
    }

    /// The board's rules by name, as ``--rules`` takes them: ``"9"`` for
    /// classic rules, ``"9+x"``, ``"4+cage:5=14.15"``, ...
    #[getter]
    fn rules(&self) -> String {
        self.grid.rules().to_string()
    }

    /// The variants the board's rules have, by name (``[]`` for classic
    /// rules): ``x``, ``windoku``, ``jigsaw``, ``killer``, ``anti-knight``,
    /// ``anti-king``, ``non-consecutive``, ``thermo``, ``kropki``,
    /// ``even-odd``.
    #[getter]
    fn variants(&self) -> Vec<&'static str> {
        crate::rules::variant_names(self.grid.rules())
    }

    /// Whether the board's rules are the classic rules of its shape.
    fn is_classic(&self) -> bool {
        self.grid.rules().is_classic()
    }

    /// A board from a square 2-D numpy array (or anything numpy turns into
    /// one) of values, 0 for blank; ``box`` for a shape other than the
    /// side's natural one.
    #[classmethod]
    #[pyo3(signature = (array, *, r#box=None), text_signature = "($cls, array, *, box=None)")]
    fn from_numpy(
        cls: &Bound<'_, PyType>,
        array: &Bound<'_, PyAny>,
        r#box: Option<&str>,
    ) -> PyResult<PyBoard> {
        let numpy = import_numpy(cls.py())?;
        let array = numpy.call_method1("asarray", (array,))?;
        let dims: Vec<usize> = array.getattr("shape")?.extract()?;
        if dims.len() != 2 || dims[0] != dims[1] {
            return Err(errors::input(format!(
                "expected a square 2-D array, found one of shape {dims:?}"
            )));
        }
        let values: Vec<i128> = array.call_method0("ravel")?.call_method0("tolist")?.extract()?;
        let size = i128::try_from(dims[0]).unwrap_or(i128::MAX);
        PyBoard::from_values(cls, values, Some(size), r#box, None, None)
    }

    /// The values as a ``size`` x ``size`` numpy array of ``uint8`` (0 for
    /// blank). Needs numpy.
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let numpy = import_numpy(py)?;
        let n = self.grid.shape().size();
        let bytes = PyBytes::new(py, self.grid.values());
        let flat = numpy.call_method1("frombuffer", (bytes, "uint8"))?;
        flat.call_method1("reshape", (n, n))?.call_method0("copy")
    }

    /// The values row by row, 0 for blank.
    fn to_list(&self) -> Vec<Vec<u32>> {
        let n = self.grid.shape().size();
        self.grid
            .values()
            .chunks(n)
            .map(|row| row.iter().map(|&v| u32::from(v)).collect())
            .collect()
    }

    /// The values in reading order, 0 for blank.
    #[getter]
    fn values(&self) -> Vec<u32> {
        self.grid.values().iter().map(|&v| u32::from(v)).collect()
    }

    /// The board side N.
    #[getter]
    fn size(&self) -> usize {
        self.grid.shape().size()
    }

    /// The box shape as ``(rows, cols)``.
    #[getter]
    fn box_shape(&self) -> (usize, usize) {
        let s = self.grid.shape();
        (s.box_rows(), s.box_cols())
    }

    /// The number of filled cells.
    #[getter]
    fn clues(&self) -> usize {
        self.grid.clue_count()
    }

    /// Whether every cell is filled and no rule is broken.
    fn is_solved(&self) -> bool {
        self.grid.is_solved()
    }

    /// Whether this board is a solution of ``puzzle``: solved, and agreeing
    /// with every given of ``puzzle``.
    fn is_solution_of(&self, puzzle: BoardLike) -> PyResult<bool> {
        Ok(self.grid.is_solution_of(&puzzle.into_grid()?))
    }

    /// The board written in ``format``: line, tokens, grid, sdk, ss or
    /// pencilmarks.
    #[pyo3(signature = (format="grid"))]
    fn to_text(&self, format: &str) -> PyResult<String> {
        Ok(format::write(&self.grid, format_named(format)?))
    }

    /// The board as an f-puzzles board: the JSON text that f-puzzles and
    /// SudokuPad open, with the board's rules, and with ``solution`` (a
    /// full grid of this board) when given, which they check a player's
    /// grid against. Boards up to 16x16.
    #[pyo3(signature = (solution=None))]
    fn to_fpuzzles(&self, solution: Option<BoardLike>) -> PyResult<String> {
        let written = match solution {
            Some(sol) => format::to_fpuzzles_solved(&self.grid, &sol.into_grid()?),
            None => format::to_fpuzzles(&self.grid),
        };
        written.map_err(|e| errors::input(e.to_string()))
    }

    /// The board as a SudokuPad link (``https://sudokupad.app/scl...``)
    /// with the board's rules, and with ``solution`` (a full grid of this
    /// board) when given, which SudokuPad checks a player's grid against.
    #[pyo3(signature = (solution=None))]
    fn to_sudokupad(&self, solution: Option<BoardLike>) -> PyResult<String> {
        match solution {
            Some(sol) => format::to_sudokupad_solved(&self.grid, &sol.into_grid()?)
                .map_err(|e| errors::input(e.to_string())),
            None => Ok(format::to_sudokupad(&self.grid)),
        }
    }

    fn __getitem__(&self, index: (i128, i128)) -> PyResult<u8> {
        let n = self.grid.shape().size();
        let (r, c) = index;
        let inside = |i: i128| usize::try_from(i).ok().filter(|&i| i < n);
        let (Some(row), Some(col)) = (inside(r), inside(c)) else {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "cell ({r}, {c}) is outside a {n}x{n} board (rows and columns from 0 to {})",
                n - 1
            )));
        };
        Ok(self.grid.values()[row * n + col])
    }

    fn __len__(&self) -> usize {
        self.grid.shape().cell_count()
    }

    fn __str__(&self) -> String {
        format::to_line(&self.grid)
    }

    fn __repr__(&self) -> String {
        let shape = self.grid.shape();
        let line = format::to_line(&self.grid);
        if !self.grid.rules().is_classic() {
            format!("Board({line:?}, rules={:?})", self.grid.rules().to_string())
        } else if shape.has_default_boxes() {
            format!("Board({line:?})")
        } else {
            format!("Board({line:?}, box=\"{shape}\")")
        }
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let shape = self.grid.shape();
        let make = py.get_type::<PyBoard>().getattr("_from_state")?;
        let rules = (!self.grid.rules().is_classic()).then(|| self.grid.rules().to_string());
        let values = PyBytes::new(py, self.grid.values());
        Ok((make, (values, shape.box_rows(), shape.box_cols(), rules)))
    }

    /// Unpickling: the values, the box shape and the rules' name (`None`
    /// for classic rules).
    #[staticmethod]
    #[pyo3(signature = (values, box_rows, box_cols, rules=None))]
    fn _from_state(
        values: &[u8],
        box_rows: usize,
        box_cols: usize,
        rules: Option<&str>,
    ) -> PyResult<PyBoard> {
        let shape = Shape::new(box_rows, box_cols).map_err(|e| errors::input(e.to_string()))?;
        let grid = Grid::from_values(shape, values).map_err(|e| errors::input(e.to_string()))?;
        match rules {
            None => Ok(PyBoard::new(grid)),
            Some(name) => {
                crate::rules::with_rules(grid, crate::rules::rules_named(name)?).map(PyBoard::new)
            }
        }
    }

    /// Every broken rule of the board (an empty list when it is valid):
    /// each ``Clash`` (a digit twice in a house, or in two cells that must
    /// differ), then each ``Broken`` constraint (a cage, thermometer, dot,
    /// even/odd mark or neighbour rule).
    fn validate(&self, py: Python<'_>) -> PyResult<Vec<PyObject>> {
        broken_rules(py, &self.grid)
    }

    /// Whether no rule is broken (blank cells allowed).
    fn is_valid(&self) -> bool {
        self.grid.is_consistent()
    }

    /// Solves the board exactly; see ``Solution``.
    fn solve(&self, py: Python<'_>) -> PySolution {
        let grid = self.grid.clone();
        let solution = py.allow_threads(|| crate::batch::with_solver(|s| s.solve(&grid)));
        PySolution::new(solution, grid.shape())
    }

    /// The unique solution, or ``None`` when there is none or several.
    fn solution(&self, py: Python<'_>) -> Option<PyBoard> {
        self.solve(py).grid()
    }

    /// The number of solutions, counting up to ``limit`` (the answer is
    /// ``limit`` when there are at least that many). Ctrl-C interrupts it
    /// (a ``KeyboardInterrupt``).
    #[pyo3(signature = (limit=2))]
    fn count(&self, py: Python<'_>, limit: i128) -> PyResult<usize> {
        let limit = errors::limit(limit)?;
        crate::batch::count_solutions(py, &self.grid, limit)
    }

    /// The Sudoku Explainer rating of the logical solving path; see
    /// ``Rating``. ``time_limit`` in seconds; ``guess=False`` refuses
    /// puzzles the techniques cannot finish.
    #[pyo3(signature = (*, time_limit=None, guess=true))]
    fn rate(&self, py: Python<'_>, time_limit: Option<f64>, guess: bool) -> PyResult<PyRating> {
        crate::logic::rate(py, &self.grid, crate::logic::budget(time_limit, guess)?)
    }

    /// The easiest next logical step, or ``None`` when the board is solved.
    #[pyo3(signature = (*, time_limit=None, guess=true))]
    fn hint(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        guess: bool,
    ) -> PyResult<Option<PyStep>> {
        crate::logic::hint(py, &self.grid, crate::logic::budget(time_limit, guess)?)
    }

    /// The whole logical solving path, step by step.
    #[pyo3(signature = (*, time_limit=None, guess=true))]
    fn explain(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        guess: bool,
    ) -> PyResult<Vec<PyStep>> {
        crate::logic::explain(py, &self.grid, crate::logic::budget(time_limit, guess)?)
    }

    /// The canonical (minlex) form: equal for exactly the equivalent boards.
    fn canonical(&self, py: Python<'_>) -> PyResult<PyBoard> {
        let grid = &self.grid;
        py.allow_threads(|| transform::canonical_form(grid))
            .map(PyBoard::new)
            .map_err(|e| errors::input(e.to_string()))
    }

    /// The number of symmetries (automorphisms) of the board, the identity
    /// included.
    fn automorphisms(&self, py: Python<'_>) -> PyResult<u128> {
        let grid = &self.grid;
        py.allow_threads(|| transform::canonical(grid))
            .map(|c| c.automorphisms)
            .map_err(|e| errors::input(e.to_string()))
    }

    /// The board under the operations ``ops``, applied in order, e.g.
    /// ``"rot90,swap-rows:1,2,relabel:987654321"`` (the CLI's ``transform``
    /// names).
    fn transform(&self, ops: &str) -> PyResult<PyBoard> {
        self.transform_ops(ops)
    }

    /// A random equivalent board (the same ``seed`` gives the same one).
    fn shuffled(&self, seed: i128) -> PyResult<PyBoard> {
        let seed = errors::index("seed", seed)?;
        let t = Transform::random(self.grid.shape(), seed);
        t.try_apply(&self.grid).map(PyBoard::new).map_err(|e| errors::input(e.to_string()))
    }
}

/// Every broken rule of `grid` as Python objects: its clashes (`Clash`),
/// then its broken constraints (`Broken`).
pub fn broken_rules(py: Python<'_>, grid: &Grid) -> PyResult<Vec<PyObject>> {
    let shape = grid.shape();
    let mut out = Vec::new();
    for c in grid.clashes() {
        out.push(PyClash::new(&c, shape).into_pyobject(py)?.into_any().unbind());
    }
    for b in grid.broken() {
        out.push(PyBroken::new(&b).into_pyobject(py)?.into_any().unbind());
    }
    Ok(out)
}

/// A broken constraint beyond "all different": a cage whose sum or
/// digits are wrong, a thermometer that does not rise, a dot, an even/odd
/// mark or a neighbour rule (non-consecutive, no dot) that does not hold.
#[pyclass(name = "Broken", module = "sudokit", frozen, get_all)]
#[derive(Clone)]
pub struct PyBroken {
    /// The constraint, named as in sentences: ``cage 3 (sum 15)``,
    /// ``thermometer 1``, ``black dot r1c1-r1c2``, ``odd cells``,
    /// ``non-consecutive``, ``no dot``.
    pub constraint: String,
    /// The cells at fault, as ``(row, col)`` from 0.
    pub cells: Vec<(usize, usize)>,
    /// A sentence naming the constraint and its cells.
    pub message: String,
}

impl PyBroken {
    pub fn new(b: &Broken) -> PyBroken {
        let shape = b.shape();
        PyBroken {
            constraint: b.constraint.clone(),
            cells: b.cells.iter().map(|&cell| (shape.row(cell), shape.col(cell))).collect(),
            message: b.to_string(),
        }
    }
}

text_dunders!(PyBroken, message, "Broken");

pub fn import_numpy(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    py.import("numpy").map_err(|_| {
        pyo3::exceptions::PyImportError::new_err(
            "this needs numpy: pip install numpy (or sudokit[numpy])",
        )
    })
}

/// A broken rule: a digit twice in a house (or in two cells that must
/// differ).
#[pyclass(name = "Clash", module = "sudokit", frozen, get_all)]
#[derive(Clone)]
pub struct PyClash {
    /// The kind of house: "row", "column", "box", "region", "diagonal",
    /// "window", "house"; ``None`` for two cells that must differ.
    pub house: Option<&'static str>,
    /// The house's index from 0 among houses of its kind.
    pub house_index: Option<usize>,
    /// The repeated digit.
    pub digit: u8,
    /// The cells holding it, as ``(row, col)`` from 0.
    pub cells: Vec<(usize, usize)>,
    /// A sentence naming the clash, e.g. "row 1 has 5 in r1c1, r1c4".
    pub message: String,
}

impl PyClash {
    pub fn new(c: &Clash, shape: Shape) -> PyClash {
        PyClash {
            house: c.house.map(|h| h.kind.name()),
            house_index: c.house.map(|h| h.index),
            digit: c.digit.get(),
            cells: c.cells.iter().map(|&cell| (shape.row(cell), shape.col(cell))).collect(),
            message: c.to_string(),
        }
    }
}

text_dunders!(PyClash, message, "Clash");

/// The answer of an exact solve.
///
/// ``status`` is "unique", "none", "several", "clashing" or
/// "out_of_budget"; ``grid`` the solution when unique; ``grids`` the
/// solutions found (two of them for "several"); ``clashes`` the broken rules
/// for "clashing". True in a boolean context exactly when unique.
///
/// The answer is kept as the engine's values and turned into Python
/// objects when read, so a solve costs one Python object.
#[pyclass(name = "Solution", module = "sudokit", frozen)]
pub struct PySolution {
    answer: Solution,
    shape: Shape,
}

impl PySolution {
    pub fn new(answer: Solution, shape: Shape) -> PySolution {
        PySolution { answer, shape }
    }
}

#[pymethods]
impl PySolution {
    #[getter]
    fn status(&self) -> &'static str {
        match self.answer {
            Solution::Unique(_) => "unique",
            Solution::Several(..) => "several",
            Solution::Clashing(_) => "clashing",
            Solution::None => "none",
            _ => "out_of_budget",
        }
    }

    #[getter]
    fn grid(&self) -> Option<PyBoard> {
        match &self.answer {
            Solution::Unique(g) => Some(PyBoard::new(g.clone())),
            _ => None,
        }
    }

    #[getter]
    fn grids(&self) -> Vec<PyBoard> {
        match &self.answer {
            Solution::Unique(g) => vec![PyBoard::new(g.clone())],
            Solution::Several(a, b) => vec![PyBoard::new(a.clone()), PyBoard::new(b.clone())],
            _ => vec![],
        }
    }

    #[getter]
    fn clashes(&self) -> Vec<PyClash> {
        match &self.answer {
            Solution::Clashing(c) => c.iter().map(|c| PyClash::new(c, self.shape)).collect(),
            _ => vec![],
        }
    }

    fn __bool__(&self) -> bool {
        matches!(self.answer, Solution::Unique(_))
    }

    fn __repr__(&self) -> String {
        match &self.answer {
            Solution::Unique(g) => format!("<Solution unique {}>", format::to_line(g)),
            _ => format!("<Solution {}>", self.status()),
        }
    }
}
