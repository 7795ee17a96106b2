/*!
[`Rules`]: a board as data, its shape and its houses.

See [`Rules`] for the model, its invariants and an example.
*/

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use crate::constraint::{
    Cage, Constraint, ConstraintError, Dot, DotKind, Parity, ParityKind, Propagators, Relation,
    Thermo, neighbours,
};
use crate::shape::{Cell, HouseKind, Layout, MAX_SIZE, Shape, ShapeError};

/// A board's rules: its shape, its houses and its distinct groups.
///
/// A *house* is a set of exactly `N` cells that holds every digit once. Every
/// board has its rows, its columns and its boxes; rules may replace the boxes
/// by irregular regions (jigsaw), add houses (the diagonals of X-Sudoku, the
/// windows of windoku, any set of `N` cells), and add *distinct groups*:
/// cells that must hold different digits without being a house (anti-knight,
/// anti-king, a cage without repeats). The engine reads all of them through
/// one table ([`Layout`]): the houses for singles, intersections and subsets,
/// the peers (cells sharing a house or a group) for eliminations. So a rule
/// made of houses and groups needs no change to the solvers or techniques.
///
/// Constraints that are not "all different" ([`Constraint`]: killer
/// cages, thermometers, kropki dots, even/odd cells) and the neighbour
/// rules non-consecutive and "all dots given" sit beside the houses: each
/// compiles to a propagator that the exact searches call once singles are
/// done, and [`Grid::broken`](crate::Grid::broken) checks them. Their cells
/// are distinct groups as well (a cage, a thermometer, a dot's two cells
/// never repeat a digit), so the peer tables know them.
///
/// # Invariants
/// - Every house holds exactly `N` distinct cells of the board; every region
///   map is `N` orthogonally connected regions of `N` cells, numbered in
///   order of their first cell; every distinct group has 2 to `N` distinct
///   cells.
/// - Two rule sets are equal when they describe the same constraints in the
///   same terms (the same shape, regions, named rules, houses and groups in
///   the same order), whatever order the named rules were added in.
/// - Classic rules hold the process-wide table of their shape and allocate
///   nothing: a grid with classic rules costs what a grid of a shape did.
///
/// # Example
/// ```
/// use sudokit::{Rules, Shape};
///
/// let x: Rules = "9+x".parse().unwrap();
/// assert_eq!(x, Rules::classic(Shape::CLASSIC).with_diagonals());
/// assert_eq!(x.layout().house_count(), 29); // 27 and the two diagonals
/// assert_eq!(x.layout().name(28).to_string(), "diagonal 2");
/// assert!(!x.is_classic());
/// assert_eq!(x.to_string(), "9+x");
///
/// // Windows need room: a 4x4 board has one, a 1x5 board none.
/// assert!(Rules::classic(Shape::new(2, 2).unwrap()).with_windows().is_ok());
/// assert!(Rules::classic(Shape::new(1, 5).unwrap()).with_windows().is_err());
/// ```
///
/// Cheap to clone (classic rules are a pointer, others a shared `Arc`).
#[derive(Clone)]
pub struct Rules(Repr);

