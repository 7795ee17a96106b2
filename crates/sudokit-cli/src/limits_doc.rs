//! The limits stated in `SECURITY.md` and in the README are the code's:
//! each stated number is found in the text (by the words around it) and
//! compared with the constant it describes. A claim whose words are gone
//! fails too, so rewording the documents means revisiting this list.

use std::path::Path;

use sudokit_server::Config;

/// A number stated in `file`: the first one after `before` (digits with
/// `,` separators, or `2^K`), which must be `value` and be followed by
/// `after`. Whitespace (line breaks included) compares as one space.
struct Claim {
    file: &'static str,
    before: &'static str,
    value: u128,
    after: &'static str,
}

fn claim(
    file: &'static str,
    before: &'static str,
    value: impl Into<u128>,
    after: &'static str,
) -> Claim {
    Claim { file, before, value: value.into(), after }
}

/// `text` with every run of whitespace as one space.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The number at the start of `text` and the rest after it.
fn number(text: &str) -> Option<(u128, &str)> {
    if let Some(rest) = text.strip_prefix("2^") {
        let (k, rest) = number(rest)?;
        return Some((1u128.checked_shl(u32::try_from(k).ok()?)?, rest));
    }
    let end = text.find(|c: char| !c.is_ascii_digit() && c != ',').unwrap_or(text.len());
    let digits: String = text[..end].trim_end_matches(',').replace(',', "");
    let used = text[..end].trim_end_matches(',').len();
    Some((digits.parse().ok()?, &text[used..]))
}

fn check(claims: &[Claim]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut wrong = Vec::new();
    for c in claims {
        let text = std::fs::read_to_string(root.join(c.file))
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", c.file));
        let text = squeeze(&text);
        let Some(at) = text.find(c.before) else {
            wrong
                .push(format!("{}: no {:?} (the claim was reworded or removed)", c.file, c.before));
            continue;
        };
        let rest = &text[at + c.before.len()..];
        match number(rest) {
            Some((n, tail)) if n == c.value && tail.starts_with(c.after) => {}
            Some((n, tail)) if n == c.value => wrong.push(format!(
                "{}: {:?} {n} is followed by {:?}, not {:?}",
                c.file,
                c.before,
                tail.chars().take(30).collect::<String>(),
                c.after
            )),
            found => wrong.push(format!(
                "{}: {:?} states {:?}; the code says {}",
                c.file,
                c.before,
                found.map(|(n, _)| n),
                c.value
            )),
        }
    }
    assert!(wrong.is_empty(), "the documents disagree with the code:\n{}", wrong.join("\n"));
}

fn kib(bytes: usize) -> u128 {
    (bytes / 1024) as u128
}

fn mib(bytes: usize) -> u128 {
    (bytes >> 20) as u128
}

/// The canonical search's bound on row and column maps, as the engine
/// states it when it refuses a shape beyond it (16x16, 4x4 boxes).
fn canon_max_maps() -> u128 {
    let big = sudokit::Grid::empty(sudokit::Shape::new(4, 4).expect("a valid shape"));
    match sudokit::transform::canonical(&big) {
        Err(sudokit::transform::CanonError::Unsupported { max_maps, .. }) => max_maps,
        other => panic!("16x16 canonical forms should be refused with the bound, got {other:?}"),
    }
}

/// The connection limits of the service, which both documents state: each
/// value with its words in `SECURITY.md`, then in the README, `{}` standing
/// for the number.
fn connection_limits(s: &Config) -> [(u128, &'static str, &'static str); 8] {
    let secs = |d: std::time::Duration| u128::from(d.as_secs());
    [
        (
            s.max_connections as u128,
            "a `Config` field): at most {} open",
            "| open connections | {};",
        ),
        (secs(s.idle_timeout), "closed after {} s (`--idle-timeout`)", "(keep-alive) | {} s,"),
        (
            secs(s.header_timeout),
            "must arrive within {} s of its first byte",
            "| request head (line and headers) | {} s from",
        ),
        (
            kib(s.max_request_line),
            "be at most {} KiB of request line",
            "else 408; request line {} KiB, else 414",
        ),
        (kib(s.max_head_bytes), "(else 414) and {} KiB and", "else 414; head {} KiB and"),
        (s.max_headers as u128, "KiB and {} header lines", "KiB and {} header lines, else 431"),
        (
            secs(s.body_timeout),
            "arrive in full within {} s (`--body-timeout`",
            "| time to send the request body | {} s in all",
        ),
        (
            secs(s.shutdown_grace),
            "for at most {} s (`--shutdown-grace`)",
            "requests in flight finish, for at most {} s |",
        ),
    ]
}

