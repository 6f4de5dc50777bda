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
most (all-on 9×9: 90 thousand nodes, under 0.1 s; 14.5 million without the prefix checks).

Two symmetries shrink the search. Replacing the position by another vector of its coset
negates y on the classes odd on some c* (ŷ is only shifted), so y may be taken
non-negative on a basis of the class space (chosen among the smallest classes): 2^k times
fewer branches. And the transform of y restricted to every subspace ``V_j`` of the first
j + 1 coordinates must stay at most the bound too (averaging ŷ over cosets of the
annihilator), which prunes each level as soon as it is complete or cannot be; up to
`PREFIX_CHECK_NULLITY` so must the subspaces spanned by a point's top coordinates and
the coordinates below some b, complete long before its level.

The compiled search costs about 3 s of compiling on a machine that never ran it, more than
the whole answer for a small code. So up to `SPECTRUM_EXACT_NULLITY`, unless the kernel is
ready in the process, each question goes first to the same search written in numpy
(`_feasible_in_numpy`): depth-first over batches of `_NUMPY_BATCH` nodes, a node's
transform a row of a matrix, the prefix subspaces checked by summing that row over the
coordinates outside them. It visits the very nodes the kernel does (89,692 to refute 38 on
the all-on 9×9, in under half a second) and leaves the question, and those after it, to
the kernel once it has spent `_NUMPY_UPDATES`.

How long a "no" takes depends wildly on the basis (a heavy tail), so past
`SPECTRUM_EXACT_NULLITY` each bound is attacked by restarts from random bases on Luby's
schedule, and on every core a search runs side by side (the first to answer stops the
others).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from threading import Event

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import compiled_ready
from lograph.core.optimize.quiet import (
    fewest_by_classes,
    parity,
    pressing_counts,
    span_coordinates,
)
from lograph.core.work import WORKERS, Work

__all__ = [
    "PREFIX_CHECK_NULLITY",
    "SPECTRUM_EXACT_NULLITY",
    "SPECTRUM_NULLITY_LIMIT",
    "SpectrumBounds",
    "luby",
    "spectrum_worst",
]

#: Largest nullity searched (every node updates a transform of up to 2^k values): exact
#: answers are within reach up to about 10; beyond, the first refutations lower the
#: upper bound (19×19: 181 → 174, 30×30: 450 → 441–442, each in 20 s).
SPECTRUM_NULLITY_LIMIT = 20
#: Up to this nullity the search usually proves the answer (`lograph.core.optimize.worst._search`
#: gives it half the time limit, a third beyond), and the signs (−1)^{p·c} come from a
#: 2^k × 2^k table (4 MB at 10).
SPECTRUM_EXACT_NULLITY = 10
#: Up to this nullity the search also checks the prefix subspaces of each point
#: (`lograph.core.kernels.spectrum`). All-on boards, default basis: 9×9's refutation of 38
#: from 14.5 million nodes to 90 thousand, 16×16's of 125 (undecided after 25 minutes) in
#: 1.1 million, 17×20 (nullity 7) from over 2 billion nodes without an answer to a
#: position at once. Past it the class spaces are sparse (30×30: 740 classes in 2^20
#: points), where the checks refute no more bounds per random basis at up to twice the
#: work a node: 19×19 in a minute, seeds 1 and 2, 173 without them and 174 with; random
#: codes of nullity 11–14 (40, 8 s each) exact on 30 either way, and 2 more without.
PREFIX_CHECK_NULLITY = SPECTRUM_EXACT_NULLITY
#: Transform updates (nodes × 2^k) the numpy search spends over one `spectrum_worst` call
#: (about 5·10⁷ a second here) before the questions go to the compiled search: 0.6 s, about
#: what the all-on 9×9 needs in all (2.5·10⁷). Harder codes pay it on top of the kernel's
#: time (16×16: 2.1 s against 1.6 s warm, 6.6 s against 5.2 s on a fresh install).
_NUMPY_UPDATES = 1 << 25
#: Nodes expanded together by the numpy search: small enough that it dives (a "yes" on the
#: all-on 9×9 after 6,782 nodes, against 260,066 with batches of 4,096), big enough that
#: numpy's per-call cost stays small against the work (the refutation of 38 takes the same
#: time with batches of 64 as of 4,096).
_NUMPY_BATCH = 64
#: Transform updates per compiled call (about 2·10⁹ a second here: tens of milliseconds);
#: cancel and time are polled between calls.
_SLICE_WORK = 1 << 26
#: Past `SPECTRUM_EXACT_NULLITY` each bound is attacked by restarts from random bases, the
#: i-th given this many transform updates times the i-th term of Luby's sequence
#: (1, 1, 2, 1, 1, 2, 4, …): the search's time depends wildly on the basis (30×30: the
#: default basis does not refute 444 in a minute, 3 random bases in 8 do in under 0.5 s),
#: and Luby's schedule is within a logarithmic factor of the best fixed cut-off. A unit
#: of about a tenth of a second: 30×30 reaches 441–442 in 20 s with 2^28 or 2^29, 442
#: with 2^26 (441 after 60 s), 2^30 or 2^31.
_RESTART_WORK = 1 << 28
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
    inside: NDArray[np.int64]  # [position, t, b]: multiplicities after it in S(t, b)
    prefix_checks: bool  # whether the kernel checks the prefix subspaces at all


