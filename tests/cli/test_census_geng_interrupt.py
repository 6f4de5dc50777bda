"""``lograph census geng`` stopped by Ctrl-C or ``kill -9`` in the middle of a piece: the
finished pieces stay in the journal, the cut piece is not in it, and the same command then
finishes with the table of an uninterrupted run.

A stand-in ``geng`` first on PATH runs the real one, except that the last piece waits for a
file the test creates: the command is caught inside that piece every time, with no timing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lograph.cli import main
from lograph.core.census.pieces import journal_path
from tests.cli.helpers import interruptible
from tests.core.census.geng import geng_or_skip

PIECES = 4
#: Hang guard only: the conditions below are polled, never waited for by the clock.
GUARD = 300.0

_FAKE_GENG = """#!/bin/sh
for last; do :; done
if [ "$last" = "{last}/{pieces}" ]; then
    touch "$GO.waiting"
    while [ ! -e "$GO" ]; do sleep 0.02; done
fi
exec "$REAL_GENG" "$@"
"""


def _until(condition: object, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + GUARD
    while not condition() and proc.poll() is None:  # type: ignore[operator]
        if time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail("the census never reached the waiting piece")
        time.sleep(0.02)


def _start(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "lograph", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own group: the signal reaches geng too, as Ctrl-C does
        preexec_fn=interruptible,
    )


def test_ctrl_c_and_kill_9_inside_a_piece_then_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = geng_or_skip()
    whole, table = tmp_path / "whole.csv", tmp_path / "t.csv"
    args = ["census", "geng", "8", "-c", "--pieces", str(PIECES)]
    assert main([*args, "-o", str(whole)]) == 0
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "geng"
    fake.write_text(_FAKE_GENG.format(last=PIECES - 1, pieces=PIECES))
    fake.chmod(0o755)
    go = tmp_path / "go"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "REAL_GENG": real, "GO": str(go)}  # fmt: skip
    journal = journal_path(table)

    def pieces_done() -> int:
        return journal.read_text().count("\n") - 1 if journal.exists() else 0

    # Ctrl-C while the last piece runs: 130, one line, the other pieces recorded
    proc = _start([*args, "-o", str(table)], env)
    _until(lambda: Path(f"{go}.waiting").exists() and pieces_done() == PIECES - 1, proc)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=GUARD)
    assert (proc.returncode, err) == (130, "lograph: interrupted\n")
    assert pieces_done() == PIECES - 1
    assert not table.exists()

    # kill -9 in the same piece: nothing more recorded, nothing broken
    Path(f"{go}.waiting").unlink()
    proc = _start([*args, "-o", str(table)], env)
    _until(lambda: Path(f"{go}.waiting").exists(), proc)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=GUARD)
    assert pieces_done() == PIECES - 1

    # the same command finishes: the table of the uninterrupted run, the journal gone
    go.touch()
    monkeypatch.setenv("PATH", env["PATH"])
    monkeypatch.setenv("REAL_GENG", real)
    monkeypatch.setenv("GO", str(go))
    assert main([*args, "-o", str(table)]) == 0
    assert table.read_text() == whole.read_text()
    assert not journal.exists()
