"""A process that has loaded numba still runs a kernel as Python on small input while the
kernel is not *ready* (compiled here or in the on-disk cache): a fresh install does not
compile every kernel a board touches. The Python versions call Python callees (the module's
globals hold dispatchers by then), a module importing a kernel after numba loaded gets a
guarded dispatcher that decides the same way, and the answers equal the compiled ones."""

from __future__ import annotations

import textwrap
import types
from collections.abc import Iterator

import numpy as np
import pytest

from lograph.core.chase.plan import chase_plan
from lograph.core.kernels import jit as jit_module
from lograph.core.model.generators import random_graph
from tests.core.kernels.jit_probe import kernel_module

_SOURCE = textwrap.dedent(
    """
    from lograph.core.kernels.jit import jit

    @jit
    def callee(a, i):
        return a[i] * 2

    @jit
    def caller(a):
        total = 0
        for i in range(len(a)):
            total += callee(a, i)
        return total
    """
)
_NAME = "lograph.core.kernels._first_run_probe"


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch, tmp_path) -> Iterator[types.ModuleType]:
    """A fresh linear kernel module, its cache in tmp_path (empty), numba loaded."""
    monkeypatch.delenv("LOGRAPH_JIT", raising=False)
    monkeypatch.setattr(jit_module, "LINEAR_MODULES", jit_module.LINEAR_MODULES | {_NAME})
    module = next(kernel_module(monkeypatch, tmp_path, _SOURCE, _NAME))
    module.wrappers = {"caller": module.caller, "callee": module.callee}
    module.caller.compiled()  # loads numba: every kernel gets its dispatcher, uncompiled
    yield module
    jit_module._KERNELS[:] = [k for k in jit_module._KERNELS if k.__module__ != _NAME]


def test_a_kernel_not_in_the_cache_runs_as_python_after_numba_loads(probe) -> None:
    caller, callee = probe.wrappers["caller"], probe.wrappers["callee"]  # taken before numba
    assert not caller.ready()
    values = np.arange(7, dtype=np.int64)
    assert caller(values) == 2 * int(values.sum())
    assert not caller._compiled.overloads  # nothing compiled ...
    assert not callee._compiled.overloads  # ... not even the callee it called
    assert not jit_module.compiled_ready()  # the engines keep their Python paths too


def test_a_late_import_gets_a_guarded_dispatcher(probe, monkeypatch) -> None:
    dispatcher = vars(probe)["caller"]  # what `from module import caller` now finds
    wrapper = probe.wrappers["caller"]
    assert dispatcher is wrapper._compiled
    values = np.arange(5, dtype=np.int64)
    assert dispatcher(values) == 20
    assert not dispatcher.overloads  # the guard took the Python path
    big = np.ones(jit_module.PYTHON_LIMIT + 1, dtype=np.int64)
    assert dispatcher(big) == 2 * big.size  # past the limit: compiled
    assert dispatcher.overloads
    assert wrapper.ready()
    assert type(dispatcher).__name__ == "CPUDispatcher"  # ready: the guard is dropped
    assert dispatcher(values) == 20


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_chase_plans_as_python_equal_the_compiled_ones(seed: int, monkeypatch) -> None:
    """Up to the chase modules' own limit (24,576 entries) a plan is made in Python."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(800, 2000))
    system = random_graph(n, 5 / n, seed=seed).to_system()
    assert (
        system.indices.size + system.indptr.size
        < jit_module.PYTHON_LIMITS["lograph.core.kernels.chase_plan"]
    )
    monkeypatch.setenv("LOGRAPH_JIT", "python")
    python = chase_plan(system)
    monkeypatch.setenv("LOGRAPH_JIT", "numba")
    compiled = chase_plan(system)
    assert python.buttons.tolist() == compiled.buttons.tolist()
    assert python.lights.tolist() == compiled.lights.tolist()
    assert python.free_count == compiled.free_count


def test_a_named_kernel_is_ready_though_others_are_not(probe) -> None:
    """The engines ask about the kernels they would run: a process whose cache (or its own
    compiling) has those ready uses them, even when it imported kernels never compiled —
    asking about every kernel made the small engine take its Python path for good there."""
    caller, callee = probe.wrappers["caller"], probe.wrappers["callee"]
    values = np.arange(3000, dtype=np.int64)  # past PYTHON_LIMIT: the compiled kernel runs
    assert callee._compiled(values, 5) == 10  # compiles the callee alone
    assert callee.ready()
    assert not caller.ready()
    assert jit_module.compiled_ready(callee)
    assert not jit_module.compiled_ready(callee, caller)
    assert not jit_module.compiled_ready()  # every kernel imported so far: the caller is not
