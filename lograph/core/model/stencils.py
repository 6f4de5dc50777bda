"""Click rules on lattices as stencils: the cells a press acts on, relative to the press.

A `Stencil` is a sorted tuple of distinct ``(dr, dc)`` integer offsets. Pressing the cell
``(r, c)`` of a grid changes the light of every kept cell ``(r + dr, c + dc)`` (on a surface the
target is first carried across the glued edges, see `lograph.core.model.surfaces`); targets
off the board or on a hole are skipped.

How the stencil meets the board's ``rule``
    The centre ``(0, 0)`` is the self action. Every preset contains it, so a preset is the
    *closed* form of its rule (``plus`` is the classic game). ``rule="closed"`` keeps the
    stencil as given: the stencil alone decides whether a press changes its own light.
    ``rule="open"`` removes the centre. The board built records ``closed`` exactly when its
    buttons act on themselves. An offset that wraps all the way round a small surface onto
    the pressed cell itself is skipped: only the centre decides the self action.

A stencil that is not its own mirror image (some ``(dr, dc)`` without ``(-dr, -dc)``) makes a
directed board: pressing ``u`` changes ``v`` without the reverse.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lograph.core.errors import BoardError

__all__ = [
    "MAX_OFFSETS",
    "MAX_REACH",
    "STENCILS",
    "STENCIL_HELP",
    "Stencil",
    "acts_on_itself",
    "is_symmetric",
    "make_stencil",
    "neighbour_offsets",
    "parse_stencil",
    "stencil_text",
    "within",
]

#: A stencil: sorted, distinct ``(dr, dc)`` offsets (see the module docstring).
Stencil = tuple[tuple[int, int], ...]

#: Farthest offset in rows or columns: ``rowcol`` reaches this far, the whole row and column
#: of any board up to 1001 cells wide.
MAX_REACH = 1000
#: Most offsets in one stencil (``rowcol`` has 4001).
MAX_OFFSETS = 4 * MAX_REACH + 1
_MAX_TEXT = 100_000
_OFFSET = re.compile(r"([+-]?\d{1,7}),([+-]?\d{1,7})")


def make_stencil(offsets: Iterable[tuple[int, int]] | str) -> Stencil:
    """A valid stencil from offsets: checked, duplicates dropped, sorted. Text is read by
    `parse_stencil` (a preset name such as ``"king"``, or ``"DR,DC DR,DC ..."``), so the
    library's generators take the names the command line's ``--stencil`` takes.

    Examples
    --------
    >>> make_stencil([(1, 0), (0, 0), (1, 0)])
    ((0, 0), (1, 0))
    >>> make_stencil("king") == STENCILS["king"], make_stencil("0,0 0,1")
    (True, ((0, 0), (0, 1)))
    >>> make_stencil([])
    Traceback (most recent call last):
    ...
    lograph.core.errors.BoardError: the stencil is empty: give at least one offset DR,DC
    """
    if isinstance(offsets, str):
        return parse_stencil(offsets)
    cells: set[tuple[int, int]] = set()
    for item in offsets:
        if len(cells) >= MAX_OFFSETS:
            raise BoardError(f"a stencil has at most {MAX_OFFSETS} offsets")
        cells.add(_offset(item))
    if not cells:
        raise BoardError("the stencil is empty: give at least one offset DR,DC")
    return tuple(sorted(cells))


def _offset(item: object) -> tuple[int, int]:
    ok = (
        isinstance(item, tuple | list)
        and len(item) == 2
        and all(isinstance(d, int) and not isinstance(d, bool) for d in item)
    )
    if not ok:
        raise BoardError(f"stencil offset {item!r} is not two integers (DR, DC)")
    dr, dc = int(item[0]), int(item[1])  # type: ignore[index]
    if max(abs(dr), abs(dc)) > MAX_REACH:
        raise BoardError(f"stencil offset ({dr}, {dc}) reaches beyond {MAX_REACH} cells")
    return dr, dc


def _ring(*pairs: tuple[int, int]) -> Stencil:
    """The centre plus every sign variant of the given offsets."""
    cells = {(0, 0)}
    for dr, dc in pairs:
        cells |= {(sr * dr, sc * dc) for sr in (1, -1) for sc in (1, -1)}
    return tuple(sorted(cells))


def _rowcol() -> Stencil:
    line = [d for d in range(-MAX_REACH, MAX_REACH + 1) if d]
    return tuple(sorted({(0, 0)} | {(d, 0) for d in line} | {(0, d) for d in line}))


#: Preset click rules by name. Each contains its centre: ``rule="open"`` removes it.
STENCILS: dict[str, Stencil] = {
    "plus": _ring((1, 0), (0, 1)),
    "x": _ring((1, 1)),
    "king": _ring((1, 0), (0, 1), (1, 1)),
    "knight": _ring((1, 2), (2, 1)),
    "plus2": _ring((1, 0), (0, 1), (2, 0), (0, 2)),
    "rowcol": _rowcol(),
}

#: One-line descriptions of the presets, for help texts and pickers.
STENCIL_HELP: dict[str, str] = {
    "plus": "the cell and its 4 neighbours (the classic game)",
    "x": "the cell and its 4 diagonal neighbours",
    "king": "the 3×3 block around the cell",
    "knight": "the cell and the 8 cells a chess knight reaches",
    "plus2": "the cell and 2 cells in each of the 4 directions",
    "rowcol": "the cell's whole row and whole column",
}


def parse_stencil(text: str) -> Stencil:
    """A stencil from a preset name or offsets ``"DR,DC DR,DC ..."`` (spaces or ``;``).

    Examples
    --------
    >>> parse_stencil("0,0 1,0 -1,0 0,2")
    ((-1, 0), (0, 0), (0, 2), (1, 0))
    >>> parse_stencil("Plus") == STENCILS["plus"]
    True
    >>> parse_stencil("1,a")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lograph.core.errors.BoardError: stencil offset '1,a' is not two integers DR,DC ...
    """
    if not isinstance(text, str):
        raise BoardError(f"stencil {text!r} is not text")
    if len(text) > _MAX_TEXT:
        raise BoardError(f"stencil text of {len(text)} characters is too long")
    key = text.strip().lower()
    if key in STENCILS:
        return STENCILS[key]
    tokens = re.sub(r"\s*,\s*", ",", text.strip()).replace(";", " ").split()
    if not tokens:
        raise BoardError(
            f"the stencil is empty: give a preset ({', '.join(STENCILS)}) or offsets DR,DC"
        )
    offsets = []
    for token in tokens:
        found = _OFFSET.fullmatch(token)
        if found is None:
            hint = "" if "," in token else f", or a preset ({', '.join(STENCILS)})"
            raise BoardError(
                f"stencil offset {token!r} is not two integers DR,DC (e.g. 0,1 or -1,0){hint}"
            )
        offsets.append((int(found.group(1)), int(found.group(2))))
    return make_stencil(offsets)


def stencil_text(stencil: Stencil) -> str:
    """The preset name of `stencil`, or its offsets as `parse_stencil` reads them.

    >>> stencil_text(STENCILS["knight"]), stencil_text(((0, 0), (0, 1)))
    ('knight', '0,0 0,1')
    """
    for name, preset in STENCILS.items():
        if preset == stencil:
            return name
    return " ".join(f"{dr},{dc}" for dr, dc in stencil)


def is_symmetric(stencil: Stencil) -> bool:
    """True when every offset's opposite is in the stencil (the board is undirected).

    >>> is_symmetric(STENCILS["knight"]), is_symmetric(((0, 0), (0, 1)))
    (True, False)
    """
    cells = set(stencil)
    return all((-dr, -dc) in cells for dr, dc in cells)


def acts_on_itself(stencil: Stencil, rule: str) -> bool:
    """Whether a press changes its own light: the centre is in the stencil and the rule is
    closed (``rule="open"`` removes the centre)."""
    return rule == "closed" and (0, 0) in stencil


def within(stencil: Stencil, rows: int, cols: int) -> Stencil:
    """The offsets that can matter on an m×n grid on any surface: farther ones land off the
    board, or (past two turns round a glued side) where a shorter offset lands.

    >>> len(within(STENCILS["rowcol"], 5, 7))  # the centre, ±10 rows, ±14 columns
    49
    """
    return tuple((dr, dc) for dr, dc in stencil if abs(dr) <= 2 * rows and abs(dc) <= 2 * cols)


def neighbour_offsets(stencil: Stencil) -> Stencil:
    """The offsets other than the centre: the edges a stencil makes."""
    return tuple(d for d in stencil if d != (0, 0))
