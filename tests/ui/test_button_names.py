"""Buttons named as people find them in the window's hints and messages: rows and columns
on grids; elsewhere a number, which the canvas draws under each button."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QImage

from lograph.core.model.generators import named, rectangle
from lograph.ui.canvas.items import RADIUS
from lograph.ui.canvas.palette import Canvas
from tests.ui.helpers import at, button_point, click, load


def inks(window) -> dict[str, int]:
    """Pixels of the label colour in the band under each button's disc, as painted now."""
    window.scene.update()
    image = window.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    target = Canvas.label
    out = {}
    for button in window.document.board.buttons:
        x, y = window.scene.store.position(button)
        top = at(window, (x - 1.5 * RADIUS, y + RADIUS + 3))  # below the disc's outline
        bottom = at(window, (x + 1.5 * RADIUS, y + RADIUS + 13))
        out[button] = sum(
            abs(c.red() - target.red()) + abs(c.green() - target.green())
            + abs(c.blue() - target.blue()) < 90
            for py in range(top.y(), bottom.y())
            for px in range(top.x(), bottom.x())
            if (c := image.pixelColor(px, py))
        )  # fmt: skip
    return out


def drawn_names(window) -> dict[str, int]:
    """Label-coloured pixels each button gains from the board's names (none: not drawn)."""
    named_ink = inks(window)
    layer = window.scene.button_layer
    names_of, layer.names_of = layer.names_of, None
    try:
        bare = inks(window)
    finally:
        layer.names_of = names_of
    return {b: named_ink[b] - bare[b] for b in named_ink}


def test_a_hint_on_a_graph_names_the_number_drawn_under_the_button(qtbot, window):
    board = named("petersen")
    board.press(board.buttons[3])
    load(window, board, zoom=1.2)
    assert all(ink > 2 for ink in drawn_names(window).values())  # a number under each
    window.action("mode_play").trigger()
    solutions = window.analysis.solutions
    window.action("analysis_hint").trigger()
    qtbot.waitUntil(lambda: solutions.hint_button is not None, timeout=90_000)
    number = list(board.buttons).index(solutions.hint_button) + 1
    said = window.statusBar().currentMessage()
    assert said.startswith(f"Hint: press button {number} (")


def test_a_grid_draws_no_numbers(window):
    load(window, rectangle(3, 3), zoom=1.2)
    assert set(drawn_names(window).values()) == {0}


@pytest.mark.parametrize("board", ["grid", "graph"])
def test_the_lit_only_refusal_names_the_button(window, board):
    shown = rectangle(3, 3) if board == "grid" else named("petersen")
    shown.set_lights(np.zeros(len(shown), dtype=np.uint8))
    load(window, shown)
    window.action("mode_play").trigger()
    window.action("lit_only").trigger()
    messages: list[str] = []
    window.play_tool.message.connect(messages.append)
    button = shown.buttons[4]
    click(window, button_point(window, button))
    expected = "row 2, column 2" if board == "grid" else "button 5"
    assert messages == [f"Lit-only: {expected} is not lit — press a lit button"]