/// The claim of `words` in `file`: `value` where `words` has `{}`.
fn stated(file: &'static str, value: u128, words: &'static str) -> Claim {
    let (before, after) = words.split_once("{}").expect("the words mark the number with {}");
    claim(file, before, value, after)
}

#[test]
fn security_md_states_the_codes_limits() {
    use crate::batch::{CHUNK_CELLS, CHUNK_RECORDS};
    let s = Config::default();
    let f = "SECURITY.md";
    let mut claims = vec![
        claim(f, "Boards up to ", sudokit::MAX_SIZE as u128, "x64"),
        claim(f, "the service accepts up to ", s.max_size as u128, "x25"),
        claim(f, "bodies up to ", kib(s.max_body_bytes), " KiB"),
        claim(f, "KiB, ", s.max_count, " puzzles per `generate` request"),
        claim(f, "`limit` at most ", s.max_count_limit as u128, ","),
        claim(f, "at most 1000, ", s.max_nodes, " search nodes per search"),
        claim(f, "search nodes per search, ", s.time_budget.as_secs(), " s per request for every"),
        claim(f, "(at most ", CHUNK_RECORDS as u128, " puzzles or 2^20 cells)"),
        claim(f, "puzzles or ", CHUNK_CELLS as u128, " cells)"),
        claim(f, "Input lines up to ", mib(sudokit::format::MAX_LINE), " MiB"),
        claim(
            f,
            "holds a NUL byte (`/dev/zero`, most binary files), or no line end within ",
            mib(sudokit::format::MAX_SKIPPED_LINE),
            " MiB",
        ),
        claim(f, "busy 0.", crate::stop::GRACE.as_millis() / 10, " s after the first"),
        claim(f, "holds at most ", crate::cmd::print::MAX_PUZZLES as u128, " puzzles"),
        claim(f, "row and column maps number at most ", canon_max_maps(), " each"),
    ];
    claims.extend(connection_limits(&s).map(|(value, words, _)| stated(f, value, words)));
    check(&claims);
}

#[test]
fn the_readmes_limits_are_the_codes() {
    use crate::batch::{BLOCK_BYTES, CHANNEL_CHUNKS, CHUNK_RECORDS};
    let s = Config::default();
    let f = "README.md";
    let per_worker = (s.queue / s.workers.max(1)) as u128;
    let mut claims = vec![
        claim(f, "| request body | ", kib(s.max_body_bytes), " KiB |"),
        claim(f, "| board side | ", s.max_size as u128, " |"),
        claim(f, "| `generate` `count` | ", s.max_count, " different puzzles"),
        claim(f, "| `count` `limit` | ", s.max_count_limit as u128, " |"),
        claim(f, "| search nodes per solve/count | ", s.max_nodes, " (a bound on top"),
        claim(
            f,
            "| time per `solve`, `count`, `generate`, `rate`, `hint`, `explain`, `print` | ",
            s.time_budget.as_secs(),
            " s",
        ),
        claim(f, "| puzzles per `print` | ", s.max_print as u128, ";"),
        claim(f, "`level` at most ", sudokit_server::api::print::MAX_TITLE as u128, " characters"),
        claim(f, "one per core / ", per_worker, " per core"),
        // The runner holds the chunk being read, `CHANNEL_CHUNKS` waiting
        // and one being answered.
        claim(f, "memory flat: at most ", (CHANNEL_CHUNKS + 2) as u128, " chunks"),
        claim(f, "chunks (", mib(BLOCK_BYTES), " MiB of `line` input each"),
        claim(f, "input each, else ", CHUNK_RECORDS as u128, " puzzles)"),
        claim(f, "Lines longer than ", mib(sudokit::format::MAX_LINE), " MiB are errors"),
        claim(f, "no line end within ", mib(sudokit::format::MAX_SKIPPED_LINE), " MiB"),
    ];
    claims.extend(connection_limits(&s).map(|(value, _, words)| stated(f, value, words)));
    check(&claims);
}

#[test]
fn the_checker_catches_a_wrong_number() {
    assert_eq!(number("2,000,000 search"), Some((2_000_000, " search")));
    assert_eq!(number("2^20 cells"), Some((1 << 20, " cells")));
    assert_eq!(number("64, then"), Some((64, ", then")));
    let result = std::panic::catch_unwind(|| {
        check(&[claim("SECURITY.md", "Boards up to ", 63u8, "x64")]);
    });
    assert!(result.is_err(), "a wrong value passed");
    let result = std::panic::catch_unwind(|| {
        check(&[claim("SECURITY.md", "words that are nowhere ", 1u8, "")]);
    });
    assert!(result.is_err(), "a missing claim passed");
}
