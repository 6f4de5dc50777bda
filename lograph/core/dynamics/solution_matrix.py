"""The solution matrix of a board: S with ``f(b) = −S b`` the solution map, as one dense array.

LightsOutWeb saves two matrices as pictures: the Lights Out matrix and its *inverse*, the
matrix S its solver multiplies a board by (its ``calculateSolution`` returns ``−S b``). Here
S is, with A the press matrix over Z_k (``A[u, w]``: what pressing w adds to light u):

- ``A^{-1}`` when A is invertible over Z_k: then ``−S b`` is *the* solution of every board,
  and S is exactly LightsOutWeb's saved inverse matrix (the same entries, the same sign);
- ``A^D``, the Drazin inverse, otherwise: the matrix of the solution map
  `lograph.core.dynamics.maps.image` (``f(b) = −A^D b``; ``A^D`` inverts A on its core
  and is 0 on its nilpotent part). It is unique and depends on the board alone.
  LightsOutWeb's inverse matrix of a singular board is the by-product of its Gaussian
  elimination instead (it depends on the order of the rows); it solves every solvable
  board, which ``A^D`` does not when a quiet pattern is itself solvable (the 4×4 and 5×5
  grids: ``−A^D b`` solves only the boards of the core, ``A A^D b = b``).

Both are dense n × n: the size is refused above `SOLUTION_MATRIX_LIMIT` buttons.

How: on an invertible board, column j of ``A^{-1}`` is the solution of ``A x = e_j`` from the
board's prepared solver (`lograph.core.solve.prepare`: one elimination, then n cheap
solves). Otherwise, over each prime power q = p^e of k, ψ = μ^e annihilates T = −A over Z_q (μ: T's
minimal polynomial over GF(p), `lograph.core.dynamics.order.map_minimal_polynomial`), so
``T^D = r(T)`` for the polynomial r of `lograph.core.dynamics.maps.drazin_polynomial`;
r(T) is evaluated on the identity by Horner (deg r sparse × dense products) and the parts
are joined by the Chinese remainder theorem. Then ``S = −T^D = A^D``.

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> s = grid_system(1, 3)  # a path of three buttons: A = [[1,1,0],[1,1,1],[0,1,1]]
>>> solution_matrix(s).tolist()
[[0, 1, 1], [1, 1, 1], [1, 1, 0]]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.zk import crt_idempotents
from lograph.core.dynamics.krylov import PressOperator
from lograph.core.dynamics.maps import drazin_polynomial
from lograph.core.dynamics.order import map_minimal_polynomial
from lograph.core.dynamics.polys import I64, mul
from lograph.core.errors import BoardTooLargeError
from lograph.core.model.system import PressSystem
from lograph.core.work import Work

__all__ = ["SOLUTION_MATRIX_LIMIT", "check_matrix_size", "drazin_inverse", "solution_matrix"]

#: Most buttons whose solution matrix is computed (a 32×32 grid): 0.1-1.5 s on an invertible
#: board, 5-9 s for the Drazin inverse of a singular one (the 32×32 grid over GF(2), nullity
#: 20), which grows as the cube of the size.
SOLUTION_MATRIX_LIMIT = 1024


def check_matrix_size(system: PressSystem, limit: int = SOLUTION_MATRIX_LIMIT) -> None:
    """Refuse, in one sentence, a board whose solution matrix is over `limit` buttons."""
    if system.n > limit:
        raise BoardTooLargeError(
            f"the solution matrix of {system.n} buttons is beyond the dense limit "
            f"({limit} buttons, a 32×32 grid): it has {system.n}² entries"
        )


def _on_identity(op: PressOperator, poly: I64, work: Work | None) -> I64:
    """``poly(T)`` as a dense matrix over Z_q, by Horner over the identity."""
    n, q = op.system.n, op.q
    out = np.zeros((n, n), dtype=np.int64)
    diag = np.arange(n)
    for c in np.asarray(poly, dtype=np.int64)[::-1]:
        if work is not None:
            work.poll()
        out = op.apply(out)
        out[diag, diag] = (out[diag, diag] + int(c)) % q
    return out


def _inverse(system: PressSystem, work: Work | None) -> NDArray[np.uint8] | None:
    """``A^{-1}`` column by column from the prepared solver, or None when A is singular."""
    from lograph.core.solve import prepare

    solver = prepare(system, "auto", cancel=None if work is None else work.cancel)
    if solver.analysis.nullity:
        return None
    n = system.n
    out = np.empty((n, n), dtype=np.uint8)
    unit = np.zeros(n, dtype=np.int64)
    for j in range(n):
        if work is not None and j % 64 == 0:
            work.poll()
        unit[j] = 1
        column = solver.particular(unit)
        unit[j] = 0
        if column is None:  # an invertible A solves every board
            raise AssertionError("internal: an invertible press matrix left a board unsolved")
        out[:, j] = column
    return out


def _drazin_part(system: PressSystem, p: int, e: int, work: Work | None) -> I64:
    """``A^D`` over Z_{p^e}."""
    q = p**e
    mu = map_minimal_polynomial(system, p, work=work)
    psi = np.ones(1, dtype=np.int64)
    for _ in range(e):
        psi = mul(psi, mu, q)
    t_drazin = _on_identity(PressOperator(system, q), drazin_polynomial(psi, q), work)
    s_part: I64 = (-t_drazin) % q
    return s_part


def solution_matrix(system: PressSystem, *, work: Work | None = None) -> NDArray[np.uint8]:
    """The solution matrix S of a board: ``A^{-1}``, or ``A^D`` when A is singular over Z_k.

    The solution map is ``f(b) = −S b`` (module docstring): column ``j`` of S, negated, is
    the image of the board with light ``j`` at 1 alone. LightsOutWeb's saved inverse matrix
    is the same S on every invertible board.

    Parameters
    ----------
    system : PressSystem
        The board (any graph, directed or not, any k), at most `SOLUTION_MATRIX_LIMIT`
        buttons.
    work : Work, optional
        Cancellation, polled between matrix products.

    Returns
    -------
    ndarray of uint8, shape (n, n)
        S, entries in 0..k−1; rows and columns in the system's button order.

    Raises
    ------
    BoardTooLargeError
        Over `SOLUTION_MATRIX_LIMIT` buttons.
    """
    check_matrix_size(system)
    inverse = _inverse(system, work)
    if inverse is not None:
        return inverse
    return drazin_inverse(system, work=work)


def drazin_inverse(system: PressSystem, *, work: Work | None = None) -> NDArray[np.uint8]:
    """A's Drazin inverse over Z_k from T's minimal polynomial (module docstring); on an
    invertible board ``A^{-1}``, by another road than `solution_matrix` takes there."""
    check_matrix_size(system)
    k, n = system.states, system.n
    parts = system.ring.prime_powers
    weights = crt_idempotents([p**e for p, e in parts])
    out = np.zeros((n, n), dtype=np.int64)
    for (p, e), weight in zip(parts, weights, strict=True):
        out = (out + weight * _drazin_part(system, p, e, work)) % k
    return out.astype(np.uint8)
