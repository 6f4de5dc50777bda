"""Frontier rows 7-8: fewest presses on all-off n×n boards (39, 61, 65) and the worst position.

Both run the CLI with ``--json`` and check its answer by multiplication: the presses it
prints, toggled on the grid with numpy, must turn all off into all on (row 7) or clear the
position it prints (row 8). Row 7 also sets the count beside the published value (OEIS
A075464, in `tests/references.py`).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import numpy as np
from frontier_cli import refused
from frontier_common import REPO, Context, Row, Run, fmt, grid_pattern, grid_toggle, met, run

sys.path.insert(0, str(REPO))
from tests.references import A075464_EXTENDED

#: The worst position on 30×30 before this issue: bounds 384-450 (a gap of 66).
OLD_GAP_30 = 66


def solve_time_limit(ctx: Context) -> list[str]:
    """``--time-limit`` for ``solve --fewest`` when the installed CLI has one."""
    helps = run(ctx.cli("solve", "--help"))
    return ["--time-limit", "300"] if "--time-limit" in helps.stdout else []


def row_fewest(ctx: Context, side: int = 39) -> Row:
    row = Row("7", f"`solve --goal on --fewest`, all-off {side}×{side}", target="exact")
    published = A075464_EXTENDED[side - 1]
    row.peers = f"published {published} (OEIS A075464)"
    if ctx.quick and side > 30:
        row.lograph, row.answer = "skipped", "slow row: not run with --quick"
        return row
    board = ctx.grid_file(side, side, "txt", lights="off")
    extra = solve_time_limit(ctx)
    cmd = ctx.cli("solve", str(board), "--goal", "on", "--fewest", "--json", *extra)
    done = run(cmd, timeout=600)
    if not done.ok:
        return refused(row, done)
    answer = json.loads(done.stdout)
    presses = grid_pattern(answer["presses"], side, side)
    count = int(answer["press_count"])
    row.checked = bool(grid_toggle(presses).all()) and count == int(presses.sum())
    exact = bool(answer.get("exact"))
    row.lograph = f"{count} presses, {'exact' if exact else 'not exact'}, {fmt(done.seconds)}"
    row.ratio = f"{count / published:.3f}× published"
    row.answer = "all off → all on by multiplication" if row.checked else "WRONG presses"
    row.met = met(exact and count == published and row.checked)
    if extra:
        row.target += f" (`{' '.join(extra)}`)"
    return row


def check_worst(row: Row, answer: dict[str, Any], side: int) -> None:
    """The printed presses clear the printed position, as many as the count says."""
    lights = grid_pattern(list(answer["lights"]), side, side)
    presses = grid_pattern(list(answer["presses"]), side, side)
    count = int(answer["press_count"])
    row.checked = (
        np.array_equal(grid_toggle(presses), lights)
        and count == int(presses.sum())
        and count == int(answer["worst_presses"])
    )
    row.answer = (
        f"its {count} presses clear its position" if row.checked else "WRONG position/presses"
    )


def run_worst(ctx: Context, side: int, limit: int) -> tuple[Run, dict[str, Any] | None]:
    board = ctx.grid_file(side, side, "txt", lights="off")
    cmd = ctx.cli("worst", str(board), "--json", "--time-limit", str(limit))
    done = run(cmd, timeout=limit * 3 + 120)
    return done, (json.loads(done.stdout) if done.ok else None)


def worst_text(answer: dict[str, Any], seconds: float) -> str:
    low, high = answer["worst_presses"], answer.get("upper_bound", answer["worst_presses"])
    value = f"{low}" if answer.get("exact") else f"bounds {low}–{high}"
    return f"{value}, {'exact' if answer.get('exact') else 'not exact'}, {fmt(seconds)}"


def row_worst_9(ctx: Context) -> Row:
    limit = 5 if ctx.quick else 30
    row = Row("8a", f"`worst` 9×9 (`--time-limit {limit}`)", target="exact in < 5 s")
    done, answer = run_worst(ctx, 9, limit)
    if answer is None:
        return refused(row, done)
    check_worst(row, answer, 9)
    row.lograph = worst_text(answer, done.seconds)
    row.peers = "integer program alone: bounds 37–38 in 30 s (HiGHS proves 37 after ~150 s)"
    row.met = met(bool(answer.get("exact")) and done.seconds < 5 and row.checked)
    return row


def row_worst_30(ctx: Context) -> Row:
    limit = 60
    row = Row("8b", f"`worst` 30×30 (`--time-limit {limit}`)", target="exact, or a gap < 66")
    row.peers = "–"
    if ctx.quick:
        row.lograph, row.answer = "skipped", "slow row: not run with --quick"
        return row
    done, answer = run_worst(ctx, 30, limit)
    if answer is None:
        return refused(row, done)
    check_worst(row, answer, 30)
    row.lograph = worst_text(answer, done.seconds)
    gap = int(answer.get("upper_bound", answer["worst_presses"])) - int(answer["worst_presses"])
    if answer.get("exact"):
        row.met = met(row.checked)
    else:
        row.met = f"partly (gap {gap})" if gap < OLD_GAP_30 else "no"
    return row


#: Beyond the published terms: the answers the earlier, slower search proved (17 min and
#: 64 min), which this row must match.
KNOWN_FEWEST = {61: (1629, 8), 65: (1867, 8)}


def row_fewest_beyond(ctx: Context, side: int, key: str) -> Row:
    """Fewest presses past nullity 26 on all-off n×n: with the default leaf budget, and
    when that answers with a bound, again with the budget the bounded answer names."""
    row = Row(key, f"`solve --goal on --fewest`, all-off {side}×{side}", target="exact < 1 min")
    known, ties = KNOWN_FEWEST[side]
    row.peers = f"{known} presses, {ties} optimal (a slower exact search)"
    if ctx.quick:
        row.lograph, row.answer = "skipped", "slow row: not run with --quick"
        return row
    board = ctx.grid_file(side, side, "txt", lights="off")
    cmd = ctx.cli("solve", str(board), "--goal", "on", "--fewest", "--json")
    done = run(cmd, timeout=900)
    if not done.ok:
        return refused(row, done)
    answer, seconds, how = json.loads(done.stdout), done.seconds, "default budget"
    if not answer.get("exact") and answer.get("search_leaves"):
        leaves = str(answer["search_leaves"])
        done = run([*cmd, "--max-leaves", leaves], timeout=3600)
        if not done.ok:
            return refused(row, done)
        answer, how = json.loads(done.stdout), f"`--max-leaves {leaves}`"
        seconds += done.seconds
    presses = grid_pattern(answer["presses"], side, side)
    count = int(answer["press_count"])
    row.checked = bool(grid_toggle(presses).all()) and count == int(presses.sum())
    exact = bool(answer.get("exact"))
    optimal = answer.get("optimal_solutions")
    row.lograph = f"{count} presses, {optimal} optimal, {how}, {fmt(seconds)}"
    row.answer = "all off → all on by multiplication" if row.checked else "WRONG presses"
    right = exact and row.checked and (count, optimal) == (known, ties)
    row.met = met(right and seconds < 60) if right else "WRONG"
    return row
