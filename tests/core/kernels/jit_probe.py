"""A fresh kernel module for the lazy kernel wrapper's tests: written to a file (numba
caches next to it), imported under a name in ``lograph.core.kernels``, its kernels not yet
compiled, and forgotten afterwards."""

from __future__ import annotations

import importlib.util
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from lograph.core.kernels import jit as jit_module


def kernel_module(
    monkeypatch: pytest.MonkeyPatch, folder: Path, source: str, name: str
) -> Iterator[types.ModuleType]:
    """Yield the module `source` makes (for a fixture); its kernels are dropped after."""
    path = folder / f"{name.rsplit('.', 1)[-1]}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    before = list(jit_module._KERNELS)
    spec.loader.exec_module(module)
    yield module
    jit_module._KERNELS[:] = before
