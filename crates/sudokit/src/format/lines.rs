/*!
`line`-format input as blocks of whole lines, for callers that parse apart
from reading (a batch runner parsing on its worker threads, say); the
public face is [`batch`](super::batch).

- [`Reader::next_piece`](super::Reader::next_piece) reads a [`LineBlock`]:
  the raw bytes of whole lines, about a given size, cut into [`LinePart`]s
  at line boundaries, each with the number of its first line.
- [`LinePart::records`] parses one part into [`LineRecords`], giving the
  same records and errors, with the same line numbers, as the
  [`Reader`](super::Reader) gives for those lines one at a time (both go
  through the same line classification and the same line parser). The parts
  of a block are independent, so they can be parsed in parallel.

The reading side only copies bytes and counts newlines; the parsing side
reuses one [`Record`] for all the records of a part, and a plain 9x9 line
(81 cells of `1`-`9`, `.`, `0`, then the line end) is parsed into that
record's grid without a heap allocation.

Invariants:
- a block holds whole lines only; the last part may end with a line
  without a newline at the end of the input;
- a line longer than [`MAX_LINE`] keeps only its first `MAX_LINE + 1` bytes
  in the block (the rest is skipped while reading): enough to report it as
  too long, so a block is bounded by its target size plus one such line;
- on an I/O error the block holds the whole lines read before it (a partial
  line is dropped), as the line-at-a-time reader would have returned them.
*/

use std::io::{self, BufRead};

use crate::grid::Grid;
use crate::shape::Shape;

use super::error::{ParseError, ParseErrorKind};
use super::reader::{MAX_LINE, MAX_SKIPPED_LINE};
use super::{Format, Record, text};

/// The most buffered input looked at in one step: every line that starts
/// and ends inside one step is shorter than this, and so than [`MAX_LINE`].
const STEP: usize = 32 * 1024;

/// The byte order mark, skipped at the start of the first line.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whole lines of `line`-format input, cut into [`LinePart`]s (see the
/// [`batch`](super::batch) module).
#[derive(Debug, Default)]
pub struct LineBlock {
    bytes: Vec<u8>,
    /// Each part's end in `bytes` and the number of its first line (a part
    /// starts where the one before ends).
    parts: Vec<(usize, usize)>,
    shape: Option<Shape>,
}

impl LineBlock {
    /// The parts in input order.
    pub fn parts(&self) -> impl ExactSizeIterator<Item = LinePart<'_>> {
        (0..self.part_count()).map(|k| self.part(k))
    }

    /// The number of parts.
    pub fn part_count(&self) -> usize {
        self.parts.len()
    }

    /// Part `k` (from 0).
    ///
    /// # Panics
    /// When `k` is not below [`LineBlock::part_count`].
    pub fn part(&self, k: usize) -> LinePart<'_> {
        let start = if k == 0 { 0 } else { self.parts[k - 1].0 };
        let (end, first_line) = self.parts[k];
        LinePart { bytes: &self.bytes[start..end], first_line, shape: self.shape }
    }

    /// The number of bytes held.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the block holds no input at all.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The block's buffer, to be handed to
    /// [`Reader::next_piece`](super::Reader::next_piece) again (so the
    /// reading side does not allocate a new one for every block).
    pub(crate) fn into_buffer(self) -> Vec<u8> {
        self.bytes
    }
}

/// Consecutive whole lines of a [`LineBlock`], with the number of the first.
#[derive(Clone, Copy, Debug)]
pub struct LinePart<'a> {
    bytes: &'a [u8],
    first_line: usize,
    shape: Option<Shape>,
}

impl<'a> LinePart<'a> {
    /// The number of bytes held.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the part holds no input.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The input line number of the part's first line (from 1).
    pub fn first_line(&self) -> usize {
        self.first_line
    }

    /// The part's records and parse errors, in order.
    pub fn records(&self) -> LineRecords<'a> {
        LineRecords {
            rest: self.bytes,
            next_line: self.first_line,
            shape: self.shape,
            classic: self.shape.is_none_or(|s| s == Shape::CLASSIC),
            record: Record {
                line: 0,
                format: Format::Line,
                grid: Grid::empty(Shape::CLASSIC),
                candidates: None,
                comment: None,
            },
        }
    }
}

