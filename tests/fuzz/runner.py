"""Run fuzz cases in guarded worker processes and classify each outcome.

Each case is written to a file and read with `read_board` (and, for every `analyze_every`-th
case, run through ``main(["analyze", FILE])`` in-process). The outcome is

- ``error``: a clean `LographError` (the CLI: one line, exit status 2),
- ``ok``: the file was read (and analysed),
- ``crash``: any other exception, an "internal error", a traceback or a multi-line error,
- ``hang``: the case ran past the time limit; its worker is killed and replaced.

Workers run under an address-space limit (RLIMIT_AS), so a reader that would allocate
without bound fails with MemoryError (a crash) instead of taking the machine down.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing as mp
import os
import resource
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from tests.fuzz.formats import make_case


@dataclass
class Summary:
    cases: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[tuple[int, str, str]] = field(default_factory=list)  # index, kind, detail
    peak_rss_kb: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        o = self.outcomes
        return (
            f"cases {self.cases}, clean errors {o['error']}, successes {o['ok']}, "
            f"crashes {o['crash']}, hangs {o['hang']}, peak memory of a worker "
            f"{self.peak_rss_kb / 1024:.0f} MB, {self.seconds:.1f} s"
        )


def classify(path: str, analyze: bool) -> tuple[str, str]:
    """Read (and maybe analyse) one file in this process: (outcome, detail)."""
    from lograph.cli import main
    from lograph.core.errors import LographError
    from lograph.core.files import read_board

    try:
        board = read_board(path)
        outcome, detail = "ok", ""
    except LographError as exc:
        message = str(exc)
        if not message.startswith(path) or "\n" in message:
            return "crash", f"unclear message: {message[:300]!r}"
        outcome, detail = "error", ""
    except Exception as exc:  # anything else is exactly what the fuzzer looks for
        return "crash", f"{type(exc).__name__}: {str(exc)[:300]}"
    if outcome == "ok":
        try:  # every text a board holds must print and save as UTF-8
            "".join([board.name, *board.buttons]).encode("utf-8")
        except UnicodeEncodeError as exc:
            return "crash", f"board holds unprintable text: {exc}"
    if analyze:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["analyze", path])
        text = err.getvalue()
        lines = text.strip().splitlines()
        if status not in (0, 1, 2) or "internal error" in text or "Traceback" in text:
            return "crash", f"analyze: status {status}: {text[:300]!r}"
        if status == 2 and len(lines) != 1:
            return "crash", f"analyze: {len(lines)} lines on stderr: {text[:300]!r}"
        if status == 0 and lines:
            return "crash", f"analyze: stray stderr output: {text[:300]!r}"
    return outcome, detail


def _worker(conn: Connection, memory_bytes: int, folder: str) -> None:
    if memory_bytes:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    while True:
        job = conn.recv()
        if job is None:
            break
        seed, index, analyze = job
        case = make_case(seed, index)
        path = os.path.join(folder, f"case-{os.getpid()}{case.ext}")
        with open(path, "wb") as handle:
            handle.write(case.data)
        try:
            outcome, detail = classify(path, analyze)
        except MemoryError:
            outcome, detail = "crash", "MemoryError"
        detail = f"{case.sample} {case.mutation}: {detail}" if detail else ""
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        conn.send((index, outcome, detail, rss))


@dataclass
class _Slot:
    process: Any
    conn: Connection
    job: int | None = None
    started: float = 0.0


def run(
    seed: int,
    indices: Iterable[int],
    *,
    workers: int = 2,
    timeout: float = 30.0,
    memory_bytes: int = 3 * 2**30,
    analyze_every: int = 5,
) -> Summary:
    """Run the cases `indices` of `seed` on `workers` processes; see the module docstring."""
    context = mp.get_context("spawn")  # no fork of a parent that may hold Qt or numba threads
    summary, pending, start = Summary(), list(indices), time.monotonic()
    folder = tempfile.TemporaryDirectory(prefix="lograph-fuzz-")  # removed with all cases
    pending.reverse()

    def spawn() -> _Slot:
        parent, child = context.Pipe()
        process = context.Process(
            target=_worker, args=(child, memory_bytes, folder.name), daemon=True
        )
        process.start()
        return _Slot(process, parent)

    slots = [spawn() for _ in range(workers)]
    try:
        while pending or any(s.job is not None for s in slots):
            for k, slot in enumerate(slots):
                if slot.job is None and pending:
                    index = pending.pop()
                    slot.conn.send((seed, index, index % analyze_every == 0))
                    slot.job, slot.started = index, time.monotonic()
                if slot.job is None:
                    continue
                if slot.conn.poll(0.01):
                    try:
                        index, outcome, detail, rss = slot.conn.recv()
                    except EOFError:  # the worker died (e.g. killed by the kernel)
                        index, outcome, detail, rss = slot.job, "crash", "worker died", 0
                        slot.process.join()
                        slots[k] = slot = spawn()
                    _record(summary, index, outcome, detail, rss)
                    slot.job = None
                elif time.monotonic() - slot.started > timeout:
                    _record(summary, slot.job, "hang", f"over {timeout:.0f} s", 0)
                    slot.process.kill()
                    slot.process.join()
                    slots[k] = spawn()
    finally:
        for slot in slots:
            with contextlib.suppress(OSError):
                slot.conn.send(None)
            slot.process.join(timeout=5)
            if slot.process.is_alive():
                slot.process.kill()
        folder.cleanup()
    summary.seconds = time.monotonic() - start
    return summary


def _record(summary: Summary, index: int, outcome: str, detail: str, rss: int) -> None:
    summary.cases += 1
    summary.outcomes[outcome] += 1
    summary.peak_rss_kb = max(summary.peak_rss_kb, rss)
    if outcome in ("crash", "hang"):
        summary.failures.append((index, outcome, detail))
