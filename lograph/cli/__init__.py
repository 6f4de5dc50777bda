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
from collections.abc import Sequence
from contextlib import ExitStack
from typing import NoReturn

from lograph import __version__

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
    "render",
    "samples",
    "gui",
)
log = logging.getLogger("lograph")


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error message and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="lograph",
        description="Lights Out on any graph: play, draw and analyse boards.",
        epilog="With no command, the window opens.",
    )
    parser.add_argument("--version", action="version", version=f"lograph {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"lograph.cli.{name}_cmd")
        except ModuleNotFoundError as exc:  # a command still being written
            if exc.name != f"lograph.cli.{name}_cmd":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    from lograph.core.errors import LographError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            from lograph.cli.gui_cmd import launch

            return launch(None)
        with ExitStack() as stack:
            from lograph.cli.common import open_sample_arguments

            open_sample_arguments(args, stack)
            status: int = args.run(args)
        return status
    except LographError as exc:
        print(f"lograph: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lograph: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        name = f"{os.fsdecode(exc.filename)}: " if exc.filename else ""
        print(f"lograph: error: {name}{exc.strerror or exc}", file=sys.stderr)
        return 2
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
