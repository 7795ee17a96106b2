/*!
Reading `line`-format input in blocks that are parsed elsewhere: the
reading for a batch runner that parses and answers puzzles on several
threads.

# Overview
- [`Blocks`]: an iterator over a [`Reader`]'s input that gives
  [`Piece`]s, each a [`LineBlock`] of raw whole lines (`line` format,
  given or detected) or one parsed record (other formats, and the lines
  read ahead while detecting the format).
- [`LineBlock`]: whole lines, about the block size given to [`Blocks`],
  cut at line boundaries into [`LinePart`]s of about the part size.
- [`LinePart::records`]: a part's records and parse errors as
  [`LineRecords`], numbered by their input lines.

The parts of a block are independent and `Send`, so they can be parsed on
other threads; their records and errors, with their line numbers, are
exactly those [`Reader`] gives for the same lines one at a time (both go
through the same line classification and the same line parser). The
reading side only copies bytes and counts newlines; a plain 9x9 line is
parsed into a reused record without a heap allocation.

# Example
```
use sudokit::format::batch::{Blocks, Piece};
use sudokit::format::{ReadOptions, Reader};

let text = "1...2...3...4...\n\n12.4............ # second\n";
let reader = Reader::new(text.as_bytes(), ReadOptions::default());
let mut blocks = Blocks::new(reader, 1 << 16, 1 << 12);
let mut lines = Vec::new();
while let Some(piece) = blocks.next() {
    match piece {
        Piece::Record(item) => lines.push(item.unwrap().line),
        Piece::Lines(block) => {
            // Each part could go to a thread of its own.
            for part in block.parts() {
                let mut records = part.records();
                while let Some(item) = records.next_record() {
                    lines.push(item.unwrap().line);
                }
            }
            // The block's buffer serves the next block.
            blocks.recycle(block);
        }
    }
}
assert_eq!(lines, [1, 3]);
```
*/

use std::io::BufRead;

use super::error::ReadError;
use super::{Reader, Record};

pub use super::lines::{LineBlock, LinePart, LineRecords};

/// One step of [`Blocks`].
#[derive(Debug)]
pub enum Piece {
    /// Whole lines of `line`-format input, for the caller to parse (see
    /// [`LineBlock`]).
    Lines(LineBlock),
    /// One record or error, as the [`Reader`] gives it.
    Record(Result<Record, ReadError>),
}

/// A [`Reader`]'s input in blocks of raw lines (see the
/// [module documentation](self)).
///
/// In the `line` format each item is a [`LineBlock`] of whole lines, at
/// least the block size unless the input ends, in parts of at least the
/// part size (but the last); otherwise, and for the lines read ahead while
/// detecting the format, each item is the next record as the reader gives
/// it. An I/O error comes as a [`Piece::Record`] after the whole lines read
/// before it, and ends the iteration.
#[derive(Debug)]
pub struct Blocks<R> {
    reader: Reader<R>,
    block_bytes: usize,
    part_bytes: usize,
    /// The buffer the next block is read into.
    spare: Vec<u8>,
}

impl<R: BufRead> Blocks<R> {
    /// Blocks of at least `block_bytes` bytes from `reader`, cut into
    /// parts of at least `part_bytes` bytes. A block or part holds whole
    /// lines, so it can be longer by up to one line (a line longer than
    /// [`MAX_LINE`](super::MAX_LINE) keeps only what it takes to report it).
    pub fn new(reader: Reader<R>, block_bytes: usize, part_bytes: usize) -> Blocks<R> {
        Blocks { reader, block_bytes, part_bytes, spare: Vec::new() }
    }

    /// Gives back a block once its parts are parsed, so its buffer holds
    /// the next block instead of a new one (of two spare buffers, the
    /// larger is kept).
    pub fn recycle(&mut self, block: LineBlock) {
        let buf = block.into_buffer();
        if buf.capacity() > self.spare.capacity() {
            self.spare = buf;
        }
    }

    /// The reader (its format, the lines read so far).
    pub fn reader(&self) -> &Reader<R> {
        &self.reader
    }
}

impl<R: BufRead> Iterator for Blocks<R> {
    type Item = Piece;

    fn next(&mut self) -> Option<Piece> {
        self.reader.next_piece(&mut self.spare, self.block_bytes, self.part_bytes)
    }
}

impl<R: BufRead> std::iter::FusedIterator for Blocks<R> {}
