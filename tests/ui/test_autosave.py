"""Autosave and recovery: the timer writes an edited board, a save or a clean exit removes
it, the next start after a crash offers it (Restore / Discard), a running window's autosave
is never offered, and a real ``kill -9`` (or SIGTERM) of ``lograph gui`` loses nothing.

Boards are compared with `tests.ui.helpers.snapshot`, which reads the graph data directly.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from lograph.core.files import read_board, write_board
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.ui.io.autosave import INTERVAL_KEY, Autosaver, interval_setting
from lograph.ui.io.recovery import find_orphans, start
from lograph.ui.main_window import MainWindow
from lograph.ui.model.commands import AddButtonsCommand, MoveCommand, SetLightsCommand
from lograph.ui.model.document import ButtonRecord
from tests.ui.helpers import snapshot

ROOT = Path(__file__).resolve().parents[2]


def slot_files(saver: Autosaver) -> list[str]:
    return sorted(p.name for p in saver.folder.glob(f"{saver.slot}*"))


def tick(qtbot, saver: Autosaver) -> None:
    """What the timer does once a minute, and wait until the file is on disk."""
    with qtbot.waitSignal(saver.saved, timeout=120_000):  # a hang guard only
        saver.timer.timeout.emit()


def light_flip(doc, button: str) -> SetLightsCommand:
    """An edit of one light (Lights mode's click); a press in play mode is no edit."""
    return SetLightsCommand(doc, {button: 1 - doc.board.light(button)}, f"Set light of {button}")


def edit(window: MainWindow) -> None:
    """Three edits of different kinds: a light, a move, a new lit button with an edge."""
    doc = window.document
    doc.push(light_flip(doc, "r0c0"))
    doc.push(MoveCommand(doc, {"r1c1": (7.5, -2.25)}))
    doc.push(AddButtonsCommand(doc, [ButtonRecord("extra", (9.0, 9.0), 1)], [("extra", "r0c1")]))


def open_file(window: MainWindow, tmp_path: Path, board: Board | None = None) -> Path:
    path = tmp_path / "board.json"
    write_board(board if board is not None else rectangle(3, 3), path)
    assert window.files.open_path(path, ask=False)
    return path.resolve()


def dead_pid() -> int:
    """The id of a process that has ended (it could be reused, which the locks make harmless)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def crash(saver: Autosaver) -> None:
    """What a kill does to a window: its lock goes, its files stay, its process id is dead."""
    saver.timer.stop()
    saver.lock.release(remove=False)
    meta = json.loads(saver.meta_path.read_text(encoding="utf-8"))
    saver.meta_path.write_text(json.dumps({**meta, "pid": dead_pid()}), encoding="utf-8")


def recovery_box(qtbot) -> QMessageBox:
    def find() -> QMessageBox | None:
        boxes = QApplication.topLevelWidgets()
        return next((b for b in boxes if b.objectName() == "recovery_box" and b.isVisible()), None)

    qtbot.waitUntil(lambda: find() is not None)
    box = find()
    assert isinstance(box, QMessageBox)
    return box


def click(box: QMessageBox, name: str) -> None:
    if name == "restore":
        button = box.findChild(QPushButton, "restore")
    else:
        button = box.button(QMessageBox.StandardButton.Discard)
    assert button is not None
    button.click()


@pytest.fixture
def second(qtbot, settings):
    """A factory for the window of a new start; closes what it made."""
    made: list[MainWindow] = []

    def make() -> MainWindow:
        w = MainWindow(settings=settings)
        w.show()
        qtbot.waitExposed(w)
        made.append(w)
        return w

    yield make
    for w in made:
        w.document.undo_stack.setClean()
        w.close()
        w.deleteLater()


# ---------------------------------------------------------------------------- autosave


def test_the_timer_autosaves_an_edited_board_and_a_save_removes_it(window, qtbot, tmp_path):
    path = open_file(window, tmp_path)
    saver = window.autosave
    saver.timer.timeout.emit()
    assert not saver.runner.is_running()
    assert slot_files(saver) == []  # nothing edited, nothing written
    edit(window)
    tick(qtbot, saver)
    assert slot_files(saver) == sorted(f"{saver.slot}{s}" for s in (".json", ".lock", ".meta.json"))
    assert snapshot(read_board(saver.board_path)) == snapshot(window.document.board)
    meta = json.loads(saver.meta_path.read_text(encoding="utf-8"))
    assert (meta["pid"], meta["original"], meta["modified"]) == (os.getpid(), str(path), True)
    assert (meta["undo_index"], meta["clean_index"]) == (3, 0)
    assert window.files.save_to(path)
    assert not saver.board_path.exists()
    assert not saver.meta_path.exists()


def test_undo_back_to_the_file_and_a_clean_exit_remove_the_autosave(window, qtbot, tmp_path):
    open_file(window, tmp_path)
    saver = window.autosave
    edit(window)
    tick(qtbot, saver)
    assert saver.board_path.exists()
    while window.document.undo_stack.canUndo():
        window.document.undo_stack.undo()
    assert not saver.board_path.exists()  # the board equals its file again
    edit(window)
    tick(qtbot, saver)
    window.document.undo_stack.setClean()
    window.close()
    assert slot_files(saver) == []  # lock file included


def test_a_second_edit_is_written_only_after_the_board_changes_again(window, qtbot, tmp_path):
    open_file(window, tmp_path)
    saver = window.autosave
    edit(window)
    written: list[str] = []
    saver.saved.connect(written.append)
    tick(qtbot, saver)
    saver.timer.timeout.emit()
    assert not saver.runner.is_running()
    assert len(written) == 1
    window.document.push(light_flip(window.document, "r2c2"))
    tick(qtbot, saver)
    assert len(written) == 2
    assert snapshot(read_board(saver.board_path)) == snapshot(window.document.board)


def test_the_write_runs_off_the_gui_thread_while_editing_goes_on(window, qtbot, tmp_path):
    open_file(window, tmp_path, rectangle(50, 50))
    saver = window.autosave
    window.document.push(light_flip(window.document, "r10c10"))
    expected = snapshot(window.document.board)
    with qtbot.waitSignal(saver.saved, timeout=120_000):
        saver.timer.timeout.emit()
        assert saver.runner.is_running("autosave")  # handed to a worker thread
        window.document.push(light_flip(window.document, "r0c0"))  # edits go on meanwhile
        saver.timer.timeout.emit()  # one write at a time: this tick waits for the next
    assert snapshot(read_board(saver.board_path)) == expected  # the snapshot, not a mixture
    assert saver.pending  # the later press is written by the next tick
    tick(qtbot, saver)
    assert snapshot(read_board(saver.board_path)) == snapshot(window.document.board)


def test_a_folder_that_cannot_be_written_is_reported_once(window, qtbot, tmp_path):
    open_file(window, tmp_path)
    saver = window.autosave
    saver.folder.parent.mkdir(parents=True, exist_ok=True)
    saver.folder.write_text("a file where the folder should be")
    messages: list[str] = []
    saver.status.connect(messages.append)
    edit(window)
    with qtbot.waitSignal(saver.status, timeout=120_000):
        saver.timer.timeout.emit()
    window.document.push(light_flip(window.document, "r2c2"))
    saver.timer.timeout.emit()
    qtbot.waitUntil(lambda: not saver.runner.is_running())
    assert len(messages) == 1
    assert messages[0].startswith("Autosave failed:")
    assert saver.pending  # still unsaved: the next tick tries again


def test_the_interval_is_a_setting(settings):
    assert interval_setting(settings) == 60
    settings.setValue(INTERVAL_KEY, "5")
    assert interval_setting(settings) == 5
    for bad in ("0", "-3", "1e9", "soon", "99999"):
        settings.setValue(INTERVAL_KEY, bad)
        assert interval_setting(settings) == 60


# ---------------------------------------------------------------------------- recovery


def test_after_a_crash_the_next_start_restores_the_exact_board(window, second, qtbot, tmp_path):
    path = open_file(window, tmp_path)
    edit(window)
    expected = snapshot(window.document.board)
    tick(qtbot, window.autosave)
    crash(window.autosave)
    new = second()
    then: list[bool] = []
    start(new, new.autosave, new.files, None).then = lambda: then.append(True)
    box = recovery_box(qtbot)
    assert box.text() == "lograph closed unexpectedly. Restore the unsaved board “board.json”?"
    assert str(path) in box.informativeText()
    click(box, "restore")
    qtbot.waitUntil(lambda: bool(then))
    doc = new.document
    assert snapshot(doc.board) == expected
    assert doc.is_modified
    assert new.isWindowModified()
    assert doc.path == path
    assert find_orphans(new.autosave.folder) == []  # the old slot is gone ...
    assert snapshot(read_board(new.autosave.board_path)) == expected  # ... and now the new one's
    assert new.files.save()  # Save writes where the board came from
    assert snapshot(read_board(path)) == expected
    assert slot_files(new.autosave) == [f"{new.autosave.slot}.lock"]


def test_an_untitled_board_comes_back_untitled(window, second, qtbot):
    window.document.replace_board(rectangle(2, 2))
    window.document.push(light_flip(window.document, "r1c1"))
    expected = snapshot(window.document.board)
    tick(qtbot, window.autosave)
    crash(window.autosave)
    new = second()
    start(new, new.autosave, new.files, None)
    box = recovery_box(qtbot)
    assert "never saved" in box.informativeText()
    click(box, "restore")
    qtbot.waitUntil(lambda: snapshot(new.document.board) == expected)
    assert new.document.path is None
    assert new.document.is_modified


def test_discard_deletes_the_autosave(window, second, qtbot, tmp_path):
    open_file(window, tmp_path)
    edit(window)
    tick(qtbot, window.autosave)
    folder, slot = window.autosave.folder, window.autosave.slot
    crash(window.autosave)
    new = second()
    start(new, new.autosave, new.files, None)
    click(recovery_box(qtbot), "discard")
    qtbot.waitUntil(lambda: not list(folder.glob(f"{slot}*")))
    assert len(new.document.board) == 0
    assert not new.document.is_modified


def test_a_running_window_s_autosave_is_never_offered(window, second, qtbot, tmp_path):
    open_file(window, tmp_path)
    edit(window)
    tick(qtbot, window.autosave)
    assert find_orphans(window.autosave.folder) == []  # its lock is held
    new = second()
    recovery = start(new, new.autosave, new.files, None)
    assert recovery.orphans == []
    assert recovery.box is None
    assert window.autosave.board_path.exists()


def test_what_a_window_killed_during_its_first_write_left_is_swept(window, qtbot, tmp_path):
    open_file(window, tmp_path)
    edit(window)
    tick(qtbot, window.autosave)
    window.document.undo_stack.setClean()  # a saved window: its lock file stays, no meta
    folder = window.autosave.folder
    debris = [folder / n for n in ("window-1-0.lock", "window-1-0.json", ".window-1-0.json.a.tmp")]
    for path in debris:
        path.write_text("{")
    assert find_orphans(folder) == []
    assert not any(path.exists() for path in debris)
    assert window.autosave.lock.path.exists()  # a running window's lock is left alone


# ---------------------------------------------------------------------------- real processes


def gui(tmp_path: Path, board: Path, script: str) -> tuple[subprocess.Popen[str], queue.Queue]:
    """``python -m lograph gui BOARD`` offscreen with private data and settings folders."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "LOGRAPH_TEST_SCRIPT": script,
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "lograph", "gui", str(board)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=(tmp_path / "stderr.txt").open("w"),
        text=True,
    )
    lines: queue.Queue = queue.Queue()
    assert proc.stdout is not None
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()
    return proc, lines


