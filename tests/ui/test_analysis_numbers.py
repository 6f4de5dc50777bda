"""Long numbers in the analysis dock: a board of nullity 62 has 2^62 worlds and quiet
patterns and a 62-digit syndrome; the dock writes them as powers and groups of bits, so it
stays as narrow as for a small board (before, a 19-digit number widened it past its edge)."""

from __future__ import annotations

from lograph.core.model.generators import geometric, rectangle
from tests.ui.helpers import load
from tests.ui.test_analysis_figures import settle, text


def _content_width(window) -> int:
    return window.analysis.panel.widget().minimumSizeHint().width()


def test_nullity_62_is_written_as_powers_and_fits(qtbot, window):
    load(window, rectangle(3, 3))
    settle(qtbot, window)
    small = _content_width(window)
    load(window, geometric(300, 0.08, seed=0))  # nullity 62
    settle(qtbot, window)
    assert text(window, "analysis_nullity") == "62"
    assert text(window, "analysis_worlds") == "2^62"
    assert text(window, "analysis_kernel") == "2^62 = (Z_2)^62"
    world = text(window, "analysis_world")
    assert world.startswith("Syndrome (00000000 00000000 ")
    assert "The 2^62 worlds" in world
    assert _content_width(window) <= small + 10


def test_an_18_digit_count_is_a_power_and_fits(qtbot, window):
    load(window, rectangle(3, 3))
    settle(qtbot, window)
    small = _content_width(window)
    board = rectangle(6, 6)
    board.states = 3  # invertible: 3^36 solvable positions (18 digits)
    load(window, board)
    settle(qtbot, window)
    assert text(window, "analysis_solvable_count") == "3^36"
    assert _content_width(window) <= small + 10
