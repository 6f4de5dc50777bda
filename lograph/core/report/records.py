"""Plain, JSON-ready records of results: button ids, chase steps, table rows.

The CLI's ``--json`` output, the analysis report and the GUI exports all describe results
with these, so the keys scripts rely on are written in one place.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

from lograph.core.algebra.analysis import invariant_factors
from lograph.core.model.system import CellNames, PressSystem

if TYPE_CHECKING:
    from lograph.core.algebra.analysis import Analysis
    from lograph.core.chase.plan import ChasePlan
    from lograph.core.chase.table import ChaseTable

__all__ = [
    "composite_figure_texts",
    "count_json",
    "factors_json",
    "factors_text",
    "figure_records",
    "fraction_json",
    "grid_picture",
    "press_ids",
    "step_records",
    "table_records",
    "world_records",
]

#: Python refuses to print ints of more than 4300 digits; stay well below.
_MAX_DIGITS = 4000


def count_json(base: int, exponent: int) -> int | str:
    """``base**exponent`` as an int, or the text ``"base^exponent"`` when it is huge.

    Examples
    --------
    >>> count_json(2, 23), count_json(2, 1_000_000)
    (8388608, '2^1000000')
    """
    if exponent * math.log10(max(base, 2)) < _MAX_DIGITS:
        return int(base**exponent)
    return f"{base}^{exponent}"


def fraction_json(base: int, exponent: int) -> str:
    """``1/base**exponent`` as text (``"1/4"``, or ``"1/2^5000"`` when huge)."""
    if exponent == 0:
        return "1"
    return f"1/{count_json(base, exponent)}"


def factors_json(factors: Sequence[int]) -> int | str:
    """The product of `factors` as an int, or as text of powers (``"2^5000*6^3"``) when
    huge.

    Examples
    --------
    >>> factors_json([2, 2, 4]), factors_json([]), factors_json([3] * 10_000)
    (16, 1, '3^10000')
    """
    digits = sum(math.log10(f) for f in factors)
    if digits < _MAX_DIGITS:
        return math.prod(factors)
    counts: dict[int, int] = {}
    for factor in factors:
        counts[factor] = counts.get(factor, 0) + 1
    return "*".join(f"{f}^{c}" for f, c in sorted(counts.items()))


def factors_text(factors: Sequence[int]) -> str:
    """A product of cyclic groups: ``"Z_2 × Z_2 × Z_4"`` (runs of 4 or more as powers,
    ``"(Z_3)^18"``; ``"{0}"`` for the trivial group).

    Examples
    --------
    >>> factors_text([2, 2, 4]), factors_text([]), factors_text([3] * 18 + [6])
    ('Z_2 × Z_2 × Z_4', '{0}', '(Z_3)^18 × Z_6')
    """
    parts: list[str] = []
    for factor in sorted(set(factors)):
        times = list(factors).count(factor)
        if times >= 4:
            parts.append(f"(Z_{factor})^{times}")
        else:
            parts.extend([f"Z_{factor}"] * times)
    return " × ".join(parts) if parts else "{0}"


def composite_figure_texts(analysis: Analysis) -> dict[str, str]:
    """The window's figures over Z_k (k composite), where rank and nullity say nothing:
    rank, nullity ("—"), solvable_count, solvable_fraction and worlds as text."""
    worlds = factors_json(_world_factors(analysis))
    count = _solvable_count_of(analysis.states, analysis.n, analysis)
    shown_worlds = f"{worlds:,}" if isinstance(worlds, int) else worlds
    if isinstance(count, int) and count.bit_length() > 60:
        # a 20-digit number cannot wrap in a narrow dock: say it as the quotient it is
        count = f"{analysis.states}^{analysis.n} / {shown_worlds}"
    return {
        "rank": "—",
        "nullity": "—",
        "solvable_count": f"{count:,}" if isinstance(count, int) else count,
        "solvable_fraction": "all positions" if worlds == 1 else f"1/{shown_worlds}",
        "worlds": shown_worlds,
    }


def _solvable_count(system: PressSystem, analysis: Analysis) -> int | str:
    return _solvable_count_of(system.states, system.n, analysis)


def _solvable_count_of(k: int, n: int, analysis: Analysis) -> int | str:
    """k^n / worlds (p^rank over GF(p)), as an int or text when huge."""
    if analysis.prime:
        return count_json(k, analysis.rank)
    worlds = factors_json(_world_factors(analysis))
    total = count_json(k, n)
    if isinstance(total, int) and isinstance(worlds, int):
        return total // worlds
    return str(total) if worlds == 1 else f"{total}/{worlds}"


def _world_factors(analysis: Analysis) -> list[int]:
    return invariant_factors(analysis.world_radices())


def figure_records(system: PressSystem, analysis: Analysis) -> dict[str, Any]:
    """The board's size and press-matrix figures, the first keys of ``analyze --json`` and of
    the analysis report: buttons, edges, states, directed, rank, nullity (both null for
    composite k), solvable_count, kernel_size, kernel_structure."""
    structure = analysis.kernel_structure
    return {
        "buttons": system.n,
        "edges": system.edge_count,
        "states": system.states,
        "directed": system.directed or not system.symmetric,
        "rank": analysis.rank if analysis.prime else None,
        "nullity": analysis.nullity if analysis.prime else None,
        "solvable_count": _solvable_count(system, analysis),
        "kernel_size": factors_json(structure),
        "kernel_structure": structure,
    }


def world_records(system: PressSystem, analysis: Analysis) -> dict[str, Any]:
    """How many worlds there are and the solvable share: ``worlds`` (int or text) and
    ``solvable_fraction_exact`` (``"1/16"``)."""
    if analysis.prime:
        return {
            "worlds": count_json(system.states, analysis.nullity),
            "solvable_fraction_exact": fraction_json(system.states, analysis.nullity),
        }
    worlds = factors_json(_world_factors(analysis))
    return {
        "worlds": worlds,
        "solvable_fraction_exact": "1" if worlds == 1 else f"1/{worlds}",
    }


def press_ids(system: PressSystem, counts: ArrayLike, limit: int | None = None) -> list[str]:
    """Button ids with a non-zero count, a button repeated `count` times (p > 2).

    The same form serves press vectors (which buttons to press) and light patterns (which
    lights are lit). At most `limit` ids when given.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> press_ids(rectangle(2, 2).to_system(), [1, 0, 0, 2])
    ['r0c0', 'r1c1', 'r1c1']
    """
    vec = np.asarray(counts, dtype=np.int64)
    where = np.flatnonzero(vec)
    if limit is not None:
        where = where[:limit]
    if isinstance(system.names, CellNames) and system.coords is not None:
        # build grid names in one go: a lazy lookup per button is slow at 10⁶ buttons
        names = [f"r{r}c{c}" for r, c in system.coords[where].tolist()]
    else:
        names = [system.names[int(i)] for i in where]
    out: list[str] = []
    for name, times in zip(names, vec[where].tolist(), strict=True):
        out.extend([name] * times)
    return out if limit is None else out[:limit]


def step_records(names: Sequence[str], plan: ChasePlan) -> list[dict[str, Any]]:
    """One dict per chase step: ``{"step", "action": "free"|"force", "button"[, "light"]}``."""
    records: list[dict[str, Any]] = []
    for i, (w, u) in enumerate(zip(plan.buttons.tolist(), plan.lights.tolist(), strict=True), 1):
        if u < 0:
            records.append({"step": i, "action": "free", "button": names[w]})
        else:
            records.append({"step": i, "action": "force", "light": names[u], "button": names[w]})
    return records


def table_records(names: Sequence[str], table: ChaseTable) -> list[dict[str, Any]]:
    """One dict per lookup-table row: the check-light values and the free presses."""
    check = [names[int(u)] for u in table.plan.check]
    free = [names[int(w)] for w in table.plan.free]
    rows = []
    for pattern, presses in zip(table.patterns.tolist(), table.presses.tolist(), strict=True):
        rows.append(
            {
                "pattern": pattern,
                "lit": [c for c, v in zip(check, pattern, strict=True) if v],
                "presses": presses,
                "press": [b for b, k in zip(free, presses, strict=True) for _ in range(k)],
            }
        )
    return rows


def grid_picture(system: PressSystem, cells: Sequence[str], hole: str = ".") -> str | None:
    """Draw one short string per button on the board's grid layout (None if not a grid).

    Cells are padded to the widest entry so columns line up; holes show `hole`.
    """
    if system.coords is None or system.n == 0:
        return None
    rows, cols = (int(v) + 1 for v in system.coords.max(axis=0))
    if rows * cols > 200 * 200:
        return None
    width = max(len(hole), *(len(c) for c in cells))
    grid = [[hole.rjust(width)] * cols for _ in range(rows)]
    for (r, c), text in zip(system.coords.tolist(), cells, strict=True):
        grid[r][c] = text.rjust(width)
    return "\n".join(" ".join(row) for row in grid)
