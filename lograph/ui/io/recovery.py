"""Recovery after a crash or a kill, and the start-up sequence of the window.

At start, every autosave slot (`lograph.ui.io.autosave`) whose lock nobody holds belonged to
a window that is gone: the process crashed, was killed or lost its power. Each is offered in
turn, newest first: "lograph closed unexpectedly. Restore the unsaved board …?" with Restore
and Discard. Restore opens the board as modified (the title shows ``*``) with its own file
path, so Save writes where the user saved it before (an untitled board stays untitled), and
the autosave becomes the window's own; Discard deletes it; closing the box keeps it for the
next start. While a slot is offered this process holds its lock, so two windows starting
together never offer the same board twice, and a running window's autosave is never offered.

``LOGRAPH_TEST_SCRIPT`` (comma-separated steps, run once the window is ready) is a hook for
tests that kill a real process: ``edit`` adds one lit button (printing
``lograph-test: edited ID``), ``autosave`` writes the autosave at once (printing
``lograph-test: autosaved META_FILE``). Nothing else reads it.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from lograph.core.errors import LographError
from lograph.core.files.lock import FileLock
from lograph.ui.io.autosave import META_FORMAT, Autosaver, remove_slot, slot_files
from lograph.ui.io.filectl import FileController
from lograph.ui.model.commands import AddButtonsCommand
from lograph.ui.model.document import ButtonRecord, Document

__all__ = ["SCRIPT_ENV", "Orphan", "Recovery", "find_orphans", "run_script", "start"]

log = logging.getLogger("lograph.ui")
SCRIPT_ENV = "LOGRAPH_TEST_SCRIPT"
MARKER = "lograph-test:"
_Btn = QMessageBox.StandardButton


@dataclass
class Orphan:
    """An autosave whose window is gone; `lock` is held by this process while it is offered."""

    folder: Path
    slot: str
    meta: dict[str, Any]
    lock: FileLock

    @property
    def board_path(self) -> Path:
        return slot_files(self.folder, self.slot)[0]

    @property
    def original(self) -> Path | None:
        value = self.meta.get("original")
        return Path(value) if isinstance(value, str) and value else None

    @property
    def title(self) -> str:
        value = self.meta.get("title")
        return value if isinstance(value, str) and value else "untitled"

    @property
    def time(self) -> str:
        value = self.meta.get("time")
        return value if isinstance(value, str) else ""

    def remove(self) -> None:
        remove_slot(self.folder, self.slot)
        self.lock.release(remove=True)


def _read_meta(path: Path) -> dict[str, Any] | None:
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        log.warning("autosave: skipping %s: %s", path, exc)
        return None
    if not isinstance(meta, dict) or meta.get("format") != META_FORMAT:
        log.warning("autosave: skipping %s: not a lograph autosave", path)
        return None
    return meta


def find_orphans(folder: Path) -> list[Orphan]:
    """The autosaves in `folder` whose window is gone, newest first, each locked by us."""
    try:
        metas = sorted(folder.glob("*.meta.json"))
    except OSError:
        return []
    host, found = socket.gethostname(), []
    for meta_path in metas:
        slot = meta_path.name.removesuffix(".meta.json")
        board_path, _, lock_path = slot_files(folder, slot)
        meta = _read_meta(meta_path)
        if meta is None or meta.get("host", host) != host:  # another machine's lock: not ours
            continue
        lock = _claim(lock_path)
        if lock is None:
            continue  # its window is running
        if not board_path.exists():  # debris of an interrupted restore: nothing to offer
            Orphan(folder, slot, meta, lock).remove()
            continue
        if not meta_path.exists():  # its window closed cleanly while we looked
            lock.release(remove=False)
            continue
        found.append(Orphan(folder, slot, meta, lock))
    found.sort(key=lambda o: o.time, reverse=True)
    _sweep(folder)
    return found


def _claim(lock_path: Path) -> FileLock | None:
    """The slot's lock, now held by us; None while its window runs (or it cannot be told)."""
    lock = FileLock(lock_path, mode=0o600)
    try:
        return lock if lock.acquire() else None
    except OSError as exc:
        log.warning("autosave: cannot check %s: %s", lock_path, exc)
        return None


def _sweep(folder: Path) -> None:
    """Remove what windows killed before their first autosave was complete left behind."""
    for lock_path in folder.glob("*.lock"):
        slot = lock_path.name.removesuffix(".lock")
        if slot_files(folder, slot)[1].exists():
            continue  # a whole autosave: offered, or its window runs
        lock = _claim(lock_path)
        if lock is not None:
            remove_slot(folder, slot)
            lock.release(remove=True)


