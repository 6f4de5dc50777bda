"""Run a table search too long for one machine as pieces on a Dask cluster, resumably.

The searches and how they are cut are in ``tools/tables/search_pieces.py``: the A075464
orbit search by ranges of prefixes, God's-number refutations by subtrees of the spectrum
search. This script runs a search's pieces the way ``lograph census`` runs its own
(`lograph.core.census.pieces`): in this process, or as tasks of a Dask cluster (a
``LocalCluster`` of ``--local N`` worker processes, or the scheduler at ``--scheduler
ADDRESS``), a window of pieces in flight, and each finished piece appended to a journal
``OUT.search-pieces.jsonl`` in one fsynced ``write``: a first line with the search's
parameters (the plan's SHA-256 among them), then one JSON line per piece. So

- a run stopped in any way (Ctrl-C, ``kill -9``, the client's machine lost) resumes with
  the same command: the journal's pieces are skipped, a cut-off last line is dropped;
- a worker lost mid-piece loses only that piece, which Dask gives to another worker;
- a piece finished twice (a retried task) counts once: pieces are keyed by number, and a
  piece's answer is a function of the plan and its number;
- a journal of another search (other n, pieces, bound or plan) is refused.

When every piece is in, the answer (combined by `search_pieces.combine_leaves` or
`combine_spectrum`) is written to OUT (JSON, atomically) with each piece's work and time,
and the journal is removed. Progress goes to standard error: pieces done, the work done
of the whole (leaves, when the search counted them), and the time left at this run's pace.

    nice -n 19 .venv/bin/python tools/tables/cluster.py a075464 119 -o a119.json --local 2
    .venv/bin/python tools/tables/cluster.py gods 9 --presses 38 -o g9.json --scheduler tcp://HOST:8786
    .venv/bin/python tools/tables/cluster.py count a075464 119
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import os
import stat
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from lograph.core.census.table import lock_table
from lograph.core.errors import LographError
from lograph.core.files.atomic import atomic_write_bytes, atomic_write_text

HERE = Path(__file__).resolve().parent
TABLES = HERE.parents[1] / "docs" / "tables"


def _load(name: str) -> ModuleType:
    """A script beside this one, as a module (registered, so that pickling finds it)."""
    module_name = f"tables_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, HERE / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


search_pieces = _load("search_pieces")

_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
#: Seconds between waits for a finished piece (the same as the census's).
_POLL = 0.1


def journal_path(output: str | os.PathLike[str]) -> Path:
    target = Path(output)
    return target.with_name(target.name + ".search-pieces.jsonl")


def _line(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n").encode()


class SearchJournal:
    """The finished pieces of one search (`done`: piece → its result dict), beside its
    output; the census journal's format and rules (`lograph.core.census.pieces`), with a
    search piece's result in place of a census piece's counts."""

    def __init__(self, output: str | os.PathLike[str], params: dict[str, Any]) -> None:
        self.output = Path(output)
        self.path = journal_path(output)
        self.params = params
        self.done: dict[int, dict[str, Any]] = {}
        try:
            fd = os.open(self.path, os.O_RDONLY | _NO_FOLLOW | _CLOEXEC)
        except FileNotFoundError:
            if self.output.exists() or self.output.is_symlink():
                raise LographError(
                    f"{self.output} already exists and is not an unfinished search; remove it "
                    "or choose another -o"
                ) from None
            atomic_write_bytes(self.path, _line({"params": params}), follow_symlinks=False)
            return
        except OSError:
            raise LographError(f"{self.path}: not a search journal (a link?); remove it") from None
        with open(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise LographError(f"{self.path}: not a search journal (not a regular file)")
            self._read(handle.read())

    def _read(self, data: bytes) -> None:
        lines = data.split(b"\n")
        complete = len(data) - len(lines[-1])  # a cut-off last line is dropped
        if lines[-1]:
            os.truncate(self.path, complete)
        try:
            head = json.loads(lines[0]) if complete else {}
        except ValueError as exc:
            raise LographError(f"{self.path}: unreadable journal ({exc})") from exc
        if not complete:  # a crash before the first line was whole
            atomic_write_bytes(self.path, _line({"params": self.params}), follow_symlinks=False)
            return
        if not isinstance(head, dict) or head.get("params") != self.params:
            raise LographError(
                f"{self.path} is the journal of another search (other n, pieces, bound or "
                "plan); finish it with its own command, or remove it to start again"
            )
        for line in lines[1:-1]:
            try:
                result = json.loads(line)["done"]
                piece = int(result["piece"])
            except (ValueError, TypeError, KeyError) as exc:
                raise LographError(f"{self.path}: unreadable journal ({exc})") from exc
            self.done.setdefault(piece, result)

    def record(self, result: dict[str, Any]) -> bool:
        """Append a finished piece; False (nothing written) when it is recorded already."""
        if result["piece"] in self.done:
            return False
        data = _line({"done": result})
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | _NO_FOLLOW | _CLOEXEC)
        try:
            while data:
                data = data[os.write(fd, data) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        self.done[result["piece"]] = result
        return True

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)


@dataclass
class Progress:
    """Pieces and work done, and the time left at this run's pace: the work still to do
    (leaves, when the whole is counted; else pieces) over what this run did per second."""

    pieces: int
    total_work: int | None
    stream: TextIO | None = None
    interval: float = 10.0
    started: float = field(default_factory=time.monotonic)
    done_before: int = 0  # pieces in the journal when this run started
    work_before: int = 0
    last_shown: float = 0.0

    def left(self, done: int, work: int, now: float) -> float | None:
        """Seconds left, or None before this run finished a piece."""
        elapsed = now - self.started
        if self.total_work:
            ran, todo = work - self.work_before, self.total_work - work
        else:
            ran, todo = done - self.done_before, self.pieces - done
        if ran <= 0 or elapsed <= 0:
            return None
        return max(0.0, todo) * elapsed / ran

    def __call__(self, journal: SearchJournal) -> None:
        now = time.monotonic()
        done = len(journal.done)
        if self.stream is None or (now - self.last_shown < self.interval and done < self.pieces):
            return
        self.last_shown = now
        work = sum(int(r["work"]) for r in journal.done.values())
        whole = f" of {self.total_work:,}" if self.total_work else ""
        left = self.left(done, work, now)
        eta = "" if left is None else f", about {_duration(left)} left"
        print(
            f"pieces {done}/{self.pieces}, work {work:,}{whole}, "
            f"{_duration(now - self.started)}{eta}",
            file=self.stream,
            flush=True,
        )


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    if seconds < 2 * 365 * 86400:
        return f"{seconds / 86400:.0f} days"
    return f"{seconds / (365.25 * 86400):.3g} years"


def run_search(
    pieces: int,
    piece: tuple[Callable[..., dict[str, Any]], tuple[Any, ...]],
    journal: SearchJournal,
    *,
    executor: Executor | None = None,
    window: int = 4,
    progress: Callable[[SearchJournal], None] | None = None,
) -> list[dict[str, Any]]:
    """Run every piece not in `journal`, recording each as it finishes; every piece's result,
    in piece order. `piece` is ``(function, leading arguments)``: piece i runs
    ``function(*arguments, i)`` (here, or on the executor's workers)."""
    function, arguments = piece
    todo: Iterator[int] = (p for p in range(pieces) if p not in journal.done)

    def done(result: dict[str, Any]) -> None:
        journal.record(result)
        if progress is not None:
            progress(journal)

    if executor is None:
        for number in todo:
            done(function(*arguments, number))
    else:
        in_flight: deque[Future[dict[str, Any]]] = deque()
        try:
            while True:
                while len(in_flight) < window:
                    following = next(todo, None)
                    if following is None:
                        break
                    in_flight.append(executor.submit(function, *arguments, following))
                if not in_flight:
                    break
                finished, _ = wait(list(in_flight), timeout=_POLL, return_when=FIRST_COMPLETED)
                for future in finished:
                    in_flight.remove(future)
                    done(future.result())
        finally:
            for future in in_flight:
                future.cancel()
    return [journal.done[p] for p in range(pieces)]


class Shipped:
    """An object that pickles as cloudpickle's bytes of it, every module it needs from
    this repository's tools/ included by value, and unpickles (by `cloudpickle.loads`,
    which every Dask worker has) as the object itself. Dask pickles a task's function and
    arguments by reference when plain pickle can, and a worker has lograph but not tools/:
    a piece function shipped this way runs on any worker."""

    def __init__(self, thing: object) -> None:
        import cloudpickle  # type: ignore[import-untyped]

        cloudpickle.register_pickle_by_value(search_pieces)
        self.data = cloudpickle.dumps(thing)  # once: every task then sends these bytes

    def __call__(self, *args: Any) -> Any:  # Dask asks for a callable; a worker never sees this
        import cloudpickle

        return cloudpickle.loads(self.data)(*args)

    def __reduce__(self) -> tuple[Callable[[bytes], object], tuple[bytes]]:
        import cloudpickle

        return cloudpickle.loads, (self.data,)


def shipped(
    function: Callable[..., dict[str, Any]], arguments: tuple[Any, ...]
) -> tuple[Any, tuple[Any, ...]]:
    """`function` and `arguments` as `Shipped` objects, for `run_search` on a cluster."""
    return Shipped(function), tuple(Shipped(a) for a in arguments)


def executor_for(args: argparse.Namespace, stack: ExitStack) -> tuple[Executor | None, int]:
    """None (this process), or a Dask client's executor (``--local N`` or ``--scheduler``)
    and its number of worker threads."""
    if args.local is None and args.scheduler is None:
        return None, 1
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise LographError("a cluster needs Dask: pip install 'lograph[cluster]'") from None
    if args.local is not None:
        cluster = stack.enter_context(
            distributed.LocalCluster(
                n_workers=args.local, threads_per_worker=1, processes=True,
                dashboard_address=":0",
            )
        )  # fmt: skip
        address = cluster.scheduler_address
    else:
        address = args.scheduler
    try:
        client = distributed.Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise LographError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    stack.callback(client.close)
    return client.get_executor(pure=False), max(1, sum(client.nthreads().values()))


# ---------------------------------------------------------------------------------------
# the searches


def _recorded(name: str, n: int) -> dict[str, str] | None:
    path = TABLES / name
    if not path.exists():
        return None
    with path.open(newline="") as f:
        return next((r for r in csv.DictReader(f, delimiter="\t") if int(r["n"]) == n), None)


def lights_of(n: int, presses: Any) -> list[str]:
    """What pressing `presses` (n·n 0/1 values) does to the all-off n×n board: its rows."""
    import numpy as np

    x = np.asarray(presses, dtype=np.uint8).reshape(n, n)
    lit = x.copy()
    lit[1:] ^= x[:-1]
    lit[:-1] ^= x[1:]
    lit[:, 1:] ^= x[:, :-1]
    lit[:, :-1] ^= x[:, 1:]
    return ["".join(str(int(v)) for v in row) for row in lit]


def a075464_job(args: argparse.Namespace) -> tuple[Any, dict[str, Any], int | None]:
    """The plan, the journal's parameters, and the work of the whole (leaves)."""
    plan = search_pieces.leaf_plan(args.n, args.pieces, args.low)
    if plan.keys is None:
        raise LographError(
            f"{args.n}×{args.n}: nullity {plan.k}, past the leaf kernel's 64-bit classes "
            "(count it with: count a075464)"
        )
    params = {
        "format": "lograph-table-search",
        "version": 1,
        "search": "a075464",
        "n": args.n,
        "pieces": plan.pieces,
        "incumbent": args.incumbent,
        "plan": plan.digest(),
    }
    return plan, params, plan.leaves


def gods_job(args: argparse.Namespace) -> tuple[Any, dict[str, Any], int | None]:
    plan = search_pieces.spectrum_plan(args.n, args.presses, args.pieces)
    params = {
        "format": "lograph-table-search",
        "version": 1,
        "search": "gods",
        "n": args.n,
        "presses": args.presses,
        "pieces": plan.pieces,
        "plan": plan.digest(),
    }
    return plan, params, None


def _answer(args: argparse.Namespace, plan: Any, results: list[dict[str, Any]]) -> dict[str, Any]:
    """What OUT says: the combined answer, with the pattern or position, and every piece's
    work and time."""
    pieces = [[r["piece"], r["work"], r["seconds"], r["cpu"]] for r in results]
    common = {
        "n": args.n,
        "pieces": len(results),
        "work": sum(int(r["work"]) for r in results),
        "cpu": round(sum(float(r["cpu"]) for r in results), 3),
        "piece_work_seconds_cpu": pieces,
    }
    if args.search == "a075464":
        best = search_pieces.combine_leaves(results)
        answer: dict[str, Any] = {"search": "a075464", "nullity": plan.k, "leaves": plan.leaves}
        answer.update(presses=best["weight"], optimal_solutions=best["ties"])
        if best["combination"] is not None:
            pattern = plan.presses(best["combination"])
            assert int(pattern.sum()) == best["weight"]
            rows = pattern.reshape(args.n, args.n)
            answer["pattern"] = ["".join(str(int(v)) for v in row) for row in rows]
        answer["exact"] = best["weight"] is not None
        if best["weight"] is None:
            answer["note"] = f"no solution of at most {args.incumbent} presses"
        return {**answer, **common}
    found = search_pieces.combine_spectrum(plan, results)
    answer = {"search": "gods", "nullity": plan.k, "presses": args.presses}
    if found["found"]:
        position, _ = search_pieces.position_of(plan, results[found["piece"]]["pressed"])
        answer.update(found=True, worst=found["worst"], position=lights_of(args.n, position))
        answer["meaning"] = f"a position needing {found['worst']} presses (at least {args.presses})"
    else:
        answer.update(found=False)
        answer["meaning"] = (
            f"no position needs {args.presses} presses: God's number < {args.presses}"
        )
    return {**answer, **common}


def run(args: argparse.Namespace, stream: TextIO | None = sys.stderr) -> dict[str, Any]:
    """Run (or resume) the search the arguments name; its answer, also written to OUT."""
    job = a075464_job if args.search == "a075464" else gods_job
    plan, params, total = job(args)
    output = Path(args.output)
    # one run at a time on one output (the census's lock): a second would share the journal
    with lock_table(output, args.output):
        return _run_locked(args, plan, params, total, stream)


def _run_locked(
    args: argparse.Namespace,
    plan: Any,
    params: dict[str, Any],
    total: int | None,
    stream: TextIO | None,
) -> dict[str, Any]:
    output = Path(args.output)
    journal = SearchJournal(output, params)
    arguments: tuple[Any, ...]
    if args.search == "a075464":
        function, arguments = search_pieces.leaf_piece, (plan, args.incumbent)
    else:
        function, arguments = search_pieces.spectrum_piece, (plan,)
    work_before = sum(int(r["work"]) for r in journal.done.values())
    shown = Progress(params["pieces"], total, stream, args.interval, done_before=len(journal.done),
                     work_before=work_before)  # fmt: skip
    with ExitStack() as stack:
        executor, workers = executor_for(args, stack)
        if executor is not None:
            function, arguments = shipped(function, arguments)
        results = run_search(
            params["pieces"], (function, arguments), journal,
            executor=executor, window=max(2, 2 * workers), progress=shown,
        )  # fmt: skip
    answer = _answer(args, plan, results)
    atomic_write_text(output, json.dumps(answer, indent=1) + "\n")
    journal.remove()
    return answer


def count(args: argparse.Namespace) -> dict[str, Any]:
    """What the whole search would take, from its own count of its space."""
    if args.search == "a075464":
        plan = search_pieces.leaf_plan(args.n, 1, args.low)
        return {
            "search": "a075464", "n": args.n, "nullity": plan.k, "low": plan.low,
            "prefixes": 1 << plan.high, "symmetries": plan.symmetries, "leaves": plan.leaves,
            "elements": plan.elements, "runs": plan.keys is not None,
        }  # fmt: skip
    plan = search_pieces.spectrum_plan(args.n, args.presses, 1)
    space = search_pieces.search_space(plan)
    return {
        "search": "gods", "n": args.n, "nullity": plan.k, "points": len(plan.classes),
        "presses": args.presses, "leaves_unpruned": space, "node_updates": 1 << plan.k,
    }  # fmt: skip


def _defaults(args: argparse.Namespace) -> None:
    """The open values' defaults from the tables' records: a075464 searches for solutions no
    heavier than the pattern found; gods asks for one press more than the position found."""
    if args.search == "a075464" and args.incumbent is None and not args.no_incumbent:
        row = _recorded("a075464.tsv", args.n)
        args.incumbent = None if row is None else int(row["presses"])
    if args.search == "gods" and args.presses is None:
        row = _recorded("gods.tsv", args.n)
        if row is None:
            raise LographError(f"no recorded position for {args.n}×{args.n}: give --presses")
        args.presses = int(row["worst"]) + 1


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mode", nargs="?", choices=["count"], help="count the search, do not run it")
    p.add_argument("search", choices=["a075464", "gods"])
    p.add_argument("n", type=int)
    p.add_argument("-o", "--output", help="the answer (JSON); its journal sits beside it")
    p.add_argument("--pieces", type=int, default=1024,
                   help="a075464: a power of two; gods: at least this many")  # fmt: skip
    p.add_argument("--low", type=int, default=search_pieces.LEAF_BITS,
                   help="a075464: coordinates per leaf (2^low solutions a transform)")  # fmt: skip
    p.add_argument("--incumbent", type=int, help="a075464: a known solution's weight")
    p.add_argument("--no-incumbent", action="store_true", help="a075464: search without one")
    p.add_argument("--presses", type=int, help="gods: does a position need this many?")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--local", type=int, metavar="N", help="a LocalCluster of N workers")
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler")
    p.add_argument("--interval", type=float, default=10.0, help="seconds between progress lines")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        _defaults(args)
        if args.mode == "count":
            print(json.dumps(count(args)))
            return 0
        if args.output is None:
            raise LographError("give -o OUT.json (the answer; its journal sits beside it)")
        if args.local is not None and args.local < 1:
            raise LographError(f"--local {args.local}: at least one worker")
        answer = run(args)
    except (LographError, ValueError) as exc:
        print(f"cluster.py: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cluster.py: interrupted; the same command resumes", file=sys.stderr)
        return 130
    shown = {
        k: v
        for k, v in answer.items()
        if k not in ("pattern", "position", "piece_work_seconds_cpu")
    }
    print(json.dumps(shown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
