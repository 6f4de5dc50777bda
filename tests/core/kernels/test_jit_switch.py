"""A process switches from a Python path to the compiled kernels once the path has cost it
more than making the kernels ready would (`PythonCost`), and `cache_holds` tells, without
importing numba, whether the disk cache holds a kernel.

No test times anything: the clock is a fake that advances by a set step per reading, and
the cache and numba's state are injected where the test is about the decision alone.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import types
from collections.abc import Callable, Iterator
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from lograph.core.engines import small
from lograph.core.kernels import jit as jit_module
from lograph.core.kernels.jit import (
    KERNEL_COMPILE_SECONDS,
    KERNEL_LOAD_SECONDS,
    NUMBA_START_SECONDS,
    PythonCost,
    cache_holds,
)
from lograph.core.model.system import PressSystem
from tests.core.kernels.jit_probe import kernel_module


class FakeClock:
    """Advances by `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.step, self.now = step, 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def account(
    step: float, *, cached: bool, loaded: bool = False, ready: bool | None = None
) -> PythonCost:
    return PythonCost(
        clock=FakeClock(step),
        cached=lambda func: cached,
        loaded=lambda: loaded,
        ready=lambda kernel: ready,
    )


@pytest.fixture(autouse=True)
def _policy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LOGRAPH_JIT", raising=False)


def charged_until_due(cost: PythonCost, kernels: tuple[Callable[..., object], ...]) -> int:
    """How many charged blocks pass before the switch is due (at most 10,000)."""
    for count in range(10_000):
        if cost.due(*kernels):
            return count
        with cost.charge(*kernels):
            pass
    raise AssertionError("never due")


# ----------------------------------------------------------------- the decision


def test_switch_is_due_once_the_python_path_cost_what_loading_costs() -> None:
    lu = small.lu_kernels()
    cost = account(0.05, cached=True)  # each charged block: one step of 0.05 s
    expected = NUMBA_START_SECONDS + 2 * KERNEL_LOAD_SECONDS
    assert cost.switch_cost(*lu) == pytest.approx(expected)
    count = charged_until_due(cost, lu)
    assert count == int(expected // 0.05) + 1
    assert cost.spent(*lu) > expected >= cost.spent(*lu) - 0.05


def test_without_the_cache_the_switch_waits_for_the_compile_cost() -> None:
    lu = small.lu_kernels()
    warm = charged_until_due(account(0.05, cached=True), lu)
    cold_cost = account(0.05, cached=False)
    assert cold_cost.switch_cost(*lu) == pytest.approx(
        NUMBA_START_SECONDS + 2 * KERNEL_COMPILE_SECONDS
    )
    cold = charged_until_due(cold_cost, lu)
    assert cold > 10 * warm


def test_numba_loaded_and_ready_kernels_cost_nothing_more() -> None:
    lu = small.lu_kernels()
    assert account(0.05, cached=False, loaded=True, ready=True).switch_cost(*lu) == 0
    assert account(0.05, cached=True, loaded=True, ready=False).switch_cost(*lu) == (
        pytest.approx(2 * KERNEL_COMPILE_SECONDS)  # numba's exact answer beats the disk look
    )
    assert account(0.05, cached=True, loaded=True, ready=None).switch_cost(*lu) == (
        pytest.approx(2 * KERNEL_LOAD_SECONDS)
    )


def test_each_path_has_its_own_account() -> None:
    from lograph.core.kernels.chase_plan import greedy_chase

    lu = small.lu_kernels()
    cost = account(0.5, cached=True)
    with cost.charge(*lu):
        pass
    assert cost.due(*lu)
    assert cost.due(*reversed(lu))  # the same kernels, in any order
    assert not cost.due(greedy_chase)


def test_the_environment_overrides_the_account(monkeypatch: pytest.MonkeyPatch) -> None:
    lu = small.lu_kernels()
    cost = account(10.0, cached=True)
    with cost.charge(*lu):
        pass
    monkeypatch.setenv("LOGRAPH_JIT", "python")
    assert not cost.due(*lu)
    monkeypatch.setenv("LOGRAPH_JIT", "numba")
    assert account(0.0, cached=False).due(*lu)


# ----------------------------------------------------------------- the small engine


def random_system(n: int, seed: int) -> PressSystem:
    graph = nx.fast_gnp_random_graph(n, 6 / (n - 1), seed=seed)
    edges = np.array(list(graph.edges()), dtype=np.int64).reshape(-1, 2)
    return PressSystem.from_edges(n, edges[:, 0], edges[:, 1], np.ones(n, dtype=bool))


def test_the_small_engine_takes_the_lu_once_its_int_path_cost_enough(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Numba counted as loaded and the LU as found in the cache: switching costs two kernel
    loads, so the int path runs while it has cost less (one step per board)."""
    step = 0.75 * KERNEL_LOAD_SECONDS
    monkeypatch.setattr(jit_module, "COSTS", account(step, cached=True, loaded=True))
    monkeypatch.setattr(small, "compiled_ready", lambda *kernels: False)
    compiled: list[int] = []
    monkeypatch.setattr(
        small.SmallSolver,
        "_prepare_compiled",
        lambda self, system: compiled.append(system.n),
    )
    paths = []
    for seed in range(5):
        solver = small.SmallSolver(random_system(200, seed))
        paths.append("lu" if compiled else "ints")
        compiled.clear()
        del solver
    assert paths == ["ints", "ints", "ints", "lu", "lu"]  # 3 steps > 2 loads > 2 steps


def test_tiny_boards_are_not_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    cost = account(1.0, cached=True)
    monkeypatch.setattr(jit_module, "COSTS", cost)
    monkeypatch.setattr(small, "compiled_ready", lambda *kernels: False)
    for seed in range(3):
        small.SmallSolver(random_system(small.UNCOUNTED_LIMIT, seed))
    assert cost.spent(*small.lu_kernels()) == 0


def test_a_switched_solver_gives_the_int_paths_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    system = random_system(300, 7)
    monkeypatch.setattr(small, "compiled_ready", lambda *kernels: False)
    monkeypatch.setattr(jit_module, "COSTS", account(0.0, cached=True))
    on_ints = small.SmallSolver(system)
    assert on_ints._kernel is None
    monkeypatch.setenv("LOGRAPH_JIT", "numba")  # due at once
    switched = small.SmallSolver(system)
    assert switched._kernel is not None
    assert switched.analysis.rank == on_ints.analysis.rank
    assert np.array_equal(switched.analysis.quiet, on_ints.analysis.quiet)


# ----------------------------------------------------------------- kernels run as Python

_SOURCE = textwrap.dedent(
    """
    from lograph.core.kernels.jit import jit

    @jit
    def total(a):
        s = 0
        for i in range(len(a)):
            s += a[i]
        return s

    @jit
    def never_compiled(a):
        return len(a)
    """
)
_NAME = "lograph.core.kernels._switch_probe"
#: An input past the Python limit: the kernel compiles for it.
BIG = np.ones(jit_module.PYTHON_LIMIT + 1, dtype=np.int64)


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[types.ModuleType]:
    """A fresh linear kernel module whose cache (beside it, in tmp_path) starts empty."""
    monkeypatch.setattr(jit_module, "LINEAR_MODULES", jit_module.LINEAR_MODULES | {_NAME})
    module = next(kernel_module(monkeypatch, tmp_path, _SOURCE, _NAME))
    module.wrapped = {"total": module.total, "never_compiled": module.never_compiled}
    yield module
    jit_module._KERNELS[:] = [k for k in jit_module._KERNELS if k.__module__ != _NAME]


def test_a_kernel_run_as_python_compiles_once_its_python_cost_the_compilation(
    probe: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    kernel = probe.wrapped["total"]
    kernel.compiled()  # numba loaded: readiness is numba's own answer (not cached: compile)
    step = KERNEL_COMPILE_SECONDS / 2.5
    monkeypatch.setattr(jit_module, "COSTS", PythonCost(clock=FakeClock(step)))
    values = np.arange(10, dtype=np.int64)
    compiled_at = []
    for _ in range(5):
        assert kernel(values) == 45
        compiled_at.append(bool(kernel._compiled.overloads))
    assert compiled_at == [False, False, False, True, True]  # 3 steps > 1 compile > 2 steps


def test_cache_holds_finds_a_compiled_kernel_without_numba(
    probe: types.ModuleType, tmp_path: Path
) -> None:
    total, never = probe.wrapped["total"], probe.wrapped["never_compiled"]
    assert not cache_holds(total.py_func)  # an empty cache
    total(BIG)  # past the Python limit: compiled, into the cache beside the module
    assert cache_holds(total.py_func)
    assert not cache_holds(never.py_func)
    # a fresh interpreter finds it too, without importing numba
    code = textwrap.dedent(
        f"""
        import importlib.util, sys
        spec = importlib.util.spec_from_file_location({_NAME!r}, {str(probe.__file__)!r})
        module = importlib.util.module_from_spec(spec)
        sys.modules[{_NAME!r}] = module
        spec.loader.exec_module(module)
        from lograph.core.kernels.jit import cache_holds
        print(cache_holds(module.total.py_func), cache_holds(module.never_compiled.py_func),
              "numba" in sys.modules)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.split() == ["True", "False", "False"]
    # a changed source makes the entry stale, as numba itself would find it
    source = Path(probe.__file__)
    source.write_text(source.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert not cache_holds(total.py_func)


def test_cache_holds_refuses_another_numbas_index(
    probe: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    total = probe.wrapped["total"]
    total(BIG)
    assert cache_holds(total.py_func)
    monkeypatch.setattr(jit_module, "_NUMBA_VERSION", ["0.0.1"])
    assert not cache_holds(total.py_func)
