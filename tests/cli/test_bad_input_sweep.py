"""Bad input swept across the readers: long cell ids, long numbers, far positions, cell ids
with leading zeros, FIFOs, far-apart cells in a .txt solution, loose .txt settings and
control characters in board names. Each is one line and exit status 2 on the command line
(or one `BoardFormatError` from the reader), never a traceback, a hang or a wrong answer."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lograph.core.errors import BoardError, BoardFormatError
from lograph.core.files import read_board, read_solution, read_system, write_board
from lograph.core.files.level_pack import LevelPack, is_level_pack, pack_text, read_level_pack
from lograph.core.model.board import Board
from lograph.core.model.checks import MAX_COORDINATE, check_board_name
from lograph.core.model.generators import rectangle
from lograph.core.model.system import cell_coords, parse_cell_name
from tests.cli.helpers import run_cli as call


def one_line_error(status: int, err: str, *words: str) -> None:
    assert status == 2, err
    assert len(err.strip().splitlines()) == 1, err
    assert "internal error" not in err
    assert "Traceback" not in err
    assert not {"\x1b", "\x07"} & set(err)  # nothing raw reaches the terminal
    for word in words:
        assert word in err


def written(tmp_path: Path, name: str, board: Board | None = None) -> Path:
    """A 1×2 board (or `board`) saved by lograph's own writer as `name`."""
    path = tmp_path / name
    write_board(board if board is not None else rectangle(1, 2), path)
    return path


def edited(path: Path, old: str, new: str) -> Path:
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")
    return path


# ------------------------------------------------------------ 1, 4: grid cell names
BIG_CELL = "r99999999999999999999c0"


@pytest.mark.parametrize(
    ("name", "cell"),
    [
        ("r0c0", (0, 0)),
        ("r12c3", (12, 3)),
        ("r999999999c7", (999_999_999, 7)),
        ("r00c0", None),
        ("r012c3", None),
        ("r0c00", None),
        ("r1000000000c0", None),
        (BIG_CELL, None),
        ("r\u0663c0", None),  # an Arabic-Indic three: a digit to \d and int(), not to lograph
        ("r0c0\n", None),
        ("R0C0", None),
        ("r-1c0", None),
    ],
)
def test_one_definition_of_a_grid_cell_name(name: str, cell: tuple[int, int] | None) -> None:
    assert parse_cell_name(name) == cell
    coords = cell_coords(["r5c5", name])  # the vectorised reader agrees, name for name
    if cell is None:
        assert coords is None
    else:
        assert coords is not None
        assert coords.tolist() == [[5, 5], list(cell)]


@given(st.lists(st.from_regex(r"r[0-9]{1,11}c[0-9]{1,11}", fullmatch=True), unique=True))
def test_no_two_ids_share_a_cell(names: list[str]) -> None:
    cells = [parse_cell_name(v) for v in names]
    found = [c for c in cells if c is not None]
    assert len(set(found)) == len(found)
    assert all(f"r{c[0]}c{c[1]}" == v for v, c in zip(names, cells, strict=True) if c)


@pytest.mark.parametrize("ext", ["json", "graphml", "plain.json"])
def test_cell_id_past_the_digit_limit_is_a_plain_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ext: str
) -> None:
    if ext == "plain.json":  # the fuzzer's file: plain node-link data
        path = tmp_path / "bigcell.json"
        path.write_text(json.dumps({"nodes": [{"id": BIG_CELL, "pos": [0, 0]}]}))
    else:  # lograph's own layout, read line by line
        board = Board()
        board.add_button(BIG_CELL)
        path = written(tmp_path, f"bigcell.{ext}", board)
    status, _, err = call(capsys, "analyze", str(path))
    assert (status, err) == (0, ""), err
    system = read_system(path)
    assert system.coords is None
    assert list(system.names) == [BIG_CELL]
    assert read_board(path).to_system().coords is None  # the board path (convert, window)


