"""Play ▸ Design Puzzles…: levels of a chosen difficulty on the current board, previewed,
and written as a level pack.

The dialog asks for the fewest presses (one count, or a range spread over rising difficulty),
how many levels, whether each optimum must be unique, and a seed. On opening it finds the
board's bounds in the background ("designer_bounds" channel): the press histogram (how many
positions need each count) where it can be counted, else the worst position; it shows them,
and the counts offered stop at the worst position, so an impossible count is told at once
instead of after hundreds of tries. The core's puzzle
generator runs as a cancellable background job on the window's job runner ("designer"
channel). Each level found is shown as a small picture with its count; Export Level Pack…
writes them atomically (the same file `lograph puzzle` writes).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
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

__all__ = ["Bounds", "DesignerDialog", "board_bounds", "design_levels", "preview_icon"]

#: Side of a level's preview picture, in pixels.
PREVIEW_SIDE = 120
#: Most levels one run may ask for (each is a separate exact search).
MAX_COUNT = 500
#: Most press counts listed one by one with their positions (beyond, only the commonest).
LISTED_COUNTS = 10
#: Seconds given to the worst-position search where the histogram cannot be counted.
WORST_SECONDS = 10.0


@dataclass(frozen=True)
class Bounds:
    """What difficulties the board offers: its worst position's count (`hardest`; a proven
    upper bound when not `exact`) and, when counted, positions per fewest count."""

    hardest: int
    exact: bool
    histogram: list[int] | None = None


def board_bounds(board: Board, cancel: Cancel) -> Bounds:
    """The press histogram when it can be counted (its last entry is the worst position),
    else the worst-position search within `WORST_SECONDS` (runs on a worker thread)."""
    from lograph.core.errors import BoardTooLargeError
    from lograph.core.optimize.histogram import press_histogram
    from lograph.core.optimize.puzzles import check_provable
    from lograph.core.optimize.worst import worst_position
    from lograph.core.solve import prepare
    from lograph.core.work import Work

    solver = prepare(board, cancel=cancel)
    check_provable(solver)  # no exact difficulty: the designer cannot make levels at all
    try:
        histogram = press_histogram(board.to_system(), work=Work(cancel=cancel))
        return Bounds(len(histogram) - 1, True, histogram)
    except BoardTooLargeError:
        pass
    work = Work(cancel=cancel).within(WORST_SECONDS)
    worst = worst_position(solver, work=work, raise_lower=False)
    return Bounds(worst.upper_bound, worst.exact)


def bounds_text(bounds: Bounds) -> str:
    """One paragraph for the dialog: the hardest count, then positions per count."""
    if not bounds.exact:
        return f"No position of this board needs more than {count_of(bounds.hardest, 'press')}."
    text = f"The hardest position of this board needs {count_of(bounds.hardest, 'press')}."
    histogram = bounds.histogram
    if histogram is not None and len(histogram) <= LISTED_COUNTS + 1:
        per = " · ".join(f"{k}:\u00a0{n:,}" for k, n in enumerate(histogram) if k and n)
        text += f" Positions per fewest presses: {per}."
    elif histogram is not None:  # a long list of huge numbers says less than its peak
        most = max(range(len(histogram)), key=histogram.__getitem__)
        text += f" Most positions need {count_of(most, 'press')}."
    return text


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
        self.bounds: Bounds | None = None
        self.bounds_label = named(QLabel("Finding how hard this board gets…"), "designer_bounds")
        self.bounds_label.setWordWrap(True)
        form.addRow("Difficulty:", self.bounds_label)
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
        board = self.board
        runner.submit(
            "designer_bounds",
            lambda cancel: board_bounds(board, cancel),
            "Finding the hardest position…",
            done=lambda _token, bounds: self._bounded(bounds),
            failed=self._bounds_failed,
        )

    def _bounded(self, bounds: Bounds) -> None:
        """The board's bounds are known: say them, and offer no count beyond the hardest."""
        self.bounds = bounds
        self.bounds_label.setText(bounds_text(bounds))
        top = max(bounds.hardest, 1)
        for spin in (self.low, self.high):
            spin.setMaximum(top)  # a value above it comes down to it
        if bounds.hardest == 0:
            self.generate_button.setEnabled(False)
            self.status.setText("Every position of this board is solved by pressing nothing.")

    def _bounds_failed(self, _token: object, error: BaseException) -> None:
        if not isinstance(error, LographError):
            raise error
        self.bounds_label.setText(f"Unknown: {error}")

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
        short = self._too_few(low, high, count)
        if short:
            self.status.setText(short)
            return
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

    def _too_few(self, low: int, high: int, count: int) -> str:
        """What cannot be had, said before any try: the histogram counts every position
        per fewest presses, so asking more levels of a count than it has positions is
        told at once ("" when the request may be met, or the counts are not known)."""
        histogram = self.bounds.histogram if self.bounds is not None else None
        if histogram is None:
            return ""
        wanted = Counter(spread(low, high, count))
        short = {k: n for k, n in wanted.items() if n > (histogram[k] if k < len(histogram) else 0)}
        if not short:
            return ""
        only = ", ".join(
            f"{count_of(histogram[k], 'position')} {'needs' if histogram[k] == 1 else 'need'} "
            f"{count_of(k, 'press')} ({n} asked for)"
            for k, n in sorted(short.items())
        )
        return f"Not enough positions: only {only}. Ask for fewer levels or other counts."

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
        kind = " with a unique optimal solution" if self.unique.isChecked() else ""
        if found.available:  # every position known: say what there is, not what to try
            alike = " (positions alike under the board's symmetries counted once)"
            only = ", ".join(
                f"{n} {'needs' if n == 1 else 'need'} {count_of(k, 'press')}"
                for k, n in found.available.items()
            )
            text += f"; only so many positions{kind} exist: {only}{alike if found.walked else ''}"
        elif found.missing:
            lacking = ", ".join(f"{count_of(k, 'press')}: {n}" for k, n in found.missing.items())
            advice = "other counts" + (" or no unique" if kind else "")
            text += f"; not found ({lacking}) — none may exist: try {advice}"
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
        self.runner.cancel("designer_bounds")
        super().done(result)

    def sizeHint(self) -> QSize:
        return QSize(660, 620)
