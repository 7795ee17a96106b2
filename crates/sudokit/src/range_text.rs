/*!
The text of an inclusive range: `A-B`, or `A` alone for `A-A`.

The clue-count and rating targets read their ranges through
[`parse_bounds`]; each passes the parser of one bound, so the range syntax
and the error for an empty range are written once. A range it returns is
never empty (`min <= max`).
*/

use std::fmt::Display;

/// The bounds `(min, max)` of `text`, `A-B` or `A` (for `A-A`), each bound
/// read by `bound`; an empty range (`min > max`) is an error naming `what`
/// (`clue`, `rating`) and the text.
pub(crate) fn parse_bounds<T: PartialOrd + Display + Copy>(
    what: &str,
    text: &str,
    bound: impl Fn(&str) -> Result<T, String>,
) -> Result<(T, T), String> {
    let (min, max) = match text.split_once('-') {
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
