/*!
The text of an inclusive range: `A-B`, or `A` alone for `A-A`.

The clue-count and rating targets read their ranges through
[`parse_bounds`]; each passes the parser of one bound, so the range syntax
and the error for an empty range are written once. A range it returns is
never empty (`min <= max`).
*/

use std::fmt::Display;

/// The bounds `(min, max)` of `text`, `A-B` or `A` (for `A-A`), each bound
/// read by `bound`; an empty range (`min > max`) and a missing lower bound
/// (`-5`) are errors naming `what` (`clue`, `rating`) and the text.
pub(crate) fn parse_bounds<T: PartialOrd + Display + Copy>(
    what: &str,
    text: &str,
    bound: impl Fn(&str) -> Result<T, String>,
) -> Result<(T, T), String> {
    let (min, max) = match text.split_once('-') {
        Some((a, _)) if a.trim().is_empty() => {
            return Err(format!(
                "{what} range {text:?} has no lower bound: give A-B or one number (no \
                 negative numbers)"
            ));
        }
        Some((a, b)) => (bound(a)?, bound(b)?),
        None => {
            let one = bound(text)?;
            (one, one)
        }
    };
    if min <= max {
        Ok((min, max))
    } else {
        Err(format!("{what} range {text:?} is empty: {min} is more than {max}"))
    }
}

#[cfg(test)]
mod tests {
    use super::parse_bounds;

    fn number(t: &str) -> Result<u32, String> {
        t.trim().parse().map_err(|_| format!("{t:?} is not a number"))
    }

    #[test]
    fn ranges_read_both_bounds_and_name_what_is_missing_or_empty() {
        assert_eq!(parse_bounds("clue", "20-25", number), Ok((20, 25)));
        assert_eq!(parse_bounds("clue", "22", number), Ok((22, 22)));
        let err = parse_bounds("clue", "-1", number).unwrap_err();
        assert!(err.contains("\"-1\" has no lower bound"), "{err}");
        let err = parse_bounds("rating", " -5", number).unwrap_err();
        assert!(err.starts_with("rating range") && err.contains("no lower bound"), "{err}");
        let err = parse_bounds("clue", "25-20", number).unwrap_err();
        assert!(err.contains("empty: 25 is more than 20"), "{err}");
        assert_eq!(parse_bounds("clue", "x-3", number), Err("\"x\" is not a number".into()));
    }
}
