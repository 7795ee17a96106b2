//! [`ChainProof`]: the implications behind a forcing-chain step, in full,
//! for people (the sentences of [`ChainProof::sentence`]) and for programs
//! (the fields, which the wire step carries as JSON).
//!
//! Types: [`Potential`] (a digit in a cell, on or off), [`Implication`]
//! (a potential with the reason it holds and the earlier implications it
//! follows from), [`Branch`] (the implications of one assumption, in the
//! order they were found), [`NestedChain`] (a chain applied inside the
//! outer one, summarised) and [`ChainForm`] (how the branches combine).
//!
//! Invariants: in a branch the first implication is the assumption and
//! has no parents; every other implication names as parents only earlier
//! implications of the same branch; the last implication is what the
//! branch concludes (for a contradiction, the potential whose opposite is
//! already in the branch; for a cycle, its first potential again). A [`Reason::Nested`] index points into
//! [`ChainProof::nested`], a [`Reason::Constraint`] index into
//! [`ChainProof::constraints`].

use std::fmt::Write;

use crate::digit::Digit;
use crate::shape::{Cell, House, Shape};

/// A digit in a cell, "on" (the cell holds it) or "off" (it does not).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Potential {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
    /// Whether the digit is in the cell.
    pub on: bool,
}

impl Potential {
    /// `r1c2=5` or `r1c2<>5`.
    pub fn display(self, shape: Shape) -> String {
        let rel = if self.on { "=" } else { "<>" };
        format!("{}{rel}{}", self.cell.display(shape), self.digit)
    }

    /// The same digit in the same cell, with the other truth value.
    pub fn opposite(self) -> Potential {
        Potential { on: !self.on, ..self }
    }
}

/// A technique a "+" chain applies inside itself, on the board as the
/// chain has reduced it so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Rule {
    /// Pointing or claiming: a digit of a box confined to a line, or of a
    /// line to a box.
    Intersection,
    /// Two digits of a unit confined to two cells.
    HiddenPair,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// A digit confined to the same two places in two lines.
    XWing,
}

impl Rule {
    /// The rule in words: `intersection`, `hidden pair`, ...
    pub fn name(self) -> &'static str {
        match self {
            Rule::Intersection => "intersection",
            Rule::HiddenPair => "hidden pair",
            Rule::NakedPair => "naked pair",
            Rule::XWing => "X-wing",
        }
    }
}

/// Why an implication holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Reason {
    /// The branch's assumption.
    Assumed,
    /// The cell: an "on" digit removes the cell's other candidates; the
    /// last candidate left in a cell is on.
    Cell,
    /// A house: an "on" digit removes the digit from its other places in
    /// the house; the last place left of a digit is on.
    House(House),
    /// A technique applied on the board as the branch has reduced it; the
    /// parents are the removals the pattern needs.
    Rule(Rule),
    /// A chain applied on the board as the branch has reduced it: index
    /// into [`ChainProof::nested`]; the parents are the removals it needs.
    Nested(usize),
    /// Cells that must differ without sharing a house (a knight's or a
    /// king's move apart, under those rules): an "on" digit removes the
    /// digit from the other cell.
    Differ,
    /// A constraint beyond houses (a cage, a thermometer, a dot, a mark)
    /// on the board as the branch has reduced it: index into
    /// [`ChainProof::constraints`]; the parents are the potential and the
    /// candidates struck so far from the constraint's cells.
    Constraint(usize),
}

/// One implication of a branch.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Implication {
    /// What holds.
    pub potential: Potential,
    /// Why.
    pub reason: Reason,
    /// The earlier implications of the branch it follows from (indices).
    pub parents: Vec<usize>,
}

/// The implications of one assumption, in the order found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Branch {
    /// The assumption first, the branch's conclusion last.
    pub implications: Vec<Implication>,
}

impl Branch {
    /// The assumption.
    pub fn assumption(&self) -> Potential {
        self.implications[0].potential
    }

    /// What the branch concludes.
    pub fn conclusion(&self) -> Potential {
        self.implications[self.implications.len() - 1].potential
    }
}

/// How the branches of a proof combine into its conclusion.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ChainForm {
    /// One branch whose assumption implies a potential and its opposite:
    /// the assumption is false.
    Contradiction,
    /// Two branches, a candidate on and off, imply the same potential.
    Double,
    /// One branch per candidate of a cell, each implying the same potential.
    Cell(Cell),
    /// One branch per place of a digit in a house, each implying the same
    /// potential.
    Region(House, Digit),
    /// A forcing chain: an assumption implies its opposite (one branch,
    /// each implication following from the one before).
    Chain,
    /// A bidirectional cycle: its candidates alternate on and off either
    /// way (one branch around the loop, back to its first potential).
    Cycle,
}

impl ChainForm {
    /// The form in words, as the JSON step names it: `contradiction`,
    /// `double`, `cell`, `region`, `chain`, `cycle`.
    pub fn name(self) -> &'static str {
        match self {
            ChainForm::Contradiction => "contradiction",
            ChainForm::Double => "double",
            ChainForm::Cell(_) => "cell",
            ChainForm::Region(..) => "region",
            ChainForm::Chain => "chain",
            ChainForm::Cycle => "cycle",
        }
    }
}

