"""The fewest-presses heuristic: large-neighbourhood descent over blocks of quiet patterns,
each block minimised exactly by one transform (Walsh–Hadamard over GF(2), an FFT over the
block's group over GF(p)), and the exact enumeration for p > 2.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.ring import Ring, RingKind
from lograph.core.optimize.fewest._fourier import HEURISTIC_BLOCK, fewest_by_fourier
from lograph.core.optimize.quiet import fewest_by_classes, quiet_classes
from lograph.core.work import Work

__all__ = ["descend", "fewest_mod_p"]

#: Heuristic: blocks of quiet patterns minimised exactly at once (2^16 per block for p = 2;
#: with more colours up to `HEURISTIC_BLOCK` combinations, by one transform).
_BLOCK_BITS = 16
_HEURISTIC_PATIENCE = 16
_HEURISTIC_MAX_ROUNDS = 200
#: ... and at most about this many element operations in all (fewer rounds on huge boards).
_HEURISTIC_WORK = 300_000_000
#: Pairwise overlaps of quiet patterns are computed while k²·N stays below this.
_OVERLAP_WORK = 4_000_000_000

_CANCELLED = "fewest-presses search cancelled"


def fewest_mod_p(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], p: int, work: Work
) -> tuple[NDArray[np.uint8], int, int]:
    """Exact minimum of ``Σ (x0 + c·Q) mod p`` by enumerating c over (class, value) groups."""
    k = len(quiet)
    group_key = quiet_classes(quiet, p) * p + x0.astype(np.int64)
    uniq, counts = np.unique(group_key, return_counts=True)
    base = (uniq % p).astype(np.int64)
    classes = uniq // p
    digits = np.stack([(classes // p**j) % p for j in range(k)], axis=1)  # (G, k)
    total = p**k
    chunk = max(1, (1 << 22) // max(1, len(uniq)))
    best_w, best_c, count = -1, 0, 0
    for start in range(0, total, chunk):
        combos = np.arange(start, min(total, start + chunk), dtype=np.int64)
        cdig = np.stack([(combos // p**j) % p for j in range(k)], axis=1)  # (M, k)
        weights = ((base + cdig @ digits.T) % p) @ counts  # (M,)
        low = int(weights.min())
        hits = int(np.count_nonzero(weights == low))
        if best_w < 0 or low < best_w:
            best_w, best_c, count = low, int(combos[int(np.argmin(weights))]), hits
        elif low == best_w:
            count += hits
        work.poll(_CANCELLED)
    coeffs = np.array([(best_c // p**j) % p for j in range(k)], dtype=np.int64)
    presses = ((x0.astype(np.int64) + coeffs @ quiet.astype(np.int64)) % p).astype(np.uint8)
    return presses, int(presses.astype(np.int64).sum()), count


def _overlaps(quiet: NDArray[np.uint8]) -> NDArray[np.float32] | None:
    """Shared support of every pair of quiet patterns (None when too costly to compute)."""
    k, n = quiet.shape
    if k * k * n > _OVERLAP_WORK:
        return None
    dense = (quiet != 0).astype(np.float32)
    shared: NDArray[np.float32] = dense @ dense.T
    return shared


def _pick_block(
    k: int, block: int, overlaps: NDArray[np.float32] | None, rng: np.random.Generator
) -> NDArray[np.int64]:
    """A block of quiet patterns: random, or grown from a random seed by shared support."""
    if overlaps is None or rng.random() < 0.5:
        return np.sort(rng.choice(k, block, replace=False))
    chosen = [int(rng.integers(k))]
    score = overlaps[chosen[0]] + rng.random(k).astype(np.float32)  # random tie-breaks
    score[chosen[0]] = -np.inf
    while len(chosen) < block:
        nxt = int(np.argmax(score))
        chosen.append(nxt)
        score += overlaps[nxt]
        score[chosen] = -np.inf
    return np.sort(np.asarray(chosen, dtype=np.int64))


def descend(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    p: int,
    work: Work,
    seed: int,
) -> NDArray[np.uint8]:
    """Large-neighbourhood descent: minimise exactly over blocks of quiet patterns.

    Each round picks a block of quiet patterns small enough to search exactly by one
    transform (2^16 combinations over GF(2), up to `HEURISTIC_BLOCK` over GF(p); half the time
    at random, half the time patterns that overlap, which must usually change together) and
    moves to a best solution reachable with them, a random one among ties so that plateaus
    get crossed. It stops after `_HEURISTIC_PATIENCE` rounds without improvement. The result
    is a local optimum: good, but not proven minimal. The work's deadline ends it between
    rounds with the best so far.
    """
    k = len(quiet)
    bits = Ring.of(p).kind is RingKind.GF2  # GF(2): one Walsh–Hadamard transform a block
    block = min(k, _BLOCK_BITS if bits else _patterns_per_block(p))
    rng = np.random.default_rng(seed)
    overlaps = _overlaps(quiet)
    combinations = p**block
    per_round = len(x0) * block + combinations * (block if bits else 8)  # the transform
    max_rounds = min(_HEURISTIC_MAX_ROUNDS, max(_HEURISTIC_PATIENCE, _HEURISTIC_WORK // per_round))
    x = x0.copy()
    weight = int(x.astype(np.int64).sum())
    stale = rounds = 0
    while stale < _HEURISTIC_PATIENCE and rounds < max_rounds:
        if work.past_deadline():
            break
        rows = quiet[_pick_block(k, block, overlaps, rng)]
        if bits:
            cand, w, _ = fewest_by_classes(quiet_classes(rows), len(rows), x, work, rng)
        else:
            cand, w = _lightest_in_block(rows, x, p, work, rng)
        stale = 0 if w < weight else stale + 1
        x, weight = cand, w
        rounds += 1
        work.poll(_CANCELLED)
    return x


def _patterns_per_block(p: int) -> int:
    """The most quiet patterns whose p^block combinations fit `HEURISTIC_BLOCK`."""
    block = 1
    while p ** (block + 1) <= HEURISTIC_BLOCK:
        block += 1
    return block


def _lightest_in_block(
    rows: NDArray[np.uint8], x: NDArray[np.uint8], p: int, work: Work, rng: np.random.Generator
) -> tuple[NDArray[np.uint8], int]:
    """The lightest of ``x + Σ c_j rows[j]`` (a random one among ties) by one transform; by
    the walk should the transform's rounding be unclear."""
    found = fewest_by_fourier(rows, (p,) * len(rows), x, p, rng)
    if found is None:
        cand, weight, _ = fewest_mod_p(rows, x, p, work)
        return cand, weight
    return found[0], found[1]
