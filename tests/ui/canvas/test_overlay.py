"""Overlays: the scene owns them (``scene.overlay(name)``); marks and arrows are drawn where
the buttons are, follow them, and clear."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from lograph.core.errors import LographError
from lograph.core.model.generators import rectangle
from lograph.ui.canvas.items import RADIUS
from lograph.ui.canvas.overlay import Mark
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.document import Document
from tests.ui.helpers import button_point, click, load

RED = "#ff0000"


@pytest.fixture
def scene(qapp) -> BoardScene:
    return BoardScene(Document(rectangle(3, 3)))


def render(scene: BoardScene) -> tuple[QImage, QRectF]:
    """The whole scene area around the board at one pixel per scene unit."""
    rect = scene.board_rect().adjusted(-40, -40, 40, 40)
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image, rect


def pixel(scene: BoardScene, x: float, y: float) -> QColor:
    image, rect = render(scene)
    return image.pixelColor(round(x - rect.left()), round(y - rect.top()))


def is_red(c: QColor) -> bool:
    return c.red() > 200 and c.green() < 80 and c.blue() < 80


def ring_point(scene: BoardScene, button: str) -> tuple[float, float]:
    x, y = scene.store.position(button)
    return x + RADIUS + 4, y  # on the ring drawn around the disc


def test_ring_mark_appears_and_clears(scene):
    lay = scene.overlay("test")
    assert lay.is_empty()
    assert not is_red(pixel(scene, *ring_point(scene, "r1c1")))
    lay.set_marks({"r1c1": Mark(RED)})
    assert not lay.is_empty()
    assert is_red(pixel(scene, *ring_point(scene, "r1c1")))
    assert not is_red(pixel(scene, *ring_point(scene, "r0c0")))  # only the marked button
    lay.clear()
    assert lay.is_empty()
    assert not is_red(pixel(scene, *ring_point(scene, "r1c1")))


@pytest.mark.parametrize("style", ["dot", "fill"])
def test_dot_and_fill_cover_the_centre(scene, style):
    lay = scene.overlay("test")
    x, y = scene.store.position("r2c0")
    before = pixel(scene, x, y)
    lay.set_marks({"r2c0": Mark(RED, style=style)})
    after = pixel(scene, x, y)
    assert after.red() > before.red() + 60  # tinted towards red (fill is translucent)


def test_arrow_is_drawn_between_buttons(scene):
    lay = scene.overlay("test")
    (x0, y0), (x1, y1) = scene.store.position("r0c0"), scene.store.position("r1c0")
    mid = ((x0 + x1) / 2, (y0 + y1) / 2)
    assert not is_red(pixel(scene, *mid))
    lay.set_arrows([("r0c0", "r1c0", RED)])
    assert is_red(pixel(scene, *mid))
    lay.set_visible(False)
    assert not is_red(pixel(scene, *mid))
    lay.set_visible(True)
    lay.set_arrows([])
    assert lay.is_empty()
    assert not is_red(pixel(scene, *mid))


def test_label_badge_is_drawn_in_the_mark_colour(scene):
    lay = scene.overlay("test")
    x, y = scene.store.position("r1c1")
    badge = (x + RADIUS * 0.75 - 5, y - RADIUS * 0.75)  # inside the badge, beside the text
    lay.set_marks({"r1c1": Mark(RED, style="dot")})
    assert not is_red(pixel(scene, *badge))
    lay.set_marks({"r1c1": Mark(RED, label="7", style="dot")})
    assert is_red(pixel(scene, *badge))


def test_get_or_create_by_name(scene):
    assert scene.overlay("a") is scene.overlay("a")
    assert scene.overlay("a") is not scene.overlay("b")
    scene.overlay("a").set_marks({"r0c0": Mark(RED)})
    assert scene.overlay("b").is_empty()  # several coexist independently
    assert scene.overlays() == [scene.overlay("a"), scene.overlay("b")]
    assert scene.overlay("a", z=12).zValue() == 12  # restacked, still the same overlay


def test_the_scene_tells_its_overlays_of_a_button_deleted_in_the_view(window):
    load(window, rectangle(3, 3))
    lay = window.scene.overlay("test")
    lay.set_marks({"r1c1": Mark(RED), "r0c0": Mark(RED)})
    lay.set_arrows([("r0c0", "r1c1", RED)])
    alt = Qt.KeyboardModifier.AltModifier
    click(window, button_point(window, "r1c1"), modifiers=alt)  # edit mode: Alt+click deletes
    assert "r1c1" not in window.document.board.buttons
    assert set(lay.marked()) == {"r0c0"}
    assert lay.arrows == []
    window.document.undo_stack.undo()  # the button comes back; its mark does not
    assert set(lay.marked()) == {"r0c0"}


def test_unknown_buttons_are_ignored_and_bad_marks_refused(scene):
    lay = scene.overlay("test")
    lay.set_marks({"nope": Mark(RED), "r0c0": Mark(RED)})
    lay.set_arrows([("nope", "r0c0", RED)])
    assert set(lay.marked()) == {"r0c0"}
    assert lay.arrows == []
    with pytest.raises(LographError, match="wiggle"):
        Mark(RED, style="wiggle")
    with pytest.raises(LographError, match="notacolour"):
        Mark("notacolour")


def test_marks_follow_a_moved_button(scene):
    doc = scene.document
    lay = scene.overlay("test")
    lay.set_marks({"r0c0": Mark(RED)})
    old = ring_point(scene, "r0c0")
    doc.set_positions({"r0c0": (-3.0, -3.0)})
    assert not is_red(pixel(scene, *old))
    assert is_red(pixel(scene, *ring_point(scene, "r0c0")))


def test_removed_buttons_lose_their_marks_and_arrows(scene):
    doc = scene.document
    lay = scene.overlay("test")
    lay.set_marks({"r0c0": Mark(RED), "r2c2": Mark(RED)})
    lay.set_arrows([("r0c0", "r0c1", RED), ("r1c1", "r2c1", RED)])
    doc.remove_buttons(["r0c0"])
    assert set(lay.marked()) == {"r2c2"}
    assert lay.arrows == [("r1c1", "r2c1", RED)]
    render(scene)  # painting after the removal must not look the button up


def test_replaced_board_clears_every_overlay(scene):
    a, b = scene.overlay("a"), scene.overlay("b")
    a.set_marks({"r0c0": Mark(RED)})
    b.set_arrows([("r0c0", "r0c1", RED)])
    scene.document.replace_board(rectangle(3, 3))
    assert a.is_empty()
    assert b.is_empty()
    assert not is_red(pixel(scene, *ring_point(scene, "r0c0")))


def test_new_properties_keep_marks_on_the_rebuilt_store(scene):
    from lograph.ui.model.document import BoardProperties

    lay = scene.overlay("test")
    lay.set_marks({"r2c1": Mark(RED)})
    props = BoardProperties.of(scene.document.board)
    scene.document.set_properties(BoardProperties(props.name, "open", 3, props.directed))
    assert is_red(pixel(scene, *ring_point(scene, "r2c1")))


def test_many_marks_on_a_big_board_batch_into_discs(qapp):
    scene = BoardScene(Document(rectangle(60, 60)))
    lay = scene.overlay("many")
    ids = scene.document.board.buttons
    lay.set_marks({b: Mark(RED) for b in ids[::2]})  # 1800 rings: still drawn one by one
    x, y = ring_point(scene, ids[0])
    assert is_red(pixel(scene, x, y))
    lay.set_marks({b: Mark(RED) for b in ids})  # 3600: above the batching threshold
    cx, cy = scene.store.position(ids[0])
    assert is_red(pixel(scene, cx + RADIUS + 1, cy))  # a tinted disc reaching past the edge
