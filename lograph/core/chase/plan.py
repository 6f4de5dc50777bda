"""Light chasing on any graph: the plan a person (and the fast engine) follows.

A chase plan is an ordered list of steps, each either ``free w`` (button w is an unknown the
player chooses) or ``force u -> w`` (light u is fixed by button w, the only undecided button
acting on u). Lights never used to force are the *check lights*. See docs/math.md, "Light
chasing".

`chase_plan` builds one with the greedy heuristic described there: force while any light can, and
when stuck free the next undecided button of a vertex order; it tries several orders
(`lograph.core.chase.orders`) and keeps the plan with the fewest free buttons.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.chase.orders import (
    adjacency,
    bfs_order,
    cuthill_mckee,
    grid_sweeps,
    spread_starts,
)
from lograph.core.errors import BoardError
from lograph.core.kernels.bits import words
from lograph.core.kernels.chase_plan import greedy_chase, sweep_chase
from lograph.core.kernels.jit import IntArray
from lograph.core.model.board import Board
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel, poll

__all__ = ["ChasePlan", "chase_plan", "check_plan"]

#: Rough number of edge visits chase_plan spends on its tries before it stops adding more.
WORK_BUDGET = 40_000_000
#: With ``balanced=True``, more orders are tried only while the elimination the best plan
#: leaves is estimated at this many times the cost of one more round of orders: a round
#: rarely frees more than a few per cent fewer buttons (measured on 3-regular, Erdős–Rényi
#: and geometric graphs of 500–4,000 buttons: 0–5 %), so below that it cannot pay for itself.
ROUND_PAYBACK = 30
#: Edge visits of planning per word operation of the symbolic chase and its check system,
#: as measured (a greedy try on a 4,000-button geometric graph ~6 ns per visit; its chase,
#: 1,603 free buttons, ~0.07 ns per estimated word operation, thanks to M4RM).
VISITS_PER_WORD = 1 / 80
#: Boards smaller than this are planned thoroughly even with ``balanced=True``: the whole
#: search costs at most a millisecond or two there, and the free-button count is shown.
BALANCED_FROM = 256


@dataclass(frozen=True, eq=False)
class ChasePlan:
    """An ordered chase over a `PressSystem` (all arrays hold button/light indices).

    Attributes
    ----------
    buttons : ndarray of int64, shape (n,)
        The button decided at each step, in step order (a permutation of ``range(n)``).
    lights : ndarray of int64, shape (n,)
        For a force step, the light that forces ``buttons[i]`` (every other button acting on
        it was decided at an earlier step); -1 for a free step.
    check : ndarray of int64
        The check lights (never used to force); as many as there are free buttons.
    """

    buttons: NDArray[np.int64]
    lights: NDArray[np.int64]
    check: NDArray[np.int64]

    @property
    def free(self) -> NDArray[np.int64]:
        """The free buttons, in step order."""
        return self.buttons[self.lights < 0]

    @property
    def free_count(self) -> int:
        return int(np.count_nonzero(self.lights < 0))


def _finish(n: int, buttons: IntArray, lights: IntArray) -> ChasePlan:
    used = np.zeros(n, dtype=bool)
    used[lights[lights >= 0]] = True
    return ChasePlan(buttons.copy(), lights.copy(), np.flatnonzero(~used).astype(np.int64))


def _empty_plan() -> ChasePlan:
    empty = np.zeros(0, dtype=np.int64)
    return ChasePlan(empty, empty.copy(), empty.copy())


def _checked_input(system: PressSystem | Board, starts: int) -> PressSystem:
    """The press system of `system`, after checking the public arguments of `chase_plan`."""
    if isinstance(system, Board):
        system = system.to_system()
    if not isinstance(system, PressSystem):
        raise BoardError(f"chase_plan needs a Board or PressSystem, not {type(system).__name__}")
    if isinstance(starts, bool) or not isinstance(starts, int) or starts < 1:
        raise BoardError(f"starts must be a positive integer, not {starts!r}")
    return system


def chase_plan(
    system: PressSystem | Board,
    *,
    starts: int = 12,
    cancel: Cancel = None,
    balanced: bool = False,
) -> ChasePlan:
    """A chase plan with few free buttons, by the greedy heuristic over several orders.

    The tries, in this order (a later one replaces the best only with strictly fewer free
    buttons, so the result is deterministic): for grid-like systems the plain row-by-row
    chase from the top, bottom, left and right, then the greedy chase along those four
    sweeps; then greedy chases along BFS orders from `starts` spread-out peripheral starts
    (forwards and backwards), and along reverse Cuthill–McKee and its reverse. Big systems
    get fewer tries (about `WORK_BUDGET` edge visits in all).

    The plan depends only on which buttons act on which lights, so it serves every rule,
    direction and number of states k (a force step needs a unit coefficient; every entry is 1).

    Parameters
    ----------
    system : PressSystem or Board
        The board (a `Board` is converted; indices follow its button order).
    starts : int
        How many BFS start vertices to try per component (at least 1).
    cancel : callable, optional
        Polled between tries; when it returns True, `InterruptedComputation` is raised.
    balanced : bool
        Plan for an engine (from `BALANCED_FROM` buttons): after one round of BFS orders,
        try more only while the elimination left is estimated at `ROUND_PAYBACK` rounds
        (on general graphs planning otherwise costs 3–7 times the analysis it prepares).

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> plan = chase_plan(grid_system(5, 5))
    >>> plan.free_count, plan.free.tolist(), plan.check.tolist()
    (5, [0, 1, 2, 3, 4], [20, 21, 22, 23, 24])
    """
    system = _checked_input(system, starts)
    if system.n == 0:
        return _empty_plan()
    search = _PlanSearch(system, cancel)
    search.try_sweeps(grid_sweeps(system))
    if search.done():
        return search.result()
    adj = adjacency(system)
    rounds = min(starts, max(search.budget // 4, 1))
    balanced = balanced and system.n >= BALANCED_FROM
    if balanced:  # one round first; the others only when they can pay for themselves
        search.try_starts(adj, spread_starts(adj, 1, cancel))
        if not search.worth_another_round():
            return search.result()
    search.try_starts(adj, spread_starts(adj, rounds, cancel)[1 if balanced else 0 :])
    if not search.done():
        order = cuthill_mckee(adj)
        search.try_order(order)
        search.try_order(order[::-1].copy())
    return search.result()


class _PlanSearch:
    """The best plan found so far over the tried orders, and the work budget left."""

    def __init__(self, system: PressSystem, cancel: Cancel) -> None:
        n = system.n
        self.n, self.nnz, self.cancel = n, system.nnz, cancel
        self.rptr, self.ridx = system.transpose
        self.cptr, self.cidx = system.indptr, system.indices
        self.budget = max(WORK_BUDGET // (system.nnz + n), 4)  # tries we can afford
        self.buttons = np.empty(n, dtype=np.int64)
        self.lights = np.empty(n, dtype=np.int64)
        self.best: ChasePlan | None = None
        self.best_free = n + 1

    def try_sweeps(self, sweeps: list[tuple[str, IntArray, IntArray]]) -> None:
        """The row-by-row chases of a grid-like board, then greedy chases along them."""
        tries: list[tuple[IntArray, IntArray | None]] = [(o, d) for _, o, d in sweeps]
        tries += [(o, None) for _, o, _ in sweeps]
        for order, designated in tries[: max(self.budget, 2)]:
            self.try_order(order, designated)
        self.budget -= len(tries)

    def try_starts(self, adj: tuple[IntArray, IntArray], rounds: list[IntArray]) -> None:
        """Chase along the BFS order from each round of seeds, and along its reverse."""
        for seeds in rounds:
            if self.done():
                break
            order = bfs_order(adj, seeds)
            self.try_order(order)
            self.try_order(order[::-1].copy())
            self.budget -= 4

    def worth_another_round(self) -> bool:
        """Whether the best plan's chase and check system are estimated to cost
        `ROUND_PAYBACK` times a round of orders (one BFS and two greedy chases)."""
        free = self.best_free
        elimination = (self.nnz + free * free) * words(free) * VISITS_PER_WORD
        return not self.done() and elimination > ROUND_PAYBACK * 3 * (self.nnz + self.n)

    def done(self) -> bool:
        """No free button at all, or no budget left for another try."""
        return self.best_free == 0 or self.budget <= 0

    def try_order(self, order: IntArray, designated: IntArray | None = None) -> None:
        """Chase greedily along `order` (or sweep it with `designated` forcing lights) and
        keep the plan when it frees strictly fewer buttons than the best so far."""
        structure = (self.rptr, self.ridx, self.cptr, self.cidx, order)
        limit = self.best_free - 1
        if designated is None:
            free = greedy_chase(*structure, limit, self.buttons, self.lights)
        else:
            free = sweep_chase(*structure, designated, limit, self.buttons, self.lights)
        if 0 <= free < self.best_free:
            self.best, self.best_free = _finish(self.n, self.buttons, self.lights), free
        poll(self.cancel, "the chase plan search was cancelled")

    def result(self) -> ChasePlan:
        """The best plan (a greedy chase in index order if no try was made)."""
        if self.best is not None:
            return self.best
        order = np.arange(self.n, dtype=np.int64)
        structure = (self.rptr, self.ridx, self.cptr, self.cidx, order)
        greedy_chase(*structure, self.n, self.buttons, self.lights)
        return _finish(self.n, self.buttons, self.lights)


def check_plan(system: PressSystem, plan: ChasePlan) -> None:
    """Raise `BoardError` unless `plan` is a valid chase plan of `system`.

    Checks that the steps decide every button once, that every force step's light acts
    through its button and has all its other buttons decided at earlier steps, that no light
    forces twice, and that the check lights are exactly the lights never used (as many as
    the free buttons).

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> system = grid_system(3, 4)
    >>> check_plan(system, chase_plan(system))
    """
    n = system.n
    buttons = np.asarray(plan.buttons)
    lights = np.asarray(plan.lights)
    if buttons.shape != (n,) or lights.shape != (n,):
        raise BoardError(f"a plan of {n} buttons needs {n} steps, not {buttons.shape}")
    if not np.array_equal(np.sort(buttons), np.arange(n)):
        raise BoardError("the plan's buttons are not a permutation of the board's buttons")
    forcing = lights[lights >= 0]
    if forcing.size and (forcing.max() >= n or np.bincount(forcing).max() > 1):
        raise BoardError("a force step names a light off the board, or a light forces twice")
    step_of = np.empty(n, dtype=np.int64)
    step_of[buttons] = np.arange(n)
    rptr, ridx = system.transpose
    # A force step i of light u is valid exactly when the latest-decided button acting on u
    # is decided at step i: that button is then buttons[i] and all others came earlier.
    steps = np.flatnonzero(lights >= 0)
    latest = np.full(len(forcing), -1, dtype=np.int64)
    filled = np.diff(rptr)[forcing] > 0
    if filled.any():
        # One sentinel at the end keeps every row start a valid reduceat index.
        row_steps = np.append(step_of[ridx], -1)
        row_max = np.maximum.reduceat(row_steps, rptr[:-1])
        latest[filled] = row_max[forcing[filled]]
    bad = np.flatnonzero(latest != steps)
    if bad.size:
        i = int(steps[bad[0]])
        u, w = int(lights[i]), int(buttons[i])
        row = ridx[rptr[u] : rptr[u + 1]]
        if w not in row:
            raise BoardError(f"step {i + 1}: light {u} is not changed by button {w}")
        late = int(row[np.argmax(step_of[row])])
        raise BoardError(
            f"step {i + 1}: light {u} forces button {w} but button {late} is still undecided"
        )
    used = np.zeros(n, dtype=bool)
    used[forcing] = True
    unused = np.flatnonzero(~used)
    check = np.asarray(plan.check)
    if len(check) != len(unused) or not np.array_equal(np.sort(check), unused):
        raise BoardError(f"check lights {check.tolist()} are not the unused lights")
    if len(check) != plan.free_count:
        raise BoardError(f"{len(check)} check lights for {plan.free_count} free buttons")
