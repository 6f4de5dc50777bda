"""Play ▸ Design Puzzles…: levels of a chosen difficulty on the current board, previewed,
and written as a level pack.

The dialog asks for the fewest presses (one count, or a range spread over rising difficulty),
how many levels, whether each optimum must be unique, and a seed; the core's puzzle
generator runs as a cancellable background job on the window's job runner ("designer"
channel). Each level found is shown as a small picture with its count; Export Level Pack…
writes them atomically (the same file `lograph puzzle` writes).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from lograph.core.errors import LographError
from lograph.core.files.level_pack import LevelPack, PackLevel, write_level_pack
from lograph.core.model.board import Board
from lograph.core.optimize.puzzles import PuzzleSet, spread
from lograph.core.work import Cancel
from lograph.ui.model.jobs import JobRunner
from lograph.ui.model.words import count_of
from lograph.ui.picture.preview import BoardPreview
from lograph.ui.play.packs import PACK_FILTER
from lograph.ui.widgets import named

__all__ = ["DesignerDialog", "design_levels", "preview_icon"]

#: Side of a level's preview picture, in pixels.
PREVIEW_SIDE = 120
#: Most levels one run may ask for (each is a separate exact search).
MAX_COUNT = 500


def design_levels(
    board: Board, low: int, high: int, count: int, unique: bool, seed: int, cancel: Cancel
) -> PuzzleSet:
    """The core's generator on `board` (runs on a worker thread)."""
    from lograph.core.optimize.puzzles import generate_levels
    from lograph.core.solve import prepare
    from lograph.core.work import Work

    solver = prepare(board, cancel=cancel)
    targets = spread(low, high, count)
    work = Work(cancel=cancel)
    return generate_levels(solver, board, targets, unique=unique, seed=seed, work=work)


