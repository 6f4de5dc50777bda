"""The two table searches cut into independent pieces, each a pure function of its plan and
its number, so that any machine can run any piece and the answers combine exactly.

**A075464 (fewest presses to all on), the orbit search by prefix ranges.** Every all-on
solution is ``x₀ ⊕ c·Q``; lograph's orbit search (`lograph.core.optimize.fewest._gf2_orbits`)
splits c into a prefix (the high ``k − low`` coordinates) and ``low`` coordinates whose
``2^low`` weights one transform gives (a *leaf*), in a basis whose low coordinates the
board's symmetries keep, and transforms only the smallest prefix of each orbit. Piece i of
``P`` (a power of two) takes the prefixes ``[i·2^high/P, (i+1)·2^high/P)``: it transforms
the orbit representatives among them and reports its lightest weight, a combination reaching
it and its optimal solutions (each optimal leaf counted once per prefix of its orbit). The
pieces partition the prefixes, so the lightest of their weights is the answer and the sum
of their ties at that weight is the number of optimal solutions, whatever machine ran
which. The plan's `leaves` (Burnside's count, `orbit_count`) is how many leaves the whole
search transforms: the search's own count of its space.

**God's number, the spectrum search by fixed first values.** lograph's spectrum search
(`lograph.core.optimize.worst._gf2_spectrum`) decides whether some position needs at least
w presses by a depth-first search over ``y_v = m_v − 2t_v``, one value per class (a
*point*), in a fixed order. Piece i fixes the values of the first `fixed` points (its
digits in the mixed radix of their numbers of values) and searches the subtree below them
with the same compiled kernel (`lograph.core.kernels.spectrum`): a point whose range is one
value is exactly that branch of the whole tree, and the pruning bounds, computed from the
multiplicities, hold in every branch. The pieces partition the tree's leaves, so "no
position needs w" is proven exactly when every piece says no; a piece that says yes gives
such a position. Asked for w = a known position's count + 1, every piece saying no proves
God's number.

Everything here is shipped to Dask workers by value (`tools/tables/cluster.py`), so it
imports only lograph and numpy and returns plain dicts (what the journal stores).
"""

from __future__ import annotations

import hashlib
import math
import sys
import time
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest._gf2 import BRANCH_NULLITY_LIMIT
from lograph.core.optimize.fewest._gf2_orbits import (
    _CHUNK_BITS,
    LEAF_BITS,
    PrefixMaps,
    _Leaves,
    _offset_images,
    _representatives,
    orbit_count,
    prefix_maps,
)
from lograph.core.optimize.quiet import (
    coset_actions,
    dihedral_candidates,
    fewest_by_classes,
    invariant_basis,
    parity,
    pressing_counts,
    quiet_classes,
)
from lograph.core.optimize.worst._gf2_spectrum import (
    SPECTRUM_EXACT_NULLITY,
    SPECTRUM_NULLITY_LIMIT,
    _Points,
    _points,
    _signs,
)
from lograph.core.solve import prepare, solve

#: Leaves per call of the leaf kernel inside a piece (as the orbit search batches them).
_LEAF_BATCH = 16
#: Transform updates per call of the spectrum kernel (it keeps its state between calls): under
#: a millisecond, so that a piece's work is counted to within that.
_SLICE = 1 << 20


def _digest(*parts: object) -> str:
    """SHA-256 of the arrays and numbers that make a plan: a journal resumes only the plan
    it was written for."""
    h = hashlib.sha256()
    for part in parts:
        if isinstance(part, np.ndarray):
            h.update(str(part.dtype).encode() + str(part.shape).encode())
            h.update(np.ascontiguousarray(part).tobytes())
        else:
            h.update(repr(part).encode())
        h.update(b"|")
    return h.hexdigest()


def _quiet_and_x0(n: int) -> tuple[NDArray[np.uint8], NDArray[np.uint8], Any]:
    """The n×n board's quiet basis (rows), one all-on solution and its press system."""
    board = rectangle(n, n)
    solver = prepare(board)
    analysis = solver.analysis
    quiet = np.asarray(analysis.quiet, dtype=np.uint8).reshape(analysis.nullity, analysis.n)
    x0 = np.asarray(solve(board, goal="on", solver=solver).presses, dtype=np.uint8)
    return quiet, x0, solver.system


