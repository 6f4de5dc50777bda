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
import stat
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

from lograph.core.census.sources import GengSource, PieceResult, Source, count_piece
from lograph.core.census.stream import Counts, Where
from lograph.core.errors import LographError
from lograph.core.files.atomic import atomic_write_bytes
from lograph.core.work import Cancel, poll

__all__ = ["PieceJournal", "journal_path", "matches_path", "run_pieces", "summary_params"]

_POLL = 0.1
#: Pieces under way per geng running, without an executor: the pieces read whole while
#: the kernel loads (about 0.6 s; a piece of ``geng -c 10`` is 0.1-0.35 s of geng's).
_AHEAD = 4
_CANCELLED = "census cancelled"
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NON_BLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def summary_params(source: Source, where: Where | None) -> dict[str, Any]:
    """What a journal compares: the same census resumes, another is refused."""
    return {
        "format": "lograph-census-summary",
        "version": 2,  # 2: a file source carries its content's SHA-256
        "source": source.describe(),
        "where": None if where is None else list(where.bounds),
    }


def _line(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n").encode()


def journal_path(path: str | os.PathLike[str]) -> Path:
    target = Path(path)
    return target.with_name(target.name + ".census-pieces.jsonl")


def matches_path(path: str | os.PathLike[str], piece: int) -> Path:
    """Where piece `piece` keeps its matching graphs until the census is finished."""
    target = Path(path)
    return target.with_name(f".{target.name}.piece-{piece}.g6")


class PieceJournal:
    """The finished pieces of one census (`done`: piece -> its result), on disk next to
    its table.

    The journal's name is predictable, so it is never opened through a symbolic link: one
    planted at its name is refused, its target untouched. A new journal appears whole,
    its parameters line in place (written aside and renamed), never as an empty file.
    """

    def __init__(self, table: str | os.PathLike[str], params: dict[str, Any]) -> None:
        self.table = Path(table)
        self.path = journal_path(table)
        self.params = params
        self.done: dict[int, PieceResult] = {}
        #: Whether this run started the journal (else it resumes one).
        self.created = False
        data = self._load()
        if data is None:
            if self.table.exists() or self.table.is_symlink():
                raise LographError(
                    f"{self.table} already exists and is not an unfinished census; "
                    "remove it or choose another -o"
                )
            atomic_write_bytes(self.path, _line({"params": params}), follow_symlinks=False)
            self.created = True
        else:
            self._read(data)

    def _load(self) -> bytes | None:
        """The journal's bytes; None when there is none."""
        try:
            fd = os.open(self.path, os.O_RDONLY | _NO_FOLLOW | _NON_BLOCK | _CLOEXEC)
        except FileNotFoundError:
            return None
        except OSError as exc:
            if self.path.is_symlink():
                raise LographError(
                    f"{self.path}: a symbolic link, not a census journal (lograph does not "
                    "follow it); remove it"
                ) from None
            raise OSError(exc.errno, exc.strerror, os.fspath(self.path)) from None
        with open(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise LographError(f"{self.path}: not a census journal (not a regular file)")
            return handle.read()

    def _read(self, data: bytes) -> None:
        lines = data.split(b"\n")
        complete = len(data) - len(lines[-1])  # a cut-off last line is dropped
        if lines[-1]:
            fd = self._open(os.O_WRONLY)
            try:
                os.ftruncate(fd, complete)
            finally:
                os.close(fd)
        try:
            head = json.loads(lines[0]) if complete else {}
        except ValueError as exc:
            raise LographError(f"{self.path}: unreadable journal ({exc})") from exc
        if not complete:  # a crash before the first line was whole: nothing to keep
            atomic_write_bytes(self.path, _line({"params": self.params}), follow_symlinks=False)
        elif not isinstance(head, dict) or head.get("params") != self.params:
            raise LographError(
                self._refusal(head.get("params") if isinstance(head, dict) else None)
            )
        for line in lines[1:-1]:
            try:
                record = json.loads(line)
                result = PieceResult(**record["done"])
            except (ValueError, TypeError, KeyError) as exc:
                raise LographError(f"{self.path}: unreadable journal ({exc})") from exc
            self.done.setdefault(result.piece, result)

    def _refusal(self, recorded: object) -> str:
        """Why the journal found is not this census's: the input changed, or it is another."""
        if self.table.exists():
            return (
                f"{self.table} already exists, beside the journal {self.path.name} of another "
                "census; remove them or choose another -o"
            )
        source = self.params.get("source", {})
        if isinstance(recorded, dict) and source.get("kind") == "file":
            old = recorded.get("source")
            content = ("size", "sha256")  # what says the file's content, not which file
            same_file = isinstance(old, dict) and all(
                old.get(key) == source.get(key) for key in source.keys() | old.keys()
                if key not in content
            )  # fmt: skip
            if same_file and {**recorded, "source": source} == self.params:
                return (
                    f"{source.get('path')} changed since the unfinished census to "
                    f"{self.table} began (journal {self.path.name}); restore it, or remove "
                    "the journal to start again"
                )
        return (
            f"{self.table} has an unfinished census with other parameters "
            f"(journal {self.path.name}); finish it with the same command, or remove "
            "the journal to start again"
        )

    def _open(self, flags: int) -> int:
        try:
            return os.open(self.path, flags | _NO_FOLLOW | _CLOEXEC)
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, os.fspath(self.path)) from None

    def _append(self, record: dict[str, Any]) -> None:
        data = _line(record)
        fd = self._open(os.O_WRONLY | os.O_APPEND)
        try:
            while data:
                data = data[os.write(fd, data) :]
            os.fsync(fd)
        except OSError as exc:  # a full disk: name the journal, not nothing
            raise OSError(exc.errno, exc.strerror, os.fspath(self.path)) from None
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
    threads: int = 1,
    cancel: Cancel = None,
    progress: Callable[[PieceJournal], None] | None = None,
) -> Counts:
    """Count every piece of `source` not yet in `journal`, recording each as it finishes;
    the counts of all pieces. `matches(piece)` names the file a piece writes its matching
    graphs to (with `where`).

    Without an `executor`, `threads` pieces are counted at once in this process, one
    thread each (the kernel releases the GIL): for geng, that many genges run side by
    side, each on a core of its own when there are enough, while the counting of both
    fits in the time they take. A piece whose geng has ended while the kernel loads waits
    for it without holding the next pieces back: up to `_AHEAD` times as many geng
    pieces are under way, `threads` of them running geng."""
    todo: Iterable[int] = (p for p in range(source.pieces) if p not in journal.done)

    def done(result: PieceResult) -> None:
        journal.record(result)
        if progress is not None:
            progress(journal)

    def target(piece: int) -> str | None:
        return None if matches is None else matches(piece)

    if executor is None and threads <= 1:
        for piece in todo:
            poll(cancel, _CANCELLED)
            done(count_piece(source, piece, where, target(piece), cancel))
        return journal.counts()
    if executor is not None:
        outside = executor

        def submit(piece: int) -> Future[PieceResult]:
            return outside.submit(count_piece, source, piece, where, target(piece))

        _run_submitted(todo, submit, done, window, cancel)
        return journal.counts()
    _run_threads(source, todo, where, target, done, threads, cancel)
    return journal.counts()


