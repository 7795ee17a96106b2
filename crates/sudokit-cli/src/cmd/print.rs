//! `sudokit print`: a printable book (PDF) or pages (SVG, PNG) from puzzle files.
//!
//! Glue over `sudokit-print`: read every puzzle (a book is laid out whole, so
//! this command does not stream; at most [`MAX_PUZZLES`]), number them in
//! input order (with the rules of `--rules` or of each `--variant killer`
//! line, which the pages draw), lay them out, render, and write the files.
//!
//! Writing never loses a user's data, and is all or nothing: every output
//! file is written to a temporary file in its directory first, and only when
//! all are written are they renamed into place (a rename that fails puts back
//! what the ones before it replaced); without `--force`, a name that already
//! exists stops the command before anything is written (and the rename itself
//! refuses to replace a file that appeared in the meantime); a directory in
//! the way stops it with `--force` too. Several SVG or PNG pages go to
//! `NAME-1.ext`, `NAME-2.ext`, ... beside `--out`; one page goes to `--out`
//! itself. `--out -` writes to
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
use tempfile::{NamedTempFile, TempPath};

use sudokit::Candidates;
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
    let options = print_options(&args.pages, args.solutions, format)?;
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

/// The book options of `--per-page`, `--paper`, `--title` and solutions;
/// warns when the title has characters the embedded font lacks and `format`
/// draws glyphs from it (PDF, PNG; an SVG viewer uses its own fonts).
pub fn print_options(
    pages: &PageArgs,
    solutions: bool,
    format: PrintFormat,
) -> Result<PrintOptions> {
    let missing = pages.title.as_deref().map(sudokit_print::missing_glyphs).unwrap_or_default();
    if !missing.is_empty() && format != PrintFormat::Svg {
        let chars: Vec<String> = missing.iter().map(|c| format!("{c:?}")).collect();
        eprintln!(
            "sudokit: warning: the embedded font (DejaVu Sans) has no glyph for {} of --title: \
             the {} shows an empty box for each{}",
            chars.join(", "),
            name(format),
            if format == PrintFormat::Pdf { " (its text layer keeps them)" } else { "" }
        );
    }
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
    write_all(&targets, &files, force)?;
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
            let (grid, candidates) = match rules_of(own, variant.as_ref(), record.grid.rules()) {
                None => (record.grid, record.candidates),
                Some(Err(reason)) => bail!("{origin}: {reason}"),
                // Pencil marks take the rules too, as in hint, explain and
                // rate: the solution pages solve the state under them.
                Some(Ok(rules)) => {
                    let candidates = record
                        .candidates
                        .map(|c| Candidates::from_masks_with(rules.clone(), c.masks().to_vec()))
                        .transpose()
                        .with_context(|| origin.clone())?;
                    (record.grid.with_rules(rules).with_context(|| origin.clone())?, candidates)
                }
            };
            let number = items.len() as u64 + 1;
            origins.push(origin);
            items.push(PrintItem { candidates, ..PrintItem::new(grid, number) });
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

/// Writes `files[k]` to `targets[k]`, all or nothing: every target is
/// checked first (a directory in the way stops the run), then every page is
/// written to a temporary file beside its target, and only when all are
/// ready are they renamed into place ([`commit`]). Without `replace`, a
/// rename refuses to replace a file. A failure before the renames removes
/// the temporary files and leaves every existing file as it was.
fn write_all(targets: &[PathBuf], files: &[Vec<u8>], replace: bool) -> Result<()> {
    const UNTOUCHED: &str = "no file was written or replaced";
    for (k, target) in targets.iter().enumerate() {
        if std::fs::metadata(target).is_ok_and(|m| m.is_dir()) {
            let page = if targets.len() > 1 { format!("page {} ", k + 1) } else { String::new() };
            bail!(
                "{} is a directory, which the {page}file cannot replace ({UNTOUCHED})",
                target.display()
            );
        }
    }
    let mut staged = Vec::with_capacity(targets.len());
    for (target, bytes) in targets.iter().zip(files) {
        // On an error the files staged so far are dropped, which removes them.
        let tmp =
            stage(target, bytes, replace).map_err(|e| anyhow::anyhow!("{e:#} ({UNTOUCHED})"))?;
        staged.push(tmp);
    }
    commit(targets.iter().zip(staged).collect(), replace)
}

/// Writes `bytes` to a temporary file beside `target`, to be renamed into
/// place. It gets the permissions a new file gets (the umask's, not a
/// temporary file's private ones), or, with `replace`, those of the file it
/// will replace.
fn stage(target: &Path, bytes: &[u8], replace: bool) -> Result<NamedTempFile> {
    let dir = dir_of(target);
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
    Ok(tmp)
}

/// A file [`commit`] renamed into place, and how to undo that: the old
/// file's second name (a hard link made before the rename), or whether
/// there was no file before.
struct Placed<'a> {
    target: &'a Path,
    old: Option<TempPath>,
    created: bool,
}

