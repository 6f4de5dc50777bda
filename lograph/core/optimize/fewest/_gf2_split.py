"""Fewest presses over GF(2) by splitting the buttons into groups whose classes span little.

A solution is ``x₀ ⊕ c·Q``; button i flips when ``c·q_i`` is odd. When the buttons fall into
groups whose classes each span a small subspace (on a rectangle the four sublattices of
row and column parity: on the all-on 65×65 board each spans 20–22 of the 42 dimensions),
a group's part of the weight depends on c only through its coordinates ``u_g = π_g(c)``,
and the weight is a sum of small tables, ``W(c) = Σ_g W_g(u_g)``, each one transform of
2^dim(g). If two groups' subspaces together span everything with dimensions adding up to
the nullity, their coordinates (u₁, u₂) name every combination exactly once, and every other
group's coordinates are a linear map of them.

So the search (`split_search`) walks pairs (u₁, u₂) in order of
``W₁(u₁) + W₂(u₂)`` (both tables sorted), adding the other tables' entries. The other
tables add at least the sum of their minima, so once ``W₁ + W₂`` plus that *floor* exceeds
the lightest weight found, no pair left can reach it: everything lighter or as light has
been seen, ties included. A first look at the lightest pairs gives a solution, so only the
coordinates that can still reach its weight are sorted; symmetries of the board that keep
the first group leave one of its coordinates per orbit (`group_orbits`). On the all-on
65×65 board that is 45 million pairs of 4.4·10¹² combinations.

The groups come from the board: the connected pieces of the graph of A² over GF(2) (quiet
patterns are in the kernel of A², which on a rectangle splits into the four sublattices).

**The walk.** Pairs of two groups' coordinates go level by level in order of their two
sorted tables' sum, until that sum plus the other tables' minima (the floor) exceeds the
lightest weight found (the plan: `plan_split`). Each level is cut into compiled calls
(`lograph.core.kernels.pairs`) of about `_CHUNK_PAIRS` pairs on the orbit search's threads,
merged in block order, so the answer does not depend on the threads; the work's cancel hook,
its deadline (a time limit) and its progress report are served between levels.

**The board's symmetries on one group's coordinates.** A symmetry π (``x ↦ x[π]``) that
keeps the solution set and maps a group of buttons onto itself sends the solution with group
coordinates u to one whose coordinates depend on u alone: on the group, ``x[π]`` is x's own
values permuted. With α_i button i's coordinates and ``x_i = x₀_i ⊕ α_i·u``, the image u'
solves ``α_i·u' = α_{π(i)}·u ⊕ x₀_i ⊕ x₀_{π(i)}`` for every button of the group, an affine
map ``u' = N·u ⊕ t`` read off the buttons that carry the basis (α = e_j) and checked on all
the others.

So the solutions whose first coordinates lie in one orbit of these maps come in equal
batches: the search walks only the smallest u of each orbit and counts each optimal pair
once per member of the orbit (the orbit's size, the group's order over the number of maps
fixing u). Only the symmetries that map the group onto itself act (a subgroup): on a square
of odd side all 8 keep the even-even sublattice, so the search walks about an eighth of the
pairs; on an even side the reflections swap sublattices and fewer remain.

**When the split search cannot run: a proven floor and good starts.** The split search
tabulates each group's weights, one transform of 2^dim per group; past 24 dimensions (the
all-on 95×95 board's four sublattices span 30–32 of its 62, the 79×79 board's 32 each of its
64) the tables would take gigabytes. The groups still partition the buttons, so every
solution weighs at least the sum over the groups of the lightest their buttons can be, ``Σ_g
min_u W_g(u)``: each is a fewest-presses question of its own, of a group's dimension, which
the orbit search answers in about a second (95×95: 1,000 + 978 + 978 + 971 = 3,927, where
the covering bound proves 1,806). And two groups whose subspaces span everything fix a
solution from their two lightest parts: a start for the heuristic (4,167 presses on 95×95
against 4,179 from the symmetric start; 2,677 on 79×79 against 2,741). From there
`group_descent` takes exact steps: for each group, the lightest solution that keeps the
current one's presses on that group (the quiet patterns empty there, 30–32 dimensions on
95×95: the orbit search answers each in under a second), until no group's step is lighter
(95×95: 4,167 → 4,107).

Class keys are Python ints here, so nullities past 62 (the int64 keys of the searches) work.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.pairs import scan_pairs
from lograph.core.model.system import PressSystem
from lograph.core.optimize.quiet import (
    column_keys,
    nullspace,
    parity,
    reduce_by,
    span_coefficients,
    span_coordinates,
    transform_compiled,
)
from lograph.core.work import WORKERS, Work

__all__ = [
    "PAIRS_PER_LEAF",
    "GroupFloor",
    "GroupSolver",
    "SplitPlan",
    "SplitResult",
    "apply_linear",
    "bit_columns",
    "button_groups",
    "group_descent",
    "group_floor",
    "group_members",
    "group_orbits",
    "keeping_group",
    "plan_split",
    "split_search",
]


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
    (`lograph.core.optimize.quiet._symmetry.kept_permutations`), cut the first group's
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


#: Pairs per compiled call (a few milliseconds: the cancel hook is polled between calls).
_CHUNK_PAIRS = 1 << 21
_CANCELLED = "fewest-presses search cancelled"


@dataclass(frozen=True)
class SplitResult:
    """What the split search found: the lightest solution (None if it found none), its
    weight, a proven lower bound, how many solutions tie (when `complete`), pairs walked."""

    presses: NDArray[np.uint8] | None
    weight: int
    lower_bound: int
    ties: int
    complete: bool
    pairs: int


def split_search(
    plan: SplitPlan,
    x0: NDArray[np.uint8],
    work: Work | None = None,
) -> SplitResult:
    """Walk the pairs in order of their two tables' sum until the floor rules the rest out;
    the work's deadline, asked between levels, ends it with what it has proved."""
    work = work or Work()
    g1 = plan.groups[0].weights[plan.order1]
    g2 = plan.groups[1].weights[plan.order2]
    values1, starts1 = np.unique(g1, return_index=True)
    ends1 = np.append(starts1[1:], len(g1))
    values2, starts2 = np.unique(g2, return_index=True)
    ends2 = np.append(starts2[1:], len(g2))
    where2 = {int(v): (int(a), int(b)) for v, a, b in zip(values2, starts2, ends2, strict=True)}
    best, ties, at, walked = int(plan.ceiling) + 1, 0, (-1, -1), 0
    level = int(values1[0] + values2[0])
    with ThreadPoolExecutor(WORKERS) as pool:
        while level + plan.floor <= best:
            if work.past_deadline():
                found = plan.presses(x0, *at) if at[0] >= 0 else plan.lightest
                weight = best if at[0] >= 0 else plan.ceiling
                return SplitResult(found, weight, min(weight, level + plan.floor), 0, False, walked)
            blocks = _level_blocks(level, values1, starts1, ends1, where2)
            calls = [
                pool.submit(
                    scan_pairs, chunk, plan.first, plan.second, plan.tables, plan.multiplicity, best
                )
                for chunk in _chunks(blocks)
            ]
            for call in calls:  # in block order: the answer does not depend on the threads
                weight, count, i, j = call.result()
                if weight < best:
                    best, ties, at = weight, count, (i, j)
                elif weight == best:
                    ties += count
            walked += int(((blocks[:, 1] - blocks[:, 0]) * (blocks[:, 3] - blocks[:, 2])).sum())
            work.poll(_CANCELLED)
            work.report(min(walked, plan.needed), plan.needed)
            level += 1
    return SplitResult(plan.presses(x0, *at), best, best, ties, True, walked)


