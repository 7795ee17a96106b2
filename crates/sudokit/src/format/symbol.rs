/*!
Symbols: the characters and tokens that stand for digits and blanks.

One-character formats write a value `v` as `1`-`9` then `A`-`Z` (so `A` is 10
and `Z` is 35); lower-case letters read as the same letters. A blank is any
of `.` `0` `_` `-` `*`. Token formats write decimal integers with `0` for a
blank; when reading, a token made of one blank character also counts as a
blank.
*/

/// The largest board side that one character per cell can write
/// (`1`-`9` then `A`-`Z`): 35.
pub const MAX_CHAR_SIZE: usize = 35;

/// What a character stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Sym {
    /// An empty cell.
    Blank,
    /// A digit from 1 to 35.
    Value(u8),
}

/// The meaning of `c` in a one-character format, or `None` when `c` is no
/// symbol.
#[inline]
pub(crate) fn char_symbol(c: char) -> Option<Sym> {
    match c {
        '.' | '0' | '_' | '-' | '*' => Some(Sym::Blank),
        '1'..='9' => Some(Sym::Value(c as u8 - b'0')),
        'A'..='Z' => Some(Sym::Value(c as u8 - b'A' + 10)),
        'a'..='z' => Some(Sym::Value(c as u8 - b'a' + 10)),
        _ => None,
    }
}

/// The value of a symbol character (blanks are 0), or `None` for other
/// characters.
#[inline]
pub(crate) fn char_value(c: char) -> Option<u8> {
    match char_symbol(c)? {
        Sym::Blank => Some(0),
        Sym::Value(v) => Some(v),
    }
}

/// The character for value `v` in `0..=35`; 0 is `.`. Values beyond 35 have
/// no character and give `?` (callers switch to tokens before that).
#[inline]
pub(crate) fn value_char(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        10..=35 => (b'A' + v - 10) as char,
        _ => '?',
    }
}

/// The character that one-character formats write for digit `v`: `1`-`9`
/// then `A`-`Z` (10 to 35); `None` for 0 and for values beyond 35, which
/// only tokens can write.
///
/// ```
/// use sudokit::format::symbol_char;
///
/// assert_eq!(symbol_char(7), Some('7'));
/// assert_eq!(symbol_char(16), Some('G'));
/// assert_eq!(symbol_char(36), None);
/// ```
pub fn symbol_char(v: u8) -> Option<char> {
    match v {
        1..=35 => Some(value_char(v)),
        _ => None,
    }
}

/// The value of a strictly decimal token (ASCII digits only), saturating at
/// `usize::MAX`; `None` when the token is empty or has another character.
pub(crate) fn int_value(tok: &str) -> Option<usize> {
    if tok.is_empty() {
        return None;
    }
    tok.bytes().try_fold(0usize, |acc, b| {
        b.is_ascii_digit().then(|| acc.saturating_mul(10).saturating_add(usize::from(b - b'0')))
    })
}

/// The value of a token cell: a decimal integer, or a one-character blank
/// (`.` `_` `-` `*`) read as 0.
pub(crate) fn token_value(tok: &str) -> Option<usize> {
    match tok {
        "." | "_" | "-" | "*" => Some(0),
        _ => int_value(tok),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_round_trip_through_values() {
        for v in 0..=35u8 {
            assert_eq!(char_value(value_char(v)), Some(v));
        }
        assert_eq!(char_value('g'), Some(16));
        assert_eq!(char_value('z'), Some(35));
        for blank in ['.', '0', '_', '-', '*'] {
            assert_eq!(char_symbol(blank), Some(Sym::Blank));
        }
        for other in ['|', '#', ' ', 'é', '+'] {
            assert_eq!(char_symbol(other), None);
        }
    }

    #[test]
    fn tokens_are_decimal_and_saturate() {
        assert_eq!(int_value("064"), Some(64));
        assert_eq!(int_value(""), None);
        assert_eq!(int_value("1a"), None);
        assert_eq!(int_value("-1"), None);
        assert_eq!(int_value(&"9".repeat(40)), Some(usize::MAX));
        assert_eq!(token_value("."), Some(0));
        assert_eq!(token_value("x"), None);
    }
}
