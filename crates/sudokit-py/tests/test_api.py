"""The Python API: boards, solving, logic, canonical forms, batches, errors."""

import ast
import inspect
import os
import pickle
import signal
import threading
from pathlib import Path
import time

import numpy as np
import pytest

import sudokit
from conftest import is_solved_grid, puzzles

# A puzzle of top1465 (data/top1465.txt, line 3).
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_board_reads_text_and_prints_one_line():
    b = sudokit.Board(HARD)
    assert str(b) == HARD
    assert eval(repr(b), {"Board": sudokit.Board}) == b
    assert b.size == 9 and b.box_shape == (3, 3) and len(b) == 81
    assert b.clues == sum(ch != "." for ch in HARD)
    assert b[0, 0] == 4 and b[0, 1] == 0
    grid = b.to_text("grid")
    assert sudokit.Board(grid) == b


def test_board_writes_fpuzzles_and_sudokupad_boards():
    import json

    b = sudokit.Board(HARD)
    board = json.loads(b.to_fpuzzles())
    assert board["size"] == 9
    givens = [c.get("value", 0) for row in board["grid"] for c in row]
    assert givens == b.values and "solution" not in board
    solution = b.solution()
    solved = json.loads(b.to_fpuzzles(solution))
    assert solved["solution"] == solution.values
    assert b.to_sudokupad().startswith("https://sudokupad.app/scl")
    assert b.to_sudokupad(solution) != b.to_sudokupad()
    with pytest.raises(sudokit.InputError, match="solution"):
        b.to_sudokupad(b)
    with pytest.raises(sudokit.InputError, match="solution"):
        b.to_fpuzzles(b)


def test_board_other_shapes_keep_their_box():
    natural = sudokit.generate(size=6, seed=1).puzzle
    assert natural.box_shape == (2, 3) and "box" not in repr(natural)
    b = sudokit.generate(box="3x2", seed=1).puzzle
    assert b.box_shape == (3, 2)
    assert 'box="3x2"' in repr(b)
    assert eval(repr(b), {"Board": sudokit.Board}) == b
    assert pickle.loads(pickle.dumps(b)) == b


def test_boards_are_values():
    a, b = sudokit.Board(HARD), sudokit.Board(HARD)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert pickle.loads(pickle.dumps(a)) == a


def test_numpy_round_trip():
    b = sudokit.Board(HARD)
    arr = b.to_numpy()
    assert arr.shape == (9, 9) and arr.dtype == np.uint8
    assert arr[0, 0] == 4 and int(arr.sum(dtype=int)) == sum(b.values)
    assert sudokit.Board.from_numpy(arr) == b
    assert sudokit.Board.from_values(b.values) == b
    assert b.to_list()[0] == list(arr[0])


def test_solve_gives_a_solution_checked_by_the_rules():
    b = sudokit.Board(HARD)
    s = b.solve()
    assert s and s.status == "unique"
    values = s.grid.values
    assert is_solved_grid(values, 9, 3, 3)
    assert all(g == 0 or g == v for g, v in zip(b.values, values))
    assert sudokit.solve(HARD).grid == s.grid
    assert b.solution() == s.grid


def test_solve_statuses():
    empty = sudokit.Board("." * 81)
    several = empty.solve()
    assert not several and several.status == "several" and len(several.grids) == 2
    assert several.grids[0] != several.grids[1]
    clashing = sudokit.Board("11" + "." * 79).solve()
    assert clashing.status == "clashing" and clashing.clashes
    # Givens that do not clash but leave r1c9 no digit: 1..8 in row 1, 9 in column 9.
    none = sudokit.Board("12345678." + "........9" + "." * 63).solve()
    assert none.status == "none" and none.grid is None


def test_count():
    assert sudokit.Board(HARD).count() == 1
    assert sudokit.count("." * 81, limit=7) == 7
    assert sudokit.count("12345678." + "........9" + "." * 63) == 0


