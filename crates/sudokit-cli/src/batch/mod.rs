/*!
The streaming batch runner shared by `solve`, `count` and `validate` (and
the other per-puzzle commands).

A reader thread reads the input a chunk at a time; each chunk is cut into
parts, and each part is answered into one output buffer: on this thread
with `--jobs 1`, else as a task on the rayon pool, the next chunks' parts
queued behind the current ones so no worker waits for the others at the end
of a chunk. This thread writes the parts in input order as they arrive.
At most [`CHANNEL_CHUNKS`]` + 1` chunks are handed out (plus the one being
read), so memory stays bounded whatever the input size; and the output is
byte-identical for every `--jobs` value: each puzzle's result depends only
on the puzzle, and the order is fixed by the input.

Stopping (Ctrl-C, a closed standard output; see `stop.rs`): every search
watches the stop flag, and a part checks it around each puzzle and stops,
dropping an answer that ended after it was set; the writer writes every
part before the first one that stopped, that part's answers up to where
it stopped, and returns [`Stopped`](crate::stop::Stopped). Output goes to
the process's [`sink`](crate::sink), in whole answers, and is written out
whenever the writer has nothing ready, so answers stream out.

Two kinds of chunk:
- `line`-format input (the batch format) comes as a
  [`LineBlock`](sudokit::format::LineBlock) of raw lines
  ([`BLOCK_BYTES`]), cut by the reader into parts of about
  [`PART_BYTES`] that know their first line's number. The reader thread
  only copies bytes; parsing, the work and the formatting of the output
  all happen in the parallel part, each part into one output buffer, so
  the reader and the writer (this thread) stay light when a puzzle takes a
  microsecond. Records are parsed into one reused record per part (a plain
  9x9 line without a heap allocation).
- every other format (and the lines read ahead to detect the format, and
  commands that need each record's global index) comes as parsed records:
  at most [`CHUNK_RECORDS`] puzzles or [`CHUNK_CELLS`] cells, processed in
  parts of [`PART_RECORDS`], or of one puzzle for work of milliseconds or
  more a puzzle ([`run_each`]), so each answer goes out once it and those
  before it are done.

A puzzle that cannot be parsed gets an `error:` line in its place (a JSON
object in JSON mode) and makes the exit status 2; the rest of the batch is
still processed. An I/O error ends the run, after the lines read before it.

The modules: `read` (the reader thread: chunks), `part` (one part answered
into its buffer), `schedule` (which thread answers which part, and when),
`write` (parts written in order, tallies, progress bar).
*/

mod part;
mod read;
mod schedule;
mod write;

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::{Context, Result, bail};
use sudokit::Rules;
use sudokit::constraint::Constraint;
use sudokit::format::{Format, ReadOptions, Reader, Record, parse_killer, to_line};
use sudokit::solve::{Limits, Solver};
use sudokit::variant::{Variant as SudokuVariant, Variants};

use crate::args::{InputArgs, RunArgs, Variant};
use read::Counting;
use schedule::Job;
use write::Progress;

/// Most puzzles in one chunk of parsed records.
pub(crate) const CHUNK_RECORDS: usize = 4096;
/// Most cells in one chunk of parsed records (so a chunk of 64x64 boards
/// stays small).
pub(crate) const CHUNK_CELLS: usize = 1 << 20;
/// Records in one part of a chunk of parsed records.
const PART_RECORDS: usize = 64;
/// The size of a block of `line`-format input (about 12,800 9x9 lines).
pub(crate) const BLOCK_BYTES: usize = 1 << 20;
/// The size of one part of a block (about 400 9x9 lines, a few tenths of a
/// millisecond of 9x9 work): a task on the pool and one message to the
/// writer each, so not much smaller; and the parts of the next blocks are
/// queued before a block ends, so no worker waits for the others.
const PART_BYTES: usize = 1 << 15;
/// Chunks read ahead of the one being solved.
pub(crate) const CHANNEL_CHUNKS: usize = 2;
/// Most per-puzzle messages written to stderr; the rest are only counted.
const MAX_MESSAGES: usize = 10;

