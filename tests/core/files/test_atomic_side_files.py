"""Atomic writes of side files (``follow_symlinks=False``) replace a link planted at their
name and never write its target; a file the user names is still followed; `atomic_writer`
leaves the old file and no temporary one when its block fails, and names the target."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from lograph.core.files import atomic
from lograph.core.files.atomic import atomic_write_bytes, atomic_write_text, atomic_writer

DECOY = b"not yours\n"


def _planted(tmp_path: Path) -> tuple[Path, Path]:
    decoy = tmp_path / "decoy"
    decoy.write_bytes(DECOY)
    link = tmp_path / "side.json"
    link.symlink_to(decoy)
    return decoy, link


def test_a_side_file_replaces_a_planted_link(tmp_path: Path) -> None:
    decoy, link = _planted(tmp_path)
    atomic_write_text(link, "{}\n", follow_symlinks=False)
    assert decoy.read_bytes() == DECOY
    assert not link.is_symlink()
    assert link.read_text() == "{}\n"


def test_a_side_file_through_atomic_writer_replaces_a_planted_link(tmp_path: Path) -> None:
    decoy, link = _planted(tmp_path)
    with atomic_writer(link, follow_symlinks=False) as handle:
        handle.write(b"A_\n")
    assert decoy.read_bytes() == DECOY
    assert link.read_bytes() == b"A_\n"


def test_a_file_the_user_names_is_still_followed(tmp_path: Path) -> None:
    decoy, link = _planted(tmp_path)
    atomic_write_bytes(link, b"new\n")
    assert link.is_symlink()
    assert decoy.read_bytes() == b"new\n"


def test_atomic_writer_keeps_the_old_file_when_its_block_fails(tmp_path: Path) -> None:
    target = tmp_path / "t.g6"
    target.write_bytes(b"old\n")

    def half_then_fail() -> None:
        with atomic_writer(target) as handle:
            handle.write(b"half")
            raise RuntimeError("stopped")

    with pytest.raises(RuntimeError, match="stopped"):
        half_then_fail()
    assert target.read_bytes() == b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.g6"]


def test_a_full_disk_in_atomic_writer_names_the_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "t.g6"
    real = atomic.os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)

    def write() -> None:
        with atomic_writer(target) as handle:
            handle.write(b"A_\n")

    with pytest.raises(OSError, match=os.strerror(errno.ENOSPC)) as caught:
        write()
    monkeypatch.setattr(atomic.os, "fsync", real)
    assert caught.value.filename == str(target)
    assert caught.value.errno == errno.ENOSPC
    assert list(tmp_path.iterdir()) == []


def test_a_kept_mode_is_set_on_the_new_file(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    target.write_bytes(b"old\n")
    target.chmod(0o640)
    atomic_write_bytes(target, b"new\n")
    assert target.stat().st_mode & 0o777 == 0o640
