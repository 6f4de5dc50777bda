"""The status bar's messages: cut at a word boundary with "…" (the whole text in the
tooltip) and kept apart from the permanent labels; and the wording of the window's messages."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from lograph.core.model.generators import rectangle
from lograph.ui.status import MESSAGE_GAP
from tests.ui.helpers import load

LONG = (
    "Check lights read 10110 (steps 21, 23, 24 on): table row 7. Press the free buttons "
    "ringed brown: 1, 3, 4, then Chase again."
)


def test_a_long_message_ends_at_a_word_with_an_ellipsis_and_a_gap(qtbot, window):
    # seen in a real window: "…table row 7. Press t" run into "Time:"
    load(window, rectangle(5, 5))
    window.action("mode_play").trigger()
    window.resize(760, 600)
    bar = window.statusBar()
    qtbot.waitUntil(lambda: bar.width() <= 760)
    bar.showMessage(LONG)
    shown = bar.shown_message()
    assert shown != LONG
    assert shown.endswith("…")
    head = shown[:-1]
    assert LONG.startswith(head)
    assert LONG[len(head)] in " ,;:.", shown  # a whole word, never "Press t"
    permanent = [w for w in bar.permanent if w.isVisible()]
    assert window.play.scoreboard.timer_label in permanent
    first = min(w.x() for w in permanent)
    width = bar.fontMetrics().horizontalAdvance(shown)
    assert 6 + width + MESSAGE_GAP <= first  # a gap before "Time:"
    # the whole text is the tooltip of the bar
    where = QPoint(20, bar.height() // 2)
    QApplication.sendEvent(bar, QHelpEvent(QEvent.Type.ToolTip, where, bar.mapToGlobal(where)))
    assert QToolTip.text() == LONG
    bar.showMessage("Short")  # fits: whole, no tooltip of its own
    assert bar.shown_message() == "Short"
    window.resize(1500, 600)
    bar.showMessage(LONG)
    qtbot.waitUntil(lambda: bar.shown_message() == LONG)
