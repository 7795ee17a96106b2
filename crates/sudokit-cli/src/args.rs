//! Command-line flags (clap derive) and their conversion to engine options.
//!
//! Raw flags are validated here and turned into configured values
//! ([`InputArgs::read_options`]) before any command runs, so commands never
//! see an inconsistent combination.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use sudokit::format::{Format, ReadOptions};
use sudokit::generate::{Carving, MakeRules, Method, Symmetry};
use sudokit::logic::{Level, RatingRange, Technique};
use sudokit::variant::Variants;
use sudokit::{Shape, ShapeError};

/// `--version`: the version and the optional faces built in, so a user can
/// tell why `serve` or `print` is missing (`features: +serve -print`).
fn long_version() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        let features = [
            ("serve", cfg!(feature = "serve")),
            ("print", cfg!(feature = "print")),
            ("bank", cfg!(feature = "bank")),
        ];
        let features: Vec<String> = features
            .iter()
            .map(|(name, on)| format!("{}{name}", if *on { '+' } else { '-' }))
            .collect();
        format!("{}\nfeatures: {}", env!("CARGO_PKG_VERSION"), features.join(" "))
    })
}

const ABOUT: &str = "A Sudoku engine for every box shape up to 64x64: solve, count, validate, \
                     generate, rate, hint, explain, transform, canonicalize, deduplicate, print, \
                     serve, benchmark.";

const AFTER_HELP: &str = "\
Puzzles are read from the files given, or from standard input when there are none (or for '-').
One output line per input puzzle, in input order, whatever --jobs is.

Exit status: 0 success; 1 some puzzle has no solution, several solutions, or is invalid;
2 usage or input error (the message names the file, line, row, column and character).

Examples:
  sudokit solve puzzles.txt                 solve every puzzle, one solution per line
  echo '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' | sudokit solve
  sudokit count --limit 10 puzzles.txt      how many solutions (stops counting at 10)
  sudokit validate --format json grid.txt   which cells clash, as JSON
  sudokit bench data/top1465.txt  puzzles per second, single thread
  sudokit transform --op rot90 puzzles.txt  rotate every puzzle a quarter turn
  sudokit canon puzzles.txt                 the canonical (minlex) form of each puzzle
  sudokit dedup puzzles.txt                 drop puzzles equivalent to an earlier one
  sudokit print puzzles.txt -o book.pdf     a printable book, four puzzles per page
  sudokit rate puzzles.txt                  Sudoku Explainer rating ER/EP/ED, level, technique
  sudokit hint puzzle.txt                   the next step, explained
  sudokit explain puzzle.txt                every step of a logical solution
  sudokit bank fill --db b.sqlite --difficulty evil -n 1000   a bank of rated puzzles";

/// The `sudokit` command line.
#[derive(Debug, Parser)]
#[command(name = "sudokit", version, long_version = long_version(), about = ABOUT, after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles: print each unique solution, or an error line when there is none or several.
    #[command(after_help = with_variants(SOLVE_HELP))]
    Solve(SolveArgs),
    /// Count the solutions of each puzzle, up to --limit.
    #[command(after_help = with_variants(COUNT_HELP))]
    Count(CountArgs),
    /// Check grids against the rules: which cells clash, and whether a full grid is solved.
    #[command(after_help = with_variants(VALIDATE_HELP))]
    Validate(ValidateArgs),
    /// Measure solving speed: puzzles per second per file (counting solutions up to 2, one thread).
    #[command(after_help = BENCH_HELP, override_usage = BENCH_USAGE)]
    Bench(BenchArgs),
    /// Apply named transformations (rotations, mirrors, swaps, relabelling) or a random equivalent.
    #[command(after_help = TRANSFORM_HELP)]
    Transform(TransformArgs),
    /// Print the canonical form (minlex) of each puzzle, optionally with its automorphism count.
    #[command(after_help = CANON_HELP)]
    Canon(CanonArgs),
    /// Remove puzzles equivalent to an earlier one (same canonical form), streaming.
    #[command(after_help = DEDUP_HELP)]
    Dedup(DedupArgs),
    /// Generate puzzles with exactly one solution (or full grids), in parallel, reproducibly.
    #[command(after_help = GENERATE_HELP)]
    Generate(GenerateArgs),
    /// Print puzzles as a PDF book, or SVG or PNG pages, optionally with solutions at the back.
    #[command(after_help = with_variants(PRINT_HELP))]
    Print(PrintArgs),
    /// Rate puzzles on the Sudoku Explainer scale: ER/EP/ED, level, hardest technique.
    #[command(after_help = with_variants(RATE_HELP))]
    Rate(LogicArgs),
    /// The next step of each puzzle or pencil-mark grid, explained, with the cells to highlight.
    #[command(after_help = with_variants(HINT_HELP))]
    Hint(LogicArgs),
    /// The whole logical solving path, one step per line, and a summary of the techniques used.
    #[command(after_help = with_variants(EXPLAIN_HELP))]
    Explain(LogicArgs),
    /// Run the HTTP service: the JSON API under /api/v1 and the web page at /.
    #[command(after_help = crate::cmd::serve::HELP)]
    Serve(crate::cmd::serve::ServeArgs),
    /// A bank of rated puzzles in an SQLite file: fill it ahead of time, count what it holds.
    #[command(after_help = crate::cmd::bank::HELP)]
    Bank(crate::cmd::bank::BankArgs),
}

const GENERATE_HELP: &str = "\
Every puzzle has exactly one solution: clues are removed one at a time (or one symmetric orbit at
a time) and a removal is kept only when the puzzle stays unique. Without --clues a puzzle is
minimal: no clue can be removed (except --difficulty easy, carved while hidden singles solve it,
unless --minimal). Up to 12x12 uniqueness is proved by exact search; from
16x16 on by solvability with singles and locked candidates (--carving), which stays fast on large
boards and gives easier, less sparse puzzles. Above 9x9 non-consecutive puzzles carve by that
logic too, since their exact checks search slowly there.

Clue targets below what removal reaches (about 22-26 on 9x9) are searched for by hill climbing
under --time-limit. 16 or fewer clues on 9x9 is refused: no such puzzle exists (McGuire, Tugemann
and Civario, 2012). For 17 clues pass --catalogue with the known 17-clue list: a random entry under
a random equivalence transform is returned.