#[derive(Clone)]
enum Repr {
    /// Rows, columns and boxes of the layout's shape.
    Classic(&'static Layout),
    Custom(Arc<Custom>),
}

/// Rules beyond rows, columns and boxes: their parts, and the tables built
/// from them.
struct Custom {
    parts: Parts,
    layout: Layout,
    /// The constraints and neighbour rules compiled for the searches.
    props: Option<Propagators>,
}

/// The named rules a board may add, each at most once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
struct Named {
    diagonals: bool,
    windows: bool,
    anti_king: bool,
    anti_knight: bool,
    non_consecutive: bool,
    all_dots: bool,
}

/// Why rules could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// The shape part of a name was wrong.
    Shape(ShapeError),
    /// A part of a name that is not a known rule.
    UnknownRule(String),
    /// The board has no room for windows: a window is a box shape set one
    /// row and one column in from the boxes, and none fits.
    NoWindows(Shape),
    /// A region map does not have one entry per cell.
    RegionMapLength {
        /// The board's cell count.
        expected: usize,
        /// The entries given.
        found: usize,
    },
    /// A region map has more than `N` regions.
    TooManyRegions {
        /// The board side, the number of regions wanted.
        size: usize,
        /// The first cell of a region beyond the `N`-th.
        cell: Cell,
    },
    /// A region does not have `N` cells.
    RegionSize {
        /// The region, numbered from 0 in order of first cell.
        region: usize,
        /// Its cells.
        cells: usize,
        /// The board side.
        size: usize,
    },
    /// A region's cells are not orthogonally connected.
    RegionNotConnected {
        /// The region, numbered from 0 in order of first cell.
        region: usize,
        /// A cell of the region cut off from its first cell.
        cell: Cell,
    },
    /// A house given cell by cell does not have `N` distinct cells of the
    /// board.
    BadHouse {
        /// What is wrong with it.
        reason: String,
    },
    /// A distinct group does not have 2 to `N` distinct cells of the board.
    BadGroup {
        /// What is wrong with it.
        reason: String,
    },
    /// A constraint that does not fit the board (a cage sum out of reach,
    /// overlapping cages, a thermometer that is not a path, a dot between
    /// cells that do not touch, ...).
    Constraint(ConstraintError),
    /// A rule named twice in one name (`9+x+x`, `9+x+diagonal`, two
    /// region maps).
    Repeated {
        /// The rule, by its name in [`Rules`]'s `Display` (`jigsaw` for a
        /// region map).
        rule: String,
        /// The part that named it first.
        first: String,
        /// The part that names it again.
        again: String,
    },
    /// Rules named for one box shape given with a board of another.
    OtherShape {
        /// The shape the rules' name gives.
        rules: Shape,
        /// The board's shape.
        board: Shape,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Shape(e) => write!(f, "{e}"),
            RulesError::OtherShape { rules, board } => write!(
                f,
                "the rules are for a board with {rules} boxes, but the board has {board} boxes"
            ),
            RulesError::UnknownRule(s) => write!(
                f,
                "unknown rule {s:?}: expected x, windoku, anti-knight, anti-king, \
                 non-consecutive, kropki-negative, jigsaw=REGIONS, house:CELLS, \
                 distinct:CELLS, cage:SUM=CELLS, thermo:CELLS, white:A.B, black:A.B, \
                 even:CELLS or odd:CELLS (CELLS: cell indices from 0 joined by '.')"
            ),
            RulesError::NoWindows(shape) => write!(
                f,
                "a board with {shape} boxes has no room for windows (a window is a box \
                 set one row and one column in from the boxes)"
            ),
            RulesError::RegionMapLength { expected, found } => {
                write!(f, "the region map has {found} cells, expected {expected}")
            }
            RulesError::TooManyRegions { size, cell } => write!(
                f,
                "the region map has more than {size} regions: r{}c{} starts region {}",
                cell.index() / size + 1,
                cell.index() % size + 1,
                size + 1
            ),
            RulesError::RegionSize { region, cells, size } => {
                write!(f, "region {} has {cells} cells, expected {size}", region + 1)
            }
            RulesError::RegionNotConnected { region, cell } => write!(
                f,
                "region {} is not connected: cell index {} is cut off from its first cell",
                region + 1,
                cell.index()
            ),
            RulesError::Repeated { rule, first, again } if first == again => {
                write!(f, "the rule {rule:?} is named twice")
            }
            RulesError::Repeated { rule, first, again } => {
                write!(f, "the rule {rule:?} is named twice (as {first:?} and {again:?})")
            }
            RulesError::BadHouse { reason } => write!(f, "invalid house: {reason}"),
            RulesError::BadGroup { reason } => write!(f, "invalid distinct group: {reason}"),
            RulesError::Constraint(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RulesError {}

impl From<ConstraintError> for RulesError {
    fn from(e: ConstraintError) -> RulesError {
        RulesError::Constraint(e)
    }
}

impl From<ShapeError> for RulesError {
    fn from(e: ShapeError) -> RulesError {
        RulesError::Shape(e)
    }
}

/// The symbols of region maps in text, one per region (up to 64).
const REGION_SYMBOLS: &[u8; MAX_SIZE] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#";

impl Rules {
    /// The classic rules of `shape`: rows, columns and boxes.
    pub fn classic(shape: Shape) -> Rules {
        Rules(Repr::Classic(shape.layout()))
    }

    /// The board's shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.layout().shape()
    }

    /// The house and peer tables.
    #[inline]
    pub fn layout(&self) -> &Layout {
        match &self.0 {
            Repr::Classic(layout) => layout,
            Repr::Custom(custom) => &custom.layout,
        }
    }

    /// Whether these are the classic rules of their shape: rows, columns
    /// and boxes, nothing more.
    #[inline]
    pub fn is_classic(&self) -> bool {
        matches!(self.0, Repr::Classic(_))
    }

    /// Whether the third block of houses is the shape's boxes (not
    /// irregular regions).
    pub fn has_boxes(&self) -> bool {
        match &self.0 {
            Repr::Classic(_) => true,
            Repr::Custom(custom) => custom.parts.regions.is_none(),
        }
    }

    /// The region of each cell (numbered from 0 in order of first cell),
    /// when irregular regions replace the boxes.
    pub fn regions(&self) -> Option<&[u8]> {
        match &self.0 {
            Repr::Classic(_) => None,
            Repr::Custom(custom) => custom.parts.regions.as_deref(),
        }
    }

    /// Whether both main diagonals are houses (X-Sudoku).
    pub fn has_diagonals(&self) -> bool {
        self.named().diagonals
    }

    /// Whether the rules have houses beyond rows, columns and boxes:
    /// diagonals, windows, houses added cell by cell, or jigsaw regions in
    /// place of the boxes.
    pub fn has_irregular_houses(&self) -> bool {
        self.layout().house_count() > self.shape().house_count() || !self.has_boxes()
    }

    /// Whether the windows are houses (windoku).
    pub fn has_windows(&self) -> bool {
        self.named().windows
    }

    /// Whether cells a knight's move apart must differ.
    pub fn has_anti_knight(&self) -> bool {
        self.named().anti_knight
    }

    /// Whether cells a king's move apart must differ.
    pub fn has_anti_king(&self) -> bool {
        self.named().anti_king
    }

    /// The houses added cell by cell ([`Rules::with_house`]).
    pub fn extra_houses(&self) -> &[Vec<u16>] {
        match &self.0 {
            Repr::Classic(_) => &[],
            Repr::Custom(custom) => &custom.parts.houses,
        }
    }

    /// The distinct groups added cell by cell ([`Rules::with_distinct`]).
    pub fn distinct_groups(&self) -> &[Vec<u16>] {
        match &self.0 {
            Repr::Classic(_) => &[],
            Repr::Custom(custom) => &custom.parts.distinct,
        }
    }

    /// Whether orthogonal neighbours must not hold consecutive digits.
    pub fn has_non_consecutive(&self) -> bool {
        self.named().non_consecutive
    }

    /// Whether every kropki dot is given: orthogonal neighbours without a
    /// dot hold digits neither consecutive nor one twice the other.
    pub fn has_all_dots(&self) -> bool {
        self.named().all_dots
    }

    /// The constraints beyond "all different", in the order added.
    pub fn constraints(&self) -> &[Constraint] {
        match &self.0 {
            Repr::Classic(_) => &[],
            Repr::Custom(custom) => &custom.parts.constraints,
        }
    }

    /// Whether any rule is more than "all different" (a constraint, or a
    /// neighbour rule): then only the exact searches know it, and the
    /// logical solver declines.
    pub fn has_constraints(&self) -> bool {
        self.propagators().is_some()
    }

    /// The constraints and neighbour rules compiled for the searches.
    pub(crate) fn propagators(&self) -> Option<&Propagators> {
        match &self.0 {
            Repr::Classic(_) => None,
            Repr::Custom(custom) => custom.props.as_ref(),
        }
    }

    /// The pairs of neighbours bound by the neighbour rules (not by dots):
    /// non-consecutive, and "all dots given" where no dot is.
    pub fn neighbour_relations(&self) -> Vec<([u16; 2], Relation)> {
        neighbour_relations(self.shape(), self.named(), self.constraints())
    }

    fn named(&self) -> Named {
        match &self.0 {
            Repr::Classic(_) => Named::default(),
            Repr::Custom(custom) => custom.parts.named,
        }
    }

    /// These rules with both main diagonals as houses (X-Sudoku). Diagonal
    /// 1 runs from the top left to the bottom right, diagonal 2 from the
    /// top right to the bottom left.
    pub fn with_diagonals(self) -> Rules {
        self.change(|c| c.named.diagonals = true)
    }

    /// These rules with the windows as houses (windoku, also called
    /// hyper-Sudoku): boxes of the board's box shape whose corners sit one
    /// row and one column in from the boxes' (on 9x9, the four 3x3 squares
    /// at rows and columns 2-4 and 6-8). An error on boards where no
    /// window fits (boxes of one row, say).
    pub fn with_windows(self) -> Result<Rules, RulesError> {
        let shape = self.shape();
        if windows(shape).is_empty() {
            return Err(RulesError::NoWindows(shape));
        }
        Ok(self.change(|c| c.named.windows = true))
    }

    /// These rules with cells a chess knight's move apart required to
    /// differ (a distinct group of each such pair).
    pub fn with_anti_knight(self) -> Rules {
        self.change(|c| c.named.anti_knight = true)
    }

    /// These rules with cells a chess king's move apart required to differ
    /// (a distinct group of each such pair).
    pub fn with_anti_king(self) -> Rules {
        self.change(|c| c.named.anti_king = true)
    }

    /// These rules with irregular regions in place of the boxes (jigsaw):
    /// `map` gives each cell's region label in reading order, any `N`
    /// different values. Each region must be `N` orthogonally connected
    /// cells; regions are numbered in order of their first cell.
    pub fn with_regions(self, map: &[u8]) -> Result<Rules, RulesError> {
        let shape = self.shape();
        let regions = check_regions(shape, map)?;
        let boxes: Vec<u8> =
            (0..shape.cell_count()).map(|i| shape.box_of(Cell::from_index(i)) as u8).collect();
        // The boxes themselves are not irregular: keep them boxes.
        let regions = (regions != boxes).then(|| regions.into_boxed_slice());
        Ok(self.change(|c| c.regions = regions))
    }

    /// These rules with one more house: `cells` (indices in reading order),
    /// `N` distinct cells of the board.
    pub fn with_house(self, cells: &[u16]) -> Result<Rules, RulesError> {
        let n = self.shape().size();
        check_cells(self.shape(), cells, n, n).map_err(|reason| RulesError::BadHouse { reason })?;
        Ok(self.change(|c| c.houses.push(cells.to_vec())))
    }

    /// These rules with one more distinct group: `cells` (indices in
    /// reading order), 2 to `N` distinct cells of the board that must hold
    /// different digits (a cage without repeats, say).
    pub fn with_distinct(self, cells: &[u16]) -> Result<Rules, RulesError> {
        let n = self.shape().size();
        check_cells(self.shape(), cells, 2, n).map_err(|reason| RulesError::BadGroup { reason })?;
        Ok(self.change(|c| c.distinct.push(cells.to_vec())))
    }

    /// These rules with orthogonal neighbours required to differ by more
    /// than 1 (non-consecutive).
    pub fn with_non_consecutive(self) -> Rules {
        self.change(|c| c.named.non_consecutive = true)
    }

    /// These rules with every kropki dot given (the negative constraint):
    /// neighbours without a dot are neither consecutive nor in ratio 2.
    pub fn with_all_dots(self) -> Rules {
        self.change(|c| c.named.all_dots = true)
    }

    /// These rules with a killer cage: `cells` (indices in reading order,
    /// 1 to `N` of them, on a board of side 16 or less) hold distinct digits
    /// summing to `sum`. An error names the cage (numbered from 1 in order
    /// added) when the sum is out of reach for its size or it overlaps
    /// another cage.
    pub fn with_cage(self, cells: &[u16], sum: u32) -> Result<Rules, RulesError> {
        let cages: Vec<&Cage> = self
            .constraints()
            .iter()
            .filter_map(|c| if let Constraint::Cage(c) = c { Some(c) } else { None })
            .collect();
        let part = format!("cage {} (sum {sum})", cages.len() + 1);
        let cage = Cage::new(self.shape(), cells, sum, &part)?;
        for (k, other) in cages.iter().enumerate() {
            if let Some(&cell) = cells.iter().find(|c| other.cells().contains(c)) {
                return Err(ConstraintError::CagesOverlap {
                    part,
                    other: format!("cage {} (sum {})", k + 1, other.sum()),
                    cell: crate::constraint::name(cell, self.shape()),
                }
                .into());
            }
        }
        Ok(self.change(|c| c.constraints.push(Constraint::Cage(cage))))
    }

    /// These rules with the killer cages of `other` added, in `other`'s
    /// order (as a killer line's cages join the rules named above it); an
    /// error as for [`Rules::with_cage`].
    ///
    /// ```
    /// use sudokit::Rules;
    /// use sudokit::format::parse_killer;
    ///
    /// let killer = parse_killer("AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5").unwrap();
    /// let x: Rules = "4+x".parse().unwrap();
    /// let both = x.with_cages_of(killer.rules()).unwrap();
    /// assert!(both.has_diagonals());
    /// assert_eq!(both.constraints().len(), 8);
    /// ```
    pub fn with_cages_of(self, other: &Rules) -> Result<Rules, RulesError> {
        other.constraints().iter().try_fold(self, |rules, c| match c {
            Constraint::Cage(cage) => rules.with_cage(cage.cells(), cage.sum()),
            _ => Ok(rules),
        })
    }

    /// These rules with a thermometer along `cells` (the bulb first, each
    /// cell a king's move from the one before, 2 to `N` cells): digits
    /// strictly increase from the bulb.
    pub fn with_thermo(self, cells: &[u16]) -> Result<Rules, RulesError> {
        let count =
            self.constraints().iter().filter(|c| matches!(c, Constraint::Thermo(_))).count();
        let thermo = Thermo::new(self.shape(), cells, &format!("thermometer {}", count + 1))?;
        Ok(self.change(|c| c.constraints.push(Constraint::Thermo(thermo))))
    }

    /// These rules with a kropki dot of `kind` between the orthogonal
    /// neighbours `a` and `b` (cell indices), at most one dot per pair.
    pub fn with_dot(self, a: u16, b: u16, kind: DotKind) -> Result<Rules, RulesError> {
        let dot = Dot::new(self.shape(), a, b, kind)?;
        if self
            .constraints()
            .iter()
            .any(|c| matches!(c, Constraint::Dot(d) if d.pair() == dot.pair()))
        {
            return Err(ConstraintError::Dot {
                part: Constraint::Dot(dot).describe(0, self.shape()),
                reason: "a dot is there already".to_string(),
            }
            .into());
        }
        Ok(self.change(|c| c.constraints.push(Constraint::Dot(dot))))
    }

    /// These rules with `cells` (indices) marked `kind`: they hold even
    /// digits, or odd ones. A cell may not be marked both.
    pub fn with_parity(self, cells: &[u16], kind: ParityKind) -> Result<Rules, RulesError> {
        let part = format!("{kind} cells");
        let parity = Parity::new(self.shape(), cells, kind, &part)?;
        for c in self.constraints() {
            let Constraint::Parity(other) = c else { continue };
            let Some(&cell) = cells.iter().find(|x| other.cells().contains(x)) else { continue };
            let cell = crate::constraint::name(cell, self.shape());
            return Err(if other.kind() != kind {
                ConstraintError::ParityConflict { cell }
            } else {
                ConstraintError::Cells { part, reason: format!("{cell} is marked {kind} already") }
            }
            .into());
        }
        Ok(self.change(|c| c.constraints.push(Constraint::Parity(parity))))
    }

    /// These rules with `extra` constraints added at once (one rebuild of
    /// the tables), and with every kropki dot given when `all_dots`. The
    /// caller makes them fit together: no two cages share a cell, no two
    /// dots a pair, no cell is marked both even and odd (each constraint
    /// was checked against the board when it was made).
    pub(crate) fn with_constraints(self, extra: Vec<Constraint>, all_dots: bool) -> Rules {
        self.change(|c| {
            c.constraints.extend(extra);
            c.named.all_dots |= all_dots;
        })
    }

    /// These rules without their killer cages.
    pub(crate) fn without_cages(self) -> Rules {
        self.change(|c| c.constraints.retain(|k| !matches!(k, Constraint::Cage(_))))
    }

    /// The named rules these rules hold (`x`, `windoku`, `anti-king`,
    /// `anti-knight`, `non-consecutive`, `kropki-negative`), each with the
    /// cell sets it binds: its houses, or the pairs of cells it relates. A
    /// map of the cells keeps a named rule when it maps these sets onto
    /// themselves.
    pub(crate) fn named_cell_sets(&self) -> Vec<(&'static str, Vec<Vec<u16>>)> {
        let (shape, named) = (self.shape(), self.named());
        let pairs = || neighbours(shape).into_iter().map(|p| p.to_vec()).collect::<Vec<_>>();
        let mut out = Vec::new();
        if named.diagonals {
            out.push(("x", diagonals(shape)));
        }
        if named.windows {
            out.push(("windoku", windows(shape)));
        }
        if named.anti_king {
            out.push(("anti-king", moves(shape, &[(1, 1), (1, -1)])));
        }
        if named.anti_knight {
            out.push(("anti-knight", moves(shape, &[(1, 2), (2, 1), (1, -2), (2, -1)])));
        }
        if named.non_consecutive {
            out.push(("non-consecutive", pairs()));
        }
        if named.all_dots {
            out.push(("kropki-negative", pairs()));
        }
        out
    }

    /// These rules with the named rules of `other`, rules of the same
    /// shape, in place of their own.
    pub(crate) fn with_named_of(self, other: &Rules) -> Rules {
        let named = other.named();
        self.change(|c| c.named = named)
    }

    /// These rules changed by `edit`, with their tables rebuilt.
    fn change(self, edit: impl FnOnce(&mut Parts)) -> Rules {
        let mut parts = match &self.0 {
            Repr::Classic(layout) => Parts {
                shape: layout.shape(),
                regions: None,
                named: Named::default(),
                houses: Vec::new(),
                distinct: Vec::new(),
                constraints: Vec::new(),
            },
            Repr::Custom(c) => c.parts.clone(),
        };
        edit(&mut parts);
        parts.build()
    }
}

/// The parts of rules, before their tables are built; two rules are equal
/// when their parts are.
#[derive(Clone, PartialEq)]
struct Parts {
    shape: Shape,
    /// The region of each cell, numbered in order of first appearance,
    /// when regions replace the boxes.
    regions: Option<Box<[u8]>>,
    named: Named,
    /// Houses added cell by cell, in the order they were added.
    houses: Vec<Vec<u16>>,
    /// Distinct groups added cell by cell, in the order they were added.
    distinct: Vec<Vec<u16>>,
    /// Constraints beyond "all different", in the order they were added.
    constraints: Vec<Constraint>,
}

/// The parts of [`Rules`] as a set, which equality and hashing read: the
/// same rules built in another order (cages listed in another order, a
/// cage's or a house's cells in another order, even or odd marks split
/// into other lists, as a board read back from f-puzzles has them) are
/// equal. A thermometer keeps its order (from the
/// bulb); a region map is numbered in order of first appearance already.
#[derive(PartialEq, Eq, Hash)]
struct PartSet<'a> {
    /// The board's side.
    size: usize,
    /// The box shape, when boxes are houses: regions that replace them
    /// make `2x3` and `3x2` the same board.
    boxes: Option<Shape>,
    regions: Option<&'a [u8]>,
    named: Named,
    houses: Vec<Vec<u16>>,
    distinct: Vec<Vec<u16>>,
    /// Each constraint as its kind, its number (a cage's sum, the dot's or
    /// mark's kind) and its cells.
    constraints: Vec<(u8, u32, Vec<u16>)>,
}

impl Parts {
    /// The parts as a set (see [`PartSet`]).
    fn as_set(&self) -> PartSet<'_> {
        let sorted = |cells: &[u16]| {
            let mut cells = cells.to_vec();
            cells.sort_unstable();
            cells
        };
        let sorted_lists = |lists: &[Vec<u16>]| {
            let mut lists: Vec<Vec<u16>> = lists.iter().map(|l| sorted(l)).collect();
            lists.sort_unstable();
            lists
        };
        let mut constraints: Vec<(u8, u32, Vec<u16>)> = Vec::new();
        for c in &self.constraints {
            match c {
                Constraint::Cage(cage) => constraints.push((0, cage.sum(), sorted(cage.cells()))),
                Constraint::Thermo(t) => constraints.push((1, 0, t.cells().to_vec())),
                Constraint::Dot(d) => constraints.push((2, d.kind() as u32, d.cells().to_vec())),
                // Marks are per cell: `odd:4.7` is `odd:4+odd:7`.
                Constraint::Parity(p) => {
                    constraints.extend(p.cells().iter().map(|&i| (3, p.kind() as u32, vec![i])))
                }
            }
        }
        constraints.sort_unstable();
        PartSet {
            size: self.shape.size(),
            boxes: self.regions.is_none().then_some(self.shape),
            regions: self.regions.as_deref(),
            named: self.named,
            houses: sorted_lists(&self.houses),
            distinct: sorted_lists(&self.distinct),
            constraints,
        }
    }

