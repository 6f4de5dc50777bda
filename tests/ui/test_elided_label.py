"""The analysis panel's busy row ends a too-long text in "…" instead of cutting it
mid-word (the first-compile note is longer than a narrow dock)."""

from __future__ import annotations

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLabel

from lograph.ui.widgets import ElidedLabel

TEXT = "Compiling kernels for this machine (first run only) · Analysing 421 buttons…"


def _pixels(label: QLabel) -> QImage:
    image = QImage(label.size(), QImage.Format.Format_ARGB32)
    image.fill(0)
    label.render(image)
    return image


def test_a_narrow_label_paints_its_text_elided(qtbot):
    label = ElidedLabel(TEXT)
    qtbot.addWidget(label)
    label.resize(150, 24)
    label.show()
    qtbot.waitExposed(label)
    shown = label.elided()
    assert shown.endswith("…")
    assert shown != TEXT
    assert TEXT.startswith(shown[:-1].rstrip())
    assert label.text() == TEXT  # the whole text stays (for the tooltip)
    # what is painted is that elided text: a plain label holding it draws the same pixels
    plain = QLabel(shown)
    qtbot.addWidget(plain)
    plain.resize(label.size())
    plain.show()
    qtbot.waitExposed(plain)
    assert _pixels(label) == _pixels(plain)


def test_a_wide_label_paints_the_whole_text(qtbot):
    label = ElidedLabel(TEXT)
    qtbot.addWidget(label)
    label.resize(label.fontMetrics().horizontalAdvance(TEXT) + 40, 24)
    label.show()
    qtbot.waitExposed(label)
    assert label.elided() == TEXT
