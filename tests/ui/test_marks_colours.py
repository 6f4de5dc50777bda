"""One colour (and shape) per meaning, the same in the window and in exported pictures; k
light colours that stay apart up to 12 lit values (then cycle), each with a readable digit.

Independent answers: colour distances computed here from the sRGB → CIELAB formulas (not the
palette's code), WCAG contrast recomputed here, pixels read back from rendered images.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from lograph.core.model.generators import rectangle
from lograph.ui.analysis.solution import press_marks
from lograph.ui.canvas.items import RADIUS
from lograph.ui.canvas.overlay import DASHED_RING, INNER_RING, OUTER_RING, RING, mark
from lograph.ui.canvas.palette import LIT, MARKS, light_colors, text_on
from lograph.ui.picture.chase_plan import compute_chase, plan_marks, row_marks
from lograph.ui.picture.render import (
    render_bytes,
    scene_for,
    solution_layers,
)


def lab(c: QColor) -> tuple[float, float, float]:
    def linear(u: float) -> float:
        return u / 12.92 if u <= 0.04045 else ((u + 0.055) / 1.055) ** 2.4

    r, g, b = linear(c.redF()), linear(c.greenF()), linear(c.blueF())
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def wcag(a: QColor, b: QColor) -> float:
    def lum(c: QColor) -> float:
        ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
              for v in (c.redF(), c.greenF(), c.blueF())]  # fmt: skip
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def near(c: QColor, want: QColor, tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(c.getRgb()[:3], want.getRgb()[:3], strict=True))


# ------------------------------------------------------------------ the light palette
def test_thirteen_values_are_pairwise_far_apart_and_readable():
    """0 … 12 (twelve lit values and dark): every pair differs by ΔE*76 > 30 (clearly
    different at a glance), and the digit drawn on each has WCAG contrast ≥ 4.5."""
    colors = light_colors(13)
    assert len({c.name() for c in colors}) == 13
    closest = min(math.dist(lab(a), lab(b)) for a, b in itertools.combinations(colors, 2))
    assert closest > 30
    assert min(wcag(c, text_on(c)) for c in colors) >= 4.5


@pytest.mark.parametrize("k", [2, 3, 5, 7, 11, 13, 64, 255])
def test_any_k_gets_k_colours_cycling_after_twelve(k):
    colors = light_colors(k)
    assert len(colors) == k
    assert colors[0].name() == light_colors(2)[0].name()
    assert colors[1].name() == "#ffd43b"  # the classic yellow of a two-state board
    for v in range(1, k):
        assert colors[v].name() == colors[(v - 1) % len(LIT) + 1].name()


def render(scene, scale: float = 2.0) -> tuple[QImage, QRectF]:
    rect = scene.board_rect()
    image = QImage(
        int(rect.width() * scale), int(rect.height() * scale), QImage.Format.Format_RGB32
    )
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image, rect


def pixel(image: QImage, rect: QRectF, x: float, y: float) -> QColor:
    sx = image.width() / rect.width()
    return image.pixelColor(round((x - rect.left()) * sx), round((y - rect.top()) * sx))


@pytest.mark.parametrize("k", [2, 3, 5, 7, 11, 13])
def test_board_with_k_states_shows_each_value_and_its_digit(qapp, k):
    board = rectangle(4, 4, states=k)
    for i, b in enumerate(board.buttons):
        board.set_light(b, i % k)
    scene = scene_for(board)
    image, rect = render(scene, 3.0)
    colors = light_colors(k)
    for i, b in enumerate(board.buttons):
        value = i % k
        x, y = scene.store.position(b)
        # the disc's colour beside the digit
        assert near(pixel(image, rect, x, y + RADIUS * 0.75), colors[value])
        ink = text_on(colors[value])
        box = [pixel(image, rect, x + dx, y + dy) for dx in range(-5, 6) for dy in range(-5, 6)]
        inked = sum(near(c, ink, 60) and not near(c, colors[value], 60) for c in box)
        if k > 2:
            assert inked >= 4, (b, value)  # the digit is drawn, in a readable ink
        else:
            assert inked == 0  # two states: plain discs


# ------------------------------------------------------------------ one colour per meaning
def test_solution_is_marked_alike_in_the_window_and_in_exports(qapp):
    """The window's solution marks and the exporter's are the same marks: "press" rings."""
    board = rectangle(3, 3)
    for b in board.buttons:
        board.set_light(b, 1)
    exported = solution_layers(board)[0].marks
    presses = np.zeros(9, dtype=np.uint8)
    for b in exported:
        presses[board.buttons.index(b)] = 1
    window = press_marks(board.buttons, presses)
    assert window == exported
    press = MARKS["press"]
    assert {(m.color, m.style) for m in window.values()} == {(press.color, press.style)}


def ring_coverage(
    image: QImage, rect: QRectF, x: float, y: float, color: QColor, r: float = RING
) -> float:
    """Share of points around the ring of radius `r` that have the ring's colour."""
    points = [(x + r * math.cos(t), y + r * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 96)]
    return sum(near(pixel(image, rect, px, py), color, 40) for px, py in points) / len(points)


