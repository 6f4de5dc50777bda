"""The Levels dock: the open pack's levels in order, with the fewest presses of each and the
player's result (✓ and the best move count), the level being played selected. A double
click (or Enter, or Play Level) loads a level; Next Level follows a solve.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from lograph.ui.play.packs import PackPlayer
from lograph.ui.widgets import named

__all__ = ["LevelsDock", "result_text"]

COLUMNS = ("Level", "Fewest", "Yours")


def result_text(best: int | None, fewest: int) -> str:
    """The "Yours" cell: empty until solved, then ✓ and the best move count (★ if optimal).

    >>> result_text(None, 7), result_text(9, 7), result_text(7, 7)
    ('', '✓ 9', '✓ 7 ★')
    """
    if best is None:
        return ""
    return f"✓ {best} ★" if best <= fewest else f"✓ {best}"


class LevelsDock:
    """The dock (`dock`) following a `PackPlayer`."""

    def __init__(self, player: PackPlayer, parent: QWidget | None = None) -> None:
        self.player = player
        self.dock = named(QDockWidget("Levels", parent), "levels_dock")
        body = QWidget(self.dock)
        layout = QVBoxLayout(body)
        self.title = named(QLabel("No level pack open: Play ▸ Open Level Pack…"), "pack_title")
        self.title.setWordWrap(True)
        self.table = named(QTableWidget(0, len(COLUMNS), body), "levels_table")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.cellDoubleClicked.connect(lambda row, _col: player.load_level(row))
        self.play_button = named(QPushButton("Play Level"), "play_level_button")
        self.play_button.clicked.connect(self._play_selected)
        self.next_button = named(QPushButton("Next Level ▸"), "next_level_button")
        self.next_button.clicked.connect(player.next_level)
        buttons = QHBoxLayout()
        buttons.addWidget(self.play_button)
        buttons.addWidget(self.next_button)
        layout.addWidget(self.title)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        self.dock.setWidget(body)
        player.pack_changed.connect(self.fill)
        player.progress_changed.connect(self.fill)
        player.level_changed.connect(lambda _i: self.fill())
        self.fill()

    def _play_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.player.load_level(rows[0].row())

    def fill(self) -> None:
        """Show the pack's levels and the player's results."""
        player, table = self.player, self.table
        pack, progress = player.pack, player.progress
        if pack is None or progress is None:
            table.setRowCount(0)
            self.title.setText("No level pack open: Play ▸ Open Level Pack…")
            for button in (self.play_button, self.next_button):
                button.setEnabled(False)
            return
        table.setRowCount(len(pack.levels))
        solved = 0
        for row, level in enumerate(pack.levels):
            best, fewest = progress.best(row), player.fewest(row)
            solved += best is not None
            claim = f"{fewest} (pack: {level.fewest})" if fewest != level.fewest else str(fewest)
            cells = (str(row + 1), claim, result_text(best, fewest))
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if col == 1 and fewest != level.fewest:
                    item.setToolTip(f"The pack says {level.fewest}; computed here: {fewest}")
                table.setItem(row, col, item)
        where = f" · level {player.current + 1}" if player.current is not None else ""
        self.title.setText(f"<b>{pack.name}</b><br>{solved} of {len(pack.levels)} solved{where}")
        if player.current is not None:
            table.selectRow(player.current)
        self.play_button.setEnabled(True)
        self.next_button.setEnabled(player.has_next())
