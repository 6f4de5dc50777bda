"""``lograph generate KIND ARGS -o FILE``: write a generated board to a file.

Every generator of `lograph.core.model.generators` is a KIND. Grid kinds written as ``.txt`` are
built straight from their cell mask with numpy, so ``generate rectangle 1000 1000 -o big.txt``
takes a moment instead of building a million-node graph.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from lograph.cli.common import (
    ECHO_LIMIT,
    STATES_HELP,
    add_json_flag,
    board_name_arg,
    emit,
    float_arg,
    int_arg,
    output_arg,
    seed_arg,
    shorten,
    states_arg,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lograph.core.model.board import Board
    from lograph.core.model.stencils import Stencil
    from lograph.core.model.system import PressSystem

__all__ = ["register", "run"]

_SIZE_HELP = {"M": "rows", "N": "columns", "R": "radius"}
_CELL = re.compile(r"\s*([0-9]+)\s*,\s*([0-9]+)\s*|r([0-9]+)c([0-9]+)")  # ASCII only


#: Largest join distance of ``geometric``: beyond the unit square's diagonal (1.41) every
#: pair is joined already.
MAX_RADIUS = 1.5


def _cell(text: str) -> tuple[int, int]:
    found = _CELL.fullmatch(text) if len(text) <= ECHO_LIMIT else None
    if not found:
        raise argparse.ArgumentTypeError(
            f"hole {shorten(text)!r} is not ROW,COL (e.g. 1,1) or r1c1"
        )
    row, col = (g for g in found.groups() if g is not None)
    return int(row), int(col)


def _radius(text: str) -> float:
    """argparse type of RADIUS: a number 0..`MAX_RADIUS`, as its help says."""
    radius = float_arg(text)
    if not 0.0 <= radius <= MAX_RADIUS:
        raise argparse.ArgumentTypeError(f"radius {radius:g} is not between 0 and {MAX_RADIUS}")
    return radius


def _options() -> argparse.ArgumentParser:
    """The options every kind takes (a parent parser)."""
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument(
        "-o", "--output", required=True, type=output_arg, metavar="FILE", help="file to write"
    )
    options.add_argument(
        "--rule", choices=("closed", "open"), default="closed", help="closed (σ+, default) or open"
    )
    options.add_argument(
        "--states", type=states_arg, default=2, metavar="K", help=STATES_HELP + " (default 2)"
    )
    options.add_argument(
        "--name",
        type=board_name_arg,
        help="board name (default: a description of the kind); one line, no control characters",
    )
    options.add_argument(
        "--lights",
        choices=("off", "on", "random"),
        default="off",
        help="start position: all off (default), all on, or random",
    )
    options.add_argument(
        "--seed",
        type=seed_arg,
        help="random seed for --lights random and graphs (a non-negative integer, as numpy asks)",
    )
    add_json_flag(options)
    return options


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``generate`` and one sub-subcommand per board kind."""
    parser = subparsers.add_parser(
        "generate",
        help="write a generated board (rectangle, diamond, torus, named graph ...) to a file",
        description="Write a generated board to FILE; the format comes from its extension "
        "(.json .txt .graphml .g6).",
    )
    options = _options()
    kinds = parser.add_subparsers(dest="kind", metavar="KIND", required=True)

    def kind(name: str, help_text: str, *sizes: str) -> argparse.ArgumentParser:
        sub = kinds.add_parser(name, help=help_text, description=help_text, parents=[options])
        for size in sizes:
            sub.add_argument(size, type=int_arg, help=_SIZE_HELP[size])
        sub.set_defaults(run=run)
        return sub

    grids = [
        kind("rectangle", "M×N grid, optionally with holes", "M", "N"),
        kind("diamond", "cells within Manhattan distance R of the centre", "R"),
        kind("torus", "M×N grid wrapped in both directions (M, N ≥ 3)", "M", "N"),
        kind("cylinder", "M×N grid whose rows wrap around (N ≥ 3)", "M", "N"),
        kind("mobius", "M×N Möbius strip: rows wrap with a half twist (N ≥ 3)", "M", "N"),
        kind("klein", "M×N Klein bottle: twisted rows, plain columns (M, N ≥ 3)", "M", "N"),
        kind("projective", "M×N projective plane: both wrap twisted (M, N ≥ 3)", "M", "N"),
    ]
    grids[0].add_argument(
        "--holes", nargs="+", type=_cell, default=[], metavar="R,C", help="cells to leave out"
    )
    for grid in grids:
        grid.add_argument(
            "--stencil",
            metavar="RULE",
            help="click rule: a preset (plus, x, king, knight, plus2, rowcol) or offsets "
            "'DR,DC DR,DC ...' such as '0,0 1,0 -1,0 0,2' (the centre 0,0 is the self action)",
        )
    kind("hexagonal", "honeycomb of M×N hexagons (buttons are its corners)", "M", "N")
    kind("triangular", "triangular lattice (buttons have up to 6 neighbours)", "M", "N")
    kind("wayout", "the 5×5 WayOut board with three diagonal holes")
    named = kind(
        "named",
        "a named graph: petersen, cube, dodecahedron, icosahedron, octahedron, heawood, "
        "or cycle/path/complete/star/wheel/hypercube SIZE",
    )
    named.add_argument("graph", metavar="NAME")
    named.add_argument("size", metavar="SIZE", type=int_arg, nargs="?")
    gnp = kind("random", "random graph: N buttons, each pair joined with probability P")
    gnp.add_argument("N", type=int_arg, help="buttons")
    gnp.add_argument("p", metavar="P", type=float_arg, help="edge probability")
    gnp.add_argument("--directed", action="store_true", help="random directed edges")
    geo = kind("geometric", "N random points in the unit square, joined within RADIUS")
    geo.add_argument("N", type=int_arg, help="buttons")
    geo.add_argument(
        "radius", metavar="RADIUS", type=_radius, help=f"join distance (0..{MAX_RADIUS})"
    )


