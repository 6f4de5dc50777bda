"""The window's chrome: toolbar icons and the application icon, View ▸ Theme (System, Light,
Dark), the Help menu (Getting Started, What's This, About) and the shortcut tooltips of every
action. `main_window` hands it the menus and actions it decorates.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QToolBar, QToolButton, QWhatsThis

from lograph.ui.help.guide import GettingStarted
from lograph.ui.help.shortcuts import ShortcutsDialog
from lograph.ui.help.tips import ShortcutTips
from lograph.ui.icons import ICON_NAMES, action_icon, app_icon, faded
from lograph.ui.theme import THEMES, ThemeController

__all__ = ["TEXT_BESIDE_ICON", "WindowChrome"]

#: Toolbar buttons that keep their text beside the icon (a mode is clearer named).
TEXT_BESIDE_ICON = ("mode_edit", "mode_lights", "mode_play", "scramble", "reset")


class WindowChrome:
    """Decorates `window`: call once its menus, toolbar and docks exist.

    Parameters
    ----------
    window : QMainWindow
        The window.
    settings : QSettings
        Keeps the theme.
    menus : mapping
        The window's menus by key (``"view"``, ``"help"``).
    actions : dict
        The window's actions by objectName (those named in `ICON_NAMES` get icons); the
        theme and help actions are added to it.
    toolbar : QToolBar
        The main toolbar.
    """

    def __init__(
        self,
        window: QMainWindow,
        settings: QSettings,
        menus: Mapping[str, QMenu],
        actions: dict[str, QAction],
        toolbar: QToolBar,
    ) -> None:
        self.window, self.actions, self.toolbar = window, actions, toolbar
        self.guide: GettingStarted | None = None
        self.shortcuts: ShortcutsDialog | None = None
        QApplication.setWindowIcon(app_icon())
        window.setWindowIcon(app_icon())
        self.theme = ThemeController(settings, window)
        self.theme_actions = self._theme_menu(menus["view"])
        self.help_actions = self._help_menu(menus["help"])
        actions.update(self.theme_actions)
        actions.update(self.help_actions)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        for name in TEXT_BESIDE_ICON:
            button = toolbar.widgetForAction(actions[name]) if name in actions else None
            if isinstance(button, QToolButton):
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.paint_icons()
        self.theme.changed.connect(lambda _scheme: self.paint_icons())
        self.tips = ShortcutTips(window)

    def paint_icons(self) -> None:
        """Icons in the palette's text colour, disabled ones faded towards the window's
        colour (again when the theme changes)."""
        # the application's palette: the window's own follows it only after an event
        palette = QApplication.palette()
        color = palette.color(QPalette.ColorRole.ButtonText)
        off = faded(color, palette.color(QPalette.ColorRole.Window))  # disabled: clearly fainter
        for name in ICON_NAMES:
            if name in self.actions:
                self.actions[name].setIcon(action_icon(name, color, off))

    def _theme_menu(self, view: QMenu) -> dict[str, QAction]:
        menu = view.addMenu("&Theme")
        menu.setObjectName("theme_menu")
        group = QActionGroup(menu)
        found = {}
        for number, name in enumerate(THEMES, start=1):
            act = QAction(f"&{name.title()}", menu)
            act.setObjectName(f"theme_{name}")
            act.setShortcut(QKeySequence(f"Ctrl+Alt+{number}"))
            act.setCheckable(True)
            act.setChecked(name == self.theme.choice)
            act.setStatusTip(
                "Follow the desktop's light or dark setting" if name == "system"
                else f"Always the {name} theme"
            )  # fmt: skip
            act.triggered.connect(lambda _=False, n=name: self.theme.set_choice(n))
            group.addAction(act)
            menu.addAction(act)
            self.window.addAction(act)  # the shortcut works with the menu bar hidden
            found[act.objectName()] = act
        return found

    def _help_menu(self, menu: QMenu) -> dict[str, QAction]:
        about = next(a for a in menu.actions() if a.objectName() == "about")
        guide = QAction("&Getting Started", self.window)
        guide.setObjectName("getting_started")
        guide.setShortcuts(QKeySequence.StandardKey.HelpContents)
        guide.setStatusTip("A short illustrated guide: draw, play, analyse, chase")
        guide.triggered.connect(self.show_guide)
        whats = QWhatsThis.createAction(self.window)
        whats.setObjectName("whats_this")
        whats.setStatusTip("Click a figure of the Analysis dock to read what it means")
        keys = QAction("Keyboard &Shortcuts", self.window)
        keys.setObjectName("keyboard_shortcuts")
        keys.setShortcut(QKeySequence("Ctrl+/"))
        keys.setStatusTip("Every action's shortcut, read from the window's own actions")
        keys.triggered.connect(self.show_shortcuts)
        menu.insertActions(about, [guide, whats, keys])
        menu.insertSeparator(about)
        for act in (guide, whats, keys):
            self.window.addAction(act)
        return {a.objectName(): a for a in (guide, whats, keys)}

    def show_shortcuts(self) -> ShortcutsDialog:
        """Open Help ▸ Keyboard Shortcuts (one dialog, read afresh each time it opens)."""
        if self.shortcuts is None:
            self.shortcuts = ShortcutsDialog(self.window.menuBar(), self.window)
        self.shortcuts.refresh()
        self.shortcuts.show()
        self.shortcuts.raise_()
        self.shortcuts.activateWindow()
        return self.shortcuts

    def show_guide(self) -> GettingStarted:
        """Open Getting Started (one dialog, raised when already open)."""
        if self.guide is None:
            self.guide = GettingStarted(self.window)
        self.guide.show()
        self.guide.raise_()
        self.guide.activateWindow()
        return self.guide
