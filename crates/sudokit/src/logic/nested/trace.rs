//! The chains behind one hint, for its explanation: [`prove`] runs the
//! hint's assumptions again with the search that found it (the runs are
//! deterministic, so they are the runs the search made), keeps every
//! implication the conclusion depends on, and names the rule behind each
//! potential that a technique applied inside the chain gave, with a
//! summary of each nested chain.
//!
//! Only the hint a step returns is traced, after its search has ended:
//! the searches themselves keep no chains and are not slowed.
//!
//! Working boards: when a run applies its other rules, every "off"
//! potential found so far has been followed and struck, and the rule's
//! results enter the run together (a *batch*), skipping those already in
//! it. So the working board of an advanced potential is the base board
//! minus the run's "off" potentials before its batch, and the batches of
//! a stretch of advanced potentials are found by asking the rules again,
//! batch by batch, from the stretch's start.

use std::collections::{HashMap, HashSet};

use super::State;
use super::board::{Board, Tables, bits16, node, split};
use super::engine::{By, Chaining, Family, Hint, Kind, Origin};
use super::rules::Context;
use super::run::{Cause, Dep, Run};
use crate::digit::Digit;
use crate::logic::proof::{
    Branch, ChainForm, ChainProof, Implication, NestedChain, Potential, Reason,
};
use crate::logic::step::Technique;
use crate::shape::{Cell, House, Shape};

/// The proof of `hint`, found by `search` on `board`; `None` when a run
/// does not reach the hint's conclusion (a search cut short by the
/// deadline).
pub(super) fn prove(
    search: &mut Chaining,
    ctx: &Context,
    board: &Board,
    hint: &Hint,
) -> Option<ChainProof> {
    let mut tracer = Tracer { ctx, base: board, nested: Vec::new(), ids: Vec::new() };
    let (scell, sd, _) = split(hint.source);
    let mut branches = Vec::new();
    let form = match hint.kind {
        Kind::Contradiction => {
            let (run, absurd) = search.run_of(ctx, board, hint.source);
            let (a, b) = absurd?;
            branches.push(tracer.branch(search, &run, &[a, b])?);
            ChainForm::Contradiction
        }
        Kind::Double => {
            for assumption in [hint.source, hint.source ^ 1] {
                branches.push(tracer.branch_to(search, assumption, hint.target)?);
            }
            ChainForm::Double
        }
        Kind::Cell => {
            for d in bits16(board[scell]) {
                branches.push(tracer.branch_to(search, node(scell, d, true), hint.target)?);
            }
            ChainForm::Cell(State::cell(scell))
        }
        Kind::Region => {
            let t = &*ctx.tables;
            for &c in &t.units[hint.unit as usize] {
                if board[c as usize] >> sd & 1 != 0 {
                    let assumption = node(c as usize, sd, true);
                    branches.push(tracer.branch_to(search, assumption, hint.target)?);
                }
            }
            ChainForm::Region(house(&ctx.tables, hint.unit), Digit::new(sd as u8 + 1))
        }
        Kind::Chain | Kind::Cycle => return None,
    };
    Some(ChainProof { form, branches, nested: tracer.nested, constraints: Vec::new() })
}

/// The potential of a node.
fn potential(n: u16) -> Potential {
    let (cell, d, on) = split(n);
    Potential { cell: State::cell(cell), digit: Digit::new(d as u8 + 1), on }
}

/// The house of a unit number of the `board` module.
fn house(t: &Tables, u: u8) -> House {
    t.names[usize::from(u)]
}

struct Tracer<'a> {
    ctx: &'a Context,
    base: &'a Board,
    nested: Vec<NestedChain>,
    /// The hint id of each nested chain.
    ids: Vec<u32>,
}

