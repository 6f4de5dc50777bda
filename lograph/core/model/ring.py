"""`Ring`: the number system of a board's lights, GF(2), GF(p) for a prime p, or Z_k.

A board with k light states (2..255) adds presses mod k. For k = 2 that is the field GF(2)
(bit rows, XOR); for a prime k the field GF(p); for a composite k the ring Z_k, which is no
field: ``Z_k = ⊕ Z_{p^e}`` over the prime powers of k (Chinese remainder theorem), and the
quiet patterns and worlds form modules rather than vector spaces. Every question the algebra
and the searches ask about k (which machinery, which radices, which target) is a question
to the board's `Ring`, built once from k by `Ring.of`.

Examples
--------
>>> str(Ring.of(2)), str(Ring.of(3)), str(Ring.of(12))
('GF(2)', 'GF(3)', 'Z_12')
>>> Ring.of(12).kind, Ring.of(12).is_field, Ring.of(12).prime_powers
(<RingKind.ZK: 'Z_k'>, False, ((2, 2), (3, 1)))
>>> Ring.of(5).target("on"), Ring.of(5).world_radices(2)
(4, (5, 5))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from lograph.core.errors import BoardError
from lograph.core.model.checks import check_states, is_prime

__all__ = ["Ring", "RingKind"]


class RingKind(enum.Enum):
    """Which machinery a board's number system takes: GF(2) (bits), GF(p) for a prime
    p > 2 (a field of integers mod p), Z_k for a composite k (modules over a ring)."""

    GF2 = "GF(2)"
    GFP = "GF(p)"
    ZK = "Z_k"


@dataclass(frozen=True)
class Ring:
    """The integers mod k, for a board with k light states.

    Attributes
    ----------
    order : int
        k, the number of light states (2..255): the ring has k elements.
    kind : RingKind
        GF2 for k = 2, GFP for a prime k > 2, ZK for a composite k.
    prime_powers : tuple of (int, int)
        k as prime powers ``((p, e), …)`` in increasing p: ``Z_k = ⊕ Z_{p^e}``.
    """

    order: int
    kind: RingKind = field(init=False, repr=False)
    prime_powers: tuple[tuple[int, int], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        k = check_states(self.order)
        object.__setattr__(self, "order", k)
        kind = RingKind.GF2 if k == 2 else RingKind.GFP if is_prime(k) else RingKind.ZK
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "prime_powers", _prime_powers(k))

    @classmethod
    def of(cls, states: int) -> Ring:
        """The ring of a board with `states` light states (`BoardError` unless 2..255).

        The same object for the same k, so building one per system costs a lookup.
        """
        if type(states) is int and (known := _RINGS.get(states)) is not None:
            return known  # a dict lookup: engines and searches ask on every call
        k = check_states(states)
        return _RINGS.setdefault(k, cls(k))

    @property
    def is_field(self) -> bool:
        """True for GF(2) and GF(p): every non-zero element has an inverse."""
        return self.kind is not RingKind.ZK

    @property
    def characteristic(self) -> int:
        """The additive order of 1, k itself (1 + 1 + … k times is 0)."""
        return self.order

    @property
    def prime_power_orders(self) -> tuple[int, ...]:
        """The orders ``p^e`` of the summands ``Z_{p^e}`` of ``Z_k``, in increasing p."""
        return tuple(p**e for p, e in self.prime_powers)

    @property
    def most(self) -> int:
        """The largest element, k − 1: the most presses one button takes before repeating."""
        return self.order - 1

    def target(self, goal: str) -> int:
        """The value every light must reach for the goal ``"off"`` (0) or ``"on"`` (k − 1).

        >>> Ring.of(2).target("on"), Ring.of(6).target("off")
        (1, 0)
        """
        if goal == "off":
            return 0
        if goal == "on":
            return self.order - 1
        raise BoardError(f"goal {goal!r} is not 'off' or 'on'")

    def world_radices(
        self, functionals: int, orders: tuple[int, ...] | None = None
    ) -> tuple[int, ...]:
        """The range of each syndrome entry of a position's world: k for each of the
        `functionals` left-kernel rows over a field; over Z_k each row's own order
        (`orders`, each dividing k), as the Smith form of the press matrix gives them.

        >>> Ring.of(3).world_radices(2), Ring.of(12).world_radices(2, (2, 6))
        ((3, 3), (2, 6))
        """
        if orders is None:
            return (self.order,) * functionals
        if len(orders) != functionals or any(self.order % o for o in orders):
            raise BoardError(
                f"world orders {orders} are not {functionals} divisors of {self.order}"
            )
        return tuple(orders)

    def __str__(self) -> str:
        return f"GF({self.order})" if self.is_field else f"Z_{self.order}"


def _prime_powers(k: int) -> tuple[tuple[int, int], ...]:
    """``k`` as prime powers ``((p, e), …)`` in increasing p, by trial division."""
    out: list[tuple[int, int]] = []
    rest, p = k, 2
    while rest > 1:
        if p * p > rest:
            p = rest
        e = 0
        while rest % p == 0:
            rest //= p
            e += 1
        if e:
            out.append((p, e))
        p += 1
    return tuple(out)


#: The ring of each k asked for so far (`Ring.of`).
_RINGS: dict[int, Ring] = {}
