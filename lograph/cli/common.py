"""Helpers shared by the headless subcommands: loading boards, options, output."""

from __future__ import annotations

import argparse
import json
import math
import os
import re
from contextlib import ExitStack
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from lograph.core.report.records import grid_picture

if TYPE_CHECKING:
    from lograph.core.algebra.analysis import Solver
    from lograph.core.model.board import Board
    from lograph.core.model.system import PressSystem
    from lograph.core.work import Cancel

__all__ = [
    "ECHO_LIMIT",
    "SAMPLE_PREFIX",
    "add_board_options",
    "add_engine_option",
    "add_json_flag",
    "board_name_arg",
    "count_arg",
    "emit",
    "error_line",
    "float_arg",
    "fraction_text",
    "grid_picture",
    "int_arg",
    "load_board",
    "load_system",
    "open_sample_arguments",
    "output_arg",
    "refuse_overwriting",
    "seed_arg",
    "shorten",
    "states_arg",
]

#: A BOARD written ``sample:NAME`` is the shipped sample board NAME (see ``lograph samples``).
SAMPLE_PREFIX = "sample:"

#: The arguments that name a board file to read, in every command.
_BOARD_ARGUMENTS = ("board", "input")


def seed_arg(text: str) -> int:
    """argparse type of ``--seed``: numpy's rule, a non-negative integer (at most 100 digits)."""
    value = _int_arg(text, "seed")
    if value < 0:
        raise argparse.ArgumentTypeError(f"seed must be a non-negative integer, not {value}")
    return value


def states_arg(text: str) -> int:
    """argparse type of ``--states``: any integer 2..255 (prime or not), checked by the
    core's one validator so the CLI, the files and the window say the same."""
    from lograph.core.model.checks import states_problem

    value = _int_arg(text, "number of states")
    problem = states_problem(value)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return value


#: Help of ``--states``.
STATES_HELP = "number of light states K, any integer 2..255 (prime or composite)"


