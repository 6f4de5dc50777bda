"""The main window: makes the Document, Session, job runner and shared analysis, hands them
to the scene, tools, docks and controllers, and places their docks, actions and menus.

Behaviour lives elsewhere (commands, tools, operations, filectl, the docks); this module only
connects it. Docks receive what they need in their constructors and never reach back here.
"""

from __future__ import annotations

from collections.abc import Callable

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
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QMenu

from lograph.core.errors import BoardFormatError
from lograph.ui.actions import ACTIONS, MENUS, TOOLBAR, action_from_spec, standard_shortcuts
from lograph.ui.analysis import AnalysisDock
from lograph.ui.canvas import operations as ops
from lograph.ui.canvas.clipboard import dict_from_mime, mime_from_dict
from lograph.ui.canvas.light_presets import LightPresets
from lograph.ui.canvas.scene import GRID, BoardScene
from lograph.ui.canvas.tools import EditTool, LightsTool, PlayTool, Tool
from lograph.ui.canvas.view import BoardView
from lograph.ui.chase.view import ChaseView
from lograph.ui.chrome import WindowChrome
from lograph.ui.help.guide import show_about
from lograph.ui.io.autosave import Autosaver
from lograph.ui.io.dialogs import NewBoardDialog, PropertiesDialog
from lograph.ui.io.export import ExportController
from lograph.ui.io.file_menus import fill_recent, fill_samples
from lograph.ui.io.filectl import FileController
from lograph.ui.io.share import ShareActions
from lograph.ui.layout import DockPolicy, FitKeeper, WindowDocks, restore_window, save_window
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.commands import PropertiesCommand
from lograph.ui.model.document import BoardProperties, Document
from lograph.ui.model.jobs import JobRunner
from lograph.ui.model.session import Session, bind_toggle
from lograph.ui.model.warmup import KernelWarmup
from lograph.ui.model.words import count_of
from lograph.ui.play import PlayController
from lograph.ui.status import MessageBar, StatusArea
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
        self.session = Session(self)
        self.jobs = JobRunner(parent=self)
        self.scene = BoardScene(self.document)
        self.view = BoardView(self.scene)
        self.fitter = FitKeeper(self.view)  # the board fills the view until the user zooms
        self.setCentralWidget(self.view)
        self.play_tool = PlayTool(self.scene, self.session)
        self.tools: dict[str, Tool] = {
            t.name: t for t in (EditTool(self.scene), LightsTool(self.scene), self.play_tool)
        }
        self.files = FileController(self, self.document, self.settings)
        self.autosave = Autosaver(self.document, self.settings, self)
        self.rng = np.random.default_rng()
        self._actions: dict[str, QAction] = {}
        self.menus: dict[str, QMenu] = {}
        self._paste_count = 0
        self._build_actions()
        self._add_presets()
        self.setStatusBar(MessageBar(self))  # messages end at a word, never mid-word
        self.status_area = StatusArea(self.statusBar(), self.view, self.scene, self.session)
        area = self.status_area
        self.mode_label, self.moves_label, self.banner = (
            area.mode_label,
            area.moves_label,
            area.banner,
        )
        self.count_label, self.zoom_label = area.count_label, area.zoom_label
        self._connect()
        self.set_mode("edit")
        self.setAcceptDrops(True)
        self.view.setAcceptDrops(False)
        self.view.viewport().setAcceptDrops(False)
        self._update_title()
        self._add_docks()
        self._add_step_counter()
        self._add_warmup()
        self._arrange()

    def _arrange(self) -> None:
        """Dock limits, the last run's geometry and layout, theme, icons, help, tooltips."""
        docks = self.findChildren(QDockWidget)
        self.dock_policy = DockPolicy(self)
        for dock in docks:
            self.dock_policy.add(dock)
        restore_window(self, self.settings, docks)
        levels = self.play.levels.dock
        if self.play.packs.pack is None and not levels.isHidden():
            levels.hide()  # the last run's pack is not reopened: its dock would come back empty
            if not self.analysis.dock.isHidden():
                self.analysis.dock.raise_()
        self.chrome = WindowChrome(self, self.settings, self.menus, self._actions, self.toolbar)
        self.theme = self.chrome.theme

    def _keep_animate_speed(self) -> None:
        """The animated solve's speed is kept between runs (settings ``animate/speed``)."""
        from lograph.ui.analysis.animated import SPEEDS

        speed = self.analysis.animate_box.speed
        kept = self.settings.value("animate/speed", None)
        try:
            saved = int(kept) if kept is not None else None  # type: ignore[call-overload]
        except (TypeError, ValueError):
            saved = None  # a hand-edited settings file: keep the default
        if saved in SPEEDS:
            speed.setCurrentIndex(SPEEDS.index(saved))
        speed.currentIndexChanged.connect(
            lambda i: self.settings.setValue("animate/speed", int(speed.itemData(i)))
        )

    def _add_docks(self) -> None:
        """The analysis (shared by the docks), its dock, the chasing dock, File ▸ Export."""
        doc, session, jobs, scene = self.document, self.session, self.jobs, self.scene
        self.analysis_model = AnalysisModel(doc, session, jobs, parent=self)
        self.analysis = AnalysisDock(self.analysis_model, session, scene, self)
        self._keep_animate_speed()
        self.chase = ChaseView(self.analysis_model, session, jobs, scene, self)
        self.exports = ExportController(
            doc, scene, session, jobs, self.settings, self, lambda: self.analysis_model.solution
        )
        area = Qt.DockWidgetArea.RightDockWidgetArea
        for dock in (self.analysis.dock, self.chase.dock):
            self.addDockWidget(area, dock)
        self.tabifyDockWidget(self.analysis.dock, self.chase.dock)
        self.analysis.dock.raise_()
        self.menus["view"].addAction(self.analysis.actions["analysis_dock"])
        self.menus["view"].addAction(self.chase.dock.toggleViewAction())
        for act in (*self.analysis.menu_actions(), *self.chase.menu_actions()):
            self._add_to_menu("analysis", act)
        file_menu, quit_action = self.menus["file"], self.action("quit")
        self.menus["export"] = named(QMenu("&Export", file_menu), "export_menu")
        file_menu.insertMenu(quit_action, self.menus["export"])
        file_menu.insertSeparator(quit_action)
        for act in self.exports.actions.values():
            self._add_to_menu("export", act)
        self.play = PlayController(self, self.analysis_model, self.files, self.settings)
        self.play.install(WindowDocks(self), self.action, self.menus, self.play_tool)
        self.share = ShareActions(doc, self.settings, lambda: self.play.packs.pack, self)
        file_menu.insertAction(self.menus["export"].menuAction(), self.share.actions["share_page"])
        self.menus["analysis"].addAction(self.share.actions["show_algebra"])
        for act in self.share.actions.values():
            self.addAction(act)
        self._actions.update(self.share.actions)
        for part in (self.analysis, self.chase, self.exports, self.autosave, self.play, self.share):
            part.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        for done in (
            self.analysis.solutions.goal_reached,
            self.analysis.animated.goal_reached,
            self.chase.goal_reached,  # automatic play ends with the banner too
            self.play.announce,
        ):
            done.connect(self.status_area.announce)
        solved = (self.analysis.solutions, self.analysis.animated, self.chase)
        for played in (part.goal_reached for part in solved):
            played.connect(lambda _text: self.play.scoreboard.stop_clock())

    def _add_presets(self) -> None:
        """Lights ▸ the presets and transforms (greyed out, with the reason, where they mean
        nothing on the board)."""
        self.presets = LightPresets(self.document, self.session, self.rng, self)
        LightPresets.add_keys(self._actions)
        for act in (None, *self.presets.menu_actions()):
            self._add_to_menu("lights", act)
        self.menus["lights"].setToolTipsVisible(True)
        self.presets.status.connect(lambda text: self.statusBar().showMessage(text, 8000))

    def _add_step_counter(self) -> None:
        """A status-bar label counting the solution map's steps while stepping."""
        self.map_steps_label = named(QLabel(), "map_steps_label")
        self.map_steps_label.hide()
        self.statusBar().insertPermanentWidget(0, self.map_steps_label)
        stepper = self.analysis.stepper

        def show() -> None:
            self.map_steps_label.setText(stepper.counter())
            self.map_steps_label.setToolTip(stepper.text())
            self.map_steps_label.setVisible(bool(stepper.counter()))

        stepper.changed.connect(show)

    def _add_warmup(self) -> None:
        """The kernel warm-up (`start_warmup`, called at launch) and its status-bar label."""
        self.warmup = KernelWarmup(self)
        self.warmup_label = named(QLabel(), "warmup_label")
        self.warmup_label.hide()
        self.statusBar().insertPermanentWidget(0, self.warmup_label)  # not under the hints
        self.warmup.progress.connect(self._warmup_progress)
        self.warmup.finished.connect(self._warmup_finished)

    def start_warmup(self) -> bool:
        """Compile the kernels in the background (a child process; first start only)."""
        return self.warmup.start()

    def _warmup_progress(self, done: int, total: int, text: str) -> None:
        self.warmup_label.setText(f"Compiling kernels (first start only) {done}/{total}")
        self.warmup_label.setToolTip(
            f"Now: {text}. The kernels are compiled in the background and cached on disk, so"
            " that big boards analyse at full speed; small boards do not wait for them."
        )
        self.warmup_label.show()

    def _warmup_finished(self, compiled: int) -> None:
        self.warmup_label.hide()
        if compiled > 0:
            self.statusBar().showMessage("Kernels compiled and cached for this machine", 8000)

    # ------------------------------------------------------------------ extension points
    def action(self, name: str) -> QAction:
        """The action with this objectName (``"save"``, ``"mode_play"``, ``"undo"`` …)."""
        return self._actions[name]

    def _add_to_menu(self, menu: str, action: QAction | None) -> None:
        """Put `action` in menu `menu` (None: a separator) and register it by objectName."""
        if action is None:
            self.menus[menu].addSeparator()
            return
        self.menus[menu].addAction(action)
        self.addAction(action)  # shortcuts work even with the menu bar hidden
        self._actions[action.objectName()] = action

    @property
    def tool(self) -> Tool:
        """The active tool."""
        return self.tools[self.session.mode]

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
            "fit": self.fitter.fit,
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
            "about": lambda: show_about(self),
        }

    def _build_actions(self) -> None:
        for key, title in MENUS.items():
            self.menus[key] = self.menuBar().addMenu(title)
        stack = self.document.undo_stack
        undo, redo = stack.createUndoAction(self, "&Undo"), stack.createRedoAction(self, "&Redo")
        for act, name, keys in ((undo, "undo", "Undo"), (redo, "redo", "Redo")):
            act.setObjectName(name)
            act.setShortcuts(standard_shortcuts(getattr(QKeySequence.StandardKey, keys)))
            self._add_to_menu("edit", act)
        self.menus["edit"].addSeparator()
        handlers = self._handlers()
        modes = QActionGroup(self)
        for spec in ACTIONS:
            act = action_from_spec(self, spec)
            if spec.name in handlers:
                act.triggered.connect(handlers[spec.name])
            if spec.name.startswith("mode_"):
                modes.addAction(act)
            self._add_to_menu(spec.menu, act)
            if spec.name == "open":
                self.sample_menu = named(self.menus["file"].addMenu("Open &Sample"), "sample_menu")
            if spec.name == "save_as":
                self.recent_menu = self.menus["file"].addMenu("Open &Recent")
                self.menus["file"].addSeparator()
        session = self.session
        bind_toggle(self.action("goal_on"), lambda: session.goal == "on",
                    lambda on: session.set_goal("on" if on else "off"),
                    session.goal_changed)  # fmt: skip
        self.toolbar = toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main_toolbar")
        for entry in TOOLBAR:
            if entry is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(self.action(entry))
        self.sample_menu.addActions(fill_samples(self.sample_menu, self.files))
        self._fill_recent(self.files.recent_files())

    def _fill_recent(self, paths: list[str]) -> None:
        for act in self.recent_menu.actions():
            self._actions.pop(act.objectName(), None)
            self.removeAction(act)
        self.recent_menu.clear()
        for act in fill_recent(self.recent_menu, self.files, paths):
            self.recent_menu.addAction(act)
            self.addAction(act)
            self._actions[act.objectName()] = act
        self.recent_menu.setEnabled(bool(paths))

    def _connect(self) -> None:
        doc = self.document
        doc.modified_changed.connect(self._update_title)
        doc.path_changed.connect(self._update_title)
        doc.properties_changed.connect(self._update_title)
        doc.board_replaced.connect(self._board_replaced)
        self.files.recent_changed.connect(self._fill_recent)
        self.files.opened.connect(self._opened)
        for tool in self.tools.values():
            tool.message.connect(lambda text: self.statusBar().showMessage(text, 5000))
        self.session.mode_changed.connect(self._apply_mode)

    # ------------------------------------------------------------------ modes
    def set_mode(self, name: str) -> None:
        """Switch to the ``edit``, ``lights`` or ``play`` tool (again: restart it)."""
        if name == self.session.mode:
            self._apply_mode(name)  # play again: the current lights become the start
        else:
            self.session.set_mode(name)  # comes back through mode_changed

    def _apply_mode(self, name: str) -> None:
        """Swap the tools (the scene deactivates the old one and activates this one, which
        sets itself up) and show the mode in the window's actions, cursor and status bar."""
        tool = self.tools[name]
        self.scene.set_tool(tool)
        self.view.viewport().setCursor(tool.cursor)
        self.action(f"mode_{name}").setChecked(True)
        for key in EDIT_ONLY:
            self.action(key).setEnabled(name == "edit")
        self.status_area.show_mode(name, tool.hint)

    @property
    def mode(self) -> str:
        return self.session.mode

    # ------------------------------------------------------------------ handlers
    def new_board(self) -> bool:
        dialog = NewBoardDialog(self, self.settings)  # it remembers the last kind and size
        if dialog.exec() != NewBoardDialog.DialogCode.Accepted:
            return False
        board = dialog.board()
        if board is None or not self.files.new_board(board):
            return False
        if not len(board):  # nothing to press: an empty board is for drawing
            self.set_mode("edit")
        return True

    def edit_properties(self) -> bool:
        dialog = PropertiesDialog(BoardProperties.of(self.document.board), self)
        if dialog.exec() != PropertiesDialog.DialogCode.Accepted:
            return False
        return self.apply_properties(dialog.properties())

    def apply_properties(self, props: BoardProperties) -> bool:
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
            went = "already goes" if len(skipped) == 1 else "already go"
            self.statusBar().showMessage(f"{count_of(len(skipped), 'arc')} {went} both ways", 5000)

    def scramble(self) -> bool:
        if self.mode != "play":
            self.set_mode("play")
        return ops.scramble(self.document, self.session.goal, self.rng)

    def _view_options(self) -> None:
        checked = [self.action(name).isChecked() for name in ("show_grid", "snap", "show_labels")]
        self.scene.set_view_options(*checked)
        self.view.resetCachedContent()

    # ------------------------------------------------------------------ following the document
    def _board_replaced(self) -> None:
        if self.mode == "play":
            self.set_mode("play")
        self.fitter.fit()  # and again on every resize while the user has not zoomed
        QTimer.singleShot(0, self.fitter.refresh)  # after the layout has given the view its size

    def _opened(self) -> None:
        """An opened board file or sample is a puzzle: show it in Play mode, so the first
        clicks press (an empty board stays in the current mode: there is nothing to play)."""
        if len(self.document.board):
            self.set_mode("play")

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.document.display_name}[*] — lograph")
        self.setWindowModified(self.document.is_modified)

    # ------------------------------------------------------------------ window events
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save():
            event.ignore()
            return
        save_window(self, self.settings)
        self.warmup.stop()  # the cache keeps what the warm-up compiled so far
        self.autosave.close()  # a clean exit: the autosave goes
        self.analysis_model.timer.stop()
        self.jobs.shutdown()  # cancel every background job and let the threads end
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self.files.open_path(files[0])
