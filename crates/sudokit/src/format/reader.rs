/*!
The streaming [`Reader`]: lines in, [`Record`]s out.

The reader holds at most one record's lines: it reads a line at a time
(capped at 1 MiB), keeps only the rows of the block being assembled, and
looks ahead only while detecting the format (a bounded number of lines).

Invariants:
- after a parse error the next call starts a fresh record: for one-line
  formats at the next line; for block formats after the rest of the broken
  block (the rows it still lacked, or up to a blank line when its size is
  unknown), so one bad puzzle costs one error;
- after an I/O error, or at the end of the input, the iterator is finished.
*/

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, Read};

use crate::shape::Shape;

use super::batch::Piece;
use super::error::{ParseError, ParseErrorKind, ReadError};
use super::lines;
use super::text::{self, RowCells};
use super::{Format, ReadOptions, Record};

/// The longest line read, in bytes (without its line ending). A longer line
/// is an error ([`ParseErrorKind::LineTooLong`]) and the rest of it is
/// skipped, up to [`MAX_SKIPPED_LINE`].
pub const MAX_LINE: usize = 1 << 20;

/// The longest line skipped over, in bytes: input with no line end in this
/// many bytes is not puzzle text, and reading stops with an error (so a
/// stream such as `/dev/zero` ends at once instead of being read for ever).
/// So does an overlong line whose first [`MAX_LINE`] bytes hold a NUL byte.
pub const MAX_SKIPPED_LINE: usize = 16 * MAX_LINE;

/// Lines that say nothing about the format (borders, binary lines) that
/// detection looks at before it settles on a default.
const DETECT_LOOKAHEAD: usize = 16;

/// Comment lines kept before a block (more are dropped).
const MAX_COMMENT_LINES: usize = 16;

/// One physical line of input.
#[derive(Debug)]
enum Raw {
    Text(String),
    TooLong,
    Binary,
}

/// What the reader still has to skip after a parse error in a block.
#[derive(Clone, Copy, Debug)]
enum Skip {
    Nothing,
    /// The rest of a block: `left` more rows, up to a blank line. With
    /// `width`, only rows of that many cells belong to it (after an error in
    /// a first row, which may have been a stray line).
    Rows {
        left: usize,
        width: Option<usize>,
    },
    /// Everything up to the next blank line.
    ToBlank,
}

/// A block format's cell rows as they come in.
#[derive(Debug)]
struct Block {
    /// The line of the first row.
    start: usize,
    /// The board side.
    n: usize,
    /// Token cells on every row (tokens format, or `N > 35`); otherwise
    /// each row may use characters or tokens.
    tokens: bool,
    rows: usize,
    values: Vec<u8>,
    masks: Vec<u64>,
    box_cols: Option<usize>,
    box_rows: Option<usize>,
    /// Whether the reader was given the shape.
    shape_given: bool,
}

impl Block {
    fn incomplete(&self, end_of_input: bool) -> ParseError {
        // One lone row of a side with no default box shape (`12345`) is
        // more likely a short puzzle line than the start of a grid.
        if self.rows == 1
            && let Some(e) = self.no_natural_box(self.box_cols)
        {
            return e;
        }
        let kind = ParseErrorKind::Incomplete { found: self.rows, expected: self.n, end_of_input };
        ParseError::new(self.start, kind)
    }

    /// The error for a lone first row whose side has no default box shape
    /// while nothing (a given shape, box separators) shows one; `None`
    /// otherwise.
    fn no_natural_box(&self, box_cols: Option<usize>) -> Option<ParseError> {
        if self.shape_given || box_cols.is_some() || self.box_rows.is_some() {
            return None;
        }
        match Shape::from_size(self.n) {
            Err(crate::shape::ShapeError::NoNaturalBox { size }) => {
                Some(ParseError::at(self.start, 1, None, ParseErrorKind::LoneRow { size }))
            }
            _ => None,
        }
    }
}

