//! [`Technique`] (the named patterns with their Sudoku Explainer base rating)
//! and [`Step`] (one deduction: what it places and removes, the evidence,
//! and a sentence a person can follow).
//!
//! Invariant: a step always makes progress (at least one placement or
//! elimination), and its `difficulty` is at least its technique's base.

use std::fmt;
use std::str::FromStr;

use super::difficulty::Er;
use super::proof::ChainProof;
use crate::digit::Digit;
use crate::shape::{Cell, House, Shape};

/// Declares [`Technique`] from one table: each variant with its doc
/// comment, its base rating in tenths and its name. `ALL`, `base()` and
/// `name()` are generated from the same rows, so no technique can be
/// declared without them (a match over the rows, checked by the compiler).
macro_rules! techniques {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident {
            $($(#[$doc:meta])* $variant:ident => $base:literal, $name:literal;)+
        }
    ) => {
        $(#[$meta])*
        pub enum $ty {
            $($(#[$doc])* $variant,)+
        }

        impl $ty {
            /// Every technique, in declaration order (by base rating within
            /// a family).
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// The technique's base rating (SE 1.2.1, or sudokit's for the
            /// techniques SE does not have).
            pub fn base(self) -> Er {
                Er(match self {
                    $($ty::$variant => $base),+
                })
            }

            /// The technique's name, e.g. `Hidden Single (box)`.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }
    };
}

techniques! {
    /// A solving technique. The base ratings are those of Sudoku Explainer
    /// 1.2.1 (see the table in the `logic` module docs); chains, uniqueness and
    /// BUG steps add to their base by length or size.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    #[non_exhaustive]
    pub enum Technique {
        /// The last empty cell of a row, column or box (1.0).
        FullHouse => 10, "Full House";
        /// A digit with one place left in a box (1.2).
        HiddenSingleBox => 12, "Hidden Single (box)";
        /// A digit with one place left in a row or column (1.5).
        HiddenSingleLine => 15, "Hidden Single (line)";
        /// Pointing that leaves a hidden single in another box (1.7).
        DirectPointing => 17, "Direct Pointing";
        /// Claiming that leaves a hidden single in a parallel line (1.9).
        DirectClaiming => 19, "Direct Claiming";
        /// A hidden pair that leaves a hidden single in its unit (2.0).
        DirectHiddenPair => 20, "Direct Hidden Pair";
        /// A cell with one candidate left (2.3).
        NakedSingle => 23, "Naked Single";
        /// A hidden triple that leaves a hidden single in its unit (2.5).
        DirectHiddenTriple => 25, "Direct Hidden Triple";
        /// A digit of a box confined to one line (2.6).
        Pointing => 26, "Pointing";
        /// A digit of a line confined to one box (2.8).
        Claiming => 28, "Claiming";
        /// Two cells of a unit with the same two candidates (3.0).
        NakedPair => 30, "Naked Pair";
        /// Basic fish of size 2 (3.2).
        XWing => 32, "X-Wing";
        /// X-wing with fins in one box (not on SE's scale or rating path: 3.3 by
        /// sudokit's convention, found only on request).
        FinnedXWing => 33, "Finned X-Wing";
        /// Finned X-wing with one base line reduced to one place (not on the
        /// rating path: 3.4).
        SashimiXWing => 34, "Sashimi X-Wing";
        /// Two digits of a unit confined to two cells (3.4).
        HiddenPair => 34, "Hidden Pair";
        /// Three cells of a unit with three candidates between them (3.6).
        NakedTriple => 36, "Naked Triple";
        /// Basic fish of size 3 (3.8).
        Swordfish => 38, "Swordfish";
        /// Swordfish with fins in one box (not on the rating path: 3.9).
        FinnedSwordfish => 39, "Finned Swordfish";
        /// Sashimi swordfish (not on the rating path: 4.0).
        SashimiSwordfish => 40, "Sashimi Swordfish";
        /// Three digits of a unit confined to three cells (4.0).
        HiddenTriple => 40, "Hidden Triple";
        /// Pivot and two pincers, all bivalue (4.2).
        XYWing => 42, "XY-Wing";
        /// Trivalue pivot and two bivalue pincers (4.4).
        XYZWing => 44, "XYZ-Wing";
        /// Unique rectangle or loop, avoiding a deadly pattern (4.5 and up).
        UniqueRectangle => 45, "Unique Rectangle";
        /// Four cells of a unit with four candidates between them (5.0).
        NakedQuad => 50, "Naked Quad";
        /// Basic fish of size 4 (5.2).
        Jellyfish => 52, "Jellyfish";
        /// Jellyfish with fins in one box (not on the rating path: 5.3).
        FinnedJellyfish => 53, "Finned Jellyfish";
        /// Sashimi jellyfish (not on the rating path: 5.4).
        SashimiJellyfish => 54, "Sashimi Jellyfish";
        /// Four digits of a unit confined to four cells (5.4).
        HiddenQuad => 54, "Hidden Quad";
        /// Bivalue universal grave (5.6 and up).
        Bug => 56, "BUG";
        /// Aligned pair exclusion (6.2).
        AlignedPairExclusion => 62, "Aligned Pair Exclusion";
        /// Aligned triplet exclusion (7.5).
        AlignedTripletExclusion => 75, "Aligned Triplet Exclusion";
        /// Bidirectional X-cycle: a loop of one digit whose links all work both
        /// ways (6.5 and up by length).
        BidirectionalXCycle => 65, "Bidirectional X-Cycle";
        /// Bidirectional Y-cycle: a loop through bivalue cells (6.5 and up).
        BidirectionalYCycle => 65, "Bidirectional Y-Cycle";
        /// A single-digit forcing chain, X-links only (6.6 and up by length).
        ForcingXChain => 66, "Forcing X-Chain";
        /// Bidirectional cycle through cells and units (7.0 and up by length).
        BidirectionalCycle => 70, "Bidirectional Cycle";
        /// A forcing chain through cells and units (7.0 and up by length).
        ForcingChain => 70, "Forcing Chain";
        /// Nishio: assuming a candidate, single-digit implications contradict (7.5 and up).
        Nishio => 75, "Nishio Forcing Chain";
        /// Cell or unit forcing chains: every case implies the same (8.0 and up).
        MultipleForcingChain => 80, "Multiple Forcing Chain";
        /// Dynamic forcing chains: implications that use earlier ones (8.5 and up).
        DynamicForcingChain => 85, "Dynamic Forcing Chain";
        /// Dynamic forcing chains that apply intersections, hidden and naked
        /// pairs and X-wings inside themselves (SE's "Dynamic Forcing Chains
        /// (+)", 9.0 and up).
        DynamicForcingChainPlus => 90, "Dynamic Forcing Chain (+)";
        /// Dynamic forcing chains (+) that also use forcing chains and cycles
        /// inside themselves (SE's nesting level 2, 9.5 and up).
        NestedForcingChain => 95, "Nested Forcing Chain (+ Forcing Chains)";
        /// Nested chains that also use cell and unit forcing chains inside
        /// themselves (SE's nesting level 3, 10.0 and up).
        NestedMultipleForcingChain => 100, "Nested Forcing Chain (+ Multiple Forcing Chains)";
        /// Dynamic forcing chains (+) that use dynamic forcing chains inside
        /// themselves (SE's nesting level 4, 10.5 and up).
        NestedDynamicForcingChain => 105, "Nested Forcing Chain (+ Dynamic Forcing Chains)";
        /// Nested chains that use dynamic forcing chains and nesting-level-2
        /// chains inside themselves (SE's nesting level 5, 11.0 and up).
        NestedDynamicForcingChainPlus => 110, "Nested Forcing Chain (+ Dynamic Forcing Chains (+ Forcing Chains))";
        /// Cells marked even or odd lose the other parity (1.0; sudokit's
        /// rating, as are those of the variant techniques below).
        EvenOddMark => 10, "Even/Odd Mark";
        /// A thermometer's cells bounded by their neighbours along it (1.2).
        ThermometerBounds => 12, "Thermometer Bounds";
        /// A kropki dot (or a missing one, when all dots are given) limits a
        /// neighbour to the digits the cell allows (1.4).
        KropkiDot => 14, "Kropki Dot";
        /// Orthogonal neighbours of a cell lose the digits next to all of its
        /// candidates (1.4).
        NonConsecutive => 14, "Non-Consecutive";
        /// The digit sets a killer cage can still hold remove the other
        /// candidates of its cells (1.6 and up by the sets left).
        CageCombination => 16, "Cage Combination";
        /// A digit a cage needs, removed from cells seeing its places; or a
        /// digit a house can only put in a cage, which then keeps only the
        /// sets with it (2.7).
        CageIntersection => 27, "Cage Intersection";
        /// The 45 rule: the innies or outies of a house (2.8) or of two
        /// neighbouring lines (3.1) as a cage of known sum.
        InniesOuties => 28, "Innies/Outies";
        /// Not a human technique: a candidate proven wrong by exhaustive search.
        /// Used only when every implemented technique fails; rated 11.0 and
        /// always named as a guess in the step's sentence.
        TrialAndError => 110, "Trial and Error (guess)";
    }
}

impl Technique {
    /// Whether the step is a guess checked by search rather than a
    /// technique a person would use.
    pub fn is_guess(self) -> bool {
        self == Technique::TrialAndError
    }

    /// The name in lower case, words joined by `-` and `(+` spelled
    /// `plus`: `hidden-single-box`, `x-wing`, `dynamic-forcing-chain-plus`.
    /// What the command line and the service accept (see [`FromStr`]).
    pub fn slug(self) -> String {
        words(self.name()).join("-")
    }
}

/// The words of a technique name as [`Technique::slug`] joins them: lower
/// case, `+` read as `plus`, every other character that is not a letter or
/// digit a separator.
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace('+', " plus ")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Why a technique name was not recognised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTechnique {
    /// The text given.
    pub text: String,
}

impl fmt::Display for UnknownTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = Technique::ALL.iter().map(|t| t.slug()).collect();
        write!(
            f,
            "unknown technique {:?}; expected one of (case, spaces and '-' are ignored): {}",
            self.text,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownTechnique {}

impl FromStr for Technique {
    type Err = UnknownTechnique;

    /// A technique by its name or slug, ignoring case and separators:
    /// `X-Wing`, `x wing`, `xwing` and `XWING` are the same.
    fn from_str(s: &str) -> Result<Technique, UnknownTechnique> {
        let key = words(s).concat();
        Technique::ALL
            .into_iter()
            .find(|t| !key.is_empty() && words(t.name()).concat() == key)
            .ok_or_else(|| UnknownTechnique { text: s.to_string() })
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction of the logical solver; `Display` writes its
/// [`summary`](Step::summary).
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// The rating of this step (the technique's base plus any length or
    /// size increment).
    pub difficulty: Er,
    /// Digits placed, with their cells.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates removed.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The evidence cells to highlight (the pattern), in reading order.
    pub cells: Vec<Cell>,
    /// The digits of the pattern.
    pub digits: Vec<Digit>,
    /// The houses the pattern lives in.
    pub houses: Vec<House>,
    /// A sentence a person can follow.
    pub explanation: String,
    /// Tie-break among chain steps of equal difficulty (SE's complexity:
    /// the number of implications); 0 for other techniques.
    pub complexity: u32,
    /// The implications behind a chain step (forcing chains, bidirectional
    /// cycles, Nishio, multiple, dynamic and nested forcing chains), in
    /// full (`None` for other steps; may be `None` for steps found while
    /// rating only).
    pub chain: Option<Box<ChainProof>>,
}

impl Step {
    /// A step with no evidence yet.
    pub(crate) fn new(technique: Technique) -> Step {
        Step {
            technique,
            difficulty: technique.base(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            digits: Vec::new(),
            houses: Vec::new(),
            explanation: String::new(),
            complexity: 0,
            chain: None,
        }
    }

    /// A chain step of `technique` rated `difficulty` (`complexity`
    /// implications) whose conclusion is `digit` in `cell`: placed when
    /// `place`, else removed.
    pub(crate) fn chain(
        technique: Technique,
        (difficulty, complexity): (Er, u32),
        cell: Cell,
        digit: Digit,
        place: bool,
    ) -> Step {
        let mut s = Step::new(technique);
        s.difficulty = difficulty;
        s.complexity = complexity;
        if place {
            s.placements.push((cell, digit));
        } else {
            s.eliminations.push((cell, digit));
        }
        s
    }

    /// Attaches `proof` on a board of `shape`: the step's sentence goes on
    /// with the proof's branches in words.
    pub(crate) fn attach_chain(&mut self, proof: ChainProof, shape: Shape) {
        let mut chains = proof.sentence(shape);
        if let Some(first) = chains.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        self.explanation = format!("{}. {chains}", self.explanation);
        self.chain = Some(Box::new(proof));
    }

    /// Whether this step places a digit (SE's EP ends at the first such step).
    pub fn places(&self) -> bool {
        !self.placements.is_empty()
    }

    /// The step in one line: `7.2 Forcing Chain: <sentence>`.
    pub fn summary(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.difficulty, self.technique, self.explanation)
    }
}

/// `r1c2, r1c5` for a list of cells.
pub(crate) fn cell_list(shape: Shape, cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.display(shape).to_string()).collect();
    names.join(", ")
}

/// `3, 7` for a list of digits.
pub(crate) fn digit_list(digits: &[Digit]) -> String {
    let names: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    names.join(", ")
}

/// `r2c5<>5, r2c7<>5` for eliminations.
pub(crate) fn elim_list(shape: Shape, elims: &[(Cell, Digit)]) -> String {
    let names: Vec<String> =
        elims.iter().map(|(c, d)| format!("{}<>{}", c.display(shape), d)).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_parses_back_from_its_name_and_slug_in_any_case() {
        for t in Technique::ALL {
            assert_eq!(t.name().parse::<Technique>(), Ok(t), "{t}");
            assert_eq!(t.slug().parse::<Technique>(), Ok(t), "{t}");
            assert_eq!(t.slug().to_uppercase().replace('-', " ").parse::<Technique>(), Ok(t));
        }
        assert_eq!("xy_wing".parse::<Technique>(), Ok(Technique::XYWing));
        assert_eq!("XWing".parse::<Technique>(), Ok(Technique::XWing));
        assert_eq!("kropki dot".parse::<Technique>(), Ok(Technique::KropkiDot));
        assert_eq!("innies/outies".parse::<Technique>(), Ok(Technique::InniesOuties));
        assert_eq!(Technique::DynamicForcingChainPlus.slug(), "dynamic-forcing-chain-plus");
        assert_eq!(Technique::HiddenSingleBox.slug(), "hidden-single-box");
        let err = "x-wings".parse::<Technique>().unwrap_err().to_string();
        assert!(err.contains("\"x-wings\"") && err.contains("xyz-wing"), "{err}");
        assert!("".parse::<Technique>().is_err() && "-".parse::<Technique>().is_err());
    }

    #[test]
    fn all_lists_each_variant_once_and_slugs_are_distinct() {
        let mut slugs: Vec<String> = Technique::ALL.iter().map(|t| t.slug()).collect();
        slugs.sort();
        slugs.dedup();
        assert_eq!(slugs.len(), Technique::ALL.len());
        assert!(Technique::ALL.windows(2).all(|w| w[0] < w[1]), "declaration order");
    }
}