def run(args: argparse.Namespace) -> int:
    from lograph.core.errors import BoardTooLargeError

    try:
        return _generate(args)
    except BoardTooLargeError as exc:  # a size refusal names the file it would have been
        message = str(exc)
        if not message.startswith(f"{args.output}: "):
            message = f"{args.output}: {message}"
        raise BoardTooLargeError(message) from None


def _generate(args: argparse.Namespace) -> int:
    from lograph.core.files import format_for, limits, source, write_board
    from lograph.core.files.atomic import atomic_write_chunks, atomic_write_text, check_writable

    fmt = format_for(args.output)
    check_writable(args.output)  # a device or FIFO is refused before a big board is built
    stencil = _stencil(args)
    grid = _grid_mask(args) if fmt.name == "txt" and stencil is None else None
    if grid is not None:
        # Fast path: a grid written as ASCII needs no graph at all.
        from lograph.core.files.ascii_grid import grid_text
        from lograph.core.model.checks import check_rule, check_states

        check_rule(args.rule), check_states(args.states)  # as the graph path would
        mask, label = grid
        buttons, edges = int(mask.sum()), _grid_edge_count(mask)
        # what every reader of a .txt board reads (`AsciiGrid.to_system`)
        limits.check_file_counts(args.output, buttons, edges, f"the board {label}")
        name = label if args.name is None else args.name
        lights = _lights(args, mask.shape)
        text = grid_text(mask, lights, rule=args.rule, states=args.states, name=name)
        atomic_write_text(args.output, text, limit=source.MAX_FILE_BYTES)
    elif (system := _fast_grid(args, fmt.name, stencil)) is not None:
        # Fast path: a plain grid written as JSON or GraphML, straight from its arrays.
        from lograph.core.files.fast_graphml import FAST_WRITERS

        name = system.name
        chunks = FAST_WRITERS[fmt.name][1](system)
        atomic_write_chunks(args.output, chunks, limit=limits.MAX_ARRAY_FILE_BYTES)
        buttons, edges = system.n, system.edge_count
    else:
        board = _build(args)
        if args.name is not None:
            board.name = args.name
        board.set_lights(_lights(args, (len(board),)))
        write_board(board, args.output)
        buttons, edges, name = len(board), board.graph.number_of_edges(), board.name
    data = {"file": args.output, "format": fmt.name, "name": name, "buttons": buttons}
    data["edges"] = edges
    emit(args, data, f"wrote {args.output}: {name}, {buttons} buttons, {edges} edges")
    return 0