/// How a puzzle's answer affects the exit status (ordered: worst last).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Success.
    Ok,
    /// A "no" answer: no solution, several, or an invalid grid (exit 1).
    Answer,
    /// Bad input (exit 2).
    Input,
}

impl From<Status> for std::process::ExitCode {
    fn from(s: Status) -> Self {
        std::process::ExitCode::from(match s {
            Status::Ok => 0,
            Status::Answer => 1,
            Status::Input => 2,
        })
    }
}

/// The result of one puzzle: its output text (ending in a newline), an
/// optional message for stderr, and its status.
#[derive(Debug)]
pub struct Item {
    pub out: String,
    pub message: Option<String>,
    pub status: Status,
}

/// The result of one puzzle whose output text went straight into the
/// part's buffer (see [`run_to`]): an optional message for stderr, and its
/// status.
#[derive(Debug)]
pub struct Outcome {
    pub message: Option<String>,
    pub status: Status,
}

/// Runs `work` on every puzzle of the inputs and writes the results in order.
/// Returns the worst status seen.
pub fn run<F>(input: &InputArgs, run: RunArgs, json: bool, work: F) -> Result<Status>
where
    F: Fn(&mut Solver, &Record) -> Item + Sync,
{
    run_to(input, run, json, |solver, rec, out| into_buffer(work(solver, rec), out))
}

/// Like [`run`], for work of milliseconds or more a puzzle (rating, hints):
/// each puzzle is a task of its own, so its answer is written as soon as it
/// and those before it are done.
pub fn run_each<F>(input: &InputArgs, run: RunArgs, json: bool, work: F) -> Result<Status>
where
    F: Fn(&mut Solver, &Record) -> Item + Sync,
{
    let cut = Cut { lines: false, part_records: 1 };
    run_batch(input, run, Limits::default(), json, cut, |solver, _, rec, out| {
        into_buffer(work(solver, rec), out)
    })
}

/// Like [`run`], and `work` appends each puzzle's output (whole lines) to
/// `out` instead of returning it: no string per puzzle.
pub fn run_to<F>(input: &InputArgs, run: RunArgs, json: bool, work: F) -> Result<Status>
where
    F: Fn(&mut Solver, &Record, &mut String) -> Outcome + Sync,
{
    run_limited_to(input, run, Limits::default(), json, work)
}

/// Like [`run_to`], with every puzzle's search bounded by `limits`.
pub fn run_limited_to<F>(
    input: &InputArgs,
    run: RunArgs,
    limits: Limits,
    json: bool,
    work: F,
) -> Result<Status>
where
    F: Fn(&mut Solver, &Record, &mut String) -> Outcome + Sync,
{
    let work = |solver: &mut Solver, _: u64, rec: &Record, out: &mut String| work(solver, rec, out);
    run_batch(input, run, limits, json, Cut { lines: true, part_records: PART_RECORDS }, work)
}

/// Like [`run`], and `work` also gets the record's global index: its
/// 0-based position among all records of all inputs (unreadable ones
/// included, comments and blank lines not), the same for every `--jobs`.
pub fn run_indexed<F>(input: &InputArgs, run: RunArgs, json: bool, work: F) -> Result<Status>
where
    F: Fn(&mut Solver, u64, &Record) -> Item + Sync,
{
    // Parsed records only: a part of a line block does not know how many
    // records come before it.
    let cut = Cut { lines: false, part_records: PART_RECORDS };
    run_batch(input, run, Limits::default(), json, cut, |solver, i, rec, out| {
        into_buffer(work(solver, i, rec), out)
    })
}

/// How a run's input is cut into parts: blocks of raw lines for the `line`
/// format (with `lines`), else parsed records, `part_records` a part.
#[derive(Clone, Copy)]
struct Cut {
    lines: bool,
    part_records: usize,
}

/// Appends an item's text to `out`.
fn into_buffer(item: Item, out: &mut String) -> Outcome {
    out.push_str(&item.out);
    Outcome { message: item.message, status: item.status }
}

