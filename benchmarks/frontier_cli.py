"""Frontier rows 1-6: whole ``lograph`` processes (start-up, cold cache, big board files).

Each row times the command a user types, best of `Context.repeats` runs after one warm-up
run, and checks the answer of the timed run: the nullity printed by ``analyze`` against
Sutner's criterion, the board written by ``generate`` / ``convert`` read back.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile

import numpy as np
from frontier_common import (
    Context,
    Row,
    Run,
    best_run,
    fmt,
    grid_nullity,
    met,
    run,
    text_field,
    times,
)

CLASSIC = "graphs/classic-5x5.txt"


def refused(row: Row, failed: Run) -> Row:
    """Fill `row` for a command that did not finish: its reason, target not met."""
    row.lograph = "refused" if failed.returncode == 2 else "failed"
    if failed.returncode is None:
        row.lograph = "timeout"
    row.met, row.answer = "no", failed.why()
    return row


def check_nullity(row: Row, output: str, side: int) -> None:
    """Set the answer of an ``analyze`` row: its printed nullity against Sutner's."""
    printed, expected = text_field(output, "nullity"), grid_nullity(side, side)
    row.checked = printed == expected
    verdict = "=" if row.checked else "WRONG, expected"
    row.answer = f"nullity {printed} {verdict} {expected} (Sutner)"


def row_start(ctx: Context) -> Row:
    row = Row("1", f"`lograph analyze {CLASSIC}`, whole process", target="< 0.3 s")
    cmd = ctx.cli("analyze", CLASSIC)
    run(cmd)  # warm: numba's cache and the file cache
    ours = best_run(cmd, ctx.repeats)
    if not ours.ok:
        return refused(row, ours)
    floor = best_run([sys.executable, "-c", "pass"], ctx.repeats)
    check_nullity(row, ours.stdout, 5)
    row.lograph = fmt(ours.seconds)
    row.peers = f"`python -c pass` {fmt(floor.seconds)}"
    row.ratio = times(ours.seconds, floor.seconds, "floor")
    row.met = met(ours.seconds < 0.3 and row.checked)
    return row


#: a random graph of 2,000 buttons, mean degree 6
RANDOM_2000 = ("random", "2000", "0.003", "--seed", "1")


def cold_run(cmd: list[str]) -> Run:
    """`cmd` with an empty numba cache (a fresh NUMBA_CACHE_DIR), as after an install."""
    with tempfile.TemporaryDirectory(prefix="numba-cold-") as cache:
        return run(cmd, env={**os.environ, "NUMBA_CACHE_DIR": cache})


def row_cold(ctx: Context) -> Row:
    row = Row("2", "first `lograph analyze` (5×5), cold numba cache", target="< 2 s")
    cmd = ctx.cli("analyze", CLASSIC)
    cold = cold_run(cmd)
    if not cold.ok:
        return refused(row, cold)
    warm = best_run(cmd, ctx.repeats)
    big = ctx.grid_file(300, 300, "json")
    others = {"300×300 `.json`": cold_run(ctx.cli("analyze", str(big)))}
    # boards that are not rectangles take other engines than the numpy row chase
    for label, kind in (("diamond 481", ("diamond", "15")), ("random 2,000", RANDOM_2000)):
        board = ctx.scratch / f"cold-{kind[0]}.json"
        run(ctx.cli("generate", *kind, "-o", str(board)))
        others[label] = cold_run(ctx.cli("analyze", str(board)))
    check_nullity(row, cold.stdout, 5)
    row.lograph = fmt(cold.seconds)
    row.peers = f"warm {fmt(warm.seconds)}; cold: " + ", ".join(
        f"{label} {fmt(r.seconds) if r.ok else 'failed'}" for label, r in others.items()
    )
    row.ratio = times(cold.seconds, warm.seconds, "warm")
    slowest = max(r.seconds if r.ok else float("inf") for r in others.values())
    row.met = met(max(cold.seconds, slowest) < 2 and row.checked)
    return row


def timed_analyze(ctx: Context, row: Row, side: int, ext: str, limit: float) -> Row:
    """Whole ``analyze`` process on a side×side board file (random lights)."""
    cmd = ctx.cli("analyze", str(ctx.grid_file(side, side, ext)))
    first = run(cmd)  # warm
    ours = best_run(cmd, ctx.repeats) if first.ok else first
    if not ours.ok:
        return refused(row, ours)
    check_nullity(row, ours.stdout, side)
    row.lograph = fmt(ours.seconds)
    row.ratio = times(ours.seconds, limit, "target")
    row.met = met(ours.seconds < limit and row.checked)
    return row


def row_json_300(ctx: Context) -> Row:
    row = Row("3", "`lograph analyze` 300×300 `.json` (90,000 buttons)", target="< 1 s")
    return timed_analyze(ctx, row, 300, "json", 1.0)


def row_txt_1000(ctx: Context) -> Row:
    row = Row("6", "`lograph analyze` 1000×1000 `.txt`, whole process", target="< 1 s")
    return timed_analyze(ctx, row, 1000, "txt", 1.0)


def row_generate(ctx: Context) -> Row:
    row = Row("4", "`lograph generate rectangle 300 300 -o b.json`", target="< 1 s")
    out = ctx.scratch / "b.json"
    ours = best_run(ctx.cli("generate", "rectangle", "300", "300", "-o", str(out)), ctx.repeats)
    if not ours.ok:
        return refused(row, ours)
    board = json.loads(out.read_text())
    nodes, edges = len(board["nodes"]), len(board["edges"])
    row.checked = (nodes, edges) == (300 * 300, 2 * 300 * 299)
    row.answer = f"{nodes:,} nodes, {edges:,} edges" + ("" if row.checked else " WRONG")
    row.lograph = fmt(ours.seconds)
    row.ratio = times(ours.seconds, 1.0, "target")
    row.met = met(ours.seconds < 1 and row.checked)
    return row


def same_board(txt: str, converted: str) -> tuple[bool, str]:
    """Whether two board files hold the same press system and lights (read back)."""
    from lograph.core.files import read_system

    a, b = read_system(txt), read_system(converted)
    same = (
        a.n == b.n
        and a.nnz == b.nnz
        and np.array_equal(a.lights, b.lights)
        and list(a.names) == list(b.names)
    )
    return same, f"{b.n:,} buttons, {int(np.count_nonzero(b.lights)):,} lit, read back"


def row_convert(ctx: Context) -> Row:
    row = Row("5", "`lograph convert` 1000×1000 `.txt` → `.json`", target="< 5 s")
    source, out = ctx.grid_file(1000, 1000, "txt"), ctx.scratch / "converted.json"
    repeats = 1 if ctx.quick else 2
    ours = best_run(ctx.cli("convert", str(source), str(out)), repeats, timeout=300)
    if not ours.ok:
        return refused(row, ours)
    row.checked, row.answer = same_board(str(source), str(out))
    if not row.checked:
        row.answer += " WRONG: not the same board"
    row.lograph = fmt(ours.seconds)
    row.ratio = times(ours.seconds, 5.0, "target")
    row.met = met(ours.seconds < 5 and row.checked)
    return row
