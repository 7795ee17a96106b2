//! Variant boards: what the rules add to a printed grid, checked against
//! facts the tests compute themselves (the cage map's letters, the region
//! string, the windows' positions), never against the layout code.
//!
//! Every sample page is also written as SVG and PNG under
//! `target/print-samples/` for people to look at.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

use sudokit::format::{parse_grid, parse_killer, symbol_char};
use sudokit::generate::{Generator, Options};
use sudokit::{Candidates, Grid, Rules, Shape};
use sudokit_pdf_text::Pdf;
use sudokit_print::{
    Book, Circle, Element, GridBox, Line, LineKind, Mark, Page, PerPage, PrintItem, PrintOptions,
    Rect, Role, Text,
};

use crate::util::{carve, poppler, symbols};

/// The first killer of `data/variants/killer-9.txt` (no givens), its cage
/// map and its sums.
const KILLER: &str = include_str!("../../../data/variants/killer-9.txt");
/// Thermo puzzles: the rules' name, the givens, ` # ` and the solution.
const THERMO: &str = include_str!("../../../data/variants/thermo-9.txt");
/// A jigsaw whose middle band breaks the boxes.
const JIGSAW: &str =
    "000111222000111222000111222333444555333445555333444455666777888666777888666777888";

/// `target/print-samples/<name>`, its directory created.
fn sample(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().join("print-samples");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A one-page book of `item` (and a solution page when it carries its
/// solution), its pages saved as `name-k.svg` and `name-k.png`, the book
/// as `name.pdf`.
fn book(item: PrintItem, name: &str) -> Book {
    let solutions = item.solution.is_some();
    let options = PrintOptions { per_page: PerPage::One, solutions, ..PrintOptions::default() };
    let book = Book::new(&[item], &options).unwrap();
    std::fs::write(sample(&format!("{name}.pdf")), book.to_pdf()).unwrap();
    for (k, (svg, png)) in book.to_svg().iter().zip(book.to_png(150).unwrap()).enumerate() {
        std::fs::write(sample(&format!("{name}-{}.svg", k + 1)), svg).unwrap();
        std::fs::write(sample(&format!("{name}-{}.png", k + 1)), png).unwrap();
    }
    book
}

/// A full grid under `rules` from the engine's generator (seeded), and a
/// puzzle carved from it; the test checks the grid by the rules.
fn carved(rules: Rules, seed: u64) -> (Grid, Grid) {
    let full = Generator::new(Options::new(rules.clone()), seed).unwrap().grid(0).unwrap();
    assert!(full.is_solved(), "the generator's grid breaks {rules}");
    let puzzle = carve(&full).with_rules(rules).unwrap();
    assert!(full.is_solution_of(&puzzle));
    (puzzle, full)
}

/// The elements of variant `$kind` of `Element` on `$page` whose
/// `$field` is `$value`, in drawing order.
macro_rules! picked {
    ($page:expr, $kind:ident, $field:ident == $value:expr) => {
        $page
            .elements
            .iter()
            .filter_map(|e| match e {
                Element::$kind(x) if x.$field == $value => Some(x),
                _ => None,
            })
            .cloned()
            .collect()
    };
}

fn lines(page: &Page, kind: LineKind) -> Vec<Line> {
    picked!(page, Line, kind == kind)
}

fn texts(page: &Page, role: Role) -> Vec<Text> {
    picked!(page, Text, role == role)
}

fn circles(page: &Page, mark: Mark) -> Vec<Circle> {
    picked!(page, Circle, mark == mark)
}

fn rects(page: &Page, mark: Mark) -> Vec<Rect> {
    picked!(page, Rect, mark == mark)
}

/// The cell index under the point (`x`, `y`) of grid `g`.
fn cell_at(g: &GridBox, x: f32, y: f32) -> usize {
    let cell = g.side / g.size as f32;
    let col = ((x - g.x) / cell).floor() as usize;
    let row = ((y - g.y) / cell).floor() as usize;
    assert!(row < g.size && col < g.size, "({x}, {y}) is outside the grid");
    row * g.size + col
}

/// The centre of cell index `i` of grid `g`.
fn centre(g: &GridBox, i: usize) -> (f32, f32) {
    let cell = g.side / g.size as f32;
    (g.x + (i % g.size) as f32 * cell + cell / 2.0, g.y + (i / g.size) as f32 * cell + cell / 2.0)
}

fn near(a: (f32, f32), b: (f32, f32)) -> bool {
    (a.0 - b.0).abs() < 0.01 && (a.1 - b.1).abs() < 0.01
}

/// The elements of an SVG document with tag `tag` and class `class`.
fn svg_count(svg: &str, tag: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("SVG does not parse: {e}"));
    doc.descendants().filter(|n| n.has_tag_name(tag) && n.attribute("class") == Some(class)).count()
}

/// Pencil marks under killer rules: every mark is drawn, and those of a
/// cage's first cell sit below its sum, whose white ground would otherwise
/// hide the first marks (a 1 missing from the pencil marks is a lie).
#[test]
fn pencil_marks_stay_clear_of_cage_sums() {
    let line = KILLER.lines().next().unwrap();
    let (map_text, sums_text) = (line.split(' ').next().unwrap(), line.split(' ').nth(1).unwrap());
    let puzzle = parse_killer(&format!("{map_text} {sums_text}")).unwrap();
    let marks = Candidates::from_masks_with(puzzle.rules().clone(), vec![0x1ff; 81]).unwrap();
    let item = PrintItem { candidates: Some(marks), ..PrintItem::new(puzzle, 1) };
    let book = book(item, "killer-marks");
    let page = &book.pages()[0];
    let grounds = rects(page, Mark::SumGround);
    assert_eq!(grounds.len(), sums_text.split(',').count());
    let shown = texts(page, Role::Candidate);
    assert_eq!(shown.len(), 81 * 9, "every mark is drawn");
    for t in &shown {
        // The glyph's box: centred on x, its cap height above the baseline.
        let (half, cap) = (t.size * 0.35, t.size * 0.75);
        for g in &grounds {
            let apart = t.x + half <= g.x
                || t.x - half >= g.x + g.w
                || t.y <= g.y
                || t.y - cap >= g.y + g.h;
            assert!(apart, "mark {} at ({}, {}) is under a cage sum {g:?}", t.text, t.x, t.y);
        }
    }
}

/// Each cage gets one closed dashed outline inside its own cells and its
/// sum at the top left of its first cell; the SVG has the same lines and
/// sums; the PDF's text layer reads the givens, then the sums.
#[test]
fn killer_cages_are_outlined_and_summed() {
    let line = KILLER.lines().next().unwrap();
    let mut parts = line.split_whitespace();
    let map: Vec<u8> = parts.next().unwrap().bytes().collect();
    let sums: Vec<&str> = parts.next().unwrap().split(',').collect();
    let solution = parse_grid(line.split('#').nth(1).unwrap().trim()).unwrap();
    // Letters in order of first appearance, as the killer format numbers cages.
    let mut letters: Vec<u8> = Vec::new();
    for &c in &map {
        if !letters.contains(&c) {
            letters.push(c);
        }
    }
    assert_eq!(letters.len(), sums.len());
    // Three givens from the solution keep the givens and the sums apart in
    // the text layer.
    let givens: String = solution
        .values()
        .iter()
        .enumerate()
        .map(|(i, &v)| if [4, 40, 76].contains(&i) { symbol_char(v).unwrap() } else { '.' })
        .collect();
    let (map_text, sums_text) = (line.split(' ').next().unwrap(), line.split(' ').nth(1).unwrap());
    let puzzle = parse_killer(&format!("{map_text} {sums_text} {givens}")).unwrap();
    let solution = solution.with_rules(puzzle.rules().clone()).unwrap();
    assert!(solution.is_solution_of(&puzzle));

    let item = PrintItem { solution: Some(solution), ..PrintItem::new(puzzle, 1) };
    let book = book(item, "killer");
    assert_eq!(book.pages().len(), 2);
    for page in book.pages() {
        let g = page.grids[0];
        let outline = lines(page, LineKind::Cage);
        assert!(outline.iter().all(|l| l.dash.is_some()), "cage lines are dashed");
        let mut by_cage: BTreeMap<u8, Vec<Line>> = BTreeMap::new();
        for l in &outline {
            let mid = cell_at(&g, (l.x1 + l.x2) / 2.0, (l.y1 + l.y2) / 2.0);
            by_cage.entry(map[mid]).or_default().push(*l);
        }
        assert_eq!(by_cage.len(), letters.len(), "every cage has an outline");
        for (letter, stretches) in &by_cage {
            // Closed: every end point meets exactly one other end point.
            let ends: Vec<(f32, f32)> =
                stretches.iter().flat_map(|l| [(l.x1, l.y1), (l.x2, l.y2)]).collect();
            for &p in &ends {
                let meeting = ends.iter().filter(|&&q| near(p, q)).count();
                assert_eq!(meeting, 2, "cage {} is open at {p:?}", *letter as char);
            }
            // Inside the cage: no stretch crosses into another cage's cell.
            for l in stretches {
                for t in [0.1, 0.5, 0.9] {
                    let (x, y) = (l.x1 + t * (l.x2 - l.x1), l.y1 + t * (l.y2 - l.y1));
                    assert_eq!(map[cell_at(&g, x, y)], *letter, "{l:?} leaves its cage");
                }
            }
        }
        let printed = texts(page, Role::CageSum);
        assert_eq!(printed.len(), sums.len());
        for (k, (text, &letter)) in printed.iter().zip(&letters).enumerate() {
            assert_eq!(text.text, sums[k]);
            let first = map.iter().position(|&c| c == letter).unwrap();
            assert_eq!(
                cell_at(&g, text.x, text.y),
                first,
                "the sum of cage {k} is in its first cell"
            );
            let given = texts(page, Role::Given);
            let size = given.first().map_or(f32::MAX, |t| t.size);
            assert!(text.size < size / 2.0, "sums are small beside the givens");
        }
    }

    let svg = &book.to_svg()[0];
    let page = &book.pages()[0];
    assert_eq!(svg_count(svg, "line", "cage"), lines(page, LineKind::Cage).len());
    assert_eq!(svg_count(svg, "text", "cage-sum"), sums.len());
    assert!(svg.contains("stroke-dasharray"));

    let pdf = Pdf::read(&book.to_pdf()).unwrap();
    let g = page.grids[0];
    let in_grid: String = pdf.pages[0]
        .runs
        .iter()
        .filter(|r| r.x >= g.x && r.x <= g.x + g.side && r.y >= g.y && r.y <= g.y + g.side)
        .map(|r| r.text.as_str())
        .collect();
    assert_eq!(in_grid, format!("{}{}", givens.replace('.', ""), sums.concat()));
}

/// Thick lines separate exactly the cells of different regions (the region
/// string read by the test), thin lines every other pair of neighbours,
/// each edge drawn once.
#[test]
fn jigsaw_thick_lines_follow_the_regions() {
    let rules: Rules = format!("9+jigsaw={JIGSAW}").parse().unwrap();
    let (puzzle, full) = carved(rules, 7);
    let region: Vec<u8> = JIGSAW.bytes().collect();
    let book = book(PrintItem { solution: Some(full), ..PrintItem::new(puzzle, 1) }, "jigsaw");
    for page in book.pages() {
        let g = page.grids[0];
        let n = g.size;
        let cell = g.side / n as f32;
        // Unit edges as (vertical, line k, step along), from each line.
        let edges = |kind: LineKind| {
            let mut seen: Vec<(bool, usize, usize)> = Vec::new();
            for l in lines(page, kind) {
                let vertical = l.x1 == l.x2;
                let (fixed, a, b) = if vertical {
                    (l.x1 - g.x, l.y1 - g.y, l.y2 - g.y)
                } else {
                    (l.y1 - g.y, l.x1 - g.x, l.x2 - g.x)
                };
                let k = (fixed / cell).round() as usize;
                let (a, b) = ((a / cell).round() as usize, (b / cell).round() as usize);
                seen.extend((a.min(b)..a.max(b)).map(|s| (vertical, k, s)));
            }
            seen
        };
        let (thick, thin) = (edges(LineKind::Border), edges(LineKind::Cell));
        let thick_set: BTreeSet<_> = thick.iter().copied().collect();
        let thin_set: BTreeSet<_> = thin.iter().copied().collect();
        assert_eq!(thick_set.len(), thick.len(), "a thick edge is drawn twice");
        assert_eq!(thin_set.len(), thin.len(), "a thin edge is drawn twice");
        let mut want_thick = BTreeSet::new();
        let mut want_thin = BTreeSet::new();
        for k in 0..=n {
            for s in 0..n {
                for vertical in [true, false] {
                    let differ = k == 0
                        || k == n
                        || if vertical {
                            region[s * n + k - 1] != region[s * n + k]
                        } else {
                            region[(k - 1) * n + s] != region[k * n + s]
                        };
                    if differ { &mut want_thick } else { &mut want_thin }.insert((vertical, k, s));
                }
            }
        }
        assert_eq!(thick_set, want_thick);
        assert_eq!(thin_set, want_thin);
    }
}

/// X-Sudoku: each grid (puzzle and solution) has two grey diagonals from
/// corner to corner, in the SVG too.
#[test]
fn x_grids_have_both_diagonals() {
    let (puzzle, full) = carved("9+x".parse().unwrap(), 3);
    let book = book(PrintItem { solution: Some(full), ..PrintItem::new(puzzle, 1) }, "x");
    for page in book.pages() {
        let g = page.grids[0];
        let diagonals = lines(page, LineKind::Diagonal);
        assert_eq!(diagonals.len(), 2);
        let (x1, y1) = (g.x + g.side, g.y + g.side);
        let mut corners: Vec<[(f32, f32); 2]> =
            diagonals.iter().map(|l| [(l.x1, l.y1), (l.x2, l.y2)]).collect();
        corners.iter_mut().for_each(|c| c.sort_by(|a, b| a.partial_cmp(b).unwrap()));
        assert!(corners.iter().any(|c| near(c[0], (g.x, g.y)) && near(c[1], (x1, y1))));
        assert!(corners.iter().any(|c| near(c[0], (g.x, y1)) && near(c[1], (x1, g.y))));
        assert!(diagonals.iter().all(|l| l.gray > 0.3 && l.gray < 0.9));
    }
    assert_eq!(svg_count(&book.to_svg()[0], "line", "diagonal"), 2);
}

/// Windoku: exactly the cells of the four windows (rows and columns 2-4 and
/// 6-8) are shaded.
#[test]
fn windoku_windows_are_shaded() {
    let (puzzle, _) = carved("9+windoku".parse().unwrap(), 5);
    let book = book(PrintItem::new(puzzle, 1), "windoku");
    let page = &book.pages()[0];
    let g = page.grids[0];
    let shaded: BTreeSet<usize> = rects(page, Mark::Window)
        .iter()
        .map(|r| cell_at(&g, r.x + r.w / 2.0, r.y + r.h / 2.0))
        .collect();
    let inside = |k: usize| (1..=3).contains(&k) || (5..=7).contains(&k);
    let want: BTreeSet<usize> = (0..81).filter(|&i| inside(i / 9) && inside(i % 9)).collect();
    assert_eq!(shaded, want);
    assert_eq!(rects(page, Mark::Window).len(), 36);
    assert_eq!(svg_count(&book.to_svg()[0], "rect", "window"), 36);
}

/// Thermometers: a bulb on the first cell of each, one thick round-capped
/// grey step per pair of cells, centre to centre; the givens still read
/// from the PDF.
#[test]
fn thermometers_run_from_their_bulbs() {
    let line = THERMO.lines().next().unwrap();
    let (head, solution) = line.split_once(" # ").unwrap();
    let (name, givens) = head.split_once(' ').unwrap();
    let rules: Rules = name.parse().unwrap();
    let puzzle = parse_grid(givens).unwrap().with_rules(rules).unwrap();
    let solution = parse_grid(solution).unwrap().with_rules(puzzle.rules().clone()).unwrap();
    assert!(solution.is_solution_of(&puzzle));
    // The thermometers as the test reads them from the name.
    let thermos: Vec<Vec<usize>> = name
        .split('+')
        .filter_map(|p| p.strip_prefix("thermo:"))
        .map(|cells| cells.split('.').map(|c| c.parse().unwrap()).collect())
        .collect();
    assert_eq!(thermos.len(), 8);
    let book =
        book(PrintItem { solution: Some(solution), ..PrintItem::new(puzzle.clone(), 1) }, "thermo");
    for page in book.pages() {
        let g = page.grids[0];
        let bulbs = circles(page, Mark::Bulb);
        assert_eq!(bulbs.len(), thermos.len());
        let steps = lines(page, LineKind::Thermo);
        assert_eq!(steps.len(), thermos.iter().map(|t| t.len() - 1).sum::<usize>());
        for t in &thermos {
            assert!(bulbs.iter().any(|b| near((b.cx, b.cy), centre(&g, t[0]))));
            for w in t.windows(2) {
                let (a, b) = (centre(&g, w[0]), centre(&g, w[1]));
                assert!(
                    steps.iter().any(|l| near((l.x1, l.y1), a) && near((l.x2, l.y2), b)),
                    "no step from cell {} to {}",
                    w[0],
                    w[1]
                );
            }
        }
        assert!(steps.iter().all(|l| l.cap == sudokit_print::Cap::Round && l.gray > 0.5));
    }
    let svg = &book.to_svg()[0];
    assert_eq!(svg_count(svg, "circle", "bulb"), thermos.len());
    let pdf = Pdf::read(&book.to_pdf()).unwrap();
    let g = book.pages()[0].grids[0];
    let text: String = pdf.pages[0].text_in(g.x, g.y, g.side, g.side).split_whitespace().collect();
    assert_eq!(text, symbols(&puzzle));
}

/// Kropki dots sit on the midpoint of the edge their two cells share
/// (white outlined, black filled); even cells get squares, odd cells
/// circles. The dots and marks are read from a solved grid by the test, so
/// the rules hold.
#[test]
fn dots_and_parity_marks_sit_where_the_rules_say() {
    let line = THERMO.lines().next().unwrap();
    let full = parse_grid(line.split_once(" # ").unwrap().1).unwrap();
    let v = full.values();
    let mut name = String::from("9");
    let mut want_dots: HashMap<(usize, usize), Mark> = HashMap::new();
    for a in 0..81 {
        for b in [a + 1, a + 9] {
            if b >= 81 || (b == a + 1 && b % 9 == 0) {
                continue;
            }
            let (x, y) = (v[a].min(v[b]), v[a].max(v[b]));
            let mark = if y == x + 1 {
                Mark::WhiteDot
            } else if y == 2 * x {
                Mark::BlackDot
            } else {
                continue;
            };
            if (a * 7 + b) % 3 == 0 {
                name.push_str(&format!(
                    "+{}:{a}.{b}",
                    if mark == Mark::WhiteDot { "white" } else { "black" }
                ));
                want_dots.insert((a, b), mark);
            }
        }
    }
    let even: Vec<usize> = (0..81).filter(|&i| i % 5 == 0 && v[i].is_multiple_of(2)).collect();
    let odd: Vec<usize> = (0..81).filter(|&i| i % 7 == 0 && v[i] % 2 == 1).collect();
    let join = |c: &[usize]| c.iter().map(usize::to_string).collect::<Vec<_>>().join(".");
    name.push_str(&format!("+even:{}+odd:{}", join(&even), join(&odd)));
    let rules: Rules = name.parse().unwrap();
    let full = full.with_rules(rules.clone()).unwrap();
    assert!(full.is_solved(), "the test's dots and marks do not fit the grid");
    let puzzle = carve(&full).with_rules(rules).unwrap();
    assert!(!want_dots.is_empty() && !even.is_empty() && !odd.is_empty());

    let book = book(PrintItem::new(puzzle, 1), "kropki-even-odd");
    let page = &book.pages()[0];
    let g = page.grids[0];
    let mut dots = circles(page, Mark::WhiteDot);
    dots.extend(circles(page, Mark::BlackDot));
    assert_eq!(dots.len(), want_dots.len());
    for ((a, b), mark) in &want_dots {
        let (ca, cb) = (centre(&g, *a), centre(&g, *b));
        let mid = ((ca.0 + cb.0) / 2.0, (ca.1 + cb.1) / 2.0);
        let dot = dots.iter().find(|d| near((d.cx, d.cy), mid)).expect("a dot on the shared edge");
        assert_eq!(dot.mark, *mark);
        match mark {
            Mark::WhiteDot => assert!(dot.fill == 1.0 && dot.stroke.is_some()),
            _ => assert!(dot.fill == 0.0),
        }
    }
    let squares: BTreeSet<usize> = rects(page, Mark::Even)
        .iter()
        .map(|r| cell_at(&g, r.x + r.w / 2.0, r.y + r.h / 2.0))
        .collect();
    let rounds: BTreeSet<usize> =
        circles(page, Mark::Odd).iter().map(|c| cell_at(&g, c.cx, c.cy)).collect();
    assert_eq!(squares, even.iter().copied().collect());
    assert_eq!(rounds, odd.iter().copied().collect());
    let svg = &book.to_svg()[0];
    assert_eq!(svg_count(svg, "rect", "even"), even.len());
    assert_eq!(svg_count(svg, "circle", "odd"), odd.len());
    assert_eq!(
        svg_count(svg, "circle", "white-dot") + svg_count(svg, "circle", "black-dot"),
        want_dots.len()
    );
    // Marks and dots lie under the digits: every text is drawn after them.
    let order: Vec<&Element> = page.layered().collect();
    let last_shape = order.iter().rposition(|e| !matches!(e, Element::Text(_))).unwrap();
    let first_text = order.iter().position(|e| matches!(e, Element::Text(_))).unwrap();
    assert!(last_shape < first_text);
}

/// A classic board has no variant drawings: one thin or thick line per
/// grid line, nothing else but text.
#[test]
fn classic_boards_have_only_cell_and_box_lines() {
    let shape = Shape::from_size(9).unwrap();
    let full = Generator::new(Options::new(shape), 1).unwrap().grid(0).unwrap();
    let book = Book::new(&[PrintItem::new(carve(&full), 1)], &PrintOptions::default()).unwrap();
    let page = &book.pages()[0];
    for e in &page.elements {
        match e {
            Element::Line(l) => assert!(matches!(l.kind, LineKind::Cell | LineKind::Border)),
            Element::Text(_) => {}
            other => panic!("a classic board drew {other:?}"),
        }
    }
    // 6 thin and 4 thick lines each way.
    assert_eq!(lines(page, LineKind::Cell).len(), 12);
    assert_eq!(lines(page, LineKind::Border).len(), 8);
}

/// Poppler renders every variant drawing (dashes, round caps, circles,
/// fills) without a complaint.
#[test]
#[ignore = "needs poppler-utils (pdftoppm); .ci/run installs them"]
fn variant_pdfs_render_in_poppler() {
    let line = THERMO.lines().next().unwrap();
    let (head, _) = line.split_once(" # ").unwrap();
    let (name, givens) = head.split_once(' ').unwrap();
    let thermo = parse_grid(givens).unwrap().with_rules(name.parse().unwrap()).unwrap();
    let killer = parse_killer(KILLER.lines().next().unwrap()).unwrap();
    let (jigsaw, _) = carved(format!("9+jigsaw={JIGSAW}").parse().unwrap(), 7);
    let (x, _) = carved("9+x+windoku".parse().unwrap(), 3);
    let items: Vec<PrintItem> = [thermo, killer, jigsaw, x]
        .into_iter()
        .enumerate()
        .map(|(i, g)| PrintItem::new(g, i as u64 + 1))
        .collect();
    let options = PrintOptions { per_page: PerPage::Four, ..PrintOptions::default() };
    let book = Book::new(&items, &options).unwrap();
    let path = sample("variants-four.pdf");
    std::fs::write(&path, book.to_pdf()).unwrap();
    let out = sample("variants-four-poppler");
    let out =
        poppler("pdftoppm", &["-png", "-r", "100", path.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}
