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

Ctrl-C: a part checks the flag before each puzzle and stops; the writer
writes every part before the first one that stopped, that part's answers
up to where it stopped, and ends the process (see `interrupt.rs`).

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

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
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
/// The size of one part of a block (about 400 9x9 lines, a few tenths of a
/// millisecond of 9x9 work): a task on the pool and one message to the
/// writer each, so not much smaller; and the parts of the next blocks are
/// queued before a block ends, so no worker waits for the others.
const PART_BYTES: usize = 1 << 15;
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
    let job = Job { pool: &pool, json, limits, lines, work: &work, stop: AtomicBool::new(false) };
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

/// Reads chunks and hands them to `send` until the input ends, an I/O
/// error occurs, or `send` says the receiver is gone. Blocks of lines (with
/// `lines`, in the line format) go as they come; records are gathered into
/// chunks. Buffers of blocks already processed come back through `spare`.
fn read_chunks<R: BufRead>(
    mut reader: Reader<R>,
    lines: bool,
    mut send: impl FnMut(Chunk) -> bool,
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
                    if !send(Chunk { body, io_error: None }) {
                        return;
                    }
                }
                (Chunk { body: Body::Lines(block), io_error: None }, false)
            }
        };
        let empty = matches!(&chunk.body, Body::Records(r) if r.is_empty());
        if (empty && chunk.io_error.is_none()) || !send(chunk) || ended {
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
    /// Set when the writer gave up (an output or input error): parts still
    /// running stop early, as nobody will write them.
    stop: AtomicBool,
}

/// Messages to the writer of a parallel run.
enum Event {
    /// A chunk read.
    Chunk(Chunk),
    /// Part number `.0` (counted over the whole input) is answered.
    Part(u64, PartOut),
    /// A part's worker panicked (the panic itself reaches the caller when
    /// the pool's scope ends).
    Lost,
    /// The reader is done.
    End,
}

/// Sends `.1` to the writer when dropped: the reader's [`Event::End`], or a
/// worker's [`Event::Lost`] if it unwinds before sending its part.
struct OnDrop(Sender<Event>, Option<Event>);

impl OnDrop {
    /// Sends `event` instead.
    fn send(mut self, event: Event) {
        self.1 = Some(event);
    }
}

impl Drop for OnDrop {
    fn drop(&mut self) {
        if let Some(event) = self.1.take() {
            let _ = self.0.send(event);
        }
    }
}

/// A chunk handed to the pool and not yet all written: where its parts
/// end, its I/O error, and its block (to recycle the buffer).
struct InFlight {
    end: u64,
    io_error: Option<io::Error>,
    block: Option<Arc<LineBlock>>,
}

