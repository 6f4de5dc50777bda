"""The boards a grid's maps fix (``(A + I) b = 0``), and any ``ker(A − λI)``, by chasing rows.

On a recognised grid (`lograph.core.dynamics.lattice_shape`) ``A − λI = c·I + X + Y`` with
``c = d − λ``. Row i of a board in ``ker(c + X + Y)`` satisfies
``B_(i−1) + B_i (c + P_n) + B_(i+1) = 0`` (rows outside a path are 0; a cycle's wrap), so
with ``z = −(c + ψ)`` in the column module ``K[v]/(w_n)`` (`lattice_algebra`):
``B_i = C_i(z)·B_0 − C_(i−1)(z)·B_(−1)``, ``C_(−1) = 0, C_0 = 1, C_(i+1) = z C_i − C_(i−1)``.

- rows on a path: ``B_(−1) = 0`` and the row past the last must vanish: ``C_m(z)·B_0 = 0``;
- rows on a cycle: ``B_m = B_0`` and ``B_(m−1) = B_(−1)``: a 2n-unknown system.

Either is the kernel of an n×n (2n×2n) matrix over GF(p) (FLINT's nullspace); the rows of
each solution then follow from the recurrence. Every board is checked against the press
matrix before it is returned. k square-free: the kernels mod each prime, lifted by CRT.
"""

from __future__ import annotations

from typing import Any

import flint
import numpy as np
from numpy.typing import NDArray

from lograph.core.dynamics.lattice_algebra import krylov_matrix, side_polynomials
from lograph.core.dynamics.lattice_shape import GridShape, grid_shape
from lograph.core.dynamics.records import MapKind
from lograph.core.model.system import PressSystem

__all__ = ["lattice_fixed_board_count", "lattice_fixed_boards", "lattice_kernel"]


def _multiplication(a: Any, w: Any, n: int, p: int) -> NDArray[np.int64]:
    """The n×n matrix of multiplication by a on ``K[v]/(w)`` (column j: ``a·v^j mod w``)."""
    v = flint.nmod_poly([0, 1], p)
    out = np.zeros((n, n), dtype=np.int64)
    term = a % w
    for j in range(n):
        values = [int(c) for c in term.coeffs()]
        out[: len(values), j] = values
        term = (term * v) % w
    return out


def _nullspace(matrix: NDArray[np.int64], p: int) -> NDArray[np.int64]:
    """Columns spanning ``{x : matrix · x = 0}`` over GF(p)."""
    basis, nullity = flint.nmod_mat(matrix.tolist(), p).nullspace()
    rows = np.array([[int(x) for x in row] for row in basis.tolist()], dtype=np.int64)
    return rows[:, : int(nullity)].reshape(matrix.shape[1], int(nullity))


def _prime_kernel(shape: GridShape, shift: int, p: int) -> NDArray[np.uint8]:
    """Rows: a basis over GF(p) of ``ker(A − shift·I)`` on the grid, in row-major cell order."""
    m, n = shape.rows, shape.cols
    w, psi = side_polynomials(n, shape.wrap_cols, p)
    c = (int(shape.self_press) - shift) % p
    z = -(psi + c) % w
    polys = [flint.nmod_poly([0], p), flint.nmod_poly([1], p)]  # C_(−1), C_0
    for _ in range(m):
        polys.append((z * polys[-1] - polys[-2]) % w)
    chebyshev = {i: polys[i + 1] for i in range(-1, m + 1)}  # C_i
    one = flint.nmod_poly([1], p)
    if not shape.wrap_rows:
        starts = _nullspace(_multiplication(chebyshev[m], w, n, p), p)
        befores = np.zeros_like(starts)
    else:
        top = np.hstack(
            [
                _multiplication(chebyshev[m] - one, w, n, p),
                -_multiplication(chebyshev[m - 1], w, n, p),
            ]
        )
        bottom = np.hstack(
            [
                _multiplication(chebyshev[m - 1], w, n, p),
                -_multiplication(chebyshev[m - 2] + one, w, n, p),
            ]
        )
        both = _nullspace(np.vstack([top, bottom]) % p, p)
        starts, befores = both[:n], both[n:]
    krylov = krylov_matrix(n, p)
    to_cells = np.eye(n, dtype=np.int64) if shape.wrap_cols else krylov  # coefficients -> cells
    # the rows follow from the recurrence in the cell basis: P_n is a path's or a cycle's
    # adjacency, so a step costs O(n) per board
    before = (to_cells @ befores) % p
    row = (to_cells @ starts) % p
    rows = []
    for _ in range(m):
        rows.append(row.astype(np.uint8))
        neighbours = np.zeros_like(row)
        neighbours[1:] += row[:-1]
        neighbours[:-1] += row[1:]
        if shape.wrap_cols:
            neighbours[0] += row[-1]
            neighbours[-1] += row[0]
        before, row = row, (-(c * row + neighbours) - before) % p
    boards = np.stack(rows)  # (m, n, dim)
    return np.ascontiguousarray(boards.transpose(2, 0, 1).reshape(-1, m * n))


