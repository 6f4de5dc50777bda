"""Themes that follow the system, toolbar and application icons, and default export names."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPalette
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QWidget

from lograph.core.files.samples import read_sample
from lograph.ui.icons import ICON_NAMES, svg_text
from lograph.ui.main_window import MainWindow
from lograph.ui.theme import SETTING

Role = QPalette.ColorRole


@pytest.fixture
def light_again(qtbot):
    """Themes change the whole application: every test ends on the light theme."""
    yield
    app = QApplication.instance()
    for w in app.topLevelWidgets():
        if isinstance(w, MainWindow):
            w.theme.set_choice("light")
    app.styleHints().unsetColorScheme()


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours."""

    def lum(c: QColor) -> float:
        def ch(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def is_dark(window: MainWindow) -> bool:
    return window.palette().color(Role.Window).lightness() < 100


def icon_ink(window: MainWindow, name: str) -> QColor:
    """The darkest-or-lightest opaque pixel of a toolbar icon: the colour it is drawn in."""
    image = window.action(name).icon().pixmap(24, 24).toImage()
    inks = [
        QColor(image.pixel(x, y))
        for x in range(image.width())
        for y in range(image.height())
        if QColor.fromRgba(image.pixel(x, y)).alpha() == 255
    ]
    assert inks, name
    return inks[0]


def test_dark_theme_is_chosen_kept_and_readable(qtbot, window, settings, light_again):
    assert not is_dark(window)
    window.action("theme_dark").trigger()
    qtbot.waitUntil(lambda: is_dark(window))  # widgets learn of the new palette by an event
    palette = window.palette()
    for fg, bg in ((Role.WindowText, Role.Window), (Role.Text, Role.Base),
                   (Role.ButtonText, Role.Button)):  # fmt: skip
        assert contrast(palette.color(fg), palette.color(bg)) >= 7
    assert icon_ink(window, "undo").lightness() > 150  # icons redrawn in light ink
    assert settings.value(SETTING) == "dark"
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.action("theme_dark").isChecked()
    qtbot.waitUntil(lambda: is_dark(again))
    window.action("theme_light").trigger()
    qtbot.waitUntil(lambda: not is_dark(window))
    assert icon_ink(window, "undo").lightness() < 100


def test_system_theme_follows_the_desktop(qtbot, window, light_again):
    window.action("theme_system").trigger()
    hints = QApplication.instance().styleHints()
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)  # what the platform sends
    qtbot.waitUntil(lambda: is_dark(window))
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    qtbot.waitUntil(lambda: not is_dark(window))
    window.action("theme_light").trigger()  # a chosen theme no longer follows
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    QApplication.processEvents()
    assert not is_dark(window)
    assert window.theme.shown == "light"


def test_every_toolbar_action_has_an_icon_and_the_window_has_one(window):
    toolbar = window.findChild(type(window.toolbar), "main_toolbar")
    for act in toolbar.actions():
        if not act.isSeparator():
            assert not act.icon().isNull(), act.objectName()
    for name in ICON_NAMES:
        assert QSvgRenderer(QByteArray(svg_text(name).encode())).isValid(), name
    assert not window.windowIcon().isNull()
    png = QImage.fromData(files("lograph.ui.icons").joinpath("lograph.png").read_bytes())
    assert (png.width(), png.height()) == (256, 256)  # a .desktop-friendly size


def test_icons_are_package_data():
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    assert '"ui/icons/*.svg"' in text
    assert '"ui/icons/*.png"' in text


def proposed_names(window, monkeypatch) -> list[str]:
    starts: list[str] = []

    def cancel(parent, title, start, filters):
        starts.append(Path(start).name)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", cancel)
    for name in ("export_solution", "export_report", "save_as"):
        window.action(name).trigger()
    return starts


def test_default_export_names_carry_no_internal_words(window, monkeypatch, tmp_path):
    board = read_sample("wayout-holed-5x5.txt")
    assert "(three holes)" in board.name  # the sample's name carries a note in brackets
    window.document.replace_board(board)
    names = proposed_names(window, monkeypatch)
    assert names == ["WayOut_5x5_solution.json", "WayOut_5x5_report.md", "WayOut_5x5.json"]
    saved = tmp_path / "my puzzle.txt"
    window.files.save_to(saved)
    names = proposed_names(window, monkeypatch)
    assert names[:2] == ["my puzzle_solution.json", "my puzzle_report.md"]  # the file's stem