/// The records of a [`LinePart`], parsed one at a time into one reused
/// [`Record`] (so [`LineRecords::next_record`] lends it rather than being an
/// [`Iterator`]).
#[derive(Debug)]
pub struct LineRecords<'a> {
    rest: &'a [u8],
    next_line: usize,
    shape: Option<Shape>,
    /// Whether the 9x9 fast path may be taken (no shape, or 9x9 given).
    classic: bool,
    record: Record,
}

impl LineRecords<'_> {
    /// The next record or parse error; `None` after the part's last line.
    /// Blank lines and `#` lines are skipped, as the reader skips them.
    pub fn next_record(&mut self) -> Option<Result<&Record, ParseError>> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let no = self.next_line;
            self.next_line += 1;
            if self.classic
                && let Some((cells, tail)) = self.rest.split_first_chunk::<81>()
            {
                let eol = match tail {
                    [b'\n', ..] => 1,
                    [b'\r', b'\n', ..] => 2,
                    _ => 0,
                };
                // The 81 cells are the whole trimmed line: the general path
                // would find the same grid and no comment.
                if eol > 0
                    && let Some(values) = text::classic_cells(cells)
                {
                    self.rest = &tail[eol..];
                    if let Err(e) =
                        text::assign_grid(&mut self.record.grid, Shape::CLASSIC, &values, no)
                    {
                        return Some(Err(e));
                    }
                    self.record.line = no;
                    self.record.comment = None;
                    return Some(Ok(&self.record));
                }
            }
            let (raw, rest) = match self.rest.iter().position(|&b| b == b'\n') {
                Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
                None => (self.rest, &self.rest[self.rest.len()..]),
            };
            self.rest = rest;
            let line = match line_text(raw, no) {
                Ok(line) => line,
                Err(kind) => return Some(Err(ParseError::new(no, kind))),
            };
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            match text::parse_line_into(t, no, self.shape, &mut self.record.grid) {
                Ok(comment) => {
                    self.record.line = no;
                    self.record.comment = comment;
                    return Some(Ok(&self.record));
                }
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// The text of input line `no` (its bytes without the newline): one
/// trailing `\r` and, on line 1, a byte order mark removed. A line longer
/// than [`MAX_LINE`] bytes, or holding a NUL byte or invalid UTF-8, is the
/// error's kind. The one classification of lines shared by both readers.
pub(crate) fn line_text(raw: &[u8], no: usize) -> Result<&str, ParseErrorKind> {
    if raw.len() > MAX_LINE {
        return Err(ParseErrorKind::LineTooLong);
    }
    let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
    if raw.contains(&0) {
        return Err(ParseErrorKind::Binary);
    }
    let bytes = match raw.strip_prefix(BOM) {
        Some(rest) if no == 1 => rest,
        _ => raw,
    };
    std::str::from_utf8(bytes).map_err(|_| ParseErrorKind::Binary)
}

/// Why an input is taken for something other than puzzle text.
#[derive(Clone, Copy, Debug)]
pub(crate) enum NotText {
    /// An overlong line with a NUL byte in its first [`MAX_LINE`] bytes.
    Binary,
    /// No line end in [`MAX_SKIPPED_LINE`] bytes.
    NoLineEnd,
}

/// The error that ends the reading of an input that is not puzzle text at
/// line `no` (an [`io::ErrorKind::InvalidData`] error, so the reader
/// stops as after any I/O error). Both readers give it at the same point.
pub(crate) fn not_text(no: usize, why: NotText) -> io::Error {
    let what = match why {
        NotText::Binary => format!(
            "line {no} is binary data (a NUL byte and no line end in its first {} MiB)",
            MAX_LINE >> 20
        ),
        NotText::NoLineEnd => {
            format!("line {no} has no line end in its first {} MiB", MAX_SKIPPED_LINE >> 20)
        }
    };
    io::Error::new(io::ErrorKind::InvalidData, format!("{what}: not puzzle text; reading stopped"))
}

/// The number of newlines in `bytes` (in byte-wide sums the compiler
/// vectorises).
fn count_newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|c| usize::from(c.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}

/// How one call to [`read_block`] ended.
pub(crate) struct BlockEnd {
    /// The input is at its end (no more blocks).
    pub(crate) end_of_input: bool,
    /// The I/O error that stopped the reading, to report after the block.
    pub(crate) error: Option<io::Error>,
}

/// Reads whole lines from `input` into `buf` (cleared first) until it
/// holds at least `size` bytes or the input ends, cut into parts of at
/// least `part` bytes (but the last). `line_no` is the number of the last
/// line read before, and is advanced past the lines read.
pub(crate) fn read_block<R: BufRead>(
    input: &mut R,
    mut buf: Vec<u8>,
    line_no: &mut usize,
    size: usize,
    part: usize,
    shape: Option<Shape>,
) -> (LineBlock, BlockEnd) {
    buf.clear();
    let mut parts = Vec::new();
    // Bytes of the current, unfinished line at the end of `buf`; whether
    // the rest of an overlong line is being skipped, and that line's
    // length so far.
    let (mut open, mut skipping, mut long) = (0usize, false, 0usize);
    // Whole lines in `buf`; where the current part starts, and its line.
    let mut lines = 0;
    let (mut part_start, mut part_line) = (0, *line_no + 1);
    let mut end = BlockEnd { end_of_input: false, error: None };
    loop {
        let avail = match input.fill_buf() {
            Ok(avail) => avail,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                end.error = Some(e);
                break;
            }
        };
        if avail.is_empty() {
            end.end_of_input = true;
            break;
        }
        let step = &avail[..avail.len().min(STEP)];
        let first = step.iter().position(|&b| b == b'\n');
        // The line's bytes in this step (its newline not counted).
        let here = first.unwrap_or(step.len());
        if !skipping {
            let take = here.min(MAX_LINE + 1 - open);
            buf.extend_from_slice(&step[..take]);
            open += take;
            if open > MAX_LINE {
                // An overlong line: its first `MAX_LINE + 1` bytes are kept.
                skipping = true;
                long = open + (here - take);
                if buf[buf.len() - open..].contains(&0) {
                    end.error = Some(not_text(*line_no + lines + 1, NotText::Binary));
                    break;
                }
            }
        } else {
            long += here;
        }
        if skipping && long > MAX_SKIPPED_LINE {
            end.error = Some(not_text(*line_no + lines + 1, NotText::NoLineEnd));
            break;
        }
        let used = match first {
            None => step.len(),
            Some(f) => {
                // The current line ends here (cut to `MAX_LINE + 1` bytes if
                // it is too long), its newline kept.
                buf.push(b'\n');
                (open, skipping) = (0, false);
                lines += 1;
                let mut used = f + 1;
                if buf.len() < size
                    && let Some(last) = step[used..].iter().rposition(|&b| b == b'\n')
                {
                    // Whole lines, each shorter than a step.
                    let whole = &step[used..used + last + 1];
                    lines += count_newlines(whole);
                    buf.extend_from_slice(whole);
                    used += last + 1;
                }
                used
            }
        };
        input.consume(used);
        if open == 0 && !skipping {
            if buf.len() - part_start >= part {
                parts.push((buf.len(), part_line));
                (part_start, part_line) = (buf.len(), *line_no + lines + 1);
            }
            if buf.len() >= size {
                break;
            }
        }
    }
    if end.error.is_some() {
        // The unfinished line is dropped, as the line reader drops it.
        buf.truncate(buf.len() - open);
        open = 0;
    }
    if buf.len() > part_start {
        parts.push((buf.len(), part_line));
    }
    *line_no += lines + usize::from(open > 0);
    (LineBlock { bytes: buf, parts, shape }, end)
}

