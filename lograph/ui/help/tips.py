"""Tooltips that name every action's shortcut, "Undo (Ctrl+Z)", in one pass over a window.

Actions made anywhere (menus, docks, recent files added later, the undo stack's actions
whose text follows the next command) all get the same treatment: `ShortcutTips` writes the
tooltip when an action is added to the window and again whenever the action changes.

Examples
--------
>>> from PySide6.QtWidgets import QApplication
>>> app = QApplication.instance() or QApplication([])
>>> from PySide6.QtGui import QAction, QKeySequence
>>> act = QAction("&Undo Add button")
>>> act.setShortcut(QKeySequence("Ctrl+Z"))
>>> shortcut_tip(act)
'Undo Add button (Ctrl+Z)'
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QActionEvent, QKeySequence
from PySide6.QtWidgets import QWidget

__all__ = ["UNAVAILABLE", "ShortcutTips", "shortcut_tip"]

_TRACKED = "lograph_shortcut_tip"
#: The property of an action that says why it is disabled (the Lights menu's presets).
UNAVAILABLE = "lograph_unavailable"


def shortcut_tip(action: QAction) -> str:
    """The action's text without mnemonic or ellipsis, with its (first) shortcut in brackets."""
    text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    text = text.rstrip("…").rstrip(".").strip()
    key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    why = action.property(UNAVAILABLE)  # why a greyed-out entry means nothing here
    if why and not action.isEnabled():
        text = f"{text}: not on this board, {why}"
    return f"{text} ({key})" if key else text


def _retip(action: QAction) -> None:
    if shiboken6.isValid(action):  # an action being destroyed still says it changed
        action.setToolTip(shortcut_tip(action))


class ShortcutTips(QObject):
    """Keeps the shortcut tooltip of every action of `window` (present and future)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        for action in window.findChildren(QAction):
            self.track(action)
        for action in window.actions():
            self.track(action)
        window.installEventFilter(self)

    def track(self, action: QAction) -> None:
        if not action.property(_TRACKED):
            action.setProperty(_TRACKED, True)
            # setToolTip emits changed again only when the text differs: no loop
            action.changed.connect(lambda a=action: _retip(a))
        _retip(action)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ActionAdded and isinstance(event, QActionEvent):
            action = event.action()
            if action is not None:
                self.track(action)
        return False
