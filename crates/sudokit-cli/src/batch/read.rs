//! The reader thread's side of a batch: the input cut into chunks (blocks
//! of raw lines, or parsed records), and a byte counter for the progress
//! bar. The reader only reads and cuts; parsing a block's lines happens in
//! the parts (`part.rs`), off this thread.

use std::io::{self, BufRead, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Receiver;

use sudokit::format::batch::{Blocks, LineBlock, Piece};
use sudokit::format::{ReadError, Reader, Record};

use super::{BLOCK_BYTES, CHUNK_CELLS, CHUNK_RECORDS, PART_BYTES};

/// A chunk of input as read: records and parse errors in order, or a block
/// of lines; and the I/O error that ended the input early, if any.
pub(super) struct Chunk {
    pub(super) body: Body,
    pub(super) io_error: Option<io::Error>,
}

pub(super) enum Body {
    Records(Vec<Result<Record, ReadError>>),
    Lines(LineBlock),
}

/// Where the pieces come from: blocks of lines and records, or records
/// only.
enum Source<R> {
    Blocks(Blocks<R>),
    Records(Reader<R>),
}

/// Reads chunks and hands them to `send` until the input ends, an I/O
/// error occurs, or `send` says the receiver is gone. Blocks of lines (with
/// `lines`, in the line format) go as they come; records are gathered into
/// chunks. Blocks already processed come back through `spare`, so their
/// buffers are read into again.
pub(super) fn read_chunks<R: BufRead>(
    reader: Reader<R>,
    lines: bool,
    mut send: impl FnMut(Chunk) -> bool,
    spare: Receiver<LineBlock>,
) {
    let mut source = if lines {
        Source::Blocks(Blocks::new(reader, BLOCK_BYTES, PART_BYTES))
    } else {
        Source::Records(reader)
    };
    let mut items = Vec::new();
    let mut cells = 0;
    loop {
        let piece = match &mut source {
            Source::Blocks(blocks) => {
                if let Ok(old) = spare.try_recv() {
                    blocks.recycle(old);
                }
                blocks.next()
            }
            Source::Records(reader) => reader.next().map(Piece::Record),
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

/// A reader that counts the bytes read, for the progress bar.
pub(super) struct Counting<R> {
    pub(super) inner: R,
    pub(super) read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}