fn run_batch<F>(
    input: &InputArgs,
    run: RunArgs,
    limits: Limits,
    json: bool,
    cut: Cut,
    work: F,
) -> Result<Status>
where
    F: Fn(&mut Solver, u64, &Record, &mut String) -> Outcome + Sync,
{
    crate::stop::install(crate::stop::Output::Stdout);
    let mut options = input.read_options()?;
    // Killer lines, and the lines below a `# rules:` line, have rules of
    // their own: killer lines become the givens' lines, line for line, and
    // each line's rules wait here for its record (files are read one by
    // one).
    let line_rules: Mutex<HashMap<usize, Rules>> = Mutex::new(HashMap::new());
    let killer = input.variant.as_ref().is_some_and(Variant::killer_lines);
    if killer {
        options = ReadOptions::new().with_format(Format::Line);
    }
    let explicit = match &input.variant {
        Some(Variant::Rules(rules)) => Some(rules),
        _ => None,
    };
    let work = |solver: &mut Solver, index: u64, rec: &Record, out: &mut String| -> Outcome {
        let own = line_rules.lock().expect("no panic holds it").get(&rec.line).cloned();
        let rules = match (own, &input.variant) {
            (None, None) => return work(solver, index, rec, out),
            (Some(rules), None | Some(Variant::Rules(_))) => Ok(rules),
            (None, Some(Variant::Rules(rules))) => Ok(rules.clone()),
            (own, Some(Variant::Named(list))) => {
                let base = own.unwrap_or_else(|| rec.grid.rules().clone());
                named_rules(list, base)
            }
        };
        let rules = match rules {
            Ok(rules) => rules,
            Err(reason) => {
                let message = format!("line {}: {reason}", rec.line);
                out.push_str(&format!("error: {message}\n"));
                return Outcome { message: Some(message), status: Status::Input };
            }
        };
        if rec.candidates.is_some() {
            let message =
                format!("line {}: pencil-mark input does not take variant rules", rec.line);
            out.push_str(&format!("error: {message}\n"));
            return Outcome { message: Some(message), status: Status::Input };
        }
        match rec.grid.clone().with_rules(rules) {
            Ok(grid) => {
                let mut rec = rec.clone();
                rec.grid = grid;
                work(solver, index, &rec, out)
            }
            Err(e) => {
                let message = format!("line {}: {e}", rec.line);
                out.push_str(&format!("error: {message}\n"));
                Outcome { message: Some(message), status: Status::Input }
            }
        }
    };
    let pool = run.pool()?;
    // Every search also stops when the run must (Ctrl-C, a closed output).
    let limits = limits.with_deadline(crate::stop::deadline());
    let mut state = RunState { worst: Status::Ok, puzzles: 0, messages: 0 };
    let files: Vec<Option<PathBuf>> = if input.files.is_empty() {
        vec![None]
    } else {
        input.files.iter().map(|p| (p.as_os_str() != "-").then(|| p.clone())).collect()
    };
    let job = Job {
        pool: &pool,
        json,
        limits,
        lines: cut.lines,
        work: &work,
        part_records: cut.part_records,
    };
    for file in &files {
        let name = file.as_deref().map_or("<stdin>".to_string(), |p| p.display().to_string());
        let (source, mut total): (Box<dyn Read + Send>, Option<u64>) = match file {
            None => (Box::new(io::stdin()), None),
            Some(path) => {
                let f =
                    File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
                let len = f.metadata().ok().map(|m| m.len());
                (Box::new(f), len)
            }
        };
        // The first line tells whether the input names its rules.
        let mut source = BufReader::new(source);
        let mut first = String::new();
        source.read_line(&mut first).with_context(|| format!("cannot read {name}"))?;
        let source: Box<dyn Read + Send> = if killer || first.starts_with(RULES_LINE) {
            let mut text = first;
            source.read_to_string(&mut text).with_context(|| format!("cannot read {name}"))?;
            let (lines, rules) = sections(&text, killer, explicit).with_context(|| name.clone())?;
            *line_rules.lock().expect("no panic holds it") = rules;
            total = Some(lines.len() as u64);
            Box::new(io::Cursor::new(lines.into_bytes()))
        } else {
            line_rules.lock().expect("no panic holds it").clear();
            Box::new(io::Cursor::new(first.into_bytes()).chain(source))
        };
        let progress = Progress::new(!run.quiet && io::stderr().is_terminal(), total, &name);
        let counted = Counting { inner: source, read: progress.read.clone() };
        let reader = Reader::new(BufReader::with_capacity(1 << 16, counted), options);
        let done = job.run_file(reader, &name, &mut state, &progress);
        progress.finish();
        done?;
    }
    crate::sink::flush()?;
    if state.puzzles == 0 {
        let from = if input.files.is_empty() {
            "standard input".to_string()
        } else {
            "the input files".to_string()
        };
        bail!("no puzzles found in {from} (empty input, or only comments and blank lines)");
    }
    if state.messages > MAX_MESSAGES {
        eprintln!("sudokit: {} more messages not shown", state.messages - MAX_MESSAGES);
    }
    Ok(state.worst)
}

