//! The daily puzzle's date and seed: [`Date`] and [`daily_seed`].
//!
//! A date is a day of the proleptic Gregorian calendar written
//! `YYYY-MM-DD` (ISO 8601), years 1 to 9999. The daily puzzle of a date,
//! rules name and level is fixed by [`daily_seed`]: a bank records the
//! puzzle it picked with that number (see [`Bank::daily`](crate::Bank::daily)),
//! and without a bank the puzzle is item 0 of the generator with that seed.

use std::fmt;
use std::str::FromStr;

use sudokit::logic::Level;

use crate::bank::fnv1a;

/// A calendar day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

impl Date {
    /// The day `year`-`month`-`day`; `None` when there is no such day.
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        let ok = (1..=9999).contains(&year)
            && (1..=12).contains(&month)
            && day >= 1
            && day <= days_in_month(year, month);
        ok.then_some(Date { year, month, day })
    }

    /// Today in UTC, by the system clock.
    pub fn today_utc() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_unix_days((secs / 86_400) as i64)
    }

    /// The day `days` after 1970-01-01, by Howard Hinnant's
    /// `civil_from_days` ("chrono-Compatible Low-Level Date Algorithms").
    pub fn from_unix_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)).clamp(1, 9999) as u16;
        Date { year, month, day }
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u8 {
        self.day
    }
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        _ => 31,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = String;

    /// Parses `YYYY-MM-DD`; the error says what is wrong.
    fn from_str(s: &str) -> Result<Date, String> {
        let b = s.as_bytes();
        let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
        if b.len() != 10
            || b[4] != b'-'
            || b[7] != b'-'
            || !digits(0..4)
            || !digits(5..7)
            || !digits(8..10)
        {
            return Err(format!("{s:?} is not a date of the form YYYY-MM-DD (e.g. 2026-12-01)"));
        }
        let num = |r: std::ops::Range<usize>| s[r].parse::<u16>().unwrap_or(0);
        let (year, month, day) = (num(0..4), num(5..7) as u8, num(8..10) as u8);
        Date::new(year, month, day).ok_or_else(|| {
            if !(1..=12).contains(&month) {
                format!("{s}: month {month} is not 1 to 12")
            } else if year == 0 {
                format!("{s}: the year must be 0001 or later")
            } else {
                format!("{s}: month {month} of {year:04} has {} days", days_in_month(year, month))
            }
        })
    }
}

/// The number that fixes the daily puzzle of `date` for `rules` and
/// `level`: FNV-1a of `sudokit daily <date> <rules> <level>`, shifted below
/// 2^53 so a JavaScript number holds it exactly. It is the generator's seed
/// without a bank and the bank's pick with one.
pub fn daily_seed(date: Date, rules: &str, level: Level) -> u64 {
    fnv1a(format!("sudokit daily {date} {rules} {}", level.name()).as_bytes()) >> 11
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_and_print_back() {
        let d: Date = "2026-12-01".parse().unwrap();
        assert_eq!((d.year(), d.month(), d.day()), (2026, 12, 1));
        assert_eq!(d.to_string(), "2026-12-01");
        assert_eq!("2024-02-29".parse::<Date>().unwrap().to_string(), "2024-02-29");
        assert_eq!("2000-02-29".parse::<Date>().unwrap().day(), 29);
    }

    #[test]
    fn bad_dates_say_what_is_wrong() {
        for (text, says) in [
            ("2026-13-01", "month 13"),
            ("2026-02-29", "has 28 days"),
            ("1900-02-29", "has 28 days"),
            ("2026-04-31", "has 30 days"),
            ("0000-01-01", "0001 or later"),
            ("2026-1-01", "YYYY-MM-DD"),
            ("2026/12/01", "YYYY-MM-DD"),
            ("", "YYYY-MM-DD"),
            ("２026-12-01", "YYYY-MM-DD"),
        ] {
            let err = text.parse::<Date>().unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
    }

    #[test]
    fn unix_days_give_the_calendar_day() {
        // Known days: the epoch, a leap day, the turn of 2000, and
        // 2026-12-01 (20,788 days after the epoch: 56 years of 365 days
        // plus 14 leap days, plus 334 days to December 1st).
        assert_eq!(Date::from_unix_days(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_unix_days(11_016).to_string(), "2000-02-29");
        assert_eq!(Date::from_unix_days(10_957).to_string(), "2000-01-01");
        assert_eq!(Date::from_unix_days(20_788).to_string(), "2026-12-01");
    }

    #[test]
    fn the_daily_seed_is_fixed_and_tells_keys_apart() {
        let d: Date = "2026-12-01".parse().unwrap();
        let seed = daily_seed(d, "9", Level::Hard);
        assert_eq!(seed, daily_seed(d, "9", Level::Hard));
        assert!(seed < 1 << 53);
        assert_ne!(seed, daily_seed(d, "9", Level::Evil));
        assert_ne!(seed, daily_seed(d, "6", Level::Hard));
        assert_ne!(seed, daily_seed("2026-12-02".parse().unwrap(), "9", Level::Hard));
    }
}
