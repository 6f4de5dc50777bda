"""What the analyser reports, and the interface every engine's solver implements.

An *engine* turns a `PressSystem` into a `Solver`: an object that knows the board's
`Analysis` (rank, nullity, quiet basis, left kernel) and can return one particular solution of
``A x = rhs``. The engines and how one is chosen: `lograph.core.engines.registry`. The
mathematics: docs/math.md, "Rank, nullity, quiet patterns and worlds".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.errors import BoardError
from lograph.core.model.ring import Ring
from lograph.core.model.system import PressSystem

if TYPE_CHECKING:  # a type only: the chase layer sits above this one
    from lograph.core.chase.plan import ChasePlan

__all__ = [
    "Analysis",
    "PreparedSolver",
    "Solver",
    "invariant_factors",
]


@dataclass(frozen=True, eq=False)
class Analysis:
    """The linear algebra of a board's press matrix A over GF(p), or over Z_k (k composite).

    Attributes
    ----------
    n : int
        Number of buttons.
    states : int
        The prime p, or k (any 2..255).
    rank : int
        Rank of A over GF(p). Over Z_k (k composite) there is no dimension; `rank` is then
        the McCoy rank (the number of unit entries of A's Smith form over Z_k, least over
        the prime powers of k), so that ``nullity = n - rank`` is the number of quiet
        generators. The JSON output shows null for both (see docs/commands.md, the JSON keys).
    quiet : ndarray, shape (nullity, n), uint8
        A basis of ker A (over Z_k: generators, see `quiet_orders`): press patterns that
        change no light.
    left_kernel : ndarray, shape (nullity, n), uint8
        A basis of ker Aᵀ: a light pattern b is solvable iff ``left_kernel @ b == 0 (mod p)``
        (over Z_k: row j mod ``world_orders[j]``). Its dot products with b (the *syndrome*)
        name b's *world*.
    engine : str
        Name of the engine that computed it.
    free_buttons : int or None
        Free buttons of the chase plan the engine used (None for elimination engines).
    quiet_orders : tuple of int or None
        The additive order of each row of `quiet`. Over a prime field every row has order p
        (None says so). Over Z_k with k composite the quiet patterns form a module, not a
        vector space: `quiet` is then a generating set whose rows are independent in the
        module sense, so every quiet pattern is ``sum(c_j * quiet[j]) mod k`` for exactly one
        choice of ``0 <= c_j < quiet_orders[j]``.
    world_orders : tuple of int or None
        The order of each left-kernel functional's values (None: all p). Over Z_k row j has
        entries in ``0..world_orders[j]-1``; a pattern b is solvable iff
        ``(left_kernel[j] @ b) % world_orders[j]`` is 0 for every j, and its world is the
        tuple of those values (`syndrome`).
    """

    n: int
    states: int
    rank: int
    quiet: NDArray[np.uint8]
    left_kernel: NDArray[np.uint8]
    engine: str
    free_buttons: int | None = None
    quiet_orders: tuple[int, ...] | None = None
    world_orders: tuple[int, ...] | None = None

    @property
    def ring(self) -> Ring:
        """The number system of `states`: GF(2), GF(p) or Z_k."""
        return Ring.of(self.states)

    def orders(self) -> tuple[int, ...]:
        """The order of each quiet generator (all p over a prime field)."""
        if self.quiet_orders is None:
            return (self.states,) * len(self.quiet)
        return self.quiet_orders

    @property
    def kernel_size(self) -> int:
        """How many quiet patterns there are: the product of the generators' orders."""
        size = 1
        for order in self.orders():
            size *= order
        return size

    @property
    def kernel_structure(self) -> list[int]:
        """The quiet patterns as a product of cyclic groups: the invariant factors > 1, in
        divisibility order (``[2, 2, 4]`` is Z_2 × Z_2 × Z_4)."""
        return invariant_factors(self.orders())

    @property
    def prime(self) -> bool:
        """True over a prime field (the generators all have order p; rank is a rank)."""
        return self.quiet_orders is None and self.world_orders is None

    @property
    def nullity(self) -> int:
        """n - rank: over GF(p) the dimension of ker A; over Z_k the number of quiet
        generators (the McCoy rank's complement, see `rank`)."""
        return self.n - self.rank

    @property
    def worlds(self) -> int:
        """Number of worlds (cosets of the solvable patterns, the cokernel's size):
        p^nullity over GF(p), the product of `world_orders` over Z_k."""
        if self.world_orders is None:
            return int(self.states**self.nullity)
        size = 1
        for order in self.world_orders:
            size *= order
        return size

    @property
    def solvable_count(self) -> int:
        """How many light patterns are solvable: p^rank, or k^n / worlds over Z_k."""
        if self.world_orders is None:
            return int(self.states**self.rank)
        return int(self.states**self.n) // self.worlds

    @property
    def solvable_fraction(self) -> Fraction:
        """The solvable share of all k^n patterns: 1 / worlds."""
        if self.world_orders is None:
            return Fraction(1, self.states**self.nullity)
        return Fraction(1, self.worlds)

    def world_radices(self) -> tuple[int, ...]:
        """The range of each syndrome entry (p over GF(p), `world_orders` over Z_k)."""
        return self.ring.world_radices(len(self.left_kernel), self.world_orders)

    def syndrome(self, pattern: ArrayLike) -> tuple[int, ...]:
        """The world of a light pattern: its dot products with the left-kernel rows, each
        mod p (over Z_k: mod that row's world order)."""
        vec = np.asarray(pattern, dtype=np.int64) % self.states
        if len(self.left_kernel) == 0:
            return ()
        syn = self.left_kernel.astype(np.int64) @ vec
        if self.world_orders is None:
            return tuple(int(s) for s in syn % self.states)
        return tuple(int(s) % o for s, o in zip(syn.tolist(), self.world_orders, strict=True))

    def world_index(self, pattern: ArrayLike) -> int:
        """The world as one number: the syndrome read in mixed radix by `world_radices`
        (base p over GF(p); 0 = solvable)."""
        index = 0
        for digit, radix in zip(self.syndrome(pattern), self.world_radices(), strict=True):
            index = index * radix + digit
        return index

    def is_solvable_pattern(self, pattern: ArrayLike) -> bool:
        """True when ``A x = pattern`` has a solution."""
        return not any(self.syndrome(pattern))


