"""The one wrapper around ``numba.njit`` every kernel uses, typed so mypy keeps the kernels'
signatures.

Kernels compile in nopython mode without the GIL and are cached on disk (``cache=True``):
numba writes the machine code next to the module (``__pycache__``, or ``NUMBA_CACHE_DIR``
when set), so only the first process after a change pays the compilation.

numba itself is loaded only when a kernel first needs compiling: importing it costs a process
~0.4 s, and compiling the analysis kernels into an empty cache several seconds. A small board
does not need either: the kernels whose work grows with their input (chase planning, BFS, the
symbolic chase, packed-bit elimination; `LINEAR_MODULES`) run as plain Python when their
arrays hold at most `PYTHON_LIMIT` entries (`PYTHON_LIMITS` for a module of its own) and the
kernel is not *ready*: compiled in this process or found in numba's on-disk cache. So a
process that loaded numba for one kernel (the worst position's search, say) does not compile
every other kernel it touches on a fresh install: those keep their Python path until a
warm-up (`lograph.core.report.warmup`) or a big board has compiled them. The code is the same
either way, so are the answers; a kernel running as Python calls the Python versions of the
kernels it calls. ``LOGRAPH_JIT=numba`` (or ``python``) forces one mode, for tests.

`compiled_ready()` tells the engines whether to prefer compiled code on small boards too:
numba is loaded and every kernel imported so far is ready.
"""

from __future__ import annotations

import os
import sys
import threading
import types
from collections.abc import Callable
from typing import Any, TypeVar, cast, overload

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "LINEAR_MODULES",
    "PYTHON_LIMIT",
    "PYTHON_LIMITS",
    "IntArray",
    "compiled_ready",
    "jit",
    "numba_loaded",
    "python_only",
]

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
#: The limit of the modules whose Python path stays cheap further: a chase plan of a 60×60
#: grid (3,600 buttons, ~22,000 entries) takes about as long in Python as loading numba and
#: the compiled plan from a warm cache, and a fraction of compiling it
#: (docs/performance.md, "First run").
PYTHON_LIMITS = {f"lograph.core.kernels.{name}": 24576 for name in ("chase_plan", "bfs")}

_KERNELS: list[_Kernel] = []
_LOCK = threading.Lock()
#: numba's CPUDispatcher class and its guarded subclass, once numba is loaded
_DISPATCHER: list[type] = []
#: Whether every kernel registered so far was ready when last asked (cleared by a new one).
_ALL_READY = [False]
#: module name -> the globals the Python versions of its kernels run with (kernels in them
#: replaced by their Python versions, so a kernel running as Python never compiles a callee)
_PYTHON_GLOBALS: dict[str, dict[str, Any]] = {}
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
        self._limit = PYTHON_LIMITS.get(func.__module__, PYTHON_LIMIT)
        self._ready = False
        self._looked = False
        self._python: Callable[..., Any] | None = None
        self.__name__ = func.__name__
        self.__doc__ = func.__doc__
        self.__module__ = func.__module__
        self.__wrapped__ = func
        _KERNELS.append(self)
        _ALL_READY[0] = False

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # keywords pass through as to the numba dispatcher this stands in for (which later
        # imports get directly once numba is loaded)
        if getattr(_IN_PYTHON, "active", False):
            return self.python()(*args, **kwargs)
        if (
            self._linear
            and _python_wanted(args, self._limit)
            and (python_only() or not self.ready())
        ):
            _IN_PYTHON.active = True
            try:
                return self.python()(*args, **kwargs)
            finally:
                _IN_PYTHON.active = False
        dispatcher = self.compiled()
        if type(dispatcher) is not _DISPATCHER[0]:  # still guarded: call it unguarded
            return _DISPATCHER[0].__call__(dispatcher, *args, **kwargs)
        return dispatcher(*args, **kwargs)

    def ready(self) -> bool:
        """Whether calling the compiled kernel costs no compilation: numba is loaded and the
        kernel is compiled in this process or found in the on-disk cache."""
        dispatcher = self._compiled
        if not self._ready and dispatcher is not None:
            if getattr(dispatcher, "overloads", None):  # compiled (or loaded) here
                self._ready = True
            elif not self._looked:  # the disk is read once per process
                self._looked = True
                self._ready = _cached(dispatcher)
            if self._ready and _DISPATCHER:  # nothing left to decide: drop the guard
                dispatcher.__class__ = _DISPATCHER[0]
        return self._ready

    def python(self) -> Callable[..., Any]:
        """The kernel as plain Python, calling the Python versions of the kernels it calls
        (after numba loads, the module's globals hold dispatchers, which would compile)."""
        if self._python is None:
            func = self.py_func
            if "numba" not in sys.modules:  # the globals hold wrappers: they stay Python
                return func
            python = types.FunctionType(
                func.__code__,
                _python_globals(func.__module__),
                func.__name__,
                func.__defaults__,
                func.__closure__,
            )
            python.__kwdefaults__ = func.__kwdefaults__
            self._python = python
        return self._python

    def compiled(self) -> Callable[..., Any]:
        """The numba dispatcher (numba is loaded, every kernel wrapped, on first need)."""
        if self._compiled is None:
            _load_numba()
        return cast(Callable[..., Any], self._compiled)


