"""Autosave: an edited board is copied to the application data folder every minute and on
suspicious exits, so a crash, a kill or a power cut loses at most a minute of work.

Each window owns one *slot* in ``<AppDataLocation>/autosave``: ``<slot>.json`` (the board in
lograph's native format, readable by ``lograph`` like any board file), ``<slot>.meta.json``
(the process id and host, the board's own file path, the time and the undo-clean state) and
``<slot>.lock``, which the window keeps locked (``flock``; ``msvcrt.locking`` on Windows) as
long as it runs. The operating system drops that lock when the process ends however it ends
(``kill -9`` included), so the next start tells a dead window's autosave from a live one's
by trying the lock, which a reused process id cannot fool (`lograph.ui.io.recovery`).

Every write goes through `lograph.core.files` (temporary file, fsync, rename), board first,
then the meta file that points to it. A save, an undo back to the saved state, a new or an
opened board, and a clean exit remove the slot.

The timer's writes run on a `JobRunner` of the Autosaver's own (one thread: the window's
shared runner can be held for minutes by a worst-position search, and an autosave must not
wait behind it); the GUI thread only takes a `Snapshot` of the board's plain data, about
0.1 s for a 200×200 board (40,000 buttons), whose write then takes about 3 s (6.9 MB).
Crashes and SIGTERM write at once on the GUI thread (`Autosaver.save_now`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, QStandardPaths, QTimer, Signal

from lograph.core.files.lock import FileLock
from lograph.core.model.board import Board
from lograph.ui.model.document import Document
from lograph.ui.model.jobs import JobRunner

__all__ = [
    "DEFAULT_INTERVAL",
    "INTERVAL_KEY",
    "Autosaver",
    "Snapshot",
    "autosave_folder",
    "interval_setting",
]

log = logging.getLogger("lograph.ui")

INTERVAL_KEY = "autosave/interval"  # seconds between autosaves, in the window's QSettings
DEFAULT_INTERVAL = 60
MAX_INTERVAL = 3600
META_FORMAT = "lograph-autosave"


def autosave_folder() -> Path:
    """``<AppDataLocation>/autosave`` (e.g. ``~/.local/share/lograph/lograph/autosave``)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".lograph") / "autosave"


def interval_setting(settings: QSettings) -> int:
    """Seconds between autosaves from `settings` (1 … 3600; anything else: the default)."""
    raw = settings.value(INTERVAL_KEY, DEFAULT_INTERVAL)
    try:
        seconds = int(str(raw).strip())
    except ValueError:
        seconds = 0
    if not 1 <= seconds <= MAX_INTERVAL:
        log.warning("autosave: ignoring %s=%r (expected 1..%d)", INTERVAL_KEY, raw, MAX_INTERVAL)
        return DEFAULT_INTERVAL
    return seconds


@dataclass(frozen=True)
class Snapshot:
    """The board's plain data, taken on the GUI thread so a worker can write it safely."""

    name: str
    directed: bool
    rule: str
    states: int
    order: tuple[str, ...]
    nodes: dict[str, tuple[tuple[float, float], int, bool | None]]
    edges: list[tuple[str, str]]

    @classmethod
    def of(cls, board: Board) -> Snapshot:
        # One pass over the node dicts (the Board replaces these values, never mutates them);
        # looking each button up through the Board would take twice as long.
        items = board.graph.nodes.items()
        nodes = {v: (d["pos"], d["light"], d["self_action"]) for v, d in items}
        edges = list(board.graph.edges())
        kind = (board.name, board.directed, board.rule, board.states)
        return cls(*kind, board.buttons, nodes, edges)

    def board(self) -> Board:
        """A new Board equal to the one the snapshot was taken of."""
        board = Board(directed=self.directed, rule=self.rule, states=self.states, name=self.name)
        for v in self.order:
            pos, light, self_action = self.nodes[v]
            board.add_button(v, pos, light, self_action)
        for u, v in self.edges:
            board.add_edge(u, v)
        return board


def slot_files(folder: Path, slot: str) -> tuple[Path, Path, Path]:
    """The board, meta and lock files of autosave slot `slot`."""
    return folder / f"{slot}.json", folder / f"{slot}.meta.json", folder / f"{slot}.lock"


def remove_slot(folder: Path, slot: str) -> None:
    """Delete a slot's board and meta files and any temporary file a killed write left."""
    board_path, meta_path, _ = slot_files(folder, slot)
    for path in (meta_path, board_path, *folder.glob(f".{slot}.*.tmp")):
        with contextlib.suppress(OSError):
            path.unlink()