def _kernels(system: PressSystem, shift: int) -> list[tuple[int, NDArray[np.uint8]]] | None:
    """``(p, basis of ker(A − shift·I) mod p in the system's order)`` for each prime of k,
    each basis checked against the press matrix; None when not a plain grid or k has a
    square prime factor."""
    shape = grid_shape(system)
    powers = system.ring.prime_powers
    if shape is None or any(e > 1 for _, e in powers):
        return None
    out = []
    for p, _ in powers:
        grid_rows = _prime_kernel(shape, shift % p, p)
        if _residual(shape, grid_rows, shift % p, p):
            return None  # never a wrong basis: leave it to the general method
        if np.array_equal(shape.order, np.arange(system.n)):  # row-major already
            out.append((p, grid_rows))
        else:
            boards = np.zeros_like(grid_rows)
            boards[:, shape.order] = grid_rows
            out.append((p, boards))
    return out


def _residual(shape: GridShape, grid_rows: NDArray[np.uint8], shift: int, p: int) -> bool:
    """Whether some board fails ``(A − shift·I) b = 0``, A the grid's press matrix (equal to
    the system's, which `grid_shape` checked entry by entry)."""
    boards = grid_rows.reshape(-1, shape.rows, shape.cols).astype(np.int32)
    total: NDArray[np.int32] = (int(shape.self_press) - shift) % p * boards
    for axis, wrap in ((1, shape.wrap_rows), (2, shape.wrap_cols)):
        ahead = np.roll(boards, 1, axis=axis)
        behind = np.roll(boards, -1, axis=axis)
        if not wrap:  # a path: the rolled-in row or column is outside the board
            first: list[int | slice] = [slice(None)] * 3
            last: list[int | slice] = [slice(None)] * 3
            first[axis], last[axis] = 0, -1
            ahead[tuple(first)] = 0
            behind[tuple(last)] = 0
        total += ahead + behind
    return bool(np.any(total % p))


def lattice_kernel(system: PressSystem, shift: int) -> NDArray[np.uint8] | None:
    """Rows generating ``{v : (A − shift·I) v = 0}`` over Z_k when `system` is a plain grid
    and k square-free (a basis over GF(p) when k is prime); None otherwise.

    Examples
    --------
    >>> from lograph.core.model.grids import grid_system
    >>> lattice_kernel(grid_system(5, 5), 0).shape  # the two quiet patterns of 5×5
    (2, 25)
    """
    kernels = _kernels(system, shift)
    if kernels is None:
        return None
    k = system.states
    out = [np.zeros((0, system.n), dtype=np.uint8)]
    for p, basis in kernels:
        if p == k:
            out.append(basis)
            continue
        lift = (k // p) * pow(k // p, -1, p) % k  # 1 mod p, 0 mod k/p
        out.append((basis.astype(np.uint16) * lift % k).astype(np.uint8))
    return np.vstack(out)


def lattice_fixed_boards(system: PressSystem, kind: MapKind) -> NDArray[np.uint8] | None:
    """Rows generating the boards both maps fix, ``ker(A + I)``, on a plain grid (None
    otherwise; see `lattice_kernel`)."""
    MapKind(kind)
    return lattice_kernel(system, -1)


def lattice_fixed_board_count(system: PressSystem) -> int | None:
    """How many boards both maps fix (the unlit one included), on a plain grid."""
    kernels = _kernels(system, -1)
    if kernels is None:
        return None
    count = 1
    for p, basis in kernels:
        count *= p ** len(basis)
    return count
