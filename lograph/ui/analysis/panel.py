"""The analysis panel: what the dock shows, section by section, bound to an `AnalysisModel`.

Top to bottom: a busy row (what runs, a busy bar, Cancel; `busy_row`, which the dock pins
above the scrolled part), the board's figures (rank,
nullity, solvable positions …), the current position, the quiet-pattern browser, the
solution buttons, the worst position and the press histogram. Every label has an objectName
(``analysis_rank`` …) so tests and style sheets find it.

Examples
--------
>>> power_text(2, 23)
'8,388,608 (2^23)'
>>> power_text(2, 400)
'2^400'
>>> fraction_text(3, 2)
'1/9'
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from lograph.core.model.ring import Ring
from lograph.core.optimize.histogram import CLASS_DEGREE_LIMIT
from lograph.core.optimize.worst import WorstPosition
from lograph.core.report.records import composite_figure_texts, factors_text
from lograph.ui.analysis.fewest_box import SolutionBox
from lograph.ui.analysis.figure_help import add_box_help, attach_help, help_title
from lograph.ui.analysis.histogram_view import HistogramView
from lograph.ui.analysis.numbers import count_text, fraction_text, group_text, power_text
from lograph.ui.analysis.patterns import PositionSection, QuietBrowser
from lograph.ui.analysis.solution import SolutionController
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.commands import SetLightsCommand
from lograph.ui.model.session import Session
from lograph.ui.model.words import count_of, method_words
from lograph.ui.widgets import ElidedLabel, named, set_tone

__all__ = ["AnalysisPanel", "worst_text"]

#: The busy bar's range at most (work counts can pass Qt's 32-bit int).
_BAR_STEPS = 1 << 20


def worst_text(worst: WorstPosition) -> str:
    """One sentence about a worst position: its count, exact or bounded, and how it was found."""
    if worst.exact:
        how = method_words(worst.method)
        return f"The worst position needs {count_of(worst.worst_presses, 'press')} (exact, {how})."
    found = "" if worst.presses is None else f"; the one found needs {worst.worst_presses}"
    return (
        f"The worst position needs between {worst.worst_presses} and {worst.upper_bound} "
        f"presses ({method_words(worst.method)}, not proven{found})."
    )


def _label(name: str, text: str = "…") -> QLabel:
    label = named(QLabel(text), name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class AnalysisPanel(QScrollArea):
    """Everything the analyser knows about the board, one click from the canvas.

    Parameters
    ----------
    model : AnalysisModel
        The analysis state to show.
    solutions : SolutionController
        Draws and plays solutions (the panel's solution buttons drive it).
    scene : BoardScene
        Where patterns are drawn.
    session : Session
        Owns which overlays are shown (the Show button and check boxes are its views).
    """

    def __init__(
        self,
        model: AnalysisModel,
        solutions: SolutionController,
        scene: BoardScene,
        session: Session,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("analysis_panel")
        self.model, self.solutions, self.scene = model, solutions, scene
        self.session = session
        self.document = model.document
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # labels wrap
        body = QWidget()
        self.layout_ = QVBoxLayout(body)
        self.layout_.setContentsMargins(6, 6, 6, 6)
        # the busy row stays above the scrolled sections (`AnalysisDock` places it there):
        # a long search started from the Solution section keeps its bar in view
        self.busy_row = named(QWidget(), "analysis_busy_row")
        self.busy_row.setLayout(self._busy_row())
        self.layout_.addWidget(self._figures_box())
        self.position = PositionSection(model, scene, session)
        self.quiet = QuietBrowser(model, scene, session)
        self.layout_.addWidget(self.position)
        self.layout_.addWidget(self.quiet)
        add_box_help(self.position, "world", "What is a world?")
        add_box_help(self.quiet, "quiet", "What are quiet patterns?")
        self.solution_box = SolutionBox(model, solutions, session)
        self.show_button = self.solution_box.show_button
        self.hint_button = self.solution_box.hint_button
        self.step_button = self.solution_box.step_button
        self.solution_text = self.solution_box.text
        self.layout_.addWidget(self.solution_box)
        self.worst_box = self._worst_box()
        self.layout_.addWidget(self.worst_box)
        self.layout_.addWidget(self._histogram_box())
        self.layout_.addStretch(1)
        self.setWidget(body)
        self.setMinimumWidth(270)
        model.analysis_changed.connect(self.refresh_figures)
        model.analysis_changed.connect(self.refresh_worst)
        model.analysis_changed.connect(self.refresh_histogram)
        model.worst_changed.connect(self.refresh_worst)
        model.histogram_changed.connect(self.refresh_histogram)
        model.message.connect(self._message)
        model.runner.activity_changed.connect(self.refresh_busy)
        model.runner.progress.connect(self._progress)
        self._done: dict[str, tuple[int, int]] = {}  # channel -> (done, total) last reported
        model.timer.timeout.connect(self.refresh_busy)
        self.document.changed.connect(self.refresh_busy)
        self.refresh_figures()
        self.refresh_worst()
        self.refresh_histogram()

    # ------------------------------------------------------------------ building
    def _busy_row(self) -> QVBoxLayout:
        """What runs, a busy bar and Cancel, in space kept for them while idle: the sections
        below never move when a job starts or ends."""
        self.busy_bar = named(QProgressBar(), "analysis_busy")
        self.busy_bar.setRange(0, 0)  # no percentage is known: an animated busy bar
        self.busy_bar.setTextVisible(False)
        self.busy_bar.setFixedHeight(10)
        self.busy_text = named(ElidedLabel(""), "analysis_busy_text")
        # one line ending in "…" (the full text is its tooltip): a second job adds no line
        self.busy_text.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.cancel_button = named(QPushButton("Cancel"), "analysis_cancel")
        self.cancel_button.setToolTip("Stop the computations running now")
        self.cancel_button.clicked.connect(self.model.cancel)
        self.recompute_button = named(QPushButton("Analyse"), "analysis_recompute")
        self.recompute_button.setToolTip("Run the analysis again")
        self.recompute_button.clicked.connect(self.model.start_analysis)
        for widget in (self.busy_bar, self.busy_text, self.cancel_button, self.recompute_button):
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)
        top = QHBoxLayout()
        top.addWidget(self.busy_text, 1)
        top.addWidget(self.cancel_button)
        top.addWidget(self.recompute_button)
        box = QVBoxLayout()
        box.setContentsMargins(6, 6, 6, 2)
        box.addLayout(top)
        box.addWidget(self.busy_bar)
        return box

    def _figures_box(self) -> QGroupBox:
        box = named(QGroupBox("Board"), "analysis_figures_box")
        form = QFormLayout(box)
        self.figures: dict[str, QLabel] = {}
        rows = [
            ("buttons", "Buttons"),
            ("rule", "Rule"),
            ("rank", "Rank"),
            ("nullity", "Nullity"),
            ("solvable_count", "Solvable positions"),
            ("solvable_fraction", "Solvable share"),
            ("worlds", "Worlds"),
            ("kernel", "Quiet patterns"),
        ]
        for key, title in rows:
            self.figures[key] = _label(f"analysis_{key}")
            attach_help(self.figures[key], key)
            form.addRow(help_title(key, title), self.figures[key])
        self.engine = named(QComboBox(), "analysis_engine")
        self.engine.addItems(["auto", "fast", "chase-p", "dense", "galois", "chase-zk", "dense-zk"])
        self.engine.setToolTip("Which solver analyses the board (the figures do not depend on it)")
        self.engine.currentTextChanged.connect(self.model.set_engine)
        form.addRow("Engine", self.engine)
        self.error = _label("analysis_error", "")
        set_tone(self.error, "bad", bold=False)
        form.addRow(self.error)
        return box

    def _worst_box(self) -> QGroupBox:
        box = named(QGroupBox("Worst position"), "analysis_worst_box")
        self.worst_button = named(QPushButton("Compute"), "analysis_worst_compute")
        self.worst_button.clicked.connect(lambda: self.model.request_worst())
        self.load_button = named(QPushButton("Load onto board"), "analysis_worst_load")
        self.load_button.clicked.connect(self.load_worst)
        self.worst_label = _label("analysis_worst", "")
        attach_help(self.worst_label, "god")
        row = QHBoxLayout()
        row.addWidget(self.worst_button)
        row.addWidget(self.load_button)
        layout = QVBoxLayout(box)
        layout.addLayout(row)
        layout.addWidget(self.worst_label)
        add_box_help(box, "god", "What is God's number?")
        return box

    def _histogram_box(self) -> QGroupBox:
        box = named(QGroupBox("Positions by fewest presses"), "analysis_histogram_box")
        self.histogram = HistogramView()
        self.histogram_button = named(QPushButton("Count"), "analysis_histogram_compute")
        self.histogram_button.setToolTip(
            "Count by quiet classes (over GF(p)), or walk every press vector (up to 2^26 of them)"
        )
        self.histogram_button.clicked.connect(self.model.request_histogram)
        self.histogram_note = _label("analysis_histogram_note", "")
        layout = QVBoxLayout(box)
        layout.addWidget(self.histogram)
        layout.addWidget(self.histogram_note)
        layout.addWidget(self.histogram_button)
        return box

    def add_section(self, section: QWidget, before: QWidget) -> None:
        """Put `section` above `before` (the dock adds the solution map's sections)."""
        self.layout_.insertWidget(self.layout_.indexOf(before), section)

    # ------------------------------------------------------------------ refreshing
    def refresh_busy(self) -> None:
        jobs = self.model.jobs()
        waiting = self.model.timer.isActive()
        busy = bool(jobs) or waiting
        self._done = {c: d for c, d in self._done.items() if any(j.channel == c for j in jobs)}
        # the percentage first: a long text is elided at its end
        texts = [self._percent(job.channel) + job.text for job in jobs]
        texts = texts or (["Waiting for edits to settle…"] if waiting else [])
        if not busy and self.model.analysis is not None:
            texts = ["Figures up to date."]  # the row's space is kept: say something useful
        self.busy_text.setText(" · ".join(texts))
        self.busy_text.setToolTip("\n".join(texts))
        # the bar shows how far the oldest job that counts its work is; else it just moves
        counted = [self._done[j.channel] for j in jobs if j.channel in self._done]
        done, total = counted[0] if counted else (0, 0)
        scale = max(1, -(-total // _BAR_STEPS))  # Qt's range is a 32-bit int; work is not
        self.busy_bar.setRange(0, -(-total // scale))
        self.busy_bar.setValue(done // scale)
        self.busy_bar.setVisible(busy)
        self.cancel_button.setVisible(busy)
        stopped = self.model.solver is None and not self.model.pending
        self.recompute_button.setVisible(stopped and len(self.document.board) > 0)

    def _percent(self, channel: str) -> str:
        done, total = self._done.get(channel, (0, 0))
        return f"{100 * done // total}% · " if total > 0 else ""

    def _progress(self, channel: str, done: int, total: int) -> None:
        """A job's progress (from the runner, on the GUI thread): redraw when the percentage
        moves, not at every report."""
        before = self._percent(channel)
        self._done[channel] = (min(done, total), total)
        if self._percent(channel) != before:
            self.refresh_busy()

    def refresh_figures(self) -> None:
        board, analysis, f = self.document.board, self.model.analysis, self.figures
        p = board.states
        f["buttons"].setText(f"{len(board):,}")
        kind = "directed" if board.directed else "undirected"
        ring = str(Ring.of(p))
        f["rule"].setText(f"{board.rule}, {kind}, {p} states ({ring})")
        if analysis is None:
            text = "—" if self.model.error or not len(board) else "…"
            for key in (
                "rank",
                "nullity",
                "solvable_count",
                "solvable_fraction",
                "worlds",
                "kernel",
            ):
                f[key].setText(text if len(board) else "0")
        elif analysis.prime:
            f["rank"].setText(f"{analysis.rank:,}")
            f["nullity"].setText(f"{analysis.nullity:,}")
            f["solvable_count"].setText(power_text(p, analysis.rank))
            f["solvable_fraction"].setText(fraction_text(p, analysis.nullity))
            f["worlds"].setText(power_text(p, analysis.nullity))
        else:  # over Z_k a rank is no dimension: the counts come from the module
            for key, value in composite_figure_texts(analysis).items():
                f[key].setText(value)
        if analysis is not None:
            structure = factors_text(analysis.kernel_structure)
            f["kernel"].setText(f"{group_text(analysis.kernel_size, p)} = {structure}")
            self.engine.setToolTip(f"Analysed by the {analysis.engine} engine")
        self.error.setText(self.model.error)
        self.error.setVisible(bool(self.model.error))
        ready = analysis is not None
        for w in (self.show_button, self.hint_button, self.step_button, self.worst_button):
            w.setEnabled(ready)
        self.refresh_busy()

    def refresh_worst(self) -> None:
        worst = self.model.worst
        running = self.model.runner.is_running("worst")
        self.worst_button.setEnabled(self.model.solver is not None and not running)
        self.load_button.setEnabled(worst is not None and worst.lights is not None)
        if worst is not None:
            self.worst_label.setText(worst_text(worst))
        elif running:
            self.worst_label.setText("Searching…")
        else:
            self.worst_label.setText("")

    def refresh_histogram(self) -> None:
        counts, model = self.model.histogram, self.model
        allowed = model.histogram_allowed()
        running = model.runner.is_running("histogram")
        self.histogram_button.setEnabled(
            allowed and counts is None and not running and model.system is not None
        )
        if counts is not None:
            total, worst = sum(counts), len(counts) - 1
            self.histogram.set_counts(counts)
            positions = "solvable position" if total == 1 else "solvable positions"
            hardest = (
                f"the hardest need {count_of(worst, 'press')} ({count_text(counts[-1])} of them)"
                if counts[-1] != 1
                else f"the hardest needs {count_of(worst, 'press')} (just one)"
            )
            self.histogram_note.setText(f"{count_text(total)} {positions}; {hardest}.")
        elif not allowed and model.system is not None:
            self.histogram.set_counts(None, "Too many positions to count.")
            self.histogram_note.setText(
                "Counting by quiet classes needs too much work on this board (boards over "
                f"GF(p) whose quiet patterns are few or split into small pieces, up to "
                f"{CLASS_DEGREE_LIMIT:,} presses, are counted), and "
                "walking every press vector stops at 2^26 of them."
            )
        else:
            self.histogram.set_counts(None, "Counting…" if running else "Not counted yet.")
            self.histogram_note.setText("")

    def _message(self, section: str, text: str) -> None:
        target = {
            "solution": self.solution_text,
            "worst": self.worst_label,
            "histogram": self.histogram_note,
        }.get(section, self.error)
        target.setText(text[:1].upper() + text[1:])  # core messages start in lower case
        target.setVisible(True)

    # ------------------------------------------------------------------ actions
    def load_worst(self) -> bool:
        """Set the lights to the worst position: one undoable step that, like a scramble,
        starts a new game (move counter at 0, the position is the start). Its presses are not
        marked: that would give the puzzle away; Show Solution marks them when asked."""
        worst = self.model.worst
        if worst is None or worst.lights is None or worst.presses is None:
            return False
        self.document.push(
            SetLightsCommand(
                self.document, worst.lights, "Load worst position", moves=0, start=True
            )
        )
        return True
