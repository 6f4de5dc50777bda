"""The Edit mode's right-click menus: on a button, on an edge, and on the background.

Each entry runs one function of `operations` (one undo step). A right click on a button
that belongs to a selection of several acts on the whole selection, as in file managers;
on any other button it acts on that button alone. The window's own actions (Paste, Select
All, Board Properties…) are reused by objectName when the view's window has them, so their
shortcuts show in the menu.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from lograph.ui.canvas import operations as ops
from lograph.ui.canvas.placement import blocker
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.commands import ReverseEdgesCommand

__all__ = ["DELETE_CLICK", "build_menu"]

#: How a click deletes, as the edit tool's hint and these menus say it: Ctrl+Shift, which
#: window managers leave to the window (Openbox, KWin, xfwm and older GNOME take Alt+drag and
#: Alt+click for moving windows; Super for theirs). Alt+click still deletes where it arrives.
DELETE_CLICK = "Ctrl+Shift+click"
#: The same in a menu entry's shortcut column.
DELETE_KEYS = "Ctrl+Shift+Click"

Notify = Callable[[str], None]


def build_menu(
    scene: BoardScene,
    point: QPointF,
    shared: dict[str, QAction],
    parent: QWidget,
    notify: Notify,
) -> QMenu:
    """The menu for a right click at scene `point`: the button there, else the edge there,
    else the background. `shared` maps objectNames to the window's actions."""
    menu = QMenu(parent)
    menu.setObjectName("canvas_menu")
    button = scene.button_at(point)
    edge = scene.edge_at(point) if button is None else None
    if button is not None:
        _button_entries(menu, scene, button, notify)
    elif edge is not None:
        _edge_entries(menu, scene, edge)
    else:
        _background_entries(menu, scene, point, shared)
    return menu


def _entry(menu: QMenu, name: str, text: str, run: Callable[[], object]) -> QAction:
    act = menu.addAction(text)
    act.setObjectName(name)
    act.triggered.connect(lambda _checked=False: run())
    return act


def _button_entries(menu: QMenu, scene: BoardScene, button: str, notify: Notify) -> None:
    board = scene.document.board
    whole = button in scene.selected and len(scene.selected) > 1
    targets = sorted(scene.selected, key=board.index) if whole else [button]
    what = f"{len(targets)} Selected Buttons" if whole else button
    menu.addSection(what if whole else f"Button {button}")
    _entry(
        menu, "menu_delete", f"&Delete {what}\t{DELETE_KEYS}", lambda: ops.delete(scene, targets)
    )
    others = sorted(scene.selected - {button}, key=board.index)

    def join() -> None:
        if not ops.connect(scene, button, others):
            notify(f"{button} is already connected to every selected button")

    count = f" ({len(others)})" if others else ""
    linked = _entry(menu, "menu_connect", f"&Connect to Selection{count}", join)
    linked.setEnabled(bool(others) and not whole)
    acts = _entry(
        menu, "menu_self", "Acts on &Itself", lambda: ops.toggle_self_action(scene, targets)
    )
    acts.setCheckable(True)
    acts.setChecked(all(board.acts_on_itself(b) for b in targets))
    _light_menu(menu, scene, targets)


def _light_menu(menu: QMenu, scene: BoardScene, targets: Sequence[str]) -> None:
    """Set Light ▸ 0 … k−1 (a tick on the value every target has)."""
    doc = scene.document
    board = doc.board
    sub = menu.addMenu("Set &Light")
    sub.setObjectName("menu_light")
    values = {board.light(b) for b in targets}
    group = QActionGroup(sub)
    for value in range(board.states):
        label = {0: "0 (off)", board.states - 1: f"{value} (on)"}.get(value, str(value))
        run = lambda v=value: ops.set_lights_of(doc, targets, v)  # noqa: E731
        act = _entry(sub, f"menu_light_{value}", label, run)
        act.setCheckable(True)
        act.setChecked(values == {value})
        group.addAction(act)


def _edge_entries(menu: QMenu, scene: BoardScene, edge: tuple[str, str]) -> None:
    doc = scene.document
    u, v = edge
    menu.addSection(f"Edge {u} – {v}")
    _entry(
        menu, "menu_delete", f"&Delete Edge\t{DELETE_KEYS}", lambda: ops.delete(scene, edges=[edge])
    )
    if doc.board.directed:
        reverse = lambda: doc.push(ReverseEdgesCommand(doc, [edge]))  # noqa: E731
        turn = _entry(menu, "menu_reverse", "&Reverse Edge", reverse)
        turn.setEnabled(not doc.board.has_edge(v, u))  # the reverse arc exists: would merge


def _background_entries(
    menu: QMenu, scene: BoardScene, point: QPointF, shared: dict[str, QAction]
) -> None:
    where = scene.snap(point)
    near = blocker(scene, where.x(), where.y())
    add = _entry(menu, "menu_add", "&Add Button Here", lambda: ops.add_button(scene, point))
    if near is not None:
        add.setEnabled(False)
        add.setText(f"Add Button Here (too close to {near})")
    if scene.selected or scene.selected_edges:
        if "delete" not in shared:
            _entry(menu, "menu_delete", "&Delete Selection", lambda: ops.delete_selection(scene))
        _entry(menu, "menu_deselect", "Select &None", scene.clear_selection)
    for name in ("delete", "paste", "select_all", None, "properties"):
        if name == "delete" and not (scene.selected or scene.selected_edges):
            continue
        if name is None:
            menu.addSeparator()
        elif name in shared:
            menu.addAction(shared[name])
