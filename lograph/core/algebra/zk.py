"""Exact module algebra over Z_k for any 2 ≤ k ≤ 255, prime or composite.

Over Z_k with k composite there is no field: ``{x : M x = 0}`` is a Z_k-module, generally
not free (over Z_4 the matrix ``[2]`` has the quiet pattern ``[2]`` of order 2). This module
computes it exactly, as docs/math.md, "Composite k: modules over Z_k", explains:

1. factor k into prime powers q = p^e (``12 = 4 · 3``);
2. over each chain ring Z_q bring M to Smith normal form ``U M V = D`` with unimodular U and
   V, pivoting on an entry of minimal p-valuation (`lograph.core.algebra.zk_smith`); the
   diagonal holds powers p^a, so the kernel, the cokernel and every solution read straight
   off D, U and V;
3. join the prime powers by the Chinese remainder theorem, pairing the generators of the
   different primes so that the generating set has as few elements as possible (its orders
   are then the invariant factors, e.g. ``[2, 2, 4]`` for Z_2 × Z_2 × Z_4).

`ZkModule` holds the result: `quiet` (kernel generators and their orders), `worlds`
(cokernel functionals and their orders), `mccoy_rank` and `solve`.

Examples
--------
>>> import numpy as np
>>> m = ZkModule(np.array([[2, 0], [0, 3]]), 12)
>>> m.quiet_orders, m.world_orders
((6,), (6,))
>>> (np.array([[2, 0], [0, 3]]) @ m.quiet[0]) % 12
array([0, 0])
>>> m.solve(np.array([4, 3])).tolist()
[8, 9]
>>> m.solve(np.array([1, 0])) is None
True
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.zk_smith import PrimePowerSmith, smith_mod_prime_power
from lograph.core.errors import BoardError
from lograph.core.model.ring import Ring
from lograph.core.work import Cancel

__all__ = ["ZkModule", "crt_idempotents", "prime_powers"]

I64 = NDArray[np.int64]


def prime_powers(k: int) -> list[tuple[int, int]]:
    """``k`` as prime powers ``[(p, e), …]`` in increasing p (`Ring.prime_powers`).

    >>> prime_powers(12), prime_powers(7), prime_powers(128)
    ([(2, 2), (3, 1)], [(7, 1)], [(2, 7)])
    """
    return list(Ring.of(k).prime_powers)


def crt_idempotents(moduli: list[int]) -> list[int]:
    """For pairwise coprime moduli with product K, the e_j with ``e_j ≡ 1 (mod q_j)`` and
    ``e_j ≡ 0 (mod q_i)``, i ≠ j: ``x = Σ x_j e_j mod K`` joins residues ``x_j mod q_j``.

    >>> crt_idempotents([4, 3])
    [9, 4]
    """
    total = 1
    for q in moduli:
        total *= q
    return [(total // q) * pow(total // q, -1, q) % total if q > 1 else 0 for q in moduli]


class ZkModule:
    """Kernel, cokernel and solutions of an integer matrix M (m × n) over Z_k.

    Attributes
    ----------
    quiet : ndarray of uint8, shape (g, n)
        Generators of ``ker M``: every x with ``M x ≡ 0`` is ``Σ c_j quiet[j] mod k`` for
        exactly one choice of ``0 ≤ c_j < quiet_orders[j]``. Orders ascend, each divides the
        next (the invariant factors of the kernel).
    quiet_orders : tuple of int
    worlds : ndarray of uint8, shape (h, m)
        Functionals of the cokernel: b is in the image of M iff ``worlds[j] @ b ≡ 0 (mod
        world_orders[j])`` for every j; the tuple of those values is b's *world*.
    world_orders : tuple of int
    mccoy_rank : int
        The McCoy rank of M over Z_k: the number of unit entries of the Smith form, least
        over the prime powers of k. It equals the rank for prime k, and ``n - mccoy_rank``
        is the number of generators (for a square M).
    """

    def __init__(self, matrix: ArrayLike, k: int, *, cancel: Cancel = None) -> None:
        ring = Ring.of(int(k))
        k = ring.order
        values = np.asarray(matrix)
        if values.ndim != 2:
            raise BoardError(f"expected a two-dimensional matrix, got shape {values.shape}")
        if values.size and not np.issubdtype(values.dtype, np.integer):
            raise BoardError(f"matrix entries must be integers, not {values.dtype}")
        self.k = k
        self.shape = (int(values.shape[0]), int(values.shape[1]))
        reduced = np.mod(values.astype(np.int64), k).astype(np.int32)
        self.parts: list[PrimePowerSmith] = [
            smith_mod_prime_power(reduced, p, e, cancel=cancel) for p, e in ring.prime_powers
        ]
        self._idempotents = crt_idempotents([part.q for part in self.parts])
        m, n = self.shape
        self.mccoy_rank = min((part.unit_pivots for part in self.parts), default=min(m, n))
        self.quiet, self.quiet_orders = self._join_kernel()
        self.worlds, self.world_orders = self._join_cokernel()

    def _join_kernel(self) -> tuple[NDArray[np.uint8], tuple[int, ...]]:
        """Generators over Z_k: lift each prime power's generators by its CRT idempotent,
        then add the i-th largest of every prime into one generator (orders coprime, so
        the sum's order is the product and it generates both)."""
        n, k = self.shape[1], self.k
        per_prime: list[list[tuple[int, I64]]] = []
        for part, idem in zip(self.parts, self._idempotents, strict=True):
            gens = [(order, (vec * idem) % k) for order, vec in part.kernel()]
            per_prime.append(sorted(gens, key=lambda g: -g[0]))
        count = max((len(g) for g in per_prime), default=0)
        vectors = np.zeros((count, n), dtype=np.int64)
        orders = [1] * count
        for gens in per_prime:
            for i, (order, vec) in enumerate(gens):
                vectors[i] = (vectors[i] + vec) % k
                orders[i] *= order
        return vectors[::-1].astype(np.uint8), tuple(orders[::-1])

    def _join_cokernel(self) -> tuple[NDArray[np.uint8], tuple[int, ...]]:
        """World functionals over Z_k, paired across primes like the kernel: the joined
        functional F of order O = Π o_j satisfies ``F ≡ f_j (mod o_j)``, so ``F · b mod O``
        determines every ``f_j · b mod o_j`` (Chinese remainder theorem)."""
        m = self.shape[0]
        per_prime = [sorted(part.cokernel(), key=lambda g: -g[0]) for part in self.parts]
        count = max((len(g) for g in per_prime), default=0)
        rows: list[I64] = []
        orders: list[int] = []
        for i in range(count):
            pieces = [gens[i] for gens in per_prime if i < len(gens)]
            total = 1
            for order, _ in pieces:
                total *= order
            weights = crt_idempotents([order for order, _ in pieces])
            row = np.zeros(m, dtype=np.int64)
            for (_, vec), weight in zip(pieces, weights, strict=True):
                row = (row + vec * weight) % total
            rows.append(row)
            orders.append(total)
        stacked = np.array(rows[::-1], dtype=np.int64).reshape(count, m)
        return stacked.astype(np.uint8), tuple(orders[::-1])

    @property
    def kernel_size(self) -> int:
        size = 1
        for order in self.quiet_orders:
            size *= order
        return size

    def world(self, rhs: ArrayLike) -> tuple[int, ...]:
        """The world of b: ``worlds[j] @ b mod world_orders[j]`` for each j."""
        b = np.mod(np.asarray(rhs, dtype=np.int64), self.k)
        if not self.world_orders:
            return ()
        values = self.worlds.astype(np.int64) @ b
        return tuple(int(v) % o for v, o in zip(values.tolist(), self.world_orders, strict=True))

    def solve(self, rhs: ArrayLike) -> NDArray[np.uint8] | None:
        """One x (entries ``0..k-1``) with ``M x ≡ b (mod k)``, or None if there is none."""
        b = np.asarray(rhs)
        if b.shape != (self.shape[0],) or (b.size and not np.issubdtype(b.dtype, np.integer)):
            raise BoardError(f"right-hand side must be {self.shape[0]} integers, got {b.shape}")
        b64 = np.mod(b.astype(np.int64), self.k)
        x = np.zeros(self.shape[1], dtype=np.int64)
        for part, idem in zip(self.parts, self._idempotents, strict=True):
            piece = part.solve(b64 % part.q)
            if piece is None:
                return None
            x = (x + piece * idem) % self.k
        return x.astype(np.uint8)
