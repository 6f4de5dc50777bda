"""``lograph explain BOARD [--goal off|on] [--full] [-o FILE.md|.tex|.html|.png]``: the
algebra of a board as a teacher writes it, as a worksheet: the augmented matrix, its
reduction over GF(p) (each pivot's row operations on one line, the matrix at the start,
after forward elimination and in reduced form; the Smith normal form over Z_k for composite
k), rank, free columns, quiet patterns, why the position is or is not solvable, and a
solution by back substitution. ``--full`` adds the matrix after every pivot."""

from __future__ import annotations

import argparse
from pathlib import Path

from lograph.cli.common import add_board_options, add_goal_option

FORMATS = (".md", ".tex", ".html", ".png")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "explain",
        help="show the algebra of a position step by step (Markdown, LaTeX, HTML, PNG)",
        description=(
            "Show, for boards of up to 100 buttons, a worksheet: the position, the "
            "augmented matrix [A | c] and its reduction over GF(p) (each pivot's row "
            "operations on one line; the matrix at the start, after forward elimination and "
            "in reduced form, pivots marked) or the Smith normal form over Z_k for composite "
            "k; the rank, free columns and quiet patterns; why the position is or is not "
            "solvable; and a solution by back substitution. Bigger boards get the figures "
            "instead. Without -o the Markdown is printed."
        ),
    )
    add_board_options(parser)
    add_goal_option(parser, "goal to explain")
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write to FILE: .md (Markdown), .tex (a LaTeX worksheet), .html or .png",
    )
    parser.add_argument(
        "--full",
        action="store_true",
        help=(
            "add an appendix with the matrix after every pivot (boards of up to 36 buttons; "
            "not in a .png)"
        ),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.cli.common import load_board
    from lograph.core.errors import LographError
    from lograph.core.explain.figures import png_bytes
    from lograph.core.explain.formats import document
    from lograph.core.explain.steps import EXPLAIN_LIMIT, explain_board
    from lograph.core.files.atomic import atomic_write_bytes, atomic_write_text

    output = Path(args.output) if args.output else None
    suffix = output.suffix.lower() if output else ".md"
    if output is not None:
        if suffix not in FORMATS:
            raise LographError(
                f"{args.output}: explanations are written as .md, .tex, .html or .png, not "
                f"{output.suffix or '(no extension)'}"
            )
        if not output.absolute().parent.is_dir():
            raise LographError(f"{output.absolute().parent}: no such folder")
        if output.is_dir():
            raise LographError(f"{args.output}: is a folder")
    board = load_board(args.board, args.rule, args.states)
    big = len(board) > EXPLAIN_LIMIT
    if output is not None and suffix == ".png":
        explanation = None if big else explain_board(board, args.goal)
        atomic_write_bytes(output, png_bytes(board, explanation))
    else:
        text = document(board, args.goal, suffix[1:], full=args.full)
        if output is None:
            print(text, end="")
            return 0
        atomic_write_text(output, text)
    what = "the figures (too big for the steps)" if big else "the algebra"
    print(f"wrote {output}: {what} of {len(board)} buttons")
    return 0
