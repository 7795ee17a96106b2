"""sudokit: a fast Sudoku engine for every box shape up to 64x64.

The engine is written in Rust; this package is its Python face.

- :class:`Board`: a board (read from any text format, a list or a numpy
  array), with ``solve``, ``count``, ``validate``, ``rate``, ``hint``,
  ``explain``, ``canonical`` and ``transform``.
- :func:`generate`: unique puzzles, reproducible from ``(seed, index)``:
  ``generate(seed=7, n=100)`` gives exactly the puzzles of
  ``sudokit generate -n 100 --seed 7``; :func:`generate_iter` gives them
  one at a time, any number of them.
- Batches (:func:`solve_many`, :func:`count_many`, :func:`rate_many`,
  :func:`canonical_many`) release the GIL and use every core.
- :mod:`sudokit.errors`: every error is a :class:`SudokitError`.
- :mod:`sudokit.dask` (extra ``dask``): the CLI's batch commands split over
  a Dask cluster, with the CLI's output byte for byte.

Example::

    >>> import sudokit
    >>> p = sudokit.generate(difficulty="hard", symmetry="rot180", seed=7)
    >>> p.puzzle.solve().grid.is_solution_of(p.puzzle)
    True
"""

from . import errors
from ._sudokit import (
    Board,
    Broken,
    Clash,
    Puzzle,
    PuzzleIterator,
    Rating,
    Solution,
    Step,
    __version__,
    canonical,
    canonical_many,
    count,
    count_many,
    explain,
    generate,
    generate_iter,
    hint,
    rate,
    rate_many,
    read_puzzles,
    solve,
    solve_many,
    transform,
    validate,
)
from .errors import (
    BudgetError,
    ClashError,
    GenerateError,
    InputError,
    ParseError,
    StuckError,
    SudokitError,
    UnsolvableError,
)

__all__ = [
    "Board",
    "Broken",
    "Clash",
    "Puzzle",
    "PuzzleIterator",
    "Rating",
    "Solution",
    "Step",
    "__version__",
    "canonical",
    "canonical_many",
    "count",
    "count_many",
    "errors",
    "explain",
    "generate",
    "generate_iter",
    "hint",
    "rate",
    "rate_many",
    "read_puzzles",
    "solve",
    "solve_many",
    "transform",
    "validate",
    "BudgetError",
    "ClashError",
    "GenerateError",
    "InputError",
    "ParseError",
    "StuckError",
    "SudokitError",
    "UnsolvableError",
]
