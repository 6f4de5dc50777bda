"""Memory estimates made before long work: refuse up front instead of dying out of memory.

The figures are rough upper estimates from the board's counts (measured: a 1,000-button
graph with 250,000 edges rendered in 400 MB, a 300-button one with 22,000 edges in 230 MB),
compared with the machine's physical memory. A refusal says both figures.
"""

from __future__ import annotations

import math
import os

__all__ = ["machine_bytes", "render_estimate", "require", "worst_estimate"]

#: Python, numpy, networkx (and Qt for pictures) before any board.
BASE = 150 * 2**20


def machine_bytes() -> int | None:
    """The machine's physical memory in bytes, or None where the system does not say."""
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None
    return pages * size if pages > 0 and size > 0 else None


def _size(n: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


def require(path: str, what: str, needed: int) -> None:
    """Raise `BoardTooLargeError` naming both figures when `needed` exceeds the machine."""
    from lograph.core.errors import BoardTooLargeError

    total = machine_bytes()
    if total is not None and needed > total:
        raise BoardTooLargeError(
            f"{path}: {what} needs about {_size(needed)} of memory, more than this "
            f"machine's {_size(total)}"
        )


def render_estimate(buttons: int, edges: int, width: int | None, height: int | None) -> int:
    """Bytes to draw a board: the scene's arrays and line objects (~1 KB an edge with the
    graph, ~2 KB a button), plus the picture three times (pixels, encoding, file bytes)."""
    # the default picture: 1.5 pixels per scene unit, a grid step of 40 units (boards are
    # about √n steps across), between 400 and 4096 pixels a side
    side = min(4096, max(400, 60 * (math.isqrt(buttons) + 2)))
    pixels = (width or side) * (height or side)
    return BASE + 2048 * buttons + 1024 * edges + 12 * pixels


def worst_estimate(n: int, nonzeros: int, nullity: int, states: int) -> int:
    """Bytes for `lograph worst` once the board is analysed: the press system, the quiet
    patterns as bytes and their class keys; for p > 2 small boards the table of every press
    vector (p^n entries of 9 bytes), and the integer program's matrix (bounded by its
    entry limit)."""
    from lograph.core.model.ring import Ring, RingKind

    needed = BASE + 64 * n + 16 * nonzeros + 2 * nullity * n + 16 * n
    beyond_gf2 = Ring.of(states).kind is not RingKind.GF2
    if beyond_gf2 and n * math.log2(states) <= 26:  # the walk's table, on small boards
        needed += 9 * states**n
    if beyond_gf2 and nullity > 0:  # the integer program: ~40 bytes a matrix entry in all
        from lograph.core.optimize.worst import ANNEAL_ENTRIES, PROGRAM_ENTRIES

        kernel = states**nullity if nullity * math.log2(states) < 64 else 1 << 64
        needed += 40 * min(PROGRAM_ENTRIES, kernel * n * (states - 1))
        needed += min(ANNEAL_ENTRIES, kernel * n)  # the annealing's shift table, a byte each
    return needed
