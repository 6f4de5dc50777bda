"""lograph's lazy kernel wrapper under threads: a kernel whose dispatcher another thread can
see must find its callees already replaced by dispatchers in its module (two searches
starting side by side on a cold numba cache once compiled a caller against a wrapper:
"Untyped global name '_add'")."""

from __future__ import annotations

import textwrap
import threading
import types
from collections.abc import Iterator

import numba
import numpy as np
import pytest

from lograph.core.kernels import jit as jit_module
from tests.core.kernels.jit_probe import kernel_module

_SOURCE = textwrap.dedent(
    """
    import numpy as np
    from lograph.core.kernels.jit import jit

    @jit
    def callee(x):
        return x + 1

    @jit
    def caller(a):
        total = 0
        for v in a:
            total += callee(v)
        return total

    @jit
    def later(x):
        return x
    """
)


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch, tmp_path) -> Iterator[types.ModuleType]:
    """A fresh kernel module in a file (numba caches next to it), its kernels not yet
    compiled; forgotten afterwards."""
    yield from kernel_module(monkeypatch, tmp_path, _SOURCE, "lograph.core.kernels._thread_probe")


def test_a_kernel_called_while_another_thread_loads_numba(probe, monkeypatch) -> None:
    # Thread A loads numba for the probe's kernels and is held while making the dispatcher
    # of `later` (after `caller`'s); thread B calls `caller` meanwhile. B must get the
    # right answer: either it waits for A, or it finds `callee` already a dispatcher.
    caller = probe.caller
    real_njit = numba.njit
    b_done = threading.Event()

    def held_njit(*args, **options):
        if args:  # numba's own uses, njit(func)
            return real_njit(*args, **options)

        def make(func):
            if func.__name__ == "later":
                b_started.set()
                b_done.wait(timeout=1.0)  # B runs here if it does not wait for the lock
            return real_njit(**options)(func)

        return make

    monkeypatch.setattr(numba, "njit", held_njit)
    b_started = threading.Event()
    outcome: dict[str, object] = {}

    def run_b() -> None:
        b_started.wait(timeout=30)
        try:
            outcome["value"] = caller(np.arange(3, dtype=np.int64))
        except Exception as exc:  # reported below
            outcome["error"] = exc
        b_done.set()

    b = threading.Thread(target=run_b)
    b.start()
    jit_module._load_numba()  # thread A
    b.join(timeout=60)
    assert "error" not in outcome, outcome.get("error")
    assert outcome["value"] == 1 + 2 + 3
    assert not isinstance(probe.callee, jit_module._Kernel)  # a dispatcher in its module
