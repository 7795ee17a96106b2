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
  [`LineBlock`](sudokit::format::batch::LineBlock) of raw lines
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

The modules: `read` (the reader thread: chunks), `rules` (the rules each
puzzle is answered under: flags, killer lines, `# rules:` lines, shared
with `print`), `part` (one part answered into its buffer), `schedule` (which thread answers which part, and when),
`write` (parts written in order, tallies, progress bar).
*/

mod part;
mod read;
mod rules;
mod schedule;
mod write;

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read};
use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::{Context, Result, bail};
use sudokit::format::{Format, ReadOptions, Reader, Record};
use sudokit::solve::{Limits, Solver};
use sudokit::{Candidates, Rules};

use crate::args::{InputArgs, RunArgs, Variant};
use read::Counting;
pub(crate) use rules::{Head, NoRulesBelow, RULES_LINE, head, read_sections, rules_of, sections};
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
        let Some(rules) = rules_of(own, input.variant.as_ref(), rec.grid.rules()) else {
            return work(solver, index, rec, out);
        };
        let rules = match rules {
            Ok(rules) => rules,
            Err(reason) => {
                let message = format!("line {}: {reason}", rec.line);
                out.push_str(&format!("error: {message}\n"));
                return Outcome { message: Some(message), status: Status::Input };
            }
        };
        // Pencil marks take the rules too (the state's candidates are read
        // under them).
        let candidates = rec
            .candidates
            .as_ref()
            .map(|c| Candidates::from_masks_with(rules.clone(), c.masks().to_vec()))
            .transpose();
        match candidates
            .and_then(|candidates| Ok((candidates, rec.grid.clone().with_rules(rules)?)))
        {
            Ok((candidates, grid)) => {
                let mut rec = rec.clone();
                rec.grid = grid;
                rec.candidates = candidates;
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
        // The first bytes tell whether the input names its rules.
        let mut source = source;
        let (first, kind) = head(&mut source).with_context(|| format!("cannot read {name}"))?;
        let mut source = io::Cursor::new(first).chain(source);
        let fpuzzles = input.reads_fpuzzles(kind);
        let mut file_options = options;
        let source: Box<dyn Read + Send> = if killer || fpuzzles || kind == Head::Rules {
            let (lines, rules) =
                read_sections(&mut source, &name, fpuzzles, killer, explicit, &mut file_options)?;
            // An input that begins with a rules line, whose rules lines all
            // name one box shape, is read with it (every puzzle is below
            // one): a line of 49 digits has no natural box (1x7 is named),
            // and a 12x12 one is read as 3x4 unless told 4x3.
            let mut shapes = rules.values().map(Rules::shape);
            if file_options.shape.is_none()
                && kind == Head::Rules
                && let Some(first) = shapes.next()
                && shapes.all(|s| s == first)
            {
                file_options = file_options.with_shape(first);
            }
            *line_rules.lock().expect("no panic holds it") = rules;
            total = Some(lines.len() as u64);
            Box::new(io::Cursor::new(lines.into_bytes()))
        } else {
            line_rules.lock().expect("no panic holds it").clear();
            Box::new(NoRulesBelow::new(source))
        };
        let progress = Progress::new(!run.quiet && io::stderr().is_terminal(), total, &name);
        let counted = Counting { inner: source, read: progress.read.clone() };
        let reader = Reader::new(BufReader::with_capacity(1 << 16, counted), file_options);
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
