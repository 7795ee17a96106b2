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
    ],
)
def test_generate_matches_the_cli(cli, seed, options, flags):
    n = 12 if "difficulty" in options or "rating" in options else 40
    out, err, status = cli("generate", "-n", n, "--seed", seed, *flags)
    assert status == 0, err
    made = sudokit.generate(seed=seed, n=n, **options)
    assert "".join(f"{p}\n" for p in made).encode() == out


def test_generate_with_solution_matches_the_cli(cli):
    out, _, _ = cli("generate", "-n", 20, "--seed", 31, "--with-solution")
    made = sudokit.generate(seed=31, n=20)
    assert "".join(f"{p.puzzle} {p.solution}\n" for p in made).encode() == out


def test_few_distinct_items_are_skipped_as_the_cli_does(cli):
    # 4x4 boards have few minimal puzzles: duplicates appear and are skipped.
    out, err, status = cli("generate", "-n", 60, "--seed", 1, "--size", 4)
    assert status == 0, err
    made = sudokit.generate(size=4, seed=1, n=60)
    assert max(p.index for p in made) > 59, "the run met duplicates"
    assert "".join(f"{p}\n" for p in made).encode() == out


def test_rating_matches_the_cli(cli):
    lines = puzzles("se-rated-random.txt", 60)
    out, err, _ = cli("rate", DATA / "se-rated-random.txt")
    cli_lines = out.decode().splitlines()[:60]
    ours = [f"{sudokit.Board(p)} {r}" for p, r in zip(lines, sudokit.rate_many(lines))]
    assert ours == cli_lines


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
