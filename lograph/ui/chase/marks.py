"""What the chasing view draws on the board, one overlay per kind of mark so each can be
cleared alone: the plan (free-button rings with arrows, step numbers, check-light dots), the
free presses of the chosen table row, and the check lights a position has on.

The marks themselves are built by `lograph.ui.picture.chase_plan` (pictures draw the same);
the overlay of the step being played (``step``) is handed to the `ChasePlayer`, which draws
on it.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.ui.canvas.scene import BoardScene
from lograph.ui.picture.chase_plan import ChaseData, check_marks, lit_marks, plan_marks, row_marks

__all__ = ["ChaseMarks"]


class ChaseMarks:
    """The chasing view's overlays on `scene`."""

    def __init__(self, scene: BoardScene) -> None:
        self.plan = scene.overlay("chase")
        self.steps = scene.overlay("chase_steps", z=13)  # numbers above every ring
        self.check = scene.overlay("chase_check")
        self.row = scene.overlay("chase_row", z=12)
        self.lit = scene.overlay("chase_lit")
        self.step = scene.overlay("chase_step", z=14)

    def clear(self) -> None:
        """Clear every mark but the played step (the player clears that one)."""
        for lay in (self.plan, self.steps, self.check, self.row, self.lit):
            lay.clear()

    def draw_plan(self, data: ChaseData) -> None:
        rings, badges, arrows = plan_marks(data)
        self.plan.set_marks(rings)
        self.plan.set_arrows(arrows)
        self.steps.set_marks(badges)
        self.check.set_marks(check_marks(data))

    def clear_plan(self) -> None:
        self.plan.clear()
        self.steps.clear()
        self.check.clear()

    def mark_row(self, data: ChaseData, presses: NDArray[np.integer]) -> None:
        """Ring the free buttons to press (a table row, or one position's free presses)."""
        self.row.set_marks(row_marks(data, presses))

    def mark_lit(self, data: ChaseData, pattern: NDArray[np.integer]) -> None:
        """Ring the check lights that are on in `pattern` (``plan.check`` order)."""
        self.lit.set_marks(lit_marks(data, pattern))

    def clear_row(self) -> None:
        """Clear the chosen row's free presses and the lit check lights."""
        self.row.clear()
        self.lit.clear()
