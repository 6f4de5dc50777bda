"""The Getting Started pictures, drawn by the window's own renderer (`lograph.ui.picture.render`)
from small boards, so they always look like the canvas: a hand-drawn board, a game in
progress, the fewest-presses solution ringed, and the chase plan.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QImage

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.ui.picture.render import (
    Layer,
    chase_layers,
    image_size,
    marks_for_export,
    render_bytes,
    scene_for,
    solution_layers,
)

__all__ = ["PICTURE_WIDTH", "guide_pictures"]

PICTURE_WIDTH = 220

#: The presses that make the guide's puzzle from a dark 5×5 board (so it can be solved).
_PRESSES = ("r1c1", "r3c3", "r4c0")


def drawn_board() -> Board:
    """A small board as a person draws it: a house of six buttons."""
    board = Board(name="drawn")
    spots = {"a": (0, 0), "b": (2, 0), "c": (0, 2), "d": (2, 2), "e": (1, -1.2), "f": (3.4, 1)}
    for button, (x, y) in spots.items():
        board.add_button(button, (x, y), light=int(button in "ae"))
    for u, v in ("ab", "ac", "bd", "cd", "ae", "be", "bf", "df"):
        board.add_edge(u, v)
    return board


def played_board() -> Board:
    board = rectangle(3, 3)
    board.set_lights({"r0c1": 1, "r1c0": 1, "r1c1": 1, "r2c2": 1})
    return board


def puzzle_board() -> Board:
    board = rectangle(5, 5)
    for button in _PRESSES:
        board.press(button)
    return board


def _picture(board: Board, layers: Callable[[Board], list[Layer]] | None) -> QImage:
    scene = scene_for(board)
    size = image_size(scene, width=PICTURE_WIDTH)
    mode = "none" if layers is None else "solution"
    with marks_for_export(scene, mode, layers(board) if layers is not None else ()):
        data = render_bytes(scene, ".png", size)
    return QImage.fromData(data)


def guide_pictures() -> dict[str, QImage]:
    """Picture name (a `GuideStep.picture`) -> image; the four take a moment together."""
    return {
        "draw": _picture(drawn_board(), None),
        "play": _picture(played_board(), None),
        "analyse": _picture(puzzle_board(), solution_layers),
        "chase": _picture(puzzle_board(), chase_layers),
    }
