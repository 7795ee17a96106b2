//! `sudokit print`: a printable book (PDF) or pages (SVG, PNG) from puzzle files.
//!
//! Glue over `sudokit-print`: read every puzzle (a book is laid out whole, so
//! this command does not stream; at most [`MAX_PUZZLES`]), number them in
//! input order (with the rules of `--rules` or of each `--variant killer`
//! line, which the pages draw), lay them out, render, and write the files.
//!
//! Writing never loses a user's data: each output file is written to a
//! temporary file in the same directory and then renamed into place; without
//! `--force`, a name that already exists stops the command before anything is
//! written (and the rename itself refuses to replace a file that appeared in
//! the meantime). Several SVG or PNG pages go to `NAME-1.ext`, `NAME-2.ext`, ...
//! beside `--out`; one page goes to `--out` itself. `--out -` writes to
//! standard output, refused when it is a terminal or when there would be
//! several files.
//!
//! Stopping (Ctrl-C; a closed standard output with `--out -`; see
//! `stop.rs`): reading, solving and rendering check the stop flag, and a
//! stopped run writes no file at all (a temporary file is removed).

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use sudokit::format::{Format, ReadOptions, Reader};
use sudokit_print::{Book, Paper, PerPage, PrintItem, PrintOptions};

use crate::args::{PageArgs, PaperArg, PrintArgs, PrintFormat, Variant};
use crate::batch::{Head, NoRulesBelow, Status, head, read_sections, rules_of};
use crate::sink;
use crate::stop::{self, Output, Stopped};

/// What a stopped print did not do.
const NO_BOOK: Option<&str> = Some("no book written");

/// The most puzzles one book takes (about 1700 pages at six a page).
pub const MAX_PUZZLES: usize = 10_000;

pub fn run(args: PrintArgs) -> Result<Status> {
    let format = output_format(args.format, &args.out)?;
    refuse_terminal(format, &args.out)?;
    stop::install(if args.out.as_os_str() == "-" { Output::Stdout } else { Output::Files });
    let options = print_options(&args.pages, args.solutions)?;
    let (items, origins) = read_items(&args)?;
    let book = book(&items, &options, |e| {
        let at = e.number().and_then(|n| origins.get(n as usize - 1));
        match at {
            Some(origin) => anyhow::anyhow!("{e} (read from {origin})"),
            None => anyhow::anyhow!("{e}"),
        }
    })?;
    write_book(&book, &options, format, &args.out, args.force, args.pages.dpi)?;
    Ok(Status::Ok)
}

/// Refuses to write binary or page data to a terminal (checked before any
/// work is done).
pub fn refuse_terminal(format: PrintFormat, out: &Path) -> Result<()> {
    if out.as_os_str() == "-" && io::stdout().is_terminal() {
        bail!("refusing to write {} data to a terminal: name a file with --out", name(format));
    }
    Ok(())
}

/// The book options of `--per-page`, `--paper`, `--title` and solutions.
pub fn print_options(pages: &PageArgs, solutions: bool) -> Result<PrintOptions> {
    let per_page = PerPage::try_from(pages.per_page.parse::<usize>().unwrap_or(0))
        .map_err(|e| anyhow::anyhow!("--per-page: {e}"))?;
    Ok(PrintOptions {
        paper: match pages.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        per_page,
        title: pages.title.clone(),
        solutions,
        ..PrintOptions::default()
    })
}

/// Lays out `items` (solving them for the solution pages, until the run
/// must stop); an error is described by `describe`.
pub fn book(
    items: &[PrintItem],
    options: &PrintOptions,
    describe: impl FnOnce(sudokit_print::PrintError) -> anyhow::Error,
) -> Result<Book> {
    let options = PrintOptions { deadline: stop::deadline(), ..options.clone() };
    match Book::new(items, &options) {
        Ok(book) => Ok(book),
        Err(_) if stop::requested() => Err(Stopped::with_note(NO_BOOK).into()),
        Err(e) => Err(describe(e)),
    }
}

