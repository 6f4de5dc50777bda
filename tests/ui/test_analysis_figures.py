"""The analysis panel's figures, the current position's world and the quiet-pattern browser,
checked against independent eliminations (tests/ui/test_analysis_gf.py) and published facts."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtWidgets import QLabel

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.ui.model.commands import PressCommand, SetLightsCommand
from tests.references import press_matrix as matrix
from tests.references import rank_mod_p, solvable
from tests.ui.helpers import load


def settle(qtbot, window, timeout: int = 10_000) -> None:
    """Wait until the analysis (and anything it started) has finished."""
    model = window.analysis.model
    qtbot.waitUntil(
        lambda: model.solver is not None and not model.pending and not model.runner.active,
        timeout=timeout,
    )


def text(window, name: str) -> str:
    return window.findChild(QLabel, name).text()


def board_with(m: int, n: int, states: int = 2, directed: bool = False) -> Board:
    board = rectangle(m, n)
    board.states = states
    if directed:
        board.set_directed(True)
        board.remove_edge("r0c0", "r0c1")  # one arc only: the matrix is no longer symmetric
    return board


@pytest.mark.parametrize(
    ("m", "n", "states", "directed", "rank"),
    [
        (5, 5, 2, False, 23),  # the classic: nullity 2
        (3, 3, 2, False, 9),  # every position solvable
        (5, 5, 3, False, None),  # three states: rank from the independent elimination
        (3, 4, 3, False, None),
        (3, 3, 2, True, None),  # a directed board
    ],
)
def test_panel_shows_the_figures(qtbot, window, m, n, states, directed, rank):
    board = board_with(m, n, states, directed)
    a = matrix(board)
    expected = rank_mod_p(a, states)
    if rank is not None:
        assert expected == rank  # the independent elimination agrees with the published value
    load(window, board)
    settle(qtbot, window)
    k = m * n - expected
    assert text(window, "analysis_buttons") == str(m * n)
    assert text(window, "analysis_rank") == f"{expected:,}"
    assert text(window, "analysis_nullity") == str(k)
    assert text(window, "analysis_solvable_count").startswith(f"{states**expected:,}")
    assert text(window, "analysis_solvable_fraction") == (
        "all positions" if k == 0 else f"1/{states**k:,}"
    )
    assert text(window, "analysis_worlds").startswith(f"{states**k:,}")


def test_toggling_a_light_updates_solvability_and_the_world(qtbot, window):
    board = rectangle(5, 5)
    load(window, board)
    settle(qtbot, window)
    doc, a = window.document, matrix(board)
    model = window.analysis.model
    assert "Solvable" in text(window, "analysis_position")
    assert model.position.world == 0
    worlds: dict[int, np.ndarray] = {}
    for button in ("r0c0", "r0c1", "r2c2", "r4c3", "r0c0"):
        value = 1 - doc.board.light(button)
        doc.push(SetLightsCommand(doc, {button: value}))  # a light alone, no press
        lights = doc.board.lights().astype(np.int64)
        ok = solvable(a, lights, 2)
        assert model.position.solvable == ok
        assert text(window, "analysis_position").startswith("Solvable" if ok else "Not solvable")
        assert (model.position.world == 0) == ok
        # two positions share a world exactly when their difference is solvable
        for world, other in worlds.items():
            assert (world == model.position.world) == solvable(a, (lights - other) % 2, 2)
        worlds[model.position.world] = lights
    assert len(worlds) > 1


def test_failed_patterns_are_drawn_on_the_board(qtbot, window):
    board = rectangle(5, 5)
    board.set_light("r0c0", 1)  # a corner alone: unsolvable on 5x5
    load(window, board)
    settle(qtbot, window)
    a, names = matrix(board), list(board.buttons)
    model, section = window.analysis.model, window.analysis.panel.position
    assert not model.position.solvable
    assert not solvable(a, board.lights().astype(np.int64), 2)
    marks = window.scene.overlay("analysis.world").marked()
    y = np.array([1 if b in marks else 0 for b in names], dtype=np.int64)
    # the drawn buttons form a pattern y with yᵀA = 0 that the position fails
    assert y.any()
    assert not ((y @ a) % 2).any()
    assert int(y @ board.lights()) % 2 == 1
    assert section.failing.count() == len(model.position.failing) > 0
    section.highlight.setChecked(False)
    assert window.scene.overlay("analysis.world").is_empty()
    section.highlight.setChecked(True)
    window.document.push(SetLightsCommand(window.document, {"r0c0": 0}))
    assert model.position.solvable
    assert window.scene.overlay("analysis.world").is_empty()


def test_three_state_failed_pattern_weights(qtbot, window):
    board = board_with(2, 3, states=3)  # nullity 1 over GF(3)
    a = matrix(board)
    assert 6 - rank_mod_p(a, 3) == 1
    load(window, board)
    settle(qtbot, window)
    doc, names = window.document, list(board.buttons)
    rng = np.random.default_rng(3)
    seen_unsolvable = False
    for _ in range(12):
        lights = rng.integers(0, 3, 6)
        doc.push(SetLightsCommand(doc, lights))
        ok = solvable(a, (-lights) % 3, 3)
        assert window.analysis.model.position.solvable == ok
        if ok:
            continue
        seen_unsolvable = True
        marks = window.scene.overlay("analysis.world").marked()
        y = np.array([int(marks[b].label or 1) if b in marks else 0 for b in names])
        assert not ((y @ a) % 3).any()  # a left-kernel pattern, weights from the labels
        assert (y @ lights) % 3 != 0  # ... that this position fails
    assert seen_unsolvable


def test_goal_on_changes_the_position(qtbot, window):
    board = rectangle(4, 4)  # nullity 4: whether all on is reachable is checked independently
    load(window, board)
    settle(qtbot, window)
    a = matrix(board)
    window.action("goal_on").trigger()
    assert window.analysis.model.position.solvable == solvable(a, np.ones(16, dtype=np.int64), 2)
    window.action("goal_on").trigger()
    assert window.analysis.model.position.solvable


def test_quiet_browser_steps_through_basis_and_combinations(qtbot, window):
    board = rectangle(4, 4)  # nullity 4 over GF(2)
    load(window, board)
    settle(qtbot, window)
    a, names = matrix(board), list(board.buttons)
    quiet = window.analysis.panel.quiet
    assert quiet.count == 4

    def drawn() -> np.ndarray:
        marks = window.scene.overlay("analysis.quiet").marked()
        return np.array([1 if b in marks else 0 for b in names], dtype=np.int64)

    basis = []
    for _ in range(4):
        quiet.next.click()  # shows on the board and moves on (wrapping)
        v = drawn()
        assert v.any()
        assert not ((a @ v) % 2).any()
        basis.append(v)
    assert rank_mod_p(np.array(basis), 2) == 4  # four independent patterns
    quiet.combo_mode.setChecked(True)
    assert quiet.count == 15
    combos = set()
    for i in range(1, 16):
        quiet.spin.setValue(i)
        v = drawn()
        assert v.any()
        assert not ((a @ v) % 2).any()
        combos.add(tuple(v.tolist()))
    assert len(combos) == 15  # every non-zero combination, each once
    quiet.show_board.setChecked(False)
    assert window.scene.overlay("analysis.quiet").is_empty()


def test_quiet_browser_with_nullity_zero(qtbot, window):
    load(window, rectangle(3, 3))
    settle(qtbot, window)
    quiet = window.analysis.panel.quiet
    assert quiet.count == 0
    assert not quiet.next.isEnabled()
    assert "None" in quiet.summary.text()


def test_presses_reuse_the_solver_and_edits_reanalyse(qtbot, window):
    load(window, rectangle(5, 5))
    settle(qtbot, window)
    model, doc = window.analysis.model, window.document
    solver, started = model.solver, model.analyses_started
    for b in ("r0c0", "r1c1", "r2c2"):
        doc.push(PressCommand(doc, b))
    assert not model.timer.isActive()  # a press never schedules an analysis
    assert model.solver is solver
    assert model.analyses_started == started
    doc.push(SetLightsCommand(doc, {"r3c3": 1}))
    assert model.solver is solver
    from lograph.ui.model.commands import RemoveCommand

    doc.push(RemoveCommand(doc, ["r4c4"]))
    assert model.solver is None  # dropped at once: never shown for the edited board
    assert text(window, "analysis_rank") == "…"
    settle(qtbot, window)
    assert model.analyses_started == started + 1
    a = matrix(doc.board)
    assert text(window, "analysis_rank") == str(rank_mod_p(a, 2))


def test_position_follows_presses_undo_and_bulk_light_changes(qtbot, window):
    board = rectangle(5, 5)
    load(window, board)
    settle(qtbot, window)
    doc, model, a = window.document, window.analysis.model, matrix(board)
    rng = np.random.default_rng(8)
    names = list(board.buttons)
    for step in range(30):
        if step % 7 == 6:
            doc.push(SetLightsCommand(doc, rng.integers(0, 2, 25)))  # every light at once
        elif step % 5 == 4:
            doc.undo_stack.undo()
        else:
            doc.push(PressCommand(doc, names[int(rng.integers(25))]))
        lights = doc.board.lights().astype(np.int64)
        assert model.position.change.tolist() == ((-lights) % 2).tolist()
        assert model.position.solvable == solvable(a, lights, 2)


def test_an_empty_board_is_analysed_too(qtbot, window):
    # seen in a real window: "Waiting for the analysis…" and "Best: …" forever, and
    # "Solvable positions 0" (the empty position is solvable: one of one)
    assert not len(window.document.board)
    settle(qtbot, window)
    assert text(window, "analysis_solvable_count") == "1"
    assert text(window, "analysis_nullity") == "0"
    assert "Waiting" not in text(window, "analysis_position")
    assert text(window, "analysis_position").startswith("Solved")
    assert "Waiting" not in text(window, "analysis_quiet_summary")
    window.action("mode_play").trigger()
    score = window.play.scoreboard
    qtbot.waitUntil(lambda: score.best_label.text() == "Best: 0", timeout=10_000)
    window.action("analysis_show_solution").trigger()
    qtbot.waitUntil(lambda: text(window, "analysis_solution").startswith("Fewest presses: 0"))
