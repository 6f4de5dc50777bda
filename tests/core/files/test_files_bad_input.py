"""Reading bad board files: every problem is one `BoardFormatError` that names the file and
says what is wrong; size limits, unreadable paths, explicit formats and a byte-order mark."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lograph.core.errors import BoardFormatError
from lograph.core.files import (
    FORMATS,
    ascii_grid,
    format_for,
    graph6,
    native_json,
    read_board,
    read_system,
    source,
)
from lograph.core.model.generators import named, rectangle

from .test_files import lit


def _good_json() -> dict:
    return json.loads(native_json.dumps(lit(rectangle(2, 2))))


def _json_case(change) -> bytes:
    doc = _good_json()
    change(doc)
    return json.dumps(doc).encode()


_GRAPHML = (
    b'<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
    b'<graph edgedefault="undirected">%s</graph></graphml>'
)

BAD = {
    "truncated json": (".json", native_json.dumps(rectangle(2, 2)).encode()[:70], "invalid JSON"),
    "json list": (".json", b"[1, 2]", "expected a JSON object"),
    "solution json": (".json", b'{"presses": {}}', "not a lograph board"),
    "unknown format": (".json", _json_case(lambda d: d.update(format="other")), "unknown format"),
    "unknown version": (".json", _json_case(lambda d: d.update(version=2)), "version 2"),
    "missing version": (".json", _json_case(lambda d: d.pop("version")), "version None"),
    "states as text": (".json", _json_case(lambda d: d.update(states="2")), "'states'"),
    "states out of range": (".json", _json_case(lambda d: d.update(states=256)), "2 and 255"),
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
    "txt states out of range": (".txt", b"# states: 1\n11\n", "2 and 255"),
    "txt states not a number": (".txt", b"# states: many\n11\n", "not a number"),
    "txt bad rule": (".txt", b"# rule: diagonal\n11\n", "diagonal"),
    "txt only holes": (".txt", b"...\n..\n", "no buttons"),
    "txt only comments": (".txt", b"# rule: open\n", "no buttons"),
    # str.splitlines() used to split rows at these, reading one row as two
    "txt form feed": (".txt", b"11\x0c11\n", "line 1 column 3: unexpected character '\\x0c'"),
    "txt record separator": (".txt", b"1\x1e1\n", "line 1 column 2"),
    "txt line separator": (".txt", "11\u202811\n".encode(), "line 1 column 3"),
    "txt next line": (".txt", "1\u00851\n".encode(), "line 1 column 2"),
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
    # networkx accepts these silently: it adds a button for an undeclared edge end, merges
    # repeated ids, names an id-less node 'None' and reads only the first of several graphs
    "graphml edge to undeclared node": (
        ".graphml",
        _GRAPHML % b'<node id="a"/><edge source="a" target="b"/>',
        "edge 'a' - 'b' names unknown button 'b'",
    ),
    "graphml duplicate node": (
        ".graphml",
        _GRAPHML % b'<node id="a"/><node id="a"/>',
        "node 'a' is listed twice",
    ),
    "graphml node without id": (".graphml", _GRAPHML % b"<node/>", "no 'id'"),
    "graphml two graphs": (
        ".graphml",
        (_GRAPHML % b'<node id="a"/>').replace(
            b"</graphml>", b'<graph edgedefault="undirected"/></graphml>'
        ),
        "holds 2 graphs",
    ),
    "graph6 garbage": (".g6", b"~~~~~~~~\n", "invalid graph6"),
    "graph6 header only": (".g6", b">>graph6<<\n", "no graph after the '>>graph6<<' header"),
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
    with pytest.raises(BoardFormatError, match="2 and 255"):
        read_system(path, states=256)
    with pytest.raises(BoardFormatError, match="'diagonal'"):
        read_system(path, rule="diagonal")
    assert read_system(path, states=3).states == 3
    assert read_system(path, states=4).states == 4


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
    g6 = tmp_path / "bom.g6"
    g6.write_bytes(b"\xef\xbb\xbfBg\n")  # graph6 is read as bytes: the mark was an error
    assert read_board(g6).edges() == [("0", "1"), ("1", "2")]


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_txt_line_ends_of_every_system(tmp_path: Path, end: str) -> None:
    path = tmp_path / "b.txt"
    path.write_bytes(end.join(["# states: 3", "# rule: open", "12", ".1", ""]).encode())
    grid = read_system(path)
    assert (grid.n, grid.states, grid.lights.tolist()) == (3, 3, [1, 2, 1])
    assert read_board(path).rule == "open"
