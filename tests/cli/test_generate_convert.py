"""``lograph generate`` and ``lograph convert``, run in-process through ``lograph.cli.main``."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from lograph.cli import main
from lograph.core.files import read_board, write_board
from lograph.core.model.generators import diamond, rectangle, wayout_5x5
from tests.cli.helpers import run_cli as run

GRAPHS = Path(__file__).resolve().parents[2] / "graphs"


# Counts by hand: an m×n grid has m(n-1) + n(m-1) edges; a torus 2mn; a cylinder with wrapped
# rows mn + n(m-1); one hexagon has 6 corners and 6 sides; triangular 1×2 is two triangles
# sharing a side (4 corners, 5 sides).
KINDS = [
    (["rectangle", "3", "4"], 12, 17),
    (["rectangle", "3", "3", "--holes", "1,1", "r0c0"], 7, 6),
    (["diamond", "2"], 13, 16),
    (["torus", "3", "4"], 12, 24),
    (["cylinder", "3", "4"], 12, 20),
    (["hexagonal", "1", "1"], 6, 6),
    (["triangular", "1", "2"], 4, 5),
    (["wayout"], 22, 28),
    (["named", "petersen"], 10, 15),
    (["named", "cycle", "5"], 5, 5),
    (["named", "hypercube", "3"], 8, 12),
]


@pytest.mark.parametrize(("args", "buttons", "edges"), KINDS)
@pytest.mark.parametrize("ext", [".json", ".graphml"])
def test_generate_every_kind(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    buttons: int,
    edges: int,
    ext: str,
) -> None:
    path = tmp_path / f"board{ext}"
    status, out, err = run(capsys, "generate", *args, "-o", str(path))
    assert (status, err) == (0, "")
    assert str(path) in out
    board = read_board(path)
    assert (len(board), len(board.edges())) == (buttons, edges)


def test_generate_random_graphs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        assert (
            run(capsys, "generate", "random", "12", "0.4", "--seed", "5", "-o", str(path))[0] == 0
        )
    assert a.read_bytes() == b.read_bytes()  # a seed makes it reproducible
    assert len(read_board(a)) == 12
    d = tmp_path / "d.json"
    assert run(capsys, "generate", "random", "6", "1", "--directed", "-o", str(d))[0] == 0
    assert read_board(d).directed
    assert len(read_board(d).edges()) == 30  # p = 1: every ordered pair
    g = tmp_path / "g.json"
    assert run(capsys, "generate", "geometric", "15", "0.3", "--seed", "2", "-o", str(g))[0] == 0
    assert len(read_board(g)) == 15


@pytest.mark.parametrize(
    ("args", "board"),
    [
        (["rectangle", "6", "7", "--holes", "1,2", "3,3"], rectangle(6, 7, holes=[(1, 2), (3, 3)])),
        (["diamond", "3", "--rule", "open", "--states", "3"], diamond(3, rule="open", states=3)),
        (["wayout"], wayout_5x5()),
    ],
)
def test_fast_ascii_path_equals_the_board_writer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], board
) -> None:
    fast, slow = tmp_path / "fast.txt", tmp_path / "slow.txt"
    assert run(capsys, "generate", *args, "--lights", "on", "-o", str(fast))[0] == 0
    board.set_lights([board.states - 1] * len(board))
    write_board(board, slow)
    assert fast.read_text() == slow.read_text()


def test_generate_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.txt"
    status, out, _ = run(
        capsys, "generate", "rectangle", "4", "5", "--states", "5", "--lights", "random",
        "--seed", "1", "--name", "my board", "--json", "-o", str(path),
    )  # fmt: skip
    assert status == 0
    assert json.loads(out) == {
        "file": str(path), "format": "txt", "name": "my board", "buttons": 20, "edges": 31
    }  # fmt: skip
    board = read_board(path)
    assert board.name == "my board"
    assert board.states == 5
    assert len(set(board.lights().tolist())) > 1  # random over 0..4, not constant


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["rectangle", "0", "3"], "positive"),
        (["torus", "2", "5"], "at least 3"),
        (["rectangle", "3", "3", "--holes", "9,9"], "outside"),
        (["rectangle", "3", "3", "--holes", "9"], "ROW,COL"),
        (["rectangle", "3", "x"], "invalid int"),
        (["rectangle", "3", "3", "--states", "256"], "between 2 and 255"),
        (["named", "nonesuch"], "unknown graph 'nonesuch'"),
        (["named", "cycle"], "one size argument"),
        (["random", "5", "1.5"], "between 0 and 1"),
        (["named", "petersen", "-o", "{tmp}/p.txt"], ".json"),
        (["rectangle", "2", "2", "-o", "{tmp}/p.pdf"], "unknown board file type '.pdf'"),
        (["rectangle", "2", "2", "--states", "11", "--lights", "on"], "above 9"),
        (["rectangle", "2", "2", "-o", "{tmp}/missing/dir/b.json"], "No such file"),
        # refused before anything is built (100000×100000 used to exhaust the memory)
        (["rectangle", "1", "200000"], "too large for an ASCII board"),
        (["diamond", "5000"], "too large for an ASCII board"),
        (["rectangle", "5000", "5000", "-o", "{tmp}/b.json"], "limited to 10000000 buttons"),
        (["random", "10001", "0"], "limited to 10000 buttons"),
        (["random", "2000", "0.9", "-o", "{tmp}/r.json"], "limited to 250000 buttons"),
        (["geometric", "250001", "0", "-o", "{tmp}/g.json"], "limited to 250000 buttons"),
        (["named", "hypercube", "64", "-o", "{tmp}/h.json"], "limited to 250000 buttons"),
        (["named", "complete", "1500", "-o", "{tmp}/h.json"], "1000000 edges"),
    ],
)
def test_generate_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], problem: str
) -> None:
    argv = ["generate", *(a.format(tmp=tmp_path) for a in args)]
    if "-o" not in argv:
        argv += ["-o", str(tmp_path / "out.txt")]
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert err.count("\n") == 1, err
    assert problem in err
    assert "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing written


def test_generate_needs_an_output(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["generate", "wayout"])
    assert exc.value.code == 2
    assert "-o" in capsys.readouterr().err


# ---------------------------------------------------------------- convert
def test_convert_through_every_format_and_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = tmp_path / "start.txt"
    board = wayout_5x5()
    board.set_light("r0c0", 1)
    write_board(board, start)
    chain = [
        start,
        tmp_path / "a.json",
        tmp_path / "b.graphml",
        tmp_path / "c.json",
        tmp_path / "d.txt",
    ]
    for src, dst in itertools.pairwise(chain):
        status, out, err = run(capsys, "convert", str(src), str(dst))
        assert (status, err) == (0, "")
        assert f"wrote {dst}" in out
    assert chain[-1].read_text() == start.read_text()
    assert chain[1].read_text() == chain[3].read_text()


def test_convert_to_graph6_and_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, dst = tmp_path / "p.json", tmp_path / "p.out"
    assert run(capsys, "generate", "named", "petersen", "-o", str(src))[0] == 0
    status, out, _ = run(capsys, "convert", str(src), str(dst), "--to", "graph6", "--json")
    assert status == 0
    assert json.loads(out)["format"] == "graph6"
    assert dst.read_bytes() == b"IheA@GUAo\n"  # the published graph6 code of Petersen
    opened = tmp_path / "open.json"
    assert (
        run(capsys, "convert", str(dst), str(opened), "--from", "graph6", "--rule", "open")[0] == 0
    )
    assert read_board(opened).rule == "open"


@pytest.mark.parametrize(
    ("content", "name", "target", "problem"),
    [
        (b"", "empty.txt", "out.json", "empty"),
        (b'{"format": "lograph", "version": 1, "nodes": [', "cut.json", "out.txt", "invalid JSON"),
        (b"\x00\x01\x02", "bin.json", "out.txt", "binary"),
        (b"1" * 200_001, "wide.txt", "out.json", "too long"),
        (b"11\n11\n", "lit.txt", "out.g6", "no lights"),
        (b"11\n", "ok.txt", "out.docx", "unknown board file type"),
    ],
)
def test_convert_errors_are_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: bytes,
    name: str,
    target: str,
    problem: str,
) -> None:
    src = tmp_path / name
    src.write_bytes(content)
    status, _, err = run(capsys, "convert", str(src), str(tmp_path / target))
    assert status == 2
    assert err.startswith("lograph: error: ")
    assert err.count("\n") == 1, err
    assert problem in err
    assert not (tmp_path / target).exists()


def test_convert_missing_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "convert", str(tmp_path / "nope.json"), str(tmp_path / "x.txt"))
    assert status == 2
    assert "nope.json" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("command", ["generate", "convert", "solve"])
def test_output_in_a_missing_folder_or_onto_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # the message names the file asked for, not the hidden temporary file next to it
    source = str(GRAPHS / "classic-3x3.txt")
    (tmp_path / "folder.json").mkdir()
    for target, problem in [
        (tmp_path / "missing" / "b.json", f"no folder {str(tmp_path / 'missing')!r}"),
        (tmp_path / "folder.json", "is a folder"),
    ]:
        argv = {
            "generate": ["generate", "wayout", "-o", str(target)],
            "convert": ["convert", source, str(target)],
            "solve": ["solve", source, "-o", str(target)],
        }[command]
        status, _, err = run(capsys, *argv)
        assert status == 2
        assert err.startswith(f"lograph: error: {target}: ")
        assert err.count("\n") == 1
        assert problem in err
        assert ".tmp" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.json"]