#[cfg(test)]
mod tests {
    //! The block reader against the line-at-a-time reader: same records,
    //! same errors, same line numbers, whatever the block, part and buffer
    //! sizes.

    use std::io::{BufReader, Read};

    use super::super::batch::{Blocks, Piece};
    use super::super::{ReadError, ReadOptions, Reader};
    use super::*;

    const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// An item as text, so I/O errors compare too.
    fn show(item: Result<Record, ReadError>) -> String {
        match item {
            Ok(rec) => format!("{rec:?}"),
            Err(ReadError::Parse(e)) => format!("{e:?}"),
            Err(ReadError::Io(e)) => format!("io: {e}"),
        }
    }

    fn one_at_a_time(input: impl Read, options: ReadOptions) -> Vec<String> {
        Reader::new(BufReader::new(input), options).map(show).collect()
    }

    /// Reads with [`Blocks`]; also returns how many blocks came.
    fn by_blocks(
        input: impl Read,
        options: ReadOptions,
        capacity: usize,
        size: usize,
        part: usize,
    ) -> (Vec<String>, usize) {
        let reader = Reader::new(BufReader::with_capacity(capacity, input), options);
        let mut pieces = Blocks::new(reader, size, part);
        let (mut out, mut blocks) = (Vec::new(), 0);
        while let Some(piece) = pieces.next() {
            match piece {
                Piece::Record(item) => out.push(show(item)),
                Piece::Lines(block) => {
                    blocks += 1;
                    let parts: Vec<LinePart<'_>> = block.parts().collect();
                    assert!(parts.iter().all(|p| !p.is_empty()));
                    assert_eq!(parts.iter().map(LinePart::len).sum::<usize>(), block.len());
                    for part in parts {
                        let mut records = part.records();
                        while let Some(item) = records.next_record() {
                            out.push(show(item.cloned().map_err(ReadError::Parse)));
                        }
                    }
                    pieces.recycle(block);
                }
            }
        }
        assert!(pieces.next().is_none(), "the blocks are finished");
        (out, blocks)
    }

