"""The worst position of n×n boards with more than two colours, whole `lograph worst` process.

For every n×n board (closed rule, n ≤ 20) whose quiet patterns over Z_k are not trivial,
for k = 3 … 7, this times `lograph worst FILE --json` (default time limit, 20 s) and checks
each answer without lograph's algebra: the printed presses, added over each button's
closed neighbourhood on the grid with numpy, clear the printed position (mod k), and the
number of presses is the reported count. Prints a Markdown table (docs/performance.md, section
"The worst position", "More colours").

    .venv/bin/python benchmarks/worst_colours.py            # about 6 minutes
    .venv/bin/python benchmarks/worst_colours.py --quick    # n ≤ 9 (seconds)

No peer computes worst positions over Z_k; before the class integer program, `lograph worst`
refused these boards over GF(p) past 2^26 press vectors and gave a searched range over
composite k.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
LOGRAPH = [sys.executable, "-m", "lograph"]
#: (k, n) with a non-trivial kernel, found by `lograph analyze` (nullity > 0).
STATES = (3, 4, 5, 6, 7)
SIZES = range(2, 21)


def _cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*LOGRAPH, *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, check=False)  # fmt: skip


def grid_press(presses: np.ndarray, k: int) -> np.ndarray:
    """What pressing `presses` (n × n counts) does to the lights: each press adds one to its
    own light and its four neighbours' (mod k)."""
    out = presses.copy()
    out[1:, :] += presses[:-1, :]
    out[:-1, :] += presses[1:, :]
    out[:, 1:] += presses[:, :-1]
    out[:, :-1] += presses[:, 1:]
    return out % k


def _cell(name: str) -> tuple[int, int]:
    row, column = name[1:].split("c")
    return int(row), int(column)


def _check(n: int, k: int, answer: dict, path: Path) -> str:
    if answer["presses"] is None:
        return "– (a counting bound, no position)"
    presses = np.zeros((n, n), dtype=np.int64)
    for name in answer["presses"]:  # a button pressed twice is listed twice
        presses[_cell(name)] += 1
    lights = np.zeros((n, n), dtype=np.int64)
    buttons = [str(node["id"]) for node in json.loads(path.read_text())["nodes"]]
    for name, value in zip(buttons, answer["light_values"], strict=True):  # the file's order
        lights[_cell(name)] = value
    cleared = not np.any((grid_press(presses, k) + lights) % k)
    return "yes" if cleared and int(presses.sum()) == answer["worst_presses"] else "NO"


def _nullity(path: Path) -> tuple[int, str]:
    """The number of quiet generators and the quiet group, as ``(Z_2)^2 × Z_4``."""
    data = json.loads(_cli("analyze", str(path), "--json").stdout)
    factors: list[int] = data["kernel_structure"]
    parts = []
    for order in sorted(set(factors)):
        count = factors.count(order)
        parts.append(f"(Z_{order})^{count}" if count > 1 else f"Z_{order}")
    return data["nullity"], " × ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only n ≤ 9")
    parser.add_argument("--states", default=",".join(map(str, STATES)), help="k, e.g. 4,6")
    parser.add_argument("--from-size", type=int, default=2, help="smallest n")
    args = parser.parse_args()
    sizes = [n for n in SIZES if n >= args.from_size and (n <= 9 or not args.quick)]
    print("| k | n | quiet patterns | worst | how | time | checked |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as scratch:
        for k in (int(k) for k in args.states.split(",")):
            for n in sizes:
                path = Path(scratch) / f"{k}-{n}.json"
                _cli("generate", "rectangle", str(n), str(n), "--states", str(k), "-o", str(path))
                _, structure = _nullity(path)
                if not structure:  # no quiet pattern (over Z_k the McCoy nullity may say 1)
                    continue
                start = time.perf_counter()
                done = _cli("worst", str(path), "--json")
                seconds = time.perf_counter() - start
                if done.returncode != 0:
                    print(f"| {k} | {n} | {structure} | – | {done.stderr.strip()} | "
                          f"{seconds:.2f} s | – |")  # fmt: skip
                    continue
                answer = json.loads(done.stdout)
                low, high = answer["worst_presses"], answer["upper_bound"]
                value = f"**{low}**" if answer["exact"] else f"{low}–{high}"
                ok = _check(n, k, answer, path)
                print(f"| {k} | {n} | {structure} | {value} | {answer['method']} | "
                      f"{seconds:.2f} s | {ok} |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
