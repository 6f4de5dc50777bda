"""``lograph report BOARD``: every figure about a board as Markdown or JSON."""

from __future__ import annotations

import argparse
import json
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

from lograph.cli.common import (
    add_board_options,
    add_engine_option,
    add_goal_option,
    add_json_flag,
    output_arg,
)
from lograph.cli.solve_cmd import add_search_options

if TYPE_CHECKING:
    from lograph.cli.progress import ProgressHook
    from lograph.core.model.board import Board
    from lograph.core.model.system import PressSystem


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "report",
        help="a full analysis report (Markdown or JSON)",
        description=(
            "Rank, nullity, quiet patterns, the current position, fewest presses, the worst "
            "position, the press histogram and the chasing recipe with its lookup table. "
            "Parts too big for an exact answer are skipped with the reason."
        ),
    )
    add_board_options(parser)
    add_engine_option(parser)
    add_json_flag(parser)
    parser.add_argument(
        "-o", "--output", type=output_arg, metavar="FILE", help="write to FILE (.md or .json)"
    )
    add_goal_option(parser, "the target the position, fewest presses and worst position refer to")
    add_search_options(parser, "the fewest-presses step")
    parser.set_defaults(run=run)


def _step_bar(
    args: argparse.Namespace, step: str, seconds: float | None
) -> AbstractContextManager[ProgressHook]:
    """The bar of one report step: the worst position runs against its time limit, and so
    does the fewest presses when it has one (`seconds`; its bar then counts them itself)."""
    from lograph.cli.progress import progress_bar
    from lograph.cli.solve_cmd import seconds_bar

    if step == "worst position":
        return progress_bar(args, f"report: {step} (of the time limit)", unit="s", rate=False)
    if seconds is not None:
        return seconds_bar(args, f"report: {step} (of the time limit)", seconds)
    return progress_bar(args, f"report: {step}", unit="leaves")


def run(args: argparse.Namespace) -> int:
    from lograph.cli.common import load_board, load_system, refuse_overwriting
    from lograph.cli.solve_cmd import check_time_limit, search_seconds
    from lograph.core.model.checks import printable
    from lograph.core.model.ring import Ring
    from lograph.core.report.report import board_report, report_markdown, write_report
    from lograph.core.work import Work, interrupted

    check_time_limit(args.time_limit)
    if args.output is not None:
        refuse_overwriting(args.board, args.output)
    source: Board | PressSystem
    if args.board.lower().endswith(".txt"):  # big grids stay out of networkx
        source = load_system(args.board, args.rule, args.states)
    else:
        source = load_board(args.board, args.rule, args.states)
    # the fewest presses as `solve --fewest`: the default time limit over GF(2) unless a
    # leaf budget is given
    seconds = search_seconds(args.time_limit, args.max_leaves, Ring.of(source.states))
    # one bar per long step, on a terminal only; Ctrl-C stops the compiled searches too
    report = board_report(
        source,
        engine=args.engine,
        work=Work(cancel=interrupted, leaves=args.max_leaves),
        steps=lambda step: _step_bar(args, step, seconds),
        goal=args.goal,
        time_limit=seconds,
    )
    report["rule"] = source.rule
    # a file name may hold escapes a terminal or a Markdown heading would obey
    report["name"] = source.name or printable(Path(args.board).stem)
    if args.output is not None:
        write_report(args.output, report)
        print(f"wrote {args.output}")
    elif args.json:
        print(json.dumps(report, indent=2))
    else:
        print(report_markdown(report), end="")
    return 0
