"""Small widget helpers shared by the window and the dialogs."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QLabel, QWidget

__all__ = ["ElidedLabel", "WheelToScroll", "elide_words", "guard_wheel", "named"]

W = TypeVar("W", bound=QObject)


def named(obj: W, name: str) -> W:
    """Give `obj` an objectName (tests and style sheets find widgets by it) and return it."""
    obj.setObjectName(name)
    return obj


ELLIPSIS = "…"


def elide_words(text: str, metrics: QFontMetrics, width: int) -> str:
    """`text` if it fits in `width` pixels, else as many whole words as fit followed by "…"
    (a single word too long for the width is cut where it must be)."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    cut = len(text)
    while True:
        cut = text.rfind(" ", 0, cut)
        if cut <= 0:
            return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
        head = text[:cut].rstrip(" ,;:·—–-(") + ELLIPSIS
        if metrics.horizontalAdvance(head) <= width:
            return head


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


class WheelToScroll(QObject):
    """Lets the wheel scroll a panel past its combo boxes and spin boxes: one that has no
    focus passes the wheel on to the panel instead of turning its value (Qt's default turns
    whatever passes under the pointer, so scrolling the Analysis dock changed its quiet
    pattern and engine on the way down). Click or tab into a field to turn it."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Wheel or not isinstance(watched, QWidget):
            return False
        if watched.hasFocus():
            return False
        event.ignore()  # handled here, not accepted: Qt hands the wheel to the parents
        return True


def guard_wheel(root: QWidget) -> None:
    """Install `WheelToScroll` on every combo box and spin box inside `root` (and give them
    focus by click or tab only, never by the wheel)."""
    guard = WheelToScroll(root)
    fields: list[QWidget] = [*root.findChildren(QComboBox), *root.findChildren(QAbstractSpinBox)]
    for field in fields:
        field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        field.installEventFilter(guard)
