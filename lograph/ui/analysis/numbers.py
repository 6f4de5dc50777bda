"""Numbers as the analysis dock writes them: in full while short, as powers or rounded when
long. A narrow dock cannot wrap a 24-digit number, and a board of nullity 78 has 2^78 worlds
and quiet patterns, so every count past 48 bits is written the way it is built.

Examples
--------
>>> power_text(2, 10), power_text(2, 78), power_text(3, 36)
('1,024 (2^10)', '2^78', '3^36')
>>> fraction_text(2, 3), fraction_text(2, 78)
('1/8', '1/2^78')
>>> count_text(7350), count_text(2**100)
('7,350', '≈ 1.27 × 10^30')
>>> group_text(2**78, 2), group_text(16, 2)
('2^78', '16')
>>> syndrome_text((1, 0, 1, 1, 0, 0, 0, 0, 1), 2), syndrome_text((2, 0, 1), 3)
('10110000 1', '2, 0, 1')
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from lograph.core.model.ring import Ring, RingKind

__all__ = [
    "FULL_BITS",
    "count_text",
    "fraction_text",
    "group_text",
    "power_text",
    "syndrome_text",
]

#: Numbers are written out in full up to this many bits (15 digits, which fit the dock's
#: figure column), as powers above: 3^36 written out (18 digits, 23 characters with their
#: commas) widened the dock past its edge.
FULL_BITS = 48
#: Counts are written out up to this many digits, rounded to three beyond.
_FULL_DIGITS = 15


def power_text(p: int, e: int) -> str:
    """``p^e`` written out when it is short, as a power otherwise."""
    if e * math.log2(p) > FULL_BITS:
        return f"{p}^{e}"
    value = f"{p**e:,}"
    return value if e <= 1 else f"{value} ({p}^{e})"


def fraction_text(p: int, k: int) -> str:
    """The solvable share ``1/p^k``."""
    if k == 0:
        return "all positions"
    return f"1/{p**k:,}" if k * math.log2(p) <= FULL_BITS else f"1/{p}^{k}"


def count_text(count: int) -> str:
    """A count in full while it is short, else rounded with its power of ten."""
    digits = len(str(count))
    if digits <= _FULL_DIGITS:
        return f"{count:,}"
    return f"≈ {count / 10 ** (digits - 1):.3g} × 10^{digits - 1}"


def group_text(size: int, p: int) -> str:
    """The size of a group of press patterns: a power of p as such when long, else in full
    (or rounded)."""
    if size.bit_length() > FULL_BITS and p > 1:
        e = round(math.log(size, p))
        if p**e == size:
            return f"{p}^{e}"
    return count_text(size)


def syndrome_text(digits: Sequence[int], p: int) -> str:
    """A world's syndrome: over GF(2) bits in groups of eight (a line can break between
    groups), else the digits with commas."""
    if Ring.of(p).kind is not RingKind.GF2:
        return ", ".join(map(str, digits))
    bits = "".join(map(str, digits))
    return " ".join(bits[i : i + 8] for i in range(0, len(bits), 8))
