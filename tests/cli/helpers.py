"""Shared helpers for the CLI tests."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lograph.cli import main
from lograph.core.files import write_board
from lograph.core.model.board import Board
from lograph.core.work import Work


def with_budgets(search: Callable[..., Any], **budgets: Any) -> Callable[..., Any]:
    """`search` (a call taking ``work=``) with these `Work` fields set over its caller's
    work: the budgets that send a small board down the path a big one takes."""

    def bounded(*args: Any, work: Work | None = None, **kwargs: Any) -> Any:
        return search(*args, work=replace(work or Work(), **budgets), **kwargs)

    return bounded


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`lograph ARGV` in this process: exit status, stdout and stderr (argparse's own errors
    exit through SystemExit, counted as their status)."""
    try:
        status = main(list(argv))
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def fails_cleanly(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command that must fail with status 2 and one clean line; that line."""
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.startswith("lograph: error: "), err
    assert err.count("\n") == 1, err
    return err


def search_in_small_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the GF(2) fewest-presses search past one transform run on small boards: leaves
    of 2^3 solutions, no single transform, the branch and bound up to nullity 62 (the
    all-on 19×19 board, nullity 16, then needs a search of many leaves)."""
    from lograph.core.optimize import fewest as minimal
    from lograph.core.optimize.fewest import _gf2_orbits as gf2_orbits

    real = minimal.fewest_presses
    monkeypatch.setattr(gf2_orbits, "LEAF_BITS", 3)
    bounded = with_budgets(real, transform_nullity=0, search_nullity=62)
    monkeypatch.setattr(minimal, "fewest_presses", bounded)


def board_file(tmp_path: Path, board: Board, name: str = "board.json") -> str:
    """Write `board` into `tmp_path`; the path as the command line takes it."""
    path = tmp_path / name
    write_board(board, path)
    return str(path)


def read_terminal(leader: int) -> bytes:
    """Everything written to a pseudo-terminal until its process closes it; closes `leader`."""
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    return seen


def interruptible() -> None:
    """`preexec_fn` for a child the test will interrupt: Ctrl-C back to its default.

    A shell without job control (``pytest … &`` in a script) starts its background jobs
    with SIGINT ignored, every child inherits that, and Python keeps an ignored SIGINT
    ignored, as a background command should: the child would never see the test's Ctrl-C.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def fresh_interpreter(
    child: str, argv: tuple[str, ...], cwd: Path, env: dict[str, str], timeout: float = 600
) -> dict[str, object]:
    """Run the Python source `child` with `argv` in a new interpreter (the environment
    updated by `env`) and return the JSON object its last line of output prints."""
    done = subprocess.run(
        [sys.executable, "-c", child, *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **env},
        timeout=timeout,  # a hang guard only
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result
