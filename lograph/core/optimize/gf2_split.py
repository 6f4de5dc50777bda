"""Fewest presses over GF(2) by splitting the buttons into groups whose classes span little.

A solution is ``x₀ ⊕ c·Q``; button i flips when ``c·q_i`` is odd. When the buttons fall into
groups whose classes each span a small subspace (on a rectangle the four sublattices of
row and column parity: on the all-on 65×65 board each spans 20–22 of the 42 dimensions),
a group's part of the weight depends on c only through its coordinates ``u_g = π_g(c)``,
and the weight is a sum of small tables, ``W(c) = Σ_g W_g(u_g)``, each one transform of
2^dim(g). If two groups' subspaces together span everything with dimensions adding up to
the nullity, their coordinates (u₁, u₂) name every combination exactly once, and every other
group's coordinates are a linear map of them.

So the search (`lograph.core.optimize.gf2_split_search`) walks pairs (u₁, u₂) in order of
``W₁(u₁) + W₂(u₂)`` (both tables sorted), adding the other tables' entries. The other
tables add at least the sum of their minima, so once ``W₁ + W₂`` plus that *floor* exceeds
the lightest weight found, no pair left can reach it: everything lighter or as light has
been seen, ties included. A first look at the lightest pairs gives a solution, so only the
coordinates that can still reach its weight are sorted; symmetries of the board that keep
the first group leave one of its coordinates per orbit (`gf2_split_orbits`). On the all-on
65×65 board that is 45 million pairs of 4.4·10¹² combinations.

The groups come from the board: the connected pieces of the graph of A² over GF(2) (quiet
patterns are in the kernel of A², which on a rectangle splits into the four sublattices).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.system import PressSystem
from lograph.core.optimize.gf2_classes import (
    parity,
    reduce_by,
    span_coordinates,
    transform_compiled,
)
from lograph.core.optimize.gf2_split_orbits import (
    apply_linear,
    bit_columns,
    group_orbits,
    keeping_group,
)

__all__ = ["PAIRS_PER_LEAF", "SplitPlan", "button_groups", "group_members", "plan_split"]

#: Largest group subspace tabulated (2^24 int16 entries and sorted indices: about 100 MB).
MAX_GROUP_BITS = 24
#: Pairs worth one leaf of the orbit search in time (a leaf of 2^18 solutions takes about
#: 50 µs per core, a pair about 15 ns): the `--max-leaves` budget counts in these units.
PAIRS_PER_LEAF = 1 << 12


def button_groups(system: PressSystem) -> NDArray[np.intp]:
    """Each button's group: the weakly connected pieces of A²'s graph over GF(2) (an edge
    i–j where an odd number of two-step paths join them)."""
    import scipy.sparse
    from scipy.sparse.csgraph import connected_components

    a = system.sparse()
    square = scipy.sparse.coo_array(a @ a)
    odd = (square.data % 2 == 1) & (square.row != square.col)
    edges = (np.ones(int(odd.sum()), dtype=np.int8), (square.row[odd], square.col[odd]))
    graph = scipy.sparse.coo_array(edges, shape=(system.n, system.n))
    _, labels = connected_components(graph, directed=True, connection="weak")
    return np.asarray(labels, dtype=np.intp)


def group_members(system: PressSystem) -> list[NDArray[np.intp]]:
    """The buttons of each group (`button_groups`), group by group."""
    labels = button_groups(system)
    return [np.flatnonzero(labels == g) for g in range(int(labels.max()) + 1)]


@dataclass(frozen=True)
class _Group:
    """One group of buttons: their indices, coordinates in its basis, basis and table."""

    buttons: NDArray[np.intp]
    coordinates: NDArray[np.int64]
    basis: list[int]
    weights: NDArray[np.integer]  # W_g(u) for every u in 0 .. 2^dim − 1


def _group(buttons: NDArray[np.intp], keys: NDArray[np.int64], x0: NDArray[np.uint8]) -> _Group:
    classes, inverse = np.unique(keys[buttons], return_inverse=True)
    basis, coordinates, _ = span_coordinates([int(v) for v in classes])
    coords = np.asarray(coordinates, dtype=np.int64)[inverse.ravel()]
    signs = 1 - 2 * x0[buttons].astype(np.int64)  # +1 where the button is not pressed yet
    spectrum = np.bincount(coords, weights=signs, minlength=1 << len(basis)).astype(np.int64)
    transform_compiled(spectrum, None)  # Σ_b s_b (−1)^{u·α_b}
    weights = int(x0[buttons].sum()) + (int(signs.sum()) - spectrum) // 2
    # int16 halves the cache the search's lookups need; its sort is a radix sort
    weights = weights.astype(np.int16 if len(buttons) < 1 << 15 else np.int32)
    return _Group(buttons, coords, basis, weights)


def _lightest(weights: NDArray[np.integer], bound: int) -> NDArray[np.intp]:
    """The coordinates whose table entry is at most `bound`, lightest first (stable)."""
    chosen = np.flatnonzero(weights <= bound)
    return chosen[np.argsort(weights[chosen], kind="stable")]


def _columns(group: _Group, pivots: dict[int, tuple[int, int]], k: int) -> list[int]:
    """Where each pair coordinate (u₁'s bits, then u₂'s) sends the group's coordinates:
    basis member t of the group is a sum of pair basis members, read off by `pivots`."""
    return bit_columns([reduce_by(v, pivots)[1] for v in group.basis], k)


@dataclass(frozen=True)
class SplitPlan:
    """The groups in search order (the two whose coordinates name a combination first) and
    the sorted tables the search walks.

    `first[g, i]` and `second[g, j]` are the parts of group g + 2's coordinates that come
    from the i-th lightest u₁ and the j-th lightest u₂; `floor` is the sum of the other
    groups' minima, so ``W₁ + W₂ + floor`` bounds every pair from below; `needed` is how
    many pairs a complete search visits at most (those within the floor of `ceiling`, the
    weight of a solution found by a first look at the lightest pairs).
    """

    groups: list[_Group]
    order1: NDArray[np.intp]  # the u₁ walked, lightest first (one per orbit of symmetries)
    multiplicity: NDArray[np.int64]  # how many u₁ each stands for (its orbit's size)
    order2: NDArray[np.intp]  # the u₂ walked, lightest first
    first: NDArray[np.int32]
    second: NDArray[np.int32]
    tables: NDArray[np.integer]
    floor: int
    ceiling: int
    needed: int
    lightest: NDArray[np.uint8] | None = None  # the first look's solution, weighing `ceiling`

    @property
    def lower_bound(self) -> int:
        """The fewest presses are at least the sum of every group's lightest entry."""
        return int(self.groups[0].weights.min() + self.groups[1].weights.min()) + self.floor

    def presses(self, x0: NDArray[np.uint8], i: int, j: int) -> NDArray[np.uint8]:
        """The solution of the pair (i-th lightest u₁, j-th lightest u₂)."""
        found = x0.astype(np.int64)
        u = [int(self.order1[i]), int(self.order2[j])]
        u += [int(self.first[g, i] ^ self.second[g, j]) for g in range(len(self.first))]
        for group, coords in zip(self.groups, u, strict=True):
            found[group.buttons] ^= parity(group.coordinates & coords)
        return found.astype(np.uint8)