def test_validate_reports_clashes_as_objects():
    b = sudokit.Board("5...5" + "." * 76)
    clashes = b.validate()
    assert len(clashes) == 1
    c = clashes[0]
    assert c.house == "row" and c.house_index == 0 and c.digit == 5
    assert c.cells == [(0, 0), (0, 4)]
    assert "row 1" in str(c)
    assert not b.is_valid() and sudokit.Board(HARD).is_valid()
    assert sudokit.validate(HARD) == []


def test_rate_hint_explain():
    b = sudokit.Board(HARD)
    r = b.rate()
    assert r.er >= r.ep >= 1.0 and r.level in {
        "easy",
        "medium",
        "hard",
        "expert",
        "evil",
        "extreme",
        "diabolical",
    }
    assert str(r).startswith(f"{r.er:.1f}/{r.ep:.1f}/{r.ed:.1f} {r.level} ")
    steps = b.explain()
    assert steps and max(s.difficulty for s in steps) == r.er
    hint = b.hint()
    assert hint is not None and str(hint) == str(steps[0])
    # Playing the placements of every step solves the puzzle.
    values = list(b.values)
    for s in steps:
        for row, col, digit in s.placements:
            values[row * 9 + col] = digit
    assert sudokit.Board.from_values(values) == b.solution()
    solved = b.solution()
    assert solved.hint() is None


def test_canonical_is_invariant_under_transformations():
    b = sudokit.Board(HARD)
    c = b.canonical()
    for ops in ["rot90", "transpose", "mirror-h", "swap-rows:1,2", "relabel:987654321"]:
        t = b.transform(ops)
        assert t != b
        assert t.canonical() == c
    for seed in range(5):
        assert b.shuffled(seed).canonical() == c
    assert sudokit.canonical(HARD) == c
    assert b.automorphisms() >= 1


def test_generate_is_unique_and_reproducible():
    p = sudokit.generate(difficulty="hard", symmetry="rot180", seed=7)
    assert p.seed == 7 and p.index == 0 and p.rating.level == "hard"
    assert p.puzzle.count() == 1
    assert p.solution.is_solution_of(p.puzzle)
    mask = [v != 0 for v in p.puzzle.values]
    assert mask == mask[::-1], "rot180 symmetry: the clue pattern reads the same backwards"
    again = sudokit.generate(difficulty="hard", symmetry="rot180", seed=7)
    assert again.puzzle == p.puzzle
    batch = sudokit.generate(seed=3, n=10)
    assert [q.index for q in batch] == list(range(10))
    assert len({q.puzzle for q in batch}) == 10


def test_generate_needs_puts_each_technique_on_the_logical_path():
    # The path is read back by explain, which rates the puzzle afresh.
    for needs, names in [("x-wing", {"X-Wing"}), (["Naked Pair", "swordfish"], {"Naked Pair", "Swordfish"})]:
        made = sudokit.generate(needs=needs, seed=4, n=2)
        for p in made:
            assert p.puzzle.count() == 1
            assert p.solution.is_solution_of(p.puzzle)
            used = {s.technique for s in p.puzzle.explain()}
            assert names <= used, f"{p}: {sorted(used)}"
            assert p.rating is not None and p.rating.er == p.puzzle.rate().er


def test_generate_hardest_makes_it_the_hardest_step():
    for p in sudokit.generate(hardest="xy-wing", seed=6, n=2):
        rating = p.puzzle.rate()
        assert rating.hardest == "XY-Wing" and rating.er == 4.2, f"{p}: {rating}"
        assert max(s.difficulty for s in p.puzzle.explain()) == 4.2
    # On 16x16 too (the ladder up to the wings).
    p = sudokit.generate(size=16, needs="xy-wing", seed=1)
    assert "XY-Wing" in {s.technique for s in p.puzzle.explain()}


