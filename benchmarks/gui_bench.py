"""Timings of the window on a big board: open a 200×200 file, press, zoom, full repaint.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/gui_bench.py [SIDE]``.
Each figure is the median of a few runs, event processing and painting included.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings


def timed(action, repeat: int = 5) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main(side: int = 200) -> None:
    from lograph.core.files import write_board
    from lograph.core.model.generators import rectangle
    from lograph.ui.app import create_application
    from lograph.ui.main_window import MainWindow
    from lograph.ui.model.commands import PressCommand

    app = create_application()
    tmp = Path(tempfile.mkdtemp())
    path = tmp / f"grid{side}.txt"
    write_board(rectangle(side, side), path)
    window = MainWindow(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
    window.resize(1200, 850)
    window.show()
    app.processEvents()

    def open_board() -> None:
        window.document.undo_stack.setClean()
        window.files.open_path(path, ask=False)
        window.view.fit()
        window.view.viewport().repaint()

    print(f"{side}×{side} board, {side * side} buttons, window 1200×850")
    print(f"open file + first frame: {timed(open_board, 3) * 1000:8.1f} ms")
    doc, view = window.document, window.view
    window.set_mode("play")
    middle = f"r{side // 2}c{side // 2}"

    def press() -> None:
        doc.push(PressCommand(doc, middle))
        app.processEvents()  # the repaint of the five changed discs

    view.fit()
    app.processEvents()
    print(f"press (fit, whole board visible): {timed(press, 9) * 1000:8.1f} ms")
    view.zoom_by(10)
    app.processEvents()
    print(f"press (zoomed in):                {timed(press, 9) * 1000:8.1f} ms")
    view.fit()
    app.processEvents()
    print(f"full frame at fit:                {timed(view.viewport().repaint) * 1000:8.1f} ms")

    def zoom() -> None:
        view.zoom_in()
        view.viewport().repaint()

    print(f"zoom step + frame:                {timed(zoom, 8) * 1000:8.1f} ms")
    window.scramble()
    app.processEvents()
    print(f"scramble + frame:                 {timed(window.scramble, 3) * 1000:8.1f} ms")
    doc.undo_stack.setClean()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