impl<F> Job<'_, F>
where
    F: Fn(&mut Solver, u64, &Record, &mut String) -> Outcome + Sync,
{
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

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
            if self.stopped() || !po.answer(item, 0, &mut run) {
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
            if self.stopped() || !po.answer(item.as_ref(), base + i as u64, &mut run) {
                break;
            }
        }
        po
    }

    /// Runs one input: a reader thread reads chunks ahead (at most
    /// [`CHANNEL_CHUNKS`] waiting, so memory stays bounded) while the parts
    /// are answered (on this thread with one job, on the pool otherwise)
    /// and this thread writes them in order.
    fn run_file<R: BufRead + Send>(
        &self,
        reader: Reader<R>,
        name: &str,
        out: &mut impl Write,
        state: &mut RunState,
        progress: &Progress,
    ) -> Result<()> {
        let mut writer = Writer { out, state, progress, name };
        let result = if self.pool.current_num_threads() == 1 {
            self.run_serial(reader, &mut writer)
        } else {
            self.run_parallel(reader, &mut writer)
        };
        if result.is_err() {
            self.stop.store(true, Ordering::Relaxed);
        }
        result
    }

    /// One job: each chunk's parts answered and written on this thread.
    fn run_serial<R: BufRead + Send>(
        &self,
        reader: Reader<R>,
        writer: &mut Writer<'_, impl Write>,
    ) -> Result<()> {
        let (tx, rx) = sync_channel::<Chunk>(CHANNEL_CHUNKS);
        let (spare_tx, spare_rx) = sync_channel::<Vec<u8>>(CHANNEL_CHUNKS + 2);
        let lines = self.lines;
        std::thread::scope(|scope| {
            scope.spawn(move || read_chunks(reader, lines, |c| tx.send(c).is_ok(), spare_rx));
            let mut solver = Solver::with_limits(self.limits);
            for chunk in rx {
                match &chunk.body {
                    Body::Lines(block) => {
                        for part in block.parts() {
                            writer.part(self.lines_part(&mut solver, &part))?;
                        }
                    }
                    Body::Records(items) => {
                        let base = writer.state.puzzles;
                        for (k, part) in items.chunks(PART_RECORDS).enumerate() {
                            let first = base + (k * PART_RECORDS) as u64;
                            writer.part(self.records_part(&mut solver, first, part))?;
                        }
                    }
                }
                writer.chunk_done(chunk.io_error)?;
                if let Body::Lines(block) = chunk.body {
                    let _ = spare_tx.try_send(block.into_buffer());
                }
            }
            Ok(())
        })
    }

    /// Several jobs: every part is a task on the pool, which sends its
    /// answer to this thread; this thread writes the parts in order. The
    /// next chunks' parts are queued before the current one's are all done,
    /// so no worker waits at the end of a chunk. At most
    /// [`CHANNEL_CHUNKS`]` + 1` chunks are in flight (a token each).
    fn run_parallel<R: BufRead + Send>(
        &self,
        reader: Reader<R>,
        writer: &mut Writer<'_, impl Write>,
    ) -> Result<()> {
        let (event_tx, events) = channel::<Event>();
        let (token_tx, token_rx) = sync_channel::<()>(CHANNEL_CHUNKS + 1);
        for _ in 0..=CHANNEL_CHUNKS {
            token_tx.send(()).expect("room for every token");
        }
        let (spare_tx, spare_rx) = sync_channel::<Vec<u8>>(CHANNEL_CHUNKS + 2);
        let solvers: Mutex<Vec<Solver>> = Mutex::new(Vec::new());
        let lines = self.lines;
        std::thread::scope(|scope| {
            let reader_tx = event_tx.clone();
            scope.spawn(move || {
                let end = OnDrop(reader_tx.clone(), Some(Event::End));
                let send =
                    |chunk| token_rx.recv().is_ok() && reader_tx.send(Event::Chunk(chunk)).is_ok();
                read_chunks(reader, lines, send, spare_rx);
                drop(end);
            });
            let result = self.pool.in_place_scope(|tasks| {
                let result = (|| -> Result<()> {
                    // `seen`: records in chunks handed out, for the global index.
                    let (mut queued, mut written) = (0u64, 0u64);
                    let mut seen = writer.state.puzzles;
                    let mut ready: HashMap<u64, PartOut> = HashMap::new();
                    let mut chunks: VecDeque<InFlight> = VecDeque::new();
                    let mut reading = true;
                    while reading || !chunks.is_empty() {
                        match events.recv().expect("this thread holds a sender") {
                            Event::Chunk(chunk) => {
                                let first = queued;
                                let block = match chunk.body {
                                    Body::Lines(block) => {
                                        let block = Arc::new(block);
                                        for k in 0..block.part_count() {
                                            let (block, solvers) = (Arc::clone(&block), &solvers);
                                            let guard = OnDrop(event_tx.clone(), Some(Event::Lost));
                                            tasks.spawn(move |_| {
                                                let po = self.with_solver(solvers, |solver| {
                                                    self.lines_part(solver, &block.part(k))
                                                });
                                                drop(block);
                                                guard.send(Event::Part(first + k as u64, po));
                                            });
                                        }
                                        queued += block.part_count() as u64;
                                        Some(block)
                                    }
                                    Body::Records(items) => {
                                        let items = Arc::new(items);
                                        let base = seen;
                                        seen += items.len() as u64;
                                        for k in 0..items.len().div_ceil(PART_RECORDS) {
                                            let (items, solvers) = (Arc::clone(&items), &solvers);
                                            let guard = OnDrop(event_tx.clone(), Some(Event::Lost));
                                            tasks.spawn(move |_| {
                                                let at = k * PART_RECORDS;
                                                let part =
                                                    &items[at..items.len().min(at + PART_RECORDS)];
                                                let po = self.with_solver(solvers, |solver| {
                                                    self.records_part(
                                                        solver,
                                                        base + at as u64,
                                                        part,
                                                    )
                                                });
                                                guard.send(Event::Part(first + k as u64, po));
                                            });
                                            queued += 1;
                                        }
                                        None
                                    }
                                };
                                chunks.push_back(InFlight {
                                    end: queued,
                                    io_error: chunk.io_error,
                                    block,
                                });
                            }
                            Event::Part(seq, po) => {
                                ready.insert(seq, po);
                            }
                            Event::Lost => bail!("a worker thread failed"),
                            Event::End => reading = false,
                        }
                        // Write what is next in order, and close finished chunks.
                        loop {
                            if chunks.front().is_some_and(|c| c.end == written) {
                                let done = chunks.pop_front().expect("a chunk in flight");
                                writer.chunk_done(done.io_error)?;
                                let _ = token_tx.try_send(());
                                if let Some(block) =
                                    done.block.and_then(|b| Arc::try_unwrap(b).ok())
                                {
                                    let _ = spare_tx.try_send(block.into_buffer());
                                }
                            } else if let Some(po) = ready.remove(&written) {
                                writer.part(po)?;
                                written += 1;
                            } else {
                                break;
                            }
                        }
                    }
                    Ok(())
                })();
                // The scope waits for the tasks still queued: they stop at
                // once when the writer has given up.
                if result.is_err() {
                    self.stop.store(true, Ordering::Relaxed);
                }
                result
            });
            // Unblocks a reader waiting for a token or sending a chunk
            // after an error, so it ends and the thread scope can join it.
            drop((token_tx, events));
            result
        })
    }

    /// Runs `f` with a solver from `solvers` (a new one if none is free).
    fn with_solver<T>(&self, solvers: &Mutex<Vec<Solver>>, f: impl FnOnce(&mut Solver) -> T) -> T {
        let free = solvers.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let mut solver = free.unwrap_or_else(|| Solver::with_limits(self.limits));
        let result = f(&mut solver);
        solvers.lock().unwrap_or_else(PoisonError::into_inner).push(solver);
        result
    }
}