/// The kind of block being read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// Grid, ss and sdk: characters (or tokens for big boards).
    Cells,
    /// Tokens: one puzzle per line, or rows of tokens.
    Tokens,
    /// Pencil marks: candidate masks.
    Pencil,
}

/// Reads puzzles from a stream, one [`Record`] at a time.
///
/// The format is [`ReadOptions::format`], or detected once from the first
/// significant lines and then kept for the whole stream (see the
/// [module documentation](super) for the rules). Each item is a record or an
/// error; after a [`ReadError::Parse`] the reader goes on with the next
/// puzzle, after a [`ReadError::Io`] it stops. Empty input yields nothing.
///
/// ```
/// use sudokit::format::{Format, ReadOptions, Reader};
///
/// let text = "# two 4x4 puzzles\n1...2...3...4... easy\n12.4............\n";
/// let records: Vec<_> = Reader::new(text.as_bytes(), ReadOptions::default()).collect();
/// assert_eq!(records.len(), 2);
/// let first = records[0].as_ref().unwrap();
/// assert_eq!((first.line, first.format), (2, Format::Line));
/// assert_eq!(first.comment.as_deref(), Some("easy"));
/// assert_eq!(first.grid.values()[4], 2);
/// ```
pub struct Reader<R> {
    input: R,
    options: ReadOptions,
    format: Option<Format>,
    /// The number of the last line read from `input`.
    line_no: usize,
    buf: Vec<u8>,
    /// Lines read ahead (during detection) or pushed back.
    pending: VecDeque<(usize, Raw)>,
    skip: Skip,
    /// Inside an sdk section other than `[Puzzle]`.
    in_section: bool,
    /// An I/O error met while reading a [`LineBlock`], reported next.
    deferred: Option<io::Error>,
    done: bool,
}

