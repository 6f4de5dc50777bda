"""Smith normal form over the chain ring Z_q, q = p^e: the step `lograph.core.algebra.zk`
runs once per prime power of k.

Every element of Z_q is ``p^a · u`` with u a unit, and the ideals form one chain
``Z_q ⊃ pZ_q ⊃ … ⊃ p^e Z_q = 0``. So an entry of least p-valuation a divides every other
entry of the matrix: after scaling its row by ``u⁻¹`` it clears its column by row operations
and its row by column operations, leaving ``p^a`` on the diagonal. Repeating gives
``U M V = D = diag(p^{a_0}, p^{a_1}, …)`` with ``a_0 ≤ a_1 ≤ …`` and U, V invertible.

Pivots are taken valuation level by level (all units first, then all entries of valuation
1, …): a column with no entry of the current valuation keeps none, since row operations only
add multiples of entries of that valuation or more, so each level scans every column once.
Column operations touch only the pivot row of the working matrix (its column is already
clear), so they are applied to V alone.

The loops are compiled (`lograph.core.kernels.zk_smith`). While they are not (a fresh
install), a matrix of at most `_NUMPY_ENTRIES` entries is reduced by the same steps written
in numpy instead (`_smith_in_numpy`): a pivot's row and column operations are one array
operation each, entries reduced mod q at once. The pivots, U, V and the valuations are the
kernel's.

Examples
--------
>>> import numpy as np
>>> s = smith_mod_prime_power(np.array([[2, 2], [2, 0]], dtype=np.int32), 2, 2)
>>> s.valuations.tolist(), s.unit_pivots
([1, 1], 0)
>>> [order for order, _ in s.kernel()], [order for order, _ in s.cokernel()]
([2, 2], [2, 2])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import compiled_ready
from lograph.core.kernels.zk_smith import smith_steps
from lograph.core.work import Cancel, poll

__all__ = ["PrimePowerSmith", "smith_mod_prime_power"]

I32 = NDArray[np.int32]
I64 = NDArray[np.int64]
#: Pivots between two polls of `cancel`.
_POLL_PIVOTS = 64
#: Most entries (rows × columns) reduced in numpy while the kernel is not compiled: a pivot
#: costs a few passes over the matrix, so 400 buttons take about 0.3 s (compiling the
#: kernel, about 2 s).
_NUMPY_ENTRIES = 1 << 18


@dataclass(frozen=True, eq=False)
class PrimePowerSmith:
    """``U M V = D`` over Z_q (q = p^e) for an m × n matrix M.

    Attributes
    ----------
    p, e, q : int
        The prime, the exponent and q = p^e.
    left : ndarray of uint8, shape (m, m)
        U.
    right : ndarray of uint8, shape (n, n)
        V.
    valuations : ndarray of int64, shape (r,)
        ``D[t, t] = p^valuations[t]`` for ``t < r``; every other entry of D is 0.
    """

    p: int
    e: int
    q: int
    left: NDArray[np.uint8]
    right: NDArray[np.uint8]
    valuations: I64

    @property
    def unit_pivots(self) -> int:
        """How many diagonal entries of D are units."""
        return int(np.count_nonzero(self.valuations == 0))

    def kernel(self) -> list[tuple[int, I64]]:
        """Generators of ``ker M`` over Z_q with their orders (each order > 1).

        ``M x = 0`` ⇔ ``D y = 0`` for ``y = V⁻¹ x``: ``y_t`` is a multiple of ``p^(e-a_t)``
        for a pivot t (order ``p^a_t``), free for a column beyond the pivots (order q).
        """
        n, r = self.right.shape[0], len(self.valuations)
        v = self.right.astype(np.int64)
        gens = [
            (self.p ** int(a), (v[:, t] * self.p ** (self.e - int(a))) % self.q)
            for t, a in enumerate(self.valuations.tolist())
            if a > 0
        ]
        gens += [(self.q, v[:, t].copy()) for t in range(r, n)]
        return gens

    def cokernel(self) -> list[tuple[int, I64]]:
        """Functionals f with orders o: b is in the image of M iff ``f · b ≡ 0 (mod o)``
        for each (rows of U: ``(U b)_t`` must be a multiple of ``D[t, t]``)."""
        m, r = self.left.shape[0], len(self.valuations)
        u = self.left.astype(np.int64)
        gens = [
            (self.p ** int(a), u[t] % self.p ** int(a))
            for t, a in enumerate(self.valuations.tolist())
            if a > 0
        ]
        gens += [(self.q, u[t].copy()) for t in range(r, m)]
        return gens

    def solve(self, rhs: I64) -> I64 | None:
        """One x with ``M x ≡ b (mod q)`` (b reduced mod q), or None."""
        c = (self.left.astype(np.int64) @ rhs) % self.q
        r = len(self.valuations)
        steps = self.p**self.valuations
        if c[r:].any() or (c[:r] % steps).any():
            return None
        y = np.zeros(self.right.shape[0], dtype=np.int64)
        y[:r] = c[:r] // steps
        return np.asarray((self.right.astype(np.int64) @ y) % self.q, dtype=np.int64)


def smith_mod_prime_power(matrix: I32, p: int, e: int, *, cancel: Cancel = None) -> PrimePowerSmith:
    """Smith normal form of `matrix` (int32 entries already in ``0..k-1``; reduced here mod
    q = p^e) with its transforms, by the compiled loops of `lograph.core.kernels.zk_smith`.
    Polls `cancel` every `_POLL_PIVOTS` pivots."""
    q = p**e
    m, n = matrix.shape
    work = np.ascontiguousarray(np.mod(matrix, q), dtype=np.int32)
    left = np.eye(m, dtype=np.int32)
    right = np.eye(n, dtype=np.int32)
    valuations = np.zeros(min(m, n), dtype=np.int64)
    if m * n <= _NUMPY_ENTRIES and not compiled_ready(smith_steps):
        pivots = _smith_in_numpy(work, left, right, p, e, valuations, cancel)
    else:
        state = np.array([0, 0, 0, 1, 0], dtype=np.int64)  # pivot, level, scan, p^level, pending
        while not smith_steps(work, left, right, p, e, q, state, valuations, _POLL_PIVOTS):
            poll(cancel, f"Smith form cancelled at pivot {int(state[0])} of {min(m, n)}")
        pivots = int(state[0])
    return PrimePowerSmith(
        p=p,
        e=e,
        q=q,
        left=left.astype(np.uint8),
        right=right.astype(np.uint8),
        valuations=valuations[:pivots].copy(),
    )


def _smith_in_numpy(
    work: I32, left: I32, right: I32, p: int, e: int, valuations: I64, cancel: Cancel
) -> int:
    """The kernel's steps (`lograph.core.kernels.zk_smith.smith_steps`) on `work`, `left` and
    `right` in place, entries kept reduced mod q; the number of pivots."""
    q = p**e
    m, n = work.shape
    t, level, scan, power = 0, 0, 0, 1
    while t < min(m, n) and level < e:
        start = max(scan, t)
        # the first entry, column by column, that is not a multiple of p^(level + 1)
        found = work[t:, start:] % (power * p) != 0
        columns = np.flatnonzero(found.any(axis=0))
        if not len(columns):  # no entry of this valuation left: one level up
            level, power, scan = level + 1, power * p, t
            continue
        j = start + int(columns[0])
        i = t + int(np.argmax(found[:, columns[0]]))
        work[[t, i]] = work[[i, t]]
        left[[t, i]] = left[[i, t]]
        work[:, [t, j]] = work[:, [j, t]]
        right[:, [t, j]] = right[:, [j, t]]
        scan = j + 1  # columns t+1..j hold no entry of this valuation
        inverse = pow(int(work[t, t]) // power, -1, q)
        work[t] = work[t] * inverse % q
        left[t] = left[t] * inverse % q
        # the column: rows below t lose (work[i, t] / p^level) times row t
        factors = (q - work[t + 1 :, t] // power) % q
        work[t + 1 :] = (work[t + 1 :] + factors[:, None] * work[t]) % q
        left[t + 1 :] = (left[t + 1 :] + factors[:, None] * left[t]) % q
        work[t + 1 :, t] = 0
        # the row: only V changes (the column is clear), and row t becomes p^level alone
        factors = (q - work[t, t + 1 :] // power) % q
        right[:, t + 1 :] = (right[:, t + 1 :] + right[:, t : t + 1] * factors[None, :]) % q
        work[t, t + 1 :] = 0
        valuations[t] = level
        t += 1
        if t % _POLL_PIVOTS == 0:
            poll(cancel, f"Smith form cancelled at pivot {t} of {min(m, n)}")
    return t
