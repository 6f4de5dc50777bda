"""The main window: wires the Document, scene, view, tools, actions, menus and status bar.

Behaviour lives elsewhere (commands, tools, operations, filectl); this module only connects
it. Others extend the window with `add_dock` and `add_action` (the analysis dock does).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
)

from lograph import __version__
from lograph.core.errors import BoardFormatError
from lograph.ui.actions import ACTIONS, MENUS
from lograph.ui.analysis import install as install_analysis
from lograph.ui.canvas import operations as ops
from lograph.ui.canvas.clipboard import dict_from_mime, mime_from_dict
from lograph.ui.canvas.scene import GRID, BoardScene
from lograph.ui.canvas.tools import EditTool, LightsTool, PlayTool, Tool
from lograph.ui.canvas.view import BoardView
from lograph.ui.chase.view import install as install_chase
from lograph.ui.io.dialogs import NewBoardDialog, PropertiesDialog
from lograph.ui.io.export import install as install_export
from lograph.ui.io.filectl import FileController
from lograph.ui.model.document import BoardProperties, Document
from lograph.ui.widgets import named

__all__ = ["MainWindow"]

EDIT_ONLY = ("cut", "paste", "delete", "toggle_self", "reverse")


class MainWindow(QMainWindow):
    """The lograph window.

    Parameters
    ----------
    settings : QSettings, optional
        Where geometry, last directory and recent files are kept (tests pass a temporary one).
    document : Document, optional
        The document to show (default: an empty board).
    """

    def __init__(self, settings: QSettings | None = None, document: Document | None = None):
        super().__init__()
        self.setObjectName("main_window")
        self.settings = settings if settings is not None else QSettings()
        self.document = document if document is not None else Document()
        self.scene = BoardScene(self.document)
        self.view = BoardView(self.scene)
        self.setCentralWidget(self.view)
        self.tools: dict[str, Tool] = {
            t.name: t for t in (EditTool(self.scene), LightsTool(self.scene), PlayTool(self.scene))
        }
        self.files = FileController(self, self.document, self.settings)
        self.rng = np.random.default_rng()
        self._actions: dict[str, QAction] = {}
        self.menus: dict[str, QMenu] = {}
        self._paste_count = 0
        self._build_actions()
        self._build_status()
        self._connect()
        self.set_mode("edit")
        self.setAcceptDrops(True)
        self.view.setAcceptDrops(False)
        self.view.viewport().setAcceptDrops(False)
        geometry = self.settings.value("geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1000, 720)
        self._update_title()
        self._update_counts()
        self.analysis = install_analysis(self)  # the analysis dock (issue 5)
        self.chase = install_chase(self)  # the chasing dock and actions (issue 5)
        self.exports = install_export(self)  # File > Export: image, solution, report (issue 5)

    # ------------------------------------------------------------------ extension points
    def action(self, name: str) -> QAction:
        """The action with this objectName (``"save"``, ``"mode_play"``, ``"undo"`` …)."""
        return self._actions[name]

    def add_action(self, menu: str, action: QAction) -> None:
        """Put `action` in menu `menu` (created if new) and register it by objectName."""
        if menu not in self.menus:
            self.menus[menu] = self.menuBar().addMenu(menu.title())
        self.menus[menu].addAction(action)
        self.addAction(action)  # shortcuts work even with the menu bar hidden
        self._actions[action.objectName()] = action

    def add_dock(
        self,
        widget: QWidget,
        title: str,
        area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea,
    ) -> QDockWidget:
        """Add `widget` in a dock, with a toggle in the View menu."""
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock_{widget.objectName() or title.lower().replace(' ', '_')}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.menus["view"].addAction(dock.toggleViewAction())
        return dock

    @property
    def tool(self) -> Tool:
        assert self.scene.tool is not None
        return self.scene.tool

    # ------------------------------------------------------------------ building
    def _handlers(self) -> dict[str, Callable[[], object]]:
        doc, scene, view = self.document, self.scene, self.view
        return {
            "new": self.new_board,
            "open": self.files.open_dialog,
            "save": self.files.save,
            "save_as": self.files.save_as,
            "quit": self.close,
            "cut": self.cut,
            "copy": self.copy,
            "paste": self.paste,
            "delete": lambda: ops.delete_selection(scene),
            "select_all": scene.select_all,
            "toggle_self": lambda: ops.toggle_self_action(scene),
            "reverse": self.reverse_edges,
            "properties": self.edit_properties,
            "zoom_in": view.zoom_in,
            "zoom_out": view.zoom_out,
            "fit": view.fit,
            "show_grid": self._view_options,
            "snap": self._view_options,
            "show_labels": self._view_options,
            "mode_edit": lambda: self.set_mode("edit"),
            "mode_lights": lambda: self.set_mode("lights"),
            "mode_play": lambda: self.set_mode("play"),
            "lights_clear": lambda: ops.set_all_lights(doc, 0, "Clear lights"),
            "lights_on": lambda: ops.set_all_lights(doc, doc.board.states - 1, "All lights on"),
            "lights_random": lambda: ops.set_random_lights(doc, self.rng),
            "scramble": self.scramble,
            "reset": lambda: ops.reset_play(doc),
            "goal_on": self._goal_changed,
            "about": self.about,
        }

    def _build_actions(self) -> None:
        for key, title in MENUS.items():
            self.menus[key] = self.menuBar().addMenu(title)
        stack = self.document.undo_stack
        undo, redo = stack.createUndoAction(self, "&Undo"), stack.createRedoAction(self, "&Redo")
        for act, name, keys in ((undo, "undo", "Undo"), (redo, "redo", "Redo")):
            act.setObjectName(name)
            act.setShortcuts(getattr(QKeySequence.StandardKey, keys))
            self.add_action("edit", act)
        self.menus["edit"].addSeparator()
        handlers = self._handlers()
        modes = QActionGroup(self)
        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main_toolbar")
        for spec in ACTIONS:
            act = QAction(spec.text, self)
            act.setObjectName(spec.name)
            if isinstance(spec.keys, str):
                act.setShortcut(QKeySequence(spec.keys))
            else:
                act.setShortcuts(spec.keys)
            act.setStatusTip(spec.tip)
            act.setToolTip(
                f"{spec.text.replace('&', '').rstrip('…')} ({act.shortcut().toString()})"
            )
            act.setCheckable(spec.checkable)
            act.triggered.connect(handlers[spec.name])
            if spec.name.startswith("mode_"):
                modes.addAction(act)
            self.add_action(spec.menu, act)
            if spec.name in ("new", "open", "save", "mode_edit", "mode_lights", "mode_play"):
                toolbar.addAction(act)
            if spec.name in ("scramble", "reset", "fit"):
                toolbar.addAction(act)
            if spec.name == "save_as":
                self.recent_menu = self.menus["file"].addMenu("Open &Recent")
                self.menus["file"].addSeparator()
        toolbar.insertAction(self.action("mode_edit"), undo)
        toolbar.insertAction(self.action("mode_edit"), redo)
        toolbar.insertSeparator(self.action("mode_edit"))
        self._fill_recent(self.files.recent_files())

    def _fill_recent(self, paths: list[str]) -> None:
        for act in self.recent_menu.actions():
            self._actions.pop(act.objectName(), None)
            self.removeAction(act)
        self.recent_menu.clear()
        for i, path in enumerate(paths):
            act = QAction(f"&{i + 1} {Path(path).name}", self)
            act.setObjectName(f"recent_{i + 1}")
            act.setShortcut(QKeySequence(f"Alt+{i + 1}"))
            act.setStatusTip(path)
            act.triggered.connect(lambda _=False, p=path: self.files.open_path(p))
            self.recent_menu.addAction(act)
            self.addAction(act)
            self._actions[act.objectName()] = act
        self.recent_menu.setEnabled(bool(paths))

    def _build_status(self) -> None:
        bar = self.statusBar()
        self.mode_label = named(QLabel(), "mode_label")
        self.moves_label = named(QLabel(), "moves_label")
        self.count_label = named(QLabel(), "count_label")
        self.zoom_label = named(QLabel(), "zoom_label")
        for label in (self.moves_label, self.count_label, self.zoom_label, self.mode_label):
            bar.addPermanentWidget(label)
        self.banner = named(QLabel(self.view), "goal_banner")
        self.banner.setStyleSheet(
            "background: #2b8a3e; color: white; padding: 8px 18px; border-radius: 6px;"
            "font-size: 15px; font-weight: bold;"
        )
        self.banner.hide()

    def _connect(self) -> None:
        doc = self.document
        doc.modified_changed.connect(self._update_title)
        doc.path_changed.connect(self._update_title)
        doc.properties_changed.connect(self._update_title)
        doc.board_replaced.connect(self._board_replaced)
        doc.changed.connect(self._update_counts)
        doc.moves_changed.connect(self._update_moves)
        doc.lights_changed.connect(lambda _ids: self.banner.hide())
        self.files.recent_changed.connect(self._fill_recent)
        self.view.scale_changed.connect(lambda s: self.zoom_label.setText(f"{s * 100:.0f}%"))
        for tool in self.tools.values():
            tool.message.connect(lambda text: self.statusBar().showMessage(text, 5000))
        play = self.tools["play"]
        assert isinstance(play, PlayTool)
        play.solved.connect(self._solved)

    # ------------------------------------------------------------------ modes
    def set_mode(self, name: str) -> None:
        """Switch to the ``edit``, ``lights`` or ``play`` tool."""
        if self.scene.tool is not None:
            self.scene.tool.cancel()
        tool = self.tools[name]
        self.scene.tool = tool
        self.view.viewport().setCursor(tool.cursor)
        self.action(f"mode_{name}").setChecked(True)
        for key in EDIT_ONLY:
            self.action(key).setEnabled(name == "edit")
        if name != "edit":
            self.scene.clear_selection()
        if name == "play":
            self.document.set_start(self.document.board.lights())
            self.document.set_moves(0)
        self.mode_label.setText(f"{name.title()} mode")
        self.moves_label.setVisible(name == "play")
        self.statusBar().showMessage(tool.hint)

    @property
    def mode(self) -> str:
        return self.tool.name

    # ------------------------------------------------------------------ handlers
    def new_board(self) -> bool:
        dialog = NewBoardDialog(self)
        if dialog.exec() != NewBoardDialog.DialogCode.Accepted:
            return False
        board = dialog.board()
        return board is not None and self.files.new_board(board)

    def edit_properties(self) -> bool:
        dialog = PropertiesDialog(BoardProperties.of(self.document.board), self)
        if dialog.exec() != PropertiesDialog.DialogCode.Accepted:
            return False
        return self.apply_properties(dialog.properties())

    def apply_properties(self, props: BoardProperties) -> bool:
        from lograph.ui.model.commands import PropertiesCommand

        if props == BoardProperties.of(self.document.board):
            return False
        self.document.push(PropertiesCommand(self.document, props))
        return True

    def copy(self) -> bool:
        clip = ops.copy_selection(self.scene)
        if clip is None:
            return False
        QApplication.clipboard().setMimeData(mime_from_dict(clip))
        self._paste_count = 0
        return True

    def cut(self) -> bool:
        return self.copy() and ops.delete_selection(self.scene)

    def paste(self) -> bool:
        clip = dict_from_mime(QApplication.clipboard().mimeData())
        if clip is None:
            self.statusBar().showMessage("The clipboard holds no lograph buttons", 5000)
            return False
        step = (self._paste_count + 1) * GRID / self.scene.unit
        try:
            pasted = ops.paste(self.scene, clip, (step, step))
        except BoardFormatError as exc:  # hand-made or damaged JSON: nothing was changed
            self.statusBar().showMessage(f"Cannot paste: {exc}", 8000)
            return False
        self._paste_count += pasted
        return pasted

    def reverse_edges(self) -> None:
        if not self.document.board.directed:
            self.statusBar().showMessage("Edges of an undirected board have no direction", 5000)
            return
        skipped = ops.reverse_edges(self.scene)
        if skipped:
            self.statusBar().showMessage(f"{len(skipped)} arcs already go both ways", 5000)

    def scramble(self) -> bool:
        if self.mode != "play":
            self.set_mode("play")
        play = self.tools["play"]
        assert isinstance(play, PlayTool)
        return ops.scramble(self.document, play.goal, self.rng)

    def _goal_changed(self) -> None:
        play = self.tools["play"]
        assert isinstance(play, PlayTool)
        play.goal = "on" if self.action("goal_on").isChecked() else "off"

    def _view_options(self) -> None:
        self.scene.grid_visible = self.action("show_grid").isChecked()
        self.scene.snap_enabled = self.action("snap").isChecked()
        self.scene.button_layer.show_labels = self.action("show_labels").isChecked()
        self.view.resetCachedContent()
        self.scene.update()

    def about(self) -> None:
        QMessageBox.about(
            self,
            "About lograph",
            f"lograph {__version__}\nLights Out on any graph: draw, play and analyse boards.",
        )

    # ------------------------------------------------------------------ following the document
    def _board_replaced(self) -> None:
        if self.mode == "play":
            self.set_mode("play")
        self.banner.hide()
        QTimer.singleShot(0, self.view.fit)  # after the layout has given the view its size

    def _solved(self, moves: int) -> None:
        goal = "on" if self.action("goal_on").isChecked() else "off"
        plural = "move" if moves == 1 else "moves"
        self.banner.setText(f"Solved in {moves} {plural}! Every light is {goal}.")
        self.banner.adjustSize()
        self.banner.move((self.view.width() - self.banner.width()) // 2, 16)
        self.banner.show()
        self.banner.raise_()
        self.statusBar().showMessage(self.banner.text(), 8000)

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.document.display_name}[*] — lograph")
        self.setWindowModified(self.document.is_modified)

    def _update_counts(self) -> None:
        board, store = self.document.board, self.scene.store
        kind = f"{board.rule}, directed" if board.directed else board.rule
        # the scene's store counts in O(1); networkx counts edges by summing every degree
        self.count_label.setText(
            f"{len(store)} buttons · {len(store.edge_slot)} edges · {kind} · {board.states} states"
        )

    def _update_moves(self, moves: int) -> None:
        self.moves_label.setText(f"Moves: {moves}")

    # ------------------------------------------------------------------ window events
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save():
            event.ignore()
            return
        self.settings.setValue("geometry", self.saveGeometry())
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self.files.open_path(files[0])
