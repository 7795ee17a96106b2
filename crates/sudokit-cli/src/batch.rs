/*!
The streaming batch runner shared by `solve`, `count` and `validate` (and
the other per-puzzle commands).

Input is read a chunk at a time and each chunk is processed in parallel on
a rayon pool, in parts; the parts' output is written in input order. A
reader thread reads the next chunks meanwhile (at most two wait in a
bounded channel). So memory stays bounded by a few chunks whatever the input
size, and the output is byte-identical for every `--jobs` value: each
puzzle's result depends only on the puzzle, and the order is fixed by the
chunk.

Two kinds of chunk:
- `line`-format input (the batch format) comes as a [`LineBlock`] of raw
  lines ([`BLOCK_BYTES`]), cut by the reader into parts of about
  [`PART_BYTES`] that know their first line's number. The reader thread
  only copies bytes; parsing, the work and the formatting of the output
  all happen in the parallel part, each part into one output buffer, so
  the reader and the writer (this thread) stay light when a puzzle takes a
  microsecond. Records are parsed into one reused record per part (a plain
  9x9 line without a heap allocation).
- every other format (and the lines read ahead to detect the format, and
  commands that need each record's global index) comes as parsed records:
  at most [`CHUNK_RECORDS`] puzzles or [`CHUNK_CELLS`] cells, processed in
  parts of [`PART_RECORDS`].

A puzzle that cannot be parsed gets an `error:` line in its place (a JSON
object in JSON mode) and makes the exit status 2; the rest of the batch is
still processed. An I/O error ends the run, after the lines read before it.
*/

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use sudokit::format::{LineBlock, LinePart, Piece, ReadError, Reader, Record};
use sudokit::solve::{Limits, Solver};

use crate::args::{InputArgs, RunArgs};