#: The first look at a pair of groups: the 2^10 lightest entries of each side, every pair.
_PROBE = 1 << 10


def plan_split(
    system: PressSystem,
    keys: NDArray[np.int64],
    k: int,
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]] = (),
) -> SplitPlan | None:
    """The split search's set-up for ``x0 + span`` (button classes `keys`), or None when
    the board's groups do not split the combinations (or a group spans too much).

    Of the pairs of groups that name every combination, the one whose search visits the
    fewest pairs below the lightest solution a first look finds. `symmetries`, permutations
    that keep the solution set and form a group with the identity
    (`lograph.core.optimize.gf2_symmetry.kept_permutations`), cut the first group's
    coordinates to one per orbit when they map that group (or else the second) onto itself."""
    members = group_members(system)
    dims = [len(span_coordinates(np.unique(keys[m]).tolist())[0]) for m in members]
    if len(members) < 2 or max(dims) > MAX_GROUP_BITS:
        return None
    pairs = [(a, b) for a, b in combinations(range(len(members)), 2) if dims[a] + dims[b] == k]
    if not pairs:
        return None
    groups = [_group(m, keys, x0) for m in members]
    spans = {(a, b): span_coordinates(groups[a].basis + groups[b].basis) for a, b in pairs}
    pairs = [pair for pair in pairs if len(spans[pair][0]) == k]
    if not pairs:
        return None
    few = {i: _first_few(groups[i].weights) for pair in pairs for i in pair}
    ceiling, lightest = min(
        (_probe(groups, few, a, b, spans[a, b][2], k, x0) for a, b in pairs),
        key=lambda p: p[0],
    )

    def visits(pair: tuple[int, int]) -> int:
        floor = sum(int(g.weights.min()) for i, g in enumerate(groups) if i not in pair)
        return _pairs_within(groups[pair[0]].weights, groups[pair[1]].weights, ceiling - floor)

    a, b = min(pairs, key=visits)
    if not keeping_group(groups[a].buttons, symmetries):  # the first side takes them
        a, b = b, a
    keeping = keeping_group(groups[a].buttons, symmetries)
    pivots = span_coordinates(groups[a].basis + groups[b].basis)[2]
    plan = _paired(groups, a, b, pivots, k, ceiling, (x0, keeping))
    return replace(plan, lightest=lightest)


