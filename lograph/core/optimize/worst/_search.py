"""The worst position of a board: the largest fewest-presses count over solvable positions.

A solvable position is a coset ``x + ker A`` of press vectors; its fewest presses is the
lightest vector in it, and the worst position maximises that: the covering radius of the
code ``ker A`` (the board's "God's number"). With nullity 0 every position has one solution
and the worst is pressing every button (``N`` presses). Otherwise, over GF(2), buttons are
grouped by class (their column of the quiet basis, as in
`lograph.core.optimize.fewest._search`): a position only matters through how many pressed
buttons ``t_v`` each class v holds, and

    maximise z  subject to  z ≤ m₀ + Σ_{v: c·v odd} (m_v − t_v) + Σ_{v: c·v even} t_v
    for every c ∈ GF(2)^k,  0 ≤ t_v ≤ m_v integer,

is a small integer program (one variable per class, 2^k constraints) that
`scipy.optimize.milp` (HiGHS) solves exactly while k is moderate. Larger boards get the best
bounded answer: a lower bound from positions found by search, a climb and simulated
annealing over class counts (`lograph.core.optimize.worst._gf2_anneal`; each scored exactly) and
an upper bound (redundancy bound N − k, the average-weight bound, the solver's bound, the
spectrum search's refutations).
For p > 2, and over Z_k for composite k, the same class structure gives an integer program
over how many buttons of each class are pressed 0 … k − 1 times
(`lograph.core.optimize.worst._program`), solved by HiGHS while it fits; a board small
enough (``k^N ≤ 2^BRUTE_FORCE_BITS``) whose program is not proven at once is walked press
vector by press vector, and any other gets a proven range (the program's position or a
searched one, `lograph.core.optimize.worst._zk_bounds`; the program's bound or the average weight).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Solver
from lograph.core.model.board import Board
from lograph.core.model.ring import RingKind
from lograph.core.model.system import PressSystem
from lograph.core.optimize.fewest import EXACT_NULLITY_LIMIT, fewest_presses
from lograph.core.optimize.histogram import min_press_table
from lograph.core.optimize.quiet import (
    Piece,
    Pieces,
    fewest_by_classes,
    largest_rotation,
    quiet_classes,
    quiet_pieces,
)
from lograph.core.optimize.worst._gf2_anneal import annealed, searched
from lograph.core.optimize.worst._gf2_bounds import climb, covering_lower_bound, upper_bound
from lograph.core.optimize.worst._gf2_exact import enumerate_counts, ilp_stage
from lograph.core.optimize.worst._gf2_spectrum import (
    SPECTRUM_EXACT_NULLITY,
    SPECTRUM_NULLITY_LIMIT,
    spectrum_worst,
)
from lograph.core.optimize.worst._program import WORST_SECONDS, ProgramWorst
from lograph.core.work import Work

__all__ = ["ILP_NULLITY_LIMIT", "WorstPosition", "worst_position"]


#: Largest nullity given to the integer program (it has 2^k constraints).
ILP_NULLITY_LIMIT = 14
#: p > 2 (or tiny boards): walk every press vector while p^N ≤ 2^this.
BRUTE_FORCE_BITS = 26  # 3^16 (a 3-state 4×4 board) takes about 2 s
#: Nullity up to which positions found by search are evaluated exactly (2^k work each).
_SEARCH_NULLITY_LIMIT = 20
#: Exact evaluations the climb from the best searched position may take (k ≤ 16; fewer above).
_CLIMB_STEPS = 200
#: Seconds the integer program gets on a board small enough to walk (p^N ≤ 2^26, at most
#: a few seconds of walking): it proves such boards in milliseconds.
_PROGRAM_BEFORE_WALK = 2.0


@dataclass(frozen=True, eq=False)
class WorstPosition:
    """The hardest solvable position of a board and how many presses it needs.

    Attributes
    ----------
    worst_presses : int
        The largest fewest-presses count when `exact`; otherwise a proven lower bound.
    upper_bound : int
        A proven upper bound (equal to `worst_presses` when `exact`).
    presses : ndarray of uint8 or None
        A fewest-presses solution of the position (weight `worst_presses`); None when the
        lower bound comes without a position.
    lights : ndarray of uint8 or None
        The position itself: the lights from which `presses` reaches the goal.
    exact : bool
        Whether `worst_presses` is proven to be the maximum.
    method : str
        ``"every button"`` (nullity 0), ``"class enumeration"``, ``"spectrum search"``,
        ``"integer program"``, ``"brute force"``, ``"search"`` (bounded) or ``"bounds"``
        (bounded, no position).
    """

    worst_presses: int
    upper_bound: int
    presses: NDArray[np.uint8] | None
    lights: NDArray[np.uint8] | None
    exact: bool
    method: str


_CANCELLED = "worst-position search cancelled"


def _position(
    system: PressSystem, goal: str | ArrayLike, presses: NDArray[np.uint8]
) -> NDArray[np.uint8]:
    """The lights from which `presses` reaches the goal: ``goal − A·presses (mod p)``."""
    from lograph.core.solve import goal_vector

    change = system.apply(presses)
    return ((goal_vector(system, goal) - change) % system.states).astype(np.uint8)


def _brute_force(
    solver: Solver, goal: str | ArrayLike, work: Work
) -> tuple[NDArray[np.uint8], int]:
    """Walk all p^N press vectors; the position with the largest fewest presses."""
    system = solver.system
    table = min_press_table(system, BRUTE_FORCE_BITS, work).astype(np.int64)
    table[table == table.max()] = -1  # the unreached patterns hold the dtype's maximum
    image = int(np.argmax(table))
    p = system.states
    change = np.array([(image // p**u) % p for u in range(system.n)], dtype=np.int64)
    x0 = solver.particular(change)
    if x0 is None:  # the walk reached this pattern, so the engine must solve it
        raise AssertionError("engine found no solution for a reachable pattern")
    best = fewest_presses(solver, x0, work=work.only_cancel())
    return best.presses, best.press_count


def worst_position(
    board: Board | PressSystem | Solver,
    goal: str | ArrayLike = "off",
    engine: str = "auto",
    *,
    work: Work | None = None,
    seed: int = 0,
    raise_lower: bool = True,
) -> WorstPosition:
    """The solvable position needing the most presses at the fewest, and that count.

    Parameters
    ----------
    board : Board, PressSystem or Solver
        The board (its current lights do not matter), or a prepared solver.
    goal : {"off", "on"} or array_like
        The goal; the position returned is ``goal − A·presses`` (the count is the same).
    engine : str
        Engine used when `board` is not a prepared solver.
    work : Work, optional
        Polled in long work (cancelled: `InterruptedComputation`), its progress told the
        seconds elapsed; the seconds to its deadline (`WORST_SECONDS` without one) go to
        the integer program (or the annealing): past them the answer is bounded.
    seed, raise_lower : int, bool
        Seed of the search beyond the exact range; False skips the annealing there (it only
        raises the lower bound, until the time limit): for callers needing the upper bound.

    Returns the `WorstPosition`; presses count the total ``Σ x_i`` (values 0..k−1).

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> w = worst_position(rectangle(5, 5))
    >>> w.worst_presses, w.exact
    (15, True)
    >>> w = worst_position(rectangle(3, 3), goal="on")  # nullity 0: press all nine
    >>> w.worst_presses, w.lights.reshape(3, 3).tolist()
    (9, [[0, 1, 0], [1, 0, 1], [0, 1, 0]])
    """
    from lograph.core.solve import prepare

    work = work or Work()
    time_limit = work.seconds_left(WORST_SECONDS)
    work = work.with_clock_progress(time_limit)  # the bar follows the polls
    if not isinstance(board, Board | PressSystem):
        solver = board
    else:
        solver = prepare(board, engine, work.cancel)
    work = work.within(time_limit)  # the searches' time counts once the board is prepared
    system, analysis = solver.system, solver.analysis
    n, k, ring = system.n, analysis.nullity, system.ring
    composite = ring.kind is RingKind.ZK  # a module, not a field
    if (k == 0 and not composite) or (composite and analysis.kernel_size == 1):
        everything = np.full(n, ring.most, dtype=np.uint8)
        return _answer(system, goal, everything, n * ring.most, n * ring.most, "every button")
    search = _BY_RING[ring.kind]
    return search(solver, goal, work, seed, raise_lower)


def _worst_beyond_gf2(
    solver: Solver,
    goal: str | ArrayLike,
    work: Work,
    seed: int,
    raise_lower: bool = True,
) -> WorstPosition:
    """GF(p) and Z_k: the integer program over the quiet classes while it fits (`_program`);
    the walk over every press vector when the program is not proven and the board is small;
    otherwise a proven range, each within its share of the time to the work's deadline
    (`raise_lower` is GF(2)'s: every stage here keeps the limit)."""
    from lograph.core.optimize.worst._program import worst_program

    time_limit = work.seconds_left(WORST_SECONDS)
    system = solver.system
    n, p = system.n, system.states
    walkable = n * math.log2(p) <= BRUTE_FORCE_BITS
    if system.ring.is_field and not walkable:  # a field: pieces add up
        from lograph.core.optimize.worst._pieces import worst_by_pieces

        quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(-1, n)
        split = worst_by_pieces(quiet, p, work)
        if split is not None:
            method = "integer program" if split.proven else "search"
            return _answer(system, goal, split.presses, split.lower, split.upper, method)
    # past the walk the annealing gets what the program leaves of the time
    seconds = min(time_limit, _PROGRAM_BEFORE_WALK) if walkable else time_limit / 2
    program = worst_program(solver.analysis, work.within(seconds))
    if program is not None and program.proven:
        worst = program.worst
        return _answer(system, goal, program.presses, worst, worst, "integer program")
    if walkable:
        presses, worst = _brute_force(solver, goal, work)
        return _answer(system, goal, presses, worst, worst, "brute force")
    return _zk_bounds(solver, goal, work, seed, program)


def _zk_bounds(
    solver: Solver,
    goal: str | ArrayLike,
    work: Work,
    seed: int,
    program: ProgramWorst | None,
) -> WorstPosition:
    """Beyond the walk and the program's proof: a proven range
    (`lograph.core.optimize.worst._zk_bounds`)."""
    from lograph.core.optimize.worst._zk_bounds import zk_range

    system = solver.system
    found = zk_range(solver, work, seed, program)
    if found.presses is None:
        exact = found.lower == found.upper
        return WorstPosition(found.lower, found.upper, None, None, exact, "bounds")
    return _answer(system, goal, found.presses, found.lower, found.upper, "search")


def _answer(
    system: PressSystem,
    goal: str | ArrayLike,
    presses: NDArray[np.uint8],
    worst: int,
    upper: int,
    method: str,
) -> WorstPosition:
    """The result for a position given by its fewest-presses solution."""
    lights = _position(system, goal, presses)
    return WorstPosition(worst, upper, presses, lights, worst == upper, method)


class _Covering(NamedTuple):
    """What one code's search proved: a heaviest coset leader found (None when the lower
    bound is a counting bound), its weight `lower`, the proven `upper` bound and how."""

    presses: NDArray[np.uint8] | None
    lower: int
    upper: int
    method: str


def _worst_gf2(
    solver: Solver,
    goal: str | ArrayLike,
    work: Work,
    seed: int,
    raise_lower: bool = True,
) -> WorstPosition:
    """The worst position over GF(2) with nullity k > 0: the sum of its pieces' worst when
    the quiet code is a direct sum (`lograph.core.optimize.quiet._pieces`), each found as
    `_covering` finds the whole code's."""
    system, analysis = solver.system, solver.analysis
    quiet = np.asarray(analysis.quiet, dtype=np.uint8).reshape(analysis.nullity, system.n)
    split = quiet_pieces(quiet)
    if len(split.pieces) == 1:
        found = _covering(quiet, system.positions, work, seed, raise_lower)
    else:
        found = _pieces_covering(split, system, work, seed, raise_lower)
    if found.presses is None:
        exact = found.lower == found.upper
        return WorstPosition(found.lower, found.upper, None, None, exact, found.method)
    return _answer(system, goal, found.presses, found.lower, found.upper, found.method)


def _pieces_covering(
    split: Pieces,
    system: PressSystem,
    work: Work,
    seed: int,
    raise_lower: bool,
) -> _Covering:
    """The covering radius of a direct sum: the buttons in no quiet pattern (each pressed in
    every solution of the heaviest position) plus each piece's radius. Pieces go smallest
    first, each code once (copies of a board share its answer), each given an equal share
    of the time left."""
    presses: NDArray[np.uint8] | None = np.zeros(system.n, dtype=np.uint8)
    assert presses is not None
    presses[split.fixed] = 1
    lower = upper = len(split.fixed)
    copies: dict[bytes, list[Piece]] = {}
    for piece in sorted(split.pieces, key=lambda piece: piece.dimension):
        copies.setdefault(piece.form(), []).append(piece)
    methods = []
    ends = time.monotonic() + work.seconds_left(WORST_SECONDS)
    for done, same in enumerate(copies.values()):
        share = max(0.0, ends - time.monotonic()) / (len(copies) - done)
        at = None if system.positions is None else system.positions[same[0].buttons]
        found = _covering(same[0].quiet, at, work.within(share), seed, raise_lower)
        lower, upper = lower + len(same) * found.lower, upper + len(same) * found.upper
        methods.append(found.method)
        for piece in same:
            if found.presses is None or presses is None:
                presses = None
            else:
                presses[piece.buttons] = found.presses
    # exact: how its largest piece was proved
    bounded = "search" if presses is not None else "bounds"
    # exact: how its largest piece was proved
    return _Covering(presses, lower, upper, methods[-1] if lower == upper else bounded)


def _covering(
    quiet: NDArray[np.uint8],
    positions: NDArray[np.float64] | None,
    work: Work,
    seed: int,
    raise_lower: bool = True,
) -> _Covering:
    """The covering radius of the code spanned by `quiet` (k × n): exact by class
    enumeration, the spectrum search or the integer program while k allows, otherwise
    bounded by search and counting, each within its share of the time to the work's
    deadline. `positions` (the buttons' drawing) lend the annealing a symmetry."""
    started = time.monotonic()
    time_limit = work.seconds_left(WORST_SECONDS)
    k, n = quiet.shape
    upper = upper_bound(quiet, n, k)
    if k > min(_SEARCH_NULLITY_LIMIT, EXACT_NULLITY_LIMIT):
        lower = covering_lower_bound(n, k)
        return _Covering(None, lower, upper, "bounds")
    keys = quiet_classes(quiet)
    small = enumerate_counts(keys, k, work) if k <= ILP_NULLITY_LIMIT else None
    if small is not None:
        presses, worst, _ = fewest_by_classes(keys, k, small, work)
        return _Covering(presses, worst, worst, "class enumeration")
    best = None
    # for the annealing's symmetric chain; puzzles (raise_lower=False) never anneal
    symmetry = largest_rotation(positions, keys) if raise_lower else None
    if k <= SPECTRUM_NULLITY_LIMIT:
        # a share of the time: what it cannot prove, the integer program or the annealing may
        share = time_limit / (2 if k <= SPECTRUM_EXACT_NULLITY else 3)
        start = searched(keys, k, n, work, seed)
        if raise_lower and k > SPECTRUM_EXACT_NULLITY:  # a lower bound first: the gap may close
            start = annealed(keys, k, start, work.within(share), seed, symmetry)
        spectrum = spectrum_worst(keys, k, start, upper, work.within(share), seed)
        best, upper = (spectrum.presses, spectrum.lower), spectrum.upper
        if spectrum.exact:
            return _Covering(*best, upper, "spectrum search")
    left = max(1.0, time_limit - (time.monotonic() - started))
    solved = ilp_stage(keys, k, n, work.within(left)) if k <= ILP_NULLITY_LIMIT else None
    if solved is not None:
        presses, worst, ilp_upper, proven = solved
        upper = worst if proven else max(worst, min(upper, ilp_upper))
        if best is not None and best[1] > worst:
            presses, worst = best
        return _Covering(presses, worst, upper, "integer program")
    steps = max(_CLIMB_STEPS >> max(0, k - 16), 20)  # each step is one 2^k transform
    start = best or searched(keys, k, n, work, seed)  # the spectrum search's best, if it ran
    presses, worst = climb(keys, k, start[0], steps, work, seed)
    if not raise_lower:
        return _Covering(presses, worst, max(worst, upper), "search")
    left = max(0.0, time_limit - (time.monotonic() - started))
    presses, worst = annealed(keys, k, (presses, worst), work.within(left), seed + 1, symmetry)
    return _Covering(presses, worst, max(worst, upper), "search")


_Search = Callable[[Solver, str | ArrayLike, Work, int, bool], WorstPosition]

#: The search `worst_position` runs, by the board's number system.
_BY_RING: dict[RingKind, _Search] = {
    RingKind.GF2: _worst_gf2,
    RingKind.GFP: _worst_beyond_gf2,
    RingKind.ZK: _worst_beyond_gf2,
}
