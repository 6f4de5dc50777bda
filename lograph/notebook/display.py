"""Boards drawn as SVG for Jupyter: the shared page's geometry and colours
(`lograph.core.share.page.plain_drawing`), with the window's marks.

A notebook shows a static picture of an answer (the output survives saving the notebook and
needs no script): the lights in the page's colours, and on top of them the marks people
know from the window — a ring around each button to press (its count inside on boards of
more than two states), the quiet pattern's presses, or the chase plan's step numbers.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from lograph.core.model.board import Board
    from lograph.core.share.page import Drawing

__all__ = ["DRAW_LIMIT", "board_svg"]

#: Most buttons drawn in a notebook (one SVG element each); larger boards show figures only.
DRAW_LIMIT = 2_500
#: The window's solution ring (green) and its chase-step badge colours.
RING = "#2f9e44"
STEP_FILL = "#ffffff"
STEP_INK = "#1c7ed6"
EDGE = "#868e96"


def board_svg(
    board: Board,
    *,
    lights: Sequence[int] | np.ndarray | None = None,
    rings: Sequence[int] | np.ndarray | None = None,
    labels: Sequence[str] | None = None,
    title: str = "",
    width: int = 320,
) -> str | None:
    """The board as an SVG string, or None when it has more than `DRAW_LIMIT` buttons.

    Parameters
    ----------
    lights : array, optional
        The light of each button (default: the board's own).
    rings : array, optional
        How often to press each button: a ring around every non-zero one, with the count
        inside when it is above one.
    labels : list of str, optional
        A short text drawn on each button (chase steps); "" for none.
    title : str
        A caption above the board.
    width : int
        The picture's width in pixels; its height follows the board.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> svg = board_svg(rectangle(2, 2), rings=[1, 0, 0, 1])
    >>> svg.startswith("<svg") and svg.count('class="ring"') == 2
    True
    """
    from lograph.core.share.page import plain_drawing

    if len(board) > DRAW_LIMIT:
        return None
    drawing = plain_drawing(board)
    drawing = dataclasses.replace(drawing, radius=_fitting_radius(drawing))
    values = np.asarray(board.lights() if lights is None else lights, dtype=np.int64)
    presses = None if rings is None else np.asarray(rings, dtype=np.int64)
    parts = [_frame(drawing, title, width)]
    if board.directed:
        parts.append(
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" orient="auto" '
            f'markerWidth="4" markerHeight="4"><path d="M0,0 L10,5 L0,10 z" fill="{EDGE}"/>'
            "</marker></defs>"
        )
    parts.extend(_edges(drawing, board.directed))
    for i, button in enumerate(board.buttons):
        value = int(values[i]) % board.states
        count = 0 if presses is None else int(presses[i])
        label = "" if labels is None else labels[i]
        parts.append(_button(drawing, i, button, value, board.states, count, label))
    parts.append("</svg>")
    return "".join(parts)


def _frame(drawing: Drawing, title: str, width: int) -> str:
    """The ``<svg>`` tag framing every button (and the caption, when there is one)."""
    xs = drawing.x or [0.0]
    ys = drawing.y or [0.0]
    reach = drawing.radius + 6
    x0, y0 = min(xs) - reach, min(ys) - reach
    w, h = max(xs) - x0 + reach, max(ys) - y0 + reach
    # the caption is sized in pixels: in the drawing's units it scales with the board
    scale = max(w / width, 0.05)
    caption = 18 * scale if title else 0.0
    height = max(40, round(width * (h + caption) / max(w, 1.0)))
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="{x0:.1f} {y0 - caption:.1f} {w:.1f} {h + caption:.1f}" '
        'font-family="sans-serif" role="img">'
    )
    if not title:
        return head
    return head + (
        f'<text x="{x0 + w / 2:.1f}" y="{y0 - 4 * scale:.1f}" text-anchor="middle" '
        f'font-size="{13 * scale:.1f}" fill="#495057">{html.escape(title)}</text>'
    )


def _edges(drawing: Drawing, directed: bool) -> list[str]:
    """Each edge a line; on a directed board it stops at the head's disc with an arrow."""
    lines = []
    end = drawing.radius + 2 if directed else 0.0
    for u, v in drawing.edges:
        dx, dy = drawing.x[v] - drawing.x[u], drawing.y[v] - drawing.y[u]
        length = float(np.hypot(dx, dy)) or 1.0
        lines.append(
            f'<line x1="{drawing.x[u]:.1f}" y1="{drawing.y[u]:.1f}" '
            f'x2="{drawing.x[v] - dx * end / length:.1f}" '
            f'y2="{drawing.y[v] - dy * end / length:.1f}" stroke="{EDGE}" stroke-width="2"'
            + (' marker-end="url(#arrow)"' if directed else "")
            + "/>"
        )
    return lines


def _button(
    drawing: Drawing, i: int, button: str, value: int, states: int, presses: int, label: str
) -> str:
    """One button: its disc in its light's colour, the light's digit past two states, a
    ring when it is to be pressed (the count beside it past one), and its label."""
    x, y, radius = drawing.x[i], drawing.y[i], drawing.radius
    parts = [
        f'<g data-button="{html.escape(button)}"><title>{html.escape(button)}</title>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{drawing.colors[value]}" '
        'stroke="#212529" stroke-width="1"/>'
    ]
    if states > 2 and value:
        parts.append(_text(x, y, str(value), drawing.inks[value], radius * 0.85))
    if presses:
        parts.append(
            f'<circle class="ring" cx="{x:.1f}" cy="{y:.1f}" r="{radius * 1.28:.1f}" '
            f'fill="none" stroke="{RING}" stroke-width="{radius * 0.2:.1f}"/>'
        )
        if presses > 1:
            parts.append(_text(x + radius, y - radius, f"×{presses}", RING, radius * 0.8))
    if label:
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius * 0.72:.1f}" fill="{STEP_FILL}"/>'
        )
        parts.append(_text(x, y, label, STEP_INK, radius * 0.8))
    parts.append("</g>")
    return "".join(parts)


def _fitting_radius(drawing: Drawing) -> float:
    """The page's disc radius, or less where buttons stand closer than the page's grid
    spacing (a spring layout puts some pairs at half an edge): discs and rings never meet."""
    if len(drawing.x) < 2:
        return drawing.radius
    from scipy.spatial import cKDTree

    points = np.column_stack([drawing.x, drawing.y])
    distances, _ = cKDTree(points).query(points, k=2)
    nearest = float(distances[:, 1].min())
    return min(drawing.radius, 0.36 * nearest) if nearest > 0 else drawing.radius


def _text(x: float, y: float, text: str, fill: str, size: float) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" dominant-baseline="central" '
        f'font-size="{size:.1f}" fill="{fill}">{html.escape(text)}</text>'
    )