DUP_CELL = {
    "nodes": [
        {"id": "r0c0", "pos": [0, 0]},
        {"id": "r00c0", "pos": [1, 0]},
        {"id": "r0c1", "pos": [2, 0]},
    ],
    "edges": [{"source": "r0c0", "target": "r0c1"}],
}


def test_leading_zero_ids_are_three_distinct_buttons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dupcell.json"
    path.write_text(json.dumps(DUP_CELL))
    system = read_system(path)
    assert system.coords is None
    assert read_board(path).to_system().coords is None
    status, _, err = call(capsys, "chase", str(path))
    assert (status, err) == (0, ""), err
    status, out, err = call(capsys, "analyze", str(path), "--json")
    assert status == 0, err
    nullity = json.loads(out)["nullity"]
    quiet = sum(
        not system.apply(np.array(x)).any()
        for x in itertools.product(range(system.states), repeat=system.n)
    )
    assert quiet == system.states**nullity


# ------------------------------------------------------------ 2: every numeric field
BIG = "100000000000000000000"  # 10**20: past int64


def _graphml_double_light(tmp_path: Path) -> Path:
    """A light stored as a double (as other tools may write it) of 1e300."""
    path = written(tmp_path, "b.graphml")
    edited(path, 'attr.name="light" attr.type="long"', 'attr.name="light" attr.type="double"')
    return edited(path, '<data key="d7">0</data>', '<data key="d7">1e300</data>')


def _self_action_graphml(tmp_path: Path) -> Path:
    board = rectangle(1, 2)
    board.set_self_action("r0c0", False)
    return edited(written(tmp_path, "b.graphml", board), ">False<", f">{BIG}<")


NUMBERS: dict[str, tuple[Callable[[Path], Path], tuple[str, ...]]] = {
    "graphml light": (
        lambda t: edited(
            written(t, "b.graphml"), '<data key="d7">0</data>', f'<data key="d7">{BIG}</data>'
        ),
        (f"light value {BIG} is out of range 0..1", "'r0c0'"),
    ),
    "graphml double light": (
        _graphml_double_light,
        ("light value a 301-digit integer is out of range 0..1", "'r0c0'"),
    ),
    "json light": (
        lambda t: edited(written(t, "b.json"), '"light": 0', f'"light": {BIG}'),
        (f"light value {BIG} is out of range 0..1", "'r0c0'"),
    ),
    "json states": (
        lambda t: edited(written(t, "b.json"), '"states": 2', f'"states": {BIG}'),
        (f"number of states {BIG} must be an integer between 2 and 255",),
    ),
    "graphml states": (
        lambda t: edited(
            written(t, "b.graphml"), '<data key="d4">2</data>', f'<data key="d4">{BIG}</data>'
        ),
        (f"number of states {BIG} must be an integer between 2 and 255",),
    ),
    "txt states": (
        lambda t: edited(written(t, "b.txt"), "# states: 2", f"# states: {BIG}"),
        (f"number of states {BIG} must be an integer between 2 and 255",),
    ),
    "json self_action": (
        lambda t: edited(written(t, "b.json"), '"self_action": null', f'"self_action": {BIG}'),
        ("'r0c0'", f"self_action {BIG} is not true/false/null"),
    ),
    "graphml self_action": (
        _self_action_graphml,
        (f"key 'self_action': '{BIG}' is not true or false",),
    ),
    "json position": (
        lambda t: edited(written(t, "b.json"), '"pos": [0.0, 0.0]', f'"pos": [{BIG}, 0.0]'),
        ("'r0c0'", "out of range (coordinates are limited to ±1e+09)"),
    ),
    "graphml position": (
        lambda t: edited(
            written(t, "b.graphml"), '<data key="d6">0.0</data>', f'<data key="d6">-{BIG}</data>'
        ),
        ("'r0c0'", "out of range (coordinates are limited to ±1e+09)"),
    ),
}


