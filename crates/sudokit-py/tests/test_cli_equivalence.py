"""The package gives the CLI's answers: generated puzzles for the same seed
and options, ratings and canonical forms of the same puzzles."""

import pytest

import sudokit
from conftest import DATA, data_lines, puzzles


@pytest.mark.parametrize(
    "seed, options, flags",
    [
        (9, {}, []),
        (1, {}, []),
        (123456789, {"symmetry": "rot180"}, ["--symmetry", "rot180"]),
        (5, {"clues": "hard"}, ["--clues", "hard"]),
        (7, {"difficulty": "hard", "symmetry": "rot180"}, ["--difficulty", "hard", "--symmetry", "rot180"]),
        (2, {"rating": "2.0-4.0"}, ["--rating", "2.0-4.0"]),
        (4, {"size": 4}, ["--size", "4"]),
        (11, {"box": "2x3"}, ["--box", "2x3"]),
        (3, {"size": 12}, ["--size", "12"]),
        (6, {"method": "shift", "filled": True}, ["--method", "shift", "--filled"]),
        (8, {"distinct": True, "size": 4}, ["--distinct", "--size", "4"]),
        (5, {"needs": "x-wing"}, ["--needs", "x-wing"]),
        (3, {"needs": ["naked pair", "XY-Wing"]}, ["--needs", "naked-pair,xy-wing"]),
        (2, {"hardest": "xy-wing"}, ["--hardest", "xy-wing"]),
    ],
)
def test_generate_matches_the_cli(cli, seed, options, flags):
    targeted = any(k in options for k in ("difficulty", "rating", "needs", "hardest"))
    n = 12 if targeted else 40
    if options.get("distinct"):
        n = 20  # 4x4 boards have few classes of equivalent puzzles
    out, err, status = cli("generate", "-n", n, "--seed", seed, *flags)
    assert status == 0, err
    made = sudokit.generate(seed=seed, n=n, **options)
    assert "".join(f"{p}\n" for p in made).encode() == out


def test_generate_with_solution_matches_the_cli(cli):
    out, _, _ = cli("generate", "-n", 20, "--seed", 31, "--with-solution")
    made = sudokit.generate(seed=31, n=20)
    assert "".join(f"{p.puzzle} {p.solution}\n" for p in made).encode() == out


def test_repeated_items_are_skipped_as_the_cli_does(cli):
    # 4x4 boards have 288 full grids: 100 of them drawn at random repeat.
    out, err, status = cli("generate", "-n", 100, "--seed", 1, "--size", 4, "--filled")
    assert status == 0, err
    made = sudokit.generate(size=4, seed=1, n=100, filled=True)
    assert max(p.index for p in made) > 99, "the run met repeats"
    assert "".join(f"{p}\n" for p in made).encode() == out


def test_running_out_of_distinct_items_is_an_error(cli):
    _, err, status = cli("generate", "-n", 40, "--seed", 8, "--size", 4, "--distinct")
    assert status == 2 and "different items" in err
    with pytest.raises(sudokit.GenerateError, match="different items"):
        sudokit.generate(size=4, seed=8, n=40, distinct=True)


def test_rating_matches_the_cli(cli, tmp_path):
    lines = data_lines("se-rated-random.txt", 60)
    path = tmp_path / "sixty.txt"
    path.write_text("\n".join(lines) + "\n")
    out, err, status = cli("rate", path)
    assert status == 0, err
    ps = [line.split()[0] for line in lines]
    ours = [f"{sudokit.Board(p)} {r}" for p, r in zip(ps, sudokit.rate_many(ps))]
    assert ours == out.decode().splitlines()


def test_canonical_forms_match_the_cli(cli):
    lines = puzzles("top1465.txt")
    out, err, status = cli("canon", DATA / "top1465.txt")
    assert status == 0, err
    assert [str(b) for b in sudokit.canonical_many(lines)] == out.decode().splitlines()


def test_solutions_match_the_cli(cli):
    lines = puzzles("top1465.txt", 200)
    ours = sudokit.solve_many(lines)
    out, _, _ = cli("solve", DATA / "top1465.txt")
    assert [str(s.grid) for s in ours] == out.decode().splitlines()[:200]


def test_data_comments_are_not_puzzles():
    assert len(data_lines("top1465.txt")) == len(sudokit.read_puzzles((DATA / "top1465.txt").read_text()))
