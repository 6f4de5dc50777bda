"""Dialogs: board properties, and the New Board dialog (in `lograph.ui.io.new_board`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from lograph.core.errors import BoardError
from lograph.core.model.board import RULES
from lograph.core.model.checks import check_states
from lograph.ui.io.new_board import KINDS, MAX_STATES_FIELD, NewBoardDialog
from lograph.ui.model.document import BoardProperties
from lograph.ui.widgets import named, set_tone

__all__ = ["KINDS", "NewBoardDialog", "PropertiesDialog"]


def _states_ok(states: int) -> str | None:
    """Why the core refuses `states` (None when it accepts them)."""
    try:
        check_states(states)
    except BoardError as exc:
        return str(exc)
    return None


class PropertiesDialog(QDialog):
    """Edit name, rule, number of states and direction."""

    def __init__(self, props: BoardProperties, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("properties_dialog")
        self.setWindowTitle("Board properties")
        self.name = named(QLineEdit(props.name), "name")
        self.rule = named(QComboBox(), "rule")
        self.rule.addItems(RULES)
        self.rule.setCurrentText(props.rule)
        self.states = named(QSpinBox(), "states")
        self.states.setRange(2, MAX_STATES_FIELD)
        self.states.setValue(props.states)
        self.directed = named(QCheckBox("Directed"), "directed")
        self.directed.setChecked(props.directed)
        self.error = named(QLabel(), "error")
        set_tone(self.error, "bad", bold=False)
        note = QLabel(
            "Closed: a press changes the button and its neighbours; open: only the "
            "neighbours. Fewer states reduce the lights modulo the new number."
        )
        note.setWordWrap(True)
        note.setTextFormat(Qt.TextFormat.PlainText)
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Rule", self.rule)
        form.addRow("States", self.states)
        form.addRow(self.directed)
        form.addRow(note)
        form.addRow(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.states.valueChanged.connect(self._check)
        self._check()

    def _check(self) -> None:
        reason = _states_ok(self.states.value())
        self.error.setText(reason or "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(reason is None)

    def properties(self) -> BoardProperties:
        return BoardProperties(
            self.name.text().strip(),
            self.rule.currentText(),
            self.states.value(),
            self.directed.isChecked(),
        )