def test_technique_targets_refused_with_the_reason():
    with pytest.raises(sudokit.InputError, match="needs.*x-wings"):
        sudokit.generate(needs="x-wings")
    with pytest.raises(sudokit.InputError, match="hardest"):
        sudokit.generate(hardest="")
    with pytest.raises(sudokit.InputError, match="filled"):
        sudokit.generate(needs="x-wing", filled=True)
    # The engine's refusals: a technique a board cannot hold, a clue target.
    with pytest.raises(sudokit.GenerateError, match="4x4"):
        sudokit.generate(size=4, needs="jellyfish")
    with pytest.raises(sudokit.GenerateError, match="clue"):
        sudokit.generate(needs="x-wing", clues="30")
    with pytest.raises(sudokit.GenerateError, match="harder than"):
        sudokit.generate(needs="swordfish", hardest="x-wing")


def test_batches_match_single_calls():
    ps = puzzles("top1465.txt", 40)
    sols = sudokit.solve_many(ps)
    assert [s.grid for s in sols] == [sudokit.solve(p).grid for p in ps]
    assert sudokit.count_many(ps) == [1] * len(ps)
    rs = sudokit.rate_many(ps[:10])
    assert [str(r) for r in rs] == [str(sudokit.rate(p)) for p in ps[:10]]
    cs = sudokit.canonical_many(ps)
    assert cs == [sudokit.canonical(p) for p in ps]
    assert sudokit.read_puzzles("\n".join(ps)) == [sudokit.Board(p) for p in ps]


def test_batch_errors_name_the_item():
    with pytest.raises(sudokit.ParseError, match="item 1"):
        sudokit.solve_many([HARD, "12x"])
    rs = sudokit.rate_many([HARD, "11" + "." * 79], errors="none")
    assert rs[0] is not None and rs[1] is None
    with pytest.raises(sudokit.ClashError, match="item 1"):
        sudokit.rate_many([HARD, "11" + "." * 79])


def test_batch_parse_errors_say_where():
    bad = HARD[:10] + "x" + HARD[11:]
    for call in [sudokit.solve_many, sudokit.count_many, sudokit.canonical_many]:
        with pytest.raises(sudokit.ParseError) as e:
            call([HARD, bad])
        assert (e.value.line, e.value.row, e.value.col) == (1, 2, 2), call
        assert str(e.value).startswith("item 1: line 1, row 2, column 2: "), str(e.value)
    # Where the engine knows less, the rest is None.
    with pytest.raises(sudokit.ParseError) as e:
        sudokit.rate_many([HARD, "1" * 80])
    assert (e.value.line, e.value.row, e.value.col) == (1, None, None)
    assert str(e.value).startswith("item 1: line 1: 80 cells"), str(e.value)


@pytest.mark.parametrize("call", ["count", "count_many", "Board.count"])
def test_ctrl_c_interrupts_a_count(call):
    # An empty 16x16 board has far more than 10**9 solutions: counting to
    # that many takes minutes. SIGINT half a second in ends it.
    empty = "." * 256
    run = {
        "count": lambda: sudokit.count(empty, limit=10**9),
        "count_many": lambda: sudokit.count_many([empty, empty], limit=10**9),
        "Board.count": lambda: sudokit.Board(empty).count(limit=10**9),
    }[call]
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            run()
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 10
    # The solvers are left without the interrupt: the next count finishes.
    assert sudokit.count(HARD) == 1 and sudokit.count_many([HARD]) == [1]