def _points(
    classes: NDArray[np.int64],
    counts: NDArray[np.int64],
    k: int,
    rng: np.random.Generator | None = None,
) -> _Points:
    """Coordinates of the classes in a basis of the smallest classes (the first found in key
    order, or in a random order drawn from `rng`), ordered by level."""
    shuffled = np.arange(len(classes)) if rng is None else rng.permutation(len(classes))
    smallest_first = shuffled[np.argsort(counts[shuffled], kind="stable")]
    _, coordinates, _ = span_coordinates(classes[smallest_first].tolist())
    point_of = np.empty(len(classes), dtype=np.int64)
    point_of[smallest_first] = coordinates
    level = np.array([p.bit_length() for p in point_of.tolist()], dtype=np.int64)
    order = np.lexsort((point_of, level))
    points, m, level = point_of[order], counts[order].astype(np.int64), level[order]
    fixed = (points & (points - 1)) == 0  # basis points: y ≥ 0 by the coset symmetry
    low = np.where(fixed, m % 2, -m)
    after = np.zeros(len(points), dtype=np.int64)
    for j in range(len(points) - 2, -1, -1):
        if level[j + 1] == level[j]:
            after[j] = after[j + 1] + m[j + 1]
    checks = k <= PREFIX_CHECK_NULLITY
    unchecked = np.zeros((len(points), 1, 1), dtype=np.int64)
    inside = _prefix_multiplicities(points, m, k) if checks else unchecked
    span = np.left_shift(1, level)
    return _Points(classes[order], points, m, low, after, span, inside, checks)


def _prefix_multiplicities(
    points: NDArray[np.int64], m: NDArray[np.int64], k: int
) -> NDArray[np.int64]:
    """``[pos, t, b]``: the multiplicities of the points after `pos` in its prefix subspace
    S(t, b) (``lograph.core.kernels.spectrum``): those sharing its top t coordinates, with
    the rest below b. One sweep from the end, keeping per prefix what its later points add.

    >>> inside = _prefix_multiplicities(np.array([0b100, 0b101, 0b110]), np.array([1, 2, 3]), 3)
    >>> inside[0, 1].tolist()  # after 100 in S(1, b) = ⟨e₂⟩ ⊕ V_b, b < 2: 101 (m = 2) for b = 1
    [0, 2, 0, 0]
    >>> inside[1, 2].tolist()  # after 101 in S(2, 0) = ⟨e₂, e₀⟩: none (110 is not in it)
    [0, 0, 0, 0]
    """
    inside = np.zeros((len(points), k + 1, k + 1), dtype=np.int64)
    later: dict[tuple[int, int], NDArray[np.int64]] = {}
    for pos in range(len(points) - 1, -1, -1):
        prefix, rest, t = 0, int(points[pos]), 0
        while rest:
            t, high = t + 1, rest.bit_length() - 1
            prefix, rest = prefix | 1 << high, rest ^ 1 << high
            added = later.setdefault((t, prefix), np.zeros(k + 1, dtype=np.int64))
            inside[pos, t] = added
            added[rest.bit_length() : high] += m[pos]  # in S(t, b) for b above its rest
    return inside


@dataclass(frozen=True)
class _NumpyPlan:
    """What the numpy search needs about each position: the point's row of signs
    ``(−1)^{p·c}`` over all 2^k characters, the number of coordinates its level's transform
    spans, and per prefix subspace S(t, b) of the point the transform axes outside it (to
    sum over), their count as a power of two, and the multiplicities after it inside."""

    rows: NDArray[np.int32]
    levels: list[int]
    prefixes: list[list[tuple[tuple[int, ...], int, int]]]


