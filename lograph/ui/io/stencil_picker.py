"""The click rule picker of the New Board dialog: a preset list and a 7×7 grid of toggles.

The grid shows the offsets around the pressed cell (the centre, drawn with a ring): a lit
cell is one the press acts on. Choosing a preset lights its cells; clicking a cell makes the
rule custom. Offsets farther than 3 cells (the whole row and column of ``rowcol``) are kept
while the preset is chosen, even though the grid shows only its middle part.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from lograph.core.model.stencils import STENCIL_HELP, STENCILS, Stencil, make_stencil, stencil_text
from lograph.ui.widgets import named

__all__ = ["REACH", "StencilPicker"]

#: Cells shown on each side of the centre.
REACH = 3
CUSTOM = "custom"

_STYLE = """
QToolButton { background: #dfe3e8; border: 1px solid #b4bbc6; border-radius: 3px; }
QToolButton:checked { background: #ffd43b; border-color: #e8a600; }
QToolButton[centre="true"] { border: 2px solid #1c7ed6; }
"""


class StencilPicker(QWidget):
    """Emits `changed` whenever the stencil changes (preset chosen or a cell clicked)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stencil_picker")
        self.preset = named(QComboBox(), "stencil_preset")
        for name in STENCILS:
            self.preset.addItem(f"{name} — {STENCIL_HELP[name]}", name)
        self.preset.addItem("custom — the cells lit below", CUSTOM)
        self.cells: dict[tuple[int, int], QToolButton] = {}
        grid = QGridLayout()
        grid.setSpacing(2)
        for dr in range(-REACH, REACH + 1):
            for dc in range(-REACH, REACH + 1):
                cell = named(QToolButton(), f"stencil_{dr}_{dc}")
                cell.setCheckable(True)
                cell.setFixedSize(QSize(18, 18))
                cell.setProperty("centre", (dr, dc) == (0, 0))
                where = "the pressed button" if (dr, dc) == (0, 0) else f"offset {dr},{dc}"
                cell.setToolTip(f"{where}: click to include or leave out")
                cell.clicked.connect(self._cell_clicked)
                grid.addWidget(cell, dr + REACH, dc + REACH)
                self.cells[(dr, dc)] = cell
        self.setStyleSheet(_STYLE)
        self.summary = named(QLabel(), "stencil_summary")
        self.summary.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.preset)
        cells = QWidget()
        cells.setLayout(grid)
        cells.setFixedSize(grid.sizeHint())  # a compact square, not stretched to the form
        layout.addWidget(cells)
        layout.addWidget(self.summary)
        self._stencil: Stencil = STENCILS["plus"]
        self.preset.currentIndexChanged.connect(self._preset_chosen)
        self._show()

    def stencil(self) -> Stencil:
        return self._stencil

    def is_classic(self) -> bool:
        """True for the classic plus (the board is then built exactly as it always was)."""
        return self._stencil == STENCILS["plus"]

    def set_preset(self, name: str) -> None:
        self.preset.setCurrentIndex(self.preset.findData(name))

    def _preset_chosen(self) -> None:
        name = self.preset.currentData()
        if name != CUSTOM:
            self._stencil = STENCILS[name]
            self._show()
            self.changed.emit()

    def _cell_clicked(self) -> None:
        offsets = [d for d, cell in self.cells.items() if cell.isChecked()]
        if not offsets:  # an empty rule acts on nothing: keep the centre at least
            self.cells[(0, 0)].setChecked(True)
            offsets = [(0, 0)]
        self._stencil = make_stencil(offsets)
        self.preset.blockSignals(True)
        matching = next((n for n, s in STENCILS.items() if s == self._stencil), CUSTOM)
        self.preset.setCurrentIndex(self.preset.findData(matching))
        self.preset.blockSignals(False)
        self._show()
        self.changed.emit()

    def _show(self) -> None:
        chosen = set(self._stencil)
        for offset, cell in self.cells.items():
            cell.setChecked(offset in chosen)
        text = stencil_text(self._stencil)
        if len(text) > 60:
            text = f"{len(self._stencil)} cells"
        self.summary.setText(f"acts on {text}" + ("" if (0, 0) in chosen else " (not itself)"))