Full-grid methods (--method): backtrack (randomized search, every grid possible; the default),
shift (shifted-row pattern, then shuffled), rows (row by row, most constrained cell first, rarest
digit first, with rollback), digits (each digit box by box, with backtracking), solver (the exact
solver on an empty grid, relabelled: few distinct grids). A method that cannot serve a shape in
its search budget says so.

Technique targets: --needs T[,T...] asks for puzzles whose logical path (the rater's, which always
takes the easiest step next) uses every T at least once; --hardest T for puzzles whose hardest step
(the one ER comes from) is T. They are carved with the rater in the loop: clues go while the
techniques below T solve the puzzle, then while the rater, never trying anything above T's rating,
still solves it, until a removal forces T; a grid that misses is replaced by a new one. With
--difficulty or --rating the ER must also lie in the range. A technique that cannot occur on the
board (jellyfish on 4x4, chains above 16x16, finned fish, which are not on the rating path) is
refused at once, saying why. The nested chains (dynamic-forcing-chain-plus, 9.0, and up), which
carving does not reach, come from the built-in catalogue of the hardest known puzzles on classic
9x9, so with --symmetry none only: an entry whose path uses T, under a random transform, with
clues of its solution given back where its path stalls until T is the hardest step for --hardest;
their JSON method is 'catalogue'. No catalogue path uses the fifth level (11.0), so it is refused.
Names as `sudokit explain` prints them; case, spaces and '-' are
ignored: full-house, hidden-single-box, hidden-single-line, direct-pointing, direct-claiming,
direct-hidden-pair, naked-single, direct-hidden-triple, pointing, claiming, naked-pair, x-wing,
hidden-pair, naked-triple, swordfish, hidden-triple, xy-wing, xyz-wing, unique-rectangle,
naked-quad, jellyfish, hidden-quad, bug, aligned-pair-exclusion, aligned-triplet-exclusion,
bidirectional-x-cycle, bidirectional-y-cycle, forcing-x-chain, bidirectional-cycle, forcing-chain,
nishio-forcing-chain, multiple-forcing-chain, dynamic-forcing-chain, dynamic-forcing-chain-plus,
nested-forcing-chain-plus-forcing-chains, nested-forcing-chain-plus-multiple-forcing-chains,
nested-forcing-chain-plus-dynamic-forcing-chains,
nested-forcing-chain-plus-dynamic-forcing-chains-plus-forcing-chains.

Item i depends only on --seed and i, so --jobs never changes the output; without --seed a seed is
drawn from the clock (JSON and CSV output record it). Duplicates are skipped (--distinct also skips
puzzles equivalent under the symmetry group).

Examples:
  sudokit generate                                 one minimal 9x9 puzzle
  sudokit generate -n 1000 --seed 7 --jobs 2 > p.txt
  sudokit generate --difficulty hard --symmetry rot180 --with-solution
  sudokit generate --size 16 -n 5                  16x16 (boxes 4x4); --box 3x4 for 12x12 3x4
  sudokit generate --clues 21 --time-limit 120     a very low clue count, searched for
  sudokit generate --clues 17 --catalogue data/17-clue.txt
  sudokit generate --filled --method shift -n 10   full grids
  sudokit generate --rules 9+x -n 5                X-Sudoku (both diagonals are houses)
  sudokit generate --rules 9+jigsaw -n 5           jigsaw, random regions for each puzzle
  sudokit generate --variant killer -n 5           killer lines: cage map, sums (no givens)
  sudokit generate --variant x,thermo -n 5         each puzzle after its '# rules:' line
  sudokit generate --format json -n 3              one JSON object per line
  sudokit generate --variant killer --format fpuzzles --with-solution   boards for SudokuPad
  sudokit generate --needs x-wing,swordfish -n 5   every path uses an X-wing and a swordfish
  sudokit generate --hardest xy-wing --size 16     the hardest step is an XY-wing
  sudokit generate -n 12 --difficulty expert -o expert.pdf --with-solution   a PDF book
  sudokit generate -n 4 --format svg -o page.svg   the format may also be named";

