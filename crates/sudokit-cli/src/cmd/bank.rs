//! `sudokit bank fill` and `sudokit bank stats`: the puzzle bank (the
//! `sudokit-bank` crate) from the command line.

use std::path::PathBuf;

use anyhow::Result;
#[cfg(feature = "bank")]
use anyhow::bail;
use clap::{Args, Subcommand, ValueEnum};
use sudokit::Rules;
use sudokit::generate::Symmetry;
use sudokit::logic::{Level, Technique};

use crate::batch::Status;

pub const HELP: &str = "\
A bank is an SQLite file of rated puzzles, each with its solution, rating (ER/EP/ED), level,
the techniques of its logical path, symmetry, canonical form and the seed and index that make
it again. `sudokit serve --bank FILE` answers generate requests from it at once. The schema is
described in docs/bank.md.

Examples:
  sudokit bank fill --db bank.sqlite --size 9 --difficulty evil -n 10000
  sudokit bank fill --db bank.sqlite --box 2x3 --difficulty hard -n 500 --seed 7
  sudokit bank fill --db bank.sqlite --needs x-wing -n 1000
  sudokit bank fill --db bank.sqlite --hardest swordfish --difficulty hard -n 200
  sudokit bank stats --db bank.sqlite --format json";

const FILL_HELP: &str = "\
Generates puzzles of one size (or box shape, or rules) and level until the bank holds N of
them. With --needs T[,T...] (the logical path uses each technique) or --hardest T (the hardest
step is T), with or without --difficulty, until it holds N puzzles meeting all of them, as
`sudokit generate` means these flags; every stored puzzle that meets them counts, whichever
fill stored it. Item i is `sudokit generate --seed S` item i (the same options); items are made in
parallel and stored in order of index, a chunk per transaction, with the fill's place. So a
fill stopped by Ctrl-C, a crash or kill -9 keeps what it committed, and running it again with
the same --seed continues where it stopped: the bank ends with exactly the puzzles one
uninterrupted run would have stored. A puzzle equivalent to a stored one (same canonical form)
is skipped, whichever fill stored it. Several fills, and servers, may use one bank at once.

Exit status: 0 when the bank holds N puzzles of the level; 2 on an error (the message names
the file), or when the board has too few distinct puzzles of the level for N.";

/// `sudokit bank`.
#[derive(Debug, Args)]
pub struct BankArgs {
    #[command(subcommand)]
    pub command: BankCommand,
}

#[derive(Debug, Subcommand)]
pub enum BankCommand {
    /// Generate puzzles into a bank until it holds N of a level (parallel, resumable).
    #[command(after_help = FILL_HELP)]
    Fill(FillArgs),
    /// How many puzzles a bank holds, by size, rules and level.
    Stats(StatsArgs),
}

/// `sudokit bank fill`.
#[derive(Debug, Args)]
pub struct FillArgs {
    /// The bank file (created when missing).
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// Board size N (9 by default; boxes closest to square).
    #[arg(long, default_value_t = 9, value_name = "N")]
    pub size: usize,
    /// Box shape ROWSxCOLS instead of --size, e.g. 2x3.
    #[arg(long = "box", value_name = "RxC", conflicts_with = "size")]
    pub box_shape: Option<String>,
    /// Rules instead of --size/--box, e.g. 9+x (as for `generate`).
    #[arg(long, value_name = "RULES", value_parser = |s: &str| s.parse::<Rules>(),
        conflicts_with_all = ["size", "box_shape"])]
    pub rules: Option<Rules>,
    /// The level: easy, medium, hard, expert, evil (required without --needs and --hardest).
    #[arg(long, value_parser = |s: &str| s.parse::<Level>(),
        required_unless_present_any = ["needs", "hardest"])]
    pub difficulty: Option<Level>,
    /// Techniques the logical path must use, comma-separated (e.g. x-wing,swordfish), as for
    /// `generate --needs`.
    #[arg(long, value_name = "T[,T...]", value_delimiter = ',',
        value_parser = crate::args::technique)]
    pub needs: Vec<Technique>,
    /// The technique of the hardest step (e.g. xy-wing), as for `generate --hardest`.
    #[arg(long, value_name = "T", value_parser = crate::args::technique)]
    pub hardest: Option<Technique>,
    /// How many puzzles of the level the bank should hold.
    #[arg(long = "count", short = 'n', value_name = "N")]
    pub count: usize,
    /// The fill's seed: the same seed continues the same fill.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Clue symmetry (as for `generate`).
    #[arg(long, default_value = "none", value_parser = |s: &str| s.parse::<Symmetry>())]
    pub symmetry: Symmetry,
    /// Threads generating at once (default: all cores); the puzzles stored do not depend on it.
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::args::jobs)]
    pub jobs: Option<usize>,
    /// Never draw a progress bar (one is drawn on stderr only when it is a terminal).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// `sudokit bank stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The bank file (read only).
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t = StatsFormat::Text)]
    pub format: StatsFormat,
}

