"""The legend shows every mark the board can draw (drawn by the board's own code), and the
chase's lookup table names buttons as the board does (step numbers), with the pattern's
digit order spelled out.

Independent answers: the colours of the palette read back from the legend's pictures, and
the step badges read from the board's overlay.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage

from lograph.core.model.generators import rectangle
from lograph.ui.canvas.legend import OTHER, LegendWidget, lights_sample, sample
from lograph.ui.canvas.palette import MARKS, Canvas, light_colors

from .helpers import load
from .test_chase_view import chase, ready, scrambled


def count_near(image: QImage, want: QColor, tol: int = 25) -> int:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    data = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.sizeInBytes() // 4)
    rgb = np.stack([(data >> 16) & 255, (data >> 8) & 255, data & 255], axis=1).astype(int)
    target = np.array(want.getRgb()[:3])
    return int((np.abs(rgb - target).max(axis=1) <= tol).sum())


def test_every_mark_kind_has_a_legend_line(qapp):
    legend = LegendWidget()
    assert legend.entries[0] == "lights"
    assert set(legend.entries) == {"lights"} | set(MARKS) | set(OTHER)
    assert {"loop_extra", "loop_missing", "wrap"} <= set(legend.entries)
    for name in legend.entries[1:]:
        text = legend.findChild(type(legend.lights), f"legend_{name}")
        assert text is not None
        assert not text.pixmap().isNull()


@pytest.mark.parametrize("name", list(MARKS))
def test_each_sample_is_drawn_in_its_meanings_colour(qapp, name):
    image = sample(name, 80).toImage()
    want = QColor(MARKS[name].color)
    if MARKS[name].style == "fill":  # a translucent disc (alpha 150) over the dark light
        a, dark = 150 / 255, light_colors(2)[0]
        want = QColor(*(round(a * x + (1 - a) * y) for x, y in
                        zip(want.getRgb()[:3], dark.getRgb()[:3], strict=True)))  # fmt: skip
    if MARKS[name].style == "glow":  # a translucent band (alpha 110) around the disc
        a, ground = 110 / 255, Canvas.background
        want = QColor(*(round(a * x + (1 - a) * y) for x, y in
                        zip(want.getRgb()[:3], ground.getRgb()[:3], strict=True)))  # fmt: skip
    assert count_near(image, want) >= 12


@pytest.mark.parametrize(
    ("name", "color"),
    [("loop_extra", Canvas.loop), ("loop_missing", Canvas.strike), ("wrap", Canvas.wrap)],
)
def test_loops_and_wraps_have_their_samples(qapp, name, color):
    assert count_near(sample(name, 80).toImage(), color, 20) >= 12


@pytest.mark.parametrize("k", [2, 3, 7, 13])
def test_lights_line_shows_each_value(qapp, k):
    image = lights_sample(k).toImage()
    for c in light_colors(k):
        assert count_near(image, c, 6) >= 10


def test_legend_follows_the_boards_states(window):
    board = rectangle(3, 3, states=5)
    load(window, board)
    legend = window.chase.panel.legend
    assert "0 … 4" in legend.lights_text.text()
    image = legend.lights.pixmap().toImage()
    assert count_near(image, light_colors(5)[4], 6) >= 10


def badges(window) -> dict[str, str]:
    return {b: m.label for b, m in window.scene.overlay("chase_steps").marked().items()}


def test_table_names_buttons_by_the_step_numbers_on_the_board(window, qtbot):
    load(window, rectangle(5, 5))
    view = window.chase
    ready(qtbot, view)
    data, widget = view.data, view.panel.table
    on_board = badges(window)
    free_steps = [on_board[b] for b in data.free_ids]
    check_steps = [on_board[b] for b in data.check_ids]
    for row in range(widget.rowCount()):
        presses = data.table.presses[row]
        shown = widget.item(row, 2).text()
        want = [s for s, t in zip(free_steps, presses.tolist(), strict=True) if t]
        assert re.findall(r"\d+", shown) == want or (shown == "none" and not want)
        # the ids stay at hand, in the tooltip
        ids = [b for b, t in zip(data.free_ids, presses.tolist(), strict=True) if t]
        assert widget.item(row, 2).toolTip().split() == ids or not ids
        lit = widget.item(row, 3).text()
        pattern = data.table.patterns[row]
        assert re.findall(r"\d+", lit) == [
            s for s, v in zip(check_steps, pattern, strict=True) if v
        ]
    # the pattern's digit order: the check lights' steps, left to right, said in the summary
    # and in the Pattern header's tooltip
    order = " ".join(check_steps)
    assert f"steps {order}" in view.panel.summary.text()
    tip = widget.horizontalHeaderItem(0).toolTip()
    assert all(f"step {s} ({b})" in tip for s, b in zip(check_steps, data.check_ids, strict=True))
    assert tip.index(f"step {check_steps[0]}") < tip.index(f"step {check_steps[-1]}")


@pytest.mark.parametrize("plan_shown", [True, False])
def test_chase_messages_name_buttons_as_the_board_shows_them(window, qtbot, plan_shown):
    rng = np.random.default_rng(7)
    load(window, scrambled(rectangle(5, 5), rng))
    view = window.chase
    ready(qtbot, view, show=plan_shown)
    chase(qtbot, view)
    text = view.panel.message.text()
    assert "Solved" not in text  # this position needs the lookup
    assert view.free_presses
    on_board = {view.data.names[w]: str(i + 1) for i, w in enumerate(view.data.plan.buttons)}
    for b in view.free_presses:
        r, c = int(b[1]), int(b[3])  # r<d>c<d> on the 5×5
        if plan_shown:  # the step numbers drawn on the board
            assert re.search(rf"steps? [^)]*\b{on_board[b]}\b", text)
        else:  # no numbers drawn: rows and columns
            assert f"row {r + 1}, column {c + 1}" in text
    assert not re.search(r"\br\dc\d", text)  # never the internal ids


def test_the_step_badge_in_the_legend_is_drawn_near_its_board_size(window):
    """Seen in a real window: the Legend's step badge was a 6-pixel smudge (a 58-unit area
    squeezed into 34 pixels); its digit is drawn at 10 pixels on the board."""
    from PySide6.QtWidgets import QLabel

    from lograph.ui.canvas.legend import _scene_of

    legend = window.chase.panel.legend
    for name in ("step", "pressing"):
        shown = legend.findChild(QLabel, f"legend_{name}").pixmap()
        _scene, area = _scene_of(name)
        assert shown.width() / area.width() >= 0.9, name  # the digit at 9 pixels or more
        # and nothing but the sample: no button number drawn under its disc
        image = shown.toImage()
        low = [image.pixelColor(x, y) for y in range(shown.height() - 6, shown.height())
               for x in range(shown.width())]  # fmt: skip
        assert all(abs(c.lightness() - Canvas.background.lightness()) < 30 for c in low)
