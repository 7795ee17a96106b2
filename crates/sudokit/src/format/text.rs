/*!
Parsing single lines: whole puzzles on one line (`line`, one-line `tokens`),
the rows of block formats, and the classification of lines (comments,
separators, format detection).

Everything here works on one line of text and knows nothing of I/O; the
[`Reader`](super::Reader) puts rows together into boards.
*/

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::shape::{MAX_SIZE, Shape, ShapeError};

use super::Format;
use super::error::{ParseError, ParseErrorKind};
use super::symbol::{MAX_CHAR_SIZE, Sym, char_symbol, char_value, int_value, token_value};

/// Characters that separate boxes inside a row.
fn is_box_sep(c: char) -> bool {
    matches!(c, '|' | '!' | ':')
}

/// Splits `s` at its first `#`: the content before and the comment after.
pub(crate) fn split_comment(s: &str) -> (&str, Option<String>) {
    match s.split_once('#') {
        Some((content, rest)) => (content, clean_comment(rest)),
        None => (s, None),
    }
}

/// A comment without its leading `#` marks and surrounding whitespace, or
/// `None` when nothing is left.
pub(crate) fn clean_comment(s: &str) -> Option<String> {
    let t = s.trim().trim_start_matches('#').trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// Whether a trimmed line is a border or separator line between bands:
/// only `- + = | ! : . * '` and whitespace, with at least one `-`, `+` or
/// `=`. So `------+-------+------`, `*-----------*` and `.---.---.` are
/// borders, while `.........` (an empty row) is not.
pub(crate) fn is_border(t: &str) -> bool {
    let mut rule = false;
    for c in t.chars() {
        match c {
            '-' | '+' | '=' => rule = true,
            '|' | '!' | ':' | '.' | '*' | '\'' => {}
            c if c.is_whitespace() => {}
            _ => return false,
        }
    }
    rule
}

/// The default shape of a board of side `n` (see [`Shape::from_size`]):
/// none for a side below 4 or a prime side, whose shape must be given.
fn default_shape(n: usize, line: usize) -> Result<Shape, ParseError> {
    Shape::from_size(n).map_err(|e| {
        let kind = match e {
            ShapeError::NoNaturalBox { size } => ParseErrorKind::NoNaturalBox { size },
            _ => ParseErrorKind::UnsupportedSize { size: n, max_size: MAX_SIZE },
        };
        ParseError::new(line, kind)
    })
}

/// The shape of a one-line puzzle of `cells` cells: the explicit one (the
/// count must match) or the default shape of the square root.
fn line_shape(
    cells: usize,
    explicit: Option<Shape>,
    max_size: usize,
    line: usize,
) -> Result<Shape, ParseError> {
    if let Some(shape) = explicit {
        if shape.size() > max_size {
            let kind = ParseErrorKind::UnsupportedSize { size: shape.size(), max_size };
            return Err(ParseError::new(line, kind));
        }
        if cells != shape.cell_count() {
            let kind = ParseErrorKind::WrongCellCount {
                expected: shape.cell_count(),
                found: cells,
                shape,
            };
            return Err(ParseError::new(line, kind));
        }
        return Ok(shape);
    }
    let n = cells.isqrt();
    if n == 0 || n * n != cells {
        return Err(ParseError::new(line, ParseErrorKind::NotASquare { cells, max_size }));
    }
    if n > max_size {
        return Err(ParseError::new(line, ParseErrorKind::UnsupportedSize { size: n, max_size }));
    }
    default_shape(n, line)
}

/// Makes the grid from checked values.
fn make_grid(shape: Shape, values: Vec<u8>, line: usize) -> Result<Grid, ParseError> {
    // The values were checked against the shape already; a failure here would
    // be a bug, reported as a count mismatch rather than a panic.
    let found = values.len();
    Grid::from_values(shape, values).map_err(|_| {
        let kind = ParseErrorKind::WrongCellCount { expected: shape.cell_count(), found, shape };
        ParseError::new(line, kind)
    })
}

/// Parses a `line`-format puzzle: `text` is a trimmed line that is not blank
/// and not a comment. Returns the grid and the comment.
///
/// The puzzle is the first word (up to whitespace or `#`), one character per
/// cell. When the board is larger than 35x35 (explicitly, or inferred from
/// more than 1225 tokens) the line is read as one-line tokens instead, the
/// form the writer uses for such boards.
pub(crate) fn parse_line(
    text: &str,
    line: usize,
    shape: Option<Shape>,
) -> Result<(Grid, Option<String>), ParseError> {
    if shape.is_none_or(|s| s == Shape::CLASSIC)
        && let Some(values) = classic_line(text.as_bytes())
    {
        return Ok((make_grid(Shape::CLASSIC, values.to_vec(), line)?, clean_comment(&text[81..])));
    }
    parse_line_general(text, line, shape)
}

/// [`parse_line`] into an existing grid: a 9x9 line on the fast path
/// overwrites `grid` without a heap allocation. Returns the comment; on
/// error `grid` is unspecified (but a valid grid).
pub(crate) fn parse_line_into(
    text: &str,
    line: usize,
    shape: Option<Shape>,
    grid: &mut Grid,
) -> Result<Option<String>, ParseError> {
    if shape.is_none_or(|s| s == Shape::CLASSIC)
        && let Some(values) = classic_line(text.as_bytes())
    {
        assign_grid(grid, Shape::CLASSIC, &values, line)?;
        return Ok(clean_comment(&text[81..]));
    }
    let (parsed, comment) = parse_line_general(text, line, shape)?;
    *grid = parsed;
    Ok(comment)
}

/// [`make_grid`] into an existing grid, reusing its storage.
pub(crate) fn assign_grid(
    grid: &mut Grid,
    shape: Shape,
    values: &[u8],
    line: usize,
) -> Result<(), ParseError> {
    grid.assign(shape, values).map_err(|_| {
        let kind = ParseErrorKind::WrongCellCount {
            expected: shape.cell_count(),
            found: values.len(),
            shape,
        };
        ParseError::new(line, kind)
    })
}

/// [`parse_line`] without the 9x9 fast path.
fn parse_line_general(
    text: &str,
    line: usize,
    shape: Option<Shape>,
) -> Result<(Grid, Option<String>), ParseError> {
    let end = text.find(|c: char| c.is_whitespace() || c == '#').unwrap_or(text.len());
    let (word, rest) = text.split_at(end);
    let wide = match shape {
        Some(s) => s.size() > MAX_CHAR_SIZE,
        None => {
            word.len() <= 2
                && split_comment(text)
                    .0
                    .split_whitespace()
                    .nth(MAX_CHAR_SIZE * MAX_CHAR_SIZE)
                    .is_some()
        }
    };
    if wide {
        let (content, comment) = split_comment(text);
        return parse_token_line(content, line, shape).map(|g| (g, comment));
    }
    let cells = word.chars().count();
    let shape = line_shape(cells, shape, MAX_CHAR_SIZE, line)?;
    let n = shape.size();
    let mut values = Vec::with_capacity(cells);
    for (i, ch) in word.chars().enumerate() {
        let v = char_value(ch)
            .ok_or_else(|| ParseError::at_cell(line, i, n, ParseErrorKind::UnexpectedChar(ch)))?;
        if usize::from(v) > n {
            let kind = ParseErrorKind::SymbolTooLarge { ch: Some(ch), value: v.into(), size: n };
            return Err(ParseError::at_cell(line, i, n, kind));
        }
        values.push(v);
    }
    Ok((make_grid(shape, values, line)?, clean_comment(rest)))
}

/// The fast path for the commonest line: 81 cells of `1`-`9`, `.` or `0`,
/// then the end of the line, ASCII whitespace or `#`. Byte by byte, without
/// the general path's character decoding; `None` sends every other line
/// (other symbols, other sizes, errors) to the general path, which gives the
/// same grid for the lines taken here.
fn classic_line(bytes: &[u8]) -> Option<[u8; 81]> {
    let cells = bytes.first_chunk::<81>()?;
    if bytes.get(81).is_some_and(|&b| !(b.is_ascii_whitespace() || b == b'#')) {
        return None;
    }
    classic_cells(cells)
}

/// The values of 81 cells written with `1`-`9`, `.` or `0` (`None` if any
/// other byte is there). A fixed-size loop the compiler vectorises.
pub(crate) fn classic_cells(cells: &[u8; 81]) -> Option<[u8; 81]> {
    let mut values = [0u8; 81];
    let mut bad = 0u8;
    for (v, &b) in values.iter_mut().zip(cells) {
        let d = b.wrapping_sub(b'0');
        let digit = d <= 9;
        // `&`, not `&&`: no branch, so the loop runs on vector registers.
        bad |= u8::from(!digit & (b != b'.'));
        *v = if digit { d } else { 0 };
    }
    (bad == 0).then_some(values)
}

/// Parses a whole puzzle written as tokens on one line (`content` has no
/// comment).
pub(crate) fn parse_token_line(
    content: &str,
    line: usize,
    shape: Option<Shape>,
) -> Result<Grid, ParseError> {
    let count = content.split_whitespace().count();
    let shape = line_shape(count, shape, MAX_SIZE, line)?;
    let n = shape.size();
    let mut values = Vec::with_capacity(count);
    for (i, tok) in content.split_whitespace().enumerate() {
        values.push(token_cell(tok, n, line, i / n + 1, i % n + 1)?);
    }
    make_grid(shape, values, line)
}

/// The value of one token cell, checked against the board side `n`.
fn token_cell(tok: &str, n: usize, line: usize, row: usize, col: usize) -> Result<u8, ParseError> {
    let v = token_value(tok).ok_or_else(|| ParseError::bad_token(line, row, col, tok))?;
    if v > n {
        let kind = ParseErrorKind::SymbolTooLarge { ch: None, value: v, size: n };
        return Err(ParseError::at(line, row, Some(col), kind));
    }
    // v <= n <= 64.
    Ok(v as u8)
}

/// Whether a tokens puzzle whose first line is `content` is a whole puzzle on
/// that line (else the line is the first of `N` rows).
///
/// With an explicit shape: when the line has `N*N` tokens. Inferred: when the
/// count is `n*n` with `4 <= n <= 64` and every value fits `n`; counts
/// above 64 also go the one-line way, which reports why they do not fit.
pub(crate) fn tokens_on_one_line(content: &str, shape: Option<Shape>) -> bool {
    let count = content.split_whitespace().count();
    if let Some(s) = shape {
        return count == s.cell_count() && count != s.size();
    }
    if count > MAX_SIZE {
        return true;
    }
    let n = count.isqrt();
    n * n == count
        && n >= 4
        && content.split_whitespace().all(|t| token_value(t).is_some_and(|v| v <= n))
}

/// The cells of a block row: tokens between whitespace and box separators,
/// with the positions of the separators.
#[derive(Debug)]
pub(crate) struct RowCells<'a> {
    /// Maximal runs of characters that are neither whitespace nor box
    /// separators.
    pub tokens: Vec<&'a str>,
    /// For each box separator, the tokens before it.
    seps_tokens: Vec<usize>,
    /// For each box separator, the characters (cells) before it.
    seps_chars: Vec<usize>,
    /// The characters in all tokens.
    pub chars: usize,
}

