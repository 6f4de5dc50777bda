"""Board files: round trips, hand-checked content, what a format refuses to write, atomic
writes (bad input is in test_files_bad_input)."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lograph.core.errors import BoardFormatError
from lograph.core.files import (
    atomic_write_bytes,
    atomic_write_text,
    cannot_hold,
    graph6,
    native_json,
    read_board,
    read_system,
    write_board,
)
from lograph.core.model.board import Board
from lograph.core.model.generators import diamond, from_networkx, named, rectangle, wayout_5x5
from lograph.core.model.layout import SPRING_LIMIT

EXT = {"json": ".json", "graphml": ".graphml", "txt": ".txt", "graph6": ".g6"}


def state(board: Board) -> dict[str, object]:
    """Everything a board file may hold, in comparable form."""
    edges = board.edges()
    return {
        "buttons": board.buttons,
        "edges": edges if board.directed else sorted(tuple(sorted(e)) for e in edges),
        "lights": board.lights().tolist(),
        "positions": board.positions().tolist(),
        "overrides": [board.self_action_override(v) for v in board.buttons],
        "rule": board.rule,
        "states": board.states,
        "directed": board.directed,
        "name": board.name,
    }


def odd_board() -> Board:
    """A directed board with awkward ids, overrides, p = 5 and the open rule."""
    board = Board(directed=True, rule="open", states=5, name='Ünïcode & <xml> "quotes"')
    for i, v in enumerate(["a b", 'x"y', "<tag>", "ä", "7"]):
        board.add_button(
            v, pos=(0.1 * i, -1e-300 * i), light=i % 5, self_action=[None, True, False][i % 3]
        )
    board.add_edge("a b", 'x"y')
    board.add_edge('x"y', "a b")
    board.add_edge("<tag>", "ä")
    board.add_edge("7", "a b")
    board.reorder(["7", "ä", "a b", "<tag>", 'x"y'])  # order is not insertion order
    return board


def lit(board: Board, seed: int = 0) -> Board:
    rng = np.random.default_rng(seed)
    board.set_lights(rng.integers(0, board.states, size=len(board)))
    return board


# ---------------------------------------------------------------- round trips
@pytest.mark.parametrize("fmt", ["json", "graphml"])
@pytest.mark.parametrize(
    "make",
    [
        odd_board,
        lambda: lit(rectangle(3, 4, holes=[(1, 1)], states=3, rule="open")),
        lambda: named("petersen"),
        lambda: Board(name=""),
    ],
)
def test_full_formats_round_trip_everything(tmp_path: Path, fmt: str, make) -> None:
    board = make()
    path = tmp_path / f"b{EXT[fmt]}"
    write_board(board, path)
    assert state(read_board(path)) == state(board)


@pytest.mark.parametrize(
    "board",
    [
        lit(wayout_5x5(), 1),
        lit(diamond(3, rule="open", states=7), 2),
        lit(rectangle(1, 1)),
        lit(rectangle(4, 2, holes=[(0, 0), (0, 1), (2, 0), (2, 1)]), 3),  # empty first/middle rows
    ],
)
def test_ascii_round_trip(tmp_path: Path, board: Board) -> None:
    path = tmp_path / "b.txt"
    write_board(board, path)
    back = read_board(path)
    assert state(back) == state(board)  # positions are (col, row) on both sides
    system, direct = read_system(path), board.to_system()
    assert list(system.names) == list(direct.names)
    assert np.array_equal(system.indptr, direct.indptr)
    assert np.array_equal(system.indices, direct.indices)
    assert np.array_equal(system.lights, direct.lights)


def test_graph6_keeps_the_graph(tmp_path: Path) -> None:
    board = rectangle(3, 3)
    path = tmp_path / "b.g6"
    write_board(board, path)
    back = read_board(path)
    ids = {v: str(i) for i, v in enumerate(board.buttons)}  # graph6 numbers the buttons
    assert back.buttons == tuple(ids.values())
    assert {frozenset(e) for e in back.edges()} == {
        frozenset((ids[u], ids[v])) for u, v in board.edges()
    }
    assert not back.lights().any()
    assert (back.rule, back.states) == ("closed", 2)
    assert np.isfinite(back.positions()).all()
    assert len({tuple(p) for p in back.positions()}) == 9


def test_graph6_of_petersen_is_the_published_string() -> None:
    # The Petersen graph's graph6 code, as listed by networkx docs and House of Graphs.
    assert graph6.dumps(named("petersen")) == b"IheA@GUAo\n"


def test_json_is_node_link_data_networkx_can_read(tmp_path: Path) -> None:
    board = odd_board()
    path = tmp_path / "b.json"
    write_board(board, path)
    data = json.loads(path.read_text("utf-8"))
    assert (data["format"], data["version"], data["rule"], data["states"]) == (
        "lograph",
        1,
        "open",
        5,
    )
    graph = nx.node_link_graph(data, edges="edges")
    assert list(graph.nodes) == list(board.buttons)
    assert set(graph.edges) == set(board.edges())
    assert graph.nodes["ä"]["light"] == board.light("ä")


def test_plain_node_link_data_is_read(tmp_path: Path) -> None:
    data = nx.node_link_data(nx.path_graph(3), edges="edges")
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(data))
    board = read_board(path)
    assert board.buttons == ("0", "1", "2")
    assert board.edges() == [("0", "1"), ("1", "2")]
    assert board.rule == "closed"
    assert not board.lights().any()


@pytest.mark.parametrize("suffix", [".json", ".graphml", ".g6"])
def test_big_graphs_without_positions_are_not_spring_laid_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    # networkx's spring layout is quadratic: 10 000 buttons without positions took minutes
    # to read. Big graphs get a grid layout instead, every position distinct and finite.
    def no_spring(*args: object, **kwargs: object) -> None:
        raise AssertionError("spring layout on a big graph")

    graph = nx.path_graph(SPRING_LIMIT + 1)
    path = tmp_path / f"plain{suffix}"
    if suffix == ".json":
        path.write_text(json.dumps(nx.node_link_data(graph, edges="edges")))
    elif suffix == ".graphml":
        nx.write_graphml(graph, path)
    else:
        path.write_bytes(nx.to_graph6_bytes(graph, header=False))
    monkeypatch.setattr(nx, "spring_layout", no_spring)
    board = read_board(path)
    positions = {board.position(v) for v in board.buttons}
    assert len(positions) == len(board) == SPRING_LIMIT + 1
    assert all(math.isfinite(c) for p in positions for c in p)
    assert len(from_networkx(graph)) == SPRING_LIMIT + 1
    assert len(Board.from_graph(graph)) == SPRING_LIMIT + 1


def test_foreign_graphml_without_lograph_fields(tmp_path: Path) -> None:
    path = tmp_path / "g.graphml"
    nx.write_graphml(nx.cycle_graph(4), path)
    board = read_board(path)
    assert board.buttons == ("0", "1", "2", "3")
    assert len(board.edges()) == 4
    assert board.states == 2


ids = (
    st.text(
        st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp")), min_size=1, max_size=5
    )
    .map(str.strip)
    .filter(bool)
)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    directed = draw(st.booleans())
    p = draw(st.sampled_from([2, 3, 5, 7]))
    board = Board(
        directed=directed,
        rule=draw(st.sampled_from(["closed", "open"])),
        states=p,
        name=draw(st.text(max_size=8)),
    )
    names = draw(st.lists(ids, unique=True, max_size=7))
    for v in names:
        pos = draw(st.tuples(*[st.floats(-1e6, 1e6, allow_nan=False)] * 2))
        board.add_button(
            v,
            pos=pos,
            light=draw(st.integers(0, p - 1)),
            self_action=draw(st.sampled_from([None, True, False])),
        )
    if len(names) > 1:
        for u, v in draw(
            st.lists(st.tuples(st.sampled_from(names), st.sampled_from(names)), max_size=12)
        ):
            if u != v:
                board.add_edge(u, v)
    return board


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(board=boards(), fmt=st.sampled_from(["json", "graphml"]))
def test_random_boards_round_trip(tmp_path: Path, board: Board, fmt: str) -> None:
    path = tmp_path / f"r{EXT[fmt]}"
    if cannot_hold(board, fmt) is not None:  # only GraphML, for control characters
        with pytest.raises(BoardFormatError, match="control character"):
            write_board(board, path)
        return
    write_board(board, path)
    assert state(read_board(path)) == state(board)


# ---------------------------------------------------------------- ASCII content, by hand
def test_ascii_reading_follows_the_documented_rules(tmp_path: Path) -> None:
    path = tmp_path / "hand.txt"
    path.write_text(
        "# states: 3\n"
        "# rule: open\n"
        "# a plain comment: with a colon\n"
        "\n"
        "12   # trailing comment\n"
        "0.2\n"
        "\n"  # a row of holes
        "1\n"
        "\n\n"
    )
    board = read_board(path)
    assert board.buttons == ("r0c0", "r0c1", "r1c0", "r1c2", "r3c0")
    assert board.lights().tolist() == [1, 2, 0, 2, 1]
    assert sorted(board.edges()) == [("r0c0", "r0c1"), ("r0c0", "r1c0")]
    assert (board.rule, board.states, board.name) == ("open", 3, "hand")  # name = file stem
    assert board.position("r1c2") == (2.0, 1.0)
    assert read_board(path, rule="closed", states=5).rule == "closed"


def test_ascii_writer_output(tmp_path: Path) -> None:
    board = rectangle(3, 3, holes=[(0, 2), (1, 0), (1, 1), (1, 2)])
    board.set_light("r0c1", 1)
    board.name = "two\nlines"
    path = tmp_path / "w.txt"
    write_board(board, path)
    assert path.read_text() == "# name: two lines\n# rule: closed\n# states: 2\n01\n.\n000\n"


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda: named("petersen"), "not named r<row>c<col>"),
        (lambda: Board(), "no buttons"),
        (
            lambda: _with(rectangle(2, 2), lambda b: b.add_edge("r0c0", "r1c1")),
            "extra edge r0c0 - r1c1",
        ),
        (
            lambda: _with(rectangle(2, 2), lambda b: b.remove_edge("r0c0", "r0c1")),
            "no edge r0c0 - r0c1",
        ),
        (lambda: _with(rectangle(2, 2), lambda b: b.set_self_action("r0c0", False)), "self-action"),
        (
            lambda: _with(rectangle(1, 2, states=11), lambda b: b.set_light("r0c0", 10)),
            "not one digit",
        ),
        (lambda: _with(rectangle(1, 2), lambda b: b.set_directed(True)), "directed"),
        (
            lambda: _with(rectangle(1, 2), lambda b: b.rename_button("r0c1", "r00c1")),
            "r<row>c<col>",
        ),
    ],
)
def test_ascii_refuses_what_it_cannot_hold(tmp_path: Path, make, problem: str) -> None:
    board = make()
    assert problem in (cannot_hold(board, "txt") or "")
    path = tmp_path / "x.txt"
    with pytest.raises(BoardFormatError, match=r"x\.txt.*use \.json|x\.txt.*\.json") as err:
        write_board(board, path)
    assert problem in str(err.value)
    assert not path.exists()


def _with(board: Board, change) -> Board:
    change(board)
    return board


def test_graphml_refuses_control_characters(tmp_path: Path) -> None:
    board = Board(name="bell\x07")  # button ids cannot hold them; a name can
    board.add_button("b")
    with pytest.raises(BoardFormatError, match="control character"):
        write_board(board, tmp_path / "b.graphml")
    # JSON could escape it, but a name is printed to terminals and report headings: refused
    with pytest.raises(BoardFormatError, match="control character"):
        write_board(board, tmp_path / "b.json")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda b: b.set_light("0", 1), "no lights"),
        (lambda b: setattr(b, "rule", "open"), "no rule"),
        (lambda b: setattr(b, "states", 3), "no number of states"),
        (lambda b: b.set_self_action("0", True), "self-action"),
        (lambda b: b.set_directed(True), "directed"),
    ],
)
def test_graph6_refuses_to_lose_the_game(tmp_path: Path, change, problem: str) -> None:
    board = named("petersen")
    change(board)
    with pytest.raises(BoardFormatError, match=problem):
        write_board(board, tmp_path / "p.g6")
    assert not (tmp_path / "p.g6").exists()


# ---------------------------------------------------------------- atomic writes
def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_serializer_failure_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "b.json"
    write_board(rectangle(2, 2), path)
    before = path.read_bytes()

    def boom(board: Board) -> str:
        raise RuntimeError("serializer crashed")

    monkeypatch.setattr(native_json, "dumps", boom)
    with pytest.raises(RuntimeError):
        write_board(rectangle(3, 3), path)
    assert path.read_bytes() == before
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("victim", ["fsync", "replace"])
def test_failure_midway_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, victim: str
) -> None:
    path = tmp_path / "b.txt"
    write_board(rectangle(2, 2), path)
    before = path.read_bytes()

    def boom(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, victim, boom)
    with pytest.raises(OSError, match="No space"):
        write_board(rectangle(3, 3), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert _leftovers(tmp_path) == []
    assert len(read_board(path)) == 4


def test_atomic_write_follows_links_and_keeps_the_mode(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    atomic_write_text(target, "1\n")
    assert target.read_text() == "1\n"
    if os.name != "posix":
        return
    target.chmod(0o600)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    atomic_write_bytes(link, b"11\n")
    assert link.is_symlink()
    assert target.read_bytes() == b"11\n"
    assert target.stat().st_mode & 0o777 == 0o600