impl<R> fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reader")
            .field("options", &self.options)
            .field("format", &self.format)
            .field("line", &self.line_no)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input` with `options`.
    pub fn new(input: R, options: ReadOptions) -> Reader<R> {
        Reader {
            input,
            options,
            format: options.format,
            line_no: 0,
            buf: Vec::new(),
            pending: VecDeque::new(),
            skip: Skip::Nothing,
            in_section: false,
            deferred: None,
            done: false,
        }
    }

    /// The format being read: the given one, or the detected one once the
    /// first record has been asked for (`None` before that).
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// The number of input lines read so far.
    pub fn lines_read(&self) -> usize {
        self.line_no
    }

    /// Reads the next physical line, at most [`MAX_LINE`] bytes of it.
    fn read_raw(&mut self) -> io::Result<Option<(usize, Raw)>> {
        self.buf.clear();
        let limit = MAX_LINE as u64 + 1;
        let got = (&mut self.input).take(limit).read_until(b'\n', &mut self.buf)?;
        if got == 0 {
            return Ok(None);
        }
        self.line_no += 1;
        let no = self.line_no;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        } else if self.buf.len() > MAX_LINE {
            if self.buf.contains(&0) {
                return Err(lines::not_text(no, lines::NotText::Binary));
            }
            self.skip_rest_of_line(no, self.buf.len())?;
            return Ok(Some((no, Raw::TooLong)));
        }
        // Not too long now: the only other error is binary data.
        Ok(Some((no, lines::line_text(&self.buf, no).map_or(Raw::Binary, |s| Raw::Text(s.into())))))
    }

    /// Discards input up to and including the next newline, `seen` bytes
    /// of line `no` having been read; an error when the line is longer than
    /// [`MAX_SKIPPED_LINE`].
    fn skip_rest_of_line(&mut self, no: usize, mut seen: usize) -> io::Result<()> {
        loop {
            let (used, found) = match self.input.fill_buf() {
                Ok([]) => return Ok(()),
                Ok(chunk) => match chunk.iter().position(|&b| b == b'\n') {
                    Some(i) => (i, true),
                    None => (chunk.len(), false),
                },
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            seen += used;
            if seen > MAX_SKIPPED_LINE {
                return Err(lines::not_text(no, lines::NotText::NoLineEnd));
            }
            self.input.consume(used + usize::from(found));
            if found {
                return Ok(());
            }
        }
    }

    /// The next line: a pending one first.
    fn fetch(&mut self) -> io::Result<Option<(usize, Raw)>> {
        match self.pending.pop_front() {
            Some(line) => Ok(Some(line)),
            None => self.read_raw(),
        }
    }

    /// Detects the format from the first significant line, keeping the lines
    /// read for the format's reader. Blank lines before it are dropped, as
    /// are comment lines beyond [`MAX_COMMENT_LINES`].
    fn detect(&mut self) -> io::Result<Format> {
        let (mut undecided, mut comments) = (0, 0);
        while undecided < DETECT_LOOKAHEAD {
            let Some((no, raw)) = self.read_raw()? else {
                break;
            };
            let verdict = match &raw {
                Raw::Text(t) => {
                    let t = t.trim();
                    if t.is_empty() {
                        continue;
                    }
                    if t.starts_with('#') {
                        comments += 1;
                        if comments <= MAX_COMMENT_LINES {
                            self.pending.push_back((no, raw));
                        }
                        continue;
                    }
                    text::detect(t, self.options.shape)
                }
                Raw::TooLong | Raw::Binary => None,
            };
            self.pending.push_back((no, raw));
            if let Some(format) = verdict {
                return Ok(format);
            }
            undecided += 1;
        }
        // Only border lines suggest a block layout; binary or overlong
        // lines are reported one by one.
        let borders = self
            .pending
            .iter()
            .any(|(_, r)| matches!(r, Raw::Text(t) if !t.trim().starts_with('#')));
        Ok(if borders { Format::Grid } else { Format::Line })
    }

    /// The next `line`-format record.
    fn next_line(&mut self) -> io::Result<Option<Result<Record, ParseError>>> {
        loop {
            let Some((no, raw)) = self.fetch()? else {
                return Ok(None);
            };
            let text = match raw {
                Raw::Text(t) => t,
                Raw::TooLong => {
                    return Ok(Some(Err(ParseError::new(no, ParseErrorKind::LineTooLong))));
                }
                Raw::Binary => return Ok(Some(Err(ParseError::new(no, ParseErrorKind::Binary)))),
            };
            let t = text.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let parsed = text::parse_line(t, no, self.options.shape);
            return Ok(Some(parsed.map(|(grid, comment)| Record {
                line: no,
                format: Format::Line,
                grid,
                candidates: None,
                comment,
            })));
        }
    }

    /// Handles an sdk section header (a line starting with `[`): `[Puzzle]`
    /// starts a puzzle, any other section is skipped. Returns the error for
    /// a block the header cuts short.
    fn sdk_section(
        &mut self,
        no: usize,
        raw: Raw,
        block: &mut Option<Block>,
    ) -> Option<ParseError> {
        let is_puzzle = matches!(&raw, Raw::Text(t) if t.trim().eq_ignore_ascii_case("[puzzle]"));
        if let Some(b) = block.take() {
            // The header ends the broken block; read it again next time.
            self.pending.push_front((no, raw));
            self.in_section = false;
            return Some(b.incomplete(false));
        }
        self.in_section = !is_puzzle;
        self.skip = Skip::Nothing;
        None
    }

    /// Applies a pending skip to a line; true when the line is skipped.
    /// `row` is the line's cell counts (characters, tokens) when it is a
    /// cell row.
    fn skipped(&mut self, blank: bool, row: Option<(usize, usize)>) -> bool {
        match &mut self.skip {
            Skip::Nothing => false,
            Skip::ToBlank => {
                if blank {
                    self.skip = Skip::Nothing;
                }
                true
            }
            Skip::Rows { left, width } => {
                if blank {
                    self.skip = Skip::Nothing;
                } else if let Some((chars, tokens)) = row {
                    if width.is_some_and(|w| chars != w && tokens != w) {
                        self.skip = Skip::Nothing;
                        return false;
                    }
                    *left = left.saturating_sub(1);
                    if *left == 0 {
                        self.skip = Skip::Nothing;
                    }
                }
                true
            }
        }
    }

    /// Sets up the skip after an error in a block of side `n` (`None` when
    /// unknown) after `rows_done` of its rows: its remaining rows, or up to
    /// a blank line. `first` marks an error in a block's first row.
    fn skip_after(&mut self, n: Option<usize>, rows_done: usize, first: bool) {
        let n = n.or(self.options.shape.map(Shape::size));
        self.skip = match n {
            Some(n) if rows_done < n => {
                let width = (first && self.options.shape.is_none()).then_some(n);
                Skip::Rows { left: n - rows_done, width }
            }
            Some(_) => Skip::Nothing,
            None => Skip::ToBlank,
        };
    }

    /// The next record of a block format (grid, ss, sdk, tokens,
    /// pencilmarks).
    fn next_block(&mut self, format: Format) -> io::Result<Option<Result<Record, ParseError>>> {
        let kind = match format {
            Format::Tokens => Kind::Tokens,
            Format::Pencilmarks => Kind::Pencil,
            _ => Kind::Cells,
        };
        let mut comments: Vec<String> = Vec::new();
        let mut block: Option<Block> = None;
        loop {
            let Some((no, raw)) = self.fetch()? else {
                self.skip = Skip::Nothing;
                return Ok(block.map(|b| Err(b.incomplete(true))));
            };
            if format == Format::Sdk {
                if matches!(&raw, Raw::Text(t) if t.trim_start().starts_with('[')) {
                    match self.sdk_section(no, raw, &mut block) {
                        Some(e) => return Ok(Some(Err(e))),
                        None => continue,
                    }
                }
                if self.in_section {
                    continue;
                }
            }
            let text = match &raw {
                Raw::Text(t) => Some(t.trim()),
                Raw::TooLong | Raw::Binary => None,
            };
            let blank = text.is_some_and(str::is_empty);
            let comment = text.is_some_and(|t| t.starts_with('#'));
            let content = text.map(|t| text::split_comment(t).0.trim());
            let cells = content.map(RowCells::split);
            let separator = match (content, &cells) {
                (Some(c), Some(cells)) => {
                    !blank && !comment && (text::is_border(c) || cells.tokens.is_empty())
                }
                _ => false,
            };
            let row = match &cells {
                Some(cells) if !blank && !comment && !separator => {
                    Some((cells.chars, cells.tokens.len()))
                }
                Some(_) => None,
                // A binary or overlong line stands where a row would.
                None => Some((usize::MAX, usize::MAX)),
            };
            if self.skipped(blank, row) {
                continue;
            }
            if blank {
                // Blank lines separate puzzles; one inside a puzzle cuts it
                // short.
                if let Some(b) = &block {
                    return Ok(Some(Err(b.incomplete(false))));
                }
                continue;
            }
            if comment {
                if block.is_none() && comments.len() < MAX_COMMENT_LINES {
                    comments.extend(text.and_then(text::clean_comment));
                }
                continue;
            }
            if separator {
                if let Some(b) = &mut block {
                    b.box_rows.get_or_insert(b.rows);
                }
                continue;
            }
            let (Some(t), Some(cells)) = (text, cells) else {
                let kind = if matches!(raw, Raw::TooLong) {
                    ParseErrorKind::LineTooLong
                } else {
                    ParseErrorKind::Binary
                };
                let done = block.as_ref().map_or(1, |b| b.rows + 1);
                self.skip_after(block.as_ref().map(|b| b.n), done, false);
                return Ok(Some(Err(ParseError::new(no, kind))));
            };
            let result = match &mut block {
                None => match self.start_block(kind, t, &cells, no) {
                    Ok(Start::Record(grid)) => {
                        let (_, comment) = text::split_comment(t);
                        let comment = comment.or_else(|| join(&comments));
                        // A whole puzzle on one line is one of tokens,
                        // whatever the block format the input began with.
                        let format = Format::Tokens;
                        let record = Record { line: no, format, grid, candidates: None, comment };
                        return Ok(Some(Ok(record)));
                    }
                    Ok(Start::Block(b)) => {
                        block = Some(b);
                        Ok(())
                    }
                    Err((e, n)) => {
                        // `None`: a whole tokens puzzle on one line, so the
                        // next line starts afresh.
                        if n.is_some() {
                            self.skip_after(n, 1, true);
                        }
                        return Ok(Some(Err(e)));
                    }
                },
                Some(b) => add_row(b, kind, &cells, no),
            };
            if let Err(e) = result {
                let done = block.as_ref().map_or(1, |b| b.rows + 1);
                self.skip_after(block.as_ref().map(|b| b.n), done, false);
                return Ok(Some(Err(e)));
            }
            if let Some(b) = block.take_if(|b| b.rows == b.n) {
                return Ok(Some(self.finish(b, format, kind, join(&comments))));
            }
        }
    }

    /// Starts a block from its first row. A tokens line holding a whole
    /// puzzle is a record at once. On error, also returns the board side
    /// for resynchronisation (`None` for a one-line puzzle).
    fn start_block(
        &self,
        kind: Kind,
        t: &str,
        cells: &RowCells<'_>,
        no: usize,
    ) -> Result<Start, (ParseError, Option<usize>)> {
        let explicit = self.options.shape;
        let known = explicit.map(Shape::size);
        let (n, tokens) = match kind {
            Kind::Tokens => {
                let (content, _) = text::split_comment(t);
                if text::tokens_on_one_line(content, explicit) {
                    let grid = text::parse_token_line(content, no, explicit);
                    return grid.map(Start::Record).map_err(|e| (e, None));
                }
                (known.unwrap_or(cells.tokens.len()), true)
            }
            Kind::Pencil => (known.unwrap_or(cells.tokens.len()), false),
            // Detected as a grid, more tokens than the largest board's side
            // is no row: it is a whole puzzle of tokens on one line (`. . 3
            // ...`, blanks written as dots, which keep the line from being
            // detected as tokens), read as the tokens format reads one, so
            // a message names its cell count. Told it is a grid, it is a
            // row.
            Kind::Cells
                if self.options.format.is_none()
                    && cells.tokens.len() > crate::shape::MAX_SIZE
                    && cells.all_tokens_are_numbers() =>
            {
                let (content, _) = text::split_comment(t);
                let grid = text::parse_token_line(content, no, explicit);
                return grid.map(Start::Record).map_err(|e| (e, None));
            }
            Kind::Cells => match known {
                Some(n) => (n, n > super::MAX_CHAR_SIZE),
                None if cells.looks_like_token_row() => (cells.tokens.len(), true),
                None => (cells.chars, false),
            },
        };
        if tokens && n > crate::shape::MAX_SIZE {
            let kind =
                ParseErrorKind::UnsupportedSize { size: n, max_size: crate::shape::MAX_SIZE };
            return Err((ParseError::at(no, 1, None, kind), None));
        }
        let mut block = Block {
            start: no,
            n,
            tokens,
            rows: 0,
            values: Vec::new(),
            masks: Vec::new(),
            box_cols: None,
            box_rows: None,
            shape_given: explicit.is_some(),
        };
        // A first row that fails on a side with no default box shape (`abc`
        // read as a 3x3 row) fails for that reason first.
        if let Err(e) = add_row(&mut block, kind, cells, no) {
            let hint = cells.box_cols_hint(block.tokens || kind == Kind::Pencil, n);
            return Err((block.no_natural_box(hint).unwrap_or(e), Some(n)));
        }
        Ok(Start::Block(block))
    }

    /// Turns a complete block into a record.
    fn finish(
        &self,
        b: Block,
        format: Format,
        kind: Kind,
        comment: Option<String>,
    ) -> Result<Record, ParseError> {
        let shape = match self.options.shape {
            Some(s) => s,
            None => text::block_shape(b.n, b.box_cols, b.box_rows, b.start)?,
        };
        let (grid, candidates) = if kind == Kind::Pencil {
            let c = text::block_candidates(shape, b.masks, b.start)?;
            (c.to_grid(), Some(c))
        } else {
            (text::block_grid(shape, b.values, b.start)?, None)
        };
        Ok(Record { line: b.start, format, grid, candidates, comment })
    }
}

