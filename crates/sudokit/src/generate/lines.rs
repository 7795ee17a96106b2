//! [`LineRules`]: how the line format names the rules of generated
//! puzzles, one place for every face that writes them (`sudokit generate`,
//! the Python package's Dask batches).
//!
//! A puzzle line holds only digits, so the rules travel in comment lines
//! that the line readers understand: one `# rules:` line before the items
//! when every item has the same rules, killer lines (cage map, sums, then
//! givens) below a `# rules:` line naming the board's other rules when
//! cages are all that is drawn, or a `# rules:` line before each item when
//! items draw other constraints or regions of their own.
//!
//! Invariant: a header and the items after it read back (with the
//! readers' `# rules:` and killer-line support) to the items' own puzzles
//! under their own rules.

use crate::format::{to_killer, to_line};
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::Shape;

use super::{Extras, Options};

/// How line output names each generated puzzle's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LineRules {
    /// One `# rules:` line before the items (when the rules are not the
    /// classic ones): nothing is drawn, every item has the same rules.
    Once,
    /// Killer lines (the cages and sums, then the givens), after one
    /// `# rules:` line naming the board's other rules (`9` when there are
    /// none), which tells the readers that killer lines follow: cages are
    /// all that is drawn, on a board of side 9 or less (a killer line
    /// letters at most 52 cages).
    Killer,
    /// A `# rules:` line before each item, naming all of its rules: items
    /// draw constraints beyond cages, or regions of their own.
    EachItem,
}

impl LineRules {
    /// The lines of puzzles of `shape` that draw `extras`, and their own
    /// jigsaw regions with `random_regions`.
    pub fn new(extras: Extras, shape: Shape, random_regions: bool) -> LineRules {
        match extras.get_cages() {
            _ if random_regions => LineRules::EachItem,
            _ if extras.is_none() => LineRules::Once,
            Some(c) if extras == Extras::none().cages(c) && shape.size() <= 9 => LineRules::Killer,
            _ => LineRules::EachItem,
        }
    }

    /// The lines of the puzzles `options` make (full grids draw nothing:
    /// give them `LineRules::new(Extras::none(), ..)`).
    pub fn of(options: &Options) -> LineRules {
        LineRules::new(
            options.get_extras(),
            options.get_rules().shape(),
            options.get_random_regions(),
        )
    }

    /// The `# rules:` line before the items, with its newline, when there
    /// is one: the board's `rules` are not the classic ones, its boxes are
    /// not the default for its side (4x3 on 12x12: a puzzle line is read as
    /// 3x4), or killer lines follow.
    pub fn header(self, rules: &Rules) -> Option<String> {
        let named =
            !rules.is_classic() || !rules.shape().has_default_boxes() || self == LineRules::Killer;
        (named && self != LineRules::EachItem).then(|| format!("# rules: {rules}\n"))
    }

