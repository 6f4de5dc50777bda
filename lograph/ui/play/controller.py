"""The Play menu's puzzle side: the scoreboard, level packs and their dock, the designer, and
the lit-only switch (kept in the settings as ``play/lit_only``, a player's preference).

The window builds the actions (ui/actions.py) and hands `bind` a lookup by name; the
controller connects them. `solved` is the play tool's "goal reached" and returns nothing:
the verdict goes out through `announce`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QWidget

from lograph.ui.canvas.tools import PlayTool, Tool
from lograph.ui.io.filectl import FileController
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.session import bind_toggle
from lograph.ui.play.designer import DesignerDialog
from lograph.ui.play.levels import LevelsDock
from lograph.ui.play.packs import PackPlayer, shipped_packs
from lograph.ui.play.scoreboard import Scoreboard
from lograph.ui.status import StatusArea
from lograph.ui.widgets import named

__all__ = ["LIT_ONLY_KEY", "PlayController"]

LIT_ONLY_KEY = "play/lit_only"


class PlayController(QObject):
    """Signals: `status(str)` for the status bar, `announce(str)` for the goal banner."""

    status = Signal(str)
    announce = Signal(str)

    def __init__(
        self,
        window: QWidget,
        model: AnalysisModel,
        files: FileController,
        settings: QSettings,
    ) -> None:
        super().__init__(window)
        self.window, self.model, self.files, self.settings = window, model, files, settings
        self.session = model.session
        self.scoreboard = Scoreboard(model, parent=self)
        self.packs = PackPlayer(window, files, self.scoreboard, settings, self)
        files.pack_opener = self.packs.open_path  # File ▸ Open and drops of a pack play it
        self.levels = LevelsDock(self.packs, window)
        self.designer: DesignerDialog | None = None
        self.next_action: QAction | None = None
        self.main_window: QMainWindow | None = None
        self.session.set_lit_only(str(settings.value(LIT_ONLY_KEY, "false")).lower() == "true")
        self.session.lit_only_changed.connect(self._lit_only_changed)
        self.packs.pack_changed.connect(self._pack_changed)
        self.packs.level_changed.connect(lambda _index: self._update_next())

    def install(
        self,
        window: QMainWindow,
        action: Callable[[str], QAction],
        menus: dict[str, QMenu],
        tool: Tool,
        status: StatusArea,
    ) -> None:
        """Put the Levels dock, the Play menu's entries and the score into `window`."""
        self.bind(action)
        play_menu = menus["play"]
        play_menu.insertMenu(action("next_level"), self.pack_menu(window))
        for first in ("lit_only", "open_pack"):  # rules, then level packs
            play_menu.insertSeparator(action(first))
        self.main_window = window
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.levels.dock)
        self.levels.dock.hide()  # until a pack is opened (or View ▸ Levels)
        menus["view"].addAction(self.levels.dock.toggleViewAction())
        for label in (self.scoreboard.best_label, self.scoreboard.timer_label):
            window.statusBar().insertPermanentWidget(0, label)
        assert isinstance(tool, PlayTool)
        tool.solved.connect(self.solved)
        self.announce.connect(status.announce)
        self.status.connect(lambda text: window.statusBar().showMessage(text, 8000))

    def bind(self, action: Callable[[str], QAction]) -> None:
        """Connect the window's play actions (found by name)."""
        session = self.session
        self.next_action = action("next_level")
        action("open_pack").triggered.connect(self.packs.open_dialog)
        action("next_level").triggered.connect(self.next_level)
        action("design_puzzles").triggered.connect(self.open_designer)
        self._update_next()
        action("export_pack").triggered.connect(self.export_pack)
        bind_toggle(action("lit_only"), lambda: session.lit_only, session.set_lit_only,
                    session.lit_only_changed)  # fmt: skip

    def pack_menu(self, parent: QWidget) -> QMenu:
        """Play ▸ Level Packs: one entry per shipped pack."""
        menu = named(QMenu("Level &Packs", parent), "pack_menu")
        for name in shipped_packs():
            act = named(QAction(name.removesuffix(".json"), menu), f"sample_pack_{name}")
            act.setStatusTip(f"Play the level pack {name} that ships with lograph")
            act.triggered.connect(lambda _=False, n=name: self.packs.open_shipped(n))
            menu.addAction(act)
        return menu

    # ------------------------------------------------------------------ playing
    def solved(self, moves: int) -> None:
        """The play tool reached the goal after `moves` presses."""
        text = self.scoreboard.solved(moves)
        if self.packs.solved(moves) and self.packs.has_next():
            keys = self.next_action.shortcut().toString() if self.next_action else ""
            text += f" · Next Level: {keys}" if keys else " · Next Level"
        self.announce.emit(text)

    def next_level(self) -> None:
        if self.packs.pack is None:
            self.status.emit("No level pack is open: Play ▸ Open Level Pack…")
        elif not self.packs.has_next():
            self.status.emit("That was the last level of the pack.")
        else:
            self.packs.next_level()

    def _update_next(self) -> None:
        if self.next_action is not None:
            self.next_action.setEnabled(self.packs.has_next())

    def _pack_changed(self) -> None:
        self._update_next()
        window, dock = self.main_window, self.levels.dock
        if self.packs.pack is None or window is None:
            return
        if dock.isHidden():  # a tab beside the other docks on the right, in front
            area = window.dockWidgetArea(dock)
            others = [d for d in window.findChildren(QDockWidget) if d is not dock]
            shown = [d for d in others if window.dockWidgetArea(d) == area and not d.isHidden()]
            dock.show()
            if shown and not dock.isFloating():
                window.tabifyDockWidget(shown[0], dock)
        dock.raise_()

    def _lit_only_changed(self, on: bool) -> None:
        self.settings.setValue(LIT_ONLY_KEY, on)
        self.status.emit(
            "Lit-only: only a lit button may be pressed" if on else "Lit-only rule off"
        )

    # ------------------------------------------------------------------ designing
    def open_designer(self) -> DesignerDialog | None:
        """Open (or bring back) the designer for the current board."""
        board = self.model.document.board
        if not len(board):
            self.status.emit("Draw or open a board first: the designer makes levels on it.")
            return None
        dialog = self.designer
        if dialog is None or dialog.isHidden():
            if dialog is not None:
                dialog.deleteLater()
            dialog = DesignerDialog(board, self.model.runner, self.files.last_dir(), self.window)
            self.designer = dialog
        dialog.show()
        dialog.raise_()
        return dialog

    def export_pack(self) -> bool:
        """File ▸ Export Level Pack…: the designer's levels (the designer opens if none)."""
        dialog = self.designer
        if dialog is None or not dialog.levels:
            dialog = self.open_designer()
            if dialog is not None:
                dialog.status.setText("Generate levels first, then export them.")
            return False
        return dialog.export()
