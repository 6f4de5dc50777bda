"""The JSON record of each question's answer: one schema for the CLI's ``--json`` and the
library's ``to_dict()``.

Each function takes the board's `PressSystem` and the core answer and returns plain JSON
values (ints, strings, lists, None), in the key order the CLI has always printed. The CLI
commands print exactly these dicts; the library's result objects return them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from lograph.core.model.ring import RingKind
from lograph.core.report.records import (
    factors_json,
    figure_records,
    grid_picture,
    press_ids,
    step_records,
    table_records,
    world_records,
)

if TYPE_CHECKING:
    from lograph.core.algebra.analysis import Analysis
    from lograph.core.chase.plan import ChasePlan
    from lograph.core.chase.table import ChaseTable
    from lograph.core.dynamics.summary import BoardDynamics
    from lograph.core.model.system import PressSystem
    from lograph.core.optimize.fewest import FewestSolution
    from lograph.core.optimize.lit_only import LitOnlySolution
    from lograph.core.optimize.worst import WorstPosition
    from lograph.core.solve import Solution

__all__ = [
    "QUIET_LIMIT",
    "analysis_record",
    "chase_record",
    "dynamics_record",
    "lit_only_record",
    "plan_picture",
    "solution_record",
    "worst_record",
]

#: Quiet patterns listed by default (``lograph analyze --quiet-limit``).
QUIET_LIMIT = 64
#: Largest board whose chase plan is drawn as a picture.
PICTURE_LIMIT = 2500
#: Direction from a button to the grid neighbour whose light forces it.
ARROWS = {(-1, 0): "^", (1, 0): "v", (0, -1): "<", (0, 1): ">", (0, 0): "o"}
#: Above this nullity the solvable fraction is a float too small to show: 0.0.
_FRACTION_NULLITY = 1000
#: The keys of earlier releases' analysis, in their order; the Z_k keys come after them.
_ANALYSIS_FIRST = (
    "buttons", "edges", "states", "directed", "rank", "nullity", "solvable_count",
    "solvable_fraction", "solvable_fraction_exact", "worlds",
)  # fmt: skip


def analysis_record(
    system: PressSystem,
    analysis: Analysis,
    world: tuple[int, ...],
    quiet_limit: int = QUIET_LIMIT,
    ids_limit: int | None = None,
) -> dict[str, Any]:
    """``lograph analyze --json``: the figures, the worlds, the first `quiet_limit` quiet
    patterns as button ids (each cut to `ids_limit` ids when given: the text output needs
    only the first few, and naming them all costs seconds at 10⁶ buttons), and the world of
    the board's own lights."""
    shown = analysis.quiet[:quiet_limit]
    fraction = float(analysis.solvable_fraction) if analysis.nullity < _FRACTION_NULLITY else 0.0
    data: dict[str, Any] = {
        **figure_records(system, analysis),
        "solvable_fraction": fraction,
        **world_records(system, analysis),
        "quiet_patterns": [press_ids(system, q, limit=ids_limit) for q in shown],
        "quiet_patterns_truncated": len(shown) < analysis.nullity,
        "solvable": not any(world),
        "world": list(world),
        "engine": analysis.engine,
        "free_buttons": analysis.free_buttons,
    }
    return {**{key: data[key] for key in _ANALYSIS_FIRST}, **data}


def solution_record(
    system: PressSystem,
    analysis: Analysis,
    solution: Solution,
    goal: str,
    best: FewestSolution | None = None,
) -> dict[str, Any]:
    """``lograph solve --json`` (with ``--fewest`` when `best` is given)."""
    data: dict[str, Any] = {
        "solvable": solution.solvable,
        "world": list(solution.world),
        "solutions": factors_json(analysis.kernel_structure) if solution.solvable else 0,
        "goal": goal,
    }
    if solution.presses is None:
        data.update(presses=None, press_count=None)
        return data
    presses = solution.presses
    if best is not None:
        presses = best.presses
        data.update(optimal_solutions=best.optimal_solutions, exact=best.exact, method=best.method)
        if not best.exact:
            data["lower_bound"] = best.lower_bound
            data["search_leaves"] = best.search_leaves
            data["search_solutions"] = best.search_solutions
    ids = press_ids(system, presses)
    data.update(presses=ids, press_count=len(ids))
    return data


def _factored(factors: dict[int, int]) -> int | str:
    """A period or order as an int, or as text of prime powers (``"2^3*7"``) when huge."""
    return factors_json([p for p, e in sorted(factors.items()) for _ in range(e)])


