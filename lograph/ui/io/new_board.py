"""The New Board dialog: any core generator with its sizes, a click rule (stencil) for grids,
the surfaces, random graphs and the classic games, with a live preview."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from lograph.core.errors import LographError
from lograph.core.model import generators as gen
from lograph.core.model.board import RULES, Board
from lograph.core.model.checks import check_states
from lograph.ui.io.stencil_picker import StencilPicker
from lograph.ui.model.words import count_of
from lograph.ui.picture.preview import BoardPreview
from lograph.ui.widgets import named, set_tone

__all__ = ["GRID_KINDS", "KINDS", "MAX_STATES_FIELD", "NewBoardDialog"]

#: Where the last choice is kept in the settings.
SETTINGS_GROUP = "new_board"
MAX_SIDE = 400  # 160,000 buttons: beyond that the editor is not the right tool
#: Highest number of states the fields offer; the core validator decides what is allowed.
MAX_STATES_FIELD = 255

#: kind -> (label, size fields used)
KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "rectangle": ("Rectangle (click cells to make holes)", ("rows", "cols")),
    "empty": ("Empty board", ()),
    "diamond": ("Diamond", ("radius",)),
    "torus": ("Torus (rows and columns wrap)", ("rows", "cols")),
    "cylinder": ("Cylinder (rows wrap)", ("rows", "cols")),
    "mobius": ("Möbius strip (rows wrap with a twist)", ("rows", "cols")),
    "klein": ("Klein bottle", ("rows", "cols")),
    "projective": ("Projective plane", ("rows", "cols")),
    "hexagonal": ("Hexagonal lattice", ("rows", "cols")),
    "triangular": ("Triangular lattice", ("rows", "cols")),
    "wayout": ("WayOut 5×5 (three holes)", ()),
    "named": ("Named graph", ("graph", "graph_size")),
    "random": ("Random graph (Erdős–Rényi)", ("count", "chance", "seed")),
    "geometric": ("Random geometric graph", ("count", "reach", "seed")),
    "classic": ("Classic games", ("game",)),
}
#: Kinds drawn on a grid: they take a click rule (stencil).
GRID_KINDS = ("rectangle", "diamond", "torus", "cylinder", "mobius", "klein", "projective")
SURFACES = ("torus", "cylinder", "mobius", "klein", "projective")
#: Field labels that depend on the kind.
_ROW_LABELS = {
    "hexagonal": ("Rows of hexagons", "Columns of hexagons"),
    "triangular": ("Rows of buttons", "Buttons per row"),
}


def _takes_size(name: str) -> bool:
    try:
        gen.NAMED_GRAPHS[name][0]()
    except LographError:
        return True
    return False


class NewBoardDialog(QDialog):
    """Pick a generator and its sizes; the preview follows every change."""

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setObjectName("new_board_dialog")
        self.setWindowTitle("New board")
        self.holes: set[tuple[int, int]] = set()
        self._board: Board | None = None
        self.kind = named(QComboBox(), "kind")
        for key, (label, _) in KINDS.items():
            self.kind.addItem(label, key)
        self._make_fields()
        self.preview = BoardPreview()
        self.preview.cell_clicked.connect(self._toggle_hole)
        self.error = named(QLabel(), "error")
        set_tone(self.error, "bad", bold=False)
        self.error.setWordWrap(True)
        self._lay_out()
        self._restore()
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self.refresh)
        for signal in self._signals():
            signal.connect(self._changed)
        self._changed()
        self.refresh()

    def _make_fields(self) -> None:
        from lograph.core.files.samples import classic_names, sample_title

        self.rows = self._spin("rows", 5, 1, MAX_SIDE)
        self.cols = self._spin("cols", 5, 1, MAX_SIDE)
        self.radius = self._spin("radius", 2, 0, MAX_SIDE // 2)
        self.graph = named(QComboBox(), "graph")
        for name, (_, _, text) in gen.NAMED_GRAPHS.items():
            self.graph.addItem(f"{name} — {text}", name)
        self.graph_size = self._spin("graph_size", 7, 1, 2000)
        self.count = self._spin("count", 20, 1, gen.RANDOM_LIMIT)
        self.chance = self._double("chance", 0.15, 1.0, 0.05)
        self.reach = self._double("reach", 0.3, 1.5, 0.05)
        self.seed = self._spin("seed", 1, 0, 2**31 - 1)
        self.game = named(QComboBox(), "game")
        for name in classic_names():
            title, description = sample_title(name)
            self.game.addItem(title, name)
            self.game.setItemData(self.game.count() - 1, description, Qt.ItemDataRole.ToolTipRole)
        self.game_note = named(QLabel(), "game_note")
        self.game_note.setWordWrap(True)
        self.game_note.setMaximumWidth(360)
        self.stencil = StencilPicker()
        self.rule = named(QComboBox(), "rule")
        self.rule.addItems(RULES)
        self.states = self._spin("states", 2, 2, MAX_STATES_FIELD)
        self.directed = named(QCheckBox("Directed (each edge becomes two arcs)"), "directed")
        self.clear_holes = named(QPushButton("Fill all holes"), "clear_holes")
        self.clear_holes.clicked.connect(self._fill_holes)

    # ------------------------------------------------------------------ the last choice
    def _remembered(self) -> dict[str, QWidget]:
        """The fields kept between runs (``new_board/<name>`` in the settings)."""
        names = ("kind", "rows", "cols", "radius", "graph", "graph_size", "count", "chance",
                 "reach", "seed", "game", "rule", "states")  # fmt: skip
        return {name: getattr(self, name) for name in names}

    def _restore(self) -> None:
        """Put back the kind and sizes chosen last time (a bad or stale value is skipped)."""
        if self.settings is None:
            return
        for name, widget in self._remembered().items():
            value = self.settings.value(f"{SETTINGS_GROUP}/{name}")
            if value is None:
                continue
            try:
                if isinstance(widget, QComboBox):
                    index = widget.findData(str(value))
                    if index < 0:
                        index = widget.findText(str(value))
                    if index >= 0:
                        widget.setCurrentIndex(index)
                elif isinstance(widget, QDoubleSpinBox):
                    widget.setValue(float(str(value)))
                elif isinstance(widget, QSpinBox):
                    widget.setValue(int(str(value)))
            except ValueError:  # a hand-edited settings file
                continue

    def remember(self) -> None:
        """Keep the current kind and sizes for the next New Board."""
        if self.settings is None:
            return
        for name, widget in self._remembered().items():
            if isinstance(widget, QComboBox):
                data = widget.currentData()
                value: object = data if data is not None else widget.currentText()
            elif isinstance(widget, (QSpinBox, QDoubleSpinBox)):
                value = widget.value()
            else:
                continue
            self.settings.setValue(f"{SETTINGS_GROUP}/{name}", value)

    def accept(self) -> None:
        self.remember()
        super().accept()

    def _signals(self) -> list[Any]:
        spins = (self.rows, self.cols, self.radius, self.graph_size, self.count, self.seed)
        return [
            self.kind.currentIndexChanged,
            self.graph.currentIndexChanged,
            self.game.currentIndexChanged,
            self.rule.currentIndexChanged,
            self.directed.toggled,
            self.stencil.changed,
            self.chance.valueChanged,
            self.reach.valueChanged,
            self.states.valueChanged,
            *(spin.valueChanged for spin in spins),
        ]

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
            ("Buttons", self.count),
            ("Edge chance", self.chance),
            ("Join distance", self.reach),
            ("Seed", self.seed),
            ("Game", self.game),
            ("", self.game_note),
            ("Click rule", self.stencil),
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

    def _double(self, name: str, value: float, high: float, step: float) -> QDoubleSpinBox:
        spin = named(QDoubleSpinBox(), name)
        spin.setRange(0.0, high)
        spin.setDecimals(3)
        spin.setSingleStep(step)
        spin.setValue(value)
        return spin

    def _changed(self) -> None:
        kind = self.kind.currentData()
        fields = KINDS[kind][1]
        for name in ("rows", "cols", "radius", "graph", "graph_size", "count", "chance"):
            widget = getattr(self, name)
            visible = name in fields
            if name == "graph_size" and visible:
                visible = _takes_size(self.graph.currentData())
            self._show_row(widget, visible)
        for name in ("reach", "seed", "game", "game_note"):
            self._show_row(
                getattr(self, name), kind == "classic" if name == "game_note" else name in fields
            )
        self.game_note.setText(self.game.currentData(Qt.ItemDataRole.ToolTipRole) or "")
        self._show_row(self.stencil, kind in GRID_KINDS)
        for widget in (self.rule, self.states):
            self._show_row(widget, kind != "classic")
        self.directed.setVisible(kind != "classic")
        rows_label, cols_label = _ROW_LABELS.get(kind, ("Rows", "Columns"))
        for widget, text in ((self.rows, rows_label), (self.cols, cols_label)):
            label = self.form.labelForField(widget)
            if isinstance(label, QLabel):
                label.setText(text)
        self.clear_holes.setVisible(kind == "rectangle")
        if kind != "rectangle":
            self.holes.clear()
        else:  # forget holes that fell outside a smaller rectangle
            self.holes = {
                (r, c) for r, c in self.holes if r < self.rows.value() and c < self.cols.value()
            }
        self._timer.start()

    def _show_row(self, widget: QWidget, visible: bool) -> None:
        widget.setVisible(visible)
        label = self.form.labelForField(widget)
        if label is not None:
            label.setVisible(visible)

    def _toggle_hole(self, row: int, col: int) -> None:
        self.holes ^= {(row, col)}
        self.refresh()

    def _fill_holes(self) -> None:
        self.holes.clear()
        self.refresh()

    def _build(self) -> Board:
        kind = self.kind.currentData()
        if kind == "classic":
            from lograph.core.files.samples import read_sample

            return read_sample(self.game.currentData())
        rule, states = self.rule.currentText(), check_states(self.states.value())
        common: dict[str, Any] = {"rule": rule, "states": states}
        grid = {**common, "stencil": None if self.stencil.is_classic() else self.stencil.stencil()}
        rows, cols = self.rows.value(), self.cols.value()
        makers: dict[str, Callable[[], Board]] = {
            "empty": lambda: Board(**common),
            "rectangle": lambda: gen.rectangle(rows, cols, holes=sorted(self.holes), **grid),
            "diamond": lambda: gen.diamond(self.radius.value(), **grid),
            "hexagonal": lambda: gen.hexagonal(rows, cols, **common),
            "triangular": lambda: self._triangular(rows, cols, common),
            "wayout": lambda: gen.wayout_5x5(**common),
            "named": self._named,
            "random": lambda: gen.random_graph(
                self.count.value(), self.chance.value(), seed=self.seed.value(), **common
            ),
            "geometric": lambda: gen.geometric(
                self.count.value(), self.reach.value(), seed=self.seed.value(), **common
            ),
        }
        maker = makers.get(kind) or (lambda: gen.surface_grid(kind, rows, cols, **grid))
        board = maker()
        if self.directed.isChecked():
            board.set_directed(True)
        return board

    @staticmethod
    def _triangular(rows: int, cols: int, common: dict[str, Any]) -> Board:
        """`rows` rows of `cols` buttons: networkx counts rows and columns of triangles."""
        if rows < 2 or cols < 2:
            raise LographError("a triangular lattice needs at least 2 rows of 2 buttons")
        board = gen.triangular(rows - 1, 2 * (cols - 1), **common)
        board.name = f"triangular {rows}x{cols}"
        return board

    def _named(self) -> Board:
        name = self.graph.currentData()
        args = (self.graph_size.value(),) if _takes_size(name) else ()
        return gen.named(name, *args, rule=self.rule.currentText(), states=self.states.value())

    def refresh(self) -> None:
        """Build the board for the current choices and show it (or the reason it fails)."""
        self._timer.stop()
        kind = self.kind.currentData()
        try:
            self._board = self._build()
        except LographError as exc:
            self._board = None
            self.error.setText(str(exc))
            self.preview.show_board(None, message="no board")
        else:
            self.error.setText("")
            grid = (self.rows.value(), self.cols.value()) if kind == "rectangle" else None
            edges = self._board.graph.number_of_edges()
            note = f"{count_of(len(self._board), 'button')}, {count_of(edges, 'edge')}"
            if kind in SURFACES:
                note += " · stubs: edges across the glued sides"
            surface = kind if kind in SURFACES else None
            self.preview.show_board(
                self._board, grid, self.holes, note, surface=surface, stencil=self._stencil()
            )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self._board is not None)

    def _stencil(self) -> Any:
        return self.stencil.stencil()

    def board(self) -> Board | None:
        """The board chosen (after the dialog was accepted)."""
        if self._timer.isActive():
            self.refresh()
        return self._board
