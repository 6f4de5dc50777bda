"""Help where a figure is: a tooltip and What's This on the figure, and a row title with a
small "?" link that shows the same paragraph in a What's This bubble when clicked."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QBoxLayout, QLabel, QWhatsThis, QWidget

from lograph.ui.analysis.figure_texts import figure_help

__all__ = ["HelpLabel", "add_box_help", "attach_help", "help_title"]


def attach_help(widget: QWidget, key: str) -> None:
    """Hovering `widget` (or Shift+F1 on it) explains figure `key`."""
    text = figure_help(key)
    widget.setToolTip(text)
    widget.setWhatsThis(text)


class HelpLabel(QLabel):
    """A rich-text label whose link is drawn in the current palette's link colour (Qt bakes
    the colour in when the text is set, so it is set again when the theme changes)."""

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            text = self.text()
            self.setText("")
            self.setText(text)


def help_title(key: str, title: str) -> QLabel:
    """A form row's title, ``Nullity ?``: the "?" shows what figure `key` means."""
    link = f'<a href="help:{key}" style="text-decoration:none"><b>?</b></a>'
    label = HelpLabel(f"{title}&nbsp;{link}")
    label.setObjectName(f"help_{key}")
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
    attach_help(label, key)

    def show(_link: str) -> None:
        QWhatsThis.showText(label.mapToGlobal(label.rect().bottomLeft()), figure_help(key), label)

    label.linkActivated.connect(show)
    return label


def add_box_help(box: QWidget, key: str, question: str) -> QLabel | None:
    """A line such as "What are quiet patterns? ?" at the top of section `box` (a widget with
    a box layout); the "?" shows the answer."""
    layout = box.layout()
    if not isinstance(layout, QBoxLayout):
        return None
    label = help_title(key, f"<small>{question}</small>")
    label.setAlignment(Qt.AlignmentFlag.AlignRight)
    box.setWhatsThis(figure_help(key))
    layout.insertWidget(0, label)
    return label
