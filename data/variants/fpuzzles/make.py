"""Writes the f-puzzles boards of this folder from `sudokit generate` output.

Usage: sudokit generate --variant V --with-solution --seed S -n 1 | python3 make.py TITLE > FILE.json

Written from the f-puzzles format alone (it shares no code with sudokit's
reader): the `# rules:` line's parts become f-puzzles fields, a killer line's
cage map becomes `killercage` entries, and the solution goes to `solution`.
"""

import json
import sys


def name(i, n):
    return f"R{i // n + 1}C{i % n + 1}"


def main():
    title = sys.argv[1]
    lines = [l.strip() for l in sys.stdin if l.strip()]
    rules = lines[0].removeprefix("# rules:").strip().split("+")
    n = int(rules[0])
    body = lines[1]
    board = {"size": n, "title": title, "author": "sudokit generate"}
    cages = []
    if "," in body.split()[1]:
        # A killer line: cage map, sums, then '#' and the solution.
        cage_map, sums = body.split()[0], body.split()[1].split(",")
        order = []
        for ch in cage_map:
            if ch not in order:
                order.append(ch)
        for k, ch in enumerate(order):
            cells = [name(i, n) for i, c in enumerate(cage_map) if c == ch]
            cages.append({"cells": cells, "value": sums[k]})
        givens = "." * (n * n)
        solution = body.split("#")[1].strip()
    else:
        givens, solution = body.split()[0], body.split()[1]
    regions = None
    for part in rules[1:]:
        key, _, arg = part.partition(":")
        if part == "x":
            board["diagonal+"] = True
            board["diagonal-"] = True
        elif part == "anti-knight":
            board["antiknight"] = True
        elif part == "anti-king":
            board["antiking"] = True
        elif part == "non-consecutive":
            board["nonconsecutive"] = True
        elif part == "kropki-negative":
            board["negative"] = ["ratio", "difference"]
        elif part.startswith("jigsaw="):
            regions = part.removeprefix("jigsaw=")
        elif key == "thermo":
            cells = [name(int(c), n) for c in arg.split(".")]
            board.setdefault("thermometer", []).append({"lines": [cells]})
        elif key in ("white", "black"):
            cells = [name(int(c), n) for c in arg.split(".")]
            field = "difference" if key == "white" else "ratio"
            board.setdefault(field, []).append({"cells": cells})
        elif key in ("even", "odd"):
            for c in arg.split("."):
                board.setdefault(key, []).append({"cell": name(int(c), n)})
        else:
            raise SystemExit(f"no f-puzzles field for {part!r}")
    if cages:
        board["killercage"] = cages
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            i = r * n + c
            cell = {}
            if givens[i] not in ".0":
                cell = {"value": int(givens[i]), "given": True}
            if regions:
                cell["region"] = int(regions[i], 36)
            row.append(cell)
        grid.append(row)
    board["grid"] = grid
    board["solution"] = [int(d) for d in solution]
    json.dump(board, sys.stdout, indent=1)
    sys.stdout.write("\n")


main()
