"""Fewest presses over GF(2) beyond one transform: the symmetric basis and the leaf search.

`plan_frontier` picks the leaf size, checks which offered symmetries keep the solution set,
changes the quiet basis so that they keep the leaves (`lograph.core.optimize.quiet._symmetry`)
and counts the leaves; `FrontierPlan.search` runs the orbit search (`orbit_search`).

**The orbit search: one transform per prefix, one prefix per orbit of the board's
symmetries.** Write the combination as ``c = (prefix, b)``: the high ``k − low`` bits and
the low bits. The weights of the ``2^low`` solutions of one prefix (a *leaf*) come from one
Walsh–Hadamard transform (`lograph.core.kernels.leaf_wht`). With a basis whose low
coordinates span a subspace the symmetries keep (`lograph.core.optimize.quiet._symmetry`),
every symmetry maps a leaf onto a leaf with the same weights, acting on prefixes by ``a ↦
a·M_hh ⊕ t_h``: only the smallest prefix of each orbit is transformed, and its optimal
solutions count once per leaf of the orbit. A square board has 8 symmetries, so about 8
times fewer leaves.

A leaf that cannot reach the best weight so far is not counted (its transform's last pass
keeps only the maximum). When the leaf budget runs out, the prefixes not yet visited hold at
least the *root bound* ``Σ_v min(n0_v, n1_v)`` over the classes v (each class's buttons
move together), so the result carries that proven lower bound with the best solution found.

"""

from __future__ import annotations

import queue
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.optimize.quiet import (
    Action,
    coset_actions,
    invariant_basis,
    parity,
    quiet_classes,
)
from lograph.core.work import WORKERS, Work

__all__ = [
    "BRANCH_NODE_LIMIT",
    "COUNTED_PREFIXES",
    "LEAF_BITS",
    "BranchResult",
    "FrontierPlan",
    "PrefixMaps",
    "leaf_budget",
    "orbit_count",
    "orbit_search",
    "plan_frontier",
    "prefix_maps",
    "root_bound",
]


#: Leaves (transforms of 2^18, one per orbit of the board's symmetries) a search may take by
#: default, about a minute and a half on two cores (some 30 µs a leaf); the split search
#: counts `PAIRS_PER_LEAF` pairs as one (all-on 65×65: 10,899; its orbit search: 2,122,816).
BRANCH_NODE_LIMIT = 3 << 20


def leaf_budget(work: Work) -> int:
    """The leaves a search may take: `Work.leaves`, else `BRANCH_NODE_LIMIT`."""
    return BRANCH_NODE_LIMIT if work.leaves is None else work.leaves


#: Prefixes walked to count the leaves a search needs when Burnside's count does not apply,
#: even beyond the budget (the answer then says how many an exact search would take): 2^20
#: take well under a second.
COUNTED_PREFIXES = 1 << 20


@dataclass(frozen=True)
class FrontierPlan:
    """The search's set-up: classes in the symmetric basis, prefix maps and leaf count.

    `leaves` is how many transforms a complete search needs, or None when that is more than
    the budget the plan was made for; `needed` is that count whenever it was taken (also
    beyond the budget: by Burnside's lemma, or by walking up to `COUNTED_PREFIXES`
    prefixes), else None.
    """

    keys: NDArray[np.int64]
    k: int
    low: int
    maps: PrefixMaps
    leaves: int | None
    symmetries: int
    needed: int | None = None

    def search(
        self,
        x0: NDArray[np.uint8],
        *,
        incumbent: int | None,
        work: Work,
    ) -> BranchResult:
        """Run the orbit search (see `lograph.core.optimize.fewest._gf2_orbits.orbit_search`)
        within the work's leaves."""
        return orbit_search(
            self.keys,
            self.k,
            x0,
            self.maps,
            low=self.low,
            incumbent=incumbent,
            work=work,
            leaves_total=self.needed,
        )

    def presses(self, x0: NDArray[np.uint8], combination: int) -> NDArray[np.uint8]:
        """The solution of a combination (in this plan's basis)."""
        return (x0.astype(np.int64) ^ parity(self.keys & combination)).astype(np.uint8)


def plan_frontier(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]],
    work: Work,
) -> FrontierPlan:
    """Set the search up for the work's leaves (`leaf_budget`); symmetries that do not keep
    ``x0 + span(quiet)`` are ignored."""
    budget = leaf_budget(work)
    k = len(quiet)
    low = min(k, LEAF_BITS)
    perms = list(symmetries)
    actions = coset_actions(quiet, x0, perms) if perms and low < k else []
    if actions:
        basis, low = invariant_basis(actions, k, k - low)
        quiet = ((basis.astype(np.int64) @ quiet.astype(np.int64)) % 2).astype(np.uint8)
        actions = coset_actions(quiet, x0, perms)
        if any(m[:low, low:].any() for m, _ in actions):  # not kept after all: no symmetry
            actions = []
    maps = prefix_maps(actions, low)
    high = k - low
    group = len(actions) + 1
    needed = orbit_count(maps, high) if budget > 0 else None
    # not a group (Burnside does not apply): walk the prefixes while that is quick, or while
    # the orbits, of at most `group` prefixes each, could still fit the budget
    walk = (1 << high) <= max(budget * group, COUNTED_PREFIXES)
    if needed is None and budget > 0 and walk:
        needed = count_leaves(maps, high, work)
    leaves = needed if needed is not None and needed <= budget else None
    return FrontierPlan(quiet_classes(quiet), k, low, maps, leaves, group, needed)


