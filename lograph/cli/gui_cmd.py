"""``lograph gui [BOARD]`` (and ``lograph`` alone, or ``lograph BOARD`` for an existing board
file): open the window.

Qt is imported only inside `launch`, so the other subcommands never load it.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
from pathlib import Path

from lograph.core.errors import LographError

#: Debian/Ubuntu packages Qt's X11 plugin needs beyond a bare system.
X11_PACKAGES = (
    "libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 "
    "libxcb-render-util0 libxcb-xinerama0 libxcb-shape0 libxcb-randr0 libegl1 libfontconfig1"
)


#: Files `lograph FILE` opens in the window (boards, and level packs as .json).
BOARD_SUFFIXES = (".json", ".txt", ".graphml", ".g6")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "gui",
        help="open the window to draw, edit and play boards",
        description="Open the lograph window, optionally with a board file.",
    )
    parser.add_argument(
        "board",
        metavar="BOARD",
        nargs="?",
        help="board file to open (.json .txt .graphml .g6) or sample:NAME",
    )
    parser.set_defaults(run=lambda args: launch(args.board))


def launch(path: str | None) -> int:
    """Open the main window (with the board at `path`, if given) and run until it closes."""
    check_display()
    from lograph.ui.app import create_application, run
    from lograph.ui.main_window import MainWindow

    create_application()
    window = MainWindow()
    window.start_warmup()  # compiles the kernels in a background process on a fresh install
    return run(window, window.autosave, window.files, path)


def check_display() -> None:
    """Refuse in one line when no window can be shown, instead of letting Qt abort the process.

    Only on Linux with no ``QT_QPA_PLATFORM`` chosen: there Qt needs ``DISPLAY`` (or
    ``WAYLAND_DISPLAY``) and, for X11, a few system libraries that a bare machine lacks.
    """
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return
    if not os.environ.get("DISPLAY"):
        if os.environ.get("WAYLAND_DISPLAY"):
            return
        raise LographError(
            "no display to open the window on (DISPLAY is not set); use a headless command "
            "such as 'lograph analyze BOARD' or 'lograph render BOARD -o board.png'"
        )
    missing = [problem for name in _x11_libraries() if (problem := _load_problem(name))]
    if missing:
        raise LographError(
            f"the window needs X11 libraries that are missing ({', '.join(missing)}); on "
            f"Debian or Ubuntu: apt-get install {X11_PACKAGES}"
        )


def _x11_libraries() -> list[str]:
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return [str(plugin), "libxcb-cursor.so.0"] if plugin.exists() else []


def _load_problem(library: str) -> str | None:
    """None when `library` loads, else the name of what is missing."""
    try:
        ctypes.CDLL(library)
    except OSError as exc:
        # "libxcb-icccm.so.4: cannot open shared object file: ..." -> the missing library
        text = str(exc)
        return text.split(": cannot open")[0].rsplit(": ", 1)[-1] if "cannot open" in text else text
    return None
