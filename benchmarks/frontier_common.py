"""What every row of `frontier.py` shares: the row record, timing, running lograph, checks.

The checks are independent of lograph's code: the nullity of an m×n grid comes from Sutner's
polynomial criterion (the degree of ``gcd(f_{m+1}(x), f_{n+1}(x + 1))`` over GF(2), with
``f_0 = 0, f_1 = 1, f_{k+1} = x f_k + f_{k-1}``), and a press set on a grid is checked by
toggling every pressed cell and its four neighbours with numpy.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parent.parent


@dataclass
class Row:
    """One line of the frontier table. `checked` is True once the answer was verified."""

    key: str
    what: str
    lograph: str = "–"
    peers: str = "–"
    ratio: str = "–"
    target: str = ""
    met: str = "–"
    answer: str = ""
    checked: bool = False
    notes: list[str] = field(default_factory=list)  # detail lines printed under the table

    def cells(self) -> list[str]:
        return [
            self.key,
            self.what,
            self.lograph,
            self.peers,
            self.ratio,
            self.target,
            self.met,
            self.answer,
        ]


@dataclass
class Run:
    """One finished (or timed-out) process: wall seconds, exit status, output."""

    seconds: float
    returncode: int | None  # None: killed at the timeout
    stdout: str
    stderr: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    def why(self) -> str:
        """A short reason for a failed run (its exit status and the last line of stderr)."""
        if self.returncode is None:
            return f"timed out after {self.seconds:.0f} s"
        last = (self.stderr.strip().splitlines()[-1:] or [""])[0]
        last = re.sub(r"/\S*/frontier-[^/]+/", "", last)  # the scratch folder says nothing
        last = last.split(" (")[0]  # the reason, without its parenthesised advice
        return f"exit {self.returncode}: {last[:150]}"


def lograph_command() -> list[str]:
    """The installed ``lograph`` script next to this interpreter (what a user types)."""
    script = Path(sys.executable).parent / "lograph"
    return [str(script)] if script.exists() else [sys.executable, "-m", "lograph"]


def run(cmd: list[str], timeout: float = 600, env: dict[str, str] | None = None) -> Run:
    """Run `cmd` to the end (or `timeout`), timing its whole wall time."""
    start = time.perf_counter()
    try:
        done = subprocess.run(
            cmd, capture_output=True, text=True, timeout=timeout, env=env, cwd=REPO
        )
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout.decode() if isinstance(expired.stdout, bytes) else ""
        return Run(time.perf_counter() - start, None, out, "")
    return Run(time.perf_counter() - start, done.returncode, done.stdout, done.stderr)


def best_run(cmd: list[str], repeats: int, timeout: float = 600) -> Run:
    """The fastest of `repeats` runs of `cmd`; the first failing run stops and is returned."""
    best: Run | None = None
    for _ in range(repeats):
        this = run(cmd, timeout)
        if not this.ok:
            return this
        if best is None or this.seconds < best.seconds:
            best = this
    assert best is not None
    return best


def best_call(work: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    """Best wall time of `repeats` calls of `work` and the last result."""
    seconds, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = work()
        seconds = min(seconds, time.perf_counter() - start)
    return seconds, result


def per_call(work: Callable[[], Any], budget: float = 0.3) -> float:
    """Seconds per call of a fast `work`, averaged over batches of about `budget` seconds."""
    one, _ = best_call(work, 3)
    number = max(1, int(budget / max(one, 1e-6)))
    return min(best_call(lambda: [work() for _ in range(number)], 3)[0] / number, one)


def fmt(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def times(ours: float, theirs: float, name: str) -> str:
    """``ours / theirs`` as "2.3× NAME"."""
    r = ours / theirs
    return f"{r:,.0f}× {name}" if r >= 100 else f"{r:.2g}× {name}"


def met(ok: bool) -> str:
    return "yes" if ok else "no"


# ------------------------------------------------------------------------ grid answers


def _deg(p: int) -> int:
    return p.bit_length() - 1


def _gcd(a: int, b: int) -> int:
    while b:
        while a and _deg(a) >= _deg(b):
            a ^= b << (_deg(a) - _deg(b))
        a, b = b, a
    return a


def _shift_by_one(p: int) -> int:
    """``p(x + 1)`` for a GF(2) polynomial held as the bits of an int (Horner's rule)."""
    out = 0
    for i in range(_deg(p), -1, -1):
        out = (out << 1) ^ out ^ ((p >> i) & 1)
    return out


def _chebyshev(k: int) -> int:
    a, b = 0, 1
    for _ in range(k):
        a, b = b, (b << 1) ^ a
    return a


def grid_nullity(rows: int, cols: int) -> int:
    """Nullity of the closed-rule rows×cols grid, by Sutner's polynomial gcd criterion."""
    return _deg(_gcd(_chebyshev(rows + 1), _shift_by_one(_chebyshev(cols + 1))))


def grid_toggle(presses: np.ndarray) -> np.ndarray:
    """Lights changed by a rows×cols 0/1 press pattern on a closed-rule grid."""
    p = presses.astype(np.uint8) & 1
    out = p.copy()
    out[1:] ^= p[:-1]
    out[:-1] ^= p[1:]
    out[:, 1:] ^= p[:, :-1]
    out[:, :-1] ^= p[:, 1:]
    return out


def grid_pattern(names: list[str], rows: int, cols: int) -> np.ndarray:
    """A rows×cols 0/1 array with the cells named ``rRcC`` set (each name once)."""
    out = np.zeros((rows, cols), dtype=np.uint8)
    for name in names:
        found = re.fullmatch(r"r(\d+)c(\d+)", name)
        assert found, f"not a grid cell name: {name}"
        out[int(found[1]), int(found[2])] ^= 1
    return out


def text_field(output: str, name: str) -> int | None:
    """The integer after `name` at the start of a line of lograph's text output."""
    found = re.search(rf"^{name}\s+(\d+)", output, re.MULTILINE)
    return int(found[1]) if found else None


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"


@dataclass
class Context:
    """One benchmark run: its mode, a scratch folder and the boards generated in it."""

    quick: bool
    scratch: Path
    repeats: int = 3
    lograph: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.lograph:
            self.lograph = tuple(lograph_command())

    def cli(self, *args: str) -> list[str]:
        return [*self.lograph, *args]

    def grid_file(self, rows: int, cols: int, ext: str, lights: str = "random") -> Path:
        """A rows×cols grid board file (made once by ``lograph generate``; seed 1)."""
        path = self.scratch / f"grid-{rows}x{cols}-{lights}.{ext}"
        if not path.exists():
            extra = ["--seed", "1"] if lights == "random" else []
            made = run(
                self.cli(
                    "generate",
                    "rectangle",
                    str(rows),
                    str(cols),
                    "-o",
                    str(path),
                    "--lights",
                    lights,
                    *extra,
                )
            )
            if not made.ok:
                raise RuntimeError(f"lograph generate failed ({made.why()})")
        return path
