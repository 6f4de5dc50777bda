"""The window's one job runner: results come back on the GUI thread, stale answers are
dropped, cancel reaches the work, progress is relayed, errors are reported. Every job here
blocks on events the test holds, so nothing depends on the machine's speed."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QCoreApplication

from lograph.core.errors import InterruptedComputation
from lograph.ui.model.jobs import JobRunner


def settle(runner: JobRunner) -> None:
    """Let the threads end, then deliver what they queued for the GUI thread."""
    assert runner.pool.waitForDone(5000)
    QCoreApplication.sendPostedEvents()


def test_an_answer_for_an_older_revision_is_dropped(qtbot):
    runner = JobRunner()
    revision = {"now": 1}
    gate = threading.Event()
    done, failed = [], []
    runner.submit(
        "c", lambda job: gate.wait(5) and "for revision 1", "x", token=1,
        current=lambda: revision["now"], done=lambda t, r: done.append(r),
        failed=lambda t, e: failed.append(e),
    )  # fmt: skip
    revision["now"] = 2  # the board changed while the job ran
    gate.set()
    settle(runner)
    assert done == []
    assert failed == []
    assert not runner.active


def test_an_answer_for_the_current_revision_arrives_on_the_gui_thread(qtbot):
    runner = JobRunner()
    seen = []

    def done(token, result):
        seen.append((token, result, threading.current_thread() is threading.main_thread()))

    runner.submit("c", lambda job: 42, "x", token=3, current=lambda: 3, done=done)
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert seen == [(3, 42, True)]


def test_cancel_reaches_the_work_and_nobody_hears_from_it(qtbot):
    runner = JobRunner()
    started, saw_cancel = threading.Event(), threading.Event()
    heard = []

    def work(job):
        started.set()
        while not job():  # the job is the cancel callable the core polls
            threading.Event().wait(0.001)
        saw_cancel.set()
        raise InterruptedComputation("stopped")

    runner.submit("c", work, "x", done=lambda t, r: heard.append(r),
                  failed=lambda t, e: heard.append(e))  # fmt: skip
    assert started.wait(5)
    activity = []
    runner.activity_changed.connect(lambda: activity.append(1))
    runner.cancel("c")
    assert saw_cancel.wait(5)
    settle(runner)
    assert heard == []
    assert activity == [1]
    assert not runner.is_running("c")


def test_progress_is_relayed_for_the_current_job_only(qtbot):
    runner = JobRunner()
    steps = [threading.Event() for _ in range(3)]
    progress = []
    runner.progress.connect(lambda channel, done, total: progress.append((channel, done, total)))

    def work(job):
        for i, step in enumerate(steps):
            assert step.wait(5)
            job.report(i + 1, len(steps))
        return "done"

    runner.submit("p", work, "x", done=lambda t, r: None)
    for step in steps:
        seen = len(progress)
        step.set()
        qtbot.waitUntil(lambda seen=seen: len(progress) == seen + 1, timeout=5000)
    assert progress == [("p", 1, 3), ("p", 2, 3), ("p", 3, 3)]


def test_errors_go_to_failed_or_are_raised_on_the_gui_thread(qtbot):
    runner = JobRunner()
    reported = []

    def boom(job):
        raise ValueError("bad input")

    runner.submit("a", boom, "x", token=5, done=lambda t, r: None,
                  failed=lambda t, e: reported.append((t, str(e))))  # fmt: skip
    qtbot.waitUntil(lambda: bool(reported), timeout=5000)
    assert reported == [(5, "bad input")]
    with qtbot.captureExceptions() as raised:
        runner.submit("b", boom, "x", done=lambda t, r: None)
        qtbot.waitUntil(lambda: bool(raised), timeout=5000)
    assert isinstance(raised[0][1], ValueError)


@pytest.mark.parametrize("channel", ["chase", "export"])
def test_a_dock_cancelling_its_channel_leaves_the_others_running(qtbot, channel):
    runner = JobRunner()
    gates = {c: threading.Event() for c in ("analysis", channel)}
    got = []
    for c, gate in gates.items():
        runner.submit(c, lambda job, g=gate, c=c: g.wait(5) and c, c,
                      done=lambda t, r: got.append(r))  # fmt: skip
    runner.cancel(channel)
    assert [j.channel for j in runner.active] == ["analysis"]
    for gate in gates.values():
        gate.set()
    qtbot.waitUntil(lambda: got == ["analysis"], timeout=5000)
    settle(runner)
    assert got == ["analysis"]


def test_a_first_compile_is_announced_in_the_running_jobs_texts(qtbot, monkeypatch):
    """numba's first compilation (a cache miss, on a worker thread) appends a note to what
    the busy row shows, on the GUI thread; the job's answer still arrives."""
    from lograph.core.kernels import compile_notice
    from lograph.ui.model.jobs import COMPILING_NOTE

    monkeypatch.setattr(compile_notice, "_told", False)  # this process has not compiled yet
    runner = JobRunner()
    gate, compiled = threading.Event(), threading.Event()
    done = []

    def work(job):
        compile_notice.compiling()  # what the numba listener calls on a cache miss
        compiled.set()
        gate.wait(5)
        return "answer"

    job = runner.submit("analysis", work, "Analysing 25 buttons…", done=lambda t, r: done.append(r))
    assert compiled.wait(5)
    with qtbot.waitSignal(runner.activity_changed, timeout=5000):
        QCoreApplication.sendPostedEvents()
    assert job.text == f"{COMPILING_NOTE} · Analysing 25 buttons…"
    compile_notice.compiling()  # only the first compilation is news
    gate.set()
    settle(runner)
    assert done == ["answer"]
    assert job.text.count(COMPILING_NOTE) == 1
