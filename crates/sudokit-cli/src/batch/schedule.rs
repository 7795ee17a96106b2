//! Who answers which part when: with one job, every part on this thread
//! as its chunk arrives; with several, every part a task on the pool whose
//! answer comes back as an [`Event`], written in order by this thread.
//! At most [`CHANNEL_CHUNKS`]` + 1` chunks are handed out at once (a token
//! each), so memory stays bounded; a panicking worker sends
//! [`Event::Lost`] on unwinding, so the writer never waits forever.
//!
//! Stopping (see `stop.rs`): the reader thread is not joined, so a reader
//! blocked on a silent standard input never holds up the end of a run; the
//! writer waits for input at most [`POLL`] at a time and then looks at the
//! stop flag. After a stop no more chunks are queued; the parts in flight
//! end within milliseconds (their searches watch the same flag) and are
//! written in order up to the first puzzle left unanswered. The writer
//! writes its buffer out whenever it has nothing ready to write, so
//! answers stream out as they are made.

use std::collections::{HashMap, VecDeque};
use std::io::{self, BufRead};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::{Result, bail};
use sudokit::format::batch::{LineBlock, LinePart};
use sudokit::format::{ReadError, Reader, Record};
use sudokit::solve::{Limits, Solver};

use super::part::{PartOut, Runner, part_capacity};
use super::read::{Body, Chunk, read_chunks};
use super::write::{Progress, Writer};
use super::{CHANNEL_CHUNKS, Outcome, RunState};
use crate::sink;
use crate::stop::{self, Cause, Stopped};

/// The longest the writer waits for news before it looks at the stop flag.
const POLL: Duration = Duration::from_millis(20);

/// What is the same for every chunk of a run.
pub(super) struct Job<'a, F> {
    pub(super) pool: &'a rayon::ThreadPool,
    pub(super) json: bool,
    pub(super) limits: Limits,
    pub(super) lines: bool,
    pub(super) work: &'a F,
    /// Records in one part of a chunk of parsed records.
    pub(super) part_records: usize,
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

/// What [`Job::queue_parts`] spawns with: the pool's scope, the free
/// solvers, and the writer's event channel.
#[derive(Clone, Copy)]
struct Tasks<'a, 's> {
    tasks: &'a rayon::Scope<'s>,
    solvers: &'s Mutex<Vec<Solver>>,
    events: &'a Sender<Event>,
}

