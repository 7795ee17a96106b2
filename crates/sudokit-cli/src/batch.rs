/*!
The streaming batch runner shared by `solve`, `count` and `validate`.

Input is read a chunk at a time (at most [`CHUNK_RECORDS`] puzzles or
[`CHUNK_CELLS`] cells), the chunk is processed in parallel on a rayon pool,
and the results are written in input order; meanwhile a reader thread parses
the next chunks (at most two wait in a bounded channel).
So memory stays bounded by one chunk whatever the input size, and the output
is byte-identical for every `--jobs` value: each puzzle's result depends only
on the puzzle, and the order is fixed by the chunk.

A puzzle that cannot be parsed gets an `error:` line in its place (a JSON
object in JSON mode) and makes the exit status 2; the rest of the batch is
still processed. An I/O error ends the run.
*/

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, sync_channel};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use sudokit::format::{ReadError, Reader, Record};
use sudokit::solve::{Limits, Solver};

use crate::args::{InputArgs, RunArgs};

/// Most puzzles in one chunk.
const CHUNK_RECORDS: usize = 4096;
/// Most cells in one chunk (so a chunk of 64x64 boards stays small).
const CHUNK_CELLS: usize = 1 << 20;
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

/// Runs `work` on every puzzle of the inputs and writes the results in order.
/// Returns the worst status seen.
pub fn run<F>(input: &InputArgs, run: RunArgs, json: bool, work: F) -> Result<Status>
where
    F: Fn(&mut Solver, &Record) -> Item + Sync,
{
    run_indexed(input, run, json, |solver, _, rec| work(solver, rec))
}

/// Like [`run`], with every puzzle's search bounded by `limits`.
pub fn run_limited<F>(
    input: &InputArgs,
    run: RunArgs,
    limits: Limits,
    json: bool,
    work: F,
) -> Result<Status>
where
    F: Fn(&mut Solver, &Record) -> Item + Sync,
{
    run_batch(input, run, limits, json, |solver, _, rec| work(solver, rec))
}

/// Like [`run`], and `work` also gets the record's global index: its
/// 0-based position among all records of all inputs (unreadable ones
/// included, comments and blank lines not), the same for every `--jobs`.
pub fn run_indexed<F>(input: &InputArgs, run: RunArgs, json: bool, work: F) -> Result<Status>
where
    F: Fn(&mut Solver, u64, &Record) -> Item + Sync,
{
    run_batch(input, run, Limits::default(), json, work)
}

fn run_batch<F>(
    input: &InputArgs,
    run: RunArgs,
    limits: Limits,
    json: bool,
    work: F,
) -> Result<Status>
where
    F: Fn(&mut Solver, u64, &Record) -> Item + Sync,
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
        run_file(&pool, reader, &name, json, limits, &work, &mut out, &mut state, &progress)?;
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

/// A chunk of input as read: records and parse errors in order, and the I/O
/// error that ended the input early, if any.
struct Chunk {
    items: Vec<Result<Record, ReadError>>,
    io_error: Option<io::Error>,
}

/// Reads chunks and sends them until the input ends, an I/O error occurs, or
/// the receiver hangs up.
fn read_chunks<R: BufRead>(mut reader: Reader<R>, tx: SyncSender<Chunk>) {
    loop {
        let mut items = Vec::with_capacity(CHUNK_RECORDS);
        let mut cells = 0;
        let mut io_error = None;
        let mut ended = false;
        while items.len() < CHUNK_RECORDS && cells < CHUNK_CELLS {
            match reader.next() {
                None => {
                    ended = true;
                    break;
                }
                Some(Err(ReadError::Io(e))) => {
                    io_error = Some(e);
                    ended = true;
                    break;
                }
                Some(item) => {
                    if let Ok(rec) = &item {
                        cells += rec.grid.shape().cell_count();
                    }
                    items.push(item);
                }
            }
        }
        let empty = items.is_empty() && io_error.is_none();
        if empty || tx.send(Chunk { items, io_error }).is_err() || ended {
            return;
        }
    }
}

/// Runs one input through `work`: a reader thread parses chunks ahead (at
/// most [`CHANNEL_CHUNKS`] waiting, so memory stays bounded) while this
/// thread solves the current chunk on the pool and writes its results.
#[allow(clippy::too_many_arguments)]
fn run_file<R: BufRead + Send, F>(
    pool: &rayon::ThreadPool,
    reader: Reader<R>,
    name: &str,
    json: bool,
    limits: Limits,
    work: &F,
    out: &mut impl Write,
    state: &mut RunState,
    progress: &Progress,
) -> Result<()>
where
    F: Fn(&mut Solver, u64, &Record) -> Item + Sync,
{
    let (tx, rx) = sync_channel::<Chunk>(CHANNEL_CHUNKS);
    std::thread::scope(|scope| {
        scope.spawn(move || read_chunks(reader, tx));
        let new_solver = || Solver::with_limits(limits);
        let mut solver = new_solver();
        for chunk in rx {
            let base = state.puzzles;
            // After Ctrl-C no new puzzle is started (`None`); the answers
            // before the first skipped one are still written, whole.
            let process = |solver: &mut Solver, (i, item): (usize, &Result<Record, ReadError>)| {
                if crate::interrupt::requested() {
                    return None;
                }
                Some(match item {
                    Ok(rec) => work(solver, base + i as u64, rec),
                    Err(e) => input_error(e, json),
                })
            };
            let items: Vec<Option<Item>> = if pool.current_num_threads() == 1 {
                chunk.items.iter().enumerate().map(|item| process(&mut solver, item)).collect()
            } else {
                pool.install(|| {
                    chunk.items.par_iter().enumerate().map_init(new_solver, process).collect()
                })
            };
            for (i, item) in items.into_iter().enumerate() {
                let Some(item) = item else {
                    out.flush()?;
                    crate::interrupt::exit(state.puzzles + i as u64);
                };
                out.write_all(item.out.as_bytes())?;
                state.worst = state.worst.max(item.status);
                if let Some(msg) = item.message {
                    state.messages += 1;
                    if state.messages <= MAX_MESSAGES {
                        progress.bar.suspend(|| eprintln!("sudokit: {name}: {msg}"));
                    }
                }
            }
            state.puzzles += chunk.items.len() as u64;
            out.flush()?;
            if crate::interrupt::requested() {
                crate::interrupt::exit(state.puzzles);
            }
            progress.update(state.puzzles);
            if let Some(e) = chunk.io_error {
                return Err(anyhow::Error::new(e).context(format!("cannot read {name}")));
            }
        }
        Ok(())
    })
}

/// The output line and message for a puzzle that could not be read.
fn input_error(e: &ReadError, json: bool) -> Item {
    let text = e.to_string();
    let out = if json {
        format!("{}\n", serde_json::json!({ "error": { "code": "input", "message": text } }))
    } else {
        format!("error: {text}\n")
    };
    Item { out, message: Some(text), status: Status::Input }
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
