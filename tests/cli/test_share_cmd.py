"""``lograph share`` without a browser: the file, its self-containment, sizes, bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from lograph.core.model.generators import rectangle
from lograph.core.share.tables import decode, encode, hint_tables
from tests.cli.helpers import fails_cleanly, run_cli

SAMPLES = Path(__file__).resolve().parents[2] / "lograph" / "samples"


def _data(page: str) -> dict[str, object]:
    match = re.search(r'<script type="application/json" id="lograph-data">(.*?)</script>', page)
    assert match is not None
    return json.loads(match.group(1))  # type: ignore[no-any-return]


def test_a_board_page_is_self_contained(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "c5.html"
    status, text, _ = run_cli(capsys, "share", str(SAMPLES / "classic-5x5.txt"), "-o", str(out))
    assert status == 0
    assert text.startswith(f"wrote {out} (")
    page = out.read_text(encoding="utf-8")
    assert "default-src 'none'" in page
    # nothing that could load: no src/href attributes, no CSS url() but the arrow marker
    assert not re.search(r"\b(src|href)\s*=", page)
    assert set(re.findall(r"url\([^)]*\)", page)) == {"url(#arrow)"}
    assert "@import" not in page
    assert "fetch(" not in page
    assert "XMLHttpRequest" not in page
    data = _data(page)
    board = data["board"]
    assert isinstance(board, dict)
    assert board["ids"][:2] == ["r0c0", "r0c1"]
    assert board["columns"][0] == [0, 1, 5]  # r0c0 changes itself, r0c1 and r1c0
    (level,) = data["levels"]  # type: ignore[misc]
    assert (level["lights"], level["fewest"], level["exact"]) == ([1] * 25, 15, True)
    assert len(page.encode()) < 28_000  # the script and style are ~22 kB of it


def test_a_pack_page_carries_each_levels_fewest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pack.html"
    pack = SAMPLES / "packs" / "classic-5x5-1-to-15.json"
    status, text, _ = run_cli(capsys, "share", str(pack), "-o", str(out), "--json")
    assert status == 0
    summary = json.loads(text)
    assert summary["levels"] == 15
    assert summary["hints"] is True
    levels = _data(out.read_text(encoding="utf-8"))["levels"]
    assert isinstance(levels, list)
    assert [level["fewest"] for level in levels] == list(range(1, 16))


def test_big_boards_play_without_hints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "b.txt"
    board.write_text(("1" * 21 + "\n") * 20)  # 420 buttons: past the hint tables' limit
    out = tmp_path / "b.html"
    status, text, _ = run_cli(capsys, "share", str(board), "-o", str(out))
    assert status == 0
    assert "no hints" in text
    data = _data(out.read_text(encoding="utf-8"))["board"]
    assert isinstance(data, dict)
    assert data["hints"] is None


def test_tables_round_trip_and_solve() -> None:
    rng = np.random.default_rng(1)
    for q in (2, 3, 4, 16, 251):
        matrix = rng.integers(0, q, (7, 7))
        assert decode(encode(matrix, q), q, 7) == matrix.tolist()
    tables = hint_tables(rectangle(4, 4).to_system())
    assert tables is not None
    assert tables["kernel"] == 16


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["share", "missing.json", "-o", "{out}/a.html"], "missing.json"),
        (["share", str(SAMPLES / "classic-5x5.txt"), "-o", "{out}/a.png"], ".html"),
        (["share", str(SAMPLES / "classic-5x5.txt"), "-o", "{out}/none/a.html"], "no such folder"),
        (
            ["share", str(SAMPLES / "packs" / "classic-5x5-1-to-15.json"), "--states", "3",
             "-o", "{out}/a.html"],
            "level pack",
        ),
    ],
)  # fmt: skip
def test_bad_input_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    line = fails_cleanly(capsys, *(a.replace("{out}", str(tmp_path)) for a in argv))
    assert says in line
    assert not list(tmp_path.iterdir())


def test_a_bad_file_leaves_the_old_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.html"
    out.write_text("old")
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    fails_cleanly(capsys, "share", str(bad), "-o", str(out))
    assert out.read_text() == "old"


def test_a_name_cannot_break_out_of_the_page(tmp_path: Path) -> None:
    from lograph.core.share.page import board_page, page_html, plain_drawing

    board = rectangle(2, 2)
    board.name = "</script><script>alert(1)</script> & <b>"
    page = page_html(board_page(board, plain_drawing(board)))
    assert page.count("</script>") == 2  # the data's and the code's own
    assert (
        "<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;</title>"
        in page
    )
    assert _data(page)["title"] == board.name
