"""Light chasing on any graph: the plan a person (and the fast engine) follows.

A chase plan is an ordered list of steps, each either ``free w`` (button w is an unknown the
player chooses) or ``force u -> w`` (light u is fixed by button w, the only undecided button
acting on u). Lights never used to force are the *check lights*. See MATH.md.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = ["ChasePlan"]


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
