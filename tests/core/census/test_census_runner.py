"""Running a census: an interrupted and resumed run gives the uninterrupted table, with no
row twice; a process pool and a Dask cluster give the same rows as one process."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import networkx as nx
import pytest

from lograph.core.census.families import Family, parse_family
from lograph.core.census.rows import CensusSpec, columns_for
from lograph.core.census.runner import CensusCounts, process_pool, run_census, stop_pool
from lograph.core.census.table import DoneKeys, TableWriter, sidecar_path
from lograph.core.errors import InterruptedComputation, LographError

PARAMS = {"family": "test"}


def _census(path: Path, family: Family, **options: object) -> CensusCounts:
    table = TableWriter(path, columns_for(family.name), PARAMS)
    finished = False
    try:
        counts = run_census(family, CensusSpec(), table, **options)  # type: ignore[arg-type]
        finished = True
    finally:
        table.close(finished)
    return counts


def _graph6_file(tmp_path: Path) -> Path:
    path = tmp_path / "small.g6"
    graphs = [g for g in nx.graph_atlas_g() if g.number_of_nodes() <= 5]
    path.write_bytes(b"".join(nx.to_graph6_bytes(g, header=False) for g in graphs))
    return path


def _counter() -> tuple[dict[str, int], Callable[[CensusCounts], None]]:
    """A progress callback counting the rows in the table (old and new)."""
    seen = {"rows": 0}

    def progress(counts: CensusCounts) -> None:
        seen["rows"] = counts.written + counts.skipped

    return seen, progress


@pytest.mark.parametrize("family", ["rectangle", "graph6"])
def test_an_interrupted_census_resumes_to_the_uninterrupted_table(
    tmp_path: Path, family: str
) -> None:
    parsed = (
        parse_family("rectangle", ["1-6", "1-5"])
        if family == "rectangle"
        else parse_family("graph6", [str(_graph6_file(tmp_path))])
    )
    whole = tmp_path / "whole.csv"
    _census(whole, parsed)
    resumed = tmp_path / "resumed.csv"
    for stop in (7, 19):  # two interruptions, then a run to the end
        seen, progress = _counter()
        cancel = lambda s=seen, n=stop: s["rows"] >= n  # noqa: E731
        with pytest.raises(InterruptedComputation):
            _census(resumed, parsed, cancel=cancel, progress=progress)
        assert sidecar_path(resumed).exists()
    counts = _census(resumed, parsed)
    assert (counts.skipped, counts.written) == (19, (parsed.count or 53) - 19)
    assert resumed.read_text() == whole.read_text()
    assert not sidecar_path(resumed).exists()


def test_a_cut_off_last_line_is_dropped_before_resuming(tmp_path: Path) -> None:
    family = parse_family("rectangle", ["1-4", "1-4"])
    whole = tmp_path / "whole.csv"
    _census(whole, family)
    lines = whole.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.csv"
    cut.write_text("".join(lines[:6]) + lines[6][:9])  # a crash in the middle of a row
    sidecar_path(cut).write_text(json.dumps(PARAMS))
    _census(cut, family)
    assert cut.read_text() == whole.read_text()
    names = [row[0] for row in csv.reader(cut.open())]
    assert len(names) == len(set(names))
    cut.write_text(lines[0][:7])  # a crash while the header was written
    sidecar_path(cut).write_text(json.dumps(PARAMS))
    _census(cut, family)
    assert cut.read_text() == whole.read_text()


def test_another_census_or_a_finished_table_is_never_appended_to(tmp_path: Path) -> None:
    family = parse_family("rectangle", ["1-2", "1-2"])
    path = tmp_path / "t.csv"
    seen, progress = _counter()
    with pytest.raises(InterruptedComputation):
        _census(path, family, cancel=lambda: seen["rows"] >= 1, progress=progress)
    with pytest.raises(LographError, match="unfinished census of other boards"):
        TableWriter(path, columns_for("rectangle"), {"family": "torus"})
    _census(path, family)
    before = path.read_text()
    with pytest.raises(LographError, match="already exists and is not an unfinished census"):
        TableWriter(path, columns_for("rectangle"), PARAMS)
    assert path.read_text() == before


def test_done_keys_hold_line_numbers_in_a_bitmap() -> None:
    keys = DoneKeys(numeric=True)
    for key in ("1", "9", "100000"):
        keys.add(key)
    assert [k in keys for k in ("1", "2", "9", "100000", "100001")] == [
        True,
        False,
        True,
        True,
        False,
    ]
    assert "10000000" not in keys


def test_two_worker_processes_give_the_same_rows(tmp_path: Path) -> None:
    families = [
        parse_family("rectangle", ["1-7", "1-4"]),
        parse_family("graph6", [str(_graph6_file(tmp_path))]),
    ]
    pool = process_pool(2)
    try:
        for i, family in enumerate(families):
            _census(tmp_path / f"one{i}.csv", family)
            _census(tmp_path / f"two{i}.csv", family, executor=pool, window=3)
            assert (tmp_path / f"two{i}.csv").read_text() == (tmp_path / f"one{i}.csv").read_text()
    finally:
        stop_pool(pool)


def test_a_dask_cluster_gives_the_same_rows(tmp_path: Path) -> None:
    import distributed

    family = parse_family("graph6", [str(_graph6_file(tmp_path))])
    _census(tmp_path / "one.csv", family)
    with distributed.Client(processes=False, n_workers=1, dashboard_address=None) as client:
        _census(tmp_path / "dask.csv", family, executor=client.get_executor(pure=False))
    assert (tmp_path / "dask.csv").read_text() == (tmp_path / "one.csv").read_text()


def test_the_input_is_read_lazily_in_bounded_batches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long graph6 file is never read whole: when the first rows are written, at most
    `window` batches of lines have been taken from the reader."""
    from concurrent.futures import ThreadPoolExecutor

    from lograph.core.census import families
    from lograph.core.census.runner import batch_size_for

    path = tmp_path / "many.g6"
    path.write_bytes(b"@\n" * 2_000)
    pulled = {"lines": 0, "at_first_write": -1}
    reader = families._graph6_cases

    def counting(source: str) -> Iterator[families.Case]:
        for case in reader(source):
            pulled["lines"] += 1
            yield case

    def progress(counts: CensusCounts) -> None:
        if pulled["at_first_write"] < 0:
            pulled["at_first_write"] = pulled["lines"]

    monkeypatch.setattr(families, "_graph6_cases", counting)
    family = parse_family("graph6", [str(path)])
    with ThreadPoolExecutor(1) as pool:
        counts = _census(tmp_path / "t.csv", family, executor=pool, window=3, progress=progress)
    assert counts.written == pulled["lines"] == 2_000
    assert 0 < pulled["at_first_write"] <= 3 * batch_size_for(family)
