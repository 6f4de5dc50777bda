"""How the buttons of a fewest-presses search are laid out for the compiled leaves.

A leaf sums every button's sign into the slot given by the low bits of its class, then
transforms. The kernel (`lograph.core.kernels.leaf_wht`) wants the buttons sorted by slot
and cut into blocks of 64 slots (one row of the scatter's Hadamard table each) and groups of
4096 (done in the first-level cache). A group's values are sums of ±1 over its buttons, so
while no group holds more than 127 buttons its stages run on int8, twice the lanes of int16.

Classes are not spread evenly over the slots (on the all-on 65×65 board one group of 64
holds 145 buttons, the mean is 66), so the low coordinates may be *mixed* first: any
invertible map A of the low bits (slot ``l ↦ A·l``) only reorders a leaf's values, since
``b'·(A·l) = (Aᵀ·b')·l``: the kernel's index b' is the original ``b = Aᵀ·b'`` (`original`).
A few fixed pseudo-random maps are tried and the first that makes every group narrow
enough is kept (65×65: at most 95 buttons in a group).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.press import wide
from lograph.core.kernels.simd import REGISTER_BYTES, ROW

__all__ = [
    "GROUP_BITS",
    "NARROW_BUTTONS",
    "SCATTER_BITS",
    "LeafLayout",
    "Scratch",
    "leaf_layout",
]

#: Stages done by the scatter: each button adds a row of the 2^6 × 2^6 Hadamard matrix.
SCATTER_BITS = 6
#: The scatter fills groups of 2^12 values (8 KB of int16, 4 KB of int8: first-level cache)
#: and runs their stages there (measured 10 % faster per leaf than groups of 2^9, which
#: leave one more pass over the whole leaf).
GROUP_BITS = 12
#: Most buttons in one group for its stages to run on int8.
NARROW_BUTTONS = 127
#: Pseudo-random mixes of the low bits tried when some group is too crowded for int8.
_MIXES = 8

Ints = NDArray[np.int64]
#: A thread's working arrays (`LeafLayout.scratch`).
Scratch = tuple[NDArray[Any], NDArray[Any], NDArray[Any], Ints]


@dataclass(frozen=True)
class LeafLayout:
    """The buttons of a search, sorted by the (mixed) low bits of their class (`slots`),
    with their high bits and whether x₀ presses them (`negative`: their sign is −1); where
    each block of ``ROW`` slots starts among them (`blocks`); the scatter's `table`: the
    rows of the Hadamard matrix, their negatives, then a row of zeros, in the groups' value
    type; the leaves' size 2^low, and the mix (`mix[j]`: the low bits that make slot bit j)."""

    slots: Ints
    highs: Ints
    negative: Ints
    blocks: Ints
    table: NDArray[Any]
    low: int
    mix: tuple[int, ...]

    def arrays(self) -> tuple[Ints, Ints, Ints, Ints, NDArray[Any]]:
        """The layout as `leaf_maximum` and `leaf_batch` take it (one tuple)."""
        return self.slots, self.highs, self.negative, self.blocks, self.table

    def scratch(self) -> Scratch:
        """Arrays one thread overwrites: the leaf, one group, one register's maxima, and
        where each button's signed row starts in the table."""
        dtype = np.dtype(wide(len(self.slots)))
        lanes = REGISTER_BYTES // dtype.itemsize
        return (
            np.zeros(1 << self.low, dtype=dtype),
            np.zeros(1 << GROUP_BITS, dtype=self.table.dtype),
            np.zeros(lanes, dtype=dtype),
            np.zeros(len(self.slots), dtype=np.int64),
        )

    def original(self, where: int) -> int:
        """The leaf index b of the kernel's index `where` (``b = Aᵀ·where``)."""
        b = 0
        for j, row in enumerate(self.mix):
            if where >> j & 1:
                b ^= row
        return b


def _table(low: int, dtype: Any) -> NDArray[Any]:
    """The Hadamard matrix of the stages the scatter does (all but the last, at most
    `SCATTER_BITS`), its negative and a row of zeros, flattened: row r of sign s starts at
    ``(s·w + r)·w``, the zeros at ``2·w·w``."""
    bits = max(0, min(SCATTER_BITS, low - 1))
    table = np.ones((1, 1), dtype=np.int64)
    for _ in range(bits):
        table = np.block([[table, table], [table, -table]])
    zeros = np.zeros((1, table.shape[0]), dtype=np.int64)
    return np.concatenate([table, -table, zeros]).astype(dtype).ravel()


def _parity(values: Ints) -> Ints:
    for shift in (32, 16, 8, 4, 2, 1):
        values = values ^ (values >> shift)
    return values & 1


def _mixed(slots: Ints, mix: tuple[int, ...]) -> Ints:
    """Slot bit j of each button: the parity of its low bits under ``mix[j]``."""
    out = np.zeros_like(slots)
    for j, row in enumerate(mix):
        out |= _parity(slots & row) << j
    return out


def _invertible(rng: np.random.Generator, low: int) -> tuple[int, ...]:
    """Rows of a random invertible low × low matrix over GF(2), as integers."""
    while True:
        rows = [int(r) for r in rng.integers(0, 1 << low, low)]
        pivots: dict[int, int] = {}
        for row in rows:
            while row and row.bit_length() in pivots:
                row ^= pivots[row.bit_length()]
            if not row:
                break
            pivots[row.bit_length()] = row
        else:
            return tuple(rows)


def _crowding(slots: Ints) -> int:
    """The most buttons in one group."""
    return int(np.bincount(slots >> GROUP_BITS).max()) if len(slots) else 0


def leaf_layout(keys: Ints, x0: NDArray[np.uint8], low: int) -> LeafLayout:
    """The buttons of classes `keys` with solution `x0`, laid out for leaves of 2^low."""
    keys = np.asarray(keys, dtype=np.int64)
    plain = keys & ((1 << low) - 1)
    mix = tuple(1 << j for j in range(low))
    slots = plain
    if low > GROUP_BITS and _crowding(slots) > NARROW_BUTTONS:
        rng = np.random.default_rng(low)  # fixed: the same board always gets the same mix
        for _ in range(_MIXES):
            tried = _invertible(rng, low)
            mixed = _mixed(plain, tried)
            if _crowding(mixed) <= NARROW_BUTTONS:  # else mixing gains nothing: keep b
                mix, slots = tried, mixed
                break
    order = np.argsort(slots, kind="stable")
    slots = slots[order]
    edges = np.arange(0, (1 << low) + 1, ROW, dtype=np.int64)
    blocks = np.searchsorted(slots, edges).astype(np.int64)
    negative = np.asarray(x0, dtype=np.int64)[order] & 1
    narrow = low > GROUP_BITS and _crowding(slots) <= NARROW_BUTTONS
    table = _table(low, np.int8 if narrow else wide(len(keys)))
    return LeafLayout(slots, keys[order] >> low, negative, blocks, table, low, mix)
