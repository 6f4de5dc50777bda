"""Every undo command: redo, check, undo, check the original, redo again, check; and the
scene's drawing follows the board at every step."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.commands import (
    AddButtonsCommand,
    AddEdgesCommand,
    MoveCommand,
    PressCommand,
    PropertiesCommand,
    RemoveCommand,
    ReverseEdgesCommand,
    SetLightsCommand,
    SetSelfActionsCommand,
)
from lograph.ui.model.document import BoardProperties, ButtonRecord, Document
from tests.ui.helpers import snapshot


def drawn(scene: BoardScene) -> dict:
    """What the scene draws, in board terms, to compare with the board itself."""
    store = scene.store
    live = store.live_slots()
    return {
        "buttons": sorted(store.ids[s] for s in live),
        "pos": {store.ids[s]: tuple(np.round(store.pos[s] / scene.unit, 6)) for s in live},
        "light": {store.ids[s]: int(store.light[s]) for s in live},
        "edges": sorted(store.edge_ids[s] for s in store.live_edge_slots()),
        "loops": {store.ids[s]: int(store.loop[s]) for s in live},
    }


def expected_drawing(board: Board) -> dict:
    nodes = board.graph.nodes
    return {
        "buttons": sorted(board.buttons),
        "pos": {b: tuple(np.round(nodes[b]["pos"], 6)) for b in board.buttons},
        "light": {b: int(nodes[b]["light"]) for b in board.buttons},
        "edges": sorted(
            (u, v) if board.directed else tuple(sorted((u, v))) for u, v in board.graph.edges()
        ),
        # a mark where the override disagrees with the rule: +1 acts on itself, -1 does not
        "loops": {
            b: 0
            if nodes[b]["self_action"] in (None, board.rule == "closed")
            else (1 if nodes[b]["self_action"] else -1)
            for b in board.buttons
        },
    }


def sample_board(directed: bool = False) -> Board:
    board = rectangle(2, 3, states=3)
    board.set_light("r0c1", 2)
    board.set_light("r1c2", 1)
    board.set_self_action("r1c1", False)
    if directed:
        board.set_directed(True)
        board.remove_edge("r0c1", "r0c0")
    return board


def cycle(qtbot, board: Board, make, check) -> None:
    doc = Document(board)
    scene = BoardScene(doc)
    original = snapshot(doc.board)
    doc.push(make(doc))
    after = snapshot(doc.board)
    check(original, after, doc)
    assert drawn(scene) == expected_drawing(doc.board)
    doc.undo_stack.undo()
    assert snapshot(doc.board) == original
    assert drawn(scene) == expected_drawing(doc.board)
    doc.undo_stack.redo()
    assert snapshot(doc.board) == after
    assert drawn(scene) == expected_drawing(doc.board)


def test_add_buttons_with_edges(qtbot):
    def make(doc):
        records = [ButtonRecord("x", (5.0, 5.0), 2, True), ButtonRecord("y", (6.0, 5.0))]
        return AddButtonsCommand(doc, records, [("x", "y"), ("y", "r0c0")])

    def check(before, after, doc):
        assert after["order"] == [*before["order"], "x", "y"]
        assert after["light"]["x"] == 2
        assert after["self"]["x"] is True
        assert set(after["edges"]) - set(before["edges"]) == {("x", "y"), ("r0c0", "y")}

    cycle(qtbot, sample_board(), make, check)


@pytest.mark.parametrize("directed", [False, True])
def test_remove_buttons_and_edges_restores_order_and_state(qtbot, directed):
    def make(doc):
        return RemoveCommand(doc, ["r0c1", "r1c1"], [("r1c0", "r0c0")] if not directed else [])

    def check(before, after, doc):
        assert after["order"] == ["r0c0", "r0c2", "r1c0", "r1c2"]
        # only the middle buttons' edges (and, undirected, the chosen one) are gone
        left = {e for e in before["edges"] if "r0c1" not in e and "r1c1" not in e}
        if not directed:
            left -= {("r0c0", "r1c0")}
        assert set(after["edges"]) == left

    cycle(qtbot, sample_board(directed), make, check)


def test_removing_many_buttons_is_one_bulk_removal(qtbot, monkeypatch):
    """Undo of a big paste removes thousands of buttons; one by one, each removal scanned
    the whole order, so a 200x200 board froze for 14 s. The Document removes them at once."""
    doc = Document(rectangle(20, 20))
    doomed = list(doc.board.buttons[-150:])
    kept = list(doc.board.buttons[:-150])
    calls: list[int] = []
    bulk = Board.remove_buttons

    def spy(board: Board, buttons) -> None:
        buttons = list(buttons)
        calls.append(len(buttons))
        bulk(board, buttons)

    monkeypatch.setattr(Board, "remove_buttons", spy)
    doc.push(RemoveCommand(doc, doomed, []))
    assert calls == [150]
    assert list(doc.board.buttons) == kept
    monkeypatch.undo()
    doc.undo_stack.undo()
    assert list(doc.board.buttons) == [*kept, *doomed]


def test_add_edges(qtbot):
    def make(doc):
        return AddEdgesCommand(doc, [("r0c0", "r1c1"), ("r0c0", "r0c1")])  # 2nd exists

    def check(before, after, doc):
        assert set(after["edges"]) - set(before["edges"]) == {("r0c0", "r1c1")}
        assert len(after["edges"]) == len(before["edges"]) + 1

    cycle(qtbot, sample_board(), make, check)


def test_reverse_edges(qtbot):
    def make(doc):
        return ReverseEdgesCommand(doc, [("r0c0", "r0c1"), ("r0c2", "r1c2")])

    def check(before, after, doc):
        assert ("r0c1", "r0c0") in after["edges"]
        assert ("r0c0", "r0c1") not in after["edges"]
        assert ("r1c2", "r0c2") in after["edges"]
        assert len(after["edges"]) == len(before["edges"])

    board = sample_board(directed=True)
    board.remove_edge("r1c2", "r0c2")
    cycle(qtbot, board, make, check)


def test_move(qtbot):
    def make(doc):
        return MoveCommand(doc, {"r0c0": (-1.0, -2.5), "r1c2": (7.0, 1.0)})

    def check(before, after, doc):
        assert after["pos"]["r0c0"] == (-1.0, -2.5)
        assert after["pos"]["r1c2"] == (7.0, 1.0)
        assert after["pos"]["r0c1"] == before["pos"]["r0c1"]

    cycle(qtbot, sample_board(), make, check)


def test_set_lights_and_start(qtbot):
    def make(doc):
        doc.set_moves(4)
        return SetLightsCommand(doc, np.array([1, 1, 1, 2, 2, 2]), "Scramble", moves=0, start=True)

    def check(before, after, doc):
        assert list(after["light"].values()) == [1, 1, 1, 2, 2, 2]
        assert doc.moves == 0
        assert doc.start_lights.tolist() == [1, 1, 1, 2, 2, 2]

    cycle(qtbot, sample_board(), make, check)


def test_press_with_three_states_and_a_self_action_override(qtbot):
    def make(doc):
        return PressCommand(doc, "r1c1")  # r1c1 does not act on itself

    def check(before, after, doc):
        changed = {b for b in after["light"] if after["light"][b] != before["light"][b]}
        assert changed == {"r0c1", "r1c0", "r1c2"}
        assert after["light"]["r0c1"] == 0  # 2 + 1 mod 3
        assert doc.moves == 1

    cycle(qtbot, sample_board(), make, check)


def test_set_self_actions(qtbot):
    def make(doc):
        return SetSelfActionsCommand(doc, {"r1c1": None, "r0c0": False})

    def check(before, after, doc):
        assert after["self"]["r1c1"] is None
        assert after["self"]["r0c0"] is False

    cycle(qtbot, sample_board(), make, check)


@pytest.mark.parametrize(
    "props",
    [
        BoardProperties("renamed", "open", 2, False),  # fewer states: lights reduced
        BoardProperties("", "closed", 3, True),  # undirected -> directed
        BoardProperties("x", "closed", 5, False),
    ],
)
def test_properties(qtbot, props):
    def make(doc):
        return PropertiesCommand(doc, props)

    def check(before, after, doc):
        assert after["props"] == (props.name, props.rule, props.states, props.directed)
        assert max(after["light"].values()) < props.states

    cycle(qtbot, sample_board(), make, check)


def test_directed_to_undirected_and_back_keeps_one_way_arcs(qtbot):
    def make(doc):
        return PropertiesCommand(doc, BoardProperties("", "closed", 3, False))

    def check(before, after, doc):
        assert not doc.board.directed

    cycle(qtbot, sample_board(directed=True), make, check)


def test_the_edge_layer_draws_the_new_board_after_a_replacement(qtbot):
    """Full frames reuse cached lines: a new board must not reuse the old board's."""
    doc = Document(rectangle(3, 3))
    scene = BoardScene(doc)
    assert len(scene.edge_layer.all_lines()) == 12
    doc.replace_board(rectangle(4, 4))  # a store with the same history as the first
    assert len(scene.edge_layer.all_lines()) == 24
    doc.push(AddEdgesCommand(doc, [("r0c0", "r1c1")]))  # (a long edge across would be stubs)
    assert len(scene.edge_layer.all_lines()) == 25
    doc.push(PressCommand(doc, "r0c0"))  # lights only: the cached lines stay valid
    assert len(scene.edge_layer.all_lines()) == 25
