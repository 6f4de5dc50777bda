"""The first run after install says it is compiling kernels, on a terminal, and only then."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lograph.core.files import write_board
from lograph.core.model.generators import rectangle
from tests.cli.helpers import read_terminal

# slow: each case compiles kernels into an empty numba cache (tens of CPU seconds)
pytestmark = [pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals"), pytest.mark.slow]
NOTICE = "compiling kernels for this machine"


def _stderr_on_a_terminal(args: list[str], cwd: Path, cache: Path) -> str:
    """Run lograph with stderr on a pseudo-terminal and an own numba cache; its stderr."""
    leader, follower = os.openpty()
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), LOGRAPH_JIT="numba")
    proc = subprocess.Popen(
        [sys.executable, "-m", "lograph", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=follower,
    )
    os.close(follower)
    seen = read_terminal(leader)
    assert proc.wait(timeout=600) == 0
    return seen.decode(errors="replace")


def test_notice_on_a_cache_miss_only(tmp_path: Path) -> None:
    """The press histogram runs one compiled kernel (LOGRAPH_JIT=numba: even on 3×3)."""
    write_board(rectangle(3, 3), tmp_path / "board.txt")
    cache = tmp_path / "numba-cache"
    first = _stderr_on_a_terminal(["analyze", "board.txt", "--histogram"], tmp_path, cache)
    assert NOTICE in first
    assert any(cache.rglob("*.nbi"))  # the kernels were compiled into this cache
    again = _stderr_on_a_terminal(["analyze", "board.txt", "--histogram"], tmp_path, cache)
    assert NOTICE not in again  # loaded from the cache: nothing to say


def test_no_notice_in_a_pipe_or_with_json(tmp_path: Path) -> None:
    write_board(rectangle(3, 3), tmp_path / "board.txt")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), LOGRAPH_JIT="numba")
    piped = subprocess.run(
        [sys.executable, "-m", "lograph", "analyze", "board.txt", "--histogram"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert piped.returncode == 0
    assert piped.stderr == ""
    json_run = _stderr_on_a_terminal(
        ["analyze", "board.txt", "--histogram", "--json"], tmp_path, tmp_path / "cache2"
    )
    assert NOTICE not in json_run
