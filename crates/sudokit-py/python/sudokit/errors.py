"""The exceptions of sudokit.

Every exception derives from :class:`SudokitError`. Those caused by bad
input derive from :class:`InputError`, which is also a :class:`ValueError`.
Each carries the engine's message and, where the engine knows it, where the
problem is (attributes set to ``None`` when unknown).
"""


class SudokitError(Exception):
    """The base class of every sudokit error."""


class InputError(SudokitError, ValueError):
    """Bad input: a puzzle, option or value the engine cannot accept."""


class ParseError(InputError):
    """Puzzle text that cannot be read.

    ``line``, ``row`` and ``col`` (all from 1) say where, when known, for
    one puzzle and for an item of a batch alike (whose message begins with
    ``item N:``).
    """

    line = None
    row = None
    col = None


class ClashError(InputError):
    """The givens break a rule; ``clashes`` lists every broken rule."""

    clashes = ()


class UnsolvableError(SudokitError):
    """The puzzle has no solution, or several where exactly one is needed."""


class BudgetError(SudokitError):
    """A step or time budget ran out before the answer was found."""


class StuckError(SudokitError):
    """No implemented technique applies and guessing is off (``guess=False``)."""


class GenerateError(SudokitError):
    """A puzzle could not be generated; ``index`` is the item that failed."""

    index = None


__all__ = [
    "SudokitError",
    "InputError",
    "ParseError",
    "ClashError",
    "UnsolvableError",
    "BudgetError",
    "StuckError",
    "GenerateError",
]
