"""Batches of the ``sudokit`` CLI split over a Dask cluster.

``generate``, ``rate``, ``canon`` and ``dedup`` here write exactly the bytes
that ``sudokit generate``, ``sudokit rate``, ``sudokit canon`` and
``sudokit dedup`` write for the same seed, options and input, whatever the
number of workers, shards or retries:

- generate is cut into shards of item indices ``[start, stop)``: item ``i``
  is a function of ``(seed, i)`` and the options alone, so any worker can
  make any shard. The client keeps the first ``n`` new items in index
  order (dropping an item equal, or with ``distinct`` equivalent, to an
  earlier one), exactly the CLI's rule, and asks for more shards when
  duplicates leave it short.
- rate, canon and dedup are cut into shards of whole input lines (files of
  one puzzle a line; any other format is one shard). Each shard is read
  with the file's own line numbers, so error lines match too. dedup is
  global: workers compute canonical forms, the client keeps the first
  puzzle of each form in input order.

Shards run on any Dask cluster (a ``distributed.Client``). With a
``workdir``, every finished shard is saved there as soon as the client has
it, and a rerun of the same job skips saved shards: a run killed at any
point resumes without losing or repeating anything. A worker that dies
mid-shard costs only that shard, which Dask runs again elsewhere.

Output streams in order: shard ``k`` is written once shards ``0..k`` are;
at most ``in_flight`` shards are queued at a time, so memory stays bounded
on inputs of any size. Workers need the ``sudokit`` package installed (the
same version as the client).
"""

from __future__ import annotations

import collections
import dataclasses
import hashlib
import itertools
import json
import os
import pickle
import sys
from typing import IO, Any, Callable, Iterable, Iterator, Optional

from .. import _sudokit

__all__ = ["Result", "generate", "rate", "canon", "dedup"]

#: Lines of input per shard of ``rate``: ratings take milliseconds to
#: seconds each, so shards stay small enough to spread a file over many cores.
RATE_SHARD_LINES = 200
#: Lines of input per shard of ``canon`` and ``dedup`` (microseconds each).
CANON_SHARD_LINES = 50_000
#: Items per shard of ``generate`` without a rating target.
GENERATE_SHARD = 1000
#: Items per shard of ``generate`` with a rating target (each takes longer).
RATED_GENERATE_SHARD = 50
#: Bytes read from the start of an input to detect its format.
HEAD_BYTES = 1 << 16
#: The CLI prints at most this many per-puzzle messages on stderr.
MAX_MESSAGES = 10


#: The options of a generate shard (all present, ``None`` for the default).
_SPEC_KEYS = (
    "size",
    "box",
    "difficulty",
    "rating",
    "needs",
    "hardest",
    "clues",
    "symmetry",
    "method",
    "carving",
    "minimal",
    "time_limit",
    "filled",
    "distinct",
    "allow_duplicates",
    "rules",
    "variant",
    "killer_givens",
)


@dataclasses.dataclass
class Result:
    """How a run went.

    ``status`` is the CLI's exit status (0 ok, 1 a "no" answer or a failed
    item, 2 bad input); ``messages`` what the CLI would print on stderr;
    ``shards_run`` and ``shards_skipped`` count shards computed in this run
    and taken from the work directory.
    """

    status: int = 0
    messages: list = dataclasses.field(default_factory=list)
    shards_run: int = 0
    shards_skipped: int = 0


# --- tasks (run on the workers) -------------------------------------------


def _generate_task(spec: dict, seed: int, start: int, stop: int, with_solution: bool):
    return _sudokit._generate_shard(spec, seed, start, stop, with_solution)


def _rate_task(data: bytes, first_line: int, fmt: Optional[str]):
    return _sudokit._rate_chunk(data, first_line, fmt)


def _canon_task(data: bytes, first_line: int, fmt: Optional[str], automorphisms: bool):
    return _sudokit._canon_chunk(data, first_line, fmt, automorphisms)


def _dedup_task(data: bytes, first_line: int, fmt: Optional[str]):
    return [(None if f is None else bytes(f), text) for f, text in _sudokit._dedup_chunk(data, first_line, fmt)]


# --- the work directory ---------------------------------------------------


class _Store:
    """Finished shards of one job, saved under ``workdir/<job id>/``.

    A shard is saved to a temporary file and renamed into place, so a
    saved shard is always whole; the job id is a hash of everything the
    output depends on, so a changed input or option never reuses shards.
    """

    def __init__(self, workdir: Optional[str], job: dict):
        self.dir = None
        if workdir is not None:
            digest = hashlib.sha256(json.dumps(job, sort_keys=True).encode()).hexdigest()[:16]
            self.dir = os.path.join(workdir, f"{job['command']}-{digest}")
            os.makedirs(self.dir, exist_ok=True)
            with open(os.path.join(self.dir, "job.json"), "w") as f:
                json.dump(job, f, sort_keys=True, indent=1)

    def _path(self, name: str) -> str:
        return os.path.join(self.dir, f"shard-{name}.pickle")

    def load(self, name: str):
        if self.dir is None:
            return None
        try:
            with open(self._path(name), "rb") as f:
                return pickle.load(f)
        except FileNotFoundError:
            return None

    def save(self, name: str, value) -> None:
        if self.dir is None:
            return
        path = self._path(name)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)


