"""A board is what its file says: a directed board stays directed through every reader
(even when each arc has its reverse, or there are none), and its arcs count one by one.
Also pinned here: how a ``.txt`` grid reads blank lines (documented in ``ascii_grid``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lograph.cli import main
from lograph.core.files import read_board, read_system
from lograph.core.files.ascii_grid import parse

ARCS = {
    "paired": [("a", "b"), ("b", "a"), ("b", "c"), ("c", "b")],
    "none": [],
}


def _directed_file(tmp_path: Path, arcs: list[tuple[str, str]]) -> Path:
    doc = {
        "format": "lograph",
        "version": 1,
        "name": "arcs",
        "rule": "closed",
        "states": 2,
        "directed": True,
        "multigraph": False,
        "graph": {},
        "nodes": [{"id": v, "pos": [i, 0], "light": 0} for i, v in enumerate("abc")],
        "links": [{"source": u, "target": v} for u, v in arcs],
    }
    path = tmp_path / "arcs.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", sorted(ARCS))
def test_a_directed_file_is_reported_directed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path = _directed_file(tmp_path, ARCS[kind])
    arcs = len(ARCS[kind])
    for system in (read_system(path), read_board(path).to_system()):
        assert system.directed
        assert system.edge_count == arcs
    assert main(["analyze", str(path), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["directed"] is True
    assert figures["edges"] == arcs
    assert main(["analyze", str(path), "--json", "--rule", "open"]) == 0
    assert json.loads(capsys.readouterr().out)["directed"] is True
    for fmt in ("graphml", "json"):  # converted (both readers) and read back: still directed
        copy = tmp_path / f"copy.{fmt}"
        assert main(["convert", str(path), str(copy)]) == 0
        capsys.readouterr()
        assert read_system(copy).directed
        assert read_system(copy).edge_count == arcs


def test_an_undirected_board_stays_undirected(tmp_path: Path) -> None:
    path = tmp_path / "u.txt"
    path.write_text("111\n")
    system = read_system(path)
    assert not system.directed
    assert system.edge_count == 2
    assert not system.with_rule("open").directed


def test_blank_lines_around_a_grid_are_skipped_and_inside_are_rows_of_holes() -> None:
    """The format's rule (ascii_grid's docstring, docs/limits-and-output.md): blank lines
    before the first row and after the last are not rows; one between rows is a row of
    holes, as a row of '.' is."""
    blank_inside = parse("x.txt", "\n\n11\n\n11\n\n")
    dotted = parse("x.txt", "11\n.\n11\n")
    assert blank_inside.mask.tolist() == dotted.mask.tolist()
    assert blank_inside.mask.tolist() == [[True, True], [False, False], [True, True]]
