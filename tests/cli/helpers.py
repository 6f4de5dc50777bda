"""Shared helpers for the CLI tests."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from lograph.core.files import write_board
from lograph.core.model.board import Board


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