/// Writes answered parts in order and keeps the run's tallies.
struct Writer<'a, W> {
    out: &'a mut W,
    state: &'a mut RunState,
    progress: &'a Progress,
    name: &'a str,
}

impl<W: Write> Writer<'_, W> {
    /// Writes one part; after Ctrl-C (the part stopped early) ends the
    /// process once what precedes the first skipped puzzle is out.
    fn part(&mut self, part: PartOut) -> Result<()> {
        self.out.write_all(part.out.as_bytes())?;
        let state = &mut *self.state;
        state.worst = state.worst.max(part.worst);
        state.puzzles += part.done;
        for msg in part.messages {
            state.messages += 1;
            if state.messages <= MAX_MESSAGES {
                let name = self.name;
                self.progress.bar.suspend(|| eprintln!("sudokit: {name}: {msg}"));
            }
        }
        state.messages += part.more_messages;
        if part.interrupted {
            self.out.flush()?;
            crate::interrupt::exit(state.puzzles);
        }
        Ok(())
    }

    /// Ends a chunk whose parts are all written: flushes, honours Ctrl-C,
    /// moves the progress bar, and reports the chunk's I/O error.
    fn chunk_done(&mut self, io_error: Option<io::Error>) -> Result<()> {
        self.out.flush()?;
        if crate::interrupt::requested() {
            crate::interrupt::exit(self.state.puzzles);
        }
        self.progress.update(self.state.puzzles);
        match io_error {
            Some(e) => Err(anyhow::Error::new(e).context(format!("cannot read {}", self.name))),
            None => Ok(()),
        }
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
