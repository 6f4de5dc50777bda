"""Proven lower bounds on the fewest presses over GF(2) when the search cannot finish.

Two cheap bounds, the larger one is reported:

- the *root bound* ``Σ_v min(n0_v, n1_v)`` over the quiet classes v (the buttons of one class
  are all flipped or all kept together; see `lograph.core.optimize.fewest._gf2_orbits.root_bound`);
- the *cover bound*: every light that the presses must toggle (an odd row of ``A x = b``)
  needs at least one pressed button among the buttons acting on it. Any weights ``y_v ≥ 0``
  on those rows with ``Σ_{v ∋ u} y_v ≤ 1`` for every button u prove ``|x| ≥ Σ_v y_v`` (LP
  duality for the covering relaxation); ``y_v = 1 / max_{u ∈ v} c_u``, with ``c_u`` the odd
  rows button u acts on, is such a choice. On an n×n board with every light to toggle it
  gives about n²/5.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import scipy.sparse
from numpy.typing import NDArray

__all__ = ["cover_bound", "cover_widths"]


def cover_bound(matrix: scipy.sparse.sparray, x0: NDArray[np.uint8]) -> int:
    """A proven lower bound on the weight of every x with ``A x = A x0`` over GF(2).

    Examples
    --------
    >>> path = scipy.sparse.csr_array(np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]]))
    >>> cover_bound(path, np.array([0, 1, 0], dtype=np.uint8))  # all three lights toggle
    1
    """
    a = scipy.sparse.csr_array(matrix, dtype=np.int64)
    a.data %= 2
    a.eliminate_zeros()
    odd = np.flatnonzero((a @ x0.astype(np.int64)) % 2)
    if len(odd) == 0:
        return 0
    widest = cover_widths(a[odd], a.shape[1])
    widths, times = np.unique(widest, return_counts=True)
    total = sum(Fraction(int(t), int(w)) for w, t in zip(widths, times, strict=True))
    return math.ceil(total)


def cover_widths(rows: scipy.sparse.csr_array, n: int) -> NDArray[np.int64]:
    """For each of `rows` (the lights to change, as rows of A over n buttons): the most of
    these lights any one of its buttons acts on. ``y_u = 1 / width_u`` keeps every button's
    ``Σ_{u ∋ i} y_u ≤ 1``, the greedy dual of the covering relaxation (empty rows: 1).

    >>> cover_widths(scipy.sparse.csr_array(np.array([[1, 1, 0], [0, 1, 1]])), 3).tolist()
    [2, 2]
    """
    counts = np.bincount(rows.indices, minlength=n)  # lights to change per button
    widths = np.ones(rows.shape[0], dtype=np.int64)
    filled = np.diff(rows.indptr) > 0
    widths[filled] = np.maximum.reduceat(counts[rows.indices], rows.indptr[:-1][filled])
    return widths
