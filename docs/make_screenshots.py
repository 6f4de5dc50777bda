"""Regenerate the README screenshots: ``.venv/bin/python docs/make_screenshots.py``.

Runs the real window offscreen (no display needed), with a throw-away settings file.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication

from lograph.core.files import read_board
from lograph.ui.main_window import MainWindow

HERE = Path(__file__).resolve().parent
GRAPHS = HERE.parent / "graphs"


def settle(app: QApplication, rounds: int = 60) -> None:
    """Let background analysis and debounce timers finish."""
    import time

    for _ in range(rounds):
        app.processEvents()
        time.sleep(0.05)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings=settings)
        window.resize(1300, 850)
        window.show()
        board = read_board(GRAPHS / "classic-5x5.txt")
        for button in ("r0c0", "r1c1", "r2c3", "r3c3", "r4c2"):
            board.press(button)
        window.document.replace_board(board)
        window.set_mode("play")
        settle(app)
        window.action("analysis_show_solution").trigger()
        settle(app)
        window.grab().save(str(HERE / "screenshot.png"))
        window.action("analysis_show_solution").trigger()
        window.chase.show_plan(True)
        if window.chase.dock is not None:
            window.chase.dock.raise_()
        settle(app)
        window.chase.chase()  # play the forced presses as a person would
        settle(app, 200)
        window.grab().save(str(HERE / "screenshot-chase.png"))
        window.document.undo_stack.setClean()
        window.close()
    QCoreApplication.processEvents()
    print(f"wrote {HERE / 'screenshot.png'} and {HERE / 'screenshot-chase.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