def test_overlapping_marks_all_stay_readable_in_window_and_png(qapp):
    """Seen in a real window: the blue forcing ring covered the step badge ("13" read "1"),
    arrowheads vanished under solution rings, a solution ring hid a lit check light's ring,
    and the chosen table row wore the solution's green ring. All at once on the 5×5 here,
    each overlay where the window puts it, read back from the scene and the exported PNG."""
    from lograph.ui.chase.marks import ChaseMarks

    board = rectangle(5, 5)
    scene = scene_for(board)
    data = compute_chase(board.to_system())
    chase = ChaseMarks(scene)
    chase.draw_plan(data)
    rings, badges, arrows = plan_marks(data)
    free = sorted(rings)
    row = row_marks(data, data.table.presses[1])
    chase.mark_row(data, data.table.presses[1])
    pattern = np.ones(len(data.check_ids), dtype=np.uint8)
    chase.mark_lit(data, pattern)
    everything = np.ones(len(board), dtype=np.uint8)
    scene.overlay("analysis.solution").set_marks(press_marks(board.buttons, everything))
    light, button = arrows[12][0], arrows[12][1]  # a press being played: ring and badge
    chase.step.set_marks({light: mark("forcing"), button: mark("pressing", "13")})
    chase.step.set_arrows([(light, button, MARKS["force"].color)])
    solid, dashed = QColor(MARKS["press"].color), QColor(MARKS["free"].color)
    brown, purple = QColor(MARKS["row"].color), QColor(MARKS["check_on"].color)
    blue = QColor(MARKS["force"].color)
    assert min(math.dist(lab(a), lab(b)) for a, b in
               itertools.combinations((solid, dashed, brown, purple, blue), 2)) > 25  # fmt: skip
    image, rect = render(scene, 3.0)
    png = QImage.fromData(render_bytes(scene, ".png", (int(rect.width() * 3),) * 2))
    for picture in (image, png):
        for b in board.buttons:
            x, y = scene.store.position(b)
            assert ring_coverage(picture, rect, x, y, solid) > 0.6, b  # arrows, neighbours' dashes
            if b in free:  # outside the solid ring, and outside the row's ring around it
                assert 0.3 < ring_coverage(picture, rect, x, y, dashed, DASHED_RING) < 0.8
            if b in row:
                assert ring_coverage(picture, rect, x, y, brown, OUTER_RING) > 0.75
            else:
                assert ring_coverage(picture, rect, x, y, brown, OUTER_RING) < 0.15
            if b in data.check_ids:  # inside the disc: no solution ring covers it
                assert ring_coverage(picture, rect, x, y, purple, INNER_RING) > 0.6
        # every step badge shows its whole number: nothing blue or green over its box
        for b, badge in badges.items():
            x, y = scene.store.position(b)
            box = [pixel(picture, rect, x + RADIUS * 0.75 + dx, y - RADIUS * 0.75 + dy)
                   for dx in range(-4, 5) for dy in range(-4, 5)]  # fmt: skip
            assert not any(near(c, blue, 30) or near(c, solid, 30) for c in box), (b, badge)
        # arrowheads sit on top of the solution rings: the tip's colour is the arrow's
        for a, b, _ in arrows:
            (xa, ya), (xb, yb) = scene.store.position(a), scene.store.position(b)
            d = math.dist((xa, ya), (xb, yb))
            tip = (xb - (xb - xa) / d * (RADIUS + 3.5), yb - (yb - ya) / d * (RADIUS + 3.5))
            assert near(pixel(picture, rect, *tip), blue, 40), (a, b)


