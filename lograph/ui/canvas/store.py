"""What the canvas draws, as numpy arrays: disc centres, light values, loop marks, edges.

The scene keeps one `DrawingStore` in step with the Document's signals. Buttons and edges
live in *slots* (rows of growing arrays); removing one only marks its slot dead, so a press,
a move or a deletion on a 40,000-button board touches a handful of rows, and painting,
hit-testing and rubber-band selection are single vectorised passes. No Qt here.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

import numpy as np
from numpy.typing import NDArray

__all__ = ["DrawingStore", "edge_key"]

#: One counter for all stores, so a cache keyed by generation never mistakes a new store
#: (after a board is replaced) for the old one.
_GENERATIONS = itertools.count(1)

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]


def edge_key(u: str, v: str, directed: bool) -> tuple[str, str]:
    """The canonical key of an edge: ``(u, v)`` when directed, else the sorted pair."""
    if directed or u <= v:
        return (u, v)
    return (v, u)


def _grow(arr: NDArray[np.generic], size: int) -> NDArray[np.generic]:
    if size <= len(arr):
        return arr
    new = np.zeros((max(size, 2 * len(arr), 16), *arr.shape[1:]), dtype=arr.dtype)
    new[: len(arr)] = arr
    return new


class DrawingStore:
    """Slot arrays of the drawn board, in scene coordinates.

    Parameters
    ----------
    directed : bool
        Whether edge keys keep their direction.

    Examples
    --------
    >>> s = DrawingStore(directed=False)
    >>> s.add_buttons(["a", "b"], np.array([[0.0, 0.0], [40.0, 0.0]]), [0, 1], [0, 0])
    >>> s.add_edges([("b", "a")])
    >>> s.button_at(38.0, 2.0, 14.0), s.edge_at(20.0, 1.0, 3.0)
    ('b', ('a', 'b'))
    """

    def __init__(self, directed: bool = False) -> None:
        self.directed = directed
        self.ids: list[str | None] = []
        self.slot: dict[str, int] = {}
        self.pos: FloatArray = np.zeros((0, 2))
        self.light: IntArray = np.zeros(0, dtype=np.int64)
        self.loop: NDArray[np.int8] = np.zeros(0, dtype=np.int8)
        self.alive: NDArray[np.bool_] = np.zeros(0, dtype=bool)
        self.edge_ids: list[tuple[str, str] | None] = []
        self.edge_slot: dict[tuple[str, str], int] = {}
        self.src: IntArray = np.zeros(0, dtype=np.int64)
        self.dst: IntArray = np.zeros(0, dtype=np.int64)
        self.edge_alive: NDArray[np.bool_] = np.zeros(0, dtype=bool)
        # changes with every change of geometry (not of lights), so painters can cache lines
        self.generation = next(_GENERATIONS)

    # ------------------------------------------------------------------ buttons
    def __len__(self) -> int:
        return len(self.slot)

    def add_buttons(
        self,
        ids: Sequence[str],
        pos: FloatArray,
        lights: Iterable[int],
        loops: Iterable[int],
    ) -> None:
        """Append buttons; `loops` is +1 (extra self action), -1 (missing one) or 0."""
        start = len(self.ids)
        end = start + len(ids)
        self.pos = _grow(self.pos, end)  # type: ignore[assignment]
        self.light = _grow(self.light, end)  # type: ignore[assignment]
        self.loop = _grow(self.loop, end)  # type: ignore[assignment]
        self.alive = _grow(self.alive, end)  # type: ignore[assignment]
        self.pos[start:end] = np.asarray(pos, dtype=np.float64).reshape(-1, 2)
        self.light[start:end] = np.fromiter(lights, dtype=np.int64, count=len(ids))
        self.loop[start:end] = np.fromiter(loops, dtype=np.int8, count=len(ids))
        self.alive[start:end] = True
        self.ids.extend(ids)
        self.slot.update(zip(ids, range(start, end), strict=True))
        self.generation = next(_GENERATIONS)

    def remove_buttons(self, ids: Iterable[str]) -> None:
        """Drop buttons and every edge touching them."""
        slots = [self.slot.pop(b) for b in ids]
        if not slots:
            return
        self.alive[slots] = False
        for s in slots:
            self.ids[s] = None
        n = len(self.edge_ids)
        dead = np.isin(self.src[:n], slots) | np.isin(self.dst[:n], slots)
        self._drop_edges(np.flatnonzero(dead & self.edge_alive[:n]))
        self.generation = next(_GENERATIONS)

    def slots_of(self, ids: Iterable[str]) -> IntArray:
        return np.fromiter((self.slot[b] for b in ids), dtype=np.int64)

    def set_positions(self, ids: Sequence[str], pos: FloatArray) -> None:
        self.pos[self.slots_of(ids)] = pos
        self.generation = next(_GENERATIONS)

    def set_lights(self, ids: Sequence[str], values: Iterable[int]) -> None:
        self.light[self.slots_of(ids)] = np.fromiter(values, dtype=np.int64, count=len(ids))

    def set_loops(self, ids: Sequence[str], values: Iterable[int]) -> None:
        self.loop[self.slots_of(ids)] = np.fromiter(values, dtype=np.int8, count=len(ids))

    def position(self, button: str) -> tuple[float, float]:
        x, y = self.pos[self.slot[button]]
        return float(x), float(y)

    # ------------------------------------------------------------------ edges
    def add_edges(self, edges: Iterable[tuple[str, str]]) -> None:
        keys = [edge_key(u, v, self.directed) for u, v in edges]
        keys = [k for k in dict.fromkeys(keys) if k not in self.edge_slot]
        start = len(self.edge_ids)
        end = start + len(keys)
        self.src = _grow(self.src, end)  # type: ignore[assignment]
        self.dst = _grow(self.dst, end)  # type: ignore[assignment]
        self.edge_alive = _grow(self.edge_alive, end)  # type: ignore[assignment]
        self.src[start:end] = self.slots_of(k[0] for k in keys)
        self.dst[start:end] = self.slots_of(k[1] for k in keys)
        self.edge_alive[start:end] = True
        self.edge_ids.extend(keys)
        self.edge_slot.update(zip(keys, range(start, end), strict=True))
        self.generation = next(_GENERATIONS)

    def remove_edges(self, edges: Iterable[tuple[str, str]]) -> None:
        self._drop_edges(self.slots_of_edges(edges))
        self.generation = next(_GENERATIONS)

    def _drop_edges(self, slots: IntArray) -> None:
        for s in slots.tolist():
            key = self.edge_ids[s]
            if key is not None:
                del self.edge_slot[key]
                self.edge_ids[s] = None
        self.edge_alive[slots] = False

    def has_edge(self, u: str, v: str) -> bool:
        return edge_key(u, v, self.directed) in self.edge_slot

    def slots_of_edges(self, edges: Iterable[tuple[str, str]]) -> IntArray:
        keys = (edge_key(u, v, self.directed) for u, v in edges)
        return np.fromiter((self.edge_slot[k] for k in keys), dtype=np.int64)

    def live_edge_slots(self) -> IntArray:
        return np.flatnonzero(self.edge_alive[: len(self.edge_ids)])

    # ------------------------------------------------------------------ geometry
    def live_slots(self) -> IntArray:
        return np.flatnonzero(self.alive[: len(self.ids)])

    def bounds(self) -> tuple[float, float, float, float] | None:
        """``(xmin, ymin, xmax, ymax)`` of the disc centres, or None for an empty board."""
        live = self.live_slots()
        if not len(live):
            return None
        p = self.pos[live]
        (x0, y0), (x1, y1) = p.min(axis=0), p.max(axis=0)
        return float(x0), float(y0), float(x1), float(y1)

    def slots_in(self, rect: tuple[float, float, float, float], margin: float = 0.0) -> IntArray:
        """Live button slots whose centre lies in ``(x0, y0, x1, y1)`` grown by `margin`."""
        x0, y0, x1, y1 = rect
        live = self.live_slots()
        p = self.pos[live]
        ok = (
            (p[:, 0] >= x0 - margin)
            & (p[:, 0] <= x1 + margin)
            & (p[:, 1] >= y0 - margin)
            & (p[:, 1] <= y1 + margin)
        )
        return live[ok]

    def buttons_in(self, rect: tuple[float, float, float, float]) -> list[str]:
        """Ids of the buttons whose centre lies inside the rectangle, in slot order."""
        return [self.ids[s] for s in self.slots_in(rect).tolist()]

    def button_at(self, x: float, y: float, radius: float) -> str | None:
        """The button whose disc (of `radius`) contains the point, nearest first."""
        live = self.live_slots()
        if not len(live):
            return None
        d2 = ((self.pos[live] - (x, y)) ** 2).sum(axis=1)
        best = int(np.argmin(d2))
        return self.ids[live[best]] if d2[best] <= radius * radius else None

    def segments(self, slots: IntArray | None = None) -> FloatArray:
        """``(k, 4)`` array ``x0 y0 x1 y1`` of the given (default: all live) edges."""
        if slots is None:
            slots = self.live_edge_slots()
        a = self.pos[self.src[slots]]
        b = self.pos[self.dst[slots]]
        return np.hstack([a, b]).reshape(-1, 4)

    def edge_slots_in(self, rect: tuple[float, float, float, float], margin: float) -> IntArray:
        """Live edges whose bounding box meets the rectangle grown by `margin`."""
        live = self.live_edge_slots()
        seg = self.segments(live)
        x0, y0, x1, y1 = rect
        ok = (
            (np.minimum(seg[:, 0], seg[:, 2]) <= x1 + margin)
            & (np.maximum(seg[:, 0], seg[:, 2]) >= x0 - margin)
            & (np.minimum(seg[:, 1], seg[:, 3]) <= y1 + margin)
            & (np.maximum(seg[:, 1], seg[:, 3]) >= y0 - margin)
        )
        return live[ok]

    def edge_at(self, x: float, y: float, tolerance: float) -> tuple[str, str] | None:
        """The edge passing within `tolerance` of the point, nearest first."""
        live = self.live_edge_slots()
        if not len(live):
            return None
        seg = self.segments(live)
        a, b = seg[:, :2], seg[:, 2:]
        ab = b - a
        length2 = np.maximum((ab**2).sum(axis=1), 1e-12)
        t = np.clip((((x, y) - a) * ab).sum(axis=1) / length2, 0.0, 1.0)
        d2 = (((a + t[:, None] * ab) - (x, y)) ** 2).sum(axis=1)
        best = int(np.argmin(d2))
        return self.edge_ids[live[best]] if d2[best] <= tolerance * tolerance else None
