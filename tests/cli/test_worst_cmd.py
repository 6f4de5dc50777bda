"""``lograph worst``: text and JSON, exact and bounded answers, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lograph.cli import main
from lograph.core.model.generators import named, rectangle
from tests.cli.helpers import board_file
from tests.references import brute_force_fewest, press_matrix


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["worst", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_three_by_three_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The published 3×3 answer: all nine presses; the X of corners and centre towards all-off, the
    # edge-midpoint pattern 010/101/010 towards all-on.
    path = board_file(tmp_path, rectangle(3, 3))
    off = run_json(capsys, path)
    assert {"worst_presses", "lights", "exact", "presses"} <= set(off)
    assert (off["worst_presses"], off["exact"], off["press_count"]) == (9, True, 9)
    assert sorted(off["lights"]) == ["r0c0", "r0c2", "r1c1", "r2c0", "r2c2"]
    on = run_json(capsys, path, "--goal", "on")
    assert sorted(on["lights"]) == ["r0c1", "r1c0", "r1c2", "r2c1"]


def test_five_by_five_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["worst", board_file(tmp_path, rectangle(5, 5))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("worst position: 15 presses (exact")
    assert "fewest presses for it:" in out
    picture = out.split("one such position")[1].splitlines()[1:6]
    assert all(set(row.split()) <= {"#", "."} for row in picture)


def test_position_needs_what_it_says(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Light the reported position on a board and ask `solve --minimal` (a different code
    # path through the engine) how many presses it needs.
    board = rectangle(4, 4, holes=[(1, 2)])
    data = run_json(capsys, board_file(tmp_path, board))
    for button in data["lights"]:
        board.set_light(button, 1)
    assert main(["solve", board_file(tmp_path, board, "pos.json"), "--minimal", "--json"]) == 0
    solved = json.loads(capsys.readouterr().out)
    assert solved["press_count"] == data["worst_presses"]
    assert data["exact"]
    assert solved["exact"]


def test_graph_board_lists_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = named("petersen")
    path = board_file(tmp_path, board)
    data = run_json(capsys, path)
    fewest, _ = brute_force_fewest(press_matrix(board), 2)
    assert (data["worst_presses"], data["exact"]) == (fewest.max(), True)
    assert main(["worst", path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2] == "lit: " + " ".join(data["lights"])
    assert out[3] == "press: " + " ".join(data["presses"])


@pytest.mark.usefixtures("highs_stops_after_one_node")
def test_bounded_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The integer program stopped by work, not seconds: the same bounded answer everywhere
    # (without the spectrum search, which proves 9×9 exactly before the program starts).
    from lograph.core.optimize.worst import _search as worst

    monkeypatch.setattr(worst, "SPECTRUM_NULLITY_LIMIT", 0)
    path = board_file(tmp_path, rectangle(9, 9))
    data = run_json(capsys, path, "--time-limit", "600")
    assert data["exact"] is False
    assert data["worst_presses"] < data["upper_bound"]
    assert main(["worst", path, "--time-limit", "600"]) == 0
    out = capsys.readouterr().out
    assert f"between {data['worst_presses']} and {data['upper_bound']}" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [(["--time-limit", "0"], "time-limit"), (["--time-limit", "nan"], "not nan")],
)
def test_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    assert main(["worst", board_file(tmp_path, rectangle(5, 5)), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lograph: error:")
    assert message in err


@pytest.mark.parametrize(("size", "states"), [(19, 2), (9, 4)])
def test_bounded_answer_in_a_fresh_process(tmp_path: Path, size: int, states: int) -> None:
    # In a fresh process the compiled kernels are first called through lograph's lazy
    # wrapper, not numba's dispatcher (in-process tests load numba early): the annealing of
    # both the GF(2) and the Z_k worst position must work there too. The answer is bounded
    # (19×19: nullity 16; 9×9 over Z_4: the program is not proven); whatever the machine
    # reaches in 2 s, its position needs its count.
    import subprocess
    import sys

    import numpy as np

    board = rectangle(size, size, states=states)
    path = board_file(tmp_path, board)
    done = subprocess.run(
        [sys.executable, "-m", "lograph", "worst", path, "--json", "--time-limit", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["exact"], data["method"]) == (False, "search")
    assert 0 < data["worst_presses"] < data["upper_bound"]
    ids = [str(node) for node in board.graph.nodes]
    x = np.zeros(len(ids), dtype=np.int64)
    for name in data["presses"]:
        x[ids.index(name)] += 1
    lights = np.zeros(len(ids), dtype=np.int64)
    if states > 2:
        lights[:] = data["light_values"]
    else:
        lights[[ids.index(name) for name in data["lights"]]] = 1
    assert int(x.sum()) == data["worst_presses"]
    assert not np.any((press_matrix(board) @ x + lights) % states)
