"""Which press systems are plain grids, tori or cylinders: recognised, then checked entry by entry.

The period algebra of `lograph.core.dynamics.lattice` holds for one family of press matrices
only: ``A = d·I + P_m ⊗ I + I ⊗ P_n`` in row-major order of the cells, where ``P`` is the
adjacency matrix of a path (a side without wrap) or of a cycle (a wrapped side of at least 3
cells) and ``d`` is 1 (a press changes its own light) or 0 (the open rule). A board is taken
for such a grid only when its cell names make a full ``rows × cols`` rectangle AND its press
matrix equals that matrix exactly, so a board with one edge more or less, a button acting
on itself alone, or a directed arc is not recognised (and is left to the general method).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.system import PressSystem, cell_coords

__all__ = ["GridShape", "grid_keys", "grid_shape"]

Ints = NDArray[np.int64]


@dataclass(frozen=True, eq=False)
class GridShape:
    """A recognised grid: its sides, which of them wrap, and where each cell sits in the system.

    Attributes
    ----------
    rows, cols : int
        The grid's size.
    wrap_rows, wrap_cols : bool
        Whether the rows (the vertical direction) / the columns wrap around (a torus has both).
    self_press : bool
        Whether a press changes its own light (the diagonal ``d`` of the press matrix).
    order : ndarray of int64
        ``order[r * cols + c]`` is the system's index of cell ``(r, c)``.
    """

    rows: int
    cols: int
    wrap_rows: bool
    wrap_cols: bool
    self_press: bool
    order: Ints

    def board(self, lights: NDArray[np.integer]) -> NDArray[np.int64]:
        """The lights in the system's order as a ``rows × cols`` array."""
        return np.asarray(lights, dtype=np.int64)[self.order].reshape(self.rows, self.cols)


def grid_keys(rows: int, cols: int, wrap_rows: bool, wrap_cols: bool, self_press: bool) -> Ints:
    """The sorted entries ``w * N + u`` (press ``w`` changes light ``u``) of the grid's press
    matrix in row-major numbering; a wrapped side needs at least 3 cells."""
    n = rows * cols
    index = np.arange(n, dtype=np.int64).reshape(rows, cols)
    pairs = [
        (index[:-1, :], index[1:, :]),
        (index[:, :-1], index[:, 1:]),
    ]
    if wrap_rows:
        pairs.append((index[-1:, :], index[:1, :]))
    if wrap_cols:
        pairs.append((index[:, -1:], index[:, :1]))
    src = np.concatenate([a.ravel() for a, _ in pairs] + [b.ravel() for _, b in pairs])
    dst = np.concatenate([b.ravel() for _, b in pairs] + [a.ravel() for a, _ in pairs])
    if self_press:
        src = np.concatenate([src, index.ravel()])
        dst = np.concatenate([dst, index.ravel()])
    return np.sort(src * n + dst)


def grid_shape(system: PressSystem) -> GridShape | None:
    """The grid `system` is, checked against its press matrix entry by entry; None otherwise.

    Examples
    --------
    >>> from lograph.core.model.grids import grid_system
    >>> shape = grid_shape(grid_system(3, 4, wrap_rows=True, wrap_cols=True))
    >>> shape.rows, shape.cols, shape.wrap_rows, shape.wrap_cols, shape.self_press
    (3, 4, True, True, True)
    >>> grid_shape(grid_system(3, 4, mask=[[1, 1, 1, 1], [1, 0, 1, 1], [1, 1, 1, 1]])) is None
    True
    """
    n = system.n
    coords = system.coords if system.coords is not None else cell_coords(system.names)
    if n == 0 or coords is None or len(coords) != n or int(coords.min()) < 0:
        return None
    rows, cols = (int(v) + 1 for v in coords.max(axis=0))
    if rows * cols != n:
        return None
    flat = coords[:, 0] * cols + coords[:, 1]
    if int(np.bincount(flat, minlength=n).max()) != 1:  # a cell named twice
        return None
    order = np.empty(n, dtype=np.int64)
    order[flat] = np.arange(n, dtype=np.int64)
    presser = flat[np.repeat(np.arange(n, dtype=np.int64), np.diff(system.indptr))]
    keys = np.sort(presser * n + flat[system.indices])
    on_diagonal = int(np.count_nonzero(presser == flat[system.indices]))
    if on_diagonal not in (0, n):
        return None
    self_press = on_diagonal == n
    for wrap_rows in (False, True) if rows >= 3 else (False,):
        for wrap_cols in (False, True) if cols >= 3 else (False,):
            expected = grid_keys(rows, cols, wrap_rows, wrap_cols, self_press)
            if len(expected) == len(keys) and np.array_equal(expected, keys):
                return GridShape(rows, cols, wrap_rows, wrap_cols, self_press, order)
    return None