    /// A random mixture of good, bad, blank and comment lines with random
    /// line ends.
    fn corpus(seed: u64, lines: usize) -> Vec<u8> {
        let mut x = seed | 1;
        let mut rnd = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n) as usize
        };
        let p0 = P.replace('.', "0");
        let bad = P.replacen('.', "x", 1);
        let long = format!("{P}1");
        let menu: [&[u8]; 22] = [
            P.as_bytes(),
            P.as_bytes(),
            P.as_bytes(),
            p0.as_bytes(),
            b"1...2...3...4...",
            b"1...2...3...4... # a 4x4",
            b"",
            b"   ",
            b"# a comment",
            b"  # an indented comment",
            bad.as_bytes(),
            long.as_bytes(),
            &P.as_bytes()[..80],
            b"\0 binary",
            b"\xff\xfe not utf-8",
            b"12.4",
            ".......................................................................................................................................................................................................................................................G".as_bytes(),
            "\u{a0}53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\u{a0}".as_bytes(),
            b"\xEF\xBB\xBF1...2...3...4...",
            b"x",
            b"1 2 3 4",
            b"...#",
        ];
        let mut out = Vec::new();
        if rnd(3) == 0 {
            out.extend_from_slice(b"\xEF\xBB\xBF");
        }
        for i in 0..lines {
            let line = menu[rnd(menu.len() as u64)];
            out.extend_from_slice(line);
            match rnd(8) {
                0 => out.extend_from_slice(b"\r\n"),
                1 => out.extend_from_slice(b" # note\n"),
                2 => out.extend_from_slice(format!("{P}\n").as_bytes()),
                _ => out.push(b'\n'),
            }
            if i + 1 == lines && rnd(2) == 0 {
                out.pop();
            }
        }
        out
    }

    #[test]
    fn blocks_give_the_records_and_errors_of_the_line_reader() {
        let shapes = [None, Some(Shape::CLASSIC), Some(Shape::new(2, 2).unwrap())];
        let mut lined = 0;
        for seed in 0..40u64 {
            let text = corpus(seed, 10 + (seed as usize * 37) % 300);
            for (k, &shape) in shapes.iter().enumerate() {
                for format in [None, Some(Format::Line)] {
                    let options = ReadOptions { format, shape };
                    let expected = one_at_a_time(&text[..], options);
                    let sizes = [(1, 7, 1), (8192, 100, 50), (64, 5000, 1000), (16, 1 << 20, 1)];
                    let (capacity, size, part) = sizes[(seed as usize + k) % sizes.len()];
                    let (got, blocks) = by_blocks(&text[..], options, capacity, size, part);
                    assert_eq!(got, expected, "seed {seed}, {options:?}, sizes {size}/{part}");
                    if format.is_some() {
                        assert!(blocks > 0);
                        lined += 1;
                    }
                }
            }
        }
        assert_eq!(lined, 120);
    }

    #[test]
    fn overlong_lines_are_errors_at_any_block_size() {
        let mut text = Vec::new();
        for (len, end) in [
            (MAX_LINE, "\n"),
            (MAX_LINE + 1, "\n"),
            (MAX_LINE, "\r\n"),
            (MAX_LINE - 1, "\r\n"),
            (3 * MAX_LINE, "\n"),
        ] {
            text.extend_from_slice(P.as_bytes());
            text.push(b'\n');
            text.resize(text.len() + len, b'.');
            text.extend_from_slice(end.as_bytes());
        }
        text.extend_from_slice(P.as_bytes());
        text.extend_from_slice(b"\n");
        text.resize(text.len() + MAX_LINE + 1, b'.');
        let options = ReadOptions::default().with_format(Format::Line);
        let expected = one_at_a_time(&text[..], options);
        assert_eq!(expected.len(), 12);
        assert_eq!(expected.iter().filter(|e| e.contains("LineTooLong")).count(), 4);
        for (capacity, size, part) in [(1 << 16, 1 << 20, 1 << 13), (100, 10, 1), (1 << 20, 1, 1)] {
            let (got, _) = by_blocks(&text[..], options, capacity, size, part);
            assert_eq!(got, expected, "sizes {capacity}/{size}/{part}");
        }
    }

    #[test]
    fn a_nul_byte_in_an_overlong_line_stops_both_readers_at_the_same_line() {
        // A NUL as the last kept byte of an overlong line stops the reading;
        // one byte later it is in the skipped rest, and the line is only
        // too long.
        for (nul_at, stops) in [(0, true), (MAX_LINE, true), (MAX_LINE + 1, false)] {
            let mut text = format!("{P}\n").into_bytes();
            let start = text.len();
            text.resize(start + MAX_LINE + 5, b'1');
            text[start + nul_at] = 0;
            text.extend_from_slice(format!("\n{P}\n").as_bytes());
            let options = ReadOptions::default().with_format(Format::Line);
            let expected = one_at_a_time(&text[..], options);
            let last = expected.last().unwrap();
            if stops {
                assert_eq!(expected.len(), 2, "{expected:?}");
                assert!(last.starts_with("io: line 2 is binary data"), "{last}");
            } else {
                assert_eq!(expected.len(), 3, "{expected:?}");
                assert!(expected[1].contains("LineTooLong"), "{expected:?}");
            }
            for (capacity, size, part) in [(1 << 16, 1 << 20, 1 << 13), (100, 10, 1)] {
                let (got, _) = by_blocks(&text[..], options, capacity, size, part);
                assert_eq!(got, expected, "NUL at {nul_at}, sizes {capacity}/{size}/{part}");
            }
        }
    }

    /// Gives `data`, then fails.
    struct Failing<'a>(&'a [u8]);

    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.0.len()).min(100);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn an_io_error_comes_after_the_whole_lines_read_before_it() {
        let text = corpus(7, 200);
        let options = ReadOptions::default().with_format(Format::Line);
        for cut in [0, 1, 81, 82, 500, text.len() / 2, text.len()] {
            let expected = one_at_a_time(Failing(&text[..cut]), options);
            assert_eq!(expected.last().map(String::as_str), Some("io: disk on fire"));
            for (capacity, size, part) in [(64, 1000, 100), (8192, 1 << 20, 1 << 13)] {
                let (got, _) = by_blocks(Failing(&text[..cut]), options, capacity, size, part);
                assert_eq!(got, expected, "cut at {cut}");
            }
        }
    }

    #[test]
    fn plain_9x9_lines_reuse_one_grid() {
        let text = format!("{P}\n{P}\r\n{}\n", P.replace('.', "0"));
        let options = ReadOptions::default().with_format(Format::Line);
        let reader = Reader::new(text.as_bytes(), options);
        let Some(Piece::Lines(block)) = Blocks::new(reader, 1 << 16, 1 << 16).next() else {
            panic!("a block of lines");
        };
        let parts: Vec<LinePart<'_>> = block.parts().collect();
        assert_eq!((parts.len(), parts[0].first_line()), (1, 1));
        let mut records = parts[0].records();
        let first = records.next_record().unwrap().unwrap();
        let (at, values) = (first.grid.values().as_ptr(), first.grid.values().to_vec());
        for line in [2, 3] {
            let rec = records.next_record().unwrap().unwrap();
            assert_eq!((rec.line, rec.grid.values()), (line, &values[..]));
            assert_eq!(rec.grid.values().as_ptr(), at);
        }
        assert!(records.next_record().is_none());
    }
}