# ---------------------------------------------------------------------------------------
# A075464: leaves of the orbit search, by ranges of prefixes


@dataclass(frozen=True)
class LeafPlan:
    """The orbit search of the all-on n×n board, cut into `pieces` ranges of prefixes.

    `keys` (each button's class in the symmetric basis) is None past
    `BRANCH_NULLITY_LIMIT`, where classes no longer fit the kernel's 64-bit words: such a
    plan counts its leaves but cannot run.
    """

    n: int
    k: int
    low: int
    x0: NDArray[np.uint8]
    keys: NDArray[np.int64] | None
    rows: NDArray[np.int64]
    shifts: NDArray[np.int64]
    pieces: int
    leaves: int | None  # leaves of the whole search (Burnside), None when not a group
    symmetries: int

    @property
    def high(self) -> int:
        return self.k - self.low

    @property
    def elements(self) -> int | None:
        """Solutions whose weights the whole search computes (a leaf is 2^low of them)."""
        return None if self.leaves is None else self.leaves << self.low

    def digest(self) -> str:
        keys = np.zeros(0, dtype=np.int64) if self.keys is None else self.keys
        return _digest(self.n, self.k, self.low, self.pieces, self.x0, keys, self.rows, self.shifts)

    def prefixes(self, piece: int) -> tuple[int, int]:
        """The prefixes ``[start, stop)`` of piece `piece`."""
        size = (1 << self.high) // self.pieces
        return piece * size, (piece + 1) * size

    def presses(self, combination: int) -> NDArray[np.uint8]:
        """The solution of a combination (in this plan's basis)."""
        assert self.keys is not None
        return (self.x0.astype(np.int64) ^ parity(self.keys & combination)).astype(np.uint8)


def leaf_plan(n: int, pieces: int, low: int = LEAF_BITS) -> LeafPlan:
    """Plan the orbit search of the all-on n×n board (leaves of 2^low solutions, fewer when
    the basis needs) in `pieces` ranges (a power of two, at most the number of prefixes)."""
    if pieces < 1 or pieces & (pieces - 1):
        raise ValueError(f"pieces must be a power of two, not {pieces}")
    quiet, x0, system = _quiet_and_x0(n)
    k = len(quiet)
    if k == 0:
        raise ValueError(f"the {n}×{n} board has one solution: nothing to search")
    low = min(k, low)
    perms = dihedral_candidates(system.positions)
    actions = coset_actions(quiet, x0, perms) if low < k else []
    if actions:
        basis, low = invariant_basis(actions, k, k - low)
        quiet = ((basis.astype(np.int64) @ quiet.astype(np.int64)) % 2).astype(np.uint8)
        actions = coset_actions(quiet, x0, perms)
        if any(m[:low, low:].any() for m, _ in actions):  # not kept after all
            actions = []
    maps = prefix_maps(actions, low)
    high = k - low
    if pieces > 1 << high:
        raise ValueError(f"{pieces} pieces: the {n}×{n} search has only {1 << high} prefixes")
    keys = quiet_classes(quiet) if k <= BRANCH_NULLITY_LIMIT else None
    leaves = orbit_count(maps, high)
    return LeafPlan(n, k, low, x0, keys, maps.rows, maps.shifts, pieces, leaves, len(actions) + 1)


def _layouts() -> dict[str, _Leaves]:
    """The leaf layout of the last plan this process ran (its buttons sorted by slot once,
    about 10 ms on 119×119): a worker runs many pieces of one plan. Kept on `sys`, not in
    this module: a Dask worker gets a fresh by-value copy of this module with every task."""
    cache: dict[str, _Leaves] = sys.__dict__.setdefault("_lograph_table_leaf_layouts", {})
    return cache


def _leaves_for(plan: LeafPlan, floor: int) -> _Leaves:
    key = plan.digest()
    layouts = _layouts()
    leaves = layouts.get(key)
    if leaves is None:
        assert plan.keys is not None
        layouts.clear()
        leaves = layouts[key] = _Leaves(plan.keys, plan.x0, plan.low, floor)
    leaves.floor = floor
    leaves.best_h, leaves.best_c, leaves.ties, leaves.done = -len(plan.x0) - 1, -1, 0, 0
    return leaves