/// What queuing a chunk's parts gave: the part count after them, the
/// records seen after them, and the block (to recycle its buffer).
struct Queued {
    end: u64,
    seen: u64,
    block: Option<Arc<LineBlock>>,
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
    /// [`CHANNEL_CHUNKS`] waiting, so memory stays bounded) while the parts
    /// are answered (on this thread with one job, on the pool otherwise)
    /// and this thread writes them in order.
    pub(super) fn run_file<R: BufRead + Send + 'static>(
        &self,
        reader: Reader<R>,
        name: &str,
        state: &mut RunState,
        progress: &Progress,
    ) -> Result<()> {
        let mut writer = Writer { state, progress, name };
        let result = if self.pool.current_num_threads() == 1 {
            self.run_serial(reader, &mut writer)
        } else {
            self.run_parallel(reader, &mut writer)
        };
        if result.is_err() {
            // Work still running for this run stops: nobody will write it.
            stop::stop(Cause::Failed);
        }
        result
    }

    /// One job: each chunk's parts answered and written on this thread.
    fn run_serial<R: BufRead + Send + 'static>(
        &self,
        reader: Reader<R>,
        writer: &mut Writer<'_>,
    ) -> Result<()> {
        let (tx, rx) = sync_channel::<Chunk>(CHANNEL_CHUNKS);
        let (spare_tx, spare_rx) = sync_channel::<LineBlock>(CHANNEL_CHUNKS + 2);
        let lines = self.lines;
        // Not joined (see the module docs): it ends when the input does, or
        // when this side drops the channel.
        std::thread::spawn(move || read_chunks(reader, lines, |c| tx.send(c).is_ok(), spare_rx));
        let mut solver = Solver::with_limits(self.limits.clone()).with_house_crossings();
        while let Some(chunk) = next_or_stop(&rx)? {
            match &chunk.body {
                Body::Lines(block) => {
                    for part in block.parts() {
                        writer.part(self.lines_part(&mut solver, &part))?;
                        sink::flush()?;
                    }
                }
                Body::Records(items) => {
                    let base = writer.state.puzzles;
                    for (k, part) in items.chunks(self.part_records).enumerate() {
                        let first = base + (k * self.part_records) as u64;
                        writer.part(self.records_part(&mut solver, first, part))?;
                        sink::flush()?;
                    }
                }
            }
            writer.chunk_done(chunk.io_error)?;
            if let Body::Lines(block) = chunk.body {
                let _ = spare_tx.try_send(block);
            }
        }
        Ok(())
    }

    /// Several jobs: every part is a task on the pool, which sends its
    /// answer to this thread; this thread writes the parts in order. The
    /// next chunks' parts are queued before the current one's are all done,
    /// so no worker waits at the end of a chunk. At most
    /// [`CHANNEL_CHUNKS`]` + 1` chunks are in flight (a token each).
    fn run_parallel<R: BufRead + Send + 'static>(
        &self,
        reader: Reader<R>,
        writer: &mut Writer<'_>,
    ) -> Result<()> {
        let (event_tx, events) = channel::<Event>();
        let (token_tx, token_rx) = sync_channel::<()>(CHANNEL_CHUNKS + 1);
        for _ in 0..=CHANNEL_CHUNKS {
            token_tx.send(()).expect("room for every token");
        }
        let (spare_tx, spare_rx) = sync_channel::<LineBlock>(CHANNEL_CHUNKS + 2);
        let solvers: Mutex<Vec<Solver>> = Mutex::new(Vec::new());
        let lines = self.lines;
        let reader_tx = event_tx.clone();
        // Not joined (see the module docs): it ends when the input does, or
        // when this side drops the channels.
        std::thread::spawn(move || {
            let end = OnDrop(reader_tx.clone(), Some(Event::End));
            let send =
                |chunk| token_rx.recv().is_ok() && reader_tx.send(Event::Chunk(chunk)).is_ok();
            read_chunks(reader, lines, send, spare_rx);
            drop(end);
        });
        self.pool.in_place_scope(|tasks| {
            let result = (|| -> Result<()> {
                // `seen`: records in chunks handed out, for the global index.
                let (mut queued, mut written) = (0u64, 0u64);
                let mut seen = writer.state.puzzles;
                let mut ready: HashMap<u64, PartOut> = HashMap::new();
                let mut chunks: VecDeque<InFlight> = VecDeque::new();
                let mut reading = true;
                while reading || !chunks.is_empty() {
                    let event = match events.try_recv() {
                        Ok(event) => event,
                        Err(_) => {
                            // Nothing at hand: what is written so far goes out.
                            sink::flush()?;
                            match events.recv_timeout(POLL) {
                                Ok(event) => event,
                                Err(RecvTimeoutError::Timeout) => {
                                    // After a stop, no more input is waited for.
                                    reading &= !stop::requested();
                                    continue;
                                }
                                Err(RecvTimeoutError::Disconnected) => {
                                    unreachable!("this thread holds a sender")
                                }
                            }
                        }
                    };
                    match event {
                        Event::Chunk(_) if stop::requested() => reading = false,
                        Event::Chunk(chunk) => {
                            let ctx = Tasks { tasks, solvers: &solvers, events: &event_tx };
                            let q = self.queue_parts(ctx, chunk.body, queued, seen);
                            (queued, seen) = (q.end, q.seen);
                            let io_error = chunk.io_error;
                            chunks.push_back(InFlight { end: q.end, io_error, block: q.block });
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
                            if let Some(block) = done.block.and_then(|b| Arc::try_unwrap(b).ok()) {
                                let _ = spare_tx.try_send(block);
                            }
                        } else if let Some(po) = ready.remove(&written) {
                            writer.part(po)?;
                            written += 1;
                        } else {
                            break;
                        }
                    }
                }
                if stop::requested() {
                    return Err(Stopped::now());
                }
                Ok(())
            })();
            // The scope waits for the tasks still queued: they stop at once
            // when the writer has given up.
            if result.is_err() {
                stop::stop(Cause::Failed);
            }
            result
        })
        // Dropping the channels here unblocks a reader waiting for a token
        // or sending a chunk, so it ends.
    }

    /// Queues the parts of a chunk's `body` on the pool, numbered from
    /// `first` (parts counted over the whole input); `seen` records came in
    /// chunks before (for the global index). Each task sends its answer,
    /// or [`Event::Lost`] if it unwinds.
    fn queue_parts<'s>(&'s self, ctx: Tasks<'_, 's>, body: Body, first: u64, seen: u64) -> Queued {
        match body {
            Body::Lines(block) => {
                let block = Arc::new(block);
                for k in 0..block.part_count() {
                    let (block, solvers) = (Arc::clone(&block), ctx.solvers);
                    let guard = OnDrop(ctx.events.clone(), Some(Event::Lost));
                    ctx.tasks.spawn(move |_| {
                        let po = self
                            .with_solver(solvers, |solver| self.lines_part(solver, &block.part(k)));
                        drop(block);
                        guard.send(Event::Part(first + k as u64, po));
                    });
                }
                let end = first + block.part_count() as u64;
                Queued { end, seen, block: Some(block) }
            }
            Body::Records(items) => {
                let items = Arc::new(items);
                let (size, parts) = (self.part_records, items.len().div_ceil(self.part_records));
                for k in 0..parts {
                    let (items, solvers) = (Arc::clone(&items), ctx.solvers);
                    let guard = OnDrop(ctx.events.clone(), Some(Event::Lost));
                    ctx.tasks.spawn(move |_| {
                        let at = k * size;
                        let part = &items[at..items.len().min(at + size)];
                        let po = self.with_solver(solvers, |solver| {
                            self.records_part(solver, seen + at as u64, part)
                        });
                        guard.send(Event::Part(first + k as u64, po));
                    });
                }
                Queued { end: first + parts as u64, seen: seen + items.len() as u64, block: None }
            }
        }
    }

    /// Runs `f` with a solver from `solvers` (a new one if none is free).
    fn with_solver<T>(&self, solvers: &Mutex<Vec<Solver>>, f: impl FnOnce(&mut Solver) -> T) -> T {
        let free = solvers.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let mut solver =
            free.unwrap_or_else(|| Solver::with_limits(self.limits.clone()).with_house_crossings());
        let result = f(&mut solver);
        solvers.lock().unwrap_or_else(PoisonError::into_inner).push(solver);
        result
    }
}

/// The next chunk from the reader, `None` at the end of the input; waits at
/// most [`POLL`] at a time, and gives [`Stopped`] once the run must stop.
fn next_or_stop(rx: &Receiver<Chunk>) -> Result<Option<Chunk>> {
    loop {
        if stop::requested() {
            return Err(Stopped::now());
        }
        match rx.recv_timeout(POLL) {
            Ok(chunk) => return Ok(Some(chunk)),
            Err(RecvTimeoutError::Timeout) => sink::flush()?,
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
        }
    }
}
