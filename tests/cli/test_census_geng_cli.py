"""``lograph census geng`` and ``census graph6 --summary``: counts by vertices, edges and
both nullities; --where to graph6; resuming by pieces; a missing geng; bad arguments."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

from lograph.cli import main
from lograph.core.census.pieces import journal_path
from tests.cli.helpers import fails_cleanly
from tests.core.census.geng import geng_lines, geng_or_skip

HEADER = "vertices,edges,nullity_closed,nullity_open,graphs"


def _rows(path: Path) -> list[dict[str, int]]:
    with path.open(newline="") as handle:
        return [{k: int(v) for k, v in row.items()} for row in csv.DictReader(handle)]


def _unique(path: Path) -> int:
    return sum(r["graphs"] for r in _rows(path) if r["nullity_closed"] == 0)


def test_geng_counts_match_a_graph6_file_of_the_same_graphs(tmp_path: Path) -> None:
    geng_or_skip()
    assert main(["census", "geng", "7", "-c", "-o", str(tmp_path / "geng.csv")]) == 0
    (tmp_path / "g7.g6").write_bytes(geng_lines("-c", "7"))
    args = ["census", "graph6", str(tmp_path / "g7.g6"), "--summary", "--pieces", "5"]
    assert main([*args, "-o", str(tmp_path / "file.csv")]) == 0
    text = (tmp_path / "geng.csv").read_text()
    assert text.startswith(HEADER + "\n")
    assert text == (tmp_path / "file.csv").read_text()
    assert sum(r["graphs"] for r in _rows(tmp_path / "geng.csv")) == 853
    assert _unique(tmp_path / "geng.csv") == 290  # OEIS A334443(7)
    assert not journal_path(tmp_path / "geng.csv").exists()


def test_pieces_jobs_and_edge_ranges(tmp_path: Path) -> None:
    geng_or_skip()
    one, many = tmp_path / "one.csv", tmp_path / "many.csv"
    assert main(["census", "geng", "8", "6:9", "-o", str(one)]) == 0
    assert main(["census", "geng", "8", "6:9", "-o", str(many), "--pieces", "7",
                 "--jobs", "2"]) == 0  # fmt: skip
    assert one.read_text() == many.read_text()
    assert {r["edges"] for r in _rows(one)} == {6, 7, 8, 9}


def test_where_writes_the_matching_graphs(tmp_path: Path) -> None:
    geng_or_skip()
    target = tmp_path / "unique.g6"
    args = ["census", "geng", "6", "-c", "--where", "nullity=0", "-o", str(target)]
    assert main([*args, "--pieces", "3"]) == 0
    graphs = [nx.from_graph6_bytes(line) for line in target.read_bytes().splitlines()]
    assert len(graphs) == 33  # A334443(6)
    assert all(nx.is_connected(g) for g in graphs)


def test_resuming_counts_each_piece_once(tmp_path: Path) -> None:
    geng_or_skip()
    whole, table = tmp_path / "whole.csv", tmp_path / "t.csv"
    assert main(["census", "geng", "8", "-c", "--pieces", "6", "-o", str(whole)]) == 0
    # an interrupted run: the journal of a run killed after two pieces, one of them recorded
    # twice (a retried task) and a cut-off line (kill -9 while writing)
    from lograph.core.census.pieces import PieceJournal, summary_params
    from lograph.core.census.sources import GengSource, count_piece

    source = GengSource(8, ("-c",), None, 6)
    journal = PieceJournal(table, summary_params(source, None))
    for piece in (1, 4, 1):
        journal.record(count_piece(source, piece))
    with journal.path.open("a") as handle:
        handle.write('{"done":{"piece":2,"rows":[[8,')
    lines = journal.path.read_text().count("\n")
    assert lines == 3  # the duplicate was not written
    assert main(["census", "geng", "8", "-c", "--pieces", "6", "-o", str(table)]) == 0
    assert table.read_text() == whole.read_text()
    assert not journal.path.exists()


def test_another_census_on_an_unfinished_table_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    geng_or_skip()
    table = tmp_path / "t.csv"
    journal_path(table).write_text(json.dumps({"params": {"other": 1}}) + "\n")
    err = fails_cleanly(capsys, "census", "geng", "5", "-o", str(table))
    assert "unfinished census with other parameters" in err
    journal_path(table).unlink()
    table.write_text("finished\n")
    assert "already exists" in fails_cleanly(capsys, "census", "geng", "5", "-o", str(table))


def test_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    data = b"".join(nx.to_graph6_bytes(g, header=False) for g in nx.graph_atlas_g()[1:53])
    stdin = io.TextIOWrapper(io.BufferedReader(io.BytesIO(data)))  # type: ignore[arg-type]
    monkeypatch.setattr(sys, "stdin", stdin)
    table = tmp_path / "t.csv"
    assert main(["census", "graph6", "-", "--summary", "-o", str(table)]) == 0
    assert sum(r["graphs"] for r in _rows(table)) == 52  # every graph on 1..5 vertices
    assert "52 graphs" in capsys.readouterr().out


def test_parquet_and_plot(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    pytest.importorskip("matplotlib")
    import pyarrow.parquet as pq

    path = tmp_path / "g.g6"
    path.write_bytes(b"".join(nx.to_graph6_bytes(g, header=False) for g in nx.graph_atlas_g()))
    args = ["census", "graph6", str(path), "--summary", "--plot", str(tmp_path / "p.png")]
    assert main([*args, "-o", str(tmp_path / "t.parquet")]) == 0
    table = pq.read_table(tmp_path / "t.parquet").to_pydict()
    assert list(table) == HEADER.split(",")
    assert sum(table["graphs"]) == 1253
    assert (tmp_path / "p.png").read_bytes().startswith(b"\x89PNG")


def test_a_missing_geng_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    err = fails_cleanly(capsys, "census", "geng", "5", "-o", str(tmp_path / "t.csv"))
    assert "apt-get install nauty" in err
    assert not (tmp_path / "t.csv").exists()
    assert not journal_path(tmp_path / "t.csv").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["geng", "63"], "from 1 to 62"),
        (["geng", "x"], "from 1 to 62"),
        (["geng", "5", "3-4"], "edge range"),
        (["geng", "5", "1:2", "3"], "N [MINE:MAXE]"),
        (["geng", "5", "-d", "9"], "degree"),
        (["geng", "5", "--states", "3"], "--states"),
        (["geng", "5", "--pieces", "0"], "--pieces"),
        (["geng", "5", "--where", "nullity=0"], "-o FILE.g6"),
        (["geng", "5", "--where", "colour=1", "-o", "X.g6"], "--where"),
        (["graph6", "nofile.g6", "--summary"], "no such file"),
        (["graph6", "-", "--summary", "--jobs", "2"], "standard input"),
        (["rectangle", "3", "3", "--summary"], "FAMILY is graph6 or geng"),
        (["graph6", "-", "--summary", "-c"], "geng options"),
        (["rectangle", "3", "3", "-D", "2"], "geng options"),
    ],
)
def test_bad_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    argv = ["census", *args]
    if "-o" not in argv:
        argv += ["-o", str(tmp_path / "t.csv")]
    else:
        argv[argv.index("-o") + 1] = str(tmp_path / argv[argv.index("-o") + 1])
    if args[0] == "geng":
        geng_or_skip()
    assert message in fails_cleanly(capsys, *argv)
    assert list(tmp_path.iterdir()) == []


def test_dask_workers_give_the_same_counts(tmp_path: Path) -> None:
    geng_or_skip()
    distributed = pytest.importorskip("distributed")
    one, far = tmp_path / "one.csv", tmp_path / "dask.csv"
    assert main(["census", "geng", "8", "-c", "--pieces", "5", "-o", str(one)]) == 0
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        args = ["census", "geng", "8", "-c", "--pieces", "5", "-o", str(far)]
        assert main([*args, "--dask", cluster.scheduler_address]) == 0
    assert far.read_text() == one.read_text()


def test_euler_gives_all_graphs_from_connected_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    geng_or_skip()
    tables = []
    for n in range(1, 7):
        tables.append(str(tmp_path / f"c{n}.csv"))
        assert main(["census", "geng", str(n), "-c", "-o", tables[-1]]) == 0
    assert main(["census", "euler", *tables, "-o", str(tmp_path / "e.csv")]) == 0
    assert "6 vertices: 156 graphs, 47 with A+I invertible" in capsys.readouterr().out
    every = Counter()  # type: ignore[var-annotated]
    for n in range(1, 7):
        assert main(["census", "geng", str(n), "-o", str(tmp_path / f"a{n}.csv")]) == 0
        every.update({tuple(r.values()): 1 for r in _rows(tmp_path / f"a{n}.csv")})
    assert Counter({tuple(r.values()): 1 for r in _rows(tmp_path / "e.csv")}) == every
    err = fails_cleanly(capsys, "census", "euler", *tables[1:], "-o", str(tmp_path / "x.csv"))
    assert "missing [1]" in err


def test_where_with_a_relative_output_and_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    geng_or_skip()
    monkeypatch.chdir(tmp_path)
    args = ["census", "geng", "7", "-c", "--where", "closed=0,open=1", "--pieces", "3"]
    assert main([*args, "-o", "one.g6"]) == 0
    assert main([*args, "-o", "two.g6", "--jobs", "2"]) == 0
    assert (tmp_path / "two.g6").read_bytes() == (tmp_path / "one.g6").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.g6", "two.g6"]
