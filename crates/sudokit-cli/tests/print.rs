//! `sudokit print`: files written (never replacing one without --force),
//! formats from the extension, pages per layout, solutions that solve (checked
//! by the independent checker on the PDF's own text), PNG sizes, pencil marks.
//! PDFs are read back with `sudokit-pdf-text` (pure Rust); the same checks
//! through poppler (`poppler-utils`, installed by `.ci/run`) are ignored by
//! default.

use std::fs;
use std::path::Path;
use std::process::Command;

use sudokit_pdf_text::Pdf;

use crate::util::{assert_solves, corpus, sudokit, text_of, write_file};

/// The text of each page of a PDF file, one line per baseline.
type PageTexts = fn(&str) -> Vec<String>;

/// Page texts read by the pure-Rust reader.
fn rust_pages(file: &str) -> Vec<String> {
    let pdf = Pdf::read(&fs::read(file).unwrap()).unwrap_or_else(|e| panic!("{file}: {e}"));
    pdf.pages.iter().map(|p| p.text()).collect()
}

/// Runs a poppler tool on `file`, failing clearly when it is not installed.
fn poppler(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run `{tool}` ({e}): install poppler-utils (.ci/run does)")
    });
    assert!(out.status.success(), "{tool} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Page texts read by poppler's `pdfinfo` and `pdftotext -layout`.
fn poppler_pages(file: &str) -> Vec<String> {
    let info = poppler("pdfinfo", &[file]);
    let line = info.lines().find(|l| l.starts_with("Pages:")).expect("Pages: line");
    let pages: usize = line["Pages:".len()..].trim().parse().unwrap();
    (1..=pages)
        .map(|k| {
            let k = k.to_string();
            poppler("pdftotext", &["-layout", "-f", &k, "-l", &k, file, "-"])
        })
        .collect()
}

/// The width and height in a PNG header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

fn check_book_whose_solutions_solve_the_puzzles(pages: PageTexts) {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = corpus("top1465.txt", 13);
    let input = write_file(dir.path(), "p.txt", text_of(&puzzles));
    let out = dir.path().join("book.pdf");
    let out_s = out.to_str().unwrap();
    sudokit(
        &["print", &input, "-o", out_s, "--solutions", "--title", "Thirteen", "--per-page", "6"],
        b"",
    )
    .expect_code(0)
    .expect_stderr(&["wrote", "book.pdf", "4 pages"]);
    // 13 puzzles at six a page, then 13 solutions at twenty a page.
    let text = pages(out_s);
    assert_eq!(text.len(), 4);
    let text = text.concat();
    assert!(text.contains("Thirteen") && text.contains("No. 13") && text.contains("page 4 of 4"));

    // One puzzle a page: page 2 is its solution, nine rows of nine digits.
    let single = dir.path().join("one.pdf");
    let single_s = single.to_str().unwrap();
    sudokit(&["print", "-o", single_s, "--solutions", "--per-page", "1"], puzzles[12].as_bytes())
        .expect_code(0);
    let text = pages(single_s);
    assert_eq!(text.len(), 2);
    let rows: Vec<String> = text[1]
        .lines()
        .map(|l| l.split_whitespace().collect::<String>())
        .filter(|l| l.len() == 9 && l.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    assert_eq!(rows.len(), 9, "{}", text[1]);
    assert_solves(&puzzles[12], &rows.concat(), 3, 3);
}

#[test]
fn print_writes_a_pdf_book_whose_solutions_solve_the_puzzles() {
    check_book_whose_solutions_solve_the_puzzles(rust_pages);
}

#[test]
#[ignore = "needs poppler-utils (pdfinfo, pdftotext); .ci/run installs them"]
fn print_writes_a_pdf_book_whose_solutions_solve_the_puzzles_in_poppler() {
    check_book_whose_solutions_solve_the_puzzles(poppler_pages);
}

#[test]
fn print_never_replaces_a_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "p.txt", text_of(&corpus("top1465.txt", 2)));
    let out = write_file(dir.path(), "precious.pdf", "my thesis");
    sudokit(&["print", &input, "-o", &out], b"")
        .expect_code(2)
        .expect_stderr(&["precious.pdf already exists", "--force"]);
    assert_eq!(fs::read_to_string(&out).unwrap(), "my thesis");
    sudokit(&["print", &input, "-o", &out, "--force"], b"").expect_code(0);
    assert!(fs::read(&out).unwrap().starts_with(b"%PDF-"));
    // No temporary file is left behind.
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

/// A title with characters the embedded font lacks is printed with a
/// warning naming them, for the formats that draw from that font (PDF,
/// PNG); SVG, drawn with the viewer's fonts, and a title the font covers
/// (Hebrew here) get none. The PDF's text layer keeps the title.
#[test]
fn print_warns_of_title_characters_the_font_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "p.txt", text_of(&corpus("top1465.txt", 1)));
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let run =
        sudokit(&["print", &input, "-o", &path("j.pdf"), "--title", "\u{6570}\u{72EC} 1"], b"");
    run.expect_code(0).expect_stderr(&["warning", "'\u{6570}', '\u{72EC}'", "PDF", "text layer"]);
    let pdf = Pdf::read(&fs::read(path("j.pdf")).unwrap()).unwrap();
    assert!(pdf.pages[0].text().contains("\u{6570}\u{72EC} 1"), "{}", pdf.pages[0].text());
    let run = sudokit(&["print", &input, "-o", &path("j.png"), "--title", "\u{6570}"], b"");
    run.expect_code(0).expect_stderr(&["warning", "PNG"]);
    for (name, title) in [("j.svg", "\u{6570}"), ("h.pdf", "\u{5E1}\u{5E4}\u{5E8} 2")] {
        let run = sudokit(&["print", &input, "-o", &path(name), "--title", title], b"");
        assert!(!run.expect_code(0).stderr.contains("warning"), "{run}");
    }
}