def preview_icon(board: Board, lights: NDArray[np.uint8]) -> QIcon:
    """A small picture of `board` showing `lights`."""
    shown = board.copy()
    shown.set_lights(lights)
    preview = BoardPreview()
    side = 2 * PREVIEW_SIDE  # drawn large, then scaled: its discs keep inside the margins
    preview.setMinimumSize(side, side)
    preview.resize(side, side)
    preview.show_board(shown)
    picture = preview.grab().scaled(
        PREVIEW_SIDE,
        PREVIEW_SIDE,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
    return QIcon(picture)


class DesignerDialog(QDialog):
    """Generate levels on `board` (a copy is kept) with `runner`; export them as a pack."""

    def __init__(self, board: Board, runner: JobRunner, folder: str, parent: QWidget | None):
        super().__init__(parent)
        self.setObjectName("designer_dialog")
        self.setWindowTitle("Design Puzzles")
        self.board, self.runner, self.folder = board.copy(), runner, folder
        self.board.clear_lights()
        self.levels: list[PackLevel] = []
        top = len(self.board) * (self.board.states - 1)
        self.low = self._spin("designer_low", 1, max(top, 1), min(3, max(top, 1)))
        self.high = self._spin("designer_high", 1, max(top, 1), min(8, max(top, 1)))
        self.count = self._spin("designer_count", 1, MAX_COUNT, 6)
        self.seed = self._spin("designer_seed", 0, 2**31 - 1, 0)
        self.unique = named(QCheckBox("Only positions with a unique optimal solution"), "unique")
        self.name = named(QLineEdit(), "designer_name")
        self.name.setPlaceholderText("named after the board and the counts")
        form = QFormLayout()
        about = f"{self.board.name or 'untitled'} · {count_of(len(self.board), 'button')}"
        form.addRow("Board:", QLabel(f"{about} · {self.board.states} states"))
        form.addRow("Fewest presses from:", self.low)
        form.addRow("to:", self.high)
        form.addRow("Levels:", self.count)
        form.addRow("", self.unique)
        form.addRow("Seed:", self.seed)
        form.addRow("Pack name:", self.name)
        self.list = named(QListWidget(), "designer_levels")
        self.list.setViewMode(QListView.ViewMode.IconMode)
        self.list.setIconSize(QSize(PREVIEW_SIDE, PREVIEW_SIDE))
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setMinimumSize(4 * PREVIEW_SIDE + 60, 2 * PREVIEW_SIDE + 80)
        self.list.setGridSize(QSize(PREVIEW_SIDE + 16, PREVIEW_SIDE + 34))
        self.status = named(QLabel("Choose a difficulty and press Generate."), "designer_status")
        self.status.setWordWrap(True)
        self.generate_button = self._button("&Generate", "designer_generate", self.generate)
        self.cancel_button = self._button("&Cancel", "designer_cancel", self.cancel)
        self.export_button = self._button("&Export Level Pack…", "designer_export", self.export)
        self.cancel_button.setEnabled(False)
        self.export_button.setEnabled(False)
        close = self._button("Close", "designer_close", self.reject)
        buttons = QHBoxLayout()
        for b in (self.generate_button, self.cancel_button, self.export_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.status)
        layout.addLayout(buttons)

    def _spin(self, name: str, low: int, high: int, value: int) -> QSpinBox:
        spin = named(QSpinBox(), name)
        spin.setRange(low, high)
        spin.setValue(value)
        return spin

    def _button(self, text: str, name: str, slot: object) -> QPushButton:
        button = named(QPushButton(text), name)
        button.setAutoDefault(False)
        button.clicked.connect(slot)
        return button

    # ------------------------------------------------------------------ generating
    def generate(self) -> None:
        """Start the search in the background (a running one is replaced)."""
        low, high = sorted((self.low.value(), self.high.value()))
        count, unique, seed = self.count.value(), self.unique.isChecked(), self.seed.value()
        board = self.board
        if not self.name.isModified():  # the default name follows the counts asked for
            kind = ", unique" if unique else ""
            self.name.setText(f"{board.name or 'board'}: {low} to {high} presses{kind}")
        self.levels = []
        self.list.clear()
        self.export_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(
            f"Looking for {count_of(count, 'level')} needing {low} to {high} presses…"
            if low != high
            else f"Looking for {count_of(count, 'level')} needing {count_of(low, 'press')}…"
        )
        self.runner.submit(
            "designer",
            lambda cancel: design_levels(board, low, high, count, unique, seed, cancel),
            "Designing puzzles…",
            done=lambda _token, found: self._found(found),
            failed=self._failed,
        )

    def cancel(self) -> None:
        self.runner.cancel("designer")
        self.cancel_button.setEnabled(False)
        self.status.setText("Cancelled.")

    def _failed(self, _token: object, error: BaseException) -> None:
        self.cancel_button.setEnabled(False)
        if not isinstance(error, LographError):
            raise error
        self.status.setText(f"No levels: {error}")
        QMessageBox.critical(self, "Cannot design these puzzles", str(error))

    def _found(self, found: PuzzleSet) -> None:
        self.cancel_button.setEnabled(False)
        self.levels = [PackLevel(lv.lights, lv.fewest, lv.unique) for lv in found.levels]
        for number, level in enumerate(self.levels, start=1):
            caption = f"{number}: {level.fewest}" + (" (unique)" if level.unique else "")
            item = QListWidgetItem(preview_icon(self.board, level.lights), caption)
            item.setToolTip(f"Level {number}: {count_of(level.fewest, 'press')} at the fewest")
            self.list.addItem(item)
        tries = "1 try" if found.tries == 1 else f"{found.tries:,} tries"
        text = f"{count_of(len(self.levels), 'level')} in {tries}"
        if found.missing:
            lacking = ", ".join(f"{count_of(k, 'press')}: {n}" for k, n in found.missing.items())
            text += f"; not found ({lacking}) — try other counts, a larger count or no unique"
        self.status.setText(text + ".")
        self.export_button.setEnabled(bool(self.levels))

    # ------------------------------------------------------------------ exporting
    def pack(self) -> LevelPack:
        return LevelPack(self.name.text().strip(), self.board, list(self.levels))

    def export(self) -> bool:
        """Ask where, then write the pack atomically."""
        if not self.levels:
            self.status.setText("Generate levels first.")
            return False
        start = str(Path(self.folder) / "levels.json")
        path, _ = QFileDialog.getSaveFileName(self, "Export level pack", start, PACK_FILTER)
        return self.export_to(path) if path else False

    def export_to(self, path: str | Path) -> bool:
        try:
            write_level_pack(self.pack(), path)
        except OSError as exc:
            QMessageBox.critical(self, "Cannot export the level pack", f"{path}: {exc.strerror}")
            return False
        self.status.setText(f"Wrote {count_of(len(self.levels), 'level')} to {Path(path).name}.")
        return True

    def done(self, result: int) -> None:  # Close, Escape and the title bar's close button
        self.runner.cancel("designer")
        super().done(result)

    def sizeHint(self) -> QSize:
        return QSize(660, 620)
