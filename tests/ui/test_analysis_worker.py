"""The analysis runs off the GUI thread: it can be cancelled, the window keeps answering while
it runs, rapid edits cost one analysis, and a result for an older board is never shown."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QCoreApplication, QTimer

from lograph.core.engines import registry as core_analysis
from lograph.core.engines.registry import EngineFactory
from lograph.core.errors import InterruptedComputation
from lograph.core.model.generators import rectangle
from lograph.ui.model.commands import AddButtonsCommand, PressCommand
from lograph.ui.model.document import ButtonRecord
from lograph.ui.model.jobs import Job, JobRunner
from tests.references import press_matrix as matrix
from tests.references import rank_mod_p
from tests.ui.helpers import load
from tests.ui.test_analysis_figures import settle, text


def deliver() -> None:
    """Run the answers the worker threads have queued for the GUI thread (posted events)."""
    QCoreApplication.sendPostedEvents()


class SlowEngine:
    """An engine stub that works until it is cancelled or its call's gate opens.

    With ``honour_cancel=False`` it behaves like an uninterruptible elimination: a superseded
    call still returns its (by then stale) answer when its gate opens.
    """

    def __init__(self) -> None:
        self.started = threading.Event()
        self.saw_cancel = threading.Event()
        self.gates: list[threading.Event] = []
        self.honour_cancel = True

    @property
    def calls(self) -> int:
        return len(self.gates)

    def build(self, system, cancel):
        gate = threading.Event()
        self.gates.append(gate)
        self.started.set()
        while not gate.is_set():
            if self.honour_cancel and cancel is not None and cancel():
                self.saw_cancel.set()
                raise InterruptedComputation("stub cancelled")
            gate.wait(0.005)  # the engine polls cancel, as the core does; the gate ends it
        return core_analysis.get_solver(system, "dense")


@pytest.fixture
def slow(monkeypatch) -> SlowEngine:
    engine = SlowEngine()
    monkeypatch.setitem(
        core_analysis._ENGINES,
        "slow-test",
        EngineFactory("slow-test", engine.build, lambda system: True, preference=999),
    )
    return engine


def test_a_long_analysis_can_be_cancelled_and_the_window_keeps_answering(qtbot, window, slow):
    model, panel = window.analysis.model, window.analysis.panel
    load(window, rectangle(5, 5))
    model.set_engine("slow-test")
    qtbot.waitUntil(slow.started.is_set, timeout=5000)
    assert panel.busy_bar.isVisible()
    assert panel.cancel_button.isVisible()
    assert "Analysing 25 buttons" in panel.busy_text.text()
    # the GUI thread is free: timers fire and edits go through while the engine works
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    doc = window.document
    doc.push(PressCommand(doc, "r2c2"))
    qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=5000)
    timer.stop()
    assert doc.board.light("r2c2") == 1
    assert model.runner.is_running("analysis")
    assert not slow.saw_cancel.is_set()
    panel.cancel_button.click()
    assert slow.saw_cancel.wait(5)  # the engine was told, and stopped
    assert model.runner.pool.waitForDone(5000)
    deliver()  # a job that ended meanwhile (the chase plan) leaves `active` on the GUI thread
    assert not model.runner.active
    assert model.solver is None
    assert "cancelled" in text(window, "analysis_error").lower()
    assert text(window, "analysis_rank") == "—"
    assert not panel.busy_bar.isVisible()
    assert panel.recompute_button.isVisible()
    model.set_engine("auto")
    settle(qtbot, window)
    assert text(window, "analysis_rank") == "23"


def test_a_real_dense_analysis_can_be_cancelled(qtbot, window, monkeypatch):
    """The real dense engine, cancelled while it eliminates: its first poll of ``cancel``
    waits until the test has pressed Cancel, so the cancel always lands mid-elimination."""
    polling, pressed = threading.Event(), threading.Event()
    real_poll = Job.cancelled

    def poll(job: Job) -> bool:
        if job.channel == "analysis" and not polling.is_set():
            polling.set()
            pressed.wait(10)
        return real_poll(job)

    monkeypatch.setattr(Job, "__call__", poll)
    board = rectangle(12, 12)
    board.states = 3  # p > 2: the dense engine's elimination polls cancel
    model = window.analysis.model
    model.engine = "dense"
    load(window, board)
    qtbot.waitUntil(polling.is_set, timeout=10_000)  # the engine is working
    model.cancel()
    pressed.set()
    assert model.runner.pool.waitForDone(5000)
    deliver()
    assert model.solver is None
    assert "cancelled" in model.error.lower()


def test_stale_results_are_dropped(qtbot, window, slow):
    """An edit during a running analysis: the late answer for the old board is thrown away,
    even when it arrives after the answer for the edited board."""
    model = window.analysis.model
    load(window, rectangle(3, 3))
    settle(qtbot, window)
    slow.honour_cancel = False
    model.set_engine("slow-test")
    qtbot.waitUntil(slow.started.is_set, timeout=5000)
    assert slow.calls == 1
    # the edit: a new button joined to a corner, while the old analysis still runs
    doc = window.document
    doc.push(AddButtonsCommand(doc, [ButtonRecord("x", (3.0, 0.0))], [("x", "r0c2")]))
    assert model.solver is None
    qtbot.waitUntil(lambda: slow.calls == 2, timeout=5000)  # the new analysis has begun
    slow.gates[1].set()  # the edited board's answer first …
    qtbot.waitUntil(lambda: model.solver is not None, timeout=5000)
    slow.gates[0].set()  # … then the stale one for the 3x3 board
    assert model.runner.pool.waitForDone(5000)
    deliver()  # its queued delivery runs (and must drop it)
    a = matrix(doc.board)
    assert model.analysis.n == 10
    assert text(window, "analysis_buttons") == "10"
    assert text(window, "analysis_rank") == str(rank_mod_p(a, 2))
    assert text(window, "analysis_nullity") == str(10 - rank_mod_p(a, 2))


def test_runner_drops_superseded_results(qtbot):
    """The runner alone: a job replaced on its channel never reports, even if it finishes."""
    runner = JobRunner()
    gate = threading.Event()
    got = []
    runner.submit(
        "c", lambda cancel: gate.wait(5) and "old", "old", done=lambda t, r: got.append(r)
    )
    runner.submit("c", lambda cancel: "new", "new", done=lambda t, r: got.append(r))
    qtbot.waitUntil(lambda: got == ["new"], timeout=5000)
    gate.set()
    assert runner.pool.waitForDone(5000)
    deliver()
    assert got == ["new"]
    assert not runner.active


def test_runner_reports_errors_on_the_gui_thread(qtbot):
    runner = JobRunner()
    seen = []

    def boom(cancel):
        raise ValueError("bad")

    runner.submit("c", boom, "x", token=4, done=lambda t, r: None, failed=lambda t, e: seen.append(
        (t, str(e), threading.current_thread() is threading.main_thread())
    ))  # fmt: skip
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert seen == [(4, "bad", True)]


def test_rapid_edits_cost_one_analysis(qtbot, window):
    model = window.analysis.model
    load(window, rectangle(4, 4))
    settle(qtbot, window)
    started = model.analyses_started
    doc = window.document
    for i in range(8):  # faster than the debounce interval
        doc.push(AddButtonsCommand(doc, [ButtonRecord(f"n{i}", (6.0 + i, 0.0))]))
    settle(qtbot, window)
    assert model.analyses_started == started + 1
    assert text(window, "analysis_buttons") == "24"
    assert text(window, "analysis_rank") == str(rank_mod_p(matrix(doc.board), 2))


def test_errors_of_the_core_are_shown_politely(qtbot, window, monkeypatch):
    from lograph.core.errors import BoardTooLargeError

    def refuse(system, cancel):
        raise BoardTooLargeError("this board is too large for the test engine")

    monkeypatch.setitem(
        core_analysis._ENGINES,
        "refuse-test",
        EngineFactory("refuse-test", refuse, lambda s: True, 999),
    )
    load(window, rectangle(3, 3))
    window.analysis.model.set_engine("refuse-test")
    model = window.analysis.model
    qtbot.waitUntil(lambda: not model.pending, timeout=5000)
    assert "too large" in text(window, "analysis_error")
    assert window.analysis.panel.error.isVisible()


def test_a_queued_job_cancelled_before_it_starts_never_runs(qtbot):
    runner = JobRunner(threads=1)
    gate, ran = threading.Event(), []
    runner.submit("a", lambda cancel: gate.wait(5), "blocker", done=lambda t, r: None)
    runner.submit("b", lambda cancel: ran.append(1), "queued", done=lambda t, r: None)
    runner.cancel("b")
    gate.set()
    assert runner.pool.waitForDone(5000)
    deliver()
    assert ran == []
    assert not runner.active
