"""Progress bars of long CLI work: tqdm on stderr when it is a terminal, nothing otherwise.

Core code reports through a `lograph.core.work.Progress` hook, ``progress(done, total)``;
`progress_bar` turns it into a bar. The bar stays silent in pipes, in files and with
``--json`` (whose reader is a program), and is wiped when the work is interrupted, so that
Ctrl-C leaves only the one ``lograph: interrupted`` line.

Examples
--------
>>> import argparse, io
>>> with progress_bar(argparse.Namespace(json=False), "worst", stream=io.StringIO()) as hook:
...     hook is None  # not a terminal: no bar
True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

__all__ = ["ProgressHook", "progress_bar", "wants_bar"]

#: What `progress_bar` yields: the core's ``progress(done, total)`` hook, or None.
ProgressHook = Callable[[int, int], None] | None


def wants_bar(args: argparse.Namespace, stream: TextIO) -> bool:
    """Whether a bar is shown: `stream` is a terminal and the output is not ``--json``."""
    return not getattr(args, "json", False) and stream.isatty()


@contextmanager
def progress_bar(
    args: argparse.Namespace,
    description: str,
    *,
    unit: str = "it",
    stream: TextIO | None = None,
    force: bool | None = None,
    delay: float = 0.5,
    rate: bool = True,
) -> Iterator[ProgressHook]:
    """A bar on `stream` (stderr) for the work inside, fed by the hook this yields.

    `force` overrides the terminal check (tests). The bar is drawn only once the work has
    run for `delay` seconds, so instant commands print nothing; finished work ends at 100 %.
    `rate` False drops the rate and time left (work measured in seconds of a time limit).
    """
    out = stream if stream is not None else sys.stderr
    if not (wants_bar(args, out) if force is None else force):
        yield None
        return
    from tqdm import tqdm

    # nrows: tqdm hides its bar on a terminal reporting 0 rows (a bare pseudo-terminal);
    # no dynamic_ncols, which trims the bar to nothing on one reporting 0 columns
    layout = None if rate else "{l_bar}{bar}| {n_fmt}/{total_fmt} " + unit
    bar = tqdm(
        total=None,
        desc=description,
        unit=unit,
        file=out,
        delay=delay,
        nrows=100,
        bar_format=layout,
    )

    def hook(done: int, total: int) -> None:
        if bar.total != (total or None):  # 0: not known (yet)
            bar.total = total or None
        bar.update(done - bar.n)

    try:
        yield hook
    except BaseException:
        bar.leave = False  # wiped: the interrupted line or the error stands alone
        bar.close()
        raise
    if bar.total:
        bar.update(bar.total - bar.n)  # the work may finish before its estimate
    bar.close()
