"""A chase plan and the marks that draw it, computed off the GUI thread: the plan, its lookup
table, and the overlay marks of both. No widgets here: the chasing dock (`lograph.ui.chase`)
shows them on the canvas, and exported pictures (`render.chase_layers`) draw the same marks.

`compute_chase` runs on a worker (it only reads a `PressSystem` snapshot); the mark builders
turn its result into overlay marks: numbered steps, free buttons, forcing arrows, check
lights, the free presses of one table row and the check lights a position has on.

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> data = compute_chase(rectangle(5, 5).to_system())
>>> data.plan.free_count, len(data.table), data.table_note
(5, 8, '')
>>> sorted(row_marks(data, data.table.presses[1]))
['r0c3']
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.chase.plan import ChasePlan, chase_plan
from lograph.core.chase.table import ChaseTable, chase_table
from lograph.core.errors import BoardTooLargeError
from lograph.core.model.ring import RingKind
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel
from lograph.ui.canvas.overlay import Mark, mark
from lograph.ui.canvas.palette import MARKS

__all__ = [
    "CHECK",
    "FORCE",
    "FREE",
    "ROW",
    "STEP",
    "ChaseData",
    "check_marks",
    "compute_chase",
    "lit_marks",
    "plan_marks",
    "row_marks",
]

# the colours of the marks' meanings (`palette.MARKS`), named as the chase uses them
FREE = MARKS["free"].color  # free buttons: the ones the player chooses
FORCE = MARKS["force"].color  # arrows from a forcing light to the button it presses
CHECK = MARKS["check"].color  # check lights: read after the chase
ROW = MARKS["row"].color  # the free presses of the chosen table row: "press these"
STEP = MARKS["pressing"].color  # the step being played by the Chase action
STEP_BADGE = MARKS["step"].color  # step numbers of forced buttons

#: Above this many steps the plan shows without step numbers (only the visible labels are
#: painted, but a Mark per button costs memory and time to build).
LABEL_LIMIT = 250_000


@dataclass(frozen=True, eq=False)
class ChaseData:
    """A chase plan of one board snapshot, with its lookup table when it is small enough.

    Attributes
    ----------
    system : PressSystem
        The snapshot the plan was made for (its structure; lights as they were then).
    names : tuple of str
        Button ids in the plan's index order (the board's button order when computed).
    states : int
        The prime p.
    plan : ChasePlan
    table : ChaseTable or None
        None when the table was refused (too many rows or free buttons).
    table_note : str
        Why there is no table ("" when there is one).
    """

    system: PressSystem
    names: tuple[str, ...]
    states: int
    plan: ChasePlan
    table: ChaseTable | None
    table_note: str

    def ids(self, indices: NDArray[np.int64]) -> list[str]:
        return [self.names[i] for i in indices.tolist()]

    @property
    def free_ids(self) -> list[str]:
        return self.ids(self.plan.free)

    @property
    def check_ids(self) -> list[str]:
        return self.ids(self.plan.check)


def compute_chase(
    system: PressSystem, cancel: Cancel = None, plan: ChasePlan | None = None
) -> ChaseData:
    """The best chase plan of `system` and its table (refused politely when too large).

    `plan` is the plan already made for this very system (by the engine that prepared its
    solver): then only the table is computed.
    """
    if plan is None:
        plan = chase_plan(system, cancel=cancel)
    table: ChaseTable | None = None
    note = ""
    try:
        table = chase_table(system, plan, cancel=cancel)
    except BoardTooLargeError as exc:
        reason = str(exc).split(";")[0]
        note = (
            f"{reason}. A chase still works: the free presses for the position it leaves "
            "are worked out directly."
        )
    return ChaseData(system, tuple(system.names), system.states, plan, table, note)


def plan_marks(
    data: ChaseData,
) -> tuple[dict[str, Mark], dict[str, Mark], list[tuple[str, str, str]]]:
    """The plan on the board: rings on the free buttons, step-number badges on every button
    (orange for free steps), and an arrow from each forcing light to the button it presses.

    Returns ``(rings, badges, arrows)``; badges and arrows are painted above every ring of
    every overlay, so no ring hides a number or an arrowhead.
    """
    plan = data.plan
    labels = len(plan.buttons) <= LABEL_LIMIT
    rings: dict[str, Mark] = {}
    badges: dict[str, Mark] = {}
    arrows: list[tuple[str, str, str]] = []
    for step, (w, u) in enumerate(zip(plan.buttons.tolist(), plan.lights.tolist(), strict=True)):
        button = data.names[w]
        if u < 0:
            rings[button] = mark("free")
        else:
            arrows.append((data.names[u], button, FORCE))
        if labels:
            badges[button] = Mark(FREE if u < 0 else STEP_BADGE, str(step + 1), "badge")
    return rings, badges, arrows


def check_marks(data: ChaseData) -> dict[str, Mark]:
    """A purple dot on every check light."""
    return {b: mark("check") for b in data.check_ids}


def row_marks(data: ChaseData, presses: NDArray[np.integer]) -> dict[str, Mark]:
    """Brown rings on the free buttons to press (with the count when above one): not the
    solution's green, so a chosen row and a shown solution never look alike.

    `presses` is a row of ``table.presses`` (or any free press vector, ``plan.free`` order).
    """
    out: dict[str, Mark] = {}
    for b, times in zip(data.free_ids, np.asarray(presses).tolist(), strict=True):
        if times:
            out[b] = mark("row", f"×{times}" if times > 1 else "")
    return out


def lit_marks(data: ChaseData, pattern: NDArray[np.integer]) -> dict[str, Mark]:
    """Purple rings inside the check lights that are on, around their dots (with their value
    when p > 2).

    `pattern` holds the check-light values in ``plan.check`` order.
    """
    labels = data.system.ring.kind is not RingKind.GF2
    return {
        b: mark("check_on", str(v) if labels else "")
        for b, v in zip(data.check_ids, np.asarray(pattern).tolist(), strict=True)
        if v
    }