def _run_threads(
    source: Source,
    todo: Iterable[int],
    where: Where | None,
    target: Callable[[int], str | None],
    done: Callable[[PieceResult], None],
    threads: int,
    cancel: Cancel,
) -> None:
    """`run_pieces` in this process: `threads` pieces counted at once, one thread each."""
    stop = threading.Event()  # set on the way out: the other threads end at their next block
    genges = threading.BoundedSemaphore(threads)
    ahead = threads * _AHEAD if isinstance(source, GengSource) else threads

    def stopped() -> bool:
        return stop.is_set() or (cancel is not None and cancel())

    with ThreadPoolExecutor(ahead, thread_name_prefix="census-piece") as pool:
        try:
            _run_submitted(
                todo,
                lambda piece: pool.submit(
                    count_piece, source, piece, where, target(piece), stopped, genges
                ),
                done,
                ahead,
                cancel,
            )
        finally:
            stop.set()


def _run_submitted(
    todo: Iterable[int],
    submit: Callable[[int], Future[PieceResult]],
    done: Callable[[PieceResult], None],
    window: int,
    cancel: Cancel,
) -> None:
    """Keep `window` pieces submitted, handing each result to `done` as it comes."""
    in_flight: deque[Future[PieceResult]] = deque()
    pending: Iterator[int] = iter(todo)
    try:
        while True:
            while len(in_flight) < window:
                following = next(pending, None)
                if following is None:
                    break
                in_flight.append(submit(following))
            if not in_flight:
                return
            finished, _ = wait(list(in_flight), timeout=_POLL, return_when=FIRST_COMPLETED)
            for future in finished:
                in_flight.remove(future)
                done(future.result())
            poll(cancel, _CANCELLED)
    finally:
        for future in in_flight:
            future.cancel()