def marker(lines: queue.Queue, word: str) -> str:
    """The value after ``lograph-test: WORD`` (a generous timeout only guards a hang)."""
    while True:
        parts = lines.get(timeout=180).split()
        if parts[:2] == ["lograph-test:", word]:
            return parts[2]


@pytest.fixture
def lograph_names(qapp, monkeypatch, tmp_path):
    """This process finds the data folder where a real ``lograph gui`` keeps it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    QStandardPaths.setTestModeEnabled(False)
    names = qapp.organizationName(), qapp.applicationName()
    qapp.setOrganizationName("lograph")
    qapp.setApplicationName("lograph")
    yield
    qapp.setOrganizationName(names[0])
    qapp.setApplicationName(names[1])


@pytest.mark.slow
@pytest.mark.parametrize("how", ["kill -9", "SIGTERM"])
def test_a_killed_window_s_edit_is_offered_and_restored(
    how, tmp_path, lograph_names, second, qtbot, no_dialogs
):
    path = tmp_path / "start.json"
    write_board(rectangle(3, 3), path)
    expected = snapshot(read_board(path))
    proc, lines = gui(tmp_path, path, "edit,autosave" if how == "kill -9" else "edit")
    try:
        button = marker(lines, "edited")
        if how == "kill -9":
            meta = Path(marker(lines, "autosaved"))
            proc.kill()
            assert proc.wait(timeout=60) == -signal.SIGKILL
            assert meta.exists()
        else:
            proc.terminate()
            assert proc.wait(timeout=60) == 128 + signal.SIGTERM
    finally:
        proc.kill()
    expected["order"].append(button)
    expected["pos"][button], expected["light"][button] = (123.0, 45.0), 1
    expected["self"][button] = None
    new = second()
    start(new, new.autosave, new.files, None)
    box = recovery_box(qtbot)
    assert "start.json" in box.text()
    click(box, "restore")
    qtbot.waitUntil(lambda: snapshot(new.document.board) == expected)
    assert new.document.is_modified
    assert new.document.path == path.resolve()


def test_a_sample_argument_opens_the_sample_untitled(window, qtbot):
    """``lograph gui sample:NAME`` opens the shipped sample like File ▸ Open Sample: the
    board as the CLI reads it, with no path, so Save never writes into the package."""
    from lograph.core.files.samples import read_sample

    start(window, window.autosave, window.files, "sample:classic-5x5.txt")
    expected = snapshot(read_sample("classic-5x5.txt"))
    qtbot.waitUntil(lambda: snapshot(window.document.board) == expected)
    assert window.document.path is None