/// Most puzzles in one chunk of parsed records.
const CHUNK_RECORDS: usize = 4096;
/// Most cells in one chunk of parsed records (so a chunk of 64x64 boards
/// stays small).
const CHUNK_CELLS: usize = 1 << 20;
/// Records in one part of a chunk of parsed records.
const PART_RECORDS: usize = 64;
/// The size of a block of `line`-format input (about 12,800 9x9 lines).
const BLOCK_BYTES: usize = 1 << 20;
/// The size of one part of a block (about 100 9x9 lines): small, so the
/// threads finish a block together.
const PART_BYTES: usize = 1 << 13;
/// Chunks read ahead of the one being solved.
const CHANNEL_CHUNKS: usize = 2;
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
    run_batch(input, run, limits, json, true, work)
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
    run_batch(input, run, Limits::default(), json, false, |solver, i, rec, out| {
        into_buffer(work(solver, i, rec), out)
    })
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
    lines: bool,
    work: F,
) -> Result<Status>
where
    F: Fn(&mut Solver, u64, &Record, &mut String) -> Outcome + Sync,
{
    crate::interrupt::install();
    let options = input.read_options()?;
    let pool = run.pool()?;
    let stdout = io::stdout().lock();
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    let mut state = RunState { worst: Status::Ok, puzzles: 0, messages: 0 };
    let files: Vec<Option<PathBuf>> = if input.files.is_empty() {
        vec![None]
    } else {
        input.files.iter().map(|p| (p.as_os_str() != "-").then(|| p.clone())).collect()
    };
    let job = Job { pool: &pool, json, limits, lines, work: &work };
    for file in &files {
        let name = file.as_deref().map_or("<stdin>".to_string(), |p| p.display().to_string());
        let (source, total): (Box<dyn Read + Send>, Option<u64>) = match file {
            None => (Box::new(io::stdin()), None),
            Some(path) => {
                let f =
                    File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
                let len = f.metadata().ok().map(|m| m.len());
                (Box::new(f), len)
            }
        };
        let progress = Progress::new(!run.quiet && io::stderr().is_terminal(), total, &name);
        let counted = Counting { inner: source, read: progress.read.clone() };
        let reader = Reader::new(BufReader::with_capacity(1 << 16, counted), options);
        job.run_file(reader, &name, &mut out, &mut state, &progress)?;
        progress.finish();
    }
    out.flush()?;
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

/// A chunk of input as read: records and parse errors in order, or a block
/// of lines; and the I/O error that ended the input early, if any.
struct Chunk {
    body: Body,
    io_error: Option<io::Error>,
}

enum Body {
    Records(Vec<Result<Record, ReadError>>),
    Lines(LineBlock),
}

/// Reads chunks and sends them until the input ends, an I/O error occurs, or
/// the receiver hangs up. Blocks of lines (with `lines`, in the line
/// format) go as they come; records are gathered into chunks. Buffers of
/// blocks already processed come back through `spare`.
fn read_chunks<R: BufRead>(
    mut reader: Reader<R>,
    lines: bool,
    tx: SyncSender<Chunk>,
    spare: Receiver<Vec<u8>>,
) {
    let mut buf = Vec::new();
    let mut items = Vec::new();
    let mut cells = 0;
    loop {
        if buf.capacity() == 0
            && let Ok(old) = spare.try_recv()
        {
            buf = old;
        }
        let piece = if lines {
            reader.next_piece(&mut buf, BLOCK_BYTES, PART_BYTES)
        } else {
            reader.next().map(Piece::Record)
        };
        let (chunk, ended) = match piece {
            None => {
                (Chunk { body: Body::Records(std::mem::take(&mut items)), io_error: None }, true)
            }
            Some(Piece::Record(Err(ReadError::Io(e)))) => {
                let body = Body::Records(std::mem::take(&mut items));
                (Chunk { body, io_error: Some(e) }, true)
            }
            Some(Piece::Record(item)) => {
                if let Ok(rec) = &item {
                    cells += rec.grid.shape().cell_count();
                }
                items.push(item);
                if items.len() < CHUNK_RECORDS && cells < CHUNK_CELLS {
                    continue;
                }
                cells = 0;
                let body = Body::Records(std::mem::take(&mut items));
                (Chunk { body, io_error: None }, false)
            }
            Some(Piece::Lines(block)) => {
                if !items.is_empty() {
                    cells = 0;
                    let body = Body::Records(std::mem::take(&mut items));
                    if tx.send(Chunk { body, io_error: None }).is_err() {
                        return;
                    }
                }
                (Chunk { body: Body::Lines(block), io_error: None }, false)
            }
        };
        let empty = matches!(&chunk.body, Body::Records(r) if r.is_empty());
        if (empty && chunk.io_error.is_none()) || tx.send(chunk).is_err() || ended {
            return;
        }
    }
}

/// What one part of a chunk gave: its output, its messages (the first
/// [`MAX_MESSAGES`], and how many more), its worst status, and how many
/// puzzles it answered (fewer than it holds after Ctrl-C).
struct PartOut {
    out: String,
    messages: Vec<String>,
    more_messages: usize,
    worst: Status,
    done: u64,
    interrupted: bool,
}

impl PartOut {
    fn new(capacity: usize) -> PartOut {
        PartOut {
            out: String::with_capacity(capacity),
            messages: Vec::new(),
            more_messages: 0,
            worst: Status::Ok,
            done: 0,
            interrupted: false,
        }
    }

    /// Runs one puzzle (or reports its parse error) unless Ctrl-C was
    /// pressed; false when it was.
    fn answer<F>(
        &mut self,
        item: Result<&Record, &ReadError>,
        index: u64,
        run: &mut Runner<'_, F>,
    ) -> bool
    where
        F: Fn(&mut Solver, u64, &Record, &mut String) -> Outcome + Sync,
    {
        // After Ctrl-C no new puzzle is started; the answers before the
        // first skipped one are still written, whole.
        if crate::interrupt::requested() {
            self.interrupted = true;
            return false;
        }
        let outcome = match item {
            Ok(rec) => (run.work)(run.solver, index, rec, &mut self.out),
            Err(e) => input_error(e, run.json, &mut self.out),
        };
        self.worst = self.worst.max(outcome.status);
        if let Some(msg) = outcome.message {
            if self.messages.len() < MAX_MESSAGES {
                self.messages.push(msg);
            } else {
                self.more_messages += 1;
            }
        }
        self.done += 1;
        true
    }
}

/// A worker's view of the job: its solver, the work, the output mode.
struct Runner<'a, F> {
    solver: &'a mut Solver,
    work: &'a F,
    json: bool,
}

/// What is the same for every chunk of a run.
struct Job<'a, F> {
    pool: &'a rayon::ThreadPool,
    json: bool,
    limits: Limits,
    lines: bool,
    work: &'a F,
}