def leaf_piece(plan: LeafPlan, incumbent: int | None, piece: int) -> dict[str, Any]:
    """Run piece `piece`: its lightest weight (None when nothing in it is as light as
    `incumbent`, a known solution's weight), a combination reaching it, its optimal
    solutions, and the leaves it transformed."""
    if plan.keys is None:
        raise ValueError(f"the {plan.n}×{plan.n} plan counts leaves only (nullity {plan.k})")
    started, cpu = time.monotonic(), time.process_time()
    n = len(plan.x0)
    leaves = _leaves_for(plan, -n - 1 if incumbent is None else n - 2 * incumbent)
    maps = PrefixMaps(plan.rows, plan.shifts)
    start, stop = plan.prefixes(piece)
    chunk = min(stop - start, 1 << _CHUNK_BITS)
    offsets = _offset_images(maps, chunk)
    for at in range(start, stop, chunk):
        prefixes, sizes = _representatives(maps, offsets, at)
        for i in range(0, len(prefixes), _LEAF_BATCH):
            batch = (prefixes[i : i + _LEAF_BATCH], sizes[i : i + _LEAF_BATCH])
            leaves.merge(*leaves.scan(batch))
    found = leaves.best_c >= 0
    return {
        "piece": piece,
        "weight": (n - leaves.best_h) // 2 if found else None,
        "combination": leaves.best_c if found else None,
        "ties": leaves.ties if found else 0,
        "work": leaves.done,
        "seconds": round(time.monotonic() - started, 4),
        "cpu": round(time.process_time() - cpu, 4),
    }


