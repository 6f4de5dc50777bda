"""Frontier row 11: does long CLI work show a progress bar on a terminal, and only there?

Each command runs twice: once with stdout and stderr on pseudo-terminals (python's `pty`,
sized 24×80 like a small terminal window) and once with both piped. A bar is recognised by
what tqdm draws: a percentage followed by ``|``, an elapsed time ``[mm:ss``, or a rate.
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import termios
import time

from frontier_common import REPO, Context, Row, fmt, run

BAR = re.compile(r"\d+%\||\[\d+:\d\d|\bit/s|\bs/it")


def _drain(fds: dict[int, list[bytes]], wait: float) -> None:
    """Read whatever the terminals hold; forget a terminal once its child side is closed."""
    ready, _, _ = select.select(list(fds), [], [], wait)
    for fd in ready:
        try:
            data = os.read(fd, 65536)
        except OSError:  # EIO: every child end is closed
            data = b""
        if data:
            fds[fd].append(data)
        else:
            os.close(fd)
            del fds[fd]


def on_terminal(cmd: list[str], timeout: float) -> tuple[float, int | None, str]:
    """Run `cmd` with stdout and stderr on two pseudo-terminals: seconds, status, stderr."""
    pairs = [pty.openpty(), pty.openpty()]
    for _, child in pairs:
        termios.tcsetwinsize(child, (24, 80))
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdin=subprocess.DEVNULL, stdout=pairs[0][1], stderr=pairs[1][1], cwd=REPO
    )
    for _, child in pairs:
        os.close(child)
    chunks: dict[int, list[bytes]] = {parent: [] for parent, _ in pairs}
    err = chunks[pairs[1][0]]
    while chunks:
        _drain(chunks, 0.05)
        if proc.poll() is not None and not select.select(list(chunks), [], [], 0.05)[0]:
            break
        if time.perf_counter() - start > timeout:
            proc.kill()
    status = proc.wait()
    seconds = time.perf_counter() - start
    for fd in chunks:
        os.close(fd)
    return seconds, (None if status < 0 else status), b"".join(err).decode(errors="replace")


#: Seconds under which a command needs no bar (it appears after half a second of work, and
#: start-up and output take the rest).
QUICK = 1.0


def probes(ctx: Context) -> list[tuple[str, list[str]]]:
    """The long commands (each about a second or more on a 2-core machine)."""
    grid = ctx.grid_file
    big = str(grid(1000, 1000, "txt"))
    # over Z_4 the press vectors are walked (4^12 = 2^24: about 2 s); GF(2) boards this
    # small are counted by quiet classes in a fraction of a second and need no bar
    histogram = ctx.scratch / "z4-3x4.json"
    if not histogram.exists():
        run(ctx.cli("generate", "rectangle", "3", "4", "--states", "4", "-o", str(histogram)))
    small = "3×4 over Z_4"
    return [
        ("worst 9×9", ["worst", str(grid(9, 9, "txt", "off")), "--time-limit", "3"]),
        (
            "solve --fewest 30×30",
            ["solve", str(grid(30, 30, "txt", "off")), "--goal", "on", "--fewest"],
        ),
        (f"analyze --histogram {small}", ["analyze", str(histogram), "--histogram"]),
        ("convert 1000×1000", ["convert", big, str(ctx.scratch / "progress.json")]),
        ("analyze 1000×1000", ["analyze", big]),
        ("report 9×9", ["report", str(grid(9, 9, "txt", "off"))]),
    ]


def probe(ctx: Context, cmd: list[str]) -> tuple[str, bool]:
    """``(verdict, silent when piped)`` for one command."""
    seconds, status, stderr = on_terminal(ctx.cli(*cmd), timeout=120)
    piped = run(ctx.cli(*cmd), timeout=120)
    silent = not BAR.search(piped.stderr)
    if status == 2:
        return "refused", silent
    if status is None or status not in (0, 1):
        return f"failed ({status})", silent
    shown = bool(BAR.search(stderr))
    if not shown and seconds < QUICK:
        return f"not needed ({fmt(seconds)})", silent  # the bar waits half a second
    return f"{'yes' if shown else 'no'} ({fmt(seconds)})", silent


def row_progress(ctx: Context) -> Row:
    row = Row("11", "progress bar on stderr, long CLI work", target="bar on a terminal only")
    verdicts, all_silent = [], True
    for name, cmd in probes(ctx):
        verdict, silent = probe(ctx, cmd)
        all_silent &= silent
        verdicts.append((name, verdict))
    row.lograph = "; ".join(f"{name}: {verdict}" for name, verdict in verdicts)
    row.answer = "silent in every pipe" if all_silent else "a bar in a pipe"
    row.checked = True
    shown_everywhere = all(verdict.startswith(("yes", "not needed")) for _, verdict in verdicts)
    row.met = "yes" if shown_everywhere and all_silent else "no"
    return row
