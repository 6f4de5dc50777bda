"""The lock file's name is predictable: a link, a hard link or a named pipe planted there
never has its target written, and a stale pid left by an earlier owner is replaced."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from lograph.core.files.lock import FileLock

DECOY = b"a file that is not a lock\n"


def test_a_symbolic_link_at_the_lock_name_is_refused(tmp_path: Path) -> None:
    decoy = tmp_path / "decoy"
    decoy.write_bytes(DECOY)
    (tmp_path / "t.lock").symlink_to(decoy)
    lock = FileLock(tmp_path / "t.lock")
    with pytest.raises(OSError, match="symbolic link") as caught:
        lock.acquire()
    assert caught.value.errno == errno.ELOOP
    assert decoy.read_bytes() == DECOY
    assert lock.owner() is None  # not read through the link either


def test_a_dangling_link_creates_nothing_at_its_target(tmp_path: Path) -> None:
    (tmp_path / "t.lock").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(OSError, match="symbolic link"):
        FileLock(tmp_path / "t.lock").acquire()
    assert not (tmp_path / "elsewhere").exists()


def test_a_hard_link_at_the_lock_name_is_locked_but_not_written(tmp_path: Path) -> None:
    decoy = tmp_path / "decoy"
    decoy.write_bytes(DECOY)
    os.link(decoy, tmp_path / "t.lock")
    lock = FileLock(tmp_path / "t.lock")
    assert lock.acquire()
    assert decoy.read_bytes() == DECOY
    lock.release()
    assert decoy.read_bytes() == DECOY


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_at_the_lock_name_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "t.lock")
    with pytest.raises(OSError, match="not a regular file"):
        FileLock(tmp_path / "t.lock").acquire()


def test_a_longer_stale_pid_is_replaced_whole(tmp_path: Path) -> None:
    path = tmp_path / "t.lock"
    path.write_bytes(b"99999999999\n")  # left by a killed owner: longer than ours
    lock = FileLock(path)
    assert lock.acquire()
    assert path.read_bytes() == f"{os.getpid()}\n".encode()
    assert lock.owner() == os.getpid()
    lock.release()
    assert not path.exists()