/// Renders `book` and writes it to `out` (see the module docs for the file
/// names and the no-replace rule), or to standard output for `-`.
pub fn write_book(
    book: &Book,
    options: &PrintOptions,
    format: PrintFormat,
    out: &Path,
    force: bool,
    dpi: u32,
) -> Result<()> {
    if book.puzzles_per_page() != options.per_page {
        eprintln!(
            "sudokit: note: {} puzzles per page instead of {} so the largest boards stay legible",
            book.puzzles_per_page().count(),
            options.per_page.count()
        );
    }
    let files: Vec<Vec<u8>> = match format {
        PrintFormat::Pdf => vec![book.to_pdf()],
        PrintFormat::Svg => book.to_svg().into_iter().map(String::into_bytes).collect(),
        PrintFormat::Png => book.to_png(dpi)?,
    };
    if stop::requested() {
        return Err(Stopped::with_note(NO_BOOK).into());
    }
    if out.as_os_str() == "-" {
        if files.len() > 1 {
            bail!(
                "{} pages make one {} file each, which cannot all go to standard output: \
                 name a file with --out (pages go to NAME-1, NAME-2, ...)",
                files.len(),
                name(format)
            );
        }
        sink::write(&files[0], 1)?;
        sink::flush()?;
        return Ok(());
    }
    let targets = targets(out, files.len());
    if !force && let Some(existing) = targets.iter().find(|t| t.exists()) {
        bail!(
            "{} already exists; refusing to replace it (use --force, or another --out)",
            existing.display()
        );
    }
    for (target, bytes) in targets.iter().zip(&files) {
        write_atomically(target, bytes, force)?;
    }
    let pages = book.pages().len();
    match targets.as_slice() {
        [one] => eprintln!(
            "sudokit: wrote {} ({pages} page{})",
            one.display(),
            if pages == 1 { "" } else { "s" }
        ),
        [first, .., last] => {
            eprintln!("sudokit: wrote {pages} pages: {} ... {}", first.display(), last.display())
        }
        [] => {}
    }
    Ok(())
}

/// The format's name for messages.
fn name(format: PrintFormat) -> &'static str {
    match format {
        PrintFormat::Pdf => "PDF",
        PrintFormat::Svg => "SVG",
        PrintFormat::Png => "PNG",
    }
}

/// The output format: `--format`, else the extension of `--out` (PDF for
/// `-`). A `--format` that the extension contradicts is refused
/// ([`PrintFormat::check_name`]): `-f svg -o book.pdf` is a mistake either way.
fn output_format(format: Option<PrintFormat>, out: &Path) -> Result<PrintFormat> {
    if let Some(f) = format {
        f.check_name(out)?;
        return Ok(f);
    }
    if out.as_os_str() == "-" {
        return Ok(PrintFormat::Pdf);
    }
    match PrintFormat::of_name(out) {
        Some(f) => Ok(f),
        None => bail!(
            "cannot tell the format from the name {:?}: end it in .pdf, .svg or .png, \
             or give --format",
            out.display().to_string()
        ),
    }
}

