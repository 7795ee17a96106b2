/*!
Variants by name, as the command line and the service take them:
`x,killer`, `windoku,thermo`.

- [`Variant`]: one name: `x`, `windoku`, `jigsaw`, `killer`, `anti-knight`,
  `anti-king`, `non-consecutive`, `thermo`, `kropki`, `even-odd`.
- [`Variants`]: a comma-separated list of them, each at most once, split
  into what each part needs:
  - the rules a name alone makes ([`Variants::apply`]: diagonals,
    windows, anti-knight, anti-king, non-consecutive);
  - the constraints a generator draws from each full grid
    ([`Variants::extras`]: cages, thermometers, dots, even/odd marks);
  - the names whose data no name can carry ([`Variants::needs_data`]:
    jigsaw regions, and on reading, the cages, thermometers, dots and
    marks of a puzzle), which come from a rules name or a puzzle format.
*/

use std::fmt;
use std::str::FromStr;

use crate::constraint::Constraint;
use crate::generate::{Cages, Dots, Extras};
use crate::rules::{Rules, RulesError};

/// One variant, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// Both main diagonals are houses.
    X,
    /// The windows are houses.
    Windoku,
    /// Irregular regions replace the boxes.
    Jigsaw,
    /// Cages with sums, no repeat within a cage.
    Killer,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart differ.
    AntiKing,
    /// Orthogonal neighbours do not differ by 1.
    NonConsecutive,
    /// Digits rise along each thermometer.
    Thermo,
    /// White dots join consecutive digits, black dots a digit and its
    /// double.
    Kropki,
    /// Marked cells are even or odd.
    EvenOdd,
}

crate::named::named_enum!(Variant {
    X => "x",
    Windoku => "windoku",
    Jigsaw => "jigsaw",
    Killer => "killer",
    AntiKnight => "anti-knight",
    AntiKing => "anti-king",
    NonConsecutive => "non-consecutive",
    Thermo => "thermo",
    Kropki => "kropki",
    EvenOdd => "even-odd",
});

impl FromStr for Variant {
    type Err = String;

    fn from_str(s: &str) -> Result<Variant, String> {
        Variant::from_name(s).ok_or_else(|| {
            format!(
                "unknown variant {s:?}: expected {}",
                Variant::ALL.map(Variant::name).join(", ")
            )
        })
    }
}

impl Variant {
    /// Whether `rules` have this variant (a constraint of its kind, or its
    /// named rule).
    pub fn is_in(self, rules: &Rules) -> bool {
        let has = |kind: fn(&Constraint) -> bool| rules.constraints().iter().any(kind);
        match self {
            Variant::X => rules.has_diagonals(),
            Variant::Windoku => rules.has_windows(),
            Variant::Jigsaw => rules.regions().is_some(),
            Variant::Killer => has(|c| matches!(c, Constraint::Cage(_))),
            Variant::AntiKnight => rules.has_anti_knight(),
            Variant::AntiKing => rules.has_anti_king(),
            Variant::NonConsecutive => rules.has_non_consecutive(),
            Variant::Thermo => has(|c| matches!(c, Constraint::Thermo(_))),
            Variant::Kropki => has(|c| matches!(c, Constraint::Dot(_))) || rules.has_all_dots(),
            Variant::EvenOdd => has(|c| matches!(c, Constraint::Parity(_))),
        }
    }
}

/// A list of variants, each once, in the order named.
///
/// ```
/// use sudokit::variant::{Variant, Variants};
/// use sudokit::{Rules, Shape};
///
/// let list: Variants = "x,killer".parse().unwrap();
/// assert!(list.contains(Variant::Killer));
/// let rules = list.apply(Rules::classic(Shape::CLASSIC)).unwrap();
/// assert_eq!(rules.to_string(), "9+x");
/// assert!(list.extras().get_cages().is_some());
/// assert!("x,x".parse::<Variants>().is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variants(Vec<Variant>);

impl Variants {
    /// The variants, in the order named.
    pub fn list(&self) -> &[Variant] {
        &self.0
    }

    /// Whether `variant` is in the list.
    pub fn contains(&self, variant: Variant) -> bool {
        self.0.contains(&variant)
    }

    /// `rules` with the rules each name makes alone: diagonals, windows,
    /// anti-knight, anti-king, non-consecutive. An error when the board has
    /// no room for windows.
    pub fn apply(&self, rules: Rules) -> Result<Rules, RulesError> {
        let mut rules = rules;
        for &v in &self.0 {
            rules = match v {
                Variant::X => rules.with_diagonals(),
                Variant::Windoku => rules.with_windows()?,
                Variant::AntiKnight => rules.with_anti_knight(),
                Variant::AntiKing => rules.with_anti_king(),
                Variant::NonConsecutive => rules.with_non_consecutive(),
                _ => rules,
            };
        }
        Ok(rules)
    }

    /// The constraints a generator draws for the list: cages without
    /// givens for `killer`, thermometers, every kropki dot (with the
    /// negative constraint), even/odd marks.
    pub fn extras(&self) -> Extras {
        let mut extras = Extras::none();
        for &v in &self.0 {
            extras = match v {
                Variant::Killer => extras.cages(Cages::NoGivens),
                Variant::Thermo => extras.thermos(),
                Variant::Kropki => extras.dots(Dots::All),
                Variant::EvenOdd => extras.parity(),
                _ => extras,
            };
        }
        extras
    }

    /// The variants of the list whose data a name cannot carry when a
    /// puzzle is read: jigsaw (its regions), killer (cages), thermo,
    /// kropki and even-odd.
    pub fn needs_data(&self) -> Vec<Variant> {
        let data =
            [Variant::Jigsaw, Variant::Killer, Variant::Thermo, Variant::Kropki, Variant::EvenOdd];
        self.0.iter().copied().filter(|v| data.contains(v)).collect()
    }

    /// The first variant of the list whose data `rules` do not hold, with
    /// the name of that data ("regions", "cages", "thermometers", "dots",
    /// "even/odd marks"), for an error that says what to give; `None` when
    /// the rules hold every variant's data.
    ///
    /// ```
    /// use sudokit::variant::{Variant, Variants};
    /// use sudokit::{Rules, Shape};
    ///
    /// let list: Variants = "x,thermo".parse().unwrap();
    /// let missing = list.missing_data(&Rules::classic(Shape::CLASSIC));
    /// assert_eq!(missing, Some((Variant::Thermo, "thermometers")));
    /// ```
    pub fn missing_data(&self, rules: &Rules) -> Option<(Variant, &'static str)> {
        let v = self.needs_data().into_iter().find(|v| !v.is_in(rules))?;
        let what = match v {
            Variant::Jigsaw => "regions",
            Variant::Killer => "cages",
            Variant::Thermo => "thermometers",
            Variant::Kropki => "dots",
            _ => "even/odd marks",
        };
        Some((v, what))
    }
}

impl FromStr for Variants {
    type Err = String;

    /// Names separated by commas, each once; at least one.
    fn from_str(s: &str) -> Result<Variants, String> {
        let mut out = Vec::new();
        for part in s.split(',') {
            let v: Variant = part.parse()?;
            if out.contains(&v) {
                return Err(format!("variant {:?} is named twice in {s:?}", v.name()));
            }
            out.push(v);
        }
        Ok(Variants(out))
    }
}

impl fmt::Display for Variants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.0.iter().map(|v| v.name()).collect();
        f.write_str(&names.join(","))
    }
}
