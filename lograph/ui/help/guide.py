"""Help ▸ Getting Started (a short illustrated guide: draw, play, analyse, chase) and
Help ▸ About lograph. The guide's pictures are drawn when it first opens, by the window's own
renderer (`lograph.ui.help.pictures`), and kept for the session.
"""

from __future__ import annotations

import platform

from PySide6.QtCore import QUrl, qVersion
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from lograph import __version__
from lograph.ui.help.pictures import PICTURE_WIDTH, guide_pictures
from lograph.ui.help.texts import ABOUT, GUIDE

__all__ = ["GettingStarted", "about_text", "guide_html", "show_about"]

_pictures: dict[str, QImage] = {}


def guide_html() -> str:
    """The guide as rich text; pictures are ``guide:NAME.png`` resources."""
    rows = "".join(
        f'<tr><td style="padding:8px"><img src="guide:{step.picture}.png" '
        f'width="{PICTURE_WIDTH}"></td>'
        f'<td style="padding:8px; vertical-align:middle"><h3>{step.title}</h3>'
        f"<p>{step.text}</p></td></tr>"
        for step in GUIDE
    )
    return (
        "<h2>Getting started with lograph</h2>"
        "<p>Lights Out on any graph: every button has a light, and pressing a button changes "
        "its light and its neighbours'. Switch every light off.</p>"
        f"<table>{rows}</table>"
        "<p>Every toolbar button and menu item names its shortcut in its tooltip. Press "
        "Shift+F1 and click a figure of the Analysis dock to read what it means.</p>"
    )


class GettingStarted(QDialog):
    """The guide in a resizable, non-modal dialog."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("getting_started")
        self.setWindowTitle("Getting Started — lograph")
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("getting_started_text")
        self.browser.setOpenLinks(False)
        if not _pictures:
            _pictures.update(guide_pictures())
        document = self.browser.document()
        for name, image in _pictures.items():
            document.addResource(
                QTextDocument.ResourceType.ImageResource, QUrl(f"guide:{name}.png"), image
            )
        self.browser.setHtml(guide_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(720, 680)

    def images(self) -> dict[str, QImage]:
        """The pictures the guide shows (tests check they were drawn)."""
        return dict(_pictures)


def about_text() -> str:
    from PySide6 import __version__ as pyside

    return (
        f"<h3>lograph {__version__}</h3>{ABOUT}"
        f"<p><small>Qt {qVersion()}, PySide6 {pyside}, "
        f"Python {platform.python_version()}</small></p>"
    )


def show_about(parent: QWidget) -> None:
    QMessageBox.about(parent, "About lograph", about_text())
