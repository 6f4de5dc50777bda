"""`lograph solve --minimal` beyond one transform: the exact answer in JSON, nothing on stderr
when it is not a terminal (no progress bar in pipes or with --json)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lograph.cli import main
from tests.references import A075464_EXTENDED


def test_solve_minimal_beyond_one_transform(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "b47.txt"
    assert main(["generate", "rectangle", "47", "47", "-o", str(board)]) == 0
    capsys.readouterr()
    assert main(["solve", str(board), "--goal", "on", "--minimal", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["solutions"] == 2**30  # nullity 30: beyond one transform
    assert data["exact"] is True
    assert data["method"] == "branch and bound"
    assert data["press_count"] == A075464_EXTENDED[46]
    assert err == ""


def test_the_search_a_bounded_answer_suggests_runs_and_proves_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "b47.txt"
    assert main(["generate", "rectangle", "47", "47", "-o", str(board)]) == 0
    solve = ["solve", str(board), "--goal", "on", "--minimal"]
    capsys.readouterr()
    assert main([*solve, "--max-leaves", "2"]) == 0  # past this budget: bounded
    headline = capsys.readouterr().out.splitlines()[0]
    suggested = re.search(r"\(--max-leaves (\d+)\)", headline)
    assert "not proven optimal" in headline
    assert suggested is not None
    assert main([*solve, "--max-leaves", suggested.group(1), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["exact"], data["press_count"]) == (True, A075464_EXTENDED[46])


def test_a_search_past_the_most_leaves_is_said_out_of_reach_not_suggested(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lograph.cli import solve_cmd

    board = tmp_path / "b47.txt"
    assert main(["generate", "rectangle", "47", "47", "-o", str(board)]) == 0
    monkeypatch.setattr(solve_cmd, "MAX_LEAVES", 3)  # the 47×47 search needs more
    capsys.readouterr()
    assert main(["solve", str(board), "--goal", "on", "--minimal", "--max-leaves", "2"]) == 0
    headline = capsys.readouterr().out.splitlines()[0]
    assert "out of reach" in headline
    assert re.search(r"\(--max-leaves \d+\)", headline) is None  # no value it would refuse


def test_the_cli_and_the_core_agree_on_the_most_leaves() -> None:
    from lograph.cli.solve_cmd import MAX_LEAVES, max_leaves_arg
    from lograph.core.optimize.minimal import MAX_SEARCH_LEAVES

    assert MAX_LEAVES == MAX_SEARCH_LEAVES
    assert max_leaves_arg(str(MAX_SEARCH_LEAVES)) == MAX_SEARCH_LEAVES
