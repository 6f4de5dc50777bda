"""Board files: round trips, hand-checked content, bad input and atomic writes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lograph.core.board import Board
from lograph.core.errors import BoardFormatError
from lograph.core.files import (
    FORMATS,
    ascii_grid,
    atomic_write_bytes,
    atomic_write_text,
    cannot_hold,
    format_for,
    graph6,
    native_json,
    read_board,
    read_system,
    source,
    write_board,
)
from lograph.core.generators import diamond, named, rectangle, wayout_5x5

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


def test_foreign_graphml_without_lograph_fields(tmp_path: Path) -> None:
    path = tmp_path / "g.graphml"
    nx.write_graphml(nx.cycle_graph(4), path)
    board = read_board(path)
    assert board.buttons == ("0", "1", "2", "3")
    assert len(board.edges()) == 4
    assert board.states == 2


ids = (
    st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=5)
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
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
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
    board = Board()
    board.add_button("bell\x07")
    with pytest.raises(BoardFormatError, match="control character"):
        write_board(board, tmp_path / "b.graphml")
    write_board(board, tmp_path / "b.json")  # JSON escapes it
    assert read_board(tmp_path / "b.json").buttons == ("bell\x07",)


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


# ---------------------------------------------------------------- bad input
def _good_json() -> dict:
    return json.loads(native_json.dumps(lit(rectangle(2, 2))))


def _json_case(change) -> bytes:
    doc = _good_json()
    change(doc)
    return json.dumps(doc).encode()


BAD = {
    "truncated json": (".json", native_json.dumps(rectangle(2, 2)).encode()[:70], "invalid JSON"),
    "json list": (".json", b"[1, 2]", "expected a JSON object"),
    "solution json": (".json", b'{"presses": {}}', "not a lograph board"),
    "unknown format": (".json", _json_case(lambda d: d.update(format="other")), "unknown format"),
    "unknown version": (".json", _json_case(lambda d: d.update(version=2)), "version 2"),
    "missing version": (".json", _json_case(lambda d: d.pop("version")), "version None"),
    "states as text": (".json", _json_case(lambda d: d.update(states="2")), "'states'"),
    "non-prime states": (".json", _json_case(lambda d: d.update(states=4)), "prime"),
    "rule unknown": (".json", _json_case(lambda d: d.update(rule="half")), "half"),
    "directed as text": (".json", _json_case(lambda d: d.update(directed="yes")), "'directed'"),
    "nodes not a list": (
        ".json",
        _json_case(lambda d: d.update(nodes={})),
        "'nodes' must be a list",
    ),
    "edges not a list": (
        ".json",
        _json_case(lambda d: d.update(edges=3)),
        "'edges' must be a list",
    ),
    "light as text": (".json", _json_case(lambda d: d["nodes"][0].update(light="1")), "light '1'"),
    "light out of range": (
        ".json",
        _json_case(lambda d: d["nodes"][1].update(light=2)),
        "out of range",
    ),
    "bad pos": (".json", _json_case(lambda d: d["nodes"][0].update(pos=[1])), "pos"),
    "bool id": (".json", _json_case(lambda d: d["nodes"][0].update(id=True)), "id True"),
    "duplicate node": (
        ".json",
        _json_case(lambda d: d["nodes"][1].update(id="r0c0")),
        "listed twice",
    ),
    "unknown node in edge": (
        ".json",
        _json_case(lambda d: d["edges"].append({"source": "r0c0", "target": "zz"})),
        "'zz'",
    ),
    "self edge": (
        ".json",
        _json_case(lambda d: d["edges"].append({"source": "r0c0", "target": "r0c0"})),
        "itself",
    ),
    "multigraph": (".json", _json_case(lambda d: d.update(multigraph=True)), "multigraph"),
    "bad self action": (
        ".json",
        _json_case(lambda d: d["nodes"][0].update(self_action=1)),
        "self_action",
    ),
    "txt bad char": (".txt", b"101\n1x1\n", "line 2 column 2: unexpected character 'x'"),
    "txt space": (".txt", b"1 0 1\n", "use '.' for a hole"),
    "txt unicode": (".txt", "1\u25a01\n".encode(), "line 1 column 2"),
    "txt light too big": (".txt", b"121\n", "light 2 is out of range for 2 states"),
    "txt non-prime states": (".txt", b"# states: 4\n11\n", "prime"),
    "txt states not a number": (".txt", b"# states: many\n11\n", "not a number"),
    "txt bad rule": (".txt", b"# rule: diagonal\n11\n", "diagonal"),
    "txt only holes": (".txt", b"...\n..\n", "no buttons"),
    "txt only comments": (".txt", b"# rule: open\n", "no buttons"),
    "txt huge line": (".txt", b"1" * (ascii_grid.MAX_LINE_CHARS + 1), "line 1 is too long"),
    "graphml broken xml": (".graphml", b"<graphml><graph>", "invalid GraphML"),
    "graphml is json": (".graphml", b'{"a": 1}', "invalid GraphML"),
    "graphml bad light": (
        ".graphml",
        b'<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><key id="l" for="node" '
        b'attr.name="light" attr.type="string"/><graph edgedefault="undirected">'
        b'<node id="a"><data key="l">on</data></node></graph></graphml>',
        "light 'on'",
    ),
    "graph6 garbage": (".g6", b"~~~~~~~~\n", "invalid graph6"),
    "graph6 two graphs": (".g6", b"Bg\nBg\n", "2 graphs"),
    "graph6 sparse6": (".g6", b":Fa@x^\n", "sparse6"),
    "zero bytes json": (".json", b"", "empty"),
    "zero bytes txt": (".txt", b"", "empty"),
    "zero bytes graphml": (".graphml", b"", "empty"),
    "zero bytes g6": (".g6", b"", "empty"),
    "blank txt": (".txt", b"\n \n", "empty"),
    "binary json": (".json", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    "binary txt": (".txt", b"101\x00\x01", "binary"),
    "binary g6": (".g6", b"Bg\x00", "binary"),
    "latin-1 txt": (
        ".txt",
        "# name: caf\u00e9\n11\n".encode("latin-1"),
        "not UTF-8 text (byte 0xe9",
    ),
    "utf-16 json": (".json", '{"format": "lograph"}'.encode("utf-16"), "UTF-16"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_one_board_format_error_naming_the_file(tmp_path: Path, case: str) -> None:
    ext, data, problem = BAD[case]
    path = tmp_path / f"bad{ext}"
    path.write_bytes(data)
    for reader in (read_board, read_system):
        with pytest.raises(BoardFormatError) as err:
            reader(path)
        message = str(err.value)
        assert message.startswith(f"{path}: "), message
        assert problem in message, message
        assert "\n" not in message


def test_file_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(source, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.txt"
    path.write_text("1" * 50 + "\n" + "1" * 60 + "\n")
    with pytest.raises(BoardFormatError, match="too large"):
        read_board(path)


def test_padded_grid_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ascii_grid, "MAX_CELLS", 1000)
    path = tmp_path / "ragged.txt"
    path.write_text("1" * 100 + "\n" + "1\n" * 20)  # 21 rows padded to 100 columns
    with pytest.raises(BoardFormatError, match="21×100 cells is too large"):
        read_system(path)


def test_overrides_are_validated(tmp_path: Path) -> None:
    path = tmp_path / "b.txt"
    path.write_text("11\n")
    with pytest.raises(BoardFormatError, match="prime"):
        read_system(path, states=4)
    with pytest.raises(BoardFormatError, match="'diagonal'"):
        read_system(path, rule="diagonal")
    assert read_system(path, states=3).states == 3


def test_graph6_line_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph6, "MAX_LINE_BYTES", 5)
    path = tmp_path / "big.g6"
    path.write_bytes(graph6.dumps(named("petersen")))
    with pytest.raises(BoardFormatError, match="too long"):
        read_board(path)


@pytest.mark.parametrize("name", ["missing.json", "folder.txt", "board.xyz", "noext"])
def test_unreadable_paths(tmp_path: Path, name: str) -> None:
    (tmp_path / "folder.txt").mkdir()
    (tmp_path / "board.xyz").write_text("11\n")
    (tmp_path / "noext").write_text("11\n")
    with pytest.raises(BoardFormatError, match=name):
        read_board(tmp_path / name)


def test_explicit_format_overrides_the_extension(tmp_path: Path) -> None:
    path = tmp_path / "board.dat"
    path.write_text("111\n")
    assert len(read_board(path, "txt")) == 3
    assert len(read_board(path, ".txt")) == 3
    assert format_for("x.graph6").name == "graph6"
    with pytest.raises(BoardFormatError, match="unknown board format 'pdf'"):
        read_board(path, "pdf")
    assert set(FORMATS) == {"json", "graphml", "txt", "graph6"}


def test_a_bom_is_tolerated(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf101\n")
    assert read_board(path).lights().tolist() == [1, 0, 1]


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
