"""The solution map in the window: the panel's periods against brute-force iteration, the
steps forward and back (undoable, counted, with their stability mask), the inverse solution
mark (never shown with the solution's rings) and the fixed boards."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from lograph.core.model.generators import rectangle
from tests.ui.helpers import load
from tests.ui.test_analysis_figures import settle


def press_matrix(board) -> np.ndarray:
    """A[u, w] = 1 when pressing w changes u, read from the board's targets."""
    names = list(board.buttons)
    a = np.zeros((len(names), len(names)), dtype=np.int64)
    for w, button in enumerate(names):
        for target in board.targets(button):
            a[names.index(target), w] += 1
    return a


def brute_inverse_map(a: np.ndarray, k: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """b -> the presses x with A x = -b, by trying every x (an invertible board)."""
    table = {}
    for x in itertools.product(range(k), repeat=len(a)):
        b = tuple((-(a @ np.array(x))) % k)
        assert b not in table, "not invertible"
        table[b] = x
    return table


def every_board(n: int, k: int) -> np.ndarray:
    """All k^n boards as rows."""
    return np.array(list(itertools.product(range(k), repeat=n)), dtype=np.int64)


def iterate(step, b: tuple[int, ...]) -> tuple[int, int]:
    """(tail, period) of b's orbit under `step`, by iterating until a board repeats."""
    seen: dict[tuple[int, ...], int] = {}
    i = 0
    while b not in seen:
        seen[b] = i
        b = step(b)
        i += 1
    return seen[b], i - seen[b]


def orbit_texts(qtbot, window) -> tuple[str, str]:
    box = window.analysis.dynamics_box
    qtbot.waitUntil(lambda: window.analysis.dynamics.orbits is not None)
    return box.period_solution.text(), box.period_press.text()


def expected_text(tail: int, period: int) -> str:
    s = "" if tail == 1 else "s"
    return f"{period:,}" + (f", after a tail of {tail} step{s}" if tail else "")


@pytest.mark.parametrize("lit", [[0], [0, 4], [1, 2, 5]])
def test_3x3_periods_match_brute_force_iteration(qtbot, window, lit):
    board = rectangle(3, 3)
    for i in lit:
        board.set_light(board.buttons[i], 1)
    a = press_matrix(board)
    solution = brute_inverse_map(a, 2)
    b = tuple(int(v) for v in board.lights())
    tail_f, period_f = iterate(lambda v: solution[v], b)
    tail_g, period_g = iterate(lambda v: tuple((-(a @ np.array(v))) % 2), b)
    load(window, board)
    settle(qtbot, window)
    assert orbit_texts(qtbot, window) == (
        expected_text(tail_f, period_f),
        expected_text(tail_g, period_g),
    )


@pytest.mark.parametrize("lit", [[0], [0, 5, 10], [3, 6, 9, 12, 13]])
def test_4x4_periods_match_brute_force_iteration(qtbot, window, lit):
    """4x4 is singular (nullity 4). Iterating the press map g = -A gives the tail and the
    cycle; the solution map is g's inverse on its cycles (the Drazin inverse), so its cycle
    has the same length, and it reaches it in one step from a board off the cycles' span,
    in none from one on it."""
    board = rectangle(4, 4)
    for i in lit:
        board.set_light(board.buttons[i], 1)
    a = press_matrix(board)
    b = tuple(int(v) for v in board.lights())

    def g(v):
        return tuple((-(a @ np.array(v))) % 2)

    tail_g, period_g = iterate(g, b)
    # b is on the span of g's cycles (the core) when A^16 x = b has a solution
    power = np.linalg.matrix_power(a, 16) % 2
    on_cycle_span = b in {tuple(row) for row in (every_board(16, 2) @ power.T) % 2}
    load(window, board)
    settle(qtbot, window)
    assert orbit_texts(qtbot, window) == (
        expected_text(0 if on_cycle_span else 1, period_g),
        expected_text(tail_g, period_g),
    )


def test_step_forward_then_back_returns_the_board(qtbot, window):
    board = rectangle(3, 3)
    board.set_light("r0c0", 1)
    board.set_light("r1c2", 1)
    load(window, board)
    doc, stepper = window.document, window.analysis.stepper
    a = press_matrix(board)
    want = brute_inverse_map(a, 2)[tuple(int(v) for v in board.lights())]
    start = doc.board.lights().tolist()
    count = doc.undo_stack.count()
    window.action("analysis_map_forward").trigger()
    qtbot.waitUntil(lambda: doc.undo_stack.count() == count + 1)
    assert tuple(doc.board.lights().tolist()) == want  # the board is its solution now
    assert stepper.state.steps == 1
    window.action("analysis_map_back").trigger()
    qtbot.waitUntil(lambda: doc.undo_stack.count() == count + 2)
    assert doc.board.lights().tolist() == start
    assert stepper.state.steps == 0
    doc.undo_stack.undo()  # undo restores the counter with the lights
    assert tuple(doc.board.lights().tolist()) == want
    assert stepper.state.steps == 1
    doc.undo_stack.undo()
    assert doc.board.lights().tolist() == start


def test_keys_step_and_the_counter_and_stability_follow(qtbot, window):
    board = rectangle(3, 3)
    board.set_light("r1c1", 1)
    load(window, board)
    doc, stepper = window.document, window.analysis.stepper
    a = press_matrix(board)
    solution = brute_inverse_map(a, 2)
    boards = [tuple(int(v) for v in board.lights())]
    for _ in range(2):
        boards.append(solution[boards[-1]])
    window.activateWindow()
    window.view.setFocus()
    for n in (1, 2):
        QTest.keyClick(window.view, Qt.Key.Key_E)  # LightsOutWeb's key
        qtbot.waitUntil(lambda n=n: stepper.state.taken == n)
    assert tuple(doc.board.lights().tolist()) == boards[2]
    stable = [all(b[i] == boards[0][i] for b in boards) for i in range(9)]
    assert stepper.state.stable.tolist() == stable
    assert "2 steps forward" in window.analysis.dynamics_box.steps.text()
    window.session.set_shown("stability", True)
    marked = set(window.scene.overlay("analysis.stability").marked())
    assert marked == {board.buttons[i] for i in range(9) if stable[i]}
    window.session.set_shown("lit_stability", True)  # one at a time
    assert not window.session.shows("stability")
    marked = set(window.scene.overlay("analysis.stability").marked())
    assert marked == {board.buttons[i] for i in range(9) if stable[i] and boards[2][i]}
    window.action("lights_invert").trigger()  # any other change: stepping starts again
    assert stepper.state.stable is None
    assert window.scene.overlay("analysis.stability").is_empty()


def test_inverse_solution_mark_and_never_with_the_solution(qtbot, window):
    board = rectangle(3, 4, states=3)
    board.set_lights([0, 1, 2, 0, 0, 0, 1, 0, 0, 0, 0, 2])
    load(window, board)
    settle(qtbot, window)
    a = press_matrix(board)
    want = (-(a @ board.lights().astype(np.int64))) % 3
    window.action("analysis_show_solution").trigger()
    assert window.session.shows("solution")
    window.action("analysis_show_inverse").trigger()
    assert window.session.shows("inverse")
    assert not window.session.shows("solution")  # as in LightsOutWeb: one or the other
    marks = window.scene.overlay("analysis.inverse").marked()
    names = window.document.board.buttons
    assert {b: m.label for b, m in marks.items()} == {
        names[i]: ("2" if want[i] == 2 else "") for i in np.flatnonzero(want)
    }
    window.document.press(names[0])  # the mark follows the lights
    want = (-(a @ window.document.board.lights().astype(np.int64))) % 3
    assert set(window.scene.overlay("analysis.inverse").marked()) == {
        names[i] for i in np.flatnonzero(want)
    }
    window.action("analysis_show_solution").trigger()
    assert not window.session.shows("inverse")
    assert window.scene.overlay("analysis.inverse").is_empty()


@pytest.mark.parametrize(
    ("rows", "cols", "k"), [(3, 3, 3), (2, 3, 3), (3, 3, 2), (4, 4, 2), (1, 4, 5), (2, 3, 4)]
)
def test_fixed_boards_match_brute_force(qtbot, window, rows, cols, k):
    """Every board v with f(v) = v, i.e. A v = -v, found by trying all k^n boards: the
    browser's combinations are exactly those (the dark one aside)."""
    board = rectangle(rows, cols, states=k)
    load(window, board)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: window.analysis.dynamics.maps is not None)
    a = press_matrix(board)
    boards = every_board(rows * cols, k)
    fixed = {tuple(v) for v in boards[((boards @ a.T + boards) % k == 0).all(axis=1)]}
    browser = window.analysis.fixed_browser
    assert browser.total == len(fixed)
    found = {(0,) * (rows * cols)}
    if browser.k:
        browser.combo_mode.setChecked(True)
        for i in range(1, browser.count + 1):
            browser.spin.setValue(i)
            found.add(tuple(int(x) for x in browser.vector()))
    assert found == fixed