    fn build(self) -> Rules {
        let Parts { shape, regions, named, houses, distinct, constraints } = &self;
        let (shape, named) = (*shape, *named);
        if regions.is_none()
            && named == Named::default()
            && houses.is_empty()
            && distinct.is_empty()
            && constraints.is_empty()
        {
            return Rules::classic(shape);
        }
        let mut extra: Vec<(HouseKind, Vec<u16>)> = Vec::new();
        if named.diagonals {
            extra.extend(diagonals(shape).into_iter().map(|d| (HouseKind::Diagonal, d)));
        }
        if named.windows {
            extra.extend(windows(shape).into_iter().map(|w| (HouseKind::Window, w)));
        }
        extra.extend(houses.iter().map(|h| (HouseKind::Extra, h.clone())));
        let mut groups = distinct.clone();
        if named.anti_king {
            groups.extend(moves(shape, &[(1, 1), (1, -1)]));
        }
        if named.anti_knight {
            groups.extend(moves(shape, &[(1, 2), (2, 1), (1, -2), (2, -1)]));
        }
        // Cages, thermometers and dots never repeat a digit in their cells.
        groups.extend(
            constraints
                .iter()
                .filter(|c| !matches!(c, Constraint::Parity(_)) && c.cells().len() >= 2)
                .map(|c| c.cells().to_vec()),
        );
        let pairs = neighbour_relations(shape, named, constraints);
        let layout = match regions {
            Some(map) => Layout::new(shape, map, HouseKind::Region, &extra, &groups),
            None => {
                let boxes: Vec<u8> = (0..shape.cell_count())
                    .map(|i| shape.box_of(Cell::from_index(i)) as u8)
                    .collect();
                Layout::new(shape, &boxes, HouseKind::Box, &extra, &groups)
            }
        };
        let props = Propagators::new(&layout, constraints, &pairs);
        Rules(Repr::Custom(Arc::new(Custom { parts: self, layout, props })))
    }
}