#: Low bits solved by one transform per leaf (2^18 int16: 512 KB, the second-level cache).
LEAF_BITS = 18
#: Prefixes whose images are computed at once.
_CHUNK_BITS = 14
#: A compiled call transforms leaves worth about 2^this solutions (a few milliseconds) …
_BATCH_BITS = 24
#: … and at most this many leaves (small leaves: the cancel hook is still polled often) …
_BATCH_LEAVES = 64
#: … and this many calls wait queued for the threads.
_AHEAD = 2 * WORKERS
_CANCELLED = "fewest-presses search cancelled"


@dataclass(frozen=True)
class PrefixMaps:
    """The symmetries acting on prefixes: ``a ↦ shift ⊕ XOR of rows[j] over bits j of a``."""

    rows: NDArray[np.int64]  # (maps, k − low)
    shifts: NDArray[np.int64]  # (maps,)


def _as_integers(bits: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Each row of 0/1 values read as a number (column j: bit j)."""
    weights = np.left_shift(np.int64(1), np.arange(bits.shape[-1], dtype=np.int64))
    values: NDArray[np.int64] = (bits.astype(np.int64) * weights).sum(axis=-1)
    return values


def prefix_maps(actions: list[Action], low: int) -> PrefixMaps:
    """How the actions (in a basis whose low coordinates they keep) move prefixes."""
    if not actions:
        return PrefixMaps(np.zeros((0, 0), dtype=np.int64), np.zeros(0, dtype=np.int64))
    rows = np.stack([_as_integers(m[low:, low:]) for m, _ in actions])
    shifts = np.array([int(_as_integers(t[low:])) for _, t in actions], dtype=np.int64)
    return PrefixMaps(rows, shifts)


def _offset_images(maps: PrefixMaps, count: int) -> NDArray[np.int64]:
    """``XOR of rows[j] over the bits j of o`` for every offset ``o < count`` (a power of two)
    and map: (maps, count). A chunk of prefixes then costs one XOR per image."""
    table = np.zeros((maps.rows.shape[0], count), dtype=np.int64)
    j = 0
    while 1 << j < count and len(table):
        table[:, 1 << j : 2 << j] = table[:, : 1 << j] ^ maps.rows[:, j : j + 1]
        j += 1
    return table


def _images(maps: PrefixMaps, offsets: NDArray[np.int64], start: int) -> NDArray[np.int64]:
    """Images under every map of the prefixes ``start + o`` (`offsets` from `_offset_images`,
    `start` a multiple of their count): (maps, count)."""
    base = maps.shifts.copy()
    for j in range(maps.rows.shape[1]):
        if start >> j & 1:
            base ^= maps.rows[:, j]
    return offsets ^ base[:, None]


def root_bound(keys: NDArray[np.int64], x0: NDArray[np.uint8]) -> int:
    """``Σ_v min(n0_v, n1_v)``: a proven lower bound on every solution's weight."""
    _, inverse = np.unique(keys, return_inverse=True)
    pressed = np.bincount(inverse.ravel(), x0.astype(np.int64))
    total = np.bincount(inverse.ravel())
    return int(np.minimum(pressed, total - pressed).sum())


def _representatives(
    maps: PrefixMaps, offsets: NDArray[np.int64], start: int
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The prefixes of the chunk at `start` (as many as `offsets` has columns) that are
    smallest in their orbit, and each orbit's size."""
    count = offsets.shape[1]
    prefixes = np.arange(start, start + count, dtype=np.int64)
    if maps.rows.shape[0] == 0:
        return prefixes, np.ones(count, dtype=np.int64)
    images = _images(maps, offsets, start)
    smallest = images.min(axis=0) >= prefixes
    ordered = np.sort(np.vstack([prefixes[None, smallest], images[:, smallest]]), axis=0)
    sizes = 1 + np.count_nonzero(np.diff(ordered, axis=0), axis=0)
    return prefixes[smallest], sizes.astype(np.int64)


def count_leaves(maps: PrefixMaps, high: int, work: Work | None = None) -> int:
    """How many leaves (orbit representatives) the search transforms at most."""
    work = work or Work()
    total, offsets = 0, _offset_images(maps, 1 << min(high, _CHUNK_BITS))
    for start in range(0, 1 << high, offsets.shape[1]):
        work.poll(_CANCELLED)
        total += len(_representatives(maps, offsets, start)[0])
    return total


def _apply(rows: Sequence[int], shift: int, prefix: int) -> int:
    image, j = shift, 0
    while prefix >> j:
        if prefix >> j & 1:
            image ^= rows[j]
        j += 1
    return image


def _fixed_points(rows: Sequence[int], shift: int) -> int:
    """How many prefixes a satisfy ``a ↦ a``: ``XOR_{j ∈ a} (rows[j] ⊕ 2^j) = shift``, a
    linear system over GF(2) with 0 or ``2^(width − rank)`` solutions."""
    pivots: dict[int, int] = {}  # highest bit -> reduced vector
    for j, row in enumerate(rows):
        vector = row ^ (1 << j)
        while vector and vector.bit_length() in pivots:
            vector ^= pivots[vector.bit_length()]
        if vector:
            pivots[vector.bit_length()] = vector
    while shift and shift.bit_length() in pivots:
        shift ^= pivots[shift.bit_length()]
    return 0 if shift else 1 << (len(rows) - len(pivots))


def orbit_count(maps: PrefixMaps, high: int) -> int | None:
    """How many leaves a complete search transforms (one per orbit of prefixes), by
    Burnside's lemma: the average number of prefixes each map of the group fixes. Instant
    at any width; None when the maps and the identity are not closed under composition
    (then only walking the prefixes, `count_leaves`, counts them)."""
    if maps.rows.shape[0] == 0:
        return 1 << high
    width = maps.rows.shape[1]
    pairs = zip(maps.rows.tolist(), maps.shifts.tolist(), strict=True)
    group = {(tuple(r), int(t)) for r, t in pairs}
    group.add((tuple(1 << j for j in range(width)), 0))
    for first_rows, first_shift in group:
        for rows, shift in group:  # first, then the other: a ↦ (a·M₁ ⊕ t₁)·M₂ ⊕ t₂
            composed = tuple(_apply(rows, 0, r) for r in first_rows)
            if (composed, _apply(rows, shift, first_shift)) not in group:
                return None
    fixed = sum(_fixed_points(rows, shift) for rows, shift in group)
    return fixed // len(group)


def orbit_search(
    keys: NDArray[np.int64],
    k: int,
    x0: NDArray[np.uint8],
    maps: PrefixMaps,
    *,
    low: int,
    incumbent: int | None = None,
    work: Work | None = None,
    leaves_total: int | None = None,
) -> BranchResult:
    """The lightest vector of ``x0 ⊕ span`` (classes `keys`, low bits `low`), searching one
    leaf per orbit of `maps`; at most the work's leaves (`leaf_budget`) are transformed
    (then bounds, not `complete`).

    `incumbent`, the weight of a known solution, lets the leaves skip what cannot match it
    (a complete search still finds and counts the optimum itself); `combination` is −1 when
    a stopped search found nothing as light as `incumbent`; `nodes` counts the
    leaves transformed; `ties` counts every optimal combination when `complete`. Leaves run
    on `WORKERS` threads (the kernel releases the GIL); results are merged in prefix order,
    so the answer does not depend on the threads. Progress counts leaves of `leaves_total`
    when given (the orbit count), else prefixes: the first prefixes hold more of the orbits'
    smallest members, so prefixes run ahead of the work slowly at first. The work's deadline,
    asked before each call is queued, ends the search early like the leaf budget.
    """
    work = work or Work()
    n, high = len(keys), k - low
    leaves = _Leaves(keys, x0, low, -n - 1 if incumbent is None else n - 2 * incumbent)
    batches = _Batches(maps, high, low, leaf_budget(work), work)
    waiting: deque[tuple[Future[_Found], int]] = deque()
    with ThreadPoolExecutor(WORKERS) as pool:
        try:  # a few calls queued ahead: the threads never wait for the next prefixes
            for batch, reached in batches:
                waiting.append((pool.submit(leaves.scan, batch), reached))
                if len(waiting) > _AHEAD:
                    _merge_first(waiting, leaves, work, 1 << high, leaves_total)
            while waiting:
                _merge_first(waiting, leaves, work, 1 << high, leaves_total)
        except BaseException:  # cancelled (or failed): drop the queued calls
            for future, _ in waiting:
                future.cancel()
            raise
    stopped, done = batches.stopped, leaves.done
    weight = (n - leaves.best_h) // 2
    lower = weight if not stopped else min(weight, root_bound(keys, x0))
    return BranchResult(leaves.best_c, weight, lower, leaves.ties, not stopped, done)


_Batch = tuple[NDArray[np.int64], NDArray[np.int64]]  # prefixes, their orbits' sizes
_Found = tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]


class _Batches:
    """The representatives of the orbits in prefix order, a batch per compiled call, each
    with how far through the prefixes it reaches; stops at `leaf_limit` leaves or past the
    work's deadline (`stopped`)."""

    def __init__(
        self,
        maps: PrefixMaps,
        high: int,
        low: int,
        leaf_limit: int,
        work: Work,
    ) -> None:
        self.maps, self.high, self.leaf_limit, self.work = maps, high, leaf_limit, work
        self.size = max(1, min(_BATCH_LEAVES, 1 << max(0, _BATCH_BITS - low)))
        self.stopped = False

    def __iter__(self) -> Iterator[tuple[_Batch, int]]:
        done, offsets = 0, _offset_images(self.maps, 1 << min(self.high, _CHUNK_BITS))
        step = offsets.shape[1]
        for start in range(0, 1 << self.high, step):
            prefixes, sizes = _representatives(self.maps, offsets, start)
            if done + len(prefixes) > self.leaf_limit:
                keep = self.leaf_limit - done
                prefixes, sizes, self.stopped = prefixes[:keep], sizes[:keep], True
            done += len(prefixes)
            for i in range(0, len(prefixes), self.size):
                if self.work.past_deadline():
                    self.stopped = True
                    return
                end = min(len(prefixes), i + self.size)
                reached = start + step if end == len(prefixes) else int(prefixes[end])
                yield (prefixes[i:end], sizes[i:end]), reached
            if self.stopped:
                return


def _merge_first(
    waiting: deque[tuple[Future[_Found], int]],
    leaves: _Leaves,
    work: Work,
    prefixes: int,
    leaves_total: int | None,
) -> None:
    """Fold in the oldest queued call's leaves (in prefix order: the answer does not depend
    on the threads), then poll the work and report how far it is."""
    future, reached = waiting.popleft()
    leaves.merge(*future.result())
    work.poll(_CANCELLED)
    if leaves_total:
        work.report(min(leaves.done, leaves_total), leaves_total)
    else:
        work.report(min(reached, prefixes), prefixes)


class _Leaves:
    """Leaves transformed a batch per call on scratch arrays shared by the threads, and the
    merged best.

    `floor` (from a known solution's weight) lets the kernel skip whatever cannot reach it;
    the best starts below every leaf, so the answer is always one the search found itself.
    """

    def __init__(self, keys: NDArray[np.int64], x0: NDArray[np.uint8], low: int, floor: int):
        from lograph.core.kernels.leaf_layout import leaf_layout

        self.low, self.floor = low, floor
        self.layout = leaf_layout(keys, x0, low)
        self.scratch: queue.SimpleQueue[
            tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any]]
        ] = queue.SimpleQueue()
        for _ in range(WORKERS):
            self.scratch.put(self.layout.scratch())
        self.best_h, self.best_c, self.ties = -len(keys) - 1, -1, 0
        self.done = 0  # leaves merged

    def scan(self, batch: _Batch) -> _Found:
        """(maximum, count, smallest b) of each leaf of a batch of (prefixes, orbit sizes);
        where = −1 for a leaf that cannot reach the floor."""
        from lograph.core.kernels.leaf_wht import leaf_batch

        prefixes, sizes = batch
        out = np.zeros((len(prefixes), 3), dtype=np.int64)
        scratch = self.scratch.get()
        floor = max(self.best_h, self.floor)
        layout = self.layout
        try:
            leaf_batch(layout.arrays(), prefixes, self.low, scratch, floor, out)
        finally:
            self.scratch.put(scratch)
        return prefixes, sizes, out

    def merge(
        self, prefixes: NDArray[np.int64], sizes: NDArray[np.int64], out: NDArray[np.int64]
    ) -> None:
        """Fold a batch in, in prefix order, so that the answer does not depend on the threads
        (each optimal leaf counts once per prefix of its orbit)."""
        self.done += len(prefixes)
        reached = out[:, 2] >= 0  # the others are below the floor: neither best nor tie
        if not reached.any():
            return
        top = int(out[reached, 0].max())
        if top < self.best_h:
            return
        optimal = reached & (out[:, 0] == top)
        ties = int((out[optimal, 1] * sizes[optimal]).sum())
        if top > self.best_h:
            first = int(np.argmax(optimal))
            where = self.layout.original(int(out[first, 2]))
            self.best_h, self.best_c, self.ties = top, (int(prefixes[first]) << self.low) | where, 0
        self.ties += ties


@dataclass(frozen=True)
class BranchResult:
    """What the search proved: the best combination, its weight, and a lower bound.

    The weight is proven minimal when ``lower_bound == weight``; `complete` says no node was
    left open, so that `ties` counts every optimal combination.
    """

    combination: int
    weight: int
    lower_bound: int
    ties: int
    complete: bool
    nodes: int
