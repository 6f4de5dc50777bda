"""Atomic saves: temporary files of killed saves are cleaned up; errors name the target."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lograph.core.errors import InterruptedComputation
from lograph.core.files import atomic
from lograph.core.files.atomic import atomic_write_chunks, atomic_write_text, remove_stale_temps
from lograph.core.work import clear_interrupt, interrupt

HANG_GUARD = 120

# A child that saves a board and blocks inside the save (in fsync, after writing the data)
# until the test kills it: the temporary file is on disk, the target not yet replaced.
_CHILD = """
import os, sys
real_fsync = os.fsync
def blocking_fsync(fd):
    print("saving", flush=True)
    sys.stdin.read()
os.fsync = blocking_fsync
from lograph.core.files.atomic import atomic_write_text
atomic_write_text(sys.argv[1], "new\\n" * 100000)
"""


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.skipif(os.name != "posix", reason="kill -9")
def test_a_killed_save_leaves_a_temp_file_that_the_next_save_removes(tmp_path: Path) -> None:
    target = tmp_path / "board.txt"
    target.write_text("old\n")
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(target)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "saving\n"  # blocks until the save is under way
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=HANG_GUARD)
    finally:
        if child.poll() is None:
            child.kill()
    left = _temps(tmp_path)
    assert len(left) == 1
    assert left[0].startswith(f".board.txt.{child.pid}.")
    assert target.read_text() == "old\n"  # the kill never touched the target
    atomic_write_text(target, "newer\n")
    assert _temps(tmp_path) == []
    assert target.read_text() == "newer\n"


def test_temp_files_of_running_processes_and_other_targets_stay(tmp_path: Path) -> None:
    mine = tmp_path / f".board.txt.{os.getpid()}.00112233aabb.tmp"  # a save in progress
    init = tmp_path / ".board.txt.1.00112233aabb.tmp"  # PID 1 always runs
    other = tmp_path / f".other.txt.{2**22 + 7}.00112233aabb.tmp"  # another target's
    user = tmp_path / ".board.txt.notes.tmp"  # not a name lograph makes
    for path in (mine, init, other, user):
        path.write_text("x")
    assert remove_stale_temps(tmp_path / "board.txt") == []
    assert _temps(tmp_path) == sorted(p.name for p in (mine, init, other, user))


def test_old_style_temp_files_are_removed_once_old(tmp_path: Path) -> None:
    old = tmp_path / ".board.txt.a1b2c3d4e5f6.tmp"  # names before the PID was in them
    new = tmp_path / ".board.txt.0123456789ab.tmp"
    old.write_text("x")
    new.write_text("x")
    hours_ago = time.time() - 2 * 3600
    os.utime(old, (hours_ago, hours_ago))
    assert remove_stale_temps(tmp_path / "board.txt") == [old]
    assert _temps(tmp_path) == [new.name]


def _enospc(fd: int) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_full_disk_names_the_target(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "board.txt"
    target.write_text("old\n")
    monkeypatch.setattr(atomic.os, "fsync", _enospc)
    with pytest.raises(OSError, match="No space left") as info:
        atomic_write_text(target, "new\n")
    assert info.value.errno == errno.ENOSPC
    assert info.value.filename == str(target)
    assert _temps(tmp_path) == []
    assert target.read_text() == "old\n"


def test_a_refused_temp_file_names_the_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a read-only folder does, simulated (root may write anywhere)."""
    real_open = os.open

    def refuse(path: str, flags: int, mode: int = 0o777) -> int:
        if str(path).endswith(".tmp"):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, mode)

    monkeypatch.setattr(atomic.os, "open", refuse)
    with pytest.raises(PermissionError) as info:
        atomic_write_text(tmp_path / "board.txt", "new\n")
    assert info.value.filename == str(tmp_path / "board.txt")


def test_chunks_are_written_in_order_and_replace_the_file(tmp_path: Path) -> None:
    target = tmp_path / "board.json"
    target.write_text("old\n", "utf-8")
    atomic_write_chunks(target, (f"line {i} é\n" for i in range(5000)))
    assert target.read_text("utf-8") == "".join(f"line {i} é\n" for i in range(5000))
    assert _temps(tmp_path) == []


def test_a_failure_while_making_chunks_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "board.json"
    target.write_text("old\n", "utf-8")

    def chunks():
        yield "new, first part\n"
        raise MemoryError("out of memory while making the text")

    with pytest.raises(MemoryError):
        atomic_write_chunks(target, chunks())
    assert target.read_text("utf-8") == "old\n"
    assert _temps(tmp_path) == []  # the partial temporary file is gone


def test_an_interrupt_between_chunks_stops_the_write(tmp_path: Path) -> None:
    target = tmp_path / "board.json"
    target.write_text("old\n", "utf-8")
    made = []

    def chunks():
        for i in range(100):
            made.append(i)
            if i == 3:
                interrupt()  # Ctrl-C while the text is written
            yield f"{i}\n"

    try:
        with pytest.raises(InterruptedComputation, match="not written"):
            atomic_write_chunks(target, chunks())
    finally:
        clear_interrupt()
    assert len(made) == 4  # stopped at once, not after making the rest
    assert target.read_text("utf-8") == "old\n"
    assert _temps(tmp_path) == []
