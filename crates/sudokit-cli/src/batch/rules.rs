/*!
The rules each puzzle read is answered under, one reader for the batch
commands and `print`: `--rules NAME` for every puzzle, `--variant` lists
(with `killer` each line is a killer line), and `# rules: NAME` lines that
name the rules of the puzzles below them, as `generate` writes them.

- [`read_sections`]: [`sections`] of a whole input, f-puzzles boards
  first turned into lines ([`fpuzzles_lines`]).
- [`sections`]: the engine's reader of `# rules:` lines and killer lines
  ([`sudokit::format::sections`]), with the CLI's wording for a
  `--rules` that the input contradicts.
- [`rules_of`]: the rules one record is answered under, from those and the
  flags.

The text [`sections`] returns has one line for each line of the input, so
a record's line number finds its rules in the map.
*/

use std::collections::HashMap;
use std::io::{self, Read};

use anyhow::{Context, Result, bail};
use sudokit::Rules;
use sudokit::Shape;
use sudokit::format::{self, Format, ReadOptions, SectionError, SectionErrorKind, parse_fpuzzles};
use sudokit::variant::Variants;

use crate::args::Variant;

/// The comment that names the rules of the puzzles below it, as
/// `generate` writes it.
pub(crate) use sudokit::format::RULES_LINE;

/// What the first bytes of an input say it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Head {
    /// Puzzles in a text format (the reader detects which).
    Plain,
    /// A `# rules:` line first: the input names its rules and goes
    /// through [`sections`].
    Rules,
    /// An f-puzzles board: JSON, a link, or its compressed form, or a
    /// SudokuPad scl board; it goes through [`fpuzzles_lines`].
    Fpuzzles,
}

/// The most bytes of blank space and comment lines [`head`] reads past
/// before the first line that tells what the input is.
const HEAD_MAX: usize = 1 << 16;

/// The byte order mark some editors write at the start of a UTF-8 file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whether `bytes`, an input's first, are all of a byte order mark at
/// its start (or the beginning of one).
fn in_bom(bytes: &[u8]) -> bool {
    BOM.starts_with(bytes)
}

/// The first bytes of `source` and what they begin: a byte order mark,
/// blank space and `#` comment lines are read past (up to [`HEAD_MAX`]
/// bytes), then at most
/// the length of [`RULES_LINE`] of the next line, so an endless line is not
/// read to tell. Chain the bytes back before the rest of `source`.
pub(crate) fn head<R: Read>(source: &mut R) -> io::Result<(Vec<u8>, Head)> {
    let mut head = Vec::new();
    loop {
        let first = loop {
            match next_byte(source, &mut head)? {
                None => return Ok((head, Head::Plain)),
                Some(_) if head.len() >= HEAD_MAX => return Ok((head, Head::Plain)),
                Some(b) if b.is_ascii_whitespace() => {}
                Some(_) if in_bom(&head) => {}
                Some(b) => break b,
            }
        };
        let start = head.len() - 1;
        while head.len() - start < RULES_LINE.len() {
            match next_byte(source, &mut head)? {
                None | Some(b'\n') => break,
                Some(_) => {}
            }
        }
        let line = &head[start..];
        if line == RULES_LINE.as_bytes() {
            return Ok((head, Head::Rules));
        }
        if first != b'#' {
            let kind = if line.starts_with(b"{")
                || line.starts_with(b"N4Ig")
                || line.starts_with(b"http")
                || line.starts_with(b"scl")
                || line.starts_with(b"ctc")
            {
                Head::Fpuzzles
            } else {
                Head::Plain
            };
            return Ok((head, kind));
        }
        // A comment: read to the end of its line.
        while head.last() != Some(&b'\n') {
            if head.len() >= HEAD_MAX || next_byte(source, &mut head)?.is_none() {
                return Ok((head, Head::Plain));
            }
        }
    }
}

