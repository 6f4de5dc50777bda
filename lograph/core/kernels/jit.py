"""A typed wrapper around ``numba.njit`` so mypy keeps the kernels' signatures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

__all__ = ["IntArray", "jit"]

#: The index arrays the kernels take (CSC pointers and indices, orders, plans).
IntArray = NDArray[np.int64]

_F = TypeVar("_F", bound=Callable[..., Any])


def jit(fn: _F) -> _F:
    """Compile `fn` with numba in nopython mode, cached on disk (fast start-up)."""
    return cast(_F, numba.njit(cache=True, nogil=True)(fn))
