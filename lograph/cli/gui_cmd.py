"""``lograph gui [BOARD]`` (and ``lograph`` alone): open the window.

Qt is imported only inside `launch`, so the other subcommands never load it.
"""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "gui",
        help="open the window to draw, edit and play boards",
        description="Open the lograph window, optionally with a board file.",
    )
    parser.add_argument(
        "board", metavar="BOARD", nargs="?", help="board file to open (.json .txt .graphml .g6)"
    )
    parser.set_defaults(run=lambda args: launch(args.board))


def launch(path: str | None) -> int:
    """Open the main window (with the board at `path`, if given) and run until it closes."""
    from lograph.ui.app import create_application, install_excepthook
    from lograph.ui.main_window import MainWindow

    app = create_application()
    window = MainWindow()
    install_excepthook(lambda: window)
    window.show()
    if path is not None:
        window.files.open_path(path, ask=False)
    status: int = app.exec()
    return status