/// `sudokit generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many items to make.
    #[arg(long = "count", short = 'n', default_value_t = 1, value_name = "N")]
    pub count: u64,
    /// Board size N (9 by default; boxes closest to square, e.g. 12 is 3x4; a prime N needs --box).
    #[arg(long, default_value_t = 9, value_name = "N")]
    pub size: usize,
    /// Box shape ROWSxCOLS instead of --size, e.g. 2x3 or 4x3.
    #[arg(long = "box", value_name = "RxC", conflicts_with = "size")]
    pub box_shape: Option<String>,
    /// Rules instead of --size/--box: the board and its extra houses, e.g.
    /// 9+x, 9+windoku, 9+anti-knight, 6+x+anti-king, 6+jigsaw=REGIONS (one
    /// region symbol per cell), or 9+jigsaw (random regions for each puzzle,
    /// boards of side 4 to 16; line output names each puzzle's rules).
    #[arg(long, value_name = "RULES", value_parser = gen_rules,
        conflicts_with_all = ["size", "box_shape", "catalogue"])]
    pub rules: Option<MakeRules>,
    /// Variants, comma-separated: x, windoku, anti-knight, anti-king and non-consecutive add
    /// their rules to the board (of --size, --box or --rules); killer (cages, no givens),
    /// thermo, kropki (every dot given) and even-odd draw their constraints from each
    /// solution, then givens are carved (when two or more drawn together leave puzzles below
    /// the --difficulty asked, later grids draw fewer: half the dots, no longer all given);
    /// jigsaw draws random regions for each puzzle (unless --rules gives a region map).
    #[arg(long, value_name = "LIST", value_parser = |s: &str| s.parse::<Variants>(),
        conflicts_with_all = ["catalogue", "filled"])]
    pub variant: Option<Variants>,
    /// With --variant killer: carve givens beside the cages instead of refining the cages
    /// until the puzzle needs none.
    #[arg(long)]
    pub killer_givens: bool,
    /// Seed of the run (item i is made from the seed and i).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Full-grid method: backtrack, shift, rows, digits, solver.
    #[arg(long, default_value = "backtrack", value_parser = |s: &str| s.parse::<Method>())]
    pub method: Method,
    /// Clue symmetry: none, rot180, rot90, mirror-h, mirror-v, diagonal, anti-diagonal,
    /// both-mirrors, both-diagonals, full.
    #[arg(long, default_value = "none", value_parser = |s: &str| s.parse::<Symmetry>())]
    pub symmetry: Symmetry,
    /// Clue count target: N, A-B, or a 9x9 preset from the literature: easy (36-45),
    /// medium (27-35), hard (19-26).
    #[arg(long, value_name = "N|A-B|PRESET")]
    pub clues: Option<String>,
    /// Rated difficulty: easy (ER up to 1.5), medium (1.6-2.8), hard (2.9-4.4), expert
    /// (4.5-6.9), evil (7.0-8.9), extreme (9.0-9.9), diabolical (10.0 and up; extreme and
    /// diabolical on 9x9 only). Minimal candidates are rated by the logical solver
    /// (Sudoku Explainer scale) until one falls in the level; easy puzzles are carved while
    /// singles solve them (not always minimal: add --minimal). Anti-knight, anti-king and
    /// non-consecutive puzzles up to evil are carved with the rater judging each removal,
    /// stopping in the level (not minimal: add --minimal). Diabolical puzzles (and
    /// --rating from 9.5 up), which carving does not reach, come from the built-in catalogue
    /// of the hardest known puzzles under a random transform, rated afresh; their JSON
    /// method is "catalogue".
    #[arg(long, value_parser = |s: &str| s.parse::<Level>(), conflicts_with_all = ["rating", "catalogue", "filled"])]
    pub difficulty: Option<Level>,
    /// Rating target on the Sudoku Explainer scale: A-B (e.g. 6.5-8.0), A- (at least A)
    /// or A.
    #[arg(long, value_name = "A-B", value_parser = |s: &str| s.parse::<RatingRange>(), conflicts_with_all = ["catalogue", "filled"])]
    pub rating: Option<RatingRange>,
    /// Techniques the logical path must use, comma-separated (e.g. x-wing,swordfish; the
    /// names are listed below).
    #[arg(long, value_name = "T[,T...]", value_delimiter = ',', value_parser = technique,
        conflicts_with_all = ["catalogue", "filled", "clues"])]
    pub needs: Vec<Technique>,
    /// The technique of the hardest step (e.g. xy-wing; the names are listed below).
    #[arg(long, value_name = "T", value_parser = technique,
        conflicts_with_all = ["catalogue", "filled", "clues"])]
    pub hardest: Option<Technique>,
    /// With --clues, or --difficulty easy (or a --rating top below 1.7): the puzzle must
    /// also be minimal (no clue removable).
    #[arg(long)]
    pub minimal: bool,
    /// How uniqueness is proved while carving: auto, exact, logic.
    #[arg(long, default_value = "auto", value_parser = |s: &str| s.parse::<Carving>())]
    pub carving: Carving,
    /// Seconds allowed per puzzle (0 = no limit).
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    pub time_limit: f64,
    /// Print full grids instead of puzzles.
    #[arg(long)]
    pub filled: bool,
    /// Print each puzzle's solution too (after it on the same line in line format).
    #[arg(long)]
    pub with_solution: bool,
    /// Sample puzzles from this catalogue file (e.g. 17-clue.txt) instead of carving.
    #[arg(long, value_name = "FILE")]
    pub catalogue: Option<PathBuf>,
    /// Skip puzzles equivalent (same canonical form) to an earlier one, not only equal ones.
    #[arg(long, conflicts_with = "allow_duplicates")]
    pub distinct: bool,
    /// Keep repeated items.
    #[arg(long)]
    pub allow_duplicates: bool,
    /// Output format (default: line, or the book format the extension of --out names). pdf,
    /// svg and png print a book (see `sudokit print --help`) to --out; --with-solution adds
    /// the solution pages.
    #[arg(id = "format", long = "format", short = 'f', value_enum, value_name = "FORMAT")]
    pub format_flag: Option<GenFormat>,
    /// The format written: `--format`, or what [`GenerateArgs::resolve_format`] makes of
    /// --out (set before the command runs).
    #[arg(skip = GenFormat::Line)]
    pub format: GenFormat,
    /// Output file for --format pdf, svg or png ('-' for standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Replace an --out file that already exists.
    #[arg(long, requires = "out")]
    pub force: bool,
    #[command(flatten)]
    pub pages: PageArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

impl GenerateArgs {
    /// Sets [`GenerateArgs::format`]: `--format`, else the book format the
    /// extension of `--out` names (`-o book.pdf` prints a PDF), else line.
    /// A printable `--format` that another book extension contradicts
    /// (`-f svg -o book.pdf`) is refused.
    pub fn resolve_format(&mut self) -> Result<()> {
        let named = self.out.as_deref().and_then(PrintFormat::of_name);
        self.format = match (self.format_flag, named) {
            (Some(format), _) => {
                if let (Some(book), Some(out)) = (format.print_format(), &self.out) {
                    book.check_name(out)?;
                }
                format
            }
            (None, Some(named)) => named.into(),
            (None, None) => GenFormat::Line,
        };
        Ok(())
    }
}

/// Parses `--rules` of `generate` ([`MakeRules`]: a bare `jigsaw` part
/// asks for random regions).
fn gen_rules(text: &str) -> Result<MakeRules, String> {
    text.parse()
}

/// Output formats of `generate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenFormat {
    /// One puzzle per line.
    Line,
    /// Whitespace-separated numbers, a row per line.
    Tokens,
    /// A boxed grid.
    Grid,
    /// SadMan Software Sudoku.
    Sdk,
    /// Simple Sudoku.
    Ss,
    /// One JSON object per line (index, seed, shape, puzzle, solution, clues, method, symmetry).
    Json,
    /// One f-puzzles board per line: the JSON that f-puzzles and SudokuPad open, with the
    /// puzzle's rules (and its solution with --with-solution).
    Fpuzzles,
    /// One SudokuPad link per line (sudokupad.app/scl...): the puzzle with its rules
    /// drawn and written out (and its solution with --with-solution).
    Sudokupad,
    /// Comma-separated values with a header: index,seed,clues,puzzle (and solution with --with-solution).
    Csv,
    /// A printable PDF book (with --out).
    Pdf,
    /// Printable SVG pages (with --out).
    Svg,
    /// Printable PNG pages (with --out).
    Png,
}

