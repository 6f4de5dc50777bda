"""Pieces as Dask tasks on a real `distributed.LocalCluster` of worker processes: the same
counts as one process, and a worker lost in the middle of a piece has that piece redone on
another worker and counted once."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from lograph.core.census.pieces import PieceJournal, run_pieces, summary_params
from lograph.core.census.sources import FileSource

PIECES = 6
DOOMED = 2  # the piece whose first worker dies


def _die_once(marker: str, work: Callable[..., Any], *args: Any) -> Any:
    """Run `work`, except that the first run of piece `DOOMED` kills its worker process."""
    if args[1] == DOOMED:
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            pass
        else:
            os._exit(1)  # the worker is gone: no result, no exception, as a kill -9
    return work(*args)


class _DyingExecutor(Executor):
    def __init__(self, client: Any, marker: str) -> None:
        self._client = client
        self._marker = marker

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        executor = self._client.get_executor(pure=False)
        return executor.submit(_die_once, self._marker, fn, *args)  # type: ignore[no-any-return]


def _source(tmp_path: Path) -> FileSource:
    path = tmp_path / "g.g6"
    path.write_bytes(b"".join(nx.to_graph6_bytes(g, header=False) for g in nx.graph_atlas_g()))
    return FileSource(str(path), path.stat().st_size, PIECES)


def test_a_lost_worker_has_its_piece_redone_and_counted_once(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    source = _source(tmp_path)
    params = summary_params(source, None)
    expected = sorted(run_pieces(source, PieceJournal(tmp_path / "one.csv", params)).rows())
    marker = str(tmp_path / "died")
    journal = PieceJournal(tmp_path / "dask.csv", params)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:  # fmt: skip
        counts = run_pieces(source, journal, executor=_DyingExecutor(client, marker), window=3)
    assert os.path.exists(marker)  # a worker did die in piece DOOMED
    assert sorted(counts.rows()) == expected
    assert sum(r[4] for r in counts.rows()) == 1253
    lines = journal.path.read_text().splitlines()
    assert len(lines) == 1 + PIECES  # the parameters, then each piece once