/// The pairs of neighbours bound by the neighbour rules of `named`:
/// non-consecutive on every pair; with all dots given, "no dot" on every
/// pair without a dot among `constraints`.
fn neighbour_relations(
    shape: Shape,
    named: Named,
    constraints: &[Constraint],
) -> Vec<([u16; 2], Relation)> {
    let mut out = Vec::new();
    if !named.non_consecutive && !named.all_dots {
        return out;
    }
    let dotted: std::collections::HashSet<[u16; 2]> = constraints
        .iter()
        .filter_map(|c| if let Constraint::Dot(d) = c { Some(d.pair()) } else { None })
        .collect();
    for pair in neighbours(shape) {
        if named.non_consecutive {
            out.push((pair, Relation::NotConsecutive));
        }
        if named.all_dots && !dotted.contains(&pair) {
            out.push((pair, Relation::NoDot));
        }
    }
    out
}

/// The two main diagonals of `shape`'s board.
fn diagonals(shape: Shape) -> Vec<Vec<u16>> {
    let n = shape.size();
    let down = (0..n).map(|i| (i * n + i) as u16).collect();
    let up = (0..n).map(|i| (i * n + n - 1 - i) as u16).collect();
    vec![down, up]
}

/// The windows of `shape`'s board, row by row: `r x c` boxes with their top
/// left corners at `(1 + i(r + 1), 1 + j(c + 1))`, every one that fits.
fn windows(shape: Shape) -> Vec<Vec<u16>> {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let tops: Vec<usize> = (0..).map(|i| 1 + i * (r + 1)).take_while(|&t| t + r < n + 1).collect();
    let lefts: Vec<usize> = (0..).map(|j| 1 + j * (c + 1)).take_while(|&l| l + c < n + 1).collect();
    let mut out = Vec::new();
    for &top in &tops {
        for &left in &lefts {
            let cells = (top..top + r)
                .flat_map(|row| (left..left + c).map(move |col| (row * n + col) as u16))
                .collect();
            out.push(cells);
        }
    }
    out
}

