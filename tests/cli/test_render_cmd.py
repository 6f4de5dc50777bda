"""``lograph render``: PNG and SVG pictures, with solution or chase marks; one-line errors.

Independent answers: a brute-force fewest-presses search over every press vector of a
3×3 board, pressing on a board copy, Qt's image reader and xml.etree.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from lograph.cli import main
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.ui.canvas.items import RADIUS
from lograph.ui.canvas.overlay import DASHED_RING
from lograph.ui.canvas.palette import MARKS
from lograph.ui.picture.chase_plan import FREE
from tests.cli.helpers import board_file
from tests.references import fewest_to_goal

PRESS = MARKS["press"].color  # the solution's rings (a table row's are brown)


def near(c: QColor, hex_color: str, tol: int = 40) -> bool:
    want = QColor(hex_color)
    return all(abs(a - b) <= tol for a, b in zip(c.getRgb()[:3], want.getRgb()[:3], strict=True))


def ringed(board: Board, image: QImage, color: str, ring: float = RADIUS + 4) -> set[str]:
    """Buttons with `color` on the ring of radius `ring` in a picture of `board`."""
    from lograph.ui.picture.render import scene_for

    scene = scene_for(board)  # the same layout the command drew
    rect = scene.board_rect()
    scale = min(image.width() / rect.width(), image.height() / rect.height())
    x0 = (image.width() - rect.width() * scale) / 2
    y0 = (image.height() - rect.height() * scale) / 2
    out = set()
    for b in board.buttons:
        x, y = scene.store.position(b)
        point = QPointF(x0 + (x + ring - rect.left()) * scale, y0 + (y - rect.top()) * scale)
        if near(image.pixelColor(round(point.x()), round(point.y())), color):
            out.add(b)
    return out


def test_png_with_size_and_pixels(tmp_path, capsys, qapp):
    board = rectangle(4, 6)
    out = tmp_path / "b.png"
    assert main(["render", board_file(tmp_path, board), "-o", str(out), "--width", "360"]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {out} (360×")
    image = QImage(str(out))
    assert image.width() == 360
    assert 200 < image.height() < 300  # follows the board's 6:4 shape
    colors = {image.pixel(x, y) for x in range(0, 360, 7) for y in range(0, image.height(), 7)}
    assert len(colors) > 3  # background, edges, discs, outlines: not blank


def test_svg_parses(tmp_path, capsys, qapp):
    out = tmp_path / "b.svg"
    args = ["render", board_file(tmp_path, rectangle(3, 3)), "-o", str(out)]
    assert main([*args, "--json", "--height", "250"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "svg"
    assert data["height"] == 250
    root = ET.parse(out).getroot()
    tags = [e.tag.rsplit("}", 1)[-1] for e in root.iter()]
    assert tags.count("circle") + tags.count("path") >= 9


def test_solution_overlay_marks_a_fewest_press_solution(tmp_path, qapp):
    board = rectangle(3, 3)
    out = tmp_path / "s.png"
    path = board_file(tmp_path, board)
    assert main(["render", path, "-o", str(out), "--overlay", "solution", "--goal", "on"]) == 0
    marked = ringed(board, QImage(str(out)), PRESS)
    assert len(marked) == fewest_to_goal(board, "on")
    probe = board.copy()
    for b in marked:
        probe.press(b)
    assert probe.is_goal("on")


def test_chase_overlay_rings_the_free_row(tmp_path, qapp):
    board = rectangle(5, 5)
    out = tmp_path / "c.png"
    assert main(["render", board_file(tmp_path, board), "-o", str(out), "--overlay", "chase"]) == 0
    free = ringed(board, QImage(str(out)), FREE, DASHED_RING)  # free buttons: a dashed ring
    assert len(free) == 5
    assert len({b[:2] for b in free}) == 1  # one whole side row (5 rows × 5 columns)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-o", "{tmp}/x.gif"], "pictures are written as .png or .svg, not .gif"),
        (["-o", "{tmp}/x"], "not (no extension)"),
        (["-o", "{tmp}/nowhere/x.png"], "no such folder"),
        (["-o", "{tmp}/x.png", "--width", "0"], "--width must be 1..16384"),
        (["-o", "{tmp}/x.png", "--overlay", "solution"], "cannot be reached"),
    ],
)
def test_bad_input_is_one_line_exit_2(tmp_path, capsys, qapp, argv, message):
    board = rectangle(5, 5)
    board.set_light("r0c0", 1)  # unsolvable on the 5×5
    path = board_file(tmp_path, board)
    argv = [a.format(tmp=tmp_path) for a in argv]
    assert main(["render", path, *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("lograph: error: ")
    assert message in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.json"]


def test_missing_board(tmp_path, capsys):
    assert main(["render", str(tmp_path / "none.json"), "-o", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "none.json" in err


def test_headless_process_without_display(tmp_path):
    """A fresh process with no display and no QT_QPA_PLATFORM still draws (offscreen)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    path = board_file(tmp_path, rectangle(2, 2))
    out = tmp_path / "p.png"
    code = "import sys; from lograph.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run(
        [sys.executable, "-c", code, "render", path, "-o", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_module_does_not_import_qt():
    code = (
        "import sys, lograph.cli.render_cmd, lograph.cli.common; "
        "print(any(m.startswith('PySide6') for m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "False"


@pytest.mark.parametrize("name", ["board.txt", "board.json"])
def test_boards_too_big_to_draw_are_refused(tmp_path, capsys, monkeypatch, name):
    from lograph.cli import render_cmd

    monkeypatch.setattr(render_cmd, "RENDER_LIMIT", 20)
    path = board_file(tmp_path, rectangle(5, 5), name)
    out = tmp_path / "big.png"
    assert main(["render", path, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "25 buttons are too many to draw (limit 20)" in err
    assert not out.exists()
