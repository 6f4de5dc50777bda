"""Commands that cannot fill a request say so at once, and long searches keep to their bounds.

None of these tests measures time: the work is counted (calls of the fewest-presses search,
tries), the time limits are given as already passed, or the hooks handed to the searches are
looked at.
"""

from __future__ import annotations

import io
import itertools
import json
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lograph.cli import main
from lograph.core.files.level_pack import LevelPack, PackLevel, read_level_pack, write_level_pack
from lograph.core.model.generators import rectangle
from lograph.core.work import Work
from tests.cli.helpers import board_file, search_in_small_leaves
from tests.cli.helpers import fails_cleanly as fails
from tests.references import A075464, A075464_EXTENDED, brute_force_fewest, code_of, press_matrix

#: Fewest-presses searches a puzzle request may make before the test calls it runaway work
#: (asking 10,000 levels made 4 million of them).
SEARCH_ALLOWANCE = 1000


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the puzzle generator's fewest-presses searches; past `SEARCH_ALLOWANCE` the
    work counts as runaway and the search fails the test."""
    from lograph.core.optimize import puzzles

    made: list[int] = []
    real = puzzles.fewest_presses

    def counted(*args: Any, **kwargs: Any) -> Any:
        made.append(1)
        if len(made) > SEARCH_ALLOWANCE:
            pytest.fail(f"more than {SEARCH_ALLOWANCE} fewest-presses searches")
        return real(*args, **kwargs)

    monkeypatch.setattr(puzzles, "fewest_presses", counted)
    return made


def square_orbits(n: int, positions: list[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """The positions of an n×n board (row-major lights) up to its 8 symmetries."""
    grid = np.arange(n * n).reshape(n, n)
    maps = [np.rot90(g, r).ravel() for g in (grid, grid.T) for r in range(4)]
    return {min(tuple(np.array(pos)[m].tolist()) for m in maps) for pos in positions}


# ------------------------------------------------------------------ puzzle: unfillable asks


def test_more_levels_than_positions_are_refused_before_any_search(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], searches: list[int]
) -> None:
    board = board_file(tmp_path, rectangle(3, 3))
    out = tmp_path / "p.json"
    argv = ["puzzle", board, "--presses", "2", "--count", "10000", "-o", str(out)]
    assert "only 512 solvable positions" in fails(capsys, *argv)
    assert searches == []
    assert not out.exists()


def test_a_small_board_says_how_few_positions_there_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], searches: list[int]
) -> None:
    # 3×3: each of the C(9, 2) = 36 pairs of presses is a position of its own needing 2
    # (nullity 0); up to the square's symmetries they are 8
    pairs = [
        tuple(int(i in pair) for i in range(9)) for pair in itertools.combinations(range(9), 2)
    ]
    orbits = len(square_orbits(3, pairs))
    board = board_file(tmp_path, rectangle(3, 3))
    argv = ["puzzle", board, "--presses", "2", "--count", "100", "-o", str(tmp_path / "p.json")]
    err = fails(capsys, *argv)
    assert f"found {orbits} of 100 positions: only {orbits} positions need exactly 2 presses" in err
    assert "all 512 press vectors walked" in err
    assert len(searches) <= SEARCH_ALLOWANCE


def test_levels_the_tries_miss_come_from_every_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # one try per level cannot find 8 levels alike under no symmetry; walking every position
    # finds them all, each judged by brute force
    board = rectangle(3, 3)
    pack = tmp_path / "p.json"
    argv = ["puzzle", board_file(tmp_path, board), "--presses", "2", "--count", "8"]
    assert main([*argv, "--tries", "1", "-o", str(pack), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["press_vectors_walked"] == 2**9
    levels = read_level_pack(pack).levels
    fewest, count = brute_force_fewest(press_matrix(board), 2)
    for level in levels:
        code = code_of(level.lights, 2)
        assert (fewest[code], count[code] == 1) == (2, level.unique) == (level.fewest, True)
    lights = [tuple(lv.lights.tolist()) for lv in levels]
    assert len(square_orbits(3, lights)) == 8


def test_scarce_positions_are_counted_before_sampling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], searches: list[int]
) -> None:
    # 5×5: 2^25 press vectors, too many to walk; the histogram counts those needing 2. Each
    # is made by two presses and is no position of fewer (the empty one or one press's)
    board = rectangle(5, 5)
    a = press_matrix(board) % 2
    fewer = {tuple(a[:, i].tolist()) for i in range(25)} | {(0,) * 25}
    pairs = {
        tuple(((a[:, i] + a[:, j]) % 2).tolist()) for i, j in itertools.combinations(range(25), 2)
    }
    needing_two = len(pairs - fewer)
    argv = ["puzzle", board_file(tmp_path, board), "--presses", "2", "--count", "1000"]
    err = fails(capsys, *argv, "-o", str(tmp_path / "p.json"))
    assert f"only {needing_two} positions need exactly 2 presses" in err
    assert searches == []


def test_sampling_gives_up_after_tries_in_a_row_without_a_new_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], searches: list[int]
) -> None:
    # 9×9 (81 buttons, its histogram out of quick reach): one press makes 81 positions,
    # 15 up to the symmetries; the search stops 400 tries after the last new one, not after
    # 100 × 400 tries
    orbits = len(square_orbits(9, [tuple(int(i == b) for i in range(81)) for b in range(81)]))
    argv = ["puzzle", board_file(tmp_path, rectangle(9, 9)), "--presses", "1", "--count", "100"]
    err = fails(capsys, *argv, "-o", str(tmp_path / "p.json"))
    assert f"found {orbits} of 100 positions after" in err
    assert len(searches) <= SEARCH_ALLOWANCE


# ----------------------------------------------------- solve --minimal and report: time limit


@pytest.fixture
def search_works(monkeypatch: pytest.MonkeyPatch) -> list[Work]:
    """The `Work` of every fewest-presses search the commands start (the worst-position
    search, imported first, scores its positions with the search it bound then)."""
    from lograph.core.optimize import fewest as minimal
    from lograph.core.optimize import worst  # noqa: F401

    seen: list[Work] = []
    real = minimal.fewest_presses

    def spied(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs["work"])
        return real(*args, **kwargs)

    monkeypatch.setattr(minimal, "fewest_presses", spied)
    return seen


@pytest.mark.parametrize("command", [["solve", "--minimal"], ["report"]])
def test_the_default_search_has_a_time_limit_over_gf2_only(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    search_works: list[Work],
    command: list[str],
) -> None:
    two = board_file(tmp_path, rectangle(4, 4))
    three = board_file(tmp_path, rectangle(4, 4, states=3), "three.json")
    runs = [[two], [two, "--max-leaves", "5"], [two, "--time-limit", "7"], [three]]
    for extra in runs:
        assert main([command[0], *extra, *command[1:]]) == 0
    capsys.readouterr()
    assert [work.has_deadline() for work in search_works] == [True, False, True, False]
    assert not search_works[0].past_deadline()  # not passed yet


def test_the_default_time_limit_stops_a_search_a_leaf_budget_would_finish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The all-on 19×19 board searched in leaves of 2^3 solutions (as in test_analyze_solve);
    # the default limit made a nanosecond has passed before the first leaf on any machine.
    from lograph.cli import solve_cmd

    search_in_small_leaves(monkeypatch)
    monkeypatch.setattr(solve_cmd, "DEFAULT_TIME_LIMIT", 1e-9)
    argv = ["solve", board_file(tmp_path, rectangle(19, 19)), "--goal", "on", "--minimal", "--json"]
    assert main(argv) == 0
    stopped = json.loads(capsys.readouterr().out)
    assert not stopped["exact"]
    assert stopped["lower_bound"] <= A075464_EXTENDED[18] <= stopped["press_count"]
    assert main([*argv, "--max-leaves", str(1 << 20)]) == 0  # a budget lifts the default
    exact = json.loads(capsys.readouterr().out)
    assert (exact["exact"], exact["press_count"]) == (True, A075464_EXTENDED[18])
    assert main(["report", *argv[1:4], "--json"]) == 0
    assert not json.loads(capsys.readouterr().out)["fewest"]["exact"]


def test_work_past_the_time_limit_is_cut_for_the_quick_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The groups' descent after a stopped search polls no time limit (minutes on the open
    # 100×100 board); with no time allowed past the limit it must not start, and the
    # answer is the heuristic's: a solution, with a proven bound. The all-on 9×9 board goes
    # the way of big boards: no single transform, leaves of 2^3 solutions.
    from lograph.core.errors import InterruptedComputation
    from lograph.core.optimize.fewest import _gf2 as gf2_fewest
    from lograph.core.optimize.fewest import _gf2_orbits as gf2_orbits
    from lograph.core.optimize.fewest import _search as minimal
    from lograph.core.solve import prepare, solve

    def runaway(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the groups' descent ran past the time limit")

    board = rectangle(9, 9)
    solver = prepare(board)
    x0 = solve(board, "on", solver=solver).presses
    assert x0 is not None
    monkeypatch.setattr(gf2_orbits, "LEAF_BITS", 3)
    monkeypatch.setattr(gf2_fewest, "group_descent", runaway)
    work = Work(transform_nullity=0, search_nullity=62, stop=lambda: True)
    with pytest.raises(AssertionError, match="past the time limit"):  # reached without a limit
        minimal.fewest_presses(solver, x0, work=work)
    monkeypatch.setattr(minimal, "OVERRUN_SECONDS", -1.0)
    best = minimal.fewest_presses(solver, x0, work=work)
    assert (best.exact, best.method) == (False, "heuristic")
    assert best.lower_bound <= A075464[8] <= best.press_count
    a = press_matrix(board)
    assert not np.any(a @ (best.presses.astype(np.int64) ^ x0) % 2)  # the same position
    with pytest.raises(InterruptedComputation):  # the caller's cancel still interrupts
        minimal.fewest_presses(solver, x0, work=replace(work, cancel=lambda: True))


# ---------------------------------------------------------------------- puzzle --check


def _repeated_pack(tmp_path: Path, copies: int) -> Path:
    board = rectangle(4, 4)
    lights = np.zeros(16, dtype=np.uint8)
    lights[[0, 1, 4]] = 1  # the corner pressed once: fewest 1, one way
    path = tmp_path / "pack.json"
    write_level_pack(LevelPack("copies", board, [PackLevel(lights, 1, True)] * copies), path)
    return path


def test_check_searches_a_repeated_level_once_with_the_cancel_and_time_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lograph.core.optimize import fewest as minimal
    from lograph.core.work import interrupted

    calls: list[dict[str, Any]] = []
    real = minimal.solve_fewest

    def spied(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(minimal, "solve_fewest", spied)
    pack = _repeated_pack(tmp_path, 50)
    assert main(["puzzle", "--check", str(pack)]) == 0
    assert "50 levels verified, fewest 1, 50 unique, 49 alike" in capsys.readouterr().out
    assert len(calls) == 1
    work = calls[0]["work"]
    assert work.cancel is interrupted  # Ctrl-C reaches the search
    assert work.has_deadline()
    assert not work.past_deadline()  # a time limit, not passed yet


def test_check_draws_a_bar_of_levels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lograph.cli import progress

    drawn = io.StringIO()
    real = progress.progress_bar

    def on_a_terminal(*args: Any, **kwargs: Any) -> AbstractContextManager[Any]:
        return real(*args, **{**kwargs, "stream": drawn, "force": True, "delay": 0})

    monkeypatch.setattr(progress, "progress_bar", on_a_terminal)
    assert main(["puzzle", "--check", str(_repeated_pack(tmp_path, 7))]) == 0
    text = drawn.getvalue()
    assert "checking levels" in text
    assert "7/7" in text


def test_big_boards_take_their_symmetries_from_the_drawing() -> None:
    # VF2++ took 80 s on the 60×60 grid of a crafted pack; past `VF2_BUTTON_LIMIT` buttons
    # the square's symmetries of the drawing are used, each checked against the edges
    from lograph.core.optimize.puzzles import VF2_BUTTON_LIMIT, board_symmetries

    n = 25
    assert n * n > VF2_BUTTON_LIMIT
    grid = np.arange(n * n).reshape(n, n)
    square = {tuple(np.rot90(g, r).ravel().tolist()) for g in (grid, grid.T) for r in range(4)}
    board = rectangle(n, n)
    found = {tuple(perm.tolist()) for perm in board_symmetries(board)}
    assert found == {tuple(np.argsort(m).tolist()) for m in square} == square
    board.add_edge("r0c0", "r1c1")  # kept by the reflection in the diagonal alone
    kept = {tuple(perm.tolist()) for perm in board_symmetries(board)}
    assert kept == {tuple(range(n * n)), tuple(grid.T.ravel().tolist())}
