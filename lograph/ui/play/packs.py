"""Playing a level pack: open it, load its levels onto the board in order, keep the score.

Opening a pack replaces the board with the pack's board (asking Save/Discard/Cancel first,
like Open) and loads its first unsolved level. A level is loaded like a scramble: one undoable
"Level N" step that sets the lights, resets the move counter and makes them the start
position. A solve counts for the level when the game started from that level's lights.
When another board is opened the pack is closed; when the board is edited, the next level
loaded puts the pack's board back first.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from lograph.core.errors import LographError
from lograph.core.files.level_pack import LevelPack, PackLevel, read_level_pack
from lograph.ui.io.filectl import FileController
from lograph.ui.model.commands import SetLightsCommand
from lograph.ui.model.document import STRUCTURAL
from lograph.ui.play.progress import PackProgress, pack_key
from lograph.ui.play.scoreboard import Scoreboard

__all__ = ["PACK_FILTER", "PackPlayer", "shipped_packs"]

PACK_FILTER = "Level packs (*.json);;All files (*)"


def shipped_packs() -> list[str]:
    """File names of the level packs shipped in ``lograph/samples/packs``, sorted."""
    folder = resources.files("lograph").joinpath("samples", "packs")
    return sorted(e.name for e in folder.iterdir() if e.is_file() and e.name.endswith(".json"))


class PackPlayer(QObject):
    """The open pack, the level being played and the player's progress.

    Signals
    -------
    pack_changed()
        A pack was opened or closed.
    level_changed(int)
        The level at this index (from 0) was loaded.
    progress_changed()
        A level was solved, or a level's fewest was computed (`fewest`).
    """

    pack_changed = Signal()
    level_changed = Signal(int)
    progress_changed = Signal()

    def __init__(
        self,
        window: QWidget,
        files: FileController,
        scoreboard: Scoreboard,
        settings: QSettings,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.window, self.files, self.scoreboard = window, files, scoreboard
        self.document, self.session = scoreboard.document, scoreboard.session
        self.settings = settings
        self.pack: LevelPack | None = None
        self.progress: PackProgress | None = None
        self.current: int | None = None
        #: level → its fewest as the scoreboard computed it (a pack file can be wrong)
        self.computed: dict[int, int] = {}
        self.board_edited = False
        self._replacing = False
        self.document.board_replaced.connect(self._board_replaced)
        scoreboard.best_changed.connect(self._best_known)
        for name in STRUCTURAL:
            getattr(self.document, name).connect(self._structure_edited)

    # ------------------------------------------------------------------ opening
    def open_dialog(self) -> bool:
        start = str(Path(self.files.last_dir()))
        name, _ = QFileDialog.getOpenFileName(self.window, "Open level pack", start, PACK_FILTER)
        return self.open_path(name) if name else False

    def open_shipped(self, name: str) -> bool:
        """Open one of `shipped_packs`."""
        folder = resources.files("lograph").joinpath("samples", "packs")
        with resources.as_file(folder.joinpath(name)) as path:
            return self.open_path(path)

    def open_path(self, path: str | Path) -> bool:
        """Read the pack (a bad one gets a dialog naming the problem), then play it."""
        try:
            pack = read_level_pack(path)
        except (LographError, OSError, UnicodeDecodeError, MemoryError) as exc:
            text = str(exc) if not isinstance(exc, OSError) else f"{path}: {exc.strerror or exc}"
            QMessageBox.critical(self.window, "Cannot open level pack", text)
            return False
        if not pack.levels:
            QMessageBox.critical(self.window, "Cannot open level pack", f"{path}: no levels")
            return False
        if not self._show_board(pack):
            return False
        self.pack = pack
        self.progress = PackProgress(self.settings, pack_key(pack), pack.name)
        self.current, self.computed = None, {}
        self.pack_changed.emit()
        unsolved = [i for i in range(len(pack.levels)) if not self.progress.solved(i)]
        self.load_level(unsolved[0] if unsolved else 0)
        return True

    def _show_board(self, pack: LevelPack) -> bool:
        """Put the pack's board in the window (after Save/Discard/Cancel)."""
        if not self.files.maybe_save():
            return False
        board = pack.board.copy()
        board.name = pack.name or board.name
        self._replacing = True
        try:
            self.document.replace_board(board, None)
        finally:
            self._replacing = False
        self.board_edited = False
        return True

    def _board_replaced(self) -> None:
        if self._replacing or self.pack is None:
            return
        self.pack = self.progress = self.current = None  # another board: the pack is closed
        self.pack_changed.emit()

    def _structure_edited(self, *_: object) -> None:
        self.board_edited = True

    # ------------------------------------------------------------------ levels
    def level(self, index: int) -> PackLevel:
        assert self.pack is not None
        return self.pack.levels[index]

    def load_level(self, index: int) -> bool:
        """Put level `index` (from 0) on the board and play it."""
        pack = self.pack
        if pack is None or not 0 <= index < len(pack.levels):
            return False
        if self.board_edited and not self._show_board(pack):
            return False
        level = pack.levels[index]
        self.current = index
        self.scoreboard.known[level.lights.tobytes()] = self.fewest(index)
        self.session.set_mode("play")
        text = f"Level {index + 1}"
        unchanged = not self.document.is_modified
        self.document.push(SetLightsCommand(self.document, level.lights, text, moves=0, start=True))
        if unchanged:  # the pack's own level, not a change of the player's: nothing to save
            self.document.undo_stack.setClean()
        self.level_changed.emit(index)
        return True

    def fewest(self, index: int) -> int:
        """Level `index`'s fewest presses: computed when the scoreboard has, else the pack's."""
        assert self.pack is not None
        return self.computed.get(index, self.pack.levels[index].fewest)

    def _best_known(self) -> None:
        best, index = self.scoreboard.best, self.current
        if self.pack is None or index is None or best is None or best[0] is None:
            return
        # only the ordinary fewest presses of the level's own lights to "all off" is what the
        # pack files: not the best of a scramble, an edit, the lit-only rule or another goal
        if self.scoreboard.best_of != (self.pack.levels[index].lights.tobytes(), "off", False):
            return
        if self.computed.get(index) != best[0]:
            self.computed[index] = best[0]
            self.progress_changed.emit()

    def has_next(self) -> bool:
        return self.pack is not None and (self.current or 0) + 1 < len(self.pack.levels)

    def next_level(self) -> bool:
        if self.pack is None or self.current is None:
            return False
        return self.load_level(self.current + 1)

    def solved(self, moves: int) -> bool:
        """Count a solve for the current level if it was played from its lights."""
        if self.pack is None or self.current is None or self.progress is None:
            return False
        if not np.array_equal(self.document.start_lights, self.level(self.current).lights):
            return False
        self.progress.record(self.current, moves)
        self.progress_changed.emit()
        return True