def _numpy_plan(points: _Points, k: int) -> _NumpyPlan:
    characters = np.arange(1 << k, dtype=np.int64)
    rows = (1 - 2 * parity(points.order[:, None] & characters[None, :])).astype(np.int32)
    levels: list[int] = []
    prefixes: list[list[tuple[tuple[int, ...], int, int]]] = []
    for pos, point in enumerate(points.order.tolist()):
        level = point.bit_length()
        top = [bit for bit in range(level - 1, -1, -1) if point >> bit & 1] + [-1]
        checks = []
        for t in range(1, len(top)) if points.prefix_checks else ():
            for b in range(top[t] + 1, top[t - 1]):
                outside = [c for c in range(b, level) if c not in top[:t]]
                # a level's transform reshaped to (nodes, 2, …, 2) has coordinate c on axis
                # level − c (axis 0 numbers the nodes)
                axes = tuple(level - c for c in outside)
                checks.append((axes, 1 << len(outside), int(points.inside[pos, t, b])))
        levels.append(level)
        prefixes.append(checks)
    return _NumpyPlan(rows, levels, prefixes)


def _feasible_in_numpy(
    points: _Points, plan: _NumpyPlan, bound: int, work: Work, budget: int
) -> tuple[NDArray[np.int64] | bool | None, int]:
    """`_feasible`'s answer from the search in numpy — None when `budget` transform updates
    did not settle it or the deadline came (after one batch at least) — and the updates it
    spent.

    A stack of batches of nodes at one position each: a node is the values set so far and
    its transform over all 2^k characters (points of lower levels leave it periodic, so its
    maximum is its level's). A batch's children take every value of the next position; the
    level check and, summed out of the same transform, the prefix checks keep the ones that
    may still lead somewhere; they go back on the stack in batches, the first on top."""
    count, size = len(points.order), plan.rows.shape[1]
    stack = [(0, np.zeros((1, 0), dtype=np.int32), np.zeros((1, size), dtype=np.int32))]
    spent = 0
    while stack:
        pos, values, transform = stack.pop()
        choices = np.arange(points.low[pos], points.m[pos] + 1, 2, dtype=np.int32)
        # children in the kernel's order (node by node, values rising), so that the first
        # y found is the one its depth-first search in the same basis finds
        transform = (
            transform[:, None, :] + choices[None, :, None] * plan.rows[pos][None, None, :]
        ).reshape(-1, size)
        values = np.concatenate(
            (np.repeat(values, len(choices), axis=0), np.tile(choices, len(values))[:, None]),
            axis=1,
        )
        spent += transform.size
        keep = transform.max(axis=1) - points.remaining[pos] <= bound
        if plan.prefixes[pos] and keep.any():
            values, transform = values[keep], transform[keep]
            nodes, level = len(values), plan.levels[pos]
            cube = transform[:, : 1 << level].reshape((nodes,) + (2,) * level)
            keep = np.ones(nodes, dtype=bool)
            for axes, scale, inside in plan.prefixes[pos]:
                summed = cube.sum(axis=axes) if axes else cube
                keep &= summed.reshape(nodes, -1).max(axis=1) <= (bound + inside) * scale
        values, transform = values[keep], transform[keep]
        if len(values) and pos + 1 == count:
            return values[0].astype(np.int64), spent
        last = (len(values) - 1) // _NUMPY_BATCH * _NUMPY_BATCH
        for start in range(last, -1, -_NUMPY_BATCH):  # the first batch on top
            batch = slice(start, start + _NUMPY_BATCH)
            stack.append((pos + 1, values[batch], transform[batch]))
        work.poll(_CANCELLED)
        if stack and (spent >= budget or work.past_deadline()):  # one batch at least
            return None, spent
    return False, spent


def _signs(k: int) -> NDArray[np.int32]:
    """The sign table every search shares (a dummy past `SPECTRUM_EXACT_NULLITY`, where
    each point's row is built by the kernel instead)."""
    from lograph.core.kernels.spectrum import character_signs

    return character_signs(k) if k <= SPECTRUM_EXACT_NULLITY else np.ones((1, 1), dtype=np.int32)


@dataclass(frozen=True)
class _Question:
    """Whether some y keeps ``max ŷ ≤ bound``, and what the searches need to answer it."""

    bound: int
    signs: NDArray[np.int32]
    work: Work
    decided: Event  # set by the first search to answer: the others stop


def _feasible(
    points: _Points, k: int, question: _Question, budget: int | None
) -> NDArray[np.int64] | bool | None:
    """y (one value per point) with ``max ŷ ≤ bound``; False when none exists; None when the
    deadline came first, another search answered, or this one spent `budget` transform
    updates (None: no limit)."""
    from lograph.core.kernels.spectrum import spectrum_search

    values = np.zeros(len(points.order), dtype=np.int64)
    transform = np.zeros(1 << k, dtype=np.int32)  # |ŷ| ≤ N: int32 for 8 lanes a register
    row = np.zeros(1 << k, dtype=np.int32)
    # the prefix families, depth t at t · 2^(k+1) (8 KB at nullity 10), or none
    families = np.zeros((k + 2) << (k + 1) if points.prefix_checks else 1, dtype=np.int32)
    scratch = np.zeros(1 << k, dtype=np.int32)
    # position, fresh, then the top coordinates each depth's family was computed for
    cursor = np.array([0, 1] + [-1] * (k + 2), dtype=np.int64)
    arrays = (
        points.order,
        points.m,
        points.low,
        points.remaining,
        points.span,
        points.inside,
    )
    spent = 0
    while True:
        status = spectrum_search(
            arrays,
            question.signs,
            values,
            (transform, families, row, scratch),
            cursor,
            question.bound,
            _SLICE_WORK,
        )
        if status == 1:
            return values
        if status == 0:
            return False
        question.work.poll(_CANCELLED)
        spent += _SLICE_WORK
        if budget is not None and spent >= budget:
            return None
        if question.decided.is_set() or question.work.past_deadline():
            return None


