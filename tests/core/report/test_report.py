"""The analysis report, checked against published facts and small independent computations."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import numpy as np
import pytest

from lograph.core.errors import LographError
from lograph.core.model.generators import geometric, grid_system, rectangle
from lograph.core.report.report import board_report, report_markdown, write_report
from lograph.core.solve import prepare
from lograph.core.work import Work
from tests.cli.helpers import with_budgets
from tests.references import coset_weights, goal_change, press_matrix, solvable

# The two 5×5 quiet patterns (row-major).
N1 = [0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0]
N2 = [1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1]


def ids_to_vector(ids: list[str], n: int, cols: int) -> np.ndarray:
    vec = np.zeros(n, dtype=np.int64)
    for name in ids:
        r, c = name[1:].split("c")
        vec[int(r) * cols + int(c)] += 1
    return vec


def test_5x5_report_matches_seed_facts() -> None:
    board = rectangle(5, 5)
    for name in ("r2c1", "r2c3"):  # the two-light position that needs 13 presses
        board.set_light(name, 1)
    report = board_report(board)
    assert (report["rank"], report["nullity"], report["worlds"]) == (23, 2, 4)
    assert report["solvable_fraction"] == "1/4"
    quiet = {tuple(ids_to_vector(q, 25, 5)) for q in report["quiet_patterns"]}
    span = {tuple((a * np.array(N1) + b * np.array(N2)) % 2) for a, b in [(1, 0), (0, 1), (1, 1)]}
    assert quiet <= span
    assert len(quiet) == 2
    # fewest presses: the minimum over the four solutions x + span{n1, n2}
    fewest = report["fewest"]
    x = ids_to_vector(fewest["presses"], 25, 5)
    assert not ((press_matrix(board) @ x + board.lights()) % 2).any()
    weights = coset_weights(x, np.array([N1, N2]), 2)
    assert fewest["press_count"] == min(weights)
    assert fewest["optimal_solutions"] == weights.count(min(weights))
    # the recipe: rows = 2^(free - nullity) on the classic board's 5 free buttons
    assert len(report["chase"]["free"]) == 5
    assert len(report["chase"]["table"]) == 2 ** (5 - 2)
    assert len(report["chase"]["steps"]) == 25


def test_3x3_worst_is_every_button() -> None:
    report = board_report(rectangle(3, 3))
    assert report["nullity"] == 0
    assert report["worst"]["worst_presses"] == 9
    assert report["worst"]["exact"]
    assert sorted(report["worst"]["presses"]) == sorted(rectangle(3, 3).buttons)
    # nullity 0: every press set is the one solution of its position, so the counts are
    # binomial coefficients, and only one position needs all nine
    assert report["histogram"] == [comb(9, k) for k in range(10)]


def test_unsolvable_position_names_its_world() -> None:
    board = rectangle(5, 5)
    board.set_light("r0c0", 1)  # a corner is off the solvable X of the 5×5 board
    report = board_report(board)
    position = report["position"]
    assert not position["solvable"]
    # independently: r0c0 meets the quiet pattern n2 (symmetric board, so n2 is also in the
    # left kernel) an odd number of times, so no presses clear it
    assert N2[0] == 1
    assert not solvable(press_matrix(board), goal_change(board), 2)
    assert len(position["world"]) == 2
    assert any(position["world"])
    assert position["failed_patterns"] == [i for i, s in enumerate(position["world"]) if s]
    assert "skipped" in report["fewest"]
    assert "**not** solvable" in report_markdown(report)


def test_big_boards_skip_the_expensive_parts_with_reasons() -> None:
    report = board_report(grid_system(200, 200))
    assert report["buttons"] == 40_000
    assert "skipped" in report["worst"]
    assert "skipped" in report["histogram"]
    assert report["chase"]["table"] is None
    assert "2^" in report["chase"]["table_skipped"] or "rows" in report["chase"]["table_skipped"]
    assert report["chase"]["steps"] is None
    text = report_markdown(report)
    assert "Not available" in text
    assert "Skipped" in text


def test_high_nullity_in_small_pieces_gets_its_worst_and_histogram() -> None:
    """A random geometric graph of nullity 62 whose quiet code splits into small pieces:
    the report answers the worst position and the histogram, two algorithms whose hardest
    counts must agree, where nullity 62 alone would skip both."""
    board = geometric(300, 0.08, seed=0)
    system = board.to_system()
    report = board_report(board)
    assert report["nullity"] == 62
    worst = report["worst"]
    assert worst["exact"]
    assert len(report["histogram"]) - 1 == worst["worst_presses"]
    assert sum(report["histogram"]) == 2 ** (300 - 62)
    index = {name: i for i, name in enumerate(system.names)}
    presses = np.zeros(system.n, dtype=np.int64)
    presses[[index[b] for b in worst["presses"]]] = 1
    lights = np.zeros(system.n, dtype=np.int64)
    lights[[index[b] for b in worst["lights"]]] = 1
    assert np.array_equal(press_matrix(board) @ presses % 2, lights)  # the presses clear it
    assert worst["worst_presses"] == len(worst["presses"])


def test_written_reports_round_trip(tmp_path: Path) -> None:
    report = board_report(rectangle(4, 4, states=3))
    write_report(tmp_path / "r.json", report)
    assert json.loads((tmp_path / "r.json").read_text()) == report
    write_report(tmp_path / "r.md", report)
    text = (tmp_path / "r.md").read_text()
    assert f"| rank | {report['rank']} |" in text
    assert f"| nullity | {report['nullity']} |" in text
    with pytest.raises(LographError, match=r"\.md or \.json"):
        write_report(tmp_path / "r.pdf", report)
    assert not (tmp_path / "r.pdf").exists()


@pytest.mark.usefixtures("heuristic_fewest")
def test_heuristic_fewest_reports_its_proven_lower_bound() -> None:
    """When the fewest presses are not proven (forced here on a small board), the report
    gives the best found and a lower bound, which the true fewest (brute force over the
    coset) respects."""
    board = rectangle(5, 5)
    for name in board.buttons:
        board.set_light(name, 1)
    report = board_report(board)
    fewest = report["fewest"]
    assert not fewest["exact"]
    x = ids_to_vector(fewest["presses"], 25, 5)
    true_fewest = min(coset_weights(x, np.array([N1, N2]), 2))
    assert 0 < fewest["lower_bound"] <= true_fewest <= fewest["press_count"]
    text = report_markdown(report)
    assert f"the fewest is at least {fewest['lower_bound']} (proven)" in text
    assert "optimal of" not in text.split("## Fewest presses")[1].split("##")[0]


def test_a_bounded_fewest_names_the_search_that_proves_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Leaves of 2 solutions and a budget of one leaf: a 4×4 position (nullity 4) is bounded,
    the report names the leaf budget that makes the search exact, and a report given that
    budget is exact (checked against every solution)."""
    from lograph.core.optimize import fewest as minimal
    from lograph.core.optimize.fewest import _gf2_orbits as gf2_orbits

    monkeypatch.setattr(gf2_orbits, "LEAF_BITS", 1)
    bounded = with_budgets(minimal.fewest_presses, transform_nullity=0, search_nullity=62)
    monkeypatch.setattr(minimal, "fewest_presses", bounded)
    board = rectangle(4, 4)
    pressed = np.random.default_rng(1).integers(0, 2, 16).astype(np.uint8)
    lights = board.to_system().apply(pressed) % 2  # solvable: made by presses
    for name, light in zip(board.buttons, lights.tolist(), strict=True):
        board.set_light(name, light)
    report = board_report(board, work=Work(leaves=1))
    fewest = report["fewest"]
    assert not fewest["exact"]
    leaves = fewest["search_leaves"]
    assert leaves > 1
    assert f"`lograph report --max-leaves {leaves}` proves it" in report_markdown(report)
    with monkeypatch.context() as past_the_most:  # a search past the most leaves allowed
        past_the_most.setattr(minimal, "MAX_SEARCH_LEAVES", leaves - 1)
        past = report_markdown(report)
    assert "out of reach" in past
    assert "--max-leaves" not in past
    assert not board_report(board, work=Work(leaves=leaves - 1))["fewest"]["exact"]
    exact = board_report(board, work=Work(leaves=leaves))["fewest"]
    assert exact["exact"]
    solver = prepare(board)
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(4, 16)
    assert exact["press_count"] == min(coset_weights(pressed, quiet, 2))


