"""``kill -9`` of ``lograph census geng … --jobs 2`` ends its pool workers too: none is left
running, adopted by init, after the census is gone.

A stand-in ``geng`` first on PATH waits for a file the test never creates, so both workers
are inside a piece when the census is killed; no timing decides anything.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.core.census.geng import geng_or_skip

#: Hang guard only: conditions are polled, never waited for by the clock.
GUARD = 120.0

_WAITING_GENG = """#!/bin/sh
touch "$GO.waiting.$$"
while [ ! -e "$GO" ]; do sleep 0.02; done
exec "$REAL_GENG" "$@"
"""


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux's /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _until(condition: object, what: str) -> None:
    deadline = time.monotonic() + GUARD
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(what)
        time.sleep(0.02)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_kill_9_of_the_census_ends_its_workers(tmp_path: Path) -> None:
    real = geng_or_skip()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "geng"
    fake.write_text(_WAITING_GENG)
    fake.chmod(0o755)
    go = tmp_path / "go"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "REAL_GENG": real, "GO": str(go), "PYTHONPATH": os.pathsep.join(sys.path)}  # fmt: skip
    args = ["census", "geng", "8", "-c", "--pieces", "4", "--jobs", "2"]
    census = subprocess.Popen(
        [sys.executable, "-m", "lograph", *args, "-o", str(tmp_path / "t.csv")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,  # its own group: the clean-up below reaches every geng
    )
    workers: set[int] = set()
    try:
        # both workers inside a piece: two stand-in gengs waiting
        _until(lambda: len(list(tmp_path.glob("go.waiting.*"))) == 2, "no two pieces began")
        workers = {pid for pid in _children(census.pid) if _alive(pid)}
        assert len(workers) == 2
        census.kill()
        census.wait(timeout=GUARD)
        _until(
            lambda: not any(_alive(pid) for pid in workers),
            f"pool workers {sorted(p for p in workers if _alive(p))} outlived the census",
        )
    finally:
        go.touch()  # the stand-in gengs go on and end (their reader gone: a broken pipe)
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        if census.poll() is None:
            census.kill()
        census.wait(timeout=GUARD)