def _level_blocks(
    level: int,
    values1: NDArray[np.int64],
    starts1: NDArray[np.intp],
    ends1: NDArray[np.intp],
    where2: dict[int, tuple[int, int]],
) -> NDArray[np.int64]:
    """The blocks of pairs whose two sorted tables sum to `level`: rows i0, i1, j0, j1, s."""
    rows = [
        (int(a), int(b), *where2[level - int(v)], level)
        for v, a, b in zip(values1, starts1, ends1, strict=True)
        if level - int(v) in where2
    ]
    return np.asarray(rows, dtype=np.int64).reshape(-1, 5)


def _chunks(blocks: NDArray[np.int64]) -> list[NDArray[np.int64]]:
    """The blocks cut (along i) into calls of about `_CHUNK_PAIRS` pairs, in order."""
    pieces: list[tuple[int, int, int, int, int]] = []
    for i0, i1, j0, j1, s in blocks.tolist():
        step = max(1, _CHUNK_PAIRS // max(1, j1 - j0))
        pieces += [(i, min(i1, i + step), j0, j1, s) for i in range(i0, i1, step)]
    calls, size, current = [], 0, []
    for piece in pieces:
        current.append(piece)
        size += (piece[1] - piece[0]) * (piece[3] - piece[2])
        if size >= _CHUNK_PAIRS:
            calls.append(np.asarray(current, dtype=np.int64))
            current, size = [], 0
    if current:
        calls.append(np.asarray(current, dtype=np.int64))
    return calls


def apply_linear(columns: Sequence[int], values: NDArray[np.integer]) -> NDArray[np.int32]:
    """The linear map with these column images applied to each of `values`."""
    image = np.zeros(len(values), dtype=np.int32)
    for j, column in enumerate(columns):
        image ^= ((values >> j) & 1).astype(np.int32) * np.int32(column)
    return image


def bit_columns(rows: Sequence[int], width: int) -> list[int]:
    """The columns of a matrix over GF(2) given by its rows (bit j of row r is entry r, j):
    column j as an integer whose bit r is that entry."""
    return [sum(((row >> j) & 1) << r for r, row in enumerate(rows)) for j in range(width)]


def keeping_group(
    buttons: NDArray[np.intp], symmetries: Sequence[NDArray[np.intp]]
) -> list[NDArray[np.intp]]:
    """The symmetries that map the group onto itself (a subgroup of a group)."""
    kept = []
    for offered in symmetries:
        perm = np.asarray(offered, dtype=np.intp)
        inside = np.zeros(len(perm), dtype=np.bool_)
        inside[buttons] = True
        if inside[perm[buttons]].all():
            kept.append(perm)
    return kept


def _affine(
    buttons: NDArray[np.intp],
    coordinates: NDArray[np.int64],
    dim: int,
    x0: NDArray[np.uint8],
    perm: NDArray[np.intp],
) -> tuple[list[int], int] | None:
    """The map ``u ↦ N·u ⊕ t`` a symmetry that maps the group onto itself induces on the
    group's coordinates, as N's column images and t; None when the buttons disagree (the
    permutation does not keep the solution set)."""
    where = np.full(len(perm), -1, dtype=np.intp)
    where[buttons] = np.arange(len(buttons))
    images = where[perm[buttons]]  # position in the group of each button's image
    carriers = [int(np.flatnonzero(coordinates == 1 << j)[0]) for j in range(dim)]
    rows = [int(coordinates[images[b]]) for b in carriers]  # row j of N: α of π(carrier j)
    flips = x0[buttons].astype(np.int64) ^ x0[perm[buttons]].astype(np.int64)
    shift = sum(int(flips[b]) << j for j, b in enumerate(carriers))
    # every button: Σ_j α_ij·row_j = α_π(i) and α_i·t = x₀_i ⊕ x₀_π(i)
    combined = np.zeros(len(buttons), dtype=np.int64)
    for j, row in enumerate(rows):
        combined ^= ((coordinates >> j) & 1) * row
    if (combined != coordinates[images]).any() or (parity(coordinates & shift) != flips).any():
        return None
    return bit_columns(rows, dim), shift


def group_orbits(
    buttons: NDArray[np.intp],
    coordinates: NDArray[np.int64],
    dim: int,
    x0: NDArray[np.uint8],
    keeping: Sequence[NDArray[np.intp]],
    values: NDArray[np.integer],
) -> tuple[NDArray[np.bool_], NDArray[np.int64]] | None:
    """For each of `values` (coordinates of the group): whether it is the smallest of its
    orbit, and the orbit's size, under `keeping` (`keeping_group` of symmetries that keep the
    solution set and form a group with the identity,
    `lograph.core.optimize.quiet._symmetry.kept_permutations`); None when there are none or the
    buttons disagree with one."""
    maps = [_affine(buttons, coordinates, dim, x0, p) for p in keeping]
    if not maps or any(m is None for m in maps):
        return None
    smallest = np.ones(len(values), dtype=np.bool_)
    fixing = np.ones(len(values), dtype=np.int64)  # the identity fixes every u
    for found in maps:
        assert found is not None
        columns, shift = found
        image = apply_linear(columns, values) ^ np.int32(shift)
        smallest &= values <= image
        fixing += image == values
    return smallest, (len(maps) + 1) // fixing


#: Answers one group's question: (its quiet rows, its x₀) → (lightest part found, proven
#: lower bound on its weight). The caller passes its own search (no import cycle).
GroupSolver = Callable[[NDArray[np.uint8], NDArray[np.uint8]], tuple[NDArray[np.uint8], int]]


@dataclass(frozen=True)
class GroupFloor:
    """What the groups prove and suggest: ``lower`` bounds every solution's weight; each of
    `starts` is a solution (``x₀ ⊕ c·Q``) put together from two groups' lightest parts;
    `members` are the groups' buttons (for `group_descent`)."""

    lower: int
    starts: list[NDArray[np.uint8]]
    members: list[NDArray[np.intp]]


def group_floor(
    system: PressSystem,
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    solve_group: GroupSolver,
    largest: int,
) -> GroupFloor | None:
    """The groups' floor and starts, or None when the board has fewer than two groups or a
    group spans more than `largest` dimensions (or all of them: no smaller question)."""
    members = group_members(system)
    if len(members) < 2:
        return None
    keys = column_keys(quiet)
    k = len(quiet)
    parts: list[NDArray[np.uint8]] = []
    dims: list[int] = []
    lower = 0
    for buttons in members:
        basis, coordinates, _ = span_coordinates([keys[b] for b in buttons.tolist()])
        if len(basis) > largest or len(basis) >= k:
            return None
        dims.append(len(basis))
        if not basis:  # no quiet pattern touches the group: its presses are fixed
            parts.append(x0[buttons].copy())
            lower += int(x0[buttons].sum())
            continue
        coords = np.asarray(coordinates, dtype=np.int64)
        rows = ((coords[None, :] >> np.arange(len(basis))[:, None]) & 1).astype(np.uint8)
        part, bound = solve_group(rows, x0[buttons])
        parts.append(part)
        lower += bound
    pairs = [(a, b) for a, b in combinations(range(len(members)), 2) if dims[a] + dims[b] >= k]
    return GroupFloor(lower, _starts(quiet, x0, members, parts, pairs), members)


def _starts(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    members: list[NDArray[np.intp]],
    parts: list[NDArray[np.uint8]],
    pairs: list[tuple[int, int]],
) -> list[NDArray[np.uint8]]:
    """For each pair of groups (those whose dimensions could span everything), a solution
    agreeing with both groups' lightest parts when one exists."""
    starts = []
    for a, b in pairs:
        buttons = np.concatenate([members[a], members[b]])
        change = np.concatenate([parts[a], parts[b]]) ^ x0[buttons]
        combination = span_coefficients(quiet[:, buttons], change[None, :])
        if combination is None:  # no solution agrees with both parts
            continue
        flips = (combination.astype(np.int64) @ quiet.astype(np.int64)) % 2
        starts.append((x0 ^ flips[0].astype(np.uint8)).astype(np.uint8))
    return starts


def _gf2_product(a: NDArray[np.uint8], b: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """``a @ b`` over GF(2) through float32 BLAS: every sum is at most the inner size (the
    nullity, below 2^24), so exact; numpy's int64 product has no BLAS and took 31 s of the
    open 100×100 board's 35 (5,000 groups).

    >>> _gf2_product(np.array([[1, 1]], np.uint8), np.array([[1, 0], [1, 1]], np.uint8))
    array([[0, 1]], dtype=uint8)
    """
    product = a.astype(np.float32) @ b.astype(np.float32)
    return (product.astype(np.int64) & 1).astype(np.uint8)


def group_descent(
    members: list[NDArray[np.intp]],
    quiet: NDArray[np.uint8],
    x: NDArray[np.uint8],
    solve_group: GroupSolver,
    largest: int,
) -> NDArray[np.uint8]:
    """A solution at most as heavy as `x`, from exact steps over the quiet patterns empty on
    one group at a time (those that span at most `largest` dimensions), repeated until no
    step is lighter (each lighter step lowers the weight, so this ends)."""
    slices = []  # each group's patterns, found once for every round
    for buttons in members:
        kept = nullspace(quiet[:, buttons].T)  # combinations empty on the group
        if 0 < len(kept) <= largest:
            slices.append(_gf2_product(kept, quiet))
    best = x
    improved = True
    while improved:
        improved = False
        for rows in slices:
            found, _ = solve_group(rows, best)
            if int(found.sum()) < int(best.sum()):
                best, improved = found, True
    return best
