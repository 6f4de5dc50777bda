"""A typed wrapper around ``numba.njit`` so mypy keeps the kernels' signatures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

__all__ = ["jit"]

_F = TypeVar("_F", bound=Callable[..., Any])


def jit(fn: _F) -> _F:
    """Compile `fn` with numba in nopython mode, cached on disk (fast start-up)."""
    return cast(_F, numba.njit(cache=True, nogil=True)(fn))
