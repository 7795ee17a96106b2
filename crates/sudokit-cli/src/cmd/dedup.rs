//! `sudokit dedup`: drop puzzles equivalent to an earlier one, streaming.
//!
//! The input is read a chunk at a time; the chunk's canonical forms are
//! computed in parallel, then filtered sequentially against the set of
//! forms seen so far, and the new puzzles are written in input order. Only
//! that set stays in memory. This command keeps its own loop rather than the
//! shared batch runner because the filter is order-dependent state.
//!
//! Stopping (Ctrl-C, a closed standard output; see `stop.rs`): forms not
//! yet started are skipped, and the new puzzles before the first skipped
//! one are written whole.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufReader, Read};

use anyhow::{Context, Result, bail};
use rayon::prelude::*;
use sudokit::format::{ReadError, Reader, Record};
use sudokit::transform::canonical_form;

use crate::args::DedupArgs;
use crate::batch::Status;
use crate::stop::{self, Output, Stopped};
use crate::{output, sink};

/// Puzzles per chunk.
const CHUNK: usize = 4096;
/// Most per-puzzle messages written to stderr.
const MAX_MESSAGES: usize = 10;

pub fn run(args: DedupArgs) -> Result<Status> {
    stop::install(Output::Stdout);
    let options = args.input.read_options()?;
    let pool = args.run.pool()?;
    let mut seen: HashSet<Box<[u8]>> = HashSet::new();
    let (mut status, mut puzzles, mut messages) = (Status::Ok, 0u64, 0usize);
    let files: Vec<Option<&std::path::Path>> = if args.input.files.is_empty() {
        vec![None]
    } else {
        args.input.files.iter().map(|p| (p.as_os_str() != "-").then_some(p.as_path())).collect()
    };
    for file in files {
        let name = file.map_or("<stdin>".to_string(), |p| p.display().to_string());
        let source: Box<dyn Read> = match file {
            None => Box::new(io::stdin().lock()),
            Some(p) => Box::new(File::open(p).with_context(|| format!("cannot open {name}"))?),
        };
        let mut reader = Reader::new(BufReader::with_capacity(1 << 16, source), options);
        loop {
            let mut chunk: Vec<Result<Record, ReadError>> = Vec::with_capacity(CHUNK);
            let mut io_error = None;
            while chunk.len() < CHUNK {
                match reader.next() {
                    None => break,
                    Some(Err(ReadError::Io(e))) => {
                        io_error = Some(e);
                        break;
                    }
                    Some(item) => chunk.push(item),
                }
            }
            if chunk.is_empty() && io_error.is_none() {
                break;
            }
            // `None`: skipped after a stop.
            let forms: Vec<Option<Result<Box<[u8]>, String>>> = pool.install(|| {
                chunk
                    .par_iter()
                    .map(|item| {
                        (!stop::requested()).then(|| match item {
                            Ok(rec) => canonical_form(&rec.grid)
                                .map(|g| g.values().into())
                                .map_err(|e| format!("line {}: {e}", rec.line)),
                            Err(e) => Err(e.to_string()),
                        })
                    })
                    .collect()
            });
            for (item, form) in chunk.iter().zip(forms) {
                let Some(form) = form else {
                    sink::flush()?;
                    return Err(Stopped::now());
                };
                match (item, form) {
                    (Ok(rec), Ok(form)) => {
                        if seen.insert(form) {
                            let mut line = output::line(&rec.grid);
                            if let Some(c) = &rec.comment {
                                line.push(' ');
                                line.push_str(c);
                            }
                            line.push('\n');
                            sink::write(line.as_bytes(), 1)?;
                        }
                    }
                    (_, Err(msg)) => {
                        status = Status::Input;
                        messages += 1;
                        if messages <= MAX_MESSAGES {
                            eprintln!("sudokit: {name}: {msg}");
                        }
                    }
                    (Err(_), Ok(_)) => unreachable!("unreadable records have no form"),
                }
            }
            puzzles += chunk.len() as u64;
            sink::flush()?;
            if stop::requested() {
                return Err(Stopped::now());
            }
            if let Some(e) = io_error {
                return Err(anyhow::Error::new(e).context(format!("cannot read {name}")));
            }
        }
    }
    if puzzles == 0 {
        bail!("no puzzles found in the input (empty input, or only comments and blank lines)");
    }
    if messages > MAX_MESSAGES {
        eprintln!("sudokit: {} more messages not shown", messages - MAX_MESSAGES);
    }
    Ok(status)
}
