"""Wrap-around edges of tori, cylinders and twisted surfaces are drawn as matching stubs,
on the board and in exported pictures; boards without wraps draw every edge as a line.

Independent answers: the wrap edges of hand-built surfaces (rectangles with the wrap edges
added by hand: which pairs of cells they join, and so which side each end leaves by).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from lograph.core.files import read_board
from lograph.core.model.board import Board
from lograph.core.model.generators import cylinder, hexagonal, named, rectangle, torus
from lograph.ui.canvas.items import RADIUS
from lograph.ui.canvas.palette import Canvas
from lograph.ui.canvas.wrap_stubs import STUB, TAG
from lograph.ui.model.commands import AddEdgesCommand
from lograph.ui.picture.render import render_bytes, scene_for

GRAPHS = Path(__file__).parents[2] / "graphs"


def hand_surface(rows: int, cols: int, twist_rows: bool, twist_cols: bool | None) -> Board:
    """A rectangle with wrap edges added by hand: each row's ends joined (to the mirrored row
    when `twist_rows`), and, unless `twist_cols` is None, each column's ends (mirrored when
    `twist_cols`). Möbius: (True, None); Klein: (True, False); projective: (True, True)."""
    board = rectangle(rows, cols)
    for r in range(rows):
        board.add_edge(f"r{r}c0", f"r{rows - 1 - r if twist_rows else r}c{cols - 1}")
    if twist_cols is not None:
        for c in range(cols):
            board.add_edge(f"r0c{c}", f"r{rows - 1}c{cols - 1 - c if twist_cols else c}")
    return board


def wrap_pairs(scene) -> set[frozenset[str]]:
    store = scene.store
    return {frozenset(store.edge_ids[s]) for s in scene.edge_layer.wraps().slots.tolist()}


def cells(board: Board, u: str, v: str) -> tuple[tuple[int, int], tuple[int, int]]:
    (x0, y0), (x1, y1) = board.position(u), board.position(v)
    return (round(y0), round(x0)), (round(y1), round(x1))


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (5, 5), (4, 7)])
def test_torus_wraps_are_exactly_the_edges_joining_opposite_sides(qapp, rows, cols):
    board = torus(rows, cols)
    scene = scene_for(board)
    expected = set()
    for u, v in board.graph.edges():
        (r0, c0), (r1, c1) = cells(board, u, v)
        if abs(r0 - r1) == rows - 1 or abs(c0 - c1) == cols - 1:
            expected.add(frozenset((u, v)))
    assert wrap_pairs(scene) == expected
    assert len(expected) == rows + cols
    # the rest are lines; the wraps are not
    assert len(scene.edge_layer.all_lines()) == board.graph.number_of_edges() - len(expected)


def test_cylinder_wraps_only_around(qapp):
    board = cylinder(4, 6)
    pairs = wrap_pairs(scene_for(board))
    assert len(pairs) == 4
    for pair in pairs:
        (r0, c0), (r1, c1) = cells(board, *pair)
        assert r0 == r1
        assert {c0, c1} == {0, 5}


@pytest.mark.parametrize(
    ("twists", "count"), [((True, None), 5), ((True, False), 12), ((True, True), 10)]
)
def test_twisted_surfaces_leave_by_the_sides_they_join(qapp, twists, count):
    """Möbius strip, Klein bottle, projective plane (5×7): every wrap is found, and each
    stub leaves the board by the side its cell is on (two wraps of the projective plane are
    the same corner-to-corner edge, hence 10 = 5 + 7 − 2)."""
    board = hand_surface(5, 7, *twists)
    scene = scene_for(board)
    stubs = scene.edge_layer.wraps()
    assert len(stubs) == count
    x0, y0, x1, y1 = scene.store.bounds()
    for (x, y), (dx, dy) in zip(stubs.ends.tolist(), stubs.ways.tolist(), strict=True):
        assert abs(dx) + abs(dy) == 1  # along one axis
        side = {(-1, 0): x == x0, (1, 0): x == x1, (0, -1): y == y0, (0, 1): y == y1}
        assert side[(round(dx), round(dy))]
    # the two ends of a wrap carry the same number, once each
    numbers = sorted(stubs.numbers.tolist())
    assert numbers == sorted(list(range(1, count + 1)) * 2)


@pytest.mark.parametrize(
    "board",
    [rectangle(5, 5), hexagonal(4, 4), named("petersen"), named("hypercube", 10)]
    + [read_board(GRAPHS / n) for n in ("classic-7x7.txt", "triangular-3x4.graphml")],
    ids=["rectangle", "hexagonal", "petersen", "hypercube-10", "classic-7x7", "triangular"],
)
def test_boards_without_wraps_draw_every_edge(qapp, board):
    scene = scene_for(board)
    assert len(scene.edge_layer.wraps()) == 0


def is_wrap_colour(c: QColor) -> bool:
    want = Canvas.wrap
    return all(abs(a - b) <= 30 for a, b in zip(c.getRgb()[:3], want.getRgb()[:3], strict=True))


def tag_points(scene) -> list[QPointF]:
    stubs = scene.edge_layer.wraps()
    return [
        QPointF(x + dx * (RADIUS + STUB / 2), y + dy * (RADIUS + STUB / 2))
        for (x, y), (dx, dy) in zip(stubs.ends.tolist(), stubs.ways.tolist(), strict=True)
    ]


def picture(scene, data: bytes) -> tuple[QImage, float, float, float]:
    image = QImage.fromData(data)
    rect: QRectF = scene.board_rect()
    scale = min(image.width() / rect.width(), image.height() / rect.height())
    x0 = (image.width() - rect.width() * scale) / 2 - rect.left() * scale
    y0 = (image.height() - rect.height() * scale) / 2 - rect.top() * scale
    return image, scale, x0, y0


def test_torus_stubs_show_in_the_scene_and_in_the_exported_png(qapp):
    scene = scene_for(read_board(GRAPHS / "torus-5x5.json"))
    points = tag_points(scene)
    assert len(points) == 20
    # the scene as the window paints it (one pixel per scene unit)
    rect = scene.board_rect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    for p in points:
        assert is_wrap_colour(
            image.pixelColor(round(p.x() - rect.left()), round(p.y() - rect.top()))
        )
    # the stubs fit in the picture: the board rect makes room for the tags
    stubs = scene.edge_layer.wraps()
    reach = stubs.ends + stubs.ways * (RADIUS + STUB + 2 * TAG)
    assert rect.contains(QRectF(*reach.min(axis=0), *(reach.max(axis=0) - reach.min(axis=0))))
    # the exported PNG, through the same code path as File ▸ Export and `lograph render`
    png, scale, x0, y0 = picture(scene, render_bytes(scene, ".png", (600, 600)))
    hits = [is_wrap_colour(png.pixelColor(round(x0 + p.x() * scale), round(y0 + p.y() * scale)))
            for p in points]  # fmt: skip
    assert all(hits)


def test_a_plain_grid_has_nothing_outside_its_buttons(qapp):
    """The same spots beside a rectangle (no wraps) stay background in the export."""
    wrapped = scene_for(torus(5, 5))
    plain = scene_for(rectangle(5, 5))
    png, scale, x0, y0 = picture(plain, render_bytes(plain, ".png", (600, 600)))
    for p in tag_points(wrapped):
        c = png.pixelColor(round(x0 + p.x() * scale), round(y0 + p.y() * scale))
        assert not is_wrap_colour(c)


def test_an_edge_drawn_across_the_board_becomes_stubs_and_repaints(qapp):
    """Adding a wrap edge by hand makes its stubs (and room for them) at once."""
    scene = scene_for(rectangle(3, 5))
    before = scene.board_rect()
    scene.document.push(AddEdgesCommand(scene.document, [("r1c0", "r1c4")]))
    assert wrap_pairs(scene) == {frozenset(("r1c0", "r1c4"))}
    assert scene.board_rect().width() > before.width()
    assert np.all(scene.edge_layer.wraps().ways[:, 1] == 0)


def test_new_board_preview_shows_the_wraps(qapp):
    """The New Board dialog's preview draws a torus's wraps as stubs beyond its outer
    buttons; a rectangle's preview has nothing there."""
    from lograph.ui.picture.preview import BoardPreview

    def stub_pixels(board: Board) -> int:
        preview = BoardPreview()
        preview.resize(340, 300)
        preview.show_board(board)
        image = preview.grab().toImage()
        scale, ox, oy, _ = preview._frame()
        pos = board.positions() * scale + (ox, oy)
        left, right = pos[:, 0].min(), pos[:, 0].max()
        radius = max(1.0, min(scale * 0.36, 16.0))
        hits = 0
        for y in np.unique(pos[:, 1]).tolist():  # beside each row, beyond its end discs
            for x in (left - radius - 3, right + radius + 3):
                hits += is_wrap_colour(image.pixelColor(round(x), round(y)))
        return hits

    assert stub_pixels(torus(3, 3)) == 6
    assert stub_pixels(rectangle(3, 3)) == 0
