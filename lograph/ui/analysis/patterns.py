"""The two panel sections that draw patterns on the board: the current position (its world
and the patterns it fails) and the quiet-pattern browser.

A position is solvable exactly when its required change ``c = goal − lights`` is orthogonal
(mod p) to every pattern ``y`` of the left-kernel basis (``yᵀA = 0``). Each pattern it is not
orthogonal to is a reason it fails; on an undirected board those patterns are the quiet
patterns themselves. The browser steps through the quiet basis (press patterns that change
no light) or, when there are few, through all ``p^k − 1`` non-zero combinations.

Examples
--------
>>> coefficients(5, (2, 2, 2))  # combination 5 = 1·q1 + 0·q2 + 1·q3
[1, 0, 1]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from lograph.ui.analysis.numbers import FULL_BITS, group_text, syndrome_text
from lograph.ui.canvas.overlay import Mark, Overlay
from lograph.ui.canvas.palette import MARKS
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.session import Session, bind_toggle
from lograph.ui.model.words import count_of
from lograph.ui.widgets import named, set_tone

__all__ = [
    "COMBINATION_LIMIT",
    "PatternBrowser",
    "PositionSection",
    "QuietBrowser",
    "coefficients",
    "pattern_marks",
]

WORLD_COLOR = MARKS["world"].color  # one colour per meaning: see `palette.MARKS`
QUIET_COLOR = MARKS["quiet"].color
WORLD_STYLE, QUIET_STYLE = MARKS["world"].style, MARKS["quiet"].style  # and one shape each
#: The combination spin box offers all p^k − 1 combinations while there are at most this many.
COMBINATION_LIMIT = 1 << 16


def coefficients(index: int, orders: tuple[int, ...]) -> list[int]:
    """The digits of `index` in the mixed radix of the generators' orders, lowest first: the
    coefficient of each quiet generator (base p over a prime field, where every order is p)."""
    digits = []
    for order in orders:
        index, digit = divmod(index, order)
        digits.append(digit)
    return digits


def pattern_marks(
    names: tuple[str, ...], vector: NDArray[np.integer], color: str, style: str
) -> dict[str, Mark]:
    """A mark on every button where `vector` is non-zero (labelled with the value if > 1)."""
    where = np.flatnonzero(vector)
    return {
        names[i]: Mark(color, str(int(vector[i])) if vector[i] > 1 else "", style)
        for i in where.tolist()
    }


def _bind_overlay(box: QCheckBox, session: Session, name: str, draw: Callable[[], None]) -> None:
    """`box` shows the session's overlay `name`; the overlay is redrawn when it changes."""
    bind_toggle(box, lambda: session.shows(name), lambda on: session.set_shown(name, on),
                session.overlay_changed)  # fmt: skip

    def redraw(changed: str, _on: bool) -> None:
        if changed == name:
            draw()

    session.overlay_changed.connect(redraw)


