"""A strong start for the heuristic: the lightest solution that one symmetry keeps.

The solutions a symmetry ``c ↦ c·M ⊕ t`` maps to themselves form an affine subspace
``c·(M ⊕ I) = t`` of the combinations, of about half the dimension for a reflection. While
that dimension is within one transform, the lightest solution in it is found exactly; the
lightest over all symmetries is a good start on symmetric boards (optimal solutions of a
symmetric problem are often nearly symmetric), and the heuristic improves from there.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel
from lograph.core.optimize.gf2_classes import minimise_classes, quiet_classes
from lograph.core.optimize.gf2_symmetry import Action, nullspace

__all__ = ["symmetric_start"]

#: Largest fixed subspace searched exactly (one transform of 2^22).
_FIXED_LIMIT = 22


def _particular(system: NDArray[np.uint8], rhs: NDArray[np.uint8]) -> NDArray[np.uint8] | None:
    """One c with ``c·system = rhs`` over GF(2), or None."""
    k = system.shape[0]
    augmented = np.concatenate([system.T, rhs[:, None]], axis=1).astype(np.uint8)
    kernel = nullspace(augmented)  # (c, s) with systemᵀ·c + s·rhs = 0; s = 1 gives c
    with_one = kernel[kernel[:, k] == 1]
    if len(with_one) == 0:
        return None
    found: NDArray[np.uint8] = with_one[0, :k].copy()
    return found


def symmetric_start(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], actions: list[Action], cancel: Cancel
) -> NDArray[np.uint8]:
    """The lightest solution kept by some symmetry (searched exactly per symmetry while its
    fixed subspace is small), or `x0` when none is lighter."""
    k = len(quiet)
    eye = np.eye(k, dtype=np.uint8)
    best, weight = x0, int(x0.sum())
    for matrix, shift in actions:
        moved = matrix ^ eye
        start = _particular(moved, shift)
        if start is None:
            continue
        free = nullspace(moved.T)  # rows f with f·(M ⊕ I) = 0
        if len(free) > _FIXED_LIMIT:
            continue
        base = (x0.astype(np.int64) ^ (start.astype(np.int64) @ quiet) % 2).astype(np.uint8)
        rows = ((free.astype(np.int64) @ quiet) % 2).astype(np.uint8)
        if len(rows) == 0:
            found, w = base, int(base.sum())
        else:
            found, w, _ = minimise_classes(quiet_classes(rows), len(rows), base, cancel)
        if w < weight:
            best, weight = found, w
    return best
