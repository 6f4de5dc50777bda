"""The one wrapper around ``numba.njit`` every kernel uses, typed so mypy keeps the kernels'
signatures.

Kernels compile in nopython mode without the GIL and are cached on disk (``cache=True``):
numba writes the machine code next to the module (``__pycache__``, or ``NUMBA_CACHE_DIR``
when set), so only the first process after a change pays the compilation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast, overload

import numba
import numpy as np
from numpy.typing import NDArray

__all__ = ["IntArray", "jit"]

#: The index arrays the kernels take (CSC pointers and indices, orders, plans).
IntArray = NDArray[np.int64]

_F = TypeVar("_F", bound=Callable[..., Any])


@overload
def jit(fn: _F) -> _F: ...
@overload
def jit(*, inline: bool) -> Callable[[_F], _F]: ...
def jit(fn: _F | None = None, *, inline: bool = False) -> _F | Callable[[_F], _F]:
    """Compile `fn` with numba (nopython, nogil, cached on disk).

    ``@jit(inline=True)`` marks a small helper that numba inlines into its callers, so that
    splitting a hot loop into named steps costs no call per iteration.
    """

    def compile_(func: _F) -> _F:
        options: dict[str, Any] = {"cache": True, "nogil": True}
        if inline:
            options["inline"] = "always"
        return cast(_F, numba.njit(**options)(func))

    return compile_ if fn is None else compile_(fn)
