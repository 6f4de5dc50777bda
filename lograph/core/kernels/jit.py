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

A process that asks many questions switches to the compiled kernels once their Python paths
have cost it more than making the kernels ready would (`PythonCost`, kept in `COSTS`): the
processor time spent on each Python path is added up (its clock injectable for tests) and
compared with what importing numba and loading the kernels from the disk cache costs, or
compiling them when the cache does not hold them (`cache_holds` tells, without importing
numba). That is
the rent-or-buy rule: a process never pays more than about twice what the better choice in
hindsight would have cost, and a one-shot command, whose Python path costs less than
loading numba, never loads it.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import sys
import threading
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast, overload

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "COSTS",
    "KERNEL_COMPILE_SECONDS",
    "KERNEL_LOAD_SECONDS",
    "LINEAR_MODULES",
    "NUMBA_START_SECONDS",
    "PYTHON_LIMIT",
    "PYTHON_LIMITS",
    "IntArray",
    "PythonCost",
    "cache_holds",
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
            and not COSTS.switch(self)
        ):
            _IN_PYTHON.active = True
            try:
                with COSTS.charge(self):
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
        if dispatcher is None and _DISPATCHER:  # imported after numba loaded: wrap it now
            dispatcher = self.compiled()
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


#: Processor seconds a process pays to import numba and make its first call of a kernel
#: found in the disk cache (LLVM's set-up included): 0.34 s on the build machine, idle.
NUMBA_START_SECONDS = 0.35
#: Processor seconds each further kernel takes to load from the disk cache.
KERNEL_LOAD_SECONDS = 0.01
#: Processor seconds a kernel takes to compile into an empty cache, with the kernels it
#: calls: from 0.5 s for a small one to ~9 s for the small engine's LU (two kernels, sixteen
#: with their callees), the fixed second of a process's first compilation included
#: (docs/performance.md, "First run"). One figure for all: a kernel's estimate errs by a
#: factor of about 2 either way, which the rent-or-buy rule tolerates.
KERNEL_COMPILE_SECONDS = 4.0


class PythonCost:
    """What the Python paths standing in for compiled kernels have cost this process, and
    whether switching to the kernels is due: once a path has cost more than making its
    kernels ready would (`switch_cost`), the compiled kernels are the cheaper choice from
    then on.

    `clock` measures each Python path in seconds of this thread's processor time (a machine
    busy with other work stretches wall time, which is no cost of the path's own; the costs
    of making kernels ready are processor times too); `cached` says whether numba's disk
    cache holds a kernel (asked once per kernel: `cache_holds`); `loaded` whether numba is
    imported; `ready` whether a kernel is ready, as numba knows once loaded (None: not
    known yet). Tests inject them, so the decision is checked without timing anything.
    """

    def __init__(
        self,
        clock: Callable[[], float] = time.thread_time,
        cached: Callable[[Callable[..., Any]], bool] | None = None,
        loaded: Callable[[], bool] | None = None,
        ready: Callable[[_Kernel], bool | None] | None = None,
    ) -> None:
        self._clock = clock
        self._cached = cached or cache_holds
        self._numba_loaded = loaded or (lambda: "numba" in sys.modules)
        self._ready = ready or _ready_as_numba_knows
        self._spent: dict[tuple[str, ...], float] = {}
        self._held: dict[Callable[..., Any], bool] = {}
        self._lock = threading.Lock()

    def spent(self, *kernels: Callable[..., Any]) -> float:
        """Seconds spent on the Python path standing in for `kernels` so far."""
        return self._spent.get(_key(kernels), 0.0)

    def add(self, seconds: float, *kernels: Callable[..., Any]) -> None:
        """Count `seconds` more spent on the Python path standing in for `kernels`."""
        key = _key(kernels)
        with self._lock:
            self._spent[key] = self._spent.get(key, 0.0) + seconds

    def charge(self, *kernels: Callable[..., Any]) -> _Charge:
        """A context: the time its block takes is counted as spent on the Python path of
        `kernels`."""
        return _Charge(self, kernels)

    def switch_cost(self, *kernels: Callable[..., Any]) -> float:
        """Seconds that making `kernels` ready would cost now: importing numba unless it is
        loaded, then loading each from the disk cache, or compiling it when the cache does
        not hold it (0 for a kernel compiled or loaded in this process already)."""
        loaded = self._numba_loaded()
        cost = 0.0 if loaded else NUMBA_START_SECONDS
        for found in kernels:
            kernel = _kernel_of(found)
            if kernel is None:  # a plain numba dispatcher: nothing to decide
                continue
            ready = self._ready(kernel) if loaded else None
            if ready is not None:  # numba's own answer is exact
                cost += 0.0 if ready else KERNEL_COMPILE_SECONDS
            elif self._holds(kernel.py_func):
                cost += KERNEL_LOAD_SECONDS
            else:
                cost += KERNEL_COMPILE_SECONDS
        return cost

    def _holds(self, func: Callable[..., Any]) -> bool:
        held = self._held.get(func)
        if held is None:  # the disk is read once per kernel and process
            held = self._held[func] = self._cached(func)
        return held

    def due(self, *kernels: Callable[..., Any]) -> bool:
        """Whether the Python path of `kernels` has cost more than making them ready would
        (always with ``LOGRAPH_JIT=numba``, never with ``=python``)."""
        mode = os.environ.get("LOGRAPH_JIT", "")
        if mode in ("numba", "python"):
            return mode == "numba"
        spent = self.spent(*kernels)
        if spent <= NUMBA_START_SECONDS and not self._numba_loaded():
            return False  # (the usual answer, without looking at the kernels)
        return spent > self.switch_cost(*kernels)

    def switch(self, *kernels: Callable[..., Any]) -> bool:
        """Whether to run the compiled `kernels` rather than their Python path: switching
        is `due`. Importing numba makes readiness known exactly (the disk check made without
        it cannot see the CPU a cache entry was compiled for), so when that import is what
        the switch would pay first it is paid here and the decision taken again."""
        if not self.due(*kernels):
            return False
        if self._numba_loaded():
            return True
        _load_numba()
        return self.due(*kernels)