impl GenFormat {
    /// The print format, for the printable formats.
    pub fn print_format(self) -> Option<PrintFormat> {
        match self {
            GenFormat::Pdf => Some(PrintFormat::Pdf),
            GenFormat::Svg => Some(PrintFormat::Svg),
            GenFormat::Png => Some(PrintFormat::Png),
            _ => None,
        }
    }
}

const RATE_HELP: &str = "\
Each line is '<puzzle> <ER>/<EP>/<ED> <level> <hardest technique>'. ER is the hardest step of the
path (the solver always takes the easiest step available, as Sudoku Explainer does), EP the
hardest step up to the first placed digit, ED the first step. Levels: easy (ER <= 1.5), medium
(<= 2.8), hard (<= 4.4), expert (<= 6.9), evil (<= 8.9), extreme (<= 9.9), diabolical (>= 10.0).
A puzzle without exactly one solution
gets an 'error:' line and exit status 1. When no technique applies the solver guesses and says
so: the hardest technique is then 'Trial and Error (guess)' rated 11.0.

Examples:
  sudokit rate puzzles.txt
  sudokit rate --format json --time-limit 1 hard.txt";

const HINT_HELP: &str = "\
Prints the easiest next step of each puzzle: its rating, technique and explanation, the cells to
highlight, the digits placed and the candidates removed. Accepts pencil-mark grids (a player's
state) as well as puzzles.

Examples:
  sudokit hint puzzle.txt
  sudokit hint --from pencilmarks state.txt
  sudokit hint --format json puzzle.txt";

const EXPLAIN_HELP: &str = "\
Prints every step of the logical solution, one per line, then a summary: the rating and how
many times each technique was used. With --format json, one object per puzzle with the steps and
the counts.

Examples:
  sudokit explain puzzle.txt
  sudokit explain --format json puzzle.txt";

/// `sudokit rate`, `hint` and `explain`.
#[derive(Debug, Args)]
pub struct LogicArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Output: plain text, or json.
    #[arg(long, short = 'f', value_enum, default_value_t = PlainOrJson::Plain)]
    pub format: PlainOrJson,
    /// Give up on a puzzle after this many seconds (an 'error:' line says so).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Never guess: a puzzle the techniques cannot finish gets an 'error:' line.
    #[arg(long)]
    pub no_guess: bool,
}

const TRANSFORM_HELP: &str = "\
Operations (numbers from 1), applied left to right; separate them with commas or repeat --op:
  relabel:987654321   digit d becomes the d-th symbol (1-9 then A-Z for larger boards)
  rot90 rot180 rot270 clockwise rotation (rot90 and rot270 need square boxes)
  mirror-h            left-right mirror (each row reversed)
  mirror-v            top-bottom mirror (row order reversed)
  transpose           rows become columns (square boxes only: on 2x3 boxes it would make 3x2 boxes)
  swap-rows:A,B       two rows of one band        swap-cols:A,B     two columns of one stack
  swap-bands:A,B      two bands (r rows each)     swap-stacks:A,B   two stacks (c columns each)
--random applies a uniformly random element of the whole group instead (band/stack shifts
included). The transformation of each puzzle is derived from --seed and the puzzle's record index:
its 0-based position among all puzzles of all input files together (unreadable puzzles count,
comment and blank lines do not). So the output is the same for every --jobs, and the same
puzzles in the same order get the same transformations whatever comments surround them.

Variant puzzles ('# rules:' lines, --rules, f-puzzles boards) keep their rules: regions, cages,
thermometers, dots and even/odd marks move with their cells, and the moved rules are written in a
'# rules:' line before each puzzle. A transform that would change the puzzle is refused, naming
why: relabelling digits under cages, thermometers, dots, parity or non-consecutive; a swap that
splits a jigsaw region or moves the X diagonals, a thermometer or a dot off its cells. With such
rules --random draws only among the rotations and mirrors that keep them (and relabels digits
when no rule reads their values).

Examples:
  sudokit transform --op rot90 puzzles.txt
  sudokit transform --op swap-bands:1,3,relabel:987654321 puzzles.txt
  sudokit transform --op mirror-h --op rot180 --box 2x3 six.txt
  sudokit transform --random --seed 42 puzzles.txt > shuffled.txt";

const CANON_HELP: &str = "\
The canonical form is the smallest equivalent of the puzzle, read row by row with blanks as 0
(smaller than every digit), over all row/band/column/stack permutations, transposition and digit
relabellings; two puzzles are equivalent exactly when their forms are equal. With
--automorphisms each line is '<canon> <count>', the count being the group elements (board map and
relabelling) that map the puzzle onto itself (1 = only the identity).
Exact for 9x9 and the shapes whose rows and columns have at most 100,000 arrangements each (3x4,
4x3, 2x5, 1x8, ...; not 2x6, 6x2, 1x9 or larger boards); other shapes get an error line and exit
status 2.

Examples:
  sudokit canon puzzles.txt
  sudokit canon --automorphisms grids.txt
  sudokit canon --format json puzzles.txt";

const DEDUP_HELP: &str = "\
Prints each puzzle whose canonical form was not seen before, in input order (line format, with
its comment); later equivalents (rotations, relabellings, ... of an earlier puzzle) are dropped.
Streams: only the set of canonical forms seen is kept in memory. Canonical forms are computed in
parallel (--jobs), the filtering is sequential, so the output is the same for every --jobs.

Examples:
  sudokit dedup puzzles.txt > unique.txt
  cat a.txt b.txt | sudokit dedup --jobs 2 > merged.txt";

/// `sudokit transform`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["ops", "random"])))]
pub struct TransformArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Operations to apply in order, e.g. rot90,swap-bands:1,3 (repeatable; see below).
    #[arg(long = "op", value_name = "OP[,OP...]")]
    pub ops: Vec<String>,
    /// Apply a uniformly random element of the equivalence group to each puzzle.
    #[arg(long, conflicts_with = "ops")]
    pub random: bool,
    /// Seed for --random.
    #[arg(long, default_value_t = 0, requires = "random")]
    pub seed: u64,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t = OutFormat::Same)]
    pub format: OutFormat,
}

