"""``lograph render BOARD -o FILE.png|svg``: a picture of a board, drawn headless.

The board is drawn exactly as the window draws it (the same scene and layers), on Qt's
offscreen platform unless QT_QPA_PLATFORM says otherwise, so pictures can be made in scripts
and on servers with no display. Qt is imported only inside `run`: other commands never load
it. A QApplication (not just a QGuiApplication) is needed: QGraphicsScene uses the widget
style and crashes without one.
"""

from __future__ import annotations

import argparse
import logging
import os
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from lograph.cli.common import add_board_options, add_goal_option, add_json_flag, emit, int_arg

if TYPE_CHECKING:
    from lograph.core.model.board import Board

IMAGE_TYPES = (".png", ".svg")
log = logging.getLogger("lograph")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "render",
        help="draw a board to a PNG or SVG picture (no display needed)",
        description=(
            "Draw BOARD as the window shows it and write a PNG or SVG picture, optionally "
            "with the fewest-presses solution (green rings) or the chase plan (numbered "
            "steps, free buttons, forcing arrows, check lights) marked on it."
        ),
    )
    add_board_options(parser)
    add_json_flag(parser)
    parser.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="picture to write (.png or .svg)"
    )
    parser.add_argument(
        "--overlay",
        choices=("none", "solution", "chase"),
        default="none",
        help="marks to draw: none (default), the fewest-presses solution, or the chase plan",
    )
    add_goal_option(parser, "goal of --overlay solution")
    parser.add_argument("--width", type=int_arg, metavar="W", help="width in pixels")
    parser.add_argument("--height", type=int_arg, metavar="H", help="height in pixels")
    parser.set_defaults(run=run)


#: Drawing takes ~30 s at 10⁶ buttons (and the picture is a grey blur): refuse beyond this.
RENDER_LIMIT = 250_000


def run(args: argparse.Namespace) -> int:
    from lograph.cli.common import load_board, load_system
    from lograph.cli.memory import render_estimate, require
    from lograph.core.errors import LographError

    output = Path(args.output)
    if output.suffix.lower() not in IMAGE_TYPES:
        raise LographError(
            f"{args.output}: pictures are written as .png or .svg, not "
            f"{output.suffix or '(no extension)'}"
        )
    for name in ("width", "height"):
        value = getattr(args, name)
        if value is not None and not 1 <= value <= 16384:
            raise LographError(f"--{name} must be 1..16384 pixels, not {value}")
    if not output.absolute().parent.is_dir():
        raise LographError(f"{output.absolute().parent}: no such folder")
    if args.board.lower().endswith(".txt"):  # count big grids cheaply, before networkx
        _check_size(args.board, load_system(args.board).n)
    board = load_board(args.board, args.rule, args.states)  # before Qt: bad input fails fast
    _check_size(args.board, len(board))
    edges = board.graph.number_of_edges()
    require(args.board, "drawing", render_estimate(len(board), edges, args.width, args.height))
    width, height = _draw(args, board, output)
    data = {
        "output": str(output),
        "format": output.suffix.lower().lstrip("."),
        "width": width,
        "height": height,
        "overlay": args.overlay,
        "buttons": len(board.buttons),
    }
    emit(args, data, f"wrote {output} ({width}×{height} px, {len(board.buttons)} buttons)")
    return 0


def _draw(args: argparse.Namespace, board: Board, output: Path) -> tuple[int, int]:
    """Draw the board with Qt and write the picture; its size in pixels."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from lograph.cli.interrupts import deferred
    from lograph.ui.picture.render import (
        chase_layers,
        marks_for_export,
        scene_for,
        solution_layers,
        write_image,
    )

    app = QApplication.instance() or QApplication(["lograph"])
    # numpy's RuntimeWarnings (overflow, invalid value) from a strange layout are not the
    # user's business: the scene scales any finite layout; they go to the debug log only
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RuntimeWarning)
        scene = scene_for(board)
        layers = []
        if args.overlay == "solution":
            layers = solution_layers(board, args.goal)
        elif args.overlay == "chase":
            layers = chase_layers(board)
        log.debug("render: drawing %d buttons", len(board))
        # deferred: Ctrl-C inside Qt's calls back into the canvas items would be printed and
        # dropped; the flag stops the save instead, or the watcher ends the process.
        with marks_for_export(scene, args.overlay, layers), deferred():
            size = write_image(scene, output, args.width, args.height, title=board.name)
    for warning in caught:
        log.debug("render: %s", warning.message)
    del app  # kept alive until the picture is written
    return size


def _check_size(path: str, buttons: int) -> None:
    from lograph.core.errors import BoardTooLargeError

    if buttons > RENDER_LIMIT:
        raise BoardTooLargeError(
            f"{path}: {buttons} buttons are too many to draw (limit {RENDER_LIMIT})"
        )
