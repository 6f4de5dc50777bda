"""The status bar's permanent labels (moves, counts, zoom, mode) and the "Solved!" banner
over the board, following the Document, the scene, the view and the Session; `MessageBar`,
the status bar whose messages end at a word and "…" instead of being cut mid-word."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QStatusBar, QStyle, QStyleOption, QToolTip, QWidget

from lograph.ui.canvas.items import RADIUS
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.canvas.view import BoardView
from lograph.ui.model.session import Session
from lograph.ui.model.words import count_of
from lograph.ui.widgets import elide_words, named

__all__ = ["MessageBar", "StatusArea"]

#: Pixels kept free between a message and the first permanent widget ("Time: …").
MESSAGE_GAP = 18

#: Pixels between the banner and the edge of the board's view.
BANNER_GAP = 16
#: Scene units around a button's centre the banner keeps clear of: its disc and its rings.
RING_REACH = RADIUS + 10

BANNER_STYLE = (
    "background: #2f7d3b; color: white; padding: 8px 18px; border-radius: 6px;"  # 5.1:1
    "font-size: 15px; font-weight: bold;"
)


class MessageBar(QStatusBar):
    """A status bar whose message is cut at a word boundary and ends in "…" when it is wider
    than the room left by the permanent widgets (with a gap before them); the whole message
    is then its tooltip. Qt's own bar cut "…table row 7. Press t" and ran into "Time:"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.permanent: list[QWidget] = []
        self.messageChanged.connect(lambda _text: self.update())

    def addPermanentWidget(self, widget: QWidget, stretch: int | None = 0) -> None:
        self.permanent.append(widget)
        super().addPermanentWidget(widget, stretch or 0)

    def insertPermanentWidget(self, index: int, widget: QWidget, stretch: int | None = 0) -> int:
        self.permanent.append(widget)
        return super().insertPermanentWidget(index, widget, stretch or 0)

    def message_rect(self) -> QRect:
        """Where the message is drawn: from the left edge to the gap before the first shown
        permanent widget."""
        right = self.width() - 12
        for widget in self.permanent:
            if widget.isVisible() and widget.parent() is self:
                right = min(right, widget.x() - MESSAGE_GAP)
        return QRect(6, 0, max(right - 6, 0), self.height())

    def shown_message(self) -> str:
        """The message as drawn at the bar's current width."""
        return elide_words(self.currentMessage(), self.fontMetrics(), self.message_rect().width())

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:  # the whole message, when it is cut
            text = self.currentMessage()
            if text and self.shown_message() != text:
                QToolTip.showText(event.globalPos(), text, self)  # type: ignore[attr-defined]
                return True
        return super().event(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        text = self.currentMessage()
        if not text:
            super().paintEvent(event)
            return
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        for widget in self.permanent:  # the frames Qt draws around them, as QStatusBar does
            if widget.isVisible() and widget.parent() is self:
                option.rect = widget.geometry().adjusted(-1, -1, 1, 1)
                self.style().drawPrimitive(
                    QStyle.PrimitiveElement.PE_FrameStatusBarItem, option, painter, widget
                )
        painter.setPen(self.palette().windowText().color())
        flags = Qt.AlignmentFlag.AlignLeading | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(self.message_rect(), int(flags), self.shown_message())


class StatusArea(QObject):
    """Labels in `bar` and a banner over `view`; they update themselves."""

    def __init__(
        self, bar: QStatusBar, view: BoardView, scene: BoardScene, session: Session
    ) -> None:
        super().__init__(bar)
        self.bar, self.view, self.scene, self.session = bar, view, scene, session
        self.mode_label = named(QLabel(), "mode_label")
        self.moves_label = named(QLabel(), "moves_label")
        self.count_label = named(QLabel(), "count_label")
        self.zoom_label = named(QLabel(), "zoom_label")
        for label in (self.moves_label, self.count_label, self.zoom_label, self.mode_label):
            bar.addPermanentWidget(label)
        self.banner = named(QLabel(view), "goal_banner")
        self.banner.setStyleSheet(BANNER_STYLE)
        self.banner.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.banner.hide()
        doc = scene.document
        doc.changed.connect(self.update_counts)
        doc.moves_changed.connect(lambda moves: self.moves_label.setText(f"Moves: {moves}"))
        doc.lights_changed.connect(lambda _ids: self.banner.hide())
        doc.board_replaced.connect(self.banner.hide)
        view.scale_changed.connect(lambda s: self.zoom_label.setText(f"{s * 100:.0f}%"))
        # the mode's hint is the bar's resting text: back whenever a message times out or a
        # menu's status tip is cleared (Qt clears the bar then, and the hint was gone for good)
        self.hint = ""
        bar.messageChanged.connect(self._rest)
        self.update_counts()

    def show_mode(self, name: str, hint: str) -> None:
        self.mode_label.setText(f"{name.title()} mode")
        self.moves_label.setVisible(name == "play")
        self.hint = hint
        self.bar.showMessage(hint)

    def _rest(self, text: str) -> None:
        if not text and self.hint:
            self.bar.showMessage(self.hint)

    def solved(self, moves: int) -> None:
        """Show the banner: the goal is reached."""
        plural = "move" if moves == 1 else "moves"
        self.announce(f"Solved in {moves} {plural}! Every light is {self.session.goal}.")

    def announce(self, text: str) -> None:
        """Show `text` on the banner over the board (and in the status bar)."""
        self.banner.setText(text)
        self.banner.adjustSize()
        self.banner.move(self.view.viewport().mapTo(self.view, self._banner_spot()))
        self.banner.show()
        self.banner.raise_()
        self.bar.showMessage(text.replace("\n", " · "), 8000)

    def _banner_spot(self) -> QPoint:
        """Where in the viewport the banner covers no button: the top centre if it is free,
        else the bottom centre, else a corner; when buttons fill the whole view, the place
        covering fewest (clicks pass through the banner there)."""
        view, size = self.view.viewport(), self.banner.size()
        w, h = view.width() - size.width(), view.height() - size.height()
        spots = [QPoint(w // 2, BANNER_GAP), QPoint(w // 2, h - BANNER_GAP)]
        spots += [
            QPoint(x, y) for y in (BANNER_GAP, h - BANNER_GAP) for x in (BANNER_GAP, w - BANNER_GAP)
        ]

        def covered(spot: QPoint) -> int:
            box = self.view.mapToScene(QRect(spot, size)).boundingRect()
            rect = (box.left(), box.top(), box.right(), box.bottom())
            return len(self.scene.store.slots_in(rect, margin=RING_REACH))

        return min(spots, key=covered)  # the first free one: min keeps the earliest of ties

    def update_counts(self) -> None:
        board, store = self.scene.document.board, self.scene.store
        kind = f"{board.rule}, directed" if board.directed else board.rule
        # the scene's store counts in O(1); networkx counts edges by summing every degree
        self.count_label.setText(
            f"{count_of(len(store), 'button')} · {count_of(len(store.edge_slot), 'edge')} · "
            f"{kind} · {board.states} states"
        )