/// `sudokit canon`.
#[derive(Debug, Args)]
pub struct CanonArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Also print the number of automorphisms after each form: FORM COUNT.
    #[arg(long, short = 'a')]
    pub automorphisms: bool,
    /// Output: plain lines, or json.
    #[arg(long, short = 'f', value_enum, default_value_t = PlainOrJson::Plain)]
    pub format: PlainOrJson,
}

/// `sudokit dedup`.
#[derive(Debug, Args)]
pub struct DedupArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

const SOLVE_HELP: &str = "\
Each solution is written in the input's format (line format for line input) unless --format says
otherwise. A puzzle with no solution, several solutions or clashing givens gives a line starting
with 'error:' in its place, a message on stderr, and exit status 1 at the end.

Examples:
  sudokit solve puzzles.txt > solutions.txt
  sudokit solve --format grid puzzle.txt          a boxed grid layout
  sudokit solve --box 4x3 twelve.txt              12x12 puzzles with boxes of 4 rows by 3 columns
  sudokit solve --format json --jobs 2 big.txt    one JSON object per line, two threads
  sudokit solve --format fpuzzles board.json      the f-puzzles board with its solution";

const COUNT_HELP: &str = "\
Prints the number of solutions found, stopping at --limit: with the default limit 2 the answer is
0 (no solution), 1 (unique) or 2 (two or more). Exit status 1 when any puzzle does not have exactly
one solution. --limit 1 asks only whether a puzzle has a solution (1 means at least one): its exit
status is 1 when some puzzle has none, and says nothing about uniqueness.

Examples:
  sudokit count puzzles.txt
  sudokit count --limit 1000 --format json puzzle.txt";

const VALIDATE_HELP: &str = "\
Prints 'solved' for a complete, correct grid, 'valid' for a grid with empty cells and no clash,
and 'invalid: ...' naming every clash (the unit, the digit and the cells) otherwise.
Exit status 1 when any grid is invalid.

Examples:
  sudokit validate grid.txt
  sudokit validate --format json grid.txt";

/// The forms of `sudokit bench`: a file is required, but for --generate and
/// --needs (clap's own line would show only the first form).
const BENCH_USAGE: &str = "\
sudokit bench [OPTIONS] <FILE>...
       sudokit bench --generate [OPTIONS]
       sudokit bench --needs [OPTIONS]";

const BENCH_HELP: &str = "\
Reads every puzzle of each file ('-' for standard input) first and replaces it by a random
equivalent (so no set is favoured by its layout, as in tdoku's benchmark), then times counting
solutions (up to 2) on one thread, --runs times, and prints the median rate. Build in release
mode for meaningful figures. With --canon it times canonical forms (sudokit canon) instead of
solving. With --generate it times the generator: full grids per method and shape, then puzzles
(9x9 minimal, rot180, 27-35 clues, 16x16, 25x25; --large adds 36x36 to 64x64, --low-clue 21 adds
9x9 with at most 21 clues). A file that begins with a '# rules:' line (as generate --variant
writes it) is timed under each puzzle's rules, as written (transforms do not carry cages,
thermometers or dots).