/// A chain applied inside the outer chain, summarised: what it assumed,
/// what it found, what it removed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NestedChain {
    /// Its technique (forcing chain, multiple or dynamic forcing chain, ...).
    pub technique: super::Technique,
    /// Its form.
    pub form: ChainForm,
    /// Its (first) assumption; for a cycle, a potential of the cycle.
    pub assumption: Potential,
    /// What its branches imply: the potential they share, or for a
    /// contradiction the two potentials that clash; empty for a cycle.
    pub implied: Vec<Potential>,
    /// The candidates it removes on the outer chain's board.
    pub removes: Vec<(Cell, Digit)>,
    /// The cells it involves (assumption, the cells and houses it relies
    /// on, what it implies), in reading order.
    pub cells: Vec<Cell>,
    /// The digits it involves, ascending.
    pub digits: Vec<Digit>,
    /// The summary in words, e.g. `r4c4=3 would force r4c6 to 3 and 8 at
    /// once, so r4c4<>3`.
    pub summary: String,
}

/// The implications behind a chain step.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChainProof {
    /// How the branches combine.
    pub form: ChainForm,
    /// One branch per assumption.
    pub branches: Vec<Branch>,
    /// The chains applied inside the branches, each once.
    pub nested: Vec<NestedChain>,
    /// The constraints the branches follow, each once, in words (`cage 3
    /// (sum 15) at r1c1, r1c2`, `the white dot between r1c1 and r1c2`).
    pub constraints: Vec<String>,
}

impl ChainProof {
    /// The branches in words, each implication in order:
    /// `r1c2=5 -> r1c7<>5 -> r3c7=5 [last 5 in column 7] -> ...`. An
    /// implication that does not follow from the one before it alone
    /// names its parents or its rule in brackets; a nested chain is
    /// summarised where it is first used.
    pub fn sentence(&self, shape: Shape) -> String {
        let mut out = String::new();
        let mut told = vec![false; self.nested.len()];
        for (b, branch) in self.branches.iter().enumerate() {
            if b > 0 {
                out.push_str("; ");
            }
            let head = branch.assumption();
            let lead = match self.form {
                ChainForm::Contradiction => "chain: ".to_string(),
                ChainForm::Region(_, d) => format!("if {d} is in {}: ", head.cell.display(shape)),
                _ => format!("if {}: ", head.display(shape)),
            };
            out.push_str(&lead);
            out.push_str(&branch_sentence(branch, shape, self, &mut told));
        }
        out
    }
}

/// One branch in words.
fn branch_sentence(branch: &Branch, shape: Shape, proof: &ChainProof, told: &mut [bool]) -> String {
    let nested = &proof.nested;
    let imps = &branch.implications;
    let mut out = String::new();
    for (k, imp) in imps.iter().enumerate() {
        let name = imp.potential.display(shape);
        if k == 0 {
            out.push_str(&name);
            continue;
        }
        out.push_str(" -> ");
        out.push_str(&name);
        let p = imp.potential;
        let alone = imp.parents == [k - 1];
        let note = match imp.reason {
            Reason::Assumed => None,
            Reason::Cell if p.on => Some(format!("last candidate of {}", p.cell.display(shape))),
            Reason::House(h) if p.on => Some(format!("last {} in {h}", p.digit)),
            Reason::Cell | Reason::House(_) if alone => None,
            Reason::Cell | Reason::House(_) => {
                Some(format!("from {}", parent_names(imp, imps, shape)))
            }
            Reason::Differ => Some(format!("must differ from {}", parent_names(imp, imps, shape))),
            Reason::Constraint(c) if alone => Some(format!("by {}", proof.constraints[c])),
            Reason::Constraint(c) => Some(format!(
                "by {} after {}",
                proof.constraints[c],
                parent_names(imp, imps, shape)
            )),
            Reason::Rule(r) => {
                Some(format!("{} after {}", r.name(), parent_names(imp, imps, shape)))
            }
            Reason::Nested(n) => {
                let mut s =
                    format!("nested chain {} after {}", n + 1, parent_names(imp, imps, shape));
                if !told[n] {
                    told[n] = true;
                    let _ = write!(s, ": {}", nested[n].summary);
                }
                Some(s)
            }
        };
        if let Some(note) = note {
            let _ = write!(out, " [{note}]");
        }
        if k + 1 == imps.len() && imps[..k].iter().any(|i| i.potential == p.opposite()) {
            let _ = write!(out, ", contradicting {}", p.opposite().display(shape));
        }
    }
    out
}

/// `r1c2=5, r3c4<>5`: the parents of an implication.
fn parent_names(imp: &Implication, imps: &[Implication], shape: Shape) -> String {
    let names: Vec<String> =
        imp.parents.iter().map(|&p| imps[p].potential.display(shape)).collect();
    names.join(", ")
}
