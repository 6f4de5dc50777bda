"""File ▸ Export: the board as a PNG or SVG picture (bare, as shown, or with the solution or
chase plan), the fewest-presses solution (JSON/CSV/TXT) and the analysis report (Markdown or
JSON).

Every write is atomic (the core's writers, or `atomic_write_bytes` for pictures); the file
dialogs start in the last export folder (QSettings ``export_dir``); any error is shown in a
dialog and leaves the board as it was. Slow work (a solution, a report) runs on a thread
behind a progress dialog with Cancel, so the window keeps painting.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QMenu,
    QMessageBox,
    QProgressDialog,
    QSpinBox,
    QWidget,
)

from lograph.core.errors import InterruptedComputation, LographError
from lograph.ui.io.render import (
    MARK_MODES,
    MAX_SIDE,
    chase_layers,
    check_folder,
    image_size,
    marks_for_export,
    solution_layers,
    write_image,
)
from lograph.ui.widgets import named

if TYPE_CHECKING:
    from lograph.ui.main_window import MainWindow

__all__ = ["ExportController", "ImageOptionsDialog", "busy_call", "install"]

log = logging.getLogger("lograph.ui")
T = TypeVar("T")
MARK_TEXT = {
    "shown": "As shown on the board",
    "none": "Board only",
    "solution": "Fewest-presses solution",
    "chase": "Chase plan",
}
IMAGE_FILTERS = {"PNG image (*.png)": ".png", "SVG drawing (*.svg)": ".svg"}
SOLUTION_FILTERS = {
    "JSON solution (*.json)": ".json",
    "CSV table (*.csv)": ".csv",
    "Text (*.txt)": ".txt",
}
REPORT_FILTERS = {"Markdown report (*.md)": ".md", "JSON report (*.json)": ".json"}


def busy_call(parent: QWidget | None, text: str, work: Callable[[Callable[[], bool]], T]) -> T:
    """Run ``work(cancel)`` on a thread; after a moment show a progress dialog with Cancel.

    Raises what `work` raises (`InterruptedComputation` when cancelled).
    """
    stop = threading.Event()
    done = threading.Event()
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["result"] = work(stop.is_set)
        except BaseException as exc:  # re-raised on the GUI thread
            box["error"] = exc
        finally:
            done.set()

    threading.Thread(target=run, name="lograph-export", daemon=True).start()
    if not done.wait(0.2):  # quick answers show no dialog at all
        dialog = QProgressDialog(text, "Cancel", 0, 0, parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.canceled.connect(stop.set)
        dialog.show()
        while not done.wait(0.03):
            QApplication.processEvents()
        dialog.close()
    if "error" in box:
        raise box["error"]
    result: T = box["result"]
    return result


class ImageOptionsDialog(QDialog):
    """Which marks to draw, and the picture's size (height follows the board's shape)."""

    def __init__(self, aspect: float, size: tuple[int, int], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Export Image")
        self.aspect = aspect
        form = QFormLayout(self)
        self.marks = named(QComboBox(), "export_marks")
        for mode in MARK_MODES:
            self.marks.addItem(MARK_TEXT[mode], mode)
        form.addRow("Marks", self.marks)
        self.width_box = named(QSpinBox(), "export_width")
        self.height_box = named(QSpinBox(), "export_height")
        for box, value in ((self.width_box, size[0]), (self.height_box, size[1])):
            box.setRange(16, MAX_SIDE)
            box.setValue(value)
            box.setSuffix(" px")
        self.width_box.valueChanged.connect(self._width_changed)
        form.addRow("Width", self.width_box)
        form.addRow("Height", self.height_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _width_changed(self, width: int) -> None:
        self.height_box.setValue(max(16, round(width / self.aspect)))

    def options(self) -> tuple[str, int, int]:
        return str(self.marks.currentData()), self.width_box.value(), self.height_box.value()


class ExportController(QObject):
    """The export actions of one window (made by `install`)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.document = window.document
        self.scene = window.scene
        self.settings = window.settings

    # ------------------------------------------------------------------ helpers
    def goal(self) -> str:
        return str(getattr(self.window.tools["play"], "goal", "off"))

    def _error(self, title: str, exc: BaseException) -> None:
        log.warning("%s: %s", title, exc)
        if isinstance(exc, OSError):
            text = f"{exc.filename}: {exc.strerror or exc}" if exc.filename else str(exc)
        elif isinstance(exc, LographError | MemoryError):
            text = str(exc) or "out of memory: the board is too large"
        else:
            log.error("unexpected export error", exc_info=exc)
            text = f"Unexpected error: {type(exc).__name__}: {exc}"
        QMessageBox.critical(self.window, title, text)

    def export_dir(self) -> str:
        fallback = self.settings.value("last_dir", str(Path.home()))
        return str(self.settings.value("export_dir", fallback))

    def _ask_path(self, title: str, filters: dict[str, str], stem: str) -> Path | None:
        name = (self.document.board.name or "board").replace(" ", "_")
        start = str(Path(self.export_dir()) / f"{name}{stem}{next(iter(filters.values()))}")
        path, chosen = QFileDialog.getSaveFileName(self.window, title, start, ";;".join(filters))
        if not path:
            return None
        result = Path(path)
        if result.suffix.lower() not in filters.values():
            result = result.with_name(
                result.name + filters.get(chosen, next(iter(filters.values())))
            )
        self.settings.setValue("export_dir", str(result.resolve().parent))
        return result

    def _done(self, path: Path, what: str) -> None:
        self.window.statusBar().showMessage(f"{what} written to {path}", 6000)

    # ------------------------------------------------------------------ image
    def export_image_dialog(self) -> bool:
        rect = self.scene.board_rect()
        aspect = rect.width() / max(rect.height(), 1e-9)
        dialog = ImageOptionsDialog(aspect, image_size(self.scene), self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        mode, width, height = dialog.options()
        path = self._ask_path("Export image", IMAGE_FILTERS, "")
        return path is not None and self.export_image(path, mode, width, height)

    def export_image(
        self,
        path: str | Path,
        mode: str = "shown",
        width: int | None = None,
        height: int | None = None,
    ) -> bool:
        """Write the board picture; `mode` is one of `MARK_MODES`. False after an error."""
        path = Path(path)
        board = self.document.board
        try:
            check_folder(path)
            layers = []
            if mode == "solution":
                copy, goal = board.copy(), self.goal()
                layers = busy_call(
                    self.window,
                    "Finding the fewest presses…",
                    lambda c: solution_layers(copy, goal, c),
                )
            elif mode == "chase":
                copy = board.copy()
                layers = busy_call(
                    self.window, "Finding a chase plan…", lambda c: chase_layers(copy, c)
                )
            with marks_for_export(self.scene, mode, layers):
                write_image(self.scene, path, width, height, title=board.name)
        except InterruptedComputation:
            return False
        except (LographError, OSError, MemoryError) as exc:
            self._error("Cannot export image", exc)
            return False
        self._done(path, "Image")
        return True

    # ------------------------------------------------------------------ solution
    def export_solution_dialog(self) -> bool:
        path = self._ask_path("Export solution", SOLUTION_FILTERS, "_solution")
        return path is not None and self.export_solution(path)

    def export_solution(self, path: str | Path) -> bool:
        """Write the fewest-presses solution from the current position to the goal."""
        from lograph.core.files import write_solution
        from lograph.core.optimize.minimal import solve_minimal

        path = Path(path)
        system, goal = self.document.press_system(), self.goal()
        try:
            check_folder(path)
            best = busy_call(
                self.window,
                "Finding the fewest presses…",
                lambda c: solve_minimal(system, goal, cancel=c),
            )
            info = {
                "goal": goal,
                "fewest": best.exact,
                "optimal_solutions": best.optimal_solutions,
                "solutions": best.solutions,
                "method": best.method,
            }
            if self.document.board.name:
                info["board"] = self.document.board.name
            write_solution(path, system, best.presses, info=info)
        except InterruptedComputation:
            return False
        except (LographError, OSError, MemoryError) as exc:
            self._error("Cannot export solution", exc)
            return False
        self._done(path, f"Solution ({best.press_count} presses)")
        return True

    # ------------------------------------------------------------------ report
    def export_report_dialog(self) -> bool:
        path = self._ask_path("Export analysis report", REPORT_FILTERS, "_report")
        return path is not None and self.export_report(path)

    def export_report(self, path: str | Path) -> bool:
        """Write the analysis report (figures, quiet patterns, chase recipe and table)."""
        from lograph.core.report.report import board_report, write_report

        path = Path(path)
        board = self.document.board.copy()
        try:
            if path.suffix.lower() not in REPORT_FILTERS.values():
                raise LographError(f"{path.name}: a report is written as .md or .json")
            check_folder(path)
            report = busy_call(
                self.window, "Analysing the board…", lambda c: board_report(board, cancel=c)
            )
            write_report(path, report)
        except InterruptedComputation:
            return False
        except (LographError, OSError, MemoryError) as exc:
            self._error("Cannot export report", exc)
            return False
        self._done(path, "Report")
        return True


#: name, text, shortcut, tip
ACTIONS = (
    ("export_image", "&Image…", "Ctrl+E", "Save a picture of the board (PNG or SVG)"),
    ("export_solution", "&Solution…", "Ctrl+Shift+E", "Save the fewest-presses solution"),
    ("export_report", "Analysis &Report…", "Ctrl+Alt+E", "Save the analysis (Markdown or JSON)"),
)


def install(window: MainWindow) -> ExportController:
    """Add File ▸ Export ▸ Image / Solution / Analysis Report to `window`."""
    controller = ExportController(window)
    handlers = {
        "export_image": controller.export_image_dialog,
        "export_solution": controller.export_solution_dialog,
        "export_report": controller.export_report_dialog,
    }
    file_menu = window.menus["file"]
    submenu = QMenu("&Export", file_menu)
    submenu.setObjectName("export_menu")
    file_menu.insertMenu(window.action("quit"), submenu)
    file_menu.insertSeparator(window.action("quit"))
    window.menus["export"] = submenu
    for name, text, keys, tip in ACTIONS:
        act = QAction(text, window)
        act.setObjectName(name)
        act.setShortcut(QKeySequence(keys))
        act.setStatusTip(tip)
        act.triggered.connect(handlers[name])
        window.add_action("export", act)
    return controller
