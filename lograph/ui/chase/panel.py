"""The Chasing dock's widget: plan figures, legend, action buttons, the lookup table and the
messages of the Chase action. It only displays; `lograph.ui.chase.view` drives it.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from lograph.core.model.ring import RingKind
from lograph.ui.canvas.legend import LegendWidget
from lograph.ui.picture.chase_plan import ChaseData
from lograph.ui.widgets import named

__all__ = ["ChasePanel", "counts_text", "pattern_text", "pattern_tip", "step_labels"]

#: The count beside the pattern, the long lists after it: a narrow dock elides the lists
#: (whole in their tooltips) and never hides a column behind a sideways scrollbar.
COLUMNS = ("Pattern", "Count", "Free presses", "Check lights on")


def step_labels(data: ChaseData) -> dict[str, str]:
    """Each button's label as the board shows it: its step number in the plan."""
    return {data.names[w]: str(i + 1) for i, w in enumerate(data.plan.buttons.tolist())}


def pattern_tip(data: ChaseData) -> str:
    """How a pattern is read: one digit per check light, in the order of their steps."""
    labels = step_labels(data)
    order = ", ".join(f"step {labels[b]} ({b})" for b in data.check_ids)
    values = (
        "1 = on" if data.system.ring.kind is RingKind.GF2 else f"its value 0 … {data.states - 1}"
    )
    return (
        f"One digit per check light, left to right: {order}. Each digit is that light after "
        f"the chase ({values})."
    )


class ChasePanel(QWidget):
    """Figures, legend, buttons and lookup table of the chase plan."""

    row_chosen = Signal(int)  # -1 when no row is selected
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.summary = named(QLabel("No plan yet."), "chase_summary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        # two rows of buttons rather than one long one: the dock stays narrow beside the board
        self.buttons = QGridLayout()
        layout.addLayout(self.buttons)
        busy = QHBoxLayout()
        self.progress = named(QProgressBar(), "chase_progress")
        self.progress.setRange(0, 0)  # busy: the core reports no fraction
        self.progress.setMaximumHeight(14)
        self.progress.setTextVisible(False)
        self.cancel = named(QPushButton("Cancel"), "chase_cancel")
        self.cancel.clicked.connect(self.cancel_requested)
        for widget in (self.progress, self.cancel):
            # hidden when idle but keeping their room, so the table never jumps when a plan
            # starts or ends
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)
        busy.addWidget(self.progress)
        busy.addWidget(self.cancel)
        layout.addLayout(busy)
        self.legend = named(LegendWidget(), "chase_legend")
        self.table = named(QTableWidget(0, len(COLUMNS)), "chase_table")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setDefaultSectionSize(22)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for column in (2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)  # "Check lights o…", not "heck l"
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.tabs = named(QTabWidget(), "chase_tabs")
        self.tabs.addTab(self.table, "Lookup table")
        legend = QScrollArea()
        legend.setWidget(self.legend)
        legend.setWidgetResizable(True)
        legend.setFrameShape(QFrame.Shape.NoFrame)
        self.tabs.addTab(legend, "Legend")
        layout.addWidget(self.tabs, 1)
        self.message = named(QLabel(""), "chase_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.message)
        self.set_busy(False)

    def set_actions(self, actions: Mapping[str, QAction]) -> None:
        """One tool button per action (they follow the actions' enabled/checked state)."""
        columns = max(1, (len(actions) + 1) // 2)
        for i, act in enumerate(actions.values()):
            button = named(QToolButton(), f"{act.objectName()}_button")
            button.setDefaultAction(act)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            self.buttons.addWidget(button, i // columns, i % columns)

    def set_busy(self, busy: bool, text: str = "") -> None:
        self.progress.setVisible(busy)
        self.cancel.setVisible(busy)
        if busy and text:
            self.summary.setText(text)

    def clear_table(self, text: str) -> None:
        self.table.setRowCount(0)
        self.summary.setText(text)
        self.message.setText("")

    def set_message(self, text: str) -> None:
        self.message.setText(text)

    def show_data(self, data: ChaseData) -> None:
        """Fill the figures and the table from a computed plan."""
        plan, table = data.plan, data.table
        steps = len(plan.buttons)
        free = plan.free_count
        lines = [
            f"<b>{steps}</b> step{'s' if steps != 1 else ''} · "
            f"<b>{free}</b> free button{'s' if free != 1 else ''} · "
            f"<b>{len(plan.check)}</b> check light{'s' if len(plan.check) != 1 else ''}"
        ]
        if table is not None:
            kind = "fewest presses" if table.minimal else "valid presses (not searched for fewest)"
            rows = "row" if len(table) == 1 else "rows"
            lines.append(f"Lookup table: <b>{len(table)}</b> {rows}, {kind}.")
            order = " ".join(step_labels(data)[b] for b in data.check_ids)
            which = "step" if len(data.check_ids) == 1 else "steps"
            lines.append(
                f"Buttons are named by their step numbers, as on the board. Pattern: one "
                f"digit per check light, left to right = {which} {order}."
            )
        else:
            lines.append(f"No lookup table: {data.table_note}")
        self.summary.setText("<br>".join(lines))
        header = self.table.horizontalHeaderItem(0)
        if header is not None:
            header.setToolTip(pattern_tip(data))
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        if table is not None:
            self._fill(data)
        self.table.blockSignals(False)
        self.message.setText("")

    def _fill(self, data: ChaseData) -> None:
        table = data.table
        assert table is not None
        self.table.setUpdatesEnabled(False)
        self.table.setRowCount(len(table))
        # buttons named as on the board (step numbers), their ids in the tooltips
        labels = step_labels(data)
        check, free = data.check_ids, data.free_ids
        check_steps, free_steps = [labels[b] for b in check], [labels[b] for b in free]
        tip = pattern_tip(data)
        for row, (pattern, presses) in enumerate(zip(table.patterns, table.presses, strict=True)):
            free_text, check_text = (
                counts_text(free_steps, presses),
                counts_text(check_steps, pattern),
            )
            cells = (
                (pattern_text(pattern), tip),
                (str(int(np.asarray(presses, dtype=np.int64).sum())), ""),
                (free_text, counts_text(free, presses)),
                (check_text, counts_text(check, pattern)),
            )
            for col, (text, hint) in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(hint)
                if col in (0, 1):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, col, item)
        self.table.setUpdatesEnabled(True)

    def select_row(self, row: int) -> None:
        """Select a table row (and scroll to it); -1 clears the selection."""
        if row < 0:
            self.table.clearSelection()
            self.row_chosen.emit(-1)
            return
        self.table.selectRow(row)
        item = self.table.item(row, 0)
        if item is not None:
            self.table.scrollToItem(item)

    def selected_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def _selection_changed(self) -> None:
        self.row_chosen.emit(self.selected_row())


def pattern_text(pattern: NDArray[np.integer]) -> str:
    """Check-light values in ``plan.check`` order as digits (``"10100"``)."""
    values = np.asarray(pattern).tolist()
    sep = "" if max(values, default=0) < 10 else " "
    return sep.join(str(v) for v in values)


def counts_text(
    names: list[str], counts: NDArray[np.integer], limit: int = 12, sep: str = " "
) -> str:
    """``"r0c1 r0c3×2"``: the buttons with a nonzero count ("none" when there are none),
    `sep` between them."""
    parts = [
        f"{b}×{c}" if c > 1 else b
        for b, c in zip(names, np.asarray(counts).tolist(), strict=True)
        if c
    ]
    if not parts:
        return "none"
    more = f" … (+{len(parts) - limit})" if len(parts) > limit else ""
    return sep.join(parts[:limit]) + more