/// Every pair of cells `(dr, dc)` apart for the given steps: the distinct
/// groups of anti-king and anti-knight.
fn moves(shape: Shape, steps: &[(isize, isize)]) -> Vec<Vec<u16>> {
    let n = shape.size() as isize;
    let mut out = Vec::new();
    for row in 0..n {
        for col in 0..n {
            for &(dr, dc) in steps {
                let (r2, c2) = (row + dr, col + dc);
                if (0..n).contains(&r2) && (0..n).contains(&c2) {
                    out.push(vec![(row * n + col) as u16, (r2 * n + c2) as u16]);
                }
            }
        }
    }
    out
}

/// The region map `map` renumbered in order of first cell, or what is
/// wrong with it.
fn check_regions(shape: Shape, map: &[u8]) -> Result<Vec<u8>, RulesError> {
    let (n, cells) = (shape.size(), shape.cell_count());
    if map.len() != cells {
        return Err(RulesError::RegionMapLength { expected: cells, found: map.len() });
    }
    let mut number = [u8::MAX; 256];
    let mut next = 0u8;
    let mut out = Vec::with_capacity(cells);
    for (i, &label) in map.iter().enumerate() {
        if number[label as usize] == u8::MAX {
            if next as usize == n {
                return Err(RulesError::TooManyRegions { size: n, cell: Cell::from_index(i) });
            }
            number[label as usize] = next;
            next += 1;
        }
        out.push(number[label as usize]);
    }
    for region in 0..n {
        let members: Vec<usize> = (0..cells).filter(|&i| out[i] as usize == region).collect();
        if members.len() != n {
            return Err(RulesError::RegionSize { region, cells: members.len(), size: n });
        }
        // A flood fill from the first cell must reach every cell.
        let mut reached = vec![false; cells];
        let mut stack = vec![members[0]];
        reached[members[0]] = true;
        while let Some(i) = stack.pop() {
            for j in crate::shape::orthogonal(i, n) {
                if !reached[j] && out[j] as usize == region {
                    reached[j] = true;
                    stack.push(j);
                }
            }
        }
        if let Some(&cut) = members.iter().find(|&&i| !reached[i]) {
            return Err(RulesError::RegionNotConnected { region, cell: Cell::from_index(cut) });
        }
    }
    Ok(out)
}

