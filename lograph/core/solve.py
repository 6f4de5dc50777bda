"""Front functions: analyse a board, test solvability, find and count solutions.

They accept a `Board` or a `PressSystem` and an engine name, and return small frozen
dataclasses. The goal is all lights off by default; ``"on"`` means every light at k-1
(`Ring.target`), and any array gives an explicit target pattern.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, Solver
from lograph.core.engines.registry import available_engines, get_solver
from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel

__all__ = [
    "Solution",
    "analyze",
    "available_engines",
    "count_solutions",
    "goal_vector",
    "is_solvable",
    "iter_solutions",
    "prepare",
    "required_change",
    "solve",
    "world",
]

Goal = str | ArrayLike

#: iter_solutions refuses to enumerate more than this many solutions.
ENUMERATION_LIMIT = 1 << 20


@dataclass(frozen=True, eq=False)
class Solution:
    """The answer to "how do I reach the goal from here?".

    Attributes
    ----------
    solvable : bool
        Whether the goal can be reached.
    presses : ndarray or None
        How often to press each button (0..k-1), in button order; None when unsolvable.
    world : tuple of int
        The syndrome of the required change; all zeros exactly when solvable.
    solutions : int
        How many press vectors reach the goal: the number of quiet patterns (p^nullity
        over GF(p)), or 0.
    """

    solvable: bool
    presses: NDArray[np.uint8] | None
    world: tuple[int, ...]
    solutions: int

    @property
    def press_count(self) -> int:
        """Total presses (the sum of the press vector); 0 when unsolvable."""
        return 0 if self.presses is None else int(self.presses.astype(np.int64).sum())


def _system(board: Board | PressSystem) -> PressSystem:
    return board.to_system() if isinstance(board, Board) else board


def prepare(board: Board | PressSystem, engine: str = "auto", cancel: Cancel = None) -> Solver:
    """A `Solver` for the board (analysis done once, then many solves are cheap)."""
    return get_solver(_system(board), engine, cancel)


def analyze(board: Board | PressSystem, engine: str = "auto", cancel: Cancel = None) -> Analysis:
    """Rank, nullity, quiet patterns and left kernel of the board's press matrix.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> a = analyze(rectangle(5, 5))
    >>> a.rank, a.nullity
    (23, 2)
    """
    return prepare(board, engine, cancel).analysis


def goal_vector(system: PressSystem, goal: Goal = "off") -> NDArray[np.int64]:
    """The target light pattern: ``"off"`` (zeros), ``"on"`` (k-1 everywhere) or an array."""
    if isinstance(goal, str):
        if goal not in ("off", "on"):
            raise BoardError(f"goal {goal!r} is not 'off', 'on' or a light pattern")
        return np.full(system.n, system.ring.target(goal), dtype=np.int64)
    vec = np.asarray(goal, dtype=np.int64)
    if vec.shape != (system.n,) or (vec.size and (vec.min() < 0 or vec.max() >= system.states)):
        raise BoardError(f"goal pattern must be {system.n} values in 0..{system.states - 1}")
    return vec


def required_change(system: PressSystem, goal: Goal = "off") -> NDArray[np.int64]:
    """What the presses must add to the lights: ``goal - lights mod p``."""
    return (goal_vector(system, goal) - system.lights.astype(np.int64)) % system.states


def world(board: Board | PressSystem, goal: Goal = "off", engine: str = "auto") -> tuple[int, ...]:
    """The world (syndrome) of the position relative to the goal; all zeros iff solvable."""
    system = _system(board)
    return prepare(system, engine).analysis.syndrome(required_change(system, goal))


def is_solvable(board: Board | PressSystem, goal: Goal = "off", engine: str = "auto") -> bool:
    """Whether the goal can be reached from the board's current lights."""
    return not any(world(board, goal, engine))


def solve(
    board: Board | PressSystem,
    goal: Goal = "off",
    engine: str = "auto",
    solver: Solver | None = None,
) -> Solution:
    """One press vector that takes the lights to the goal (not necessarily the fewest).

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> b = rectangle(3, 3)
    >>> b.set_light("r1c1", 1)
    >>> s = solve(b)
    >>> b.apply_presses(s.presses); b.is_goal()
    True
    """
    system = _system(board)
    solver = solver or prepare(system, engine)
    change = required_change(system, goal)
    syndrome = solver.analysis.syndrome(change)
    if any(syndrome):
        return Solution(False, None, syndrome, 0)
    presses = solver.particular(change)
    if presses is None:  # the engine disagrees with its own left kernel: a bug, not input
        raise AssertionError("engine found no solution for a solvable pattern")
    return Solution(True, presses, syndrome, solver.analysis.kernel_size)


def count_solutions(board: Board | PressSystem, goal: Goal = "off", engine: str = "auto") -> int:
    """How many press vectors reach the goal (p^nullity if solvable, else 0)."""
    return solve(board, goal, engine).solutions


def iter_solutions(
    board: Board | PressSystem,
    goal: Goal = "off",
    engine: str = "auto",
    limit: int = ENUMERATION_LIMIT,
    solver: Solver | None = None,
) -> Iterator[NDArray[np.uint8]]:
    """Every press vector that reaches the goal (refused when there are more than `limit`).

    Pass the board's prepared `solver` to skip analysing it again.
    """
    system = _system(board)
    solver = solver or prepare(system, engine)
    sol = solve(system, goal, solver=solver)
    if sol.presses is None:
        return
    if sol.solutions > limit:
        raise BoardTooLargeError(f"{sol.solutions} solutions are too many to list (limit {limit})")
    p = system.states
    quiet = solver.analysis.quiet.astype(np.int64)
    base = sol.presses.astype(np.int64)
    # over Z_k each generator j runs through its own order (p over GF(p))
    for coeffs in itertools.product(*(range(order) for order in solver.analysis.orders())):
        vec = base + np.asarray(coeffs, dtype=np.int64) @ quiet if len(quiet) else base
        yield (vec % p).astype(np.uint8)
