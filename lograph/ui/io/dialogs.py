"""Dialogs: a new board from any core generator (with a live preview), board properties."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from lograph.core.errors import BoardError
from lograph.core.model import generators as gen
from lograph.core.model.board import MAX_STATES, RULES, Board, is_prime
from lograph.ui.io.preview import BoardPreview
from lograph.ui.model.document import BoardProperties
from lograph.ui.widgets import named

__all__ = ["KINDS", "NewBoardDialog", "PropertiesDialog"]

MAX_SIDE = 400  # 160,000 buttons: beyond that the editor is not the right tool

#: kind -> (label, size fields used)
KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "rectangle": ("Rectangle (click cells to make holes)", ("rows", "cols")),
    "empty": ("Empty board", ()),
    "diamond": ("Diamond", ("radius",)),
    "torus": ("Torus", ("rows", "cols")),
    "cylinder": ("Cylinder", ("rows", "cols")),
    "hexagonal": ("Hexagonal lattice", ("rows", "cols")),
    "triangular": ("Triangular lattice", ("rows", "cols")),
    "wayout": ("WayOut 5×5 (three holes)", ()),
    "named": ("Named graph", ("graph", "graph_size")),
}


def _takes_size(name: str) -> bool:
    try:
        gen.NAMED_GRAPHS[name][0]()
    except BoardError:
        return True
    return False


def _states_ok(states: int) -> str | None:
    if not is_prime(states):
        return f"number of states {states} must be a prime (2, 3, 5, 7, …)"
    return None


class NewBoardDialog(QDialog):
    """Pick a generator and its sizes; the preview follows every change."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("new_board_dialog")
        self.setWindowTitle("New board")
        self.holes: set[tuple[int, int]] = set()
        self._board: Board | None = None
        self.kind = named(QComboBox(), "kind")
        for key, (label, _) in KINDS.items():
            self.kind.addItem(label, key)
        self.rows = self._spin("rows", 5, 1, MAX_SIDE)
        self.cols = self._spin("cols", 5, 1, MAX_SIDE)
        self.radius = self._spin("radius", 2, 0, MAX_SIDE // 2)
        self.graph = named(QComboBox(), "graph")
        for name, (_, _, text) in gen.NAMED_GRAPHS.items():
            self.graph.addItem(f"{name} — {text}", name)
        self.graph_size = self._spin("graph_size", 7, 1, 2000)
        self.rule = named(QComboBox(), "rule")
        self.rule.addItems(RULES)
        self.states = self._spin("states", 2, 2, MAX_STATES)
        self.directed = named(QCheckBox("Directed (each edge becomes two arcs)"), "directed")
        self.clear_holes = named(QPushButton("Fill all holes"), "clear_holes")
        self.clear_holes.clicked.connect(self._fill_holes)
        self.preview = BoardPreview()
        self.preview.cell_clicked.connect(self._toggle_hole)
        self.error = named(QLabel(), "error")
        self.error.setStyleSheet("color: #c92a2a")
        self.error.setWordWrap(True)
        self._lay_out()
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self.refresh)
        for signal in (
            self.kind.currentIndexChanged,
            self.rows.valueChanged,
            self.cols.valueChanged,
            self.radius.valueChanged,
            self.graph.currentIndexChanged,
            self.graph_size.valueChanged,
            self.rule.currentIndexChanged,
            self.states.valueChanged,
            self.directed.toggled,
        ):
            signal.connect(self._changed)
        self._changed()
        self.refresh()

    def _lay_out(self) -> None:
        """The form on the left (error below it), the preview on the right, OK/Cancel."""
        self.form = QFormLayout()
        self.form.addRow("Kind", self.kind)
        for label, widget in (
            ("Rows", self.rows),
            ("Columns", self.cols),
            ("Radius", self.radius),
            ("Graph", self.graph),
            ("Size N", self.graph_size),
            ("Rule", self.rule),
            ("States", self.states),
        ):
            self.form.addRow(label, widget)
        self.form.addRow(self.directed)
        self.form.addRow(self.clear_holes)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        left = QVBoxLayout()
        left.addLayout(self.form)
        left.addStretch(1)
        left.addWidget(self.error)
        top = QHBoxLayout()
        top.addLayout(left)
        top.addWidget(self.preview, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.buttons)

    def _spin(self, name: str, value: int, low: int, high: int) -> QSpinBox:
        spin = named(QSpinBox(), name)
        spin.setRange(low, high)
        spin.setValue(value)
        return spin

    def _changed(self) -> None:
        kind = self.kind.currentData()
        fields = KINDS[kind][1]
        for name, widget in (
            ("rows", self.rows),
            ("cols", self.cols),
            ("radius", self.radius),
            ("graph", self.graph),
            ("graph_size", self.graph_size),
        ):
            visible = name in fields
            if name == "graph_size" and visible:
                visible = _takes_size(self.graph.currentData())
            widget.setVisible(visible)
            self.form.labelForField(widget).setVisible(visible)
        self.clear_holes.setVisible(kind == "rectangle")
        if kind != "rectangle":
            self.holes.clear()
        else:  # forget holes that fell outside a smaller rectangle
            self.holes = {
                (r, c) for r, c in self.holes if r < self.rows.value() and c < self.cols.value()
            }
        self._timer.start()

    def _toggle_hole(self, row: int, col: int) -> None:
        self.holes ^= {(row, col)}
        self.refresh()

    def _fill_holes(self) -> None:
        self.holes.clear()
        self.refresh()

    def _build(self) -> Board:
        kind = self.kind.currentData()
        rule, states = self.rule.currentText(), self.states.value()
        reason = _states_ok(states)
        if reason:
            raise BoardError(reason)
        rows, cols = self.rows.value(), self.cols.value()
        makers: dict[str, Callable[[], Board]] = {
            "empty": lambda: Board(rule=rule, states=states),
            "rectangle": lambda: gen.rectangle(
                rows, cols, holes=sorted(self.holes), rule=rule, states=states
            ),
            "diamond": lambda: gen.diamond(self.radius.value(), rule=rule, states=states),
            "torus": lambda: gen.torus(rows, cols, rule=rule, states=states),
            "cylinder": lambda: gen.cylinder(rows, cols, rule=rule, states=states),
            "hexagonal": lambda: gen.hexagonal(rows, cols, rule=rule, states=states),
            "triangular": lambda: gen.triangular(rows, cols, rule=rule, states=states),
            "wayout": lambda: gen.wayout_5x5(rule=rule, states=states),
            "named": self._named,
        }
        board = makers[kind]()
        if self.directed.isChecked():
            board.set_directed(True)
        return board

    def _named(self) -> Board:
        name = self.graph.currentData()
        args = (self.graph_size.value(),) if _takes_size(name) else ()
        return gen.named(name, *args, rule=self.rule.currentText(), states=self.states.value())

    def refresh(self) -> None:
        """Build the board for the current choices and show it (or the reason it fails)."""
        self._timer.stop()
        try:
            self._board = self._build()
        except BoardError as exc:
            self._board = None
            self.error.setText(str(exc))
            self.preview.show_board(None, message="no board")
        else:
            self.error.setText("")
            grid = (
                (self.rows.value(), self.cols.value())
                if self.kind.currentData() == "rectangle"
                else None
            )
            note = f"{len(self._board)} buttons, {self._board.graph.number_of_edges()} edges"
            self.preview.show_board(self._board, grid, self.holes, note)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self._board is not None)

    def board(self) -> Board | None:
        """The board chosen (after the dialog was accepted)."""
        if self._timer.isActive():
            self.refresh()
        return self._board


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
        self.states.setRange(2, MAX_STATES)
        self.states.setValue(props.states)
        self.directed = named(QCheckBox("Directed"), "directed")
        self.directed.setChecked(props.directed)
        self.error = named(QLabel(), "error")
        self.error.setStyleSheet("color: #c92a2a")
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
