//! [`Chaining`]: one of Sudoku Explainer's chaining searches on a board,
//! giving *every* deduction it finds as a [`Hint`] (sorted easiest first,
//! one per set of removed candidates), so it can serve both as the top
//! level of a rating step and as a rule nested inside another chain.
//!
//! Families:
//! - [`Family::Unary`]: forcing chains and bidirectional cycles on static
//!   links (SE's "Forcing Chains & Cycles"), in the `unary` module.
//! - [`Family::Multiple`]: cell and unit forcing chains on static links.
//! - [`Family::Dynamic`]: dynamic chains (each "off" potential is struck
//!   from a working board, so later links see it) in their contradiction,
//!   double-implication, cell and unit forms.
//!
//! A dynamic search of level `L > 0` also applies, whenever its plain
//! implications are exhausted, the first of its *other rules* that finds
//! something with rule parents (see `rules`): intersections, hidden pairs,
//! naked pairs, X-wings; from level 2 forcing chains (unary), from level 3
//! multiple chains; from level 4 instead dynamic chains, and from level 5
//! also dynamic chains of level `L - 3`. Every candidate such a rule
//! removes becomes an "off" potential whose parents are the rule's
//! parents; a nested chain adds its own complexity to every chain that
//! uses it (once per distinct nested chain).
//!
//! Searches are cached per board: a nested search asked twice for the same
//! working board answers from the cache, which the nested searches of one
//! family and level share across the levels that nest them, and keep from
//! one step of a rating to the next ([`Caches`]).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;
use std::sync::atomic::{AtomicU32, Ordering};

use super::board::{
    Board, CELLS, MAX_UNITS, Ones, Tables, bits16, cells_of, node, positions, split,
};
use super::found::Found;
use super::rules::{self, Context, Pattern, View};
use super::run::{Cause, Dep, Marks, Run, Walk};
use super::unary;
use crate::logic::chains::length_tenths;
use crate::logic::potential::queue_by_polarity;
use crate::logic::proof::Rule;

/// Which chaining search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Family {
    Unary,
    Multiple,
    Dynamic,
}

/// The form of a deduction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    /// An assumption implies a potential both on and off.
    Contradiction,
    /// A candidate on and off both imply the same.
    Double,
    /// Every candidate of a cell implies the same.
    Cell,
    /// Every place of a digit in a unit implies the same.
    Region,
    /// A unary forcing chain: an assumption implies its opposite.
    Chain,
    /// A bidirectional cycle.
    Cycle,
}

/// A deduction of a chaining search.
#[derive(Clone, Debug)]
pub(super) struct Hint {
    /// Unique among all hints (nested chains are counted once by id).
    pub id: u32,
    pub kind: Kind,
    /// In tenths: the family's base plus the length increment.
    pub difficulty: u16,
    pub complexity: u32,
    /// SE's tie-break among equal difficulty and complexity.
    pub sort_key: u8,
    /// The candidates removed (`cell * 9 + d`), ascending.
    pub removable: Vec<u16>,
    /// The potential concluded (none for cycles: `u16::MAX`).
    pub target: u16,
    /// The assumption (`Contradiction`, `Double`, `Chain`), the first
    /// candidate of the cell or unit (`Cell`, `Region`).
    pub source: u16,
    /// The unit of a `Region` hint.
    pub unit: u8,
    /// The links the hint relies on, for its rule parents when nested.
    pub deps: Vec<Dep>,
}

static NEXT_ID: AtomicU32 = AtomicU32::new(1);

pub(super) fn next_id() -> u32 {
    loop {
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        if id != 0 {
            return id;
        }
    }
}

/// A contradiction in a run: (the "on" entry, the "off" entry).
pub(super) type Absurd = (usize, usize);

/// A rule a chain of level > 0 applies inside itself.
#[derive(Debug)]
enum Other {
    Locking,
    HiddenPair,
    NakedPair,
    XWing,
    Chains(Box<Chaining>),
}

/// Hints by board.
type Cache = Rc<RefCell<HashMap<Board, Rc<Vec<Hint>>>>>;

/// What the static multiple chains of a board may remove
/// ([`unary::Unary::multiple_removable`]), by board: filled where the unary
/// search builds its closure, read by the level-3 runs' check before their
/// multiple-chain search.
type RemovableCache = Rc<RefCell<HashMap<Board, unary::Removable>>>;

/// The caches shared by the nested searches of each family (level 0), and
/// of level-2 chains, whichever search nests them.
///
/// Invariant: every cached hint list is the complete answer of its search
/// for its board, under the context in `level2_for` for the level-2
/// chains. The searches of level 0 (unary, multiple, dynamic) read the
/// candidates only, so their entries hold from one step to the next (the
/// working boards of a step's chains often recur in the next step); the
/// level-2 chains' rules read the placed cells and digits too, so their
/// entries are dropped when those change.
#[derive(Debug, Default)]
pub(super) struct Caches {
    unary: Cache,
    multiple: Cache,
    dynamic: Cache,
    level2: Cache,
    /// The candidates the static multiple chains may remove, by board
    /// (from the candidates only, kept like the level-0 entries).
    removable: RemovableCache,
    /// The placed cells and digit counts of the context the level-2
    /// entries were found under.
    level2_for: Option<(u128, [u8; 9])>,
}

