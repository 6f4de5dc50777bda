"""Board files beyond the graph board limits (250,000 buttons), read and written from arrays.

The limits are lowered for the test (monkeypatched) instead of writing million-button files:
what is checked is which path takes a file, not how fast. The independent answers are the
networkx path (`native_json.loads(...).to_system()`) and the ASCII reader of the same grid.
"""

from __future__ import annotations

import gc
import json
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from lograph.cli import main
from lograph.core.errors import BoardFormatError
from lograph.core.files import (
    fast_json,
    graphml,
    graphml_lines,
    limits,
    native_json,
    read_board,
    read_system,
    source,
    write_board,
)
from lograph.core.files.source import paused_gc
from lograph.core.model.system import PressSystem
from tests.core.files.test_fast_files import random_board, same_system


@pytest.fixture
def low_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Graph boards limited to 50 buttons and files to 2,000 bytes; the array path keeps
    its own (far higher) limits."""
    monkeypatch.setattr(limits, "MAX_BUTTONS", 50)
    monkeypatch.setattr(limits, "MAX_EDGES", 200)
    monkeypatch.setattr(source, "MAX_FILE_BYTES", 2000)


def generate(tmp_path: Path, name: str, *extra: str) -> Path:
    path = tmp_path / name
    args = ["generate", "rectangle", "9", "11", "--lights", "random", "--seed", "3", *extra]
    assert main([*args, "-o", str(path)]) == 0
    return path


def test_txt_to_json_round_trip_equals_the_txt(
    tmp_path: Path, low_limits: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """99 buttons and a 12 kB file: over the lowered graph board and file limits, so only
    the array path can convert it and read it back; analyze says what the .txt says."""
    txt = generate(tmp_path, "b.txt")
    out = tmp_path / "b.json"
    assert main(["convert", str(txt), str(out)]) == 0
    assert out.stat().st_size > source.MAX_FILE_BYTES
    capsys.readouterr()
    assert main(["analyze", str(txt), "--json"]) == 0
    from_txt = json.loads(capsys.readouterr().out)
    assert main(["analyze", str(out), "--json"]) == 0
    from_json = json.loads(capsys.readouterr().out)
    assert from_json == from_txt
    same_system(read_system(out), read_system(txt))


def test_big_json_generated_equals_converted(tmp_path: Path, low_limits: None) -> None:
    txt = generate(tmp_path, "b.txt")
    made = generate(tmp_path, "g.json")
    converted = tmp_path / "c.json"
    assert main(["convert", str(txt), str(converted)]) == 0
    assert made.read_bytes() == converted.read_bytes()


def test_a_big_json_keeps_its_description_through_the_array_path(
    tmp_path: Path, low_limits: None
) -> None:
    """json → json of a board too big for the editable board keeps its description, as the
    board path does for a small one (json → graphml cannot: GraphML has no field for it)."""
    made = generate(tmp_path, "g.json")
    doc = json.loads(made.read_text("utf-8"))
    assert "description" not in doc
    doc["description"] = "Nine by eleven, lights at random; press to clear."
    made.write_text(json.dumps(doc), "utf-8")
    assert made.stat().st_size > source.MAX_FILE_BYTES  # the array path only
    assert read_system(made).description == doc["description"]
    out = tmp_path / "out.json"
    assert main(["convert", str(made), str(out)]) == 0
    kept = json.loads(out.read_text("utf-8"))
    assert kept["description"] == doc["description"]
    del kept["description"]
    assert kept == json.loads(generate(tmp_path, "again.json").read_text("utf-8"))


def test_big_files_the_array_path_cannot_vouch_for_keep_the_file_limit(
    tmp_path: Path, low_limits: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A big file that needs the checked path (here: one light out of range) gets the file
    size error, one line, exit 2, as before the array path existed."""
    path = generate(tmp_path, "b.json")
    text = path.read_text("utf-8").replace('"light": 0', '"light": 7', 1)
    path.write_text(text, "utf-8")
    with pytest.raises(BoardFormatError, match="file is too large"):
        read_system(path)
    capsys.readouterr()
    assert main(["analyze", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "file is too large" in err[0]


def test_small_bad_files_keep_their_exact_errors(tmp_path: Path) -> None:
    """Below the file limit the checked path words the error, as it always did."""
    path = generate(tmp_path, "b.json")
    for old, new in [('"light": 0', '"light": 7'), ('"light": 0', '"light": ' + "9" * 4000)]:
        path.write_text(path.read_text("utf-8").replace(old, new, 1), "utf-8")
        with pytest.raises(BoardFormatError) as slow:
            native_json.loads(path, path.read_text("utf-8")).to_system()
        with pytest.raises(BoardFormatError) as fast:
            read_system(path)
        assert str(fast.value) == str(slow.value)
        path = generate(tmp_path, "b.json")


def test_array_limits_refuse_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    txt = generate(tmp_path, "b.txt")  # a file made elsewhere: generate now refuses it too
    monkeypatch.setattr(limits, "MAX_ARRAY_BUTTONS", 50)
    out = tmp_path / "b.json"
    assert main(["convert", str(txt), str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "limited to 50 buttons" in err[0]
    assert not out.exists()


def test_memory_guard_refuses_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = generate(tmp_path, "b.json")
    monkeypatch.setattr(limits, "available_memory", lambda: 1000)
    with pytest.raises(BoardFormatError, match="memory"):
        read_system(path)


def test_json_read_matches_networkx_on_a_generated_board(tmp_path: Path) -> None:
    path = generate(tmp_path, "b.json", "--states", "5", "--rule", "open")
    expected = native_json.loads(path, path.read_text("utf-8")).to_system()
    same_system(read_system(path), expected)
    lines = fast_json._line_system(path, path.read_text("utf-8"), None, None)
    assert lines is not None  # the line reader took it
    same_system(lines, expected)


def test_paused_gc_restores_the_collector() -> None:
    assert gc.isenabled()
    seen = []
    try:
        with paused_gc():
            seen.append(gc.isenabled())
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        pass
    assert seen == [False]
    assert gc.isenabled()


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"pos": [0.0, 0.0]', '"pos": [-0, 0.0]'),  # JSON's integer -0 is 0, not -0.0
        ('"pos": [0.0, 0.0]', '"pos": [1e999, 0.0]'),
        ('"pos": [0.0, 0.0]', '"pos": [1.5E-3, 2]'),
        ('"light": 0,', '"light": 1 ,'),
        ('{"id": "r0c0"', 'x{"id": "r0c0"'),
        ('"self_action": null}', '"self_action": null},'),
        ('"target": "r0c1"}', '"target": "r0c1"}  '),
        ('"id": "r0c1"', '"id": "r0c0"'),
        ('"source": "r0c0"', '"source": "nowhere"'),
        ('"source": "r0c0", "target": "r0c1"', '"source": "r0c1", "target": "r0c1"'),
        ('"name": "9x11",', '"name": "9x11", "nodes": 3,'),
        ('"states": 2', '"states": 1'),
        ('"directed": false', '"directed": true'),
        ('"self_action": null}', '"self_action": false}'),
    ],
)
def test_the_line_reader_agrees_with_the_networkx_path(tmp_path: Path, old: str, new: str) -> None:
    """Edits of a generated file that the line reader must either read exactly as the
    networkx path does or leave to it (same system, or the same error)."""
    path = generate(tmp_path, "b.json")
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    problem = ""
    try:
        expected = native_json.loads(path, path.read_text("utf-8")).to_system()
    except BoardFormatError as slow:
        problem = str(slow)
    if problem:
        with pytest.raises(BoardFormatError) as fast:
            read_system(path)
        assert str(fast.value) == problem
        return
    got = read_system(path)
    same_system(got, expected)
    assert np.array_equal(np.signbit(got.positions), np.signbit(expected.positions))


def on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every progress bar is drawn as on a terminal, with no delay."""
    import contextlib

    from lograph.cli import progress

    real = progress.progress_bar

    @contextlib.contextmanager
    def forced(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        with real(*args, **{**kwargs, "force": True, "delay": 0}) as hook:  # type: ignore[arg-type]
            yield hook

    monkeypatch.setattr(progress, "progress_bar", forced)


def test_convert_shows_its_steps_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With a terminal (forced, no delay) the bar ends at 3/3 steps; in a pipe, nothing."""
    txt = generate(tmp_path, "b.txt")
    capsys.readouterr()
    assert main(["convert", str(txt), str(tmp_path / "quiet.json")]) == 0
    assert capsys.readouterr().err == ""
    on_a_terminal(monkeypatch)
    assert main(["convert", str(txt), str(tmp_path / "b.json")]) == 0
    assert "3/3 step" in capsys.readouterr().err


def networkx_graphml(path: Path) -> PressSystem:
    return graphml.loads(path, path.read_text("utf-8")).to_system()


@pytest.mark.parametrize("seed", range(30))
def test_graphml_read_from_arrays_equals_networkx(tmp_path: Path, seed: int) -> None:
    rng = np.random.default_rng(300 + seed)
    board = random_board(rng, [2, 3, 4, 5, 6, 9][seed % 6], directed=seed % 2 == 1)
    board.name = ["", "plain name", "a & b"][seed % 3]
    path = tmp_path / "b.graphml"
    write_board(board, path)
    same_system(read_system(path), networkx_graphml(path))
    same_system(read_system(path), board.to_system())


def test_generated_graphml_takes_the_line_reader(tmp_path: Path) -> None:
    path = generate(tmp_path, "b.graphml", "--states", "7")
    expected = networkx_graphml(path)
    lines = graphml_lines._line_system(path, path.read_text("utf-8"), None, None)
    assert lines is not None
    same_system(lines, expected)
    same_system(read_system(path, rule="open"), networkx_graphml(path).with_rule("open"))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('<data key="d5">0.0</data>', '<data key="d5">-0</data>'),
        ('<data key="d5">0.0</data>', '<data key="d5">1e999</data>'),
        ('<data key="d7">0</data>', '<data key="d7">9</data>'),
        ('<data key="d7">0</data>', '<data key="d7">' + "9" * 4000 + "</data>"),
        ('<data key="d7">0</data>', '<data key="d7">0</data>\n      <data key="d8">True</data>'),
        ('<node id="r0c1">', '<node id="r0c0">'),
        ('source="r0c0"', 'source="nowhere"'),
        ('source="r0c0" target="r0c1"', 'source="r0c1" target="r0c1"'),
        ('<data key="d4">2</data>', '<data key="d4">1</data>'),
        ('<data key="d0">lograph</data>', '<data key="d0">other</data>'),
        ('edgedefault="undirected"', 'edgedefault="directed"'),
        ("</graphml>\n", "</graphml>\n<!-- x -->\n"),
        ("    </node>\n", "    </node>\n\n"),
    ],
)
def test_graphml_edits_agree_with_the_networkx_path(tmp_path: Path, old: str, new: str) -> None:
    path = generate(tmp_path, "b.graphml")
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    problem = ""
    try:
        expected = networkx_graphml(path)
    except BoardFormatError as slow:
        problem = str(slow)
    if problem:
        with pytest.raises(BoardFormatError) as fast:
            read_system(path)
        assert str(fast.value) == problem
        return
    got = read_system(path)
    same_system(got, expected)
    assert np.array_equal(np.signbit(got.positions), np.signbit(expected.positions))


