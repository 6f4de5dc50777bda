"""Share and explain from the window: File ▸ Share as Web Page… and Analysis ▸ Show the
Algebra, plus `window_drawing`, the window's own drawing of a board handed to the shared
page (`lograph share` uses it too, so the page looks like the window).

The drawing reuses the canvas's rules: the scale of `BoardScene` (neighbours 40 units apart,
twice that on directed boards), the palette's light colours, the loop marks, and the
wrap-around stubs of `canvas.stubs`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
)

from lograph.core.files.level_pack import LevelPack
from lograph.core.model.board import Board
from lograph.core.share.page import Drawing
from lograph.ui.canvas.items import RADIUS
from lograph.ui.canvas.palette import light_colors, text_on
from lograph.ui.canvas.scene import GRID, _unit_for, loop_mark
from lograph.ui.canvas.stubs import find_wraps
from lograph.ui.widgets import named

__all__ = ["AlgebraDialog", "install", "share_page", "show_algebra", "window_drawing"]


def window_drawing(board: Board) -> Drawing:
    """How the window draws `board`, in scene units."""
    index = {b: i for i, b in enumerate(board.buttons)}
    raw = board.positions()
    unit = _unit_for(raw, 2 * GRID if board.directed else GRID) if len(raw) else GRID
    pos = raw * unit
    edges = board.edges()
    src = np.array([index[u] for u, _ in edges], dtype=np.int64)
    dst = np.array([index[v] for _, v in edges], dtype=np.int64)
    slots = np.arange(len(edges), dtype=np.int64)
    wraps = find_wraps(pos, np.arange(len(pos), dtype=np.int64), src, dst, slots, RADIUS)
    wrapped = set(wraps.slots.tolist())
    w = len(wraps)
    stubs = []
    for end in range(2 * w):
        slot = int(wraps.slots[end % w])
        button = int(src[slot] if end < w else dst[slot])
        dx, dy = (float(v) for v in wraps.ways[end])
        stubs.append((button, dx, dy, int(wraps.numbers[end]), end >= w))
    colors = light_colors(board.states)
    return Drawing(
        x=pos[:, 0].tolist(),
        y=pos[:, 1].tolist(),
        radius=RADIUS,
        edges=[
            (int(a), int(b)) for s, a, b in zip(slots, src, dst, strict=True) if s not in wrapped
        ],
        loops=[loop_mark(board, b) for b in board.buttons],
        colors=[c.name() for c in colors],
        inks=[text_on(c).name() for c in colors],
        stubs=stubs,
    )


# ----------------------------------------------------------------------------- window actions
def install(window: Any) -> dict[str, QAction]:
    """Add File ▸ Share as Web Page… (before Export) and Analysis ▸ Show the Algebra to
    `window` (a `MainWindow`: its ``document``, ``menus`` and ``settings`` are used)."""
    share = named(QAction("Share as &Web Page…", window), "share_page")
    share.setShortcut(QKeySequence("Ctrl+Shift+W"))
    share.setStatusTip("Write the board as one web page that plays it in any browser")
    share.triggered.connect(lambda: share_page(window))
    explain = named(QAction("Show the &Algebra", window), "show_algebra")
    explain.setShortcut(QKeySequence("Ctrl+Shift+M"))
    explain.setStatusTip("The press matrix, its reduction step by step and the quiet patterns")
    explain.triggered.connect(lambda: show_algebra(window))
    file_menu = window.menus["file"]
    file_menu.insertAction(window.menus["export"].menuAction(), share)
    window.menus["analysis"].addAction(explain)
    for act in (share, explain):
        window.addAction(act)
    return {"share_page": share, "show_algebra": explain}


def _ask_path(window: Any, title: str, filters: str, suffix: str) -> Path | None:
    board = window.document.board
    folder = str(window.settings.value("export_dir", str(Path.home())))
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in (board.name or "board"))
    path, _ = QFileDialog.getSaveFileName(
        window, title, str(Path(folder) / (stem + suffix)), filters
    )
    if not path:
        return None
    result = Path(path)
    if not result.suffix:
        result = result.with_suffix(suffix)
    window.settings.setValue("export_dir", str(result.resolve().parent))
    return result


def _open_pack(window: Any) -> LevelPack | None:
    """The level pack being played in the window, if any (looked up loosely: the play
    controller is the window's business)."""
    packs = getattr(getattr(window, "play", None), "packs", None)
    pack = getattr(packs, "pack", None)
    return pack if isinstance(pack, LevelPack) else None


def share_page(window: Any, path: Path | None = None) -> Path | None:
    """File ▸ Share as Web Page…: the level pack being played, else the board as it stands
    now (`path`: skip the dialog)."""
    from lograph.core.errors import LographError
    from lograph.core.share.page import board_page, pack_page, write_page

    path = path or _ask_path(window, "Share as Web Page", "Web page (*.html)", ".html")
    if path is None:
        return None
    pack = _open_pack(window)
    board = window.document.board.copy()
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        if pack is not None:
            data = pack_page(pack, window_drawing(pack.board))
        else:
            data = board_page(board, window_drawing(board))
        size = write_page(path, data)
    except (LographError, OSError) as exc:
        QApplication.restoreOverrideCursor()
        QMessageBox.warning(window, "Share as Web Page", f"Could not write the page: {exc}")
        return None
    QApplication.restoreOverrideCursor()
    window.statusBar().showMessage(
        f"Wrote {path} ({size // 1024 + 1} kB): open it in a browser", 8000
    )
    return path


class AlgebraDialog(QDialog):
    """The algebra of the board as it stands, with Save As… (.md, .tex, .html, .png)."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        from lograph.core.explain.figures import figures_text
        from lograph.core.explain.formats import to_html
        from lograph.core.explain.steps import EXPLAIN_LIMIT, explain_board

        self.setObjectName("algebra_dialog")
        self.setWindowTitle("The Algebra")
        self.window_ = window
        self.board = window.document.board.copy()
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
        from lograph.core.explain.figures import png_bytes
        from lograph.core.explain.formats import to_html, to_latex, to_markdown
        from lograph.core.files.atomic import atomic_write_bytes, atomic_write_text

        filters = "Markdown (*.md);;LaTeX worksheet (*.tex);;Web page (*.html);;Picture (*.png)"
        path = path or _ask_path(self.window_, "Save the Algebra", filters, ".md")
        if path is None or self.explanation is None:
            return None
        writers = {".tex": to_latex, ".html": to_html, ".md": to_markdown}
        try:
            if path.suffix.lower() == ".png":
                atomic_write_bytes(path, png_bytes(self.board, self.explanation))
            else:
                writer = writers.get(path.suffix.lower(), to_markdown)
                atomic_write_text(path, writer(self.explanation))
        except Exception as exc:  # a dialog, never the crash box
            QMessageBox.warning(self, "Save the Algebra", f"Could not save: {exc}")
            return None
        return path


def show_algebra(window: Any) -> AlgebraDialog:
    """Analysis ▸ Show the Algebra: a dialog (not modal) for the board as it stands."""
    dialog = AlgebraDialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
