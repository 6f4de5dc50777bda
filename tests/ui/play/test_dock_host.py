"""The play controller needs no main window: it shows its dock and score through a
`DockHost` (three methods). Here the host is a recorder, the canvas a real scene and view,
and the pack is opened and solved with real clicks."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget, QMenu, QWidget

from lograph.ui.actions import ACTIONS, action_from_spec
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.canvas.tools import PlayTool
from lograph.ui.canvas.view import BoardView
from lograph.ui.io.filectl import FileController
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.document import Document
from lograph.ui.model.jobs import JobRunner
from lograph.ui.model.session import Session
from lograph.ui.play import PlayController
from tests.ui.helpers import LEFT, NO_MOD
from tests.ui.test_play_packs import PACK, fewest_by_search


class RecordingHost:
    """A `DockHost` that only records what it is asked."""

    def __init__(self) -> None:
        self.docks: list[QDockWidget] = []
        self.forward: list[QDockWidget] = []
        self.widgets: list[QWidget] = []

    def add_dock(self, dock: QDockWidget) -> None:
        self.docks.append(dock)

    def bring_dock_forward(self, dock: QDockWidget) -> None:
        self.forward.append(dock)

    def add_status_widget(self, widget: QWidget) -> None:
        self.widgets.append(widget)


def test_the_controller_places_its_parts_through_the_host(qtbot, settings):

    parent = QWidget()
    qtbot.addWidget(parent)
    document, session, runner = Document(), Session(parent), JobRunner(parent=parent)
    model = AnalysisModel(document, session, runner, parent=parent)
    scene = BoardScene(document)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(500, 500)
    view.show()
    qtbot.waitExposed(view)
    tool = PlayTool(scene, session)
    actions = {spec.name: action_from_spec(parent, spec) for spec in ACTIONS}
    menus = {name: QMenu(parent) for name in ("play", "view")}
    for spec in ACTIONS:
        if spec.menu == "play":
            menus["play"].addAction(actions[spec.name])
    controller = PlayController(parent, model, FileController(parent, document, settings), settings)
    host = RecordingHost()
    announced: list[str] = []
    controller.announce.connect(announced.append)

    controller.install(host, actions.__getitem__, menus, tool)
    assert host.docks == [controller.levels.dock]
    assert host.widgets == [controller.scoreboard.best_label, controller.scoreboard.timer_label]
    assert host.forward == []

    entry = parent.findChild(QAction, f"sample_pack_{PACK}")
    assert entry is not None
    entry.trigger()  # Play ▸ Level Packs ▸ the shipped pack
    assert host.forward == [controller.levels.dock]  # the dock is asked to the front
    assert session.mode == "play"
    scene.set_tool(tool)  # what the window does on the Session's mode change
    view.fitInView(scene.board_rect())
    qtbot.waitUntil(lambda: model.solver is not None, timeout=60_000)
    presses = fewest_by_search(document.board)
    for b in presses:
        where = view.mapFromScene(QPointF(*scene.store.position(b)))
        QTest.mouseClick(view.viewport(), LEFT, NO_MOD, where)
    assert document.moves == len(presses)
    assert len(announced) == 1
    assert announced[0].startswith(f"Solved in {len(presses)} move")
    runner.shutdown()
