"""The table searches cut into pieces (tools/tables/search_pieces.py) and run on a Dask
cluster (tools/tables/cluster.py): the same answers as lograph's one-process searches, a
worker lost mid-piece has its piece redone and counted once, a stopped run resumes from its
journal, and bad input gets one line and status 2."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest

from lograph.core.errors import LographError
from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest import solve_fewest
from lograph.core.optimize.worst import worst_position
from lograph.core.work import Work
from tests.tables.test_checker import _load

cluster = _load("cluster.py")
pieces = cluster.search_pieces

DOOMED = 5  # the piece whose first worker dies


def _die_once(marker: str, work: Callable[..., Any], *args: Any) -> Any:
    """Run `work`, except that the first run of piece `DOOMED` kills its worker process."""
    if args[-1] == DOOMED:
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            pass
        else:
            os._exit(1)  # the worker is gone: no result, no exception, as a kill -9
    return work(*args)


class _DyingExecutor(Executor):
    def __init__(self, client: Any, marker: str) -> None:
        self._executor = client.get_executor(pure=False)
        self._marker = marker

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._executor.submit(_die_once, self._marker, fn, *args)  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as local, distributed.Client(local) as dask_client:  # fmt: skip
        yield dask_client


def _journal(path: Path, plan: Any) -> Any:
    return cluster.SearchJournal(path, {"search": "test", "plan": plan.digest()})


def test_a075464_on_two_workers_with_one_lost_is_the_one_process_answer(
    tmp_path: Path, client: Any
) -> None:
    # 30×30: nullity 20, leaves of 2^14, 64 prefixes in 16 pieces (those holding no
    # orbit's smallest prefix finish at once)
    plan = pieces.leaf_plan(30, 16, low=14)
    assert plan.pieces == 16
    assert plan.high == 6
    marker = str(tmp_path / "died")
    journal = _journal(tmp_path / "a.json", plan)
    results = cluster.run_search(
        16, cluster.shipped(pieces.leaf_piece, (plan, None)), journal,
        executor=_DyingExecutor(client, marker), window=4,
    )  # fmt: skip
    assert os.path.exists(marker)  # a worker did die in piece DOOMED
    lines = journal.path.read_text().splitlines()
    assert len(lines) == 1 + 16  # the parameters, then each piece once
    assert sum(r["work"] for r in results) == plan.leaves  # every orbit's leaf, once
    best = pieces.combine_leaves(results)
    one = solve_fewest(rectangle(30, 30), goal="on")
    assert one.exact
    assert (best["weight"], best["ties"]) == (one.press_count, one.optimal_solutions) == (376, 4)
    pattern = plan.presses(best["combination"])
    assert int(pattern.sum()) == 376
    assert cluster.lights_of(30, pattern) == ["1" * 30] * 30  # it turns every light on
    in_process = pieces.combine_leaves(
        cluster.run_search(16, (pieces.leaf_piece, (plan, None)), _journal(tmp_path / "b", plan))
    )
    assert in_process == best


def test_gods_number_of_9x9_from_18_pieces_on_two_workers(tmp_path: Path, client: Any) -> None:
    one = worst_position(rectangle(9, 9), work=Work().within(600))
    assert one.exact
    assert one.worst_presses == 37
    executor = client.get_executor(pure=False)
    answers = {}
    for presses in (37, 38):
        plan = pieces.spectrum_plan(9, presses, 16)
        assert plan.pieces >= 16
        journal = _journal(tmp_path / f"g{presses}.json", plan)
        results = cluster.run_search(
            plan.pieces,
            cluster.shipped(pieces.spectrum_piece, (plan,)),
            journal,
            executor=executor,
        )
        answers[presses] = pieces.combine_spectrum(plan, results)
    # a position needing 37 exists (scored again: exactly 37), and none needs 38
    assert answers[37]["found"]
    assert answers[37]["worst"] == 37
    assert not answers[38]["found"]


def test_every_piece_of_a_spectrum_question_is_needed(tmp_path: Path) -> None:
    # the pieces partition the tree: the pieces found for 37 are not all of them, so an
    # answer read off some pieces alone could be wrong
    plan = pieces.spectrum_plan(9, 37, 16)
    results = [pieces.spectrum_piece(plan, p) for p in range(plan.pieces)]
    found = [r["piece"] for r in results if r["found"]]
    assert 0 < len(found) < plan.pieces
    without = [r for r in results if r["piece"] not in found]
    assert not pieces.combine_spectrum(plan, without)["found"]
    for piece in found:  # each found position needs at least 37 presses
        _, weight = pieces.position_of(plan, results[piece]["pressed"])
        assert weight >= 37


class _Stopped(Exception):
    """The run stopped (as by Ctrl-C or a lost client) after some pieces."""


def test_a_stopped_run_resumes_from_its_journal(tmp_path: Path) -> None:
    plan = pieces.leaf_plan(19, 16, low=12)
    ran: list[int] = []
    stop_after = [7]

    def piece(number: int) -> dict[str, Any]:
        if len(ran) == stop_after[0]:
            raise _Stopped
        ran.append(number)
        result: dict[str, Any] = pieces.leaf_piece(plan, None, number)
        return result

    output = tmp_path / "a19.json"
    with pytest.raises(_Stopped):
        cluster.run_search(16, (piece, ()), _journal(output, plan))
    journal = _journal(output, plan)
    assert sorted(journal.done) == list(range(7))
    with cluster.journal_path(output).open("ab") as f:
        f.write(b'{"done":{"piece":9,"wei')  # a line cut off by a crash
    ran.clear()
    stop_after[0] = -1  # not stopped again
    results = cluster.run_search(16, (piece, ()), _journal(output, plan))
    assert ran == list(range(7, 16))  # only the pieces not journaled ran
    best = pieces.combine_leaves(results)
    assert (best["weight"], best["ties"]) == (141, 28)  # a(19), 28 optimal solutions


def test_another_searchs_journal_is_refused(tmp_path: Path) -> None:
    plan = pieces.leaf_plan(19, 16, low=12)
    output = tmp_path / "a.json"
    _journal(output, plan)
    other = pieces.leaf_plan(19, 8, low=12)
    with pytest.raises(LographError, match="journal of another search"):
        _journal(output, other)


def test_time_left_is_the_work_left_at_this_runs_pace() -> None:
    progress = cluster.Progress(pieces=10, total_work=1000, started=0.0, work_before=100)
    assert progress.left(done=5, work=100, now=50.0) is None  # nothing done by this run yet
    assert progress.left(done=6, work=300, now=50.0) == pytest.approx(700 * 50 / 200)
    by_pieces = cluster.Progress(pieces=10, total_work=None, started=0.0, done_before=2)
    assert by_pieces.left(done=6, work=0, now=40.0) == pytest.approx(4 * 40 / 4)


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "g9.json"
    assert cluster.main(["gods", "9", "--presses", "38", "--pieces", "16", "-o", str(output)]) == 0
    answer = json.loads(output.read_text())
    assert answer["found"] is False
    assert answer["pieces"] == 18
    assert not cluster.journal_path(output).exists()  # finished: the answer holds it all
    busy = tmp_path / "busy.json"
    with cluster.lock_table(busy):  # another run holds this output
        assert (
            cluster.main(["gods", "9", "--presses", "38", "--pieces", "16", "-o", str(busy)]) == 2
        )
    assert "in use" in capsys.readouterr().err
    assert not cluster.journal_path(busy).exists()
    counted = cluster.main(["count", "a075464", "39"])
    assert counted == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["leaves"] > 0
    for bad, why in [
        (["a075464", "30", "--pieces", "3", "-o", str(tmp_path / "x.json")], "power of two"),
        (["gods", "9", "--presses", "38", "--pieces", "16", "-o", str(output)], "already exists"),
        (["gods", "39", "--presses", "640", "-o", str(tmp_path / "y.json")], "nullity 32"),
        (["a075464", "30", "--pieces", "16"], "give -o"),
    ]:
        assert cluster.main(bad) == 2
        err = capsys.readouterr().err
        assert why in err
        assert len(err.strip().splitlines()) == 1


def test_the_pages_hand_written_end_survives_a_rewrite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_docs = _load("write_docs.py")
    page = tmp_path / "tables.md"
    monkeypatch.setattr(write_docs, "PAGE", page)
    assert write_docs.kept_tail() == ""  # no page yet
    page.write_text("# Tables\n\n| 1 | 2 |\n\n## On many machines\n\nmeasured by hand\n")
    assert write_docs.kept_tail() == "\n## On many machines\n\nmeasured by hand\n"
