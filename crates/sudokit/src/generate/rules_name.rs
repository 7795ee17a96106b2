//! The rules a generator is asked for by name, where a bare `jigsaw` part
//! (no `=REGIONS`) asks each puzzle to draw random jigsaw regions in place
//! of the boxes ([`Options::random_regions`](super::Options::random_regions)).
//!
//! Variants named beside the rules ([`MakeRules::with_variants`]) add their
//! rules, and `jigsaw` among them asks for random regions when the rules
//! hold none.
//!
//! Invariant: `rules` never holds regions when `random_regions` is set
//! (given and random regions cannot both stand).

use std::str::FromStr;

use super::{FillError, GenerateError};
use crate::variant::{Variant, Variants};
use crate::{Rules, RulesError};

/// Rules to generate under, and whether each puzzle draws random jigsaw
/// regions; read from a rules name (`FromStr`).
///
/// ```
/// use sudokit::generate::MakeRules;
///
/// let made: MakeRules = "9+jigsaw+x".parse().unwrap();
/// assert!(made.random_regions);
/// assert!(made.rules.has_diagonals() && made.rules.regions().is_none());
/// assert!("jigsaw+9".parse::<MakeRules>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MakeRules {
    /// The rules, without the bare `jigsaw` part.
    pub rules: Rules,
    /// Whether each puzzle has random jigsaw regions.
    pub random_regions: bool,
}

impl MakeRules {
    /// These rules with the rules `variants` names ([`Variants::apply`]);
    /// `jigsaw` in the list asks for random regions unless the rules hold
    /// regions already (`9+jigsaw=...`). The constraints the list draws
    /// from each solution are [`Variants::extras`]. An error when the board
    /// has no room for a variant (windows).
    ///
    /// ```
    /// use sudokit::generate::MakeRules;
    /// use sudokit::variant::Variants;
    /// use sudokit::{Rules, Shape};
    ///
    /// let classic = MakeRules::from(Rules::classic(Shape::CLASSIC));
    /// let made = classic.with_variants(&"jigsaw,x".parse::<Variants>().unwrap()).unwrap();
    /// assert_eq!((made.rules.to_string().as_str(), made.random_regions), ("9+x", true));
    /// let given: MakeRules = "6+jigsaw=000111002111022223442333445553445553".parse().unwrap();
    /// let made = given.with_variants(&"jigsaw".parse::<Variants>().unwrap()).unwrap();
    /// assert!(!made.random_regions && made.rules.regions().is_some());
    /// ```
    pub fn with_variants(self, variants: &Variants) -> Result<MakeRules, RulesError> {
        let named = variants.contains(Variant::Jigsaw) && self.rules.regions().is_none();
        let random_regions = self.random_regions || named;
        Ok(MakeRules { rules: variants.apply(self.rules)?, random_regions })
    }

    /// Why no puzzle is made under these rules, if none is: random regions
    /// not drawn for them ([`random_regions_refused`](super::random_regions_refused))
    /// or full grids not found within a service's budget
    /// ([`grids_refused`](super::grids_refused)) or, on boards of side 6 or
    /// less, proved not to exist by a short search (4x4 anti-king).
    ///
    /// ```
    /// use sudokit::generate::MakeRules;
    ///
    /// assert!("12+non-consecutive+jigsaw".parse::<MakeRules>().unwrap().refused().is_some());
    /// assert!("16+windoku+non-consecutive".parse::<MakeRules>().unwrap().refused().is_some());
    /// assert!("12+non-consecutive".parse::<MakeRules>().unwrap().refused().is_none());
    /// assert!("4+anti-king".parse::<MakeRules>().unwrap().refused().is_some());
    /// assert!("6+anti-king".parse::<MakeRules>().unwrap().refused().is_none());
    /// ```
    pub fn refused(&self) -> Option<GenerateError> {
        let regions = self.random_regions.then(|| super::random_regions_refused(&self.rules));
        if let Some(refused) = regions.flatten() {
            return Some(GenerateError::Jigsaw(refused));
        }
        if let Some(refused) = super::grids_refused(&self.rules) {
            return Some(GenerateError::Fill(refused));
        }
        // Random regions are drawn later: the rules' boxes say nothing.
        (!self.random_regions && super::fill::proven_without_grid(&self.rules))
            .then(|| GenerateError::Fill(FillError::NoGrid { rules: self.rules.clone() }))
    }
}

/// Rules as they are, with no random regions.
impl From<Rules> for MakeRules {
    fn from(rules: Rules) -> MakeRules {
        MakeRules { rules, random_regions: false }
    }
}

impl FromStr for MakeRules {
    type Err = String;

    /// A rules name as [`Rules`] reads it, where a part `jigsaw` without
    /// `=REGIONS` (not first: the board is named first) asks for random
    /// regions.
    fn from_str(text: &str) -> Result<MakeRules, String> {
        let mut parts: Vec<&str> = text.split('+').collect();
        let bare = |p: &&str| p.trim().eq_ignore_ascii_case("jigsaw");
        let random_regions = parts.iter().any(bare);
        if parts.first().is_some_and(bare) {
            return Err("name the board first, e.g. 9+jigsaw or 16+jigsaw".to_string());
        }
        parts.retain(|p| !bare(p));
        let rules: Rules = parts.join("+").parse().map_err(|e: crate::RulesError| e.to_string())?;
        if random_regions && rules.regions().is_some() {
            return Err(
                "jigsaw (random regions) and jigsaw=REGIONS both given; keep one".to_string()
            );
        }
        Ok(MakeRules { rules, random_regions })
    }
}