impl Caches {
    /// Readies the caches for searches under `ctx`: forgets the level-2
    /// chains found under another context (other placed cells or digit
    /// counts) and keeps everything else.
    pub(super) fn prepare(&mut self, ctx: &Context) {
        let now = Some((ctx.empty, ctx.placed));
        if self.level2_for != now {
            self.level2.borrow_mut().clear();
            self.level2_for = now;
        }
    }

    fn of(&self, family: Family, level: u8) -> Cache {
        Rc::clone(match (family, level) {
            (Family::Unary, _) => &self.unary,
            (Family::Multiple, _) => &self.multiple,
            (Family::Dynamic, 0) => &self.dynamic,
            _ => &self.level2,
        })
    }
}

/// The most boards a cache keeps before it starts over.
const CACHE_LIMIT: usize = 8192;

/// One chaining search with its scratch space and cache.
#[derive(Debug)]
pub(super) struct Chaining {
    family: Family,
    level: u8,
    others: Vec<Other>,
    cache: Cache,
    /// Shared by every search (see [`RemovableCache`]).
    removable: RemovableCache,
    pool: Vec<Run>,
    marks: Marks,
    walk: Walk,
    /// The hints of the current search (see [`Found`]).
    found: Found,
    work: Board,
    pending_on: VecDeque<u16>,
    pending_off: VecDeque<u16>,
    /// The parents of one implication of an "off" potential.
    parents: Vec<u16>,
    patterns: Vec<Pattern>,
    /// "On" runs of the current search by candidate, with their
    /// contradiction (every entry empty between searches).
    on_runs: Vec<Option<(Run, Option<Absurd>)>>,
    /// Places of each digit in each unit (`u * 9 + d`) on the base board
    /// of the current search, and on the working board of the current run.
    base_pos: [u16; MAX_UNITS * 9],
    pos: [u16; MAX_UNITS * 9],
    /// The cells holding each digit, on the base board and on the
    /// working board.
    base_hold: [u128; 9],
    hold: [u128; 9],
    /// The unary search (for [`Family::Unary`]).
    unary: unary::Unary,
}

/// An advanced potential: (node, parents, nested chain).
type Advanced = (u16, Vec<u16>, (u32, u32));

impl Chaining {
    /// A search whose nested searches use the shared `caches`; its own
    /// results go to a cache of its own.
    pub(super) fn new(family: Family, level: u8, caches: &Caches) -> Chaining {
        Chaining::with_cache(family, level, caches, Cache::default())
    }

    fn nested(family: Family, level: u8, caches: &Caches) -> Other {
        Other::Chains(Box::new(Chaining::with_cache(
            family,
            level,
            caches,
            caches.of(family, level),
        )))
    }

    fn with_cache(family: Family, level: u8, caches: &Caches, cache: Cache) -> Chaining {
        let mut others = Vec::new();
        if level > 0 {
            others.extend([Other::Locking, Other::HiddenPair, Other::NakedPair, Other::XWing]);
            if level < 4 {
                if level >= 2 {
                    others.push(Chaining::nested(Family::Unary, 0, caches));
                }
                if level >= 3 {
                    others.push(Chaining::nested(Family::Multiple, 0, caches));
                }
            } else {
                others.push(Chaining::nested(Family::Dynamic, 0, caches));
                if level >= 5 {
                    others.push(Chaining::nested(Family::Dynamic, level - 3, caches));
                }
            }
        }
        Chaining {
            family,
            level,
            others,
            cache,
            removable: Rc::clone(&caches.removable),
            pool: Vec::new(),
            marks: Marks::default(),
            walk: Walk::default(),
            found: Found::default(),
            work: [0; CELLS],
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            parents: Vec::new(),
            patterns: Vec::new(),
            on_runs: Vec::new(),
            base_pos: [0; MAX_UNITS * 9],
            pos: [0; MAX_UNITS * 9],
            base_hold: [0; 9],
            hold: [0; 9],
            unary: unary::Unary::default(),
        }
    }

    /// The base rating of this search's hints, in tenths (unary hints carry
    /// their own).
    pub(super) fn base(family: Family, level: u8) -> u16 {
        match (family, level) {
            (Family::Unary, _) => 70,
            (Family::Multiple, 0) => 80,
            (Family::Dynamic, 0) => 85,
            (_, 1) => 90,
            (_, l) => 95 + 5 * (u16::from(l) - 2),
        }
    }

