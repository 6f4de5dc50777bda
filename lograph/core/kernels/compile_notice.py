"""Who to tell when this process compiles its first kernel (a numba cache miss).

The first run after an install or upgrade compiles the kernels a command needs (seconds on a
big board; cached on disk afterwards), which would otherwise look like a hang. The command
line registers a one-line notice here; `lograph.core.kernels.jit` calls it once, when numba
starts compiling (not when it loads a kernel from the cache). No imports: registering costs
nothing on the commands that never load numba.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["compiled_kernels", "compiling", "on_first_compile"]

_CALLBACKS: list[Callable[[], None]] = []
_told = False
#: The kernels this process compiled (cache misses), as "module.name", in order.
_COMPILED: list[str] = []


def on_first_compile(callback: Callable[[], None]) -> None:
    """Call `callback` (no arguments) once, when this process first compiles a kernel."""
    _CALLBACKS.append(callback)


def compiled_kernels() -> list[str]:
    """The kernels this process compiled so far ("module.function"; a kernel compiled for
    two signatures is named twice). Loading a kernel from the on-disk cache is not listed."""
    return list(_COMPILED)


def compiling(name: str = "") -> None:
    """Kernel `name` is being compiled: tell the registered callbacks, the first time only."""
    global _told
    if name:
        _COMPILED.append(name)
    if not _told:
        _told = True
        for callback in _CALLBACKS:
            callback()