/// A book gets the permissions any new file of the user gets (not the
/// private ones of the temporary file it is written to first), and a book
/// written over a file with `--force` keeps that file's permissions.
#[cfg(unix)]
#[test]
fn print_files_get_the_permissions_of_a_new_file_or_of_the_file_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let input = write_file(dir.path(), "p.txt", text_of(&corpus("top1465.txt", 2)));
    let plain = dir.path().join("plain.txt");
    fs::File::create(&plain).unwrap();
    for name in ["book.pdf", "page.svg"] {
        let out = dir.path().join(name);
        sudokit(&["print", &input, "-o", out.to_str().unwrap()], b"").expect_code(0);
        assert_eq!(mode(&out), mode(&plain), "{name}");
    }
    let old = write_file(dir.path(), "old.pdf", "old");
    fs::set_permissions(&old, fs::Permissions::from_mode(0o640)).unwrap();
    sudokit(&["print", &input, "-o", &old, "--force"], b"").expect_code(0);
    assert_eq!(mode(Path::new(&old)), 0o640);
    assert!(fs::read(&old).unwrap().starts_with(b"%PDF-"));
}

#[test]
fn print_writes_one_svg_per_page_and_refuses_to_overwrite_any() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "p.txt", text_of(&corpus("top1465.txt", 5)));
    let sheet = dir.path().join("sheet.svg");
    let sheet_s = sheet.to_str().unwrap();
    sudokit(&["print", &input, "-o", sheet_s, "--per-page", "2"], b"").expect_code(0);
    assert!(!sheet.exists(), "several pages go to numbered files");
    for k in 1..=3 {
        let page = fs::read_to_string(dir.path().join(format!("sheet-{k}.svg"))).unwrap();
        assert!(page.contains("<svg") && page.contains("class=\"given\""));
    }
    assert!(!Path::new(&dir.path().join("sheet-4.svg")).exists());
    // A second run would replace sheet-1.svg..: refused, nothing touched.
    fs::write(dir.path().join("sheet-2.svg"), "mine").unwrap();
    sudokit(&["print", &input, "-o", sheet_s, "--per-page", "2"], b"")
        .expect_code(2)
        .expect_stderr(&["sheet-1.svg already exists"]);
    assert_eq!(fs::read_to_string(dir.path().join("sheet-2.svg")).unwrap(), "mine");
}