impl<'a> RowCells<'a> {
    /// Splits a row (without its comment).
    pub(crate) fn split(content: &'a str) -> RowCells<'a> {
        let mut cells = RowCells {
            tokens: Vec::new(),
            seps_tokens: Vec::new(),
            seps_chars: Vec::new(),
            chars: 0,
        };
        let mut start = None;
        for (i, c) in content.char_indices() {
            let sep = is_box_sep(c);
            if sep || c.is_whitespace() {
                if let Some(s) = start.take() {
                    cells.tokens.push(&content[s..i]);
                }
                if sep {
                    cells.seps_tokens.push(cells.tokens.len());
                    cells.seps_chars.push(cells.chars);
                }
            } else {
                start.get_or_insert(i);
                cells.chars += 1;
            }
        }
        if let Some(s) = start {
            cells.tokens.push(&content[s..]);
        }
        cells
    }

    /// Whether every token is a decimal integer or a one-character blank.
    pub(crate) fn all_tokens_are_numbers(&self) -> bool {
        self.tokens.iter().all(|t| token_value(t).is_some())
    }

    /// Whether the first row of a block, read without a known side, holds
    /// one token per cell: at least two tokens, all numbers that fit a board
    /// of that many cells, and some token longer than one character (or more
    /// cells than one character each could hold).
    pub(crate) fn looks_like_token_row(&self) -> bool {
        let n = self.tokens.len();
        n >= 2
            && (self.chars > MAX_CHAR_SIZE || self.tokens.iter().any(|t| t.len() >= 2))
            && self.tokens.iter().all(|t| token_value(t).is_some_and(|v| v <= n))
    }

    /// Whether a row of a board of side `n` holds one token per cell (else
    /// one character per cell).
    pub(crate) fn is_token_row(&self, n: usize) -> bool {
        self.tokens.len() == n && self.all_tokens_are_numbers()
    }

    /// The box width the separators suggest: the cells before the first
    /// separator that has cells on both sides.
    pub(crate) fn box_cols_hint(&self, tokens: bool, n: usize) -> Option<usize> {
        let seps = if tokens { &self.seps_tokens } else { &self.seps_chars };
        seps.iter().copied().find(|&k| k > 0 && k < n)
    }

    /// The values of a row of token cells; `row` is from 1. The count must
    /// be `n`.
    pub(crate) fn token_values(
        &self,
        n: usize,
        line: usize,
        row: usize,
    ) -> Result<Vec<u8>, ParseError> {
        if self.tokens.len() != n {
            let kind = ParseErrorKind::WrongRowLength { expected: n, found: self.tokens.len() };
            return Err(ParseError::at(line, row, None, kind));
        }
        self.tokens.iter().enumerate().map(|(i, t)| token_cell(t, n, line, row, i + 1)).collect()
    }

    /// The values of a row of one-character cells; `row` is from 1. With
    /// `n = None` (the first row of a block) the side is the number of cells.
    pub(crate) fn char_values(
        &self,
        n: Option<usize>,
        line: usize,
        row: usize,
    ) -> Result<Vec<u8>, ParseError> {
        let mut values = Vec::with_capacity(self.chars);
        let mut bad: Option<(usize, ParseErrorKind)> = None;
        for (i, ch) in self.tokens.iter().flat_map(|t| t.chars()).enumerate() {
            match char_value(ch) {
                Some(v) => values.push(v),
                None => {
                    bad = Some((i, ParseErrorKind::UnexpectedChar(ch)));
                    break;
                }
            }
        }
        if let Some((i, kind)) = bad {
            return Err(ParseError::at(line, row, Some(i + 1), kind));
        }
        let side = n.unwrap_or(values.len());
        if side > MAX_CHAR_SIZE {
            let kind = ParseErrorKind::UnsupportedSize { size: side, max_size: MAX_CHAR_SIZE };
            return Err(ParseError::at(line, row, None, kind));
        }
        if values.len() != side {
            let kind = ParseErrorKind::WrongRowLength { expected: side, found: values.len() };
            return Err(ParseError::at(line, row, None, kind));
        }
        let chars = self.tokens.iter().flat_map(|t| t.chars());
        for (i, (&v, ch)) in values.iter().zip(chars).enumerate() {
            if usize::from(v) > side {
                let kind =
                    ParseErrorKind::SymbolTooLarge { ch: Some(ch), value: v.into(), size: side };
                return Err(ParseError::at(line, row, Some(i + 1), kind));
            }
        }
        Ok(values)
    }

    /// The candidate masks of a pencil-mark row; `row` is from 1. With
    /// `n = None` (the first row) the side is the number of cells. Every cell
    /// needs at least one candidate, so blanks are errors.
    pub(crate) fn masks(
        &self,
        n: Option<usize>,
        line: usize,
        row: usize,
    ) -> Result<Vec<u64>, ParseError> {
        let side = n.unwrap_or(self.tokens.len());
        if side > MAX_CHAR_SIZE {
            let kind = ParseErrorKind::UnsupportedSize { size: side, max_size: MAX_CHAR_SIZE };
            return Err(ParseError::at(line, row, None, kind));
        }
        if self.tokens.len() != side {
            let kind = ParseErrorKind::WrongRowLength { expected: side, found: self.tokens.len() };
            return Err(ParseError::at(line, row, None, kind));
        }
        let mut masks = Vec::with_capacity(side);
        for (i, tok) in self.tokens.iter().enumerate() {
            let mut mask = 0u64;
            for ch in tok.chars() {
                let at = |kind| ParseError::at(line, row, Some(i + 1), kind);
                match char_symbol(ch) {
                    Some(Sym::Value(v)) if usize::from(v) <= side => mask |= 1u64 << (v - 1),
                    Some(Sym::Value(v)) => {
                        let kind = ParseErrorKind::SymbolTooLarge {
                            ch: Some(ch),
                            value: v.into(),
                            size: side,
                        };
                        return Err(at(kind));
                    }
                    _ => return Err(at(ParseErrorKind::UnexpectedChar(ch))),
                }
            }
            masks.push(mask);
        }
        Ok(masks)
    }
}

/// The shape of a block of side `n`: the explicit one, else the one the box
/// separators suggest (`box_cols` from the first row's `|`, `box_rows` from
/// the rows before the first separator line), else the default.
pub(crate) fn block_shape(
    n: usize,
    box_cols: Option<usize>,
    box_rows: Option<usize>,
    line: usize,
) -> Result<Shape, ParseError> {
    if let Some(c) = box_cols.filter(|&c| c > 0 && n.is_multiple_of(c))
        && box_rows.is_none_or(|r| r * c == n)
        && let Ok(s) = Shape::new(n / c, c)
    {
        return Ok(s);
    }
    if let Some(r) = box_rows.filter(|&r| r > 0 && n.is_multiple_of(r))
        && let Ok(s) = Shape::new(r, n / r)
    {
        return Ok(s);
    }
    default_shape(n, line)
}

/// Builds a grid from a block's values.
pub(crate) fn block_grid(shape: Shape, values: Vec<u8>, line: usize) -> Result<Grid, ParseError> {
    make_grid(shape, values, line)
}

/// Builds a candidate state from a block's masks.
pub(crate) fn block_candidates(
    shape: Shape,
    masks: Vec<u64>,
    line: usize,
) -> Result<Candidates, ParseError> {
    let found = masks.len();
    Candidates::from_masks(shape, masks).map_err(|_| {
        let kind = ParseErrorKind::WrongCellCount { expected: shape.cell_count(), found, shape };
        ParseError::new(line, kind)
    })
}

/// Whether `word` is a `line`-format puzzle: `n*n` symbol characters with
/// `4 <= n <= 35`, none larger than `n`; or more symbol characters than a
/// grid row can hold (a line puzzle of a wrong length, which the line
/// reader then reports).
fn looks_like_line(word: &str) -> bool {
    let len = word.chars().count();
    let n = len.isqrt();
    if len > MAX_CHAR_SIZE {
        // Too long for a row of one-character cells: a whole puzzle, even
        // when some character is wrong (the line reader then names it).
        return !word.contains(['|', '!']);
    }
    n * n == len
        && (4..=MAX_CHAR_SIZE).contains(&n)
        && word.chars().all(|c| char_value(c).is_some_and(|v| usize::from(v) <= n))
}

/// Whether `word` is a whole board of `shape` on one line: one cell a
/// character, each blank or a digit of the board. This reads boards with
/// sides below 4 (whose lines [`looks_like_line`] leaves alone, as they
/// could be a larger board's rows) when their shape is named.
fn is_line_of(word: &str, shape: Shape) -> bool {
    word.chars().count() == shape.cell_count()
        && word.chars().all(|c| char_value(c).is_some_and(|v| usize::from(v) <= shape.size()))
}

/// Whether a row looks like a pencil-mark row: at least 4 cells (after box
/// separators are removed), each made only of digits that fit a board of
/// that many cells, and some cell with two or more candidates.
fn looks_like_pencilmarks(content: &str) -> bool {
    let cells = RowCells::split(content);
    let n = cells.tokens.len();
    (4..=MAX_CHAR_SIZE).contains(&n)
        && cells.chars > n
        && cells.tokens.iter().all(|t| {
            t.chars().all(|c| matches!(char_symbol(c), Some(Sym::Value(v)) if usize::from(v) <= n))
        })
}

/// Detects the format from the first significant line `t` (trimmed, not
/// blank, not a `#` comment), on a board of `shape` when it is known.
/// `None` for a border line, which says nothing; the reader then looks at
/// the next line. The rules are listed in the module documentation of
/// [`format`](super).
pub(crate) fn detect(t: &str, shape: Option<Shape>) -> Option<Format> {
    if t.starts_with('[') {
        return Some(Format::Sdk);
    }
    if is_border(t) {
        return None;
    }
    let (content, _) = split_comment(t);
    let word = content.split_whitespace().next().unwrap_or("");
    if looks_like_line(word) || shape.is_some_and(|shape| is_line_of(word, shape)) {
        return Some(Format::Line);
    }
    let count = content.split_whitespace().count();
    let ints: Option<Vec<usize>> = content.split_whitespace().map(int_value).collect();
    if let Some(ints) = ints.filter(|v| !v.is_empty()) {
        let n = count.isqrt();
        let square = n * n == count && n >= 4;
        let long = content.split_whitespace().any(|t| t.len() >= 2);
        let fits = ints.iter().all(|&v| v <= count);
        return Some(if fits && (long || square) { Format::Tokens } else { Format::Grid });
    }
    if looks_like_pencilmarks(content) {
        return Some(Format::Pencilmarks);
    }
    if content.contains('|') && !content.trim().contains(char::is_whitespace) {
        return Some(Format::Ss);
    }
    Some(Format::Grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn the_fast_9x9_line_path_agrees_with_the_general_one() {
        let zeros = P.replace('.', "0");
        let lines = [
            P.to_string(),
            zeros.clone(),
            format!("{P} # a comment"),
            format!("{P}#tight"),
            format!("{P}\tx"),
            format!("{P}9"),
            format!("{P}\u{a0}rest"),
            P.replacen('5', "a", 1),
            P.replacen('5', "*", 1),
            P.replacen('5', "é", 1),
            P[..80].to_string(),
            "1".repeat(81),
        ];
        for text in &lines {
            for shape in [None, Some(Shape::CLASSIC), Some(Shape::new(2, 2).unwrap())] {
                let fast = parse_line(text, 3, shape);
                let general = parse_line_general(text, 3, shape);
                assert_eq!(fast, general, "{text:?} {shape:?}");
            }
        }
        // The fast path really is taken for the plain lines.
        assert!(classic_line(P.as_bytes()).is_some());
        assert!(classic_line(format!("{P} # c").as_bytes()).is_some());
        assert!(classic_line(format!("{P}9").as_bytes()).is_none());
    }

    #[test]
    fn a_line_has_a_puzzle_and_a_comment() {
        let (g, c) = parse_line(&format!("{P}   # hard one"), 1, None).unwrap();
        assert_eq!(g.shape(), Shape::CLASSIC);
        assert_eq!(g.values()[0], 5);
        assert_eq!(c.as_deref(), Some("hard one"));
        let (_, c) = parse_line(&format!("{P}#x"), 1, None).unwrap();
        assert_eq!(c.as_deref(), Some("x"));
        let (_, c) = parse_line(P, 1, None).unwrap();
        assert_eq!(c, None);
    }

    #[test]
    fn a_line_of_the_wrong_length_names_the_nearest_boards() {
        let e = parse_line(&P[..80], 3, None).unwrap_err();
        assert_eq!(e.line(), 3);
        assert!(e.to_string().starts_with("line 3: 80 cells"), "{e}");
        assert!(e.to_string().contains("81 for 9x9"), "{e}");
        let shape = Shape::new(3, 4).unwrap();
        let e = parse_line(&".".repeat(143), 2, Some(shape)).unwrap_err();
        assert_eq!(e.to_string(), "line 2: expected 144 cells for 3x4, found 143");
    }

    #[test]
    fn detection_of_single_lines() {
        let detect_any = |t: &str| detect(t, None);
        assert_eq!(detect_any(&format!("{P}  # hard")), Some(Format::Line));
        let bad = format!("{}?{}", &P[..40], &P[41..]);
        assert_eq!(
            detect_any(&bad),
            Some(Format::Line),
            "an unknown character keeps the line format"
        );
        assert_eq!(detect_any("53..7...."), Some(Format::Grid));
        assert_eq!(detect_any("12 34"), Some(Format::Grid));
        assert_eq!(detect_any("534 678 912"), Some(Format::Grid));
        assert_eq!(detect_any("5 3 0 0 7 0 0 0 0"), Some(Format::Grid));
        assert_eq!(detect_any("53.|.7.|..."), Some(Format::Ss));
        assert_eq!(detect_any("|53.|.7.|...|"), Some(Format::Ss));
        assert_eq!(detect_any("5 3 . | . 7 . | . . ."), Some(Format::Grid));
        assert_eq!(detect_any("------+-------+------"), None);
        assert_eq!(detect_any("*-----------*"), None);
        assert_eq!(detect_any("[Puzzle]"), Some(Format::Sdk));
        assert_eq!(detect_any("1 0 10 16 0 0 0 0 0 0 0 0 0 0 0 0"), Some(Format::Tokens));
        assert_eq!(detect_any("5 3 12 | 6 7 8 | 9 1 2"), Some(Format::Pencilmarks));
        assert_eq!(detect_any("123456789ABCDEFG"), Some(Format::Grid));
        assert_eq!(detect_any("1..4....3..2...."), Some(Format::Line));
        // Boards with sides below 4: a whole board on one line is read as a
        // line when the shape is named (else it could be a 9x9 board's row).
        let tiny = |r, c| Some(Shape::new(r, c).unwrap());
        assert_eq!(detect("2.......1", tiny(1, 3)), Some(Format::Line));
        assert_eq!(detect("2.......1", tiny(3, 1)), Some(Format::Line));
        assert_eq!(detect(".2..", tiny(2, 1)), Some(Format::Line));
        assert_eq!(detect("2.......1", None), Some(Format::Grid));
        assert_eq!(detect("53..7....", Some(Shape::CLASSIC)), Some(Format::Grid));
        assert_eq!(detect("2..4.....", tiny(1, 3)), Some(Format::Grid), "4 is not a digit of 3x3");
    }

    #[test]
    fn rows_split_into_cells_with_box_hints() {
        let r = RowCells::split("| 5 3 . | . 7 . | . . . |");
        assert_eq!(r.chars, 9);
        assert_eq!(r.box_cols_hint(false, 9), Some(3));
        assert_eq!(r.char_values(None, 1, 1).unwrap(), [5, 3, 0, 0, 7, 0, 0, 0, 0]);
        assert!(RowCells::split("12 1 0 3 0 0 0 0 0 0 0 0").looks_like_token_row());
        let r = RowCells::split("12 1 0 3");
        assert!(!r.looks_like_token_row());
        assert_eq!(
            r.token_values(4, 1, 1).unwrap_err().to_string(),
            "line 1, row 1, column 1: value 12 is larger than the board size 4"
        );
        let r = RowCells::split("53.?");
        assert_eq!(
            r.char_values(None, 7, 2).unwrap_err().to_string(),
            "line 7, row 2, column 4: unexpected character '?'"
        );
        let r = RowCells::split("13.x");
        assert_eq!(
            r.char_values(None, 7, 2).unwrap_err().to_string(),
            "line 7, row 2, column 4: symbol 'x' (33) is larger than the board size 4"
        );
    }
}
