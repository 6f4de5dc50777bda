"""The table of the main window's actions: name, menu, text, shortcut, tip.

Every action has an objectName (tests find it by name) and its own shortcut; standard keys
(New, Open, Save, Undo, Redo, Zoom …) come from QKeySequence so each platform gets its own.
`action_from_spec` builds them; `make_action` builds the actions the docks contribute
(chasing, analysis, export) the same way.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

__all__ = [
    "ACTIONS",
    "MENUS",
    "TOOLBAR",
    "ActionSpec",
    "action_from_spec",
    "make_action",
    "standard_shortcuts",
]

Std = QKeySequence.StandardKey


@dataclass(frozen=True)
class ActionSpec:
    name: str
    menu: str
    text: str
    keys: Std | str
    tip: str = ""
    checkable: bool = False


MENUS = {
    "file": "&File",
    "edit": "&Edit",
    "view": "&View",
    "mode": "&Mode",
    "lights": "&Lights",
    "play": "&Play",
    "analysis": "&Analysis",
    "help": "&Help",
}
#: The toolbar's actions, in order (None: a separator).
TOOLBAR = ("new", "open", "save", "fit", "undo", "redo", None,
           "mode_edit", "mode_lights", "mode_play", "scramble", "reset")  # fmt: skip

A = ActionSpec
ACTIONS: tuple[ActionSpec, ...] = (
    A("new", "file", "&New Board…", Std.New, "Start a board from a generator"),
    A("open", "file", "&Open…", Std.Open, "Open a board file (.json .txt .graphml .g6)"),
    A("save", "file", "&Save", Std.Save, "Save the board"),
    A("save_as", "file", "Save &As…", Std.SaveAs, "Save the board under a new name"),
    A("export_pack", "file", "Export &Level Pack…", "Ctrl+Shift+X", "Write the designed levels"),
    A("quit", "file", "&Quit", "Ctrl+Q", "Close the window"),
    # undo and redo come from the undo stack; cut … delete act on the selection
    A("cut", "edit", "Cu&t", Std.Cut, "Copy the selection and delete it"),
    A("copy", "edit", "&Copy", Std.Copy, "Copy the selected buttons and their edges"),
    A("paste", "edit", "&Paste", Std.Paste, "Paste buttons and edges"),
    A("delete", "edit", "&Delete", Std.Delete, "Delete the selected buttons (with their edges)"),
    A("select_all", "edit", "Select &All", Std.SelectAll, "Select every button and edge"),
    A(
        "toggle_self",
        "edit",
        "Toggle Self &Action",
        "Ctrl+T",
        "Make the selected buttons act on themselves, or stop (a loop mark shows exceptions)",
    ),
    A("reverse", "edit", "&Reverse Edges", "Ctrl+R", "Reverse the selected arcs (directed)"),
    A("properties", "edit", "Board P&roperties…", "Alt+Return", "Name, rule, states, direction"),
    A("zoom_in", "view", "Zoom &In", Std.ZoomIn),
    A("zoom_out", "view", "Zoom &Out", Std.ZoomOut),
    A("fit", "view", "&Fit to Window", "Ctrl+0", "Show the whole board"),
    A("show_grid", "view", "Show &Grid", "Ctrl+G", "Draw the grid", checkable=True),
    A("snap", "view", "&Snap to Grid", "Ctrl+Shift+G", "New and moved buttons snap", True),
    A("show_labels", "view", "Show &Labels", "Ctrl+Shift+L", "Button ids when zoomed in", True),
    A("mode_edit", "mode", "&Edit", "Ctrl+1", "Draw buttons and edges", checkable=True),
    A("mode_lights", "mode", "&Lights", "Ctrl+2", "Set lights without pressing", True),
    A("mode_play", "mode", "&Play", "Ctrl+3", "Press buttons", checkable=True),
    A("lights_clear", "lights", "&Clear All", "Ctrl+Alt+C", "Every light off"),
    A("lights_on", "lights", "All &On", "Ctrl+Alt+A", "Every light on (at its top value)"),
    A("lights_random", "lights", "&Random", "Ctrl+Alt+R", "Random lights (maybe unsolvable)"),
    A("scramble", "play", "&Scramble", "F5", "A random position that can be solved"),
    A("reset", "play", "&Reset", "F6", "Back to the start position"),
    A("goal_on", "play", "Goal: All Lights &On", "Ctrl+Alt+G", "Win with every light on", True),
    A("lit_only", "play", "&Lit-only", "Ctrl+Alt+L", "Only a lit button may be pressed", True),
    A("open_pack", "play", "Open Level &Pack…", "Ctrl+Shift+O", "Play the levels of a pack"),
    A("next_level", "play", "&Next Level", "Ctrl+Alt+N", "Load the pack's next level"),
    A("design_puzzles", "play", "&Design Puzzles…", "Ctrl+Shift+D", "Make levels"),
    A("about", "help", "&About lograph", "Ctrl+F1", "Version, license and where to read more"),
)


def standard_shortcuts(key: Std) -> list[QKeySequence]:
    """The platform's keys for `key`; Redo also gets Ctrl+Y off macOS.

    Qt gives X11 desktops only Ctrl+Shift+Z for Redo, yet Ctrl+Y is what most people press
    there (it is Windows' Redo, and LibreOffice's and the browsers' on Linux).
    """
    keys = list(QKeySequence.keyBindings(key))
    ctrl_y = QKeySequence("Ctrl+Y")
    if key == Std.Redo and sys.platform != "darwin" and ctrl_y not in keys:
        keys.append(ctrl_y)
    return keys


def make_action(
    parent: QObject, name: str, text: str, keys: str, tip: str, checkable: bool = False
) -> QAction:
    """An action found by `name`, with its shortcut named in the tooltip."""
    act = QAction(text, parent)
    act.setObjectName(name)
    act.setShortcut(QKeySequence(keys))
    act.setStatusTip(tip)
    act.setToolTip(f"{text.replace('&', '').rstrip('…')} ({keys})")
    act.setCheckable(checkable)
    return act


def action_from_spec(parent: QObject, spec: ActionSpec) -> QAction:
    """The action of one row of `ACTIONS`."""
    act = QAction(spec.text, parent)
    act.setObjectName(spec.name)
    if isinstance(spec.keys, str):
        act.setShortcut(QKeySequence(spec.keys))
    else:
        act.setShortcuts(standard_shortcuts(spec.keys))
    act.setStatusTip(spec.tip)
    act.setToolTip(f"{spec.text.replace('&', '').rstrip('…')} ({act.shortcut().toString()})")
    act.setCheckable(spec.checkable)
    return act