@pytest.mark.parametrize("case", sorted(NUMBERS))
def test_numbers_past_int64_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    make, words = NUMBERS[case]
    path = make(tmp_path)
    for command in ("analyze", "convert"):
        extra = [str(tmp_path / "out.json")] if command == "convert" else []
        status, _, err = call(capsys, command, str(path), *extra)
        one_line_error(status, err, str(path), *words)
    assert not (tmp_path / "out.json").exists()


def _pack(tmp_path: Path, change: Callable[[dict], None]) -> Path:
    doc = json.loads(pack_text(LevelPack("p", rectangle(1, 2), [])))
    doc["levels"] = [{"lights": {"r0c0": 1}, "fewest": 1, "unique": True}]
    change(doc)
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["levels"][0]["lights"].update(r0c0=10**20), f"light {BIG} of 'r0c0'"),
        (lambda d: d["levels"][0].update(fewest=10**20), f"fewest {BIG} is more than"),
        (lambda d: d["board"]["nodes"][0].update(pos=[0, 1e12]), "out of range"),
        (lambda d: d.update(name="a\x1b]0;x\x07"), "pack name 'a\\x1b]0;x\\x07' contains"),
    ],
)
def test_level_pack_fields(tmp_path: Path, change: Callable[[dict], None], words: str) -> None:
    with pytest.raises(BoardFormatError, match=r"pack\.json: ") as err:
        read_level_pack(_pack(tmp_path, change))
    assert words in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("name", "text", "words"),
    [
        (
            "s.json",
            '{"format": "lograph-solution", "presses": {"r0c0": ' + BIG + "}}",
            f"press count {BIG}",
        ),
        ("s.json", '{"format": "lograph-solution", "presses": {"r0c0": true}}', "press count True"),
        ("s.json", '{"format": "lograph-solution", "presses": {"r0c0": NaN}}', "NaN"),
        ("s.csv", f"button,presses\nr0c0,{BIG}\n", f"press count {BIG}"),
        ("s.csv", "button,presses\nr0c0,\uff11\n", "is not a number"),  # a full-width 1
        ("s.csv", "button,presses\nr0c0,1_0\n", "is not a number"),
        ("s.txt", "a 1_1\n", "is not a number"),
    ],
)
def test_solution_counts_are_plain_small_numbers(
    tmp_path: Path, name: str, text: str, words: str
) -> None:
    board = rectangle(1, 2) if name != "s.txt" else Board()
    if name == "s.txt":  # a list solution: the board has no grid names
        board.add_button("a")
        board.add_button("b")
    path = tmp_path / name
    path.write_text(text, "utf-8")
    with pytest.raises(BoardFormatError) as err:
        read_solution(path, board.to_system())
    assert words in str(err.value)
    assert "\n" not in str(err.value)


# ------------------------------------------------------------ 3: far positions
@pytest.mark.parametrize(
    ("name", "make"),
    [
        ("farpos.json", lambda p: p.write_text('{"nodes": [{"id": "a", "pos": [1e308, 0]}]}')),
        ("line.json", lambda p: write_board(_at(1e10, 0.0), p)),
        ("line.graphml", lambda p: write_board(_at(0.0, -2e9), p)),
        ("plain.graphml", lambda p: p.write_text(_PLAIN_GRAPHML % "1e15")),
    ],
)
def test_far_positions_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, make: Callable[[Path], None]
) -> None:
    path = tmp_path / name
    make(path)
    for argv in (("analyze", str(path)), ("render", str(path), "-o", str(tmp_path / "p.png"))):
        status, _, err = call(capsys, *argv)
        one_line_error(status, err, "'a'", "out of range (coordinates are limited to ±1e+09)")
    assert not (tmp_path / "p.png").exists()


