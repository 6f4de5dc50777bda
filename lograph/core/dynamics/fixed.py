"""The boards a map leaves alone, and the eigenboards of the press matrix.

A board is fixed by the press map when ``−A b = b``, and by the solution map when
``−A^D b = b``; both say ``(A + I) b = 0`` (a board with ``T b = b`` lies in the core, where
the solution map is T's inverse). For the solution map these are LightsOutWeb's
"citybuilder" boards, each its own solution. LightsOutWeb's eigenvector search stops at any
board whose solution is a multiple of it: the eigenboards ``A v = λ v`` of every λ.

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> fixed_boards(grid_system(3, 3), MapKind.SOLUTION).shape  # 3 boards span the fixed ones
(3, 9)
>>> sorted(eigenboards(grid_system(1, 2)))  # A = [[1, 1], [1, 1]] over GF(2): λ = 0, 0
[0]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra import gfp
from lograph.core.algebra.zk import ZkModule
from lograph.core.dynamics.maps import MapKind
from lograph.core.dynamics.order import map_minimal_polynomial
from lograph.core.model.system import PressSystem

__all__ = ["eigenboards", "fixed_board_count", "fixed_boards"]


def _shifted(system: PressSystem, shift: int) -> NDArray[np.int64]:
    matrix = system.dense().astype(np.int64)
    matrix[np.diag_indices(system.n)] -= shift
    return np.asarray(matrix % system.states, dtype=np.int64)


def _kernel(system: PressSystem, shift: int) -> NDArray[np.uint8]:
    """Generators (a basis over a field) of ``{v : (A − shift·I) v = 0}`` over Z_k."""
    from lograph.core.dynamics.lattice_kernel import lattice_kernel  # grids: rows chased

    fast = lattice_kernel(system, shift)
    if fast is not None:
        return fast
    k = system.states
    if k == 2 and shift == 1:
        return _gf2_fixed(system)
    matrix = _shifted(system, shift)
    if system.ring.is_field:
        return np.asarray(gfp.null_space(matrix, k), dtype=np.uint8).reshape(-1, system.n)
    return np.asarray(ZkModule(matrix, k).quiet, dtype=np.uint8).reshape(-1, system.n)


def _gf2_fixed(system: PressSystem) -> NDArray[np.uint8]:
    """ker(A + I) over GF(2): A + I is the press matrix of the same board with every
    button's self action flipped, so its quiet patterns are the fixed boards, from the
    solver's engines at any size (no dense matrix)."""
    from lograph.core.solve import analyze

    cols = np.repeat(np.arange(system.n, dtype=np.int64), np.diff(system.indptr))
    acts = np.zeros(system.n, dtype=bool)
    acts[cols[system.indices == cols]] = True
    quiet = analyze(system.with_self_action(~acts)).quiet
    return np.asarray(quiet, dtype=np.uint8).reshape(-1, system.n)


def fixed_board_count(system: PressSystem) -> int:
    """How many boards both maps fix (the unlit one included): ``|ker(A + I)|`` over Z_k."""
    from lograph.core.dynamics.lattice_kernel import lattice_fixed_board_count

    fast = lattice_fixed_board_count(system)
    if fast is not None:
        return fast
    k = system.states
    if system.ring.is_field:
        return int(k ** len(_kernel(system, k - 1)))
    count = 1
    for order in ZkModule(_shifted(system, k - 1), k).quiet_orders:
        count *= int(order)
    return count


def _value_at(poly: NDArray[np.int64], x: int, p: int) -> int:
    out = 0
    for c in poly[::-1]:
        out = (out * x + int(c)) % p
    return out


def fixed_boards(system: PressSystem, kind: MapKind) -> NDArray[np.uint8]:
    """Rows generating the boards the map fixes, ``{b : (A + I) b = 0}`` (for either map).

    Parameters
    ----------
    system : PressSystem
        The board: any size over GF(2) and on grids, tori and cylinders; otherwise at most
        `~lograph.core.model.system.DENSE_LIMIT` buttons.
    kind : MapKind
        The map (both fix the same boards).

    Returns
    -------
    ndarray of uint8, shape (g, n)
        A basis over GF(p); over Z_k a generating set (every fixed board is a combination
        with coefficients mod k). No rows when only the unlit board is fixed.
    """
    MapKind(kind)
    return _kernel(system, system.states - 1)


def eigenboards(system: PressSystem) -> dict[int, NDArray[np.uint8]]:
    """λ → rows generating ``{v : A v = λ v}``, for every λ in 0..k−1 that has such v ≠ 0.

    Only the λ whose reduction mod some prime p of k is a root of A's minimal polynomial
    over GF(p) are tried: an eigenboard is non-zero mod some p^e of k, and ``v = p^j w``
    with w ≠ 0 mod p makes w an eigenboard mod p.
    """
    k = system.states
    candidates: set[int] = set()
    for p, _ in system.ring.prime_powers:
        mu = map_minimal_polynomial(system, p)  # of T = −A: λ is A's root iff −λ is T's
        roots = {r for r in range(p) if not _value_at(mu, -r % p, p)}
        candidates |= {lam for lam in range(k) if lam % p in roots}
    out: dict[int, NDArray[np.uint8]] = {}
    for lam in sorted(candidates):
        rows = _kernel(system, lam)
        if len(rows):
            out[lam] = rows
    return out