/// The outcome of a block's first row.
enum Start {
    /// A whole puzzle on one line (tokens).
    Record(crate::grid::Grid),
    /// The first row of a block.
    Block(Block),
}

/// Adds a row to `b`.
fn add_row(b: &mut Block, kind: Kind, cells: &RowCells<'_>, no: usize) -> Result<(), ParseError> {
    let row = b.rows + 1;
    let first = b.rows == 0;
    let tokens = match kind {
        Kind::Pencil => {
            let masks = cells.masks(Some(b.n), no, row)?;
            b.masks.extend(masks);
            false
        }
        _ => {
            let tokens = b.tokens || (b.n <= super::MAX_CHAR_SIZE && cells.is_token_row(b.n));
            let values = if tokens {
                cells.token_values(b.n, no, row)?
            } else {
                cells.char_values(Some(b.n), no, row)?
            };
            b.values.extend(values);
            tokens
        }
    };
    if first {
        b.box_cols = cells.box_cols_hint(tokens || kind == Kind::Pencil, b.n);
    }
    b.rows = row;
    Ok(())
}

/// Comment lines joined with `; `, or `None`.
fn join(comments: &[String]) -> Option<String> {
    (!comments.is_empty()).then(|| comments.join("; "))
}

impl<R: BufRead> Reader<R> {
    /// The next piece of input for [`Blocks`](super::batch::Blocks): in
    /// the `line` format (given or detected), a [`LineBlock`](lines::LineBlock) of whole
    /// lines, at least `size` bytes unless the input ends, in parts of at
    /// least `part` bytes, whose records are exactly those
    /// [`Iterator::next`] would give for those lines; otherwise (other
    /// formats, and the lines read ahead while detecting the format) the
    /// next record as [`Iterator::next`] gives it. `buf` is the buffer for
    /// the next block (taken when a block is returned). `None` at the end.
    pub(crate) fn next_piece(
        &mut self,
        buf: &mut Vec<u8>,
        size: usize,
        part: usize,
    ) -> Option<Piece> {
        if self.deferred.is_none() && !self.done && self.format.is_none() {
            match self.detect() {
                Ok(f) => self.format = Some(f),
                Err(e) => {
                    self.done = true;
                    return Some(Piece::Record(Err(ReadError::Io(e))));
                }
            }
        }
        if self.deferred.is_some()
            || self.done
            || self.format != Some(Format::Line)
            || !self.pending.is_empty()
        {
            return self.next().map(Piece::Record);
        }
        let bytes = std::mem::take(buf);
        let shape = self.options.shape;
        let (block, end) =
            lines::read_block(&mut self.input, bytes, &mut self.line_no, size, part, shape);
        self.deferred = end.error;
        self.done = end.end_of_input;
        if block.is_empty() {
            *buf = block.into_buffer();
            return self.next().map(Piece::Record);
        }
        Some(Piece::Lines(block))
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(e) = self.deferred.take() {
            self.done = true;
            return Some(Err(ReadError::Io(e)));
        }
        if self.done {
            return None;
        }
        let format = match self.format {
            Some(f) => f,
            None => match self.detect() {
                Ok(f) => {
                    self.format = Some(f);
                    f
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(ReadError::Io(e)));
                }
            },
        };
        let item = match format {
            Format::Line => self.next_line(),
            _ => self.next_block(format),
        };
        match item {
            Ok(Some(result)) => Some(result.map_err(ReadError::Parse)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(ReadError::Io(e)))
            }
        }
    }
}

impl<R: BufRead> std::iter::FusedIterator for Reader<R> {}
