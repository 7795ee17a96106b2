//! `sudokit generate`: puzzles (or full grids) in batches, in parallel,
//! reproducibly.
//!
//! Item `i` of a run depends only on `(--seed, i)` and the options, never on
//! the thread that made it, so every `--jobs` gives the same bytes. Indices
//! are made in chunks on the pool and written in order; an item equal to an
//! earlier one (or, with `--distinct`, equivalent to one) is skipped and the
//! next index takes its place, so the output is "the first `n` new items in
//! index order". Only 128-bit fingerprints of the items seen are kept.
//!
//! Whole or error: the first item that fails (its time limit passed, or
//! its target was not reached) ends the run after the items before it,
//! with a message (and an error record in JSON) saying how many were
//! finished, and exit status 1. Items never depend on the clock, so the
//! output is always a prefix of the unhurried run's.
//!
//! Items are made in rounds on the pool, each round written in order as
//! soon as it is done; the first rounds are small (one item a thread) so
//! output starts at once even when an item takes seconds, later ones grow
//! to [`CHUNK`].
//!
//! Stopping (Ctrl-C, a closed standard output; see `stop.rs`): every
//! search watches the stop flag, items not yet started are skipped, an item
//! that ended after the flag was set is dropped (it may have been cut
//! short), the items before the first missing one are written whole, and
//! the run ends (130 after Ctrl-C). A printed book (`--format
//! pdf|svg|png`) is not written at all then: its file, if one exists, is
//! left as it was.

use std::collections::HashSet;
use std::fs;
use std::hash::BuildHasher;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use sudokit::format::{self, Format, ReadOptions, Reader};
use sudokit::format::{to_fpuzzles, to_fpuzzles_solved, to_sudokupad, to_sudokupad_solved};
use sudokit::generate::{
    ClueRange, Extras, GenerateError, Generated, Generator, LineRules, MakeRules, Options,
    from_catalogue,
};
use sudokit::logic::{Rating, RatingRange};
use sudokit::transform::canonical_form;
use sudokit::wire::{Error, ErrorAnswer, GeneratedItem};
use sudokit::{Grid, Rules, Shape};
#[cfg(feature = "print")]
use sudokit_print::PrintItem;

use crate::args::{GenFormat, GenerateArgs, board_size, box_shape};
use crate::batch::Status;
#[cfg(feature = "print")]
use crate::cmd::print;
use crate::stop::{self, Output, Stopped};
use crate::{output, sink};

/// Items made per round on the pool: enough to keep every thread busy,
/// small enough that output starts at once and memory stays flat.
const CHUNK: u64 = 1024;

