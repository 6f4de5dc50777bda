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
    from lograph.core.optimize.fewest._search import MAX_SEARCH_LEAVES

    assert MAX_LEAVES == MAX_SEARCH_LEAVES
    assert max_leaves_arg(str(MAX_SEARCH_LEAVES)) == MAX_SEARCH_LEAVES


def _three_colour_board(tmp_path: Path) -> Path:
    """11×11 over GF(5) (625 solutions a position) with a solvable scattered position."""
    import numpy as np

    from lograph.core.model.generators import grid_system

    presses = np.random.default_rng(11).integers(0, 5, 121)  # a position some presses make
    rows = grid_system(11, 11, states=5).apply(presses).reshape(11, 11)
    board = tmp_path / "b11-5.txt"
    board.write_text("# states: 5\n" + "".join("".join(map(str, r)) + "\n" for r in rows))
    return board


def test_solve_minimal_with_more_colours_past_one_transform(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the single transform and the window's prefix limit made tiny, `solve --minimal`
    still proves the answer (it allows the larger `CLI_SPLIT_LIMIT`), the same as the walk
    gives; stopped at once by --time-limit it answers the best found with a proven bound."""
    from lograph.core.optimize.fewest import _fourier as zk_fourier_split
    from lograph.core.optimize.fewest import _past_walk as zk_beyond

    board = _three_colour_board(tmp_path)
    assert main(["solve", str(board), "--minimal", "--json"]) == 0
    walked = json.loads(capsys.readouterr().out)
    assert (walked["method"], walked["exact"]) == ("enumeration", True)
    monkeypatch.setattr(zk_beyond, "FOURIER_LIMIT", 1)
    monkeypatch.setattr(zk_beyond, "SPLIT_LIMIT", 1)
    monkeypatch.setattr(zk_fourier_split, "LOW_LIMIT", 5)
    monkeypatch.setattr(zk_fourier_split, "_BATCH_VALUES", 1)  # a batch is one prefix
    monkeypatch.setattr("lograph.core.optimize.fewest._search._WALK_FIRST", 0)
    monkeypatch.setattr("lograph.core.optimize.fewest._search.FOURIER_LIMIT", 1 << 20)
    assert main(["solve", str(board), "--minimal", "--json"]) == 0
    split = json.loads(capsys.readouterr().out)
    assert (split["method"], split["exact"]) == ("fourier", True)
    assert (split["press_count"], split["optimal_solutions"]) == (
        walked["press_count"],
        walked["optimal_solutions"],
    )
    assert main(["solve", str(board), "--minimal", "--time-limit", "1e-9"]) == 0
    headline = capsys.readouterr().out.splitlines()[0]
    found = re.fullmatch(
        r"solvable: best found (\d+) presses \(625 solutions in all\); (fourier stopped|"
        r"heuristic), not proven optimal; the fewest is at least (\d+) \(proven\); "
        r"an exact search walks 625 solutions \(a longer --time-limit\)",
        headline,
    )
    assert found is not None, headline
    assert int(found.group(3)) <= walked["press_count"] <= int(found.group(1))


def test_a_kernel_past_the_cli_limit_says_what_an_exact_search_walks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past `CLI_SPLIT_LIMIT` solutions (made 1 here) and without a time limit, the answer is
    the heuristic's, with the solutions an exact search walks in its JSON; a time limit runs
    that search, and its answer is the walk's."""
    from lograph.core.optimize.fewest import _past_walk as zk_beyond

    board = _three_colour_board(tmp_path)
    assert main(["solve", str(board), "--minimal", "--json"]) == 0
    walked = json.loads(capsys.readouterr().out)
    monkeypatch.setattr(zk_beyond, "FOURIER_LIMIT", 1)
    monkeypatch.setattr(zk_beyond, "CLI_SPLIT_LIMIT", 1)
    monkeypatch.setattr("lograph.core.optimize.fewest.CLI_SPLIT_LIMIT", 1)
    monkeypatch.setattr("lograph.core.optimize.fewest._search._WALK_FIRST", 0)
    monkeypatch.setattr("lograph.core.optimize.fewest._search.FOURIER_LIMIT", 1 << 20)
    assert main(["solve", str(board), "--minimal", "--json"]) == 0
    bounded = json.loads(capsys.readouterr().out)
    assert (bounded["exact"], bounded["method"]) == (False, "heuristic")
    assert (bounded["search_solutions"], bounded["search_leaves"]) == (625, None)
    assert main(["solve", str(board), "--minimal"]) == 0
    headline = capsys.readouterr().out.splitlines()[0]
    assert headline.endswith("an exact search walks 625 solutions (give it time: --time-limit)")
    assert bounded["lower_bound"] <= walked["press_count"] <= bounded["press_count"]
    assert main(["solve", str(board), "--minimal", "--json", "--time-limit", "1e9"]) == 0
    searched = json.loads(capsys.readouterr().out)
    assert (searched["exact"], searched["press_count"]) == (True, walked["press_count"])
    assert "search_solutions" not in searched


def test_a_kernel_past_numbering_is_said_out_of_reach_even_with_a_time_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past `NUMBERED_LIMIT` (made 1 here; 2^62 solutions in truth) the prefix search cannot
    number the solutions, so no time limit runs it: the headline says so instead of asking
    for time, and a time limit leaves the heuristic's answer."""
    from lograph.core.optimize.fewest import _past_walk as zk_beyond

    board = _three_colour_board(tmp_path)
    monkeypatch.setattr(zk_beyond, "FOURIER_LIMIT", 1)
    monkeypatch.setattr(zk_beyond, "CLI_SPLIT_LIMIT", 1)
    monkeypatch.setattr("lograph.core.optimize.fewest.CLI_SPLIT_LIMIT", 1)
    monkeypatch.setattr(zk_beyond, "NUMBERED_LIMIT", 1)
    monkeypatch.setattr("lograph.core.optimize.fewest._search._WALK_FIRST", 0)
    monkeypatch.setattr("lograph.core.optimize.fewest._search.FOURIER_LIMIT", 1 << 20)
    for extra in ([], ["--time-limit", "1e9"]):
        assert main(["solve", str(board), "--minimal", *extra]) == 0
        headline = capsys.readouterr().out.splitlines()[0]
        assert "heuristic, not proven optimal" in headline
        assert headline.endswith("an exact search would walk 625 solutions, out of reach")
