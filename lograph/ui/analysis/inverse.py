"""The inverse solution as a mark (LightsOutWeb's "W"): the board whose solution is the
current board, i.e. the press map's image ``-A b`` (`lograph.core.dynamics.image` with
`MapKind.PRESS`): the lights that pressing each button as often as its light says would
clear. Drawn as squares around the buttons where it is not zero (the value in a badge when
it is more than 1).

It is a session overlay ("inverse") like the solution's rings, and the two are never shown
at once: showing one hides the other, as in LightsOutWeb. The image is one sparse product,
computed on the GUI thread after every change of lights while it is shown.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject

from lograph.ui.canvas.overlay import Mark, Overlay
from lograph.ui.canvas.palette import MARKS
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.document import Document
from lograph.ui.model.session import Session

__all__ = ["InverseMark", "inverse_solution"]

#: The overlays that are never shown together (each hides the other).
EXCLUSIVE = {"inverse": "solution", "solution": "inverse"}


def inverse_solution(document: Document) -> NDArray[np.uint8]:
    """The current board's inverse solution, in button order."""
    from lograph.core.dynamics import MapKind, image

    system = document.press_system()
    return np.asarray(image(system, system.lights, MapKind.PRESS), dtype=np.uint8)


class InverseMark(QObject):
    """Keeps the "inverse" overlay drawn while the session shows it."""

    def __init__(
        self, document: Document, scene: BoardScene, session: Session, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.document, self.scene, self.session = document, scene, session
        session.overlay_changed.connect(self._overlay_changed)
        document.changed.connect(self.draw)  # lights and structure alike

    @property
    def overlay(self) -> Overlay:
        return self.scene.overlay("analysis.inverse")

    def _overlay_changed(self, name: str, on: bool) -> None:
        other = EXCLUSIVE.get(name)
        if other is not None and on:
            self.session.set_shown(other, False)
        if name == "inverse":
            self.draw()

    def draw(self) -> None:
        if not self.session.shows("inverse") or not len(self.document.board):
            self.overlay.clear()
            return
        values = inverse_solution(self.document)
        kind, names = MARKS["inverse"], self.document.board.buttons
        self.overlay.set_marks(
            {
                names[i]: Mark(kind.color, str(int(values[i])) if values[i] > 1 else "", kind.style)
                for i in np.flatnonzero(values).tolist()
            }
        )
