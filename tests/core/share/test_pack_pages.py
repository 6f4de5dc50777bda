"""Level packs on the shared page, without a browser: a pack without levels is refused by
`share` and never called verified by `puzzle --check`; a page's progress key is the pack's
content, not its board's name."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lograph.core.errors import LographError
from lograph.core.files.level_pack import LevelPack, PackLevel, pack_text, read_level_pack
from lograph.core.model.generators import rectangle
from lograph.core.share.page import pack_page, plain_drawing
from tests.cli.helpers import fails_cleanly

SAMPLES = Path(__file__).resolve().parents[3] / "lograph" / "samples"


def _empty_pack(tmp_path: Path) -> Path:
    path = tmp_path / "empty.json"
    path.write_text(pack_text(LevelPack("nothing", rectangle(2, 2), [])))
    assert json.loads(path.read_text())["levels"] == []
    return path


def test_share_refuses_a_pack_without_levels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _empty_pack(tmp_path)
    line = fails_cleanly(capsys, "share", str(pack), "-o", str(tmp_path / "page.html"))
    assert str(pack) in line
    assert "no levels" in line
    assert not (tmp_path / "page.html").exists()


def test_check_does_not_verify_a_pack_without_levels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _empty_pack(tmp_path)
    line = fails_cleanly(capsys, "puzzle", "--check", str(pack))
    assert "verified" not in line
    assert "no levels" in line


def test_a_page_of_no_levels_is_refused() -> None:
    board = rectangle(2, 2)
    with pytest.raises(LographError, match="no levels"):
        pack_page(LevelPack("nothing", board, []), plain_drawing(board))


def test_the_progress_key_is_the_packs_content() -> None:
    pack = read_level_pack(SAMPLES / "packs" / "classic-5x5-1-to-15.json")
    drawing = plain_drawing(pack.board)
    whole = pack_page(pack, drawing)["key"]
    fewer = pack_page(LevelPack(pack.name, pack.board, pack.levels[:-1]), drawing)["key"]
    again = pack_page(LevelPack(pack.name, pack.board.copy(), list(pack.levels)), drawing)["key"]
    renamed = pack_page(LevelPack("other", pack.board, pack.levels), drawing)["key"]
    assert whole == again
    assert len({whole, fewer, renamed}) == 3
    other = pack.levels[0].lights.copy()
    other[0] ^= 1
    moved = [PackLevel(other, 1, False), *pack.levels[1:]]
    assert pack_page(LevelPack(pack.name, pack.board, moved), drawing)["key"] != whole
    assert len(whole) == 16
    assert int(whole, 16) >= 0


def test_a_board_page_keeps_no_pack_key() -> None:
    from lograph.core.share.page import board_page

    board = rectangle(2, 2)
    board.set_lights(np.ones(4, dtype=np.uint8))
    assert "key" not in board_page(board, plain_drawing(board))
