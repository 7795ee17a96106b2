"""``python -m sudokit.dask``: the CLI's batch commands on a Dask cluster.

    python -m sudokit.dask generate -n 200 --seed 9 --workers 2
    python -m sudokit.dask rate puzzles.txt --scheduler tcp://host:8786
    python -m sudokit.dask canon puzzles.txt --workdir /tmp/canon-job

Standard output gets exactly the bytes of ``sudokit generate -n 200 --seed
9`` (``sudokit rate FILE``, ...); standard error the CLI's messages; the
exit status is the CLI's. Without ``--scheduler`` a local cluster of
``--workers`` processes is started (each shard then uses the worker's share
of the cores).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Optional

from .. import errors


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m sudokit.dask",
        description="Run sudokit's batch commands on a Dask cluster; output is byte-identical to the CLI's.",
    )
    cluster = argparse.ArgumentParser(add_help=False)
    cluster.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler (else a local cluster)")
    cluster.add_argument("--workers", type=int, default=None, metavar="N", help="local cluster: worker processes (default: one per core)")
    cluster.add_argument("--workdir", metavar="DIR", help="keep finished shards here; a rerun skips them")
    cluster.add_argument("--shard-size", type=int, default=None, metavar="N", help="items (generate) or input lines (others) per shard")
    sub = p.add_subparsers(dest="command", required=True)

    g = sub.add_parser("generate", parents=[cluster], help="sudokit generate (line format)")
    g.add_argument("-n", "--count", type=int, default=1, metavar="N")
    g.add_argument("--seed", type=int, default=None)
    g.add_argument("--size", type=int, default=None, help="board side (default 9)")
    g.add_argument("--box", default=None, metavar="RxC")
    g.add_argument("--rules", default=None, metavar="NAME")
    g.add_argument("--variant", default=None, metavar="LIST")
    g.add_argument("--killer-givens", action="store_true")
    g.add_argument("--method", default=None)
    g.add_argument("--symmetry", default=None)
    g.add_argument("--clues", default=None)
    g.add_argument("--difficulty", default=None)
    g.add_argument("--rating", default=None)
    g.add_argument("--needs", default=None, metavar="T[,T...]")
    g.add_argument("--hardest", default=None, metavar="T")
    g.add_argument("--minimal", action="store_true")
    g.add_argument("--carving", default=None)
    g.add_argument("--time-limit", type=float, default=60.0, metavar="SECONDS")
    g.add_argument("--filled", action="store_true")
    g.add_argument("--with-solution", action="store_true")
    g.add_argument("--distinct", action="store_true")
    g.add_argument("--allow-duplicates", action="store_true")

    for name in ("rate", "canon", "dedup"):
        c = sub.add_parser(name, parents=[cluster], help=f"sudokit {name} FILE")
        c.add_argument("file")
        if name == "canon":
            c.add_argument("--automorphisms", action="store_true")
    return p


def _client(args):
    from distributed import Client, LocalCluster

    if args.scheduler:
        return Client(args.scheduler), None
    workers = args.workers or os.cpu_count() or 1
    cores = max(1, (os.cpu_count() or 1) // workers)
    cluster = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
        # One shard at a time a worker, its rayon pool on the worker's cores.
        env={"RAYON_NUM_THREADS": str(cores)},
    )
    return Client(cluster), cluster


def main(argv: Optional[list] = None) -> int:
    args = _parser().parse_args(argv)
    from .. import dask as job

    out = sys.stdout.buffer
    try:
        if args.command == "generate" and args.seed is None:
            import time

            args.seed = time.time_ns() & ((1 << 64) - 1)
        client, cluster = _client(args)
        try:
            common = {"workdir": args.workdir}
            if args.shard_size is not None:
                key = "shard_size" if args.command == "generate" else "shard_lines"
                common[key] = args.shard_size
            if args.command == "generate":
                result = job.generate(
                    client,
                    args.count,
                    args.seed,
                    out,
                    with_solution=args.with_solution,
                    size=args.size,
                    box=args.box,
                    rules=args.rules,
                    variant=args.variant,
                    killer_givens=args.killer_givens,
                    method=args.method,
                    symmetry=args.symmetry,
                    clues=args.clues,
                    difficulty=args.difficulty,
                    rating=args.rating,
                    needs=args.needs,
                    hardest=args.hardest,
                    minimal=args.minimal,
                    carving=args.carving,
                    time_limit=args.time_limit,
                    filled=args.filled,
                    distinct=args.distinct,
                    allow_duplicates=args.allow_duplicates,
                    **common,
                )
            elif args.command == "rate":
                result = job.rate(client, args.file, out, **common)
            elif args.command == "canon":
                result = job.canon(client, args.file, out, automorphisms=args.automorphisms, **common)
            else:
                result = job.dedup(client, args.file, out, **common)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    except errors.SudokitError as e:
        print(f"sudokit: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"sudokit: {e}", file=sys.stderr)
        return 2
    for m in result.messages:
        print(m, file=sys.stderr)
    if args.workdir:
        print(
            f"sudokit.dask: {result.shards_run} shards run, {result.shards_skipped} taken from {args.workdir}",
            file=sys.stderr,
        )
    return result.status


if __name__ == "__main__":
    sys.exit(main())