def test_a_bounded_fewest_with_more_colours_names_the_solutions_to_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over GF(5) with the one-transform shortcut off and no solutions searched by prefixes,
    a 5×5 position (5^2 solutions) is the heuristic's: the report says how many solutions an
    exact search walks and which command runs it; the lower bound holds against them all."""
    from lograph.core.optimize import fewest
    from lograph.core.optimize.fewest import _past_walk as zk_beyond
    from lograph.core.optimize.fewest import _search as minimal

    real = minimal.fewest_presses
    monkeypatch.setattr(zk_beyond, "FOURIER_LIMIT", 1)
    monkeypatch.setattr(minimal, "_WALK_FIRST", 0)
    monkeypatch.setattr(fewest, "fewest_presses", with_budgets(real, solutions=1))
    board = rectangle(5, 5, states=5)
    pressed = np.random.default_rng(3).integers(0, 5, 25).astype(np.uint8)
    lights = board.to_system().apply(pressed) % 5  # solvable: made by presses
    for name, light in zip(board.buttons, lights.tolist(), strict=True):
        board.set_light(name, light)
    report = board_report(board)
    fewest = report["fewest"]
    assert (fewest["exact"], fewest["search_solutions"], fewest["search_leaves"]) == (
        False,
        25,
        None,
    )
    solver = prepare(board)
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(2, 25)
    undo = (5 - pressed) % 5  # pressing each button 5 − x more times switches all off
    true_fewest = min(coset_weights(undo, quiet, 5))
    assert fewest["lower_bound"] <= true_fewest <= fewest["press_count"]
    assert "an exact search walks 25 solutions (`lograph solve --fewest --time-limit`" in (
        report_markdown(report)
    )


def test_three_colours_in_small_pieces_get_their_worst() -> None:
    """The same kind of graph over GF(3) (nullity past the report's limit of 14, small
    pieces): the worst position is answered, and its presses clear its position."""
    board = geometric(300, 0.06, seed=0)  # nullity 62 over GF(3), pieces of at most 6
    board.states = 3
    system = board.to_system()
    report = board_report(board)
    assert report["nullity"] > 14
    worst = report["worst"]
    assert "skipped" not in worst
    assert worst["exact"]
    index = {name: i for i, name in enumerate(system.names)}
    presses = np.zeros(system.n, dtype=np.int64)
    for name in worst["presses"]:  # a button pressed twice is listed twice
        presses[index[name]] += 1
    change = press_matrix(board) @ presses % 3
    lights = np.zeros(system.n, dtype=np.int64)
    for name in worst["lights"]:
        lights[index[name]] += 1
    assert np.array_equal((change + lights) % 3, np.zeros(system.n))
    assert worst["worst_presses"] == int(presses.sum())
