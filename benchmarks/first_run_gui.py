"""The window's first analysis, for `first_run.py --gui`: seconds from the process's start
until the window is shown, then from opening `board` until every job the window started for
it has finished (the analysis, the fewest presses and histogram it asks for on its own, the
chase plan). The window starts its kernel warm-up first, as `lograph gui` does."""

from __future__ import annotations

import os
import time

START = time.perf_counter()


def first_analysis(board: str, chasing: bool = False) -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from lograph.core.kernels import compile_notice
    from lograph.ui.app import create_application
    from lograph.ui.main_window import MainWindow

    create_application()
    ini = os.path.join(os.getcwd(), "gui.ini")
    if os.path.exists(ini):  # every run starts from the default layout
        os.remove(ini)
    window = MainWindow(settings=QSettings(ini, QSettings.Format.IniFormat))
    start_warmup = getattr(window, "start_warmup", None)  # (a tree from before the warm-up)
    if start_warmup is not None:
        start_warmup()  # as `lograph gui` does: the warm-up competes for the cores
    window.show()
    QApplication.processEvents()
    shown = time.perf_counter() - START
    if chasing:  # the Chasing tab in front: the window makes the chase plan too
        window.chase.dock.show()
        window.chase.dock.raise_()
    window.files.open_path(board, ask=False)
    model = window.analysis_model
    loop = QEventLoop()

    def check() -> None:
        if model.analysis is not None and not model.pending and not window.jobs.active:
            loop.quit()

    timer = QTimer()
    timer.timeout.connect(check)
    timer.start(5)
    loop.exec()
    elapsed = time.perf_counter() - START
    import sys

    print(
        f"window shown after {shown:.2f} s; numba loaded: {'numba' in sys.modules}; "
        f"compiled: {getattr(compile_notice, 'compiled_kernels', list)()}",
        file=sys.stderr,
    )
    window.document.undo_stack.setClean()
    window.close()
    QApplication.processEvents()
    return f"{shown:.3f} {elapsed - shown:.3f}"