/// Every puzzle of the inputs as items numbered from 1, with where each was
/// read (`file:line`) for error messages. Each grid carries the rules the
/// batch commands would answer it under: `--rules`, `--variant`, its killer
/// line, the `# rules:` line above it.
fn read_items(args: &PrintArgs) -> Result<(Vec<PrintItem>, Vec<String>)> {
    let variant = args.variant.resolve()?;
    let killer = variant.as_ref().is_some_and(Variant::killer_lines);
    let explicit = match &variant {
        Some(Variant::Rules(rules)) => Some(rules),
        _ => None,
    };
    let options = if killer {
        ReadOptions::new().with_format(Format::Line)
    } else {
        args.input.read_options()?
    };
    let mut items = Vec::new();
    let mut origins = Vec::new();
    let stdin_only = [PathBuf::from("-")];
    let files = if args.input.files.is_empty() { &stdin_only[..] } else { &args.input.files };
    for path in files {
        let (name, mut source): (String, Box<dyn Read>) = if path.as_os_str() == "-" {
            ("<stdin>".to_string(), Box::new(io::stdin()))
        } else {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            (path.display().to_string(), Box::new(file))
        };
        // Killer lines become the lines of their givens, line for line, and
        // each line's rules (its cages, the `# rules:` line above it) wait
        // here for its record.
        let mut line_rules = HashMap::new();
        let (first, kind) = head(&mut source).with_context(|| format!("cannot read {name}"))?;
        source = Box::new(io::Cursor::new(first).chain(source));
        let fpuzzles = args.input.reads_fpuzzles(kind);
        let mut options = options;
        if killer || fpuzzles || kind == Head::Rules {
            let (lines, rules) =
                read_sections(&mut source, &name, fpuzzles, killer, explicit, &mut options)?;
            line_rules = rules;
            source = Box::new(io::Cursor::new(lines.into_bytes()));
        } else {
            source = Box::new(NoRulesBelow::new(source));
        }
        for record in Reader::new(BufReader::new(source), options) {
            if stop::requested() {
                return Err(Stopped::with_note(NO_BOOK).into());
            }
            let record = record.with_context(|| format!("in {name}"))?;
            if items.len() == MAX_PUZZLES {
                bail!("more than {MAX_PUZZLES} puzzles: split the input into several books");
            }
            let origin = format!("{name}:{}", record.line);
            let own = line_rules.get(&record.line).cloned();
            let grid = match rules_of(own, variant.as_ref(), record.grid.rules()) {
                None => record.grid,
                Some(_) if record.candidates.is_some() => {
                    bail!("{origin}: pencil-mark input does not take variant rules")
                }
                Some(Err(reason)) => bail!("{origin}: {reason}"),
                Some(Ok(rules)) => record.grid.with_rules(rules).with_context(|| origin.clone())?,
            };
            let number = items.len() as u64 + 1;
            origins.push(origin);
            items.push(PrintItem { candidates: record.candidates, ..PrintItem::new(grid, number) });
        }
    }
    if items.is_empty() {
        bail!("no puzzles in the input");
    }
    Ok((items, origins))
}

/// The files to write: `out` itself for one file, else `STEM-k.EXT` beside it.
fn targets(out: &Path, count: usize) -> Vec<PathBuf> {
    if count == 1 {
        return vec![out.to_path_buf()];
    }
    let stem = out.file_stem().map_or_else(|| "page".into(), |s| s.to_string_lossy().into_owned());
    let ext = out.extension().map(|e| e.to_string_lossy().into_owned());
    (1..=count)
        .map(|k| {
            let name = match &ext {
                Some(ext) => format!("{stem}-{k}.{ext}"),
                None => format!("{stem}-{k}"),
            };
            out.with_file_name(name)
        })
        .collect()
}

/// Writes `bytes` to a temporary file beside `target`, then renames it into
/// place; without `replace`, the rename fails rather than replace a file.
/// The file gets the permissions a new file gets (the umask's, not the
/// temporary file's private ones), or those of the file it replaces.
fn write_atomically(target: &Path, bytes: &[u8], replace: bool) -> Result<()> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".sudokit-print-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The mode a plain `File::create` asks for; the umask then applies.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder
        .tempfile_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    if replace && let Ok(old) = std::fs::metadata(target) {
        tmp.as_file()
            .set_permissions(old.permissions())
            .with_context(|| format!("cannot write {}", target.display()))?;
    }
    tmp.write_all(bytes)
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", target.display()))?;
    let kept = if replace { tmp.persist(target) } else { tmp.persist_noclobber(target) };
    kept.map_err(|e| e.error).with_context(|| format!("cannot write {}", target.display()))?;
    Ok(())
}
