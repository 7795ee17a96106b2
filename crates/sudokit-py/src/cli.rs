//! Shards of the CLI's batch commands, for `sudokit.dask`: each call
//! answers one part of a job exactly as `sudokit generate`, `rate` or
//! `canon` answers it, so the parts written in order are the CLI's bytes.
//!
//! - generate: the items of an index range, each with its dedup key; the
//!   caller writes the run's `# rules:` line first, when it has one, then
//!   keeps the first `n` new keys in index order. Item lines are the
//!   CLI's line format: killer lines, or a `# rules:` line before each
//!   item that draws its own constraints or regions (see
//!   [`LineRules`]).
//! - rate, canon: the records of a slice of whole lines of the input. The
//!   slice's reader is fed `first_line - 1` empty lines before the slice,
//!   so every line number (in error messages) is the file's; empty lines
//!   are skipped by every one-line format, the only kind that is split.

use std::io::{self, Read};

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;
use sudokit::format::{self, Format, ReadError, ReadOptions, Reader, Record};
use sudokit::generate::{GenerateError, LineRules};
use sudokit::logic::{Budget, LogicSolver, State};
use sudokit::transform::canonical;

use crate::errors;
use crate::generate::{self, SpecArgs, VariantArgs};
use crate::logic::rating_text;

/// The exit status a record gives the CLI: 0 ok, 1 a "no" answer, 2 bad
/// input.
type Status = u8;

/// One answered record: its output text, status, and stderr message.
type Answer = (String, Status, Option<String>);

/// A generated item of a shard: its index, dedup key and output line.
type Item = (u64, String, String);

/// The first failure of a shard: the index, the message, and whether it
/// ends the whole run at once (a target no puzzle can meet).
type Failure = (u64, String, bool);

/// The items of indices `start..stop` of the run of `spec` (a dict of the
/// keys of [`SpecArgs`] and [`VariantArgs`]) and `seed`, each as `sudokit
/// generate` writes it (line format, the solution after it with
/// `with_solution`); they stop before the first item that failed, which is
/// returned too.
#[pyfunction]
#[pyo3(signature = (spec, seed, start, stop, with_solution=false))]
pub fn _generate_shard(
    py: Python<'_>,
    spec: &Bound<'_, PyAny>,
    seed: u64,
    start: u64,
    stop: u64,
    with_solution: bool,
) -> PyResult<(Vec<Item>, Option<Failure>)> {
    let spec = spec_of(spec)?;
    let lines = LineRules::of(&spec.options);
    let generator = generate::generator(&spec, seed)?;
    let made: Vec<Result<Item, Failure>> = py.allow_threads(|| {
        (start..stop)
            .into_par_iter()
            .map(|i| {
                let fail = |e: GenerateError| {
                    let fatal =
                        matches!(e, GenerateError::Impossible { .. } | GenerateError::Fill(_));
                    (i, e.to_string(), fatal)
                };
                let g = generate::make(&generator, spec.filled, i).map_err(fail)?.generated;
                let key = generate::dedup_key(&spec, &g.puzzle).map_err(|m| (i, m, true))?;
                let solution = (with_solution && !spec.filled).then_some(&g.solution);
                let line = lines.item(&g.puzzle, solution).ok_or_else(|| {
                    let more = "this puzzle has more than 52 cages, more than a killer line \
                                can letter; use --format json";
                    (i, more.to_string(), true)
                })?;
                Ok((g.index, key, line))
            })
            .collect()
    });
    let mut items = Vec::with_capacity(made.len());
    for m in made {
        match m {
            Ok(item) => items.push(item),
            Err(f) => return Ok((items, Some(f))),
        }
    }
    Ok((items, None))
}

/// The options of a generate job: `spec` holds the keys of [`SpecArgs`]
/// and of [`VariantArgs`].
fn spec_of(spec: &Bound<'_, PyAny>) -> PyResult<generate::Spec> {
    let args: SpecArgs = spec.extract()?;
    let variant: VariantArgs = spec.extract()?;
    args.to_spec_with(&variant)
}

/// The `# rules:` line (with its newline) that `sudokit generate` writes
/// before the items of the job `spec`, if any.
#[pyfunction]
pub fn _generate_header(spec: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let spec = spec_of(spec)?;
    Ok(LineRules::of(&spec.options).header(spec.options.get_rules()))
}

/// The format of the input that starts with `head` (whole lines), as the
/// CLI's reader detects it; `None` when `head` holds no puzzle.
#[pyfunction]
pub fn _detect_format(head: &[u8]) -> Option<&'static str> {
    let mut reader = Reader::new(head, ReadOptions::default());
    let _ = reader.next()?;
    reader.format().map(Format::name)
}

/// The records of `data` (whole lines, the first being line `first_line`
/// of the input) read in `format`.
fn records(
    data: &[u8],
    first_line: usize,
    format: Option<&str>,
) -> PyResult<Vec<Result<Record, ReadError>>> {
    let format = match format {
        Some(f) => Some(f.parse::<Format>().map_err(|e| errors::input(e.to_string()))?),
        None => None,
    };
    let blank = io::repeat(b'\n').take(first_line.saturating_sub(1) as u64);
    let input = io::BufReader::with_capacity(1 << 16, blank.chain(data));
    let mut out = Vec::new();
    for r in Reader::new(input, ReadOptions::new().with_format(format)) {
        let io_error = matches!(r, Err(ReadError::Io(_)));
        out.push(r);
        if io_error {
            break;
        }
    }
    Ok(out)
}

