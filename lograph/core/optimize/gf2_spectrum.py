"""The exact worst position of a small quiet code, by a search over class spectra.

Over GF(2) a position matters only through ``t_v``, how many of the ``m_v`` buttons of each
class v it presses. With ``y_v = m_v − 2t_v`` every coset weight is ``W(c) = A − ŷ(c)/2``
(A the average weight ``m₀ + (N − m₀)/2``, ŷ the Walsh–Hadamard transform of y over the
class space), so the worst position has the smallest possible ``max_c ŷ(c)``, and a coset
whose lightest vector weighs at least w exists exactly when some y keeps
``max_c ŷ(c) ≤ 2(A − w)``: a feasibility question the compiled search answers
(`lograph.core.kernels.spectrum`), for w from the average-weight bound downwards. Each
"no" lowers the proven upper bound by one; the first "yes" gives a position (scored exactly
again) that meets it. Small bounds are refuted in milliseconds; the last "no" costs the
most (all-on 9×9: 14 million nodes, about 3 s).

Two symmetries shrink the search. Replacing the position by another vector of its coset
negates y on the classes odd on some c* (ŷ is only shifted), so y may be taken
non-negative on a basis of the class space (chosen among the smallest classes): 2^k times
fewer branches. And the transform of y restricted to every subspace ``V_j`` of the first
j + 1 coordinates must stay at most the bound too (averaging ŷ over cosets of the
annihilator), which prunes each level as soon as it is complete or cannot be.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, poll
from lograph.core.optimize.gf2_classes import minimise_classes, pressing_counts

__all__ = ["SPECTRUM_EXACT_NULLITY", "SPECTRUM_NULLITY_LIMIT", "SpectrumBounds", "spectrum_worst"]

#: Largest nullity searched (every node updates a transform of up to 2^k values): exact
#: answers are within reach up to about 10; beyond, the first refutations lower the
#: upper bound (19×19: 181 → 175 in 15 s; 30×30: 450 → 444 in 4 s).
SPECTRUM_NULLITY_LIMIT = 20
#: Up to this nullity the search usually proves the answer (`lograph.core.optimize.worst`
#: gives it half the time limit, a third beyond), and the signs (−1)^{p·c} come from a
#: 2^k × 2^k table (4 MB at 10).
SPECTRUM_EXACT_NULLITY = 10
#: Nodes per compiled call (a few tenths of a second at k = 8); cancel and time are
#: polled between calls.
_SLICE_NODES = 1 << 21
_CANCELLED = "worst-position search cancelled"


@dataclass(frozen=True)
class SpectrumBounds:
    """What the search proved: the best position found (`presses`, its fewest presses
    `lower`), the proven `upper` bound, and whether they meet (`exact`)."""

    presses: NDArray[np.uint8]
    lower: int
    upper: int
    exact: bool


@dataclass(frozen=True)
class _Points:
    """The classes as points of GF(2)^k in a basis of classes (`keys[j]` is point `1 << j`
    … ), in the search's order, with what the kernel needs about each."""

    keys: NDArray[np.int64]  # the class of each point in `order`
    order: NDArray[np.int64]
    m: NDArray[np.int64]
    low: NDArray[np.int64]
    remaining: NDArray[np.int64]
    span: NDArray[np.int64]


def _points(classes: NDArray[np.int64], counts: NDArray[np.int64], k: int) -> _Points:
    """Coordinates of the classes in a basis of the smallest classes, ordered by level."""
    basis: list[int] = []
    pivots: dict[int, int] = {}
    for key in classes[np.argsort(counts, kind="stable")].tolist():
        reduced = key
        while reduced and reduced.bit_length() in pivots:
            reduced ^= pivots[reduced.bit_length()]
        if reduced:
            pivots[reduced.bit_length()] = reduced
            basis.append(key)
    span = {0: 0}  # class key -> point (its coordinates in the basis)
    for j, key in enumerate(basis):
        span.update({x ^ key: point | 1 << j for x, point in list(span.items())})
    point_of = np.array([span[key] for key in classes.tolist()], dtype=np.int64)
    level = np.array([p.bit_length() for p in point_of.tolist()], dtype=np.int64)
    order = np.lexsort((point_of, level))
    points, m, level = point_of[order], counts[order].astype(np.int64), level[order]
    fixed = (points & (points - 1)) == 0  # basis points: y ≥ 0 by the coset symmetry
    low = np.where(fixed, m % 2, -m)
    after = np.zeros(len(points), dtype=np.int64)
    for j in range(len(points) - 2, -1, -1):
        if level[j + 1] == level[j]:
            after[j] = after[j + 1] + m[j + 1]
    return _Points(classes[order], points, m, low, after, np.left_shift(1, level))


@dataclass(frozen=True)
class _Scratch:
    """What every bound's search reuses: the sign table (a dummy past
    `SPECTRUM_EXACT_NULLITY`, where each point's row is built in `row` instead)."""

    signs: NDArray[np.int32]
    row: NDArray[np.int32]


def _scratch(k: int) -> _Scratch:
    from lograph.core.kernels.spectrum import character_signs

    signs = character_signs(k) if k <= SPECTRUM_EXACT_NULLITY else np.ones((1, 1), dtype=np.int32)
    return _Scratch(signs, np.zeros(1 << k, dtype=np.int32))


def _feasible(
    points: _Points, k: int, bound: int, scratch: _Scratch, cancel: Cancel, deadline: float
) -> NDArray[np.int64] | bool | None:
    """y (one value per point) with ``max ŷ ≤ bound``; False when none exists; None when the
    deadline came first."""
    from lograph.core.kernels.spectrum import spectrum_search

    values = np.zeros(len(points.order), dtype=np.int64)
    transform = np.zeros(1 << k, dtype=np.int32)  # |ŷ| ≤ N: int32 for 8 lanes a register
    cursor = np.array([0, 1], dtype=np.int64)
    arrays = (points.order, points.m, points.low, points.remaining, points.span)
    slice_nodes = _SLICE_NODES >> max(0, k - 8)  # a node costs up to 2^k
    while True:
        status = spectrum_search(
            arrays, scratch.signs, values, transform, scratch.row, cursor, bound, slice_nodes
        )
        if status == 1:
            return values
        if status == 0:
            return False
        poll(cancel, _CANCELLED)
        if time.monotonic() > deadline:
            return None


def spectrum_worst(
    keys: NDArray[np.int64],
    k: int,
    best: tuple[NDArray[np.uint8], int],
    upper: int,
    cancel: Cancel,
    deadline: float,
) -> SpectrumBounds:
    """Close the gap between a known position (`best`: its presses and fewest presses) and a
    proven `upper` bound on the covering radius, until they meet or the deadline passes."""
    classes, counts = np.unique(keys, return_counts=True)
    m0 = int(counts[classes == 0].sum())
    points = _points(classes[classes != 0], counts[classes != 0], k)
    presses, lower = best
    twice_average = len(keys) + m0  # 2A
    scratch = _scratch(k)
    while upper > lower:
        found = _feasible(points, k, twice_average - 2 * upper, scratch, cancel, deadline)
        if found is None:
            break
        if found is False:
            upper -= 1  # no position needs `upper` presses
            continue
        t = (points.m - found) // 2  # pressed buttons per class
        by_class = np.argsort(points.keys)
        position = pressing_counts(keys, points.keys[by_class], t[by_class])
        presses, lower, _ = minimise_classes(keys, k, position, cancel)
        upper = max(upper, lower)
    return SpectrumBounds(presses, lower, upper, lower == upper)