def test_lines_of_blank_tokens_name_their_cell_count(cli, tmp_path):
    # A line of dots apart, one a cell, is a puzzle of tokens, as a line of
    # zeros is: 36x36 and 64x64 are read.
    for n in [36, 64]:
        board = sudokit.Board(" ".join(["."] * (n * n)))
        assert (board.size, board.clues) == (n, 0)
    # A count that is no board's names that count, as the CLI does (the
    # line was taken for a row of that many cells).
    for cells, words in [
        (35 * 35 + 70, "1295 cells is not a square board: expected 1225 for 35x35 or 1296 for 36x36"),
        (64 * 64 + 1, "4097 cells is more than the largest board here holds (4096 for 64x64)"),
    ]:
        text = " ".join(["."] * cells)
        with pytest.raises(sudokit.ParseError) as e:
            sudokit.Board(text)
        assert words in str(e.value) and e.value.line == 1, str(e.value)
        path = tmp_path / "dots.txt"
        path.write_text(text + "\n")
        _, err, status = cli("count", path)
        assert status == 2 and words in err, err


def test_generate_caps_its_list_and_generate_iter_streams():
    # The iterator gives generate's items, in order, as they are asked for.
    listed = sudokit.generate(4, seed=5, n=6)
    it = sudokit.generate_iter(4, seed=5, n=6)
    assert iter(it) is it
    assert [(p.index, p.puzzle) for p in it] == [(p.index, p.puzzle) for p in listed]
    assert next(it, None) is None
    # Without n it does not end; a huge n costs nothing until asked for.
    endless = sudokit.generate_iter(seed=5)
    first = [next(endless) for _ in range(3)]
    assert [p.puzzle for p in first] == [p.puzzle for p in sudokit.generate(seed=5, n=3)]
    assert next(sudokit.generate_iter(seed=5, n=10**9)).puzzle == first[0].puzzle
    with pytest.raises(sudokit.InputError, match="rules"):
        sudokit.generate_iter(rules="9+bogus")
    # A list that large is refused up front, naming the iterator.
    with pytest.raises(sudokit.InputError, match="generate_iter") as e:
        sudokit.generate(n=10**9, seed=1)
    assert "1,000,000" in str(e.value)


def test_batches_release_the_gil():
    ps = puzzles("se-rated-random.txt", 300)
    done = threading.Event()
    ticks = 0

    def work():
        sudokit.rate_many(ps)
        done.set()

    t = threading.Thread(target=work)
    start = time.perf_counter()
    t.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    t.join()
    elapsed = time.perf_counter() - start
    # Holding the GIL for the whole batch would leave this loop one pass.
    assert elapsed > 0.05 and ticks > 10, (elapsed, ticks)


def test_parse_errors_say_where():
    with pytest.raises(sudokit.ParseError) as e:
        sudokit.Board("12x")
    assert isinstance(e.value, ValueError) and isinstance(e.value, sudokit.SudokitError)
    assert e.value.line == 1
    bad = HARD[:10] + "x" + HARD[11:]
    with pytest.raises(sudokit.ParseError) as e:
        sudokit.Board(bad)
    assert (e.value.line, e.value.row, e.value.col) == (1, 2, 2)
    assert "x" in str(e.value)
    with pytest.raises(sudokit.ParseError) as e:
        sudokit.read_puzzles(HARD + "\n" + bad + "\n")
    assert e.value.line == 2


def test_errors_for_bad_values_and_options():
    with pytest.raises(sudokit.InputError, match="r1c2"):
        sudokit.Board.from_values([1, 10] + [0] * 79)
    with pytest.raises(sudokit.InputError, match="81"):
        sudokit.Board.from_values([0] * 80, size=9)
    with pytest.raises(sudokit.InputError, match="square"):
        sudokit.Board.from_numpy(np.zeros((3, 4), dtype=int))
    with pytest.raises(sudokit.InputError, match="symmetry"):
        sudokit.generate(symmetry="spiral")
    with pytest.raises(sudokit.InputError, match="difficulty"):
        sudokit.generate(difficulty="impossible")
    with pytest.raises(sudokit.InputError):
        sudokit.generate(size=7)
    with pytest.raises(sudokit.InputError):
        sudokit.Board(HARD).transform("rot45")
    with pytest.raises(IndexError):
        sudokit.Board(HARD)[9, 0]