def output_arg(text: str) -> str:
    """argparse type of an output FILE: an empty name would silently write nothing."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the output file name is empty")
    return text


def _int_arg(text: str, what: str) -> int:
    if len(text.strip()) > 100:
        raise argparse.ArgumentTypeError(f"{what} of {len(text.strip())} characters is too long")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} {shorten(text)!r} is not an integer") from None


#: Longest value typed by the user that an error message repeats whole: a 4000-digit size
#: echoed in full made an 8 KB "one line".
ECHO_LIMIT = 40


def shorten(text: str) -> str:
    """`text` as an error message repeats it: whole up to `ECHO_LIMIT` characters, else its
    start and its length.

    >>> shorten("1234")
    '1234'
    >>> shorten("1234567890" * 400)
    '12345678901234567890…(4000 digits)'
    """
    if len(text) <= ECHO_LIMIT:
        return text
    digits = text.strip().lstrip("+-")
    size = f"{len(digits)} digits" if digits.isdigit() else f"{len(text)} characters"
    return f"{text[:20]}…({size})"


def error_line(message: str) -> str:
    r"""`message` fit to print as one line of an error: every number of over `ECHO_LIMIT`
    digits (an absurd value an error repeats) shortened, paths and names otherwise whole (a
    user needs them to act), and control characters and line breaks (a file name may hold
    escapes a terminal would obey) written as escapes.

    >>> error_line("rows = " + "9" * 4000 + " is too many")
    'rows = 99999999999999999999…(4000 digits) is too many'
    >>> print(error_line("e" + chr(27) + "]0;x" + chr(7) + ".txt: no such file"))
    e\x1b]0;x\x07.txt: no such file
    """
    from lograph.core.model.checks import escaped

    return escaped(re.sub(rf"\d{{{ECHO_LIMIT + 1},}}", lambda m: shorten(m.group()), message))


def int_arg(text: str) -> int:
    """argparse type of an integer argument (a size, a count, pixels): at most `ECHO_LIMIT`
    characters, so no later message repeats an absurd number whole.

    >>> int_arg(" 12 ")
    12
    >>> int_arg("9" * 4000)
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 99999999999999999999…(4000 digits) is far out of range
    """
    value = text.strip()
    # checked before int(), which refuses 4300 digits and more as "not an integer"
    if len(value) > ECHO_LIMIT and value.lstrip("+-").isdigit():
        raise argparse.ArgumentTypeError(f"{shorten(value)} is far out of range")
    try:
        number = int(value)
    except ValueError:
        # argparse's own wording, with the value shortened
        raise argparse.ArgumentTypeError(f"invalid int value: {shorten(value)!r}") from None
    if len(value) > ECHO_LIMIT:  # digits grouped by underscores, 1_000_000_…
        raise argparse.ArgumentTypeError(f"{shorten(value)} is far out of range")
    return number


def count_arg(text: str) -> int:
    """argparse type of a count that may be 0 but never negative (``--quiet-limit``)."""
    number = int_arg(text)
    if number < 0:
        raise argparse.ArgumentTypeError(f"{number} is negative (give 0 or more)")
    return number


def float_arg(text: str) -> float:
    """argparse type of a real number: finite (no ``inf`` or ``nan``), echoed shortened."""
    try:
        number = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid float value: {shorten(text)!r}") from None
    if not math.isfinite(number):
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a finite number")
    return number


def board_name_arg(text: str) -> str:
    """argparse type of ``--name``: refused as the files refuse a name (control characters,
    line breaks, too long), by the core's one check."""
    from lograph.core.errors import BoardError
    from lograph.core.model.checks import check_board_name

    try:
        return check_board_name(text)
    except BoardError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def add_goal_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--goal off|on`` (all lights off, the default, or all on); `what` says what it
    changes."""
    parser.add_argument("--goal", choices=("off", "on"), default="off", help=what)


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """BOARD plus the --rule and --states overrides."""
    parser.add_argument(
        "board",
        metavar="BOARD",
        help=f"board file (.json .txt .graphml .g6), or {SAMPLE_PREFIX}NAME for a shipped sample",
    )
    parser.add_argument(
        "--rule", choices=("closed", "open"), help="override the board's rule (closed = σ+)"
    )
    parser.add_argument(
        "--states", type=states_arg, metavar="K", help=f"override the {STATES_HELP}"
    )


def add_engine_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        default="auto",
        metavar="NAME",
        help="analysis engine: auto (default), fast (GF(2) chase/banded), chase-p (GF(p) "
        "chase, p > 2), dense (any prime p), small (elimination for boards up to 400 "
        "buttons), galois (the galois library, reference), "
        "chase-zk or dense-zk (Z_k, composite k)",
    )


def open_sample_arguments(args: argparse.Namespace, stack: ExitStack) -> None:
    """Replace each ``sample:NAME`` board argument by the path of the packaged file.

    The path stays valid until `stack` closes (a zipped install extracts a temporary copy).
    An unknown NAME raises `BoardFormatError`, whose message lists the samples.
    """
    from importlib import resources

    from lograph.core.files.samples import sample_file

    for attribute in _BOARD_ARGUMENTS:
        value = getattr(args, attribute, None)
        if isinstance(value, str) and value.startswith(SAMPLE_PREFIX):
            packaged = sample_file(value.removeprefix(SAMPLE_PREFIX))
            setattr(args, attribute, os.fspath(stack.enter_context(resources.as_file(packaged))))


def load_board(path: str, rule: str | None = None, states: int | None = None) -> Board:
    """Read a board file as an editable `Board`, applying overrides."""
    from lograph.core.files import read_board

    board = read_board(path)
    if rule is not None:
        board.rule = rule
    if states is not None:
        board.states = states
    return board


def load_system(path: str, rule: str | None = None, states: int | None = None) -> PressSystem:
    """Read a board file straight into a `PressSystem` (fast for big ASCII grids). With
    ``--rule`` another file is read as a board, keeping its buttons' own self actions;
    one too big for that is read from arrays, as without the override."""
    from lograph.core.files import read_system
    from lograph.core.files.source import TooBigForTheBoardPath

    if rule is not None and Path(path).suffix.lower() != ".txt":
        try:
            return load_board(path, rule, states).to_system()
        except TooBigForTheBoardPath:
            pass  # what generate and convert write, every command reads
    system = read_system(path)
    if rule is not None:
        system = system.with_rule(rule)
    if states is not None:
        system = system.with_states(states)
    return system


def load_prepared(args: argparse.Namespace, cancel: Cancel = None) -> tuple[PressSystem, Solver]:
    """Read ``args.board`` and prepare its solver (``args.engine``), under a two-step bar
    (reading, analysing) on a terminal once the work takes over half a second: a board of
    a million buttons takes seconds, which must not pass in silence."""
    from lograph.cli.progress import progress_bar
    from lograph.core.solve import prepare
    from lograph.core.work import Work

    with progress_bar(args, "reading and analysing", unit="step", rate=False) as step:
        steps = Work(cancel=cancel, progress=step)
        system = load_system(args.board, args.rule, args.states)
        steps.report(1, 2)
        solver = prepare(system, args.engine, steps.cancel)
        steps.report(2, 2)
    return system, solver


def refuse_overwriting(board: str, output: str) -> None:
    """Refuse, before any work, an output path that is the input board itself (the board
    would be lost), or that the writer would refuse (`atomic.check_writable`: a device, a
    named pipe, a folder, no such folder)."""
    from lograph.core.errors import LographError
    from lograph.core.files.atomic import check_writable

    check_writable(output)

    try:
        same = os.path.samefile(board, output)
    except OSError:  # the output does not exist yet (or cannot be checked): nothing to lose
        same = False
    if same:  # samefile compares devices and inodes: symlinks and hard links are caught too
        raise LographError(f"{output}: this is the board file being read; write to another file")


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    """Print `data` as JSON when ``--json`` was given, else the human text."""
    if getattr(args, "json", False):
        text = json.dumps(data, default=_json_default)
        if len(text) < 200_000:  # indent for people; huge answers stay compact for scripts
            text = json.dumps(data, indent=2, default=_json_default)
        print(text)
    else:
        print(text.rstrip("\n"))


def _json_default(value: object) -> object:
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, Fraction):
        return str(value)
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def fraction_text(fraction: Fraction) -> str:
    """``1/4 (25%)``; tiny fractions as powers."""
    if fraction.denominator < 10**6:
        return f"{fraction} ({float(fraction):.4g})"
    # math.log10 takes integers of any size; formatting the denominator as a float
    # overflowed once it passed 10^308 (nullity above 1023 on two states).
    exponent = math.log10(fraction.denominator)
    whole = math.floor(exponent)
    mantissa = 10 ** (exponent - whole)
    if f"{mantissa:.3g}" == "10":  # 9.9996e+08 rounds up to 1e+09
        mantissa, whole = 1.0, whole + 1
    return f"1/{mantissa:.3g}e+{whole:02d} (about 10^-{exponent:.1f})"