def dynamics_record(system: PressSystem, result: BoardDynamics) -> dict[str, Any]:
    """``lograph dynamics --json``: the board's tail and period under the map, the map's
    order with its prime factors, the longest tail, and the boards the map fixes."""
    orbit, order = result.orbit, result.order
    return {
        "buttons": system.n,
        "states": system.states,
        "map": result.kind.value,
        "tail": orbit.tail,
        "period": _factored(orbit.factors),
        "period_factors": [[p, e] for p, e in sorted(orbit.factors.items())],
        "order": _factored(order.factors),
        "order_factors": [[p, e] for p, e in sorted(order.factors.items())],
        "longest_tail": order.tail,
        "invertible": order.invertible,
        "fixed_boards": _factored(_count_factors(result.fixed_count)),
        "fixed_basis": len(result.fixed),
        "method": orbit.method,
    }


def _count_factors(count: int) -> dict[int, int]:
    """``count`` (a product of divisors of k ≤ 255) as prime powers."""
    out: dict[int, int] = {}
    for p in range(2, 256):
        while count % p == 0:
            out[p] = out.get(p, 0) + 1
            count //= p
    return out


def worst_record(system: PressSystem, result: WorstPosition, goal: str) -> dict[str, Any]:
    """``lograph worst --json``: the bound or the exact figure, the position's lit buttons
    and its fewest presses (values too on boards of more than two states)."""
    data: dict[str, Any] = {
        "worst_presses": result.worst_presses,
        "upper_bound": result.upper_bound,
        "exact": result.exact,
        "method": result.method,
        "goal": goal,
        "lights": None,
        "presses": None,
    }
    if result.lights is None or result.presses is None:
        return data
    data.update(
        lights=press_ids(system, (result.lights != 0).astype(np.int64)),
        presses=press_ids(system, result.presses),
        press_count=int(result.presses.astype(np.int64).sum()),
    )
    if system.ring.kind is not RingKind.GF2:
        data["light_values"] = result.lights.tolist()
    return data


def chase_record(
    system: PressSystem,
    plan: ChasePlan,
    table: ChaseTable | None,
    table_error: str | None,
    picture: str | None,
) -> dict[str, Any]:
    """``lograph chase --json``: every step, the free buttons, the check lights and the
    lookup table (or why there is none)."""
    names = list(system.names)  # one pass: far faster than a lookup per step
    return {
        "buttons": system.n,
        "states": system.states,
        "free_count": plan.free_count,
        "steps": step_records(names, plan),
        "free": [names[w] for w in plan.free.tolist()],
        "check": [names[u] for u in plan.check.tolist()],
        "table": None if table is None else table_records(names, table),
        "table_rows": None if table is None else len(table),
        "table_minimal": None if table is None else table.minimal,
        "table_error": table_error,
        "picture": picture,
    }


def lit_only_record(system: PressSystem, result: LitOnlySolution, goal: str) -> dict[str, Any]:
    """``lograph solve --lit-only --json``: the lit presses in order, or None."""
    ids = None if result.presses is None else [system.names[i] for i in result.presses]
    return {
        "lit_only": True,
        "solvable": result.solvable,
        "goal": goal,
        "presses": ids,
        "press_count": None if ids is None else len(ids),
        "positions_explored": result.explored,
    }


def plan_picture(system: PressSystem, plan: ChasePlan) -> str | None:
    """The plan drawn on a grid-like board's layout, or None for other boards.

    Each cell shows its step number, then ``F`` for a free button or an arrow pointing at
    the neighbour whose light forces it (``o`` for its own light, ``*`` when that light is
    not a grid neighbour), then ``C`` when its light is a check light.
    """
    if system.coords is None or system.n > PICTURE_LIMIT:
        return None
    coords = system.coords
    step = np.empty(system.n, dtype=np.int64)
    step[plan.buttons] = np.arange(1, system.n + 1)
    forcer = np.full(system.n, -1, dtype=np.int64)
    forcer[plan.buttons] = plan.lights
    check = np.zeros(system.n, dtype=bool)
    check[plan.check] = True
    cells = []
    for w in range(system.n):
        u = int(forcer[w])
        if u < 0:
            role = "F"
        else:
            dr, dc = (coords[u] - coords[w]).tolist()
            role = ARROWS.get((dr, dc), "*")
        cells.append(f"{step[w]}{role}{'C' if check[w] else ''}")
    return grid_picture(system, cells)
