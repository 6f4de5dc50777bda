"""``lograph chase BOARD``: a chasing plan a person can follow, with its lookup table."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from lograph.cli.common import (
    add_board_options,
    add_json_flag,
    emit,
    load_system,
)
from lograph.core.report.answers import chase_record, plan_picture

if TYPE_CHECKING:
    from lograph.core.chase.plan import ChasePlan
    from lograph.core.chase.table import ChaseTable
    from lograph.core.model.system import PressSystem

#: Steps listed in the text output unless --all is given (JSON always has every step).
STEP_LIMIT = 400
#: Free buttons and check lights named in the text output.
LIST_LIMIT = 60


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "chase",
        help="a light-chasing plan with few free buttons, and its lookup table",
        description=(
            "Print a chasing plan: numbered steps ('free' = a button you choose, 'force' = "
            "press a button to switch a light off), the free buttons, the check lights, and "
            "the lookup table of the recipe: chase without pressing free buttons, read the "
            "check lights, press the free buttons the table names, chase again."
        ),
    )
    add_board_options(parser)
    add_json_flag(parser)
    parser.add_argument(
        "--all", action="store_true", help=f"list every step (default: the first {STEP_LIMIT})"
    )
    parser.add_argument(
        "--starts",
        type=int,
        default=12,
        metavar="K",
        help="BFS start vertices the plan search tries per component (default 12)",
    )
    parser.add_argument("--no-table", action="store_true", help="skip the lookup table")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.core.chase.plan import chase_plan
    from lograph.core.chase.table import chase_table
    from lograph.core.errors import BoardTooLargeError

    system = load_system(args.board, args.rule, args.states)
    plan = chase_plan(system, starts=args.starts)
    table: ChaseTable | None = None
    table_error: str | None = "not requested (--no-table)" if args.no_table else None
    if not args.no_table:
        try:
            table = chase_table(system, plan)
        except BoardTooLargeError as exc:
            table_error = str(exc)
    picture = plan_picture(system, plan)
    if args.json:
        data = chase_record(system, plan, table, table_error, picture)
        emit(args, data, "")
    else:
        emit(args, {}, plan_text(system, plan, table, table_error, picture, args.all))
    return 0


def _listing(shown: list[str], total: int) -> str:
    more = f" … ({total - len(shown)} more; see --json)" if total > len(shown) else ""
    return (" ".join(shown) or "(none)") + more


def _pattern_text(values: list[int]) -> str:
    return ("" if max(values, default=0) < 10 else " ").join(map(str, values)) or "(none)"


def plan_text(
    system: PressSystem,
    plan: ChasePlan,
    table: ChaseTable | None,
    table_error: str | None,
    picture: str | None,
    show_all: bool,
) -> str:
    names = system.names
    lines = [
        f"{system.n} buttons, {plan.free_count} free buttons, {len(plan.check)} check lights"
        f" ({'p' if system.ring.is_field else 'k'} = {system.states})",
        "",
        "steps:",
    ]
    shown = system.n if show_all else min(system.n, STEP_LIMIT)
    for i in range(shown):
        w, u = int(plan.buttons[i]), int(plan.lights[i])
        action = f"free {names[w]}" if u < 0 else f"force {names[u]} -> {names[w]}"
        lines.append(f"{i + 1:6d}. {action}")
    if shown < system.n:
        lines.append(f"  … {system.n - shown} more steps (use --all or --json)")
    free = [names[int(w)] for w in plan.free[:LIST_LIMIT]]
    check = [names[int(u)] for u in plan.check[:LIST_LIMIT]]
    lines += ["", f"free buttons: {_listing(free, plan.free_count)}"]
    lines += [f"check lights: {_listing(check, len(plan.check))}"]
    if picture is not None:
        lines += [
            "",
            "the plan on the board (step number; F = free, arrow = the light that forces the "
            "button, o = its own light, * = a light that is not a grid neighbour; "
            "C = check light):",
        ]
        lines += ["  " + row for row in picture.splitlines()]
    lines.append("")
    if table is None:
        lines.append(f"lookup table: not available: {table_error}")
        return "\n".join(lines)
    how = "fewest presses" if table.minimal else "valid presses, not necessarily the fewest"
    free = [names[int(w)] for w in plan.free]
    check = [names[int(u)] for u in plan.check]
    lines += [
        f"lookup table ({len(table)} rows, {len(table) - 1} non-trivial; {how}):",
        "  1. chase with no free presses (free buttons left alone),",
        f"  2. read the check lights in this order: {' '.join(check) or '(none)'},",
        "  3. press the free buttons of that row, 4. chase again: every light ends off.",
        "  A pattern not in the table means the position cannot be solved.",
        "",
    ]
    patterns = [_pattern_text(p) for p in table.patterns.tolist()]
    width = max(len("check lights"), *(len(p) for p in patterns))
    lines.append(f"  {'check lights'.ljust(width)}  press")
    for text, row in zip(patterns, table.presses.tolist(), strict=True):
        press = [b for b, k in zip(free, row, strict=True) for _ in range(k)]
        lines.append(f"  {text.ljust(width)}  {' '.join(press) or '-'}")
    return "\n".join(lines)