Examples:
  sudokit bench data/top1465.txt
  cargo run --release -p sudokit-cli -- bench --runs 5 data/*.txt
  sudokit bench data/variants/bench/*.txt   killer, thermo, kropki, jigsaw... under their rules
  sudokit bench --canon data/17-clue.txt
  sudokit bench --generate --seconds 2";

/// Where puzzles come from and how to read them.
#[derive(Debug, Args, Clone)]
pub struct InputArgs {
    /// Input files; standard input when none is given or for '-'.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Input format: auto (detect), line, tokens, grid, sdk, ss, pencilmarks, fpuzzles (the
    /// JSON of f-puzzles and SudokuPad, a link holding it, or its compressed form, and
    /// SudokuPad's scl boards and links; detected too), sudokupad (the same).
    #[arg(long = "from", value_name = "FORMAT", default_value = "auto")]
    pub from: String,

    /// Box shape ROWSxCOLS, e.g. 2x3 or 4x3 (default: inferred from the input).
    #[arg(long = "box", value_name = "RxC", conflicts_with = "size")]
    pub box_shape: Option<String>,

    /// Board size N (boxes default to the shape closest to square, rows being the shorter side: 12 means 3x4; a prime N needs --box).
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,

    /// The variant rules of every puzzle, set by the commands that take
    /// [`VariantArgs`].
    #[arg(skip)]
    pub variant: Option<Variant>,
}

/// How the puzzles read get their variant rules.
#[derive(Debug, Clone)]
pub enum Variant {
    /// The same rules for every puzzle (`--rules NAME`).
    Rules(sudokit::Rules),
    /// Rules named by variant (`--variant x,killer`): with `killer` each
    /// line is a killer line; the named rules are added to each puzzle's
    /// board, and the data of the others (thermometers, dots, marks,
    /// regions) comes from a `# rules:` line.
    Named(Variants),
}

impl Variant {
    /// Whether each line is a killer line.
    pub fn killer_lines(&self) -> bool {
        matches!(self, Variant::Named(v) if v.contains(sudokit::variant::Variant::Killer))
    }
}

pub const VARIANT_HELP: &str =
    "Variants: --variant takes names, comma-separated to combine: x, windoku, jigsaw, killer,
anti-knight, anti-king, non-consecutive, thermo, kropki, even-odd. x, windoku, anti-knight,
anti-king and non-consecutive add their rules to every puzzle's board. With killer each line is a
killer puzzle: the cage map (one letter per cell, A-Z then a-z in order of each cage's first
cell), a space, the cage sums comma-separated in that order, and optionally a space and the
givens. jigsaw, thermo, kropki and even-odd take their regions, thermometers, dots and marks from
a '# rules: NAME' line before the puzzles, as generate writes it.

--rules NAME gives every puzzle read the rules NAME: a board size, then '+' and each rule: x,
windoku, anti-knight, anti-king, non-consecutive, kropki-negative (every dot is given),
jigsaw=REGIONS, cage:SUM=CELLS, thermo:CELLS (bulb first), white:A.B, black:A.B, even:CELLS,
odd:CELLS, where CELLS are cell indices from 0 in reading order joined by '.'. A line
'# rules: NAME' at the top of the input (blank and comment lines may come first) does the same for
the puzzles below it, up to the next such line (an explicit --rules that differs is an error; a
rules line below puzzles of an input that does not begin with one is an error naming its line);
killer lines below such a line are read as killer lines without --variant killer. solve, count,
validate, rate, hint and explain know every rule.

Variant examples:
  echo 'AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5' | sudokit count --variant killer --limit 10
  sudokit solve --variant killer data/variants/killer-9.txt
  sudokit generate --variant x,killer -n 3 | sudokit solve --variant x,killer
  sudokit generate --variant thermo -n 3 | sudokit solve
  sudokit solve --variant non-consecutive puzzles.txt
  echo '................' | sudokit count --rules '4+thermo:0.1.2.3+white:4.8' --limit 100";

/// Variant rules for the puzzles read: `--variant` or `--rules`.
#[derive(Debug, Args, Clone)]
pub struct VariantArgs {
    /// Variants, comma-separated: x, windoku, jigsaw, killer, anti-knight, anti-king,
    /// non-consecutive, thermo, kropki, even-odd (see "Variants" below).
    #[arg(long, value_name = "LIST", value_parser = |s: &str| s.parse::<Variants>(),
        conflicts_with = "rules")]
    pub variant: Option<Variants>,
    /// Rules for every puzzle by name, e.g. 9+x, 9+non-consecutive, 9+thermo:0.1.2+black:9.10.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
}

impl VariantArgs {
    /// The variant these flags ask for.
    pub fn resolve(&self) -> Result<Option<Variant>> {
        if let Some(list) = &self.variant {
            return Ok(Some(Variant::Named(list.clone())));
        }
        match &self.rules {
            None => Ok(None),
            Some(name) => {
                let rules = name.parse().map_err(|e| anyhow::anyhow!("--rules {name:?}: {e}"))?;
                Ok(Some(Variant::Rules(rules)))
            }
        }
    }
}

/// The input format named by `--from`: `None` for `auto` (detect).
/// `fpuzzles` boards are turned into `line` text before they are read.
pub fn input_format(from: &str) -> Result<Option<Format>> {
    match from {
        "auto" => Ok(None),
        f if f.eq_ignore_ascii_case(FPUZZLES) || f.eq_ignore_ascii_case(SUDOKUPAD) => {
            Ok(Some(Format::Line))
        }
        name => Ok(Some(name.parse::<Format>().map_err(|e| anyhow::anyhow!("--from: {e}"))?)),
    }
}

/// The `--from` name of f-puzzles boards (JSON, links, compressed).
pub const FPUZZLES: &str = "fpuzzles";

/// The `--from` name of SudokuPad boards (`scl` text, links); read as
/// [`FPUZZLES`] is, which takes both.
pub const SUDOKUPAD: &str = "sudokupad";

impl InputArgs {
    /// Whether the input is read as f-puzzles boards: `--from fpuzzles`,
    /// or detected from the input's first bytes (`kind`) when `--from` is
    /// `auto`.
    pub fn reads_fpuzzles(&self, kind: crate::batch::Head) -> bool {
        self.from.eq_ignore_ascii_case(FPUZZLES)
            || self.from.eq_ignore_ascii_case(SUDOKUPAD)
            || (self.from == "auto" && kind == crate::batch::Head::Fpuzzles)
    }

    /// The reader options these flags describe.
    pub fn read_options(&self) -> Result<ReadOptions> {
        let format = input_format(&self.from)?;
        let shape = match (&self.box_shape, self.size) {
            (Some(b), _) => Some(box_shape(b)?),
            (None, Some(n)) => Some(board_size(n)?),
            (None, None) => None,
        };
        Ok(ReadOptions::new().with_format(format).with_shape(shape))
    }
}

/// The shape named by `--box ROWSxCOLS`.
pub fn box_shape(text: &str) -> Result<Shape> {
    Shape::parse_box(text).map_err(|e| anyhow::anyhow!("--box: {e}"))
}

/// The shape of `--size N` (boxes closest to square). A side with no
/// natural box (below 4, or prime) is refused with a pointer to `--box`.
pub fn board_size(n: usize) -> Result<Shape> {
    Shape::from_size(n).map_err(|e| match e {
        ShapeError::NoNaturalBox { size } if size >= 2 => anyhow::anyhow!(
            "--size {size}: {size} is prime, so a {size}x{size} board has no natural box shape; \
             name the boxes with --box (--box 1x{size} for boxes of one row)"
        ),
        ShapeError::NoNaturalBox { size } => anyhow::anyhow!(
            "--size {size}: too small for a puzzle (the smallest is --size 4); name the boxes \
             with --box to ask for it anyway (--box 1x{size})"
        ),
        e => anyhow::anyhow!("--size: {e}"),
    })
}

/// How results are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutFormat {
    /// The input's own format.
    Same,
    /// A text format ([`TEXT_FORMATS`]).
    Text(Format),
    /// One JSON object per line.
    Json,
    /// One f-puzzles board per line: the JSON that f-puzzles and SudokuPad
    /// open, with the puzzle's rules (solve: the puzzle and its solution).
    Fpuzzles,
    /// One SudokuPad link per line, with the puzzle's rules (solve: the
    /// puzzle and its solution).
    Sudokupad,
}

/// The text formats `--format` writes, in the order its help lists them,
/// each with its help.
const TEXT_FORMATS: [(Format, &str); 6] = [
    (Format::Line, "One puzzle per line"),
    (Format::Tokens, "Whitespace-separated numbers, a row per line"),
    (Format::Grid, "A boxed grid"),
    (Format::Sdk, "SadMan Software Sudoku"),
    (Format::Ss, "Simple Sudoku"),
    (Format::Pencilmarks, "A candidate grid"),
];

impl OutFormat {
    /// Every value, in the order `--help` lists them.
    const ALL: [OutFormat; 4 + TEXT_FORMATS.len()] = {
        let mut all = [OutFormat::Same; 4 + TEXT_FORMATS.len()];
        let mut i = 0;
        while i < TEXT_FORMATS.len() {
            all[i + 1] = OutFormat::Text(TEXT_FORMATS[i].0);
            i += 1;
        }
        all[all.len() - 3] = OutFormat::Json;
        all[all.len() - 2] = OutFormat::Fpuzzles;
        all[all.len() - 1] = OutFormat::Sudokupad;
        all
    };

    /// The text format to write, given the format the puzzle was read in;
    /// `None` for the board formats (json, fpuzzles, sudokupad).
    pub fn text_format(self, input: Format) -> Option<Format> {
        match self {
            OutFormat::Same => Some(input),
            OutFormat::Text(format) => Some(format),
            OutFormat::Json | OutFormat::Fpuzzles | OutFormat::Sudokupad => None,
        }
    }
}

impl ValueEnum for OutFormat {
    fn value_variants<'a>() -> &'a [OutFormat] {
        &OutFormat::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let (name, help) = match self {
            OutFormat::Same => ("same", "The input's own format"),
            OutFormat::Text(format) => {
                let (_, help) = TEXT_FORMATS.iter().find(|(f, _)| f == format)?;
                (format.name(), *help)
            }
            OutFormat::Json => ("json", "One JSON object per line"),
            OutFormat::Fpuzzles => (
                "fpuzzles",
                "One f-puzzles board per line: the JSON that f-puzzles and SudokuPad open, with \
                 the puzzle's rules (solve: the puzzle and its solution)",
            ),
            OutFormat::Sudokupad => (
                "sudokupad",
                "One SudokuPad link per line (https://sudokupad.app/scl...), with the puzzle's \
                 rules drawn and written out (solve: the puzzle and its solution)",
            ),
        };
        Some(PossibleValue::new(name).help(help))
    }
}

/// Bounds on the exact search of each puzzle.
#[derive(Debug, Args, Clone, Copy)]
pub struct SearchArgs {
    /// Give up on a puzzle after this many seconds (its line becomes an
    /// `error:` line; the batch goes on). Default: no limit.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,

    /// Give up on a puzzle after this many search nodes (guesses tried).
    /// Default: no limit.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

impl SearchArgs {
    /// The engine's limits for these flags.
    pub fn limits(&self) -> Result<sudokit::solve::Limits> {
        let time = match self.time_limit {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 && t < 1e9 => {
                Some(std::time::Duration::from_secs_f64(t))
            }
            Some(t) => bail!("--time-limit {t}: expected a positive number of seconds"),
        };
        Ok(sudokit::solve::Limits::default().with_max_nodes(self.max_nodes).with_time(time))
    }

    /// The limits in words, for a puzzle that ran out of them.
    pub fn describe(&self) -> String {
        match (self.time_limit, self.max_nodes) {
            (Some(t), Some(n)) => format!("no answer within {t} s or {n} search nodes"),
            (Some(t), None) => format!("no answer within the time limit of {t} s"),
            (None, Some(n)) => format!("no answer within {n} search nodes"),
            (None, None) => "the search gave up".to_string(),
        }
    }
}

/// The most worker threads `--jobs` takes: far above any core count this
/// tool runs on, and low enough that the pool's start stays instant
/// (10,000 threads took over a minute to start).
pub const MAX_JOBS: usize = 256;

/// A `--jobs` value: 1 to [`MAX_JOBS`].
pub fn jobs(text: &str) -> Result<usize, String> {
    let n: usize = text.trim().parse().map_err(|_| format!("{text:?} is not a number"))?;
    if (1..=MAX_JOBS).contains(&n) { Ok(n) } else { Err(format!("{n} is not in 1..={MAX_JOBS}")) }
}

/// Parallelism and progress.
#[derive(Debug, Args, Clone, Copy)]
pub struct RunArgs {
    /// Worker threads (default: all cores). Output is identical for every value.
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::args::jobs)]
    pub jobs: Option<usize>,

    /// Never draw a progress bar (one is drawn on stderr only when it is a terminal).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl RunArgs {
    /// A thread pool of `--jobs` workers (all cores by default).
    pub fn pool(&self) -> Result<rayon::ThreadPool> {
        let jobs = self
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        Ok(rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?)
    }
}

/// The puzzles a batch command reads, their variant rules and how the
/// batch runs: `solve`, `count`, `validate`, `rate`, `hint` and `explain`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub variant: VariantArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

impl BatchArgs {
    /// The input flags with the variant the flags ask for, and the run
    /// flags.
    pub fn resolve(self) -> Result<(InputArgs, RunArgs)> {
        let BatchArgs { mut input, variant, run } = self;
        input.variant = variant.resolve()?;
        Ok((input, run))
    }
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t = OutFormat::Same)]
    pub format: OutFormat,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Stop counting at this many solutions.
    #[arg(long, short = 'l', default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub limit: u64,
    /// Output: plain numbers, or json.
    #[arg(long, short = 'f', value_enum, default_value_t = PlainOrJson::Plain)]
    pub format: PlainOrJson,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Output: plain text, or json.
    #[arg(long, short = 'f', value_enum, default_value_t = PlainOrJson::Plain)]
    pub format: PlainOrJson,
}

/// Plain text or JSON lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlainOrJson {
    /// Human- and script-friendly text, one line per puzzle.
    Plain,
    /// One JSON object per line.
    Json,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files to time, '-' for standard input (each is read completely before timing
    /// starts). Required, but for --generate and --needs, which take none.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Time the generator instead: grids per method and shape, puzzles per shape.
    #[arg(long, conflicts_with_all = ["files", "canon"])]
    pub generate: bool,
    /// Time technique targets instead: puzzles per second that need each technique (9x9 up
    /// to forcing chains, 16x16 up to wings), and whose hardest step is each, one thread.
    #[arg(long, conflicts_with_all = ["files", "canon", "generate"])]
    pub needs: bool,
    /// With --generate or --needs: seconds spent on each line.
    #[arg(long, default_value_t = 1.0)]
    pub seconds: f64,
    /// With --generate: also 36x36, 49x49 and 64x64 puzzles (3 each; minutes).
    #[arg(long, requires = "generate")]
    pub large: bool,
    /// With --generate: also 9x9 puzzles with at most this many clues (5, searched).
    #[arg(long, value_name = "CLUES", requires = "generate")]
    pub low_clue: Option<usize>,
    /// Input format and shape, as for the other commands.
    #[arg(long = "from", value_name = "FORMAT", default_value = "auto")]
    pub from: String,
    /// Time the puzzles as they are written, instead of a random equivalent
    /// of each (relabelled digits, permuted rows, columns, bands, stacks).
    #[arg(long)]
    pub no_permute: bool,
    /// Seed for the random equivalents.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Time canonical forms (as `sudokit canon` computes them) instead of solving.
    #[arg(long)]
    pub canon: bool,
    /// Time the logical rating (as `sudokit rate` computes it) of each puzzle instead of
    /// solving: median, mean and slowest time per puzzle.
    #[arg(long, conflicts_with = "canon")]
    pub rate: bool,
    /// Timed passes over each file; the median rate is reported.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub runs: u32,
}

const PRINT_HELP: &str = "\
Lays the puzzles out on pages (1, 2, 4 or 6 per page, A4 or Letter) with a caption under each
grid (its number in the input) and, with --solutions, the solutions on later pages in smaller
grids; solutions are found by the solver (a puzzle without exactly one solution is an error).
Pencil-mark input prints each empty cell's candidates as small symbols (under --rules or a
'# rules:' line too, read under those rules). Variant puzzles (--rules, --variant killer) print
with their rules drawn: jigsaw regions as thick lines, grey diagonals, shaded windows, dashed
cages with their sums, thermometers, kropki dots, even squares and odd circles. Boards up to
35x35 print; a 25x25 board keeps pages at two puzzles at most so its symbols stay legible.

The format comes from the extension of --out (.pdf, .svg, .png) unless --format says (a --format
that one of these extensions contradicts, as in -f svg -o book.pdf, is refused). A PDF is
one file with every page; SVG and PNG are one file per page: a single page goes to the name
given, several pages to NAME-1.svg, NAME-2.svg, ... next to it. Existing files are never
replaced unless --force is given. Every file is written to a temporary name first, and all are
renamed into place only when all are written: a run that fails replaces no file.
'--out -' writes a PDF (or a one-page SVG or PNG) to standard output when it is not a terminal.

Examples:
  sudokit print puzzles.txt -o book.pdf --solutions --title 'Sunday puzzles'
  sudokit print --per-page 1 --paper letter hard.txt -o hard.pdf
  sudokit print --per-page 6 puzzles.txt -o sheet.svg     sheet-1.svg, sheet-2.svg, ...
  sudokit print state.txt --from pencilmarks -o marks.png --dpi 200";

/// Output formats of `sudokit print`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PrintFormat {
    /// One PDF document, fonts embedded.
    Pdf,
    /// One SVG document per page.
    Svg,
    /// One PNG image per page.
    Png,
}

impl PrintFormat {
    /// The book format a file name asks for by its extension (`.pdf`,
    /// `.svg`, `.png`, in any case); `None` for other names and `-`.
    pub fn of_name(path: &Path) -> Option<PrintFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pdf" => Some(PrintFormat::Pdf),
            "svg" => Some(PrintFormat::Svg),
            "png" => Some(PrintFormat::Png),
            _ => None,
        }
    }

    /// The `--format` value.
    pub fn flag(self) -> &'static str {
        match self {
            PrintFormat::Pdf => "pdf",
            PrintFormat::Svg => "svg",
            PrintFormat::Png => "png",
        }
    }

    /// Refuses `out` when its extension names another book format than
    /// `self` (an explicit `--format`): `-f svg -o book.pdf` would write SVG
    /// data to `book.pdf` (or `book-1.pdf`, ...). Other names (no extension,
    /// `.txt`, `-`) take any format.
    pub fn check_name(self, out: &Path) -> Result<()> {
        match PrintFormat::of_name(out) {
            Some(named) if named != self => bail!(
                "--format {} does not match --out {:?}, whose extension asks for {}: \
                 drop --format, or name a .{} file",
                self.flag(),
                out.display().to_string(),
                named.flag(),
                self.flag()
            ),
            _ => Ok(()),
        }
    }
}

impl From<PrintFormat> for GenFormat {
    fn from(format: PrintFormat) -> GenFormat {
        match format {
            PrintFormat::Pdf => GenFormat::Pdf,
            PrintFormat::Svg => GenFormat::Svg,
            PrintFormat::Png => GenFormat::Png,
        }
    }
}

/// Paper sizes of `sudokit print`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    /// ISO A4 (210 x 297 mm).
    A4,
    /// US Letter (8.5 x 11 in).
    Letter,
}

/// Page layout of printed output (`print`, and `generate --format pdf|svg|png`).
#[derive(Debug, Args)]
pub struct PageArgs {
    /// Puzzles per page: 1, 2, 4 or 6.
    #[arg(long, value_name = "N", default_value = "4", value_parser = ["1", "2", "4", "6"])]
    pub per_page: String,
    /// Paper size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub paper: PaperArg,
    /// Title printed at the top of every page.
    #[arg(long)]
    pub title: Option<String>,
    /// PNG resolution in dots per inch (36 to 600).
    #[arg(long, default_value_t = 150, value_parser = clap::value_parser!(u32).range(36..=600))]
    pub dpi: u32,
}

/// `sudokit print`.
#[derive(Debug, Args)]
pub struct PrintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Output file (.pdf, .svg or .png); '-' for standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: PathBuf,
    /// Output format (default: from the extension of --out; PDF for '-').
    #[arg(long, short = 'f', value_enum)]
    pub format: Option<PrintFormat>,
    #[command(flatten)]
    pub pages: PageArgs,
    /// Append the solutions on later pages.
    #[arg(long)]
    pub solutions: bool,
    /// Replace output files that already exist.
    #[arg(long)]
    pub force: bool,
}

/// `help` followed by the variants' help.
fn with_variants(help: &str) -> String {
    format!("{help}\n\n{VARIANT_HELP}")
}

/// A technique name for `--needs` and `--hardest`.
pub fn technique(text: &str) -> Result<Technique, String> {
    text.parse::<Technique>().map_err(|e| e.to_string())
}
