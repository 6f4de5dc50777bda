"""Application plumbing: the last-resort error hook, and the ``gui`` command."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QSettings, QStandardPaths, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from lograph.cli import build_parser
from lograph.core.errors import BoardError
from lograph.ui import app as ui_app


@pytest.fixture
def hook(qapp, monkeypatch, no_dialogs):
    QStandardPaths.setTestModeEnabled(True)  # the log goes to a test location
    previous = ui_app.install_excepthook(lambda: None)
    yield no_dialogs
    sys.excepthook = previous
    for box in QApplication.topLevelWidgets():  # the crash box is not modal: close it
        if box.objectName() == "crash_box":
            box.close()
    QStandardPaths.setTestModeEnabled(False)


@pytest.mark.qt_no_exception_capture
def test_unexpected_error_in_a_slot_shows_a_dialog_and_logs_the_traceback(hook, qtbot):
    def broken() -> None:
        raise ZeroDivisionError("boom")

    QTimer.singleShot(0, broken)  # raised inside Qt's event loop, as a slot would

    def crash_box() -> QMessageBox | None:
        boxes = [w for w in QApplication.topLevelWidgets() if w.objectName() == "crash_box"]
        return next((b for b in boxes if isinstance(b, QMessageBox) and b.isVisible()), None)

    qtbot.waitUntil(lambda: crash_box() is not None)
    box = crash_box()
    assert box is not None
    assert "ZeroDivisionError: boom" in box.text()
    assert "Traceback" not in box.text()
    assert str(ui_app.log_path()) in box.informativeText()
    box.close()


def test_user_errors_show_their_own_message(hook, monkeypatch):
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda p, t, text, *a: warned.append(text))
    sys.excepthook(BoardError, BoardError("button 'x' is not on the board"), None)
    assert warned == ["button 'x' is not on the board"]


def test_the_log_file_gets_the_traceback(hook):
    try:
        raise ValueError("in the log")
    except ValueError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    for handler in __import__("logging").getLogger("lograph").handlers:
        handler.flush()
    text = ui_app.log_path().read_text(encoding="utf-8")
    assert "Traceback" in text
    assert "ValueError: in the log" in text


def test_gui_command_is_registered():
    args = build_parser().parse_args(["gui", "board.json"])
    assert args.board == "board.json"
    assert callable(args.run)


def test_launch_opens_the_file_and_runs_the_event_loop(qapp, monkeypatch, tmp_path, no_dialogs):
    from lograph.cli.gui_cmd import launch
    from lograph.core.files import write_board
    from lograph.core.model.generators import rectangle
    from lograph.ui.main_window import MainWindow

    path = tmp_path / "start.json"
    write_board(rectangle(2, 3), path)
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    QStandardPaths.setTestModeEnabled(True)
    opened = []

    def fake_exec() -> int:
        # the window launch showed: an earlier test's closed window may not be deleted yet
        windows = QApplication.topLevelWidgets()
        window = next(w for w in windows if isinstance(w, MainWindow) and w.isVisible())
        opened.append(len(window.document.board))
        window.close()
        return 0

    previous = sys.excepthook
    monkeypatch.setattr(QApplication, "exec", staticmethod(fake_exec))
    try:
        assert launch(str(path)) == 0
    finally:
        sys.excepthook = previous
        QStandardPaths.setTestModeEnabled(False)
    assert opened == [6]
