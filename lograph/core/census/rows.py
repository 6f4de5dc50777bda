"""One row of a census: the figures of one board, computed with the engines of `solve`.

`compute_rows` is what a worker process (or a Dask worker) runs on a batch of cases; it
imports nothing from the CLI and returns plain tuples, so results travel cheaply.

The worst position is costly in general (an integer program can take many seconds on a
9×9 board), so it is filled in only when it is *cheap* by an explicit work limit
(`worst_is_cheap`), never by a clock: nullity 0 (pressing every button), or over GF(2) an
exact enumeration of at most 2^`WORST_WORK_BITS` (choices of class counts × quiet
patterns), or for k > 2 a walk over at most 2^`WORST_WORK_BITS` press vectors, or past it
the class integer program when small, stopped after a fixed number of branch-and-bound
nodes and filled only when proven. Otherwise the cell is empty.

Examples
--------
>>> from lograph.core.census.families import parse_family
>>> case = next(parse_family("rectangle", ["5", "5"]).cases())
>>> row = compute_row(CensusSpec(), case)
>>> dict(zip(COLUMNS, row, strict=True))  # doctest: +NORMALIZE_WHITESPACE
{'name': '5x5', 'buttons': 25, 'edges': 40, 'states': 2, 'rank': 23, 'nullity': 2,
 'kernel_size': 4, 'kernel_structure': '2^2', 'solvable_fraction': 0.25,
 'free_buttons': 5, 'worst': 15}
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lograph.core.algebra.analysis import Analysis
from lograph.core.census.families import Case, build_system
from lograph.core.chase.plan import chase_plan
from lograph.core.engines.registry import get_solver
from lograph.core.model.ring import RingKind
from lograph.core.model.stencils import Stencil
from lograph.core.optimize.quiet import quiet_classes
from lograph.core.optimize.worst import worst_position
from lograph.core.work import Cancel, Work, poll

__all__ = [
    "COLUMNS",
    "WORST_NULLITY_LIMIT",
    "WORST_WORK_BITS",
    "CensusSpec",
    "Row",
    "compute_row",
    "compute_rows",
    "kernel_structure_text",
    "worst_is_cheap",
]

#: The table's columns, in order (graph6 tables put ``line`` first: see `columns_for`).
COLUMNS = (
    "name",
    "buttons",
    "edges",
    "states",
    "rank",
    "nullity",
    "kernel_size",
    "kernel_structure",
    "solvable_fraction",
    "free_buttons",
    "worst",
)
#: Work allowed for `worst`, in bits: 2^20 class-count choices × quiet patterns over
#: GF(2), or 2^20 press vectors walked for p > 2.
WORST_WORK_BITS = 20
#: Largest nullity for which `worst` is computed over GF(2).
WORST_NULLITY_LIMIT = 14
#: Most class-count choices `worst_position` enumerates before it turns to the integer
#: program (its own limit): beyond it the answer would depend on the program's clock.
_ENUMERATION_CHOICES = 1 << 16
#: Hang guard for the integer program inside the work limit (it takes milliseconds there).
_WORST_TIME_LIMIT = 120.0
#: Over k > 2 past the walk, the class integer program (`worst_program`) is tried when its
#: matrix has at most this many entries, and stopped after this many branch-and-bound
#: nodes: whether the cell is filled depends on that work, never on a clock.
_PROGRAM_ENTRIES = 1 << 18
_PROGRAM_NODES = 1000

Row = tuple[object, ...]


@dataclass(frozen=True)
class CensusSpec:
    """What every row of one census shares: the number of states, the rule, and whether
    `worst` is wanted at all."""

    states: int = 2
    rule: str = "closed"
    stencil: Stencil | None = None
    worst: bool = True


def worst_is_cheap(analysis: Analysis) -> bool:
    """Whether the worst position is within the explicit work limit (see the module doc).

    >>> from lograph.core.solve import analyze
    >>> from lograph.core.model.generators import grid_system
    >>> [worst_is_cheap(analyze(grid_system(n, n))) for n in (5, 9, 16)]
    [True, False, False]
    """
    k, n, p = analysis.nullity, analysis.n, analysis.states
    if k == 0:
        return True
    if analysis.ring.kind is not RingKind.GF2:  # GF(p) or Z_k: a walk over all k^n presses
        return n * math.log2(p) <= WORST_WORK_BITS
    if k > WORST_NULLITY_LIMIT:
        return False
    # the class enumeration tries every choice of how many buttons of each class to press
    quiet = np.asarray(analysis.quiet, dtype=np.uint8).reshape(k, n)
    _, sizes = np.unique(quiet_classes(quiet), return_counts=True)
    choices = math.prod(int(m) + 1 for m in sizes)
    return choices <= _ENUMERATION_CHOICES and (choices << k).bit_length() <= WORST_WORK_BITS + 1


def _program_worst(analysis: Analysis, cancel: Cancel) -> int | None:
    """Over k > 2 past the walk: the class integer program when its matrix is small,
    stopped after `_PROGRAM_NODES` nodes (a limit on work); the worst only when proven."""
    from lograph.core.optimize.worst import program_entries, worst_program

    if program_entries(analysis) > _PROGRAM_ENTRIES:
        return None
    work = Work(cancel=cancel, program_nodes=_PROGRAM_NODES).within(_WORST_TIME_LIMIT)
    found = worst_program(analysis, work)
    return found.worst if found is not None and found.proven else None


def kernel_structure_text(factors: Sequence[int]) -> str:
    """The quiet group as invariant factors, repeated ones as powers; ``1`` when trivial.

    >>> kernel_structure_text([2, 2, 4]), kernel_structure_text([]), kernel_structure_text([3])
    ('2^2x4', '1', '3')
    """
    if not factors:
        return "1"
    parts: list[str] = []
    for factor in sorted(set(factors)):
        count = list(factors).count(factor)
        parts.append(f"{factor}^{count}" if count > 1 else str(factor))
    return "x".join(parts)


def _solvable_fraction(analysis: Analysis) -> float:
    # 1/|ker A|: the image holds p^n / |ker A| of the p^n patterns (any k, not only primes)
    if analysis.kernel_size.bit_length() > 1100:  # below the smallest float
        return 0.0
    return 1.0 / analysis.kernel_size


def compute_row(spec: CensusSpec, case: Case, cancel: Cancel = None) -> Row:
    """The census row of one case, in `COLUMNS` order (plus the line number for graph6)."""
    system = build_system(case, spec.states, spec.rule, spec.stencil)
    solver = get_solver(system, cancel=cancel)
    analysis = solver.analysis
    worst: int | None = None
    if spec.worst and worst_is_cheap(analysis):
        found = worst_position(solver, work=Work(cancel=cancel).within(_WORST_TIME_LIMIT))
        worst = found.worst_presses if found.exact else None
    elif spec.worst and analysis.ring.kind is not RingKind.GF2:
        worst = _program_worst(analysis, cancel)
    plan = solver.chase_plan
    composite = analysis.quiet_orders is not None
    free = analysis.free_buttons if plan is None else plan.free_count
    # over GF(2) the small engine plans no chase: plan one
    if free is None and system.ring.kind is RingKind.GF2:
        free = chase_plan(system, cancel=cancel).free_count
    row: Row = (
        case.name,
        system.n,
        system.edge_count,
        system.states,
        # rank and nullity are a field's notions; over Z_k, k composite, the kernel's
        # size and structure say it (empty cells, as `analyze --json` gives null)
        None if composite else analysis.rank,
        None if composite else analysis.nullity,
        analysis.kernel_size,
        kernel_structure_text(analysis.kernel_structure),
        _solvable_fraction(analysis),
        free,
        worst,
    )
    return (int(case.key), *row) if case.family == "graph6" else row


def compute_rows(spec: CensusSpec, cases: Sequence[Case], cancel: Cancel = None) -> list[Row]:
    """The rows of a batch of cases, in order (what one pool or Dask task runs)."""
    rows = []
    for case in cases:
        poll(cancel, "census cancelled")
        rows.append(compute_row(spec, case, cancel))
    return rows


def columns_for(family: str) -> tuple[str, ...]:
    """The header of a table of this family: graph6 tables start with the line number."""
    return ("line", *COLUMNS) if family == "graph6" else COLUMNS