    /// Whether the hints of `board` are in this search's cache.
    fn cached(&self, board: &Board) -> bool {
        self.cache.borrow().contains_key(board)
    }

    /// Every hint on `board`, easiest first, one per set of removed
    /// candidates; cached.
    pub(super) fn hints(&mut self, ctx: &Context, board: &Board) -> Rc<Vec<Hint>> {
        if let Some(h) = self.cache.borrow().get(board) {
            return Rc::clone(h);
        }
        let hints = match self.family {
            Family::Unary => {
                let hints = self.unary.hints(&ctx.tables, board);
                let set = self.unary.multiple_removable(board);
                keep(&mut self.removable.borrow_mut(), board, set);
                sort_hints(hints)
            }
            _ => match self.multiple_hints(ctx, board) {
                Some(hints) => hints,
                // Past the deadline the search may have come back short:
                // the step is abandoned (see `Context::deadline`), and
                // nothing is cached, as the caches outlive the step.
                None => return Rc::default(),
            },
        };
        let hints = Rc::new(hints);
        keep(&mut self.cache.borrow_mut(), board, Rc::clone(&hints));
        hints
    }

    /// Every hint on `board`, easiest first, one per set of removed
    /// candidates, not cached; `Err(())` when the deadline passed.
    pub(super) fn all(&mut self, ctx: &Context, board: &Board) -> Result<Vec<Hint>, ()> {
        self.multiple_hints(ctx, board).ok_or(())
    }

    /// The hint of `kept`'s form, source and conclusion on `board`, built
    /// as a full search of `board` builds it: its assumptions followed
    /// again (one run for a contradiction, two for a double implication,
    /// one per candidate of the cell or place in the unit, as they stand
    /// on `board`) and its complexity counted anew. `None` when the search
    /// of `board` would not build it (the source cell is not searched,
    /// a run no longer reaches the conclusion, it removes nothing) or the
    /// deadline passed.
    pub(super) fn rebuild(&mut self, ctx: &Context, board: &Board, kept: &Hint) -> Option<Hint> {
        let dynamic = self.family == Family::Dynamic;
        let searched = |cell: usize| {
            let card = board[cell].ones();
            card > 2 || (card > 1 && dynamic)
        };
        let (cell, d, _) = split(kept.source);
        let target = kept.target;
        let mut runs: Vec<Run> = Vec::new();
        let hint = match kept.kind {
            Kind::Contradiction if dynamic && searched(cell) && board[cell] >> d & 1 != 0 => {
                let (run, absurd) = self.run_of(ctx, board, kept.source);
                runs.push(run);
                absurd.and_then(|(a, b)| {
                    let run = &runs[0];
                    self.hint(board, kept.kind, &[(run, a), (run, b)], target, kept.source, 0, None)
                })
            }
            Kind::Double if dynamic && board[cell].ones() >= 3 && board[cell] >> d & 1 != 0 => {
                for assumption in [kept.source, kept.source ^ 1] {
                    runs.push(self.run_of(ctx, board, assumption).0);
                }
                self.rebuilt(board, kept.kind, &runs, target, kept.source, 0, None)
            }
            Kind::Cell if searched(cell) => {
                for v in bits16(board[cell]) {
                    runs.push(self.run_of(ctx, board, node(cell, v, true)).0);
                }
                let source = node(cell, board[cell].trailing_zeros() as usize, true);
                self.rebuilt(
                    board,
                    kept.kind,
                    &runs,
                    target,
                    source,
                    0,
                    Some(Dep::Cell(cell as u8)),
                )
            }
            Kind::Region => {
                let t = &*ctx.tables;
                let u = usize::from(kept.unit);
                let pos = positions(t, board, u, d);
                if pos.ones() < 2 {
                    return None;
                }
                let first = t.units[u][pos.trailing_zeros() as usize] as usize;
                if !searched(first) {
                    return None;
                }
                for k in bits16(pos) {
                    runs.push(self.run_of(ctx, board, node(t.units[u][k] as usize, d, true)).0);
                }
                let source = node(first, d, true);
                let dep = Some(Dep::Unit(kept.unit, d as u8));
                self.rebuilt(board, kept.kind, &runs, target, source, kept.unit, dep)
            }
            _ => None,
        };
        self.pool.extend(runs);
        hint.filter(|_| !ctx.deadline.passed())
    }

    /// The hint concluding `target` from every run of `runs`, when each
    /// reaches it.
    #[allow(clippy::too_many_arguments)]
    fn rebuilt(
        &mut self,
        board: &Board,
        kind: Kind,
        runs: &[Run],
        target: u16,
        source: u16,
        unit: u8,
        assumed: Option<Dep>,
    ) -> Option<Hint> {
        let targets: Option<Vec<(&Run, usize)>> =
            runs.iter().map(|r| r.get(target).map(|e| (r, e))).collect();
        self.hint(board, kind, &targets?, target, source, unit, assumed)
    }

