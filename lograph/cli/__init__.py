"""The ``lograph`` command line: headless subcommands plus ``gui``.

Each subcommand lives in ``lograph/cli/<name>_cmd.py`` with a ``register(subparsers)`` that
adds its parser and sets ``run``. Headless subcommands import only ``lograph.core`` (and only
inside ``run``), so ``lograph analyze`` starts fast and never needs a display.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from lograph import __version__

if TYPE_CHECKING:
    from lograph.cli.interrupts import Interrupts

__all__ = ["main"]

COMMANDS = (
    "analyze",
    "solve",
    "chase",
    "worst",
    "report",
    "grid",
    "generate",
    "convert",
    "lights",
    "matrix",
    "render",
    "puzzle",
    "share",
    "explain",
    "dynamics",
    "census",
    "samples",
    "gui",
)
log = logging.getLogger("lograph")


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error message and exit status 2."""

    def error(self, message: str) -> NoReturn:
        from lograph.cli.common import error_line  # only on this path: it loads numpy

        message = error_line(message)
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="lograph",
        description="Lights Out on any graph: play, draw and analyse boards.",
        epilog="With no command, the window opens; with a board file alone (lograph board.txt) "
        "the window opens it.",
    )
    parser.add_argument("--version", action="version", version=f"lograph {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        # every command ships with lograph: one that cannot be imported is a broken install,
        # never a command to leave out of the parser
        module = importlib.import_module(f"lograph.cli.{name}_cmd")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    from lograph.cli.interrupts import Interrupts

    # installed before the parser imports the commands, so an early Ctrl-C is one line too
    signals = Interrupts(hard_exit=argv is None)
    argv = _open_file_shortcut(sys.argv[1:] if argv is None else argv)
    try:
        with signals:
            args = build_parser().parse_args(argv)
            if args.command not in (None, "gui"):
                return _guarded(lambda: _run(args), signals)
    except KeyboardInterrupt:  # while parsing, or just after the command, before __exit__
        return signals.report()
    # the window handles its own signals
    if args.command is None:
        from lograph.cli.gui_cmd import launch

        return _guarded(lambda: launch(None))
    return _guarded(lambda: args.run(args))


def _open_file_shortcut(argv: Sequence[str]) -> list[str]:
    """``lograph FILE`` is ``lograph gui FILE`` when FILE is an existing board file (what a
    desktop's "Open with" runs); a command's name keeps priority over a file of that name."""
    from lograph.cli.gui_cmd import BOARD_SUFFIXES

    args = list(argv)
    if len(args) == 1 and args[0] not in COMMANDS and not args[0].startswith("-"):
        path = Path(args[0])
        if path.suffix.lower() in BOARD_SUFFIXES and path.is_file():
            return ["gui", args[0]]
    return args


def _run(args: argparse.Namespace) -> int:
    _configure_logging()
    _tell_first_compile(args)
    with ExitStack() as stack:
        from lograph.cli.common import open_sample_arguments

        open_sample_arguments(args, stack)
        status: int = args.run(args)
    return status


def _tell_first_compile(args: argparse.Namespace) -> None:
    # the first run after install compiles kernels for seconds: say so rather than look hung
    from lograph.cli.progress import wants_bar

    if wants_bar(args, sys.stderr):
        from lograph.core.kernels.compile_notice import on_first_compile

        on_first_compile(
            lambda: print(
                "lograph: compiling kernels for this machine (first run only; cached afterwards)",
                file=sys.stderr,
                flush=True,
            )
        )


def _configure_logging() -> None:
    # LOGRAPH_LOG=debug prints progress markers on stderr (the interrupt tests wait for them)
    level = os.environ.get("LOGRAPH_LOG", "").upper()
    if level in ("DEBUG", "INFO") and not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("lograph: log: %(message)s"))
        log.addHandler(handler)
        log.setLevel(level)


def _error(message: str) -> int:
    """Print `message` as lograph's one error line (see `common.error_line`); exit status 2."""
    from lograph.cli.common import error_line  # only on this path: it loads numpy

    print(f"lograph: error: {error_line(message)}", file=sys.stderr)
    return 2


def _guarded(work: Callable[[], int], signals: Interrupts | None = None) -> int:
    """Run `work`, turning every failure into one line on stderr and an exit status."""
    from lograph.core.errors import InterruptedComputation, LographError

    try:
        return work()
    except (KeyboardInterrupt, InterruptedComputation) as exc:
        if signals is not None and signals.signum:
            return signals.report()
        if isinstance(exc, LographError):
            return _error(str(exc))
        print("lograph: interrupted", file=sys.stderr)
        return 130
    except LographError as exc:
        return _error(str(exc))
    except BrokenPipeError:
        return 0
    except OSError as exc:
        name = f"{os.fsdecode(exc.filename)}: " if exc.filename else ""
        return _error(f"{name}{exc.strerror or exc}")
    except MemoryError:
        print("lograph: error: out of memory: the board is too large", file=sys.stderr)
        return 2
    except Exception as exc:  # never show a traceback to a user
        if os.environ.get("LOGRAPH_DEBUG"):
            raise
        log.debug("internal error", exc_info=True)
        print(
            f"lograph: internal error: {type(exc).__name__}: {exc} "
            "(set LOGRAPH_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return 1
