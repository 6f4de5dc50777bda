"""Who to tell when this process compiles its first kernel (a numba cache miss).

The first run after an install or upgrade compiles the kernels a command needs (seconds on a
big board; cached on disk afterwards), which would otherwise look like a hang. The command
line registers a one-line notice here; `lograph.core.kernels.jit` calls it once, when numba
starts compiling (not when it loads a kernel from the cache). No imports: registering costs
nothing on the commands that never load numba.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["compiling", "on_first_compile"]

_CALLBACKS: list[Callable[[], None]] = []
_told = False


def on_first_compile(callback: Callable[[], None]) -> None:
    """Call `callback` (no arguments) once, when this process first compiles a kernel."""
    _CALLBACKS.append(callback)


def compiling() -> None:
    """A kernel is being compiled: tell the registered callbacks, the first time only."""
    global _told
    if not _told:
        _told = True
        for callback in _CALLBACKS:
            callback()