@pytest.mark.parametrize("limit", [0, -1, 1_000_000_001, 10**12])
def test_count_limits_outside_the_clis_range_are_refused(limit):
    # 0 would read as "no solution"; the CLI and the service take 1 to 10^9.
    words = r"limit=-?\d+: expected an integer from 1 to 1,000,000,000"
    with pytest.raises(sudokit.InputError, match=words):
        sudokit.count(HARD, limit=limit)
    with pytest.raises(sudokit.InputError, match=words):
        sudokit.count_many([HARD], limit=limit)
    with pytest.raises(sudokit.InputError, match=words):
        sudokit.Board(HARD).count(limit=limit)
    # The ends of the range are taken (an empty 4x4 board has 288 grids).
    assert sudokit.count("." * 16, limit=1) == 1
    assert sudokit.count("." * 16, limit=1_000_000_000) == 288


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: sudokit.generate(seed=-1), r"seed=-1: .*from 0 to 18,446,744,073,709,551,615"),
        (lambda: sudokit.generate(seed=2**64), r"seed=18446744073709551616: .*from 0 to"),
        (lambda: sudokit.generate(n=-1), r"n=-1: .*from 0 to"),
        (lambda: sudokit.generate(start=-1, n=1), r"start=-1: .*from 0 to"),
        (lambda: sudokit.generate(size=-1), r"size=-1: .*from 1 to 64"),
        (lambda: sudokit.Board(".", size=-1), r"size=-1: .*from 1 to 64"),
        (lambda: sudokit.Board(".", size=2**40), r"size=1099511627776: .*from 1 to 64"),
        (lambda: sudokit.read_puzzles(".", size=-1), r"size=-1: .*from 1 to 64"),
        (lambda: sudokit.Board.from_values([0] * 16, size=-4), r"size=-4: .*from 1 to 64"),
        (lambda: sudokit.Board(HARD).shuffled(-1), r"seed=-1: .*from 0 to"),
        (lambda: sudokit.Board.from_values([2**70] + [0] * 15), r"value 1180591620717411303424 at r1c1"),
        (lambda: sudokit.Board.from_values([-1] + [0] * 15), r"value -1 at r1c1"),
    ],
)
def test_integers_out_of_range_name_the_argument(call, words):
    # Not PyO3's "can't convert negative int to unsigned" OverflowError.
    with pytest.raises(sudokit.InputError, match=words) as e:
        call()
    assert isinstance(e.value, ValueError)


def test_generate_indices_past_the_last_one_are_refused():
    # start + n beyond 2**64 wrapped round to items 0, 1, 2.
    with pytest.raises(sudokit.InputError, match=r"start=18446744073709551614 and n=3"):
        sudokit.generate(seed=1, start=2**64 - 2, n=3)
    last = sudokit.generate(seed=1, start=2**64 - 3, n=2)
    assert [p.index for p in last] == [2**64 - 3, 2**64 - 2]


def test_generate_refuses_a_size_and_box_that_disagree():
    # generate(16, box="2x3") made a 6x6 puzzle.
    with pytest.raises(sudokit.InputError, match="size 16 does not match box 2x3"):
        sudokit.generate(16, box="2x3")
    with pytest.raises(sudokit.InputError, match="size 9 does not match box 2x3"):
        sudokit.generate(9, box="2x3", seed=1)
    with pytest.raises(sudokit.InputError, match="rules or size"):
        sudokit.generate(9, rules="6+x", seed=1)
    assert sudokit.generate(box="2x3", seed=1).puzzle.size == 6
    assert sudokit.generate(6, box="2x3", seed=1).puzzle.size == 6
    assert sudokit.generate(rules="6+x", seed=1).puzzle.rules == "6+x"
    assert sudokit.generate(seed=1).puzzle.size == 9


def test_cells_outside_the_board_are_index_errors():
    for cell in [(9, 0), (-1, 0), (0, -1), (2**70, 0)]:
        with pytest.raises(IndexError, match="outside a 9x9 board"):
            sudokit.Board(HARD)[cell]


