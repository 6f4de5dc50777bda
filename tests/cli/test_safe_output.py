"""Nothing overwritten: every command's -o refuses a target that is not a regular file (one
shared check, `atomic.check_writable`), and the puzzle's -o and --name are checked up front.

The devices are made here with ``os.mknod`` (root only) in tmp_path: never the real /dev/null.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from lograph.core.files.atomic import atomic_write_bytes
from tests.cli.helpers import fails_cleanly, run_cli

BOARD = "sample:classic-5x5.txt"


def _device(path: Path) -> Path:
    if not hasattr(os, "mknod"):
        pytest.skip("no os.mknod here")
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # what /dev/null is
    except PermissionError:
        pytest.skip("making a device needs root")
    return path


def _fifo(path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(path)
    return path


COMMANDS = {
    "puzzle": ["puzzle", BOARD, "--presses", "3", "-o"],
    "convert": ["convert", BOARD],
    "lights": ["lights", BOARD, "--preset", "lit", "-o"],
    "solve": ["solve", BOARD, "-o"],
    "report": ["report", BOARD, "-o"],
    "generate": ["generate", "rectangle", "3", "3", "-o"],
    "census": ["census", "rectangle", "1-2", "1-2", "--no-worst", "-o"],
    "share": ["share", BOARD, "-o"],
    "explain": ["explain", "sample:classic-3x3.txt", "-o"],
    "matrix": ["matrix", BOARD, "-o"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_a_device_or_fifo_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, kind: str
) -> None:
    name = "x.csv" if command == "census" else "x.json"
    if command in ("report", "explain"):
        name = "x.md"
    if command == "share":
        name = "x.html"
    if command == "matrix":
        name = "x.png"
    target = (_device if kind == "device" else _fifo)(tmp_path / name)
    err = fails_cleanly(capsys, *COMMANDS[command], str(target))
    what = "is a device" if kind == "device" else "is a named pipe (FIFO)"
    assert f"{target}: {what}, not a regular file" in err
    mode = os.stat(target).st_mode
    assert (stat.S_ISCHR if kind == "device" else stat.S_ISFIFO)(mode)
    assert os.listdir(tmp_path) == [name]  # no temporary file, no sidecar


def test_the_writer_itself_refuses_a_device_through_a_symlink(tmp_path: Path) -> None:
    device = _device(tmp_path / "null")
    link = tmp_path / "board.txt"
    link.symlink_to(device)
    with pytest.raises(OSError, match="is a device, not a regular file") as caught:
        atomic_write_bytes(link, b"1\n")
    assert caught.value.filename == str(link)
    assert stat.S_ISCHR(os.stat(device).st_mode)


def test_samples_keeps_refusing_any_existing_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = _fifo(tmp_path / "x.txt")
    err = fails_cleanly(capsys, "samples", "classic-5x5.txt", "-o", str(target))
    assert f"{target}: file exists" in err


@pytest.mark.parametrize("name", ["pack", "pack.txt", "pack.g6", "pack.md"])
def test_puzzle_writes_only_json_packs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    target = tmp_path / name
    err = fails_cleanly(capsys, "puzzle", BOARD, "--presses", "3", "-o", str(target))
    assert f"{target}: a level pack is written as .json" in err
    assert not target.exists()


def test_puzzle_json_in_capitals_is_a_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "PACK.JSON"
    status, _, err = run_cli(capsys, "puzzle", BOARD, "--presses", "2", "-o", str(target))
    assert status == 0, err
    assert run_cli(capsys, "puzzle", "--check", str(target))[0] == 0


@pytest.mark.parametrize("name", ["a\x1b[31mb", "two\nlines", "bell\x07"])
def test_puzzle_refuses_a_name_its_check_would_refuse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    target = tmp_path / "p.json"
    status, _, err = run_cli(
        capsys, "puzzle", BOARD, "--presses", "2", "--name", name, "-o", str(target)
    )
    assert status == 2
    assert "--name" in err
    assert err.count("\n") == 1
    assert "\x1b" not in err
    assert "\x07" not in err
    assert not target.exists()
