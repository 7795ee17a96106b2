//! The page model every backend draws: [`Page`]s of [`Element`]s.
//!
//! Coordinates are PostScript points with the origin at the top-left corner
//! of the page and `y` growing downwards (as in SVG; the PDF backend flips
//! them). Text is placed by its baseline; an [`Anchor`] says which point of
//! the text `x` is. Every backend draws the elements [`Layer`] by layer
//! ([`Page::layered`]), and within a layer in the order stored: shading under
//! the grid lines, dots over them, text over everything. The text of a grid
//! is stored row by row, so the PDF text layer reads in the order of the
//! puzzle.

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

impl Page {
    /// The elements in drawing order: by [`Layer`], and within a layer in
    /// the order stored.
    pub fn layered(&self) -> impl Iterator<Item = &Element> {
        let mut order: Vec<&Element> = self.elements.iter().collect();
        order.sort_by_key(|e| e.layer());
        order.into_iter()
    }
}

/// What is drawn over what, bottom first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Layer {
    /// Light shading under the grid: windows, even/odd marks,
    /// thermometers, diagonals.
    Shade,
    /// The grid's lines and the cage outlines.
    Lines,
    /// Marks over the lines: kropki dots, the white ground of cage sums.
    Marks,
    /// Every text.
    Text,
}

/// One drawing element.
#[derive(Clone, Debug, PartialEq)]
pub enum Element {
    /// A straight line.
    Line(Line),
    /// A run of text.
    Text(Text),
    /// A filled rectangle.
    Rect(Rect),
    /// A filled, maybe outlined, circle.
    Circle(Circle),
}

impl Element {
    /// The layer the element is drawn in.
    pub fn layer(&self) -> Layer {
        match self {
            Element::Line(l) => match l.kind {
                LineKind::Diagonal | LineKind::Thermo => Layer::Shade,
                LineKind::Cell | LineKind::Border | LineKind::Cage => Layer::Lines,
            },
            Element::Text(_) => Layer::Text,
            Element::Rect(Rect { mark, .. }) | Element::Circle(Circle { mark, .. }) => match mark {
                Mark::Window | Mark::Even | Mark::Odd | Mark::Bulb => Layer::Shade,
                Mark::WhiteDot | Mark::BlackDot | Mark::SumGround => Layer::Marks,
            },
        }
    }
}

/// What a line is: its meaning, for tests and SVG classes (its look is in
/// the other fields of [`Line`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// A thin line between two cells of one box or region.
    Cell,
    /// A thick line between boxes or regions, or the grid's border.
    Border,
    /// A main diagonal (X-Sudoku).
    Diagonal,
    /// A stretch of a killer cage's dashed outline.
    Cage,
    /// A step of a thermometer, from one cell centre to the next.
    Thermo,
}

impl LineKind {
    /// The SVG class of the variant lines (cell and border lines have none).
    pub fn class(self) -> Option<&'static str> {
        match self {
            LineKind::Cell | LineKind::Border => None,
            LineKind::Diagonal => Some("diagonal"),
            LineKind::Cage => Some("cage"),
            LineKind::Thermo => Some("thermo"),
        }
    }
}

/// How a line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cap {
    /// Projecting square caps, so thick lines meet cleanly at corners.
    Square,
    /// Round caps, so the steps of a bent thermometer join smoothly.
    Round,
}

/// A straight line.
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
    /// Grey level: 0 is black, 1 white.
    pub gray: f32,
    /// Dashes: `Some(d)` draws `d` points, leaves `d` points out, from the
    /// start; `None` is a solid line.
    pub dash: Option<f32>,
    /// How the ends look.
    pub cap: Cap,
    /// What the line is.
    pub kind: LineKind,
}

impl Line {
    /// A solid black line with square caps.
    pub fn solid(x1: f32, y1: f32, x2: f32, y2: f32, width: f32, kind: LineKind) -> Line {
        Line { x1, y1, x2, y2, width, gray: 0.0, dash: None, cap: Cap::Square, kind }
    }
}

/// What a filled shape is: its meaning, for tests and SVG classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A cell of a windoku window (shaded).
    Window,
    /// A cell marked even (a grey square).
    Even,
    /// A cell marked odd (a grey circle).
    Odd,
    /// A thermometer's bulb.
    Bulb,
    /// A white kropki dot (consecutive digits).
    WhiteDot,
    /// A black kropki dot (one digit twice the other).
    BlackDot,
    /// The white ground under a cage sum, breaking the dashed outline.
    SumGround,
}

impl Mark {
    /// The SVG class.
    pub fn class(self) -> &'static str {
        match self {
            Mark::Window => "window",
            Mark::Even => "even",
            Mark::Odd => "odd",
            Mark::Bulb => "bulb",
            Mark::WhiteDot => "white-dot",
            Mark::BlackDot => "black-dot",
            Mark::SumGround => "sum-ground",
        }
    }
}

/// A filled rectangle without outline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width in points.
    pub w: f32,
    /// Height in points.
    pub h: f32,
    /// Fill grey level: 0 is black, 1 white.
    pub fill: f32,
    /// What it is.
    pub mark: Mark,
}

/// A filled circle, outlined in black when `stroke` is set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    /// Centre.
    pub cx: f32,
    /// Centre.
    pub cy: f32,
    /// Radius in points.
    pub r: f32,
    /// Fill grey level: 0 is black, 1 white.
    pub fill: f32,
    /// The black outline's width, if any.
    pub stroke: Option<f32>,
    /// What it is.
    pub mark: Mark,
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
    /// The sum of a killer cage.
    CageSum,
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
            Role::CageSum => "cage-sum",
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