/// Output formats of `bank stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// A table: size, box, rules, level, puzzles.
    Text,
    /// One JSON object: the file, its schema version and the counts.
    Json,
}

#[cfg(not(feature = "bank"))]
pub fn run(_: BankArgs) -> Result<Status> {
    Err(super::not_built("bank", "`sudokit bank`"))
}

#[cfg(feature = "bank")]
pub fn run(args: BankArgs) -> Result<Status> {
    match args.command {
        BankCommand::Fill(a) => fill(a),
        BankCommand::Stats(a) => stats(a),
    }
}

#[cfg(feature = "bank")]
fn fill(args: FillArgs) -> Result<Status> {
    use std::io::IsTerminal;

    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use sudokit_bank::{Bank, Fill, Target};

    use crate::stop::{self, Output};

    if args.count == 0 {
        bail!("--count must be at least 1");
    }
    let jobs =
        args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let rules = match &args.rules {
        Some(rules) => rules.clone(),
        None => Rules::classic(match &args.box_shape {
            Some(b) => crate::args::box_shape(b)?,
            None => crate::args::board_size(args.size)?,
        }),
    };
    stop::install(Output::Files);
    let mut bank = Bank::open(&args.db)?;
    let target = Target::new(args.difficulty, &args.needs, args.hardest);
    for t in target.get_needs().iter().chain(&target.get_hardest()) {
        if let Err(why) = sudokit::generate::technique_occurs(*t, &rules) {
            bail!("{} cannot be filled on {rules}: {why}", t.name());
        }
    }
    let plan = Fill::of(rules.clone(), target.clone(), args.seed, args.count)
        .symmetry(args.symmetry)
        .jobs(jobs);
    let held = bank.count(&rules.to_string(), target.clone())?;
    let bar = ProgressBar::with_draw_target(Some(args.count as u64), ProgressDrawTarget::hidden())
        .with_style(
            ProgressStyle::with_template("bank fill [{bar:30}] {pos}/{len} ({per_sec}, eta {eta})")
                .expect("valid template")
                .progress_chars("=> "),
        );
    if !args.quiet && std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
    }
    bar.set_position(held.min(args.count) as u64);
    bar.reset_eta();
    let done = sudokit_bank::fill(
        &mut bank,
        &plan,
        &mut |p| bar.set_position(p.held.min(p.target) as u64),
        &stop::requested,
    );
    bar.finish_and_clear();
    let done = done?;
    println!(
        "{}: {} {target} of {rules} (target {}); this run stored {}, skipped {} repeats \
         and {} failed items; seed {} continues at index {}",
        args.db.display(),
        done.held,
        done.target,
        done.added,
        done.duplicates,
        done.failed,
        args.seed,
        done.next_index
    );
    if done.held < done.target {
        // Stopped by Ctrl-C between chunks.
        let note = "what was committed is kept; run the same fill again to continue";
        return Err(stop::Stopped::with_note(Some(note)).into());
    }
    Ok(Status::Ok)
}

#[cfg(feature = "bank")]
fn stats(args: StatsArgs) -> Result<Status> {
    use sudokit_bank::Bank;

    let bank = Bank::open_read_only(&args.db)?;
    let counts = bank.counts()?;
    let total: usize = counts.iter().map(|c| c.puzzles).sum();
    match args.format {
        StatsFormat::Json => {
            let rows: Vec<serde_json::Value> = counts
                .iter()
                .map(|c| {
                    serde_json::json!({
                        "size": c.size,
                        "box": format!("{}x{}", c.box_rows, c.box_cols),
                        "rules": c.rules,
                        "level": c.level,
                        "puzzles": c.puzzles,
                    })
                })
                .collect();
            let doc = serde_json::json!({
                "bank": args.db.display().to_string(),
                "version": bank.opened_at_version(),
                "total": total,
                "counts": rows,
            });
            println!("{doc}");
        }
        StatsFormat::Text => {
            println!(
                "{:>4}  {:<5}  {:<12}  {:<6}  {:>8}",
                "size", "box", "rules", "level", "puzzles"
            );
            for c in &counts {
                println!(
                    "{:>4}  {:<5}  {:<12}  {:<6}  {:>8}",
                    c.size,
                    format!("{}x{}", c.box_rows, c.box_cols),
                    c.rules,
                    c.level,
                    c.puzzles
                );
            }
            println!("{:>4}  {:<5}  {:<12}  {:<6}  {:>8}", "", "", "total", "", total);
        }
    }
    Ok(Status::Ok)
}
