"""``lograph worst BOARD``: the hardest solvable position and how many presses it needs."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

import numpy as np

from lograph.cli.common import (
    add_board_options,
    add_engine_option,
    add_goal_option,
    add_json_flag,
    emit,
    grid_picture,
    load_prepared,
)
from lograph.core.model.ring import Ring, RingKind
from lograph.core.report.answers import worst_record
from lograph.core.report.records import press_ids

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from lograph.core.model.system import PressSystem

#: Grid pictures are drawn up to this many buttons; larger boards list button ids.
PICTURE_LIMIT = 2500


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "worst",
        help="the position that needs the most presses (the board's God's number)",
        description=(
            "Find the largest fewest-presses count over all solvable positions and one "
            "position that needs it. Exact while the board's nullity is moderate; beyond "
            "that, or past --time-limit, the answer is a labelled lower/upper bound."
        ),
    )
    add_board_options(parser)
    add_engine_option(parser)
    add_json_flag(parser)
    add_goal_option(
        parser, "the position is shown relative to this goal (the count does not change)"
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=20.0,
        metavar="SECONDS",
        help=(
            "time allowed for the spectrum search and the integer program, or beyond them "
            "for the search for hard positions, before a bounded answer (default 20)"
        ),
    )
    parser.set_defaults(run=run)


def _lit(values: Any, ring: Ring) -> list[str]:
    if ring.kind is RingKind.GF2:
        return ["#" if v else "." for v in values]
    return [str(v) if v else "." for v in values]


def run(args: argparse.Namespace) -> int:
    from lograph.cli.memory import require, worst_estimate
    from lograph.cli.progress import progress_bar
    from lograph.core.errors import BoardError
    from lograph.core.optimize.worst import worst_position
    from lograph.core.work import Work, interrupted

    if not args.time_limit > 0:
        raise BoardError(f"--time-limit must be positive, not {args.time_limit}")
    system, solver = load_prepared(args, interrupted)
    needed = worst_estimate(system.n, system.nnz, solver.analysis.nullity, system.states)
    require(args.board, "the worst-position search", needed)
    # interrupted: Ctrl-C stops HiGHS's wait at once (it runs on a helper thread)
    with progress_bar(args, "worst (of the time limit)", unit="s", rate=False) as progress:
        work = Work(cancel=interrupted, progress=progress).within(args.time_limit)
        result = worst_position(solver, args.goal, work=work)
    data = worst_record(system, result, args.goal) if args.json else {}
    if result.exact:
        head = f"worst position: {result.worst_presses} presses (exact, {result.method})"
    else:
        head = (
            f"worst position: between {result.worst_presses} and {result.upper_bound} presses "
            f"(not exact: {result.method})"
        )
    lines = [head]
    if result.lights is None or result.presses is None:
        lines.append("no position found to show (the lower bound is a counting bound)")
        emit(args, data, "\n".join(lines))
        return 0
    if args.json:
        emit(args, data, "")
        return 0
    lines.extend(_position_lines(system, result.lights, result.presses, args.goal))
    emit(args, data, "\n".join(lines))
    return 0


def _position_lines(
    system: PressSystem, lights: NDArray[Any], presses: NDArray[Any], goal: str
) -> list[str]:
    """The worst position and its fewest presses: grid pictures, or lists of button ids."""
    where = "all lights off" if goal == "off" else "all lights on"
    count = int(presses.astype(np.int64).sum())
    lines = [f"one such position (needs {count} presses to reach {where}):"]
    position = pressed = None
    if system.n <= PICTURE_LIMIT:  # grid_picture is None for boards that are not grids
        position = grid_picture(system, _lit(lights.tolist(), system.ring))
        pressed = grid_picture(system, [str(v) if v else "." for v in presses.tolist()])
    if position is not None and pressed is not None:
        lines.extend("  " + row for row in position.splitlines())
        lines.append("fewest presses for it:")
        lines.extend("  " + row for row in pressed.splitlines())
        return lines
    shown = 200
    lit_mask = (lights != 0).astype(np.int64)
    more_lit = " …" if int(lit_mask.sum()) > shown else ""
    more_presses = " …" if count > shown else ""
    lines.append("lit: " + " ".join(press_ids(system, lit_mask, shown)) + more_lit)
    lines.append("press: " + " ".join(press_ids(system, presses, shown)) + more_presses)
    return lines
