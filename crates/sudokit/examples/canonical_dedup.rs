//! Drops the puzzles that are equivalent to an earlier one: two puzzles are
//! equivalent when a relabelling of the digits and a symmetry of the board
//! (band, stack, row and column swaps, transposition) turn one into the
//! other, which is when their canonical forms are equal.
//!
//! ```sh
//! cargo run --release -p sudokit --example canonical_dedup -- data/top1465.txt
//! ```
//!
//! Reads the file named (or standard input) in any format `sudokit::format`
//! reads, prints the first puzzle of each class in line format, and ends with
//! a count on standard error.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::process::ExitCode;

use sudokit::format::{self, ReadOptions, Reader};
use sudokit::transform::canonical_form;

fn main() -> ExitCode {
    let input: Box<dyn BufRead> = match std::env::args().nth(1) {
        Some(path) => match File::open(&path) {
            Ok(file) => Box::new(BufReader::new(file)),
            Err(e) => {
                eprintln!("error: {path}: {e}");
                return ExitCode::from(2);
            }
        },
        None => Box::new(io::stdin().lock()),
    };
    let mut seen = HashSet::new();
    let (mut read, mut kept) = (0usize, 0usize);
    for record in Reader::new(input, ReadOptions::new()) {
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        read += 1;
        let canonical = match canonical_form(&record.grid) {
            Ok(form) => form,
            Err(e) => {
                eprintln!("error: line {}: {e}", record.line);
                return ExitCode::from(2);
            }
        };
        if seen.insert(canonical) {
            kept += 1;
            println!("{}", format::to_line(&record.grid));
        }
    }
    eprintln!("{kept} of {read} puzzles kept ({} equivalent dropped)", read - kept);
    ExitCode::SUCCESS
}