def test_big_graphml_round_trip(
    tmp_path: Path, low_limits: None, capsys: pytest.CaptureFixture[str]
) -> None:
    txt = generate(tmp_path, "b.txt")
    out = tmp_path / "b.graphml"
    assert main(["convert", str(txt), str(out)]) == 0
    assert out.stat().st_size > source.MAX_FILE_BYTES
    same_system(read_system(out), read_system(txt))


@pytest.mark.parametrize("seed", range(10))
def test_merged_sorted_runs_give_scipys_structure(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """The numpy merge of few sorted runs (`system._FEW_RUNS`) against scipy's conversion,
    on grids (few runs) and on edges in a few shuffled blocks, empty ones included."""
    from lograph.core.model import system as system_module
    from lograph.core.model.grids import grid_system

    rng = np.random.default_rng(seed)
    grid = grid_system(int(rng.integers(1, 40)), int(rng.integers(1, 40)), rule="open")
    cols = np.repeat(np.arange(grid.n), np.diff(grid.indptr))
    blocks = [cols, grid.indices][: int(rng.integers(0, 3))] or [np.zeros(0, np.int64)] * 2
    args = (grid.n, blocks[0], blocks[-1], rng.random(grid.n) < 0.5)
    monkeypatch.setattr(system_module, "_NUMPY_SORT_LIMIT", -1)
    merged = PressSystem.from_edges(*args, directed=seed % 2 == 0)
    monkeypatch.setattr(system_module, "_FEW_RUNS", 0)  # scipy's conversion
    converted = PressSystem.from_edges(*args, directed=seed % 2 == 0)
    assert merged.indptr.tolist() == converted.indptr.tolist()
    assert merged.indices.tolist() == converted.indices.tolist()


@pytest.mark.parametrize("command", [["analyze"], ["solve"], ["worst", "--time-limit", "5"]])
def test_reading_and_analysing_show_their_steps_on_a_terminal(
    command: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Reading a board and preparing its solver is two steps of a bar on a terminal (forced,
    no delay) and nothing in a pipe or with --json."""
    txt = generate(tmp_path, "b.txt")
    capsys.readouterr()
    assert main([command[0], str(txt), *command[1:]]) == 0
    assert "step" not in capsys.readouterr().err
    on_a_terminal(monkeypatch)
    assert main([command[0], str(txt), *command[1:]]) == 0
    assert "2/2 step" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("kind", "sizes", "what"),
    [
        ("rectangle", ["9", "11"], "a 9×11 rectangle would have 99 buttons"),
        ("diamond", ["5"], "a diamond of radius 5 would have 61 buttons"),
        ("rectangle", ["99999999", "99999999"], "9999999800000001 buttons"),
    ],
)
def test_generate_names_the_array_limit_it_hits(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    kind: str,
    sizes: list[str],
    what: str,
) -> None:
    """A grid written as .json beyond the array path's limit (lowered to 50 buttons) is
    refused with that limit, not the graph boards' one, before anything is built."""
    monkeypatch.setattr(limits, "MAX_ARRAY_BUTTONS", 50)
    out = tmp_path / "b.json"
    assert main(["generate", kind, *sizes, "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert what in err[0]
    assert "grids are limited to 50 buttons" in err[0]
    assert not out.exists()


# -------------------------------------- generate, convert and analyze of JSON from arrays


@pytest.fixture
def no_graphs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any networkx graph built from here on fails the test."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a networkx graph was built")

    monkeypatch.setattr(nx.Graph, "__init__", refuse)


def test_big_grids_never_build_a_networkx_graph(tmp_path: Path, no_graphs: None) -> None:
    """generate, convert and analyze of a 120×120 board (14,400 buttons) stay in arrays."""
    board_json, board_txt, copy = tmp_path / "b.json", tmp_path / "b.txt", tmp_path / "c.json"
    generate = ["generate", "rectangle", "120", "120", "--lights", "random", "--seed", "1"]
    assert main([*generate, "-o", str(board_json)]) == 0
    assert main([*generate, "-o", str(board_txt)]) == 0
    assert main(["convert", str(board_txt), str(copy)]) == 0
    assert copy.read_bytes() == board_json.read_bytes()
    assert main(["analyze", str(board_json)]) == 0
    assert read_system(board_json).n == 120 * 120


def test_generated_json_is_what_the_board_path_writes(tmp_path: Path) -> None:
    fast, slow = tmp_path / "fast.json", tmp_path / "slow.json"
    args = ["rectangle", "6", "7", "--holes", "1,1", "3,4", "--states", "6", "--rule", "open"]
    args += ["--lights", "random", "--seed", "5"]
    assert main(["generate", *args, "-o", str(fast)]) == 0
    assert main(["generate", *args, "--stencil", "plus", "-o", str(slow)]) == 0  # board path
    board = read_board(slow)
    board.name = read_board(fast).name  # the stencil path names its rule
    assert fast.read_text("utf-8") == native_json.dumps(board)