    /// The lines of one item, each ending in a newline: its `# rules:` line
    /// when each item has one, then the puzzle line (or killer line) with
    /// `solution` after it when given (after `#` on a killer line). `None`
    /// for a killer puzzle of more than 52 cages, which a killer line
    /// cannot letter.
    pub fn item(self, puzzle: &Grid, solution: Option<&Grid>) -> Option<String> {
        let mut out = String::new();
        match self {
            LineRules::Killer => {
                let cages = Rules::classic(puzzle.shape())
                    .with_cages_of(puzzle.rules())
                    .expect("the puzzle's own cages fit its shape");
                let grid = puzzle.clone().with_rules(cages).expect("the same shape");
                out.push_str(&to_killer(&grid)?);
                if let Some(s) = solution {
                    out.push_str(" # ");
                    out.push_str(&to_line(s));
                }
            }
            LineRules::Once | LineRules::EachItem => {
                if self == LineRules::EachItem {
                    out.push_str(&format!("# rules: {}\n", puzzle.rules()));
                }
                out.push_str(&to_line(puzzle));
                if let Some(s) = solution {
                    out.push(' ');
                    out.push_str(&to_line(s));
                }
            }
        }
        out.push('\n');
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{ReadOptions, Reader, parse_killer};
    use crate::generate::{Cages, Generator};
    use crate::variant::Variants;

    /// The items `options` make for seed 1, written as lines and read back.
    fn round_trip(options: Options, count: u64) {
        let lines = LineRules::of(&options);
        let rules = options.get_rules().clone();
        let generator = Generator::new(options, 1).unwrap();
        let mut text = lines.header(&rules).unwrap_or_default();
        let mut made = Vec::new();
        for i in 0..count {
            let g = generator.puzzle(i).unwrap();
            text.push_str(&lines.item(&g.puzzle, None).unwrap());
            made.push(g.puzzle);
        }
        // Read back as the CLI's readers do: a `# rules:` line names the
        // rules of the lines below it, and killer lines follow the header
        // of a killer run, each adding its cages.
        let mut current: Option<Rules> = None;
        let mut read = Vec::new();
        for line in text.lines() {
            if let Some(name) = line.strip_prefix("# rules: ") {
                current = Some(name.parse().unwrap());
                continue;
            }
            let grid = if lines == LineRules::Killer {
                parse_killer(line).unwrap_or_else(|e| panic!("{line}: {e}"))
            } else {
                let mut reader = Reader::new(line.as_bytes(), ReadOptions::default());
                reader.next().unwrap().unwrap_or_else(|e| panic!("{line}: {e}")).grid
            };
            let rules = match &current {
                Some(r) => r.clone().with_cages_of(grid.rules()).unwrap(),
                None => grid.rules().clone(),
            };
            read.push(grid.with_rules(rules).unwrap());
        }
        assert_eq!(read.len(), made.len(), "{text}");
        // The same rules, whatever order a killer line letters the cages in.
        let parts = |g: &Grid| {
            let mut parts: Vec<String> =
                g.rules().to_string().split('+').map(String::from).collect();
            parts.sort();
            parts
        };
        for (r, m) in read.iter().zip(&made) {
            assert_eq!(to_line(r), to_line(m), "{text}");
            assert_eq!(parts(r), parts(m), "{text}");
        }
    }

    #[test]
    fn each_kind_of_line_reads_back_to_its_puzzles() {
        let rules = |name: &str| name.parse::<Rules>().unwrap();
        let variants = |list: &str| list.parse::<Variants>().unwrap();
        let classic = Options::new(Shape::CLASSIC);
        assert_eq!(LineRules::of(&classic), LineRules::Once);
        assert_eq!(LineRules::Once.header(&Rules::classic(Shape::CLASSIC)), None);
        let x = Options::new(rules("9+x"));
        assert_eq!(LineRules::of(&x), LineRules::Once);
        assert_eq!(LineRules::Once.header(&rules("9+x")).as_deref(), Some("# rules: 9+x\n"));
        round_trip(x, 2);
        let killer = variants("killer");
        let options = Options::new(killer.apply(rules("9")).unwrap()).extras(killer.extras());
        assert_eq!(LineRules::of(&options), LineRules::Killer);
        round_trip(options.clone(), 2);
        let given = options.extras(killer.extras().cages(Cages::WithGivens));
        assert_eq!(LineRules::of(&given), LineRules::Killer);
        let thermo = variants("thermo");
        let options = Options::new(thermo.apply(rules("9")).unwrap()).extras(thermo.extras());
        assert_eq!(LineRules::of(&options), LineRules::EachItem);
        assert_eq!(LineRules::EachItem.header(&rules("9")), None);
        round_trip(options, 2);
        let jigsaw = Options::new(rules("9")).random_regions(true);
        assert_eq!(LineRules::of(&jigsaw), LineRules::EachItem);
        round_trip(jigsaw, 2);
        // Boxes other than the side's default are named, since a line of
        // 144 digits reads as 3x4 boxes and one of 49 as none.
        let four_by_three = Shape::new(4, 3).unwrap();
        let header = LineRules::Once.header(&Rules::classic(four_by_three));
        assert_eq!(header.as_deref(), Some("# rules: 4x3\n"));
        round_trip(Options::new(four_by_three), 2);
        round_trip(Options::new(rules("4x3+x")), 2);
        let one_by_seven = Rules::classic(Shape::new(1, 7).unwrap());
        assert_eq!(LineRules::Once.header(&one_by_seven).as_deref(), Some("# rules: 1x7\n"));
        assert_eq!(LineRules::Once.header(&rules("12")), None);
    }
}
