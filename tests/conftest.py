"""Shared test setup: Qt runs offscreen, before any QApplication exists; shared fixtures."""

import os
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def highs_stops_after_one_node(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stop HiGHS (the worst-position integer program) after one branch-and-bound node.

    lograph bounds that program only by seconds (``time_limit``), so "the answer is bounded,
    not exact" would depend on the machine's speed. A limit on work gives the same unproven
    answer everywhere. `worst._ilp` imports `milp` at call time, so patching the module
    attribute reaches it.
    """
    import scipy.optimize

    real = scipy.optimize.milp

    def one_node(*args: Any, options: dict[str, Any] | None = None, **kwargs: Any) -> Any:
        return real(*args, options={**(options or {}), "node_limit": 1}, **kwargs)

    monkeypatch.setattr(scipy.optimize, "milp", one_node)
