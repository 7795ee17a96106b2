"""Type hints of the native module ``sudokit._sudokit`` (re-exported by ``sudokit``)."""

from typing import Any, Literal, Optional, Sequence, Union, overload

__version__: str

BoardLike = Union["Board", str]
TextFormat = Literal["line", "tokens", "grid", "sdk", "ss", "pencilmarks"]

class Board:
    """A Sudoku board: its shape and every cell's value (0 for blank). Immutable, hashable, picklable."""

    def __init__(self, text: str, *, size: Optional[int] = None, box: Optional[str] = None) -> None: ...
    @classmethod
    def from_values(cls, values: Sequence[int], *, size: Optional[int] = None, box: Optional[str] = None) -> "Board": ...
    @classmethod
    def from_numpy(cls, array: Any, *, box: Optional[str] = None) -> "Board": ...
    def to_numpy(self) -> Any: ...
    def to_list(self) -> list[list[int]]: ...
    @property
    def values(self) -> list[int]: ...
    @property
    def size(self) -> int: ...
    @property
    def box_shape(self) -> tuple[int, int]: ...
    @property
    def clues(self) -> int: ...
    def is_solved(self) -> bool: ...
    def is_solution_of(self, puzzle: BoardLike) -> bool: ...
    def is_valid(self) -> bool: ...
    def to_text(self, format: TextFormat = "grid") -> str: ...
    def __getitem__(self, index: tuple[int, int]) -> int: ...
    def __len__(self) -> int: ...
    def validate(self) -> list["Clash"]: ...
    def solve(self) -> "Solution": ...
    def solution(self) -> Optional["Board"]: ...
    def count(self, limit: int = 2) -> int: ...
    def rate(self, *, time_limit: Optional[float] = None, guess: bool = True) -> "Rating": ...
    def hint(self, *, time_limit: Optional[float] = None, guess: bool = True) -> Optional["Step"]: ...
    def explain(self, *, time_limit: Optional[float] = None, guess: bool = True) -> list["Step"]: ...
    def canonical(self) -> "Board": ...
    def automorphisms(self) -> int: ...
    def transform(self, ops: str) -> "Board": ...
    def shuffled(self, seed: int) -> "Board": ...

class Clash:
    """A broken rule: ``digit`` twice in a house (or in two cells that must differ)."""

    house: Optional[str]
    house_index: Optional[int]
    digit: int
    cells: list[tuple[int, int]]
    message: str

class Solution:
    """The answer of an exact solve; true exactly when the solution is unique."""

    status: Literal["unique", "none", "several", "clashing", "out_of_budget"]
    grid: Optional[Board]
    grids: list[Board]
    clashes: list[Clash]
    def __bool__(self) -> bool: ...

class Rating:
    """A Sudoku Explainer style rating; ``str()`` gives the CLI's ``er/ep/ed level hardest``."""

    er: float
    ep: float
    ed: float
    level: Literal["easy", "medium", "hard", "expert", "evil"]
    hardest: Optional[str]
    guessed: bool

class Step:
    """One logical step; cells are ``(row, col)`` from 0."""

    technique: str
    difficulty: float
    placements: list[tuple[int, int, int]]
    eliminations: list[tuple[int, int, int]]
    cells: list[tuple[int, int]]
    explanation: str

class Puzzle:
    """A generated puzzle, its solution, and the ``(seed, index)`` that make it again."""

    puzzle: Board
    solution: Board
    index: int
    seed: int
    rating: Optional[Rating]
    @property
    def clues(self) -> int: ...

@overload
def generate(
    size: int = 9,
    *,
    box: Optional[str] = None,
    difficulty: Optional[str] = None,
    rating: Optional[str] = None,
    needs: Union[str, Sequence[str], None] = None,
    hardest: Optional[str] = None,
    clues: Optional[str] = None,
    symmetry: Optional[str] = None,
    method: Optional[str] = None,
    carving: Optional[str] = None,
    minimal: bool = False,
    time_limit: float = 60.0,
    filled: bool = False,
    distinct: bool = False,
    allow_duplicates: bool = False,
    seed: Optional[int] = None,
    n: None = None,
    start: int = 0,
) -> Puzzle: ...
@overload
def generate(
    size: int = 9,
    *,
    box: Optional[str] = None,
    difficulty: Optional[str] = None,
    rating: Optional[str] = None,
    needs: Union[str, Sequence[str], None] = None,
    hardest: Optional[str] = None,
    clues: Optional[str] = None,
    symmetry: Optional[str] = None,
    method: Optional[str] = None,
    carving: Optional[str] = None,
    minimal: bool = False,
    time_limit: float = 60.0,
    filled: bool = False,
    distinct: bool = False,
    allow_duplicates: bool = False,
    seed: Optional[int] = None,
    n: int,
    start: int = 0,
) -> list[Puzzle]: ...
def solve(puzzle: BoardLike) -> Solution: ...
def count(puzzle: BoardLike, limit: int = 2) -> int: ...
def validate(puzzle: BoardLike) -> list[Clash]: ...
def rate(puzzle: BoardLike, *, time_limit: Optional[float] = None, guess: bool = True) -> Rating: ...
def hint(puzzle: BoardLike, *, time_limit: Optional[float] = None, guess: bool = True) -> Optional[Step]: ...
def explain(puzzle: BoardLike, *, time_limit: Optional[float] = None, guess: bool = True) -> list[Step]: ...
def canonical(puzzle: BoardLike) -> Board: ...
def transform(puzzle: BoardLike, ops: str) -> Board: ...
def solve_many(puzzles: Sequence[BoardLike]) -> list[Solution]: ...
def count_many(puzzles: Sequence[BoardLike], limit: int = 2) -> list[int]: ...
def rate_many(
    puzzles: Sequence[BoardLike],
    *,
    time_limit: Optional[float] = None,
    guess: bool = True,
    errors: Literal["raise", "none"] = "raise",
) -> list[Optional[Rating]]: ...
def canonical_many(puzzles: Sequence[BoardLike], *, errors: Literal["raise", "none"] = "raise") -> list[Optional[Board]]: ...
def read_puzzles(text: str, *, size: Optional[int] = None, box: Optional[str] = None) -> list[Board]: ...
def _generate_shard(
    spec: dict[str, Any], seed: int, start: int, stop: int, with_solution: bool = False
) -> tuple[list[tuple[int, str, str]], Optional[tuple[int, str, bool]]]: ...
def _detect_format(head: bytes) -> Optional[str]: ...
def _rate_chunk(data: bytes, first_line: int = 1, format: Optional[str] = None) -> tuple[str, int, list[str]]: ...
def _canon_chunk(
    data: bytes, first_line: int = 1, format: Optional[str] = None, automorphisms: bool = False
) -> tuple[str, int, list[str]]: ...
def _dedup_chunk(data: bytes, first_line: int = 1, format: Optional[str] = None) -> list[tuple[Optional[bytes], str]]: ...
