/*!
The sections of a puzzle file: `# rules: NAME` lines that name the rules of
the puzzles below them, and killer lines below them, as `sudokit generate
--variant` writes its files. One reader for every front end: the CLI's batch
commands, the Python package's `read_puzzles`, and (a rules line alone) the
service's puzzle fields.

# Overview
- [`sections`]: a file's text with each killer line turned into the line of
  its givens, and the rules of each puzzle line ([`Sections`]).
- [`SectionError`] (with [`SectionErrorKind`]): the line at fault, from 1,
  and what is wrong there.
- [`rules_line`]: the rules one line names, when it is a rules line;
  [`RULES_LINE`] is the mark that starts one.

# Invariants
- One line out for each line in: [`Sections::text`] has a line for each line
  of the input (blank and comment lines kept, a killer line replaced by its
  givens), so the line number of a record read from it (by
  [`Reader`](super::Reader)) finds the record's rules in
  [`Sections::rules`].
- A puzzle line has rules in the map exactly when a rules line is above it
  or it is a killer line; the rules are those of the nearest rules line
  above (the classic rules of its board for a killer line with none),
  with a killer line's cages added.
- Rules lines are read when the text begins with one (blank and `#`
  comment lines may come first). Puzzles read without rules and then a
  rules line would leave the puzzles above it under other rules than a
  reader of the file expects, so that line is an error
  ([`SectionErrorKind::RulesBelowPuzzles`]), except where every puzzle
  line is a killer line (`killer`), whose rules lines may come anywhere.
- Each error names the first line at fault; nothing is returned for a text
  with an error.
*/

use std::collections::HashMap;
use std::fmt;

use super::{KillerError, parse_killer, to_line};
use crate::rules::{Rules, RulesError};
use crate::shape::Shape;

/// The mark at the start of a rules line (after any blank space): the rest
/// of the line names the rules, as [`Rules`] parses them.
pub const RULES_LINE: &str = "# rules:";

/// The rules `line` names when it is a rules line (`# rules: NAME`, blank
/// space allowed around it); `None` for any other line.
///
/// ```
/// use sudokit::format::rules_line;
///
/// assert_eq!(rules_line("  # rules: 4+x ").unwrap().unwrap().to_string(), "4+x");
/// assert!(rules_line("# rules: 4+y").unwrap().is_err());
/// assert!(rules_line("# a comment").is_none());
/// ```
pub fn rules_line(line: &str) -> Option<Result<Rules, RulesError>> {
    let name = line.trim().strip_prefix(RULES_LINE)?;
    Some(name.trim().parse())
}

/// A text read by [`sections`]: its lines, and the rules of its puzzle
/// lines.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Sections {
    /// The text, one line for each line of the input (each ending in
    /// `\n`): killer lines replaced by the line of their givens, every
    /// other line as it was.
    pub text: String,
    /// The rules of each puzzle line below a rules line, and of each
    /// killer line, by line number from 1.
    pub rules: HashMap<usize, Rules>,
}

impl Sections {
    /// The box shape every puzzle line with rules has, when there is one
    /// and they agree: the shape to read the text with, since the lines
    /// alone may not tell it (a 12x12 line reads as 3x4 unless told 4x3).
    pub fn shape(&self) -> Option<Shape> {
        let mut shapes = self.rules.values().map(Rules::shape);
        let first = shapes.next()?;
        shapes.all(|s| s == first).then_some(first)
    }
}

/// Why [`sections`] could not read a text: the line, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionError {
    line: usize,
    kind: SectionErrorKind,
}

/// What is wrong on the line a [`SectionError`] names.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SectionErrorKind {
    /// A rules line whose name cannot be read.
    BadRules {
        /// The name, as the line gives it (trimmed).
        name: String,
        /// Why it cannot be read.
        error: RulesError,
    },
    /// A rules line naming other rules than the ones expected (the
    /// `expected` argument of [`sections`]).
    OtherRules {
        /// The rules the line names.
        named: Rules,
        /// The rules expected.
        expected: Rules,
    },
    /// A rules line below puzzle lines read without rules.
    RulesBelowPuzzles,
    /// A killer line that cannot be read.
    Killer(KillerError),
    /// A killer line of another board than the rules above it.
    KillerShape {
        /// The killer line's board.
        board: Shape,
        /// The rules above it.
        rules: Rules,
    },
    /// A killer line whose cages cannot join the rules above it (they
    /// overlap a cage the rules name, say).
    Cages(RulesError),
}