def test_badges_and_arrows_are_above_every_ring_and_discs_below(qapp):
    board = rectangle(2, 2)
    scene = scene_for(board)
    lays = [scene.overlay(n, z=z) for n, z in (("a", 10), ("b", 12), ("c", 14))]
    middles = [lay.zValue() for lay in lays]
    unders = [lay.parts[0].zValue() for lay in lays]
    tops = [lay.parts[1].zValue() for lay in lays]
    assert 1 < min(unders) <= max(unders) < 2.5  # above the buttons, below every ring
    assert min(tops) > max(middles)
    lays[0].set_visible(False)
    assert not any(part.isVisible() for part in lays[0].parts)


def test_each_meaning_has_its_own_colour_and_shape():
    """No two meanings share a shape; a colour is shared only within one idea (press and
    press now, check light and lit check light, the forcing arrow and ring); and every ring
    that can meet another on one button has its own radius."""
    styles = [m.style for m in MARKS.values()]
    assert len(set(styles)) == len(styles)
    families = [{"press", "hint"}, {"check", "check_on"}, {"force", "forcing"}]
    for a, b in itertools.combinations(MARKS, 2):
        if MARKS[a].color == MARKS[b].color:
            assert {a, b} in families, (a, b)
        else:
            assert math.dist(lab(QColor(MARKS[a].color)), lab(QColor(MARKS[b].color))) > 20
    assert MARKS["row"].color != MARKS["press"].color  # "press these" of a row ≠ a solution
    assert INNER_RING < RADIUS < RING < OUTER_RING < DASHED_RING


def test_every_mark_the_window_draws_has_its_meanings_colour_and_shape(qtbot, window):
    """The window's own overlays (hint, next step, world, quiet) use the palette's looks, so
    the legend and the board cannot disagree (the hint was still a disc, the world a dot)."""
    from tests.ui.helpers import load
    from tests.ui.test_analysis_figures import settle

    looks = {(m.color, m.style): name for name, m in MARKS.items()}

    def drawn(overlay: str) -> set[str]:
        marks = window.scene.overlay(overlay).marked().values()
        assert all((m.color, m.style) in looks for m in marks), (overlay, marks)
        return {looks[(m.color, m.style)] for m in marks}

    board = rectangle(4, 4)  # nullity 4: quiet patterns, and positions in other worlds
    board.press("r1c1")
    load(window, board)
    settle(qtbot, window)
    window.action("analysis_hint").trigger()
    qtbot.waitUntil(lambda: drawn("analysis.hint") == {"hint"}, timeout=20_000)
    window.session.set_shown("quiet", True)
    window.analysis.panel.quiet.draw()
    assert drawn("analysis.quiet") == {"quiet"}
    unsolvable = rectangle(4, 4)
    unsolvable.set_light("r0c0", 1)  # one corner alone: another world
    load(window, unsolvable)
    settle(qtbot, window)
    assert not window.analysis.model.position.solvable
    qtbot.waitUntil(lambda: drawn("analysis.world") == {"world"}, timeout=20_000)