class Autosaver(QObject):
    """Autosaves one window's Document into its own slot.

    Parameters
    ----------
    document : Document
        The board to keep safe.
    settings : QSettings
        Holds the interval (`INTERVAL_KEY`, seconds).
    parent : QObject, optional
        Qt parent.
    folder : Path, optional
        Where slots live (default `autosave_folder`).

    Signals
    -------
    saved(str)
        The meta file just written (the autosave is complete on disk).
    status(str)
        A message for the status bar (a failing autosave, once).
    """

    saved = Signal(str)
    status = Signal(str)

    def __init__(
        self,
        document: Document,
        settings: QSettings,
        parent: QObject | None = None,
        folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.runner = JobRunner(threads=1, parent=self)
        self.folder = folder if folder is not None else autosave_folder()
        self.slot = f"window-{os.getpid()}-{os.urandom(4).hex()}"
        self.board_path, self.meta_path, lock_path = slot_files(self.folder, self.slot)
        self.lock = FileLock(lock_path, mode=0o600)  # the autosave folder is private
        self._io = threading.Lock()  # one write or removal at a time, in order
        self._seq = 0  # numbers writes and removals; an older write never lands after
        self._done_seq = 0
        self._stamp = 0  # counts changes to the board
        self._saved_stamp = 0
        self._failing = False
        self.timer = QTimer(self)
        self.timer.setInterval(interval_setting(settings) * 1000)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        document.changed.connect(self._touch)
        document.modified_changed.connect(self._modified)

    # ------------------------------------------------------------------ following the document
    def _touch(self) -> None:
        self._stamp += 1

    def _modified(self, modified: bool) -> None:
        self._touch()
        if not modified:  # saved, undone back to the file, or a new board: nothing to keep
            self.discard()

    @property
    def pending(self) -> bool:
        """True when the board has changes that neither a save nor an autosave holds."""
        return self.document.is_modified and self._stamp != self._saved_stamp

    # ------------------------------------------------------------------ writing
    def autosave(self) -> None:
        """The timer's slot: write the board if it changed since the last autosave."""
        if not self.pending or self.runner.is_running("autosave"):
            return
        snap, meta, stamp = Snapshot.of(self.document.board), self._meta(), self._stamp
        self._seq += 1
        seq = self._seq
        self.runner.submit(
            "autosave",
            lambda job: self._write(snap, meta, seq),
            "Autosaving",
            token=stamp,
            done=lambda stamp, written: self._finish(stamp) if written else None,
            failed=self._finish,
        )

    def save_now(self) -> Path | None:
        """Write the autosave at once on this thread (a crash, SIGTERM); never raises."""
        try:
            if not self.document.is_modified:
                return None
            if not self.pending and self.meta_path.exists():
                return self.meta_path  # the last autosave holds every change
            self._seq += 1
            stamp = self._stamp
            self._write(Snapshot.of(self.document.board), self._meta(), self._seq)
        except Exception as exc:  # the board itself may be what broke: never raise from here
            log.exception("autosave at once failed")
            self._finish(None, exc)
            return None
        self._finish(stamp)
        return self.meta_path

    def _write(self, snap: Snapshot, meta: dict[str, Any], seq: int) -> bool:
        """Write board then meta, unless a newer write or a removal came first (False)."""
        from lograph.core.files import atomic_write_text, write_board

        board = snap.board()
        with self._io:
            if seq <= self._done_seq:
                return False
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self.lock.acquire():
                raise OSError(f"autosave slot {self.lock.path} is locked by another process")
            write_board(board, self.board_path, "json")
            atomic_write_text(self.meta_path, json.dumps(meta, indent=2) + "\n")
            self._done_seq = seq
        return True

    def _finish(self, stamp: object, error: BaseException | None = None) -> None:
        if error is None:
            self._saved_stamp = stamp if isinstance(stamp, int) else self._saved_stamp
            self._failing = False
            self.saved.emit(str(self.meta_path))
            return
        log.warning("autosave to %s failed: %s", self.folder, error)
        if not self._failing:
            self.status.emit(f"Autosave failed: {error}")
        self._failing = True

    def _meta(self) -> dict[str, Any]:
        doc, stack = self.document, self.document.undo_stack
        return {
            "format": META_FORMAT,
            "version": 1,
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "board": self.board_path.name,
            "original": None if doc.path is None else str(doc.path),
            "title": doc.display_name,
            "buttons": len(doc.board),
            "time": datetime.now(UTC).isoformat(timespec="seconds"),
            "modified": doc.is_modified,
            "undo_index": stack.index(),
            "clean_index": stack.cleanIndex(),
        }

    # ------------------------------------------------------------------ removing
    def discard(self) -> None:
        """Remove this window's autosave (the board is saved or given up on purpose)."""
        self._seq += 1
        with self._io:
            self._done_seq = self._seq  # a write still queued must not bring it back
            remove_slot(self.folder, self.slot)
        self._saved_stamp = self._stamp

    def close(self) -> None:
        """A clean exit: stop, remove the autosave and the lock file."""
        self.timer.stop()
        self.runner.shutdown()  # a write under way ends first (the removal waits for it anyway)
        self.discard()
        with self._io:
            self.lock.release(remove=True)

    def adopt(self, board_file: Path) -> None:
        """Take over a recovered autosave's board file as this window's autosave (a rename)."""
        with self._io:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self.lock.acquire():
                raise OSError(f"autosave slot {self.lock.path} is locked by another process")
            os.replace(board_file, self.board_path)
            from lograph.core.files import atomic_write_text

            atomic_write_text(self.meta_path, json.dumps(self._meta(), indent=2) + "\n")
            self._seq += 1
            self._done_seq = self._seq
        self._saved_stamp = self._stamp
