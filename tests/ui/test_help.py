"""Help inside the window: shortcut tooltips on every action, what each figure means where it
is, Getting Started with pictures drawn by the app, and the About box."""

from __future__ import annotations

from PySide6.QtGui import QAction, QColor, QImage, QKeySequence
from PySide6.QtWidgets import QLabel

from lograph.core.model.generators import rectangle
from lograph.ui.analysis.figure_texts import FIGURES
from lograph.ui.canvas.palette import MARKS
from lograph.ui.help.pictures import PICTURE_WIDTH, puzzle_board
from lograph.ui.help.texts import GUIDE
from lograph.ui.model.commands import PressCommand
from lograph.ui.picture.render import image_size, render_bytes, scene_for

NATIVE = QKeySequence.SequenceFormat.NativeText

PRESS = MARKS["press"].color  # the solution's rings (a table row's are brown)


def shortcut_actions(window) -> list[QAction]:
    return [
        a
        for a in window.findChildren(QAction)
        if a.objectName() and not a.isSeparator() and a.shortcuts()
    ]


def test_every_action_names_its_shortcut_in_its_tooltip(window):
    actions = shortcut_actions(window)
    assert len(actions) > 30
    for act in actions:
        key = act.shortcuts()[0].toString(NATIVE)  # the first: Redo names Ctrl+Shift+Z
        assert act.toolTip().endswith(f"({key})"), (act.objectName(), act.toolTip())
        assert "&" not in act.toolTip().replace("&&", "")
    assert window.action("undo").toolTip() == f"Undo ({QKeySequence('Ctrl+Z').toString(NATIVE)})"
    assert window.action("open").toolTip().startswith("Open (")  # no "…"


def test_tooltips_follow_an_action_whose_text_changes(window):
    window.document.replace_board(rectangle(2, 2))
    window.document.push(PressCommand(window.document, "r0c0"))
    tip = window.action("undo").toolTip()
    assert tip.startswith("Undo Press")
    assert tip.endswith(f"({QKeySequence('Ctrl+Z').toString(NATIVE)})")
    assert tip[: tip.rindex(" (")] == window.action("undo").text().replace("&", "")


def test_every_figure_says_what_it_means_where_it_is(window):
    panel = window.analysis.panel
    for key in panel.figures:
        title, text = FIGURES[key]
        value = panel.findChild(QLabel, f"analysis_{key}")
        assert text in value.toolTip()
        assert text in value.whatsThis()
        badge = panel.findChild(QLabel, f"help_{key}")
        assert badge is not None, key
        assert f'href="help:{key}"' in badge.text()
        assert badge.text().startswith(title)
    for key in ("world", "quiet", "god"):  # the sections: a "?" line at their top
        badge = panel.findChild(QLabel, f"help_{key}")
        assert badge is not None, key
        assert FIGURES[key][1] in badge.toolTip()
    assert FIGURES["god"][1] in panel.worst_label.toolTip()


def colours(image: QImage) -> set[int]:
    return {
        image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)
    }


def near(image: QImage, color: str, tolerance: int = 40) -> int:
    """Pixels of `image` within `tolerance` (per channel) of `color`."""
    want = QColor(color)
    count = 0
    for x in range(0, image.width(), 2):
        for y in range(0, image.height(), 2):
            c = QColor(image.pixel(x, y))
            if all(
                abs(a - b) <= tolerance
                for a, b in zip(c.getRgb()[:3], want.getRgb()[:3], strict=True)
            ):
                count += 1
    return count


def test_getting_started_shows_four_pictures_drawn_by_the_app(qtbot, window):
    window.action("getting_started").trigger()
    guide = window.chrome.guide
    assert guide is not None
    qtbot.waitExposed(guide)
    images = guide.images()
    assert set(images) == {step.picture for step in GUIDE}
    for image in images.values():
        assert not image.isNull()
        assert image.width() == PICTURE_WIDTH
        assert len(colours(image)) > 5  # a picture, not a blank
    # the analyse picture is the puzzle board with the solution ringed: the bare board (drawn
    # here independently) has no ring colour, the picture has it
    scene = scene_for(puzzle_board())
    bare = QImage.fromData(render_bytes(scene, ".png", image_size(scene, width=PICTURE_WIDTH)))
    assert near(bare, PRESS) == 0
    assert near(images["analyse"], PRESS) > 20
    text = guide.browser.toPlainText()
    for step in GUIDE:
        assert step.title in text
    window.action("getting_started").trigger()  # again: the same dialog, raised
    assert window.chrome.guide is guide


def test_about_names_the_version_and_the_license(window, no_dialogs):
    from lograph import __version__

    window.action("about").trigger()
    kind, text = no_dialogs[-1]
    assert kind == "about"
    assert f"lograph {__version__}" in text
    assert "MIT License" in text
    assert "http" not in text  # nothing outside the repository


def test_help_menu_order(window):
    names = [a.objectName() for a in window.menus["help"].actions() if not a.isSeparator()]
    assert names == ["getting_started", "whats_this", "keyboard_shortcuts", "about"]
    help_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.HelpContents)
    assert window.action("getting_started").shortcuts() == help_keys


def test_keyboard_shortcuts_lists_every_action_with_a_shortcut(qtbot, window):
    # seen in a real window: no list of keyboard shortcuts anywhere
    from lograph.ui.help.shortcuts import ShortcutsDialog

    entry = window.action("keyboard_shortcuts")
    assert entry in window.menus["help"].actions()
    entry.trigger()
    dialog = window.findChild(ShortcutsDialog)
    assert dialog is not None
    assert dialog.isVisible()
    table = dialog.table
    rows = {table.item(r, 1).text(): table.item(r, 2).text() for r in range(table.rowCount())}
    listed = {row.action for row in dialog.rows}
    for act in shortcut_actions(window):  # every one the window answers to, none left out
        assert act.objectName() in listed, act.objectName()
    assert len(rows) == len(dialog.rows)
    ctrl_z = QKeySequence("Ctrl+Z").toString(NATIVE)
    assert rows["Undo"].split(", ")[0] == ctrl_z
    assert rows["Show Solution"] == "F7, T"  # LightsOutWeb's key too
    assert rows["Keyboard Shortcuts"] == QKeySequence("Ctrl+/").toString(NATIVE)
    where = {row.name: row.where for row in dialog.rows}
    assert where["Undo"] == "Edit"
    assert where["Image"].startswith("File ▸ Export")
    # read from the actions, not a copy: a changed shortcut shows when it opens again
    window.action("scramble").setShortcut(QKeySequence("Ctrl+F12"))
    dialog.close()
    entry.trigger()
    scramble = next(r for r in range(table.rowCount()) if table.item(r, 1).text() == "Scramble")
    assert table.item(scramble, 2).text() == QKeySequence("Ctrl+F12").toString(NATIVE)
    qtbot.keyClicks(dialog.filter, "F7")  # the filter keeps the matching rows
    shown = [table.item(r, 1).text() for r in range(table.rowCount()) if not table.isRowHidden(r)]
    assert shown == ["Show Solution"]