def combine_leaves(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The whole search's answer from its pieces' (all of them): the lightest weight, the
    first piece's combination reaching it, and the optimal solutions summed over pieces."""
    weights = [r["weight"] for r in results if r["weight"] is not None]
    if not weights:
        return {"weight": None, "combination": None, "ties": 0}
    best = min(weights)
    first = min((r for r in results if r["weight"] == best), key=lambda r: r["piece"])
    ties = sum(r["ties"] for r in results if r["weight"] == best)
    return {"weight": best, "combination": first["combination"], "ties": ties}


# ---------------------------------------------------------------------------------------
# God's number: subtrees of the spectrum search, by the values of its first points


@dataclass(frozen=True)
class SpectrumPlan:
    """Does some position of the n×n board need at least `presses` presses? The spectrum
    search's question, its tree cut at the first `fixed` points into `pieces` subtrees.

    `classes` and `counts` are the nonzero quiet classes and their sizes; `m0` the buttons
    in no quiet pattern. The order of the points is the search's default basis, the same
    on every machine."""

    n: int
    k: int
    presses: int
    keys: NDArray[np.int64]
    classes: NDArray[np.int64]
    counts: NDArray[np.int64]
    m0: int
    fixed: int
    radices: tuple[int, ...]

    @property
    def bound(self) -> int:
        """The search's bound on ``max ŷ``: ``2·(average weight) − 2·presses``."""
        return len(self.keys) + self.m0 - 2 * self.presses

    @property
    def pieces(self) -> int:
        return math.prod(self.radices)

    def digest(self) -> str:
        return _digest(self.n, self.k, self.presses, self.keys, self.fixed, self.radices)

    def points(self) -> _Points:
        return _points(self.classes, self.counts, self.k)


def _ranges(points: _Points) -> NDArray[np.int64]:
    """How many values each point takes: from `low` to `m` in steps of 2."""
    return (points.m - points.low) // 2 + 1


def spectrum_plan(n: int, presses: int, pieces: int) -> SpectrumPlan:
    """Plan the question "does a position need at least `presses`?" for the n×n board in at
    least `pieces` subtrees (the fewest first points whose values number that many)."""
    quiet, _, _ = _quiet_and_x0(n)
    k = len(quiet)
    if k == 0:
        raise ValueError(f"the {n}×{n} board has one solution a position: God's number is {n * n}")
    if k > SPECTRUM_NULLITY_LIMIT:
        raise ValueError(
            f"the {n}×{n} board has nullity {k}: a node of the spectrum search updates 2^{k} "
            "values, past its limit of nullity "
            f"{SPECTRUM_NULLITY_LIMIT}"
        )
    keys = quiet_classes(quiet)
    classes, counts = np.unique(keys, return_counts=True)
    m0 = int(counts[classes == 0].sum())
    classes, counts = classes[classes != 0], counts[classes != 0]
    ranges = _ranges(_points(classes, counts, k))
    fixed, total = 0, 1
    while total < pieces and fixed < len(ranges):
        total *= int(ranges[fixed])
        fixed += 1
    radices = tuple(int(r) for r in ranges[:fixed])
    return SpectrumPlan(n, k, presses, keys, classes, counts, m0, fixed, radices)


def search_space(plan: SpectrumPlan) -> int:
    """The number of leaves of the whole spectrum tree before pruning: the product of every
    point's number of values (each node costs up to 2^k transform updates)."""
    return math.prod(int(r) for r in _ranges(plan.points()))


def _piece_points(plan: SpectrumPlan, piece: int) -> tuple[_Points, list[int]]:
    """The points with the first `fixed` of them held to piece `piece`'s values."""
    points = plan.points()
    low, m = points.low.copy(), points.m.copy()
    values, rest = [], piece
    for j in range(plan.fixed - 1, -1, -1):  # the last fixed point is the lowest digit
        rest, digit = divmod(rest, plan.radices[j])
        values.append(int(points.low[j]) + 2 * digit)
    values.reverse()
    for j, value in enumerate(values):
        low[j] = m[j] = value
    return replace(points, low=low, m=m), values


def spectrum_piece(plan: SpectrumPlan, piece: int) -> dict[str, Any]:
    """Search piece `piece`'s subtree: ``found`` (with the pressed buttons of each class of
    a position that needs at least `plan.presses`) or not, and the transform updates it
    spent."""
    from lograph.core.kernels.spectrum import spectrum_search

    started, cpu = time.monotonic(), time.process_time()
    points, _ = _piece_points(plan, piece)
    k = plan.k
    signs = _signs(k)
    values = np.zeros(len(points.order), dtype=np.int64)
    transform = np.zeros(1 << k, dtype=np.int32)
    row = np.zeros(1 << k, dtype=np.int32)
    families = np.zeros((k + 2) << (k + 1) if points.prefix_checks else 1, dtype=np.int32)
    scratch = np.zeros(1 << k, dtype=np.int32)
    cursor = np.array([0, 1] + [-1] * (k + 2), dtype=np.int64)
    arrays = (points.order, points.m, points.low, points.remaining, points.span, points.inside)
    calls, status = 0, -1
    while status == -1:
        status = spectrum_search(
            arrays, signs, values, (transform, families, row, scratch), cursor, plan.bound, _SLICE
        )
        calls += 1
    original = plan.points()
    found = status == 1
    return {
        "piece": piece,
        "found": found,
        # the pressed buttons of each class (in the plan's point order) of the position found
        "pressed": ((original.m - values) // 2).tolist() if found else None,
        # transform updates, in whole slices: at most this many (and one node more)
        "work": calls * _SLICE,
        "seconds": round(time.monotonic() - started, 4),
        "cpu": round(time.process_time() - cpu, 4),
    }


def position_of(plan: SpectrumPlan, pressed: list[int]) -> tuple[NDArray[np.uint8], int]:
    """The press set of a found piece's position and its fewest presses (scored again by
    one transform over all its solutions)."""
    points = plan.points()
    t = np.asarray(pressed, dtype=np.int64)
    by_class = np.argsort(points.keys)
    presses = pressing_counts(plan.keys, points.keys[by_class], t[by_class])
    _, weight, _ = fewest_by_classes(plan.keys, plan.k, presses)
    return presses, weight


def combine_spectrum(plan: SpectrumPlan, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The question's answer from all its pieces': the first piece that found a position
    (its fewest presses scored again), or none: no position needs `plan.presses`."""
    found = sorted((r for r in results if r["found"]), key=lambda r: r["piece"])
    if not found:
        return {"found": False, "piece": None, "worst": None}
    _, weight = position_of(plan, found[0]["pressed"])
    return {"found": True, "piece": found[0]["piece"], "worst": weight}


__all__ = [
    "SPECTRUM_EXACT_NULLITY",
    "LeafPlan",
    "SpectrumPlan",
    "combine_leaves",
    "combine_spectrum",
    "leaf_piece",
    "leaf_plan",
    "position_of",
    "search_space",
    "spectrum_piece",
    "spectrum_plan",
]
