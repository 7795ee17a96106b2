"""Variant boards: rules by name, variant lists, killer lines and '# rules:'
lines; solving, counting, validating, rating, hints and generation under
them; round trips. Solutions are checked by the rules written out here
(diagonals, cage sums, thermometers, neighbours), never by the solver."""

import json
import pickle

import pytest

import sudokit
from conftest import DATA, is_solved_grid

# The first killer puzzle of data/variants/killer-9.txt (no givens).
KILLER_LINE = (DATA / "variants" / "killer-9.txt").read_text().splitlines()[0].split("#")[0].strip()


def knight_pairs(n):
    for r in range(n):
        for c in range(n):
            for dr, dc in ((1, 2), (2, 1), (1, -2), (2, -1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    yield r * n + c, (r + dr) * n + c + dc


def rules_hold(board):
    """Whether the full ``board`` keeps every rule its name lists, checked
    from the name alone: rows, columns and boxes, then each part of the
    name (x, anti-knight, non-consecutive, cage:SUM=CELLS, thermo:CELLS)."""
    v, n = board.values, board.size
    if not is_solved_grid(v, n, *board.box_shape):
        return False
    for part in board.rules.split("+")[1:]:
        if part == "x":
            main = [v[i * n + i] for i in range(n)]
            anti = [v[i * n + n - 1 - i] for i in range(n)]
            if len(set(main)) != n or len(set(anti)) != n:
                return False
        elif part == "anti-knight":
            if any(v[a] == v[b] for a, b in knight_pairs(n)):
                return False
        elif part == "non-consecutive":
            for r in range(n):
                for c in range(n):
                    i = r * n + c
                    if c + 1 < n and abs(v[i] - v[i + 1]) == 1:
                        return False
                    if r + 1 < n and abs(v[i] - v[i + n]) == 1:
                        return False
        elif part.startswith("cage:"):
            total, cells = part[len("cage:"):].split("=")
            digits = [v[int(i)] for i in cells.split(".")]
            if sum(digits) != int(total) or len(set(digits)) != len(digits):
                return False
        elif part.startswith("thermo:"):
            digits = [v[int(i)] for i in part[len("thermo:"):].split(".")]
            if any(a >= b for a, b in zip(digits, digits[1:])):
                return False
        else:
            raise AssertionError(f"the test does not check the rule {part!r}")
    return True


def killer_cages(line):
    """The cages of a killer line, as (sum, cell indices), read from the cage map."""
    cage_map, sums = line.split()[:2]
    order = []
    for ch in cage_map:
        if ch not in order:
            order.append(ch)
    sums = [int(s) for s in sums.split(",")]
    assert len(sums) == len(order)
    return [(s, [i for i, ch in enumerate(cage_map) if ch == key]) for key, s in zip(order, sums)]


def test_a_killer_line_is_solved_under_its_cages():
    board = sudokit.Board(KILLER_LINE, variant="killer")
    assert board.variants == ["killer"] and not board.is_classic()
    assert board.clues == 0
    assert board.count() == 1
    solution = board.solution()
    assert solution is not None and solution.is_solution_of(board)
    assert rules_hold(solution)
    for total, cells in killer_cages(KILLER_LINE):
        digits = [solution.values[i] for i in cells]
        assert sum(digits) == total and len(set(digits)) == len(digits)
    # The module functions honour a board's rules too.
    assert sudokit.solve(board).grid == solution
    assert sudokit.count(board, limit=5) == 1


def all_4x4_grids():
    """Every classic 4x4 grid, by a plain backtracking written here."""
    grid = [0] * 16

    def fits(i, d):
        r, c = divmod(i, 4)
        box = [(r // 2 * 2 + k // 2) * 4 + c // 2 * 2 + k % 2 for k in range(4)]
        peers = [r * 4 + k for k in range(4)] + [k * 4 + c for k in range(4)] + box
        return all(grid[p] != d for p in peers)

    def fill(i):
        if i == 16:
            yield list(grid)
            return
        for d in range(1, 5):
            if fits(i, d):
                grid[i] = d
                yield from fill(i + 1)
                grid[i] = 0

    return list(fill(0))


def test_named_rules_change_the_answer():
    empty = "." * 16
    classic = sudokit.Board(empty)
    x = sudokit.Board(empty, variant="x")
    assert x.rules == "4+x" and x.variants == ["x"]
    grids = all_4x4_grids()
    with_diagonals = [
        g for g in grids if len({g[0], g[5], g[10], g[15]}) == 4 and len({g[3], g[6], g[9], g[12]}) == 4
    ]
    assert classic.count(limit=1000) == len(grids)
    assert x.count(limit=1000) == len(with_diagonals) < len(grids)
    solution = sudokit.Board("1...............", rules="4+x+anti-knight").solve()
    for g in solution.grids:
        assert rules_hold(g)


def test_rules_lines_and_explicit_rules_agree():
    text = "# rules: 6+thermo:29.28.34+thermo:10.4.5+thermo:12.6.7.8+thermo:25.30.24+thermo:18.13.14.19\n" \
        ".1.........3......3...1......2......\n"
    board = sudokit.Board(text)
    assert board.size == 6 and board.variants == ["thermo"]
    same = sudokit.Board(text.splitlines()[1], rules=text.splitlines()[0][len("# rules: "):])
    assert same == board
    solution = board.solution()
    assert solution is not None and rules_hold(solution) and solution.is_solution_of(board)
    with pytest.raises(sudokit.InputError, match="names its rules"):
        sudokit.Board(text, rules="6+x")


def test_round_trips_keep_the_rules():
    board = sudokit.generate(variant="x,killer", seed=3).puzzle
    assert board.variants == ["x", "killer"]
    killer = sudokit.Board(KILLER_LINE, variant="killer")
    # X added to a killer puzzle whose solution has a repeated diagonal.
    assert killer.with_rules(variant="x").rules == "9+x+" + killer.rules[2:]
    assert killer.with_rules(variant="x").count() == 0
    desc = json.loads(board.to_json())
    assert desc["shape"] == "3x3" and desc["size"] == 9 and desc["rules"] == board.rules
    assert desc["puzzle"] == str(board)
    assert sudokit.Board.from_json(board.to_json()) == board
    assert "rules" not in json.loads(sudokit.Board("." * 81).to_json())
    assert pickle.loads(pickle.dumps(board)) == board
    assert eval(repr(board), {"Board": sudokit.Board}) == board
    assert board != board.with_rules("9")
    from_fp = sudokit.Board.from_fpuzzles(board.to_fpuzzles())
    assert from_fp.values == board.values and from_fp.count() == 1
    assert from_fp.solution() == board.solution().with_rules(from_fp.rules)
    from_pad = sudokit.Board.from_fpuzzles(board.to_sudokupad())
    assert from_pad.solution().values == board.solution().values


def test_boards_with_the_same_cages_in_another_order_are_equal():
    board = sudokit.Board(KILLER_LINE, variant="killer")
    shape, *parts = board.rules.split("+")
    assert len(parts) > 2 and all(p.startswith("cage:") for p in parts)
    reordered = sudokit.Board(str(board), rules="+".join([shape] + parts[::-1]))
    assert reordered.rules != board.rules
    assert reordered == board and hash(reordered) == hash(board)
    assert len({board, reordered}) == 1
    # Another sum, or a cage missing, is another board.
    total, cells = parts[0].split("=")
    changed = "+".join([shape, f"{total[:5]}{int(total[5:]) + 1}={cells}"] + parts[1:])
    assert sudokit.Board(str(board), rules=changed) != board
    assert sudokit.Board(str(board), rules="+".join([shape] + parts[1:])) != board


def test_validate_names_broken_constraints():
    board = sudokit.Board(KILLER_LINE, variant="killer")
    solution = board.solution()
    assert solution.validate() == [] and solution.is_valid()
    # Swap two digits of the first cage's row: the sums break, the houses do not.
    values = list(solution.values)
    cells = killer_cages(KILLER_LINE)[0][1]
    a = cells[0]
    row = a // 9
    b = next(i for i in range(row * 9, row * 9 + 9) if i not in cells and values[i] != values[a])
    values[a], values[b] = values[b], values[a]
    broken = sudokit.Board.from_values(values, rules=board.rules)
    found = broken.validate()
    assert not broken.is_valid()
    kinds = {type(f).__name__ for f in found}
    assert "Broken" in kinds
    cages = [f for f in found if isinstance(f, sudokit.Broken)]
    assert any(f.constraint.startswith("cage") and (a // 9, a % 9) in f.cells for f in cages)
    assert all(isinstance(f.message, str) and f.message for f in found)
    assert [str(f) for f in sudokit.validate(broken)] == [str(f) for f in found]


def test_logic_uses_the_rules():
    board = sudokit.Board(KILLER_LINE, variant="killer")
    solution = board.solution()
    step = board.hint()
    assert step is not None
    for r, c, d in step.placements:
        assert solution[r, c] == d
    for r, c, d in step.eliminations:
        assert solution[r, c] != d
    steps = board.explain()
    placed = {(r, c): d for s in steps for r, c, d in s.placements}
    assert len(placed) == 81 and all(solution[r, c] == d for (r, c), d in placed.items())
    rating = board.rate()
    assert rating.er >= 1.0


def test_generate_takes_variants_as_the_cli_does(cli):
    made = sudokit.generate(variant="x,killer", seed=3, n=2)
    out, err, status = cli("generate", "--variant", "x,killer", "--seed", "3", "-n", "2")
    assert status == 0, err
    lines = [l for l in out.decode().splitlines() if l and not l.startswith("#")]
    read = [sudokit.Board(l, rules="9+x", variant="killer") for l in lines]
    assert len(read) == len(made) == 2
    for r, p in zip(read, made):
        # The same board; a killer line lists its cages in the order of the cage map.
        assert r.values == p.puzzle.values
        assert sorted(r.rules.split("+")) == sorted(p.puzzle.rules.split("+"))
        assert r.solution().values == p.solution.values
    for p in made:
        assert p.puzzle.variants == ["x", "killer"]
        assert rules_hold(p.solution) and p.solution.is_solution_of(p.puzzle)
        assert p.puzzle.count() == 1
    small = sudokit.generate(rules="6+x", variant="killer", seed=5)
    assert small.puzzle.size == 6 and small.puzzle.variants == ["x", "killer"]
    assert rules_hold(small.solution) and small.puzzle.solution() == small.solution
    nc = sudokit.generate(6, variant="non-consecutive", seed=5)
    assert nc.puzzle.rules == "6+non-consecutive" and rules_hold(nc.solution)
    assert nc.puzzle.count() == 1 and nc.puzzle.with_rules("6").count() == 2
    with pytest.raises(sudokit.GenerateError, match="no full grid"):
        sudokit.generate(rules="6+x", variant="non-consecutive", seed=5)
    thermo = sudokit.generate(4, variant="thermo", seed=1)
    assert "thermo" in thermo.puzzle.variants and rules_hold(thermo.solution)


@pytest.mark.parametrize(
    "flags",
    [
        ("--variant", "x", "-n", 12),
        ("--size", 6, "--variant", "jigsaw", "-n", 20),
        ("--size", 6, "--variant", "thermo", "-n", 12),
        ("--variant", "x,killer", "-n", 3),
    ],
)
def test_read_puzzles_reads_the_rules_of_generated_files(cli, tmp_path, flags):
    # A file of `generate --variant`: '# rules:' lines (once, or before each
    # puzzle) and killer lines below one. Each puzzle is read under the
    # rules the CLI reads it under, and has one solution under them.
    out, err, status = cli("generate", "--seed", 4, *flags)
    assert status == 0, err
    path = tmp_path / "puzzles.txt"
    path.write_bytes(out)
    counted, err, status = cli("count", "--format", "json", path)
    assert status == 0, err
    expected = [json.loads(line) for line in counted.decode().splitlines()]
    boards = sudokit.read_puzzles(out.decode())
    assert [b.rules for b in boards] == [e["rules"] for e in expected]
    assert [b.to_text("line") for b in boards] == [e["puzzle"] for e in expected]
    assert sudokit.count_many(boards) == [1] * len(expected)
    assert all(b.rules != str(b.size) for b in boards)


def test_read_puzzles_names_a_bad_rules_line():
    with pytest.raises(sudokit.InputError, match="line 2"):
        sudokit.read_puzzles("." * 16 + "\n# rules: 4+bogus\n" + "." * 16)
    with pytest.raises(sudokit.InputError, match="line 3"):
        sudokit.read_puzzles("# rules: 9\n\nAABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5\n")


def test_read_puzzles_refuses_a_rules_line_below_puzzles_as_the_cli_does(cli, tmp_path):
    # A plain puzzle, then a file of X puzzles pasted below it: the CLI
    # answers the first and stops at line 2, since the puzzles above a rules
    # line that does not begin the file were read without rules.
    plain, _, _ = cli("generate", "-n", 1, "--seed", 2, "--size", 4)
    x, _, _ = cli("generate", "-n", 1, "--seed", 3, "--size", 4, "--variant", "x")
    text = plain + x
    assert text.decode().splitlines()[1].startswith("# rules:")
    path = tmp_path / "mixed.txt"
    path.write_bytes(text)
    out, err, status = cli("count", "-q", path)
    assert status == 2 and "line 2: a '# rules:' line below puzzles" in err, err
    with pytest.raises(sudokit.InputError, match="line 2: a '# rules:' line below puzzles read without one"):
        sudokit.read_puzzles(text.decode())
    # Comments and blank lines may come before the first rules line, and
    # rules lines below it may change the rules.
    both = sudokit.read_puzzles("# made by hand\n\n" + x.decode() + "# rules: 4\n" + "." * 16 + "\n")
    assert [b.rules for b in both] == ["4+x", "4"]


def test_a_rule_named_twice_is_refused():
    for name in ["9+x+x", "9+x+diagonal", "9+windoku+anti-king+hyper"]:
        with pytest.raises(sudokit.InputError, match="named twice"):
            sudokit.Board("." * 81, rules=name)
        with pytest.raises(sudokit.InputError, match="named twice"):
            sudokit.Board.from_values([0] * 81, rules=name)
        with pytest.raises(sudokit.InputError, match="named twice"):
            sudokit.generate(rules=name)
    with pytest.raises(sudokit.InputError, match="line 1: # rules: 4\\+x\\+x: the rule \"x\" is named twice"):
        sudokit.read_puzzles("# rules: 4+x+x\n" + "." * 16)
    assert sudokit.Board("." * 81, rules="9+x+anti-king").rules == "9+anti-king+x"


def test_board_equality_ignores_the_order_of_a_cages_cells():
    a = sudokit.Board("." * 16, rules="4+cage:3=0.1+cage:7=2.3+even:5.4+white:9.8")
    b = sudokit.Board("." * 16, rules="4+white:8.9+cage:7=3.2+even:4.5+cage:3=1.0")
    assert a.rules != b.rules
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    # A thermometer's cells are a path from its bulb: reversed, it is
    # another rule.
    up = sudokit.Board("." * 16, rules="4+thermo:0.1.2")
    down = sudokit.Board("." * 16, rules="4+thermo:2.1.0")
    assert up != down
    # Other cells, or another sum, are other rules.
    assert sudokit.Board("." * 16, rules="4+cage:3=0.4") != sudokit.Board("." * 16, rules="4+cage:3=0.1")
    assert sudokit.Board("." * 16, rules="4+cage:4=1.0") != sudokit.Board("." * 16, rules="4+cage:3=0.1")


def test_a_solution_that_is_not_the_puzzles_is_refused_naming_its_cell():
    board = sudokit.Board("1" + "." * 15, rules="4+x")
    solution = board.solve().grids[0]
    for write in [board.to_fpuzzles, board.to_sudokupad]:
        assert write(solution)
        assert write(str(solution))
        # The given 1 at r1c1 changed (a valid classic grid otherwise).
        with pytest.raises(sudokit.InputError, match="solution: r1c1 holds 2 where the puzzle gives 1"):
            write("2143341212344321")
        # The givens kept, but the grid breaks the rules of the board: 1
        # twice on the main diagonal (the grid is read under 4+x).
        with pytest.raises(sudokit.InputError, match="solution: r1c1 breaks the rules 4\\+x: diagonal"):
            write("1234341221434321")
        with pytest.raises(sudokit.InputError, match="full 4x4 grid"):
            write("1" + "." * 15)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"rules": "9+bogus"}, "rules"),
        ({"rules": "9+x+x"}, "named twice"),
        ({"variant": "x,x"}, "twice"),
        ({"variant": "diagonal"}, "unknown variant"),
        ({"variant": "thermo"}, "thermometers"),
        ({"variant": "jigsaw"}, "regions"),
        ({"rules": "6+x", "size": 9}, "does not match"),
        ({"rules": "9+cage:99=0.1"}, "rules"),
    ],
)
def test_bad_rules_are_input_errors(kwargs, words):
    with pytest.raises(sudokit.InputError, match=words) as e:
        sudokit.Board("." * 81, **kwargs)
    assert isinstance(e.value, ValueError)


def test_bad_variant_arguments_are_input_errors():
    with pytest.raises(sudokit.InputError, match="killer line"):
        sudokit.Board("not a killer line", variant="killer")
    with pytest.raises(sudokit.InputError):
        sudokit.Board.from_json('{"shape": "3x3", "size": 9, "rules": "4+x", "puzzle": ""}')
    with pytest.raises(sudokit.InputError):
        sudokit.Board.from_fpuzzles('{"size": 9}')
    with pytest.raises(sudokit.InputError, match="variant"):
        sudokit.generate(variant="nope")
    with pytest.raises(sudokit.InputError, match="killer_givens"):
        sudokit.generate(killer_givens=True)
    with pytest.raises(sudokit.InputError, match="filled"):
        sudokit.generate(variant="x", filled=True)
    with pytest.raises(sudokit.InputError, match="shape|match|boxes"):
        sudokit.Board("." * 81).with_rules("4+x")