def test_a_fixed_board_loads_and_is_its_own_solution(qtbot, window):
    board = rectangle(2, 3, states=3)  # two fixed boards and their combinations
    load(window, board)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: window.analysis.dynamics.maps is not None)
    browser = window.analysis.fixed_browser
    assert browser.k > 0
    browser.show_board.setChecked(True)
    v = browser.vector()
    marked = window.scene.overlay("analysis.fixed").marked()
    assert set(marked) == {board.buttons[i] for i in np.flatnonzero(v)}
    assert browser.load_board()
    doc, stepper = window.document, window.analysis.stepper
    assert doc.board.lights().tolist() == v.tolist()
    assert ((press_matrix(board) @ v + v) % 3 == 0).all()
    count = doc.undo_stack.count()
    window.action("analysis_map_forward").trigger()
    qtbot.waitUntil(lambda: doc.undo_stack.count() == count + 1)
    assert doc.board.lights().tolist() == v.tolist()  # its own solution
    assert stepper.state.stable.all()


@pytest.mark.parametrize(("rows", "cols", "k"), [(4, 4, 2), (3, 3, 3), (2, 3, 6)])
def test_a_step_is_the_core_maps_image(qtbot, window, rows, cols, k):
    """Forward is the solution map (the prepared solver on an invertible board, the core's
    Drazin image on a singular one: 4x4), backward the press map; both as the core says."""
    from lograph.core.dynamics import MapKind, image

    board = rectangle(rows, cols, states=k)
    board.set_lights(np.arange(rows * cols) % k)
    load(window, board)
    settle(qtbot, window)
    doc = window.document
    for action, kind in (("analysis_map_forward", MapKind.SOLUTION),
                         ("analysis_map_back", MapKind.PRESS)):  # fmt: skip
        system = doc.press_system()
        want = image(system, system.lights, kind).tolist()
        count = doc.undo_stack.count()
        window.action(action).trigger()
        qtbot.waitUntil(lambda count=count: doc.undo_stack.count() == count + 1)
        assert doc.board.lights().tolist() == want


