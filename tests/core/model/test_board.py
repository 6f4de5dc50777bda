"""The Board model: mutators, validation errors that name the bad value, press semantics.

Expected light changes are worked out by hand from the press rules (closed rule: the
button and its neighbours; open: only the neighbours; overrides; directed arcs; mod p).
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import BoardError, LographError
from lograph.core.model.board import Board, is_prime


def path_board(directed: bool = False, rule: str = "closed", states: int = 2) -> Board:
    """a - b - c (for a directed board: a -> b -> c)."""
    board = Board(directed=directed, rule=rule, states=states)
    for i, v in enumerate("abc"):
        board.add_button(v, pos=(float(i), 0.0))
    board.add_edge("a", "b")
    board.add_edge("b", "c")
    return board


def lit(board: Board) -> dict[str, int]:
    return {v: board.light(v) for v in board.buttons if board.light(v)}


# ----------------------------------------------------------------- validation


def test_is_prime_matches_trial_division_by_hand() -> None:
    primes = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47}
    assert {k for k in range(-3, 50) if is_prime(k)} == primes


@pytest.mark.parametrize("states", [0, 1, 256, 257, 1000])
def test_states_out_of_range_is_refused_with_value(states: int) -> None:
    with pytest.raises(BoardError, match=str(states)):
        Board(states=states)
    board = Board()
    with pytest.raises(BoardError, match=str(states)):
        board.states = states


@pytest.mark.parametrize("states", [2.0, "3", True, None])
def test_states_not_integer_is_refused(states: object) -> None:
    with pytest.raises(BoardError, match="not an integer"):
        Board(states=states)  # type: ignore[arg-type]


def test_rule_is_validated() -> None:
    with pytest.raises(BoardError, match="'sigma'"):
        Board(rule="sigma")
    board = Board()
    with pytest.raises(BoardError, match="'Closed'"):
        board.rule = "Closed"
    board.rule = "open"
    assert board.rule == "open"


def test_unknown_button_is_named_in_every_accessor() -> None:
    board = path_board()
    calls = [
        lambda: board.press("zz"),
        lambda: board.set_light("zz", 1),
        lambda: board.light("zz"),
        lambda: board.add_edge("a", "zz"),
        lambda: board.add_edge("zz", "a"),
        lambda: board.remove_button("zz"),
        lambda: board.rename_button("zz", "y"),
        lambda: board.set_position("zz", (0, 0)),
        lambda: board.set_self_action("zz", True),
        lambda: board.index("zz"),
        lambda: board.targets("zz"),
        lambda: board.neighbors("zz"),
        lambda: board.set_lights({"zz": 1}),
        lambda: board.apply_presses({"zz": 1}),
    ]
    for call in calls:
        with pytest.raises(BoardError, match="'zz'"):
            call()


def test_errors_are_lograph_errors_and_value_errors() -> None:
    with pytest.raises(LographError):
        Board().press("nothing")
    with pytest.raises(ValueError, match="nothing"):
        Board().press("nothing")


def test_self_edge_on_undirected_board_is_refused() -> None:
    board = path_board()
    with pytest.raises(BoardError, match="self edge on 'a'"):
        board.add_edge("a", "a")
    directed = path_board(directed=True)
    with pytest.raises(BoardError, match="'b'"):
        directed.add_edge("b", "b")
    assert not board.has_edge("a", "a")


@pytest.mark.parametrize("bad", ["", " a", "a ", 3, None])
def test_bad_button_ids_are_refused(bad: object) -> None:
    board = Board()
    if bad is None:  # None means "make up a fresh id"
        assert board.add_button(None) == "b0"
        return
    with pytest.raises(BoardError, match=repr(bad)):
        board.add_button(bad)  # type: ignore[arg-type]


def test_duplicate_button_and_rename_target_are_refused() -> None:
    board = path_board()
    with pytest.raises(BoardError, match="'a' is already"):
        board.add_button("a")
    with pytest.raises(BoardError, match="'b' is already"):
        board.rename_button("a", "b")


@pytest.mark.parametrize(
    ("value", "message"),
    [(2, "2 is out of range 0..1"), (-1, "-1 is out of range"), (1.0, "1.0"), (True, "True")],
)
def test_light_out_of_range_or_not_integer(value: object, message: str) -> None:
    board = path_board()
    with pytest.raises(BoardError, match=message):
        board.set_light("a", value)  # type: ignore[arg-type]
    with pytest.raises(BoardError, match=message):
        board.add_button("d", light=value)  # type: ignore[arg-type]
    assert "d" not in board


def test_light_range_follows_states() -> None:
    board = path_board(states=5)
    board.set_light("a", 4)
    with pytest.raises(BoardError, match=r"5 is out of range 0\.\.4"):
        board.set_light("a", 5)


@pytest.mark.parametrize(
    "pos", [(math.nan, 0.0), (0.0, math.inf), ("x", 1), (1.0,), (1, 2, 3), None, "ab"]
)
def test_bad_positions_are_refused(pos: object) -> None:
    board = path_board()
    with pytest.raises(BoardError, match="position"):
        board.set_position("a", pos)  # type: ignore[arg-type]
    with pytest.raises(BoardError, match="position"):
        board.add_button("d", pos=pos)  # type: ignore[arg-type]
    assert board.position("a") == (0.0, 0.0)


def test_bad_self_action_value_is_refused() -> None:
    board = path_board()
    with pytest.raises(BoardError, match="'yes'"):
        board.set_self_action("a", "yes")  # type: ignore[arg-type]


def test_set_lights_checks_shape_and_values() -> None:
    board = path_board()
    with pytest.raises(BoardError, match=r"expected 3 light values, got shape \(2,\)"):
        board.set_lights([1, 0])
    with pytest.raises(BoardError, match="7 is out of range"):
        board.set_lights([0, 7, 0])
    assert lit(board) == {}  # a refused update changes nothing
    board.set_lights({"c": 1})
    assert lit(board) == {"c": 1}


def test_reorder_must_be_a_permutation() -> None:
    board = path_board()
    for bad in (["a", "b"], ["a", "b", "b"], ["a", "b", "c", "d"], ["a", "b", "x"]):
        with pytest.raises(BoardError, match="every button exactly once"):
            board.reorder(bad)
    board.reorder(["c", "a", "b"])
    assert board.buttons == ("c", "a", "b")
    assert board.index("a") == 1


def test_remove_and_reverse_edge_errors() -> None:
    board = path_board()
    with pytest.raises(BoardError, match="'a' - 'c'"):
        board.remove_edge("a", "c")
    with pytest.raises(BoardError, match="directed"):
        board.reverse_edge("a", "b")
    directed = path_board(directed=True)
    with pytest.raises(BoardError, match="'b' -> 'a'"):
        directed.reverse_edge("b", "a")
    directed.reverse_edge("a", "b")
    assert directed.has_edge("b", "a")
    assert not directed.has_edge("a", "b")


# ----------------------------------------------------------------- mutators


def test_add_remove_rename_keep_order_and_edges() -> None:
    board = path_board()
    board.add_button("d", pos=(3, 0), light=1)
    board.add_edge("c", "d")
    board.rename_button("b", "middle")
    assert board.buttons == ("a", "middle", "c", "d")
    assert board.edges() == [("a", "middle"), ("middle", "c"), ("c", "d")]
    assert board.light("d") == 1
    board.remove_button("middle")
    assert board.buttons == ("a", "c", "d")
    assert board.edges() == [("c", "d")]
    assert board.index("d") == 2
    assert board.new_button_id() == "b3"


def test_states_change_reduces_lights() -> None:
    board = path_board(states=5)
    board.set_lights([4, 3, 1])
    board.states = 3
    assert board.lights().tolist() == [1, 0, 1]


def test_set_directed_turns_edges_into_arcs_both_ways() -> None:
    board = path_board()
    board.set_directed(True)
    assert board.directed
    assert {(u, v) for u, v in board.graph.edges()} == {
        ("a", "b"),
        ("b", "a"),
        ("b", "c"),
        ("c", "b"),
    }
    board.set_directed(False)
    assert sorted(board.edges()) == [("a", "b"), ("b", "c")]


def test_neighbors_positions_and_grid_cells() -> None:
    board = path_board(directed=True)
    assert board.neighbors("b") == ["a", "c"]  # arcs in either direction
    assert board.positions().tolist() == [[0, 0], [1, 0], [2, 0]]
    assert board.grid_cell("a") is None
    assert not board.is_grid_like()
    grid = Board()
    grid.add_button("r0c12")
    grid.add_button("r3c0")
    assert grid.grid_cell("r0c12") == (0, 12)
    assert grid.is_grid_like()
    assert not Board().is_grid_like()


# ----------------------------------------------------------------- pressing


def test_closed_rule_press_changes_button_and_neighbours() -> None:
    board = path_board()
    board.press("b")
    assert lit(board) == {"a": 1, "b": 1, "c": 1}
    board.press("a")
    assert lit(board) == {"c": 1}  # a and b toggled back off


def test_open_rule_press_changes_only_neighbours() -> None:
    board = path_board(rule="open")
    board.press("b")
    assert lit(board) == {"a": 1, "c": 1}
    board.press("a")
    assert lit(board) == {"a": 1, "b": 1, "c": 1}


def test_self_overrides_beat_the_rule() -> None:
    board = path_board(rule="open")
    board.set_self_action("b", True)
    board.press("b")
    assert lit(board) == {"a": 1, "b": 1, "c": 1}
    closed = path_board()
    closed.set_self_action("b", False)
    closed.press("b")
    assert lit(closed) == {"a": 1, "c": 1}
    closed.set_self_action("b", None)  # back to the rule
    assert closed.acts_on_itself("b")
    assert closed.self_action_override("b") is None


def test_directed_press_follows_arcs_only() -> None:
    board = path_board(directed=True)
    board.press("b")
    assert lit(board) == {"b": 1, "c": 1}  # not a: the arc is a -> b
    board.clear_lights()
    board.press("c")
    assert lit(board) == {"c": 1}
    assert board.targets("a") == ["a", "b"]


def test_press_adds_one_mod_p() -> None:
    board = path_board(states=3)
    board.press("b")
    board.press("b")
    assert board.lights().tolist() == [2, 2, 2]
    board.press("a", times=4)  # 4 ≡ 1 mod 3
    assert board.lights().tolist() == [0, 0, 2]
    board.press("c", times=3)  # three presses do nothing
    assert board.lights().tolist() == [0, 0, 2]


def test_apply_presses_equals_pressing_one_by_one() -> None:
    rng = np.random.default_rng(3)
    for states in (2, 3, 5):
        board = Board.from_graph(nx.petersen_graph(), states=states)
        board.set_self_action("3", False)
        presses = rng.integers(0, states, size=len(board))
        one_by_one = board.copy()
        for button, times in zip(board.buttons, presses.tolist(), strict=True):
            for _ in range(times):
                one_by_one.press(button)
        board.apply_presses(presses)
        assert board.lights().tolist() == one_by_one.lights().tolist()
    with pytest.raises(BoardError, match=r"expected 10 press counts"):
        board.apply_presses([1, 2])


def test_is_goal() -> None:
    board = path_board(states=3)
    assert board.is_goal()
    board.set_lights([2, 2, 2])
    assert board.is_goal("on")
    assert not board.is_goal("off")


def test_copy_is_independent() -> None:
    board = path_board()
    board.set_self_action("a", False)
    twin = board.copy()
    twin.press("b")
    twin.add_button("d")
    twin.add_edge("a", "c")
    twin.set_position("a", (9, 9))
    assert lit(board) == {}
    assert board.buttons == ("a", "b", "c")
    assert not board.has_edge("a", "c")
    assert board.position("a") == (0.0, 0.0)
    assert twin.self_action_override("a") is False
    assert (twin.rule, twin.states, twin.directed) == (board.rule, board.states, board.directed)


def test_from_graph_turns_self_loops_into_overrides() -> None:
    graph = nx.DiGraph()
    graph.add_edge(1, 2)
    graph.add_edge(2, 2)
    graph.nodes[1]["light"] = 1
    board = Board.from_graph(graph, rule="open", pos={1: (0, 0), 2: (1, 0)})
    assert board.buttons == ("1", "2")
    assert board.directed
    assert board.self_action_override("2") is True
    assert board.targets("2") == ["2"]
    assert board.targets("1") == ["2"]
    assert board.light("1") == 1


# ----------------------------------------------------------------- to_system


def random_board(seed: int) -> Board:
    rng = np.random.default_rng(seed)
    directed = bool(rng.integers(2))
    n = int(rng.integers(1, 9))
    board = Board(
        directed=directed,
        rule=str(rng.choice(["open", "closed"])),
        states=int(rng.choice([2, 3, 5])),
    )
    for i in range(n):
        board.add_button(f"v{i}", light=int(rng.integers(board.states)))
        override = rng.integers(3)
        board.set_self_action(f"v{i}", None if override == 2 else bool(override))
    for u in range(n):
        for v in range(n):
            if u != v and rng.random() < 0.35 and not board.has_edge(f"v{u}", f"v{v}"):
                board.add_edge(f"v{u}", f"v{v}")
    board.reorder(list(rng.permutation(board.buttons)))
    return board


@pytest.mark.parametrize("seed", range(30))
def test_to_system_columns_are_the_press_targets(seed: int) -> None:
    board = random_board(seed)
    system = board.to_system()
    assert list(system.names) == list(board.buttons)
    assert system.states == board.states
    assert system.lights.tolist() == board.lights().tolist()
    for w, button in enumerate(board.buttons):
        expected = sorted(board.index(t) for t in board.targets(button))
        assert system.column(w).tolist() == expected
    # pressing through the system agrees with pressing the board
    presses = np.arange(len(board)) % board.states
    after = board.copy()
    after.apply_presses(presses)
    for button, times in zip(board.buttons, presses.tolist(), strict=True):
        board.press(button, times)
    assert after.lights().tolist() == board.lights().tolist()


def test_remove_buttons_in_bulk_keeps_order_and_drops_edges() -> None:
    from lograph.core.model.generators import rectangle

    board = rectangle(3, 3)
    board.remove_buttons(["r1c1", "r0c0"])
    assert list(board.buttons) == ["r0c1", "r0c2", "r1c0", "r1c2", "r2c0", "r2c1", "r2c2"]
    assert not any("r1c1" in e or "r0c0" in e for e in board.edges())
    assert board.index("r2c2") == 6
    with pytest.raises(BoardError, match="'nope'"):
        board.remove_buttons(["r0c1", "nope"])
    assert "r0c1" in board  # nothing removed when one id is unknown


def test_button_ids_refuse_control_characters_and_line_breaks() -> None:
    # they would split CLI output and text files into extra lines
    for odd in ("a\nb", "bell\x07", "nul\x00", "tab\there", "sep\u2028x", "zw\u200bj"):
        with pytest.raises(BoardError, match="control character"):
            Board().add_button(odd)
    board = Board()
    board.add_button("ok")
    with pytest.raises(BoardError, match="control character"):
        board.rename_button("ok", "n\x85l")