    fn take_run(&mut self) -> Run {
        let mut r = self.pool.pop().unwrap_or_default();
        r.reset();
        r
    }

    /// The run of "`cell` holds `d`", from the cache or followed now; give
    /// it back with `keep_on_run`.
    fn on_run(
        &mut self,
        ctx: &Context,
        board: &Board,
        cell: usize,
        d: usize,
    ) -> (Run, Option<Absurd>) {
        if let Some(hit) = self.on_runs[cell * 9 + d].take() {
            return hit;
        }
        let mut run = self.take_run();
        run.add(node(cell, d, true), &[], Cause::Assumed, (0, 0));
        let absurd = self.chain(ctx, board, &mut run);
        (run, absurd)
    }

    fn keep_on_run(&mut self, cell: usize, d: usize, run: (Run, Option<Absurd>)) {
        self.on_runs[cell * 9 + d] = Some(run);
    }

    /// SE's cell, unit, contradiction and double chains from every cell,
    /// easiest first, one per set of removed candidates ([`Found`]);
    /// `None` once the deadline has passed (read per cell and at the end, so
    /// hints found with a nested search cut short are never returned).
    fn multiple_hints(&mut self, ctx: &Context, board: &Board) -> Option<Vec<Hint>> {
        let dynamic = self.family == Family::Dynamic;
        let t = &*ctx.tables;
        for u in 0..t.count {
            for d in 0..9 {
                self.base_pos[u * 9 + d] = positions(t, board, u, d);
            }
        }
        self.base_hold = [0; 9];
        for (c, &mask) in board.iter().enumerate() {
            for d in bits16(mask) {
                self.base_hold[d] |= 1 << c;
            }
        }
        if self.on_runs.len() != CELLS * 9 {
            self.on_runs.clear();
            self.on_runs.resize_with(CELLS * 9, || None);
        }
        self.found.clear();
        for cell in 0..CELLS {
            let card = board[cell].ones();
            if !(card > 2 || (card > 1 && dynamic)) {
                continue;
            }
            if ctx.deadline.passed() {
                self.release_on_runs(board);
                self.found.take();
                return None;
            }
            for d in bits16(board[cell]) {
                let (on_run, absurd_on) = self.on_run(ctx, board, cell, d);
                let mut off_run = self.take_run();
                off_run.add(node(cell, d, false), &[], Cause::Assumed, (0, 0));
                let absurd_off = self.chain(ctx, board, &mut off_run);
                if dynamic {
                    // An assumption that ends in a contradiction proves
                    // its opposite: "on" first, then "off".
                    for (run, absurd, on) in
                        [(&on_run, absurd_on, true), (&off_run, absurd_off, false)]
                    {
                        if let Some((a, b)) = absurd {
                            self.offer(
                                board,
                                Kind::Contradiction,
                                &[(run, a), (run, b)],
                                node(cell, d, !on),
                                node(cell, d, on),
                                0,
                                None,
                            );
                        }
                    }
                    if card >= 3 {
                        for q in on_run.common([&off_run]) {
                            let (a, b) = (on_run.get(q).unwrap(), off_run.get(q).unwrap());
                            self.offer(
                                board,
                                Kind::Double,
                                &[(&on_run, a), (&off_run, b)],
                                q,
                                node(cell, d, true),
                                0,
                                None,
                            );
                        }
                    }
                }
                self.region_chains(ctx, board, cell, d, &on_run);
                self.pool.push(off_run);
                self.keep_on_run(cell, d, (on_run, absurd_on));
            }
            // Cell forcing chains: what every candidate of the cell implies.
            let value_runs: Vec<(usize, (Run, Option<Absurd>))> = bits16(board[cell])
                .map(|d| (d, self.on_runs[cell * 9 + d].take().expect("kept")))
                .collect();
            let first = &value_runs[0].1.0;
            let common = first.common(value_runs[1..].iter().map(|(_, r)| &r.0));
            for q in common {
                let targets: Vec<(&Run, usize)> =
                    value_runs.iter().map(|(_, r)| (&r.0, r.0.get(q).unwrap())).collect();
                let src = node(cell, value_runs[0].0, true);
                self.offer(board, Kind::Cell, &targets, q, src, 0, Some(Dep::Cell(cell as u8)));
            }
            for (d, r) in value_runs {
                self.keep_on_run(cell, d, r);
            }
        }
        self.release_on_runs(board);
        let hints = self.found.take();
        // A nested search cut short by the deadline may have missed
        // implications: only a search that ended in time has its hints.
        (!ctx.deadline.passed()).then_some(hints)
    }

    /// Gives the search's "on" runs back to the pool (they are kept only
    /// for candidates of `board`), leaving every entry empty.
    fn release_on_runs(&mut self, board: &Board) {
        for (cell, &mask) in board.iter().enumerate() {
            for d in bits16(mask) {
                if let Some((r, _)) = self.on_runs[cell * 9 + d].take() {
                    self.pool.push(r);
                }
            }
        }
    }