/// The next byte of `source`, also pushed onto `bytes`; `None` at the end.
fn next_byte(source: &mut impl Read, bytes: &mut Vec<u8>) -> io::Result<Option<u8>> {
    let mut byte = [0];
    loop {
        match source.read(&mut byte) {
            Ok(0) => return Ok(None),
            Ok(_) => {
                bytes.push(byte[0]);
                return Ok(Some(byte[0]));
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// An input read as plain puzzles, whose reading ends with an error at a
/// `# rules:` line: the rules lines of an input are read when it begins
/// with one ([`head`]), so one further down would otherwise be a comment
/// and the puzzles below it would be answered under other rules.
///
/// Its bytes are the input's up to that line (a line is a rules line when
/// [`RULES_LINE`] follows the blank space at its start, as [`sections`]
/// reads it); then every read is the error, which names the line.
pub(crate) struct NoRulesBelow<R> {
    inner: R,
    /// How many bytes of a byte order mark the input begins with (skipped
    /// as blank space), while it may still be one: `None` after that.
    bom: Option<usize>,
    /// The line the next byte is on, from 1.
    line: u64,
    /// How much of [`RULES_LINE`] the current line's first marks match, or
    /// `None` once they do not.
    matched: Option<usize>,
    /// The line of the rules line met.
    found: Option<u64>,
}

impl<R> NoRulesBelow<R> {
    pub(crate) fn new(inner: R) -> NoRulesBelow<R> {
        NoRulesBelow { inner, bom: Some(0), line: 1, matched: Some(0), found: None }
    }

    fn error(line: u64) -> io::Error {
        let line = usize::try_from(line).unwrap_or(usize::MAX);
        let error = SectionError::new(line, SectionErrorKind::RulesBelowPuzzles);
        io::Error::new(io::ErrorKind::InvalidData, error.to_string())
    }
}

impl<R: Read> Read for NoRulesBelow<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(line) = self.found {
            return Err(Self::error(line));
        }
        let n = self.inner.read(buf)?;
        let rules = RULES_LINE.as_bytes();
        for (i, &b) in buf[..n].iter().enumerate() {
            if let Some(k) = self.bom {
                self.bom = (k < BOM.len() && BOM[k] == b).then_some(k + 1);
                if self.bom.is_some() {
                    continue;
                }
            }
            if b == b'\n' {
                self.line += 1;
                self.matched = Some(0);
                continue;
            }
            self.matched = match self.matched {
                Some(0) if b == b' ' || b == b'\t' || b == b'\r' => Some(0),
                Some(k) if b == rules[k] => Some(k + 1),
                _ => None,
            };
            if self.matched == Some(rules.len()) {
                self.found = Some(self.line);
                // The bytes before the rules line's mark; the line's
                // beginning may lie in an earlier read.
                let keep = (i + 1).saturating_sub(rules.len());
                return if keep == 0 { Err(Self::error(self.line)) } else { Ok(keep) };
            }
        }
        Ok(n)
    }
}

/// The whole text of `source` (`name` in messages) as [`sections`] gives
/// it: with `fpuzzles`, its boards first become their lines
/// ([`fpuzzles_lines`]), read as `line` text of their shape (set in
/// `options`), and are not killer lines whatever `killer` says.
pub(crate) fn read_sections(
    source: &mut impl Read,
    name: &str,
    fpuzzles: bool,
    killer: bool,
    explicit: Option<&Rules>,
    options: &mut ReadOptions,
) -> Result<(String, HashMap<usize, Rules>)> {
    let mut text = String::new();
    source.read_to_string(&mut text).with_context(|| format!("cannot read {name}"))?;
    if let Some(rest) = text.strip_prefix('\u{feff}') {
        text = rest.to_string();
    }
    if fpuzzles {
        let (lines, shape) = fpuzzles_lines(&text).with_context(|| name.to_string())?;
        text = lines;
        *options = options.with_shape(shape).with_format(Format::Line);
    }
    sections(&text, killer && !fpuzzles, explicit).with_context(|| name.to_string())
}

/// The text of f-puzzles boards as the lines [`sections`] reads: for each
/// board a `# rules:` line naming its rules and the line of its givens,
/// and the boards' shape (one for the whole input). JSON text holds one
/// board or several, one after another (`generate --format fpuzzles`
/// writes one a line); otherwise each line that is not blank or a `#`
/// comment is one (a link or a compressed board).
pub(crate) fn fpuzzles_lines(text: &str) -> Result<(String, Shape)> {
    let text = text.trim_start_matches('\u{feff}');
    let boards: Vec<(usize, &str)> = if text.trim_start().starts_with('{') {
        json_boards(text)
    } else {
        text.lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect()
    };
    let mut out = String::new();
    let mut shape: Option<Shape> = None;
    for (line, board) in boards {
        let at = || format!("line {line}");
        let grid = parse_fpuzzles(board).with_context(at)?;
        if let Some(first) = shape.filter(|&s| s != grid.shape()) {
            bail!("{}: a board of {} boxes after boards of {first} boxes", at(), grid.shape());
        }
        shape = Some(grid.shape());
        out.push_str(&format!("{RULES_LINE} {}\n{}\n", grid.rules(), format::to_line(&grid)));
    }
    let shape = shape.context("no f-puzzles board in the input")?;
    Ok((out, shape))
}

/// The JSON values of `text` one after another, each with the line it
/// starts on (from 1). Text that does not parse as JSON from some point on
/// is one last board, whose reading names what is wrong.
fn json_boards(text: &str) -> Vec<(usize, &str)> {
    let line_of = |at: usize| text[..at].bytes().filter(|&b| b == b'\n').count() + 1;
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    let mut boards = Vec::new();
    let mut end = 0;
    loop {
        let rest = &text[end..];
        let begin = end + (rest.len() - rest.trim_start().len());
        match stream.next() {
            None => return boards,
            Some(Ok(_)) => {
                end = stream.byte_offset();
                boards.push((line_of(begin), &text[begin..end]));
            }
            Some(Err(_)) => {
                boards.push((line_of(begin), &text[begin..]));
                return boards;
            }
        }
    }
}

/// The lines of `text` with each puzzle line's rules by its number from 1,
/// as the engine's [`sections`](sudokit::format::sections) reads them: a
/// `# rules: NAME` line gives the puzzles below it the rules NAME (an
/// error when `explicit` rules, from `--rules`, differ); with `killer`,
/// and below a `# rules:` line for each line shaped like one, a puzzle line
/// is a killer line, whose cages join those rules and which becomes the
/// line of its givens. Blank and `#` lines are kept, so line numbers stay.
pub(crate) fn sections(
    text: &str,
    killer: bool,
    explicit: Option<&Rules>,
) -> Result<(String, HashMap<usize, Rules>)> {
    match format::sections(text, killer, explicit) {
        Ok(read) => Ok((read.text, read.rules)),
        Err(e) => match e.kind() {
            SectionErrorKind::OtherRules { named, expected } => bail!(
                "line {}: the input names its rules {named}, but --rules gives {expected}",
                e.line()
            ),
            _ => Err(e.into()),
        },
    }
}

/// The rules a record is answered under: `own` (its line's rules from
/// [`sections`]) and the flags' `variant`, over the rules it was `read`
/// with. `None` when nothing names rules (the record keeps its own);
/// `Err` says why the puzzle cannot take the rules named.
pub(crate) fn rules_of(
    own: Option<Rules>,
    variant: Option<&Variant>,
    read: &Rules,
) -> Option<Result<Rules, String>> {
    match (own, variant) {
        (None, None) => None,
        (Some(rules), None | Some(Variant::Rules(_))) => Some(Ok(rules)),
        (None, Some(Variant::Rules(rules))) => Some(Ok(rules.clone())),
        (own, Some(Variant::Named(list))) => {
            Some(named_rules(list, own.unwrap_or_else(|| read.clone())))
        }
    }
}

/// `base` with the rules `list` names, or why the puzzle cannot take them:
/// a variant whose data (regions, cages, thermometers, dots, marks) the
/// puzzle's rules do not hold.
fn named_rules(list: &Variants, base: Rules) -> Result<Rules, String> {
    if let Some((v, what)) = list.missing_data(&base) {
        return Err(format!(
            "--variant {v}: this puzzle's rules ({base}) have no {what}; a '{RULES_LINE} NAME' \
             line above the puzzles gives them (as generate writes it), or --rules NAME"
        ));
    }
    list.apply(base.clone()).map_err(|e| format!("--variant {list} on the rules {base}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_tells_a_rules_line_after_a_bounded_read() {
        let (bytes, kind) = head(&mut "# rules: 9+x\n".as_bytes()).unwrap();
        assert_eq!((bytes.as_slice(), kind), (&b"# rules:"[..], Head::Rules));
        let (bytes, kind) = head(&mut io::repeat(0)).unwrap();
        assert_eq!((bytes.len(), kind), (RULES_LINE.len(), Head::Plain));
        let (bytes, kind) = head(&mut "1.".as_bytes()).unwrap();
        assert_eq!((bytes.as_slice(), kind), (&b"1."[..], Head::Plain));
        for board in [
            "  {\"size\"",
            "N4IgzglgXgpi",
            "https://f-puzzles.com/?load=N4Ig",
            "sclN4Ig",
            "ctcN4Ig",
        ] {
            assert_eq!(head(&mut board.as_bytes()).unwrap().1, Head::Fpuzzles, "{board}");
        }
    }

    #[test]
    fn the_head_reads_past_blank_space_and_comments_within_a_bound() {
        let text = "\n  # a comment\n#\n\t # rules: 9+x\n1.";
        let (bytes, kind) = head(&mut text.as_bytes()).unwrap();
        assert_eq!(kind, Head::Rules);
        assert_eq!(bytes, &text.as_bytes()[..text.find(':').unwrap() + 1]);
        let (_, kind) = head(&mut "# made by hand\nN4IgzglgXgpi".as_bytes()).unwrap();
        assert_eq!(kind, Head::Fpuzzles);
        let (bytes, kind) = head(&mut "# x\n1.2\n# rules: 9+x\n".as_bytes()).unwrap();
        assert_eq!((bytes.as_slice(), kind), (&b"# x\n1.2\n"[..], Head::Plain));
        let (bytes, kind) = head(&mut io::repeat(b' ')).unwrap();
        assert_eq!((bytes.len(), kind), (HEAD_MAX, Head::Plain));
        let (bytes, kind) = head(&mut "#".as_bytes().chain(io::repeat(b'x'))).unwrap();
        assert_eq!((bytes.len(), kind), (HEAD_MAX, Head::Plain));
    }

    /// Everything `NoRulesBelow` gives of `text`, read `chunk` bytes at a
    /// time, and the error that ends it.
    fn read_guarded(text: &str, chunk: usize) -> (String, Option<String>) {
        struct Chunks<'a>(&'a [u8], usize);
        impl Read for Chunks<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.1.min(buf.len()).min(self.0.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut guard = NoRulesBelow::new(Chunks(text.as_bytes(), chunk));
        let mut out = Vec::new();
        let mut buf = [0; 64];
        loop {
            match guard.read(&mut buf) {
                Ok(0) => return (String::from_utf8(out).unwrap(), None),
                Ok(n) => out.extend_from_slice(&buf[..n]),
                Err(e) => return (String::from_utf8(out).unwrap(), Some(e.to_string())),
            }
        }
    }

    #[test]
    fn a_rules_line_below_plain_puzzles_ends_the_reading_naming_its_line() {
        let text = "1...\n# note: # rules: x\n.2..\n  # rules: 4+x\n..3.\n";
        for chunk in [1, 2, 3, 7, 64] {
            let (read, error) = read_guarded(text, chunk);
            // Nothing of the rules line's mark or below reaches the reader.
            assert!(text.starts_with(&read), "{chunk}: {read:?}");
            assert!(read.contains(".2..\n") && !read.contains("..3."), "{chunk}: {read:?}");
            let error = error.expect("the rules line is an error");
            assert!(error.starts_with("line 4: a '# rules:' line below puzzles"), "{error}");
        }
        let plain = "1...\n# rules are for others\n#rules: x\n.2..\n";
        assert_eq!(read_guarded(plain, 5), (plain.to_string(), None));
    }

    #[test]
    fn fpuzzles_boards_become_a_rules_line_and_their_givens() {
        let row = "[{},{},{},{}]";
        let json = format!(
            "{{\"size\":4,\"grid\":[[{{\"value\":1,\"given\":true}},{{}},{{}},{{}}],{row},{row},{row}],\
             \"antiknight\":true}}"
        );
        let (lines, shape) = fpuzzles_lines(&json).unwrap();
        assert_eq!(lines, "# rules: 4+anti-knight\n1...............\n");
        assert_eq!(shape, Shape::new(2, 2).unwrap());
        let err = fpuzzles_lines("N4Ig\n").unwrap_err();
        assert!(format!("{err:#}").contains("line 1"), "{err:#}");
        // Boards one a line, as generate writes them; a broken one is
        // named by the line it starts on.
        let two = format!("{json}\n{}\n", json.replace("antiknight", "antiking"));
        let (lines, _) = fpuzzles_lines(&two).unwrap();
        assert_eq!(
            lines,
            "# rules: 4+anti-knight\n1...............\n# rules: 4+anti-king\n1...............\n"
        );
        let err = fpuzzles_lines(&format!("{json}\n\n{{\"size\":4,")).unwrap_err();
        let err = format!("{err:#}");
        assert!(err.contains("line 3") && err.contains("JSON"), "{err}");
    }

    #[test]
    fn an_explicit_rules_flag_that_differs_is_an_error_at_its_line() {
        let explicit: Rules = "4".parse().unwrap();
        let err = sections("\n# rules: 4+x\n", false, Some(&explicit)).unwrap_err();
        let text = format!("{err:#}");
        assert!(
            text.starts_with("line 2: the input names its rules 4+x, but --rules gives 4"),
            "{text}"
        );
    }

    #[test]
    fn a_killer_line_that_is_not_one_names_its_line() {
        let err = sections("AABB 3\nnot a killer line\n", true, None).unwrap_err();
        assert!(format!("{err:#}").contains("line 1"), "{err:#}");
    }
}