def test_status_bar_counts_steps_and_v_scrolls_to_the_periods(qtbot, window):
    board = rectangle(3, 3)
    board.set_light("r0c0", 1)
    load(window, board)
    label, stepper, doc = window.map_steps_label, window.analysis.stepper, window.document
    assert label.isHidden()
    for action, counter in (("analysis_map_back", "Map step −1"),
                            ("analysis_map_back", "Map step −2")):  # fmt: skip
        count = doc.undo_stack.count()
        window.action(action).trigger()
        qtbot.waitUntil(lambda count=count: doc.undo_stack.count() == count + 1)
        assert label.text() == counter
        assert not label.isHidden()
    doc.press("r1c1")  # another change: stepping starts again
    assert label.isHidden()
    assert stepper.counter() == ""
    panel, box = window.analysis.panel, window.analysis.dynamics_box
    panel.verticalScrollBar().setValue(0)
    top = box.mapTo(panel.widget(), box.rect().topLeft()).y()
    assert top > panel.viewport().height()  # out of view at first
    window.action("analysis_goto_periods").trigger()
    shown = panel.verticalScrollBar().value()
    assert shown <= top <= shown + panel.viewport().height()


def test_the_orders_run_in_the_background_and_cancel_stops_them(qtbot, window, monkeypatch):
    """The orders' job polls the runner's cancel hook: while it runs the window answers
    (a press lands), and the panel's Cancel ends it, leaving Compute to start it again."""
    import threading

    import lograph.core.dynamics as dynamics

    running, ended = threading.Event(), threading.Event()

    def endless(system, kind, *, work=None):
        running.set()
        try:
            while True:
                work.poll()  # raises once the runner's job is cancelled
                threading.Event().wait(0.001)
        finally:
            ended.set()

    monkeypatch.setattr(dynamics, "map_order", endless)
    board = rectangle(3, 3)
    load(window, board)
    qtbot.waitUntil(running.is_set)
    answers, panel = window.analysis.dynamics, window.analysis.panel
    assert answers.running
    window.document.press("r1c1")  # the GUI thread is free
    assert window.document.board.light("r1c1") == 1
    assert "order" in panel.busy_text.toolTip()
    panel.cancel_button.click()
    qtbot.waitUntil(ended.is_set)
    qtbot.waitUntil(lambda: not answers.running)
    assert answers.maps is None
    box = window.analysis.dynamics_box
    qtbot.waitUntil(lambda: not box.compute.isHidden())


@pytest.mark.parametrize(("size", "singular"), [(3, False), (5, True)])
def test_a_singular_board_says_a_step_is_not_always_a_solution(qtbot, window, size, singular):
    # 5×5 has quiet patterns (A x = 0 for some x != 0), 3×3 has none: the rank over GF(2)
    # by an elimination written here
    board = rectangle(size, size)
    m = press_matrix(board) % 2
    rank = 0
    for col in range(m.shape[1]):
        pivots = [r for r in range(rank, m.shape[0]) if m[r, col]]
        if pivots:
            m[[rank, pivots[0]]] = m[[pivots[0], rank]]
            m[(m[:, col] == 1) & (np.arange(m.shape[0]) != rank)] ^= m[rank]
            rank += 1
    assert (rank < len(m)) == singular
    load(window, board)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: window.analysis.dynamics.maps is not None)
    note = window.analysis.dynamics_box.singular
    assert note.isVisibleTo(window.analysis.dynamics_box) == singular
    assert "not always a solution" in note.text()