    /// Unit forcing chains: every place of digit `d` in a unit of `cell`
    /// (met first at `cell`) implies the same potential.
    fn region_chains(&mut self, ctx: &Context, board: &Board, cell: usize, d: usize, on_run: &Run) {
        let t = &*ctx.tables;
        for &u in t.unit_of(cell) {
            let u = u as usize;
            let pos = positions(t, board, u, d);
            if pos.ones() < 2 || t.units[u][pos.trailing_zeros() as usize] as usize != cell {
                continue;
            }
            let cells: Vec<usize> = bits16(pos).map(|k| t.units[u][k] as usize).collect();
            let mut runs: Vec<(Run, Option<Absurd>)> = Vec::new();
            for &other in &cells[1..] {
                runs.push(self.on_run(ctx, board, other, d));
            }
            let common = on_run.common(runs.iter().map(|r| &r.0));
            for q in common {
                let mut targets: Vec<(&Run, usize)> = vec![(on_run, on_run.get(q).unwrap())];
                targets.extend(runs.iter().map(|r| (&r.0, r.0.get(q).unwrap())));
                self.offer(
                    board,
                    Kind::Region,
                    &targets,
                    q,
                    node(cell, d, true),
                    u as u8,
                    Some(Dep::Unit(u as u8, d as u8)),
                );
            }
            for (&other, r) in cells[1..].iter().zip(runs) {
                self.keep_on_run(other, d, r);
            }
        }
    }

    /// The hint concluding `target` from chains ending at `targets`, or
    /// `None` when it removes nothing.
    #[allow(clippy::too_many_arguments)]
    fn hint(
        &mut self,
        board: &Board,
        kind: Kind,
        targets: &[(&Run, usize)],
        target: u16,
        source: u16,
        unit: u8,
        assumed: Option<Dep>,
    ) -> Option<Hint> {
        if removed_digits(board, target).1 == 0 {
            return None;
        }
        self.walk.clear();
        for &(run, e) in targets {
            self.marks.walk(run, e, assumed, &mut self.walk);
        }
        Some(self.walked(board, kind, target, source, unit))
    }

    /// Offers the search's list ([`Found`]) the hint [`Chaining::hint`]
    /// would build: it is built only when it removes something and comes
    /// before the hint kept for the same removals, and its chains are
    /// walked only as long as their complexity can still make it so.
    #[allow(clippy::too_many_arguments)]
    fn offer(
        &mut self,
        board: &Board,
        kind: Kind,
        targets: &[(&Run, usize)],
        target: u16,
        source: u16,
        unit: u8,
        assumed: Option<Dep>,
    ) {
        if removed_digits(board, target).1 == 0 {
            return;
        }
        let key = Found::key(board, target);
        let limit = self.found.best(key).map_or(u32::MAX, |b| b.0);
        self.walk.clear();
        for &(run, e) in targets {
            if !self.marks.walk_within(run, e, assumed, &mut self.walk, limit) {
                return;
            }
        }
        if self.found.beats(key, self.walk.complexity(), sort_key(kind)) {
            let hint = self.walked(board, kind, target, source, unit);
            self.found.put(key, hint);
        }
    }

    /// The hint of the chains just walked.
    fn walked(&self, board: &Board, kind: Kind, target: u16, source: u16, unit: u8) -> Hint {
        let complexity = self.walk.complexity();
        let difficulty = Chaining::base(self.family, self.level) + length_tenths(complexity);
        Hint {
            id: next_id(),
            kind,
            difficulty,
            complexity,
            sort_key: sort_key(kind),
            removable: removable_of(board, target),
            target,
            source,
            unit,
            deps: self.walk.deps.clone(),
        }
    }

