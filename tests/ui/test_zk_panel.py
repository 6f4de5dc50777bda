"""The analysis dock over Z_k (k composite): the kernel's structure and the counts, checked
against the integer Smith form of tests.references."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from lograph.core.model.generators import rectangle
from tests.references import kernel_size_mod_k, press_matrix, rank_mod_p
from tests.ui.helpers import load


def text(window, name: str) -> str:
    return window.findChild(QLabel, name).text()


def settle(qtbot, window) -> None:
    model = window.analysis.model
    qtbot.waitUntil(lambda: model.analysis is not None and not model.pending, timeout=20_000)


def test_the_dock_shows_the_quiet_patterns_structure_over_z4(qtbot, window) -> None:
    board = rectangle(4, 4, states=4)
    load(window, board)
    settle(qtbot, window)
    size = kernel_size_mod_k(press_matrix(board), 4)
    assert size == 64
    assert text(window, "analysis_kernel") == "64 = Z_2 × Z_2 × Z_4 × Z_4"
    assert text(window, "analysis_rank") == "—"
    assert text(window, "analysis_worlds") == "64"
    assert text(window, "analysis_solvable_fraction") == "1/64"
    assert "Z_4" in text(window, "analysis_rule")


@pytest.mark.parametrize("states", [2, 3])
def test_prime_boards_show_rank_and_the_structure(qtbot, window, states: int) -> None:
    board = rectangle(4, 4, states=states)
    load(window, board)
    settle(qtbot, window)
    nullity = 16 - rank_mod_p(press_matrix(board), states)
    assert text(window, "analysis_nullity") == str(nullity)
    assert text(window, "analysis_kernel").startswith(f"{states**nullity} = ")


def test_the_quiet_browser_walks_the_whole_module_over_z4(qtbot, window) -> None:
    """Combinations over Z_k run in the mixed radix of the generators' orders, so stepping
    through them meets every non-zero quiet pattern once (checked by enumeration)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QGroupBox, QPushButton, QRadioButton

    from tests.references import zk_kernel

    board = rectangle(2, 3, states=4)
    load(window, board)
    settle(qtbot, window)
    box = window.findChild(QGroupBox, "analysis_quiet_box")
    expected = {tuple(v) for v in zk_kernel(press_matrix(board), 4).tolist()} - {(0,) * 6}
    assert "generator" in box.summary.text()
    assert "families of 8" in box.summary.text()
    combinations = box.findChild(QRadioButton, "analysis_quiet_combinations")
    qtbot.mouseClick(combinations, Qt.MouseButton.LeftButton)
    seen = []
    for _ in range(box.count):
        seen.append(tuple(int(v) for v in box.vector()))
        step = box.findChild(QPushButton, "analysis_quiet_next")
        qtbot.mouseClick(step, Qt.MouseButton.LeftButton)
    assert box.count == len(expected)
    assert set(seen) == expected


def test_huge_counts_are_written_as_a_quotient_that_fits_the_dock(qtbot, window) -> None:
    """6^36 / |worlds| has 29 digits: the dock says it as the quotient (it cannot wrap)."""
    from lograph.core.model.generators import torus

    board = torus(6, 6, states=6)
    load(window, board)
    settle(qtbot, window)
    worlds = kernel_size_mod_k(press_matrix(board), 6)  # a square A: |coker| = |ker|
    assert text(window, "analysis_solvable_count") == f"6^36 / {worlds:,}"
    assert text(window, "analysis_solvable_fraction") == f"1/{worlds:,}"


def test_positions_made_by_presses_are_solvable_over_z4(qtbot, window) -> None:
    """9×9 over Z_4 has worlds of order 2: a row λ of the left kernel tests λ·b ≡ 0 (mod 2),
    not mod 4 (the window once said "Not solvable" for positions presses had made). Every
    position clicked in play mode from all off is solvable, world 0; a light set alone is
    solvable exactly when the algebra's syndrome says so."""
    from lograph.ui.model.commands import SetLightsCommand
    from tests.ui.helpers import button_point, click

    board = rectangle(9, 9, states=4)
    load(window, board)
    settle(qtbot, window)
    model = window.analysis.model
    assert 2 in model.analysis.world_orders
    window.action("mode_play").trigger()
    for button in ("r0c0", "r4c4", "r4c4", "r8c1", "r2c7", "r6c3"):
        click(window, button_point(window, button))
        qtbot.waitUntil(lambda: model.position is not None and not model.pending)
        assert model.position.world == 0, button
        assert text(window, "analysis_position").startswith("Solvable")
    doc = window.document
    for button in ("r0c0", "r1c1", "r4c4"):
        doc.push(SetLightsCommand(doc, {button: (doc.board.light(button) + 1) % 4}))
        change = (-doc.board.lights().astype(int)) % 4
        assert model.position.solvable == model.analysis.is_solvable_pattern(change)