pub fn run(mut args: GenerateArgs) -> Result<Status> {
    args.resolve_format()?;
    let made = rules_of(&args)?;
    let shape = made.rules.shape();
    let print_format = args.format.print_format();
    let to_stdout = print_format.is_none() || args.out.as_deref() == Some(Path::new("-"));
    stop::install(if to_stdout { Output::Stdout } else { Output::Files });
    let options = options(&args, made)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let generator = Generator::new(options, seed).map_err(|e| anyhow::anyhow!("{e}"))?;
    let catalogue = match &args.catalogue {
        Some(path) => Some(load_catalogue(path, shape)?),
        None => None,
    };
    if catalogue.is_none()
        && shape == Shape::CLASSIC
        && generator.options().get_rules().is_classic()
        && generator.options().get_clues().is_some_and(|r| r.max() == 17)
    {
        eprintln!(
            "sudokit: note: 17-clue puzzles are extremely rare; a search is unlikely to find one \
             in time. Pass --catalogue 17-clue.txt (every known 17-clue puzzle) to sample one."
        );
    }
    match (print_format, &args.out) {
        #[cfg(not(feature = "print"))]
        (Some(_), _) => return Err(super::not_built("print", "a printable --format")),
        #[cfg(feature = "print")]
        (Some(format), Some(out)) => {
            if args.count > print::MAX_PUZZLES as u64 {
                bail!(
                    "a printed book holds at most {} puzzles; ask for fewer with -n",
                    print::MAX_PUZZLES
                );
            }
            print::refuse_terminal(format, out)?;
            if !args.force && out.as_os_str() != "-" && out.exists() {
                bail!(
                    "{} already exists; refusing to replace it (use --force, or another --out)",
                    out.display()
                );
            }
        }
        #[cfg(feature = "print")]
        (Some(_), None) => bail!(
            "--format {}: name the output file with --out (or '-' for standard output)",
            format!("{:?}", args.format).to_lowercase()
        ),
        (None, Some(out)) => bail!(
            "--out {:?}: --out is for the printable formats (a name ending in .pdf, .svg or .png, \
             or --format pdf, svg or png); text formats go to standard output",
            out.display().to_string()
        ),
        (None, None) => {}
    }
    #[cfg(feature = "print")]
    let mut printed: Vec<PrintItem> = Vec::new();
    let pool = args.run.pool()?;
    let started = Instant::now();
    let progress = progress_bar(!args.run.quiet && io::stderr().is_terminal(), args.count);
    if args.format == GenFormat::Csv {
        let solution = if args.with_solution && !args.filled { ",solution" } else { "" };
        let rated =
            rating_target(&args).is_some() || !args.needs.is_empty() || args.hardest.is_some();
        let rating = if rated { ",rating,level" } else { "" };
        let what = if args.filled { "grid" } else { "puzzle" };
        sink::write(format!("index,seed,clues,{what}{solution}{rating}\n").as_bytes(), 0)?;
    }
    // How line output names the rules: the same for every item (--filled
    // goes without --variant, so full grids draw nothing either way).
    let lines = LineRules::of(generator.options());
    let header = lines.header(generator.options().get_rules());
    if let (GenFormat::Line, Some(header)) = (args.format, header) {
        // A puzzle line cannot name its rules: a comment line before the
        // items does (line readers skip it, and solve, count, validate and
        // rate read the rules from it, and the killer lines below it as
        // killer lines).
        sink::write(header.as_bytes(), 0)?;
    }
    let no_book = print_format.map(|_| "no book written");
    let mut round = pool.current_num_threads() as u64;
    let mut item_text = Vec::new();
    let fingerprints = std::hash::RandomState::new();
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    let (mut written, mut next) = (0u64, 0u64);
    // A shape with few distinct puzzles (4x4) could otherwise loop for ever.
    let max_tries = args.count.saturating_mul(20).saturating_add(10_000);
    while written < args.count {
        if next >= max_tries && !args.allow_duplicates {
            bail!(
                "only {written} different items in {next} tries: this shape has few distinct \
                 {}; ask for fewer or pass --allow-duplicates",
                if args.filled { "grids" } else { "puzzles" }
            );
        }
        let want = (args.count - written).min(round);
        round = (round * 2).min(CHUNK);
        let indices = next..next + want;
        next += want;
        // `None`: skipped, or ended after the stop flag was set.
        let made: Vec<Option<Result<Made, (u64, GenerateError)>>> = pool.install(|| {
            indices
                .into_par_iter()
                .map(|i| {
                    if stop::requested() {
                        return None;
                    }
                    let item =
                        make(&generator, catalogue.as_deref(), args.filled, i).map_err(|e| (i, e));
                    (!stop::requested()).then_some(item)
                })
                .collect()
        });
        for item in made {
            let Some(item) = item else { break };
            let item = match item {
                Ok(item) => item,
                Err((index, e)) => {
                    if matches!(e, GenerateError::Impossible { .. } | GenerateError::Fill(_)) {
                        bail!("{e}");
                    }
                    progress.finish_and_clear();
                    return failed(&args, seed, written, index, &e, started.elapsed());
                }
            };
            if !args.allow_duplicates {
                let key = if args.distinct {
                    canonical_form(&item.puzzle).map_err(|e| anyhow::anyhow!("--distinct: {e}"))?
                } else {
                    item.puzzle.clone()
                };
                // Drawn constraints make puzzles with the same givens differ.
                let print = format!("{} {}", format::to_line(&key), key.rules());
                let fp = (fingerprints.hash_one(&print), fingerprints.hash_one((&print, 1u8)));
                if !seen.insert(fp) {
                    continue;
                }
            }
            if print_format.is_some() {
                // Without the `print` feature a printable format ended the run above.
                #[cfg(feature = "print")]
                printed.push(print_item(item, seed, printed.len() as u64 + 1));
            } else {
                item_text.clear();
                write_item(&mut item_text, &args, seed, lines, &item)?;
                sink::write(&item_text, 1)?;
            }
            written += 1;
            progress.set_position(written);
            if written == args.count {
                break;
            }
        }
        sink::flush()?;
        if stop::requested() {
            progress.finish_and_clear();
            return Err(Stopped::with_note(no_book).into());
        }
    }
    progress.finish_and_clear();
    #[cfg(feature = "print")]
    if let (Some(format), Some(path)) = (print_format, &args.out) {
        if printed.is_empty() {
            bail!("no puzzle was made, so there is nothing to print");
        }
        let solutions = args.with_solution && !args.filled;
        let options = print::print_options(&args.pages, solutions, format)?;
        let book = print::book(&printed, &options, |e| anyhow::anyhow!("{e}"))?;
        print::write_book(&book, &options, format, path, args.force, args.pages.dpi)?;
    }
    Ok(Status::Ok)
}

