"""The one wrapper around ``numba.njit`` every kernel uses, typed so mypy keeps the kernels'
signatures.

Kernels compile in nopython mode without the GIL and are cached on disk (``cache=True``):
numba writes the machine code next to the module (``__pycache__``, or ``NUMBA_CACHE_DIR``
when set), so only the first process after a change pays the compilation.

numba itself is loaded only when a kernel first needs compiling: importing it costs a process
~0.4 s, and compiling the analysis kernels into an empty cache several seconds. A small board
does not need either: the kernels whose work grows with their input (chase planning, BFS, the
symbolic chase, packed-bit elimination; `LINEAR_MODULES`) run as plain Python when their
arrays hold at most `PYTHON_LIMIT` entries and numba is not loaded yet. The code is the same
either way, so are the answers. ``LOGRAPH_JIT=numba`` (or ``python``) forces one mode, for
tests.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast, overload

import numpy as np
from numpy.typing import NDArray

__all__ = ["LINEAR_MODULES", "PYTHON_LIMIT", "IntArray", "compiled_ready", "jit", "python_only"]

#: The index arrays the kernels take (CSC pointers and indices, orders, plans).
IntArray = NDArray[np.int64]

_F = TypeVar("_F", bound=Callable[..., Any])

#: Kernel modules whose work is about linear in their array arguments (never a search over
#: 2^N positions), so that plain Python on a small input finishes in milliseconds.
LINEAR_MODULES = frozenset(
    f"lograph.core.kernels.{name}"
    for name in ("chase_plan", "bfs", "chase_gf2", "chase_gfp", "bits")
)
#: Most array entries (summed over a call's arguments) a kernel runs as Python for.
PYTHON_LIMIT = 2048

_KERNELS: list[_Kernel] = []
_LOCK = threading.Lock()
#: Set while a kernel runs as Python on this thread: the kernels it calls run as Python too
#: without deciding again (the decision read the environment and summed array sizes on every
#: nested call, two thirds of a small 3-colour board's analysis).
_IN_PYTHON = threading.local()


class _Kernel:
    """A kernel that compiles on first need, or runs as Python on small input."""

    def __init__(self, func: Callable[..., Any], options: dict[str, Any]) -> None:
        self.py_func = func
        self._options = options
        self._compiled: Callable[..., Any] | None = None
        self._linear = func.__module__ in LINEAR_MODULES
        self.__name__ = func.__name__
        self.__doc__ = func.__doc__
        self.__module__ = func.__module__
        self.__wrapped__ = func
        _KERNELS.append(self)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # keywords pass through as to the numba dispatcher this stands in for (which later
        # imports get directly once numba is loaded)
        if getattr(_IN_PYTHON, "active", False):
            return self.py_func(*args, **kwargs)
        if self._compiled is None and self._linear and _python_wanted(args):
            _IN_PYTHON.active = True
            try:
                return self.py_func(*args, **kwargs)
            finally:
                _IN_PYTHON.active = False
        return self.compiled()(*args, **kwargs)

    def compiled(self) -> Callable[..., Any]:
        """The numba dispatcher (numba is loaded, every kernel wrapped, on first need)."""
        if self._compiled is None:
            _load_numba()
        return cast(Callable[..., Any], self._compiled)


def compiled_ready() -> bool:
    """Whether compiled kernels are to be used whatever the input size: numba is loaded
    already (paid for) or ``LOGRAPH_JIT=numba`` asks for it (``=python`` never)."""
    mode = os.environ.get("LOGRAPH_JIT", "")
    return mode != "python" and (mode == "numba" or "numba" in sys.modules)


def python_only() -> bool:
    """Whether ``LOGRAPH_JIT=python`` asks for plain Python wherever there is a Python path."""
    return os.environ.get("LOGRAPH_JIT", "") == "python"


def _python_wanted(args: tuple[Any, ...]) -> bool:
    if python_only():
        return True
    if compiled_ready():
        return False
    size = sum(a.size for a in args if isinstance(a, np.ndarray))
    return size <= PYTHON_LIMIT


def _load_numba() -> None:
    import numba

    with _LOCK:
        if not _KERNELS or _KERNELS[0]._compiled is None:  # first load of this process
            _watch_compiles()
        made = {
            id(kernel): numba.njit(**kernel._options)(kernel.py_func)
            for kernel in _KERNELS
            if kernel._compiled is None
        }
        # Compiled callers look their callees up in their module's globals, also when
        # imported from another kernel module: they must find dispatchers, not wrappers.
        for name, module in list(sys.modules.items()):
            if name.startswith("lograph.core.kernels.") and module is not None:
                for attribute, value in list(vars(module).items()):
                    if isinstance(value, _Kernel):
                        dispatcher = value._compiled or made.get(id(value))
                        if dispatcher is not None:
                            setattr(module, attribute, dispatcher)
        # Published last: another thread that sees a kernel's dispatcher (without taking
        # the lock) and compiles it must find its callees replaced already (two searches
        # starting side by side on a cold cache hit a wrapper here in CI).
        for kernel in _KERNELS:
            if kernel._compiled is None:  # (a kernel imported meanwhile waits for its call)
                kernel._compiled = made.get(id(kernel))


def _watch_compiles() -> None:
    # numba fires "numba:compile" only on a cache miss, so loading cached kernels is silent
    from numba.core import event

    from lograph.core.kernels.compile_notice import compiling

    class FirstCompile(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            compiling()

        def on_end(self, ev: event.Event) -> None:
            pass

    event.register("numba:compile", FirstCompile())  # type: ignore[no-untyped-call]


@overload
def jit(fn: _F) -> _F: ...
@overload
def jit(*, inline: bool) -> Callable[[_F], _F]: ...
def jit(fn: _F | None = None, *, inline: bool = False) -> _F | Callable[[_F], _F]:
    """Compile `fn` with numba (nopython, nogil, cached on disk) when it is first needed.

    ``@jit(inline=True)`` marks a small helper that numba inlines into its callers, so that
    splitting a hot loop into named steps costs no call per iteration.
    """

    def compile_(func: _F) -> _F:
        options: dict[str, Any] = {"cache": True, "nogil": True}
        if inline:
            options["inline"] = "always"
        return cast(_F, _Kernel(func, options))

    return compile_ if fn is None else compile_(fn)
