"""``lograph share BOARD|PACK.json -o FILE.html``: one self-contained web page that plays the
board (or the level pack) in any browser, with moves, undo, a timer, hints and the verdict.

The page is drawn as the window draws the board (`lograph.ui.picture.web.window_drawing`: Qt's
colour helpers are loaded, no display is needed) and built by `lograph.core.share.page`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from lograph.cli.common import SAMPLE_PREFIX, STATES_HELP, add_json_flag, emit, states_arg


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "share",
        help="write a board or level pack as one web page that plays it (no network needed)",
        description=(
            "Write BOARD, or the level pack PACK.json, as one self-contained HTML file that "
            "plays it in any current browser, desktop or phone: press by click or tap, undo, "
            "reset, a timer, hints from a fewest-presses solution (boards up to 400 "
            "buttons), the verdict; for a pack the level list, next/previous and progress "
            "kept in the browser. The page loads nothing from anywhere."
        ),
    )
    parser.add_argument(
        "board",
        metavar="BOARD",
        help=f"board file (.json .txt .graphml .g6), a level pack (.json), or "
        f"{SAMPLE_PREFIX}NAME for a shipped sample",
    )
    parser.add_argument(
        "--rule", choices=("closed", "open"), help="override the board's rule (closed = σ+)"
    )
    parser.add_argument(
        "--states", type=states_arg, metavar="K", help=f"override the {STATES_HELP}"
    )
    parser.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="web page to write (.html)"
    )
    add_json_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.cli.common import load_board
    from lograph.core.errors import LographError
    from lograph.core.files.level_pack import is_level_pack, read_level_pack
    from lograph.core.share.page import PAGE_LIMIT, board_page, pack_page, write_page

    output = Path(args.output)
    if output.suffix.lower() not in (".html", ".htm"):
        raise LographError(
            f"{args.output}: the page is written as .html, not {output.suffix or '(no extension)'}"
        )
    if not output.absolute().parent.is_dir():
        raise LographError(f"{output.absolute().parent}: no such folder")
    if output.is_dir():
        raise LographError(f"{args.output}: is a folder")
    from lograph.ui.picture.web import window_drawing

    if is_level_pack(args.board):
        if args.rule is not None or args.states is not None:
            raise LographError("--rule and --states change a board, not a level pack")
        pack = read_level_pack(args.board)
        data = pack_page(pack, window_drawing(pack.board))
        what = f"{len(pack.levels)} levels on {len(pack.board)} buttons"
    else:
        _check_page_size(args.board)
        board = load_board(args.board, args.rule, args.states)
        if len(board) > PAGE_LIMIT:  # said before the window's drawing of every button
            raise LographError(
                f"{args.board}: {len(board)} buttons are too many for a web page "
                f"(limit {PAGE_LIMIT})"
            )
        data = board_page(board, window_drawing(board))
        what = f"{len(board)} buttons"
    size = write_page(output, data)
    hints = data["board"]["hints"] is not None
    summary = {
        "output": str(output),
        "bytes": size,
        "levels": len(data["levels"]),
        "buttons": len(data["board"]["ids"]),
        "hints": hints,
    }
    note = "" if hints else " (no hints: more than 400 buttons)"
    emit(args, summary, f"wrote {output} ({size} bytes, {what}){note}")
    return 0


#: A board file larger than this is counted from arrays first (`read_system`, seconds for
#: 250,000 buttons) before the board is built (networkx, several times slower).
_COUNT_FIRST_BYTES = 1 << 20


def _check_page_size(path: str) -> None:
    """Refuse, naming the file, a big board file with more buttons than a page draws."""
    import os

    from lograph.core.errors import LographError
    from lograph.core.files import read_system
    from lograph.core.share.page import PAGE_LIMIT

    try:
        big = os.path.getsize(path) > _COUNT_FIRST_BYTES
    except OSError:
        return  # reading the board says what is wrong
    if big and (buttons := read_system(path).n) > PAGE_LIMIT:
        raise LographError(
            f"{path}: {buttons} buttons are too many for a web page (limit {PAGE_LIMIT})"
        )