def _first_few(weights: NDArray[np.integer]) -> NDArray[np.intp]:
    """The `_PROBE` lightest coordinates of a table (all of a smaller one), lightest first:
    the entries up to the weight that holds that many, by a histogram (no partial sort)."""
    low = int(weights.min())
    held = np.cumsum(np.bincount((weights - low).astype(np.intp)))
    limit = low + int(np.searchsorted(held, min(_PROBE, len(weights))))
    return _lightest(weights, limit)[:_PROBE]


def _probe(
    groups: list[_Group],
    few: dict[int, NDArray[np.intp]],
    a: int,
    b: int,
    pivots: dict[int, tuple[int, int]],
    k: int,
    x0: NDArray[np.uint8],
) -> tuple[int, NDArray[np.uint8]]:
    """The lightest of the pairs of the lightest `_PROBE` entries of groups a and b (`few`;
    weight and presses): a solution, so an upper bound on the fewest presses."""
    d1 = len(groups[a].basis)
    u1, u2 = few[a], few[b]
    total = groups[a].weights[u1].astype(np.int64)[:, None] + groups[b].weights[u2][None, :]
    parts = {}
    for g, group in enumerate(groups):
        if g not in (a, b):
            columns = _columns(group, pivots, k)
            parts[g] = (apply_linear(columns[:d1], u1), apply_linear(columns[d1:], u2))
            total += group.weights[parts[g][0][:, None] ^ parts[g][1][None, :]]
    i, j = np.unravel_index(int(total.argmin()), total.shape)
    presses = x0.astype(np.int64)
    for g, group in enumerate(groups):
        u = u1[i] if g == a else u2[j] if g == b else parts[g][0][i] ^ parts[g][1][j]
        presses[group.buttons] ^= parity(group.coordinates & int(u))
    return int(total[i, j]), presses.astype(np.uint8)


def _paired(
    groups: list[_Group],
    a: int,
    b: int,
    pivots: dict[int, tuple[int, int]],
    k: int,
    ceiling: int,
    symmetric: tuple[NDArray[np.uint8], list[NDArray[np.intp]]],
) -> SplitPlan:
    """The plan walking pairs of groups a and b, whose spans make up the whole space: only
    the coordinates that can still reach `ceiling`, group a's one per orbit of the
    symmetries that keep it (`symmetric`: x₀ and those symmetries)."""
    others_all = [g for i, g in enumerate(groups) if i not in (a, b)]
    # groups in no quiet pattern weigh the same for every pair: folded into the first table
    # (which keeps its order), so that a pair costs one lookup per group that varies
    constant = sum(int(g.weights[0]) for g in others_all if not g.basis)
    head, tail = groups[a], groups[b]
    if constant:
        shifted = head.weights.astype(np.int64) + constant
        narrow = int(shifted.max()) < 1 << 15 and head.weights.dtype == np.int16
        head = replace(head, weights=shifted.astype(np.int16 if narrow else np.int32))
    order = [head, tail] + [g for g in others_all if g.basis]
    others = [g.weights for g in order[2:]]
    floor = sum(int(w.min()) for w in others)
    # a pair reaches the ceiling only if each side does with the other side's lightest
    order1 = _lightest(head.weights, ceiling - floor - int(tail.weights.min()))
    order2 = _lightest(tail.weights, ceiling - floor - int(head.weights.min()))
    orbits = group_orbits(head.buttons, head.coordinates, len(head.basis), *symmetric, order1)
    multiplicity = np.ones(len(order1), dtype=np.int64)
    if orbits is not None:
        order1, multiplicity = order1[orbits[0]], orbits[1][orbits[0]]
    d1 = len(head.basis)
    first, second = [], []
    for group in order[2:]:
        columns = _columns(group, pivots, k)
        first.append(apply_linear(columns[:d1], order1))
        second.append(apply_linear(columns[d1:], order2))
    tables = np.zeros((len(others), max([1] + [len(w) for w in others])), dtype=np.int32)
    if all(w.dtype == np.int16 for w in others):
        tables = tables.astype(np.int16)
    for g, w in enumerate(others):
        tables[g, : len(w)] = w
    empty = np.zeros((0, 1), dtype=np.int32)
    first_a = np.ascontiguousarray(first) if first else empty
    second_a = np.ascontiguousarray(second) if second else empty
    needed = _pairs_within(head.weights[order1], tail.weights[order2], ceiling - floor)
    return SplitPlan(
        order, order1, multiplicity, order2, first_a, second_a, tables, floor, ceiling, needed
    )


def _pairs_within(w1: NDArray[np.integer], w2: NDArray[np.integer], limit: int) -> int:
    """How many pairs have ``w1[i] + w2[j] ≤ limit`` (weights are small: by histograms, in
    any order)."""
    below = np.cumsum(np.bincount(w2.astype(np.int64)))
    counts = np.bincount(w1.astype(np.int64))
    room = limit - np.arange(len(counts))
    keep = (room >= 0) & (counts > 0)
    return int((counts[keep] * below[np.minimum(room[keep], len(below) - 1)]).sum())
