"""Wrap-around edges: which edges to draw as a pair of matching stubs instead of a line.

On a torus, cylinder, Möbius strip, Klein bottle or projective plane laid out flat, the
edges that wrap around join opposite sides of the board: drawn as lines they run straight
across it, under the other edges and discs, and the board looks like a plain grid. The rule
is geometric, so it holds for every surface and every layout: an edge is a *wrap* when it is
much longer than the board's typical (median) edge and passes through another button's disc
on its way (or is very much longer), and its ends lie on opposite sides of the board, each
on the side away from the other (left and right, or top and bottom: the way it leaves).
Each end then gets a short stub leaving the board that way, tagged with the wrap's number
so the two ends match. A long edge inside a tangled drawing (a hypercube's) stays a line.
No Qt here.

Examples
--------
>>> import numpy as np
>>> pos = np.array([[0.0, 0], [40, 0], [80, 0], [120, 0]])
>>> src, dst = np.array([0, 1, 2, 0]), np.array([1, 2, 3, 3])  # a ring of four in a row
>>> wrap_mask(pos, src, dst, radius=14.0).tolist()
[False, False, False, True]
>>> stub_directions(pos, pos[[0]], pos[[3]], slack=20.0)[0].tolist()
[[-1.0, 0.0]]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = ["LONG", "VERY_LONG", "stub_directions", "wrap_mask"]

#: An edge at least this many typical edges long is a wrap if it crosses another disc …
LONG = 1.9
#: … and one this long is a wrap anyway.
VERY_LONG = 4.0
#: Beyond this many candidate sample points the disc test is skipped (only very long edges
#: count then): a bound on the work for strange drawings of huge boards.
SAMPLE_LIMIT = 2_000_000

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]


def wrap_mask(pos: FloatArray, src: IntArray, dst: IntArray, radius: float) -> NDArray[np.bool_]:
    """Which edges ``src[i] -> dst[i]`` (rows of `pos`) are drawn as wrap stubs.

    `radius` is the disc radius, in the units of `pos`.
    """
    mask = np.zeros(len(src), dtype=bool)
    if len(src) < 2:
        return mask
    d = pos[dst] - pos[src]
    square = np.einsum("ij,ij->i", d, d)  # squared lengths: no square roots for every edge
    positive = square[square > 1e-18]
    if not len(positive):
        return mask
    # the typical edge: the median of (a sample of, on big boards) the edges' lengths
    typical = float(np.sqrt(np.median(positive[:: max(1, len(positive) // 50_000)])))
    long = square >= (LONG * typical) ** 2
    if not long.any():
        return mask
    long[long] = stub_directions(pos, pos[src[long]], pos[dst[long]], typical / 2)[2]
    mask |= long & (square >= (VERY_LONG * typical) ** 2)
    medium = np.flatnonzero(long & ~mask)
    if len(medium):
        mask[medium] = _crosses_a_disc(pos, src[medium], dst[medium], radius)
    return mask


def _crosses_a_disc(
    pos: FloatArray, src: IntArray, dst: IntArray, radius: float
) -> NDArray[np.bool_]:
    """Whether each segment passes within `radius` of a button other than its ends."""
    from scipy.spatial import cKDTree

    a, b = pos[src], pos[dst]
    length = np.hypot(*(b - a).T)
    step = radius / 2
    counts = np.maximum((length / step).astype(np.int64) - 1, 1)
    if int(counts.sum()) > SAMPLE_LIMIT:
        return np.zeros(len(src), dtype=bool)
    edge = np.repeat(np.arange(len(src)), counts)
    first = np.repeat(np.cumsum(counts) - counts, counts)
    t = (np.arange(len(edge)) - first + 1) / (counts[edge] + 1)
    points = a[edge] + (b - a)[edge] * t[:, None]
    # the three nearest buttons of each point: its two ends and the nearest other one
    k = min(3, len(pos))
    dist, near = cKDTree(pos).query(points, k=k)
    dist, near = dist.reshape(len(points), k), near.reshape(len(points), k)
    other = (near != src[edge, None]) & (near != dst[edge, None]) & (dist < radius)
    crossing = np.zeros(len(src), dtype=bool)
    crossing[edge[other.any(axis=1)]] = True
    return crossing


def stub_directions(
    pos: FloatArray, a: FloatArray, b: FloatArray, slack: float
) -> tuple[FloatArray, FloatArray, NDArray[np.bool_]]:
    """Which way the stubs of edges ``a[i]–b[i]`` leave the board (`pos`: every button).

    An edge leaves along an axis when its ends lie (within `slack`) on the opposite sides of
    the board along it, each on the side away from the other end; when both axes fit (a
    corner), the one nearer to the edge's direction. Returns the unit directions at `a`, at
    `b`, and whether the edge leaves at all.
    """
    xs, ys = pos[:, 0], pos[:, 1]  # per column: much faster than min(axis=0) on (n, 2)
    low, high = np.array([xs.min(), ys.min()]), np.array([xs.max(), ys.max()])
    away = a - b  # from b towards a: the way a's stub goes
    sign = np.sign(away)
    at_a = np.where(sign > 0, high - a <= slack, a - low <= slack) & (sign != 0)
    at_b = np.where(sign > 0, b - low <= slack, high - b <= slack) & (sign != 0)
    fits = at_a & at_b  # per axis
    horizontal = fits[:, 0] & (~fits[:, 1] | (np.abs(away[:, 0]) >= np.abs(away[:, 1])))
    vertical = fits[:, 1] & ~horizontal
    way = np.zeros_like(away)
    way[horizontal, 0] = sign[horizontal, 0]
    way[vertical, 1] = sign[vertical, 1]
    return way, -way, horizontal | vertical
