"""File ▸ Share as Web Page… and Analysis ▸ Show the Algebra in the window."""

from __future__ import annotations

import json
import re

from lograph.core.model.generators import rectangle


def test_share_writes_the_board_as_it_stands(window, tmp_path, monkeypatch):
    board = rectangle(3, 3)
    board.set_light("r1c1", 1)
    window.document.replace_board(board)
    path = tmp_path / "page.html"
    monkeypatch.setattr(window.share, "ask_path", lambda *a: path)
    window.action("share_page").trigger()
    page = path.read_text(encoding="utf-8")
    data = json.loads(re.search(r'id="lograph-data">(.*?)</script>', page).group(1))
    assert data["levels"][0]["lights"] == [0, 0, 0, 0, 1, 0, 0, 0, 0]
    assert data["levels"][0]["fewest"] == 5
    assert window.action("share_page") in window.menus["file"].actions()


def test_show_the_algebra_and_save_it(window, tmp_path, qtbot):
    board = rectangle(3, 3)
    board.set_light("r0c0", 1)
    window.document.replace_board(board)
    assert window.action("show_algebra") in window.menus["analysis"].actions()
    dialog = window.share.show_algebra()
    qtbot.addWidget(dialog)
    text = dialog.browser.toPlainText()
    assert "Forward elimination" in text
    assert "A solution by back substitution" in text
    for suffix in ("md", "tex", "html", "png"):
        assert dialog.save(tmp_path / f"a.{suffix}") == tmp_path / f"a.{suffix}"
    assert (tmp_path / "a.md").read_text().startswith("# The algebra of")
    dialog.close()


def test_share_while_playing_a_pack_writes_the_pack(window, tmp_path, monkeypatch):
    from pathlib import Path

    import lograph

    pack = Path(lograph.__file__).parent / "samples" / "packs" / "classic-5x5-1-to-15.json"
    window.play.packs.open_path(pack)
    path = tmp_path / "pack.html"
    monkeypatch.setattr(window.share, "ask_path", lambda *a: path)
    window.action("share_page").trigger()
    data = json.loads(re.search(r'id="lograph-data">(.*?)</script>', path.read_text()).group(1))
    assert data["pack"] is True
    assert [level["fewest"] for level in data["levels"]] == list(range(1, 16))
