"""Running a census: stream the cases, skip finished ones, compute the rest, write in order.

Cases are read lazily and sent in batches, with at most `window` batches in flight, so
neither the input nor the results ever sit in memory whole. Any `concurrent.futures`
executor runs the batches: none (in this process, row by row), a process pool
(`process_pool`), or a Dask cluster's executor. Rows are written in input order, so every
way of running gives the same table, and a resumed table is the uninterrupted one.

Examples
--------
>>> import tempfile, pathlib
>>> from lograph.core.census.families import parse_family
>>> from lograph.core.census.table import TableWriter
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.csv"
>>> family = parse_family("rectangle", ["1-2", "1-2"])
>>> table = TableWriter(path, COLUMNS, {"family": "rectangle"})
>>> run_census(family, CensusSpec(), table).written
4
>>> path.read_text().splitlines()[1]
'1x1,1,0,2,1,0,1,1,1.0,0,1'
"""

from __future__ import annotations

import ctypes
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass

from lograph.core.census.families import Case, Family
from lograph.core.census.rows import COLUMNS, CensusSpec, Row, compute_row, compute_rows
from lograph.core.census.table import TableWriter
from lograph.core.work import Cancel, poll

__all__ = [
    "COLUMNS",
    "CensusCounts",
    "batch_size_for",
    "die_with_parent",
    "process_pool",
    "run_census",
    "stop_pool",
]

#: Seconds between polls of `cancel` while waiting for a worker.
_POLL = 0.1
#: Linux's prctl option that asks for a signal when the parent ends (<linux/prctl.h>).
_PR_SET_PDEATHSIG = 1
#: Where prctl is missing: seconds between a worker's checks that its parent still runs.
_PARENT_POLL = 0.5
_CANCELLED = "census cancelled"


@dataclass
class CensusCounts:
    """How far a census got: rows written now, rows skipped (already in the table), and
    the number of boards when known (None for graph6 files)."""

    written: int = 0
    skipped: int = 0
    total: int | None = None


Progress = Callable[[CensusCounts], None]


def batch_size_for(family: Family) -> int:
    """Boards per task: one grid (they can be large), many small graph6 graphs (a task
    costs a few milliseconds of overhead)."""
    return 256 if family.name == "graph6" else 1


def _quiet_worker(parent: int) -> None:
    """Undo, in a forked worker, the parent's signal set-up: Ctrl-C reaches the whole
    process group but only the parent reports it; SIGTERM (from `stop_pool`) just ends the
    worker; and the wake-up socket is the parent's, which must not hear the worker's signals.
    Then tie the worker's life to its parent's (`die_with_parent`)."""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


def die_with_parent(parent: int) -> None:
    """End this process as soon as `parent` (its parent's pid) ends, however it ends.

    A pool worker waits for work on a pipe whose writing end every worker also holds, so
    after ``kill -9`` of the census it would wait for ever, adopted by init. On Linux the
    kernel sends SIGKILL when the parent ends (``prctl(PR_SET_PDEATHSIG)``; "the parent" is
    the thread that forked the worker: `process_pool`'s caller must outlive the pool, as
    the command line's main thread does); elsewhere a daemon thread checks every
    `_PARENT_POLL` seconds. A parent already gone by now ends the worker at once.
    """
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            armed = libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        except (OSError, AttributeError):
            armed = False
        if armed:
            if os.getppid() != parent:  # it ended before the signal was asked for
                os._exit(1)
            return
    threading.Thread(target=_watch_parent, args=(parent,), name="parent watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_PARENT_POLL)
    os._exit(1)  # no clean-up to do: the parent's journal has every finished piece


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of `jobs` worker processes that leave Ctrl-C to the parent.

    Workers are forked: a fork server or spawned workers would share their semaphores
    through multiprocessing's resource tracker, which prints warnings about "leaked"
    ones when an interrupted command ends at once (`os._exit`). The parent forks before
    it computes anything (no numba threads yet); its only other thread, the interrupt
    watcher, holds no lock a worker needs. Workers end with the parent, even after
    ``kill -9`` (`die_with_parent`).
    """
    context = multiprocessing.get_context("fork")
    return ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_quiet_worker, initargs=(os.getpid(),)
    )


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop the pool now: queued batches are dropped and running workers ended (an
    interrupted census must not wait for them; their rows are recomputed on resume)."""
    # ProcessPoolExecutor has no public way to end busy workers before Python 3.14, and
    # `shutdown` forgets them: take the list first.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    for process in workers:
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.join(timeout=5)


def _pending(family: Family, table: TableWriter, counts: CensusCounts) -> Iterator[Case]:
    for case in family.cases():
        if case.key in table.done:
            counts.skipped += 1
        else:
            yield case


def run_census(
    family: Family,
    spec: CensusSpec,
    table: TableWriter,
    *,
    executor: Executor | None = None,
    window: int = 8,
    cancel: Cancel = None,
    progress: Progress | None = None,
) -> CensusCounts:
    """Compute every case not yet in `table` and append its row; returns the counts.

    `cancel` is polled between rows (and while waiting for workers); a cancelled census
    raises `InterruptedComputation` with every row finished so far written.
    """
    counts = CensusCounts(total=family.count)
    cases = _pending(family, table, counts)

    def written(rows: list[Row]) -> None:
        table.write(rows)
        counts.written += len(rows)
        if progress is not None:
            progress(counts)

    if executor is None:
        for case in cases:
            poll(cancel, _CANCELLED)
            written([compute_row(spec, case, cancel)])
        return counts
    size = batch_size_for(family)
    in_flight: deque[Future[list[Row]]] = deque()
    try:
        while True:
            batch = list(itertools.islice(cases, size))
            if batch:
                in_flight.append(executor.submit(compute_rows, spec, batch))
            while in_flight and (len(in_flight) >= window or not batch):
                written(_result(in_flight.popleft(), cancel))
            if not batch:
                return counts
    finally:
        for future in in_flight:
            future.cancel()


def _result(future: Future[list[Row]], cancel: Cancel) -> list[Row]:
    """The rows of the oldest batch, polling `cancel` while it runs."""
    while not future.done():
        poll(cancel, _CANCELLED)
        wait([future], timeout=_POLL, return_when=FIRST_COMPLETED)
    return future.result()