    /// Follows the implications of the assumptions in `run` (SE's
    /// `doChaining`): "on" potentials first, each in order of arrival; in
    /// dynamic mode an "off" potential is struck from the working board
    /// once followed. Returns the first contradiction.
    fn chain(&mut self, ctx: &Context, base: &Board, run: &mut Run) -> Option<Absurd> {
        let t = &*ctx.tables;
        let dynamic = self.family == Family::Dynamic;
        self.work = *base;
        let units = t.count * 9;
        self.pos[..units].copy_from_slice(&self.base_pos[..units]);
        self.hold = self.base_hold;
        queue_by_polarity(run.nodes(), &mut self.pending_on, &mut self.pending_off);
        loop {
            if let Some(p) = self.pending_on.pop_front() {
                let (cell, d, _) = split(p);
                let next = &mut self.pending_off;
                for e in bits16(self.work[cell] & !(1 << d)) {
                    let q = node(cell, e, false);
                    if let Some(absurd) = imply(run, next, q, &[p], Cause::Cell, true) {
                        return Some(absurd);
                    }
                }
                // The digit's peers, in SE's order (`peers`), from the
                // places on the working board.
                for (&u, &fresh) in t.unit_of(cell).iter().zip(t.fresh(cell)) {
                    let u = u as usize;
                    for k in bits16(self.pos[u * 9 + d] & fresh) {
                        let q = node(t.units[u][k] as usize, d, false);
                        if let Some(absurd) = imply(run, next, q, &[p], Cause::Unit(u as u8), true)
                        {
                            return Some(absurd);
                        }
                    }
                }
                // Then the cells that must differ from it, in reading order.
                if t.has_differ {
                    for c in cells_of(t.differ[cell] & self.hold[d]) {
                        let q = node(c, d, false);
                        if let Some(absurd) = imply(run, next, q, &[p], Cause::Differ, true) {
                            return Some(absurd);
                        }
                    }
                }
            } else if let Some(p) = self.pending_off.pop_front() {
                let (cell, d, _) = split(p);
                let w = self.work[cell];
                let next = &mut self.pending_on;
                let parents = &mut self.parents;
                if w.ones() == 2 {
                    let e = (w & !(1 << d)).trailing_zeros() as usize;
                    parents.clear();
                    parents.push(p);
                    parents.extend(bits16(base[cell] & !w).map(|v| node(cell, v, false)));
                    let q = node(cell, e, true);
                    if let Some(absurd) = imply(run, next, q, parents, Cause::Cell, false) {
                        return Some(absurd);
                    }
                }
                // The other place of the digit in each unit where two are
                // left, each cell once.
                let mut met = 0u128;
                for &u in t.unit_of(cell) {
                    let u = u as usize;
                    let now = self.pos[u * 9 + d];
                    if now.ones() != 2 {
                        continue;
                    }
                    for k in bits16(now) {
                        let c = t.units[u][k] as usize;
                        if c == cell || met >> c & 1 != 0 {
                            continue;
                        }
                        met |= 1 << c;
                        parents.clear();
                        parents.push(p);
                        let struck = self.base_pos[u * 9 + d] & !now;
                        parents
                            .extend(bits16(struck).map(|h| node(t.units[u][h] as usize, d, false)));
                        let q = node(c, d, true);
                        if let Some(absurd) =
                            imply(run, next, q, parents, Cause::Unit(u as u8), false)
                        {
                            return Some(absurd);
                        }
                    }
                }
                if dynamic && self.work[cell] >> d & 1 != 0 {
                    self.work[cell] &= !(1 << d);
                    self.hold[d] &= !(1 << cell);
                    for (&u, &slot) in t.unit_of(cell).iter().zip(t.slot(cell)) {
                        self.pos[u as usize * 9 + d] &= !(1 << slot);
                    }
                }
            } else {
                break;
            }
            if self.level > 0 && self.pending_on.is_empty() && self.pending_off.is_empty() {
                for (q, parents, nested) in self.advanced(ctx, base, run) {
                    if !run.has(q) {
                        run.add(q, &parents, Cause::Advanced, nested);
                        self.pending_off.push_back(q);
                    }
                }
            }
        }
        None
    }

    /// The "off" potentials of the first other rule that finds something
    /// with rule parents on the working board.
    ///
    /// When the last rule is the static multiple chains and nothing before
    /// it found anything, the run ends unless that rule removes a candidate
    /// the run does not hold yet. The search is skipped when the closure of
    /// the board's links shows it cannot ([`unary::Unary::multiple_may_add`]):
    /// the run then ends as it would after the search, and the search would
    /// have changed nothing else (its hints go to a cache, whose answers
    /// depend on the board alone).
    fn advanced(&mut self, ctx: &Context, base: &Board, run: &Run) -> Vec<Advanced> {
        let mut result: Vec<Advanced> = Vec::new();
        let work = self.work;
        let mut changed_cells = 0u128;
        for c in 0..CELLS {
            if work[c] != base[c] {
                changed_cells |= 1 << c;
            }
        }
        let mut changed = [0u16; MAX_UNITS];
        for (u, ch) in changed.iter_mut().enumerate().take(ctx.tables.count) {
            for d in 0..9 {
                if self.pos[u * 9 + d] != self.base_pos[u * 9 + d] {
                    *ch |= 1 << d;
                }
            }
        }
        let (pos, hold) = (self.pos, self.hold);
        let view = View {
            ctx,
            base,
            work: &work,
            pos: &pos,
            hold: &hold,
            was: &self.base_hold,
            changed_cells,
            changed,
        };
        let last = self.others.len().saturating_sub(1);
        for k in 0..self.others.len() {
            self.patterns.clear();
            let (before, rest) = self.others.split_at_mut(k);
            match &mut rest[0] {
                Other::Locking => rules::locking(&view, &mut self.patterns),
                Other::HiddenPair => rules::hidden_pair(&view, &mut self.patterns),
                Other::NakedPair => rules::naked_pair(&view, &mut self.patterns),
                Other::XWing => rules::x_wing(&view, &mut self.patterns),
                Other::Chains(nested) => {
                    if k == last && nested.family == Family::Multiple && !nested.cached(&work) {
                        // What the unary rule found the board's multiple
                        // chains may remove, else the closure it just built
                        // for this board, else one built here.
                        let known = self.removable.borrow().get(&work).copied();
                        let may = match known {
                            Some(set) => unary::removable_adds(&set, |q| run.has(q)),
                            None => {
                                let unary = match before.last_mut() {
                                    Some(Other::Chains(u)) if u.unary.built_for(&work) => {
                                        &mut u.unary
                                    }
                                    _ => &mut nested.unary,
                                };
                                unary.multiple_may_add(&ctx.tables, &work, |q| run.has(q))
                            }
                        };
                        if !may {
                            break;
                        }
                    }
                    let hints = nested.hints(ctx, &work);
                    for h in hints.iter() {
                        let parents = dep_parents(&ctx.tables, base, &work, &h.deps);
                        if !parents.is_empty() {
                            for &r in &h.removable {
                                result.push((r << 1, parents.clone(), (h.id, h.complexity)));
                            }
                        }
                    }
                }
            }
            for p in &self.patterns {
                if !p.parents.is_empty() {
                    for &r in &p.removable {
                        result.push((r << 1, p.parents.clone(), (0, 0)));
                    }
                }
            }
            if !result.is_empty() {
                break;
            }
        }
        result
    }
}