impl SectionError {
    /// The error `kind` at `line` (from 1).
    pub fn new(line: usize, kind: SectionErrorKind) -> SectionError {
        SectionError { line, kind }
    }

    /// The line at fault, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// What is wrong.
    pub fn kind(&self) -> &SectionErrorKind {
        &self.kind
    }
}

impl fmt::Display for SectionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SectionErrorKind::BadRules { name, error } => write!(f, "{RULES_LINE} {name}: {error}"),
            SectionErrorKind::OtherRules { named, expected } => {
                write!(f, "the input names its rules {named}, but the rules given are {expected}")
            }
            SectionErrorKind::RulesBelowPuzzles => write!(
                f,
                "a '{RULES_LINE}' line below puzzles read without one: rules lines are read \
                 when the input begins with one (blank and comment lines may come first); put \
                 a rules line at the top, or give the puzzles above it a file of their own"
            ),
            SectionErrorKind::Killer(e) => write!(f, "{e}"),
            SectionErrorKind::KillerShape { board, rules } => {
                write!(f, "a killer line of a {board} board below the rules {rules}")
            }
            SectionErrorKind::Cages(e) => write!(f, "{e}"),
        }
    }
}

impl fmt::Display for SectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl std::error::Error for SectionError {}

/// Whether `line` (a puzzle line, trimmed) has the shape of a killer line:
/// a cage map, then sums with at least one comma (a board has several
/// cages), then at most the givens, before any `#` comment. A puzzle line
/// with its solution has no commas in its second field.
fn looks_killer(line: &str) -> bool {
    let before_comment = line.split('#').next().unwrap_or("");
    let fields: Vec<&str> = before_comment.split_whitespace().collect();
    match fields[..] {
        [_, sums] | [_, sums, _] => {
            sums.contains(',') && sums.bytes().all(|b| b.is_ascii_digit() || b == b',')
        }
        _ => false,
    }
}

