"""Application setup: the QApplication, the rotating log, the crash dialog, exit signals.

No Python traceback ever reaches the user: an unexpected exception is written to the log
file, the board is autosaved, and a dialog names the problem, with "Copy Details" putting the
traceback and the versions on the clipboard for a bug report; a `LographError` (a user error)
is shown with its own message only. The log rotates (`LOG_BYTES` × `LOG_BACKUPS` old files).
SIGTERM and SIGHUP (a logout, a shutdown, a closed terminal) autosave before the window ends.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import platform
import signal
import socket
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import FrameType, TracebackType

from PySide6.QtCore import (
    QCoreApplication,
    QSocketNotifier,
    QStandardPaths,
    Qt,
    QTimer,
    qVersion,
)
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from lograph import __version__
from lograph.core.errors import LographError
from lograph.ui.io.autosave import Autosaver
from lograph.ui.io.filectl import FileController
from lograph.ui.io.recovery import start

__all__ = [
    "LOG_BACKUPS",
    "LOG_BYTES",
    "ORGANIZATION",
    "crash_details",
    "create_application",
    "install_excepthook",
    "install_exit_signals",
    "log_path",
    "report",
    "run",
]

ORGANIZATION = "lograph"
LOG_BYTES = 1_000_000  # one log file's size limit; then it moves to lograph.log.1 …
LOG_BACKUPS = 3
log = logging.getLogger("lograph.ui")
_Btn = QMessageBox.StandardButton


def create_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication (reused if one exists), named so QSettings finds its file."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName("lograph")
    app.setApplicationVersion(__version__)
    return app


def run(window: QWidget, autosaver: Autosaver, files: FileController, path: str | None) -> int:
    """Show `window` with its safety nets, offer recovery, open `path`; run the event loop."""
    previous_hook = install_excepthook(lambda: window, on_crash=autosaver.save_now)
    restore_signals = install_exit_signals(autosaver.save_now)
    try:
        window.show()
        start(window, autosaver, files, path)
        return QApplication.exec()
    finally:
        restore_signals()
        sys.excepthook = previous_hook


def log_path() -> Path:
    """Where the GUI writes its log (in the per-user application data folder)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".lograph") / "lograph.log"


class _LographLog(logging.handlers.RotatingFileHandler):
    """The window's log file (a class of its own so a second setup replaces, not adds)."""


def _setup_file_log() -> None:
    root = logging.getLogger("lograph")
    for old in [h for h in root.handlers if isinstance(h, _LographLog)]:
        root.removeHandler(old)
        old.close()
    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = _LographLog(
            path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
    except OSError:  # a read-only home: keep the log on stderr
        handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def crash_details(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> str:
    """What a bug report needs: the traceback and the lograph, Qt and Python versions."""
    from PySide6 import __version__ as pyside

    return (
        "".join(traceback.format_exception(kind, exc, tb))
        + f"\nlograph {__version__}, Qt {qVersion()}, PySide6 {pyside}, "
        + f"Python {platform.python_version()} ({sys.executable}), {platform.platform()}\n"
    )


def report(
    parent: QWidget | None, exc: BaseException, details: str = "", saved: Path | None = None
) -> QMessageBox | None:
    """Show `exc`: a user error by its message; anything else in the crash box (returned)."""
    if isinstance(exc, LographError):
        QMessageBox.warning(parent, "lograph", str(exc))
        return None
    box = QMessageBox(
        QMessageBox.Icon.Critical,
        "Unexpected error",
        f"Something went wrong: {type(exc).__name__}: {exc}",
        _Btn.Ok,
        parent,
    )
    box.setObjectName("crash_box")
    kept = " (a copy is autosaved)" if saved is not None else ""
    box.setInformativeText(
        f"Your board is still open{kept}. Details were written to {log_path()}; "
        "“Copy Details” puts them on the clipboard for a bug report."
    )
    box.setDetailedText(details)
    copy = box.addButton("Copy Details", QMessageBox.ButtonRole.ActionRole)
    copy.setObjectName("copy_details")
    copy.clicked.disconnect()  # a message box closes on any button: this one only copies
    copy.clicked.connect(lambda: QApplication.clipboard().setText(details))
    copy.clicked.connect(lambda: copy.setText("Copied"))
    box.setEscapeButton(_Btn.Ok)  # Esc and the window's close button dismiss it
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()  # no nested event loop inside the exception hook
    return box


Hook = Callable[[type[BaseException], BaseException, TracebackType | None], None]


def install_excepthook(
    parent: Callable[[], QWidget | None], on_crash: Callable[[], Path | None] | None = None
) -> Hook:
    """Route uncaught exceptions (including those raised in Qt slots) to the log, `on_crash`
    (the autosave) and `report`. Returns the previous hook, so callers (and tests) can put
    it back. While a crash box is open, further errors are logged only.
    """
    _setup_file_log()
    previous = sys.excepthook
    showing: list[object] = []  # the crash box while it is open

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, exc, tb)
            return
        details = crash_details(kind, exc, tb)
        log.error("uncaught exception\n%s", details)
        if showing:  # an error while the box is up (or from showing it): log only, never loop
            return
        saved = on_crash() if on_crash is not None and not isinstance(exc, LographError) else None
        showing.append(True)  # until the box exists: report() itself may raise
        try:
            box = report(parent(), exc, details, saved)
        finally:
            showing.clear()
        if box is not None:
            showing.append(box)
            box.finished.connect(lambda _=0: showing.clear())

    sys.excepthook = hook
    return previous


def install_exit_signals(on_exit: Callable[[], object]) -> Callable[[], None]:
    """SIGTERM and SIGHUP: call `on_exit` (the autosave), then end the event loop with
    status 128 + the signal number; the autosave stays, so the next start offers it.
    Returns a function that puts the previous handlers back.

    Qt's event loop runs in C++, where Python signal handlers cannot run; the C handler
    writes to a socket (`signal.set_wakeup_fd`) whose notifier wakes the loop into Python.
    """
    app = QCoreApplication.instance()
    signals = [getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    if app is None or not signals:
        return lambda: None
    receive, send = socket.socketpair()
    receive.setblocking(False)
    send.setblocking(False)
    old_fd = signal.set_wakeup_fd(send.fileno(), warn_on_full_buffer=False)
    notifier = QSocketNotifier(receive.fileno(), QSocketNotifier.Type.Read, app)
    notifier.activated.connect(lambda *_: _drain(receive))

    def handler(signum: int, frame: FrameType | None) -> None:
        log.warning("%s: autosaving and closing", signal.Signals(signum).name)
        on_exit()
        # Through the event loop: a signal that comes before exec() starts (exit() would do
        # nothing then) still ends it.
        QTimer.singleShot(0, lambda: QCoreApplication.exit(128 + signum))

    previous = {sig: signal.signal(sig, handler) for sig in signals}

    def restore() -> None:
        for sig, old in previous.items():
            signal.signal(sig, old)
        signal.set_wakeup_fd(old_fd)
        notifier.setEnabled(False)
        notifier.deleteLater()
        receive.close()
        send.close()

    return restore


def _drain(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.recv(4096)  # any Python call lets the interpreter run the pending handler
