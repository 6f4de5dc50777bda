"""``lograph analyze``, ``solve`` and ``report`` end to end: published facts, brute force."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lograph.cli import main
from lograph.core.model.generators import rectangle
from tests.cli.helpers import board_file, search_in_small_leaves
from tests.references import (
    A075464_EXTENDED,
    A159257,
    goal_change,
    histogram,
    press_matrix,
    rank_mod_p,
    solvable,
)

GRAPHS = Path(__file__).resolve().parents[2] / "graphs"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("sample", ["classic-4x4.txt", "three-state-4x4.txt", "petersen.json"])
def test_fewest_and_minimal_are_one_flag(capsys: pytest.CaptureFixture[str], sample: str) -> None:
    board = str(GRAPHS / sample)
    fewest = run(capsys, "solve", board, "--goal", "on", "--fewest", "--json")
    minimal = run(capsys, "solve", board, "--goal", "on", "--minimal", "--json")
    plain = run(capsys, "solve", board, "--goal", "on", "--json")
    assert fewest == minimal
    assert json.loads(fewest[1])["exact"] is True  # the search ran: a plain solve says no such
    assert "exact" not in json.loads(plain[1])


@pytest.mark.parametrize("engine", ["auto", "fast", "dense", "galois"])
def test_analyze_classic_5x5_json(capsys: pytest.CaptureFixture[str], engine: str) -> None:
    status, out, _ = run(
        capsys, "analyze", str(GRAPHS / "classic-5x5.txt"), "--json", "--engine", engine
    )
    assert status == 0
    data = json.loads(out)
    assert (data["buttons"], data["edges"], data["rank"], data["nullity"]) == (25, 40, 23, 2)
    assert data["solvable_count"] == 2**23
    assert data["solvable_fraction"] == 0.25
    assert data["solvable_fraction_exact"] == "1/4"
    assert data["worlds"] == 4
    assert len(data["quiet_patterns"]) == 2
    # each quiet pattern really changes nothing: pressed on a copy, the lights stay off
    for pattern in data["quiet_patterns"]:
        board = rectangle(5, 5)
        for button in pattern:
            board.press(button)
        assert not board.lights().any()


def test_analyze_rule_and_states_overrides_match_plain_elimination(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(GRAPHS / "classic-5x5.txt")
    for extra, p, rule in ((["--rule", "open"], 2, "open"), (["--states", "3"], 3, "closed")):
        status, out, _ = run(capsys, "analyze", path, "--json", *extra)
        assert status == 0
        a = press_matrix(rectangle(5, 5, rule=rule, states=p))
        assert json.loads(out)["rank"] == rank_mod_p(a, p)


def test_analyze_histogram_sums_to_the_solvable_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        capsys, "analyze", str(GRAPHS / "classic-3x3.txt"), "--histogram", "--json"
    )
    assert status == 0
    data = json.loads(out)
    assert sum(data["histogram"]) == data["solvable_count"] == 512
    # by brute force over every press vector: how many positions need k presses at the fewest
    assert data["histogram"] == histogram(press_matrix(rectangle(3, 3)), 2)


def test_solve_lecture_position_fewest_is_13(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # published for the 5×5 board: two lights in the middle row need 13 presses at the fewest
    board = rectangle(5, 5)
    board.set_light("r2c1", 1)
    board.set_light("r2c3", 1)
    path = board_file(tmp_path, board)
    status, out, _ = run(capsys, "solve", path, "--minimal", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["solvable"] is True
    assert data["press_count"] == len(data["presses"]) == 13
    assert data["solutions"] == 4
    assert data["exact"] is True
    for button in data["presses"]:
        board.press(button)
    assert board.is_goal()


def test_solve_writes_a_solution_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = str(GRAPHS / "wayout-holed-5x5.txt")
    out_file = tmp_path / "sol.json"
    status, _, _ = run(capsys, "solve", src, "-o", str(out_file))
    assert status == 0
    presses = json.loads(out_file.read_text())["presses"]
    from lograph.core.files import read_board

    board = read_board(src)
    for button, times in presses.items():
        board.press(button, times)
    assert board.is_goal()


def test_solve_goal_on_three_states(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = rectangle(3, 3, states=3)
    board.set_light("r1c1", 2)
    status, out, _ = run(capsys, "solve", board_file(tmp_path, board), "--goal", "on", "--json")
    data = json.loads(out)
    # the 3×3 matrix is invertible mod 3 (plain elimination), so this position is solvable
    assert rank_mod_p(press_matrix(board), 3) == 9
    assert (status, data["solvable"]) == (0, True)
    for button in data["presses"]:  # repeated ids mean repeated presses
        board.press(button)
    assert board.is_goal("on")


def test_unsolvable_position_exit_1_and_world(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = rectangle(5, 5)
    board.set_light("r0c0", 1)  # published: on 5×5 only the small X of single lights is solvable
    assert not solvable(press_matrix(board), goal_change(board), 2)  # plain elimination
    status, out, _ = run(capsys, "solve", board_file(tmp_path, board), "--json")
    assert status == 1
    data = json.loads(out)
    assert data["solvable"] is False
    assert data["presses"] is None
    assert len(data["world"]) == 2  # one entry per independent quiet pattern (nullity 2)
    assert any(data["world"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["analyze", "missing.txt"], "missing.txt"),
        (["analyze", "{empty}"], "empty"),
        (["solve", "{board}", "--engine", "nope"], "engine 'nope' is unknown"),
        (["analyze", "{board}", "--states", "256"], "must be an integer between 2 and 255"),
        (["solve", "{board}", "--goal", "sideways"], "invalid choice"),
        (["solve", "{board}", "--minimal", "--max-leaves", "0"], "'0' is not an integer in 1.."),
        (["solve", "{board}", "--minimal", "--max-leaves", "9" * 4000], "a text of 4000 char"),
        (["solve", "{board}", "--minimal", "--max-leaves", str(2**30 + 1)], "in 1..1,073,741,824"),
        (["solve", "{board}", "--max-leaves", "5"], "add --fewest"),
        (["report", "{board}", "--max-leaves", "2.5"], "is not an integer in 1.."),
        (["solve", "{board}", "--time-limit", "5"], "add --fewest"),
        (["solve", "{board}", "--minimal", "--time-limit", "0"], "must be positive, not 0.0"),
        (["solve", "{board}", "--minimal", "--time-limit", "nan"], "must be positive, not nan"),
        (["solve", "{board}", "--minimal", "--time-limit", "soon"], "invalid float value"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    (tmp_path / "empty.json").write_bytes(b"")
    board = board_file(tmp_path, rectangle(2, 2))
    argv = [a.format(empty=tmp_path / "empty.json", board=board) for a in argv]
    try:
        status = main(argv)
    except SystemExit as refused:  # by argparse
        status = refused.code
    assert status == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_huge_board_counts_stay_printable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.txt"
    path.write_text(("0" * 120 + "\n") * 120)
    status, out, _ = run(capsys, "analyze", str(path), "--json", "--quiet-limit", "0")
    assert status == 0
    data = json.loads(out)
    assert data["buttons"] == 14_400
    assert data["solvable_count"] == f"2^{data['rank']}"


def test_report_command_markdown_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # markdown on the cheap 3×3 board, JSON on the 5×5 one (a report of 5×5 takes seconds;
    # its full text is also checked by the golden-output test)
    status, out, _ = run(capsys, "report", str(GRAPHS / "classic-3x3.txt"))
    assert status == 0
    assert "| rank | 9 |" in out
    assert "## Lookup table" in out.replace("### Lookup table", "## Lookup table")
    target = tmp_path / "r.json"
    status, _, _ = run(capsys, "report", str(GRAPHS / "classic-5x5.txt"), "-o", str(target))
    assert status == 0
    data = json.loads(target.read_text())
    assert data["name"]
    assert (data["rank"], data["nullity"]) == (23, A159257[5 - 1])
    assert data["worst"]["worst_presses"] == 15  # the classic 5×5's well-known worst case


def test_grid_closed_form_agrees_with_analyze(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for m, n, rule in ((4, 4, "closed"), (5, 5, "closed"), (5, 11, "open"), (9, 9, "closed")):
        status, out, _ = run(capsys, "grid", str(m), str(n), "--rule", rule, "--json")
        assert status == 0
        closed_form = json.loads(out)
        path = board_file(tmp_path, rectangle(m, n, rule=rule), f"g{m}x{n}{rule}.json")
        status, out, _ = run(capsys, "analyze", path, "--json", "--engine", "dense")
        assert closed_form["nullity"] == json.loads(out)["nullity"]
        if m == n and rule == "closed":
            assert closed_form["nullity"] == A159257[n - 1]  # published
    status, _, err = run(capsys, "grid", "0", "5")
    assert status == 2
    assert "positive integer" in err


def test_solve_all_lists_every_solution_fewest_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    src = str(GRAPHS / "wayout-holed-5x5.txt")
    status, out, _ = run(capsys, "solve", src, "--all", "--json")
    assert status == 0
    listing = json.loads(out)["all_solutions"]
    assert len(listing) == 4  # nullity 2: 2^2 solutions
    assert [len(x) for x in listing] == sorted(len(x) for x in listing)
    assert len({tuple(sorted(x)) for x in listing}) == 4
    from lograph.core.files import read_board

    for presses in listing:
        board = read_board(src)
        for button in presses:
            board.press(button)
        assert board.is_goal()


@pytest.mark.parametrize("command", ["solve", "report"])
def test_output_onto_the_input_board_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    path = board_file(tmp_path, rectangle(3, 3), "board.json")
    before = Path(path).read_bytes()
    link = tmp_path / "link.json"
    link.symlink_to(path)
    for target in (path, str(link)):
        status, _, err = run(capsys, command, path, "-o", target)
        assert status == 2
        assert err.count("\n") == 1
        assert "board file being read" in err
        assert Path(path).read_bytes() == before


def test_analyze_nullity_beyond_float_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 1100 isolated buttons under the open rule: nullity 1100, 1/2^1100 of positions
    # solvable, a fraction whose denominator no float holds (was an internal OverflowError)
    board = rectangle(1, 1, rule="open")
    board.remove_button("r0c0")
    for i in range(1100):
        board.add_button(f"b{i}")
    path = board_file(tmp_path, board)
    status, out, err = run(capsys, "analyze", path)
    assert (status, err) == (0, "")
    assert "1/1.36e+331 (about 10^-331.1)" in out
    status, out, _ = run(capsys, "analyze", path, "--json")
    data = json.loads(out)
    assert (status, data["nullity"], data["solvable_fraction"]) == (0, 1100, 0.0)
    assert data["solvable_fraction_exact"] == f"1/{2**1100}"


def test_report_of_an_ascii_board_keeps_its_rule_and_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # .txt boards are read straight into a press system, which has no rule or name:
    # the report said "rule": null and used the file stem instead of '# name:'
    board = str(GRAPHS / "wayout-holed-5x5.txt")
    status, out, _ = run(capsys, "report", board, "--json")
    data = json.loads(out)
    assert (status, data["rule"], data["name"]) == (0, "closed", "WayOut 5x5 (three holes)")
    status, out, _ = run(capsys, "report", board, "--json", "--rule", "open")
    assert json.loads(out)["rule"] == "open"
    status, out, _ = run(capsys, "report", board)
    assert "| rule | closed |" in out


def test_max_leaves_turns_a_bounded_answer_exact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Leaves of 2^3 solutions and no single transform, so that the all-on 19×19 board
    # (nullity 16) needs the leaf search that boards past nullity 26 need at full size.
    from lograph.cli.solve_cmd import DEFAULT_LEAVES
    from lograph.core.optimize import fewest as minimal

    assert DEFAULT_LEAVES == minimal.BRANCH_NODE_LIMIT  # the help text names the default
    search_in_small_leaves(monkeypatch)
    board = board_file(tmp_path, rectangle(19, 19))
    argv = ["solve", board, "--goal", "on", "--minimal", "--json", "--max-leaves"]
    status, out, _ = run(capsys, *argv, "2")
    bounded = json.loads(out)
    assert (status, bounded["exact"], bounded["method"]) == (0, False, "heuristic")
    needed = bounded["search_leaves"]
    assert needed > 2
    assert bounded["lower_bound"] <= A075464_EXTENDED[18] <= bounded["press_count"]
    status, out, _ = run(capsys, *argv[:-2], "--max-leaves", str(needed - 1))
    assert f"an exact search needs {needed:,} leaves (--max-leaves {needed})" in out
    status, out, _ = run(capsys, *argv, str(needed))
    exact = json.loads(out)
    assert (exact["exact"], exact["method"]) == (True, "branch and bound")
    assert exact["press_count"] == A075464_EXTENDED[18]
    assert "search_leaves" not in exact


def test_time_limit_answers_with_the_best_found_and_a_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # As above, the all-on 19×19 board searched in leaves of 2^3 solutions; a limit of a
    # nanosecond has passed before the first leaf on any machine, so no leaf is searched
    # and the heuristic answers with its proven bound and what an exact answer needs.

    search_in_small_leaves(monkeypatch)
    board = board_file(tmp_path, rectangle(19, 19))
    argv = ["solve", board, "--goal", "on", "--minimal"]
    status, out, _ = run(capsys, *argv, "--json", "--time-limit", "1e-9")
    stopped = json.loads(out)
    assert (status, stopped["exact"], stopped["method"]) == (0, False, "heuristic")
    assert stopped["lower_bound"] <= A075464_EXTENDED[18] <= stopped["press_count"]
    needed = stopped["search_leaves"]
    status, out, _ = run(capsys, *argv, "--time-limit", "1e-9")
    assert f"an exact search needs {needed:,} leaves (a longer --time-limit)" in out
    status, out, _ = run(capsys, *argv, "--json", "--time-limit", "1e9")
    exact = json.loads(out)
    assert (exact["exact"], exact["press_count"]) == (True, A075464_EXTENDED[18])


def test_report_goal_on_matches_solve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`report --goal on` reports the position, fewest presses and worst position for the
    all-on target: the same fewest presses as `solve --goal on --minimal` (classic 5×5 from
    all off: 15, every one of the 4 solutions), and a different answer from the all-off goal."""
    board = board_file(tmp_path, rectangle(5, 5))
    status, out, _ = run(capsys, "report", board, "--goal", "on", "--json")
    assert status == 0
    on = json.loads(out)
    _, out, _ = run(capsys, "solve", board, "--goal", "on", "--minimal", "--json")
    solved = json.loads(out)
    assert on["goal"] == "on"
    assert on["fewest"]["press_count"] == solved["press_count"] == 15
    assert on["fewest"]["optimal_solutions"] == 4
    _, out, _ = run(capsys, "report", board, "--json")
    assert json.loads(out)["fewest"]["press_count"] == 0  # all off already
