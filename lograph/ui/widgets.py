"""Small widget helpers shared by the window and the dialogs."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QLabel, QWidget

__all__ = [
    "TONES",
    "ElidedLabel",
    "WheelToScroll",
    "elide_words",
    "guard_wheel",
    "named",
    "readable",
    "set_tone",
]

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
        head = text[:cut].rstrip(" ,.;:·—–-(") + ELLIPSIS
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


#: The hue of a verdict in text: "good" (solvable, solved) and "bad" (not solvable, an error).
TONES = {"good": QColor("#2b8a3e"), "bad": QColor("#c92a2a")}
#: WCAG AA for normal text.
MIN_CONTRAST = 4.5


def _luminance(color: QColor) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in (color.redF(), color.greenF(), color.blueF()))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable(color: QColor, background: QColor, ratio: float = MIN_CONTRAST) -> QColor:
    """`color` mixed towards black (on a light background) or white (on a dark one), just
    enough for a WCAG contrast of at least `ratio` against `background`.

    >>> readable(QColor("#2b8a3e"), QColor("#25282d")).name()  # the dark theme's window
    '#519f61'
    >>> readable(QColor("#2b8a3e"), QColor("#ffffff")).name()
    '#2a873d'
    """
    toward = QColor("#000000") if _luminance(background) > 0.18 else QColor("#ffffff")
    start = (color.redF(), color.greenF(), color.blueF())
    end = (toward.redF(), toward.greenF(), toward.blueF())
    for step in range(101):
        t = step / 100
        mixed = QColor.fromRgbF(*((1 - t) * c + t * w for c, w in zip(start, end, strict=True)))
        if _contrast(mixed, background) >= ratio:
            return mixed
    return toward


class _ToneKeeper(QObject):
    """Re-colours its label when the palette changes (a theme switch)."""

    def __init__(self, label: QLabel) -> None:
        super().__init__(label)
        self.label, self.bold = label, False
        self.tone: str | None = None
        app = QApplication.instance()
        if app is not None:  # a theme switch sets the application's palette
            app.installEventFilter(self)

    def apply(self) -> None:
        if self.tone is None:
            sheet = ""
        else:
            ground = QApplication.palette().color(QPalette.ColorRole.Window)
            color = readable(TONES[self.tone], ground).name()
            sheet = f"color: {color};" + (" font-weight: bold;" if self.bold else "")
        if self.label.styleSheet() != sheet:
            self.label.setStyleSheet(sheet)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ApplicationPaletteChange
            and watched is QApplication.instance()
        ):
            self.apply()
        return False


def set_tone(label: QLabel, tone: str | None, bold: bool = True) -> None:
    """Colour `label`'s text in `tone` ("good", "bad"; None: the palette's own colour), with
    a contrast of at least 4.5:1 on the current theme's window colour, kept through theme
    switches."""
    keeper = label.findChild(_ToneKeeper)
    if keeper is None:
        keeper = _ToneKeeper(label)
    keeper.tone, keeper.bold = tone, bold
    keeper.apply()