/// The lines of `text` and the rules of each puzzle line (see
/// [`Sections`]): a `# rules: NAME` line gives the puzzles below it the
/// rules NAME; a puzzle line is a killer line with `killer` (every puzzle
/// line is one), and below a rules line when it is shaped like one (as
/// `generate --variant killer` writes them); its cages join the rules
/// above it (or the classic rules of its board) and it becomes the line
/// of its givens. A byte order mark at the start is dropped.
///
/// # Errors
/// The first line at fault ([`SectionErrorKind`]): a rules name that
/// cannot be read, or that differs from `expected` when given; a rules
/// line below puzzles read without one (unless `killer`); a killer line
/// that cannot be read, is of another board than the rules above it, or
/// whose cages do not fit them.
///
/// ```
/// use sudokit::format::sections;
///
/// let text = "# rules: 4+x\n1234............\n# rules: 4\n\
///             AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5\n";
/// let read = sections(text, false, None).unwrap();
/// assert_eq!(read.text, "# rules: 4+x\n1234............\n# rules: 4\n................\n");
/// assert_eq!(read.rules[&2].to_string(), "4+x");
/// assert_eq!(read.rules[&4].constraints().len(), 8);
///
/// let err = sections("1234............\n# rules: 4+x\n", false, None).unwrap_err();
/// assert_eq!(err.line(), 2);
/// ```
pub fn sections(
    text: &str,
    killer: bool,
    expected: Option<&Rules>,
) -> Result<Sections, SectionError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = String::with_capacity(text.len() + 1);
    let mut rules = HashMap::new();
    let mut current: Option<Rules> = None;
    let mut puzzles_above = false;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        let at = |kind| SectionError::new(i + 1, kind);
        if let Some(named) = rules_line(trimmed) {
            let named = named.map_err(|error| {
                let name = trimmed[RULES_LINE.len()..].trim().to_string();
                at(SectionErrorKind::BadRules { name, error })
            })?;
            if current.is_none() && puzzles_above && !killer {
                return Err(at(SectionErrorKind::RulesBelowPuzzles));
            }
            if let Some(expected) = expected.filter(|&r| *r != named) {
                let expected = expected.clone();
                return Err(at(SectionErrorKind::OtherRules { named, expected }));
            }
            current = Some(named);
            lines.push_str(line);
        } else if trimmed.is_empty() || trimmed.starts_with('#') {
            lines.push_str(line);
        } else if killer || (current.is_some() && looks_killer(trimmed)) {
            puzzles_above = true;
            let grid = parse_killer(trimmed).map_err(|e| at(SectionErrorKind::Killer(e)))?;
            let base = current.clone().unwrap_or_else(|| Rules::classic(grid.shape()));
            if base.shape() != grid.shape() {
                let kind = SectionErrorKind::KillerShape { board: grid.shape(), rules: base };
                return Err(at(kind));
            }
            let own =
                base.with_cages_of(grid.rules()).map_err(|e| at(SectionErrorKind::Cages(e)))?;
            lines.push_str(&to_line(&grid));
            rules.insert(i + 1, own);
        } else {
            puzzles_above = true;
            lines.push_str(line);
            if let Some(named) = &current {
                rules.insert(i + 1, named.clone());
            }
        }
        lines.push('\n');
    }
    Ok(Sections { text: lines, rules })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraint::Constraint;

    #[test]
    fn rules_lines_name_the_puzzles_below_them() {
        let text = "# rules: 4+x\n1234............\n\n# rules: 4\n................\n";
        let read = sections(text, false, None).unwrap();
        assert_eq!(read.text, text);
        assert_eq!(read.rules.get(&2), Some(&"4+x".parse::<Rules>().unwrap()));
        assert_eq!(read.rules.get(&5), Some(&Rules::classic(Shape::new(2, 2).unwrap())));
        assert_eq!(read.rules.len(), 2);
        assert_eq!(read.shape(), Some(Shape::new(2, 2).unwrap()));
    }

    #[test]
    fn killer_lines_become_their_givens_line_for_line() {
        let text = "\u{feff}# a comment\nAABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5\n";
        let read = sections(text, true, None).unwrap();
        assert_eq!(read.text, "# a comment\n................\n");
        let cages = read.rules[&2].constraints().iter();
        assert_eq!(cages.filter(|c| matches!(c, Constraint::Cage(_))).count(), 8);
    }

    #[test]
    fn killer_lines_below_a_rules_line_are_read_without_the_flag() {
        let text = "# rules: 4\nAABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5 # 1234341221434321\n\
                    1234............ 1234341221434321\n";
        let read = sections(text, false, None).unwrap();
        assert_eq!(read.text, "# rules: 4\n................\n1234............ 1234341221434321\n");
        assert!(read.rules[&2].has_constraints());
        assert!(!read.rules[&3].has_constraints());
    }

    #[test]
    fn each_error_names_its_line_and_what_is_wrong() {
        let err = |text: &str, killer: bool| sections(text, killer, None).unwrap_err();
        let e = err("\n# rules: 4+y\n", false);
        assert_eq!(e.line(), 2);
        assert!(matches!(e.kind(), SectionErrorKind::BadRules { name, .. } if name == "4+y"));
        assert!(e.to_string().starts_with("line 2: # rules: 4+y: unknown rule"), "{e}");
        let e = err("AABB 3\nnot a killer line\n", true);
        assert_eq!((e.line(), matches!(e.kind(), SectionErrorKind::Killer(_))), (1, true));
        let e = err("# rules: 9\nAABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5\n", false);
        assert_eq!(e.line(), 2);
        assert!(e.to_string().contains("a killer line of a 2x2 board below the rules 9"), "{e}");
        let e = err("# rules: 4+cage:3=0.1\nAABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5\n", false);
        assert!(matches!(e.kind(), SectionErrorKind::Cages(_)), "{e}");
        let expected: Rules = "4".parse().unwrap();
        let e = sections("\n# rules: 4+x\n", false, Some(&expected)).unwrap_err();
        assert_eq!(e.line(), 2);
        assert!(matches!(e.kind(), SectionErrorKind::OtherRules { .. }), "{e}");
    }

    #[test]
    fn a_rules_line_below_puzzles_read_without_one_is_refused() {
        let text = "# made by hand\n\n1234............\n# rules: 4+x\n................\n";
        let e = sections(text, false, None).unwrap_err();
        assert_eq!((e.line(), e.kind()), (4, &SectionErrorKind::RulesBelowPuzzles));
        // Comments and blank lines may come first; killer files may name
        // rules anywhere.
        assert!(
            sections("# made by hand\n\n# rules: 4+x\n1234............\n", false, None).is_ok()
        );
        let killer = "AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5\n# rules: 4+x\n\
                      AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5\n";
        assert!(sections(killer, true, None).is_ok());
    }
}
