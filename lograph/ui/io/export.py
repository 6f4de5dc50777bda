"""File ▸ Export: the board as a PNG or SVG picture (bare, as shown, or with the solution or
chase plan), the fewest-presses solution (JSON/CSV/TXT) and the analysis report (Markdown or
JSON).

Every write is atomic (the core's writers, or `atomic_write_bytes` for pictures); the file
dialogs start in the last export folder (QSettings ``export_dir``); any error is shown in a
dialog and leaves the board as it was. Slow work (a solution, a chase plan, a report) runs on
the window's job runner behind a progress dialog with Cancel (shown only when the work takes
a moment), so the window keeps painting; `ExportController.finished` tells the outcome.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QMessageBox,
    QProgressDialog,
    QSpinBox,
    QWidget,
)

from lograph.core.errors import LographError
from lograph.core.optimize.fewest import FewestSolution
from lograph.ui.actions import make_action
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.io.filectl import proposed_stem
from lograph.ui.model.document import Document
from lograph.ui.model.jobs import Job, JobRunner
from lograph.ui.model.session import Session
from lograph.ui.model.words import count_of
from lograph.ui.picture.render import (
    MARK_MODES,
    MAX_SIDE,
    Layer,
    chase_layers,
    check_folder,
    image_size,
    marks_for_export,
    solution_layers,
    write_image,
)
from lograph.ui.widgets import named

__all__ = ["ACTIONS", "ExportController", "ImageOptionsDialog"]

log = logging.getLogger("lograph.ui")
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


#: name, text, shortcut, tip
ACTIONS = (
    ("export_image", "&Image…", "Ctrl+E", "Save a picture of the board (PNG or SVG)"),
    ("export_solution", "&Solution…", "Ctrl+Shift+E", "Save the fewest-presses solution"),
    ("export_report", "Analysis &Report…", "Ctrl+Alt+E", "Save the analysis (Markdown or JSON)"),
    ("export_press_matrix", "&Press Matrix Image…", "Ctrl+Alt+M", "Save the press matrix"),
    (
        "export_solution_matrix",
        "Solution &Matrix Image…",
        "Ctrl+Alt+Shift+M",
        "Save the solution matrix S: the solution of lights b is −S b",
    ),
)
MATRIX_FILTERS = {
    "PNG image (*.png)": ".png",
    "MatrixMarket (*.mtx)": ".mtx",
    "CSV table (*.csv)": ".csv",
}
#: Milliseconds before the progress dialog appears (quick answers show none).
PROGRESS_DELAY_MS = 200


class ExportController(QObject):
    """The export actions of one window (File ▸ Export).

    Signals
    -------
    finished(object)
        An export ended: the Path written, or None (refused, failed or cancelled).
    status(str)
        One line for the status bar.
    """

    finished = Signal(object)
    status = Signal(str)

    def __init__(
        self,
        document: Document,
        scene: BoardScene,
        session: Session,
        runner: JobRunner,
        settings: QSettings,
        parent: QWidget,
        known: Callable[[], FewestSolution | None] = lambda: None,
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.document, self.scene, self.session = document, scene, session
        self.runner, self.settings = runner, settings
        self.known = known  # the window's fewest presses for the current lights and goal
        handlers = {
            "export_image": self.export_image_dialog,
            "export_solution": self.export_solution_dialog,
            "export_report": self.export_report_dialog,
            "export_press_matrix": lambda: self.export_matrix_dialog(solution=False),
            "export_solution_matrix": lambda: self.export_matrix_dialog(solution=True),
        }
        self.actions: dict[str, QAction] = {}
        for name, text, keys, tip in ACTIONS:
            act = make_action(parent, name, text, keys, tip)
            act.triggered.connect(handlers[name])
            self.actions[name] = act

    # ------------------------------------------------------------------ helpers
    def goal(self) -> str:
        return self.session.goal

    def _error(self, title: str, exc: BaseException) -> None:
        log.warning("%s: %s", title, exc)
        if isinstance(exc, OSError):
            text = f"{exc.filename}: {exc.strerror or exc}" if exc.filename else str(exc)
        elif isinstance(exc, LographError | MemoryError):
            text = str(exc) or "out of memory: the board is too large"
        else:
            log.error("unexpected export error", exc_info=exc)
            text = f"Unexpected error: {type(exc).__name__}: {exc}"
        QMessageBox.critical(self.parent_widget, title, text)

    def _fail(self, title: str, exc: BaseException) -> bool:
        self._error(title, exc)
        self.finished.emit(None)
        return False

    def _in_background(
        self,
        title: str,
        text: str,
        work: Callable[[Job], Any],
        write: Callable[[Any], str],
        path: Path,
    ) -> None:
        """Run `work` on the job runner behind a progress dialog, then `write(result)` on the
        GUI thread (it returns what the status bar says). Errors of either show `title`."""
        dialog = QProgressDialog(text, "Cancel", 0, 0, self.parent_widget)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(PROGRESS_DELAY_MS)

        def cancel() -> None:
            self.runner.cancel("export")  # a cancelled job reports to no one
            self.finished.emit(None)

        def end() -> None:
            dialog.canceled.disconnect(cancel)
            dialog.reset()  # hides it, or stops the timer that would show it
            dialog.deleteLater()

        def done(_token: object, result: Any) -> None:
            end()
            try:
                self._done(path, write(result))
            except (LographError, OSError, MemoryError) as exc:
                self._fail(title, exc)

        def failed(_token: object, exc: BaseException) -> None:
            end()
            self._fail(title, exc)

        dialog.canceled.connect(cancel)
        self.runner.submit("export", work, text, done=done, failed=failed)

    def export_dir(self) -> str:
        fallback = self.settings.value("last_dir", str(Path.home()))
        return str(self.settings.value("export_dir", fallback))

    def _ask_path(self, title: str, filters: dict[str, str], stem: str) -> Path | None:
        name = proposed_stem(self.document)
        start = str(Path(self.export_dir()) / f"{name}{stem}{next(iter(filters.values()))}")
        path, chosen = QFileDialog.getSaveFileName(
            self.parent_widget, title, start, ";;".join(filters)
        )
        if not path:
            return None
        result = Path(path)
        if result.suffix.lower() not in filters.values():
            result = result.with_name(
                result.name + filters.get(chosen, next(iter(filters.values())))
            )
        self.settings.setValue("export_dir", str(result.resolve().parent))
        return result

    def _done(self, path: Path, message: str) -> None:
        self.status.emit(message)
        self.finished.emit(path)

    # ------------------------------------------------------------------ image
    def export_image_dialog(self) -> bool:
        rect = self.scene.board_rect()
        aspect = rect.width() / max(rect.height(), 1e-9)
        dialog = ImageOptionsDialog(aspect, image_size(self.scene), self.parent_widget)
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
        """Write the board picture; `mode` is one of `MARK_MODES`.

        False when refused at once (the error is shown); otherwise the picture is written,
        now or once its marks are computed, and `finished` tells the outcome.
        """
        path = Path(path)
        board = self.document.board
        title = "Cannot export image"

        def write(layers: list[Layer]) -> str:
            with marks_for_export(self.scene, mode, layers):
                write_image(self.scene, path, width, height, title=board.name)
            return f"Image written to {path}"

        try:
            check_folder(path)
            if mode not in ("solution", "chase"):
                self._done(path, write([]))
                return True
        except (LographError, OSError, MemoryError) as exc:
            return self._fail(title, exc)
        copy, goal = board.copy(), self.goal()
        if mode == "solution":
            self._in_background(
                title,
                "Finding the fewest presses…",
                lambda job: solution_layers(copy, goal, job),
                write,
                path,
            )
        else:
            self._in_background(
                title, "Finding a chase plan…", lambda job: chase_layers(copy, job), write, path
            )
        return True

    # ------------------------------------------------------------------ solution
    def export_solution_dialog(self) -> bool:
        path = self._ask_path("Export solution", SOLUTION_FILTERS, "_solution")
        return path is not None and self.export_solution(path)

    def export_solution(self, path: str | Path) -> bool:
        """Write the fewest-presses solution from the current position to the goal."""
        from lograph.core.files import write_solution
        from lograph.core.optimize.fewest import solve_fewest
        from lograph.core.work import Work

        path = Path(path)
        system, goal, name = self.document.press_system(), self.goal(), self.document.board.name
        try:
            check_folder(path)
        except (LographError, OSError) as exc:
            return self._fail("Cannot export solution", exc)

        def write(best: FewestSolution) -> str:
            info: dict[str, object] = {
                "goal": goal,
                "fewest": best.exact,
                "optimal_solutions": best.optimal_solutions,
                "solutions": best.solutions,
                "method": best.method,
            }
            if name:
                info["board"] = name
            write_solution(path, system, best.presses, info=info)
            return f"Solution ({count_of(best.press_count, 'press')}) written to {path}"

        known = self.known()  # found already (maybe by a long exact search): not again
        self._in_background(
            "Cannot export solution",
            "Finding the fewest presses…",
            lambda job: known or solve_fewest(system, goal, work=Work(cancel=job)),
            write,
            path,
        )
        return True

    # ------------------------------------------------------------------ report
    def export_report_dialog(self) -> bool:
        path = self._ask_path("Export analysis report", REPORT_FILTERS, "_report")
        return path is not None and self.export_report(path)

    def export_report(self, path: str | Path) -> bool:
        """Write the analysis report (figures, quiet patterns, chase recipe and table)."""
        from lograph.core.report.report import board_report, write_report
        from lograph.core.work import Work

        path = Path(path)
        board = self.document.board.copy()
        # the window's goal, and its fewest presses when known (maybe a long exact search)
        goal, known = self.goal(), self.known()
        try:
            if path.suffix.lower() not in REPORT_FILTERS.values():
                raise LographError(f"{path.name}: a report is written as .md or .json")
            check_folder(path)
        except (LographError, OSError) as exc:
            return self._fail("Cannot export report", exc)

        def write(report: dict[str, Any]) -> str:
            write_report(path, report)
            return f"Report written to {path}"

        self._in_background(
            "Cannot export report",
            "Analysing the board…",
            lambda job: board_report(board, work=Work(cancel=job), goal=goal, fewest=known),
            write,
            path,
        )
        return True

    # ------------------------------------------------------------------ matrices
    def export_matrix_dialog(self, solution: bool) -> bool:
        stem = "_solution_matrix" if solution else "_press_matrix"
        path = self._ask_path("Export matrix", MATRIX_FILTERS, stem)
        return path is not None and self.export_matrix(path, solution)

    def export_matrix(self, path: str | Path, solution: bool = False) -> bool:
        """Write the press matrix, or the solution matrix S (the solution of b is −S b), as
        a picture in LightsOutWeb's look or as text (`lograph matrix`)."""
        from lograph.core.dynamics.matrix_export import matrix_file, matrix_format
        from lograph.core.dynamics.solution_matrix import check_matrix_size
        from lograph.core.files.atomic import atomic_write_bytes
        from lograph.core.work import Work

        path, system = Path(path), self.document.press_system()
        title = "Cannot export matrix"
        try:
            matrix_format(path)
            check_folder(path)
            if solution:
                check_matrix_size(system)
        except (LographError, OSError) as exc:
            return self._fail(title, exc)

        def write(made: tuple[bytes, Any]) -> str:
            atomic_write_bytes(path, made[0])
            return f"The {made[1].kind} matrix written to {path}"

        self._in_background(
            title,
            "Computing the solution matrix…" if solution else "Drawing the press matrix…",
            lambda job: matrix_file(system, path, solution=solution, work=Work(cancel=job)),
            write,
            path,
        )
        return True
