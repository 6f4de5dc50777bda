"""Crash reports: the exception hook logs, autosaves, and shows a box whose "Copy Details"
puts the traceback and the versions on the clipboard; the log file rotates at its size."""

from __future__ import annotations

import logging
import sys

import pytest
from PySide6 import __version__ as pyside_version
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from lograph import __version__
from lograph.core.files import read_board, write_board
from lograph.core.model.generators import rectangle
from lograph.ui import app as ui_app
from lograph.ui.model.commands import SetLightsCommand
from tests.ui.helpers import snapshot


def raise_and_hook(exc: Exception) -> None:
    """Hand a real exception, with its traceback, to the installed hook."""
    try:
        raise exc
    except Exception as caught:
        sys.excepthook(type(caught), caught, caught.__traceback__)


def crash_box() -> QMessageBox | None:
    for w in QApplication.topLevelWidgets():
        if w.objectName() == "crash_box" and w.isVisible() and isinstance(w, QMessageBox):
            return w
    return None


def close_crash_boxes() -> None:
    for w in QApplication.topLevelWidgets():
        if w.objectName() == "crash_box":
            w.close()


@pytest.fixture
def hooked(qapp, window):
    close_crash_boxes()  # an earlier test's box must not be taken for this one's
    previous = ui_app.install_excepthook(lambda: window, on_crash=window.autosave.save_now)
    yield window
    sys.excepthook = previous
    close_crash_boxes()


def test_the_box_names_the_error_and_copy_details_copies_the_traceback(hooked, qtbot):
    QApplication.clipboard().setText("")
    raise_and_hook(KeyError("no such button"))
    box = crash_box()
    assert box is not None
    assert box.text() == "Something went wrong: KeyError: 'no such button'"
    assert str(ui_app.log_path()) in box.informativeText()
    copy = box.findChild(QPushButton, "copy_details")
    assert copy is not None
    copy.click()
    copied = QApplication.clipboard().text()
    assert copied.startswith("Traceback (most recent call last):")
    assert "raise_and_hook" in copied  # the frame that raised
    assert "KeyError: 'no such button'" in copied
    assert f"lograph {__version__}" in copied
    assert f"PySide6 {pyside_version}" in copied
    assert f"Python {sys.version.split()[0]}" in copied
    assert box.isVisible()  # copying does not close the box
    box.close()
    qtbot.waitUntil(lambda: crash_box() is None)


def test_a_second_error_while_the_box_is_open_is_logged_only(hooked):
    raise_and_hook(ValueError("first"))
    first = crash_box()
    raise_and_hook(ValueError("second"))
    boxes = [w for w in QApplication.topLevelWidgets() if w.objectName() == "crash_box"]
    assert [b for b in boxes if b.isVisible()] == [first]
    for handler in logging.getLogger("lograph").handlers:
        handler.flush()
    text = ui_app.log_path().read_text(encoding="utf-8")
    assert "ValueError: first" in text
    assert "ValueError: second" in text


def test_an_unexpected_error_autosaves_the_board(hooked, tmp_path):
    window = hooked
    path = tmp_path / "b.json"
    write_board(rectangle(2, 3), path)
    window.files.open_path(path, ask=False)
    doc = window.document
    doc.push(SetLightsCommand(doc, {"r0c1": 1}, "Set light of r0c1"))  # an edit (a press is not)
    expected = snapshot(window.document.board)
    raise_and_hook(RuntimeError("in a slot"))
    assert snapshot(read_board(window.autosave.board_path)) == expected
    box = crash_box()
    assert box is not None
    assert "autosaved" in box.informativeText()


def test_a_user_error_is_not_a_crash(hooked, monkeypatch):
    from lograph.core.errors import BoardError

    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda p, t, text, *a: warned.append(text))
    raise_and_hook(BoardError("button 'x' is not on the board"))
    assert warned == ["button 'x' is not on the board"]
    assert crash_box() is None


def test_the_log_rotates_at_its_size_limit(qapp, monkeypatch):
    monkeypatch.setattr(ui_app, "LOG_BYTES", 4000)
    previous = ui_app.install_excepthook(lambda: None)
    try:
        ui_app.install_excepthook(lambda: None)  # a second setup replaces the handler
        logger = logging.getLogger("lograph.ui")
        for i in range(200):
            logger.warning("line %03d %s", i, "x" * 80)  # 200 × ~120 bytes = 6 limits' worth
    finally:
        sys.excepthook = previous
    log = ui_app.log_path()
    files = sorted(log.parent.glob("lograph.log*"))
    assert [f.name for f in files] == ["lograph.log", *(f"lograph.log.{i}" for i in (1, 2, 3))]
    assert all(f.stat().st_size <= 4000 for f in files)
    assert "line 199" in log.read_text(encoding="utf-8")  # the newest stays in lograph.log
    assert log.read_text(encoding="utf-8").count("line 199") == 1  # one handler, not two