/// What is wrong with `cells` as `min..=max` distinct cells of the board.
fn check_cells(shape: Shape, cells: &[u16], min: usize, max: usize) -> Result<(), String> {
    if let Some(&c) = cells.iter().find(|&&c| c as usize >= shape.cell_count()) {
        return Err(format!("cell index {c} is outside a board of {} cells", shape.cell_count()));
    }
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("cell index {} appears twice", w[0]));
    }
    if cells.len() < min || cells.len() > max {
        let want = if min == max { format!("{min}") } else { format!("{min} to {max}") };
        return Err(format!("{} cells, expected {want}", cells.len()));
    }
    Ok(())
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        match (&self.0, &other.0) {
            (Repr::Classic(a), Repr::Classic(b)) => a.shape() == b.shape(),
            (Repr::Custom(a), Repr::Custom(b)) => {
                Arc::ptr_eq(a, b) || a.parts.as_set() == b.parts.as_set()
            }
            _ => false,
        }
    }
}

impl Eq for Rules {}

impl Hash for Rules {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shape().hash(state);
        if let Repr::Custom(c) = &self.0 {
            c.parts.as_set().hash(state);
        }
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({self})")
    }
}

impl fmt::Display for Rules {
    /// The compact name: the shape (its size when the boxes are the
    /// natural ones, as `9`, else the box shape, as `3x2`), then `+` and
    /// each rule: `anti-king`, `anti-knight`, `windoku`, `x`, then
    /// `jigsaw=` and the region of each cell (one symbol each: `0-9`, `A-Z`,
    /// `a-z`, `@`, `#`), `house:` and `distinct:` with cell indices joined
    /// by `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.shape();
        if shape.has_default_boxes() {
            write!(f, "{}", shape.size())?;
        } else {
            write!(f, "{shape}")?;
        }
        let named = self.named();
        for (on, name) in [
            (named.anti_king, "anti-king"),
            (named.anti_knight, "anti-knight"),
            (named.windows, "windoku"),
            (named.diagonals, "x"),
            (named.non_consecutive, "non-consecutive"),
            (named.all_dots, "kropki-negative"),
        ] {
            if on {
                write!(f, "+{name}")?;
            }
        }
        if let Some(map) = self.regions() {
            f.write_str("+jigsaw=")?;
            for &r in map {
                write!(f, "{}", REGION_SYMBOLS[r as usize] as char)?;
            }
        }
        let list = |f: &mut fmt::Formatter<'_>, word: &str, cells: &[u16]| {
            let cells: Vec<String> = cells.iter().map(u16::to_string).collect();
            write!(f, "+{word}{}", cells.join("."))
        };
        for house in self.extra_houses() {
            list(f, "house:", house)?;
        }
        for group in self.distinct_groups() {
            list(f, "distinct:", group)?;
        }
        for c in self.constraints() {
            match c {
                Constraint::Cage(cage) => list(f, &format!("cage:{}=", cage.sum()), cage.cells())?,
                Constraint::Thermo(t) => list(f, "thermo:", t.cells())?,
                Constraint::Dot(d) => list(f, &format!("{}:", d.kind()), d.cells())?,
                Constraint::Parity(p) => list(f, &format!("{}:", p.kind()), p.cells())?,
            }
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// Parses the compact name of [`Rules`]'s `Display`. The shape part
    /// is a box shape (`3x3`, `2x3`), a size (`9`), or a board `NxN` of
    /// side 9 or more (`9x9`, `16x16`); the rule `diagonal` is also
    /// accepted for `x`, `hyper` and `windows` for `windoku`.
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let mut parts = s.trim().split('+');
        let head = parts.next().unwrap_or("").trim();
        let shape = match head.parse::<Shape>() {
            Ok(shape) => shape,
            Err(e) => match head.split_once(['x', 'X']) {
                Some((a, b)) if a.trim() == b.trim() => {
                    a.trim().parse::<usize>().map_err(|_| e.clone()).and_then(Shape::from_size)?
                }
                _ => return Err(e.into()),
            },
        };
        let mut rules = Rules::classic(shape);
        // The named rules and the region map met so far, each by its
        // canonical name and the part that named it.
        let mut named: Vec<(&str, &str)> = Vec::new();
        for part in parts {
            let part = part.trim();
            let lower = part.to_ascii_lowercase();
            let canonical = match lower.as_str() {
                "x" | "diagonal" => Some("x"),
                "windoku" | "hyper" | "windows" => Some("windoku"),
                "anti-knight" => Some("anti-knight"),
                "anti-king" => Some("anti-king"),
                "non-consecutive" | "nonconsecutive" => Some("non-consecutive"),
                "kropki-negative" | "all-dots" => Some("kropki-negative"),
                _ if part.starts_with("jigsaw=") => Some("jigsaw"),
                _ => None,
            };
            if let Some(canonical) = canonical {
                if let Some(&(_, first)) = named.iter().find(|(c, _)| *c == canonical) {
                    return Err(RulesError::Repeated {
                        rule: canonical.to_string(),
                        first: first.to_string(),
                        again: part.to_string(),
                    });
                }
                named.push((canonical, part));
            }
            let cells = |text: &str| -> Result<Vec<u16>, RulesError> {
                text.split('.')
                    .map(|t| t.trim().parse::<u16>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| RulesError::UnknownRule(part.to_string()))
            };
            rules = match lower.as_str() {
                "x" | "diagonal" => rules.with_diagonals(),
                "windoku" | "hyper" | "windows" => rules.with_windows()?,
                "anti-knight" => rules.with_anti_knight(),
                "anti-king" => rules.with_anti_king(),
                "non-consecutive" | "nonconsecutive" => rules.with_non_consecutive(),
                "kropki-negative" | "all-dots" => rules.with_all_dots(),
                _ => {
                    if let Some(map) = part.strip_prefix("jigsaw=") {
                        rules.with_regions(map.trim().as_bytes())?
                    } else if let Some(list) = part.strip_prefix("house:") {
                        rules.with_house(&cells(list)?)?
                    } else if let Some(list) = part.strip_prefix("distinct:") {
                        rules.with_distinct(&cells(list)?)?
                    } else if let Some(rest) = part.strip_prefix("cage:") {
                        let (sum, list) = rest
                            .split_once('=')
                            .ok_or(RulesError::UnknownRule(part.to_string()))?;
                        let sum = sum
                            .trim()
                            .parse::<u32>()
                            .map_err(|_| RulesError::UnknownRule(part.to_string()))?;
                        rules.with_cage(&cells(list)?, sum)?
                    } else if let Some(list) = part.strip_prefix("thermo:") {
                        rules.with_thermo(&cells(list)?)?
                    } else if let Some((kind, list)) = part.split_once(':').and_then(|(k, l)| {
                        Some((
                            match k.trim() {
                                "white" => Ok(DotKind::White),
                                "black" => Ok(DotKind::Black),
                                "even" => Err(ParityKind::Even),
                                "odd" => Err(ParityKind::Odd),
                                _ => return None,
                            },
                            l,
                        ))
                    }) {
                        let list = cells(list)?;
                        match kind {
                            Ok(dot) => match list[..] {
                                [a, b] => rules.with_dot(a, b, dot)?,
                                _ => return Err(RulesError::UnknownRule(part.to_string())),
                            },
                            Err(parity) => rules.with_parity(&list, parity)?,
                        }
                    } else {
                        return Err(RulesError::UnknownRule(part.to_string()));
                    }
                }
            };
        }
        Ok(rules)
    }
}

