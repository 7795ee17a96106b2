//! Page options: [`Paper`], [`PerPage`] and [`PrintOptions`].

use std::fmt;
use std::str::FromStr;

/// A paper size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in PostScript points (1/72 in), portrait.
    pub fn size_pt(self) -> (f32, f32) {
        match self {
            // 210 mm and 297 mm at 72 / 25.4 points per millimetre.
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

impl FromStr for Paper {
    type Err = String;

    /// `a4` or `letter`, ignoring case.
    fn from_str(s: &str) -> Result<Paper, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(format!("unknown paper '{}' (expected a4 or letter)", s.escape_debug())),
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        })
    }
}

/// How many puzzles share a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PerPage {
    /// One large grid.
    One,
    /// Two grids, one above the other.
    Two,
    /// Four grids, two by two.
    #[default]
    Four,
    /// Six grids, two columns of three.
    Six,
}

impl PerPage {
    /// The number of puzzles per page.
    pub fn count(self) -> usize {
        match self {
            PerPage::One => 1,
            PerPage::Two => 2,
            PerPage::Four => 4,
            PerPage::Six => 6,
        }
    }

    /// The grid of slots: (columns, rows).
    pub(crate) fn slots(self) -> (usize, usize) {
        match self {
            PerPage::One => (1, 1),
            PerPage::Two => (1, 2),
            PerPage::Four => (2, 2),
            PerPage::Six => (2, 3),
        }
    }
}

impl TryFrom<usize> for PerPage {
    type Error = String;

    /// 1, 2, 4 or 6.
    fn try_from(n: usize) -> Result<PerPage, String> {
        match n {
            1 => Ok(PerPage::One),
            2 => Ok(PerPage::Two),
            4 => Ok(PerPage::Four),
            6 => Ok(PerPage::Six),
            _ => Err(format!("{n} puzzles per page is not a layout (expected 1, 2, 4 or 6)")),
        }
    }
}

/// What to print and how.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PrintOptions {
    /// The paper size. Default: A4.
    pub paper: Paper,
    /// Puzzles per page. Default: four.
    pub per_page: PerPage,
    /// A title at the top of every page. Default: none.
    pub title: Option<String>,
    /// Whether solution pages follow the puzzles (smaller grids, several to
    /// a page). Default: no.
    pub solutions: bool,
    /// When solving the puzzles for the solution pages must stop (a
    /// request's end, an interrupt); the book is then refused with
    /// [`PrintError::OutOfTime`](crate::PrintError::OutOfTime). Default:
    /// never (the node bound [`SOLVE_NODE_LIMIT`](crate::SOLVE_NODE_LIMIT)
    /// still holds).
    pub deadline: sudokit::Deadline,
}
