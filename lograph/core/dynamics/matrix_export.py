"""A board's press matrix or solution matrix written to a file: a PNG picture as LightsOutWeb
saves them, or text (``.csv``, MatrixMarket ``.mtx``), and LightsOutWeb's matrix picture
read back as a press matrix.

Text holds lograph's matrices as they are, rows and columns in the board's button order:
the press matrix A (``A[u, w]``: what pressing w adds to light u; `lograph.from_press_matrix`
reads it back) or the solution matrix S (`lograph.core.dynamics.solution_matrix`).

A picture of a full rectangular grid is drawn in LightsOutWeb's layout by default (each
button's row of the matrix drawn as a board, at the button's place; `matrix_picture`): for
the press matrix the lights pressing the button changes (A's column), for the solution
matrix the lights whose values add up to the button's presses (S's row), as LightsOutWeb
draws its matrix and its inverse. Other boards are drawn entry by entry.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from lograph.core.dynamics.solution_matrix import check_matrix_size, solution_matrix
from lograph.core.errors import BoardError
from lograph.core.files.atomic import atomic_write_bytes
from lograph.core.files.matrix_picture import Layout, block_order, png_bytes
from lograph.core.files.matrix_text import matrix_bytes
from lograph.core.model.cells import grid_cells
from lograph.core.model.system import DENSE_LIMIT, PressSystem
from lograph.core.work import Work

__all__ = [
    "MATRIX_TYPES",
    "MatrixFile",
    "full_grid",
    "matrix_file",
    "matrix_format",
    "matrix_from_picture",
    "write_matrix",
]

#: The files a matrix is written to, by extension.
MATRIX_TYPES = (".png", ".csv", ".mtx")


@dataclass(frozen=True)
class MatrixFile:
    """What `write_matrix` wrote.

    Attributes
    ----------
    path : str
        The file.
    kind : str
        ``"press"`` or ``"solution"``.
    size : int
        The matrix's side (the number of buttons).
    layout : str
        ``"boards"``, ``"matrix"`` (pictures) or ``"text"``.
    """

    path: str
    kind: str
    size: int
    layout: str


def full_grid(system: PressSystem) -> tuple[tuple[int, int], NDArray[np.int64]] | None:
    """``((rows, cols), order)`` when the buttons fill a rectangle of grid cells: ``order``
    lists the buttons in reading order; None otherwise."""
    cells = grid_cells(system)
    if cells is None or cells.hole() is not None or cells.rows.size != system.n:
        return None
    flat = cells.rows * cells.shape[1] + cells.cols
    if len(np.unique(flat)) != system.n:
        return None
    return cells.shape, np.argsort(flat, kind="stable")


def matrix_format(path: str | os.PathLike[str]) -> str:
    """The format of a matrix file, from its extension: ``png``, ``csv`` or ``mtx``."""
    suffix = Path(path).suffix.lower()
    if suffix not in MATRIX_TYPES:
        raise BoardError(
            f"{os.fspath(path)}: a matrix is written to {', '.join(MATRIX_TYPES)}, not "
            f"{suffix or 'a file without an extension'}"
        )
    return suffix[1:]


def write_matrix(
    system: PressSystem,
    path: str | os.PathLike[str],
    *,
    solution: bool = False,
    edges: bool = False,
    layout: Layout | None = None,
    cell: int | None = None,
    work: Work | None = None,
) -> MatrixFile:
    """Write the board's press matrix (or with `solution` its solution matrix) to `path`
    atomically, in the format of its extension (``.png``, ``.csv``, ``.mtx``): the bytes
    of `matrix_file`.

    Parameters
    ----------
    system : PressSystem
        The board.
    path : path
        The file; nothing is written when anything is refused.
    solution : bool
        The solution matrix S instead of the press matrix A.
    edges, cell : bool, int
        Pictures: lines between the entries, pixels per entry
        (`lograph.core.files.matrix_picture.matrix_pixels`).
    layout : {"boards", "matrix"}, optional
        Pictures: LightsOutWeb's (the default on a full grid) or entry by entry.
    work : Work, optional
        Cancellation of the solution matrix.
    """
    data, written = matrix_file(
        system, path, solution=solution, edges=edges, layout=layout, cell=cell, work=work
    )
    atomic_write_bytes(path, data)
    return written


def matrix_file(
    system: PressSystem,
    path: str | os.PathLike[str],
    *,
    solution: bool = False,
    edges: bool = False,
    layout: Layout | None = None,
    cell: int | None = None,
    work: Work | None = None,
) -> tuple[bytes, MatrixFile]:
    """What `write_matrix` writes to `path` (its extension gives the format), not written."""
    fmt = matrix_format(path)
    if solution:
        check_matrix_size(system)
    elif system.n > DENSE_LIMIT:
        raise BoardError(f"the press matrix of {system.n} buttons is over {DENSE_LIMIT} a side")
    matrix = solution_matrix(system, work=work) if solution else system.dense()
    kind = "solution" if solution else "press"
    if fmt != "png":
        text = matrix_bytes(matrix, fmt)  # type: ignore[arg-type]
        return text, MatrixFile(os.fspath(path), kind, system.n, "text")
    grid = full_grid(system)
    chosen: Layout = layout or ("boards" if grid is not None else "matrix")
    if chosen == "boards" and grid is None:
        raise BoardError("the boards layout needs a grid board whose cells fill a rectangle")
    shape = None
    if grid is not None:
        shape, order = grid
        matrix = matrix[np.ix_(order, order)]  # reading order
    if chosen == "boards" and not solution:
        matrix = matrix.T  # rows: what each press changes, as LightsOutWeb's matrix
    data = png_bytes(matrix, system.states, layout=chosen, grid=shape, edges=edges, cell=cell)
    return data, MatrixFile(os.fspath(path), kind, system.n, chosen)


def matrix_from_picture(values: NDArray[np.integer]) -> tuple[NDArray[np.int64], int]:
    """The press matrix A in LightsOutWeb's matrix picture (its plain save: n² × n² pixels,
    one per entry, its boards layout; values already read from the colours), and the grid's
    side n. Its rows are what each press changes, so A is their transpose. A picture of
    another size (with edges, entry by entry, of a graph) is refused: read as this layout it
    would make a wrong board without a word."""
    height, width = values.shape[:2]
    n = math.isqrt(height)
    if height != width or n < 1 or n * n != height:
        raise BoardError(
            f"a {width}×{height} picture is not LightsOutWeb's plain matrix picture "
            "(n²×n² pixels, one per entry, for an n×n board)"
        )
    rows, cols = block_order((n, n))
    lightsoutweb = np.zeros((n * n, n * n), dtype=np.int64)
    lightsoutweb[rows, cols] = values
    return lightsoutweb.T.copy(), n
