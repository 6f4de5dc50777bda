"""The play tool under the session's lit-only rule: a click on an unlit button is refused
with a short message and presses nothing (so it is not a move either)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsSceneMouseEvent

from lograph.ui.canvas.tools import PlayTool

__all__ = ["LitOnlyPlayTool"]


class LitOnlyPlayTool(PlayTool):
    """`PlayTool` that obeys `Session.lit_only`."""

    def press(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.session.lit_only and event.button() == Qt.MouseButton.LeftButton:
            button = self.scene.button_at(event.scenePos())
            if button is not None and self.doc.board.light(button) == 0:
                self.message.emit(f"Lit-only: {button} is not lit — press a lit button")
                return
        super().press(event)