def invariant_factors(orders: tuple[int, ...] | list[int]) -> list[int]:
    """The invariant factors (> 1, each dividing the next) of a product of cyclic groups.

    >>> invariant_factors((4, 2, 2))
    [2, 2, 4]
    >>> invariant_factors((2, 3))
    [6]
    >>> invariant_factors(())
    []
    """
    # Split each order into prime powers, then stack the largest power of every prime into
    # the last factor, the next largest into the one before, and so on.
    powers: dict[int, list[int]] = {}
    for order in orders:
        rest, prime = int(order), 2
        while rest > 1:
            if prime * prime > rest:
                prime = rest
            if rest % prime == 0:
                power = 1
                while rest % prime == 0:
                    rest //= prime
                    power *= prime
                powers.setdefault(prime, []).append(power)
            prime += 1
    length = max((len(v) for v in powers.values()), default=0)
    factors = [1] * length
    for values in powers.values():
        for slot, power in enumerate(sorted(values, reverse=True)):
            factors[length - 1 - slot] *= power
    return [f for f in factors if f > 1]


class Solver(Protocol):
    """A prepared board: its analysis plus a way to get one solution of ``A x = rhs``."""

    @property
    def system(self) -> PressSystem: ...

    @property
    def analysis(self) -> Analysis: ...

    @property
    def chase_plan(self) -> ChasePlan | None:
        """The chase plan the engine ran (None for elimination engines), for reuse."""
        ...

    def particular(self, rhs: NDArray[np.int64]) -> NDArray[np.uint8] | None:
        """One x (entries 0..p-1) with ``A x = rhs mod p``, or None if there is none."""
        ...


class PreparedSolver:
    """Plumbing shared by the engines' solvers: the `system` and `analysis` properties and
    validation of a right-hand side. Subclasses set ``_system`` and ``_analysis``, and
    ``_chase_plan`` when they run a chase."""

    _system: PressSystem
    _analysis: Analysis
    _chase_plan: ChasePlan | None = None

    @property
    def system(self) -> PressSystem:
        return self._system

    @property
    def analysis(self) -> Analysis:
        return self._analysis

    @property
    def chase_plan(self) -> ChasePlan | None:
        return self._chase_plan

    @chase_plan.setter
    def chase_plan(self, plan: ChasePlan | None) -> None:
        # a caller that planned a chase itself (the window's chase dock) may attach it
        self._chase_plan = plan

    def _rhs(self, rhs: ArrayLike) -> NDArray[np.int64]:
        """`rhs` as int64 values mod p, after checking its shape and type."""
        n = self._system.n
        vec = np.asarray(rhs)
        if vec.shape != (n,) or (vec.size and vec.dtype.kind not in "iu"):  # ints only
            raise BoardError(f"right-hand side must be {n} integers, got shape {vec.shape}")
        return np.mod(vec.astype(np.int64), self._system.states)