/// `--force` over several pages is all or nothing: a directory with page
/// 2's name stops the run before page 1's old file is replaced (it used to
/// be lost), and no temporary file is left.
#[test]
fn print_force_replaces_every_page_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "p.txt", text_of(&corpus("top1465.txt", 3)));
    let sheet = dir.path().join("sheet.svg");
    let page1 = write_file(dir.path(), "sheet-1.svg", "mine");
    fs::create_dir(dir.path().join("sheet-2.svg")).unwrap();
    sudokit(&["print", &input, "-o", sheet.to_str().unwrap(), "--per-page", "1", "--force"], b"")
        .expect_code(2)
        .expect_stderr(&[
            "sheet-2.svg is a directory",
            "page 2",
            "no file was written or replaced",
        ]);
    assert_eq!(fs::read_to_string(&page1).unwrap(), "mine");
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["p.txt", "sheet-1.svg", "sheet-2.svg"]);
}

#[test]
fn print_png_pages_have_the_resolution_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("page.png");
    sudokit(
        &["print", "-o", out.to_str().unwrap(), "--paper", "letter", "--dpi", "72"],
        corpus("top1465.txt", 1)[0].as_bytes(),
    )
    .expect_code(0);
    assert_eq!(png_size(&fs::read(&out).unwrap()), (612, 792));
    sudokit(&["print", "-o", "x.png", "--dpi", "5"], b"").expect_code(2);
}

#[test]
fn print_to_stdout_and_format_errors() {
    let puzzles = text_of(&corpus("top1465.txt", 3));
    let run = sudokit(&["print", "-o", "-"], puzzles.as_bytes());
    run.expect_code(0);
    assert!(run.stdout.starts_with(b"%PDF-"));
    let run = sudokit(&["print", "-o", "-", "-f", "svg", "--per-page", "1"], puzzles.as_bytes());
    run.expect_code(2).expect_stderr(&["3 pages", "standard output"]);
    sudokit(&["print", "-o", "book.txt"], puzzles.as_bytes())
        .expect_code(2)
        .expect_stderr(&["book.txt", ".pdf, .svg or .png"]);
    sudokit(&["print", "-o", "b.pdf", "--per-page", "3"], puzzles.as_bytes()).expect_code(2);
    // Several solutions: the message names the puzzle and where it was read.
    let two = format!("{}{}\n", puzzles, ".".repeat(81));
    sudokit(&["print", "-o", "-", "--solutions"], two.as_bytes()).expect_code(2).expect_stderr(&[
        "puzzle 4",
        "several solutions",
        "<stdin>:4",
    ]);
}

/// A --format that the extension of --out contradicts (`-f svg -o m.pdf`
/// once wrote SVG pages to m-1.pdf, ...) is refused, naming both, by print
/// and generate alike, before anything is written. Without --format the
/// extension chooses, for generate too; a name without a book extension
/// takes any --format.
#[test]
fn print_and_generate_refuse_a_format_the_file_name_contradicts() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = text_of(&corpus("top1465.txt", 3));
    for (format, name) in [("svg", "m.pdf"), ("pdf", "m.png"), ("png", "m.SVG")] {
        let out = dir.path().join(name);
        let out = out.to_str().unwrap();
        let flag = format!("--format {format}");
        sudokit(&["print", "-o", out, "-f", format, "--per-page", "1"], puzzles.as_bytes())
            .expect_code(2)
            .expect_stderr(&[&flag, name]);
        sudokit(&["generate", "-q", "--seed", "1", "-f", format, "-o", out], b"")
            .expect_code(2)
            .expect_stderr(&[&flag, name]);
    }
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "nothing is written");

    let pdf = dir.path().join("g.pdf");
    sudokit(&["generate", "-q", "--seed", "1", "-o", pdf.to_str().unwrap()], b"")
        .expect_code(0)
        .expect_stderr(&["wrote", "g.pdf"]);
    assert!(fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    let page = dir.path().join("page");
    sudokit(&["print", "-f", "svg", "-o", page.to_str().unwrap()], puzzles.as_bytes())
        .expect_code(0);
    assert!(fs::read_to_string(&page).unwrap().contains("<svg"));
}