impl Tracer<'_> {
    /// The branch of `assumption` up to `target`.
    fn branch_to(&mut self, search: &mut Chaining, assumption: u16, target: u16) -> Option<Branch> {
        let (run, _) = search.run_of(self.ctx, self.base, assumption);
        let end = run.get(target)?;
        self.branch(search, &run, &[end])
    }

    /// The implications of `run` that `ends` depend on, in the order found.
    fn branch(&mut self, search: &mut Chaining, run: &Run, ends: &[usize]) -> Option<Branch> {
        let mut keep: Vec<usize> = Vec::new();
        let mut stack = ends.to_vec();
        let mut met = HashSet::new();
        while let Some(e) = stack.pop() {
            if !met.insert(e) {
                continue;
            }
            keep.push(e);
            for &p in run.parents(e) {
                stack.push(run.get(p)?);
            }
        }
        keep.sort_unstable();
        let origins = self.origins(search, run, &keep)?;
        let at: HashMap<usize, usize> = keep.iter().enumerate().map(|(i, &e)| (e, i)).collect();
        let mut implications = Vec::with_capacity(keep.len());
        for &e in &keep {
            let entry = run.entry(e);
            let parents: Option<Vec<usize>> = run
                .parents(e)
                .iter()
                .map(|&p| run.get(p).and_then(|pe| at.get(&pe).copied()))
                .collect();
            let reason = match entry.cause {
                Cause::Assumed => Reason::Assumed,
                Cause::Cell => Reason::Cell,
                Cause::Unit(u) => Reason::House(house(&self.ctx.tables, u)),
                Cause::Differ => Reason::Differ,
                Cause::Advanced => {
                    let (origin, work) = origins.get(&e)?;
                    match &origin.by {
                        By::Pattern(rule) => Reason::Rule(*rule),
                        By::Chain(k, hint) => {
                            Reason::Nested(self.nested_of(search, *k, hint, work)?)
                        }
                    }
                }
            };
            implications.push(Implication {
                potential: potential(entry.node),
                reason,
                parents: parents?,
            });
        }
        Some(Branch { implications })
    }

    /// The origin of every advanced entry among `keep`, with its working
    /// board.
    fn origins(
        &mut self,
        search: &mut Chaining,
        run: &Run,
        keep: &[usize],
    ) -> Option<HashMap<usize, (Origin, Board)>> {
        let mut found: HashMap<usize, (Origin, Board)> = HashMap::new();
        let advanced = |e: usize| run.entry(e).cause == Cause::Advanced;
        for &e in keep {
            if !advanced(e) || found.contains_key(&e) {
                continue;
            }
            let mut start = e;
            while start > 0 && advanced(start - 1) {
                start -= 1;
            }
            // Batch by batch from the stretch's start, as the run took them.
            while start <= e {
                let work = self.work_before(run, start);
                let mut k = start;
                for o in search.origins(self.ctx, self.base, &work) {
                    match run.get(o.node) {
                        Some(i) if i < k => {}
                        Some(i) if i == k && advanced(k) && run.parents(k) == o.parents => {
                            found.insert(k, (o, work));
                            k += 1;
                        }
                        _ => return None,
                    }
                }
                if k == start {
                    return None;
                }
                start = k;
            }
        }
        Some(found)
    }

    /// The working board of `run` before entry `e`: the base board minus
    /// the "off" potentials found before it.
    fn work_before(&self, run: &Run, e: usize) -> Board {
        let mut work = *self.base;
        for i in 0..e {
            let n = run.entry(i).node;
            let (cell, d, on) = split(n);
            if !on && run.get(n) == Some(i) {
                work[cell] &= !(1 << d);
            }
        }
        work
    }

    /// The index of the nested chain of `hint` (found by the `k`-th other
    /// rule of `search` on `work`), summarised on first use.
    fn nested_of(
        &mut self,
        search: &mut Chaining,
        k: usize,
        hint: &Hint,
        work: &Board,
    ) -> Option<usize> {
        if let Some(i) = self.ids.iter().position(|&id| id == hint.id) {
            return Some(i);
        }
        let inner = search.other_search(k)?;
        let technique = match (inner.family(), inner.level()) {
            (Family::Unary, _) if hint.kind == Kind::Cycle => Technique::BidirectionalCycle,
            (Family::Unary, _) => Technique::ForcingChain,
            (Family::Multiple, _) => Technique::MultipleForcingChain,
            (Family::Dynamic, 0) => Technique::DynamicForcingChain,
            (Family::Dynamic, 1) => Technique::DynamicForcingChainPlus,
            (Family::Dynamic, _) => Technique::NestedForcingChain,
        };
        let nested = summarise(inner, self.ctx, work, hint, technique)?;
        self.ids.push(hint.id);
        self.nested.push(nested);
        Some(self.nested.len() - 1)
    }
}