def _input_identity(path: str) -> dict:
    st = os.stat(path)
    return {"path": os.path.abspath(path), "size": st.st_size, "mtime_ns": st.st_mtime_ns}


# --- running shards in order ----------------------------------------------


def _in_order(
    client,
    shards: Iterable[tuple],
    store: _Store,
    result: Result,
    in_flight: int,
    admit: Optional[Callable[[int], bool]] = None,
) -> Iterator[Any]:
    """Runs ``shards`` (``(name, function, *args)``) on ``client`` and
    yields their results in order, each saved to ``store`` as it arrives;
    saved shards are not run again. With ``admit``, shard ``k`` (from 0) is
    started only once ``admit(k)`` holds; it is asked again each time the
    consumer wants the next result."""
    queue: collections.deque = collections.deque()
    shards = iter(shards)
    started = 0

    def fill() -> None:
        nonlocal started
        while len(queue) < in_flight:
            if admit is not None and not admit(started):
                return
            started += 1
            try:
                name, fn, *args = next(shards)
            except StopIteration:
                return
            saved = store.load(name)
            if saved is not None:
                result.shards_skipped += 1
                queue.append((name, None, saved))
            else:
                future = client.submit(fn, *args, pure=False, retries=2)
                queue.append((name, future, None))

    fill()
    while queue:
        name, future, value = queue.popleft()
        if future is not None:
            value = future.result()
            future.release()
            store.save(name, value)
            result.shards_run += 1
        yield value
        # Refilled only when the consumer asks for more, so a consumer that
        # has enough starts no shard it will not read.
        fill()


def _default_in_flight(client) -> int:
    try:
        threads = sum(client.nthreads().values())
    except Exception:  # a client without workers yet
        threads = 1
    return max(4, 4 * threads)


def _line_shards(path: str, shard_lines: int) -> tuple:
    """The input's format and its shards: ``(first_line, bytes)`` of whole
    lines for a one-puzzle-a-line file, else the whole file as one."""
    with open(path, "rb") as f:
        head = f.read(HEAD_BYTES)
    cut = head.rfind(b"\n")
    fmt = _sudokit._detect_format(head if cut < 0 or len(head) < HEAD_BYTES else head[: cut + 1])
    if fmt != "line":

        def whole() -> Iterator[tuple]:
            with open(path, "rb") as f:
                yield 1, f.read()

        return None, whole()

    def lines() -> Iterator[tuple]:
        with open(path, "rb") as f:
            first = 1
            while True:
                chunk = list(itertools.islice(f, shard_lines))
                if not chunk:
                    return
                yield first, b"".join(chunk)
                first += len(chunk)

    return fmt, lines()


def _note(result: Result, message: str) -> None:
    result.messages.append(message)


def _run_lines(
    client,
    command: str,
    path: str,
    out: IO[bytes],
    task: Callable,
    extra: tuple,
    shard_lines: int,
    workdir: Optional[str],
    in_flight: Optional[int],
) -> Result:
    """rate and canon: text shards written in order, statuses combined."""
    result = Result()
    fmt, chunks = _line_shards(path, shard_lines)
    job = {"command": command, "input": _input_identity(path), "shard_lines": shard_lines, "extra": list(extra)}
    store = _Store(workdir, job)
    shards = ((f"{first:012d}", task, data, first, fmt, *extra) for first, data in chunks)
    name = path
    shown = 0
    for text, status, messages in _in_order(client, shards, store, result, in_flight or _default_in_flight(client)):
        out.write(text.encode())
        result.status = max(result.status, status)
        for m in messages:
            shown += 1
            if shown <= MAX_MESSAGES:
                _note(result, f"sudokit: {name}: {m}")
    out.flush()
    return result


def rate(
    client,
    path: str,
    out: IO[bytes],
    *,
    shard_lines: int = RATE_SHARD_LINES,
    workdir: Optional[str] = None,
    in_flight: Optional[int] = None,
) -> Result:
    """``sudokit rate PATH`` on ``client``, written to ``out`` (binary)."""
    return _run_lines(client, "rate", path, out, _rate_task, (), shard_lines, workdir, in_flight)


def canon(
    client,
    path: str,
    out: IO[bytes],
    *,
    automorphisms: bool = False,
    shard_lines: int = CANON_SHARD_LINES,
    workdir: Optional[str] = None,
    in_flight: Optional[int] = None,
) -> Result:
    """``sudokit canon PATH`` (``--automorphisms``) on ``client``."""
    return _run_lines(
        client, "canon", path, out, _canon_task, (automorphisms,), shard_lines, workdir, in_flight
    )


