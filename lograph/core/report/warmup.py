"""Compile the kernels into numba's on-disk cache ahead of need: ``python -m
lograph.core.report.warmup``.

The first run after an install compiles each kernel a board needs (seconds each; see
docs/performance.md, "First run"). The window runs this module once, in a background process
at its first start (`lograph.ui.model.warmup`), so that boards past the plain-Python paths
find their kernels compiled. It reports on stdout, one line per step::

    lograph-warmup 3 9 the worst position of a 9×9 board
    lograph-warmup done 41

(done, total, what the step does; at the end, how many kernels this run compiled) and
leaves a stamp in the cache, so a later start finds the work done at once (`is_warm`).

The steps are the reports of a few small boards and the analysis of each engine, run with
``LOGRAPH_JIT=numba``: compiled code whatever the size, so each kernel is compiled with the
argument types real boards give it. A step that fails is reported on stderr and skipped: the
warm-up only saves time, the kernels still compile on demand.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["PREFIX", "STEPS", "is_warm", "main", "stamp_path"]

#: The first word of every progress line on stdout.
PREFIX = "lograph-warmup"


def _report(board: Callable[[], object]) -> Callable[[], object]:
    def step() -> object:
        from lograph.core.report.report import board_report

        return board_report(board())  # type: ignore[arg-type]

    return step


def _prepare(board: Callable[[], object], engine: str) -> Callable[[], object]:
    def step() -> object:
        from lograph.core.chase.plan import chase_plan
        from lograph.core.solve import prepare

        system = board().to_system()  # type: ignore[attr-defined]
        chase_plan(system)
        return prepare(system, engine)

    return step


def _grid(rows: int, cols: int, **options: object) -> Callable[[], object]:
    def make() -> object:
        from lograph.core.model.generators import rectangle

        return rectangle(rows, cols, **options)  # type: ignore[arg-type]

    return make


def _knight_diamond() -> object:
    from lograph.core.model.generators import diamond
    from lograph.core.model.stencils import STENCILS

    return diamond(3, stencil=STENCILS["knight"])


def _random(n: int) -> Callable[[], object]:
    def make() -> object:
        from lograph.core.model.generators import random_graph

        return random_graph(n, 6 / n, seed=n)

    return make


#: (what it does, the work): reports of small boards (every search a report makes), then
#: each engine's analysis and a chase plan on boards past the plain-Python limits.
STEPS: tuple[tuple[str, Callable[[], object]], ...] = (
    ("the report of the 5×5 board", _report(_grid(5, 5))),
    ("the report of a 9×9 board (the worst position)", _report(_grid(9, 9))),
    ("the report of a 25-button knight diamond", _report(_knight_diamond)),
    ("the report of a 3-state 4×4 board", _report(_grid(4, 4, states=3))),
    ("the report of a 4-state 4×4 board", _report(_grid(4, 4, states=4))),
    ("the report of a random 60-button graph", _report(_random(60))),
    ("the fast engine on a 70×70 board", _prepare(_grid(70, 70), "fast")),
    ("the fast engine on a random 1,500-button graph", _prepare(_random(1500), "fast")),
    ("the small engine on a random 400-button graph", _prepare(_random(400), "small")),
    ("the GF(3) chase on a 30×30 board", _prepare(_grid(30, 30, states=3), "chase-p")),
    ("the Z_4 chase on a 20×20 board", _prepare(_grid(20, 20, states=4), "chase-zk")),
)


def stamp_path() -> Path | None:
    """The stamp a complete warm-up leaves in numba's cache folder: named after the kernels'
    source and this machine, so an upgrade or another CPU finds none. Loads numba; None when
    the cache folder is unknown (another numba)."""
    from lograph.core.kernels import bits, jit

    try:
        kernel: Any = bits.parity
        dispatcher: Any = kernel.compiled() if isinstance(kernel, jit._Kernel) else kernel
        folder = Path(dispatcher._cache._cache_path)
        import numba.core.registry

        magic = numba.core.registry.cpu_target.target_context.codegen().magic_tuple()
    except Exception:
        return None
    digest = hashlib.sha256(repr(magic).encode())
    kernels = Path(jit.__file__).parent
    for source in sorted(kernels.glob("*.py")):
        digest.update(source.read_bytes())
    return folder / f"lograph-warmup-{digest.hexdigest()[:16]}.stamp"


def is_warm() -> bool:
    """Whether a complete warm-up of these kernels on this machine was recorded."""
    stamp = stamp_path()
    return stamp is not None and stamp.exists()


def main(out: Callable[[str], None] | None = None) -> int:
    """Run every step with compiled kernels forced; report progress lines; 0 when done."""
    say = out or (lambda line: print(line, flush=True))
    os.environ["LOGRAPH_JIT"] = "numba"
    from lograph.core.kernels import compile_notice

    total = len(STEPS)
    if is_warm():
        say(f"{PREFIX} done 0")
        return 0
    failed = 0
    for done, (text, work) in enumerate(STEPS):
        say(f"{PREFIX} {done} {total} {text}")
        try:
            work()
        except Exception as exc:
            failed += 1
            print(f"{PREFIX}: {text} failed: {exc!r}", file=sys.stderr, flush=True)
    if not failed:
        stamp = stamp_path()
        if stamp is not None:
            stamp.write_text("lograph's kernels are compiled in this folder\n")
    say(f"{PREFIX} done {len(compile_notice.compiled_kernels())}")
    return 0


if __name__ == "__main__":
    if hasattr(os, "nice"):
        os.nice(10)  # a background job: the window and the user's work go first
    raise SystemExit(main())
