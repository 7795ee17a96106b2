"""Shared fixtures: the repository's data sets and the CLI binary built from it.

The CLI is the reference the package is checked against: set
``SUDOKIT_CLI`` to its path, or build it with
``cargo build --release -p sudokit-cli`` (``target/release/sudokit``). A
missing binary fails the tests that need it; they never skip.
"""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "data"


def data_lines(name, count=None, puzzles_only=True):
    """The puzzle lines of ``data/NAME`` (comments dropped), the first ``count``."""
    lines = []
    for line in (DATA / name).read_text().splitlines():
        if puzzles_only and (not line.strip() or line.startswith("#")):
            continue
        lines.append(line)
        if count is not None and len(lines) == count:
            break
    return lines


def puzzles(name, count=None):
    """The puzzles (first field of each line) of ``data/NAME``."""
    return [line.split()[0] for line in data_lines(name, count)]


@pytest.fixture(scope="session")
def cli():
    """Runs the CLI: ``cli("generate", "-n", "5")`` gives ``(stdout bytes, stderr text, status)``."""
    path = Path(os.environ.get("SUDOKIT_CLI", REPO / "target" / "release" / "sudokit"))
    if not path.exists():
        pytest.fail(f"no CLI at {path}: run `cargo build --release -p sudokit-cli` or set SUDOKIT_CLI")

    def run(*args):
        p = subprocess.run([str(path), *map(str, args)], capture_output=True, timeout=600)
        return p.stdout, p.stderr.decode(), p.returncode

    return run


def is_solved_grid(values, n, box_rows, box_cols):
    """Checks a full grid by the rules alone: every row, column and box holds 1..n once."""
    digits = set(range(1, n + 1))
    rows = [values[r * n:(r + 1) * n] for r in range(n)]
    cols = [[values[r * n + c] for r in range(n)] for c in range(n)]
    boxes = []
    for br in range(0, n, box_rows):
        for bc in range(0, n, box_cols):
            boxes.append([values[(br + i) * n + bc + j] for i in range(box_rows) for j in range(box_cols)])
    return all(set(h) == digits for h in rows + cols + boxes)