def _row(*widgets: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        row.addWidget(w)
    return row


class PositionSection(QGroupBox):
    """Solvable or not; the world (syndrome and its number); the failed patterns, drawn."""

    def __init__(
        self,
        model: AnalysisModel,
        scene: BoardScene,
        session: Session,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Current position", parent)
        self.setObjectName("analysis_position_box")
        self.model, self.scene, self.session = model, scene, session
        self.status = named(QLabel("…"), "analysis_position")
        self.status.setWordWrap(True)
        self.world = named(QLabel(""), "analysis_world")
        self.world.setWordWrap(True)
        self.world.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.failing = named(QComboBox(), "analysis_failing")
        self.failing.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.failing.setToolTip(
            "Patterns the position fails: the lights that must change under such a pattern, "
            "weighted by it and summed mod p, must give 0 for the position to be solvable. "
            "The chosen one is drawn on the board."
        )
        self.highlight = named(QCheckBox("Highlight on the board"), "analysis_highlight_world")
        layout = QVBoxLayout(self)
        for w in (self.status, self.world, self.failing, self.highlight):
            layout.addWidget(w)
        model.position_changed.connect(self.refresh)
        self.failing.currentIndexChanged.connect(lambda _row: self.draw())
        _bind_overlay(self.highlight, session, "world", self.draw)
        self.refresh()

    @property
    def marks(self) -> Overlay:
        return self.scene.overlay("analysis.world")

    def refresh(self) -> None:
        pos, analysis = self.model.position, self.model.analysis
        self.failing.blockSignals(True)
        self.failing.clear()
        if pos is None or analysis is None:
            empty = not len(self.model.document.board)
            self.status.setText("Empty board." if empty else "Waiting for the analysis…")
            set_tone(self.status, None)
            self.world.setText("")
            self.failing.hide()
            self.highlight.hide()
            self.failing.blockSignals(False)
            self.draw()
            return
        goal = "off" if self.model.goal == "off" else "on"
        if not len(self.model.document.board):
            self.status.setText("Solved: an empty board has no lights to switch.")
            set_tone(self.status, "good")
        elif pos.solvable:
            self.status.setText(f"Solvable: every light can be switched {goal}.")
            set_tone(self.status, "good")
        else:
            self.status.setText(
                f"Not solvable: the lights cannot all be switched {goal} from here."
            )
            set_tone(self.status, "bad")
        if pos.worlds > 1:
            p = self.model.document.board.states
            syndrome = syndrome_text(pos.syndrome, p)
            if pos.worlds.bit_length() > FULL_BITS:  # numbers too long to read or wrap
                self.world.setText(
                    f"Syndrome ({syndrome}). The {group_text(pos.worlds, p)} worlds are "
                    "numbered by their syndromes; the solvable one's is all zeros."
                )
            else:
                self.world.setText(
                    f"World {pos.world:,} (syndrome ({syndrome})). The {pos.worlds:,} worlds "
                    f"are numbered 0 to {pos.worlds - 1:,}; world 0 is the solvable one."
                )
        else:
            self.world.setText("Every position is solvable on this board (one world).")
        kind = "Left-kernel pattern" if self.model.document.board.directed else "Quiet pattern"
        for j in pos.failing:
            size = int(np.count_nonzero(analysis.left_kernel[j]))
            text = f"{kind} {j + 1} · {count_of(size, 'button')} · sum {pos.syndrome[j]}, not 0"
            self.failing.addItem(text)
        self.failing.setVisible(bool(pos.failing))
        self.highlight.setVisible(bool(pos.failing))
        if pos.failing:
            self.failing.setCurrentIndex(0)
        self.failing.blockSignals(False)
        self.draw()

    def selected_pattern(self) -> int | None:
        """The left-kernel row drawn on the board (None when none is)."""
        pos, row = self.model.position, self.failing.currentIndex()
        if pos is None or pos.solvable or row < 0 or row >= len(pos.failing):
            return None
        return pos.failing[row]

    def draw(self) -> None:
        j, analysis = self.selected_pattern(), self.model.analysis
        if j is None or analysis is None or not self.session.shows("world"):
            self.marks.clear()
            return
        names = self.model.document.board.buttons
        self.marks.set_marks(
            pattern_marks(names, analysis.left_kernel[j], WORLD_COLOR, WORLD_STYLE)
        )


class PatternBrowser(QGroupBox):
    """Step through a basis (generators over Z_k) of patterns, or every combination of it,
    drawn on the board; subclasses say where the basis comes from (`basis`) and what it is
    (`summary_text`). The quiet patterns and the solution map's fixed boards use it.

    Parameters
    ----------
    title, prefix : str
        The box's title and the objectName prefix of its widgets (``analysis_quiet``).
    overlay : str
        The session overlay its "Show on the board" box shows (also the scene overlay
        ``analysis.<overlay>`` it draws on).
    kind : str
        The mark meaning drawn (`palette.MARKS`).
    """

    #: What one item is called ("Pattern 2 of 4") and the symbol of the basis ("q1 + q3").
    item, symbol = "Pattern", "q"

    def __init__(
        self,
        title: str,
        prefix: str,
        overlay: str,
        kind: str,
        model: AnalysisModel,
        scene: BoardScene,
        session: Session,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.setObjectName(f"{prefix}_box")
        self.model, self.scene, self.session = model, scene, session
        self.overlay_name, self.mark_kind = overlay, MARKS[kind]
        self.summary = named(QLabel("…"), f"{prefix}_summary")
        self.summary.setWordWrap(True)
        self.basis_mode = named(QRadioButton("Basis"), f"{prefix}_basis")
        self.combo_mode = named(QRadioButton("Combinations"), f"{prefix}_combinations")
        self.basis_mode.setChecked(True)
        self.prev = named(QPushButton("◀"), f"{prefix}_prev")
        self.next = named(QPushButton("▶"), f"{prefix}_next")
        for b in (self.prev, self.next):
            b.setFixedWidth(36)
        self.prev.setToolTip("Previous pattern")
        self.next.setToolTip("Next pattern")
        self.spin = named(QSpinBox(), f"{prefix}_spin")
        self.spin.setToolTip("Combination number: its base-p digits are the coefficients")
        self.which = named(QLabel(""), f"{prefix}_which")
        self.which.setWordWrap(True)
        self.show_board = named(QCheckBox("Show on the board"), f"{prefix}_show")
        self.box_layout = layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(_row(self.basis_mode, self.combo_mode))
        layout.addLayout(_row(self.prev, self.spin, self.next))
        layout.addWidget(self.which)
        layout.addWidget(self.show_board)
        self.index = 0  # basis row, or combination number in combination mode
        self.prev.clicked.connect(lambda: self.step(-1))
        self.next.clicked.connect(lambda: self.step(1))
        self.spin.valueChanged.connect(self._spun)
        self.basis_mode.toggled.connect(lambda _on: self._mode_changed())
        _bind_overlay(self.show_board, session, overlay, self.draw)

    # ------------------------------------------------------------------ what is browsed
    def basis(self) -> tuple[NDArray[np.uint8], tuple[int, ...], int] | None:
        """(rows, each row's additive order, states), or None while unknown."""
        raise NotImplementedError

    def summary_text(self) -> str:
        """What the summary line says while the basis is known."""
        raise NotImplementedError

    def waiting_text(self) -> str:
        return "Waiting for the analysis…"

    @property
    def marks(self) -> Overlay:
        return self.scene.overlay(f"analysis.{self.overlay_name}")

    @property
    def k(self) -> int:
        basis = self.basis()
        return 0 if basis is None else len(basis[0])

    @property
    def total(self) -> int:
        """How many combinations there are, the zero one included."""
        basis = self.basis()
        return 1 if basis is None else int(np.prod(basis[1], dtype=object))

    @property
    def count(self) -> int:
        """How many items the browser steps through in the current mode."""
        if not self.k:
            return 0
        if self.basis_mode.isChecked():
            return self.k
        return self.total - 1

    def combinations_allowed(self) -> bool:
        return 0 < self.total - 1 <= COMBINATION_LIMIT

    def refresh(self) -> None:
        self.index = 0
        self.summary.setText(self.waiting_text() if self.basis() is None else self.summary_text())
        self.combo_mode.setEnabled(self.combinations_allowed())
        if not self.combinations_allowed():
            self.basis_mode.setChecked(True)
        self._mode_changed()

    def _mode_changed(self) -> None:
        self.index = 0
        self.spin.blockSignals(True)
        self.spin.setRange(1, max(self.count, 1))
        self.spin.setValue(1)
        self.spin.blockSignals(False)
        for w in (self.prev, self.next, self.spin, self.show_board):
            w.setEnabled(self.count > 0)
        self.draw()

    def step(self, delta: int) -> None:
        """Move to the previous/next pattern (wrapping) and show it on the board."""
        if not self.count:
            return
        self.spin.setValue((self.index + delta) % self.count + 1)
        self.show_board.setChecked(True)

    def _spun(self, value: int) -> None:
        self.index = value - 1
        self.draw()

    def vector(self) -> NDArray[np.int64] | None:
        """The pattern currently selected (None when there is none)."""
        basis = self.basis()
        if basis is None or not self.count:
            return None
        rows, orders, states = basis
        vectors = rows.astype(np.int64)
        if self.basis_mode.isChecked():
            return np.asarray(vectors[self.index], dtype=np.int64)
        coeffs = np.array(coefficients(self.index + 1, orders), dtype=np.int64)
        return (coeffs @ vectors) % states

    def describe(self, vector: NDArray[np.int64]) -> str:
        """What the pattern amounts to (after "Pattern 2 of 4: ")."""
        return f"{count_of(int(vector.sum()), 'press')}."

    def draw(self) -> None:
        vec, basis = self.vector(), self.basis()
        if vec is None or basis is None:
            self.which.setText("")
            self.marks.clear()
            return
        if self.basis_mode.isChecked():
            self.which.setText(f"{self.item} {self.index + 1} of {self.k}: {self.describe(vec)}")
        else:
            coeffs = coefficients(self.index + 1, basis[1])
            q = self.symbol
            terms = " + ".join(
                (f"{q}{j + 1}" if c == 1 else f"{c}·{q}{j + 1}") for j, c in enumerate(coeffs) if c
            )
            self.which.setText(f"Combination {self.index + 1} = {terms}: {self.describe(vec)}")
        if self.session.shows(self.overlay_name):
            names = self.model.document.board.buttons
            kind = self.mark_kind
            self.marks.set_marks(pattern_marks(names, vec, kind.color, kind.style))
        else:
            self.marks.clear()


class QuietBrowser(PatternBrowser):
    """Step through the quiet basis, or every combination of it, drawn on the board."""

    def __init__(
        self,
        model: AnalysisModel,
        scene: BoardScene,
        session: Session,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(
            "Quiet patterns", "analysis_quiet", "quiet", "quiet", model, scene, session, parent
        )
        model.analysis_changed.connect(self.refresh)
        self.refresh()

    def basis(self) -> tuple[NDArray[np.uint8], tuple[int, ...], int] | None:
        analysis = self.model.analysis
        if analysis is None:
            return None
        return analysis.quiet, analysis.orders(), analysis.states

    def summary_text(self) -> str:
        analysis = self.model.analysis
        assert analysis is not None
        if not self.k:
            return ("None: no press pattern leaves every light as it is, so each "
                    "solvable position has exactly one solution.")  # fmt: skip
        s = "s" if self.k > 1 else ""
        # over Z_k, k composite, the quiet patterns form a module: generators, not a basis
        kind = "basis pattern" if analysis.quiet_orders is None else "generator"
        return (
            f"{self.k} {kind}{s}: pressing the buttons of any quiet pattern changes "
            f"no light, so solutions come in families of "
            f"{group_text(analysis.kernel_size, analysis.states)}."
        )
