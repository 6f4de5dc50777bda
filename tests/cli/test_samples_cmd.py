"""``lograph samples`` and the ``sample:NAME`` board argument of every command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lograph.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "lograph" / "samples"
BOARD_SUFFIXES = {".txt", ".json", ".graphml", ".g6"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_list_names_every_board_file_in_the_package(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "samples", "--json")
    assert status == 0
    names = [row["name"] for row in json.loads(out)["samples"]]
    expected = sorted(p.name for p in SAMPLES.iterdir() if p.suffix in BOARD_SUFFIXES)
    classic = sorted(f"classic/{p.name}" for p in (SAMPLES / "classic").iterdir())
    assert names == expected + classic


def test_list_counts_match_the_grid_files(capsys: pytest.CaptureFixture[str]) -> None:
    # An m×n grid of cells has m·n buttons and m(n-1) + n(m-1) edges; states from the header.
    status, out, _ = run(capsys, "samples", "--json")
    assert status == 0
    rows = {row["name"]: row for row in json.loads(out)["samples"]}
    for name, m, states in [("classic-5x5.txt", 5, 2), ("three-state-4x4.txt", 4, 3)]:
        assert (rows[name]["buttons"], rows[name]["edges"], rows[name]["states"]) == (
            m * m,
            2 * m * (m - 1),
            states,
        )
    assert (rows["petersen.g6"]["buttons"], rows["petersen.g6"]["edges"]) == (10, 15)


def test_list_text_has_one_line_per_sample(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "samples")
    assert status == 0
    lines = out.splitlines()
    top = sum(1 for p in SAMPLES.iterdir() if p.suffix in BOARD_SUFFIXES)
    assert len(lines) == top + len(list((SAMPLES / "classic").iterdir()))
    classic = next(line for line in lines if line.startswith("classic-5x5.txt "))
    assert classic.split() == ["classic-5x5.txt", "25", "buttons", "40", "edges", "2", "states"]


def test_copy_writes_the_same_bytes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "mine.txt"
    status, _, _ = run(capsys, "samples", "classic-5x5.txt", "-o", str(target))
    assert status == 0
    assert target.read_bytes() == (SAMPLES / "classic-5x5.txt").read_bytes()


def test_copy_to_stdout(capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["samples", "petersen.g6"]) == 0
    assert capfdbinary.readouterr().out == (SAMPLES / "petersen.g6").read_bytes()


def test_copy_never_overwrites(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "mine.txt"
    target.write_text("keep me\n")
    status, out, err = run(capsys, "samples", "classic-5x5.txt", "-o", str(target))
    assert status == 2
    assert out == ""
    assert target.read_text() == "keep me\n"
    assert err.count("\n") == 1
    assert "exists" in err


@pytest.mark.parametrize(
    "argv",
    [["samples", "no-such-board.txt"], ["analyze", "sample:no-such-board.txt"]],
)
def test_unknown_sample_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "no such sample board" in err
    assert "classic-5x5.txt" in err  # the message lists what there is


def test_output_without_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "samples", "-o", "x.txt")
    assert status == 2
    assert "NAME" in err


def test_sample_prefix_reads_the_packaged_board(capsys: pytest.CaptureFixture[str]) -> None:
    # The same output as the file itself: classic 5×5 has rank 23, nullity 2 (published).
    status, via_prefix, _ = run(capsys, "analyze", "sample:classic-5x5.txt", "--json")
    assert status == 0
    status, via_file, _ = run(capsys, "analyze", str(SAMPLES / "classic-5x5.txt"), "--json")
    assert status == 0
    assert via_prefix == via_file
    data = json.loads(via_prefix)
    assert (data["buttons"], data["rank"], data["nullity"]) == (25, 23, 2)


def test_sample_prefix_in_convert(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "petersen.json"
    status, _, _ = run(capsys, "convert", "sample:petersen.g6", str(target), "--json")
    assert status == 0
    data = json.loads(target.read_text())
    assert len(data["nodes"]) == 10
