"""Progress bars: drawn on a terminal up to 100 %, silent in pipes and with --json."""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys

import pytest

from lograph.cli.progress import progress_bar
from lograph.core.model.generators import rectangle
from lograph.core.optimize.histogram._counting import press_histogram
from lograph.core.optimize.worst._search import worst_position
from lograph.core.work import Work
from tests.references import kernel_size_mod_k, press_matrix


def _args(json: bool = False) -> argparse.Namespace:
    return argparse.Namespace(json=json)


def test_histogram_bar_reaches_100_percent_on_a_terminal() -> None:
    out = io.StringIO()
    with progress_bar(_args(), "histogram", stream=out, force=True, delay=0) as hook:
        counts = press_histogram(rectangle(2, 6, states=4), work=Work(progress=hook))  # Z_4: walked
    quiet = kernel_size_mod_k(press_matrix(rectangle(2, 6, states=4)), 4)
    assert sum(counts) == 4**12 // quiet  # one count per solvable position
    text = out.getvalue()
    assert "histogram" in text
    assert "100%" in text
    assert f"{4**12}/{4**12}" in text


def test_histogram_by_classes_bar_reaches_100_percent() -> None:
    out = io.StringIO()
    with progress_bar(_args(), "histogram", stream=out, force=True, delay=0) as hook:
        counts = press_histogram(
            rectangle(5, 5), work=Work(progress=hook)
        )  # counted by quiet classes
    assert len(counts) - 1 == 15  # published: the 5×5 God's number
    assert "100%" in out.getvalue()


def test_worst_bar_reaches_100_percent_when_done_early() -> None:
    out = io.StringIO()
    with progress_bar(_args(), "worst", stream=out, force=True, delay=0) as hook:
        # a limit far past the work (a fraction of a second): the search ends early on any
        # machine, however loaded, and the bar must still say 100%
        result = worst_position(rectangle(5, 5), work=Work(progress=hook).within(600))
    assert result.worst_presses == 15  # published: the 5×5 God's number
    assert "100%" in out.getvalue()


def test_no_bar_in_a_pipe_or_with_json() -> None:
    out = io.StringIO()  # not a terminal
    with progress_bar(_args(), "histogram", stream=out, delay=0) as hook:
        assert hook is None
    with progress_bar(_args(json=True), "histogram", stream=out, delay=0) as hook:
        assert hook is None
    assert out.getvalue() == ""


def test_interrupted_work_wipes_the_bar() -> None:
    out = io.StringIO()

    def interrupted_work() -> None:
        with progress_bar(_args(), "worst", stream=out, force=True, delay=0) as hook:
            assert hook is not None
            hook(3, 10)
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        interrupted_work()
    assert out.getvalue().endswith("\r")  # tqdm's clearing of the line it drew


def test_a_pseudo_terminal_gets_a_bar_and_a_pipe_does_not() -> None:
    from lograph.cli.progress import wants_bar

    leader, follower = os.openpty()
    with os.fdopen(follower, "w") as terminal:
        assert wants_bar(_args(), terminal)
        assert not wants_bar(_args(json=True), terminal)
    os.close(leader)
    reader, writer = os.pipe()
    with os.fdopen(writer, "w") as pipe:
        assert not wants_bar(_args(), pipe)
    os.close(reader)


def test_cli_in_a_pipe_prints_no_bar() -> None:
    piped = subprocess.run(
        [sys.executable, "-m", "lograph", "worst", "sample:classic-5x5.txt"],
        capture_output=True,
        timeout=600,  # a hang guard only
        check=True,
    )
    assert b"15 presses" in piped.stdout
    assert piped.stderr == b""


def test_report_shows_a_bar_for_its_long_steps() -> None:
    """29 buttons all joined, all lit: every pair of presses is quiet (nullity 28, one piece,
    beyond the single transform), so the fewest-presses step searches leaves and reports
    them; one press clears the board."""
    import networkx as nx

    from lograph.core.model.board import Board
    from lograph.core.report.report import board_report

    graph = nx.relabel_nodes(nx.complete_graph(29), str)
    nx.set_node_attributes(graph, 1, "light")
    out = io.StringIO()
    opened: list[str] = []

    def steps(step: str):  # type: ignore[no-untyped-def]
        opened.append(step)
        return progress_bar(_args(), f"report: {step}", stream=out, force=True, delay=0)

    report = board_report(Board.from_graph(graph), steps=steps)
    assert report["nullity"] == 28
    assert report["fewest"]["press_count"] == 1
    assert report["fewest"]["exact"]
    assert opened == ["fewest presses", "worst position"]
    text = out.getvalue()
    assert "report: fewest presses" in text
    assert "100%" in text.split("report: worst position")[0]  # the search's own bar


def test_prefix_transforms_feed_the_fewest_presses_bar(monkeypatch) -> None:
    """Past the walk with more colours the search reports prefix transforms done of all."""
    import numpy as np

    from lograph.core.engines.registry import get_solver
    from lograph.core.model.generators import grid_system
    from lograph.core.optimize.fewest import _fourier as zk_fourier_split
    from lograph.core.optimize.fewest import _past_walk as zk_beyond
    from lograph.core.optimize.fewest._search import fewest_presses

    monkeypatch.setattr(zk_beyond, "FOURIER_LIMIT", 1)
    monkeypatch.setattr(zk_fourier_split, "LOW_LIMIT", 5)
    monkeypatch.setattr(zk_fourier_split, "_BATCH_VALUES", 1)  # a prefix per batch
    monkeypatch.setattr("lograph.core.optimize.fewest._search._WALK_FIRST", 0)
    monkeypatch.setattr("lograph.core.optimize.fewest._search.FOURIER_LIMIT", 1 << 20)
    system = grid_system(11, 11, states=5)  # 5^4 solutions: 125 prefixes of 5
    x0 = np.random.default_rng(1).integers(0, 5, system.n).astype(np.uint8)
    out = io.StringIO()
    reports = []
    with progress_bar(_args(), "fewest presses", unit="transforms", stream=out, force=True,
                      delay=0) as hook:  # fmt: skip
        assert hook is not None

        def both(done: int, total: int) -> None:
            reports.append((done, total))
            hook(done, total)

        found = fewest_presses(get_solver(system), x0, work=Work(progress=both))
    assert (found.exact, found.method) == (True, "fourier")
    assert reports == [(i, 125) for i in range(1, 126)]
    assert "125/125" in out.getvalue()
