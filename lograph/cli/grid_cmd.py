"""``lograph grid M N``: rank and nullity of a plain m×n board from the closed forms."""

from __future__ import annotations

import argparse

from lograph.cli.common import add_json_flag, emit


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "grid",
        help="nullity of a plain M×N board from its closed form (no matrix, any size)",
        description=(
            "Rank, nullity and solvable share of the plain M×N Lights Out board (on/off), "
            "from deg gcd(f_M(x), f_N(x+1)) over GF(2) (open rule: f_N(x)). Instant even for "
            "100000×100000 boards."
        ),
    )
    parser.add_argument("rows", type=int, metavar="M", help="rows (1 to 1000000)")
    parser.add_argument("cols", type=int, metavar="N", help="columns (1 to 1000000)")
    parser.add_argument(
        "--rule",
        choices=("closed", "open"),
        default="closed",
        help="closed (σ+, a press toggles itself, default) or open",
    )
    add_json_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.core.algebra.gridforms import grid_nullity
    from lograph.core.report.records import count_json, fraction_json

    nullity = grid_nullity(args.rows, args.cols, args.rule)
    buttons = args.rows * args.cols
    data = {
        "rows": args.rows,
        "cols": args.cols,
        "rule": args.rule,
        "buttons": buttons,
        "rank": buttons - nullity,
        "nullity": nullity,
        "worlds": count_json(2, nullity),
        "solvable_fraction_exact": fraction_json(2, nullity),
    }
    text = (
        f"{args.rows}×{args.cols} board ({args.rule} rule): {buttons} buttons, "
        f"rank {buttons - nullity}, nullity {nullity}; "
        f"solvable share {data['solvable_fraction_exact']}"
    )
    emit(args, data, text)
    return 0
