"""``lograph lights BOARD --preset NAME | --transform NAME -o OUT``: new lights for a board.

The presets and transforms are LightsOutWeb's (`lograph.core.model.presets`,
`lograph.core.model.transforms`): a preset replaces the lights (lit, corners, border,
checkers, chessboard, random, random-solvable …), a transform makes new ones from the
current lights (invert, rotate, shifts …). The board, with the new lights, is written to OUT
atomically; OUT may be BOARD itself. One that has no meaning on the board (corners of a
graph with no grid, a shift of a board with holes) is refused in one line saying why.
"""

from __future__ import annotations

import argparse
import secrets

from lograph.cli.common import (
    add_board_options,
    add_goal_option,
    add_json_flag,
    emit,
    grid_picture,
    output_arg,
    seed_arg,
)
from lograph.core.model.presets import PRESETS
from lograph.core.model.transforms import TRANSFORMS

__all__ = ["register", "run"]

#: Grids are drawn up to this many buttons.
PICTURE_LIMIT = 2500

#: The names that draw random numbers.
_RANDOM = ("random", "random-solvable", "scramble")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "lights",
        help="set a board's lights to a preset or transform them (invert, shift …)",
        description=(
            "Write BOARD to OUT with new lights: a preset pattern (as LightsOutWeb's) or a "
            "transform of the current lights. Lit means the light k-1."
        ),
    )
    add_board_options(parser)
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--preset",
        choices=PRESETS,
        metavar="NAME",
        help=f"new lights: {', '.join(PRESETS)}",
    )
    what.add_argument(
        "--transform",
        choices=TRANSFORMS,
        metavar="NAME",
        help=f"lights made from the current ones: {', '.join(TRANSFORMS)}",
    )
    parser.add_argument(
        "-o", "--output", required=True, type=output_arg, metavar="OUT", help="board file to write"
    )
    parser.add_argument(
        "--seed",
        type=seed_arg,
        metavar="S",
        help="seed of random, random-solvable and scramble (default: a fresh one, printed)",
    )
    add_goal_option(parser, "the goal random-solvable positions are solvable to (default off)")
    add_json_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.cli.common import load_board
    from lograph.core.files import format_for, write_board
    from lograph.core.files.atomic import check_writable
    from lograph.core.model.presets import preset_lights
    from lograph.core.model.transforms import transform_lights

    format_for(args.output)  # a bad OUT fails before BOARD is read
    check_writable(args.output)
    board = load_board(args.board, args.rule, args.states)
    name = args.preset or args.transform
    seed = args.seed
    if seed is None and name in _RANDOM:
        seed = secrets.randbits(32)  # printed, so the same lights can be made again
    if args.preset:
        lights = preset_lights(board, name, seed=seed, goal=args.goal)
    else:
        lights = transform_lights(board, name, seed=seed)
    board.set_lights(lights)
    write_board(board, args.output)

    lit = int((lights != 0).sum())
    kind = "preset" if args.preset else "transform"
    data = {
        "input": args.board,
        "output": args.output,
        kind: name,
        "seed": seed if name in _RANDOM else None,
        "buttons": len(board),
        "states": board.states,
        "lit": lit,
    }
    used = f", seed {seed}" if name in _RANDOM else ""
    lines = [f"wrote {args.output}: {kind} {name}{used}, {lit} of {len(board)} lights on"]
    if len(board) <= PICTURE_LIMIT:
        marks = [("#" if board.states == 2 else str(v)) if v else "." for v in lights.tolist()]
        picture = grid_picture(board.to_system(), marks)
        if picture is not None:
            lines.extend("  " + row for row in picture.splitlines())
    emit(args, data, "\n".join(lines))
    return 0
