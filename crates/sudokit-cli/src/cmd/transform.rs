//! `sudokit transform`: named transformations or a random equivalent.

use anyhow::{Context, Result};
use sudokit::format::{to_fpuzzles, to_sudokupad};
use sudokit::transform::{Op, Transform};
use sudokit::wire::{Error, ErrorAnswer, TransformAnswer};

use crate::args::{OutFormat, TransformArgs};
use crate::batch::{self, Item, RULES_LINE, Status};
use crate::output;

pub fn run(args: TransformArgs) -> Result<Status> {
    // Operation names are checked before any input is read; whether an
    // operation fits a puzzle's shape is checked per puzzle.
    let mut ops: Vec<Op> = Vec::new();
    for text in &args.ops {
        ops.extend(Op::parse_list(text).with_context(|| format!("--op {text:?}"))?);
    }
    let (random, seed, format) = (args.random, args.seed, args.format);
    let json = format == OutFormat::Json;
    batch::run_indexed(&args.input, args.run, json, |_, index, rec| {
        let shape = rec.grid.shape();
        let transform = if random {
            Ok(Transform::random_keeping(rec.grid.rules(), record_seed(seed, index)))
        } else {
            Transform::from_ops(shape, &ops)
        };
        match transform.and_then(|t| t.try_apply(&rec.grid)) {
            Ok(out_grid) => {
                let out = match format.text_format(rec.format) {
                    None if format == OutFormat::Fpuzzles => match to_fpuzzles(&out_grid) {
                        Ok(board) => board + "\n",
                        Err(e) => return error_item(rec.line, &e.to_string(), false),
                    },
                    None if format == OutFormat::Sudokupad => to_sudokupad(&out_grid) + "\n",
                    None => {
                        let mut answer = TransformAnswer::new(&rec.grid, &out_grid);
                        answer.subject.line = Some(rec.line);
                        output::json_line(&answer)
                    }
                    // The moved rules before the puzzle, as generate
                    // writes them, so the output reads back as it is.
                    Some(f) if !out_grid.rules().is_classic() => {
                        format!("{RULES_LINE} {}\n{}", out_grid.rules(), output::text(&out_grid, f))
                    }
                    Some(f) => output::text(&out_grid, f),
                };
                Item { out, message: None, status: Status::Ok }
            }
            Err(e) => error_item(rec.line, &e.to_string(), json),
        }
    })
}

/// The seed of the random transform of the record at global `index`
/// (0-based over the whole input, see `batch::run_indexed`): a function of
/// `--seed` and the index only, so the output is the same for every
/// `--jobs`, and comments or blank lines in the input do not change it.
/// Seeds of neighbouring indices are spread by one SplitMix64 step so that
/// `--seed S` at index `i + 1` and `--seed S + 1` at index `i` differ.
pub fn record_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(index);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// An error line (or JSON object) for one puzzle whose shape the operation
/// does not fit, with exit status 2.
pub fn error_item(line: usize, text: &str, json: bool) -> Item {
    let out = if json {
        let mut answer = ErrorAnswer::from(Error::new("unsupported", text));
        answer.line = Some(line);
        output::json_line(&answer)
    } else {
        format!("error: {text}\n")
    };
    Item { out, message: Some(format!("line {line}: {text}")), status: Status::Input }
}
