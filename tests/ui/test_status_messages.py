"""The status bar's messages: cut at a word boundary with "…" (the whole text in the
tooltip) and kept apart from the permanent labels; and the wording of the window's messages."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent, QStatusTipEvent
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


def test_counts_of_one_are_singular_and_methods_are_plain_words(qtbot, window):
    # seen in a real window: "1 lit presses", "1 edges", "walsh-hadamard"
    import re

    from PySide6.QtWidgets import QLabel

    from lograph.core.model.board import Board
    from tests.ui.test_analysis_figures import settle

    board = Board()
    board.add_button("a", (0.0, 0.0))
    board.add_button("b", (1.0, 0.0))
    board.add_edge("a", "b")
    board.set_light("a", 1)
    board.set_light("b", 1)  # one press of either clears it, lit-only too
    load(window, board)
    assert window.count_label.text().startswith("2 buttons · 1 edge ·")
    settle(qtbot, window)
    messages: list[str] = []
    window.statusBar().messageChanged.connect(messages.append)
    window.action("analysis_hint").trigger()
    qtbot.waitUntil(lambda: any(m.startswith("Hint:") for m in messages), timeout=20_000)
    hint = next(m for m in messages if m.startswith("Hint:"))
    assert "(1 press left at the fewest)" in hint
    window.action("lit_only").trigger()
    window.action("mode_play").trigger()
    messages.clear()
    window.action("analysis_hint").trigger()
    qtbot.waitUntil(lambda: any(m.startswith("Hint:") for m in messages), timeout=20_000)
    assert "(1 lit press left at the fewest)" in next(m for m in messages if "Hint" in m)
    window.action("lit_only").trigger()
    window.action("analysis_show_solution").trigger()

    def shown() -> str:
        return " ".join(label.text() for label in window.analysis.dock.findChildren(QLabel))

    qtbot.waitUntil(lambda: "Fewest presses: 1" in shown(), timeout=20_000)
    qtbot.waitUntil(lambda: "solvable position" in shown(), timeout=20_000)
    text = shown()
    for wrong in ("walsh", "hadamard", "branch and bound", "enumeration", "heuristic"):
        assert wrong not in text.lower()
    assert not re.search(r"\b1 (presses|edges|buttons|moves|steps|levels|lit presses)\b", text)
    assert "2 solvable positions; the hardest needs 1 press (just one)." in text


def test_the_modes_hint_comes_back_after_a_message_and_a_status_tip(qtbot, window):
    # seen in a real window: after the first message or a menu's status tip the bar's left
    # side stayed empty for good
    load(window, rectangle(3, 3))
    bar = window.statusBar()
    for mode in ("mode_play", "mode_edit"):
        window.action(mode).trigger()
        hint = bar.currentMessage()
        assert hint
        bar.showMessage("Saved", 1)  # a message that times out
        assert bar.currentMessage() == "Saved"
        qtbot.waitUntil(lambda hint=hint: bar.currentMessage() == hint)
        QApplication.sendEvent(window, QStatusTipEvent("Open a board file"))  # a menu entry
        assert bar.currentMessage() == "Open a board file"
        QApplication.sendEvent(window, QStatusTipEvent(""))  # the pointer leaves it
        assert bar.currentMessage() == hint
