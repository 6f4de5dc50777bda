"""``lograph explain BOARD [--goal off|on] [-o FILE.md|.tex|.html|.png]``: the algebra of a
board as a teacher writes it: the press matrix, the augmented matrix reduced step by step
over GF(p) (the Smith normal form over Z_k for composite k), rank, free columns, quiet
patterns, why the position is or is not solvable, and a solution by back substitution."""

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
            "Show, for boards of up to 100 buttons, the press matrix A, the position, the "
            "augmented matrix [A | c] and its reduction step by step over GF(p) (each row "
            "swap and row operation, the pivot marked) or the Smith normal form over Z_k for "
            "composite k; the rank, free columns and quiet patterns; why the position is or "
            "is not solvable; and a solution by back substitution. Bigger boards get the "
            "figures instead. Without -o the Markdown is printed."
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
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.cli.common import load_board
    from lograph.core.errors import LographError
    from lograph.core.explain.figures import figures_text, png_bytes
    from lograph.core.explain.formats import to_html, to_latex, to_markdown
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
    explanation = None if big else explain_board(board, args.goal)
    if big:
        note = figures_text(board, args.goal, EXPLAIN_LIMIT)
        text = {
            ".md": note,
            ".html": "<!DOCTYPE html><meta charset=utf-8><pre>" + _escape(note) + "</pre>\n",
            ".tex": _tex_note(note),
        }.get(suffix, note)
    elif explanation is not None:
        text = {".tex": to_latex, ".html": to_html}.get(suffix, to_markdown)(explanation)
    if output is None:
        print(text, end="")
        return 0
    if suffix == ".png":
        atomic_write_bytes(output, png_bytes(board, explanation))
    else:
        atomic_write_text(output, text)
    what = "the figures (too big for the steps)" if big else "the algebra"
    print(f"wrote {output}: {what} of {len(board)} buttons")
    return 0


def _escape(text: str) -> str:
    import html

    return html.escape(text)


def _tex_note(note: str) -> str:
    from lograph.core.explain.formats import tex

    body = "\n\n".join(tex(line) for line in note.splitlines() if line)
    return "\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n"
