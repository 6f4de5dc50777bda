"""Small widget helpers shared by the window and the dialogs."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel

__all__ = ["ElidedLabel", "named"]

W = TypeVar("W", bound=QObject)


def named(obj: W, name: str) -> W:
    """Give `obj` an objectName (tests and style sheets find widgets by it) and return it."""
    obj.setObjectName(name)
    return obj


class ElidedLabel(QLabel):
    """A one-line label that ends in "…" when its text is wider than the label, instead of
    being cut mid-word; `text()` keeps the whole text (put it in the tooltip too)."""

    def elided(self) -> str:
        """The text as painted at the label's current width."""
        width = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, width)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            self.contentsRect(),
            int(self.alignment()),
            self.palette(),
            self.isEnabled(),
            self.elided(),
            self.foregroundRole(),
        )