struct RunState {
    worst: Status,
    puzzles: u64,
    messages: usize,
}

/// The comment that names the rules of the puzzles below it, as
/// `generate` writes it.
const RULES_LINE: &str = "# rules:";

/// The lines of `text` with each puzzle line's rules by its number from 1:
/// a `# rules: NAME` line gives the puzzles below it the rules NAME (an
/// error when `explicit` rules differ); with `killer` every puzzle line is
/// a killer line, whose cages join those rules (or the classic rules of
/// its board) and which becomes the line of its givens. Blank and `#`
/// lines are kept, so line numbers stay.
fn sections(
    text: &str,
    killer: bool,
    explicit: Option<&Rules>,
) -> Result<(String, HashMap<usize, Rules>)> {
    let mut lines = String::with_capacity(text.len());
    let mut rules = HashMap::new();
    let mut current: Option<Rules> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        let at = || format!("line {}", i + 1);
        if let Some(name) = trimmed.strip_prefix(RULES_LINE) {
            let named: Rules = name
                .trim()
                .parse()
                .map_err(|e| anyhow::anyhow!("{RULES_LINE}{name}: {e}"))
                .with_context(at)?;
            if let Some(explicit) = explicit.filter(|&r| *r != named) {
                bail!("{}: the input names its rules {named}, but --rules gives {explicit}", at());
            }
            current = Some(named);
            lines.push_str(line);
        } else if trimmed.is_empty() || trimmed.starts_with('#') {
            lines.push_str(line);
        } else if killer {
            let grid = parse_killer(trimmed).with_context(at)?;
            let base = current.clone().unwrap_or_else(|| Rules::classic(grid.shape()));
            if base.shape() != grid.shape() {
                bail!("{}: a killer line of a {} board below the rules {base}", at(), grid.shape());
            }
            let mut own = base;
            for c in grid.rules().constraints() {
                if let Constraint::Cage(cage) = c {
                    own = own.with_cage(cage.cells(), cage.sum()).with_context(at)?;
                }
            }
            lines.push_str(&to_line(&grid));
            rules.insert(i + 1, own);
        } else {
            lines.push_str(line);
            if let Some(named) = &current {
                rules.insert(i + 1, named.clone());
            }
        }
        lines.push('\n');
    }
    Ok((lines, rules))
}

/// `base` with the rules `list` names, or why the puzzle cannot take them:
/// a variant whose data (regions, cages, thermometers, dots, marks) the
/// puzzle's rules do not hold.
fn named_rules(list: &Variants, base: Rules) -> Result<Rules, String> {
    if let Some(v) = list.needs_data().into_iter().find(|v| !v.is_in(&base)) {
        let what = match v {
            SudokuVariant::Jigsaw => "regions",
            SudokuVariant::Killer => "cages",
            SudokuVariant::Thermo => "thermometers",
            SudokuVariant::Kropki => "dots",
            _ => "even/odd marks",
        };
        return Err(format!(
            "--variant {v}: this puzzle's rules ({base}) have no {what}; a '{RULES_LINE} NAME' \
             line above the puzzles gives them (as generate writes it), or --rules NAME"
        ));
    }
    list.apply(base.clone()).map_err(|e| format!("--variant {list} on the rules {base}: {e}"))
}