_PLAIN_GRAPHML = (
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
    '<key id="x" for="node" attr.name="x" attr.type="double"/>'
    '<key id="y" for="node" attr.name="y" attr.type="double"/>'
    '<graph edgedefault="undirected"><node id="a"><data key="x">%s</data>'
    '<data key="y">0</data></node></graph></graphml>'
)


def _at(x: float, y: float) -> Board:
    """A one-button board at (x, y), built past `check_pos` as a file from elsewhere would
    hold it (the writers write what the board holds)."""
    board = Board()
    board.add_button("a")
    board.add_button("b", pos=(1.0, 1.0))
    board.add_edge("a", "b")
    board.graph.nodes["a"]["pos"] = (x, y)
    return board


def test_positions_at_the_limit_are_read(tmp_path: Path) -> None:
    path = tmp_path / "edge.json"
    write_board(_at(MAX_COORDINATE, -MAX_COORDINATE), path)
    assert read_system(path).positions.tolist()[0] == [MAX_COORDINATE, -MAX_COORDINATE]
    with pytest.raises(BoardError, match="out of range"):
        read_board(path).set_position("a", (0.0, 2 * MAX_COORDINATE))


# ------------------------------------------------------------ 5: special files
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    link = tmp_path / "link.json"
    link.symlink_to(fifo)
    for target in (fifo, link):  # a child process: a regression hangs 60 s, not forever
        run = subprocess.run(
            [sys.executable, "-m", "lograph", "analyze", str(target)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        one_line_error(run.returncode, run.stderr, str(target), "is a named pipe (FIFO)")
    probe = "import sys; from lograph.core.files.level_pack import is_level_pack as sniff; "
    probe += "print(sniff(sys.argv[1]))"
    run = subprocess.run(
        [sys.executable, "-c", probe, str(fifo)], capture_output=True, text=True, timeout=60
    )
    assert run.stdout.strip() == "False", run.stderr


def test_folders_and_devices_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "dir.json").mkdir()
    status, _, err = call(capsys, "analyze", str(tmp_path / "dir.json"))
    one_line_error(status, err, "dir.json: is a folder, not a file")
    if os.path.exists("/dev/null"):
        with pytest.raises(BoardFormatError, match="/dev/null: is a device, not a regular file"):
            read_board("/dev/null", "json")
    assert not is_level_pack(tmp_path / "dir.json")


# ------------------------------------------------------------ 6: far-apart cells as .txt
def test_txt_solution_of_far_apart_cells(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "far.json"
    nodes = [
        {"id": "r5000000c5000000", "pos": [0, 0], "light": 1},
        {"id": "r0c0", "pos": [1, 0]},
    ]
    board.write_text(json.dumps({"nodes": nodes}))
    solution = tmp_path / "far.txt"
    status, _, err = call(capsys, "solve", str(board), "-o", str(solution))
    assert (status, err) == (0, ""), err
    body = [ln for ln in solution.read_text().splitlines() if not ln.startswith("#")]
    assert body == ["r5000000c5000000"]  # listed by id: a drawing would be 25·10¹² cells
    assert read_solution(solution, read_system(board)).tolist() == [1, 0]
    status, _, err = call(capsys, "convert", str(board), str(tmp_path / "far-board.txt"))
    one_line_error(status, err, "5000001×5000001 grid cells", "more than a .txt grid holds")
    assert not (tmp_path / "far-board.txt").exists()


# ------------------------------------------------------------ 7: strict .txt settings
@pytest.mark.parametrize(
    ("header", "words"),
    [
        ("# states: 1_1", "states '1_1' is not a number (write digits 0-9)"),
        ("# states: \uff13", "states '\uff13' is not a number (write digits 0-9)"),
        ("# states: +3", "states '+3' is not a number (write digits 0-9)"),
        ("# rule: OPEN", "rule 'OPEN' is not one of closed, open"),
    ],
)
def test_txt_settings_are_strict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], header: str, words: str
) -> None:
    path = tmp_path / "b.txt"
    path.write_text(f"{header}\n01\n", "utf-8")
    status, _, err = call(capsys, "analyze", str(path))
    one_line_error(status, err, words)


