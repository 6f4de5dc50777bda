"""The window's kernel warm-up runs in a child process (off the GUI thread and its GIL),
shows its progress in the status bar and is stopped when the window closes. A stand-in child
prints the warm-up's progress lines and then waits, so the test sees it running."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QProcess

from lograph.core.report.warmup import PREFIX

_CHILD = f"""
import os, sys, time
print("{PREFIX} 0 3 the first step", flush=True)
print("{PREFIX} 1 3 the second step pid", os.getpid(), flush=True)
time.sleep(600)
"""


def test_warmup_reports_progress_and_stops_when_the_window_closes(window, qtbot) -> None:
    warmup = window.warmup
    seen: list[tuple[int, int, str]] = []
    warmup.progress.connect(lambda done, total, text: seen.append((done, total, text)))
    with qtbot.waitSignal(warmup.progress, check_params_cb=lambda d, t, text: d == 1):
        assert warmup.start([sys.executable, "-c", _CHILD])
    assert seen[0] == (0, 3, "the first step")
    pid = warmup.process.processId()
    assert pid not in (0, os.getpid())  # another process: the GUI thread never compiles
    assert warmup.running
    label = window.warmup_label
    assert label.isVisibleTo(window)
    assert "1/3" in label.text()
    with qtbot.waitSignal(warmup.finished) as ended:
        window.close()
    assert ended.args == [-1]  # stopped, not done
    assert warmup.process.state() == QProcess.ProcessState.NotRunning
    assert not warmup.running
    assert not label.isVisibleTo(window)


def test_a_finished_warmup_hides_its_label(window, qtbot) -> None:
    child = f"print('{PREFIX} 0 1 a step', flush=True); print('{PREFIX} done 7', flush=True)"
    with qtbot.waitSignal(window.warmup.finished) as ended:
        window.warmup.start([sys.executable, "-c", child])
    assert ended.args == [7]
    assert not window.warmup_label.isVisibleTo(window)
    assert "compiled" in window.statusBar().currentMessage()


def test_no_warmup_when_turned_off(window, monkeypatch) -> None:
    monkeypatch.setenv("LOGRAPH_WARMUP", "0")
    assert not window.start_warmup()
    assert not window.warmup.running