def _grid_mask(args: argparse.Namespace) -> tuple[NDArray[np.bool_], str] | None:
    """The cell mask and default name of grid kinds (rectangle, diamond, wayout), else None."""
    import numpy as np

    from lograph.core.errors import BoardError
    from lograph.core.model.generators import WAYOUT_HOLES, diamond_mask

    if args.kind == "diamond":
        if args.R < 0:
            raise BoardError(f"radius must be a non-negative integer, not {args.R}")
        _check_ascii_size(2 * args.R + 1, 2 * args.R + 1)
        return diamond_mask(args.R), f"diamond {args.R}"
    if args.kind == "wayout":
        rows, cols, holes, label = 5, 5, list(WAYOUT_HOLES), "WayOut 5x5"
    elif args.kind == "rectangle":
        rows, cols, holes = args.M, args.N, args.holes
        if rows < 1 or cols < 1:
            raise BoardError(f"a rectangle needs positive sizes, not {rows}×{cols}")
        _check_ascii_size(rows, cols)
        label = f"{rows}x{cols}" + (" with holes" if holes else "")
    else:
        return None
    mask = np.ones((rows, cols), dtype=bool)
    for r, c in holes:
        if not (r < rows and c < cols):
            raise BoardError(f"hole ({r}, {c}) is outside the {rows}×{cols} board")
        mask[r, c] = False
    return mask, label


def _fast_grid(args: argparse.Namespace, fmt: str, stencil: Stencil | None) -> PressSystem | None:
    """The named, lit system of a plain grid when format `fmt` has an array writer and can
    hold it, else None (the board path then builds, checks and words everything)."""
    from lograph.core.files.fast_graphml import FAST_WRITERS

    if fmt not in FAST_WRITERS or stencil is not None:
        return None
    system = _plain_grid(args)
    if system is None:
        return None
    name = system.name if args.name is None else args.name
    system = replace(system, name=name).with_lights(_lights(args, (system.n,)))
    return system if FAST_WRITERS[fmt][0](system) else None


def _plain_grid(args: argparse.Namespace) -> PressSystem | None:
    """The press system of a plain rectangle, diamond or WayOut board within the array
    limits (`check_array_counts`, far above the graph board limits), named as the
    generators name it; None sends the board (and any error) through the generators, which
    word every refusal."""
    import numpy as np

    from lograph.core.files.limits import check_array_counts
    from lograph.core.model.checks import check_rule, check_states
    from lograph.core.model.generators import WAYOUT_HOLES, diamond_mask
    from lograph.core.model.grids import grid_system

    if args.kind == "diamond" and args.R >= 0:
        _check_array_grid(2 * args.R * (args.R + 1) + 1, f"a diamond of radius {args.R}")
        mask, label = diamond_mask(args.R), f"diamond {args.R}"
    elif args.kind in ("rectangle", "wayout"):
        wayout = args.kind == "wayout"
        rows, cols = (5, 5) if wayout else (args.M, args.N)
        holes = list(WAYOUT_HOLES) if wayout else args.holes
        if rows <= 0 or cols <= 0:
            return None
        _check_array_grid(rows * cols, f"a {rows}×{cols} {args.kind}")
        if any(not (0 <= r < rows and 0 <= c < cols) for r, c in holes):
            return None
        mask = np.ones((rows, cols), dtype=bool)
        mask[tuple(np.array(holes, dtype=np.int64).reshape(-1, 2).T)] = False
        label = "WayOut 5x5" if wayout else f"{rows}x{cols}" + (" with holes" if holes else "")
    else:
        return None
    check_array_counts(args.output, mask.size, 2 * mask.size)  # memory, before building
    rule, states = check_rule(args.rule), check_states(args.states)
    rows, cols = mask.shape
    return grid_system(rows, cols, mask=mask, rule=rule, states=states, name=label)


