//! The chains behind nested and dynamic forcing-chain steps, checked by
//! the rules on the board before the step, sharing no code with the
//! engine: every implication follows from its parents by one rule (a
//! cell, a house, cells that must differ, or a technique whose pattern the
//! parents complete; a constraint's implications are checked against the
//! solution instead), the
//! branches start from the form's assumptions and end at the step's
//! conclusion, and every nested chain's summary names its assumption's cell and the
//! candidates it removes, all on the board.

use sudokit::logic::{
    Branch, ChainForm, ChainProof, Implication, LogicSolver, Potential, Reason, Rule, State, Step,
    Technique,
};
use sudokit::{Cell, Grid, House, HouseKind, Rules, Shape};

use crate::util::{grid, load};

/// Candidate masks (bit `d - 1` for digit `d`) of a 9x9 board.
type Marks = [u16; 81];

fn marks_of(st: &State) -> Marks {
    let mut m = [0u16; 81];
    for (i, &mask) in st.masks().iter().enumerate() {
        m[i] = if st.values()[i] == 0 { mask as u16 } else { 0 };
    }
    m
}

fn bit(p: Potential) -> u16 {
    1 << (p.digit.get() - 1)
}

/// The cells of a house of a 9x9 board of `rules`: rows, columns and
/// boxes from their geometry, other houses (regions, diagonals, windows)
/// from the rules' table.
fn house_cells(rules: &Rules, h: House) -> Vec<usize> {
    let k = h.index;
    match h.kind {
        HouseKind::Row => (0..9).map(|c| k * 9 + c).collect(),
        HouseKind::Column => (0..9).map(|r| r * 9 + k).collect(),
        HouseKind::Box => (0..9).map(|i| (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3).collect(),
        _ => {
            let layout = rules.layout();
            let u = (0..layout.house_count())
                .find(|&u| layout.name(u) == h)
                .unwrap_or_else(|| panic!("{rules}: no {h}"));
            let cells: Vec<usize> = layout.house(u).iter().map(|&c| usize::from(c)).collect();
            assert_eq!(cells.len(), 9, "{rules}: {h}");
            cells
        }
    }
}

/// Every house of a 9x9 board of `rules`, rows first, then columns.
fn all_houses(rules: &Rules) -> Vec<Vec<usize>> {
    let layout = rules.layout();
    (0..layout.house_count()).map(|u| house_cells(rules, layout.name(u))).collect()
}

/// Whether removing `(cell, digit)` follows from `rule` on `w`.
fn rule_removes(rules: &Rules, rule: Rule, w: &Marks, cell: usize, d: u16) -> bool {
    let houses = all_houses(rules);
    let places = |h: &[usize], d: u16| -> Vec<usize> {
        h.iter().copied().filter(|&c| w[c] & d != 0).collect()
    };
    match rule {
        Rule::Intersection => houses.iter().any(|a| {
            houses.iter().any(|b| {
                let pa = places(a, d);
                !pa.is_empty()
                    && pa.iter().all(|c| b.contains(c))
                    && b.contains(&cell)
                    && !a.contains(&cell)
            })
        }),
        Rule::NakedPair => houses.iter().filter(|h| h.contains(&cell)).any(|h| {
            h.iter().any(|&a| {
                h.iter().any(|&b| {
                    a < b
                        && ![a, b].contains(&cell)
                        && w[a] == w[b]
                        && w[a].count_ones() == 2
                        && w[a] & d != 0
                })
            })
        }),
        Rule::HiddenPair => houses.iter().filter(|h| h.contains(&cell)).any(|h| {
            (0..9).any(|x| {
                (0..9).any(|y| {
                    let (bx, by) = (1u16 << x, 1u16 << y);
                    let px = places(h, bx);
                    x < y
                        && bx != d
                        && by != d
                        && px.len() == 2
                        && px == places(h, by)
                        && px.contains(&cell)
                })
            })
        }),
        Rule::XWing => {
            let lines: Vec<Vec<usize>> = houses[..18].to_vec();
            let (rows, cols) = lines.split_at(9);
            [(rows, cols), (cols, rows)].into_iter().any(|(base, cover)| {
                base.iter().enumerate().any(|(i, a)| {
                    base[i + 1..].iter().any(|b| {
                        cover.iter().enumerate().any(|(j, c1)| {
                            cover[j + 1..].iter().any(|c2| {
                                let inside = |l: &Vec<usize>| {
                                    let p = places(l, d);
                                    !p.is_empty()
                                        && p.iter().all(|x| c1.contains(x) || c2.contains(x))
                                };
                                inside(a)
                                    && inside(b)
                                    && (c1.contains(&cell) || c2.contains(&cell))
                                    && !a.contains(&cell)
                                    && !b.contains(&cell)
                            })
                        })
                    })
                })
            })
        }
        other => panic!("unknown rule {other:?}"),
    }
}

/// Checks one implication against its parents on the board `m`.
fn check_implication(
    rules: &Rules,
    m: &Marks,
    branch: &Branch,
    i: usize,
    proof: &ChainProof,
    what: &str,
) {
    let imp: &Implication = &branch.implications[i];
    let p = imp.potential;
    let cell = p.cell.index();
    let at = format!("{what}, implication {i} {:?}", p);
    assert!(m[cell] & bit(p) != 0, "{at}: not a candidate of the board");
    assert!(imp.parents.iter().all(|&j| j < i), "{at}: a parent comes later");
    let parents: Vec<Potential> =
        imp.parents.iter().map(|&j| branch.implications[j].potential).collect();
    let offs_in = |c: usize| -> u16 {
        parents.iter().filter(|q| !q.on && q.cell.index() == c).fold(0, |a, &q| a | bit(q))
    };
    match imp.reason {
        Reason::Assumed => panic!("{at}: a second assumption"),
        Reason::Cell if p.on => {
            let others = m[cell] & !bit(p);
            assert_eq!(offs_in(cell) & others, others, "{at}: other candidates left");
        }
        Reason::Cell => assert!(
            parents.iter().any(|q| q.on && q.cell == p.cell && q.digit != p.digit),
            "{at}: no digit of the cell on"
        ),
        Reason::House(h) if p.on => {
            let cells = house_cells(rules, h);
            assert!(cells.contains(&cell), "{at}: not in {h}");
            for c in cells.into_iter().filter(|&c| c != cell && m[c] & bit(p) != 0) {
                assert!(offs_in(c) & bit(p) != 0, "{at}: {h} keeps a place at {c}");
            }
        }
        Reason::House(h) => {
            let cells = house_cells(rules, h);
            assert!(
                parents.iter().any(|q| q.on
                    && q.digit == p.digit
                    && q.cell != p.cell
                    && cells.contains(&q.cell.index())
                    && cells.contains(&cell)),
                "{at}: no place of the digit on in {h}"
            );
        }
        Reason::Rule(rule) => {
            assert!(!p.on && !parents.is_empty() && parents.iter().all(|q| !q.on), "{at}");
            let mut w = *m;
            for q in &parents {
                w[q.cell.index()] &= !bit(*q);
            }
            assert!(
                rule_removes(rules, rule, &w, cell, bit(p)),
                "{at}: no {} removes it",
                rule.name()
            );
        }
        Reason::Nested(n) => {
            assert!(!p.on && !parents.is_empty() && parents.iter().all(|q| !q.on), "{at}");
            let nested = &proof.nested[n];
            assert!(nested.removes.contains(&(p.cell, p.digit)), "{at}: {}", nested.summary);
        }
        Reason::Differ => {
            let houses = all_houses(rules);
            assert!(
                !p.on
                    && parents.iter().any(|q| q.on
                        && q.digit == p.digit
                        && rules.layout().peers(cell).contains(&(q.cell.index() as u16))
                        && !houses
                            .iter()
                            .any(|h| h.contains(&cell) && h.contains(&q.cell.index()))),
                "{at}: no digit on in a cell that must differ and shares no house"
            );
        }
        Reason::Constraint(c) => {
            // What the constraint implies is checked against the solution
            // (see `check_path`); here that it is named and has a cause.
            let name = proof.constraints.get(c).unwrap_or_else(|| panic!("{at}: constraint {c}"));
            assert!(!name.is_empty() && !parents.is_empty(), "{at}");
        }
        other => panic!("{at}: unknown reason {other:?}"),
    }
}

/// Checks the proof of a chain step found on `st`; returns how many
/// nested chains it summarises.
fn check_step(st: &State, step: &Step) -> usize {
    let shape = Shape::CLASSIC;
    let rules = st.rules();
    let m = marks_of(st);
    let what = step.summary();
    let proof = step.chain.as_deref().unwrap_or_else(|| panic!("no chain: {what}"));
    assert!(!proof.branches.is_empty(), "{what}");
    // The branches: their assumptions, each implication by its rule.
    let mut ends = Vec::new();
    for (b, branch) in proof.branches.iter().enumerate() {
        let first = &branch.implications[0];
        assert_eq!(first.reason, Reason::Assumed, "{what}");
        assert!(first.parents.is_empty(), "{what}");
        assert!(m[first.potential.cell.index()] & bit(first.potential) != 0, "{what}");
        for i in 1..branch.implications.len() {
            check_implication(rules, &m, branch, i, proof, &format!("{what}: branch {b}"));
        }
        ends.push(branch.conclusion());
    }
    let assumptions: Vec<Potential> = proof.branches.iter().map(|b| b.assumption()).collect();
    let on = |c: Cell, d| Potential { cell: c, digit: d, on: true };
    if proof.form == ChainForm::Cycle {
        check_cycle(rules, &m, step, proof);
        return 0;
    }
    // How the branches combine, and what that proves.
    let proved = match proof.form {
        ChainForm::Chain => {
            assert_eq!(proof.branches.len(), 1, "{what}");
            let imps = &proof.branches[0].implications;
            assert!(imps.iter().enumerate().skip(1).all(|(i, x)| x.parents == [i - 1]), "{what}");
            assert_eq!(ends[0], assumptions[0].opposite(), "{what}: no refutation");
            assumptions[0].opposite()
        }
        ChainForm::Contradiction => {
            assert_eq!(proof.branches.len(), 1, "{what}");
            let b = &proof.branches[0];
            let last = b.conclusion();
            let earlier = &b.implications[..b.implications.len() - 1];
            assert!(earlier.iter().any(|i| i.potential == last.opposite()), "{what}: no clash");
            assumptions[0].opposite()
        }
        ChainForm::Double => {
            assert_eq!(assumptions.len(), 2, "{what}");
            assert_eq!(assumptions[1], assumptions[0].opposite(), "{what}");
            assert_eq!(ends[0], ends[1], "{what}");
            ends[0]
        }
        ChainForm::Cell(c) => {
            let expected: Vec<Potential> = (1..=9)
                .filter(|&d| m[c.index()] >> (d - 1) & 1 != 0)
                .map(|d| on(c, sudokit::Digit::new(d)))
                .collect();
            assert_eq!(assumptions, expected, "{what}");
            assert!(ends.iter().all(|&e| e == ends[0]), "{what}");
            ends[0]
        }
        ChainForm::Region(h, d) => {
            let expected: Vec<Potential> = house_cells(rules, h)
                .into_iter()
                .filter(|&c| m[c] & 1 << (d.get() - 1) != 0)
                .map(|c| on(shape.cell(c / 9, c % 9), d))
                .collect();
            assert_eq!(assumptions, expected, "{what}");
            assert!(ends.iter().all(|&e| e == ends[0]), "{what}");
            ends[0]
        }
        other => panic!("{what}: {other:?} at the top of a step"),
    };
    if proved.on {
        assert_eq!(step.placements, vec![(proved.cell, proved.digit)], "{what}");
    } else {
        assert_eq!(step.eliminations, vec![(proved.cell, proved.digit)], "{what}");
    }
    // The nested chains: candidates of the board, named in the summary.
    for n in &proof.nested {
        let name = n.assumption.cell.display(shape).to_string();
        assert!(m[n.assumption.cell.index()] & bit(n.assumption) != 0, "{what}: {}", n.summary);
        assert!(n.summary.contains(&name), "{what}: {} does not name {name}", n.summary);
        assert!(!n.removes.is_empty() && !n.cells.is_empty() && !n.digits.is_empty(), "{what}");
        for &(c, d) in &n.removes {
            assert!(m[c.index()] >> (d.get() - 1) & 1 != 0, "{what}: {}", n.summary);
            let removed = format!("{}<>{d}", c.display(shape));
            assert!(n.summary.contains(&removed), "{what}: {} lacks {removed}", n.summary);
        }
        for c in &n.cells {
            assert!(m[c.index()] != 0, "{what}: {} names a solved cell", n.summary);
        }
        for p in &n.implied {
            assert!(m[p.cell.index()] & bit(*p) != 0, "{what}: {}", n.summary);
        }
    }
    // The sentence: every implication of every branch, in order.
    let mut from = 0;
    for branch in &proof.branches {
        for imp in &branch.implications {
            let name = imp.potential.display(shape);
            let at = step.explanation[from..]
                .find(&name)
                .unwrap_or_else(|| panic!("{what}: {name} missing after byte {from}"));
            from += at + name.len();
        }
    }
    proof.nested.len()
}

/// Checks the loop of a bidirectional cycle step on the board `m`: one
/// branch back to its first potential, "on" and "off" in turn (a
/// constraint may keep the polarity), each link one after the other; a
/// candidate it removes lies off the loop's cells, and with houses only,
/// sees its digit both as an "on" and as an "off" potential of the loop.
fn check_cycle(rules: &Rules, m: &Marks, step: &Step, proof: &ChainProof) {
    let what = step.summary();
    assert_eq!(proof.branches.len(), 1, "{what}");
    let imps = &proof.branches[0].implications;
    assert!(imps.len() >= 5, "{what}: a loop of {} potentials", imps.len());
    assert_eq!(imps[0].potential, imps[imps.len() - 1].potential, "{what}: the loop is open");
    for (i, pair) in imps.windows(2).enumerate() {
        assert_eq!(pair[1].parents, [i], "{what}");
        let kept = pair[0].potential.on == pair[1].potential.on;
        assert!(!kept || matches!(pair[1].reason, Reason::Constraint(_)), "{what}: link {i}");
    }
    assert!(!step.eliminations.is_empty() && step.placements.is_empty(), "{what}");
    let loop_cells: Vec<Cell> = imps.iter().map(|i| i.potential.cell).collect();
    let peers = |a: Cell, b: Cell| rules.layout().peers(a.index()).contains(&(b.index() as u16));
    for &(c, d) in &step.eliminations {
        assert!(!loop_cells.contains(&c), "{what}: removes from the loop's cell {c:?}");
        assert!(m[c.index()] >> (d.get() - 1) & 1 != 0, "{what}: {c:?} {d} not a candidate");
        if rules.constraints().is_empty() {
            let sees = |on| {
                imps.iter().any(|i| {
                    i.potential.on == on && i.potential.digit == d && peers(i.potential.cell, c)
                })
            };
            assert!(sees(true) && sees(false), "{what}: {c:?} {d} not seen both ways");
        }
    }
}

/// Every step of the logical path of `puzzle` whose technique is
/// `chosen`, checked, and checked against the solution too: a branch whose
/// assumption the solution keeps implies only what the solution keeps.
/// Returns the steps checked, the nested chains they summarise, and the
/// reasons of their implications.
fn check_path_of(puzzle: &Grid, chosen: fn(Technique) -> bool) -> (usize, usize, Vec<Reason>) {
    let path = LogicSolver::new().solve(puzzle).unwrap();
    let solution = path.solution.values();
    let holds = |p: Potential| (solution[p.cell.index()] == p.digit.get()) == p.on;
    let mut st = State::from_grid(puzzle);
    let (mut steps, mut nested, mut reasons) = (0, 0, Vec::new());
    for step in &path.steps {
        if chosen(step.technique) {
            nested += check_step(&st, step);
            steps += 1;
            let proof = step.chain.as_deref().unwrap();
            for branch in proof.branches.iter().filter(|b| holds(b.assumption())) {
                for imp in &branch.implications {
                    assert!(holds(imp.potential), "{}: {:?}", step.summary(), imp.potential);
                }
            }
            let imps = proof.branches.iter().flat_map(|b| &b.implications);
            reasons.extend(imps.map(|i| i.reason));
        }
        st.apply(step);
    }
    (steps, nested, reasons)
}

/// [`check_path_of`] the multiple forcing chains and up (classic rules).
fn check_path(puzzle: &Grid) -> (usize, usize) {
    let chains = |t: Technique| t >= Technique::MultipleForcingChain && !t.is_guess();
    let (steps, nested, _) = check_path_of(puzzle, chains);
    (steps, nested)
}

/// Forcing chains under cages and knight's moves (the rater's `forcing`
/// module: Nishio, multiple and dynamic forcing chains off classic rules)
/// carry their proofs too: each implication follows by a cell, a house,
/// cells that must differ (a knight's move apart) or a named constraint,
/// and each is true of the solution when its branch's assumption is.
#[test]
fn forcing_chains_through_cages_and_knight_moves_prove_their_conclusions() {
    // `sudokit generate --variant killer --seed 14`: rated 8.3, multiple
    // forcing chains through the cages.
    let killer = sudokit::format::parse_killer(
        "ABBCCCDEEAFFFGCDEEAFFGGHDDIJJJGKHHHILLKKKHMMINLOOKMMPPNQQQRSTPUNNVRRSTTUNVVVVTTUU \
         24,5,25,18,18,17,26,15,18,14,25,13,30,20,11,12,12,16,12,18,26,30",
    )
    .unwrap();
    // `sudokit generate --variant anti-knight --difficulty evil --seed 2`:
    // rated 8.4, multiple forcing chains.
    let rules: Rules = "9+anti-knight".parse().unwrap();
    let givens =
        "..........94.1..........6...............2.....3....56........9...92........76...8";
    let values: Vec<u8> = givens.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
    let knight = Grid::from_values_with(rules, values).unwrap();
    for (puzzle, wanted) in [(&killer, "constraint"), (&knight, "differ")] {
        let forcing = |t| {
            use Technique::{DynamicForcingChain, MultipleForcingChain, Nishio};
            matches!(t, Nishio | MultipleForcingChain | DynamicForcingChain)
        };
        let (steps, _, reasons) = check_path_of(puzzle, forcing);
        assert!(steps > 0, "{wanted}: no chain step");
        let seen = |r: &Reason| match wanted {
            "constraint" => matches!(r, Reason::Constraint(_)),
            _ => *r == Reason::Differ,
        };
        assert!(reasons.iter().any(seen), "{wanted}: not among {reasons:?}");
    }
}

#[test]
fn dynamic_chain_plus_step_shows_its_chain_in_full() {
    // From se-rated-hardest.txt (hardest-1106), SE 10.0/1.2/1.2: on its
    // starting pencil marks the "+" chains find a step.
    let p = grid(
        Shape::CLASSIC,
        "1.......2....1..3...5..34....2..1..4....8.7..6..9.......1..5.4.8.....5..9...6....",
    );
    let st = State::from_grid(&p);
    let step = LogicSolver::new()
        .find_technique(&st, Technique::DynamicForcingChainPlus)
        .unwrap()
        .expect("a step");
    check_step(&st, &step);
    assert!(step.explanation.contains(" -> "), "{}", step.explanation);
}

#[test]
#[ignore = "release-mode: logical paths of hardest puzzles (a minute or more)"]
fn nested_chain_steps_of_hardest_puzzles_prove_their_conclusions() {
    let puzzles = load("hardest-1106.txt");
    let (mut steps, mut nested) = (0, 0);
    for p in puzzles.iter().take(8) {
        let (s, n) = check_path(p);
        steps += s;
        nested += n;
    }
    println!("{steps} chain steps, {nested} nested chains summarised");
    assert!(steps >= 8 && nested > 0, "{steps} steps, {nested} nested chains");
}

/// 9x9 puzzles with diagonals, windows, irregular regions or cells that
/// must differ that the ladder up to dynamic forcing chains leaves
/// unsolved (the rater guessed on them when the nested chains ran on
/// classic rules only, and then on houses only), as `RULES GIVENS
/// SOLUTION`: the first two from `data/variants/bench/`, the anti-knight
/// one `sudokit generate --variant anti-knight --seed 9` (rated 10.6), the
/// anti-king one the fifth of `sudokit generate --variant
/// anti-king,windoku -n 8 --seed 5` (10.6).
const HOUSE_VARIANTS: &[&str] = &[
    "9+x ..2...9...4.......6....8...4......2....5......1....5.682..13.....4..7..........7. \
     782351964341629857695748231458136729276594318913872546827413695534967182169285473",
    "9+jigsaw=000111123004441223044441223004111233054622233556667783556667883556767888557777888 \
     .4.....5..52...6.4.....6...19............................5...3......5....3..1..86 \
     647381259852139674278946315196457823315824967561273498924568731783695142439712586",
    "9+anti-knight \
     ..8.71....4.23..........5.....7......6......3..............6.2..........8........ \
     658971234741235869932648517183764952267159483594823176319486725425317698876592341",
    "9+anti-king+windoku \
     ...43.8....8.............1......2.3...................7.2....6..9...........9...2 \
     519436827468217953273958416954172638127863594386549271742385169691724385835691742",
];

/// The cells a knight's or a king's move from `cell` under `rules` (none
/// without those rules), from the geometry of the moves.
fn moves_from(rules: &Rules, cell: usize) -> Vec<usize> {
    let knight = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
    let king = [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1), (1, 0), (0, -1), (-1, 0)];
    let name = rules.to_string();
    let mut offsets: Vec<(i32, i32)> = Vec::new();
    if name.contains("anti-knight") {
        offsets.extend(knight);
    }
    if name.contains("anti-king") {
        offsets.extend(king);
    }
    let (r, c) = ((cell / 9) as i32, (cell % 9) as i32);
    offsets
        .into_iter()
        .map(|(dr, dc)| (r + dr, c + dc))
        .filter(|&(r, c)| (0..9).contains(&r) && (0..9).contains(&c))
        .map(|(r, c)| (r * 9 + c) as usize)
        .collect()
}