impl<F> Job<'_, F>
where
    F: Fn(&mut Solver, u64, &Record, &mut String) -> Outcome + Sync,
{
    /// Parses, answers and formats one part of a line block.
    fn lines_part(&self, solver: &mut Solver, part: &LinePart<'_>) -> PartOut {
        let mut po = PartOut::new(part_capacity(part.len()));
        let mut run = Runner { solver, work: self.work, json: self.json };
        let mut records = part.records();
        while let Some(item) = records.next_record() {
            // Line blocks are only read for runs that ignore the index.
            let item = item.map_err(ReadError::Parse);
            let item = match &item {
                Ok(rec) => Ok(*rec),
                Err(e) => Err(e),
            };
            if !po.answer(item, 0, &mut run) {
                break;
            }
        }
        po
    }

    /// Answers and formats one part of a chunk of records, the first with
    /// global index `base`.
    fn records_part(
        &self,
        solver: &mut Solver,
        base: u64,
        items: &[Result<Record, ReadError>],
    ) -> PartOut {
        let mut po = PartOut::new(0);
        let mut run = Runner { solver, work: self.work, json: self.json };
        for (i, item) in items.iter().enumerate() {
            if !po.answer(item.as_ref(), base + i as u64, &mut run) {
                break;
            }
        }
        po
    }

    /// Runs one input: a reader thread reads chunks ahead (at most
    /// [`CHANNEL_CHUNKS`] waiting, so memory stays bounded) while this
    /// thread has each chunk's parts answered on the pool and writes them.
    fn run_file<R: BufRead + Send>(
        &self,
        reader: Reader<R>,
        name: &str,
        out: &mut impl Write,
        state: &mut RunState,
        progress: &Progress,
    ) -> Result<()> {
        let (tx, rx) = sync_channel::<Chunk>(CHANNEL_CHUNKS);
        let (spare_tx, spare_rx) = sync_channel::<Vec<u8>>(CHANNEL_CHUNKS + 2);
        let lines = self.lines;
        std::thread::scope(|scope| {
            scope.spawn(move || read_chunks(reader, lines, tx, spare_rx));
            let limits = self.limits;
            let new_solver = || Solver::with_limits(limits);
            let mut solver = new_solver();
            let serial = self.pool.current_num_threads() == 1;
            for chunk in rx {
                let parts: Vec<PartOut> = match &chunk.body {
                    Body::Lines(block) => {
                        let parts = block.parts();
                        if serial {
                            parts.iter().map(|p| self.lines_part(&mut solver, p)).collect()
                        } else {
                            self.pool.install(|| {
                                parts
                                    .par_iter()
                                    .with_max_len(1)
                                    .map_init(new_solver, |s, p| self.lines_part(s, p))
                                    .collect()
                            })
                        }
                    }
                    Body::Records(items) => {
                        let base = state.puzzles;
                        let parts: Vec<(u64, &[Result<Record, ReadError>])> = items
                            .chunks(PART_RECORDS)
                            .enumerate()
                            .map(|(k, p)| (base + (k * PART_RECORDS) as u64, p))
                            .collect();
                        if serial {
                            parts
                                .iter()
                                .map(|&(b, p)| self.records_part(&mut solver, b, p))
                                .collect()
                        } else {
                            self.pool.install(|| {
                                parts
                                    .par_iter()
                                    .with_max_len(1)
                                    .map_init(new_solver, |s, &(b, p)| self.records_part(s, b, p))
                                    .collect()
                            })
                        }
                    }
                };
                for part in parts {
                    out.write_all(part.out.as_bytes())?;
                    state.worst = state.worst.max(part.worst);
                    state.puzzles += part.done;
                    for msg in part.messages {
                        state.messages += 1;
                        if state.messages <= MAX_MESSAGES {
                            progress.bar.suspend(|| eprintln!("sudokit: {name}: {msg}"));
                        }
                    }
                    state.messages += part.more_messages;
                    if part.interrupted {
                        out.flush()?;
                        crate::interrupt::exit(state.puzzles);
                    }
                }
                out.flush()?;
                if crate::interrupt::requested() {
                    crate::interrupt::exit(state.puzzles);
                }
                progress.update(state.puzzles);
                if let Some(e) = chunk.io_error {
                    return Err(anyhow::Error::new(e).context(format!("cannot read {name}")));
                }
                if let Body::Lines(block) = chunk.body {
                    let _ = spare_tx.try_send(block.into_buffer());
                }
            }
            Ok(())
        })
    }
}

/// The output capacity to reserve for a part of `bytes` input bytes:
/// enough for short answers (counts, verdicts) without growing.
fn part_capacity(bytes: usize) -> usize {
    bytes / 16 + 64
}

/// The output line and message for a puzzle that could not be read.
fn input_error(e: &ReadError, json: bool, out: &mut String) -> Outcome {
    let text = e.to_string();
    if json {
        let line = serde_json::json!({ "error": { "code": "input", "message": text } });
        let _ = writeln!(out, "{line}");
    } else {
        let _ = writeln!(out, "error: {text}");
    }
    Outcome { message: Some(text), status: Status::Input }
}

/// A reader that counts the bytes read, for the progress bar.
struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A progress bar on stderr (hidden unless stderr is a terminal): bytes of a
/// file, or a puzzle count for standard input.
struct Progress {
    bar: ProgressBar,
    read: Arc<AtomicU64>,
    by_bytes: bool,
}

impl Progress {
    fn new(visible: bool, total: Option<u64>, name: &str) -> Progress {
        let bar = match total {
            Some(len) => ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden())
                .with_style(
                    ProgressStyle::with_template(
                        "{msg} [{bar:30}] {bytes}/{total_bytes} ({elapsed}, eta {eta})",
                    )
                    .expect("valid template")
                    .progress_chars("=> "),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()).with_style(
                ProgressStyle::with_template(
                    "{spinner} {msg}: {pos} puzzles ({per_sec}, {elapsed})",
                )
                .expect("valid template"),
            ),
        };
        if visible {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        bar.set_message(short_name(name));
        Progress { bar, read: Arc::new(AtomicU64::new(0)), by_bytes: total.is_some() }
    }

    fn update(&self, puzzles: u64) {
        if self.by_bytes {
            self.bar.set_position(self.read.load(Ordering::Relaxed));
        } else {
            self.bar.set_position(puzzles);
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

fn short_name(name: &str) -> String {
    Path::new(name).file_name().map_or(name.to_string(), |n| n.to_string_lossy().into_owned())
}
