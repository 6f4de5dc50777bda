"""``lograph matrix BOARD -o OUT.(png|csv|mtx) [--solution] [--edges]``: a board's press
matrix or solution matrix, as LightsOutWeb's "Matrix" menu saves them.

The press matrix A (``A[u, w]``: what pressing w adds to light u) or, with ``--solution``,
the solution matrix S (A's inverse, or its Drazin inverse on a singular board: the solution
map is ``b → −S b``; `lograph.core.dynamics.solution_matrix`). A ``.png`` is drawn in
LightsOutWeb's look, ``.csv`` and ``.mtx`` hold the entries as text (``lograph convert
M.mtx board.json`` reads a press matrix back). OUT is written atomically.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from lograph.cli.common import add_board_options, add_json_flag, emit, output_arg

if TYPE_CHECKING:
    from lograph.core.model.board import Board

__all__ = ["convert_matrix", "read_matrix_board", "register", "run"]


def _cell_arg(text: str) -> int:
    from lograph.cli.common import int_arg

    value = int_arg(text)
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError(f"a cell is 1 to 64 pixels, not {value}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "matrix",
        help="write a board's press or solution matrix (.png as LightsOutWeb, .csv, .mtx)",
        description=(
            "Write BOARD's press matrix, or with --solution its solution matrix S (the "
            "solution of b is -S b), to OUT: a .png picture as LightsOutWeb saves its "
            "matrices, or the entries as .csv or MatrixMarket .mtx text."
        ),
    )
    add_board_options(parser)
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        type=output_arg,
        metavar="OUT",
        help="file to write: .png, .csv or .mtx",
    )
    parser.add_argument(
        "--solution",
        action="store_true",
        help="the solution matrix (inverse, or Drazin inverse when singular; 1024 buttons at most)",
    )
    parser.add_argument(
        "--edges", action="store_true", help="picture: lines between entries and between blocks"
    )
    parser.add_argument(
        "--layout",
        choices=("boards", "matrix"),
        help="picture: each button's row drawn as a board at its place (LightsOutWeb's; the "
        "default on a full grid) or entry by entry (the default otherwise)",
    )
    parser.add_argument(
        "--cell",
        type=_cell_arg,
        metavar="PX",
        help="picture: pixels per entry (default 1, or 5 with --edges)",
    )
    add_json_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.cli.common import load_system
    from lograph.core.dynamics.matrix_export import matrix_format, write_matrix
    from lograph.core.errors import LographError
    from lograph.core.files.atomic import check_writable
    from lograph.core.work import Work

    matrix_format(args.output)  # a bad OUT fails before BOARD is read
    check_writable(args.output)
    picture_only = args.edges or args.layout or args.cell is not None
    if picture_only and not args.output.lower().endswith(".png"):
        raise LographError("--edges, --layout and --cell draw a .png picture")
    system = load_system(args.board, args.rule, args.states)
    written = write_matrix(
        system,
        args.output,
        solution=args.solution,
        edges=args.edges,
        layout=args.layout,
        cell=args.cell,
        work=Work(),
    )
    data = {
        "input": args.board,
        "output": args.output,
        "matrix": written.kind,
        "size": written.size,
        "states": system.states,
        "layout": written.layout,
    }
    how = "" if written.layout == "text" else f", {written.layout} layout"
    text = (
        f"wrote {args.output}: the {written.kind} matrix, {written.size}×{written.size} "
        f"over Z_{system.states}{how}"
    )
    emit(args, data, text)
    return 0


#: Largest matrix file read (a 6000-button press matrix as .csv is 72 MB).
_MAX_MATRIX_FILE = 128 * 2**20


def _picture_bytes(path: str) -> bytes:
    """A PNG file's bytes (binary: `read_bytes` refuses NUL bytes), its size limited."""
    import os

    from lograph.core.files.source import format_error, open_regular

    try:
        with open(open_regular(path), "rb") as handle:
            data = handle.read(_MAX_MATRIX_FILE + 1)
    except OSError as exc:
        raise format_error(path, f"cannot read the file: {exc.strerror or exc}") from exc
    if len(data) > _MAX_MATRIX_FILE:
        raise format_error(path, f"file is too large (over {_MAX_MATRIX_FILE} bytes)")
    if not data:
        raise format_error(path, f"file is empty ({os.path.basename(path)})")
    return data


def read_matrix_board(path: str, states: int | None, rule: str | None) -> Board:
    """The board whose press matrix is in `path`: ``.csv`` or ``.mtx`` text as `lograph
    matrix` writes it (lograph's orientation: column w is what pressing w changes), or
    LightsOutWeb's saved matrix picture (``.png``, one pixel per entry, read in its
    colours; its rows are what each press changes; the board is its n×n grid)."""
    from pathlib import Path

    from lograph.api.inputs import from_press_matrix
    from lograph.core.dynamics.matrix_export import matrix_format, matrix_from_picture
    from lograph.core.errors import BoardError
    from lograph.core.files.matrix_picture import read_png, values_from_pixels
    from lograph.core.files.matrix_text import parse_matrix
    from lograph.core.files.source import format_error, read_bytes

    if rule is not None:
        raise BoardError("--rule does not apply to a press matrix: its diagonal is the rule")
    fmt = matrix_format(path)
    k = 2 if states is None else states
    try:
        if fmt == "png":
            pixels = read_png(_picture_bytes(path))
            matrix, side = matrix_from_picture(values_from_pixels(pixels, k))
        else:
            matrix, side = parse_matrix(read_bytes(path, _MAX_MATRIX_FILE), fmt), 0  # type: ignore[arg-type]
        board = from_press_matrix(matrix, states=k, name=Path(path).stem)
    except BoardError as exc:
        raise format_error(path, str(exc)) from None
    if side:  # LightsOutWeb's board: an n×n grid, cells in reading order
        for i, button in enumerate(list(board.buttons)):
            row, col = divmod(i, side)
            board.rename_button(button, f"r{row}c{col}")
            board.set_position(f"r{row}c{col}", (float(col), float(row)))
    return board


def convert_matrix(args: argparse.Namespace, target: str) -> int:
    """``lograph convert M.(mtx|csv|png) OUT``: the press matrix in M as a board file."""
    from lograph.core.files import write_board

    board = read_matrix_board(args.input, args.states, args.rule)
    write_board(board, args.output, target)
    edges = board.graph.number_of_edges()
    data = {
        "input": args.input,
        "output": args.output,
        "format": target,
        "buttons": len(board),
        "edges": edges,
    }
    emit(args, data, f"wrote {args.output} ({target}): {len(board)} buttons, {edges} edges")
    return 0
