"""Application setup: the QApplication, logging to a file, and the last-resort error dialog.

No Python traceback ever reaches the user: an unexpected exception is written to the log
file and reported in a dialog naming the problem and the log; a `LographError` (a user
error) is shown with its own message only.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from lograph import __version__
from lograph.core.errors import LographError

__all__ = ["ORGANIZATION", "create_application", "install_excepthook", "log_path", "report"]

ORGANIZATION = "lograph"
log = logging.getLogger("lograph.ui")


def create_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication (reused if one exists), named so QSettings finds its file."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName("lograph")
    app.setApplicationVersion(__version__)
    return app


def log_path() -> Path:
    """Where the GUI writes its log (in the per-user application data folder)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".lograph") / "lograph.log"


def _setup_file_log() -> None:
    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:  # a read-only home: keep the log on stderr
        handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("lograph")
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def report(parent: QWidget | None, exc: BaseException) -> None:
    """Show `exc` in a dialog: a user error by its message, anything else as unexpected."""
    if isinstance(exc, LographError):
        QMessageBox.warning(parent, "lograph", str(exc))
        return
    QMessageBox.critical(
        parent,
        "Unexpected error",
        f"Something went wrong: {type(exc).__name__}: {exc}\n\n"
        f"Your board is still open. Details were written to {log_path()}.",
    )


Hook = Callable[[type[BaseException], BaseException, TracebackType | None], None]


def install_excepthook(parent: Callable[[], QWidget | None]) -> Hook:
    """Route uncaught exceptions (including those raised in Qt slots) to `report`.

    Returns the previous hook, so callers (and tests) can put it back.
    """
    _setup_file_log()
    previous = sys.excepthook
    busy = False

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        nonlocal busy
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, exc, tb)
            return
        log.error("uncaught exception\n%s", "".join(traceback.format_exception(kind, exc, tb)))
        if busy:  # an error while showing the dialog: log only, never loop
            return
        busy = True
        try:
            report(parent(), exc)
        finally:
            busy = False

    sys.excepthook = hook
    return previous
