"""The lit-only game: only a button whose light is on may be pressed.

A press changes the pressed button's targets exactly as in the ordinary game (column ``i``
of A); the only new rule is that button ``i`` may be pressed only while light ``i`` is on.
The rule does not depend on the goal: aiming for all lights on, one still presses only
lit buttons, and the game ends when every light is on. Order now matters, and fewer
positions can be cleared than in the ordinary game.

Both answers are exact searches over positions (integers, bit ``j`` = light ``j``) of
GF(2) boards:

- `lit_only_solve` searches breadth-first forwards from the position; the first time the
  goal is reached gives a press sequence of the fewest lit presses. Memory is one byte per
  position (``2^N``) plus four per position reached, so it stops at `LIT_ONLY_SOLVE_LIMIT`.
- `lit_only_solvable_count` grows the set of positions that can be cleared as a bitset of
  all ``2^N`` positions (one bit each: 128 MiB at N = 30, `LIT_ONLY_LIMIT`), starting from
  all-off and adding reversed lit presses (``y`` comes from ``x = y + A e_i`` when
  ``x_i = 1``) 64 positions per machine word until nothing changes. It refuses up front
  when the bitset does not fit in memory.
- `lit_only_count_by_queue` is the earlier queue search for the count (one byte per
  position plus four per position reached), kept as a second algorithm.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.ring import RingKind
from lograph.core.model.system import PressSystem
from lograph.core.work import Work

__all__ = [
    "LIT_ONLY_LIMIT",
    "LIT_ONLY_SOLVE_LIMIT",
    "LitOnlySolution",
    "count_memory",
    "lit_only_count_by_queue",
    "lit_only_solvable_count",
    "lit_only_solve",
]

#: Largest board (buttons) the lit-only count accepts: a bitset of 2^30 positions.
LIT_ONLY_LIMIT = 30
#: Largest board the ordered search of `lit_only_solve` accepts: 2^26 positions.
LIT_ONLY_SOLVE_LIMIT = 26
#: Bitset words handed to one compiled call, between polls of the work (2^26 positions).
_WORDS = 1 << 20
#: Python, numpy and numba before the bitset (as the command line's memory estimates).
_BASE = 150 * 2**20
#: Positions expanded per compiled call, between polls of the work.
_CHUNK = 1 << 18


@dataclass(frozen=True)
class LitOnlySolution:
    """Whether the goal can be reached by lit presses, and the presses in order.

    `presses` lists button indices in the order they are pressed (the fewest lit presses
    that reach the goal), or is None when the goal cannot be reached; `explored` counts the
    positions the search reached.
    """

    solvable: bool
    presses: list[int] | None
    explored: int


def _system(board: Board | PressSystem) -> PressSystem:
    return board.to_system() if isinstance(board, Board) else board


def column_masks(system: PressSystem, limit: int = LIT_ONLY_SOLVE_LIMIT) -> NDArray[np.int64]:
    """Column ``i`` of A as a bit mask (bit ``j``: pressing ``i`` changes light ``j``).

    Raises `BoardError` for boards other than GF(2) and `BoardTooLargeError` above
    `limit` buttons.
    """
    if system.ring.kind is not RingKind.GF2:
        raise BoardError(
            f"the lit-only game is defined for on/off boards (states 2); "
            f"this board has states {system.states}"
        )
    if system.n > limit:
        raise BoardTooLargeError(
            f"the lit-only search covers all 2^N positions and is limited to "
            f"{limit} buttons; this board has {system.n}"
        )
    cols = np.repeat(np.arange(system.n, dtype=np.int64), np.diff(system.indptr))
    masks = np.zeros(system.n, dtype=np.int64)
    np.bitwise_or.at(masks, cols, np.left_shift(np.int64(1), system.indices))
    return masks


def position_code(lights: NDArray[np.uint8] | list[int]) -> int:
    """The position as an integer: bit ``j`` is light ``j``."""
    return sum(1 << j for j, v in enumerate(np.asarray(lights).tolist()) if v)


def lit_only_solve(
    board: Board | PressSystem, goal: str = "off", work: Work | None = None
) -> LitOnlySolution:
    """The fewest lit presses taking the board's lights to the goal (``"off"`` or ``"on"``);
    `work` is polled between compiled calls.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> board = rectangle(1, 3)
    >>> board.set_light("r0c0", 1)
    >>> lit_only_solve(board).presses  # r0c0, r0c1, r0c0, r0c2, each lit when pressed
    [0, 1, 0, 2]
    """
    from lograph.core.kernels.lit_only import lit_forward_steps

    work = work or Work()
    system = _system(board)
    masks = column_masks(system)
    if goal not in ("off", "on"):
        raise BoardError(f"goal {goal!r} is not 'off' or 'on'")
    total = 1 << system.n
    start = position_code(system.lights)
    target = 0 if goal == "off" else total - 1
    if start == target:
        return LitOnlySolution(True, [], 1)
    parent = np.zeros(total, dtype=np.uint8)
    queue = np.empty(total, dtype=np.uint32)
    parent[start], queue[0] = 255, start
    cursor = np.array([0, 1], dtype=np.int64)
    found = False
    while not found and cursor[0] < cursor[1]:
        found = bool(lit_forward_steps(masks, parent, queue, cursor, target, _CHUNK))
        work.poll("lit-only search cancelled")
    explored = int(cursor[1])
    if not found:
        return LitOnlySolution(False, None, explored)
    presses: list[int] = []
    s = target
    while s != start:
        i = int(parent[s]) - 1
        presses.append(i)
        s ^= int(masks[i])
    return LitOnlySolution(True, presses[::-1], explored)


def count_memory(n: int) -> int:
    """Bytes `lit_only_solvable_count` needs for `n` buttons: the bitset and the base."""
    return _BASE + max(8, (1 << n) // 8)


def _machine_bytes() -> int | None:
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None
    return pages * size if pages > 0 and size > 0 else None


def lit_only_solvable_count(
    board: Board | PressSystem, work: Work | None = None, memory_limit: int | None = None
) -> int:
    """How many of the ``2^N`` positions can be switched all off by lit presses alone.

    All-off itself counts (it needs no press). Under the open rule (a press leaves its
    own light alone) the last lit light can never be switched off, so the count is 1.
    Refuses (`BoardTooLargeError`) when `count_memory` exceeds `memory_limit` bytes (by
    default this machine's physical memory). `work` is polled between compiled calls.

    >>> from lograph.core.model.generators import rectangle
    >>> lit_only_solvable_count(rectangle(1, 1))  # off, and on (press it)
    2
    >>> lit_only_solvable_count(rectangle(1, 1, rule="open"))  # on stays on
    1
    """
    from lograph.core.kernels.lit_only import lit_bitset_sweep

    work = work or Work()
    system = _system(board)
    masks = column_masks(system, LIT_ONLY_LIMIT)
    needed, limit = count_memory(system.n), memory_limit or _machine_bytes()
    if limit is not None and needed > limit:
        raise BoardTooLargeError(
            f"the lit-only count of {system.n} buttons needs about {needed / 2**20:.0f} MB "
            f"of memory, more than the {limit / 2**20:.0f} MB available"
        )
    words = max(1, (1 << system.n) >> 6)
    seen = np.zeros(words, dtype=np.uint64)
    seen[0] = 1  # all-off
    changed = True
    while changed:  # one pass: every button over every word; stop when a pass adds nothing
        changed = False
        for button, mask in enumerate(masks.tolist()):
            for start in range(0, words, _WORDS):
                stop = min(words, start + _WORDS)
                changed |= bool(lit_bitset_sweep(seen, mask, button, start, stop))
                work.poll("lit-only count cancelled")
    return _popcount(seen)


def _popcount(words: NDArray[np.uint64]) -> int:
    total = 0
    for start in range(0, len(words), _WORDS):
        chunk = words[start : start + _WORDS].view(np.uint8)
        total += int(np.unpackbits(chunk).sum(dtype=np.int64))
    return total


def lit_only_count_by_queue(board: Board | PressSystem, work: Work | None = None) -> int:
    """`lit_only_solvable_count` by a breadth-first queue (at most `LIT_ONLY_SOLVE_LIMIT`
    buttons): the earlier algorithm, kept to check the bitset one."""
    from lograph.core.kernels.lit_only import lit_backward_steps

    work = work or Work()
    system = _system(board)
    masks = column_masks(system)
    total = 1 << system.n
    seen = np.zeros(total, dtype=np.uint8)
    queue = np.empty(total, dtype=np.uint32)
    seen[0], queue[0] = 1, 0
    cursor = np.array([0, 1], dtype=np.int64)
    while cursor[0] < cursor[1]:
        lit_backward_steps(masks, seen, queue, cursor, _CHUNK)
        work.poll("lit-only count cancelled")
    return int(cursor[1])