def dedup(
    client,
    path: str,
    out: IO[bytes],
    *,
    shard_lines: int = CANON_SHARD_LINES,
    workdir: Optional[str] = None,
    in_flight: Optional[int] = None,
) -> Result:
    """``sudokit dedup PATH`` on ``client``: the first puzzle of each
    canonical form, in input order, across all shards."""
    result = Result()
    fmt, chunks = _line_shards(path, shard_lines)
    job = {"command": "dedup", "input": _input_identity(path), "shard_lines": shard_lines}
    store = _Store(workdir, job)
    shards = ((f"{first:012d}", _dedup_task, data, first, fmt) for first, data in chunks)
    seen: set = set()
    shown = 0
    for records in _in_order(client, shards, store, result, in_flight or _default_in_flight(client)):
        for form, text in records:
            if form is None:
                result.status = 2
                shown += 1
                if shown <= MAX_MESSAGES:
                    _note(result, f"sudokit: {path}: {text}")
                continue
            key = hashlib.blake2b(form, digest_size=16).digest()
            if key not in seen:
                seen.add(key)
                out.write(text.encode())
    out.flush()
    return result


def generate(
    client,
    n: int,
    seed: int,
    out: IO[bytes],
    *,
    with_solution: bool = False,
    shard_size: Optional[int] = None,
    workdir: Optional[str] = None,
    in_flight: Optional[int] = None,
    **options: Any,
) -> Result:
    """``sudokit generate -n N --seed SEED`` (line format) on ``client``.

    ``options`` are those of :func:`sudokit.generate` (``size``, ``box``,
    ``rules``, ``variant``, ``killer_givens``, ``difficulty``, ``rating``,
    ``needs``, ``hardest``, ``clues``, ``symmetry``, ``method``,
    ``carving``, ``minimal``, ``time_limit``, ``filled``, ``distinct``,
    ``allow_duplicates``), with the CLI's defaults. Variant puzzles are
    written as the CLI writes them: a ``# rules:`` line before the items
    (killer lines below it for a killer), or before each item that draws
    its own constraints or regions (``variant="thermo"``, random jigsaw).
    """
    result = Result()
    unknown = sorted(set(options) - set(_SPEC_KEYS))
    if unknown:
        raise TypeError(f"generate() got unexpected options: {', '.join(unknown)}")
    spec = {k: options.get(k) for k in _SPEC_KEYS}
    spec["killer_givens"] = bool(spec["killer_givens"])
    if spec["box"] is not None:
        spec["size"] = None
    rated = any(spec.get(k) is not None for k in ("difficulty", "rating", "needs", "hardest"))
    if shard_size is None:
        shard_size = RATED_GENERATE_SHARD if rated else GENERATE_SHARD
    # Check the options once on the client: a bad one fails here, not on
    # every worker.
    _sudokit._generate_shard(spec, seed, 0, 0, with_solution)
    header = _sudokit._generate_header(spec)
    job = {"command": "generate", "seed": seed, "spec": spec, "with_solution": with_solution, "shard": shard_size}
    store = _Store(workdir, job)
    max_tries = n * 20 + 10_000
    allow_duplicates = bool(spec.get("allow_duplicates"))
    what = "grids" if spec.get("filled") else "puzzles"

    seen: set = set()
    written = 0
    tried = 0

    def shards() -> Iterator[tuple]:
        for start in itertools.count(0, shard_size):
            yield (f"{start:016d}-{shard_size}", _generate_task, spec, seed, start, start + shard_size, with_solution)

    def admit(k: int) -> bool:
        # Shard k can hold one of the first n new items given the repeats
        # met so far; a shard beyond is started only once earlier ones have
        # shown it is needed.
        return k * shard_size < n + (tried - written)

    if header is not None:
        out.write(header.encode())
    if n == 0:
        out.flush()
        return result
    window = in_flight or _default_in_flight(client)
    for items, failure in _in_order(client, shards(), store, result, window, admit):
        for index, key, line in items:
            if tried >= max_tries and not allow_duplicates:
                result.status = 2
                _note(
                    result,
                    f"sudokit: only {written} different items in {tried} tries: this shape has few distinct "
                    f"{what}; ask for fewer or pass --allow-duplicates",
                )
                out.flush()
                return result
            tried += 1
            if not allow_duplicates:
                k = hashlib.blake2b(key.encode(), digest_size=16).digest()
                if k in seen:
                    continue
                seen.add(k)
            out.write(line.encode())
            written += 1
            if written == n:
                out.flush()
                return result
        if failure is not None:
            index, message, fatal = failure
            out.flush()
            if fatal:
                result.status = 2
                _note(result, f"sudokit: {message}")
            else:
                result.status = 1
                _note(result, f"sudokit: item {index}: {message}")
                _note(
                    result,
                    f"sudokit: {written} of {n} items finished; stopped at the first that failed",
                )
            return result
    out.flush()
    return result
