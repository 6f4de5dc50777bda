"""The window's drawing of a board handed to a shared web page (`lograph share`, File ▸ Share
as Web Page…), so the page looks like the window.

The drawing reuses the canvas's rules: the scale of `BoardScene` (neighbours 40 units apart,
twice that on directed boards), the palette's light colours, the loop marks, and the
wrap-around stubs of `lograph.ui.canvas.wrap_stubs`.
"""

from __future__ import annotations

import numpy as np

from lograph.core.model.board import Board
from lograph.core.share.page import Drawing
from lograph.ui.canvas.items import RADIUS
from lograph.ui.canvas.palette import light_colors, text_on
from lograph.ui.canvas.scene import GRID, loop_mark, unit_for
from lograph.ui.canvas.wrap_stubs import find_wraps

__all__ = ["window_drawing"]


def window_drawing(board: Board) -> Drawing:
    """How the window draws `board`, in scene units."""
    index = {b: i for i, b in enumerate(board.buttons)}
    raw = board.positions()
    unit = unit_for(raw, 2 * GRID if board.directed else GRID) if len(raw) else GRID
    pos = raw * unit
    edges = board.edges()
    src = np.array([index[u] for u, _ in edges], dtype=np.int64)
    dst = np.array([index[v] for _, v in edges], dtype=np.int64)
    slots = np.arange(len(edges), dtype=np.int64)
    wraps = find_wraps(pos, np.arange(len(pos), dtype=np.int64), src, dst, slots, RADIUS)
    wrapped = set(wraps.slots.tolist())
    w = len(wraps)
    stubs = []
    for end in range(2 * w):
        slot = int(wraps.slots[end % w])
        button = int(src[slot] if end < w else dst[slot])
        dx, dy = (float(v) for v in wraps.ways[end])
        stubs.append((button, dx, dy, int(wraps.numbers[end]), end >= w))
    colors = light_colors(board.states)
    return Drawing(
        x=pos[:, 0].tolist(),
        y=pos[:, 1].tolist(),
        radius=RADIUS,
        edges=[
            (int(a), int(b)) for s, a, b in zip(slots, src, dst, strict=True) if s not in wrapped
        ],
        loops=[loop_mark(board, b) for b in board.buttons],
        colors=[c.name() for c in colors],
        inks=[text_on(c).name() for c in colors],
        stubs=stubs,
    )
