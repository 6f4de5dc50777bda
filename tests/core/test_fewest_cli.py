"""`lograph solve --minimal` beyond one transform: the exact answer in JSON, nothing on stderr
when it is not a terminal (no progress bar in pipes or with --json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lograph.cli import main
from tests.references import A075464_EXTENDED


def test_solve_minimal_beyond_one_transform(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "b47.txt"
    assert main(["generate", "rectangle", "47", "47", "-o", str(board)]) == 0
    capsys.readouterr()
    assert main(["solve", str(board), "--goal", "on", "--minimal", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["solutions"] == 2**30  # nullity 30: beyond one transform
    assert data["exact"] is True
    assert data["method"] == "branch and bound"
    assert data["press_count"] == A075464_EXTENDED[46]
    assert err == ""
