"""Draw lograph's application icon, ``lograph/ui/icons/lograph.png``, with the window's own
renderer: a 3×3 board with a cross of lights on, on a rounded tile.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/make_app_icon.py
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath
from PySide6.QtWidgets import QApplication

from lograph.core.model.generators import rectangle
from lograph.ui.picture.render import render_bytes, scene_for

SIDE = 256
TARGET = Path(__file__).resolve().parents[1] / "lograph" / "ui" / "icons" / "lograph.png"


def main() -> None:
    app = QApplication.instance() or QApplication([])
    board = rectangle(3, 3)
    board.set_lights({"r0c1": 1, "r1c0": 1, "r1c1": 1, "r1c2": 1, "r2c1": 1})
    inner = int(SIDE * 0.84)
    picture = QImage.fromData(render_bytes(scene_for(board), ".png", (inner, inner)))
    icon = QImage(SIDE, SIDE, QImage.Format.Format_ARGB32_Premultiplied)
    icon.fill(Qt.GlobalColor.transparent)
    painter = QPainter(icon)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    tile = QPainterPath()
    tile.addRoundedRect(QRectF(4, 4, SIDE - 8, SIDE - 8), 44, 44)
    painter.fillPath(tile, QColor("#eef0f3"))
    painter.setClipPath(tile)
    offset = (SIDE - inner) // 2
    painter.drawImage(offset, offset, picture)
    painter.end()
    icon.save(str(TARGET), "PNG")
    print(f"wrote {TARGET} ({TARGET.stat().st_size} bytes)")
    del app


if __name__ == "__main__":
    main()
