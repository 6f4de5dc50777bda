"""Fixtures for the window tests: a main window with its own settings file, no modal boxes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication, QMessageBox

from lograph.ui.main_window import MainWindow


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path, monkeypatch) -> Iterator[None]:
    """Autosaves and logs go under the test's own folder, never the user's."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / "data"))
    monkeypatch.setenv("LOGRAPH_WARMUP", "0")  # no window compiles kernels in the background
    QStandardPaths.setTestModeEnabled(True)
    yield
    QStandardPaths.setTestModeEnabled(False)


#: The least time any wait of a window test may take before it fails (ms). Waits are hang
#: guards, not paces: a 3x3 analysis that takes milliseconds alone took over 10 s on the
#: 2-core CI machine running two test workers and a browser (one such failure in ~5,000
#: tests), so no guard is shorter than this.
HANG_GUARD_MS = 60_000


@pytest.fixture(autouse=True)
def patient_waits(monkeypatch) -> None:
    """Every ``qtbot.waitUntil``/``waitSignal``/``waitSignals`` of the window tests waits at
    least `HANG_GUARD_MS` before failing; a wait that is met returns at once, as before."""
    from pytestqt.qtbot import QtBot

    for name in ("waitUntil", "waitSignal", "waitSignals"):
        real = getattr(QtBot, name)

        def patient(self, *args, _real=real, timeout: int = 5000, **kwargs):
            return _real(self, *args, timeout=max(timeout, HANG_GUARD_MS), **kwargs)

        monkeypatch.setattr(QtBot, name, patient)


@pytest.fixture(autouse=True)
def empty_clipboard(qapp) -> Iterator[None]:
    """Each test leaves the clipboard empty. Qt's offscreen clipboard still owning a copied
    selection's QMimeData when the interpreter exits crashes the process after the last test
    (exit status 139 with every test passed); emptying it after each test avoids that."""
    yield
    QApplication.clipboard().clear()


@pytest.fixture
def settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def no_dialogs(monkeypatch) -> list[tuple[str, str]]:
    """Record message boxes instead of showing them (a modal box would block the test)."""
    shown: list[tuple[str, str]] = []

    def fake(kind: str, answer: QMessageBox.StandardButton):
        def show(parent, title, text, *args, **kwargs):
            shown.append((kind, text))
            return answer

        return show

    monkeypatch.setattr(QMessageBox, "critical", fake("critical", QMessageBox.StandardButton.Ok))
    monkeypatch.setattr(QMessageBox, "information", fake("info", QMessageBox.StandardButton.Ok))
    monkeypatch.setattr(QMessageBox, "about", fake("about", QMessageBox.StandardButton.Ok))
    # tests of the unsaved-changes prompt patch this again with the answer they need
    monkeypatch.setattr(QMessageBox, "warning", fake("warning", QMessageBox.StandardButton.Cancel))
    return shown


@pytest.fixture
def window(qtbot, settings, no_dialogs) -> Iterator[MainWindow]:
    w = MainWindow(settings=settings)
    w.resize(900, 700)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.document.undo_stack.setClean()  # closing must not prompt
    w.close()
    w.deleteLater()
