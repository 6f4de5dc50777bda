"""The families a census walks: grids given by size ranges, and graph6 files read lazily.

A family turns its RANGES into a stream of `Case` objects (small, picklable: sent to worker
processes or a Dask cluster) and each case into a `PressSystem`. Grid families are built
with `grid_system` (numpy, no networkx); a graph6 line is decoded with the same vectorised
reader as ``.g6`` board files. Nothing is held for the whole family: a graph6 file of 10⁸
lines is read one line at a time.

Examples
--------
>>> family = parse_family("rectangle", ["1-2", "3"])
>>> [case.name for case in family.cases()]
['1x3', '2x3']
>>> family.count
2
>>> system = build_system(next(family.cases()), states=2, rule="closed")
>>> system.n, system.edge_count
(3, 2)
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError, BoardFormatError
from lograph.core.files.graph6 import MAX_LINE_BYTES, decode
from lograph.core.files.source import open_regular
from lograph.core.model.generators import diamond_mask, grid_system
from lograph.core.model.stencils import Stencil
from lograph.core.model.surfaces import SURFACES
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel, poll

__all__ = [
    "GRID_FAMILIES",
    "MAX_CASES",
    "MAX_SIDE",
    "Case",
    "Family",
    "build_system",
    "check_graph6",
    "parse_family",
    "parse_range",
]

#: Family name -> (how many sizes RANGES gives, smallest first size, smallest second size).
#: The surfaces' smallest sizes are the ones `lograph generate` accepts.
GRID_FAMILIES = {
    "rectangle": (2, 1, 1),
    "diamond": (1, 0, 0),
    **{name: (2, *SURFACES[name].min_size) for name in ("torus", "cylinder")},
    **{name: (2, *SURFACES[name].min_size) for name in ("mobius", "klein", "projective")},
}
FAMILIES = (*GRID_FAMILIES, "graph6")
#: Largest side (or diamond radius) a range may reach: a 1000×1000 board takes seconds.
MAX_SIDE = 1000
#: Most boards one grid census may hold.
MAX_CASES = 100_000
_RANGE = re.compile(r"(\d{1,7})(?:-(\d{1,7}))?")
_HEADER = b">>graph6<<"
#: The bytes a graph6 line is made of.
_GRAPH6_BYTES = bytes(range(63, 127))
#: Longer graph6 lines (over ~20 buttons) are decoded in full by `check_graph6`.
_QUICK_LINE = 64


@dataclass(frozen=True)
class Case:
    """One board of a census: its `key` (what a resumed run skips), its `name` (the first
    column of the table), and what `build_system` needs (`sizes` or a graph6 `line`)."""

    key: str
    name: str
    family: str
    sizes: tuple[int, ...] = ()
    line: bytes = b""
    source: str = ""


def parse_range(text: str, low: int, what: str) -> range:
    """``"5"`` or ``"1-30"`` as an inclusive range, checked against `low` and `MAX_SIDE`.

    >>> parse_range("2-4", 1, "rows")
    range(2, 5)
    >>> parse_range("5-2", 1, "rows")
    Traceback (most recent call last):
    ...
    lograph.core.errors.BoardError: rows range '5-2' is empty (write it low-high, e.g. 2-5)
    """
    match = _RANGE.fullmatch(text.strip())
    if match is None:
        raise BoardError(f"{what} range {text!r} is not a number or a range like 1-30")
    first = int(match.group(1))
    last = int(match.group(2) or first)
    if first > last:
        raise BoardError(f"{what} range {text!r} is empty (write it low-high, e.g. {last}-{first})")
    if first < low:
        raise BoardError(f"{what} range {text!r} starts below {low}, the smallest allowed")
    if last > MAX_SIDE:
        raise BoardError(f"{what} range {text!r} goes past {MAX_SIDE}, the largest allowed")
    return range(first, last + 1)


@dataclass(frozen=True)
class Family:
    """A parsed FAMILY RANGES: `cases()` streams the boards; `count` is None for graph6."""

    name: str
    ranges: tuple[range, ...] = ()
    path: str = ""

    @property
    def count(self) -> int | None:
        if self.name == "graph6":
            return None
        total = 1
        for sizes in self.ranges:
            total *= len(sizes)
        return total

    @property
    def is_grid(self) -> bool:
        return self.name != "graph6"

    def cases(self) -> Iterator[Case]:
        if self.name == "graph6":
            return _graph6_cases(self.path)
        return _grid_cases(self.name, self.ranges)


def parse_family(family: str, ranges: Sequence[str]) -> Family:
    """Check FAMILY and its RANGES before any work starts (`BoardError` names the problem)."""
    if family == "graph6":
        if len(ranges) != 1:
            raise BoardError("the graph6 family takes one file of graph6 lines, e.g. graphs5.g6")
        path = ranges[0]
        if not os.path.exists(path):
            raise BoardError(f"{path}: no such file (graph6 takes a file of graph6 lines)")
        os.close(open_regular(path))  # a folder, FIFO or device: one line now, not later
        return Family("graph6", path=path)
    if family not in GRID_FAMILIES:
        raise BoardError(f"unknown family {family!r}; choose from {', '.join(FAMILIES)}")
    sizes, low_first, low_second = GRID_FAMILIES[family]
    if len(ranges) != sizes:
        example = "1-30" if sizes == 1 else "1-30 1-30"
        raise BoardError(f"{family} takes {sizes} range{'s' * (sizes > 1)}, e.g. {example}")
    what = ("radius",) if sizes == 1 else ("rows", "columns")
    lows = (low_first, low_second)
    parsed = tuple(parse_range(text, lows[i], what[i]) for i, text in enumerate(ranges))
    result = Family(family, parsed)
    if (result.count or 0) > MAX_CASES:
        raise BoardError(f"{result.count} boards are too many for one census (limit {MAX_CASES})")
    return result


def _grid_name(family: str, sizes: tuple[int, ...]) -> str:
    if family == "diamond":
        return f"diamond {sizes[0]}"
    shape = f"{sizes[0]}x{sizes[1]}"
    return shape if family == "rectangle" else f"{family} {shape}"


def _grid_cases(family: str, ranges: tuple[range, ...]) -> Iterator[Case]:
    grid: Iterator[tuple[int, ...]] = (
        ((r,) for r in ranges[0])
        if len(ranges) == 1
        else ((m, n) for m in ranges[0] for n in ranges[1])
    )
    for sizes in grid:
        name = _grid_name(family, sizes)
        yield Case(key=name, name=name, family=family, sizes=sizes)


def _graph6_cases(path: str) -> Iterator[Case]:
    """One case per graph6 line, keyed by its line number; blank lines and a leading
    ``>>graph6<<`` header are skipped. Lines are read one at a time with a length cap."""
    with os.fdopen(open_regular(path), "rb") as handle:  # a FIFO would wait for a writer
        number = 0
        while True:
            raw = handle.readline(MAX_LINE_BYTES + 2)
            if not raw:
                return
            number += 1
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise BoardFormatError(
                    f"{path} line {number}: longer than {MAX_LINE_BYTES} bytes (not graph6)"
                )
            line = raw.strip()
            if number == 1:
                line = line.removeprefix(b"\xef\xbb\xbf").removeprefix(_HEADER)
            if line:
                yield Case(
                    key=str(number),
                    name=line.decode("ascii", "replace"),
                    family="graph6",
                    line=line,
                    source=f"{path} line {number}",
                )


def check_graph6(family: Family, cancel: Cancel = None) -> int:
    """Read every line of a graph6 family once, before a census writes anything; the number
    of graphs. A broken line raises the `BoardFormatError` `build_system` would.

    Why first: a broken line at line 10⁶ would otherwise end the census there, with a table
    of 10⁶ rows that a rerun stops at again. Short lines are checked by their size header,
    bytes and length (a microsecond each); long lines and suspect ones are decoded in full,
    which also checks the size limits and words the message.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "g.g6"
    >>> _ = path.write_bytes(b"Bg\\nBw\\n")
    >>> check_graph6(parse_family("graph6", [str(path)]))
    2
    """
    count = 0
    for case in family.cases():
        count += 1
        if not count & 0xFFFF:
            poll(cancel, "census cancelled")
        if len(case.line) > _QUICK_LINE or not _plausible_graph6(case.line):
            _decode_graph6(case)
    return count


def _plausible_graph6(line: bytes) -> bool:
    """Whether a short line has graph6 bytes and as many as its one-byte size header asks."""
    if line[0] >= 126 or line.translate(None, _GRAPH6_BYTES):  # 126: a longer header
        return False
    n = line[0] - 63
    return len(line) - 1 == (n * (n - 1) // 2 + 5) // 6


def _decode_graph6(case: Case) -> tuple[int, NDArray[np.int64]]:
    if case.line[:1] in (b":", b";", b"&"):
        raise BoardFormatError(f"{case.source}: sparse6/digraph6 data, not graph6")
    return decode(case.source, case.line)


def build_system(case: Case, states: int, rule: str, stencil: Stencil | None = None) -> PressSystem:
    """The press system of one case (a broken graph6 line raises `BoardFormatError` naming
    its line). `stencil` is the click rule of grid families (None: the classic plus)."""
    if case.family == "graph6":
        n, pairs = _decode_graph6(case)
        self_mask = np.full(n, rule == "closed", dtype=bool)
        return PressSystem.from_edges(
            n, pairs[:, 0], pairs[:, 1], self_mask, states=states, rule=rule, name=case.name
        )
    mask = surface = None
    if case.family == "diamond":
        rows = cols = 2 * case.sizes[0] + 1
        mask = diamond_mask(case.sizes[0])
    else:
        rows, cols = case.sizes
        surface = None if case.family == "rectangle" else case.family
    return grid_system(
        rows,
        cols,
        mask=mask,
        surface=surface,
        stencil=stencil,
        rule=rule,
        states=states,
        name=case.name,
    )