def _when(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return "at an unknown time"


def recovery_box(parent: QWidget | None, orphan: Orphan) -> QMessageBox:
    """The question for one orphan (not shown yet): Restore (the default) or Discard.

    Qt has no standard Restore button: it is an accept-role button named ``restore``.
    """
    where = f"It was saved as {orphan.original}." if orphan.original else "It was never saved."
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        "Recover unsaved board",
        f"lograph closed unexpectedly. Restore the unsaved board “{orphan.title}”?",
        _Btn.Discard,
        parent,
    )
    box.setObjectName("recovery_box")
    box.setInformativeText(
        f"Autosaved {_when(orphan.time)}. {where}\n"
        "Restore opens it with its changes unsaved; Discard deletes the autosaved copy."
    )
    restore = box.addButton("&Restore", QMessageBox.ButtonRole.AcceptRole)
    restore.setObjectName("restore")
    box.setDefaultButton(restore)
    return box


class Recovery(QObject):
    """Offers the orphans one by one, then calls `then` (also when there are none)."""

    def __init__(
        self, window: QWidget, autosaver: Autosaver, document: Document, then: Callable[[], None]
    ) -> None:
        super().__init__(window)
        self.window, self.autosaver, self.document, self.then = window, autosaver, document, then
        self.orphans = find_orphans(autosaver.folder)
        self.box: QMessageBox | None = None

    def start(self) -> None:
        if not self.orphans:
            self.box = None
            self.then()
            return
        orphan = self.orphans.pop(0)
        self.box = recovery_box(self.window, orphan)
        self.box.finished.connect(lambda _=0, o=orphan: self._answered(o))
        self.box.open()

    def _answered(self, orphan: Orphan) -> None:
        assert self.box is not None
        clicked = self.box.clickedButton()
        restore = clicked is not None and clicked.objectName() == "restore"
        answer = self.box.standardButton(clicked) if clicked is not None else _Btn.NoButton
        self.box.deleteLater()
        if restore and self.restore(orphan):
            for rest in self.orphans:  # one board per window: the others wait for a next start
                rest.lock.release(remove=False)
            self.orphans = []
        elif answer == _Btn.Discard and not restore:
            log.info("autosave %s discarded", orphan.slot)
            orphan.remove()
        else:  # the box was closed: keep the autosave for the next start
            orphan.lock.release(remove=False)
        self.start()

    def restore(self, orphan: Orphan) -> bool:
        """Open the orphan's board as modified and make its autosave this window's."""
        from lograph.core.files import read_board

        try:
            board = read_board(orphan.board_path)
        except (LographError, OSError, UnicodeDecodeError, MemoryError) as exc:
            log.warning("autosave %s cannot be restored: %s", orphan.slot, exc)
            QMessageBox.critical(self.window, "Cannot restore board", str(exc))
            orphan.lock.release(remove=False)
            return False
        self.document.replace_board(board, orphan.original)
        if orphan.meta.get("modified", True):
            self.document.undo_stack.resetClean()  # no state is clean: the title shows *
        try:
            self.autosaver.adopt(orphan.board_path)
        except OSError as exc:  # the board is open; its old autosave stays until saved again
            log.warning("autosave %s not adopted: %s", orphan.slot, exc)
            orphan.lock.release(remove=False)
            return True
        orphan.remove()
        log.info("autosave %s restored", orphan.slot)
        return True


#: ``lograph gui sample:NAME`` opens a shipped sample, as every other command reads one.
SAMPLE_PREFIX = "sample:"


def start(
    window: QWidget, autosaver: Autosaver, files: FileController, path: str | None
) -> Recovery:
    """After the window shows: offer recovery, then open `path`, then run the test script."""

    def then() -> None:
        if path is not None and path.startswith(SAMPLE_PREFIX):
            # like File ▸ Open Sample: an untitled copy, so Save never writes package data
            files.open_sample(path.removeprefix(SAMPLE_PREFIX))
        elif path is not None:
            files.open_path(path)  # asks Save/Discard first if a restored board is open
        script = os.environ.get(SCRIPT_ENV)
        if script:
            run_script(script, files.document, autosaver)

    recovery = Recovery(window, autosaver, files.document, then)
    recovery.start()
    return recovery


def run_script(script: str, document: Document, autosaver: Autosaver) -> None:
    """Run the ``LOGRAPH_TEST_SCRIPT`` steps (see the module docstring)."""
    for step in (s.strip() for s in script.split(",")):
        if step == "edit":
            button = document.board.new_button_id()
            document.push(AddButtonsCommand(document, [ButtonRecord(button, (123.0, 45.0), 1)]))
            print(MARKER, "edited", button, flush=True)
        elif step == "autosave":
            print(MARKER, "autosaved", autosaver.save_now(), flush=True)
        elif step:
            print(MARKER, "unknown step", repr(step), file=sys.stderr, flush=True)