def luby(index: int) -> int:
    """The `index`-th term (from 1) of Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, …

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    while True:
        size = 1 << index.bit_length()  # the smallest 2^j with index < 2^j
        if index == size - 1:
            return size >> 1
        index -= (size >> 1) - 1


def spectrum_worst(
    keys: NDArray[np.int64],
    k: int,
    best: tuple[NDArray[np.uint8], int],
    upper: int,
    work: Work,
    seed: int = 0,
) -> SpectrumBounds:
    """Close the gap between a known position (`best`: its presses and fewest presses) and a
    proven `upper` bound on the covering radius, until they meet or the work's deadline
    passes."""
    classes, counts = np.unique(keys, return_counts=True)
    m0 = int(counts[classes == 0].sum())
    searches = _Searches(classes[classes != 0], counts[classes != 0], k, seed)
    presses, lower = best
    twice_average = len(keys) + m0  # 2A
    from lograph.core.kernels.spectrum import spectrum_search

    in_reach = k <= SPECTRUM_EXACT_NULLITY  # its sign rows: up to 2^k × 2^k entries
    numpy_left = _NUMPY_UPDATES if in_reach and not compiled_ready(spectrum_search) else 0
    plan = _numpy_plan(searches.default, k) if numpy_left and upper > lower else None
    signs: NDArray[np.int32] | None = None
    with ThreadPoolExecutor(WORKERS) as pool:
        while upper > lower:
            bound = twice_average - 2 * upper
            found: NDArray[np.int64] | bool | None = None
            basis: _Points | None = searches.default
            in_numpy = plan is not None and numpy_left > 0
            if plan is not None and in_numpy:
                found, spent = _feasible_in_numpy(searches.default, plan, bound, work, numpy_left)
                numpy_left -= spent
            if found is None and not (in_numpy and work.past_deadline()):
                signs = _signs(k) if signs is None else signs
                question = _Question(bound, signs, work, Event())
                runs = [pool.submit(searches.run, w, question) for w in range(WORKERS)]
                answers = [run.result() for run in runs]  # re-raises a cancelled search's error
                found, basis = next(((f, b) for f, b in answers if f is not None), (None, None))
            if found is None or basis is None:
                break  # the deadline
            if found is False:
                upper -= 1  # no position needs `upper` presses
                continue
            t = (basis.m - found) // 2  # pressed buttons per class
            by_class = np.argsort(basis.keys)
            position = pressing_counts(keys, basis.keys[by_class], t[by_class])
            presses, lower, _ = fewest_by_classes(keys, k, position, work)
            upper = max(upper, lower)
    return SpectrumBounds(presses, lower, upper, lower == upper)


class _Searches:
    """The searches that answer one question side by side, one per worker: the first
    searches in the default basis (to the end, up to `SPECTRUM_EXACT_NULLITY`; past it for
    a budget, then restarts), the others restart from random bases, each on Luby's schedule."""

    def __init__(self, classes: NDArray[np.int64], counts: NDArray[np.int64], k: int, seed: int):
        self.classes, self.counts, self.k, self.seed = classes, counts, k, seed
        self.default = _points(classes, counts, k)

    def run(
        self, worker: int, question: _Question
    ) -> tuple[NDArray[np.int64] | bool | None, _Points]:
        """Worker `worker`'s answer (as `_feasible`'s) and the basis it came in."""
        restarts = self.k > SPECTRUM_EXACT_NULLITY or worker > 0
        rng = np.random.default_rng([self.seed, worker, question.bound])
        attempt = 1
        basis = self.default if worker == 0 else _points(self.classes, self.counts, self.k, rng)
        try:
            while True:  # at least one slice, even past the deadline
                budget = _RESTART_WORK * luby(attempt) if restarts else None
                found = _feasible(basis, self.k, question, budget)
                if found is not None:
                    return found, basis
                if question.decided.is_set() or question.work.past_deadline():
                    return None, basis
                attempt += 1
                basis = _points(self.classes, self.counts, self.k, rng)
        finally:
            question.decided.set()  # answered, cancelled or out of time: the others stop
