"""Where a button may go: no button is ever dropped on another.

Two discs whose centres are closer than `MIN_DISTANCE` scene units would overlap or touch
(a disc's radius is `RADIUS`, its outline adds a little). Adding and moving buttons in the
window check this rule; boards read from files are shown as they are.

Examples
--------
>>> import numpy as np
>>> others = np.array([[0.0, 0.0], [100.0, 0.0]])
>>> clashes(np.array([[10.0, 5.0], [60.0, 0.0]]), others).tolist()
[True, False]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.ui.canvas.items import RADIUS
from lograph.ui.canvas.scene import BoardScene

__all__ = ["MIN_DISTANCE", "Obstacles", "blocker", "clashes", "free_offset"]

#: Smallest distance between two button centres placed in the window (scene units): the
#: discs plus their outlines keep a visible gap. One grid step is 40.
MIN_DISTANCE = 2 * RADIUS + 4


def clashes(points: NDArray[np.float64], others: NDArray[np.float64]) -> NDArray[np.bool_]:
    """For each of `points`, whether it lies closer than `MIN_DISTANCE` to one of `others`."""
    points = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    others = np.asarray(others, dtype=np.float64).reshape(-1, 2)
    if not len(points) or not len(others):
        return np.zeros(len(points), dtype=bool)
    from scipy.spatial import cKDTree

    near = cKDTree(others).query_ball_point(points, MIN_DISTANCE - 1e-9, return_length=True)
    return np.asarray(near) > 0


def blocker(scene: BoardScene, x: float, y: float, ignore: str | None = None) -> str | None:
    """The nearest button closer than `MIN_DISTANCE` to the scene point (None: room there).

    `ignore` is left out of the search (the button a drag started from).
    """
    store = scene.store
    live = store.live_slots()
    if ignore is not None and ignore in store.slot:
        live = live[live != store.slot[ignore]]
    if not len(live):
        return None
    d2 = ((store.pos[live] - (x, y)) ** 2).sum(axis=1)
    best = int(np.argmin(d2))
    found = store.ids[live[best]] if d2[best] < MIN_DISTANCE**2 else None
    return found


class Obstacles:
    """The buttons a moving group must keep away from (every button not in `ids`), indexed
    once when a drag starts so each mouse move is a quick query."""

    def __init__(self, scene: BoardScene, ids: list[str]) -> None:
        from scipy.spatial import cKDTree

        store = scene.store
        moving = set(ids)
        rest = [s for s in store.live_slots().tolist() if store.ids[s] not in moving]
        self.ids = ids
        self.names = [store.ids[s] for s in rest]
        self.tree = cKDTree(store.pos[rest]) if rest else None

    def blockers(self, points: NDArray[np.float64]) -> list[tuple[str, str]]:
        """Pairs (moved button, the button it would land on) for the moved `points`."""
        if self.tree is None:
            return []
        dist, nearest = self.tree.query(np.asarray(points, dtype=np.float64).reshape(-1, 2))
        hit = np.flatnonzero(np.asarray(dist) < MIN_DISTANCE - 1e-9).tolist()
        return [(self.ids[i], str(self.names[int(nearest[i])])) for i in hit]


def free_offset(
    scene: BoardScene, points: NDArray[np.float64], step: tuple[float, float], tries: int = 64
) -> tuple[float, float]:
    """The first of ``step, 2·step, 3·step …`` (scene units) that puts no shifted point on an
    existing button (a paste lands beside the board rather than on it)."""
    store = scene.store
    existing = store.pos[store.live_slots()]
    sx, sy = step
    for k in range(1, tries + 1):
        shift = np.array([k * sx, k * sy])
        if not clashes(points + shift, existing).any():
            return (k * sx, k * sy)
    return (tries * sx, tries * sy)