/// The output of `rec`'s parse error, as the CLI writes it.
fn input_error(e: &ReadError) -> Answer {
    let text = e.to_string();
    (format!("error: {text}\n"), 2, Some(text))
}

/// Answers every record in parallel and joins the answers in order.
/// With `each`, every record is a task of its own (work of milliseconds
/// or more a record, as `rate`), so no thread waits behind a long run.
fn answer_all(
    py: Python<'_>,
    records: Vec<Result<Record, ReadError>>,
    each: bool,
    work: impl Fn(&Record) -> Answer + Sync,
) -> (String, Status, Vec<String>) {
    let most = if each { 1 } else { usize::MAX };
    let answers: Vec<Answer> = py.allow_threads(|| {
        records
            .par_iter()
            .with_max_len(most)
            .map(|r| match r {
                Ok(rec) => work(rec),
                Err(e) => input_error(e),
            })
            .collect()
    });
    let mut out = String::new();
    let mut status = 0;
    let mut messages = Vec::new();
    for (text, s, message) in answers {
        out.push_str(&text);
        status = status.max(s);
        messages.extend(message);
    }
    (out, status, messages)
}

/// `sudokit rate` of the lines in `data`: the output text, the worst exit
/// status, and the messages for stderr (each `line N: ...`).
#[pyfunction]
#[pyo3(signature = (data, first_line=1, format=None))]
pub fn _rate_chunk(
    py: Python<'_>,
    data: &[u8],
    first_line: usize,
    format: Option<&str>,
) -> PyResult<(String, Status, Vec<String>)> {
    let records = records(data, first_line, format)?;
    Ok(answer_all(py, records, true, |rec| {
        let state = match &rec.candidates {
            Some(c) => State::from_candidates(c),
            None => State::from_grid(&rec.grid),
        };
        let puzzle = match &rec.candidates {
            Some(c) => format::to_line(&c.to_grid()),
            None => format::to_line(&rec.grid),
        };
        match LogicSolver::with_budget(Budget::default()).solve_state(state) {
            Ok(path) => (format!("{puzzle} {}\n", rating_text(&path.rating())), 0, None),
            Err(e) => {
                let text = e.to_string();
                (format!("error: {text}\n"), 1, Some(format!("line {}: {text}", rec.line)))
            }
        }
    }))
}

/// `sudokit canon` (with `--automorphisms` when `automorphisms`) of the
/// lines in `data`; as [`_rate_chunk`].
#[pyfunction]
#[pyo3(signature = (data, first_line=1, format=None, automorphisms=false))]
pub fn _canon_chunk(
    py: Python<'_>,
    data: &[u8],
    first_line: usize,
    format: Option<&str>,
    automorphisms: bool,
) -> PyResult<(String, Status, Vec<String>)> {
    let records = records(data, first_line, format)?;
    Ok(answer_all(py, records, false, |rec| match canonical(&rec.grid) {
        Ok(c) if automorphisms => {
            (format!("{} {}\n", format::to_line(&c.form), c.automorphisms), 0, None)
        }
        Ok(c) => (format!("{}\n", format::to_line(&c.form)), 0, None),
        Err(e) => {
            let text = e.to_string();
            (format!("error: {text}\n"), 2, Some(format!("line {}: {text}", rec.line)))
        }
    }))
}

/// `sudokit dedup`'s per-record half for the lines in `data`: each record's
/// canonical form (its values) and output line (the puzzle, then its
/// comment), or the message for a record that has no form. The caller
/// keeps the records whose form it has not seen, in input order.
#[pyfunction]
#[pyo3(signature = (data, first_line=1, format=None))]
pub fn _dedup_chunk<'py>(
    py: Python<'py>,
    data: &[u8],
    first_line: usize,
    format: Option<&str>,
) -> PyResult<Vec<(Option<Bound<'py, PyBytes>>, String)>> {
    let records = records(data, first_line, format)?;
    let forms: Vec<Result<(Vec<u8>, String), String>> = py.allow_threads(|| {
        records
            .par_iter()
            .map(|r| match r {
                Ok(rec) => {
                    let form =
                        canonical(&rec.grid).map_err(|e| format!("line {}: {e}", rec.line))?;
                    let mut line = format::to_line(&rec.grid);
                    if let Some(c) = &rec.comment {
                        line.push(' ');
                        line.push_str(c);
                    }
                    line.push('\n');
                    Ok((form.form.values().to_vec(), line))
                }
                Err(e) => Err(e.to_string()),
            })
            .collect()
    });
    Ok(forms
        .into_iter()
        .map(|f| match f {
            Ok((form, line)) => (Some(PyBytes::new(py, &form)), line),
            Err(message) => (None, message),
        })
        .collect())
}
