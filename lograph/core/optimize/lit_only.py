"""The lit-only game: only a button whose light is on may be pressed.

A press changes the pressed button's targets exactly as in the ordinary game (column ``i``
of A); the only new rule is that button ``i`` may be pressed only while light ``i`` is on.
The rule does not depend on the goal: aiming for all lights on, one still presses only
lit buttons, and the game ends when every light is on. Order now matters, and fewer
positions can be cleared than in the ordinary game.

Both answers are exact breadth-first searches over positions (integers, bit ``j`` = light
``j``), so they are limited to GF(2) boards of at most `LIT_ONLY_LIMIT` buttons:

- `lit_only_solve` searches forwards from the position; the first time the goal is reached
  gives a press sequence of the fewest lit presses.
- `lit_only_solvable_count` searches backwards from all-off over reversed lit presses
  (``y`` comes from ``x = y + A e_i`` when ``x_i = 1``) and counts every position reached.

Memory is one byte per position (``2^N``) plus four bytes per position the search reaches
(at most ``2^rank``): N = 26 needs at most 64 MiB + 256 MiB.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, poll
from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.system import PressSystem

__all__ = ["LIT_ONLY_LIMIT", "LitOnlySolution", "lit_only_solvable_count", "lit_only_solve"]

#: Largest board (buttons) the lit-only searches accept: 2^26 positions.
LIT_ONLY_LIMIT = 26
#: Positions expanded per compiled call, between polls of `cancel`.
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


def column_masks(system: PressSystem) -> NDArray[np.int64]:
    """Column ``i`` of A as a bit mask (bit ``j``: pressing ``i`` changes light ``j``).

    Raises `BoardError` for boards other than GF(2) and `BoardTooLargeError` above
    `LIT_ONLY_LIMIT` buttons.
    """
    if system.states != 2:
        raise BoardError(
            f"the lit-only game is defined for on/off boards (states 2); "
            f"this board has states {system.states}"
        )
    if system.n > LIT_ONLY_LIMIT:
        raise BoardTooLargeError(
            f"the lit-only search covers all 2^N positions and is limited to "
            f"{LIT_ONLY_LIMIT} buttons; this board has {system.n}"
        )
    cols = np.repeat(np.arange(system.n, dtype=np.int64), np.diff(system.indptr))
    masks = np.zeros(system.n, dtype=np.int64)
    np.bitwise_or.at(masks, cols, np.left_shift(np.int64(1), system.indices))
    return masks


def position_code(lights: NDArray[np.uint8] | list[int]) -> int:
    """The position as an integer: bit ``j`` is light ``j``."""
    return sum(1 << j for j, v in enumerate(np.asarray(lights).tolist()) if v)


def lit_only_solve(
    board: Board | PressSystem, goal: str = "off", cancel: Cancel = None
) -> LitOnlySolution:
    """The fewest lit presses taking the board's lights to the goal (``"off"`` or ``"on"``).

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> board = rectangle(1, 3)
    >>> board.set_light("r0c0", 1)
    >>> lit_only_solve(board).presses  # r0c0, r0c1, r0c0, r0c2, each lit when pressed
    [0, 1, 0, 2]
    """
    from lograph.core.kernels.lit_only import lit_forward_steps

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
        poll(cancel, "lit-only search cancelled")
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


def lit_only_solvable_count(board: Board | PressSystem, cancel: Cancel = None) -> int:
    """How many of the ``2^N`` positions can be switched all off by lit presses alone.

    All-off itself counts (it needs no press). Under the open rule (a press leaves its
    own light alone) the last lit light can never be switched off, so the count is 1.

    >>> from lograph.core.model.generators import rectangle
    >>> lit_only_solvable_count(rectangle(1, 1))  # off, and on (press it)
    2
    >>> lit_only_solvable_count(rectangle(1, 1, rule="open"))  # on stays on
    1
    """
    from lograph.core.kernels.lit_only import lit_backward_steps

    system = _system(board)
    masks = column_masks(system)
    total = 1 << system.n
    seen = np.zeros(total, dtype=np.uint8)
    queue = np.empty(total, dtype=np.uint32)
    seen[0], queue[0] = 1, 0
    cursor = np.array([0, 1], dtype=np.int64)
    while cursor[0] < cursor[1]:
        lit_backward_steps(masks, seen, queue, cursor, _CHUNK)
        poll(cancel, "lit-only count cancelled")
    return int(cursor[1])
