"""Opening and saving: file dialogs, the unsaved-changes prompt, recent files, errors.

A file that fails to load leaves the open board untouched and shows the core's message;
saves go through `lograph.core.files.write_board`, which writes atomically.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from lograph.core.errors import LographError
from lograph.core.files.level_pack import is_level_pack
from lograph.core.model.board import Board
from lograph.ui.model.document import Document

__all__ = ["MAX_RECENT", "FileController", "clean_stem", "file_filters", "proposed_stem"]

MAX_RECENT = 8
log = logging.getLogger("lograph.ui")
_Btn = QMessageBox.StandardButton


def file_filters() -> str:
    """Qt file-dialog filters for every board format of the core (all boards first)."""
    from lograph.core.files import FORMATS

    parts = []
    every = []
    for entry in FORMATS.values():
        globs = " ".join(f"*{ext}" for ext in entry.extensions)
        every.append(globs)
        parts.append(f"{entry.name} — {entry.holds} ({globs})")
    return ";;".join([f"Boards ({' '.join(every)})", *parts])


#: Parts of a board's name that are notes, not names: "(three holes)", "[draft]".
_NOTES = re.compile(r"\([^)]*\)|\[[^\]]*\]")
_UNSAFE = re.compile(r"[^\w.-]+")


def clean_stem(name: str, limit: int = 60) -> str:
    """A file name stem from a board's name: notes in brackets dropped, any run of spaces
    or punctuation one ``_``; "" when nothing is left.

    Examples
    --------
    >>> clean_stem("WayOut 5x5 (three holes)")
    'WayOut_5x5'
    >>> clean_stem("classic 5x5, all lights on")
    'classic_5x5_all_lights_on'
    >>> clean_stem("../../etc/passwd"), clean_stem("(only a note)")
    ('etc_passwd', '')
    """
    stem = _UNSAFE.sub("_", _NOTES.sub(" ", name)).strip("._-")
    return stem[:limit].rstrip("._-")


def proposed_stem(document: Document) -> str:
    """The stem a save or export dialog proposes: the board file's own stem, else the
    cleaned board name, else ``board``."""
    if document.path is not None:
        return document.path.stem
    return clean_stem(document.board.name) or "board"


class FileController(QObject):
    """File actions of one window, working on its Document.

    Parameters
    ----------
    window : QWidget
        Parent of the dialogs.
    document : Document
        The document to load into and save from.
    settings : QSettings
        Keeps the last directory and the recent files.
    """

    recent_changed = Signal(list)
    #: A board file or sample was opened (the window shows it in Play mode).
    opened = Signal()

    def __init__(self, window: QWidget, document: Document, settings: QSettings) -> None:
        super().__init__(window)
        self.window = window
        self.document = document
        self.settings = settings
        #: Opens a level pack handed to `open_path` (File ▸ Open, a dropped file, the
        #: command line); the play controller sets it, since packs are played, not edited.
        self.pack_opener: Callable[[Path], bool] | None = None

    # ------------------------------------------------------------------ prompts
    def maybe_save(self) -> bool:
        """Ask Save/Discard/Cancel when there are unsaved changes; True means go on."""
        if not self.document.is_modified:
            return True
        answer = QMessageBox.warning(
            self.window,
            "Unsaved changes",
            f"“{self.document.display_name}” has changes that are not saved.\n"
            "Save them before going on?",
            _Btn.Save | _Btn.Discard | _Btn.Cancel,
            _Btn.Save,
        )
        if answer == _Btn.Save:
            return self.save()
        return answer == _Btn.Discard

    def _error(self, title: str, exc: BaseException) -> None:
        log.warning("%s: %s", title, exc)
        if isinstance(exc, OSError):
            name = f"{exc.filename}: " if exc.filename else ""
            text = f"{name}{exc.strerror or exc}"
        else:
            text = str(exc)
        QMessageBox.critical(self.window, title, text)

    # ------------------------------------------------------------------ open
    def new_board(self, board: Board) -> bool:
        if not self.maybe_save():
            return False
        self.document.replace_board(board, None)
        return True

    def open_dialog(self) -> bool:
        if not self.maybe_save():
            return False
        name, _ = QFileDialog.getOpenFileName(
            self.window, "Open board", self.last_dir(), file_filters()
        )
        return self.open_path(name, ask=False) if name else False

    def open_path(self, path: str | Path, ask: bool = True) -> bool:
        """Load `path`; on any error show it and keep the current board. A level pack goes
        to `pack_opener` (set by the play controller), which asks Save/Discard itself."""
        if self.pack_opener is not None and is_level_pack(path):
            return self.pack_opener(Path(path))
        if ask and not self.maybe_save():
            return False
        from lograph.core.files import read_board

        path = Path(path)
        try:
            board = read_board(path)
        except (LographError, OSError, UnicodeDecodeError, MemoryError) as exc:
            self._error("Cannot open board", exc)
            return False
        self.document.replace_board(board, path.resolve())
        self._remember(path)
        self.opened.emit()
        return True

    def open_sample(self, name: str, ask: bool = True) -> bool:
        """Open the packaged sample board `name` as an untitled board (saving asks where)."""
        if ask and not self.maybe_save():
            return False
        from lograph.core.files.samples import read_sample

        try:
            board = read_sample(name)
        except (LographError, OSError, UnicodeDecodeError, MemoryError) as exc:
            self._error("Cannot open sample", exc)
            return False
        self.document.replace_board(board, None)
        self.opened.emit()
        return True

    # ------------------------------------------------------------------ save
    def save(self) -> bool:
        path = self.document.path
        return self.save_as() if path is None else self.save_to(path)

    def save_as(self) -> bool:
        start = self.document.path or Path(self.last_dir()) / (
            proposed_stem(self.document) + ".json"
        )
        name, _ = QFileDialog.getSaveFileName(self.window, "Save board", str(start), file_filters())
        if not name:
            return False
        path = Path(name)
        if path.is_dir():  # not a name to give .json to: the user picked a folder
            self._error("Cannot save board", IsADirectoryError(0, "is a folder, not a file", name))
            return False
        if not path.suffix:
            path = path.with_suffix(".json")
        return self.save_to(path)

    def save_to(self, path: str | Path) -> bool:
        """Write the board (atomically); on any error show it and keep the modified mark."""
        from lograph.core.files import write_board

        path = Path(path)
        try:
            write_board(self.document.board, path)
        except (LographError, OSError) as exc:
            self._error("Cannot save board", exc)
            return False
        self.document.mark_saved(path.resolve())
        self._remember(path)
        return True

    # ------------------------------------------------------------------ settings
    def last_dir(self) -> str:
        return str(self.settings.value("last_dir", str(Path.home())))

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_files", [])
        if isinstance(value, str):  # QSettings gives a lone string for a one-item list
            return [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def _remember(self, path: Path) -> None:
        full = str(path.resolve())
        recent = [full] + [p for p in self.recent_files() if p != full]
        self.settings.setValue("recent_files", recent[:MAX_RECENT])
        self.settings.setValue("last_dir", str(path.resolve().parent))
        self.recent_changed.emit(recent[:MAX_RECENT])