def test_rule_case_is_refused_alike_in_json_and_txt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    json_path = edited(written(tmp_path, "b.json"), '"rule": "closed"', '"rule": "OPEN"')
    txt_path = edited(written(tmp_path, "b.txt"), "# rule: closed", "# rule: OPEN")
    tails = []
    for path in (json_path, txt_path):
        status, _, err = call(capsys, "analyze", str(path))
        one_line_error(status, err)
        tails.append(err.split(f"{path}: ", 1)[-1])
    assert tails[0] == tails[1] == "rule 'OPEN' is not one of closed, open\n"


# ------------------------------------------------------------ 8: names that drive a terminal
NAMES = {
    "json escape": ("b.json", lambda p: edited(p, '"name": "1x2"', '"name": "\\u001b]0;x\\u0007"')),
    "json line break": ("b.json", lambda p: edited(p, '"name": "1x2"', '"name": "a\\nb"')),
    "graphml line break": ("b.graphml", lambda p: edited(p, ">1x2<", ">a&#10;b<")),
    "txt escape": ("b.txt", lambda p: edited(p, "# name: 1x2", "# name: a\x1b]0;x\x07")),
}


@pytest.mark.parametrize("case", sorted(NAMES))
def test_control_characters_in_names_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    name, change = NAMES[case]
    path = change(written(tmp_path, name))
    report = tmp_path / "report.md"
    for argv in (("analyze", str(path)), ("report", str(path), "-o", str(report))):
        status, _, err = call(capsys, *argv)
        one_line_error(status, err, str(path), "name '", "contains a control character")
    assert not report.exists()


def test_names_are_checked_where_generate_can_reach_and_writers_refuse_them(
    tmp_path: Path,
) -> None:
    assert check_board_name("5x5 with holes") == "5x5 with holes"
    with pytest.raises(BoardError, match="control character"):
        check_board_name("\x1b]0;x\x07")
    board = rectangle(1, 2)
    board.name = "a\x1bb"
    for ext in ("json", "graphml"):  # a file the readers would refuse is never written
        with pytest.raises(BoardFormatError, match="control character"):
            write_board(board, tmp_path / f"b.{ext}")
        assert not (tmp_path / f"b.{ext}").exists()
    write_board(board, tmp_path / "b.txt")  # one printable line, as line breaks always were
    assert read_board(tmp_path / "b.txt").name == "ab"


def test_a_file_name_with_escape_gives_a_printable_board_name(tmp_path: Path) -> None:
    path = tmp_path / "a\x1bb.txt"
    path.write_text("01\n")
    assert read_board(path).name == "ab"


# ------------------------------------------------------------------ paths no file can have
def test_a_nul_byte_in_a_path_is_an_os_error_not_a_value_error(tmp_path: Path) -> None:
    nul = f"{tmp_path}/a\x00b.json"
    for attempt in (lambda: read_board(nul), lambda: write_board(rectangle(2, 2), nul)):
        with pytest.raises((OSError, BoardFormatError), match="NUL byte") as refused:
            attempt()  # a ValueError ("embedded null byte") reached the window's crash box
        assert "\x00" not in str(refused.value)
    assert list(tmp_path.iterdir()) == []


def test_a_big_txt_grid_read_as_a_graph_is_pointed_to_the_headless_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lograph.core.files import limits

    monkeypatch.setattr(limits, "MAX_BUTTONS", 8)  # a 3×3 grid stands for a huge one
    grid = tmp_path / "g.txt"
    grid.write_text("000\n000\n000\n", encoding="utf-8")
    with pytest.raises(BoardFormatError) as refused:
        read_board(grid)
    assert "lograph analyze" in str(refused.value)
    assert "use .txt" not in str(refused.value)  # it is .txt already
