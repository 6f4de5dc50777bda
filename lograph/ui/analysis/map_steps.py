"""Step the solution map: replace the board by its solution (forward), or by its inverse
solution (backward: the press map, the lights the board's own presses would clear), as
LightsOutWeb's "E" does one step of its solution period; and the stability it keeps.

The maps are `lograph.core.dynamics.image` (docs/math.md, "The solution map"); each step is
computed in the background on the window's job runner (a big board's solution is an
elimination) and lands as one `MapStepCommand` on the undo stack.

The stepper counts steps since stepping began (forward +1, backward -1) and keeps the
stability mask: the cells no step so far has changed (LightsOutWeb's "stability"; "lit
stability" is the stable cells that are lit). Any other change of the lights (a press, an
edit, a preset) ends the stepping: the counter and the mask start again. Undo and redo of a
step put back the counter and the mask it had, so both always describe the lights shown.

Examples
--------
>>> stepper = MapStepper(model, scene, session)  # doctest: +SKIP
>>> stepper.forward()  # the board becomes its solution, once computed  # doctest: +SKIP
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

from lograph.core.dynamics import MapKind
from lograph.core.errors import LographError
from lograph.core.model.system import PressSystem
from lograph.ui.canvas.overlay import Overlay, mark
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.document import STRUCTURAL, Document
from lograph.ui.model.jobs import Job
from lograph.ui.model.session import Session
from lograph.ui.model.words import count_of

__all__ = ["MapStepCommand", "MapStepper", "StepState"]

#: The runner channel of a step being computed.
CHANNEL = "map_step"
#: What each direction replaces the board by (menu texts and undo texts).
WORDS = {1: "its solution", -1: "its inverse solution"}


@dataclass(frozen=True)
class StepState:
    """Where stepping stands: steps since it began (backward ones count -1), and the cells no
    step has changed (None before the first step)."""

    steps: int = 0
    stable: NDArray[np.bool_] | None = None
    taken: int = 0  # steps made in either direction (the mask is ANDed over all of them)


class MapStepCommand(QUndoCommand):
    """Replace the lights by the map's image; undo puts back the lights and the stepper's
    counter and stability mask."""

    def __init__(
        self,
        stepper: MapStepper,
        doc: Document,
        lights: NDArray[np.uint8],
        direction: int,
    ) -> None:
        super().__init__(f"Replace board by {WORDS[direction]}")
        self.stepper, self.doc = stepper, doc
        self.old, self.new = doc.board.lights(), np.asarray(lights, dtype=np.uint8)
        self.before = stepper.state
        mask = (
            self.before.stable if self.before.stable is not None else np.ones(len(self.new), bool)
        )
        self.after = StepState(
            self.before.steps + direction, mask & (self.new == self.old), self.before.taken + 1
        )

    def _apply(self, lights: NDArray[np.uint8], state: StepState) -> None:
        self.stepper.applying = True
        try:
            self.doc.set_all_lights(lights)
        finally:
            self.stepper.applying = False
        self.stepper.set_state(state)

    def redo(self) -> None:
        self._apply(self.new, self.after)

    def undo(self) -> None:
        self._apply(self.old, self.before)


class MapStepper(QObject):
    """Steps the solution map forward and back, and draws the stability overlays.

    Parameters
    ----------
    model : AnalysisModel
        Its runner computes the steps; its counters tell a stale answer.
    scene : BoardScene
        Where the stable cells are marked.
    session : Session
        Owns the "stability" and "lit_stability" overlays (at most one is shown).

    Signals
    -------
    changed()
        The counter or the mask changed (a step, its undo, or stepping ended).
    status(str)
        One line for the status bar.
    """

    changed = Signal()
    status = Signal(str)

    def __init__(
        self,
        model: AnalysisModel,
        scene: BoardScene,
        session: Session,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.model, self.scene, self.session = model, scene, session
        self.document = model.document
        self.state = StepState()
        self.applying = False  # a step's own change of lights does not end the stepping
        self.document.lights_changed.connect(self._lights_changed)
        for name in STRUCTURAL:
            getattr(self.document, name).connect(lambda *_: self.set_state(StepState()))
        session.overlay_changed.connect(self._overlay_changed)

    @property
    def overlay(self) -> Overlay:
        return self.scene.overlay("analysis.stability")

    @property
    def busy(self) -> bool:
        return self.model.runner.is_running(CHANNEL)

    # ------------------------------------------------------------------ stepping
    def forward(self) -> None:
        """Replace the board by its solution (in the background; one undoable step)."""
        self._step(1)

    def backward(self) -> None:
        """Replace the board by its inverse solution (in the background; one undoable step)."""
        self._step(-1)

    def _step(self, direction: int) -> None:
        if not len(self.document.board):
            self.status.emit("An empty board has no lights to replace.")
            return
        kind = MapKind.SOLUTION if direction > 0 else MapKind.PRESS
        system = self.document.press_system()
        model = self.model
        solver, analysis = model.solver, model.analysis
        if kind is MapKind.SOLUTION and analysis is not None and analysis.kernel_size == 1:
            # A invertible: f(b) = -A^-1 b is the one solution of A x = -b, which the
            # prepared solver gives at once (the Krylov image takes minutes on 256x256)
            def work(job: Job) -> NDArray[np.uint8]:
                del job
                x = solver.particular((-system.lights.astype(np.int64)) % system.states)  # type: ignore[union-attr]
                if x is None:  # the engine contradicts its own analysis: a bug
                    raise AssertionError("no solution on an invertible board")
                return np.asarray(x, dtype=np.uint8)
        else:

            def work(job: Job) -> NDArray[np.uint8]:
                return _image(system, kind, job)

        def token() -> object:
            return (model.structure, model.lights)

        def failed(_token: object, error: BaseException) -> None:
            if not isinstance(error, LographError):
                raise error
            self.status.emit(f"Cannot replace the board by {WORDS[direction]}: {error}")

        model.runner.submit(
            CHANNEL,
            work,
            f"Replacing the board by {WORDS[direction]}…",
            token=token(),
            current=token,
            done=lambda _token, lights: self._stepped(lights, direction),
            failed=failed,
        )

    def _stepped(self, lights: NDArray[np.uint8], direction: int) -> None:
        self.document.push(MapStepCommand(self, self.document, lights, direction))
        self.status.emit(self.text())

    def counter(self) -> str:
        """The status bar's short counter ("Map step 3", "Map step −2"), "" when not stepping."""
        if self.state.stable is None:
            return ""
        return f"Map step {self.state.steps}".replace("-", "−")

    def text(self) -> str:
        """The counter and the stable cells, in words ("" before the first step)."""
        state = self.state
        if state.stable is None:
            return ""
        way = "forward" if state.steps >= 0 else "back"
        stable = int(state.stable.sum())
        lit = int((state.stable & (self.document.board.lights() != 0)).sum())
        return (
            f"Solution map: {count_of(abs(state.steps), 'step')} {way}; "
            f"{stable:,} of {len(state.stable):,} cells stable, {lit:,} of them lit."
        )

    # ------------------------------------------------------------------ state
    def set_state(self, state: StepState) -> None:
        if state.stable is None and self.state.stable is None and state.steps == 0:
            return  # not stepping, still not stepping
        self.state = state
        self.changed.emit()
        self.draw()

    def _lights_changed(self, _ids: list[str]) -> None:
        if self.applying:
            return
        self.model.runner.cancel(CHANNEL)  # a step computed for the old lights is stale
        self.set_state(StepState())

    # ------------------------------------------------------------------ stability overlays
    def _overlay_changed(self, name: str, on: bool) -> None:
        other = {"stability": "lit_stability", "lit_stability": "stability"}.get(name)
        if other is None:
            return
        if on:
            self.session.set_shown(other, False)  # one at a time, as in LightsOutWeb
        self.draw()

    def draw(self) -> None:
        """Mark the stable cells (all, or the lit ones) when one of the overlays is shown."""
        stable = self.state.stable
        show_all, show_lit = self.session.shows("stability"), self.session.shows("lit_stability")
        if stable is None or not (show_all or show_lit) or len(stable) != len(self.document.board):
            self.overlay.clear()
            return
        if show_lit:
            stable = stable & (self.document.board.lights() != 0)
        names = self.document.board.buttons
        self.overlay.set_marks({names[i]: mark("stable") for i in np.flatnonzero(stable).tolist()})


def _image(system: PressSystem, kind: MapKind, job: Job) -> NDArray[np.uint8]:
    """One step of the map, on a worker thread (one image is one solve: no cancel hook)."""
    from lograph.core.dynamics import image

    del job
    return np.asarray(image(system, system.lights, kind), dtype=np.uint8)
