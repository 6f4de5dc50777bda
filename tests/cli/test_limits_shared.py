"""One set of limits: what one command writes, every command reads.

The limits are lowered (monkeypatched on the modules that own them, the same constants
the writers and the readers look up), then a board is generated at exactly the largest
allowed size in each format, written, and read back by every reader: ``read_system`` (the
headless commands), ``analyze``, ``solve`` and ``convert`` to every format that can hold
it. One button more is refused by the writer, naming the file, with nothing written.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from lograph.core.files import ascii_grid, graph6, limits, read_system, source
from lograph.core.model import grids
from tests.cli.helpers import fails_cleanly, run_cli

#: The lowered limits: a 6×10 grid is the largest board file.
BUTTONS = 60


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_ARRAY_BUTTONS", BUTTONS)
    monkeypatch.setattr(limits, "MAX_ARRAY_EDGES", 4 * BUTTONS)
    monkeypatch.setattr(limits, "MAX_BUTTONS", 30)  # the editable board: half of it
    monkeypatch.setattr(limits, "MAX_EDGES", 120)
    monkeypatch.setattr(source, "MAX_FILE_BYTES", 3000)  # a 60-button .json is bigger


def _read_everywhere(
    capsys: pytest.CaptureFixture[str],
    path: Path,
    tmp_path: Path,
    formats: tuple[str, ...] = ("txt", "json", "graphml"),
) -> None:
    """Every headless reader takes `path`; convert writes it in `formats` (a .graphml is
    longer than its .json), and those copies are read back too."""
    system = read_system(path)
    assert system.n == BUTTONS
    status, out, err = run_cli(capsys, "analyze", str(path), "--json")
    assert status == 0, err
    assert json.loads(out)["buttons"] == BUTTONS
    status, out, err = run_cli(capsys, "analyze", str(path), "--json", "--rule", "open")
    assert status == 0, err  # an override does not send a big file to the board reader
    assert json.loads(out)["buttons"] == BUTTONS
    status, _, err = run_cli(capsys, "solve", str(path))
    assert status in (0, 1), err  # solvable or not: an answer, not a refusal
    for fmt in formats:
        copy = tmp_path / f"copy-of-{path.stem}-{path.suffix[1:]}.{fmt}"
        status, _, err = run_cli(capsys, "convert", str(path), str(copy))
        assert status == 0, (fmt, err)
        assert read_system(copy).n == BUTTONS


@pytest.mark.usefixtures("small")
@pytest.mark.parametrize("fmt", ["txt", "json", "graphml"])
def test_the_largest_board_file_is_read_by_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    path = tmp_path / f"g.{fmt}"
    status, _, err = run_cli(
        capsys, "generate", "rectangle", "6", "10", "--lights", "random", "-o", str(path)
    )
    assert status == 0, err
    if fmt != "txt":
        assert path.stat().st_size > source.MAX_FILE_BYTES  # beyond the board path's size
    _read_everywhere(capsys, path, tmp_path)


@pytest.mark.usefixtures("small")
@pytest.mark.parametrize("fmt", ["txt", "json", "graphml"])
def test_one_button_more_is_refused_by_the_writer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    path = tmp_path / f"g.{fmt}"
    err = fails_cleanly(capsys, "generate", "rectangle", "1", str(BUTTONS + 1), "-o", str(path))
    assert f"{path}: " in err
    assert f"limited to {BUTTONS} buttons" in err
    assert os.listdir(tmp_path) == []


@pytest.mark.usefixtures("small")
@pytest.mark.parametrize("fmt", ["json", "graphml"])
def test_the_file_size_limit_governs_writer_and_reader(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
) -> None:
    path = tmp_path / f"g.{fmt}"
    assert run_cli(capsys, "generate", "rectangle", "6", "10", "-o", str(path))[0] == 0
    size = path.stat().st_size
    path.unlink()
    monkeypatch.setattr(limits, "MAX_ARRAY_FILE_BYTES", size)  # exactly this board fits
    assert run_cli(capsys, "generate", "rectangle", "6", "10", "-o", str(path))[0] == 0
    _read_everywhere(capsys, path, tmp_path, ("txt", fmt))
    path.unlink()
    monkeypatch.setattr(limits, "MAX_ARRAY_FILE_BYTES", size - 1)
    err = fails_cleanly(capsys, "generate", "rectangle", "6", "10", "-o", str(path))
    assert f"{path}: the file would be over {size - 1} bytes" in err
    assert not [name for name in os.listdir(tmp_path) if name.startswith(("g.", ".g."))]


def test_a_graph6_line_is_written_only_as_long_as_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(graph6, "MAX_LINE_BYTES", graph6.line_bytes(20))
    path = tmp_path / "c.g6"
    assert run_cli(capsys, "generate", "named", "cycle", "20", "-o", str(path))[0] == 0
    assert read_system(path).n == 20
    status, _, err = run_cli(capsys, "analyze", str(path))
    assert status == 0, err
    path.unlink()
    err = fails_cleanly(capsys, "generate", "named", "cycle", "21", "-o", str(path))
    assert f"{path}: " in err
    assert f"more than the {graph6.line_bytes(20)} lograph reads" in err
    assert not path.exists()


def test_a_txt_grid_over_the_limit_is_refused_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.txt"
    path.write_text("1111\n" * 4)
    monkeypatch.setattr(limits, "MAX_ARRAY_BUTTONS", 15)
    err = fails_cleanly(capsys, "analyze", str(path))
    assert f"{path}: grid has 16 buttons" in err
    monkeypatch.undo()
    monkeypatch.setattr(grids, "MAX_SYSTEM_ENTRIES", 10)  # the press matrix's own limit
    err = fails_cleanly(capsys, "analyze", str(path))
    assert f"{path}: a 4×4 grid" in err


def test_the_real_limits_agree() -> None:
    """With the real values: a plain grid at the button limit fits the press matrix, the
    .txt layout, and the file size a .txt is read up to (one byte a cell, one a line end)."""
    assert limits.MAX_ARRAY_BUTTONS * limits.GRID_REACH <= grids.MAX_SYSTEM_ENTRIES
    assert limits.MAX_ARRAY_BUTTONS <= ascii_grid.MAX_CELLS
    assert 2 * limits.MAX_ARRAY_BUTTONS + 1000 <= source.MAX_FILE_BYTES
    assert limits.MAX_BUTTONS <= limits.MAX_ARRAY_BUTTONS
    assert limits.MAX_EDGES <= limits.MAX_ARRAY_EDGES
