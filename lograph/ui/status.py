"""The status bar's permanent labels (moves, counts, zoom, mode) and the "Solved!" banner
over the board, following the Document, the scene, the view and the Session."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QStatusBar

from lograph.ui.canvas.scene import BoardScene
from lograph.ui.canvas.view import BoardView
from lograph.ui.model.session import Session
from lograph.ui.widgets import named

__all__ = ["StatusArea"]

BANNER_STYLE = (
    "background: #2b8a3e; color: white; padding: 8px 18px; border-radius: 6px;"
    "font-size: 15px; font-weight: bold;"
)


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
        self.banner.hide()
        doc = scene.document
        doc.changed.connect(self.update_counts)
        doc.moves_changed.connect(lambda moves: self.moves_label.setText(f"Moves: {moves}"))
        doc.lights_changed.connect(lambda _ids: self.banner.hide())
        doc.board_replaced.connect(self.banner.hide)
        view.scale_changed.connect(lambda s: self.zoom_label.setText(f"{s * 100:.0f}%"))
        self.update_counts()

    def show_mode(self, name: str, hint: str) -> None:
        self.mode_label.setText(f"{name.title()} mode")
        self.moves_label.setVisible(name == "play")
        self.bar.showMessage(hint)

    def solved(self, moves: int) -> None:
        """Show the banner: the goal is reached."""
        plural = "move" if moves == 1 else "moves"
        self.announce(f"Solved in {moves} {plural}! Every light is {self.session.goal}.")

    def announce(self, text: str) -> None:
        """Show `text` on the banner over the board (and in the status bar)."""
        self.banner.setText(text)
        self.banner.adjustSize()
        self.banner.move((self.view.width() - self.banner.width()) // 2, 16)
        self.banner.show()
        self.banner.raise_()
        self.bar.showMessage(text.replace("\n", " · "), 8000)

    def update_counts(self) -> None:
        board, store = self.scene.document.board, self.scene.store
        kind = f"{board.rule}, directed" if board.directed else board.rule
        # the scene's store counts in O(1); networkx counts edges by summing every degree
        self.count_label.setText(
            f"{len(store)} buttons · {len(store.edge_slot)} edges · {kind} · {board.states} states"
        )