/// The rule parents of a nested chain: the candidates of its cells and
/// units that the outer chain removed ("off" potentials).
fn dep_parents(t: &Tables, base: &Board, work: &Board, deps: &[Dep]) -> Vec<u16> {
    let mut out: Vec<u16> = Vec::new();
    for &dep in deps {
        match dep {
            Dep::Cell(c) => {
                let c = c as usize;
                for v in bits16(base[c] & !work[c]) {
                    let n = node(c, v, false);
                    if !out.contains(&n) {
                        out.push(n);
                    }
                }
            }
            Dep::Unit(u, d) => {
                let (u, d) = (u as usize, d as usize);
                for k in bits16(positions(t, base, u, d) & !positions(t, work, u, d)) {
                    let n = node(t.units[u][k] as usize, d, false);
                    if !out.contains(&n) {
                        out.push(n);
                    }
                }
            }
        }
    }
    out
}

/// Adds the implication `q` of a potential (on when `on`) to `run` with
/// its parents and cause, pending in `next` when it is new; the
/// contradiction when `run` holds its opposite.
#[inline(always)]
fn imply(
    run: &mut Run,
    next: &mut VecDeque<u16>,
    q: u16,
    parents: &[u16],
    cause: Cause,
    on: bool,
) -> Option<Absurd> {
    if let Some(ce) = run.get(q ^ 1) {
        let l = run.add_loose(q, parents, cause, (0, 0));
        return Some(if on { (ce, l) } else { (l, ce) });
    }
    if !run.has(q) {
        run.add(q, parents, cause, (0, 0));
        next.push_back(q);
    }
    None
}

/// SE's tie-break among hints of equal difficulty and complexity.
fn sort_key(kind: Kind) -> u8 {
    match kind {
        Kind::Contradiction => 7,
        Kind::Double => 1,
        Kind::Cell => 5,
        Kind::Region => 6,
        Kind::Chain | Kind::Cycle => 4,
    }
}

/// What concluding `target` removes on `board`, as candidates
/// (`cell * 9 + d`): see [`removed_digits`].
pub(super) fn removable_of(board: &Board, target: u16) -> Vec<u16> {
    let (cell, digits) = removed_digits(board, target);
    bits16(digits).map(|v| (cell * 9 + v) as u16).collect()
}

/// The cell of `target` and the digits concluding it removes there on
/// `board`: the cell's other candidates when on, its own digit when off
/// (none when the board has lost it already).
pub(super) fn removed_digits(board: &Board, target: u16) -> (usize, u16) {
    let (cell, d, on) = split(target);
    let digits = if on { board[cell] & !(1 << d) } else { board[cell] & 1 << d };
    (cell, digits)
}

/// Keeps `value` for `board` in `cache`, which starts over once it holds
/// [`CACHE_LIMIT`] boards.
fn keep<V>(cache: &mut HashMap<Board, V>, board: &Board, value: V) {
    if cache.len() >= CACHE_LIMIT {
        cache.clear();
    }
    cache.insert(*board, value);
}

/// SE's order: difficulty, complexity, sort key (stable), then one hint
/// per set of removed candidates (the first).
pub(super) fn sort_hints(mut hints: Vec<Hint>) -> Vec<Hint> {
    hints.sort_by_key(|h| (h.difficulty, h.complexity, h.sort_key));
    let mut seen: HashSet<Vec<u16>> = HashSet::new();
    hints.retain(|h| seen.insert(h.removable.clone()));
    hints
}

