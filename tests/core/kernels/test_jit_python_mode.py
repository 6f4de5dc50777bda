"""Kernels run as plain Python on small input: a kernel called from one running as Python
runs as Python too, without deciding again (the decision read the environment and summed
array sizes on every nested call), and an error inside leaves the next call to decide
afresh."""

from __future__ import annotations

import textwrap
import types
from collections.abc import Iterator

import numpy as np
import pytest

from lograph.core.kernels import jit as jit_module
from tests.core.kernels.jit_probe import kernel_module

_SOURCE = textwrap.dedent(
    """
    from lograph.core.kernels.jit import jit

    @jit
    def callee(a, i):
        if a[i] < 0:
            raise ValueError("negative entry")
        return a[i] * 2

    @jit
    def caller(a):
        total = 0
        for i in range(len(a)):
            total += callee(a, i)
        return total
    """
)
_NAME = "lograph.core.kernels._python_probe"


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch, tmp_path) -> Iterator[types.ModuleType]:
    """A fresh kernel module counted among the linear ones; forgotten afterwards."""
    monkeypatch.setattr(jit_module, "LINEAR_MODULES", jit_module.LINEAR_MODULES | {_NAME})
    yield from kernel_module(monkeypatch, tmp_path, _SOURCE, _NAME)


def test_nested_kernels_run_as_python_after_one_decision(probe, monkeypatch) -> None:
    monkeypatch.setenv("LOGRAPH_JIT", "python")
    decisions = []
    real = jit_module._python_wanted

    def counted(args, *limit):
        decisions.append(args)
        return real(args, *limit)

    monkeypatch.setattr(jit_module, "_python_wanted", counted)
    values = np.arange(5, dtype=np.int64)
    assert probe.caller(values) == 2 * int(values.sum())
    assert len(decisions) == 1  # the caller's; its five callee calls ran as Python
    assert probe.callee._compiled is None  # never compiled


def test_an_error_inside_python_mode_does_not_stick(probe, monkeypatch) -> None:
    monkeypatch.setenv("LOGRAPH_JIT", "python")
    with pytest.raises(ValueError, match="negative"):
        probe.caller(np.array([1, -1], dtype=np.int64))
    assert not getattr(jit_module._IN_PYTHON, "active", False)
    decisions = []
    real = jit_module._python_wanted
    monkeypatch.setattr(
        jit_module, "_python_wanted", lambda a, *limit: decisions.append(a) or real(a, *limit)
    )
    assert probe.callee(np.array([3], dtype=np.int64), 0) == 6
    assert len(decisions) == 1  # decided afresh, not taken for a nested call
