"""``lograph convert IN OUT``: rewrite a board file in another format.

The formats come from the extensions (``.json .txt .graphml .g6 .graph6``) unless ``--from``
or ``--to`` names them. A conversion that would lose part of the game (a lit board to graph6,
a non-grid board to ``.txt``) is refused with a one-line explanation.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from lograph.cli.common import (
    STATES_HELP,
    add_json_flag,
    emit,
    output_arg,
    refuse_overwriting,
    states_arg,
)

if TYPE_CHECKING:
    from lograph.cli.progress import ProgressHook

__all__ = ["register", "run"]

_FORMATS = ("json", "txt", "graphml", "graph6")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "convert",
        help="convert a board file to another format (.json .txt .graphml .g6)",
        description="Read board file IN and write it to OUT in the format of OUT's extension.",
    )
    parser.add_argument(
        "input",
        metavar="IN",
        help="board file to read, or a press matrix (.mtx .csv, or LightsOutWeb's matrix .png)",
    )
    parser.add_argument("output", metavar="OUT", type=output_arg, help="board file to write")
    parser.add_argument("--from", dest="from_fmt", choices=_FORMATS, help="format of IN")
    parser.add_argument("--to", dest="to_fmt", choices=_FORMATS, help="format of OUT")
    parser.add_argument("--rule", choices=("closed", "open"), help="set the rule while converting")
    parser.add_argument("--states", type=states_arg, metavar="K", help=f"set the {STATES_HELP}")
    add_json_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.cli.matrix_cmd import convert_matrix
    from lograph.cli.progress import progress_bar
    from lograph.core.dynamics.matrix_export import MATRIX_TYPES
    from lograph.core.files import format_for, read_board, write_board
    from lograph.core.files.source import TooBigForTheBoardPath
    from lograph.core.work import Work

    target = format_for(args.output, args.to_fmt)  # a bad OUT fails before IN is read
    refuse_overwriting(args.input, args.output)  # as solve -o and report -o do
    if args.from_fmt is None and os.path.splitext(args.input)[1].lower() in MATRIX_TYPES:
        return convert_matrix(args, target.name)  # a press matrix: lograph matrix's files
    source = format_for(args.input, args.from_fmt)
    counts = None
    # A bar (stderr, a terminal, not --json) once a big file takes over half a second:
    # three steps, reading, building, writing.
    with progress_bar(args, "convert", unit="step", rate=False) as step:
        steps = Work(progress=step)
        if source.name == "txt" and target.name in ("json", "graphml"):
            counts = _grid_from_arrays(args, target.name, step)
        if counts is not None:
            buttons, edges = counts
        else:
            try:
                board = read_board(args.input, args.from_fmt, rule=args.rule, states=args.states)
            except TooBigForTheBoardPath:
                # over the editable board's limits: a board file every command reads is
                # converted from arrays (what generate and convert write, convert reads)
                counts = _from_arrays(args, source.name, target.name, step)
                if counts is None:
                    raise
                buttons, edges = counts
            else:
                steps.report(2, 3)
                write_board(board, args.output, target.name)
                steps.report(3, 3)
                buttons, edges = len(board), board.graph.number_of_edges()
    data = {
        "input": args.input,
        "output": args.output,
        "format": target.name,
        "buttons": buttons,
        "edges": edges,
    }
    text = f"wrote {args.output} ({target.name}): {buttons} buttons, {edges} edges"
    emit(args, data, text)
    return 0


def _from_arrays(
    args: argparse.Namespace, source: str, fmt: str, step: ProgressHook
) -> tuple[int, int] | None:
    """Convert a ``.txt``, ``.json`` or ``.graphml`` board too big for the editable board
    straight from its press system (`read_system`, the array limits) to ``.json``,
    ``.graphml`` or a ``.txt`` grid; None when the formats have no array path (the board
    path's refusal stands). A format that cannot hold the board is refused, naming OUT."""
    from lograph.core.files import ascii_grid, limits, read_system
    from lograph.core.files import source as files_source
    from lograph.core.files.atomic import atomic_write_chunks, atomic_write_text
    from lograph.core.files.fast_graphml import FAST_WRITERS
    from lograph.core.files.source import format_error
    from lograph.core.model.checks import name_problem

    if source not in ("txt", "json", "graphml") or fmt not in ("json", "graphml", "txt"):
        return None
    from lograph.core.work import Work

    steps = Work(progress=step)
    system = read_system(args.input, args.from_fmt, rule=args.rule, states=args.states)
    steps.report(2, 3)
    if fmt == "txt":
        grid = ascii_grid.system_grid(system)
        if isinstance(grid, str):
            raise format_error(args.output, f"cannot save as txt: {grid}; save as .json")
        mask, lights = grid
        text = ascii_grid.grid_text(
            mask, lights, rule=system.rule, states=system.states, name=system.name
        )
        atomic_write_text(args.output, text, limit=files_source.MAX_FILE_BYTES)
    else:
        if not FAST_WRITERS[fmt][0](system):
            problem = name_problem(system.name) or "a button id holds a character XML cannot"
            raise format_error(args.output, f"cannot save the board: its {problem}")
        chunks = FAST_WRITERS[fmt][1](system)
        atomic_write_chunks(args.output, chunks, limit=limits.MAX_ARRAY_FILE_BYTES)
    steps.report(3, 3)
    return system.n, system.edge_count


def _grid_from_arrays(
    args: argparse.Namespace, fmt: str, step: ProgressHook
) -> tuple[int, int] | None:
    """Convert an ASCII grid to native JSON or GraphML from arrays (no networkx graph); the
    text is the one the board path writes; the array limits apply (`check_array_counts`),
    so ``read_system`` (analyze, solve ...) reads the file back (the window's editable
    board keeps the lower graph board limits). Returns the numbers of buttons and edges, or None
    when the format cannot hold the board (the board path then words the refusal)."""
    from lograph.core.files import ascii_grid, limits
    from lograph.core.files.atomic import atomic_write_chunks
    from lograph.core.files.fast_graphml import FAST_WRITERS
    from lograph.core.files.limits import check_array_counts
    from lograph.core.files.source import read_text
    from lograph.core.work import Work

    stem = os.path.splitext(os.path.basename(args.input))[0]
    grid = ascii_grid.parse(
        args.input, read_text(args.input), rule=args.rule, states=args.states, name=stem
    )
    mask = grid.mask  # refuse what AsciiGrid.to_board refuses, before building anything
    edges = int((mask[:, 1:] & mask[:, :-1]).sum() + (mask[1:, :] & mask[:-1, :]).sum())
    check_array_counts(args.input, int(mask.sum()), edges)
    system = grid.to_system()
    steps = Work(progress=step)
    steps.report(1, 3)
    if not FAST_WRITERS[fmt][0](system):
        return None
    steps.report(2, 3)  # (the text is made as it is written)
    chunks = FAST_WRITERS[fmt][1](system)
    atomic_write_chunks(args.output, chunks, limit=limits.MAX_ARRAY_FILE_BYTES)
    steps.report(3, 3)
    return system.n, system.edge_count
