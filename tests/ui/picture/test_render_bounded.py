"""Drawing edges is bounded by the picture, not by the number of edges (no timings here:
the tests count what is drawn)."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.ui.canvas import items
from lograph.ui.picture.render import render_bytes, scene_for


def _dense_board(n: int) -> Board:
    graph = nx.gnp_random_graph(n, 0.5, seed=1)
    return Board.from_graph(nx.relabel_nodes(graph, str))


@pytest.fixture
def haze_calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """(lines given, lines drawn) for every haze drawn."""
    calls: list[tuple[int, int]] = []
    real = items._paint_haze

    def spy(painter, shafts, step):  # type: ignore[no-untyped-def]
        calls.append((len(shafts), len(shafts[::step])))
        real(painter, shafts, step)

    monkeypatch.setattr(items, "_paint_haze", spy)
    return calls


def test_edges_denser_than_pixels_are_drawn_as_a_bounded_haze(qtbot, haze_calls) -> None:
    scene = scene_for(_dense_board(200))  # ~10,000 edges
    small = render_bytes(scene, ".png", (100, 100))
    render_bytes(scene, ".png", (400, 400))
    assert len(haze_calls) == 2
    (edges, drawn_small), (_, drawn_big) = haze_calls
    assert edges > 9000
    # the lines drawn grow with the picture's area (16×), not with the board
    assert drawn_small < drawn_big <= edges
    assert drawn_small * 8 < edges
    assert QImage.fromData(small).size().width() == 100


def test_ordinary_boards_draw_every_edge_as_before(qtbot, haze_calls) -> None:
    scene = scene_for(rectangle(6, 6))
    data = render_bytes(scene, ".png", (240, 240))
    assert haze_calls == []
    image = QImage.fromData(data).convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1, 4)
    edge = QColor(items.Palette.edge)
    bgr = np.array([edge.blue(), edge.green(), edge.red()])
    edge_pixels = (np.abs(pixels[..., :3].astype(int) - bgr).max(axis=2) < 12).sum()
    # 60 edges, each showing ~5 pixels between two discs, ~2 pixels wide
    assert edge_pixels > 60 * 6
