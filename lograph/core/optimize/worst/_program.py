"""The worst position over Z_k (k > 2, prime or composite) by an integer program over the
quiet classes.

Every solution of a position is ``x + Σ_j λ_j q_j (mod k)`` for exactly one choice of
``0 ≤ λ_j < o_j`` (the generators ``q_j`` and their orders ``o_j``; over GF(p) a basis and
every ``o_j = p``). Buttons with the same column v of the generators (their *class*) move
together: in the solution λ a button of class v pressed a times is pressed
``(a + s) mod k`` times, ``s = λ·v mod k``. So a position matters only through
``n_{v,a}``, how many of the ``m_v`` buttons of class v it presses a times.

Take the position's press vector x to be a lightest solution of its own coset (every coset
has one): its weight ``Σ a·n_{v,a}`` is then the position's fewest presses, and the worst
position maximises it. Moving to the solution λ changes a button from a to
``a + s − k·[a + s ≥ k]``, so x is lightest exactly when for every λ ≠ 0

    k · Σ_v Σ_{a ≥ k − s_v} n_{v,a}  ≤  Σ_v m_v·s_v        (s_v = λ·v mod k),

one packing row of 0/1 coefficients per λ, as over GF(2) (where it reads
``Σ_{v: c·v odd} t_v ≤ ⌊M_c/2⌋``; `lograph.core.optimize.worst._gf2_exact`). Buttons in no
quiet pattern (the zero column) are pressed k − 1 times in the worst position and stay out
of the program. HiGHS (`scipy.optimize.milp`) solves it; its position is scored again by
the exact fewest-presses search, so the count never rests on floats, and when HiGHS stops
at its time limit its dual bound is a proven upper bound.

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> from lograph.core.solve import prepare
>>> from lograph.core.work import Work
>>> analysis = prepare(rectangle(5, 5, states=3).to_system()).analysis
>>> found = worst_program(analysis, Work().within(10))
>>> found.worst, found.proven, int(found.presses.sum())
(24, True, 24)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis
from lograph.core.optimize.fewest import fewest_presses
from lograph.core.optimize.quiet import mixed_radix_digits
from lograph.core.work import Work, run_cancellable

__all__ = [
    "PROGRAM_ENTRIES",
    "WORST_SECONDS",
    "ProgramWorst",
    "ShiftClasses",
    "press_vector",
    "program_entries",
    "shift_classes",
    "table_entries",
    "worst_program",
]

#: Largest constraint matrix given to HiGHS: (kernel size − 1) × classes × (k − 1) entries
#: (as over GF(2): about 4 million, a few hundred MB inside the solver at most).
PROGRAM_ENTRIES = 1 << 22
#: Seconds the worst-position search takes when its work has no deadline.
WORST_SECONDS = 20.0
#: Shift-table entries computed per chunk (bounds the temporary products' memory).
_SHIFT_CHUNK = 1 << 22
_CANCELLED = "worst-position search cancelled"


@dataclass(frozen=True, eq=False)
class ProgramWorst:
    """What the program found: a lightest solution `presses` of its position, that
    position's exact fewest presses `worst`, a proven `upper` bound on every position, and
    whether HiGHS proved its optimum (then `worst` is the board's worst position)."""

    presses: NDArray[np.uint8]
    worst: int
    upper: int
    proven: bool


@dataclass(frozen=True)
class ShiftClasses:
    """The buttons by class and what every solution does to each class."""

    inverse: NDArray[np.int64]  # every button's class (0 is the zero column)
    sizes: NDArray[np.int64]  # m_v, class by class
    # s = λ·v mod k: one row per λ (λ = 0 first), one column per class; or transposed
    shifts: NDArray[np.uint8]


def shift_classes(analysis: Analysis, by_class: bool = False) -> ShiftClasses:
    """Classes and shifts of a board whose kernel is small enough to list (callers check),
    one row per solution λ, or with `by_class` one row per class (the annealing reads a
    class's shifts in one contiguous pass; laid out so directly, the table is held once)."""
    orders = np.array(analysis.orders(), dtype=np.int64)
    quiet = np.asarray(analysis.quiet, dtype=np.int64).reshape(len(orders), analysis.n)
    # a zero column first among the sorted columns: prepended so that class 0 is always it
    columns = np.concatenate([np.zeros((1, len(orders)), dtype=np.int64), quiet.T])
    distinct, inverse, sizes = np.unique(columns, axis=0, return_inverse=True, return_counts=True)
    sizes[0] -= 1  # the prepended column
    size, k = analysis.kernel_size, analysis.states
    shape = (len(distinct), size) if by_class else (size, len(distinct))
    shifts = np.empty(shape, dtype=np.uint8)  # k ≤ 255: one byte each
    target = shifts.T if by_class else shifts  # filled a chunk of solutions at a time
    step = max(1, _SHIFT_CHUNK // len(distinct))
    for start in range(0, size, step):  # in chunks: the products would take 8 bytes each
        combinations = mixed_radix_digits(np.arange(start, min(size, start + step)), orders)
        # floats for the matrix product (exact: every sum stays far below 2^53)
        product = combinations.astype(np.float64) @ distinct.T.astype(np.float64)
        target[start : start + step] = np.rint(product).astype(np.int64) % k
    return ShiftClasses(inverse.reshape(-1)[1:], sizes, shifts)


def table_entries(analysis: Analysis) -> int:
    """Kernel size × classes: the shift table's entries (compare with a limit); a kernel
    past 2^31 is returned alone, without listing the classes."""
    if analysis.kernel_size > 1 << 31:
        return analysis.kernel_size
    columns = np.asarray(analysis.quiet).reshape(len(analysis.orders()), analysis.n).T
    return analysis.kernel_size * len(np.unique(columns, axis=0))


def program_entries(analysis: Analysis) -> int:
    """Entries of the program's constraint matrix (compare with `PROGRAM_ENTRIES`); the
    classes are bounded by the buttons, so no class listing is needed to refuse."""
    if analysis.kernel_size > PROGRAM_ENTRIES:
        return analysis.kernel_size
    classes = table_entries(analysis) // analysis.kernel_size
    return (analysis.kernel_size - 1) * classes * (analysis.states - 1)


def _solve(
    classes: ShiftClasses, k: int, seconds: float, nodes: int | None
) -> tuple[NDArray[np.int64], float, bool]:
    """HiGHS on the packing form: the counts ``n_{v,a}`` (classes × a = 1 … k − 1, the zero
    class left out), the dual bound on Σ a·n_{v,a}, and whether it is proven optimal."""
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import csr_array, kron

    s = classes.shifts[1:, 1:].astype(np.int64)  # λ = 0 and class 0 change nothing
    m = classes.sizes[1:]
    presses = np.arange(1, k)
    rows = (presses[None, None, :] >= (k - s)[:, :, None]) & (s[:, :, None] > 0)
    packing = csr_array(rows.reshape(len(s), -1)).astype(np.float64)  # no dense floats
    capacity = kron(np.eye(len(m)), np.ones((1, k - 1)), format="csr")  # Σ_a n_{v,a} ≤ m_v
    result = milp(
        -np.tile(presses, len(m)).astype(np.float64),
        constraints=[
            LinearConstraint(packing, -np.inf, (s @ m) // k),
            LinearConstraint(capacity, 0, m),
        ],
        integrality=np.ones(len(m) * (k - 1)),
        bounds=Bounds(0, np.repeat(m, k - 1)),
        options={"time_limit": max(seconds, 0.1), "disp": False}
        | ({} if nodes is None else {"node_limit": nodes}),
    )
    if result.x is None:  # no feasible point in the time: all zero is one
        counts = np.zeros((len(m), k - 1), dtype=np.int64)
    else:
        counts = np.rint(result.x).astype(np.int64).reshape(len(m), k - 1)
    bound = getattr(result, "mip_dual_bound", None)
    dual = math.inf if bound is None or not np.isfinite(bound) else -float(bound)
    return counts, dual, result.status == 0


def press_vector(classes: ShiftClasses, counts: NDArray[np.int64], k: int) -> NDArray[np.uint8]:
    """A press vector with these counts: class by class, the first buttons pressed once,
    the next twice, …; the zero class k − 1 times."""
    x = np.zeros(len(classes.inverse), dtype=np.uint8)
    order = np.argsort(classes.inverse, kind="stable")
    starts = np.r_[0, np.cumsum(classes.sizes)]
    x[order[starts[0] : starts[1]]] = k - 1
    for v, row in enumerate(counts, start=1):
        values = np.repeat(np.arange(1, k), row)
        x[order[starts[v] : starts[v] + len(values)]] = values
    return x


def worst_program(analysis: Analysis, work: Work | None = None) -> ProgramWorst | None:
    """The worst position by the integer program (module doc), HiGHS given the seconds to
    the work's deadline (`WORST_SECONDS` without one) and its `Work.program_nodes`
    branch-and-bound nodes (a limit on work: the census's); None when the program is past
    `PROGRAM_ENTRIES` or its position cannot be scored exactly (the kernel too big for the
    exact fewest-presses search)."""
    work = work or Work()
    k = analysis.states
    if program_entries(analysis) > PROGRAM_ENTRIES:
        return None
    seconds, nodes = work.seconds_left(WORST_SECONDS), work.program_nodes
    classes = shift_classes(analysis)
    counts, dual, proven = run_cancellable(
        lambda: _solve(classes, k, seconds, nodes),
        work.cancel,
        _CANCELLED,
        name="lograph-worst-milp",
    )
    fixed = int(classes.sizes[0]) * (k - 1)
    best = fewest_presses(analysis, press_vector(classes, counts, k), work=work.only_cancel())
    if not best.exact:
        return None
    # without a dual bound, the trivial one: every button pressed k − 1 times
    upper = math.floor(fixed + dual + 1e-6) if math.isfinite(dual) else analysis.n * (k - 1)
    # proven: the position meets the bound (its score is its weight, a lightest vector)
    proven = proven and best.press_count >= upper
    return ProgramWorst(best.presses, best.press_count, max(upper, best.press_count), proven)