def label_colour(label) -> QColor:
    """The colour a label's text is drawn in (its style sheet's, else the palette's)."""
    sheet = label.styleSheet()
    if "color:" in sheet:
        return QColor(sheet.split("color:")[1].split(";")[0].strip())
    return label.palette().color(Role.WindowText)


def test_verdict_texts_have_a_readable_contrast_on_both_themes(qtbot, window, light_again):
    # seen in a real window: the green "Solvable" text had a contrast of about 3.4:1 (dark)
    from lograph.core.model.generators import rectangle
    from tests.ui.helpers import load

    board = rectangle(2, 2)
    load(window, board)
    status = window.findChild(QLabel, "analysis_position")
    qtbot.waitUntil(lambda: status.text().startswith("Solvable"), timeout=20_000)
    for theme, dark in (("theme_light", False), ("theme_dark", True), ("theme_light", False)):
        window.action(theme).trigger()
        qtbot.waitUntil(lambda dark=dark: is_dark(window) == dark)
        ground = window.palette().color(Role.Window)
        qtbot.waitUntil(lambda ground=ground: contrast(label_colour(status), ground) >= 4.5)
        assert label_colour(status).green() > label_colour(status).red()  # still green
    banner = window.status_area.banner.styleSheet()
    background = QColor(banner.split("background:")[1].split(";")[0].strip())
    assert contrast(background, QColor("white")) >= 4.5


def test_disabled_toolbar_icons_look_disabled_on_both_themes(qtbot, window, light_again):
    # seen in a real window: in the dark theme a disabled Undo looked like an enabled one
    for theme, dark in (("theme_light", False), ("theme_dark", True)):
        window.action(theme).trigger()
        qtbot.waitUntil(lambda dark=dark: is_dark(window) == dark)
        undo = window.action("undo")
        assert not undo.isEnabled()  # nothing to undo yet
        icon = undo.icon()
        on = icon.pixmap(24, 24, QIcon.Mode.Normal).toImage()
        off = icon.pixmap(24, 24, QIcon.Mode.Disabled).toImage()
        ground = window.palette().color(Role.Window)

        def ink(image: QImage, ground: QColor = ground) -> float:
            """Mean contrast of the icon's opaque pixels against the window."""
            pixels = [QColor.fromRgba(image.pixel(x, y)) for x in range(24) for y in range(24)]
            drawn = [c for c in pixels if c.alpha() > 200]
            return sum(contrast(c, ground) for c in drawn) / len(drawn)

        assert ink(off) < 0.6 * ink(on), theme  # clearly fainter than the enabled icon
        button = window.toolbar.widgetForAction(undo)
        shown = button.grab().toImage()
        pixels = [QColor(shown.pixel(x, y)) for x in range(shown.width())
                  for y in range(shown.height())]  # fmt: skip
        assert max(contrast(c, ground) for c in pixels) < 3.0, theme  # as painted, too


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_histograms_axis_labels_read_on_either_theme(qtbot, window, light_again, theme):
    """Seen in a real window: on the dark theme the histogram's "0 … presses … 9" and "max"
    were dark grey on dark grey."""
    window.action(f"theme_{theme}").trigger()
    view = window.analysis.panel.findChild(QWidget, "analysis_histogram")
    dark = theme == "dark"
    qtbot.waitUntil(lambda: (view.palette().color(Role.Window).lightness() < 100) == dark)
    view.set_counts([1, 9, 36, 84, 126, 126, 84, 36, 9, 1])
    view.resize(260, 130)
    image = view.grab().toImage()
    background = image.pixelColor(1, image.height() - 3)  # what the labels are drawn on
    assert (background.lightness() < 100) == dark
    # the strip under the axis holds only the labels: its most contrasting pixel is their ink
    rows = range(image.height() - 16, image.height() - 2)
    ink = max(
        (image.pixelColor(x, y) for y in rows for x in range(image.width())),
        key=lambda c: contrast(c, background),
    )
    assert contrast(ink, background) >= 4.5, (theme, ink.name(), background.name())