def test_logic_errors():
    with pytest.raises(sudokit.ClashError) as e:
        sudokit.rate("11" + "." * 79)
    assert e.value.clashes and e.value.clashes[0].digit == 1
    with pytest.raises(sudokit.UnsolvableError):
        sudokit.rate("." * 81)
    with pytest.raises(sudokit.UnsolvableError):
        sudokit.explain("12345678." + "........9" + "." * 63)


def test_generate_errors_name_the_item():
    # No 16-clue 9x9 puzzle exists (McGuire, Tugemann and Civario, 2012):
    # refused before any item.
    with pytest.raises(sudokit.GenerateError) as e:
        sudokit.generate(clues="16", seed=1)
    assert e.value.index is None
    # 17 clues in a hundredth of a second: item 0 runs out of time.
    with pytest.raises(sudokit.GenerateError) as e:
        sudokit.generate(clues="17", time_limit=0.01, seed=1, n=3)
    assert e.value.index == 0 and "item 0" in str(e.value)


STUB = Path(sudokit.__file__).resolve().parent / "_sudokit.pyi"


def stub_classes():
    """The classes of the type stub: name -> (annotated attributes, methods)."""
    classes = {}
    for node in ast.parse(STUB.read_text()).body:
        if isinstance(node, ast.ClassDef) and node.name != "GenerateOptions":
            attrs = {b.target.id: b.annotation for b in node.body if isinstance(b, ast.AnnAssign)}
            methods = {b.name for b in node.body if isinstance(b, ast.FunctionDef)}
            classes[node.name] = (attrs, methods)
    return classes


def test_the_stub_lists_the_runtime_attributes():
    board = sudokit.Board(HARD)
    objects = {
        "Board": board,
        "Solution": board.solve(),
        "Rating": board.rate(),
        "Step": board.hint(),
        "Puzzle": sudokit.generate(4, seed=1),
        "PuzzleIterator": sudokit.generate_iter(4, seed=1),
        "Clash": sudokit.Board("11" + "." * 79).validate()[0],
    }
    for name, (attrs, methods) in stub_classes().items():
        if name not in objects:
            continue
        obj = objects[name]
        public = {a for a in dir(obj) if not a.startswith("_")}
        assert public - set(attrs) - methods == set(), f"{name}: runtime attributes not in the stub"
        missing = {a for a in set(attrs) | methods if not hasattr(obj, a)}
        assert missing == set(), f"{name}: stub attributes not at runtime"
    # The level of the rating of HARD is "extreme"; every level is in the stub.
    level = stub_classes()["Rating"][0]["level"]
    levels = {e.value for e in level.slice.elts}
    assert objects["Rating"].level in levels
    assert levels == {"easy", "medium", "hard", "expert", "evil", "extreme", "diabolical"}


def test_runtime_signatures_match_the_stub():
    stub = {n.name: n for n in ast.parse(STUB.read_text()).body if isinstance(n, ast.FunctionDef)}
    for name in ["generate", "read_puzzles", "count", "count_many"]:
        params = inspect.signature(getattr(sudokit, name)).parameters
        node = stub[name]
        assert list(params) == [a.arg for a in node.args.args + node.args.kwonlyargs] or name == "generate"
        for p in params.values():
            assert p.default is not Ellipsis, f"{name}({p.name}=...)"
    for call in [sudokit.Board, sudokit.Board.from_values, sudokit.Board.from_numpy]:
        sig = inspect.signature(call)
        assert "box" in sig.parameters and sig.parameters["box"].default is None, sig
    assert str(inspect.signature(sudokit.generate)).startswith("(size=None, *, box=None, rules=None")
    assert inspect.signature(sudokit.generate_iter) == inspect.signature(sudokit.generate)
    assert "generate_iter" in stub and "generate_iter" in sudokit.__all__
