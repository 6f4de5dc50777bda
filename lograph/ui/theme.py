"""Light and dark themes: System (follow the desktop's colour scheme, live), Light or Dark,
chosen in View ▸ Theme and kept in QSettings (``view/theme``).

The desktop's choice comes from `QStyleHints.colorScheme` and its `colorSchemeChanged`
signal (Qt 6.5+). A chosen scheme is also handed to Qt (`QStyleHints.setColorScheme`, Qt 6.8+)
so native dialogs follow it; the dark theme is an explicit palette on the Fusion style, which
every platform draws the same; light is the platform's own style and palette. The canvas
keeps its own colours (its light background and the marks are designed together), so the
board reads the same in both themes.

Examples
--------
>>> dark_palette().color(QPalette.ColorRole.Window).lightness() < 80
True
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

__all__ = ["SETTING", "THEMES", "ThemeController", "dark_palette"]

SETTING = "view/theme"
THEMES = ("system", "light", "dark")
_Role = QPalette.ColorRole
_Group = QPalette.ColorGroup


def _palette(colors: dict[QPalette.ColorRole, str], disabled: str) -> QPalette:
    palette = QPalette()
    for role, color in colors.items():
        palette.setColor(role, QColor(color))
    for role in (_Role.WindowText, _Role.Text, _Role.ButtonText, _Role.PlaceholderText):
        palette.setColor(_Group.Disabled, role, QColor(disabled))
    return palette


def dark_palette() -> QPalette:
    """A dark palette with text contrast well above WCAG's 4.5:1."""
    return _palette(
        {
            _Role.Window: "#25282d", _Role.WindowText: "#e9ecef", _Role.Base: "#1c1e22",
            _Role.AlternateBase: "#2c3036", _Role.ToolTipBase: "#343a40",
            _Role.ToolTipText: "#f1f3f5", _Role.Text: "#e9ecef", _Role.Button: "#30343a",
            _Role.ButtonText: "#e9ecef", _Role.BrightText: "#ff8787", _Role.Link: "#74c0fc",
            _Role.LinkVisited: "#b197fc", _Role.Highlight: "#1c7ed6",
            _Role.HighlightedText: "#ffffff", _Role.Light: "#3d4248", _Role.Midlight: "#353a40",
            _Role.Mid: "#2a2e33", _Role.Dark: "#15171a", _Role.Shadow: "#000000",
            _Role.PlaceholderText: "#868e96",
        },
        disabled="#6c737b",
    )  # fmt: skip


class ThemeController(QObject):
    """Applies the chosen theme to the application and follows the desktop while it is
    "system".

    Signals
    -------
    changed(str)
        The theme now shown: "light" or "dark".
    """

    changed = Signal(str)

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        value = settings.value(SETTING, "system")
        self.choice = value if value in THEMES else "system"
        self.shown = ""
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self.app = app
        self._native = app.style().name()  # put back when the dark theme ends
        app.styleHints().colorSchemeChanged.connect(self._system_changed)
        self.apply()

    def set_choice(self, choice: str) -> None:
        """Show `choice` ("system", "light" or "dark") and remember it."""
        if choice not in THEMES:
            raise ValueError(f"unknown theme {choice!r}")
        self.choice = choice
        self.settings.setValue(SETTING, choice)
        self.apply()

    def system_scheme(self) -> str:
        scheme = self.app.styleHints().colorScheme()
        return "dark" if scheme == Qt.ColorScheme.Dark else "light"  # Unknown: light

    def apply(self) -> None:
        hints = self.app.styleHints()
        if hasattr(hints, "unsetColorScheme"):  # Qt 6.8+: let native dialogs follow too
            if self.choice == "system":
                hints.unsetColorScheme()
            else:
                dark = self.choice == "dark"
                hints.setColorScheme(Qt.ColorScheme.Dark if dark else Qt.ColorScheme.Light)
        wanted = self.system_scheme() if self.choice == "system" else self.choice
        self._show(wanted)

    def _system_changed(self, scheme: Qt.ColorScheme) -> None:
        if self.choice == "system":
            self._show("dark" if scheme == Qt.ColorScheme.Dark else "light")

    def _show(self, scheme: str) -> None:
        if scheme == self.shown:
            return
        first, self.shown = not self.shown, scheme
        if scheme == "dark":
            if self.app.style().name().lower() != "fusion":  # native styles ignore palettes
                self.app.setStyle("Fusion")
            self.app.setPalette(dark_palette())
        elif not first:  # back from dark: the native style and its own palette
            if self.app.style().name() != self._native:
                self.app.setStyle(self._native)
            self.app.setPalette(self.app.style().standardPalette())
        self.changed.emit(scheme)
