"""``lograph analyze BOARD``: rank, nullity, quiet patterns, solvable share, worlds."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from lograph.cli.common import (
    add_board_options,
    add_engine_option,
    add_json_flag,
    count_arg,
    emit,
    fraction_text,
    grid_picture,
    load_prepared,
)
from lograph.core.report.answers import QUIET_LIMIT, analysis_record
from lograph.core.report.records import factors_text

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lograph.core.algebra.analysis import Analysis
    from lograph.core.model.system import PressSystem

#: Largest board of ``--lit-only``: `lograph.core.optimize.lit_only.LIT_ONLY_LIMIT` (a test
#: checks they agree).
LIT_ONLY_COUNT_LIMIT = 30


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "analyze",
        help="rank, nullity, quiet patterns and solvability of a board",
        description="Analyse the press matrix of a board over GF(p), or over Z_k for a "
        "composite number of states k.",
    )
    add_board_options(parser)
    add_engine_option(parser)
    add_json_flag(parser)
    parser.add_argument(
        "--histogram",
        action="store_true",
        help="also count how many solvable positions need 0, 1, 2, … presses (small boards)",
    )
    parser.add_argument(
        "--quiet-limit",
        type=count_arg,
        default=QUIET_LIMIT,
        metavar="K",
        help=f"list at most K quiet patterns (default {QUIET_LIMIT})",
    )
    parser.add_argument(
        "--lit-only",
        action="store_true",
        help="also count the positions that can be cleared pressing only lit buttons "
        f"(exact search over all 2^N positions; on/off boards up to {LIT_ONLY_COUNT_LIMIT} "
        "buttons, memory allowing)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.core.solve import required_change

    system, solver = load_prepared(args)
    analysis = solver.analysis
    world = analysis.syndrome(required_change(system))
    shown = analysis.quiet[: args.quiet_limit]
    # Text shows 40 ids a pattern; naming all of them costs seconds at 10⁶ buttons.
    data = analysis_record(
        system, analysis, world, args.quiet_limit, ids_limit=None if args.json else 41
    )
    quiet = data["quiet_patterns"]
    lines = [
        f"buttons          {system.n}",
        f"edges            {data['edges']}",
        f"states           {system.states}",
        *_structure_lines(system, analysis, data),
        f"this position    {'solvable' if not any(world) else f'unsolvable, world {list(world)}'}",
        f"engine           {analysis.engine}"
        + (
            f" ({analysis.free_buttons} free button{'' if analysis.free_buttons == 1 else 's'})"
            if analysis.free_buttons is not None
            else ""
        ),
    ]
    if analysis.nullity:
        lines.extend(_quiet_lines(system, analysis, shown, quiet))
    if args.histogram:
        from lograph.cli.progress import progress_bar
        from lograph.core.optimize.histogram import press_histogram
        from lograph.core.work import Work, interrupted

        with progress_bar(args, "histogram", unit="steps") as progress:
            histogram = press_histogram(system, work=Work(cancel=interrupted, progress=progress))
        data["histogram"] = histogram
        lines.append("")
        lines.append("positions by fewest presses:")
        lines.extend(f"  {k:3d} presses: {count}" for k, count in enumerate(histogram) if count)
    if getattr(args, "lit_only", False):
        lines.extend(_lit_only_lines(system, data))
    emit(args, data, "\n".join(lines))
    return 0


def _structure_lines(system: PressSystem, analysis: Analysis, data: dict[str, Any]) -> list[str]:
    """Rank and nullity over GF(p); the quiet patterns' structure over Z_k (no rank)."""
    k, n = system.states, system.n
    if analysis.prime:
        return [
            f"rank             {analysis.rank}",
            f"nullity          {analysis.nullity}",
            f"solvable         {_count_text(k, analysis.rank)} of "
            f"{_count_text(k, n)} positions = {fraction_text(analysis.solvable_fraction)}",
            f"worlds           {_count_text(k, analysis.nullity)}",
        ]
    return [
        f"quiet patterns   {data['kernel_size']} = {factors_text(analysis.kernel_structure)}",
        f"solvable         {data['solvable_count']} of {_count_text(k, n)} positions = "
        f"{data['solvable_fraction_exact']}",
        f"worlds           {data['worlds']}",
    ]


def _lit_only_lines(system: PressSystem, data: dict[str, Any]) -> list[str]:
    """``analyze --lit-only``: the exact lit-only solvable count beside the ordinary one."""
    from lograph.core.errors import BoardError, BoardTooLargeError
    from lograph.core.optimize.lit_only import lit_only_solvable_count
    from lograph.core.work import Work, interrupted

    try:
        count = lit_only_solvable_count(system, Work(cancel=interrupted))
    except (BoardError, BoardTooLargeError) as exc:  # too large, or not an on/off board
        data.update(lit_only_solvable_count=None, lit_only_note=f"not computed: {exc}")
        return ["", f"lit-only         not computed: {exc}"]
    ordinary = 2 ** data["rank"]  # the ordinary count; `solvable_count` already says so
    data["lit_only_solvable_count"] = count
    return [
        "",
        f"lit-only         {count} of {_count_text(2, system.n)} positions can be cleared "
        f"pressing only lit buttons (ordinary game: {ordinary}; exact search)",
    ]


def _quiet_lines(
    system: PressSystem, analysis: Analysis, shown: NDArray[np.uint8], quiet: list[list[str]]
) -> list[str]:
    """The quiet patterns shown: a grid picture each (x on pressed cells), else button ids.
    Over Z_k they are generators, each labelled with its order."""
    nullity = analysis.nullity
    kind = "a basis" if analysis.prime else "generators"
    lines = ["", f"quiet patterns ({kind} of {nullity}; press sets changing nothing):"]
    from lograph.core.model.ring import RingKind

    orders = analysis.orders()
    bits = system.ring.kind is RingKind.GF2  # x on a pressed cell, else its press count
    for i, (vec, ids) in enumerate(zip(shown, quiet, strict=True), 1):
        label = f"#{i}" if analysis.prime else f"#{i} (order {orders[i - 1]})"
        picture = None
        if system.n <= 400:  # a picture of each pattern: x (or the press count) on its cells
            marks = ["-" if not v else "x" if bits else str(v) for v in vec]
            picture = grid_picture(system, marks)
        if picture is not None:
            lines.append(f"  {label}")
            lines.extend("    " + row for row in picture.splitlines())
        else:
            lines.append(f"  {label}: {' '.join(ids[:40])}" + (" …" if len(ids) > 40 else ""))
    if len(shown) < nullity:
        lines.append(f"  … {nullity - len(shown)} more (raise --quiet-limit)")
    return lines


def _count_text(p: int, exponent: int) -> str:
    return f"{p}^{exponent}" if exponent > 20 else str(p**exponent)
