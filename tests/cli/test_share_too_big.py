"""``lograph share`` of a board with more buttons than a page draws is refused early, naming
the file: before the window's drawing of every button, and for a big file before the board
is even built (it is counted from arrays)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lograph.core.share.page import PAGE_LIMIT
from tests.cli.helpers import fails_cleanly, run_cli


def _never(*args: object, **kwargs: object) -> None:
    raise AssertionError("the refusal must come before this")


@pytest.fixture
def no_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    import lograph.ui.picture.web as web

    monkeypatch.setattr(web, "window_drawing", _never)


@pytest.mark.usefixtures("no_drawing")
def test_a_big_file_is_refused_before_the_board_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    board = tmp_path / "big.json"
    assert run_cli(capsys, "generate", "rectangle", "80", "80", "-o", str(board))[0] == 0
    assert board.stat().st_size > 1 << 20  # counted from arrays first
    import lograph.cli.common as common

    monkeypatch.setattr(common, "load_board", _never)
    err = fails_cleanly(capsys, "share", str(board), "-o", str(tmp_path / "p.html"))
    assert f"{board}: 6400 buttons are too many for a web page (limit {PAGE_LIMIT})" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.json"]


@pytest.mark.usefixtures("no_drawing")
def test_a_small_file_of_many_buttons_is_refused_before_the_drawing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "many.txt"
    board.write_text(("0" * 80 + "\n") * 80)  # an ASCII grid: 6,400 buttons in 6.5 KB
    err = fails_cleanly(capsys, "share", str(board), "-o", str(tmp_path / "p.html"))
    assert f"{board}: 6400 buttons are too many for a web page" in err
