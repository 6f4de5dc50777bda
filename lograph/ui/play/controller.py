"""The Play menu's puzzle side: the scoreboard, level packs and their dock, the designer, and
the lit-only switch (kept in the settings as ``play/lit_only``, a player's preference).

The window builds the actions (ui/actions.py) and hands `bind` a lookup by name; the
controller connects them. Its dock and status-bar labels go to a `DockHost`, the three things
it asks of the window, never to the QMainWindow itself. `solved` is the play tool's "goal
reached" and returns nothing: the verdict goes out through `announce`, messages through
`status`; the window connects both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenu, QWidget

from lograph.ui.canvas.tools import PlayTool
from lograph.ui.io.filectl import FileController
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.session import bind_toggle
from lograph.ui.play.designer import DesignerDialog
from lograph.ui.play.levels import LevelsDock
from lograph.ui.play.packs import PackPlayer, shipped_packs
from lograph.ui.play.scoreboard import Scoreboard
from lograph.ui.widgets import named

__all__ = ["LIT_ONLY_KEY", "DockHost", "PlayController"]

LIT_ONLY_KEY = "play/lit_only"


class DockHost(Protocol):
    """Where the play controller shows its parts (the window's `layout.WindowDocks`)."""

    def add_dock(self, dock: QDockWidget) -> None:
        """Add `dock` to the window's side docks."""

    def bring_dock_forward(self, dock: QDockWidget) -> None:
        """Show `dock` in front (a hidden one as a tab beside the docks shown there)."""

    def add_status_widget(self, widget: QWidget) -> None:
        """Put `widget` in the status bar, before its other permanent widgets."""


class PlayController(QObject):
    """Signals: `status(str)` for the status bar, `announce(str)` for the goal banner."""

    status = Signal(str)
    announce = Signal(str)

    def __init__(
        self,
        parent: QWidget,
        model: AnalysisModel,
        files: FileController,
        settings: QSettings,
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent  # of the dialogs and the dock
        self.model, self.files, self.settings = model, files, settings
        self.session = model.session
        self.scoreboard = Scoreboard(model, parent=self)
        self.packs = PackPlayer(parent, files, self.scoreboard, settings, self)
        files.pack_opener = self.packs.open_path  # File ▸ Open and drops of a pack play it
        self.levels = LevelsDock(self.packs, parent)
        self.designer: DesignerDialog | None = None
        self.next_action: QAction | None = None
        self.host: DockHost | None = None
        self.session.set_lit_only(str(settings.value(LIT_ONLY_KEY, "false")).lower() == "true")
        self.session.lit_only_changed.connect(self._lit_only_changed)
        self.packs.pack_changed.connect(self._pack_changed)
        self.packs.level_changed.connect(lambda _index: self._update_next())

    def install(
        self,
        host: DockHost,
        action: Callable[[str], QAction],
        menus: dict[str, QMenu],
        tool: PlayTool,
    ) -> None:
        """Put the Levels dock and the score into `host`, the Play menu's entries into
        `menus`, and follow `tool`'s "goal reached"."""
        self.bind(action)
        play_menu = menus["play"]
        play_menu.insertMenu(action("next_level"), self.pack_menu(self.parent_widget))
        for first in ("lit_only", "open_pack"):  # rules, then level packs
            play_menu.insertSeparator(action(first))
        self.host = host
        host.add_dock(self.levels.dock)
        self.levels.dock.hide()  # until a pack is opened (or View ▸ Levels)
        menus["view"].addAction(self.levels.dock.toggleViewAction())
        for label in (self.scoreboard.best_label, self.scoreboard.timer_label):
            host.add_status_widget(label)
        tool.solved.connect(self.solved)

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
        if self.packs.pack is not None and self.host is not None:
            self.host.bring_dock_forward(self.levels.dock)

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
            dialog = DesignerDialog(
                board, self.model.runner, self.files.last_dir(), self.parent_widget
            )
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
