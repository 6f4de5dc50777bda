"""Work for a board revision is done once and shared: the chasing dock reads the shared
analysis (its press-system snapshot, the chase plan its engine made, its solver) instead of
planning and solving again. Planner and solver calls are counted with monkeypatch."""

from __future__ import annotations

import numpy as np
import pytest

import lograph.core.solve as core_solve
import lograph.ui.model.analysis as ui_analysis
import lograph.ui.picture.chase_plan as plan_data
from lograph.core.chase.plan import chase_plan
from lograph.core.model.generators import rectangle

from .helpers import load
from .test_analysis_figures import settle


@pytest.fixture
def ui_plans(monkeypatch) -> list[int]:
    """Counts the chasing dock's own planner calls (one entry per plan it makes)."""
    calls: list[int] = []
    real = plan_data.chase_plan

    def counted(system, cancel=None):
        calls.append(system.n)
        return real(system, cancel=cancel)

    monkeypatch.setattr(plan_data, "chase_plan", counted)
    return calls


@pytest.fixture
def engine_plans(monkeypatch) -> list[object]:
    """Makes every prepared solver carry the chase plan its engine made (what the fast chase
    and chase-p engines do), whatever engine ran; returns those plans."""
    plans: list[object] = []
    real = ui_analysis.prepare

    def prepare(system, engine, cancel):
        prepared = real(system, engine, cancel)
        if getattr(prepared.solver, "chase_plan", None) is None:
            prepared.solver.chase_plan = chase_plan(system, cancel=cancel)
        plans.append(prepared.solver.chase_plan)
        return prepared

    monkeypatch.setattr(ui_analysis, "prepare", prepare)
    return plans


def shown_plan(qtbot, window):
    view = window.chase
    view.show_plan(True)
    qtbot.waitUntil(lambda: view.data is not None, timeout=20_000)
    return view.data


def test_the_chase_dock_uses_the_engines_plan_and_never_plans(
    qtbot, window, ui_plans, engine_plans
):
    load(window, rectangle(6, 6))
    # Settled first: the window's empty board (analysed before the fixtures counted) gets a
    # solver without a plan from the small engine, and a dock opened before the new analysis
    # starts would plan that stale board (its result is then dropped by the revision check).
    settle(qtbot, window)
    data = shown_plan(qtbot, window)
    model = window.analysis.model
    assert ui_plans == []  # the dock planned nothing itself
    assert data.plan is engine_plans[-1]  # the very plan the analysis made
    assert data.system is model.system  # and the analysis' snapshot of the board
    assert model.analysis.nullity == 0  # 6×6 is invertible: every check pattern occurs once
    assert len(data.table) == 2 ** len(data.plan.check)


def test_without_an_engine_plan_the_dock_plans_once_per_revision(qtbot, window, ui_plans):
    model = window.analysis.model
    model.set_engine("dense")  # an engine that makes no chase plan
    load(window, rectangle(5, 5))
    settle(qtbot, window)
    assert getattr(model.solver, "chase_plan", None) is None
    shown_plan(qtbot, window)
    window.chase.compute()  # asking again for the same revision computes nothing
    window.analysis.panel.show()
    assert ui_plans == [25]
    window.document.remove_buttons(["r4c4"])  # a new revision: one new plan
    qtbot.waitUntil(lambda: window.chase.data is not None, timeout=20_000)
    assert ui_plans == [25, 24]


def test_free_presses_come_from_the_analysis_not_a_new_solve(qtbot, window, monkeypatch):
    solves: list[object] = []
    real = core_solve.solve
    monkeypatch.setattr(core_solve, "solve", lambda *a, **k: solves.append(a) or real(*a, **k))
    board = rectangle(20, 20)  # too many free buttons for a lookup table
    rng = np.random.default_rng(5)
    for b in rng.choice(board.buttons, size=30, replace=False).tolist():
        board.press(b)
    load(window, board)
    settle(qtbot, window)
    view = window.chase
    view.player.interval = 0
    shown_plan(qtbot, window)
    assert view.data.table is None
    messages: list[str] = []
    view.chase_done.connect(messages.append)
    view.actions["chase_run"].trigger()
    qtbot.waitUntil(lambda: view.actions["chase_press_free"].isEnabled(), timeout=20_000)
    view.actions["chase_press_free"].trigger()
    view.actions["chase_run"].trigger()
    qtbot.waitUntil(lambda: "Solved" in (messages[-1] if messages else ""), timeout=20_000)
    assert set(window.document.board.lights().tolist()) == {0}
    assert solves == []  # the shared solver gave the free presses
