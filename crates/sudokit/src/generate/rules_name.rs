//! The rules a generator is asked for by name, where a bare `jigsaw` part
//! (no `=REGIONS`) asks each puzzle to draw random jigsaw regions in place
//! of the boxes ([`Options::random_regions`](super::Options::random_regions)).
//!
//! Invariant: `rules` never holds regions when `random_regions` is set
//! (given and random regions cannot both stand).

use std::str::FromStr;

use crate::Rules;

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
