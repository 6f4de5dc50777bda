"""``lograph puzzle``: packs checked by brute force; ``--check``; bad input."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from lograph.cli import main
from lograph.core.files.level_pack import read_level_pack
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from tests.cli.helpers import board_file
from tests.references import brute_force_fewest, code_of, press_matrix


def fails(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command that must fail with status 2 and one clean line; that line."""
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.startswith("lograph: error: "), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


def test_pack_levels_match_brute_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = rectangle(4, 4)
    pack = tmp_path / "pack.json"
    argv = ["puzzle", board_file(tmp_path, board), "--presses", "2-7", "--count", "10"]
    assert main([*argv, "--seed", "4", "-o", str(pack)]) == 0
    assert "wrote" in capsys.readouterr().out
    fewest, count = brute_force_fewest(press_matrix(board), 2)
    levels = read_level_pack(pack).levels
    assert [lv.fewest for lv in levels] == [2, 3, 3, 4, 4, 5, 5, 6, 6, 7]  # rising
    for level in levels:
        code = code_of(level.lights, 2)  # −x = x over GF(2)
        assert (fewest[code], count[code] == 1) == (level.fewest, level.unique)
    assert main(["puzzle", "--check", str(pack)]) == 0
    assert "10 levels verified" in capsys.readouterr().out
    assert int(fewest.max()) == 7  # the worst position: 8 presses is refused
    out = str(tmp_path / "other.json")
    assert "the worst position needs 7" in fails(capsys, *argv[:2], "--presses", "8", "-o", out)


def test_unique_and_seeded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = board_file(tmp_path, rectangle(3, 4, states=3))
    texts = []
    for name in ("a.json", "b.json"):
        argv = ["puzzle", board, "--presses", "6", "--count", "3", "--unique", "--seed", "7"]
        assert main([*argv, "-o", str(tmp_path / name)]) == 0
        texts.append((tmp_path / name).read_text())
    assert texts[0] == texts[1]
    doc = json.loads(texts[0])
    assert [lv["fewest"] for lv in doc["levels"]] == [6, 6, 6]
    assert all(lv["unique"] for lv in doc["levels"])
    a = press_matrix(rectangle(3, 4, states=3))
    fewest, count = brute_force_fewest(a, 3)
    for level in read_level_pack(tmp_path / "a.json").levels:
        code = code_of((-level.lights.astype(np.int64)) % 3, 3)
        assert (fewest[code], count[code]) == (6, 1)


def test_impossible_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = board_file(tmp_path, rectangle(5, 5))
    out = tmp_path / "pack.json"
    err = fails(capsys, "puzzle", board, "--presses", "16", "-o", str(out))
    assert "no position needs 16 presses: the worst position needs 15 (exact)" in err
    err = fails(capsys, "puzzle", board, "--presses", "26", "-o", str(out))
    assert "at most 25" in err
    # 14 presses with a unique optimum: none exists on the 5×5 board
    err = fails(
        capsys, "puzzle", board, "--presses", "14", "--unique", "--tries", "50", "-o", str(out)
    )
    assert "found 0 of 1 positions after 50 tries" in err
    assert "nothing written" in err
    # the 3×3 board has one position needing all 9 presses, so a second cannot be found
    small = board_file(tmp_path, rectangle(3, 3), "small.json")
    err = fails(capsys, "puzzle", small, "--presses", "9", "--count", "2", "-o", str(out))
    assert "found 1 of 2" in err
    assert not out.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["--presses", "x"],
        ["--presses", "9-3"],
        ["--presses", "3", "--count", "0"],
        ["--presses", "3", "--count", "9" * 50],
        ["--presses", "3", "--seed", "-1"],
        ["--presses", "3", "-o", ""],
    ],
)
def test_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list) -> None:
    board = board_file(tmp_path, rectangle(2, 2))
    with pytest.raises(SystemExit) as caught:
        main(["puzzle", board, *argv])
    assert caught.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_missing_parts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = board_file(tmp_path, rectangle(2, 2))
    assert "needs --presses" in fails(capsys, "puzzle", board, "-o", str(tmp_path / "p.json"))
    assert "needs -o" in fails(capsys, "puzzle", board, "--presses", "2")
    assert "needs a BOARD" in fails(capsys, "puzzle", "--presses", "2")
    assert "only the pack" in fails(capsys, "puzzle", board, "--check", board)
    assert "board file being read" in fails(capsys, "puzzle", board, "--presses", "1", "-o", board)


def test_check_finds_wrong_levels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = board_file(tmp_path, rectangle(4, 4))
    pack = tmp_path / "pack.json"
    assert main(["puzzle", board, "--presses", "3-5", "-o", str(pack)]) == 0
    doc = json.loads(pack.read_text())
    doc["levels"][1]["fewest"] += 1
    pack.write_text(json.dumps(doc))
    err = fails(capsys, "puzzle", "--check", str(pack))
    assert "level 2 says fewest 5" in err
    assert "needs 4" in err
    doc["levels"][1]["fewest"] -= 1
    doc["levels"][0]["unique"] = not doc["levels"][0]["unique"]
    pack.write_text(json.dumps(doc))
    assert "level 1 says" in fails(capsys, "puzzle", "--check", str(pack))
    doc["levels"][0]["lights"] = {"r0c0": 1}  # 4×4 has nullity 4: one light is unsolvable
    pack.write_text(json.dumps(doc))
    assert "level 1 cannot be cleared" in fails(capsys, "puzzle", "--check", str(pack))
    pack.write_text('{"format": "lograph-pack", "version": 7}')
    assert "unsupported version 7" in fails(capsys, "puzzle", "--check", str(pack))
    assert "this is a board file" in fails(capsys, "puzzle", "--check", board)


def test_shipped_packs_verify(capsys: pytest.CaptureFixture[str]) -> None:
    packs = sorted((Path(__file__).resolve().parents[2] / "lograph/samples/packs").glob("*.json"))
    assert len(packs) == 2
    for pack in packs:
        assert main(["puzzle", "--check", str(pack)]) == 0
        assert "0 alike under symmetry" in capsys.readouterr().out


def test_unprovable_board_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 30 buttons that change nothing: nullity 30, beyond the exact fewest-presses search
    board = board_file(tmp_path, Board.from_graph(nx.empty_graph(30), rule="open"))
    out = tmp_path / "pack.json"
    err = fails(capsys, "puzzle", board, "--presses", "0", "-o", str(out))
    assert "nullity 30 is too large" in err
    assert not out.exists()