#[test]
fn print_shows_pencil_marks() {
    let dir = tempfile::tempdir().unwrap();
    let marks = "\
12 3 4 1234
4 1234 1234 1234
1234 1234 1234 1234
1234 1234 1234 1234
";
    let input = write_file(dir.path(), "marks.txt", marks);
    let out = dir.path().join("marks.svg");
    sudokit(&["print", &input, "--from", "pencilmarks", "-o", out.to_str().unwrap()], b"")
        .expect_code(0);
    let svg = fs::read_to_string(&out).unwrap();
    // Givens 3, 4, 4 (cells with one candidate); 2 + 12 * 4 marks elsewhere.
    assert_eq!(svg.matches("class=\"given\"").count(), 3);
    assert_eq!(svg.matches("class=\"candidate\"").count(), 2 + 12 * 4);
}

/// Pencil marks print under variant rules (they were refused), read under
/// the rules as hint, explain and rate read them: the rules drawn and every
/// mark shown, the cage's first cell too.
#[test]
fn print_shows_pencil_marks_under_variant_rules() {
    let dir = tempfile::tempdir().unwrap();
    let count = |svg: &str, class: &str| svg.matches(&format!("class=\"{class}\"")).count();
    let marks = "12 3 4 1234\n4 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n";
    let input = write_file(dir.path(), "marks.txt", marks);
    for (k, (rules, class, drawn)) in
        [("4+x", "diagonal", 2), ("4+cage:5=0.1", "cage-sum", 1)].into_iter().enumerate()
    {
        let out = dir.path().join(format!("marks-{k}.svg"));
        let out = out.to_str().unwrap();
        sudokit(&["print", &input, "--from", "pencilmarks", "--rules", rules, "-o", out], b"")
            .expect_code(0);
        let svg = fs::read_to_string(out).unwrap();
        assert_eq!(count(&svg, "given"), 3, "{rules}");
        assert_eq!(count(&svg, "candidate"), 2 + 12 * 4, "{rules}");
        assert_eq!(count(&svg, class), drawn, "{rules}");
    }
}

/// `generate --format pdf`: page k shows the k-th puzzle the same run prints
/// as CSV (its givens in reading order), captioned with its level, rating
/// and seed, and the solutions follow; an existing file stops the run first.
fn check_generate_prints_the_puzzles_it_makes(pages: PageTexts) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("medium.pdf");
    let out_s = out.to_str().unwrap();
    let run = ["generate", "-q", "-n", "3", "--seed", "9", "--difficulty", "medium"];
    let csv = sudokit(&[&run[..], &["-f", "csv"]].concat(), b"");
    csv.expect_code(0);
    let rows: Vec<Vec<String>> =
        csv.lines()[1..].iter().map(|l| l.split(',').map(str::to_string).collect()).collect();
    assert_eq!(rows.len(), 3);
    let book = [&run[..], &["-f", "pdf", "-o", out_s, "--per-page", "1", "--with-solution"]];
    sudokit(&book.concat(), b"").expect_code(0).expect_stderr(&["wrote", "medium.pdf"]);
    let texts = pages(out_s);
    assert!(texts.len() > 3, "solution pages follow the puzzles");
    for (k, row) in rows.iter().enumerate() {
        let text = &texts[k];
        let caption = format!("No. {}", k + 1);
        let (grid, rest) = text.split_once(&caption).expect("a caption");
        let shown: String = grid.chars().filter(char::is_ascii_digit).collect();
        let givens: String = row[3].chars().filter(|c| c.is_ascii_digit() && *c != '0').collect();
        assert_eq!(shown, givens, "page {}", k + 1);
        // Readers differ in how they space words: compare single-spaced.
        let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(rest.contains(&format!("medium · rating {} · seed 9", row[4])), "{rest}");
    }
    // The file exists now: a second run refuses before generating anything.
    sudokit(&book.concat(), b"").expect_code(2).expect_stderr(&["already exists", "--force"]);
    let svg = dir.path().join("one.svg");
    sudokit(&["generate", "-q", "--seed", "1", "-f", "svg", "-o", svg.to_str().unwrap()], b"")
        .expect_code(0);
    assert!(fs::read_to_string(&svg).unwrap().contains("<svg"));
    sudokit(&["generate", "-f", "pdf"], b"").expect_code(2).expect_stderr(&["--out"]);
}

