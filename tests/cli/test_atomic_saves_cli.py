"""Atomic saves seen from the command line: a failed save names the file on one error line
and leaves neither a temporary file nor a half-written target (the writer itself is
tested in tests/core/files/test_atomic_cleanup.py)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from lograph.cli import main
from lograph.core.files import atomic


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def _enospc(fd: int) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_the_cli_says_which_file_did_not_fit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "grid.txt"
    monkeypatch.setattr(atomic.os, "fsync", _enospc)
    assert main(["generate", "rectangle", "3", "3", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"lograph: error: {out}: No space left on device\n"
    assert _temps(tmp_path) == []
    assert not out.exists()


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders"
)
def test_a_read_only_folder_names_the_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        out = folder / "grid.txt"
        assert main(["generate", "rectangle", "3", "3", "-o", str(out)]) == 2
        assert capsys.readouterr().err == f"lograph: error: {out}: Permission denied\n"
    finally:
        folder.chmod(0o755)
