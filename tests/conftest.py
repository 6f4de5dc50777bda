"""Shared test setup: Qt runs offscreen, before any QApplication exists; shared fixtures."""

import os
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import HealthCheck, settings

# Property tests must not pass or fail by the machine's speed: no per-example deadline, and
# no "generation too slow" health check (both measure seconds on a loaded 2-core machine).
settings.register_profile("lograph", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("lograph")


@pytest.fixture(autouse=True)
def fresh_python_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """The process's account of its Python paths (lograph.core.kernels.jit.COSTS) with a
    clock that stands still: no test switches to compiled kernels because the machine is
    slow, or because earlier tests spent time on Python paths. The tests of the switch
    give it a clock of their own."""
    from lograph.core.kernels import jit

    monkeypatch.setattr(jit, "COSTS", jit.PythonCost(clock=lambda: 0.0))


@pytest.fixture
def highs_stops_after_one_node(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stop HiGHS (the worst-position integer program) after one branch-and-bound node.

    lograph bounds that program only by seconds (``time_limit``), so "the answer is bounded,
    not exact" would depend on the machine's speed. A limit on work gives the same unproven
    answer everywhere. `gf2_worst_exact._ilp` imports `milp` at call time, so patching the module
    attribute reaches it.
    """
    import scipy.optimize

    real = scipy.optimize.milp

    def one_node(*args: Any, options: dict[str, Any] | None = None, **kwargs: Any) -> Any:
        return real(*args, options={**(options or {}), "node_limit": 1}, **kwargs)

    monkeypatch.setattr(scipy.optimize, "milp", one_node)


@pytest.fixture
def heuristic_fewest(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every fewest-presses search give its heuristic answer and proven lower bound, as
    it does past nullity 26, on boards small enough to check against the true minimum.
    Callers import `fewest_presses` at call time, so patching the module attribute reaches
    them."""
    from lograph.core.optimize import fewest as minimal
    from tests.cli.helpers import with_budgets

    bounded = with_budgets(minimal.fewest_presses, transform_nullity=0, search_nullity=0)
    monkeypatch.setattr(minimal, "fewest_presses", bounded)