def numba_loaded() -> bool:
    """Whether compiled code may be used at all without paying for numba's import: numba is
    loaded already, or ``LOGRAPH_JIT=numba`` asks for it (``=python``: never)."""
    mode = os.environ.get("LOGRAPH_JIT", "")
    return mode != "python" and (mode == "numba" or "numba" in sys.modules)


def compiled_ready(*kernels: Callable[..., Any]) -> bool:
    """Whether compiled kernels are to be used whatever the input size: ``LOGRAPH_JIT=numba``
    asks for it (``=python`` never), or numba is loaded already (paid for) and `kernels` —
    the ones the caller would run, or with none named every kernel imported so far — are
    ready (none would compile: on a fresh install a board's first analysis keeps the Python
    paths rather than compile for seconds, while a process whose cache holds those kernels
    uses them even if it imported others that were never compiled)."""
    mode = os.environ.get("LOGRAPH_JIT", "")
    if mode == "python":
        return False
    if mode == "numba":
        return True
    if "numba" not in sys.modules:
        return False
    if kernels:
        found = [_kernel_of(kernel) for kernel in kernels]
        return all(kernel is None or kernel.ready() for kernel in found)
    if not _ALL_READY[0]:
        _ALL_READY[0] = all(kernel.ready() for kernel in list(_KERNELS))
    return _ALL_READY[0]


def python_only() -> bool:
    """Whether ``LOGRAPH_JIT=python`` asks for plain Python wherever there is a Python path."""
    return os.environ.get("LOGRAPH_JIT", "") == "python"


def _python_wanted(args: tuple[Any, ...], limit: int = PYTHON_LIMIT) -> bool:
    if python_only():
        return True
    if os.environ.get("LOGRAPH_JIT", "") == "numba":
        return False
    size = 0
    for a in args:
        if isinstance(a, np.ndarray):
            size += a.size
        elif isinstance(a, tuple):  # kernels take tuples of arrays too
            size += sum(b.size for b in a if isinstance(b, np.ndarray))
    return size <= limit


def _cached(dispatcher: Any) -> bool:
    """Whether `dispatcher` has compiled code in this process or an up-to-date entry in
    numba's on-disk cache (its index names this source, hashed, and this machine)."""
    try:
        cache = dispatcher._cache._cache_file  # numba's private cache objects (0.5x–0.68)
        index = cache._load_index()  # {} when missing or made from another source
        if not index:
            return False
        import numba.core.registry

        magic = numba.core.registry.cpu_target.target_context.codegen().magic_tuple()
        return any(key[1] == magic for key in index)
    except Exception:  # another numba: assume ready, as before this check existed
        return True


def _python_globals(module_name: str) -> dict[str, Any]:
    found = _PYTHON_GLOBALS.get(module_name)
    if found is None:
        found = _PYTHON_GLOBALS[module_name] = dict(vars(sys.modules[module_name]))
        for name, value in list(found.items()):
            kernel = _kernel_of(value)
            if kernel is not None:
                found[name] = kernel.python()
    return found


def _kernel_of(value: Any) -> _Kernel | None:
    if isinstance(value, _Kernel):
        return value
    if _DISPATCHER and isinstance(value, _DISPATCHER[0]):
        for kernel in _KERNELS:
            if kernel._compiled is value:
                return kernel
    return None


def _load_numba() -> None:
    import numba

    with _LOCK:
        if not _KERNELS or _KERNELS[0]._compiled is None:  # first load of this process
            _watch_compiles()
        if not _DISPATCHER:
            _DISPATCHER.extend(_dispatcher_classes())
        made = {
            id(kernel): numba.njit(**kernel._options)(kernel.py_func)
            for kernel in _KERNELS
            if kernel._compiled is None
        }
        for kernel in _KERNELS:
            dispatcher = made.get(id(kernel))
            if dispatcher is not None and kernel._linear:
                # a module importing the kernel from now on gets the dispatcher: guarded, a
                # call from Python still takes the Python path on small input until it is
                # ready (compiled callers link to it directly, unguarded)
                dispatcher._lograph_kernel = kernel
                dispatcher.__class__ = _DISPATCHER[1]
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


def _dispatcher_classes() -> tuple[type, type]:
    from numba.core.registry import CPUDispatcher

    class GuardedDispatcher(CPUDispatcher):
        """A linear kernel's dispatcher while it is not ready: calls from Python decide
        between the Python path and the compiled code as the wrapper does."""

        _lograph_kernel: _Kernel

        def __call__(self, *args: Any, **kwargs: Any) -> Any:
            return self._lograph_kernel(*args, **kwargs)

    return CPUDispatcher, GuardedDispatcher


def _watch_compiles() -> None:
    # numba fires "numba:compile" only on a cache miss, so loading cached kernels is silent
    from numba.core import event

    from lograph.core.kernels.compile_notice import compiling

    class FirstCompile(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            # (numba's own helpers it compiles along, such as array methods, are not named)
            func = getattr(ev.data.get("dispatcher"), "py_func", None)
            module = getattr(func, "__module__", "") or ""
            name = getattr(func, "__name__", "")
            named = module.startswith("lograph.")
            compiling(f"{module.rsplit('.', 1)[-1]}.{name}" if named else "")

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