def _check_array_grid(cells: int, what: str) -> None:
    """Refuse a grid beyond the limits of boards written from arrays, naming those limits
    (a grid has fewer than two edges per cell)."""
    from lograph.core.errors import BoardTooLargeError
    from lograph.core.files.limits import MAX_ARRAY_BUTTONS, MAX_ARRAY_EDGES

    if cells > MAX_ARRAY_BUTTONS or 2 * cells > MAX_ARRAY_EDGES:
        raise BoardTooLargeError(
            f"{what} would have {cells} buttons; .json and .graphml grids are limited to "
            f"{MAX_ARRAY_BUTTONS} buttons, as every board file"
        )


def _stencil(args: argparse.Namespace) -> Stencil | None:
    """The parsed ``--stencil`` (None when absent); BoardError names a bad one."""
    text = getattr(args, "stencil", None)
    if text is None:
        return None
    from lograph.core.files import format_for
    from lograph.core.model.stencils import parse_stencil

    stencil = parse_stencil(text)
    if format_for(args.output).name == "txt":
        from lograph.core.errors import BoardError

        raise BoardError(
            "an ASCII .txt board always has the classic rule; write a board with --stencil "
            "as .json, .graphml or .g6"
        )
    return stencil


def _check_ascii_size(rows: int, cols: int) -> None:
    """Refuse a grid the ASCII reader would refuse, before allocating it."""
    from lograph.core.errors import BoardTooLargeError
    from lograph.core.files.ascii_grid import MAX_CELLS, MAX_LINE_CHARS

    if rows * cols > MAX_CELLS or cols > MAX_LINE_CHARS:
        raise BoardTooLargeError(
            f"a {rows}×{cols} grid is too large for an ASCII board (at most {MAX_CELLS} cells "
            f"and {MAX_LINE_CHARS} columns)"
        )


def _grid_edge_count(mask: NDArray[np.bool_]) -> int:
    return int((mask[:, 1:] & mask[:, :-1]).sum() + (mask[1:, :] & mask[:-1, :]).sum())


def _lights(args: argparse.Namespace, shape: tuple[int, ...]) -> NDArray[np.uint8]:
    import numpy as np

    if args.lights == "on":
        return np.full(shape, args.states - 1, dtype=np.uint8)
    if args.lights == "random":
        rng = np.random.default_rng(args.seed)
        return rng.integers(0, args.states, size=shape).astype(np.uint8)
    return np.zeros(shape, dtype=np.uint8)


def _build(args: argparse.Namespace) -> Board:
    from lograph.core.errors import BoardError
    from lograph.core.model import generators as gen

    common: dict[str, Any] = {"rule": args.rule, "states": args.states}
    grid = {**common, "stencil": _stencil(args)}
    match args.kind:
        case "rectangle":
            return gen.rectangle(args.M, args.N, holes=args.holes, **grid)
        case "diamond":
            return gen.diamond(args.R, **grid)
        case "wayout":
            return gen.wayout_5x5(**common)
        case "torus" | "cylinder" | "mobius" | "klein" | "projective":
            return gen.surface_grid(args.kind, args.M, args.N, **grid)
        case "hexagonal":
            return gen.hexagonal(args.M, args.N, **common)
        case "triangular":
            return gen.triangular(args.M, args.N, **common)
        case "named":
            sizes = () if args.size is None else (args.size,)
            return gen.named(args.graph, *sizes, **common)
    if args.N < 1:
        raise BoardError(f"N must be a positive number of buttons, not {args.N}")
    if args.kind == "random":
        return gen.random_graph(args.N, args.p, seed=args.seed, directed=args.directed, **common)
    return gen.geometric(args.N, args.radius, seed=args.seed, **common)