/// The nested chains read the houses of the rules and the cells that must
/// differ: each of these puzzles is rated without a guess, every chain
/// step's proof follows the rules of its board (its houses: regions,
/// diagonals, windows; cells a knight's or a king's move apart), and the
/// path ends at the recorded solution, whose houses each hold every digit
/// and whose cells a move apart differ.
#[test]
fn nested_chains_rate_house_variants_without_guessing() {
    let (mut nested_steps, mut differ_links) = (0, 0);
    for line in HOUSE_VARIANTS {
        let mut parts = line.split_whitespace();
        let (name, givens, solution) =
            (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
        let rules: Rules = name.parse().unwrap();
        let digits = |s: &str| -> Vec<u8> {
            s.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect()
        };
        let solution = digits(solution);
        for cells in all_houses(&rules) {
            let mut held: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
            held.sort_unstable();
            assert_eq!(held, (1..=9).collect::<Vec<u8>>(), "{name}: the recorded solution");
        }
        for cell in 0..81 {
            for other in moves_from(&rules, cell) {
                assert_ne!(solution[cell], solution[other], "{name}: {cell} and {other}");
            }
        }
        let puzzle = Grid::from_values_with(rules, digits(givens)).unwrap();
        let path = LogicSolver::new().solve(&puzzle).unwrap();
        assert!(!path.rating().guessed, "{line}: {:?}", path.rating());
        assert_eq!(path.solution.values(), solution, "{line}");
        let mut st = State::from_grid(&puzzle);
        for step in &path.steps {
            for &(c, d) in &step.placements {
                assert_eq!(d.get(), solution[c.index()], "{line}: {}", step.summary());
            }
            for &(c, d) in &step.eliminations {
                assert_ne!(d.get(), solution[c.index()], "{line}: {}", step.summary());
            }
            if step.technique >= Technique::DynamicForcingChainPlus {
                check_step(&st, step);
                nested_steps += 1;
                let proof = step.chain.as_deref().unwrap();
                let imps = proof.branches.iter().flat_map(|b| &b.implications);
                differ_links += imps.filter(|i| i.reason == Reason::Differ).count();
            }
            st.apply(step);
        }
    }
    assert!(nested_steps >= HOUSE_VARIANTS.len(), "{nested_steps} nested steps");
    assert!(differ_links > 0, "no nested chain step follows a knight's or a king's move");
}

/// The chains below Nishio (forcing X-chains and forcing chains, 6.6+ and
/// 7.0+, and the bidirectional cycles, 6.5+) carry their path as a proof
/// of one branch: checked link by link by the rules, and against the
/// solution, on SE-rated classic puzzles and on a killer, whose chains
/// run through its cages.
#[test]
fn forcing_chains_and_cycles_carry_their_paths() {
    use Technique::{
        BidirectionalCycle, BidirectionalXCycle, BidirectionalYCycle, ForcingChain, ForcingXChain,
    };
    let below_nishio = |t| {
        matches!(
            t,
            ForcingXChain
                | ForcingChain
                | BidirectionalXCycle
                | BidirectionalYCycle
                | BidirectionalCycle
        )
    };
    let text =
        std::fs::read_to_string(crate::util::data_dir().join("se-rated-random.txt")).unwrap();
    let puzzles = text.lines().filter(|l| {
        let er = l.split_whitespace().nth(1).unwrap_or("");
        ["6.6/", "6.7/", "7.0/", "7.1/"].iter().any(|p| er.starts_with(p))
    });
    let (mut steps, mut chains, mut cycles) = (0, 0, 0);
    for line in puzzles.take(10) {
        let puzzle = grid(Shape::CLASSIC, &line[..81]);
        let path = LogicSolver::new().solve(&puzzle).unwrap();
        for s in path.steps.iter().filter(|s| below_nishio(s.technique)) {
            match s.chain.as_deref().map(|p| p.form) {
                Some(ChainForm::Chain) => chains += 1,
                Some(ChainForm::Cycle) => cycles += 1,
                other => panic!("{}: form {other:?}", s.summary()),
            }
        }
        steps += check_path_of(&puzzle, below_nishio).0;
    }
    assert!(chains > 0 && cycles > 0, "{steps} steps: {chains} chains, {cycles} cycles");
    // `sudokit generate --variant killer --seed 14` (see above).
    let killer = sudokit::format::parse_killer(
        "ABBCCCDEEAFFFGCDEEAFFGGHDDIJJJGKHHHILLKKKHMMINLOOKMMPPNQQQRSTPUNNVRRSTTUNVVVVTTUU \
         24,5,25,18,18,17,26,15,18,14,25,13,30,20,11,12,12,16,12,18,26,30",
    )
    .unwrap();
    let (steps, _, reasons) = check_path_of(&killer, below_nishio);
    assert!(steps > 0, "killer: no chain below Nishio");
    assert!(reasons.iter().any(|r| matches!(r, Reason::Constraint(_))), "{reasons:?}");
}