/// Ends the run at item `index`, which failed with `e` after `written`
/// items were written: every item is whole or absent, so the output stays
/// the first `written` items of the full run, followed by an error record
/// (JSON) and a message saying how many were finished; exit status 1. A
/// printed book is not written at all.
fn failed(
    args: &GenerateArgs,
    seed: u64,
    written: u64,
    index: u64,
    e: &GenerateError,
    elapsed: Duration,
) -> Result<Status> {
    let code = match e {
        GenerateError::OutOfTime { .. }
        | GenerateError::TargetNotReached { .. }
        | GenerateError::CatalogueTargetNotReached { .. } => "budget_exceeded",
        _ => "not_reached",
    };
    if args.format == GenFormat::Json {
        let mut record = ErrorAnswer::from(Error::new(code, e.to_string()));
        record.index = Some(index);
        record.seed = Some(seed);
        sink::write(output::json_line(&record).as_bytes(), 1)?;
    }
    sink::flush()?;
    eprintln!("sudokit: item {index}: {e}");
    let book = if args.format.print_format().is_some() { "; no book written" } else { "" };
    // The measured rate, so a request that cannot be met in its budget says
    // how far off it was.
    let secs = elapsed.as_secs_f64();
    eprintln!(
        "sudokit: {written} of {} items finished in {secs:.1} s ({:.2} items/s); stopped at the \
         first that failed{book}",
        args.count,
        written as f64 / secs.max(1e-3)
    );
    Ok(Status::Answer)
}

/// One generated item: a puzzle and its solution, or a full grid (both the
/// same grid).
struct Made {
    index: u64,
    puzzle: Grid,
    solution: Grid,
    /// The rating, when a rating target was asked for.
    rating: Option<Rating>,
    /// Whether it was drawn from a catalogue rather than carved.
    from_catalogue: bool,
}

fn make(
    generator: &Generator,
    catalogue: Option<&[Grid]>,
    filled: bool,
    index: u64,
) -> Result<Made, GenerateError> {
    if filled {
        let grid = generator.grid(index)?;
        let solution = grid.clone();
        return Ok(Made { index, puzzle: grid, solution, rating: None, from_catalogue: false });
    }
    if let Some(entries) = catalogue {
        let puzzle = from_catalogue(entries, &mut generator.rng(index))
            .expect("the catalogue was checked to be non-empty");
        let solution = puzzle.some_solution().expect("catalogue entries were checked to be unique");
        return Ok(Made { index, puzzle, solution, rating: None, from_catalogue: true });
    }
    let Generated { puzzle, solution, index, rating, .. } = generator.puzzle(index)?;
    let from_catalogue = generator.options().draws_from_catalogue();
    Ok(Made { index, puzzle, solution, rating, from_catalogue })
}

/// A generated item as a numbered puzzle of a printed book; the caption
/// gives the level, rating and the run's seed.
#[cfg(feature = "print")]
fn print_item(item: Made, seed: u64, number: u64) -> PrintItem {
    PrintItem {
        solution: Some(item.solution),
        level: item.rating.map(|r| r.level.name().to_string()),
        rating: item.rating.map(|r| r.er.to_string()),
        seed: Some(seed),
        ..PrintItem::new(item.puzzle, number)
    }
}