/// Renames each staged file onto its target (without `replace`, refusing
/// to replace a file that appeared since the check). When a rename fails,
/// the ones before it are undone: a replaced file comes back from the hard
/// link kept of it, a file this run created is removed; the error names
/// any file that could not be put back (a file system without hard links).
fn commit(staged: Vec<(&PathBuf, NamedTempFile)>, replace: bool) -> Result<()> {
    let mut placed: Vec<Placed> = Vec::with_capacity(staged.len());
    for (target, tmp) in staged {
        let existed = std::fs::symlink_metadata(target).is_ok();
        let old = if replace && existed { keep_old(target) } else { None };
        let kept = if replace { tmp.persist(target) } else { tmp.persist_noclobber(target) };
        if let Err(e) = kept {
            // The remaining staged files are dropped on return, which removes them.
            let lost = undo(placed);
            let outcome = if lost.is_empty() {
                "every file is as it was".to_string()
            } else {
                let names: Vec<String> = lost.iter().map(|p| p.display().to_string()).collect();
                format!("already replaced, and not put back: {}", names.join(", "))
            };
            bail!("cannot write {}: {} ({outcome})", target.display(), e.error);
        }
        placed.push(Placed { target, old, created: !existed });
    }
    Ok(())
}

/// A second name for `target` (a hard link beside it, removed when dropped),
/// so that it can be put back; `None` when the file system cannot link.
fn keep_old(target: &Path) -> Option<TempPath> {
    tempfile::Builder::new()
        .prefix(".sudokit-print-old-")
        .make_in(dir_of(target), |path| std::fs::hard_link(target, path))
        .ok()
        .map(NamedTempFile::into_temp_path)
}

/// Undoes the renames of `placed`, the last first; returns the files that
/// could not be put back.
fn undo(placed: Vec<Placed>) -> Vec<PathBuf> {
    let mut lost = Vec::new();
    for p in placed.into_iter().rev() {
        let back = match p.old {
            Some(old) => old.persist(p.target).map_err(|e| e.error),
            None if p.created => std::fs::remove_file(p.target),
            None => Err(io::Error::other("no copy kept")),
        };
        if back.is_err() {
            lost.push(p.target.to_path_buf());
        }
    }
    lost
}

/// The directory `target` is in (`.` for a bare name).
fn dir_of(target: &Path) -> &Path {
    match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rename that fails after others succeeded undoes them: the file
    /// page 1 replaced comes back, the page created is removed, and no
    /// temporary file or second name is left.
    #[test]
    fn a_failed_rename_puts_back_every_page_already_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = |name: &str| dir.path().join(name);
        std::fs::write(path("s-1.svg"), "old").unwrap();
        std::fs::create_dir(path("s-3.svg")).unwrap();
        std::fs::write(path("s-3.svg").join("inside"), "x").unwrap();
        let targets = [path("s-1.svg"), path("s-2.svg"), path("s-3.svg")];
        let staged: Vec<_> = targets.iter().map(|t| (t, stage(t, b"new", true).unwrap())).collect();
        let e = commit(staged, true).unwrap_err().to_string();
        assert!(e.contains("s-3.svg") && e.contains("every file is as it was"), "{e}");
        assert_eq!(std::fs::read_to_string(path("s-1.svg")).unwrap(), "old");
        assert!(!path("s-2.svg").exists());
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["s-1.svg", "s-3.svg"]);
    }
}
