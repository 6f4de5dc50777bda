"""The Chase action's player: the forced presses of a chase, made one step at a time as a
person would, each a real undoable `PressCommand`, animated by a QTimer and stoppable.

The presses are worked out when the chase starts (`run_chase` on the current lights, no free
presses), then played: each tick rings the button being pressed and draws the arrow from the
light that forces it. If anything else changes the lights or the board meanwhile (a click,
an undo, an edit) the chase stops, since its plan no longer matches what is on the board.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

from lograph.core.chase.table import run_chase
from lograph.ui.canvas.overlay import Overlay, mark
from lograph.ui.model.commands import PressCommand
from lograph.ui.model.document import STRUCTURAL, Document
from lograph.ui.picture.chase_plan import FORCE, ChaseData

__all__ = ["ChasePlayer", "shifted_lights"]

#: Longest a chase animation should take (big boards press several buttons per tick).
TOTAL_MS = 8000


def shifted_lights(document: Document, names: tuple[str, ...], goal: str) -> np.ndarray:
    """Light values in plan order, shifted so the goal reads as all zero.

    A chase switches lights *off*; to reach "all on" (p-1), chase ``light - (p-1) mod p``:
    presses add the same amount whatever the start, so the forced presses are the same.
    """
    board = document.board
    p = board.states
    target = 0 if goal == "off" else p - 1
    lights = np.fromiter((board.light(b) for b in names), dtype=np.int64, count=len(names))
    return (lights - target) % p


class ChasePlayer(QObject):
    """Plays the forced presses of one chase on a Document.

    Parameters
    ----------
    document : Document
        Where the presses go (as PressCommands on its undo stack).
    step_overlay : Overlay
        Where the current step is drawn (cleared when the chase ends).
    interval : int
        Milliseconds between steps (tests use 0).
    parent : QObject, optional
        Owner (the chasing view): the player dies with the window, not with the Document,
        which outlives it.

    Signals
    -------
    finished(bool)
        True when every forced press was made, False when stopped early.
    progress(int, int)
        Steps played so far, and steps in all.
    """

    finished = Signal(bool)
    progress = Signal(int, int)

    def __init__(
        self,
        document: Document,
        step_overlay: Overlay,
        interval: int = 140,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.overlay = step_overlay
        self.interval = interval
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.steps: list[tuple[str, str, int, int]] = []  # (light, button, times, step number)
        self.done = 0
        self._batch = 1
        self._pressing = False
        for name in ("lights_changed", *STRUCTURAL):
            getattr(document, name).connect(self._outside_change)

    @property
    def running(self) -> bool:
        return self.timer.isActive()

    def start(self, data: ChaseData, goal: str = "off") -> int:
        """Work out the forced presses for the current lights and start playing them.

        Returns the number of steps that press something (0: nothing to do; `finished`
        is still emitted, at once).
        """
        self.stop()
        system_lights = shifted_lights(self.document, data.names, goal)
        presses, _ = run_chase(data.system, data.plan, system_lights)
        plan = data.plan
        self.steps = [
            (data.names[u], data.names[w], int(presses[w]), i + 1)
            for i, (w, u) in enumerate(
                zip(plan.buttons.tolist(), plan.lights.tolist(), strict=True)
            )
            if u >= 0 and presses[w]
        ]
        self.done = 0
        # several steps per tick only when a long chase at the normal pace would drag on
        pace = min(self.interval, 140)
        self._batch = max(1, math.ceil(len(self.steps) * pace / TOTAL_MS))
        if not self.steps:
            self.finished.emit(True)
            return 0
        self.timer.start(self.interval)
        self._tick()  # the first step shows at once
        return len(self.steps)

    def stop(self) -> None:
        """Stop playing (the presses made so far stay, each undoable)."""
        if self.timer.isActive():
            self.timer.stop()
            self.overlay.clear()
            self.finished.emit(False)

    def _tick(self) -> None:
        chunk = self.steps[self.done : self.done + self._batch]
        self._pressing = True
        try:
            for _light, button, times, _step in chunk:
                for _ in range(times):
                    self.document.push(PressCommand(self.document, button))
        finally:
            self._pressing = False
        self.done += len(chunk)
        light, button, _, step = chunk[-1]
        # the light that forces the press, ringed in the arrow's colour, then the button
        marks = {light: mark("forcing"), button: mark("pressing", str(step))}
        self.overlay.set_marks(marks)
        self.overlay.set_arrows([(light, button, FORCE)])
        self.progress.emit(self.done, len(self.steps))
        if self.done >= len(self.steps):
            self.timer.stop()
            self.overlay.clear()
            self.finished.emit(True)

    def _outside_change(self, *args: object) -> None:
        if not self._pressing and self.running:
            self.stop()
