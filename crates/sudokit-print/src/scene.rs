//! The page model every backend draws: [`Page`]s of [`Element`]s.
//!
//! Coordinates are PostScript points with the origin at the top-left corner
//! of the page and `y` growing downwards (as in SVG; the PDF backend flips
//! them). Text is placed by its baseline; an [`Anchor`] says which point of
//! the text `x` is. Elements are stored in drawing order, and the text of a
//! grid row by row, so the PDF text layer reads in the order of the puzzle.

/// A laid-out page.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Width in points.
    pub width: f32,
    /// Height in points.
    pub height: f32,
    /// What to draw, in order.
    pub elements: Vec<Element>,
    /// Where the grids are, in reading order.
    pub grids: Vec<GridBox>,
}

/// One drawing element.
#[derive(Clone, Debug, PartialEq)]
pub enum Element {
    /// A straight line with square caps.
    Line(Line),
    /// A run of text.
    Text(Text),
}

/// A straight line with square caps (so thick box lines meet cleanly at the
/// corners).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// Start point.
    pub x1: f32,
    /// Start point.
    pub y1: f32,
    /// End point.
    pub x2: f32,
    /// End point.
    pub y2: f32,
    /// Stroke width in points.
    pub width: f32,
}

/// Which point of a text `x` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The left end.
    Start,
    /// The middle.
    Middle,
}

/// What a text is, for styling (SVG classes) and for tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A given of a puzzle.
    Given,
    /// A digit of a solution that was not a given.
    Filled,
    /// A pencil mark.
    Candidate,
    /// The caption under a grid.
    Caption,
    /// The title or the heading of the solution pages.
    Title,
    /// The page footer.
    Footer,
}

impl Role {
    /// The SVG class name.
    pub fn class(self) -> &'static str {
        match self {
            Role::Given => "given",
            Role::Filled => "filled",
            Role::Candidate => "candidate",
            Role::Caption => "caption",
            Role::Title => "title",
            Role::Footer => "footer",
        }
    }
}

/// A run of text in the embedded font.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// The anchor point's x.
    pub x: f32,
    /// The baseline's y.
    pub y: f32,
    /// Font size in points.
    pub size: f32,
    /// Which point of the text `x` is.
    pub anchor: Anchor,
    /// Grey level: 0 is black, 1 white.
    pub gray: f32,
    /// What the text is.
    pub role: Role,
    /// The characters (no control characters).
    pub text: String,
}

/// Whether a grid shows a puzzle or a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridKind {
    /// A puzzle (givens, maybe pencil marks).
    Puzzle,
    /// A solution (smaller, on the solution pages).
    Solution,
}

/// Where a grid was placed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridBox {
    /// Left edge in points.
    pub x: f32,
    /// Top edge in points.
    pub y: f32,
    /// Side of the square grid in points.
    pub side: f32,
    /// The board side `N`.
    pub size: usize,
    /// The puzzle's number.
    pub number: u64,
    /// Puzzle or solution.
    pub kind: GridKind,
}