impl From<Shape> for Rules {
    fn from(shape: Shape) -> Rules {
        Rules::classic(shape)
    }
}

/// The `shape()` and `rules()` accessors of a board type that holds its
/// [`Rules`] in a field `rules` ([`Grid`](crate::Grid),
/// [`Candidates`](crate::Candidates)); `$board` names the type in their
/// docs.
macro_rules! rules_accessors {
    ($board:literal) => {
        #[doc = concat!("The shape of the ", $board, ".")]
        #[inline]
        pub fn shape(&self) -> crate::Shape {
            self.rules.shape()
        }

        #[doc = concat!("The rules of the ", $board, ".")]
        #[inline]
        pub fn rules(&self) -> &crate::Rules {
            &self.rules
        }
    };
}
pub(crate) use rules_accessors;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every layout is consistent: each house `N` distinct cells, each
    /// cell's houses the ones holding it (and its place in each), its peers exactly the other cells
    /// of its houses and groups (worked out here from the house lists).
    fn assert_consistent(rules: &Rules, groups: &[Vec<u16>]) {
        let layout = rules.layout();
        let (n, cells) = (rules.shape().size(), rules.shape().cell_count());
        for h in 0..layout.house_count() {
            let mut house = layout.house(h).to_vec();
            house.sort_unstable();
            house.dedup();
            assert_eq!(house.len(), n, "{rules}: house {}", layout.name(h));
        }
        for i in 0..cells {
            let holding: Vec<u16> = (0..layout.house_count() as u16)
                .filter(|&h| layout.house(h as usize).contains(&(i as u16)))
                .collect();
            assert_eq!(layout.houses_of(i), holding, "{rules}: cell {i}");
            for (&h, &k) in holding.iter().zip(layout.places_of(i)) {
                assert_eq!(layout.house(h as usize)[k as usize] as usize, i, "{rules}: place {h}");
            }
            assert_eq!(layout.places_of(i).len(), holding.len(), "{rules}: places of cell {i}");
            let mut want: Vec<u16> = holding
                .iter()
                .flat_map(|&h| layout.house(h as usize).iter().copied())
                .chain(groups.iter().filter(|g| g.contains(&(i as u16))).flatten().copied())
                .filter(|&p| p as usize != i)
                .collect();
            want.sort_unstable();
            want.dedup();
            let mut got = layout.peers(i).to_vec();
            got.sort_unstable();
            assert_eq!(got, want, "{rules}: peers of cell {i}");
        }
    }

    fn knight_pairs(n: usize) -> Vec<Vec<u16>> {
        let mut out = Vec::new();
        for a in 0..n * n {
            for b in 0..n * n {
                let (dr, dc) = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
                if (dr, dc) == (1, 2) || (dr, dc) == (2, 1) {
                    out.push(vec![a as u16, b as u16]);
                }
            }
        }
        out
    }

    #[test]
    fn every_rule_set_has_a_consistent_layout() {
        let jigsaw6 = b"000111002111022223442333445553445553";
        for (name, groups) in [
            ("9", vec![]),
            ("9+x", vec![]),
            ("9+windoku", vec![]),
            ("9+windoku+x", vec![]),
            ("2x3+x", vec![]),
            ("4+windoku", vec![]),
            ("16+windoku", vec![]),
            ("9+anti-knight", knight_pairs(9)),
            ("6+anti-knight+x", knight_pairs(6)),
        ] {
            let rules: Rules = name.parse().unwrap();
            assert_consistent(&rules, &groups);
        }
        let jigsaw = Rules::classic(Shape::new(2, 3).unwrap()).with_regions(jigsaw6).unwrap();
        assert_consistent(&jigsaw, &[]);
        assert_eq!(jigsaw.layout().name(12).to_string(), "region 1");
        let cage = Rules::classic(Shape::CLASSIC).with_distinct(&[0, 10, 20]).unwrap();
        assert_consistent(&cage, &[vec![0, 10, 20]]);
    }

    #[test]
    fn named_houses_are_where_the_variants_put_them() {
        let w: Rules = "9+windoku".parse().unwrap();
        let layout = w.layout();
        assert_eq!(layout.house_count(), 31);
        // Window 1 is r2-4 c2-4, window 4 r6-8 c6-8.
        assert_eq!(layout.house(27), [10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(layout.house(30), [50, 51, 52, 59, 60, 61, 68, 69, 70]);
        assert_eq!(layout.name(30).to_string(), "window 4");
        let x: Rules = "4+x".parse().unwrap();
        assert_eq!(x.layout().house(12), [0, 5, 10, 15]);
        assert_eq!(x.layout().house(13), [3, 6, 9, 12]);
        // r3c3 sees r2c4, r4c2 and r4c4 a king's move away, beyond its 20
        // classic peers (r2c2 is in its box already).
        let king: Rules = "9+anti-king".parse().unwrap();
        assert_eq!(king.layout().peers(20).len(), 23);
        assert!(
            king.layout().has_differ() && !Rules::classic(Shape::CLASSIC).layout().has_differ()
        );
    }

    #[test]
    fn names_round_trip_and_equal_rules_are_equal() {
        for name in [
            "9",
            "3x2",
            "9+x",
            "9+windoku+x",
            "9+anti-king+anti-knight",
            "6+jigsaw=000111002111022223442333445553445553",
            "4+house:0.5.10.15+distinct:0.1",
        ] {
            let rules: Rules = name.parse().unwrap();
            assert_eq!(rules.to_string(), name);
            assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
        }
        assert_eq!("9x9".parse::<Rules>().unwrap(), Rules::classic(Shape::CLASSIC));
        assert_eq!("3x3".parse::<Rules>().unwrap(), Rules::classic(Shape::CLASSIC));
        assert!("3x3".parse::<Rules>().unwrap().is_classic());
        assert_eq!("16x16+X".parse::<Rules>().unwrap().to_string(), "16+x");
        let a = Rules::classic(Shape::CLASSIC).with_anti_knight().with_diagonals();
        let b = Rules::classic(Shape::CLASSIC).with_diagonals().with_anti_knight();
        assert_eq!(a, b);
        let hash = |r: &Rules| {
            use std::collections::hash_map::DefaultHasher;
            let mut h = DefaultHasher::new();
            r.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&a), hash(&b));
        assert_ne!(a, Rules::classic(Shape::CLASSIC).with_diagonals());
        // The same rules on boards of two sizes differ.
        assert_ne!("9+x".parse::<Rules>().unwrap(), "16+x".parse::<Rules>().unwrap());
        assert_ne!("6+x".parse::<Rules>().unwrap(), "3x2+x".parse::<Rules>().unwrap());
        // Regions replace the boxes, so their orientation does not count (an
        // f-puzzles board of regions does not carry it).
        let map = "001122001122001223441533445533445553";
        assert_eq!(
            format!("6+x+jigsaw={map}").parse::<Rules>().unwrap(),
            format!("3x2+x+jigsaw={map}").parse::<Rules>().unwrap()
        );
        // The same constraints, houses and groups given in another order, or
        // with their cells in another order, are the same rules; a
        // thermometer read the other way is not.
        let rules = |name: &str| name.parse::<Rules>().unwrap();
        let a =
            rules("4+cage:3=0.1+thermo:4.5.6+even:9.8+house:0.5.10.15+white:14.15+distinct:2.3");
        let b =
            rules("4+white:14.15+distinct:3.2+house:15.10.5.0+even:8.9+thermo:4.5.6+cage:3=1.0");
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        let c =
            rules("4+cage:3=0.1+thermo:6.5.4+even:9.8+house:0.5.10.15+white:14.15+distinct:2.3");
        assert_ne!(a, c);
        let split = rules(
            "4+cage:3=0.1+thermo:4.5.6+even:9+house:0.5.10.15+white:14.15+even:8+distinct:2.3",
        );
        assert_eq!(a, split);
        assert_eq!(hash(&a), hash(&split));
        let d =
            rules("4+cage:4=0.1+thermo:4.5.6+even:9.8+house:0.5.10.15+white:14.15+distinct:2.3");
        assert_ne!(a, d);
        // Regions that are the boxes are the boxes.
        let boxes: Vec<u8> =
            (0..81).map(|i| Shape::CLASSIC.box_of(Cell::from_index(i)) as u8).collect();
        assert!(Rules::classic(Shape::CLASSIC).with_regions(&boxes).unwrap().is_classic());
    }

    #[test]
    fn bad_rules_are_named() {
        let six = || Rules::classic(Shape::new(2, 3).unwrap());
        assert_eq!("9+y".parse::<Rules>().unwrap_err(), RulesError::UnknownRule("y".to_string()));
        assert!(matches!("7+x".parse::<Rules>(), Err(RulesError::Shape(_))));
        // A rule named twice, under one name or two, is refused by name.
        let e = "9+x+x".parse::<Rules>().unwrap_err();
        assert_eq!(e.to_string(), "the rule \"x\" is named twice");
        let e = "9+anti-king+x+Diagonal".parse::<Rules>().unwrap_err();
        assert_eq!(e.to_string(), "the rule \"x\" is named twice (as \"x\" and \"Diagonal\")");
        let map: String = (0..9).map(|r| r.to_string().repeat(9)).collect();
        assert!(format!("9+jigsaw={map}").parse::<Rules>().is_ok());
        let e = format!("9+jigsaw={map}+jigsaw={map}").parse::<Rules>().unwrap_err();
        assert!(matches!(&e, RulesError::Repeated { rule, .. } if rule == "jigsaw"), "{e}");
        assert!("9+windoku+hyper".parse::<Rules>().is_err());
        assert_eq!(
            Rules::classic(Shape::new(1, 5).unwrap()).with_windows().unwrap_err(),
            RulesError::NoWindows(Shape::new(1, 5).unwrap())
        );
        assert_eq!(
            six().with_regions(b"0001").unwrap_err(),
            RulesError::RegionMapLength { expected: 36, found: 4 }
        );
        // Region 1 has 7 cells (r6c6 joins it) and region 4 five.
        let err = six().with_regions(b"000111002111022223442333445553445550").unwrap_err();
        assert_eq!(err, RulesError::RegionSize { region: 0, cells: 7, size: 6 });
        // r1c1 and r6c6 swap regions: region 1 (r1c1's) is cut in two.
        let split = six().with_regions(b"300111002111022223442333445553445550").unwrap_err();
        assert_eq!(split, RulesError::RegionNotConnected { region: 0, cell: Cell::from_index(17) });
        assert!(split.to_string().contains("region 1 is not connected"), "{split}");
        let seven = six().with_regions(b"000111002111022223442333445553445556").unwrap_err();
        assert_eq!(seven, RulesError::TooManyRegions { size: 6, cell: Cell::from_index(35) });
        assert!(matches!(six().with_house(&[0, 1, 2, 3, 4, 4]), Err(RulesError::BadHouse { .. })));
        assert!(matches!(six().with_distinct(&[0]), Err(RulesError::BadGroup { .. })));
        assert!(matches!(six().with_distinct(&[0, 99]), Err(RulesError::BadGroup { .. })));
    }
}