def _ready_as_numba_knows(kernel: _Kernel) -> bool | None:
    """`_Kernel.ready` once the kernel has its dispatcher (numba is loaded), else None."""
    return kernel.ready() if kernel._compiled is not None else None


class _Charge:
    """`PythonCost.charge`'s context (a class: a generator-based one costs microseconds,
    noticeable on the small boards whose whole analysis takes tens of them)."""

    __slots__ = ("_cost", "_kernels", "_start")

    def __init__(self, cost: PythonCost, kernels: tuple[Callable[..., Any], ...]) -> None:
        self._cost, self._kernels, self._start = cost, kernels, 0.0

    def __enter__(self) -> None:
        self._start = self._cost._clock()

    def __exit__(self, *exc: object) -> None:
        self._cost.add(self._cost._clock() - self._start, *self._kernels)


#: kernels (as passed) -> the names they are accounted under
_KEYS: dict[tuple[Callable[..., Any], ...], tuple[str, ...]] = {}


def _key(kernels: tuple[Callable[..., Any], ...]) -> tuple[str, ...]:
    """One key for the same kernels, whether passed as wrappers or as numba dispatchers."""
    key = _KEYS.get(kernels)
    if key is None:
        names = []
        for found in kernels:
            kernel = _kernel_of(found)
            func = kernel.py_func if kernel is not None else getattr(found, "py_func", found)
            names.append(f"{func.__module__}.{func.__qualname__}")
        key = _KEYS[kernels] = tuple(sorted(names))
    return key


#: numba's version, read from its package without importing it (None: unknown)
_NUMBA_VERSION: list[str | None] = []


def _numba_version() -> str | None:
    if not _NUMBA_VERSION:
        import importlib.util

        version = None
        try:
            spec = importlib.util.find_spec("numba")
            folders = spec.submodule_search_locations if spec is not None else None
            if folders:
                text = (Path(next(iter(folders))) / "_version.py").read_text(encoding="utf-8")
                found = re.search(r'"version": "([^"]+)"', text)
                version = found.group(1) if found else None
        except (OSError, ImportError, ValueError):
            version = None
        _NUMBA_VERSION.append(version)
    return _NUMBA_VERSION[0]


def _cache_folders(source: Path) -> list[Path]:
    """Where numba would look for the cache of kernels defined in `source`, first first
    (numba's locators: ``NUMBA_CACHE_DIR``, the ``__pycache__`` beside the source when it
    can be written, the user's cache folder)."""
    parent = source.parent
    subpath = f"{parent.name}_{hashlib.sha1(str(parent).encode()).hexdigest()}"
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return [Path(chosen) / subpath]
    folders = []
    pycache = parent / "__pycache__"
    if os.access(pycache if pycache.exists() else parent, os.W_OK):
        folders.append(pycache)
    home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    folders.append(Path(home) / "numba" / subpath)
    return folders


def cache_holds(func: Callable[..., Any]) -> bool:
    """Whether numba's disk cache holds compiled code of kernel `func` for this source and
    this numba, found without importing numba: an index file named after the kernel, written
    by this numba version, stamped with the hash of the source as it is now. (The CPU a
    cache entry was compiled for is not checked: that needs numba, see `PythonCost.switch`.)
    """
    try:
        source = Path(func.__code__.co_filename).resolve()
        version = _numba_version()
        if version is None:
            return False
        abiflags = getattr(sys, "abiflags", "")
        name = (
            (
                f"{source.stem}.{func.__qualname__}-{func.__code__.co_firstlineno}"
                f".py{sys.version_info[0]}{sys.version_info[1]}{abiflags}.nbi"
            )
            .replace("<", "")
            .replace(">", "")
        )
        stamp = hashlib.sha256(source.read_bytes()).digest()
        for folder in _cache_folders(source):
            index = folder / name
            if not index.exists():
                continue
            with index.open("rb") as f:
                written_by = pickle.load(f)  # a str: the numba version (nothing else unpickled)
                rest = f.read()
            return bool(written_by == version and stamp in rest)
        return False
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
        return False


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


#: The process's account of its Python paths (`PythonCost`); the engines ask it too.
COSTS = PythonCost()
