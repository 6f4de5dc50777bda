"""``lograph worst BOARD``: the hardest solvable position and how many presses it needs."""

from __future__ import annotations

import argparse
from typing import Any

from lograph.cli.common import (
    add_board_options,
    add_engine_option,
    add_json_flag,
    emit,
    grid_picture,
    load_system,
    press_list,
)

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
    parser.add_argument(
        "--goal",
        choices=("off", "on"),
        default="off",
        help="the position is shown relative to this goal (the count does not change)",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=20.0,
        metavar="SECONDS",
        help="time allowed for the integer program before a bounded answer (default 20)",
    )
    parser.set_defaults(run=run)


def _lit(values: Any, states: int) -> list[str]:
    if states == 2:
        return ["#" if v else "." for v in values]
    return [str(v) if v else "." for v in values]


def run(args: argparse.Namespace) -> int:
    from lograph.core.errors import BoardError
    from lograph.core.solve import prepare
    from lograph.core.worst import worst_position

    if not args.time_limit > 0:
        raise BoardError(f"--time-limit must be positive, not {args.time_limit}")
    system = load_system(args.board, args.rule, args.states)
    solver = prepare(system, args.engine)
    result = worst_position(solver, args.goal, time_limit=args.time_limit)
    data: dict[str, Any] = {
        "worst_presses": result.worst_presses,
        "upper_bound": result.upper_bound,
        "exact": result.exact,
        "method": result.method,
        "goal": args.goal,
        "lights": None,
        "presses": None,
    }
    if result.exact:
        head = f"worst position: {result.worst_presses} presses (exact, {result.method})"
    else:
        head = (
            f"worst position: between {result.worst_presses} and {result.upper_bound} presses "
            f"(not exact: {result.method})"
        )
    lines = [head]
    if result.lights is not None and result.presses is not None:
        lit = [system.names[i] for i in result.lights.nonzero()[0].tolist()]
        presses = press_list(system, result.presses)
        data.update(
            lights=lit,
            light_values=result.lights.tolist(),
            presses=presses,
            press_count=len(presses),
        )
        where = "all lights off" if args.goal == "off" else "all lights on"
        position = grid_picture(system, _lit(result.lights.tolist(), system.states))
        pressed = grid_picture(system, [str(v) if v else "." for v in result.presses.tolist()])
        if position is not None and pressed is not None and system.n <= PICTURE_LIMIT:
            lines.append(f"one such position (needs {len(presses)} presses to reach {where}):")
            lines.extend("  " + row for row in position.splitlines())
            lines.append("fewest presses for it:")
            lines.extend("  " + row for row in pressed.splitlines())
        else:
            lines.append("lit: " + " ".join(lit[:200]) + (" …" if len(lit) > 200 else ""))
            lines.append("press: " + " ".join(presses[:200]) + (" …" if len(presses) > 200 else ""))
    else:
        lines.append("no position found to show (the lower bound is a counting bound)")
    emit(args, data, "\n".join(lines))
    return 0
