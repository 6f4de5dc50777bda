"""Help ▸ Keyboard Shortcuts: every action of the window that has a shortcut, in menu order.

The list is read from the window's own actions when the dialog opens (the menus built from
the action table, the docks' and the export actions, the platform's standard keys such as
Undo's), never from a hand-written copy, so it cannot drift from what the keys do.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QMenu,
    QMenuBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from lograph.ui.widgets import named

__all__ = ["Shortcut", "ShortcutsDialog", "shortcut_rows"]

NATIVE = QKeySequence.SequenceFormat.NativeText


@dataclass(frozen=True)
class Shortcut:
    """One row: where the action lives (``"Edit"``, ``"File ▸ Export"``), its name, keys."""

    where: str
    name: str
    keys: str
    action: str  # the action's objectName


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


#: Keys a usual keyboard has: characters, then Esc … F12 (Qt numbers them in this order). The
#: platform's standard bindings add keys of old Sun keyboards ("F14", "Undo", "Open") that
#: only clutter the list.
_COMMON_KEYS = (0, int(Qt.Key.Key_F12))


def _typable(sequence: QKeySequence) -> bool:
    keys = [sequence[i].key() for i in range(sequence.count())]  # type: ignore[index]
    return all(int(k) <= _COMMON_KEYS[1] for k in keys)


def _keys(action: QAction) -> str:
    every = [k for k in action.shortcuts() if not k.isEmpty()]
    shown = [k for k in every if _typable(k)] or every
    return ", ".join(k.toString(NATIVE) for k in shown)


def shortcut_rows(menubar: QMenuBar, window: QWidget) -> list[Shortcut]:
    """Every action with a shortcut: those in the menus first, in menu order (submenus as
    ``File ▸ Export``), then any other action of `window` under "Window"."""
    rows: list[Shortcut] = []
    seen: set[int] = set()

    def walk(menu: QMenu, where: str) -> None:
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{where} ▸ {_plain(action.text())}")
            elif not action.isSeparator() and id(action) not in seen:
                seen.add(id(action))
                if keys := _keys(action):
                    rows.append(Shortcut(where, _plain(action.text()), keys, action.objectName()))

    for top in menubar.actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            walk(menu, _plain(top.text()))
    others = {id(a): a for a in (*window.actions(), *window.findChildren(QAction))}
    for key, action in others.items():
        if key not in seen and (keys := _keys(action)) and action.text():
            seen.add(key)
            rows.append(Shortcut("Window", _plain(action.text()), keys, action.objectName()))
    return rows


class ShortcutsDialog(QDialog):
    """A table of `shortcut_rows` with a filter field (type a word or a key)."""

    def __init__(self, menubar: QMenuBar, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("shortcuts_dialog")
        self.setWindowTitle("Keyboard Shortcuts")
        self.menubar, self.source = menubar, window
        self.filter = named(QLineEdit(), "shortcuts_filter")
        self.filter.setPlaceholderText("Filter: a word or a key, such as chase or F7")
        self.filter.setClearButtonEnabled(True)
        self.table = named(QTableWidget(0, 3), "shortcuts_table")
        self.table.setHorizontalHeaderLabels(("Menu", "Action", "Shortcut"))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        for col, mode in enumerate((QHeaderView.ResizeMode.ResizeToContents,
                                    QHeaderView.ResizeMode.Stretch,
                                    QHeaderView.ResizeMode.ResizeToContents)):  # fmt: skip
            header.setSectionResizeMode(col, mode)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.filter.textChanged.connect(self._filter)
        self.resize(560, 620)
        self.rows: list[Shortcut] = []
        self.refresh()

    def refresh(self) -> None:
        """Read the window's actions again (shortcuts and menus may have changed)."""
        self.rows = shortcut_rows(self.menubar, self.source)
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            for c, text in enumerate((row.where, row.name, row.keys)):
                item = QTableWidgetItem(text)
                if c == 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
                    )
                self.table.setItem(r, c, item)
        self._filter(self.filter.text())

    def _filter(self, text: str) -> None:
        words = text.lower().split()
        for r, row in enumerate(self.rows):
            line = f"{row.where} {row.name} {row.keys}".lower()
            self.table.setRowHidden(r, not all(w in line for w in words))
