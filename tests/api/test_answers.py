"""The library's answers: right against brute force on tiny boards, `to_dict` equal to the
CLI's ``--json`` for the same question, short reprs, pictures in a notebook, one
elimination for several questions of one board."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import pytest

import lograph as lo
from tests.cli.helpers import run_cli


def _press_columns(made: lo.Board) -> np.ndarray:
    return made.to_system().dense().astype(np.int64)


def _fewest_by_brute_force(made: lo.Board, lights: np.ndarray) -> tuple[int, int] | None:
    """(fewest presses, how many press vectors reach it) to all off; None if unsolvable."""
    a, k, n = _press_columns(made), made.states, len(made)
    best: tuple[int, int] | None = None
    for presses in itertools.product(range(k), repeat=n):
        x = np.array(presses)
        if np.all((a @ x + lights) % k == 0):
            weight = int(x.sum())
            if best is None or weight < best[0]:
                best = (weight, 1)
            elif weight == best[0]:
                best = (weight, best[1] + 1)
    return best


def _histogram_by_brute_force(made: lo.Board) -> list[int]:
    a, k, n = _press_columns(made), made.states, len(made)
    fewest: dict[bytes, int] = {}
    for presses in itertools.product(range(k), repeat=n):
        x = np.array(presses)
        key = ((a @ x) % k).astype(np.uint8).tobytes()
        fewest[key] = min(fewest.get(key, n * k), int(x.sum()))
    counts = [0] * (max(fewest.values()) + 1)
    for weight in fewest.values():
        counts[weight] += 1
    return counts


def _small_boards() -> list[lo.Board]:
    rng = np.random.default_rng(3)
    boards = [lo.rectangle(2, 3), lo.rectangle(3, 3, states=3), lo.board(nx.cycle_graph(5))]
    for seed in range(6):
        g = nx.gnp_random_graph(int(rng.integers(3, 8)), 0.4, seed=seed, directed=seed % 2 == 1)
        boards.append(lo.board(g, rule="open" if seed % 3 == 0 else "closed"))
    return boards


def test_fewest_histogram_and_worst_against_brute_force() -> None:
    rng = np.random.default_rng(11)
    for made in _small_boards():
        lights = rng.integers(0, made.states, len(made))
        position = lo.board(made, lights=lights)
        expected = _fewest_by_brute_force(made, lights)
        if expected is None:
            assert not lo.solve(position).solvable
            with pytest.raises(lo.UnsolvableError):
                lo.fewest(position)
        else:
            f = lo.fewest(position)
            assert (f.press_count, f.optimal_solutions, f.exact) == (*expected, True)
            assert np.all((_press_columns(made) @ f.presses + lights) % made.states == 0)
        counts = _histogram_by_brute_force(made)
        assert list(lo.histogram(made).counts) == counts
        w = lo.worst(made)
        assert w.exact
        assert w.presses_needed == len(counts) - 1


def test_quiet_patterns_and_worlds_against_brute_force() -> None:
    for made in _small_boards():
        a, k, n = _press_columns(made), made.states, len(made)
        quiet = sum(
            1 for x in itertools.product(range(k), repeat=n) if not np.any((a @ np.array(x)) % k)
        )
        patterns = lo.quiet_patterns(made)
        for pattern in patterns:
            assert not np.any((a @ pattern.astype(np.int64)) % k)
        assert lo.analyze(made).nullity == len(patterns)
        assert k ** len(patterns) == quiet
        assert lo.worlds(made).count == quiet  # a square matrix: as many worlds as kernel size


def _cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run_cli(capsys, *argv, "--json")
    assert status in (0, 1), err
    return json.loads(out)


def test_to_dict_is_the_cli_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wayout = Path("graphs/wayout-holed-5x5.txt")
    made = lo.read(wayout)
    path = str(wayout)
    assert lo.analyze(made).to_dict() == _cli_json(capsys, "analyze", path)
    assert lo.solve(path).to_dict() == _cli_json(capsys, "solve", path)
    assert lo.fewest(path).to_dict() == _cli_json(capsys, "solve", path, "--fewest")
    assert lo.worst(path).to_dict() == _cli_json(capsys, "worst", path)
    assert lo.chase_table(path).to_dict() == _cli_json(capsys, "chase", path)
    assert lo.chase_plan(path).to_dict() == _cli_json(capsys, "chase", path, "--no-table")
    histogram = _cli_json(capsys, "analyze", path, "--histogram")["histogram"]
    assert lo.histogram(path).to_dict() == {"histogram": histogram}
    record = _cli_json(capsys, "analyze", path)
    assert lo.quiet_patterns(path).to_dict() == {
        "nullity": record["nullity"],
        "quiet_patterns": record["quiet_patterns"],
    }
    small = tmp_path / "lit.txt"
    lo.write(lo.board(lo.rectangle(3, 3), lights=1), small)
    assert lo.lit_only(small).to_dict() == _cli_json(capsys, "solve", str(small), "--lit-only")
    five = lo.board(lo.rectangle(5, 5))
    five.set_light("r0c0", 1)
    lo.write(five, tmp_path / "five.txt")
    unsolvable = lo.solve(five)
    assert not unsolvable.solvable
    assert unsolvable.to_dict() == _cli_json(capsys, "solve", str(tmp_path / "five.txt"))


def test_reprs_are_short_and_show_no_arrays() -> None:
    made = lo.board(lo.rectangle(12, 12), lights=1)
    answers = [
        made,
        lo.analyze(made),
        lo.solve(made),
        lo.quiet_patterns(lo.rectangle(5, 5)),
        lo.worlds(made),
        lo.chase_plan(made),
        lo.histogram(lo.rectangle(3, 3)),
        lo.worst(lo.rectangle(4, 4)),
        lo.explain(lo.rectangle(2, 2)),
        lo.census([nx.path_graph(3)]),
    ]
    for answer in answers:
        text = repr(answer)
        assert len(text) < 240, text
        assert "array(" not in text, text
        assert "\n" not in text, text


def test_answers_are_frozen() -> None:
    a = lo.analyze(lo.rectangle(3, 3))
    with pytest.raises(AttributeError):
        a.world = (1,)  # type: ignore[misc]


def test_pictures_mark_what_the_answer_says() -> None:
    position = lo.board(lo.rectangle(5, 5), lights=1)
    solution = lo.fewest(position)
    picture = solution._repr_html_()
    assert picture.count('class="ring"') == solution.press_count == 15
    quiet = lo.quiet_patterns(lo.rectangle(5, 5))._repr_html_()
    assert quiet.count("<svg") == 2
    rings = quiet.count('class="ring"')
    assert rings == sum(int(np.count_nonzero(p)) for p in lo.quiet_patterns(lo.rectangle(5, 5)))
    plan = lo.chase_plan(lo.rectangle(3, 3))._repr_html_()
    assert all(f">{step}" in plan for step in range(1, 10))
    worst = lo.worst(lo.rectangle(3, 3))
    assert worst._repr_html_().count("#ffd43b") == int(np.count_nonzero(worst.lights))


def test_several_questions_of_one_board_eliminate_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import lograph.core.solve as core_solve

    calls = []
    real = core_solve.prepare

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(core_solve, "prepare", counting)
    made = lo.board(lo.rectangle(6, 6), lights=1)
    lo.analyze(made)
    lo.solve(made)
    lo.fewest(made)
    lo.worlds(made)
    assert len(calls) == 1
    made.press("r0c0")  # another position: the same elimination serves
    assert lo.solve(made).solvable
    assert len(calls) == 1
    made.remove_button("r5c5")  # another matrix: eliminated again
    assert lo.analyze(made).buttons == 35
    assert len(calls) == 2


def test_census_counts_match_a_direct_count() -> None:
    graphs = [nx.gnp_random_graph(6, 0.5, seed=s) for s in range(30)]
    counted = lo.census(graphs).by_nullity()
    direct: dict[int, int] = {}
    for g in graphs:
        nullity = lo.analyze(g).nullity
        direct[nullity] = direct.get(nullity, 0) + 1
    assert counted == dict(sorted(direct.items()))
    open_counted = lo.census(graphs).by_nullity("open")
    open_direct: dict[int, int] = {}
    for g in graphs:
        nullity = lo.analyze(lo.board(g, rule="open")).nullity
        open_direct[nullity] = open_direct.get(nullity, 0) + 1
    assert open_counted == dict(sorted(open_direct.items()))


def test_puzzles_levels_need_what_they_say() -> None:
    pack = lo.puzzles(lo.rectangle(3, 3), (2, 5))
    assert [lv.fewest for lv in pack.levels] == [2, 3, 4, 5]
    for i, level in enumerate(pack.levels):
        assert lo.fewest(pack.level(i)).press_count == level.fewest


def test_share_writes_a_page(tmp_path: Path) -> None:
    size = lo.share(nx.petersen_graph(), tmp_path / "p.html")
    text = (tmp_path / "p.html").read_text()
    assert size == len(text.encode())
    assert "default-src 'none'" in text


def test_a_press_reuses_the_elimination_and_nothing_is_kept_forever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc
    import weakref

    import lograph.core.solve as core_solve

    calls = []
    real = core_solve.prepare

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(len(args))  # not the system: the test checks systems die
        return real(*args, **kwargs)

    monkeypatch.setattr(core_solve, "prepare", counting)
    made = lo.rectangle(7, 7)
    for button in ("r0c0", "r3c3", "r6c1"):
        made.press(button)  # a new position on the same matrix
        assert lo.solve(made).solvable
    assert len(calls) == 1
    made.add_edge("r0c0", "r6c6")  # a new matrix
    lo.analyze(made)
    assert len(calls) == 2
    # systems (and their solvers) die with their boards: only the last one is kept
    refs = []
    for size in range(3, 8):
        board = lo.rectangle(size, size)
        lo.analyze(board)
        refs.append(weakref.ref(board.to_system()))
        del board
    gc.collect()
    assert sum(ref() is not None for ref in refs) <= 1


def test_pictures_keep_buttons_apart_on_any_layout() -> None:
    """Discs and rings of a spring-laid graph never overlap (the page's radius is for
    grids, whose neighbours stand 40 units apart)."""
    import re

    from lograph.notebook.display import board_svg

    for graph in (nx.petersen_graph(), nx.dodecahedral_graph(), nx.gnp_random_graph(30, 0.1, 5)):
        made = lo.board(graph)
        svg = board_svg(made, rings=np.ones(len(made), dtype=np.int64))
        assert svg is not None
        rings = [
            (float(x), float(y), float(r))
            for x, y, r in re.findall(
                r'class="ring" cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)"', svg
            )
        ]
        assert len(rings) == len(made)
        for i, (x1, y1, r1) in enumerate(rings):
            for x2, y2, r2 in rings[i + 1 :]:
                assert np.hypot(x1 - x2, y1 - y2) >= r1 + r2 - 0.2