/// The summary of a nested chain `hint` found by `inner` on `work`.
fn summarise(
    inner: &mut Chaining,
    ctx: &Context,
    work: &Board,
    hint: &Hint,
    technique: Technique,
) -> Option<NestedChain> {
    let shape = Shape::CLASSIC;
    let t = &*ctx.tables;
    let (scell, sd, _) = split(hint.source);
    let assumption = potential(hint.source);
    let removes: Vec<(Cell, Digit)> = hint
        .removable
        .iter()
        .map(|&r| (State::cell(r as usize / 9), Digit::new((r % 9) as u8 + 1)))
        .collect();
    let removed = {
        let names: Vec<String> =
            removes.iter().map(|&(c, d)| format!("{}<>{d}", c.display(shape))).collect();
        names.join(", ")
    };
    let a = assumption.display(shape);
    let mut cells: Vec<usize> = vec![scell];
    let mut digits: Vec<usize> = vec![sd];
    let mut implied = Vec::new();
    let (form, summary) = match hint.kind {
        Kind::Contradiction => {
            // The family's runs follow the assumption to the same clash.
            let (run, absurd) = inner.run_of(ctx, work, hint.source);
            let (on_e, off_e) = absurd?;
            let (on, off) = (run.entry(on_e), run.entry(off_e));
            let (xc, xd, _) = split(on.node);
            let x = State::cell(xc).display(shape);
            let by = run.parents(off_e).first().map(|&p| split(p));
            let clash = match (off.cause, by) {
                (Cause::Cell, Some((_, w, _))) => {
                    digits.push(w);
                    format!("{x} to {} and {} at once", xd + 1, w + 1)
                }
                (Cause::Unit(_) | Cause::Differ, Some((yc, _, _))) => {
                    cells.push(yc);
                    format!("{} into both {x} and {}", xd + 1, State::cell(yc).display(shape))
                }
                _ => format!("{x} to be {} and not {} at once", xd + 1, xd + 1),
            };
            cells.push(xc);
            digits.push(xd);
            implied = vec![potential(on.node), potential(off.node)];
            (ChainForm::Contradiction, format!("{a} would force {clash}, so {removed}"))
        }
        Kind::Double => {
            implied.push(potential(hint.target));
            let b = assumption.opposite().display(shape);
            let q = potential(hint.target).display(shape);
            (ChainForm::Double, format!("{a} and {b} both imply {q}, so {removed}"))
        }
        Kind::Cell => {
            implied.push(potential(hint.target));
            let c = State::cell(scell);
            let q = potential(hint.target).display(shape);
            digits.extend(bits16(work[scell]));
            let ds: Vec<String> = bits16(work[scell]).map(|d| (d + 1).to_string()).collect();
            let s = format!(
                "each candidate of {} ({}) implies {q}, so {removed}",
                c.display(shape),
                ds.join(", ")
            );
            (ChainForm::Cell(c), s)
        }
        Kind::Region => {
            implied.push(potential(hint.target));
            let places: Vec<usize> = t.units[hint.unit as usize]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| work[c] >> sd & 1 != 0)
                .collect();
            cells.extend(&places);
            let names: Vec<String> =
                places.iter().map(|&c| State::cell(c).display(shape).to_string()).collect();
            let q = potential(hint.target).display(shape);
            let h = house(t, hint.unit);
            let s = format!(
                "each place of {} in {h} ({}) implies {q}, so {removed}",
                sd + 1,
                names.join(", ")
            );
            (ChainForm::Region(h, Digit::new(sd as u8 + 1)), s)
        }
        Kind::Chain => {
            implied.push(potential(hint.target));
            let q = potential(hint.target).display(shape);
            (ChainForm::Chain, format!("{a} would force {q}, so {removed}"))
        }
        Kind::Cycle => {
            let mut units = Vec::new();
            for dep in &hint.deps {
                match *dep {
                    Dep::Cell(c) => cells.push(c as usize),
                    Dep::Unit(u, d) => {
                        digits.push(d as usize);
                        units.push(format!("{} in {}", d + 1, house(t, u)));
                    }
                }
            }
            cells.sort_unstable();
            cells.dedup();
            let mut through: Vec<String> =
                cells.iter().map(|&c| State::cell(c).display(shape).to_string()).collect();
            through.extend(units);
            let s = format!("a cycle from {a} through {} removes {removed}", through.join(", "));
            (ChainForm::Cycle, s)
        }
    };
    for i in &implied {
        cells.push(i.cell.index());
        digits.push(usize::from(i.digit.get()) - 1);
    }
    for &r in &hint.removable {
        cells.push(r as usize / 9);
        digits.push(r as usize % 9);
    }
    cells.sort_unstable();
    cells.dedup();
    digits.sort_unstable();
    digits.dedup();
    Some(NestedChain {
        technique,
        form,
        assumption,
        implied,
        removes,
        cells: cells.into_iter().map(State::cell).collect(),
        digits: digits.into_iter().map(|d| Digit::new(d as u8 + 1)).collect(),
        summary,
    })
}
