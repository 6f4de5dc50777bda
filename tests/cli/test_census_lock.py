"""Nothing corrupted: a census table in use is locked against a second census, a killed
holder leaves it usable, and a full disk names the table.

The holder is a real process paused by a pipe (its first rows written, it waits for a line
on stdin), never by a sleep.
"""

from __future__ import annotations

import csv
import errno
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from lograph.core.census import table as table_module
from tests.cli.helpers import fails_cleanly, run_cli

RANGES = ["rectangle", "1-5", "1-5", "--no-worst"]
BOARDS = 25

#: `lograph ARGV` whose census stops after its first rows until a line comes on stdin.
PAUSED = """
import sys
from lograph.core.census import table

real = table.TableWriter.write
paused = []

def write(self, rows):
    real(self, rows)
    if not paused:
        paused.append(True)
        print("paused", flush=True)
        sys.stdin.readline()

table.TableWriter.write = write
from lograph.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """A census of `RANGES` into tmp_path/t.csv, paused with rows written."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen(
        [sys.executable, "-c", PAUSED, "census", *RANGES, "-o", str(tmp_path / "t.csv")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line == "paused\n", process.communicate()
    yield process
    if process.poll() is None:
        process.kill()
    process.communicate()


def _rows(path: Path) -> list[str]:
    with open(path, encoding="utf-8", newline="") as handle:
        return [record[0] for record in csv.reader(handle)][1:]


def test_a_second_census_on_a_table_in_use_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], holder: subprocess.Popen[str]
) -> None:
    table = tmp_path / "t.csv"
    before = table.read_bytes()
    err = fails_cleanly(capsys, "census", *RANGES, "-o", str(table))
    assert f"{table}: in use by another census (process {holder.pid})" in err
    assert table.read_bytes() == before  # not a byte appended
    assert table_module.sidecar_path(table).exists()  # the holder's resume record stays
    out, errors = holder.communicate("\n", timeout=120)
    assert holder.returncode == 0, errors
    assert f"{BOARDS} boards" in out
    rows = _rows(table)
    assert len(rows) == BOARDS
    assert len(set(rows)) == BOARDS
    assert sorted(os.listdir(tmp_path)) == ["t.csv"]  # no resume record, no lock file


def test_a_killed_holder_leaves_the_table_usable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], holder: subprocess.Popen[str]
) -> None:
    table = tmp_path / "t.csv"
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=60)
    assert (tmp_path / "t.csv.lock").exists()  # left behind, but no longer locked
    status, out, err = run_cli(capsys, "census", *RANGES, "-o", str(table))
    assert status == 0, err
    assert "already in the table" in out
    rows = _rows(table)
    assert sorted(rows) == sorted(set(rows))
    assert len(rows) == BOARDS
    assert sorted(os.listdir(tmp_path)) == ["t.csv"]


def test_a_full_disk_names_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = tmp_path / "t.csv"
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        if data.startswith(b"1x"):  # a row of the census, not the header
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(table_module.os, "write", full)
    err = fails_cleanly(capsys, "census", *RANGES, "-o", str(table))
    assert f"{table}: {os.strerror(errno.ENOSPC)}" in err
    monkeypatch.undo()
    status, _, err = run_cli(capsys, "census", *RANGES, "-o", str(table))  # space again
    assert status == 0, err
    assert len(_rows(table)) == BOARDS
