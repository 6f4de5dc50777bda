"""Running a fast census piece by piece, resumable: a piece is done exactly when its counts
are in the journal.

The journal ``TABLE.census-pieces.jsonl`` is a first line with the census's parameters and
then one JSON line per finished piece (its number, its counts, its time), each appended in
one ``write`` and fsynced. A crash (Ctrl-C, ``kill -9``, a lost worker, a power cut) leaves
at worst a cut-off last line, which is dropped on reading. Running the same census again
reads the journal and computes only the pieces missing from it; a piece found twice (done
again by a retried task) is counted once, because the counts are keyed by piece number and
any piece always gives the same counts. When every piece is in, `run_pieces` returns the
sum; the caller writes the table and then removes the journal.

Pieces run in this process, in a process pool (``--jobs``), or as Dask tasks: any
`concurrent.futures.Executor`. Only the parent writes the journal.

Examples
--------
>>> import io, tempfile, pathlib
>>> from lograph.core.census.sources import FileSource
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "g.g6").write_bytes(b"A_\\nBw\\nBW\\n")
9
>>> source = FileSource(str(folder / "g.g6"), 9, pieces=2)
>>> journal = PieceJournal(folder / "t.csv", {"source": source.describe()})
>>> counts = run_pieces(source, journal)
>>> sorted(journal.done), counts.graphs
([0, 1], 3)
"""

from __future__ import annotations

import json
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path
from typing import Any

from lograph.core.census.sources import PieceResult, Source, count_piece
from lograph.core.census.stream import Counts, Where
from lograph.core.errors import LographError
from lograph.core.work import Cancel, poll

__all__ = ["PieceJournal", "journal_path", "matches_path", "run_pieces", "summary_params"]

_POLL = 0.1
_CANCELLED = "census cancelled"


def summary_params(source: Source, where: Where | None) -> dict[str, Any]:
    """What a journal compares: the same census resumes, another is refused."""
    return {
        "format": "lograph-census-summary",
        "version": 1,
        "source": source.describe(),
        "where": None if where is None else list(where.bounds),
    }


def journal_path(path: str | os.PathLike[str]) -> Path:
    target = Path(path)
    return target.with_name(target.name + ".census-pieces.jsonl")


def matches_path(path: str | os.PathLike[str], piece: int) -> Path:
    """Where piece `piece` keeps its matching graphs until the census is finished."""
    target = Path(path)
    return target.with_name(f".{target.name}.piece-{piece}.g6")


class PieceJournal:
    """The finished pieces of one census (`done`: piece -> its result), on disk next to
    its table."""

    def __init__(self, table: str | os.PathLike[str], params: dict[str, Any]) -> None:
        self.table = Path(table)
        self.path = journal_path(table)
        self.params = params
        self.done: dict[int, PieceResult] = {}
        if self.path.exists():
            self._read()
        else:
            if self.table.exists():
                raise LographError(
                    f"{self.table} already exists and is not an unfinished census; "
                    "remove it or choose another -o"
                )
            self._append({"params": params})

    def _read(self) -> None:
        with open(self.path, "rb") as handle:
            data = handle.read()
        lines = data.split(b"\n")
        complete = len(data) - len(lines[-1])  # a cut-off last line is dropped
        if lines[-1]:
            with open(self.path, "r+b") as handle:
                handle.truncate(complete)
        try:
            head = json.loads(lines[0]) if complete else {}
        except ValueError as exc:
            raise LographError(f"{self.path}: unreadable journal ({exc})") from exc
        if not complete:
            self._append({"params": self.params})
        elif head.get("params") != self.params:
            raise LographError(
                f"{self.table} has an unfinished census with other parameters "
                f"(journal {self.path.name}); finish it with the same command, or remove "
                "the journal to start again"
            )
        for line in lines[1:-1]:
            try:
                record = json.loads(line)
            except ValueError as exc:
                raise LographError(f"{self.path}: unreadable journal ({exc})") from exc
            result = PieceResult(**record["done"])
            self.done.setdefault(result.piece, result)

    def _append(self, record: dict[str, Any]) -> None:
        data = (json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n").encode()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)

    def record(self, result: PieceResult) -> bool:
        """Record a finished piece; False (and nothing written) if it is recorded already."""
        if result.piece in self.done:
            return False
        self._append({"done": vars(result)})
        self.done[result.piece] = result
        return True

    def counts(self) -> Counts:
        total = Counts()
        for result in self.done.values():
            total.add_rows(result.rows)
        return total

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)


def run_pieces(
    source: Source,
    journal: PieceJournal,
    *,
    where: Where | None = None,
    matches: Callable[[int], str] | None = None,
    executor: Executor | None = None,
    window: int = 4,
    cancel: Cancel = None,
    progress: Callable[[PieceJournal], None] | None = None,
) -> Counts:
    """Count every piece of `source` not yet in `journal`, recording each as it finishes;
    the counts of all pieces. `matches(piece)` names the file a piece writes its matching
    graphs to (with `where`)."""
    todo: Iterable[int] = (p for p in range(source.pieces) if p not in journal.done)

    def done(result: PieceResult) -> None:
        journal.record(result)
        if progress is not None:
            progress(journal)

    def target(piece: int) -> str | None:
        return None if matches is None else matches(piece)

    if executor is None:
        for piece in todo:
            poll(cancel, _CANCELLED)
            done(count_piece(source, piece, where, target(piece), cancel))
        return journal.counts()
    in_flight: deque[Future[PieceResult]] = deque()
    pending: Iterator[int] = iter(todo)
    try:
        while True:
            while len(in_flight) < window:
                following = next(pending, None)
                if following is None:
                    break
                in_flight.append(
                    executor.submit(count_piece, source, following, where, target(following))
                )
            if not in_flight:
                return journal.counts()
            finished, _ = wait(list(in_flight), timeout=_POLL, return_when=FIRST_COMPLETED)
            for future in finished:
                in_flight.remove(future)
                done(future.result())
            poll(cancel, _CANCELLED)
    finally:
        for future in in_flight:
            future.cancel()
