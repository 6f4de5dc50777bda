"""Where the current lights stand relative to the goal, followed press by press.

The background analysis hands back a `Prepared` solver together with the button index and the
left kernel as int64, so a change of lights never waits for a solve: `PositionTracker` keeps
the light vector in step with the board and turns it into a `Position` with a few dot
products on the GUI thread. The analysis also decides there how the press histogram would
be counted (`plan_histogram`), since splitting the quiet code is too slow for the GUI thread.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis, Solver
from lograph.core.model.board import Board
from lograph.core.model.system import PressSystem
from lograph.core.optimize.histogram import class_histogram_work, histogram_method, quiet_rows
from lograph.core.work import Cancel

__all__ = [
    "AUTO_HISTOGRAM_BITS",
    "AUTO_HISTOGRAM_WORK",
    "Position",
    "PositionTracker",
    "Prepared",
    "plan_histogram",
    "prepare",
    "quiet_basis",
]

#: The histogram is counted without asking while p^N ≤ 2^this (a fraction of a second) …
AUTO_HISTOGRAM_BITS = 16
#: … or while its count by quiet classes takes at most this much work (milliseconds).
AUTO_HISTOGRAM_WORK = 1 << 22


@dataclass(frozen=True, eq=False)
class Position:
    """Where the current lights stand relative to the goal.

    Attributes
    ----------
    change : ndarray of int64
        What the presses must add: ``goal − lights mod p``.
    syndrome : tuple of int
        Dot products of `change` with the left-kernel basis; all zero iff solvable.
    world : int
        The syndrome as one number in the mixed radix of `Analysis.world_radices` (base p
        over GF(p); 0 = solvable), out of `worlds`.
    worlds : int
        ``p^nullity`` (over Z_k the product of the world orders).
    failing : tuple of int
        Rows of the left-kernel basis the position fails (non-zero syndrome digits).
    """

    change: NDArray[np.int64]
    syndrome: tuple[int, ...]
    world: int
    worlds: int
    failing: tuple[int, ...]

    @property
    def solvable(self) -> bool:
        return not self.failing


@dataclass(frozen=True, eq=False)
class Prepared:
    """What the background analysis hands back: the solver and what the GUI thread needs to
    follow the lights cheaply (prepared off the GUI thread too)."""

    solver: Solver
    system: PressSystem
    index: dict[str, int]
    kernel: NDArray[np.int64]
    #: how the histogram would be counted, and whether without asking (`plan_histogram`:
    #: splitting the quiet code can take a tenth of a second, too long for the GUI thread)
    histogram: tuple[str | None, bool] = (None, False)


def prepare(system: PressSystem, engine: str, cancel: Cancel) -> Prepared:
    """The background analysis of `system` (runs on a worker thread)."""
    from lograph.core.solve import prepare as prepare_solver

    solver = prepare_solver(system, engine, cancel)
    kernel = solver.analysis.left_kernel.astype(np.int64)
    index = {b: i for i, b in enumerate(system.names)}
    return Prepared(solver, system, index, kernel, plan_histogram(solver, system))


def quiet_basis(solver: Solver | None, system: PressSystem | None) -> NDArray[np.uint8] | None:
    """The quiet patterns over GF(p) as rows (``k × N``); None over Z_k, k composite."""
    return None if solver is None or system is None else quiet_rows(solver.analysis)


def plan_histogram(solver: Solver, system: PressSystem) -> tuple[str | None, bool]:
    """How the histogram would be counted (`histogram_method`), and whether it is cheap
    enough to count without asking."""
    quiet = quiet_basis(solver, system)
    how = histogram_method(system, quiet)
    if how is None:
        return how, False
    if system.n * math.log2(system.states) <= AUTO_HISTOGRAM_BITS:
        return how, True  # either way a fraction of a second
    if how != "classes" or quiet is None:
        return how, False
    return how, class_histogram_work(quiet, system.states) <= AUTO_HISTOGRAM_WORK


class PositionTracker:
    """The board's lights in the analysed button order, and the position they make."""

    def __init__(self) -> None:
        self.index: dict[str, int] | None = None  # button -> position in the analysed order
        self.kernel: NDArray[np.int64] | None = None  # the left kernel, ready for products
        self.lights: NDArray[np.uint8] | None = None  # the lights, in that order

    def reset(self) -> None:
        """Forget the analysis (the press matrix changed)."""
        self.index = self.kernel = self.lights = None

    def start(self, prepared: Prepared, lights: NDArray[np.uint8]) -> None:
        """Follow the lights of a new analysis, starting from `lights`."""
        self.index, self.kernel, self.lights = prepared.index, prepared.kernel, lights

    def follow(self, board: Board, ids: list[str] | None) -> None:
        """Keep the light vector in step: a press touches a few lights, and reading all of
        them from the board costs ~10 ms on a 200×200 board."""
        index = self.index
        if self.lights is None or index is None or ids is None or len(ids) > 64:
            self.lights = board.lights() if index is not None else None
            return
        for b in ids:
            self.lights[index[b]] = board.light(b)

    def locate(self, analysis: Analysis | None, goal: str) -> Position | None:
        """The world of the current lights (None until the analysis is known)."""
        lights, kernel = self.lights, self.kernel
        if analysis is None or lights is None or kernel is None:
            return None
        p = analysis.states
        target = 0 if goal == "off" else p - 1
        change = (target - lights.astype(np.int64)) % p
        # each digit modulo its row's order: over Z_k a row of order o < k tests `· ≡ 0 mod o`
        # (taken mod k, a solvable position of a 19×19 board over Z_4 showed "Not solvable")
        radices = analysis.world_radices()
        products = (kernel @ change).tolist()
        syndrome = tuple(int(v) % r for v, r in zip(products, radices, strict=True))
        failing = tuple(i for i, v in enumerate(syndrome) if v)
        world = 0
        for digit, radix in zip(syndrome, radices, strict=True):  # first most significant
            world = world * radix + digit
        return Position(change, syndrome, world, analysis.worlds, failing)