fn write_item(
    out: &mut impl Write,
    args: &GenerateArgs,
    seed: u64,
    lines: LineRules,
    item: &Made,
) -> Result<()> {
    let puzzle = output::line(&item.puzzle);
    let clues = item.puzzle.clue_count();
    let text_format = match args.format {
        GenFormat::Pdf | GenFormat::Svg | GenFormat::Png => {
            unreachable!("printable formats are collected into a book, not written per item")
        }
        GenFormat::Json => {
            let (method, symmetry) = (args.method, args.symmetry);
            let mut json = if args.filled {
                GeneratedItem::filled(item.index, seed, &item.puzzle, method, symmetry)
            } else {
                GeneratedItem::new(item.index, seed, &item.puzzle, method, symmetry)
            };
            if !args.filled && args.with_solution {
                json = json.with_solution(&item.solution);
            }
            json = json.with_rating(item.rating.as_ref());
            if item.from_catalogue {
                json = json.from_catalogue();
            }
            out.write_all(output::json_line(&json).as_bytes())?;
            return Ok(());
        }
        GenFormat::Fpuzzles => {
            let board = if args.with_solution && !args.filled {
                to_fpuzzles_solved(&item.puzzle, &item.solution)
            } else {
                to_fpuzzles(&item.puzzle)
            };
            let board = board.with_context(|| format!("item {}: --format fpuzzles", item.index))?;
            writeln!(out, "{board}")?;
            return Ok(());
        }
        GenFormat::Sudokupad => {
            let link = if args.with_solution && !args.filled {
                to_sudokupad_solved(&item.puzzle, &item.solution)
                    .with_context(|| format!("item {}: --format sudokupad", item.index))?
            } else {
                to_sudokupad(&item.puzzle)
            };
            writeln!(out, "{link}")?;
            return Ok(());
        }
        GenFormat::Csv => {
            write!(out, "{},{seed},{clues},{puzzle}", item.index)?;
            if args.with_solution && !args.filled {
                write!(out, ",{}", output::line(&item.solution))?;
            }
            if let Some(r) = item.rating {
                write!(out, ",{},{}", r.er, r.level)?;
            }
            writeln!(out)?;
            return Ok(());
        }
        GenFormat::Line => Format::Line,
        GenFormat::Tokens => Format::Tokens,
        GenFormat::Grid => Format::Grid,
        GenFormat::Sdk => Format::Sdk,
        GenFormat::Ss => Format::Ss,
    };
    if text_format == Format::Line {
        let solution = (args.with_solution && !args.filled).then_some(&item.solution);
        let text = lines.item(&item.puzzle, solution).context(
            "this puzzle has more than 52 cages, more than a killer line can letter; use --format json",
        )?;
        out.write_all(text.as_bytes())?;
    } else {
        out.write_all(output::text(&item.puzzle, text_format).as_bytes())?;
        if args.with_solution && !args.filled {
            out.write_all(output::text(&item.solution, text_format).as_bytes())?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The rules of `--rules`, or the classic rules of `--box` or `--size`,
/// with the rules `--variant` names, and whether each puzzle draws its own
/// jigsaw regions (`--rules N+jigsaw`, or `--variant jigsaw` without a
/// region map in `--rules`).
fn rules_of(args: &GenerateArgs) -> Result<MakeRules> {
    let made = match &args.rules {
        Some(made) => made.clone(),
        None => MakeRules::from(Rules::classic(match &args.box_shape {
            Some(b) => box_shape(b)?,
            None => board_size(args.size)?,
        })),
    };
    let Some(variants) = &args.variant else { return Ok(made) };
    made.with_variants(variants).map_err(|e| anyhow::anyhow!("--variant {variants}: {e}"))
}

/// The constraints `--variant` draws from each solution, with
/// `--killer-givens`.
fn extras_of(args: &GenerateArgs) -> Result<Extras> {
    let extras = args.variant.as_ref().map_or(Extras::none(), |v| v.extras());
    if !args.killer_givens {
        return Ok(extras);
    }
    extras.with_cage_givens().map_err(|e| anyhow::anyhow!("--killer-givens: {e}"))
}

fn options(args: &GenerateArgs, made: MakeRules) -> Result<Options> {
    let MakeRules { rules, random_regions } = made;
    let shape = rules.shape();
    let clues = match &args.clues {
        Some(text) => {
            Some(ClueRange::parse_for(text, shape).map_err(|e| anyhow::anyhow!("--clues: {e}"))?)
        }
        None => None,
    };
    let extras = extras_of(args)?;
    if args.format == GenFormat::Fpuzzles {
        // What the board's rules alone cannot be written as is refused
        // before any puzzle is made.
        let empty = Grid::from_values_with(rules.clone(), vec![0; shape.cell_count()])?;
        to_fpuzzles(&empty).context("--format fpuzzles")?;
    }
    if !extras.is_none() {
        let carried = matches!(
            args.format,
            GenFormat::Line
                | GenFormat::Json
                | GenFormat::Fpuzzles
                | GenFormat::Sudokupad
                | GenFormat::Pdf
                | GenFormat::Svg
                | GenFormat::Png
        );
        if !carried {
            bail!(
                "--format {}: this format cannot carry the cages, thermometers, dots or \
                 marks --variant draws; use --format line (with '# rules:' lines or killer \
                 lines), json, fpuzzles, sudokupad, or a printed one (pdf, svg, png)",
                format!("{:?}", args.format).to_lowercase()
            );
        }
    }
    let time_limit = match args.time_limit {
        t if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
        0.0 => None,
        t => bail!("--time-limit {t}: expected a number of seconds (0 for no limit)"),
    };
    if random_regions
        && matches!(
            args.format,
            GenFormat::Tokens | GenFormat::Grid | GenFormat::Sdk | GenFormat::Ss | GenFormat::Csv
        )
    {
        bail!(
            "--format {}: this format cannot carry each puzzle's jigsaw regions; use --format \
             line (a '# rules:' line before each puzzle), json, fpuzzles, sudokupad, or a \
             printed one",
            format!("{:?}", args.format).to_lowercase()
        );
    }
    Ok(Options::new(rules)
        .random_regions(random_regions)
        .extras(extras)
        .method(args.method)
        .symmetry(args.symmetry)
        .clues(clues)
        .minimal(args.minimal)
        .carving(args.carving)
        .time_limit(time_limit)
        // Every item also stops when the run must (Ctrl-C, a closed output).
        .deadline(stop::deadline())
        .rating(rating_target(args))
        .needs(&args.needs)
        .hardest(args.hardest))
}

/// The rating target of `--difficulty` or `--rating`.
fn rating_target(args: &GenerateArgs) -> Option<RatingRange> {
    args.rating.or(args.difficulty.map(RatingRange::from))
}

/// Reads a catalogue of puzzles (e.g. `17-clue.txt`), checking each is of
/// `shape` and unique, so sampling never returns a bad puzzle.
fn load_catalogue(path: &Path, shape: Shape) -> Result<Vec<Grid>> {
    let text = fs::read(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut entries = Vec::new();
    let options = ReadOptions::new().with_shape(shape);
    let limits = sudokit::solve::Limits::default().with_deadline(stop::deadline());
    let mut solver = sudokit::solve::Solver::with_limits(limits).with_house_crossings();
    for record in Reader::new(&text[..], options) {
        let record = record.with_context(|| format!("in {}", path.display()))?;
        let count = solver.count(&record.grid, 2);
        if stop::requested() {
            return Err(Stopped::now());
        }
        if count != sudokit::solve::Count::Found(1) {
            bail!(
                "{}: line {}: this catalogue entry does not have exactly one solution",
                path.display(),
                record.line
            );
        }
        entries.push(record.grid);
    }
    if entries.is_empty() {
        bail!("{}: the catalogue holds no puzzles", path.display());
    }
    Ok(entries)
}

/// A seed from the clock, for runs without `--seed`; JSON and CSV output
/// record it, so any item can be made again.
fn fresh_seed() -> u64 {
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    (now.as_nanos() as u64) ^ u64::from(std::process::id()).rotate_left(32)
}

fn progress_bar(visible: bool, total: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()).with_style(
        ProgressStyle::with_template("generate [{bar:30}] {pos}/{len} ({per_sec}, eta {eta})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    if visible && total > 1 {
        bar.set_draw_target(ProgressDrawTarget::stderr());
    }
    bar
}
