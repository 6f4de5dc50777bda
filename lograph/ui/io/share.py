"""File ▸ Share as Web Page… and Analysis ▸ Show the Algebra: the window's two ways to
carry a board beyond lograph (a page that plays it in any browser; the algebra as a teacher
writes it).

`ShareActions` asks the window for three things only: the document, the settings (the export
folder) and the level pack being played, if any.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from lograph.core.files.level_pack import LevelPack
from lograph.core.model.board import Board
from lograph.ui.model.document import Document
from lograph.ui.picture.web import window_drawing
from lograph.ui.widgets import named

__all__ = ["AlgebraDialog", "ShareActions"]


class ShareActions(QObject):
    """File ▸ Share as Web Page… and Analysis ▸ Show the Algebra for one window.

    `current_pack` names the level pack being played (None: share the board as it stands).

    Signals
    -------
    status(str)
        One line for the status bar.
    """

    status = Signal(str)

    def __init__(
        self,
        document: Document,
        settings: QSettings,
        current_pack: Callable[[], LevelPack | None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.document, self.settings, self.current_pack = document, settings, current_pack
        share = named(QAction("Share as &Web Page…", parent), "share_page")
        share.setShortcut(QKeySequence("Ctrl+Shift+W"))
        share.setStatusTip("Write the board as one web page that plays it in any browser")
        share.triggered.connect(lambda: self.share_page())
        explain = named(QAction("Show the &Algebra", parent), "show_algebra")
        explain.setShortcut(QKeySequence("Ctrl+Shift+M"))
        explain.setStatusTip("The press matrix, its reduction step by step and the quiet patterns")
        explain.triggered.connect(lambda: self.show_algebra())
        self.actions: dict[str, QAction] = {"share_page": share, "show_algebra": explain}

    def ask_path(self, title: str, filters: str, suffix: str) -> Path | None:
        """A Save As dialog in the export folder, named after the board; None if cancelled."""
        board = self.document.board
        folder = str(self.settings.value("export_dir", str(Path.home())))
        stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in (board.name or "board"))
        path, _ = QFileDialog.getSaveFileName(
            self.parent_widget, title, str(Path(folder) / (stem + suffix)), filters
        )
        if not path:
            return None
        result = Path(path)
        if not result.suffix:
            result = result.with_suffix(suffix)
        self.settings.setValue("export_dir", str(result.resolve().parent))
        return result

    def share_page(self, path: Path | None = None) -> Path | None:
        """The level pack being played, else the board as it stands now (`path`: skip the
        dialog). Returns the page written, or None."""
        from lograph.core.errors import LographError
        from lograph.core.share.page import board_page, pack_page, write_page

        path = path or self.ask_path("Share as Web Page", "Web page (*.html)", ".html")
        if path is None:
            return None
        pack = self.current_pack()
        board = self.document.board.copy()
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if pack is not None:
                data = pack_page(pack, window_drawing(pack.board))
            else:
                data = board_page(board, window_drawing(board))
            size = write_page(path, data)
        except (OSError, LographError) as exc:
            QApplication.restoreOverrideCursor()
            QMessageBox.warning(
                self.parent_widget, "Share as Web Page", f"Could not write the page: {exc}"
            )
            return None
        QApplication.restoreOverrideCursor()
        self.status.emit(f"Wrote {path} ({size // 1024 + 1} kB): open it in a browser")
        return path

    def show_algebra(self) -> AlgebraDialog:
        """A dialog (not modal) with the algebra of the board as it stands."""
        dialog = AlgebraDialog(self.document.board.copy(), self.ask_path, self.parent_widget)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog


class AlgebraDialog(QDialog):
    """The algebra of `board`, with Save As… (.md, .tex, .html, .png)."""

    def __init__(
        self,
        board: Board,
        ask_path: Callable[[str, str, str], Path | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        from lograph.core.explain.figures import figures_text
        from lograph.core.explain.formats import to_html
        from lograph.core.explain.steps import EXPLAIN_LIMIT, explain_board

        self.setObjectName("algebra_dialog")
        self.setWindowTitle("The Algebra")
        self.ask_path = ask_path
        self.board = board
        self.explanation = None
        self.browser = QTextBrowser(self)
        if len(self.board) > EXPLAIN_LIMIT:
            self.browser.setPlainText(figures_text(self.board, "off", EXPLAIN_LIMIT))
        elif len(self.board):
            self.explanation = explain_board(self.board)
            self.browser.setHtml(to_html(self.explanation))
        else:
            self.browser.setPlainText("The board has no buttons.")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        save = buttons.addButton("Save &As…", QDialogButtonBox.ButtonRole.ActionRole)
        save.setEnabled(self.explanation is not None)
        save.clicked.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(900, 700)

    def save(self, path: Path | None = None) -> Path | None:
        from lograph.core.errors import LographError
        from lograph.core.explain.figures import png_bytes
        from lograph.core.explain.formats import to_html, to_latex, to_markdown
        from lograph.core.files.atomic import atomic_write_bytes, atomic_write_text

        filters = "Markdown (*.md);;LaTeX worksheet (*.tex);;Web page (*.html);;Picture (*.png)"
        path = path or self.ask_path("Save the Algebra", filters, ".md")
        if path is None or self.explanation is None:
            return None
        writers = {".tex": to_latex, ".html": to_html, ".md": to_markdown}
        try:
            if path.suffix.lower() == ".png":
                atomic_write_bytes(path, png_bytes(self.board, self.explanation))
            else:
                writer = writers.get(path.suffix.lower(), to_markdown)
                atomic_write_text(path, writer(self.explanation))
        except (OSError, LographError, MemoryError) as exc:  # a dialog, never the crash box
            QMessageBox.warning(self, "Save the Algebra", f"Could not save: {exc}")
            return None
        return path
