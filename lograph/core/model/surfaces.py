"""Grid surfaces: how the edges of an M×N grid are glued, and the edges a stencil makes on them.

A surface is the grid's rectangle with some of its sides identified. Cells are ``(row, col)``
with ``0 <= row < M`` and ``0 <= col < N``; a step off one side comes back in on the side
glued to it:

==============  ===================================  ===================================
surface         leaving right → coming in left       leaving bottom → coming in top
==============  ===================================  ===================================
plane           no (off the board)                   no
cylinder        same row                             no
torus           same row                             same column
mobius          mirrored row: ``r → M-1-r``          no
klein           mirrored row: ``r → M-1-r``          same column
projective      mirrored row: ``r → M-1-r``          mirrored column: ``c → N-1-c``
==============  ===================================  ===================================

An offset ``(dr, dc)`` of a stencil is followed in the surface's covering plane: from
``(r, c)`` to ``(r + dr, c + dc)``, then carried back into the rectangle by the gluing (a
mirrored crossing also mirrors the rest of the way, as on a real Möbius strip). On the
projective plane, which has no flat covering, the columns are crossed first and then the rows.
Its corner cells meet twice: ``(M-1, N-1)`` reaches ``(0, 0)`` both to the right and
downwards, ``(0, N-1)`` reaches ``(M-1, 0)`` both to the right and upwards, so the four
corners have 3 neighbours each.

The three mirrored surfaces have no consistent left and right: a stencil that is symmetric
under ``(dr, dc) → (-dr, -dc)`` but not its own mirror image reaches ``v`` from ``u`` across
a mirrored seam without reaching back. For a symmetric stencil every pair found is therefore
joined both ways, so the board stays undirected; an asymmetric stencil makes a directed board
everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError
from lograph.core.model.stencils import Stencil, is_symmetric, neighbour_offsets

__all__ = ["SURFACES", "Surface", "carry", "check_surface", "seam_crossings", "stencil_edges"]

Ints = NDArray[np.int64]


@dataclass(frozen=True)
class Surface:
    """How the sides of the grid are glued (see the module docstring's table)."""

    name: str
    wrap_cols: bool = False  # the left and right sides are glued
    wrap_rows: bool = False  # the top and bottom sides are glued
    mirror_rows: bool = False  # crossing left/right mirrors the row
    mirror_cols: bool = False  # crossing top/bottom mirrors the column
    description: str = ""

    @property
    def min_size(self) -> tuple[int, int]:
        """Fewest rows and columns: a glued direction needs 3 cells to stay a simple graph."""
        return (3 if self.wrap_rows else 1, 3 if self.wrap_cols else 1)


SURFACES: dict[str, Surface] = {
    s.name: s
    for s in (
        Surface("plane", description="the plain rectangle"),
        Surface("cylinder", wrap_cols=True, description="rows wrap around"),
        Surface("torus", wrap_cols=True, wrap_rows=True, description="rows and columns wrap"),
        Surface(
            "mobius", wrap_cols=True, mirror_rows=True, description="rows wrap with a half twist"
        ),
        Surface(
            "klein",
            wrap_cols=True,
            wrap_rows=True,
            mirror_rows=True,
            description="rows wrap with a half twist, columns wrap plainly",
        ),
        Surface(
            "projective",
            wrap_cols=True,
            wrap_rows=True,
            mirror_rows=True,
            mirror_cols=True,
            description="rows and columns both wrap with a half twist",
        ),
    )
}


def check_surface(name: str, rows: int, cols: int) -> Surface:
    """The surface called `name`, checked against the grid size."""
    if name not in SURFACES:
        raise BoardError(f"unknown surface {name!r}; choose from {', '.join(SURFACES)}")
    surface = SURFACES[name]
    min_rows, min_cols = surface.min_size
    if rows < min_rows or cols < min_cols:
        need = (
            f"3 rows and 3 columns, not {rows}×{cols}" if min_rows > 1 else f"3 columns, not {cols}"
        )
        raise BoardError(f"a {name} needs at least {need}")
    return surface


def carry(
    surface: Surface, shape: tuple[int, int], r: Ints, c: Ints
) -> tuple[Ints, Ints, NDArray[np.bool_]]:
    """Cells ``(r, c)`` of the covering plane carried into the rectangle: ``(row, col, ok)``.

    ``ok`` is False where the cell is off the board (past an unglued side); there ``row`` and
    ``col`` are clipped into range so they can still index arrays.

    Examples
    --------
    >>> to = lambda name, r, c: [int(a[0]) for a in carry(
    ...     SURFACES[name], (4, 5), np.array([r]), np.array([c]))]
    >>> to("mobius", 1, 5), to("klein", 4, 5), to("projective", 4, 1), to("plane", 0, 5)
    ([2, 0, 1], [3, 0, 1], [0, 3, 1], [0, 4, 0])
    """
    rows, cols = shape
    ok = np.ones(r.shape, dtype=bool)
    if surface.wrap_cols:
        turns = np.floor_divide(c, cols)
        c = c - turns * cols
        if surface.mirror_rows:
            r = np.where(turns % 2 == 1, rows - 1 - r, r)
    else:
        ok &= (c >= 0) & (c < cols)
    if surface.wrap_rows:
        turns = np.floor_divide(r, rows)
        r = r - turns * rows
        if surface.mirror_cols:
            c = np.where(turns % 2 == 1, cols - 1 - c, c)
    else:
        ok &= (r >= 0) & (r < rows)
    return np.clip(r, 0, rows - 1), np.clip(c, 0, cols - 1), ok


def _reachable(surface: Surface, shape: tuple[int, int], stencil: Stencil) -> Stencil:
    """The offsets that can land anywhere: past two turns a glued side repeats itself."""
    rows, cols = shape
    row_reach = 2 * rows if surface.wrap_rows else rows - 1
    col_reach = 2 * cols if surface.wrap_cols else cols - 1
    return tuple(
        (dr, dc)
        for dr, dc in neighbour_offsets(stencil)
        if abs(dr) <= row_reach and abs(dc) <= col_reach
    )


def stencil_edges(
    mask: NDArray[np.bool_], surface: Surface, stencil: Stencil
) -> tuple[Ints, Ints, Ints, bool]:
    """``(coords, src, dst, directed)``: the kept cells and the edges pressing makes.

    Cells are numbered in row-major order of the kept cells of `mask`; an edge ``src → dst``
    means pressing ``src`` changes ``dst``; none joins a cell to itself. On small glued grids
    a pair may repeat (two offsets landing on one cell act once: every consumer merges
    repeats). ``directed`` is False when the stencil is symmetric: each pair is then listed
    at least one way round and acts both ways.
    """
    index = np.full(mask.shape, -1, dtype=np.int64)
    coords = np.argwhere(mask).astype(np.int64)
    index[coords[:, 0], coords[:, 1]] = np.arange(len(coords))
    directed = not is_symmetric(stencil)
    offsets = _reachable(surface, mask.shape, stencil)
    if not directed and not (surface.mirror_rows or surface.mirror_cols):
        # An undirected board needs each pair once: (dr, dc) from u is (-dr, -dc) from v.
        # Not across a mirrored seam: there it is (dr, -dc) or (-dr, dc), so every offset
        # is followed and the pairs found are joined both ways.
        offsets = tuple(d for d in offsets if d > (0, 0))
    sources, targets = [], []
    for dr, dc in offsets:
        r, c, ok = carry(surface, mask.shape, coords[:, 0] + dr, coords[:, 1] + dc)
        target = np.where(ok, index[r, c], -1)
        keep = (target >= 0) & (target != np.arange(len(coords)))
        sources.append(np.flatnonzero(keep))
        targets.append(target[keep])
    empty = np.zeros(0, dtype=np.int64)
    src = np.concatenate(sources) if sources else empty
    dst = np.concatenate(targets) if targets else empty
    return coords, src, dst, directed


def seam_crossings(
    mask: NDArray[np.bool_], surface: Surface, stencil: Stencil
) -> tuple[Ints, Ints, Ints]:
    """``(src, dst, offset_index)``: the presses that reach across a glued side.

    Pictures of a surface draw these as stubs leaving the board in the offset's direction
    (a straight line across the whole board would hide them among the grid's edges).
    ``offset_index`` indexes `neighbour_offsets(stencil)`.
    """
    index = np.full(mask.shape, -1, dtype=np.int64)
    coords = np.argwhere(mask).astype(np.int64)
    index[coords[:, 0], coords[:, 1]] = np.arange(len(coords))
    rows, cols = mask.shape
    found: list[tuple[Ints, Ints, Ints]] = []
    for k, (dr, dc) in enumerate(neighbour_offsets(stencil)):
        cover_r, cover_c = coords[:, 0] + dr, coords[:, 1] + dc
        outside = (cover_r < 0) | (cover_r >= rows) | (cover_c < 0) | (cover_c >= cols)
        r, c, ok = carry(surface, mask.shape, cover_r, cover_c)
        target = np.where(ok & outside, index[r, c], -1)
        keep = (target >= 0) & (target != np.arange(len(coords)))
        src = np.flatnonzero(keep)
        found.append((src, target[keep], np.full(len(src), k, dtype=np.int64)))
    if not found:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    src, dst, which = (np.concatenate(parts) for parts in zip(*found, strict=True))
    return src, dst, which
