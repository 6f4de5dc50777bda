"""Solution files: which buttons to press, as ``.json``, ``.csv`` or ``.txt``.

- ``.json``: ``{"format": "lograph-solution", "version": 1, "buttons": N, "states": p,
  "press_count": K, "presses": {button: times, ...}, "info": {...}}``; only pressed buttons
  are listed, in button order, and `info` holds whatever the caller adds (goal, engine …).
- ``.csv``: a ``button,presses`` header, then one row per pressed button.
- ``.txt``: for grid-like boards (and p ≤ 10) the press counts drawn on the board's own
  layout, ``.`` for holes — the same shape as an ASCII board file, so the solution can be read
  side by side with the board; otherwise one button id per line (``id k`` when pressed k > 1
  times). Lines starting with ``#`` carry the count and the `info`.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.errors import BoardError
from lograph.core.files import ascii_grid
from lograph.core.files.atomic import atomic_write_text
from lograph.core.files.limits import MAX_NUMBER_DIGITS, json_object, shown
from lograph.core.files.source import PathLike, format_error, read_text
from lograph.core.model.system import PressSystem

__all__ = ["SOLUTION_FORMATS", "read_solution", "solution_text", "write_solution"]

SOLUTION_FORMATS = {".json": "json", ".csv": "csv", ".txt": "txt"}


def _format(path: PathLike, fmt: str | None) -> str:
    if fmt is not None:
        if fmt not in SOLUTION_FORMATS.values():
            raise format_error(path, f"unknown solution format {fmt!r} (use json, csv or txt)")
        return fmt
    ext = os.path.splitext(os.fspath(path))[1].lower()
    if ext not in SOLUTION_FORMATS:
        raise format_error(
            path, f"unknown solution file type {ext or '(none)'!r} (use .json, .csv or .txt)"
        )
    return SOLUTION_FORMATS[ext]


def _check_presses(system: PressSystem, presses: ArrayLike) -> NDArray[np.int64]:
    vec = np.asarray(presses)
    if vec.shape != (system.n,) or not (
        np.issubdtype(vec.dtype, np.integer) or np.issubdtype(vec.dtype, np.bool_)
    ):
        raise BoardError(f"expected {system.n} integer press counts, got {vec.dtype} {vec.shape}")
    vec = vec.astype(np.int64)
    if vec.size and (vec.min() < 0 or vec.max() >= system.states):
        raise BoardError(f"press counts must lie in 0..{system.states - 1}")
    return vec


def _plain(value: Any) -> Any:
    """JSON fallback for numpy scalars/arrays, fractions and anything else (as text)."""
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, tuple | set | frozenset):
        return list(value)
    if isinstance(value, Fraction):
        return str(value)
    return str(value)


def solution_text(
    system: PressSystem,
    presses: ArrayLike,
    fmt: str,
    info: Mapping[str, Any] | None = None,
) -> str:
    """The solution file's content in format `fmt` (``json``, ``csv`` or ``txt``).

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> print(solution_text(grid_system(2, 2), [1, 0, 0, 1], "txt"), end="")
    # lograph solution: 2 presses on 4 buttons
    10
    01
    """
    vec = _check_presses(system, presses)
    pressed = np.flatnonzero(vec)
    names = [system.names[i] for i in pressed.tolist()]
    counts = vec[pressed].tolist()
    total = int(vec.sum())
    if fmt == "json":
        doc = {
            "format": "lograph-solution",
            "version": 1,
            "buttons": system.n,
            "states": system.states,
            "press_count": total,
            "presses": dict(zip(names, counts, strict=True)),
            "info": dict(info or {}),
        }
        return json.dumps(doc, indent=2, default=_plain, ensure_ascii=False) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["button", "presses"])
        writer.writerows(zip(names, counts, strict=True))
        return out.getvalue()
    head = [f"# lograph solution: {total} presses on {system.n} buttons"]
    for key, value in (info or {}).items():
        text = value if isinstance(value, str) else json.dumps(value, default=_plain)
        head.append(f"# {' '.join(str(key).split())}: {' '.join(text.split())}")
    if _drawn(system):
        assert system.coords is not None
        return "\n".join(head + _grid_lines(system.coords, vec)) + "\n"
    for name in names:  # one id per line, then an optional count: ids must be one word
        if name.split() != [name] or name.startswith("#"):
            raise BoardError(
                f"button {name!r} has a space or line break or starts with '#', which a .txt "
                "solution cannot hold; use .json or .csv"
            )
    body = [name if k == 1 else f"{name} {k}" for name, k in zip(names, counts, strict=True)]
    return "\n".join(head + body) + "\n"


def _drawn(system: PressSystem) -> bool:
    """Whether a ``.txt`` solution draws the presses on the board's grid (else it lists the
    pressed ids): p ≤ 10 (one digit a cell), and a box of cells from r0c0 that `ascii_grid`
    reads back and that is not mostly holes; two cells a million rows apart would be
    terabytes of dots. Writing and reading decide alike."""
    if system.coords is None or system.states > 10 or system.n == 0:
        return False
    rows, cols = (int(v) + 1 for v in system.coords.max(axis=0))
    sparse = rows * cols > _BOX_CELLS_PER_BUTTON * system.n + _SMALL_BOX
    return not sparse and ascii_grid.grid_too_big(rows, cols) is None


#: A grid-named board is drawn when its box holds at most this many cells per button, plus
#: `_SMALL_BOX` (a diamond has two, any board within 64×64 is drawn).
_BOX_CELLS_PER_BUTTON = 16
_SMALL_BOX = 4096


def _grid_lines(coords: NDArray[np.int64], vec: NDArray[np.int64]) -> list[str]:
    # Rows start at 0 so that line r is row r, exactly as in an ASCII board file.
    rows, cols = (coords.max(axis=0) + 1).tolist()
    grid = np.full((rows, cols), ord("."), dtype=np.uint8)
    grid[coords[:, 0], coords[:, 1]] = ord("0") + vec
    return [row.tobytes().decode("ascii").rstrip(".") or "." for row in grid]


def write_solution(
    path: PathLike,
    system: PressSystem,
    presses: ArrayLike,
    *,
    info: Mapping[str, Any] | None = None,
    fmt: str | None = None,
) -> None:
    """Save a press vector (in button order) atomically; the format comes from the extension.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from lograph.core.model.generators import grid_system
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "s.csv"
    >>> write_solution(target, grid_system(1, 3), [0, 1, 0])
    >>> target.read_text()
    'button,presses\\nr0c1,1\\n'
    """
    atomic_write_text(path, solution_text(system, presses, _format(path, fmt), info))


def read_solution(path: PathLike, system: PressSystem, fmt: str | None = None) -> NDArray[np.uint8]:
    """Read a solution file written for `system` back into a press vector."""
    kind = _format(path, fmt)
    text = read_text(path)
    vec = np.zeros(system.n, dtype=np.int64)
    if kind == "json":  # the board reader's JSON limits: no 5000-digit counts, no NaN
        doc = json_object(path, text)
    try:
        if kind == "json":
            if doc.get("format") != "lograph-solution":
                raise ValueError("not a lograph solution file")
            items = list(doc["presses"].items())
        elif kind == "csv":
            rows = list(csv.reader(io.StringIO(text)))
            if not rows or [c.strip() for c in rows[0]] != ["button", "presses"]:
                raise ValueError("the first row must be 'button,presses'")
            items = [(r[0], _count(r[1])) for r in rows[1:] if r]
        elif _drawn(system):
            return _read_grid(path, text, system)
        else:
            lines = [ln.split() for ln in text.splitlines() if ln.strip() and ln[0] != "#"]
            items = [(p[0], _count(p[1]) if len(p) > 1 else 1) for p in lines]
        for name, times in items:
            if type(times) is not int or not 0 <= times < system.states:  # true is not 1
                raise ValueError(
                    f"press count {shown(times)} of {shown(name)} is not in 0..{system.states - 1}"
                )
            vec[system.index(name)] = times
    except (ValueError, KeyError, IndexError, AttributeError, TypeError, BoardError) as exc:
        raise format_error(path, f"not a valid solution for this board: {exc}") from None
    return vec.astype(np.uint8)


def _count(text: str) -> int:
    """A press count written in a .csv or .txt solution: ASCII digits only (int() would
    also take "1_1" and a full-width "３"), short enough to convert."""
    if _COUNT.fullmatch(text.strip()) is None:
        raise ValueError(f"press count {shown(text)} is not a number (write digits 0-9)")
    return int(text)


_COUNT = re.compile(f"[0-9]{{1,{MAX_NUMBER_DIGITS}}}")


def _read_grid(path: PathLike, text: str, system: PressSystem) -> NDArray[np.uint8]:
    grid = ascii_grid.parse(path, text, rule="closed", states=system.states)
    assert system.coords is not None
    r, c = system.coords[:, 0], system.coords[:, 1]
    inside = (r < grid.mask.shape[0]) & (c < grid.mask.shape[1])
    if not inside.all() or not grid.mask[r, c].all() or grid.mask.sum() != system.n:
        raise format_error(path, "the press grid does not have the board's shape")
    return grid.lights[r, c]