#[test]
fn generate_prints_the_puzzles_it_makes_as_a_book() {
    check_generate_prints_the_puzzles_it_makes(rust_pages);
}

#[test]
#[ignore = "needs poppler-utils (pdfinfo, pdftotext); .ci/run installs them"]
fn generate_prints_the_puzzles_it_makes_as_a_book_in_poppler() {
    check_generate_prints_the_puzzles_it_makes(poppler_pages);
}

/// `--rules` and `--variant killer` give the printed grids their rules,
/// and the pages draw them: two diagonals for X, a dashed outline and a
/// sum for every cage of each killer line (counted from the line itself).
#[test]
fn print_draws_the_rules_of_rules_and_killer_lines() {
    let dir = tempfile::tempdir().unwrap();
    let count = |svg: &str, class: &str| svg.matches(&format!("class=\"{class}\"")).count();

    let x = dir.path().join("x.svg");
    sudokit(&["print", "--rules", "9+x", "-o", x.to_str().unwrap()], ".".repeat(81).as_bytes())
        .expect_code(0);
    let svg = fs::read_to_string(&x).unwrap();
    assert_eq!(count(&svg, "diagonal"), 2);
    assert_eq!(count(&svg, "cage"), 0);

    let text = fs::read_to_string(crate::util::data_dir().join("variants/killer-9.txt")).unwrap();
    let lines: Vec<&str> = text.lines().take(2).collect();
    let input = write_file(dir.path(), "k.txt", lines.join("\n") + "\n");
    let out = dir.path().join("k.svg");
    sudokit(
        &["print", "--variant", "killer", &input, "-o", out.to_str().unwrap(), "--per-page", "1"],
        b"",
    )
    .expect_code(0);
    for (k, line) in lines.iter().enumerate() {
        let svg = fs::read_to_string(dir.path().join(format!("k-{}.svg", k + 1))).unwrap();
        let sums = line.split_whitespace().nth(1).unwrap().split(',').count();
        assert_eq!(count(&svg, "cage-sum"), sums, "page {}", k + 1);
        assert!(count(&svg, "cage") >= 4 * sums, "page {}: too few cage lines", k + 1);
    }
}

/// `generate --variant killer` prints its puzzles with their cages: each
/// SVG page has a dashed cage outline and one sum per cage, and the sums
/// on a page add up to the board's total (the cages cover every cell).
#[test]
fn generate_prints_killer_cages() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("k.svg");
    sudokit(
        &["generate", "--variant", "killer", "--seed", "5", "-n", "2", "--format", "svg"]
            .into_iter()
            .chain(["--per-page", "1", "-o", out.to_str().unwrap()])
            .collect::<Vec<_>>(),
        b"",
    )
    .expect_code(0);
    for page in 1..=2 {
        let svg = fs::read_to_string(dir.path().join(format!("k-{page}.svg"))).unwrap();
        let sums: Vec<u32> = svg
            .split("class=\"cage-sum\"")
            .skip(1)
            .map(|rest| {
                let text = &rest[rest.find('>').unwrap() + 1..];
                text[..text.find('<').unwrap()].trim().parse().unwrap()
            })
            .collect();
        assert!(sums.len() >= 9, "page {page}: {} cage sums", sums.len());
        assert_eq!(sums.iter().sum::<u32>(), 9 * 45, "page {page}: the sums cover the board");
    }
}

/// A bad rules name is an input error naming the flag; givens that break
/// the rules stop the solution pages, naming the line.
#[test]
fn print_refuses_bad_rules_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bad.pdf");
    let out = out.to_str().unwrap();
    sudokit(&["print", "--rules", "9+nonsense", "-o", out], ".".repeat(81).as_bytes())
        .expect_code(2)
        .expect_stderr(&["--rules"]);
    // Two 1s on the main diagonal break X.
    let mut clash = ".".repeat(81);
    clash.replace_range(0..1, "1");
    clash.replace_range(10..11, "1");
    sudokit(&["print", "--rules", "9+x", "--solutions", "-o", out], clash.as_bytes())
        .expect_code(2)
        .expect_stderr(&["break a rule", "<stdin>:1"]);
    assert!(!Path::new(out).exists());
}