/// What a rule applied inside a run removed, for the `trace` module.
#[derive(Debug)]
pub(super) struct Origin {
    /// The "off" potential.
    pub node: u16,
    /// Its rule parents.
    pub parents: Vec<u16>,
    /// The rule: one of the level-1 patterns, or a nested search's hint.
    pub by: By,
}

/// A level-1 rule's finder.
type Finder = fn(&View, &mut Vec<Pattern>);

/// The rule behind an [`Origin`].
#[derive(Debug)]
pub(super) enum By {
    Pattern(Rule),
    /// A hint of the `k`-th other rule, a nested search.
    Chain(usize, Hint),
}

/// One hint's runs again, with what the rules applied inside them found:
/// the `trace` module's questions. The search above never calls these.
impl Chaining {
    pub(super) fn family(&self) -> Family {
        self.family
    }

    pub(super) fn level(&self) -> u8 {
        self.level
    }

    /// The run of `assumption` on `board` as the search follows it, with
    /// its first contradiction.
    pub(super) fn run_of(
        &mut self,
        ctx: &Context,
        board: &Board,
        assumption: u16,
    ) -> (Run, Option<Absurd>) {
        let t = &*ctx.tables;
        for u in 0..t.count {
            for d in 0..9 {
                self.base_pos[u * 9 + d] = positions(t, board, u, d);
            }
        }
        self.base_hold = hold_of(board);
        let mut run = Run::default();
        run.reset();
        run.add(assumption, &[], Cause::Assumed, (0, 0));
        let absurd = self.chain(ctx, board, &mut run);
        (run, absurd)
    }

    /// What the first of this search's other rules that finds something
    /// with rule parents removes on `work`, a working board of a run on
    /// `base` (the same as `advanced` finds when its run reaches `work`).
    pub(super) fn origins(&mut self, ctx: &Context, base: &Board, work: &Board) -> Vec<Origin> {
        let t = &*ctx.tables;
        let mut pos = [0u16; MAX_UNITS * 9];
        let mut base_pos = [0u16; MAX_UNITS * 9];
        let mut changed = [0u16; MAX_UNITS];
        for u in 0..t.count {
            for d in 0..9 {
                pos[u * 9 + d] = positions(t, work, u, d);
                base_pos[u * 9 + d] = positions(t, base, u, d);
                if pos[u * 9 + d] != base_pos[u * 9 + d] {
                    changed[u] |= 1 << d;
                }
            }
        }
        let changed_cells =
            (0..CELLS).filter(|&c| work[c] != base[c]).fold(0u128, |m, c| m | 1 << c);
        let (hold, was) = (hold_of(work), hold_of(base));
        let view =
            View { ctx, base, work, pos: &pos, hold: &hold, was: &was, changed_cells, changed };
        let mut result = Vec::new();
        for k in 0..self.others.len() {
            let mut patterns = Vec::new();
            let rule = match &mut self.others[k] {
                Other::Locking => Some((rules::locking as Finder, Rule::Intersection)),
                Other::HiddenPair => Some((rules::hidden_pair as Finder, Rule::HiddenPair)),
                Other::NakedPair => Some((rules::naked_pair as Finder, Rule::NakedPair)),
                Other::XWing => Some((rules::x_wing as Finder, Rule::XWing)),
                Other::Chains(nested) => {
                    for h in nested.hints(ctx, work).iter() {
                        let parents = dep_parents(&ctx.tables, base, work, &h.deps);
                        if !parents.is_empty() {
                            for &r in &h.removable {
                                let by = By::Chain(k, h.clone());
                                result.push(Origin { node: r << 1, parents: parents.clone(), by });
                            }
                        }
                    }
                    None
                }
            };
            if let Some((find, rule)) = rule {
                find(&view, &mut patterns);
                for p in patterns.into_iter().filter(|p| !p.parents.is_empty()) {
                    for &r in &p.removable {
                        let parents = p.parents.clone();
                        result.push(Origin { node: r << 1, parents, by: By::Pattern(rule) });
                    }
                }
            }
            if !result.is_empty() {
                break;
            }
        }
        result
    }

    /// The nested search of the `k`-th other rule.
    pub(super) fn other_search(&mut self, k: usize) -> Option<&mut Chaining> {
        match self.others.get_mut(k) {
            Some(Other::Chains(c)) => Some(c),
            _ => None,
        }
    }
}

/// The cells holding each digit.
fn hold_of(board: &Board) -> [u128; 9] {
    let mut hold = [0u128; 9];
    for (c, &mask) in board.iter().enumerate() {
        for d in bits16(mask) {
            hold[d] |= 1 << c;
        }
    }
    hold
}
