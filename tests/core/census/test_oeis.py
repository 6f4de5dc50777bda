"""OEIS A334443 and A334444 (graphs whose Lights Out has a unique solution: A + I invertible
over GF(2)) from geng's streams, n ≤ 8; all graphs agree with the Euler transform of the
connected ones. Needs nauty's geng (a failure, not a skip, under CI)."""

from __future__ import annotations

from pathlib import Path

from lograph.core.census.compose import all_graphs
from lograph.core.census.pieces import PieceJournal, run_pieces, summary_params
from lograph.core.census.sources import GengSource
from lograph.core.census.stream import Counts
from tests.core.census.geng import geng_or_skip

A334443 = [1, 0, 1, 2, 9, 33, 290, 3692]  # connected, n = 1..8
#: the Euler transform of A334443's terms (A334443 is the inverse Euler transform of A334444)
A334444 = [1, 1, 2, 4, 13, 47, 339, 4043]
CONNECTED = [1, 1, 2, 6, 21, 112, 853, 11117]  # A001349
ALL = [1, 2, 4, 11, 34, 156, 1044, 12346]  # A000088


def _census(tmp_path: Path, n: int, *options: str) -> Counts:
    source = GengSource(n, options, None, 3)
    journal = PieceJournal(tmp_path / f"{n}{''.join(options)}.csv", summary_params(source, None))
    return run_pieces(source, journal)


def test_unique_solutions_connected_and_all_graphs(tmp_path: Path) -> None:
    geng_or_skip()
    connected, every = Counts(), Counts()
    for n in range(1, 9):
        connected.add(_census(tmp_path, n, "-c"))
        every.add(_census(tmp_path, n))
    assert [int(connected.hist[n].sum()) for n in range(1, 9)] == CONNECTED
    assert [int(every.hist[n].sum()) for n in range(1, 9)] == ALL
    assert [int(connected.hist[n, :, 0, :].sum()) for n in range(1, 9)] == A334443
    assert [int(every.hist[n, :, 0, :].sum()) for n in range(1, 9)] == A334444
    assert sorted(all_graphs(connected, 8).rows()) == sorted(every.rows())
